"""`wardsim report`: the balance report of a deck pool."""

from __future__ import annotations

import shlex
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import TaskID

from wardsim.analytics.robustness import RESTS_ON_SKILL
from wardsim.bosses import BossError, load_boss
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
from wardsim.cli.progress import game_bar, notice_printer
from wardsim.cli.rules import rule_options
from wardsim.cli.simulate import POLICY_HELP, check_policy, load_pool
from wardsim.cluster import use_scheduler
from wardsim.decks import bundled_decks_dir
from wardsim.outputs import OutputError
from wardsim.policies import DEFAULT_POLICY
from wardsim.raids import boss_pool
from wardsim.report import DEFAULT_ABLATION_GAMES, DEFAULT_GAMES, build_report, reproduce_command, write_report
from wardsim.report_pages import policy_check_sentences, verdict_label
from wardsim.rules import Rules
from wardsim.set_pages import read_search, read_survey
from wardsim.tournament import total_games

DEFAULT_OUT = Path("reports/latest")
STAGES = {
    "tournament": "round robin",
    "ablation": "ablation",
    "check_tournament": "round robin, check policy",
    "check_ablation": "ablation, check policy",
}


def deck_paths(files: list[Path] | None, folder: Path | None) -> list[Path]:
    """The deck files: those named, else the `*.txt` files of the folder (the bundled decks by default)."""
    if files:
        return list(files)
    folder = folder or bundled_decks_dir()
    if not folder.is_dir():
        raise fail(f"--decks {folder} is not a folder; give a folder of deck files (*.txt)")
    paths = sorted(folder.glob("*.txt"))
    if not paths:
        raise fail(f"--decks {folder} holds no deck files (*.txt)")
    return paths


@rule_options
def report(
    deck_files: list[Path] = typer.Argument(
        None, metavar="DECK", help="Deck files (default: every *.txt file of --decks)."
    ),
    decks_dir: Path = typer.Option(None, "--decks", "-d", help="Folder of deck files (default: the bundled decks)."),
    games: int = games_option(DEFAULT_GAMES, "Games per ordered pairing."),
    seed: int = seed_option(0, "Run seed, 0 to 2**64-1 (each pairing's seed is derived from it)."),
    policy: str = typer.Option(DEFAULT_POLICY, "--policy", "-p", help=POLICY_HELP),
    jobs: int = jobs_option(),
    scheduler: str = scheduler_option(),
    ablation_games: int = typer.Option(
        DEFAULT_ABLATION_GAMES,
        "--ablation-games",
        "-a",
        min=0,
        max=MAX_GAMES,
        help="Games per ordered pairing of the ablation runs; 0 skips them.",
    ),
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Report folder (its runs/ subfolder resumes)."),
    force: bool = force_option(),
    fmt: str = typer.Option("official", "--format", "-f", help="Deck rules: official or casual."),
    check: str = typer.Option(
        None,
        "--check-policy",
        help="A second policy: play the games again with it and report whether the deck ranking and the "
        "card verdicts hold.",
    ),
    survey_dir: Path = typer.Option(
        None, "--survey", help="A `wardsim survey` folder: adds the whole-set section (every card ranked)."
    ),
    optimized_dir: Path = typer.Option(
        None, "--optimized", help="A `wardsim optimize` folder: adds the optimized-decks section."
    ),
    boss_file: Path = typer.Option(
        None, "--boss", help="A boss file: adds the Boss Battles section (each deck alone against the boss)."
    ),
    boss_games: int = typer.Option(
        None, "--boss-games", min=1, max=MAX_GAMES, help="With --boss: games of each deck against the boss (--games)."
    ),
    *,
    rules: Rules,
) -> None:
    """Play the decks' round robin and write the balance report (HTML, Markdown, CSV, Parquet, PNG)."""
    check_policy(policy, "--policy")
    check_policy(check, "--check-policy")
    if check is not None and check == policy:
        raise typer.BadParameter(f"the check policy must differ from --policy ({policy})", param_hint="--check-policy")
    if ablation_games == 1:
        raise typer.BadParameter(
            "a paired interval needs at least 2 games; use 0 to skip the ablation", param_hint="--ablation-games"
        )
    try:  # read before any game is played: a wrong folder ends the command at once
        whole_set = read_survey(survey_dir) if survey_dir is not None else None
    except (ValueError, OSError) as problem:
        raise fail(f"--survey: {problem}") from None
    try:
        optimized = read_search(optimized_dir) if optimized_dir is not None else None
    except (ValueError, OSError) as problem:
        raise fail(f"--optimized: {problem}") from None
    try:
        boss = load_boss(boss_file) if boss_file is not None else None
    except BossError as bad:
        raise fail(f"--boss: {bad.problems[0]}") from None
    decks = load_pool(deck_paths(deck_files, decks_dir), fmt)
    err = Console(stderr=True)
    checked = f"; the games again with {check}" if check is not None else ""
    err.print(
        f"seed {seed}: {len(decks)} decks, {games} games per ordered pairing "
        f"({total_games(len(decks), games)} games; {policy}, {workers_text(jobs, scheduler)}), ablation "
        f"{ablation_games} games per pairing{checked}",
        highlight=False,
    )
    if rules.changes():
        err.print(f"rules: {rules.describe()}", highlight=False)
    command = reproduce_command(decks, games, seed, policy, ablation_games, fmt, out, rules, check)
    for option, folder in (("--survey", survey_dir), ("--optimized", optimized_dir), ("--boss", boss_file)):
        if folder is not None:
            command += f" {option} {shlex.quote(str(folder))}"
    boss_games = boss_games or games  # as many games as each pairing of the round robin
    if boss_file is not None:
        command += f" --boss-games {boss_games}"
    saved = [0]  # round-robin games saved under out/runs/ (the ablation runs are not saved)
    try:
        with use_scheduler(scheduler), game_bar(err) as bar:
            tasks: dict[str, TaskID] = {}

            def progress(stage: str, n: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(STAGES.get(stage, stage), total=total or None)
                if stage == "tournament":
                    saved[0] += n
                bar.advance(tasks[stage], n)

            result = build_report(
                decks,
                games,
                seed,
                policy=policy,
                jobs=jobs,
                out_dir=out,
                ablation_games=ablation_games,
                fmt=fmt,
                progress=progress,
                command=command,
                rules=rules,
                check_policy=check,
                force=force,
                notice=notice_printer(err),
            )
            if boss is not None:
                task = bar.add_task(f"each deck against {boss.name}", total=boss_games * len(decks))
                result.boss = boss_pool(
                    boss,
                    decks,
                    games=boss_games,
                    seed=seed,
                    policy=policy,
                    jobs=jobs,
                    rules=rules,
                    progress=lambda n: bar.advance(task, n),
                )
        result.whole_set, result.optimized = whole_set, optimized
        index = write_report(result, out, force=force)
    except KeyboardInterrupt:
        raise Interrupted(saved[0], total_games(len(decks), games), out / "runs", "round-robin games") from None
    except OutputError as problem:
        raise fail(f"--out: {problem}") from None
    except ValueError as problem:
        raise fail(str(problem)) from None
    for note in result.notes:
        typer.echo(f"Note: {note}")
    if result.policy_check is not None:
        for sentence in policy_check_sentences(result.policy_check):
            typer.echo(sentence)
        verdicts = result.policy_check.changed
        for _, row in verdicts[verdicts["reading"] == RESTS_ON_SKILL].iterrows():
            typer.echo(
                f"  {row['card']} in {row['deck']}: {verdict_label(row)} -> {verdict_label(row, 'check_')}; "
                f"{row['metric']} {100 * row['value']:+.1f} -> {100 * row['check_value']:+.1f} points, difference "
                f"{100 * row['difference']:+.1f} ({100 * row['difference_ci_low']:+.1f} to "
                f"{100 * row['difference_ci_high']:+.1f})"
            )
        typer.echo(
            f"Every verdict under both policies: {out}/policy_check_cards.csv; the decks: policy_check_decks.csv."
        )
    typer.echo(f"Report written to {index} (with report.md, CSV, Parquet and PNG files in {out}/).")
