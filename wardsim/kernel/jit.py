"""numba's `njit` for wardsim's kernels: one compiled version per argument type, not per value.

numba types a constant passed from one kernel to another by its value (`Literal[int](-1)`,
`Literal[bool](True)`) and compiles the callee again for each value, with everything below
it: a cold cache held 12 versions of `trace.record_nb`, 5 of the policy dispatcher
`choice.decide_nb` and 2 of `resolve.execute_row_nb`, each one recompiling its whole call tree.
No kernel here needs an argument's value at compile time (the stack arrays of `game.scratch`
take their sizes from literals and module constants in the kernel that allocates them), so a
call between kernels is typed by its types alone: a constant loses its value, and a narrower
signed integer (a cell of the int32 card and effect tables) is widened to int64. The machine
code of each call is the same; what a cold start compiles is a fraction of it
(`tests/test_kernel_cache.py` keeps it so).

Every kernel module imports `njit` from here instead of from numba. Under
`NUMBA_DISABLE_JIT=1` it is numba's own (plain Python functions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from numba import types
from numba.core.dispatcher import Dispatcher


def general_type(t: types.Type) -> types.Type:
    """The type a call between kernels is compiled for, for an argument typed `t`."""
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def _by_type(dispatcher: Any) -> Any:
    """Make calls from other kernels compile `dispatcher` for their arguments' general types."""
    if not isinstance(dispatcher, Dispatcher):
        return dispatcher  # NUMBA_DISABLE_JIT: a plain function
    specific = dispatcher.get_call_template

    def get_call_template(args: tuple, kws: dict) -> Any:
        return specific(tuple(general_type(a) for a in args), {k: general_type(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def njit(*args: Any, **options: Any) -> Any:
    """`numba.njit`, used bare (`@njit`) or with options (`@njit(cache=True, _nrt=False)`)."""
    if len(args) == 1 and callable(args[0]) and not options:
        return _by_type(numba.njit(args[0]))
    decorate = numba.njit(*args, **options)

    def wrap(function: Callable) -> Any:
        return _by_type(decorate(function))

    return wrap
