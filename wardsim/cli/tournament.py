"""`wardsim tournament`: every deck against every other deck, in both seats; or free-for-all pods."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from wardsim.analytics import deck_summary, first_player_advantage
from wardsim.cli.errors import fail
from wardsim.cli.options import force_option, games_option, jobs_option, scheduler_option, seed_option, workers_text
from wardsim.cli.progress import notice_printer, play_games
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import POLICY_HELP, check_policy, load_pool
from wardsim.pods import MAX_PODS, choose_pods, pod_tournament
from wardsim.policies import DEFAULT_POLICY
from wardsim.rules import Rules
from wardsim.tournament import Tournament, round_robin, total_games


def summary(result: Tournament) -> dict:
    """The tournament as the JSON object of `wardsim tournament --json`."""
    m = result.matchups()
    decks = deck_summary(result.records)
    first = first_player_advantage(result.records)
    matchups = [
        {
            "deck": d,
            "opponent": o,
            "win_rate": float(m.win_rate.loc[d, o]),
            "ci95": [float(m.ci_low.loc[d, o]), float(m.ci_high.loc[d, o])],
            "games": int(m.games.loc[d, o]),
            "wins": int(m.wins.loc[d, o]),
            "draws": int(m.draws.loc[d, o]),
        }
        for d in result.decks
        for o in result.decks
        if d != o
    ]
    return {
        "decks": result.decks,
        "policy": result.policy,
        "games": result.games,
        "seed": result.seed,
        "total_games": len(result.records),
        "deck_win_rates": [
            {
                "deck": d,
                "win_rate": float(r["win_rate"]),
                "ci95": [float(r["ci_low"]), float(r["ci_high"])],
                "games": int(r["games"]),
            }
            for d, r in decks.iterrows()
        ],
        "matchups": matchups,
        "first_player_win_rate": float(first["win_rate"]),
        "first_player_ci95": [float(first["ci_low"]), float(first["ci_high"])],
        "mean_turns": float(result.records["turns"].mean()),
        "pairing_seeds": {f"{r.deck_a}__{r.deck_b}": int(r.seed) for r in result.pairings.itertuples()},
        "not_modeled": result.not_modeled,
    }


def matchup_table(result: Tournament) -> Table:
    """Row deck against column deck: win % and its 95% interval; the last column, all games."""
    m = result.matchups()
    decks = deck_summary(result.records)
    order = list(decks.index)
    table = Table(title="Win % of the row deck against the column deck (95% CI)")
    table.add_column("deck")
    for opponent in order:
        table.add_column(opponent, justify="right")
    table.add_column("all", justify="right")
    for deck in order:
        cells = [
            "-"
            if deck == o
            else f"{100 * m.win_rate.loc[deck, o]:.0f} ({100 * m.ci_low.loc[deck, o]:.0f}-"
            f"{100 * m.ci_high.loc[deck, o]:.0f})"
            for o in order
        ]
        row = decks.loc[deck]
        cells.append(f"{100 * row['win_rate']:.1f} ({100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f})")
        table.add_row(deck, *cells)
    return table


@rule_options
def tournament(
    deck_files: list[Path] = typer.Argument(..., metavar="DECK", help="Deck files (two or more)."),
    mode: str = typer.Option(None, "--mode", help="ffa: free-for-all pods of --pod decks instead of 1v1 pairings."),
    pod: int = typer.Option(4, "--pod", help="With --mode ffa: decks at each table (3 to 6)."),
    max_pods: int = typer.Option(
        MAX_PODS, "--pods", min=1, help="With --mode ffa: the most pods to play (a balanced sample beyond)."
    ),
    games: int = games_option(1000, "Games per ordered pairing (per pod with --mode ffa)."),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1 (each pairing's seed is derived from it)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules: official or casual."),
    out: Path = typer.Option(None, "--out", "-o", help="Folder for every pairing's records (Parquet); resumes."),
    force: bool = force_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    *,
    rules: Rules,
) -> None:
    """Play every deck against every other deck in both seats and print the matchup table; with
    --mode ffa, play the pool's free-for-all pods and print the standings."""
    check_policy(policy, "--policy")
    if mode is not None:
        if mode != "ffa":
            raise fail(f"--mode {mode!r}: a tournament plays 1v1 pairings, or free-for-all pods with --mode ffa")
        pods(deck_files, pod, max_pods, games, seed, policy, jobs, scheduler, fmt, out, force, as_json, rules)
        return
    decks = load_pool(deck_files, fmt)
    err = Console(stderr=True)
    total = total_games(len(decks), games)
    err.print(
        f"seed {seed}: {len(decks)} decks, {games} games per ordered pairing ({total} games; {policy}, "
        f"{workers_text(jobs, scheduler)})",
        highlight=False,
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}", highlight=False)
    result = play_games(
        err,
        total,
        out,
        scheduler,
        lambda advance: round_robin(
            decks,
            games,
            seed,
            policy=policy,
            jobs=jobs,
            out=out,
            progress=advance,
            rules=rules,
            force=force,
            notice=notice_printer(err),
        ),
    )
    if as_json:
        typer.echo(json.dumps(summary(result), indent=1))
        return
    console = Console()
    # off a terminal (a pipe, a file) the table keeps its full width instead of wrapping at 80
    (console if console.is_terminal else Console(width=250)).print(matchup_table(result))
    first = first_player_advantage(result.records)
    typer.echo(
        f"Seed {seed}, policy {policy}. The first player wins {100 * first['win_rate']:.1f}% "
        f"(95% CI {100 * first['ci_low']:.1f}-{100 * first['ci_high']:.1f}%); games last "
        f"{result.records['turns'].mean():.1f} turns on average."
    )
    if result.not_modeled:
        typer.echo(f"Note: effects not fully modeled: {', '.join(result.not_modeled)}.")
    if out:
        typer.echo(f"Per-game records in {out}/<deck_a>__<deck_b>/records/.")


def pods(
    deck_files: list[Path],
    pod: int,
    max_pods: int,
    games: int,
    seed: int,
    policy: str,
    jobs: int,
    scheduler: str,
    fmt: str,
    out: Path | None,
    force: bool,
    as_json: bool,
    rules: Rules,
) -> None:
    """`wardsim tournament --mode ffa`: the pool's free-for-all pods, and the decks' standings."""
    decks = load_pool(deck_files, fmt)
    try:
        chosen = choose_pods(len(decks), pod, seed, max_pods)
    except ValueError as problem:
        raise fail(str(problem)) from None
    err = Console(stderr=True)
    total = len(chosen) * games
    err.print(
        f"seed {seed}: {len(decks)} decks in {len(chosen)} free-for-all pods of {pod}, {games} games each "
        f"({total} games; {policy}, {workers_text(jobs, scheduler)})",
        highlight=False,
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}", highlight=False)
    result = play_games(
        err,
        total,
        out,
        scheduler,
        lambda advance: pod_tournament(
            decks,
            pod,
            games,
            seed,
            policy=policy,
            jobs=jobs,
            out=out,
            max_pods=max_pods,
            progress=advance,
            rules=rules,
            force=force,
            notice=notice_printer(err),
        ),
    )
    summary = result.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    table = Table(title=f"Free-for-all standings: wins in pods of {pod} (fair share {100 / pod:.1f}%)")
    for column in ("deck", "games", "win % (95% CI)", "strength"):
        table.add_column(column, justify="left" if column == "deck" else "right")
    for row in summary["standings"]:
        lo, hi = row["ci95"]
        table.add_row(
            row["deck"],
            str(row["games"]),
            f"{100 * row['win_rate']:.1f} ({100 * lo:.1f}-{100 * hi:.1f})",
            f"{row['strength']:.2f}",
        )
    console = Console()
    (console if console.is_terminal else Console(width=250)).print(table)
    places = ", ".join(f"{k + 1}. {100 * r:.1f}%" for k, r in enumerate(summary["seat_win_rates"]))
    typer.echo(f"Seed {seed}, policy {policy}. Win rate by place in the turn order: {places}.")
    if result.not_modeled:
        typer.echo(f"Note: effects not fully modeled: {', '.join(result.not_modeled)}.")
    if out:
        typer.echo(f"Per-game records in {out}/<deck>__<deck>__.../records/.")
