"""A temporary shim: the widgets' old string keys, forwarded to the one catalogue.

Every word the widgets show now lives in `settemezzo.i18n.TEXT` under a namespaced key
(``trainer.title``, ``table.deal``...). This module only maps the old flat keys onto them,
so code written against ``text("deal", lang)`` keeps working until it moves to
`settemezzo.i18n.t`; then this module goes.

>>> text("stand", "it"), text("hit", "es")
('Sto', 'Pido')
>>> text("bust_if_hit", "it", p="25%")
'Sballi se chiedi carta: 25%'
"""

from __future__ import annotations

from typing import Any

from settemezzo.i18n import TEXT, check_lang, t

__all__ = ["KEYS", "LANGS", "STRINGS", "check_lang", "text"]

LANGS = ("en", "it", "es")
"""The languages the classroom offers until it lists `settemezzo.i18n.LANGUAGES`."""

KEYS: dict[str, str] = {
    "stand": "ui.stand", "hit": "ui.hit", "either": "ui.either", "rules": "ui.rules",
    "face_down": "ui.face_down", "seen": "ui.seen", "seen_help": "ui.seen_help",
    "add_up": "ui.add_up", "undo": "ui.undo", "clear": "ui.clear", "nothing_up": "ui.nothing_up",
    "none": "ui.none", "hand": "ui.hand", "total": "ui.total", "computing": "ui.computing",
    "computing_about": "ui.computing_about",
    "unsupported": "ui.unsupported", "engine_failed": "ui.engine_failed",
    "bad_cards": "ui.bad_cards", "bust_if_hit": "ui.bust_if_hit",
    "seven_half_if_hit": "ui.seven_half_if_hit", "win_stand": "ui.win_stand",
    "win_hit": "ui.win_hit", "ev": "ui.ev", "ev_stand": "ui.ev_stand", "ev_hit": "ui.ev_hit",
    "mixed_pct": "ui.mixed_pct", "against": "ui.banker",
    "finished_seven_half": "explorer.finished_seven_half",
    "finished_bust": "explorer.finished_bust", "best_play": "explorer.best_play",
    "seen_note": "explorer.seen_note", "exact_seen": "explorer.exact_seen",
    "exact_seen_on": "explorer.exact_seen_on", "banker_equilibrium": "advice.banker_equilibrium",
    "banker_threshold": "advice.banker_threshold", "banker_omniscient": "advice.banker_omniscient",
    "sentence_best": "advice.best", "sentence_tie": "advice.tie", "hand_desc": "advice.hand",
    "hand_desc_none": "advice.hand_none", "hand_at_stake": "advice.at_stake",
    "ev_pair": "advice.ev_pair", "bust_pct": "advice.bust", "stand_word": "advice.stand",
    "hit_word": "advice.hit", "trainer_title": "trainer.title",
    "tab_trainer": "classroom.tab_trainer", "tab_table": "classroom.tab_table",
    "seed": "trainer.seed", "level": "trainer.level", "level_1": "trainer.level_1",
    "level_2": "trainer.level_2", "level_3": "trainer.level_3", "hard": "trainer.hard",
    "question": "trainer.question", "your_hand": "trainer.your_hand", "right": "trainer.right",
    "wrong": "trainer.wrong", "tie_ok": "trainer.tie_ok", "cost": "trainer.cost",
    "best_is": "trainer.best_is", "retry": "trainer.retry", "next": "trainer.next",
    "restart": "trainer.restart", "score": "trainer.score", "finished": "trainer.finished",
    "summary_title": "trainer.summary_title", "summary_cost": "trainer.summary_cost",
    "summary_hand": "trainer.summary_hand", "summary_cum": "trainer.summary_cum",
    "retry_note": "trainer.retry_note", "banker_title": "banker.title",
    "player_up": "banker.player_up", "player_result": "banker.player_result",
    "result_stood": "banker.result_stood", "result_seven_half": "banker.result_seven_half",
    "result_bust": "banker.result_bust", "banker_total": "banker.total",
    "banker_cards": "banker.cards", "banker_action": "banker.action",
    "banker_win_stand": "banker.win_stand", "banker_bust": "banker.bust",
    "banker_why": "banker.why", "banker_bust_text": "banker.bust_text",
    "banker_seven_half_text": "banker.seven_half_text", "posterior_title": "banker.posterior_title",
    "no_situation": "banker.no_situation", "variants_title": "variants.title",
    "base": "variants.base", "edge_line": "variants.edge_line", "edge_only": "variants.edge_only",
    "compare_all": "variants.compare_all", "knob_royal": "knob.royal",
    "knob_wild_king": "knob.wild_king",
    "knob_pair_of_sevens": "knob.pair_of_sevens",
    "knob_ties_push": "knob.ties_push",
    "knob_seven_half_pays": "knob.seven_half_pays", "knob_burn": "knob.burn",
    "knob_swap_hidden": "knob.swap_hidden",
    "knob_split_figures": "knob.split_figures",
    "knob_stake_after": "knob.stake_timing", "table_title": "table.title",
    "players": "table.players", "computers": "table.computers", "hint": "table.hint",
    "stake": "table.stake", "banker": "table.banker", "to_play": "table.to_play",
    "banker_to_play": "table.banker_to_play", "stood": "table.stood", "showed": "table.showed",
    "busted": "table.busted", "out": "table.out", "hint_player": "table.hint_player",
    "hint_banker": "table.hint_banker", "student": "table.student", "computer": "table.computer",
    "bank_name": "table.bank_name", "settled": "table.settled", "burn": "table.burn",
    "new_game": "table.new_game", "chips": "word.chips",
}
"""Old flat key -> its key in `settemezzo.i18n.TEXT`."""

STRINGS: dict[str, dict[str, str]] = {
    lang: {old: TEXT[new].get(lang, TEXT[new]["en"]) for old, new in KEYS.items()}
    for lang in LANGS
}
"""``STRINGS[lang][old_key]``, read from the catalogue (for code that still indexes it)."""


def text(key: str, lang: str = "en", **fields: Any) -> str:
    """The string with the old key ``key`` in ``lang``: `settemezzo.i18n.t` of its new key."""
    if key not in KEYS:
        raise KeyError(f"no widget string {key!r}")
    return t(KEYS[key], lang, **fields)
