"""Does the advice hold under another policy: the deck ranking and the card verdicts of two runs."""

import numpy as np
import pandas as pd
import pytest

from wardsim.analytics import balance_candidates
from wardsim.analytics.robustness import bias_corrected_interval, rank_agreement, verdict_changes


def records_from(win_prob, games, rng):
    """Per-game records of a round robin: `win_prob[a][b]` is P(a beats b) with a in seat A."""
    rows = []
    decks = list(win_prob)
    for a in decks:
        for b in decks:
            if a != b:
                won = rng.random(games) < win_prob[a][b]
                rows += [{"deck_a": a, "deck_b": b, "game": k, "winner": 0 if w else 1} for k, w in enumerate(won)]
    return pd.DataFrame(rows)


def ladder_of(strengths):
    """Bradley-Terry win probabilities of decks with these strengths."""
    return {a: {b: sa / (sa + sb) for b, sb in strengths.items()} for a, sa in strengths.items()}


def test_the_same_ranking_agrees_fully_and_its_interval_is_a_point():
    records = records_from(ladder_of({"w": 1.0, "x": 2.0, "y": 4.0, "z": 8.0}), 200, np.random.default_rng(1))
    result = rank_agreement(records, records, replicates=300, seed=1)
    assert result.spearman == pytest.approx(1.0)
    assert (result.ci_low, result.ci_high) == pytest.approx((1.0, 1.0))
    assert list(result.decks.index) == ["z", "y", "x", "w"]
    assert (result.decks["rank_shift"] == 0).all() and result.verdict == "holds"


def test_a_reversed_ranking_is_minus_one_and_does_not_hold():
    rng = np.random.default_rng(2)
    records = records_from(ladder_of({"w": 1.0, "x": 2.0, "y": 4.0, "z": 8.0}), 200, rng)
    check = records.assign(winner=1 - records["winner"])  # every game's result turned over
    result = rank_agreement(records, check, replicates=300, seed=1)
    assert result.spearman == pytest.approx(-1.0)
    assert result.ci_high == pytest.approx(-1.0) and result.verdict == "does not hold"
    assert result.decks.loc["z", "check_rank"] == 4 and result.decks.loc["z", "rank_shift"] == 3


def test_deck_win_rates_and_ranks_by_hand():
    rows = [
        # a beats b 3 of 4 in seat A, draws once; b beats a 1 of 2 in seat A
        *({"deck_a": "a", "deck_b": "b", "game": k, "winner": w} for k, w in enumerate([0, 0, 0, 2])),
        *({"deck_a": "b", "deck_b": "a", "game": k, "winner": w} for k, w in enumerate([0, 1])),
    ]
    records = pd.DataFrame(rows)
    check = records.assign(winner=[1, 1, 0, 2, 0, 0])
    result = rank_agreement(records, check, replicates=0)
    decks = result.decks
    assert decks.loc["a", "games"] == 6
    assert decks.loc["a", "win_rate"] == pytest.approx((3 + 0.5 + 1) / 6)
    assert decks.loc["a", "check_win_rate"] == pytest.approx((1 + 0.5 + 0) / 6)
    assert decks.loc["b", "check_rank"] == 1 and decks.loc["a", "rank_shift"] == 1
    assert result.spearman == pytest.approx(-1.0) and np.isnan(result.ci_low)


def test_near_ties_widen_the_interval_of_an_agreeing_ranking():
    rng = np.random.default_rng(3)
    close = ladder_of({"w": 1.0, "x": 1.02, "y": 1.04, "z": 1.06})
    records = records_from(close, 100, rng)
    check = records_from(close, 100, rng)  # other play, same strengths: the order is noise
    result = rank_agreement(records, check, replicates=500, seed=4)
    assert result.ci_high - result.ci_low > 1.0
    assert result.verdict != "holds"


def test_the_bias_corrected_interval_moves_toward_the_estimate_when_the_replicates_lag_it():
    replicates = np.random.default_rng(6).normal(0.0, 1.0, 20000)
    # replicates centred on the estimate: the plain percentile interval
    low, high = bias_corrected_interval(replicates, float(np.median(replicates)))
    assert (low, high) == pytest.approx(tuple(np.quantile(replicates, [0.025, 0.975])))
    # replicates that sit below the estimate (as noise drags a rank correlation down) lift it
    low, high = bias_corrected_interval(replicates, 1.0)
    assert low > np.quantile(replicates, 0.025) + 1.5 and high > 2.5
    assert np.isnan(bias_corrected_interval(np.full(10, np.nan), 0.5)).all()


def test_the_runs_must_play_the_same_games():
    records = records_from(ladder_of({"x": 1.0, "y": 2.0}), 10, np.random.default_rng(5))
    with pytest.raises(ValueError, match="same games"):
        rank_agreement(records, records.iloc[:-1])


def card_table(rows):
    """A card table: (deck, card, impact, half width of its interval)."""
    frame = pd.DataFrame(rows, columns=["deck", "card", "impact", "half"])
    se = frame["half"] / 1.959963984540054
    return frame.assign(
        impact_ci_low=frame["impact"] - frame["half"],
        impact_ci_high=frame["impact"] + frame["half"],
        impact_se=se,
        games=1000,
        effect_status="modeled",
    ).drop(columns="half")


def test_verdicts_that_change_with_the_policy_are_listed_with_the_difference():
    base = card_table(
        [
            ("d1", "Clear Change", 0.07, 0.02),  # too strong, then neutral: the policy matters
            ("d1", "Near Threshold", 0.04, 0.019),  # just too strong, then just not: noise
            ("d2", "Weak Both", -0.08, 0.02),  # too weak under both: held
            ("d2", "Neutral Both", 0.0, 0.01),  # no verdict under either: not listed
        ]
    )
    check = card_table(
        [
            ("d1", "Clear Change", 0.01, 0.02),
            ("d1", "Near Threshold", 0.035, 0.019),
            ("d2", "Weak Both", -0.06, 0.02),
            ("d2", "Neutral Both", 0.005, 0.01),
        ]
    )
    table = verdict_changes(base, check, balance_candidates(base), balance_candidates(check))
    rows = table.set_index("card")
    assert set(rows.index) == {"Clear Change", "Near Threshold", "Weak Both"}
    assert rows.loc["Clear Change", ["verdict", "check_verdict"]].tolist() == ["too strong", "no verdict"]
    assert rows.loc["Clear Change", "changed"] and rows.loc["Clear Change", "difference_clear"]
    assert rows.loc["Clear Change", "difference"] == pytest.approx(-0.06)
    # independent runs: the half widths add in quadrature
    assert rows.loc["Clear Change", "difference_ci_low"] == pytest.approx(-0.06 - np.sqrt(2) * 0.02)
    assert rows.loc["Near Threshold", "changed"] and not rows.loc["Near Threshold", "difference_clear"]
    assert not rows.loc["Weak Both", "changed"] and rows.loc["Weak Both", "verdict"] == "too weak"
    assert rows["reading"].tolist() == ["rests on bot skill", "near the threshold under both", "holds"]
    assert (rows["metric"] == "impact").all()
    assert table["card"].tolist()[:2] == ["Clear Change", "Near Threshold"]  # changed first, clear first


def test_without_ablation_in_both_runs_the_verdicts_compare_iwd():
    base = card_table([("d", "Card", 0.06, 0.02)])
    base = base.assign(iwd=0.05, iwd_ci_low=0.03, iwd_ci_high=0.07)
    check = base.drop(columns=["impact", "impact_ci_low", "impact_ci_high", "impact_se"])
    table = verdict_changes(base, check, balance_candidates(base), balance_candidates(check))
    assert table.loc[0, "metric"] == "iwd" and table.loc[0, "difference"] == pytest.approx(0.0)
    assert not table.loc[0, "changed"]
