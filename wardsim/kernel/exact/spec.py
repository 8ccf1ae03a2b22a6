"""The exact solver's view of a pair: the duel rules of two creatures as small int arrays.

`build_spec` reads the prepared fighter arrays and their effect rows the way the duel
semantics of `kernel.duel.battle` do, independently of the kernel's code, and lays out the state
the solver needs (see `kernel.exact.solver`): per creature its strike numbers, multipliers, damage
rules and programs of effect ops; the components of the mixed-radix state x; the battle-long
bits. Pure Python and numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

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

F = FighterCol
E = EffectCol
MAX_AL = 12
MAXL = 8  # multipliers, reductions, heals per creature

# fighter summary columns (fs)
(
    FS_HP,
    FS_AL,
    FS_SPEED,
    FS_HIT_DICE,
    FS_HIT_BONUS,
    FS_ATK_DICE,
    FS_ATK_BONUS,
    FS_FIRST_HIT_DICE,
    FS_FIRST_HIT,
    FS_FIRST_ATK_DICE,
    FS_FIRST_ATK,
    FS_AUTO_HIT,
    FS_EXTRA_MULT,
    FS_LS_NUM,
    FS_LS_DEN,
    FS_STRIKE_FIRST,
    FS_FLY_BLOCK,
    FS_PREVENT_ATK,
    FS_PREVENT_NON,
    FS_N_MULT,
    FS_N_RED_ATK,
    FS_N_RED_NON,
    FS_N_HEAL,
) = range(23)
N_FS = 23

# program groups
G_ON_HIT, G_YOUR_TURN, G_TURN_START, G_BATTLE_START, G_OPP_TURN = range(5)
# op columns and kinds
(OP_ROLL_LO, OP_ROLL_HI, OP_KIND, OP_VICTIM, OP_COMP, OP_VALUE, OP_AMOUNT, OP_DICE, OP_FULL) = range(9)
N_OP = 9
K_SLOT, K_TIMER, K_FLAG, K_BIT, K_DAMAGE, K_HEAL = range(6)
# component columns and kinds
(C_KIND, C_VICTIM, C_RADIX, C_STRIDE, C_TMAX, C_AMOUNT, C_DICE, C_REL_LO, C_REL_HI, C_HOT, C_TICKS, C_PHASE0) = range(
    12
)
N_C = 12
CK_OWNER, CK_TIMER, CK_WRAP, CK_SHIELD, CK_SKIP, CK_SLOT = range(6)
# per-fighter component indexes (cidx)
CI_FROZEN, CI_STUNNED, CI_DISARMED, CI_WRAP, CI_SHIELD, CI_SKIP = range(6)
# battle bits (bits): owner, kind (0 prevent, 1 stat), stat, amount
BIT_PREVENT, BIT_STAT = 0, 1
# static slot columns
SS_VICTIM, SS_SOURCE, SS_AMOUNT, SS_DICE, SS_HOT = range(5)


class UnsupportedPair(ValueError):
    """The pair uses an effect combination the exact solver does not model."""


@dataclass
class PairSpec:
    """The pair's rules as small arrays for the solver (built by `build_spec`)."""

    fs: np.ndarray  # (2, N_FS)
    mults: np.ndarray  # (2, MAXL, 2) condition, amount
    reds: np.ndarray  # (2, 2, MAXL, 2) [atk / non-atk] amount, divisor
    heals: np.ndarray  # (2, MAXL, 2)
    ops: np.ndarray  # (n, N_OP)
    prog: np.ndarray  # (2, 5, 2) first op, count per (fighter, group)
    comps: np.ndarray  # (n, N_C)
    cidx: np.ndarray  # (2, 6)
    bits: np.ndarray  # (n, 4)
    static_slots: np.ndarray  # (n, 5)
    iterative: bool  # an effect can raise HP A + HP B


def _rows(f):
    return range(int(f[F.effect_start]), int(f[F.effect_start] + f[F.effect_count]))


def _matches(effects, r, f) -> bool:
    types, tags, names = (
        int(effects[r, E.filter_types]),
        int(effects[r, E.filter_tags]),
        int(effects[r, E.filter_names]),
    )
    if effects[r, E.filter_card_type] > 0:
        return False
    if effects[r, E.filter_max_al] > 0 and f[F.armor_level] > effects[r, E.filter_max_al]:
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
_BATTLE_STATS = {Stat.attack_dice, Stat.hit_dice, Stat.hit, Stat.atk, Stat.modifier}


def _al(f) -> int:
    return int(min(f[F.armor_level] + f[F.al_change], MAX_AL))


def _ticks(duration: int) -> int:
    if duration > 0:
        return duration
    if duration in (Duration.source, Duration.permanent):
        return -1
    return 1


def _timer_value(duration: int) -> int:
    """Exchanges a status holds, counting the current one; -1 = never ends."""
    if duration > 0:
        return 2 * duration
    if duration in (Duration.source, Duration.permanent, Duration.released):
        return -1
    return 1


class _Builder:
    def __init__(self, fighters, effects):
        self.f = fighters
        self.effects = effects
        self.comps: list[list[int]] = [[CK_OWNER, -1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
        self.comp_of: dict[tuple, int] = {}
        self.bits: list[list[int]] = []
        self.timer_values: dict[int, list[int]] = {}

    def comp(self, key, row) -> int:
        if key not in self.comp_of:
            self.comp_of[key] = len(self.comps)
            self.comps.append(row)
        return self.comp_of[key]

    def slot(self, victim, r, is_static=False, source=-1) -> int:
        e = self.effects[r]
        d = _ticks(int(e[E.duration]))
        radix = 3 if d < 0 else 1 + 2 * d
        hot = int(e[E.action] == Action.hot)
        c = self.comp(
            ("slot", victim, r), [CK_SLOT, victim, radix, 0, 0, int(e[E.amount]), int(e[E.dice]), 0, 0, hot, d, -1]
        )
        if is_static:
            self.comps[c][C_PHASE0] = source
        return c

    def op(self, r, owner, opp_immune):
        """The solver op for row r of fighter `owner`, or None when the row does nothing."""
        e = self.effects[r]
        f, g = self.f[owner], self.f[1 - owner]
        target = int(e[E.target])
        if target in _OPP_TARGETS:
            victim = 1 - owner
            if target != Target.opponent_player and opp_immune:
                return None
        elif target in _SELF_TARGETS:
            victim = owner
        else:
            return None
        cond = int(e[E.condition])
        if cond == Condition.target_matches and not _matches(self.effects, r, g):
            return None
        if cond == Condition.target_lower_al and not _al(g) < _al(f):
            return None
        if cond == Condition.slower_than_target and not f[F.speed] < g[F.speed]:
            return None
        action, duration = int(e[E.action]), int(e[E.duration])
        op = [
            int(e[E.roll_lo]),
            int(e[E.roll_hi]),
            -1,
            victim,
            -1,
            0,
            int(e[E.amount]),
            int(e[E.dice]),
            int(int(e[E.flags]) & Flag.full != 0),
        ]
        if action in (Action.dot, Action.hot):
            if int(e[E.flags]) & Flag.stacks:
                raise UnsupportedPair("a DOT that stacks")  # one slot per row is the state here
            op[OP_KIND], op[OP_COMP], op[OP_VALUE] = K_SLOT, self.slot(victim, r), _ticks(duration)
        elif action == Action.apply_status:
            status = int(e[E.status])
            if status in (Status.frozen, Status.stunned, Status.disarmed):
                c = self.comp(("timer", victim, status), [CK_TIMER, victim, 0, 0, 0, status, 0, 0, 0, 0, 0, 0])
                self.timer_values.setdefault(c, []).append(_timer_value(duration))
                op[OP_KIND], op[OP_COMP], op[OP_VALUE] = K_TIMER, c, _timer_value(duration)
            elif status == Status.wrapped:
                params = [int(e[E.amount]), int(e[E.dice]), int(e[E.release_lo]), int(e[E.release_hi])]
                c = self.comp(("wrap", victim), [CK_WRAP, victim, 2, 0, 0, *params, 0, 0, 0])
                if self.comps[c][C_AMOUNT : C_REL_HI + 1] != params:
                    raise UnsupportedPair("two different wraps on one creature")
                op[OP_KIND], op[OP_COMP] = K_FLAG, c
            elif status == Status.shielded:
                op[OP_KIND], op[OP_COMP] = K_FLAG, self.comp(("shield", victim), [CK_SHIELD, victim, 2] + [0] * 9)
            else:
                return None
        elif action == Action.negate_attack:
            op[OP_KIND], op[OP_COMP] = K_FLAG, self.comp(("shield", victim), [CK_SHIELD, victim, 2] + [0] * 9)
        elif action == Action.skip_turn:
            op[OP_KIND], op[OP_COMP] = K_FLAG, self.comp(("skip", victim), [CK_SKIP, victim, 2] + [0] * 9)
        elif action == Action.damage:
            op[OP_KIND] = K_DAMAGE
        elif action == Action.heal:
            op[OP_KIND] = K_HEAL
        elif action == Action.prevent_damage:
            self.bits.append([victim, BIT_PREVENT, 0, 0])
            op[OP_KIND], op[OP_VALUE] = K_BIT, len(self.bits)
        elif action == Action.modify_stat and duration in (Duration.battle, Duration.turn):
            if int(e[E.stat]) not in _BATTLE_STATS:
                return None
            self.bits.append([victim, BIT_STAT, int(e[E.stat]), int(e[E.amount])])
            op[OP_KIND], op[OP_VALUE] = K_BIT, len(self.bits)
        else:
            return None
        return op


def build_spec(fa: np.ndarray, fb: np.ndarray, effects: np.ndarray) -> PairSpec:
    """Read the prepared fighters' rows the way the duel semantics do (see kernel.duel.battle)."""
    fighters = (fa, fb)
    b = _Builder(fighters, effects)
    fs = np.zeros((2, N_FS), dtype=np.int64)
    mults = np.zeros((2, MAXL, 2), dtype=np.int64)
    reds = np.zeros((2, 2, MAXL, 2), dtype=np.int64)
    heals = np.zeros((2, MAXL, 2), dtype=np.int64)
    ops_by: dict[tuple[int, int], list[list[int]]] = {}
    static_slots: list[list[int]] = []
    iterative = False
    trigger_group = {
        Trigger.on_hit: G_ON_HIT,
        Trigger.your_turn: G_YOUR_TURN,
        Trigger.turn_start: G_TURN_START,
        Trigger.battle_start: G_BATTLE_START,
        Trigger.opponent_turn: G_OPP_TURN,
    }
    for x in (0, 1):
        f, g = fighters[x], fighters[1 - x]
        opp_immune = bool(int(g[F.immune]) & Flag.creature_effects)
        s = fs[x]
        s[FS_HP] = f[F.max_hp]
        s[FS_AL] = _al(f)
        s[FS_SPEED] = f[F.speed]
        s[FS_HIT_DICE] = f[F.hit_dice]
        s[FS_HIT_BONUS] = f[F.modifier] + f[F.hit_bonus]
        s[FS_ATK_DICE] = f[F.attack_dice]
        s[FS_ATK_BONUS] = f[F.modifier] + f[F.atk_bonus]
        s[FS_AUTO_HIT] = f[F.auto_hit] != 0
        s[FS_EXTRA_MULT] = f[F.extra_mult] if f[F.extra_mult] > 1 else 1
        if f[F.lifesteal_num] > 0 and f[F.lifesteal_den] > 0:
            s[FS_LS_NUM], s[FS_LS_DEN] = f[F.lifesteal_num], f[F.lifesteal_den]
            iterative |= f[F.lifesteal_num] >= f[F.lifesteal_den]
        else:
            s[FS_LS_DEN] = 1
        s[FS_STRIKE_FIRST] = f[F.strike_first] != 0
        s[FS_FLY_BLOCK] = f[F.flying_mask] != 0 and (int(g[F.tags]) & int(f[F.flying_mask])) == 0
        for r in _rows(f):
            e = effects[r]
            trig, action, cond = int(e[E.trigger]), int(e[E.action]), int(e[E.condition])
            if (
                trig == Trigger.static
                and action == Action.modify_stat
                and cond != Condition.always
                and int(e[E.target]) in _SELF_TARGETS
                and int(e[E.scale]) == Scale.none
            ):
                first_only = cond == Condition.strikes_first
                holds = (
                    first_only
                    or (cond == Condition.target_matches and _matches(effects, r, g))
                    or (cond == Condition.target_lower_al and _al(g) < _al(f))
                    or (cond == Condition.slower_than_target and f[F.speed] < g[F.speed])
                )
                if holds:
                    stat, amount = int(e[E.stat]), int(e[E.amount])
                    cols = (
                        (FS_FIRST_HIT_DICE, FS_FIRST_HIT, FS_FIRST_ATK_DICE, FS_FIRST_ATK)
                        if first_only
                        else (FS_HIT_DICE, FS_HIT_BONUS, FS_ATK_DICE, FS_ATK_BONUS)
                    )
                    if stat == Stat.hit_dice:
                        s[cols[0]] += amount
                    elif stat == Stat.hit:
                        s[cols[1]] += amount
                    elif stat == Stat.attack_dice:
                        s[cols[2]] += amount
                    elif stat == Stat.atk:
                        s[cols[3]] += amount
                    elif stat == Stat.modifier:
                        s[cols[1]] += amount
                        s[cols[3]] += amount
            elif trig == Trigger.on_strike and action == Action.multiply_damage and not opp_immune:
                if cond in (Condition.always, Condition.strikes_first, Condition.atk_die_six):
                    kind = cond
                elif cond == Condition.target_matches and _matches(effects, r, g):
                    kind = Condition.always
                elif cond == Condition.target_lower_al and _al(g) < _al(f):
                    kind = Condition.always
                elif cond == Condition.slower_than_target and f[F.speed] < g[F.speed]:
                    kind = Condition.always
                else:
                    continue
                k = s[FS_N_MULT]
                mults[x, k] = (kind, int(e[E.amount]))
                s[FS_N_MULT] += 1
            elif trig in (Trigger.static, Trigger.on_damage_taken) and action in (
                Action.prevent_damage,
                Action.reduce_damage,
            ):
                kinds: tuple[int, ...] = ()
                if cond == Condition.always:
                    kinds = (0, 1)
                elif cond == Condition.not_atk_damage:
                    kinds = (1,)
                elif cond == Condition.slower_than_target and f[F.speed] < g[F.speed]:
                    kinds = (0, 1)
                elif cond == Condition.attacker_not_matching and not _matches(effects, r, g):
                    kinds = (0,)
                for kind in kinds:
                    if action == Action.prevent_damage:
                        s[FS_PREVENT_ATK + kind] = 1
                    else:
                        k = s[FS_N_RED_ATK + kind]
                        reds[x, kind, k] = (int(e[E.amount]), int(e[E.divisor]))
                        s[FS_N_RED_ATK + kind] += 1
            elif trig == Trigger.on_damage_dealt and action == Action.heal_from_damage:
                k = s[FS_N_HEAL]
                heals[x, k] = (int(e[E.amount]), int(e[E.divisor]))
                s[FS_N_HEAL] += 1
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
                if _ticks(int(e[E.duration])) < 0:
                    static_slots.append([victim, x, int(e[E.amount]), int(e[E.dice]), int(action == Action.hot)])
                else:
                    b.slot(victim, r, is_static=True, source=x)
            elif trig in trigger_group:
                op = b.op(r, x, opp_immune)
                if op is not None:
                    ops_by.setdefault((x, trigger_group[trig]), []).append(op)
                    iterative |= op[OP_KIND] == K_HEAL or (op[OP_KIND] == K_SLOT and int(e[E.action]) == Action.hot)
        if s[FS_N_MULT] > MAXL or s[FS_N_RED_ATK] > MAXL or s[FS_N_RED_NON] > MAXL or s[FS_N_HEAL] > MAXL:
            raise UnsupportedPair("too many damage rules on one creature")
        for col in (FS_HIT_DICE, FS_ATK_DICE):
            s[col] = max(s[col], 0)
    if len(b.bits) > 6:
        raise UnsupportedPair("too many battle-long effects")
    # timers: radix = largest finite value + 1, plus a code for "never ends"
    for c, values in b.timer_values.items():
        finite = [v for v in values if v > 0]
        tmax = max(finite, default=0)
        b.comps[c][C_TMAX] = tmax
        b.comps[c][C_RADIX] = tmax + 1 + (1 if -1 in values else 0)
    comps = np.array(b.comps, dtype=np.int64).reshape(-1, N_C)
    stride = 1
    for c in range(comps.shape[0]):
        comps[c, C_STRIDE] = stride
        stride *= int(comps[c, C_RADIX])
    if stride > 4096:
        raise UnsupportedPair(f"too many effect states ({stride})")
    cidx = np.full((2, 6), -1, dtype=np.int64)
    for key, c in b.comp_of.items():
        kind, victim = key[0], key[1]
        if kind == "timer":
            cidx[
                victim, {Status.frozen: CI_FROZEN, Status.stunned: CI_STUNNED, Status.disarmed: CI_DISARMED}[key[2]]
            ] = c
        elif kind in ("wrap", "shield", "skip"):
            cidx[victim, {"wrap": CI_WRAP, "shield": CI_SHIELD, "skip": CI_SKIP}[kind]] = c
    ops: list[list[int]] = []
    prog = np.zeros((2, 5, 2), dtype=np.int64)
    for x in (0, 1):
        for grp in range(5):
            rows = ops_by.get((x, grp), [])
            prog[x, grp] = (len(ops), len(rows))
            ops += rows
    return PairSpec(
        fs=fs,
        mults=mults,
        reds=reds,
        heals=heals,
        ops=np.array(ops, dtype=np.int64).reshape(-1, N_OP),
        prog=prog,
        comps=comps,
        cidx=cidx,
        bits=np.array(b.bits, dtype=np.int64).reshape(-1, 4),
        static_slots=np.array(static_slots, dtype=np.int64).reshape(-1, 5),
        iterative=iterative,
    )


def initial_states(spec: PairSpec) -> np.ndarray:
    """x at the first exchange for each first owner (1/2 each): static finite DOTs placed."""
    xs = []
    for owner in (0, 1):
        x = owner  # component 0 has stride 1
        for c in range(spec.comps.shape[0]):
            if spec.comps[c, C_KIND] == CK_SLOT and spec.comps[c, C_PHASE0] >= 0:
                d = int(spec.comps[c, C_TICKS])
                phase = int(spec.comps[c, C_PHASE0])
                state = 1 + phase if d < 0 else 1 + (d - 1) * 2 + phase
                x += state * int(spec.comps[c, C_STRIDE])
        xs.append(x)
    return np.array(xs, dtype=np.int64)
