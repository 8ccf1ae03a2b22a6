"""`wardsim ladder`: every bot policy against every other, and each one's strength."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from wardsim.analytics.ladder import RESAMPLE
from wardsim.cli.options import force_option, games_option, jobs_option, scheduler_option, seed_option, workers_text
from wardsim.cli.progress import play_games
from wardsim.cli.report import deck_paths
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import load_decks
from wardsim.ladders import Ladder, check_policies, ladder, split_policies, total_games
from wardsim.outputs import OutputFolder
from wardsim.policies import POLICIES
from wardsim.rules import Rules

DEFAULT_POLICIES = "random,greedy,heuristic"
POLICIES_HELP = (
    f"Comma-separated policies, two or more, each with optional parameters "
    f"(heuristic:attack_odds=0.5); known: {', '.join(POLICIES)}."
)


def _interval(low: float, high: float, spec: str) -> str:
    return "n/a" if low != low or high != high else f"{low:{spec}}-{high:{spec}}"


def strength_table(result: Ladder) -> Table:
    """One row per policy, strongest first: strength and Elo with their intervals, and results."""
    table = Table(title="Policy ladder: Bradley-Terry strength and Elo (95% CI)")
    for name in ("rank", "policy", "strength", "Elo", "Elo over the next", "win % (95% CI)", "games"):
        table.add_column(name, justify="left" if name == "policy" else "right")
    for rank, (policy, r) in enumerate(result.strengths.iterrows(), start=1):
        gap = "-" if r["elo_gap"] != r["elo_gap"] else f"{r['elo_gap']:.0f}"
        if gap != "-":
            gap += f" ({_interval(r['elo_gap_ci_low'], r['elo_gap_ci_high'], '.0f')})"
        table.add_row(
            str(rank),
            str(policy),
            f"{r['strength']:#.3g} ({_interval(r['strength_ci_low'], r['strength_ci_high'], '#.3g')})",
            f"{r['elo']:.0f} ({_interval(r['elo_ci_low'], r['elo_ci_high'], '.0f')})",
            gap,
            f"{100 * r['win_rate']:.1f} ({100 * r['ci_low']:.1f}-{100 * r['ci_high']:.1f})",
            f"{int(r['games']):,}",
        )
    return table


def matchup_table(result: Ladder) -> Table:
    """Row policy against column policy: win % over every deck pairing and both seats."""
    order = list(result.strengths.index)
    cells = result.matchups.set_index(["policy", "opponent"])
    table = Table(title="Win % of the row policy against the column policy (95% CI)")
    table.add_column("policy")
    for opponent in order:
        table.add_column(opponent, justify="right")
    for policy in order:
        row = []
        for opponent in order:
            if policy == opponent:
                row.append("-")
                continue
            c = cells.loc[(policy, opponent)]
            row.append(f"{100 * c['win_rate']:.1f} ({100 * c['ci_low']:.1f}-{100 * c['ci_high']:.1f})")
        table.add_row(policy, *row)
    return table


def method_line(result: Ladder) -> str:
    pairings = len(result.decks) ** 2
    unit = f"the {pairings} deck pairings" if result.resample == "pairings" else "the games of each cell"
    return (
        f"Seed {result.seed}. Strength: Bradley-Terry, P(X beats Y) = s_X / (s_X + s_Y), geometric mean 1; "
        f"Elo = 1500 + 400 log10(strength), mean 1500; draws count half. 95% intervals: bootstrap over "
        f"{unit} ({result.bootstrap} resamples, seed {result.seed}). Elo over the next: the lead over the "
        "policy one row down, with its own interval (two strengths' intervals may overlap while the lead is clear)."
    )


@rule_options
def ladder_command(
    deck_files: list[Path] = typer.Argument(
        None, metavar="DECK", help="Deck files (default: every *.txt file of --decks)."
    ),
    decks_dir: Path = typer.Option(None, "--decks", "-d", help="Folder of deck files (default: the bundled decks)."),
    policies: str = typer.Option(DEFAULT_POLICIES, "--policies", "-p", help=POLICIES_HELP),
    games: int = games_option(100, "Games per cell: policy pair, deck pairing, seating."),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1 (each cell's seed is derived from it)."),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    resample: str = typer.Option(
        "pairings", "--resample", help="What the interval bootstrap resamples: pairings (deck pairings) or games."
    ),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules: official or casual."),
    out: Path = typer.Option(None, "--out", "-o", help="Folder for every cell's records (Parquet); resumes."),
    force: bool = force_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    *,
    rules: Rules,
) -> None:
    """Play every policy against every other on every deck pairing, both seats; print their strengths."""
    try:
        specs = check_policies(split_policies(policies))
    except ValueError as problem:
        raise typer.BadParameter(str(problem), param_hint="--policies") from None
    if resample not in RESAMPLE:
        raise typer.BadParameter(f"choose one of {', '.join(RESAMPLE)}, not {resample!r}", param_hint="--resample")
    decks = load_decks(deck_paths(deck_files, decks_dir), fmt)
    err = Console(stderr=True)
    total = total_games(len(specs), len(decks), games)
    err.print(
        f"seed {seed}: {len(specs)} policies, {len(decks)} deck{'s' if len(decks) > 1 else ''}, {games} games per "
        f"cell ({total} games; {workers_text(jobs, scheduler)})",
        highlight=False,
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}", highlight=False)

    def run(advance):
        folder = OutputFolder.claim(out, force) if out is not None else None
        result = ladder(
            decks,
            specs,
            games,
            seed,
            jobs=jobs,
            out=out,
            progress=advance,
            rules=rules,
            resample=resample,
        )
        summary = result.summary()
        if folder is not None:
            result.cells.to_csv(folder.file("cells.csv"), index=False)
            folder.file("ladder.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
        return result, summary

    result, summary = play_games(err, total, out, scheduler, run)
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    console = Console()
    # off a terminal (a pipe, a file) the tables keep their full width instead of wrapping at 80
    wide = console if console.is_terminal else Console(width=250)
    wide.print(strength_table(result))
    wide.print(matchup_table(result))
    typer.echo(method_line(result))
    pace = f" ({result.total_games / result.seconds:,.0f} games/s)" if result.seconds > 0 else ""
    typer.echo(f"{result.total_games:,} games; {result.seconds:.1f} s of play{pace}.")
    for note in result.notes:
        typer.echo(f"Note: {note}")
    if result.not_modeled:
        typer.echo(f"Note: effects not fully modeled: {', '.join(result.not_modeled)}.")
    if out is not None:
        typer.echo(f"Cells (seeds and results) in {out}/cells.csv; per-game records in {out}/<policies>/<decks>/.")
