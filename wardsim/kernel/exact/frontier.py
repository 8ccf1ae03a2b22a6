"""The stages' working parts: the effect state's digits, the frontier of outcomes, effect ops (numba).

A stage follows one state through a sequence of rolls (effect rows, a wrap roll, DOT ticks):
the *frontier* holds every outcome so far with its probability, and each roll replaces it with
the outcomes after the roll. A duel that ends on the way is added to the accumulator at once.
What a stage finally reaches is added, times its probability, to an *accumulator*: constants
for what is already known (finished duels, states at lower HP levels) and coefficients of the
unknowns of the HP level being solved (see `kernel.exact.levels`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.exact.damage import _damage_taken_nb, _dice_sum_odds_nb, _healed_nb
from wardsim.kernel.exact.enums import (
    FRONTIER_CAP,
    N_FRONTIER_COLS,
    N_VALUES,
    ComponentCol,
    DamageKind,
    FighterSummary,
    FrontierCol,
    OpCol,
    OpKind,
    ProgramCol,
    Value,
)
from wardsim.kernel.jit import njit


class Frontier(NamedTuple):
    """Scratch space of the stages, allocated once per pair.

    Attributes
    ----------
    odds, next_odds : ndarray(float, ndim=1)
        (FRONTIER_CAP,): the probability of each outcome, now and after the current roll.
    states, next_states : ndarray(int, ndim=2)
        (FRONTIER_CAP, len(FrontierCol)): HP of A, HP of B, effect state x, battle state b.
    dice_sums : ndarray(float, ndim=1)
        (6 max_dice + 8,): the distribution of a sum of dice (`_dice_sum_odds_nb`).
    """

    odds: np.ndarray
    states: np.ndarray
    next_odds: np.ndarray
    next_states: np.ndarray
    dice_sums: np.ndarray


class Accumulator(NamedTuple):
    """What one stage state is worth, as an affine function of the level's unknowns.

    Attributes
    ----------
    coefs : ndarray(float, ndim=1)
        (n_unknowns,): the coefficient of each unknown (V at this HP level, compact index).
    consts : ndarray(float, ndim=1)
        (len(Value),): the constant part: P(A wins), P(B wins), expected exchanges.
    """

    coefs: np.ndarray
    consts: np.ndarray


class StageValues(NamedTuple):
    """The values of one stage, looked up by the stage before it.

    Attributes
    ----------
    coefs : ndarray(float, ndim=2)
        (n_states, n_unknowns): at the HP level being solved, each state's coefficients...
    consts : ndarray(float, ndim=2)
        (n_states, len(Value)): ...and constants, as the stage's `Accumulator` left them.
    grid : ndarray(float, ndim=4)
        (HP A + 1, n_states, HP B + 1, len(Value)): the solved values of every level. A strike
        on B reads a run of B's HPs for one state: the HP of the target is the inner axis, so
        that run is contiguous memory.
    grid_swapped : ndarray(float, ndim=4)
        (HP B + 1, n_states, HP A + 1, len(Value)): the same with the HP axes swapped, for the
        strikes on A; empty for the stages no strike leads to.
    """

    coefs: np.ndarray
    consts: np.ndarray
    grid: np.ndarray
    grid_swapped: np.ndarray


@njit
def _new_frontier_nb(max_dice):
    return Frontier(
        np.zeros(FRONTIER_CAP),
        np.zeros((FRONTIER_CAP, N_FRONTIER_COLS), dtype=np.int64),
        np.zeros(FRONTIER_CAP),
        np.zeros((FRONTIER_CAP, N_FRONTIER_COLS), dtype=np.int64),
        np.zeros(6 * max_dice + 8),
    )


@njit(_nrt=False, inline="always")
def _digit_nb(x, components, c):
    """Digit c of the effect state x."""
    return (x // components[c, ComponentCol.stride]) % components[c, ComponentCol.radix]


@njit(_nrt=False, inline="always")
def _with_digit_nb(x, components, c, value):
    """x with digit c set to `value`."""
    return x + (value - _digit_nb(x, components, c)) * components[c, ComponentCol.stride]


@njit(_nrt=False, inline="always")
def _has_status_nb(x, rules, who, status):
    """Whether creature `who` has `status` (a StatusComponent) in x."""
    c = rules.status_components[who, status]
    return c >= 0 and _digit_nb(x, rules.components, c) > 0


@njit(_nrt=False, inline="always")
def _start_frontier_nb(frontier, p, hp_a, hp_b, x, b):
    """The frontier holds one outcome; returns its size, 1."""
    frontier.odds[0] = p
    frontier.states[0, FrontierCol.hp_a] = hp_a
    frontier.states[0, FrontierCol.hp_b] = hp_b
    frontier.states[0, FrontierCol.effect_state] = x
    frontier.states[0, FrontierCol.battle_state] = b
    return np.int64(1)  # not the literal 1, which numba would compile the programs for apart


@njit(_nrt=False, inline="always")
def _push_next_nb(frontier, n_next, p, hp_a, hp_b, x, b):
    """Add an outcome after the current roll; returns the new count."""
    frontier.next_odds[n_next] = p
    frontier.next_states[n_next, FrontierCol.hp_a] = hp_a
    frontier.next_states[n_next, FrontierCol.hp_b] = hp_b
    frontier.next_states[n_next, FrontierCol.effect_state] = x
    frontier.next_states[n_next, FrontierCol.battle_state] = b
    return n_next + 1


@njit(_nrt=False, inline="always")
def _keep_next_nb(frontier, n_next):
    """The outcomes after the roll become the frontier; returns its size."""
    for k in range(n_next):
        frontier.odds[k] = frontier.next_odds[k]
        for j in range(N_FRONTIER_COLS):
            frontier.states[k, j] = frontier.next_states[k, j]
    return n_next


@njit(_nrt=False, inline="always")
def _finished_nb(hp_a, hp_b, p, acc):
    """Add a finished duel to the accumulator; False while both creatures live.

    The duel ends the moment a creature reaches 0 HP (DESIGN.md ruling 3); both at 0 together
    (end-of-exchange ticks) is a draw: no win for either and no further exchanges.
    """
    if hp_a > 0 and hp_b > 0:
        return False
    if hp_a <= 0 and hp_b <= 0:
        return True
    if hp_b <= 0:
        acc.consts[Value.a_wins] += p
    else:
        acc.consts[Value.b_wins] += p
    return True


@njit(_nrt=False, inline="always")
def _add_value_nb(hp_a, hp_b, state, p, level_a, level_b, acc, stage):
    """Add p x (the value of `stage` at (hp_a, hp_b, state)) to the accumulator.

    At the level being solved (hp_a, hp_b) = (level_a, level_b) the stage's value is affine in
    the unknowns; at other levels it is known.
    """
    if _finished_nb(hp_a, hp_b, p, acc):
        return
    if hp_a == level_a and hp_b == level_b:
        for j in range(acc.coefs.shape[0]):
            acc.coefs[j] += p * stage.coefs[state, j]
        for j in range(N_VALUES):
            acc.consts[j] += p * stage.consts[state, j]
        return
    for j in range(N_VALUES):
        acc.consts[j] += p * stage.grid[hp_a, state, hp_b, j]


@njit(_nrt=False, inline="always")
def _apply_op_nb(rules, o, p, hp_a, hp_b, x, b, frontier, n_next, acc):
    """Op o on one outcome: pushes what follows to the next frontier; returns its size.

    A duel that ends goes to the accumulator. The op's effect roll comes first: outside its
    range the outcome goes on unchanged.
    """
    ops = rules.ops
    components = rules.components
    lo = ops[o, OpCol.roll_lo]
    if lo > 0:
        q = (ops[o, OpCol.roll_hi] - lo + 1) / 6.0
        if q < 1.0:
            n_next = _push_next_nb(frontier, n_next, p * (1.0 - q), hp_a, hp_b, x, b)
        p *= q
    kind = ops[o, OpCol.kind]
    victim = ops[o, OpCol.victim]
    owner_now = _digit_nb(x, components, 0)
    if kind == OpKind.damage or kind == OpKind.heal:
        n = ops[o, OpCol.dice]
        dist = frontier.dice_sums
        _dice_sum_odds_nb(n, dist)
        full = kind == OpKind.heal and ops[o, OpCol.full_heal] != 0
        for s in range(n, 6 * n + 1):
            ps = dist[s] * p
            if full:  # to max HP: one outcome whatever the dice
                if s > n:
                    break
                ps = p
            amount = ops[o, OpCol.amount] + s
            new_a = hp_a
            new_b = hp_b
            if kind == OpKind.damage:
                d = _damage_taken_nb(rules, b, victim, amount, DamageKind.other)
                if victim == 0:
                    new_a = hp_a - d
                else:
                    new_b = hp_b - d
            else:
                max_hp = rules.fighters[victim, FighterSummary.hp]
                healing = max_hp if full else amount
                if victim == 0:
                    new_a = _healed_nb(hp_a, healing, max_hp)
                else:
                    new_b = _healed_nb(hp_b, healing, max_hp)
            if _finished_nb(new_a, new_b, ps, acc):
                continue
            n_next = _push_next_nb(frontier, n_next, ps, new_a, new_b, x, b)
        return n_next
    new_x = x
    new_b = b
    c = ops[o, OpCol.component]
    if kind == OpKind.start_dot:
        # the same DOT does not stack: it restarts, ticking in the exchanges of the player
        # whose turn it is now (DESIGN.md ruling 6)
        ticks = ops[o, OpCol.value]
        state = 1 + owner_now if ticks < 0 else 1 + (ticks - 1) * 2 + owner_now
        new_x = _with_digit_nb(x, components, c, state)
    elif kind == OpKind.set_timer:
        value = ops[o, OpCol.value]
        code = components[c, ComponentCol.timer_max] + 1 if value < 0 else value
        if code > _digit_nb(x, components, c):  # applying it again keeps the later end
            new_x = _with_digit_nb(x, components, c, code)
    elif kind == OpKind.set_flag:
        new_x = _with_digit_nb(x, components, c, 1)
    elif kind == OpKind.set_battle_bit:
        new_b = b | (1 << ops[o, OpCol.value])
    return _push_next_nb(frontier, n_next, p, hp_a, hp_b, new_x, new_b)


def _program_ops(rules, owner, program, frontier, n_live, acc):
    """Apply creature `owner`'s ops for `program` (a Program) in row order; returns the frontier's size."""
    first = rules.programs[owner, program, ProgramCol.first_op]
    count = rules.programs[owner, program, ProgramCol.n_ops]
    for o in range(first, first + count):
        n_next = 0
        for k in range(n_live):
            n_next = _apply_op_nb(
                rules,
                o,
                frontier.odds[k],
                frontier.states[k, FrontierCol.hp_a],
                frontier.states[k, FrontierCol.hp_b],
                frontier.states[k, FrontierCol.effect_state],
                frontier.states[k, FrontierCol.battle_state],
                frontier,
                n_next,
                acc,
            )
            if n_next > FRONTIER_CAP - 64:
                raise ValueError("exact solver: frontier overflow")
        n_live = _keep_next_nb(frontier, n_next)
    return n_live


# one program runner compiled two ways: inlined where it is hot (the on-hit rows, run for every
# hit of every strike state), called elsewhere (turn rows), which keeps the compile time down
_run_program_inlined_nb = njit(_nrt=False, inline="always")(_program_ops)
_call_program_nb = njit(_nrt=False)(_program_ops)


@njit(_nrt=False, inline="always")
def _run_program_nb(rules, owner, program, frontier, n_live, acc):
    """`_program_ops` as a call, made only for a creature that has rows for it (most have none)."""
    if rules.programs[owner, program, ProgramCol.n_ops] == 0:
        return n_live
    return _call_program_nb(rules, owner, program, frontier, n_live, acc)
