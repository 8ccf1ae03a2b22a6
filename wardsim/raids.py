"""Boss Battles runs: one to four decks against a boss, on the table engine.

`simulate_boss` plays games 0 .. N-1 of a seed between the players' decks (team 0) and a boss
(`wardsim.bosses.Boss`, the last seat, team 1): the same chunks, workers, seating by the game's
own seed and resumable run folders as `wardsim.multiplayer.simulate_table`. Its result's
`summary()` is the JSON object of `wardsim boss --json`: the party's win rate with its
interval, how often each player was eliminated, and each player's share of the damage dealt to
the boss.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wardsim.bosses import Boss
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.multiplayer import TableConfig, TableResult, play_table
from wardsim.records import END_REASONS
from wardsim.rules import BOSS_MAX_PLAYERS, Rules
from wardsim.simulation import DEFAULT_CHUNK

PARTY, BOSS_TEAM = 0, 1


@dataclass
class BossResult:
    """What a run of boss games measured."""

    boss: Boss
    table: TableResult

    @property
    def players(self) -> list[str]:
        return self.table.names[:-1]

    def summary(self) -> dict:
        from wardsim.analytics.intervals import wilson_interval

        records = self.table.records
        frame = self.table.frame
        games = len(records)
        wins = int((records[:, 1] == PARTY).sum())
        lo, hi = wilson_interval(wins, games)
        n = len(self.players)
        out = np.array([(frame[f"out_turn_{k}"] >= 0).mean() for k in range(n)])
        dealt = np.array([frame[f"boss_damage_{k}"].sum() for k in range(n)], dtype=float)
        seconds = self.table.seconds
        return {
            "boss": self.boss.name,
            "boss_hp": self.boss.hp,
            "players": self.players,
            "policies": self.table.config.policies,
            "games": games,
            "wins": wins,
            "win_rate": wins / games,
            "ci95": [float(lo), float(hi)],
            "mean_turns": float(records[:, 3].mean()),
            "eliminations": [float(x) for x in out],
            "damage_share": [float(x) for x in (dealt / dealt.sum() if dealt.sum() > 0 else dealt)],
            "seed": self.table.config.seed,
            "rules": self.table.config.rules.as_dict(),
            "end_reasons": {
                name: int(v)
                for name, v in zip(END_REASONS, np.bincount(records[:, 4], minlength=len(END_REASONS)), strict=False)
                if v
            },
            "games_per_second": games / seconds if seconds > 0 else None,
            "not_modeled": self.table.not_modeled,
        }


def simulate_boss(
    boss: Boss,
    decks: Sequence[Deck],
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    policy: str = "heuristic",
    boss_policy: str | None = None,
    out: str | Path | None = None,
    chunk: int = DEFAULT_CHUNK,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> BossResult:
    """Play `games` Boss Battles of the players' `decks` (1 to 4, one per player) against
    `boss`: every player plays `policy`, the boss `boss_policy` (default: `policy`). With `out`,
    each chunk is saved in that run folder as it finishes, and a run saved there before is
    resumed (see `wardsim.simulation.simulate`)."""
    if not 1 <= len(decks) <= BOSS_MAX_PLAYERS:
        raise ValueError(f"a Boss Battle takes 1 to {BOSS_MAX_PLAYERS} players, got {len(decks)} decks")
    cards = boss.catalog(catalog or default_catalog())
    config = TableConfig(
        mode="boss",
        decks=[*(deck.card_indices(cards).tolist() for deck in decks), boss.deck_rows(cards).tolist()],
        teams=[PARTY] * len(decks) + [BOSS_TEAM],
        policies=[policy] * len(decks) + [boss_policy or policy],
        seed=seed,
        games=games,
        rules=rules or Rules(),
        boss=boss.key,
    )
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()} | {c.name for c in boss.not_modeled()})
    names = [deck.name for deck in decks] + [boss.name]
    table = play_table(config, names, flagged, cards, jobs, out, chunk, progress, force, notice)
    return BossResult(boss, table)
