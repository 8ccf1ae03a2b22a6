"""What every game-playing command shows while it plays: a bar of games, and a resume's notice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

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


T = TypeVar("T")


def play_games(
    err: Console, total: int | None, out: Path | None, scheduler: str | None, run: Callable[[Callable[[int], None]], T]
) -> T:
    """`run(advance)` under a bar of `total` games (None: not known ahead) (on `scheduler`'s workers when given); Ctrl-C
    says what was saved in `out`, and a bad `--out` or a bad value exits 2 with its reason."""
    from wardsim.cli.errors import Interrupted, fail
    from wardsim.cluster import use_scheduler
    from wardsim.outputs import OutputError

    done = [0]
    try:
        with use_scheduler(scheduler), game_bar(err) as bar:
            task = bar.add_task("games", total=total)

            def advance(n: int) -> None:
                done[0] += n
                bar.advance(task, n)

            return run(advance)
    except KeyboardInterrupt:
        raise Interrupted(done[0], done[0] if total is None else total, out) from None
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    except ValueError as problem:
        raise fail(str(problem)) from None
