"""Trainer questions where the cards already seen decide the answer (the trainer's level 4).

Each question is a deck dealt down: the cards seen since the shuffle (from the compositions
of the deck-down report, `settemezzo.deck.count`), then a hand dealt from the cards left,
chosen so that the exact best play against the banker for the cards left differs from the
fresh-deck play. The exact rows (`settemezzo.teaching.lookup.Row`, from the player table of
the thinned deck) are precomputed into ``data/deckdown_trainer.csv`` (`make_pack`, a minute
or two), so the trainer answers at once (`load_pack`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from settemezzo.cards import Card, Kind, Unseen, full_deck, kind_of, parse_card
from settemezzo.deck.count import DATA, KINDS, LEFT
from settemezzo.errors import InputError
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.lookup import Row, player_lookup

__all__ = ["PACK_FILE", "SeenQuestion", "load_pack", "make_pack"]

PACK_FILE = DATA / "deckdown_trainer.csv"
AGAINST = "threshold:5"


@dataclass(frozen=True)
class SeenQuestion:
    """Cards seen since the shuffle, the hand (face-down card first), its exact row for the
    cards left, and the play that would be right on a fresh deck."""

    seen: tuple[Card, ...]
    cards: tuple[Card, ...]
    row: Row
    fresh_best: str


def _plain(card: Card) -> Kind:
    """The card's kind under the Italian rules of the trainer (`Rules.plain`)."""
    return ITALIAN.plain(kind_of(card))


def _seen_cards(left: dict[Kind, int], rng: random.Random) -> list[Card]:
    """Concrete cards (with suits) seen, for the counts per kind left."""
    deck = full_deck()
    rng.shuffle(deck)
    need = {k: (12 if k is Kind.FIGURE else 4) - left[k] for k in KINDS}
    out = []
    for c in deck:
        if need[_plain(c)] > 0:
            need[_plain(c)] -= 1
            out.append(c)
    return out


def _hand_cards(kinds: tuple[Kind, ...], seen: list[Card], rng: random.Random) -> list[Card]:
    rest = [c for c in full_deck() if c not in seen]
    rng.shuffle(rest)
    out: list[Card] = []
    for k in kinds:
        out.append(next(c for c in rest if c not in out and _plain(c) is k))
    return out


def _questions(row: Any, rules: Rules, per_deck: int, rng: random.Random
               ) -> list[dict[str, Any]]:
    left = {k: int(row[c]) for k, c in zip(KINDS, LEFT, strict=True)}
    seen = _seen_cards(left, rng)
    deck = Unseen.full().without(seen)
    thin, fresh = player_lookup(rules, AGAINST, deck), player_lookup(rules, AGAINST)
    picks = []
    for (hole, up), r in thin.rows.items():
        f = fresh.row(hole, up)
        if f is not None and r.best in ("hit", "stand") and f.best in ("hit", "stand") \
                and r.best != f.best and r.cost_of_mistake >= 0.005 and r.deal_chance > 0:
            picks.append((r.deal_chance * r.cost_of_mistake, r, f.best))
    out = []
    for _, r, fresh_best in sorted(picks, key=lambda p: -p[0])[:per_deck]:
        cards = _hand_cards((r.hole, *r.up), seen, rng)
        out.append({"seen": " ".join(map(str, seen)), "cards": " ".join(map(str, cards)),
                    "fresh_best": fresh_best,
                    **{f.name: getattr(r, f.name) for f in fields(Row)
                       if f.name not in ("hole", "up", "stake")}})
    return out


def make_pack(hands: pd.DataFrame, rules: Rules = ITALIAN, decks: int = 30,
              per_deck: int = 2, seed: int = 0) -> pd.DataFrame:
    """Up to ``per_deck`` questions from each of ``decks`` compositions of the deck-down
    rows ``hands`` (heads-up, against threshold:5; spread from shallow to deep decks)."""
    rows = hands[(hands["banker"] == AGAINST) & (hands["players"] == 1)
                 & (hands["cards_left"] < 40)]
    rows = rows.drop_duplicates(subset=list(LEFT)).sort_values("cards_left")
    if len(rows) > decks:  # spread over the depths of the deck, shallow to deep
        rows = rows.iloc[[round(i * (len(rows) - 1) / (decks - 1)) for i in range(decks)]]
    rng = random.Random(f"settemezzo-deckpack|{seed}")
    out = [q for _, row in rows.iterrows() for q in _questions(row, rules, per_deck, rng)]
    return pd.DataFrame(out)


@lru_cache(maxsize=2)
def load_pack(path: Path = PACK_FILE) -> tuple[SeenQuestion, ...]:
    """The precomputed questions (`make_pack`), as `SeenQuestion` s."""
    if not Path(path).is_file():
        raise InputError(f"no trainer questions at {str(path)!r}: make them with "
                         f"settemezzo.teaching.deckpack.make_pack")
    df = pd.read_csv(path, keep_default_na=False)
    out = []
    for rec in df.to_dict("records"):
        cards = tuple(parse_card(c) for c in str(rec["cards"]).split())
        kinds = tuple(_plain(c) for c in cards)
        values = {f.name: rec[f.name] for f in fields(Row)
                  if f.name not in ("hole", "up", "stake", "hit_frequency")}
        row = Row(hole=kinds[0], up=kinds[1:], hit_frequency=None, **values)
        out.append(SeenQuestion(tuple(parse_card(c) for c in str(rec["seen"]).split()),
                                cards, row, str(rec["fresh_best"])))
    if not out:
        raise InputError(f"{str(path)!r} holds no question: a pack has one row per question "
                         f"(settemezzo.teaching.deckpack.make_pack)")
    return tuple(out)

