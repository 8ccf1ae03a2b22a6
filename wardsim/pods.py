"""Pod tournaments: a deck pool played in free-for-all pods, and its decks ranked.

`pod_tournament` plays every pod of `pod` decks of the pool (every combination, or a balanced
sample of them when there are more than `max_pods`: shuffles of the pool cut into pods, so
every deck sits at about as many tables as any other). Each pod plays
`wardsim.multiplayer.simulate_table` on its own pod seed, derived from the run seed and the
pod's deck names, and with `out` each pod is a resumable run folder `out/<deck>__<deck>__...`.
The standings rank the decks by win rate with Wilson intervals (`analytics.tables`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd

from wardsim.analytics.tables import place_advantage, table_standings
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.multiplayer import simulate_table
from wardsim.outputs import OutputFolder
from wardsim.policies import policy_id
from wardsim.rules import Rules
from wardsim.whatif import check_pool

MAX_PODS = 200  # pods to play at most; a larger pool's pods are a balanced sample


def pod_seed(seed: int, names: Sequence[str]) -> int:
    """The seed of the pod of these decks (in this order), below 2**63."""
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, got {seed}")
    words = [int(seed), *(int.from_bytes(name.encode("utf-8"), "little") for name in names)]
    return int(np.random.SeedSequence(words).generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def choose_pods(n_decks: int, pod: int, seed: int, max_pods: int = MAX_PODS) -> list[tuple[int, ...]]:
    """The pods of a pool of `n_decks` (deck indices): every combination of `pod` decks when
    there are at most `max_pods`, else `max_pods` pods cut from shuffles of the pool, one after
    the other (no deck twice in a pod), so every deck sits at about as many pods as any other."""
    if not 3 <= pod <= n_decks:
        raise ValueError(f"a pod seats 3 decks or more, and at most the {n_decks} of the pool; got --pod {pod}")
    if math.comb(n_decks, pod) <= max_pods:
        return list(combinations(range(n_decks), pod))
    rng = np.random.default_rng([seed, n_decks, pod])
    pods: list[tuple[int, ...]] = []
    pending: list[int] = []
    while len(pods) < max_pods:
        order = [int(k) for k in rng.permutation(n_decks)]
        while order and len(pods) < max_pods:
            fits = next((k for k, d in enumerate(order) if d not in pending), None)
            if fits is None:
                break
            pending.append(order.pop(fits))
            if len(pending) == pod:
                pods.append(tuple(sorted(pending)))
                pending = []
    return pods


@dataclass
class PodTournament:
    """A pod tournament's results: `players` holds one row per (pod, game, player)
    (`analytics.tables.player_rows`), `pods` one row per pod (``pod, decks, seed, games``)."""

    decks: list[str]
    players: pd.DataFrame
    pods: pd.DataFrame
    seed: int
    policy: str
    games: int
    pod: int
    not_modeled: list[str]
    seconds: float = 0.0
    rules: Rules = Rules()

    def standings(self) -> pd.DataFrame:
        """Each deck's win rate and strength (win rate over the fair share), best first."""
        return table_standings(self.players)

    def places(self) -> pd.DataFrame:
        """The win rate by place in the turn order."""
        return place_advantage(self.players)

    def summary(self) -> dict:
        """The JSON object of `wardsim tournament --mode ffa --json`."""
        standings = self.standings()
        places = self.places()
        return {
            "mode": "ffa",
            "pod": self.pod,
            "decks": self.decks,
            "pods": len(self.pods),
            "games_per_pod": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "rules": self.rules.as_dict(),
            "standings": [
                {
                    "deck": deck,
                    "games": int(row.games),
                    "wins": int(row.wins),
                    "win_rate": float(row.win_rate),
                    "ci95": [float(row.ci_low), float(row.ci_high)],
                    "strength": float(row.strength),
                }
                for deck, row in standings.iterrows()
            ],
            "seat_win_rates": [float(r) for r in places["win_rate"]],
            "not_modeled": self.not_modeled,
        }


def pod_tournament(
    decks: list[Deck],
    pod: int = 4,
    games: int = 100,
    seed: int = 0,
    policy: str = "heuristic",
    jobs: int = 1,
    out: Path | None = None,
    max_pods: int = MAX_PODS,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    rules: Rules | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> PodTournament:
    """Play the pool's pods of `pod` decks in free-for-all, `games` games each (see the module
    notes); `out` keeps each pod's run folder, and the same call resumes from them."""
    check_pool(decks)
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    policy_id(policy)
    catalog = catalog or default_catalog()
    chosen = choose_pods(len(decks), pod, seed, max_pods)
    folder = OutputFolder.claim(out, force) if out is not None else None
    rows, listed = [], []
    seconds = 0.0
    for number, members in enumerate(chosen):
        names = [decks[k].name for k in members]
        seed_pod = pod_seed(seed, names)
        run = folder.file("__".join(names)) if folder is not None else None
        start = time.perf_counter()
        result = simulate_table(
            [decks[k] for k in members],
            "ffa",
            games=games,
            seed=seed_pod,
            jobs=jobs,
            policy=policy,
            out=run,
            rules=rules,
            catalog=catalog,
            progress=progress,
            force=force,
            notice=notice,
        )
        seconds += time.perf_counter() - start
        rows.append(result.players(pod=number))
        listed.append({"pod": number, "decks": names, "seed": seed_pod, "games": games})
    players = pd.concat(rows, ignore_index=True)
    players["deck"] = pd.Categorical(players["deck"], categories=[d.name for d in decks])
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()})
    return PodTournament(
        [d.name for d in decks],
        players,
        pd.DataFrame(listed),
        seed,
        policy,
        games,
        pod,
        flagged,
        seconds,
        rules or Rules(),
    )
