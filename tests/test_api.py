"""The public Python API: every name resolves, and the README's example runs as printed."""

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd

import wardsim as ws
from wardsim.records import RECORD_COLUMNS

ROOT = Path(__file__).resolve().parent.parent


def test_every_public_name_resolves_and_is_listed():
    for name in ws.__all__:
        assert getattr(ws, name) is not None, name
    assert {"load_deck", "bundled_decks", "simulate", "round_robin", "replay", "Rules"} <= set(ws.__all__)


def test_importing_wardsim_does_not_load_matplotlib():
    # workers and the command line import wardsim; charts load matplotlib only when drawn
    code = "import sys, wardsim, wardsim.simulation; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_simulate_and_round_robin_return_one_records_schema():
    decks = ws.bundled_decks()[:3]
    one = ws.simulate(decks[0], decks[1], games=6, seed=2, policy_a="greedy", keep_records=True).records
    many = ws.round_robin(decks, games=3, seed=2, policy="greedy").records
    for records in (one, many):
        assert list(records.columns) == list(RECORD_COLUMNS)
        assert isinstance(records["end_reason"].dtype, pd.CategoricalDtype)
        assert isinstance(records["deck_a"].dtype, pd.CategoricalDtype)
    # both feed the same analytics
    assert ws.matchup_matrix(one).win_rate.shape == (2, 2)
    assert ws.deck_summary(many).shape[0] == 3


def test_replay_is_the_game_simulate_counted():
    a, b = ws.bundled_decks()[:2]
    counted = ws.simulate(a, b, games=4, seed=9, policy_a="greedy", keep_records=True).records
    again = ws.replay(a, b, seed=9, game=3, policy_a="greedy")
    assert again.winner == int(counted.loc[counted["game"] == 3, "winner"].item())
    assert again.text().startswith(f"Rules: {ws.Rules().describe()}.")


def test_the_readme_python_example_runs_as_printed(tmp_path):
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "README.md shows a Python example"
    example = blocks[0]
    assert len(example.strip().splitlines()) <= 6
    script = tmp_path / "example.py"
    script.write_text("import matplotlib\nmatplotlib.use('Agg')\n" + example)
    subprocess.run([sys.executable, str(script)], cwd=tmp_path, check=True, capture_output=True, timeout=900)
    assert (tmp_path / "matchups.png").stat().st_size > 0
