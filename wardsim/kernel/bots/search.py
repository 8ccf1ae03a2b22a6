"""The search policy and the one dispatcher of a turn's decisions (numba).

`search_nb` is determinized Monte Carlo search with common random numbers, spent on the close
calls: the heuristic values every legal action, and the actions within `PolicyParam.margin` of
its choice (at most `PolicyParam.width`, `candidates_nb`) are compared; a clear call is the
heuristic's at no cost. For each of its rounds the search deals the cards its player cannot see
anew (`determinize_nb`: the opponent's hand and deck, its own deck's order, consistently with
what it has seen), then tries every candidate in that same deal with the same dice, plays on
with `heuristic` players for `PolicyParam.horizon` turns and scores the position
(`position_value_nb`). Comparing the actions on the same deals and dice measures their
differences with far fewer playouts than independent samples would. The budget,
`PolicyParam.iterations`, is shared by the candidates; the one with the best mean wins, the
heuristic's own choice on ties.

`choose_action_nb` is what the turn loop asks at every decision of a turn.
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.bots import policies
from wardsim.kernel.bots.enums import PolicyId, PolicyParam
from wardsim.kernel.enums import N_FIGHTER_COLS, FighterCol
from wardsim.kernel.game import play
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    N_GLOB_COLS,
    N_INST_COLS,
    N_PLAYER_COLS,
    GlobCol,
    InstCol,
    InstZone,
    Phase,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.game.play import MAX_STEPS_PER_TURN
from wardsim.kernel.game.scratch import local_array, local_floats, local_matrix, local_words
from wardsim.kernel.game.state import MAX_INST, MAX_SEATS, cemetery_hp_nb, copy_state_nb, opponent_nb, randint_nb
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import RNG_WORDS, next_u64_nb, seed_rng_nb
from wardsim.rules import DECK_SIZE

F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol


@njit(cache=True, _nrt=False)
def choose_action_nb(policy, params, cards, effects, inst, fighters, players, glob, decks, actions, n, rng, duel_table):
    """The index of the active player's choice among the `n` legal `actions`: its base policy,
    or the search."""
    p = glob[G.active]
    if policy[p] == PolicyId.search:
        return search_nb(cards, effects, inst, fighters, players, glob, decks, actions, n, params, rng, duel_table)
    return policies.choose_base_nb(
        policy[p], params[p], cards, effects, inst, fighters, players, glob, actions, n, rng, duel_table
    )


# ------------------------------------------------------------------ what a player can see


@njit(cache=True, _nrt=False)
def _deal(inst, owner, hand_too, rng):
    """Deal the card faces of `owner`'s hidden instances (its deck, and its hand when
    `hand_too`; a card known to be in hand, or known where it lies in the deck, stays) anew, at
    random: the faces are gathered in a canonical order first, so the deal depends on which cards
    are hidden, not where they are."""
    faces = local_array(MAX_INST)
    slots = local_array(MAX_INST)
    n = 0
    for i in range(inst.shape[0]):
        if inst[i, I.owner] != owner:
            continue
        z = inst[i, I.zone]
        if z == InstZone.deck and inst[i, I.seen] & SeenBit.known_in_deck != 0:
            continue  # Hands of Fate showed both players this card, where it lies
        if z == InstZone.deck or (hand_too and z == InstZone.hand and inst[i, I.seen] & SeenBit.public == 0):
            slots[n] = i
            faces[n] = inst[i, I.card]
            n += 1
    for k in range(1, n):  # insertion sort: a canonical order
        face = faces[k]
        j = k - 1
        while j >= 0 and faces[j] > face:
            faces[j + 1] = faces[j]
            j -= 1
        faces[j + 1] = face
    for k in range(n - 1, 0, -1):  # Fisher-Yates
        j = randint_nb(rng, k + 1)
        faces[k], faces[j] = faces[j], faces[k]
    for k in range(n):
        inst[slots[k], I.card] = faces[k]


@njit(cache=True, _nrt=False)
def determinize_nb(inst, me, rng):
    """Resample, in a copy of the game, every card `me` cannot see: each other seat's hand and
    deck (as one pool per seat: its deck list less the cards seen on the field, in the
    cemeteries or revealed in hand), from the seat after `me` on, and the order of its own deck
    (DESIGN.md, Seats and bots). The other deck lists are known: decklists are open, as in a
    tournament."""
    seats = inst.shape[0] // DECK_SIZE
    for side in range(1, seats):
        _deal(inst, (me + side) % seats, True, rng)
    _deal(inst, me, False, rng)


# ------------------------------------------------------------------ search


@njit(cache=True, _nrt=False)
def position_value_nb(cards, inst, fighters, players, glob, me, duel_table):
    """How good a position is for `me`, in [0, 1]: 1 won, 0 lost, 0.5 drawn; unfinished, the
    cemetery race (with half the damage the primary creatures carry, HP on its way there) and
    the two primaries' duel odds as they are (their HP, buffs and shields: `kernel.bots.race`).
    In the AL Ladder the race is of points (rounds won), a round's fight counting as one."""
    w = glob[G.winner]
    if w == players[me, P.team]:
        return 1.0
    if w == glob[G.teams]:
        return 0.5
    if w >= 0:
        return 0.0
    threshold = max(glob[G.cemetery_threshold], 1)
    o = opponent_nb(players, glob, me)
    a = players[me, P.primary]
    b = players[o, P.primary]
    race = float(cemetery_hp_nb(cards, inst, players, o) - cemetery_hp_nb(cards, inst, players, me))
    if a >= 0:
        race -= 0.5 * (fighters[a, F.max_hp] - fighters[a, F.hp])
    if b >= 0:
        race += 0.5 * (fighters[b, F.max_hp] - fighters[b, F.hp])
    board = 0.0
    if a >= 0 and b >= 0:
        board = policies.battle_odds_nb(cards, inst, fighters, duel_table, a, inst[a, I.card], b, 1.0) - 0.5
    if glob[G.rounds] > 0:
        # the points still to play for: the rounds left, this one's fight (the board) among them
        left = max(glob[G.rounds] - glob[G.round] + 1, 1)
        race = float(players[me, P.points] - players[o, P.points]) + 2.0 * board
        return min(max(0.5 + 0.45 * race / left, 0.02), 0.98)
    value = 0.5 + 0.45 * race / threshold + 0.15 * board
    return min(max(value, 0.02), 0.98)


@njit(cache=True, _nrt=False)
def candidates_nb(values, n, base, width, margin, out):
    """The actions worth playouts (into `out`, their number returned): the heuristic's choice
    first, then the others by the heuristic's values, best first, at most `width` in all. Only
    close calls are searched: an action worth `margin` less than the heuristic's choice is left
    out (ending the phase is worth 0), and so is one the heuristic expects to waste (a card that
    would expire unused)."""
    out[0] = base
    m = 1
    floor = max(values[base], 0.0) - margin
    while m < width:
        best = -1
        for k in range(n):
            if values[k] <= policies.WASTED or values[k] < floor:
                continue
            taken = False
            for j in range(m):
                taken = taken or out[j] == k
            if not taken and (best < 0 or values[k] > values[best]):
                best = k
        if best < 0:
            break
        out[m] = best
        m += 1
    return m


@njit(cache=True, _nrt=False)
def search_nb(cards, effects, inst, fighters, players, glob, decks, actions, n, params, rng, duel_table):
    """Determinized Monte Carlo over the candidate actions with common random numbers (module
    notes)."""
    me = glob[G.active]
    if n <= 1:
        return 0
    values = local_floats(MAX_ACTIONS)
    policies.heuristic_values_nb(
        cards, effects, inst, fighters, players, glob, actions, n, params[me], duel_table, values
    )
    base = policies.best_action_nb(values, n)
    chosen = local_array(MAX_ACTIONS)
    width = max(int(params[me, PolicyParam.width]), 1)
    m = candidates_nb(values, n, base, width, params[me, PolicyParam.margin], chosen)
    if m <= 1:
        return base
    rounds = max(int(params[me, PolicyParam.iterations]) // m, 1)
    horizon = max(int(params[me, PolicyParam.horizon]), 1)
    heuristic = local_array(MAX_SEATS)
    heuristic[:] = PolicyId.heuristic
    no_script = local_array(0)
    no_trace = local_matrix(0, TRACE_WIDTH)
    deal_rng = local_words(RNG_WORDS)
    dice_rng = local_words(RNG_WORDS)
    # the playouts' copy, as large as this game's state (the stack arrays fit the most seats)
    i2 = local_matrix(MAX_INST, N_INST_COLS)[: inst.shape[0]]
    f2 = local_matrix(MAX_INST, N_FIGHTER_COLS)[: fighters.shape[0]]
    p2 = local_matrix(MAX_SEATS, N_PLAYER_COLS)[: players.shape[0]]
    g2 = local_array(N_GLOB_COLS)
    d2 = local_matrix(MAX_SEATS, DECK_SIZE)[: decks.shape[0]]
    totals = local_floats(MAX_ACTIONS)
    totals[:m] = 0.0
    for _ in range(rounds):
        deal_seed = next_u64_nb(rng)
        dice_seed = next_u64_nb(rng)
        for c in range(m):
            # the same deal and the same dice for every candidate of the round
            seed_rng_nb(deal_rng, deal_seed, np.uint64(0))
            seed_rng_nb(dice_rng, dice_seed, np.uint64(1))
            copy_state_nb(inst, fighters, players, glob, decks, i2, f2, p2, g2, d2)
            determinize_nb(i2, me, deal_rng)
            play.apply_action_nb(
                cards, effects, i2, f2, p2, g2, d2, actions[chosen[c]], heuristic, params, dice_rng, no_script, no_trace
            )
            stop = g2[G.turn] + horizon
            if g2[G.winner] < 0 and g2[G.phase] != Phase.draw:
                _playout_turn(
                    cards, effects, i2, f2, p2, g2, d2, heuristic, params, dice_rng, no_script, no_trace, duel_table
                )
            while g2[G.winner] < 0 and g2[G.turn] < stop:
                play.begin_turn_nb(cards, effects, i2, f2, p2, g2, d2, heuristic, params, dice_rng, no_script, no_trace)
                _playout_turn(
                    cards, effects, i2, f2, p2, g2, d2, heuristic, params, dice_rng, no_script, no_trace, duel_table
                )
            totals[c] += position_value_nb(cards, i2, f2, p2, g2, me, duel_table)
    best = 0  # the heuristic's choice on ties
    for c in range(m):
        if totals[c] > totals[best] + 1e-9:
            best = c
    return chosen[best]


@njit(cache=True, _nrt=False)
def _playout_turn(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table):
    """Play the rest of the current turn with base (non-search) policies: playouts never
    search, so the search does not call itself."""
    actions = local_array(MAX_ACTIONS)
    steps = 0
    a = glob[G.active]
    play.retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)  # as match.play_turn_nb
    while play.turn_goes_on_nb(players, glob, a):
        n = play.legal_actions_nb(cards, effects, inst, fighters, players, glob, actions)
        steps += 1
        k = (
            0
            if steps > MAX_STEPS_PER_TURN
            else policies.choose_base_nb(
                policy[glob[G.active]],
                params[glob[G.active]],
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                actions,
                n,
                rng,
                duel_table,
            )
        )
        play.apply_action_nb(
            cards, effects, inst, fighters, players, glob, decks, actions[k], policy, params, rng, script, trace
        )
        play.retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
    play.end_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
