"""Charts of a tournament's results: one function per chart, each returning a Figure.

Figures are built on matplotlib's Agg canvas directly, not through pyplot, so they hold no
global state, never open a window, and can be made in worker processes and tests; in
Jupyter (``%matplotlib inline``) a returned Figure displays as it is. Save one with
``fig.savefig("chart.png")``. The numbers come from :mod:`wardsim.analytics`; these
functions only draw them.

Win rates count draws as half a win and carry Wilson 95% intervals, as everywhere in the
analytics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from wardsim.analytics.balance import NOT_MODELED
from wardsim.analytics.meta import NashEquilibrium
from wardsim.analytics.winrates import (
    MatchupMatrix,
    first_player_advantage,
    first_player_by_deck,
    win_rate_by_length,
)

FLAG_COLOR = "#b3261e"  # cards whose effect the simulator does not fully play
NEUTRAL = 0.5
MIN_BIN_GAMES = 20  # a length bin with fewer games of a deck is left out of its line

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _figure(width: float, height: float) -> Figure:
    # imported where used: a command that draws no chart does not pay matplotlib's import (start-up)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)  # Agg, whatever backend the session has chosen
    return fig


def _percent_axis(axis) -> None:
    axis.set_major_formatter(lambda value, _: f"{value * 100:.0f}%")


def matchup_heatmap(matchups: MatchupMatrix, order: Sequence[str] | None = None) -> Figure:
    """Win rate of the row deck against the column deck, each cell with its 95% interval.

    Parameters
    ----------
    matchups : MatchupMatrix
        From :func:`wardsim.analytics.matchup_matrix`.
    order : sequence of str, optional
        Deck order of rows and columns (default: by mean win rate, best first).

    Returns
    -------
    Figure
        Blue where the row deck is favoured, red where it is not; cells read
        ``win% / low-high``. The diagonal (mirrors) is blank.
    """
    rates = matchups.win_rate
    if order is None:
        off_diagonal = rates.where(~np.eye(len(rates), dtype=bool))
        order = list(off_diagonal.mean(axis=1).sort_values(ascending=False, kind="stable").index)
    order = list(order)
    rates = rates.loc[order, order]
    low = matchups.ci_low.loc[order, order]
    high = matchups.ci_high.loc[order, order]
    n = len(order)
    size = max(4.0, 0.95 * n + 2.0)
    fig = _figure(size + 1.2, size)
    ax = fig.add_subplot()
    shown = rates.to_numpy(dtype=float).copy()
    np.fill_diagonal(shown, np.nan)
    from matplotlib.colors import TwoSlopeNorm

    image = ax.imshow(shown, cmap="RdBu", norm=TwoSlopeNorm(vcenter=NEUTRAL, vmin=0.0, vmax=1.0))
    for i in range(n):
        for j in range(n):
            if i == j or np.isnan(shown[i, j]):
                continue
            value = shown[i, j]
            color = "white" if abs(value - NEUTRAL) > 0.3 else "black"
            ax.text(
                j,
                i,
                f"{value * 100:.0f}%\n{low.iat[i, j] * 100:.0f}-{high.iat[i, j] * 100:.0f}",
                ha="center",
                va="center",
                fontsize=8,
                color=color,
            )
    ax.set_xticks(range(n), order, rotation=45, ha="right")
    ax.set_yticks(range(n), order)
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    ax.set_title("Win rate of the row deck against the column deck (95% interval)")
    bar = fig.colorbar(image, ax=ax, shrink=0.8)
    _percent_axis(bar.ax.yaxis)
    return fig


def card_impact(table: pd.DataFrame, metric: str = "impact", top: int = 30) -> Figure:
    """The cards with the largest effect on their deck's win rate, with 95% intervals.

    Parameters
    ----------
    table : DataFrame
        One row per card or per (deck, card): ``card``, optionally ``deck`` and
        ``effect_status``, and ``<metric>, <metric>_ci_low, <metric>_ci_high``.
    metric : str
        ``"impact"`` (ablation: win rate with the card minus with a filler in its place) or
        ``"iwd"`` (improvement when drawn).
    top : int
        How many rows to show: those with the largest absolute value.

    Returns
    -------
    Figure
        One horizontal bar per row, in percentage points, with its interval as an error
        bar. Cards whose effect is partial or unmodeled are drawn and labelled in red with
        their status.
    """
    needed = [metric, f"{metric}_ci_low", f"{metric}_ci_high"]
    missing = [c for c in ["card", *needed] if c not in table.columns]
    if missing:
        raise ValueError(f"the card table lacks the column(s) {', '.join(missing)}")
    rows = table.dropna(subset=[metric])
    rows = rows.loc[rows[metric].abs().sort_values(ascending=False, kind="stable").index[:top]]
    rows = rows.sort_values(metric, kind="stable")
    status = rows["effect_status"] if "effect_status" in rows else pd.Series("", index=rows.index)
    flagged = status.isin(NOT_MODELED).to_numpy()
    labels = [
        f"{card} ({deck})" if deck else str(card)
        for card, deck in zip(rows["card"], rows["deck"] if "deck" in rows else [""] * len(rows), strict=True)
    ]
    labels = [f"{label} [{s}]" if flag else label for label, s, flag in zip(labels, status, flagged, strict=True)]
    value = rows[metric].to_numpy(dtype=float) * 100
    low = rows[f"{metric}_ci_low"].to_numpy(dtype=float) * 100
    high = rows[f"{metric}_ci_high"].to_numpy(dtype=float) * 100
    fig = _figure(9.0, max(3.0, 0.28 * len(rows) + 1.5))
    ax = fig.add_subplot()
    y = np.arange(len(rows))
    colors = np.where(flagged, FLAG_COLOR, np.where(value >= 0, "#2b6cb0", "#c05621"))
    ax.barh(y, value, color=colors, alpha=0.75)
    ax.errorbar(value, y, xerr=[value - low, high - value], fmt="none", ecolor="black", elinewidth=1, capsize=2)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(y, labels, fontsize=8)
    for tick, flag in zip(ax.get_yticklabels(), flagged, strict=True):
        if flag:
            tick.set_color(FLAG_COLOR)
    what = {
        "impact": "Ablation impact: win rate with the card minus with a filler",
        "iwd": "IWD: win rate when drawn minus when not seen",
    }.get(metric, metric)
    ax.set_xlabel(f"{what} (percentage points, 95% interval)")
    name = {"impact": "ablation impact", "iwd": "IWD"}.get(metric, metric)
    ax.set_title(f"The {len(rows)} cards with the largest {name} (of {len(table)})")
    return fig


def length_bins(turns: pd.Series | np.ndarray, n_bins: int = 6) -> list[float]:
    """Bin edges of game length with about the same number of games in each bin."""
    values = np.asarray(turns, dtype=float)
    if len(values) == 0:
        raise ValueError("no games to bin")
    edges = np.unique(np.round(np.quantile(values, np.linspace(0.0, 1.0, n_bins + 1))))
    if len(edges) < 2:  # every game lasted the same number of turns
        edges = np.array([edges[0] - 0.5, edges[0] + 0.5])
    return [float(e) for e in edges]


def win_rate_by_game_length(records: pd.DataFrame, bins: int | Sequence[float] | None = None) -> Figure:
    """Each deck's win rate in short and long games, with 95% bands.

    Parameters
    ----------
    records : DataFrame
        Per-game records (``deck_a, deck_b, winner, first_player, turns``).
    bins : int or sequence of float, optional
        Game-length bins for :func:`wardsim.analytics.win_rate_by_length` (default: six
        bins with about as many games each, see :func:`length_bins`).

    Returns
    -------
    Figure
        One line per deck over the bins' mid-points; points from fewer than 20 games are
        left out. The dotted line is the first player's win rate.
    """
    edges = length_bins(records["turns"]) if bins is None else bins
    table = win_rate_by_length(records, edges, by="deck").reset_index()
    first = win_rate_by_length(records, edges, by="first_player").reset_index()
    fig = _figure(9.0, 5.0)
    ax = fig.add_subplot()
    for deck, rows in table.groupby("deck", sort=True):
        rows = rows[rows["games"] >= MIN_BIN_GAMES]
        mid = [interval.mid for interval in rows["turns"]]
        line = ax.plot(mid, rows["win_rate"], marker="o", label=str(deck))[0]
        ax.fill_between(mid, rows["ci_low"], rows["ci_high"], color=line.get_color(), alpha=0.12)
    first = first[first["games"] >= MIN_BIN_GAMES]
    ax.plot([i.mid for i in first["turns"]], first["win_rate"], color="black", linestyle=":", label="first player")
    ax.axhline(NEUTRAL, color="grey", linewidth=0.8)
    ax.set_ylim(0, 1)
    _percent_axis(ax.yaxis)
    ax.set_xlabel("game length (turns; bins of about equal games)")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by game length")
    ax.legend(fontsize=8, ncols=2, loc="best")
    return fig


def first_player(records: pd.DataFrame) -> Figure:
    """Win rate of the first player, overall and for each deck on the play and on the draw.

    Parameters
    ----------
    records : DataFrame
        Per-game records (``deck_a, deck_b, winner, first_player, turns``).

    Returns
    -------
    Figure
        Bars with 95% error bars: each deck's win rate when it went first and when it went
        second (mirrors left out), and the pooled first-player win rate of every game.
    """
    overall = first_player_advantage(records)
    by_deck = first_player_by_deck(records).reset_index()
    decks = sorted(by_deck["deck"].unique())
    fig = _figure(max(6.0, 0.9 * len(decks) + 3.0), 4.5)
    ax = fig.add_subplot()
    width = 0.4
    x = np.arange(len(decks))
    for offset, order, color in ((-width / 2, "first", "#2b6cb0"), (width / 2, "second", "#c05621")):
        rows = by_deck[by_deck["order"] == order].set_index("deck").reindex(decks)
        rate = rows["win_rate"].to_numpy(dtype=float)
        ax.bar(x + offset, rate, width, color=color, alpha=0.8, label=f"went {order}")
        ax.errorbar(
            x + offset,
            rate,
            yerr=[rate - rows["ci_low"], rows["ci_high"] - rate],
            fmt="none",
            ecolor="black",
            elinewidth=1,
            capsize=2,
        )
    ax.axhline(
        overall["win_rate"],
        color="black",
        linestyle=":",
        label=f"first player, all games: {overall['win_rate'] * 100:.1f}% "
        f"({overall['ci_low'] * 100:.1f}-{overall['ci_high'] * 100:.1f})",
    )
    ax.axhline(NEUTRAL, color="grey", linewidth=0.8)
    ax.set_xticks(x, decks, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    _percent_axis(ax.yaxis)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("First-player advantage")
    fig.legend(fontsize=8, loc="outside lower center", ncols=3)
    return fig


def nash_shares(nash: NashEquilibrium, strengths: pd.Series | None = None) -> Figure:
    """Deck shares at the Nash equilibrium of deck choice, beside Bradley-Terry strengths.

    Parameters
    ----------
    nash : NashEquilibrium
        From :func:`wardsim.analytics.nash_equilibrium` on a labelled matrix.
    strengths : Series, optional
        Bradley-Terry strengths by deck (:func:`wardsim.analytics.bradley_terry`), drawn as a
        second panel on a log scale.

    Returns
    -------
    Figure
        The share of each deck a well-informed field would bring (decks outside the support
        at 0), best first.
    """
    shares = pd.Series(nash.strategy, dtype=float)
    # decks outside the support tie at 0: order those by strength when it is known
    tie_break = strengths.reindex(shares.index) if strengths is not None else pd.Series(0.0, index=shares.index)
    order = np.lexsort((-tie_break.to_numpy(dtype=float), -shares.to_numpy()))
    shares = shares.iloc[order]
    panels = 2 if strengths is not None else 1
    fig = _figure(5.0 * panels + 1.0, max(3.5, 0.35 * len(shares) + 1.5))
    ax = fig.add_subplot(1, panels, 1)
    y = np.arange(len(shares))[::-1]
    ax.barh(y, shares.to_numpy(), color="#2b6cb0", alpha=0.8)
    for yi, share in zip(y, shares.to_numpy(), strict=True):
        ax.text(share + 0.01, yi, f"{share * 100:.0f}%", va="center", fontsize=8)
    ax.set_yticks(y, [str(d) for d in shares.index])
    ax.set_xlim(0, float(shares.max()) + 0.15)
    _percent_axis(ax.xaxis)
    ax.set_xlabel("share of the field")
    ax.set_title("Nash equilibrium of deck choice")
    if strengths is not None:
        ax2 = fig.add_subplot(1, panels, 2)
        ordered = strengths.reindex(shares.index)
        values = ordered.to_numpy(dtype=float)
        # bars grow from 1 (an average deck) to each strength, leftward for the weaker decks
        ax2.barh(y, values - 1.0, left=1.0, color=np.where(values >= 1.0, "#2b6cb0", "#c05621"), alpha=0.8)
        ax2.set_xscale("log")
        ax2.axvline(1.0, color="grey", linewidth=0.8)
        ax2.set_yticks(y, [str(d) for d in shares.index])
        ax2.set_xlabel("strength (geometric mean 1)")
        ax2.set_title("Bradley-Terry strength")
    return fig


def boss_sweep(sweep: pd.DataFrame, boss: str) -> Figure:
    """The party's win rate against a boss's HP, one line per party size.

    Parameters
    ----------
    sweep : DataFrame
        `wardsim.raids.sweep_boss`: one row per (hp, players) with ``win_rate, ci_low, ci_high``.
    boss : str
        The boss's name, for the title.

    Returns
    -------
    Figure
        A line per party size with its 95% band, and the 50% line.
    """
    fig = _figure(7.0, 4.5)
    ax = fig.add_subplot()
    for k, rows in sweep.groupby("players"):
        rows = rows.sort_values("hp")
        line = ax.plot(rows["hp"], rows["win_rate"], marker="o", label=f"{k} player{'s' if k != 1 else ''}")[0]
        ax.fill_between(rows["hp"], rows["ci_low"], rows["ci_high"], color=line.get_color(), alpha=0.15)
    ax.axhline(NEUTRAL, color="grey", linewidth=0.8)
    ax.set_ylim(0, 1)
    _percent_axis(ax.yaxis)
    ax.set_xlabel("boss HP")
    ax.set_ylabel("party win rate (95% interval)")
    ax.set_title(f"{boss}: the party's win rate")
    ax.legend(fontsize=8)
    return fig
