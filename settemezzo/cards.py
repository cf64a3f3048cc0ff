"""The 40-card deck: ranks, suits, card values in half-points, parsing, unseen cards.

Values are kept in **half-points** (integers) so that every sum is exact: a figure is 1,
an ace 2, a seven 14, and 7½ is 15.

>>> parse_card("7d")
Card(rank=<Rank.SEVEN: '7'>, suit=<Suit.DIAMONDS: 'd'>)
>>> str(parse_card("re di denari")), str(parse_card("sota de copas")), str(parse_card("Kd"))
('K♦', 'J♥', 'K♦')
>>> parse_card("8♠")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
settemezzo.cards.InvalidCardError: '8♠' is not a card of the 40-card deck: 8, 9 and 10 are...
>>> Unseen.full().total
40
>>> Unseen.full().without(["7d", "K"]).count(Kind.SEVEN)
3
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from settemezzo.errors import InputError

__all__ = [
    "DECK_SIZE",
    "HALF",
    "SEVEN_AND_A_HALF",
    "SUIT_SYMBOLS",
    "Card",
    "CardSpec",
    "CardsSeenTwiceError",
    "DeckStyle",
    "ImpossibleHandError",
    "InvalidCardError",
    "Kind",
    "Rank",
    "Score",
    "Suit",
    "Unseen",
    "full_deck",
    "kind_of",
    "parse_card",
    "parse_cards",
    "parse_spec",
    "parse_specs",
    "seen_count",
]

HALF = 1
"""Half a point, the unit of every total."""
SEVEN_AND_A_HALF = 15
"""7½ in half-points."""
DECK_SIZE = 40


class Score(IntEnum):
    """The scores of a finished hand that are not a plain total (the table is in
    `settemezzo.hands`, which scores hands); a hand that stood on a total ``t`` scores ``t``
    (1..15, an int). Plain ints in arrays and compiled code (``int(Score.ROYAL) == 16``); a
    move that is not a finished hand is a `settemezzo.game.Move`. Here, below the rules,
    because a rule question (who takes the bank) compares scores."""

    BUST = 0
    ROYAL = 16
    PAIR_OF_SEVENS = 17


class InvalidCardError(InputError):
    """Text that does not name a card of the 40-card deck."""


class CardsSeenTwiceError(InputError):
    """A card listed twice, or more cards of a rank than the deck holds."""


class ImpossibleHandError(InputError):
    """A hand no deal can produce: a card dealt after the turn ended (bust, 7½), or more
    copies of a card in the hand and the unseen cards together than the deck holds."""


class Rank(StrEnum):
    """The ten ranks of the 40-card deck (French letters; Italian and Spanish names parse too)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def is_figure(self) -> bool:
        """J, Q, K (Fante, Cavallo, Re; Sota, Caballo, Rey): worth ½."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @property
    def half_points(self) -> int:
        """The card's value in half-points: a figure 1, an ace 2, ..., a seven 14."""
        return 1 if self.is_figure else 2 * _PIPS[self]

    @property
    def points(self) -> str:
        """The value as people write it: '½', '1', ..., '7'."""
        return "½" if self.is_figure else str(_PIPS[self])


_PIPS = {Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6,
         Rank.SEVEN: 7}


class Suit(StrEnum):
    """The four suits; Italian and Spanish suits map onto the French ones.

    denari/oros = diamonds, coppe/copas = hearts, spade/espadas = spades, bastoni/bastos = clubs.
    """

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[self.value]


class DeckStyle(StrEnum):
    """How a deck looks: French cards (J Q K of ♠ ♥ ♦ ♣), the Italian deck (fante, cavallo,
    re of denari, coppe, spade, bastoni) or the Spanish (sota, caballo, rey of oros, copas,
    espadas, bastos). The 40 cards are the same (`Rank` and `Suit` codes, the Latin suits
    mapped as `Suit` says); a style changes only their names and pictures. The names are
    words, in the catalogues (``card.`` keys of `settemezzo.i18n`); which style a class sees
    follows its language (`settemezzo.i18n.deck_style`)."""

    FRENCH = "french"
    ITALIAN = "italian"
    SPANISH = "spanish"


_LATIN_SYMBOLS = {"d": "🪙", "h": "🏆", "s": "🗡", "c": "🪵"}
SUIT_SYMBOLS: dict[DeckStyle, dict[Suit, str]] = {
    DeckStyle.FRENCH: {s: s.symbol for s in Suit},
    DeckStyle.ITALIAN: {s: _LATIN_SYMBOLS[s.value] for s in Suit},
    DeckStyle.SPANISH: {s: _LATIN_SYMBOLS[s.value] for s in Suit},
}
"""Each suit's symbol in each deck style: ♦ ♥ ♠ ♣, or a coin, a cup, a sword and a baton
for the Latin suits (denari/oros, coppe/copas, spade/espadas, bastoni/bastos)."""


class Kind(IntEnum):
    """What the odds can tell apart: a card's value, and the K♦ (wild under `wild_king`).

    ``FIGURE`` is any figure but the K♦. Without the wild-king rule, the K♦ is just a figure.
    """

    FIGURE = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    KING_OF_DIAMONDS = 8

    @property
    def half_points(self) -> int:
        """Value in half-points (the K♦ at its face value, ½)."""
        return _HALF_POINTS[self]  # a table: the game trees ask this very often

    @property
    def label(self) -> str:
        """'½', '1', ..., '7', or 'K♦'."""
        if self is Kind.FIGURE:
            return "½"
        if self is Kind.KING_OF_DIAMONDS:
            return "K♦"
        return str(int(self))

    @property
    def deck_count(self) -> int:
        """How many cards of this kind the 40-card deck holds."""
        return _DECK_COUNTS[self]


_DECK_COUNTS = (11, 4, 4, 4, 4, 4, 4, 4, 1)
"""`Kind.deck_count` by kind: eleven figures (the K♦ apart), four of each number, one K♦
(a table: every `Unseen` checks its counts against it)."""

_HALF_POINTS = (1, 2, 4, 6, 8, 10, 12, 14, 1)
"""`Kind.half_points` by kind: a figure and the K♦ ½, a numbered card its value."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card of the 40-card deck, e.g. ``Card(Rank.KING, Suit.DIAMONDS)`` (the K♦)."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.symbol}"

    @property
    def kind(self) -> Kind:
        return kind_of(self)

    @property
    def half_points(self) -> int:
        return self.rank.half_points


CardSpec = Card | Rank
"""A card with its suit, or a rank alone (``--hole 5``): the suit matters only for the K♦."""


def kind_of(spec: CardSpec) -> Kind:
    """The kind of a card or rank. A rank alone 'K' is a figure other than the K♦."""
    if isinstance(spec, Card):
        if spec.rank is Rank.KING and spec.suit is Suit.DIAMONDS:
            return Kind.KING_OF_DIAMONDS
        spec = spec.rank
    if spec.is_figure:
        return Kind.FIGURE
    return Kind(_PIPS[spec])


def full_deck() -> list[Card]:
    """The 40 cards, suit by suit."""
    return [Card(r, s) for s in Suit for r in Rank]


# ---------------------------------------------------------------------------------------------
# Parsing what people type
# ---------------------------------------------------------------------------------------------

_RANK_WORDS: dict[str, Rank] = {}
for _rank, _words in {
    Rank.ACE: "a 1 ace asso as uno un one",
    Rank.TWO: "2 two due dos deux",
    Rank.THREE: "3 three tre tres trois",
    Rank.FOUR: "4 four quattro cuatro quatre",
    Rank.FIVE: "5 five cinque cinco cinq",
    Rank.SIX: "6 six sei seis",
    Rank.SEVEN: "7 seven sette siete sept",
    Rank.JACK: "j jack knave fante sota valet ½ 0.5 figure figura",
    Rank.QUEEN: "q queen cavallo caballo horse knight donna cavalier dame",
    Rank.KING: "k king re rey roi",
}.items():
    for _w in _words.split():
        _RANK_WORDS[_w] = _rank

_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in {
    Suit.SPADES: "s ♠ ♤ spade spades spada espadas espada pique piques épée épées",
    Suit.HEARTS: "h ♥ ♡ heart hearts coppe coppa copas copa coeur coeurs cœur cœurs coupe coupes",
    Suit.DIAMONDS: "d ♦ ♢ diamond diamonds denari denaro oros oro carreau carreaux denier deniers",
    Suit.CLUBS: "c ♣ ♧ club clubs bastoni bastone bastos basto trèfle trèfles trefle baton batons",
}.items():
    for _w in _words.split():
        _SUIT_WORDS[_w] = _suit

_ALLOWED = "ranks A, 2-7, J, Q, K"
_CONNECTORS = {"di", "de", "of", "d'", "du", "des", "del"}


def _not_a_card(text: str) -> InvalidCardError:
    low = text.strip().lower()
    if re.match(r"^(8|9|10|otto|nove|dieci|ocho|nueve|diez|eight|nine|ten|huit|neuf|dix)\b", low) \
            or re.match(r"^(8|9|10)[a-z♠♥♦♣♤♡♢♧]?$", low):
        return InvalidCardError(
            f"{text!r} is not a card of the 40-card deck: 8, 9 and 10 are removed ({_ALLOWED})")
    return InvalidCardError(
        f"{text!r} is not a card: write a rank ({_ALLOWED}, or Italian/Spanish names such as "
        f"'fante', 'sota') and, where the suit matters, a suit (s h d c, ♠ ♥ ♦ ♣, 'di denari', "
        f"'de oros'), e.g. '7d', 'K♦', 're di denari'")


def _split_words(text: str) -> list[str]:
    words = re.split(r"[\s_]+", text.strip().lower().replace("d'", "d' "))
    return [w for w in words if w and w not in _CONNECTORS]


def parse_spec(text: str | Card | Rank) -> CardSpec:
    """Parse a card (``7d``, ``7♦``, ``re di denari``) or a rank alone (``7``, ``K``, ``sota``).

    >>> parse_spec("5"), parse_spec("Fante")
    (<Rank.FIVE: '5'>, <Rank.JACK: 'J'>)
    """
    if isinstance(text, Card | Rank):
        return text
    if not isinstance(text, str):
        raise InvalidCardError(f"{text!r} is not a card: expected text such as '7d' or 'K♦'")
    last = re.split(r"[\s_]+", text.strip().lower())[-1]
    if last in _CONNECTORS:  # 're di': a name cut short, not the rank alone
        raise InvalidCardError(f"{text!r} is cut short: name the suit after {last!r} (e.g. "
                               f"'re di denari', 'rey de oros'), or give the rank alone")
    words = _split_words(text)
    if len(words) == 1:
        w = words[0]
        if w in _RANK_WORDS:
            return _RANK_WORDS[w]
        # compact forms: rank letter(s) then suit letter or symbol: 7d, 7♦, Kd, K♦, 1s
        m = re.fullmatch(r"([a-z0-9]+?)([♠♥♦♣♤♡♢♧]|[shdc])", w)
        if m and m.group(1) in _RANK_WORDS and len(m.group(1)) <= 2:
            return Card(_RANK_WORDS[m.group(1)], _SUIT_WORDS[m.group(2)])
        m = re.fullmatch(r"([♠♥♦♣♤♡♢♧])([a-z0-9]+)", w)  # ♦7
        if m and m.group(2) in _RANK_WORDS:
            return Card(_RANK_WORDS[m.group(2)], _SUIT_WORDS[m.group(1)])
    elif len(words) == 2 and words[0] in _RANK_WORDS and words[1] in _SUIT_WORDS:
        return Card(_RANK_WORDS[words[0]], _SUIT_WORDS[words[1]])
    raise _not_a_card(str(text))


def parse_card(text: str | Card) -> Card:
    """Parse one card with its suit: ``7d``, ``7♦``, ``K♦``, ``Kd``, ``rey de oros``..."""
    spec = parse_spec(text)
    if not isinstance(spec, Card):
        raise InvalidCardError(
            f"{text!r} names a rank but no suit: add one, e.g. '{spec.value}d' or "
            f"'{spec.value}♦'")
    return spec


def parse_specs(text: str | Iterable[str | Card | Rank]) -> list[CardSpec]:
    """Parse several cards or ranks: ``"7d Kc 5"`` or ``["7d", "K♣"]`` (commas allowed).

    Multi-word names must be passed as list items (``["re di denari", "sota de copas"]``) or
    separated by commas (``"re di denari, sota de copas"``).
    """
    if isinstance(text, str):
        parts = [p.strip() for p in text.split(",")] if "," in text else text.split()
        return [parse_spec(p) for p in parts if p.strip()]
    return [parse_spec(t) for t in text]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Like `parse_specs`, but every card needs its suit."""
    specs = parse_specs(text)
    bad = [s for s in specs if not isinstance(s, Card)]
    if bad:
        raise InvalidCardError(f"{str(bad[0].value)!r} names a rank but no suit")
    return [s for s in specs if isinstance(s, Card)]


def check_distinct(specs: Iterable[CardSpec]) -> list[CardSpec]:
    """Raise `CardsSeenTwiceError` if a card repeats or a rank is listed more than four times."""
    specs = list(specs)
    seen: set[Card] = set()
    per_rank: dict[Rank, int] = {}
    for s in specs:
        if isinstance(s, Card):
            if s in seen:
                raise CardsSeenTwiceError(
                    f"the card {str(s)!r} is listed twice; each card of the deck exists once")
            seen.add(s)
        rank = s.rank if isinstance(s, Card) else s
        per_rank[rank] = per_rank.get(rank, 0) + 1
        if per_rank[rank] > 4:
            raise CardsSeenTwiceError(
                f"{per_rank[rank]} cards of rank {rank.value!r} listed; the deck holds only 4")
    return specs


def resolve_kinds(specs: Iterable[CardSpec]) -> list[Kind]:
    """The kind of each of several cards or ranks seen together, in order.

    A rank alone 'K' is a king other than the K♦, unless the other kings are all seen: the
    fourth king named without a suit is the K♦.
    """
    specs = list(specs)
    plain_kings_left = 3 - sum(1 for s in specs if isinstance(s, Card)
                               and s.rank is Rank.KING and s.suit is not Suit.DIAMONDS)
    kinds: list[Kind] = []
    for s in specs:
        kind = kind_of(s)
        if s is Rank.KING:
            if plain_kings_left <= 0:
                kind = Kind.KING_OF_DIAMONDS  # the fourth king named without a suit
            plain_kings_left -= 1
        kinds.append(kind)
    return kinds


# ---------------------------------------------------------------------------------------------
# The unseen cards
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unseen:
    """The cards not yet seen, as an immutable, hashable count per `Kind`.

    ``counts[k]`` is how many cards of kind ``k`` remain (``Kind.FIGURE`` excludes the K♦).
    """

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != len(Kind):
            raise CardsSeenTwiceError(
                f"an unseen composition needs {len(Kind)} counts (one per Kind), got "
                f"{len(self.counts)}: {self.counts!r}")
        if all(type(n) is int and 0 <= n <= m
               for n, m in zip(self.counts, _DECK_COUNTS, strict=True)):  # the usual case
            return
        for k, n in zip(Kind, self.counts, strict=True):
            if not isinstance(n, int) or n < 0 or n > k.deck_count:
                raise CardsSeenTwiceError(
                    f"unseen count {n!r} for kind {k.label} is out of range: the deck holds "
                    f"{k.deck_count} and a count cannot be negative (more cards seen than exist)")

    @classmethod
    def full(cls) -> Unseen:
        """The whole 40-card deck."""
        return cls(tuple(k.deck_count for k in Kind))

    @classmethod
    def from_counts(cls, counts: dict[Kind, int]) -> Unseen:
        """An arbitrary composition (e.g. a reduced deck for brute-force checks)."""
        return cls(tuple(int(counts.get(k, 0)) for k in Kind))

    @classmethod
    def of_plain(cls, counts: dict[Kind, int]) -> Unseen:
        """A composition whose plain figures (`Kind.FIGURE`) may include the K♦ (the K♦ not
        wild, so told apart from no other figure): figures beyond the deck's other figures
        are the K♦. The one place that puts the K♦ back among the figures (`Rules.take`
        takes it out).

        >>> Unseen.of_plain({Kind.FIGURE: 12}).count(Kind.KING_OF_DIAMONDS)
        1
        """
        out = {k: int(counts.get(k, 0)) for k in Kind}
        extra = out[Kind.FIGURE] - Kind.FIGURE.deck_count
        if extra > 0:
            out[Kind.FIGURE] -= extra
            out[Kind.KING_OF_DIAMONDS] += extra
        return cls.from_counts(out)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def count(self, kind: Kind) -> int:
        return self.counts[kind]

    def __iter__(self) -> Iterator[tuple[Kind, int]]:
        return ((k, n) for k, n in zip(Kind, self.counts, strict=True) if n)

    def remove(self, kind: Kind, n: int = 1) -> Unseen:
        """The composition with ``n`` cards of ``kind`` taken out."""
        if self.counts[kind] < n:
            raise CardsSeenTwiceError(
                f"cannot take {n} card(s) of kind {kind.label} out: only {self.counts[kind]} "
                f"left unseen (a card seen twice, or more cards than the deck holds?)")
        c = list(self.counts)
        c[kind] -= n
        return Unseen(tuple(c))

    def without(self, seen: str | Iterable[str | Card | Rank]) -> Unseen:
        """The composition minus the seen cards, given as text or card specs.

        A rank alone 'K' is a king other than the K♦, unless the other kings are all seen.
        """
        out = self
        for kind in resolve_kinds(check_distinct(parse_specs(seen))):
            out = out.remove(kind)
        return out

    def __str__(self) -> str:
        parts = [f"{n}×{k.label}" for k, n in self]
        return f"Unseen({self.total} cards: {', '.join(parts)})"


def seen_count(deck: Unseen | None) -> int:
    """How many cards of the full deck ``deck`` lacks: at a table played down, the cards
    seen since the shuffle that a hand's values take out (None: a full deck, none).

    >>> seen_count(Unseen.full().remove(Kind.ACE, 2)), seen_count(None)
    (2, 0)
    """
    return 0 if deck is None else DECK_SIZE - deck.total
