"""The ladder's statistics: Bradley-Terry strengths of policies, Elo, and bootstrap intervals."""

import numpy as np
import pandas as pd
import pytest

from wardsim.analytics.ladder import (
    CELL_COLUMNS,
    bootstrap_scores,
    elo,
    fit_strengths,
    ladder_table,
    policy_matchups,
    score_matrix,
)


def cell(policy_a, policy_b, wins_a, wins_b, draws=0, deck_a="d", deck_b="d"):
    return {
        "policy_a": policy_a,
        "policy_b": policy_b,
        "deck_a": deck_a,
        "deck_b": deck_b,
        "games": wins_a + wins_b + draws,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
    }


def synthetic_cells(strengths, games, n_decks, rng, gap_by_pairing=None):
    """Cells of a ladder drawn from known strengths: every ordered deck pairing, every ordered
    pair of policies, `games` games each; `gap_by_pairing` scales the log-strengths per pairing."""
    names = list(strengths)
    log_s = np.log(np.array([strengths[n] for n in names]))
    rows = []
    for pairing in range(n_decks * n_decks):
        scale = 1.0 if gap_by_pairing is None else gap_by_pairing[pairing]
        s = np.exp(scale * log_s)
        deck_a, deck_b = divmod(pairing, n_decks)
        for i, x in enumerate(names):
            for j, y in enumerate(names):
                if i != j:
                    wins = int(rng.binomial(games, s[i] / (s[i] + s[j])))
                    rows.append(cell(x, y, wins, games - wins, deck_a=f"deck{deck_a}", deck_b=f"deck{deck_b}"))
    return pd.DataFrame(rows, columns=list(CELL_COLUMNS))


def test_two_policies_strength_ratio_is_the_odds_of_the_win_rate():
    # X scores 60 wins + 20 draws of 100 against Y, over both seats: p = 0.7, odds 7:3
    cells = pd.DataFrame([cell("X", "Y", 35, 5, 10), cell("Y", "X", 15, 25, 10)])
    table = ladder_table(cells, prior=0.0, replicates=0)
    assert list(table.index) == ["X", "Y"]
    assert table.loc["X", "strength"] / table.loc["Y", "strength"] == pytest.approx(7 / 3, rel=1e-8)
    assert table.loc["X", "strength"] * table.loc["Y", "strength"] == pytest.approx(1.0)  # geometric mean 1
    assert table.loc["X", "elo"] - table.loc["Y", "elo"] == pytest.approx(400 * np.log10(7 / 3), rel=1e-8)
    assert table["elo"].mean() == pytest.approx(1500.0)
    assert table.loc["X", "elo_gap"] == pytest.approx(400 * np.log10(7 / 3)) and np.isnan(table.loc["Y", "elo_gap"])
    assert table.loc["X", "win_rate"] == pytest.approx(0.7)
    assert (table.loc["X", ["games", "wins", "draws", "losses"]] == [100, 60, 20, 20]).all()
    # one pair of policies: the Fisher standard error of log(s_X / s_Y) is 1 / sqrt(n p (1 - p)),
    # split equally between the two mean-zero log-strengths
    assert table.loc["X", "log_strength_se"] == pytest.approx(0.5 / np.sqrt(100 * 0.7 * 0.3))


def test_draws_alone_make_equal_strengths():
    cells = pd.DataFrame([cell("X", "Y", 0, 0, 40), cell("Y", "X", 0, 0, 40)])
    table = ladder_table(cells, replicates=200)
    assert table["strength"].to_numpy() == pytest.approx([1.0, 1.0])
    assert table["elo"].to_numpy() == pytest.approx([1500.0, 1500.0])
    assert table["win_rate"].to_numpy() == pytest.approx([0.5, 0.5])


def test_ladder_recovers_known_strengths_within_five_standard_errors():
    rng = np.random.default_rng(2004)
    truth = {"random": 0.05, "greedy": 1.0, "heuristic": 1.6, "search": 3.0}
    cells = synthetic_cells(truth, games=40, n_decks=4, rng=rng)
    table = ladder_table(cells, resample="games", replicates=1000, seed=1, prior=0.0)
    log_truth = np.log(pd.Series(truth))
    log_truth -= log_truth.mean()
    error = np.log(table["strength"]) - log_truth.reindex(table.index)
    assert (error.abs() < 4.5 * table["log_strength_se"]).all(), error / table["log_strength_se"]
    assert list(table.index) == ["search", "heuristic", "greedy", "random"]
    # resampling games treats them as independent, as the Fisher information does: the same width
    half_width = (np.log(table["strength_ci_high"]) - np.log(table["strength_ci_low"])) / 2
    ratio = half_width / (1.96 * table["log_strength_se"])
    assert ((ratio > 0.8) & (ratio < 1.25)).all(), ratio


def _log_width(table):
    return np.log(table["strength_ci_high"]) - np.log(table["strength_ci_low"])


def test_resampling_pairings_widens_the_intervals_when_the_decks_change_the_gap():
    rng = np.random.default_rng(7)
    truth = {"a": 0.5, "b": 1.0, "c": 2.0}
    steady = synthetic_cells(truth, games=100, n_decks=5, rng=rng)
    by_games = ladder_table(steady, resample="games", replicates=1000, seed=3)
    by_pairings = ladder_table(steady, resample="pairings", replicates=1000, seed=3)
    # games independent of their pairing: both bootstraps measure the same noise
    assert ((_log_width(by_pairings) / _log_width(by_games)).between(0.7, 1.4)).all()
    # the gap between the policies depends on the decks: games on one pairing are correlated
    gaps = rng.uniform(0.0, 2.0, size=25)
    varied = synthetic_cells(truth, games=100, n_decks=5, rng=rng, gap_by_pairing=gaps)
    by_games = ladder_table(varied, resample="games", replicates=1000, seed=3)
    by_pairings = ladder_table(varied, resample="pairings", replicates=1000, seed=3)
    # (the middle policy's strength, near 1 on every pairing, hardly moves with the gap)
    assert (_log_width(by_pairings) > 2 * _log_width(by_games))[["a", "c"]].all()


def test_the_bootstrap_is_decided_by_its_seed():
    cells = synthetic_cells({"a": 1.0, "b": 2.0, "c": 0.5}, games=20, n_decks=3, rng=np.random.default_rng(1))
    for resample in ("pairings", "games"):
        first = bootstrap_scores(cells, resample=resample, replicates=50, seed=11)
        assert first.shape == (50, 3, 3)
        np.testing.assert_array_equal(first, bootstrap_scores(cells, resample=resample, replicates=50, seed=11))
        assert not np.array_equal(first, bootstrap_scores(cells, resample=resample, replicates=50, seed=12))
        # every replicate keeps the games between each two policies (a pairing holds all of them here)
        games = first + np.swapaxes(first, 1, 2)
        assert np.allclose(games, games[0])


def test_an_unbeaten_policy_needs_the_prior():
    cells = pd.DataFrame([cell("X", "Y", 10, 0), cell("Y", "X", 0, 10), cell("X", "Z", 3, 0), cell("Y", "Z", 2, 2)])
    with pytest.raises(ValueError, match="unbounded"):
        fit_strengths(score_matrix(cells).to_numpy(), prior=0.0)
    table = ladder_table(cells, replicates=100)
    assert np.isfinite(table["strength"]).all() and table.index[0] == "X"


def test_score_matrix_and_matchups_by_hand():
    cells = pd.DataFrame(
        [cell("X", "Y", 6, 3, 1), cell("Y", "X", 2, 7, 1), cell("X", "Z", 4, 4, 2), cell("Z", "X", 5, 5, 0)]
    )
    scores = score_matrix(cells, ["X", "Y", "Z"])
    assert scores.loc["X", "Y"] == 6 + 7 + 1  # its wins in both seats, draws half
    assert scores.loc["Y", "X"] == 3 + 2 + 1
    assert scores.loc["X", "Z"] == 4 + 1 + 5 and scores.loc["Z", "X"] == 4 + 1 + 5
    assert scores.loc["Y", "Z"] == 0 and np.all(np.diag(scores) == 0)
    rows = policy_matchups(cells, ["X", "Y", "Z"]).set_index(["policy", "opponent"])
    assert rows.loc[("X", "Y"), ["games", "wins", "losses", "draws"]].tolist() == [20, 13, 5, 2]
    assert rows.loc[("Y", "X"), "win_rate"] == pytest.approx(6 / 20)
    assert rows.loc[("X", "Y"), "ci_low"] < 0.7 < rows.loc[("X", "Y"), "ci_high"]


def test_elo_is_400_log10_of_the_strength_around_1500():
    assert elo(1.0) == 1500.0
    assert elo(10.0) - elo(1.0) == pytest.approx(400.0)


def test_cells_that_do_not_add_up_are_refused():
    bad = pd.DataFrame([cell("X", "Y", 3, 3)]).assign(games=7)
    with pytest.raises(ValueError, match="wins_a \\+ wins_b \\+ draws = games"):
        ladder_table(bad)
    with pytest.raises(ValueError, match="against itself"):
        ladder_table(pd.DataFrame([cell("X", "X", 3, 3)]))
    with pytest.raises(ValueError, match="resample"):
        bootstrap_scores(pd.DataFrame([cell("X", "Y", 3, 3)]), resample="decks")
