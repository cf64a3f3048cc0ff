"""The strict HTTP layer's pieces that read what a visitor sent
(`settemezzo.classroom_server.httpio`): cookies read leniently, form fields as whole numbers,
and the refusal's HTTP status. Whole requests are tried against a running server in
``test_security.py``."""

from __future__ import annotations

import pytest

from settemezzo.classroom_server.httpio import RequestError, parse_cookies, whole
from settemezzo.errors import InputError


def test_cookies_are_read_leniently() -> None:
    assert parse_cookies("") == {}
    assert parse_cookies("sm_lang=it") == {"sm_lang": "it"}
    # no '=', no name, a second value under one name, quotes, spaces
    assert parse_cookies(' junk ; =x;a = 1 ;a=2; q="v"; e=') == {"a": "1", "q": "v", "e": ""}


@pytest.mark.parametrize(("value", "got"), [("1", 1), ("100", 100), ("007", 7)])
def test_a_field_in_range_is_its_number(value: str, got: int) -> None:
    assert whole({"hand": value}, "hand", 1, 100) == got


@pytest.mark.parametrize("value", ["", "0", "101", "-3", "+3", " 3", "3.0", "1e2", "²", "٣",
                                   "1" * 10])
def test_anything_else_is_a_400_naming_the_field(value: str) -> None:
    with pytest.raises(RequestError, match="field 'hand' must be a whole number from 1 to "
                                           "100") as err:
        whole({"hand": value}, "hand", 1, 100)
    assert err.value.status == 400
    assert isinstance(err.value, InputError)


def test_a_missing_field_is_refused_too() -> None:
    with pytest.raises(RequestError, match="got ''"):
        whole({}, "hand", 1, 100)


def test_a_long_value_is_quoted_cut_short() -> None:
    with pytest.raises(RequestError) as err:
        whole({"hand": "x" * 5000}, "hand", 1, 100)
    assert len(str(err.value)) < 120
