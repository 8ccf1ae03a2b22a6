"""Options that several commands share, with the bounds that keep any value from a traceback.

A seed is any whole number from 0 to 2**64-1: the kernels' generators take a 64-bit word
(`wardsim.kernel.rng`), so every such seed is a different run and nothing else is one. Games,
duels and worker processes have upper bounds too: a value beyond them would not finish, or
would start more processes than the machine can hold, so it is refused before anything runs.
"""

from __future__ import annotations

import os
import re
from typing import Any

import typer

SEED_MAX = 2**64 - 1
MAX_GAMES = 1_000_000_000  # per run or pairing: about a day of the fastest policy on one core
MAX_DUELS = 10_000_000  # per pair: the sampled duels' outcomes are held in memory (10 bytes each)
MAX_JOBS = 4 * (os.cpu_count() or 1)  # worker processes: more than this only adds memory
SEED_TEXT = re.compile(r"[0-9][0-9_]*")


def parse_seed(text: str) -> int:
    """A seed from the command line: digits only (underscores allowed), 0 to 2**64-1."""
    value = str(text).strip()
    if SEED_TEXT.fullmatch(value) and len(value) <= 40 and int(value) <= SEED_MAX:
        return int(value)
    shown = value if len(value) <= 30 else value[:30] + "..."
    raise typer.BadParameter(f"{shown!r} is not a seed: give a whole number from 0 to 2**64-1 ({SEED_MAX})")


def seed_option(default: int | None, help: str) -> Any:
    """`--seed/-s`: a seed (see `parse_seed`); `default` None means the command picks one."""
    return typer.Option(default, "--seed", "-s", parser=parse_seed, metavar="SEED", help=help)


def jobs_option(help: str = "Worker processes.") -> Any:
    return typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help=help)


def games_option(default: int, help: str, low: int = 1, high: int = MAX_GAMES) -> Any:
    return typer.Option(default, "--games", "-n", min=low, max=high, help=help)


def force_option() -> Any:
    return typer.Option(
        False,
        "--force",
        help="Write into a folder that holds files wardsim did not write (files of the same name are replaced).",
    )


def scheduler_option() -> Any:
    """`--scheduler`: the address of a dask.distributed scheduler (`wardsim.cluster`)."""
    return typer.Option(
        None,
        "--scheduler",
        metavar="ADDRESS",
        help="A dask scheduler (tcp://HOST:8786): play the games on its workers instead of --jobs local "
        "processes, with the same results (needs wardsim[cluster]; docs/cluster.md).",
    )


def workers_text(jobs: int, scheduler: str | None) -> str:
    """Where the games are played, for a command's first line: `2 jobs` or the scheduler."""
    if scheduler:
        return f"on the dask scheduler {scheduler}"
    return f"{jobs} job{'s' if jobs > 1 else ''}"
