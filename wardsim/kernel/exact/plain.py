"""The exact solver for a plain pair: no effect state, one value per pair of HPs (numba).

A pair is plain when nothing in its duel depends on more than the two HPs: no component of
the effect state but the turn owner, no effect ops, no battle-long effects, no static DOTs and
no heals from damage (the damage rules, multipliers and first-strike bonuses are all in the
strike tables). Then whose turn it is changes nothing (who strikes first is decided by the
creatures, not by the turn: DESIGN.md ruling 3), so an exchange is the same in every turn:
the first striker f (the strikes-first rows, else the higher SPD, else a roll-off) strikes,
the other strikes back, and the next exchange starts at the HPs reached.

The values are those of `kernel.exact.stages` with the turn left out: V (start of an
exchange) and ST2 (before the second strike, one per first striker), each a vector of
`Value` on the HP grid. A level (HP A, HP B) depends on itself only through the outcomes that
take no HP off (a miss, a hit or a critical miss that deals 0): one unknown, solved by a
division. Levels are solved in increasing HP A, then HP B, since every other outcome lowers
one HP and raises none.
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.exact.damage import _damage_taken_nb
from wardsim.kernel.exact.enums import N_VALUES, DamageKind, FighterSummary, StrikeOdds, Value
from wardsim.kernel.jit import njit

S = FighterSummary


@njit(_nrt=False)
def is_plain_nb(rules):
    """Whether the pair is plain (the module docstring): solved by `_solve_plain_nb`."""
    fighters = rules.fighters
    for who in range(2):
        if fighters[who, S.n_heals_from_damage] != 0 or fighters[who, S.lifesteal_num] != 0:
            return False
    return (
        rules.components.shape[0] == 1
        and rules.ops.shape[0] == 0
        and rules.battle_bits.shape[0] == 0
        and rules.static_dots.shape[0] == 0
    )


@njit(_nrt=False, inline="always")
def _plain_strike_nb(
    rules,
    tables,
    striker,
    b,
    hp_striker,
    hp_target,
    target_grid,
    target_layer,
    target_row,
    own_grid,
    own_layer,
    own_row,
    out,
    out_row,
):
    """One strike at a level: adds to `out[out_row]` what leaves the level; returns the weight that stays.

    The next stage's values are read as a function of the target's HP
    (`target_grid[target_layer, target_row, hp]`) and of the striker's (`own_grid[own_layer,
    own_row, hp]`), so each strike reads along one axis of a grid or of its copy with the
    axes swapped.
    """
    stay = tables.hit_odds[striker, b, StrikeOdds.miss]
    # rules guide, battle step 3: a critical miss deals 1d6 to the striker, no bonuses added
    p_critical_miss = tables.hit_odds[striker, b, StrikeOdds.critical_miss] / 6.0
    if p_critical_miss > 0.0:
        for k in range(1, 7):
            d = _damage_taken_nb(rules, b, striker, k, DamageKind.other)
            if d == 0:
                stay += p_critical_miss
            elif d >= hp_striker:
                out[out_row, Value.a_wins + 1 - striker] += p_critical_miss  # the target wins
            else:
                for q in range(N_VALUES):
                    out[out_row, q] += p_critical_miss * own_grid[own_layer, own_row, hp_striker - d, q]
    p_hit = tables.hit_odds[striker, b, StrikeOdds.hit] + tables.hit_odds[striker, b, StrikeOdds.critical_hit]
    if p_hit <= 0.0:
        return stay
    alive = tables.losses_below[striker, b, hp_target]
    out[out_row, Value.a_wins + striker] += p_hit * tables.loss_tail[striker, b, alive]
    first = 0
    if alive > 0 and tables.loss[striker, b, 0] == 0:
        stay += p_hit * tables.loss_odds[striker, b, 0]
        first = 1
    a_wins = 0.0
    b_wins = 0.0
    exchanges = 0.0
    for j in range(first, alive):
        o = tables.loss_odds[striker, b, j]
        left = hp_target - tables.loss[striker, b, j]
        a_wins += o * target_grid[target_layer, target_row, left, Value.a_wins]
        b_wins += o * target_grid[target_layer, target_row, left, Value.b_wins]
        exchanges += o * target_grid[target_layer, target_row, left, Value.exchanges]
    out[out_row, Value.a_wins] += p_hit * a_wins
    out[out_row, Value.b_wins] += p_hit * b_wins
    out[out_row, Value.exchanges] += p_hit * exchanges
    return stay


@njit
def _solve_plain_nb(rules, tables, out):
    """Exact values of a plain pair (`is_plain_nb`) into `out` (len(Value)).

    Returns
    -------
    bool
        False when a level holds for ever (no strike can take HP off: the caller's general
        solver treats that case), True when `out` holds the values.
    """
    fighters = rules.fighters
    hp_a = fighters[0, S.hp]
    hp_b = fighters[1, S.hp]
    # who strikes first (DESIGN.md ruling 3): the same in every exchange, whoever's turn
    if fighters[0, S.strike_first] != fighters[1, S.strike_first]:
        p_a_first = 1.0 if fighters[0, S.strike_first] != 0 else 0.0
    elif fighters[0, S.speed] != fighters[1, S.speed]:
        p_a_first = 1.0 if fighters[0, S.speed] > fighters[1, S.speed] else 0.0
    else:
        p_a_first = 0.5
    # V, and ST2 for each first striker f (layer f), each also with the HP axes swapped
    start = np.zeros((1, hp_a + 1, hp_b + 1, N_VALUES))
    start_swapped = np.zeros((1, hp_b + 1, hp_a + 1, N_VALUES))
    second = np.zeros((2, hp_a + 1, hp_b + 1, N_VALUES))
    second_swapped = np.zeros((2, hp_b + 1, hp_a + 1, N_VALUES))
    work = np.zeros((5, N_VALUES))
    if not _plain_levels_nb(rules, tables, p_a_first, start, start_swapped, second, second_swapped, work):
        return False
    for q in range(N_VALUES):
        out[q] = start[0, hp_a, hp_b, q]
    return True


@njit(_nrt=False)
def _plain_levels_nb(rules, tables, p_a_first, start, start_swapped, second, second_swapped, work):
    """Every level of a plain pair, into the grids; False at a level that holds for ever."""
    hp_a = rules.fighters[0, S.hp]
    hp_b = rules.fighters[1, S.hp]
    v = work[0]  # V at the level
    first_consts = work[1:2]  # ST1's constants
    second_consts = work[2:4]  # ST2's constants, per first striker
    second_stay = work[4]  # the weight of ST2 on V, per first striker
    for level_a in range(1, hp_a + 1):
        for level_b in range(1, hp_b + 1):
            v[:] = 0.0
            v[Value.exchanges] = 1.0  # this exchange
            v_stay = 0.0
            for f in range(2):  # bit 0 of b: the creature that strikes first
                p_f = p_a_first if f == 0 else 1.0 - p_a_first
                if p_f <= 0.0:
                    continue
                # ST2: the other strikes back, then the next exchange starts (V)
                second_consts[f, :] = 0.0
                if f == 1:
                    stay2 = _plain_strike_nb(
                        rules,
                        tables,
                        0,
                        f,
                        level_a,
                        level_b,
                        start,
                        0,
                        level_a,
                        start_swapped,
                        0,
                        level_b,
                        second_consts,
                        f,
                    )
                else:
                    stay2 = _plain_strike_nb(
                        rules,
                        tables,
                        1,
                        f,
                        level_b,
                        level_a,
                        start_swapped,
                        0,
                        level_b,
                        start,
                        0,
                        level_a,
                        second_consts,
                        f,
                    )
                second_stay[f] = stay2
                # ST1: f strikes first, then ST2
                first_consts[0, :] = 0.0
                if f == 0:
                    stay1 = _plain_strike_nb(
                        rules,
                        tables,
                        0,
                        f,
                        level_a,
                        level_b,
                        second,
                        f,
                        level_a,
                        second_swapped,
                        f,
                        level_b,
                        first_consts,
                        0,
                    )
                else:
                    stay1 = _plain_strike_nb(
                        rules,
                        tables,
                        1,
                        f,
                        level_b,
                        level_a,
                        second_swapped,
                        f,
                        level_b,
                        second,
                        f,
                        level_a,
                        first_consts,
                        0,
                    )
                # ST1 = stay1 ST2 + its constants, ST2 = stay2 V + its constants
                v_stay += p_f * stay1 * stay2
                for q in range(N_VALUES):
                    v[q] += p_f * (first_consts[0, q] + stay1 * second_consts[f, q])
            if 1.0 - v_stay < 1e-12:  # the threshold of `levels._solve_unknowns_nb`
                return False
            for q in range(N_VALUES):
                v[q] /= 1.0 - v_stay
                start[0, level_a, level_b, q] = v[q]
                start_swapped[0, level_b, level_a, q] = v[q]
            for f in range(2):
                for q in range(N_VALUES):
                    value = second_stay[f] * v[q] + second_consts[f, q]
                    second[f, level_a, level_b, q] = value
                    second_swapped[f, level_b, level_a, q] = value
    return True
