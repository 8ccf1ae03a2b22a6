"""Generation 2 cards that move cards between zones: a hand card paid for an effect (Vampire
Lord, Wizard Frog), a heal for every creature sent to a cemetery (The Guide), a choice of
effects when summoned (Kendo Tiger), trades between the hand and the cemetery (Frog of
Fortune, Peddling Partridge) and a field card that keeps every card in the cemeteries (Bound
With Chains).

One test per card behaviour, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice, as in `tests/test_effects_gen2.py`.
"""

import numpy as np
import pytest
from gamekit import Event, InstZone, K
from test_game_cards import OWN, attack, cast, freeze, magic_names, setup, stats

from wardsim.kernel.bots import policies
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import MAX_ACTIONS, GlobCol, InstCol, PlayerCol

F = FighterCol
G = GlobCol
NO_DUEL_TABLE = np.zeros((0, 0))


def activations(t, creature: int) -> list[int]:
    return [a for a in t.legal() if action_kind_nb(a) == K.activate and action_a_nb(a) == creature]


def heuristic_value_of(t, action: int) -> float:
    """What the heuristic policy makes of one of the active player's legal actions."""
    legal = t.legal()
    values = np.zeros(MAX_ACTIONS)
    p = int(t.glob[G.active])
    policies.heuristic_values_nb(
        *t.args[:6], np.array(legal, dtype=np.int64), len(legal), t.params[p], NO_DUEL_TABLE, values
    )
    return float(values[legal.index(action)])


# ---------------------------------------------------------------- Vampire Lord


def test_vampire_lord_heals_twice_the_hp_of_the_creature_it_sends():
    t, lord, _ = setup("Vampire Lord", "Frog", hand_a=["Goblin", "Common Sword"])
    goblin = t.find(0, "Goblin", InstZone.hand)
    t.fighters[lord, F.hp] = 20
    t.act(K.activate, lord)
    assert t.zone(goblin) == InstZone.cemetery and t.cemetery_hp(0) == 30
    assert t.hp(lord) == 20 + 2 * 30
    assert t.hand(0) == ["Common Sword"]  # only a creature pays
    assert not activations(t, lord)  # once per turn


def test_vampire_lord_heals_no_higher_than_its_hp():
    t, lord, _ = setup("Vampire Lord", "Frog", hand_a=["Goblin"])
    t.fighters[lord, F.hp] = 90
    t.act(K.activate, lord)
    assert t.hp(lord) == 100


def test_vampire_lord_offers_nothing_without_a_creature_in_hand():
    t, lord, _ = setup("Vampire Lord", "Frog", hand_a=["Common Sword"])
    t.fighters[lord, F.hp] = 20
    assert not activations(t, lord)


def test_the_heuristic_heals_vampire_lord_only_when_it_is_hurt():
    t, lord, _ = setup("Vampire Lord", "Frog", hand_a=["Goblin"], policy="heuristic")
    (activate,) = activations(t, lord)
    assert heuristic_value_of(t, activate) <= 0  # at full HP the Goblin would be lost for nothing
    t.fighters[lord, F.hp] = 30
    assert heuristic_value_of(t, activate) > 0


# ---------------------------------------------------------------- Wizard Frog


def test_wizard_frog_inflicts_2x_atk_damage_in_the_turn_it_sends_a_card_to_the_deck():
    t, frog, ogre = setup("Wizard Frog", "Ogre", hand_a=["Common Sword"])
    sword = t.find(0, "Common Sword", InstZone.hand)
    deck_before = int(t.players[0, PlayerCol.deck_n])
    t.act(K.activate, frog)
    assert t.zone(sword) == InstZone.deck and t.players[0, PlayerCol.deck_n] == deck_before + 1
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 5 + 5 + 3 = 13, doubled
    assert t.hp(ogre) == 90 - 26
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # the next turn, without the effect: 13
    assert t.hp(ogre) == 90 - 26 - 13


def test_wizard_frog_offers_nothing_with_an_empty_hand():
    t, frog, _ = setup("Wizard Frog", "Ogre")
    assert not activations(t, frog)


def test_the_heuristic_doubles_wizard_frog_only_in_a_turn_it_battles():
    t, frog, _ = setup("Wizard Frog", "Frog", hand_a=["Common Sword"], policy="heuristic")
    (activate,) = activations(t, frog)
    assert heuristic_value_of(t, activate) > 0  # it will attack the Frog
    t.glob[G.turn] = 1  # the first turn cycle: no battle
    assert heuristic_value_of(t, activate) <= 0


# ---------------------------------------------------------------- The Guide


def test_the_guide_heals_half_the_hp_of_a_creature_it_kills():
    t, guide, frog = setup("The Guide", "Frog", hand_b=["Goblin"])
    t.fighters[guide, F.hp] = 30
    freeze(t, frog)
    attack(t, 6, 5, 5, 5)  # 5 + 5 + 2 = 12: the Frog (10 HP) dies
    assert t.zone(frog) == InstZone.cemetery
    assert t.hp(guide) == 30 + 10 // 2


def test_the_guide_heals_when_the_opponents_hand_creature_goes_to_their_cemetery():
    # ruling the-guide: any creature card, either player's, from any zone
    t, lord, guide = setup("Vampire Lord", "The Guide", hand_a=["Goblin"])
    t.fighters[lord, F.hp] = 20
    t.fighters[guide, F.hp] = 20
    t.act(K.activate, lord)  # Vampire Lord sends its Goblin (30 HP) to the cemetery
    assert t.hp(guide) == 20 + 30 // 2
    heals = [e for e in t.events(Event.heal) if e[3] == guide]
    assert [e[4] for e in heals] == [15]


def test_the_guide_heals_nothing_for_the_creatures_that_pay_its_own_summon():
    t, _, _ = setup("Goblin", "Frog", hand_a=["The Guide"])
    guide = t.find(0, "The Guide", InstZone.hand)
    t.act(K.summon, guide)  # the Goblin is killed to make room before The Guide is on the field
    assert t.zone(t.find(0, "Goblin", None)) == InstZone.cemetery
    assert t.primary_name(0) == "The Guide"
    assert not [e for e in t.events(Event.heal) if e[3] == guide]


# ---------------------------------------------------------------- Kendo Tiger


def test_kendo_tiger_destroys_the_opponents_magic_card_when_summoned():
    t, _, wolf = setup("Goblin", "Werewolf", hand_a=["Kendo Tiger"], hand_b=["Common Sword", "Goblin"])
    sword = cast(t, 1, "Common Sword", OWN)
    assert t.zone(sword) == InstZone.magic
    t.act(K.summon, t.find(0, "Kendo Tiger", InstZone.hand))
    assert t.primary_name(0) == "Kendo Tiger"
    assert t.zone(sword) == InstZone.cemetery
    assert t.hand(1) == ["Goblin"]  # one effect only


def test_kendo_tiger_sends_a_card_of_the_opponents_hand_to_their_deck():
    t, _, _ = setup("Goblin", "Werewolf", hand_a=["Kendo Tiger"], hand_b=["Kobold"])
    kobold = t.find(1, "Kobold", InstZone.hand)
    deck_before = int(t.players[1, PlayerCol.deck_n])
    t.act(K.summon, t.find(0, "Kendo Tiger", InstZone.hand))
    assert t.zone(kobold) == InstZone.deck and t.players[1, PlayerCol.deck_n] == deck_before + 1


# ---------------------------------------------------------------- trades and the cemetery


def test_frog_of_fortune_trades_a_magic_card_in_hand_for_one_in_the_cemetery():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Frog of Fortune", "Health Potion"], cem_a=["Common Sword"])
    potion = t.find(0, "Health Potion", InstZone.hand)
    t.play("Frog of Fortune")
    assert t.zone(potion) == InstZone.cemetery
    assert t.hand(0) == ["Common Sword"]


def test_frog_of_fortune_is_not_played_without_a_magic_card_to_take():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Frog of Fortune", "Health Potion"], cem_a=["Goblin"])
    assert "Frog of Fortune" not in magic_names(t)


def test_peddling_partridge_trades_a_creature_in_hand_for_one_in_the_cemetery():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Peddling Partridge", "Goblin"], cem_a=["Ogre"])
    assert t.cemetery_hp(0) == 90
    t.play("Peddling Partridge")
    assert t.hand(0) == ["Ogre"]
    assert t.cemetery_hp(0) == 30  # the Goblin's HP in, the Ogre's out


def test_bound_with_chains_keeps_every_card_in_the_cemeteries():
    t, necro, _ = setup(
        "Necromancer",
        "Frog",
        hand_a=["Bound With Chains", "Frog of Fortune", "Health Potion"],
        cem_a=["Werewolf", "Common Sword"],
    )
    assert activations(t, necro) and "Frog of Fortune" in magic_names(t)
    t.play("Bound With Chains")
    assert not activations(t, necro)  # no creature can be revived
    assert "Frog of Fortune" not in magic_names(t)  # no card can be taken back


def test_bound_with_chains_holds_a_delayed_return_until_it_leaves():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Bound With Chains"], cem_a=["Junk Scarecrow"])
    crow = t.find(0, "Junk Scarecrow", InstZone.cemetery)
    chains = t.play("Bound With Chains")
    t.inst[crow, InstCol.returns] = int(t.glob[G.turn]) + 2  # due at the start of the next own turn
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    assert t.zone(crow) == InstZone.cemetery
    t.inst[chains, InstCol.zone] = InstZone.cemetery  # the chains are gone
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    assert t.zone(crow) == InstZone.hand


# ---------------------------------------------------------------- Limited Summons


def test_skeleton_lord_takes_a_creature_from_the_opponents_cemetery_until_it_leaves():
    t, _, _ = setup("Goblin", "Frog", hand_a=["Skeleton Lord", "Kobold"], cem_b=["Ogre", "Goblin"])
    ogre = t.find(1, "Ogre", InstZone.cemetery)
    assert t.cemetery_hp(1) == 120
    lord = t.find(0, "Skeleton Lord", InstZone.hand)
    t.act(K.summon, lord)  # AL 7: the Goblin on the field is its sacrifice
    assert t.primary_name(0) == "Skeleton Lord"
    assert t.zone(ogre) == InstZone.limited and t.inst[ogre, InstCol.controller] == 0
    assert t.cemetery_hp(1) == 30  # the Ogre's HP is away from their cemetery
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # Skeleton Lord leaves: the Ogre goes back to its owner's cemetery
    assert t.zone(ogre) == InstZone.cemetery and t.cemetery_hp(1) == 120


def limited_summons(t) -> list[int]:
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.limited_summon]


@pytest.mark.parametrize("name", ["Black Jacket", "Super Hornet"])
def test_black_jacket_and_super_hornet_join_beside_hive_lord_and_return_when_it_leaves(name):
    t, hive, _ = setup("Hive Lord", "Frog", hand_a=[name, "Werewolf"])
    jacket = t.find(0, name, InstZone.hand)
    assert limited_summons(t) == [jacket]
    t.act(K.limited_summon, jacket)
    assert t.zone(jacket) == InstZone.limited and t.inst[jacket, InstCol.anchor] == hive
    assert [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon]  # the turn's summon is still free
    t.act(K.kill_primary)  # Hive Lord leaves: the card goes back to the hand (and may be placed from there)
    assert jacket in [e[3] for e in t.events(Event.to_hand)]


def test_super_hornet_joins_only_beside_hive_lord():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Super Hornet"])
    assert not limited_summons(t)


def test_summoner_summons_a_creature_up_to_the_roll_until_the_end_of_the_turn():
    t, summoner, _ = setup("Summoner", "Frog", hand_a=["Werewolf", "Ogre"])
    wolf = t.find(0, "Werewolf", InstZone.hand)
    t.dice(3, 4)  # 7: the Werewolf (AL 6) may come, the Ogre (AL 8) may not
    t.act(K.activate, summoner)
    assert t.used_dice() == 2
    assert t.zone(wolf) == InstZone.limited and t.inst[wolf, InstCol.anchor] == summoner
    assert t.zone(t.find(0, "Ogre", InstZone.hand)) == InstZone.hand
    t.end_turn()
    assert t.zone(wolf) == InstZone.hand


def test_dawn_of_the_living_chickens_summons_up_to_4_creatures_for_1_turn_cycle():
    hand = ["Dawn of the Living Chickens", "Goblin", "Kobold", "Werewolf", "Ogre", "Dwarf"]
    t, _, _ = setup("Frog", "Frog", hand_a=hand)
    dawn = t.play("Dawn of the Living Chickens")
    summoned = [i for i in range(60) if t.inst[i, InstCol.zone] == InstZone.limited]
    assert len(summoned) == 4 and all(t.inst[i, InstCol.anchor] == dawn for i in summoned)
    t.end_turn()
    t.begin_turn()
    assert all(t.zone(i) == InstZone.limited for i in summoned)  # the opponent's turn: still there
    t.end_turn()
    assert all(t.zone(i) == InstZone.hand for i in summoned)  # back after 1 turn cycle
    assert t.zone(dawn) == InstZone.cemetery


def test_thief_takes_an_equip_of_the_opponents_until_it_leaves():
    t, _, wolf = setup("Goblin", "Werewolf", hand_a=["Thief", "Kobold"], hand_b=["Common Sword"])
    sword = cast(t, 1, "Common Sword", OWN)
    thief = t.find(0, "Thief", InstZone.hand)
    t.act(K.summon, thief)
    assert t.inst[sword, InstCol.attached_to] == thief and t.inst[sword, InstCol.controller] == 0
    assert (stats(t, thief)["atk"], stats(t, wolf)["atk"]) == (4, 0)  # the Sword's Atk +4 moved with it
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # Thief leaves: the Sword goes to its owner's cemetery, not destroyed
    assert t.zone(sword) == InstZone.cemetery and t.inst[sword, InstCol.owner] == 1
    assert not [e for e in t.events(Event.destroyed) if e[3] == sword]


def test_the_heuristic_keeps_bound_with_chains_while_its_own_cards_need_the_cemetery():
    t, _, _ = setup(
        "Werewolf",
        "Frog",
        hand_a=["Bound With Chains", "Health Potion"],
        deck_a=["Frog of Fortune"],
        policy="heuristic",
    )
    chains = t.find(0, "Bound With Chains", InstZone.hand)
    (play,) = [a for a in t.legal() if action_kind_nb(a) == K.magic and action_a_nb(a) == chains]
    assert heuristic_value_of(t, play) > 0
    t.to_hand(0, "Frog of Fortune")  # its own trade would be stopped too
    (play,) = [a for a in t.legal() if action_kind_nb(a) == K.magic and action_a_nb(a) == chains]
    assert heuristic_value_of(t, play) <= 0
