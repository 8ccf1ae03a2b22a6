"""The exact solver's stages: start of exchange, strikes and end of exchange (numba).

Each stage function adds, for one state, p x (value of the next stage) over every outcome to
an accumulator: the constants `acc_k` ([P(A wins), P(B wins), exchanges]) and, for outcomes
that stay at the HP level being solved, the coefficients `acc_c` of its unknowns. See
`kernel.exact.solver` for the method and `kernel.exact.spec` for the arrays.
"""

from __future__ import annotations

from numba import njit

from wardsim.kernel.exact.spec import (
    BIT_PREVENT,
    C_AMOUNT,
    C_DICE,
    C_HOT,
    C_KIND,
    C_RADIX,
    C_REL_HI,
    C_REL_LO,
    C_STRIDE,
    C_TICKS,
    C_TMAX,
    C_VICTIM,
    CI_DISARMED,
    CI_FROZEN,
    CI_SHIELD,
    CI_SKIP,
    CI_STUNNED,
    CI_WRAP,
    CK_SLOT,
    CK_TIMER,
    FS_FLY_BLOCK,
    FS_LS_DEN,
    FS_LS_NUM,
    FS_N_HEAL,
    FS_N_RED_ATK,
    FS_PREVENT_ATK,
    FS_SPEED,
    FS_STRIKE_FIRST,
    G_BATTLE_START,
    G_ON_HIT,
    G_OPP_TURN,
    G_TURN_START,
    G_YOUR_TURN,
    K_BIT,
    K_DAMAGE,
    K_FLAG,
    K_HEAL,
    K_SLOT,
    K_TIMER,
    OP_AMOUNT,
    OP_COMP,
    OP_DICE,
    OP_FULL,
    OP_KIND,
    OP_ROLL_HI,
    OP_ROLL_LO,
    OP_VALUE,
    OP_VICTIM,
    SS_AMOUNT,
    SS_DICE,
    SS_HOT,
    SS_SOURCE,
    SS_VICTIM,
)

CAP = 1 << 14  # frontier entries


@njit(_nrt=False, inline="always")
def _get(x, comps, c):
    return (x // comps[c, C_STRIDE]) % comps[c, C_RADIX]


@njit(_nrt=False, inline="always")
def _set(x, comps, c, v):
    return x + (v - _get(x, comps, c)) * comps[c, C_STRIDE]


@njit(_nrt=False, inline="always")
def _active(x, comps, cidx, who, which):
    c = cidx[who, which]
    return c >= 0 and _get(x, comps, c) > 0


@njit(_nrt=False, inline="always")
def _filter(fs, reds, bits, b, who, amount, atk):
    """Damage `who` takes from `amount`: prevention, then reductions in row order."""
    if amount <= 0:
        return 0
    for k in range(bits.shape[0]):
        if (b >> (k + 1)) & 1 and bits[k, 0] == who and bits[k, 1] == BIT_PREVENT:
            return 0
    kind = 0 if atk else 1
    if atk and fs[who, FS_FLY_BLOCK] != 0:
        return 0
    if fs[who, FS_PREVENT_ATK + kind] != 0:
        return 0
    for k in range(fs[who, FS_N_RED_ATK + kind]):
        amount = amount * reds[who, kind, k, 0] // reds[who, kind, k, 1]
    return amount if amount > 0 else 0


@njit(_nrt=False, inline="always")
def _heal(hp, amount, max_hp):
    if hp <= 0 or amount <= 0:
        return hp
    hp += amount
    return max_hp if hp > max_hp else hp


@njit(_nrt=False, inline="always")
def _terminal(hA, hB, p, acc_k):
    """Accumulate a finished duel; False when both creatures live."""
    if hA > 0 and hB > 0:
        return False
    if hA <= 0 and hB <= 0:
        return True  # draw: no win for either, no further exchanges
    if hB <= 0:
        acc_k[0] += p
    else:
        acc_k[1] += p
    return True


@njit(_nrt=False, inline="always")
def _lookup(unit, hA, hB, m, p, chA, chB, acc_c, acc_k, A_c, A_k, G):
    """Add p x (value of a stage at (hA, hB, m)) to the accumulator."""
    if _terminal(hA, hB, p, acc_k):
        return
    if hA == chA and hB == chB:
        if unit:
            acc_c[m] += p
        else:
            for j in range(acc_c.shape[0]):
                acc_c[j] += p * A_c[m, j]
            for j in range(3):
                acc_k[j] += p * A_k[m, j]
        return
    for j in range(3):
        acc_k[j] += p * G[hA, hB, m, j]


@njit(_nrt=False)
def _sum_dist(n, out):
    """Distribution of the sum of n d6 (out[s], s = 0..6n)."""
    out[:] = 0.0
    out[0] = 1.0
    for k in range(n):
        for s in range(6 * (k + 1), -1, -1):
            acc = 0.0
            for face in range(1, 7):
                if s - face >= 0 and s - face <= 6 * k:
                    acc += out[s - face]
            out[s] = acc / 6.0


@njit(_nrt=False)
def _apply_op(ops, o, comps, fs, reds, bits, maxhp, dist, p, hA, hB, x, b, acc_k, out_p, out_i, n_out):
    """One op on one frontier entry: pushes the outcomes (finished duels go to acc_k)."""
    lo = ops[o, OP_ROLL_LO]
    if lo > 0:
        q = (ops[o, OP_ROLL_HI] - lo + 1) / 6.0
        if q < 1.0:
            out_p[n_out] = p * (1.0 - q)
            out_i[n_out, 0] = hA
            out_i[n_out, 1] = hB
            out_i[n_out, 2] = x
            out_i[n_out, 3] = b
            n_out += 1
        p *= q
    kind = ops[o, OP_KIND]
    victim = ops[o, OP_VICTIM]
    owner_now = _get(x, comps, 0)
    if kind == K_DAMAGE or kind == K_HEAL:
        n = ops[o, OP_DICE]
        _sum_dist(n, dist)
        full = kind == K_HEAL and ops[o, OP_FULL] != 0
        for s in range(n, 6 * n + 1):
            ps = dist[s] * p
            if full:
                if s > n:
                    break
                ps = p
            amount = ops[o, OP_AMOUNT] + s
            nA = hA
            nB = hB
            if kind == K_DAMAGE:
                d = _filter(fs, reds, bits, b, victim, amount, False)
                if victim == 0:
                    nA = hA - d
                else:
                    nB = hB - d
            else:
                if victim == 0:
                    nA = _heal(hA, maxhp[0] if full else amount, maxhp[0])
                else:
                    nB = _heal(hB, maxhp[1] if full else amount, maxhp[1])
            if _terminal(nA, nB, ps, acc_k):
                continue
            out_p[n_out] = ps
            out_i[n_out, 0] = nA
            out_i[n_out, 1] = nB
            out_i[n_out, 2] = x
            out_i[n_out, 3] = b
            n_out += 1
        return n_out
    nx = x
    nb = b
    c = ops[o, OP_COMP]
    if kind == K_SLOT:
        d = ops[o, OP_VALUE]
        state = 1 + owner_now if d < 0 else 1 + (d - 1) * 2 + owner_now
        nx = _set(x, comps, c, state)
    elif kind == K_TIMER:
        v = ops[o, OP_VALUE]
        code = comps[c, C_TMAX] + 1 if v < 0 else v
        cur = _get(x, comps, c)
        if code > cur:
            nx = _set(x, comps, c, code)
    elif kind == K_FLAG:
        nx = _set(x, comps, c, 1)
    elif kind == K_BIT:
        nb = b | (1 << ops[o, OP_VALUE])
    out_p[n_out] = p
    out_i[n_out, 0] = hA
    out_i[n_out, 1] = hB
    out_i[n_out, 2] = nx
    out_i[n_out, 3] = nb
    return n_out + 1


@njit(_nrt=False)
def _run_group(ops, start, count, comps, fs, reds, bits, maxhp, dist, acc_k, cur_p, cur_i, n_cur, nxt_p, nxt_i):
    """Apply a program (ops start..start+count) to the frontier; returns its new size.

    The result is left in cur_p/cur_i (the buffers are swapped by copying back).
    """
    for o in range(start, start + count):
        n_nxt = 0
        for k in range(n_cur):
            n_nxt = _apply_op(
                ops,
                o,
                comps,
                fs,
                reds,
                bits,
                maxhp,
                dist,
                cur_p[k],
                cur_i[k, 0],
                cur_i[k, 1],
                cur_i[k, 2],
                cur_i[k, 3],
                acc_k,
                nxt_p,
                nxt_i,
                n_nxt,
            )
            if n_nxt > CAP - 64:
                raise ValueError("exact solver: frontier overflow")
        for k in range(n_nxt):
            cur_p[k] = nxt_p[k]
            for j in range(4):
                cur_i[k, j] = nxt_i[k, j]
        n_cur = n_nxt
    return n_cur


@njit(_nrt=False)
def _stage_end(
    x, chA, chB, comps, fs, reds, bits, static_slots, maxhp, dist, acc_c, acc_k, cur_p, cur_i, nxt_p, nxt_i, G_V, vidx
):
    """END: ticks due this exchange, deaths, heals, timers; then the next exchange (V)."""
    o = _get(x, comps, 0)
    n_cur = 1
    cur_p[0] = 1.0
    cur_i[0, 0] = chA
    cur_i[0, 1] = chB
    cur_i[0, 2] = x
    cur_i[0, 3] = 0
    for heal_pass in range(2):
        for vv in range(2):
            victim = o if vv == 0 else 1 - o
            # dynamic slots
            for c in range(comps.shape[0]):
                if comps[c, C_KIND] != CK_SLOT or comps[c, C_VICTIM] != victim:
                    continue
                if (comps[c, C_HOT] != 0) != (heal_pass == 1):
                    continue
                n_nxt = 0
                for k in range(n_cur):
                    p = cur_p[k]
                    hA = cur_i[k, 0]
                    hB = cur_i[k, 1]
                    xx = cur_i[k, 2]
                    st = _get(xx, comps, c)
                    phase = (st - 1) % 2
                    if st == 0 or phase != o:
                        nxt_p[n_nxt] = p
                        nxt_i[n_nxt, 0] = hA
                        nxt_i[n_nxt, 1] = hB
                        nxt_i[n_nxt, 2] = xx
                        n_nxt += 1
                        continue
                    if comps[c, C_TICKS] < 0:
                        nst = st
                    else:
                        left = (st - 1) // 2 + 1 - 1
                        nst = 0 if left == 0 else 1 + (left - 1) * 2 + phase
                    nxx = _set(xx, comps, c, nst)
                    n = comps[c, C_DICE]
                    _sum_dist(n, dist)
                    for s in range(n, 6 * n + 1):
                        amount = comps[c, C_AMOUNT] + s
                        nA = hA
                        nB = hB
                        if heal_pass == 0:
                            d = _filter(fs, reds, bits, 0, victim, amount, False)
                            if victim == 0:
                                nA -= d
                            else:
                                nB -= d
                        elif victim == 0:
                            nA = _heal(hA, amount, maxhp[0])
                        else:
                            nB = _heal(hB, amount, maxhp[1])
                        nxt_p[n_nxt] = p * dist[s]
                        nxt_i[n_nxt, 0] = nA
                        nxt_i[n_nxt, 1] = nB
                        nxt_i[n_nxt, 2] = nxx
                        n_nxt += 1
                for k in range(n_nxt):
                    cur_p[k] = nxt_p[k]
                    for j in range(3):
                        cur_i[k, j] = nxt_i[k, j]
                n_cur = n_nxt
            # static slots (for the whole duel) of the exchange owner
            for q in range(static_slots.shape[0]):
                if static_slots[q, SS_SOURCE] != o or static_slots[q, SS_VICTIM] != victim:
                    continue
                if (static_slots[q, SS_HOT] != 0) != (heal_pass == 1):
                    continue
                n = static_slots[q, SS_DICE]
                _sum_dist(n, dist)
                n_nxt = 0
                for k in range(n_cur):
                    for s in range(n, 6 * n + 1):
                        amount = static_slots[q, SS_AMOUNT] + s
                        nA = cur_i[k, 0]
                        nB = cur_i[k, 1]
                        if heal_pass == 0:
                            d = _filter(fs, reds, bits, 0, victim, amount, False)
                            if victim == 0:
                                nA -= d
                            else:
                                nB -= d
                        elif victim == 0:
                            nA = _heal(nA, amount, maxhp[0])
                        else:
                            nB = _heal(nB, amount, maxhp[1])
                        nxt_p[n_nxt] = cur_p[k] * dist[s]
                        nxt_i[n_nxt, 0] = nA
                        nxt_i[n_nxt, 1] = nB
                        nxt_i[n_nxt, 2] = cur_i[k, 2]
                        n_nxt += 1
                for k in range(n_nxt):
                    cur_p[k] = nxt_p[k]
                    for j in range(3):
                        cur_i[k, j] = nxt_i[k, j]
                n_cur = n_nxt
        if heal_pass == 0:  # deaths after the damage ticks
            n_live = 0
            for k in range(n_cur):
                if not _terminal(cur_i[k, 0], cur_i[k, 1], cur_p[k], acc_k):
                    cur_p[n_live] = cur_p[k]
                    for j in range(3):
                        cur_i[n_live, j] = cur_i[k, j]
                    n_live += 1
            n_cur = n_live
    # timers run down, the turn passes
    for k in range(n_cur):
        xx = cur_i[k, 2]
        for c in range(1, comps.shape[0]):
            if comps[c, C_KIND] == CK_TIMER:
                v = _get(xx, comps, c)
                if 1 <= v <= comps[c, C_TMAX]:
                    xx = _set(xx, comps, c, v - 1)
        xx = _set(xx, comps, 0, 1 - o)
        hA = cur_i[k, 0]
        hB = cur_i[k, 1]
        if hA == chA and hB == chB:
            acc_c[vidx[xx]] += cur_p[k]  # an unknown of this level (compact index)
        else:
            _lookup(True, hA, hB, xx, cur_p[k], chA, chB, acc_c, acc_k, G_V[0, 0], G_V[0, 0], G_V)


@njit(_nrt=False)
def _strike(
    s,
    x,
    b,
    chA,
    chB,
    to_end,
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
    A_c,
    A_k,
    G,
    GT,
):
    """Strike by s in state (x, b); continues to ST2 (to_end False) or END (to_end True).

    dmg_v holds the damage the target takes (its rules applied); GT is G with the two HP axes
    swapped, so that the lookups along the target's HP read contiguous memory.
    """
    t = 1 - s
    no_heal = fs[s, FS_N_HEAL] == 0 and fs[s, FS_LS_NUM] == 0
    nbv = 1 << (nbits + 1)
    m = x if to_end else x * nbv + b
    if _active(x, comps, cidx, s, CI_FROZEN) or _active(x, comps, cidx, s, CI_STUNNED):
        _lookup(False, chA, chB, m, 1.0, chA, chB, acc_c, acc_k, A_c, A_k, G)
        return
    c = cidx[t, CI_SHIELD]
    if c >= 0 and _get(x, comps, c) > 0:
        nx = _set(x, comps, c, 0)
        m = nx if to_end else nx * nbv + b
        _lookup(False, chA, chB, m, 1.0, chA, chB, acc_c, acc_k, A_c, A_k, G)
        return
    p_cm = hitp[s, b, 0]
    p_miss = hitp[s, b, 1]
    if p_miss > 0.0:
        _lookup(False, chA, chB, m, p_miss, chA, chB, acc_c, acc_k, A_c, A_k, G)
    if p_cm > 0.0:
        for k in range(1, 7):
            d = _filter(fs, reds, bits, b, s, k, False)
            nA = chA - d if s == 0 else chA
            nB = chB - d if s == 1 else chB
            _lookup(False, nA, nB, m, p_cm / 6.0, chA, chB, acc_c, acc_k, A_c, A_k, G)
    for crit in range(2):
        p = hitp[s, b, 2 + crit]
        if p <= 0.0:
            continue
        cur_p[0] = p
        cur_i[0, 0] = chA
        cur_i[0, 1] = chB
        cur_i[0, 2] = x
        cur_i[0, 3] = b
        n_cur = 1
        if prog[s, G_ON_HIT, 1] > 0:
            n_cur = _run_group(
                ops,
                prog[s, G_ON_HIT, 0],
                prog[s, G_ON_HIT, 1],
                comps,
                fs,
                reds,
                bits,
                maxhp,
                dist,
                acc_k,
                cur_p,
                cur_i,
                1,
                nxt_p,
                nxt_i,
            )
        for k in range(n_cur):
            pk = cur_p[k]
            hA = cur_i[k, 0]
            hB = cur_i[k, 1]
            xk = cur_i[k, 2]
            bk = cur_i[k, 3]
            mk = xk if to_end else xk * nbv + bk
            if _active(xk, comps, cidx, s, CI_DISARMED):
                _lookup(False, hA, hB, mk, pk, chA, chB, acc_c, acc_k, A_c, A_k, G)
                continue
            same = hA == chA and hB == chB
            h_t = hA if t == 0 else hB
            for j in range(dmg_n[s, bk, crit]):
                pj = pk * dmg_p[s, bk, crit, j]
                dealt = dmg_v[s, bk, crit, j]
                if no_heal:
                    left = h_t - dealt
                    if left <= 0:
                        acc_k[s] += pj  # the striker wins
                    elif dealt == 0 and same:
                        for q in range(acc_c.shape[0]):
                            acc_c[q] += pj * A_c[mk, q]
                        for q in range(3):
                            acc_k[q] += pj * A_k[mk, q]
                    elif t == 1:
                        for q in range(3):
                            acc_k[q] += pj * G[hA, left, mk, q]
                    else:
                        for q in range(3):
                            acc_k[q] += pj * GT[hB, left, mk, q]
                    continue
                nA = hA
                nB = hB
                if t == 0:
                    nA -= dealt
                else:
                    nB -= dealt
                if dealt > 0 and (nA > 0 and nB > 0):
                    hp_s = nA if s == 0 else nB
                    for q in range(fs[s, FS_N_HEAL]):
                        hp_s = _heal(hp_s, dealt * heals[s, q, 0] // heals[s, q, 1], maxhp[s])
                    if fs[s, FS_LS_NUM] > 0:
                        hp_s = _heal(hp_s, dealt * fs[s, FS_LS_NUM] // fs[s, FS_LS_DEN], maxhp[s])
                    if s == 0:
                        nA = hp_s
                    else:
                        nB = hp_s
                _lookup(False, nA, nB, mk, pj, chA, chB, acc_c, acc_k, A_c, A_k, G)


@njit(_nrt=False)
def _stage_pre(
    x,
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
    G1,
    AE_c,
    AE_k,
    GE,
):
    """V: skip, turn-start rows, opponent-turn rows, wrap roll, your-turn rows, battle start,
    speed; then ST1 (or END without a battle)."""
    o = _get(x, comps, 0)
    q = 1 - o
    nbv = 1 << (nbits + 1)
    acc_k[2] += 1.0  # this exchange
    c = cidx[o, CI_SKIP]
    if c >= 0 and _get(x, comps, c) > 0:
        _lookup(False, chA, chB, _set(x, comps, c, 0), 1.0, chA, chB, acc_c, acc_k, AE_c, AE_k, GE)
        return
    cur_p[0] = 1.0
    cur_i[0, 0] = chA
    cur_i[0, 1] = chB
    cur_i[0, 2] = x
    cur_i[0, 3] = 0
    n_cur = 1
    if prog[o, G_TURN_START, 1] > 0:
        n_cur = _run_group(
            ops,
            prog[o, G_TURN_START, 0],
            prog[o, G_TURN_START, 1],
            comps,
            fs,
            reds,
            bits,
            maxhp,
            dist,
            acc_k,
            cur_p,
            cur_i,
            1,
            nxt_p,
            nxt_i,
        )
    if prog[q, G_OPP_TURN, 1] > 0:
        n_cur = _run_group(
            ops,
            prog[q, G_OPP_TURN, 0],
            prog[q, G_OPP_TURN, 1],
            comps,
            fs,
            reds,
            bits,
            maxhp,
            dist,
            acc_k,
            cur_p,
            cur_i,
            n_cur,
            nxt_p,
            nxt_i,
        )
    c = cidx[o, CI_WRAP]
    if c >= 0:
        n_nxt = 0
        n = comps[c, C_DICE]
        _sum_dist(n, dist)
        for k in range(n_cur):
            xk = cur_i[k, 2]
            if _get(xk, comps, c) == 0:
                nxt_p[n_nxt] = cur_p[k]
                for j in range(4):
                    nxt_i[n_nxt, j] = cur_i[k, j]
                n_nxt += 1
                continue
            rel = 0.0
            if comps[c, C_REL_LO] > 0:
                rel = (comps[c, C_REL_HI] - comps[c, C_REL_LO] + 1) / 6.0
            if rel > 0.0:
                nxt_p[n_nxt] = cur_p[k] * rel
                nxt_i[n_nxt, 0] = cur_i[k, 0]
                nxt_i[n_nxt, 1] = cur_i[k, 1]
                nxt_i[n_nxt, 2] = _set(xk, comps, c, 0)
                nxt_i[n_nxt, 3] = cur_i[k, 3]
                n_nxt += 1
            for s in range(n, 6 * n + 1):
                ps = cur_p[k] * (1.0 - rel) * dist[s]
                if ps <= 0.0:
                    continue
                d = _filter(fs, reds, bits, cur_i[k, 3], o, comps[c, C_AMOUNT] + s, False)
                nA = cur_i[k, 0] - d if o == 0 else cur_i[k, 0]
                nB = cur_i[k, 1] - d if o == 1 else cur_i[k, 1]
                if _terminal(nA, nB, ps, acc_k):
                    continue
                nxt_p[n_nxt] = ps
                nxt_i[n_nxt, 0] = nA
                nxt_i[n_nxt, 1] = nB
                nxt_i[n_nxt, 2] = xk
                nxt_i[n_nxt, 3] = cur_i[k, 3]
                n_nxt += 1
        for k in range(n_nxt):
            cur_p[k] = nxt_p[k]
            for j in range(4):
                cur_i[k, j] = nxt_i[k, j]
        n_cur = n_nxt
    if prog[o, G_YOUR_TURN, 1] > 0:
        n_cur = _run_group(
            ops,
            prog[o, G_YOUR_TURN, 0],
            prog[o, G_YOUR_TURN, 1],
            comps,
            fs,
            reds,
            bits,
            maxhp,
            dist,
            acc_k,
            cur_p,
            cur_i,
            n_cur,
            nxt_p,
            nxt_i,
        )
    # no battle when the owner's creature is frozen or stunned
    n_live = 0
    for k in range(n_cur):
        xk = cur_i[k, 2]
        if _active(xk, comps, cidx, o, CI_FROZEN) or _active(xk, comps, cidx, o, CI_STUNNED):
            _lookup(False, cur_i[k, 0], cur_i[k, 1], xk, cur_p[k], chA, chB, acc_c, acc_k, AE_c, AE_k, GE)
            continue
        cur_p[n_live] = cur_p[k]
        for j in range(4):
            cur_i[n_live, j] = cur_i[k, j]
        n_live += 1
    n_cur = n_live
    if prog[o, G_BATTLE_START, 1] > 0:
        n_cur = _run_group(
            ops,
            prog[o, G_BATTLE_START, 0],
            prog[o, G_BATTLE_START, 1],
            comps,
            fs,
            reds,
            bits,
            maxhp,
            dist,
            acc_k,
            cur_p,
            cur_i,
            n_cur,
            nxt_p,
            nxt_i,
        )
    if prog[q, G_BATTLE_START, 1] > 0:
        n_cur = _run_group(
            ops,
            prog[q, G_BATTLE_START, 0],
            prog[q, G_BATTLE_START, 1],
            comps,
            fs,
            reds,
            bits,
            maxhp,
            dist,
            acc_k,
            cur_p,
            cur_i,
            n_cur,
            nxt_p,
            nxt_i,
        )
    # who strikes first: B first sets bit 0 of b
    if fs[o, FS_STRIKE_FIRST] != fs[q, FS_STRIKE_FIRST]:
        p_o_first = 1.0 if fs[o, FS_STRIKE_FIRST] != 0 else 0.0
    elif fs[o, FS_SPEED] != fs[q, FS_SPEED]:
        p_o_first = 1.0 if fs[o, FS_SPEED] > fs[q, FS_SPEED] else 0.0
    else:
        p_o_first = 0.5
    for k in range(n_cur):
        xk = cur_i[k, 2]
        bk = cur_i[k, 3]
        for first in range(2):
            pf = p_o_first if first == o else 1.0 - p_o_first
            if pf <= 0.0:
                continue
            _lookup(
                False,
                cur_i[k, 0],
                cur_i[k, 1],
                xk * nbv + (bk | first),
                cur_p[k] * pf,
                chA,
                chB,
                acc_c,
                acc_k,
                A1_c,
                A1_k,
                G1,
            )
