"""The event trace: a compact int log of a game, decoded into a replay by `wardsim.replay`.

A trace is an int64 array of shape (capacity, 6): turn, player, event, a, b, c. Kernels write
to it through `record_nb` only when it has rows (capacity 0 = no trace, no cost). The meaning
of a, b and c per event is in the `Event` comments; `wardsim.replay` owns the words.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from wardsim.kernel.state import GlobCol

TRACE_WIDTH = 6
NO_TRACE = np.zeros((0, TRACE_WIDTH), dtype=np.int64)


class EventT(NamedTuple):
    first_player: int = 0  # a, b = the two roll-off dice (player 0's, player 1's)
    turn: int = 1  # a = turn index, b, c = cemetery HP of players 0 and 1
    draw: int = 2  # a = instance, b = card
    deck_empty: int = 3
    discard: int = 4  # a = instance, b = card (hand limit)
    summon: int = 5  # a = instance, b = card, c = sacrifices
    sacrifice: int = 6  # a = instance, b = card
    kill_own: int = 7  # a = instance, b = card
    to_cemetery: int = 8  # a = instance, b = card, c = owner's cemetery HP after
    death: int = 9  # a = instance, b = card, c = killer instance (-1 none)
    magic: int = 10  # a = instance, b = card, c = target code
    negated: int = 11  # a = instance negated, b = card, c = negating instance
    destroyed: int = 12  # a = magic instance, b = card
    battle: int = 13  # a = attacker instance, b = defender instance
    effect_damage: int = 14  # a = instance, b = damage dealt, c = HP left
    heal: int = 15  # a = instance, b = amount, c = HP after
    redraw: int = 16  # a = hand size shuffled back
    cannot_place: int = 17
    skip_turn: int = 18
    effect: int = 19  # a = source instance, b = effect row, c = value (die or amount)
    limited_summon: int = 20  # a = instance, b = card, c = anchor instance
    to_hand: int = 21  # a = instance, b = card
    to_deck: int = 22  # a = instance, b = card
    slide_in: int = 23  # a = instance, b = card
    strike: int = 24  # a = striker, b = StrikeResult, c = the target's effective AL
    hit_dice: int = 25  # a = striker, b = dice packed base 8 (first die lowest), c = total with bonuses
    atk_dice: int = 26  # a = striker, b = dice packed base 8 (first die lowest), c = damage after multipliers
    dot_tick: int = 27  # a = instance, b = amount, c = HP after
    game_end: int = 28  # a = winner (2 = draw), b = EndReason
    response: int = 29  # a = lightning instance, b = card, c = the instance it answers
    stolen: int = 30  # a = instance, b = card
    effect_rolls: int = 31  # a = striker, b = its on-hit effect rolls packed base 8 (last roll lowest)
    speed_rolloff: int = 32  # a = initiator, b = dice pairs (initiator's, defender's) packed base 8
    battle_end: int = 33  # a = attacker's HP, b = defender's HP after the strikes
    rewind: int = 34  # a = the Hourglass of Time instance, b = card: the turn starts again


Event = EventT()


@njit(cache=True)
def record_nb(trace, glob, player, event, a, b, c):
    """Append one event; a full trace drops the rest (its length is glob's trace_n)."""
    n = glob[GlobCol.trace_n]
    if n < trace.shape[0]:
        trace[n, 0] = glob[GlobCol.turn]
        trace[n, 1] = player
        trace[n, 2] = event
        trace[n, 3] = a
        trace[n, 4] = b
        trace[n, 5] = c
        glob[GlobCol.trace_n] = n + 1
