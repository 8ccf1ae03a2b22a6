"""Card metrics as players know them from 17lands and HSReplay, and ablation impact.

The input is a table of per-card counters, one row per (deck, card), summed over the games
that deck played:

=================================  ==========================================================
``games``, ``wins``                games the deck played, and its wins
``games_in_hand``, ``wins_in_hand``  games with a copy in the opening hand or drawn later
``games_opening``, ``wins_opening``  games with a copy in the opening hand
``games_drawn``, ``wins_drawn``      games with a copy drawn after the opening hand and none
                                     in it (so opening + drawn = in hand)
``games_played``, ``wins_played``    games in which a copy was played
``plays``, ``fizzles``               (optional) times a copy was played, and played to no
                                     effect: the play statistics (`play_stats`)
=================================  ==========================================================

**Draws count as half a win** in every ``wins*`` counter (so they may be half-integers),
and every rate below is a mean score; see :mod:`wardsim.analytics.intervals` for why the
intervals are then slightly conservative.

Metrics (17lands names):

* ``gih_wr``: win rate in games where the card was in hand (opening hand or drawn);
* ``oh_wr``: win rate when it was in the opening hand;
* ``gd_wr``: win rate when it was drawn later (and not in the opening hand);
* ``gns_wr``: win rate in games where it was never seen (``games - games_in_hand``);
* ``iwd``: improvement when drawn, ``gih_wr - gns_wr``;
* ``played_wr``: win rate when it was played.

Each comes with ``<metric>_ci_low``/``<metric>_ci_high`` (Wilson; the Newcombe difference
interval for ``iwd``) and ``<metric>_n``, its number of games (``iwd_n`` is all the deck's
games, in hand or not). IWD compares games of the *same deck*, which is why it is a fairer
measure of a card than GIH WR, but it is not causal: long games see more cards, so cards
tend to look better or worse with game length. The causal measure is the ablation impact:
play the deck again with the card's copies replaced by a filler.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from wardsim.analytics.intervals import diff_interval, wilson_interval

COUNTER_PAIRS = {  # games column -> wins column
    "games": "wins",
    "games_in_hand": "wins_in_hand",
    "games_opening": "wins_opening",
    "games_drawn": "wins_drawn",
    "games_played": "wins_played",
}
PLAY_COUNTERS = ("plays", "fizzles")
METRICS = ("gih_wr", "oh_wr", "gd_wr", "gns_wr", "iwd", "played_wr")


def _check_counters(counters: pd.DataFrame) -> None:
    needed = [c for pair in COUNTER_PAIRS.items() for c in pair]
    missing = [c for c in needed if c not in counters.columns]
    if missing:
        raise ValueError(f"card counters lack the column(s) {', '.join(missing)}")
    for games_col, wins_col in COUNTER_PAIRS.items():
        games, wins = counters[games_col], counters[wins_col]
        bad = (games < 0) | (wins < 0) | (wins > games)
        if bad.any():
            raise ValueError(
                f"row {counters.index[bad][0]!r}: need 0 <= {wins_col} <= {games_col}, "
                f"got {wins[bad].iloc[0]} of {games[bad].iloc[0]}"
            )
        if games_col != "games" and (bad := games > counters["games"]).any():
            raise ValueError(f"row {counters.index[bad][0]!r}: {games_col} exceeds games")
    for kind in ("games", "wins"):
        split = counters[f"{kind}_opening"] + counters[f"{kind}_drawn"]
        # opening-hand games and drawn-later games partition the in-hand games
        bad = ~np.isclose(split, counters[f"{kind}_in_hand"])
        if bad.any():
            raise ValueError(f"row {counters.index[bad][0]!r}: {kind}_opening + {kind}_drawn must equal {kind}_in_hand")
    not_seen_wins = counters["wins"] - counters["wins_in_hand"]
    not_seen_games = counters["games"] - counters["games_in_hand"]
    bad = (not_seen_wins < 0) | (not_seen_wins > not_seen_games)
    if bad.any():
        raise ValueError(f"row {counters.index[bad][0]!r}: wins_in_hand is inconsistent with wins")


def pool_card_counters(counters: pd.DataFrame, by: str | list[str] = "card") -> pd.DataFrame:
    """Sum per-(deck, card) counters over decks, giving one row per card.

    Pooled metrics weight each deck by its games and mix decks of different strength, so a
    card played in strong decks has a high pooled GIH WR; IWD, which compares games within
    the pooled decks, suffers less. Prefer per-deck rows where the samples allow.

    Parameters
    ----------
    counters : DataFrame
        Counter table (see the module notes) with a ``card`` column.
    by : str or list of str
        Columns that identify the pooled rows.

    Returns
    -------
    DataFrame
        One row per ``by`` value with the summed counters; an ``effect_status`` column, if
        present, is carried along (its first value per card).
    """
    _check_counters(counters)
    columns = [c for pair in COUNTER_PAIRS.items() for c in pair]
    columns += [c for c in PLAY_COUNTERS if c in counters.columns]
    grouped = counters.groupby(by, sort=True)
    pooled = grouped[columns].sum()
    if "effect_status" in counters.columns:
        pooled["effect_status"] = grouped["effect_status"].first()
    return pooled.reset_index()


def _rate(wins: pd.Series, games: pd.Series) -> np.ndarray:
    games_arr = games.to_numpy(dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(games_arr > 0, wins.to_numpy(dtype=float) / games_arr, np.nan)


def card_metrics(counters: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """GIH WR, OH WR, GD WR, GNS WR, IWD and played WR with intervals, per row.

    Parameters
    ----------
    counters : DataFrame
        One row per (deck, card) with the counter columns in the module notes; other
        columns (deck, card, effect_status, ...) are kept.
    z : float
        Normal quantile of the intervals (1.96: 95%).

    Returns
    -------
    DataFrame
        The input columns, then for every metric ``m`` in ``gih_wr, oh_wr, gd_wr, gns_wr,
        iwd, played_wr``: ``m, m_ci_low, m_ci_high, m_n``. A metric with no games is NaN
        and its interval the whole range.
    """
    _check_counters(counters)
    table = counters.copy()
    wins_not_seen = counters["wins"] - counters["wins_in_hand"]
    games_not_seen = counters["games"] - counters["games_in_hand"]
    samples = {
        "gih_wr": (counters["wins_in_hand"], counters["games_in_hand"]),
        "oh_wr": (counters["wins_opening"], counters["games_opening"]),
        "gd_wr": (counters["wins_drawn"], counters["games_drawn"]),
        "gns_wr": (wins_not_seen, games_not_seen),
        "played_wr": (counters["wins_played"], counters["games_played"]),
    }
    columns: dict[str, Any] = {}
    for metric in METRICS:
        if metric == "iwd":
            columns["iwd"] = columns["gih_wr"] - columns["gns_wr"]
            low, high = diff_interval(*samples["gih_wr"], *samples["gns_wr"], z=z)
            n = counters["games"].to_numpy()
        else:
            wins, games = samples[metric]
            columns[metric] = _rate(wins, games)
            low, high = wilson_interval(wins.to_numpy(dtype=float), games.to_numpy(dtype=float), z)
            n = games.to_numpy()
        columns[f"{metric}_ci_low"], columns[f"{metric}_ci_high"] = low, high
        columns[f"{metric}_n"] = n
    return pd.concat([table, pd.DataFrame(columns, index=table.index)], axis=1)


@dataclass(frozen=True)
class AblationImpact:
    """How much a card adds to its deck's win rate.

    Attributes
    ----------
    impact : float or ndarray(float)
        ``base win rate - ablated win rate``: positive when the deck wins more with the card
        than with the filler in its place.
    ci_low, ci_high : float or ndarray(float)
        Interval for ``impact``, inside [-1, 1].
    se : float or ndarray(float)
        Standard error of ``impact`` (paired, or the unpaired Wald value for reference).
    method : str
        ``"paired"`` (common random numbers) or ``"newcombe"`` (independent samples).
    """

    impact: Any
    ci_low: Any
    ci_high: Any
    se: Any
    method: str


def ablation_impact(
    base_wins: ArrayLike | None,
    base_games: ArrayLike | None,
    ablated_wins: ArrayLike | None,
    ablated_games: ArrayLike | None,
    paired: tuple[ArrayLike, ArrayLike] | None = None,
    z: float = 1.96,
) -> AblationImpact:
    """Change in a deck's win rate when a card's copies are replaced by a filler.

    Two designs, two intervals:

    * **Independent runs** (``paired=None``): the base and ablated decks played different
      games. The interval is Newcombe's hybrid score interval for ``p_base - p_ablated``;
      its width is set by both samples' binomial variances.
    * **Common random numbers** (``paired=(base_outcomes, ablated_outcomes)``): game k of
      both runs used the same seed, so the two results share the opponent's draws and
      most dice. Then ``Var(base - ablated) = Var(base) + Var(ablated) - 2 Cov``, and the
      positive covariance is what makes the paired design need far fewer games. The
      interval is ``mean(d) +- z * sd(d) / sqrt(n)`` on the per-game differences
      ``d = base - ablated`` (normal approximation; use a few hundred games or more).

    Parameters
    ----------
    base_wins, base_games : float or ndarray(float), or None
        Wins (draws as half) and games of the deck as built. May be None when ``paired``
        is given; if given, they must agree with it.
    ablated_wins, ablated_games : float or ndarray(float), or None
        The same for the deck with the card replaced.
    paired : (ndarray(float, shape=(..., n_games)), ndarray(float, shape=(..., n_games))), optional
        Per-game results 1 / 0.5 / 0 of the base and ablated decks on the same seeds; the
        last axis is games, leading axes (one per card, say) broadcast.
    z : float
        Normal quantile of the interval (1.96: 95%).

    Returns
    -------
    AblationImpact
        ``impact`` (positive: the card helps), ``ci_low``, ``ci_high``, ``se``, ``method``.
    """
    if paired is None:
        if base_wins is None or base_games is None or ablated_wins is None or ablated_games is None:
            raise ValueError("give the win and game counts of both runs, or paired outcomes")
        bw, bg = np.asarray(base_wins, dtype=float), np.asarray(base_games, dtype=float)
        aw, ag = np.asarray(ablated_wins, dtype=float), np.asarray(ablated_games, dtype=float)
        scalar = all(a.ndim == 0 for a in (bw, bg, aw, ag))
        with np.errstate(invalid="ignore", divide="ignore"):
            p_base, p_ablated = bw / bg, aw / ag
            impact = p_base - p_ablated
            se = np.sqrt(p_base * (1 - p_base) / bg + p_ablated * (1 - p_ablated) / ag)
        low, high = diff_interval(bw, bg, aw, ag, z=z)
        if scalar:
            return AblationImpact(float(impact), low, high, float(se), "newcombe")
        return AblationImpact(impact, low, high, se, "newcombe")

    base = np.asarray(paired[0], dtype=float)
    ablated = np.asarray(paired[1], dtype=float)
    if base.shape[-1] != ablated.shape[-1]:
        raise ValueError(
            f"paired outcomes need the same games (seeds) in both runs: "
            f"{base.shape[-1]} base games against {ablated.shape[-1]} ablated"
        )
    n_games = base.shape[-1]
    if n_games < 2:
        raise ValueError("a paired interval needs at least 2 games")
    for name, outcomes in (("base", base), ("ablated", ablated)):
        if not np.all(np.isin(outcomes, (0.0, 0.5, 1.0))):
            raise ValueError(f"{name} outcomes must be 1 (win), 0.5 (draw) or 0 (loss)")
    for name, wins, games, outcomes in (
        ("base", base_wins, base_games, base),
        ("ablated", ablated_wins, ablated_games, ablated),
    ):
        if games is not None and not np.all(np.asarray(games) == n_games):
            raise ValueError(f"{name}_games does not match the {n_games} paired games")
        if wins is not None and not np.allclose(wins, outcomes.sum(axis=-1)):
            raise ValueError(f"{name}_wins does not match the sum of the paired outcomes")
    difference = base - ablated
    impact = difference.mean(axis=-1)
    se = difference.std(axis=-1, ddof=1) / np.sqrt(n_games)
    low = np.clip(impact - z * se, -1.0, 1.0)
    high = np.clip(impact + z * se, -1.0, 1.0)
    if np.ndim(impact) == 0:
        return AblationImpact(float(impact), float(low), float(high), float(se), "paired")
    return AblationImpact(impact, low, high, se, "paired")


def play_stats(counters: pd.DataFrame) -> pd.DataFrame:
    """Play statistics per (deck, card): ``deck, card, played, fizzled`` (how often a copy was
    played, and played to no effect: negated, nothing to act on, a battle-bound card with no
    battle, a heal at full HP) and ``fizzle_rate``, most plays first. `counters` holds per-card
    counters (``deck, card, plays, fizzles``) of any number of runs."""
    stats = (
        counters.groupby(["deck", "card"], sort=False, observed=True)[["plays", "fizzles"]]
        .sum()
        .reset_index()
        .rename(columns={"plays": "played", "fizzles": "fizzled"})
    )
    stats["played"] = stats["played"].astype(int)
    stats["fizzled"] = stats["fizzled"].astype(int)
    stats["fizzle_rate"] = (stats["fizzled"] / stats["played"].where(stats["played"] > 0)).astype(float)
    return stats.sort_values(["played", "deck", "card"], ascending=[False, True, True], ignore_index=True)
