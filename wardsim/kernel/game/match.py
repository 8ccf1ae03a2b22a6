"""Playing whole games: the turn loop, the search policy and batches of games (numba).

`play_game_nb` plays game `index` of `seed` from setup to the end with the two players'
policies and writes what the analytics need: the result record and, per deck slot, whether
the card was in the opening hand, drawn and played. Every die of a game comes from its own
generator, seeded from (seed, index) alone, so a batch gives the same games for any number
of threads or chunking (DESIGN.md, Random numbers), and game k can be replayed alone.

`rollout_nb` is the search policy: flat Monte Carlo over the legal actions, each followed by
`params[2]` playouts of `params[3]` turns with greedy players, scored by the game result or,
when unfinished, by the cemetery-HP race.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wardsim.kernel.bots import policies
from wardsim.kernel.bots.enums import PolicyId
from wardsim.kernel.enums import N_FIGHTER_COLS
from wardsim.kernel.game import play, rewind
from wardsim.kernel.game.enums import N_GLOB_COLS, N_INST_COLS, N_PLAYER_COLS, Event, GlobCol, InstCol, Phase, RecordCol
from wardsim.kernel.game.scratch import local_array, local_matrix, local_words
from wardsim.kernel.game.state import DECK_SIZE, N_INST, cemetery_hp_nb, copy_state_nb
from wardsim.kernel.game.trace import TRACE_WIDTH, record_nb
from wardsim.kernel.rng import RNG_WORDS, next_u64_nb, seed_rng_nb

G = GlobCol
MAX_ACTIONS = 256
MAX_STEPS_PER_TURN = 96  # a guard: a policy that never ends its phase is made to


@njit(cache=True, _nrt=False)
def _choose(policy, params, cards, effects, inst, fighters, players, glob, decks, actions, n, rng, duel_table):
    """The active player's choice: its policy, or the search for `rollout`."""
    p = glob[G.active]
    if policy[p] == PolicyId.rollout:
        return rollout_nb(
            cards, effects, inst, fighters, players, glob, decks, actions, n, policy, params, rng, duel_table
        )
    return policies.choose_base_nb(
        policy[p], params[p], cards, effects, inst, fighters, players, glob, actions, n, rng, duel_table
    )


@njit(cache=True, _nrt=False)
def play_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table):
    """One turn of the active player, decided by the policies."""
    # the turn's start, for Hourglass of Time (kernel.game.rewind), when a deck holds one
    s_inst = local_matrix(N_INST, N_INST_COLS)
    s_fighters = local_matrix(N_INST, N_FIGHTER_COLS)
    s_players = local_matrix(2, N_PLAYER_COLS)
    s_glob = local_array(N_GLOB_COLS)
    s_decks = local_matrix(2, DECK_SIZE)
    rewinds = glob[G.rewind_cards] > 0
    if rewinds:
        copy_state_nb(inst, fighters, players, glob, decks, s_inst, s_fighters, s_players, s_glob, s_decks)
    play.begin_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    actions = local_array(MAX_ACTIONS)
    steps = 0
    while glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
        n = play.legal_actions_nb(cards, effects, inst, fighters, players, glob, actions)
        steps += 1
        if steps > MAX_STEPS_PER_TURN:
            k = 0
        else:
            k = _choose(
                policy, params, cards, effects, inst, fighters, players, glob, decks, actions, n, rng, duel_table
            )
        play.apply_action_nb(
            cards, effects, inst, fighters, players, glob, decks, actions[k], policy, params, rng, script, trace
        )
        if rewinds and rewind.try_rewind_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            s_inst,
            s_fighters,
            s_players,
            s_glob,
            s_decks,
            policy,
            params,
            rng,
            script,
            trace,
        ):
            # the spent Hourglass stays spent should another one reset the turn again
            copy_state_nb(inst, fighters, players, glob, decks, s_inst, s_fighters, s_players, s_glob, s_decks)
            play.begin_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    play.end_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)


@njit(cache=True, _nrt=False)
def play_game_nb(
    cards, effects, inst, fighters, players, glob, decks, policy, params, seed, index, rng, script, trace, duel_table
):
    """Play game `index` of `seed` to the end; returns the winner (0, 1; 2 = draw)."""
    play.setup_nb(cards, effects, inst, fighters, players, glob, decks, seed, index, rng, script, trace)
    while glob[G.winner] < 0:
        play_turn_nb(
            cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table
        )
    record_nb(trace, glob, glob[G.active], Event.game_end, glob[G.winner], glob[G.end_reason], 0)
    return glob[G.winner]


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
    return 0.5 + 0.5 * (theirs - mine) / max(glob[G.threshold], 1)


@njit(cache=True, _nrt=False)
def rollout_nb(cards, effects, inst, fighters, players, glob, decks, actions, n, policy, params, rng, duel_table):
    """Flat Monte Carlo: try each legal action, play on with greedy players, keep the best."""
    me = glob[G.active]
    if n <= 1:
        return 0
    playouts = max(int(params[me, 2]), 1)
    horizon = max(int(params[me, 3]), 1)
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


# ------------------------------------------------------------------ batches


@njit(cache=True)
def _play_one(
    cards, effects, deck_a, deck_b, policy, params, seed, index, threshold, max_turns, duel_table, record, seen
):
    """Play one game with fresh state; fill its record row and its seen row (60 flags)."""
    inst = np.full((N_INST, N_INST_COLS), -1, dtype=np.int64)
    inst[:DECK_SIZE, InstCol.card] = deck_a
    inst[DECK_SIZE:, InstCol.card] = deck_b
    fighters = np.zeros((N_INST, N_FIGHTER_COLS), dtype=np.int64)
    players = np.zeros((2, N_PLAYER_COLS), dtype=np.int64)
    glob = np.zeros(N_GLOB_COLS, dtype=np.int64)
    decks = np.zeros((2, DECK_SIZE), dtype=np.int64)
    rng = np.zeros(RNG_WORDS, dtype=np.uint64)
    no_script = np.zeros(0, dtype=np.int64)
    no_trace = np.zeros((0, TRACE_WIDTH), dtype=np.int64)
    glob[G.threshold] = threshold
    glob[G.max_turns] = max_turns
    play_game_nb(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        decks,
        policy,
        params,
        np.uint64(seed),
        np.uint64(index),
        rng,
        no_script,
        no_trace,
        duel_table,
    )
    record[RecordCol.winner] = glob[G.winner]
    record[RecordCol.first_player] = glob[G.first]
    record[RecordCol.turns] = glob[G.turn]
    record[RecordCol.end_reason] = glob[G.end_reason]
    record[RecordCol.cemetery_a] = cemetery_hp_nb(cards, inst, players, 0)
    record[RecordCol.cemetery_b] = cemetery_hp_nb(cards, inst, players, 1)
    for i in range(N_INST):
        seen[i] = inst[i, InstCol.seen]


@njit(cache=True)
def play_games_nb(
    cards,
    effects,
    deck_a,
    deck_b,
    policy,
    params,
    seed,
    first_index,
    n_games,
    threshold,
    max_turns,
    duel_table,
    records,
    seen,
):
    """Games first_index .. first_index + n_games - 1 (records and seen rows 0 .. n_games - 1).
    Each game seeds its own generator from (seed, index), so any split of a run into chunks
    and processes gives the same games."""
    for g in range(n_games):
        _play_one(
            cards,
            effects,
            deck_a,
            deck_b,
            policy,
            params,
            seed,
            first_index + g,
            threshold,
            max_turns,
            duel_table,
            records[g],
            seen[g],
        )


def new_game_arrays(
    cards: np.ndarray, deck_a: np.ndarray, deck_b: np.ndarray, threshold: int = 300, max_turns: int = 200
):
    """Fresh state arrays for one game (for tests and replays)."""
    inst = np.full((N_INST, N_INST_COLS), -1, dtype=np.int64)
    inst[:DECK_SIZE, InstCol.card] = deck_a
    inst[DECK_SIZE:, InstCol.card] = deck_b
    glob = np.zeros(N_GLOB_COLS, dtype=np.int64)
    glob[G.threshold] = threshold
    glob[G.max_turns] = max_turns
    return (
        inst,
        np.zeros((N_INST, N_FIGHTER_COLS), dtype=np.int64),
        np.zeros((2, N_PLAYER_COLS), dtype=np.int64),
        glob,
        np.zeros((2, DECK_SIZE), dtype=np.int64),
    )
