"""`wardsim optimize`: a noise-aware evolutionary search for the decks that beat a field."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from wardsim.cli.errors import Interrupted, fail
from wardsim.cli.options import MAX_GAMES, force_option, jobs_option, scheduler_option, seed_option, workers_text
from wardsim.cli.progress import game_bar
from wardsim.cli.report import deck_paths
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import POLICY_HELP, check_policy, load_decks
from wardsim.cluster import use_scheduler
from wardsim.formats import load_formats
from wardsim.optimizer import CHILDREN, FINAL_GAMES, KEEP, PARENTS, STEP, check_budget, optimize
from wardsim.outputs import OutputError
from wardsim.policies import DEFAULT_POLICY
from wardsim.rules import Rules
from wardsim.set_pages import write_search
from wardsim.surveys import read_card_list

DEFAULT_OUT = Path("reports/optimized")


@rule_options
def optimize_command(
    field_dir: Path = typer.Option(
        None, "--field", help="Folder of deck files the candidates play (default: the bundled decks)."
    ),
    budget: int = typer.Option(
        200_000, "--budget", "-b", min=1, max=MAX_GAMES, help="Games in all, the final measure included."
    ),
    generation: int = typer.Option(
        1, "--generation", "-g", help="The set the decks are built from: 1, 2, 3, or 0 for the promos."
    ),
    cards: Path = typer.Option(
        None, "--cards", help="A file of card names, one per line: the pool instead of --generation."
    ),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules the decks must follow: official or casual."),
    start: Path = typer.Option(
        None, "--start", help="Deck file the search starts from (default: a deck generated from the pool)."
    ),
    seed: int = seed_option(0, "Search seed, 0 to 2**64-1 (mutations and games derive from it)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    parents: int = typer.Option(
        PARENTS, "--parents", min=1, max=100, help="Decks kept from one generation to the next."
    ),
    children: int = typer.Option(CHILDREN, "--children", min=1, max=1000, help="New decks per generation."),
    final_games: int = typer.Option(
        FINAL_GAMES,
        "--final-games",
        min=2,
        max=MAX_GAMES,
        help="Games per field deck and seat measuring each best deck.",
    ),
    keep: int = typer.Option(KEEP, "--keep", min=1, max=100, help="Best decks written."),
    out: Path = typer.Option(
        DEFAULT_OUT, "--out", "-o", help="Folder of the best decks (its games/ subfolder resumes)."
    ),
    force: bool = force_option(),
    *,
    rules: Rules,
) -> None:
    """Search the pool for the decks that beat the field; write them as deck files."""
    check_policy(policy, "--policy")
    if fmt not in load_formats():
        raise typer.BadParameter(f"unknown format {fmt!r}; known: {', '.join(load_formats())}", param_hint="--format")
    field = load_decks(deck_paths(None, field_dir), fmt)
    start_deck = load_decks([start], fmt)[0] if start is not None else None
    err = Console(stderr=True)
    done = [0]
    try:
        names = read_card_list(cards) if cards is not None else None
        check_budget(budget, len(field), parents, children, STEP, final_games, keep)
    except ValueError as problem:
        raise fail(str(problem)) from None
    try:
        err.print(
            f"seed {seed}: deck search against {len(field)} decks, budget {budget:,} games ({policy}, "
            f"{workers_text(jobs, scheduler)})",
            highlight=False,
        )
        if rules.changes():
            err.print(f"rules: {rules.describe()}", highlight=False)
        with use_scheduler(scheduler), game_bar(err) as bar:
            task = bar.add_task("games", total=budget)

            def progress(stage: str, n: int, total: int) -> None:
                done[0] += n
                bar.advance(task, n)

            result = optimize(
                field,
                budget,
                seed=seed,
                fmt=fmt,
                generation=generation,
                cards=names,
                start=start_deck,
                policy=policy,
                jobs=jobs,
                out=out,
                force=force,
                rules=rules,
                parents=parents,
                children=children,
                final_games=final_games,
                keep=keep,
                progress=progress,
            )
        paths = write_search(result, out, force=force)
    except KeyboardInterrupt:
        raise Interrupted(done[0], budget, out / "games", "search games") from None
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    except ValueError as problem:
        raise fail(str(problem)) from None
    typer.echo("Win % against the field, measured afresh (95% CI):")
    for _, row in result.decks.iterrows():
        flag = f" [not fully modeled: {row['not_modeled']}]" if row["not_modeled"] else ""
        typer.echo(
            f"  {row['deck']:>7}: {100 * row['win_rate']:.1f} ({100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}) "
            f"over {int(row['games']):,} games; {row['structure']}{flag}"
        )
    used = result.cards.head(10)
    typer.echo(
        "Cards the best decks use most: "
        + ", ".join(f"{r.card} ({r.decks}/{r.of_decks})" for r in used.itertuples())
        + "."
    )
    pace = f" ({result.played / result.seconds:,.0f} games/s)" if result.seconds > 0 and result.played else ""
    typer.echo(f"{result.played:,} games played in {result.seconds:.1f} s{pace}; {len(result.history)} generations.")
    shown = ", ".join(str(p) for p in paths[:3]) + (" ..." if len(paths) > 3 else "")
    typer.echo(f"Best decks written to {shown} (decks.csv, cards.csv beside them).")
