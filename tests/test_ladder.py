"""The policy ladder and `wardsim ladder`: every policy pair on every deck pairing, both seats,
reproducible for any jobs, resumable, and refusing what it cannot play."""

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

import wardsim as ws
from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.ladders import cell_folder, cells, check_policies, ladder, split_policies, total_games
from wardsim.policies import POLICIES
from wardsim.simulation import simulate

DECKS = Path(__file__).parent.parent / "decks"
PAIR = [load_deck(DECKS / f"{name}.txt") for name in ("dragons", "giants")]
runner = CliRunner()


@pytest.fixture(scope="module")
def small():
    return ladder(PAIR, ["random", "greedy"], games=12, seed=3, bootstrap=200)


def test_every_policy_pair_plays_every_deck_pairing_in_both_seats(small):
    c = small.cells
    assert len(c) == 2 * 2 * 2  # 2 seatings x 4 ordered deck pairings, mirrors included
    assert small.total_games == total_games(2, 2, 12) == 96
    keys = set(zip(c.policy_a, c.policy_b, c.deck_a, c.deck_b, strict=True))
    assert keys == {
        (x, y, a, b)
        for x, y in (("random", "greedy"), ("greedy", "random"))
        for a in ("dragons", "giants")
        for b in ("dragons", "giants")
    }
    assert (c["wins_a"] + c["wins_b"] + c["draws"] == 12).all()
    assert small.strengths["games"].tolist() == [96, 96]  # two policies: each plays every game


def test_both_seatings_of_a_pairing_share_their_seed(small):
    seeds = small.cells.groupby(["deck_a", "deck_b"])["seed"].nunique()
    assert (seeds == 1).all() and small.cells["seed"].nunique() == 4


def test_a_cell_replays_alone_with_its_seed():
    result = ladder(PAIR, ["greedy", "heuristic"], games=6, seed=8, bootstrap=0)
    row = result.cells.iloc[-1]  # heuristic reads the pool's duel odds; simulate solves its own
    decks = {d.name: d for d in PAIR}
    alone = simulate(
        decks[row.deck_a], decks[row.deck_b], games=6, seed=int(row.seed), policy_a=row.policy_a, policy_b=row.policy_b
    )
    assert (alone.totals.wins_a, alone.totals.wins_b, alone.totals.draws) == (row.wins_a, row.wins_b, row.draws)


def test_results_are_identical_for_any_jobs_and_policy_order(small):
    again = ladder(PAIR, ["greedy", "random"], games=12, seed=3, jobs=2, bootstrap=200)
    columns = ["policy_a", "policy_b", "deck_a", "deck_b", "seed", "wins_a", "wins_b", "draws"]
    key = ["policy_a", "policy_b", "deck_a", "deck_b"]
    pd.testing.assert_frame_equal(
        small.cells[columns].sort_values(key).reset_index(drop=True),
        again.cells[columns].sort_values(key).reset_index(drop=True),
    )
    pd.testing.assert_frame_equal(small.strengths, again.strengths)


def test_an_interrupted_ladder_resumes_where_it_stopped(tmp_path):
    done = []
    first = ladder(PAIR, ["random", "greedy"], games=12, seed=3, out=tmp_path, progress=done.append, bootstrap=0)
    assert sum(done) == 96
    plan = cells(["random", "greedy"], PAIR, 3)
    lost = cell_folder(tmp_path, plan[5]) / "totals"
    for part in lost.glob("*"):
        part.unlink()
    again = ladder(PAIR, ["random", "greedy"], games=12, seed=3, out=tmp_path, bootstrap=0)
    assert again.cells["played"].tolist() == [12 if k == 5 else 0 for k in range(len(plan))]
    pd.testing.assert_frame_equal(
        first.cells.drop(columns=["seconds", "played"]), again.cells.drop(columns=["seconds", "played"])
    )


def test_policies_are_checked_and_split_with_their_parameters():
    assert split_policies("random, greedy,heuristic:attack_odds=0.5,sacrifice_weight=0.2") == [
        "random",
        "greedy",
        "heuristic:attack_odds=0.5,sacrifice_weight=0.2",
    ]
    with pytest.raises(ValueError, match="unknown policy 'best'; known policies: " + ", ".join(POLICIES)):
        check_policies(["random", "best"])
    with pytest.raises(ValueError, match="at least 2 policies"):
        check_policies(["greedy"])
    with pytest.raises(ValueError, match="listed twice"):
        check_policies(["greedy", "random", "greedy"])


def test_a_one_deck_ladder_plays_the_mirror_and_says_its_intervals_are_weak():
    result = ladder(PAIR[:1], ["random", "greedy"], games=4, seed=1, bootstrap=50)
    assert len(result.cells) == 2 and set(result.cells["deck_b"]) == {"dragons"}
    assert result.notes and "too few" in result.notes[0]
    with pytest.raises(ValueError, match="two decks are named"):
        ladder([PAIR[0], PAIR[0]], ["random", "greedy"], games=1, seed=1)


def test_the_public_api_has_the_ladder_even_after_its_module_is_imported():
    import wardsim.ladders  # noqa: F401  (a module named like the function would replace it here)

    assert ws.ladder is ladder


def test_cli_prints_the_strengths_and_the_seed():
    result = runner.invoke(
        app, ["ladder", *(str(DECKS / f"{d.name}.txt") for d in PAIR), "-p", "random,greedy", "-n", "6", "-s", "5"]
    )
    assert result.exit_code == 0, result.output
    assert "Policy ladder" in result.output and "greedy" in result.output
    assert "Seed 5." in result.output and "bootstrap over the 4 deck pairings" in result.output


def test_cli_json_lists_the_policies_strongest_first(tmp_path):
    args = ["ladder", "--decks", str(DECKS), "-p", "greedy,random", "-n", "1", "-s", "2", "--json"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{") :])
    policies = summary["policies"]
    assert [p["policy"] for p in policies] == ["greedy", "random"]
    for p in policies:
        assert {"policy", "strength", "ci95", "elo"} <= set(p)
        assert p["ci95"][0] <= p["strength"] <= p["ci95"][1]
    cells = 2 * len(list(DECKS.glob("*.txt"))) ** 2  # every ordered pairing, mirrors included
    assert summary["seed"] == 2 and summary["total_games"] == cells
    assert json.loads((tmp_path / "ladder.json").read_text()) == summary
    assert len(pd.read_csv(tmp_path / "cells.csv")) == cells


def test_cli_an_unknown_policy_exits_2_naming_the_known_ones():
    result = runner.invoke(app, ["ladder", "-p", "random,smart", "-n", "1"])
    assert result.exit_code == 2
    assert "unknown policy 'smart'" in result.output and ", ".join(POLICIES) in result.output
