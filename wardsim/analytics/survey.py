"""The whole-set survey's analytics: every card's effect on a deck's win rate.

**Deck strengths.** Each pairing of two generated decks A and B gives A's score `y` over its
games (both seats, draws half). A deck's strength `q` is fitted from every pairing it played,
``y - 1/2 = q_A - q_B``, by least squares weighted by games, the strengths summing to zero:
``1/2 + q_A`` is the deck's expected score against a deck of average strength, whoever it
happened to meet.

**The card regression.** The strengths are regressed on the decks' card counts,
``q_d = sum over cards c of beta_c * (n_d(c) - mean n(c)) + u_d``: `u_d` is what the deck's
cards do not explain (how they work together, its structure, the noise of its games). Every
deck holds 30 cards, so the counts' deviations sum to zero and the coefficients are known
only up to a common constant; the fit is the ridge solution, whose coefficients sum to zero:
**beta_c is the win-rate points one more copy of the card adds in place of an average card of
the pool.** The decks, not the games, are the sample: with a pool of 150 cards and a few
hundred decks, a fit without a penalty would explain each deck's luck with its rarest cards.
The ridge penalty is chosen by generalized cross-validation over the decks (the value of a
grid that best predicts a left-out deck), and shrinks every estimate toward the average
card, the weakly measured most.

**Intervals** are 95% bootstrap intervals over decks: a replicate draws the decks with
replacement and fits the card regression again with the same penalty. The bootstrap's
generator is seeded from the survey seed. A replicate holds about 63% of the distinct decks,
so its fits shrink more than the full fit, the more so with few decks per card: the
replicates' median sits nearer zero than the estimate, and their raw percentiles could leave
an extreme estimate outside its own interval. The interval is therefore the replicates'
2.5-97.5% spread around their median, placed around the estimate.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import BOOTSTRAP, wilson_interval

PENALTIES = np.logspace(-2, 5, 71)  # the grid GCV chooses from, in units of (copies)^2


def deck_strengths(
    n_decks: int, deck_a: np.ndarray, deck_b: np.ndarray, score_a: np.ndarray, games: np.ndarray
) -> np.ndarray:
    """Each deck's strength q (see the module notes): ndarray(float, shape=(n_decks,)), summing
    to 0. A deck that played no game gets 0; decks the pairings do not connect share the
    zero sum as a whole."""
    deck_a = np.asarray(deck_a, dtype=np.int64)
    deck_b = np.asarray(deck_b, dtype=np.int64)
    w = np.asarray(games, dtype=float)
    t = np.asarray(score_a, dtype=float) - 0.5
    laplacian = np.zeros((n_decks, n_decks))
    np.add.at(laplacian, (deck_a, deck_a), w)
    np.add.at(laplacian, (deck_b, deck_b), w)
    np.add.at(laplacian, (deck_a, deck_b), -w)
    np.add.at(laplacian, (deck_b, deck_a), -w)
    right = np.zeros(n_decks)
    np.add.at(right, deck_a, w * t)
    np.add.at(right, deck_b, -w * t)
    # the all-ones term pins the free constant to a zero sum without changing any difference
    return np.linalg.solve(laplacian + np.ones((n_decks, n_decks)), right)


def gcv_penalty(counts: np.ndarray, strengths: np.ndarray) -> tuple[float, float]:
    """The ridge penalty of `PENALTIES` with the least generalized cross-validation error, and
    the fit's effective number of parameters there."""
    x = counts - counts.mean(axis=0)
    y = strengths - strengths.mean()
    u, s, _ = np.linalg.svd(x, full_matrices=False)
    uy = u.T @ y
    outside = float(y @ y - uy @ uy)  # the part of y no fit can reach
    n = len(y)
    best = (np.inf, float(PENALTIES[0]), 0.0)
    for penalty in PENALTIES:
        shrink = s**2 / (s**2 + penalty)
        rss = outside + float(((1 - shrink) * uy) @ ((1 - shrink) * uy))
        df = float(shrink.sum())
        if df < n:
            score = n * rss / (n - df) ** 2
            if score < best[0]:
                best = (score, float(penalty), df)
    return best[1], best[2]


def _ridge(counts: np.ndarray, strengths: np.ndarray, penalty: float) -> np.ndarray:
    x = counts - counts.mean(axis=0)
    y = strengths - strengths.mean()
    return np.linalg.solve(x.T @ x + penalty * np.eye(x.shape[1]), x.T @ y)


@dataclass
class CardEffects:
    """The card regression: `table` (per card: ``effect, ci_low, ci_high, se``), the decks'
    `strengths`, the `penalty` GCV chose and the fit's effective parameters `df`."""

    table: pd.DataFrame
    strengths: np.ndarray
    penalty: float
    df: float


def card_effects(
    counts: np.ndarray,
    deck_a: np.ndarray,
    deck_b: np.ndarray,
    score_a: np.ndarray,
    games: np.ndarray,
    seed: int = 0,
    replicates: int = BOOTSTRAP,
) -> CardEffects:
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

    Returns
    -------
    CardEffects
        ``table`` has one row per card (the columns of `counts`).
    """
    counts = np.asarray(counts, dtype=float)
    n_decks, n_cards = counts.shape
    strengths = deck_strengths(n_decks, deck_a, deck_b, score_a, games)
    penalty, df = gcv_penalty(counts, strengths)
    effect = _ridge(counts, strengths, penalty)
    draws = np.full((replicates, n_cards), np.nan)
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x5EE0]))
    for r in range(replicates):
        drawn = rng.integers(0, n_decks, n_decks)
        draws[r] = _ridge(counts[drawn], strengths[drawn], penalty)
    if replicates > 1:
        # the replicates' spread, placed around the full fit's estimate (see the module notes)
        low, middle, high = np.percentile(draws, [2.5, 50, 97.5], axis=0)
        low, high = low + effect - middle, high + effect - middle
        se = draws.std(axis=0, ddof=1)
    else:
        low = high = se = np.full(n_cards, np.nan)
    table = pd.DataFrame({"effect": effect, "ci_low": low, "ci_high": high, "se": se})
    return CardEffects(table, strengths, penalty, df)


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
