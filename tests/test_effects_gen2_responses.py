"""Generation 2 Lightning responses, field rules and information: cards that answer the
opponent's Lightning card or summon, cards played inside a battle that deal damage, heal or lower
a stat, field cards that roll every turn, and a creature that shows the opponent's hand.

One test per card (or ruling), played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`). A test
that needs a single strike freezes the creature struck, so only the striker's dice are scripted.
"""

import pytest
from gamekit import CAT, Event, InstZone, K
from test_game_cards import WOLF, attack, freeze, setup, stats

from wardsim.kernel.bots.enums import PolicyId
from wardsim.kernel.bots.search import determinize_nb
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.enums import GlobCol, InstCol
from wardsim.kernel.rng import new_rng

F = FighterCol
G = GlobCol

# ---------------------------------------------------------------- answers to Lightning cards


def test_scroll_of_silence_negates_the_opponents_lightning_card():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite", "Scroll of Silence"], hand_b=["Blade in the Dark"])
    blade = t.find(1, "Blade in the Dark", InstZone.hand)
    scroll = t.find(0, "Scroll of Silence", InstZone.hand)
    t.dice(3)
    t.play("Ignite")  # answered by Blade in the Dark, which the Scroll answers
    assert t.zone(blade) == InstZone.cemetery and t.zone(scroll) == InstZone.cemetery
    assert t.hp(ogre) == 90 - 10  # the Blade's negation never happened: Ignite burns


def test_scroll_of_silence_answers_only_lightning_cards():
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Scroll of Silence"], hand_b=["Ignite"])
    scroll = t.find(0, "Scroll of Silence", InstZone.hand)
    t.end_turn()
    t.begin_turn()
    t.dice(3)
    t.play("Ignite")  # a standard card: the Scroll cannot answer it
    assert t.zone(scroll) == InstZone.hand


def test_scroll_of_silence_cannot_be_negated():
    # ruling lightning-answers: a negation aimed at the Scroll is spent for nothing
    answered_twice = 0
    for seed in range(40):
        t, _, ogre = setup(
            "Werewolf",
            "Ogre",
            hand_a=["Ignite", "Scroll of Silence"],
            hand_b=["Blade in the Dark", "Blade in the Dark"],
        )
        t.policy[1] = PolicyId.random  # the opponent answers at random, so sometimes twice
        t.rng = new_rng(seed, 0)
        t.dice(3)
        t.play("Ignite")
        if len(t.events(Event.response)) == 3:  # Blade, Scroll, Blade
            answered_twice += 1
            assert t.hp(ogre) == 90 - 10
    assert answered_twice > 0


def test_hell_hath_no_fury_takes_half_the_hp_left_of_the_opponents_primary():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite", "Hell Hath No Fury"], hand_b=["Blade in the Dark"])
    fury = t.find(0, "Hell Hath No Fury", InstZone.hand)
    t.dice(3)
    t.play("Ignite")  # negated by the Blade, which Hell Hath No Fury answers
    assert t.zone(fury) == InstZone.cemetery
    assert t.hp(ogre) == 90 // 2 and t.used_dice() == 0  # Ignite was negated: no die


def test_scroll_of_silence_negates_a_lightning_card_played_in_a_battle():
    t, wolf, harpy = setup("Werewolf", "Harpy", hand_a=["Scroll of Silence"], hand_b=["Junk Scarecrow"])
    crow = t.find(1, "Junk Scarecrow", InstZone.hand)
    scroll = t.find(0, "Scroll of Silence", InstZone.hand)
    freeze(t, harpy)
    attack(t, 6, 5, 5, 5)  # Junk Scarecrow would negate the hit; the Scroll negates it
    assert t.hp(harpy) == 30 - 13
    assert t.zone(crow) == InstZone.cemetery and t.zone(scroll) == InstZone.cemetery


def test_hell_hath_no_fury_answers_a_lightning_card_played_in_a_battle():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Children of the Forest"], hand_b=["Hell Hath No Fury"])
    fury = t.find(1, "Hell Hath No Fury", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, *[1] * 7)  # Children of the Forest's 5 more dice still count: 7 + 3
    assert t.hp(ogre) == 90 - 10
    assert t.hp(wolf) == 70 // 2 and t.zone(fury) == InstZone.cemetery


# ---------------------------------------------------------------- Steam Rex


def test_steam_rex_inflicts_2x_atk_damage_in_a_turn_the_opponent_played_a_lightning_card():
    t, rex, ogre = setup("Steam Rex", "Ogre", hand_a=["Ignite"])
    freeze(t, ogre)
    attack(t, 6, 5, 5)  # 5 + 10
    assert t.hp(ogre) == 90 - 15
    t, rex, ogre = setup("Steam Rex", "Ogre", hand_a=["Ignite"], hand_b=["Blade in the Dark"])
    t.play("Ignite")  # the opponent answers with a Lightning card
    freeze(t, ogre)
    attack(t, 6, 5, 5)
    assert t.hp(ogre) == 90 - 30


# ---------------------------------------------------------------- battle Lightning cards


def test_martial_arts_man_deals_20_to_the_creature_battled_on_your_hit():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Martial Arts Man"])
    card = t.find(0, "Martial Arts Man", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 13
    assert t.hp(ogre) == 90 - 13 - 20
    assert t.zone(card) == InstZone.cemetery


def test_martial_arts_man_stays_in_hand_on_a_miss():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Martial Arts Man"])
    card = t.find(0, "Martial Arts Man", InstZone.hand)
    freeze(t, ogre)
    attack(t, 1, 2)  # 3 + 3 against AL 8
    assert t.hp(ogre) == 90 and t.zone(card) == InstZone.hand


def test_martial_arts_man_stays_in_hand_when_the_hit_kills():
    # ruling battle-lightning-effects: played once the hit's damage is known
    t, _, harpy = setup("Werewolf", "Harpy", hand_a=["Martial Arts Man"])
    card = t.find(0, "Martial Arts Man", InstZone.hand)
    t.fighters[harpy, F.hp] = 10
    freeze(t, harpy)
    attack(t, 6, 5, 5, 5)  # 13 damage: the Harpy dies of the strike
    assert t.zone(harpy) == InstZone.cemetery and t.zone(card) == InstZone.hand


def test_cure_minor_wounds_heals_2d6_after_the_strike_that_hurt_your_creature():
    t, _, ogre = setup("Werewolf", "Ogre", hand_b=["Cure Minor Wounds"])
    card = t.find(1, "Cure Minor Wounds", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5, 3, 4)  # a hit for 13, then 3 + 4 healed
    assert t.hp(ogre) == 90 - 13 + 7 and t.used_dice() == 6
    assert t.zone(card) == InstZone.cemetery


def test_sticky_goo_negates_the_hit_and_sets_the_attackers_modifier_to_0_for_1_turn_cycle():
    t, wolf, harpy = setup("Werewolf", "Harpy", hand_b=["Sticky Goo"])
    card = t.find(1, "Sticky Goo", InstZone.hand)
    freeze(t, harpy)
    attack(t, 6, 5)  # a hit, negated: no Atk dice
    assert t.hp(harpy) == 30 and t.used_dice() == 2 and t.zone(card) == InstZone.cemetery
    assert stats(t, wolf)["modifier"] == 0
    t.end_turn()
    t.begin_turn()
    assert stats(t, wolf)["modifier"] == 0
    t.end_turn()
    t.begin_turn()  # 1 turn cycle later
    assert stats(t, wolf)["modifier"] == WOLF["modifier"]


# ---------------------------------------------------------------- field cards


@pytest.mark.parametrize("roll, discarded, destroyed", [(6, True, False), (4, False, False), (1, False, True)])
def test_magic_artillery_rolls_at_the_start_of_its_players_turn(roll, discarded, destroyed):
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Magic Artillery"], hand_b=["Ignite", "Goblin"])
    artillery = t.play("Magic Artillery")
    ignite = t.find(1, "Ignite", InstZone.hand)
    t.end_turn()
    t.pass_turn()  # the opponent's turn: no roll
    t.dice(roll)
    t.begin_turn()
    assert t.used_dice() == 1
    assert (t.zone(ignite) == InstZone.cemetery) == discarded  # the only magic card in their hand
    assert "Goblin" in t.hand(1)
    assert (t.zone(artillery) == InstZone.cemetery) == destroyed


# ---------------------------------------------------------------- answers to a summon


@pytest.mark.parametrize("roll, thawed", [(5, True), (4, False)])
def test_icy_breath_freezes_the_creature_summoned_until_its_player_rolls_5_or_6(roll, thawed):
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Goblin"], hand_b=["Icy Breath"])
    icy = t.find(1, "Icy Breath", InstZone.hand)
    goblin = t.find(0, "Goblin", InstZone.hand)
    t.act(K.summon, goblin)  # the opponent answers the summon
    assert t.zone(icy) == InstZone.magic and t.inst[icy, InstCol.attached_to] == goblin
    t.refresh()
    assert t.fighter(goblin, F.frozen_until) >= t.glob[G.turn]
    t.end_turn()
    t.pass_turn()  # the Icy Breath's player: no roll
    t.dice(roll)
    t.begin_turn()  # the frozen creature's player rolls
    assert t.used_dice() == 1
    assert (t.zone(icy) == InstZone.cemetery) == thawed
    assert (t.fighter(goblin, F.frozen_until) < t.glob[G.turn]) == thawed


@pytest.mark.parametrize("dice, matched", [((3, 3), True), ((3, 4), False)])
def test_apocalypse_deals_100_to_both_primaries_when_the_dice_of_a_turn_match(dice, matched):
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Apocalypse"])
    apocalypse = t.play("Apocalypse")
    for c in (wolf, ogre):  # enough HP to live through it
        t.fighters[c, F.hp] = t.fighters[c, F.max_hp] = 150
    t.end_turn()
    t.dice(*dice)
    t.begin_turn()  # the opponent's turn: every turn, both players roll
    assert t.used_dice() == 2
    assert (t.hp(wolf), t.hp(ogre)) == ((50, 50) if matched else (150, 150))
    assert (t.zone(apocalypse) == InstZone.cemetery) == matched


# ---------------------------------------------------------------- information


def test_the_seer_shows_the_opponents_hand_so_the_search_holds_it_fixed():
    t, _, _ = setup("The Seer", "Ogre", hand_b=["Ignite", "Goblin"])
    hand = [t.find(1, "Ignite", InstZone.hand), t.find(1, "Goblin", InstZone.hand)]
    t.refresh()
    t.legal()  # its player asks before each decision
    for seed in range(5):  # the search's deals of what its player cannot see
        inst = t.inst.copy()
        determinize_nb(inst, 0, new_rng(seed, 0))
        assert [CAT.cards[inst[i, InstCol.card]].name for i in hand] == ["Ignite", "Goblin"]
