"""Card metrics, ablation impact and balance candidates (wardsim.analytics.card_metrics, .balance)."""

import numpy as np
import pandas as pd
import pytest

from wardsim.analytics import (
    ablation_impact,
    balance_candidates,
    card_metrics,
    diff_interval,
    pool_card_counters,
    wilson_interval,
)

COUNTERS = pd.DataFrame(
    [
        # Red Dragon in Dragons: 100 games, 55 wins. In hand in 60 games (39 won): opening
        # hand 20 (14 won), drawn later 40 (25 won). Played in 50 games: 35 wins and a draw.
        {
            "deck": "Dragons",
            "card": "Red Dragon",
            "games": 100,
            "wins": 55,
            "games_in_hand": 60,
            "wins_in_hand": 39,
            "games_opening": 20,
            "wins_opening": 14,
            "games_drawn": 40,
            "wins_drawn": 25,
            "games_played": 50,
            "wins_played": 35.5,
        },
        # Owl in Dragons, never seen in 50 games (25 won)
        {
            "deck": "Dragons",
            "card": "Owl",
            "games": 50,
            "wins": 25,
            "games_in_hand": 0,
            "wins_in_hand": 0,
            "games_opening": 0,
            "wins_opening": 0,
            "games_drawn": 0,
            "wins_drawn": 0,
            "games_played": 0,
            "wins_played": 0,
        },
        # Red Dragon in Undead: 40 games, 20 wins; in hand 10 (6 won): opening 4 (3), drawn 6 (3)
        {
            "deck": "Undead",
            "card": "Red Dragon",
            "games": 40,
            "wins": 20,
            "games_in_hand": 10,
            "wins_in_hand": 6,
            "games_opening": 4,
            "wins_opening": 3,
            "games_drawn": 6,
            "wins_drawn": 3,
            "games_played": 8,
            "wins_played": 5,
        },
    ]
)


def test_card_metrics_by_hand():
    metrics = card_metrics(COUNTERS).iloc[0]
    # GIH WR  = wins_in_hand / games_in_hand          = 39 / 60          = 0.65
    # OH WR   = wins_opening / games_opening          = 14 / 20          = 0.70
    # GD WR   = wins_drawn / games_drawn              = 25 / 40          = 0.625
    # GNS WR  = (55 - 39) / (100 - 60)                = 16 / 40          = 0.40
    # IWD     = GIH WR - GNS WR                       = 0.65 - 0.40      = 0.25
    # played  = wins_played / games_played            = 35.5 / 50        = 0.71
    expected = {"gih_wr": 0.65, "oh_wr": 0.70, "gd_wr": 0.625, "gns_wr": 0.40, "iwd": 0.25, "played_wr": 0.71}
    for metric, value in expected.items():
        assert metrics[metric] == pytest.approx(value), metric
    sizes = {"gih_wr": 60, "oh_wr": 20, "gd_wr": 40, "gns_wr": 40, "iwd": 100, "played_wr": 50}
    for metric, n in sizes.items():
        assert metrics[f"{metric}_n"] == n, metric
    assert (metrics["gih_wr_ci_low"], metrics["gih_wr_ci_high"]) == pytest.approx(wilson_interval(39, 60))
    assert (metrics["gns_wr_ci_low"], metrics["gns_wr_ci_high"]) == pytest.approx(wilson_interval(16, 40))
    assert (metrics["played_wr_ci_low"], metrics["played_wr_ci_high"]) == pytest.approx(wilson_interval(35.5, 50))
    assert (metrics["iwd_ci_low"], metrics["iwd_ci_high"]) == pytest.approx(diff_interval(39, 60, 16, 40))
    assert metrics["iwd_ci_low"] > 0  # 25 points on 100 games is clear of zero
    assert metrics["deck"] == "Dragons" and metrics["card"] == "Red Dragon"


def test_card_metrics_of_a_card_never_seen():
    owl = card_metrics(COUNTERS).iloc[1]
    # GNS WR = 25 / 50 = 0.5; nothing else has games
    assert owl["gns_wr"] == 0.5
    for metric in ("gih_wr", "oh_wr", "gd_wr", "iwd", "played_wr"):
        assert np.isnan(owl[metric]), metric
    assert (owl["gih_wr_ci_low"], owl["gih_wr_ci_high"]) == (0.0, 1.0)
    assert (owl["iwd_ci_low"], owl["iwd_ci_high"]) == (-1.0, 1.0)


def test_card_metrics_rejects_counters_that_cannot_happen():
    not_partitioned = COUNTERS.assign(games_drawn=[41, 0, 6])
    with pytest.raises(ValueError, match="games_opening \\+ games_drawn must equal"):
        card_metrics(not_partitioned)
    too_many_wins = COUNTERS.assign(wins_in_hand=[61, 0, 6])
    with pytest.raises(ValueError, match="wins_in_hand <= games_in_hand"):
        card_metrics(too_many_wins)
    with pytest.raises(ValueError, match="lack the column"):
        card_metrics(COUNTERS.drop(columns="games_played"))


def test_pooled_counters_add_up_over_decks():
    pooled = pool_card_counters(COUNTERS).set_index("card")
    assert pooled.loc["Red Dragon", "games"] == 140
    assert pooled.loc["Red Dragon", "wins_in_hand"] == 45
    metrics = card_metrics(pooled.reset_index()).set_index("card")
    # pooled GIH WR = (39 + 6) / (60 + 10) = 45 / 70
    assert metrics.loc["Red Dragon", "gih_wr"] == pytest.approx(45 / 70)


def test_unpaired_ablation_impact_by_hand():
    # with the card 550 of 1000, with a filler 450 of 1000: impact +0.10
    result = ablation_impact(550, 1000, 450, 1000)
    assert result.method == "newcombe"
    assert result.impact == pytest.approx(0.10)
    assert (result.ci_low, result.ci_high) == pytest.approx(diff_interval(550, 1000, 450, 1000))
    assert result.se == pytest.approx(np.sqrt(0.55 * 0.45 / 1000 + 0.45 * 0.55 / 1000))


def test_paired_ablation_impact_by_hand():
    base = np.array([1, 1, 0, 0.5])
    ablated = np.array([1, 0, 0, 0.5])
    # d = (0, 1, 0, 0): mean 0.25, sd = sqrt((3 * 0.25^2 + 0.75^2) / 3) = 0.5, se = 0.5 / 2
    result = ablation_impact(None, None, None, None, paired=(base, ablated))
    assert result.method == "paired"
    assert result.impact == pytest.approx(0.25)
    assert result.se == pytest.approx(0.25)
    assert (result.ci_low, result.ci_high) == pytest.approx((0.25 - 1.96 * 0.25, 0.25 + 1.96 * 0.25))
    with pytest.raises(ValueError, match="does not match"):
        ablation_impact(3, 4, 1.5, 4, paired=(base, ablated))  # base wins are 2.5, not 3


def correlated_outcomes(n_games, seed, base_rate=0.55, ablated_rate=0.50):
    # common random numbers: one uniform per game decides both runs, so they agree except
    # on the games the card swings
    u = np.random.default_rng(seed).random(n_games)
    return (u < base_rate).astype(float), (u < ablated_rate).astype(float)


def test_paired_ablation_interval_is_narrower_on_common_random_numbers():
    n_games = 4000
    base, ablated = correlated_outcomes(n_games, seed=5)
    paired = ablation_impact(base.sum(), n_games, ablated.sum(), n_games, paired=(base, ablated))
    unpaired = ablation_impact(base.sum(), n_games, ablated.sum(), n_games)
    assert paired.impact == pytest.approx(unpaired.impact)
    assert paired.ci_high - paired.ci_low < 0.5 * (unpaired.ci_high - unpaired.ci_low)
    # the true impact is 0.05 (d = 1 on 5% of games); within 5 standard errors
    assert abs(paired.impact - 0.05) < 5 * np.sqrt(0.05 * 0.95 / n_games)
    # Var(d) = 0.05 * 0.95 against about 2 * 0.25 unpaired: the paired SE is about 0.3 times
    assert paired.se < 0.4 * unpaired.se


def test_paired_ablation_impact_takes_one_row_per_card():
    rows = [correlated_outcomes(1000, seed) for seed in (1, 2, 3)]
    base = np.stack([b for b, _ in rows])
    ablated = np.stack([a for _, a in rows])
    result = ablation_impact(None, None, None, None, paired=(base, ablated))
    assert result.impact.shape == (3,)
    single = ablation_impact(None, None, None, None, paired=(base[1], ablated[1]))
    assert result.ci_low[1] == pytest.approx(single.ci_low)


def card_row(card, impact, half_width, games=5000, iwd=None, effect_status="full"):
    iwd = impact if iwd is None else iwd
    return {
        "card": card,
        "games": games,
        "effect_status": effect_status,
        "impact": impact,
        "impact_ci_low": impact - half_width,
        "impact_ci_high": impact + half_width,
        "iwd": iwd,
        "iwd_ci_low": iwd - 2 * half_width,
        "iwd_ci_high": iwd + 2 * half_width,
    }


CARD_TABLE = pd.DataFrame(
    [
        card_row("Fair Goblin", 0.00, 0.02),
        card_row("Strong Bear", 0.05, 0.015),
        card_row("Overlord", 0.14, 0.02),
        card_row("Weak Owl", -0.06, 0.015),
        card_row("Thin Titan", 0.20, 0.05, games=50),  # strong, but too few games
        card_row("Mystery Angel", 0.08, 0.02, effect_status="unmodeled"),
        card_row("Clock Frog", 0.00, 0.04, iwd=0.12),  # IWD high, ablation inconclusive
        card_row("Decoy Toad", 0.00, 0.01, iwd=0.12),  # IWD high, ablation clearly flat
    ]
)


def test_balance_ranks_a_clearly_overpowered_card_first():
    report = balance_candidates(CARD_TABLE, ["Fair Goblin"], ["Overlord", "Ghost"], min_games=200)
    over = report.overpowered
    assert over["card"].iloc[0] == "Overlord"
    assert list(over["rank"]) == list(range(1, len(over) + 1))
    assert set(over["card"]) == {"Overlord", "Mystery Angel", "Strong Bear", "Clock Frog"}
    assert "Thin Titan" not in set(over["card"])  # 50 games < min_games
    assert over.set_index("card").loc["Overlord", "official"] == "banned"
    assert "Too strong" in over["reason"].iloc[0] and "points" in over["reason"].iloc[0]
    assert list(report.underpowered["card"]) == ["Weak Owl"]
    assert report.underpowered["reason"].iloc[0].startswith("Too weak")


def test_balance_takes_iwd_alone_only_where_the_ablation_is_inconclusive():
    over = balance_candidates(CARD_TABLE).overpowered.set_index("card")
    # Clock Frog: ablation -4 to +4 points could hide a 2-point effect; IWD is clear
    assert over.loc["Clock Frog", "evidence"] == "iwd"
    assert "do not confirm" in over.loc["Clock Frog", "reason"]
    # Decoy Toad: ablation -1 to +1 points rules a 2-point effect out, whatever IWD says
    assert "Decoy Toad" not in over.index
    assert over.loc["Overlord", "evidence"] == "impact+iwd"
    # ranked by the conservative bound of the measure that triggered
    assert over.loc["Overlord", "evidence_bound"] == pytest.approx(0.12)


def test_balance_flags_cards_whose_effect_is_not_modeled():
    over = balance_candidates(CARD_TABLE).overpowered.set_index("card")
    assert over.loc["Mystery Angel", "effect_not_modeled"]
    assert "Caution" in over.loc["Mystery Angel", "reason"]
    assert not over.loc["Overlord", "effect_not_modeled"]
    assert "Caution" not in over.loc["Overlord", "reason"]


def test_balance_reports_listed_cards_without_supporting_evidence():
    report = balance_candidates(
        CARD_TABLE, official_limited=["fair goblin", "Weak Owl"], official_banned=["Overlord", "Ghost"]
    )
    unsupported = report.listed_unsupported.set_index("card")
    assert set(unsupported.index) == {"fair goblin", "Weak Owl", "Ghost"}
    assert unsupported.loc["fair goblin", "official"] == "limited"
    assert "No clear evidence" in unsupported.loc["fair goblin", "reason"]
    assert "too weak" in unsupported.loc["Weak Owl", "reason"]
    assert "No simulation data" in unsupported.loc["Ghost", "reason"]
    assert list(report.listed_supported["card"]) == ["Overlord"]
    assert set(report.unlisted_supported["card"]) == {"Strong Bear", "Mystery Angel", "Clock Frog"}


def test_balance_works_from_card_metrics_alone():
    strong = COUNTERS.iloc[[0]].assign(
        games=1000,
        wins=550,
        games_in_hand=600,
        wins_in_hand=390,
        games_opening=200,
        wins_opening=140,
        games_drawn=400,
        wins_drawn=250,
        games_played=500,
        wins_played=355,
    )
    table = card_metrics(strong)
    report = balance_candidates(table, official_limited=["Red Dragon"], min_games=200)
    assert list(report.overpowered["card"]) == ["Red Dragon"]
    assert report.overpowered["evidence"].iloc[0] == "iwd"
    assert "deck" in report.overpowered.columns
    assert list(report.listed_supported["card"]) == ["Red Dragon"]
    with pytest.raises(ValueError, match="needs impact"):
        balance_candidates(pd.DataFrame({"card": ["Owl"], "games": [10]}))
