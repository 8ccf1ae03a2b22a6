"""The AL Ladder: a 1v1 game played in rounds, one per Armor Level class (numba).

Rules guide, Game Play Styles, "AL Ladder PVP": each player brings one creature of each AL
class, 1 to 12, and an 18-card magic deck. Round k sets each player's creature of AL k against
the other's, with no summoning cost; when a creature is killed the round is over, its winner
scores a point, every card on the field goes to the cemetery, and the next round begins. After
the last round the most points wins; on a tie each player rolls one die and the creatures of
the AL class of the dice sum fight again, the winner of that fight winning the game.

The game is the standard one otherwise (turns, draws, magic, battles, the first turn cycle), on
the same kernel: `glob[GlobCol.rounds]` > 0 makes a game a ladder. The creatures wait out of
the deck (`InstZone.reserve`); `settle_nb` ends a round where it would have a player place a
new primary; a creature on the field leaves it only by dying (`field.held_on_field_nb`); no
cemetery total decides the game (`field.check_cemetery_nb`). docs/rulings.md, "AL Ladder",
decides what the guide leaves open.
"""

from __future__ import annotations

from wardsim.kernel.enums import CardCol
from wardsim.kernel.game import resolve
from wardsim.kernel.game.enums import EndReason, Event, GlobCol, InstCol, InstZone, PlayerCol
from wardsim.kernel.game.field import finish_nb, leave_for_cemetery_nb, place_primary_nb, take_from_cemetery_nb
from wardsim.kernel.game.state import is_creature_nb, remove_from_deck_nb, set_zone_nb
from wardsim.kernel.game.trace import record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb

G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol


@njit(cache=True, _nrt=False)
def set_aside_nb(cards, inst, players, glob, decks):
    """Each player's creatures leave the deck to wait for their rounds: the deck is the magic
    cards alone ("Each player will have 18 magic cards in their deck")."""
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.deck and is_creature_nb(cards, inst, i):
            remove_from_deck_nb(decks, players, i)
            set_zone_nb(inst, glob, i, InstZone.reserve)


@njit(cache=True, _nrt=False)
def creature_of_class_nb(cards, inst, p, al):
    """p's creature of AL class `al` waiting for its round, or back in the cemetery for a
    deciding fight; -1 if p has none."""
    for i in range(inst.shape[0]):
        z = inst[i, I.zone]
        if (
            inst[i, I.owner] == p
            and (z == InstZone.reserve or z == InstZone.cemetery)
            and is_creature_nb(cards, inst, i)
            and cards[inst[i, I.card], CardCol.armor_level] == al
        ):
            return i
    return -1


@njit(cache=True, _nrt=False)
def start_round_nb(cards, effects, inst, fighters, players, glob, decks, al, dice, policy, params, rng, script, trace):
    """Round glob[round] begins: each player's creature of AL class `al` comes to the field as
    their primary, with no summoning cost ("No summoning costs for creatures"); then the
    creatures' on-summon rows act, the active player's first. `dice`: the sum rolled for a
    deciding fight (0: a round of the ladder)."""
    a = glob[G.active]
    seats = players.shape[0]
    record_nb(trace, glob, a, Event.round, glob[G.round], al, dice)
    for side in range(seats):
        p = (a + side) % seats
        i = creature_of_class_nb(cards, inst, p, al)
        if i < 0:
            continue  # no creature of the class (a deck the ladder's check refuses): the round is lost
        if inst[i, I.zone] == InstZone.cemetery:
            take_from_cemetery_nb(cards, effects, inst, players, glob, i)
        record_nb(trace, glob, p, Event.summon, i, inst[i, I.card], 0)
        place_primary_nb(cards, inst, fighters, players, glob, p, i)
    for side in range(seats):
        p = (a + side) % seats
        i = players[p, P.primary]
        if i >= 0 and glob[G.winner] < 0:
            resolve.on_summon_nb(
                cards, effects, inst, fighters, players, glob, decks, i, policy, params, rng, script, trace
            )


@njit(cache=True, _nrt=False)
def _clear_field(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """ "Send all cards on the field to the cemetery": the creatures first, each with what it
    takes along (its equips, what it anchors), then the magic cards left."""
    for zone in (InstZone.primary, InstZone.limited, InstZone.magic):
        for i in range(inst.shape[0]):
            if inst[i, I.zone] == zone:
                leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
    for p in range(players.shape[0]):
        players[p, P.primary] = -1


@njit(cache=True, _nrt=False)
def end_round_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Called where a standard game would have a player place a new primary: when a player's
    creature was killed, the round is over. The player whose creature lives scores a point (none
    when both died: ruling ladder-both-killed); the field goes to the cemetery; the turn ends
    (ruling ladder-round-end); the next round begins at once, so each player always has a
    primary. After the last round, the most points wins; a tie, or a deciding fight with no
    winner, rolls for a deciding fight. Returns whether a round ended."""
    if glob[G.winner] >= 0:
        return False
    seats = players.shape[0]
    alive = -1
    missing = 0
    for p in range(seats):
        if players[p, P.primary] < 0:
            missing += 1
        else:
            alive = p
    if missing == 0:
        return False
    winner = alive if missing == seats - 1 else -1
    deciding = glob[G.round] > glob[G.rounds]
    if winner >= 0 and not deciding:
        players[winner, P.points] += 1
    record_nb(
        trace,
        glob,
        glob[G.active],
        Event.round_end,
        glob[G.round],
        winner,
        players[winner, P.points] if winner >= 0 else 0,
    )
    _clear_field(cards, effects, inst, fighters, players, glob, decks, rng, trace)
    glob[G.round_over] = 1
    if deciding and winner >= 0:
        finish_nb(glob, players[winner, P.team], EndReason.deciding_fight)
        return True
    if glob[G.round] >= glob[G.rounds]:
        best = 0
        for p in range(1, seats):
            if players[p, P.points] > players[best, P.points]:
                best = p
        tied = False
        for p in range(seats):
            if p != best and players[p, P.points] == players[best, P.points]:
                tied = True
        if not tied:
            finish_nb(glob, players[best, P.team], EndReason.points)
            return True
    glob[G.round] += 1
    if glob[G.round] <= glob[G.rounds]:
        al = glob[G.round]
        dice = 0
    else:
        # "each player rolls 1 die. The sum of both dice is equal to the creature the players
        # will summon"
        dice = 0
        for _ in range(seats):
            dice += d6_nb(rng, script)
        al = dice
    start_round_nb(cards, effects, inst, fighters, players, glob, decks, al, dice, policy, params, rng, script, trace)
    return True
