"""The metagame: win rates against a field, Bradley-Terry strengths, and the Nash meta.

Matchup matrices here are win probabilities: ``payoff[i, j] = P(deck i beats deck j)``
with draws counted as half a win (as :func:`wardsim.analytics.winrates.matchup_matrix`
gives them), so ``payoff + payoff.T = 1`` and a mirror is 0.5. Every function takes a
square DataFrame indexed by deck (and then answers with deck labels), a plain ndarray, or
a :class:`~wardsim.analytics.winrates.MatchupMatrix`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from wardsim.analytics.winrates import MatchupMatrix

SUPPORT_SHARE = 1e-9  # a deck with at least this share is in the equilibrium's support


def _square(matrix: Any, what: str) -> tuple[np.ndarray, pd.Index | None]:
    """The matrix as a float array and its deck labels (None for a bare array)."""
    if isinstance(matrix, pd.DataFrame):
        if not matrix.index.equals(matrix.columns):
            raise ValueError(f"{what}: rows and columns must list the same decks in the same order")
        values, labels = matrix.to_numpy(dtype=float), matrix.index
    else:
        values, labels = np.asarray(matrix, dtype=float), None
    if values.ndim != 2 or values.shape[0] != values.shape[1]:
        raise ValueError(f"{what} must be a square matrix, got shape {values.shape}")
    return values, labels


def field_win_rate(matrix: Any, shares: Any) -> Any:
    """Expected win rate of each deck against a field of decks in the given shares.

    ``field_win_rate[i] = sum_j matrix[i, j] * share[j] / sum_j share[j]``.

    Parameters
    ----------
    matrix : DataFrame, ndarray(float, shape=(n_decks, n_decks)) or MatchupMatrix
        Win probabilities, row deck against column deck. The diagonal (0.5) is used: a deck
        meets its own mirror as often as the field plays it.
    shares : Series, Mapping or ndarray(float, shape=(n_decks,))
        How much of the field each deck is; normalised to sum to 1. With a DataFrame, a
        Series or mapping keyed by deck may name only part of the decks (the rest count
        as 0); with an ndarray matrix, give one share per column.

    Returns
    -------
    Series or ndarray(float, shape=(n_decks,))
        Expected win rate of every row deck; NaN where a matchup with a positive share
        was never played.
    """
    if isinstance(matrix, MatchupMatrix):
        matrix = matrix.win_rate
    values, labels = _square(matrix, "matchup matrix")
    if labels is not None and isinstance(shares, Mapping | pd.Series):
        shares = pd.Series(shares, dtype=float)
        unknown = shares.index.difference(labels)
        if len(unknown):
            raise ValueError(f"field shares name decks not in the matrix: {list(unknown)}")
        weights = shares.reindex(labels, fill_value=0.0).to_numpy()
    else:
        weights = np.asarray(shares, dtype=float)
    if weights.shape != (values.shape[1],):
        raise ValueError(f"need one share per deck ({values.shape[1]}), got shape {weights.shape}")
    if np.any(weights < 0) or not np.any(weights > 0):
        raise ValueError("field shares must be non-negative and not all zero")
    weights = weights / weights.sum()
    played = weights > 0  # an unplayed matchup matters only if the field holds that deck
    expected = values[:, played] @ weights[played]
    if labels is not None:
        return pd.Series(expected, index=labels, name="field_win_rate")
    return expected


def bradley_terry(wins_matrix: Any, prior: float = 0.0, tol: float = 1e-10, max_iter: int = 100_000) -> Any:
    """Bradley-Terry strengths of the decks, fitted by Hunter's (2004) MM algorithm.

    The model says ``P(i beats j) = s_i / (s_i + s_j)``. The fit is the maximum-likelihood
    one, reached by the minorise-maximise update
    ``s_i <- W_i / sum_j n_ij / (s_i + s_j)`` (``W_i``: wins of i, ``n_ij``: games i-j).

    Parameters
    ----------
    wins_matrix : DataFrame, ndarray(float, shape=(n_decks, n_decks)) or MatchupMatrix
        ``wins_matrix[i, j]``: games deck i won against deck j. Pass draws as half a win
        to each side (``MatchupMatrix.scores`` does). The diagonal (mirrors) is ignored.
    prior : float
        Virtual wins added each way between every pair of decks. 0 gives the plain maximum
        likelihood fit, which exists only if no group of decks is unbeaten by the rest; a
        small prior (0.5 or 1) always gives finite strengths, shrunk toward equal.
    tol : float
        Stop when no log-strength moves by more than this.
    max_iter : int
        Give up (RuntimeError) after this many updates.

    Returns
    -------
    Series or ndarray(float, shape=(n_decks,))
        Strengths normalised to **geometric mean 1** (log-strengths have mean 0), so a deck
        with strength 2 beats one with strength 1 two times in three.
    """
    if isinstance(wins_matrix, MatchupMatrix):
        wins_matrix = wins_matrix.scores
    wins, labels = _square(wins_matrix, "wins matrix")
    if np.any(wins < 0) or not np.all(np.isfinite(wins)):
        raise ValueError("wins must be finite and non-negative")
    n_decks = len(wins)
    off_diagonal = ~np.eye(n_decks, dtype=bool)
    wins = np.where(off_diagonal, wins + prior, 0.0)
    # Hunter's condition: every split of the decks has a deck on each side beating the other
    from scipy.sparse.csgraph import connected_components  # scipy where used: a lighter start-up

    n_components, _ = connected_components(wins > 0, directed=True, connection="strong")
    if n_decks > 1 and n_components > 1:
        raise ValueError(
            "Bradley-Terry strengths are unbounded: some decks never lost (or never won) "
            "against the others; pass prior=0.5 or more to regularise"
        )
    strengths = bradley_terry_mm(wins, tol=tol, max_iter=max_iter)
    if labels is not None:
        return pd.Series(strengths, index=labels, name="strength")
    return strengths


def bradley_terry_mm(wins: np.ndarray, tol: float = 1e-10, max_iter: int = 100_000) -> np.ndarray:
    """Hunter's (2004) MM fit of Bradley-Terry strengths, for one wins matrix or a stack of them.

    The update ``s_i <- W_i / sum_j n_ij / (s_i + s_j)`` (``W_i``: wins of i, ``n_ij``: games
    i-j) runs on every matrix of the stack at once, until no log-strength of any of them moves
    by more than `tol`. The caller checks that the maximum-likelihood fit exists (every matrix
    strongly connected, see :func:`bradley_terry`), or adds a prior.

    Parameters
    ----------
    wins : ndarray(float, shape=(..., n, n))
        ``wins[..., i, j]``: wins (draws half) of i against j, prior included; diagonal 0.
    tol : float
        Stop when no log-strength moves by more than this.
    max_iter : int
        Give up (RuntimeError) after this many updates.

    Returns
    -------
    ndarray(float, shape=(..., n))
        Strengths normalised to geometric mean 1 along the last axis.
    """
    wins = np.asarray(wins, dtype=float)
    games = wins + np.swapaxes(wins, -1, -2)
    total_wins = wins.sum(axis=-1)
    strengths = np.ones(wins.shape[:-1])
    for _ in range(max_iter):
        pair_sums = strengths[..., :, None] + strengths[..., None, :]
        updated = total_wins / np.sum(games / pair_sums, axis=-1)
        updated /= np.exp(np.mean(np.log(updated), axis=-1, keepdims=True))
        converged = np.max(np.abs(np.log(updated) - np.log(strengths)), initial=0.0) < tol
        strengths = updated
        if converged:
            return strengths
    raise RuntimeError(f"Bradley-Terry fit did not converge in {max_iter} iterations")


@dataclass(frozen=True)
class NashEquilibrium:
    """A Nash equilibrium of the deck-choice game.

    Attributes
    ----------
    strategy : Series or ndarray(float, shape=(n_decks,))
        Share of each deck in the equilibrium meta; sums to 1.
    value : float
        Win probability the equilibrium mix guarantees against any deck; 0.5 for a
        symmetric game (up to solver tolerance).
    support : list
        Decks with a share above 1e-9 (labels for a DataFrame, indices for an array).
    """

    strategy: Any
    value: float
    support: list


def nash_equilibrium(payoff: Any) -> NashEquilibrium:
    """The mixed Nash equilibrium of the symmetric zero-sum game "pick a deck".

    Both players pick a deck from the same list; the row player scores
    ``payoff[i, j] - 0.5``. The game is solved as the linear programme "maximise v subject
    to ``x @ A[:, j] >= v`` for every deck j, ``sum(x) = 1``, ``x >= 0``" with
    :func:`scipy.optimize.linprog` (HiGHS), where ``A = (payoff - payoff.T) / 2``. That is
    ``payoff - 0.5`` when ``payoff + payoff.T = 1`` (draws as half) and is still the expected
    score margin when the draws were left out of ``payoff``.

    Decks outside the support are those a well-informed field would not bring: dominated
    decks, or decks whose good matchups are all covered by a better deck.

    Parameters
    ----------
    payoff : DataFrame, ndarray(float, shape=(n_decks, n_decks)) or MatchupMatrix
        ``payoff[i, j] = P(deck i beats deck j)``; no missing matchups.

    Returns
    -------
    NashEquilibrium
        ``strategy``, ``value`` (win-probability form, 0.5 here) and ``support``. If the
        game has several equilibria, one of them.
    """
    if isinstance(payoff, MatchupMatrix):
        payoff = payoff.win_rate
    values, labels = _square(payoff, "payoff matrix")
    if not np.all(np.isfinite(values)):
        raise ValueError("payoff matrix has missing matchups (NaN); every pair must be known")
    if np.any(values < 0) or np.any(values > 1):
        raise ValueError("payoff entries are win probabilities and must lie in [0, 1]")
    margin = (values - values.T) / 2.0
    n_decks = len(values)
    # variables: the n_decks shares, then v (free); linprog minimises, so minimise -v
    objective = np.zeros(n_decks + 1)
    objective[-1] = -1.0
    upper = np.hstack([-margin.T, np.ones((n_decks, 1))])  # v - x @ A[:, j] <= 0
    equal = np.hstack([np.ones((1, n_decks)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * n_decks + [(None, None)]
    from scipy.optimize import linprog

    solution = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(n_decks),
        A_eq=equal,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if not solution.success:  # pragma: no cover - a finite matrix game always has a solution
        raise RuntimeError(f"linear programme failed: {solution.message}")
    shares = np.clip(solution.x[:n_decks], 0.0, None)
    shares /= shares.sum()
    value = 0.5 + float(np.min(shares @ margin))
    in_support = np.flatnonzero(shares > SUPPORT_SHARE)
    if labels is not None:
        return NashEquilibrium(pd.Series(shares, index=labels, name="share"), value, list(labels[in_support]))
    return NashEquilibrium(shares, value, [int(i) for i in in_support])
