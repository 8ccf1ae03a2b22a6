"""wardsim's `njit`: kernels compiled once per argument type, not once per constant value."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from numba import config, types

from wardsim.kernel.jit import general_type, njit

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="compiles kernels")


def test_general_type_drops_the_value_of_a_constant_and_widens_narrow_signed_integers():
    assert general_type(types.literal(-1)) == types.int64
    assert general_type(types.literal(True)) == types.boolean
    assert general_type(types.int32) == types.int64
    assert general_type(types.uint64) == types.uint64  # generator words keep their type
    assert general_type(types.float64) == types.float64


def test_a_kernel_called_with_constants_and_table_cells_compiles_once_for_their_types():
    @njit
    def add(a, b):
        return a + b

    @njit
    def caller(table):
        # literals, a flag and an int32 cell: numba's own njit compiles `add` once for each
        return add(table[0], 0) + add(table[0], -1) + add(7, table[1]) + add(table[0], 2)

    assert caller(np.array([3, 4], dtype=np.int32)) == 3 + 2 + 11 + 5
    assert add.signatures == [(types.int64, types.int64)]


def test_every_kernel_takes_njit_from_wardsim_kernel_jit():
    root = Path(__file__).parent.parent / "wardsim"
    numba_njit = re.compile(r"from numba import [^\n]*\bnjit\b|numba\.njit\(")
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.name != "jit.py" and numba_njit.search(path.read_text())
    ]
    assert offenders == []
