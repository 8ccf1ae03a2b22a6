"""Field win rate, Bradley-Terry strengths and the Nash meta (wardsim.analytics.meta)."""

import numpy as np
import pandas as pd
import pytest

from wardsim.analytics import bradley_terry, field_win_rate, matchup_matrix, nash_equilibrium

ROCK_PAPER_SCISSORS = np.array(
    [
        [0.5, 0.0, 1.0],  # rock loses to paper, beats scissors
        [1.0, 0.5, 0.0],
        [0.0, 1.0, 0.5],
    ]
)


def test_field_win_rate_by_hand():
    matrix = np.array(
        [
            [0.5, 0.6, 0.3],
            [0.4, 0.5, 0.8],
            [0.7, 0.2, 0.5],
        ]
    )
    shares = np.array([5, 3, 2])  # normalised to 0.5, 0.3, 0.2
    # deck 0: 0.5*0.5 + 0.6*0.3 + 0.3*0.2 = 0.25 + 0.18 + 0.06 = 0.49
    # deck 1: 0.4*0.5 + 0.5*0.3 + 0.8*0.2 = 0.20 + 0.15 + 0.16 = 0.51
    # deck 2: 0.7*0.5 + 0.2*0.3 + 0.5*0.2 = 0.35 + 0.06 + 0.10 = 0.51
    np.testing.assert_allclose(field_win_rate(matrix, shares), [0.49, 0.51, 0.51])


def test_field_win_rate_with_named_decks_and_part_of_the_field():
    decks = ["Bleeders", "Dragons", "Undead"]
    matrix = pd.DataFrame([[0.5, 0.6, np.nan], [0.4, 0.5, 0.8], [np.nan, 0.2, 0.5]], decks, decks)
    # a field of Dragons and Bleeders only: the never-played Bleeders-Undead pair has no weight
    result = field_win_rate(matrix, {"Dragons": 3, "Bleeders": 1})
    # Bleeders: 0.5*0.25 + 0.6*0.75 = 0.575; Dragons: 0.4*0.25 + 0.5*0.75 = 0.475;
    # Undead: NaN (vs Bleeders unknown)
    assert result["Bleeders"] == pytest.approx(0.575)
    assert result["Dragons"] == pytest.approx(0.475)
    assert np.isnan(result["Undead"])
    with pytest.raises(ValueError, match="not in the matrix"):
        field_win_rate(matrix, {"Elves": 1})


def test_rock_paper_scissors_has_an_even_mix_worth_one_half():
    nash = nash_equilibrium(ROCK_PAPER_SCISSORS)
    np.testing.assert_allclose(nash.strategy, [1 / 3] * 3, atol=1e-9)
    assert nash.value == pytest.approx(0.5, abs=1e-9)
    assert nash.support == [0, 1, 2]


def test_a_dominant_deck_is_a_pure_strategy():
    decks = ["Bleeders", "Dragons", "Undead"]
    payoff = pd.DataFrame(
        [
            [0.5, 0.3, 0.6],
            [0.7, 0.5, 0.55],  # Dragons beat everything
            [0.4, 0.45, 0.5],
        ],
        decks,
        decks,
    )
    nash = nash_equilibrium(payoff)
    assert nash.support == ["Dragons"]
    assert nash.strategy["Dragons"] == pytest.approx(1.0)
    assert nash.value == pytest.approx(0.5, abs=1e-9)


def test_a_dominated_deck_is_left_out_of_the_support():
    # lopsided rock-paper-scissors plus a fourth deck that every mix of the three beats
    payoff = np.array(
        [
            [0.5, 0.35, 0.7, 0.55],
            [0.65, 0.5, 0.4, 0.7],
            [0.3, 0.6, 0.5, 0.7],
            [0.45, 0.3, 0.3, 0.5],
        ]
    )
    nash = nash_equilibrium(payoff)
    assert nash.support == [0, 1, 2]
    assert nash.strategy[3] < 1e-9
    assert nash.strategy.sum() == pytest.approx(1.0)
    # equilibrium: no deck does better than even against the mix, the support exactly even
    against_mix = payoff @ nash.strategy
    assert np.all(against_mix <= 0.5 + 1e-9)
    np.testing.assert_allclose(against_mix[:3], 0.5, atol=1e-9)
    assert against_mix[3] < 0.5
    # by hand: with margins m = payoff - 0.5, each of R, P, S must score 0 against the mix:
    #   vs R: 0.15 x_P - 0.20 x_S = 0;  vs P: -0.15 x_R + 0.10 x_S = 0
    #   -> x_R : x_P : x_S = 2/3 : 4/3 : 1 = 2 : 4 : 3
    # and deck 3 scores 0.45*2/9 + 0.3*4/9 + 0.3*3/9 = 1/3 against it
    np.testing.assert_allclose(nash.strategy, [2 / 9, 4 / 9, 3 / 9, 0.0], atol=1e-9)
    assert against_mix[3] == pytest.approx(1 / 3)


def test_nash_equilibrium_needs_every_matchup():
    payoff = ROCK_PAPER_SCISSORS.copy()
    payoff[0, 1] = np.nan
    with pytest.raises(ValueError, match="missing matchups"):
        nash_equilibrium(payoff)


def test_nash_equilibrium_reads_a_matchup_matrix_from_records():
    records = pd.DataFrame(
        {
            "deck_a": ["Rock", "Paper", "Scissors"] * 2,
            "deck_b": ["Scissors", "Rock", "Paper"] * 2,
            "winner": [0] * 6,
            "first_player": [0, 1] * 3,
            "turns": 10,
        }
    )
    nash = nash_equilibrium(matchup_matrix(records))
    assert sorted(nash.support) == ["Paper", "Rock", "Scissors"]
    np.testing.assert_allclose(nash.strategy.to_numpy(), 1 / 3, atol=1e-9)


def expected_wins(strengths, games_per_pair):
    p = strengths[:, None] / (strengths[:, None] + strengths[None, :])
    return np.where(np.eye(len(strengths), dtype=bool), 0.0, games_per_pair * p)


def test_bradley_terry_recovers_exact_strengths_from_expected_wins():
    strengths = np.array([0.5, 1.0, 2.0, 4.0])
    fitted = bradley_terry(expected_wins(strengths, 100))
    truth = strengths / np.exp(np.mean(np.log(strengths)))  # geometric mean 1
    np.testing.assert_allclose(fitted, truth, rtol=1e-8)
    assert np.mean(np.log(fitted)) == pytest.approx(0.0, abs=1e-12)


def test_bradley_terry_recovers_known_strengths_from_simulated_games():
    rng = np.random.default_rng(2004)
    log_truth = np.log([0.5, 0.8, 1.0, 1.5, 3.0])
    log_truth -= log_truth.mean()
    strengths = np.exp(log_truth)
    games_per_pair = 2000
    p = strengths[:, None] / (strengths[:, None] + strengths[None, :])
    upper = np.triu(rng.binomial(games_per_pair, p), k=1)
    wins = upper + np.triu(games_per_pair - upper, k=1).T
    decks = [f"deck {i}" for i in range(len(strengths))]
    fitted = bradley_terry(pd.DataFrame(wins, decks, decks))
    assert list(fitted.index) == decks
    # standard errors of the log-strengths: the Fisher information is the graph Laplacian
    # with weights n p (1 - p); its pseudo-inverse is the covariance under mean-zero logs
    weight = games_per_pair * p * (1 - p)
    np.fill_diagonal(weight, 0.0)
    laplacian = np.diag(weight.sum(axis=1)) - weight
    se = np.sqrt(np.diag(np.linalg.pinv(laplacian)))
    assert np.all(np.abs(np.log(fitted.to_numpy()) - log_truth) < 5 * se)


def test_bradley_terry_needs_a_prior_when_a_deck_never_lost():
    wins = np.array([[0, 3, 4], [0, 0, 2], [0, 1, 0]])  # deck 0 unbeaten
    with pytest.raises(ValueError, match="prior"):
        bradley_terry(wins)
    strengths = bradley_terry(wins, prior=0.5)
    assert np.all(np.isfinite(strengths))
    assert np.argmax(strengths) == 0
