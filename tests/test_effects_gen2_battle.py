"""Generation 2 cards of battle math, statuses and equips, played through the game kernel.

One test (or one parametrized case) per card, in the style of `tests/test_effects_gen2.py`:
the table of `tests/gamekit.py`, scripted dice (the dice order is in
`wardsim.kernel.duel.battle`), and a frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import CAT, InstZone
from test_game_cards import OPPONENT, OWN, attack, cast, freeze, magic_names, setup, stats

from wardsim.kernel.bots import policies
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.enums import GlobCol, InstCol
from wardsim.kernel.rng import new_rng
from wardsim.replays import describe

F = FighterCol


def test_giant_snake_hit_stops_the_struck_creatures_atk_damage_until_a_3_to_6():
    # ruling giant-snake: the struck creature's player rolls at the start of every turn
    t, snake, ogre = setup("Giant Snake", "Ogre")
    attack(t, 6, 5, 4, 6, 5)  # the Snake strikes first (SPD 12): 1 die + 2; the Ogre hits back
    assert t.hp(ogre) == 90 - 6
    assert t.hp(snake) == 60  # the Ogre hit, but rolled no Atk dice
    t.end_turn()
    t.dice(2)  # the Ogre's player rolls at the start of their turn: it stays disarmed
    t.begin_turn()
    assert t.used_dice() == 1 and t.fighters[ogre, F.disarm_release_row] != 0
    t.end_turn()
    t.dice(3)  # and again at the start of the Snake's player's turn: released
    t.begin_turn()
    assert t.used_dice() == 1 and t.fighters[ogre, F.disarm_release_row] == 0
    attack(t, 1, 2, 6, 5, 1, 1, 1)  # the Snake misses; the Ogre's strike back deals 3 + 3
    assert t.hp(snake) == 60 - 6


def test_demonic_turtle_halves_atk_damage_while_slower_and_sends_the_rest_back():
    # ruling demonic-turtle: half rounded down is taken, the other part hits the striker
    t, wolf, turtle = setup("Werewolf", "Demonic Turtle")
    freeze(t, turtle)
    attack(t, 6, 5, 3, 3)  # 3 + 3 + 3 = 9 Atk damage
    assert (t.hp(turtle), t.hp(wolf)) == (50 - 4, 70 - 5)


@pytest.mark.parametrize("armor, damage", [(False, 8), (True, 8 * 3)])
def test_steam_golem_triples_atk_damage_against_a_creature_at_al_12_equips_included(armor, damage):
    # ruling steam-golem: the AL at the strike counts, an equip's AL included
    t, golem, wolf = setup("Steam Golem", "Werewolf", hand_b=["Legendary Armor"])
    if armor:
        cast(t, 1, "Legendary Armor", OWN)  # AL 6 + 6
    freeze(t, wolf)
    attack(t, 6, 5, 1, 1, 1)  # 6 + 5 + 5 hits AL 12; 3 + 5 damage
    assert t.hp(wolf) == 70 - damage


@pytest.mark.parametrize(
    "opponent, armor, dice",
    [("Frog", False, 2), ("Ogre", False, 2 + 2), ("Ogre", True, 2 + 3)],
)
def test_melt_armor_adds_2_atk_dice_against_al_7_to_11_and_3_against_al_12(opponent, armor, dice):
    # ruling melt-armor: the AL of the creature battled, at the battle, equips included
    t, wolf, other = setup("Werewolf", opponent, hand_a=["Melt Armor"], hand_b=["Legendary Armor"])
    t.play("Melt Armor", OWN)
    if armor:
        cast(t, 1, "Legendary Armor", OWN)  # Ogre: AL 8 + 6, capped at 12
    freeze(t, other)
    attack(t, 6, 5, *[1] * dice)  # 6 + 5 + 3 hits AL 12
    assert t.hp(other) == CAT[opponent].hp - dice - 3
    assert stats(t, wolf)["attack_dice"] == 2  # outside a battle nothing is added


@pytest.mark.parametrize(
    "dice, ogre_hp, maniac_hp",
    [
        ((4, 3, 5), 90, 100 - 5),  # 7: a critical miss, 1d6 to itself, though 7 + 0 would not hit AL 8 anyway
        ((1, 6, 2), 90, 100 - 2),  # 7 again: not all 1s, still a critical miss
        ((4, 4, 1, 1, 1), 90 - 3 * 2, 100),  # 8: a critical hit, 2x the 3 Atk dice
        ((6, 6, 2, 2, 2), 90 - 6 * 2, 100),  # 12: a critical hit
    ],
)
def test_maniac_reads_its_hit_dice_total_from_its_table_whatever_the_al(dice, ogre_hp, maniac_hp):
    # ruling hit-tables: 1-7 a critical miss, 8-12 a critical hit, the AL ignored
    t, maniac, ogre = setup("Maniac", "Ogre")
    freeze(t, ogre)
    attack(t, *dice)
    assert (t.hp(ogre), t.hp(maniac)) == (ogre_hp, maniac_hp)


@pytest.mark.parametrize(
    "dice, ogre_hp, wolf_hp",
    [
        ((4, 4, 2), 90, 70 - 2),  # 8: a critical miss, though 8 + 3 hits AL 8
        ((5, 4, 1, 1), 90 - 5 * 2, 70),  # 9: a critical hit
    ],
)
def test_ring_of_extremes_turns_a_hit_dice_total_of_8_or_less_into_a_critical_miss_and_9_to_12_into_a_critical_hit(
    dice, ogre_hp, wolf_hp
):
    # ruling hit-tables: the Modifier and the AL are ignored
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Ring of Extremes"])
    t.play("Ring of Extremes", OWN)
    freeze(t, ogre)
    attack(t, *dice)
    assert (t.hp(ogre), t.hp(wolf)) == (ogre_hp, wolf_hp)


def test_bio_regeneration_goes_on_a_creature_at_9_hp_heals_30_and_doubles_its_hit_roll_and_damage():
    # ruling bio-regeneration: the dice total is doubled before the Modifier is added
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Bio-Regeneration"])
    t.fighters[wolf, F.hp] = 10
    assert "Bio-Regeneration" not in magic_names(t)
    t.fighters[wolf, F.hp] = 9
    assert "Bio-Regeneration" in magic_names(t)
    t.play("Bio-Regeneration", OWN)
    assert t.hp(wolf) == 9 + 30
    freeze(t, ogre)
    attack(t, 2, 2, 1, 1)  # (2 + 2) x 2 + 3 = 11 hits AL 8, where 4 + 3 would miss
    assert t.hp(ogre) == 90 - (1 + 1 + 3) * 2


def test_electroloon_stuns_and_disarms_the_opposing_creatures_until_their_player_rolls_1_or_2():
    # ruling electroloon: one roll at the beginning of each of the opponent's turns ends it all
    t, loon, ogre = setup("Electroloon", "Ogre")
    attack(t, 6, 5, 1, 1)  # the Ogre, stunned, does not strike back
    assert (t.hp(ogre), t.hp(loon)) == (90 - 5, 60)
    t.end_turn()
    t.dice(3)
    t.begin_turn()  # the Ogre's player rolls a 3: still stunned and disarmed
    assert t.used_dice() == 1 and (t.fighters[ogre, F.aura_stun], t.fighters[ogre, F.aura_disarm]) == (1, 1)
    t.end_turn()
    t.dice()
    t.begin_turn()  # the Electroloon's player does not roll
    assert t.used_dice() == 0
    t.end_turn()
    t.dice(2)
    t.begin_turn()  # a 2 ends the effect for as long as the Electroloon stays
    assert t.used_dice() == 1 and (t.fighters[ogre, F.aura_stun], t.fighters[ogre, F.aura_disarm]) == (0, 0)
    t.end_turn()
    t.dice()
    t.begin_turn()
    assert t.used_dice() == 0 and t.fighters[ogre, F.aura_stun] == 0


def test_the_replay_names_the_player_who_rolls_against_an_electroloon():
    t, _, _ = setup("Electroloon", "Ogre")
    t.end_turn()
    t.dice(3)
    t.begin_turn()  # the Ogre's player rolls against the Electroloon
    n = int(t.glob[GlobCol.trace_n])
    lines = describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)
    assert any(line.startswith("  Bob rolls 3 against Electroloon (A): ") for line in lines)


@pytest.mark.parametrize(
    "roll, dice, ogre_hp, wolf_hp, destroyed",
    [
        (4, (6, 5, 1, 1, 6, 5), 90 - 5 - 5, 70, False),  # 5 damage, and its strike back deals nothing
        (2, (6, 5, 1, 1, 6, 5, 1, 1, 1), 90 - 5, 70 - 6, True),  # the card goes; a plain battle
    ],
)
def test_sonic_screech_rolls_before_each_battle_destroyed_on_1_2_else_5_damage_and_no_atk_damage(
    roll, dice, ogre_hp, wolf_hp, destroyed
):
    # ruling sonic-screech: one die before every battle of the equipped creature
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Sonic Screech"])
    screech = t.play("Sonic Screech", OPPONENT)
    attack(t, roll, *dice)
    assert (t.hp(ogre), t.hp(wolf)) == (ogre_hp, wolf_hp)
    assert (t.zone(screech) == InstZone.cemetery) == destroyed
    t.end_turn()
    t.dice()
    t.begin_turn()
    t.end_turn()  # ruling standard-duration: gone after 1 turn cycle in any case
    assert t.zone(screech) == InstZone.cemetery


def test_future_warrior_stops_the_opposing_atk_damage_in_the_battle_its_player_picks_then_leaves():
    # ruling future-warrior: chosen at the start of a battle; the card goes after that battle
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Future Warrior"])
    warrior = cast(t, 1, "Future Warrior", OWN)
    t.fighters[ogre, F.hp] = 40  # the Werewolf's strike now threatens a fifth of its HP: used
    attack(t, 6, 5, 6, 5, 1, 1, 1)  # the Werewolf hits, rolling no Atk dice; the Ogre hits back
    assert (t.hp(ogre), t.hp(wolf)) == (40, 70 - 6)
    assert t.zone(warrior) == InstZone.cemetery


def test_phoenix_armor_burns_10_each_own_turn_and_keeps_its_creature_alive_at_half_hp_once():
    # ruling phoenix-armor: the kill ends the battle; the creature stays with half its HP
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Phoenix Armor"])
    armor = cast(t, 1, "Phoenix Armor", OWN)
    t.fighters[ogre, F.hp] = 5
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # 5 damage: the Ogre falls to 0 ...
    assert t.zone(ogre) == InstZone.primary and t.hp(ogre) == 90 // 2  # ... and lives on
    assert t.zone(armor) == InstZone.cemetery
    t2, wolf2, ogre2 = setup("Werewolf", "Ogre", hand_b=["Phoenix Armor"])
    cast(t2, 1, "Phoenix Armor", OWN)
    t2.end_turn()
    t2.dice()
    t2.begin_turn()  # the Ogre's player's turn: 10 damage
    assert t2.hp(ogre2) == 90 - 10


def _ring_value(first: str) -> float:
    """What the heuristic thinks Ring of Extremes on `first` is worth against an AL 12 Knight."""
    t, _, knight = setup(first, "Knight", hand_a=["Ring of Extremes"], policy="heuristic")
    t.refresh()
    t.fighters[knight, F.armor_level] = 12
    ring = t.find(0, "Ring of Extremes", InstZone.hand)
    return policies._magic_value(t.cards, t.effects, t.inst, t.fighters, t.players, t.glob, 0, ring, OWN)


def test_ring_of_extremes_is_played_where_its_table_helps_and_not_on_a_maniac():
    # ruling hit-tables: a Werewolf hits AL 12 on 9 or more; the Maniac's own table beats the Ring's
    assert _ring_value("Maniac") < 0 < _ring_value("Werewolf")


def _rerolls(t) -> list[tuple[int, int]]:
    """(the dice before, the roll: 1 Hit, 2 Atk) of each re-roll traced."""
    from wardsim.kernel.game.enums import Event

    n = int(t.glob[GlobCol.trace_n])
    return [(int(r[4]), int(r[5])) for r in t.trace[:n] if r[2] == Event.reroll]


def test_magic_watch_rerolls_a_missed_hit_roll_and_is_then_spent_for_the_battle():
    # ruling re-rolls: "either their Hit Dice Roll or Atk Dice Roll once per battle"
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Magic Watch"])
    cast(t, 0, "Magic Watch", OWN)
    freeze(t, ogre)
    attack(t, 1, 2, 4, 4, 1, 2)  # 1 + 2 + 3 misses AL 8: re-rolled, 4 + 4 + 3 hits; Atk [1, 2] stands
    assert t.used_dice() == 6
    assert _rerolls(t) == [(1 + 2 * 8, 1)]
    assert t.hp(ogre) == 90 - (1 + 2 + 3)


def test_magic_watch_keeps_a_hit_and_rerolls_a_low_atk_roll_its_players_choice():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Magic Watch"])
    cast(t, 0, "Magic Watch", OWN)
    freeze(t, ogre)
    attack(t, 4, 4, 1, 2, 6, 6)  # a hit is kept; the Atk roll [1, 2] is below its mean: re-rolled
    assert t.used_dice() == 6
    assert _rerolls(t) == [(1 + 2 * 8, 2)]
    assert t.hp(ogre) == 90 - (6 + 6 + 3)


def test_magic_watch_rerolls_are_a_coin_flip_for_the_random_policy():
    # the choice is the player's: the random policy re-rolls even a roll that hit, about half the time
    used = 0
    for seed in range(40):
        t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Magic Watch"], policy="random")
        cast(t, 0, "Magic Watch", OWN)
        freeze(t, ogre)
        t.rng[:] = new_rng(seed, 0)
        attack(t, 6, 5, 4, 4, 4, 4, 4, 4)
        used += sum(roll == 1 for _, roll in _rerolls(t))  # the Hit roll [6, 5] hit: greedy keeps it
    assert 8 <= used <= 32  # 20 expected of 40 coin flips; 4 standard errors either side
