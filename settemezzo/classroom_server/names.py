"""Students' names: one form of each name, names that can be seen, names that cannot pass for
another.

A name is normalised (NFKC: a full-width or compatibility form becomes the plain letter;
runs of spaces become one) and refused when it is empty, longer than `MAX_NAME`, holds a
character that shows nothing or changes how text runs (zero-width and direction marks,
control characters, blank fillers such as U+3164 or U+2800), or has no letter, digit or sign
at all. Two names are the same student when their `name_key` is equal: the key folds case
and maps the letters of other alphabets that look like Latin ones (a Cyrillic "а", a Greek
"ο") onto them, so a look-alike of a name in the class is refused.

>>> check_name("  Ａｄａ   Lovelace ")
'Ada Lovelace'
>>> name_key("\\u0410da") == name_key("ada") == name_key("Ada")
True
>>> check_name("\\u3164")
Traceback (most recent call last):
...
settemezzo.classroom_server.names.BadNameError: a name must show letters you can see, ...
"""

from __future__ import annotations

import unicodedata

from settemezzo.errors import InputError

__all__ = ["MAX_NAME", "BadNameError", "check_name", "name_key"]

MAX_NAME = 30
"""The longest name, in characters after normalisation."""

_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f\u2061\u2062\u2063"
                   "\u2064\u3000")
"""Characters that are letters or signs to Unicode but draw nothing (fillers, a blank
Braille cell, invisible operators)."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Control and format characters (zero-width, direction marks), private, unassigned."""

_LOOK_ALIKE = str.maketrans({
    # Cyrillic letters (case folded) drawn like Latin ones
    "а": "a", "в": "b", "е": "e", "ё": "ë", "һ": "h", "н": "h", "і": "i", "ї": "ï", "ј": "j",
    "к": "k", "м": "m", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z",
    # Latin look-alikes and digits
    "ı": "i", "ɑ": "a", "ǀ": "l", "0": "o", "1": "l", "|": "l",
})


class BadNameError(InputError):
    """A student name that cannot be used; the message quotes it. ``reason`` is
    ``"length"`` (empty or too long), ``"invisible"`` or ``"taken"``."""

    def __init__(self, message: str, reason: str = "length") -> None:
        super().__init__(message)
        self.reason = reason


def _visible(ch: str) -> bool:
    return ch not in _BLANK and unicodedata.category(ch)[0] in "LNPS"


def check_name(name: str) -> str:
    """``name`` normalised (NFKC, spaces trimmed and single); `BadNameError` if it is empty,
    over `MAX_NAME` characters, or holds invisible, control or direction characters."""
    clean = " ".join(unicodedata.normalize("NFKC", str(name)).split())
    if not clean or len(clean) > MAX_NAME:
        raise BadNameError(f"a name must be 1 to {MAX_NAME} characters, got {name!r}")
    bad = [ch for ch in clean if ch in _BLANK or unicodedata.category(ch) in
           _REFUSED_CATEGORIES]
    if bad or not any(_visible(ch) for ch in clean):
        shown = ", ".join(f"U+{ord(ch):04X}" for ch in bad) or "nothing visible"
        raise BadNameError(f"a name must show letters you can see, without invisible, control "
                           f"or direction characters; got {name!r} ({shown})", "invisible")
    return clean


def name_key(clean: str) -> str:
    """What a name looks like: case folded, look-alike letters of other alphabets mapped onto
    Latin ones, spaces dropped; two names with one key are the same name to a reader."""
    folded = unicodedata.normalize("NFC", clean.casefold()).translate(_LOOK_ALIKE)
    return "".join(folded.split())
