"""Boss Battles: one to four players against an automated boss creature (numba).

Boss Battles 2nd edition (shared/rules, section 17, the later of the two Boss Battles texts):
the players win when the boss's HP reaches 0, the boss when every player is eliminated. The
game is the table game of the other modes, on the same kernel: the players are team 0, the
boss's seat (`glob[GlobCol.boss]`) is team 1, and turns alternate between the two teams, the
players taking theirs in order, which is the guide's pattern Boss, Player 1, Boss mini turn,
Player 2, ..., Boss (`state.next_seat_nb`). A boss turn that follows every player's turn since
its last primary turn is a primary turn; the others are mini turns (`begin_turn_nb`).

- The boss is its seat's first instance, on the field from the start. The deck slots its file
  leaves empty hold the boss's own card again and are out of the game (`set_up_nb`).
- The boss has no hand: a card it draws is played at once (`kernel.game.play`), its deck
  reshuffles its cemetery when empty (`draw_nb`), and its Infinite cards are capped (`over_cap_nb`).
- Whom the boss attacks, and whose cards its magic aims at, is the lowest of the players' dice
  (`aim_nb`).
- The players' cards and creatures reach the boss only on a 4-6 (`card_reaches_boss_nb`,
  `creature_holds_nb`), and Break Free ends what they did to it (`break_free_nb`).

docs/rulings.md, "Boss Battles", decides what the guide leaves open.
"""

from __future__ import annotations

from wardsim.kernel.duel.enums import React
from wardsim.kernel.enums import (
    DOT_SLOT_WIDTH,
    N_DOT_SLOTS,
    Action,
    CardCol,
    CardType,
    EffectCol,
    FighterCol,
    Flag,
    MagicType,
    Target,
)
from wardsim.kernel.game.enums import Event, FizzleReason, GlobCol, InstCol, InstZone, PlayerCol
from wardsim.kernel.game.field import card_rows_nb, destroy_magic_nb, place_primary_nb, to_cemetery_nb
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import (
    MAX_SEATS,
    draw_card_nb,
    put_in_deck_nb,
    remove_from_deck_nb,
    set_zone_nb,
    shuffle_deck_nb,
)
from wardsim.kernel.game.trace import note_fizzle_nb, note_play_nb, record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb
from wardsim.rules import BOSS_RESIST_MIN, DECK_SIZE

E = EffectCol
F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol

# the most rounds of dice a tie for the lowest die may take before the first tied player is
# taken (two tied players tie again with chance 1/6 each round)
MAX_TIE_ROLLS = 64


@njit(cache=True, _nrt=False)
def is_boss_nb(glob, p):
    """Seat p is the boss's (false in games without a boss)."""
    return p == glob[G.boss]


@njit(cache=True, _nrt=False)
def boss_creature_nb(glob):
    """The boss creature's instance: the first slot of the boss's deck list; -1 without a boss."""
    return glob[G.boss] * DECK_SIZE if glob[G.boss] >= 0 else -1


@njit(cache=True, _nrt=False)
def set_up_nb(cards, inst, fighters, players, glob, decks):
    """The boss comes to the field as its seat's primary creature before the first turn; the
    deck slots its file leaves empty, which hold the boss's own card again, are out of the game."""
    b = glob[G.boss]
    x = b * DECK_SIZE
    remove_from_deck_nb(decks, players, x)
    place_primary_nb(cards, inst, fighters, players, glob, b, x)
    for k in range(1, DECK_SIZE):
        i = x + k
        if inst[i, I.card] == inst[x, I.card]:
            remove_from_deck_nb(decks, players, i)
            set_zone_nb(inst, glob, i, InstZone.removed)
    glob[G.mini] = 0
    glob[G.boss_primary_turn] = -1
    glob[G.boss_freed] = 0
    glob[G.boss_hp] = fighters[x, F.hp]


@njit(cache=True, _nrt=False)
def begin_boss_turn_nb(players, glob):
    """Is the boss's turn beginning now a primary turn (draw, magic, combat) or a mini turn
    (one card drawn and played)? A primary turn once every player still in the game has had a
    turn since the boss's last primary turn (Boss Battles, Turn pattern: Boss, Player 1, Boss
    mini turn, Player 2, ..., Boss; solo: Boss, Player, Boss)."""
    b = glob[G.boss]
    last = glob[G.boss_primary_turn]
    primary = last < 0
    if not primary:
        primary = True
        for q in range(players.shape[0]):
            if q != b and players[q, P.lost] == 0 and players[q, P.last_turn] <= last:
                primary = False
    glob[G.mini] = 0 if primary else 1
    if primary:
        glob[G.boss_primary_turn] = glob[G.turn]


@njit(cache=True, _nrt=False)
def draw_nb(inst, players, glob, decks, rng, trace):
    """The boss draws; an empty deck first takes back the boss's cemetery, shuffled (Deck
    rules: "When deck empties, shuffle cemetery, reset deck (never runs out)")."""
    b = glob[G.boss]
    if players[b, P.deck_n] == 0:
        n = 0
        for i in range(inst.shape[0]):
            if inst[i, I.owner] == b and inst[i, I.zone] == InstZone.cemetery:
                put_in_deck_nb(inst, decks, players, glob, i, False)
                n += 1
        shuffle_deck_nb(inst, decks, players, b, rng)
        record_nb(trace, glob, b, Event.reshuffle, n, 0, 0)
    return draw_card_nb(inst, decks, players, glob, b)


@njit(cache=True, _nrt=False)
def over_cap_nb(cards, inst, glob, card):
    """The boss's card `card` would take a place on the field over the boss's cap: at most
    `boss_magic_cap` Infinite cards (2nd edition), or magic cards of any kind with
    `boss_cap_all_magic` (the website's reading; ruling boss-magic-cap)."""
    all_magic = glob[G.boss_cap_all_magic] != 0
    if cards[card, CardCol.magic_type] != MagicType.infinite and not all_magic:
        return False
    b = glob[G.boss]
    n = 0
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.magic and inst[i, I.controller] == b:
            if all_magic or cards[inst[i, I.card], CardCol.magic_type] == MagicType.infinite:
                n += 1
    return n >= glob[G.boss_magic_cap]


@njit(cache=True, _nrt=False)
def breaks_free_nb(cards, effects, card):
    """Break Free: never negated, and played through any block on magic (Boss Battles, Break Free)."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.action] == Action.break_free:
            return True
    return False


@njit(cache=True, _nrt=False)
def lowest_player_nb(players, glob, rng, script, trace):
    """Each player still in the game rolls a die, and the lowest is chosen, the tied players
    rolling again until one is lowest (Boss Battles, Target selection: "Each player rolls a die;
    lowest roll is targeted; reroll ties until resolved"). One player left: that player, with no
    roll; none: -1."""
    b = glob[G.boss]
    dice = local_array(MAX_SEATS)
    n = 0
    only = -1
    for q in range(players.shape[0]):
        dice[q] = 0
        if q != b and players[q, P.lost] == 0:
            dice[q] = 1  # in the roll
            n += 1
            only = q
    if n <= 1:
        return only
    lowest = only
    for _ in range(MAX_TIE_ROLLS):
        packed = 0
        for q in range(players.shape[0] - 1, -1, -1):
            if dice[q] > 0:
                dice[q] = d6_nb(rng, script)
            packed = packed * 8 + dice[q]
        low = 7
        for q in range(players.shape[0]):
            if 0 < dice[q] < low:
                low = dice[q]
        tied = 0
        lowest = -1
        for q in range(players.shape[0]):
            if dice[q] == low:
                tied += 1
                if lowest < 0:
                    lowest = q
            elif dice[q] > 0:
                dice[q] = 0  # out of the roll: only the tied players roll again
        record_nb(trace, glob, b, Event.target_roll, lowest if tied == 1 else -1, packed, 0)
        if tied == 1:
            break
    return lowest


@njit(cache=True, _nrt=False)
def aim_nb(players, glob, rng, script, trace):
    """The boss aims at the lowest roller (`lowest_player_nb`): its battle, and its cards that
    name the opponent, are against that player (Boss Battles, Boss attack rules, Boss magic
    targeting)."""
    q = lowest_player_nb(players, glob, rng, script, trace)
    if q >= 0:
        glob[G.faced] = q


@njit(cache=True, _nrt=False)
def aim_at_any_nb(players, glob):
    """The boss faces a player still in the game until its dice aim it (`aim_nb`), which they
    do before anything it does aims at a player."""
    b = glob[G.boss]
    f = glob[G.faced]
    if 0 <= f < players.shape[0] and f != b and players[f, P.lost] == 0:
        return
    for q in range(players.shape[0]):
        if q != b and players[q, P.lost] == 0:
            glob[G.faced] = q
            return


# ------------------------------------------------------------------ resistance

# the targets by which a player's row acts on the boss (the opponent's side, or everyone's)
OPPOSING_TARGETS = (
    Target.struck,
    Target.attacker,
    Target.opponent_primary,
    Target.opponent_creatures,
    Target.all_creatures,
    Target.all_primaries,
    Target.opponent_player,
    Target.both_players,
    Target.lowest_hp_primary,
)
# the actions that change the order or the outcome of a battle, whatever creature they name
# (Backstab "alters combat timing", Junk Scarecrow blocks the boss's attack: Boss Battles,
# When resistance roll required)
BATTLE_ACTIONS = (
    Action.strike_first,
    Action.slower_strikes_first,
    Action.negate_attack,
    Action.reflect_attack,
    Action.absorb_attack,
    Action.block_battle,
    Action.negate_for_damage,
)


@njit(cache=True, _nrt=False)
def row_reaches_boss_nb(effects, r):
    """Row r of a player's card acts on the boss: it aims at the opponent's side or at everyone
    (the boss is every player's opponent), or changes the order or outcome of a battle."""
    target = effects[r, E.target]
    for k in range(len(OPPOSING_TARGETS)):
        if target == OPPOSING_TARGETS[k]:
            return True
    action = effects[r, E.action]
    for k in range(len(BATTLE_ACTIONS)):
        if action == BATTLE_ACTIONS[k]:
            return True
    return False


@njit(cache=True, _nrt=False)
def card_reaches_boss_nb(cards, effects, card, hostile_equip, chosen):
    """A player's magic card `card`, played now, acts on the boss: an equip played on it
    (`hostile_equip`), or a row that reaches it (`row_reaches_boss_nb`); of a card's
    alternatives only the `chosen` row counts (-1: none chosen). Effects on the player's own
    creature roll nothing (Dragon Power on your own creature)."""
    if hostile_equip:
        return True
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (effects[r, E.flags] & Flag.choice) != 0 and r != chosen:
            continue
        if row_reaches_boss_nb(effects, r):
            return True
    return False


@njit(cache=True, _nrt=False)
def creature_reaches_boss_nb(cards, effects, card):
    """A player's creature card has a row that acts on the boss (`row_reaches_boss_nb`)."""
    if cards[card, CardCol.card_type] != CardType.creature:
        return False
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if row_reaches_boss_nb(effects, r):
            return True
    return False


@njit(cache=True, _nrt=False)
def resist_roll_nb(glob, p, i, rng, script, trace):
    """The resistance roll of p's card or creature i against the boss: it acts on a 4-6 (Boss
    Battles, Boss resistance mechanic). Returns True when it holds."""
    die = d6_nb(rng, script)
    holds = die >= BOSS_RESIST_MIN
    record_nb(trace, glob, p, Event.resist, i, die, 1 if holds else 0)
    return holds


@njit(cache=True, _nrt=False)
def creature_holds_nb(inst, glob, i, rng, script, trace):
    """Player creature i's effects act on the boss this turn: one roll per creature and turn,
    its first try of the turn, whose result holds for the rest of the turn ("Each effect may
    only attempt once per turn"; a failure does not send the creature to the cemetery)."""
    t = glob[G.turn]
    if inst[i, I.resist_turn] != t:
        inst[i, I.resist_turn] = t
        inst[i, I.resist_held] = 1 if resist_roll_nb(glob, inst[i, I.controller], i, rng, script, trace) else 0
    return inst[i, I.resist_held] != 0


@njit(cache=True, _nrt=False)
def _other_side(glob, attacker, defender):
    """The player's creature in a battle with the boss; -1 when the boss is not in it."""
    x = boss_creature_nb(glob)
    if x < 0:
        return -1
    if attacker == x:
        return defender
    return attacker if defender == x else -1


@njit(cache=True, _nrt=False)
def battle_roll_nb(cards, effects, inst, fighters, glob, attacker, defender, rng, script, trace):
    """A battle with the boss begins: the player's creature, when it has effects that act on
    the boss, makes its resistance roll of the turn (`creature_holds_nb`)."""
    c = _other_side(glob, attacker, defender)
    if c >= 0 and fighters[c, F.effect_count] > 0 and creature_reaches_boss_nb(cards, effects, inst[c, I.card]):
        creature_holds_nb(inst, glob, c, rng, script, trace)


@njit(cache=True, _nrt=False)
def shield_in_battle_nb(inst, fighters, glob, attacker, defender):
    """In a battle with the boss, a player's creature whose roll failed this turn acts on the
    boss with none of its effects: the boss is unaffected by its creature effects in the battle."""
    c = _other_side(glob, attacker, defender)
    if c >= 0 and inst[c, I.resist_turn] == glob[G.turn] and inst[c, I.resist_held] == 0:
        fighters[boss_creature_nb(glob), F.immune] |= Flag.creature_effects


@njit(cache=True, _nrt=False)
def readied_holds_nb(cards, effects, inst, players, glob, q, j, c, rng, script, trace):
    """Player q readies Lightning card j for creature c's battle with the boss: a card that acts
    on the boss (Junk Scarecrow blocking its attack) makes its resistance roll as it is readied,
    and on a 1-3 goes to q's cemetery with no effect (Boss Battles, Magic cards vs Boss). False
    when it was resisted."""
    if j < 0 or glob[G.boss] < 0 or q == glob[G.boss]:
        return True
    if not card_reaches_boss_nb(cards, effects, inst[j, I.card], False, -1):
        return True
    if resist_roll_nb(glob, q, j, rng, script, trace):
        return True
    record_nb(trace, glob, q, Event.response, j, inst[j, I.card], c)
    note_play_nb(inst, j)
    to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
    note_fizzle_nb(trace, glob, inst, j, FizzleReason.resisted)
    return False


@njit(cache=True, _nrt=False)
def no_fraction_in_battle_nb(fighters, glob, c, other):
    """The boss is immune to fractional HP loss ("Immune to fractional HP reduction"): a card
    readied against its strike that would also halve its HP (Mimic Chest) only negates it."""
    if glob[G.boss] >= 0 and other == boss_creature_nb(glob) and fighters[c, F.react] == React.negate_halve:
        fighters[c, F.react] = React.negate


# ------------------------------------------------------------------ Break Free


@njit(cache=True, _nrt=False)
def break_free_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """Break Free: every effect of the players' cards and creatures on the boss ends (Boss
    Battles, Break Free: "Immediately removes ALL player creature/magic effects from Boss").
    Their equips on it are destroyed; its statuses, damage over time and turn or magic blocks
    end; and the lasting effects of every card on the field now stop reaching it
    (`glob[GlobCol.boss_freed]`, read by `resolve.refresh_fighters_nb`)."""
    b = glob[G.boss]
    x = boss_creature_nb(glob)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.attached_to] == x and inst[j, I.controller] != b:
            destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
        if inst[j, I.drain_victim] == x + 1:
            inst[j, I.drain_victim] = 0  # Wild Vampire's drain on it
    f = fighters[x]
    f[F.frozen_until] = -1
    f[F.stunned_until] = -1
    f[F.disarmed_until] = -1
    f[F.wrap_row] = 0
    f[F.disarm_release_row] = 0
    f[F.modifier_zero_until] = 0
    f[F.skip_turn] = 0
    for k in range(N_DOT_SLOTS):
        f[F.dot0_row + k * DOT_SLOT_WIDTH] = 0
        f[F.dot0_ticks + k * DOT_SLOT_WIDTH] = 0
    players[b, P.skip_turn] = 0
    players[b, P.magic_blocked_until] = -1
    players[b, P.lightning_blocked_until] = -1
    players[b, P.harmless_until] = -1
    players[b, P.low_summon] = 0
    glob[G.boss_freed] = glob[G.arrivals]


@njit(cache=True, _nrt=False)
def freed_from_nb(inst, glob, i, j):
    """Creature i is the boss, and card j a player's card whose lasting effect Break Free ended:
    it was on the field before the boss broke free."""
    return (
        glob[G.boss] >= 0
        and i == glob[G.boss] * DECK_SIZE
        and inst[j, I.controller] != glob[G.boss]
        and inst[j, I.arrival] < glob[G.boss_freed]
    )


# ------------------------------------------------------------------ the damage dealt to it


@njit(cache=True, _nrt=False)
def note_damage_nb(fighters, inst, players, glob):
    """The boss's HP lost since last looked at is the damage of the player whose turn it is,
    or, in the boss's own turns, of the player it battles or aims at (`glob[GlobCol.faced]`);
    healing raises the mark again. Looked at between actions (`play.retire_nb`)."""
    b = glob[G.boss]
    if b < 0:
        return
    x = b * DECK_SIZE
    hp = fighters[x, F.hp] if inst[x, I.zone] == InstZone.primary else 0
    if hp < 0:
        hp = 0
    lost = glob[G.boss_hp] - hp
    if lost > 0:
        a = glob[G.active]
        q = glob[G.faced] if a == b else a
        if 0 <= q < players.shape[0] and q != b:
            players[q, P.boss_damage] += lost
    glob[G.boss_hp] = hp
