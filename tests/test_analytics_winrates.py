"""Deck win rates, matchups, first-player advantage and game length (wardsim.analytics.winrates)."""

import numpy as np
import pandas as pd
import pytest

from wardsim.analytics import (
    deck_summary,
    first_player_advantage,
    first_player_by_deck,
    matchup_matrix,
    wilson_interval,
    win_rate_by_length,
)

# winner: 0 = A, 1 = B, 2 = draw; first_player: 0 = A, 1 = B
HAND_TABLE = pd.DataFrame(
    [
        # deck_a,   deck_b,    winner, first, turns
        ("Dragons", "Undead", 0, 0, 10),  # g1 Dragons win, Dragons first
        ("Dragons", "Undead", 1, 1, 14),  # g2 Undead win, Undead first
        ("Undead", "Dragons", 0, 1, 22),  # g3 Undead win, Dragons first
        ("Undead", "Bleeders", 2, 0, 200),  # g4 draw at the turn cap, Undead first
        ("Bleeders", "Dragons", 1, 0, 8),  # g5 Dragons win, Bleeders first
        ("Dragons", "Dragons", 0, 0, 12),  # g6 mirror
    ],
    columns=["deck_a", "deck_b", "winner", "first_player", "turns"],
)


def synthetic_records(n_games, seed, decks=("Dragons", "Undead", "Bleeders", "Equipment")):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "deck_a": rng.choice(decks, n_games),
            "deck_b": rng.choice(decks, n_games),
            "winner": rng.choice([0, 1, 2], n_games, p=[0.47, 0.45, 0.08]),
            "first_player": rng.integers(0, 2, n_games),
            "turns": rng.integers(4, 60, n_games),
        }
    )


def test_deck_summary_counts_both_seats_and_leaves_mirrors_out():
    summary = deck_summary(HAND_TABLE)
    # Undead: g1 loss, g2 win, g3 win, g4 draw -> 2.5 / 4
    # Dragons: g1 win, g2 loss, g3 loss, g5 win (g6 mirror left out) -> 2 / 4
    # Bleeders: g4 draw, g5 loss -> 0.5 / 2
    assert list(summary.index) == ["Undead", "Dragons", "Bleeders"]
    expected = pd.DataFrame(
        {
            "games": [4, 4, 2],
            "wins": [2, 2, 0],
            "losses": [1, 2, 1],
            "draws": [1, 0, 1],
            "win_rate": [0.625, 0.5, 0.25],
            "mirror_games": [0, 1, 0],
        },
        index=pd.Index(["Undead", "Dragons", "Bleeders"], name="deck"),
    )
    pd.testing.assert_frame_equal(summary[expected.columns], expected)
    lo, hi = wilson_interval(2.5, 4)
    assert summary.loc["Undead", "ci_low"] == pytest.approx(lo)
    assert summary.loc["Undead", "ci_high"] == pytest.approx(hi)


def test_deck_summary_rejects_an_unknown_winner_code():
    bad = HAND_TABLE.assign(winner=[0, 1, 0, 3, 1, 0])
    with pytest.raises(ValueError, match="`winner` must be 0"):
        deck_summary(bad)
    with pytest.raises(ValueError, match="lack the column"):
        deck_summary(HAND_TABLE.drop(columns="turns"))


def test_matchup_matrix_by_hand():
    m = matchup_matrix(HAND_TABLE)
    assert list(m.decks) == ["Bleeders", "Dragons", "Undead"]
    # Dragons-Undead: g1 Dragons, g2 Undead, g3 Undead -> Dragons 1/3 in both seats together
    assert m.win_rate.loc["Dragons", "Undead"] == pytest.approx(1 / 3)
    assert m.win_rate.loc["Undead", "Dragons"] == pytest.approx(2 / 3)
    assert m.games.loc["Dragons", "Undead"] == m.games.loc["Undead", "Dragons"] == 3
    # Undead-Bleeders: one draw -> 0.5 each, 0 outright wins
    assert m.win_rate.loc["Undead", "Bleeders"] == 0.5
    assert m.wins.loc["Undead", "Bleeders"] == 0 and m.draws.loc["Undead", "Bleeders"] == 1
    # Dragons-Bleeders: g5, Dragons won from seat B
    assert m.win_rate.loc["Dragons", "Bleeders"] == 1.0
    assert m.win_rate.loc["Bleeders", "Dragons"] == 0.0
    # mirror: counted once, even by symmetry
    assert m.games.loc["Dragons", "Dragons"] == 1
    assert m.win_rate.loc["Dragons", "Dragons"] == 0.5
    lo, hi = wilson_interval(1, 3)
    assert (m.ci_low.loc["Dragons", "Undead"], m.ci_high.loc["Dragons", "Undead"]) == pytest.approx((lo, hi))


def test_matchup_matrix_rows_are_the_deck_and_columns_the_opponent():
    m = matchup_matrix(HAND_TABLE)
    frames = {"win_rate": m.win_rate, "ci_low": m.ci_low, "ci_high": m.ci_high, "games": m.games, "wins": m.wins}
    frames |= {"draws": m.draws, "scores": m.scores}
    for name, frame in frames.items():
        assert (frame.index.name, frame.columns.name) == ("deck", "opponent"), name
    assert m.decks.name == "deck"
    # the long form a notebook gets from stack() reads the same way
    long = m.win_rate.stack().reset_index(name="win_rate")
    row = long[(long["deck"] == "Dragons") & (long["opponent"] == "Undead")]
    assert row["win_rate"].tolist() == [pytest.approx(1 / 3)]


def test_matchup_matrix_pairs_that_never_met_are_missing_but_mirrors_are_even():
    m = matchup_matrix(HAND_TABLE)
    assert m.games.loc["Bleeders", "Bleeders"] == 0
    assert m.win_rate.loc["Bleeders", "Bleeders"] == 0.5
    two_decks = HAND_TABLE.iloc[[0, 4]]  # Dragons-Undead and Bleeders-Dragons only
    m = matchup_matrix(two_decks)
    assert np.isnan(m.win_rate.loc["Bleeders", "Undead"])
    assert m.games.loc["Bleeders", "Undead"] == 0
    assert (m.ci_low.loc["Bleeders", "Undead"], m.ci_high.loc["Bleeders", "Undead"]) == (0, 1)


def test_matchup_win_loss_and_draw_shares_add_to_one():
    m = matchup_matrix(synthetic_records(3000, seed=7))
    off_diagonal = ~np.eye(len(m.decks), dtype=bool)
    games = m.games.to_numpy()
    wins = m.wins.to_numpy()
    draws = m.draws.to_numpy()
    assert np.all(games[off_diagonal] > 0)
    np.testing.assert_array_equal(games, games.T)
    np.testing.assert_array_equal(draws, draws.T)
    # P(A beats B) + P(B beats A) + draw share = 1, for every pair
    total = (wins + wins.T + draws) / games
    np.testing.assert_allclose(total[off_diagonal], 1.0)
    # with draws as half a win the scores are complementary
    rate = m.win_rate.to_numpy()
    np.testing.assert_allclose((rate + rate.T)[off_diagonal], 1.0)
    np.testing.assert_allclose(np.diag(rate), 0.5)
    assert np.all(m.ci_low.to_numpy() <= rate) and np.all(rate <= m.ci_high.to_numpy())
    np.testing.assert_allclose(m.scores.to_numpy()[off_diagonal], (rate * games)[off_diagonal])


def test_first_player_advantage_by_hand():
    fpa = first_player_advantage(HAND_TABLE)
    # first player won g1, g2, g6; lost g3, g5; drew g4 -> 3.5 / 6
    assert (fpa.games, fpa.wins, fpa.losses, fpa.draws) == (6, 3, 2, 1)
    assert fpa.win_rate == pytest.approx(3.5 / 6)
    assert (fpa.ci_low, fpa.ci_high) == pytest.approx(wilson_interval(3.5, 6))


def test_first_player_advantage_recovers_a_synthetic_edge():
    n_games = 20_000
    rng = np.random.default_rng(11)
    first = rng.integers(0, 2, n_games)
    outcome = rng.choice(["first", "second", "draw"], n_games, p=[0.56, 0.40, 0.04])
    winner = np.where(outcome == "first", first, np.where(outcome == "second", 1 - first, 2))
    records = pd.DataFrame({"deck_a": "X", "deck_b": "Y", "winner": winner, "first_player": first, "turns": 20})
    fpa = first_player_advantage(records)
    true_score = 0.56 + 0.04 / 2
    score_variance = 0.56 + 0.04 / 4 - true_score**2
    assert abs(fpa.win_rate - true_score) < 5 * np.sqrt(score_variance / n_games)
    assert fpa.ci_low > 0.5  # a 6-point edge over 20,000 games is not noise


def test_win_rate_by_length_for_the_first_player_by_hand():
    table = win_rate_by_length(HAND_TABLE, bins=[0, 10, 20, 300], by="first_player")
    # (0, 10]: g1 win, g5 loss; (10, 20]: g2 win, g6 win; (20, 300]: g3 loss, g4 draw
    assert list(table["games"]) == [2, 2, 2]
    np.testing.assert_allclose(table["win_rate"], [0.5, 1.0, 0.25])


def test_win_rate_by_length_per_deck_by_hand():
    table = win_rate_by_length(HAND_TABLE, bins=[0, 10, 20, 300])
    dragons = table.loc["Dragons"]
    # g1 (10 turns) and g5 (8) won; g2 (14) lost; g3 (22) lost; the g6 mirror left out
    assert list(dragons["games"]) == [2, 1, 1]
    np.testing.assert_allclose(dragons["win_rate"], [1.0, 0.0, 0.0])
    bleeders = table.loc["Bleeders"]
    assert list(bleeders["games"]) == [1, 0, 1]
    assert np.isnan(bleeders["win_rate"].iloc[1])


def test_win_rate_by_length_bins_partition_the_games():
    records = synthetic_records(2000, seed=3)
    table = win_rate_by_length(records, bins=5)
    summary = deck_summary(records)
    per_deck = table.groupby(level="deck")[["games", "wins", "draws"]].sum()
    pd.testing.assert_frame_equal(per_deck, summary.loc[per_deck.index, ["games", "wins", "draws"]])
    with pytest.raises(ValueError, match="`by` must be"):
        win_rate_by_length(records, bins=5, by="card")


def test_first_player_by_deck_by_hand():
    table = first_player_by_deck(HAND_TABLE)
    # Dragons: first in g1 (won) and g3 (lost); second in g2 (lost) and g5 (won)
    assert table.loc[("Dragons", "first"), ["games", "wins", "losses"]].tolist() == [2, 1, 1]
    assert table.loc[("Dragons", "second"), ["games", "wins", "losses"]].tolist() == [2, 1, 1]
    # Undead: first in g2 (won) and g4 (drawn); second in g1 (lost) and g3 (won)
    assert table.loc[("Undead", "first"), "win_rate"] == pytest.approx(0.75)
    assert table.loc[("Undead", "second"), "win_rate"] == pytest.approx(0.5)
    # Bleeders: first in g5 (lost), second in g4 (drawn)
    assert table.loc[("Bleeders", "first"), "win_rate"] == 0.0
    assert table.loc[("Bleeders", "second"), "win_rate"] == pytest.approx(0.5)
    # every game but the mirror has one deck on the play and one on the draw
    assert table.xs("first", level="order")["games"].sum() == 5
    assert table.xs("second", level="order")["games"].sum() == 5
