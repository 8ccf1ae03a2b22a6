"""Counter-based dice for the kernels: one small generator per duel or game.

Each duel's generator state is derived from `(seed, index)` alone: splitmix64 mixes the two
64-bit numbers into the four words of a xoshiro256** state. A duel therefore gets the same dice
whatever the number of threads, the chunking of the batch or the machine, and duel *k* of a run
can be replayed alone. Numba's global generator (per thread, not reproducible) and
`np.random` are never used inside kernels.

A d6 is one byte of a 64-bit output: bytes 252..255 are rejected, so every face has probability
exactly 1/6, and one xoshiro step yields up to eight dice.

Scripted dice: every kernel takes a `script` int array. When it is not empty, each die (speed
roll-offs, Hit and Atk dice, effect rolls, critical-miss self damage, DOT dice) is read from it
in order instead of the generator, so a test can dictate every roll. A kernel that runs out
reads 1s and keeps counting (raising inside a kernel would slow every die down); the Python
callers compare the count with the script (`check_script`) and raise `ScriptExhausted`.

Speed: the dice helpers are compiled without numba's reference counting (`_nrt=False`, they
allocate nothing). With it, every call that passes the state array on to another function
pays atomic increments and decrements, which made a die cost 12 ns instead of 2 and would
make threads contend on the shared arrays. They are not cached (`cache=True` is for entry
points): a function loaded from the cache is object code that LLVM cannot inline.

The state is a uint64 array of `RNG_WORDS` words (columns `RngCol`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.jit import njit


class RngColT(NamedTuple):
    s0: int = 0  # xoshiro256** state
    s1: int = 1
    s2: int = 2
    s3: int = 3
    buffer: int = 4  # unread bytes of the last output
    bytes_left: int = 5
    script_pos: int = 6  # next die to read from the script


RngCol = RngColT()
RNG_WORDS = 7

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_INDEX_SALT = np.uint64(0xD1B54A32D192ED03)
_U5 = np.uint64(5)
_U7 = np.uint64(7)
_U8 = np.uint64(8)
_U9 = np.uint64(9)
_U17 = np.uint64(17)
_U45 = np.uint64(45)
_BYTE = np.uint64(0xFF)
_ACCEPT = np.uint64(252)  # 252 = 6 * 42: bytes below it map to a face without bias
_SIX = np.uint64(6)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
NO_SCRIPT = np.zeros(0, dtype=np.int64)


@njit(_nrt=False)
def mix64_nb(z):
    """The splitmix64 output function (a bijection on 64-bit words)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(_nrt=False)
def _rotl(x, k):
    return (x << k) | (x >> (np.uint64(64) - k))


@njit(cache=True, _nrt=False)
def seed_rng_nb(state, seed, index):
    """Fill `state` for stream `index` of `seed` (both uint64)."""
    x = mix64_nb(seed) ^ mix64_nb(index * _INDEX_SALT + _GOLDEN)
    for k in range(4):
        x = x + _GOLDEN
        state[k] = mix64_nb(x)
    if state[0] == _ZERO and state[1] == _ZERO and state[2] == _ZERO and state[3] == _ZERO:
        state[0] = _GOLDEN  # the all-zero state is xoshiro's only fixed point
    state[RngCol.buffer] = _ZERO
    state[RngCol.bytes_left] = _ZERO
    state[RngCol.script_pos] = _ZERO


@njit(_nrt=False)
def next_u64_nb(state):
    """One xoshiro256** output."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    result = _rotl(s1 * _U5, _U7) * _U9
    t = s1 << _U17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, _U45)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return result


@njit(_nrt=False)
def _d6_refill_nb(state):
    """The slow path of `d6_nb`: draw a new output, rejecting bytes 252..255."""
    while True:
        if state[RngCol.bytes_left] == _ZERO:
            state[RngCol.buffer] = next_u64_nb(state)
            state[RngCol.bytes_left] = _U8
        buf = state[RngCol.buffer]
        byte = buf & _BYTE
        state[RngCol.buffer] = buf >> _U8
        state[RngCol.bytes_left] -= _ONE
        if byte < _ACCEPT:
            return np.int64(byte % _SIX) + 1


@njit(_nrt=False)
def _d6_scripted_nb(state, script):
    pos = np.int64(state[RngCol.script_pos])
    state[RngCol.script_pos] = np.uint64(pos + 1)
    if pos >= script.shape[0]:
        return np.int64(1)  # overrun: the caller sees script_pos > len(script) and raises
    return np.int64(script[pos])


@njit(_nrt=False)
def d6_nb(state, script):
    """One six-sided die: the next scripted die, or an unbiased one from the generator.

    The common case (a buffered byte below 252) is a few instructions without a loop, so LLVM
    inlines it into the kernels; refills and rejections go through `_d6_refill_nb`.
    """
    if script.shape[0] != 0:
        return _d6_scripted_nb(state, script)
    left = state[RngCol.bytes_left]
    if left != _ZERO:
        buf = state[RngCol.buffer]
        byte = buf & _BYTE
        state[RngCol.buffer] = buf >> _U8
        state[RngCol.bytes_left] = left - _ONE
        if byte < _ACCEPT:
            return np.int64(byte % _SIX) + 1
    return _d6_refill_nb(state)


def new_rng(seed: int = 0, index: int = 0) -> np.ndarray:
    """A generator state for Python callers (tests, single duels)."""
    state = np.zeros(RNG_WORDS, dtype=np.uint64)
    with np.errstate(over="ignore"):  # 64-bit wrap-around is intended (matters without the JIT)
        seed_rng_nb(state, np.uint64(seed % 2**64), np.uint64(index % 2**64))
    return state


class ScriptExhausted(ValueError):
    """A scripted duel needed more dice than the script holds."""


def check_script(state: np.ndarray, script: np.ndarray) -> int:
    """How many scripted dice were read; raise if the kernel read past the end."""
    used = int(state[RngCol.script_pos])
    if script.shape[0] and used > script.shape[0]:
        raise ScriptExhausted(f"scripted dice exhausted: {used} dice needed, {script.shape[0]} given")
    return used


def as_script(dice) -> np.ndarray:
    """Validate scripted dice (faces 1..6) into the int64 array the kernels read."""
    script = np.asarray(list(dice), dtype=np.int64)
    if script.ndim != 1 or ((script < 1) | (script > 6)).any():
        raise ValueError(f"scripted dice must be faces 1..6, got {list(dice)!r}")
    return script
