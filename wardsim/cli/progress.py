"""What every game-playing command shows while it plays: a bar of games, and a resume's notice."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def game_bar(console: Console) -> Progress:
    """A progress bar of games on the console, shown only on a terminal."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )


def notice_printer(console: Console) -> Callable[[str], None]:
    """Print a resume's one-line notice on the console, unwrapped (it is one line)."""
    return lambda line: console.print(line, highlight=False, markup=False, soft_wrap=True)
