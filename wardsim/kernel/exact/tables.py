"""Strike tables: how each strike's Hit roll ends and what its hit takes off (numba).

A strike's odds depend only on the striker, the battle state b (who strikes first, the
battle-long effects that took hold) and whether the hit is critical, never on the HPs, so they
are computed once per pair and read by every strike of the solver.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wardsim.kernel.enums import Condition, Stat
from wardsim.kernel.exact.damage import _damage_taken_nb, _dice_sum_odds_nb
from wardsim.kernel.exact.enums import (
    N_STRIKE_ODDS,
    BattleBitCol,
    BattleBitKind,
    DamageKind,
    FighterSummary,
    MultiplierCol,
    StrikeOdds,
)
from wardsim.kernel.jit import njit

S = FighterSummary


class StrikeTables(NamedTuple):
    """Odds of every strike outcome, per striker (0 = A, 1 = B) and battle state b.

    Attributes
    ----------
    hit_odds : ndarray(float, ndim=3)
        (2, n_battle_states, len(StrikeOdds)): P(critical miss), P(miss), P(hit), P(critical hit).
    damage_taken : ndarray(int, ndim=4)
        (2, n_battle_states, 2, max_outcomes): the HP the target loses, its damage rules applied,
        one entry per distinct value; axis 2 is 0 for a hit, 1 for a critical hit.
    damage_odds : ndarray(float, ndim=4)
        Same shape: P(that loss | the hit).
    damage_count : ndarray(int, ndim=3)
        (2, n_battle_states, 2): entries used.
    loss : ndarray(int, ndim=3)
        (2, n_battle_states, 2 max_outcomes): the HP the target loses on a hit, critical or
        not (the on-hit rows cannot tell them apart, so a strike follows both at once), one
        entry per distinct value, in increasing order.
    loss_odds : ndarray(float, ndim=3)
        Same shape: P(that loss | a hit of either kind).
    loss_tail : ndarray(float, ndim=3)
        (2, n_battle_states, 2 max_outcomes + 1): the sum of `loss_odds` from each entry on:
        the odds that a hit kills a target with less HP than that entry's loss.
    loss_count : ndarray(int, ndim=2)
        (2, n_battle_states): entries used.
    losses_below : ndarray(int, ndim=3)
        (2, n_battle_states, max HP + 2): the entries with a loss below h, for each HP h of
        the target: the entries a hit leaves it alive with.
    """

    hit_odds: np.ndarray
    damage_taken: np.ndarray
    damage_odds: np.ndarray
    damage_count: np.ndarray
    loss: np.ndarray
    loss_odds: np.ndarray
    loss_tail: np.ndarray
    loss_count: np.ndarray
    losses_below: np.ndarray


@njit(_nrt=False, inline="always")
def _n_battle_states_nb(rules):
    """Values of b: bit 0 (who strikes first) and one bit per battle-long effect."""
    return 1 << (rules.battle_bits.shape[0] + 1)


@njit(_nrt=False, inline="always")
def _battle_stat_change_nb(rules, battle_state, striker, stat):
    """The sum of the battle-long changes of `stat` on the striker that took hold in b."""
    bits = rules.battle_bits
    change = 0
    for k in range(bits.shape[0]):
        if (
            (battle_state >> (k + 1)) & 1
            and bits[k, BattleBitCol.owner] == striker
            and bits[k, BattleBitCol.kind] == BattleBitKind.stat_change
            and bits[k, BattleBitCol.stat] == stat
        ):
            change += bits[k, BattleBitCol.amount]
    return change


@njit(_nrt=False)
def _fill_hit_odds_nb(rules, dice_sums, hit_odds):
    """Fill `hit_odds`: the Hit roll of each striker in each battle state (DESIGN.md ruling 4)."""
    fighters = rules.fighters
    for s in range(2):
        t = 1 - s
        for b in range(_n_battle_states_nb(rules)):
            first = (b & 1) == s  # bit 0 of b: 1 when B strikes first
            n = fighters[s, S.hit_dice] + (fighters[s, S.first_strike_hit_dice] if first else 0)
            bonus = fighters[s, S.hit_bonus] + (fighters[s, S.first_strike_hit_bonus] if first else 0)
            n += _battle_stat_change_nb(rules, b, s, Stat.hit_dice)
            bonus += _battle_stat_change_nb(rules, b, s, Stat.hit) + _battle_stat_change_nb(rules, b, s, Stat.modifier)
            if n < 0:
                n = 0
            al = fighters[t, S.armor_level]
            _dice_sum_odds_nb(n, dice_sums)
            # rules guide, battle step 3: a hit when the dice + Hit modifiers >= the target's AL
            p_ge = 0.0
            for total in range(n, 6 * n + 1):
                if total + bonus >= al:
                    p_ge += dice_sums[total]
            # rules guide, battle step 3: all dice 6 is a critical hit, all dice 1 a critical
            # miss, and neither can occur with fewer than 2 Hit dice
            p_all_six = (1.0 / 6.0) ** n if n >= 2 else 0.0
            p_all_one = p_all_six
            if fighters[s, S.auto_hit] != 0:  # hits regardless of the dice: no miss of any kind
                hit_odds[s, b, StrikeOdds.critical_miss] = 0.0
                hit_odds[s, b, StrikeOdds.miss] = 0.0
                hit_odds[s, b, StrikeOdds.hit] = 1.0 - p_all_six
                hit_odds[s, b, StrikeOdds.critical_hit] = p_all_six
                continue
            # the all-6 and all-1 rolls are counted apart: a critical hit always hits, a
            # critical miss always misses "regardless of their AL"
            p_hit = p_ge
            if n >= 2:
                if 6 * n + bonus >= al:
                    p_hit -= p_all_six
                if n + bonus >= al:
                    p_hit -= p_all_one
            if p_hit < 0.0:
                p_hit = 0.0
            hit_odds[s, b, StrikeOdds.critical_miss] = p_all_one
            hit_odds[s, b, StrikeOdds.critical_hit] = p_all_six
            hit_odds[s, b, StrikeOdds.hit] = p_hit
            hit_odds[s, b, StrikeOdds.miss] = max(0.0, 1.0 - p_all_one - p_all_six - p_hit)


@njit(_nrt=False)
def _fill_damage_odds_nb(rules, dice_sums, no_six_sums, tables):
    """Fill the damage columns of `tables`: the Atk damage of a hit, as its target takes it.

    DESIGN.md ruling 5: Atk dice + modifier + Atk bonuses, times the effect multipliers, times
    2 for a critical hit (rules guide, battle step 3: "applied after all Attack dice,
    Modifiers, creature effects, and magic cards damage calculations"); never negative.
    """
    fighters = rules.fighters
    multipliers = rules.multipliers
    for s in range(2):
        for b in range(_n_battle_states_nb(rules)):
            first = (b & 1) == s
            n = fighters[s, S.attack_dice] + (fighters[s, S.first_strike_attack_dice] if first else 0)
            bonus = fighters[s, S.atk_bonus] + (fighters[s, S.first_strike_atk_bonus] if first else 0)
            n += _battle_stat_change_nb(rules, b, s, Stat.attack_dice)
            bonus += _battle_stat_change_nb(rules, b, s, Stat.atk) + _battle_stat_change_nb(rules, b, s, Stat.modifier)
            if n < 0:
                n = 0
            mult = 1
            mult_six = 1  # multipliers that need an Atk die showing 6
            for k in range(fighters[s, S.n_multipliers]):
                cond = multipliers[s, k, MultiplierCol.condition]
                if cond == Condition.always or (cond == Condition.strikes_first and first):
                    mult *= multipliers[s, k, MultiplierCol.amount]
                elif cond == Condition.atk_die_six:
                    mult_six *= multipliers[s, k, MultiplierCol.amount]
            mult *= fighters[s, S.extra_multiplier]
            _dice_sum_odds_nb(n, dice_sums)
            # no_six_sums[t] = P(the n dice sum to t and none shows 6)
            no_six_sums[:] = 0.0
            no_six_sums[0] = 1.0
            for k in range(n):
                for tot in range(6 * (k + 1), -1, -1):
                    acc = 0.0
                    for face in range(1, 6):
                        if tot - face >= 0:
                            acc += no_six_sums[tot - face]
                    no_six_sums[tot] = acc / 6.0
            for critical in range(2):
                j = 0
                for tot in range(n, 6 * n + 1):
                    p_all = dice_sums[tot]
                    if p_all <= 0.0:
                        continue
                    p_no_six = no_six_sums[tot]
                    for six in range(2):
                        p = p_all - p_no_six if six == 1 else p_no_six
                        if mult_six == 1:  # a 6 changes nothing: one entry per total
                            if six == 1:
                                continue
                            p = p_all
                        if p <= 1e-300:
                            continue
                        d = (tot + bonus) * mult * (mult_six if six == 1 else 1)
                        if critical == 1:
                            d *= 2
                        d = _damage_taken_nb(rules, b, 1 - s, d, DamageKind.atk)
                        # equal losses share an entry, so a strike looks up each loss once
                        merged = False
                        for q in range(j):
                            if tables.damage_taken[s, b, critical, q] == d:
                                tables.damage_odds[s, b, critical, q] += p
                                merged = True
                                break
                        if not merged:
                            tables.damage_taken[s, b, critical, j] = d
                            tables.damage_odds[s, b, critical, j] = p
                            j += 1
                tables.damage_count[s, b, critical] = j


@njit(_nrt=False)
def _fill_losses_nb(tables):
    """Fill the loss columns of `tables` from the hit and critical hit columns: one sorted table per strike."""
    hit_odds = tables.hit_odds
    for s in range(tables.loss.shape[0]):
        for b in range(tables.loss.shape[1]):
            p_hit = hit_odds[s, b, StrikeOdds.hit]
            p_critical = hit_odds[s, b, StrikeOdds.critical_hit]
            p_any = p_hit + p_critical
            n = 0
            if p_any > 0.0:
                for critical in range(2):
                    weight = (p_critical if critical == 1 else p_hit) / p_any
                    if weight <= 0.0:
                        continue
                    for j in range(tables.damage_count[s, b, critical]):
                        d = tables.damage_taken[s, b, critical, j]
                        p = weight * tables.damage_odds[s, b, critical, j]
                        # insertion into the sorted distinct losses
                        q = 0
                        while q < n and tables.loss[s, b, q] < d:
                            q += 1
                        if q < n and tables.loss[s, b, q] == d:
                            tables.loss_odds[s, b, q] += p
                            continue
                        for r in range(n, q, -1):
                            tables.loss[s, b, r] = tables.loss[s, b, r - 1]
                            tables.loss_odds[s, b, r] = tables.loss_odds[s, b, r - 1]
                        tables.loss[s, b, q] = d
                        tables.loss_odds[s, b, q] = p
                        n += 1
            tables.loss_count[s, b] = n
            tables.loss_tail[s, b, n] = 0.0
            for q in range(n - 1, -1, -1):
                tables.loss_tail[s, b, q] = tables.loss_tail[s, b, q + 1] + tables.loss_odds[s, b, q]
            q = 0
            for h in range(tables.losses_below.shape[2]):
                while q < n and tables.loss[s, b, q] < h:
                    q += 1
                tables.losses_below[s, b, h] = q


@njit
def _strike_tables_nb(rules, max_dice):
    """The pair's strike tables (allocated here); `max_dice` bounds every dice count."""
    n_battle = _n_battle_states_nb(rules)
    max_outcomes = 2 * (6 * max_dice + 2)  # totals, each with or without a 6
    max_hp = max(rules.fighters[0, S.hp], rules.fighters[1, S.hp])
    tables = StrikeTables(
        hit_odds=np.zeros((2, n_battle, N_STRIKE_ODDS)),
        damage_taken=np.zeros((2, n_battle, 2, max_outcomes), dtype=np.int64),
        damage_odds=np.zeros((2, n_battle, 2, max_outcomes)),
        damage_count=np.zeros((2, n_battle, 2), dtype=np.int64),
        loss=np.zeros((2, n_battle, 2 * max_outcomes), dtype=np.int64),
        loss_odds=np.zeros((2, n_battle, 2 * max_outcomes)),
        loss_tail=np.zeros((2, n_battle, 2 * max_outcomes + 1)),
        loss_count=np.zeros((2, n_battle), dtype=np.int64),
        losses_below=np.zeros((2, n_battle, max_hp + 2), dtype=np.int64),
    )
    dice_sums = np.zeros(6 * max_dice + 8)
    no_six_sums = np.zeros(6 * max_dice + 8)
    _fill_hit_odds_nb(rules, dice_sums, tables.hit_odds)
    _fill_damage_odds_nb(rules, dice_sums, no_six_sums, tables)
    _fill_losses_nb(tables)
    return tables
