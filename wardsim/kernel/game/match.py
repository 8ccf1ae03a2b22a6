"""Playing whole games: the turn loop and batches of games (numba).

`play_game_nb` plays game `index` of `seed` from setup to the end with the seats' policies
and writes what the analytics need: the result record and, per deck slot, whether the card
was in the opening hand, drawn and played. A game's seats come as one (S, 30) array of deck
lists with their teams (`new_seats_arrays`); the 1v1 entry points take deck A and deck B.
Every die of a game comes from its own generator, seeded from (seed, index) alone, so a batch
gives the same games for any number of threads or chunking (DESIGN.md, Random numbers), and
game k can be replayed alone.

At every decision the turn loop asks `kernel.bots.search.choose_action_nb`, which dispatches
to the player's policy.
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.bots import search
from wardsim.kernel.enums import N_FIGHTER_COLS
from wardsim.kernel.game import play
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    N_GLOB_COLS,
    N_INST_COLS,
    N_PLAYER_COLS,
    Event,
    GlobCol,
    InstCol,
    PlayerCol,
    RecordCol,
    TablePlayerCol,
)
from wardsim.kernel.game.play import MAX_STEPS_PER_TURN
from wardsim.kernel.game.scratch import local_array, local_matrix
from wardsim.kernel.game.state import MAX_INST, MAX_SEATS, apply_rules_nb, cemetery_hp_nb, copy_state_nb, randint_nb
from wardsim.kernel.game.trace import TRACE_WIDTH, record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import RNG_WORDS, seed_rng_nb
from wardsim.rules import DECK_SIZE

G = GlobCol
SEATING_STREAM = np.uint64(1 << 63)  # games' seating draws: (seed, index + 2**63), apart from their dice


@njit(cache=True, _nrt=False)
def play_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table):
    """One turn of the active player, decided by the policies."""
    # the turn's start, for Hourglass of Time (kernel.game.rewind), when a deck holds one
    # (as large as this game's state: the stack arrays fit the most seats)
    s_inst = local_matrix(MAX_INST, N_INST_COLS)[: inst.shape[0]]
    s_fighters = local_matrix(MAX_INST, N_FIGHTER_COLS)[: fighters.shape[0]]
    s_players = local_matrix(MAX_SEATS, N_PLAYER_COLS)[: players.shape[0]]
    s_glob = local_array(N_GLOB_COLS)
    s_decks = local_matrix(MAX_SEATS, DECK_SIZE)[: decks.shape[0]]
    rewinds = glob[G.rewind_cards] > 0
    if rewinds:
        copy_state_nb(inst, fighters, players, glob, decks, s_inst, s_fighters, s_players, s_glob, s_decks)
    play.begin_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    play.retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
    actions = local_array(MAX_ACTIONS)
    steps = 0
    active = glob[G.active]
    while play.turn_goes_on_nb(players, glob, active):
        n = play.legal_actions_nb(cards, effects, inst, fighters, players, glob, actions)
        steps += 1
        if steps > MAX_STEPS_PER_TURN:
            k = 0
        else:
            k = search.choose_action_nb(
                policy, params, cards, effects, inst, fighters, players, glob, decks, actions, n, rng, duel_table
            )
        play.apply_action_nb(
            cards, effects, inst, fighters, players, glob, decks, actions[k], policy, params, rng, script, trace
        )
        play.retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
        if rewinds and play.offer_rewind_nb(
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
    """Play game `index` of `seed` to the end; returns the winning team (1v1: 0, 1; the number
    of teams for a draw)."""
    play.setup_nb(cards, effects, inst, fighters, players, glob, decks, seed, index, rng, script, trace)
    while glob[G.winner] < 0:
        play_turn_nb(
            cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace, duel_table
        )
    record_nb(trace, glob, glob[G.active], Event.game_end, glob[G.winner], glob[G.end_reason], 0)
    return glob[G.winner]


# ------------------------------------------------------------------ batches


@njit(cache=True)
def _play_one(cards, effects, seat_decks, teams, policy, params, seed, index, rules, duel_table, record, seen):
    """Play one game with fresh state; fill its record row and its seen row (one flag word per
    instance)."""
    inst, fighters, players, glob, decks = _new_game_nb(seat_decks, teams, rules, 0, -1)
    _play_state(cards, effects, inst, fighters, players, glob, decks, policy, params, seed, index, duel_table)
    _write_record(cards, inst, players, glob, record, seen)


@njit(cache=True)
def _play_state(cards, effects, inst, fighters, players, glob, decks, policy, params, seed, index, duel_table):
    """Play game `index` of `seed` on fresh state arrays, untraced."""
    rng = np.zeros(RNG_WORDS, dtype=np.uint64)
    no_script = np.zeros(0, dtype=np.int64)
    no_trace = np.zeros((0, TRACE_WIDTH), dtype=np.int64)
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


@njit(cache=True)
def _write_record(cards, inst, players, glob, record, seen):
    """A played game's record row, and its seen row (one flag word per instance)."""
    record[RecordCol.winner] = glob[G.winner]
    record[RecordCol.first_player] = glob[G.first]
    record[RecordCol.turns] = glob[G.turn]
    record[RecordCol.end_reason] = glob[G.end_reason]
    record[RecordCol.cemetery_a] = cemetery_hp_nb(cards, inst, players, 0)
    record[RecordCol.cemetery_b] = cemetery_hp_nb(cards, inst, players, 1)
    for i in range(inst.shape[0]):
        seen[i] = inst[i, InstCol.seen]


@njit(cache=True)
def play_games_nb(
    cards, effects, deck_a, deck_b, policy, params, seed, first_index, n_games, rules, duel_table, records, seen
):
    """Games first_index .. first_index + n_games - 1 (records and seen rows 0 .. n_games - 1),
    deck A's seat against deck B's, under the compiled `rules` (`wardsim.rules.Rules.to_array()`).
    Each game seeds its own generator from (seed, index), so any split of a run into chunks and
    processes gives the same games."""
    seat_decks, teams = _one_against_one_nb(deck_a, deck_b)
    for g in range(n_games):
        _play_one(
            cards,
            effects,
            seat_decks,
            teams,
            policy,
            params,
            seed,
            first_index + g,
            rules,
            duel_table,
            records[g],
            seen[g],
        )


@njit(cache=True)
def play_table_games_nb(
    cards,
    effects,
    decks,
    teams,
    rounds,
    boss,
    policy,
    params,
    seed,
    first_index,
    n_games,
    rules,
    duel_table,
    records,
    players_out,
):
    """Games first_index .. first_index + n_games - 1 between the S players whose deck lists are
    the rows of `decks` (S, 30), player k in team `teams[k]` with policy `policy[k]` and
    `params[k]`; `rounds` > 0 plays an AL Ladder of that many rounds (kernel.game.rounds), and
    `boss` >= 0 a Boss Battle in which player `boss` is the boss (kernel.game.boss). Each
    game seats the players at random, from the game's own seating stream (seed, index + 2**63),
    so no player keeps a seat's advantage or its neighbours. Fills
    `records` (n_games, RecordCol: the winning team, or the number of teams for a draw; the
    first player's seat) and `players_out` (n_games, S, TablePlayerCol) per player."""
    s = decks.shape[0]
    seat_decks = np.empty((s, DECK_SIZE), dtype=np.int64)
    seat_teams = np.empty(s, dtype=np.int64)
    seat_policy = np.empty(s, dtype=np.int64)
    seat_params = np.empty(params.shape, dtype=params.dtype)
    seat_of = np.empty(s, dtype=np.int64)
    seen = np.zeros(s * DECK_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_WORDS, dtype=np.uint64)
    for g in range(n_games):
        index = first_index + g
        seat_players_nb(seed, index, seat_of, rng)
        for k in range(s):
            q = seat_of[k]
            seat_decks[q, :] = decks[k]
            seat_teams[q] = teams[k]
            seat_policy[q] = policy[k]
            seat_params[q, :] = params[k]
        inst, fighters, players, glob, state_decks = _new_game_nb(
            seat_decks, seat_teams, rules, rounds, seat_of[boss] if boss >= 0 else -1
        )
        _play_state(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            state_decks,
            seat_policy,
            seat_params,
            seed,
            index,
            duel_table,
        )
        _write_record(cards, inst, players, glob, records[g], seen)
        for k in range(s):
            q = seat_of[k]
            out = players_out[g, k]
            out[TablePlayerCol.seat] = q
            out[TablePlayerCol.first_turn] = players[q, PlayerCol.first_turn]
            out[TablePlayerCol.cemetery] = cemetery_hp_nb(cards, inst, players, q)
            out[TablePlayerCol.out_turn] = players[q, PlayerCol.out_turn]
            out[TablePlayerCol.points] = players[q, PlayerCol.points]
            out[TablePlayerCol.boss_damage] = players[q, PlayerCol.boss_damage]


@njit(cache=True, _nrt=False)
def seat_players_nb(seed, index, seat_of, rng):
    """Game `index`'s seating: `seat_of[k]` is player k's seat, a random permutation from the
    game's seating stream (seed, index + 2**63), apart from its dice."""
    seed_rng_nb(rng, np.uint64(seed), np.uint64(index) | SEATING_STREAM)
    for k in range(seat_of.shape[0]):
        seat_of[k] = k
    for k in range(seat_of.shape[0] - 1, 0, -1):
        j = randint_nb(rng, k + 1)
        seat_of[k], seat_of[j] = seat_of[j], seat_of[k]


def table_seats(seed: int, index: int, players: int) -> np.ndarray:
    """Player k's seat in game `index` of `seed` (`seat_players_nb`), for replays."""
    seat_of = np.zeros(players, dtype=np.int64)
    seat_players_nb(np.uint64(seed), np.uint64(index), seat_of, np.zeros(RNG_WORDS, dtype=np.uint64))
    return seat_of


@njit(cache=True)
def _one_against_one_nb(deck_a, deck_b):
    """The seats' decks (2, 30) and teams of a 1v1 game: deck A in seat 0, deck B in seat 1,
    each its own team."""
    seat_decks = np.empty((2, DECK_SIZE), dtype=np.int64)
    seat_decks[0, :] = deck_a
    seat_decks[1, :] = deck_b
    teams = np.arange(2, dtype=np.int64)
    return seat_decks, teams


@njit(cache=True)
def _new_game_nb(seat_decks, teams, rules, rounds, boss):
    """Fresh state arrays of a game between `seat_decks.shape[0]` seats: seat p's deck list
    (catalog rows) gives instances 30p .. 30p+29, and it plays in team `teams[p]`; `rounds` > 0:
    an AL Ladder of that many rounds; `boss` >= 0: a Boss Battle against that seat, whose deck
    list is the boss and its deck (kernel.game.boss)."""
    seats = seat_decks.shape[0]
    inst = np.full((seats * DECK_SIZE, N_INST_COLS), -1, dtype=np.int64)
    players = np.zeros((seats, N_PLAYER_COLS), dtype=np.int64)
    for p in range(seats):
        inst[p * DECK_SIZE : (p + 1) * DECK_SIZE, InstCol.card] = seat_decks[p]
        players[p, PlayerCol.team] = teams[p]
    glob = np.zeros(N_GLOB_COLS, dtype=np.int64)
    apply_rules_nb(glob, rules)
    glob[G.rounds] = rounds
    glob[G.boss] = boss
    return (
        inst,
        np.zeros((seats * DECK_SIZE, N_FIGHTER_COLS), dtype=np.int64),
        players,
        glob,
        np.zeros((seats, DECK_SIZE), dtype=np.int64),
    )


def new_seats_arrays(seat_decks: np.ndarray, teams: np.ndarray, rules: np.ndarray, rounds: int = 0, boss: int = -1):
    """Fresh state arrays (inst, fighters, players, glob, decks) of one game between the seats
    whose deck lists (catalog rows) are the rows of `seat_decks` (S, 30), seat p in team
    `teams[p]`, under the compiled `rules`; `rounds` > 0: an AL Ladder of that many rounds;
    `boss` >= 0: a Boss Battle against that seat."""
    return _new_game_nb(
        np.asarray(seat_decks, dtype=np.int64),
        np.asarray(teams, dtype=np.int64),
        rules,
        np.int64(rounds),
        np.int64(boss),
    )


def new_game_arrays(deck_a: np.ndarray, deck_b: np.ndarray, rules: np.ndarray):
    """Fresh state arrays (inst, fighters, players, glob, decks) of one game between two decks
    (catalog rows, 30 each) under the compiled `rules` (for tests and replays)."""
    seat_decks, teams = _one_against_one_nb(np.asarray(deck_a, dtype=np.int64), np.asarray(deck_b, dtype=np.int64))
    return _new_game_nb(seat_decks, teams, rules, 0, -1)
