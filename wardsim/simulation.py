"""Batches of games: chunks run by joblib workers, counters accumulated, records saved.

`simulate` plays games 0 .. N-1 of a seed between two decks. Each game's dice come from
(seed, game index) alone, so the result is the same for any `jobs` and chunk size. Memory stays
flat: every chunk is reduced to counters (results and, per distinct card of each deck, the
games and wins with the card in the opening hand, drawn, in hand at all, and played) before
the next is kept. With `out`, each chunk's per-game records and counters are written as it
finishes, under a manifest of the run; running the same command again resumes from what was
saved.

A run folder's chunks carry checksums (`wardsim.runs`): a resume verifies every saved chunk
and plays again, saying so, any chunk that is missing, truncated or changed. Worker processes
never outlive the run: each one dies with the process that started it (`watch_parent`).
"""

from __future__ import annotations

import ctypes
import hashlib
import io
import os
import signal
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from joblib.parallel import LokyBackend

from wardsim.catalog import Catalog, default_catalog
from wardsim.cluster import cluster_results, current_client
from wardsim.decks import Deck
from wardsim.kernel.game.enums import COUNTER_SPAN, N_RECORD_COLS, RecordCol, SeenBit
from wardsim.kernel.game.match import play_games_nb
from wardsim.kernel.jit import njit
from wardsim.outputs import parquet_bytes
from wardsim.policies import needs_duel_table, policy_arrays
from wardsim.records import END_REASONS, GAME_COLUMNS, records_frame
from wardsim.rules import DECK_SIZE, Rules
from wardsim.runs import RunStore, uninterrupted

DEFAULT_CHUNK = 1000
SEED_MAX = 2**64 - 1  # the generators take a 64-bit seed (wardsim.kernel.rng)
PARENT_POLL_SECONDS = 0.5
PR_SET_PDEATHSIG = 1  # linux/prctl.h
TOTALS_SCALARS = ("games", "wins_a", "wins_b", "draws", "first_player_wins", "first_player_draws", "turns")


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


class ManifestKey:
    """A run's config as its manifest keys it (`wardsim.runs`): every field but the number of
    games, which a resumed run may raise, and the rules as a dict."""

    rules: Rules

    def key(self) -> dict:
        key = {k: v for k, v in self.__dict__.items() if k not in ("games", "rules")}
        return {**key, "rules": self.rules.as_dict()}


@dataclass(frozen=True)
class RunConfig(ManifestKey):
    """Everything that decides the games of a run (written to the manifest)."""

    deck_a: list[int]  # catalog rows, 30 each
    deck_b: list[int]
    policy_a: str
    policy_b: str
    seed: int
    games: int
    rules: Rules = Rules()


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
        for name in TOTALS_SCALARS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.end_reasons += other.end_reasons
        self.cards += other.cards

    def as_dict(self) -> dict:
        """The counters as plain ints (a run folder's totals file)."""
        return {
            **{name: int(getattr(self, name)) for name in TOTALS_SCALARS},
            "end_reasons": [int(v) for v in self.end_reasons],
            "cards": [[int(v) for v in row] for row in self.cards],
        }

    @classmethod
    def from_dict(cls, raw: dict) -> Totals:
        """Counters from `as_dict`; ValueError when they are not counters of this engine's shape."""
        t = cls()
        try:
            for name in TOTALS_SCALARS:
                setattr(t, name, int(raw[name]))
            end_reasons = np.asarray(raw["end_reasons"], dtype=np.int64)
            cards = np.asarray(raw["cards"], dtype=np.int64)
        except (KeyError, TypeError, ValueError, OverflowError) as err:
            raise ValueError(f"not a chunk's totals: {err}") from None
        if end_reasons.shape != t.end_reasons.shape or cards.shape != t.cards.shape:
            raise ValueError("not a chunk's totals: wrong shape")
        t.end_reasons, t.cards = end_reasons, cards
        return t


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
    """What a run measured; `summary()` is the JSON object of `wardsim simulate --json`.

    `cards` and `records` are built when first read: a report's ablation runs read neither."""

    deck_a: str
    deck_b: str
    config: RunConfig
    totals: Totals
    seconds: float
    not_modeled: list[str]
    catalog: Catalog = field(repr=False)
    record_table: np.ndarray | None = field(default=None, repr=False)  # int (games, GAME_COLUMNS) by game, when kept

    @cached_property
    def cards(self) -> pd.DataFrame:
        """One row per (side, card): counters, see `card_counters`."""
        return card_counters(self.totals, self.config, (self.deck_a, self.deck_b), self.catalog)

    @cached_property
    def records(self) -> pd.DataFrame | None:
        """One row per game (`wardsim.records`), when kept."""
        if self.record_table is None:
            return None
        return records_frame(self.record_table, self.deck_a, self.deck_b)

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


def chunk_spans(games: int, chunk: int) -> list[tuple[int, int]]:
    """The chunks (first game, games) of a run of `games`, `chunk` games each but the last."""
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
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> SimulationResult:
    """Play `games` games of deck A against deck B (A's seat first in the records).

    The games follow `rules` (the rules guide's by default; `wardsim.rules.Rules` holds the
    numbers and rulings a referee may change). With `keep_records`, the result also holds every
    game's record, ordered by game (for paired comparisons of runs on the same seed).

    With `out`, every chunk is saved in that run folder as it finishes (`wardsim.runs`), and a
    run saved there before is resumed: its verified chunks are read back, the rest played.
    `force` allows a folder that holds other files. `notice` is told, in one line, what a
    resume found (games saved, chunks played again because their files were damaged); without
    it, damaged chunks are reported by `warnings.warn`."""
    if not 0 <= int(seed) <= SEED_MAX:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, got {seed}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
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
    store = RunStore(Path(out), config.key(), games, engine_fingerprint(), force) if out else None
    totals = Totals()
    todo = []
    damaged: list[tuple[int, int, str]] = []
    kept: list[np.ndarray] = []
    for first, n in chunk_spans(games, chunk):
        saved, problem = saved_totals(store, first, n) if store else (None, None)
        if problem:
            damaged.append((first, n, problem))
        if saved is not None and store is not None:
            totals.add(saved)
            if keep_records:
                kept.append(_read_records(store.records_path(first)))
            if progress:
                progress(n)
        else:
            todo.append((first, n))
    if store is not None:
        tell_resume(store, games - sum(n for _, n in todo), games, damaged, notice)
    # the heuristic's exact duel odds take seconds to solve: only when games are left to play
    with closing(_warm_up(tables.cards, effects, config, jobs, len(todo))) as warming:
        odds = duel_odds(config, catalog) if todo else None
        for _ in warming:
            pass
    start = time.perf_counter()
    with closing(run_chunks(run_chunk, tables.cards, effects, config, todo, jobs, odds)) as chunks:
        for first, n, (part, table) in chunks:
            totals.add(part)
            if keep_records:
                kept.append(table)
            with uninterrupted():
                if store:
                    store.save(first, n, records_bytes(table), part.as_dict())
                if progress:
                    progress(n)
    seconds = time.perf_counter() - start
    played = sum(n for _, n in todo)
    flagged = sorted({c.name for deck in (deck_a, deck_b) for c in deck.not_modeled()})
    result = SimulationResult(
        deck_a.name, deck_b.name, config, totals, seconds * games / max(played, 1), flagged, catalog
    )
    if keep_records:
        table = np.concatenate(kept) if kept else np.zeros((0, len(GAME_COLUMNS)), dtype=np.int64)
        result.record_table = table[np.argsort(table[:, 0], kind="stable")]
    return result


def saved_totals(store: RunStore, first: int, n: int) -> tuple[Totals | None, str | None]:
    """A chunk's saved totals, verified, or None and what is wrong with it."""
    raw, problem = store.load(first, n)
    if raw is None:
        return None, problem
    try:
        totals = Totals.from_dict(raw)
    except ValueError:
        return None, "totals unreadable"
    return (totals, None) if totals.games == n else (None, "totals of another chunk")


def records_bytes(table: np.ndarray) -> bytes:
    """A chunk's records table as the Parquet bytes a run folder keeps."""
    return parquet_bytes(pd.DataFrame(table, columns=list(GAME_COLUMNS)), index=False)


def _read_records(path: Path) -> np.ndarray:
    # read through Python: Arrow's own file paths must be UTF-8, a POSIX path need not be
    return pd.read_parquet(io.BytesIO(path.read_bytes()))[list(GAME_COLUMNS)].to_numpy()


def tell_resume(
    store: RunStore, saved: int, games: int, damaged: list[tuple[int, int, str]], notice: Callable[[str], None] | None
) -> None:
    """One line on what a resume found: the games saved before, and the chunks played again."""
    parts = []
    if store.manifest_unreadable:
        parts.append("its manifest.json is unreadable, so every saved game is played again")
    elif saved:
        parts.append(f"{saved:,} of {games:,} games saved before, checked against their checksums")
    if damaged:
        shown = ", ".join(f"games {first}-{first + n - 1} ({problem})" for first, n, problem in damaged[:3])
        more = f" and {len(damaged) - 3} more" if len(damaged) > 3 else ""
        parts.append(f"replaying {len(damaged)} damaged chunk{'s' if len(damaged) > 1 else ''}: {shown}{more}")
    if not parts:
        return
    line = f"resuming {store.out}: {'; '.join(parts)}"
    if notice is not None:
        notice(line)
    elif damaged or store.manifest_unreadable:
        warnings.warn(line, stacklevel=3)


def watch_parent(parent_pid: int) -> None:
    """Worker initializer: the worker dies with the process that started it, and leaves Ctrl-C
    to it.

    A worker whose parent was killed (SIGKILL, an out-of-memory kill) would otherwise finish its
    chunk and wait for the next one for joblib's idle timeout, or forever on a result pipe
    nobody reads. On Linux the kernel kills it with the parent (prctl PR_SET_PDEATHSIG), even in
    the middle of a chunk; elsewhere a thread notices that its parent changed (polling
    os.getppid), which can only happen between chunks, since a kernel holds the interpreter.
    Ctrl-C reaches the whole process group from a terminal; the parent handles it (it stops the
    workers and says what was saved), so the workers ignore it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:  # the parent died before the request took effect
        os._exit(1)

    def poll() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=poll, name="wardsim-parent-watch", daemon=True).start()


def plays_here(jobs: int, tasks: int) -> bool:
    """Whether `tasks` calls are played in this process, one after the other: one job and no
    cluster (`wardsim.cluster.use_scheduler`), or a single task and no cluster."""
    return current_client() is None and (jobs == 1 or tasks <= 1)


def _warm_up(cards, effects, config, jobs, tasks) -> Generator:
    """Have one worker play a game now, while this process solves the duel odds: on a cold
    numba cache that worker compiles the game kernel meanwhile (minutes) and its siblings
    then load it, instead of all of them compiling it at once after the odds. Once per
    pool size and process; nothing where the games are played here or on a cluster."""
    if (
        jobs in _WARMED
        or plays_here(jobs, tasks)
        or current_client() is not None
        or not needs_duel_table(config.policy_a, config.policy_b)
    ):
        return (_ for _ in ())
    _WARMED.add(jobs)
    unknown = np.full((len(cards), len(cards)), -1.0)  # odds not known yet: the policies read them as even
    return worker_results([delayed(run_chunk)(cards, effects, config, 0, 1, unknown)], jobs)


_WARMED: set[int] = set()  # pool sizes whose workers have played a game in this process


def run_chunks(play_chunk: Callable, cards, effects, config, todo, jobs, odds) -> Generator[tuple[int, int, Any]]:
    """(first, n, play_chunk(cards, effects, config, first, n, odds table)) for each chunk
    (first, n) of `todo`, in order: here, or on `jobs` workers (`worker_results`)."""
    if plays_here(jobs, len(todo)):
        table = odds_table(odds)
        for first, n in todo:
            yield first, n, play_chunk(cards, effects, config, first, n, table)
        return
    # the odds travel compact (the deck's creatures only) and are spread to the kernel's table there
    calls = (delayed(_run_compact)(play_chunk, cards, effects, config, first, n, odds) for first, n in todo)
    for (first, n), part in zip(todo, worker_results(calls, jobs), strict=True):
        yield first, n, part


def _run_compact(play_chunk: Callable, cards, effects, config, first, n, odds: DuelOdds | None) -> Any:
    return play_chunk(cards, effects, config, first, n, odds_table(odds))


def odds_table(odds: DuelOdds | None) -> np.ndarray:
    """The kernel's duel odds table of `odds` (empty for None: a policy that reads none)."""
    return odds.table() if odds is not None else np.zeros((0, 0))


def worker_results(calls: Iterable, jobs: int) -> Generator:
    """The results of joblib `delayed` calls, in order, from `jobs` workers that die with this
    process (`watch_parent`), or, inside `wardsim.cluster.use_scheduler`, from the workers of
    that dask scheduler (`jobs` is then unused: the cluster's workers decide).

    Close the iterator (contextlib.closing) rather than drop it: after Ctrl-C, joblib's
    generator collected by the garbage collector in one of joblib's own threads stops the
    workers from there and prints a warning among the command's lines; closed here, it stops
    them quietly, and a cluster's chunks still in flight are cancelled."""
    client = current_client()
    if client is not None:
        results = cluster_results(client, calls)
        try:
            yield from results
        finally:
            results.close()
        return
    # max_nbytes=None: the small tables travel pickled; memory-mapping them costs ~0.1 s a run,
    # and numba compiles its kernels anew for a read-only memory-mapped array
    backend = LokyBackend(initializer=watch_parent, initargs=(os.getpid(),))
    results = Parallel(n_jobs=jobs, return_as="generator", max_nbytes=None, backend=backend)(calls)
    try:
        for result in results:  # noqa: UP028 (`yield from` would close `results` itself, unsilenced)
            yield result
    finally:
        with warnings.catch_warnings():
            # closed before its end on purpose (Ctrl-C, an error): joblib's advice about the
            # tasks it cancels would land among the command's lines
            warnings.simplefilter("ignore")
            results.close()


@dataclass(frozen=True)
class DuelOdds:
    """The exact duel odds of the pool's creatures, small enough to send with every chunk:
    `rows` (catalog rows), `odds[i, j]` = P(creature rows[i] beats rows[j]), and the catalog's
    size."""

    rows: np.ndarray
    odds: np.ndarray
    size: int

    def table(self) -> np.ndarray:
        """The kernel's table: by catalog row, -1 where not solved (as `duel_odds_table` gives it)."""
        table = np.full((self.size, self.size), -1.0)
        table[np.ix_(self.rows, self.rows)] = self.odds
        return table


# P(row creature beats column creature) by catalog row, per catalog in use in this process (NaN
# where not solved yet): a report runs thousands of pairings (every ablated deck against every
# other) and builds each one's odds from here by indexing, solving each pair once
_SOLVED: weakref.WeakKeyDictionary[Catalog, np.ndarray] = weakref.WeakKeyDictionary()


def duel_odds(config: RunConfig, catalog: Catalog) -> DuelOdds | None:
    """Exact duel odds between the creatures of the two decks, for the policies that read them;
    None when neither policy does."""
    if not needs_duel_table(config.policy_a, config.policy_b):
        return None
    return pool_duel_odds(config.deck_a + config.deck_b, catalog)


def pool_duel_odds(cards: list[int], catalog: Catalog) -> DuelOdds:
    """Exact duel odds between the creatures among `cards` (catalog rows), each pair solved once
    per catalog and process."""
    from wardsim.battle import exact_odds_matrix

    rows = np.array(sorted({c for c in cards if catalog.cards[c].is_creature}), dtype=np.int64)
    solved = _SOLVED.get(catalog)
    if solved is None:
        solved = _SOLVED.setdefault(catalog, np.full((len(catalog), len(catalog)), np.nan))
    block = solved[np.ix_(rows, rows)]
    if np.isnan(block).any():
        # solved in this catalog: a what-if's changed creature plays with its changed stats
        block = exact_odds_matrix([catalog.cards[c] for c in rows], catalog=catalog)
        solved[np.ix_(rows, rows)] = block
    return DuelOdds(rows, block, len(catalog))


def duel_odds_table(config: RunConfig, catalog: Catalog) -> np.ndarray:
    """The kernel's duel odds table (`duel_odds`): P(row creature beats column creature) by
    catalog row, -1 where not computed; empty when neither policy reads it."""
    return odds_table(duel_odds(config, catalog))
