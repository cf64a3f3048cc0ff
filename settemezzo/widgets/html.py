"""Small HTML pieces the views share: cards with their suits, bars, messages.

Plain strings, so a test can read what a person would see. No numbers are computed here.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from settemezzo.cards import Card, Kind, Suit
from settemezzo.i18n import number, percent, stakes
from settemezzo.teaching.cardsvg import card_svg

__all__ = ["WHOLE_LABEL", "bars", "card_html", "cards_html", "chance_bars", "cost_bars", "esc",
           "kind_html", "message", "table_html"]

_RED = {Suit.HEARTS, Suit.DIAMONDS}
_CARD = ("display:inline-block;min-width:1.6em;padding:2px 5px;margin:1px 2px;"
         "border:1px solid #444;border-radius:5px;background:#fff;text-align:center;"
         "font-weight:bold;font-family:sans-serif;")


WHOLE_LABEL: dict[str, str] = {"width": "auto", "min_width": "max-content", "flex": "0 0 auto"}
"""The layout of a control whose label or options must show whole (a long rule set's name,
'Swap (new card face down)'): as wide as its text, never shrunk by its row."""


def esc(s: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(s))


def card_html(card: Card, hidden: bool = False, lang: str = "en") -> str:
    """A card as its picture in the deck of ``lang`` (`settemezzo.teaching.cardsvg`), or the
    back of a card."""
    cls = "sm-card sm-hidden" if hidden else "sm-card"
    return (f'<span class="{cls}" style="display:inline-block;margin:1px 2px;'
            f'vertical-align:middle;line-height:0;">{card_svg(card, lang, hidden)}</span>')


def kind_html(kind: Kind) -> str:
    """A card value (½, 1..7, K♦) as a small box."""
    color = "#b00" if kind is Kind.KING_OF_DIAMONDS else "#111"
    return f'<span class="sm-card" style="{_CARD}color:{color};">{esc(kind.label)}</span>'


def cards_html(cards: Iterable[Card], hidden_first: bool = False, lang: str = "en") -> str:
    """Several cards; the first one face down if ``hidden_first``."""
    return "".join(card_html(c, hidden_first and i == 0, lang) for i, c in enumerate(cards))


def message(text: str, kind: str = "info") -> str:
    """A boxed message: ``info``, ``good``, ``bad`` or ``warn``."""
    colors = {"info": ("#eef", "#446"), "good": ("#e6f4e6", "#185c18"),
              "bad": ("#fbe9e9", "#8a1a1a"), "warn": ("#fff6dd", "#6b5200")}
    bg, fg = colors.get(kind, colors["info"])
    return (f'<div class="sm-msg sm-{kind}" style="background:{bg};color:{fg};padding:6px 10px;'
            f'border-radius:6px;margin:4px 0;">{esc(text)}</div>')


def bars(items: Sequence[tuple[str, float]], lo: float = -1.0, hi: float = 1.0,
         title: str = "", lang: str = "en") -> str:
    """Horizontal bars around zero (expected gains in stakes), each labelled with its value
    as ``lang`` writes it (`settemezzo.i18n.stakes`).

    Stand is drawn solid, hit striped, so the two read apart in black and white too.
    """
    lo = min(lo, *(v for _, v in items))
    hi = max(hi, *(v for _, v in items))
    span = hi - lo
    zero = (0 - lo) / span * 100
    rows = [_bar_row(label, zero, min(zero, (v - lo) / span * 100), abs(v) / span * 100,
                     _SOLID if i == 0 else _STRIPED, stakes(v, lang))
            for i, (label, v) in enumerate(items)]
    return _bar_block(title, rows)


def chance_bars(items: Sequence[tuple[str, float]], title: str = "", lang: str = "en") -> str:
    """Horizontal bars of chances (0 to the largest), each labelled with its percentage as
    ``lang`` writes it (`settemezzo.i18n.percent`): HTML, drawn by the browser, so a click
    that changes them costs no picture to render."""
    top = max((v for _, v in items), default=0.0) or 1.0
    rows = [_bar_row(label, 0.0, 0.0, v / top * 90, _SOLID, percent(v, lang, 0))
            for label, v in items]
    return _bar_block(title, rows)


def cost_bars(items: Sequence[tuple[str, float, bool]], title: str = "",
              notes: Sequence[str] = (), lang: str = "en") -> str:
    """Bars of what each answer gave away, ``(label, stakes, right)``: a right answer is an
    empty track marked ✓, a wrong one a striped bar (0 to the largest) labelled with its
    stakes as ``lang`` writes them (`settemezzo.i18n.number`); ``notes`` in small print
    under them, a line each. HTML, drawn by the browser: the trainer's summary costs no
    picture."""
    top = max((v for _, v, _ok in items), default=0.0) or 1.0
    rows = [_bar_row(label, 0.0, 0.0, 0.0 if ok else v / top * 90, _STRIPED,
                     "✓" if ok else number(v, lang))
            for label, v, ok in items]
    rows += [f'<div style="font-size:85%;color:#555;">{esc(note)}</div>' for note in notes
             if note]
    return _bar_block(title, rows)


_SOLID = "#3b6ea8"
_STRIPED = "repeating-linear-gradient(45deg,#d9822b,#d9822b 4px,#f4c08a 4px,#f4c08a 8px)"


def _bar_row(label: str, zero: float, left: float, width: float, fill: str, text: str) -> str:
    """One labelled bar: ``left`` and ``width`` in percent of the track, an axis at ``zero``."""
    return (f'<div style="display:flex;align-items:center;margin:2px 0;">'
            f'<div style="width:5em;">{esc(label)}</div>'
            f'<div style="position:relative;flex:1;height:1.2em;background:#f3f3f3;">'
            f'<div style="position:absolute;left:{zero:.1f}%;top:0;bottom:0;'
            f'border-left:1px solid #333;"></div>'
            f'<div class="sm-bar" style="position:absolute;left:{left:.1f}%;width:{width:.1f}%;'
            f'top:2px;bottom:2px;background:{fill};"></div></div>'
            f'<div style="width:5em;text-align:right;font-family:monospace;">{esc(text)}</div>'
            f'</div>')


def _bar_block(title: str, rows: Sequence[str]) -> str:
    head = f"<div><b>{esc(title)}</b></div>" if title else ""
    return f'<div class="sm-bars">{head}{"".join(rows)}</div>'


def table_html(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A simple table; cells are escaped."""
    th = "".join(f'<th style="padding:2px 8px;text-align:left;">{esc(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="padding:2px 8px;">{esc(c)}</td>' for c in r)
                   + "</tr>" for r in rows)
    return f'<table class="sm-table" style="border-collapse:collapse;"><tr>{th}</tr>{body}</table>'
