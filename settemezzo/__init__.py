"""settemezzo: exact odds, strategy and the banker's edge for Sette e mezzo and Siete y media.

The front door: ``import settemezzo as sm`` gives the whole public surface, one name per
thing, each resolved from its defining module on first use (PEP 562), so that importing the
package loads no pandas, scipy or numba.

>>> import settemezzo as sm
>>> h = sm.HandState.of("5", up="2")
>>> str(h), sm.points_label(sm.total(h.cards, sm.ITALIAN))
('[5] 2', '7')
>>> sm.describe_rules(sm.ITALIAN.with_variants("royal"))
'Italian rules + royal 7½'
>>> sm.advise is sm.results.answers.advise
True

``EXPORTS`` maps every exported name to the module that defines it; ``sm.simulate`` (the
table engine: ``sm.simulate.simulate``, ``play``...) and ``sm.results`` (the solved results
of a rule set: ``sm.results.get(rules)``) are subpackages, as are the lower modules
(``sm.odds``, ``sm.solve``...), which Python's import makes attributes once loaded.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # `typing` itself is not needed to open the front door
if TYPE_CHECKING:
    from typing import Any

EXPORTS: dict[str, str] = {
    # rules and presets
    "Rules": "settemezzo.rules",
    "ITALIAN": "settemezzo.rules",
    "SPANISH": "settemezzo.rules",
    "PRESETS": "settemezzo.rules",
    "KNOB_TABLE": "settemezzo.rules",
    "preset": "settemezzo.rules",
    "from_spec": "settemezzo.rules",
    # cards and hand states
    "Card": "settemezzo.cards",
    "Kind": "settemezzo.cards",
    "Rank": "settemezzo.cards",
    "Suit": "settemezzo.cards",
    "Unseen": "settemezzo.cards",
    "Score": "settemezzo.cards",
    "parse_card": "settemezzo.cards",
    "parse_cards": "settemezzo.cards",
    "full_deck": "settemezzo.cards",
    "kind_of": "settemezzo.cards",
    "total": "settemezzo.hands",
    "score": "settemezzo.hands",
    "settle": "settemezzo.hands",
    "is_bust": "settemezzo.hands",
    "is_finished": "settemezzo.hands",
    "points_label": "settemezzo.hands",
    "Policy": "settemezzo.policy",
    # odds
    "HandState": "settemezzo.odds",
    "bust_chance": "settemezzo.odds",
    "next_card": "settemezzo.odds",
    "draw_kinds": "settemezzo.odds",
    "hit_outcomes": "settemezzo.odds",
    "final_distribution": "settemezzo.odds",
    "seven_half_chance": "settemezzo.odds",
    # the game, evaluation, best replies, the equilibrium
    "HeadsUpGame": "settemezzo.game",
    "heads_up": "settemezzo.game",
    "PlayerStrategy": "settemezzo.solve",
    "BankerStrategy": "settemezzo.solve",
    "Equilibrium": "settemezzo.solve",
    "BestResponse": "settemezzo.solve",
    "evaluate": "settemezzo.solve",
    "best_response": "settemezzo.solve",
    "equilibrium": "settemezzo.solve",
    "exact_equilibrium": "settemezzo.solve.exact",
    "ExactEquilibrium": "settemezzo.solve.exact",
    "expected_stake": "settemezzo.solve",
    # advice, the strategy tables, the edge
    "Advice": "settemezzo.advice",
    "advise": "settemezzo.results.answers",
    "player_table": "settemezzo.tables",
    "banker_table": "settemezzo.tables",
    "Edge": "settemezzo.edge",
    "banker_edge": "settemezzo.edge",
    "edge_table": "settemezzo.results.edges",
    "deck_down": "settemezzo.deck.down",
    "decision_values": "settemezzo.results.answers",
    # teaching: the tables as look-ups, the judge of a decision, the trainer
    "player_lookup": "settemezzo.teaching.lookup",
    "player_frame": "settemezzo.teaching.lookup",
    "banker_lookup": "settemezzo.teaching.lookup",
    "Judgement": "settemezzo.teaching.judge",
    "judge_move": "settemezzo.teaching.judge",
    "TrainerSession": "settemezzo.teaching.trainer",
    # the simulator and the results of a rule set (subpackages)
    "simulate": "settemezzo.simulate",
    "results": "settemezzo.results",
    # words for people
    "describe_rules": "settemezzo.i18n",
    "score_label": "settemezzo.i18n",
    "advice_text": "settemezzo.i18n",
    "advice_sentence": "settemezzo.i18n",
    "count_rule": "settemezzo.i18n",
    "edge_words": "settemezzo.i18n",
    # the error family
    "SettemezzoError": "settemezzo.errors",
    "RulesError": "settemezzo.errors",
    "InputError": "settemezzo.errors",
    "LimitError": "settemezzo.errors",
    "IllegalActionError": "settemezzo.errors",
}
"""Every name of the front door and the module that defines it (a subpackage's own name
stands for the subpackage)."""

__all__ = ["EXPORTS", "__version__", *EXPORTS]


def _version() -> str:
    """The installed distribution's version, else pyproject.toml's (a source checkout)."""
    from importlib import metadata

    try:
        return metadata.version("settemezzo")
    except metadata.PackageNotFoundError:
        import pathlib
        import tomllib

        pyproject = pathlib.Path(__file__).resolve().parent.parent / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"])


def __getattr__(name: str) -> Any:
    """Resolve an exported name (or ``__version__``) on first use, and keep it."""
    if name == "__version__":
        globals()[name] = version = _version()
        return version
    where = EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module 'settemezzo' has no attribute {name!r}")
    module = importlib.import_module(where)
    value = module if where.rpartition(".")[2] == name else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
