"""Batches of games: chunks run by joblib workers, counters accumulated, records saved.

`simulate` plays games 0 .. N-1 of a seed between two decks. Each game's dice come from
(seed, game index) alone, so the result is the same for any `jobs` and chunk size. Memory stays
flat: every chunk is reduced to counters (results and, per distinct card of each deck, the
games and wins with the card in the opening hand, drawn, in hand at all, and played) before
the next is kept. With `out`, each chunk's per-game records and counters are written as it
finishes, under a manifest of the run; running the same command again resumes from what was
saved.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from numba import njit

from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.kernel.game.enums import COUNTER_SPAN, N_RECORD_COLS, RecordCol, SeenBit
from wardsim.kernel.game.match import play_games_nb
from wardsim.policies import needs_duel_table, policy_arrays
from wardsim.records import END_REASONS, GAME_COLUMNS, records_frame
from wardsim.rules import DECK_SIZE, Rules

DEFAULT_CHUNK = 1000


class CounterColT(NamedTuple):
    """Columns of the per-card counters (int64): games with the card, and their score doubled
    (a win 2, a draw 1), overall and by how the card was seen; then the play statistics."""

    games: int = 0
    score2: int = 1
    games_in_hand: int = 2  # in the opening hand or drawn
    score2_in_hand: int = 3
    games_opening: int = 4
    score2_opening: int = 5
    games_drawn: int = 6  # drawn after the opening hand (and not in it)
    score2_drawn: int = 7
    games_played: int = 8
    score2_played: int = 9
    plays: int = 10  # times a copy was played (summoned from hand, cast, answered)
    fizzles: int = 11  # plays to no effect (kernel.game.enums.FizzleReason)


CounterCol = CounterColT()
C = CounterCol


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides the games of a run (written to the manifest)."""

    deck_a: list[int]  # catalog rows, 30 each
    deck_b: list[int]
    policy_a: str
    policy_b: str
    seed: int
    games: int
    rules: Rules = Rules()

    def key(self) -> dict:
        key = {k: v for k, v in self.__dict__.items() if k not in ("games", "rules")}
        return {**key, "rules": self.rules.as_dict()}


@dataclass
class Totals:
    """Counters of a set of games (adds up across chunks)."""

    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    first_player_wins: int = 0  # games won by the player who went first
    first_player_draws: int = 0
    turns: int = 0
    end_reasons: np.ndarray = field(default_factory=lambda: np.zeros(len(END_REASONS), dtype=np.int64))
    cards: np.ndarray = field(default_factory=lambda: np.zeros((2 * DECK_SIZE, len(CounterCol)), dtype=np.int64))

    def add(self, other: Totals) -> None:
        for name in ("games", "wins_a", "wins_b", "draws", "first_player_wins", "first_player_draws", "turns"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.end_reasons += other.end_reasons
        self.cards += other.cards


@njit(cache=True)
def count_games_nb(records, seen, slot_group, cards_out):
    """Add each game's per-card facts to cards_out[group, CounterCol] (wins doubled:
    a draw scores 1, a win 2). slot_group maps the 60 deck slots to distinct-card rows."""
    n_groups = cards_out.shape[0]
    flags = np.zeros((n_groups, 4), dtype=np.bool_)
    for g in range(records.shape[0]):
        winner = records[g, RecordCol.winner]
        flags[:, :] = False
        for slot in range(seen.shape[1]):
            s = seen[g, slot]
            k = slot_group[slot]
            if s & SeenBit.opening:
                flags[k, 0] = True
            if s & SeenBit.drawn:
                flags[k, 1] = True
            if s & SeenBit.played:
                flags[k, 2] = True
            flags[k, 3] = True  # the card is in this deck
            cards_out[k, C.plays] += s // SeenBit.plays_unit % COUNTER_SPAN
            cards_out[k, C.fizzles] += s // SeenBit.fizzles_unit
        for k in range(n_groups):
            if not flags[k, 3]:
                continue
            side = 0 if k < n_groups // 2 else 1
            score2 = 2 if winner == side else (1 if winner == 2 else 0)
            cards_out[k, C.games] += 1
            cards_out[k, C.score2] += score2
            if flags[k, 0] or flags[k, 1]:
                cards_out[k, C.games_in_hand] += 1
                cards_out[k, C.score2_in_hand] += score2
            if flags[k, 0]:
                cards_out[k, C.games_opening] += 1
                cards_out[k, C.score2_opening] += score2
            elif flags[k, 1]:
                cards_out[k, C.games_drawn] += 1
                cards_out[k, C.score2_drawn] += score2
            if flags[k, 2]:
                cards_out[k, C.games_played] += 1
                cards_out[k, C.score2_played] += score2


def slot_groups(deck_a: np.ndarray, deck_b: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Map deck slots to distinct-card rows: rows 0..29 for deck A's cards, 30..59 for B's.
    Returns the map and, per row used, (side, catalog row)."""
    groups = np.zeros(2 * DECK_SIZE, dtype=np.int64)
    labels: list[tuple[int, int]] = [(-1, -1)] * (2 * DECK_SIZE)
    for side, deck in enumerate((deck_a, deck_b)):
        seen_cards: dict[int, int] = {}
        for slot, card in enumerate(deck):
            k = side * DECK_SIZE + seen_cards.setdefault(int(card), len(seen_cards))
            groups[side * DECK_SIZE + slot] = k
            labels[k] = (side, int(card))
    return groups, labels


def run_chunk(
    cards: np.ndarray, effects: np.ndarray, config: RunConfig, first: int, n: int, duel_table: np.ndarray
) -> tuple[Totals, np.ndarray]:
    """Play games first .. first+n-1; returns their totals and records (n, GAME_COLUMNS)."""
    deck_a = np.asarray(config.deck_a, dtype=np.int64)
    deck_b = np.asarray(config.deck_b, dtype=np.int64)
    ids, params = policy_arrays(config.policy_a, config.policy_b)
    records = np.zeros((n, N_RECORD_COLS), dtype=np.int64)
    seen = np.zeros((n, 2 * DECK_SIZE), dtype=np.int64)
    play_games_nb(
        cards,
        effects,
        deck_a,
        deck_b,
        ids,
        params,
        np.uint64(config.seed),
        first,
        n,
        config.rules.to_array(),
        duel_table,
        records,
        seen,
    )
    totals = Totals()
    groups, _ = slot_groups(deck_a, deck_b)
    count_games_nb(records, seen, groups, totals.cards)
    winner = records[:, RecordCol.winner]
    first_player = records[:, RecordCol.first_player]
    totals.games = n
    totals.wins_a = int((winner == 0).sum())
    totals.wins_b = int((winner == 1).sum())
    totals.draws = int((winner == 2).sum())
    totals.first_player_wins = int((winner == first_player).sum())
    totals.first_player_draws = totals.draws
    totals.turns = int(records[:, RecordCol.turns].sum())
    totals.end_reasons = np.bincount(records[:, RecordCol.end_reason], minlength=len(END_REASONS))
    table = np.column_stack([np.arange(first, first + n), records])
    return totals, table


@dataclass
class SimulationResult:
    """What a run measured; `summary()` is the JSON object of `wardsim simulate --json`."""

    deck_a: str
    deck_b: str
    config: RunConfig
    totals: Totals
    seconds: float
    cards: pd.DataFrame  # one row per (side, card): counters, see `card_counters`
    not_modeled: list[str]
    records: pd.DataFrame | None = None  # one row per game (`wardsim.records`), when kept

    def summary(self) -> dict:
        from wardsim.analytics.card_metrics import play_stats
        from wardsim.analytics.intervals import wilson_interval

        t = self.totals
        score_a = t.wins_a + 0.5 * t.draws
        lo, hi = wilson_interval(score_a, t.games) if t.games else (0.0, 1.0)
        first_score = t.first_player_wins + 0.5 * t.first_player_draws
        return {
            "deck_a": self.deck_a,
            "deck_b": self.deck_b,
            "policy_a": self.config.policy_a,
            "policy_b": self.config.policy_b,
            "games": t.games,
            "wins_a": t.wins_a,
            "wins_b": t.wins_b,
            "draws": t.draws,
            "win_rate_a": score_a / t.games if t.games else None,
            "ci95": [float(lo), float(hi)],
            "seed": self.config.seed,
            "rules": self.config.rules.as_dict(),
            "first_player_win_rate": first_score / t.games if t.games else None,
            "mean_turns": t.turns / t.games if t.games else None,
            "end_reasons": {name: int(v) for name, v in zip(END_REASONS, t.end_reasons, strict=True) if v},
            "games_per_second": t.games / self.seconds if self.seconds > 0 else None,
            "not_modeled": self.not_modeled,
            "card_stats": play_stats(self.cards).to_dict("records"),
        }


def card_counters(totals: Totals, config: RunConfig, deck_names: tuple[str, str], catalog: Catalog) -> pd.DataFrame:
    """The per-card counters as the frame `analytics.card_metrics` reads (wins: draws half)."""
    _, labels = slot_groups(np.asarray(config.deck_a), np.asarray(config.deck_b))
    rows = []
    for k, (side, card) in enumerate(labels):
        if side < 0:
            continue
        c = totals.cards[k]
        rows.append(
            {
                "deck": deck_names[side],
                "side": "ab"[side],
                "card": catalog.cards[card].name,
                **{
                    name.replace("score2", "wins"): (c[col] / 2 if name.startswith("score2") else int(c[col]))
                    for name, col in zip(CounterCol._fields, CounterCol, strict=True)
                },
                "effect_status": catalog.cards[card].effect_status,
            }
        )
    return pd.DataFrame(rows)


def _chunks(games: int, chunk: int) -> list[tuple[int, int]]:
    return [(first, min(chunk, games - first)) for first in range(0, games, chunk)]


@lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """A digest of the game engine (the kernels, the rules, the policies' defaults, this module)
    and of the catalog and formats: saved games are resumed only by the engine that played them
    (read once per process)."""
    root = Path(__file__).parent
    engine = [*(root / "kernel").rglob("*.py"), root / "rules.py", root / "policies.py", Path(__file__)]
    digest = hashlib.sha256()
    for path in sorted([*engine, *(root / "data").rglob("*.toml")]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class RunStore:
    """A run's folder: manifest.json, records/part-NNNNNN.parquet, totals/part-NNNNNN.npz."""

    def __init__(self, out: Path, config: RunConfig):
        self.out = Path(out)
        self.config = config
        manifest = self.out / "manifest.json"
        engine = engine_fingerprint()
        if manifest.exists():
            saved = json.loads(manifest.read_text())
            if saved.get("config") != config.key():
                raise ValueError(
                    f"{self.out} holds a different run (other decks, policies or seed); choose another --out folder"
                )
            if saved.get("engine") != engine:
                raise ValueError(
                    f"{self.out} holds games played by another version of the engine (its rules, "
                    "kernels or cards have changed since), which cannot be mixed with new ones; "
                    "delete the folder or choose another --out folder"
                )
        (self.out / "records").mkdir(parents=True, exist_ok=True)
        (self.out / "totals").mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"config": config.key(), "games": config.games, "engine": engine}, indent=1))

    def done(self, first: int, n: int) -> Totals | None:
        path = self.out / "totals" / f"part-{first:09d}-{n}.npz"
        if not path.exists():
            return None
        data = np.load(path)
        t = Totals()
        for name in ("games", "wins_a", "wins_b", "draws", "first_player_wins", "first_player_draws", "turns"):
            setattr(t, name, int(data[name]))
        t.end_reasons = data["end_reasons"]
        t.cards = data["cards"]
        return t

    def records(self, first: int) -> np.ndarray:
        return pd.read_parquet(self.out / "records" / f"part-{first:09d}.parquet")[list(GAME_COLUMNS)].to_numpy()

    def save(self, first: int, n: int, totals: Totals, table: np.ndarray) -> None:
        frame = pd.DataFrame(table, columns=list(GAME_COLUMNS))
        frame.to_parquet(self.out / "records" / f"part-{first:09d}.parquet", index=False)
        tmp = self.out / "totals" / f"part-{first:09d}-{n}.tmp.npz"
        np.savez(
            tmp,
            end_reasons=totals.end_reasons,
            cards=totals.cards,
            **{
                name: getattr(totals, name)
                for name in ("games", "wins_a", "wins_b", "draws", "first_player_wins", "first_player_draws", "turns")
            },
        )
        tmp.replace(self.out / "totals" / f"part-{first:09d}-{n}.npz")  # a chunk counts once it is whole


def simulate(
    deck_a: Deck,
    deck_b: Deck,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    policy_a: str = "heuristic",
    policy_b: str | None = None,
    out: str | Path | None = None,
    chunk: int = DEFAULT_CHUNK,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play `games` games of deck A against deck B (A's seat first in the records).

    The games follow `rules` (the rules guide's by default; `wardsim.rules.Rules` holds the
    numbers and rulings a referee may change). With `keep_records`, the result also holds every
    game's record, ordered by game (for paired comparisons of runs on the same seed)."""
    catalog = catalog or default_catalog()
    tables = catalog.tables()
    config = RunConfig(
        deck_a=deck_a.card_indices(catalog).tolist(),
        deck_b=deck_b.card_indices(catalog).tolist(),
        policy_a=policy_a,
        policy_b=policy_b or policy_a,
        seed=seed,
        games=games,
        rules=rules or Rules(),
    )
    effects = config.rules.effects_table(tables.effects)
    duel_table = duel_odds_table(config, catalog)
    store = RunStore(Path(out), config) if out else None
    totals = Totals()
    todo = []
    kept: list[np.ndarray] = []
    for first, n in _chunks(games, chunk):
        saved = store.done(first, n) if store else None
        if saved is not None and store is not None:
            totals.add(saved)
            if keep_records:
                kept.append(store.records(first))
            if progress:
                progress(n)
        else:
            todo.append((first, n))
    start = time.perf_counter()
    for first, n, (part, table) in _run(tables.cards, effects, config, todo, jobs, duel_table):
        totals.add(part)
        if keep_records:
            kept.append(table)
        if store:
            store.save(first, n, part, table)
        if progress:
            progress(n)
    seconds = time.perf_counter() - start
    played = sum(n for _, n in todo)
    flagged = sorted({c.name for deck in (deck_a, deck_b) for c in deck.not_modeled()})
    result = SimulationResult(
        deck_a.name,
        deck_b.name,
        config,
        totals,
        seconds * games / max(played, 1),
        card_counters(totals, config, (deck_a.name, deck_b.name), catalog),
        flagged,
    )
    if keep_records:
        table = np.concatenate(kept) if kept else np.zeros((0, len(GAME_COLUMNS)), dtype=np.int64)
        result.records = records_frame(table, deck_a.name, deck_b.name)
    return result


def _run(cards, effects, config, todo, jobs, duel_table) -> Iterator[tuple[int, int, tuple[Totals, np.ndarray]]]:
    if jobs == 1 or len(todo) <= 1:
        for first, n in todo:
            yield first, n, run_chunk(cards, effects, config, first, n, duel_table)
        return
    # max_nbytes=None: the small tables travel pickled; memory-mapping them costs ~0.1 s a run
    parallel = Parallel(n_jobs=jobs, return_as="generator", max_nbytes=None)
    results = parallel(delayed(run_chunk)(cards, effects, config, first, n, duel_table) for first, n in todo)
    for (first, n), part in zip(todo, results, strict=True):
        yield first, n, part


def duel_odds_table(config: RunConfig, catalog: Catalog) -> np.ndarray:
    """Exact duel odds between the creatures of the two decks, for the policies that read them
    (P(row creature beats column creature) by catalog row; -1 where not computed; empty when
    neither policy needs them)."""
    if not needs_duel_table(config.policy_a, config.policy_b):
        return np.zeros((0, 0))
    from wardsim.battle import exact_odds_matrix

    creatures = sorted({c for c in config.deck_a + config.deck_b if catalog.cards[c].is_creature})
    table = np.full((len(catalog), len(catalog)), -1.0)
    # solved in this catalog: a what-if's changed creature plays with its changed stats
    odds = exact_odds_matrix([catalog.cards[c] for c in creatures], catalog=catalog)
    for i, a in enumerate(creatures):
        for j, b in enumerate(creatures):
            table[a, b] = odds[i, j]
    return table
