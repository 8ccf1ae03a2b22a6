"""Runs that die: Ctrl-C says what was saved and how to resume, workers never outlive their run,
and a run killed at any moment resumes to the very files of a run that was never killed."""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from joblib import delayed
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.runs import uninterrupted
from wardsim.simulation import simulate, worker_results

DECKS = Path(__file__).parent.parent / "decks"
WARDSIM = Path(sys.executable).parent / "wardsim"
A = load_deck(DECKS / "dragons.txt")
B = load_deck(DECKS / "bleeders.txt")
runner = CliRunner()
SIM = ["simulate", str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--policy", "greedy"]


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl-C delivered and handled as a shell started from a
    terminal would leave it, whatever earlier tests' threads (a dask cluster's) left in this
    process's signal mask or handlers, which a child inherits."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _saved_chunks(folder: Path) -> int:
    try:
        return (folder / "manifest.json").read_text().count('"first"')
    except (OSError, ValueError):
        return 0


def _wait_for(condition, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# ---------------------------------------------------------------- Ctrl-C, in process


def _interrupt_after(games: int):
    """A stand-in for the simulation that saves `games` games, then meets Ctrl-C."""

    def run(*args, progress=None, **kwargs):
        progress(games)
        raise KeyboardInterrupt

    return run


def test_ctrl_c_says_in_one_line_what_was_saved_and_how_to_resume(tmp_path, monkeypatch):
    monkeypatch.setattr("wardsim.cli.simulate.run_simulation", _interrupt_after(3000))
    args = [*SIM, "--games", "10000", "--seed", "7", "--out", str(tmp_path / "my run")]
    result = runner.invoke(app, args)
    assert result.exit_code == 130
    command = shlex.join(["wardsim", *args])
    assert result.stderr.splitlines()[-1] == (
        f"interrupted: 3,000 of 10,000 games saved in {tmp_path / 'my run'}; resume with: {command}"
    )
    result = runner.invoke(app, [*SIM, "--games", "10000"])
    assert result.exit_code == 130
    assert result.stderr.splitlines()[-1] == (
        "interrupted after 3,000 of 10,000 games; nothing was saved "
        "(with --out DIR the games are kept and the same command resumes them)"
    )


def _pool_interrupted_after(games: int, stage: str | None = None):
    def run(*args, progress=None, **kwargs):
        if stage:
            progress(stage, games, games)
        else:
            progress(games)
        raise KeyboardInterrupt

    return run


def test_ctrl_c_in_a_tournament_or_a_report_names_the_saved_games(tmp_path, monkeypatch):
    decks = [str(DECKS / "dragons.txt"), str(DECKS / "giants.txt")]
    monkeypatch.setattr("wardsim.cli.tournament.round_robin", _pool_interrupted_after(700))
    args = ["tournament", *decks, "--games", "1000", "--out", str(tmp_path / "t")]
    result = runner.invoke(app, args)
    assert result.exit_code == 130 and result.stderr.splitlines()[-1] == (
        f"interrupted: 700 of 2,000 games saved in {tmp_path / 't'}; resume with: {shlex.join(['wardsim', *args])}"
    )
    monkeypatch.setattr("wardsim.cli.report.build_report", _pool_interrupted_after(700, "tournament"))
    args = ["report", *decks, "--games", "1000", "--out", str(tmp_path / "r")]
    result = runner.invoke(app, args)
    assert result.exit_code == 130 and result.stderr.splitlines()[-1] == (
        f"interrupted: 700 of 2,000 round-robin games saved in {tmp_path / 'r' / 'runs'}; "
        f"resume with: {shlex.join(['wardsim', *args])}"
    )


def test_ctrl_c_in_a_whatif_says_nothing_was_kept(monkeypatch):
    monkeypatch.setattr("wardsim.cli.whatif.whatif", _pool_interrupted_after(10))
    result = runner.invoke(app, ["whatif", "Grizzly Bear", "--set", "hp=60", "--games", "2", "--policy", "greedy"])
    assert result.exit_code == 130
    assert re.fullmatch(
        r"interrupted after 10 of [\d,]+ games; nothing was saved \(a what-if keeps no games; run it again to start "
        r"over\)",
        result.stderr.splitlines()[-1],
    )


def test_ctrl_c_in_any_command_exits_130_with_one_line(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("wardsim.cli.cards.default_catalog", interrupted)
    result = runner.invoke(app, ["cards"])
    assert result.exit_code == 130 and result.stderr.splitlines() == ["interrupted"]


def test_ctrl_c_while_a_chunk_is_saved_waits_until_it_is_counted():
    # the interrupted line counts the chunks the progress callback saw: Ctrl-C between a chunk's
    # save and its count said one chunk fewer than the manifest held
    counted = []
    with pytest.raises(KeyboardInterrupt), uninterrupted():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.01)  # the handler runs here, between "saved" and "counted"
        counted.append(1)
    assert counted == [1]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_results_closed_before_their_end_warn_nothing():
    # Ctrl-C that lands while the parent writes a chunk (not while it waits for the next) closes
    # the workers' results with chunks in flight: the command's lines stay the seed line and
    # the interrupted line, with no joblib warning about cancelled tasks between them
    results = worker_results([delayed(time.sleep)(0.2) for _ in range(8)], jobs=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        next(results)
        results.close()
    assert [str(w.message) for w in caught] == []


# ---------------------------------------------------------------- real processes


def test_ctrl_c_stops_the_workers_and_the_printed_command_resumes(tmp_path):
    # Ctrl-C in a terminal reaches the whole process group: the workers ignore it, the parent
    # stops them, prints one line and exits 130; the line's command finishes the run
    out = tmp_path / "run"
    args = [*SIM, "--games", "400000", "--seed", "3", "--jobs", "2", "--out", str(out)]
    proc = subprocess.Popen(
        [str(WARDSIM), *args], start_new_session=True, stderr=subprocess.PIPE, text=True, preexec_fn=_as_from_a_terminal
    )
    try:
        _wait_for(lambda: _saved_chunks(out) >= 2, 300, "two saved chunks")
        workers = _children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    last = err.strip().splitlines()[-1]
    match = re.fullmatch(r"interrupted: ([\d,]+) of 400,000 games saved in (.+); resume with: (.+)", last)
    assert match, err
    assert "Traceback" not in err and err.count("\n") == 2  # the seed line and this one
    saved = int(match[1].replace(",", ""))
    assert saved == 1000 * _saved_chunks(out)
    assert shlex.split(match[3]) == ["wardsim", *args]
    _wait_for(lambda: not any(_alive(pid) for pid in workers), 10, "the workers to exit")
    # the printed command, with fewer games so that it ends soon, resumes the saved chunks
    resumed = runner.invoke(app, [*SIM, "--games", str(saved + 500), "--seed", "3", "--out", str(out)])
    assert resumed.exit_code == 0, resumed.output
    assert f"{saved:,} of {saved + 500:,} games saved before" in resumed.stderr
    simulate(A, B, games=saved + 500, seed=3, policy_a="greedy", out=tmp_path / "reference")
    assert folder_bytes(out) == folder_bytes(tmp_path / "reference")


def test_workers_exit_within_seconds_when_their_parent_is_killed(tmp_path):
    out = tmp_path / "run"
    args = [*SIM, "--games", "400000", "--jobs", "2", "--out", str(out)]
    proc = subprocess.Popen([str(WARDSIM), *args], stderr=subprocess.DEVNULL)
    try:
        _wait_for(lambda: _saved_chunks(out) >= 2, 300, "two saved chunks")
        children = _children(proc.pid)  # two workers and the resource trackers
        assert len(children) >= 2
        proc.kill()
        killed = time.monotonic()
        proc.wait()
        _wait_for(lambda: not any(_alive(pid) for pid in children), 10, "the workers to exit")
        seconds = time.monotonic() - killed
    finally:
        proc.kill()
    print(f"\n{len(children)} child processes exited {seconds:.2f} s after their parent was killed")
    assert seconds < 5


@pytest.mark.slow
def test_a_run_killed_five_times_at_random_moments_resumes_to_the_same_files(tmp_path):
    # SIGKILL at random (seeded) moments: mid-chunk, mid-write, between a chunk's files and its
    # manifest entry; the run is resumed each time and at the end its folder holds the same
    # bytes (records, totals, manifest) as a run that was never killed
    games, chunk = 40_000, 500
    reference = tmp_path / "reference"
    simulate(A, B, games=games, seed=3, policy_a="greedy", chunk=chunk, out=reference)
    out = tmp_path / "run"
    driver = (
        "from wardsim.decks import load_deck; from wardsim.simulation import simulate; "
        f"simulate(load_deck({str(DECKS / 'dragons.txt')!r}), load_deck({str(DECKS / 'bleeders.txt')!r}), "
        f"games={games}, seed=3, policy_a='greedy', chunk={chunk}, jobs=2, out={str(out)!r})"
    )
    moments = random.Random(18)
    progress = []
    for _ in range(5):
        before = _saved_chunks(out)
        proc = subprocess.Popen([sys.executable, "-c", driver], stderr=subprocess.DEVNULL)
        # once the run is saving again, a random moment of the next 1.5 s (chunks take ~0.15 s)
        _wait_for(lambda: _saved_chunks(out) > before, 120, "a chunk saved")  # noqa: B023
        time.sleep(moments.uniform(0.0, 1.5))
        children = _children(proc.pid)
        assert proc.poll() is None, "the run finished before it was killed"
        proc.kill()
        proc.wait()
        _wait_for(lambda: not any(_alive(pid) for pid in children), 10, "the workers to exit")  # noqa: B023
        progress.append(_saved_chunks(out))
    print(f"\nchunks saved after each of the 5 kills: {progress} of {games // chunk}")
    lines = []
    simulate(A, B, games=games, seed=3, policy_a="greedy", chunk=chunk, jobs=2, out=out, notice=lines.append)
    assert lines == [
        f"resuming {out}: {500 * progress[-1]:,} of {games:,} games saved before, checked against their checksums"
    ]
    assert folder_bytes(out) == folder_bytes(reference)
