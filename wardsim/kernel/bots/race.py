"""How a battle stands now: duel odds that see the creatures as they are on the field (numba).

The heuristic judges a battle by the exact duel table, which holds every pair of the decks'
creatures as printed, their effects included. A creature on the field is seldom as printed:
it has lost HP, wears equips and buffs, is shielded for the next strike. `state_odds_nb` keeps
the table's answer and moves it by what those changes are worth: it models a duel as a race of
hits and shifts the table's log-odds by how far the race between the creatures as they are
lies from the race between them as printed.

The race: each strike hits with the chance its Hit dice give against the target's effective AL
(rules guide, Battle: dice + Modifier + Hit bonuses reach the AL; with 2 dice or more all 6s
always hit, for double damage, and all 1s always miss), a hit deals the striker's mean Atk
damage, and a creature falls after as many hits as its HP over that mean. The faster creature
strikes first in each exchange, equal SPD a coin. A shield costs its attacker one hit.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from wardsim.kernel.duel.effect_rows import effective_al_nb
from wardsim.kernel.enums import CardCol, FighterCol
from wardsim.kernel.game.scratch import local_array, local_floats
from wardsim.kernel.jit import njit
from wardsim.rules import CRITICAL_DICE, CRITICAL_MULTIPLIER, DIE_FACES, HIT_DICE

F = FighterCol

MAX_DICE = 8  # the most Hit dice the race counts
MAX_HITS = 24  # hits to a kill beyond this count as this many (a race that long is near even)
MEAN_DIE = (DIE_FACES + 1) / 2
EDGE = 1e-4  # odds are kept within [EDGE, 1 - EDGE] before their log-odds are taken
# stack array sizes (`kernel.game.scratch` needs them as module constants)
N_SUMS = MAX_DICE * DIE_FACES + 1  # the dice totals 0 .. MAX_DICE * DIE_FACES
N_CELLS = (MAX_HITS + 1) * (MAX_HITS + 1)  # the race's (hits a needs, hits b needs) grid


class RaceStatT(NamedTuple):
    """Columns of a creature's race stats (`local_array(N_STATS)`)."""

    hp: int = 0
    al: int = 1  # effective Armor Level
    hit_dice: int = 2
    hit_plus: int = 3  # Modifier + Hit bonuses
    attack_dice: int = 4
    atk_plus: int = 5  # Modifier + Atk bonuses
    speed: int = 6
    shielded: int = 7  # 1: the next strike against it is negated


S = RaceStat = RaceStatT()
N_STATS = len(RaceStat)


@njit(cache=True, _nrt=False)
def printed_stats_nb(cards, card, out):
    """The race stats of creature card `card` as printed."""
    c = cards[card]
    out[S.hp] = c[CardCol.hp]
    out[S.al] = c[CardCol.armor_level]
    out[S.hit_dice] = HIT_DICE
    out[S.hit_plus] = c[CardCol.modifier]
    out[S.attack_dice] = c[CardCol.attack_dice]
    out[S.atk_plus] = c[CardCol.modifier]
    out[S.speed] = c[CardCol.speed]
    out[S.shielded] = 0


@njit(cache=True, _nrt=False)
def fighter_stats_nb(f, out):
    """The race stats of a creature on the field, from its fighter row (`fighters[i]`)."""
    out[S.hp] = f[F.hp]
    out[S.al] = effective_al_nb(f)
    out[S.hit_dice] = f[F.hit_dice]
    out[S.hit_plus] = f[F.modifier] + f[F.hit_bonus]
    out[S.attack_dice] = f[F.attack_dice]
    out[S.atk_plus] = f[F.modifier] + f[F.atk_bonus]
    out[S.speed] = f[F.speed]
    out[S.shielded] = 1 if f[F.shielded] != 0 else 0


@njit(cache=True, _nrt=False)
def strike_chances_nb(hit_dice, hit_plus, al):
    """(P(hit), P(critical hit)) of one strike rolling `hit_dice` dice plus `hit_plus` against
    effective AL `al`; the first includes the second."""
    n = min(max(hit_dice, 0), MAX_DICE)
    # the distribution of the dice total, one die at a time (from the top down, in place)
    dist = local_floats(N_SUMS)
    dist[:] = 0.0
    dist[0] = 1.0
    top = 0
    for _ in range(n):
        top += DIE_FACES
        for s in range(top, -1, -1):
            acc = 0.0
            for face in range(1, DIE_FACES + 1):
                if face <= s <= top - DIE_FACES + face:
                    acc += dist[s - face]
            dist[s] = acc / DIE_FACES
    hit = 0.0
    for s in range(n, top + 1):
        if s + hit_plus >= al:
            hit += dist[s]
    critical = 0.0
    if n >= CRITICAL_DICE:
        extreme = (1.0 / DIE_FACES) ** n
        critical = extreme
        if n + hit_plus >= al:
            hit -= extreme  # all 1s miss whatever the bonuses
        if top + hit_plus < al:
            hit += extreme  # all 6s hit whatever the AL
    return hit, critical


@njit(cache=True, _nrt=False)
def _race_terms(striker, target):
    """(P(a strike hits), hits it takes to kill the target; MAX_HITS + 1 when it cannot)."""
    hit, critical = strike_chances_nb(striker[S.hit_dice], striker[S.hit_plus], target[S.al])
    damage = max(striker[S.attack_dice], 0) * MEAN_DIE + striker[S.atk_plus]
    if hit <= 0.0 or damage <= 0.0 or target[S.hp] <= 0:
        return hit, MAX_HITS + 1
    per_hit = damage * (hit + (CRITICAL_MULTIPLIER - 1) * critical) / hit
    hits = int(math.ceil(target[S.hp] / per_hit)) + target[S.shielded]
    return hit, min(hits, MAX_HITS)


@njit(cache=True, _nrt=False)
def race_odds_nb(a, b):
    """P(a's creature kills b's first) in the race of hits between race stats a and b."""
    sa, na = _race_terms(a, b)
    sb, nb = _race_terms(b, a)
    if na > MAX_HITS and nb > MAX_HITS:
        return 0.5  # neither can kill the other
    if na > MAX_HITS:
        return 0.0
    if nb > MAX_HITS:
        return 1.0
    a_first = 1.0 if a[S.speed] > b[S.speed] else (0.0 if a[S.speed] < b[S.speed] else 0.5)
    stay = (1.0 - sa) * (1.0 - sb)  # an exchange in which both miss changes nothing
    width = nb + 1
    v = local_floats(N_CELLS)
    # v[i * width + j]: a needs i more hits, b needs j; a has won at i = 0, lost at j = 0
    for j in range(1, nb + 1):
        v[j] = 1.0
    for i in range(1, na + 1):
        v[i * width] = 0.0
        for j in range(1, nb + 1):
            after_a = 1.0 if i == 1 else sb * v[(i - 1) * width + j - 1] + (1.0 - sb) * v[(i - 1) * width + j]
            when_a_first = sa * after_a + (1.0 - sa) * sb * v[i * width + j - 1]
            after_b = 0.0 if j == 1 else sa * v[(i - 1) * width + j - 1] + (1.0 - sa) * v[i * width + j - 1]
            when_b_first = sb * after_b + (1.0 - sb) * sa * v[(i - 1) * width + j]
            v[i * width + j] = (a_first * when_a_first + (1.0 - a_first) * when_b_first) / (1.0 - stay)
    return v[na * width + nb]


@njit(cache=True, _nrt=False)
def _logit(x):
    x = min(max(x, EDGE), 1.0 - EDGE)
    return math.log(x / (1.0 - x))


@njit(cache=True, _nrt=False)
def shifted_odds_nb(exact, printed_a, printed_b, now_a, now_b, weight):
    """The exact odds of the printed pair, moved by `weight` times the change in race log-odds
    from the printed creatures to the creatures as they are now."""
    same = True
    for k in range(N_STATS):
        if printed_a[k] != now_a[k] or printed_b[k] != now_b[k]:
            same = False
    if same or weight == 0.0:
        return exact
    shift = _logit(race_odds_nb(now_a, now_b)) - _logit(race_odds_nb(printed_a, printed_b))
    return 1.0 / (1.0 + math.exp(-(_logit(exact) + weight * shift)))


@njit(cache=True, _nrt=False)
def state_odds_nb(cards, inst_card_a, fighters, a, inst_card_b, b, exact, weight):
    """`exact` (the table's P(a beats b) as printed) for the creatures as they are: a and b are
    instances on the field (their fighter rows), or -1 for a creature still as printed (a card
    in hand: `inst_card_*` is its card)."""
    printed_a = local_array(N_STATS)
    printed_b = local_array(N_STATS)
    now_a = local_array(N_STATS)
    now_b = local_array(N_STATS)
    printed_stats_nb(cards, inst_card_a, printed_a)
    printed_stats_nb(cards, inst_card_b, printed_b)
    if a >= 0:
        fighter_stats_nb(fighters[a], now_a)
    else:
        printed_stats_nb(cards, inst_card_a, now_a)
    if b >= 0:
        fighter_stats_nb(fighters[b], now_b)
    else:
        printed_stats_nb(cards, inst_card_b, now_b)
    return shifted_odds_nb(exact, printed_a, printed_b, now_a, now_b, weight)
