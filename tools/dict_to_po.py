"""Move a table of words from Python into the gettext catalogues of `settemezzo.i18n`.

``python -m tools.dict_to_po MODULE:NAME`` imports ``NAME`` from ``MODULE``, a
``dict[str, dict[str, str]]`` (key -> {lang: text}, every language of
`settemezzo.i18n.LANGUAGES`), adds its keys to each language's ``.po`` source and compiles
the ``.mo`` files `settemezzo.i18n.t` reads. A key already in the catalogues with another
text is an error (``--replace`` takes the new text). ``python -m tools.dict_to_po --compile``
only recompiles the ``.mo`` files, after a translator has edited a ``.po``.

The ``.po`` files are written in one fixed form (a fixed date, no wrapping, the keys in
order), so that a change to the words is a diff of those words only. No entry is flagged
``python-brace-format``: gettext's tools would compare its ``{fields}`` with the msgid, which
is a key; ``tests/test_i18n.py`` compares them with the English text instead.
"""

from __future__ import annotations

import argparse
import importlib
import string
import sys
from collections.abc import Mapping, Sequence

from settemezzo.i18n.catalogue import (
    LANGUAGES,
    compile_catalogue,
    mo_path,
    po_path,
    read_catalogue,
)

Table = Mapping[str, Mapping[str, str]]

CREATED = "2026-12-01 00:00+0000"
"""When the catalogues were made: a fixed header date, so that compiling twice gives the same
.mo (Babel would write the time of compiling)."""


def quote(text: str) -> str:
    """``text`` as a .po string literal."""
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t").replace("\r", "\\r"))
    return f'"{escaped}"'


def _header(lang: str) -> str:
    from babel.messages.plurals import get_plural

    fields = ("Project-Id-Version: settemezzo", f"POT-Creation-Date: {CREATED}",
              f"Language: {lang}", "MIME-Version: 1.0",
              "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit",
              f"Plural-Forms: {get_plural(lang).plural_forms}")
    return "\n".join([
        f"# The words settemezzo shows, in {lang}: msgid is the key that settemezzo.i18n.t",
        "# looks up, msgstr the text; a translator comment gives each key's English text.",
        'msgid ""', 'msgstr ""', *(quote(f + "\n") for f in fields)]) + "\n"


def po_text(lang: str, entries: Mapping[str, str], english: Mapping[str, str]) -> str:
    """The whole .po source of ``lang``: the header, then one entry per key in order."""
    blocks = [_header(lang)]
    for key, text in entries.items():
        lines = [] if lang == "en" else [f"#. en: {english[key]}".replace("\n", "\\n")]
        lines += [f"msgid {quote(key)}", f"msgstr {quote(text)}"]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _check(table: Table) -> None:
    """Every key has every language, each with the fields of its English text."""
    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}

    for key, entry in table.items():
        if "." not in key:
            raise ValueError(f"key {key!r} has no namespace (e.g. 'cli.{key}')")
        missing = [lang for lang in LANGUAGES if not entry.get(lang)]
        if missing:
            raise ValueError(f"key {key!r} has no text in {', '.join(missing)}")
        odd = [lang for lang in LANGUAGES if fields(entry[lang]) != fields(entry["en"])]
        if odd:
            raise ValueError(f"key {key!r}: the fields in {', '.join(odd)} differ from English")


def merge(table: Table, *, replace: bool = False) -> dict[str, dict[str, str]]:
    """Each language's catalogue with the keys of ``table`` added (after the ones it has)."""
    _check(table)
    merged = {lang: read_catalogue(lang) if po_path(lang).exists() else {}
              for lang in LANGUAGES}
    clash = sorted(k for k, e in table.items() for lang in LANGUAGES
                   if merged[lang].get(k, e[lang]) != e[lang])
    if clash and not replace:
        raise ValueError(f"keys already in the catalogues with another text (--replace to "
                         f"take the new one): {', '.join(dict.fromkeys(clash))}")
    for lang in LANGUAGES:
        merged[lang].update({k: e[lang] for k, e in table.items()})
    return merged


def write(catalogues: Mapping[str, Mapping[str, str]]) -> None:
    """Write each language's .po source, then compile its .mo."""
    for lang in LANGUAGES:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(po_text(lang, catalogues[lang], catalogues["en"]), "utf-8")
    compile_all()


def compile_all() -> None:
    """Compile every .po source into the .mo that `settemezzo.i18n.t` reads."""
    for lang in LANGUAGES:
        mo_path(lang).write_bytes(compile_catalogue(lang))


def _table(spec: str) -> Table:
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ValueError(f"expected MODULE:NAME (e.g. settemezzo.cli.help_texts:HELP), "
                         f"got {spec!r}")
    table = getattr(importlib.import_module(module), name)
    if not isinstance(table, Mapping):
        raise ValueError(f"{spec} is a {type(table).__name__}, not a dict of key -> "
                         "{lang: text}")
    return table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.dict_to_po", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", nargs="?", help="MODULE:NAME of a dict key -> {lang: text}")
    parser.add_argument("--replace", action="store_true",
                        help="a key already in the catalogues takes the new text")
    parser.add_argument("--compile", action="store_true", help="only recompile the .mo files")
    args = parser.parse_args(argv)
    if args.compile:
        compile_all()
        return 0
    if not args.table:
        parser.error("give MODULE:NAME, or --compile")
    try:
        table = _table(args.table)
        write(merge(table, replace=args.replace))
    except (ValueError, ImportError, AttributeError) as e:
        print(f"dict_to_po: {e}", file=sys.stderr)
        return 2
    print(f"{len(table)} keys from {args.table} in {', '.join(LANGUAGES)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
