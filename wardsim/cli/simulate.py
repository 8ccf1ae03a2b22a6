"""`wardsim simulate` and `wardsim replay`: games between two decks, or more with --mode."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console

from wardsim import replays
from wardsim.cli.errors import fail
from wardsim.cli.options import (
    MAX_GAMES,
    force_option,
    games_option,
    jobs_option,
    scheduler_option,
    seed_option,
    workers_text,
)
from wardsim.cli.progress import notice_printer, play_games
from wardsim.cli.rules import rule_options
from wardsim.decks import Deck, DeckError, load_deck
from wardsim.formats import load_formats
from wardsim.multiplayer import MODES, simulate_table, table_teams
from wardsim.policies import DEFAULT_POLICY, POLICIES
from wardsim.rules import Rules
from wardsim.simulation import simulate as run_simulation
from wardsim.whatif import check_pool

POLICY_HELP = f"Bot policy of both players: {', '.join(POLICIES)}."


def load_decks(paths: list[Path], fmt: str, ladder: bool = False) -> list[Deck]:
    """Load decks for a command (`ladder`: AL Ladder decks); a bad deck exits with every problem
    listed (exit 2)."""
    if fmt not in load_formats():
        raise typer.BadParameter(f"unknown format {fmt!r}; known: {', '.join(load_formats())}", param_hint="--format")
    decks = []
    for path in paths:
        try:
            decks.append(load_deck(path, fmt, ladder=ladder))
        except DeckError as err:
            lines = err.lines()
            for line in lines[:-1]:  # every problem of the deck, each on its line
                typer.echo(f"error: {line}", err=True)
            raise fail(lines[-1]) from None
    return decks


def load_pool(paths: list[Path], fmt: str) -> list[Deck]:
    """Load a deck pool (a round robin's); a pool that cannot play one exits 2 and says why."""
    decks = load_decks(paths, fmt)
    try:
        check_pool(decks)
    except ValueError as problem:
        raise fail(str(problem)) from None
    return decks


def check_policy(name: str | None, option: str) -> None:
    if name is not None and name not in POLICIES:
        raise typer.BadParameter(f"unknown policy {name!r}; known: {', '.join(POLICIES)}", param_hint=option)


@rule_options
def simulate(
    deck_files: list[Path] = typer.Argument(
        ..., metavar="DECK DECK [DECK ...]", help="Deck files: two for 1v1 (A, then B); more with --mode."
    ),
    mode: str = typer.Option(
        None,
        "--mode",
        help="Another play style: ffa (free-for-all, 3-6 decks), teams (with --teams) or ladder (AL Ladder, 2 decks).",
    ),
    teams: str = typer.Option(
        None, "--teams", help="Team sizes in deck order for --mode teams: 2,2 (default for 4 decks), 1,2, ..."
    ),
    games: int = games_option(1000, "Number of games."),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1: game k's dice come from (seed, k)."),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    policy_a: str = typer.Option(None, "--policy-a", help="Policy of player A (overrides --policy)."),
    policy_b: str = typer.Option(None, "--policy-b", help="Policy of player B (overrides --policy)."),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules: official or casual."),
    out: Path = typer.Option(None, "--out", "-o", help="Folder for per-game records (Parquet); resumes."),
    force: bool = force_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    *,
    rules: Rules,
) -> None:
    """Play GAMES games of deck A against deck B and report the win rate; with --mode, games of
    three to six players (free-for-all), of teams, or AL Ladder games, seats drawn at random for
    each game."""
    for name, option in ((policy, "--policy"), (policy_a, "--policy-a"), (policy_b, "--policy-b")):
        check_policy(name, option)
    if mode is not None or len(deck_files) != 2:
        if policy_a or policy_b:
            raise fail("--policy-a and --policy-b are for two decks; with --mode, --policy is every player's")
        table(deck_files, mode, teams, games, seed, jobs, scheduler, policy, fmt, out, force, as_json, rules)
        return
    if teams:
        raise fail("--teams is for --mode teams")
    a, b = load_decks(deck_files, fmt)
    err = Console(stderr=True)
    err.print(
        f"seed {seed}: {games} games of {a.name} vs {b.name} "
        f"({policy_a or policy} vs {policy_b or policy}, {workers_text(jobs, scheduler)})"
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}")
    result = play_games(
        err,
        games,
        out,
        scheduler,
        lambda advance: run_simulation(
            a,
            b,
            games=games,
            seed=seed,
            jobs=jobs,
            policy_a=policy_a or policy,
            policy_b=policy_b or policy,
            out=out,
            rules=rules,
            progress=advance,
            force=force,
            notice=notice_printer(err),
        ),
    )
    summary = result.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    lo, hi = summary["ci95"]
    typer.echo(
        f"{a.name} wins {100 * summary['win_rate_a']:.1f}% against {b.name} "
        f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%) over {games} games: "
        f"{result.totals.wins_a} wins, {result.totals.wins_b} losses, {result.totals.draws} draws."
    )
    typer.echo(
        f"First player wins {100 * summary['first_player_win_rate']:.1f}%; games last "
        f"{summary['mean_turns']:.1f} turns on average; {summary['games_per_second']:.0f} games/s."
    )
    if summary["not_modeled"]:
        typer.echo(f"Note: effects not fully modeled: {', '.join(summary['not_modeled'])}.")
    if out:
        typer.echo(f"Per-game records in {out}/records/.")


def table_decks(deck_files: list[Path], mode: str, teams: str | None, fmt: str) -> tuple[list[Deck], list[int] | None]:
    """The decks of a game of another play style, and the team sizes of --teams 2,2; a bad
    --mode or --teams exits 2 before any deck is read."""
    try:
        sizes = [int(n) for n in teams.split(",")] if teams else None
    except ValueError:
        raise fail(f"--teams takes team sizes such as 2,2 or 1,2, got {teams!r}") from None
    try:
        table_teams(mode, len(deck_files), sizes)
    except ValueError as problem:
        raise fail(str(problem)) from None
    return load_decks(deck_files, fmt, ladder=mode == "ladder"), sizes


def mode_words(mode: str, sizes: list[int] | None, players: int) -> str:
    """The play style in words: free-for-all, teams 2v2, AL Ladder."""
    if mode == "teams":
        return "teams " + "v".join(map(str, sizes or [players // 2] * 2))
    return {"ffa": "free-for-all", "ladder": "AL Ladder"}[mode]


def table(
    deck_files: list[Path],
    mode: str | None,
    teams: str | None,
    games: int,
    seed: int,
    jobs: int,
    scheduler: str,
    policy: str,
    fmt: str,
    out: Path | None,
    force: bool,
    as_json: bool,
    rules: Rules,
) -> None:
    """`wardsim simulate --mode ffa|teams|ladder`: games of more than two players, of teams, or of
    the AL Ladder."""
    if mode is None:
        raise fail(f"{len(deck_files)} decks: say how they play with --mode ({', '.join(MODES)}); two decks play 1v1")
    decks, sizes = table_decks(deck_files, mode, teams, fmt)
    err = Console(stderr=True)
    shape = mode_words(mode, sizes, len(decks))
    err.print(
        f"seed {seed}: {games} games, {shape}: {', '.join(d.name for d in decks)} "
        f"({policy}, {workers_text(jobs, scheduler)})"
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}")
    result = play_games(
        err,
        games,
        out,
        scheduler,
        lambda advance: simulate_table(
            decks,
            mode,
            sizes,
            games=games,
            seed=seed,
            jobs=jobs,
            policy=policy,
            out=out,
            rules=rules,
            progress=advance,
            force=force,
            notice=notice_printer(err),
        ),
    )
    summary = result.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    entries = (
        [
            f"team {t + 1} ({', '.join(n for n, k in zip(result.names, result.config.teams, strict=True) if k == t)})"
            for t in range(len(summary["wins"]))
        ]
        if mode == "teams"
        else result.names
    )
    for name, wins, rate, (lo, hi) in zip(entries, summary["wins"], summary["win_rates"], summary["ci95"], strict=True):
        typer.echo(f"{name} wins {100 * rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%): {wins} of {games} games.")
    if "mean_points" in summary:
        points = ", ".join(f"{n} {p:.2f}" for n, p in zip(result.names, summary["mean_points"], strict=True))
        typer.echo(f"Mean points (rounds won of {result.config.rounds}): {points}.")
    places = ", ".join(f"{k + 1}. {100 * r:.1f}%" for k, r in enumerate(summary["seat_win_rates"]))
    typer.echo(f"Win rate by place in the turn order: {places}; {summary['draws']} draws.")
    speed = summary["games_per_second"]
    typer.echo(
        f"Games last {summary['mean_turns']:.1f} turns on average" + (f"; {speed:.0f} games/s." if speed else ".")
    )
    if summary["not_modeled"]:
        typer.echo(f"Note: effects not fully modeled: {', '.join(summary['not_modeled'])}.")
    if out:
        typer.echo(f"Per-game records in {out}/records/.")


@rule_options
def replay(
    deck_files: list[Path] = typer.Argument(
        ..., metavar="DECK DECK [DECK ...]", help="The run's deck files, in its order."
    ),
    mode: str = typer.Option(None, "--mode", help="The run's --mode (ffa, teams, ladder)."),
    teams: str = typer.Option(None, "--teams", help="The run's --teams."),
    seed: int = seed_option(0, "The run's seed, 0 to 2**64-1."),
    game: int = typer.Option(0, "--game", "-g", min=0, max=MAX_GAMES - 1, help="Which game of the run (0-based)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    policy_a: str = typer.Option(None, "--policy-a", help="Policy of player A."),
    policy_b: str = typer.Option(None, "--policy-b", help="Policy of player B."),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules: official or casual."),
    boss_file: Path = typer.Option(
        None, "--boss", help="A Boss Battle: the run's boss file, the decks being the players' (`wardsim boss`)."
    ),
    *,
    rules: Rules,
) -> None:
    """Print game GAME of a `simulate` run turn by turn (give it the run's options)."""
    if boss_file is not None:
        if mode is not None or teams is not None or policy_a or policy_b:
            raise fail("--boss replays a `wardsim boss` run: leave out --mode, --teams, --policy-a and --policy-b")
        from wardsim.cli.boss import read_boss, tell_game
        from wardsim.policies import BOSS_POLICY

        boss = read_boss(boss_file, len(deck_files))
        tell_game(boss, load_decks(deck_files, fmt), seed, game, policy, BOSS_POLICY, rules)
        return
    for name, option in ((policy, "--policy"), (policy_a, "--policy-a"), (policy_b, "--policy-b")):
        check_policy(name, option)
    if mode is not None or len(deck_files) != 2:
        if mode is None:
            raise fail(f"{len(deck_files)} decks: give the run's --mode ({', '.join(MODES)})")
        decks, sizes = table_decks(deck_files, mode, teams, fmt)
        told, names = replays.replay_table(decks, mode, sizes, seed, game, policy, rules)
        seats = ", ".join(f"{name} ({letter})" for name, letter in zip(names, replays.SEAT_LETTERS, strict=False))
        typer.echo(f"Game {game} of seed {seed}, {mode_words(mode, sizes, len(decks))}: {seats}")
        typer.echo(told.text())
        return
    a, b = load_decks(deck_files, fmt)
    result = replays.replay(
        a,
        b,
        seed=seed,
        game=game,
        policy_a=policy_a or policy,
        policy_b=policy_b or policy,
        rules=rules,
    )
    typer.echo(f"Game {game} of seed {seed}: {a.name} (A) vs {b.name} (B)")
    typer.echo(result.text())
