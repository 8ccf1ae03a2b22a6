"""Many small pairings of generated decks, played over the workers in fixed blocks and saved.

The survey (:mod:`wardsim.surveys`) and the deck search (:mod:`wardsim.optimizer`) play
thousands of short pairings between decks that exist only in memory. A **pairing** is deck A
in seat A against deck B in seat B, games ``first .. first + games - 1`` of its own seed, under
one policy. Game *k* of a pairing takes its dice from (seed, *k*) alone
(:func:`wardsim.simulation.run_chunk`), so two pairings with the same seed and game indices are
played on common random numbers: the same shuffles of the same slots, the same dice, until
the decks make the games differ.

**Blocks.** The pairings of a call are cut, in order, into blocks of about `BLOCK_GAMES`
games. The cut depends on the pairings alone, never on `jobs`, and each block is one chunk of
a run folder (:class:`wardsim.runs.RunStore`): a call resumed from a folder finds the blocks it
saved, whatever `jobs` it runs with. Blocks go to the worker processes through
:func:`wardsim.simulation.worker_results`, several per worker, and come back in order.

**Records.** Each block saves, beside a digest of the pairings it played
(:func:`block_digest`), one row per game: ``pairing`` (its index in the call), ``game``,
``winner`` (0 = seat A, 1 = seat B, 2 = draw), ``first_player`` and ``turns``.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd
from joblib import delayed

from wardsim.catalog import Catalog
from wardsim.kernel.game.enums import RecordCol
from wardsim.outputs import parquet_bytes
from wardsim.policies import needs_duel_table
from wardsim.rules import Rules
from wardsim.runs import RunStore
from wardsim.simulation import DuelOdds, RunConfig, duel_odds, odds_table, plays_here, run_chunk, worker_results

BLOCK_GAMES = 1000  # games per block: a worker's unit of work and a run folder's chunk
BLOCK_COLUMNS = ("pairing", "game", "winner", "first_player", "turns")


@dataclass(frozen=True)
class Pairing:
    """Deck A (seat A) against deck B: games `first` .. `first + games - 1` of `seed`."""

    deck_a: tuple[int, ...]  # catalog rows, one per copy
    deck_b: tuple[int, ...]
    seed: int
    games: int
    first: int = 0


Block = tuple[int, int]  # pairings [start, stop) of the call


class Played(NamedTuple):
    winners: list[np.ndarray]  # per pairing, per game: 0 = seat A won, 1 = seat B, 2 = draw
    played: int  # games played by the call (not found saved)


def blocks(pairings: Sequence[Pairing], size: int | None = None) -> list[Block]:
    """Consecutive pairings in blocks of at least `size` games (`BLOCK_GAMES` by default; the
    last may be smaller)."""
    size = size or BLOCK_GAMES
    cut: list[Block] = []
    start, games = 0, 0
    for k, p in enumerate(pairings):
        games += p.games
        if games >= size:
            cut.append((start, k + 1))
            start, games = k + 1, 0
    if start < len(pairings):
        cut.append((start, len(pairings)))
    return cut


def _play_block(
    cards: np.ndarray,
    effects: np.ndarray,
    odds: DuelOdds | None,
    policy: str,
    rules: Rules,
    start: int,
    pairings: list[Pairing],
) -> np.ndarray:
    """The records (games, BLOCK_COLUMNS) of pairings numbered from `start`, in order."""
    table = odds_table(odds)
    parts = []
    for offset, p in enumerate(pairings):
        config = RunConfig(list(p.deck_a), list(p.deck_b), policy, policy, p.seed, p.first + p.games, rules)
        _, records = run_chunk(cards, effects, config, p.first, p.games, table)
        game_records = records[:, 1:]  # run_chunk puts the game index in front
        parts.append(
            np.column_stack(
                [
                    np.full(p.games, start + offset),
                    records[:, 0],
                    game_records[:, RecordCol.winner],
                    game_records[:, RecordCol.first_player],
                    game_records[:, RecordCol.turns],
                ]
            )
        )
    return np.concatenate(parts).astype(np.int64)


def pool_odds(decks: Sequence[Sequence[int]], policy: str, catalog: Catalog, rules: Rules) -> DuelOdds | None:
    """The exact duel odds of every creature of the decks, solved once, when the policy reads them."""
    if not needs_duel_table(policy):
        return None
    rows = sorted({int(card) for deck in decks for card in deck})
    config = RunConfig(rows, [], policy, policy, 0, 1, rules)
    return duel_odds(config, catalog)


def block_digest(pairings: Sequence[Pairing]) -> str:
    """What a block plays (decks, seeds, games), as a digest saved with it: a saved block is
    reused only for the very same pairings, never for others that happen to fall on the same
    game numbers (a search whose path changed, say)."""
    text = ";".join(f"{p.deck_a}|{p.deck_b}|{p.seed}|{p.first}|{p.games}" for p in pairings)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _read_block(store: RunStore, first: int, n: int, digest: str) -> np.ndarray | None:
    raw, _ = store.load(first, n)
    if raw is None or raw.get("pairings") != digest:
        return None
    frame = pd.read_parquet(io.BytesIO(store.records_path(first).read_bytes()))
    return frame[list(BLOCK_COLUMNS)].to_numpy(dtype=np.int64)


def play_pairings(
    pairings: Sequence[Pairing],
    policy: str,
    catalog: Catalog,
    rules: Rules,
    jobs: int = 1,
    store: RunStore | None = None,
    progress: Callable[[int], None] | None = None,
    odds: DuelOdds | Callable[[], DuelOdds | None] | None = None,
    base: int = 0,
) -> Played:
    """Play every pairing: each one's winners (ndarray(int8, shape=(games,)), game order), and
    the games played by this call (the rest were found saved).

    Parameters
    ----------
    pairings : sequence of Pairing
        Decks as rows of `catalog`.
    policy : str
        The policy of both seats.
    catalog : Catalog
        The catalog the decks' rows index (with the what-if fillers when a deck holds one).
    rules : Rules
        The rules the games follow.
    jobs : int
        Worker processes; the results do not depend on it.
    store : RunStore, optional
        Where blocks are saved as they finish and found again on a resume.
    progress : callable, optional
        Called with the games of each block finished or found saved.
    odds : DuelOdds or callable, optional
        The duel odds for the policies that read them, or a function that gives them, called
        only when a game is to be played (:func:`pool_odds` of the decks if not given).
    base : int
        Where this call's blocks start in the store's game numbering (a search saves its rounds
        one after the other in one store).
    """
    tables = catalog.tables()
    effects = rules.effects_table(tables.effects)
    cut = blocks(pairings)
    offsets = base + np.cumsum([0] + [sum(p.games for p in pairings[a:b]) for a, b in cut])
    found: dict[int, np.ndarray] = {}
    todo: list[int] = []
    for k in range(len(cut)):
        a, b = cut[k]
        span = (int(offsets[k]), int(offsets[k + 1] - offsets[k]))
        saved = _read_block(store, *span, block_digest(pairings[a:b])) if store is not None else None
        if saved is not None:
            found[k] = saved
            if progress:
                progress(len(saved))
        else:
            todo.append(k)
    if todo and callable(odds):
        odds = odds()
    elif todo and odds is None:
        odds = pool_odds([p.deck_a + p.deck_b for p in pairings], policy, catalog, rules)

    def call(k: int) -> tuple:
        a, b = cut[k]
        return tables.cards, effects, odds, policy, rules, a, list(pairings[a:b])

    played = 0
    with closing(_played(call, todo, jobs)) as results:
        for k, records in results:
            played += len(records)
            found[k] = records
            if store is not None:
                first, n = int(offsets[k]), int(offsets[k + 1] - offsets[k])
                frame = pd.DataFrame(records, columns=list(BLOCK_COLUMNS))
                a, b = cut[k]
                totals = {"games": n, "pairings": block_digest(pairings[a:b])}
                store.save(first, n, parquet_bytes(frame, index=False), totals)
            if progress:
                progress(len(records))
    winners = [np.zeros(p.games, dtype=np.int8) for p in pairings]
    for k in range(len(cut)):
        records = found[k]
        for pairing in np.unique(records[:, 0]):
            rows = records[records[:, 0] == pairing]
            rows = rows[np.argsort(rows[:, 1], kind="stable")]
            winners[int(pairing)] = rows[:, 2].astype(np.int8)
    return Played(winners, played)


def _played(call: Callable[[int], tuple], todo: list[int], jobs: int) -> Generator[tuple[int, np.ndarray], None, None]:
    """Each block's records, in block order, from this process, `jobs` workers or a cluster's."""
    if plays_here(jobs, len(todo)):
        for k in todo:
            yield k, _play_block(*call(k))
        return
    results = worker_results((delayed(_play_block)(*call(k)) for k in todo), jobs)
    with closing(results):
        yield from zip(todo, results, strict=True)
