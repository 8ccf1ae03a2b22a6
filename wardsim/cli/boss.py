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
from wardsim.policies import BOSS_POLICY, DEFAULT_POLICY
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
    boss_policy: str = typer.Option(
        BOSS_POLICY, "--boss-policy", help="The boss's policy: search, the rules' smartest possible action."
    ),
    fmt: str = typer.Option("official", "--format", "-f", help="The players' deck rules: official or casual."),
    target: float = typer.Option(
        None,
        "--target-win-rate",
        min=0.0,
        max=1.0,
        help="Find the boss HP at which the party wins with this probability, and play it again on other dice.",
    ),
    hp_sweep: str = typer.Option(
        None, "--hp-sweep", metavar="LO:HI:STEP", help="The party's win rate at each boss HP from LO to HI by STEP."
    ),
    players: str = typer.Option(
        None, "--players", metavar="K or K-M", help="Party sizes to compare: the first K decks (1-4: one to four)."
    ),
    chart: Path = typer.Option(None, "--chart", help="With --hp-sweep or --players: draw the win rates to this PNG."),
    replay: int = typer.Option(
        None, "--replay", min=0, help="Print game REPLAY of the run turn by turn (0-based), instead of the run."
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
    boss = read_boss(boss_file, len(deck_files), hp)
    sweeping = hp_sweep is not None or players is not None
    if sweeping and target is not None:
        raise fail("--target-win-rate finds one HP; leave out --hp-sweep and --players")
    if (target is not None or sweeping) and out is not None:
        raise fail(
            "--out keeps the records of one run; --target-win-rate, --hp-sweep and --players play one run per HP"
        )
    if replay is not None and (sweeping or target is not None):
        raise fail("--replay prints one game of a run: leave out --target-win-rate, --hp-sweep and --players")
    if chart is not None and not sweeping:
        raise fail("--chart draws a sweep: give --hp-sweep or --players")
    hps = _hp_range(hp_sweep) if hp_sweep is not None else [boss.hp]
    sizes = _party_sizes(players, len(deck_files)) if players is not None else [len(deck_files)]
    decks = load_decks(deck_files, fmt)
    if replay is not None:
        tell_game(boss, decks, seed, replay, policy, boss_policy, rules)
        return
    err = Console(stderr=True)
    err.print(
        f"seed {seed}: {games} games, {', '.join(d.name for d in decks)} against {boss.name} (HP {boss.hp}) "
        f"({policy}, the boss {boss_policy}, {jobs} job{'s' if jobs != 1 else ''})"
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}")
    # what every run of the command shares (`wardsim.raids`' keyword arguments)
    run = {"games": games, "seed": seed, "jobs": jobs, "policy": policy, "boss_policy": boss_policy, "rules": rules}
    if target is not None:
        _calibrate(err, boss, decks, target, run, as_json)
        return
    if sweeping:
        _sweep(err, boss, decks, hps, sizes, chart, run, as_json)
        return
    result = play_games(
        err,
        games,
        out,
        None,
        lambda advance: simulate_boss(
            boss, decks, out=out, progress=advance, force=force, notice=notice_printer(err), **run
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


def _calibrate(err, boss, decks, target, run, as_json) -> None:
    """`wardsim boss ... --target-win-rate P`: the HP for P, its interval, and the check."""
    from wardsim.cli.progress import play_games
    from wardsim.raids import calibrate_hp

    found = play_games(
        err,
        None,
        None,
        None,
        lambda advance: calibrate_hp(boss, decks, target, progress=advance, **run),
    )
    summary = found.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    lo, hi = found.interval
    low, high = summary["ci95"]
    typer.echo(
        f"HP {found.hp} gives the party {100 * target:.0f}%: the HPs from {lo} to {hi} hold it in their 95% "
        f"interval ({len(found.tried)} HPs played on seed {run['seed']}, {run['games']} games each)."
    )
    typer.echo(
        f"Played again on seed {summary['seed']}: the party wins {100 * summary['win_rate']:.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%) against HP {found.hp}."
    )


def read_boss(boss_file: Path, players: int, hp: int | None = None) -> Boss:
    """The boss of a command (`hp`: instead of its file's), for `players` players; a bad file or
    party exits 2 with every problem."""
    if not 1 <= players <= BOSS_MAX_PLAYERS:
        raise fail(f"a Boss Battle takes 1 to {BOSS_MAX_PLAYERS} players: give 1 to 4 decks, not {players}")
    try:
        boss = load_boss(boss_file)
        return boss.with_hp(hp) if hp is not None else boss
    except BossError as bad:
        for problem in bad.problems[:-1]:
            typer.echo(f"error: {problem}", err=True)
        raise fail(str(bad.problems[-1])) from None


def tell_game(boss: Boss, decks: list, seed: int, game: int, policy: str, boss_policy: str, rules: Rules) -> None:
    """Print game `game` of a boss run of `seed` turn by turn (`wardsim boss --replay`, `wardsim replay --boss`)."""
    from wardsim.replays import SEAT_LETTERS, replay_boss

    told, names = replay_boss(boss, decks, seed, game, policy, boss_policy, rules)
    seats = ", ".join(f"{name} ({letter})" for name, letter in zip(names, SEAT_LETTERS, strict=False))
    typer.echo(f"Game {game} of seed {seed}, a Boss Battle against {boss.name} (HP {boss.hp}): {seats}")
    typer.echo(told.text())


def _hp_range(text: str) -> list[int]:
    """--hp-sweep LO:HI:STEP: the HPs LO, LO + STEP, ... up to HI."""
    try:
        lo, hi, step = (int(part) for part in text.split(":"))
    except ValueError:
        raise fail(f"--hp-sweep takes LO:HI:STEP, such as 100:400:50, got {text!r}") from None
    if not (1 <= lo <= hi <= MAX_BOSS_HP and step >= 1):
        raise fail(f"--hp-sweep needs 1 <= LO <= HI <= {MAX_BOSS_HP} and STEP >= 1, got {text!r}")
    return list(range(lo, hi + 1, step))


def _party_sizes(text: str, decks: int) -> list[int]:
    """--players K or K-M: the party sizes, each at most the decks given."""
    try:
        first, _, last = text.partition("-")
        sizes = list(range(int(first), int(last or first) + 1))
    except ValueError:
        raise fail(f"--players takes a size or a range of sizes, such as 2 or 1-4, got {text!r}") from None
    if not sizes or sizes[0] < 1 or sizes[-1] > decks:
        raise fail(f"--players {text}: party sizes from 1 to the {decks} deck(s) given")
    return sizes


def _sweep(err, boss, decks, hps, sizes, chart, run, as_json) -> None:
    """`wardsim boss ... --hp-sweep LO:HI:STEP --players K-M`: the win rates, and their chart."""
    from wardsim.cli.progress import play_games
    from wardsim.raids import sweep_boss

    games, seed = run["games"], run["seed"]
    table = play_games(
        err,
        games * len(hps) * len(sizes),
        None,
        None,
        lambda advance: sweep_boss(boss, decks, hps, sizes, progress=advance, **run),
    )
    if chart is not None:
        from wardsim.charts import boss_sweep

        boss_sweep(table, boss.name).savefig(chart, dpi=120)
        err.print(f"chart: {chart}")
    if as_json:
        rows = table.to_dict(orient="records")
        typer.echo(json.dumps({"boss": boss.name, "games": games, "seed": seed, "sweep": rows}, indent=1))
        return
    typer.echo(f"The party's win rate against {boss.name} (95% CI; {games} games each, seed {seed}):")
    wide = table.pivot(index="hp", columns="players")
    header = "".join(f"{k} player{'s' if k != 1 else ''}".rjust(22) for k in sizes)
    typer.echo("HP".rjust(6) + header)
    for hp in hps:
        cells = "".join(
            f"{100 * wide.loc[hp, ('win_rate', k)]:.1f}% ({100 * wide.loc[hp, ('ci_low', k)]:.1f}-"
            f"{100 * wide.loc[hp, ('ci_high', k)]:.1f})".rjust(22)
            for k in sizes
        )
        typer.echo(f"{hp:6d}{cells}")
