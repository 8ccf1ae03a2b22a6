"""Output folders: a command writes into a new or empty folder, or one it wrote before, and never
replaces a file it did not write unless told --force (wardsim.outputs)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.outputs import MARKER, OutputError, OutputFolder

DECKS = Path(__file__).parent.parent / "decks"
runner = CliRunner()
REPORT = [
    "report",
    str(DECKS / "dragons.txt"),
    str(DECKS / "giants.txt"),
    *("--games", "4", "--policy", "greedy", "--ablation-games", "0", "--seed", "2"),
]


def _error_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert lines and lines[-1].startswith("error: "), result.output
    return lines[-1]


def test_a_report_never_overwrites_the_user_s_files(tmp_path):
    mine = tmp_path / "site"
    mine.mkdir()
    (mine / "index.html").write_text("my own page")
    result = runner.invoke(app, [*REPORT, "--out", str(mine)])
    assert result.exit_code == 2
    assert "already holds files that wardsim did not write (index.html)" in _error_line(result)
    assert "--force" in _error_line(result)
    assert (mine / "index.html").read_text() == "my own page" and sorted(p.name for p in mine.iterdir()) == [
        "index.html"
    ]
    # with --force the user agrees: the report is written there, its index.html replaces theirs
    result = runner.invoke(app, [*REPORT, "--out", str(mine), "--force"])
    assert result.exit_code == 0, result.output
    assert (mine / "index.html").read_text() != "my own page"


def test_a_report_folder_is_written_again_and_the_user_s_other_files_stay(tmp_path):
    out = tmp_path / "rep"
    assert runner.invoke(app, [*REPORT, "--out", str(out)]).exit_code == 0
    assert (out / MARKER).is_file() and (out / "runs").is_dir()
    (out / "notes.md").write_text("my notes")
    again = runner.invoke(app, [*REPORT, "--out", str(out)])  # resumes its own folder
    assert again.exit_code == 0, again.output
    assert (out / "notes.md").read_text() == "my notes"


def test_a_file_of_the_user_s_in_a_wardsim_folder_is_not_replaced(tmp_path):
    folder = OutputFolder.claim(tmp_path / "out")
    folder.file("decks.csv").write_text("ours")
    (tmp_path / "out" / "cards.csv").write_text("theirs")  # dropped in by hand afterwards
    again = OutputFolder.claim(tmp_path / "out")
    assert again.file("decks.csv") == tmp_path / "out" / "decks.csv"
    with pytest.raises(OutputError, match="cards.csv is not a file wardsim wrote"):
        again.file("cards.csv")
    again.remove("cards.csv")  # a stale chart is removed only when it is wardsim's
    assert (tmp_path / "out" / "cards.csv").read_text() == "theirs"
    assert OutputFolder.claim(tmp_path / "out", force=True).file("cards.csv").exists()


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_run_folder_must_be_a_folder_of_wardsim_s(tmp_path, command):
    decks = [str(DECKS / "dragons.txt"), str(DECKS / "giants.txt")]
    base = [command, *decks, "--games", "2", "--policy", "greedy"]
    afile = tmp_path / "afile"
    afile.write_text("keep me")
    result = runner.invoke(app, [*base, "--out", str(afile)])
    assert result.exit_code == 2 and _error_line(result) == (
        f"error: --out: {afile} is a file, not a folder; choose a folder (a new one is made)"
    )
    result = runner.invoke(app, [*base, "--out", str(afile / "sub")])
    assert result.exit_code == 2 and f"cannot write into {afile / 'sub'}" in _error_line(result)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "photo.jpg").write_bytes(b"\xff\xd8")
    result = runner.invoke(app, [*base, "--out", str(mine)])
    assert result.exit_code == 2 and "photo.jpg" in _error_line(result)
    assert afile.read_text() == "keep me" and [p.name for p in mine.iterdir()] == ["photo.jpg"]


def test_whatif_writes_only_into_its_own_folder(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "grizzly-bear-hp.csv").write_text("mine")
    args = ["whatif", "Grizzly Bear", "--sweep", "hp=50:60:10", "--matchup", "bleeders:giants", "--games", "2"]
    result = runner.invoke(app, [*args, "--policy", "greedy", "--out", str(mine)])
    assert result.exit_code == 2 and "already holds files that wardsim did not write" in _error_line(result)
    assert (mine / "grizzly-bear-hp.csv").read_text() == "mine"


def test_duels_replaces_its_own_files_but_not_the_user_s(tmp_path):
    args = ["duels", "-c", "Knight", "-c", "Orc", "--games", "50", "--seed", "4", "--out"]
    (tmp_path / "m.png").write_bytes(b"my picture")
    result = runner.invoke(app, [*args, str(tmp_path / "m.csv")])
    assert result.exit_code == 2 and f"{tmp_path / 'm.png'} is not a file wardsim wrote" in _error_line(result)
    assert (tmp_path / "m.png").read_bytes() == b"my picture"
    assert runner.invoke(app, [*args, str(tmp_path / "n.csv")]).exit_code == 0
    assert runner.invoke(app, [*args, str(tmp_path / "n.csv")]).exit_code == 0  # its own files: replaced
