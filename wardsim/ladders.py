"""The policy ladder: every bot policy against every other, on every deck pairing, in both seats.

`ladder` measures how well the bots play, the play behind every other number wardsim reports.
For every pair of policies X and Y, every ordered pair of decks (A, B) of the pool, mirrors
included, is played twice: X with deck A in seat A against Y with deck B in seat B, and Y with
deck A against X with deck B. Each such **cell** plays `games` games. Every policy therefore
meets every other with every deck, against every deck, in both seats, and no deck or seat
favours one of them. The strengths are fitted by :mod:`wardsim.analytics.ladder`
(Bradley-Terry, Elo, bootstrap intervals).

**Seeds.** The two cells of a policy pair on a deck pairing share one seed, derived from the
run seed, the two policies (sorted, so the order of the list does not matter) and the two deck
names (:func:`cell_seed`). Game *k* of both cells then deals the same shuffles and the same
first player and differs only in who sits where: the luck of the deal falls once on each
policy. A cell is replayed alone by ``wardsim simulate A B --policy-a X --policy-b Y --seed
<its seed>`` (the seeds are in `Ladder.cells`).

**Jobs.** The cells are cut into chunks, and the chunks of every cell go to the worker
processes together, so a ladder of many small cells keeps every worker busy. A chunk's games
depend on the cell's seed and the game index alone: the results are the same for any `jobs`.
The exact duel odds the `heuristic` and `search` policies read are solved once, in the main
process, for every creature of the pool.

**Saved games.** With `out`, each cell is a `simulate` run folder,
``out/<policy_a>__<policy_b>/<deck_a>__<deck_b>/``, saved chunk by chunk; the same ladder run
again resumes from what was saved.

The module is named `ladders` as `replays` holds `replay`: a module `wardsim.ladder` would
replace the public function `wardsim.ladder` as soon as anything imported it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from joblib import delayed

from wardsim.analytics.intervals import BOOTSTRAP
from wardsim.analytics.ladder import MIN_PAIRINGS, RESAMPLE, ladder_table, policy_matchups
from wardsim.catalog import Catalog, default_catalog
from wardsim.cluster import current_client, worker_threads
from wardsim.decks import Deck
from wardsim.policies import needs_duel_table, parse_policy
from wardsim.rules import Rules
from wardsim.runs import RunStore, uninterrupted
from wardsim.simulation import (
    DuelOdds,
    RunConfig,
    Totals,
    duel_odds,
    engine_fingerprint,
    odds_table,
    plays_here,
    records_bytes,
    run_chunk,
    saved_totals,
    worker_results,
)
from wardsim.tournament import chunk_size
from wardsim.whatif import WhatIfError, pairing_seed


def split_policies(text: str) -> list[str]:
    """The policies of a comma-separated list; a policy's own parameters stay with it.

    ``"random,greedy,heuristic:attack_odds=0.5,sacrifice_weight=0.2"`` is three policies: a
    piece with ``=`` and no ``:`` is a parameter of the policy before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += f",{piece}"
        else:
            specs.append(piece)
    return specs


def check_policies(policies: Sequence[str]) -> list[str]:
    """The policies as given, checked: known names, valid parameters, two or more, no repeats.

    Raises ValueError (an unknown name lists the known policies)."""
    specs = [p.strip() for p in policies]
    for spec in specs:
        parse_policy(spec)
    repeated = sorted({p for p in specs if specs.count(p) > 1})
    if repeated:
        raise ValueError(f"policy {repeated[0]!r} is listed twice; a ladder plays distinct policies")
    if len(specs) < 2:
        raise ValueError(f"a ladder needs at least 2 policies, got {len(specs)}")
    return specs


def _check_decks(decks: Sequence[Deck]) -> None:
    if not decks:
        raise WhatIfError("a ladder needs at least 1 deck")
    seen: dict[str, str] = {}
    for deck in decks:
        if deck.name in seen:
            raise WhatIfError(
                f"two decks are named {deck.name!r} ({seen[deck.name]} and {deck.path}); "
                "deck names label the results, so rename one file"
            )
        seen[deck.name] = deck.path


def cell_seed(seed: int, policy_x: str, policy_y: str, deck_a: str, deck_b: str) -> int:
    """The seed of both cells of policies X and Y on the ordered deck pairing (A, B): the
    policy pair's seed derived from the run seed (`pairing_seed` on the two policies, sorted),
    then the deck pairing's from it. Below 2**63, so it prints and parses as an option."""
    first, second = sorted((policy_x, policy_y))
    return pairing_seed(pairing_seed(seed, first, second), deck_a, deck_b)


@dataclass(frozen=True)
class Cell:
    """One cell of the ladder: `games` games of policy A with deck A against policy B with deck B."""

    policy_a: str
    policy_b: str
    deck_a: Deck
    deck_b: Deck
    seed: int


def cells(policies: Sequence[str], decks: Sequence[Deck], seed: int) -> list[Cell]:
    """Every cell of a ladder: policy pairs in list order, ordered deck pairings (mirrors
    included) row-major, then the two seatings of the pair."""
    found = []
    for i, x in enumerate(policies):
        for y in policies[i + 1 :]:
            for a in decks:
                for b in decks:
                    shared = cell_seed(seed, x, y, a.name, b.name)
                    found += [Cell(x, y, a, b, shared), Cell(y, x, a, b, shared)]
    return found


def total_games(n_policies: int, n_decks: int, games: int) -> int:
    """Games a ladder plays: `games` per cell, two cells per policy pair and ordered deck pairing."""
    return n_policies * (n_policies - 1) * n_decks * n_decks * games


def _folder_name(spec: str) -> str:
    """A policy spec as a folder name (parameters keep their values; other characters become _)."""
    return re.sub(r"[^\w.=-]+", "_", spec)


def cell_folder(out: Path, cell: Cell) -> Path:
    """The resumable run folder of one cell."""
    return (
        Path(out)
        / f"{_folder_name(cell.policy_a)}__{_folder_name(cell.policy_b)}"
        / f"{cell.deck_a.name}__{cell.deck_b.name}"
    )


@dataclass
class Ladder:
    """The results of a ladder.

    Attributes
    ----------
    policies, decks : list of str
        The policies (as given, parameters included) and deck names.
    cells : DataFrame
        One row per cell: ``policy_a, policy_b, deck_a, deck_b, seed, games, wins_a, wins_b,
        draws, seconds`` (time spent playing its games, summed over the workers; resumed
        games count nothing) and ``played`` (the games played by this call, not resumed).
    strengths : DataFrame
        :func:`wardsim.analytics.ladder.ladder_table`: per policy, strongest first, its
        Bradley-Terry strength (geometric mean 1) and Elo (mean 1500) with 95% bootstrap
        intervals, and its results against the others.
    matchups : DataFrame
        :func:`wardsim.analytics.ladder.policy_matchups`: every policy against every other.
    seed, games : int
        The run seed and the games per cell.
    resample : str
        What the bootstrap resampled: ``"pairings"`` (deck pairings) or ``"games"``.
    bootstrap : int
        Bootstrap replicates (the bootstrap's seed is the run seed).
    rules : Rules
        The rules the games followed.
    not_modeled : list of str
        Cards of any deck whose effect is only partly modeled or not modeled.
    seconds : float
        Wall time spent playing (the duel odds solved first excluded).
    notes : list of str
        What the reader should know about the intervals.
    """

    policies: list[str]
    decks: list[str]
    cells: pd.DataFrame
    strengths: pd.DataFrame
    matchups: pd.DataFrame
    seed: int
    games: int
    resample: str
    bootstrap: int
    not_modeled: list[str]
    seconds: float = 0.0
    rules: Rules = Rules()
    notes: list[str] = field(default_factory=list)

    @property
    def total_games(self) -> int:
        return int(self.cells["games"].sum())

    def summary(self) -> dict:
        """The ladder as the JSON object of `wardsim ladder --json`."""
        s = self.strengths

        def pair(low: float, high: float) -> list[float | None]:
            return [None if np.isnan(low) else float(low), None if np.isnan(high) else float(high)]

        return {
            "policies": [
                {
                    "policy": policy,
                    "strength": float(r["strength"]),
                    "ci95": pair(r["strength_ci_low"], r["strength_ci_high"]),
                    "elo": float(r["elo"]),
                    "elo_ci95": pair(r["elo_ci_low"], r["elo_ci_high"]),
                    "elo_gap": None if np.isnan(r["elo_gap"]) else float(r["elo_gap"]),
                    "elo_gap_ci95": pair(r["elo_gap_ci_low"], r["elo_gap_ci_high"]),
                    "log_strength_se": float(r["log_strength_se"]),
                    "games": int(r["games"]),
                    "win_rate": float(r["win_rate"]),
                    "win_rate_ci95": [float(r["ci_low"]), float(r["ci_high"])],
                }
                for policy, r in s.iterrows()
            ],
            "matchups": [
                {
                    "policy": r.policy,
                    "opponent": r.opponent,
                    "win_rate": float(r.win_rate),
                    "ci95": [float(r.ci_low), float(r.ci_high)],
                    "games": int(r.games),
                    "wins": int(r.wins),
                    "draws": int(r.draws),
                }
                for r in self.matchups.itertuples()
            ],
            "decks": self.decks,
            "seed": self.seed,
            "games": self.games,
            "total_games": self.total_games,
            "strength_scale": "Bradley-Terry, geometric mean 1",
            "elo_scale": "1500 + 400 log10(strength): mean 1500",
            "intervals": f"95% percentile bootstrap over {self.resample}, {self.bootstrap} replicates, "
            f"seed {self.seed}",
            "resample": self.resample,
            "rules": self.rules.as_dict(),
            "not_modeled": self.not_modeled,
            "notes": self.notes,
        }


Task = tuple[int, int, int]  # (cell, first game, games)
Played = tuple[Totals, "np.ndarray | None", float]  # a chunk's totals, records (when kept), seconds
BATCH_GAMES = 2000  # the most games a worker is sent at once: fewer, larger batches cost less traffic


def _play(
    cards: np.ndarray,
    effects: np.ndarray,
    odds: DuelOdds | None,
    keep_records: bool,
    chunks: list[tuple[RunConfig, int, int]],
) -> list[Played]:
    """Play chunks (config, first game, games) one after the other, each timed."""
    no_table = np.zeros((0, 0))  # for the policies that read no duel odds, as `duel_odds_table` gives it
    duel_table = odds_table(odds)
    played = []
    for config, first, n in chunks:
        reads = needs_duel_table(config.policy_a, config.policy_b)
        start = time.perf_counter()
        totals, records = run_chunk(cards, effects, config, first, n, duel_table if reads else no_table)
        played.append((totals, records if keep_records else None, time.perf_counter() - start))
    return played


def _batches(tasks: list[Task], jobs: int) -> list[list[Task]]:
    """Consecutive tasks in batches of about BATCH_GAMES games, at least four batches per job."""
    size = max(1, min(BATCH_GAMES, sum(n for _, _, n in tasks) // (4 * jobs)))
    batches: list[list[Task]] = [[]]
    games = 0
    for task in tasks:
        if games >= size:
            batches.append([])
            games = 0
        batches[-1].append(task)
        games += task[2]
    return [b for b in batches if b]


def _run(play: Callable[[list[Task]], tuple], tasks: list[Task], jobs: int) -> Generator[tuple[Task, Played]]:
    """Every task's result, in task order; `play(tasks)` gives the arguments of `_play`."""
    if plays_here(jobs, len(tasks)):
        for task in tasks:
            yield task, _play(*play([task]))[0]
        return
    client = current_client()
    # on a cluster, batches sized for its worker threads (the results do not depend on it)
    batches = _batches(tasks, worker_threads(client) if client is not None else jobs)
    results = worker_results((delayed(_play)(*play(batch)) for batch in batches), jobs)
    with closing(results):
        for batch, played in zip(batches, results, strict=True):
            yield from zip(batch, played, strict=True)


def ladder(
    decks: Sequence[Deck],
    policies: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    out: Path | str | None = None,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    rules: Rules | None = None,
    resample: str = "pairings",
    bootstrap: int = BOOTSTRAP,
) -> Ladder:
    """Play every policy against every other on every deck pairing, both seats, and fit strengths.

    Parameters
    ----------
    decks : sequence of Deck
        The pool: one deck or more with distinct names. Every ordered pair is played,
        mirrors included.
    policies : sequence of str
        Two policies or more, by name with optional parameters (``heuristic:attack_odds=0.5``;
        :data:`wardsim.policies.POLICIES` lists them).
    games : int
        Games per cell: per policy pair, ordered deck pairing and seating
        (:func:`total_games` in all).
    seed : int
        The run seed; each cell's seed is derived from it (see the module notes); the
        bootstrap's seed is this seed too.
    jobs : int
        Worker processes; the results do not depend on it.
    out : Path, optional
        Folder for every cell's run folder (per-game Parquet records); the same ladder run
        again resumes from what was saved.
    catalog : Catalog, optional
        The card catalog (the bundled one by default).
    progress : callable, optional
        Called with the games just finished (or found saved), summing to the total.
    rules : Rules, optional
        The rules the games follow (the rules guide's by default).
    resample : {"pairings", "games"}
        What the bootstrap of the intervals resamples (:mod:`wardsim.analytics.ladder`).
    bootstrap : int
        Bootstrap replicates (0: no intervals).

    Returns
    -------
    Ladder
    """
    specs = check_policies(policies)
    _check_decks(decks)
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if resample not in RESAMPLE:
        raise ValueError(f"unknown resample {resample!r}; choose one of {', '.join(RESAMPLE)}")
    catalog = catalog or default_catalog()
    rules = rules or Rules()
    tables = catalog.tables()
    effects = rules.effects_table(tables.effects)
    plan = cells(specs, decks, seed)
    configs = [
        RunConfig(
            deck_a=c.deck_a.card_indices(catalog).tolist(),
            deck_b=c.deck_b.card_indices(catalog).tolist(),
            policy_a=c.policy_a,
            policy_b=c.policy_b,
            seed=c.seed,
            games=games,
            rules=rules,
        )
        for c in plan
    ]
    stores = [
        RunStore(cell_folder(Path(out), c), config.key(), games, engine_fingerprint()) if out is not None else None
        for c, config in zip(plan, configs, strict=True)
    ]
    totals = [Totals() for _ in plan]
    seconds = np.zeros(len(plan))
    played = np.zeros(len(plan), dtype=np.int64)
    chunk = chunk_size(games)
    tasks: list[Task] = []
    for k, store in enumerate(stores):
        for first in range(0, games, chunk):
            n = min(chunk, games - first)
            saved = saved_totals(store, first, n)[0] if store is not None else None
            if saved is not None:
                totals[k].add(saved)
                if progress:
                    progress(n)
            else:
                tasks.append((k, first, n))
    # the exact duel odds of every creature of the pool, solved once for every cell that reads them
    readers = [s for s in specs if needs_duel_table(s)]
    odds = None
    if readers and tasks:
        pool_cards = [int(card) for deck in decks for card in deck.card_indices(catalog)]
        pool = RunConfig(pool_cards, [], readers[0], readers[0], seed, games, rules)
        odds = duel_odds(pool, catalog)

    def play(batch: list[Task]) -> tuple:
        chunks = [(configs[k], first, n) for k, first, n in batch]
        return tables.cards, effects, odds, out is not None, chunks

    start = time.perf_counter()
    with closing(_run(play, tasks, jobs)) as results:
        for (k, first, n), (part, records, spent) in results:
            totals[k].add(part)
            seconds[k] += spent
            played[k] += n
            store = stores[k]
            with uninterrupted():
                if store is not None and records is not None:
                    store.save(first, n, records_bytes(records), part.as_dict())
                if progress:
                    progress(n)
    wall = time.perf_counter() - start

    frame = pd.DataFrame(
        {
            "policy_a": [c.policy_a for c in plan],
            "policy_b": [c.policy_b for c in plan],
            "deck_a": [c.deck_a.name for c in plan],
            "deck_b": [c.deck_b.name for c in plan],
            "seed": [c.seed for c in plan],
            "games": [t.games for t in totals],
            "wins_a": [t.wins_a for t in totals],
            "wins_b": [t.wins_b for t in totals],
            "draws": [t.draws for t in totals],
            "seconds": seconds,
            "played": played,
        }
    )
    strengths = ladder_table(frame, specs, resample=resample, replicates=bootstrap, seed=seed)
    notes = []
    n_pairings = len(decks) ** 2
    if resample == "pairings" and bootstrap > 0 and n_pairings < MIN_PAIRINGS:
        notes.append(
            f"The intervals resample {n_pairings} deck pairing{'s' if n_pairings > 1 else ''}, too few to "
            f"be trusted (a pool of {len(decks)} deck{'s' if len(decks) > 1 else ''}); use at least 4 decks, or "
            "resample games for the interval of this exact pool."
        )
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()})
    return Ladder(
        policies=specs,
        decks=[d.name for d in decks],
        cells=frame,
        strengths=strengths,
        matchups=policy_matchups(frame, specs),
        seed=seed,
        games=games,
        resample=resample,
        bootstrap=bootstrap,
        not_modeled=flagged,
        seconds=wall,
        rules=rules,
        notes=notes,
    )
