"""Generation 2 cards of statuses, battle duties and holds on the field, played through the game
kernel: Attack Beacon, Frenzy, Lead Boots, Steam Spider, Sleepy Scent and Double Hit.

One test (or one parametrized case) per card, in the style of `tests/test_effects_gen2_battle.py`:
the table of `tests/gamekit.py`, scripted dice (the dice order is in `wardsim.kernel.duel.battle`),
and a frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import InstZone, K
from test_game_cards import NONE, OPPONENT, OWN, attack, battles, freeze, magic_names, setup, stats

from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.actions import action_kind_nb, encode_action
from wardsim.kernel.game.enums import InstCol

F = FighterCol


def _summons(t) -> list[int]:
    return [a for a in t.legal() if action_kind_nb(a) == K.summon]


def test_attack_beacon_gives_an_atk_die_to_creatures_of_printed_al_6_or_less_without_text():
    # ruling attack-beacon: a Lightning field card played in its player's own phase; both sides
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Attack Beacon"])
    assert "Attack Beacon" in magic_names(t)
    beacon = t.play("Attack Beacon", NONE)
    assert stats(t, wolf)["attack_dice"] == 2 + 1  # Werewolf: AL 6, no card text
    assert stats(t, ogre)["attack_dice"] == 3  # Ogre: AL 8
    t.end_turn()
    assert t.zone(beacon) == InstZone.magic  # it stays until destroyed
    assert t.inst[beacon, InstCol.controller] == 0


def test_attack_beacon_passes_over_a_creature_with_card_text():
    t, spider, wolf = setup("Steam Spider", "Werewolf", hand_a=["Attack Beacon"])
    t.play("Attack Beacon", NONE)
    assert stats(t, spider)["attack_dice"] == 3  # AL 6, but it has card text
    assert stats(t, wolf)["attack_dice"] == 2 + 1  # the opponent's creature gains it too


def test_frenzy_makes_the_player_battle_before_the_combat_phase_may_end():
    # ruling frenzy: the battles are the only actions until the first one
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Frenzy"])
    frenzy = t.play("Frenzy", NONE)
    t.to_combat()
    assert t.zone(frenzy) == InstZone.magic
    legal = t.legal()
    assert legal and all(action_kind_nb(a) == K.battle for a in legal)
    freeze(t, ogre)
    attack(t, 6, 5, 3, 3)  # 6 + 5 + 3 hits AL 8; 3 + 3 + 3 damage
    assert t.hp(ogre) == 90 - 9
    assert encode_action(K.end, 0, 0) in t.legal()  # one battle done: the phase may end


def test_frenzy_is_destroyed_when_a_creature_cannot_battle_because_of_a_card():
    # ruling frenzy: looked at when the combat phase begins
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Frenzy"])
    frenzy = t.play("Frenzy", NONE)
    freeze(t, ogre)  # the opponent's creature is frozen
    t.to_combat()
    assert t.zone(frenzy) == InstZone.cemetery
    assert encode_action(K.end, 0, 0) in t.legal()


@pytest.mark.parametrize("primary, held", [("Steam Spider", True), ("Werewolf", False)])
def test_steam_spider_is_not_sacrificed_from_the_field_nor_changes_control(primary, held):
    # ruling steam-spider-lead-boots: the Ogre (AL 8) needs one sacrifice, and only the primary
    # could pay it; Turncoat would give the primary to the opponent
    t, mine, ogre = setup(primary, "Ogre", hand_a=["Ogre", "Turncoat"])
    assert (len(_summons(t)) == 0) == held
    assert ("Turncoat" not in magic_names(t)) == held


@pytest.mark.parametrize("boots", [True, False])
def test_lead_boots_keep_the_equipped_creature_on_the_field_and_under_control(boots):
    # ruling steam-spider-lead-boots
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Lead Boots", "Ogre", "Turncoat"])
    if boots:
        t.play("Lead Boots", OWN)
    assert (len(_summons(t)) == 0) == boots
    assert ("Turncoat" not in magic_names(t)) == boots


def test_sleepy_scent_stops_the_opponents_battles_heals_10_and_wakes_on_damage():
    # ruling sleepy-scent: a hostile equip; the heal ticks at the end of its player's combat phase
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Sleepy Scent"])
    t.fighters[ogre, F.hp] = 50
    scent = t.play("Sleepy Scent", OPPONENT)
    assert t.inst[scent, InstCol.attached_to] == ogre
    t.end_turn()  # no battle: the healing is due between the phases
    assert t.hp(ogre) == 60
    t.begin_turn()  # the Ogre's player
    t.to_combat()
    assert battles(t) == []  # asleep: it cannot initiate battle
    t.end_turn()
    t.begin_turn()
    freeze(t, ogre)
    attack(t, 6, 5, 3, 3)  # 9 damage wakes it
    assert t.hp(ogre) == 60 - 9
    assert t.zone(scent) == InstZone.cemetery
    t.fighters[ogre, F.frozen_until] = -1
    t.end_turn()
    t.begin_turn()
    t.to_combat()
    assert battles(t) == [ogre]


def test_double_hit_battles_twice_and_the_opponent_strikes_back_in_one():
    # ruling double-hit: the defender's player strikes back in the first battle (the heuristic's
    # choice), so not in the second
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Double Hit"])
    t.play("Double Hit", OWN)
    # the Werewolf (SPD 8) strikes first: 6 + 5 + 3 hits AL 8, 3 + 3 + 3 damage; the Ogre strikes
    # back: 6 + 5 + 3 hits AL 6, 1 + 1 + 1 + 3 damage
    attack(t, 6, 5, 3, 3, 6, 5, 1, 1, 1)
    assert (t.hp(ogre), t.hp(wolf)) == (90 - 9, 70 - 6)
    assert battles(t) == [wolf]  # a second battle
    attack(t, 6, 5, 3, 3)  # the Ogre does not strike back
    assert t.used_dice() == 4
    assert (t.hp(ogre), t.hp(wolf)) == (90 - 18, 70 - 6)
    assert battles(t) == []


def test_irresistible_love_bars_the_opponents_magic_and_atk_damage_until_a_1_to_3():
    # ruling irresistible-love: the opponent rolls at the start of every turn, either player's
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Irresistible Love"], hand_b=["Lucky Charm"])
    love = t.play("Irresistible Love", NONE)
    t.end_turn()
    t.dice(4)  # the Ogre's player rolls at the start of their turn: 4, the card stays
    t.begin_turn()
    assert t.used_dice() == 1 and t.zone(love) == InstZone.magic
    assert "Lucky Charm" not in magic_names(t)
    freeze(t, wolf)
    attack(t, 6, 5)  # 6 + 5 + 3 hits AL 6, but the Ogre rolls no Atk dice
    assert t.used_dice() == 2 and t.hp(wolf) == 70
    t.fighters[wolf, F.frozen_until] = -1
    t.end_turn()
    t.dice(2)  # and again at the start of the card's player's turn: 2 ends it
    t.begin_turn()
    assert t.used_dice() == 1 and t.zone(love) == InstZone.cemetery
    t.end_turn()
    t.begin_turn()
    assert "Lucky Charm" in magic_names(t)
