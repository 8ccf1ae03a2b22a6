"""`wardsim survey`: generated decks that cover a card pool, played, and every card ranked."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.progress import TaskID

from wardsim.cli.errors import Interrupted, fail
from wardsim.cli.options import (
    MAX_GAMES,
    force_option,
    games_option,
    jobs_option,
    scheduler_option,
    seed_option,
    workers_text,
)
from wardsim.cli.progress import game_bar
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import POLICY_HELP, check_policy
from wardsim.cluster import use_scheduler
from wardsim.formats import load_formats
from wardsim.outputs import OutputError
from wardsim.policies import DEFAULT_POLICY
from wardsim.rules import Rules
from wardsim.set_pages import official_ranks, unlisted_strong, write_survey
from wardsim.surveys import (
    DEFAULT_ABLATE,
    DEFAULT_ABLATION_GAMES,
    DEFAULT_DECKS,
    DEFAULT_MIN_DECKS,
    check_survey,
    read_card_list,
    survey,
)

DEFAULT_OUT = Path("reports/survey")
STAGES = {"games": "survey games", "ablation": "ablation"}
MAX_DECKS = 100_000  # the regression solves for every card over every pairing: far beyond any set's needs


def _interval(row) -> str:
    return f"{100 * row['effect']:+.1f} ({100 * row['ci_low']:+.1f} to {100 * row['ci_high']:+.1f})"


def _card_line(row) -> str:
    flag = " [not fully modeled]" if row["not_modeled"] else ""
    listed = f" [{row['official_status']}]" if row["official_status"] else ""
    ranks = f"{int(row['rank'])} ({int(row['rank_best'])}-{int(row['rank_worst'])})"
    return f"  {ranks:>14}  {row['card']}{listed}{flag}: {_interval(row)} points per copy, {int(row['decks'])} decks"


@rule_options
def survey_command(
    generation: int = typer.Option(1, "--generation", "-g", help="The set surveyed: 1, 2, 3, or 0 for the promos."),
    cards: Path = typer.Option(
        None, "--cards", help="A file of card names, one per line: the pool instead of --generation."
    ),
    fmt: str = typer.Option(
        "official", "--format", "-f", help="Deck rules the generated decks follow: official or casual."
    ),
    decks: int = typer.Option(DEFAULT_DECKS, "--decks", min=2, max=MAX_DECKS, help="Decks generated."),
    opponents: int = typer.Option(
        10, "--opponents", "-k", min=2, help="Opponents each deck meets (even), in both seats."
    ),
    games: int = games_option(20, "Games per seating of each pairing."),
    seed: int = seed_option(0, "Survey seed, 0 to 2**64-1 (decks, pairings, games and intervals derive from it)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    min_decks: int = typer.Option(
        DEFAULT_MIN_DECKS, "--min-decks", min=1, help="Every card of the pool must be in at least this many decks."
    ),
    ablate: int = typer.Option(
        DEFAULT_ABLATE, "--ablate", min=0, help="Cards at each end of the ranking whose ablation impact is measured."
    ),
    ablation_games: int = typer.Option(
        DEFAULT_ABLATION_GAMES,
        "--ablation-games",
        min=2,
        max=MAX_GAMES,
        help="Games replayed per seating of each pairing of a deck holding an ablated card.",
    ),
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Survey folder (its games/ subfolder resumes)."),
    force: bool = force_option(),
    *,
    rules: Rules,
) -> None:
    """Generate legal decks from a card pool, play them against each other, and rank every card."""
    check_policy(policy, "--policy")
    if fmt not in load_formats():
        raise typer.BadParameter(f"unknown format {fmt!r}; known: {', '.join(load_formats())}", param_hint="--format")
    err = Console(stderr=True)
    total = decks * opponents * games
    done = [0]
    try:
        names = read_card_list(cards) if cards is not None else None
        check_survey(fmt, generation, names, decks, opponents, games, seed, min_decks)
    except ValueError as problem:
        raise fail(str(problem)) from None
    try:
        pool = f"{len(names)} cards of {cards}" if names else f"generation {generation}"
        err.print(
            f"seed {seed}: {decks} decks from {pool} ({fmt}), {opponents} opponents each, {games} games a seat "
            f"({total:,} games; {policy}, {workers_text(jobs, scheduler)})",
            highlight=False,
        )
        if rules.changes():
            err.print(f"rules: {rules.describe()}", highlight=False)
        with use_scheduler(scheduler), game_bar(err) as bar:
            tasks: dict[str, TaskID] = {}

            def progress(stage: str, n: int, stage_total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(STAGES.get(stage, stage), total=stage_total or None)
                if stage == "games":
                    done[0] += n
                bar.advance(tasks[stage], n)

            result = survey(
                fmt=fmt,
                generation=generation,
                cards=names,
                n_decks=decks,
                opponents=opponents,
                games=games,
                seed=seed,
                policy=policy,
                jobs=jobs,
                out=out,
                force=force,
                rules=rules,
                min_decks=min_decks,
                ablate=ablate,
                ablation_games=ablation_games,
                progress=progress,
            )
        page = write_survey(result, out, force=force)
    except KeyboardInterrupt:
        raise Interrupted(done[0], total, out / "games", "survey games") from None
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    except ValueError as problem:
        raise fail(str(problem)) from None
    table = result.cards
    ranked = table[table["rank"].notna()]
    typer.echo("The strongest cards (rank, its range; points per copy against the average card, 95% CI):")
    for _, row in ranked.head(10).iterrows():
        typer.echo(_card_line(row))
    typer.echo("The weakest cards:")
    for _, row in ranked.tail(10).iterrows():
        typer.echo(_card_line(row))
    listed = official_ranks(table)
    if len(listed):
        typer.echo(f"The official list's cards (of {len(ranked)} ranked):")
        for _, row in listed[listed["rank"].notna()].iterrows():
            typer.echo(_card_line(row))
    strong = unlisted_strong(table)
    if len(strong):
        names = [f"{r.card} [not fully modeled]" if r.not_modeled else r.card for r in strong.itertuples()]
        typer.echo("Off the official list, among the strongest: " + ", ".join(names) + ".")
    for note in result.notes:
        typer.echo(f"Note: {note}")
    played = result.played
    pace = f" ({played / result.seconds:,.0f} games/s)" if result.seconds > 0 and played else ""
    typer.echo(f"{played:,} games played in {result.seconds:.1f} s{pace}.")
    typer.echo(f"Survey written to {page} (cards.csv, decks.csv, decks/*.txt beside it).")
