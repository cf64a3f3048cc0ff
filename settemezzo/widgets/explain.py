"""Numbers in words: percentages, stakes, hands and the one-sentence reason, in each language.

The English sentence is exactly `settemezzo.tables.Advice.sentence` (a test checks it against
`settemezzo.tables.advise`), so the widgets and the command line say the same thing.

>>> pct(0.6923), stakes(0.5714)
('69%', '+0.571')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from settemezzo.cards import Kind
from settemezzo.i18n import t
from settemezzo.rules import Rules
from settemezzo.tables import TIE, Advice
from settemezzo.widgets.lookup import Row, rule_choices

__all__ = ["advice_sentence", "banker_name", "hand_text", "pct", "play_word",
           "restriction_line", "rules_name", "stakes"]


def pct(p: float | Fraction, digits: int = 0) -> str:
    """A chance as a percentage: '69%'."""
    return f"{float(p):.{digits}%}"


def stakes(x: float | Fraction) -> str:
    """A gain in stakes with its sign: '+0.571', '-0.424'."""
    return f"{float(x):+.3f}"


def hand_text(hole: Kind, up: Iterable[Kind], lang: str = "en") -> str:
    """'face-down 5, up 1 ½' (or 'nothing up')."""
    up = tuple(up)
    if not up:
        return t("advice.hand_none", lang, hole=hole.label)
    return t("advice.hand", lang, hole=hole.label, up=" ".join(k.label for k in up))


def play_word(best: str, lang: str = "en") -> str:
    """The button word for a play: 'Stand', 'Hit' or 'Either'."""
    return t("ui." + (best if best in ("stand", "hit") else "either"), lang)


def banker_name(against: str, lang: str = "en") -> str:
    """A banker policy in words: 'best banker (equilibrium)', 'banker hits below 5'..."""
    a = against.strip().lower()
    if a == "equilibrium":
        return t("advice.banker_equilibrium", lang)
    if a == "omniscient":
        return t("advice.banker_omniscient", lang)
    if a.startswith("threshold:"):
        return t("advice.banker_threshold", lang, k=a.removeprefix("threshold:"))
    return against


def rules_name(rules: Rules, lang: str = "en") -> str:
    """The rule set's one-line name in ``lang`` ('regole italiane + sette e mezzo reale')."""
    return rules.describe(lang)


def restriction_line(rules: Rules, lang: str = "en", side: str = "value") -> str:
    """The note a view shows beside numbers of a rule set the exact engine solves as a
    restricted game ("" when it is solved whole): ``side`` ``value`` (the player's values
    are at least these), ``edge`` (the banker's edge is at most this) or ``banker``.

    >>> from settemezzo.rules import ITALIAN, SPANISH
    >>> restriction_line(ITALIAN), restriction_line(SPANISH, "it", "edge")[:29]
    ('', 'Giocatore limitato a due mani')
    """
    from settemezzo.game import restriction_codes
    from settemezzo.i18n import restriction_note

    return restriction_note(restriction_codes(rules), lang, side)


def rules_options(rules: Rules, lang: str = "en") -> list[tuple[str, Rules]]:
    """A rules dropdown's options in ``lang``: the usual rule sets, and ``rules`` first when
    it is not one of them."""
    choices = [(rules_name(r, lang), r) for _, r in rule_choices()]
    if all(r != rules for _, r in choices):
        choices.insert(0, (rules_name(rules, lang), rules))
    return choices


def advice_sentence(row: Row, against: str, lang: str = "en") -> str:
    """Stand or hit, by how much, and the odds behind it, in one sentence.

    ``against`` is the banker's name as the tables give it (``equilibrium``, ``threshold:5``).
    Values are per unit stake; when the player chooses the stake, the sentence names the
    stake of the row (`Row.stake`).
    """
    hand = hand_text(row.hole, row.up, lang)
    if lang == "en":
        return Advice(hand, against, "", row.best, row.stand_ev, row.hit_ev, row.stand_win,
                      row.hit_win, Fraction(row.bust_if_hit), Fraction(row.seven_half_if_hit),
                      row.hit_frequency, stake=row.stake).sentence()
    if row.stake is not None:  # the stake the values are per unit of (chosen by the player)
        hand = t("advice.at_stake", lang, hand=hand, n=row.stake)
    against = banker_name(against, lang)
    ev = t("advice.ev_pair", lang, s=stakes(row.stand_ev), h=stakes(row.hit_ev))
    bust = t("advice.bust", lang, p=pct(row.bust_if_hit))
    if abs(row.margin) < TIE:
        return t("advice.tie", lang, hand=hand, against=against, ev=ev, bust=bust)
    other = "advice.stand" if row.best == "hit" else "advice.hit"
    return t("advice.best", lang, hand=hand, play=play_word(row.best, lang).upper(),
                m=f"{abs(row.margin):.3f}", other=t(other, lang), ev=ev, bust=bust,
                against=against)
