"""The table banker's posterior of the players' face-down cards, checked where the exact
engine cannot reach (hidden-card swaps, splits, stakes chosen after the first card, several
players) by calibration: a banker who sits at many tables and notes its posterior for each
face-down card must find the true card as often as it predicted, and never where it
predicted zero."""

from __future__ import annotations

import math
from collections import defaultdict

from settemezzo.cards import Kind
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.simulate import Person, Table, TableView
from settemezzo.simulate.session import HandReport, card_id

Case = tuple[dict[Kind, float], Kind, tuple[int, int]]


def banker_thinking(rules: Rules, players: int, player: str, hands: int,
                    seed: int) -> list[Case]:
    """(posterior, true kind, (stake, cards in the hand)) for every face-down card of a hand
    that stood, at the banker's first decision, every seat banking in turn with the table
    banker's model."""
    def bank(view: TableView) -> str:
        return "hit" if view.total < 10 else "stand"

    person = Person(bank, frozenset({"bank_action"}), player=player, banker="table")
    table = Table(rules, players, seats=dict.fromkeys(range(players + 1), person),
                  seed=seed, chips=None, sessions=hands)
    out: list[Case] = []
    done = 0
    first = True
    while done < hands:
        step = table.advance()
        if isinstance(step, HandReport):
            done += 1
            first = True
            continue
        assert isinstance(step, TableView) and step.decision == "bank_action"
        if first:
            hidden = table.hidden_cards()
            seen = {s.seat: s for s in step.table}
            for (seat, j), post in table.posteriors().items():
                true = Kind(int(table.spec.KIND[card_id(hidden[(seat, j)])]))
                what = (seen[seat].stakes[j], len(seen[seat].cards[j]))
                out.append((post, true, what))
            first = False
        table.answer(bank(step))
    return out


def check_calibration(cases: list[Case], tolerance: float) -> None:
    """The true kind is never given 0; and in every group of cases - by kind, by bins of
    the predicted chance, and by what the banker saw (the stake, the number of cards) - the
    kind turns up as often as predicted, within ``tolerance`` standard deviations. (Groups
    by what was seen catch information left out: a posterior that ignored the stakes would
    still be calibrated overall, but not among the hands staked high.)"""
    assert len(cases) > 500
    for post, true, _ in cases:
        assert post.get(true, 0.0) > 0.0, (post, true)
        assert abs(sum(post.values()) - 1) < 1e-12
    groups: dict[object, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for post, true, (stake, n) in cases:
        for k in Kind:
            p = post.get(k, 0.0)
            for key in (k, (k, min(int(p * 5), 4)), (k, "stake", stake), (k, "cards", n)):
                g = groups[key]
                g[0] += (true == k) - p
                g[1] += p * (1 - p)
                g[2] += 1
    for key, (diff, var, n) in groups.items():
        assert abs(diff) <= tolerance * math.sqrt(var) + 1e-9, (key, diff, var, n)


def test_heads_up_spanish_posterior_is_calibrated() -> None:
    """Stakes after the first card (the maximum on a 7 or a 6), the hidden-card swap and
    splits: all of them tell the banker something, exactly (heads-up, 4 s.d.)."""
    cases = banker_thinking(SPANISH, 1, "threshold:5,swap,split,stake=max-on:7/6", 1500,
                            seed=1)
    check_calibration(cases, 4)
    # the stakes give the card away: many posteriors are sure of it
    assert sum(max(p.values()) > 0.5 for p, _, _ in cases) > len(cases) / 10


def test_heads_up_italian_burning_posterior_is_calibrated() -> None:
    rules = ITALIAN.with_variants("burn=3,4", "wild_king", "royal")
    check_calibration(banker_thinking(rules, 1, "threshold:6,burn", 1500, seed=2), 4)


def test_several_players_posterior_is_nearly_calibrated() -> None:
    """With several players each card's posterior leaves out what the others' decisions say
    about the unseen cards: never wrong about what is impossible, and close (5 s.d.)."""
    cases = banker_thinking(ITALIAN, 4, "threshold:5", 500, seed=3)
    check_calibration(cases, 5)
