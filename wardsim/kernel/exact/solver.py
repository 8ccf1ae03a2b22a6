"""Exact duel probabilities by dynamic programming (no sampling).

`solve_pair(fa, fb, effects)` returns the exact probability that A wins, that B wins and of a
draw, and the expected number of exchanges, for the duel semantics of `kernel.duel.battle` (read
its docstring) without the exchange cap. It is the independent reference for the battle
kernel: it shares no rule code with it, only the prepared fighter arrays and the effect table.

State. At the start of an exchange a duel is (HP of A, HP of B, x) where x is a mixed-radix
number holding what the pair's effects need: whose turn it is, and for each creature the
status timers its opponent can put on it (frozen, stunned, disarmed: exchanges left), wrapped,
shielded, "skips its next turn", and one slot per DOT/HOT row that can land on it (ticks left
and the turn owner at whose exchanges it ticks). A creature without effects adds nothing.

Exchanges are decomposed into single strikes. Four value functions are kept on the HP grid:
V (start of exchange), ST1 (before the first strike, with a small battle state b: who strikes
first, battle-long prevention and bonuses), ST2 (before the second strike) and END (before the
end-of-exchange ticks). Each stage looks up the next one, so a strike costs one pass over its
damage distribution instead of a product over both strikes. Only the stage states reachable
from the start (HP aside) are solved: `_reach` explores the stage graph once with every hit
dealing 0 damage.

Order and cycles. An HP change either lowers HP A + HP B or keeps both HPs (a miss, a
negated strike, a prevented hit, a freeze...). Levels (HP A, HP B) are solved by increasing
sum; inside a level the values form a small linear system over x (the turn alternates, so it
always has cycles), solved exactly by Gaussian elimination with partial pivoting. Vampire's
heal (half the damage dealt) keeps the sum decreasing, so this is exact. When an effect can
raise the sum (HOT, heals, heal-from-damage of 100% or more), the levels are swept again
(Gauss-Seidel, each level still solved exactly) until no value moves by more than `tol`
(1e-13): that case is exact to the tolerance, not to the last bit. A level whose system is
singular (the creatures can never hurt each other from there) counts as a draw, as the
kernel's exchange cap would make it; its expected length is then reported as infinite.

The exchange cap of the kernel is ignored here: the difference is the probability that a
duel lasts more than `max_exchanges` exchanges.

Modules: `exact_spec` reads a pair's rows into arrays (Python), `exact_stages` holds the stage
functions, this module the level solver and the entry point `solve_pair`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from wardsim.kernel.enums import Condition, Stat
from wardsim.kernel.exact.spec import (
    BIT_STAT,
    C_DICE,
    C_RADIX,
    FS_AL,
    FS_ATK_BONUS,
    FS_ATK_DICE,
    FS_AUTO_HIT,
    FS_EXTRA_MULT,
    FS_FIRST_ATK,
    FS_FIRST_ATK_DICE,
    FS_FIRST_HIT,
    FS_FIRST_HIT_DICE,
    FS_HIT_BONUS,
    FS_HIT_DICE,
    FS_HP,
    FS_N_MULT,
    FS_PREVENT_ATK,
    FS_PREVENT_NON,
    FS_SPEED,
    FS_STRIKE_FIRST,
    OP_DICE,
    SS_DICE,
    build_spec,
    initial_states,
)
from wardsim.kernel.exact.stages import CAP, _filter, _stage_end, _stage_pre, _strike, _sum_dist


@njit(_nrt=False)
def _store(A_c, A_k, m, acc_c, acc_k):
    for j in range(acc_c.shape[0]):
        A_c[m, j] = acc_c[j]
    for j in range(3):
        A_k[m, j] = acc_k[j]


@njit(_nrt=False)
def _first_fixed(fs):
    """Who strikes first when it does not depend on a roll-off (bit 0 of b), else -1."""
    if fs[0, FS_STRIKE_FIRST] != fs[1, FS_STRIKE_FIRST]:
        return 0 if fs[0, FS_STRIKE_FIRST] != 0 else 1
    if fs[0, FS_SPEED] != fs[1, FS_SPEED]:
        return 0 if fs[0, FS_SPEED] > fs[1, FS_SPEED] else 1
    return -1


@njit(_nrt=False)
def _solve_level(
    chA,
    chB,
    nbits,
    comps,
    cidx,
    fs,
    mults,
    reds,
    heals,
    bits,
    ops,
    prog,
    static_slots,
    maxhp,
    hitp,
    dmg_v,
    dmg_p,
    dmg_n,
    dist,
    acc_c,
    acc_k,
    cur_p,
    cur_i,
    nxt_p,
    nxt_i,
    AE_c,
    AE_k,
    A2_c,
    A2_k,
    A1_c,
    A1_k,
    AV_c,
    AV_k,
    mat,
    rhs,
    G_V,
    G_E,
    G_1,
    G_2,
    G_ET,
    G_2T,
    list_v,
    vidx,
    list_e,
    list_1,
    list_2,
):
    """Values of every reachable stage state at HP (chA, chB); returns the largest change of V.

    The unknowns are V at this level for the reachable x (`list_v`, compact index `vidx`);
    END, ST2, ST1 are kept as affine functions of them (coefficients + constants).
    """
    nr = list_v.shape[0]
    for x in list_e:
        acc_c[:] = 0.0
        acc_k[:] = 0.0
        _stage_end(
            x,
            chA,
            chB,
            comps,
            fs,
            reds,
            bits,
            static_slots,
            maxhp,
            dist,
            acc_c,
            acc_k,
            cur_p,
            cur_i,
            nxt_p,
            nxt_i,
            G_V,
            vidx,
        )
        _store(AE_c, AE_k, x, acc_c, acc_k)
    nbv = 1 << (nbits + 1)
    for m in list_2:
        acc_c[:] = 0.0
        acc_k[:] = 0.0
        _strike(
            1 - (m & 1),
            m // nbv,
            m % nbv,
            chA,
            chB,
            True,
            nbits,
            comps,
            cidx,
            fs,
            mults,
            reds,
            heals,
            bits,
            ops,
            prog,
            maxhp,
            hitp,
            dmg_v,
            dmg_p,
            dmg_n,
            dist,
            acc_c,
            acc_k,
            cur_p,
            cur_i,
            nxt_p,
            nxt_i,
            AE_c,
            AE_k,
            G_E,
            G_ET,
        )
        _store(A2_c, A2_k, m, acc_c, acc_k)
    for m in list_1:
        acc_c[:] = 0.0
        acc_k[:] = 0.0
        _strike(
            m & 1,
            m // nbv,
            m % nbv,
            chA,
            chB,
            False,
            nbits,
            comps,
            cidx,
            fs,
            mults,
            reds,
            heals,
            bits,
            ops,
            prog,
            maxhp,
            hitp,
            dmg_v,
            dmg_p,
            dmg_n,
            dist,
            acc_c,
            acc_k,
            cur_p,
            cur_i,
            nxt_p,
            nxt_i,
            A2_c,
            A2_k,
            G_2,
            G_2T,
        )
        _store(A1_c, A1_k, m, acc_c, acc_k)
    for i in range(nr):
        acc_c[:] = 0.0
        acc_k[:] = 0.0
        _stage_pre(
            list_v[i],
            chA,
            chB,
            nbits,
            comps,
            cidx,
            fs,
            reds,
            bits,
            ops,
            prog,
            maxhp,
            dist,
            acc_c,
            acc_k,
            cur_p,
            cur_i,
            nxt_p,
            nxt_i,
            A1_c,
            A1_k,
            G_1,
            AE_c,
            AE_k,
            G_E,
        )
        _store(AV_c, AV_k, i, acc_c, acc_k)
    # (I - M) u = k, Gaussian elimination with partial pivoting
    for i in range(nr):
        for j in range(nr):
            mat[i, j] = (1.0 if i == j else 0.0) - AV_c[i, j]
        for j in range(3):
            rhs[i, j] = AV_k[i, j]
    singular = False
    for col in range(nr):
        piv = col
        for i in range(col + 1, nr):
            if abs(mat[i, col]) > abs(mat[piv, col]):
                piv = i
        if abs(mat[piv, col]) < 1e-12:
            singular = True
            break
        if piv != col:
            for j in range(nr):
                tmp = mat[col, j]
                mat[col, j] = mat[piv, j]
                mat[piv, j] = tmp
            for j in range(3):
                tmp = rhs[col, j]
                rhs[col, j] = rhs[piv, j]
                rhs[piv, j] = tmp
        for i in range(col + 1, nr):
            f = mat[i, col] / mat[col, col]
            if f != 0.0:
                for j in range(col, nr):
                    mat[i, j] -= f * mat[col, j]
                for j in range(3):
                    rhs[i, j] -= f * rhs[col, j]
    if not singular:
        for i in range(nr - 1, -1, -1):
            for j in range(3):
                acc = rhs[i, j]
                for k in range(i + 1, nr):
                    acc -= mat[i, k] * rhs[k, j]
                rhs[i, j] = acc / mat[i, i]
    else:
        # some states never leave this level (no damage is possible): value iteration from 0
        # converges to the absorbing probabilities; the expected length of those states is
        # infinite (the kernel's cap ends them as draws)
        for i in range(nr):
            for j in range(3):
                rhs[i, j] = 0.0
        for _ in range(100000):
            delta = 0.0
            for i in range(nr):
                for j in range(2):
                    acc = AV_k[i, j]
                    for k in range(nr):
                        acc += AV_c[i, k] * rhs[k, j]
                    delta = max(delta, abs(acc - rhs[i, j]))
                    rhs[i, j] = acc
            if delta < 1e-15:
                break
        for i in range(nr):
            rhs[i, 2] = np.inf
    change = 0.0
    for i in range(nr):
        x = list_v[i]
        for j in range(3):
            v = rhs[i, j]
            old = G_V[chA, chB, x, j]
            if j < 2:
                change = max(change, abs(v - old))
            elif np.isfinite(v) and np.isfinite(old):
                change = max(change, abs(v - old) / max(1.0, v))
            G_V[chA, chB, x, j] = v
    # the other stages at this level, now that V is known
    for m in list_e:
        _fill(AE_c, AE_k, m, rhs, nr, G_E, G_ET, chA, chB, True)
    for m in list_2:
        _fill(A2_c, A2_k, m, rhs, nr, G_2, G_2T, chA, chB, True)
    for m in list_1:
        _fill(A1_c, A1_k, m, rhs, nr, G_1, G_1, chA, chB, False)
    return change


@njit(_nrt=False)
def _fill(A_c, A_k, m, rhs, nr, G, GT, chA, chB, transposed):
    for j in range(3):
        acc = A_k[m, j]
        for k in range(nr):
            if A_c[m, k] != 0.0:
                acc += A_c[m, k] * rhs[k, j]
        G[chA, chB, m, j] = acc
        if transposed:
            GT[chB, chA, m, j] = acc


@njit(_nrt=False)
def _reach(
    x0,
    nbits,
    comps,
    cidx,
    fs_reach,
    mults,
    reds,
    heals,
    bits,
    ops,
    prog,
    static_slots,
    maxhp,
    hitp,
    dmg_v,
    dmg_p,
    dmg_n,
    dist,
    acc_c,
    acc_k,
    cur_p,
    cur_i,
    nxt_p,
    nxt_i,
    I_E,
    I_Eo,
    I_1,
    I_2,
    K_E,
    K_1,
    K_2,
    G_V,
    G_E,
    G_1,
    G_2,
    vid,
    rV,
    rE,
    r1,
    r2,
):
    """Mark the stage states reachable from x0, ignoring HP (all damage is prevented).

    Lookups land in acc_c through identity matrices: ST1/ST2 state m in column m, END state x
    in column x (I_E) or, from PRE, in column n1 + x (I_Eo).
    """
    nbv = 1 << (nbits + 1)
    n1 = r1.shape[0]
    chA = maxhp[0]
    chB = maxhp[1]
    for k in range(x0.shape[0]):
        rV[x0[k]] = 1
    changed = True
    while changed:
        changed = False
        for x in range(rV.shape[0]):
            if rV[x] == 1:
                rV[x] = 2
                acc_c[:] = 0.0
                _stage_pre(
                    x,
                    chA,
                    chB,
                    nbits,
                    comps,
                    cidx,
                    fs_reach,
                    reds,
                    bits,
                    ops,
                    prog,
                    maxhp,
                    dist,
                    acc_c,
                    acc_k,
                    cur_p,
                    cur_i,
                    nxt_p,
                    nxt_i,
                    I_1,
                    K_1,
                    G_1,
                    I_Eo,
                    K_E,
                    G_E,
                )
                # PRE reaches ST1 (column x * nbv + b) or, without a battle, END (column n1 + x)
                for m in range(n1):
                    if acc_c[m] > 0.0 and r1[m] == 0:
                        r1[m] = 1
                for q in range(rE.shape[0]):
                    if acc_c[n1 + q] > 0.0 and rE[q] == 0:
                        rE[q] = 1
                changed = True
        for x in range(rE.shape[0]):
            if rE[x] == 1:
                rE[x] = 2
                acc_c[:] = 0.0
                _stage_end(
                    x,
                    chA,
                    chB,
                    comps,
                    fs_reach,
                    reds,
                    bits,
                    static_slots,
                    maxhp,
                    dist,
                    acc_c,
                    acc_k,
                    cur_p,
                    cur_i,
                    nxt_p,
                    nxt_i,
                    G_V,
                    vid,
                )
                for m in range(rV.shape[0]):
                    if acc_c[m] > 0.0 and rV[m] == 0:
                        rV[m] = 1
                changed = True
        for m in range(r2.shape[0]):
            if r2[m] == 1:
                r2[m] = 2
                acc_c[:] = 0.0
                _strike(
                    1 - (m & 1),
                    m // nbv,
                    m % nbv,
                    chA,
                    chB,
                    True,
                    nbits,
                    comps,
                    cidx,
                    fs_reach,
                    mults,
                    reds,
                    heals,
                    bits,
                    ops,
                    prog,
                    maxhp,
                    hitp,
                    dmg_v,
                    dmg_p,
                    dmg_n,
                    dist,
                    acc_c,
                    acc_k,
                    cur_p,
                    cur_i,
                    nxt_p,
                    nxt_i,
                    I_E,
                    K_E,
                    G_E,
                    G_E,
                )
                for q in range(rE.shape[0]):
                    if acc_c[q] > 0.0 and rE[q] == 0:
                        rE[q] = 1
                changed = True
        for m in range(r1.shape[0]):
            if r1[m] == 1:
                r1[m] = 2
                acc_c[:] = 0.0
                _strike(
                    m & 1,
                    m // nbv,
                    m % nbv,
                    chA,
                    chB,
                    False,
                    nbits,
                    comps,
                    cidx,
                    fs_reach,
                    mults,
                    reds,
                    heals,
                    bits,
                    ops,
                    prog,
                    maxhp,
                    hitp,
                    dmg_v,
                    dmg_p,
                    dmg_n,
                    dist,
                    acc_c,
                    acc_k,
                    cur_p,
                    cur_i,
                    nxt_p,
                    nxt_i,
                    I_2,
                    K_2,
                    G_2,
                    G_2,
                )
                for q in range(r2.shape[0]):
                    if acc_c[q] > 0.0 and r2[q] == 0:
                        r2[q] = 1
                changed = True


@njit(_nrt=False)
def _hit_table(fs, bits, nbits, dist, hitp):
    """P(critical miss), P(miss), P(hit), P(critical hit) per striker and battle state."""
    nbv = 1 << (nbits + 1)
    for s in range(2):
        t = 1 - s
        for b in range(nbv):
            first = (b & 1) == s
            n = fs[s, FS_HIT_DICE] + (fs[s, FS_FIRST_HIT_DICE] if first else 0)
            bonus = fs[s, FS_HIT_BONUS] + (fs[s, FS_FIRST_HIT] if first else 0)
            for k in range(bits.shape[0]):
                if (b >> (k + 1)) & 1 and bits[k, 0] == s and bits[k, 1] == BIT_STAT:
                    if bits[k, 2] == Stat.hit_dice:
                        n += bits[k, 3]
                    elif bits[k, 2] == Stat.hit or bits[k, 2] == Stat.modifier:
                        bonus += bits[k, 3]
            if n < 0:
                n = 0
            al = fs[t, FS_AL]
            _sum_dist(n, dist)
            p_ge = 0.0
            for total in range(n, 6 * n + 1):
                if total + bonus >= al:
                    p_ge += dist[total]
            p6 = (1.0 / 6.0) ** n if n >= 2 else 0.0
            p1 = p6
            if fs[s, FS_AUTO_HIT] != 0:
                hitp[s, b, 0] = 0.0
                hitp[s, b, 1] = 0.0
                hitp[s, b, 2] = 1.0 - p6
                hitp[s, b, 3] = p6
                continue
            p_hit = p_ge
            if n >= 2:
                if 6 * n + bonus >= al:
                    p_hit -= p6
                if n + bonus >= al:
                    p_hit -= p1
            if p_hit < 0.0:
                p_hit = 0.0
            hitp[s, b, 0] = p1
            hitp[s, b, 3] = p6
            hitp[s, b, 2] = p_hit
            hitp[s, b, 1] = max(0.0, 1.0 - p1 - p6 - p_hit)


@njit(_nrt=False)
def _damage_table(fs, mults, reds, bits, nbits, dist, no6, dmg_v, dmg_p, dmg_n):
    """Atk damage the target takes (its rules applied) per striker, battle state and crit."""
    nbv = 1 << (nbits + 1)
    for s in range(2):
        for b in range(nbv):
            first = (b & 1) == s
            n = fs[s, FS_ATK_DICE] + (fs[s, FS_FIRST_ATK_DICE] if first else 0)
            bonus = fs[s, FS_ATK_BONUS] + (fs[s, FS_FIRST_ATK] if first else 0)
            for k in range(bits.shape[0]):
                if (b >> (k + 1)) & 1 and bits[k, 0] == s and bits[k, 1] == BIT_STAT:
                    st = bits[k, 2]
                    if st == Stat.attack_dice:
                        n += bits[k, 3]
                    elif st == Stat.atk or st == Stat.modifier:
                        bonus += bits[k, 3]
            if n < 0:
                n = 0
            mult = 1
            mult6 = 1
            for k in range(fs[s, FS_N_MULT]):
                cond = mults[s, k, 0]
                if cond == Condition.always or (cond == Condition.strikes_first and first):
                    mult *= mults[s, k, 1]
                elif cond == Condition.atk_die_six:
                    mult6 *= mults[s, k, 1]
            mult *= fs[s, FS_EXTRA_MULT]
            _sum_dist(n, dist)
            # no6: sums of n dice showing 1..5 only
            no6[:] = 0.0
            no6[0] = 1.0
            for k in range(n):
                for tot in range(6 * (k + 1), -1, -1):
                    acc = 0.0
                    for face in range(1, 6):
                        if tot - face >= 0:
                            acc += no6[tot - face]
                    no6[tot] = acc / 6.0
            for crit in range(2):
                j = 0
                for tot in range(n, 6 * n + 1):
                    p_all = dist[tot]
                    if p_all <= 0.0:
                        continue
                    p_no6 = no6[tot]
                    for six in range(2):
                        p = p_all - p_no6 if six == 1 else p_no6
                        if mult6 == 1:  # a 6 changes nothing: one entry per total
                            if six == 1:
                                continue
                            p = p_all
                        if p <= 1e-300:
                            continue
                        d = (tot + bonus) * mult * (mult6 if six == 1 else 1)
                        if crit == 1:
                            d *= 2
                        d = _filter(fs, reds, bits, b, 1 - s, d, True)  # the target's rules
                        merged = False
                        for q in range(j):
                            if dmg_v[s, b, crit, q] == d:
                                dmg_p[s, b, crit, q] += p
                                merged = True
                                break
                        if not merged:
                            dmg_v[s, b, crit, j] = d
                            dmg_p[s, b, crit, j] = p
                            j += 1
                dmg_n[s, b, crit] = j


@njit(cache=True, nogil=True)
def solve_nb(fs, mults, reds, heals, ops, prog, comps, cidx, bits, static_slots, x0, iterative, tol, max_sweeps, out):
    """Exact duel values; out = [P(A wins), P(B wins), E[exchanges]] averaged over x0.

    Returns the number of sweeps over the HP levels (1 unless `iterative`).
    """
    nx = 1
    for c in range(comps.shape[0]):
        nx *= comps[c, C_RADIX]
    nbits = bits.shape[0]
    nbv = 1 << (nbits + 1)
    n1 = nx * nbv
    maxhp = np.empty(2, dtype=np.int64)
    maxhp[0] = fs[0, FS_HP]
    maxhp[1] = fs[1, FS_HP]
    nmax = max(fs[0, FS_ATK_DICE] + fs[0, FS_FIRST_ATK_DICE], fs[1, FS_ATK_DICE] + fs[1, FS_FIRST_ATK_DICE])
    nmax = max(nmax, max(fs[0, FS_HIT_DICE] + fs[0, FS_FIRST_HIT_DICE], fs[1, FS_HIT_DICE] + fs[1, FS_FIRST_HIT_DICE]))
    for k in range(bits.shape[0]):
        nmax += max(bits[k, 3], 0)
    for o in range(ops.shape[0]):
        nmax = max(nmax, ops[o, OP_DICE])
    for c in range(comps.shape[0]):
        nmax = max(nmax, comps[c, C_DICE])
    for q in range(static_slots.shape[0]):
        nmax = max(nmax, static_slots[q, SS_DICE])
    dist = np.zeros(6 * nmax + 8)
    no6 = np.zeros(6 * nmax + 8)
    maxd = 2 * (6 * nmax + 2)
    hitp = np.zeros((2, nbv, 4))
    dmg_v = np.zeros((2, nbv, 2, maxd), dtype=np.int64)
    dmg_p = np.zeros((2, nbv, 2, maxd))
    dmg_n = np.zeros((2, nbv, 2), dtype=np.int64)
    _hit_table(fs, bits, nbits, dist, hitp)
    _damage_table(fs, mults, reds, bits, nbits, dist, no6, dmg_v, dmg_p, dmg_n)
    hA0 = maxhp[0]
    hB0 = maxhp[1]
    G_V = np.zeros((hA0 + 1, hB0 + 1, nx, 3))
    G_E = np.zeros((hA0 + 1, hB0 + 1, nx, 3))
    G_1 = np.zeros((hA0 + 1, hB0 + 1, n1, 3))
    G_2 = np.zeros((hA0 + 1, hB0 + 1, n1, 3))
    G_ET = np.zeros((hB0 + 1, hA0 + 1, nx, 3))
    G_2T = np.zeros((hB0 + 1, hA0 + 1, n1, 3))
    cur_p = np.zeros(CAP)
    nxt_p = np.zeros(CAP)
    cur_i = np.zeros((CAP, 4), dtype=np.int64)
    nxt_i = np.zeros((CAP, 4), dtype=np.int64)
    acc_k = np.zeros(3)
    # which stage states can occur (ignoring HP); who strikes first may be fixed
    rV = np.zeros(nx, dtype=np.int8)
    rE = np.zeros(nx, dtype=np.int8)
    r1 = np.zeros(n1, dtype=np.int8)
    r2 = np.zeros(n1, dtype=np.int8)
    if n1 <= 1024:
        L = n1 + nx
        acc_r = np.zeros(L)
        I_E = np.zeros((nx, L))
        I_Eo = np.zeros((nx, L))
        for x in range(nx):
            I_E[x, x] = 1.0
            I_Eo[x, n1 + x] = 1.0
        I_1 = np.zeros((n1, L))
        for m in range(n1):
            I_1[m, m] = 1.0
        K_E = np.zeros((nx, 3))
        K_1 = np.zeros((n1, 3))
        vid = np.arange(nx)
        fs_reach = fs.copy()
        for who in range(2):
            fs_reach[who, FS_PREVENT_ATK] = 1
            fs_reach[who, FS_PREVENT_NON] = 1
        zero_v = np.zeros_like(dmg_v)  # every hit deals 0: HP never moves while exploring
        _reach(
            x0,
            nbits,
            comps,
            cidx,
            fs_reach,
            mults,
            reds,
            heals,
            bits,
            ops,
            prog,
            static_slots,
            maxhp,
            hitp,
            zero_v,
            dmg_p,
            dmg_n,
            dist,
            acc_r,
            acc_k,
            cur_p,
            cur_i,
            nxt_p,
            nxt_i,
            I_E,
            I_Eo,
            I_1,
            I_1,
            K_E,
            K_1,
            K_1,
            G_V,
            G_E,
            G_1,
            G_2,
            vid,
            rV,
            rE,
            r1,
            r2,
        )
    else:  # too many states to track: treat them all as reachable
        rV[:] = 2
        rE[:] = 2
        first = _first_fixed(fs)
        for m in range(n1):
            if first < 0 or (m & 1) == first:
                r1[m] = 2
                r2[m] = 2
    list_v = np.nonzero(rV)[0]
    list_e = np.nonzero(rE)[0]
    list_1 = np.nonzero(r1)[0]
    list_2 = np.nonzero(r2)[0]
    nr = list_v.shape[0]
    vidx = np.full(nx, -1, dtype=np.int64)
    for i in range(nr):
        vidx[list_v[i]] = i
    acc_c = np.zeros(nr)
    AE_c = np.zeros((nx, nr))
    AE_k = np.zeros((nx, 3))
    AV_c = np.zeros((nr, nr))
    AV_k = np.zeros((nr, 3))
    A1_c = np.zeros((n1, nr))
    A1_k = np.zeros((n1, 3))
    A2_c = np.zeros((n1, nr))
    A2_k = np.zeros((n1, 3))
    mat = np.zeros((nr, nr))
    rhs = np.zeros((nr, 3))
    sweeps = 0
    while True:
        change = 0.0
        for total in range(2, hA0 + hB0 + 1):
            lo = max(1, total - hB0)
            hi = min(hA0, total - 1)
            for hA in range(lo, hi + 1):
                hB = total - hA
                ch = _solve_level(
                    hA,
                    hB,
                    nbits,
                    comps,
                    cidx,
                    fs,
                    mults,
                    reds,
                    heals,
                    bits,
                    ops,
                    prog,
                    static_slots,
                    maxhp,
                    hitp,
                    dmg_v,
                    dmg_p,
                    dmg_n,
                    dist,
                    acc_c,
                    acc_k,
                    cur_p,
                    cur_i,
                    nxt_p,
                    nxt_i,
                    AE_c,
                    AE_k,
                    A2_c,
                    A2_k,
                    A1_c,
                    A1_k,
                    AV_c,
                    AV_k,
                    mat,
                    rhs,
                    G_V,
                    G_E,
                    G_1,
                    G_2,
                    G_ET,
                    G_2T,
                    list_v,
                    vidx,
                    list_e,
                    list_1,
                    list_2,
                )
                change = max(change, ch)
        sweeps += 1
        if not iterative or change < tol or sweeps >= max_sweeps:
            break
    out[:] = 0.0
    for k in range(x0.shape[0]):
        for j in range(3):
            out[j] += G_V[hA0, hB0, x0[k], j] / x0.shape[0]
    return sweeps


@dataclass(frozen=True)
class ExactResult:
    p_a_wins: float
    p_b_wins: float
    p_draw: float
    mean_exchanges: float  # inf when the duel can go on for ever
    iterative: bool  # solved by Gauss-Seidel sweeps to `tol` (an effect can raise total HP)
    sweeps: int


def solve_pair(
    fa: np.ndarray, fb: np.ndarray, effects: np.ndarray, tol: float = 1e-13, max_sweeps: int = 10000
) -> ExactResult:
    """Exact P(A wins), P(B wins), P(draw) and mean exchanges of prepared fighters fa, fb."""
    spec = build_spec(fa, fb, effects)
    out = np.zeros(3)
    sweeps = solve_nb(
        spec.fs,
        spec.mults,
        spec.reds,
        spec.heals,
        spec.ops,
        spec.prog,
        spec.comps,
        spec.cidx,
        spec.bits,
        spec.static_slots,
        initial_states(spec),
        spec.iterative,
        tol,
        max_sweeps,
        out,
    )
    p_a, p_b = float(out[0]), float(out[1])
    p_draw = 1.0 - p_a - p_b
    if p_draw < 1e-12:  # rounding noise of the sums, not a draw
        p_draw = 0.0
    return ExactResult(p_a, p_b, p_draw, float(out[2]), spec.iterative, int(sweeps))
