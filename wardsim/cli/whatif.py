"""`wardsim whatif`: change a card, play the same games again, see what happens."""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from wardsim.catalog import CREATURE_STATS, default_catalog
from wardsim.cli.errors import Interrupted, fail
from wardsim.cli.options import force_option, games_option, jobs_option, scheduler_option, seed_option, workers_text
from wardsim.cli.progress import game_bar
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import check_policy, load_decks
from wardsim.cluster import use_scheduler
from wardsim.decks import Deck, bundled_decks_dir
from wardsim.formats import get_format
from wardsim.outputs import OutputError, OutputFolder
from wardsim.policies import DEFAULT_POLICY, POLICIES
from wardsim.rules import Rules
from wardsim.whatif import Sweep, WhatIf, WhatIfError, sweep, sweep_games, whatif, whatif_games

DEFAULT_OUT = Path("reports/whatif")
# the column names of `wardsim cards` are accepted for the stats too
STAT_ALIASES = {"al": "armor_level", "spd": "speed", "atk_dice": "attack_dice", "mod": "modifier"}
STATS_HELP = ", ".join(CREATURE_STATS)
MAX_SWEEP_VALUES = 200  # each value is a run of every pairing


def _stat(name: str, option: str) -> str:
    key = name.strip().lower()
    key = STAT_ALIASES.get(key, key)
    if key not in CREATURE_STATS:
        raise fail(f"{option}: unknown stat {name.strip()!r}; the stats are {STATS_HELP}")
    return key


def parse_set(items: list[str]) -> dict[str, int]:
    """`--set STAT=VALUE` options as a dict (the last one of a stat wins)."""
    changes = {}
    for item in items:
        stat, eq, value = item.partition("=")
        if not eq or not stat.strip():
            raise fail(f"bad --set {item!r}: expected STAT=VALUE, e.g. hp=80 (stats: {STATS_HELP})")
        if not re.fullmatch(r"\s*-?[0-9]{1,9}\s*", value):
            raise fail(f"bad --set {item!r}: VALUE must be an integer, e.g. hp=80")
        changes[_stat(stat, "--set")] = int(value)
    return changes


def parse_sweep(text: str) -> tuple[str, list[int]]:
    """`--sweep STAT=LO:HI[:STEP]` as the stat and its values (HI included)."""
    stat, eq, span = text.partition("=")
    match = re.fullmatch(r"\s*(-?[0-9]{1,9}):(-?[0-9]{1,9})(?::([0-9]{1,9}))?\s*", span)
    if not eq or not match:
        raise fail(f"bad --sweep {text!r}: expected STAT=LO:HI or STAT=LO:HI:STEP, e.g. hp=40:100:10")
    low, high, step = int(match[1]), int(match[2]), int(match[3] or 1)
    if step < 1 or low > high:
        raise fail(f"bad --sweep {text!r}: need LO <= HI and STEP >= 1")
    if (high - low) // step >= MAX_SWEEP_VALUES:
        raise fail(f"bad --sweep {text!r}: at most {MAX_SWEEP_VALUES} values; use a larger STEP")
    return _stat(stat, "--sweep"), list(range(low, high + 1, step))


def parse_matchup(text: str | None) -> tuple[str, str] | None:
    if text is None:
        return None
    a, colon, b = text.partition(":")
    if not colon or not a.strip() or not b.strip():
        raise fail(f"bad --matchup {text!r}: expected DECK_A:DECK_B, e.g. dragons:bleeders")
    return a.strip(), b.strip()


def pool_paths(entries: list[Path] | None) -> list[Path]:
    """Deck files from `--decks` entries: a folder stands for its `*.txt` files."""
    paths: list[Path] = []
    for entry in entries or [bundled_decks_dir()]:
        if entry.is_dir():  # a folder stands for its deck files
            found = sorted(entry.glob("*.txt"))
            if not found:
                raise fail(f"--decks: no deck files (*.txt) in {entry}")
            paths += found
        else:
            paths.append(entry)
    return paths


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _rate(row: dict, prefix: str, low: str | None = None, high: str | None = None) -> str:
    """A win rate and its interval (columns `prefix`, `prefix_ci_low`, `prefix_ci_high` unless named)."""
    lo, hi = row[low or f"{prefix}_ci_low"], row[high or f"{prefix}_ci_high"]
    return f"{_pct(row[prefix])} ({100 * lo:.1f}-{100 * hi:.1f})"


def _change(row: dict) -> str:
    return f"{100 * row['change']:+.1f} pts ({100 * row['change_ci_low']:+.1f} to {100 * row['change_ci_high']:+.1f})"


def _print_whatif(result: WhatIf, console: Console) -> None:
    console.print(
        f"[bold]{result.change}[/bold]: {result.policy} play, {result.games} games per pairing and seat, "
        f"seed {result.seed}."
    )
    console.print("Win rates count draws half (95% intervals); the change is paired on the same seeds.")
    for title, frame, keys in (
        ("Each changed deck against its opponents", result.decks, ("deck",)),
        ("Matchups", result.matchups, ("deck", "opponent")),
    ):
        table = Table(title=title)
        for key in keys:
            table.add_column(key)
        for col in ("games", "before", "after", "change"):
            table.add_column(col, justify="right")
        for row in frame.to_dict(orient="records"):
            table.add_row(
                *(str(row[k]) for k in keys), str(row["games"]), _rate(row, "before"), _rate(row, "after"), _change(row)
            )
        console.print(table)
    for deck, edit in result.edits.items():
        console.print(f"{deck} plays {edit}.")
    if result.not_modeled:
        console.print(f"Note: effects not fully modeled: {', '.join(result.not_modeled)}.")


def _print_sweep(result: Sweep, console: Console) -> None:
    against = " vs ".join([result.deck, ", ".join(result.opponents)])
    console.print(
        f"[bold]{result.card} {result.stat}[/bold] (printed {result.printed}): {against}, "
        f"{result.policy} play, {result.games} games per pairing and seat, seed {result.seed}."
    )
    table = Table(title=f"Win rate of {result.deck} by {result.card} {result.stat}")
    for col in (result.stat, "games", "win rate", "change from printed"):
        table.add_column(col, justify="right")
    for row in result.table.to_dict(orient="records"):
        mark = " (printed)" if row["value"] == result.printed else ""
        table.add_row(
            f"{row['value']}{mark}", str(row["games"]), _rate(row, "win_rate", "ci_low", "ci_high"), _change(row)
        )
    console.print(table)
    best = result.table.set_index("value").loc[result.best].to_dict()
    console.print(
        f"Closest to 50%: {result.stat} = {result.best}, {result.deck} wins "
        f"{_rate(best, 'win_rate', 'ci_low', 'ci_high')}."
    )
    if not best["ci_low"] <= 0.5 <= best["ci_high"]:
        console.print("50% is outside its interval: no value of the range balances the matchup.")


def sweep_plot(result: Sweep, path: Path) -> None:
    """Win rate against the stat, with its interval band, the 50% line and the printed value."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = result.table
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.fill_between(t["value"], t["ci_low"], t["ci_high"], alpha=0.25, label="95% interval")
    ax.plot(t["value"], t["win_rate"], marker="o", label=f"{result.deck} win rate")
    ax.axhline(0.5, color="black", linewidth=1, linestyle="--", label="50%")
    ax.axvline(result.printed, color="grey", linewidth=1, linestyle=":", label=f"printed ({result.printed})")
    ax.set_xlabel(f"{result.card} {result.stat}")
    ax.set_ylabel("win rate (draws half)")
    ax.set_ylim(0, 1)
    opponents = ", ".join(result.opponents) if len(result.opponents) <= 3 else f"{len(result.opponents)} decks"
    ax.set_title(f"{result.deck} vs {opponents}: best {result.stat} = {result.best}")
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _copies(card: str, limit: bool, ban: bool, unrestrict: bool, fmt: str) -> int | None:
    if limit + ban + unrestrict > 1:
        raise fail("choose one of --limit, --ban and --unrestrict")
    rules = get_format(fmt)
    if limit:
        return rules.limited_copies
    if ban:
        return 0
    if not unrestrict:
        return None
    try:
        printed = default_catalog()[card]
    except KeyError as err:
        raise fail(err.args[0]) from None
    if printed.name not in rules.limited and printed.name not in rules.banned:
        raise fail(f"{printed.name} is neither limited nor banned in the {fmt} format: nothing to unrestrict")
    return rules.promo_copies if printed.is_promo else rules.max_copies


@rule_options
def whatif_command(
    card: str = typer.Argument(..., help="The card to change."),
    set_: list[str] = typer.Option(None, "--set", help=f"New printed stat, STAT=VALUE (repeat): {STATS_HELP}."),
    limit: bool = typer.Option(False, "--limit", help="Limit the card: at most 1 copy (the rest become filler)."),
    ban: bool = typer.Option(False, "--ban", help="Ban the card: its copies become filler."),
    unrestrict: bool = typer.Option(False, "--unrestrict", help="Take a limited card off the list: 3 copies."),
    sweep_spec: str = typer.Option(None, "--sweep", help="Sweep a stat, STAT=LO:HI[:STEP]; writes a plot."),
    matchup: str = typer.Option(None, "--matchup", help="Only this matchup, DECK_A:DECK_B (deck names)."),
    decks: list[Path] = typer.Option(None, "--decks", "-d", help="Deck files or folders (default: decks/)."),
    games: int = games_option(1000, "Games per pairing and seat, per run.", low=2),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1 (each pairing's seed derives from it)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=f"Bot policy: {', '.join(POLICIES)}."),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules of the pool and its list."),
    out: Path = typer.Option(None, "--out", "-o", help=f"Folder for tables and the sweep plot ({DEFAULT_OUT})."),
    force: bool = force_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    *,
    rules: Rules,
) -> None:
    """Change CARD (stats, limited, banned) and replay every affected matchup on the same seeds."""
    check_policy(policy, "--policy")
    changes = parse_set(set_ or [])
    pairing = parse_matchup(matchup)
    pool: list[Deck] = load_decks(pool_paths(decks), fmt)
    copies = _copies(card, limit, ban, unrestrict, fmt)
    swept = parse_sweep(sweep_spec) if sweep_spec else None
    if swept and (changes or copies is not None):
        raise fail("--sweep goes alone: without --set, --limit, --ban or --unrestrict")
    if not swept and not changes and copies is None:
        raise fail("say what changes: --set STAT=VALUE, --limit, --ban, --unrestrict or --sweep STAT=LO:HI")
    err = Console(stderr=True)
    played, total = [0], 0
    try:
        if swept:
            total = sweep_games(card, swept[0], swept[1], pairing, pool, games)
        else:
            total = whatif_games(card, changes, copies, pool, games, matchup=pairing)
        # the output folder is claimed before any game is played: a folder of the user's fails now
        folder = OutputFolder.claim(out or DEFAULT_OUT, force) if swept or out is not None else None
        err.print(f"seed {seed}: {total} games ({policy}, {workers_text(jobs, scheduler)})")
        if rules.changes():
            err.print(f"rules: {rules.describe()}")
        with (
            use_scheduler(scheduler),
            game_bar(err) as bar,
        ):
            task = bar.add_task("games", total=total)

            def advance(n: int) -> None:
                played[0] += n
                bar.advance(task, n)

            result: WhatIf | Sweep
            if swept:
                result = sweep(
                    card,
                    swept[0],
                    swept[1],
                    matchup=pairing,
                    decks=pool,
                    games=games,
                    seed=seed,
                    policy=policy,
                    jobs=jobs,
                    progress=advance,
                    rules=rules,
                )
            else:
                result = whatif(
                    card,
                    changes,
                    copies,
                    decks=pool,
                    games=games,
                    seed=seed,
                    policy=policy,
                    jobs=jobs,
                    matchup=pairing,
                    progress=advance,
                    rules=rules,
                )
        written = _write(result, folder)
    except KeyboardInterrupt:
        hint = "a what-if keeps no games; run it again to start over"
        raise Interrupted(played[0], total, None, unsaved_hint=hint) from None
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    except (WhatIfError, ValueError) as problem:
        raise fail(str(problem)) from None
    if as_json:
        summary = result.summary()
        summary["files"] = [str(p) for p in written]
        typer.echo(json.dumps(summary, indent=1))
        return
    console = Console(width=max(Console().width, 120))
    if isinstance(result, Sweep):
        _print_sweep(result, console)
    else:
        _print_whatif(result, console)
    for path in written:
        console.print(f"wrote {path}")


def _write(result: WhatIf | Sweep, folder: OutputFolder | None) -> list[Path]:
    """The sweep's plot and table (in --out, default reports/whatif/); a what-if's tables when
    --out is given."""
    if folder is None:
        return []
    slug = _slug(result.card)
    if isinstance(result, Sweep):
        png, csv = folder.file(f"{slug}-{result.stat}.png"), folder.file(f"{slug}-{result.stat}.csv")
        sweep_plot(result, png)
        result.table.to_csv(csv, index=False)
        return [png, csv]
    paths = [folder.file(f"{slug}-decks.csv"), folder.file(f"{slug}-matchups.csv")]
    result.decks.to_csv(paths[0], index=False)
    result.matchups.to_csv(paths[1], index=False)
    return paths
