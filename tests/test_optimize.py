"""The deck search: mutations that keep decks legal, a search that beats its start deck against
the field, the same result for a seed whatever the jobs or a resume, and `wardsim optimize`
refusing what it cannot run in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from wardsim import pairings
from wardsim.catalog import default_catalog
from wardsim.cli import app
from wardsim.decks import legality_problems, load_deck
from wardsim.formats import get_format
from wardsim.optimizer import SearchError, _child, deck_key, mutate, optimize
from wardsim.rules import NO_SACRIFICE_MAX_AL
from wardsim.set_pages import read_search, write_search
from wardsim.surveys import deck_of, generate_decks, survey_pool

runner = CliRunner()
CATALOG = default_catalog()
DECKS = Path(__file__).parent.parent / "decks"
FIELD = [load_deck(DECKS / f"{name}.txt") for name in ("bleeders", "undead")]
SMALL = dict(seed=4, policy="greedy", parents=2, children=4, step=6, max_rounds=3, final_games=40, keep=2)


def weak_start():
    """A deck of the pool's weakest plain creatures and nothing else: easy to improve on."""
    plain = [c for c in CATALOG.generation(1) if c.is_creature and c.effect_status == "none"]
    weakest = sorted(plain, key=lambda c: (c.hp + 5 * c.modifier, c.name))[:10]
    copies = {c.name: 3 for c in weakest}
    return deck_of("start", copies, {c.name: c for c in weakest})


@pytest.fixture(scope="module")
def searched():
    return optimize(FIELD, budget=5000, start=weak_start(), **SMALL)


def test_mutated_decks_stay_legal_and_placeable():
    fmt = get_format("official")
    pool, _ = survey_pool(fmt, 1)
    cards = {c.name: c for c in pool}
    deck = generate_decks(pool, fmt, 2, seed=1, min_decks=0)[0]
    parent = {c.name: n for c, n in deck.cards}
    rng = np.random.default_rng(0)
    taken: set[str] = set()
    for _ in range(200):
        child = _child(parent, pool, fmt, rng, cards, taken)
        assert child is not None
        built = deck_of("child", child, cards)
        assert legality_problems(built, fmt) == []
        assert any(cards[n].is_creature and cards[n].armor_level <= NO_SACRIFICE_MAX_AL for n in child)
        parent = child


def test_each_mutation_moves_copies_within_the_copy_limits():
    fmt = get_format("official")
    pool, _ = survey_pool(fmt, 1)
    allowed = {c.name: fmt.copies_allowed(c.name, c.is_promo) for c in pool}
    deck = generate_decks(pool, fmt, 2, seed=2, min_decks=0)[0]
    copies = {c.name: n for c, n in deck.cards}
    rng = np.random.default_rng(1)
    changed = 0
    for _ in range(300):
        new = mutate(copies, pool, fmt, rng)
        if new is None:
            continue
        assert sum(new.values()) == 30
        assert all(1 <= n <= allowed[name] for name, n in new.items())
        changed += new != copies
    assert changed > 250


def test_the_search_improves_on_its_start_deck_against_the_field(searched):
    decks = searched.decks
    best, start = decks.iloc[0], decks[decks["deck"] == "start"].iloc[0]
    assert best["rank"] == 1 and start["rank"] == 0
    assert best["ci_low"] > start["ci_high"]  # measured afresh, on seeds the search never used
    assert len(searched.history) >= 2
    assert searched.history["games_spent"].iloc[-1] <= 5000


def test_the_search_is_the_same_for_a_seed_and_any_jobs(searched, monkeypatch):
    monkeypatch.setattr(pairings, "BLOCK_GAMES", 100)
    again = optimize(FIELD, budget=5000, start=weak_start(), jobs=2, **SMALL)
    pd.testing.assert_frame_equal(again.decks, searched.decks)
    pd.testing.assert_frame_equal(again.history, searched.history)


def test_another_seed_searches_other_games():
    one = optimize(FIELD, budget=2000, start=weak_start(), **{**SMALL, "seed": 1})
    two = optimize(FIELD, budget=2000, start=weak_start(), **{**SMALL, "seed": 2})
    assert not one.history.equals(two.history)


def test_the_best_decks_are_written_as_legal_deck_files(searched, tmp_path):
    paths = write_search(searched, tmp_path)
    assert [p.name for p in paths] == ["best-1.txt", "best-2.txt"]
    for path in paths:
        deck = load_deck(path)  # legal in the official format, or load_deck raises
        assert deck_key({c.name: n for c, n in deck.cards}) in set(searched.decks["key"])
        assert "win rate against the field" in path.read_text(encoding="utf-8")
    saved = read_search(tmp_path)
    assert saved.decks["deck"].tolist() == ["best-1", "best-2", "start"]
    assert (saved.cards["decks"] <= 2).all() and saved.cards["decks"].iloc[0] >= 1


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_resumed_search_writes_the_same_files_as_one_run_straight_through(tmp_path):
    args = dict(budget=1500, start=weak_start(), **SMALL)
    straight = optimize(FIELD, out=tmp_path / "straight", **args)
    write_search(straight, tmp_path / "straight")
    calls = [0]

    def stop(stage: str, n: int, total: int) -> None:
        calls[0] += 1
        if calls[0] == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        optimize(FIELD, out=tmp_path / "resumed", progress=stop, **args)
    resumed = optimize(FIELD, out=tmp_path / "resumed", **args)
    assert 0 < resumed.played < straight.played
    write_search(resumed, tmp_path / "resumed")
    assert _files(tmp_path / "resumed") == _files(tmp_path / "straight")


def test_a_budget_too_small_for_one_round_says_how_many_games_it_needs():
    with pytest.raises(SearchError, match="give at least"):
        optimize(FIELD, budget=100, **SMALL)


def test_optimize_refuses_a_budget_too_small_in_one_line(tmp_path):
    result = runner.invoke(app, ["optimize", "--budget", "10", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "give at least" in lines[0]


def test_more_best_decks_than_parents_come_from_the_last_race():
    found = optimize(FIELD, budget=2500, start=weak_start(), **{**SMALL, "keep": 4})
    best = found.decks[found.decks["rank"] > 0]
    assert best["rank"].tolist() == [1, 2, 3, 4]
    assert best["key"].nunique() == 4


def test_cli_optimize_writes_the_best_decks_and_says_where(tmp_path):
    field = tmp_path / "field"
    field.mkdir()
    for deck in FIELD:
        (field / f"{deck.name}.txt").write_text(Path(deck.path).read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    args = ["optimize", "--field", str(field), "--budget", "2500", "--policy", "greedy", "--seed", "3"]
    args += ["--parents", "2", "--children", "2", "--final-games", "20", "--keep", "2", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "best-1" in result.output and str(out / "best-1.txt") in result.output
    assert load_deck(out / "best-1.txt").size == 30
