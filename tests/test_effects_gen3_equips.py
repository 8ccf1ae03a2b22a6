"""Generation 3 equips and Lightning cards with a twist, played through the game kernel.

One test (or one parametrized case) per card, in the style of `tests/test_effects_gen2_battle.py`:
the table of `tests/gamekit.py`, scripted dice (the dice order is in `wardsim.kernel.duel.battle`),
and a frozen creature struck when a test needs a single strike.
"""

from gamekit import CAT, Event, InstZone, K
from test_game_cards import NONE, OPPONENT, OWN, attack, cast, freeze, magic_names, setup, stats

from wardsim.kernel.enums import CreatureType, FighterCol
from wardsim.kernel.game import field, play
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, MagicTarget, SeenBit
from wardsim.replays import describe

F = FighterCol


def test_steam_knight_blaster_negates_the_effect_and_sets_the_base_attack_to_3_dice_plus_3():
    # ruling base-stat-replaced: the printed Atk Dice Rolls and Modifier are replaced
    t, vampire, _ = setup("Vampire", "Frog", hand_a=["Steam Knight Blaster"])
    t.play("Steam Knight Blaster", OWN)
    s = stats(t, vampire)
    assert (s["attack_dice"], s["modifier"]) == (3, 3)
    assert t.fighters[vampire, F.effect_count] == 0


def test_steam_knight_blaster_keeps_the_other_cards_changes_on_top_of_the_new_base():
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Steam Knight Blaster", "Surprise From The Deep"])
    t.play("Surprise From The Deep", OWN)  # Modifier +5
    t.play("Steam Knight Blaster", OWN)
    s = stats(t, wolf)
    assert (s["attack_dice"], s["modifier"]) == (3, 3 + 5)


def test_final_form_goes_only_on_a_creature_below_half_its_printed_hp_and_sets_6_dice_plus_6():
    # ruling final-form: Werewolf has 70 HP printed, so 34 HP or less
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Final Form"])
    t.fighters[wolf, F.hp] = 35
    assert "Final Form" not in magic_names(t)
    t.fighters[wolf, F.hp] = 34
    assert "Final Form" in magic_names(t)
    t.play("Final Form", OWN)
    s = stats(t, wolf)
    assert (s["attack_dice"], s["modifier"]) == (6, 6)
    assert t.fighters[wolf, F.effect_count] == 0


def test_frost_wyrms_sets_speed_and_modifier_to_0_and_the_creature_cannot_be_sacrificed():
    # ruling base-stat-replaced: an equip meant for the opponent's creature
    t, _, wolf = setup("Frog", "Werewolf", hand_a=["Frost Wyrms"])
    assert play._can_be_sacrificed(t.cards, t.effects, t.inst, t.fighters, t.players, t.glob, -1, 1, wolf)
    t.play("Frost Wyrms", OPPONENT)
    s = stats(t, wolf)
    assert (s["speed"], s["modifier"]) == (0, 0)
    assert not play._can_be_sacrificed(t.cards, t.effects, t.inst, t.fighters, t.players, t.glob, -1, 1, wolf)


def test_steam_armor_makes_the_primary_unaffected_by_creature_effects_and_magic_for_2_turn_cycles():
    # ruling steam-armor: a Standard equip, gone after 2 turn cycles
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Steam Armor"], hand_b=["Smokescreen"])
    armor = t.play("Steam Armor", OWN)
    t.refresh()
    assert t.fighters[wolf, F.immune] != 0
    t.end_turn()
    t.begin_turn()
    assert "Smokescreen" not in magic_names(t)  # the opponent cannot aim a magic card at it
    for _ in range(3):
        t.end_turn()
        t.begin_turn()
    assert t.zone(armor) == InstZone.cemetery
    t.refresh()
    assert t.fighters[wolf, F.immune] == 0


def test_steam_armor_the_replay_tells_it_leaving_when_its_2_turn_cycles_are_over_as_its_time_up():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Steam Armor"])
    armor = t.play("Steam Armor", OWN)
    for _ in range(4):  # its turn cycle and the next: it goes in the wrap-up of the fourth turn
        assert t.zone(armor) != InstZone.cemetery
        t.end_turn()
        t.begin_turn()
    assert t.zone(armor) == InstZone.cemetery
    n = int(t.glob[GlobCol.trace_n])
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    assert [line for line in lines if line.startswith("Steam Armor (A) ")] == [
        "Steam Armor (A) has lasted its time and goes to Ann's cemetery (cemetery HP now 0)."
    ]


def test_steam_armor_destroyed_in_its_last_turn_is_not_told_as_its_time_up():
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Steam Armor"])
    t.play("Steam Armor", OWN)
    for _ in range(3):  # the fourth turn, its last
        t.end_turn()
        t.begin_turn()
    field.kill_nb(*t.args[:5], t.glob, t.decks, wolf, -1, False, t.rng, t.trace)  # it goes along
    n = int(t.glob[GlobCol.trace_n])
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    assert "Steam Armor (A) is destroyed." in lines
    assert not any("has lasted its time" in line for line in lines)


def test_mysterious_orb_rolls_at_the_start_of_each_of_your_turns_for_speed_atk_or_hit_plus_6():
    # ruling mysterious-orb: the row the die picks holds until the next roll
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Mysterious Orb"])
    t.play("Mysterious Orb", OWN)
    assert stats(t, wolf)["atk"] == 0  # nothing before the first roll
    t.end_turn()
    t.pass_turn()  # the opponent's turn: no roll
    t.dice(4)
    t.begin_turn()
    assert t.used_dice() == 1
    s = stats(t, wolf)
    assert (s["speed"], s["atk"], s["hit"]) == (8, 6, 0)
    t.end_turn()
    t.begin_turn()
    s = stats(t, wolf)
    assert (s["speed"], s["atk"], s["hit"]) == (8, 6, 0)  # through the opponent's turn: one turn cycle
    t.end_turn()
    t.dice(6)
    t.begin_turn()
    s = stats(t, wolf)
    assert (s["speed"], s["atk"], s["hit"]) == (8, 0, 6)
    t.end_turn()
    t.pass_turn()
    t.dice(1)
    t.begin_turn()
    s = stats(t, wolf)
    assert (s["speed"], s["atk"], s["hit"]) == (8 + 6, 0, 0)


def test_enchantment_deals_10_to_the_creature_missed_after_your_miss():
    # ruling enchantment: readied before the battle, played on the first miss
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Enchantment"])
    card = t.find(0, "Enchantment", InstZone.hand)
    freeze(t, ogre)
    attack(t, 1, 2)  # 3 + 3 against AL 8: a miss
    assert t.hp(ogre) == 90 - 10
    assert t.zone(card) == InstZone.cemetery


def test_enchantment_is_played_on_a_critical_miss_too_and_stays_in_hand_on_a_hit():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Enchantment"])
    card = t.find(0, "Enchantment", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 13
    assert t.hp(ogre) == 90 - 13 and t.zone(card) == InstZone.hand
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    freeze(t, ogre)
    attack(t, 1, 1, 4)  # a critical miss: 4 to the Werewolf, then the card's 10
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 4, 90 - 13 - 10)
    assert t.zone(card) == InstZone.cemetery


def test_cybernetic_upgrade_is_played_in_the_opponents_battle_and_leaves_after_it():
    # ruling cybernetic-upgrade: Atk +30, Hit +10, AL +12 for the battle, then the cemetery
    t, _, ogre = setup("Werewolf", "Ogre", hand_b=["Cybernetic Upgrade"])
    card = t.find(1, "Cybernetic Upgrade", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 6, 5, 5)  # all 6s: a critical hit whatever the AL
    assert t.zone(card) == InstZone.cemetery
    assert t.hp(ogre) == 90 - (5 + 5 + 3) * 2  # a critical hit, the Ogre's AL aside
    assert stats(t, ogre)["al"] == 8
    t2, _, ogre2 = setup("Werewolf", "Ogre", hand_b=["Cybernetic Upgrade"])
    freeze(t2, ogre2)
    attack(t2, 3, 3)  # 3 + 3 + 3 = 9 against AL 12: a hit on AL 8 without the card, a miss with it
    assert t2.hp(ogre2) == 90
    assert t2.zone(t2.find(1, "Cybernetic Upgrade", None)) == InstZone.cemetery
    t3, wolf3, ogre3 = setup("Werewolf", "Ogre", hand_b=["Cybernetic Upgrade"])
    attack(t3, 3, 3, 1, 2, 1, 1, 1)  # the Werewolf misses; the Ogre strikes back for 1 + 1 + 1 + 3 + 30
    assert (t3.hp(wolf3), t3.hp(ogre3)) == (70 - 36, 90)


def test_eagle_knight_keeps_all_damage_off_your_creature_for_the_rest_of_the_turn():
    # ruling eagle-knight: played as the battle begins, on its player's primary creature
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Eagle Knight"])
    card = t.find(1, "Eagle Knight", InstZone.hand)
    t.fighters[ogre, F.hp] = 40  # the bots play it against a strike that could take a fifth of the HP
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 5 + 5 + 3, kept off
    assert t.hp(ogre) == 40 and t.zone(card) == InstZone.magic
    t.fighters[ogre, F.frozen_until] = -1
    t.end_turn()
    assert t.zone(card) == InstZone.cemetery
    t.begin_turn()
    freeze(t, wolf)
    attack(t, 6, 5, 5, 5, 5)  # the Ogre's player's next turn: a hit for 5 + 5 + 5 + 3
    assert t.hp(wolf) == 70 - 18


def test_steam_powered_girl_adds_a_hit_die_and_an_atk_die_per_card_in_your_hand_for_1_turn_cycle():
    # ruling steam-powered-girl: the hand is counted when the stats are read
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Steam Powered Girl", "Frog", "Frog", "Frog"])
    card = t.play("Steam Powered Girl", OWN)
    s = stats(t, wolf)
    assert (s["hit_dice"], s["attack_dice"]) == (2 + 3, 2 + 3)
    t.inst[t.find(0, "Frog", InstZone.hand), InstCol.zone] = InstZone.cemetery  # one card fewer
    s = stats(t, wolf)
    assert (s["hit_dice"], s["attack_dice"]) == (2 + 2, 2 + 2)
    t.end_turn()
    t.pass_turn()
    assert t.zone(card) == InstZone.cemetery
    s = stats(t, wolf)
    assert (s["hit_dice"], s["attack_dice"]) == (2, 2)


def test_demon_blood_adds_3_atk_and_makes_the_creature_demon_type_for_cards_that_key_on_it():
    # ruling demon-blood: Exorcism doubles the Atk damage against it
    t, ogre, wolf = setup("Ogre", "Werewolf", hand_a=["Exorcism"], hand_b=["Demon Blood"])
    cast(t, 1, "Demon Blood", OWN)
    t.refresh()
    assert t.fighters[wolf, F.creature_type] == CreatureType.demon
    assert stats(t, wolf)["atk"] == 3
    t.play("Exorcism", NONE)
    freeze(t, wolf)
    attack(t, 6, 5, 1, 1, 1)  # 1 + 1 + 1 + 3 = 6, doubled
    assert t.hp(wolf) == 70 - 12


def test_the_merchant_offers_its_four_effects_and_plays_the_one_picked():
    # ruling the-merchant: AL +4, Hit +4, heal 20 or destroy 1 magic card, the player's pick
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["The Merchant"])
    merchant = t.find(0, "The Merchant", InstZone.hand)
    picks = [action_b_nb(a) for a in t.legal() if action_kind_nb(a) == K.magic and action_a_nb(a) == merchant]
    assert picks == [MagicTarget.choice + k for k in range(4)]
    t.act(K.magic, merchant, MagicTarget.choice + 0)
    s = stats(t, wolf)
    assert (s["al"], s["hit"]) == (6 + 4, 0)

    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["The Merchant"])
    t.fighters[wolf, F.hp] = 30
    t.act(K.magic, t.find(0, "The Merchant", InstZone.hand), MagicTarget.choice + 2)
    s = stats(t, wolf)
    assert t.hp(wolf) == 30 + 20 and (s["al"], s["hit"]) == (6, 0)

    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["The Merchant"], hand_b=["Smokescreen"])
    smoke = cast(t, 1, "Smokescreen", OPPONENT)
    t.act(K.magic, t.find(0, "The Merchant", InstZone.hand), MagicTarget.choice + 3)
    assert t.zone(smoke) == InstZone.cemetery
    s = stats(t, wolf)
    assert (s["al"], s["hit"]) == (6, 0)


def test_the_merchant_equipped_by_equip_knight_still_gets_its_pick():
    # ruling the-merchant: its player picks as Equip Knight equips it
    t, _, _ = setup("Goblin", "Frog", hand_a=["Equip Knight"], deck_a=["The Merchant"])
    knight = t.find(0, "Equip Knight", InstZone.hand)
    t.act(K.summon, knight)
    merchant = t.find(0, "The Merchant", None)
    assert t.zone(merchant) == InstZone.magic
    assert t.inst[merchant, InstCol.chosen] > 0


def test_arcane_power_adds_1_modifier_per_card_revealed_from_hand_for_the_battle():
    # ruling arcane-power: the bots reveal every card; both players know them after
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Arcane Power", "Frog", "Frog"])
    t.play("Arcane Power", OWN)
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # 1 + 1 + 3 + 2 revealed
    assert t.hp(ogre) == 90 - (1 + 1 + 3 + 2)
    frogs = [
        i for i in range(len(t.inst)) if t.inst[i, InstCol.zone] == InstZone.hand and t.inst[i, InstCol.owner] == 0
    ]
    assert len(frogs) == 2 and all(t.inst[i, InstCol.seen] & SeenBit.public for i in frogs)
    assert stats(t, wolf)["modifier"] == 3  # for that battle only


def test_arcane_power_in_a_replay_counts_the_cards_revealed():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Arcane Power", "Frog", "Frog"])
    t.play("Arcane Power", OWN)
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)
    n = t.glob[GlobCol.trace_n]
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    assert any("2 cards revealed from hand" in line for line in lines)


def test_contaminate_deals_5_each_turn_cycle_and_moves_to_the_creature_that_kills_by_atk_damage():
    # ruling contaminate: on its player's own creature; the killer takes it on
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Contaminate"])
    card = t.play("Contaminate", OWN)
    t.end_turn()
    t.begin_turn()  # the Ogre's player's turn: nothing yet
    assert t.hp(wolf) == 70
    t.end_turn()
    t.begin_turn()  # the Werewolf's player's turn: 5 damage
    assert t.hp(wolf) == 70 - 5
    t.end_turn()
    t.begin_turn()
    t.fighters[wolf, F.hp] = 10
    freeze(t, wolf)
    attack(t, 6, 5, 5, 5, 5)  # the Ogre kills it with Atk damage
    assert t.zone(wolf) == InstZone.cemetery
    assert t.zone(card) == InstZone.magic and t.inst[card, InstCol.attached_to] == ogre
    t.end_turn()
    t.begin_turn()
    t.end_turn()
    t.begin_turn()  # the Ogre's player's turn: now the Ogre takes the 5
    assert t.hp(ogre) == 90 - 5


def test_contaminate_goes_to_the_cemetery_when_effect_damage_kills():
    t, wolf, _ = setup("Werewolf", "Ogre", hand_a=["Contaminate"])
    card = t.play("Contaminate", OWN)
    t.fighters[wolf, F.hp] = 5
    t.end_turn()
    t.pass_turn()
    t.begin_turn()  # its own 5 damage kills it
    assert t.zone(wolf) == InstZone.cemetery and t.zone(card) == InstZone.cemetery


def test_galactic_suit_turns_a_missed_hit_roll_into_the_strikers_atk_roll_against_its_own_primary():
    # ruling galactic-suit: the Atk dice, Modifier and bonuses, as the card's damage
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Galactic Suit"])
    cast(t, 1, "Galactic Suit", OWN)
    freeze(t, ogre)
    attack(t, 1, 2, 4, 5)  # 1 + 2 + 3 against AL 8 misses; the Werewolf rolls 4 + 5 + 3 at itself
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 12, 90)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # a hit: nothing comes back
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 12, 90 - 5)


def test_flame_sentinel_negates_the_attack_and_burns_the_attacker_10_per_turn_cycle_for_2():
    # ruling flame-sentinel: 10 as it is equipped, 10 at the start of its next turn, then gone
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Flame Sentinel"])
    card = t.find(1, "Flame Sentinel", InstZone.hand)
    t.fighters[ogre, F.hp] = 40  # the bots ready a Sentinel against a strike worth a fifth of the HP
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 13, negated
    assert t.hp(ogre) == 40 and t.hp(wolf) == 70 - 10
    assert t.zone(card) == InstZone.magic and t.inst[card, InstCol.attached_to] == wolf
    t.end_turn()
    t.begin_turn()  # the Ogre's player's turn
    assert t.hp(wolf) == 60
    t.end_turn()
    t.begin_turn()  # the Werewolf's player's turn: the second 10
    assert t.hp(wolf) == 50
    t.end_turn()
    t.begin_turn()
    t.end_turn()
    assert t.zone(card) == InstZone.cemetery
    t.begin_turn()
    assert t.hp(wolf) == 50


def test_ancient_book_answers_a_lightning_card_by_equipping_itself_to_your_creature():
    # ruling ancient-book: the card answered (Mind Sap) still takes effect
    t, _, vampire = setup("Werewolf", "Vampire", hand_a=["Mind Sap"], hand_b=["Ancient Book"])
    book = t.find(1, "Ancient Book", InstZone.hand)
    t.play("Mind Sap", OPPONENT)
    assert t.zone(book) == InstZone.magic and t.inst[book, InstCol.attached_to] == vampire
    s = stats(t, vampire)
    assert (s["atk"], s["hit"], s["al"], s["speed"]) == (15, 5, 4 + 8, 9 + 5)
    assert t.fighters[vampire, F.effect_count] == 0  # Mind Sap negates its effects all the same


def test_ancient_book_answers_martial_arts_man_played_in_a_battle():
    # ruling ancient-book: readied against the opponent's battle Lightning card, played with it
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Martial Arts Man"], hand_b=["Ancient Book"])
    book = t.find(1, "Ancient Book", InstZone.hand)
    card = t.find(0, "Martial Arts Man", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 13: Martial Arts Man's 20 still lands
    assert t.hp(ogre) == 90 - 13 - 20 and t.zone(card) == InstZone.cemetery
    assert t.zone(book) == InstZone.magic and t.inst[book, InstCol.attached_to] == ogre
    s = stats(t, ogre)
    assert (s["atk"], s["hit"], s["speed"]) == (15, 5, 4 + 5)


def test_ancient_book_answers_a_sentinel_played_in_a_battle():
    # ruling ancient-book: the attacker's player answers the Forest Sentinel that turns its strike back
    t, wolf, harpy = setup("Werewolf", "Harpy", hand_a=["Ancient Book"], hand_b=["Forest Sentinel"])
    book = t.find(0, "Ancient Book", InstZone.hand)
    freeze(t, harpy)
    attack(t, 6, 5, 1, 1)  # a hit for 5, turned back at the Werewolf
    assert t.hp(harpy) == 30 and t.hp(wolf) == 65
    assert t.zone(book) == InstZone.magic and t.inst[book, InstCol.attached_to] == wolf


def test_ancient_book_in_a_battle_is_negated_by_scroll_of_silence():
    # ruling ancient-book: a Lightning card, so the Scroll its opponent readied negates it
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Martial Arts Man", "Scroll of Silence"], hand_b=["Ancient Book"])
    book = t.find(1, "Ancient Book", InstZone.hand)
    scroll = t.find(0, "Scroll of Silence", InstZone.hand)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    assert t.hp(ogre) == 90 - 13 - 20
    assert t.zone(book) == InstZone.cemetery and t.zone(scroll) == InstZone.cemetery
    assert any(e[3] == book for e in t.events(Event.negated))
