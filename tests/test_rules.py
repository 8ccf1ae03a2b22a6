"""The Rules object: one home for every number and ruling, and every way it reaches a game.

The rules guide's numbers are the defaults; a referee's changes reach the kernel through the
compiled array, every game-playing command through the shared options, and the replay prints
the rules in force. `RULINGS` and docs/rulings.md list the same rulings, each with a real test.
"""

import ast
import re
import tokenize
from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest
from gamekit import CAT, Event, K, Table
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.kernel.game import play
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstZone
from wardsim.kernel.game.state import apply_rules_nb
from wardsim.rules import RULINGS, RuleCol, Rules, sacrifices_for
from wardsim.simulation import simulate

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
GAME_COMMANDS = ("simulate", "replay", "tournament", "report", "whatif")


def test_the_defaults_are_the_rules_guides_numbers():
    rules = Rules()
    assert (rules.cemetery_threshold, rules.hand_limit, rules.opening_hand, rules.infinite_slots) == (300, 8, 5, 5)
    assert rules.max_turns == 200 and rules.dot_stacking is False
    assert not rules.changes()
    assert [sacrifices_for(al) for al in (1, 6, 7, 11, 12)] == [0, 0, 1, 1, 2]


@pytest.mark.parametrize(
    "change, words",
    [
        ({"cemetery_threshold": 0}, "cemetery_threshold (--threshold) must be from 1 to 1000000000, got 0"),
        ({"hand_limit": 30}, "hand_limit (--hand-limit) must be from 1 to 29"),
        ({"opening_hand": 2.5}, "opening_hand must be a whole number"),
        ({"dot_stacking": 1}, "dot_stacking must be true or false"),
    ],
)
def test_rules_refuse_impossible_values_with_the_option_to_fix(change, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        Rules(**change)


def test_every_rule_reaches_the_game_state():
    # each field compiles to its own column, and each column lands in the glob field of its name
    rules = Rules(cemetery_threshold=250, max_turns=90, hand_limit=7, opening_hand=4, infinite_slots=3)
    array = rules.to_array()
    assert array.tolist() == [getattr(rules, name) for name in RuleCol._fields]
    glob = np.zeros(len(GlobCol), dtype=np.int64)
    apply_rules_nb(glob, array)
    for name in RuleCol._fields:
        assert glob[getattr(GlobCol, name)] == getattr(rules, name), name
    kernel_fields = {f.name for f in fields(Rules)} - {"dot_stacking"}  # DOT stacking rules the effect table
    assert set(RuleCol._fields) == kernel_fields


@pytest.mark.parametrize("opening_hand", [5, 3])
def test_opening_hand_rule_sets_the_cards_drawn(opening_hand):
    # rules guide, How to play: "player 1 will draw 5 cards from their deck"
    t = Table(["Werewolf"], ["Kobold"], rules=Rules(opening_hand=opening_hand))
    play.setup_nb(*t.args, np.uint64(1), np.uint64(0), t.rng, t.script, t.trace)
    assert [len(t.hand(p)) for p in (0, 1)] == [opening_hand, opening_hand]


@pytest.mark.parametrize("hand_limit", [8, 6])
def test_hand_limit_rule_sets_the_cards_kept(hand_limit):
    # rules guide, Draw phase: "the player may only have a maximum of eight cards in their hand"
    hand = ["Goblin", "Kobold", "Werewolf", "Knight", "Skeleton", "Dwarf", "Demon", "Owl"]
    t = Table(["Werewolf", *hand, "Rodent"], ["Frog"], rules=Rules(hand_limit=hand_limit))
    t.primary(0, "Werewolf")
    t.primary(1, "Frog")
    t.to_hand(0, *hand)
    t.on_top(0, "Rodent")
    t.begin_turn()
    assert len(t.hand(0)) == hand_limit
    assert len(t.events(Event.discard)) == 9 - hand_limit


def test_infinite_slots_rule_sets_how_many_infinite_cards_fit():
    infinite = ["Knight Armor", "Hero Shield", "Magic Belt"]
    t = Table(["Werewolf", *infinite], ["Frog"], rules=Rules(infinite_slots=2))
    t.primary(0, "Werewolf")
    t.primary(1, "Frog")
    t.to_hand(0, *infinite)
    t.begin_turn()
    for name in infinite[:2]:
        t.play(name, target=0)
    playable = {CAT.cards[t.inst[action_a_nb(a), 0]].name for a in t.legal() if action_kind_nb(a) == K.magic}
    assert "Magic Belt" not in playable and t.zone(t.find(0, "Magic Belt", InstZone.hand)) == InstZone.hand


def test_first_player_roll_off_is_even_and_recorded():
    # rules guide, How to play: the roll-off decides who goes first (DESIGN.md ruling 2); the
    # record keeps who went first, and over many games each seat goes first half the time
    from wardsim.decks import load_deck

    deck = load_deck(DECKS / "giants.txt")
    games = 2000
    result = simulate(deck, deck, games=games, seed=11, policy_a="random", keep_records=True)
    first = result.records["first_player"].to_numpy()
    assert set(np.unique(first)) == {0, 1}
    share = first.mean()
    assert abs(share - 0.5) < 4.5 * np.sqrt(0.25 / games)


def test_a_changed_threshold_changes_the_games_and_is_kept_in_the_run():
    from wardsim.decks import load_deck

    a, b = load_deck(DECKS / "giants.txt"), load_deck(DECKS / "undead.txt")
    short = simulate(a, b, games=100, seed=3, policy_a="greedy", rules=Rules(cemetery_threshold=120))
    usual = simulate(a, b, games=100, seed=3, policy_a="greedy")
    assert short.totals.turns < usual.totals.turns
    assert short.summary()["rules"]["cemetery_threshold"] == 120


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_every_game_playing_command_takes_every_rule_option(command):
    # the Boss Battles rules are read by a boss's games only, and offered there alone
    text = CliRunner().invoke(app, [command, "--help"], terminal_width=200).output
    for f in fields(Rules):
        assert (f.metadata["option"] in text) != f.metadata["boss"], (command, f.name)


def test_a_rule_option_out_of_bounds_is_a_usage_error():
    result = CliRunner().invoke(
        app, ["simulate", str(DECKS / "giants.txt"), str(DECKS / "undead.txt"), "--threshold", "0"]
    )
    assert result.exit_code == 2 and "--threshold" in result.output


def test_replay_prints_the_rules_in_force():
    args = ["replay", str(DECKS / "giants.txt"), str(DECKS / "undead.txt"), "--seed", "1", "--policy", "greedy"]
    usual = CliRunner().invoke(app, args).output
    changed = CliRunner().invoke(app, [*args, "--threshold", "150", "--hand-limit", "6"]).output
    assert f"Rules: {Rules().describe()}." in usual
    assert f"Rules: {Rules(cemetery_threshold=150, hand_limit=6).describe()}." in changed
    assert "300 or more HP" not in changed


def test_no_rule_number_is_written_outside_the_rules():
    # the cemetery limit and the hand and slot sizes are code in wardsim/rules.py only (prose may
    # quote the guide's numbers)
    package = ROOT / "wardsim"
    banned = {"300", "HAND_LIMIT", "OPENING_HAND", "INFINITE_SLOTS", "MAX_AL", "threshold=300"}
    offenders = []
    for path in package.rglob("*.py"):
        if path == package / "rules.py":
            continue
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type in (tokenize.NUMBER, tokenize.NAME) and token.string in banned:
                    offenders.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {token.line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_every_ruling_names_a_test_that_exists_and_a_section_of_docs_rulings():
    docs = (ROOT / "docs" / "rulings.md").read_text()
    for ruling in RULINGS:
        file, _, name = ruling.test.partition("::")
        tree = ast.parse((ROOT / file).read_text())
        assert name in {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}, ruling.test
        assert re.search(rf"^## `{re.escape(ruling.key)}`", docs, re.M), f"docs/rulings.md has no section {ruling.key}"
    options = {f.metadata["option"] for f in fields(Rules)}
    assert options <= {r.option for r in RULINGS}, "every rule option has its ruling"
