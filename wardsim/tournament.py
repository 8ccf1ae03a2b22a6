"""Round robins: every deck against every other deck, in both seats.

`round_robin` plays each ordered pairing of distinct decks with
:func:`wardsim.simulation.simulate`, so game *k* of a pairing is decided by its seed, *k* and
the two decks alone, and the whole tournament is the same for any number of jobs. With
`out`, each pairing is a resumable run folder `out/<deck_a>__<deck_b>/`, so a tournament that
was interrupted picks up where it stopped.

**Pairing seeds.** Each ordered pairing (A, B) plays on its own seed, derived from the run
seed and the two deck names by :func:`wardsim.whatif.pairing_seed`. With one seed for all, a
deck would be shuffled by the same generator against every opponent, its games against
different opponents would share their opening hands, and the per-deck and per-card
intervals, which treat games as independent, would be too narrow. The same derivation as the
what-ifs' means a tournament's pairing is the very run a what-if or an ablation with that
seed and policy compares against. Pairing (A, B) is reproduced alone by
``wardsim simulate A B --seed <pairing seed>`` (the seeds are in `Tournament.pairings`).

The results are the per-game records the analytics read (one row per game) and the per-card
counters of every pairing, which `analytics.pool_card_counters` sums per (deck, card).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from wardsim.analytics.winrates import MatchupMatrix, matchup_matrix
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.outputs import OutputFolder
from wardsim.policies import policy_id
from wardsim.records import concat_records
from wardsim.rules import Rules
from wardsim.simulation import DEFAULT_CHUNK, simulate
from wardsim.whatif import check_pool, pairing_seed

MIN_CHUNK = 100  # below this, a chunk costs more in process traffic than it saves


@dataclass
class Tournament:
    """The results of a round robin.

    Attributes
    ----------
    decks : list of str
        Deck names, in the order they were given.
    records : DataFrame
        One row per game (n_pairings * games rows) in the schema of :mod:`wardsim.records`:
        ``deck_a, deck_b, game, winner, first_player, turns, end_reason, cemetery_a,
        cemetery_b``, the deck columns on the categories `decks`.
    cards : DataFrame
        Per-card counters of every pairing, one row per (pairing, seat, distinct card):
        ``deck, opponent, side, card``, the counters of
        :func:`wardsim.simulation.card_counters`, and ``effect_status``.
    pairings : DataFrame
        One row per ordered pairing: ``deck_a, deck_b, seed`` (its pairing seed), ``games,
        wins_a, wins_b, draws``.
    seed, policy, games : int, str, int
        The run seed, the bot policy of both players, and the games per ordered pairing.
    rules : Rules
        The rules the games followed.
    not_modeled : list of str
        Cards of any deck whose effect is only partly modeled or not modeled.
    seconds : float
        Time spent playing (resumed pairings count as their saved share).
    """

    decks: list[str]
    records: pd.DataFrame
    cards: pd.DataFrame
    pairings: pd.DataFrame
    seed: int
    policy: str
    games: int
    not_modeled: list[str]
    seconds: float = 0.0
    rules: Rules = Rules()

    def matchups(self) -> MatchupMatrix:
        """Win rate of every deck against every other, with Wilson intervals."""
        return matchup_matrix(self.records)


def pairings(decks: Sequence[Deck]) -> list[tuple[Deck, Deck]]:
    """Every ordered pair of distinct decks, row-major in the given order."""
    return [(a, b) for i, a in enumerate(decks) for j, b in enumerate(decks) if i != j]


def total_games(n_decks: int, games: int) -> int:
    """Games a round robin of `n_decks` plays: `games` per ordered pairing."""
    return n_decks * (n_decks - 1) * games


def run_folder(out: Path, deck_a: str, deck_b: str) -> Path:
    """The resumable run folder of one pairing."""
    return Path(out) / f"{deck_a}__{deck_b}"


def chunk_size(games: int) -> int:
    """Games per chunk for a pairing: about four chunks, so that several jobs share a pairing.

    It depends on `games` only, never on `jobs`, so a resumed tournament finds the chunks it
    saved whatever `--jobs` it runs with."""
    return int(min(DEFAULT_CHUNK, max(MIN_CHUNK, math.ceil(games / 4))))


def round_robin(
    decks: list[Deck],
    games: int,
    seed: int,
    policy: str = "heuristic",
    jobs: int = 1,
    out: Path | None = None,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    rules: Rules | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> Tournament:
    """Play every ordered pairing of distinct decks, `games` games each, on one seed.

    Parameters
    ----------
    decks : list of Deck
        Two decks or more, with distinct names (the names label the results).
    games : int
        Games per ordered pairing; each deck plays ``2 * (len(decks) - 1) * games`` games.
    seed : int
        The run seed; each pairing plays on its pairing seed (see the module notes).
    policy : str
        Bot policy of both players (see :data:`wardsim.policies.POLICIES`).
    jobs : int
        Worker processes; the results do not depend on it.
    out : Path, optional
        Folder for the pairings' run folders (per-game Parquet records); running the same
        tournament again resumes from what was saved there.
    catalog : Catalog, optional
        The card catalog (the bundled one by default).
    progress : callable, optional
        Called with the number of games just finished (or found saved), summing to
        :func:`total_games`.
    rules : Rules, optional
        The rules the games follow (the rules guide's by default).
    force : bool
        Write into an `out` folder that holds files wardsim did not write
        (:class:`wardsim.outputs.OutputFolder`); without it such a folder is refused.
    notice : callable, optional
        Told in one line what the resume of each pairing found (see
        :func:`wardsim.simulation.simulate`).

    Returns
    -------
    Tournament
    """
    check_pool(decks)
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    policy_id(policy)  # an unknown policy fails before any game is played
    catalog = catalog or default_catalog()
    records, cards, runs = [], [], []
    seconds = 0.0
    chunk = chunk_size(games)
    pool = OutputFolder.claim(out, force) if out is not None else None
    for deck_a, deck_b in pairings(decks):
        folder = pool.file(run_folder(pool.path, deck_a.name, deck_b.name).name) if pool is not None else None
        start = time.perf_counter()
        seed_ab = pairing_seed(seed, deck_a.name, deck_b.name)
        result = simulate(
            deck_a,
            deck_b,
            games=games,
            seed=seed_ab,
            jobs=jobs,
            policy_a=policy,
            out=folder,
            chunk=chunk,
            catalog=catalog,
            keep_records=True,
            progress=progress,
            rules=rules,
            force=force,
            notice=notice,
        )
        seconds += time.perf_counter() - start
        assert result.records is not None  # keep_records=True
        records.append(result.records)
        counters = result.cards.copy()
        counters.insert(1, "opponent", np.where(counters["side"] == "a", deck_b.name, deck_a.name))
        cards.append(counters)
        totals = result.totals
        runs.append(
            {
                "deck_a": deck_a.name,
                "deck_b": deck_b.name,
                "seed": seed_ab,
                "games": totals.games,
                "wins_a": totals.wins_a,
                "wins_b": totals.wins_b,
                "draws": totals.draws,
            }
        )
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()})
    return Tournament(
        decks=[d.name for d in decks],
        records=concat_records(records, [d.name for d in decks]),
        cards=pd.concat(cards, ignore_index=True),
        pairings=pd.DataFrame(runs),
        seed=seed,
        policy=policy,
        games=games,
        not_modeled=flagged,
        seconds=seconds,
        rules=rules or Rules(),
    )
