"""The one catalogue, `settemezzo.i18n.TEXT`: every key in every language, the same fields;
the one formatter of numbers, percentages and scores per language; the advice in words.
"""

from __future__ import annotations

import string

import pytest

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
)


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

    root = pathlib.Path(__file__).parent.parent / "settemezzo"
    literal = re.compile(r"""\bt\(\s*["']([^"'{}]+)["']\s*[,)]""")
    used = {(path.name, key) for path in root.rglob("*.py")
            for key in literal.findall(path.read_text("utf-8"))}
    assert used
    assert not [(name, key) for name, key in used if key not in TEXT]


# ---------------------------------------------------------------------------------------------
# one formatter per kind of number
# ---------------------------------------------------------------------------------------------

def test_numbers_and_percentages_as_each_language_writes_them() -> None:
    # by hand: 0.2113579 is 21.13579%; Italian, Spanish and French write a decimal comma,
    # French a narrow no-break space before the percent sign
    assert [percent(0.2113579, lang) for lang in LANGUAGES] == [
        "21.1%", "21,1%", "21,1%", "21,1\u202f%"]
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

    root = pathlib.Path(__file__).parent.parent / "settemezzo"
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
    "the player never splits into more than two hands (split_figures=12 allows 12) and never "
    "swaps inside a split hand: the player's value is at least this (the banker's edge at most "
    "this)")


def test_the_english_advice_is_the_readme_s() -> None:
    from settemezzo.rules import ITALIAN
    from settemezzo.tables import advise

    a = advise("J", ["Q"], rules=ITALIAN.with_variants("split_figures=2"),
               against="threshold:5")
    assert (a.hole, a.up, a.split_verdict, a.restriction_codes) == ("½", ("½",), "yes", ())
    assert str(a) == advice_text(a, "en") == README_ADVICE
    assert advice_sentence(a) + " " + split_sentence(a) == README_ADVICE


def test_the_restriction_in_words() -> None:
    from settemezzo.game import restriction_codes
    from settemezzo.rules import SPANISH

    codes = restriction_codes(SPANISH)
    assert restriction_text(codes, "en", SPANISH.split_figures) == README_RESTRICTION
    assert restriction_text((), "fr") == ""
    for lang in LANGUAGES[1:]:
        text = restriction_text(codes, lang, 12)
        assert "split_figures=12" in text and "{" not in text
    with pytest.raises(ValueError, match="'fold'"):
        restriction_text(("fold",))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_advice_speaks_every_language(lang: str) -> None:
    from settemezzo.rules import ITALIAN
    from settemezzo.tables import advise

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
