"""Many small pairings in blocks: the same winners for any jobs, and a saved block reused only
for the very pairings it played."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from wardsim.catalog import default_catalog
from wardsim.decks import load_deck
from wardsim.pairings import Pairing, play_pairings
from wardsim.rules import Rules
from wardsim.runs import RunStore
from wardsim.simulation import simulate

CATALOG = default_catalog()
DECKS = Path(__file__).parent.parent / "decks"
ROWS = {n: tuple(int(c) for c in load_deck(DECKS / f"{n}.txt").card_indices()) for n in ("giants", "undead", "dragons")}


def _store(folder: Path) -> RunStore:
    return RunStore(folder, {"test": "pairings"}, 10_000, "engine")


def test_a_pairing_plays_the_games_simulate_plays_on_its_seed():
    winners, played = play_pairings([Pairing(ROWS["giants"], ROWS["undead"], 77, 12)], "greedy", CATALOG, Rules())
    alone = simulate(load_deck(DECKS / "giants.txt"), load_deck(DECKS / "undead.txt"), 12, 77, policy_a="greedy")
    assert played == 12
    assert (int((winners[0] == 0).sum()), int((winners[0] == 1).sum())) == (alone.totals.wins_a, alone.totals.wins_b)


def test_a_saved_block_is_reused_only_for_the_pairings_it_played(tmp_path):
    first = [Pairing(ROWS["giants"], ROWS["undead"], 5, 8), Pairing(ROWS["undead"], ROWS["giants"], 6, 8)]
    other = [Pairing(ROWS["dragons"], ROWS["undead"], 5, 8), Pairing(ROWS["undead"], ROWS["dragons"], 6, 8)]
    saved, _ = play_pairings(first, "greedy", CATALOG, Rules(), store=_store(tmp_path))
    again, replayed = play_pairings(first, "greedy", CATALOG, Rules(), store=_store(tmp_path))
    assert replayed == 0 and all(np.array_equal(x, y) for x, y in zip(saved, again, strict=True))
    # the same game numbers, other decks: played, not read back
    changed, played = play_pairings(other, "greedy", CATALOG, Rules(), store=_store(tmp_path))
    fresh, _ = play_pairings(other, "greedy", CATALOG, Rules())
    assert played == 16 and all(np.array_equal(x, y) for x, y in zip(changed, fresh, strict=True))
