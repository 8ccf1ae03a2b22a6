"""The documentation stays true to the code: every command-line option is documented under its
command in docs/cli.md, every relative link leads to a file (and heading) that exists, and the
README stays a short front door."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wardsim.cli import app

ROOT = Path(__file__).resolve().parents[1]
CLI_DOC = ROOT / "docs" / "cli.md"
README = ROOT / "README.md"
README_MAX_LINES = 250
# a long option name as help prints it; `--help` itself is every command's and is not documented per command
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
FENCE = re.compile(r"^\s*(```|~~~)")


def command_paths(typer_app, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and command group of a typer app, as the words that invoke it."""
    paths = []
    for info in typer_app.registered_commands:
        name = info.name or info.callback.__name__.replace("_", "-")
        paths.append((*prefix, name))
    for info in typer_app.registered_groups:
        name = info.name or info.typer_instance.info.name
        paths.append((*prefix, name))
        paths += command_paths(info.typer_instance, (*prefix, name))
    return paths


def leaf_commands(typer_app, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The commands that do something (not groups)."""
    leaves = [
        (*prefix, info.name or info.callback.__name__.replace("_", "-")) for info in typer_app.registered_commands
    ]
    for info in typer_app.registered_groups:
        name = info.name or info.typer_instance.info.name
        leaves += leaf_commands(info.typer_instance, (*prefix, name))
    return leaves


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, f"wardsim {' '.join(path)} --help failed:\n{result.output}"
    return result.output


def printed_options(path: tuple[str, ...]) -> set[str]:
    """The long option names `wardsim <path> --help` prints."""
    return set(OPTION.findall(help_text(path))) - {"--help"}


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, line))
    return lines


def section(text: str, heading: str) -> str | None:
    """The text under a level-2 heading `## <heading>` up to the next level-2 heading."""
    lines = text.splitlines()
    wanted = re.compile(rf"^##\s+`?{re.escape(heading)}`?(?:\s*$|[\s:(—-])")
    starts = [n - 1 for n, line in prose_lines(text) if line.startswith("## ")]
    for k, start in enumerate(starts):
        if wanted.match(lines[start]):
            end = starts[k + 1] if k + 1 < len(starts) else len(lines)
            return "\n".join(lines[start:end])
    return None


PATHS = command_paths(app)


def test_the_cli_has_commands_to_document():
    assert ("simulate",) in PATHS and ("deck", "check") in PATHS


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_every_option_is_documented_under_its_command(path):
    options = printed_options(path)
    if not options and path not in leaf_commands(app):
        return  # a command group with nothing but --help: its commands have the sections
    heading = "wardsim " + " ".join(path)
    body = section(CLI_DOC.read_text(encoding="utf-8"), heading)
    assert body is not None, f"docs/cli.md has no section '## {heading}'"
    missing = sorted(o for o in options if not re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", body))
    assert not missing, f"'## {heading}' in docs/cli.md does not mention {', '.join(missing)}"


def doc_files() -> list[Path]:
    return [README, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # http:, https:, mailto:, ...


def relative_links(path: Path) -> list[tuple[int, str]]:
    """(line number, target) of every relative Markdown link of a file, outside code."""
    links = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        line = re.sub(r"`[^`]*`", "", line)  # inline code is not a link
        targets = LINK.findall(line)
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        links += [(number, t) for t in targets if not EXTERNAL.match(t)]
    return links


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip()).lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    result = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        base = slug(match.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        result.add(base if n == 0 else f"{base}-{n}")
    return result


@pytest.mark.parametrize("doc", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_that_exist(doc):
    assert doc.exists(), f"{doc.relative_to(ROOT)} is missing"
    broken = []
    for number, target in relative_links(doc):
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        where = f"{doc.relative_to(ROOT)}:{number}: {target}"
        if not linked.exists():
            broken.append(f"{where} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{where} (no such heading)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_readme_is_a_short_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; keep it to {README_MAX_LINES}"
    assert "make test" in README.read_text(encoding="utf-8")


TEST_REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def test_the_tests_the_docs_cite_exist():
    cited = []
    for doc in doc_files():
        cited += [(doc, *m) for m in TEST_REFERENCE.findall(doc.read_text(encoding="utf-8"))]
    assert cited, "docs/rulings.md cites no test"
    missing = []
    for doc, file, name in cited:
        test_file = ROOT / file
        if not test_file.exists() or not re.search(rf"^\s*(?:async\s+)?def {name}\(", test_file.read_text(), re.M):
            missing.append(f"{doc.relative_to(ROOT)}: {file}::{name}")
    assert not missing, "cited tests that do not exist:\n" + "\n".join(missing)
