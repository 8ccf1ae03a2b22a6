"""The balance report: a round robin of a deck pool, its analytics, charts and advice.

`build_report` plays the tournament (:func:`wardsim.tournament.round_robin`), measures the
ablation impact of every card when asked (:func:`wardsim.whatif.ablation_table`), and
gathers every number the report shows into a :class:`Report`. `write_report` writes it:

==================  ===========================================================================
``index.html``      the report, one self-contained file (charts inlined, no links out)
``report.md``       the same in Markdown (charts as the PNG files beside it)
``decks.csv``       one row per deck: win rate, intervals, on the play / on the draw, meta
``matchups.csv``    one row per (deck, opponent): win rate and interval, games, wins, draws
``cards.csv``       one row per (deck, card): 17lands metrics and ablation impact with
                    intervals and sample sizes, official status, effect status
``balance.csv``     the balance candidates, too strong and too weak, with the reason
``policy_check_decks.csv``  with a check policy: each deck's win rate and rank under both
``policy_check_cards.csv``  with a check policy: every candidate's verdict under both, the
                    measure's difference with its interval, and what it means
``boss.csv``        with a boss: each deck alone against it, its win rate and interval
``*.parquet``       records (one row per game), decks, matchups, cards
``*.png``           the charts (see :mod:`wardsim.charts`)
``run.json``        the run's parameters and every pairing's seed
==================  ===========================================================================

Every name that comes from a file (deck names are file names, card names the catalog's)
passes through :func:`html.escape` on its way into the HTML.
"""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from wardsim import charts

if TYPE_CHECKING:  # matplotlib is imported by wardsim.charts when a chart is drawn
    from matplotlib.figure import Figure
from wardsim.analytics import (
    BalanceReport,
    MatchupMatrix,
    NashEquilibrium,
    balance_candidates,
    bradley_terry,
    card_metrics,
    deck_summary,
    first_player_advantage,
    first_player_by_deck,
    nash_equilibrium,
    pool_card_counters,
)
from wardsim.analytics.balance import NOT_MODELED
from wardsim.analytics.robustness import PolicyCheck, policy_check
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.formats import get_format
from wardsim.outputs import OutputFolder, parquet_bytes, write_atomic
from wardsim.policies import policy_id
from wardsim.raids import BossPool
from wardsim.report_pages import CHARTS, conclusions, html_page, markdown_page
from wardsim.rules import Rules
from wardsim.set_pages import SavedSearch, SavedSurvey
from wardsim.tournament import Tournament, round_robin, total_games
from wardsim.whatif import ablation_games as ablation_games_total
from wardsim.whatif import ablation_table, check_pool

DEFAULT_GAMES = 1000
DEFAULT_ABLATION_GAMES = 100
BT_PRIOR = 0.5  # virtual half-wins each way: finite strengths even for an unbeaten deck
Progress = Callable[[str, int, int], None]  # (stage, games just finished, the stage's total games)
POLICY_CHECK_FILES = ("policy_check_decks.csv", "policy_check_cards.csv")
BOSS_FILE = "boss.csv"


@dataclass
class Report:
    """Everything the report shows; `write_report` turns it into files.

    Attributes
    ----------
    tournament : Tournament
        The round robin: per-game records and per-card counters.
    fmt : str
        The deck format the decks were checked in.
    decks : DataFrame
        Indexed by deck, best first: ``plan, games, wins, losses, draws, win_rate, ci_low,
        ci_high, first_win_rate, first_ci_low, first_ci_high, second_win_rate, second_ci_low,
        second_ci_high, strength, nash_share, not_modeled`` (cards not fully modeled, with
        their status, ``""`` if none).
    matchups : MatchupMatrix
        Row deck against column deck.
    first_player : Series
        The first player's win rate over every game (``analytics.first_player_advantage``).
    strengths : Series
        Bradley-Terry strengths (geometric mean 1; a prior of 0.5 win each way).
    nash : NashEquilibrium
        The equilibrium of deck choice.
    cards : DataFrame
        One row per (deck, card), see `cards.csv` in the module notes.
    balance : BalanceReport
        Candidates for the limited and banned list, and the official list checked.
    ablation_games : int
        Games per ordered pairing of the ablation runs (0: not measured).
    notes : list of str
        What the report could not do and why (shown in it).
    command : str
        The command that makes this report again.
    policy_check : PolicyCheck, optional
        With a check policy: the deck ranking and the card verdicts under both policies
        (:mod:`wardsim.analytics.robustness`).
    whole_set : SavedSurvey, optional
        A survey folder's results (`wardsim survey`), shown as the "whole set" section.
    optimized : SavedSearch, optional
        A deck search's results (`wardsim optimize`), shown as the "optimized decks" section.
    boss : BossPool, optional
        Each deck alone against a boss (`wardsim.raids.boss_pool`), shown as the "Boss Battles"
        section and written to ``boss.csv``.
    """

    tournament: Tournament
    fmt: str
    decks: pd.DataFrame
    matchups: MatchupMatrix
    first_player: pd.Series
    strengths: pd.Series
    nash: NashEquilibrium
    cards: pd.DataFrame
    balance: BalanceReport
    ablation_games: int
    official_limited: list[str]
    official_banned: list[str]
    command: str
    notes: list[str] = field(default_factory=list)
    policy_check: PolicyCheck | None = None
    whole_set: SavedSurvey | None = None
    optimized: SavedSearch | None = None
    boss: BossPool | None = None

    @property
    def has_ablation(self) -> bool:
        return "impact" in self.cards.columns

    def deck_order(self) -> list[str]:
        return list(self.decks.index)

    def figures(self) -> dict[str, Figure]:
        """The charts, by file stem (the card impact chart only with ablation runs)."""
        records = self.tournament.records
        figures = {"matchups": charts.matchup_heatmap(self.matchups, order=self.deck_order())}
        if self.has_ablation:
            figures["card_impact"] = charts.card_impact(self.cards, "impact")
        figures["win_rate_by_length"] = charts.win_rate_by_game_length(records)
        figures["first_player"] = charts.first_player(records)
        figures["nash"] = charts.nash_shares(self.nash, self.strengths)
        return figures

    def conclusions(self) -> list[str]:
        """The main findings in plain sentences."""
        return conclusions(self)


def _rules_tag(rules: Rules | None) -> str:
    """A run folder name's suffix for changed rules, so that runs under other rules never mix."""
    changes = (rules or Rules()).changes()
    if not changes:
        return ""
    return "-rules-" + hashlib.sha256(json.dumps(changes, sort_keys=True).encode()).hexdigest()[:8]


def reproduce_command(
    decks: Sequence[Deck],
    games: int,
    seed: int,
    policy: str,
    ablation_games: int,
    fmt: str,
    out_dir: Path | str | None,
    rules: Rules | None = None,
    check_policy: str | None = None,
) -> str:
    """The `wardsim report` command line that plays the same games and writes the same report."""
    folders = {Path(d.path).parent for d in decks}
    folder = next(iter(folders)) if len(folders) == 1 else None
    if folder is not None and sorted(p.resolve() for p in folder.glob("*.txt")) == sorted(
        Path(d.path).resolve() for d in decks
    ):
        source = ["--decks", str(folder)]
    else:
        source = [d.path for d in decks]
    words = [
        "wardsim",
        "report",
        *source,
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--policy",
        policy,
        "--ablation-games",
        str(ablation_games),
        "--format",
        fmt,
        *(rules or Rules()).option_args(),
    ]
    if check_policy is not None:
        words += ["--check-policy", check_policy]
    if out_dir is not None:
        words += ["--out", str(out_dir)]
    return shlex.join(words)


def _deck_table(
    tournament: Tournament, decks: Sequence[Deck], strengths: pd.Series, nash: NashEquilibrium
) -> pd.DataFrame:
    summary = deck_summary(tournament.records)
    by_order = first_player_by_deck(tournament.records)
    for order in ("first", "second"):
        rows = by_order.xs(order, level="order")
        for column in ("win_rate", "ci_low", "ci_high"):
            summary[f"{order}_{column}"] = rows[column].reindex(summary.index)
    summary["strength"] = strengths.reindex(summary.index)
    summary["nash_share"] = pd.Series(nash.strategy).reindex(summary.index)
    plans = {d.name: d.plan for d in decks}
    flagged = {d.name: ", ".join(f"{c.name} ({c.effect_status})" for c in d.not_modeled()) for d in decks}
    summary.insert(0, "plan", [plans.get(name, "") for name in summary.index])
    summary["not_modeled"] = [flagged.get(name, "") for name in summary.index]
    return summary


def _card_table(
    tournament: Tournament, decks: Sequence[Deck], limited: set[str], banned: set[str], ablation: pd.DataFrame | None
) -> pd.DataFrame:
    counters = pool_card_counters(tournament.cards, by=["deck", "card"])
    table = card_metrics(counters)
    copies = {(d.name, c.name): n for d in decks for c, n in d.cards}
    table.insert(2, "copies", [copies.get(key, 0) for key in zip(table["deck"], table["card"], strict=True)])
    table.insert(
        3,
        "official",
        np.select([table["card"].isin(banned), table["card"].isin(limited)], ["banned", "limited"], "unrestricted"),
    )
    if ablation is not None:
        impact = ablation[["deck", "card", "impact", "impact_ci_low", "impact_ci_high", "impact_se", "games"]]
        table = table.merge(impact.rename(columns={"games": "impact_games"}), on=["deck", "card"], how="left")
    table["flagged"] = table["effect_status"].isin(NOT_MODELED)
    # who and what first, then the metrics, then the raw counters they were computed from
    identity = ["card", "deck", "copies", "official", "effect_status", "flagged"]
    measured = [c for c in table.columns if c not in identity and c not in counters.columns]
    table = table[identity + measured + [c for c in counters.columns if c not in identity]]
    deck_rank = {name: k for k, name in enumerate(d.name for d in decks)}
    key = "impact" if ablation is not None else "iwd"
    table = table.assign(_rank=table["deck"].map(deck_rank)).sort_values(
        ["_rank", key], ascending=[True, False], kind="stable"
    )
    return table.drop(columns="_rank").reset_index(drop=True)


def _runs_folder(runs_root: Path | None, policy: str, seed: int, games: int, rules: Rules) -> Path | None:
    """Where a round robin of the report saves its games (under the report folder's `runs/`),
    so that building it again resumes them."""
    if runs_root is None:
        return None
    return runs_root / f"{policy}-seed{seed}-games{games}{_rules_tag(rules)}"


def _ablation(
    decks: Sequence[Deck],
    ablation_games: int,
    seed: int,
    policy: str,
    jobs: int,
    catalog: Catalog,
    progress: Progress | None,
    notes: list[str],
    rules: Rules,
    runs_root: Path | None = None,
    force: bool = False,
) -> pd.DataFrame | None:
    """The ablation table, or None with a note saying why it is missing.

    With `runs_root`, the table is saved there once played, under the key of everything that
    decides its games, and a report made again with the same key reads it instead of playing
    its games again (they are most of a report's games: `ablation_games`)."""
    if ablation_games <= 0:
        notes.append(
            "Ablation impact was not measured (ablation games 0), so the card table has no impact "
            "column and the balance advice rests on IWD alone, which is observational, not causal."
        )
        return None
    total = ablation_games_total(decks, ablation_games)

    def advance(n: int) -> None:
        if progress:
            progress("ablation", n, total)

    advance(0)
    saved = _saved_ablation(runs_root, force, decks, ablation_games, seed, policy, rules)
    if saved is not None:
        path, key = saved
        table = _read_ablation(path, key)
        if table is not None:
            advance(total)
            return table
    table = ablation_table(
        decks, ablation_games, seed, policy=policy, jobs=jobs, catalog=catalog, progress=advance, rules=rules
    )
    if saved is not None:
        path, key = saved
        # native floats: json writes their shortest exact form, so the table reads back bit for bit
        split = table.to_dict(orient="split", index=False)
        write_atomic(path, json.dumps({"key": key, "table": split}).encode("utf-8"))
    return table


def _saved_ablation(
    runs_root: Path | None,
    force: bool,
    decks: Sequence[Deck],
    games: int,
    seed: int,
    policy: str,
    rules: Rules,
) -> tuple[Path, dict] | None:
    """Where an ablation table is saved (`runs/ablation/`), and the key it is saved under:
    the decks' cards as printed, the games, seed, policy and rules, and the engine."""
    if runs_root is None:
        return None
    from wardsim.simulation import engine_fingerprint

    cards = repr([(d.name, [(repr(card), n) for card, n in d.cards]) for d in decks])
    key = {
        "decks": hashlib.sha256(cards.encode("utf-8")).hexdigest(),
        "games": games,
        "seed": seed,
        "policy": policy,
        "rules": rules.as_dict(),
        "engine": engine_fingerprint(),
    }
    folder = OutputFolder.claim(runs_root / "ablation", force)
    return folder.file(f"{policy}-seed{seed}-games{games}{_rules_tag(rules)}.json"), key


def _read_ablation(path: Path, key: dict) -> pd.DataFrame | None:
    """The saved ablation table when it was saved under `key`; None otherwise (played again)."""
    try:
        saved = json.loads(path.read_bytes())
        if saved["key"] != key:
            return None
        split = saved["table"]
        return pd.DataFrame(split["data"], columns=split["columns"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _policy_check(
    decks: list[Deck],
    games: int,
    seed: int,
    policies: tuple[str, str],
    jobs: int,
    runs_root: Path | None,
    ablation_games: int,
    catalog: Catalog,
    progress: Progress | None,
    rules: Rules,
    official: tuple[set[str], set[str]],
    first: tuple[Tournament, pd.DataFrame, BalanceReport],
) -> PolicyCheck:
    """Play the round robin (and the ablation runs, when the report has them) again with the
    check policy on the same seeds, and compare it with the first policy's `first` results."""
    policy, check_policy = policies
    limited, banned = official
    round_robin_total = total_games(len(decks), games)
    if progress:
        progress("check_tournament", 0, round_robin_total)
    tournament = round_robin(
        decks,
        games,
        seed,
        policy=check_policy,
        jobs=jobs,
        out=_runs_folder(runs_root, check_policy, seed, games, rules),
        catalog=catalog,
        progress=(lambda n: progress("check_tournament", n, round_robin_total)) if progress else None,
        rules=rules,
    )
    ablation = None
    if ablation_games > 0:
        ablation_total = ablation_games_total(decks, ablation_games)
        if progress:
            progress("check_ablation", 0, ablation_total)
        ablation = ablation_table(
            decks,
            ablation_games,
            seed,
            policy=check_policy,
            jobs=jobs,
            catalog=catalog,
            progress=(lambda n: progress("check_ablation", n, ablation_total)) if progress else None,
            rules=rules,
        )
    cards = _card_table(tournament, decks, limited, banned, ablation)
    balance = balance_candidates(cards, sorted(limited), sorted(banned))
    first_tournament, first_cards, first_balance = first
    return policy_check(
        policy,
        check_policy,
        first_tournament.records,
        tournament.records,
        first_cards,
        cards,
        first_balance,
        balance,
        seed=seed,
    )


def build_report(
    decks: list[Deck],
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    policy: str = "heuristic",
    jobs: int = 1,
    out_dir: Path | str | None = None,
    ablation_games: int = DEFAULT_ABLATION_GAMES,
    fmt: str = "official",
    catalog: Catalog | None = None,
    progress: Progress | None = None,
    command: str | None = None,
    rules: Rules | None = None,
    check_policy: str | None = None,
    force: bool = False,
    notice: Callable[[str], None] | None = None,
) -> Report:
    """Play a deck pool's round robin (and ablation runs) and compute everything the report shows.

    Parameters
    ----------
    decks : list of Deck
        Two decks or more with distinct names.
    games : int
        Games per ordered pairing of the round robin.
    seed : int
        The run seed (see :func:`wardsim.tournament.round_robin`).
    policy : str
        Bot policy of both players.
    jobs : int
        Worker processes; the results do not depend on it.
    out_dir : Path, optional
        The report folder. The round robin's games are saved under
        ``out_dir/runs/<policy>-seed<seed>-games<games>/`` as they finish, so building the
        same report again resumes (or reuses) them.
    ablation_games : int
        Games per ordered pairing of the ablation runs (every card of every deck replaced by
        a filler, see :func:`wardsim.whatif.ablation_table`); 0 skips them.
    fmt : str
        The format the decks were checked in; its limited and banned list is compared with
        the data only for the official format's list (always ``official``).
    catalog : Catalog, optional
        The card catalog (the bundled one by default).
    progress : callable, optional
        ``progress(stage, games, total)``: stage ``"tournament"``, ``"ablation"``,
        ``"check_tournament"`` or ``"check_ablation"``, the games just finished and the
        stage's total; called once with 0 games when a stage starts.
    command : str, optional
        The command line to print as the way to make the report again (default: the
        `wardsim report` command for these arguments).
    rules : Rules, optional
        The rules the games follow (the rules guide's by default).
    check_policy : str, optional
        A second policy: the round robin (and the ablation runs, when measured) is played
        again by it on the same seeds, and the report says whether the deck ranking and the
        card verdicts hold (:func:`wardsim.analytics.robustness.policy_check`). Its games are
        saved beside the first policy's under ``out_dir/runs/``.
    force : bool
        Use an `out_dir` that holds files wardsim did not write (see :mod:`wardsim.outputs`);
        without it such a folder is refused before any game is played.
    notice : callable, optional
        Told in one line what resuming each saved pairing found.

    Returns
    -------
    Report
    """
    check_pool(decks)
    if check_policy is not None:
        policy_id(check_policy)  # an unknown policy fails before any game is played
        if check_policy == policy:
            raise ValueError(f"the check policy must differ from the report's policy ({policy})")
    catalog = catalog or default_catalog()
    rules = rules or Rules()
    notes: list[str] = []
    if rules.changes():
        notes.append(
            f"The games follow changed rules: {rules.describe()} (the rules guide's are {Rules().describe()})."
        )
    runs_root = None
    if out_dir is not None:
        runs_root = OutputFolder.claim(out_dir, force).folder("runs")
    runs = _runs_folder(runs_root, policy, seed, games, rules)
    total = total_games(len(decks), games)
    if progress:
        progress("tournament", 0, total)
    tournament = round_robin(
        decks,
        games,
        seed,
        policy=policy,
        jobs=jobs,
        out=runs,
        catalog=catalog,
        progress=(lambda n: progress("tournament", n, total)) if progress else None,
        rules=rules,
        force=force,
        notice=notice,
    )
    ablation = _ablation(decks, ablation_games, seed, policy, jobs, catalog, progress, notes, rules, runs_root, force)

    matchups = tournament.matchups()
    strengths = bradley_terry(matchups, prior=BT_PRIOR)
    nash = nash_equilibrium(matchups)
    official = get_format("official", catalog)
    limited, banned = set(official.limited), set(official.banned)
    deck_table = _deck_table(tournament, decks, strengths, nash)
    cards = _card_table(tournament, decks, limited, banned, ablation)
    balance = balance_candidates(cards, sorted(limited), sorted(banned))
    checked = None
    if check_policy is not None:
        checked = _policy_check(
            decks,
            games,
            seed,
            (policy, check_policy),
            jobs,
            runs_root,
            ablation_games if ablation is not None else 0,
            catalog,
            progress,
            rules,
            (limited, banned),
            (tournament, cards, balance),
        )
    if tournament.not_modeled:
        notes.append(
            "Some cards' effects are not fully modeled (flagged wherever they appear): "
            f"{', '.join(tournament.not_modeled)}. Results for them and their decks may not reflect the "
            "real cards."
        )
    return Report(
        tournament=tournament,
        fmt=fmt,
        decks=deck_table,
        matchups=matchups,
        first_player=first_player_advantage(tournament.records),
        strengths=strengths,
        nash=nash,
        cards=cards,
        balance=balance,
        ablation_games=ablation_games if ablation is not None else 0,
        official_limited=sorted(limited),
        official_banned=sorted(banned),
        command=command
        or reproduce_command(decks, games, seed, policy, ablation_games, fmt, out_dir, rules, check_policy),
        notes=notes,
        policy_check=checked,
    )


def png_bytes(figure: Figure, dpi: int = 110) -> bytes:
    """A figure as PNG file contents."""
    buffer = BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def matchup_rows(matchups: MatchupMatrix) -> pd.DataFrame:
    """The matchup matrix in long form: one row per (deck, opponent), mirrors left out."""
    frames = {
        "win_rate": matchups.win_rate,
        "ci_low": matchups.ci_low,
        "ci_high": matchups.ci_high,
        "games": matchups.games,
        "wins": matchups.wins,
        "draws": matchups.draws,
    }
    long = pd.DataFrame({name: frame.stack() for name, frame in frames.items()})
    long.index.names = ["deck", "opponent"]
    long = long.reset_index()
    return long[long["deck"] != long["opponent"]].reset_index(drop=True)


def balance_rows(balance: BalanceReport) -> pd.DataFrame:
    """Too-strong and too-weak candidates in one frame, with a `verdict` column."""
    frames = [
        frame.assign(verdict=verdict)
        for verdict, frame in (("too strong", balance.overpowered), ("too weak", balance.underpowered))
        if len(frame)
    ]
    if not frames:
        return pd.DataFrame(columns=["verdict", "rank", "card", "deck", "official", "reason"])
    rows = pd.concat(frames, ignore_index=True)
    return rows[["verdict", *[c for c in rows.columns if c != "verdict"]]]


def write_report(report: Report, out_dir: Path | str, force: bool = False) -> Path:
    """Write the report's files into `out_dir` (see the module notes); returns index.html's path.

    The folder must be new, empty or one wardsim wrote (its `.wardsim-output` marker), and a
    file there that wardsim did not write is never replaced, unless `force`
    (:mod:`wardsim.outputs`)."""
    out = OutputFolder.claim(out_dir, force)
    images = {}
    for stem, figure in report.figures().items():
        images[stem] = png_bytes(figure)
        out.file(f"{stem}.png").write_bytes(images[stem])
    for stale in set(CHARTS) - set(images):  # a chart this report does not have must not linger
        out.remove(f"{stale}.png")
    decks = report.decks.reset_index()
    matchups = matchup_rows(report.matchups)
    cards = report.cards
    decks.to_csv(out.file("decks.csv"), index=False)
    matchups.to_csv(out.file("matchups.csv"), index=False)
    cards.to_csv(out.file("cards.csv"), index=False)
    balance_rows(report.balance).to_csv(out.file("balance.csv"), index=False)
    write_atomic(out.file("records.parquet"), parquet_bytes(report.tournament.records, index=False))
    write_atomic(out.file("decks.parquet"), parquet_bytes(decks, index=False))
    write_atomic(out.file("matchups.parquet"), parquet_bytes(matchups, index=False))
    write_atomic(out.file("cards.parquet"), parquet_bytes(cards, index=False))
    t = report.tournament
    run = {
        "seed": t.seed,
        "policy": t.policy,
        "games": t.games,
        "ablation_games": report.ablation_games,
        "format": report.fmt,
        "decks": t.decks,
        "command": report.command,
        "not_modeled": t.not_modeled,
        "pairings": t.pairings.to_dict(orient="records"),
    }
    check = report.policy_check
    if check is not None:
        decks_file, cards_file = POLICY_CHECK_FILES
        check.ranking.decks.reset_index().to_csv(out.file(decks_file), index=False)
        check.verdicts.to_csv(out.file(cards_file), index=False)
        run["check_policy"] = check.check_policy
    else:
        for stale in POLICY_CHECK_FILES:  # a check this report does not have must not linger
            out.remove(stale)
    if report.boss is not None:
        report.boss.table.to_csv(out.file(BOSS_FILE), index=False)
        run["boss"] = {"name": report.boss.boss.name, "hp": report.boss.boss.hp, "games": report.boss.games}
    else:
        out.remove(BOSS_FILE)  # a section this report does not have must not linger
    out.file("run.json").write_text(json.dumps(run, indent=1, default=int), encoding="utf-8")
    out.file("report.md").write_text(markdown_page(report), encoding="utf-8")
    index = out.file("index.html")
    index.write_text(html_page(report, images), encoding="utf-8")
    return index
