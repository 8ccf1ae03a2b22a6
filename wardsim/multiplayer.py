"""Games of the other play styles on the one engine: free-for-all, teams and the AL Ladder.

`simulate_table` plays games 0 .. N-1 of a seed between S decks (3 to 6 in free-for-all, 2 or
more teams of players in team play, two AL Ladder decks in the ladder). Each game seats the
players at random from its own seating stream, so a seat's advantage is measured rather than
baked into a deck's result: the result gives each player's (or team's) wins and the win rate
by place in the turn order (0 = the player who went first, by the roll-off). Chunks run on
joblib workers (or a dask cluster) and give the same games for any `jobs`; with `out`, each
chunk's records are saved as it finishes and the same command resumes (`wardsim.runs`).
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.kernel.game.enums import N_RECORD_COLS, N_TABLE_PLAYER_COLS, RecordCol, TablePlayerCol
from wardsim.kernel.game.match import play_table_games_nb
from wardsim.kernel.game.state import MAX_SEATS
from wardsim.outputs import parquet_bytes
from wardsim.policies import needs_duel_table, policy_arrays
from wardsim.records import END_REASONS
from wardsim.rules import LADDER_ROUNDS, Rules
from wardsim.runs import RunStore, uninterrupted
from wardsim.simulation import (
    DEFAULT_CHUNK,
    SEED_MAX,
    DuelOdds,
    ManifestKey,
    chunk_spans,
    engine_fingerprint,
    pool_duel_odds,
    run_chunks,
    tell_resume,
)

MODES = ("ffa", "teams", "ladder")


def table_teams(mode: str, players: int, teams: Sequence[int] | None = None) -> list[int]:
    """The team of each player: free-for-all, one team each; team play, `teams` gives the team
    sizes in the order of the decks (2,2: the first two decks against the last two)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"a table seats 2 to {MAX_SEATS} players, got {players} decks")
    if mode == "ladder":
        if teams:
            raise ValueError("--teams is for --mode teams; the AL Ladder is 1v1")
        if players != 2:
            raise ValueError(f"the AL Ladder is played 1v1: give two decks, not {players}")
        return [0, 1]
    if mode == "ffa":
        if teams:
            raise ValueError("--teams is for --mode teams; in free-for-all every player is their own team")
        if players < 3:
            raise ValueError("free-for-all needs at least 3 decks (two decks play 1v1: leave out --mode)")
        return list(range(players))
    if not teams:
        if players % 2:
            raise ValueError(f"say how {players} players make teams, as --teams 1,2")
        teams = [players // 2, players // 2]
    if len(teams) < 2 or min(teams) < 1:
        raise ValueError(f"--teams needs at least two teams of one player or more, got {','.join(map(str, teams))}")
    if sum(teams) != players:
        raise ValueError(
            f"--teams {','.join(map(str, teams))} seats {sum(teams)} players, but {players} decks were given"
        )
    return [team for team, size in enumerate(teams) for _ in range(size)]


@dataclass(frozen=True)
class TableConfig(ManifestKey):
    """Everything that decides the games of a run (written to the manifest)."""

    mode: str
    decks: list[list[int]]  # catalog rows, 30 per player
    teams: list[int]  # team of each player
    policies: list[str]  # policy of each player
    seed: int
    games: int
    rules: Rules = Rules()
    boss: str = ""  # a Boss Battle: what decides the boss's card rows (`wardsim.bosses.Boss.key`)

    @property
    def rounds(self) -> int:
        """The rounds of each game: an AL Ladder's, or 0 (kernel.game.rounds)."""
        return LADDER_ROUNDS if self.mode == "ladder" else 0

    @property
    def boss_player(self) -> int:
        """The player who is the boss: the last one in a Boss Battle, else -1 (kernel.game.boss)."""
        return len(self.decks) - 1 if self.mode == "boss" else -1


# a chunk's saved records: one row per game, then per player k its seat, place in the turn
# order, cemetery HP, the turn it went out in (-1 never) and its AL Ladder points
GAME_FIELDS = ("game", "winner", "first_player", "turns", "end_reason")
PLAYER_FIELDS = TablePlayerCol._fields


def record_columns(players: int) -> list[str]:
    return [*GAME_FIELDS, *(f"{name}_{k}" for k in range(players) for name in PLAYER_FIELDS)]


def run_table_chunk(cards, effects, config: TableConfig, first: int, n: int, table: np.ndarray) -> np.ndarray:
    """Games first .. first + n - 1 of the run: their records (n, record_columns)."""
    players = len(config.decks)
    ids, params = policy_arrays(*config.policies)
    records = np.zeros((n, N_RECORD_COLS), dtype=np.int64)
    per_player = np.zeros((n, players, N_TABLE_PLAYER_COLS), dtype=np.int64)
    play_table_games_nb(
        cards,
        effects,
        np.asarray(config.decks, dtype=np.int64),
        np.asarray(config.teams, dtype=np.int64),
        config.rounds,
        config.boss_player,
        ids,
        params,
        config.seed,
        first,
        n,
        config.rules.to_array(),
        table,
        records,
        per_player,
    )
    game = records[:, [RecordCol.winner, RecordCol.first_player, RecordCol.turns, RecordCol.end_reason]]
    return np.column_stack([np.arange(first, first + n), game, per_player.reshape(n, -1)])


@dataclass
class TableResult:
    """What a run of table games measured; `summary()` is the JSON object of
    `wardsim simulate --mode ...  --json`."""

    names: list[str]
    config: TableConfig
    records: np.ndarray = field(repr=False)  # int (games, record_columns), by game
    seconds: float
    not_modeled: list[str]

    @property
    def frame(self) -> pd.DataFrame:
        """One row per game (columns `record_columns`)."""
        return pd.DataFrame(self.records, columns=record_columns(len(self.names)))

    def players(self, pod: int = 0) -> pd.DataFrame:
        """One row per (game, player): `wardsim.analytics.tables.player_rows`."""
        from wardsim.analytics.tables import player_rows

        return player_rows(self.frame, self.names, self.config.teams, pod)

    def summary(self) -> dict:
        from wardsim.analytics.intervals import wilson_interval
        from wardsim.analytics.tables import place_advantage

        games = len(self.records)
        n_teams = max(self.config.teams) + 1
        winner = self.records[:, 1]
        won = np.asarray(self.config.teams)[None, :] == winner[:, None]  # (games, players): the player's team won
        if self.config.mode == "teams":
            wins = np.bincount(winner[winner < n_teams], minlength=n_teams)
        else:
            wins = won.sum(axis=0)
        intervals = [wilson_interval(int(w), games) for w in wins]
        return {
            "mode": self.config.mode,
            "players": self.names,
            "teams": self.config.teams,
            "policies": self.config.policies,
            "games": games,
            "wins": [int(w) for w in wins],
            "draws": int((winner == n_teams).sum()),
            "win_rates": [float(w) / games for w in wins],
            "ci95": [[float(lo), float(hi)] for lo, hi in intervals],
            "seat_win_rates": [float(r) for r in place_advantage(self.players())["win_rate"]],
            "seed": self.config.seed,
            "rules": self.config.rules.as_dict(),
            "mean_turns": float(self.records[:, 3].mean()),
            "end_reasons": {
                name: int(v)
                for name, v in zip(
                    END_REASONS, np.bincount(self.records[:, 4], minlength=len(END_REASONS)), strict=False
                )
                if v
            },
            "games_per_second": games / self.seconds if self.seconds > 0 else None,
            "not_modeled": self.not_modeled,
            **({"mean_points": self._mean_points()} if self.config.rounds else {}),
        }

    def _mean_points(self) -> list[float]:
        """AL Ladder: each player's mean points (rounds won; a deciding fight scores none)."""
        points = self.frame[[f"points_{k}" for k in range(len(self.names))]]
        return [float(v) for v in points.mean()]


def simulate_table(
    decks: Sequence[Deck],
    mode: str = "ffa",
    teams: Sequence[int] | None = None,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    policy: str | Sequence[str] = "heuristic",
    out: str | Path | None = None,
    chunk: int = DEFAULT_CHUNK,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> TableResult:
    """Play `games` games between `decks` in free-for-all (`mode="ffa"`, 3 to 6 decks) or team
    play (`mode="teams"`, `teams` the team sizes in deck order: (2, 2), (1, 2), ...).

    `policy` is every player's, or one per deck. With `out`, each chunk is saved in that run
    folder as it finishes, and a run saved there before is resumed (see `wardsim.simulation.simulate`)."""
    catalog = catalog or default_catalog()
    policies = [policy] * len(decks) if isinstance(policy, str) else list(policy)
    if len(policies) != len(decks):
        raise ValueError(f"{len(policies)} policies for {len(decks)} decks")
    config = TableConfig(
        mode=mode,
        decks=[deck.card_indices(catalog).tolist() for deck in decks],
        teams=table_teams(mode, len(decks), teams),
        policies=policies,
        seed=seed,
        games=games,
        rules=rules or Rules(),
    )
    flagged = sorted({c.name for deck in decks for c in deck.not_modeled()})
    names = [deck.name for deck in decks]
    return play_table(config, names, flagged, catalog, jobs, out, chunk, progress, force, notice)


def play_table(
    config: TableConfig,
    names: list[str],
    flagged: list[str],
    catalog: Catalog,
    jobs: int = 1,
    out: str | Path | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> TableResult:
    """Play the games of `config` (its players named `names`, `flagged` the cards not fully
    modeled among theirs) in chunks, saved in `out` as each finishes and resumed from there."""
    if not 0 <= int(config.seed) <= SEED_MAX:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, got {config.seed}")
    games = config.games
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    tables = catalog.tables()
    effects = config.rules.effects_table(tables.effects)
    store = RunStore(Path(out), config.key(), games, engine_fingerprint(), force) if out else None
    kept: list[np.ndarray] = []
    todo = []
    damaged: list[tuple[int, int, str]] = []
    for first, n in chunk_spans(games, chunk):
        saved, problem = _saved_records(store, first, n, len(names)) if store else (None, None)
        if problem:
            damaged.append((first, n, problem))
        if saved is not None:
            kept.append(saved)
            if progress:
                progress(n)
        else:
            todo.append((first, n))
    if store is not None:
        tell_resume(store, games - sum(n for _, n in todo), games, damaged, notice)
    odds = table_odds(config, catalog) if todo else None
    start = time.perf_counter()
    with closing(run_chunks(run_table_chunk, tables.cards, effects, config, todo, jobs, odds)) as chunks:
        for first, n, part in chunks:
            kept.append(part)
            with uninterrupted():
                if store:
                    frame = pd.DataFrame(part, columns=record_columns(len(names)))
                    store.save(first, n, parquet_bytes(frame, index=False), {"games": n})
                if progress:
                    progress(n)
    seconds = time.perf_counter() - start
    played = sum(n for _, n in todo)
    table = np.concatenate(kept)
    return TableResult(
        names,
        config,
        table[np.argsort(table[:, 0], kind="stable")],
        seconds * games / played if played else 0.0,
        flagged,
    )


def _saved_records(store: RunStore, first: int, n: int, players: int) -> tuple[np.ndarray | None, str | None]:
    """A chunk's saved records, verified, or None and what is wrong with them."""
    raw, problem = store.load(first, n)
    if raw is None:
        return None, problem
    try:
        data = store.records_path(first).read_bytes()
        records = pd.read_parquet(io.BytesIO(data))[record_columns(players)].to_numpy()
    except (OSError, ValueError, KeyError):
        return None, "records unreadable"
    if raw.get("games") != n or len(records) != n:
        return None, "records of another chunk"
    return records, None


def table_odds(config: TableConfig, catalog: Catalog) -> DuelOdds | None:
    """The exact duel odds of the decks' creatures, when a policy reads them."""
    if not needs_duel_table(*config.policies):
        return None
    return pool_duel_odds([c for deck in config.decks for c in deck], catalog)
