"""Generation 3 cards that re-roll a strike's dice once its player has seen them, played through
the game kernel (ruling re-rolls): Winter Griffin, Bad Luck Bear.

The strike pauses after the roll; the player whose choice it is decides through its policy
(here the greedy one: re-roll its own creature's roll that went badly, the opponent's that went
well) and the strike goes on with the new dice. Scripted dice (the dice order is in
`wardsim.kernel.duel.battle`; a re-roll's dice come right after the roll it re-rolls), and a
frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import CAT
from test_game_cards import OPPONENT, attack, cast, freeze, setup

from wardsim.battle import prepared_pair
from wardsim.catalog import is_hostile_equip
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.exact.spec import UnsupportedPair, build_spec
from wardsim.kernel.game.enums import Event, GlobCol, InstCol, Phase
from wardsim.kernel.rng import RngCol
from wardsim.replays import _dice, describe

F = FighterCol
G = GlobCol


def dice_read(t) -> int:
    """How many scripted dice the game has read."""
    return int(t.rng[RngCol.script_pos])


def rerolls(t) -> list[tuple[int, int, int]]:
    """(the player who chose, the dice before, the roll: 1 Hit, 2 Atk) of each re-roll traced."""
    n = int(t.glob[G.trace_n])
    return [(int(r[1]), int(r[4]), int(r[5])) for r in t.trace[:n] if r[2] == Event.reroll]


def replay(t) -> list[str]:
    n = int(t.glob[G.trace_n])
    return describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)


def test_winter_griffin_rerolls_one_hit_die_and_one_atk_die_once_it_has_seen_them():
    t, griffin, ogre = setup("Winter Griffin", "Ogre")
    freeze(t, ogre)
    # Hit [1, 1] (a critical miss): its player re-rolls one die, a 6: [6, 1] + 5 hits AL 8;
    # Atk [2, 6]: the 2 is re-rolled, a 5: 5 + 6 + 5 = 16
    attack(t, 1, 1, 6, 2, 6, 5)
    assert dice_read(t) == 6
    assert t.hp(ogre) == 90 - 16 and t.hp(griffin) == 80  # no critical miss die
    assert _dice(int(t.fighters[griffin, F.strike_hit_dice])) == [6, 1]
    assert rerolls(t) == [(0, 1 + 1 * 8, 1), (0, 2 + 6 * 8, 2)]


def test_winter_griffin_the_replay_tells_each_reroll_after_the_roll_it_rerolls():
    t, _, ogre = setup("Winter Griffin", "Ogre")
    freeze(t, ogre)
    attack(t, 1, 1, 6, 2, 6, 5)  # as above: a Hit die re-rolled, then an Atk die
    lines = replay(t)
    hit_reroll = next(k for k, line in enumerate(lines) if "Hit dice [1, 1] are re-rolled" in line)
    hit = next(k for k, line in enumerate(lines) if "rolls Hit dice [6, 1]" in line)
    atk_reroll = next(k for k, line in enumerate(lines) if "Atk dice [2, 6] are re-rolled" in line)
    atk = next(k for k, line in enumerate(lines) if "rolls Atk dice [5, 6]" in line)
    assert hit_reroll < hit < atk_reroll < atk
    assert "Winter Griffin" in lines[atk_reroll - 1]  # the card that gave the re-roll, just before


def test_winter_griffin_keeps_the_rolls_that_went_well_its_players_choice():
    t, griffin, ogre = setup("Winter Griffin", "Ogre")
    freeze(t, ogre)
    attack(t, 4, 4, 5, 6)  # a hit, and Atk dice of 4 or more: nothing re-rolled
    assert dice_read(t) == 4 and rerolls(t) == []
    assert t.hp(ogre) == 90 - (5 + 6 + 5)


def test_winter_griffin_rerolls_the_die_its_player_picks():
    t, griffin, giant = setup("Winter Griffin", "Frost Giant")  # AL 10
    freeze(t, giant)
    # [3, 1] + 5 = 9 misses AL 10: the greedy player re-rolls its lowest die, the second
    attack(t, 3, 1, 6, 4, 4)
    assert _dice(int(t.fighters[griffin, F.strike_hit_dice])) == [3, 6]
    assert t.hp(giant) == 110 - (4 + 4 + 5)


def test_winter_griffin_rerolls_again_in_its_next_battle():
    # ruling re-rolls: "once per battle" counts the battles; each battle gives both re-rolls again
    t, griffin, ogre = setup("Winter Griffin", "Ogre")
    freeze(t, ogre)
    attack(t, 1, 1, 6, 2, 6, 5)
    t.glob[G.turn] += 2  # its player's next turn
    t.glob[G.phase] = Phase.main
    t.glob[G.battled] = 0
    attack(t, 1, 1, 6, 2, 6, 5)
    assert [roll for _, _, roll in rerolls(t)] == [1, 2, 1, 2]
    assert t.hp(ogre) == 90 - 2 * 16


def test_winter_griffin_rerolls_nothing_once_its_effects_are_negated():
    t, griffin, ogre = setup("Winter Griffin", "Ogre", hand_b=["Mind Sap"])
    cast(t, 1, "Mind Sap", OPPONENT)  # "Negate the equipped creature's effects"
    freeze(t, ogre)
    attack(t, 3, 3, 2, 1)  # a hit with Atk dice [2, 1]: nothing re-rolled
    assert dice_read(t) == 4 and rerolls(t) == []
    assert t.hp(ogre) == 90 - (2 + 1 + 5)


def test_the_exact_solver_refuses_winter_griffins_rerolls():
    fa, fb = prepared_pair(CAT, "Winter Griffin", "Ogre")
    with pytest.raises(UnsupportedPair):
        build_spec(fa, fb, CAT.tables().effects)


def test_bad_luck_bear_goes_on_the_opponents_creature():
    assert is_hostile_equip(CAT["Bad Luck Bear"])


def test_bad_luck_bear_makes_the_equipped_creature_reroll_a_hit_its_player_chooses():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Bad Luck Bear"])
    bear = cast(t, 1, "Bad Luck Bear", OPPONENT)
    assert t.inst[bear, InstCol.attached_to] == wolf
    freeze(t, ogre)
    attack(t, 3, 3, 1, 2)  # 3 + 3 + 3 hits AL 8; the Bear's player has it re-rolled: 1 + 2 + 3 misses
    assert dice_read(t) == 4
    assert rerolls(t) == [(1, 3 + 3 * 8, 1)]  # chosen by the Bear's player
    assert t.hp(ogre) == 90


def test_bad_luck_bear_leaves_a_missed_roll_alone():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Bad Luck Bear"])
    cast(t, 1, "Bad Luck Bear", OPPONENT)
    freeze(t, ogre)
    attack(t, 1, 2)  # 1 + 2 + 3 misses AL 8: nothing to take away
    assert dice_read(t) == 2 and rerolls(t) == []


def test_bad_luck_bear_leaves_a_roll_that_hits_whatever_the_dice_show():
    # a Werewolf (+3) hits a Harpy's AL 2 with any roll but two 1s: a fresh roll would miss no
    # more often than it doubles the damage, so the Bear's player lets the hit stand
    t, wolf, harpy = setup("Werewolf", "Harpy", hand_b=["Bad Luck Bear"])
    cast(t, 1, "Bad Luck Bear", OPPONENT)
    freeze(t, harpy)
    attack(t, 3, 3, 1, 2)
    assert dice_read(t) == 4 and rerolls(t) == []
    assert t.hp(harpy) == 30 - (1 + 2 + 3)


def test_bad_luck_bear_rerolls_once_per_battle():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Bad Luck Bear"])
    cast(t, 1, "Bad Luck Bear", OPPONENT)
    freeze(t, ogre)
    # the re-rolled Hit roll hits again (4 + 4 + 3); the Bear is spent: the Atk roll [6, 6] stands
    attack(t, 3, 3, 4, 4, 6, 6)
    assert dice_read(t) == 6 and len(rerolls(t)) == 1
    assert t.hp(ogre) == 90 - (6 + 6 + 3)


def test_rerolls_in_a_replay_show_the_dice_re_rolled_and_whose_choice_it_was():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Bad Luck Bear"])
    cast(t, 1, "Bad Luck Bear", OPPONENT)
    freeze(t, ogre)
    attack(t, 3, 3, 1, 2)
    lines = replay(t)
    i = next(k for k, line in enumerate(lines) if "re-rolled" in line)
    assert "Hit dice [3, 3]" in lines[i] and "Bob" in lines[i]
    assert "Bad Luck Bear" in lines[i - 1]  # the card that gave the re-roll
    assert any("rolls Hit dice [1, 2]" in line for line in lines[i:])
