"""Deck win rates, matchups and first-player advantage from per-game records.

Input is a DataFrame with one row per game (the batch runner's records):

========================  ===================================================
``deck_a``, ``deck_b``    deck names (or ids) in seat A and seat B
``winner``                0 = A won, 1 = B won, 2 = draw (turn cap)
``first_player``          0 = A went first, 1 = B went first
``turns``                 length of the game in turns
========================  ===================================================

Conventions
-----------
* **Draws count as half a win** in every ``win_rate`` here, so a deck's win rate is its
  mean score (1 / 0.5 / 0) and ``P(i beats j) + P(j beats i) = 1``. Raw ``wins``,
  ``losses`` and ``draws`` counts are reported beside it for readers who prefer another
  convention. Intervals are Wilson 95% intervals on ``wins + draws / 2`` out of ``games``
  (slightly conservative when there are draws; see :mod:`wardsim.analytics.intervals`).
* **Both seats count**: a deck's games are those it played as A and those it played as B.
* **Mirror games** (a deck against itself) tell nothing about a deck's strength, and its
  two seats are one game won and lost at once; deck summaries leave them out and report
  how many there were. In a matchup matrix the diagonal is 0.5 by symmetry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import wilson_interval

NEEDED_COLUMNS = ("deck_a", "deck_b", "winner", "first_player", "turns")  # of `wardsim.records.RECORD_COLUMNS`
A_WINS, B_WINS, DRAW = 0, 1, 2  # values of `winner`
SEAT_A, SEAT_B = 0, 1  # values of `first_player`


def _check_records(records: pd.DataFrame, needed: Sequence[str] = NEEDED_COLUMNS) -> None:
    missing = [c for c in needed if c not in records.columns]
    if missing:
        raise ValueError(f"game records lack the column(s) {', '.join(missing)}; expected {', '.join(NEEDED_COLUMNS)}")
    if "winner" in needed:
        bad = ~records["winner"].isin([A_WINS, B_WINS, DRAW])
        if bad.any():
            raise ValueError(
                f"`winner` must be 0 (A), 1 (B) or 2 (draw); row {records.index[bad][0]!r} "
                f"has {records['winner'][bad].iloc[0]!r}"
            )
    if "first_player" in needed:
        bad = ~records["first_player"].isin([SEAT_A, SEAT_B])
        if bad.any():
            raise ValueError(
                f"`first_player` must be 0 (A) or 1 (B); row {records.index[bad][0]!r} "
                f"has {records['first_player'][bad].iloc[0]!r}"
            )


def _seats(records: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat): deck, opponent, won, lost, drew, went_first, turns, mirror."""
    winner = records["winner"].to_numpy()
    first = records["first_player"].to_numpy()
    columns = {}
    for seat, deck_col, opponent_col in ((SEAT_A, "deck_a", "deck_b"), (SEAT_B, "deck_b", "deck_a")):
        columns[seat] = pd.DataFrame(
            {
                "deck": records[deck_col].to_numpy(),
                "opponent": records[opponent_col].to_numpy(),
                "won": (winner == seat).astype(np.int64),
                "lost": (winner == 1 - seat).astype(np.int64),
                "drew": (winner == DRAW).astype(np.int64),
                "went_first": first == seat,
                "turns": records["turns"].to_numpy() if "turns" in records else np.nan,
            }
        )
    seats = pd.concat([columns[SEAT_A], columns[SEAT_B]], ignore_index=True)
    seats["mirror"] = seats["deck"].to_numpy() == seats["opponent"].to_numpy()
    return seats


def _win_rates(counts: pd.DataFrame, z: float) -> pd.DataFrame:
    """Add win_rate (draws as half) and its Wilson interval to games/wins/losses/draws."""
    games = counts["games"].to_numpy(dtype=float)
    score = counts["wins"].to_numpy(dtype=float) + 0.5 * counts["draws"].to_numpy(dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        counts["win_rate"] = np.where(games > 0, score / games, np.nan)
    counts["ci_low"], counts["ci_high"] = wilson_interval(score, games, z)
    return counts


def _tally(seats: pd.DataFrame, by: list[str] | str, z: float) -> pd.DataFrame:
    grouped = seats.groupby(by, observed=False, sort=True)
    counts = pd.DataFrame(
        {
            "games": grouped.size(),
            "wins": grouped["won"].sum(),
            "losses": grouped["lost"].sum(),
            "draws": grouped["drew"].sum(),
        }
    ).astype("int64")
    return _win_rates(counts, z)


def deck_summary(records: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """Win rate of every deck over all its games, in both seats.

    Parameters
    ----------
    records : DataFrame
        Per-game records (see the module notes), shape (n_games, >= 5).
    z : float
        Normal quantile of the intervals (1.96: 95%).

    Returns
    -------
    DataFrame
        Indexed by deck, sorted by ``win_rate`` (best first), columns ``games, wins, losses,
        draws, win_rate, ci_low, ci_high, mirror_games``. Mirror games are not in ``games``;
        ``mirror_games`` counts them.
    """
    _check_records(records)
    seats = _seats(records)
    summary = _tally(seats[~seats["mirror"]], "deck", z)
    # each mirror game appears twice in `seats` (one row per seat)
    mirrors = seats[seats["mirror"]].groupby("deck").size() // 2
    every_deck = pd.Index(np.unique(seats["deck"].to_numpy()), name="deck")
    summary = summary.reindex(every_deck)
    summary[["games", "wins", "losses", "draws"]] = (
        summary[["games", "wins", "losses", "draws"]].fillna(0).astype("int64")
    )
    summary["mirror_games"] = mirrors.reindex(every_deck, fill_value=0).astype("int64")
    return summary.sort_values("win_rate", ascending=False, kind="stable")


@dataclass(frozen=True)
class MatchupMatrix:
    """Deck-by-deck results; every frame has the decks as rows (named "deck") and as columns
    (named "opponent").

    Attributes
    ----------
    win_rate : DataFrame(float, shape=(n_decks, n_decks))
        ``win_rate.loc[i, j]``: score of deck i against deck j (draws as half) over all
        their games in both seats, so ``win_rate + win_rate.T = 1`` off the diagonal. The
        diagonal is 0.5 (a mirror is even by symmetry); pairs that never met are NaN.
    ci_low, ci_high : DataFrame(float, shape=(n_decks, n_decks))
        Wilson interval of ``win_rate`` (0.5 on the diagonal; 0 and 1 where no games).
    games : DataFrame(int, shape=(n_decks, n_decks))
        Games between i and j, symmetric; the diagonal counts mirror games.
    wins : DataFrame(int, shape=(n_decks, n_decks))
        Games deck i won outright against deck j (draws not included).
    draws : DataFrame(int, shape=(n_decks, n_decks))
        Drawn games between i and j, symmetric.
    """

    win_rate: pd.DataFrame
    ci_low: pd.DataFrame
    ci_high: pd.DataFrame
    games: pd.DataFrame
    wins: pd.DataFrame
    draws: pd.DataFrame

    @property
    def scores(self) -> pd.DataFrame:
        """Wins plus half the draws, the input :func:`~wardsim.analytics.meta.bradley_terry` takes."""
        return self.wins + 0.5 * self.draws

    @property
    def decks(self) -> pd.Index:
        return self.win_rate.index


def matchup_matrix(records: pd.DataFrame, z: float = 1.96) -> MatchupMatrix:
    """Every deck's win rate against every other deck, with intervals.

    Parameters
    ----------
    records : DataFrame
        Per-game records (see the module notes), shape (n_games, >= 5).
    z : float
        Normal quantile of the intervals (1.96: 95%).

    Returns
    -------
    MatchupMatrix
        Square frames over the decks in sorted order.
    """
    _check_records(records)
    seats = _seats(records)
    decks = pd.Index(np.unique(seats["deck"].to_numpy()))
    full = pd.MultiIndex.from_product([decks, decks], names=["deck", "opponent"])
    counts = _tally(seats, ["deck", "opponent"], z).reindex(full)

    def square(column: str, fill: float | None = None) -> pd.DataFrame:
        values = counts[column] if fill is None else counts[column].fillna(fill)
        # two Index objects: naming one shared Index would name both axes
        return values.unstack("opponent").reindex(index=decks.rename("deck"), columns=decks.rename("opponent"))

    games = square("games", 0).astype("int64")
    wins = square("wins", 0).astype("int64")
    draws = square("draws", 0).astype("int64")
    win_rate, ci_low, ci_high = square("win_rate"), square("ci_low", 0.0), square("ci_high", 1.0)
    # a mirror game is listed once per seat; count it once, and its win rate is 0.5 exactly
    diagonal = np.eye(len(decks), dtype=bool)
    games = games.mask(diagonal, games // 2)
    wins = wins.mask(diagonal, 0)  # "deck i beat deck i" has no meaning
    draws = draws.mask(diagonal, draws // 2)
    win_rate, ci_low, ci_high = (f.mask(diagonal, 0.5) for f in (win_rate, ci_low, ci_high))
    return MatchupMatrix(win_rate, ci_low, ci_high, games, wins, draws)


def first_player_advantage(records: pd.DataFrame, z: float = 1.96) -> pd.Series:
    """Win rate of the player who went first, over all games.

    Parameters
    ----------
    records : DataFrame
        Per-game records; only ``winner`` and ``first_player`` are read.
    z : float
        Normal quantile of the interval (1.96: 95%).

    Returns
    -------
    Series
        ``games, wins, losses, draws, win_rate, ci_low, ci_high`` for the first player
        (draws as half in ``win_rate``). An interval that excludes 0.5 means going first
        matters; mirror games count too, since seat order is what is measured.
    """
    _check_records(records, ("winner", "first_player"))
    winner = records["winner"].to_numpy()
    first = records["first_player"].to_numpy()
    counts = pd.DataFrame(
        {
            "games": [len(records)],
            "wins": [int(np.sum(winner == first))],
            "losses": [int(np.sum(winner == 1 - first))],
            "draws": [int(np.sum(winner == DRAW))],
        }
    )
    row = _win_rates(counts, z).iloc[0]
    row.name = "first_player"
    return row


def win_rate_by_length(
    records: pd.DataFrame,
    bins: int | Sequence[float],
    by: Literal["deck", "first_player"] = "deck",
    z: float = 1.96,
) -> pd.DataFrame:
    """Win rates split by game length (turns): which decks win short or long games.

    Parameters
    ----------
    records : DataFrame
        Per-game records (see the module notes).
    bins : int or sequence of float
        Passed to :func:`pandas.cut` on ``turns``: a number of equal-width bins, or bin
        edges (right-closed, the lowest edge included).
    by : {"deck", "first_player"}
        ``"deck"``: every deck in both seats, mirror games left out; ``"first_player"``:
        the player who went first, every game.
    z : float
        Normal quantile of the intervals (1.96: 95%).

    Returns
    -------
    DataFrame
        Indexed by (deck, turns) or by turns alone, where ``turns`` is the interval of the
        bin; columns ``games, wins, losses, draws, win_rate, ci_low, ci_high``. Empty bins
        appear with 0 games and a NaN win rate.
    """
    _check_records(records)
    if by not in ("deck", "first_player"):
        raise ValueError(f"`by` must be 'deck' or 'first_player', not {by!r}")
    seats = _seats(records)
    seats["turns"] = pd.cut(seats["turns"], bins=bins, include_lowest=True)
    if by == "first_player":
        return _tally(seats[seats["went_first"]], "turns", z)
    return _tally(seats[~seats["mirror"]], ["deck", "turns"], z)


def first_player_by_deck(records: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """Every deck's win rate when it went first and when it went second.

    Parameters
    ----------
    records : DataFrame
        Per-game records (see the module notes).
    z : float
        Normal quantile of the intervals (1.96: 95%).

    Returns
    -------
    DataFrame
        Indexed by (deck, order), where order is ``"first"`` or ``"second"``; columns
        ``games, wins, losses, draws, win_rate, ci_low, ci_high``. Mirror games are left out
        (the deck is on both sides of the roll-off). The gap between a deck's two rows is its
        own first-player advantage; :func:`first_player_advantage` is the pooled one.
    """
    _check_records(records)
    seats = _seats(records)
    seats = seats[~seats["mirror"]].copy()
    seats["order"] = pd.Categorical(np.where(seats["went_first"], "first", "second"), categories=["first", "second"])
    return _tally(seats, ["deck", "order"], z)
