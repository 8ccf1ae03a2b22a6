"""Action codes: one int per legal action, `kind * 1_000_000 + a * 1_000 + b` (numba).

`kind` is an `ActionKind` (kernel.game.enums); `a` and `b` are its operands below 1_000 (an
instance of any seat's deck, a magic target, a sacrifice count; see `ActionKind`). Every module
that reads or writes an action goes through these functions, so the layout is written here
only. Codes keep the order of (kind, a, b), so a policy that ranks actions by code ranks them
the same way whatever the number of seats.
"""

from __future__ import annotations

from wardsim.kernel.jit import njit

KIND_UNIT = 1_000_000
OPERAND_UNIT = 1_000


def encode_action(kind, a, b):
    return kind * KIND_UNIT + a * OPERAND_UNIT + b


encode_action_nb = njit(cache=True)(encode_action)


def action_kind(action):
    return action // KIND_UNIT


def action_a(action):
    return (action // OPERAND_UNIT) % OPERAND_UNIT


def action_b(action):
    return action % OPERAND_UNIT


action_kind_nb = njit(cache=True, _nrt=False)(action_kind)
action_a_nb = njit(cache=True, _nrt=False)(action_a)
action_b_nb = njit(cache=True, _nrt=False)(action_b)
