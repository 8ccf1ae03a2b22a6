"""What-ifs, ablation and sweeps: changed cards really play, the filler is inert, and paired
runs on common random numbers measure the change alone."""

import json
import statistics
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wardsim.battle import duel
from wardsim.catalog import CREATURE_STATS, CatalogError, default_catalog
from wardsim.cli import app
from wardsim.decks import load_deck, parse_deck
from wardsim.kernel.enums import CardCol
from wardsim.simulation import RunConfig, duel_odds_table, simulate
from wardsim.whatif import (
    ABLATION_COLUMNS,
    FILLER_CREATURE,
    FILLER_MAGIC,
    WhatIfError,
    ablated,
    ablation_games,
    ablation_table,
    make_change,
    pairing_seed,
    sweep,
    sweep_games,
    whatif,
    whatif_games,
    with_copies,
    with_fillers,
)

DECKS = Path(__file__).parent.parent / "decks"
CAT = default_catalog()
DRAGONS = load_deck(DECKS / "dragons.txt")
BLEEDERS = load_deck(DECKS / "bleeders.txt")
runner = CliRunner()


def constructed(name: str, text: str):
    """A deck that is not legal in any format (a test bench), read without the format check."""
    deck, problems = parse_deck(text, f"{name}.txt", with_fillers(CAT))
    assert not problems
    return deck


# ------------------------------------------------------------------ catalog variants


def test_a_changed_stat_is_in_the_tables_and_nothing_else_changes():
    variant = CAT.with_changes("werewolf", hp=100, speed=2)
    row = CAT.index("Werewolf")
    before, after = CAT.tables().cards, variant.tables().cards
    assert after[row, CardCol.hp] == 100 and after[row, CardCol.speed] == 2
    changed = np.argwhere(before != after)
    assert {tuple(x) for x in changed} == {(row, CardCol.hp), (row, CardCol.speed)}
    assert np.array_equal(CAT.tables().effects, variant.tables().effects)
    assert CAT["Werewolf"].hp == 70  # the printed catalog is untouched
    assert [c.name for c in variant] == [c.name for c in CAT]


def test_the_duel_kernel_plays_the_changed_stats():
    printed = duel("Werewolf", "Ranger", exact=True).p_a_wins
    weaker = duel("Werewolf", "Ranger", exact=True, catalog=CAT.with_changes("Werewolf", hp=40)).p_a_wins
    stronger = duel("Werewolf", "Ranger", exact=True, catalog=CAT.with_changes("Werewolf", hp=100)).p_a_wins
    assert weaker < printed - 0.1 and stronger > printed
    # rules guide, BATTLE: a hit needs dice + modifier >= AL, so a higher AL is hit less
    armored = duel("Ranger", "Werewolf", exact=True, catalog=CAT.with_changes("Ranger", armor_level=11)).p_a_wins
    assert armored > duel("Ranger", "Werewolf", exact=True).p_a_wins


def test_the_heuristic_policy_reads_the_changed_creature_s_odds():
    variant = CAT.with_changes("Werewolf", hp=30)
    config = RunConfig(
        deck_a=[variant.index("Werewolf")] * 30,
        deck_b=[variant.index("Ranger")] * 30,
        policy_a="heuristic",
        policy_b="heuristic",
        seed=0,
        games=1,
    )
    table = duel_odds_table(config, variant)
    expected = duel("Werewolf", "Ranger", exact=True, catalog=variant).p_a_wins
    assert table[variant.index("Werewolf"), variant.index("Ranger")] == pytest.approx(expected)
    assert expected < duel("Werewolf", "Ranger", exact=True).p_a_wins - 0.1


def test_a_change_is_checked_like_a_catalog_entry():
    with pytest.raises(KeyError, match="did you mean 'Werewolf'"):
        CAT.with_changes("Warewolf", hp=80)
    with pytest.raises(CatalogError, match="unknown stat 'hitpoints'; the stats are armor_level"):
        CAT.with_changes("Werewolf", hitpoints=80)
    with pytest.raises(CatalogError, match="'armor_level' must be <= 12"):
        CAT.with_changes("Werewolf", armor_level=13)
    with pytest.raises(CatalogError, match="'hp' must be >= 1"):
        CAT.with_changes("Werewolf", hp=0)
    with pytest.raises(CatalogError, match="magic card"):
        CAT.with_changes("Health Potion", hp=10)
    with pytest.raises(WhatIfError, match="nothing to change"):
        make_change("Werewolf")


# ------------------------------------------------------------------ the filler


def test_the_filler_creature_is_a_vanilla_median_gen1_common():
    pool = with_fillers(CAT)
    filler = pool[FILLER_CREATURE]
    commons = [c for c in CAT.generation(1) if c.is_creature and c.rarity == "common"]
    for stat in CREATURE_STATS:
        values = sorted(getattr(c, stat) for c in commons)
        assert getattr(filler, stat) == values[(len(values) - 1) // 2]
        assert statistics.median(values) - 0.5 <= getattr(filler, stat) <= statistics.median(values)
    row = pool.tables().cards[pool.index(FILLER_CREATURE)]
    assert row[CardCol.effect_count] == 0 and row[CardCol.tags] == 0 and row[CardCol.names] == 0
    assert FILLER_CREATURE not in CAT and FILLER_MAGIC not in CAT
    # the printed cards keep their compiled rows, so runs with and without the filler pair up
    n = len(CAT)
    assert np.array_equal(pool.tables().cards[:n], CAT.tables().cards)
    assert np.array_equal(pool.tables().effects, CAT.tables().effects)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_blank_magic_is_drawn_but_never_played(policy):
    pool = with_fillers(CAT)
    deck = ablated(ablated(DRAGONS, "Dragon Tamer", pool), "Health Potion", pool)
    assert [n for c, n in deck.cards if c.name == FILLER_MAGIC] == [3, 2]
    result = simulate(deck, BLEEDERS, games=150, seed=2, policy_a=policy, catalog=pool)
    blank = result.cards[result.cards["card"] == FILLER_MAGIC].iloc[0]
    assert blank["games_in_hand"] > 100
    assert blank["games_played"] == 0  # never a legal action, never a response
    filler = ablated(DRAGONS, "Dragonling", pool)
    played = simulate(filler, BLEEDERS, games=150, seed=2, policy_a=policy, catalog=pool).cards
    assert played[played["card"] == FILLER_CREATURE].iloc[0]["games_played"] > 0  # a creature that is summoned


def test_removed_copies_become_filler_in_their_own_slots():
    pool = with_fillers(CAT)
    limited, edit = with_copies(DRAGONS, "Blue Dragon", 1, pool)
    before, after = DRAGONS.card_indices(pool), limited.card_indices(pool)
    changed = np.flatnonzero(before != after)
    blue = np.flatnonzero(before == pool.index("Blue Dragon"))
    assert list(changed) == list(blue[1:])
    assert (after[changed] == pool.index(FILLER_CREATURE)).all()
    assert edit == "2 Blue Dragon -> Filler creature"


def test_added_copies_take_the_slots_of_the_most_copied_card_of_their_kind():
    pool = with_fillers(CAT)
    more, edit = with_copies(DRAGONS, "Eternal Dragon", 3, pool)
    # three copies is the most; of those, Red Dragon is listed last, then Blue Dragon
    assert edit == "+2 Eternal Dragon (-1 Red Dragon, -1 Blue Dragon)"
    assert sum(n for c, n in more.cards if c.name == "Eternal Dragon") == 3
    assert more.size == 30
    before, after = DRAGONS.card_indices(pool), more.card_indices(pool)
    assert (before != after).sum() == 2
    for slot in np.flatnonzero(before != after):
        assert after[slot] == pool.index("Eternal Dragon")
        assert CAT.cards[before[slot]].name in ("Red Dragon", "Blue Dragon")


# ------------------------------------------------------------------ common random numbers


def test_a_change_to_the_printed_value_gives_exactly_zero_with_zero_width():
    result = whatif("Grizzly Bear", {"hp": 70}, decks=[DRAGONS, BLEEDERS], games=40, seed=3, policy="greedy")
    for frame in (result.decks, result.matchups):
        assert (frame["change"] == 0).all()
        assert (frame["change_ci_low"] == 0).all() and (frame["change_ci_high"] == 0).all()
        assert (frame["before"] == frame["after"]).all()


def test_paired_runs_need_fewer_games_than_independent_ones():
    result = whatif("Grizzly Bear", {"hp": 90}, decks=[DRAGONS, BLEEDERS], games=200, seed=5, policy="greedy")
    row = result.matchups.iloc[0]
    n = row["games"]
    unpaired = np.sqrt(row["before"] * (1 - row["before"]) / n + row["after"] * (1 - row["after"]) / n)
    assert row["change_se"] < 0.8 * unpaired


def test_the_result_is_the_same_for_any_number_of_jobs():
    one = whatif("Grizzly Bear", {"hp": 90}, decks=[DRAGONS, BLEEDERS], games=40, seed=6, policy="greedy")
    two = whatif("Grizzly Bear", {"hp": 90}, decks=[DRAGONS, BLEEDERS], games=40, seed=6, policy="greedy", jobs=2)
    assert one.matchups.equals(two.matchups) and one.decks.equals(two.decks)


def test_pairings_have_their_own_seeds():
    seeds = {pairing_seed(1, a, b) for a, b in [("x", "y"), ("y", "x"), ("x", "z")]}
    assert len(seeds) == 3 and pairing_seed(1, "x", "y") == pairing_seed(1, "x", "y")
    assert all(0 <= s < 2**63 for s in seeds)


# ------------------------------------------------------------------ ablation


def test_ablating_a_strong_creature_costs_its_deck_games():
    strong = constructed("krakens", "27 Goblin\n3 Kraken\n")
    plain = constructed("goblins", "30 Goblin\n")
    finished = []
    table = ablation_table([strong, plain], games=100, seed=1, policy="greedy", progress=finished.append)
    assert list(table.columns) == list(ABLATION_COLUMNS)
    assert list(zip(table["deck"], table["card"], strict=True)) == [
        ("krakens", "Goblin"),
        ("krakens", "Kraken"),
        ("goblins", "Goblin"),
    ]
    kraken = table.iloc[1]
    assert kraken["impact"] > 4 * kraken["impact_se"] > 0
    assert kraken["impact_ci_low"] > 0 and kraken["games"] == 200 and kraken["copies"] == 3
    assert kraken["impact"] == pytest.approx(kraken["base_win_rate"] - kraken["ablated_win_rate"])
    assert sum(finished) == ablation_games([strong, plain], 100) == 100 * (2 + 2 * 3)


# ------------------------------------------------------------------ what-if and sweep


def test_a_ban_replaces_the_copies_and_reports_every_matchup_of_the_deck():
    third = load_deck(DECKS / "giants.txt")
    pool = [DRAGONS, BLEEDERS, third]
    assert whatif_games("Dragon Tamer", copies=0, decks=pool, games=30) == 2 * 4 * 30
    result = whatif("Dragon Tamer", copies=0, decks=pool, games=30, seed=1, policy="greedy")
    assert result.change == "Dragon Tamer: banned"
    assert result.edits == {"dragons": "3 Dragon Tamer -> Blank magic"}
    assert list(result.matchups["opponent"]) == ["bleeders", "giants"]
    assert list(result.decks["deck"]) == ["dragons"] and result.decks["games"].iloc[0] == 2 * 2 * 30
    with pytest.raises(WhatIfError, match="no deck of the pool holds Knight"):
        whatif("Knight", {"hp": 80}, decks=pool, games=10)
    with pytest.raises(WhatIfError, match="already holds 1 copies"):
        whatif("Eternal Dragon", copies=1, decks=pool, games=10)


def test_the_win_rate_rises_with_the_hp_of_the_deck_s_creature():
    values = [130, 30]
    result = sweep(
        "Grizzly Bear",
        "hp",
        values,
        matchup=("bleeders", "dragons"),
        decks=[DRAGONS, BLEEDERS],
        games=150,
        seed=2,
        policy="greedy",
    )
    table = result.table.set_index("value")
    # the printed value (70) is played as the base of the paired changes, and shown
    assert list(table.index) == [30, 70, 130] and result.printed == 70
    assert sweep_games("Grizzly Bear", "hp", values, ("bleeders", "dragons"), [DRAGONS, BLEEDERS], 150) == 3 * 300
    assert table.loc[70, "change"] == 0 and table.loc[70, "change_se"] == 0
    assert table.loc[30, "change"] < -4 * table.loc[30, "change_se"]
    assert table.loc[130, "change"] > 4 * table.loc[130, "change_se"]
    assert (np.diff(table["win_rate"]) > 0).all()
    assert result.best == (table["win_rate"] - 0.5).abs().idxmin()


# ------------------------------------------------------------------ the command


def _cli(*args: str):
    return runner.invoke(
        app,
        [
            "whatif",
            *args,
            "--decks",
            str(DECKS / "dragons.txt"),
            "--decks",
            str(DECKS / "bleeders.txt"),
            "--policy",
            "greedy",
            "--games",
            "30",
        ],
    )


def test_whatif_command_prints_the_tables_with_intervals():
    result = _cli("Grizzly Bear", "--set", "HP=90", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.stderr
    assert "Grizzly Bear: hp 70 -> 90" in result.stdout
    assert "bleeders" in result.stdout and "dragons" in result.stdout and "pts (" in result.stdout


def test_whatif_command_json_and_limit():
    result = _cli("Dragon Tamer", "--limit", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["copies"] == 1 and out["edits"] == {"dragons": "2 Dragon Tamer -> Blank magic"}
    row = out["matchups"][0]
    assert row["deck"] == "dragons" and row["games"] == 60
    assert row["change_ci_low"] <= row["change"] <= row["change_ci_high"]


def test_whatif_command_sweep_writes_the_plot(tmp_path):
    result = _cli("Grizzly Bear", "--sweep", "hp=50:90:20", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Closest to 50%: hp = " in result.stdout
    png = tmp_path / "grizzly-bear-hp.png"
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "grizzly-bear-hp.csv").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Grizly Bear", "--set", "hp=80"], "did you mean 'Grizzly Bear'"),
        (["Knight", "--set", "hp=80"], "no deck of the pool holds Knight"),
        (["Grizzly Bear", "--set", "hp80"], "expected STAT=VALUE"),
        (["Grizzly Bear", "--set", "hp=eighty"], "VALUE must be an integer"),
        (["Grizzly Bear", "--set", "luck=3"], "unknown stat 'luck'; the stats are armor_level, speed, hp"),
        (["Grizzly Bear", "--set", "armor_level=13"], "must be <= 12"),
        (["Grizzly Bear"], "say what changes"),
        (["Grizzly Bear", "--limit", "--ban"], "choose one of"),
        (["Grizzly Bear", "--unrestrict"], "neither limited nor banned"),
        (["Grizzly Bear", "--sweep", "hp=90:50"], "LO <= HI"),
        (["Grizzly Bear", "--sweep", "hp=50:90", "--matchup", "dragons"], "expected DECK_A:DECK_B"),
        (["Grizzly Bear", "--sweep", "hp=50:90", "--matchup", "dragons:giants"], "no deck named 'giants'"),
    ],
)
def test_whatif_command_errors_for_people(args, message):
    result = _cli(*args)
    assert result.exit_code == 2
    assert message in result.stderr
