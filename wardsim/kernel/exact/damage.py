"""Dice sums, the damage a creature takes and healing: the exact solver's damage rules (numba).

The functions read the pair's rules (`spec.PairRules`) and the battle state b; they are inlined
into the stages and the strike tables.
"""

from __future__ import annotations

from wardsim.kernel.exact.enums import (
    BattleBitCol,
    BattleBitKind,
    DamageKind,
    FighterSummary,
    FractionCol,
)
from wardsim.kernel.jit import njit


@njit(_nrt=False)
def _dice_sum_odds_nb(n, out):
    """The distribution of the sum of n d6.

    Parameters
    ----------
    n : int
        Number of dice (0: the sum is 0).
    out : ndarray(float, ndim=1)
        At least 6n + 1 entries; out[s] becomes P(sum = s) for s = 0..6n.
    """
    out[:] = 0.0
    out[0] = 1.0
    for k in range(n):
        for s in range(6 * (k + 1), -1, -1):
            acc = 0.0
            for face in range(1, 7):
                if s - face >= 0 and s - face <= 6 * k:
                    acc += out[s - face]
            out[s] = acc / 6.0


@njit(_nrt=False, inline="always")
def _damage_taken_nb(rules, battle_state, who, amount, kind):
    """The HP creature `who` loses from `amount` damage of `kind` (DamageKind), its rules applied.

    Battle-long prevention first, then flight (Atk damage only), prevention, and reductions in
    row order, each rounded down (duel semantics, "Strike"); never negative (DESIGN.md ruling 5).
    """
    if amount <= 0:
        return 0
    bits = rules.battle_bits
    for k in range(bits.shape[0]):
        if (
            (battle_state >> (k + 1)) & 1
            and bits[k, BattleBitCol.owner] == who
            and bits[k, BattleBitCol.kind] == BattleBitKind.prevent_damage
        ):
            return 0
    fighters = rules.fighters
    if kind == DamageKind.atk and fighters[who, FighterSummary.flying_blocks] != 0:
        return 0
    if fighters[who, FighterSummary.prevents_atk_damage + kind] != 0:
        return 0
    reductions = rules.reductions
    for k in range(fighters[who, FighterSummary.n_atk_reductions + kind]):
        amount = amount * reductions[who, kind, k, FractionCol.amount] // reductions[who, kind, k, FractionCol.divisor]
    return amount if amount > 0 else 0


@njit(_nrt=False, inline="always")
def _healed_nb(hp, amount, max_hp):
    """HP after healing `amount`: never above max HP, and a dead creature stays dead."""
    if hp <= 0 or amount <= 0:
        return hp
    hp += amount
    return max_hp if hp > max_hp else hp
