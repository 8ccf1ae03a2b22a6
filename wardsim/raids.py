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
from typing import Any

import numpy as np
import pandas as pd

from wardsim.bosses import Boss
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.multiplayer import TableConfig, TableResult, play_table
from wardsim.policies import BOSS_POLICY
from wardsim.records import END_REASONS
from wardsim.rules import BOSS_MAX_PLAYERS, Rules
from wardsim.simulation import DEFAULT_CHUNK, SEED_MAX

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
    boss_policy: str = BOSS_POLICY,
    out: str | Path | None = None,
    chunk: int = DEFAULT_CHUNK,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> BossResult:
    """Play `games` Boss Battles of the players' `decks` (1 to 4, one per player) against
    `boss`: every player plays `policy`, the boss `boss_policy` (the search policy: the rules'
    smartest possible action). With `out`,
    each chunk is saved in that run folder as it finishes, and a run saved there before is
    resumed (see `wardsim.simulation.simulate`)."""
    if not 1 <= len(decks) <= BOSS_MAX_PLAYERS:
        raise ValueError(f"a Boss Battle takes 1 to {BOSS_MAX_PLAYERS} players, got {len(decks)} decks")
    cards = boss.catalog(catalog or default_catalog())
    config = boss_config(boss, decks, cards, games, seed, policy, boss_policy, rules or Rules())
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()} | {c.name for c in boss.not_modeled()})
    names = [deck.name for deck in decks] + [boss.name]
    table = play_table(config, names, flagged, cards, jobs, out, chunk, progress, force, notice)
    return BossResult(boss, table)


def boss_config(
    boss: Boss,
    decks: Sequence[Deck],
    cards: Catalog,
    games: int,
    seed: int,
    policy: str,
    boss_policy: str,
    rules: Rules,
) -> TableConfig:
    """The run of `decks` (team 0) against `boss` (the last player, team 1), on `cards` (the
    catalog with the boss's cards, `Boss.catalog`)."""
    return TableConfig(
        mode="boss",
        decks=[*(deck.card_indices(cards).tolist() for deck in decks), boss.deck_rows(cards).tolist()],
        teams=[PARTY] * len(decks) + [BOSS_TEAM],
        policies=[policy] * len(decks) + [boss_policy],
        seed=seed,
        games=games,
        rules=rules,
        boss=boss.key,
    )


@dataclass
class Calibration:
    """The boss HP at which the party wins with the target probability (`calibrate_hp`)."""

    target: float
    hp: int  # the highest HP at which the party still wins at least `target` of the games
    interval: tuple[int, int]  # the HPs whose win-rate interval holds the target
    tried: dict[int, tuple[int, int]]  # HP -> (wins, games), every HP played, on the same seed
    check: BossResult  # `hp` played again on other dice (seed + 1)

    def summary(self) -> dict:
        """The check's summary (its `boss_hp` is `hp`), with the calibration's keys."""
        return {
            **self.check.summary(),
            "target_win_rate": self.target,
            "hp_for_target": self.hp,
            "hp_ci95": list(self.interval),
            "tried": {str(hp): wins / games for hp, (wins, games) in sorted(self.tried.items())},
        }


def calibrate_hp(
    boss: Boss,
    decks: Sequence[Deck],
    target: float,
    games: int = 1000,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    **run: Any,
) -> Calibration:
    """The boss HP at which `decks` win with probability `target`: a bisection over HP in which
    every HP is played on the same games of `seed` (common random numbers), so the win rate
    falls with HP by the HP alone. `hp` is the highest HP won at least `target` of the time; the
    interval runs from the lowest HP whose win rate's 95% interval still holds the target to the
    highest one. The HP found is played again on seed + 1, so its rate is not the search's own.
    `run`: the other arguments of `simulate_boss` (jobs, policy, boss_policy, rules, catalog)."""
    from wardsim.analytics.intervals import wilson_interval
    from wardsim.bosses import MAX_BOSS_HP

    if not 0 < target < 1:
        raise ValueError(f"the target win rate must be between 0 and 1, got {target}")
    tried: dict[int, tuple[int, int]] = {}

    def rate(hp: int) -> float:
        if hp not in tried:
            result = simulate_boss(boss.with_hp(hp), decks, games=games, seed=seed, progress=progress, **run)
            tried[hp] = (int((result.table.records[:, 1] == PARTY).sum()), games)
        wins, n = tried[hp]
        return wins / n

    def bound(hp: int, side: int) -> float:
        """The low (side -1) or high end of the win rate's 95% interval at `hp`."""
        rate(hp)
        lo, hi = wilson_interval(*tried[hp])
        return float(lo if side < 0 else hi)

    def last_hp(holds: Callable[[int], bool]) -> int:
        """The highest HP at which `holds` is true, given that it holds at HP 1 and fails at
        some higher HP, found by bisection (0 when it fails at HP 1)."""
        if not holds(1):
            return 0
        lo, hi = 1, max(boss.hp, 2)
        while holds(hi):
            if hi >= MAX_BOSS_HP:
                return MAX_BOSS_HP
            lo, hi = hi, min(2 * hi, MAX_BOSS_HP)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if holds(mid) else (lo, mid)
        return lo

    hp = max(last_hp(lambda h: rate(h) >= target), 1)
    low = last_hp(lambda h: bound(h, -1) > target) + 1  # the first HP not surely won more often
    high = last_hp(lambda h: bound(h, +1) >= target)  # the last HP not surely won less often
    other = seed + 1 if seed < SEED_MAX else 0
    check = simulate_boss(boss.with_hp(hp), decks, games=games, seed=other, progress=progress, **run)
    return Calibration(target, hp, (min(low, hp), max(high, hp)), tried, check)


def sweep_boss(
    boss: Boss,
    decks: Sequence[Deck],
    hps: Sequence[int],
    sizes: Sequence[int],
    games: int = 1000,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    **run: Any,
) -> pd.DataFrame:
    """The party's win rate against the boss at each HP of `hps` for each party size of `sizes`
    (the first k decks), every run on the same games of `seed` (common random numbers). One row
    per (hp, players): `hp, players, party, wins, games, win_rate, ci_low, ci_high`."""
    from wardsim.analytics.intervals import wilson_interval

    if not sizes or min(sizes) < 1 or max(sizes) > len(decks):
        raise ValueError(f"party sizes must be 1 to the {len(decks)} decks given, got {list(sizes)}")
    rows = []
    for k in sizes:
        for hp in hps:
            result = simulate_boss(boss.with_hp(hp), decks[:k], games=games, seed=seed, progress=progress, **run)
            wins = int((result.table.records[:, 1] == PARTY).sum())
            lo, hi = wilson_interval(wins, games)
            party = ", ".join(d.name for d in decks[:k])
            rows.append((hp, k, party, wins, games, wins / games, float(lo), float(hi)))
    columns = ["hp", "players", "party", "wins", "games", "win_rate", "ci_low", "ci_high"]
    return pd.DataFrame(rows, columns=columns)


@dataclass
class BossPool:
    """Each deck of a pool alone against a boss (the report's Boss Battles section)."""

    boss: Boss
    games: int
    seed: int
    policy: str
    table: pd.DataFrame  # one row per deck, best first: deck, wins, games, win_rate, ci_low, ci_high, mean_turns


def boss_pool(
    boss: Boss,
    decks: Sequence[Deck],
    games: int = 1000,
    seed: int = 0,
    policy: str = "heuristic",
    progress: Callable[[int], None] | None = None,
    **run: Any,
) -> BossPool:
    """Every deck of `decks` alone against `boss`, on the same games of `seed`: which decks
    beat it, with their intervals. `run`: the other arguments of `simulate_boss`."""
    rows = []
    for deck in decks:
        s = simulate_boss(boss, [deck], games=games, seed=seed, policy=policy, progress=progress, **run).summary()
        rows.append((deck.name, s["wins"], games, s["win_rate"], s["ci95"][0], s["ci95"][1], s["mean_turns"]))
    columns = ["deck", "wins", "games", "win_rate", "ci_low", "ci_high", "mean_turns"]
    table = pd.DataFrame(rows, columns=columns).sort_values("win_rate", ascending=False, kind="stable")
    return BossPool(boss, games, seed, policy, table.reset_index(drop=True))
