"""The game invariants of `tests/test_game_invariants.py` as a kernel, for fuzzing a million games.

`play_checked_games_nb` plays games step by step exactly as `kernel.game.match.play_turn_nb`
drives them and checks the state after every step (`check_state_nb`, the checks of
`test_game_invariants.check_state` that need no event trace) and the result at the end
(`check_result_nb`, those of `check_result`). It fills the games' records, so that the caller
can compare them with `play_games_nb`'s: the checked games are the games a run plays.

Each broken invariant has a code (`INVARIANTS`); a game stops being checked at its first.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from wardsim.battle import duel_matrix
from wardsim.catalog import default_catalog
from wardsim.kernel.bots import search
from wardsim.kernel.enums import N_FIGHTER_COLS, CardCol, CardType, FighterCol
from wardsim.kernel.game import play
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    N_GLOB_COLS,
    N_INST_COLS,
    N_PLAYER_COLS,
    N_RECORD_COLS,
    EndReason,
    GlobCol,
    InstCol,
    InstZone,
    Phase,
    PlayerCol,
    RecordCol,
)
from wardsim.kernel.game.field import counts_as_magic_off_field_nb
from wardsim.kernel.game.match import _new_game_nb, _one_against_one_nb, play_games_nb
from wardsim.kernel.game.play import MAX_STEPS_PER_TURN
from wardsim.kernel.game.state import cemetery_hp_nb, copy_state_nb
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.rng import RNG_WORDS
from wardsim.policies import needs_duel_table, policy_arrays
from wardsim.rules import DECK_SIZE, Rules

# code -> what it says holds (0 is "nothing broken")
INVARIANTS = {
    1: "every card is in a settled zone (none left resolving)",
    2: "the deck stacks hold exactly the cards in the deck zone, each once, each its owner's",
    3: "each player owns 30 cards (only the Stone Golem and a creature that Soul Eater sends to its "
    "controller's cemetery change sides)",
    4: "a player's primary creature is the one creature in its primary zone",
    5: "from the second turn on, an unfinished game has both primary creatures",
    6: "a Limited Summon keeps its anchor on the field",
    7: "a card under a creature has that creature on the field (while the game goes on)",
    8: "an equip card is attached to a creature on the field",
    9: "no creature on the field has negative HP",
    10: "an unfinished game has no primary creature at 0 HP",
    11: "cemetery HP is never below 0, and is the printed HP of the creature cards there plus 50 per "
    "destroyed Flame, less what Reduce the Burden took off, plus what cards lying there add "
    "(Enlightened Soul: -40, never below 0)",
    12: "the result agrees with the end reason (winner, turn cap, cemetery, last card)",
    13: "the game checked step by step is the game play_games_nb plays",
}
STATE_CHECKS = 11  # invariants 1-11, after every step
G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol


@njit(cache=True)
def check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater):
    """0, or the code of the first invariant the state breaks (see INVARIANTS)."""
    for i in range(inst.shape[0]):
        if inst[i, I.zone] < InstZone.deck or inst[i, I.zone] > InstZone.under:
            return 1
    stacked = np.zeros(inst.shape[0], dtype=np.bool_)
    n_stacked = 0
    for p in range(players.shape[0]):
        for k in range(players[p, P.deck_n]):
            i = decks[p, k]
            if i < 0 or i >= inst.shape[0] or stacked[i] or inst[i, I.zone] != InstZone.deck or inst[i, I.owner] != p:
                return 2
            stacked[i] = True
            n_stacked += 1
    in_deck = 0
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.deck:
            in_deck += 1
    if in_deck != n_stacked:
        return 2
    # Soul Eater sends a Limited Summon to the cemetery of the player that controls it, whose
    # card it is from then on (ruling soul-eater): a creature card, in a game with a Soul Eater
    with_eater = False
    for i in range(inst.shape[0]):
        if inst[i, I.card] == eater:
            with_eater = True
    for i in range(inst.shape[0]):
        if inst[i, I.owner] != i // DECK_SIZE and inst[i, I.card] != golem:
            if not (with_eater and cards[inst[i, I.card], CardCol.card_type] == CardType.creature):
                return 3
    for p in range(players.shape[0]):
        primary = players[p, P.primary]
        found = 0
        for i in range(inst.shape[0]):
            if inst[i, I.zone] == InstZone.primary and inst[i, I.controller] == p:
                found += 1
                if i != primary:
                    return 4
        if found != (1 if primary >= 0 else 0):
            return 4
        if glob[G.winner] < 0 and glob[G.turn] >= glob[G.cycle] and primary < 0:
            return 5
    for i in range(inst.shape[0]):
        zone = inst[i, I.zone]
        if zone == InstZone.limited:
            anchor = inst[i, I.anchor]
            a_zone = inst[anchor, I.zone]
            if anchor != i and a_zone != InstZone.primary and a_zone != InstZone.limited and a_zone != InstZone.magic:
                return 6
        elif zone == InstZone.under and glob[G.winner] < 0:
            # a game can end in the middle of a summon, its sacrifices under a creature still in hand
            a_zone = inst[inst[i, I.anchor], I.zone]
            if a_zone != InstZone.primary and a_zone != InstZone.limited:
                return 7
        elif zone == InstZone.magic and inst[i, I.attached_to] >= 0:
            a_zone = inst[inst[i, I.attached_to], I.zone]
            if a_zone != InstZone.primary and a_zone != InstZone.limited:
                return 8
        if (zone == InstZone.primary or zone == InstZone.limited) and fighters[i, FighterCol.hp] < 0:
            return 9
        if zone == InstZone.primary and glob[G.winner] < 0 and fighters[i, FighterCol.hp] <= 0:
            return 10
    for p in range(players.shape[0]):
        printed = 0
        change = 0
        for i in range(inst.shape[0]):
            card = inst[i, I.card]
            if inst[i, I.zone] == InstZone.cemetery and inst[i, I.owner] == p:
                change += cards[card, CardCol.cemetery_hp]
                if cards[card, CardCol.card_type] == CardType.creature and magic_off[card] == 0:
                    printed += cards[card, CardCol.hp]
        total = cemetery_hp_nb(cards, inst, players, p)
        if total < 0:
            return 11
        if change < 0 and total == 0:
            continue  # the cards' reduction took it to 0: the rest is hidden
        bonus = total - printed + players[p, P.cemetery_reduced] - change
        if bonus < 0 or bonus % 50 != 0:
            return 11
    return 0


@njit(cache=True)
def check_result_nb(cards, inst, players, glob):
    """0, or 12 when the result disagrees with the end reason."""
    winner, reason = glob[G.winner], glob[G.end_reason]
    if winner < 0 or winner > 2 or glob[G.turn] > glob[G.max_turns]:
        return 12
    if reason == EndReason.turn_cap:
        return 0 if winner == 2 and glob[G.turn] == glob[G.max_turns] else 12
    if reason == EndReason.both_lost:
        return 0 if winner == 2 else 12
    if reason == EndReason.cemetery:
        return (
            0 if winner < 2 and cemetery_hp_nb(cards, inst, players, 1 - winner) >= glob[G.cemetery_threshold] else 12
        )
    if reason == EndReason.returned_alone:
        if winner == 2:
            return 12
        left = 0
        for i in range(inst.shape[0]):
            zone = inst[i, I.zone]
            if inst[i, I.owner] == 1 - winner and (zone == InstZone.hand or zone == InstZone.deck):
                left += 1
        return 0 if left == 1 else 12
    return 0 if reason == EndReason.no_creature and winner < 2 else 12


@njit(cache=True)
def play_checked_games_nb(
    cards,
    effects,
    deck_a,
    deck_b,
    policy,
    params,
    seed,
    first,
    n_games,
    rules,
    duel_table,
    magic_off,
    golem,
    eater,
    out,
):
    """Play games first .. first + n_games - 1 step by step, checking every state.

    out : ndarray(int64, shape=(n_games, 8))
        Per game: the record columns (RecordCol), the first broken invariant's code (0: none)
        and the number of states checked.
    """
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    script = np.zeros(0, dtype=np.int64)
    trace = np.zeros((0, TRACE_WIDTH), dtype=np.int64)
    rng = np.zeros(RNG_WORDS, dtype=np.uint64)
    seat_decks, teams = _one_against_one_nb(deck_a, deck_b)
    seats = seat_decks.shape[0]
    s_inst = np.empty((seats * DECK_SIZE, N_INST_COLS), dtype=np.int64)
    s_fighters = np.empty((seats * DECK_SIZE, N_FIGHTER_COLS), dtype=np.int64)
    s_players = np.empty((seats, N_PLAYER_COLS), dtype=np.int64)
    s_glob = np.empty(N_GLOB_COLS, dtype=np.int64)
    s_decks = np.empty((seats, DECK_SIZE), dtype=np.int64)
    for g in range(n_games):
        inst, fighters, players, glob, decks = _new_game_nb(seat_decks, teams, rules, 0, -1)
        play.setup_nb(
            cards, effects, inst, fighters, players, glob, decks, seed, np.uint64(first + g), rng, script, trace
        )
        code = check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater)
        checked = 1
        while code == 0 and glob[G.winner] < 0:
            # kernel.game.match.play_turn_nb, with a check after every step
            rewinds = glob[G.rewind_cards] > 0
            if rewinds:
                copy_state_nb(inst, fighters, players, glob, decks, s_inst, s_fighters, s_players, s_glob, s_decks)
            play.begin_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
            code = check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater)
            checked += 1
            steps = 0
            while code == 0 and glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
                n = play.legal_actions_nb(cards, effects, inst, fighters, players, glob, actions)
                steps += 1
                k = 0
                if steps <= MAX_STEPS_PER_TURN:
                    k = search.choose_action_nb(
                        policy,
                        params,
                        cards,
                        effects,
                        inst,
                        fighters,
                        players,
                        glob,
                        decks,
                        actions,
                        n,
                        rng,
                        duel_table,
                    )
                play.apply_action_nb(
                    cards, effects, inst, fighters, players, glob, decks, actions[k], policy, params, rng, script, trace
                )
                code = check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater)
                checked += 1
                if code == 0 and rewinds:
                    if play.offer_rewind_nb(
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
                        copy_state_nb(
                            inst, fighters, players, glob, decks, s_inst, s_fighters, s_players, s_glob, s_decks
                        )
                        play.begin_turn_nb(
                            cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace
                        )
                        code = check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater)
                        checked += 1
            if code == 0:
                play.end_turn_nb(
                    cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace
                )
                code = check_state_nb(cards, inst, fighters, players, glob, decks, magic_off, golem, eater)
                checked += 1
        if code == 0:
            code = check_result_nb(cards, inst, players, glob)
        out[g, RecordCol.winner] = glob[G.winner]
        out[g, RecordCol.first_player] = glob[G.first]
        out[g, RecordCol.turns] = glob[G.turn]
        out[g, RecordCol.end_reason] = glob[G.end_reason]
        out[g, RecordCol.cemetery_a] = cemetery_hp_nb(cards, inst, players, 0)
        out[g, RecordCol.cemetery_b] = cemetery_hp_nb(cards, inst, players, 1)
        out[g, 6] = code
        out[g, 7] = checked


RULES = [Rules(), Rules(dot_stacking=True), Rules(cemetery_threshold=200, max_turns=60, hand_limit=6, opening_hand=4)]
_TABLES: dict[str, Any] = {}  # each worker process builds its tables once


def sampled_duel_table(creatures: list[int]) -> np.ndarray:
    """P(row creature beats column creature) for these creatures (catalog rows), by catalog row,
    from 200 sampled duels a pair: the heuristic policy reads it (its values steer the play, any
    probabilities keep it legal, and sampling takes a second where the exact odds take minutes)."""
    catalog = default_catalog()
    names = [catalog.cards[c].name for c in creatures]
    table = np.full((len(catalog), len(catalog)), -1.0)
    table[np.ix_(creatures, creatures)] = duel_matrix(names, exact=False, games=200, seed=1).to_numpy()
    return table


def _tables(creatures: tuple[int, ...]) -> dict[str, Any]:
    if _TABLES.get("creatures") != creatures:
        catalog = default_catalog()
        effects = catalog.tables().effects
        _TABLES.update(
            creatures=creatures,
            cards=catalog.tables().cards,
            effects=[rules.effects_table(effects) for rules in RULES],
            rules=[rules.to_array() for rules in RULES],
            duel_table=sampled_duel_table(list(creatures)),
            # creature cards that are magic cards off the field: their HP never counts (The Squire,
            # Gremlin, Shard Titan)
            magic_off=np.array(
                [counts_as_magic_off_field_nb(catalog.tables().cards, effects, k) for k in range(len(catalog))],
                dtype=np.int64,
            ),
            golem=catalog.index("Stone Golem"),
            eater=catalog.index("Soul Eater"),
        )
    return _TABLES


def play_checked_pairings(creatures: tuple[int, ...], pairings: list[tuple]) -> np.ndarray:
    """Worker of the fuzz: each pairing is (deck_a, deck_b, policy_a, policy_b, seed, games,
    rules: an index of RULES, compare); `creatures` are those the heuristic's duel table covers.
    Returns the rows of `play_checked_games_nb` for all their games; where `compare`, the games
    are played again by play_games_nb, and one it plays otherwise gets 13 in its code column."""
    t = _tables(creatures)
    no_table = np.zeros((0, 0))
    rows = []
    for deck_a, deck_b, policy_a, policy_b, seed, games, r, compare in pairings:
        policy, params = policy_arrays(policy_a, policy_b)
        duel_table = t["duel_table"] if needs_duel_table(policy_a, policy_b) else no_table
        args = (t["cards"], t["effects"][r], deck_a, deck_b, policy, params, np.uint64(seed), 0, games, t["rules"][r])
        out = np.zeros((games, 8), dtype=np.int64)
        play_checked_games_nb(*args, duel_table, t["magic_off"], t["golem"], t["eater"], out)
        if compare:
            records = np.zeros((games, N_RECORD_COLS), dtype=np.int64)
            play_games_nb(*args, duel_table, records, np.zeros((games, 2 * DECK_SIZE), dtype=np.int64))
            other = (records != out[:, :N_RECORD_COLS]).any(axis=1) & (out[:, 6] == 0)
            out[other, 6] = 13
        rows.append(out)
    return np.concatenate(rows)
