"""The search policy: flat Monte Carlo over the legal actions, and the one dispatcher of choices (numba).

`rollout_nb` tries each legal action, follows it with `PolicyParam.playouts` playouts of
`PolicyParam.horizon` turns by greedy players, and keeps the action with the best mean
score: the game result, or when a playout is unfinished, the cemetery-HP race.
`choose_action_nb` is what the turn loop asks at every decision of a turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wardsim.kernel.bots import policies
from wardsim.kernel.bots.enums import PolicyId, PolicyParam
from wardsim.kernel.enums import N_FIGHTER_COLS
from wardsim.kernel.game import play
from wardsim.kernel.game.enums import N_GLOB_COLS, N_INST_COLS, N_PLAYER_COLS, GlobCol, Phase
from wardsim.kernel.game.play import MAX_ACTIONS, MAX_STEPS_PER_TURN
from wardsim.kernel.game.scratch import local_array, local_matrix, local_words
from wardsim.kernel.game.state import N_INST, cemetery_hp_nb, copy_state_nb
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.rng import RNG_WORDS, next_u64_nb, seed_rng_nb
from wardsim.rules import DECK_SIZE

G = GlobCol


@njit(cache=True, _nrt=False)
def choose_action_nb(policy, params, cards, effects, inst, fighters, players, glob, decks, actions, n, rng, duel_table):
    """The index of the active player's choice among the `n` legal `actions`: its base policy,
    or the search for `rollout`."""
    p = glob[G.active]
    if policy[p] == PolicyId.rollout:
        return rollout_nb(
            cards, effects, inst, fighters, players, glob, decks, actions, n, policy, params, rng, duel_table
        )
    return policies.choose_base_nb(
        policy[p], params[p], cards, effects, inst, fighters, players, glob, actions, n, rng, duel_table
    )


@njit(cache=True, _nrt=False)
def _score(cards, inst, players, glob, me):
    """A playout's value for `me`: 1 win, 0 loss, 0.5 draw; unfinished: the cemetery race."""
    w = glob[G.winner]
    if w == me:
        return 1.0
    if w == 2:
        return 0.5
    if w >= 0:
        return 0.0
    mine = cemetery_hp_nb(cards, inst, players, me)
    theirs = cemetery_hp_nb(cards, inst, players, 1 - me)
    return 0.5 + 0.5 * (theirs - mine) / max(glob[G.cemetery_threshold], 1)


@njit(cache=True, _nrt=False)
def rollout_nb(cards, effects, inst, fighters, players, glob, decks, actions, n, policy, params, rng, duel_table):
    """Flat Monte Carlo: try each legal action, play on with greedy players, keep the best."""
    me = glob[G.active]
    if n <= 1:
        return 0
    playouts = max(int(params[me, PolicyParam.playouts]), 1)
    horizon = max(int(params[me, PolicyParam.horizon]), 1)
    greedy = local_array(2)
    greedy[:] = PolicyId.greedy
    no_script = local_array(0)
    no_trace = local_matrix(0, TRACE_WIDTH)
    sub_rng = local_words(RNG_WORDS)
    # the playout's copy of the game
    i2 = local_matrix(N_INST, N_INST_COLS)
    f2 = local_matrix(N_INST, N_FIGHTER_COLS)
    p2 = local_matrix(2, N_PLAYER_COLS)
    g2 = local_array(N_GLOB_COLS)
    d2 = local_matrix(2, DECK_SIZE)
    best = 0
    best_value = -1.0
    for k in range(n):
        total = 0.0
        for _ in range(playouts):
            seed_rng_nb(sub_rng, next_u64_nb(rng), np.uint64(k))
            copy_state_nb(inst, fighters, players, glob, decks, i2, f2, p2, g2, d2)
            play.apply_action_nb(
                cards, effects, i2, f2, p2, g2, d2, actions[k], greedy, params, sub_rng, no_script, no_trace
            )
            stop = g2[G.turn] + horizon
            if g2[G.winner] < 0 and g2[G.phase] != Phase.draw:
                _playout_turn(
                    cards, effects, i2, f2, p2, g2, d2, greedy, params, sub_rng, no_script, no_trace, duel_table
                )
            while g2[G.winner] < 0 and g2[G.turn] < stop:
                play.begin_turn_nb(cards, effects, i2, f2, p2, g2, d2, greedy, params, sub_rng, no_script, no_trace)
                _playout_turn(
                    cards, effects, i2, f2, p2, g2, d2, greedy, params, sub_rng, no_script, no_trace, duel_table
                )
            total += _score(cards, i2, p2, g2, me)
        if total > best_value:
            best_value = total
            best = k
    return best


@njit(cache=True, _nrt=False)
def _playout_turn(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table):
    """Play the rest of the current turn with base (non-search) policies: playouts never
    search, so the search does not call itself."""
    actions = local_array(MAX_ACTIONS)
    steps = 0
    while glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
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
    play.end_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
