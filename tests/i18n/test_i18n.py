"""The gettext catalogues of `settemezzo.i18n` (`TEXT`, read from the .po sources, and the
compiled .mo files `t` reads): every key in every language, the same fields; the one writer
of numbers, percentages and scores per language (Babel, CLDR); the advice in words.
"""

from __future__ import annotations

import string

import pytest

from settemezzo.errors import InputError
from settemezzo.i18n import (
    LANGUAGES,
    TEXT,
    UnknownLanguageError,
    advice_sentence,
    advice_text,
    number,
    percent,
    points,
    restriction_text,
    score_label,
    split_sentence,
    stakes,
    t,
    whole,
)
from settemezzo.i18n.catalogue import mo_path, read_catalogue


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_every_key_is_namespaced() -> None:
    bad = [k for k in TEXT if "." not in k or not all(k.split("."))]
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_has_the_fields_of_english(lang: str) -> None:
    for key, entry in TEXT.items():
        if lang in entry:
            assert _fields(entry[lang]) == _fields(entry["en"]), (key, lang)


def test_every_key_is_in_every_language() -> None:
    assert LANGUAGES == ("en", "it", "es", "fr")
    missing = [(k, lang) for k, e in TEXT.items() for lang in LANGUAGES if not e.get(lang)]
    assert not missing
    assert all(set(e) == set(LANGUAGES) for e in TEXT.values())
    # each language's catalogue has every key of the others, and nothing else
    keys = {lang: set(read_catalogue(lang)) for lang in LANGUAGES}
    assert all(keys[lang] == keys["en"] for lang in LANGUAGES)
    assert len(keys["en"]) == len(TEXT) > 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_compiled_catalogue_is_its_source(lang: str) -> None:
    # the committed .mo holds exactly the messages of the .po (else: python -m
    # tools.dict_to_po --compile), and every word t() looks up in it is the source's
    from babel.messages.mofile import read_mo

    with mo_path(lang).open("rb") as f:
        compiled = {m.id: m.string for m in read_mo(f) if m.id}
    source = read_catalogue(lang)
    assert compiled == source
    assert all(t(key, lang) == text for key, text in source.items())


def test_an_unknown_language_joins_the_error_family() -> None:
    assert issubclass(UnknownLanguageError, InputError)
    with pytest.raises(InputError, match="choose from en, it, es, fr"):
        percent(0.5, "xx")


def test_an_unknown_language_or_key_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match="'de'"):
        t("chart.stand", "de")
    with pytest.raises(KeyError, match=r"no\.such"):
        t("no.such", "en")


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    # every literal first argument of t(...) in the package (keys built with an f-string are
    # checked by the views' own tests, which render every language)
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2] / "settemezzo"
    literal = re.compile(r"""\bt\(\s*["']([^"'{}]+)["']\s*[,)]""")
    used = {(path.name, key) for path in root.rglob("*.py")
            for key in literal.findall(path.read_text("utf-8"))}
    assert used
    assert not [(name, key) for name, key in used if key not in TEXT]


# ---------------------------------------------------------------------------------------------
# one formatter per kind of number
# ---------------------------------------------------------------------------------------------

def test_numbers_and_percentages_as_each_language_writes_them() -> None:
    # by hand: 0.2113579 is 21.13579%; Italian, Spanish and French write a decimal comma;
    # CLDR's percent pattern puts a no-break space (U+00A0) before the sign in Spanish and
    # French ("#,##0 %"), none in English and Italian ("#,##0%")
    assert [percent(0.2113579, lang) for lang in LANGUAGES] == [
        "21.1%", "21,1%", "21,1\u00a0%", "21,1\u00a0%"]
    # CLDR's grouping: a comma, a dot, a narrow no-break space (U+202F) in French
    assert [whole(1234567.4, lang) for lang in LANGUAGES] == [
        "1,234,567", "1.234.567", "1.234.567", "1\u202f234\u202f567"]
    assert number(-1234.5, "fr", 1) == "−1\u202f234,5"
    assert percent(0.0, "en", 0) == "0%" and percent(1, "it", 2) == "100,00%"
    assert number(-0.4241, "en", 3) == "−0.424"                 # a true minus in charts
    assert number(-0.4241, "en", 3, typeset=False) == "-0.424"  # plain text keeps ASCII
    assert stakes(0.5714, "es") == "+0,571" and stakes(-0.4241) == "-0.424"
    # a value not available is a word in each language, never 'nan%'
    assert [percent(float("nan"), lang) for lang in LANGUAGES] == ["n/a", "n.d.", "n/d", "n.d."]
    assert number(None, "fr", 3) == "n.d." and number(float("nan"), "en") == "n/a"
    # the command line's percentages are Python's own '%' format, digit for digit
    for x in (0.21135793, 0.69230769, 1 / 3, 0.00449, 0.5):
        assert percent(x, "en", 6, typeset=False) == f"{x:.6%}"
        assert percent(x, "en", 0, typeset=False) == f"{x:.0%}"
        assert percent(x, "en", 3, sign=True, typeset=False) == f"{x:+.3%}"


@pytest.mark.parametrize("x", [2.675, 0.125, 0.375, -0.0004, -0.0, 1e-7, 1234567.891, 0.1 + 0.2,
                               1 / 3, -2.5, 1e15 / 3])
@pytest.mark.parametrize("digits", [0, 1, 2, 3, 6])
def test_numbers_round_as_python_does(x: float, digits: int) -> None:
    # Babel writes the digits Python's own format rounds to (half to even on the float's
    # exact value: 2.675 is 2.67499..., so '2.67'), the sign of -0.0004 included
    assert number(x, "en", digits, typeset=False) == f"{x:,.{digits}f}"
    assert number(x, "en", digits, sign=True, typeset=False) == f"{x:+,.{digits}f}"
    italian = f"{x:,.{digits}f}".replace(",", " ").replace(".", ",").replace(" ", ".")
    assert number(x, "it", digits, typeset=False) == italian


def test_scores_in_words() -> None:
    assert [score_label(s, "en") for s in (0, 1, 13, 15, 16, 17)] == [
        "bust", "½", "6½", "7½", "royal 7½", "pair of sevens"]
    assert [score_label(0, lang) for lang in LANGUAGES] == [
        "bust", "sballato", "pasado", "sauté"]
    assert points(9) == "4½" and points(10) == "5"
    with pytest.raises(UnknownLanguageError):
        score_label(5, "de")


def test_no_view_formats_a_number_itself() -> None:
    # widgets, charts and the class report write numbers only through i18n (number, percent,
    # stakes, points, score_label); a format spec like {x:.1%} or {x:+.3f} there is a copy
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2] / "settemezzo"
    views = [*root.glob("widgets/*.py"), *root.glob("plots/*.py"),
             *root.glob("classroom_server/*.py")]
    spec = re.compile(r"\{[^{}:]+:[+]?\.\d+[f%]\}")
    machine = ("left", "zero", "width", "time.time()")  # CSS geometry, a form's timestamp
    found = [(p.name, m) for p in views for m in spec.findall(p.read_text("utf-8"))
             if not any(x in m for x in machine)]
    assert not found


# ---------------------------------------------------------------------------------------------
# the advice: the engine gives data, the catalogue the words
# ---------------------------------------------------------------------------------------------

# The README's `settemezzo advise` output, printed by the engine's own English f-strings before
# the words moved to the catalogue: the reference the English rendering must keep.
README_ADVICE = (
    "face-down ½, up ½: HIT - worth 0.181 stakes more than to stand (stand -0.464, hit -0.282 "
    "stakes; a hit busts 11% of the time) against the threshold:5 banker. Split them? SPLIT: "
    "splitting is worth -0.168 stakes in all (two hands), playing on as one hand -0.282.")
README_RESTRICTION = (
    "the player never splits into more than two hands (the rules allow up to 12) and never "
    "swaps inside a split hand: the player's value is at least this (the banker's edge at most "
    "this)")


def test_the_english_advice_is_the_readme_s() -> None:
    from settemezzo.results.answers import advise
    from settemezzo.rules import ITALIAN

    a = advise("J", ["Q"], rules=ITALIAN.with_variants("split_figures=2"),
               against="threshold:5")
    assert (a.hole, a.up, a.split_verdict, a.restriction_codes) == ("½", ("½",), "yes", ())
    assert advice_text(a) == advice_text(a, "en") == README_ADVICE
    assert advice_sentence(a) + " " + split_sentence(a) == README_ADVICE


def test_the_restriction_in_words() -> None:
    from settemezzo.game import restriction_codes
    from settemezzo.rules import SPANISH

    codes = restriction_codes(SPANISH)
    assert restriction_text(codes, "en", SPANISH.split_figures) == README_RESTRICTION
    assert restriction_text((), "fr") == ""
    for lang in LANGUAGES[1:]:
        text = restriction_text(codes, lang, 12)
        assert "split_figures" not in text and "12" in text and "{" not in text
    with pytest.raises(ValueError, match="'fold'"):
        restriction_text(("fold",))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_advice_speaks_every_language(lang: str) -> None:
    from settemezzo.results.answers import advise
    from settemezzo.rules import ITALIAN

    a = advise("J", ["Q"], rules=ITALIAN.with_variants("split_figures=2"),
               against="threshold:5")
    text = advice_text(a, lang)
    assert "{" not in text and "}" not in text
    # the numbers as the language writes them: 0.181 stakes, -0.168 when splitting, 11%
    comma = lang != "en"
    for value in ("0.181", "-0.464", "-0.282", "-0.168"):
        assert (value.replace(".", ",") if comma else value) in text
    assert percent(a.bust_if_hit, lang, 0) in text
    assert t(f"ui.{a.best}", lang).upper() in text


def test_the_charts_font_has_every_character_the_numbers_write() -> None:
    # CLDR's spaces (U+00A0 before '%', U+202F between French thousands) and the typeset
    # minus must be glyphs of matplotlib's default font, not empty boxes on a chart
    pytest.importorskip("matplotlib")
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    font = FT2Font(font_manager.findfont("DejaVu Sans"))
    written = {c for lang in LANGUAGES
               for c in percent(-0.2113579, lang) + whole(1234567, lang) + number(-1.5, lang)}
    assert {"\u00a0", "\u202f", "\u2212"} <= written
    assert not [c for c in written if ord(c) not in font.get_charmap()]
