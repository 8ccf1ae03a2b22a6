"""Battle kernel: one strike, one battle, one exchange, and a batch of duels (numba).

The strike, battle and turn functions work on fighter arrays (int64, columns
`enums.FighterCol`) and the compiled effect table (int32, columns `enums.EffectCol`), so the
game kernel can reuse them; the duel functions drive them for two creatures alone. What one
effect row does (targets, statuses, DOT slots, damage rules) is in `kernel.duel.effect_rows`.

Duel semantics
==============

A duel is two creatures, A and B, with their printed stats and their own effects; no other
card exists (no hand, deck, cemetery or magic). Rows that need other cards (summoning costs,
limited summons, magic, draws, "when killed" rows) do nothing; stat rows scaled by cards in
the hand, the cemetery or deaths count 0; rows aimed at an equipped creature (a creature card
that becomes an equip) do nothing.

Start. Both creatures' static and on-summon stat rows are applied, each creature counting as
just summoned facing the other (Witch sets the opponent's AL to 1): additions first, then
scalings, then "set" rows. Static DOTs (Basilisk) are placed on their target. The first turn
goes to the winner of a roll-off: A rolls, then B, ties are rerolled (1/2 each).

Exchanges. Exchange e (0-based) is played in the turn of the first owner when e is even and of
the other creature's controller when e is odd; two exchanges make a turn cycle. In the owner's
exchange, in this order:

1. If the owner must skip this turn (Black Dragon), the flag is consumed and steps 2-6 do not
   happen (no rows, no wrap roll, no battle); the clock still advances and step 7 happens.
   Otherwise, if an aura of the other creature holds the owner's creature (Electroloon stuns
   and disarms it from the start), the owner rolls 1 die: in the release range the aura ends.
2. The owner's creature's turn-start rows, in row order, then the other creature's
   opponent-turn rows (Stone Golem loses 10 HP in its opponent's turns).
3. If the owner's creature is wrapped, it rolls 1 die: in the release range it is freed, else it
   takes the wrap damage (not Atk damage). Kraken's wrap has no other tick. Then each creature
   disarmed until released (Giant Snake), the owner's first, rolls 1 die: in the release range
   the disarm ends.
4. The owner's creature's your-turn rows, in row order, each with its effect roll (Wizard's
   shield, Demon Knight's 15 damage, Black Dragon's skip); the rows of a roll table (flag
   `same_roll`, The Alchemist) read the die of the table's first row. "May" rows are always used.
5. Battle, if the owner's creature can initiate (not frozen, not stunned): battle-start rows of
   the initiator, then of the defender (Ranger's roll); the faster creature strikes first,
   equal SPD is a roll-off (the initiator's die, then the defender's, ties rerolled) in every
   battle; the other strikes back if both live. A frozen or stunned creature does not strike.
6. Battle-long bonuses and prevention end with the battle.
7. End of exchange: every DOT due now ticks, on the owner's creature first, then on the other;
   if a creature is at 0 HP the duel ends (both at 0: draw); then HOTs due now heal.

The duel ends the moment a creature's HP reaches 0, wherever that happens; the other creature
wins. Both at 0 together (end-of-exchange ticks) is a draw. After `max_exchanges` exchanges
(500 by default) the duel stops as a draw (`DuelOutcome.cap`).

Strike (DESIGN.md rulings 4-5). If the target is shielded, the shield is consumed and the
strike is negated before its Hit roll (no dice, no critical miss). Otherwise roll the hit dice
(2 by default). With 2 or more dice: all 1s is a critical miss (no hit; the striker takes 1d6,
not Atk damage, no bonuses); all 6s is a critical hit (always hits). With 1 die neither happens.
Otherwise it hits when dice + modifier + Hit bonuses >= effective AL = min(AL + AL changes, 12).
A creature with a table of Hit outcomes (Maniac) reads the dice total alone instead: up to the
table's first bound a critical miss, up to its second a critical hit, above both a hit.
On a hit, the striker's on-hit rows resolve in row order (effect roll first, when the row has
one): DOT, status, effect damage (Dragon Fox), battle-long stat changes (Dark Elf: the extra
dice count for this hit). Then, unless the striker is disarmed (it still hits and its on-hit
rows still resolve, but it rolls no Atk dice), the damage: Atk dice + modifier + Atk bonuses,
times each applicable multiplier (always / it strikes first in this battle / an Atk die shows
6 / the target matches a filter), times 2 for a critical hit, never negative. The target's
damage rules (static or on-damage-taken rows) apply to everything it takes, Atk damage or not,
its own critical-miss die included: prevention (battle-start roll, "only Atk damage"), then
reductions (x amount / divisor, rounded down; Giant Turtle compares SPD when it is hit). The
striker's on-damage-dealt rows use the damage dealt after those rules (Vampire heals half of
it, rounded down, never above its max HP). A reduction of Atk damage that sends back what it
took off (Demonic Turtle) then deals that part to the striker, not as Atk damage, unless the
striker is immune to creature effects. Before its Hit roll (after a shield), the striker's
before-hit-roll rows resolve (Woodland Elf's roll table; what they give lasts for the battle:
an AL change of the target, its Modifier brought down). Once a strike that hit is over, the
target's on-hit-taken rows resolve (Gaseous Horror's 5 damage at the striker). A your-turn
row that keeps all damage off a creature for the turn or for turn cycles (The Super Hero,
Perseus Valenthil) holds through the exchanges its duration covers, ticks included. Rows a
player chooses at a battle's start (Shapeshifter, Nadara, Monkey Duck, Chaos Demon) and
alternatives (Cryovore) are not used in a duel; the exact solver refuses them. Nor are the
re-rolls a player may make once a roll is seen (Winter Griffin): a duel has no player to ask
(the game pauses the strike for them, `FighterCol.reroll_pause`); the exact solver refuses them.

Timing. A DOT applied in exchange e ticks at the end of e and then at the end of every second
exchange (e+2, e+4, ...) until it has ticked `duration` times ("source": for the whole duel).
The same DOT row on the same creature does not stack: applying it again restarts it (ticks
and phase) from the new exchange; different rows stack (`N_DOT_SLOTS` slots per creature;
with the stacking ruling, copies of a DOT lasting while its source stays share a slot when
they are due together). A static DOT ticks at the end of every exchange of its source's
controller. A status of N turn cycles applied in exchange e lasts the rest of e and exchanges
e+1..e+2N-1 (applying it again keeps the later end); "battle" or "turn" statuses end with the
exchange; "source"/"permanent" ones never end. A shield lasts until it negates a strike;
rolling again while shielded adds nothing.

Immunity: a creature immune to creature effects (Ent Tree) ignores the opponent's rows that act
on it (DOT, status, damage, stat changes, multipliers against it); rows the opponent applies
to itself (Ranger's prevention, Vampire's heal) and rows aimed at the player (skip turn) apply.

Dice order (for scripted dice): the first-turn roll-off; then per exchange: the roll that ends an
aura holding the owner's creature (Electroloon), turn-start rows (roll, then dice), opponent-turn
rows, the wrap release roll, the disarm release rolls, your-turn rows, battle-start rows, the
speed roll-off, and per strike: hit dice, critical-miss die, on-hit rows (roll, then dice), Atk
dice; then DOT dice. Rows that do nothing in a duel roll nothing.

Speed. Two fighters without effects acting in the duel take `_plain_duel_nb`, a copy of the
rules restricted to that case with the state in registers; it reads the same dice in the same
order and gives the same result as the general path (tests compare them duel by duel).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from wardsim.kernel.duel.effect_rows import (
    RUNTIME_TRIGGERS,
    _after_damage_nb,
    _conditional_stats,
    _fold_auras,
    _fold_hit_table,
    _fold_immunity,
    _fold_stats,
    _multiply_nb,
    aura_release_roll_nb,
    copies_stats_nb,
    disarm_release_roll_nb,
    effective_al_nb,
    fire_row_nb,
    fire_trigger_nb,
    has_trigger_nb,
    heal_nb,
    hurt_stat_nb,
    immunity_negated_by_nb,
    modifier_cut_nb,
    place_static_dots_nb,
    roll_amount_nb,
    set_triggers_nb,
    strike_al_nb,
    take_damage_nb,
)
from wardsim.kernel.duel.enums import Counter, DuelOutcome, Fired, React, StrikeResult
from wardsim.kernel.enums import (
    DOT_SLOT_WIDTH,
    N_DOT_SLOTS,
    N_FIGHTER_COLS,
    Action,
    CardCol,
    EffectCol,
    FighterCol,
    Flag,
    Stat,
    Trigger,
)
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import RNG_WORDS, d6_nb, seed_rng_nb
from wardsim.rules import CRITICAL_DICE, CRITICAL_MULTIPLIER, HIT_DICE

F = FighterCol
E = EffectCol
DEFAULT_MAX_EXCHANGES = 500
BLOCK = 256  # duels per parallel work item (results do not depend on it)


# ----------------------------------------------------------------- fighters


@njit(cache=True, _nrt=False)
def init_fighter_nb(f, cards, card):
    """Fill fighter `f` from row `card` of the compiled card table (a creature)."""
    f[:] = 0
    c = cards[card]
    f[F.card] = card
    f[F.hp] = c[CardCol.hp]
    f[F.max_hp] = c[CardCol.hp]
    f[F.armor_level] = c[CardCol.armor_level]
    f[F.speed] = c[CardCol.speed]
    f[F.hit_dice] = HIT_DICE
    f[F.attack_dice] = c[CardCol.attack_dice]
    f[F.modifier] = c[CardCol.modifier]
    f[F.base_attack_dice] = c[CardCol.attack_dice]
    f[F.base_modifier] = c[CardCol.modifier]
    f[F.base_hp] = c[CardCol.hp]
    f[F.creature_type] = c[CardCol.creature_type]
    f[F.tags] = c[CardCol.tags]
    f[F.names] = c[CardCol.names]
    f[F.effect_start] = c[CardCol.effect_start]
    f[F.effect_count] = c[CardCol.effect_count]
    f[F.frozen_until] = -1
    f[F.stunned_until] = -1
    f[F.disarmed_until] = -1
    f[F.extra_mult] = 1
    f[F.lifesteal_den] = 1
    f[F.cycle] = 2  # a duel's; a game sets its own (kernel.game.field)


@njit(_nrt=False)
def is_disarmed_nb(f, clock):
    return (
        f[F.disarmed_until] >= clock
        or f[F.battle_disarmed] != 0
        or f[F.disarm_release_row] != 0
        or f[F.aura_disarm] != 0
    )


@njit(_nrt=False)
def is_stunned_nb(f, clock):
    return f[F.stunned_until] >= clock or f[F.aura_stun] != 0


@njit(_nrt=False)
def end_battle_nb(f):
    f[F.battle_prevent] = 0
    f[F.battle_al] = 0
    f[F.recoil_row] = 0
    f[F.battle_disarmed] = 0
    f[F.battle_hit] = 0
    f[F.battle_atk] = 0
    f[F.battle_attack_dice] = 0
    f[F.battle_hit_dice] = 0


@njit(_nrt=False)
def _copy_base_stats(f, model):
    """Jerry: f takes the base AL, SPD, Atk Dice Rolls, Modifier and creature type of `model`
    (an unprepared fighter: its printed stats); not its HP (ruling jerry)."""
    f[F.armor_level] = model[F.armor_level]
    f[F.speed] = model[F.speed]
    f[F.attack_dice] = model[F.attack_dice]
    f[F.modifier] = model[F.modifier]
    f[F.base_attack_dice] = model[F.attack_dice]
    f[F.base_modifier] = model[F.modifier]
    f[F.creature_type] = model[F.creature_type]


@njit(cache=True, _nrt=False)
def prepare_pair_nb(fa, fb, effects):
    """Apply both creatures' static and on-summon stat effects (once, before the duels)."""
    set_triggers_nb(fa, effects)
    set_triggers_nb(fb, effects)
    # Jerry copies the base stats of the creature it faces, before any effect changes them
    # (ruling jerry); two Jerries copy each other's printed stats
    if copies_stats_nb(fa, effects) and copies_stats_nb(fb, effects):
        pass  # both copy the other's printed stats: two Jerries, each as it is
    elif copies_stats_nb(fa, effects):
        _copy_base_stats(fa, fb)
    elif copies_stats_nb(fb, effects):
        _copy_base_stats(fb, fa)
    _fold_immunity(fa, effects)
    _fold_immunity(fb, effects)
    for f in (fa, fb):  # Thresher: the creatures passing its filter lose their immunity
        if immunity_negated_by_nb(fa, f, effects) or immunity_negated_by_nb(fb, f, effects):
            f[F.immune] = 0
    _fold_hit_table(fa, effects)
    _fold_hit_table(fb, effects)
    _fold_auras(fa, fb, effects)
    _fold_auras(fb, fa, effects)
    speed_a = fa[F.speed]  # the base SPD, before any fold (Ancient Sentinel reads it)
    speed_b = fb[F.speed]
    for action in (Action.modify_stat, Action.scale_stat, Action.set_stat):
        _fold_stats(fa, fb, effects, action, speed_b)
        _fold_stats(fb, fa, effects, action, speed_a)
    for f in (fa, fb):
        if f[F.hit_dice] < 0:
            f[F.hit_dice] = 0
        if f[F.attack_dice] < 0:
            f[F.attack_dice] = 0
        if f[F.max_hp] < 1:
            f[F.max_hp] = 1
        f[F.hp] = f[F.max_hp]


# ----------------------------------------------------------------- strike


@njit(_nrt=False, inline="always")
def _take_nb(f, other, effects, amount, is_atk):
    """take_damage_nb, with the common case (no rules on the receiver) done in place."""
    if (
        f[F.battle_prevent] == 0
        and f[F.damage_immune] == 0
        and f[F.flying_mask] == 0
        and not has_trigger_nb(f, Trigger.static)
        and not has_trigger_nb(f, Trigger.on_damage_taken)
    ):
        if amount <= 0:
            return 0
        f[F.hp] = f[F.hp] - amount if f[F.hp] > amount else 0
        f[F.last_damage_atk] = 1 if is_atk else 0
        return amount
    return take_damage_nb(f, other, effects, amount, is_atk)


@njit(_nrt=False, inline="always")
def _pack_die(packed, k, die):
    """Die k of a base-8 list (k < 21)."""
    return packed + die * (np.int64(8) ** k)


@njit(_nrt=False)
def _shows_face(packed, n_dice, lo, hi):
    """Does one of the first n_dice dice of a base-8 list (at most 21) show a face in lo..hi?"""
    for _ in range(min(n_dice, 21)):
        die = packed % 8
        if lo <= die <= hi:
            return True
        packed = packed // 8
    return False


@njit(_nrt=False)
def _strike_body(att, dfn, effects, strikes_first, clock, rng, script):
    if att[F.strike_stage] == 0:  # a paused strike goes on with what it rolled
        att[F.strike_order] = 1 if strikes_first else 2
        att[F.strike_hit_dice] = 0
        att[F.strike_hit_total] = 0
        att[F.strike_atk_dice] = 0
        att[F.strike_damage] = 0
        att[F.strike_effect_dice] = 0
        att[F.strike_needed] = strike_al_nb(dfn, effects)
    result = _strike_inner(att, dfn, effects, strikes_first, clock, rng, script)
    if result == StrikeResult.paused:
        return result
    att[F.strike_result] = result
    if (
        (result == StrikeResult.hit or result == StrikeResult.critical_hit)
        and att[F.hp] > 0
        and has_trigger_nb(dfn, Trigger.on_hit_taken)
        and not (dfn[F.react_fired] == Fired.played and (dfn[F.react] == React.reflect or dfn[F.react] == React.absorb))
    ):
        # Gaseous Horror: "When this creature is hit, the attacking creature receives 5 damage",
        # once the strike is over (a creature the strike killed was hit all the same)
        fire_trigger_nb(Trigger.on_hit_taken, dfn, att, effects, clock, rng, script)
    if result != StrikeResult.none:
        att[F.strikes_made] += 1  # Corn Creeper: its first attack is spent, hit or not
    return result


@njit(_nrt=False, inline="always")
def _magic_immune_vs(f, other):
    """Creature f is unaffected by the magic cards of creature `other`'s player: by every magic
    card, or by its opponents' only (Fog) and `other` is on the other side (the two creatures of
    a battle are in their player's turn or not; two of one side battle in a forced battle)."""
    if (f[F.immune] & Flag.magic) != 0:
        return True
    return (f[F.immune] & Flag.opponents) != 0 and f[F.in_own_turn] != other[F.in_own_turn]


@njit(_nrt=False, inline="always")
def _answer_lightning(holder, other):
    """`other`'s player plays a Lightning card in this battle: the card `holder`'s player
    readied against it is played (Scroll of Silence, Hell Hath No Fury, Ancient Book; the game
    carries out the rest). That card is a Lightning card too, which `other`'s Hell Hath No Fury
    may answer in turn (Scroll of Silence and Hell Hath No Fury cannot be negated; an Ancient
    Book can, by `other`'s Scroll of Silence). True when the card played is negated."""
    if holder[F.counter] == Counter.none or holder[F.counter_fired] != 0:
        return False
    holder[F.counter_fired] = Fired.played
    if other[F.counter] == Counter.halve and other[F.counter_fired] == 0:
        other[F.counter_fired] = Fired.played
    elif other[F.counter] == Counter.negate and other[F.counter_fired] == 0 and holder[F.counter] == Counter.equip:
        other[F.counter_fired] = Fired.played
        holder[F.counter_fired] = Fired.negated
    return holder[F.counter] == Counter.negate


@njit(_nrt=False, inline="always")
def _play_on_hit(att, dfn):
    """Martial Arts Man: "On hit, play this card": its player plays it once the hit's damage is
    known, if the creature battled still stands (its 20 follow the strike, dealt by the game)."""
    if att[F.boost_on_hit] == 1 and att[F.boost_fired] == Fired.waiting and dfn[F.hp] > 0 and att[F.hp] > 0:
        att[F.boost_fired] = Fired.negated if _answer_lightning(dfn, att) else Fired.played


@njit(_nrt=False, inline="always")
def _backfire(att, dfn, clock, rng, script):
    """Galactic Suit: "If your opponent misses their Hit Roll against the equipped creature, they
    must roll their Atk Roll against their primary creature": the roll is made here, and the
    game deals it (ruling galactic-suit)."""
    att[F.backfire_damage] = 0
    if dfn[F.backfire] != 0 and att[F.hp] > 0 and not is_disarmed_nb(att, clock):
        damage = att[F.modifier] + att[F.atk_bonus] + att[F.battle_atk]
        for _ in range(att[F.attack_dice] + att[F.battle_attack_dice]):
            damage += d6_nb(rng, script)
        att[F.backfire_damage] = max(damage, 0)


@njit(_nrt=False, inline="always")
def _play_on_miss(att, dfn):
    """Enchantment: "If you miss your Hit Roll, play this card": its player plays it on the
    first miss of its creature (a critical miss too), if the creature missed still stands (its
    10 follow the strike, dealt by the game)."""
    if att[F.boost_on_hit] == 2 and att[F.boost_fired] == Fired.waiting and dfn[F.hp] > 0:
        att[F.boost_fired] = Fired.negated if _answer_lightning(dfn, att) else Fired.played


@njit(_nrt=False, inline="always")
def _strike_inner(att, dfn, effects, strikes_first, clock, rng, script):
    stage = att[F.strike_stage]
    if stage == 2:
        return _resume_after_atk_roll(att, dfn, effects, strikes_first, clock)
    if stage == 0:
        if att[F.frozen_until] >= clock or is_stunned_nb(att, clock):
            return StrikeResult.none  # frozen and stunned creatures cannot strike
        if dfn[F.shielded] != 0:  # Wizard: "negates the next attack against this card"
            dfn[F.shielded] = 0
            return StrikeResult.negated
        if has_trigger_nb(att, Trigger.before_hit_roll):
            # Woodland Elf: "prior to your Hit Dice Roll, roll 1 die"; what it gives lasts for the battle
            fire_trigger_nb(Trigger.before_hit_roll, att, dfn, effects, clock, rng, script)
            att[F.strike_needed] = strike_al_nb(dfn, effects)
            if att[F.hp] <= 0 or dfn[F.hp] <= 0:
                return StrikeResult.none
    hit_dice = att[F.hit_dice] + att[F.battle_hit_dice]
    hit_bonus = att[F.modifier] + att[F.hit_bonus] + att[F.battle_hit]
    cond_attack_dice = 0
    cond_atk = 0
    start = att[F.effect_start]
    stop = start + att[F.effect_count]
    if has_trigger_nb(att, Trigger.static):
        add_hit_dice, add_hit, cond_attack_dice, cond_atk = _conditional_stats(att, dfn, effects, strikes_first)
        hit_dice += add_hit_dice
        hit_bonus += add_hit
    if has_trigger_nb(dfn, Trigger.static):
        cut = modifier_cut_nb(dfn, att, effects)  # Lumber: the base Modifier of a forest creature halved
        hit_bonus -= cut
        cond_atk -= cut
    if att[F.no_hit_roll] != 0:
        hit_dice = 0  # Fog: "does not perform a Hit Dice Roll ... moves directly to its Atk Dice Roll"
    # Hit roll (rules guide, BATTLE step 3)
    total = 0
    all_six = hit_dice >= CRITICAL_DICE  # rules guide: no critical hit or miss with fewer than 2 dice
    all_one = hit_dice >= CRITICAL_DICE
    packed = 0
    first_die = 0
    dice_match = hit_dice >= CRITICAL_DICE  # Tri-Dragon, Scarlett: "match" needs 2 dice or more
    resumed = stage == 1
    if resumed:
        packed = att[F.strike_hit_dice]  # the Hit dice as the re-rolls left them
        att[F.strike_stage] = 0
    for k in range(hit_dice):
        die = _packed_die(packed, k) if resumed else d6_nb(rng, script)
        total += die
        all_six = all_six and die == 6
        all_one = all_one and die == 1
        if k == 0:
            first_die = die
        dice_match = dice_match and die == first_die
        if k < 21 and not resumed:
            packed = _pack_die(packed, k, die)
    att[F.strike_hit_dice] = packed
    if not resumed and (att[F.reroll_pause] & 1) != 0 and 0 < hit_dice <= 21:
        # a card lets a player re-roll this Hit roll once it is seen: the game asks, then calls again
        att[F.strike_hit_total] = total + hit_bonus
        att[F.strike_stage] = 1
        return StrikeResult.paused
    att[F.strike_hit_total] = total + hit_bonus
    auto_hit = att[F.auto_hit] != 0 or att[F.no_hit_roll] != 0
    if att[F.no_criticals] != 0:  # Tri-Dragon: "This creature cannot critical Hit/Miss"
        all_six = False
        all_one = False
    tabled = att[F.table_miss_max] > 0 or att[F.table_critical_max] > 0
    if tabled:
        # Maniac, Ring of Extremes: the dice total alone picks the outcome, whatever the target's
        # AL and the Hit bonuses: a critical miss, a critical hit, or above both a plain hit
        att[F.strike_hit_total] = total
        all_one = total <= att[F.table_miss_max]
        all_six = not all_one and total <= att[F.table_critical_max]
    if all_one and not auto_hit:
        # rules guide: critical miss: "roll a single die of damage to yourself (no bonuses)"
        die = d6_nb(rng, script)
        att[F.strike_atk_dice] = die
        att[F.strike_damage] = die
        _take_nb(att, dfn, effects, die, False)
        _backfire(att, dfn, clock, rng, script)
        _play_on_miss(att, dfn)
        return StrikeResult.critical_miss
    if att[F.hit_roll_mult] > 1:
        # Bio-Regeneration: the dice total is multiplied, then the Hit bonuses are added; the
        # faces still decide a critical hit or miss
        total *= att[F.hit_roll_mult]
        att[F.strike_hit_total] = total + hit_bonus
    if not all_six and not auto_hit and not tabled and total + hit_bonus < strike_al_nb(dfn, effects):
        _backfire(att, dfn, clock, rng, script)
        _play_on_miss(att, dfn)
        return StrikeResult.miss
    if dfn[F.guard_match_min] > 0 and not (dice_match and first_die >= dfn[F.guard_match_min]):
        _backfire(att, dfn, clock, rng, script)
        _play_on_miss(att, dfn)
        return StrikeResult.miss  # Scarlett: "your opponent's hit dice must match to hit this creature"
    if dfn[F.guard_face_lo] > 0 and not _shows_face(packed, hit_dice, dfn[F.guard_face_lo], dfn[F.guard_face_hi]):
        _backfire(att, dfn, clock, rng, script)
        _play_on_miss(att, dfn)
        return StrikeResult.miss  # Sprite: "if one of the attacking creature's Hit Dice Rolls is a 3 or 4"
    result = StrikeResult.critical_hit if all_six else StrikeResult.hit
    react = dfn[F.react]
    if react != 0 and dfn[F.react_fired] == Fired.waiting and react != React.heal:
        # a Lightning card the target's player readied for this battle answers the first hit
        negates = react == React.negate or react == React.negate_halve or react == React.no_atk_damage
        if (negates or not is_disarmed_nb(att, clock)) and _answer_lightning(att, dfn):
            dfn[F.react_fired] = Fired.negated  # Scroll of Silence: the hit stands
        elif negates:
            dfn[F.react_fired] = Fired.played
            if react == React.negate_halve:  # Mimic Chest: the attacker loses 1/2 its HP left
                att[F.hp] -= att[F.hp] // 2
            elif react == React.no_atk_damage:  # no Atk damage for the rest of the battle
                att[F.battle_disarmed] = 1
            return StrikeResult.negated
    if react == React.heal or dfn[F.react_fired] != Fired.waiting:
        react = 0  # Cure Minor Wounds answers the damage, after the strike
    # a card that reflects or absorbs the attack (Forest Sentinel, Sentinel of Life: "Negate the attack")
    # still needs its damage, but a negated attack triggers none of the striker's on-hit effects
    if react == 0 and has_trigger_nb(att, Trigger.on_hit):
        for r in range(start, stop):
            if effects[r, E.trigger] == Trigger.on_hit:
                fire_row_nb(r, att, dfn, effects, clock, rng, script)
                if att[F.hp] <= 0 or dfn[F.hp] <= 0:
                    return result
    if is_disarmed_nb(att, clock) or att[F.harmless] > clock:  # Fear, Minotaur, Omega Titan: no Atk damage
        if react == 0:
            _play_on_hit(att, dfn)
        return result
    # on-hit rows may have changed the battle bonuses (Dark Elf), so read them now
    attack_dice = att[F.attack_dice] + att[F.battle_attack_dice] + cond_attack_dice
    if att[F.boost_dice] != 0 and att[F.boost_fired] == Fired.waiting:  # Children of the Forest
        if _answer_lightning(dfn, att):
            att[F.boost_fired] = Fired.negated
        else:
            attack_dice += att[F.boost_dice]
            att[F.boost_fired] = Fired.played
    damage = att[F.modifier] + att[F.atk_bonus] + att[F.battle_atk] + cond_atk
    base_only = dfn[F.base_attack_only] != 0
    if base_only:  # Arcturus: "only be damaged by the attacking creature's base attack and modifier"
        attack_dice = att[F.base_attack_dice]
        damage = att[F.base_modifier]
    atk_six = False
    packed = 0
    base_damage = damage
    for k in range(attack_dice):
        die = d6_nb(rng, script)
        damage += die
        atk_six = atk_six or die == 6
        if k < 21:
            packed = _pack_die(packed, k, die)
    att[F.strike_atk_dice] = packed
    if (att[F.reroll_pause] & 2) != 0 and 0 < attack_dice <= 21 and hit_dice <= 21:
        # a card lets a player re-roll this Atk roll once it is seen: the game asks, then calls again
        att[F.strike_atk_base] = base_damage
        att[F.strike_result] = result
        att[F.strike_stage] = 2
        return StrikeResult.paused
    return _deal_strike(att, dfn, effects, strikes_first, clock, result, react, damage, atk_six, dice_match, base_only)


@njit(_nrt=False)
def _resume_after_atk_roll(att, dfn, effects, strikes_first, clock):
    """A strike paused after its Atk roll goes on with the Atk dice as the re-rolls left them;
    nothing between its Hit roll and its Atk roll changed the state it reads again here."""
    att[F.strike_stage] = 0
    result = att[F.strike_result]
    react = dfn[F.react]
    if react == React.heal or dfn[F.react_fired] != Fired.waiting:
        react = 0
    damage = att[F.strike_atk_base]
    atk_six = False
    packed = att[F.strike_atk_dice]
    while packed > 0:
        die = packed % 8
        damage += die
        atk_six = atk_six or die == 6
        packed = packed // 8
    dice_match = _dice_matched(att[F.strike_hit_dice])
    base_only = dfn[F.base_attack_only] != 0
    return _deal_strike(att, dfn, effects, strikes_first, clock, result, react, damage, atk_six, dice_match, base_only)


@njit(_nrt=False)
def _dice_matched(packed):
    """Do all the dice of a base-8 list show the same face (2 dice or more)?"""
    first = packed % 8
    n = 0
    while packed > 0:
        if packed % 8 != first:
            return False
        n += 1
        packed = packed // 8
    return n >= 2


@njit(_nrt=False)
def _packed_die(packed, k):
    """Die k of a base-8 list."""
    return (packed // (np.int64(8) ** k)) % 8


@njit(_nrt=False, inline="always")
def _deal_strike(att, dfn, effects, strikes_first, clock, result, react, damage, atk_six, dice_match, base_only):
    """The rest of a strike that hit, once its Atk dice are rolled: multipliers, then the damage."""
    all_six = result == StrikeResult.critical_hit
    if has_trigger_nb(att, Trigger.on_strike) and (dfn[F.immune] & Flag.creature_effects) == 0 and not base_only:
        damage = _multiply_nb(att, dfn, effects, strikes_first, atk_six, dice_match, damage)
    if att[F.extra_mult] > 1 and not base_only:
        damage *= att[F.extra_mult]
    if all_six and not base_only:
        damage *= CRITICAL_MULTIPLIER  # rules guide: the critical multiplier comes after every other bonus
    att[F.strike_damage] = max(damage, 0)
    if react == React.reflect or react == React.absorb:
        dfn[F.react_fired] = Fired.played
        if react == React.reflect:  # Forest Sentinel: the damage goes back at the attacker
            take_damage_nb(att, dfn, effects, damage, True)
        else:  # Sentinel of Life: the damage heals the target instead
            heal_nb(dfn, damage)
        return result
    dfn[F.returned_damage] = 0
    dealt = _take_nb(dfn, att, effects, damage, True)
    _play_on_hit(att, dfn)
    if dealt > 0 and dfn[F.react] == React.heal and dfn[F.react_fired] == Fired.waiting and dfn[F.hp] > 0:
        # Cure Minor Wounds: played once the strike has hurt its creature
        dfn[F.react_fired] = Fired.negated if _answer_lightning(att, dfn) else Fired.played
    if dealt > 0 and (has_trigger_nb(att, Trigger.on_damage_dealt) or att[F.lifesteal_num] > 0):
        _after_damage_nb(att, dfn, effects, dealt)
    if dfn[F.returned_damage] > 0 and (att[F.immune] & Flag.creature_effects) == 0 and dfn[F.harmless] <= clock:
        # Demonic Turtle sends the part of the Atk damage it took off back at the striker: the
        # damage of its creature effect, not Atk damage, after the strike
        take_damage_nb(att, dfn, effects, dfn[F.returned_damage], False)
        if att[F.hp] <= 0:
            return result
    if dealt > 0 and dfn[F.thorns] > 0 and not _magic_immune_vs(att, dfn) and dfn[F.harmless] <= clock:
        # Raging Inferno: "If the equipped creature is damaged in battle, inflict 5 damage to the
        # attacking creature": a magic card's damage at the striker, after its strike
        take_damage_nb(att, dfn, effects, dfn[F.thorns], False)
    return result


@njit(cache=True, _nrt=False)
def strike_nb(att, dfn, effects, strikes_first, clock, rng, script):
    """`att` strikes `dfn` once (Hit roll, on-hit effects, damage). Returns a StrikeResult.

    The caller checks deaths afterwards (HP 0); combat ends the moment a creature dies.
    Besides the creature's own rows, the strike honours the hooks a game sets from magic
    (`extra_mult`, `auto_hit`, `lifesteal_num/den`, `flying_mask`, `react` on the target,
    `boost_dice`, `damage_immune` and `thorns` on the target, `slower_first` for the order of
    the strikes; all neutral in a duel). An
    automatic hit cannot be a critical miss; all 6s are still a critical hit. A readied
    reaction answers the first hit of the battle: negate (before on-hit effects), halve the
    attacker's HP, stop its Atk damage for the battle, reflect the damage or turn it into
    healing; or the first damage it takes (a heal, after the strike). A readied boost fires on
    the first hit (`boost_dice`, `boost_on_hit`), and a readied `counter` answers the
    opponent's card the moment it fires (negating it, or leaving the rest to the game).
    """
    return _strike_body(att, dfn, effects, strikes_first, clock, rng, script)


# ----------------------------------------------------------------- turn parts


@njit(_nrt=False, inline="always")
def _expire_safety(f, clock):
    """The Super Hero's protection from its turn roll ends when its clocks are over."""
    if f[F.safe_until] != 0 and f[F.safe_until] <= clock:
        f[F.safe_until] = 0
        f[F.damage_immune] = 0


@njit(cache=True, _nrt=False)
def turn_start_nb(fo, fx, effects, clock, rng, script):
    """Steps 1-4 for the owner's creature fo (and fx's opponent-turn rows).

    False when the turn is skipped.
    """
    _expire_safety(fo, clock)
    _expire_safety(fx, clock)
    if fo[F.skip_turn] != 0:
        fo[F.skip_turn] = 0
        return False
    aura_release_roll_nb(fo, effects, rng, script)  # Electroloon: at the beginning of their turn
    if has_trigger_nb(fo, Trigger.turn_start):
        fire_trigger_nb(Trigger.turn_start, fo, fx, effects, clock, rng, script)
        if fo[F.hp] <= 0 or fx[F.hp] <= 0:
            return True
    if has_trigger_nb(fx, Trigger.opponent_turn):  # Stone Golem loses 10 HP in its opponent's turns
        fire_trigger_nb(Trigger.opponent_turn, fx, fo, effects, clock, rng, script)
        if fo[F.hp] <= 0 or fx[F.hp] <= 0:
            return True
    w = fo[F.wrap_row] - 1
    if w >= 0:  # Kraken: "during your opponent's turn they must roll 1 die"
        die = d6_nb(rng, script)
        if effects[w, E.release_lo] <= die <= effects[w, E.release_hi]:
            fo[F.wrap_row] = 0
        else:
            take_damage_nb(fo, fx, effects, roll_amount_nb(effects, w, rng, script), False)
            if fo[F.hp] <= 0:
                return True
    # Giant Snake: the disarmed creature's player rolls once in every turn, the owner's first
    disarm_release_roll_nb(fo, effects, rng, script)
    disarm_release_roll_nb(fx, effects, rng, script)
    if has_trigger_nb(fo, Trigger.your_turn):
        fire_trigger_nb(Trigger.your_turn, fo, fx, effects, clock, rng, script)
    return True


@njit(_nrt=False)
def roll_off_nb(rng, script):
    """Each side rolls 1 die, ties rerolled: True when the first roller wins."""
    while True:
        a = d6_nb(rng, script)
        b = d6_nb(rng, script)
        if a != b:
            return a > b


@njit(_nrt=False)
def _battle_roll_off_nb(fi, rng, script):
    """roll_off_nb, keeping the dice on the initiator (pairs: its die, the defender's)."""
    packed = 0
    k = 0
    while True:
        a = d6_nb(rng, script)
        b = d6_nb(rng, script)
        if k < 20:
            packed = _pack_die(_pack_die(packed, k, a), k + 1, b)
            k += 2
        if a != b:
            fi[F.battle_rolloff] = packed
            return a > b


@njit(_nrt=False, inline="always")
def _open_battle(fi, fd, effects, clock, rng, script):
    """Battle-start rows and the order of the strikes: 1 when the initiator strikes first, 0
    when the defender does, -1 when no strike follows."""
    fi[F.strike_order] = 0
    fd[F.strike_order] = 0
    fi[F.battle_rolloff] = 0
    if fi[F.frozen_until] >= clock or is_stunned_nb(fi, clock):
        return -1  # frozen and stunned creatures cannot initiate a battle
    if has_trigger_nb(fi, Trigger.battle_start):
        fire_trigger_nb(Trigger.battle_start, fi, fd, effects, clock, rng, script)
    if has_trigger_nb(fd, Trigger.battle_start) and fi[F.hp] > 0 and fd[F.hp] > 0:
        fire_trigger_nb(Trigger.battle_start, fd, fi, effects, clock, rng, script)
    if fi[F.hp] <= 0 or fd[F.hp] <= 0:
        return -1
    if fi[F.strike_first] != fd[F.strike_first]:
        return 1 if fi[F.strike_first] != 0 else 0
    speed_i = fi[F.speed] + hurt_stat_nb(fi, effects, Stat.speed)  # Ashen Knight: SPD +3 below 40 HP
    speed_d = fd[F.speed] + hurt_stat_nb(fd, effects, Stat.speed)
    if speed_i != speed_d:
        faster_first = speed_i > speed_d
        if fi[F.slower_first] != 0 or fd[F.slower_first] != 0:
            faster_first = not faster_first  # Reverse Polarity: "the creature with lower SPD attacks first"
        return 1 if faster_first else 0
    # rules guide: a roll-off for every battle with tied SPD
    return 1 if _battle_roll_off_nb(fi, rng, script) else 0


@njit(_nrt=False, inline="always")
def _battle_body(fi, fd, effects, clock, rng, script):
    order = _open_battle(fi, fd, effects, clock, rng, script)
    strikes = 0
    if order >= 0:
        first = fi if order == 1 else fd
        second = fd if order == 1 else fi
        if _strike_body(first, second, effects, True, clock, rng, script) != StrikeResult.none:
            strikes += 1
        if first[F.hp] > 0 and second[F.hp] > 0:
            if _strike_body(second, first, effects, False, clock, rng, script) != StrikeResult.none:
                strikes += 1
    end_battle_nb(fi)
    end_battle_nb(fd)
    return strikes


@njit(cache=True, _nrt=False)
def open_battle_nb(fi, fd, effects, clock, rng, script):
    """The start of step 5, for a caller that acts between the strikes (the game resolves the
    Lightning cards played in a battle there): the battle-start rows, then 1 when the initiator fi
    strikes first, 0 when fd does, -1 when no strike follows. The caller strikes with `strike_nb`
    (the second strike only while both live) and ends the battle with `end_battle_nb`."""
    return _open_battle(fi, fd, effects, clock, rng, script)


@njit(cache=True, _nrt=False)
def battle_nb(fi, fd, effects, clock, rng, script):
    """Battle initiated by fi against fd (steps 5-6). Returns the number of strikes made.

    A creature with the `strike_first` hook (magic) strikes first whatever the SPD, unless
    both have it.
    """
    return _battle_body(fi, fd, effects, clock, rng, script)


@njit(_nrt=False)
def _has_dots(f):
    for k in range(N_DOT_SLOTS):
        if f[F.dot0_row + k * DOT_SLOT_WIDTH] != 0:
            return True
    return False


@njit(_nrt=False)
def _tick(f, other, effects, clock, heal, rng, script):
    for k in range(N_DOT_SLOTS):
        base = F.dot0_row + k * DOT_SLOT_WIDTH
        r = f[base] - 1
        if r < 0 or f[base + 2] > clock:  # due now (or overdue: a caller skipped a turn)
            continue
        is_hot = effects[r, E.action] == Action.hot
        if is_hot != heal:
            continue
        # ticks -n: n stacked copies of a DOT that lasts while its source stays, each with its roll
        for _ in range(-f[base + 1] if f[base + 1] < 0 else 1):
            amount = roll_amount_nb(effects, r, rng, script)
            if heal:
                heal_nb(f, amount)
            elif other[F.harmless] <= clock:  # Omega Titan: the other side causes no damage now
                take_damage_nb(f, other, effects, amount, False)
        f[base + 2] = clock + f[F.cycle]
        if f[base + 1] > 0:
            f[base + 1] -= 1
            if f[base + 1] == 0:
                f[base] = 0
                f[base + 2] = 0


@njit(_nrt=False)
def _ticks_nb(fo, fx, effects, clock, rng, script):
    _tick(fo, fx, effects, clock, False, rng, script)
    _tick(fx, fo, effects, clock, False, rng, script)
    if fo[F.hp] <= 0 or fx[F.hp] <= 0:
        return
    _tick(fo, fx, effects, clock, True, rng, script)
    _tick(fx, fo, effects, clock, True, rng, script)


@njit(_nrt=False, inline="always")
def _end_exchange_body(fo, fx, effects, clock, rng, script):
    end_battle_nb(fo)
    end_battle_nb(fx)
    if _has_dots(fo) or _has_dots(fx):
        _ticks_nb(fo, fx, effects, clock, rng, script)


@njit(cache=True, _nrt=False)
def end_exchange_nb(fo, fx, effects, clock, rng, script):
    """Step 7: DOT ticks (owner's creature first), deaths, then HOT ticks."""
    _end_exchange_body(fo, fx, effects, clock, rng, script)


# ----------------------------------------------------------------- duels


@njit(_nrt=False)
def _outcome(fa, fb):
    if fa[F.hp] <= 0 and fb[F.hp] <= 0:
        return DuelOutcome.draw
    if fb[F.hp] <= 0:
        return DuelOutcome.a_wins
    if fa[F.hp] <= 0:
        return DuelOutcome.b_wins
    return -1


@njit(_nrt=False)
def is_plain_nb(f):
    """No effect acts during the duel, no status, no magic hook: the scalar fast path applies."""
    mask = f[F.triggers]
    if f[F.effect_count] > 0 and (mask == 0 or (mask & RUNTIME_TRIGGERS) != 0):
        return False
    return (
        f[F.frozen_until] < 0
        and f[F.stunned_until] < 0
        and f[F.disarmed_until] < 0
        and f[F.disarm_release_row] == 0
        and f[F.table_miss_max] == 0
        and f[F.table_critical_max] == 0
        and f[F.aura_stun] == 0
        and f[F.aura_disarm] == 0
        and f[F.battle_disarmed] == 0
        and f[F.wrap_row] == 0
        and f[F.shielded] == 0
        and f[F.skip_turn] == 0
        and f[F.battle_prevent] == 0
        and f[F.battle_hit] == 0
        and f[F.battle_atk] == 0
        and f[F.battle_attack_dice] == 0
        and f[F.battle_hit_dice] == 0
        and not _has_dots(f)
        and f[F.extra_mult] <= 1
        and f[F.auto_hit] == 0
        and f[F.strike_first] == 0
        and f[F.lifesteal_num] == 0
        and f[F.flying_mask] == 0
        and f[F.react] == 0
        and f[F.boost_dice] == 0
        and f[F.boost_on_hit] == 0
        and f[F.counter] == 0
    )


@njit(_nrt=False, inline="always")
def _plain_strike(al_target, hit_dice, hit_bonus, attack_dice, atk_bonus, rng, script):
    """(damage to the target, damage to the striker): `_strike_body` without effects."""
    total = 0
    all_six = hit_dice >= CRITICAL_DICE
    all_one = hit_dice >= CRITICAL_DICE
    for _ in range(hit_dice):
        die = d6_nb(rng, script)
        total += die
        all_six = all_six and die == 6
        all_one = all_one and die == 1
    if all_one:
        return 0, d6_nb(rng, script)
    if not all_six and total + hit_bonus < al_target:
        return 0, 0
    damage = atk_bonus
    for _ in range(attack_dice):
        damage += d6_nb(rng, script)
    if all_six:
        damage *= CRITICAL_MULTIPLIER
    return (damage if damage > 0 else 0), 0


@njit(_nrt=False)
def _plain_duel_nb(fa, fb, rng, script, max_exchanges):
    """`duel_nb` for two plain fighters with the state in registers: same dice, same result.

    fa and fb are only read. Returns (outcome, exchanges, strikes, first, HP of A, HP of B).
    """
    first = 0 if roll_off_nb(rng, script) else 1
    hp_a = fa[F.hp]
    hp_b = fb[F.hp]
    al_a = effective_al_nb(fa)
    al_b = effective_al_nb(fb)
    hd_a = fa[F.hit_dice]
    hd_b = fb[F.hit_dice]
    hb_a = fa[F.modifier] + fa[F.hit_bonus]
    hb_b = fb[F.modifier] + fb[F.hit_bonus]
    ad_a = fa[F.attack_dice] if fa[F.attack_dice] > 0 else 0
    ad_b = fb[F.attack_dice] if fb[F.attack_dice] > 0 else 0
    ab_a = fa[F.modifier] + fa[F.atk_bonus]
    ab_b = fb[F.modifier] + fb[F.atk_bonus]
    tied = fa[F.speed] == fb[F.speed]
    a_faster = fa[F.speed] > fb[F.speed]
    strikes = 0
    for clock in range(max_exchanges):
        if tied:  # the initiator (the owner) rolls first
            a_first = roll_off_nb(rng, script) == ((first ^ (clock & 1)) == 0)
        else:
            a_first = a_faster
        for k in range(2):
            if a_first == (k == 0):
                dealt, self_damage = _plain_strike(al_b, hd_a, hb_a, ad_a, ab_a, rng, script)
                hp_b -= dealt
                hp_a -= self_damage
            else:
                dealt, self_damage = _plain_strike(al_a, hd_b, hb_b, ad_b, ab_b, rng, script)
                hp_a -= dealt
                hp_b -= self_damage
            strikes += 1
            if hp_a <= 0 or hp_b <= 0:
                break
        if hp_a <= 0 or hp_b <= 0:
            outcome = DuelOutcome.a_wins if hp_b <= 0 else DuelOutcome.b_wins
            return outcome, clock + 1, strikes, first, max(hp_a, 0), max(hp_b, 0)
    return DuelOutcome.cap, max_exchanges, strikes, first, hp_a, hp_b


@njit(cache=True, _nrt=False)
def duel_nb(fa, fb, effects, rng, script, max_exchanges, out, general=False):
    """One duel of prepared fighters fa and fb (modified in place).

    out : ndarray(int64, ndim=1)  filled with [outcome, exchanges, strikes, first owner (0=A)]
    Two plain fighters (`is_plain_nb`) take a scalar fast path with the same dice and the same
    result; `general=True` forces the general path (tests compare the two).
    """
    if not general and is_plain_nb(fa) and is_plain_nb(fb):
        outcome, exchanges, strikes, first, hp_a, hp_b = _plain_duel_nb(fa, fb, rng, script, max_exchanges)
        fa[F.hp] = hp_a
        fb[F.hp] = hp_b
        out[0] = outcome
        out[1] = exchanges
        out[2] = strikes
        out[3] = first
        return
    first = 0 if roll_off_nb(rng, script) else 1
    if has_trigger_nb(fa, Trigger.static):
        place_static_dots_nb(fa, fb, effects, 0 if first == 0 else 1)
    if has_trigger_nb(fb, Trigger.static):
        place_static_dots_nb(fb, fa, effects, 0 if first == 1 else 1)
    strikes = 0
    outcome = DuelOutcome.cap
    exchanges = max_exchanges
    for clock in range(max_exchanges):
        if (first ^ (clock & 1)) == 0:
            fo = fa
            fx = fb
        else:
            fo = fb
            fx = fa
        fo[F.in_own_turn] = 1  # Lurking Slime: "During your turn"
        fx[F.in_own_turn] = 0
        played = True
        if (
            fo[F.skip_turn] != 0
            or fo[F.wrap_row] != 0
            or fo[F.disarm_release_row] != 0
            or fo[F.aura_release_row] != 0
            or fx[F.disarm_release_row] != 0
            or has_trigger_nb(fo, Trigger.turn_start)
            or has_trigger_nb(fo, Trigger.your_turn)
            or has_trigger_nb(fx, Trigger.opponent_turn)
        ):
            played = turn_start_nb(fo, fx, effects, clock, rng, script)
        if played and fo[F.hp] > 0 and fx[F.hp] > 0:
            strikes += _battle_body(fo, fx, effects, clock, rng, script)
        if fo[F.hp] > 0 and fx[F.hp] > 0:
            _end_exchange_body(fo, fx, effects, clock, rng, script)
        result = _outcome(fa, fb)
        if result >= 0:
            outcome = result
            exchanges = clock + 1
            break
    out[0] = outcome
    out[1] = exchanges
    out[2] = strikes
    out[3] = first


@njit(_nrt=False)
def _run_block_nb(
    templates_a,
    templates_b,
    effects,
    seed,
    first_index,
    script,
    max_exchanges,
    games,
    k0,
    k1,
    fa,
    fb,
    rng,
    res,
    out_outcome,
    out_exchanges,
    out_strikes,
    out_first,
):
    n_cols = fa.shape[0]
    last_pair = -1
    plain = False
    for k in range(k0, k1):
        pair = k // games
        if pair != last_pair:
            for c in range(n_cols):  # element copies: no array views, no reference counting
                fa[c] = templates_a[pair, c]
                fb[c] = templates_b[pair, c]
            plain = is_plain_nb(fa) and is_plain_nb(fb)
            last_pair = pair
        seed_rng_nb(rng, seed, np.uint64(first_index + k % games))
        if plain:  # the templates are only read: no copy per duel
            outcome, exchanges, strikes, first, _, _ = _plain_duel_nb(fa, fb, rng, script, max_exchanges)
            out_outcome[k] = outcome
            out_exchanges[k] = exchanges
            out_strikes[k] = strikes
            out_first[k] = first
            continue
        for c in range(n_cols):
            fa[c] = templates_a[pair, c]
            fb[c] = templates_b[pair, c]
        duel_nb(fa, fb, effects, rng, script, max_exchanges, res, True)  # not plain: skip the check
        out_outcome[k] = res[0]
        out_exchanges[k] = res[1]
        out_strikes[k] = res[2]
        out_first[k] = res[3]


@njit(cache=True, parallel=True)
def run_duels_nb(
    templates_a,
    templates_b,
    effects,
    seed,
    first_index,
    script,
    max_exchanges,
    out_outcome,
    out_exchanges,
    out_strikes,
    out_first,
):
    """Duels of prepared fighter pairs, in parallel.

    templates_a, templates_b : ndarray(int64, ndim=2)  one prepared fighter per pair
    seed : uint64
    first_index : int  index of the first duel of each pair (to run a pair in chunks)
    out_* : ndarray(ndim=1)  n_pairs * games entries; duel k is pair k // games, duel index
        first_index + k % games; its dice come from (seed, duel index) alone, so a pair's
        duels do not depend on the other pairs, the threads or the chunking.
    """
    n = out_outcome.shape[0]
    n_pairs = templates_a.shape[0]
    games = n // n_pairs
    n_blocks = (n + BLOCK - 1) // BLOCK
    # threads take contiguous ranges of work items: visit the blocks in a scrambled order
    # (a stride coprime with the count) so that costly pairs spread over the threads
    stride = max(1, int(n_blocks * 0.6180339887))
    while _gcd(stride, n_blocks) != 1:
        stride += 1
    for item in prange(n_blocks):
        blk = (item * stride) % n_blocks
        fa = np.empty(N_FIGHTER_COLS, dtype=np.int64)
        fb = np.empty(N_FIGHTER_COLS, dtype=np.int64)
        rng = np.empty(RNG_WORDS, dtype=np.uint64)
        res = np.empty(4, dtype=np.int64)
        _run_block_nb(
            templates_a,
            templates_b,
            effects,
            seed,
            first_index,
            script,
            max_exchanges,
            games,
            blk * BLOCK,
            min(n, (blk + 1) * BLOCK),
            fa,
            fb,
            rng,
            res,
            out_outcome,
            out_exchanges,
            out_strikes,
            out_first,
        )


@njit(_nrt=False)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a
