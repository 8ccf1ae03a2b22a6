"""Game state: plain int64 arrays, and the zone operations every rule is built from (numba).

A game has 60 card instances: player p owns instances 30p .. 30p+29, one per card of their
deck list. Everything about a game lives in five arrays, so a policy can copy a state and play
on (`copy_state`):

- `inst`    (60, InstCol): each instance's card, owner, controller, zone, attachments, timers
- `fighters` (60, FighterCol): battle stats of the creature instances on the field
- `players` (2, PlayerCol): deck size, primary creature, cemetery bonus, turn flags
- `glob`    (GlobCol,): turn, first player, phase, result
- `decks`   (2, 30): each player's deck as a stack of instance ids (top = last)

Cemetery HP is not stored: it is the printed HP of the creature cards in the cemetery plus the
player's cemetery bonus (Flame of the Infinite), so it can never drift (DESIGN.md ruling 7).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from wardsim.kernel.enums import N_FIGHTER_COLS, CardCol, CardType, FighterCol
from wardsim.kernel.rng import d6_nb, next_u64_nb

DECK_SIZE = 30
N_INST = 2 * DECK_SIZE
HAND_LIMIT = 8  # rules guide, Draw phase: at most eight cards after drawing
OPENING_HAND = 5
INFINITE_SLOTS = 5  # rules guide, Summoning phase: only 5 Infinite cards on the field at once


class ZoneT(NamedTuple):
    deck: int = 0
    hand: int = 1
    primary: int = 2  # the player's primary creature
    limited: int = 3  # a Limited Summon
    magic: int = 4  # a magic card on the field (Infinite, equip, field, timed standard)
    cemetery: int = 5
    under: int = 6  # beneath another card (Eternal Dragon's sacrifices)
    resolving: int = 7  # a card being played, before it resolves


InstZone = ZoneT()


class InstColT(NamedTuple):
    card: int = 0  # row in the card table
    owner: int = 1
    controller: int = 2
    zone: int = 3
    attached_to: int = 4  # equip: the creature instance it is attached to; -1 none
    anchor: int = 5  # Limited Summon / anchored card: the instance holding it; -1 none
    expires: int = 6  # turn index at whose end a timed card leaves the field; -1 never
    counter: int = 7  # card counters (Troll Regeneration)
    entered: int = 8  # turn index when it entered its zone
    seen: int = 9  # SeenBit flags for card metrics
    returns: int = 10  # turn index at which a card in the cemetery returns to hand; -1 none
    battled_turn: int = 11  # turn index of the creature's last battle
    used_turn: int = 12  # turn index of the last use of its once-per-turn effect
    arrival: int = 13  # when it entered its zone, in zone moves of the game (orders lasting effects)


InstCol = InstColT()
N_INST_COLS = len(InstCol)


class SeenBitT(NamedTuple):
    opening: int = 1  # in the opening hand
    drawn: int = 2  # drawn after the opening hand
    played: int = 4  # played (summoned, or a magic card cast)


SeenBit = SeenBitT()


class PlayerColT(NamedTuple):
    deck_n: int = 0  # cards left in the deck
    primary: int = 1  # instance of the primary creature; -1 none
    cemetery_bonus: int = 2  # cemetery HP that is not a creature card's (Flame of the Infinite)
    skip_turn: int = 3  # skips its next turn
    magic_blocked_until: int = 4  # cannot play magic cards while turn <= this
    summon_turn: int = 5  # turn index of its last standard summon (one per turn)
    opponent_deaths: int = 6  # creature cards that went to the opponent's cemetery, whatever sent them (The Hero)
    lost: int = 7  # 1 once the player has lost
    played_turn: int = 8  # 1 once the player has had a turn (no draw on the first)
    low_summon: int = 9  # its next placement must be a creature of AL <= this (0: no limit)


PlayerCol = PlayerColT()
N_PLAYER_COLS = len(PlayerCol)


class GlobColT(NamedTuple):
    turn: int = 0  # 0-based turn index; a turn cycle is two turns
    first: int = 1  # player who took the first turn
    active: int = 2  # player whose turn it is
    phase: int = 3  # Phase
    winner: int = 4  # -1 while playing; 0 / 1; 2 = draw
    end_reason: int = 5  # EndReason
    no_battle_until: int = 6  # no battle while turn <= this (A Loving God)
    threshold: int = 7  # cemetery HP that loses (300)
    max_turns: int = 8  # turn cap: the game is a draw when reached
    battled: int = 9  # 1 once the active player battled this turn
    dealt_damage: int = 10  # 1 once the active player's creatures dealt damage this turn
    trace_n: int = 11  # events written to the trace
    actions: int = 12  # decisions taken (a guard against endless loops)
    arrivals: int = 13  # zone moves so far (`InstCol.arrival` of the next card to move)
    rewind_cards: int = 14  # 1 when a deck holds Hourglass of Time: each turn's start is saved
    rewind: int = 15  # 1 once a Hourglass of Time resolved: the turn goes back to its start


GlobCol = GlobColT()
N_GLOB_COLS = len(GlobCol)


class PhaseT(NamedTuple):
    draw: int = 0
    main: int = 1  # magic/summoning
    combat: int = 2
    wrap_up: int = 3
    over: int = 4


Phase = PhaseT()


class EndReasonT(NamedTuple):
    playing: int = 0
    cemetery: int = 1  # rules guide, How to win: 300 or more HP in the cemetery
    no_creature: int = 2  # no playable creature in hand or deck (ruling 8)
    turn_cap: int = 3  # the turn cap was reached: a draw (ruling 8)
    both_lost: int = 4  # both players lost at the same moment: a draw
    returned_alone: int = 5  # a card came back to hand or deck, and no other card was left there


EndReason = EndReasonT()


def new_state(cards: np.ndarray, deck_a: np.ndarray, deck_b: np.ndarray, threshold: int = 300, max_turns: int = 200):
    """Allocate the arrays of one game (decks as catalog rows, 30 each)."""
    inst = np.full((N_INST, N_INST_COLS), -1, dtype=np.int64)
    inst[:DECK_SIZE, InstCol.card] = deck_a
    inst[DECK_SIZE:, InstCol.card] = deck_b
    fighters = np.zeros((N_INST, N_FIGHTER_COLS), dtype=np.int64)
    players = np.zeros((2, N_PLAYER_COLS), dtype=np.int64)
    glob = np.zeros(N_GLOB_COLS, dtype=np.int64)
    decks = np.zeros((2, DECK_SIZE), dtype=np.int64)
    glob[GlobCol.threshold] = threshold
    glob[GlobCol.max_turns] = max_turns
    return inst, fighters, players, glob, decks


def copy_state(inst, fighters, players, glob, decks):
    return inst.copy(), fighters.copy(), players.copy(), glob.copy(), decks.copy()


@njit(cache=True, _nrt=False)
def reset_state_nb(inst, fighters, players, glob, decks):
    """Every instance in its owner's deck (unshuffled), no primary, the game not started."""
    for i in range(N_INST):
        p = i // DECK_SIZE
        card = inst[i, InstCol.card]
        inst[i, :] = -1
        inst[i, InstCol.card] = card
        inst[i, InstCol.owner] = p
        inst[i, InstCol.controller] = p
        inst[i, InstCol.zone] = InstZone.deck
        inst[i, InstCol.counter] = 0
        inst[i, InstCol.entered] = 0
        inst[i, InstCol.seen] = 0
        inst[i, InstCol.arrival] = 0
        decks[p, i - p * DECK_SIZE] = i
    fighters[:, :] = 0
    for p in range(2):
        players[p, :] = 0
        players[p, PlayerCol.deck_n] = DECK_SIZE
        players[p, PlayerCol.primary] = -1
        players[p, PlayerCol.magic_blocked_until] = -1
        players[p, PlayerCol.summon_turn] = -1
    glob[GlobCol.turn] = 0
    glob[GlobCol.phase] = Phase.draw
    glob[GlobCol.winner] = -1
    glob[GlobCol.end_reason] = EndReason.playing
    glob[GlobCol.no_battle_until] = -1
    glob[GlobCol.battled] = 0
    glob[GlobCol.dealt_damage] = 0
    glob[GlobCol.trace_n] = 0
    glob[GlobCol.actions] = 0
    glob[GlobCol.arrivals] = 0
    glob[GlobCol.rewind_cards] = 0
    glob[GlobCol.rewind] = 0


@njit(cache=True, _nrt=False)
def _copy_matrix(dst, src):
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@njit(cache=True, _nrt=False)
def _copy_vector(dst, src):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(cache=True, _nrt=False)
def copy_state_nb(inst, fighters, players, glob, decks, to_inst, to_fighters, to_players, to_glob, to_decks):
    """Copy the five state arrays into the second five (a playout's copy, a turn's snapshot),
    element by element: an array assignment would need NRT (kernel.scratch)."""
    _copy_matrix(to_inst, inst)
    _copy_matrix(to_fighters, fighters)
    _copy_matrix(to_players, players)
    _copy_vector(to_glob, glob)
    _copy_matrix(to_decks, decks)


# ------------------------------------------------------------------ random helpers


@njit(cache=True, _nrt=False)
def randint_nb(rng, n):
    """Uniform in 0..n-1 from the generator (shuffles and random policies; never scripted)."""
    if n <= 1:
        return 0
    # Lemire's multiply-shift on the high 32 bits; the bias is below 2^-32 * n
    x = next_u64_nb(rng) >> np.uint64(32)
    return np.int64((x * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)
def shuffle_deck_nb(decks, players, p, rng):
    """Fisher-Yates over the cards left in p's deck."""
    n = players[p, PlayerCol.deck_n]
    for k in range(n - 1, 0, -1):
        j = randint_nb(rng, k + 1)
        decks[p, k], decks[p, j] = decks[p, j], decks[p, k]


@njit(cache=True, _nrt=False)
def roll_nb(rng, script):
    return d6_nb(rng, script)


# ------------------------------------------------------------------ zones


@njit(cache=True, _nrt=False)
def is_creature_nb(cards, inst, i):
    return cards[inst[i, InstCol.card], CardCol.card_type] == CardType.creature


@njit(cache=True, _nrt=False)
def count_zone_nb(inst, p, zone):
    """Instances owned by p in `zone`."""
    n = 0
    for i in range(N_INST):
        if inst[i, InstCol.zone] == zone and inst[i, InstCol.owner] == p:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def hand_size_nb(inst, p):
    return count_zone_nb(inst, p, InstZone.hand)


@njit(cache=True, _nrt=False)
def cemetery_hp_nb(cards, inst, players, p):
    """Printed HP of the creature cards in p's cemetery + p's cemetery bonus (ruling 7)."""
    total = players[p, PlayerCol.cemetery_bonus]
    for i in range(N_INST):
        if (
            inst[i, InstCol.zone] == InstZone.cemetery
            and inst[i, InstCol.owner] == p
            and is_creature_nb(cards, inst, i)
        ):
            total += cards[inst[i, InstCol.card], CardCol.hp]
    return total


@njit(cache=True, _nrt=False)
def remove_from_deck_nb(decks, players, i):
    """Take instance i out of the deck stack holding it (keeps the order of the rest). It is its
    deck list's player's, unless it changed owner (Stone Golem)."""
    for side in range(2):
        p = i // DECK_SIZE if side == 0 else 1 - i // DECK_SIZE
        n = players[p, PlayerCol.deck_n]
        for k in range(n):
            if decks[p, k] == i:
                for m in range(k, n - 1):
                    decks[p, m] = decks[p, m + 1]
                players[p, PlayerCol.deck_n] = n - 1
                return


@njit(cache=True, _nrt=False)
def put_in_deck_nb(inst, decks, players, glob, i, bottom):
    """Instance i goes to its owner's deck: on the bottom, or on top (the caller shuffles)."""
    p = inst[i, InstCol.owner]
    n = players[p, PlayerCol.deck_n]
    if bottom:
        for k in range(n, 0, -1):
            decks[p, k] = decks[p, k - 1]
        decks[p, 0] = i
    else:
        decks[p, n] = i
    players[p, PlayerCol.deck_n] = n + 1
    set_zone_nb(inst, glob, i, InstZone.deck)


@njit(cache=True, _nrt=False)
def set_zone_nb(inst, glob, i, zone):
    inst[i, InstCol.zone] = zone
    inst[i, InstCol.entered] = glob[GlobCol.turn]
    # the order cards arrive in: a later "set" effect overrides an earlier one (CASE LAW, Jeesse v
    # James: Dragon Power "sets the Armor at Level 12" after the reductions already made)
    inst[i, InstCol.arrival] = glob[GlobCol.arrivals]
    glob[GlobCol.arrivals] += 1
    if zone != InstZone.cemetery:
        inst[i, InstCol.returns] = -1  # a delayed return (Junk Scarecrow) holds only in the cemetery
    if zone != InstZone.magic:
        inst[i, InstCol.attached_to] = -1
        inst[i, InstCol.expires] = -1
    if zone != InstZone.limited and zone != InstZone.primary and zone != InstZone.magic:
        inst[i, InstCol.anchor] = -1
        inst[i, InstCol.controller] = inst[i, InstCol.owner]


@njit(cache=True, _nrt=False)
def draw_card_nb(inst, decks, players, glob, p):
    """Top card of p's deck to p's hand; -1 when the deck is empty (carding out is no loss)."""
    n = players[p, PlayerCol.deck_n]
    if n == 0:
        return -1
    i = decks[p, n - 1]
    players[p, PlayerCol.deck_n] = n - 1
    set_zone_nb(inst, glob, i, InstZone.hand)
    return i


@njit(cache=True, _nrt=False)
def fighter_row(fighters, i):
    return fighters[i]


@njit(cache=True, _nrt=False)
def on_field_nb(inst, i):
    z = inst[i, InstCol.zone]
    return z == InstZone.primary or z == InstZone.limited


@njit(cache=True, _nrt=False)
def creature_hp_nb(fighters, i):
    return fighters[i, FighterCol.hp]
