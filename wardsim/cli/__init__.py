"""The `wardsim` command line: one module per command group, wired here explicitly.

`app` holds every command (`wardsim --help` lists them; the tests invoke it). The `wardsim`
console script (`main`) wires only the command it is asked for, so `wardsim duel` or
`wardsim deck check` import their own module, not the report's, the what-ifs' or the game
engine's: the same command, options and errors, a second less of start-up on 2 cores.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer

from wardsim.cli.errors import OneLineErrors

# command name: (module, function), in the order `wardsim --help` lists them
COMMANDS: dict[str, tuple[str, str]] = {
    "cards": ("wardsim.cli.cards", "cards"),
    "simulate": ("wardsim.cli.simulate", "simulate"),
    "replay": ("wardsim.cli.simulate", "replay"),
    # deck pools: round robin and the balance report
    "tournament": ("wardsim.cli.tournament", "tournament"),
    "report": ("wardsim.cli.report", "report"),
    # battle commands
    "duel": ("wardsim.cli.duel", "duel"),
    "duels": ("wardsim.cli.duel", "duels"),
    "whatif": ("wardsim.cli.whatif", "whatif_command"),
    # the bots measured
    "ladder": ("wardsim.cli.ladder", "ladder_command"),
    # the whole set: every card ranked, and the strongest decks searched for
    "survey": ("wardsim.cli.survey", "survey_command"),
    "optimize": ("wardsim.cli.optimize", "optimize_command"),
}
# command group name: (module, its typer app)
GROUPS: dict[str, tuple[str, str]] = {"deck": ("wardsim.cli.deck", "app"), "boss": ("wardsim.cli.boss", "app")}
ORDER = ["cards", "deck", *[name for name in COMMANDS if name != "cards"], "boss"]


def build_app(names: list[str] | None = None) -> typer.Typer:
    """The command line with the commands `names` (default: all of them)."""
    wired = typer.Typer(
        name="wardsim",
        help="Monte Carlo balance and deck analytics for the WARD trading card game.",
        cls=OneLineErrors,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in ORDER if names is None else names:
        if name in GROUPS:
            module, attr = GROUPS[name]
            wired.add_typer(getattr(importlib.import_module(module), attr), name=name)
        else:
            module, attr = COMMANDS[name]
            wired.command(name)(getattr(importlib.import_module(module), attr))
    if names is not None and len(names) == 1 and names[0] in COMMANDS:
        # typer runs a lone command as the program itself: a callback keeps `wardsim NAME`
        wired.callback()(lambda: None)
    return wired


def __getattr__(name: str) -> Any:
    """`app`: every command, built on first use (PEP 562)."""
    if name == "app":
        globals()["app"] = build_app()
        return globals()["app"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else None
    if command in COMMANDS or command in GROUPS:
        build_app([command])()
    else:  # --help, no command, a mistyped one: the whole command line answers
        build_app()()
