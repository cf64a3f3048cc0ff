"""The words about a hand: the play, the banker, the rule set and the one-sentence reason, in
each language, as the trainer, the tables and the widgets show them.

The sentence is `settemezzo.i18n.advice_sentence` of an `settemezzo.advice.Advice` built from
the lookup row, so the views and the command line say the same thing (a test checks it
against `settemezzo.results.answers.advise`). Numbers are written by `settemezzo.i18n.percent`,
`number` and `stakes`.

>>> play_word("hit", "fr"), banker_name("threshold:5", "it")
('Je tire', 'banco che chiede carta sotto 5 (regola pratica)')
"""

from __future__ import annotations

from fractions import Fraction

from settemezzo.advice import Advice
from settemezzo.i18n import advice_sentence as _sentence
from settemezzo.i18n import banker_words, describe_rules, number, percent, restriction_note, t
from settemezzo.rules import Rules
from settemezzo.teaching.judge import Judgement
from settemezzo.teaching.lookup import Row, rule_choices

__all__ = ["advice_of", "advice_sentence", "banker_name", "best_sentence", "choice_word",
           "cost_text", "judgement_sentence", "play_word", "reason_sentence", "restriction_line",
           "rules_name", "rules_options"]

_PERCENT_ARGS = frozenset({"bust", "win", "hit_win"})
_STAKES_ARGS = frozenset({"gap"})


def play_word(best: str, lang: str = "en") -> str:
    """The button word for a play: 'Stand', 'Hit' or 'Either'."""
    return t("ui." + (best if best in ("stand", "hit") else "either"), lang)


def banker_name(against: str, lang: str = "en") -> str:
    """A banker policy in words: 'best banker (equilibrium)', 'banker hits below 5'..."""
    return banker_words(against, "advice.banker_", lang)


def rules_name(rules: Rules, lang: str = "en") -> str:
    """The rule set's one-line name in ``lang`` ('regole italiane + sette e mezzo reale')."""
    return describe_rules(rules, lang)


def restriction_line(rules: Rules, lang: str = "en", side: str = "value") -> str:
    """The note a view shows beside numbers of a rule set the exact engine solves as a
    restricted game ("" when it is solved whole): ``side`` ``value`` (the player's values
    are at least these), ``edge`` (the banker's edge is at most this) or ``banker``.

    >>> from settemezzo.rules import ITALIAN, SPANISH
    >>> restriction_line(ITALIAN), restriction_line(SPANISH, "it", "edge")[:29]
    ('', 'Giocatore limitato a due mani')
    """
    from settemezzo.game import restriction_codes

    return restriction_note(restriction_codes(rules), lang, side)


def rules_options(rules: Rules, lang: str = "en") -> list[tuple[str, Rules]]:
    """A rules dropdown's options in ``lang``: the usual rule sets, and ``rules`` first when
    it is not one of them."""
    choices = [(rules_name(r, lang), r) for _, r in rule_choices()]
    if all(r != rules for _, r in choices):
        choices.insert(0, (rules_name(rules, lang), rules))
    return choices


def advice_of(row: Row, against: str) -> Advice:
    """The `settemezzo.advice.Advice` of a lookup row: the same numbers, as the engine gives
    them for ``advise`` (``against``: the banker's name, ``equilibrium``, ``threshold:5``)."""
    return Advice(row.hole.label, tuple(k.label for k in row.up), against, "", row.best,
                  row.stand_ev, row.hit_ev, row.stand_win, row.hit_win,
                  Fraction(row.bust_if_hit), Fraction(row.seven_half_if_hit),
                  row.hit_frequency, stake=row.stake)


def advice_sentence(row: Row, against: str, lang: str = "en") -> str:
    """Stand or hit, by how much, and the odds behind it, in one sentence
    (`settemezzo.i18n.advice_sentence` of `advice_of`).

    ``against`` is the banker's name as the tables give it (``equilibrium``, ``threshold:5``).
    Values are per unit stake; when the player chooses the stake, the sentence names the
    stake of the row (`Row.stake`).
    """
    return _sentence(advice_of(row, against), lang)


def cost_text(cost: float, lang: str = "en") -> str:
    """A cost in stakes with enough decimals to show it (two, more for a smaller one), so
    that a cost above zero never reads '0.00'.

    >>> cost_text(0.373), cost_text(0.002, "it"), cost_text(0.0)
    ('0.37', '0,002', '0.00')
    """
    digits = 2
    while digits < 6 and cost > 0 and round(cost, digits) == 0:
        digits += 1
    return number(cost, lang, digits, typeset=False)


def choice_word(choice: str, lang: str = "en", inline: bool = False) -> str:
    """A choice of a `Judgement` in words: as its button says it ('Stand', 'Swap', 'Stake
    3'...), or ``inline`` as a sentence or a table says it ('stand', 'do not split', 'stake
    3', 'either (a mixed play)'...).

    >>> choice_word("stake:3", "es"), choice_word("no_split", "fr")
    ('Apuesta 3', 'Garder ensemble')
    >>> choice_word("stake:3", "es", inline=True), choice_word("no_split", "fr", inline=True)
    ('apuesta 3', 'ne pas séparer')
    """
    if choice.startswith("stake:"):
        return t("class.choice_stake" if inline else "choice.stake", lang,
                 n=choice.split(":", 1)[1])
    if inline:
        return t(f"class.play_{choice}" if choice in ("stand", "hit", "mixed") else
                 f"class.choice_{choice}", lang)
    if choice in ("stand", "hit", "either"):
        return play_word(choice, lang)
    return t("choice." + choice, lang)


def best_sentence(best: str, lang: str = "en") -> str:
    """The best choice of a judgement in a sentence; a tie (``either``: within the
    tolerance) says both are right.

    >>> best_sentence("hit"), best_sentence("either")
    ('The best play is to hit.', 'Both plays are worth the same here: either is right.')
    """
    if best == "either":
        return t("class.tie", lang)
    return t("class.best_is", lang, play=choice_word(best, lang, inline=True))


def _arg(name: str, value: object, lang: str, tie: bool) -> str:
    if name in _PERCENT_ARGS and isinstance(value, (int, float, Fraction)):
        return percent(value, lang, 0)
    if name in _STAKES_ARGS and isinstance(value, (int, float)):  # a tie's gap: 3 decimals
        return number(abs(value), lang, 3, typeset=False) if tie else cost_text(abs(value), lang)
    return str(value)


def reason_sentence(j: Judgement, lang: str = "en") -> str:
    """The one-sentence reason of a judgement, in ``lang`` (its ``reason`` key filled with
    its ``reason_args``: chances as percentages, values in stakes).

    >>> from settemezzo.teaching.judge import verdict
    >>> j = verdict("split", "no_split", {"split": -0.21, "no_split": -0.29}, banker="equilibrium")
    >>> reason_sentence(j)[:40]
    'Split: two figures make only 1 point, bu'
    """
    tie = j.best == "either"
    return t(j.reason, lang, **{k: _arg(k, v, lang, tie) for k, v in j.reason_args.items()})


def judgement_sentence(j: Judgement, lang: str = "en") -> str:
    """What a learner is told: the cost of a wrong choice (never '0.00', `cost_text`), then
    the reason."""
    reason = reason_sentence(j, lang)
    return reason if j.right else f"{t('judge.cost', lang, cost=cost_text(j.cost, lang))} {reason}"
