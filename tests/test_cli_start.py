"""The `wardsim` command starts light: it wires only the command it runs, which answers exactly
as the whole command line does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wardsim.cli import COMMANDS, GROUPS, app, build_app

ROOT = Path(__file__).parent.parent
DECK = str(ROOT / "decks" / "dragons.txt")
runner = CliRunner()


def _loaded_after(args: list[str]) -> set[str]:
    """The modules loaded by `wardsim ARGS` through the console script's entry point."""
    code = (
        "import sys\n"
        f"sys.argv = ['wardsim', *{args!r}]\n"
        "from wardsim.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return set(out.stdout.splitlines()[-1].split())  # the last line: the modules


def test_the_wardsim_command_imports_only_the_module_of_its_command():
    deck = _loaded_after(["deck", "check", DECK])
    assert "wardsim.cli.deck" in deck
    assert not deck & {"wardsim.cli.report", "wardsim.simulation", "wardsim.report", "pandas", "numba"}
    duel = _loaded_after(["duel", "Knight", "Goblin", "--games", "10"])
    assert "wardsim.battle" in duel
    assert not duel & {"wardsim.cli.report", "wardsim.simulation", "wardsim.report", "matplotlib", "pandas"}


@pytest.mark.parametrize(
    "args",
    [
        ["duel", "Knight", "Goblin", "--exact", "--json"],
        ["duel", "Knight", "--bogus"],
        ["duel"],
        ["deck", "check", DECK, "nowhere.txt"],
        ["deck"],
        ["boss", "check", str(ROOT / "bosses" / "omega_titan.toml"), "nowhere.toml"],
        ["boss"],
        ["cards", "--coverage"],
        ["simulate", DECK, DECK, "--games", "0"],
    ],
)
def test_a_lone_command_answers_as_the_whole_command_line(args):
    alone = runner.invoke(build_app([args[0]]), args)
    whole = runner.invoke(app, args)
    assert (alone.exit_code, alone.stdout, alone.stderr) == (whole.exit_code, whole.stdout, whole.stderr)


def test_every_command_of_the_command_line_can_run_alone():
    assert sorted(c.name for c in app.registered_commands) == sorted(COMMANDS)
    assert sorted(g.name for g in app.registered_groups) == sorted(GROUPS)
    for name in [*COMMANDS, *GROUPS]:
        assert runner.invoke(build_app([name]), [name, "--help"]).exit_code == 0
