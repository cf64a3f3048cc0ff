"""Independent reference implementations used to check `settemezzo.solve`.

Nothing here imports the package under test: the rules of one heads-up hand (Italian rules,
no variant) are re-implemented from scratch, from `docs/rules.md` ("One hand" and
"Exact-analysis conventions").

- `tests.reference.bruteforce`: exact enumeration on reduced decks (Fractions), including
  the value of the whole game as a matrix game over every pure strategy.
- `tests.reference.montecarlo`: a plain seeded Monte Carlo of hands on the 40-card deck.
"""
