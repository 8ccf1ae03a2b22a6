"""`wardsim boss check`: are boss files for Boss Battles valid?"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from wardsim.bosses import Boss, BossError, BossProblem, load_boss

app = typer.Typer(help="Boss Battles: check boss files.", no_args_is_help=True)


@app.command("check")
def check(
    files: list[Path] = typer.Argument(..., help="Boss files (TOML, see docs/bosses.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per file."),
) -> None:
    """Check boss files; exit 1 if any has a problem."""
    results = []
    for path in files:
        try:
            boss = load_boss(path)
        except BossError as err:
            results.append(_result(path, None, err.problems))
            if not as_json:
                n = len(err.problems)
                typer.echo(f"{path}: {n} problem{'s' if n != 1 else ''}", err=True)
                for problem in err.problems:
                    typer.echo(f"  {problem}", err=True)
            continue
        results.append(_result(path, boss, []))
        if as_json:
            continue
        typer.echo(f"{path}: ok: {boss.summary()}")
        if boss.example:
            typer.echo("  note: an example boss, not an official one")
        flagged = boss.not_modeled()
        if flagged:
            names = ", ".join(f"{c.name} ({c.effect_status})" for c in flagged)
            typer.echo(f"  note: effects not fully encoded: {names}")
    if as_json:
        typer.echo(json.dumps(results, indent=2))
    if any(not result["ok"] for result in results):
        raise typer.Exit(1)


def _result(path: Path, boss: Boss | None, problems: list[BossProblem]) -> dict[str, Any]:
    """The JSON object of one checked file."""
    return {
        "file": str(path),
        "ok": boss is not None,
        "boss": boss.name if boss else None,
        "example": boss.example if boss else None,
        "hp": boss.hp if boss else None,
        "deck_size": boss.deck_size if boss else None,
        "not_modeled": [c.name for c in boss.not_modeled()] if boss else [],
        "problems": [{"line": p.line, "message": p.message, "fix": p.fix} for p in problems],
    }
