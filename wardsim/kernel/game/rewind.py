"""Hourglass of Time: the snapshot of a turn's start, and the reset that goes back to it (numba).

The card is a Lightning card a player may play at any time; it resets the turn under way,
undoing everything that happened in it. When a deck holds the card, the turn loop
(`kernel.game.match`) copies the whole state before each turn (`state.copy_state_nb`) and after
every action offers each holder the reset (`play.offer_rewind_nb` calls `try_rewind_nb`, and
settles the deaths of an answered reset). It is played through the response chain like any
magic card, so a negation answers it; if it resolves, every array goes back to the snapshot,
the Hourglass goes to the cemetery it cannot leave, and the turn is played again from its
draw phase. The dice are not rewound: the turn is played again with fresh rolls. The reset is
offered between actions, not in the middle of one, and not once the game is over; the
playouts of the `search` policy do not play it.
"""

from __future__ import annotations

from wardsim.kernel.bots import choice
from wardsim.kernel.enums import Action, Trigger
from wardsim.kernel.game import magic
from wardsim.kernel.game.enums import NO_OPTION, ChoiceKind, Event, GlobCol, InstCol, InstZone, PlayerCol
from wardsim.kernel.game.field import (
    find_row_nb,
    lightning_barred_nb,
    magic_barred_nb,
    pay_magic_toll_nb,
    rarity_barred_nb,
    to_cemetery_nb,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import cemetery_hp_nb, copy_state_nb, opponent_nb, remove_from_deck_nb
from wardsim.kernel.game.trace import note_play_nb, record_nb
from wardsim.kernel.jit import njit

G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol


@njit(cache=True, _nrt=False)
def any_rewind_card_nb(cards, effects, inst):
    """Does either deck hold a card that resets the turn? (Only then is a snapshot kept.)"""
    for i in range(inst.shape[0]):
        if find_row_nb(cards, effects, inst[i, I.card], Trigger.response_any, Action.reset_turn) >= 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _hourglass_in_hand(cards, effects, inst, fighters, players, glob, q):
    """A Hourglass of Time that q may play now, or -1."""
    if magic_barred_nb(cards, effects, inst, fighters, players, glob, q) or lightning_barred_nb(
        cards, effects, inst, fighters, players, glob, q
    ):
        return -1  # the Hourglass is a Lightning card (Time Melt, Time Weaver)
    for i in range(inst.shape[0]):
        if (
            inst[i, I.zone] == InstZone.hand
            and inst[i, I.owner] == q
            and find_row_nb(cards, effects, inst[i, I.card], Trigger.response_any, Action.reset_turn) >= 0
            and not rarity_barred_nb(cards, players, glob, inst[i, I.card])
        ):
            return i
    return -1


@njit(cache=True, _nrt=False)
def try_rewind_nb(
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
    """After an action: each player holding a Hourglass of Time (those whose turn it is not
    first, from the seat after the active one) may play it; True if the turn was reset to the
    snapshot `s_*` of its start."""
    a = glob[G.active]
    seats = players.shape[0]
    options = local_array(2)
    facts = local_array(2)
    for side in range(1, seats + 1):
        q = (a + side) % seats
        if glob[G.winner] >= 0:
            return False
        h = _hourglass_in_hand(cards, effects, inst, fighters, players, glob, q)
        if h < 0:
            continue
        # pass, or play it; the fact: what the turn so far has cost q more than the opponent
        o = opponent_nb(players, glob, q)
        options[0], options[1] = NO_OPTION, h
        facts[0] = 0
        facts[1] = (cemetery_hp_nb(cards, inst, players, q) - cemetery_hp_nb(cards, s_inst, s_players, q)) - (
            cemetery_hp_nb(cards, inst, players, o) - cemetery_hp_nb(cards, s_inst, s_players, o)
        )
        k = choice.decide_nb(
            ChoiceKind.rewind,
            q,
            -1,
            options,
            facts,
            2,
            policy,
            params,
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            rng,
        )
        if options[k] < 0:
            continue
        glob[G.rewind] = 0
        magic.play_magic_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            q,
            h,
            magic.MagicTarget.none,
            policy,
            params,
            rng,
            script,
            trace,
        )
        if glob[G.rewind] == 0 or glob[G.winner] >= 0:
            continue  # negated: the turn stands
        # everything of the turn is undone; the count of the trace, of the decisions taken and of
        # the zone moves (the order cards arrive in) go on
        trace_n, actions, arrivals = glob[G.trace_n], glob[G.actions], glob[G.arrivals]
        copy_state_nb(s_inst, s_fighters, s_players, s_glob, s_decks, inst, fighters, players, glob, decks)
        glob[G.trace_n], glob[G.actions], glob[G.arrivals] = trace_n, actions, arrivals
        # the Hourglass is spent all the same (from the deck, if it was drawn in this turn)
        if inst[h, I.zone] == InstZone.deck:
            remove_from_deck_nb(decks, players, h)
        note_play_nb(inst, h)
        to_cemetery_nb(cards, effects, inst, players, glob, h, trace)
        pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, q, trace)  # Old Logging Road
        record_nb(trace, glob, q, Event.rewind, h, inst[h, I.card], 0)
        return True
    return False
