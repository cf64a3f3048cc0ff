"""The ``odds`` command (`settemezzo.cli.odds`): its output and its JSON.

Reference values are derived by hand from the 40-card deck (12 figures worth ½, four cards
each of 1..7); each derivation is in a comment next to the number.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.cli.running import run, run_json


def test_hole_seven_alone(capsys: pytest.CaptureFixture[str]) -> None:
    # A face-down 7, nothing else seen: 39 unseen cards = 12 figures, four each of 1..6, three 7s.
    # Any card but a figure busts: 24 + 3 = 27 of 39 = 9/13. A figure makes 7½: 12/39 = 4/13.
    code, out, err = run(capsys, "odds", "--hole", "7")
    assert code == 0
    assert err == ""
    assert "Italian rules" in out
    assert "unseen cards: 39" in out
    assert "total 7" in out
    assert "9/13  (69.23%)" in out
    assert "4/13  (30.77%)" in out
    assert "1/13  (7.69%)" in out  # next card a 7: 3 of 39
    # threshold 5: a 7 stands at once, so the final total is 7 for sure
    assert "hit below 5, stand on 5 or more" in out
    assert "  7  1  (100.00%)" in out


def test_five_and_ace(capsys: pytest.CaptureFixture[str]) -> None:
    # [5] 1 = 6 points, 38 unseen. Bust needs 2 or more: 4+4+4+3 (fives)+4+4 = 23 of 38.
    # No single card adds exactly 1½, so 7½ is impossible. Aces left: 3 of 38.
    code, out, _ = run(capsys, "odds", "--hole", "5", "--up", "1")
    assert code == 0
    assert "unseen cards: 38" in out
    assert "total 6\n" in out
    assert "23/38  (60.53%)" in out
    assert "exactly 7½  0" in out
    assert "3/38  (7.89%)" in out


def test_up_cards_as_one_string_or_repeated(capsys: pytest.CaptureFixture[str]) -> None:
    _, repeated, _ = run(capsys, "odds", "--hole", "1", "--up", "1", "--up", "3")
    _, joined, _ = run(capsys, "odds", "--hole", "1", "--up", "1 3")
    assert repeated == joined
    assert "hand [1] 1 3: total 5" in joined


def test_two_step_threshold_policy(capsys: pytest.CaptureFixture[str]) -> None:
    # A lone 6 hitting below 7 (39 unseen: 12 figures, 4 aces, three 6s, four each of 2-5, 7).
    #   ace 4/39 -> 7, stand;  2..7 (23/39) -> bust;  figure 12/39 -> 6½, hit again from 38
    #   cards (11 figures, 4 aces, 23 others): figure -> 7, ace -> 7½, other -> bust.
    # P(7) = 4/39 + 12/39*11/38 = 142/741;  P(7½) = 12/39*4/38 = 8/247;
    # P(bust) = 23/39 + 12/39*23/38 = 575/741  (142 + 24 + 575 = 741).
    code, out, _ = run(capsys, "odds", "--hole", "6", "--threshold", "7")
    assert code == 0
    assert "hit below 7, stand on 7 or more" in out
    assert "bust  575/741  (77.60%)" in out
    assert "7     142/741  (19.16%)" in out
    assert "7½    8/247    (3.24%)" in out


def test_seen_cards_with_commas_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    # [3] with three figures seen (re di denari, sota de copas, Kc): 36 unseen, 9 figures.
    # Bust on a 5, 6 or 7 (12 of 36 = 1/3); a figure gives 3½.
    data = run_json(capsys, "odds", "--hole", "3",
                    "--seen", "re di denari, sota de copas", "--seen", "Kc")
    assert data["unseen"] == 36
    figures = data["next_card"][0]
    assert (figures["card"], figures["count"], figures["fraction"]) == ("½", 9, "1/4")
    assert data["bust_chance"]["fraction"] == "1/3"


def test_finished_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--hole", "7", "--up", "J", "--variant", "royal")
    assert code == 0
    assert "royal 7½, the turn is over" in out
    assert "one more card" not in out
    data = run_json(capsys, "odds", "--hole", "7", "--up", "1")  # 8 points: bust
    assert data["finished"] is True
    assert data["result"] == "bust"
    assert data["bust_chance"] is None and data["seven_half_chance"] is None
    assert data["final_distribution"] == [
        {"score": 0, "label": "bust", "fraction": "1", "float": 1.0}]


def test_wild_king_never_busts(capsys: pytest.CaptureFixture[str]) -> None:
    # Under wild_king a lone K♦ counts 7; a hand busts only with the K♦ as ½, so never here.
    # 7½ needs K♦ + a figure (K♦ = 7) or K♦ + a 7 (K♦ = ½): 11 + 4 = 15 of 39 = 5/13.
    data = run_json(capsys, "odds", "--hole", "Kd", "--variant", "wild_king")
    assert data["rules"] == "Italian rules + wild K♦"
    assert data["total_label"] == "7"
    assert data["bust_chance"]["fraction"] == "0"
    assert data["seven_half_chance"]["fraction"] == "5/13"


def test_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "--hole", "7")
    assert set(data) >= {"rules", "hand", "total", "total_label", "finished", "unseen",
                         "next_card", "bust_chance", "seven_half_chance", "threshold",
                         "policy", "final_distribution"}
    assert data["total"] == 14 and data["total_label"] == "7"
    assert data["finished"] is False
    assert data["unseen"] == 39
    assert data["bust_chance"] == {"fraction": "9/13", "float": pytest.approx(9 / 13)}
    assert data["seven_half_chance"]["fraction"] == "4/13"
    assert sum(c["count"] for c in data["next_card"]) == 39
    for block in (data["next_card"], data["final_distribution"]):
        assert sum(Fraction(row["fraction"]) for row in block) == 1
        for row in block:
            assert row["float"] == pytest.approx(float(Fraction(row["fraction"])))


def test_json_spanish_and_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    # Same numbers as test_two_step_threshold_policy: draw odds do not depend on the preset.
    data = run_json(capsys, "odds", "--hole", "6", "--threshold", "7", "--rules", "spanish")
    assert data["rules"].startswith("Spanish rules")
    assert data["threshold"] == "7"
    final = {row["label"]: row["fraction"] for row in data["final_distribution"]}
    assert final == {"bust": "575/741", "7": "142/741", "7½": "8/247"}

