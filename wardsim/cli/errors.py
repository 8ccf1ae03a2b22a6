"""How the command line ends when it cannot do what it was asked: one line, never a traceback.

Every command ends in one of three ways: it succeeds (exit 0); it cannot, and says so in one
line on stderr that starts with ``error:`` and names the file, line or option and the fix
(exit 2 for what the user gave, exit 1 for a deck that `deck check` finds illegal or a file
the system refuses to read or write); or it is interrupted by Ctrl-C, and says in one line
how many games were saved and the command that resumes them (exit 130).

`OneLineErrors` is the command group that enforces this for every command below it: a usage
error (an unknown option, a value out of bounds) becomes one line instead of a framed panel,
an `OSError` (a full disk, a folder that cannot be written) one line with the path, and an
interruption one line. A command that plays games raises `Interrupted` with what it saved.
"""

from __future__ import annotations

import errno
import shlex
import sys
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from wardsim.cluster import ClusterError

# click's exceptions, wherever this version of typer keeps click (vendored or the package)
_CLICK_ERRORS = sys.modules[typer.BadParameter.__module__]
ClickException: type[Exception] = _CLICK_ERRORS.ClickException
TYPED = "wardsim.typed_args"  # ctx.meta key: the arguments as typed, for the resume command
KEEP_HINT = "with --out DIR the games are kept and the same command resumes them"


class Interrupted(Exception):
    """Ctrl-C during a command that plays games: how many were saved, where, of how many."""

    def __init__(
        self, saved: int, total: int, folder: Path | str | None, what: str = "games", unsaved_hint: str = KEEP_HINT
    ):
        super().__init__(f"interrupted after {saved} {what}")
        self.saved = saved  # with a folder, the games saved there; without, the games played
        self.total = total
        self.folder = folder
        self.what = what
        self.unsaved_hint = unsaved_hint  # what to say when nothing is saved


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `error: message` on stderr; raise the returned Exit."""
    typer.echo(f"error: {one_line(message)}", err=True)
    return typer.Exit(code)


def one_line(message: str) -> str:
    return "; ".join(part.strip() for part in str(message).splitlines() if part.strip())


def typed_command(ctx: Any) -> str:
    """The command as it was typed (`wardsim` and its arguments), quoted for a shell."""
    args = ctx.meta.get(TYPED)
    return shlex.join(["wardsim", *args]) if args is not None else "the same command"


def interrupted_line(stop: Interrupted, command: str) -> str:
    """The one line printed on Ctrl-C."""
    if stop.folder is None:
        played = f"{stop.saved:,} of {stop.total:,} {stop.what}"
        return f"interrupted after {played}; nothing was saved ({stop.unsaved_hint})"
    if stop.saved == 0:
        return (
            f"interrupted before any of the {stop.total:,} {stop.what} was saved in {stop.folder}; "
            f"to start again: {command}"
        )
    return f"interrupted: {stop.saved:,} of {stop.total:,} {stop.what} saved in {stop.folder}; resume with: {command}"


def _usage_error(problem: Any) -> Exception:
    """A usage error as one line; `wardsim` or `wardsim deck` alone still show their help."""
    if type(problem).__name__ == "NoArgsIsHelpError":
        return problem
    command = getattr(getattr(problem, "ctx", None), "command_path", None) or "wardsim"
    return fail(f"{problem.format_message()} (see '{command} --help')", problem.exit_code)


class OneLineErrors(TyperGroup):
    """The root command group: every failure below it ends in one line (see the module notes)."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        try:  # the root's own options (`wardsim --bogus`)
            return super().make_context(info_name, args, parent=parent, **extra)
        except ClickException as problem:
            raise _usage_error(problem) from None

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[TYPED] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        for stream in (sys.stdout, sys.stderr):
            # a file name that is not UTF-8 reaches Python as lone surrogates: print them escaped
            # rather than fail on them (stderr does so already; stdout is strict by default)
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        try:
            return super().invoke(ctx)
        except typer.Exit:
            raise
        except ClusterError as problem:  # --scheduler: the cluster cannot play the games
            raise fail(str(problem)) from None
        except Interrupted as stop:
            typer.echo(interrupted_line(stop, typed_command(ctx)), err=True)
            raise typer.Exit(130) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except ClickException as problem:
            raise _usage_error(problem) from None
        except OSError as problem:
            if problem.errno == errno.EPIPE:  # the reader of our output went away: typer exits quietly
                raise
            where = f"{problem.filename}: " if problem.filename else ""
            raise fail(f"{where}{problem.strerror or problem}", 1) from None
