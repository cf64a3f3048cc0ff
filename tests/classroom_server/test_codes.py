"""The class's codes (`settemezzo.classroom_server.codes`): random codes in letters a person
cannot confuse, compared as typed, kept only as salted hashes."""

from __future__ import annotations

import pytest

from settemezzo.classroom_server.codes import CODE_ALPHABET, hash_code, matches, new_code, typed


def test_the_alphabet_leaves_out_the_characters_people_confuse() -> None:
    assert not set("O0I1") & set(CODE_ALPHABET)
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) == 32


@pytest.mark.parametrize("length", [1, 5, 12])
def test_new_codes_have_the_length_asked_and_differ(length: int) -> None:
    codes = {new_code(length) for _ in range(50)}
    assert all(len(c) == length and set(c) <= set(CODE_ALPHABET) for c in codes)
    if length >= 5:  # 32**5 codes: fifty draws repeat with chance below 1e-4
        assert len(codes) == 50


def test_a_code_is_compared_as_a_person_types_it() -> None:
    assert typed("  k7pq2 ") == "K7PQ2"
    kept = hash_code("K7PQ2")
    assert matches("k7pq2", kept) and matches(" K7PQ2\n", kept)
    assert not matches("K7PQ3", kept) and not matches("", kept)


def test_the_kept_form_is_salted_and_holds_no_code() -> None:
    a, b = hash_code("K7PQ2"), hash_code("K7PQ2")
    assert a != b  # a new salt each time
    assert matches("K7PQ2", a) and matches("K7PQ2", b)
    scheme, rounds, salt, digest = a.split("$")
    assert scheme == "pbkdf2_sha256" and int(rounds) > 0
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert "K7PQ2" not in a


@pytest.mark.parametrize("kept", ["", "K7PQ2", "md5$1$00$00", "pbkdf2_sha256$x$00$00",
                                  "pbkdf2_sha256$5000$zz$00"])
def test_no_code_matches_a_kept_form_that_is_not_a_hash(kept: str) -> None:
    assert not matches("K7PQ2", kept)


def test_a_hash_under_another_scheme_name_does_not_match() -> None:
    _, rounds, salt, digest = hash_code("K7PQ2").split("$")
    assert not matches("K7PQ2", f"pbkdf2_sha1${rounds}${salt}${digest}")
