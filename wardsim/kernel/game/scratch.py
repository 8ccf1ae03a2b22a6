"""Scratch arrays on the stack, so the game kernels allocate nothing and run without NRT.

`local_array(n)`, `local_matrix(rows, cols)` (int64), `local_words(n)` (uint64, for a
generator state) and `local_floats(n)` (float64, for scores) give C-contiguous arrays that
live in the calling kernel's stack frame: no heap allocation, no reference count, nothing to
free. That lets every game kernel compile with `_nrt=False`, which removes numba's atomic
reference counting from every call between kernels (about half of a game's time before). A
kernel compiled that way compiles everything it calls that way too, so nothing below it may
allocate on the heap.

The contents start undefined: fill before reading. The sizes must be known at compile time
(literals or module constants such as `MAX_INST`), and an array must not outlive the kernel
that made it: never return one.
"""

from __future__ import annotations

import numpy as np
from numba import config, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.np.arrayobj import populate_array


def _stack_intrinsic(dtype, ndim):
    array_type = types.Array(dtype, ndim, "C")
    itemsize = np.dtype(str(dtype)).itemsize

    def typer(typingctx, *dims):
        if len(dims) != ndim or not all(isinstance(d, types.IntegerLiteral) for d in dims):
            return None
        shape = [d.literal_value for d in dims]

        def codegen(context, builder, sig, args):
            def intp(value):
                return context.get_constant(types.intp, value)

            # alloca_once puts the slot in the entry block, so a call inside a loop reuses it
            data = cgutils.alloca_once(builder, context.get_value_type(dtype), size=intp(int(np.prod(shape))))
            strides = [itemsize * int(np.prod(shape[k + 1 :])) for k in range(ndim)]
            array = context.make_array(array_type)(context, builder)
            populate_array(
                array,
                data=data,
                shape=[intp(s) for s in shape],
                strides=[intp(s) for s in strides],
                itemsize=intp(itemsize),
                meminfo=None,
            )
            return array._getvalue()

        return array_type(*dims), codegen

    # intrinsic reads the arguments' names from the signature, so give it fixed ones
    if ndim == 1:

        def one(typingctx, n):
            return typer(typingctx, n)

        return intrinsic(one)

    def two(typingctx, rows, cols):
        return typer(typingctx, rows, cols)

    return intrinsic(two)


if config.DISABLE_JIT:

    def local_array(n):
        return np.empty(n, dtype=np.int64)

    def local_matrix(rows, cols):
        return np.empty((rows, cols), dtype=np.int64)

    def local_words(n):
        return np.empty(n, dtype=np.uint64)

    def local_floats(n):
        return np.empty(n, dtype=np.float64)
else:
    local_array = _stack_intrinsic(types.int64, 1)
    local_matrix = _stack_intrinsic(types.int64, 2)
    local_words = _stack_intrinsic(types.uint64, 1)
    local_floats = _stack_intrinsic(types.float64, 1)
