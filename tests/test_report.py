"""The balance report and `wardsim report`: complete files, one offline HTML page, escaped names, flags."""

import base64
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

from wardsim import charts
from wardsim import report as report_module
from wardsim.analytics import bradley_terry, card_metrics, nash_equilibrium, pool_card_counters
from wardsim.analytics.card_metrics import METRICS
from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.report import build_report, reproduce_command, write_report
from wardsim.report_pages import FLAG, escape
from wardsim.tournament import round_robin

DECKS = Path(__file__).parent.parent / "decks"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ODD_NAME = 'tricky <b>"deck" & co'  # a deck name is its file name: it may hold HTML's characters
FLAGGED_CARD = "Magic Shield"  # a Gen 2 card: effect_status unmodeled
runner = CliRunner()


def _tricky_deck(folder: Path) -> Path:
    """The dragons deck with Double Hit (not modeled) in place of one Epic Loot."""
    text = (DECKS / "dragons.txt").read_text().replace("1 Epic Loot", f"1 {FLAGGED_CARD}")
    assert FLAGGED_CARD in text
    path = folder / f"{ODD_NAME}.txt"
    path.write_text(text)
    return path


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    decks = [load_deck(_tricky_deck(folder)), load_deck(DECKS / "bleeders.txt"), load_deck(DECKS / "giants.txt")]
    report = build_report(decks, games=30, seed=3, policy="greedy", out_dir=folder / "out", ablation_games=4)
    index = write_report(report, folder / "out")
    return report, folder / "out", index


class _Page(HTMLParser):
    """Collects the tags' attributes and the text of a page."""

    def __init__(self):
        super().__init__()
        self.attributes: list[tuple[str, str, str]] = []
        self.text: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.attributes += [(tag, k, v or "") for k, v in attrs]
        if tag not in ("meta", "img", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


def _parse(index: Path) -> _Page:
    page = _Page()
    page.feed(index.read_text(encoding="utf-8"))
    page.close()
    assert page.open == [], f"unclosed tags: {page.open}"
    return page


def test_every_report_file_is_written(written):
    _, out, index = written
    assert index == out / "index.html"
    for name in (
        "index.html",
        "report.md",
        "decks.csv",
        "matchups.csv",
        "cards.csv",
        "balance.csv",
        "run.json",
        "records.parquet",
        "decks.parquet",
        "matchups.parquet",
        "cards.parquet",
        "matchups.png",
        "card_impact.png",
        "win_rate_by_length.png",
        "first_player.png",
        "nash.png",
    ):
        assert (out / name).is_file(), name
    for png in out.glob("*.png"):
        assert png.read_bytes().startswith(PNG_SIGNATURE), png.name


def test_the_html_page_is_well_formed_and_self_contained(written):
    _, _, index = written
    page = _parse(index)
    images = [v for tag, k, v in page.attributes if tag == "img" and k == "src"]
    assert len(images) == 5
    for src in images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(PNG_SIGNATURE)
    links = [v for _, k, v in page.attributes if k in ("src", "href")]
    assert all(not v.startswith(("http://", "https://", "//")) for v in links)
    assert all(v.startswith("#") for tag, k, v in page.attributes if tag == "a" and k == "href")
    html_text = index.read_text(encoding="utf-8")
    assert "<script" not in html_text and "<link" not in html_text
    assert "http://" not in html_text and "https://" not in html_text


def test_names_are_escaped_in_the_html(written):
    _, _, index = written
    html_text = index.read_text(encoding="utf-8")
    assert ODD_NAME not in html_text  # never raw: its <b> would be markup
    assert escape(ODD_NAME) in html_text
    assert ODD_NAME in "".join(_parse(index).text)  # and it reads as the name
    assert escape('<img src=x onerror="1">') == "&lt;img src=x onerror=&quot;1&quot;&gt;"


def test_cards_csv_has_the_documented_columns(written):
    report, out, _ = written
    cards = pd.read_csv(out / "cards.csv")
    documented = ["card", "deck", "copies", "official", "effect_status", "flagged", "games"]
    for metric in (*METRICS, "impact"):
        documented += [metric, f"{metric}_ci_low", f"{metric}_ci_high"]
    documented += [f"{m}_n" for m in METRICS] + ["impact_se", "impact_games"]
    assert set(documented) <= set(cards.columns)
    assert len(cards) == cards[["deck", "card"]].drop_duplicates().shape[0]
    assert set(cards["deck"]) == {ODD_NAME, "bleeders", "giants"}
    assert (cards["gih_wr_ci_low"] <= cards["gih_wr"]).all() and (cards["gih_wr"] <= cards["gih_wr_ci_high"]).all()
    assert cards["impact"].notna().all()
    assert (cards["impact_games"] == 2 * 2 * 4).all()  # 2 opponents, 2 seats, 4 games
    pd.testing.assert_frame_equal(
        pd.read_parquet(out / "cards.parquet").reset_index(drop=True), report.cards.reset_index(drop=True)
    )


def test_tables_and_records_match_the_games(written):
    report, out, _ = written
    records = pd.read_parquet(out / "records.parquet")
    assert len(records) == 6 * 30
    matchups = pd.read_csv(out / "matchups.csv")
    assert len(matchups) == 6
    pair = matchups.set_index(["deck", "opponent"])["win_rate"]
    assert pair["giants", "bleeders"] + pair["bleeders", "giants"] == pytest.approx(1.0)
    decks = pd.read_csv(out / "decks.csv")
    assert set(decks["deck"]) == {ODD_NAME, "bleeders", "giants"}
    assert decks["nash_share"].sum() == pytest.approx(1.0)
    run = json.loads((out / "run.json").read_text())
    assert run["seed"] == 3 and run["policy"] == "greedy" and run["games"] == 30
    assert len(run["pairings"]) == 6


def test_cards_not_fully_modeled_and_their_decks_are_flagged(written):
    report, out, index = written
    cards = pd.read_csv(out / "cards.csv")
    row = cards[cards["card"] == FLAGGED_CARD].iloc[0]
    assert row["effect_status"] == "unmodeled" and bool(row["flagged"])
    assert not cards[cards["card"] != FLAGGED_CARD]["flagged"].any()
    assert report.decks.loc[ODD_NAME, "not_modeled"] == f"{FLAGGED_CARD} (unmodeled)"
    assert report.decks.loc["giants", "not_modeled"] == ""
    html_text = index.read_text(encoding="utf-8")
    assert f"{FLAG} {FLAGGED_CARD}" in html_text
    assert f"{FLAG} {escape(ODD_NAME)}" in html_text
    assert 'class="warning"' in html_text
    assert f"{FLAG} Not fully modeled" in (out / "report.md").read_text(encoding="utf-8")


def test_the_report_states_its_run_and_how_to_reproduce_it(written):
    report, out, index = written
    text = "".join(_parse(index).text)
    assert "seed 3" in text and "policy greedy" in text and "30 games per ordered pairing" in text
    assert report.command.startswith("wardsim report ") and "--seed 3" in report.command
    assert report.command in text
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert report.command in markdown and "## Conclusions" in markdown
    best = report.decks.index[0]
    assert report.conclusions()[0].startswith(f"{best} is the strongest deck")


def test_without_ablation_the_impact_chart_and_columns_are_left_out_with_a_note(written, tmp_path):
    report, out, _ = written
    decks = [
        load_deck(out.parent / f"{ODD_NAME}.txt"),
        load_deck(DECKS / "bleeders.txt"),
        load_deck(DECKS / "giants.txt"),
    ]
    # the same games, read back from the first report's runs folder
    again = build_report(decks, games=30, seed=3, policy="greedy", out_dir=out, ablation_games=0)
    pd.testing.assert_frame_equal(again.tournament.records, report.tournament.records)
    write_report(again, tmp_path)
    assert not (tmp_path / "card_impact.png").exists()
    cards = pd.read_csv(tmp_path / "cards.csv")
    assert "impact" not in cards.columns and "iwd" in cards.columns
    assert any("Ablation impact was not measured" in n for n in again.notes)
    page = _parse(tmp_path / "index.html")
    assert len([v for tag, k, v in page.attributes if tag == "img" and k == "src"]) == 4


def test_the_reproduce_command_names_a_folder_when_it_holds_exactly_the_decks(tmp_path):
    every = [load_deck(p) for p in sorted(DECKS.glob("*.txt"))]
    command = reproduce_command(every, 100, 1, "heuristic", 10, "official", "reports/x")
    assert f"--decks {DECKS}" in command and "--out reports/x" in command
    some = reproduce_command(every[:2], 100, 1, "heuristic", 10, "official", None)
    assert "--decks" not in some and every[0].path in some


def test_each_chart_is_a_figure_and_opens_no_window():
    result = round_robin(
        [load_deck(DECKS / f"{n}.txt") for n in ("dragons", "giants", "undead")], 20, seed=1, policy="greedy"
    )
    matchups = result.matchups()
    table = card_metrics(pool_card_counters(result.cards, by=["deck", "card"]))
    figures = [
        charts.matchup_heatmap(matchups),
        charts.card_impact(table, metric="iwd", top=10),
        charts.win_rate_by_game_length(result.records),
        charts.first_player(result.records),
        charts.nash_shares(nash_equilibrium(matchups), bradley_terry(matchups, prior=0.5)),
    ]
    assert all(isinstance(f, Figure) for f in figures)
    assert plt.get_fignums() == []  # built without pyplot: no global figures to leak
    heatmap_text = [t.get_text() for t in figures[0].axes[0].texts]
    assert len(heatmap_text) == 6 and all(re.fullmatch(r"\d+%\n\d+-\d+", t) for t in heatmap_text)
    with pytest.raises(ValueError, match="impact"):
        charts.card_impact(table, metric="impact")


def test_cli_writes_the_report_and_says_where(tmp_path):
    out = tmp_path / "rep"
    result = runner.invoke(
        app,
        [
            "report",
            str(DECKS / "dragons.txt"),
            str(DECKS / "giants.txt"),
            "--games",
            "10",
            "--policy",
            "greedy",
            "--ablation-games",
            "0",
            "--seed",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert str(out / "index.html") in result.output
    assert (out / "index.html").is_file() and (out / "cards.csv").is_file()


def test_cli_a_bad_deck_or_an_empty_folder_exits_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Orc\n")
    result = runner.invoke(app, ["report", "--decks", str(tmp_path), "--games", "5", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "too many copies of Orc" in result.output and "bad.txt" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["report", "--decks", str(empty), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "holds no deck files" in result.output
    result = runner.invoke(app, ["report", str(DECKS / "dragons.txt"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "at least 2 decks" in result.output


CHECKED = ("dragons", "bleeders", "giants")


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    out = tmp_path_factory.mktemp("checked")
    decks = [load_deck(DECKS / f"{name}.txt") for name in CHECKED]
    report = build_report(
        decks, games=30, seed=4, policy="greedy", out_dir=out, ablation_games=4, check_policy="random"
    )
    write_report(report, out)
    return report, out, decks


def test_a_check_policy_says_whether_the_ranking_and_the_verdicts_hold(checked):
    report, out, _ = checked
    check = report.policy_check
    assert check is not None and (check.policy, check.check_policy) == ("greedy", "random")
    ranks = pd.read_csv(out / "policy_check_decks.csv")
    assert list(ranks.columns) == ["deck", "games", "win_rate", "rank", "check_win_rate", "check_rank", "rank_shift"]
    assert set(ranks["deck"]) == set(CHECKED) and (ranks["games"] == 4 * 30).all()
    verdicts = pd.read_csv(out / "policy_check_cards.csv")
    assert {"deck", "card", "verdict", "check_verdict", "changed", "difference", "reading"} <= set(verdicts.columns)
    assert (verdicts["metric"] == "impact").all()  # the ablation ran under both policies
    assert -1.0 <= check.ranking.spearman <= 1.0 and check.ranking.ci_low <= check.ranking.ci_high
    html_text = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="#bot-skill"' in html_text and "Does the advice rest on bot skill?" in html_text
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "## Does the advice rest on bot skill?" in markdown
    assert any(s.startswith("Under random play the deck ranking") for s in report.conclusions())
    assert json.loads((out / "run.json").read_text())["check_policy"] == "random"
    assert report.command.endswith(f"--check-policy random --out {out}")


def test_the_check_is_the_report_the_check_policy_would_make(checked, tmp_path):
    report, out, decks = checked
    # the same seeds: the check's games are those of a report made with the check policy (which
    # finds them saved under the runs folder)
    direct = build_report(decks, games=30, seed=4, policy="random", out_dir=out, ablation_games=4)
    ranking = report.policy_check.ranking.decks
    wins = direct.decks["win_rate"].reindex(ranking.index)
    np.testing.assert_allclose(ranking["check_win_rate"], wins)
    verdicts = report.policy_check.verdicts.set_index(["deck", "card"])
    for frame, label in ((direct.balance.overpowered, "too strong"), (direct.balance.underpowered, "too weak")):
        for key in zip(frame["deck"], frame["card"], strict=True):
            assert verdicts.loc[key, "check_verdict"] == label
    candidates = len(direct.balance.overpowered) + len(direct.balance.underpowered)
    assert (verdicts["check_verdict"] != "no verdict").sum() == candidates
    # a report without a check leaves no stale check files behind
    write_report(report, tmp_path)
    assert (tmp_path / "policy_check_cards.csv").exists()
    write_report(direct, tmp_path)
    assert not (tmp_path / "policy_check_decks.csv").exists() and not (tmp_path / "policy_check_cards.csv").exists()


def test_cli_check_policy_prints_whether_the_advice_holds(tmp_path):
    args = ["report", str(DECKS / "dragons.txt"), str(DECKS / "giants.txt"), str(DECKS / "undead.txt")]
    args += ["--games", "10", "--policy", "greedy", "--ablation-games", "0", "--seed", "2"]
    result = runner.invoke(app, [*args, "--check-policy", "random", "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    assert "Under random play the deck ranking" in result.output
    assert (tmp_path / "rep" / "policy_check_cards.csv").is_file()
    for bad, message in (("greedy", "must differ"), ("smart", "unknown policy 'smart'")):
        result = runner.invoke(app, [*args, "--check-policy", bad, "--out", str(tmp_path / "o")])
        assert result.exit_code == 2 and message in result.output


def test_the_report_shows_the_whole_set_and_the_optimized_decks(written, tmp_path):
    from wardsim.catalog import default_catalog
    from wardsim.optimizer import optimize
    from wardsim.set_pages import read_search, read_survey, write_search, write_survey
    from wardsim.surveys import survey

    pool = [c.name for c in default_catalog().generation(1)][:40] + ["Ghost of the Past", "Giant Rat"]
    found = survey(cards=pool, n_decks=16, opponents=2, games=4, seed=1, policy="greedy", min_decks=1, ablate=1)
    write_survey(found, tmp_path / "survey")
    field = [load_deck(DECKS / "bleeders.txt")]
    searched = optimize(field, 1500, seed=1, cards=pool, policy="greedy", parents=2, children=2, final_games=20, keep=2)
    write_search(searched, tmp_path / "optimized")
    report = written[0]
    report.whole_set, report.optimized = read_survey(tmp_path / "survey"), read_search(tmp_path / "optimized")
    try:
        index = write_report(report, tmp_path / "out")
    finally:
        report.whole_set = report.optimized = None
    page = _parse(index)
    text = " ".join(page.text)
    assert ("a", "href", "#whole-set") in page.attributes and ("a", "href", "#optimized") in page.attributes
    assert "The whole set" in text and "Ghost of the Past" in text and "official list" in text
    assert "Optimized decks" in text and "best-1" in text
    markdown = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "## The whole set" in markdown and "## Optimized decks" in markdown


def test_cli_report_refuses_a_survey_folder_that_is_not_one_in_one_line(tmp_path):
    result = runner.invoke(app, ["report", "--survey", str(tmp_path), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --survey:") and "wardsim survey --out" in lines[0]


def test_a_report_made_again_reads_its_saved_ablation_instead_of_playing_it(tmp_path, monkeypatch):
    # the ablation runs are most of a report's games (`make demo` made again): saved once played,
    # under the key of what decides them, and read back bit for bit
    decks = [load_deck(DECKS / "bleeders.txt"), load_deck(DECKS / "giants.txt")]
    first = build_report(decks, games=6, seed=5, policy="greedy", out_dir=tmp_path / "out", ablation_games=2)
    saved = list((tmp_path / "out" / "runs" / "ablation").glob("*.json"))
    assert [p.name for p in saved] == ["greedy-seed5-games2.json"]
    played = []
    real = report_module.ablation_table

    def counted(*args, **kwargs):
        played.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(report_module, "ablation_table", counted)
    again = build_report(decks, games=6, seed=5, policy="greedy", out_dir=tmp_path / "out", ablation_games=2)
    assert played == []
    pd.testing.assert_frame_equal(again.cards, first.cards, check_exact=True)
    # another seed is another key: played
    build_report(decks, games=6, seed=6, policy="greedy", out_dir=tmp_path / "out", ablation_games=2)
    assert len(played) == 1
    # a damaged file is played again, not trusted
    saved[0].write_text("{")
    build_report(decks, games=6, seed=5, policy="greedy", out_dir=tmp_path / "out", ablation_games=2)
    assert len(played) == 2
