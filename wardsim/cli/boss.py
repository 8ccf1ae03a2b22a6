"""`wardsim boss`: Boss Battles. `wardsim boss BOSS_FILE DECK...` plays a boss against one to
four decks (the group's `play` command, run when the first argument names none of its
commands); `wardsim boss check FILE...` checks boss files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from wardsim.bosses import MAX_BOSS_HP, Boss, BossError, BossProblem, load_boss
from wardsim.cli.errors import fail
from wardsim.cli.options import force_option, games_option, jobs_option, seed_option
from wardsim.cli.rules import boss_rule_options
from wardsim.policies import DEFAULT_POLICY
from wardsim.rules import BOSS_MAX_PLAYERS, Rules


class PlayByDefault(TyperGroup):
    """A command group whose first argument, when it is none of its commands, is the first
    argument of `play`: a boss file, as in `wardsim boss BOSS_FILE DECK...`."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["play", *args]
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=PlayByDefault,
    help="Boss Battles: `wardsim boss BOSS_FILE DECK...` plays a boss against one to four decks; "
    "`wardsim boss check FILE...` checks boss files.",
    no_args_is_help=True,
)


@app.command("check")
def check(
    files: list[Path] = typer.Argument(..., help="Boss files (TOML, see docs/bosses.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per file."),
) -> None:
    """Check boss files; exit 1 if any has a problem."""
    results = []
    for path in files:
        try:
            boss = load_boss(path)
        except BossError as err:
            results.append(_result(path, None, err.problems))
            if not as_json:
                n = len(err.problems)
                typer.echo(f"{path}: {n} problem{'s' if n != 1 else ''}", err=True)
                for problem in err.problems:
                    typer.echo(f"  {problem}", err=True)
            continue
        results.append(_result(path, boss, []))
        if as_json:
            continue
        typer.echo(f"{path}: ok: {boss.summary()}")
        if boss.example:
            typer.echo("  note: an example boss, not an official one")
        flagged = boss.not_modeled()
        if flagged:
            names = ", ".join(f"{c.name} ({c.effect_status})" for c in flagged)
            typer.echo(f"  note: effects not fully encoded: {names}")
    if as_json:
        typer.echo(json.dumps(results, indent=2))
    if any(not result["ok"] for result in results):
        raise typer.Exit(1)


def _result(path: Path, boss: Boss | None, problems: list[BossProblem]) -> dict[str, Any]:
    """The JSON object of one checked file."""
    return {
        "file": str(path),
        "ok": boss is not None,
        "boss": boss.name if boss else None,
        "example": boss.example if boss else None,
        "hp": boss.hp if boss else None,
        "deck_size": boss.deck_size if boss else None,
        "not_modeled": [c.name for c in boss.not_modeled()] if boss else [],
        "problems": [{"line": p.line, "message": p.message, "fix": p.fix} for p in problems],
    }


@app.command("play")
@boss_rule_options
def play(
    boss_file: Path = typer.Argument(..., metavar="BOSS_FILE", help="The boss (TOML, see docs/bosses.md)."),
    deck_files: list[Path] = typer.Argument(..., metavar="DECK [DECK ...]", help="One deck per player, 1 to 4."),
    games: int = games_option(1000, "Number of games."),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1: game k's dice come from (seed, k)."),
    jobs: int = jobs_option(),
    hp: int = typer.Option(None, "--hp", min=1, max=MAX_BOSS_HP, help="The boss's HP instead of its file's."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help="Every player's policy."),
    boss_policy: str = typer.Option(None, "--boss-policy", help="The boss's policy (default: --policy)."),
    fmt: str = typer.Option("official", "--format", "-f", help="The players' deck rules: official or casual."),
    target: float = typer.Option(
        None,
        "--target-win-rate",
        min=0.0,
        max=1.0,
        help="Find the boss HP at which the party wins with this probability, and play it again on other dice.",
    ),
    out: Path = typer.Option(None, "--out", "-o", help="Folder for per-game records (Parquet); resumes."),
    force: bool = force_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    *,
    rules: Rules,
) -> None:
    """Play GAMES Boss Battles of one to four decks (one per player) against the boss and report
    the party's win rate, each player's eliminations and share of the damage dealt."""
    from rich.console import Console

    from wardsim.cli.progress import notice_printer, play_games
    from wardsim.cli.simulate import check_policy, load_decks
    from wardsim.raids import simulate_boss

    for name, option in ((policy, "--policy"), (boss_policy, "--boss-policy")):
        check_policy(name, option)
    if not 1 <= len(deck_files) <= BOSS_MAX_PLAYERS:
        raise fail(f"a Boss Battle takes 1 to {BOSS_MAX_PLAYERS} players: give 1 to 4 decks, not {len(deck_files)}")
    try:
        boss = load_boss(boss_file)
        if hp is not None:
            boss = boss.with_hp(hp)
    except BossError as bad:
        for problem in bad.problems[:-1]:
            typer.echo(f"error: {problem}", err=True)
        raise fail(str(bad.problems[-1])) from None
    if target is not None and out is not None:
        raise fail("--out keeps the records of one run; --target-win-rate plays one run per HP it tries")
    decks = load_decks(deck_files, fmt)
    err = Console(stderr=True)
    err.print(
        f"seed {seed}: {games} games, {', '.join(d.name for d in decks)} against {boss.name} (HP {boss.hp}) "
        f"({policy}{f', the boss {boss_policy}' if boss_policy else ''}, {jobs} job{'s' if jobs != 1 else ''})"
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}")
    if target is not None:
        _calibrate(err, boss, decks, target, games, seed, jobs, policy, boss_policy, rules, as_json)
        return
    result = play_games(
        err,
        games,
        out,
        None,
        lambda advance: simulate_boss(
            boss,
            decks,
            games=games,
            seed=seed,
            jobs=jobs,
            policy=policy,
            boss_policy=boss_policy,
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
    party = ", ".join(result.players)
    typer.echo(
        f"The party ({party}) defeats {boss.name} (HP {boss.hp}) in {100 * summary['win_rate']:.1f}% of "
        f"{summary['games']} games (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)."
    )
    for name, out_rate, share in zip(result.players, summary["eliminations"], summary["damage_share"], strict=True):
        typer.echo(f"  {name}: eliminated in {100 * out_rate:.1f}% of games, {100 * share:.1f}% of the damage dealt.")
    speed = summary["games_per_second"]
    typer.echo(
        f"Games last {summary['mean_turns']:.1f} turns on average" + (f"; {speed:.0f} games/s." if speed else ".")
    )
    if summary["not_modeled"]:
        typer.echo(f"note: effects not fully encoded: {', '.join(summary['not_modeled'])}")


def _calibrate(err, boss, decks, target, games, seed, jobs, policy, boss_policy, rules, as_json) -> None:
    """`wardsim boss ... --target-win-rate P`: the HP for P, its interval, and the check."""
    from wardsim.cli.progress import play_games
    from wardsim.raids import calibrate_hp

    found = play_games(
        err,
        None,
        None,
        None,
        lambda advance: calibrate_hp(
            boss,
            decks,
            target,
            games=games,
            seed=seed,
            progress=advance,
            jobs=jobs,
            policy=policy,
            boss_policy=boss_policy,
            rules=rules,
        ),
    )
    summary = found.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    lo, hi = found.interval
    low, high = summary["ci95"]
    typer.echo(
        f"HP {found.hp} gives the party {100 * target:.0f}%: the HPs from {lo} to {hi} hold it in their 95% "
        f"interval ({len(found.tried)} HPs played on seed {seed}, {games} games each)."
    )
    typer.echo(
        f"Played again on seed {summary['seed']}: the party wins {100 * summary['win_rate']:.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%) against HP {found.hp}."
    )
