"""The batch runner and the simulate/replay commands: reproducible, resumable, complete."""

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.kernel.game.enums import Event
from wardsim.replays import replay
from wardsim.rules import Rules
from wardsim.simulation import engine_fingerprint, simulate
from wardsim.whatif import pairing_seed

DECKS = Path(__file__).parent.parent / "decks"
A = load_deck(DECKS / "dragons.txt")
B = load_deck(DECKS / "bleeders.txt")
runner = CliRunner()


def _key(result):
    t = result.totals
    return t.games, t.wins_a, t.wins_b, t.draws, t.first_player_wins, t.turns, t.cards.tobytes()


def test_results_are_identical_for_any_jobs_and_chunking():
    base = simulate(A, B, games=60, seed=11, jobs=1, chunk=60, policy_a="greedy")
    assert _key(simulate(A, B, games=60, seed=11, jobs=2, chunk=7, policy_a="greedy")) == _key(base)
    assert _key(simulate(A, B, games=60, seed=11, jobs=1, chunk=13, policy_a="greedy")) == _key(base)


def test_a_different_seed_gives_different_games():
    one = simulate(A, B, games=60, seed=1, policy_a="greedy")
    two = simulate(A, B, games=60, seed=2, policy_a="greedy")
    assert _key(one) != _key(two)


def test_counts_add_up():
    r = simulate(A, B, games=50, seed=3, policy_a="random")
    t = r.totals
    assert t.wins_a + t.wins_b + t.draws == t.games == 50
    assert t.end_reasons.sum() == 50
    cards = r.cards
    assert set(cards["deck"]) == {"dragons", "bleeders"}
    # every card of a deck is counted in every game of it; in-hand splits into opening + drawn
    assert (cards["games"] == 50).all()
    assert (cards["games_in_hand"] == cards["games_opening"] + cards["games_drawn"]).all()
    assert (cards["games_played"] <= cards["games"]).all()


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under a folder, by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_interrupted_run_resumes_from_saved_chunks(tmp_path):
    full = simulate(A, B, games=40, seed=5, policy_a="greedy", chunk=10, out=tmp_path / "run")
    parts = sorted((tmp_path / "run" / "totals").glob("part-*.json"))
    assert len(parts) == 4
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    del manifest["chunks"][-1]  # the last chunk was never recorded: only it is played again
    (tmp_path / "run" / "manifest.json").write_text(json.dumps(manifest))
    lines = []
    again = simulate(A, B, games=40, seed=5, policy_a="greedy", chunk=10, out=tmp_path / "run", notice=lines.append)
    assert _key(again) == _key(full)
    assert lines == [f"resuming {tmp_path / 'run'}: 30 of 40 games saved before, checked against their checksums"]
    records = pd.concat(pd.read_parquet(p) for p in sorted((tmp_path / "run" / "records").glob("*.parquet")))
    assert sorted(records["game"]) == list(range(40))


def test_a_resume_replays_damaged_chunks_and_ends_as_an_uninterrupted_run(tmp_path):
    # each chunk's files carry a checksum in the manifest: a chunk whose records or totals are
    # missing, truncated or changed is played again (and the resume says so, in one line); the
    # folder then holds the same bytes as a run that was never interrupted
    args = dict(games=60, seed=8, policy_a="greedy", chunk=10)
    reference = simulate(A, B, **args, out=tmp_path / "reference", keep_records=True)
    run = tmp_path / "run"
    simulate(A, B, **args, out=run)
    (run / "records" / "part-000000000.parquet").unlink()
    totals = run / "totals" / "part-000000010-10.json"
    totals.write_bytes(totals.read_bytes()[:40])
    corrupt = run / "records" / "part-000000020.parquet"
    data = bytearray(corrupt.read_bytes())
    data[len(data) // 2] ^= 0xFF
    corrupt.write_bytes(bytes(data))
    simulate(A, B, games=10, seed=9, policy_a="greedy", out=tmp_path / "other")  # another run's chunk, same name
    (run / "records" / "part-000000030.parquet").write_bytes(
        (tmp_path / "other/records/part-000000000.parquet").read_bytes()
    )
    (run / "records" / "part-000000040.parquet.tmp").write_bytes(b"half a chunk")  # killed mid-write
    (run / "totals" / "part-000000050-7.json").write_bytes(b"{}")  # a chunk the manifest never listed
    lines = []
    resumed = simulate(A, B, **args, out=run, keep_records=True, notice=lines.append)
    assert lines == [
        f"resuming {run}: 20 of 60 games saved before, checked against their checksums; replaying 4 damaged "
        "chunks: games 0-9 (records missing), games 10-19 (totals truncated), games 20-29 (records fails its "
        "checksum) and 1 more"
    ]
    assert _key(resumed) == _key(reference)
    pd.testing.assert_frame_equal(resumed.records, reference.records)
    assert folder_bytes(run) == folder_bytes(tmp_path / "reference")
    # without a notice callback, the damage is a warning
    (run / "totals" / "part-000000000-10.json").unlink()
    with pytest.warns(UserWarning, match=r"replaying 1 damaged chunk: games 0-9 \(totals missing\)"):
        simulate(A, B, **args, out=run)
    assert folder_bytes(run) == folder_bytes(tmp_path / "reference")


def test_a_run_folder_with_an_unreadable_manifest_is_played_again(tmp_path):
    args = dict(games=20, seed=8, policy_a="greedy", chunk=10)
    simulate(A, B, **args, out=tmp_path / "reference")
    simulate(A, B, **args, out=tmp_path / "run")
    manifest = tmp_path / "run" / "manifest.json"
    manifest.write_bytes(manifest.read_bytes()[:100])
    lines = []
    simulate(A, B, **args, out=tmp_path / "run", notice=lines.append)
    assert lines == [
        f"resuming {tmp_path / 'run'}: its manifest.json is unreadable, so every saved game is played again"
    ]
    assert folder_bytes(tmp_path / "run") == folder_bytes(tmp_path / "reference")


def test_a_longer_or_shorter_run_in_the_same_folder_keeps_only_its_games(tmp_path):
    simulate(A, B, games=35, seed=2, policy_a="greedy", chunk=10, out=tmp_path / "run")
    shorter = simulate(A, B, games=15, seed=2, policy_a="greedy", chunk=10, out=tmp_path / "run", keep_records=True)
    assert list(shorter.records["game"]) == list(range(15))
    on_disk = pd.concat(pd.read_parquet(p) for p in sorted((tmp_path / "run" / "records").glob("*.parquet")))
    assert sorted(on_disk["game"]) == list(range(15))
    simulate(A, B, games=15, seed=2, policy_a="greedy", chunk=10, out=tmp_path / "fresh")
    assert folder_bytes(tmp_path / "run") == folder_bytes(tmp_path / "fresh")


def test_kept_records_are_every_game_in_order_also_when_resumed(tmp_path):
    fresh = simulate(A, B, games=30, seed=4, policy_a="greedy", chunk=7, jobs=2, keep_records=True)
    assert list(fresh.records["game"]) == list(range(30))
    assert (fresh.records["winner"] == 0).sum() == fresh.totals.wins_a
    simulate(A, B, games=30, seed=4, policy_a="greedy", chunk=7, out=tmp_path / "run")
    resumed = simulate(A, B, games=30, seed=4, policy_a="greedy", chunk=7, out=tmp_path / "run", keep_records=True)
    pd.testing.assert_frame_equal(resumed.records, fresh.records)


def test_the_configurable_rulings_change_the_games():
    # the cemetery threshold, the turn cap and DOT stacking are the referee's (DESIGN.md rulings 6-8)
    base = simulate(B, A, games=200, seed=3, policy_a="greedy")
    stacking = simulate(B, A, games=200, seed=3, policy_a="greedy", rules=Rules(dot_stacking=True))
    short = simulate(B, A, games=200, seed=3, policy_a="greedy", rules=Rules(cemetery_threshold=150, max_turns=12))
    assert _key(stacking) != _key(base)
    assert short.totals.turns < base.totals.turns and short.totals.draws > 0


def test_simulate_cli_takes_the_rulings():
    out = runner.invoke(
        app,
        [
            "simulate",
            str(DECKS / "bleeders.txt"),
            str(DECKS / "giants.txt"),
            "--games",
            "20",
            "--policy",
            "greedy",
            "--threshold",
            "200",
            "--max-turns",
            "30",
            "--dot-stacking",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["games"] == 20


def test_a_run_folder_of_another_run_is_refused(tmp_path):
    simulate(A, B, games=5, seed=5, policy_a="greedy", out=tmp_path / "run")
    with pytest.raises(ValueError, match="different run"):
        simulate(A, B, games=5, seed=6, policy_a="greedy", out=tmp_path / "run")


def test_a_run_folder_of_another_engine_is_refused(tmp_path):
    # games played by other rules or cards are not resumed into new ones
    simulate(A, B, games=5, seed=5, policy_a="greedy", out=tmp_path / "run")
    manifest = tmp_path / "run" / "manifest.json"
    saved = json.loads(manifest.read_text())
    assert saved["engine"] == engine_fingerprint()
    manifest.write_text(json.dumps({**saved, "engine": "an older engine"}))
    with pytest.raises(ValueError, match="another version of the engine"):
        simulate(A, B, games=5, seed=5, policy_a="greedy", out=tmp_path / "run")


def test_replay_is_the_game_the_run_counted(tmp_path):
    simulate(A, B, games=6, seed=9, policy_a="greedy", out=tmp_path / "run")
    records = pd.read_parquet(next((tmp_path / "run" / "records").glob("*.parquet")))
    for _, row in records.iterrows():
        again = replay(A, B, seed=9, game=int(row["game"]), policy_a="greedy")
        assert again.winner == row["winner"]
        turns = [r for r in again.trace.tolist() if r[2] == Event.turn]
        assert len(turns) == row["turns"] or len(turns) == row["turns"] + 1


def test_simulate_json_has_the_documented_keys():
    result = runner.invoke(
        app,
        [
            "simulate",
            str(DECKS / "dragons.txt"),
            str(DECKS / "bleeders.txt"),
            "--games",
            "20",
            "--seed",
            "4",
            "--policy",
            "greedy",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    for key in (
        "games",
        "wins_a",
        "wins_b",
        "draws",
        "win_rate_a",
        "ci95",
        "seed",
        "first_player_win_rate",
        "mean_turns",
        "games_per_second",
    ):
        assert key in out
    assert out["games"] == 20 and out["seed"] == 4 and len(out["ci95"]) == 2
    assert out["ci95"][0] <= out["win_rate_a"] <= out["ci95"][1]
    assert "seed 4" in result.stderr


def test_simulate_rejects_unknown_policy_and_illegal_deck(tmp_path):
    bad = runner.invoke(app, ["simulate", str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--policy", "x"])
    assert bad.exit_code == 2
    deck = tmp_path / "short.txt"
    deck.write_text("3 Goblin\n")
    illegal = runner.invoke(app, ["simulate", str(deck), str(DECKS / "bleeders.txt"), "--games", "2"])
    assert illegal.exit_code == 2 and "exactly 30 cards" in illegal.stderr


def test_replay_prints_the_game_turn_by_turn():
    result = runner.invoke(
        app,
        [
            "replay",
            str(DECKS / "dragons.txt"),
            str(DECKS / "bleeders.txt"),
            "--seed",
            "3",
            "--game",
            "1",
            "--policy",
            "greedy",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "== Turn 1" in result.stdout and "The game ends" in result.stdout
    out = result.stdout
    assert "battles" in out and "rolls Hit dice" in out and "rolls Atk dice" in out and "After the strikes" in out
    # every Hit roll names its dice, its total and the AL it had to reach
    assert re.search(r"rolls Hit dice \[[1-6](, [1-6])+\]: -?\d+ with bonuses against AL \d+", out)


def test_heuristic_policy_runs_with_exact_duel_odds():
    r = simulate(A, B, games=10, seed=1, policy_a="heuristic")
    assert r.totals.games == 10
    assert np.isfinite(r.summary()["win_rate_a"])


SEEDS = [0, 1, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1]


def test_every_seed_up_to_2_64_minus_1_is_its_own_reproducible_run():
    # the generators take a 64-bit seed: the top of the range plays games like any other seed,
    # different ones for different seeds, the same ones again, and game k replays alone
    keys = {}
    for seed in SEEDS:
        result = simulate(A, B, games=8, seed=seed, policy_a="greedy", keep_records=True)
        assert _key(simulate(A, B, games=8, seed=seed, policy_a="greedy")) == _key(result)
        keys[seed] = _key(result)
        winner = int(result.records["winner"].iloc[5])
        assert replay(A, B, seed=seed, game=5, policy_a="greedy").winner == winner
    assert len(set(keys.values())) == len(SEEDS)
    assert pairing_seed(2**64 - 1, "a", "b") != pairing_seed(0, "a", "b")


@pytest.mark.parametrize("seed", [-1, 2**64, 10**30])
def test_a_seed_outside_0_to_2_64_minus_1_is_refused(seed):
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2"):
        simulate(A, B, games=2, seed=seed, policy_a="greedy")
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2"):
        pairing_seed(seed, "a", "b")


@pytest.mark.parametrize("command", ["simulate", "replay"])
@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "99999999999999999999999", "1e3", "0x10", " "])
def test_the_seed_option_refuses_what_is_not_a_seed_in_one_line(command, seed):
    result = runner.invoke(app, [command, str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--seed", seed])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: Invalid value for '--seed' / '-s': {seed.strip()!r} is not a seed: give a whole number from 0 "
        f"to 2**64-1 (18446744073709551615) (see 'wardsim {command} --help')"
    ]


def test_the_largest_seed_runs_from_the_command_line():
    args = [str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--seed", str(2**64 - 1), "--policy", "greedy"]
    result = runner.invoke(app, ["simulate", *args, "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seed"] == 2**64 - 1
    assert runner.invoke(app, ["replay", *args, "--game", "2"]).exit_code == 0


def test_a_resumed_run_with_every_game_saved_solves_no_duel_odds(tmp_path, monkeypatch):
    # the heuristic's exact duel odds take seconds: a report made again, its games all saved,
    # must not solve them again
    import wardsim.simulation as simulation

    solved = []
    real = simulation.duel_odds
    monkeypatch.setattr(simulation, "duel_odds", lambda *a: solved.append(a) or real(*a))
    first = simulate(A, B, games=20, seed=4, policy_a="greedy", chunk=10, out=tmp_path / "run")
    assert len(solved) == 1
    again = simulate(A, B, games=20, seed=4, policy_a="greedy", chunk=10, out=tmp_path / "run")
    assert len(solved) == 1
    assert _key(again) == _key(first)


def test_one_worker_plays_a_game_while_the_duel_odds_are_solved_once_per_pool(monkeypatch):
    # on a cold numba cache that worker compiles the game kernel meanwhile; the games are the same
    import wardsim.simulation as simulation

    pools = []
    real = simulation.worker_results
    monkeypatch.setattr(simulation, "_WARMED", set())
    monkeypatch.setattr(simulation, "worker_results", lambda calls, jobs: pools.append(jobs) or real(calls, jobs))
    first = simulate(A, B, games=40, seed=2, jobs=2, chunk=10)
    again = simulate(A, B, games=40, seed=2, jobs=2, chunk=10)
    assert pools == [2, 2, 2]  # the warm-up game, then each run's chunks
    alone = simulate(A, B, games=40, seed=2, jobs=1, chunk=10)
    assert first.totals.as_dict() == again.totals.as_dict() == alone.totals.as_dict()
    assert pools == [2, 2, 2]  # one job: played here, no warm-up
