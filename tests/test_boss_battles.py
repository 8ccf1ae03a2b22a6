"""Boss Battles (Boss Battles 2nd edition, section 17; docs/rulings.md, "Boss Battles"): the
turn pattern with mini turns, the boss's draws and plays, its target rolls, its resistance and
immunities, Break Free, and how a Boss Battle is won and lost, with scripted dice."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pandas as pd
from gamekit import CAT, Table
from typer.testing import CliRunner

from wardsim.bosses import load_boss
from wardsim.catalog import Card
from wardsim.cli import app
from wardsim.decks import load_deck
from wardsim.effects import parse_effect
from wardsim.kernel.bots import choice
from wardsim.kernel.enums import Action, CardCol, EffectCol, FighterCol
from wardsim.kernel.game import boss, match, play, resolve
from wardsim.kernel.game.enums import (
    N_RECORD_COLS,
    N_TABLE_PLAYER_COLS,
    BossPlay,
    ChoiceKind,
    EndReason,
    Event,
    FizzleReason,
    GlobCol,
    InstCol,
    InstZone,
    PlayerCol,
    RecordCol,
    TablePlayerCol,
)
from wardsim.kernel.game.field import check_cemetery_nb, held_on_field_nb
from wardsim.kernel.rng import new_rng
from wardsim.policies import policy_arrays
from wardsim.raids import calibrate_hp, simulate_boss, sweep_boss
from wardsim.replays import replay_boss
from wardsim.rules import DECK_SIZE, Rules

G = GlobCol
P = PlayerCol
F = FighterCol
I = InstCol  # noqa: E741
BOSS = "Test Titan"
BREAK_FREE = Card(
    name="Break Free",
    generation=0,
    number=0,
    rarity="legendary",
    card_type="magic",
    effect_status="modeled",
    effects=(parse_effect({"trigger": "on_play", "action": "break_free"}),),
    magic_type="standard",
    magic_subtype="none",
)
# a plain boss: Omega Titan's stats with 300 HP and no effect of its own
CATALOG = CAT.with_cards(replace(CAT["Omega Titan"], name=BOSS, hp=300, effects=(), effect_status="none"), BREAK_FREE)


def _boss_table(players: int = 1, boss_deck: list[str] | None = None, player_deck: list[str] | None = None) -> Table:
    """`players` players (seats 0 ..) against the boss in the last seat, set up as a game
    starts (`play.setup_nb`): the boss on the field, the players' hands dealt."""
    deck = boss_deck if boss_deck is not None else ["Dragon Power"] * 5
    player = player_deck or ["Grizzly Bear"] * 10
    seats = [player] * players
    t = Table(
        seats[0],
        [BOSS, *deck] if players == 1 else seats[1],
        more=tuple(seats[2:]) + ((([BOSS, *deck]),) if players > 1 else ()),
        teams=[0] * players + [1],
        boss=players,
        catalog=CATALOG,
    )
    _pad_boss(t, players)
    play.setup_nb(*t.args, np.uint64(3), np.uint64(0), t.rng, t.script, t.trace)
    return t


def _pad_boss(t: Table, b: int) -> None:
    """The boss's deck list repeats the boss in the slots its deck leaves empty (the layout of a
    boss file's `deck_rows`), which the game takes out of play."""
    boss_card = CATALOG.index(BOSS)
    filler = CATALOG.index("Frog")
    for k in range(DECK_SIZE):
        if t.inst[b * DECK_SIZE + k, I.card] == filler:
            t.inst[b * DECK_SIZE + k, I.card] = boss_card


def _boss_instance(t: Table) -> int:
    return int(t.glob[G.boss]) * DECK_SIZE


def _turns(t: Table, n: int) -> list[tuple[int, int]]:
    """Play n whole turns with the seats' policies: (seat, mini turn) of each."""
    seen = []
    table = np.zeros((1, 1), dtype=np.float64)
    for _ in range(n):
        a = int(t.glob[G.active])
        match.play_turn_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace, table)
        seen.append((a, int(t.glob[G.mini]) if a == t.glob[G.boss] else 0))
    return seen


# ------------------------------------------------------------------ turns


def test_boss_turn_pattern_boss_player_mini_turn_player_and_the_boss_goes_first():
    # Boss Battles, Turn pattern: "Boss then Player 1 then Boss Mini Turn then Player 2 then
    # Boss Mini Turn then Player 3 then Boss"
    t = _boss_table(players=3)
    assert t.glob[G.first] == 3 and t.glob[G.cycle] == 6
    assert _turns(t, 8) == [(3, 0), (0, 0), (3, 1), (1, 0), (3, 1), (2, 0), (3, 0), (0, 0)]


def test_boss_turn_pattern_solo_has_no_mini_turns():
    # "Turn Pattern (Solo): Boss then Player then Boss (no Mini Turns)"
    t = _boss_table(players=1)
    assert _turns(t, 5) == [(1, 0), (0, 0), (1, 0), (0, 0), (1, 0)]


def test_boss_has_no_hand_and_draws_one_card_in_its_first_turn():
    # "The boss always starts the game by drawing 1 card"; "Boss never has a hand"
    t = _boss_table(players=2)
    assert t.hand(2) == [] and len(t.hand(0)) == len(t.hand(1)) == 5
    assert t.players[2, P.deck_n] == 5  # the boss's five cards; the empty slots are out of play
    x = _boss_instance(t)
    assert t.zone(x) == InstZone.primary and t.hp(x) == 300
    t.begin_turn()
    assert t.players[2, P.deck_n] == 4 and len(t.events(Event.draw)) == 1


def test_boss_plays_the_card_it_draws_at_once():
    # "Boss draws then immediate resolution": the ways to play it are its only actions
    t = _boss_table(players=1)
    t.begin_turn()
    legal = t.legal()
    assert legal and all(play.action_kind_nb(a) == play.ActionKind.magic for a in legal)


def test_boss_magic_cap_extra_infinite_cards_go_to_the_cemetery_with_no_effect():
    # Deck rules: "Maximum 5 Infinite Magic cards on field; extra Infinite cards discarded with no effect"
    t = _boss_table(players=1, boss_deck=["Dragon Power"] * 6)
    x = _boss_instance(t)
    for k in range(5):
        j = x + 1 + k
        t._take_from_deck(j)
        t.inst[j, I.zone] = InstZone.magic
        t.inst[j, I.controller] = 1
    t.begin_turn()
    found = t.events(Event.boss_card)
    assert len(found) == 1 and found[0][5] == BossPlay.over_cap
    assert t.zone(found[0][3]) == InstZone.cemetery


def test_boss_magic_cap_rule_option_counts_every_magic_card():
    t = _boss_table(players=1, boss_deck=["Dragon Power"] * 2)
    t.glob[G.boss_magic_cap] = 1
    card = CATALOG.index("Dragon Power")
    assert not boss.over_cap_nb(t.cards, t.inst, t.glob, card)
    j = _boss_instance(t) + 1
    t.inst[j, I.zone] = InstZone.magic
    t.inst[j, I.controller] = 1
    assert boss.over_cap_nb(t.cards, t.inst, t.glob, card)


def test_boss_deck_reshuffles_its_cemetery_when_empty():
    # "When deck empties, shuffle cemetery, reset deck (never runs out)"
    t = _boss_table(players=1, boss_deck=["Dragon Power"] * 2)
    x = _boss_instance(t)
    for j in (x + 1, x + 2):
        t._take_from_deck(j)
        t.inst[j, I.zone] = InstZone.cemetery
    assert t.players[1, P.deck_n] == 0
    i = boss.draw_nb(t.inst, t.players, t.glob, t.decks, t.rng, t.trace)
    assert i in (x + 1, x + 2) and t.players[1, P.deck_n] == 1
    assert t.events(Event.reshuffle)[0][3] == 2


# ------------------------------------------------------------------ targets


def test_boss_target_lowest_roll_ties_roll_again():
    # Target selection: "Each player rolls a die; lowest roll is targeted; reroll ties until resolved"
    t = _boss_table(players=3)
    t.dice(2, 2, 5, 6, 3)  # seats 0 and 1 tie on 2 (seat 2 rolled 5): they roll again, 6 and 3
    boss.aim_nb(t.players, t.glob, t.rng, t.script, t.trace)
    assert t.glob[G.faced] == 1 and t.used_dice() == 5
    rolls = t.events(Event.target_roll)
    assert [r[3] for r in rolls] == [-1, 1]


def test_boss_target_one_player_left_rolls_nothing():
    t = _boss_table(players=2)
    t.players[0, P.lost] = 2
    t.dice(1)
    boss.aim_nb(t.players, t.glob, t.rng, t.script, t.trace)
    assert t.glob[G.faced] == 1 and t.used_dice() == 0


def test_boss_target_a_die_picks_among_the_targeted_players_cards():
    # Boss magic targeting: "If multiple valid cards: targeted player assigns numbers, die roll
    # determines specific target"
    t = _boss_table(players=1, player_deck=["Grizzly Bear"] * 8 + ["Dragon Power"] * 2)
    options = np.array([t.find(0, "Dragon Power"), t.find(0, "Dragon Power") + 1], dtype=np.int64)
    t.inst[options, I.controller] = 0
    t.glob[G.faced] = 0
    facts = np.zeros(2, dtype=np.int64)
    picks = set()
    for seed in range(20):
        t.rng[:] = new_rng(seed, 0)
        picks.add(
            choice.decide_nb(ChoiceKind.destroy_pick, 1, -1, options, facts, 2, t.policy, t.params, *t.args[:6], t.rng)
        )
    assert picks == {0, 1}


def test_boss_always_attacks_in_its_combat_phase():
    # "Boss ALWAYS attacks": ending the combat phase is not offered while it can battle
    t = _boss_table(players=1, boss_deck=[])
    t.glob[G.turn] = t.glob[G.cycle]  # past the first turn cycle
    t.glob[G.active] = 1
    t.primary(0, "Grizzly Bear")
    t.glob[G.phase] = play.Phase.combat
    legal = t.legal()
    assert [play.action_kind_nb(a) for a in legal] == [play.ActionKind.battle]


# ------------------------------------------------------------------ resistance and immunity


def _player_turn(t: Table, *hand: str) -> None:
    """Player 0's turn after the first turn cycle, its Grizzly Bear on the field."""
    t.glob[G.turn] = t.glob[G.cycle]
    t.glob[G.active] = 0
    t.glob[G.faced] = 1
    t.glob[G.phase] = play.Phase.main
    if t.players[0, P.primary] < 0:
        t.primary(0, "Grizzly Bear")
    for name in hand:
        t.to_hand(0, name)


def test_boss_resistance_a_players_magic_card_needs_4_to_6():
    # Boss resistance mechanic: "4-6 Effect succeeds; 1-3 Effect resisted, card sent to player cemetery"
    t = _boss_table(players=1, player_deck=["Grizzly Bear"] * 8 + ["Vampire Mistress"] * 2)
    x = _boss_instance(t)
    _player_turn(t, "Vampire Mistress")
    t.dice(3)
    i = t.play("Vampire Mistress")
    assert t.hp(x) == 300 and t.zone(i) == InstZone.cemetery
    assert t.events(Event.resist)[-1][4:] == [3, 0]
    assert t.events(Event.fizzle)[-1][5] == FizzleReason.resisted
    t.to_hand(0, "Vampire Mistress")
    t.dice(5)
    t.play("Vampire Mistress")
    assert t.hp(x) == 290 and t.events(Event.resist)[-1][4:] == [5, 1]


def test_boss_resistance_no_roll_for_a_card_on_the_players_own_creature():
    # "Examples NOT requiring roll: Dragon Power on your own creature"
    t = _boss_table(players=1, player_deck=["Grizzly Bear"] * 8 + ["Dragon Power"] * 2)
    _player_turn(t, "Dragon Power")
    t.dice(6)
    t.play("Dragon Power", 0)
    assert t.events(Event.resist) == [] and t.used_dice() == 0


def test_boss_resistance_backstab_alters_combat_timing_and_rolls():
    # "Examples requiring roll: ... Backstab (alters combat timing)"
    t = _boss_table(players=1, player_deck=["Grizzly Bear"] * 8 + ["Backstab"] * 2)
    _player_turn(t, "Backstab")
    t.dice(2)
    i = t.play("Backstab")
    assert t.events(Event.resist)[-1][4:] == [2, 0] and t.zone(i) == InstZone.cemetery


def test_boss_resistance_creature_effects_roll_once_per_turn():
    # Creature effects vs Boss: "Each effect may only attempt once per turn"; a failure does not
    # send the creature to the cemetery
    t = _boss_table(players=1)
    _player_turn(t)
    c = int(t.players[0, P.primary])
    t.dice(2)
    assert not boss.creature_holds_nb(t.inst, t.glob, c, t.rng, t.script, t.trace)
    assert not boss.creature_holds_nb(t.inst, t.glob, c, t.rng, t.script, t.trace)
    assert t.used_dice() == 1 and t.zone(c) == InstZone.primary
    t.glob[G.turn] += 1
    t.dice(4)
    assert boss.creature_holds_nb(t.inst, t.glob, c, t.rng, t.script, t.trace)


def test_boss_cannot_be_removed_from_the_field_except_by_death():
    # Cannot be removed: "Cannot leave field except by death; cannot be returned to hand or deck"
    t = _boss_table(players=1)
    x = _boss_instance(t)
    assert held_on_field_nb(t.cards, t.effects, t.inst, t.fighters, t.glob, x)
    _player_turn(t)
    assert not held_on_field_nb(t.cards, t.effects, t.inst, t.fighters, t.glob, int(t.players[0, P.primary]))


def test_boss_is_immune_to_fractional_hp_loss():
    # Damage immunities: "Immune to percentage-based damage; immune to fractional HP reduction"
    t = _boss_table(players=1, player_deck=["Grizzly Bear"] * 8 + ["Demonic Magic"] * 2)
    x = _boss_instance(t)
    _player_turn(t)
    c = int(t.players[0, P.primary])
    src = t.find(0, "Demonic Magic")
    first = int(t.cards[CATALOG.index("Demonic Magic"), CardCol.effect_start])
    row = next(r for r in range(first, first + 4) if t.effects[r, EffectCol.action] == Action.damage_fraction)
    before = t.hp(c)
    moved = np.zeros(2, dtype=np.int64)
    for holder in (x, c):
        resolve.execute_row_nb(*t.args, 0, src, row, holder, t.policy, t.params, t.rng, t.script, t.trace, moved)
    assert t.hp(x) == 300 and t.hp(c) == before - before // 2


# ------------------------------------------------------------------ Break Free


def test_break_free_ends_the_players_effects_on_the_boss():
    # Break Free: "Immediately removes ALL player creature/magic effects from Boss"; "cannot be
    # negated"; "plays even if Boss is under effect preventing Magic play"
    t = _boss_table(players=1, boss_deck=["Break Free"])
    x = _boss_instance(t)
    t.glob[G.turn] = t.glob[G.cycle] + 1
    t.fighters[x, F.frozen_until] = t.glob[G.turn] + 4
    t.fighters[x, F.dot0_row] = 1
    t.fighters[x, F.dot0_ticks] = 3
    t.players[1, P.magic_blocked_until] = t.glob[G.turn] + 4
    t.glob[G.active] = 1
    t.begin_turn()
    legal = t.legal()
    assert len(legal) == 1  # played through the block on magic
    play.apply_action_nb(*t.args, legal[0], t.policy, t.params, t.rng, t.script, t.trace)
    assert t.fighter(x, F.frozen_until) == -1 and t.fighter(x, F.dot0_row) == 0
    assert t.players[1, P.magic_blocked_until] == -1 and t.glob[G.boss_freed] > 0


# ------------------------------------------------------------------ winning and losing


def test_boss_players_win_when_its_hp_reaches_0():
    # Victory: "Players win when Boss HP reaches 0"
    t = _boss_table(players=2)
    x = _boss_instance(t)
    t.fighters[x, F.hp] = 0
    play.settle_effects_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.winner == 0 and t.glob[G.end_reason] == EndReason.boss_defeated


def test_boss_wins_when_every_player_is_eliminated():
    # Defeat: "Boss wins when all players are eliminated"; Player elimination: 300+ cemetery HP
    t = _boss_table(players=2, player_deck=["Grizzly Bear"] * 20)
    for p in (0, 1):
        while t.cemetery_hp(p) < 300:
            t.to_cemetery(p, "Grizzly Bear")
    check_cemetery_nb(t.cards, t.inst, t.players, t.glob)
    assert t.winner == 1 and t.glob[G.end_reason] == EndReason.cemetery


def test_boss_damage_is_counted_to_the_player_who_dealt_it():
    t = _boss_table(players=2)
    x = _boss_instance(t)
    t.glob[G.active] = 1
    t.fighters[x, F.hp] = 260
    play.retire_nb(*t.args[:6], t.policy, t.params, t.rng, t.trace)
    t.glob[G.active] = 2  # the boss's own turn: the player it faces
    t.glob[G.faced] = 0
    t.fighters[x, F.hp] = 250
    play.retire_nb(*t.args[:6], t.policy, t.params, t.rng, t.trace)
    assert t.players[:, P.boss_damage].tolist() == [10, 40, 0]


def test_boss_games_play_to_the_end_and_give_the_same_games_in_any_chunks():
    tables = CATALOG.tables()
    boss_row = CATALOG.index(BOSS)
    boss_deck = [boss_row] + [CATALOG.index("Dragon Power")] * 6 + [CATALOG.index("Break Free")] * 2
    boss_deck += [boss_row] * (DECK_SIZE - len(boss_deck))
    player = [CATALOG.index("Grizzly Bear")] * 15 + [CATALOG.index("Vampire Mistress")] * 15
    decks = np.array([player, player, boss_deck], dtype=np.int64)
    teams = np.array([0, 0, 1], dtype=np.int64)
    ids, params = policy_arrays("greedy", "greedy", "greedy")

    def run(first: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        records = np.zeros((n, N_RECORD_COLS), dtype=np.int64)
        out = np.zeros((n, 3, N_TABLE_PLAYER_COLS), dtype=np.int64)
        match.play_table_games_nb(
            tables.cards,
            tables.effects,
            decks,
            teams,
            0,
            2,
            ids,
            params,
            5,
            first,
            n,
            Rules().to_array(),
            np.zeros((1, 1)),
            records,
            out,
        )
        return records, out

    records, out = run(0, 40)
    assert set(records[:, RecordCol.winner]) <= {0, 1}
    assert (records[:, RecordCol.end_reason] != EndReason.turn_cap).all()
    won = records[:, RecordCol.winner] == 0
    dealt = out[:, :, TablePlayerCol.boss_damage].sum(axis=1)
    assert (dealt[won] >= 300).all() and (dealt[~won] < 300).all()
    again = [run(first, 10) for first in (0, 10, 20, 30)]
    assert np.array_equal(np.concatenate([r for r, _ in again]), records)
    assert np.array_equal(np.concatenate([o for _, o in again]), out)


# ------------------------------------------------------------------ runs: the Python API and wardsim boss

BOSS_FILE = "bosses/omega_titan.toml"
PARTY = ["decks/dragons.txt", "decks/giants.txt"]
PARTY_NAMES = ["dragons", "giants"]
SUMMARY_KEYS = {"boss", "boss_hp", "players", "games", "wins", "win_rate", "ci95", "mean_turns", "eliminations"}


def _without_speed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "games_per_second"}


def test_simulate_boss_gives_the_same_games_for_any_jobs_and_the_issue_keys():
    boss_ = load_boss(BOSS_FILE)
    decks = [load_deck(p) for p in PARTY]
    one = simulate_boss(boss_, decks, games=60, seed=2, jobs=1).summary()
    two = simulate_boss(boss_, decks, games=60, seed=2, jobs=2, chunk=16).summary()
    assert _without_speed(one) == _without_speed(two)
    assert SUMMARY_KEYS | {"damage_share"} <= set(one)
    assert one["boss"] == "Omega Titan Ascendant" and one["players"] == ["dragons", "giants"]
    assert 0 <= one["ci95"][0] <= one["win_rate"] <= one["ci95"][1] <= 1
    assert abs(sum(one["damage_share"]) - 1) < 1e-9 and len(one["eliminations"]) == 2


def test_a_boss_with_more_hp_is_beaten_less_often_on_the_same_dice():
    boss_ = load_boss(BOSS_FILE)
    decks = [load_deck(p) for p in PARTY]
    weak = simulate_boss(boss_.with_hp(60), decks, games=150, seed=4).summary()
    strong = simulate_boss(boss_.with_hp(300), decks, games=150, seed=4).summary()
    assert weak["win_rate"] > strong["win_rate"] + 0.3


def test_wardsim_boss_plays_a_boss_from_the_command_line_and_resumes(tmp_path):
    args = ["boss", BOSS_FILE, *PARTY, "--games", "30", "--seed", "3", "--hp", "150", "--json"]
    first = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "run")])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert SUMMARY_KEYS <= set(summary) and summary["boss_hp"] == 150 and summary["games"] == 30
    again = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "run")])
    assert _without_speed(json.loads(again.stdout)) == _without_speed(summary)
    text = CliRunner().invoke(app, ["boss", BOSS_FILE, PARTY[0], "--games", "10"])
    assert text.exit_code == 0 and "The party (dragons) defeats Omega Titan Ascendant (HP 129)" in text.stdout


def test_wardsim_boss_refuses_a_bad_party_or_boss_with_its_reason(tmp_path):
    five = CliRunner().invoke(app, ["boss", BOSS_FILE, *PARTY, *PARTY, PARTY[0]])
    assert five.exit_code == 2 and "1 to 4 players" in five.output
    bad = tmp_path / "bad.toml"
    bad.write_text(open(BOSS_FILE).read().replace('card = "Ignitima"', 'card = "Ignitmia"'))
    wrong = CliRunner().invoke(app, ["boss", str(bad), PARTY[0]])
    assert wrong.exit_code == 2 and "unknown card 'Ignitmia'" in wrong.output


def test_calibrate_hp_finds_where_the_win_rate_crosses_the_target_on_common_dice():
    boss_ = load_boss("bosses/moon_owl.toml")
    found = calibrate_hp(boss_, [load_deck(PARTY[0])], 0.5, games=80, seed=6)
    rates = {hp: wins / n for hp, (wins, n) in found.tried.items()}
    assert rates[found.hp] >= 0.5 > rates[found.hp + 1]  # the crossing, on the same games
    lo, hi = found.interval
    assert lo <= found.hp <= hi
    summary = found.summary()
    assert summary["boss_hp"] == summary["hp_for_target"] == found.hp and summary["seed"] == 7
    assert summary["hp_ci95"] == [lo, hi] and summary["target_win_rate"] == 0.5


def test_wardsim_boss_target_win_rate_prints_the_hp_and_its_check():
    args = ["boss", "bosses/moon_owl.toml", PARTY[0], "--games", "60", "--seed", "2", "--target-win-rate", "0.4"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert {"hp_for_target", "hp_ci95", "target_win_rate", "tried"} <= set(summary) | SUMMARY_KEYS
    refused = CliRunner().invoke(app, [*args, "--out", "somewhere"])
    assert refused.exit_code == 2 and "play one run per HP" in refused.output


def test_sweep_boss_gives_each_hp_and_party_size_on_the_same_dice():
    boss_ = load_boss("bosses/moon_owl.toml")
    decks = [load_deck(p) for p in PARTY]
    table = sweep_boss(boss_, decks, [60, 400], [1, 2], games=60, seed=3)
    assert table[["hp", "players"]].values.tolist() == [[60, 1], [400, 1], [60, 2], [400, 2]]
    solo = table[table["players"] == 1].set_index("hp")["win_rate"]
    assert solo[60] > solo[400]
    again = simulate_boss(boss_.with_hp(400), decks[:2], games=60, seed=3).summary()
    assert table.iloc[3]["wins"] == again["wins"]
    assert (table["ci_low"] <= table["win_rate"]).all() and (table["win_rate"] <= table["ci_high"]).all()


def test_wardsim_boss_hp_sweep_and_players_print_the_table_and_draw_the_chart(tmp_path):
    chart = tmp_path / "sweep.png"
    args = ["boss", "bosses/moon_owl.toml", *PARTY, "--games", "20", "--hp-sweep", "100:200:100", "--players", "1-2"]
    result = CliRunner().invoke(app, [*args, "--chart", str(chart)])
    assert result.exit_code == 0, result.output
    assert "1 player" in result.stdout and "2 players" in result.stdout and chart.read_bytes()[:4] == b"\x89PNG"
    rows = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)["sweep"]
    assert [(r["hp"], r["players"]) for r in rows] == [(100, 1), (200, 1), (100, 2), (200, 2)]
    for bad, reason in ((["--players", "3"], "party sizes from 1 to the 2"), (["--hp-sweep", "9:1:1"], "LO <= HI")):
        refused = CliRunner().invoke(app, ["boss", "bosses/moon_owl.toml", *PARTY, *bad])
        assert refused.exit_code == 2 and reason in refused.output


def test_a_boss_game_replays_as_the_run_played_it_mini_turns_and_resistance_rolls_told():
    boss_ = load_boss("bosses/dragon_of_time.toml")
    decks = [load_deck(p) for p in PARTY]
    run = simulate_boss(boss_, decks, games=4, seed=1)
    for game in range(4):
        told, names = replay_boss(boss_, decks, 1, game)
        assert told.winner == run.table.records[game, 1] and sorted(names) == sorted([*PARTY_NAMES, boss_.name])
    result = CliRunner().invoke(app, ["boss", "bosses/dragon_of_time.toml", *PARTY, "--seed", "1", "--replay", "3"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for told in ("a primary turn", "a mini turn: it draws one card and plays it", "roll for the boss's target"):
        assert told in text
    assert "against the boss's resistance (4-6 holds)" in text and "The game ends" in text


def test_the_report_gains_a_boss_battles_section_with_each_deck_alone_against_the_boss(tmp_path):
    out = tmp_path / "report"
    args = ["report", *PARTY, "--games", "4", "--ablation-games", "0", "--policy", "greedy", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--boss", "bosses/omega_titan.toml", "--boss-games", "12"])
    assert result.exit_code == 0, result.output
    pool = pd.read_csv(out / "boss.csv")
    assert sorted(pool["deck"]) == sorted(PARTY_NAMES) and (pool["games"] == 12).all()
    assert list(pool["win_rate"]) == sorted(pool["win_rate"], reverse=True)
    page = (out / "report.md").read_text()
    assert "## Boss Battles" in page and "alone against Omega Titan Ascendant" in page
    assert "--boss bosses/omega_titan.toml --boss-games 12" in json.loads((out / "run.json").read_text())["command"]
    again = CliRunner().invoke(app, args)  # the same folder without a boss: the section and its file go
    assert again.exit_code == 0 and not (out / "boss.csv").exists()
    assert "## Boss Battles" not in (out / "report.md").read_text()
    refused = CliRunner().invoke(app, [*args, "--boss", "nowhere.toml"])
    assert refused.exit_code == 2 and "--boss:" in refused.output


def test_wardsim_replay_boss_tells_the_same_game_as_wardsim_boss_replay():
    told = CliRunner().invoke(app, ["replay", *PARTY, "--boss", "bosses/moon_owl.toml", "--seed", "2", "--game", "1"])
    again = CliRunner().invoke(app, ["boss", "bosses/moon_owl.toml", *PARTY, "--seed", "2", "--replay", "1"])
    assert (
        told.exit_code == 0 and told.stdout == again.stdout and "a Boss Battle against Moon Owl Eclipse" in told.stdout
    )
    mixed = CliRunner().invoke(app, ["replay", *PARTY, "--boss", "bosses/moon_owl.toml", "--mode", "ffa"])
    assert mixed.exit_code == 2 and "--boss replays a `wardsim boss` run" in mixed.output
