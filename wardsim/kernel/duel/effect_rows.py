"""Effect rows in a battle: who they hit, what they change, and the damage rules (numba).

The battle kernel (`kernel.duel.battle`) calls these to interpret the compiled effect table
generically: a row is (trigger, condition, action, target, amount, dice, roll, duration,
filter...), and no function here knows a card by name. The duel semantics are written down in
`kernel.duel.battle`; the functions that act on one row say which part they carry out.

- targets, filters, scales, durations; DOT slots, stat changes, statuses;
- which rows act at all in a battle or a duel (`row_acts_in_duel_nb`), and the trigger mask
  that lets the kernel skip the loops over rows that cannot act;
- the folding of static and on-summon stat rows at the start of a duel;
- damage taken (`take_damage_nb`: prevention, reductions), healing, effect damage;
- `fire_row_nb`: one triggered row (on hit, your turn, turn start, opponent turn, battle start).
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.enums import (
    DOT_SLOT_WIDTH,
    N_DOT_SLOTS,
    Action,
    Condition,
    Duration,
    EffectCol,
    FighterCol,
    Flag,
    Scale,
    Stat,
    Status,
    Target,
    Trigger,
)
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb
from wardsim.rules import AL_CAP

F = FighterCol
E = EffectCol

FOREVER = 1 << 40  # a status timer that never runs out


@njit(_nrt=False)
def effective_al_nb(f):
    al = f[F.armor_level] + f[F.al_change] + f[F.battle_al]
    return AL_CAP if al > AL_CAP else al  # rules guide: "Max AL can never exceed 12, even with AL buffs"


@njit(_nrt=False)
def is_hurt_nb(f):
    """Ashen Knight: "below 40 HP", half its printed 80: its HP is below half its printed HP."""
    return f[F.hp] * 2 < f[F.base_hp]


@njit(_nrt=False)
def hurt_stat_nb(f, effects, stat):
    """What f's static rows with the condition `below_half_hp` add to `stat` now (Ashen Knight's
    AL and SPD, read by the strikes and the order of the strikes)."""
    if f[F.effect_count] == 0 or not is_hurt_nb(f):
        return 0
    add = 0
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.modify_stat
            and effects[r, E.condition] == Condition.below_half_hp
            and effects[r, E.stat] == stat
            and effects[r, E.target] == Target.self
        ):
            add += effects[r, E.amount]
    return add


@njit(_nrt=False)
def strike_al_nb(f, effects):
    """The AL a strike against f must reach: its effective AL with what its HP adds now
    (Ashen Knight's AL +2 below 40 HP), capped at 12."""
    al = effective_al_nb(f)
    if f[F.effect_count] > 0 and is_hurt_nb(f):
        al = f[F.armor_level] + f[F.al_change] + f[F.battle_al] + hurt_stat_nb(f, effects, Stat.armor_level)
        if al > AL_CAP:
            al = AL_CAP
    return al


@njit(_nrt=False)
def immune_to_creature_effects_nb(f):
    return (f[F.immune] & Flag.creature_effects) != 0


# the triggers the battle functions look at while a duel runs
RUNTIME_TRIGGERS = (
    (1 << Trigger.static)
    | (1 << Trigger.on_strike)
    | (1 << Trigger.on_hit)
    | (1 << Trigger.on_damage_dealt)
    | (1 << Trigger.on_damage_taken)
    | (1 << Trigger.your_turn)
    | (1 << Trigger.turn_start)
    | (1 << Trigger.opponent_turn)
    | (1 << Trigger.battle_start)
    | (1 << Trigger.before_hit_roll)
    | (1 << Trigger.on_hit_taken)
)
NO_TRIGGERS = 1 << 62  # a known mask without any trigger (0 means "not computed")


@njit(_nrt=False)
def set_triggers_nb(f, effects):
    """Record which triggers f's rows use at run time, so the kernel skips the other loops.

    Rows that do nothing there do not count: static rows already folded into the stats by
    `prepare_pair_nb` (unconditional stat changes, immunity) and rows whose action needs other
    cards (destroy magic, limited summons...).
    """
    mask = NO_TRIGGERS
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if row_acts_in_battle_nb(effects, r):
            mask |= np.int64(1) << np.int64(effects[r, E.trigger])
    f[F.triggers] = mask


@njit(_nrt=False, inline="always")
def has_trigger_nb(f, trigger):
    """Does f have a row with this trigger? (An unset mask, 0, means "maybe".)"""
    if f[F.effect_count] == 0:
        return False
    mask = f[F.triggers]
    return mask == 0 or ((mask >> trigger) & 1) != 0


@njit(_nrt=False)
def targets_opponent_nb(target):
    return (
        target == Target.struck
        or target == Target.attacker
        or target == Target.opponent_primary
        or target == Target.opponent_creatures
        or target == Target.opponent_player
    )


@njit(_nrt=False)
def targets_self_nb(target):
    # not `equipped`: on a creature card those rows act only once it has become an equip
    return (
        target == Target.self
        or target == Target.own_primary
        or target == Target.own_creatures
        or target == Target.own_player
    )


@njit(_nrt=False)
def filter_matches_nb(effects, r, f):
    """Does creature `f` pass row r's filter (any listed type, tag or name keyword)?"""
    types = effects[r, E.filter_types]
    tags = effects[r, E.filter_tags]
    names = effects[r, E.filter_names]
    if effects[r, E.filter_card_type] > 0:  # a magic-card filter never matches a creature
        return False
    max_al = effects[r, E.filter_max_al]
    if max_al > 0 and f[F.armor_level] > max_al:
        return False
    # a lower bound reads the AL it has now, every change counted: Steam Golem's card counts the
    # AL that equips give
    if effects[r, E.filter_min_al] > 0 and effective_al_nb(f) < effects[r, E.filter_min_al]:
        return False
    if types == 0 and tags == 0 and names == 0:
        return True
    return ((types >> f[F.creature_type]) & 1) != 0 or (tags & f[F.tags]) != 0 or (names & f[F.names]) != 0


@njit(_nrt=False)
def scale_factor_nb(effects, r):
    """What a duel multiplies the row's amount by: no hand, cemetery or deaths count 0.

    -1 means the scale is not defined in a duel (the row does nothing).
    """
    scale = effects[r, E.scale]
    if scale == Scale.none:
        return 1
    if scale == Scale.turn_cycles:
        return -1
    if scale == Scale.opponent_primary_speed:
        return 1  # the other creature's SPD: `_fold_stats` reads it
    return 0


@njit(_nrt=False)
def status_until_nb(duration, clock, cycle):
    """Last clock a status holds: N turn cycles of `cycle` clocks = this one and the next
    cycle * N - 1."""
    if duration > 0:
        return clock + cycle * duration - 1
    if duration == Duration.source or duration == Duration.permanent or duration == Duration.released:
        return FOREVER
    return clock  # instant, battle, turn: until the end of this exchange


@njit(_nrt=False)
def dot_ticks_nb(duration):
    if duration > 0:
        return duration
    if duration == Duration.source or duration == Duration.permanent:
        return -1
    return 1


@njit(_nrt=False)
def _stacks(effects, r):
    return (effects[r, E.flags] & Flag.stacks) != 0


@njit(_nrt=False)
def add_dot_nb(f, r, clock, ticks, stacks):
    """Put DOT/HOT row r on f, first tick at the end of exchange `clock`. The same row again
    restarts (DESIGN.md ruling 6), unless it `stacks` (the row's Flag.stacks, the config
    ruling): then it takes a slot of its own, except that copies of a DOT lasting as long as its
    source which are due on the same clocks tick as one slot (ticks -n: n copies).

    The slots hold every DOT the card pool can put on one creature (`N_DOT_SLOTS`, checked
    against the catalog by the tests), so a free slot is always found."""
    free = -1
    for k in range(N_DOT_SLOTS):
        base = F.dot0_row + k * DOT_SLOT_WIDTH
        if f[base] == r + 1:
            if not stacks:
                f[base + 1] = ticks
                f[base + 2] = clock
                return
            if ticks < 0 and f[base + 1] < 0 and f[base + 2] == clock:
                f[base + 1] += ticks  # one more lasting copy, due with the others
                return
        if f[base] == 0 and free < 0:
            free = k
    if free >= 0:
        base = F.dot0_row + free * DOT_SLOT_WIDTH
        f[base] = r + 1
        f[base + 1] = ticks
        f[base + 2] = clock


@njit(_nrt=False)
def add_stat_nb(f, stat, amount):
    if stat == Stat.armor_level:
        f[F.al_change] += amount
    elif stat == Stat.speed:
        f[F.speed] += amount
    elif stat == Stat.hp:
        f[F.hp] += amount
        f[F.max_hp] += amount
    elif stat == Stat.hit:
        f[F.hit_bonus] += amount
    elif stat == Stat.atk:
        f[F.atk_bonus] += amount
    elif stat == Stat.attack_dice:
        f[F.attack_dice] += amount
    elif stat == Stat.hit_dice:
        f[F.hit_dice] += amount
    elif stat == Stat.modifier:
        f[F.modifier] += amount


@njit(_nrt=False)
def stat_value_nb(f, stat):
    """The stat's current value (AL with its changes, before the cap of 12)."""
    if stat == Stat.armor_level:
        return f[F.armor_level] + f[F.al_change]
    if stat == Stat.speed:
        return f[F.speed]
    if stat == Stat.hp:
        return f[F.max_hp]
    if stat == Stat.hit:
        return f[F.hit_bonus]
    if stat == Stat.atk:
        return f[F.atk_bonus]
    if stat == Stat.attack_dice:
        return f[F.attack_dice]
    if stat == Stat.hit_dice:
        return f[F.hit_dice]
    if stat == Stat.modifier:
        return f[F.modifier]
    return 0


@njit(_nrt=False)
def set_stat_nb(f, stat, value):
    """Stat = value, superseding the changes already applied."""
    if stat == Stat.armor_level:
        f[F.armor_level] = value
        f[F.al_change] = 0
    elif stat == Stat.hp:
        f[F.hp] = value
        f[F.max_hp] = value
    else:
        add_stat_nb(f, stat, value - stat_value_nb(f, stat))


@njit(_nrt=False)
def set_aura_stat_nb(f, stat, value):
    """Stat = value while an aura lasts (Curse, Dragon Power on the field): the AL is set through
    its changes, so the printed AL is there again when the game recomputes the stats without it."""
    if stat == Stat.armor_level:
        f[F.al_change] = value - f[F.armor_level]
    else:
        set_stat_nb(f, stat, value)


@njit(_nrt=False)
def add_battle_stat_nb(f, stat, amount):
    """A change that lasts until the end of the battle (Dark Elf's +4 Atk Dice Rolls)."""
    if stat == Stat.attack_dice:
        f[F.battle_attack_dice] += amount
    elif stat == Stat.hit_dice:
        f[F.battle_hit_dice] += amount
    elif stat == Stat.hit:
        f[F.battle_hit] += amount
    elif stat == Stat.atk:
        f[F.battle_atk] += amount
    elif stat == Stat.modifier:
        f[F.battle_hit] += amount
        f[F.battle_atk] += amount
    elif stat == Stat.armor_level:
        f[F.battle_al] += amount  # Woodland Elf: "Target's AL reduced by 5"


@njit(_nrt=False)
def _is_static_duration(duration):
    return duration == Duration.instant or duration == Duration.source or duration == Duration.permanent


@njit(_nrt=False)
def _negates_increases(src, victim, effects, stat):
    """Does creature src have a static row that negates the increases of `stat` on its opponent
    `victim` (Zanj the Hunter), unless victim is unaffected by creature effects?"""
    if immune_to_creature_effects_nb(victim):
        return False
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        target = effects[r, E.target]
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.negate_increases
            and effects[r, E.stat] == stat
            and (target == Target.opponent_creatures or target == Target.opponent_primary)
        ):
            return True
    return False


@njit(_nrt=False)
def _fold_stats(src, opp, effects, action, opp_speed):
    """Apply src's unconditional static/on-summon rows of one stat action; `opp_speed` is the
    other creature's base SPD, before any fold (Ancient Sentinel)."""
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        trig = effects[r, E.trigger]
        if trig != Trigger.static and trig != Trigger.on_summon:
            continue
        if effects[r, E.action] != action or effects[r, E.condition] != Condition.always:
            continue
        if not _is_static_duration(effects[r, E.duration]):
            continue
        target = effects[r, E.target]
        if targets_opponent_nb(target):
            if immune_to_creature_effects_nb(opp):
                continue
            victim = opp
        elif targets_self_nb(target):
            victim = src
        else:
            continue
        factor = scale_factor_nb(effects, r)
        if factor < 0:
            continue
        if effects[r, E.scale] == Scale.opponent_primary_speed:
            factor = opp_speed
        stat = effects[r, E.stat]
        amount = effects[r, E.amount] * factor
        own_row = targets_self_nb(target)
        if action == Action.modify_stat and amount > 0 and own_row and _negates_increases(opp, src, effects, stat):
            continue  # Zanj the Hunter: "Negate all other opponent AL increases"
        if action == Action.modify_stat:
            add_stat_nb(victim, stat, amount)
        elif action == Action.scale_stat:
            value = stat_value_nb(victim, stat)
            set_stat_nb(victim, stat, value * effects[r, E.amount] // effects[r, E.divisor])
        else:
            set_stat_nb(victim, stat, amount)


@njit(cache=True, _nrt=False)
def copies_stats_nb(f, effects):
    """Jerry: does creature f carry a static copy_stats row (its effects not negated)?"""
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.copy_stats:
            return True
    return False


@njit(_nrt=False)
def _fold_immunity(f, effects):
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.immune:
            f[F.immune] |= effects[r, E.flags] & (Flag.creature_effects | Flag.magic)


@njit(_nrt=False)
def modifier_cut_nb(src, f, effects):
    """Lumber: what creature src's static rows take off the Modifier of the creature f it
    battles: each `scale_stat` row of the Modifier aimed at `struck` whose filter f passes leaves
    f's base Modifier x amount / divisor (rounded down), the rest of f's Modifier untouched."""
    if immune_to_creature_effects_nb(f):
        return 0
    cut = 0
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.scale_stat
            and effects[r, E.target] == Target.struck
            and effects[r, E.stat] == Stat.modifier
            and (effects[r, E.condition] == Condition.always or effects[r, E.condition] == Condition.target_matches)
            and filter_matches_nb(effects, r, f)
        ):
            base = f[F.base_modifier]
            cut += base - base * effects[r, E.amount] // effects[r, E.divisor]
    return cut


@njit(_nrt=False)
def immunity_negated_by_nb(src, f, effects):
    """Thresher: does creature src have a static `negate_immunity` row whose filter f passes?"""
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.negate_immunity
            and filter_matches_nb(effects, r, f)
        ):
            return True
    return False


@njit(_nrt=False)
def set_hit_table_nb(f, effects, r):
    """Maniac, Ring of Extremes: row r, if it is a row of a Hit-roll table, into f's table."""
    action = effects[r, E.action]
    if action == Action.critical_miss_up_to:
        f[F.table_miss_max] = effects[r, E.amount]
    elif action == Action.critical_hit_up_to:
        f[F.table_critical_max] = effects[r, E.amount]


@njit(_nrt=False)
def set_strike_rule_nb(f, effects, r):
    """Row r, if it is a rule on the Hit dice of strikes against f or of f's own (Scarlett:
    matching dice; Sprite: a die showing 3 or 4; Tri-Dragon: no critical hit or miss), into f."""
    action = effects[r, E.action]
    if action == Action.hit_needs_match:
        f[F.guard_match_min] = max(effects[r, E.amount], 1)
    elif action == Action.hit_needs_face:
        f[F.guard_face_lo] = effects[r, E.roll_lo]
        f[F.guard_face_hi] = effects[r, E.roll_hi]
    elif action == Action.no_criticals:
        f[F.no_criticals] = 1
    elif action == Action.no_hit_roll:
        f[F.no_hit_roll] = 1
    elif action == Action.base_attack_only:
        f[F.base_attack_only] = 1


@njit(_nrt=False)
def _fold_hit_table(f, effects):
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if effects[r, E.trigger] == Trigger.static:
            set_hit_table_nb(f, effects, r)
            set_strike_rule_nb(f, effects, r)


@njit(_nrt=False)
def is_aura_row_nb(effects, r):
    """Electroloon: a creature's static status on the opposing creatures that lasts until a
    release roll of their player (stunned or disarmed: `aura_stun`, `aura_disarm`)."""
    status = effects[r, E.status]
    return (
        effects[r, E.trigger] == Trigger.static
        and effects[r, E.action] == Action.apply_status
        and effects[r, E.duration] == Duration.released
        and (status == Status.stunned or status == Status.disarmed)
        and targets_opponent_nb(effects[r, E.target])
    )


@njit(_nrt=False)
def set_aura_status_nb(f, effects, r):
    """Aura row r (`is_aura_row_nb`) holds creature f."""
    if effects[r, E.status] == Status.stunned:
        f[F.aura_stun] = 1
    else:
        f[F.aura_disarm] = 1


@njit(_nrt=False)
def _fold_auras(src, opp, effects):
    """src's aura rows on opp, for a duel; the first row's release roll ends them all."""
    if immune_to_creature_effects_nb(opp):
        return
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        if is_aura_row_nb(effects, r):
            set_aura_status_nb(opp, effects, r)
            if opp[F.aura_release_row] == 0:
                opp[F.aura_release_row] = r + 1


@njit(_nrt=False)
def aura_release_roll_nb(f, effects, rng, script):
    """In a duel, the roll of f's player at the start of their turn that ends the aura holding
    f (Electroloon; they always roll). Returns the die, 0 when no aura holds f."""
    w = f[F.aura_release_row] - 1
    if w < 0:
        return 0
    die = d6_nb(rng, script)
    if effects[w, E.release_lo] <= die <= effects[w, E.release_hi]:
        f[F.aura_stun] = 0
        f[F.aura_disarm] = 0
        f[F.aura_release_row] = 0
    return die


@njit(_nrt=False)
def place_static_dots_nb(src, opp, effects, first_clock):
    """src's static DOT/HOT rows (Basilisk): tick at the end of each of src's exchanges."""
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        if effects[r, E.trigger] != Trigger.static:
            continue
        action = effects[r, E.action]
        if action != Action.dot and action != Action.hot:
            continue
        target = effects[r, E.target]
        if targets_opponent_nb(target):
            if immune_to_creature_effects_nb(opp):
                continue
            add_dot_nb(opp, r, first_clock, dot_ticks_nb(effects[r, E.duration]), _stacks(effects, r))
        elif targets_self_nb(target):
            add_dot_nb(src, r, first_clock, dot_ticks_nb(effects[r, E.duration]), _stacks(effects, r))


@njit(_nrt=False)
def take_damage_nb(f, other, effects, amount, is_atk):
    """f takes `amount` (from `other`'s strike or effect); returns the damage dealt.

    The receiver's rules, in row order: prevention (battle-start roll, an equip's lasting
    immunity, flight, static prevention, "only Atk damage" for non-Atk damage), then reductions
    (x amount / divisor, rounded down). A reduction that sends back what it takes off (Demonic
    Turtle) acts on Atk damage only and leaves that part in f's `returned_damage` for the strike.
    HP stops at 0; the return value is not capped by the HP left.
    """
    if amount <= 0 or f[F.battle_prevent] != 0 or f[F.damage_immune] != 0:
        return 0
    if f[F.base_attack_only] != 0 and not is_atk:
        return 0  # Arcturus: only a strike's Atk damage reaches it
    if is_atk and f[F.flying_mask] != 0 and (other[F.tags] & f[F.flying_mask]) == 0:
        return 0  # flight: only creatures with the listed artwork tags can hurt it
    n_rows = f[F.effect_count]
    start = f[F.effect_start]
    backlash = False
    for r in range(start, start + n_rows):
        trig = effects[r, E.trigger]
        if trig != Trigger.static and trig != Trigger.on_damage_taken:
            continue
        action = effects[r, E.action]
        if (
            trig == Trigger.on_damage_taken
            and action == Action.damage
            and effects[r, E.target] == Target.opponent_primary
        ):
            backlash = True  # Eagle Family: the opponent rolls for it once the damage is dealt (the game)
            continue
        returns = action == Action.reduce_and_return
        multiplies = action == Action.multiply_damage and trig == Trigger.on_damage_taken
        if action != Action.prevent_damage and action != Action.reduce_damage and not returns and not multiplies:
            continue
        if (returns or multiplies) and not is_atk:
            continue  # Demonic Turtle reduces Atk damage only; Earth Eleotoid receives 2x Atk damage
        cond = effects[r, E.condition]
        if cond == Condition.always:
            applies = True
        elif cond == Condition.not_atk_damage:
            applies = not is_atk
        elif cond == Condition.slower_than_target:
            applies = f[F.speed] < other[F.speed]
        elif cond == Condition.attacker_not_matching:
            applies = is_atk and not filter_matches_nb(effects, r, other)
        elif cond == Condition.attacker_matches:
            applies = is_atk and filter_matches_nb(effects, r, other)
        elif cond == Condition.own_turn:
            applies = f[F.in_own_turn] != 0  # Lurking Slime: "during your turn"
        else:
            applies = False
        if not applies:
            continue
        if action == Action.prevent_damage:
            return 0
        if multiplies:
            amount = amount * effects[r, E.amount]
            continue
        reduced = amount * effects[r, E.amount] // effects[r, E.divisor]
        if returns:
            f[F.returned_damage] += amount - reduced  # what Demonic Turtle sends back at the striker
        amount = reduced
    if amount <= 0:
        return 0
    f[F.hp] -= amount
    if f[F.hp] < 0:
        f[F.hp] = 0
    if backlash:
        f[F.backlash_due] += 1
    f[F.last_damage_atk] = 1 if is_atk else 0
    return amount


@njit(_nrt=False)
def heal_nb(f, amount):
    if f[F.hp] > 0 and amount > 0:
        f[F.hp] += amount
        if f[F.hp] > f[F.max_hp]:
            f[F.hp] = f[F.max_hp]


@njit(_nrt=False)
def roll_amount_nb(effects, r, rng, script):
    """amount + dice d6 of row r."""
    total = effects[r, E.amount]
    for _ in range(effects[r, E.dice]):
        total += d6_nb(rng, script)
    return total


@njit(_nrt=False)
def chosen_battle_row_nb(effects, r):
    """Shapeshifter's forms, Nadara's second attack, Monkey Duck's "Quack": a battle-start row
    without a roll that a player decides on as the battle begins (flags `choice`, `optional`,
    `opponent_choice`). The game asks the player (kernel.game.play); no strike fires it."""
    return (
        effects[r, E.trigger] == Trigger.battle_start
        and effects[r, E.roll_lo] == 0
        and (effects[r, E.flags] & (Flag.choice | Flag.optional | Flag.opponent_choice)) != 0
    )


@njit(_nrt=False)
def apply_battle_row_nb(f, effects, r):
    """A chosen battle-start row acts on its creature f for the battle: SPD straight onto the
    fighter (the order of the strikes is read once, at the battle's start), the rest as
    battle-long changes."""
    if effects[r, E.action] == Action.recoil:
        f[F.recoil_row] = r + 1  # Chaos Demon: its price, paid after the battle (kernel.game.play)
        return
    if effects[r, E.action] != Action.modify_stat:
        return
    if effects[r, E.stat] == Stat.speed:
        f[F.speed] += effects[r, E.amount]  # Shapeshifter's Eagle: +5 SPD for this battle
    else:
        add_battle_stat_nb(f, effects[r, E.stat], effects[r, E.amount])


@njit(_nrt=False)
def fired_row_acts_nb(effects, r):
    """Is row r one `fire_row_nb` can carry out (its action, status, duration)?"""
    if effects[r, E.scale] == Scale.sent_hp:
        return False  # Vampire Lord's heal is paid with a card from the hand: a duel has none
    if chosen_battle_row_nb(effects, r) or (effects[r, E.flags] & Flag.choice) != 0:
        return False  # a player's decision (a battle's start, one of alternatives), the game's business
    action = effects[r, E.action]
    if (
        action == Action.dot
        or action == Action.hot
        or action == Action.negate_attack
        or action == Action.skip_turn
        or action == Action.damage
        or action == Action.heal
        or action == Action.prevent_damage
        or action == Action.drain_armor
        or action == Action.no_damage
    ):
        return True
    if action == Action.apply_status:
        status = effects[r, E.status]
        return (
            status == Status.frozen
            or status == Status.stunned
            or status == Status.disarmed
            or status == Status.wrapped
            or status == Status.shielded
        )
    if action == Action.modify_stat:
        duration = effects[r, E.duration]
        return duration == Duration.battle or duration == Duration.turn
    if action == Action.set_stat:
        # Woodland Elf: "Target's Modifier reduced to 0" for the battle
        return effects[r, E.duration] == Duration.battle and effects[r, E.stat] == Stat.modifier
    return False


@njit(_nrt=False)
def row_acts_in_battle_nb(effects, r):
    """Does row r do anything in the battle functions at run time (for `set_triggers_nb`)?"""
    trig = effects[r, E.trigger]
    action = effects[r, E.action]
    if (
        trig == Trigger.on_hit
        or trig == Trigger.your_turn
        or trig == Trigger.turn_start
        or trig == Trigger.opponent_turn
        or trig == Trigger.battle_start
        or trig == Trigger.before_hit_roll
        or trig == Trigger.on_hit_taken
    ):
        target = effects[r, E.target]
        return fired_row_acts_nb(effects, r) and (targets_self_nb(target) or targets_opponent_nb(target))
    if trig == Trigger.on_strike:
        return action == Action.multiply_damage
    if trig == Trigger.on_damage_dealt:
        # Pyre Lord: damage to itself after it inflicts Atk damage
        return action == Action.heal_from_damage or (action == Action.damage and effects[r, E.target] == Target.self)
    if trig == Trigger.on_damage_taken:
        return (
            action == Action.prevent_damage
            or action == Action.reduce_damage
            or action == Action.reduce_and_return
            or action == Action.multiply_damage
        )
    if trig == Trigger.static:
        if action == Action.prevent_damage or action == Action.reduce_damage:
            return True
        if action == Action.critical_miss_up_to or action == Action.critical_hit_up_to:
            return True  # read by every strike (Maniac)
        if (
            action == Action.hit_needs_match
            or action == Action.hit_needs_face
            or action == Action.no_criticals
            or action == Action.no_hit_roll
            or action == Action.base_attack_only
        ):
            return True  # read by every strike (Scarlett, Sprite, Tri-Dragon, Fog, Arcturus)
        if action == Action.scale_stat and effects[r, E.target] == Target.struck:
            return True  # read by every strike against it (Lumber)
        if action == Action.dot or action == Action.hot:
            return True
        # unconditional stat rows are folded by prepare_pair_nb
        return action == Action.modify_stat and effects[r, E.condition] != Condition.always
    return False


@njit(cache=True, _nrt=False)
def row_acts_in_duel_nb(effects, r):
    """Does row r change anything in a duel (at the start or while it runs)?

    False for rows that need other cards, rows on an equip's creature, and stat rows scaled
    by the hand, the cemetery or deaths (they count 0 in a duel).
    """
    trig = effects[r, E.trigger]
    action = effects[r, E.action]
    if trig == Trigger.static and (
        action == Action.immune or action == Action.copy_stats or action == Action.negate_immunity
    ):
        return True  # copy_stats: folded by prepare_pair_nb (Jerry); negate_immunity (Thresher)
    if is_aura_row_nb(effects, r):
        return True  # folded on the opponent by prepare_pair_nb (Electroloon)
    if (
        (trig == Trigger.static or trig == Trigger.on_summon)
        and (action == Action.modify_stat or action == Action.scale_stat or action == Action.set_stat)
        and effects[r, E.condition] == Condition.always
    ):
        target = effects[r, E.target]
        return (
            _is_static_duration(effects[r, E.duration])
            and scale_factor_nb(effects, r) > 0
            and (targets_self_nb(target) or targets_opponent_nb(target))
        )
    if trig == Trigger.static and action == Action.modify_stat and scale_factor_nb(effects, r) <= 0:
        return False
    return row_acts_in_battle_nb(effects, r)


@njit(cache=True, _nrt=False)
def fire_row_nb(r, src, opp, effects, clock, rng, script):
    """Resolve src's triggered row r (on_hit, your_turn, turn_start, battle_start).

    Rows aimed at an immune opponent, and rows whose condition fails (target filter, lower
    AL, slower; other conditions are the caller's business), are skipped before their roll; a
    failed effect roll does nothing. Returns True when the row took effect.
    """
    if not fired_row_acts_nb(effects, r):
        if (
            effects[r, E.roll_lo] > 0
            and (effects[r, E.flags] & Flag.same_roll) == 0
            and r + 1 < effects.shape[0]
            and effects[r + 1, E.card] == effects[r, E.card]
            and (effects[r + 1, E.flags] & Flag.same_roll) != 0
        ):
            # Omega Titan: the first row of a roll table does nothing here (no magic in a duel),
            # but its die is rolled for the rows that read it
            die = d6_nb(rng, script)
            if src[F.strike_effect_dice] < np.int64(8) ** 20:
                src[F.strike_effect_dice] = src[F.strike_effect_dice] * 8 + die
            else:
                src[F.strike_effect_dice] = die
        return False  # nothing this kernel does (no roll either, outside a roll table)
    target = effects[r, E.target]
    action = effects[r, E.action]
    if targets_opponent_nb(target):
        victim = opp
        other = src
        if target != Target.opponent_player and immune_to_creature_effects_nb(opp):
            return False
    elif targets_self_nb(target):
        victim = src
        other = opp
    else:
        return False
    cond = effects[r, E.condition]
    if cond == Condition.target_matches:
        if not filter_matches_nb(effects, r, opp):
            return False
    elif cond == Condition.target_lower_al:
        if not effective_al_nb(opp) < effective_al_nb(src):
            return False
    elif cond == Condition.slower_than_target:
        if not src[F.speed] < opp[F.speed]:
            return False
    lo = effects[r, E.roll_lo]
    if lo > 0:
        if (effects[r, E.flags] & Flag.same_roll) != 0:
            # a roll table (The Alchemist): the die its first row rolled, the last one kept
            die = src[F.strike_effect_dice] % 8
        else:
            die = d6_nb(rng, script)
            # kept for the game's trace of the strike (cleared when src strikes; fits 21 rolls)
            if src[F.strike_effect_dice] < np.int64(8) ** 20:
                src[F.strike_effect_dice] = src[F.strike_effect_dice] * 8 + die
            elif r + 1 < effects.shape[0] and (effects[r + 1, E.flags] & Flag.same_roll) != 0:
                src[F.strike_effect_dice] = die  # the next rows of the table must read this die
        if die < lo or die > effects[r, E.roll_hi]:
            return False
    duration = effects[r, E.duration]
    if action == Action.dot or action == Action.hot:
        add_dot_nb(victim, r, clock, dot_ticks_nb(duration), _stacks(effects, r))
    elif action == Action.apply_status:
        status = effects[r, E.status]
        if status == Status.frozen:
            victim[F.frozen_until] = max(victim[F.frozen_until], status_until_nb(duration, clock, victim[F.cycle]))
        elif status == Status.stunned:
            victim[F.stunned_until] = max(victim[F.stunned_until], status_until_nb(duration, clock, victim[F.cycle]))
        elif status == Status.disarmed and duration == Duration.released:
            victim[F.disarm_release_row] = r + 1  # Giant Snake: until its player's release roll
        elif status == Status.disarmed:
            victim[F.disarmed_until] = max(victim[F.disarmed_until], status_until_nb(duration, clock, victim[F.cycle]))
        elif status == Status.wrapped:
            victim[F.wrap_row] = r + 1
        elif status == Status.shielded:
            victim[F.shielded] = 1
        else:
            return False
    elif action == Action.negate_attack:  # "negates the next attack against this card"
        victim[F.shielded] = 1
    elif action == Action.skip_turn:
        victim[F.skip_turn] = 1
    elif action == Action.damage:
        if targets_opponent_nb(target) and src[F.harmless] > clock:
            return False  # Omega Titan: src's side causes no damage now
        take_damage_nb(victim, other, effects, roll_amount_nb(effects, r, rng, script), False)
    elif action == Action.heal:
        if (effects[r, E.flags] & Flag.full) != 0:
            heal_nb(victim, victim[F.max_hp])
        else:
            heal_nb(victim, roll_amount_nb(effects, r, rng, script))
    elif action == Action.prevent_damage and (duration == Duration.turn or duration > 0):
        # The Super Hero: "cannot be damaged this turn"; Perseus Valenthil: "for 1 turn cycle" (a
        # duel's timer; the game keeps its own, InstCol.safe_until)
        victim[F.safe_until] = status_until_nb(duration, clock, victim[F.cycle]) + 1
        victim[F.damage_immune] = 1
    elif action == Action.prevent_damage:
        victim[F.battle_prevent] = 1
    elif action == Action.modify_stat and (duration == Duration.battle or duration == Duration.turn):
        add_battle_stat_nb(victim, effects[r, E.stat], effects[r, E.amount])
    elif action == Action.set_stat:
        # Woodland Elf: "Target's Modifier reduced to 0": the part above the amount is taken off
        # the Hit and Atk bonuses for the battle (only a set of the Modifier is fired: fired_row_acts_nb)
        excess = victim[F.modifier] - effects[r, E.amount]
        if excess <= 0:
            return False
        add_battle_stat_nb(victim, Stat.modifier, -excess)
    elif action == Action.no_damage:
        # Omega Titan: "your opponent cannot cause damage ... until the end of your turn"
        victim[F.harmless] = max(victim[F.harmless], status_until_nb(duration, clock, victim[F.cycle]) + 1)
    elif action == Action.drain_armor:
        # Wild Vampire: "reduce your opponent's primary creature's AL to 0. Increase this card's
        # Modifier by the number decreased" (ruling wild-vampire: the AL it has now, every change
        # counted and capped at 12; a creature already at 0 gives nothing more)
        taken = effective_al_nb(victim)
        if taken <= 0:
            return False
        victim[F.al_change] -= victim[F.armor_level] + victim[F.al_change]
        other[F.modifier] += taken
        other[F.al_drained] = taken
    else:
        return False
    return True


@njit(_nrt=False)
def disarm_release_roll_nb(f, effects, rng, script):
    """Giant Snake's disarm ends on a release roll that its creature's player may make once a
    turn: they always roll (the roll can only help them); on the row's release range the disarm
    ends. Returns the die, 0 when f has no such disarm."""
    w = f[F.disarm_release_row] - 1
    if w < 0:
        return 0
    die = d6_nb(rng, script)
    if effects[w, E.release_lo] <= die <= effects[w, E.release_hi]:
        f[F.disarm_release_row] = 0
    return die


@njit(_nrt=False)
def fire_trigger_nb(trigger, src, opp, effects, clock, rng, script):
    """Fire every row of src with this trigger, in row order, until a creature dies."""
    for r in range(src[F.effect_start], src[F.effect_start] + src[F.effect_count]):
        if effects[r, E.trigger] == trigger:
            fire_row_nb(r, src, opp, effects, clock, rng, script)
            if src[F.hp] <= 0 or opp[F.hp] <= 0:
                return


@njit(_nrt=False, inline="always")
def _condition_holds(effects, r, att, dfn, strikes_first, atk_six, dice_match):
    cond = effects[r, E.condition]
    if cond == Condition.always:
        return True
    if cond == Condition.strikes_first:
        return strikes_first
    if cond == Condition.atk_die_six:
        return atk_six
    if cond == Condition.hit_dice_match:
        return dice_match  # Tri-Dragon: "If this creature's Hit Dice match"
    if cond == Condition.below_half_hp:
        return is_hurt_nb(att)
    if cond == Condition.target_matches:
        return filter_matches_nb(effects, r, dfn)
    if cond == Condition.target_lower_al:
        return effective_al_nb(dfn) < effective_al_nb(att)
    if cond == Condition.slower_than_target:
        return att[F.speed] < dfn[F.speed]
    if cond == Condition.first_attack:
        return att[F.strikes_made] == 0  # Corn Creeper: "during this card's first attack"
    if cond == Condition.opponent_lightning:
        return att[F.lightning_answered] != 0  # Steam Rex: set by the game, never in a duel
    return False


@njit(_nrt=False, inline="always")
def _conditional_stats(att, dfn, effects, strikes_first):
    """Static stat rows with a condition (Glarbstenford: +2 Atk Dice Rolls vs a lower AL).

    Returns the (hit dice, Hit, Atk dice, Atk) added for this strike.
    """
    hit_dice = 0
    hit = 0
    attack_dice = 0
    atk = 0
    start = att[F.effect_start]
    for r in range(start, start + att[F.effect_count]):
        if (
            effects[r, E.trigger] != Trigger.static
            or effects[r, E.action] != Action.modify_stat
            or effects[r, E.condition] == Condition.always
            or not targets_self_nb(effects[r, E.target])
            or not _condition_holds(effects, r, att, dfn, strikes_first, False, False)
        ):
            continue
        factor = scale_factor_nb(effects, r)
        if factor <= 0:
            continue
        amount = effects[r, E.amount] * factor
        stat = effects[r, E.stat]
        if stat == Stat.hit_dice:
            hit_dice += amount
        elif stat == Stat.hit:
            hit += amount
        elif stat == Stat.attack_dice:
            attack_dice += amount
        elif stat == Stat.atk:
            atk += amount
        elif stat == Stat.modifier:
            hit += amount
            atk += amount
    return hit_dice, hit, attack_dice, atk


@njit(_nrt=False, inline="always")
def _multiply_nb(att, dfn, effects, strikes_first, atk_six, dice_match, damage):
    """The striker's on-strike multipliers (Hafling 3x if it strikes first, Orc 2x on a 6...)."""
    start = att[F.effect_start]
    for r in range(start, start + att[F.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.on_strike
            and effects[r, E.action] == Action.multiply_damage
            and _condition_holds(effects, r, att, dfn, strikes_first, atk_six, dice_match)
        ):
            damage *= effects[r, E.amount]
    return damage


@njit(_nrt=False, inline="always")
def _after_damage_nb(att, dfn, effects, dealt):
    """On-damage-dealt rows (Vampire heals 1/2 of the damage dealt; Succubus deals the healing
    above its max HP to the creature struck; Pyre Lord takes 5 damage) and the lifesteal hook."""
    start = att[F.effect_start]
    for r in range(start, start + att[F.effect_count]):
        if effects[r, E.trigger] != Trigger.on_damage_dealt:
            continue
        action = effects[r, E.action]
        if action == Action.heal_from_damage:
            healed = dealt * effects[r, E.amount] // effects[r, E.divisor]
            room = att[F.max_hp] - att[F.hp]
            alive = att[F.hp] > 0
            heal_nb(att, healed)
            if (effects[r, E.flags] & Flag.overflow) != 0 and alive and healed > room and dfn[F.hp] > 0:
                if not immune_to_creature_effects_nb(dfn):
                    take_damage_nb(dfn, att, effects, healed - room, False)
        elif action == Action.damage and effects[r, E.target] == Target.self:
            take_damage_nb(att, dfn, effects, effects[r, E.amount], False)
    if att[F.lifesteal_num] > 0 and att[F.lifesteal_den] > 0:
        heal_nb(att, dealt * att[F.lifesteal_num] // att[F.lifesteal_den])
