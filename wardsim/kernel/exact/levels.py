"""The exact solver's HP levels: which stage states occur, and the values at one level (numba).

A level is a pair (HP of A, HP of B). Its unknowns are the values V of the reachable effect
states x at the start of an exchange; END, ST2 and ST1 at the level are affine functions of
them (the turn alternates, so the level's stages always form cycles). `_solve_level_nb` builds
those functions stage by stage, backwards through the exchange, solves the linear system for
V, and stores every stage's values in its grid.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.exact.enums import N_VALUES, FighterSummary, Value
from wardsim.kernel.exact.frontier import Accumulator, StageValues
from wardsim.kernel.exact.spec import PairRules
from wardsim.kernel.exact.stages import _end_of_exchange_nb, _start_of_exchange_nb, _strike_from_nb
from wardsim.kernel.exact.tables import StrikeTables, _fill_losses_nb, _n_battle_states_nb
from wardsim.kernel.jit import njit

S = FighterSummary


class Stages(NamedTuple):
    """The values of the four stages of an exchange (see `kernel.exact.stages`).

    `start.coefs` and `start.consts` are indexed by the unknowns' compact index, every other
    stage's by its state: x for `start.grid` and `end`, x * n_battle_states + b for the strikes.
    """

    start: StageValues
    first_strike: StageValues
    second_strike: StageValues
    end: StageValues


class Reachable(NamedTuple):
    """The stage states that can occur from the first states, whatever the HPs.

    Attributes
    ----------
    starts : ndarray(int, ndim=1)
        (n_unknowns,): the effect states x at the start of an exchange: the level's unknowns.
    unknown_index : ndarray(int, ndim=1)
        (n_effect_states,): the compact index of each x in `starts`, -1 when it cannot occur.
    ends : ndarray(int, ndim=1)
        The x at the end of an exchange.
    first_strikes, second_strikes : ndarray(int, ndim=1)
        The strike states x * n_battle_states + b before the first and the second strike.
    """

    starts: np.ndarray
    unknown_index: np.ndarray
    ends: np.ndarray
    first_strikes: np.ndarray
    second_strikes: np.ndarray


class LinearSystem(NamedTuple):
    """(I - M) V = k for the unknowns of a level: `matrix` (n, n) and `rhs` (n, len(Value))."""

    matrix: np.ndarray
    rhs: np.ndarray


@njit(_nrt=False, inline="always")
def _clear_nb(acc):
    acc.coefs[:] = 0.0
    acc.consts[:] = 0.0


@njit(_nrt=False)
def _store_nb(stage, state, acc):
    """The accumulated affine value becomes the stage's value of `state` at this level."""
    for j in range(acc.coefs.shape[0]):
        stage.coefs[state, j] = acc.coefs[j]
    for j in range(N_VALUES):
        stage.consts[state, j] = acc.consts[j]


@njit(_nrt=False)
def _fill_stage_nb(stage, state, rhs, n_unknowns, level_a, level_b):
    """With the unknowns solved (`rhs`), the value of `state` goes to the stage's grids."""
    for j in range(N_VALUES):
        acc = stage.consts[state, j]
        for k in range(n_unknowns):
            if stage.coefs[state, k] != 0.0:
                acc += stage.coefs[state, k] * rhs[k, j]
        stage.grid[level_a, state, level_b, j] = acc
        if stage.grid_swapped.shape[0] > 0:
            stage.grid_swapped[level_b, state, level_a, j] = acc


@njit(_nrt=False)
def _solve_unknowns_nb(start, system, n):
    """Solve (I - M) V = k, M = start.coefs, k = start.consts; V is left in `system.rhs`.

    Gaussian elimination with partial pivoting. A singular system means some states never
    leave this level (the creatures cannot hurt each other from there): their win
    probabilities come from value iteration, and their expected length is infinite (the duel
    kernel's exchange cap ends them as draws).
    """
    mat = system.matrix
    rhs = system.rhs
    for i in range(n):
        for j in range(n):
            mat[i, j] = (1.0 if i == j else 0.0) - start.coefs[i, j]
        for j in range(N_VALUES):
            rhs[i, j] = start.consts[i, j]
    singular = False
    for col in range(n):
        piv = col
        for i in range(col + 1, n):
            if abs(mat[i, col]) > abs(mat[piv, col]):
                piv = i
        if abs(mat[piv, col]) < 1e-12:
            singular = True
            break
        if piv != col:
            for j in range(n):
                tmp = mat[col, j]
                mat[col, j] = mat[piv, j]
                mat[piv, j] = tmp
            for j in range(N_VALUES):
                tmp = rhs[col, j]
                rhs[col, j] = rhs[piv, j]
                rhs[piv, j] = tmp
        for i in range(col + 1, n):
            f = mat[i, col] / mat[col, col]
            if f != 0.0:
                for j in range(col, n):
                    mat[i, j] -= f * mat[col, j]
                for j in range(N_VALUES):
                    rhs[i, j] -= f * rhs[col, j]
    if not singular:
        for i in range(n - 1, -1, -1):
            for j in range(N_VALUES):
                acc = rhs[i, j]
                for k in range(i + 1, n):
                    acc -= mat[i, k] * rhs[k, j]
                rhs[i, j] = acc / mat[i, i]
        return
    # value iteration from 0 converges to the absorbing probabilities
    for i in range(n):
        for j in range(N_VALUES):
            rhs[i, j] = 0.0
    for _ in range(100000):
        delta = 0.0
        for i in range(n):
            for j in (Value.a_wins, Value.b_wins):
                acc = start.consts[i, j]
                for k in range(n):
                    acc += start.coefs[i, k] * rhs[k, j]
                delta = max(delta, abs(acc - rhs[i, j]))
                rhs[i, j] = acc
        if delta < 1e-15:
            break
    for i in range(n):
        rhs[i, Value.exchanges] = np.inf


@njit(_nrt=False)
def _backward_pass_nb(level_a, level_b, rules, tables, frontier, acc, stages, reachable):
    """Every reachable stage state's value at HP (level_a, level_b), affine in the unknowns.

    Backwards through the exchange: END looks up V, ST2 looks up END, ST1 looks up ST2, V
    looks up ST1 and END. Each state's coefficients and constants go to its stage. With
    zero-width coefficients (`acc.coefs` and the stages' `coefs` of shape (n, 0)) only the
    constants are computed (`kernel.exact.transitions`).
    """
    for x in reachable.ends:
        _clear_nb(acc)
        _end_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, stages.start, reachable.unknown_index)
        _store_nb(stages.end, x, acc)
    for m in reachable.second_strikes:
        _clear_nb(acc)
        _strike_from_nb(m, True, level_a, level_b, rules, tables, frontier, acc, stages.end)
        _store_nb(stages.second_strike, m, acc)
    for m in reachable.first_strikes:
        _clear_nb(acc)
        _strike_from_nb(m, False, level_a, level_b, rules, tables, frontier, acc, stages.second_strike)
        _store_nb(stages.first_strike, m, acc)
    for i in range(reachable.starts.shape[0]):
        _clear_nb(acc)
        _start_of_exchange_nb(
            reachable.starts[i], level_a, level_b, rules, frontier, acc, stages.first_strike, stages.end
        )
        _store_nb(stages.start, i, acc)


@njit(_nrt=False)
def _solve_level_nb(level_a, level_b, rules, tables, frontier, acc, stages, reachable, system):
    """Values of every reachable stage state at HP (level_a, level_b), stored in `stages`.

    Parameters
    ----------
    level_a, level_b : int
        The HP of A and B; every level with a smaller sum is solved (or, when effects can
        raise HP, holds the last sweep's values).
    rules : PairRules
    tables : StrikeTables
    frontier : Frontier
    acc : Accumulator
    stages : Stages
    reachable : Reachable
    system : LinearSystem

    Returns
    -------
    float
        The largest change of V at this level (win probabilities absolute, expected exchanges
        relative), for the sweeps of `solve_nb`.
    """
    n_unknowns = reachable.starts.shape[0]
    _backward_pass_nb(level_a, level_b, rules, tables, frontier, acc, stages, reachable)
    _solve_unknowns_nb(stages.start, system, n_unknowns)
    rhs = system.rhs
    change = 0.0
    grid = stages.start.grid
    for i in range(n_unknowns):
        x = reachable.starts[i]
        for j in range(N_VALUES):
            v = rhs[i, j]
            old = grid[level_a, x, level_b, j]
            if j != Value.exchanges:
                change = max(change, abs(v - old))
            elif np.isfinite(v) and np.isfinite(old):
                change = max(change, abs(v - old) / max(1.0, v))
            grid[level_a, x, level_b, j] = v
    # the other stages at this level, now that V is known
    for m in reachable.ends:
        _fill_stage_nb(stages.end, m, rhs, n_unknowns, level_a, level_b)
    for m in reachable.second_strikes:
        _fill_stage_nb(stages.second_strike, m, rhs, n_unknowns, level_a, level_b)
    for m in reachable.first_strikes:
        _fill_stage_nb(stages.first_strike, m, rhs, n_unknowns, level_a, level_b)
    return change


@njit(_nrt=False, inline="always")
def _mark_nb(acc, offset, marks):
    """Mark (1 = to explore) the states whose column in acc.coefs, from `offset`, got weight."""
    for m in range(marks.shape[0]):
        if acc.coefs[offset + m] > 0.0 and marks[m] == 0:
            marks[m] = 1


@njit
def identity_probes_nb(
    n_strike, n_effect, grid_start, grid_first, grid_second, grid_second_swapped, grid_end, grid_end_swapped
):
    """The next stages' coefficients as identity matrices, so that a stage's weights land on the
    next stage's states themselves: ST1 / ST2 state m in column m, END state x in column x, or in
    column n_strike + x when seen from the start (to tell it from ST1 there); no constants.

    Returns
    -------
    (first strike, second strike, end, end seen from the start, start) : StageValues
    """
    width = n_strike + n_effect
    identity_end = np.zeros((n_effect, width))
    identity_end_from_start = np.zeros((n_effect, width))
    for x in range(n_effect):
        identity_end[x, x] = 1.0
        identity_end_from_start[x, n_strike + x] = 1.0
    identity_strike = np.zeros((n_strike, width))
    for m in range(n_strike):
        identity_strike[m, m] = 1.0
    no_consts_end = np.zeros((n_effect, N_VALUES))
    no_consts_strike = np.zeros((n_strike, N_VALUES))
    return (
        StageValues(identity_strike, no_consts_strike, grid_first, grid_first),
        StageValues(identity_strike, no_consts_strike, grid_second, grid_second_swapped),
        StageValues(identity_end, no_consts_end, grid_end, grid_end_swapped),
        StageValues(identity_end_from_start, no_consts_end, grid_end, grid_end_swapped),
        StageValues(identity_end, no_consts_end, grid_start, grid_start),
    )


@njit
def _reachable_nb(first_states, rules, tables, frontier, grid_start, grid_end, grid_first, grid_second):
    """The stage states reachable from `first_states`, exploring with every hit dealing 0.

    With all damage prevented HP never moves, so every lookup lands at the level of the two
    max HPs and in `acc.coefs`; identity matrices as the next stage's coefficients
    (`identity_probes_nb`) put each state in a column of its own. The grids are only there to
    type the views (no lookup leaves the level).

    Returns
    -------
    Reachable
    """
    n_battle = _n_battle_states_nb(rules)
    n_effect = grid_start.shape[1]
    n_strike = n_effect * n_battle
    width = n_strike + n_effect
    to_first_strike, to_second_strike, to_end, to_end_from_start, to_start = identity_probes_nb(
        n_strike, n_effect, grid_start, grid_first, grid_second, grid_second, grid_end, grid_end
    )
    acc = Accumulator(np.zeros(width), np.zeros(N_VALUES))
    # every creature prevents all damage, and every hit takes 0 HP
    fighters = rules.fighters.copy()
    for who in range(2):
        fighters[who, S.prevents_atk_damage] = 1
        fighters[who, S.prevents_other_damage] = 1
    rules = PairRules(
        fighters,
        rules.multipliers,
        rules.reductions,
        rules.heals,
        rules.ops,
        rules.programs,
        rules.components,
        rules.status_components,
        rules.battle_bits,
        rules.static_dots,
    )
    tables = StrikeTables(
        tables.hit_odds,
        np.zeros_like(tables.damage_taken),
        tables.damage_odds,
        tables.damage_count,
        np.zeros_like(tables.loss),
        np.zeros_like(tables.loss_odds),
        np.zeros_like(tables.loss_tail),
        np.zeros_like(tables.loss_count),
        np.zeros_like(tables.losses_below),
    )
    _fill_losses_nb(tables)
    every_x = np.arange(n_effect)
    level_a = fighters[0, S.hp]
    level_b = fighters[1, S.hp]
    # 0 = not reached, 1 = reached and to explore, 2 = explored
    starts = np.zeros(n_effect, dtype=np.int8)
    ends = np.zeros(n_effect, dtype=np.int8)
    first_strikes = np.zeros(n_strike, dtype=np.int8)
    second_strikes = np.zeros(n_strike, dtype=np.int8)
    for k in range(first_states.shape[0]):
        starts[first_states[k]] = 1
    changed = True
    while changed:
        changed = False
        for x in range(n_effect):
            if starts[x] == 1:
                starts[x] = 2
                _clear_nb(acc)
                _start_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, to_first_strike, to_end_from_start)
                _mark_nb(acc, 0, first_strikes)
                _mark_nb(acc, n_strike, ends)
                changed = True
        for x in range(n_effect):
            if ends[x] == 1:
                ends[x] = 2
                _clear_nb(acc)
                _end_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, to_start, every_x)
                _mark_nb(acc, 0, starts)
                changed = True
        for m in range(n_strike):
            if second_strikes[m] == 1:
                second_strikes[m] = 2
                _clear_nb(acc)
                _strike_from_nb(m, True, level_a, level_b, rules, tables, frontier, acc, to_end)
                _mark_nb(acc, 0, ends)
                changed = True
        for m in range(n_strike):
            if first_strikes[m] == 1:
                first_strikes[m] = 2
                _clear_nb(acc)
                _strike_from_nb(m, False, level_a, level_b, rules, tables, frontier, acc, to_second_strike)
                _mark_nb(acc, 0, second_strikes)
                changed = True
    return _reachable_from_marks_nb(starts, ends, first_strikes, second_strikes)


@njit
def _everything_reachable_nb(rules, n_effect):
    """Too many states to explore: every state counts as reachable, except strikes that
    cannot happen because who strikes first does not depend on a roll-off."""
    n_strike = n_effect * _n_battle_states_nb(rules)
    fighters = rules.fighters
    if fighters[0, S.strike_first] != fighters[1, S.strike_first]:
        first = 0 if fighters[0, S.strike_first] != 0 else 1
    elif fighters[0, S.speed] != fighters[1, S.speed]:
        first = 0 if fighters[0, S.speed] > fighters[1, S.speed] else 1
    else:
        first = -1
    starts = np.full(n_effect, 2, dtype=np.int8)
    ends = np.full(n_effect, 2, dtype=np.int8)
    strikes = np.zeros(n_strike, dtype=np.int8)
    for m in range(n_strike):
        if first < 0 or (m & 1) == first:
            strikes[m] = 2
    return _reachable_from_marks_nb(starts, ends, strikes, strikes)


@njit
def _reachable_from_marks_nb(starts, ends, first_strikes, second_strikes):
    listed = np.nonzero(starts)[0]
    unknown_index = np.full(starts.shape[0], -1, dtype=np.int64)
    for i in range(listed.shape[0]):
        unknown_index[listed[i]] = i
    return Reachable(
        listed, unknown_index, np.nonzero(ends)[0], np.nonzero(first_strikes)[0], np.nonzero(second_strikes)[0]
    )
