"""Round robins and `wardsim tournament`: every pairing in both seats, reproducible, resumable."""

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.records import RECORD_COLUMNS
from wardsim.simulation import simulate
from wardsim.tournament import round_robin, run_folder, total_games
from wardsim.whatif import pairing_seed

DECKS = Path(__file__).parent.parent / "decks"
POOL = [load_deck(DECKS / f"{name}.txt") for name in ("dragons", "bleeders", "giants")]
runner = CliRunner()


@pytest.fixture(scope="module")
def small():
    return round_robin(POOL, 20, seed=5, policy="greedy")


def test_every_ordered_pairing_is_played_in_both_seats(small):
    records = small.records
    assert list(records.columns) == list(RECORD_COLUMNS)
    assert len(records) == total_games(3, 20) == 120
    pairs = records.groupby(["deck_a", "deck_b"]).size()
    assert len(pairs) == 6 and (pairs == 20).all()
    assert not (records["deck_a"] == records["deck_b"]).any()
    for _, games in records.groupby(["deck_a", "deck_b"]):
        assert list(games["game"]) == list(range(20))
    assert set(records["end_reason"].astype(str)) <= {"cemetery", "no_creature", "turn_cap", "both_lost"}


def test_card_counters_cover_every_deck_against_every_opponent(small):
    cards = small.cards
    assert {"deck", "opponent", "card", "effect_status", "games", "wins"} <= set(cards.columns)
    # each deck meets 2 opponents in 2 seats: 4 pairings of 20 games per distinct card
    per_card = cards.groupby(["deck", "card"])["games"].sum()
    assert (per_card == 80).all()
    assert set(zip(cards["deck"], cards["opponent"], strict=True)) == {
        (a.name, b.name) for a in POOL for b in POOL if a is not b
    }


def test_each_pairing_plays_on_its_own_seed(small):
    seeds = small.pairings.set_index(["deck_a", "deck_b"])["seed"]
    assert seeds["dragons", "giants"] == pairing_seed(5, "dragons", "giants")
    assert seeds.nunique() == 6
    # so a deck is not dealt the same opening hands against every opponent
    records = small.records
    first = {pair: rows["first_player"].to_numpy() for pair, rows in records.groupby(["deck_a", "deck_b"])}
    assert (first["dragons", "giants"] != first["dragons", "bleeders"]).any()


def test_a_pairing_replays_alone_with_its_seed(small):
    row = small.pairings.set_index(["deck_a", "deck_b"]).loc[("bleeders", "giants")]
    alone = simulate(POOL[1], POOL[2], games=20, seed=int(row["seed"]), policy_a="greedy", keep_records=True)
    mine = small.records[(small.records["deck_a"] == "bleeders") & (small.records["deck_b"] == "giants")]
    assert alone.records is not None
    assert mine["winner"].tolist() == alone.records["winner"].tolist()
    assert mine["turns"].tolist() == alone.records["turns"].tolist()
    assert int(row["wins_a"]) == alone.totals.wins_a


def test_results_are_identical_for_any_jobs():
    # 240 games per pairing make 3 chunks, so two workers really share the pairings
    one = round_robin(POOL[:2], 240, seed=3, policy="greedy", jobs=1)
    two = round_robin(POOL[:2], 240, seed=3, policy="greedy", jobs=2)
    pd.testing.assert_frame_equal(one.records, two.records)
    pd.testing.assert_frame_equal(one.cards, two.cards)


class Interrupted(Exception):
    pass


def test_an_interrupted_tournament_resumes_where_it_stopped(tmp_path):
    fresh = round_robin(POOL, 200, seed=9, policy="greedy")
    played = []

    def stop_midway(n):
        played.append(n)
        if sum(played) >= 500:
            raise Interrupted

    with pytest.raises(Interrupted):
        round_robin(POOL, 200, seed=9, policy="greedy", out=tmp_path, progress=stop_midway)
    assert run_folder(tmp_path, "dragons", "bleeders").is_dir()
    saved = {p: p.stat().st_mtime_ns for p in tmp_path.glob("*/totals/part-*.json")}
    assert 0 < len(saved) < 12  # some of the 6 pairings x 2 chunks, not all
    seen = []
    resumed = round_robin(POOL, 200, seed=9, policy="greedy", out=tmp_path, progress=seen.append)
    assert sum(seen) == total_games(3, 200)  # saved games count toward the progress too
    pd.testing.assert_frame_equal(resumed.records, fresh.records)
    pd.testing.assert_frame_equal(resumed.cards, fresh.cards)
    # the chunks saved before the interruption were read back, not played again
    assert all(p.stat().st_mtime_ns == mtime for p, mtime in saved.items())
    assert len(list(tmp_path.glob("*/totals/part-*.json"))) == 12


def test_decks_with_the_same_name_or_too_few_decks_are_refused():
    with pytest.raises(ValueError, match="two decks are named 'dragons'"):
        round_robin([POOL[0], load_deck(DECKS / "dragons.txt")], 5, seed=1, policy="greedy")
    with pytest.raises(ValueError, match="at least 2 decks"):
        round_robin(POOL[:1], 5, seed=1, policy="greedy")
    with pytest.raises(ValueError, match="unknown policy"):
        round_robin(POOL, 5, seed=1, policy="bogus")


def _decks(*names):
    return [str(DECKS / f"{n}.txt") for n in names]


def test_cli_prints_the_matchup_table_and_the_seed():
    result = runner.invoke(
        app,
        ["tournament", *_decks("dragons", "bleeders", "giants"), "--games", "10", "--policy", "greedy", "--seed", "4"],
    )
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.output.lower()
    for name in ("dragons", "bleeders", "giants"):
        assert name in result.output
    assert "95% CI" in result.output


def test_cli_json_has_every_matchup_with_its_interval():
    result = runner.invoke(
        app,
        ["tournament", *_decks("dragons", "giants"), "--games", "10", "--policy", "greedy", "--seed", "2", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert data["seed"] == 2 and data["games"] == 10 and data["total_games"] == 20
    rates = {(m["deck"], m["opponent"]): m for m in data["matchups"]}
    assert set(rates) == {("dragons", "giants"), ("giants", "dragons")}
    forward, backward = rates["dragons", "giants"], rates["giants", "dragons"]
    assert forward["win_rate"] + backward["win_rate"] == pytest.approx(1.0)
    assert forward["ci95"][0] <= forward["win_rate"] <= forward["ci95"][1]
    assert set(data["pairing_seeds"]) == {"dragons__giants", "giants__dragons"}


def test_cli_a_bad_deck_exits_2_with_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Grizly Bear\n")
    result = runner.invoke(app, ["tournament", str(bad), *_decks("dragons"), "--games", "5"])
    assert result.exit_code == 2
    assert "bad.txt:1: unknown card 'Grizly Bear'" in result.output
    missing = runner.invoke(app, ["tournament", str(tmp_path / "nope.txt"), *_decks("dragons")])
    assert missing.exit_code == 2 and "cannot read the file" in missing.output


def test_cli_refuses_one_deck_and_an_unknown_policy():
    one = runner.invoke(app, ["tournament", *_decks("dragons"), "--games", "5"])
    assert one.exit_code == 2 and "at least 2 decks" in one.output
    policy = runner.invoke(app, ["tournament", *_decks("dragons", "giants"), "--policy", "bogus"])
    assert policy.exit_code == 2 and "unknown policy" in policy.output
