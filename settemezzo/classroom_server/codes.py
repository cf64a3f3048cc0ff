"""The class's codes: made at random, typed by people, kept only as salted hashes.

The class code is public to the class (it is on the board); the teacher code and each
student's personal code are secrets, so the class database keeps only
``pbkdf2_sha256$iterations$salt$hash`` of them, and `matches` compares in constant time.

>>> kept = hash_code("K7PQ2")
>>> matches(" k7pq2 ", kept), matches("K7PQ3", kept), "K7PQ2" in kept
(True, False, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["CODE_ALPHABET", "hash_code", "matches", "new_code", "typed"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Codes: capital letters and digits a person cannot confuse (no O/0, I/1)."""

ITERATIONS = 5_000
"""PBKDF2 rounds: a few milliseconds per check, so thirty students joining at once do not
wait; the guesses a person can make are bounded by the server's throttle, not by this."""


def new_code(length: int) -> str:
    """A random code of ``length`` characters of `CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def typed(code: str) -> str:
    """A code as a person typed it, made comparable: spaces trimmed, capitals."""
    return str(code).strip().upper()


def hash_code(code: str) -> str:
    """The salted hash of a code (as `typed`), as the database keeps it."""
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", typed(code).encode(), salt, ITERATIONS)
    return f"pbkdf2_sha256${ITERATIONS}${salt.hex()}${digest.hex()}"


def matches(code: str, kept: str) -> bool:
    """True if ``code`` (as typed) is the code whose hash is ``kept``; False for an empty
    ``kept`` (no code set) or one not in the form of `hash_code`."""
    try:
        scheme, rounds, salt, digest = kept.split("$")
        got = hashlib.pbkdf2_hmac("sha256", typed(code).encode(), bytes.fromhex(salt),
                                  int(rounds))
    except ValueError:
        return False
    return scheme == "pbkdf2_sha256" and hmac.compare_digest(got.hex(), digest)
