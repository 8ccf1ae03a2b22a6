"""Strike and end plans: what a stage state does at every HP level, worked out once per pair (numba).

The solver strikes from every strike state at every HP level (`stages._strike_nb`). Besides
the damage roll, what a strike does never depends on the HPs when the striker's on-hit rows
only set statuses, DOTs and battle effects, or damage the creature struck (its HP only falls,
so whether it dies depends on the total alone): whether the strike passes without a roll
(a frozen or stunned striker, a shield consumed), what a critical miss costs the striker for
each face of its die, and the on-hit outcomes, each with its odds, the HP it takes off the
target, the states it leads to and whether the striker is disarmed. A plan holds that, and a
level's strike is a few lookups and the damage roll (`_planned_strike_nb`), the same sums in
the same order as `_strike_nb`.

The end of an exchange (`stages._end_of_exchange_nb`) is planned the same way when nothing
heals there: its DOT ticks only lower HPs, and its outcomes (odds, HP lost by each creature,
the next exchange's state) never depend on the HPs (`_planned_end_nb`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.exact.damage import _damage_taken_nb
from wardsim.kernel.exact.enums import (
    ComponentCol,
    ComponentKind,
    DamageKind,
    FrontierCol,
    OpCol,
    OpKind,
    Program,
    ProgramCol,
    StaticDotCol,
    StatusComponent,
    StrikeOdds,
)
from wardsim.kernel.exact.frontier import (
    _add_value_nb,
    _digit_nb,
    _finished_nb,
    _has_status_nb,
    _run_program_nb,
    _start_frontier_nb,
    _with_digit_nb,
)
from wardsim.kernel.exact.stages import _end_outcomes_nb, _hit_lands_nb, _next_exchange_nb, _striker_nb
from wardsim.kernel.exact.tables import _n_battle_states_nb
from wardsim.kernel.jit import njit
from wardsim.rules import DIE_FACES

PROBE_HP = 1 << 40  # the HP the on-hit rows are run at: no damage kills from it


class PlanColT(NamedTuple):
    """Columns of `StrikePlan.head`: one strike state m."""

    passes: int = 0  # 1: no roll (a frozen or stunned striker, a shield consumed)
    next_state: int = 1  # the next stage's state after a pass, a miss or a critical miss
    striker: int = 2
    battle_state: int = 3  # b, for the strike tables
    first_branch: int = 4  # the on-hit outcomes: rows first_branch.. of `StrikePlan.branches`
    n_branches: int = 5


PlanCol = PlanColT()


class BranchColT(NamedTuple):
    """Columns of `StrikePlan.branches`: one outcome of the on-hit rows."""

    loss_a: int = 0  # HP the on-hit rows take off A
    loss_b: int = 1
    next_state: int = 2  # the next stage's state
    battle_state: int = 3  # b after the on-hit rows
    disarmed: int = 4  # 1: the striker deals no Atk damage


BranchCol = BranchColT()


class EndColT(NamedTuple):
    """Columns of `EndPlan.outcomes`: one outcome of an exchange's end."""

    loss_a: int = 0  # HP the ticks take off A
    loss_b: int = 1
    next_state: int = 2  # x of the next exchange


EndCol = EndColT()


class EndPlan(NamedTuple):
    """What every end state x does at any HP level (`end_plan_nb`).

    Attributes
    ----------
    starts : ndarray(int, ndim=1)
        (n_effect_states + 1,): the outcomes of x are rows starts[x]..starts[x + 1] - 1.
    outcomes : ndarray(int, ndim=2)
        (n_outcomes, len(EndCol)).
    odds : ndarray(float, ndim=1)
        (n_outcomes,).
    """

    starts: np.ndarray
    outcomes: np.ndarray
    odds: np.ndarray


class StrikePlan(NamedTuple):
    """What every strike state of one stage does at any HP level (`strike_plan_nb`).

    Attributes
    ----------
    head : ndarray(int, ndim=2)
        (n_strike_states, len(PlanCol)).
    critical_miss_loss : ndarray(int, ndim=2)
        (n_strike_states, 7): the HP the striker loses on a critical miss whose die shows k (k = 1..6).
    branches : ndarray(int, ndim=2)
        (n_branches, len(BranchCol)).
    branch_odds : ndarray(float, ndim=1)
        (n_branches,): P(hit) x P(that outcome of the on-hit rows).
    """

    head: np.ndarray
    critical_miss_loss: np.ndarray
    branches: np.ndarray
    branch_odds: np.ndarray


@njit
def strikes_plannable_nb(rules):
    """Whether every on-hit op of the pair sets a state or damages the creature struck."""
    for striker in range(2):
        first = rules.programs[striker, Program.on_hit, ProgramCol.first_op]
        for o in range(first, first + rules.programs[striker, Program.on_hit, ProgramCol.n_ops]):
            kind = rules.ops[o, OpCol.kind]
            if kind == OpKind.heal or (kind == OpKind.damage and rules.ops[o, OpCol.victim] == striker):
                return False
    return True


@njit
def end_plannable_nb(rules):
    """Whether nothing heals at the end of an exchange (no HOT slot, no static HOT)."""
    components = rules.components
    for c in range(components.shape[0]):
        if components[c, ComponentCol.kind] == ComponentKind.dot_slot and components[c, ComponentCol.heals] != 0:
            return False
    for q in range(rules.static_dots.shape[0]):
        if rules.static_dots[q, StaticDotCol.heals] != 0:
            return False
    return True


@njit
def end_plan_nb(rules, frontier, acc, n_effect):
    """The plan of the ends of exchanges; the pair must be `end_plannable_nb`. `acc` is
    scratch: nothing finishes at PROBE_HP."""
    starts = np.zeros(n_effect + 1, dtype=np.int64)
    for x in range(n_effect):
        starts[x + 1] = starts[x] + _end_outcomes_nb(x, PROBE_HP, PROBE_HP, rules, frontier, acc)
    outcomes = np.zeros((starts[n_effect], len(EndCol)), dtype=np.int64)
    odds = np.zeros(starts[n_effect])
    for x in range(n_effect):
        n_live = _end_outcomes_nb(x, PROBE_HP, PROBE_HP, rules, frontier, acc)
        for k in range(n_live):
            row = outcomes[starts[x] + k]
            row[EndCol.loss_a] = PROBE_HP - frontier.states[k, FrontierCol.hp_a]
            row[EndCol.loss_b] = PROBE_HP - frontier.states[k, FrontierCol.hp_b]
            row[EndCol.next_state] = frontier.states[k, FrontierCol.effect_state]
            odds[starts[x] + k] = frontier.odds[k]
    return EndPlan(starts, outcomes, odds)


@njit(_nrt=False, inline="always")
def _planned_end_nb(plan, x, level_a, level_b, acc, start, unknown_index):
    """`stages._end_of_exchange_nb` for end state x, by its plan."""
    for q in range(plan.starts[x], plan.starts[x + 1]):
        row = plan.outcomes[q]
        _next_exchange_nb(
            level_a - row[EndCol.loss_a],
            level_b - row[EndCol.loss_b],
            row[EndCol.next_state],
            plan.odds[q],
            level_a,
            level_b,
            acc,
            start,
            unknown_index,
        )


@njit
def _on_hit_outcomes_nb(rules, striker, x, b, p_hit, frontier, acc):
    """The on-hit rows from (x, b), run at PROBE_HP; returns the frontier's size."""
    n_live = _start_frontier_nb(frontier, p_hit, PROBE_HP, PROBE_HP, x, b)
    return _run_program_nb(rules, striker, Program.on_hit, frontier, n_live, acc)


@njit
def strike_plan_nb(rules, tables, frontier, acc, n_strike, to_end):
    """The plan of the first strikes (`to_end` False) or the second ones (True); the pair
    must be `strikes_plannable_nb`. `acc` is scratch: nothing finishes at PROBE_HP."""
    components = rules.components
    n_battle = _n_battle_states_nb(rules)
    head = np.zeros((n_strike, len(PlanCol)), dtype=np.int64)
    critical_miss_loss = np.zeros((n_strike, DIE_FACES + 1), dtype=np.int64)
    n_branches = 0
    for m in range(n_strike):
        x = m // n_battle
        b = m % n_battle
        striker = _striker_nb(m, to_end)
        target = 1 - striker
        h = head[m]
        h[PlanCol.striker] = striker
        h[PlanCol.battle_state] = b
        h[PlanCol.next_state] = x if to_end else m
        h[PlanCol.first_branch] = n_branches
        # as `stages._strike_nb`: a held striker does not strike; a shield negates the strike
        if _has_status_nb(x, rules, striker, StatusComponent.frozen) or _has_status_nb(
            x, rules, striker, StatusComponent.stunned
        ):
            h[PlanCol.passes] = 1
            continue
        c = rules.status_components[target, StatusComponent.shielded]
        if c >= 0 and _digit_nb(x, components, c) > 0:
            nx = _with_digit_nb(x, components, c, 0)
            h[PlanCol.passes] = 1
            h[PlanCol.next_state] = nx if to_end else nx * n_battle + b
            continue
        for k in range(1, DIE_FACES + 1):
            critical_miss_loss[m, k] = _damage_taken_nb(rules, b, striker, k, DamageKind.other)
        p_hit = tables.hit_odds[striker, b, StrikeOdds.hit] + tables.hit_odds[striker, b, StrikeOdds.critical_hit]
        if p_hit > 0.0:
            h[PlanCol.n_branches] = _on_hit_outcomes_nb(rules, striker, x, b, p_hit, frontier, acc)
            n_branches += h[PlanCol.n_branches]
    branches = np.zeros((n_branches, len(BranchCol)), dtype=np.int64)
    branch_odds = np.zeros(n_branches)
    for m in range(n_strike):
        h = head[m]
        if h[PlanCol.n_branches] == 0:
            continue
        striker = h[PlanCol.striker]
        b = h[PlanCol.battle_state]
        p_hit = tables.hit_odds[striker, b, StrikeOdds.hit] + tables.hit_odds[striker, b, StrikeOdds.critical_hit]
        n_live = _on_hit_outcomes_nb(rules, striker, m // n_battle, b, p_hit, frontier, acc)
        for k in range(n_live):
            xk = frontier.states[k, FrontierCol.effect_state]
            bk = frontier.states[k, FrontierCol.battle_state]
            row = branches[h[PlanCol.first_branch] + k]
            row[BranchCol.loss_a] = PROBE_HP - frontier.states[k, FrontierCol.hp_a]
            row[BranchCol.loss_b] = PROBE_HP - frontier.states[k, FrontierCol.hp_b]
            row[BranchCol.next_state] = xk if to_end else xk * n_battle + bk
            row[BranchCol.battle_state] = bk
            row[BranchCol.disarmed] = 1 if _has_status_nb(xk, rules, striker, StatusComponent.disarmed) else 0
            branch_odds[h[PlanCol.first_branch] + k] = frontier.odds[k]
    return StrikePlan(head, critical_miss_loss, branches, branch_odds)


@njit(_nrt=False, inline="always")
def _planned_strike_nb(plan, m, level_a, level_b, rules, tables, acc, after):
    """`stages._strike_nb` for strike state m, by its plan."""
    h = plan.head[m]
    next_state = h[PlanCol.next_state]
    if h[PlanCol.passes] != 0:
        _add_value_nb(level_a, level_b, next_state, 1.0, level_a, level_b, acc, after)
        return
    striker = h[PlanCol.striker]
    b = h[PlanCol.battle_state]
    p_critical_miss = tables.hit_odds[striker, b, StrikeOdds.critical_miss]
    p_miss = tables.hit_odds[striker, b, StrikeOdds.miss]
    if p_miss > 0.0:
        _add_value_nb(level_a, level_b, next_state, p_miss, level_a, level_b, acc, after)
    if p_critical_miss > 0.0:
        for k in range(1, DIE_FACES + 1):
            d = plan.critical_miss_loss[m, k]
            hp_a = level_a - d if striker == 0 else level_a
            hp_b = level_b - d if striker == 1 else level_b
            _add_value_nb(hp_a, hp_b, next_state, p_critical_miss / DIE_FACES, level_a, level_b, acc, after)
    first = h[PlanCol.first_branch]
    for q in range(first, first + h[PlanCol.n_branches]):
        row = plan.branches[q]
        p = plan.branch_odds[q]
        hp_a = level_a - row[BranchCol.loss_a]
        hp_b = level_b - row[BranchCol.loss_b]
        if _finished_nb(hp_a, hp_b, p, acc):  # the on-hit damage killed the target
            continue
        if row[BranchCol.disarmed] != 0:
            _add_value_nb(hp_a, hp_b, row[BranchCol.next_state], p, level_a, level_b, acc, after)
            continue
        _hit_lands_nb(
            striker,
            hp_a,
            hp_b,
            row[BranchCol.next_state],
            row[BranchCol.battle_state],
            p,
            level_a,
            level_b,
            rules,
            tables,
            acc,
            after,
        )
