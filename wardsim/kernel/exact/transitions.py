"""What every HP level of a pair shares, when its HP never rises: solve a level by constants (numba).

Without heals that can raise HP A + HP B, an outcome stays in its level exactly when no HP
moved (a miss, a frozen creature, a hit that deals 0, the turn passing...), and how likely
that is never depends on the HPs. So, at every level alike:

- the coefficients of the unknowns V (the matrix M of the level's system, and each stage
  state's weights on V) are the same: `_level_operator_nb` computes them once, at the top
  level, and inverts I - M once (Gauss-Jordan elimination with partial pivoting);
- a stage state whose every outcome stays in the level (a *pure* state: the start of an
  exchange without effects, the end of one without ticks, a strike by a frozen creature) is
  worth a fixed combination of the next stage's values: `_pure_states_nb` finds those
  combinations once, by a pass at the top level in which every other level reads NaN.

A level then only computes the constants of its affine values (the other levels' values and
the finished duels) for its impure states, combines the pure ones, and multiplies by the
inverse (`_solve_level_with_operator_nb`). Everything is kept sparse: within a level a state
reaches only a few others.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.exact.enums import N_VALUES, FighterSummary, Value
from wardsim.kernel.exact.frontier import Accumulator, StageValues
from wardsim.kernel.exact.levels import _backward_pass_nb, _clear_nb, _store_nb, identity_probes_nb
from wardsim.kernel.exact.plans import (
    EndPlan,
    StrikePlan,
    _planned_end_nb,
    _planned_strike_nb,
    end_plan_nb,
    end_plannable_nb,
    strike_plan_nb,
    strikes_plannable_nb,
)
from wardsim.kernel.exact.stages import _end_of_exchange_nb, _start_of_exchange_nb, _strike_from_nb
from wardsim.kernel.jit import njit

S = FighterSummary


class SparseRows(NamedTuple):
    """Rows of a sparse matrix (CSR): row r's entries are `columns` / `weights` [starts[r]:starts[r + 1]]."""

    starts: np.ndarray
    columns: np.ndarray
    weights: np.ndarray


class PureStates(NamedTuple):
    """One stage's states split by whether an outcome can leave the level.

    Attributes
    ----------
    impure : ndarray(int, ndim=1)
        The states whose constants the stage functions compute at each level.
    pure : ndarray(int, ndim=1)
        The states whose every outcome stays in the level.
    constants : ndarray(float, ndim=2)
        (n_pure, len(Value)): what a pure state adds of its own (the exchange it counts).
    weights : SparseRows
        A pure state's weights on the next stage's states: the strike state m or the end
        state x (ST1 -> ST2, ST2 -> END); from the start, ST1 state m in column m and END
        state x in column n_strike_states + x.
    """

    impure: np.ndarray
    pure: np.ndarray
    constants: np.ndarray
    weights: SparseRows


class LevelOperator(NamedTuple):
    """What every level of a pair whose HP never rises shares (`_level_operator_nb`).

    Attributes
    ----------
    inverse : SparseRows
        (I - M)^-1 over the unknowns: V = inverse . k, k the constants of V at the level.
    end, second_strike, first_strike : SparseRows
        Each reachable state's weights on V (rows in the order of `Reachable.ends`,
        `.second_strikes`, `.first_strikes`).
    pure_start, pure_first_strike, pure_second_strike, pure_end : PureStates
        The stages' pure states (the start's by the unknowns' compact index).
    strikes_planned : bool
        The strikes go by their plans (`kernel.exact.plans`; else by `stages._strike_nb`).
    first_strike_plan, second_strike_plan : StrikePlan
        The plans (empty when not `strikes_planned`).
    ends_planned : bool
        The ends of exchanges go by their plan (else by `stages._end_of_exchange_nb`).
    end_plan : EndPlan
        The plan (empty when not `ends_planned`).
    """

    inverse: SparseRows
    end: SparseRows
    second_strike: SparseRows
    first_strike: SparseRows
    pure_start: PureStates
    pure_first_strike: PureStates
    pure_second_strike: PureStates
    pure_end: PureStates
    strikes_planned: bool
    first_strike_plan: StrikePlan
    second_strike_plan: StrikePlan
    ends_planned: bool
    end_plan: EndPlan


@njit
def _sparse_rows_nb(coefs, rows):
    """The nonzero entries of `coefs[rows[r]]`, row by row (CSR)."""
    count = 0
    for r in range(rows.shape[0]):
        for k in range(coefs.shape[1]):
            if coefs[rows[r], k] != 0.0:
                count += 1
    starts = np.zeros(rows.shape[0] + 1, dtype=np.int64)
    columns = np.zeros(count, dtype=np.int64)
    weights = np.zeros(count)
    count = 0
    for r in range(rows.shape[0]):
        for k in range(coefs.shape[1]):
            if coefs[rows[r], k] != 0.0:
                columns[count] = k
                weights[count] = coefs[rows[r], k]
                count += 1
        starts[r + 1] = count
    return SparseRows(starts, columns, weights)


@njit
def _split_pure_nb(states, weights, constants):
    """`states` split by their row of `constants` (probed with NaN at the other levels).

    A state is pure when no outcome read another level (no NaN) and none finished the duel
    (no win). A duel in which both creatures die at once adds nothing either way: at a lower
    level the same outcome kills both too.
    """
    n_pure = 0
    for r in range(states.shape[0]):
        c = constants[states[r]]
        if c[Value.a_wins] == 0.0 and c[Value.b_wins] == 0.0 and np.isfinite(c[Value.exchanges]):
            n_pure += 1
    pure = np.zeros(n_pure, dtype=np.int64)
    impure = np.zeros(states.shape[0] - n_pure, dtype=np.int64)
    own = np.zeros((n_pure, N_VALUES))
    i = 0
    k = 0
    for r in range(states.shape[0]):
        s = states[r]
        c = constants[s]
        if c[Value.a_wins] == 0.0 and c[Value.b_wins] == 0.0 and np.isfinite(c[Value.exchanges]):
            pure[i] = s
            for j in range(N_VALUES):
                own[i, j] = c[j]
            i += 1
        else:
            impure[k] = s
            k += 1
    return PureStates(impure, pure, own, _sparse_rows_nb(weights, pure))


@njit
def _pure_states_nb(rules, tables, frontier, stages, reachable):
    """Each stage's pure states and their weights on the next stage, probed at the top level.

    The next stages' coefficients are identity matrices, so each state's weights land on the
    next stage's states themselves (`levels.identity_probes_nb`); every other level's value
    reads NaN, so a state that reaches one shows it. The grids are left NaN: the levels
    write every value before it is read, and a value read unwritten would show as NaN.
    """
    n_effect = stages.end.consts.shape[0]
    n_strike = stages.first_strike.consts.shape[0]
    n_unknowns = reachable.starts.shape[0]
    width = n_strike + n_effect
    grids = (
        stages.start.grid,
        stages.first_strike.grid,
        stages.second_strike.grid,
        stages.second_strike.grid_swapped,
        stages.end.grid,
        stages.end.grid_swapped,
    )
    for grid in grids:
        grid[:] = np.nan
    to_first_strike, to_second_strike, to_end, to_end_from_start, to_start = identity_probes_nb(
        n_strike,
        n_effect,
        stages.start.grid,
        stages.first_strike.grid,
        stages.second_strike.grid,
        stages.second_strike.grid_swapped,
        stages.end.grid,
        stages.end.grid_swapped,
    )
    acc = Accumulator(np.zeros(width), np.zeros(N_VALUES))
    level_a = rules.fighters[0, S.hp]
    level_b = rules.fighters[1, S.hp]
    end_weights = np.zeros((n_effect, width))
    end_constants = np.zeros((n_effect, N_VALUES))
    second_weights = np.zeros((n_strike, width))
    second_constants = np.zeros((n_strike, N_VALUES))
    first_weights = np.zeros((n_strike, width))
    first_constants = np.zeros((n_strike, N_VALUES))
    start_weights = np.zeros((n_unknowns, width))
    start_constants = np.zeros((n_unknowns, N_VALUES))
    for x in reachable.ends:
        _clear_nb(acc)
        _end_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, to_start, reachable.unknown_index)
        _store_nb(StageValues(end_weights, end_constants, to_start.grid, to_start.grid), x, acc)
    for m in reachable.second_strikes:
        _clear_nb(acc)
        _strike_from_nb(m, True, level_a, level_b, rules, tables, frontier, acc, to_end)
        _store_nb(StageValues(second_weights, second_constants, to_end.grid, to_end.grid), m, acc)
    for m in reachable.first_strikes:
        _clear_nb(acc)
        _strike_from_nb(m, False, level_a, level_b, rules, tables, frontier, acc, to_second_strike)
        _store_nb(StageValues(first_weights, first_constants, to_end.grid, to_end.grid), m, acc)
    for i in range(n_unknowns):
        _clear_nb(acc)
        _start_of_exchange_nb(
            reachable.starts[i], level_a, level_b, rules, frontier, acc, to_first_strike, to_end_from_start
        )
        _store_nb(StageValues(start_weights, start_constants, to_end.grid, to_end.grid), i, acc)
    return (
        _split_pure_nb(np.arange(n_unknowns), start_weights, start_constants),
        _split_pure_nb(reachable.first_strikes, first_weights, first_constants),
        _split_pure_nb(reachable.second_strikes, second_weights, second_constants),
        _split_pure_nb(reachable.ends, end_weights, end_constants),
    )


@njit
def _level_operator_nb(rules, tables, frontier, acc, stages, reachable, system):
    """The part of a level's solution that is the same at every level, when HP never rises.

    Computed once, at the top level: M and each stage's weights on V (the stages'
    coefficients after a backward pass), (I - M)^-1, and the pure states.

    Returns
    -------
    (LevelOperator, bool)
        The operator, and False when I - M is singular (some states never leave a level:
        the caller solves level by level, `levels._solve_level_nb`).
    """
    level_a = rules.fighters[0, S.hp]
    level_b = rules.fighters[1, S.hp]
    n = reachable.starts.shape[0]
    _backward_pass_nb(level_a, level_b, rules, tables, frontier, acc, stages, reachable)
    mat = system.matrix
    inverse = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            mat[i, j] = (1.0 if i == j else 0.0) - stages.start.coefs[i, j]
        inverse[i, i] = 1.0
    regular = True
    for col in range(n):
        piv = col
        for i in range(col + 1, n):
            if abs(mat[i, col]) > abs(mat[piv, col]):
                piv = i
        if abs(mat[piv, col]) < 1e-12:  # the threshold of `levels._solve_unknowns_nb`
            regular = False
            break
        if piv != col:
            for j in range(n):
                tmp = mat[col, j]
                mat[col, j] = mat[piv, j]
                mat[piv, j] = tmp
                tmp = inverse[col, j]
                inverse[col, j] = inverse[piv, j]
                inverse[piv, j] = tmp
        pivot = mat[col, col]
        for j in range(n):
            mat[col, j] /= pivot
            inverse[col, j] /= pivot
        for i in range(n):
            f = mat[i, col]
            if i != col and f != 0.0:
                for j in range(n):
                    mat[i, j] -= f * mat[col, j]
                    inverse[i, j] -= f * inverse[col, j]
    pure_start, pure_first, pure_second, pure_end = _pure_states_nb(rules, tables, frontier, stages, reachable)
    # a pure end of exchange reads only this level's V: its constant part never changes
    for r in range(pure_end.pure.shape[0]):
        for j in range(N_VALUES):
            stages.end.consts[pure_end.pure[r], j] = pure_end.constants[r, j]
    strikes_planned = strikes_plannable_nb(rules)
    n_strike = stages.first_strike.consts.shape[0] if strikes_planned else 0
    ends_planned = end_plannable_nb(rules)
    n_effect = stages.end.consts.shape[0] if ends_planned else 0
    operator = LevelOperator(
        _sparse_rows_nb(inverse, np.arange(n)),
        _sparse_rows_nb(stages.end.coefs, reachable.ends),
        _sparse_rows_nb(stages.second_strike.coefs, reachable.second_strikes),
        _sparse_rows_nb(stages.first_strike.coefs, reachable.first_strikes),
        pure_start,
        pure_first,
        pure_second,
        pure_end,
        strikes_planned,
        strike_plan_nb(rules, tables, frontier, acc, n_strike, False),
        strike_plan_nb(rules, tables, frontier, acc, n_strike, True),
        ends_planned,
        end_plan_nb(rules, frontier, acc, n_effect),
    )
    return operator, regular


@njit(_nrt=False)
def _combine_pure_nb(stage, pure, first_next, second_next, split):
    """The constants of a stage's pure states: their own plus their weights on the next stage's.

    Columns below `split` read `first_next`, the others `second_next` at column - split.
    """
    weights = pure.weights
    for r in range(pure.pure.shape[0]):
        s = pure.pure[r]
        for j in range(N_VALUES):
            total = pure.constants[r, j]
            for q in range(weights.starts[r], weights.starts[r + 1]):
                col = weights.columns[q]
                if col < split:
                    total += weights.weights[q] * first_next.consts[col, j]
                else:
                    total += weights.weights[q] * second_next.consts[col - split, j]
            stage.consts[s, j] = total


@njit(_nrt=False)
def _fill_sparse_nb(stage, states, weights, values, level_a, level_b):
    """Stage values at this level: constants + weights . V, into the stage's grids."""
    for r in range(states.shape[0]):
        m = states[r]
        for j in range(N_VALUES):
            total = stage.consts[m, j]
            for q in range(weights.starts[r], weights.starts[r + 1]):
                total += weights.weights[q] * values[weights.columns[q], j]
            stage.grid[level_a, m, level_b, j] = total
            if stage.grid_swapped.shape[0] > 0:
                stage.grid_swapped[level_b, m, level_a, j] = total


@njit(_nrt=False)
def _solve_level_with_operator_nb(level_a, level_b, rules, tables, frontier, acc, stages, reachable, operator, values):
    """`levels._solve_level_nb` for a pair whose HP never rises, with the level's operator.

    `acc` and `stages` have zero-width coefficients: the stage functions compute only the
    constants, of the impure states; the pure ones combine the next stage's; then
    V = (I - M)^-1 k, and every stage's value is its constant plus its weights on V.
    `values` ((n_unknowns, len(Value))) receives V.
    """
    n_strike = stages.first_strike.consts.shape[0]
    # backwards through the exchange, as `levels._backward_pass_nb` (pure END constants are fixed)
    for x in operator.pure_end.impure:
        _clear_nb(acc)
        if operator.ends_planned:
            _planned_end_nb(operator.end_plan, x, level_a, level_b, acc, stages.start, reachable.unknown_index)
        else:
            _end_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, stages.start, reachable.unknown_index)
        _store_nb(stages.end, x, acc)
    for m in operator.pure_second_strike.impure:
        _clear_nb(acc)
        if operator.strikes_planned:
            _planned_strike_nb(operator.second_strike_plan, m, level_a, level_b, rules, tables, acc, stages.end)
        else:
            _strike_from_nb(m, True, level_a, level_b, rules, tables, frontier, acc, stages.end)
        _store_nb(stages.second_strike, m, acc)
    _combine_pure_nb(stages.second_strike, operator.pure_second_strike, stages.end, stages.end, n_strike)
    for m in operator.pure_first_strike.impure:
        _clear_nb(acc)
        if operator.strikes_planned:
            _planned_strike_nb(
                operator.first_strike_plan, m, level_a, level_b, rules, tables, acc, stages.second_strike
            )
        else:
            _strike_from_nb(m, False, level_a, level_b, rules, tables, frontier, acc, stages.second_strike)
        _store_nb(stages.first_strike, m, acc)
    _combine_pure_nb(stages.first_strike, operator.pure_first_strike, stages.second_strike, stages.end, n_strike)
    for i in operator.pure_start.impure:
        _clear_nb(acc)
        _start_of_exchange_nb(
            reachable.starts[i], level_a, level_b, rules, frontier, acc, stages.first_strike, stages.end
        )
        _store_nb(stages.start, i, acc)
    _combine_pure_nb(stages.start, operator.pure_start, stages.first_strike, stages.end, n_strike)
    inverse = operator.inverse
    consts = stages.start.consts
    grid = stages.start.grid
    for i in range(reachable.starts.shape[0]):
        x = reachable.starts[i]
        for j in range(N_VALUES):
            v = 0.0
            for q in range(inverse.starts[i], inverse.starts[i + 1]):
                v += inverse.weights[q] * consts[inverse.columns[q], j]
            values[i, j] = v
            grid[level_a, x, level_b, j] = v
    _fill_sparse_nb(stages.end, reachable.ends, operator.end, values, level_a, level_b)
    _fill_sparse_nb(stages.second_strike, reachable.second_strikes, operator.second_strike, values, level_a, level_b)
    _fill_sparse_nb(stages.first_strike, reachable.first_strikes, operator.first_strike, values, level_a, level_b)
