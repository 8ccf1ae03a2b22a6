"""`wardsim deck check`: is a deck legal in a format?"""

from __future__ import annotations

from pathlib import Path

import typer

from wardsim.decks import DeckError, load_deck
from wardsim.formats import load_formats

app = typer.Typer(help="Deck files: check legality.", no_args_is_help=True)
DECK_MODES = ("standard", "ladder")


@app.command("check")
def check(
    files: list[Path] = typer.Argument(..., help="Deck files (one 'COUNT NAME' per line)."),
    fmt: str = typer.Option("official", "--format", "-f", help="official or casual."),
    mode: str = typer.Option(
        "standard", "--mode", help="standard, or ladder: an AL Ladder deck (one creature per AL class, 18 magic)."
    ),
) -> None:
    """Check decks against the deck rules; exit 1 if any is illegal."""
    if fmt not in load_formats():
        raise typer.BadParameter(f"unknown format {fmt!r}; known: {', '.join(load_formats())}", param_hint="--format")
    if mode not in DECK_MODES:
        raise typer.BadParameter(f"unknown mode {mode!r}; known: {', '.join(DECK_MODES)}", param_hint="--mode")
    ladder = mode == "ladder"
    illegal = 0
    for path in files:
        try:
            deck = load_deck(path, fmt, ladder=ladder)
        except DeckError as err:
            illegal += 1
            if err.unreadable:
                typer.echo(err.lines()[0], err=True)
                continue
            n = len(err.problems)
            typer.echo(
                f"{path}: illegal in the {fmt} format{' as an AL Ladder deck' if ladder else ''} "
                f"({n} problem{'s' if n > 1 else ''})",
                err=True,
            )
            for line in err.lines():
                typer.echo(f"  {line}", err=True)
            continue
        typer.echo(f"{path}: legal ({fmt}{', AL Ladder' if ladder else ''}): {deck.summary()}")
        flagged = deck.not_modeled()
        if flagged:
            names = ", ".join(f"{c.name} ({c.effect_status})" for c in flagged)
            typer.echo(f"  note: effects not fully encoded: {names}")
    if illegal:
        raise typer.Exit(1)
