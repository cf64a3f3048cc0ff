"""Rule sets: a frozen `Rules` dataclass, the presets `ITALIAN` and `SPANISH`, every variant knob.

Each knob is one decision of ``RULES.md``; any combination can be built and is validated.

>>> ITALIAN.describe()
'Italian rules'
>>> ITALIAN.with_variants("royal", "burn=3,4").describe()
'Italian rules + royal 7½ + burn 3/4'
>>> Rules(min_stake=-1)
Traceback (most recent call last):
...
settemezzo.rules.RulesError: min_stake must be a positive whole number of chips, got -1
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, Literal

__all__ = ["ITALIAN", "KNOBS", "PRESETS", "SPANISH", "Rules", "RulesError", "next_banker",
           "preset"]


class RulesError(ValueError):
    """A rule knob out of range, or an unknown preset or variant."""


StakeTiming = Literal["before_deal", "after_first_card"]
Reshuffle = Literal["every_hand", "when_exhausted"]
BankPassing = Literal["seven_half", "rotate", "keep"]

_BURN_SETS: tuple[frozenset[int], ...] = (frozenset(), frozenset({4}), frozenset({3, 4}))


@dataclass(frozen=True)
class Rules:
    """One complete rule set. Defaults are the Italian rules of seed 000 with no variant.

    Knobs (see ``RULES.md``):

    - ``royal``: 7 and a figure as the only two cards beats any other 7½, paid double.
    - ``wild_king``: the K♦ counts ½ or any whole number 1..7, at its owner's choice.
    - ``pair_of_sevens``: exactly two 7s beat everything, shown at once, paid triple.
    - ``burn``: face-down first cards that may be thrown away (``{4}`` or ``{3, 4}``).
    - ``ties_push``: a tie returns the stake.
    - ``swap_hidden``: on asking for a card, the face-down card may be turned up and the new
      card taken face down.
    - ``split_figures``: most hands a player may split into (1 = no splitting; 2 = seed 000;
      12 = seed 002, one more hand for every further figure).
    - ``stake_timing``: stakes before the deal, or after looking at the first card.
    - ``min_stake``/``max_stake``: table limits (in round 1 when ``rounds`` is set).
    - ``final_min_stake``/``final_max_stake``: the limits in the last round (linear in between).
    - ``seven_half_pays``: how many stakes a player's 7½ wins when the banker does not bust.
    - ``reshuffle``: a fresh deck every hand, or only when it runs out.
    - ``bank_passing``: on a player's 7½ (Italy), rotate every hand, or keep until eliminated
      or beaten by a 7½ (Spanish variant).
    - ``starting_chips``: chips each player starts with, for 2, 3, ..., 8 players.
    - ``rounds``: hands in a game (``None``: no set end).
    """

    name: str = "Italian"
    royal: bool = False
    wild_king: bool = False
    pair_of_sevens: bool = False
    burn: frozenset[int] = field(default_factory=frozenset)
    ties_push: bool = False
    swap_hidden: bool = False
    split_figures: int = 1
    stake_timing: StakeTiming = "before_deal"
    min_stake: int = 1
    max_stake: int = 10
    final_min_stake: int | None = None
    final_max_stake: int | None = None
    seven_half_pays: int = 1
    reshuffle: Reshuffle = "every_hand"
    bank_passing: BankPassing = "seven_half"
    starting_chips: tuple[int, ...] = (50, 50, 50, 50, 50, 50, 50)
    rounds: int | None = None

    def __post_init__(self) -> None:
        for name in ("royal", "wild_king", "pair_of_sevens", "ties_push", "swap_hidden"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise RulesError(f"{name} must be True or False, got {v!r}")
        burn = self.burn
        if not isinstance(burn, frozenset):
            try:
                burn = frozenset(int(x) for x in burn)
            except (TypeError, ValueError):
                raise RulesError(
                    f"burn must be a set of face values, {{4}} or {{3, 4}}, got {self.burn!r}"
                ) from None
            object.__setattr__(self, "burn", burn)
        if burn not in _BURN_SETS:
            raise RulesError(
                f"burn must be empty, {{4}} or {{3, 4}} (seed 000), got {set(burn)!r}")
        _check_int("split_figures", self.split_figures, 1, 12,
                   "1 (no splitting), 2 (seed 000) up to 12 (one hand per figure)")
        _check_choice("stake_timing", self.stake_timing, ("before_deal", "after_first_card"))
        _check_choice("reshuffle", self.reshuffle, ("every_hand", "when_exhausted"))
        _check_choice("bank_passing", self.bank_passing, ("seven_half", "rotate", "keep"))
        _check_int("min_stake", self.min_stake, 1, None, "a positive whole number of chips")
        _check_int("max_stake", self.max_stake, 1, None, "a positive whole number of chips")
        if self.max_stake < self.min_stake:
            raise RulesError(
                f"max_stake {self.max_stake!r} is below min_stake {self.min_stake!r}")
        for name in ("final_min_stake", "final_max_stake"):
            v = getattr(self, name)
            if v is not None:
                _check_int(name, v, 1, None, "a positive whole number of chips, or None")
        if self.rounds is not None:
            _check_int("rounds", self.rounds, 1, None, "a positive number of hands, or None")
        lo, hi = self.stake_limits(self.rounds or 1)
        if hi < lo:
            raise RulesError(f"final_max_stake {hi!r} is below final_min_stake {lo!r}")
        _check_int("seven_half_pays", self.seven_half_pays, 1, 2, "1 (Italy) or 2 (Spain)")
        chips = self.starting_chips
        if (not isinstance(chips, tuple) or len(chips) != 7
                or not all(isinstance(c, int) and not isinstance(c, bool) and c > 0
                           for c in chips)):
            raise RulesError(
                f"starting_chips must be 7 positive whole numbers (for 2..8 players), "
                f"got {chips!r}")

    # -- derived -----------------------------------------------------------------------------
    @property
    def rotate_bank(self) -> bool:
        """The bank moves to the next player after every hand."""
        return self.bank_passing == "rotate"

    @property
    def stake_after_first_card(self) -> bool:
        return self.stake_timing == "after_first_card"

    def chips_for(self, players: int) -> int:
        """Starting chips per player at a table of ``players`` people (2..8), banker included."""
        _check_int("players", players, 2, 8, "2 to 8 people at the table")
        return self.starting_chips[players - 2]

    def stake_limits(self, round_number: int = 1) -> tuple[int, int]:
        """(min, max) stake in a round: linear from round 1 to the last, nearest chip."""
        _check_int("round_number", round_number, 1, None, "a round number from 1")
        lo0, hi0 = self.min_stake, self.max_stake
        lo1 = self.final_min_stake if self.final_min_stake is not None else lo0
        hi1 = self.final_max_stake if self.final_max_stake is not None else hi0
        if self.rounds is None or self.rounds == 1:
            return lo0, hi0
        t = Fraction(min(round_number, self.rounds) - 1, self.rounds - 1)
        return _nearest(lo0 + t * (lo1 - lo0)), _nearest(hi0 + t * (hi1 - hi0))

    def describe(self) -> str:
        """One line naming the rule set, for chart titles: 'Italian rules + royal 7½'."""
        base = PRESETS.get(self.name.lower())
        if base is None:
            base = ITALIAN
        parts = [f"{self.name} rules"]
        for f in fields(self):
            if f.name == "name":
                continue
            mine, theirs = getattr(self, f.name), getattr(base, f.name)
            if mine != theirs:
                parts.append(_describe_knob(f.name, mine))
        return " + ".join(parts)

    def with_variants(self, *variants: str) -> Rules:
        """Apply ``KNOB`` or ``KNOB=VALUE`` strings, as the CLI's ``--variant`` does."""
        changes: dict[str, Any] = {}
        for v in variants:
            key, value = _parse_variant(v)
            changes[key] = value
        return replace(self, **changes)

    def __repr__(self) -> str:
        base = PRESETS.get(self.name.lower(), ITALIAN)
        diffs = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)]
        inner = ", ".join([f"name={self.name!r}", *diffs])
        return f"Rules({inner})"


def _nearest(x: Fraction) -> int:
    """Nearest whole chip, halves rounded up."""
    return int((x + Fraction(1, 2)) // 1)


def _check_int(name: str, v: object, lo: int, hi: int | None, allowed: str) -> None:
    if (not isinstance(v, int) or isinstance(v, bool) or v < lo
            or (hi is not None and v > hi)):
        raise RulesError(f"{name} must be {allowed}, got {v!r}")


def _check_choice(name: str, v: object, allowed: tuple[str, ...]) -> None:
    if v not in allowed:
        raise RulesError(f"{name} must be one of {', '.join(map(repr, allowed))}; got {v!r}")


_KNOB_LABELS = {
    "royal": "royal 7½",
    "wild_king": "wild K♦",
    "pair_of_sevens": "pair of sevens",
    "ties_push": "ties push",
    "swap_hidden": "swap hidden card",
}


def _describe_knob(name: str, value: object) -> str:
    if isinstance(value, bool):
        label = _KNOB_LABELS.get(name, name.replace("_", " "))
        return label if value else f"no {label}"
    if name == "burn":
        assert isinstance(value, frozenset)
        return "burn " + "/".join(str(x) for x in sorted(value)) if value else "no burning"
    if name == "split_figures":
        return "no splitting" if value == 1 else f"split figures (up to {value} hands)"
    if name == "bank_passing":
        return {"rotate": "bank rotates", "keep": "banker keeps the bank",
                "seven_half": "bank passes on 7½"}[str(value)]
    if name == "seven_half_pays":
        return f"7½ pays {value}:1"
    return f"{name.replace('_', ' ')} {value}"


KNOBS: dict[str, str] = {
    "royal": "7 and a figure as the only two cards: beats any 7½, paid double",
    "wild_king": "the K♦ counts ½ or any whole number 1..7",
    "pair_of_sevens": "exactly two 7s beat everything, paid triple",
    "burn": "a face-down first card of 4 (burn=4) or 3 or 4 (burn=3,4) may be thrown away",
    "ties_push": "a tie returns the stake",
    "rotate_bank": "the bank moves to the next player after every hand",
    "keep_bank": "the banker keeps the bank until eliminated or beaten by a 7½ (Spain)",
    "swap_hidden": "on a hit, the face-down card may be turned up, the new card kept hidden",
    "split_figures": "split two first figures into two hands (=N: up to N hands)",
    "stake_timing": "before_deal or after_first_card",
    "seven_half_pays": "stakes a player's 7½ wins when the banker does not bust (1 or 2)",
    "reshuffle": "every_hand or when_exhausted",
    "min_stake": "table minimum stake", "max_stake": "table maximum stake",
    "rounds": "hands in a game",
}

_TRUE = {"", "1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _parse_variant(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    key = key.strip().lower().replace("-", "_")
    raw = raw.strip()
    if key not in KNOBS:
        raise RulesError(
            f"unknown variant {text!r}; known knobs: {', '.join(sorted(KNOBS))}")
    low = raw.lower()
    if key in ("royal", "wild_king", "pair_of_sevens", "ties_push", "swap_hidden",
               "rotate_bank", "keep_bank"):
        if low not in _TRUE | _FALSE:
            raise RulesError(f"variant {text!r}: {key} takes on/off, got {raw!r}")
        on = low in _TRUE
        if key == "rotate_bank":
            return "bank_passing", "rotate" if on else "seven_half"
        if key == "keep_bank":
            return "bank_passing", "keep" if on else "seven_half"
        return key, on
    if key == "burn":
        if low in _FALSE:
            return key, frozenset()
        try:
            values = frozenset(int(x) for x in (raw or "4").replace("/", ",").split(","))
        except ValueError:
            raise RulesError(f"variant {text!r}: burn takes 4 or 3,4, got {raw!r}") from None
        return key, values
    if key == "split_figures":
        # a number is the most hands (1: no splitting), so "1" is not "on" here
        if low in _FALSE:
            return key, 1
        if low in _TRUE - {"1"}:
            return key, 2
    if key in ("stake_timing", "reshuffle"):
        return key, raw
    try:
        return key, int(raw)
    except ValueError:
        raise RulesError(f"variant {text!r}: {key} takes a whole number, got {raw!r}") from None


ITALIAN = Rules()
"""Seed 000 with no variant: stakes before the deal, 1:1, bank passes on a player's 7½."""

SPANISH = Rules(
    name="Spanish",
    swap_hidden=True,
    split_figures=12,
    stake_timing="after_first_card",
    min_stake=2,
    max_stake=5,
    final_min_stake=6,
    final_max_stake=12,
    seven_half_pays=2,
    bank_passing="rotate",
    starting_chips=(32, 28, 25, 22, 20, 18, 17),
    rounds=15,
)
"""Seed 002: stake after the first card, 7½ pays 2:1, one hidden card, figures split."""

PRESETS: dict[str, Rules] = {"italian": ITALIAN, "spanish": SPANISH}


def preset(name: str | Rules) -> Rules:
    """A preset by name ('italian', 'spanish'; also 'it', 'es'), or a `Rules` unchanged."""
    if isinstance(name, Rules):
        return name
    key = str(name).strip().lower()
    key = {"it": "italian", "italiano": "italian", "sette": "italian", "es": "spanish",
           "espanol": "spanish", "español": "spanish", "siete": "spanish"}.get(key, key)
    if key not in PRESETS:
        raise RulesError(f"unknown rule set {name!r}; choose from {', '.join(PRESETS)}")
    return PRESETS[key]


BankMove = Literal["kept", "7½", "rotation", "elimination"]


def next_banker(rules: Rules, banker: int, seats: int,
                players: tuple[tuple[int, tuple[int, ...]], ...], banker_score: int,
                active: tuple[bool, ...]) -> tuple[int, BankMove]:
    """Who holds the bank after a hand, and why: the one rule of RULES.md ("Who takes the
    bank"; docs/rules.md), which the compiled engine (`settemezzo.simulate.engine.pass_bank`)
    and every table follow.

    ``players``: ``(seat, scores of its hands)`` in playing order (anticlockwise from the
    banker); scores as in `settemezzo.hands.score` (0 bust, 1..15 half-points, 16 royal 7½,
    17 pair of sevens); ``banker_score`` likewise, -1 if the banker did not play.
    ``active``: per seat (``seats`` of them), still in the game after this hand.

    - ``rotate``: the bank moves to the next seat still in, anticlockwise.
    - Otherwise the first hand in playing order that is a 7½ (with ``royal``: only a royal
      7½) and beats the banker's hand takes it; a tie never does (under ``ties_push`` too),
      nor does a pair of sevens.
    - Else a banker still in keeps it. An eliminated banker's bank goes to the next seat still
      in; under ``keep`` to the best result of the round among those still in (equal results:
      the first anticlockwise), or the next seat still in if every hand was bust.

    >>> next_banker(ITALIAN, 0, 3, ((1, (15,)), (2, (10,))), 12, (True, True, True))
    (1, '7½')
    >>> next_banker(ITALIAN, 0, 3, ((1, (15,)), (2, (10,))), 15, (True, True, True))
    (0, 'kept')
    """
    def next_in() -> int:
        for t in range(1, seats + 1):
            if active[(banker + t) % seats]:
                return (banker + t) % seats
        return banker

    if rules.bank_passing == "rotate":
        return next_in(), "rotation"
    want = 16 if rules.royal else 15
    for seat, scores in players:
        if any(sc == want and sc > banker_score for sc in scores):
            return seat, "7½"
    if active[banker]:
        return banker, "kept"
    best, new = 0, next_in()
    if rules.bank_passing == "keep":
        for seat, scores in players:
            top = max(scores, default=0)
            if active[seat] and top > best:
                best, new = top, seat
    return new, "elimination"
