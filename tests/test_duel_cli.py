"""`wardsim duel` and `wardsim duels` as a user runs them."""

from __future__ import annotations

import json

import pandas as pd
from typer.testing import CliRunner

from wardsim.cli import app

runner = CliRunner()
KEYS = {"a", "b", "method", "p_a_wins", "p_b_wins", "games", "stderr", "mean_exchanges"}


def test_duel_json_sampled_has_the_keys_and_the_seed_reproduces():
    args = ["duel", "Knight", "Frost Giant", "--games", "5000", "--seed", "7", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert KEYS <= set(data)
    assert data["method"] == "monte_carlo" and data["games"] == 5000 and data["seed"] == 7
    assert data["a"] == "Knight" and data["b"] == "Frost Giant"
    assert 0 <= data["p_a_wins"] <= 1 and data["stderr"] is not None and data["mean_exchanges"] > 1
    assert json.loads(runner.invoke(app, args).stdout) == data


def test_duel_json_exact_has_null_games_and_stderr():
    result = runner.invoke(app, ["duel", "goblin", "Hafling", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert KEYS <= set(data) and data["method"] == "exact"
    assert data["games"] is None and data["stderr"] is None
    assert data["a"] == "Goblin"  # names are matched without case
    assert abs(data["p_a_wins"] + data["p_b_wins"] + data["p_draw"] - 1) < 1e-12


def test_duel_sentence_gives_the_interval_and_the_seed():
    result = runner.invoke(app, ["duel", "Knight", "Goblin", "--games", "2000", "--seed", "11"])
    assert result.exit_code == 0, result.output
    assert "Knight beats Goblin" in result.stdout and "95% interval" in result.stdout
    assert "Seed 11" in result.stdout
    exact = runner.invoke(app, ["duel", "Knight", "Goblin", "--exact"])
    assert "exact" in exact.stdout and "interval" not in exact.stdout


def test_duel_unknown_name_exits_2_with_suggestions():
    result = runner.invoke(app, ["duel", "Knigt", "Goblin"])
    assert result.exit_code == 2
    assert "unknown card 'Knigt'" in result.output and "Knight" in result.output


def test_duel_rejects_a_magic_card():
    result = runner.invoke(app, ["duel", "Knight Armor", "Goblin"])
    assert result.exit_code == 2 and "magic card" in result.output


def test_duels_writes_the_matrix_and_the_heatmap(tmp_path):
    out = tmp_path / "m.parquet"
    names = ["Knight", "Goblin", "Frost Giant", "Orc"]
    args = ["duels", "--exact", "--out", str(out)] + [x for n in names for x in ("-c", n)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(out)
    assert list(frame.index) == names and list(frame.columns) == names
    assert ((frame >= 0) & (frame <= 1)).all().all()
    assert frame.loc["Frost Giant", "Goblin"] > 0.99
    png = tmp_path / "m.png"
    assert png.exists() and png.read_bytes()[:4] == b"\x89PNG"


def test_duels_sampled_csv_prints_the_seed(tmp_path):
    out = tmp_path / "m.csv"
    result = runner.invoke(
        app, ["duels", "-c", "Knight", "-c", "Orc", "--games", "500", "--seed", "4", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.stdout
    frame = pd.read_csv(out, index_col=0)
    assert frame.shape == (2, 2) and (tmp_path / "m.png").exists()


def test_duels_rejects_another_file_type(tmp_path):
    result = runner.invoke(app, ["duels", "-c", "Knight", "--out", str(tmp_path / "m.xlsx")])
    assert result.exit_code == 2 and ".parquet or .csv" in result.output
