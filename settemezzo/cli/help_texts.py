"""The help texts of the ``settemezzo`` command, read from the catalogues (`settemezzo.i18n`).

Every help text is a catalogue key under ``cli.help.`` (``cli.help.COMMAND.OPTION``), in en,
it, es and fr like every other word; `help_text` looks one up. A text may name fields in
braces (``{presets}``), filled in by `help_text`; argparse reads a help text as a %-format, so
none holds a bare percent sign.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from settemezzo.i18n import LANGUAGES, TEXT, has_text, t

__all__ = ["HELP", "HELP_LANGS", "PREFIX", "help_text", "is_help_key"]

HELP_LANGS = LANGUAGES
"""The languages every help text is written in."""

PREFIX = "cli.help."
"""The catalogue namespace of the help texts."""


def is_help_key(key: str) -> bool:
    """Whether the catalogues hold ``key`` as a help text."""
    return key.startswith(PREFIX) and has_text(key)


def help_text(key: str, lang: str = "en", **fields: object) -> str:
    """The help text ``key`` in ``lang`` (English for a language it does not know: the help
    is printed before ``--lang`` is checked), with ``fields`` filled in."""
    return t(key, lang if lang in LANGUAGES else "en", **fields)


class _HelpTexts(Mapping[str, Mapping[str, str]]):
    """The catalogues' help texts, key -> {language: text} (for tests and tools)."""

    def _keys(self) -> list[str]:
        return [key for key in TEXT if key.startswith(PREFIX)]

    def __getitem__(self, key: str) -> Mapping[str, str]:
        if not key.startswith(PREFIX):
            raise KeyError(key)
        return TEXT[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())


HELP: Mapping[str, Mapping[str, str]] = _HelpTexts()
"""Every help text of the command line: key -> {language: text}."""
