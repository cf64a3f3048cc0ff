"""The one policy grammar: how a player or a banker is named in text, parsed and written here.

A policy is a base, then options, separated by commas::

    threshold:5                     hit below 5 points (5.5 and 5½ too), stand from there
    threshold:5,split               ... and split two first figures whenever allowed
    threshold:5,stake=max,burn,swap ... the options the simulator's players take
    equilibrium | best | omniscient | table

Bases: ``threshold:K`` (a rule of thumb, ``docs/rules.md``; a bare number ``5`` is read as
``threshold:5``), ``equilibrium`` (the heads-up equilibrium), ``best`` (the best reply to the
other side; ``optimal`` is a synonym), ``omniscient`` (a banker who sees the face-down card),
``table`` (the simulator's table banker). Options: ``split``, ``swap``, ``burn`` (and
``nosplit``, ``noswap``, ``noburn``), ``stake=min|max|N|max-on:7/6``. The old spellings
``threshold:5+split`` and ``threshold:5/split`` read as ``threshold:5,split``.

Each place that takes a policy says which bases and options it accepts (`parse`'s
``bases`` and ``options``); an error there lists exactly those.

>>> p = parse("threshold:5.5,split")
>>> p.kind, p.k, p.split, p.name
('threshold', 11, True, 'threshold:5.5,split')
>>> parse("threshold:5+split").name
'threshold:5,split'
>>> parse("psychic", ("best", "equilibrium"), ("split",), who="player")
Traceback (most recent call last):
...
settemezzo.policy.PolicyError: unknown player policy 'psychic'; use best or equilibrium, ...
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from settemezzo.errors import InputError

__all__ = ["BASES", "OPTIONS", "STAKE_CARDS", "Policy", "PolicyError", "forms",
           "is_threshold", "parse", "parse_threshold", "threshold_name"]


class PolicyError(InputError):
    """A policy text this place does not accept; the message lists what it does accept."""


Kind = Literal["threshold", "equilibrium", "best", "omniscient", "table"]

BASES: dict[str, str] = {
    "threshold:K": "hit below K points, stand from K (e.g. threshold:5, threshold:5.5)",
    "equilibrium": "the heads-up equilibrium (optimal play against an optimal opponent)",
    "best": "the best reply to the other side's policy",
    "omniscient": "a banker who sees the face-down card",
    "table": "the simulator's table banker (the equilibrium against every player at once)",
}
"""Every base a policy can have, with what it means."""

OPTIONS: dict[str, str] = {
    "split": "split two first figures whenever the rules allow (nosplit: never)",
    "swap": "swap the face-down card on every hit under swap_hidden (noswap: never)",
    "burn": "burn a first card the rules allow to burn (noburn: never)",
    "stake": "stake=min, stake=max, stake=N chips, or stake=max-on:7/6 (the maximum on "
             "those first cards; 'fig' for figures)",
}
"""Every option after the base, with what it does."""

_SYNONYMS = {"optimal": "best"}
STAKE_CARDS: dict[str, int] = {"fig": 0, "figure": 0, "½": 0, "0.5": 0, "a": 1, "ace": 1,
                               "kd": 8, "k♦": 8, **{str(v): v for v in range(1, 8)}}
"""The first cards ``stake=max-on:`` may name, with their `settemezzo.cards.Kind` value."""


@dataclass(frozen=True)
class Policy:
    """A parsed policy: its base (``kind``, ``k`` half-points for a threshold) and options."""

    kind: Kind
    k: int = 0
    split: bool = False
    swap: bool = False
    burn: bool = False
    stake: str = "min"

    @property
    def name(self) -> str:
        """The canonical text, which `parse` reads back: 'threshold:5,stake=max,burn'."""
        base = threshold_name(self.k) if self.kind == "threshold" else self.kind
        opts = [] if self.stake == "min" else [f"stake={self.stake}"]
        opts += [o for o in ("burn", "split", "swap") if getattr(self, o)]
        return ",".join([base, *opts])

    @property
    def points(self) -> str:
        """A threshold's K as names write it: '5', '5.5' ("" for other policies)."""
        return threshold_name(self.k).removeprefix("threshold:") if self.kind == "threshold" \
            else ""

    def __str__(self) -> str:
        return self.name


def forms(bases: Sequence[str], options: Sequence[str] = ()) -> str:
    """The policies a place accepts, in words for an error message: 'threshold:K (e.g.
    threshold:5) or best, then the options ,split ,swap'.

    >>> forms(("threshold:K", "omniscient"))
    'threshold:K (e.g. threshold:5) or omniscient'
    """
    words = ["threshold:K (e.g. threshold:5)" if b == "threshold:K" else b for b in bases]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    if options:
        text += ", then the options " + " ".join(
            ",stake=min|max|N|max-on:7/6" if o == "stake" else f",{o}" for o in options)
    return text


def parse(text: str | Policy, bases: Sequence[str] = tuple(BASES),
          options: Sequence[str] = tuple(OPTIONS), *, who: str = "",
          error: type[ValueError] = PolicyError) -> Policy:
    """The policy ``text`` names, if its base is one of ``bases`` and its options among
    ``options``; else ``error`` (a `ValueError` subclass, `PolicyError` by default) quoting
    the text and listing exactly the forms accepted (`forms`). ``who`` ('player', 'banker')
    names the side in the message."""
    if isinstance(text, Policy):
        text = text.name
    if not isinstance(text, str):
        raise error(f"a {who + ' ' if who else ''}policy is text such as 'threshold:5', "
                    f"got {text!r}")
    side = f"{who} policy" if who else "policy"
    low = re.sub(r"[+/](split)$", r",\1", text.strip().lower())
    base, *opts = [p.strip() for p in low.split(",")]
    base = _SYNONYMS.get(base, base)
    if base.replace(".", "", 1).isdigit():
        base = "threshold:" + base
    key = "threshold:K" if base.startswith("threshold:") else base
    if key not in bases:
        raise error(f"unknown {side} {text!r}; use {forms(bases, options)}")
    k = 0
    if key == "threshold:K":
        try:
            k = parse_threshold(base)
        except PolicyError as e:
            raise error(f"bad {side} {text!r}: {e}") from None
    flags = {"split": False, "swap": False, "burn": False}
    stake = "min"
    for o in (o for o in opts if o):
        if o.startswith("stake="):
            name = "stake"
        elif o.startswith("no") and o[2:] in flags:
            name = o[2:]
        else:
            name = o
        if name not in options:
            raise error(f"unknown option {o!r} in {side} {text!r}; use "
                        f"{forms(bases, options)}")
        if name == "stake":
            stake = _stake(o.partition("=")[2], text, error)
        else:
            flags[name] = not o.startswith("no")
    return Policy(key.removesuffix(":K"), k, flags["split"],  # type: ignore[arg-type]
                  flags["swap"], flags["burn"], stake)


def _stake(raw: str, text: str, error: type[ValueError]) -> str:
    """The ``stake=`` option's value, canonical: 'min', 'max', '3', 'max-on:7/6'."""
    low = raw.strip().lower()
    if low in ("min", "max"):
        return low
    if low.isdigit() and int(low) > 0:
        return str(int(low))
    if low.startswith("max-on:"):
        names = [x for y in low.removeprefix("max-on:").split("/") for x in y.split() if x]
        if names and all(x in STAKE_CARDS for x in names):
            return "max-on:" + "/".join(names)
    raise error(f"bad stake policy {raw!r} in {text!r}: use {OPTIONS['stake']}")


_THRESHOLD_TEXT = re.compile(r"-?\d{1,6}(\.\d{1,6})?")


def parse_threshold(k: int | float | Fraction | str) -> int:
    """A stand-at threshold in points (5, 5.5, '5½', 'threshold:5') as half-points.

    >>> parse_threshold("threshold:5.5"), parse_threshold(5)
    (11, 10)
    """
    raw = k
    if isinstance(k, str):
        text = k.strip().lower().removeprefix("threshold:").replace("½", ".5").replace(",", ".")
        if text.startswith("."):
            text = "0" + text
        # plain decimals only: no exponent ('1e99999999' would build a huge integer)
        if not _THRESHOLD_TEXT.fullmatch(text):
            raise PolicyError(f"threshold {raw!r} is not a number of points such as 5 or 5.5")
        k = Fraction(text)
    elif isinstance(k, bool) or not isinstance(k, int | float | Fraction):
        raise PolicyError(f"threshold {raw!r} is not a number of points such as 5 or 5.5")
    elif isinstance(k, float) and not math.isfinite(k):
        raise PolicyError(f"threshold {raw!r} must be a whole or half number of points from ½ "
                         f"to 8")
    half = Fraction(k) * 2
    if half.denominator != 1 or not 1 <= half <= 16:
        raise PolicyError(
            f"threshold {raw!r} must be a whole or half number of points from ½ to 8 "
            f"(hit below it, stand on it)")
    return int(half)


def threshold_name(k: int) -> str:
    """The policy name of a threshold of ``k`` half-points: ``threshold:5``,
    ``threshold:5.5`` (the form `parse_threshold` reads back)."""
    return f"threshold:{k // 2}" if k % 2 == 0 else f"threshold:{k / 2:g}"


def is_threshold(text: str) -> bool:
    """Whether ``text`` names a rule of thumb (``threshold:K`` with any options); False for
    any other policy, and for a name that is no policy at all (a strategy's own name).

    >>> is_threshold("threshold:5,split"), is_threshold("5.5"), is_threshold("equilibrium")
    (True, True, False)
    """
    try:
        return parse(text).kind == "threshold"
    except PolicyError:
        return False
