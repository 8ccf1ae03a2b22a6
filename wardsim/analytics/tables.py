"""Analytics of games of more than two players: one row per (game, player).

`player_rows` turns a run's records (`wardsim.multiplayer.TableResult.frame`, or several runs'
concatenated) into the long frame the rest reads: ``pod, game, deck, player, team, seat,
place, won, draw, players, teams, out_turn, cemetery``. A player *won* when their team won; a draw is nobody's
win (`draw` marks it). Intervals are Wilson 95%.

- `table_standings`: each deck's games, wins and win rate, and its win rate over its fair share
  (1 over the teams at its tables, counted game by game);
- `place_advantage`: the win rate by place in the turn order (place 1 went first), against
  the fair share;
- `team_pairs`: in team games, the win rate of each pair of decks that played on one team.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import wilson_interval

PLAYER_FIELDS = ("seat", "first_turn", "cemetery", "out_turn")


def player_rows(frame: pd.DataFrame, decks: list[str], teams: list[int], pod: int = 0) -> pd.DataFrame:
    """The long frame of one run: its records `frame` (one row per game, the columns of
    `wardsim.multiplayer.record_columns`), its `decks` and `teams` in player order."""
    n_teams = max(teams) + 1
    first = np.stack([frame[f"first_turn_{k}"].to_numpy() for k in range(len(decks))], axis=1)
    order = np.argsort(np.where(first < 0, np.iinfo(np.int64).max, first), axis=1, kind="stable")
    place = np.empty_like(order)
    np.put_along_axis(place, order, np.arange(len(decks))[None, :].repeat(len(frame), axis=0), axis=1)
    rows = []
    for k, (deck, team) in enumerate(zip(decks, teams, strict=True)):
        rows.append(
            pd.DataFrame(
                {
                    "pod": pod,
                    "game": frame["game"].to_numpy(),
                    "deck": deck,
                    "player": k,
                    "team": team,
                    "seat": frame[f"seat_{k}"].to_numpy(),
                    "place": place[:, k] + 1,
                    "won": frame["winner"].to_numpy() == team,
                    "draw": frame["winner"].to_numpy() == n_teams,
                    "players": len(decks),
                    "teams": n_teams,
                    "out_turn": frame[f"out_turn_{k}"].to_numpy(),
                    "cemetery": frame[f"cemetery_{k}"].to_numpy(),
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def _rates(wins: pd.Series, games: pd.Series) -> pd.DataFrame:
    lo, hi = wilson_interval(wins.to_numpy(), games.to_numpy())
    return pd.DataFrame({"win_rate": wins / games, "ci_low": lo, "ci_high": hi}, index=wins.index)


def table_standings(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per deck, best first: ``games, wins, win_rate, ci_low, ci_high, fair_share``
    (the mean of 1 / teams at its tables: 1 / players in free-for-all) and ``strength`` (win rate over fair share: 1 is
    even at its tables)."""
    grouped = rows.groupby("deck", observed=True)
    out = pd.DataFrame({"games": grouped.size(), "wins": grouped["won"].sum().astype(int)})
    out = out.join(_rates(out["wins"], out["games"]))
    out["fair_share"] = grouped["teams"].apply(lambda t: float(np.mean(1.0 / t)))
    out["strength"] = out["win_rate"] / out["fair_share"]
    return out.sort_values("win_rate", ascending=False)


def place_advantage(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per (players at the table, place in the turn order): ``games, wins, win_rate,
    ci_low, ci_high, fair_share`` (1 / teams: a team's win is each of its players')."""
    grouped = rows.groupby(["players", "place"])
    out = pd.DataFrame({"games": grouped.size(), "wins": grouped["won"].sum().astype(int)})
    out = out.join(_rates(out["wins"], out["games"]))
    out["fair_share"] = grouped["teams"].apply(lambda t: float(np.mean(1.0 / t)))
    return out


def team_pairs(rows: pd.DataFrame) -> pd.DataFrame:
    """Team games: one row per pair of decks that played on one team (names in order), best
    first: ``games, wins, win_rate, ci_low, ci_high`` of that team."""
    keys = ["pod", "game", "team"]
    side = rows[[*keys, "player", "deck", "won"]].assign(deck=lambda f: f["deck"].astype(str))
    both = side.merge(side, on=keys, suffixes=("_x", "_y"))
    both = both[both["player_x"] < both["player_y"]]
    pairs = pd.DataFrame(
        {
            "deck_a": np.minimum(both["deck_x"], both["deck_y"]),
            "deck_b": np.maximum(both["deck_x"], both["deck_y"]),
            "won": both["won_x"],
        }
    ).groupby(["deck_a", "deck_b"])
    out = pd.DataFrame({"games": pairs.size(), "wins": pairs["won"].sum().astype(int)})
    return out.join(_rates(out["wins"], out["games"])).sort_values("win_rate", ascending=False)
