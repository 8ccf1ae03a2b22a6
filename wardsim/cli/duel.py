"""`wardsim duel` and `wardsim duels`: one creature against another, or every pair.

The duel semantics (turns, exchanges, DOT timing, statuses) are in `wardsim.kernel.duel.battle`.
"""

from __future__ import annotations

import json
import math
import secrets
import sys
from pathlib import Path

import typer

from wardsim.battle import DEFAULT_GAMES, DuelError, DuelResult, duel_matrix
from wardsim.battle import duel as run_duel
from wardsim.catalog import default_catalog
from wardsim.cli.errors import fail
from wardsim.cli.options import MAX_DUELS, force_option, seed_option
from wardsim.kernel.exact.spec import UnsupportedPair
from wardsim.outputs import OutputError, OutputFolder, parquet_bytes, write_atomic

MATRIX_GAMES = 10_000


def _interval(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion p observed over n duels."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _pct(p: float) -> str:
    """A percentage with enough digits to tell it from 0% and 100%."""
    tail = min(p, 1.0 - p)
    if tail <= 0.0:
        return f"{100 * p:.0f}%"
    digits = min(12, max(2, 1 - math.floor(math.log10(100 * tail))))
    return f"{100 * p:.{digits}f}%"


def _sentence(r: DuelResult) -> str:
    mean = (
        f"{r.mean_exchanges:.2f}" if r.mean_exchanges is not None and math.isfinite(r.mean_exchanges) else "unbounded"
    )
    if r.method == "exact":
        return (
            f"{r.a} beats {r.b} with probability {_pct(r.p_a_wins)} (exact; {r.b} wins "
            f"{_pct(r.p_b_wins)}, draw {_pct(r.p_draw)}); {mean} exchanges on average."
        )
    lo, hi = _interval(r.p_a_wins, r.games or 1)
    return (
        f"{r.a} beats {r.b} in {_pct(r.p_a_wins)} of {r.games:,} duels (95% interval "
        f"{_pct(lo)} to {_pct(hi)}; {r.b} wins {_pct(r.p_b_wins)}, draw {_pct(r.p_draw)}); "
        f"{mean} exchanges on average. Seed {r.seed}."
    )


def duel(
    name_a: str = typer.Argument(..., metavar="NAME_A", help="The first creature (A)."),
    name_b: str = typer.Argument(..., metavar="NAME_B", help="The second creature (B)."),
    games: int = typer.Option(
        None, "--games", "-n", min=1, max=MAX_DUELS, help=f"Duels to sample (default {DEFAULT_GAMES:,})."
    ),
    seed: int = seed_option(None, "Seed of the sampled duels, 0 to 2**64-1 (default: random, printed)."),
    exact: bool = typer.Option(False, "--exact", help="Solve exactly instead of sampling."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Duel two creatures: the chance that NAME_A beats NAME_B."""
    if seed is None and not exact:
        seed = secrets.randbits(63)
    try:
        result = run_duel(name_a, name_b, games=games, seed=seed if seed is not None else 0, exact=exact)
    except KeyError as err:
        raise fail(err.args[0]) from None
    except (DuelError, UnsupportedPair) as err:
        raise fail(f"{err}" + ("; run without --exact to sample it" if exact else "")) from None
    if as_json:
        typer.echo(json.dumps(result.as_dict()))
        return
    typer.echo(_sentence(result))
    for note in result.notes:
        typer.echo(f"  note: {note}")


def _generation(value: str) -> int:
    if value.lower() in ("promo", "promos", "0"):
        return 0
    if value not in ("1", "2", "3"):
        raise typer.BadParameter("expected 1, 2, 3 or promo")
    return int(value)


def _heatmap(frame, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    k = len(frame)
    size = max(6.0, 0.16 * k + 3)
    fig, ax = plt.subplots(figsize=(size, size * 0.9))
    image = ax.imshow(frame.to_numpy(dtype=float), cmap="RdBu", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(k), frame.columns, rotation=90, fontsize=max(4, 10 - k // 15))
    ax.set_yticks(range(k), frame.index, fontsize=max(4, 10 - k // 15))
    ax.set_xlabel("B (column)")
    ax.set_ylabel("A (row)")
    ax.set_title(title)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="P(A beats B)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def duels(
    out: Path = typer.Option(
        ..., "--out", "-o", help="Matrix file: .parquet or .csv (a .png heatmap is written beside it)."
    ),
    generation: str = typer.Option("1", "--generation", "-g", help="1, 2, 3 or promo."),
    creature: list[str] = typer.Option(
        None, "--creature", "-c", help="Only these creatures (repeat the option); default: the whole generation."
    ),
    exact: bool = typer.Option(False, "--exact", help="Solve every pair exactly instead of sampling."),
    games: int = typer.Option(
        MATRIX_GAMES, "--games", "-n", min=1, max=MAX_DUELS, help="Duels per pair when sampling."
    ),
    seed: int = seed_option(None, "Seed when sampling, 0 to 2**64-1 (default: random, printed)."),
    jobs: int = typer.Option(None, "--jobs", "-j", min=1, max=1024, help="Threads (default: every core)."),
    force: bool = force_option(),
) -> None:
    """Every creature against every other: P(row beats column) as a matrix and a heatmap."""
    suffix = out.suffix.lower()
    if suffix not in (".parquet", ".csv"):
        raise fail(f"--out must end in .parquet or .csv, got {out.name!r}")
    catalog = default_catalog()
    if creature:
        try:
            names = list(dict.fromkeys(catalog[n].name for n in creature))  # a creature named twice is one row
        except KeyError as err:
            raise fail(err.args[0]) from None
    else:
        gen = _generation(generation)
        names = [c.name for c in catalog.generation(gen) if c.is_creature]
    if not exact and seed is None:
        seed = secrets.randbits(63)
    try:  # before any duel: a file of the user's is not replaced (wardsim.outputs)
        folder = OutputFolder.beside(out, force)
        png = folder.file(out.with_suffix(".png").name)
        out = folder.file(out.name)
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    console_progress = sys.stderr.isatty()
    try:
        if console_progress:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            with Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                transient=True,
            ) as bar:
                task = bar.add_task("duels", total=len(names) * (len(names) + 1) // 2)
                frame = duel_matrix(
                    names,
                    exact=exact,
                    jobs=jobs,
                    games=games,
                    seed=seed or 0,
                    progress=lambda done, total: bar.update(task, completed=done),
                )
        else:
            frame = duel_matrix(names, exact=exact, jobs=jobs, games=games, seed=seed or 0)
    except DuelError as err:
        raise fail(str(err)) from None
    table = frame.copy()
    table.attrs = {}
    if suffix == ".parquet":
        write_atomic(out, parquet_bytes(table))
    else:
        table.to_csv(out)
    method = "exact" if exact else f"{games:,} duels per pair, seed {seed}"
    _heatmap(table, png, f"P(A beats B), {len(names)} creatures ({method})")
    typer.echo(f"wrote {out} ({len(names)}x{len(names)}) and {png}")
    if not exact:
        typer.echo(f"seed {seed}")
    flagged = frame.attrs.get("flagged", [])
    if flagged:
        typer.echo(
            f"note: the catalog encodes the effect of {len(flagged)} creatures only partly or not "
            f"at all: {', '.join(flagged)}"
        )
    quiet = [name for name in frame.attrs.get("notes", {}) if name not in flagged]
    if quiet:
        typer.echo(
            f"note: {len(quiet)} creatures have effects that do nothing in a duel "
            f"(they need other cards): {', '.join(quiet)}"
        )
