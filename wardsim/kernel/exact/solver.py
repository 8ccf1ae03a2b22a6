"""Exact duel probabilities by dynamic programming (no sampling).

`solve_pair(fa, fb, effects)` returns the exact probability that A wins, that B wins and of a
draw, and the expected number of exchanges, for the duel semantics of `kernel.duel.battle` (read
its docstring) without the exchange cap. It is the independent reference for the duel
kernel: it shares no rule code with it, only the prepared fighter arrays and the effect table
(the formats of `kernel.enums`).

State. At the start of an exchange a duel is (HP of A, HP of B, x) where x, the effect state, is
a mixed-radix number holding what the pair's effects need: whose turn it is, and for each
creature the status timers its opponent can put on it (frozen, stunned, disarmed: exchanges
left), wrapped, shielded, "skips its next turn", and one slot per DOT/HOT row that can land on
it (ticks left and the turn owner at whose exchanges it ticks). A creature without effects adds
nothing. During a battle a small battle state b adds who strikes first and the battle-long
effects that took hold (`kernel.exact.enums`).

Stages. Exchanges are cut into single strikes. Four value functions are kept on the HP grid:
V (start of exchange), ST1 (before the first strike), ST2 (before the second strike) and END
(before the end-of-exchange ticks) (`kernel.exact.stages`). Each stage looks up the next one,
so a strike costs one pass over its damage distribution instead of a product over both
strikes. Only the stage states reachable from the start (HP aside) are solved: `_reachable_nb`
explores the stage graph once with every hit dealing 0 damage.

Order and cycles. An HP change either lowers HP A + HP B or keeps both HPs (a miss, a negated
strike, a prevented hit, a freeze...). Levels (HP A, HP B) are solved by increasing sum; inside
a level the values form a small linear system over x (the turn alternates, so it always has
cycles). Vampire's heal (half the damage dealt) keeps the sum decreasing, so this is exact.

- When no effect can raise the sum, whether an outcome stays in its level, and how likely it
  is, never depends on the HPs: the system's matrix M and every stage's weights on V are the
  same at every level. `kernel.exact.transitions` computes them once, with (I - M)^-1 (Gauss-
  Jordan elimination with partial pivoting) and the stage states whose outcomes all stay in
  the level; each level then computes only the constants of its values and multiplies.
- A plain pair (no effect state at all: `kernel.exact.plain`) is the same in every turn, so
  its turn digit is left out: one value per HP pair, and a level is one division.
- When an effect can raise the sum (HOT, heals, heal-from-damage of 100% or more), each level
  is solved by Gaussian elimination with partial pivoting (`kernel.exact.levels`) and the
  levels are swept again (Gauss-Seidel) until no value moves by more than `tol` (1e-13): that
  case is exact to the tolerance, not to the last bit.

A level whose system is singular (the creatures can never hurt each other from there) counts
as a draw, as the kernel's exchange cap would make it; its expected length is then reported as
infinite (the level by level solver handles it, whatever the pair).

The exchange cap of the kernel is ignored here: the difference is the probability that a duel
lasts more than `max_exchanges` exchanges.

Modules: `enums` (the columns and codes), `spec` reads a pair's rows into arrays (Python),
`damage` and `tables` the dice and the strike odds, `frontier` and `stages` the stages of an
exchange, `levels` the level solver, `plans` the strikes and ends that never depend on the
HPs, `transitions` what the levels share when HP never rises,
`plain` the plain pairs, this module `solve_nb` and the entry point `solve_pair`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wardsim.kernel.exact.enums import (
    N_VALUES,
    REACH_LIMIT,
    BattleBitCol,
    ComponentCol,
    FighterSummary,
    OpCol,
    StaticDotCol,
    Value,
)
from wardsim.kernel.exact.frontier import Accumulator, StageValues, _new_frontier_nb
from wardsim.kernel.exact.levels import (
    LinearSystem,
    Stages,
    _everything_reachable_nb,
    _reachable_nb,
    _solve_level_nb,
)
from wardsim.kernel.exact.plain import _solve_plain_nb, is_plain_nb
from wardsim.kernel.exact.spec import build_spec, initial_states
from wardsim.kernel.exact.tables import _n_battle_states_nb, _strike_tables_nb
from wardsim.kernel.exact.transitions import _level_operator_nb, _solve_level_with_operator_nb
from wardsim.kernel.jit import njit

S = FighterSummary


@njit
def _n_effect_states_nb(rules):
    n = 1
    for c in range(rules.components.shape[0]):
        n *= rules.components[c, ComponentCol.radix]
    return n


@njit
def _max_dice_nb(rules):
    """A bound on every dice count of the pair: Hit, Atk (with every battle bonus), effects."""
    f = rules.fighters
    n = max(
        f[0, S.attack_dice] + f[0, S.first_strike_attack_dice], f[1, S.attack_dice] + f[1, S.first_strike_attack_dice]
    )
    n = max(n, max(f[0, S.hit_dice] + f[0, S.first_strike_hit_dice], f[1, S.hit_dice] + f[1, S.first_strike_hit_dice]))
    for k in range(rules.battle_bits.shape[0]):
        n += max(rules.battle_bits[k, BattleBitCol.amount], 0)
    for o in range(rules.ops.shape[0]):
        n = max(n, rules.ops[o, OpCol.dice])
    for c in range(rules.components.shape[0]):
        n = max(n, rules.components[c, ComponentCol.dice])
    for q in range(rules.static_dots.shape[0]):
        n = max(n, rules.static_dots[q, StaticDotCol.dice])
    return n


@njit
def _new_stage_nb(n_states, n_unknowns, grid, grid_swapped):
    return StageValues(np.zeros((n_states, n_unknowns)), np.zeros((n_states, N_VALUES)), grid, grid_swapped)


@njit(_nrt=False)
def _levels_with_operator_nb(rules, tables, frontier, acc, stages, reachable, operator, values):
    """Every level by increasing HP A + HP B, each by its constants (`kernel.exact.transitions`).

    Without reference counting: the atomic counts of the arrays handed down at every level
    would cost more than a small level's arithmetic.
    """
    hp_a = rules.fighters[0, S.hp]
    hp_b = rules.fighters[1, S.hp]
    for total in range(2, hp_a + hp_b + 1):
        for level_a in range(max(1, total - hp_b), min(hp_a, total - 1) + 1):
            _solve_level_with_operator_nb(
                level_a, total - level_a, rules, tables, frontier, acc, stages, reachable, operator, values
            )


@njit(_nrt=False)
def _sweep_levels_nb(rules, tables, frontier, acc, stages, reachable, system, iterative, tol, max_sweeps):
    """Solve the levels one by one, each by its own elimination; sweep again while values move.

    Returns the number of sweeps.
    """
    hp_a = rules.fighters[0, S.hp]
    hp_b = rules.fighters[1, S.hp]
    sweeps = 0
    while True:
        change = 0.0
        # levels by increasing HP A + HP B: an HP change lowers the sum or stays in the level
        for total in range(2, hp_a + hp_b + 1):
            lo = max(1, total - hp_b)
            hi = min(hp_a, total - 1)
            for level_a in range(lo, hi + 1):
                level_b = total - level_a
                level_change = _solve_level_nb(
                    level_a, level_b, rules, tables, frontier, acc, stages, reachable, system
                )
                change = max(change, level_change)
        sweeps += 1
        if not iterative or change < tol or sweeps >= max_sweeps:
            break
    return sweeps


@njit(_nrt=False, inline="always")
def _carve_nb(workspace, k, size):
    """The k-th block of `size` values of the workspace."""
    return workspace[k * size : (k + 1) * size]


@njit(cache=True)
def workspace_size_nb(rules):
    """How many float64 values `solve_nb` needs in its workspace for this pair."""
    n_effect = _n_effect_states_nb(rules)
    n_strike = n_effect * _n_battle_states_nb(rules)
    grid_size = (rules.fighters[0, S.hp] + 1) * (rules.fighters[1, S.hp] + 1) * N_VALUES
    return grid_size * (3 * n_effect + 3 * n_strike)


@njit(cache=True, nogil=True)
def solve_nb(rules, first_states, iterative, tol, max_sweeps, out, workspace):
    """Exact values of a duel, averaged over the first states.

    Parameters
    ----------
    rules : PairRules
        The pair's rules (`spec.build_spec`).
    first_states : ndarray(int, ndim=1)
        (n_first,): the effect states x of the first exchange, equally likely
        (`spec.initial_states`: A first, B first).
    iterative : bool
        An effect can raise HP A + HP B: sweep the levels until no value moves by `tol`.
    tol : float
        Tolerance of the sweeps.
    max_sweeps : int
        The most sweeps.
    out : ndarray(float, ndim=1)
        (len(Value),): receives P(A wins), P(B wins), expected exchanges.
    workspace : ndarray(float, ndim=1)
        At least `workspace_size_nb(rules)` values, whatever they hold: the HP grids of the
        stages. Reused from pair to pair, it spares the allocation and the page faults of
        tens of megabytes per pair.

    Returns
    -------
    int
        The number of sweeps over the HP levels (1 unless `iterative`).
    """
    n_effect = _n_effect_states_nb(rules)
    n_strike = n_effect * _n_battle_states_nb(rules)
    max_dice = _max_dice_nb(rules)
    tables = _strike_tables_nb(rules, max_dice)
    if is_plain_nb(rules) and _solve_plain_nb(rules, tables, out):
        return 1
    frontier = _new_frontier_nb(max_dice)
    hp_a = rules.fighters[0, S.hp]
    hp_b = rules.fighters[1, S.hp]
    # every level's values; the strikes look up END and ST2 along the target's HP, so those
    # two are also kept with the HP axes swapped
    # level by level, every value is written before it is read (tests/test_exact.py poisons
    # the workspace with NaN to check), so the grids are carved out of the caller's workspace
    # as they are; the sweeps start from 0 at the levels not solved yet
    grid_size = (hp_a + 1) * (hp_b + 1) * N_VALUES
    needed = grid_size * (3 * n_effect + 3 * n_strike)
    if workspace.shape[0] < needed:
        raise ValueError("exact solver: workspace too small (workspace_size_nb)")
    if iterative:
        workspace[:needed] = 0.0
    grid_start = _carve_nb(workspace, 0, grid_size * n_effect).reshape((hp_a + 1, n_effect, hp_b + 1, N_VALUES))
    grid_end = _carve_nb(workspace, 1, grid_size * n_effect).reshape((hp_a + 1, n_effect, hp_b + 1, N_VALUES))
    grid_end_swapped = _carve_nb(workspace, 2, grid_size * n_effect).reshape((hp_b + 1, n_effect, hp_a + 1, N_VALUES))
    strikes = workspace[3 * grid_size * n_effect :]
    grid_first = _carve_nb(strikes, 0, grid_size * n_strike).reshape((hp_a + 1, n_strike, hp_b + 1, N_VALUES))
    grid_second = _carve_nb(strikes, 1, grid_size * n_strike).reshape((hp_a + 1, n_strike, hp_b + 1, N_VALUES))
    grid_second_swapped = _carve_nb(strikes, 2, grid_size * n_strike).reshape((hp_b + 1, n_strike, hp_a + 1, N_VALUES))
    no_grid = np.zeros((0, 0, 0, N_VALUES))
    if n_strike <= REACH_LIMIT:
        reachable = _reachable_nb(first_states, rules, tables, frontier, grid_start, grid_end, grid_first, grid_second)
    else:
        reachable = _everything_reachable_nb(rules, n_effect)
    n_unknowns = reachable.starts.shape[0]
    stages = Stages(
        _new_stage_nb(n_unknowns, n_unknowns, grid_start, no_grid),
        _new_stage_nb(n_strike, n_unknowns, grid_first, no_grid),
        _new_stage_nb(n_strike, n_unknowns, grid_second, grid_second_swapped),
        _new_stage_nb(n_effect, n_unknowns, grid_end, grid_end_swapped),
    )
    acc = Accumulator(np.zeros(n_unknowns), np.zeros(N_VALUES))
    system = LinearSystem(np.zeros((n_unknowns, n_unknowns)), np.zeros((n_unknowns, N_VALUES)))
    regular = False
    if not iterative:
        operator, regular = _level_operator_nb(rules, tables, frontier, acc, stages, reachable, system)
    if regular:
        # the same stages with zero-width coefficients: each level computes only constants
        no_coefs = np.zeros((n_strike, 0))
        constants = Stages(
            StageValues(no_coefs, stages.start.consts, grid_start, no_grid),
            StageValues(no_coefs, stages.first_strike.consts, grid_first, no_grid),
            StageValues(no_coefs, stages.second_strike.consts, grid_second, grid_second_swapped),
            StageValues(no_coefs, stages.end.consts, grid_end, grid_end_swapped),
        )
        constants_acc = Accumulator(np.zeros(0), acc.consts)
        _levels_with_operator_nb(rules, tables, frontier, constants_acc, constants, reachable, operator, system.rhs)
        sweeps = 1
    else:
        sweeps = _sweep_levels_nb(rules, tables, frontier, acc, stages, reachable, system, iterative, tol, max_sweeps)
    out[:] = 0.0
    for k in range(first_states.shape[0]):
        for j in range(N_VALUES):
            out[j] += grid_start[hp_a, first_states[k], hp_b, j] / first_states.shape[0]
    return sweeps


@dataclass(frozen=True)
class ExactResult:
    """The exact outcome of a duel of A against B (`solve_pair`)."""

    p_a_wins: float
    p_b_wins: float
    p_draw: float
    mean_exchanges: float  # inf when the duel can go on for ever
    iterative: bool  # solved by Gauss-Seidel sweeps to `tol` (an effect can raise total HP)
    sweeps: int


class Workspace:
    """Scratch memory of the solver, reused from pair to pair by one thread (`solve_nb`)."""

    def __init__(self) -> None:
        self.values = np.empty(0)

    def at_least(self, size: int) -> np.ndarray:
        if self.values.shape[0] < size:
            self.values = np.empty(size)
        return self.values


def solve_pair(
    fa: np.ndarray,
    fb: np.ndarray,
    effects: np.ndarray,
    tol: float = 1e-13,
    max_sweeps: int = 10000,
    workspace: Workspace | None = None,
) -> ExactResult:
    """Exact P(A wins), P(B wins), P(draw) and mean exchanges of prepared fighters.

    Parameters
    ----------
    fa, fb : ndarray(int, ndim=1)
        (len(FighterCol),): the prepared fighter arrays of A and B (`battle.prepared_pair`).
    effects : ndarray(int, ndim=2)
        (n_rows, len(EffectCol)): the compiled effect table.
    tol : float
        Tolerance of the sweeps when an effect can raise HP A + HP B.
    max_sweeps : int
        The most sweeps.
    workspace : Workspace, optional
        Scratch memory to reuse (one per thread); a new one by default.

    Returns
    -------
    ExactResult

    Raises
    ------
    UnsupportedPair
        When the pair needs a state the solver does not model (`spec.build_spec`).
    """
    spec = build_spec(fa, fb, effects)
    out = np.zeros(N_VALUES)
    scratch = (workspace or Workspace()).at_least(int(workspace_size_nb(spec.rules)))
    sweeps = solve_nb(spec.rules, initial_states(spec), spec.iterative, tol, max_sweeps, out, scratch)
    p_a, p_b = float(out[Value.a_wins]), float(out[Value.b_wins])
    p_draw = 1.0 - p_a - p_b
    if p_draw < 1e-12:  # rounding noise of the sums, not a draw
        p_draw = 0.0
    return ExactResult(p_a, p_b, p_draw, float(out[Value.exchanges]), spec.iterative, int(sweeps))
