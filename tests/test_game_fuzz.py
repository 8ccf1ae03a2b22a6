"""A million games between random legal decks, every state checked (`make test-slow`).

Decks are drawn from every card the engine plays in full (effect status `modeled`, or no
text), of every generation and the promos, legal in the official format and holding at least
10 creatures that need no sacrifice; they meet under the rules guide's rules and under
switched rulings, with the random, greedy and heuristic policies (and a few games of search,
which searches and is slow). Every game is played step by step and its state checked after
every step against the invariants of `test_game_invariants.py` (`game_checks_nb.INVARIANTS`),
its result against its end reason, and the game against the one `play_games_nb` plays from
the same seed. The numbers of games and of invariants checked are printed.
"""

from __future__ import annotations

import time
from collections import Counter

import numpy as np
import pytest
from game_checks_nb import INVARIANTS, RULES, STATE_CHECKS, play_checked_pairings
from joblib import Parallel, delayed

from wardsim.catalog import default_catalog
from wardsim.formats import get_format
from wardsim.rules import DECK_SIZE

CAT = default_catalog()
OFFICIAL = get_format("official")
PLAYED_IN_FULL = [
    c for c in CAT if c.effect_status in ("modeled", "none") and OFFICIAL.copies_allowed(c.name, c.is_promo) > 0
]
LOW = [c for c in PLAYED_IN_FULL if c.is_creature and c.armor_level <= 6]
CREATURES = tuple(CAT.index(c.name) for c in PLAYED_IN_FULL if c.is_creature)
# policy: (games, games per pairing); the seat B policy is the same or another fast one
PLAN = {"random": (400_000, 250), "greedy": (400_000, 250), "heuristic": (200_000, 250), "search": (200, 10)}
FAST = ["random", "greedy", "heuristic"]
JOBS = 2


def random_deck(rng: np.random.Generator) -> np.ndarray:
    """30 catalog rows, legal in the official format, 10 or more of them creatures of AL 6 or less."""
    counts: Counter[int] = Counter()
    deck: list[int] = []
    while len(deck) < DECK_SIZE:
        pool = LOW if len(deck) < 10 else PLAYED_IN_FULL
        card = pool[rng.integers(len(pool))]
        if counts[card.name] < OFFICIAL.copies_allowed(card.name, card.is_promo):
            counts[card.name] += 1
            deck.append(CAT.index(card.name))
    return np.array(deck, dtype=np.int64)


def pairings(rng: np.random.Generator) -> list[tuple]:
    """(deck_a, deck_b, policy_a, policy_b, seed, games, rules index, compare) for every pairing
    of the plan; one pairing in four is also compared with the games play_games_nb plays."""
    work = []
    for policy, (games, per_pairing) in PLAN.items():
        for _ in range(games // per_pairing):
            other = policy if policy == "search" or rng.random() < 0.5 else FAST[rng.integers(len(FAST))]
            seed = int(rng.integers(2**63)) * 2 + int(rng.integers(2))  # the whole 64-bit range
            rules = int(rng.integers(len(RULES)))
            compare = len(work) % 4 == 0
            work.append((random_deck(rng), random_deck(rng), policy, other, seed, per_pairing, rules, compare))
    return work


@pytest.mark.slow
def test_a_million_random_games_keep_every_invariant():
    start = time.perf_counter()
    work = pairings(np.random.default_rng(18))
    used = {int(c) for p in work for deck in p[:2] for c in deck}
    assert used == {CAT.index(c.name) for c in PLAYED_IN_FULL}, "some card played in full was never dealt"
    play_checked_pairings(CREATURES, [(*work[0][:5], 2, *work[0][6:])])  # compile before the workers load it
    batches = [work[k : k + 20] for k in range(0, len(work), 20)]
    rows = np.concatenate(Parallel(n_jobs=JOBS)(delayed(play_checked_pairings)(CREATURES, b) for b in batches))
    seconds = time.perf_counter() - start
    games, states = len(rows), int(rows[:, 7].sum())
    compared = sum(p[5] for p in work if p[7])
    broken = Counter(int(code) for code in rows[:, 6] if code)
    print(
        f"\n{games:,} games between {2 * len(work):,} random decks ({len(used)} cards) in {seconds:.0f} s: "
        f"{states:,} states checked against {STATE_CHECKS} invariants each, {games:,} results against 2 more "
        f"({STATE_CHECKS * states + 2 * games:,} invariant checks), {compared:,} games compared with "
        f"play_games_nb's; broken: {dict(broken) or 'none'}"
    )
    assert games >= 1_000_000
    assert not broken, {INVARIANTS[code]: n for code, n in broken.items()}
