"""The exact solver's stages of an exchange: its start, the strikes, its end (numba).

An exchange is one player's turn of the duel (duel semantics in the docstring of
`kernel.duel.battle`, steps 1-7). The solver cuts it into four stages, each with its own value
on the HP grid:

- start (V): skip, turn-start and opponent-turn rows, the wrap roll, your-turn rows, the
  battle-start rows and who strikes first; then the first strike, or the end without a battle;
- first strike (ST1) and second strike (ST2), with the battle state b;
- end (END): the DOT and HOT ticks due, the status timers; then the next exchange's start.

Each stage function adds, for one state of its stage at the HP level (level_a, level_b), p x
(the value of the next stage) over every outcome to an `Accumulator`. The arrays are described
in `kernel.exact.spec` (the pair's rules), `kernel.exact.tables` (strike odds) and
`kernel.exact.frontier` (the work bundles).
"""

from __future__ import annotations

from wardsim.kernel.exact.damage import _damage_taken_nb, _dice_sum_odds_nb, _healed_nb
from wardsim.kernel.exact.enums import (
    N_VALUES,
    ComponentCol,
    ComponentKind,
    DamageKind,
    FighterSummary,
    FractionCol,
    FrontierCol,
    Program,
    StaticDotCol,
    StatusComponent,
    StrikeOdds,
    Value,
)
from wardsim.kernel.exact.frontier import (
    _add_value_nb,
    _digit_nb,
    _finished_nb,
    _has_status_nb,
    _keep_next_nb,
    _push_next_nb,
    _run_program_inlined_nb,
    _run_program_nb,
    _start_frontier_nb,
    _with_digit_nb,
)
from wardsim.kernel.exact.tables import _n_battle_states_nb
from wardsim.kernel.jit import njit

S = FighterSummary
HP_A = FrontierCol.hp_a
HP_B = FrontierCol.hp_b
X = FrontierCol.effect_state
B = FrontierCol.battle_state


@njit(_nrt=False, inline="always")
def _wrap_roll_nb(rules, owner, frontier, n_live, acc):
    """Duel semantics step 3: a wrapped creature rolls to be released, else takes the wrap damage."""
    components = rules.components
    c = rules.status_components[owner, StatusComponent.wrapped]
    n_next = 0
    n = components[c, ComponentCol.dice]
    dist = frontier.dice_sums
    _dice_sum_odds_nb(n, dist)
    for k in range(n_live):
        p = frontier.odds[k]
        hp_a = frontier.states[k, HP_A]
        hp_b = frontier.states[k, HP_B]
        x = frontier.states[k, X]
        b = frontier.states[k, B]
        if _digit_nb(x, components, c) == 0:  # not wrapped
            n_next = _push_next_nb(frontier, n_next, p, hp_a, hp_b, x, b)
            continue
        released = 0.0
        if components[c, ComponentCol.release_lo] > 0:
            released = (components[c, ComponentCol.release_hi] - components[c, ComponentCol.release_lo] + 1) / 6.0
        if released > 0.0:
            n_next = _push_next_nb(frontier, n_next, p * released, hp_a, hp_b, _with_digit_nb(x, components, c, 0), b)
        for s in range(n, 6 * n + 1):
            ps = p * (1.0 - released) * dist[s]
            if ps <= 0.0:
                continue
            d = _damage_taken_nb(rules, b, owner, components[c, ComponentCol.amount] + s, DamageKind.other)
            new_a = hp_a - d if owner == 0 else hp_a
            new_b = hp_b - d if owner == 1 else hp_b
            if _finished_nb(new_a, new_b, ps, acc):
                continue
            n_next = _push_next_nb(frontier, n_next, ps, new_a, new_b, x, b)
    return _keep_next_nb(frontier, n_next)


@njit(_nrt=False)
def _can_battle_nb(level_a, level_b, rules, owner, frontier, n_live, acc, end):
    """Keep the outcomes where the owner's creature can initiate a battle; returns their count.

    Duel semantics step 5: no battle when it is frozen or stunned (rules guide, status effects:
    "A frozen creature cannot battle"; "Stunned creatures lose their ability to perform a
    return attack and battle"); the exchange goes to its end.
    """
    n_ready = 0
    for k in range(n_live):
        x = frontier.states[k, X]
        if _has_status_nb(x, rules, owner, StatusComponent.frozen) or _has_status_nb(
            x, rules, owner, StatusComponent.stunned
        ):
            _add_value_nb(
                frontier.states[k, HP_A], frontier.states[k, HP_B], x, frontier.odds[k], level_a, level_b, acc, end
            )
            continue
        frontier.odds[n_ready] = frontier.odds[k]
        for j in range(frontier.states.shape[1]):
            frontier.states[n_ready, j] = frontier.states[k, j]
        n_ready += 1
    return n_ready


@njit(_nrt=False)
def _start_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, first_strike, end):
    """V: the owner's exchange up to its first strike (duel semantics steps 1-5).

    Parameters
    ----------
    x : int
        The effect state; its component 0 is the owner, whose controller has the turn.
    level_a, level_b : int
        The HP of A and B (the level being solved).
    rules : PairRules
    frontier : Frontier
    acc : Accumulator
        Receives the value of (x, level_a, level_b), this exchange counted.
    first_strike, end : StageValues
        The next stages: ST1 (state x * n_battle_states + b), END without a battle (state x).
    """
    components = rules.components
    owner = _digit_nb(x, components, 0)
    other = 1 - owner
    n_battle = _n_battle_states_nb(rules)
    acc.consts[Value.exchanges] += 1.0  # this exchange
    # step 1: a player who must skip the turn consumes the flag; nothing else happens
    c = rules.status_components[owner, StatusComponent.skips_turn]
    if c >= 0 and _digit_nb(x, components, c) > 0:
        _add_value_nb(level_a, level_b, _with_digit_nb(x, components, c, 0), 1.0, level_a, level_b, acc, end)
        return
    n_live = _start_frontier_nb(frontier, 1.0, level_a, level_b, x, 0)
    # step 2: the owner's turn-start rows, then the other creature's opponent-turn rows
    n_live = _run_program_nb(rules, owner, Program.turn_start, frontier, n_live, acc)
    n_live = _run_program_nb(rules, other, Program.opponent_turn, frontier, n_live, acc)
    # step 3: the wrap roll
    if rules.status_components[owner, StatusComponent.wrapped] >= 0:
        n_live = _wrap_roll_nb(rules, owner, frontier, n_live, acc)
    # step 4: the owner's your-turn rows
    n_live = _run_program_nb(rules, owner, Program.your_turn, frontier, n_live, acc)
    # step 5: the battle, when the owner's creature can initiate it; its battle-start rows
    # first, then the defender's
    n_live = _can_battle_nb(level_a, level_b, rules, owner, frontier, n_live, acc, end)
    n_live = _run_program_nb(rules, owner, Program.battle_start, frontier, n_live, acc)
    n_live = _run_program_nb(rules, other, Program.battle_start, frontier, n_live, acc)
    # who strikes first (DESIGN.md ruling 3; rules guide, battle step 2): "strikes first"
    # effects, else the higher SPD, else a roll-off with 1/2 each, in every battle
    fighters = rules.fighters
    if fighters[owner, S.strike_first] != fighters[other, S.strike_first]:
        p_owner_first = 1.0 if fighters[owner, S.strike_first] != 0 else 0.0
    elif fighters[owner, S.speed] != fighters[other, S.speed]:
        p_owner_first = 1.0 if fighters[owner, S.speed] > fighters[other, S.speed] else 0.0
    else:
        p_owner_first = 0.5
    for k in range(n_live):
        xk = frontier.states[k, X]
        bk = frontier.states[k, B]
        for first in range(2):  # bit 0 of b: the creature that strikes first
            pf = p_owner_first if first == owner else 1.0 - p_owner_first
            if pf <= 0.0:
                continue
            _add_value_nb(
                frontier.states[k, HP_A],
                frontier.states[k, HP_B],
                xk * n_battle + (bk | first),
                frontier.odds[k] * pf,
                level_a,
                level_b,
                acc,
                first_strike,
            )


@njit(_nrt=False, inline="always")
def _hit_lands_nb(striker, hp_a, hp_b, m, b, p, level_a, level_b, rules, tables, acc, after):
    """A hit of `striker` (its on-hit rows resolved) deals its Atk damage: p x the next values.

    (hp_a, hp_b) are the HPs after the on-hit rows, m the next stage's state, b the battle
    state after them; both creatures are alive.
    """
    target = 1 - striker
    fighters = rules.fighters
    heals = rules.heals
    no_heal = fighters[striker, S.n_heals_from_damage] == 0 and fighters[striker, S.lifesteal_num] == 0
    if no_heal:
        # the fast path: only the target's HP moves. The losses are sorted, so the hits
        # that kill are the tail of the table, and the others a run of lookups along the
        # target's HP
        hp_target = hp_a if target == 0 else hp_b
        alive = tables.losses_below[striker, b, hp_target]
        acc.consts[Value.a_wins + striker] += p * tables.loss_tail[striker, b, alive]
        first = 0
        if alive > 0 and tables.loss[striker, b, 0] == 0 and hp_a == level_a and hp_b == level_b:
            # a hit that takes nothing off stays at this level
            p0 = p * tables.loss_odds[striker, b, 0]
            for q in range(acc.coefs.shape[0]):
                acc.coefs[q] += p0 * after.coefs[m, q]
            for q in range(N_VALUES):
                acc.consts[q] += p0 * after.consts[m, q]
            first = 1
        a_wins = 0.0
        b_wins = 0.0
        exchanges = 0.0
        if target == 1:
            for j in range(first, alive):
                o = tables.loss_odds[striker, b, j]
                left = hp_target - tables.loss[striker, b, j]
                a_wins += o * after.grid[hp_a, m, left, Value.a_wins]
                b_wins += o * after.grid[hp_a, m, left, Value.b_wins]
                exchanges += o * after.grid[hp_a, m, left, Value.exchanges]
        else:
            for j in range(first, alive):
                o = tables.loss_odds[striker, b, j]
                left = hp_target - tables.loss[striker, b, j]
                a_wins += o * after.grid_swapped[hp_b, m, left, Value.a_wins]
                b_wins += o * after.grid_swapped[hp_b, m, left, Value.b_wins]
                exchanges += o * after.grid_swapped[hp_b, m, left, Value.exchanges]
        acc.consts[Value.a_wins] += p * a_wins
        acc.consts[Value.b_wins] += p * b_wins
        acc.consts[Value.exchanges] += p * exchanges
        return
    for j in range(tables.loss_count[striker, b]):
        pj = p * tables.loss_odds[striker, b, j]
        dealt = tables.loss[striker, b, j]
        new_a = hp_a
        new_b = hp_b
        if target == 0:
            new_a -= dealt
        else:
            new_b -= dealt
        if dealt > 0 and (new_a > 0 and new_b > 0):
            # heals from the damage dealt, after the target's rules; never above max HP
            max_hp = fighters[striker, S.hp]
            hp_s = new_a if striker == 0 else new_b
            for q in range(fighters[striker, S.n_heals_from_damage]):
                num = heals[striker, q, FractionCol.amount]
                hp_s = _healed_nb(hp_s, dealt * num // heals[striker, q, FractionCol.divisor], max_hp)
            num = fighters[striker, S.lifesteal_num]
            if num > 0:
                hp_s = _healed_nb(hp_s, dealt * num // fighters[striker, S.lifesteal_den], max_hp)
            if striker == 0:
                new_a = hp_s
            else:
                new_b = hp_s
        _add_value_nb(new_a, new_b, m, pj, level_a, level_b, acc, after)


@njit(_nrt=False)
def _strike_nb(striker, x, b, level_a, level_b, to_end, rules, tables, frontier, acc, after):
    """ST1 or ST2: one strike by `striker` in state (x, b) at HP (level_a, level_b).

    Parameters
    ----------
    striker : int
        0 = A, 1 = B.
    x, b : int
        The effect state and the battle state.
    level_a, level_b : int
        The HP of A and B (the level being solved).
    to_end : bool
        False for the first strike (the next stage is ST2, state x * n_battle_states + b), True
        for the second (END, state x: battle-long effects end with the battle, step 6).
    rules : PairRules
    tables : StrikeTables
    frontier : Frontier
    acc : Accumulator
    after : StageValues
        The next stage. Its `grid_swapped` serves the strikes on A.
    """
    target = 1 - striker
    components = rules.components
    n_battle = _n_battle_states_nb(rules)
    m = x if to_end else x * n_battle + b
    # rules guide, status effects: a frozen or stunned creature cannot return attack
    if _has_status_nb(x, rules, striker, StatusComponent.frozen) or _has_status_nb(
        x, rules, striker, StatusComponent.stunned
    ):
        _add_value_nb(level_a, level_b, m, 1.0, level_a, level_b, acc, after)
        return
    # duel semantics "Strike": a shield on the target is consumed and negates the strike
    # before its Hit roll (no dice, so no critical miss)
    c = rules.status_components[target, StatusComponent.shielded]
    if c >= 0 and _digit_nb(x, components, c) > 0:
        nx = _with_digit_nb(x, components, c, 0)
        m = nx if to_end else nx * n_battle + b
        _add_value_nb(level_a, level_b, m, 1.0, level_a, level_b, acc, after)
        return
    p_critical_miss = tables.hit_odds[striker, b, StrikeOdds.critical_miss]
    p_miss = tables.hit_odds[striker, b, StrikeOdds.miss]
    if p_miss > 0.0:
        _add_value_nb(level_a, level_b, m, p_miss, level_a, level_b, acc, after)
    if p_critical_miss > 0.0:
        # rules guide, battle step 3: a critical miss deals 1d6 to the striker, no bonuses
        # added; its own damage rules still apply (it is not Atk damage)
        for k in range(1, 7):
            d = _damage_taken_nb(rules, b, striker, k, DamageKind.other)
            hp_a = level_a - d if striker == 0 else level_a
            hp_b = level_b - d if striker == 1 else level_b
            _add_value_nb(hp_a, hp_b, m, p_critical_miss / 6.0, level_a, level_b, acc, after)
    p = tables.hit_odds[striker, b, StrikeOdds.hit] + tables.hit_odds[striker, b, StrikeOdds.critical_hit]
    if p <= 0.0:
        return
    # on a hit the striker's on-hit rows resolve first, in row order; they cannot tell a
    # critical hit from another, so both are followed at once (the loss tables)
    n_live = _start_frontier_nb(frontier, p, level_a, level_b, x, b)
    n_live = _run_program_inlined_nb(rules, striker, Program.on_hit, frontier, n_live, acc)
    for k in range(n_live):
        pk = frontier.odds[k]
        hp_a = frontier.states[k, HP_A]
        hp_b = frontier.states[k, HP_B]
        xk = frontier.states[k, X]
        bk = frontier.states[k, B]
        mk = xk if to_end else xk * n_battle + bk
        # a disarmed creature still hits (its on-hit rows resolved) but deals no Atk damage
        if _has_status_nb(xk, rules, striker, StatusComponent.disarmed):
            _add_value_nb(hp_a, hp_b, mk, pk, level_a, level_b, acc, after)
            continue
        _hit_lands_nb(striker, hp_a, hp_b, mk, bk, pk, level_a, level_b, rules, tables, acc, after)


@njit(_nrt=False, inline="always")
def _striker_nb(m, to_end):
    """The striker of strike state m = x * n_battle_states + b: bit 0 of b is the creature that
    strikes first, which strikes the first strike (`to_end` False); the other strikes second."""
    return 1 - (m & 1) if to_end else m & 1


@njit(_nrt=False, inline="always")
def _strike_from_nb(m, to_end, level_a, level_b, rules, tables, frontier, acc, after):
    """`_strike_nb` from strike state m of the first strikes (`to_end` False) or the second."""
    n_battle = _n_battle_states_nb(rules)
    _strike_nb(
        _striker_nb(m, to_end),
        m // n_battle,
        m % n_battle,
        level_a,
        level_b,
        to_end,
        rules,
        tables,
        frontier,
        acc,
        after,
    )


@njit(_nrt=False, inline="always")
def _tick_dot_slot_nb(rules, c, owner, heal, frontier, n_live):
    """DOT slot c ticks on the outcomes where it is due in `owner`'s exchange; returns the size.

    DESIGN.md ruling 6: a DOT ticks at the end of the exchange it was applied in, then once
    per turn cycle (every second exchange, those of the same owner) until its ticks run out.
    """
    components = rules.components
    victim = components[c, ComponentCol.victim]
    dist = frontier.dice_sums
    n_next = 0
    for k in range(n_live):
        p = frontier.odds[k]
        hp_a = frontier.states[k, HP_A]
        hp_b = frontier.states[k, HP_B]
        x = frontier.states[k, X]
        state = _digit_nb(x, components, c)
        phase = (state - 1) % 2
        if state == 0 or phase != owner:  # empty, or it ticks in the other exchanges
            n_next = _push_next_nb(frontier, n_next, p, hp_a, hp_b, x, 0)
            continue
        if components[c, ComponentCol.ticks] < 0:
            new_state = state
        else:
            left = (state - 1) // 2  # ticks left after this one
            new_state = 0 if left == 0 else 1 + (left - 1) * 2 + phase
        new_x = _with_digit_nb(x, components, c, new_state)
        n = components[c, ComponentCol.dice]
        _dice_sum_odds_nb(n, dist)
        for s in range(n, 6 * n + 1):
            amount = components[c, ComponentCol.amount] + s
            new_a = hp_a
            new_b = hp_b
            if not heal:
                d = _damage_taken_nb(rules, 0, victim, amount, DamageKind.other)
                if victim == 0:
                    new_a -= d
                else:
                    new_b -= d
            elif victim == 0:
                new_a = _healed_nb(hp_a, amount, rules.fighters[0, S.hp])
            else:
                new_b = _healed_nb(hp_b, amount, rules.fighters[1, S.hp])
            n_next = _push_next_nb(frontier, n_next, p * dist[s], new_a, new_b, new_x, 0)
    return _keep_next_nb(frontier, n_next)


@njit(_nrt=False, inline="always")
def _tick_static_dot_nb(rules, q, heal, frontier, n_live):
    """Static DOT q ticks on every outcome (it ticks in every exchange of its source); returns the size."""
    dots = rules.static_dots
    victim = dots[q, StaticDotCol.victim]
    n = dots[q, StaticDotCol.dice]
    dist = frontier.dice_sums
    _dice_sum_odds_nb(n, dist)
    n_next = 0
    for k in range(n_live):
        for s in range(n, 6 * n + 1):
            amount = dots[q, StaticDotCol.amount] + s
            new_a = frontier.states[k, HP_A]
            new_b = frontier.states[k, HP_B]
            if not heal:
                d = _damage_taken_nb(rules, 0, victim, amount, DamageKind.other)
                if victim == 0:
                    new_a -= d
                else:
                    new_b -= d
            elif victim == 0:
                new_a = _healed_nb(new_a, amount, rules.fighters[0, S.hp])
            else:
                new_b = _healed_nb(new_b, amount, rules.fighters[1, S.hp])
            n_next = _push_next_nb(frontier, n_next, frontier.odds[k] * dist[s], new_a, new_b, frontier.states[k, X], 0)
    return _keep_next_nb(frontier, n_next)


@njit(_nrt=False)
def _end_outcomes_nb(x, hp_a, hp_b, rules, frontier, acc):
    """The ticks due at the end of the owner's exchange (step 7) from (hp_a, hp_b, x).

    DOTs tick first, on the owner's creature, then on the other; a creature at 0 HP ends the
    duel (both at 0: a draw), added to `acc`; then the HOTs heal. Status timers run down and
    the turn passes. Returns the size of the frontier, which holds the outcomes: the next
    exchange's HPs and states.
    """
    components = rules.components
    dots = rules.static_dots
    owner = _digit_nb(x, components, 0)
    n_live = _start_frontier_nb(frontier, 1.0, hp_a, hp_b, x, 0)
    for heal_pass in range(2):
        heal = heal_pass == 1
        for order in range(2):
            victim = owner if order == 0 else 1 - owner
            for c in range(components.shape[0]):
                if (
                    components[c, ComponentCol.kind] == ComponentKind.dot_slot
                    and components[c, ComponentCol.victim] == victim
                    and (components[c, ComponentCol.heals] != 0) == heal
                ):
                    n_live = _tick_dot_slot_nb(rules, c, owner, heal, frontier, n_live)
            # static DOTs for the whole duel tick in their source's exchanges
            for q in range(dots.shape[0]):
                if (
                    dots[q, StaticDotCol.source] == owner
                    and dots[q, StaticDotCol.victim] == victim
                    and (dots[q, StaticDotCol.heals] != 0) == heal
                ):
                    n_live = _tick_static_dot_nb(rules, q, heal, frontier, n_live)
        if not heal:  # deaths after the damage ticks, before the heals
            n_alive = 0
            for k in range(n_live):
                if not _finished_nb(frontier.states[k, HP_A], frontier.states[k, HP_B], frontier.odds[k], acc):
                    frontier.odds[n_alive] = frontier.odds[k]
                    for j in range(frontier.states.shape[1]):
                        frontier.states[n_alive, j] = frontier.states[k, j]
                    n_alive += 1
            n_live = n_alive
    # status timers run down by one exchange, the turn passes
    for k in range(n_live):
        xk = frontier.states[k, X]
        for c in range(1, components.shape[0]):
            if components[c, ComponentCol.kind] == ComponentKind.status_timer:
                v = _digit_nb(xk, components, c)
                if 1 <= v <= components[c, ComponentCol.timer_max]:  # timer_max + 1: never ends
                    xk = _with_digit_nb(xk, components, c, v - 1)
        frontier.states[k, X] = _with_digit_nb(xk, components, 0, 1 - owner)
    return n_live


@njit(_nrt=False, inline="always")
def _next_exchange_nb(hp_a, hp_b, x, p, level_a, level_b, acc, start, unknown_index):
    """p x the value of the next exchange's start at (hp_a, hp_b, x), into the accumulator."""
    if hp_a == level_a and hp_b == level_b:
        if acc.coefs.shape[0] > 0:  # zero width: only the constants are wanted
            acc.coefs[unknown_index[x]] += p  # an unknown of this level
    elif not _finished_nb(hp_a, hp_b, p, acc):
        for j in range(N_VALUES):
            acc.consts[j] += p * start.grid[hp_a, x, hp_b, j]


@njit(_nrt=False)
def _end_of_exchange_nb(x, level_a, level_b, rules, frontier, acc, start, unknown_index):
    """END: the ticks due at the end of the owner's exchange (step 7), then the next exchange.

    Parameters
    ----------
    x : int
        The effect state at the end of the exchange.
    level_a, level_b : int
        The HP of A and B (the level being solved).
    rules : PairRules
    frontier : Frontier
    acc : Accumulator
        Receives the value of END at (x, level_a, level_b).
    start : StageValues
        V. At this level its values are the unknowns themselves: `acc.coefs` gets their
        weights directly, at `unknown_index[x]`.
    unknown_index : ndarray(int, ndim=1)
        (n_effect_states,): the compact index of each x among the unknowns.
    """
    n_live = _end_outcomes_nb(x, level_a, level_b, rules, frontier, acc)
    for k in range(n_live):
        _next_exchange_nb(
            frontier.states[k, HP_A],
            frontier.states[k, HP_B],
            frontier.states[k, X],
            frontier.odds[k],
            level_a,
            level_b,
            acc,
            start,
            unknown_index,
        )
