"""The gettext catalogues: every word settemezzo shows, looked up by a namespaced key.

Each language has one catalogue, ``locale/<lang>/LC_MESSAGES/settemezzo.po``: the msgid is
the key (``chart.stand``), the msgstr that language's text, with ``{fields}`` that `t` fills
in; outside English each entry carries its English text as a translator comment (``#. en:``).
The key is the msgid, and the English text only a comment, so that rewording the English
leaves every translation found (a ``msgctxt`` would be part of the look-up).

At run time `t` reads the compiled ``settemezzo.mo`` beside each ``.po`` with the standard
library's `gettext` (2-3 ms of CPU a language, at its first word; Babel's reading of a
``.po`` costs about 50 ms, and compiling at run time would need a cache to write). The
``.mo`` files are committed, made by `compile_catalogue`; ``tests/test_i18n.py`` checks that
each holds exactly the messages of its ``.po``. ``python -m tools.dict_to_po`` adds keys to
the sources and compiles them.

>>> t("chart.stand", "it"), t("word.chips", "fr", n=3)
('sto', '3 jetons')
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterator, Mapping
from pathlib import Path

from settemezzo.errors import UnknownLanguageError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "TEXT",
    "check_lang",
    "compile_catalogue",
    "has_text",
    "mo_path",
    "po_path",
    "read_catalogue",
    "t",
]

LANGUAGES: tuple[str, ...] = ("en", "it", "es", "fr")
"""Every language ``lang=`` accepts; the catalogue has each of them for every key."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "it": "Italiano", "es": "Español",
                                  "fr": "Français"}
"""Each language in its own words, for a language switch."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The catalogues' folder, laid out as gettext expects (``<lang>/LC_MESSAGES/``)."""

DOMAIN = "settemezzo"
"""The gettext domain: the catalogues' file name."""


def check_lang(lang: str) -> str:
    """``lang`` if it is one of `LANGUAGES`, else `UnknownLanguageError` quoting it."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    return lang


def po_path(lang: str) -> Path:
    """The source catalogue of ``lang`` (the file translators edit)."""
    return LOCALE_DIR / check_lang(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The compiled catalogue of ``lang``, the one `t` reads."""
    return po_path(lang).with_suffix(".mo")


class _NoText(gettext.NullTranslations):
    """The end of every fallback chain: a key no catalogue has is an error, not its own
    text shown to a person."""

    def gettext(self, message: str) -> str:
        raise KeyError(f"no text for the key {message!r} in the catalogues")


@functools.cache
def _translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``, English behind it for a key it lacks."""
    with mo_path(lang).open("rb") as f:
        found = gettext.GNUTranslations(f)
    found.add_fallback(_NoText() if lang == "en" else _translations("en"))
    return found


def t(key: str, lang: str = "en", **fields: object) -> str:
    """The text for ``key`` in ``lang`` (English if that language lacks it), filled in; a key
    in no catalogue is a `KeyError` naming it."""
    text = _translations(check_lang(lang)).gettext(key)
    return text.format(**fields) if fields else text


def has_text(key: str) -> bool:
    """Whether the catalogues have ``key`` (the English one has every key)."""
    try:
        _translations("en").gettext(key)
    except KeyError:
        return False
    return True


def read_catalogue(lang: str) -> dict[str, str]:
    """The source catalogue of ``lang`` as key -> text, in the file's order (Babel reads the
    ``.po``; for tools and tests, not for the words shown)."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    return {str(m.id): str(m.string) for m in catalog if m.id}


def compile_catalogue(lang: str) -> bytes:
    """The ``.mo`` that Babel compiles from the ``.po`` of ``lang``: what `mo_path` holds."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


class _Catalogues(Mapping[str, Mapping[str, str]]):
    """``TEXT[key][lang]``, read from the ``.po`` sources at the first use."""

    @functools.cached_property
    def _by_key(self) -> dict[str, dict[str, str]]:
        by_lang = {lang: read_catalogue(lang) for lang in LANGUAGES}
        keys = dict.fromkeys(key for lang in LANGUAGES for key in by_lang[lang])
        return {key: {lang: by_lang[lang][key] for lang in LANGUAGES if key in by_lang[lang]}
                for key in keys}

    def __getitem__(self, key: str) -> Mapping[str, str]:
        return self._by_key[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_key)

    def __len__(self) -> int:
        return len(self._by_key)


TEXT: Mapping[str, Mapping[str, str]] = _Catalogues()
"""Every key of the catalogues, each with its text in every language: ``TEXT[key][lang]``
(for tests and tools; the views ask `t`)."""
