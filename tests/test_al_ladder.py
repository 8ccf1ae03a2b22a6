"""The AL Ladder (rules guide, Game Play Styles, "AL Ladder PVP"; docs/rulings.md, "AL Ladder"):
its deck rules, its rounds, its points and deciding fight, creatures that leave the field only
by dying; then ladder runs from the Python API and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from gamekit import CAT, Table
from typer.testing import CliRunner

from wardsim.catalog import default_catalog
from wardsim.cli import app
from wardsim.decks import DeckError, load_deck, revives_creatures
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game import play, rounds
from wardsim.kernel.game.enums import EndReason, Event, GlobCol, InstZone, PlayerCol
from wardsim.kernel.game.field import held_on_field_nb
from wardsim.multiplayer import simulate_table, table_teams
from wardsim.replays import describe, replay_table
from wardsim.rules import LADDER_MAGIC, LADDER_ROUNDS

G = GlobCol
P = PlayerCol
F = FighterCol
LADDER = ["decks/ladder/beasts.txt", "decks/ladder/shadows.txt"]
runner = CliRunner()


def _list(path: str) -> list[str]:
    deck = load_deck(path, ladder=True)
    return [card.name for card, n in deck.cards for _ in range(n)]


def _settle(t: Table) -> None:
    play.settle_effects_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)


def _kill(t: Table, p: int) -> None:
    t.fighters[t.players[p, P.primary], F.hp] = 0
    _settle(t)


def _write(tmp_path, lines: list[str]) -> str:
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


# ------------------------------------------------------------------ the deck


@pytest.mark.nojit
def test_a_ladder_deck_takes_one_creature_of_each_al_class_and_18_magic(tmp_path):
    lines = open(LADDER[0]).read().splitlines()
    assert load_deck(LADDER[0], ladder=True).size == LADDER_ROUNDS + LADDER_MAGIC
    swapped = [line.replace("Goblin", "Frog") for line in lines]  # two of AL 1, none of AL 2
    with pytest.raises(DeckError) as err:
        load_deck(_write(tmp_path, swapped), ladder=True)
    text = str(err.value)
    assert "2 creatures of AL 1 (Assassin, Frog)" in text and "no creature of AL 2" in text
    fewer = [line.replace("3 Lucky Charm", "2 Lucky Charm\n1 Ogre") for line in lines]
    with pytest.raises(DeckError, match="has 18 magic cards; this one has 17"):
        load_deck(_write(tmp_path, fewer), ladder=True)


@pytest.mark.nojit
def test_creature_revival_cards_are_not_allowed_in_a_ladder_deck(tmp_path):
    catalog = default_catalog()
    assert revives_creatures(catalog["Ghost of the Past"]) and revives_creatures(catalog["Phoenix Armor"])
    assert not revives_creatures(catalog["Visitor From Beyond"])  # it brings back magic cards only
    lines = [line.replace("3 Lucky Charm", "2 Lucky Charm\n1 Ghost of the Past") for line in open(LADDER[0])]
    with pytest.raises(DeckError, match="Ghost of the Past revives creatures: not allowed in the AL Ladder"):
        load_deck(_write(tmp_path, [line.rstrip("\n") for line in lines]), ladder=True)


def test_deck_check_mode_ladder_from_the_command_line():
    result = runner.invoke(app, ["deck", "check", "--mode", "ladder", *LADDER])
    assert result.exit_code == 0, result.output
    assert "legal (official, AL Ladder): 30 cards: 12 creatures, 18 magic" in result.stdout
    result = runner.invoke(app, ["deck", "check", "--mode", "ladder", "decks/dragons.txt"])
    assert result.exit_code == 1 and "as an AL Ladder deck" in result.stderr
    assert runner.invoke(app, ["deck", "check", "--mode", "chess", *LADDER]).exit_code == 2


# ------------------------------------------------------------------ rounds


@pytest.mark.nojit
def test_the_creatures_wait_out_of_the_deck_and_round_1_sets_the_al_1_creatures_against_each_other():
    t = Table(_list(LADDER[0]), _list(LADDER[1]), rounds=LADDER_ROUNDS)
    play.setup_nb(*t.args, 5, 0, t.rng, t.script, t.trace)
    assert all(t.players[p, P.deck_n] + len(t.hand(p)) == LADDER_MAGIC for p in range(2))
    assert all(t.hand(p) and all(not default_catalog()[n].is_creature for n in t.hand(p)) for p in range(2))
    assert sum(t.zone(i) == InstZone.reserve for i in range(60)) == 2 * LADDER_ROUNDS
    t.begin_turn()
    assert {t.primary_name(0), t.primary_name(1)} == {"Assassin", "Witch"}  # the AL 1 creatures
    assert t.glob[G.round] == 1 and t.events(Event.round) == [[0, t.glob[G.active], Event.round, 1, 1, 0]]


def test_a_killed_creature_ends_the_round_scores_its_winner_and_sends_the_field_to_the_cemetery():
    t = Table(["Grizzly Bear", "Ogre", "Knight Armor"], ["Grizzly Bear", "Ogre"], rounds=LADDER_ROUNDS)
    bear_a, bear_b = t.primary(0, "Grizzly Bear"), t.primary(1, "Grizzly Bear")
    rounds.set_aside_nb(t.cards, t.inst, t.players, t.glob, t.decks)
    t.glob[G.round] = 7
    t.to_hand(0, "Knight Armor")
    t.begin_turn()
    armor = t.play("Knight Armor", 0)  # on the Bear of seat 0
    assert t.zone(armor) == InstZone.magic
    _kill(t, 1)
    assert t.players[0, P.points] == 1 and t.players[1, P.points] == 0
    assert all(t.zone(i) == InstZone.cemetery for i in (bear_a, bear_b, armor))
    assert t.primary_name(0) == t.primary_name(1) == "Ogre" and t.glob[G.round] == 8  # AL 8: the next round
    assert t.events(Event.round_end)[-1][3:] == [7, 0, 1]
    # the round ended the turn: it goes on no more, and the other player's turn begins the round
    assert not play.turn_goes_on_nb(t.players, t.glob, 0)
    play.end_turn_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.glob[G.active] == 1 and t.glob[G.round_over] == 0


def test_both_creatures_killed_at_once_score_no_point():
    t = Table(["Ogre", "Blue Dragon"], ["Ogre", "Blue Dragon"], rounds=LADDER_ROUNDS)
    for p in range(2):
        t.primary(p, "Ogre")
        t.fighters[t.players[p, P.primary], F.hp] = 0
    rounds.set_aside_nb(t.cards, t.inst, t.players, t.glob, t.decks)
    t.glob[G.round] = 8
    _settle(t)
    assert t.players[0, P.points] == t.players[1, P.points] == 0
    assert t.events(Event.round_end)[-1][3:] == [8, -1, 0] and t.glob[G.round] == 9


def _last_round(points: tuple[int, int], more: list[str] = ()) -> Table:
    """Round 12 under way, the Gigas on the field, the points so far."""
    t = Table(["Giga", *more], ["Giga", *more], rounds=LADDER_ROUNDS)
    for p in range(2):
        t.primary(p, "Giga")
        t.players[p, P.points] = points[p]
    t.glob[G.round] = LADDER_ROUNDS
    return t


def test_after_the_last_round_the_most_points_wins():
    t = _last_round((6, 5))
    _kill(t, 1)
    assert t.winner == 0 and t.glob[G.end_reason] == EndReason.points and t.players[0, P.points] == 7


def test_a_tie_is_broken_by_a_fight_of_the_creatures_of_the_al_class_of_the_dice_sum():
    t = _last_round((5, 6), ["Grizzly Bear"])
    for p in range(2):
        t.to_cemetery(p, "Grizzly Bear")  # AL 7, after its round
    t.dice(3, 4)  # "each player rolls 1 die. The sum of both dice is equal to the creature"
    _kill(t, 1)
    assert t.winner < 0 and t.used_dice() == 2
    assert t.primary_name(0) == t.primary_name(1) == "Grizzly Bear" and t.glob[G.round] == LADDER_ROUNDS + 1
    assert t.events(Event.round)[-1][3:] == [LADDER_ROUNDS + 1, 7, 7]
    _kill(t, 0)
    assert t.winner == 1 and t.glob[G.end_reason] == EndReason.deciding_fight
    assert (t.players[0, P.points], t.players[1, P.points]) == (6, 6)  # the fight scores no point
    told = describe(t.trace[: t.glob[G.trace_n]], t.inst[:, 0], CAT, ["north", "south"], t.effects)
    assert "Round 12 is over: north wins it (6 points)." in " ".join(told)
    assert any("Deciding fight: the dice sum 7 names AL 7." in line for line in told)
    assert "The deciding fight is over: south wins it." in told


def test_ladder_creatures_cannot_be_removed_from_the_field_by_effects_or_magic():
    t = Table(["Terrifying Roar"], ["Ogre"], rounds=LADDER_ROUNDS)
    t.primary(0, "Frog")
    ogre = t.primary(1, "Ogre")
    assert held_on_field_nb(t.cards, t.effects, t.inst, t.fighters, t.glob, ogre)
    roar = t.to_hand(0, "Terrifying Roar")[0]
    rounds.set_aside_nb(t.cards, t.inst, t.players, t.glob, t.decks)
    t.begin_turn()
    # the card that would send the Ogre to the hand cannot take hold: it is not played, and
    # neither a summon nor killing one's own primary is an action of the ladder
    assert t.legal() == [0]
    standard = Table(["Terrifying Roar"], ["Ogre"])
    standard.primary(0, "Frog")
    ogre = standard.primary(1, "Ogre")
    assert not held_on_field_nb(standard.cards, standard.effects, standard.inst, standard.fighters, standard.glob, ogre)
    standard.to_hand(0, "Terrifying Roar")
    standard.begin_turn()
    standard.play("Terrifying Roar")
    assert standard.zone(ogre) != InstZone.primary and t.zone(roar) == InstZone.hand  # it left the field


def test_no_cemetery_total_and_no_empty_hand_ends_a_ladder_game():
    t = Table(["Ogre", "Blue Dragon"], ["Ogre", "Blue Dragon", "Giga", "Giga", "Giga"], rounds=LADDER_ROUNDS)
    for p in range(2):
        t.primary(p, "Ogre")
    t.to_cemetery(1, "Giga", "Giga", "Giga")  # 390 cemetery HP
    rounds.set_aside_nb(t.cards, t.inst, t.players, t.glob, t.decks)
    t.glob[G.round] = 8
    _kill(t, 1)
    assert t.cemetery_hp(1) >= 300 and t.winner < 0 and t.players[1, P.lost] == 0


# ------------------------------------------------------------------ runs


@pytest.fixture(scope="module")
def ladder():
    decks = [load_deck(path, ladder=True) for path in LADDER]
    return simulate_table(decks, "ladder", games=40, seed=3, policy="greedy")


def test_every_ladder_game_is_decided_by_points_or_a_deciding_fight(ladder):
    frame = ladder.frame
    points = frame[["points_0", "points_1"]].to_numpy()
    assert (points.sum(axis=1) <= LADDER_ROUNDS).all()
    for (_, game), (a, b) in zip(frame.iterrows(), points, strict=True):
        if game["end_reason"] == EndReason.points:
            assert a != b and game["winner"] == (0 if a > b else 1)
        else:
            assert game["end_reason"] in (EndReason.deciding_fight, EndReason.turn_cap) and a == b
    s = ladder.summary()
    assert s["mode"] == "ladder" and s["teams"] == [0, 1] and sum(s["wins"]) + s["draws"] == 40
    assert s["mean_points"] == pytest.approx(points.mean(axis=0).tolist())


def test_a_ladder_run_is_the_same_for_any_jobs_and_resumes_from_its_folder(tmp_path, ladder):
    decks = [load_deck(path, ladder=True) for path in LADDER]
    split = simulate_table(decks, "ladder", games=40, seed=3, policy="greedy", jobs=2, chunk=15, out=tmp_path)
    assert np.array_equal(split.records, ladder.records)
    again = simulate_table(decks, "ladder", games=40, seed=3, policy="greedy", out=tmp_path, chunk=15)
    assert np.array_equal(again.records, ladder.records)


@pytest.mark.nojit
def test_the_ladder_is_played_by_two_decks():
    assert table_teams("ladder", 2) == [0, 1]
    with pytest.raises(ValueError, match="1v1"):
        table_teams("ladder", 3)
    with pytest.raises(ValueError, match="--teams"):
        table_teams("ladder", 2, [1, 1])


def test_simulate_and_replay_play_the_ladder_from_the_command_line():
    result = runner.invoke(
        app, ["simulate", *LADDER, "--mode", "ladder", "--games", "6", "--policy", "greedy", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["players"] == ["beasts", "shadows"] and len(summary["mean_points"]) == 2
    result = runner.invoke(app, ["simulate", *LADDER, "--mode", "ladder", "--games", "4", "--policy", "greedy"])
    assert result.exit_code == 0 and "Mean points (rounds won of 12)" in result.stdout
    result = runner.invoke(app, ["simulate", "decks/dragons.txt", "decks/giants.txt", "--mode", "ladder"])
    assert result.exit_code == 2 and "AL Ladder" in result.stderr
    result = runner.invoke(app, ["replay", *LADDER, "--mode", "ladder", "--seed", "3", "--game", "1", "-p", "greedy"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Game 1 of seed 3, AL Ladder: ")
    assert "-- Round 12: AL 12." in result.stdout and "Round 1 is over: " in result.stdout


def test_a_replayed_ladder_game_is_the_run_s_game():
    decks = [load_deck(path, ladder=True) for path in LADDER]
    run = simulate_table(decks, "ladder", games=3, seed=9, policy="greedy")
    for game in range(3):
        told, _ = replay_table(decks, "ladder", None, seed=9, game=game, policy="greedy")
        assert told.winner == run.frame.loc[game, "winner"]  # a team is a player: its index
