"""Every word settemezzo shows a person, in English, Italian, Spanish and French.

``t(key, lang, **fields)`` returns the text for ``key`` in ``lang``, with ``{fields}``
filled in, from the gettext catalogues (`settemezzo.i18n.catalogue`: one ``.po`` source per
language, compiled to the ``.mo`` that is read). Keys are namespaced by the view that shows
them (``chart.``, ``trainer.``, ``table.``...); every key has every language, with the same
fields (``tests/test_i18n.py`` checks both).

Numbers have one writer per kind, used by every view, from the language's CLDR data
(`settemezzo.i18n.numbers`, Babel): `number`, `percent`, `whole`, `stakes` and
`number_range`; `points` and `score_label`. The engine gives data (an
`settemezzo.advice.Advice`, `settemezzo.game.restriction_codes`); the sentence builders
(`settemezzo.i18n.sentences`: `describe_rules`, `advice_text`, `restriction_text`...) say it
in words.

>>> t("chart.stand", "it"), t("chart.hit", "it")
('sto', 'carta')
>>> t("policy.against", "en", policy=policy_label("threshold:5", "en"))
'against a banker who hits below 5'
>>> from settemezzo.rules import from_spec
>>> describe_rules(from_spec("italian+royal"), "it")
'regole italiane + sette e mezzo reale'
>>> percent(0.2113579, "it"), percent(0.2113579, "en", 2)
('21,1%', '21.14%')
>>> check_lang("de")
Traceback (most recent call last):
...
settemezzo.errors.UnknownLanguageError: unknown language 'de'; choose from en, it, es, fr
"""

from __future__ import annotations

from settemezzo.errors import UnknownLanguageError
from settemezzo.i18n.catalogue import LANGUAGE_NAMES, LANGUAGES, TEXT, check_lang, has_text, t
from settemezzo.i18n.numbers import (
    number,
    number_range,
    percent,
    points,
    scientific,
    stakes,
    whole,
)
from settemezzo.i18n.sentences import (
    EDGE_WORDS_COLUMNS,
    RESTRICTION_CODES,
    advice_hand,
    advice_sentence,
    advice_text,
    banker_words,
    card_label,
    card_name,
    count_rule,
    deck_style,
    describe_rules,
    edge_words,
    method_label,
    policy_label,
    rank_label,
    restriction_note,
    restriction_text,
    restriction_what,
    rule_change,
    rules_json,
    rules_title,
    score_label,
    split_sentence,
    standard_rule_sets,
    total_label,
    with_rules,
)

__all__ = [
    "EDGE_WORDS_COLUMNS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "RESTRICTION_CODES",
    "TEXT",
    "UnknownLanguageError",
    "advice_hand",
    "advice_sentence",
    "advice_text",
    "banker_words",
    "card_label",
    "card_name",
    "check_lang",
    "count_rule",
    "deck_style",
    "describe_rules",
    "edge_words",
    "has_text",
    "method_label",
    "number",
    "number_range",
    "percent",
    "points",
    "policy_label",
    "rank_label",
    "restriction_note",
    "restriction_text",
    "restriction_what",
    "rule_change",
    "rules_json",
    "rules_title",
    "scientific",
    "score_label",
    "split_sentence",
    "stakes",
    "standard_rule_sets",
    "t",
    "total_label",
    "whole",
    "with_rules",
]
