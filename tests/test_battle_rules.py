"""Battle rules, one scenario per rule, with scripted dice (kernel.duel.battle).

Creatures with effects are built here from effect rows (`parse_effect`), so the tests do not
depend on how the Gen 1 catalog file encodes its cards. Tests marked `nojit` also pass with
NUMBA_DISABLE_JIT=1 (`NUMBA_DISABLE_JIT=1 pytest -m nojit tests/test_battle_rules.py`).
"""

from __future__ import annotations

import numpy as np
import pytest

from wardsim.battle import play_scripted, prepared_pair
from wardsim.catalog import Card, Catalog, default_catalog
from wardsim.effects import parse_effect
from wardsim.kernel.duel.battle import battle_nb, end_exchange_nb, strike_nb, turn_start_nb
from wardsim.kernel.duel.effect_rows import fire_row_nb
from wardsim.kernel.duel.enums import DuelOutcome, StrikeResult
from wardsim.kernel.enums import FighterCol as F
from wardsim.kernel.rng import ScriptExhausted, as_script, check_script, new_rng

# ------------------------------------------------------------------ helpers


def creature(name, al=5, spd=5, hp=100, dice=1, mod=0, ctype="beast", art=(), effects=()):
    return Card(
        name=name,
        generation=1,
        number=0,
        rarity="common",
        card_type="creature",
        effect_status="modeled" if effects else "none",
        effects=tuple(parse_effect(e) for e in effects),
        creature_type=ctype,
        armor_level=al,
        speed=spd,
        hp=hp,
        attack="Hit",
        attack_dice=dice,
        modifier=mod,
        artwork=tuple(art),
    )


def pair(*cards, a=None, b=None):
    cat = Catalog(list(cards))
    fa, fb = prepared_pair(cat, a or cards[0].name, b or cards[-1].name)
    return fa, fb, cat.tables().effects


class Dice:
    """A scripted-dice generator for direct kernel calls."""

    def __init__(self, *dice):
        self.script = as_script(dice)
        self.rng = new_rng()

    @property
    def used(self):
        return check_script(self.rng, self.script)


def strike(att, dfn, effects, dice, first=True, clock=0):
    d = Dice(*dice)
    result = strike_nb(att, dfn, effects, first, clock, d.rng, d.script)
    assert d.used == len(dice), f"{d.used} dice used of {len(dice)}"
    return result


PLAIN_A = creature("Plain A", al=5, spd=6, hp=100, dice=2, mod=2)
PLAIN_B = creature("Plain B", al=5, spd=4, hp=100, dice=2, mod=2)


# ------------------------------------------------------------------ worked examples


@pytest.mark.nojit
def test_hit_roll_and_damage_worked_example_water_eleotoid_vs_snow_man():
    # rules guide, BATTLE step 3-4: Hit 2 + 6 + 1 = 9 >= AL 6; damage 1 + 4 + 2 + 1 = 8
    cat = default_catalog()
    eleotoid, snow_man = cat["Water Eleotoid"], cat["Snow Man"]
    assert (snow_man.armor_level, eleotoid.modifier, eleotoid.attack_dice) == (6, 1, 3)
    assert eleotoid.speed > snow_man.speed  # "The Water Eleotoid is faster and would attack first"
    fa, fb = prepared_pair(cat, "Water Eleotoid", "Snow Man")
    effects = cat.tables().effects
    assert strike(fa, fb, effects, [2, 6, 1, 4, 2]) == StrikeResult.hit
    assert fb[F.hp] == snow_man.hp - 8


@pytest.mark.nojit
def test_faster_creature_strikes_first_worked_example():
    cat = default_catalog()
    fa, fb = prepared_pair(cat, "Snow Man", "Water Eleotoid")  # the slower one initiates
    d = Dice(2, 6, 1, 4, 2, 1, 1, 3)  # Eleotoid hits for 8; Snow Man's snake eyes cost it 3
    assert battle_nb(fa, fb, cat.tables().effects, 0, d.rng, d.script) == 2
    assert d.used == 8
    assert fa[F.hp] == cat["Snow Man"].hp - 8 - 3 and fb[F.hp] == cat["Water Eleotoid"].hp


@pytest.mark.nojit
def test_grizzly_bear_maul_worked_example_damage_plus_bleed():
    # rules guide: Maul rolls 2 dice + 5; the bleed (10 per turn cycle) only on a hit
    bear = creature(
        "Bear",
        al=7,
        spd=8,
        hp=70,
        dice=2,
        mod=5,
        effects=[
            {"trigger": "on_hit", "action": "dot", "status": "bleed", "target": "struck", "amount": 10, "duration": 2}
        ],
    )
    fa, fb, effects = pair(bear, PLAIN_B)
    assert strike(fa, fb, effects, [3, 4, 4, 6]) == StrikeResult.hit
    assert fb[F.hp] == 100 - 15  # 4 + 6 + 5
    end_exchange_nb(fa, fb, effects, 0, new_rng(), np.zeros(0, np.int64))
    assert fb[F.hp] == 100 - 15 - 10  # the first tick at the end of the combat that applied it


@pytest.mark.nojit
def test_knight_with_lucky_charm_and_knight_armor_worked_example():
    # rules guide figure 7: Knight (+3) with Lucky Charm (Hit +3) and Knight Armor (AL +5):
    # AL 8 + 5 capped at 12, Hit +6
    cat = default_catalog()
    knight, goblin = prepared_pair(cat, "Knight", "Goblin")
    assert knight[F.armor_level] == 8 and knight[F.modifier] == 3
    knight[F.hit_bonus] += 3
    knight[F.al_change] += 5
    effects = cat.tables().effects
    # Knight's Hit roll: 1 + 1 is snake eyes, so use 1 + 2: 3 + 6 = 9 >= Goblin's AL 2
    assert strike(knight, goblin, effects, [1, 2, 1, 1]) == StrikeResult.hit
    # Goblin (+0) needs 12, not 13: 6 + 6 is a critical hit anyway, 5 + 6 = 11 misses
    assert strike(goblin, knight, effects, [5, 6]) == StrikeResult.miss
    goblin[F.hit_bonus] = 1  # 5 + 6 + 1 = 12 hits the capped AL
    assert strike(goblin, knight, effects, [5, 6, 3]) == StrikeResult.hit


# ------------------------------------------------------------------ critical hits and misses


@pytest.mark.nojit
def test_critical_hit_double_sixes_always_hit_and_double_the_final_damage():
    fa, fb, effects = pair(creature("A", dice=2, mod=3), creature("B", al=12, hp=100))
    fa[F.hit_bonus] = -10  # 6 + 6 + 3 - 10 = 5 would miss AL 12
    assert strike(fa, fb, effects, [6, 6, 2, 4]) == StrikeResult.critical_hit
    assert fb[F.hp] == 100 - 2 * (2 + 4 + 3)


@pytest.mark.nojit
def test_critical_hit_with_three_hit_dice_needs_three_sixes():
    fa, fb, effects = pair(creature("A", dice=1, mod=0), creature("B", al=12, hp=100))
    fa[F.hit_dice] = 3
    assert strike(fa, fb, effects, [6, 6, 5, 3]) == StrikeResult.hit  # 17 >= 12, no crit
    assert fb[F.hp] == 97
    assert strike(fa, fb, effects, [6, 6, 6, 3]) == StrikeResult.critical_hit
    assert fb[F.hp] == 97 - 6


@pytest.mark.nojit
def test_critical_miss_snake_eyes_hurts_the_striker_1d6_without_bonuses():
    fa, fb, effects = pair(creature("A", dice=2, mod=5, hp=50), creature("B", al=1, hp=50))
    assert strike(fa, fb, effects, [1, 1, 4]) == StrikeResult.critical_miss
    assert (fa[F.hp], fb[F.hp]) == (46, 50)  # 4, not 4 + 5; B untouched although AL 1


@pytest.mark.nojit
def test_critical_miss_with_three_hit_dice_needs_three_ones():
    fa, fb, effects = pair(creature("A", dice=1, hp=50), creature("B", al=1, hp=50))
    fa[F.hit_dice] = 3
    assert strike(fa, fb, effects, [1, 1, 2, 5]) == StrikeResult.hit
    assert strike(fa, fb, effects, [1, 1, 1, 6]) == StrikeResult.critical_miss
    assert fa[F.hp] == 44


@pytest.mark.nojit
def test_no_critical_hit_or_miss_with_one_hit_die():
    fa, fb, effects = pair(creature("A", dice=1, mod=0), creature("B", al=12, hp=100))
    fa[F.hit_dice] = 1
    assert strike(fa, fb, effects, [6]) == StrikeResult.miss  # a lone 6 is no critical hit
    fb[F.armor_level] = 1
    assert strike(fa, fb, effects, [1, 3]) == StrikeResult.hit  # a lone 1 is no critical miss
    assert fb[F.hp] == 97 and fa[F.hp] == 100


@pytest.mark.nojit
def test_armor_level_cap_of_12_with_buffs():
    fa, fb, effects = pair(creature("A", dice=1, mod=0), creature("B", al=10))
    fb[F.al_change] = 7  # 17 -> 12
    assert strike(fa, fb, effects, [5, 6]) == StrikeResult.miss
    fa[F.hit_bonus] = 1
    assert strike(fa, fb, effects, [5, 6, 2]) == StrikeResult.hit


def test_damage_is_never_negative():
    fa, fb, effects = pair(creature("A", dice=1, mod=0), creature("B", al=1, hp=50))
    fa[F.atk_bonus] = -20
    assert strike(fa, fb, effects, [3, 4, 6]) == StrikeResult.hit
    assert fb[F.hp] == 50


# ------------------------------------------------------------------ speed


@pytest.mark.nojit
def test_speed_roll_off_rerolls_ties_every_battle():
    fa, fb, effects = pair(creature("A", spd=5, hp=1), creature("B", spd=5, hp=1))
    # roll-off: 3-3 tie, reroll 2-5: the defender (B) strikes first and kills A
    d = Dice(3, 3, 2, 5, 4, 4, 1)
    battle_nb(fa, fb, effects, 0, d.rng, d.script)
    assert d.used == 7 and fa[F.hp] == 0 and fb[F.hp] == 1
    fa, fb, effects = pair(creature("A", spd=5, hp=1), creature("B", spd=5, hp=1))
    d = Dice(6, 1, 4, 4, 1)  # the initiator wins the roll-off this time
    battle_nb(fa, fb, effects, 0, d.rng, d.script)
    assert fb[F.hp] == 0 and fa[F.hp] == 1


@pytest.mark.nojit
def test_duel_first_turn_roll_off_and_turns_alternate():
    a = creature("A", al=12, spd=9, hp=5, dice=1, mod=0)
    b = creature("B", al=12, spd=1, hp=5, dice=1, mod=0)
    fa, fb, effects = pair(a, b)
    # first turn: A 2, B 5 -> B's turn first; A is faster and strikes first in every battle.
    # exchange 0: A misses (2+3), B misses (4+4); exchange 1: A hits with a critical 6+6 for 2*3
    dice = [2, 5, 2, 3, 4, 4, 6, 6, 3]
    result = play_scripted(fa, fb, effects, dice)
    assert result["first"] == 1
    assert result["outcome"] == DuelOutcome.a_wins and result["exchanges"] == 2
    assert result["strikes"] == 3 and result["dice_used"] == len(dice)


def test_scripted_dice_exhausted_raises():
    fa, fb, effects = pair(PLAIN_A, PLAIN_B)
    with pytest.raises(ScriptExhausted):
        play_scripted(fa, fb, effects, [6, 1, 3])


# ------------------------------------------------------------------ DOT and statuses


def _slot_rows(f):
    return [f[F.dot0_row + 3 * k] for k in range(4) if f[F.dot0_row + 3 * k]]


@pytest.mark.nojit
def test_dot_ticks_at_end_of_the_exchange_then_every_turn_cycle_until_expiry():
    wolf = creature(
        "Wolf", effects=[{"trigger": "on_hit", "action": "dot", "target": "struck", "amount": 10, "duration": 3}]
    )
    fa, fb, effects = pair(wolf, PLAIN_B)
    no_dice = np.zeros(0, np.int64)
    row = int(fa[F.effect_start])
    assert fire_row_nb(row, fa, fb, effects, 4, new_rng(), no_dice)
    hp = []
    for clock in range(4, 12):
        end_exchange_nb(fa, fb, effects, clock, new_rng(), no_dice)
        hp.append(int(fb[F.hp]))
    # ticks at the end of exchanges 4, 6 and 8, then it is gone
    assert hp == [90, 90, 80, 80, 70, 70, 70, 70]
    assert _slot_rows(fb) == []


@pytest.mark.nojit
def test_same_dot_does_not_stack_it_restarts():
    wolf = creature(
        "Wolf", effects=[{"trigger": "on_hit", "action": "dot", "target": "struck", "amount": 10, "duration": 2}]
    )
    fa, fb, effects = pair(wolf, PLAIN_B)
    no_dice = np.zeros(0, np.int64)
    row = int(fa[F.effect_start])
    fire_row_nb(row, fa, fb, effects, 0, new_rng(), no_dice)
    end_exchange_nb(fa, fb, effects, 0, new_rng(), no_dice)  # tick 1 of 2
    fire_row_nb(row, fa, fb, effects, 1, new_rng(), no_dice)  # applied again in exchange 1
    assert len(_slot_rows(fb)) == 1
    for clock in range(1, 8):
        end_exchange_nb(fa, fb, effects, clock, new_rng(), no_dice)
    # 10 at the end of 0, then the restarted DOT ticks at the end of 1 and 3 only
    assert fb[F.hp] == 100 - 30


@pytest.mark.nojit
def test_dot_source_duration_lasts_the_whole_duel_and_static_dot_ticks_on_its_owner_turns():
    basilisk = creature(
        "Basilisk",
        effects=[
            {
                "trigger": "static",
                "action": "dot",
                "status": "dot",
                "target": "opponent_primary",
                "amount": 5,
                "duration": "source",
            }
        ],
    )
    fa, fb, effects = pair(basilisk, creature("Target", al=12, spd=1, hp=12, dice=1))
    # A's turn first; every strike misses (A needs 12, B rolls 1 + 2 < AL 5)
    dice = [6, 1]
    for _ in range(5):  # exchanges 0 (A), 1 (B), 2 (A), 3 (B), 4 (A); A strikes first
        dice += [2, 3, 1, 2]
    result = play_scripted(fa, fb, effects, dice)
    # ticks of 5 at the end of exchanges 0, 2 and 4 (A's turns): 12 HP last until exchange 4
    assert result["outcome"] == DuelOutcome.a_wins
    assert result["exchanges"] == 5 and fb[F.hp] == 0 and result["dice_used"] == len(dice)


@pytest.mark.nojit
def test_frozen_creature_cannot_initiate_or_strike_back():
    dragon = creature(
        "Dragon",
        al=12,
        spd=9,
        hp=100,
        dice=1,
        mod=0,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "4-6",
                "action": "apply_status",
                "status": "frozen",
                "target": "struck",
                "duration": 1,
            }
        ],
    )
    fa, fb, effects = pair(dragon, creature("Victim", al=1, spd=1, hp=100, dice=1))
    # exchange 0 (A's turn): A hits (3+4), freeze roll 5, damage 2; B is frozen: no strike back
    d = Dice(3, 4, 5, 2)
    turn_start_nb(fa, fb, effects, 0, d.rng, d.script)
    assert battle_nb(fa, fb, effects, 0, d.rng, d.script) == 1
    assert d.used == 4 and fb[F.frozen_until] == 1
    # exchange 1 (B's turn): B cannot initiate a battle
    assert battle_nb(fb, fa, effects, 1, d.rng, d.script) == 0
    # exchange 2: it can again
    assert battle_nb(fb, fa, np.asarray(effects), 2, Dice(1, 2, 3, 4).rng, as_script([3, 4, 1, 2])) == 2


@pytest.mark.nojit
def test_failed_effect_roll_does_nothing():
    dragon = creature(
        "Dragon",
        effects=[
            {
                "trigger": "on_hit",
                "roll": "4-6",
                "action": "apply_status",
                "status": "frozen",
                "target": "struck",
                "duration": 1,
            }
        ],
    )
    fa, fb, effects = pair(dragon, creature("Victim", al=1))
    strike(fa, fb, effects, [3, 4, 3, 2])
    assert fb[F.frozen_until] < 0


@pytest.mark.nojit
def test_disarmed_creature_hits_but_deals_no_atk_damage():
    minotaur = creature(
        "Minotaur",
        al=1,
        dice=2,
        mod=2,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "5-6",
                "action": "apply_status",
                "status": "disarmed",
                "target": "struck",
                "duration": 1,
            }
        ],
    )
    bleeder = creature(
        "Bleeder",
        al=1,
        effects=[{"trigger": "on_hit", "action": "dot", "target": "struck", "amount": 10, "duration": 1}],
    )
    fa, fb, effects = pair(minotaur, bleeder)
    assert strike(fa, fb, effects, [3, 3, 6, 1, 1]) == StrikeResult.hit
    assert fb[F.disarmed_until] == 1  # this exchange and the next
    assert strike(fb, fa, effects, [4, 4], clock=1) == StrikeResult.hit  # no Atk dice rolled
    assert fa[F.hp] == 100 and len(_slot_rows(fa)) == 1  # but its on-hit bleed still lands
    assert strike(fb, fa, effects, [4, 4, 2], clock=2) == StrikeResult.hit
    assert fa[F.hp] == 98


# ------------------------------------------------------------------ in-battle effects


@pytest.mark.nojit
def test_multiply_damage_when_striking_first():
    rogue = creature(
        "Rogue",
        spd=9,
        dice=1,
        mod=0,
        effects=[{"trigger": "on_strike", "condition": "strikes_first", "action": "multiply_damage", "amount": 3}],
    )
    fa, fb, effects = pair(rogue, creature("Slow", al=1, spd=1))
    strike(fa, fb, effects, [3, 3, 4], first=True)
    strike(fa, fb, effects, [3, 3, 4], first=False)
    assert fb[F.hp] == 100 - 12 - 4


@pytest.mark.nojit
def test_multiply_damage_when_an_atk_die_shows_six_before_the_critical():
    orc = creature(
        "Orc",
        dice=2,
        mod=2,
        effects=[{"trigger": "on_strike", "condition": "atk_die_six", "action": "multiply_damage", "amount": 2}],
    )
    fa, fb, effects = pair(orc, creature("B", al=1))
    strike(fa, fb, effects, [3, 3, 6, 1])  # (6 + 1 + 2) x 2
    assert fb[F.hp] == 100 - 18
    strike(fa, fb, effects, [6, 6, 6, 1])  # critical: (6 + 1 + 2) x 2 x 2
    assert fb[F.hp] == 100 - 18 - 36
    strike(fa, fb, effects, [3, 3, 5, 1])  # no 6
    assert fb[F.hp] == 100 - 18 - 36 - 8


@pytest.mark.nojit
def test_multiply_damage_against_a_matching_target_by_tag_type_or_name():
    elf = creature(
        "Elf",
        dice=1,
        mod=0,
        effects=[
            {
                "trigger": "on_strike",
                "condition": "target_matches",
                "action": "multiply_damage",
                "amount": 3,
                "filter": {"tags": ["wings"], "types": ["demon"]},
            }
        ],
    )
    bird = creature("Bird", al=1, art=("wings",))
    fa, fb, effects = pair(elf, bird, creature("Rock", al=1), creature("Imp", al=1, ctype="demon"), a="Elf", b="Bird")
    strike(fa, fb, effects, [3, 3, 4])
    assert fb[F.hp] == 88
    cat = Catalog([elf, bird, creature("Rock", al=1), creature("Imp", al=1, ctype="demon")])
    for other, hp in (("Rock", 96), ("Imp", 88)):
        fa, fb = prepared_pair(cat, "Elf", other)
        strike(fa, fb, cat.tables().effects, [3, 3, 4])
        assert fb[F.hp] == hp


@pytest.mark.nojit
def test_atk_dice_bonus_against_lower_armor_level_and_hand_scales_count_zero():
    glarb = creature(
        "Glarb",
        al=7,
        dice=2,
        mod=3,
        effects=[
            {
                "trigger": "static",
                "condition": "target_lower_al",
                "action": "modify_stat",
                "stat": "attack_dice",
                "amount": 2,
            },
            {
                "trigger": "static",
                "action": "modify_stat",
                "stat": "modifier",
                "amount": 1,
                "scale": "hand_named",
                "filter": {"names": ["Glarb"]},
            },
        ],
    )
    fa, fb, effects = pair(glarb, creature("Low", al=5))
    assert fa[F.modifier] == 3  # no hand in a duel: the scaled row adds 0
    strike(fa, fb, effects, [3, 3, 1, 1, 1, 1])  # 4 Atk dice
    assert fb[F.hp] == 100 - 7
    fa, fb, effects = pair(glarb, creature("High", al=9))
    strike(fa, fb, effects, [3, 3, 1, 1])  # 2 Atk dice
    assert fb[F.hp] == 100 - 5


@pytest.mark.nojit
def test_on_hit_effect_roll_adds_atk_dice_for_the_battle():
    elf = creature(
        "Dark Elf",
        dice=1,
        mod=0,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "1-3",
                "action": "modify_stat",
                "stat": "attack_dice",
                "amount": 4,
                "duration": "battle",
                "flags": ["optional"],
            }
        ],
    )
    fa, fb, effects = pair(elf, creature("B", al=1))
    strike(fa, fb, effects, [3, 3, 2, 1, 1, 1, 1, 1])  # roll 2: 5 Atk dice this strike
    assert fb[F.hp] == 95
    end_exchange_nb(fa, fb, effects, 0, new_rng(), np.zeros(0, np.int64))
    strike(fa, fb, effects, [3, 3, 5, 1])  # the bonus ended with the battle; roll 5 fails
    assert fb[F.hp] == 94


@pytest.mark.nojit
def test_on_hit_damage_dice_to_the_struck_creature():
    fox = creature(
        "Fox",
        dice=1,
        mod=2,
        effects=[{"trigger": "on_hit", "action": "damage", "target": "opponent_primary", "dice": 2}],
    )
    fa, fb, effects = pair(fox, creature("B", al=1))
    strike(fa, fb, effects, [3, 3, 5, 6, 1])  # 2d6 = 11, then 1 + 2
    assert fb[F.hp] == 100 - 11 - 3


@pytest.mark.nojit
def test_heal_from_damage_dealt_rounds_down_and_stops_at_max_hp():
    vampire = creature(
        "Vampire",
        hp=60,
        dice=1,
        mod=2,
        effects=[{"trigger": "on_damage_dealt", "action": "heal_from_damage", "amount": 1, "divisor": 2}],
    )
    fa, fb, effects = pair(vampire, creature("B", al=1))
    fa[F.hp] = 50
    strike(fa, fb, effects, [3, 3, 5])  # 7 dealt, heals 3
    assert (fa[F.hp], fb[F.hp]) == (53, 93)
    strike(fa, fb, effects, [3, 3, 6])
    strike(fa, fb, effects, [3, 3, 6])  # 8 + 8 dealt: +4 +4, capped at 60
    assert fa[F.hp] == 60


@pytest.mark.nojit
def test_reduce_damage_by_half_only_when_slower():
    turtle = creature(
        "Turtle",
        al=1,
        spd=1,
        hp=50,
        effects=[
            {
                "trigger": "on_damage_taken",
                "condition": "slower_than_target",
                "action": "reduce_damage",
                "amount": 1,
                "divisor": 2,
            }
        ],
    )
    fa, fb, effects = pair(creature("Fast", spd=9, dice=1, mod=0), turtle)
    strike(fa, fb, effects, [3, 3, 5])
    assert fb[F.hp] == 50 - 2  # 5 // 2
    fa, fb, effects = pair(creature("Slower", spd=0, dice=1, mod=0), turtle)
    strike(fa, fb, effects, [3, 3, 5])
    assert fb[F.hp] == 45


@pytest.mark.nojit
def test_battle_start_roll_prevents_damage_for_the_battle():
    ranger = creature(
        "Ranger",
        al=1,
        spd=5,
        hp=40,
        effects=[{"trigger": "battle_start", "roll": "1-2", "action": "prevent_damage", "duration": "battle"}],
    )
    fa, fb, effects = pair(creature("A", spd=9, dice=1, mod=0, al=12), ranger)
    d = Dice(2, 3, 3, 6, 1, 2)  # prevention roll 2; A hits for 6: prevented; Ranger misses
    battle_nb(fa, fb, effects, 0, d.rng, d.script)
    assert fb[F.hp] == 40 and fb[F.battle_prevent] == 0  # the prevention ended with the battle
    d = Dice(3, 3, 3, 6, 1, 2)  # roll 3: damage as normal
    battle_nb(fa, fb, effects, 1, d.rng, d.script)
    assert fb[F.hp] == 34


@pytest.mark.nojit
def test_only_atk_damage_hurts_swamp_dragon():
    swamp = creature(
        "Swamp",
        al=1,
        hp=80,
        effects=[{"trigger": "on_damage_taken", "condition": "not_atk_damage", "action": "prevent_damage"}],
    )
    fox = creature(
        "Fox",
        dice=1,
        mod=0,
        effects=[
            {"trigger": "on_hit", "action": "damage", "target": "struck", "dice": 2},
            {"trigger": "on_hit", "action": "dot", "target": "struck", "amount": 10, "duration": 2},
        ],
    )
    fa, fb, effects = pair(fox, swamp)
    strike(fa, fb, effects, [3, 3, 6, 6, 4])
    end_exchange_nb(fa, fb, effects, 0, new_rng(), np.zeros(0, np.int64))
    assert fb[F.hp] == 80 - 4  # the 2d6 and the DOT are not Atk damage


@pytest.mark.nojit
def test_immune_to_creature_effects_ignores_the_opponent_rows_aimed_at_it():
    tree = creature(
        "Tree",
        al=1,
        hp=40,
        dice=1,
        mod=6,
        art=("wings",),
        effects=[{"trigger": "static", "action": "immune", "flags": ["creature_effects", "magic"]}],
    )
    elf = creature(
        "Elf",
        dice=1,
        mod=0,
        effects=[
            {
                "trigger": "on_strike",
                "condition": "target_matches",
                "action": "multiply_damage",
                "amount": 3,
                "filter": {"tags": ["wings"]},
            },
            {"trigger": "on_hit", "action": "dot", "target": "struck", "amount": 10, "duration": 2},
        ],
    )
    fa, fb, effects = pair(elf, tree)
    strike(fa, fb, effects, [3, 3, 4])
    assert fb[F.hp] == 36 and _slot_rows(fb) == []


@pytest.mark.nojit
def test_your_turn_shield_negates_the_next_strike():
    wizard = creature(
        "Wizard",
        al=1,
        spd=10,
        hp=40,
        dice=2,
        mod=4,
        effects=[
            {
                "trigger": "your_turn",
                "roll": "1-3",
                "action": "apply_status",
                "status": "shielded",
                "duration": "permanent",
            }
        ],
    )
    fa, fb, effects = pair(wizard, creature("B", spd=1, hp=100))
    d = Dice(2)
    turn_start_nb(fa, fb, effects, 0, d.rng, d.script)
    assert fa[F.shielded] == 1
    assert strike(fb, fa, effects, []) == StrikeResult.negated  # no dice rolled
    assert fa[F.shielded] == 0 and fa[F.hp] == 40


@pytest.mark.nojit
def test_your_turn_effect_damage_and_skip_turn():
    knight = creature(
        "Demon Knight",
        effects=[
            {"trigger": "your_turn", "roll": "4-6", "action": "damage", "target": "opponent_primary", "amount": 15}
        ],
    )
    dragon = creature(
        "Black Dragon",
        effects=[{"trigger": "your_turn", "roll": "6", "action": "skip_turn", "target": "opponent_player"}],
    )
    fa, fb, effects = pair(knight, dragon)
    d = Dice(4, 6)
    turn_start_nb(fa, fb, effects, 0, d.rng, d.script)  # Demon Knight: 15 damage
    turn_start_nb(fb, fa, effects, 1, d.rng, d.script)  # Black Dragon: A skips its next turn
    assert fb[F.hp] == 85 and fa[F.skip_turn] == 1
    assert not turn_start_nb(fa, fb, effects, 2, d.rng, d.script)  # the skipped turn: no dice
    assert fa[F.skip_turn] == 0 and d.used == 2


@pytest.mark.nojit
def test_wrapped_creature_rolls_to_be_released_in_its_turns():
    kraken = creature(
        "Kraken",
        dice=1,
        effects=[
            {
                "trigger": "on_hit",
                "action": "apply_status",
                "status": "wrapped",
                "target": "struck",
                "amount": 10,
                "release": "3-5",
                "duration": "released",
            }
        ],
    )
    fa, fb, effects = pair(kraken, creature("B", al=1))
    strike(fa, fb, effects, [3, 3, 1])
    assert fb[F.wrap_row] != 0
    d = Dice(6, 2, 4)
    turn_start_nb(fb, fa, effects, 1, d.rng, d.script)  # 6: not freed, 10 damage
    turn_start_nb(fb, fa, effects, 3, d.rng, d.script)  # 2: not freed, 10 damage
    turn_start_nb(fb, fa, effects, 5, d.rng, d.script)  # 4: freed
    assert fb[F.hp] == 100 - 1 - 20 and fb[F.wrap_row] == 0


@pytest.mark.nojit
def test_opponent_turn_damage_stone_golem():
    golem = creature("Golem", effects=[{"trigger": "opponent_turn", "action": "damage", "amount": 10}])
    fa, fb, effects = pair(golem, PLAIN_B)
    d = Dice()
    turn_start_nb(fb, fa, effects, 1, d.rng, np.zeros(0, np.int64))
    turn_start_nb(fa, fb, effects, 2, d.rng, np.zeros(0, np.int64))
    assert fa[F.hp] == 90  # only in its opponent's turn


@pytest.mark.nojit
def test_on_summon_set_stat_applies_at_the_start_of_a_duel():
    witch = creature(
        "Witch",
        effects=[
            {
                "trigger": "on_summon",
                "action": "set_stat",
                "stat": "armor_level",
                "target": "opponent_creatures",
                "amount": 1,
                "duration": "source",
            }
        ],
    )
    fa, fb, _ = pair(witch, creature("B", al=9))
    assert fb[F.armor_level] + fb[F.al_change] == 1
