"""The event trace: a compact int log of a game, decoded into a replay by `wardsim.replays`.

A trace is an int64 array of shape (capacity, 6): turn, player, event, a, b, c. Kernels write
to it through `record_nb` only when it has rows (capacity 0 = no trace, no cost). The meaning
of a, b and c per event is in the `Event` comments; `wardsim.replays` owns the words.
"""

from __future__ import annotations

from wardsim.kernel.game.enums import Event, GlobCol, InstCol, SeenBit
from wardsim.kernel.jit import njit

TRACE_WIDTH = 6


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


# ------------------------------------------------------------------ play statistics


@njit(cache=True)
def note_play_nb(inst, i):
    """Card i was played by its player (a summon from hand, a magic card cast or answered)."""
    inst[i, InstCol.seen] = (inst[i, InstCol.seen] | SeenBit.played) + SeenBit.plays_unit


@njit(cache=True)
def note_fizzle_nb(trace, glob, inst, i, reason):
    """Card i's play had no effect, for `reason` (FizzleReason)."""
    inst[i, InstCol.seen] += SeenBit.fizzles_unit
    inst[i, InstCol.watch] = 0
    record_nb(trace, glob, inst[i, InstCol.controller], Event.fizzle, i, inst[i, InstCol.card], reason)
