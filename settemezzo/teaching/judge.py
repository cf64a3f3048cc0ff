"""The one judge of a learner's decision: the stake, the burn, the swap, the split, stand or
hit, and the bank's stand, hit and burn, with its cost and its reason (the trainer, the
tables and the dashboard all ask it).

A decision is judged by `verdict` from each option's value in stakes, against a named banker:
the best option is the one worth most; a choice within ``tolerance`` of it is right ("both
are fine here": the best is then ``either``), and costs nothing; a wrong one costs what it
gives away. The reason is a catalogue key (``reason.*``) that
`settemezzo.teaching.explain.reason_sentence` says in words, with the numbers behind it.

The values are the exact engine's, read from the equilibrium player's table of the rule set
(`settemezzo.simulate.strategies.equilibrium_frame`, shipped precomputed for the presets): a
`Book` finds each decision's row by its stake, card burnt, face-down card, face-up cards in
order and cards turned up by swaps. Standing, hitting, the swap (`tables.player_table`'s
``swap_gain``), the stake (each stake copy of the first card) and the burn (the new card's
rows) are rows of the table; splitting two figures is valued by `settemezzo.split` (the rest
of the hand, of perfect information), as the solver values it, and so is stand or hit on a
hand of a split (`judge_split_hand`), which the table has no row for. Where the values come
from, and how they are made before a judgement asks: `settemezzo.teaching.books`.

>>> j = verdict("play", "stand", {"stand": -0.25, "hit": 0.25}, banker="threshold:5")
>>> j.best, j.right, j.cost, j.reason
('hit', False, 0.5, 'reason.hit')
>>> verdict("play", "stand", {"stand": 0.1, "hit": 0.104}, banker="equilibrium").best
'either'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from settemezzo.cards import Kind, Unseen, kind_of, seen_count
from settemezzo.errors import IllegalActionError, InputError
from settemezzo.rows import TIE
from settemezzo.teaching.books import (
    PLAYS,
    Book,
    Key,
    after_swap,
    book_for,
    less_burnt,
    split_hand_values,
    split_hands,
)

if TYPE_CHECKING:
    from settemezzo.simulate.tablegame import TableGame

__all__ = ["KINDS", "TOLERANCE", "Judgement", "deal_value", "is_tie", "judge", "judge_bank",
           "judge_burn", "judge_deal_stake", "judge_move", "judge_moves", "judge_play",
           "judge_resplit", "judge_split", "judge_split_hand", "judge_stake", "judge_swap",
           "verdict"]

KINDS = ("stake", "burn", "swap", "split", "play", "bank", "bank_burn")
"""The decisions judged: the stake after the first card, the burn, the swap (when hitting),
the split of two figures, ``play`` (stand or hit), and a student holding the bank's ``bank``
(stand or hit) and ``bank_burn`` (burn its first card or not)."""

TOLERANCE = 0.01
"""Values this close (in stakes) count as equally good by default (docs/rules.md: a teacher
may set another tolerance)."""


@dataclass(frozen=True)
class Judgement:
    """One decision judged.

    ``values``: each option's value, in stakes against ``banker`` (for the stake, in chips:
    the options are stakes); ``best``: the option worth most, or ``either`` when another is
    within the tolerance; ``cost``: what the choice gives away (0 when right); ``reason``:
    the catalogue key of the one-sentence reason, with ``reason_args`` the numbers in it;
    ``seen``: how many cards seen since the shuffle the values take out of the deck.
    """

    kind: str
    choice: str
    best: str
    values: Mapping[str, float]
    cost: float
    right: bool
    banker: str
    reason: str
    reason_args: Mapping[str, object] = field(default_factory=dict)
    seen: int = 0


def is_tie(best: str, margin: float) -> bool:
    """True when every answer is right: ``best`` is not 'stand' or 'hit', or ``margin`` (hit's
    value less stand's, in stakes) is within `settemezzo.rows.TIE` of zero.

    >>> is_tie("stand", -0.25), is_tie("mixed", 0.0), is_tie("hit", 1e-12)
    (False, True, True)
    """
    return abs(margin) < TIE or best not in PLAYS


def judge(choice: str, best: str, margin: float, cost_of_mistake: float) -> tuple[bool, float]:
    """``(correct, cost)`` of choosing stand or hit where ``best`` is the best play, right
    only on a tie (`is_tie`): the cost is ``cost_of_mistake`` for a wrong choice.

    >>> judge("hit", "stand", -0.25, 0.25), judge("stand", "stand", -0.25, 0.25)
    ((False, 0.25), (True, 0.0))
    """
    correct = is_tie(best, margin) or choice == best
    return correct, 0.0 if correct else cost_of_mistake


def verdict(kind: str, choice: str, values: Mapping[str, float], *, banker: str,
            tolerance: float = TOLERANCE, reason_args: Mapping[str, object] | None = None,
            seen: int = 0) -> Judgement:
    """Judge ``choice`` among ``values`` (option -> value): the best option (the first of
    equal ones), the cost, right within ``tolerance``, and the reason's key."""
    if kind not in KINDS:
        raise InputError(f"unknown decision {kind!r}: choose {', '.join(KINDS)}")
    if choice not in values:
        raise IllegalActionError(
            f"{choice!r} is not an option here: choose {', '.join(values)}")
    top = max(values.values())
    best = next(c for c, v in values.items() if v == top)
    near = [c for c, v in values.items() if top - v <= tolerance]
    label = "either" if len(near) > 1 else best
    cost = top - values[choice]
    right = cost <= tolerance
    args = {"gap": top - max((v for c, v in values.items() if c != best), default=top),
            **(reason_args or {})}
    return Judgement(kind, choice, label, dict(values), 0.0 if right else cost, right, banker,
                     _reason(kind, label, best, values, args), args, seen)


def _reason(kind: str, label: str, best: str, values: Mapping[str, float],
            args: Mapping[str, object]) -> str:
    """The catalogue key of the reason for the best option ``label`` of a ``kind``."""
    if label == "either":
        return "reason.either"
    if kind == "stake":
        stakes = sorted(int(c.split(":")[1]) for c in values)
        n = int(best.split(":")[1])
        if "card" not in args:                    # before the deal: the least or the most
            return "reason.deal_low" if n == stakes[0] else "reason.deal_high"
        return ("reason.stake_low" if n == stakes[0] else
                "reason.stake_high" if n == stakes[-1] else "reason.stake_mid")
    if kind == "play" and "hands" in args:        # a hand of a split (`judge_split_hand`)
        return f"reason.split_{best}"
    if kind == "play" and best == "hit" and args.get("up"):
        return "reason.stand_tells"
    if kind.startswith("bank"):
        return f"reason.bank_{best}"
    return f"reason.{best}"


def _per(rec: Mapping[str, Any]) -> float:
    return float(rec.get("stake", 1) or 1)


def judge_play(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
               bust: float | None = None, seen: int = 0) -> Judgement | None:
    """Stand or hit at decision ``key``, per unit stake (``bust``: the chance the next card
    busts, counting every card seen; default the table's)."""
    rec = b.row(key)
    if rec is None:
        return None
    per = _per(rec)
    win = rec["hit_win"]
    args = {"total": rec["total"], "up": rec["up"], "win": float(rec["stand_win"]),
            "hit_win": None if win != win else float(win),
            "bust": float(rec["bust_if_hit"]) if bust is None else float(bust)}
    return verdict("play", choice, {"stand": float(rec["stand_ev"]) / per,
                                    "hit": float(rec["hit_ev"]) / per},
                   banker="equilibrium", tolerance=tolerance, reason_args=args, seen=seen)


def judge_swap(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
               seen: int = 0) -> Judgement | None:
    """Hitting at ``key``: ``swap`` (turn the face-down card up, take the new one face down)
    or ``keep`` (take it face up). Hitting is worth the better of the two (`Book.row`'s
    ``hit_ev``), and ``swap_gain`` is the swap's value less keeping's."""
    rec = b.row(key)
    gain = None if rec is None else rec.get("swap_gain")
    if rec is None or gain is None or gain != gain:
        return None
    per = _per(rec)
    keep = (float(rec["hit_ev"]) - max(float(gain), 0.0)) / per
    return verdict("swap", choice, {"swap": keep + float(gain) / per, "keep": keep},
                   banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": rec["hole"]}, seen=seen)


def _burn_value(b: Book, stake: int, hole: str) -> float | None:
    """Burning ``hole`` at ``stake``, in chips: each new face-down card's value, weighted by
    its chance (the rows' ``deal_chance``)."""
    rows = [r for k in Kind if (r := b.row((stake, hole, k.label, "", ""))) is not None]
    weight = sum(float(r["deal_chance"]) for r in rows)
    if not rows or weight <= 0.0:
        return None
    return sum(float(r["deal_chance"]) * max(float(r["stand_ev"]), float(r["hit_ev"]))
               for r in rows) / weight


def judge_burn(b: Book, stake: int, hole: str, choice: str, tolerance: float = TOLERANCE,
               seen: int = 0) -> Judgement | None:
    """``burn`` or ``no_burn`` the face-down ``hole`` (a label) at ``stake``, per unit stake."""
    keep, burn = b.best_value((stake, "", hole, "", "")), _burn_value(b, stake, hole)
    if keep is None or burn is None:
        return None
    return verdict("burn", choice, {"burn": burn / stake, "no_burn": keep / stake},
                   banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": hole}, seen=seen)


def judge_stake(b: Book, hole: str, stakes: Iterable[int], choice: str,
                tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """The stake (``stake:N``) on the face-down ``hole`` (a label), among ``stakes``: each
    stake's value in chips, the hand then played well (burning too, where it may)."""
    values: dict[str, float] = {}
    may_burn = b.rules.may_burn(next(k for k in Kind if k.label == hole))
    for s in stakes:
        keep = b.best_value((s, "", hole, "", ""))
        burn = _burn_value(b, s, hole) if may_burn else None
        if keep is not None:
            values[f"stake:{s}"] = keep if burn is None else max(keep, burn)
    if choice not in values:
        return None
    n = max(values, key=lambda c: values[c])
    return verdict("stake", choice, values, banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": hole, "stake": int(n.split(":")[1])}, seen=seen)


def deal_value(b: Book) -> float | None:
    """A hand at stake 1 before its first card is dealt, in chips: each first card's value
    (played well, burning too where it may), weighted by its chance (the rows'
    ``deal_chance``); None if the table lacks a first card's row."""
    total = weight = 0.0
    for k in Kind:
        rec = b.row((1, "", k.label, "", ""))
        keep = b.best_value((1, "", k.label, "", ""))
        if rec is None or keep is None:
            continue
        burn = _burn_value(b, 1, k.label) if b.rules.may_burn(k) else None
        chance = float(rec["deal_chance"])
        total += chance * (keep if burn is None else max(keep, burn))
        weight += chance
    return total / weight if weight > 0.0 else None


def judge_deal_stake(b: Book, stakes: Iterable[int], choice: str,
                     tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """The stake (``stake:N``) chosen before the deal, among ``stakes``, in chips: a stake
    that tells the banker nothing, so each is worth N times a hand at stake 1
    (`deal_value`)."""
    one = deal_value(b)
    values = {f"stake:{s}": s * one for s in stakes} if one is not None else {}
    if choice not in values:
        return None
    n = max(values, key=lambda c: values[c])
    return verdict("stake", choice, values, banker="equilibrium", tolerance=tolerance,
                   reason_args={"stake": int(n.split(":")[1])}, seen=seen)


def judge_split(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
                seen: int = 0) -> Judgement | None:
    """``split`` or ``no_split`` two figures at decision ``key``, per unit stake: splitting is
    worth `Book.split_value`, playing them as one hand its row's better value."""
    keep = b.best_value(key)
    if keep is None:
        return None
    keep /= key[0]
    split = b.split_value
    return verdict("split", choice, {"split": split, "no_split": keep}, banker="equilibrium",
                   tolerance=tolerance, seen=seen)


def judge_split_hand(game: TableGame, deck: Unseen, choice: str,
                     tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """Stand or hit (``choice``) on the hand ``view.hand_index`` of a split, per unit stake,
    by `split_hand_values`; None where the model cannot play it (a deck that could run out,
    too many hands): a re-split itself is `judge_resplit`'s, and a swap is judged as the hit
    it is (the model has no face-down card)."""
    v = game.view
    if v is None or v.hands < 2 or choice not in PLAYS:
        return None
    values = split_hand_values(game.rules, split_hands(game), v.hand_index, deck)
    if values is None:
        return None
    return verdict("play", choice, values, banker="equilibrium", tolerance=tolerance,
                   seen=seen, reason_args={"total": v.total_label, "hands": v.hands,
                                           "bust": _float(game.bust_chance())})


def judge_resplit(game: TableGame, deck: Unseen, choice: str,
                  tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """``split`` or ``no_split`` two figures again on a hand of a split, per unit stake:
    each the better of stand and hit (`split_hand_values`) with no re-split after it: on
    the hands open now, or with this hand's second figure opening one more. None where the
    model cannot play either."""
    v = game.view
    hands = split_hands(game)
    if v is None or len(hands) < 2 or len(hands[v.hand_index]) != 2:
        return None
    i = v.hand_index
    parted = (*hands[:i], hands[i][:1], *hands[i + 1:], hands[i][1:])
    keep = split_hand_values(game.rules, hands, i, deck)
    split = split_hand_values(game.rules, parted, i, deck)
    if keep is None or split is None:
        return None
    return verdict("split", choice, {"split": max(split.values()),
                                     "no_split": max(keep.values())},
                   banker="equilibrium", tolerance=tolerance, seen=seen)


def _check(game: TableGame, seat: int, action: str, amount: int | None) -> None:
    if game.to_play != seat:
        raise IllegalActionError(
            f"seat {seat} is not to act: {game.state_text()}")
    allowed = game.can_stake(amount) if action == "stake" else (
        action in ("burn", "hit", "swap", "split", "stand")
        and getattr(game, f"can_{action}")())
    if not allowed:
        raise IllegalActionError(f"{action} is not allowed now: {game.state_text()}")


def judge_moves(game: TableGame, seat: int, action: str, amount: int | None = None,
                tolerance: float = TOLERANCE, deck: str | Unseen = "seen"
                ) -> tuple[Judgement, ...]:
    """Every decision ``action`` takes at the table, judged before it is made: a declined
    burn or split and then stand or hit, a hit's swap or not. See `judge_move`."""
    _check(game, seat, action, amount)
    v = game.view
    assert v is not None
    if v.role != "player":
        return judge_bank(game, action, tolerance)
    fresh, b, n = book_for(game, deck)
    if not v.hand:                         # a stake before the deal
        lo, hi = v.stake_range
        j = judge_deal_stake(b, range(lo, hi + 1), f"stake:{amount}", tolerance, n)
        return () if j is None else (j,)
    hole = game.rules.plain_kinds(kind_of(c) for c in v.hand)[0].label
    if v.decision == "stake":
        lo, hi = v.stake_range
        j = judge_stake(b, hole, range(lo, hi + 1), f"stake:{amount}", tolerance, n)
        return () if j is None else (j,)
    if v.hands > 1:                         # a hand of a split: the split model's values
        rest = less_burnt(game, b.deck, deck)
        if rest is None:
            return ()
        split = [judge_resplit(game, rest, "split" if action == "split" else "no_split",
                               tolerance, n)] if v.decision == "split" else []
        play = [] if action == "split" else [judge_split_hand(
            game, rest, "stand" if action == "stand" else "hit", tolerance, n)]
        return tuple(j for j in split + play if j is not None)
    node = game.decision_node()
    key: Key | None = fresh.key_of(node) if node >= 0 else None
    if key is None and (after := after_swap(game, b, deck)) is not None:
        b, key = after                      # a hand the equilibrium never plays this far
    out: list[Judgement | None] = []
    if v.decision == "burn":
        out.append(judge_burn(b, v.stake, hole, "burn" if action == "burn" else "no_burn",
                              tolerance, n))
        key = key or (v.stake, "", hole, "", "")
    if v.decision == "split" and key is not None:
        out.append(judge_split(b, key, "split" if action == "split" else "no_split",
                               tolerance, n))
    if action not in ("burn", "split") and key is not None:
        out.append(judge_play(b, key, "stand" if action == "stand" else "hit", tolerance,
                              _float(game.bust_chance()), n))
        if action != "stand" and game.can_swap():
            out.append(judge_swap(b, key, "swap" if action == "swap" else "keep",
                                  tolerance, n))
    return tuple(j for j in out if j is not None)


def judge_bank(game: TableGame, action: str, tolerance: float = TOLERANCE
               ) -> tuple[Judgement, ...]:
    """A student holding the bank: ``action`` (``burn``, ``stand``, ``hit``) judged by the
    table banker's values (`TableGame.bank_values`: each player's face-down card weighed by
    its exact chance given what the bank saw and the equilibrium player's play; exact
    heads-up), per unit of the stakes at play (`TableGame.bank_stakes`). At the burn, a
    stand or a hit first declines it (``bank_burn``), then is judged on the card kept. The
    bust chance in the reason counts the cards the bank has not seen; ``seen`` counts, as
    for a player, the cards seen since the shuffle before the hand (the deck it was dealt
    from: the bank's values take this hand's cards out too). Nothing when no stake is at
    play (every player bust)."""
    from settemezzo.odds import bust_chance

    v = game.view
    assert v is not None
    stakes = game.bank_stakes()
    if not v.decision.startswith("bank") or stakes <= 0:
        return ()
    kinds = list(game.rules.plain_kinds(kind_of(c) for c in v.hand))
    unseen = game.bank_unseen()
    args: dict[str, object] = {
        "total": v.total_label, "card": kinds[0].label if kinds else "",
        "bust": float(bust_chance(kinds, unseen, game.rules))}
    deck = game.hand_deck
    seen = seen_count(deck)
    out: list[Judgement] = []
    if v.decision == "bank_burn":
        out.append(_bank_verdict("bank_burn", "burn" if action == "burn" else "no_burn",
                                 game.bank_values(), stakes, tolerance, args, seen))
        if action == "burn":
            return tuple(out)
    out.append(_bank_verdict("bank", "stand" if action == "stand" else "hit",
                             game.bank_values("bank_action"), stakes, tolerance, args, seen))
    return tuple(out)


def _bank_verdict(kind: str, choice: str, values: Mapping[str, float] | None, stakes: int,
                  tolerance: float, args: Mapping[str, object], seen: int) -> Judgement:
    assert values is not None
    return verdict(kind, choice, {c: x / stakes for c, x in values.items()}, banker="table",
                   tolerance=tolerance, reason_args=args, seen=seen)


def _float(x: Any) -> float | None:
    return None if x is None else float(x)


def judge_move(game: TableGame, seat: int, action: str, amount: int | None = None,
               tolerance: float = TOLERANCE, deck: str | Unseen = "seen") -> Judgement | None:
    """The judgement of ``seat``'s ``action`` (``amount``: the stake), called before the
    move is made, on the game's state at the decision; of the decisions a move takes
    (`judge_moves`), the costliest (the last of equal ones: stand or hit).

    The values are heads-up against the equilibrium banker, per unit stake (a stake's in
    chips: before the deal, each stake times the hand's value, `judge_deal_stake`), from
    `book_for`: the deck less the cards seen since the shuffle (``deck`` ``seen``, or the
    deck at the start of the hand a table kept; ``fresh``: a full deck), the cards of
    earlier hands, not those of this hand at other seats, so that one solve serves a hand (a
    fresh deck's tables are shipped; a played-down deck is solved the first time: a table
    starts it at the deal, `solve_ahead`). The bust chance in the reason counts every card
    seen. A deck the exact game cannot play (one that could run out within the hand) is the
    engine's `RulesError`, `InputError` or `LimitError`. A hand after a swap the
    equilibrium never makes (the whole game's table has no row for it) is valued by the
    subgame after that swap (`after_swap`). Stand or hit on a hand of a split is valued by
    the split model, every hand counted and every card face up (`judge_split_hand`: per
    unit stake too). A decision of the bank is judged by the table banker's values
    (`judge_bank`). None when the engine cannot judge the move: a re-split, or a split the
    model cannot play (`judge_split_hand`). An action that is not
    allowed now, or a seat not to act, is an `IllegalActionError`.
    """
    found = judge_moves(game, seat, action, amount, tolerance, deck)
    if not found:
        return None
    return max(reversed(found), key=lambda j: j.cost)
