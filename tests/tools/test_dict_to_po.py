"""`tools.dict_to_po`: a Python table of words becomes catalogue entries, exactly, and a key
that would change or lose a text is refused."""

from __future__ import annotations

import io

import pytest

from settemezzo.i18n import LANGUAGES, TEXT
from tools.dict_to_po import main, merge, po_text

TRICKY = {"cli.help_x": {
    "en": 'a "quoted" word, a back\\slash,\na new line and {n} chips',
    "it": "parola «citata», barra\\inversa,\nnuova riga e {n} fiches",
    "es": "palabra «citada»,\tun tabulador y {n} fichas",
    "fr": "mot « cité » : {n} jetons",
}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_written_entry_reads_back_as_it_was(lang: str) -> None:
    from babel.messages.pofile import read_po

    english = {k: e["en"] for k, e in TRICKY.items()}
    text = po_text(lang, {k: e[lang] for k, e in TRICKY.items()}, english)
    catalog = read_po(io.BytesIO(text.encode("utf-8")), locale=lang)
    assert {m.id: m.string for m in catalog if m.id} == {"cli.help_x": TRICKY["cli.help_x"][lang]}
    assert catalog.locale is not None and str(catalog.locale) == lang
    assert ("#. en: " in text) == (lang != "en")


def test_new_keys_are_added_after_the_catalogues_own() -> None:
    merged = merge(TRICKY)
    for lang in LANGUAGES:
        assert list(merged[lang])[:-1] == list(TEXT)
        assert merged[lang]["cli.help_x"] == TRICKY["cli.help_x"][lang]
    # the same text again is no clash
    assert merge({"chart.stand": dict(TEXT["chart.stand"])})["it"]["chart.stand"] == "sto"


def test_a_table_that_would_lose_or_change_a_word_is_refused() -> None:
    changed = {"chart.stand": {**TEXT["chart.stand"], "it": "resto"}}
    with pytest.raises(ValueError, match=r"chart\.stand.*--replace|--replace.*chart\.stand"):
        merge(changed)
    assert merge(changed, replace=True)["it"]["chart.stand"] == "resto"
    with pytest.raises(ValueError, match=r"'cli\.half' has no text in es, fr"):
        merge({"cli.half": {"en": "half", "it": "metà"}})
    with pytest.raises(ValueError, match=r"'cli\.n': the fields in fr differ"):
        merge({"cli.n": {"en": "{n} x", "it": "{n} x", "es": "{n} x", "fr": "{m} x"}})
    with pytest.raises(ValueError, match="'nodot' has no namespace"):
        merge({"nodot": dict(TEXT["chart.stand"])})


def test_a_bad_table_name_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settemezzo.i18n"]) == 2
    assert "expected MODULE:NAME" in capsys.readouterr().err
    assert main(["settemezzo.i18n:LANGUAGES"]) == 2
    assert "not a dict" in capsys.readouterr().err
