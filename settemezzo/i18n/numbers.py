"""Numbers as each language writes them, from its CLDR data (Babel): one writer per kind.

`number`, `percent`, `whole`, `stakes`, `scientific` and `number_range` take the decimal
symbol, the grouping and the percent pattern of the language's CLDR locale
(`babel.Locale`): '0.571' and '21.1%' in English, '0,571' and '21,1%' in Italian,
'21,1 %' in Spanish and French (a no-break space before the sign), '1 000 005' in French
(a narrow no-break space between the thousands). The digits are rounded here, exactly as
Python's own format rounds them (half to even on the float's exact value), so the same
number has the same digits in every language. `points` is the same in every language.

Babel is imported at the first number, and each locale read once per process.

>>> number(0.5714, "it", 3, sign=True, typeset=False), percent(0.2113579, "en", 2)
('+0,571', '21.14%')
"""

from __future__ import annotations

import copy
import decimal
import functools
import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from settemezzo.hands import points_label
from settemezzo.i18n.catalogue import check_lang, t

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

__all__ = ["number", "number_range", "percent", "points", "scientific", "stakes", "whole"]

MINUS = "\u2212"
"""The true minus sign that typeset text (charts, handouts, widgets) writes."""


@functools.cache
def _locale(lang: str) -> Locale:
    """The CLDR locale of ``lang`` (read once per process)."""
    from babel import Locale

    return Locale.parse(check_lang(lang))


@functools.cache
def _pattern(lang: str, kind: str, digits: int, sign: bool) -> NumberPattern:
    """The locale's standard ``kind`` pattern ('decimal' or 'percent') with exactly
    ``digits`` decimals, the plus sign written when ``sign``, and no scaling (a percent is
    multiplied by 100 before, as Python's '%' format does)."""
    from babel.numbers import get_plus_sign_symbol, parse_pattern

    locale = _locale(lang)
    formats = locale.percent_formats if kind == "percent" else locale.decimal_formats
    pattern = copy.copy(parse_pattern(formats[None].pattern))
    pattern.frac_prec = (digits, digits)
    pattern.scale = 0
    if sign:
        pattern.prefix = (get_plus_sign_symbol(locale) + pattern.prefix[0], pattern.prefix[1])
    return pattern


_EXACT = decimal.Context(prec=400, rounding=decimal.ROUND_HALF_EVEN)
"""Enough digits for any float's exact value at the digits a view asks for."""


def _rounded(x: float, digits: int) -> decimal.Decimal:
    """``x`` rounded to ``digits`` decimals half to even on its exact binary value (what
    ``f"{x:.{digits}f}"`` writes), as a Decimal for Babel."""
    exact = decimal.Decimal(x)
    if not exact.is_finite():
        return exact
    return exact.quantize(decimal.Decimal(1).scaleb(-digits, _EXACT), context=_EXACT)


def _missing(x: float | Fraction | None) -> bool:
    """Whether ``x`` is no number at all: None or NaN (a value not available)."""
    return x is None or (isinstance(x, float) and math.isnan(x))


def _write(x: float, lang: str, digits: int, sign: bool, kind: str = "decimal") -> str:
    """``x`` with ``digits`` decimals in the locale's ``kind`` pattern."""
    return str(_pattern(lang, kind, digits, sign).apply(_rounded(x, digits), _locale(lang)))


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
    if exponent:
        mantissa, _, power = f"{float(x):.{digits}e}".partition("e")
        text = _write(float(mantissa), lang, digits, sign) + "e" + power
    else:
        text = _write(float(x), lang, digits, sign)
    return text.replace("-", MINUS) if typeset else text


def percent(p: float | Fraction | None, lang: str = "en", digits: int = 1, *,
            sign: bool = False, typeset: bool = True) -> str:
    """A probability or share as a percentage in the language's CLDR pattern: '21.1%'
    (English), '21,1%' (Italian), '21,1 %' (Spanish, French: a no-break space); the word
    for 'not available' where ``p`` is None or NaN (`number`).

    >>> percent(0.6923, "en", 0), percent(0.2113579, "fr") == "21,1\u00a0%"
    ('69%', True)
    """
    check_lang(lang)
    if _missing(p):
        return number(None, lang)
    assert p is not None
    text = _write(100 * float(p), lang, digits, sign, "percent")
    return text.replace("-", MINUS) if typeset else text


def whole(n: float, lang: str = "en") -> str:
    """A count rounded to a whole number, its thousands grouped as ``lang`` writes them:
    '1,000,005' (English), '1.000.005' (Italian, Spanish), '1 000 005' (French).

    >>> whole(1000005.4, "en"), whole(66667, "it")
    ('1,000,005', '66.667')
    """
    check_lang(lang)
    return _write(round(float(n)), lang, 0, False)


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
