"""Students' names (`settemezzo.classroom_server.names`): one form of each name, names that
can be seen, and look-alikes that are one name to a reader."""

from __future__ import annotations

import re

import pytest

from settemezzo.classroom_server.names import MAX_NAME, BadNameError, check_name, name_key
from settemezzo.errors import InputError


def test_a_name_is_trimmed_to_single_spaces_and_plain_letters() -> None:
    assert check_name("  Ada \t  Lovelace ") == "Ada Lovelace"
    assert check_name("Ｂｏｂ") == "Bob"  # full-width letters (NFKC)
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME
    assert check_name("José Ñúñez") == "José Ñúñez"  # letters of other languages stay


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_NAME + 1)])
def test_an_empty_or_long_name_is_refused_for_its_length(name: str) -> None:
    with pytest.raises(BadNameError, match=f"1 to {MAX_NAME} characters") as err:
        check_name(name)
    assert err.value.reason == "length"


@pytest.mark.parametrize(("name", "code"), [
    ("Ada\u200bLovelace", "U+200B"),  # zero-width space
    ("A\u202eda", "U+202E"),  # right-to-left override
    ("Ada\x07", "U+0007"),  # a control character
    ("\u3164", "U+1160"),  # a Hangul filler, a letter that draws nothing (NFKC: U+1160)
    ("\u2800", "U+2800"),  # a blank Braille cell
])
def test_an_invisible_character_is_refused_by_its_code_point(name: str, code: str) -> None:
    with pytest.raises(BadNameError, match=re.escape(f"({code})")) as err:
        check_name(name)
    assert err.value.reason == "invisible"
    assert isinstance(err.value, InputError)


def test_signs_alone_are_a_name_that_can_be_seen() -> None:
    assert check_name("!!!") == "!!!"


def test_the_key_folds_case_spaces_and_look_alike_letters() -> None:
    assert name_key("Ada Lovelace") == name_key("ada  lovelace") == "adalovelace"
    assert name_key("\u0410da") == "ada"  # a Cyrillic capital A
    assert name_key("\u0391DA") == "ada"  # a Greek capital Alpha
    assert name_key("B0b") == name_key("Bob")  # a zero drawn like an o
    assert name_key("Ada") != name_key("Eda")
