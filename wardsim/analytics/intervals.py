"""Confidence intervals for win rates and their differences.

Every function here takes ``wins`` as a float, so the caller chooses how draws count:

* **draws as half a win** (the convention of the rest of :mod:`wardsim.analytics`): pass
  ``wins + draws / 2`` and ``n = games``. The binomial variance ``p (1 - p) / n`` then
  overstates the true variance of a 0 / 0.5 / 1 score by ``draw_share / (4 n)``, so the
  intervals are slightly conservative (wider than they need to be), never too narrow;
* **draws left out**: pass the outright wins and ``n = games - draws``.

All functions broadcast over numpy arrays and accept plain scalars; a scalar input gives
Python floats back. A sample of zero games carries no information: the Wilson interval is
then the whole range ``(0, 1)`` and a difference interval is ``(-1, 1)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

BOOTSTRAP = 2000  # replicates of every bootstrap interval (the ladder, the policy check, the survey)


def _result(value: np.ndarray, scalar: bool) -> Any:
    return float(value) if scalar else value


def _as_counts(wins: ArrayLike, n: ArrayLike) -> tuple[np.ndarray, np.ndarray, bool]:
    wins_arr = np.asarray(wins, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    scalar = wins_arr.ndim == 0 and n_arr.ndim == 0
    if np.any(n_arr < 0):
        raise ValueError("a number of games cannot be negative")
    # a tiny slack lets float sums such as wins + draws / 2 through
    if np.any(wins_arr < -1e-9) or np.any(wins_arr > n_arr + 1e-9):
        raise ValueError("wins must lie between 0 and the number of games")
    return np.clip(wins_arr, 0.0, n_arr), n_arr, scalar


def proportion_se(wins: ArrayLike, n: ArrayLike) -> Any:
    """Standard error ``sqrt(p (1 - p) / n)`` of an observed proportion ``p = wins / n``.

    Parameters
    ----------
    wins : float or ndarray(float)
        Successes (wins, or wins + draws / 2; see the module notes on draws).
    n : float or ndarray(float)
        Trials (games), broadcastable against ``wins``.

    Returns
    -------
    float or ndarray(float)
        The standard error; ``nan`` where ``n = 0``. It is 0 when ``p`` is 0 or 1, which is
        why intervals use Wilson's score method rather than ``p +- z se``.
    """
    wins_arr, n_arr, scalar = _as_counts(wins, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = wins_arr / n_arr
        se = np.sqrt(p * (1.0 - p) / n_arr)
    return _result(np.where(n_arr > 0, se, np.nan), scalar)


def wilson_interval(wins: ArrayLike, n: ArrayLike, z: float = 1.96) -> tuple[Any, Any]:
    """Wilson score interval for a proportion (Wilson 1927).

    Unlike the Wald interval ``p +- z se`` it stays inside [0, 1], is not empty at 0 or n
    wins, and covers close to its nominal rate even for small samples.

    Parameters
    ----------
    wins : float or ndarray(float)
        Successes; may be fractional (wins + draws / 2).
    n : float or ndarray(float)
        Trials, broadcastable against ``wins``.
    z : float
        Normal quantile; 1.96 gives a two-sided 95% interval.

    Returns
    -------
    lo, hi : float or ndarray(float)
        Interval bounds with the broadcast shape of ``wins`` and ``n``; ``(0, 1)`` where
        ``n = 0``.

    Examples
    --------
    >>> lo, hi = wilson_interval(8, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.4902, 0.9433)
    """
    wins_arr, n_arr, scalar = _as_counts(wins, n)
    z2 = z * z
    with np.errstate(invalid="ignore", divide="ignore"):
        p = wins_arr / n_arr
        denominator = 1.0 + z2 / n_arr
        centre = (p + z2 / (2.0 * n_arr)) / denominator
        half_width = z / denominator * np.sqrt(p * (1.0 - p) / n_arr + z2 / (4.0 * n_arr**2))
        lo = np.clip(centre - half_width, 0.0, 1.0)
        hi = np.clip(centre + half_width, 0.0, 1.0)
    # exact at the edges: 0 wins has lower bound 0, n wins upper bound 1 (rounding aside)
    lo = np.where(wins_arr <= 0, 0.0, lo)
    hi = np.where(wins_arr >= n_arr, 1.0, hi)
    empty = n_arr <= 0
    lo = np.where(empty, 0.0, lo)
    hi = np.where(empty, 1.0, hi)
    return _result(lo, scalar), _result(hi, scalar)


def diff_interval(
    wins_1: ArrayLike, n_1: ArrayLike, wins_2: ArrayLike, n_2: ArrayLike, z: float = 1.96
) -> tuple[Any, Any]:
    """Interval for the difference of two independent proportions ``p1 - p2``.

    Newcombe's hybrid score interval (Newcombe 1998, method 10): with Wilson intervals
    ``(l1, u1)`` and ``(l2, u2)``,

    ``lo = d - sqrt((p1 - l1)^2 + (u2 - p2)^2)``, ``hi = d + sqrt((u1 - p1)^2 + (p2 - l2)^2)``.

    It inherits Wilson's good behaviour near 0 and 1, where the Wald difference interval
    collapses. The two samples must be independent (different games); for paired games
    on common random numbers use the paired standard error instead (see
    :func:`wardsim.analytics.card_metrics.ablation_impact`).

    Parameters
    ----------
    wins_1, n_1 : float or ndarray(float)
        First sample: successes and trials.
    wins_2, n_2 : float or ndarray(float)
        Second sample, broadcastable against the first.
    z : float
        Normal quantile; 1.96 gives a two-sided 95% interval.

    Returns
    -------
    lo, hi : float or ndarray(float)
        Bounds for ``p1 - p2``, inside [-1, 1]; ``(-1, 1)`` where either sample is empty.

    Examples
    --------
    Newcombe's example (a), 56/70 against 48/80:

    >>> lo, hi = diff_interval(56, 70, 48, 80)
    >>> round(lo, 4), round(hi, 4)
    (0.0524, 0.3339)
    """
    w1, m1, scalar_1 = _as_counts(wins_1, n_1)
    w2, m2, scalar_2 = _as_counts(wins_2, n_2)
    l1, u1 = wilson_interval(w1, m1, z)
    l2, u2 = wilson_interval(w2, m2, z)
    with np.errstate(invalid="ignore", divide="ignore"):
        p1 = w1 / m1
        p2 = w2 / m2
        d = p1 - p2
        lo = np.clip(d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), -1.0, 1.0)
        hi = np.clip(d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2), -1.0, 1.0)
    empty = (m1 <= 0) | (m2 <= 0)
    lo = np.where(empty, -1.0, lo)
    hi = np.where(empty, 1.0, hi)
    scalar = scalar_1 and scalar_2
    return _result(lo, scalar), _result(hi, scalar)
