"""Golden playthroughs: fixed games replayed and compared byte for byte.

Each tests/playthroughs/*.txt holds one game as `wardsim replay` prints it, under a first line
`$ wardsim replay ARGS` that says how to play it again (see tests/playthroughs/README.md).
Docs examples marked `<!-- playthrough: FILE lines A-B -->` are checked against those files.
`pytest --regen-playthroughs` (`make playthroughs`) rewrites the files and the examples instead.
"""

from __future__ import annotations

import difflib
import re
import shlex
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from wardsim.cli import app

ROOT = Path(__file__).resolve().parents[1]
PLAYTHROUGHS = ROOT / "tests" / "playthroughs"
DECKS = ROOT / "decks"
PROMPT = "$ wardsim replay "
MIN_PLAYTHROUGHS = 8
MAX_DIFF_LINES = 60
MARKER = re.compile(r"^<!-- playthrough: (?P<file>\S+) lines (?P<first>\d+)-(?P<last>\d+) -->$")
FENCE_OPEN = "```text"
FENCE_CLOSE = "```"

runner = CliRunner()


def playthrough_files() -> list[Path]:
    return sorted(PLAYTHROUGHS.glob("*.txt"))


def replay_args(path: Path) -> list[str]:
    """The `wardsim replay` arguments written on the playthrough's first line."""
    header = path.read_text(encoding="utf-8").split("\n", 1)[0]
    if not header.startswith(PROMPT):
        pytest.fail(f"{path.name}: the first line must be {PROMPT!r} and its arguments, got {header!r}", pytrace=False)
    return shlex.split(header[len(PROMPT) :])


def replay_params(args: list[str]) -> dict:
    """The arguments as the `replay` command reads them (deck paths, seed, game, options)."""
    command = typer.main.get_command(app).commands["replay"]  # type: ignore[attr-defined]
    return command.make_context("replay", list(args)).params


def play(args: list[str]) -> bytes:
    """Exactly what `wardsim replay ARGS` prints, run from the repository root."""
    result = runner.invoke(app, ["replay", *args])
    if result.exit_code != 0:
        pytest.fail(f"wardsim replay {shlex.join(args)} exited {result.exit_code}:\n{result.output}", pytrace=False)
    return result.stdout_bytes


def short_diff(before: str, after: str, before_label: str, after_label: str) -> str:
    """A unified diff of two texts, cut to its first MAX_DIFF_LINES lines."""
    diff = list(
        difflib.unified_diff(before.splitlines(), after.splitlines(), before_label, after_label, n=2, lineterm="")
    )
    if not diff and before != after:
        diff = ["(the lines are equal; the bytes differ in line endings or a final newline)"]
    if len(diff) > MAX_DIFF_LINES:
        diff = [*diff[:MAX_DIFF_LINES], f"... {len(diff) - MAX_DIFF_LINES} more diff lines"]
    return "\n".join(diff)


@pytest.mark.parametrize("path", playthrough_files(), ids=lambda path: path.name)
def test_playthrough_replays_byte_for_byte(path, regen_playthroughs, monkeypatch):
    monkeypatch.chdir(ROOT)  # deck paths in the headers are relative to the repository root
    stored = path.read_bytes()
    header = stored.split(b"\n", 1)[0]
    replayed = header + b"\n" + play(replay_args(path))
    if regen_playthroughs:
        if replayed != stored:
            path.write_bytes(replayed)
        return
    if replayed != stored:
        diff = short_diff(
            stored.decode("utf-8"), replayed.decode("utf-8"), f"{path.name} (stored)", f"{path.name} (replayed)"
        )
        pytest.fail(
            f"{path.name} plays differently now. Read the diff like a referee; if the new play is right, "
            f"run `make playthroughs`.\n{diff}",
            pytrace=False,
        )


@pytest.mark.parametrize("path", playthrough_files(), ids=lambda path: path.name)
def test_playthrough_name_says_which_game(path):
    params = replay_params(replay_args(path))
    deck_a, deck_b = params["deck_files"]
    game = f"{Path(deck_a).stem}-vs-{Path(deck_b).stem}-s{params['seed']}-g{params['game']}"
    assert path.stem == game or path.stem.startswith(game + "-"), f"{path.name} holds {game}"


def test_there_are_enough_playthroughs():
    files = [path.name for path in playthrough_files()]
    assert len(files) >= MIN_PLAYTHROUGHS, f"{len(files)} playthroughs in {PLAYTHROUGHS}: {files}"


def test_every_bundled_deck_is_in_a_playthrough():
    played = set()
    for path in playthrough_files():
        params = replay_params(replay_args(path))
        played |= {Path(deck).stem for deck in params["deck_files"]}
    bundled = {path.stem for path in DECKS.glob("*.txt")}
    assert bundled, f"no decks in {DECKS}"
    assert not bundled - played, f"bundled decks in no playthrough: {sorted(bundled - played)}"


def docs_files() -> list[Path]:
    return [path for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))] if path.is_file()]


def docs_examples(path: Path) -> list[tuple[int, re.Match, int, int]]:
    """Each marked example: (marker index, marker, index of its first line, index of its closing fence)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    examples = []
    for i, line in enumerate(lines):
        marker = MARKER.match(line)
        if marker is None:
            continue
        where = f"{path.relative_to(ROOT)}:{i + 1}"
        if i + 1 >= len(lines) or lines[i + 1] != FENCE_OPEN:
            pytest.fail(f"{where}: a playthrough marker must be followed by a {FENCE_OPEN!r} line", pytrace=False)
        close = next((j for j in range(i + 2, len(lines)) if lines[j] == FENCE_CLOSE), None)
        if close is None:
            pytest.fail(f"{where}: the {FENCE_OPEN!r} block after the marker is never closed", pytrace=False)
        examples.append((i, marker, i + 2, close))
    return examples


def playthrough_lines(marker: re.Match, where: str) -> list[str]:
    """Lines A..B (1-based, inclusive) of the playthrough file the marker names."""
    path = PLAYTHROUGHS / marker["file"]
    if not path.is_file():
        pytest.fail(f"{where}: no playthrough {marker['file']!r} in {PLAYTHROUGHS.relative_to(ROOT)}", pytrace=False)
    lines = path.read_text(encoding="utf-8").splitlines()
    first, last = int(marker["first"]), int(marker["last"])
    if not 1 <= first <= last <= len(lines):
        pytest.fail(f"{where}: lines {first}-{last} are not within {marker['file']} (1-{len(lines)})", pytrace=False)
    return lines[first - 1 : last]


def test_docs_examples_are_lines_of_playthroughs(regen_playthroughs):
    problems = []
    for path in docs_files():
        lines = path.read_text(encoding="utf-8").split("\n")
        # from the last example up, so that rewriting one does not move the ones still to do
        for i, marker, start, close in reversed(docs_examples(path)):
            where = f"{path.relative_to(ROOT)}:{i + 1}"
            expected = playthrough_lines(marker, where)
            if lines[start:close] == expected:
                continue
            if regen_playthroughs:
                lines[start:close] = expected
            else:
                diff = short_diff("\n".join(lines[start:close]), "\n".join(expected), where, f"{marker['file']} lines")
                problems.append(f"{where}: the example is not lines {marker['first']}-{marker['last']}\n{diff}")
        if regen_playthroughs:
            text = "\n".join(lines)
            if text != path.read_text(encoding="utf-8"):
                path.write_text(text, encoding="utf-8", newline="")
    if problems:
        pytest.fail("\n\n".join(problems) + "\n(run `make playthroughs` to rewrite the examples)", pytrace=False)


def test_some_doc_shows_a_playthrough():
    marked = [path.relative_to(ROOT) for path in docs_files() if docs_examples(path)]
    assert marked, "no Markdown file in docs/ or README.md has a <!-- playthrough: FILE lines A-B --> example"
