"""Game state: plain int64 arrays, and the zone operations every rule is built from (numba).

A game has S seats (2 to `MAX_SEATS`; 1v1 is two seats in two teams) and 30 card instances
per seat: seat p's deck list gives instances 30p .. 30p+29. Everything about a game lives in
five arrays, so a policy can copy a state and play on (`copy_state_nb`):

- `inst`    (30 S, InstCol): each instance's card, owner, controller, zone, attachments, timers
- `fighters` (30 S, FighterCol): battle stats of the creature instances on the field
- `players` (S, PlayerCol): deck size, primary creature, team, cemetery bonus, turn flags
- `glob`    (GlobCol,): turn, first and active seat, the seat faced, turns per cycle, phase, result
- `decks`   (S, 30): each seat's deck as a stack of instance ids (top = last)

A kernel reads the number of instances and seats from the arrays (`inst.shape[0]`,
`players.shape[0]`), never from a constant; `MAX_INST` only sizes stack scratch arrays, whose
size must be known at compile time (kernel.game.scratch). Who "the opponent" of a seat is
depends on what is happening (`opponent_nb`), and a turn cycle is `glob[GlobCol.cycle]` turns.

Cemetery HP is not stored: it is the printed HP of the creature cards in the cemetery plus the
player's cemetery bonus (Flame of the Infinite), so it can never drift (DESIGN.md ruling 7).
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.enums import CardCol, CardType
from wardsim.kernel.game.enums import (
    EndReason,
    GlobCol,
    InstCol,
    InstZone,
    Phase,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import next_u64_nb
from wardsim.rules import DECK_SIZE, RuleCol

MAX_SEATS = 6  # free-for-all and Boss Battles seat up to six
MAX_INST = MAX_SEATS * DECK_SIZE  # the size of a scratch array of instances (kernel.game.scratch)
# where each entry of the compiled rules array (wardsim.rules.RuleCol) goes in `glob`
RULE_TO_GLOB = np.array([getattr(GlobCol, name) for name in RuleCol._fields], dtype=np.int64)


@njit(cache=True, _nrt=False)
def apply_rules_nb(glob, rules):
    """Put the rules in force (`wardsim.rules.Rules.to_array()`) into a game's `glob`."""
    for k in range(RULE_TO_GLOB.shape[0]):
        glob[RULE_TO_GLOB[k]] = rules[k]


@njit(cache=True, _nrt=False)
def reset_state_nb(inst, fighters, players, glob, decks):
    """Every instance in its owner's deck (unshuffled), no primary, the game not started. Each
    seat keeps its team (set with its deck, kernel.game.match), as each instance its card, and
    the game its rounds (an AL Ladder's); a turn cycle is one turn of each seat."""
    for i in range(inst.shape[0]):
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
        inst[i, InstCol.watch] = 0
        inst[i, InstCol.pending_heal] = 0
        inst[i, InstCol.sacrificed_dice] = 0
        inst[i, InstCol.sacrificed_modifier] = 0
        inst[i, InstCol.watched] = 0
        inst[i, InstCol.draw_pending] = 0
        inst[i, InstCol.possessable] = 0
        decks[p, i - p * DECK_SIZE] = i
    fighters[:, :] = 0
    seats = players.shape[0]
    for p in range(seats):
        team = players[p, PlayerCol.team]
        players[p, :] = 0
        players[p, PlayerCol.team] = team
        players[p, PlayerCol.deck_n] = DECK_SIZE
        players[p, PlayerCol.primary] = -1
        players[p, PlayerCol.magic_blocked_until] = -1
        players[p, PlayerCol.lightning_blocked_until] = -1
        players[p, PlayerCol.summon_turn] = -1
        players[p, PlayerCol.harmless_until] = -1
        players[p, PlayerCol.replacement] = -1
        players[p, PlayerCol.last_turn] = -1
        players[p, PlayerCol.out_turn] = -1
        players[p, PlayerCol.first_turn] = -1
    glob[GlobCol.turn] = 0
    glob[GlobCol.phase] = Phase.draw
    glob[GlobCol.winner] = -1
    glob[GlobCol.end_reason] = EndReason.playing
    glob[GlobCol.no_battle_until] = -1
    glob[GlobCol.negated_turn] = -1
    glob[GlobCol.negator] = -1
    glob[GlobCol.battled] = 0
    glob[GlobCol.dealt_damage] = 0
    glob[GlobCol.trace_n] = 0
    glob[GlobCol.actions] = 0
    glob[GlobCol.arrivals] = 0
    glob[GlobCol.rewind_cards] = 0
    glob[GlobCol.rewind] = 0
    glob[GlobCol.sent_hp] = 0
    glob[GlobCol.sent_card] = -1
    glob[GlobCol.poisoned] = -1
    glob[GlobCol.battles] = 0
    teams = 0
    for p in range(seats):
        teams = max(teams, players[p, PlayerCol.team] + 1)
    glob[GlobCol.teams] = teams
    glob[GlobCol.faced] = -1
    glob[GlobCol.round] = 0  # an AL Ladder's first round begins with the first turn (kernel.game.rounds)
    glob[GlobCol.round_over] = 0
    count_cycle_nb(players, glob)


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
    element by element: an array assignment would need NRT (kernel.game.scratch)."""
    _copy_matrix(to_inst, inst)
    _copy_matrix(to_fighters, fighters)
    _copy_matrix(to_players, players)
    _copy_vector(to_glob, glob)
    _copy_matrix(to_decks, decks)


# ------------------------------------------------------------------ seats


@njit(cache=True, _nrt=False)
def opponent_nb(players, glob, p):
    """The opponent of seat p in what is happening now: with two seats, the other one; else, for
    a seat of the active player's team, the seat the active player faces this turn, and for any
    other seat, the active player."""
    if players.shape[0] == 2:
        return 1 - p
    active = glob[GlobCol.active]
    if players[p, PlayerCol.team] == players[active, PlayerCol.team]:
        return glob[GlobCol.faced]
    return active


@njit(cache=True, _nrt=False)
def has_played_nb(players, p):
    """Seat p has had a turn (its first turn has no draw: rules guide, How to play)."""
    return players[p, PlayerCol.last_turn] >= 0


@njit(cache=True, _nrt=False)
def next_seat_nb(players, glob, p):
    """The seat whose turn follows seat p's: turns go from team to team in the order of their
    numbers (free-for-all: around the table), and within a team to the player still in the game
    who has waited longest (the lowest seat first), so 2v2 plays A1, B1, A2, B2 and 1v2 plays
    A1, B1, A1, B2 (ruling turn-order)."""
    teams = glob[GlobCol.teams]
    for k in range(1, teams + 1):
        team = (players[p, PlayerCol.team] + k) % teams
        best = -1
        for q in range(players.shape[0]):
            if players[q, PlayerCol.team] != team or players[q, PlayerCol.lost] > 0:
                continue
            if best < 0 or players[q, PlayerCol.last_turn] < players[best, PlayerCol.last_turn]:
                best = q
        if best >= 0:
            return best
    return p


@njit(cache=True, _nrt=False)
def infinite_slots_nb(glob, p):
    """Infinite cards seat p may have on the field: the rules' slots, or the boss's cap (Boss
    Battles, Deck rules: "Maximum 5 Infinite Magic cards on field")."""
    return glob[GlobCol.boss_magic_cap] if p == glob[GlobCol.boss] else glob[GlobCol.infinite_slots]


@njit(cache=True, _nrt=False)
def count_cycle_nb(players, glob):
    """A turn cycle is over once every player still in the game has had a turn: the teams in
    the game times the most players still in one of them (1v1: 2; 2v2: 4; 1v2: 4)."""
    teams = 0
    most = 0
    for team in range(glob[GlobCol.teams]):
        n = 0
        for q in range(players.shape[0]):
            if players[q, PlayerCol.team] == team and players[q, PlayerCol.lost] == 0:
                n += 1
        if n > 0:
            teams += 1
            most = max(most, n)
    glob[GlobCol.cycle] = max(teams * most, 1)


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
def shuffle_deck_nb(inst, decks, players, p, rng):
    """Fisher-Yates over the cards left in p's deck; where a card lies is known no more (Hands of
    Fate)."""
    n = players[p, PlayerCol.deck_n]
    for k in range(n):
        inst[decks[p, k], InstCol.seen] &= ~SeenBit.known_in_deck
    for k in range(n - 1, 0, -1):
        j = randint_nb(rng, k + 1)
        decks[p, k], decks[p, j] = decks[p, j], decks[p, k]


# ------------------------------------------------------------------ zones


@njit(cache=True, _nrt=False)
def is_creature_nb(cards, inst, i):
    return cards[inst[i, InstCol.card], CardCol.card_type] == CardType.creature


@njit(cache=True, _nrt=False)
def count_zone_nb(inst, p, zone):
    """Instances owned by p in `zone`."""
    n = 0
    for i in range(inst.shape[0]):
        if inst[i, InstCol.zone] == zone and inst[i, InstCol.owner] == p:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def hand_size_nb(inst, p):
    return count_zone_nb(inst, p, InstZone.hand)


@njit(cache=True, _nrt=False)
def cemetery_hp_nb(cards, inst, players, p):
    """Printed HP of the creature cards in p's cemetery + p's cemetery bonus - what effects took
    off (ruling 7; Reduce the Burden), + what the cards lying there add (Enlightened Soul takes
    off 40 while it lies there, never taking the total below 0)."""
    total = players[p, PlayerCol.cemetery_bonus] - players[p, PlayerCol.cemetery_reduced]
    change = 0
    for i in range(inst.shape[0]):
        if inst[i, InstCol.zone] == InstZone.cemetery and inst[i, InstCol.owner] == p:
            change += cards[inst[i, InstCol.card], CardCol.cemetery_hp]
            if is_creature_nb(cards, inst, i):
                total += cards[inst[i, InstCol.card], CardCol.hp]
    if change > 0:
        total += change
    elif change < 0 and total > 0:
        total = total + change if total + change > 0 else 0
    return total


@njit(cache=True, _nrt=False)
def remove_from_deck_nb(decks, players, i):
    """Take instance i out of the deck stack holding it (keeps the order of the rest). It is its
    deck list's seat's, unless it changed owner (Stone Golem): that seat is searched first."""
    seats = decks.shape[0]
    for side in range(seats):
        p = (i // DECK_SIZE + side) % seats
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
    inst[i, InstCol.seen] &= ~(SeenBit.public | SeenBit.known_in_deck)  # shuffled in: where it is, nobody knows


@njit(cache=True, _nrt=False)
def set_zone_nb(inst, glob, i, zone):
    inst[i, InstCol.zone] = zone
    inst[i, InstCol.entered] = glob[GlobCol.turn]
    # the order cards arrive in: a later "set" effect overrides an earlier one (CASE LAW, Jeesse v
    # James: Dragon Power "sets the Armor at Level 12" after the reductions already made)
    inst[i, InstCol.arrival] = glob[GlobCol.arrivals]
    glob[GlobCol.arrivals] += 1
    inst[i, InstCol.effect_ended] = 0  # Electroloon: a creature that comes back has its effect again
    inst[i, InstCol.drain_victim] = 0  # Wild Vampire: its drain resets when it leaves the field
    inst[i, InstCol.safe_until] = -1  # The Super Hero: its protection ends when it leaves the field
    inst[i, InstCol.again_turn] = -1  # Ironfist Dwarf: a battle again is for the creature that fought
    inst[i, InstCol.draw_pending] = 0  # Witch's Cabin answers a drawn card only while it stays in the hand
    # Possessed Dummy answers a creature as it arrives in its cemetery, sent there by its own
    # player's side: -1 marks one that was on the opponent's side as it left for resolving
    held = inst[i, InstCol.controller] != inst[i, InstCol.owner]
    inst[i, InstCol.possessable] = -1 if zone == InstZone.resolving and held else 0
    if zone != InstZone.cemetery:
        inst[i, InstCol.returns] = -1  # a delayed return (Junk Scarecrow) holds only in the cemetery
    if zone != InstZone.magic:
        inst[i, InstCol.attached_to] = -1
    if zone != InstZone.primary:
        # Bio-Dino: what its sacrifices gave it holds while it stays where its summon put it
        inst[i, InstCol.sacrificed_dice] = 0
        inst[i, InstCol.sacrificed_modifier] = 0
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
    if inst[i, InstCol.seen] & SeenBit.known_in_deck:
        # Hands of Fate showed it to both players: it is a known card in hand
        inst[i, InstCol.seen] = (inst[i, InstCol.seen] & ~SeenBit.known_in_deck) | SeenBit.public
    return i
