"""The whole-set survey: legal generated decks that cover the pool, a regression that finds a
planted strong card, flags for unmodeled cards, the same files whatever the jobs or a resume,
and `wardsim survey` refusing what it cannot run in one line."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from wardsim import pairings
from wardsim.analytics.survey import card_effects
from wardsim.catalog import default_catalog
from wardsim.cli import app
from wardsim.decks import legality_problems, load_deck
from wardsim.formats import get_format
from wardsim.rules import NO_SACRIFICE_MAX_AL
from wardsim.set_pages import official_ranks, read_survey, write_survey
from wardsim.simulation import simulate
from wardsim.surveys import (
    CREATURES,
    MIN_LOW_AL,
    SurveyError,
    circle_pairs,
    generate_decks,
    survey,
    survey_pool,
)

runner = CliRunner()
CATALOG = default_catalog()
PLANTED = "Goblin"  # a plain AL 1-6 creature, made overwhelming by a what-if
SMALL = dict(n_decks=24, opponents=4, games=10, seed=5, policy="greedy", min_decks=3, ablate=1, bootstrap=100)


def small_pool() -> list[str]:
    """A pool small enough for a quick survey: plain creatures, some magic, and one later card
    (whose effect is not modeled, a magic card: every creature's is) to be flagged."""
    gen1 = CATALOG.generation(1)
    low = [
        c.name
        for c in gen1
        if c.is_creature and c.effect_status == "none" and c.armor_level <= NO_SACRIFICE_MAX_AL and c.name != PLANTED
    ][:9]
    high = [
        c.name for c in gen1 if c.is_creature and c.effect_status == "none" and c.armor_level > NO_SACRIFICE_MAX_AL
    ][:4]
    magic = [c.name for c in gen1 if not c.is_creature and c.magic_type == "infinite"][:5]
    unmodeled = [c.name for c in CATALOG.generation(3) if c.effect_status == "unmodeled"][:1]
    assert unmodeled, "no Gen 3 card left unmodeled to flag"
    return [PLANTED, *low, *high, *magic, *unmodeled]


@pytest.fixture(scope="module")
def planted():
    boosted = CATALOG.with_changes(PLANTED, speed=30, attack_dice=6, modifier=30)
    return survey(cards=small_pool(), catalog=boosted, **SMALL)


def test_generated_decks_are_legal_in_the_format():
    for name in ("official", "casual"):
        fmt = get_format(name)
        pool, _ = survey_pool(fmt, 1)
        decks = generate_decks(pool, fmt, 60, seed=1, min_decks=1)
        for deck in decks:
            assert deck.size == 30
            assert legality_problems(deck, fmt) == []


def test_generated_decks_have_a_real_decks_structure():
    fmt = get_format("official")
    pool, _ = survey_pool(fmt, 1)
    for deck in generate_decks(pool, fmt, 60, seed=2, min_decks=1):
        creatures = sum(n for c, n in deck.cards if c.is_creature)
        placeable = sum(n for c, n in deck.cards if c.is_creature and c.armor_level <= NO_SACRIFICE_MAX_AL)
        assert CREATURES[0] <= creatures <= CREATURES[1]
        assert placeable >= MIN_LOW_AL
        for card, n in deck.cards:
            if card.name in fmt.limited:
                assert n == 1


def test_every_pool_card_is_in_at_least_min_decks_decks():
    fmt = get_format("official")
    pool, _ = survey_pool(fmt, 1)
    decks = generate_decks(pool, fmt, 120, seed=3, min_decks=6)
    holders = Counter(card.name for deck in decks for card, _ in deck.cards)
    assert {c.name for c in pool} <= set(holders)
    assert min(holders[c.name] for c in pool) >= 6


def test_too_few_decks_for_the_pool_says_how_many_are_needed():
    fmt = get_format("official")
    pool, _ = survey_pool(fmt, 1)
    with pytest.raises(SurveyError, match=r"give about \d+ --decks"):
        generate_decks(pool, fmt, 20, seed=3, min_decks=8)


def test_banned_cards_are_never_generated():
    fmt = get_format("official")
    names = [c.name for c in CATALOG.generation(1)] + ["Dragon of Time"]  # a promo the official list bans
    pool, banned = survey_pool(fmt, names=names)
    assert [c.name for c in banned] == ["Dragon of Time"]
    decks = generate_decks(pool, fmt, 40, seed=1, min_decks=1)
    assert "Dragon of Time" not in {card.name for deck in decks for card, _ in deck.cards}


def test_each_deck_meets_k_opponents_in_the_circle():
    pairs = circle_pairs(30, 6, seed=4)
    met = Counter(d for pair in pairs for d in pair)
    assert set(met.values()) == {6}
    assert len({frozenset(p) for p in pairs}) == len(pairs) == 30 * 3
    assert all(a != b for a, b in pairs)
    with pytest.raises(SurveyError, match="even"):
        circle_pairs(30, 5, seed=4)


def test_regression_recovers_a_planted_effect_with_an_interval_that_covers_it():
    rng = np.random.default_rng(0)
    n_decks, n_cards = 150, 40
    counts = rng.multinomial(30, np.full(n_cards, 1 / n_cards), size=n_decks)
    truth = np.zeros(n_cards)
    truth[7] = 0.04  # four points per copy
    truth -= truth.mean()
    pairs = np.array(circle_pairs(n_decks, 10, seed=1))
    expected = 0.5 + (counts[pairs[:, 0]] - counts[pairs[:, 1]]) @ truth
    games = np.full(len(pairs), 400)
    score = rng.binomial(games, np.clip(expected, 0, 1)) / games
    table = card_effects(counts, pairs[:, 0], pairs[:, 1], score, games, seed=1, replicates=200).table
    assert table["effect"].idxmax() == 7
    assert table.loc[7, "ci_low"] <= truth[7] <= table.loc[7, "ci_high"]
    assert table.loc[7, "ci_low"] > 0


def test_every_estimate_lies_inside_its_own_interval_even_with_few_decks():
    # fewer decks than cards: a replicate's fewer distinct decks shrink its fits more than the
    # full fit, so raw bootstrap percentiles left extreme estimates outside their intervals
    rng = np.random.default_rng(3)
    n_decks, n_cards = 40, 60
    counts = rng.multinomial(30, np.full(n_cards, 1 / n_cards), size=n_decks)
    pairs = np.array(circle_pairs(n_decks, 4, seed=2))
    games = np.full(len(pairs), 8)
    score = rng.binomial(games, 0.5) / games
    table = card_effects(counts, pairs[:, 0], pairs[:, 1], score, games, seed=1, replicates=200).table
    assert ((table["ci_low"] <= table["effect"]) & (table["effect"] <= table["ci_high"])).all()


def test_a_planted_strong_card_ranks_at_the_top(planted):
    top = planted.cards.iloc[0]
    assert top["card"] == PLANTED and top["rank"] == 1
    assert top["ci_low"] > 0
    assert top["ablation_impact"] > 0 and top["ablation_ci_low"] > 0  # the paired replay agrees


def test_every_card_row_says_decks_games_and_statuses(planted):
    cards = planted.cards
    assert set(cards["card"]) == set(small_pool())
    assert (cards["decks"] >= SMALL["min_decks"]).all()
    assert (cards["games"] > 0).all()
    flagged = cards[cards["effect_status"] == "unmodeled"]
    assert len(flagged) == 1 and flagged["not_modeled"].all()
    assert planted.notes and "not fully play" in planted.notes[0]


def test_a_survey_pairing_replays_alone_with_its_seed(planted, tmp_path):
    write_survey(planted, tmp_path)
    row = planted.pairings.iloc[0]
    boosted = CATALOG.with_changes(PLANTED, speed=30, attack_dice=6, modifier=30)
    a = load_deck(tmp_path / "decks" / f"{row.deck_a}.txt", "official", boosted)
    b = load_deck(tmp_path / "decks" / f"{row.deck_b}.txt", "official", boosted)
    ab = simulate(a, b, games=SMALL["games"], seed=int(row.seed_ab), policy_a="greedy", catalog=boosted)
    ba = simulate(b, a, games=SMALL["games"], seed=int(row.seed_ba), policy_a="greedy", catalog=boosted)
    t1, t2 = ab.totals, ba.totals
    score = (t1.wins_a + t2.wins_b + 0.5 * (t1.draws + t2.draws)) / (2 * SMALL["games"])
    assert score == pytest.approx(row.score_a)


def test_the_survey_page_shows_the_flags_and_the_official_list(planted, tmp_path):
    page = write_survey(planted, tmp_path).read_text(encoding="utf-8")
    unmodeled = planted.cards[planted.cards["not_modeled"]]["card"].iloc[0]
    assert "Not fully modeled" in page and unmodeled in page
    assert "The official list" in page
    saved = read_survey(tmp_path)
    pd.testing.assert_frame_equal(saved.cards[["card", "rank"]], planted.cards[["card", "rank"]], check_dtype=False)


def test_official_list_cards_are_found_with_their_ranks():
    cards = pd.DataFrame(
        {"card": ["A", "B", "C"], "rank": pd.array([1, 2, 3], dtype="Int64"), "official_status": ["", "limited", ""]}
    )
    assert official_ranks(cards)["card"].tolist() == ["B"]


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_resumed_survey_writes_the_same_files_as_one_run_straight_through(tmp_path, monkeypatch):
    monkeypatch.setattr(pairings, "BLOCK_GAMES", 60)
    args = dict(cards=small_pool(), n_decks=12, opponents=2, games=6, seed=9, policy="greedy", min_decks=1, ablate=1)
    straight = survey(out=tmp_path / "straight", **args)
    write_survey(straight, tmp_path / "straight")

    def stop(stage: str, n: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        survey(out=tmp_path / "resumed", progress=stop, **args)
    assert len(list((tmp_path / "resumed" / "games" / "records").iterdir())) == 1  # one block saved
    resumed = survey(out=tmp_path / "resumed", **args)
    assert resumed.played < straight.played
    write_survey(resumed, tmp_path / "resumed")
    assert _files(tmp_path / "resumed") == _files(tmp_path / "straight")


def test_jobs_1_and_2_give_the_same_survey(monkeypatch):
    monkeypatch.setattr(pairings, "BLOCK_GAMES", 60)
    args = dict(cards=small_pool(), n_decks=12, opponents=2, games=6, seed=11, policy="greedy", min_decks=1, ablate=1)
    one = survey(jobs=1, **args)
    two = survey(jobs=2, **args)
    pd.testing.assert_frame_equal(one.cards, two.cards)
    pd.testing.assert_frame_equal(one.pairings, two.pairings)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--opponents", "3"], "--opponents must be even"),
        (["--decks", "10", "--opponents", "10"], "must be below --decks"),
        (["--decks", "20"], "--decks, or lower --min-decks"),
        (["--generation", "7"], "--generation must be 1, 2, 3 or 0"),
        (["--format", "nope"], "unknown format"),
    ],
)
def test_survey_refuses_what_it_cannot_run_in_one_line(args, message, tmp_path):
    result = runner.invoke(app, ["survey", *args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]


def test_an_unknown_card_in_the_cards_file_is_named_with_its_line(tmp_path):
    listing = tmp_path / "pool.txt"
    listing.write_text("Goblin\nGrizly Bear\n", encoding="utf-8")
    result = runner.invoke(app, ["survey", "--cards", str(listing), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "pool.txt:2: unknown card 'Grizly Bear'; did you mean 'Grizzly Bear'" in result.output


def test_cli_survey_ranks_the_pool_and_writes_its_page(tmp_path):
    listing = tmp_path / "pool.txt"
    listing.write_text("\n".join(small_pool()) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    args = ["survey", "--cards", str(listing), "--decks", "12", "--opponents", "2", "--games", "4"]
    args += ["--min-decks", "1", "--ablate", "1", "--policy", "greedy", "--seed", "2", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "The strongest cards" in result.output and "[not fully modeled]" in result.output
    assert (out / "index.html").is_file() and len(list((out / "decks").glob("*.txt"))) == 12
