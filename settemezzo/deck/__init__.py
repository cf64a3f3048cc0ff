"""The deck played down (``reshuffle=when_exhausted``): what remembering the cards already
seen is worth (`down`), and a count a person can keep instead (`count`), over the part they
share (`common`: a composition as a key, the exact replies on it, the ratio estimator).
"""

from settemezzo.deck.common import DeckDownError
from settemezzo.deck.count import (
    CANDIDATES,
    Count,
    CountStudy,
    Report,
    best_count,
    count_card,
    count_study,
    edge_by_count,
    fit_count,
    load_report,
    summarize,
)
from settemezzo.deck.down import BANKERS, DeckDown, HandValues, deck_cycles, deck_down, hand_values

__all__ = ["BANKERS", "CANDIDATES", "Count", "CountStudy", "DeckDown", "DeckDownError",
           "HandValues", "Report", "best_count", "count_card", "count_study", "deck_cycles",
           "deck_down", "edge_by_count", "fit_count", "hand_values", "load_report", "summarize"]
