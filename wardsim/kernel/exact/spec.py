"""The exact solver's view of a pair: the duel rules of two creatures as small int arrays.

`build_spec` reads the prepared fighter arrays and their effect rows the way the duel semantics
(the docstring of `kernel.duel.battle`) describe them, by its own code, and lays out what the
solver needs (`PairRules`): per creature its battle numbers, damage multipliers, damage rules
and programs of effect ops; the components of the effect state x; the battle-long effects.
Pure Python and numpy; the column and code constants are in `kernel.exact.enums`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from wardsim.kernel.enums import (
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
from wardsim.kernel.exact.enums import (
    MAX_ARMOR_LEVEL,
    MAX_BATTLE_BITS,
    MAX_DAMAGE_RULES,
    MAX_EFFECT_STATES,
    N_BATTLE_BIT_COLS,
    N_COMPONENT_COLS,
    N_OP_COLS,
    N_STATIC_DOT_COLS,
    N_STATUS_COMPONENTS,
    N_SUMMARY_COLS,
    BattleBitCol,
    BattleBitKind,
    ComponentCol,
    ComponentKind,
    DamageKind,
    FighterSummary,
    FractionCol,
    MultiplierCol,
    OpCol,
    OpKind,
    Program,
    ProgramCol,
    StaticDotCol,
    StatusComponent,
)

F = FighterCol
E = EffectCol
S = FighterSummary


class UnsupportedPair(ValueError):
    """The pair uses an effect combination the exact solver does not model."""


class PairRules(NamedTuple):
    """The pair's duel rules as int64 arrays, the solver's only input besides the first states.

    Creature 0 is A, 1 is B. Numba takes the bundle as one argument of its kernels.

    Attributes
    ----------
    fighters : ndarray(int, ndim=2)
        (2, len(FighterSummary)): battle numbers of each creature (columns `FighterSummary`).
    multipliers : ndarray(int, ndim=3)
        (2, MAX_DAMAGE_RULES, len(MultiplierCol)): its Atk damage multipliers, in row order.
    reductions : ndarray(int, ndim=4)
        (2, len(DamageKind), MAX_DAMAGE_RULES, len(FractionCol)): the damage it takes x amount
        / divisor, per kind of damage, in row order.
    heals : ndarray(int, ndim=3)
        (2, MAX_DAMAGE_RULES, len(FractionCol)): it heals amount / divisor of the Atk damage it deals.
    ops : ndarray(int, ndim=2)
        (n_ops, len(OpCol)): the effect rows of every program, program after program.
    programs : ndarray(int, ndim=3)
        (2, len(Program), len(ProgramCol)): each creature's ops for each trigger.
    components : ndarray(int, ndim=2)
        (n_components, len(ComponentCol)): the digits of the effect state x; row 0 is the turn owner.
    status_components : ndarray(int, ndim=2)
        (2, len(StatusComponent)): the component holding each status of each creature, -1 none.
    battle_bits : ndarray(int, ndim=2)
        (n_bits, len(BattleBitCol)): battle-long effects; effect k is bit k + 1 of b.
    static_dots : ndarray(int, ndim=2)
        (n_static, len(StaticDotCol)): static DOTs and HOTs that tick for the whole duel.
    """

    fighters: np.ndarray
    multipliers: np.ndarray
    reductions: np.ndarray
    heals: np.ndarray
    ops: np.ndarray
    programs: np.ndarray
    components: np.ndarray
    status_components: np.ndarray
    battle_bits: np.ndarray
    static_dots: np.ndarray


@dataclass(frozen=True)
class PairSpec:
    """A pair as the solver sees it (built by `build_spec`)."""

    rules: PairRules
    iterative: bool  # an effect can raise HP A + HP B: the levels are swept until they settle


def _rows(f):
    return range(int(f[F.effect_start]), int(f[F.effect_start] + f[F.effect_count]))


def _matches(effects, r, f) -> bool:
    """Whether creature f passes the filter of effect row r."""
    types, tags, names = (
        int(effects[r, E.filter_types]),
        int(effects[r, E.filter_tags]),
        int(effects[r, E.filter_names]),
    )
    if effects[r, E.filter_card_type] > 0:
        return False
    if effects[r, E.filter_max_al] > 0 and f[F.armor_level] > effects[r, E.filter_max_al]:
        return False
    if _effective_al(f) < effects[r, E.filter_min_al]:  # a lower bound reads the AL with its changes
        return False
    if not (types or tags or names):
        return True
    return bool((types >> int(f[F.creature_type])) & 1 or tags & int(f[F.tags]) or names & int(f[F.names]))


_OPP_TARGETS = {
    Target.struck,
    Target.attacker,
    Target.opponent_primary,
    Target.opponent_creatures,
    Target.opponent_player,
}
_SELF_TARGETS = {Target.self, Target.own_primary, Target.own_creatures, Target.own_player}
_HIT_DICE_RULES = {
    Action.hit_needs_match,
    Action.hit_needs_face,
    Action.no_criticals,
    Action.no_hit_roll,
    Action.base_attack_only,  # Arcturus: the striker's base dice and Modifier alone, no critical 2x
}
_BATTLE_STATS = {Stat.attack_dice, Stat.hit_dice, Stat.hit, Stat.atk, Stat.modifier}
_STATUS_COMPONENT = {
    Status.frozen: StatusComponent.frozen,
    Status.stunned: StatusComponent.stunned,
    Status.disarmed: StatusComponent.disarmed,
}
_FLAG_COMPONENT = {
    "wrap": StatusComponent.wrapped,
    "shield": StatusComponent.shielded,
    "skip": StatusComponent.skips_turn,
}
_PROGRAM_OF_TRIGGER = {
    Trigger.on_hit: Program.on_hit,
    Trigger.your_turn: Program.your_turn,
    Trigger.turn_start: Program.turn_start,
    Trigger.battle_start: Program.battle_start,
    Trigger.opponent_turn: Program.opponent_turn,
}


def _effective_al(f) -> int:
    # rules guide, creature cards: "Max AL can never exceed 12, even with AL buffs" (ruling 4)
    return int(min(f[F.armor_level] + f[F.al_change], MAX_ARMOR_LEVEL))


def _ticks(duration: int) -> int:
    """Ticks of a DOT / HOT slot from its start; -1 = for as long as the source stays."""
    if duration > 0:
        return duration
    if duration in (Duration.source, Duration.permanent):
        return -1
    return 1


def _timer_value(duration: int) -> int:
    """Exchanges a status holds, counting the current one; -1 = never ends.

    A status of N turn cycles lasts the rest of this exchange and the next 2N - 1 (a turn
    cycle is two exchanges, duel semantics "Timing").
    """
    if duration > 0:
        return 2 * duration
    if duration in (Duration.source, Duration.permanent, Duration.released):
        return -1
    return 1


def _row(columns: NamedTuple, **values: int) -> list[int]:
    """A row of an int array with columns `columns`, zero where `values` names no value."""
    row = [0] * len(columns)
    for name, value in values.items():
        row[getattr(columns, name)] = value
    return row


def _component_row(kind: int, victim: int, radix: int = 2, **values: int) -> list[int]:
    return _row(ComponentCol, kind=kind, victim=victim, radix=radix, **values)


class _Builder:
    """Collects the components of x and the battle-long effects while the ops are read."""

    def __init__(self, fighters, effects):
        self.f = fighters
        self.effects = effects
        self.components: list[list[int]] = [_component_row(ComponentKind.turn_owner, -1)]
        self.component_of: dict[tuple, int] = {}
        self.battle_bits: list[list[int]] = []
        self.timer_values: dict[int, list[int]] = {}

    def component(self, key, row) -> int:
        """The component for `key` (one per status per creature, one per DOT row per creature)."""
        if key not in self.component_of:
            self.component_of[key] = len(self.components)
            self.components.append(row)
        return self.component_of[key]

    def dot_slot(self, victim, r, static_source=-1) -> int:
        """The slot of DOT / HOT row r on `victim`: the same row does not stack (ruling 6)."""
        e = self.effects[r]
        ticks = _ticks(int(e[E.duration]))
        radix = 3 if ticks < 0 else 1 + 2 * ticks  # empty, then (ticks left, phase) pairs
        row = _component_row(
            ComponentKind.dot_slot,
            victim,
            radix,
            amount=int(e[E.amount]),
            dice=int(e[E.dice]),
            heals=int(e[E.action] == Action.hot),
            ticks=ticks,
            static_source=-1,
        )
        c = self.component(("slot", victim, r), row)
        if static_source >= 0:
            self.components[c][ComponentCol.static_source] = static_source
        return c

    def flag(self, kind_name: str, victim: int, kind: int) -> int:
        return self.component((kind_name, victim), _component_row(kind, victim))

    def op(self, r, owner, opp_immune):
        """The solver op for row r of creature `owner`, or None when the row does nothing in a duel."""
        e = self.effects[r]
        f, g = self.f[owner], self.f[1 - owner]
        target = int(e[E.target])
        if target in _OPP_TARGETS:
            victim = 1 - owner
            # duel semantics "Immunity": rows aimed at the player (skip turn) still apply
            if target != Target.opponent_player and opp_immune:
                return None
        elif target in _SELF_TARGETS:
            victim = owner
        else:
            return None
        if int(e[E.flags]) & Flag.same_roll:
            raise UnsupportedPair("a roll table: one die for several rows")
        if int(e[E.scale]) == Scale.sent_hp:
            return None  # Vampire Lord's heal is paid with a card from the hand: a duel has none
        cond = int(e[E.condition])
        if cond == Condition.target_matches and not _matches(self.effects, r, g):
            return None
        if cond == Condition.target_lower_al and not _effective_al(g) < _effective_al(f):
            return None
        if cond == Condition.slower_than_target and not f[F.speed] < g[F.speed]:
            return None
        action, duration = int(e[E.action]), int(e[E.duration])
        op = _row(
            OpCol,
            roll_lo=int(e[E.roll_lo]),
            roll_hi=int(e[E.roll_hi]),
            kind=-1,
            victim=victim,
            component=-1,
            amount=int(e[E.amount]),
            dice=int(e[E.dice]),
            full_heal=int(int(e[E.flags]) & Flag.full != 0),
        )
        if action in (Action.dot, Action.hot):
            if int(e[E.flags]) & Flag.stacks:
                raise UnsupportedPair("a DOT that stacks")  # one slot per row is the state here
            op[OpCol.kind], op[OpCol.component] = OpKind.start_dot, self.dot_slot(victim, r)
            op[OpCol.value] = _ticks(duration)
        elif action == Action.apply_status:
            status = int(e[E.status])
            if status == Status.disarmed and duration == Duration.released:
                # Giant Snake: the release roll in every turn is a state the solver does not carry
                raise UnsupportedPair("a disarm that ends on a release roll")
            if status in _STATUS_COMPONENT:
                row = _component_row(ComponentKind.status_timer, victim, 0)
                c = self.component(("timer", victim, status), row)
                self.timer_values.setdefault(c, []).append(_timer_value(duration))
                op[OpCol.kind], op[OpCol.component] = OpKind.set_timer, c
                op[OpCol.value] = _timer_value(duration)
            elif status == Status.wrapped:
                params = [int(e[E.amount]), int(e[E.dice]), int(e[E.release_lo]), int(e[E.release_hi])]
                row = _component_row(
                    ComponentKind.wrap,
                    victim,
                    amount=params[0],
                    dice=params[1],
                    release_lo=params[2],
                    release_hi=params[3],
                )
                c = self.component(("wrap", victim), row)
                if self.components[c][ComponentCol.amount : ComponentCol.release_hi + 1] != params:
                    raise UnsupportedPair("two different wraps on one creature")
                op[OpCol.kind], op[OpCol.component] = OpKind.set_flag, c
            elif status == Status.shielded:
                op[OpCol.kind] = OpKind.set_flag
                op[OpCol.component] = self.flag("shield", victim, ComponentKind.shield)
            else:
                return None
        elif action == Action.negate_attack:  # the same as a shield: the next strike is negated
            op[OpCol.kind] = OpKind.set_flag
            op[OpCol.component] = self.flag("shield", victim, ComponentKind.shield)
        elif action == Action.skip_turn:
            op[OpCol.kind] = OpKind.set_flag
            op[OpCol.component] = self.flag("skip", victim, ComponentKind.skip_turn)
        elif action == Action.damage:
            op[OpCol.kind] = OpKind.damage
        elif action == Action.heal:
            op[OpCol.kind] = OpKind.heal
        elif action == Action.prevent_damage:
            if duration not in (Duration.battle, Duration.instant):
                # The Super Hero, Perseus Valenthil: a protection past the battle (the ticks of its
                # exchange, the next exchanges) is a state the solver does not carry
                raise UnsupportedPair("no damage for a turn or more")
            self.battle_bits.append(_row(BattleBitCol, owner=victim, kind=BattleBitKind.prevent_damage))
            op[OpCol.kind], op[OpCol.value] = OpKind.set_battle_bit, len(self.battle_bits)
        elif action == Action.modify_stat and duration in (Duration.battle, Duration.turn):
            # a stat change that ends with the battle (duel semantics step 6); the exchange
            # ends with the battle, so "turn" is the same here
            if int(e[E.stat]) not in _BATTLE_STATS:
                return None
            bit = _row(
                BattleBitCol,
                owner=victim,
                kind=BattleBitKind.stat_change,
                stat=int(e[E.stat]),
                amount=int(e[E.amount]),
            )
            self.battle_bits.append(bit)
            op[OpCol.kind], op[OpCol.value] = OpKind.set_battle_bit, len(self.battle_bits)
        else:
            return None
        return op


def _modifier_cut(effects, f, g) -> int:
    """What f's static rows take off the Modifier of g (`effect_rows.modifier_cut_nb`, Lumber)."""
    if int(g[F.immune]) & Flag.creature_effects:
        return 0
    cut = 0
    for r in _rows(f):
        e = effects[r]
        if (
            int(e[E.trigger]) == Trigger.static
            and int(e[E.action]) == Action.scale_stat
            and int(e[E.target]) == Target.struck
            and int(e[E.stat]) == Stat.modifier
            and int(e[E.condition]) in (Condition.always, Condition.target_matches)
            and _matches(effects, r, g)
        ):
            base = int(g[F.base_modifier])
            cut += base - base * int(e[E.amount]) // int(e[E.divisor])
    return cut


def _condition_holds(effects, r, cond, f, g) -> bool:
    """Conditions that depend only on the pair, never on the dice (target, AL, SPD)."""
    if cond == Condition.target_matches:
        return _matches(effects, r, g)
    if cond == Condition.target_lower_al:
        return _effective_al(g) < _effective_al(f)
    if cond == Condition.slower_than_target:
        return bool(f[F.speed] < g[F.speed])
    return False


def _fold_static_stat(s, e, first_only: bool) -> None:
    """A static stat row of the creature into its summary (the strikes-first columns when `first_only`)."""
    if first_only:
        hit_dice, hit, attack_dice, atk = (
            S.first_strike_hit_dice,
            S.first_strike_hit_bonus,
            S.first_strike_attack_dice,
            S.first_strike_atk_bonus,
        )
    else:
        hit_dice, hit, attack_dice, atk = S.hit_dice, S.hit_bonus, S.attack_dice, S.atk_bonus
    stat, amount = int(e[E.stat]), int(e[E.amount])
    if stat == Stat.hit_dice:
        s[hit_dice] += amount
    elif stat == Stat.hit:
        s[hit] += amount
    elif stat == Stat.attack_dice:
        s[attack_dice] += amount
    elif stat == Stat.atk:
        s[atk] += amount
    elif stat == Stat.modifier:  # the modifier adds to both the Hit roll and the damage
        s[hit] += amount
        s[atk] += amount


def build_spec(fa: np.ndarray, fb: np.ndarray, effects: np.ndarray) -> PairSpec:
    """The pair's rules as the solver's arrays.

    Parameters
    ----------
    fa, fb : ndarray(int, ndim=1)
        Prepared fighter arrays of A and B (columns `FighterCol`), as `battle.prepared_pair`
        returns them: static and on-summon stat rows already applied.
    effects : ndarray(int, ndim=2)
        The compiled effect table (columns `EffectCol`).

    Returns
    -------
    PairSpec

    Raises
    ------
    UnsupportedPair
        When the pair needs a state the solver does not model (a stacking DOT, two different
        wraps on one creature, too many damage rules or battle-long effects, more than
        `MAX_EFFECT_STATES` effect states).
    """
    fighters = (fa, fb)
    b = _Builder(fighters, effects)
    summary = np.zeros((2, N_SUMMARY_COLS), dtype=np.int64)
    multipliers = np.zeros((2, MAX_DAMAGE_RULES, len(MultiplierCol)), dtype=np.int64)
    reductions = np.zeros((2, len(DamageKind), MAX_DAMAGE_RULES, len(FractionCol)), dtype=np.int64)
    heals = np.zeros((2, MAX_DAMAGE_RULES, len(FractionCol)), dtype=np.int64)
    ops_by: dict[tuple[int, int], list[list[int]]] = {}
    static_dots: list[list[int]] = []
    iterative = False
    for x in (0, 1):
        f, g = fighters[x], fighters[1 - x]
        if f[F.table_miss_max] or f[F.table_critical_max]:
            raise UnsupportedPair("a Hit roll read from a table of outcomes")  # Maniac
        if f[F.aura_release_row]:
            raise UnsupportedPair("a stun that ends on a release roll")  # Electroloon
        # duel semantics "Immunity": the opponent's rows that act on an immune creature do nothing
        opp_immune = bool(int(g[F.immune]) & Flag.creature_effects)
        s = summary[x]
        s[S.hp] = f[F.max_hp]
        s[S.armor_level] = _effective_al(f)
        s[S.speed] = f[F.speed]
        s[S.hit_dice] = f[F.hit_dice]
        s[S.hit_bonus] = f[F.modifier] + f[F.hit_bonus]
        s[S.attack_dice] = f[F.attack_dice]
        s[S.atk_bonus] = f[F.modifier] + f[F.atk_bonus]
        s[S.auto_hit] = f[F.auto_hit] != 0
        s[S.extra_multiplier] = f[F.extra_mult] if f[F.extra_mult] > 1 else 1
        if f[F.lifesteal_num] > 0 and f[F.lifesteal_den] > 0:
            s[S.lifesteal_num], s[S.lifesteal_den] = f[F.lifesteal_num], f[F.lifesteal_den]
            iterative |= f[F.lifesteal_num] >= f[F.lifesteal_den]  # heals at least what it deals
        else:
            s[S.lifesteal_den] = 1
        s[S.strike_first] = f[F.strike_first] != 0
        s[S.flying_blocks] = f[F.flying_mask] != 0 and (int(g[F.tags]) & int(f[F.flying_mask])) == 0
        for r in _rows(f):
            e = effects[r]
            trig, action, cond = int(e[E.trigger]), int(e[E.action]), int(e[E.condition])
            if trig == Trigger.static and action in _HIT_DICE_RULES:
                # Scarlett, Sprite, Tri-Dragon, Fog: a rule on the Hit dice; Arcturus: on the damage
                raise UnsupportedPair("a rule on the Hit dice or the damage of a strike")
            if cond == Condition.below_half_hp:
                raise UnsupportedPair("stats that follow the creature's HP")  # Ashen Knight
            if action == Action.drain_armor and not opp_immune:
                # Wild Vampire: the AL it took and the Modifier it gained last the whole duel, a
                # state the solver does not carry
                raise UnsupportedPair("an AL drained into the Modifier")
            if (
                trig == Trigger.battle_start
                and int(e[E.roll_lo]) == 0
                and int(e[E.flags]) & (Flag.choice | Flag.optional | Flag.opponent_choice)
            ):
                # Shapeshifter, Nadara, Monkey Duck: a player's decision at each battle's start
                raise UnsupportedPair("a battle-start row a player chooses")
            if int(e[E.flags]) & Flag.choice and trig in _PROGRAM_OF_TRIGGER:
                # Cryovore: one of two activations in each turn, its player's choice
                raise UnsupportedPair("alternatives a player chooses between")
            if action == Action.negate_effects or int(e[E.target]) == Target.limited_summons:
                # Dragon of Time: a turn with every other creature effect negated, Limited Summons
                raise UnsupportedPair("creature effects negated for a turn")
            if trig == Trigger.on_killed or trig == Trigger.opponent_turn_end:
                # Orc Berserker's revival, Lava Golem's damage at the end of a turn without battle
                raise UnsupportedPair("a row past the duel's battles (a death undone, a turn's end)")
            if (
                trig == Trigger.on_damage_taken
                and action == Action.damage
                and int(e[E.target]) == Target.opponent_primary
            ):
                # Eagle Family: the opponent's roll after each damage it takes
                raise UnsupportedPair("damage back after each damage taken")
            if action == Action.no_damage:
                # Omega Titan: a roll that stops every damage of the other side for a time
                raise UnsupportedPair("a roll that stops the other side's damage")
            if trig == Trigger.before_hit_roll or trig == Trigger.on_hit_taken:
                # Woodland Elf's roll before its Hit roll, Gaseous Horror's answer to a hit: rows
                # inside a strike that the solver's strike does not read
                raise UnsupportedPair("a row fired inside a strike")
            if trig == Trigger.static and action in (Action.reroll, Action.force_reroll):
                # Winter Griffin: its player's re-roll once a roll is seen, a choice the solver's
                # strike does not make (a duel makes none either)
                raise UnsupportedPair("a re-roll its player chooses inside a strike")
            if trig == Trigger.static and action in (Action.second_battle, Action.battle_again):
                # Cabal Warchief: two battles in its player's turn, struck back in one; an
                # exchange here holds one battle
                raise UnsupportedPair("a second battle in one turn")
            if (
                trig == Trigger.static
                and action == Action.modify_stat
                and cond != Condition.always
                and int(e[E.target]) in _SELF_TARGETS
                and int(e[E.scale]) == Scale.none
            ):
                # conditional static bonuses: the pair decides them, except "strikes first",
                # which the battle decides (prepare_pair_nb applied the unconditional ones)
                first_only = cond == Condition.strikes_first
                if first_only or _condition_holds(effects, r, cond, f, g):
                    _fold_static_stat(s, e, first_only)
            elif trig == Trigger.on_strike and action == Action.multiply_damage and not opp_immune:
                if cond == Condition.first_attack:
                    # Corn Creeper: the multiplier of one strike in the whole duel is a state the
                    # solver does not carry
                    raise UnsupportedPair("a multiplier on the first attack only")
                if cond == Condition.hit_dice_match:
                    raise UnsupportedPair("a multiplier on matching Hit dice")  # Tri-Dragon
                if cond in (Condition.always, Condition.strikes_first, Condition.atk_die_six):
                    kind = cond  # decided strike by strike
                elif _condition_holds(effects, r, cond, f, g):
                    kind = Condition.always
                else:
                    continue
                k = s[S.n_multipliers]
                multipliers[x, k, MultiplierCol.condition] = kind
                multipliers[x, k, MultiplierCol.amount] = int(e[E.amount])
                s[S.n_multipliers] += 1
            elif trig in (Trigger.static, Trigger.on_damage_taken) and action in (
                Action.prevent_damage,
                Action.reduce_damage,
            ):
                kinds: tuple[int, ...] = ()
                if cond == Condition.always:
                    kinds = (DamageKind.atk, DamageKind.other)
                elif cond == Condition.not_atk_damage:
                    kinds = (DamageKind.other,)
                elif cond == Condition.slower_than_target and f[F.speed] < g[F.speed]:
                    kinds = (DamageKind.atk, DamageKind.other)
                elif cond == Condition.attacker_not_matching and not _matches(effects, r, g):
                    kinds = (DamageKind.atk,)
                elif cond == Condition.own_turn:
                    raise UnsupportedPair("damage reduced in its own turns only")  # Lurking Slime
                for kind in kinds:
                    if action == Action.prevent_damage:
                        s[S.prevents_atk_damage + kind] = 1
                    else:
                        k = s[S.n_atk_reductions + kind]
                        reductions[x, kind, k, FractionCol.amount] = int(e[E.amount])
                        reductions[x, kind, k, FractionCol.divisor] = int(e[E.divisor])
                        s[S.n_atk_reductions + kind] += 1
            elif trig == Trigger.static and action == Action.negate_for_damage and int(e[E.target]) == Target.self:
                # Ooze Weaver: its player's choice, strike by strike, to pay HP instead
                raise UnsupportedPair("a choice to take damage instead of a strike's Atk damage")
            elif trig in (Trigger.static, Trigger.on_damage_taken) and action == Action.reduce_and_return:
                # Demonic Turtle: damage sent back at the striker inside its strike
                raise UnsupportedPair("Atk damage taken off and sent back at the striker")
            elif trig == Trigger.on_damage_taken and action == Action.multiply_damage:
                # Earth Eleotoid receives 2x Atk damage from a creature in or near water: a
                # multiplier on the other creature's strikes when that creature passes the filter
                if cond != Condition.attacker_matches:
                    raise UnsupportedPair("a multiplier on the Atk damage taken")
                if _matches(effects, r, g):
                    o = summary[1 - x]
                    k = o[S.n_multipliers]
                    if k >= MAX_DAMAGE_RULES:
                        raise UnsupportedPair("too many damage rules on one creature")
                    multipliers[1 - x, k, MultiplierCol.condition] = Condition.always
                    multipliers[1 - x, k, MultiplierCol.amount] = int(e[E.amount])
                    o[S.n_multipliers] += 1
            elif trig == Trigger.on_damage_dealt and (
                action != Action.heal_from_damage or int(e[E.flags]) & Flag.overflow
            ):
                # Pyre Lord's damage to itself, Succubus's healing above its HP dealt to the other
                raise UnsupportedPair("an effect of the Atk damage dealt other than a heal")
            elif trig == Trigger.on_damage_dealt and action == Action.heal_from_damage:
                k = s[S.n_heals_from_damage]
                heals[x, k, FractionCol.amount] = int(e[E.amount])
                heals[x, k, FractionCol.divisor] = int(e[E.divisor])
                s[S.n_heals_from_damage] += 1
                iterative |= int(e[E.amount]) >= int(e[E.divisor])
            elif trig == Trigger.static and action in (Action.dot, Action.hot):
                target = int(e[E.target])
                if target in _OPP_TARGETS:
                    victim = 1 - x
                    if opp_immune:
                        continue
                elif target in _SELF_TARGETS:
                    victim = x
                else:
                    continue
                iterative |= action == Action.hot
                if _ticks(int(e[E.duration])) < 0:  # for the whole duel: no state needed
                    dot = _row(
                        StaticDotCol,
                        victim=victim,
                        source=x,
                        amount=int(e[E.amount]),
                        dice=int(e[E.dice]),
                        heals=int(action == Action.hot),
                    )
                    static_dots.append(dot)
                else:
                    b.dot_slot(victim, r, static_source=x)
            elif trig in _PROGRAM_OF_TRIGGER:
                op = b.op(r, x, opp_immune)
                if op is not None:
                    ops_by.setdefault((x, _PROGRAM_OF_TRIGGER[trig]), []).append(op)
                    iterative |= op[OpCol.kind] == OpKind.heal or (
                        op[OpCol.kind] == OpKind.start_dot and int(e[E.action]) == Action.hot
                    )
        if max(s[S.n_multipliers], s[S.n_atk_reductions], s[S.n_other_reductions], s[S.n_heals_from_damage]) > (
            MAX_DAMAGE_RULES
        ):
            raise UnsupportedPair("too many damage rules on one creature")
        for col in (S.hit_dice, S.attack_dice):
            s[col] = max(s[col], 0)
    for x in (0, 1):  # Lumber: the base Modifier of the creature it battles, cut at every strike
        cut = _modifier_cut(effects, fighters[x], fighters[1 - x])
        summary[1 - x][S.hit_bonus] -= cut
        summary[1 - x][S.atk_bonus] -= cut
    if len(b.battle_bits) > MAX_BATTLE_BITS:
        raise UnsupportedPair("too many battle-long effects")
    # status timers: radix = the largest finite value + 1, plus a code for "never ends"
    for c, values in b.timer_values.items():
        finite = [v for v in values if v > 0]
        timer_max = max(finite, default=0)
        b.components[c][ComponentCol.timer_max] = timer_max
        b.components[c][ComponentCol.radix] = timer_max + 1 + (1 if -1 in values else 0)
    components = np.array(b.components, dtype=np.int64).reshape(-1, N_COMPONENT_COLS)
    stride = 1
    for c in range(components.shape[0]):
        components[c, ComponentCol.stride] = stride
        stride *= int(components[c, ComponentCol.radix])
    if stride > MAX_EFFECT_STATES:
        raise UnsupportedPair(f"too many effect states ({stride})")
    status_components = np.full((2, N_STATUS_COMPONENTS), -1, dtype=np.int64)
    for key, c in b.component_of.items():
        kind, victim = key[0], key[1]
        if kind == "timer":
            status_components[victim, _STATUS_COMPONENT[key[2]]] = c
        elif kind in _FLAG_COMPONENT:
            status_components[victim, _FLAG_COMPONENT[kind]] = c
    ops: list[list[int]] = []
    programs = np.zeros((2, len(Program), len(ProgramCol)), dtype=np.int64)
    for x in (0, 1):
        for program in range(len(Program)):
            rows = ops_by.get((x, program), [])
            programs[x, program, ProgramCol.first_op] = len(ops)
            programs[x, program, ProgramCol.n_ops] = len(rows)
            ops += rows
    rules = PairRules(
        fighters=summary,
        multipliers=multipliers,
        reductions=reductions,
        heals=heals,
        ops=np.array(ops, dtype=np.int64).reshape(-1, N_OP_COLS),
        programs=programs,
        components=components,
        status_components=status_components,
        battle_bits=np.array(b.battle_bits, dtype=np.int64).reshape(-1, N_BATTLE_BIT_COLS),
        static_dots=np.array(static_dots, dtype=np.int64).reshape(-1, N_STATIC_DOT_COLS),
    )
    return PairSpec(rules=rules, iterative=iterative)


def initial_states(spec: PairSpec) -> np.ndarray:
    """The effect state x at the first exchange, for each first turn owner.

    Returns
    -------
    ndarray(int, ndim=1)
        (2,): x when A has the first turn, then when B has it; the roll-off for the first turn
        gives each 1/2 (DESIGN.md ruling 2). Static DOTs that run out are already placed, in
        the phase of their source's exchanges.
    """
    components = spec.rules.components
    xs = []
    for owner in (0, 1):
        x = owner  # component 0, the turn owner, has stride 1
        for c in range(components.shape[0]):
            if (
                components[c, ComponentCol.kind] == ComponentKind.dot_slot
                and components[c, ComponentCol.static_source] >= 0
            ):
                ticks = int(components[c, ComponentCol.ticks])
                phase = int(components[c, ComponentCol.static_source])
                state = 1 + phase if ticks < 0 else 1 + (ticks - 1) * 2 + phase
                x += state * int(components[c, ComponentCol.stride])
        xs.append(x)
    return np.array(xs, dtype=np.int64)
