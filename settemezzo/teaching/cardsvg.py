"""Card pictures drawn by the project: pure functions returning SVG text, one card at a time,
in the deck of the class's language (`settemezzo.i18n.deck_style`: French cards in English
and French, the Italian deck in Italian, the Spanish in Spanish), and the back of a card for
one face down. Every picture names its card in words (``<title>``, ``aria-label``), so a
screen reader says 're di denari' where a sighted student sees the king of coins.

The widgets' table and explorer and the classroom server's pages show them.

>>> from settemezzo.cards import parse_card
>>> svg = card_svg(parse_card("Kd"), "it")
>>> svg.startswith("<svg") and "re di denari" in svg and "R" in svg
True
>>> "una carta coperta" in card_svg(parse_card("Kd"), "it", face_down=True)
True
"""

from __future__ import annotations

from html import escape

from settemezzo.cards import Card, DeckStyle, Suit
from settemezzo.i18n import card_label, card_name, deck_style, rank_label, t

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "back_svg", "card_svg", "suit_colour"]

CARD_WIDTH = 50
CARD_HEIGHT = 75
"""The picture's size in CSS pixels (its ``viewBox`` is 50 x 75: it scales)."""

_FRENCH_COLOURS = {Suit.DIAMONDS: "#b00020", Suit.HEARTS: "#b00020", Suit.SPADES: "#111111",
                   Suit.CLUBS: "#111111"}
_LATIN_COLOURS = {Suit.DIAMONDS: "#a87b00", Suit.HEARTS: "#b00020", Suit.SPADES: "#1d4f91",
                  Suit.CLUBS: "#2e6b2e"}


def suit_colour(suit: Suit, style: DeckStyle) -> str:
    """The ink of a suit: red and black for French cards; gold coins, red cups, blue swords
    and green batons for the Latin decks."""
    return (_FRENCH_COLOURS if style is DeckStyle.FRENCH else _LATIN_COLOURS)[suit]


def _french_pip(suit: Suit, colour: str) -> str:
    """The French suit sign, large, in the middle of the card."""
    return (f'<text x="25" y="47" font-size="26" text-anchor="middle" fill="{colour}">'
            f'{escape(suit.symbol)}</text>')


def _latin_pip(suit: Suit, colour: str) -> str:
    """The Latin suit drawn as a shape: a coin, a cup, a sword, a baton."""
    if suit is Suit.DIAMONDS:   # denari / oros: a coin
        return (f'<circle cx="25" cy="40" r="11" fill="{colour}" stroke="#5a4100"/>'
                '<circle cx="25" cy="40" r="6" fill="none" stroke="#fff3c4" stroke-width="1.5"/>')
    if suit is Suit.HEARTS:     # coppe / copas: a cup
        return (f'<path d="M15 29 H35 Q35 42 26.5 44 V50 H31 V53 H19 V50 H23.5 V44 '
                f'Q15 42 15 29 Z" fill="{colour}" stroke="#5a0010"/>')
    if suit is Suit.SPADES:     # spade / espadas: a sword
        return (f'<path d="M25 23 L28 30 V48 H23 V30 Z" fill="{colour}"/>'
                f'<rect x="18" y="48" width="14" height="3" rx="1" fill="{colour}"/>'
                f'<rect x="23.5" y="51" width="3" height="7" fill="#6b4a1e"/>')
    return (f'<path d="M21 25 Q25 22 29 25 L27.5 56 Q25 58 22.5 56 Z" fill="{colour}" '  # baton
            'stroke="#1d3d1d"/><circle cx="24" cy="35" r="1.6" fill="#9ccc9c"/>'
            '<circle cx="26.5" cy="45" r="1.6" fill="#9ccc9c"/>')


def back_svg(lang: str = "en") -> str:
    """The back of a card, for a card face down that the viewer may not see."""
    label = escape(t("card.back", lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="sm-card-svg sm-back" '
            f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}" viewBox="0 0 50 75" role="img" '
            f'aria-label="{label}"><title>{label}</title>'
            '<defs><pattern id="sm-back" width="6" height="6" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="6" height="6" fill="#31558a"/>'
            '<rect width="3" height="6" fill="#4a74b4"/></pattern></defs>'
            '<rect x="1" y="1" width="48" height="73" rx="5" fill="#fff" stroke="#333"/>'
            '<rect x="4" y="4" width="42" height="67" rx="3" fill="url(#sm-back)"/></svg>')


def card_svg(card: Card, lang: str = "en", face_down: bool = False,
             hidden: bool = False) -> str:
    """One card as an SVG picture, in the deck of ``lang``: its short label in two corners
    and its suit in the middle (a figure's letter above it), or the back of a card when
    ``face_down``; named in words for screen readers. ``hidden``: the viewer's own card
    face down, shown to them only (named 'face down' too).

    >>> from settemezzo.cards import parse_card
    >>> "(coperta)" in card_svg(parse_card("Kd"), "it", hidden=True)
    True
    """
    if face_down:
        return back_svg(lang)
    style = deck_style(lang)
    colour = suit_colour(card.suit, style)
    label = escape(card_label(card, lang))
    name = escape(card_name(card, lang)
                  + (f" ({t('class.face_down', lang)})" if hidden else ""))
    pip = (_french_pip if style is DeckStyle.FRENCH else _latin_pip)(card.suit, colour)
    short = escape(rank_label(card.rank, lang))
    figure = (f'<text x="25" y="22" font-size="11" font-weight="bold" text-anchor="middle" '
              f'fill="{colour}">{short}</text>' if card.rank.is_figure else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="sm-card-svg" '
            f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}" viewBox="0 0 50 75" role="img" '
            f'aria-label="{name}"><title>{name}</title>'
            '<rect x="1" y="1" width="48" height="73" rx="5" fill="#fff" stroke="#333"/>'
            f'<text x="4" y="11" font-size="9" font-weight="bold" fill="{colour}">{short}</text>'
            f'<text x="46" y="70" font-size="9" font-weight="bold" text-anchor="end" '
            f'fill="{colour}">{short}</text>{figure}{pip}'
            f'<desc>{label}</desc></svg>')
