"""Games of more than two players (docs/rulings.md, "More than two players"): turn order, turn
cycles, the roll-off, whom a player faces, who answers a magic card, players going out, the
end of the game; then free-for-all and team runs from the Python API and the command line."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pandas as pd
import pytest
from gamekit import CAT, RNG_WORDS, K, Table
from typer.testing import CliRunner

from wardsim.analytics.tables import player_rows, team_pairs
from wardsim.cli import app
from wardsim.decks import bundled_decks
from wardsim.kernel.duel.battle import end_exchange_nb, init_fighter_nb
from wardsim.kernel.duel.effect_rows import add_dot_nb, status_until_nb
from wardsim.kernel.enums import Action, EffectCol, FighterCol
from wardsim.kernel.game import play
from wardsim.kernel.game.enums import EndReason, Event, GlobCol, InstZone, PlayerCol
from wardsim.kernel.game.state import count_cycle_nb, next_seat_nb
from wardsim.multiplayer import simulate_table, table_teams
from wardsim.pods import choose_pods
from wardsim.replays import replay_table

G = GlobCol
P = PlayerCol
F = FighterCol
DECKS = {deck.name: deck for deck in bundled_decks()}
runner = CliRunner()


def _order(t: Table, first: int, turns: int) -> list[int]:
    """The seats that play `turns` turns from `first`, as end_turn_nb hands the turn on."""
    order, p = [], first
    for turn in range(turns):
        order.append(p)
        t.players[p, P.last_turn] = turn
        p = next_seat_nb(t.players, t.glob, p)
    return order


# ------------------------------------------------------------------ turn order and cycles


@pytest.mark.nojit
def test_turn_order_alternates_the_teams_a1_b1_a2_b2():
    t = Table(more=([], []), teams=[0, 1, 0, 1])
    t.players[:, P.last_turn] = -1
    assert _order(t, 0, 8) == [0, 1, 2, 3, 0, 1, 2, 3]
    t.players[:, P.last_turn] = -1
    assert _order(t, 3, 4) == [3, 0, 1, 2]  # B2 won the roll-off: A1, then B1 who waited longest


@pytest.mark.nojit
def test_turn_order_of_one_against_two_gives_the_lone_player_every_other_turn():
    t = Table(more=([],), teams=[0, 1, 1])
    t.players[:, P.last_turn] = -1
    assert _order(t, 0, 8) == [0, 1, 0, 2, 0, 1, 0, 2]
    assert t.glob[G.cycle] == 4  # every player has had a turn after A1, B1, A1, B2


@pytest.mark.nojit
def test_free_for_all_turns_go_around_the_table_and_skip_a_player_who_is_out():
    t = Table(more=([], []))
    t.players[:, P.last_turn] = -1
    assert _order(t, 2, 4) == [2, 3, 0, 1]
    t.players[3, P.lost] = 2
    count_cycle_nb(t.players, t.glob)
    assert _order(t, 2, 3) == [2, 0, 1] and t.glob[G.cycle] == 3


@pytest.mark.nojit
@pytest.mark.parametrize(("teams", "cycle"), [([0, 1], 2), ([0, 1, 2], 3), ([0, 1, 0, 1], 4), ([0, 1, 1], 4)])
def test_a_turn_cycle_is_over_once_every_player_has_had_a_turn(teams, cycle):
    t = Table(more=tuple([] for _ in teams[2:]), teams=teams)
    assert t.glob[G.cycle] == cycle and t.glob[G.teams] == max(teams) + 1


@pytest.mark.nojit
def test_damage_over_time_ticks_once_per_turn_cycle_of_the_table():
    row = int(np.flatnonzero(Table().effects[:, EffectCol.action] == Action.dot)[0])
    f = np.zeros(len(FighterCol), dtype=np.int64)
    init_fighter_nb(f, CAT.tables().cards, CAT.index("Ogre"))
    f[F.cycle] = 3  # three seats
    add_dot_nb(f, row, 0, 5, False)
    effects, rng, script = Table().effects, np.zeros(RNG_WORDS, dtype=np.uint64), np.full(64, 3, dtype=np.int64)
    ticks = []
    for clock in range(7):
        hp = f[F.hp]
        end_exchange_nb(f, f, effects, clock, rng, script)
        ticks.append(hp != f[F.hp])
    assert ticks == [True, False, False, True, False, False, True]
    assert status_until_nb(1, 4, 3) == 6  # a status for 1 turn cycle: this turn and the next two


# ------------------------------------------------------------------ the first player and the opponent faced


def test_the_lowest_roll_goes_first_and_a_shared_lowest_rolls_again():
    t = Table(more=([],))
    t.dice(2, 2, 5, 4, 1, 3)  # seats 0 and 1 share the lowest: every player rolls again
    play.setup_nb(*t.args, np.uint64(1), np.uint64(0), t.rng, t.script, t.trace)
    assert t.glob[G.first] == t.glob[G.active] == 1 and t.used_dice() == 6


def test_the_active_player_faces_an_opponent_still_in_the_game_never_a_teammate():
    t = Table(["Ogre"], ["Ogre"], more=(["Ogre"], ["Ogre"]), teams=[0, 1, 0, 1])
    t.to_cemetery(2, "Frog", "Frog", "Frog")  # the teammate nearest to going out is no choice
    t.to_cemetery(3, "Frog")
    play.face_nb(*t.args[:6], t.policy, t.params, t.rng, t.trace)
    assert t.glob[G.faced] == 3  # the bots face the opponent nearest to 300
    t.players[3, P.lost] = 2
    play.face_nb(*t.args[:6], t.policy, t.params, t.rng, t.trace)
    assert t.glob[G.faced] == 1


def test_a_battle_is_against_the_primary_of_the_opponent_faced():
    t = Table(["Ogre"], ["Goblin"], more=(["Kobold"],))
    ogre, _, kobold = t.primary(0, "Ogre"), t.primary(1, "Goblin"), t.primary(2, "Kobold")
    t.glob[G.faced] = 2
    t.glob[G.phase] = play.Phase.main
    t.dice(*[3] * 40)
    t.battle(ogre)
    assert [row[3:5] for row in t.events(Event.battle)] == [[ogre, kobold]]


# ------------------------------------------------------------------ answers to a magic card


def test_an_opponent_who_is_not_faced_may_answer_a_magic_card():
    # 2v2: A1 plays Dragon Power facing B1, who holds nothing; B1's teammate B2 answers it
    t = Table(
        ["Goblin", "Dragon Power"],
        ["Goblin"],
        more=(["Goblin", "Blade in the Dark"], ["Goblin", "Blade in the Dark"]),
        teams=[0, 1, 0, 1],
    )
    for p in range(4):
        t.primary(p, "Goblin")
    power = t.to_hand(0, "Dragon Power")[0]
    blades = [t.to_hand(2, "Blade in the Dark")[0], t.to_hand(3, "Blade in the Dark")[0]]
    t.glob[G.phase] = play.Phase.main
    legal = [a for a in t.legal() if a // 1_000_000 == K.magic and (a // 1_000) % 1_000 == power]
    play.apply_action_nb(*t.args, legal[0], t.policy, t.params, t.rng, t.script, t.trace)
    assert t.zone(blades[1]) == InstZone.cemetery and t.zone(power) == InstZone.cemetery  # negated by B2
    assert t.zone(blades[0]) == InstZone.hand  # A2 never answers its teammate's card


def test_bots_leave_two_other_players_fight_to_them():
    # free-for-all: seat 0 plays against seat 1; seat 2 could negate it, and lets it be
    t = Table(["Goblin", "Dragon Power"], ["Goblin"], more=(["Goblin", "Blade in the Dark"],))
    for p in range(3):
        t.primary(p, "Goblin")
    power = t.to_hand(0, "Dragon Power")[0]
    blade = t.to_hand(2, "Blade in the Dark")[0]
    t.glob[G.phase] = play.Phase.main
    legal = [a for a in t.legal() if a // 1_000_000 == K.magic and (a // 1_000) % 1_000 == power]
    play.apply_action_nb(*t.args, legal[0], t.policy, t.params, t.rng, t.script, t.trace)
    assert t.zone(blade) == InstZone.hand and t.zone(power) == InstZone.magic


def test_a_player_may_sacrifice_a_teammates_primary_but_not_an_opponents():
    # 2v2: A1 summons Giga (two sacrifices) with no other creature in hand: its Goblin pays one,
    # its teammate's Kobold the other, never an opponent's creature
    t = Table(["Goblin", "Giga"], ["Ogre"], more=(["Kobold", "Werewolf"], ["Ogre"]), teams=[0, 1, 0, 1])
    t.primary(0, "Goblin")
    t.primary(1, "Ogre")
    kobold = t.primary(2, "Kobold")
    t.primary(3, "Ogre")
    giga = t.to_hand(0, "Giga")[0]
    t.to_hand(2, "Werewolf")
    t.glob[G.phase] = play.Phase.main
    t.act(K.summon, giga)
    assert t.primary_name(0) == "Giga" and t.zone(kobold) == InstZone.cemetery and t.cemetery_hp(2) == 40
    assert t.primary_name(2) == "Werewolf"  # the teammate places a new primary at once
    assert t.primary_name(1) == t.primary_name(3) == "Ogre"


# ------------------------------------------------------------------ going out, and the end


def test_a_player_out_at_300_leaves_the_game_with_their_cards_and_the_others_play_on():
    t = Table(["Ogre"], ["Ogre"], more=(["Ogre", "Giga", "Giga"],))
    for p in range(3):
        t.primary(p, "Ogre")
    t.to_cemetery(2, "Giga", "Giga")  # 260 HP in seat 2's cemetery
    ogre = int(t.players[2, P.primary])
    t.fighters[ogre, F.hp] = 0
    play.settle_effects_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)  # the Ogre dies: 350
    assert t.players[2, P.lost] == 1 and t.winner < 0
    play.retire_nb(*t.args[:6], t.policy, t.params, t.rng, t.trace)
    assert t.players[2, P.lost] == 2 and t.players[2, P.primary] < 0
    assert all(t.zone(i) == InstZone.removed for i in range(60, 90))
    assert t.cemetery_hp(2) == 350 and t.glob[G.cycle] == 2
    assert next_seat_nb(t.players, t.glob, 1) == 0


def test_the_game_ends_when_the_players_left_are_all_of_one_team():
    t = Table(["Ogre"], ["Ogre", "Giga", "Giga"], more=(["Ogre"], ["Ogre"]), teams=[0, 1, 0, 1])
    for p in range(4):
        t.primary(p, "Ogre")
    t.players[3, P.lost] = 2
    t.to_cemetery(1, "Giga", "Giga")
    ogre = int(t.players[1, P.primary])
    t.fighters[ogre, F.hp] = 0
    play.settle_effects_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.winner == 0 and t.glob[G.end_reason] == EndReason.cemetery


# ------------------------------------------------------------------ runs


@pytest.fixture(scope="module")
def ffa():
    decks = [DECKS[name] for name in ("dragons", "giants", "undead")]
    return simulate_table(decks, "ffa", games=60, seed=4, policy="greedy")


def test_every_free_for_all_game_ends_with_one_player_left_or_a_draw(ffa):
    frame = ffa.frame
    for _, game in frame.iterrows():
        out = [game[f"out_turn_{k}"] for k in range(3)]
        if game["winner"] < 3:
            assert out[game["winner"]] == -1 and sum(o >= 0 for o in out) == 2
        else:
            assert game["end_reason"] in (EndReason.turn_cap, EndReason.both_lost)


def test_no_battle_and_no_draw_in_the_first_turn_cycle():
    decks = [DECKS[name] for name in ("first_strike", "giants", "sustain")]
    for game in range(3):
        told, _ = replay_table(decks, "ffa", None, seed=2, game=game, policy="greedy")
        trace = told.trace.tolist()
        assert not any(row[2] == Event.battle and row[0] < 3 for row in trace)
        # the draw phase's draw is the turn's first event after the choice of opponent
        firsts = [k for k, row in enumerate(trace) if row[2] == Event.turn and row[0] < 3]
        assert all(trace[k + 2][2] != Event.draw for k in firsts)


def test_the_summary_counts_each_player_and_each_place_in_the_turn_order(ffa):
    s = ffa.summary()
    assert s["mode"] == "ffa" and s["players"] == ["dragons", "giants", "undead"] and s["teams"] == [0, 1, 2]
    assert sum(s["wins"]) + s["draws"] == s["games"] == 60
    assert sum(s["seat_win_rates"]) == pytest.approx(sum(s["win_rates"]))
    assert all(lo <= r <= hi for r, (lo, hi) in zip(s["win_rates"], s["ci95"], strict=True))


def test_a_table_run_is_the_same_for_any_jobs_and_resumes_from_its_folder(tmp_path, ffa):
    decks = [DECKS[name] for name in ("dragons", "giants", "undead")]
    split = simulate_table(decks, "ffa", games=60, seed=4, policy="greedy", jobs=2, chunk=25, out=tmp_path)
    assert np.array_equal(split.records, ffa.records)
    again = simulate_table(decks, "ffa", games=60, seed=4, policy="greedy", out=tmp_path, chunk=25)
    assert np.array_equal(again.records, ffa.records) and again.summary()["games_per_second"] is None


def test_team_sizes_are_checked():
    assert table_teams("teams", 4) == [0, 0, 1, 1]
    assert table_teams("teams", 3, [1, 2]) == [0, 1, 1]
    for mode, players, teams, words in (
        ("teams", 3, None, "say how"),
        ("teams", 4, [1, 2], "seats 3 players"),
        ("ffa", 2, None, "at least 3"),
        ("ffa", 3, [1, 2], "--mode teams"),
        ("duel", 3, None, "unknown mode"),
        ("ffa", 7, None, "2 to 6"),
    ):
        with pytest.raises(ValueError, match=words):
            table_teams(mode, players, teams)


def test_simulate_plays_a_2v2_from_the_command_line():
    paths = [f"decks/{name}.txt" for name in ("dragons", "giants", "undead", "sustain")]
    result = runner.invoke(app, ["simulate", *paths, "--mode", "teams", "--games", "8", "--policy", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) >= {
        "mode",
        "players",
        "teams",
        "games",
        "wins",
        "draws",
        "win_rates",
        "ci95",
        "seat_win_rates",
        "seed",
        "mean_turns",
    }
    assert summary["teams"] == [0, 0, 1, 1] and len(summary["wins"]) == 2 and len(summary["seat_win_rates"]) == 4


def test_more_than_two_decks_need_a_mode():
    paths = [f"decks/{name}.txt" for name in ("dragons", "giants", "undead")]
    result = runner.invoke(app, ["simulate", *paths])
    assert result.exit_code == 2 and "--mode" in result.stderr


# ------------------------------------------------------------------ pods and the analytics of tables


@pytest.mark.nojit
def test_pods_are_every_combination_or_a_balanced_sample():
    assert choose_pods(5, 3, seed=1) == list(itertools.combinations(range(5), 3))
    sample = choose_pods(14, 4, seed=1, max_pods=200)
    seats = np.bincount([d for pod in sample for d in pod], minlength=14)
    assert len(sample) == 200 and all(len(set(pod)) == 4 for pod in sample)
    assert seats.max() - seats.min() <= 1
    with pytest.raises(ValueError, match="3 decks or more"):
        choose_pods(5, 2, seed=1)


@pytest.mark.nojit
def test_team_pairs_count_each_pair_of_teammates_once_per_game():
    frame = pd.DataFrame(
        {
            "game": [0, 1],
            "winner": [0, 1],
            **{f"{name}_{k}": [k, k] for k in range(4) for name in ("seat", "first_turn", "cemetery")},
            **{f"out_turn_{k}": [-1, -1] for k in range(4)},
        }
    )
    rows = player_rows(frame, ["a", "b", "c", "c"], [0, 0, 1, 1])
    pairs = team_pairs(rows)
    assert pairs.loc[("a", "b"), ["games", "wins"]].tolist() == [2, 1]
    assert pairs.loc[("c", "c"), ["games", "wins"]].tolist() == [2, 1]  # a mirror pair is one pair
    assert rows.groupby("place")["won"].sum().tolist() == [1, 1, 1, 1]


def test_a_pod_tournament_ranks_the_decks_with_intervals(tmp_path):
    paths = [f"decks/{name}.txt" for name in ("dragons", "giants", "undead", "sustain")]
    args = ["tournament", *paths, "--mode", "ffa", "--pod", "3", "--games", "6", "--policy", "greedy"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["pods"] == 4 and len(summary["standings"]) == 4 and len(summary["seat_win_rates"]) == 3
    assert sum(row["games"] for row in summary["standings"]) == 4 * 6 * 3
    rates = [row["win_rate"] for row in summary["standings"]]
    assert rates == sorted(rates, reverse=True)
    again = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])  # resumed from the pods' folders
    assert json.loads(again.stdout)["standings"] == summary["standings"]


def test_replay_names_each_seat_and_whom_each_player_faces():
    paths = [f"decks/{name}.txt" for name in ("dragons", "giants", "undead")]
    result = runner.invoke(app, ["replay", *paths, "--mode", "ffa", "--seed", "3", "--game", "1", "--policy", "greedy"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("Game 1 of seed 3, free-for-all: ") and all(f"({s})" in first for s in "ABC")
    assert " faces " in result.stdout and "The game ends: " in result.stdout
    assert runner.invoke(app, ["replay", *paths]).exit_code == 2  # three decks need the run's --mode
