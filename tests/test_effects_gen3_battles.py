"""Generation 3 and promo creatures with battle-time choices and rolls: forms, re-rolls, roll
tables before a strike, extra battles, damage over time on a hit, revival, and turn rolls that
protect the creature or stop the opponent.

One test per card behaviour, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`), as in
`tests/test_effects_gen2_battle.py`; a frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import CAT, K
from test_game_cards import attack, battles, freeze, magic_names, setup

from wardsim.battle import prepared_pair
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.actions import action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol

F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741


def _unsolvable(a: str, b: str) -> None:
    from wardsim.kernel.exact.spec import UnsupportedPair, build_spec

    fa, fb = prepared_pair(CAT, a, b)
    with pytest.raises(UnsupportedPair):
        build_spec(fa, fb, CAT.tables().effects)


# ---------------------------------------------------------------- Ancient Scorpion


def test_ancient_scorpion_hit_deals_20_damage_once_per_turn_cycle_for_3_turn_cycles():
    # ruling 6: the first tick at the end of the combat of the hit, then one per turn cycle
    t, scorpion, ogre = setup("Ancient Scorpion", "Ogre")
    freeze(t, ogre)
    attack(t, 6, 5, 3)  # 6 + 5 + 2 hits AL 8; 3 + 2 damage
    assert t.hp(ogre) == 90 - 5
    t.end_turn()
    assert t.hp(ogre) == 90 - 5 - 20
    for ticks in (2, 3, 3):
        t.begin_turn()
        t.end_turn()  # the Ogre's player's turn: no tick
        t.begin_turn()
        t.end_turn()
        assert t.hp(ogre) == 90 - 5 - 20 * ticks


# ---------------------------------------------------------------- Cabal Warchief


def test_cabal_warchief_battles_twice_and_the_opponent_strikes_back_in_one():
    # ruling double-hit: the defender's player strikes back in the first battle (the heuristic's
    # choice), so not in the second
    t, chief, ogre = setup("Cabal Warchief", "Ogre")
    # the Warchief (SPD 12) strikes first: 6 + 5 + 5 hits AL 8, 5 x 1 + 5 damage; the Ogre strikes
    # back: 6 + 5 + 3 hits AL 12, 1 + 1 + 1 + 3 damage
    attack(t, 6, 5, 1, 1, 1, 1, 1, 6, 5, 1, 1, 1)
    assert (t.hp(ogre), t.hp(chief)) == (90 - 10, 130 - 6)
    assert battles(t) == [chief]  # a second battle
    attack(t, 6, 5, 1, 1, 1, 1, 1)  # the Ogre does not strike back
    assert t.used_dice() == 7
    assert (t.hp(ogre), t.hp(chief)) == (90 - 20, 130 - 6)
    assert battles(t) == []


def test_cabal_warchief_is_not_sacrificed_from_the_field_nor_changes_control():
    # ruling steam-spider-lead-boots: the Ogre (AL 8) needs one sacrifice, and only the primary
    # could pay it; Turncoat would give the primary to the opponent
    t, chief, _ = setup("Cabal Warchief", "Ogre", hand_a=["Ogre", "Turncoat"])
    assert not [a for a in t.legal() if action_kind_nb(a) == K.summon]
    assert "Turncoat" not in magic_names(t)


def test_cabal_warchief_cannot_be_solved_exactly():
    _unsolvable("Cabal Warchief", "Ogre")


# ---------------------------------------------------------------- Woodland Elf


@pytest.mark.parametrize(
    "dice, freeze_ogre, ogre_hp, elf_hp",
    [
        # 1: +10 Atk: 6 + 5 + 4 hits AL 8; 3 + 4 + 10 damage
        ((1, 6, 5, 3), True, 90 - 17, 50),
        # 3: the Ogre's Modifier is +0 for the battle: its strike back deals 1 + 1 + 1, not + 3
        ((3, 6, 5, 3, 6, 5, 1, 1, 1), False, 90 - 7, 50 - 3),
        # 5: the Ogre's AL is 8 - 5: 1 + 2 + 4 hits it
        ((5, 1, 2, 3), True, 90 - 7, 50),
        # 6 again, but 1 + 1 is a critical miss whatever the AL: 2 to itself
        ((6, 1, 1, 2), True, 90, 50 - 2),
    ],
)
def test_woodland_elf_rolls_before_its_hit_roll_for_10_atk_a_modifier_of_0_or_al_minus_5(
    dice, freeze_ogre, ogre_hp, elf_hp
):
    # ruling woodland-elf: one die before each Hit roll of its own, for the rest of the battle
    t, elf, ogre = setup("Woodland Elf", "Ogre")
    if freeze_ogre:
        freeze(t, ogre)
    attack(t, *dice)  # the Elf (SPD 7) strikes first
    assert t.used_dice() == len(dice)
    assert (t.hp(ogre), t.hp(elf)) == (ogre_hp, elf_hp)
    t.refresh()
    assert t.fighters[ogre, F.battle_al] == 0 and t.fighters[ogre, F.battle_hit] == 0  # the battle is over


def test_woodland_elf_rolls_nothing_when_it_does_not_strike():
    t, ogre, elf = setup("Ogre", "Woodland Elf")
    freeze(t, elf)
    attack(t, 6, 5, 1, 1, 1)  # the Ogre hits AL 5 for 3 + 3; the frozen Elf makes no Hit roll
    assert t.used_dice() == 5 and t.hp(elf) == 50 - 6


def test_woodland_elf_cannot_be_solved_exactly():
    _unsolvable("Woodland Elf", "Ogre")


# ---------------------------------------------------------------- Gaseous Horror


@pytest.mark.parametrize(
    "horror_hp, dice, wolf_hp",
    [
        ((50, (6, 5, 3, 3, 6, 5, 1, 1), 70 - 5 - 3)),  # hit: 5 to the Werewolf; the Horror strikes back for 3
        ((50, (1, 1, 2, 6, 5, 1, 1), 70 - 2 - 3)),  # a critical miss is no hit: 2 to itself, then 3
        ((5, (6, 5, 3, 3), 70 - 5 - 10)),  # hit and killed: 5, then 10 to the creature that killed it
    ],
)
def test_gaseous_horror_hit_deals_5_to_the_attacker_and_its_death_10_to_the_killer(horror_hp, dice, wolf_hp):
    # ruling gaseous-horror
    t, wolf, horror = setup("Werewolf", "Gaseous Horror")
    t.fighters[horror, F.hp] = horror_hp
    attack(t, *dice)  # the Werewolf (SPD 8) strikes first: 3 + 3 + 3 Atk damage on a hit
    assert t.used_dice() == len(dice)
    assert t.hp(wolf) == wolf_hp


def test_gaseous_horror_cannot_be_solved_exactly():
    _unsolvable("Werewolf", "Gaseous Horror")
