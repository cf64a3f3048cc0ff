"""Rule sets: a frozen `Rules` dataclass, the presets `ITALIAN` and `SPANISH`, every knob.

One table, `KNOB_TABLE`, holds every rule knob: its name, type, default in each preset, label
key in the catalogue (`settemezzo.i18n`) and on/off form. The presets, ``--variant``, the
canonical spec string, the widgets' switches and the edge table's rows all derive from it.
Each knob is one decision of ``docs/rules.md``; any combination can be built and is validated.
The rule questions the rest of the package asks (the wild K\u2666's kind, which first cards may
be burnt, who takes the bank next) are answered here, once. The rules are data: a rule set in
words is `settemezzo.i18n.describe_rules`.

>>> r = ITALIAN.with_variants("royal", "burn=3,4")
>>> r.spec()
'italian+royal+burn=3,4'
>>> from_spec("italian+royal+burn=3,4") == r
True
>>> r.changes()
(('royal', True), ('burn', frozenset({3, 4})))
>>> Rules(min_stake=-1)
Traceback (most recent call last):
...
settemezzo.errors.RulesError: min_stake must be a positive whole number of chips, got -1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, Literal

from settemezzo.cards import SEVEN_AND_A_HALF, Kind, Score, Unseen
from settemezzo.errors import RulesError

__all__ = [
    "CASINO_KNOBS",
    "CASINO_PRESETS",
    "CONRAD",
    "ITALIAN",
    "KNOBS",
    "KNOB_TABLE",
    "PLAYTECH",
    "PRESETS",
    "SANREMO",
    "SPANISH",
    "SWITCHES",
    "Knob",
    "Rules",
    "RulesError",
    "dealt_down",
    "from_spec",
    "home_game",
    "knob",
    "next_banker",
    "preset",
]


StakeTiming = Literal["before_deal", "after_first_card"]
Reshuffle = Literal["every_hand", "when_exhausted"]
BankPassing = Literal["seven_half", "rotate", "keep"]
ForcedDraw = Literal["off", "reach", "beat"]
WildUp = Literal["half", "seven"]
RoyalPays = Literal["2:1", "3:2"]

_BURN_SETS: tuple[frozenset[int], ...] = (frozenset(), frozenset({4}), frozenset({3, 4}))



_TRUE = {"", "1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}

KnobType = Literal["on/off", "cards", "hands", "choice", "count", "chips", "chips or none",
                   "count or none", "chips by table size"]


@dataclass(frozen=True)
class Knob:
    """One rule knob: a field of `Rules`, its type, its default in each preset, its label key
    in the catalogue (`settemezzo.i18n`, ``knob.NAME``) and its on/off form.

    ``on``/``off``: the values a switch takes (``None``: the knob is not a switch);
    ``aliases``: other words that switch it on to a value (``rotate_bank``); ``hand``: it
    changes the game of one hand (the exact engine), not only the session; ``seed000``: how
    seed 000 lists it among its variants (the edge table's rows); ``choices``: the words a
    ``choice`` knob takes; ``cheap``: switched on alone, its equilibrium takes seconds, not
    minutes (the views offer these first).
    """

    name: str
    type: KnobType
    italian: Any
    spanish: Any
    help: str
    on: Any = None
    off: Any = None
    aliases: tuple[tuple[str, Any], ...] = ()
    choices: tuple[str, ...] = ()
    hand: bool = False
    seed000: tuple[str, ...] = ()
    cheap: bool = False

    @property
    def label(self) -> str:
        """The catalogue key of the knob's name (`settemezzo.i18n.t`)."""
        return f"knob.{self.name}"

    @property
    def is_switch(self) -> bool:
        """Whether the knob has an on/off form."""
        return self.on is not None and self.off is not None

    def is_on(self, rules: Rules) -> bool:
        """Whether the switch is on in ``rules`` (any value but its off value)."""
        if not self.is_switch:
            raise RulesError(f"knob {self.name!r} is not an on/off switch")
        return bool(getattr(rules, self.name) != self.off)

    def default(self, preset_name: str) -> Any:
        """The knob's value in the preset ``preset_name`` ('italian' or 'spanish')."""
        return {"italian": self.italian, "spanish": self.spanish}[preset_name]

    def format(self, value: Any) -> str:
        """The value as a spec writes it after ``NAME=``: 'off', '3,4', 'none', '2'..."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, frozenset):
            return ",".join(str(x) for x in sorted(value)) if value else "off"
        if isinstance(value, tuple):
            return ",".join(str(x) for x in value)
        if value is None:
            return "none"
        return str(value)

    def token(self, value: Any) -> str:
        """The spec token setting the knob to ``value``: 'burn=3,4', 'swap_hidden=off'."""
        return f"{self.name}={self.format(value)}"

    def parse(self, raw: str, text: str) -> Any:
        """The value of ``NAME=raw`` (``text`` is the whole token, quoted in errors)."""
        low = raw.strip().lower()
        if self.type == "on/off":
            if low not in _TRUE | _FALSE:
                raise RulesError(f"variant {text!r}: {self.name} takes on/off, got {raw!r}")
            return low in _TRUE
        off_words = _FALSE if self.type in ("cards", "hands") else _FALSE - {"0"}
        if self.is_switch and low in off_words:
            return self.off
        if self.is_switch and low in _TRUE - {"1"}:
            return self.on
        if self.type == "choice":
            return raw.strip()
        if low == "none" and self.type.endswith("or none"):
            return None
        try:
            numbers = tuple(int(x) for x in raw.replace("/", ",").split(","))
        except ValueError:
            raise RulesError(f"variant {text!r}: {self.name} takes {_TAKES[self.type]}, "
                             f"got {raw!r}") from None
        if self.type == "cards":
            return frozenset(numbers)
        if self.type == "chips by table size":
            return numbers
        if len(numbers) != 1:
            raise RulesError(f"variant {text!r}: {self.name} takes {_TAKES[self.type]}, "
                             f"got {raw!r}")
        return numbers[0]


_TAKES = {"cards": "4 or 3,4", "hands": "a whole number of hands",
          "count": "a whole number", "chips": "a whole number",
          "chips or none": "a whole number or none", "count or none": "a whole number or none",
          "chips by table size": "7 whole numbers, e.g. 32,28,25,22,20,18,17"}

_STAKE = "table minimum stake"
KNOB_TABLE: tuple[Knob, ...] = (
    Knob("royal", "on/off", False, False,
         "7 and a figure as the only two cards: beats any 7½, paid double",
         on=True, off=False, hand=True, seed000=("royal",), cheap=True),
    Knob("wild_king", "on/off", False, False, "the K♦ counts ½ or any whole number 1..7",
         on=True, off=False, hand=True, seed000=("wild_king",), cheap=True),
    Knob("pair_of_sevens", "on/off", False, False,
         "exactly two 7s beat everything, paid triple",
         on=True, off=False, hand=True, seed000=("pair_of_sevens",), cheap=True),
    Knob("burn", "cards", frozenset(), frozenset(),
         "a face-down first card of 4 (burn=4) or 3 or 4 (burn=3,4) may be thrown away",
         on=frozenset({4}), off=frozenset(), hand=True, seed000=("burn=4", "burn=3,4")),
    Knob("ties_push", "on/off", False, False, "a tie returns the stake",
         on=True, off=False, hand=True, seed000=("ties_push",), cheap=True),
    Knob("bank_passing", "choice", "seven_half", "rotate",
         "seven_half (a player's 7½ takes it), rotate (rotate_bank: the next player after "
         "every hand) or keep (keep_bank: until eliminated or beaten by a 7½, Spain)",
         off="seven_half", aliases=(("rotate_bank", "rotate"), ("keep_bank", "keep")),
         choices=("seven_half", "rotate", "keep"), seed000=("rotate_bank",)),
    Knob("swap_hidden", "on/off", False, True,
         "on a hit, the face-down card may be turned up, the new card kept hidden",
         on=True, off=False, hand=True, seed000=("swap_hidden",)),
    Knob("split_figures", "hands", 1, 12,
         "split two first figures into two hands (=N: up to N hands; off: 1)",
         on=2, off=1, hand=True, seed000=("split_figures=2",)),
    Knob("stake_timing", "choice", "before_deal", "after_first_card",
         "before_deal or after_first_card", on="after_first_card", off="before_deal",
         choices=("before_deal", "after_first_card"), hand=True),
    Knob("seven_half_pays", "count", 1, 2,
         "stakes a player's 7½ wins when the banker does not bust (1 or 2)",
         on=2, off=1, hand=True, cheap=True),
    Knob("min_stake", "chips", 1, 2, _STAKE + " (in round 1)", hand=True),
    Knob("max_stake", "chips", 10, 5, "table maximum stake (in round 1)", hand=True),
    Knob("final_min_stake", "chips or none", None, 6,
         "minimum stake in the last round (none: as in round 1)"),
    Knob("final_max_stake", "chips or none", None, 12,
         "maximum stake in the last round (none: as in round 1)"),
    Knob("reshuffle", "choice", "every_hand", "every_hand", "every_hand or when_exhausted",
         on="when_exhausted", off="every_hand", choices=("every_hand", "when_exhausted")),
    Knob("starting_chips", "chips by table size", (50,) * 7, (32, 28, 25, 22, 20, 18, 17),
         "chips each player starts with at a table of 2, 3, ..., 8"),
    Knob("rounds", "count or none", None, 15, "hands in a game (none: no set end)"),
    # -- the casino deal (docs/rules.md, "Casino games"; the engine: `settemezzo.casino`)
    Knob("open_deal", "on/off", False, False,
         "the casino deal: the dealer's first card and all the player's cards face up, the "
         "dealer on a house rule", on=True, off=False),
    Knob("decks", "count", 1, 1, "40-card decks in the shoe (1 to 8; open deal only)"),
    Knob("house_draw", "count", 5, 5,
         "the dealer draws while its total is below this many points (1 to 7)"),
    Knob("house_stand_up", "count or none", None, None,
         "the dealer does not draw at all on an up card of this many points or more"),
    Knob("forced_draw", "choice", "off", "off",
         "off, reach (the player may not stand below the dealer's up card) or beat (nor on "
         "it)", on="reach", off="off", choices=("off", "reach", "beat")),
    Knob("tie_to_dealer", "count or none", None, None,
         "a tie on this many points goes to the dealer even where ties push"),
    Knob("wild_up", "choice", "half", "half",
         "half or seven: what the dealer's wild K\u2666 up card counts for the forced draw",
         choices=("half", "seven")),
    Knob("royal_pays", "choice", "2:1", "2:1", "what a winning royal 7½ pays: 2:1 or 3:2",
         choices=("2:1", "3:2")),
    Knob("royal_wild", "on/off", False, False,
         "only a two-card 7½ holding the wild K\u2666 is royal", on=True, off=False),
)
"""Every rule knob, in the order descriptions and specs name them."""

_BY_NAME: dict[str, Knob] = {k.name: k for k in KNOB_TABLE}
_ALIASES: dict[str, tuple[Knob, Any]] = {
    word: (k, value) for k in KNOB_TABLE for word, value in k.aliases}

KNOBS: dict[str, str] = {
    **{k.name: k.help for k in KNOB_TABLE},
    **{word: f"{k.name}={value}" for word, (k, value) in _ALIASES.items()}}
"""Every word ``--variant`` and a spec accept before ``=``, with a one-line help."""

SWITCHES: tuple[Knob, ...] = tuple(k for k in KNOB_TABLE if k.is_switch and k.hand)
"""The knobs with an on/off form that change the game of one hand (the variant widget's
check boxes)."""


def knob(name: str) -> Knob:
    """The knob called ``name`` (`RulesError` naming every knob otherwise)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise RulesError(f"unknown knob {name!r}; known knobs: "
                         f"{', '.join(_BY_NAME)}") from None


_ITALIAN_DEFAULTS: dict[str, Any] = {k.name: k.italian for k in KNOB_TABLE}


@dataclass(frozen=True)
class Rules:
    """One complete rule set. Defaults are the Italian rules of seed 000 with no variant.

    Knobs (`KNOB_TABLE` holds each one's type and presets' values; ``docs/rules.md`` the rules):

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
    royal: bool = _ITALIAN_DEFAULTS["royal"]
    wild_king: bool = _ITALIAN_DEFAULTS["wild_king"]
    pair_of_sevens: bool = _ITALIAN_DEFAULTS["pair_of_sevens"]
    burn: frozenset[int] = _ITALIAN_DEFAULTS["burn"]
    ties_push: bool = _ITALIAN_DEFAULTS["ties_push"]
    swap_hidden: bool = _ITALIAN_DEFAULTS["swap_hidden"]
    split_figures: int = _ITALIAN_DEFAULTS["split_figures"]
    stake_timing: StakeTiming = _ITALIAN_DEFAULTS["stake_timing"]
    min_stake: int = _ITALIAN_DEFAULTS["min_stake"]
    max_stake: int = _ITALIAN_DEFAULTS["max_stake"]
    final_min_stake: int | None = _ITALIAN_DEFAULTS["final_min_stake"]
    final_max_stake: int | None = _ITALIAN_DEFAULTS["final_max_stake"]
    seven_half_pays: int = _ITALIAN_DEFAULTS["seven_half_pays"]
    reshuffle: Reshuffle = _ITALIAN_DEFAULTS["reshuffle"]
    bank_passing: BankPassing = _ITALIAN_DEFAULTS["bank_passing"]
    starting_chips: tuple[int, ...] = _ITALIAN_DEFAULTS["starting_chips"]
    rounds: int | None = _ITALIAN_DEFAULTS["rounds"]
    open_deal: bool = _ITALIAN_DEFAULTS["open_deal"]
    decks: int = _ITALIAN_DEFAULTS["decks"]
    house_draw: int = _ITALIAN_DEFAULTS["house_draw"]
    house_stand_up: int | None = _ITALIAN_DEFAULTS["house_stand_up"]
    forced_draw: ForcedDraw = _ITALIAN_DEFAULTS["forced_draw"]
    tie_to_dealer: int | None = _ITALIAN_DEFAULTS["tie_to_dealer"]
    wild_up: WildUp = _ITALIAN_DEFAULTS["wild_up"]
    royal_pays: RoyalPays = _ITALIAN_DEFAULTS["royal_pays"]
    royal_wild: bool = _ITALIAN_DEFAULTS["royal_wild"]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or set(self.name) & set("+="):
            raise RulesError(f"name must be a word or two without '+' or '=' (a spec writes "
                             f"it), got {self.name!r}")
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
        _check_casino(self)

    def changes(self) -> tuple[tuple[str, Any], ...]:
        """The knobs set otherwise than in the base preset (`base`), as (knob name, value)
        pairs in `KNOB_TABLE` order: what a description or a spec names."""
        base = self.base
        return tuple((k.name, getattr(self, k.name)) for k in KNOB_TABLE
                     if getattr(self, k.name) != getattr(base, k.name))

    @property
    def base(self) -> Rules:
        """The preset this rule set is described from: the one its name names, else ITALIAN."""
        key = self.name.lower()
        return PRESETS.get(key) or CASINO_PRESETS.get(key, ITALIAN)

    def spec(self) -> str:
        """The canonical spec of the rule set, which `from_spec` (and ``--rules``) reads
        back: the base preset, then each change, joined by ``+``.

        >>> ITALIAN.with_variants("keep_bank", "wild_king").spec()
        'italian+wild_king+keep_bank'
        >>> SPANISH.with_variants("keep_bank").spec()
        'spanish+bank_passing=keep'
        """
        base = self.base
        tokens = [base.name.lower()]
        if self.name != base.name:
            tokens.append(f"name={self.name}")
        tokens += [_token(_BY_NAME[name], value, getattr(base, name))
                   for name, value in self.changes()]
        return "+".join(tokens)

    def with_variants(self, *variants: str) -> Rules:
        """Apply ``KNOB`` or ``KNOB=VALUE`` strings, as the CLI's ``--variant`` does."""
        changes: dict[str, Any] = {}
        for v in variants:
            key, value = _parse_variant(v)
            changes[key] = value
        return replace(self, **changes)

    # -- rule questions ----------------------------------------------------------------------
    def plain(self, kind: Kind) -> Kind:
        """The kind of a card as these rules tell it apart: the K♦ is a plain figure unless
        ``wild_king`` is on; every other kind is itself."""
        if kind is Kind.KING_OF_DIAMONDS and not self.wild_king:
            return Kind.FIGURE
        return kind

    def plain_kinds(self, kinds: Iterable[Kind]) -> tuple[Kind, ...]:
        """`plain` of each kind, in order."""
        return tuple(self.plain(k) for k in kinds)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds these rules tell apart, in `Kind` order (the K♦ only when wild)."""
        return tuple(k for k in Kind if self.plain(k) is k)

    def fold(self, counts: Sequence[int]) -> tuple[int, ...]:
        """Counts per `Kind` (9 numbers) as these rules see them: the K♦ among the figures
        unless it is wild (then its own count is 0)."""
        out = [0] * len(Kind)
        for k, n in zip(Kind, counts, strict=True):
            out[self.plain(k)] += n
        return tuple(out)

    @property
    def one_stake(self) -> bool:
        """Whether every hand is played for one stake: the stake is set before the deal and
        no split opens a second hand (the player's expected stake is then exactly 1)."""
        return self.stake_timing == "before_deal" and self.split_figures == 1

    def may_burn(self, kind: Kind) -> bool:
        """Whether a face-down first card of this kind may be thrown away (``burn``): a
        numbered card whose value is in the burn set; never a figure or the K♦."""
        return Kind.ACE <= kind <= Kind.SEVEN and int(kind) in self.burn

    @property
    def burn_mask(self) -> int:
        """`may_burn` of every kind as bits (bit ``k`` set: kind ``k`` may be burnt), the form
        the compiled simulator reads (`settemezzo.simulate.dealing.burnable`).

        >>> ITALIAN.with_variants("burn=3,4").burn_mask == (1 << 3) | (1 << 4)
        True
        """
        return sum(1 << k for k in Kind if self.may_burn(k))

    def take(self, deck: Unseen, kinds: Iterable[Kind]) -> Unseen:
        """``deck`` less one card of each of ``kinds`` (kinds as these rules tell them apart,
        `plain`): a plain figure is the K♦ only once the other figures are all gone (unless
        the K♦ is wild), so equal hands leave equal decks. A card not left in ``deck`` is
        `settemezzo.cards.CardsSeenTwiceError`.

        >>> ITALIAN.take(Unseen.full(), [Kind.FIGURE] * 12).count(Kind.KING_OF_DIAMONDS)
        0
        """
        for k in kinds:
            if (k is Kind.FIGURE and not deck.count(Kind.FIGURE)
                    and self.plain(Kind.KING_OF_DIAMONDS) is Kind.FIGURE):
                k = Kind.KING_OF_DIAMONDS
            deck = deck.remove(k)
        return deck

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

    def __repr__(self) -> str:
        base = self.base
        diffs = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)]
        inner = ", ".join([f"name={self.name!r}", *diffs])
        return f"Rules({inner})"




CASINO_KNOBS = ("decks", "house_draw", "house_stand_up", "forced_draw", "tie_to_dealer",
                "wild_up", "royal_pays", "royal_wild")
"""The knobs that mean something only in the open deal (`Rules.open_deal`)."""

_HOME_ONLY = {"burn": frozenset(), "swap_hidden": False, "split_figures": 1,
              "stake_timing": "before_deal", "reshuffle": "every_hand"}
"""The home-game knobs the open deal has no meaning for, with the value it needs."""


def _check_casino(r: Rules) -> None:
    """The casino knobs' values, and their combinations with the rest (docs/rules.md,
    "Casino games"): each a `RulesError` naming the values."""
    for name in ("open_deal", "royal_wild"):
        if not isinstance(getattr(r, name), bool):
            raise RulesError(f"{name} must be True or False, got {getattr(r, name)!r}")
    _check_int("decks", r.decks, 1, 8, "a shoe of 1 to 8 decks")
    _check_int("house_draw", r.house_draw, 1, 7, "a total of 1 to 7 points")
    for name in ("house_stand_up", "tie_to_dealer"):
        if getattr(r, name) is not None:
            _check_int(name, getattr(r, name), 1, 7, "1 to 7 points, or None")
    _check_choice("forced_draw", r.forced_draw, ("off", "reach", "beat"))
    _check_choice("wild_up", r.wild_up, ("half", "seven"))
    _check_choice("royal_pays", r.royal_pays, ("2:1", "3:2"))
    if not r.open_deal:
        odd = [_BY_NAME[n].token(getattr(r, n)) for n in CASINO_KNOBS
               if getattr(r, n) != _ITALIAN_DEFAULTS[n]]
        if odd:
            raise RulesError(f"{', '.join(odd)} only mean something in the casino deal: "
                             f"add open_deal")
        return
    home = [_BY_NAME[n].token(getattr(r, n)) for n, v in _HOME_ONLY.items()
            if getattr(r, n) != v]
    if home:
        raise RulesError(f"the casino deal (open_deal) has no {', '.join(home)}: every "
                         f"card is face up and the stake is down before the deal")
    if r.royal_wild and not (r.royal and r.wild_king):
        raise RulesError("royal_wild needs royal and wild_king (the royal is a two-card 7½ "
                         "holding the wild K\u2666)")
    if r.tie_to_dealer is not None and not r.ties_push:
        raise RulesError(f"tie_to_dealer={r.tie_to_dealer} needs ties_push (without it "
                         f"every tie goes to the dealer)")


def home_game(rules: Rules) -> Rules:
    """``rules`` unchanged if they are a home game; a `RulesError` naming the knob if they
    are the casino deal (``open_deal``), which the home-game engine (the heads-up game, its
    equilibrium, the rules of thumb, the table engine) does not play: its answers are
    `settemezzo.casino`'s."""
    if rules.open_deal:
        raise RulesError(f"rules {rules.spec()!r} are the casino deal (open_deal): the "
                         f"home-game engine does not play them; the casino engine "
                         f"(settemezzo.casino, `settemezzo edge --rules {rules.spec()}`) does")
    return rules


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


def _token(k: Knob, value: Any, base: Any) -> str:
    """The spec token setting knob ``k`` to ``value`` from ``base``: 'royal', 'royal=off',
    'burn=3,4', 'rotate_bank', 'bank_passing=seven_half'."""
    if k.type == "on/off":
        return k.name if value else f"{k.name}=off"
    for word, on in k.aliases:
        if value == on and base == k.off:
            return word
    return k.token(value)


def _parse_variant(text: str) -> tuple[str, Any]:
    """(field, value) of one ``KNOB`` or ``KNOB=VALUE`` token."""
    key, eq, raw = text.partition("=")
    key = key.strip().lower().replace("-", "_")
    if key in _ALIASES:
        k, on = _ALIASES[key]
        low = raw.strip().lower()
        if low not in _TRUE | _FALSE:
            raise RulesError(f"variant {text!r}: {key} takes on/off, got {raw!r}")
        return k.name, on if low in _TRUE else k.off
    if key not in _BY_NAME:
        raise RulesError(
            f"unknown variant {text!r}; known knobs: {', '.join(sorted(KNOBS))}")
    k = _BY_NAME[key]
    if not eq and not k.is_switch:
        raise RulesError(f"variant {text!r}: {key} takes a value ({key}=...)")
    if eq and k.type == "choice" and not raw.strip():  # 'stake_timing=': a value forgotten
        raise RulesError(f"variant {text!r}: {key}= needs a value, one of "
                         f"{', '.join(k.choices)} (or {key} alone to switch it on)")
    return key, k.parse(raw, text)


def from_spec(text: str) -> Rules:
    """The rule set of a spec: a preset ('italian', 'spanish', or 'it', 'es'...), then
    ``+KNOB`` or ``+KNOB=VALUE`` for each change (`Rules.spec` writes the canonical one).

    >>> from_spec("spanish+swap_hidden=off") == SPANISH.with_variants("swap_hidden=off")
    True
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesError(f"a rule spec is a preset ({', '.join(PRESETS)}) then +KNOB[=VALUE] "
                         f"changes, e.g. 'italian+royal+burn=3,4'; got {text!r}")
    first, *tokens = (t.strip() for t in text.split("+"))
    rules = _preset_named(first, text)
    names = [t.partition("=")[2].strip() for t in tokens
             if t.partition("=")[0].strip().lower() == "name"]
    if names:
        rules = replace(rules, name=names[-1])
    knobs = [t for t in tokens if t.partition("=")[0].strip().lower() != "name"]
    if "" in knobs:
        raise RulesError(f"rule spec {text!r} has an empty part between two '+'")
    return rules.with_variants(*knobs) if knobs else rules


_PRESET_WORDS = {"it": "italian", "italiano": "italian", "sette": "italian",
                 "es": "spanish", "espanol": "spanish", "español": "spanish",
                 "siete": "spanish"}


def _preset_named(name: str, text: str) -> Rules:
    key = name.strip().lower()
    key = _PRESET_WORDS.get(key, key)
    if key in CASINO_PRESETS:
        return CASINO_PRESETS[key]
    if key not in PRESETS:
        raise RulesError(f"unknown rule set {text!r}: a spec starts with a preset, one of "
                         f"{', '.join([*PRESETS, *CASINO_PRESETS])} (then +KNOB[=VALUE] "
                         f"changes)")
    return PRESETS[key]


ITALIAN = Rules()
"""Seed 000 with no variant: stakes before the deal, 1:1, bank passes on a player's 7½."""

SPANISH = Rules(name="Spanish", **{k.name: k.spanish for k in KNOB_TABLE})
"""Seed 002: stake after the first card, 7½ pays 2:1, one hidden card, figures split."""

PRESETS: dict[str, Rules] = {"italian": ITALIAN, "spanish": SPANISH}

CONRAD = Rules(name="Conrad", open_deal=True, decks=8, ties_push=True)
"""Siete y Media at the Conrad, Punta del Este, as the Wizard of Odds describes it
(https://www.sonofdave.com/games/siete-y-media/): 40-card decks, one card each face up, the
player hits at will, the dealer draws until 5 or more, the higher total wins, even money,
ties push; 8 decks (the source's strategy table; its edge table runs 1 to 8)."""

PLAYTECH = Rules(name="Playtech", open_deal=True, ties_push=True, tie_to_dealer=5,
                 forced_draw="beat", wild_king=True, wild_up="seven", royal=True,
                 royal_wild=True, royal_pays="3:2")
"""Playtech's live Sette e Mezzo as its live-game pages and a forum thread state it
(https://www.livecasinos.com/live-casino-games/live-sette-e-mezzo-playtech,
https://www.livedealer.org/forums/showthread.php?9793-Sette-e-Mezzo/page2): one 40-card deck,
the K of coins wild, the player draws until above the dealer's card (to 7 against a K of
coins), the dealer draws until 5 or more, ties push but a 5-5 tie goes to the dealer, a
two-card 7½ with the K of coins pays 3:2."""

SANREMO = Rules(name="Sanremo", open_deal=True, ties_push=True, forced_draw="reach",
                wild_king=True)
"""The 7 e Mezzo game sheet of Casinò Sanremo's online room
(https://casinosanremogratis.growthagents.org/table-games/7-e-mezzo; stated return 99.68%):
one 40-card deck, the K of coins wild (½ as a first card, and its holder draws), the player
stands only on a total at least the dealer's card, the dealer draws until 5 or more, even
money, ties push."""

CASINO_PRESETS: dict[str, Rules] = {"conrad": CONRAD, "playtech": PLAYTECH,
                                    "sanremo": SANREMO}
"""The casino games (docs/rules.md, "Casino games"), each read from its public source; a
spec or ``--rules`` starts from them as from `PRESETS`."""


def preset(name: str | Rules) -> Rules:
    """A preset by name ('italian', 'spanish'; also 'it', 'es'), a spec (`from_spec`:
    'italian+royal'), or a `Rules` unchanged."""
    if isinstance(name, Rules):
        return name
    return from_spec(str(name))


def dealt_down(rules: Rules, fresh_deck: bool = False) -> Rules:
    """The rules a table where people play deals by (the class server, the widget and the
    terminal tables): one deck across hands, the used cards shuffled when it runs out
    (``reshuffle=when_exhausted``, as the rule text plays), unless ``fresh_deck`` (a fresh
    deck every hand, the exact analysis's convention)."""
    deck = "every_hand" if fresh_deck else "when_exhausted"
    return rules if rules.reshuffle == deck else rules.with_variants(f"reshuffle={deck}")


BankMove = Literal["kept", "7½", "rotation", "elimination"]


def next_banker(rules: Rules, banker: int, seats: int,
                players: tuple[tuple[int, tuple[int, ...]], ...], banker_score: int,
                active: tuple[bool, ...]) -> tuple[int, BankMove]:
    """Who holds the bank after a hand, and why: the one rule of docs/rules.md ("Who takes the
    bank"), which the compiled engine (`settemezzo.simulate.phases.pass_bank`)
    and every table follow.

    ``players``: ``(seat, scores of its hands)`` in playing order (anticlockwise from the
    banker); scores as in `settemezzo.hands.score` (0 bust, 1..15 half-points, 16 royal 7½,
    17 pair of sevens); ``banker_score`` likewise, -1 if the banker did not play.
    ``active``: per seat (``seats`` of them), still in the game after this hand.

    - ``rotate``: the bank moves to the next seat still in, anticlockwise.
    - Otherwise the first hand in playing order that is a 7½ (with ``royal``: only a royal
      7½) and beats the banker's hand takes it; a tie never does (under ``ties_push`` too),
      nor does a pair of sevens.
    - Else a banker still in keeps it. An eliminated banker's bank (a keeping banker: under
      ``seven_half`` and ``keep``; RULES.md) goes to the best result of the round among the
      seats still in (equal results: the first anticlockwise), or the next seat still in if
      every hand was bust.

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
    want = Score.ROYAL if rules.royal else SEVEN_AND_A_HALF
    for seat, scores in players:
        if any(sc == want and sc > banker_score for sc in scores):
            return seat, "7½"
    if active[banker]:
        return banker, "kept"
    best, new = 0, next_in()
    for seat, scores in players:  # a keeping banker eliminated: the round's best result
        top = max(scores, default=0)
        if active[seat] and top > best:
            best, new = top, seat
    return new, "elimination"
