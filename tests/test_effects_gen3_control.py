"""Generation 3 and promo cards that control magic and the field: cards that stop or tax magic,
negations, field cards that act at the start of every turn, cards that destroy every magic card,
and the creatures that carry such rules.

One test per card (or ruling), played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`).
"""

import pytest
from gamekit import CAT, Event, InstZone, K
from test_game_cards import OWN, attack, battles, cast, freeze, magic_names, setup, stats

from wardsim.battle import prepared_pair
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.exact.spec import MultiplierCol, S, UnsupportedPair, build_spec
from wardsim.kernel.game import play, resolve
from wardsim.kernel.game.actions import action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, MagicTarget, PlayerCol, SeenBit
from wardsim.kernel.game.field import destroy_magic_nb, magic_barred_nb
from wardsim.kernel.game.state import DECK_SIZE, draw_card_nb
from wardsim.replays import describe

F = FighterCol
G = GlobCol
P = PlayerCol

# ---------------------------------------------------------------- destroying every magic card


def test_chain_lightning_hurts_its_player_then_deals_5_per_magic_card_it_destroys():
    t, wolf, ogre = setup(
        "Werewolf", "Ogre", hand_a=["Chain Lightning", "Lucky Charm"], hand_b=["Magic Ring", "Flame of the Infinite"]
    )
    charm = cast(t, 0, "Lucky Charm", OWN)
    ring = cast(t, 1, "Magic Ring", OWN)
    flame = cast(t, 1, "Flame of the Infinite")
    t.play("Chain Lightning")
    assert [t.zone(i) for i in (charm, ring, flame)] == [InstZone.cemetery] * 3
    assert t.hp(wolf) == 70 - 5
    assert t.hp(ogre) == 90 - 3 * 5


def test_adam_bomb_destroys_every_other_magic_card_and_adds_3_to_four_stats():
    t, wolf, _ = setup("Werewolf", "Ogre", hand_a=["Adam Bomb", "Lucky Charm"], hand_b=["Magic Ring"])
    charm = cast(t, 0, "Lucky Charm", OWN)
    ring = cast(t, 1, "Magic Ring", OWN)
    bomb = t.play("Adam Bomb", OWN)
    assert t.zone(charm) == t.zone(ring) == InstZone.cemetery
    assert t.zone(bomb) == InstZone.magic
    s = stats(t, wolf)
    assert (s["atk"], s["hit"], s["al"], s["speed"]) == (3, 3, 6 + 3, 8 + 3)


# ---------------------------------------------------------------- stopping magic


def test_fazard_stops_every_players_standard_magic_cards():
    t, _, _ = setup("Fazard", "Ogre", hand_a=["Ignite", "Lucky Charm"], hand_b=["Ignite"])
    assert magic_names(t) == {"Lucky Charm"}  # Ignite is a Standard card; an equip still goes
    t.glob[G.active] = 1
    assert "Ignite" not in magic_names(t)  # its own player's opponent too


def test_hell_walker_bars_the_magic_of_an_opponent_with_a_demon_on_their_side():
    t, _, demon = setup("Hell Walker", "Shadow Demon", hand_b=["Lucky Charm"])
    t.refresh()
    assert magic_barred_nb(t.cards, t.effects, t.inst, t.fighters, t.players, t.glob, 1)
    assert not magic_barred_nb(t.cards, t.effects, t.inst, t.fighters, t.players, t.glob, 0)
    u, _, _ = setup("Hell Walker", "Ogre", hand_b=["Lucky Charm"])
    u.refresh()
    assert not magic_barred_nb(u.cards, u.effects, u.inst, u.fighters, u.players, u.glob, 1)


def test_hell_walker_inflicts_2x_atk_damage_on_a_demon():
    t, _, demon = setup("Hell Walker", "Shadow Demon")
    freeze(t, demon)
    attack(t, 5, 5, 1, 1, 1)  # hits AL 6; 3 + 5 = 8 Atk damage, 2x
    assert t.hp(demon) == 60 - 16


def test_sasquatch_negates_a_magic_card_and_bars_the_opponents_lightning_cards_for_a_turn_cycle():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite", "Mind Sap"], hand_b=["Sasquatch"])
    sasquatch = t.find(1, "Sasquatch", InstZone.hand)
    assert "Mind Sap" in magic_names(t)  # a Lightning card its player may play in their turn
    ignite = t.play("Ignite")
    assert t.zone(sasquatch) == InstZone.cemetery and t.zone(ignite) == InstZone.cemetery
    assert t.hp(ogre) == 90 and t.used_dice() == 0  # negated before its roll
    assert "Mind Sap" not in magic_names(t)
    t.glob[G.turn] += 1  # the opponent's turn, still in the turn cycle
    t.glob[G.active] = 0
    assert "Mind Sap" not in magic_names(t)
    t.glob[G.turn] += 1  # the next turn cycle
    assert "Mind Sap" in magic_names(t)


# ---------------------------------------------------------------- taxing magic


def test_old_logging_road_makes_every_player_hurt_their_primary_to_play_a_magic_card():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Old Logging Road", "Lucky Charm"], hand_b=["Magic Ring"])
    t.play("Old Logging Road")
    assert t.hp(wolf) == 70  # it was not on the field yet
    t.play("Lucky Charm", OWN)
    assert t.hp(wolf) == 70 - 5
    cast(t, 1, "Magic Ring", OWN)
    assert t.hp(ogre) == 90 - 5


def test_the_villain_makes_its_opponent_hurt_their_primary_to_play_a_magic_card():
    t, villain, ogre = setup("The Villain", "Ogre", hand_a=["Lucky Charm"], hand_b=["Magic Ring"])
    t.play("Lucky Charm", OWN)
    assert t.hp(villain) == 120  # not its own player
    cast(t, 1, "Magic Ring", OWN)
    assert t.hp(ogre) == 90 - 10


@pytest.mark.parametrize("toll_card", ["Old Logging Road", "The Villain"])
def test_a_toll_paid_again_on_a_turn_reset_kills_the_primary_creature_at_once(toll_card):
    # ruling magic-toll: the price of Hourglass of Time stays paid when it resets the turn, so it
    # is paid again on the turn's start; player 1's Kobold, at 1 HP there, dies of it at once and
    # its Frog takes its place (found by the invariant fuzz: it stayed on the field at 0 HP)
    a = "The Villain" if toll_card == "The Villain" else "Werewolf"
    road = ["Old Logging Road"] if toll_card == "Old Logging Road" else []
    t, _, kobold = setup(a, "Kobold", hand_a=road, hand_b=["Hourglass of Time", "Frog"])
    if road:
        cast(t, 0, "Old Logging Road")
    t.fighters[kobold, F.hp] = 1
    freeze(t, kobold)
    snapshot = [x.copy() for x in (t.inst, t.fighters, t.players, t.glob, t.decks)]
    attack(t, *[6] * 7)  # the frozen Kobold dies: 40 HP to player 1's cemetery
    assert t.zone(kobold) == InstZone.cemetery and t.primary_name(1) == "Frog"
    assert play.offer_rewind_nb(*t.args, *snapshot, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.events(Event.rewind)
    assert t.zone(kobold) == InstZone.cemetery and t.primary_name(1) == "Frog"
    assert t.hp(int(t.players[1, P.primary])) == 10  # the Frog came from the hand: the toll is paid
    assert t.cemetery_hp(1) == 40 and t.winner < 0


def test_the_villain_takes_3x_atk_damage_from_the_hero():
    t, hero, villain = setup("The Hero", "The Villain")
    freeze(t, villain)
    attack(t, 5, 5, 1, 1, 1)  # 13 hits AL 12; 3 + 3 = 6 Atk damage
    assert t.hp(villain) == 120 - 3 * 6


def test_the_exact_solver_takes_the_villains_3x_from_the_hero_and_only_from_it():
    effects = CAT.tables().effects
    spec = build_spec(*prepared_pair(CAT, "The Hero", "The Villain"), effects)
    hero = spec.rules.fighters[0]
    amounts = [int(spec.rules.multipliers[0, k, MultiplierCol.amount]) for k in range(hero[S.n_multipliers])]
    assert 3 in amounts  # a multiplier on The Hero's strikes against it
    spec = build_spec(*prepared_pair(CAT, "Ogre", "The Villain"), effects)
    assert spec.rules.fighters[0][S.n_multipliers] == 0


# ---------------------------------------------------------------- field cards at the start of every turn


def test_death_omen_hurts_the_primary_with_the_lowest_hp_at_the_start_of_every_turn():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Death Omen"])
    t.play("Death Omen")
    t.end_turn()
    t.begin_turn()  # the opponent's turn: the Werewolf has the lower HP
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 5, 90)
    t.end_turn()
    t.fighters[ogre, F.hp] = 65
    t.begin_turn()  # its player's turn: a tie hurts both (ruling death-omen)
    assert (t.hp(wolf), t.hp(ogre)) == (60, 60)
    assert t.used_dice() == 0


def test_cosmic_storm_hurts_the_primary_of_the_player_with_the_lowest_die_ties_rolling_again():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Cosmic Storm"])
    t.play("Cosmic Storm")
    t.end_turn()
    t.dice(3, 3, 2, 5)  # the opponent's turn: they roll first; a tie, then 2 against 5
    t.begin_turn()
    assert t.used_dice() == 4
    assert (t.hp(wolf), t.hp(ogre)) == (70, 90 - 5)


@pytest.mark.parametrize("dice, matched", [((4, 4), True), ((4, 5), False)])
def test_maximum_ward_destroys_every_card_on_the_field_when_the_dice_match(dice, matched):
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Maximum Ward", "Lucky Charm"], hand_b=["Magic Ring"])
    charm = cast(t, 0, "Lucky Charm", OWN)
    ring = cast(t, 1, "Magic Ring", OWN)
    ward = t.play("Maximum Ward")
    t.end_turn()
    t.dice(*dice)
    t.begin_turn()
    assert t.used_dice() == 2
    gone = [t.zone(i) == InstZone.cemetery for i in (wolf, ogre, charm, ring, ward)]
    assert gone == [matched] * 5


def test_living_trap_hurts_the_attackers_side_when_they_declare_battle_then_goes():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Living Trap"])
    trap = cast(t, 1, "Living Trap")
    freeze(t, ogre)
    attack(t, 5, 5, 1, 1)  # the battle goes on: 13 hits AL 8, 2 + 3 Atk damage
    assert t.zone(trap) == InstZone.cemetery
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 15, 90 - 5)


def test_fire_eleotoid_keeps_forest_fire_from_destroying_itself():
    t, _, ogre = setup("Fire Eleotoid", "Ogre", hand_a=["Forest Fire"])
    fire = t.play("Forest Fire")
    t.dice(5)  # the opponent's roll at the end of the turn: 4-6 would destroy it
    t.end_turn()
    assert t.used_dice() == 1
    assert t.zone(fire) == InstZone.magic and t.hp(ogre) == 90


def test_gluttony_destroys_every_magic_card_when_summoned_and_gains_1_modifier_for_each():
    t, glut, _ = setup("Gluttony", "Ogre", hand_a=["Lucky Charm", "Flame of the Infinite"], hand_b=["Magic Ring"])
    cards = [cast(t, 0, "Lucky Charm", OWN), cast(t, 0, "Flame of the Infinite"), cast(t, 1, "Magic Ring", OWN)]
    resolve.on_summon_nb(*t.args, glut, t.policy, t.params, t.rng, t.script, t.trace)  # as if just summoned
    assert [t.zone(i) for i in cards] == [InstZone.cemetery] * 3
    assert stats(t, glut)["modifier"] == 0 + 3


def test_gluttony_is_unaffected_by_other_hit_and_hit_dice_increases():
    t, glut, _ = setup("Gluttony", "Ogre", hand_a=["Lucky Charm", "Sword of Light"])
    t.play("Lucky Charm", OWN)
    t.play("Sword of Light", OWN)  # Hit +3, Atk +3, Atk Dice Rolls +1, Hit Dice Rolls +1
    s = stats(t, glut)
    assert (s["hit"], s["hit_dice"]) == (0, 2)
    assert (s["atk"], s["attack_dice"]) == (3, 7 + 1)


def test_catcow_switches_every_creatures_base_atk_dice_and_modifier_for_2_turn_cycles():
    t, walker, wolf = setup("Hell Walker", "Werewolf", hand_a=["Catcow", "Lucky Charm"])
    t.play("Lucky Charm", OWN)  # a bonus is added after the switch
    catcow = t.play("Catcow")
    s, w = stats(t, walker), stats(t, wolf)
    assert (s["attack_dice"], s["modifier"], s["hit"]) == (5, 3, 3)  # printed 3d6+5
    assert (w["attack_dice"], w["modifier"]) == (3, 2)  # printed 2d6+3
    for _ in range(3):  # to the end of the turn 2 turn cycles later: this one and the next
        t.end_turn()
        t.begin_turn()
        assert t.zone(catcow) == InstZone.magic
    t.end_turn()
    assert t.zone(catcow) == InstZone.cemetery
    assert (stats(t, walker)["attack_dice"], stats(t, walker)["modifier"]) == (3, 5)


def test_constructed_pylon_fills_3_of_the_opponents_infinite_slots_until_their_roll_of_4_to_6():
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Constructed Pylon"], hand_b=["Magic Ring", "Lucky Charm", "Epic Ring"])
    cast(t, 1, "Magic Ring", OWN)
    cast(t, 1, "Lucky Charm", OWN)  # 2 of their 5 slots in use
    pylon = t.play("Constructed Pylon")
    t.glob[G.active] = 1
    assert "Epic Ring" not in magic_names(t)  # the other 3 are filled
    t.glob[G.active] = 0
    t.end_turn()
    t.begin_turn()  # the opponent's turn: no roll
    assert t.used_dice() == 0
    t.end_turn()
    t.dice(5)
    t.begin_turn()  # the card's player's turn: the opponent rolls, 4-6 destroys it
    assert t.used_dice() == 1 and t.zone(pylon) == InstZone.cemetery
    t.glob[G.active] = 1
    assert "Epic Ring" in magic_names(t)


def test_street_lights_sends_limited_summons_home_and_bars_new_ones():
    t, necro, _ = setup("Necromancer", "Ogre", hand_a=["Street Lights"], cem_a=["Goblin"])
    goblin = t.find(0, "Goblin", InstZone.cemetery)
    t.act(K.activate, necro)  # Goblin from the cemetery, as a Limited Summon
    assert t.zone(goblin) == InstZone.limited
    t.play("Street Lights")
    assert t.zone(goblin) == InstZone.cemetery  # where it was summoned from
    t.glob[G.turn] += 2  # the player's next turn: the Necromancer could summon again
    assert not [a for a in t.legal() if action_kind_nb(a) == K.activate]


def test_steam_angel_rolls_each_turn_to_bar_cards_of_two_rarities_for_a_turn_cycle():
    t, _, _ = setup("Steam Angel", "Ogre", hand_a=["Cosmic Storm", "Lucky Charm"], hand_b=["Death Omen"])
    t.end_turn()
    t.begin_turn()  # the opponent's turn: no roll
    assert t.used_dice() == 0
    t.end_turn()
    t.dice(2)
    t.begin_turn()  # its player's turn: 1-3 bars Epic and Promo cards
    assert t.used_dice() == 1
    assert magic_names(t) == {"Lucky Charm"}  # Cosmic Storm is a promo
    t.end_turn()
    t.begin_turn()
    assert "Death Omen" not in magic_names(t)  # an Epic card, in the same turn cycle
    t.end_turn()
    t.dice(5)
    t.begin_turn()  # 4-6: Legendary and Mythic cards now; Epic and Promo again free
    assert "Cosmic Storm" in magic_names(t)


def test_bound_fate_inflicts_the_damage_its_players_primary_takes_on_the_opponents_too():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Bound Fate"])
    t.play("Bound Fate")
    attack(t, 3, 3, 1, 1, 4, 4, 1, 1, 1)  # the Werewolf hits for 2 + 3; the Ogre back for 3 + 3
    assert t.hp(wolf) == 70 - 6
    assert t.hp(ogre) == 90 - 5 - 6  # the Werewolf's loss, inflicted again


def test_carus_demon_puts_the_opponents_creatures_to_sleep_until_damage_wakes_them_and_costs_a_magic_card():
    t, demon, ogre = setup("Carus Demon", "Ogre", hand_b=["Magic Ring"])
    ring = cast(t, 1, "Magic Ring", OWN)
    resolve.on_summon_nb(*t.args, demon, t.policy, t.params, t.rng, t.script, t.trace)  # as if just summoned
    assert t.fighter(ogre, F.stunned_until) == t.glob[G.turn] + 3  # 2 turn cycles: it cannot battle
    freeze(t, ogre)  # one strike in the battle
    attack(t, 6, 5, 1, 1)  # 12 hits AL 8; 2 + 1 Atk damage wakes it
    assert t.hp(ogre) == 90 - 3
    assert t.fighter(ogre, F.stunned_until) < t.glob[G.turn]
    assert t.zone(ring) == InstZone.cemetery  # the magic card the Demon's player destroys
    # the replay names the effect once as it acts and once as it ends, with no die (the trace's
    # third number is a die where one was rolled)
    assert [e[5] for e in t.events(Event.effect) if e[3] == demon] == [0, 0]


def test_carus_demon_the_replay_tells_its_wake_as_a_wake_not_as_its_summon():
    t, demon, ogre = setup("Carus Demon", "Ogre", hand_b=["Magic Ring"])
    cast(t, 1, "Magic Ring", OWN)
    resolve.on_summon_nb(*t.args, demon, t.policy, t.params, t.rng, t.script, t.trace)
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # the Demon's 2 + 1 Atk damage wakes the Ogre
    n = int(t.glob[GlobCol.trace_n])
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    told = [line for line in lines if line.startswith(("  Carus Demon (A) uses", "  Damage wakes"))]
    assert len(told) == 2
    assert told[0].startswith("  Carus Demon (A) uses an effect: ")  # the sleep, as it arrives
    assert told[1] == (
        "  Damage wakes the creatures Carus Demon (A) put to sleep: they can battle again, and Ann "
        "destroys 1 magic card on the field of their choice, if there is one."
    )
    assert lines[lines.index(told[1]) + 1] == "Magic Ring (B) is destroyed."


def test_carus_demon_summoned_again_is_told_putting_to_sleep_again():
    t, demon, _ = setup("Carus Demon", "Ogre")
    for _ in range(2):  # summoned twice with no damage in between: both are the on-summon sleep
        t.trace[int(t.glob[GlobCol.trace_n])] = [0, 0, Event.summon, demon, t.inst[demon, InstCol.card], 0]
        t.glob[GlobCol.trace_n] += 1
        resolve.on_summon_nb(*t.args, demon, t.policy, t.params, t.rng, t.script, t.trace)
    n = int(t.glob[GlobCol.trace_n])
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    assert sum(line.startswith("  Carus Demon (A) uses an effect: ") for line in lines) == 2
    assert not any(line.startswith("  Damage wakes") for line in lines)


def test_possession_makes_the_opponents_primary_battle_itself_and_no_other_creature_battle():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Possession"])
    t.play("Possession", MagicTarget.choice)  # the first alternative: the opponent's primary
    t.dice(2, 5, 4, 4, 1, 1, 1, 4, 4, 2, 2, 2)  # the SPD roll-off, its strike, its return attack
    t.to_combat()  # the combat phase begins: the Ogre battles itself
    assert t.used_dice() == 12
    assert t.hp(ogre) == 90 - (3 + 3) - (6 + 3)
    assert t.hp(wolf) == 70 and battles(t) == []


def test_possession_a_forest_demon_that_kills_itself_dies_with_its_equips_and_equips_nothing():
    # Forest Demon: "If killed in battle, equip this card to the attacking creature": battling
    # itself, the attacking creature is the demon, leaving the field; it goes to the cemetery
    t, _, demon = setup("Werewolf", "Forest Demon", hand_a=["Possession"], hand_b=["Knight Armor"])
    armor = cast(t, 1, "Knight Armor", OWN)
    assert t.inst[armor, InstCol.attached_to] == demon
    t.fighters[demon, F.hp] = 2
    t.play("Possession", MagicTarget.choice)
    t.dice(2, 5, 5, 5, 1)  # the SPD roll-off, its strike on itself: 1 + 1 Atk damage kills it
    t.to_combat()
    assert t.used_dice() == 5
    assert t.zone(demon) == InstZone.cemetery and t.inst[demon, InstCol.attached_to] == -1
    assert t.zone(armor) == InstZone.cemetery
    assert t.cemetery_hp(1) == 30


def test_ooze_weaver_takes_15_damage_to_negate_a_magic_card():
    t, ooze, _ = setup("Ooze Weaver", "Werewolf", hand_a=["Flame of the Infinite"], hand_b=["Cosmic Negation"])
    flame = cast(t, 0, "Flame of the Infinite")
    negation = cast(t, 1, "Cosmic Negation")  # it would destroy the Flame: the bots answer
    assert t.zone(negation) == InstZone.cemetery and t.hp(ooze) == 30 - 15
    assert t.zone(flame) == InstZone.magic
    assert t.players[0, P.magic_blocked_until] < t.glob[G.turn]  # its block never came


@pytest.mark.parametrize("atk_dice, paid", [((6, 5, 4), True), ((1, 1, 1), False)])
def test_ooze_weaver_may_take_10_damage_instead_of_a_strikes_atk_damage(atk_dice, paid):
    t, _, ooze = setup("Ogre", "Ooze Weaver")
    freeze(t, ooze)
    attack(t, 3, 3, *atk_dice)  # 9 hits AL 2; the bots pay when it saves HP
    atk = sum(atk_dice) + 3
    assert t.hp(ooze) == 30 - (10 if paid else atk)


def test_ooze_weaver_cannot_be_solved_exactly():
    with pytest.raises(UnsupportedPair):
        build_spec(*prepared_pair(CAT, "Ooze Weaver", "Ogre"), CAT.tables().effects)


def test_inversion_turns_both_decks_over_so_the_bottom_card_is_drawn_next_and_shown():
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Inversion"], deck_a=["Goblin"], deck_b=["Demon"])
    goblin, demon = t.find(0, "Goblin"), t.find(1, "Demon")
    assert t.decks[0, 0] == goblin and t.decks[1, 0] == demon  # at the bottom
    inversion = t.play("Inversion")
    assert t.inst[goblin, InstCol.seen] & SeenBit.known_in_deck  # face up, known to both players
    assert t.inst[demon, InstCol.seen] & SeenBit.known_in_deck
    assert draw_card_nb(t.inst, t.decks, t.players, t.glob, 0) == goblin
    assert draw_card_nb(t.inst, t.decks, t.players, t.glob, 1) == demon
    destroy_magic_nb(*t.args, inversion, t.rng, t.trace)  # the decks turn back
    assert t.decks[0, t.players[0, P.deck_n] - 1] == DECK_SIZE - 1  # the former top card of player 0's


# ---------------------------------------------------------------- answering a draw


def test_witchs_cabin_sends_the_card_drawn_to_the_bottom_of_the_deck():
    # docs/rulings.md, witchs-cabin: the draw phase's draw, answered at once
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Witch's Cabin"], deck_b=["Kobold"])
    cabin = t.find(0, "Witch's Cabin", InstZone.hand)
    kobold = t.find(1, "Kobold")
    t.on_top(1, "Kobold")
    n = int(t.players[1, P.deck_n])
    t.end_turn()
    t.begin_turn()  # player 1 draws the Kobold; player 0 answers
    assert t.zone(cabin) == InstZone.cemetery
    assert t.zone(kobold) == InstZone.deck and t.decks[1, 0] == kobold  # at the bottom
    assert int(t.players[1, P.deck_n]) == n and "Kobold" not in t.hand(1)
    assert not t.inst[kobold, InstCol.seen] & SeenBit.known_in_deck  # its player's opponent never saw it


@pytest.mark.parametrize("policy", ["greedy", "heuristic"])
def test_witchs_cabin_is_not_worth_a_toll_to_the_bots(policy):
    # Old Logging Road: 5 damage to the Werewolf to send back one card of theirs is a bad trade
    t, wolf, _ = setup(
        "Werewolf", "Ogre", hand_a=["Witch's Cabin", "Old Logging Road"], deck_b=["Kobold"], policy=policy
    )
    t.play("Old Logging Road")
    cabin = t.find(0, "Witch's Cabin", InstZone.hand)
    t.on_top(1, "Kobold")
    t.end_turn()
    t.begin_turn()  # player 1 draws the Kobold; player 0 keeps the Cabin
    assert t.zone(cabin) == InstZone.hand and "Kobold" in t.hand(1) and t.hp(wolf) == CAT["Werewolf"].hp


def test_witchs_cabin_answers_a_card_effects_draw_once_the_card_has_resolved():
    # Twister: both players draw 2; player 1 answers the first card player 0 drew
    t, _, _ = setup(
        "Werewolf", "Ogre", hand_a=["Twister", "Legendary Armor"], hand_b=["Witch's Cabin"], deck_a=["Goblin", "Kobold"]
    )
    goblin, kobold = t.find(0, "Goblin"), t.find(0, "Kobold")
    t.on_top(0, "Goblin", "Kobold")
    t.play("Legendary Armor", OWN)  # a magic card on the field for Twister to destroy
    t.play("Twister")
    assert t.zone(t.find(1, "Witch's Cabin", None)) == InstZone.cemetery
    assert t.zone(goblin) == InstZone.deck and t.decks[0, 0] == goblin
    assert t.zone(kobold) == InstZone.hand


def test_witchs_cabin_answers_the_draw_of_a_strike():
    # Luc Tiberius hits with matching Hit dice and draws: the answer comes once the battle is over
    t, luc, ogre = setup("Luc Tiberius", "Ogre", hand_b=["Witch's Cabin"], deck_a=["Goblin"])
    goblin = t.find(0, "Goblin")
    t.on_top(0, "Goblin")
    freeze(t, ogre)
    attack(t, 4, 4, 1, 1, 1)
    assert t.zone(goblin) == InstZone.deck and t.decks[0, 0] == goblin
    assert "Witch's Cabin" not in t.hand(1)


def test_witchs_cabin_is_negated_like_any_magic_card():
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Witch's Cabin"], hand_b=["Scroll of Silence"], deck_b=["Kobold"])
    cabin, scroll = t.find(0, "Witch's Cabin", InstZone.hand), t.find(1, "Scroll of Silence", InstZone.hand)
    t.on_top(1, "Kobold")
    t.end_turn()
    t.begin_turn()
    assert t.zone(cabin) == InstZone.cemetery and t.zone(scroll) == InstZone.cemetery
    assert "Kobold" in t.hand(1)


def test_witchs_cabin_is_kept_when_the_card_drawn_was_the_last_of_the_deck():
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Witch's Cabin"], deck_b=["Kobold"])
    kobold = t.find(1, "Kobold")
    t.empty_deck(1)
    t.decks[1, 0], t.players[1, P.deck_n] = kobold, 1
    t.inst[kobold, InstCol.zone] = InstZone.deck
    t.end_turn()
    t.begin_turn()
    assert "Kobold" in t.hand(1) and "Witch's Cabin" in t.hand(0)
