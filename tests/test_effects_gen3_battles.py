"""Generation 3 and promo creatures with battle-time choices and rolls: forms, re-rolls, roll
tables before a strike, extra battles, damage over time on a hit, revival, and turn rolls that
protect the creature or stop the opponent.

One test per card behaviour, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`), as in
`tests/test_effects_gen2_battle.py`; a frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import CAT, Event, InstZone, K
from test_game_cards import attack, battles, freeze, magic_names, setup

from wardsim.battle import prepared_pair
from wardsim.kernel.enums import CardCol, FighterCol
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, PlayerCol
from wardsim.replays import describe

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


# ---------------------------------------------------------------- The Super Hero, Perseus Valenthil


def _to_own_next_turn(t, *dice: int) -> None:
    """Player 0's turn ends, player 1 passes a turn, player 0's next turn begins with these dice."""
    t.end_turn()
    t.pass_turn()
    t.dice(*dice)
    t.begin_turn()
    assert t.used_dice() == len(dice)


@pytest.mark.parametrize("die, damaged", [(4, True), (5, False), (6, False)])
def test_the_super_hero_on_5_or_6_cannot_be_damaged_this_turn(die, damaged):
    # ruling super-hero-perseus: rolled as its player's turn begins
    t, hero, ogre = setup("The Super Hero", "Ogre")
    _to_own_next_turn(t, die)
    # the Hero (SPD 12) strikes first: 6 + 5 + 4 hits AL 8, 6 x 1 + 4; the Ogre strikes back with
    # a critical hit, (1 + 1 + 1 + 3) x 2
    attack(t, 6, 5, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1)
    assert t.hp(ogre) == 90 - 10
    assert t.hp(hero) == 120 - (12 if damaged else 0)
    t.end_turn()
    t.begin_turn()  # the Ogre's turn: the Hero takes damage again
    freeze(t, hero)
    attack(t, 6, 6, 1, 1, 1)
    assert t.hp(hero) == 120 - (24 if damaged else 12)


def test_perseus_valenthil_on_5_or_6_cannot_be_damaged_for_1_turn_cycle_nor_play_magic():
    # ruling super-hero-perseus: the protection and the ban on its player's magic cards end together
    t, perseus, ogre = setup("Perseus Valenthil", "Ogre", hand_a=["Lucky Charm"])
    assert "Lucky Charm" in magic_names(t)
    _to_own_next_turn(t, 5)
    assert "Lucky Charm" not in magic_names(t)
    freeze(t, ogre)
    t.end_turn()
    t.begin_turn()  # the Ogre's turn: still protected
    t.fighters[ogre, F.frozen_until] = -1
    freeze(t, perseus)
    attack(t, 6, 6, 1, 1, 1)  # a critical hit, 12 damage, kept off
    assert t.hp(perseus) == 100
    t.end_turn()
    t.dice(2)
    t.begin_turn()  # its player's next turn: the roll fails, the protection is over
    assert "Lucky Charm" in magic_names(t)
    t.end_turn()
    t.begin_turn()
    attack(t, 6, 6, 1, 1, 1)
    assert t.hp(perseus) == 100 - 12


@pytest.mark.parametrize("name", ["The Super Hero", "Perseus Valenthil"])
def test_a_protection_for_a_turn_cannot_be_solved_exactly(name):
    _unsolvable(name, "Ogre")


# ---------------------------------------------------------------- Omega Titan


@pytest.mark.parametrize("die, stopped", [(1, True), (3, True), (4, False)])
def test_omega_titan_on_1_to_3_stops_the_opponents_damage_and_magic_until_its_turn_ends(die, stopped):
    # ruling omega-titan: rolled as its player's turn begins
    t, titan, ogre = setup("Omega Titan", "Ogre")
    _to_own_next_turn(t, die)
    turn = int(t.glob[G.turn])
    assert (t.players[1, PlayerCol.magic_blocked_until] == turn) == stopped
    # the Titan (SPD 6) strikes first: 6 + 5 + 4 hits AL 8, 4 x 1 + 4; the Ogre strikes back with
    # a critical hit, (1 + 1 + 1 + 3) x 2
    attack(t, 6, 5, 1, 1, 1, 1, 6, 6, 1, 1, 1)
    assert t.hp(ogre) == 90 - 8
    assert t.hp(titan) == 120 - (0 if stopped else 12)
    t.end_turn()
    t.begin_turn()  # the Ogre's turn: its damage and its magic cards are back
    assert t.players[1, PlayerCol.magic_blocked_until] < t.glob[G.turn]
    freeze(t, titan)
    attack(t, 6, 6, 1, 1, 1)
    assert t.hp(titan) == 120 - (12 if stopped else 24)


def test_omega_titan_the_replay_says_the_hit_it_stops_deals_no_damage_and_why():
    # the Ogre's strike back hits, but its player causes no damage this turn: no Atk roll follows
    t, titan, ogre = setup("Omega Titan", "Ogre")
    _to_own_next_turn(t, 2)
    attack(t, 6, 5, 1, 1, 1, 1, 6, 6, 1, 1, 1)
    assert t.hp(titan) == 120
    n = int(t.glob[G.trace_n])
    lines = describe(t.trace[:n], t.inst[:, I.card], CAT, ("Ann", "Bob"), t.effects)
    ogre_hit = [line for line in lines if line.startswith("  Ogre (B) rolls Hit dice")]
    assert ogre_hit == [
        "  Ogre (B) rolls Hit dice [6, 6]: 15 with bonuses against AL 12, and lands a critical hit, "
        "but deals no damage: Omega Titan (A) stops all damage from Bob's side this turn."
    ]
    titan_hit = [line for line in lines if line.startswith("  Omega Titan (A) rolls Hit dice")]
    assert len(titan_hit) == 1 and "no damage" not in titan_hit[0]


@pytest.mark.parametrize("die, told", [(2, True), (4, False)])
def test_omega_titan_the_replay_tells_both_things_its_roll_of_1_to_3_does(die, told):
    # one die for its two rows; the trace names the first (no magic card), the replay adds the second
    t, _, _ = setup("Omega Titan", "Ogre")
    _to_own_next_turn(t, die)
    n = int(t.glob[G.trace_n])
    lines = describe(t.trace[:n], t.inst[:, I.card], CAT, ("Ann", "Bob"), t.effects)
    rolled = [line for line in lines if line.startswith(f"  Omega Titan (A) rolls {die} for an effect: ")]
    assert len(rolled) == 1 and "cannot play magic cards" in rolled[0]
    assert ("Also: " in rolled[0] and "cannot cause damage" in rolled[0]) == told


def test_omega_titan_stops_the_damage_of_the_opponents_creature_effects_too():
    # ruling omega-titan: Gaseous Horror's 5 back at the striker is damage its player causes
    t, titan, horror = setup("Omega Titan", "Gaseous Horror")
    _to_own_next_turn(t, 2)
    freeze(t, horror)
    attack(t, 6, 5, 1, 1, 1, 1)  # the Titan hits: 4 x 1 + 4
    assert t.hp(horror) == 50 - 8 and t.hp(titan) == 120


def test_omega_titan_cannot_be_solved_exactly():
    _unsolvable("Omega Titan", "Ogre")


# ---------------------------------------------------------------- Orc Berserker


def test_orc_berserker_killed_lives_on_at_5_hp_once_while_on_the_field():
    # ruling orc-berserker
    t, ogre, orc = setup("Ogre", "Orc Berserker")
    t.fighters[orc, F.hp] = 5
    freeze(t, orc)
    attack(t, 6, 5, 1, 1, 1)  # 6 + 5 + 3 hits AL 4: 1 + 1 + 1 + 3 kills it
    assert t.zone(orc) == InstZone.primary and t.hp(orc) == 5
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    attack(t, 6, 5, 1, 1, 1)  # killed again: the effect is spent
    assert t.zone(orc) == InstZone.cemetery


def test_orc_berserker_cannot_be_solved_exactly():
    _unsolvable("Orc Berserker", "Ogre")


# ---------------------------------------------------------------- Lava Golem


def test_lava_golem_deals_5_to_the_opponents_primary_after_a_turn_of_theirs_without_battle():
    # ruling lava-golem
    t, lava, ogre = setup("Lava Golem", "Ogre")
    t.end_turn()  # its own player's turn: nothing
    assert t.hp(ogre) == 90
    t.pass_turn()  # the Ogre's player does not battle
    assert t.hp(ogre) == 90 - 5
    t.pass_turn()
    t.begin_turn()
    freeze(t, lava)
    attack(t, 2, 3)  # the Ogre battles, and misses AL 11
    t.end_turn()
    assert t.hp(ogre) == 90 - 5


def test_lava_golem_cannot_be_solved_exactly():
    _unsolvable("Lava Golem", "Ogre")


# ---------------------------------------------------------------- Shapeshifter, Nadara, Monkey Duck


def _chosen_rows(t, c: int) -> list[int]:
    """The effect rows of creature c that a player chose as a battle began (the trace)."""
    return [row[4] for row in t.events(Event.effect) if row[3] == c]


def test_shapeshifter_takes_the_form_its_player_chooses_for_the_battle():
    # ruling battle-forms: against the Ogre the heuristic takes the Bear, +4 Atk Dice Rolls
    t, shifter, ogre = setup("Shapeshifter", "Ogre")
    bear = CAT.cards[CAT.index("Shapeshifter")]
    freeze(t, ogre)
    attack(t, 6, 5, *[1] * 8)  # 6 + 5 + 1 hits AL 8; 8 x 1 + 1
    assert t.used_dice() == 10 and t.hp(ogre) == 90 - 9
    start = int(t.cards[CAT.index("Shapeshifter"), CardCol.effect_start])
    assert _chosen_rows(t, shifter) == [start + 2] and bear.effects[2].stat == "attack_dice"
    t.refresh()
    assert t.fighters[shifter, F.battle_attack_dice] == 0  # for that battle only


def test_shapeshifter_turtle_form_raises_its_al_against_a_heavy_hitter():
    t, shifter, titan = setup("Shapeshifter", "Eternal Titan")
    t.end_turn()
    t.begin_turn()  # the Titan (SPD 8) attacks: AL 4 + 6 for the battle
    freeze(t, shifter)
    attack(t, 3, 3)  # 3 + 3 + 3 does not reach AL 10
    assert t.used_dice() == 2 and t.hp(shifter) == 60


@pytest.mark.parametrize(
    "foe, dice, damage", [("Ogre", (6, 5, 1, 1, 1, 1), 4 + 1), ("Eternal Titan", (6, 2, 3), 3 + 4)]
)
def test_nadara_uses_piercing_arrow_in_place_of_slash_when_its_player_chooses(foe, dice, damage):
    # ruling battle-forms: Slash (4 dice + 1) against AL 8, Piercing Arrow (1 die + 4) against AL 12
    t, nadara, other = setup("Nadara", foe)
    freeze(t, other)
    attack(t, *dice)
    assert t.used_dice() == len(dice) and t.hp(other) == CAT[foe].hp - damage


def test_monkey_duck_loses_an_atk_die_and_1_modifier_when_the_opponent_quacks():
    # ruling battle-forms: the opponent decides, and always quacks
    t, wolf, duck = setup("Werewolf", "Monkey Duck")
    # the Werewolf (SPD 8) strikes first: 3 + 3 + 3; the Duck strikes back with 4 dice + 4
    attack(t, 6, 5, 3, 3, 6, 5, 1, 1, 1, 1)
    assert t.used_dice() == 10
    assert (t.hp(duck), t.hp(wolf)) == (90 - 9, 70 - 8)


@pytest.mark.parametrize("name", ["Shapeshifter", "Nadara", "Monkey Duck"])
def test_a_battle_start_choice_cannot_be_solved_exactly(name):
    _unsolvable(name, "Ogre")


# ---------------------------------------------------------------- Cryovore


def _activations(t, c: int) -> list[int]:
    return sorted(action_b_nb(a) for a in t.legal() if action_kind_nb(a) == K.activate and action_a_nb(a) == c)


@pytest.mark.parametrize("alt, hp, damage", [(1, 80, 1 + 1 + 2 + 10), (2, 90, 1 + 1 + 2)])
def test_cryovore_adds_10_damage_to_its_attack_or_heals_10_its_players_choice(alt, hp, damage):
    # ruling cryovore: one alternative, once a turn
    t, cryo, spider = setup("Cryovore", "Giant Spider")
    t.fighters[cryo, F.hp] = 80
    assert _activations(t, cryo) == [1, 2]
    t.act(K.activate, cryo, alt)
    assert _activations(t, cryo) == []
    freeze(t, spider)
    attack(t, 6, 5, 1, 1)  # 6 + 5 + 2 hits AL 4
    assert t.hp(spider) == 40 - damage and t.hp(cryo) == hp


def test_cryovore_cannot_be_solved_exactly():
    _unsolvable("Cryovore", "Ogre")


# ---------------------------------------------------------------- Dragon of Time


def _limited_goblins(t) -> list[int]:
    """A Goblin of each player's, a Limited Summon held by that player's primary creature."""
    from wardsim.kernel.game import resolve

    goblins = []
    for p in range(2):
        j = t.find(p, "Goblin")
        t._take_from_deck(j)
        anchor = int(t.players[p, PlayerCol.primary])
        resolve.limited_summon_nb(t.cards, t.inst, t.fighters, t.players, t.glob, p, j, anchor, t.trace)
        goblins.append(j)
    return goblins


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_dragon_of_time_rolls_for_no_magic_no_creature_effects_or_no_limited_summons_this_turn(die):
    # ruling dragon-of-time
    t, dragon, vampire = setup("Dragon of Time", "Vampire", deck_a=["Goblin"], deck_b=["Goblin"])
    goblins = _limited_goblins(t)
    _to_own_next_turn(t, die)
    turn = int(t.glob[G.turn])
    t.refresh()
    blocked = [int(t.players[p, PlayerCol.magic_blocked_until]) == turn for p in range(2)]
    assert blocked == [die <= 2] * 2
    assert (t.fighters[vampire, F.effect_count] == 0) == (die in (3, 4))
    assert t.fighters[dragon, F.effect_count] > 0
    if die >= 5:
        assert [t.zone(g) for g in goblins] == [InstZone.cemetery] * 2
    elif die >= 3:  # the Vampire's effects are negated: so is the anchoring of the Goblin it holds
        assert t.zone(goblins[0]) == InstZone.limited and t.zone(goblins[1]) != InstZone.limited
    else:
        assert [t.zone(g) for g in goblins] == [InstZone.limited] * 2
    t.end_turn()
    t.begin_turn()  # the next turn: magic cards and creature effects are back
    t.refresh()
    assert t.fighters[vampire, F.effect_count] > 0
    assert all(int(t.players[p, PlayerCol.magic_blocked_until]) < t.glob[G.turn] for p in range(2))


def test_dragon_of_time_cannot_be_solved_exactly():
    _unsolvable("Dragon of Time", "Ogre")


# ---------------------------------------------------------------- Chaos Demon


def test_chaos_demon_adds_3_atk_dice_in_its_turn_and_takes_half_the_damage_when_the_foe_survives():
    # ruling chaos-demon: the heuristic takes the dice against the Ogre
    t, demon, ogre = setup("Chaos Demon", "Ogre")
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1, 1, 1, 2)  # 6 + 5 + 1 hits AL 8; 5 dice: 6 + 1
    assert t.used_dice() == 7
    assert (t.hp(ogre), t.hp(demon)) == (90 - 7, 60 - 3)


def test_chaos_demon_takes_nothing_when_it_kills_and_adds_nothing_in_the_opponents_turn():
    t, demon, ogre = setup("Chaos Demon", "Ogre")
    t.fighters[ogre, F.hp] = 7
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1, 1, 1, 2)  # the Ogre dies: no recoil
    assert t.hp(demon) == 60
    t2, ogre2, demon2 = setup("Ogre", "Chaos Demon")
    # the Ogre attacks; the Demon (SPD 7) strikes first with its 2 dice only: 1 + 1 + 1
    attack(t2, 6, 5, 1, 1, 6, 5, 1, 1, 1)
    assert t2.used_dice() == 9 and (t2.hp(ogre2), t2.hp(demon2)) == (90 - 3, 60 - 6)


def test_chaos_demon_cannot_be_solved_exactly():
    _unsolvable("Chaos Demon", "Ogre")


# ---------------------------------------------------------------- Ironfist Dwarf


def test_ironfist_dwarf_battles_again_without_return_attack_after_5_atk_damage_or_less():
    # ruling ironfist-dwarf
    t, dwarf, ogre = setup("Ironfist Dwarf", "Ogre")
    # the Dwarf (SPD 8) strikes first: 6 + 5 + 2 hits AL 8, 3 + 2; the Ogre strikes back: 1 + 1 + 1 + 3
    attack(t, 6, 5, 3, 6, 5, 1, 1, 1)
    assert (t.hp(ogre), t.hp(dwarf)) == (90 - 5, 70 - 6)
    assert battles(t) == [dwarf]
    attack(t, 6, 5, 2)  # again: 2 + 2, and the Ogre does not strike back
    assert t.used_dice() == 3 and (t.hp(ogre), t.hp(dwarf)) == (90 - 9, 70 - 6)
    assert battles(t) == [dwarf]
    attack(t, 6, 5, 6)  # 6 + 2: more than 5, no battle again
    assert t.used_dice() == 3 and t.hp(ogre) == 90 - 17
    assert battles(t) == []


def test_ironfist_dwarf_does_not_battle_again_after_a_miss():
    t, dwarf, ogre = setup("Ironfist Dwarf", "Ogre")
    attack(t, 1, 2, 6, 5, 1, 1, 1)  # 1 + 2 + 2 misses AL 8; the Ogre strikes back
    assert t.used_dice() == 7 and battles(t) == []


def test_ironfist_dwarf_cannot_be_solved_exactly():
    _unsolvable("Ironfist Dwarf", "Ogre")


# ---------------------------------------------------------------- Eagle Family


def test_eagle_family_damaged_makes_the_opponent_roll_2_dice_of_damage_against_their_creature():
    # ruling eagle-family: rolled once the battle that damaged it is over
    t, wolf, eagle = setup("Werewolf", "Eagle Family")
    freeze(t, eagle)
    attack(t, 6, 6, 3, 3, 4, 5)  # a critical hit on AL 12: (3 + 3 + 3) x 2; then 4 + 5 back
    assert t.used_dice() == 6
    assert (t.hp(eagle), t.hp(wolf)) == (90 - 18, 70 - 9)


def test_eagle_family_undamaged_makes_no_one_roll():
    t, wolf, eagle = setup("Werewolf", "Eagle Family")
    freeze(t, eagle)
    attack(t, 6, 2)  # 6 + 2 + 3 misses AL 12
    assert t.used_dice() == 2 and t.hp(wolf) == 70


def test_eagle_family_cannot_be_solved_exactly():
    _unsolvable("Eagle Family", "Ogre")


def test_omega_titan_stops_the_opponents_damage_in_a_duel_on_its_own_roll():
    # the table's first row (no magic in a duel) still rolls the die its second row reads
    from wardsim.kernel.duel.battle import battle_nb, turn_start_nb
    from wardsim.kernel.rng import as_script, new_rng

    effects = CAT.tables().effects
    for die, titan_hp in ((2, 120), (5, 120 - 12)):
        titan, ogre = prepared_pair(CAT, "Omega Titan", "Ogre")
        rng, script = new_rng(7, 0), as_script([die, 6, 5, 1, 1, 1, 1, 6, 6, 1, 1, 1])
        rng[6] = 0
        turn_start_nb(titan, ogre, effects, 0, rng, script)
        # the Titan (SPD 6) strikes first: 4 x 1 + 4; the Ogre's critical hit, (1 + 1 + 1 + 3) x 2
        battle_nb(titan, ogre, effects, 0, rng, script)
        assert (ogre[F.hp], titan[F.hp]) == (90 - 8, titan_hp)
