"""The whole-set survey's analytics: every card's effect on a deck's win rate.

**The regression.** Each pairing of two generated decks A and B gives A's score over its
games (both seats, draws half). The model is linear in the difference of the two decks'
card counts::

    score(A, B) - 1/2  =  sum over cards c of  beta_c * (copies_A(c) - copies_B(c))

so a card's coefficient `beta_c` is the win-rate points one more copy of it adds, against a
deck that plays one copy less of it. Every deck holds 30 cards, so the differences of every
pairing sum to 0 and the coefficients are known only up to a common constant: the fit takes
the solution whose coefficients have mean zero: a ridge penalty picks it and steadies the
cards seen in few decks or nearly always in the same number of copies. The penalty is that of
a normal prior on each coefficient with standard deviation `PRIOR_SD` (5 points per copy),
against the binomial noise of a score (variance at most 1/4 per game, and each pairing weighs
by its games): ``penalty = 1/4 / PRIOR_SD**2``. A survey of hundreds of decks has normal
equations thousands of times larger, so there the prior barely moves an estimate. A
coefficient therefore reads "points per copy against the average card of the pool". Each
pairing weighs by its games. Modelling the difference, rather than each deck's win rate alone,
accounts for the strength of the opponents a deck happened to meet.

**Intervals** are 95% percentile bootstrap intervals over decks: a replicate draws the decks
with replacement and weighs each pairing by the product of its two decks' draws (a pairing of
an undrawn deck drops out), so a replicate keeps the dependence between the games of one
deck. The bootstrap's generator is seeded from the survey seed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import wilson_interval

PRIOR_SD = 0.05  # win-rate points per copy: a card worth more than 10 points a copy is rare
BOOTSTRAP = 200


def _normal(differences: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    xw = differences * weights[:, None]
    return xw.T @ differences, xw


def _fit(differences: np.ndarray, scores: np.ndarray, weights: np.ndarray, penalty: float) -> np.ndarray:
    """Weighted ridge least squares: argmin sum w (y - X b)^2 + penalty |b|^2."""
    normal, xw = _normal(differences, weights)
    normal[np.diag_indices_from(normal)] += penalty
    return np.linalg.solve(normal, xw.T @ scores)


def card_effects(
    counts: np.ndarray,
    deck_a: np.ndarray,
    deck_b: np.ndarray,
    score_a: np.ndarray,
    games: np.ndarray,
    seed: int = 0,
    replicates: int = BOOTSTRAP,
    prior_sd: float = PRIOR_SD,
) -> pd.DataFrame:
    """Each card's coefficient (win-rate points per copy) with its bootstrap interval.

    Parameters
    ----------
    counts : ndarray(int, shape=(n_decks, n_cards))
        Copies of each card in each deck.
    deck_a, deck_b : ndarray(int, shape=(n_pairings,))
        The two decks of each pairing (rows of `counts`).
    score_a : ndarray(float, shape=(n_pairings,))
        Deck A's score in the pairing, 0 to 1 (draws half), over both seats.
    games : ndarray(int, shape=(n_pairings,))
        Games of each pairing (its weight).
    seed : int
        Seed of the bootstrap's generator.
    replicates : int
        Bootstrap replicates (0: no intervals, NaN).
    prior_sd : float
        The prior's standard deviation of a coefficient (see the module notes).

    Returns
    -------
    DataFrame
        One row per card (the columns of `counts`): ``effect``, ``ci_low``, ``ci_high``, ``se``
        (the bootstrap standard deviation).
    """
    counts = np.asarray(counts, dtype=float)
    deck_a = np.asarray(deck_a, dtype=np.int64)
    deck_b = np.asarray(deck_b, dtype=np.int64)
    differences = counts[deck_a] - counts[deck_b]
    target = np.asarray(score_a, dtype=float) - 0.5
    weights = np.asarray(games, dtype=float)
    penalty = 0.25 / prior_sd**2
    effect = _fit(differences, target, weights, penalty)
    n_decks, n_cards = counts.shape
    draws = np.full((replicates, n_cards), np.nan)
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x5EE0]))
    for r in range(replicates):
        drawn = np.bincount(rng.integers(0, n_decks, n_decks), minlength=n_decks).astype(float)
        w = weights * drawn[deck_a] * drawn[deck_b]
        keep = w > 0
        draws[r] = _fit(differences[keep], target[keep], w[keep], penalty)
    if replicates:
        low, high = np.percentile(draws, [2.5, 97.5], axis=0)
        se = draws.std(axis=0, ddof=1) if replicates > 1 else np.full(n_cards, np.nan)
    else:
        low = high = se = np.full(n_cards, np.nan)
    return pd.DataFrame({"effect": effect, "ci_low": low, "ci_high": high, "se": se})


def deck_results(deck_a: np.ndarray, deck_b: np.ndarray, score_a: np.ndarray, games: np.ndarray, n_decks: int):
    """Each deck's games, score (draws half) and win rate with its Wilson 95% interval, over
    all its pairings in both seats: DataFrame indexed by deck row."""
    deck_a = np.asarray(deck_a, dtype=np.int64)
    deck_b = np.asarray(deck_b, dtype=np.int64)
    games = np.asarray(games, dtype=float)
    wins_a = np.asarray(score_a, dtype=float) * games
    played = np.bincount(deck_a, games, n_decks) + np.bincount(deck_b, games, n_decks)
    wins = np.bincount(deck_a, wins_a, n_decks) + np.bincount(deck_b, games - wins_a, n_decks)
    low, high = wilson_interval(wins, played)
    rate = np.divide(wins, played, out=np.full(n_decks, np.nan), where=played > 0)
    return pd.DataFrame(
        {"games": played.astype(np.int64), "wins": wins, "win_rate": rate, "ci_low": low, "ci_high": high}
    )


def ranked(table: pd.DataFrame) -> pd.DataFrame:
    """The card table strongest first, with ``rank`` (1 = strongest) and, for the interval,
    the best and worst rank it allows (``rank_best``, ``rank_worst``: how many cards' effects
    lie surely above, or not surely below, the card's)."""
    table = table.sort_values(["effect", "card"], ascending=[False, True], ignore_index=True)
    table.insert(0, "rank", np.arange(1, len(table) + 1))
    effect = table["effect"].to_numpy()
    low = table["ci_low"].to_numpy()
    high = table["ci_high"].to_numpy()
    surely_above = (low[None, :] > high[:, None]).sum(axis=1)
    not_surely_below = (high[None, :] >= low[:, None]).sum(axis=1)
    known = ~np.isnan(low)
    table["rank_best"] = np.where(known, surely_above + 1, table["rank"])
    table["rank_worst"] = np.where(known, not_surely_below, table["rank"])
    for column in ("rank", "rank_best", "rank_worst"):  # a card no deck played has no rank
        table[column] = pd.array(np.where(np.isnan(effect), -1, table[column]), dtype="Int64")
        table.loc[np.isnan(effect), column] = pd.NA
    return table
