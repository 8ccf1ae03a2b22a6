"""Action codes: one int per legal action, `kind * 10_000 + a * 100 + b` (numba).

`kind` is an `ActionKind` (kernel.game.enums); `a` and `b` are its operands below 100 (an
instance, a magic target, a sacrifice count; see `ActionKind`). Every module that reads an
action decodes it with these functions, so the layout is written here only.
"""

from __future__ import annotations

from wardsim.kernel.jit import njit


def encode_action(kind, a, b):
    return kind * 10_000 + a * 100 + b


encode_action_nb = njit(cache=True)(encode_action)


@njit(cache=True, _nrt=False)
def action_kind_nb(action):
    return action // 10_000


@njit(cache=True, _nrt=False)
def action_a_nb(action):
    return (action // 100) % 100


@njit(cache=True, _nrt=False)
def action_b_nb(action):
    return action % 100
