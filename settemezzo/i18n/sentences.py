"""Sentences in words: rule sets, scores, banker policies, restrictions and the advice.

The engine gives data (a `settemezzo.rules.Rules`, a score, a policy name, the codes of
`settemezzo.game.restriction_codes`, an `settemezzo.advice.Advice`); these builders say it
in a language, from the catalogues' words (`t`) and the numbers' writers
(`settemezzo.i18n.numbers`).

>>> from settemezzo.rules import from_spec
>>> describe_rules(from_spec("italian+royal"), "it")
'regole italiane + sette e mezzo reale'
>>> restriction_note(("split_swap",), "it")
'Nessuno scambio in una mano divisa: il vantaggio del banco è al massimo questo'
>>> restriction_note((), "en")
''
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from settemezzo import policy
from settemezzo.cards import SEVEN_AND_A_HALF, SUIT_SYMBOLS, Card, DeckStyle, Rank
from settemezzo.errors import InputError
from settemezzo.hands import BUST, PAIR_OF_SEVENS, ROYAL, points_label
from settemezzo.i18n.catalogue import check_lang, has_text, t
from settemezzo.i18n.numbers import number, percent, points, stakes
from settemezzo.rules import Rules, knob

if TYPE_CHECKING:
    from settemezzo.advice import Advice
    from settemezzo.deck.count import Count

__all__ = [
    "DECK_STYLES",
    "EDGE_WORDS_COLUMNS",
    "RESTRICTION_CODES",
    "advice_hand",
    "advice_sentence",
    "advice_text",
    "banker_words",
    "card_label",
    "card_name",
    "check_restriction_codes",
    "count_rule",
    "deck_style",
    "describe_rules",
    "edge_words",
    "method_label",
    "policy_label",
    "rank_label",
    "restriction_note",
    "restriction_text",
    "restriction_what",
    "rule_change",
    "rules_json",
    "rules_title",
    "score_label",
    "split_sentence",
    "standard_rule_sets",
    "total_label",
    "with_rules",
]


def score_label(score: int, lang: str = "en") -> str:
    """A finished hand's score (`settemezzo.hands.score`) in words: 'bust', '6½', 'royal 7½',
    'pair of sevens' (``sballato``, ``7½ reale``... in Italian).

    >>> score_label(13, "it"), score_label(0, "fr"), score_label(16, "es")
    ('6½', 'sauté', '7½ real')
    """
    if score == BUST:
        return t("score.bust", lang)
    if score == ROYAL:
        return t("score.royal", lang)
    if score == PAIR_OF_SEVENS:
        return t("score.pair_of_sevens", lang)
    check_lang(lang)
    return points_label(score)


DECK_STYLES: dict[str, DeckStyle] = {"en": DeckStyle.FRENCH, "fr": DeckStyle.FRENCH,
                                     "it": DeckStyle.ITALIAN, "es": DeckStyle.SPANISH}
"""The deck each language's class sees: French cards in English and French, the Italian
deck in Italian, the Spanish in Spanish (`settemezzo.cards.DeckStyle`)."""


def deck_style(lang: str = "en") -> DeckStyle:
    """The deck style of a class in ``lang`` (`DECK_STYLES`)."""
    return DECK_STYLES[check_lang(lang)]


def card_label(card: Card, lang: str = "en") -> str:
    """A card in a few characters, in the deck of ``lang``: 'K♦', 'R🪙' (re di denari), 'S🏆'
    (sota de copas); the numbers and the ace keep their figure.

    >>> from settemezzo.cards import parse_card
    >>> card_label(parse_card("K♦"), "en"), card_label(parse_card("Jh"), "fr")
    ('K♦', 'V♥')
    """
    return rank_label(card.rank, lang) + SUIT_SYMBOLS[deck_style(lang)][card.suit]


def rank_label(rank: Rank, lang: str = "en") -> str:
    """A rank's letter or figure in the deck of ``lang``: 'A', '2'..'7', and J Q K (F C R in
    Italian, S C R in Spanish, V D R in French)."""
    check_lang(lang)
    return t(f"card.short_{rank.value}", lang) if rank.is_figure else rank.value


def card_name(card: Card, lang: str = "en") -> str:
    """A card in words, in the deck of ``lang``: 'king of diamonds', 're di denari', 'sota de
    copas', 'valet de cœur'.

    >>> from settemezzo.cards import parse_card
    >>> card_name(parse_card("Kd"), "it"), card_name(parse_card("Jh"), "es")
    ('re di denari', 'sota de copas')
    """
    return t("card.name", lang, rank=t(f"card.rank_{card.rank.value}", lang),
             suit=t(f"card.suit_{card.suit.value}", lang))


def total_label(half_points: int, lang: str = "en") -> str:
    """A hand's total in half-points (`settemezzo.hands.total`) in words: '5½', or '8, bust'
    above 7½. A total is not a score: 16 half-points are 8 (bust), not a royal 7½.

    >>> total_label(11, "it"), total_label(16, "en"), total_label(17, "es")
    ('5½', '8, bust', '8½, pasado')
    """
    check_lang(lang)
    if half_points > SEVEN_AND_A_HALF:
        return t("score.total_bust", lang, t=points_label(half_points))
    return points_label(half_points)


def policy_label(name: str, lang: str = "en") -> str:
    """A banker policy name ('equilibrium', 'omniscient', 'threshold:5') in words."""
    return banker_words(name, "policy.", lang)


def method_label(name: str, lang: str = "en") -> str:
    """An edge method ('equilibrium', 'threshold:5', 'omniscient') in a few words."""
    return banker_words(name, "method.", lang)


def banker_words(name: str, space: str, lang: str = "en") -> str:
    """A banker policy (`settemezzo.policy`: threshold:K, equilibrium, omniscient, table) in
    the words of one family of keys: ``{space}threshold`` (its field ``k``: the threshold's
    `points`, '5½') or ``{space}KIND``; a name the grammar does not read, or a kind the family
    has no key for, as it is. The families: ``policy.`` (`policy_label`), ``method.``
    (`method_label`), ``advice.banker_`` (the widgets), ``class.banker_`` (the classroom),
    ``deck.banker_`` (the deck played down).

    >>> banker_words("threshold:5.5", "deck.banker_", "it"), banker_words("table", "deck.banker_")
    ('il banco sta a 5½', 'banker remembers and reads the player')
    >>> banker_words("table", "policy."), banker_words("psychic", "method.")
    ('table', 'psychic')
    """
    check_lang(lang)
    try:
        p = policy.parse(name)
    except policy.PolicyError:
        return name
    key = space + p.kind
    if not has_text(key):
        return name
    return t(key, lang, k=points(p.k)) if p.kind == "threshold" else t(key, lang)


def _banker_policy(name: str) -> policy.Policy | None:
    """The banker policy ``name`` as `settemezzo.policy` reads it (equilibrium, omniscient,
    threshold:K), or None for any other name."""
    try:
        return policy.parse(name, ("equilibrium", "omniscient", "threshold:K"))
    except policy.PolicyError:
        return None


RESTRICTION_CODES: tuple[str, ...] = ("resplit", "split_swap")
"""The codes of `settemezzo.game.restriction_codes`, each with a ``restricted.CODE`` label."""


_RESTRICTION_SIDES = ("edge", "value", "banker")


def check_restriction_codes(codes: Sequence[str]) -> None:
    """An `InputError` naming the first of ``codes`` that is not a restriction code
    (`RESTRICTION_CODES`) and the codes allowed."""
    for code in codes:
        if code not in RESTRICTION_CODES:
            raise InputError(f"unknown restriction code {code!r}; expected one of "
                             f"{', '.join(RESTRICTION_CODES)}")


def restriction_what(codes: Sequence[str], lang: str = "en") -> str:
    """What a restricted game keeps the player from, in a few words: 'player kept to two
    hands and no swap inside a split hand' ("" for no code)."""
    check_lang(lang)
    check_restriction_codes(codes)
    parts = [t(f"restricted.{code}", lang) for code in codes]
    return f" {t('restricted.and', lang)} ".join(parts)


def restriction_note(codes: Sequence[str], lang: str = "en", side: str = "edge") -> str:
    """The one line a chart, table or widget shows for a restricted game ("" for none).

    ``codes`` are `settemezzo.game.restriction_codes`; ``side`` says which bound the view
    shows: ``edge`` (the banker's edge is at most this), ``value`` (the player's values are
    at least these) or ``banker`` (the banker's play against that restricted player)."""
    if side not in _RESTRICTION_SIDES:
        raise InputError(f"side must be one of {', '.join(_RESTRICTION_SIDES)}, got {side!r}")
    what = restriction_what(codes, lang)
    if not what:
        return ""
    return t(f"restricted.{side}", lang, what=what[0].upper() + what[1:])


def describe_rules(rules: Rules, lang: str = "en") -> str:
    """A rule set in a few words: its name, then each knob it changes from its preset
    (`settemezzo.rules.Rules.changes`), joined by " + "."""
    check_lang(lang)
    return " + ".join([rules_title(rules, lang),
                       *(rule_change(name, value, lang) for name, value in rules.changes())])


def count_rule(count: Count, lang: str = "en") -> str:
    """A count (`settemezzo.deck.count.Count`) in words: '+1 for each ½; -1 for each 5, 6, 7'
    (the tags of the cards seen), in ``lang``.

    >>> from settemezzo.deck.count import Count
    >>> count_rule(Count((1, 0, 0, 0, 0, 0, 0, -3)), "fr")
    '+1 pour chaque ½; -3 pour chaque 7'
    """
    from settemezzo.deck.count import KINDS

    parts = []
    for tag in sorted({x for x in count.tags if x}, key=lambda x: (x < 0, abs(x))):
        kinds = [k.label for k, x in zip(KINDS, count.tags, strict=True) if x == tag]
        parts.append(t("deck.count_rule_part", lang, tag=f"{tag:+d}", kinds=", ".join(kinds)))
    return "; ".join(parts)


def standard_rule_sets(lang: str = "en") -> list[tuple[str, Rules]]:
    """The standard rule sets (`settemezzo.edge.standard_rules`), each labelled in words in
    ``lang`` (`describe_rules`: 'Italian rules + burn 3/4', 'Spanish rules + stake before
    the deal')."""
    from settemezzo.edge import standard_rules

    return [(describe_rules(r, lang), r) for r in standard_rules()]


EDGE_WORDS_COLUMNS = ("variant", "rules", "rules_spec", "method", "edge", "edge_exact",
                      "exploitability", "seconds", "bound", "note")
"""The columns of `edge_words`, in order."""


def edge_words(df: Any, lang: str = "en") -> Any:
    """An edge table (`settemezzo.results.edges.edge_table`) with its rule sets and
    restrictions in words in ``lang``: ``rules`` (`describe_rules` of ``rules_spec``) and
    ``note`` (what the restriction of a ``bound`` row is, 'at most: the player never
    splits...'; '' for the others) in place of ``restriction_codes`` (`EDGE_WORDS_COLUMNS`)."""
    from settemezzo.rules import from_spec

    check_lang(lang)
    named: dict[str, Rules] = {}
    for spec in dict.fromkeys(df["rules_spec"].tolist()):
        named[spec] = from_spec(spec)

    def note(spec: str, codes: Sequence[str], bound: bool) -> str:
        what = restriction_text(codes, lang, named[spec].split_figures)
        return t("edge.at_most", lang, what=what) if bound else ""

    rows = zip(df["rules_spec"].tolist(), df["restriction_codes"].tolist(),
               df["bound"].tolist(), strict=True)
    out = df.assign(rules=[describe_rules(named[s], lang) for s in df["rules_spec"]],
                    note=[note(s, c, b) for s, c, b in rows])
    return out[list(EDGE_WORDS_COLUMNS)]


def rules_json(rules: Rules, lang: str = "en") -> dict[str, str]:
    """The rule set as JSON fields (or CSV columns): ``rules``, its name in ``lang``
    (`describe_rules`), and ``rules_spec``, its canonical spec (the one place that decides
    how a rule set is named in an output)."""
    return {"rules": describe_rules(rules, lang), "rules_spec": rules.spec()}


def with_rules(df: Any, rules: Rules, lang: str = "en") -> Any:
    """The DataFrame ``df`` with the columns of `rules_json` at its end (replacing any)."""
    return df.drop(columns=[c for c in ("rules", "rules_spec") if c in df.columns]).assign(
        **rules_json(rules, lang))


def rules_title(rules: Rules, lang: str = "en") -> str:
    """'Italian rules', 'regole spagnole', 'Club rules'."""
    if rules.name == rules.base.name:
        return t(f"rules.{rules.name.lower()}", lang)
    return t("rules.named", lang, name=rules.name)


def rule_change(name: str, value: object, lang: str = "en") -> str:
    """One knob set to ``value``, in words: 'royal 7½', 'no burning', 'bank rotates'."""
    k = knob(name)
    if k.type == "on/off":
        return t(k.label, lang) if value else t("knob.no", lang, what=t(k.label, lang))
    if k.name == "burn":
        assert isinstance(value, frozenset)
        cards = "/".join(str(x) for x in sorted(value))
        return t("knob.burn_on", lang, cards=cards) if value else t("knob.burn_off", lang)
    if k.name == "split_figures":
        return (t("knob.split_figures_off", lang) if value == k.off
                else t("knob.split_figures_on", lang, n=value))
    if k.name == "seven_half_pays":
        return t("knob.seven_half_pays_on", lang, n=value)
    if k.type == "choice":
        return t(f"{k.label}_{value}", lang)
    return t("knob.value", lang, label=t(k.label, lang), value=value)


def restriction_text(codes: Sequence[str], lang: str = "en", split_figures: int = 0) -> str:
    """What a restricted exact game keeps the player from, in a sentence ("" for no code):
    'the player never splits into more than two hands (the rules allow up to 12) and never
    swaps inside a split hand: the player's value is at least this (the banker's edge at most
    this)'. ``codes`` are `settemezzo.game.restriction_codes`; ``split_figures`` the rule
    set's, which the ``resplit`` words name."""
    check_lang(lang)
    check_restriction_codes(codes)
    parts = []
    for code in codes:
        parts.append(t(f"restricted.long_{code}", lang, **(
            {"n": split_figures} if code == "resplit" else {})))
    if not parts:
        return ""
    return t("restricted.long", lang, what=f" {t('restricted.and', lang)} ".join(parts))


def advice_hand(advice: Advice, lang: str = "en") -> str:
    """The hand an `settemezzo.tables.Advice` is about: 'face-down 7, up 1 ½', with the cards
    seen and the stake when there are any ('...; 2 cards seen, at a stake of 5 chips')."""
    if advice.up:
        hand = t("advice.hand", lang, hole=advice.hole, up=" ".join(advice.up))
    else:
        hand = t("advice.hand_none", lang, hole=advice.hole)
    if advice.seen:
        hand = t("advice.seen", lang, hand=hand, n=advice.seen)
    if advice.stake is not None:  # the stake the values are per unit of (chosen by the player)
        hand = t("advice.at_stake", lang, hand=hand, n=advice.stake)
    return hand


def _against(name: str, lang: str) -> str:
    """'against the threshold:5 banker' (in English the policy's own name, as
    `_banker_policy` reads it)."""
    p = _banker_policy(name)
    if p is None:
        return t("advice.against_other", lang, name=name)
    if p.kind == "threshold":
        return t("advice.against_threshold", lang, k=p.points)
    return t(f"advice.against_{p.kind}", lang)


def advice_sentence(advice: Advice, lang: str = "en") -> str:
    """Stand or hit, by how much, and the odds behind it, in one sentence (values per unit
    stake: "stakes")."""
    hand = advice_hand(advice, lang)
    ev = t("advice.ev_pair", lang, s=stakes(advice.stand_ev, lang),
           h=stakes(advice.hit_ev, lang))
    bust = t("advice.bust", lang, p=percent(advice.bust_if_hit, lang, 0, typeset=False))
    against = _against(advice.against, lang)
    if advice.tied:
        how = ""
        if advice.best == "mixed" and advice.hit_frequency is not None:
            how = t("advice.how_mixed", lang,
                    p=percent(advice.hit_frequency, lang, 0, typeset=False))
        elif advice.best in ("stand", "hit"):
            how = t("advice.how_pure", lang, play=t(f"advice.{advice.best}", lang))
        return t("advice.tie", lang, hand=hand, against=against, ev=ev, bust=bust, how=how)
    other = "advice.stand" if advice.best == "hit" else "advice.hit"
    return t("advice.best", lang, hand=hand, play=t(f"ui.{advice.best}", lang).upper(),
             m=number(abs(float(advice.margin)), lang, 3, typeset=False),
             other=t(other, lang), ev=ev, bust=bust, against=against)


def split_sentence(advice: Advice, lang: str = "en") -> str:
    """Under ``split_figures`` with two figures: split them or play on as one hand ("" when
    the hand cannot split)."""
    verdict = advice.split_verdict
    if verdict is None or advice.split_ev is None:
        return ""
    how = ("" if advice.split_frequency is None else t(
        "advice.split_how", lang, p=percent(advice.split_frequency, lang, 0, typeset=False)))
    keep = max(float(advice.stand_ev), float(advice.hit_ev))
    return t("advice.split", lang, verb=t(f"advice.split_{verdict}", lang),
             split=stakes(advice.split_ev, lang), keep=stakes(keep, lang), how=how)


def advice_text(advice: Advice, lang: str = "en") -> str:
    """The whole answer: `advice_sentence`, then `split_sentence` and the restriction of the
    exact game when there is one (what ``settemezzo advise`` prints)."""
    what = restriction_text(advice.restriction_codes, lang, advice.split_figures)
    restricted = t("advice.restricted", lang, what=what) if what else ""
    return " ".join(x for x in (advice_sentence(advice, lang), split_sentence(advice, lang),
                                restricted) if x)
