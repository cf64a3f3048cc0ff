"""The one catalogue, `settemezzo.i18n.TEXT`: every key in every language, the same fields.

The widgets' old flat keys (`settemezzo.widgets.strings`, a temporary shim) forward to it.
"""

from __future__ import annotations

import string

import pytest

from settemezzo.i18n import LANGUAGES, TEXT, UnknownLanguageError, t


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_every_key_is_namespaced() -> None:
    bad = [k for k in TEXT if k.count(".") != 1 or not all(k.split("."))]
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_has_the_fields_of_english(lang: str) -> None:
    for key, entry in TEXT.items():
        if lang in entry:
            assert _fields(entry[lang]) == _fields(entry["en"]), (key, lang)


def test_english_italian_and_spanish_are_complete() -> None:
    missing = [(k, lang) for k, e in TEXT.items() for lang in ("en", "it", "es")
               if not e.get(lang)]
    assert not missing
    assert all(set(e) <= set(LANGUAGES) for e in TEXT.values())


def test_an_unknown_language_or_key_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match="'de'"):
        t("chart.stand", "de")
    with pytest.raises(KeyError, match=r"no\.such"):
        t("no.such", "en")


def test_the_widget_shim_forwards_to_the_catalogue() -> None:
    from settemezzo.widgets.strings import KEYS, STRINGS, text

    assert set(KEYS.values()) <= set(TEXT)
    assert text("new_game", "it") == t("table.new_game", "it") == STRINGS["it"]["new_game"]
    assert text("chips", "es", n=3) == t("word.chips", "es", n=3) == "3 fichas"


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    # every literal first argument of t(...) in the package (keys built with an f-string are
    # checked by the views' own tests, which render every language)
    import pathlib
    import re

    root = pathlib.Path(__file__).parent.parent / "settemezzo"
    literal = re.compile(r"""\bt\(\s*["']([^"'{}]+)["']\s*[,)]""")
    used = {(path.name, key) for path in root.rglob("*.py")
            for key in literal.findall(path.read_text("utf-8"))}
    assert used
    assert not [(name, key) for name, key in used if key not in TEXT]
