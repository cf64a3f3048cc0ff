"""Numbers as each language writes them: one writer per kind.

`number`, `percent` and `stakes` (a decimal comma outside English), `whole` (the thousands
grouped), `scientific` and `number_range`; `points` is the same in every language.

>>> number(0.5714, "it", 3, sign=True, typeset=False), percent(0.2113579, "en", 2)
('+0,571', '21.14%')
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from settemezzo.hands import points_label
from settemezzo.i18n.catalogue import check_lang, t

__all__ = ["number", "number_range", "percent", "points", "scientific", "stakes", "whole"]


_PERCENT_SIGN = {"en": "%", "it": "%", "es": "%", "fr": "\u202f%"}
"""How each language writes a percent sign (French: after a narrow no-break space)."""


def _missing(x: float | Fraction | None) -> bool:
    """Whether ``x`` is no number at all: None or NaN (a value not available)."""
    return x is None or (isinstance(x, float) and math.isnan(x))


def number(x: float | Fraction | None, lang: str = "en", digits: int = 2, sign: bool = False,
           *, typeset: bool = True, exponent: bool = False) -> str:
    """``x`` with ``digits`` decimals as ``lang`` writes it: a decimal comma outside English.

    ``sign`` always shows the sign ('+0.57'). ``typeset`` writes a true minus sign ('−', for
    charts, handouts and widgets); ``typeset=False`` keeps the ASCII hyphen of plain text
    (the command line, the advice sentence), so a terminal's output stays greppable. A value
    not available (None, NaN) is the word for it ('n/a', 'n.d.'). ``exponent`` writes it in
    scientific form ('2,1e-12', `scientific`).

    >>> number(-0.4241, "en", 3), number(0.5714, "it", 3, sign=True, typeset=False)
    ('−0.424', '+0,571')
    >>> number(None, "it"), percent(float("nan"), "es")
    ('n.d.', 'n/d')
    """
    check_lang(lang)
    if _missing(x):
        return t("word.not_available", lang)
    assert x is not None
    x = float(x)
    form = "e" if exponent else "f"
    text = f"{x:+.{digits}{form}}" if sign else f"{x:.{digits}{form}}"
    if lang != "en":
        text = text.replace(".", ",")
    return text.replace("-", "−") if typeset else text


def percent(p: float | Fraction | None, lang: str = "en", digits: int = 1, *,
            sign: bool = False, typeset: bool = True) -> str:
    """A probability or share as a percentage: '21.1%' (English), '21,1%' (Italian),
    '21,1 %' (French, with a narrow no-break space); the word for 'not available' where
    ``p`` is None or NaN (`number`).

    >>> percent(0.6923, "en", 0), percent(0.2113579, "fr") == "21,1\u202f%"
    ('69%', True)
    """
    if _missing(p):
        return number(None, lang)
    assert p is not None
    return number(100 * float(p), lang, digits, sign, typeset=typeset) + _PERCENT_SIGN[lang]


_THOUSANDS = {"en": ",", "it": ".", "es": ".", "fr": "\u202f"}
"""How each language groups the thousands of a whole number (French: a narrow no-break
space)."""


def whole(n: float, lang: str = "en") -> str:
    """A count rounded to a whole number, its thousands grouped as ``lang`` writes them:
    '1,000,005' (English), '1.000.005' (Italian, Spanish), '1 000 005' (French).

    >>> whole(1000005.4, "en"), whole(66667, "it")
    ('1,000,005', '66.667')
    """
    check_lang(lang)
    return f"{round(float(n)):,}".replace(",", _THOUSANDS[lang])


def stakes(x: float | Fraction, lang: str = "en", digits: int = 3) -> str:
    """A gain in stakes with its sign, as a sentence writes it: '+0.571', '-0.424' ('+0,571'
    in Italian)."""
    return number(x, lang, digits, sign=True, typeset=False)


def points(half_points: int) -> str:
    """'4½', '5', '½' for a total in half-points (the same in every language;
    `settemezzo.hands.points_label`)."""
    return points_label(half_points)


def scientific(x: float | None, lang: str = "en", digits: int = 1) -> str:
    """A small number such as a certificate's width, as ``lang`` writes it: '2.1e-12'
    ('2,1e-12' with a decimal comma), or the word for 'not available'.

    >>> scientific(2.0756e-12, "fr"), scientific(float("nan"), "en")
    ('2,1e-12', 'n/a')
    """
    return number(x, lang, digits, typeset=False, exponent=True)


def number_range(values: Iterable[float], lang: str = "en", digits: int = 1, *,
                 typeset: bool = True) -> str:
    """The smallest to the largest of ``values`` (`number`): '11,5-15,4', or one number
    where they agree.

    >>> number_range([15.31, 15.29], "it"), number_range([11.5, 15.4, 12.0], "en")
    ('15,3', '11.5-15.4')
    """
    xs = [float(x) for x in values]
    lo, hi = (number(f(xs), lang, digits, typeset=typeset) for f in (min, max))
    return lo if lo == hi else f"{lo}-{hi}"
