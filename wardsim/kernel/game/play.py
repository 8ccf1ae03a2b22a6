"""The game kernel: complete games by the rules guide (numba).

One game is the five state arrays of `kernel.game.state` (indexed by seat; 1v1 is two seats),
a generator, and the seats' policies. `begin_turn_nb`, `legal_actions_nb`, `apply_action_nb`
and `end_turn_nb` are the OpenSpiel-like step functions; `kernel.game.match` drives them with
the players' policies. "The opponent" of a player is `state.opponent_nb`: in 1v1, the other
seat.

Turn structure (rules guide, TURNS EXPLAINED), turn t = 0, 1, 2, ...; a turn cycle is
`glob[GlobCol.cycle]` turns, one of each seat (1v1: two); the first turn cycle is turns 0 to
cycle - 1:

1. Draw phase: draw one card (not in either player's first turn); with more than 8 cards in
   hand, discard to 8 (the policy chooses; discards go to the cemetery and creature HP counts).
   Turn-start effects; a wrapped creature rolls to be released; the player skips the rest of
   the turn when an effect made them skip it.
2. Magic/summoning phase: with no primary creature the player must place one first (the first
   turn's placement is its standard summon); then any number of actions: summon (one standard
   summon per turn; the primary on the field is sacrificed or killed to make room), kill the own
   primary (counts as the turn's summon), play magic cards, use optional turn effects.
3. Combat phase: not in the first turn cycle; the active player may initiate one battle with
   its primary creature. Combat ends when a primary dies. After combat (or in its place when
   the player does not battle) the damage and healing over time due this turn tick
   (DESIGN.md ruling 6).
4. Wrap-up phase: magic cards may be played; no summoning. Turn-end effects.

A primary creature that dies is replaced at once (a Limited Summon slides in when one is
there); with no playable creature the redraw procedure runs (show the hand, shuffle it back,
draw as many); a player who cannot place a creature loses (ruling 8). A player with 300 or more
HP in the cemetery loses (ruling 7). With more than two players a player who loses is out, and
the others play on until one team is left (ruling player-out). The turn cap ends the game as a
draw.
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.bots import choice
from wardsim.kernel.duel.battle import end_battle_nb, end_exchange_nb, is_stunned_nb, open_battle_nb
from wardsim.kernel.duel.effect_rows import (
    FOREVER,
    add_battle_stat_nb,
    apply_battle_row_nb,
    chosen_battle_row_nb,
    take_damage_nb,
)
from wardsim.kernel.duel.enums import Counter, Fired, React
from wardsim.kernel.enums import (
    Action,
    CardCol,
    CardType,
    Condition,
    Duration,
    EffectCol,
    FighterCol,
    Flag,
    Scale,
    Stat,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game import boss, magic, rerolls, resolve, rewind, rounds, turns
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb, encode_action_nb
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    NO_OPTION,
    ActionKind,
    BossPlay,
    ChoiceKind,
    EndReason,
    Event,
    FizzleReason,
    GlobCol,
    InstCol,
    InstZone,
    MagicTarget,
    Phase,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.game.field import (
    BY_OPPONENT_EFFECT,
    can_initiate_nb,
    cannot_leave_cemetery_nb,
    card_rows_nb,
    cemetery_chained_nb,
    destroy_magic_nb,
    equipped_instead_nb,
    find_row_nb,
    finish_nb,
    frenzy_in_force_nb,
    heal_creature_nb,
    held_on_field_nb,
    infinite_in_use_nb,
    kill_nb,
    leave_field_nb,
    leave_for_cemetery_nb,
    lightning_barred_nb,
    limited_barred_nb,
    lose_nb,
    magic_barred_nb,
    magic_immune_vs_nb,
    once_negation_nb,
    paid_negation_nb,
    pay_magic_toll_nb,
    place_primary_nb,
    rarity_barred_nb,
    sacrifice_nb,
    self_limited_row_nb,
    send_back_nb,
    share_bound_damage_nb,
    show_deck_tops_nb,
    show_hands_nb,
    slide_in_nb,
    slide_in_options_nb,
    sweep_deaths_nb,
    sync_damage_immune_nb,
    take_from_cemetery_nb,
    tend_sleepers_nb,
    to_cemetery_nb,
    to_deck_nb,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import (
    MAX_INST,
    MAX_SEATS,
    cemetery_hp_nb,
    count_cycle_nb,
    draw_card_nb,
    hand_size_nb,
    has_played_nb,
    infinite_slots_nb,
    is_creature_nb,
    next_seat_nb,
    opponent_nb,
    put_in_deck_nb,
    reset_state_nb,
    set_zone_nb,
    shuffle_deck_nb,
)
from wardsim.kernel.game.trace import note_fizzle_nb, note_play_nb, record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb, seed_rng_nb
from wardsim.rules import CRITICAL_MULTIPLIER, NO_SACRIFICE_MAX_AL, ONE_SACRIFICE_MAX_AL

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol

# a guard only: the redraw procedure runs until a creature can be placed (rules guide: "repeat
# this process until a creature can be played"), and it runs only while one could be
# (`could_ever_place_nb`); at 1 chance in 1,000 per try, 10**6 tries never all fail
MAX_REDRAWS = 1_000_000
MAX_STEPS_PER_TURN = 96  # a guard: a policy that never ends its phase is made to


# ------------------------------------------------------------------ summoning


@njit(cache=True, _nrt=False)
def summon_cost_nb(cards, effects, card):
    """Sacrifices a creature needs: its card text, else by base AL (rules guide, Sacrificing:
    AL 1-6 none, 7-11 one, 12 two; DESIGN.md ruling 9)."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.summon_cost
            and effects[r, E.action] == Action.sacrifices
            and effects[r, E.condition] == Condition.always
        ):
            return effects[r, E.amount]
    al = cards[card, CardCol.armor_level]
    if al <= NO_SACRIFICE_MAX_AL:
        return 0
    if al <= ONE_SACRIFICE_MAX_AL:
        return 1
    return 2


@njit(cache=True, _nrt=False)
def summon_cost_now_nb(cards, effects, inst, players, p, i):
    """Sacrifices p's creature i needs now: its cost (`summon_cost_nb`), or less where a cost
    row with a condition that holds now offers it (Ghul'Vok: "If 'Full Moon' is on the field,
    this creature may be summoned without sacrifice"; Orc Champion: with 2 "Orc" creatures in
    the hand). The player takes the cheapest (ruling conditional-summon-costs)."""
    card = inst[i, I.card]
    cost = summon_cost_nb(cards, effects, card)
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.summon_cost or effects[r, E.action] != Action.sacrifices:
            continue
        cond = effects[r, E.condition]
        if cond == Condition.always or effects[r, E.amount] >= cost:
            continue
        holds = False
        if cond == Condition.named_on_field:
            for j in range(inst.shape[0]):
                z = inst[j, I.zone]
                if (z == InstZone.magic or z == InstZone.primary or z == InstZone.limited) and (
                    cards[inst[j, I.card], CardCol.names] & effects[r, E.filter_names]
                ) != 0:
                    holds = True
        elif cond == Condition.hand_holds:
            found = 0
            for j in range(inst.shape[0]):
                if (
                    j != i
                    and inst[j, I.zone] == InstZone.hand
                    and inst[j, I.owner] == p
                    and resolve.matches_filter_nb(cards, effects, r, inst[j, I.card])
                ):
                    found += 1
            holds = found >= effects[r, E.dice]
        if holds:
            cost = effects[r, E.amount]
    # Bait: "For this turn, your creatures require 1 less sacrifice than normal" (while it stays)
    for j in range(inst.shape[0]):
        if cost <= 0:
            break
        if inst[j, I.zone] != InstZone.magic or inst[j, I.controller] != p:
            continue
        s, e = card_rows_nb(cards, inst[j, I.card])
        for r in range(s, e):
            if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.sacrifice_discount:
                cost = max(cost - effects[r, E.amount], 0)
    return cost


@njit(cache=True, _nrt=False)
def sacrifice_worth_nb(cards, effects, summoned_card, card):
    """How many sacrifices creature card `card` counts as for summoning `summoned_card`: 1, or
    what the cards say (Sacrificial Goat: "counts as 2 sacrifices while on the field or in your
    hand"; Subject #4212: "If Pumpkin Man is used as a sacrifice, it counts as 2 sacrifices for
    this card")."""
    worth = 1
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.sacrifice_worth:
            worth = max(worth, effects[r, E.amount])
    start, stop = card_rows_nb(cards, summoned_card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.summon_cost
            and effects[r, E.action] == Action.sacrifice_worth
            and resolve.matches_filter_nb(cards, effects, r, card)
        ):
            worth = max(worth, effects[r, E.amount])
    return worth


@njit(cache=True, _nrt=False)
def fodder_worth_nb(cards, effects, inst, summoned, out, n):
    """The sacrifices the first n creatures of `out` count as, for summoning `summoned`."""
    card = inst[summoned, I.card]
    total = 0
    for k in range(n):
        total += sacrifice_worth_nb(cards, effects, card, inst[out[k], I.card])
    return total


@njit(cache=True, _nrt=False)
def _sacrifice_filter_row(cards, effects, card):
    """Eternal Dragon's cost row, which only Dragons can pay; -1 when any creature will do."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.summon_cost
            and effects[r, E.action] == Action.sacrifices
            and effects[r, E.condition] == Condition.always  # not Ghul'Vok's "Full Moon"
            and (effects[r, E.filter_types] | effects[r, E.filter_tags] | effects[r, E.filter_names]) != 0
        ):
            return r
    return -1


@njit(cache=True, _nrt=False)
def _names_left(cards, effects, frow, used, i_card):
    """Perfect Shark: "placing 'Sharkling' and 'Great White' on the field under this card": with
    a `distinct` cost row, each sacrifice must match a name of the filter that no earlier
    sacrifice matched (`used`: the name bits already paid). The name bits card `i_card` would
    pay; -1 when its names are spent (or the row asks for no distinct names: 0)."""
    if frow < 0 or (effects[frow, E.flags] & Flag.distinct) == 0:
        return 0
    bits = cards[i_card, CardCol.names] & effects[frow, E.filter_names] & ~used
    return bits if bits != 0 else -1


@njit(cache=True, _nrt=False)
def soul_eater_nb(cards, effects, inst, p):
    """Soul Eater: "You may use a Limited Summon on the field as a sacrifice for summoning": a
    magic card of p's on the field with a `static` `limited_sacrifice` row (spent once used), or
    -1."""
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.magic
            and inst[j, I.controller] == p
            and find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.limited_sacrifice) >= 0
        ):
            return j
    return -1


@njit(cache=True, _nrt=False)
def _can_be_sacrificed(cards, effects, inst, fighters, players, glob, frow, p, i):
    if not is_creature_nb(cards, inst, i):
        return False
    if inst[i, I.zone] == InstZone.limited:
        # Soul Eater: any Limited Summon on the field, either player's, that can leave it
        return (
            soul_eater_nb(cards, effects, inst, p) >= 0
            and (frow < 0 or resolve.matches_filter_nb(cards, effects, frow, inst[i, I.card]))
            and fighters[i, F.frozen_until] < glob[G.turn]
            and not held_on_field_nb(cards, effects, inst, fighters, glob, i)
            and not _no_sacrifice(cards, effects, inst, i)
        )
    if frow >= 0 and not resolve.matches_filter_nb(cards, effects, frow, inst[i, I.card]):
        return False
    q = inst[i, I.controller]
    if inst[i, I.zone] == InstZone.primary and players[q, P.team] == players[p, P.team]:
        # Steam Spider, Lead Boots: "cannot be used as a sacrifice from the field"; a teammate's
        # primary too (Multiplayer PVP: "Teammates may sacrifice their teammates creatures")
        return (
            not primary_frozen_nb(fighters, players, glob, q)
            and not held_on_field_nb(cards, effects, inst, fighters, glob, i)
            and not _no_sacrifice(cards, effects, inst, i)
        )
    return inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == p


@njit(cache=True, _nrt=False)
def _no_sacrifice(cards, effects, inst, i):
    """Frost Wyrms: "The equipped creature cannot be used as a sacrifice" while it is attached."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.action] == Action.no_sacrifice and effects[r, E.target] == Target.equipped:
                return True
    return False


@njit(cache=True, _nrt=False)
def primary_frozen_nb(fighters, players, glob, p):
    """p's primary is frozen, so it stays on the field: it cannot be sacrificed (rules guide,
    STATUS EFFECTS: "A frozen creature cannot battle, return attack, or be sacrificed until
    unfrozen"), nor killed to make room for a summon, which is a sacrifice by the guide's
    DEFINITIONS ("Sacrifice: The process of discarding a creature from the field and/or your hand
    to the cemetery to bring a stronger creature to the field")."""
    c = players[p, P.primary]
    return c >= 0 and fighters[c, F.frozen_until] >= glob[G.turn]


@njit(cache=True, _nrt=False)
def fodder_nb(cards, effects, inst, fighters, players, glob, p, summoned, cost, out):
    """The cheapest sacrifices for `summoned`, to decide whether it can be summoned and what it
    costs at least (the player chooses the sacrifices themselves: `summon_nb`): the primary
    first, since it must leave the field anyway (not for a creature summoned to the opponent's
    side), then the hand's cheapest cards for the cemetery race: cards that leave the cemetery
    again (Giant Rat) first, then the lowest printed HP. Returns how many were found."""
    if cost == 0:
        return 0
    card = inst[summoned, I.card]
    frow = _sacrifice_filter_row(cards, effects, card)
    n = 0
    worth = 0  # what the creatures found count as (Sacrificial Goat counts 2)
    used = 0  # the names already paid, for a cost of distinct names (Perfect Shark)
    primary = players[p, P.primary]
    if (
        primary >= 0
        and not resolve.plays_to_opponent_nb(cards, effects, card)
        and _can_be_sacrificed(cards, effects, inst, fighters, players, glob, frow, p, primary)
    ):
        out[n] = primary
        n += 1
        worth += sacrifice_worth_nb(cards, effects, card, inst[primary, I.card])
        used |= max(_names_left(cards, effects, frow, used, inst[primary, I.card]), 0)
    limited = 0  # Soul Eater: one Limited Summon per card
    while worth < cost:
        best = -1
        best_key = 1 << 40
        for i in range(inst.shape[0]):
            if i == summoned:
                continue
            if inst[i, I.zone] == InstZone.limited:
                if limited > 0:
                    continue
            elif inst[i, I.zone] == InstZone.primary:
                if inst[i, I.controller] == p:
                    continue  # p's own primary is counted above
            elif inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != p:
                continue
            taken = False
            for k in range(n):
                if out[k] == i:
                    taken = True
            if taken or not _can_be_sacrificed(cards, effects, inst, fighters, players, glob, frow, p, i):
                continue
            c = inst[i, I.card]
            if _names_left(cards, effects, frow, used, c) < 0:
                continue
            # the cemetery HP per sacrifice it pays, at most what is still owed
            key = cards[c, CardCol.hp] * 16 + cards[c, CardCol.armor_level]
            key //= min(sacrifice_worth_nb(cards, effects, card, c), cost - worth)
            if resolve.leaves_cemetery_when_sacrificed_nb(cards, effects, c):
                key -= 1 << 20
            if inst[i, I.zone] == InstZone.limited and inst[i, I.controller] != p:
                key = -(1 << 21)  # Soul Eater: the opponent's Limited Summon fills their cemetery
            if inst[i, I.zone] == InstZone.primary:
                key += 1 << 30  # a teammate's primary: the last resort, it costs them their creature
            if key < best_key:
                best_key = key
                best = i
        if best < 0:
            break
        out[n] = best
        n += 1
        if inst[best, I.zone] == InstZone.limited:
            limited += 1
        worth += sacrifice_worth_nb(cards, effects, card, inst[best, I.card])
        used |= max(_names_left(cards, effects, frow, used, inst[best, I.card]), 0)
    if worth < cost and primary >= 0 and resolve.plays_to_opponent_nb(cards, effects, card):
        if _can_be_sacrificed(cards, effects, inst, fighters, players, glob, frow, p, primary):
            out[n] = primary
            n += 1
    return n


@njit(cache=True, _nrt=False)
def has_requirement_nb(cards, effects, card):
    """Shard Titan: a creature with a summon requirement (`summon_cost` `summon_requirement`
    rows), which its player's primary creature must meet: it is never placed without one."""
    return find_row_nb(cards, effects, card, Trigger.summon_cost, Action.summon_requirement) >= 0


@njit(cache=True, _nrt=False)
def _requirements_met(cards, effects, inst, players, p, card):
    """Shard Titan: "Can only be summoned if your primary creature is Cosmic-type and has
    'Strange Jewel' equipped": each `summon_requirement` row holds for p's primary creature
    (`own_primary_matches`: its printed type, tags or names pass the filter; `equipped_with`: a
    card passing the filter is equipped to it)."""
    start, stop = card_rows_nb(cards, card)
    c = players[p, P.primary]
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.summon_cost or effects[r, E.action] != Action.summon_requirement:
            continue
        if c < 0:
            return False
        cond = effects[r, E.condition]
        if cond == Condition.own_primary_matches:
            if not resolve.matches_filter_nb(cards, effects, r, inst[c, I.card]):
                return False
        elif cond == Condition.equipped_with:
            found = False
            for j in range(inst.shape[0]):
                if (
                    inst[j, I.zone] == InstZone.magic
                    and inst[j, I.attached_to] == c
                    and resolve.matches_filter_nb(cards, effects, r, inst[j, I.card])
                ):
                    found = True
            if not found:
                return False
    return True


@njit(cache=True, _nrt=False)
def can_summon_nb(cards, effects, inst, fighters, players, glob, p, i):
    """Can p summon creature i from hand by the sacrifice rules? Not while a frozen primary holds
    the field, unless i does not take its place (Stone Golem goes to the opponent's side, The
    Squire joins as a Limited Summon); not while a summon requirement of its fails (Shard Titan);
    never in the AL Ladder, whose rounds place the creatures ("Each player plays 1 creature at a
    time of the same Armor Level")."""
    if glob[G.rounds] > 0:
        return False
    card = inst[i, I.card]
    if not _requirements_met(cards, effects, inst, players, p, card):
        return False
    if (
        primary_frozen_nb(fighters, players, glob, p)
        and not resolve.plays_to_opponent_nb(cards, effects, card)
        and self_limited_row_nb(cards, effects, card) < 0
    ):
        return False
    if (
        self_limited_row_nb(cards, effects, card) >= 0
        and players[p, P.primary] >= 0
        and limited_barred_nb(cards, effects, inst, glob)
    ):
        return False  # The Squire would join as a Limited Summon: Street Lights bars it
    if rarity_barred_nb(cards, players, glob, card):
        return False  # Steam Angel: no card of its rarity is played
    if resolve.plays_to_opponent_nb(cards, effects, card):
        o = players[opponent_nb(players, glob, p), P.primary]
        if o >= 0 and held_on_field_nb(cards, effects, inst, fighters, glob, o):
            return False  # Stone Golem cannot send a Steam Spider (or a creature in Lead Boots) to the deck
    scratch = local_array(4)
    cost = summon_cost_now_nb(cards, effects, inst, players, p, i)
    n = fodder_nb(cards, effects, inst, fighters, players, glob, p, i, cost, scratch)
    return fodder_worth_nb(cards, effects, inst, i, scratch, n) >= cost


@njit(cache=True, _nrt=False)
def summon_cemetery_cost_nb(cards, effects, inst, fighters, players, glob, p, i):
    """Printed HP that summoning i would add to p's cemetery: its sacrifices (those that leave
    the cemetery again, like Giant Rat, or go under the new creature cost nothing), and the
    primary killed to make room."""
    scratch = local_array(4)
    card = inst[i, I.card]
    cost = summon_cost_now_nb(cards, effects, inst, players, p, i)
    n = fodder_nb(cards, effects, inst, fighters, players, glob, p, i, cost, scratch)
    total = 0
    primary_paid = False
    for k in range(n):
        c = inst[scratch[k], I.card]
        if scratch[k] == players[p, P.primary]:
            primary_paid = True
        if not resolve.leaves_cemetery_when_sacrificed_nb(cards, effects, c) and not resolve.follows_under_nb(
            cards, effects, card, c
        ):
            total += cards[c, CardCol.hp]
    primary = players[p, P.primary]
    if (
        not primary_paid
        and primary >= 0
        and not resolve.plays_to_opponent_nb(cards, effects, card)
        and self_limited_row_nb(cards, effects, card) < 0
    ):
        total += cards[inst[primary, I.card], CardCol.hp]
    return total


@njit(cache=True, _nrt=False)
def summon_nb(cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace):
    """p summons creature i from hand, paying its sacrifices. Stone Golem goes to the
    opponent's side; The Squire joins as a Limited Summon when p has a primary."""
    card = inst[i, I.card]
    squire = self_limited_row_nb(cards, effects, card)
    if squire >= 0 and players[p, P.primary] >= 0:
        resolve.limited_summon_nb(cards, inst, fighters, players, glob, p, i, i, trace)
        return
    cost = summon_cost_now_nb(cards, effects, inst, players, p, i)
    inst[i, I.sacrificed_dice] = 0
    inst[i, I.sacrificed_modifier] = 0
    n = _pay_sacrifices(cards, effects, inst, fighters, players, glob, decks, p, i, cost, policy, params, rng, trace)
    if glob[G.winner] >= 0:
        return  # the sacrifices took the cemetery to the losing total: the game is over
    note_play_nb(inst, i)
    if resolve.plays_to_opponent_nb(cards, effects, card):
        record_nb(trace, glob, p, Event.summon, i, card, n)
        # Stone Golem: the opponent's primary goes back to their deck; the Golem takes its
        # place for the rest of the game, and its HP will count in their cemetery
        o = opponent_nb(players, glob, p)
        old = players[o, P.primary]
        if old >= 0:
            leave_field_nb(cards, effects, inst, fighters, players, glob, decks, old, rng, trace)
            if not equipped_instead_nb(cards, effects, inst, fighters, players, glob, old, o, trace):
                send_back_nb(cards, effects, inst, players, glob, decks, old, Zone.deck, rng, trace)
        inst[i, I.owner] = o
        place_primary_nb(cards, inst, fighters, players, glob, o, i)
        return
    old = players[p, P.primary]
    if old >= 0:  # cost 0: the primary is killed to make room (rules guide, Sacrificing)
        record_nb(trace, glob, p, Event.kill_own, old, inst[old, I.card], 0)
        kill_nb(cards, effects, inst, fighters, players, glob, decks, old, -1, False, rng, trace)
    record_nb(trace, glob, p, Event.summon, i, card, n)
    place_primary_nb(cards, inst, fighters, players, glob, p, i)
    resolve.on_summon_nb(cards, effects, inst, fighters, players, glob, decks, i, policy, params, rng, script, trace)
    magic.equip_from_deck_nb(
        cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace
    )


@njit(cache=True, _nrt=False)
def _answer_summon(cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace):
    """Icy Breath: "Play this card when your opponent summons a creature": the opponent may
    answer p's summon action (ruling icy-breath: not a creature placed because p must have one,
    when no magic card may be played)."""
    if glob[G.winner] < 0 and players[p, P.primary] == i:
        o = opponent_nb(players, glob, p)
        options = local_array(MAX_INST)
        n_options = magic.summon_options_nb(cards, effects, inst, fighters, players, glob, o, i, options)
        answer = choice.pick_nb(
            ChoiceKind.summon_response,
            o,
            i,
            options,
            n_options,
            policy,
            params,
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            rng,
        )
        if answer >= 0:
            magic.play_magic_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                o,
                answer,
                MagicTarget.opponent,
                policy,
                params,
                rng,
                script,
                trace,
            )


@njit(cache=True, _nrt=False)
def _pay_sacrifices(cards, effects, inst, fighters, players, glob, decks, p, i, cost, policy, params, rng, trace):
    """p pays `cost` sacrifices for creature i, choosing each one among the creatures that may
    pay it (rules guide, Sacrificing: "from the field and/or your hand"); returns how many."""
    card = inst[i, I.card]
    frow = _sacrifice_filter_row(cards, effects, card)
    # the primary leaves the field for the new creature anyway (killed to make room)
    replaces = not resolve.plays_to_opponent_nb(cards, effects, card) and self_limited_row_nb(cards, effects, card) < 0
    options = local_array(MAX_INST)
    facts = local_array(MAX_INST)
    paid_list = local_array(MAX_INST)
    paid = 0
    worth = 0  # the sacrifices paid so far (Sacrificial Goat counts 2)
    used = 0  # the names paid so far, for a cost of distinct names (Perfect Shark)
    while worth < cost:
        n = 0
        for j in range(inst.shape[0]):
            if j == i or not _can_be_sacrificed(cards, effects, inst, fighters, players, glob, frow, p, j):
                continue
            c = inst[j, I.card]
            if _names_left(cards, effects, frow, used, c) < 0:
                continue
            dup = False  # copies of a card in hand are one option
            for k in range(n):
                if inst[options[k], I.card] == c and inst[options[k], I.zone] == inst[j, I.zone]:
                    dup = True
            if dup:
                continue
            added = cards[c, CardCol.hp]
            if inst[j, I.zone] == InstZone.limited and inst[j, I.controller] != p:
                added = 0  # Soul Eater: to the cemetery of the player that controls it
            if resolve.follows_under_nb(cards, effects, card, c) or resolve.leaves_cemetery_when_sacrificed_nb(
                cards, effects, c
            ):
                added = 0
            if j == players[p, P.primary] and replaces:
                added = 0
            options[n] = j
            facts[n] = added
            n += 1
        if n == 0:
            break
        k = choice.decide_nb(
            ChoiceKind.sacrifice,
            p,
            i,
            options,
            facts,
            n,
            policy,
            params,
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            rng,
        )
        worth += sacrifice_worth_nb(cards, effects, card, inst[options[k], I.card])
        used |= max(_names_left(cards, effects, frow, used, inst[options[k], I.card]), 0)
        under = i if resolve.follows_under_nb(cards, effects, card, inst[options[k], I.card]) else -1
        # Bio-Dino, Ward United: the sacrifices' printed Atk Dice Rolls and Modifier, kept on the new creature
        inst[i, I.sacrificed_dice] += cards[inst[options[k], I.card], CardCol.attack_dice]
        inst[i, I.sacrificed_modifier] += cards[inst[options[k], I.card], CardCol.modifier]
        paid_list[paid] = options[k]
        eater = -1
        if inst[options[k], I.zone] == InstZone.limited:
            # Soul Eater: "Send the Limited Summon to the cemetery of the player that currently
            # controls it"; the card is spent
            eater = soul_eater_nb(cards, effects, inst, p)
            inst[options[k], I.owner] = inst[options[k], I.controller]
            inst[options[k], I.anchor] = -1
        sacrifice_nb(cards, effects, inst, fighters, players, glob, decks, p, options[k], under, rng, trace)
        if eater >= 0:
            leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, eater, rng, trace)
        paid += 1
        if glob[G.winner] >= 0:
            break
    back = find_row_nb(cards, effects, card, Trigger.summon_cost, Action.move_card)
    if back >= 0 and glob[G.winner] < 0:
        # Deercrow: "If summoned by sacrificing 'Scarecrow' or 'Big Buck', send 1 of them back
        # to your deck, then shuffle": its player picks one of those sacrifices in the cemetery
        n = 0
        for k in range(paid):
            j = paid_list[k]
            if inst[j, I.zone] == InstZone.cemetery and resolve.matches_filter_nb(
                cards, effects, back, inst[j, I.card]
            ):
                options[n] = j
                n += 1
        if n > 0:
            j = choice.pick_nb(
                ChoiceKind.zone_pick,
                p,
                i,
                options,
                n,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            record_nb(trace, glob, p, Event.effect, i, back, 0)
            take_from_cemetery_nb(cards, effects, inst, players, glob, j)
            send_back_nb(cards, effects, inst, players, glob, decks, j, effects[back, E.zone_to], rng, trace)
    return paid


# ------------------------------------------------------------------ placing a creature


@njit(cache=True, _nrt=False)
def placeable_nb(cards, effects, inst, fighters, players, glob, p, out):
    """Creatures p could place now from hand; returns how many (written to out)."""
    n = 0
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == p and is_creature_nb(cards, inst, i):
            if not resolve.plays_to_opponent_nb(cards, effects, inst[i, I.card]) and can_summon_nb(
                cards, effects, inst, fighters, players, glob, p, i
            ):
                out[n] = i
                n += 1
    return n


@njit(cache=True, _nrt=False)
def could_ever_place_nb(cards, effects, inst, p, hand_n):
    """Is some creature in p's hand or deck placeable with a hand of `hand_n` cards? If not,
    p has no playable creature and loses (rules guide, How to play; ruling 8). The redraw
    procedure runs as long as this holds, so it must agree with `fodder_nb`: the sacrifices are
    other creatures of that hand, of the kind the card asks for (Eternal Dragon: Dragons)."""
    for i in range(inst.shape[0]):
        z = inst[i, I.zone]
        if z != InstZone.hand and z != InstZone.deck or inst[i, I.owner] != p or not is_creature_nb(cards, inst, i):
            continue
        card = inst[i, I.card]
        if resolve.plays_to_opponent_nb(cards, effects, card) or has_requirement_nb(cards, effects, card):
            continue  # Shard Titan asks for a primary creature: a placement has none
        frow = _sacrifice_filter_row(cards, effects, card)
        fodder = 0
        doubles = 0  # fodder that counts as 2 sacrifices or more (Sacrificial Goat)
        names = 0  # the names the fodder covers, for a cost of distinct names (Perfect Shark)
        for j in range(inst.shape[0]):
            zj = inst[j, I.zone]
            if (
                j != i
                and (zj == InstZone.hand or zj == InstZone.deck)
                and inst[j, I.owner] == p
                and is_creature_nb(cards, inst, j)
                and (frow < 0 or resolve.matches_filter_nb(cards, effects, frow, inst[j, I.card]))
            ):
                fodder += 1
                names |= max(_names_left(cards, effects, frow, 0, inst[j, I.card]), 0)
                if sacrifice_worth_nb(cards, effects, card, inst[j, I.card]) > 1:
                    doubles += 1
        if frow >= 0 and (effects[frow, E.flags] & Flag.distinct) != 0:
            fodder = 0
            while names != 0:  # one sacrifice per name the fodder covers
                fodder += 1
                names &= names - 1
        # the other cards of the hand pay, the ones that count twice first (no card costs more than 2)
        k = min(hand_n - 1, fodder)
        if summon_cost_nb(cards, effects, card) <= k + min(k, doubles):
            return True
    return False


@njit(cache=True, _nrt=False)
def _within_low_summon(cards, inst, players, p, options, n):
    """Foolish Tricks, Judgement: "must summon a creature of AL 6 or lower": the options keep the
    creatures within the limit, for every policy; with none placeable, any creature will do (the
    guide is silent: the player is not made to lose for it)."""
    limit = players[p, P.low_summon]
    if limit <= 0:
        return n
    m = 0
    for k in range(n):
        if cards[inst[options[k], I.card], CardCol.armor_level] <= limit:
            options[m] = options[k]
            m += 1
    return m if m > 0 else n


@njit(cache=True, _nrt=False)
def ensure_primary_nb(cards, effects, inst, fighters, players, glob, decks, p, policy, params, rng, script, trace):
    """p must have a primary creature: a Limited Summon slides in (p chooses which), else p
    places one from hand, with the redraw procedure when none can be placed (show the hand,
    shuffle it back, draw as many). No magic is played meanwhile (rules guide, How to play)."""
    if glob[G.winner] >= 0 or players[p, P.primary] >= 0 or players[p, P.lost] > 0:
        return
    if boss.is_boss_nb(glob, p):
        # Boss Battles: "Players win when Boss HP reaches 0"; the boss has no other creature
        lose_nb(players, glob, p, EndReason.boss_defeated)
        return
    options = local_array(MAX_INST)
    costs = local_array(MAX_INST)
    n = slide_in_options_nb(inst, players, p, options)
    if n > 0:
        j = choice.pick_nb(
            ChoiceKind.slide_in, p, -1, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
        )
        slide_in_nb(cards, inst, fighters, players, glob, p, j, trace)
        return
    for _ in range(MAX_REDRAWS):
        n = placeable_nb(cards, effects, inst, fighters, players, glob, p, options)
        n = _within_low_summon(cards, inst, players, p, options, n)
        if n > 0:
            for k in range(n):
                costs[k] = summon_cemetery_cost_nb(cards, effects, inst, fighters, players, glob, p, options[k])
            k = choice.decide_nb(
                ChoiceKind.placement,
                p,
                -1,
                options,
                costs,
                n,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            players[p, P.low_summon] = 0
            summon_nb(
                cards, effects, inst, fighters, players, glob, decks, p, options[k], policy, params, rng, script, trace
            )
            if players[p, P.primary] >= 0 or glob[G.winner] >= 0:
                return  # placed, or the sacrifices lost the game
            continue
        hand_n = hand_size_nb(inst, p)
        if hand_n == 0:  # "draw 1 card, then continue as if you have a 1 card hand"
            if draw_card_nb(inst, decks, players, glob, p) < 0:
                break
            continue  # the card drawn may be placed at once
        if not could_ever_place_nb(cards, effects, inst, p, hand_n):
            break
        record_nb(trace, glob, p, Event.redraw, hand_n, 0, 0)
        for i in range(inst.shape[0]):
            if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == p:
                put_in_deck_nb(inst, decks, players, glob, i, False)
        shuffle_deck_nb(inst, decks, players, p, rng)
        for _k in range(hand_n):
            draw_card_nb(inst, decks, players, glob, p)
    record_nb(trace, glob, p, Event.cannot_place, 0, 0, 0)
    lose_nb(players, glob, p, EndReason.no_creature)


@njit(cache=True, _nrt=False)
def _possess(cards, effects, inst, fighters, players, glob, decks, q, c, policy, params, rng, script, trace):
    """Possessed Dummy: "Play this card when your opponent sends a creature to their cemetery.
    Summon that creature as your Limited Summon." Creature c of q's opponent has just died to
    their cemetery: q may answer with a Lightning card of their hand whose
    `response_opponent_death` `limited_summon` row takes it onto q's field as a Limited Summon,
    held by the card (equipped to it) and by q's primary creature (ruling possessed-dummy).
    True when q played a card (it may have been answered, or negated)."""
    if players[q, P.primary] < 0 or infinite_in_use_nb(cards, effects, inst, q) >= infinite_slots_nb(glob, q):
        return False
    if cannot_leave_cemetery_nb(cards, effects, inst[c, I.card]) or cemetery_chained_nb(cards, effects, inst):
        return False
    if limited_barred_nb(cards, effects, inst, glob):
        return False  # Street Lights: no Limited Summon is played
    options = local_array(MAX_INST)
    n = magic.hand_answers_nb(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        q,
        Trigger.response_opponent_death,
        Action.limited_summon,
        options,
    )
    if n == 0:
        return False
    d = choice.pick_nb(
        ChoiceKind.zone_pick, q, c, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    if d == NO_OPTION:
        return False
    note_play_nb(inst, d)
    record_nb(trace, glob, q, Event.magic, d, inst[d, I.card], MagicTarget.none)
    set_zone_nb(inst, glob, d, InstZone.resolving)
    pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, q, trace)  # Old Logging Road
    # a Lightning card played: the opponent may answer it (Goblin Tricks negates it, Ancient Book
    # equips beside it); negated, the creature stays in their cemetery (ruling possessed-dummy)
    negator = magic.response_chain_nb(
        cards, effects, inst, fighters, players, glob, decks, q, d, policy, params, rng, script, trace
    )
    if negator >= 0 or inst[c, I.zone] != InstZone.cemetery or players[q, P.primary] < 0:
        if inst[d, I.zone] == InstZone.resolving:
            if negator >= 0:
                record_nb(trace, glob, q, Event.negated, d, inst[d, I.card], negator)
            to_cemetery_nb(cards, effects, inst, players, glob, d, trace)
        note_fizzle_nb(trace, glob, inst, d, FizzleReason.negated if negator >= 0 else FizzleReason.nothing_to_do)
        return True
    take_from_cemetery_nb(cards, effects, inst, players, glob, c)
    resolve.limited_summon_nb(cards, inst, fighters, players, glob, q, c, d, trace)
    set_zone_nb(inst, glob, d, InstZone.magic)
    inst[d, I.controller] = q
    inst[d, I.attached_to] = c  # equipped to the creature it possesses
    return True


@njit(cache=True, _nrt=False)
def _offer_possessions(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Possessed Dummy: "Play this card when your opponent sends a creature to their cemetery":
    each creature card its player's side sent to its cemetery since the last settling (a death, a
    sacrifice, a discard; `field.to_cemetery_nb` marks it) is offered to the other player, in the
    order the cards arrived there, before anyone places a new primary (ruling possessed-dummy).
    True when a Dummy was played (its chain may have hurt a creature: the deaths settle again)."""
    played = False
    while glob[G.winner] < 0:
        c = -1
        for i in range(inst.shape[0]):
            if inst[i, I.possessable] == 1 and (c < 0 or inst[i, I.arrival] < inst[c, I.arrival]):
                c = i
        if c < 0:
            break
        inst[c, I.possessable] = 0
        if inst[c, I.zone] == InstZone.cemetery:
            q = opponent_nb(players, glob, inst[c, I.owner])
            if _possess(cards, effects, inst, fighters, players, glob, decks, q, c, policy, params, rng, script, trace):
                played = True
    return played


@njit(cache=True, _nrt=False)
def _last_hope(cards, effects, inst, fighters, players, glob, decks, p, c, killer, policy, params, rng, script, trace):
    """Last Hope Hero: "Play this from your hand when your primary creature is killed. Roll its
    base Atk Dice Rolls and Modifier against the creature that killed it. This attack is treated
    as a Critical Hit." p's primary creature c was just killed by creature `killer`: p may play a
    Lightning card of their hand with a `response_own_death` `avenge` row (the opponent may
    answer it like any magic card); c's printed Atk dice and Modifier, doubled, are Atk damage
    of c's on the killer, which only a primary creature has HP to take (ruling last-hope-hero).
    Returns True when the card was played."""
    if killer < 0 or killer == c or inst[killer, I.zone] != InstZone.primary or fighters[killer, F.hp] <= 0:
        return False
    if inst[killer, I.controller] == p or magic_immune_vs_nb(cards, effects, inst, killer, p):
        return False  # a card of p's own, or a killer magic cannot reach
    options = local_array(MAX_INST)
    n = magic.hand_answers_nb(
        cards, effects, inst, fighters, players, glob, p, Trigger.response_own_death, Action.avenge, options
    )
    if n == 0:
        return False
    d = choice.pick_nb(
        ChoiceKind.avenge, p, killer, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    if d == NO_OPTION:
        return False
    r = find_row_nb(cards, effects, inst[d, I.card], Trigger.response_own_death, Action.avenge)
    resolved = magic.play_magic_nb(
        cards, effects, inst, fighters, players, glob, decks, p, d, MagicTarget.none, policy, params, rng, script, trace
    )
    if not resolved or glob[G.winner] >= 0 or players[p, P.harmless_until] >= glob[G.turn]:
        return True  # negated, a toll ended the game, or Omega Titan: p causes no damage now
    if inst[killer, I.zone] != InstZone.primary or fighters[killer, F.hp] <= 0:
        return True  # the killer left the field, or died, while the chain resolved
    card = inst[c, I.card]
    amount = cards[card, CardCol.modifier]
    for _ in range(cards[card, CardCol.attack_dice]):
        amount += d6_nb(rng, script)
    amount = max(amount, 0) * CRITICAL_MULTIPLIER  # rules guide: the critical hit doubles the final damage
    record_nb(trace, glob, p, Event.effect, d, r, amount)
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
    dealt = take_damage_nb(fighters[killer], fighters[c], effects, amount, True)
    record_nb(trace, glob, p, Event.effect_damage, killer, dealt, fighters[killer, F.hp])
    return True


@njit(cache=True, _nrt=False)
def answer_draw_nb(cards, effects, inst, fighters, players, glob, decks, q, j, policy, params, rng, script, trace):
    """Witch's Cabin: "Play this card from your hand when your opponent draws a card. Send the
    drawn card to the bottom of their deck." q has drawn card j: q's opponent may play a Lightning
    card of their hand with a `response_opponent_draw` `move_card` row (q may answer it like any
    magic card); once it resolves, j goes from q's hand to the bottom of their deck, unseen by
    the card's player (ruling witchs-cabin)."""
    inst[j, I.draw_pending] = 0
    o = opponent_nb(players, glob, q)
    if glob[G.winner] >= 0 or inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != q:
        return
    options = local_array(MAX_INST)
    n = magic.hand_answers_nb(
        cards, effects, inst, fighters, players, glob, o, Trigger.response_opponent_draw, Action.move_card, options
    )
    if n == 0:
        return
    d = choice.pick_nb(
        ChoiceKind.draw_answer, o, j, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    if d == NO_OPTION:
        return
    r = find_row_nb(cards, effects, inst[d, I.card], Trigger.response_opponent_draw, Action.move_card)
    resolved = magic.play_magic_nb(
        cards, effects, inst, fighters, players, glob, decks, o, d, MagicTarget.none, policy, params, rng, script, trace
    )
    if not resolved or glob[G.winner] >= 0 or inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != q:
        return  # negated, a toll ended the game, or the card left the hand while the chain resolved
    record_nb(trace, glob, o, Event.effect, d, r, 0)
    to_deck_nb(inst, players, glob, decks, j, True, rng, trace)


@njit(cache=True, _nrt=False)
def _answer_pending_draws(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """The draws of a card's effect (Luc Tiberius, a draw card), answered once it has resolved,
    the active player's first, then the seats after it, in the order drawn (ruling witchs-cabin).
    True when one was."""
    a = glob[G.active]
    seats = players.shape[0]
    found = False
    for side in range(seats):
        q = (a + side) % seats
        for _ in range(inst.shape[0]):
            first = -1
            for j in range(inst.shape[0]):
                if inst[j, I.draw_pending] != 0 and inst[j, I.owner] == q:
                    if first < 0 or inst[j, I.arrival] < inst[first, I.arrival]:
                        first = j
            if first < 0:
                break
            found = True
            answer_draw_nb(
                cards, effects, inst, fighters, players, glob, decks, q, first, policy, params, rng, script, trace
            )
    return found


@njit(cache=True, _nrt=False)
def _backlash(cards, effects, inst, fighters, players, glob, rng, script, trace):
    """Eagle Family: "Whenever this creature is damaged, your opponent(s) must roll 2 dice of
    damage against themselves": for each time it was damaged, its player's opponent rolls the
    dice, and their primary creature takes them (ruling eagle-family)."""
    for p in range(players.shape[0]):
        c = players[p, P.primary]
        if c < 0 or fighters[c, F.backlash_due] == 0:
            continue
        due = fighters[c, F.backlash_due]
        fighters[c, F.backlash_due] = 0
        if fighters[c, F.effect_count] == 0:
            continue
        r = find_row_nb(cards, effects, inst[c, I.card], Trigger.on_damage_taken, Action.damage)
        if r < 0 or effects[r, E.target] != Target.opponent_primary:
            continue
        o = opponent_nb(players, glob, p)
        for _ in range(due):
            x = players[o, P.primary]
            if x < 0 or fighters[x, F.hp] <= 0 or players[p, P.harmless_until] >= glob[G.turn]:
                break
            amount = effects[r, E.amount]
            for _k in range(effects[r, E.dice]):
                amount += d6_nb(rng, script)
            record_nb(trace, glob, o, Event.effect, c, r, amount)
            sync_damage_immune_nb(cards, effects, inst, fighters, glob)
            dealt = take_damage_nb(fighters[x], fighters[c], effects, amount, False)
            record_nb(trace, glob, p, Event.effect_damage, x, dealt, fighters[x, F.hp])


@njit(cache=True, _nrt=False)
def settle_nb(
    cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, in_battle, rng, script, trace
):
    """After anything that may kill: deaths, then every player replaces a missing primary at
    once, the active player first, then the seats after it (a player whose first turn has not
    come yet has none). `killer_of[q]`: what killed seat q's primary."""
    a = glob[G.active]
    seats = players.shape[0]
    # a placement can take another player's primary away (Psychic Toad) or kill it (Hive Lord
    # destroying a Bomb on it): settle until each holds a living one
    dying = local_array(MAX_SEATS)
    slain = local_array(MAX_SEATS)
    # ruling psychic-toad-replacement: a replacement made here is not taken by another one made
    # here, so that each player's replacement stands and the settling ends
    players[:, P.replacement] = -1
    for _ in range(4):
        # Witch's Cabin: the cards an effect drew, answered before the deaths it caused are swept
        _answer_pending_draws(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
        _backlash(cards, effects, inst, fighters, players, glob, rng, script, trace)
        share_bound_damage_nb(cards, effects, inst, fighters, players, glob, trace)  # Bound Fate
        show_deck_tops_nb(cards, effects, inst, players, decks)  # Inversion
        resolve.wake_sleepers_nb(
            cards, effects, inst, fighters, players, glob, decks, policy, params, rng, trace
        )  # Carus Demon
        for p in range(seats):
            # Friend Like You: "If this card is killed by Atk damage": a primary at 0 HP in a
            # battle, struck by a creature
            c = players[p, P.primary]
            dying[p] = -1
            if c >= 0 and fighters[c, F.hp] <= 0 and in_battle and killer_of[p] >= 0:
                dying[p] = c
        for p in range(seats):
            # Last Hope Hero: "killed" by "the creature that killed it", the Atk damage of the
            # creature it battled (not its own critical miss, an effect or damage over time)
            c = players[p, P.primary]
            slain[p] = -1
            if c >= 0 and fighters[c, F.hp] <= 0 and in_battle and killer_of[p] >= 0:
                if fighters[c, F.last_damage_atk] != 0:
                    slain[p] = c
        sweep_deaths_nb(cards, effects, inst, fighters, players, glob, decks, killer_of, in_battle, rng, trace)
        # a Possessed Dummy opens a response chain, whose answers may kill (Lightning Strike)
        answered = _offer_possessions(
            cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace
        )
        avenged = False
        for side in range(seats):
            p = (a + side) % seats
            c = slain[p]
            if c >= 0 and players[p, P.primary] != c and inst[c, I.zone] != InstZone.primary and glob[G.winner] < 0:
                k = killer_of[p]
                if _last_hope(
                    cards, effects, inst, fighters, players, glob, decks, p, c, k, policy, params, rng, script, trace
                ):
                    avenged = True
        for p in range(seats):
            c = dying[p]
            if c >= 0 and players[p, P.primary] < 0 and inst[c, I.zone] == InstZone.cemetery and glob[G.winner] < 0:
                resolve.summon_primary_on_death_nb(
                    cards, effects, inst, fighters, players, glob, decks, p, c, policy, params, rng, script, trace
                )
        tend_sleepers_nb(cards, effects, inst, fighters, players, glob, decks, False, rng, trace)  # Sleepy Scent
        resolve.release_negated_anchors_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace)
        resolve.pay_pending_heals_nb(inst, fighters, glob, trace)  # The Guide
        if glob[G.rounds] > 0:
            # AL Ladder: a killed creature ends the round, and the next round's creatures come
            placed = rounds.end_round_nb(
                cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace
            )
        else:
            placed = _replace_primaries(
                cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace
            )
        if not placed and not avenged and not answered:
            break
        # what dies from here on dies of a placement's effect, or of Last Hope Hero's attack: the
        # opponent's, in no battle
        killer_of[:] = BY_OPPONENT_EFFECT
        in_battle = False
    players[:, P.replacement] = -1  # a later summon takes it as any primary


@njit(cache=True, _nrt=False)
def _replace_primaries(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Every player still in the game who has no primary places one, the active player first,
    then the seats after it (a player whose first turn has not come yet has none); returns
    whether any did."""
    a = glob[G.active]
    seats = players.shape[0]
    placed = False
    for side in range(seats):
        p = (a + side) % seats
        if (
            glob[G.winner] < 0
            and players[p, P.primary] < 0
            and players[p, P.lost] == 0
            and (has_played_nb(players, p) or p == a)
        ):
            ensure_primary_nb(
                cards, effects, inst, fighters, players, glob, decks, p, policy, params, rng, script, trace
            )
            players[p, P.replacement] = players[p, P.primary]
            placed = True
    return placed


@njit(cache=True, _nrt=False)
def settle_effects_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """settle_nb after an action or the turn effects of the active player: a creature of a
    player whose opponent is the active player that dies of them was killed by its opponent
    (Phoenix), though by no creature."""
    killer_of = local_array(MAX_SEATS)[: players.shape[0]]
    for q in range(players.shape[0]):
        killer_of[q] = BY_OPPONENT_EFFECT if opponent_nb(players, glob, q) == glob[G.active] else -1
    settle_nb(
        cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, False, rng, script, trace
    )


@njit(cache=True, _nrt=False)
def offer_rewind_nb(
    cards,
    effects,
    inst,
    fighters,
    players,
    glob,
    decks,
    s_inst,
    s_fighters,
    s_players,
    s_glob,
    s_decks,
    policy,
    params,
    rng,
    script,
    trace,
):
    """After an action: the Hourglass of Time's reset (`rewind.try_rewind_nb`); True if the turn
    was reset to the snapshot `s_*`. When it was not, the chain that answered a Hourglass may
    still have killed (a Mysterious Door's self-damage negating it): deaths are settled as after
    any action (a no-op when nothing was played)."""
    if rewind.try_rewind_nb(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        decks,
        s_inst,
        s_fighters,
        s_players,
        s_glob,
        s_decks,
        policy,
        params,
        rng,
        script,
        trace,
    ):
        # the reset's toll (Old Logging Road, The Villain) is paid again on the turn's start, so
        # that it stays paid: a primary creature it kills dies at once, by its own player's hand
        # (ruling magic-toll); with none at 0 HP there is nothing to settle before the draw
        dead = False
        for q in range(players.shape[0]):
            c = players[q, P.primary]
            if c >= 0 and fighters[c, F.hp] <= 0:
                dead = True
        if dead:
            killer_of = local_array(MAX_SEATS)[: players.shape[0]]
            killer_of[:] = -1
            settle_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                policy,
                params,
                killer_of,
                False,
                rng,
                script,
                trace,
            )
        return True
    settle_effects_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    return False


# ------------------------------------------------------------------ actions


@njit(cache=True, _nrt=False)
def legal_actions_nb(cards, effects, inst, fighters, players, glob, out):
    """The actions the active player may take now; returns their number (written to out).
    Ending the phase is legal and first, but for a combat phase under Frenzy before its first
    battle. The Seer's player asks to see the
    opponent's hand before each decision, so it is shown here, where every decision starts."""
    show_hands_nb(cards, effects, inst, fighters, players, glob)
    p = glob[G.active]
    phase = glob[G.phase]
    if phase == Phase.main and boss.is_boss_nb(glob, p):
        # the boss plays a card it drew at once: the ways to play it are its only actions; its
        # mini turn is over once it is played
        n = _boss_plays(cards, effects, inst, fighters, players, glob, p, out)
        if n > 0:
            return n
        if glob[G.mini] != 0:
            out[0] = encode_action_nb(ActionKind.end, 0, 0)
            return 1
    n = 0
    out[n] = encode_action_nb(ActionKind.end, 0, 0)
    n += 1
    t = glob[G.turn]
    if phase == Phase.combat:
        # Mind Sap is played "at any point during the game": in the combat phase too
        for i in range(inst.shape[0]):
            if (
                inst[i, I.zone] == InstZone.hand
                and inst[i, I.owner] == p
                and not is_creature_nb(cards, inst, i)
                and magic.plays_any_time_nb(cards, effects, inst[i, I.card])
            ):
                n = magic.magic_options_nb(cards, effects, inst, fighters, players, glob, p, i, out, n)
        # rules guide: no battle in the first turn cycle; A Loving God stops all battles
        o = players[opponent_nb(players, glob, p), P.primary]
        if t < glob[G.cycle] or t <= glob[G.no_battle_until] or o < 0:
            return n
        # Frenzy: "All players must declare battle during their turn": until p's first battle of
        # the turn, the battles are p's only actions (ruling frenzy)
        forced = frenzy_in_force_nb(cards, effects, inst) >= 0 and not _battled_this_turn(inst, p, t)
        forced = forced or boss.is_boss_nb(glob, p)  # Boss Battles: "Boss ALWAYS attacks"
        k = 0 if forced else n
        for i in range(inst.shape[0]):
            z = inst[i, I.zone]
            if (z == InstZone.primary or z == InstZone.limited) and inst[i, I.controller] == p:
                if can_initiate_nb(inst, fighters, glob, i):
                    out[k] = encode_action_nb(ActionKind.battle, i, 0)
                    k += 1
        if forced and k == 0:
            return n  # no creature of p's can battle: the card is destroyed (frenzy_check_nb)
        return k
    if phase != Phase.main and phase != Phase.wrap_up:
        return n
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != p:
            continue
        if is_creature_nb(cards, inst, i):
            # one standard summon per turn (ruling 9), in the magic/summoning phase only
            if (
                phase == Phase.main
                and players[p, P.summon_turn] != t
                and find_row_nb(cards, effects, inst[i, I.card], Trigger.on_play, Action.replacement_only) < 0
                and can_summon_nb(cards, effects, inst, fighters, players, glob, p, i)
            ):
                # b: the cemetery HP the summon costs (its sacrifices), in tens, for the policies
                cost = summon_cemetery_cost_nb(cards, effects, inst, fighters, players, glob, p, i)
                out[n] = encode_action_nb(ActionKind.summon, i, min(cost // 10, 99))
                n += 1
            if (
                phase == Phase.main
                and resolve.joins_beside_primary_nb(cards, effects, inst, players, p, i)
                and not limited_barred_nb(cards, effects, inst, glob)
                and not rarity_barred_nb(cards, players, glob, inst[i, I.card])
            ):
                # Black Jacket beside Hive Lord: a Limited Summon by its own text, not the turn's
                # standard summon (ruling hive-lord-limited-summons)
                out[n] = encode_action_nb(ActionKind.limited_summon, i, 0)
                n += 1
            if magic.plays_as_equip_now_nb(cards, effects, inst, inst[i, I.card]):
                # Frog Bard: played as an Infinite equip magic card, besides its summon
                n = magic.magic_options_nb(cards, effects, inst, fighters, players, glob, p, i, out, n)
        else:
            n = magic.magic_options_nb(cards, effects, inst, fighters, players, glob, p, i, out, n)
    if phase == Phase.main:
        primary = players[p, P.primary]
        if (
            primary >= 0
            and glob[G.rounds] == 0
            and players[p, P.summon_turn] != t
            and not primary_frozen_nb(fighters, players, glob, p)
            and _placeable_after_kill(cards, effects, inst, fighters, players, glob, p)
        ):
            out[n] = encode_action_nb(ActionKind.kill_primary, 0, 0)
            n += 1
        n = turns.activation_options_nb(cards, effects, inst, fighters, players, glob, p, out, n)
    return n


@njit(cache=True, _nrt=False)
def _boss_plays(cards, effects, inst, fighters, players, glob, b, out):
    """The ways the boss b can play the first card in its hand that it can play, written to
    `out`; their number (0: none). Break Free is played through any block (Boss Battles)."""
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != b:
            continue
        if boss.breaks_free_nb(cards, effects, inst[i, I.card]):
            out[0] = encode_action_nb(ActionKind.magic, i, MagicTarget.none)
            return 1
        n = magic.magic_options_nb(cards, effects, inst, fighters, players, glob, b, i, out, 0)
        if n > 0:
            return n
    return 0


@njit(cache=True, _nrt=False)
def _boss_sorts_hand(cards, effects, inst, fighters, players, glob, trace):
    """The cards the boss drew that it cannot play go to its cemetery with no effect: over its
    cap, or with no way to resolve now (Boss Battles, Boss mini turn: "If card cannot logically
    resolve, discard with no effect"; Deck rules: "Extra Infinite cards discarded with no
    effect")."""
    b = glob[G.boss]
    options = local_array(MAX_ACTIONS)
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != b:
            continue
        card = inst[i, I.card]
        if boss.breaks_free_nb(cards, effects, card):
            continue
        if boss.over_cap_nb(cards, inst, glob, card):
            reason = BossPlay.over_cap
        elif (
            is_creature_nb(cards, inst, i)
            or magic.magic_options_nb(cards, effects, inst, fighters, players, glob, b, i, options, 0) == 0
        ):
            reason = BossPlay.no_play
        else:
            continue
        record_nb(trace, glob, b, Event.boss_card, i, card, reason)
        to_cemetery_nb(cards, effects, inst, players, glob, i, trace)


@njit(cache=True, _nrt=False)
def _battled_this_turn(inst, p, t):
    for i in range(inst.shape[0]):
        if inst[i, I.controller] == p and inst[i, I.battled_turn] == t:
            z = inst[i, I.zone]
            if z == InstZone.primary or z == InstZone.limited or z == InstZone.cemetery:
                return True
    return False


@njit(cache=True, _nrt=False)
def frenzy_check_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """Frenzy: "If any player's creature is unable to battle due to another card effect, this card
    is destroyed": looked at when a combat phase begins (after the first turn cycle). A primary
    creature that is frozen, stunned or asleep, or a card that stops every battle (A Loving God),
    destroys it; the rules' own limits (one battle per creature, the first turn cycle) do not
    (ruling frenzy)."""
    j = frenzy_in_force_nb(cards, effects, inst)
    t = glob[G.turn]
    if j < 0 or t < glob[G.cycle]:
        return
    resolve.refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    unable = t <= glob[G.no_battle_until]
    for q in range(players.shape[0]):
        c = players[q, P.primary]
        if c >= 0:
            f = fighters[c]
            unable = unable or f[F.frozen_until] >= t or is_stunned_nb(f, t) or f[F.asleep] != 0
    if unable:
        while j >= 0:  # every copy on the field
            destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            j = frenzy_in_force_nb(cards, effects, inst)


@njit(cache=True, _nrt=False)
def _placeable_after_kill(cards, effects, inst, fighters, players, glob, p):
    """Killing the own primary (rules guide, Sacrificing) only with a creature ready to place
    that needs no sacrifice."""
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == p and is_creature_nb(cards, inst, i):
            if summon_cost_now_nb(cards, effects, inst, players, p, i) == 0:
                return True
    return False


@njit(cache=True, _nrt=False)
def apply_action_nb(cards, effects, inst, fighters, players, glob, decks, action, policy, params, rng, script, trace):
    """Carry out one action of the active player."""
    p = glob[G.active]
    kind = action_kind_nb(action)
    a = action_a_nb(action)
    glob[G.actions] += 1
    if kind == ActionKind.end:
        if glob[G.phase] == Phase.main and boss.is_boss_nb(glob, p):
            if glob[G.mini] != 0:
                glob[G.phase] = Phase.draw  # a mini turn has no combat: the turn is over
                return
            boss.aim_nb(players, glob, rng, script, trace)  # whom it attacks (Boss attack rules)
        if glob[G.phase] == Phase.main:
            glob[G.phase] = Phase.combat
            frenzy_check_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace)
            forced_battles_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
        elif glob[G.phase] == Phase.combat:
            end_combat_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
        else:
            glob[G.phase] = Phase.draw  # the turn is over
        return
    if kind == ActionKind.summon:
        players[p, P.summon_turn] = glob[G.turn]
        summon_nb(cards, effects, inst, fighters, players, glob, decks, p, a, policy, params, rng, script, trace)
        _answer_summon(cards, effects, inst, fighters, players, glob, decks, p, a, policy, params, rng, script, trace)
    elif kind == ActionKind.kill_primary:
        old = players[p, P.primary]
        players[p, P.summon_turn] = glob[G.turn]
        record_nb(trace, glob, p, Event.kill_own, old, inst[old, I.card], 0)
        kill_nb(cards, effects, inst, fighters, players, glob, decks, old, -1, False, rng, trace)
    elif kind == ActionKind.magic:
        if boss.is_boss_nb(glob, p):
            boss.aim_nb(players, glob, rng, script, trace)  # whose cards it aims at (Boss magic targeting)
        magic.play_magic_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            p,
            a,
            action_b_nb(action),
            policy,
            params,
            rng,
            script,
            trace,
        )
    elif kind == ActionKind.activate:
        turns.activate_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            p,
            a,
            action_b_nb(action),
            policy,
            params,
            rng,
            script,
            trace,
        )
    elif kind == ActionKind.limited_summon:
        note_play_nb(inst, a)
        resolve.limited_summon_nb(cards, inst, fighters, players, glob, p, a, players[p, P.primary], trace)
    elif kind == ActionKind.battle:
        battle_action_nb(cards, effects, inst, fighters, players, glob, decks, a, policy, params, rng, script, trace)
        return
    settle_effects_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)


# the Lightning cards a player may keep ready for one battle: an answer to the opponent's hit, a
# boost of its own hit, and a counter to the opponent's Lightning card (battle_action_nb); the
# battle keeps both players' (a stack array's size is a module constant)
READIED = 3
BOTH_READIED = 6
# the order readied cards are played after a strike: the answers and boosts, then the counters
# that answered them (slots of `ready`: p's answer, boost, counter, then the opponent's)
SPEND_ORDER = (0, 1, 3, 4, 2, 5)


@njit(cache=True, _nrt=False)
def _pay_instead_nb(
    cards, effects, inst, fighters, players, glob, striker, struck, hp_before, policy, params, rng, trace
):
    """Ooze Weaver: "this card would receive Atk damage ... Take 10 damage to negate the Atk
    damage": once a strike's Atk damage is known, the struck creature's player may take the
    price instead; the Atk damage taken is given back and the price taken as the card's damage
    (ruling ooze-weaver)."""
    r = paid_negation_nb(cards, effects, inst, fighters, struck, False)
    if r < 0:
        return
    lost = hp_before - fighters[struck, F.hp]
    atk = min(fighters[striker, F.strike_damage], lost)
    if atk <= 0:
        return
    q = inst[struck, I.controller]
    options = local_array(2)
    facts = local_array(2)
    options[0] = NO_OPTION
    options[1] = struck
    facts[0] = 0
    facts[1] = atk - effects[r, E.amount]  # the HP it saves
    k = choice.decide_nb(
        ChoiceKind.pay_instead,
        q,
        striker,
        options,
        facts,
        2,
        policy,
        params,
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        rng,
    )
    if options[k] != struck:
        return
    fighters[struck, F.hp] += atk
    record_nb(trace, glob, q, Event.effect, struck, r, 0)  # the replay names the effect; no die
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
    dealt = take_damage_nb(fighters[struck], fighters[struck], effects, effects[r, E.amount], False)
    record_nb(trace, glob, q, Event.effect_damage, struck, dealt, fighters[struck, F.hp])


@njit(cache=True, _nrt=False)
def _spring_traps(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """Living Trap: "When your opponent declares battle, inflict 15 damage to their primary
    creature and send this card to the cemetery": the cards of the active player's opponent
    that answer a battle declared act, then leave (ruling living-trap). True when one did."""
    p = glob[G.active]
    sprung = False
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.controller] == p:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        spent = False
        for r in range(start, stop):
            if effects[r, E.trigger] != Trigger.opponent_declares_battle:
                continue
            action = effects[r, E.action]
            c = players[p, P.primary]
            if action == Action.damage and effects[r, E.target] == Target.opponent_primary and c >= 0:
                if not magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller]):
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, inst[j, I.controller], Event.effect_damage, c, dealt, fighters[c, F.hp])
                spent = True
            elif action == Action.destroy_magic and effects[r, E.target] == Target.self:
                spent = True
        if spent:
            record_nb(trace, glob, inst[j, I.controller], Event.effect, j, start, 0)
            leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            set_zone_nb(inst, glob, j, InstZone.resolving)
            to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
            sprung = True
    return sprung


@njit(cache=True, _nrt=False)
def _battle_rolls(cards, effects, inst, fighters, players, glob, decks, i, rng, script, trace):
    """Equips that roll when their creature battles, before every battle it takes part in, the
    rows of a roll table reading one die (Fear: on 5-6 it cannot cause damage; Sonic Screech: on
    1-2 the card is destroyed, on 3-6 5 damage and no Atk damage). True when a card was destroyed."""
    destroyed = False
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        die = 0
        destroy = False
        for r in range(start, stop):
            action = effects[r, E.action]
            if effects[r, E.trigger] != Trigger.battle_start or not (
                action == Action.apply_status or action == Action.damage or action == Action.destroy_magic
            ):
                continue
            if (effects[r, E.flags] & Flag.optional) != 0:
                continue  # a player's choice, not a roll (Future Warrior: _foresight_options)
            if die == 0 or (effects[r, E.flags] & Flag.same_roll) == 0:
                die = d6_nb(rng, script)
                record_nb(trace, glob, inst[j, I.controller], Event.effect, j, r, die)
            if not effects[r, E.roll_lo] <= die <= effects[r, E.roll_hi]:
                continue
            if action == Action.apply_status:
                fighters[i, F.battle_disarmed] = 1  # for this battle: the next one rolls again
            elif action == Action.damage:
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[i], fighters[i], effects, effects[r, E.amount], False)
                record_nb(trace, glob, inst[j, I.controller], Event.effect_damage, i, dealt, fighters[i, F.hp])
            else:
                destroy = True  # Sonic Screech: its effect ends
        if destroy:
            destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            destroyed = True
    return destroyed


@njit(cache=True, _nrt=False)
def _foresight_options(cards, effects, inst, c, x, out):
    """Future Warrior: pass, or spend one of the equips on creature c whose player may stop the
    Atk damage of the creature it battles (x) for this battle. Returns how many options."""
    out[0] = NO_OPTION
    n = 1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != c:
            continue
        if magic_immune_vs_nb(cards, effects, inst, x, inst[j, I.controller]):
            continue  # a creature unaffected by the card's magic keeps its Atk damage
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.battle_start
                and effects[r, E.action] == Action.apply_status
                and effects[r, E.status] == Status.disarmed
                and (effects[r, E.flags] & Flag.optional) != 0
            ):
                out[n] = j
                n += 1
                break
    return n


@njit(cache=True, _nrt=False)
def _battle_equip_options(cards, effects, inst, fighters, players, glob, q, out):
    """Cybernetic Upgrade: q's options as the opponent's battle against q's primary begins:
    pass, or play a Lightning equip from hand on that creature for the battle (one option per
    distinct card), while q may play magic and has an Infinite slot free."""
    out[0] = NO_OPTION
    n = 1
    c = players[q, P.primary]
    if (
        c < 0
        or magic_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or lightning_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or infinite_in_use_nb(cards, effects, inst, q) >= infinite_slots_nb(glob, q)
        or magic_immune_vs_nb(cards, effects, inst, c, q)
    ):
        return n
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != q or magic.listed_nb(inst, out, n, i):
            continue
        if find_row_nb(cards, effects, inst[i, I.card], Trigger.response_opponent_battle, Action.equip_self) >= 0:
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _battle_equip(
    cards,
    effects,
    inst,
    fighters,
    players,
    glob,
    decks,
    p,
    attacker,
    defender,
    options,
    policy,
    params,
    rng,
    script,
    trace,
):
    """Cybernetic Upgrade: "During your opponent's battle play this card": the attacked player may
    play it as the battle begins, through the response chain, on their primary creature; it
    goes to the cemetery at the end of the battle (ruling cybernetic-upgrade). Returns the card
    played, or -1."""
    q = opponent_nb(players, glob, p)
    n = _battle_equip_options(cards, effects, inst, fighters, players, glob, q, options)
    pick = choice.pick_nb(
        ChoiceKind.battle_answer,
        q,
        defender,
        options,
        n,
        policy,
        params,
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        rng,
    )
    if pick < 0:
        return -1
    magic.play_magic_nb(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        decks,
        q,
        pick,
        MagicTarget.own,
        policy,
        params,
        rng,
        script,
        trace,
    )
    _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender)
    return pick


@njit(cache=True, _nrt=False)
def _battle_guard_options(cards, effects, inst, fighters, players, glob, q, out):
    """Eagle Knight: q's options as a battle begins: pass, or play a Lightning card from hand
    that keeps every damage off q's primary creature (one option per distinct card), while q may
    play magic and that creature is not kept from damage already."""
    out[0] = NO_OPTION
    n = 1
    c = players[q, P.primary]
    if (
        c < 0
        or fighters[c, F.damage_immune] != 0
        or magic_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or lightning_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or magic_immune_vs_nb(cards, effects, inst, c, q)
    ):
        return n
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != q or magic.listed_nb(inst, out, n, i):
            continue
        if magic.guards_in_battle_nb(cards, effects, inst[i, I.card]):
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _battle_guards(
    cards,
    effects,
    inst,
    fighters,
    players,
    glob,
    decks,
    p,
    attacker,
    defender,
    options,
    policy,
    params,
    rng,
    script,
    trace,
):
    """Eagle Knight: "During battle play this card from your hand. Negate any damage for a
    creature for the remainder of this turn": as a battle begins, the active player, then the
    other, may play it through the response chain on their primary creature (ruling eagle-knight)."""
    for side in range(2):  # the battle's two sides: the attacker's player and the attacked one
        q = p if side == 0 else opponent_nb(players, glob, p)
        n = _battle_guard_options(cards, effects, inst, fighters, players, glob, q, options)
        pick = choice.pick_nb(
            ChoiceKind.battle_answer,
            q,
            players[q, P.primary],
            options,
            n,
            policy,
            params,
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            rng,
        )
        if pick >= 0:
            magic.play_magic_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                q,
                pick,
                MagicTarget.own,
                policy,
                params,
                rng,
                script,
                trace,
            )
            _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender)


@njit(cache=True, _nrt=False)
def _reveal_row(cards, effects, card):
    """Arcane Power: the row of an equip that counts the cards its player reveals from hand as a
    battle begins, or -1."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.battle_start
            and effects[r, E.action] == Action.modify_stat
            and effects[r, E.scale] == Scale.hand_named
            and (effects[r, E.flags] & Flag.optional) != 0
        ):
            return r
    return -1


@njit(cache=True, _nrt=False)
def _reveal_for_battle(cards, effects, inst, fighters, players, glob, c, options, policy, params, rng, trace):
    """Arcane Power: "During battle, reveal any number of cards from your hand. Increase the
    equipped creature's Modifier for that battle by the number of cards revealed": as the battle
    of creature c begins, the player of each such equip on it reveals cards one by one, each
    their pick, until they stop; both players then know those cards (ruling arcane-power)."""
    if magic_immune_vs_nb(cards, effects, inst, c, inst[c, I.controller]):
        return
    shown = local_array(MAX_INST)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != c:
            continue
        r = _reveal_row(cards, effects, inst[j, I.card])
        if r < 0:
            continue
        q = inst[j, I.controller]
        shown[:] = 0
        revealed = 0
        while True:
            options[0] = NO_OPTION
            n = 1
            for i in range(inst.shape[0]):
                if (
                    inst[i, I.zone] == InstZone.hand
                    and inst[i, I.owner] == q
                    and shown[i] == 0
                    and resolve.matches_filter_nb(cards, effects, r, inst[i, I.card])
                ):
                    options[n] = i
                    n += 1
            if n == 1:
                break
            pick = choice.pick_nb(
                ChoiceKind.reveal_own,
                q,
                j,
                options,
                n,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            if pick < 0:
                break
            shown[pick] = 1
            inst[pick, I.seen] |= SeenBit.public
            revealed += 1
        if revealed > 0:
            add_battle_stat_nb(fighters[c], effects[r, E.stat], revealed * effects[r, E.amount])
            record_nb(trace, glob, q, Event.effect, j, r, revealed)


@njit(cache=True, _nrt=False)
def _deal_backfire(cards, effects, inst, fighters, players, glob, striker, trace):
    """Galactic Suit: the Atk roll the striker's miss owes goes to its own player's primary
    creature, as the card's damage (ruling galactic-suit)."""
    damage = fighters[striker, F.backfire_damage]
    if damage <= 0:
        return
    fighters[striker, F.backfire_damage] = 0
    q = inst[striker, I.controller]
    x = players[q, P.primary]
    if x < 0:
        return
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
    dealt = take_damage_nb(fighters[x], fighters[striker], effects, damage, False)
    record_nb(trace, glob, q, Event.effect_damage, x, dealt, fighters[x, F.hp])


@njit(cache=True, _nrt=False)
def is_battle_reaction_nb(cards, effects, card, own_hit):
    """Lightning cards played inside a battle: against the opponent's attack, or on an own hit."""
    if cards[card, CardCol.card_type] != CardType.magic:
        return False
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        t = effects[r, E.trigger]
        if own_hit and (t == Trigger.response_own_hit or t == Trigger.response_own_miss):
            return True
        if not own_hit and (
            t == Trigger.response_battle or t == Trigger.response_opponent_hit or t == Trigger.response_attack_finished
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _reaction_options(cards, effects, inst, fighters, players, glob, q, own_hit, out):
    """q's options for a battle: pass, or ready one of its Lightning cards of that kind (one
    per distinct card); none while q may not play magic or a primary is missing."""
    out[0] = NO_OPTION
    n = 1
    if (
        magic_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or players[q, P.primary] < 0
        or players[opponent_nb(players, glob, q), P.primary] < 0
    ):
        return n
    if lightning_barred_nb(cards, effects, inst, fighters, players, glob, q):
        return n  # Time Melt, Time Weaver: no Lightning card may be played
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == q:
            if (
                is_battle_reaction_nb(cards, effects, inst[i, I.card], own_hit)
                and not magic.listed_nb(inst, out, n, i)
                and not rarity_barred_nb(cards, players, glob, inst[i, I.card])
            ):
                out[n] = i
                n += 1
    return n


@njit(cache=True, _nrt=False)
def _counter_options(cards, effects, inst, fighters, players, glob, q, out):
    """q's options against a Lightning card the opponent may play in this battle: pass, or
    ready a card that answers Lightning cards (Scroll of Silence, Hell Hath No Fury; Ancient Book
    while q's primary can take it in a free Infinite slot)."""
    out[0] = NO_OPTION
    n = 1
    if (
        magic_barred_nb(cards, effects, inst, fighters, players, glob, q)
        or players[q, P.primary] < 0
        or players[opponent_nb(players, glob, q), P.primary] < 0
    ):
        return n
    if lightning_barred_nb(cards, effects, inst, fighters, players, glob, q):
        return n
    for i in range(inst.shape[0]):
        if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == q and not magic.listed_nb(inst, out, n, i):
            kind = _counter_kind(cards, effects, inst[i, I.card])
            if kind == Counter.none or rarity_barred_nb(cards, players, glob, inst[i, I.card]):
                continue
            if kind == Counter.equip and not _book_fits(cards, effects, inst, players, glob, q):
                continue
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _book_fits(cards, effects, inst, players, glob, q):
    """Ancient Book can be equipped now: q has a primary creature that q's magic cards reach, and
    an Infinite slot free (as when it answers in a response chain)."""
    c = players[q, P.primary]
    return (
        c >= 0
        and not magic_immune_vs_nb(cards, effects, inst, c, q)
        and infinite_in_use_nb(cards, effects, inst, q) < infinite_slots_nb(glob, q)
    )


@njit(cache=True, _nrt=False)
def _counter_kind(cards, effects, card):
    if find_row_nb(cards, effects, card, Trigger.response_opponent_lightning, Action.negate_magic) >= 0:
        return Counter.negate  # Scroll of Silence
    if find_row_nb(cards, effects, card, Trigger.response_opponent_lightning, Action.damage_fraction) >= 0:
        return Counter.halve  # Hell Hath No Fury
    if magic.answer_equips_nb(cards, effects, card):
        return Counter.equip  # Ancient Book
    return Counter.none


@njit(cache=True, _nrt=False)
def _react_kind(cards, effects, card):
    """What a readied Lightning card does to the first hit it answers (React)."""
    start, stop = card_rows_nb(cards, card)
    kind = React.none
    for r in range(start, stop):
        t = effects[r, E.trigger]
        action = effects[r, E.action]
        if (
            t == Trigger.response_battle
            and action == Action.negate_attack
            and effects[r, E.duration] == Duration.battle
        ):
            return React.no_atk_damage  # Minotaur Bodyguard
        if action == Action.damage_fraction:
            return React.negate_halve  # Mimic Chest
        if action == Action.reflect_attack:
            return React.reflect  # Forest Sentinel
        if action == Action.absorb_attack:
            return React.absorb  # Sentinel of Life
        if t == Trigger.response_battle and action == Action.heal:
            return React.heal  # Cure Minor Wounds
        if action == Action.negate_attack and (
            t == Trigger.response_opponent_hit or t == Trigger.response_battle or t == Trigger.response_attack_finished
        ):
            kind = React.negate  # Junk Scarecrow, Dragon Rage
    return kind


@njit(cache=True, _nrt=False)
def _boost_dice(cards, effects, card):
    """Children of the Forest: +5 Atk Dice Rolls when your creature hits."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.response_own_hit and effects[r, E.action] == Action.modify_stat:
            return effects[r, E.amount]
    return 0


@njit(cache=True, _nrt=False)
def _damages_on_hit(cards, effects, card):
    """Martial Arts Man: "On hit, play this card from your hand": damage, not dice."""
    return find_row_nb(cards, effects, card, Trigger.response_own_hit, Action.damage) >= 0


@njit(cache=True, _nrt=False)
def _damages_on_miss(cards, effects, card):
    """Enchantment: "If you miss your Hit Roll, play this card from your hand": damage."""
    return find_row_nb(cards, effects, card, Trigger.response_own_miss, Action.damage) >= 0


@njit(cache=True, _nrt=False)
def _ready_reaction(cards, effects, fighters, inst, c, answer, boost, counter):
    f = fighters[c]
    f[F.react] = React.none
    f[F.react_fired] = Fired.waiting
    f[F.boost_dice] = 0
    f[F.boost_fired] = Fired.waiting
    f[F.boost_on_hit] = 0
    f[F.counter] = Counter.none if counter < 0 else _counter_kind(cards, effects, inst[counter, I.card])
    f[F.counter_fired] = 0
    if answer >= 0:
        f[F.react] = _react_kind(cards, effects, inst[answer, I.card])
    if boost >= 0:
        f[F.boost_dice] = _boost_dice(cards, effects, inst[boost, I.card])
        f[F.boost_on_hit] = 1 if _damages_on_hit(cards, effects, inst[boost, I.card]) else 0
        if _damages_on_miss(cards, effects, inst[boost, I.card]):
            f[F.boost_on_hit] = 2


@njit(cache=True, _nrt=False)
def _spend_reactions(
    cards,
    effects,
    inst,
    fighters,
    players,
    glob,
    decks,
    p,
    attacker,
    defender,
    ready,
    policy,
    params,
    rng,
    script,
    trace,
):
    """The readied cards that took effect in the strike just made are played now, so that their
    other rows resolve before the next strike (Dragon Rage's sweep and draws, Junk Scarecrow's
    return); the others stay ready (`ready`: p's answer, boost and counter, then the
    opponent's). A card the opponent's Scroll of Silence negated is spent without effect.
    Returns True when a card was played."""
    played = False
    counters = local_array(2)  # each side's counter, which may negate the other side's card
    counters[0] = ready[2]
    counters[1] = ready[READIED + 2]
    o = opponent_nb(players, glob, p)  # the attacked player
    for step in range(BOTH_READIED):
        k = SPEND_ORDER[step]
        card_inst = ready[k]
        q = p if k < READIED else o
        c = attacker if k < READIED else defender
        slot = k % READIED
        if slot == 0:
            fired = fighters[c, F.react_fired]
        elif slot == 1:
            fired = fighters[c, F.boost_fired]
        else:
            fired = fighters[c, F.counter_fired]
        if card_inst < 0 or fired == Fired.waiting:
            continue
        ready[k] = -1
        played = True
        record_nb(trace, glob, q, Event.response, card_inst, inst[card_inst, I.card], c)
        note_play_nb(inst, card_inst)
        players[q, P.lightning_turn] = glob[G.turn] + 1  # Steam Rex reads it
        set_zone_nb(inst, glob, card_inst, InstZone.resolving)
        # Old Logging Road, The Villain: the toll of a card played in a battle, once it is played
        pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, q, trace)
        if fired == Fired.negated:
            negator = counters[1] if k < READIED else counters[0]  # Scroll of Silence
            record_nb(trace, glob, q, Event.negated, card_inst, inst[card_inst, I.card], negator)
            to_cemetery_nb(cards, effects, inst, players, glob, card_inst, trace)
            note_fizzle_nb(trace, glob, inst, card_inst, FizzleReason.negated)
            continue
        start, stop = card_rows_nb(cards, inst[card_inst, I.card])
        moved = local_array(MAX_SEATS)[: players.shape[0]]
        moved[:] = 0
        other = defender if k < READIED else attacker
        for r in range(start, stop):
            t = effects[r, E.trigger]
            action = effects[r, E.action]
            if t == Trigger.response_opponent_lightning and action == Action.equip_self:
                # Ancient Book: "you may equip this card to a creature as an Infinite magic card",
                # its player's primary (ruling ancient-book); the card it answered still acts
                if _book_fits(cards, effects, inst, players, glob, q):
                    magic.resolve_card_nb(
                        cards,
                        effects,
                        inst,
                        fighters,
                        players,
                        glob,
                        decks,
                        q,
                        card_inst,
                        MagicTarget.own,
                        policy,
                        params,
                        rng,
                        script,
                        trace,
                    )
                else:
                    note_fizzle_nb(trace, glob, inst, card_inst, FizzleReason.nothing_to_do)
                break
            if t == Trigger.response_opponent_lightning and action == Action.damage_fraction:
                # Hell Hath No Fury: the primary of the player whose Lightning card it answered
                x = players[opponent_nb(players, glob, q), P.primary]
                if x >= 0 and not magic_immune_vs_nb(cards, effects, inst, x, q):
                    loss = fighters[x, F.hp] * effects[r, E.amount] // effects[r, E.divisor]
                    fighters[x, F.hp] -= loss
                    record_nb(trace, glob, q, Event.effect_damage, x, loss, fighters[x, F.hp])
                continue
            if (t == Trigger.response_own_hit or t == Trigger.response_own_miss) and action == Action.damage:
                # Martial Arts Man: "Inflict 20 damage to the creature you are battling", a magic
                # card's damage; only a primary creature has HP to lose (rules guide, LIMITED SUMMONS)
                if inst[other, I.zone] == InstZone.primary and not magic_immune_vs_nb(cards, effects, inst, other, q):
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    dealt = take_damage_nb(fighters[other], fighters[other], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, q, Event.effect_damage, other, dealt, fighters[other, F.hp])
                continue
            if (
                t != Trigger.response_opponent_hit
                and t != Trigger.response_battle
                and t != Trigger.response_attack_finished
            ):
                continue
            if action == Action.equip_self and effects[r, E.target] == Target.attacker:
                # Flame Sentinel: "equip this card to the attacking creature", for its turn cycles,
                # in an Infinite slot of its player's (none free: it only negates; ruling flame-sentinel)
                z = inst[other, I.zone]
                if (
                    (z == InstZone.primary or z == InstZone.limited)
                    and not magic_immune_vs_nb(cards, effects, inst, other, q)
                    and infinite_in_use_nb(cards, effects, inst, q) < infinite_slots_nb(glob, q)
                ):
                    set_zone_nb(inst, glob, card_inst, InstZone.magic)
                    inst[card_inst, I.controller] = q
                    inst[card_inst, I.attached_to] = other
                    inst[card_inst, I.expires] = resolve.turn_cycles_nb(glob, max(effects[r, E.duration], 1))
                    inst[card_inst, I.counter] = 0
                    inst[card_inst, I.rolled] = 0
                    inst[card_inst, I.chosen] = 0
                    record_nb(trace, glob, q, Event.effect, card_inst, r, 0)
            if (
                action == Action.damage
                and effects[r, E.target] == Target.attacker
                and inst[other, I.zone] == InstZone.primary
                and not magic_immune_vs_nb(cards, effects, inst, other, q)
            ):
                # Flame Sentinel: the first turn cycle's 10 damage, now
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[other], fighters[c], effects, effects[r, E.amount], False)
                record_nb(trace, glob, q, Event.effect_damage, other, dealt, fighters[other, F.hp])
            if (
                action == Action.apply_status
                and effects[r, E.status] == Status.frozen
                and not magic_immune_vs_nb(cards, effects, inst, other, q)
            ):
                # Winter Sentinel: the attacking creature is frozen for its duration
                until = resolve.turn_cycles_nb(glob, max(effects[r, E.duration], 1))
                fighters[other, F.frozen_until] = max(fighters[other, F.frozen_until], until)
                record_nb(trace, glob, q, Event.effect, card_inst, r, 0)
            if (
                action == Action.set_stat
                and effects[r, E.stat] == Stat.modifier
                and not magic_immune_vs_nb(cards, effects, inst, other, q)
            ):
                # Sticky Goo: the attacking creature's Modifier is +0 for its turn cycles
                until = resolve.turn_cycles_nb(glob, max(effects[r, E.duration], 1))
                fighters[other, F.modifier_zero_until] = max(fighters[other, F.modifier_zero_until], until)
                record_nb(trace, glob, q, Event.effect, card_inst, r, 0)
            if action == Action.heal and not magic_immune_vs_nb(cards, effects, inst, c, q):
                # Cure Minor Wounds: its player's creature, just hurt (ruling a-creature)
                amount = effects[r, E.amount]
                for _ in range(effects[r, E.dice]):
                    amount += d6_nb(rng, script)
                heal_creature_nb(inst, fighters, glob, c, amount, trace)
            if action == Action.destroy_magic or action == Action.draw or action == Action.return_later:
                resolve.execute_row_nb(
                    cards,
                    effects,
                    inst,
                    fighters,
                    players,
                    glob,
                    decks,
                    q,
                    card_inst,
                    r,
                    c,
                    policy,
                    params,
                    rng,
                    script,
                    trace,
                    moved,
                )
        if inst[card_inst, I.zone] == InstZone.resolving:
            to_cemetery_nb(cards, effects, inst, players, glob, card_inst, trace)
    return played


@njit(cache=True, _nrt=False)
def _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender):
    """The two creatures' stats from the lasting effects, the equips' bonuses against the creature
    battled (Melt Armor), and the field cards' multipliers against each other (Dragon's Bane, Holy
    Water)."""
    resolve.refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    boss.shield_in_battle_nb(inst, fighters, glob, attacker, defender)
    for i in (attacker, defender):
        other = defender if i == attacker else attacker
        resolve.battle_bonus_nb(cards, effects, inst, fighters, glob, i, other)
        fighters[i, F.extra_mult] *= resolve.field_multiplier_nb(
            cards, effects, inst, glob, i, inst[other, I.card], fighters[other, F.creature_type]
        )


@njit(cache=True, _nrt=False)
def _still_battling(inst, players, glob, p, attacker, defender):
    """Both creatures of p's battle are where they were (a card played in it may take one away:
    Dragon Rage destroying the Revival Priest that holds it)."""
    z = inst[attacker, I.zone]
    o = opponent_nb(players, glob, p)
    # Hoggan, played in the battle as a Limited Summon, is battled in place of the primary
    stand_in = inst[defender, I.zone] == InstZone.limited and inst[defender, I.controller] == o
    return (
        (players[o, P.primary] == defender or stand_in)
        and (z == InstZone.primary or z == InstZone.limited)
        and inst[attacker, I.controller] == p
    )


@njit(cache=True, _nrt=False)
def _stand_in(cards, effects, inst, fighters, players, glob, p, attacker, policy, params, rng, trace):
    """Hoggan: "At the beginning of your opponent's battle, play this card from your hand as a
    Limited Summon. Your opponent must battle this card in place of your primary creature. This
    card can be damaged as a Limited Summon." p's opponent may play a creature of their hand with
    an `opponent_battle` `limited_summon` row as the battle begins; it joins their field as a
    Limited Summon held by itself, with its health pool, and is the creature battled. Returns
    it, or -1."""
    o = opponent_nb(players, glob, p)
    if players[o, P.primary] < 0 or limited_barred_nb(cards, effects, inst, glob):
        return -1  # Street Lights: no Limited Summon is played
    options = local_array(MAX_INST)
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != o or not is_creature_nb(cards, inst, j):
            continue
        if find_row_nb(cards, effects, inst[j, I.card], Trigger.opponent_battle, Action.limited_summon) < 0:
            continue
        if magic.listed_nb(inst, options, n, j):
            continue
        options[n] = j
        n += 1
    if n == 0:
        return -1
    options[n] = NO_OPTION  # the card's player chooses to play it
    n += 1
    j = choice.pick_nb(
        ChoiceKind.zone_pick,
        o,
        attacker,
        options,
        n,
        policy,
        params,
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        rng,
    )
    if j == NO_OPTION:
        return -1
    note_play_nb(inst, j)
    resolve.limited_summon_nb(cards, inst, fighters, players, glob, o, j, j, trace)
    fighters[j, F.hp] = cards[inst[j, I.card], CardCol.hp]  # "can be damaged as a Limited Summon"
    fighters[j, F.max_hp] = cards[inst[j, I.card], CardCol.hp]
    return j


@njit(cache=True, _nrt=False)
def _begin_battle(cards, effects, inst, fighters, players, glob, decks, attacker, defender, rng, script, trace):
    """A battle of the active player's `attacker` against `defender` begins: it is recorded, the
    battle-bound cards in force count as used (play statistics), the fighters are armed, and the
    equips that roll before each battle roll, arming again when a roll killed a creature or took
    a card away (Sonic Screech)."""
    inst[attacker, I.battled_turn] = glob[G.turn]
    glob[G.battles] += 1  # "once per battle" (Winter Griffin's re-rolls) counts from here
    record_nb(trace, glob, glob[G.active], Event.battle, attacker, defender, 0)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic:
            inst[j, I.watch] = 0
    boss.battle_roll_nb(cards, effects, inst, fighters, glob, attacker, defender, rng, script, trace)
    sprung = _spring_traps(cards, effects, inst, fighters, players, glob, decks, rng, trace)
    _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender)
    if sprung and fighters[attacker, F.hp] <= 0:
        return  # the trap killed the attacking creature: no battle is fought (ruling living-trap)
    gone_a = _battle_rolls(cards, effects, inst, fighters, players, glob, decks, attacker, rng, script, trace)
    gone_d = _battle_rolls(cards, effects, inst, fighters, players, glob, decks, defender, rng, script, trace)
    if gone_a or gone_d:
        _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender)


@njit(cache=True, _nrt=False)
def _battle_row_choices(
    cards, effects, inst, fighters, players, glob, p, attacker, defender, options, policy, params, rng, trace
):
    """A creature's battle-start rows that a player decides on as the battle begins, attacker's
    first (ruling battle-forms): one of its `choice` rows (Shapeshifter's form), or its other
    such rows all together or none (Nadara's Piercing Arrow: `optional`, its player's choice;
    Monkey Duck's "Quack": `opponent_choice`, the other player's)."""
    for side in range(2):  # the battle's two sides
        c = attacker if side == 0 else defender
        q = p if side == 0 else opponent_nb(players, glob, p)  # c's player
        if inst[c, I.zone] != InstZone.primary or fighters[c, F.effect_count] == 0 or fighters[c, F.hp] <= 0:
            continue
        start, stop = card_rows_nb(cards, inst[c, I.card])
        n = 0
        passing = False
        group = -1  # the first row of the all-or-none group
        chooser = q
        for r in range(start, stop):
            if not chosen_battle_row_nb(effects, r):
                continue
            if effects[r, E.condition] == Condition.own_turn and q != p:
                continue  # Chaos Demon: "During your turn"
            flags = effects[r, E.flags]
            if (flags & Flag.choice) != 0:
                options[n] = r
                n += 1
                passing = passing or (flags & Flag.optional) != 0
            elif group < 0:
                group = r
                if (flags & Flag.opponent_choice) != 0:
                    chooser = opponent_nb(players, glob, q)
        if n > 0:
            if passing:
                options[n] = NO_OPTION
                n += 1
            pick = choice.pick_nb(
                ChoiceKind.battle_row,
                q,
                c,
                options,
                n,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            if pick >= 0:
                apply_battle_row_nb(fighters[c], effects, pick)
                record_nb(trace, glob, q, Event.effect, c, pick, 0)
        if group >= 0:
            options[0] = group
            options[1] = NO_OPTION
            pick = choice.pick_nb(
                ChoiceKind.battle_row,
                chooser,
                c,
                options,
                2,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            if pick == group:
                for r in range(start, stop):
                    if chosen_battle_row_nb(effects, r) and (effects[r, E.flags] & Flag.choice) == 0:
                        if effects[r, E.condition] != Condition.own_turn or q == p:
                            apply_battle_row_nb(fighters[c], effects, r)
                record_nb(trace, glob, chooser, Event.effect, c, group, 0)


@njit(cache=True, _nrt=False)
def _battle_again(cards, effects, inst, fighters, glob, attacker, defender, hp_d):
    """Ironfist Dwarf: "During your turn, if this creature inflicts 5 or less Atk damage during
    battle, it may initiate battle again ... This effect can occur up to 5 times" (ruling
    ironfist-dwarf): the battle it just fought took 1 to 5 HP off the creature battled, which
    still stands, and it has battled again fewer than 5 times this turn."""
    if inst[attacker, I.zone] != InstZone.primary or fighters[attacker, F.effect_count] == 0:
        return
    r = find_row_nb(cards, effects, inst[attacker, I.card], Trigger.static, Action.battle_again)
    if r < 0 or fighters[attacker, F.hp] <= 0 or fighters[defender, F.hp] <= 0:
        return
    t = glob[G.turn]
    loss = hp_d - fighters[defender, F.hp]
    taken = inst[attacker, I.agains] - 16 * t if inst[attacker, I.agains] >= 16 * t else 0
    if 1 <= loss <= effects[r, E.amount] and taken < effects[r, E.dice]:
        inst[attacker, I.again_turn] = t


@njit(cache=True, _nrt=False)
def battle_action_nb(
    cards, effects, inst, fighters, players, glob, decks, attacker, policy, params, rng, script, trace
):
    """The active player's creature battles the opponent's primary (rules guide, BATTLE)."""
    p = glob[G.active]
    o = opponent_nb(players, glob, p)  # the attacked player
    defender = players[o, P.primary]
    defending_primary = defender
    own_primary = players[p, P.primary]
    t = glob[G.turn]
    stand_in = _stand_in(cards, effects, inst, fighters, players, glob, p, attacker, policy, params, rng, trace)
    if stand_in >= 0:
        defender = stand_in  # Hoggan: "Your opponent must battle this card in place of your primary creature"
    # Ironfist Dwarf: a battle again, "without the targeted creature being able to return attack"
    again = inst[attacker, I.battled_turn] == t and inst[attacker, I.again_turn] == t
    if again:
        inst[attacker, I.again_turn] = -1
        taken = inst[attacker, I.agains] - 16 * t if inst[attacker, I.agains] >= 16 * t else 0
        inst[attacker, I.agains] = 16 * t + taken + 1
    elif inst[attacker, I.battled_turn] == t:
        inst[attacker, I.second_battle_turn] = t  # Double Hit: its second battle this turn
    _begin_battle(cards, effects, inst, fighters, players, glob, decks, attacker, defender, rng, script, trace)
    options = local_array(MAX_INST)
    _battle_row_choices(
        cards, effects, inst, fighters, players, glob, p, attacker, defender, options, policy, params, rng, trace
    )
    _battle_guards(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        decks,
        p,
        attacker,
        defender,
        options,
        policy,
        params,
        rng,
        script,
        trace,
    )
    upgrade = -1
    if inst[defender, I.zone] == InstZone.primary and fighters[defender, F.hp] > 0:
        upgrade = _battle_equip(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            p,
            attacker,
            defender,
            options,
            policy,
            params,
            rng,
            script,
            trace,
        )
    # Double Hit: "Your opponent can only return attack for 1 of these battles": in the first,
    # the defender's player strikes back or keeps the return attack for the second (ruling double-hit)
    no_return = again
    if fighters[attacker, F.double_battle] != 0 and not again:
        if inst[attacker, I.second_battle_turn] == t:
            no_return = inst[defender, I.returned_turn] == t
        else:
            options[0] = defender
            options[1] = NO_OPTION
            pick = choice.pick_nb(
                ChoiceKind.return_attack,
                o,
                attacker,
                options,
                2,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            no_return = pick == NO_OPTION
    for c in (attacker, defender):  # Arcane Power: cards revealed for a Modifier in this battle
        _reveal_for_battle(cards, effects, inst, fighters, players, glob, c, options, policy, params, rng, trace)
    # Future Warrior: each side may spend an equip of its creature that stops the other
    # creature's Atk damage in this battle, the battle of its player's choosing
    spent = local_array(2)
    spent[:] = -1
    for side in range(2):
        q = p if side == 0 else o
        c = attacker if side == 0 else defender
        x = defender if side == 0 else attacker
        n = _foresight_options(cards, effects, inst, c, x, options)
        if n > 1:
            pick = choice.pick_nb(
                ChoiceKind.battle_answer,
                q,
                c,
                options,
                n,
                policy,
                params,
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                rng,
            )
            if pick >= 0 and pick != NO_OPTION:
                fighters[x, F.battle_disarmed] = 1
                spent[side] = pick
                record_nb(trace, glob, q, Event.effect, pick, cards[inst[pick, I.card], CardCol.effect_start], 0)
    # Bunnysaurus: each side's creature may spend its once-per-field negation on this battle: the
    # first strike against it is negated (ruling bunnysaurus)
    shield_row = local_array(2)
    shield_row[:] = -1
    for side in range(2):
        q = p if side == 0 else o
        c = attacker if side == 0 else defender
        r = once_negation_nb(cards, effects, inst, fighters, c, False)
        if r < 0 or fighters[c, F.shielded] != 0:
            continue
        options[0] = NO_OPTION
        options[1] = c
        pick = choice.pick_nb(
            ChoiceKind.field_shield,
            q,
            c,
            options,
            2,
            policy,
            params,
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            rng,
        )
        if pick == c:
            fighters[c, F.shielded] = 1
            shield_row[side] = r
    # Lightning cards each player keeps ready for this battle (rules guide, CARD ACTIVATION)
    ready = local_array(BOTH_READIED)
    ready[:] = -1  # [p's answer, p's boost, p's counter, o's answer, o's boost, o's counter]
    for side in range(2):
        q = p if side == 0 else o
        c = attacker if side == 0 else defender
        for slot in range(READIED):
            if slot == 2:
                n = _counter_options(cards, effects, inst, fighters, players, glob, q, options)
                kind = ChoiceKind.battle_counter
            else:
                n = _reaction_options(cards, effects, inst, fighters, players, glob, q, slot == 1, options)
                kind = ChoiceKind.battle_boost if slot == 1 else ChoiceKind.battle_answer
            ready[READIED * side + slot] = choice.pick_nb(
                kind, q, c, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
            )
            if not boss.readied_holds_nb(
                cards, effects, inst, players, glob, q, ready[READIED * side + slot], c, rng, script, trace
            ):
                ready[READIED * side + slot] = -1  # resisted by the boss: spent with no effect
        b = READIED * side
        _ready_reaction(cards, effects, fighters, inst, c, ready[b], ready[b + 1], ready[b + 2])
        boss.no_fraction_in_battle_nb(fighters, glob, c, defender if side == 0 else attacker)
    hp_d = fighters[defender, F.hp]
    order = -1  # a creature killed by its equip's roll (Sonic Screech) fights no battle
    if fighters[attacker, F.hp] > 0 and fighters[defender, F.hp] > 0:
        order = open_battle_nb(fighters[attacker], fighters[defender], effects, t, rng, script)
    if trace.shape[0] > 0 and fighters[attacker, F.battle_rolloff] != 0:
        record_nb(trace, glob, p, Event.speed_rolloff, attacker, fighters[attacker, F.battle_rolloff], 0)
    if order >= 0:
        first = attacker if order == 1 else defender
        second = defender if order == 1 else attacker
        for k in range(2):
            striker = first if k == 0 else second
            struck = second if k == 0 else first
            if k == 1 and (
                fighters[striker, F.hp] <= 0
                or fighters[struck, F.hp] <= 0
                or not _still_battling(inst, players, glob, p, attacker, defender)
            ):
                break
            if striker == defender and no_return:
                continue  # Double Hit: the defender's return attack was spent, or kept for the other battle
            if striker == defender and fighters[attacker, F.double_battle] != 0:
                inst[defender, I.returned_turn] = t
            # the first strike made in the battle (a defender that does not strike back makes none)
            hp_before = fighters[struck, F.hp]
            rerolls.strike_with_rerolls_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                striker,
                struck,
                k == 0 or no_return,
                policy,
                params,
                rng,
                script,
                trace,
            )
            _pay_instead_nb(
                cards, effects, inst, fighters, players, glob, striker, struck, hp_before, policy, params, rng, trace
            )  # Ooze Weaver
            # Wild Vampire: the game keeps the AL its hit took
            resolve.note_drain_nb(cards, effects, inst, fighters, players, glob, striker, struck)
            resolve.on_hit_moves_nb(cards, effects, inst, fighters, players, glob, decks, striker, rng, trace)
            _deal_backfire(cards, effects, inst, fighters, players, glob, striker, trace)
            if trace.shape[0] > 0:
                _trace_strike(fighters, glob, striker, p if striker == attacker else o, trace)
            share_bound_damage_nb(cards, effects, inst, fighters, players, glob, trace)  # Bound Fate
            resolve.wake_sleepers_nb(
                cards, effects, inst, fighters, players, glob, decks, policy, params, rng, trace
            )  # Carus Demon
            resolve.on_hit_draws_nb(cards, effects, inst, fighters, players, glob, decks, striker, trace)
            # a Lightning card takes effect when it is played: before the next strike
            if _spend_reactions(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                p,
                attacker,
                defender,
                ready,
                policy,
                params,
                rng,
                script,
                trace,
            ):
                _arm_fighters(cards, effects, inst, fighters, players, glob, attacker, defender)
    for side in range(2):  # a negation that negated a strike is spent; one that did not is kept
        c = attacker if side == 0 else defender
        if shield_row[side] >= 0:
            if fighters[c, F.shielded] == 0:
                inst[c, I.spent_at] = inst[c, I.arrival]
                record_nb(trace, glob, p if side == 0 else o, Event.effect, c, shield_row[side], 0)
            else:
                fighters[c, F.shielded] = 0
    _battle_again(cards, effects, inst, fighters, glob, attacker, defender, hp_d)
    w = fighters[attacker, F.recoil_row] - 1
    if w >= 0 and fighters[attacker, F.hp] > 0 and 0 < fighters[defender, F.hp] < hp_d:
        # Chaos Demon: "If this effect is used and it fails to kill the targeted creature, this
        # creature receives 1/2 the damage it dealt" (ruling chaos-demon)
        sync_damage_immune_nb(cards, effects, inst, fighters, glob)
        loss = (hp_d - fighters[defender, F.hp]) * effects[w, E.amount] // effects[w, E.divisor]
        dealt = take_damage_nb(fighters[attacker], fighters[attacker], effects, loss, False)
        record_nb(trace, glob, p, Event.effect_damage, attacker, dealt, fighters[attacker, F.hp])
    end_battle_nb(fighters[attacker])
    end_battle_nb(fighters[defender])
    for side in range(2):  # Future Warrior goes to the cemetery after the battle it was spent on
        j = spent[side]
        if j >= 0 and inst[j, I.zone] == InstZone.magic:
            leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
    if upgrade >= 0 and inst[upgrade, I.zone] == InstZone.magic:
        # Cybernetic Upgrade: "Send this card to the cemetery at the end of that battle"
        leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, upgrade, rng, trace)
    for c in (attacker, defender):  # a readied card that did not take effect stays in hand
        fighters[c, F.react] = React.none
        fighters[c, F.boost_dice] = 0
        fighters[c, F.boost_on_hit] = 0
        fighters[c, F.counter] = Counter.none
    if fighters[defender, F.hp] < hp_d:
        glob[G.dealt_damage] = 1
    if trace.shape[0] > 0:
        record_nb(
            trace,
            glob,
            p,
            Event.battle_end,
            _traced_hp(inst, fighters, attacker),
            _traced_hp(inst, fighters, defender),
            0,
        )
    if stand_in >= 0 and inst[stand_in, I.zone] == InstZone.limited:
        # Hoggan: "Send this card to your cemetery after battle"
        leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, stand_in, rng, trace)
    killer_of = local_array(MAX_SEATS)[: players.shape[0]]
    killer_of[:] = -1
    killer_of[o] = attacker
    killer_of[p] = defender
    settle_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, True, rng, script, trace)
    # rules guide: the combat phase ends the moment a primary creature dies (wherever it goes:
    # a Phoenix back to hand, a Forest Demon onto its killer)
    if glob[G.winner] < 0 and (players[o, P.primary] != defending_primary or players[p, P.primary] != own_primary):
        end_combat_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)


@njit(cache=True, _nrt=False)
def forces_self_battles_nb(cards, effects, inst, fighters, players, glob, p):
    """Ancient One: "During your opponents' turn, if they control Limited Summons, they must use
    their Limited Summons to battle their primary creature": p's opponent's primary creature
    carries that rule, its effects not negated."""
    x = players[opponent_nb(players, glob, p), P.primary]
    if x < 0 or fighters[x, F.effect_count] == 0:
        return False
    return find_row_nb(cards, effects, inst[x, I.card], Trigger.static, Action.force_self_battle) >= 0


@njit(cache=True, _nrt=False)
def forced_battles_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """The active player's combat phase begins: under Ancient One's rule each of their Limited
    Summons that can battle battles their own primary creature, one after another in the order
    they arrived, before any battle of their choosing (ruling ancient-one). Normal battle rules
    apply: none in the first turn cycle or while battles are blocked, none by a frozen or stunned
    creature; the combat phase ends the moment the primary dies."""
    p = glob[G.active]
    t = glob[G.turn]
    _possessed_battle_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    if t < glob[G.cycle] or t <= glob[G.no_battle_until]:
        return
    if not forces_self_battles_nb(cards, effects, inst, fighters, players, glob, p):
        return
    order = local_array(MAX_INST)
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and inst[j, I.controller] == p:
            order[n] = j
            n += 1
    for a in range(1, n):  # by arrival
        j = order[a]
        b = a - 1
        while b >= 0 and inst[order[b], I.arrival] > inst[j, I.arrival]:
            order[b + 1] = order[b]
            b -= 1
        order[b + 1] = j
    for k in range(n):
        i = order[k]
        if glob[G.winner] >= 0 or glob[G.phase] != Phase.combat or players[p, P.primary] < 0:
            return
        if inst[i, I.zone] != InstZone.limited or inst[i, I.controller] != p:
            continue
        if not forces_self_battles_nb(cards, effects, inst, fighters, players, glob, p):
            return  # Ancient One left the field (or lost its effects) meanwhile
        if can_initiate_nb(inst, fighters, glob, i):
            _self_battle_nb(cards, effects, inst, fighters, players, glob, decks, i, policy, params, rng, script, trace)


@njit(cache=True, _nrt=False)
def _possessed_battle_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Possession: the creature a Possession of this turn targets battles itself as the combat
    phase begins, by the standard rules: a roll-off of equal SPD, its strike on itself, then its
    return attack on itself while it lives; none in the first turn cycle, nor by a creature that
    cannot battle (frozen, stunned, asleep). Other battles are blocked for the turn (ruling
    possession)."""
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.watched] <= 0 or inst[j, I.expires] != t:
            continue
        if find_row_nb(cards, effects, inst[j, I.card], Trigger.on_play, Action.self_battle) < 0:
            continue
        c = inst[j, I.watched] - 1
        inst[j, I.watched] = 0
        if t < glob[G.cycle] or inst[c, I.zone] != InstZone.primary:
            continue
        _arm_fighters(cards, effects, inst, fighters, players, glob, c, c)
        if fighters[c, F.frozen_until] >= t or is_stunned_nb(fighters[c], t) or fighters[c, F.asleep] != 0:
            continue
        q = inst[c, I.controller]
        inst[c, I.battled_turn] = t
        glob[G.battles] += 1
        record_nb(trace, glob, glob[G.active], Event.battle, c, c, 0)
        _battle_rolls(cards, effects, inst, fighters, players, glob, decks, c, rng, script, trace)
        _arm_fighters(cards, effects, inst, fighters, players, glob, c, c)
        order = -1
        if fighters[c, F.hp] > 0:
            order = open_battle_nb(fighters[c], fighters[c], effects, t, rng, script)
        for k in range(2 if order >= 0 else 0):
            if fighters[c, F.hp] <= 0:
                break
            rerolls.strike_with_rerolls_nb(
                cards, effects, inst, fighters, players, glob, c, c, k == 0, policy, params, rng, script, trace
            )
            if trace.shape[0] > 0:
                _trace_strike(fighters, glob, c, q, trace)
            share_bound_damage_nb(cards, effects, inst, fighters, players, glob, trace)  # Bound Fate
        end_battle_nb(fighters[c])
        if trace.shape[0] > 0:
            hp = _traced_hp(inst, fighters, c)
            record_nb(trace, glob, q, Event.battle_end, hp, hp, 0)
        killer_of = local_array(MAX_SEATS)[: players.shape[0]]
        killer_of[:] = -1
        killer_of[q] = c  # killed by itself: not by the opponent
        settle_nb(
            cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, True, rng, script, trace
        )


@njit(cache=True, _nrt=False)
def _self_battle_nb(cards, effects, inst, fighters, players, glob, decks, attacker, policy, params, rng, script, trace):
    """Limited Summon `attacker` of the active player battles its own player's primary creature
    (Ancient One). The strikes are those of any battle; no Lightning card answers them: the
    cards answer the opponent's creatures (ruling ancient-one)."""
    p = glob[G.active]
    defender = players[p, P.primary]
    t = glob[G.turn]
    _begin_battle(cards, effects, inst, fighters, players, glob, decks, attacker, defender, rng, script, trace)
    order = -1
    if fighters[attacker, F.hp] > 0 and fighters[defender, F.hp] > 0:
        order = open_battle_nb(fighters[attacker], fighters[defender], effects, t, rng, script)
    if trace.shape[0] > 0 and fighters[attacker, F.battle_rolloff] != 0:
        record_nb(trace, glob, p, Event.speed_rolloff, attacker, fighters[attacker, F.battle_rolloff], 0)
    if order >= 0:
        first = attacker if order == 1 else defender
        second = defender if order == 1 else attacker
        for k in range(2):
            striker = first if k == 0 else second
            struck = second if k == 0 else first
            if k == 1 and (
                fighters[striker, F.hp] <= 0
                or fighters[struck, F.hp] <= 0
                or inst[attacker, I.zone] != InstZone.limited  # Missile-Toad's hit sent it away
                or players[p, P.primary] != defender
            ):
                break
            rerolls.strike_with_rerolls_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                striker,
                struck,
                k == 0,
                policy,
                params,
                rng,
                script,
                trace,
            )
            resolve.note_drain_nb(cards, effects, inst, fighters, players, glob, striker, struck)
            resolve.on_hit_moves_nb(cards, effects, inst, fighters, players, glob, decks, striker, rng, trace)
            _deal_backfire(cards, effects, inst, fighters, players, glob, striker, trace)
            if trace.shape[0] > 0:
                _trace_strike(fighters, glob, striker, p, trace)
            resolve.on_hit_draws_nb(cards, effects, inst, fighters, players, glob, decks, striker, trace)
    end_battle_nb(fighters[attacker])
    end_battle_nb(fighters[defender])
    if trace.shape[0] > 0:
        record_nb(
            trace,
            glob,
            p,
            Event.battle_end,
            _traced_hp(inst, fighters, attacker),
            _traced_hp(inst, fighters, defender),
            0,
        )
    killer_of = local_array(MAX_SEATS)[: players.shape[0]]
    killer_of[:] = -1
    killer_of[p] = attacker  # killed by its own side's creature: not by the opponent
    settle_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, True, rng, script, trace)
    if glob[G.winner] < 0 and players[p, P.primary] != defender:
        end_combat_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)


@njit(cache=True, _nrt=False)
def _traced_hp(inst, fighters, i):
    """A creature's HP for the trace; -1 for a Limited Summon, which has no health pool (rules
    guide, LIMITED SUMMONS: "Limited Summons also lose their health pool while they are on the field");
    Hoggan, which "can be damaged as a Limited Summon", keeps its own."""
    if inst[i, I.zone] == InstZone.limited and fighters[i, F.max_hp] >= FOREVER:
        return -1
    return fighters[i, F.hp]


@njit(cache=True, _nrt=False)
def _trace_strike(fighters, glob, i, owner, trace):
    """The dice and result of creature i's strike, read from its fighter (kernel.duel.battle keeps them)."""
    f = fighters[i]
    record_nb(trace, glob, owner, Event.strike, i, f[F.strike_result], f[F.strike_needed])
    if f[F.strike_hit_dice] != 0:
        record_nb(trace, glob, owner, Event.hit_dice, i, f[F.strike_hit_dice], f[F.strike_hit_total])
    if f[F.strike_effect_dice] != 0:
        record_nb(trace, glob, owner, Event.effect_rolls, i, f[F.strike_effect_dice], 0)
    if f[F.strike_atk_dice] != 0:
        record_nb(trace, glob, owner, Event.atk_dice, i, f[F.strike_atk_dice], f[F.strike_damage])


@njit(cache=True, _nrt=False)
def end_combat_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """The combat phase is over (or skipped): the damage and healing over time due this turn
    tick (ruling 6), then the wrap-up phase."""
    if glob[G.phase] != Phase.combat:
        return
    a = glob[G.active]
    o = opponent_nb(players, glob, a)
    fa = players[a, P.primary]
    fo = players[o, P.primary]
    t = glob[G.turn]
    hp_a = fighters[fa, F.hp] if fa >= 0 else 0
    hp_o = fighters[fo, F.hp] if fo >= 0 else 0
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)  # Ghost Form stops DOT damage too
    if fa >= 0:
        fighters[fa, F.in_own_turn] = 1  # Lurking Slime: the ticks of this turn, a skipped one too
    if fo >= 0:
        fighters[fo, F.in_own_turn] = 0
    if fa >= 0 and fo >= 0:
        end_exchange_nb(fighters[fa], fighters[fo], effects, t, rng, script)
    elif fa >= 0:
        end_exchange_nb(fighters[fa], fighters[fa], effects, t, rng, script)
    elif fo >= 0:
        end_exchange_nb(fighters[fo], fighters[fo], effects, t, rng, script)
    if trace.shape[0] > 0:  # the ticks (DOT damage positive, HOT healing negative)
        if fa >= 0 and fighters[fa, F.hp] != hp_a:
            record_nb(trace, glob, a, Event.dot_tick, fa, hp_a - fighters[fa, F.hp], fighters[fa, F.hp])
        if fo >= 0 and fighters[fo, F.hp] != hp_o:
            record_nb(trace, glob, o, Event.dot_tick, fo, hp_o - fighters[fo, F.hp], fighters[fo, F.hp])
    if fa >= 0 and fo >= 0:
        _aura_dots(cards, effects, inst, fighters, glob, fa, fo, trace)
    for q in range(players.shape[0]):
        # more seats: the damage and healing over time due on every other primary tick too
        x = players[q, P.primary]
        if q != a and q != o and x >= 0:
            hp = fighters[x, F.hp]
            end_exchange_nb(fighters[x], fighters[x], effects, t, rng, script)
            if trace.shape[0] > 0 and fighters[x, F.hp] != hp:
                record_nb(trace, glob, q, Event.dot_tick, x, hp - fighters[x, F.hp], fighters[x, F.hp])
    # Sleepy Scent: a tick's damage wakes its creature; one still asleep heals with the other HOTs
    tend_sleepers_nb(cards, effects, inst, fighters, players, glob, decks, True, rng, trace)
    glob[G.phase] = Phase.wrap_up
    # a primary that the ticks kill was killed by the opponent's creature that put the damage
    # over time on it (Phoenix: "killed by your opponent")
    killer_of = local_array(MAX_SEATS)[: players.shape[0]]
    killer_of[:] = -1
    killer_of[a] = fo
    killer_of[o] = fa
    settle_nb(
        cards, effects, inst, fighters, players, glob, decks, policy, params, killer_of, False, rng, script, trace
    )


@njit(cache=True, _nrt=False)
def _aura_dots(cards, effects, inst, fighters, glob, src, target, trace):
    """Basilisk: "while on the field, the target creature receives 5 damage once per turn
    cycle" - it ticks when its controller's other DOTs do, on whoever is the opponent's primary."""
    f = fighters[src]
    for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.dot
            and effects[r, E.target] == Target.opponent_primary
        ):
            dealt = take_damage_nb(fighters[target], f, effects, effects[r, E.amount], False)
            record_nb(trace, glob, inst[target, I.controller], Event.dot_tick, target, dealt, fighters[target, F.hp])


# ------------------------------------------------------------------ turns


@njit(cache=True, _nrt=False)
def setup_nb(cards, effects, inst, fighters, players, glob, decks, seed, index, rng, script, trace):
    """Shuffle both decks, roll for the first player (ruling 2), draw 5 cards each."""
    reset_state_nb(inst, fighters, players, glob, decks)
    glob[G.rewind_cards] = 1 if rewind.any_rewind_card_nb(cards, effects, inst) else 0
    seed_rng_nb(rng, np.uint64(seed), np.uint64(index))
    if glob[G.rounds] > 0:
        rounds.set_aside_nb(cards, inst, players, glob, decks)
    if glob[G.boss] >= 0:
        boss.set_up_nb(cards, inst, fighters, players, glob, decks)
    for p in range(players.shape[0]):
        shuffle_deck_nb(inst, decks, players, p, rng)
    # rules guide: each player rolls one die; the lower roll chooses, and goes first (more
    # players: the lowest roll, every player rolling again while it is shared; ruling first-player)
    dice = local_array(MAX_SEATS)[: players.shape[0]]
    dice[:] = 0
    # Boss Battles: "The boss always starts the game by drawing 1 card"
    first = glob[G.boss]
    while first < 0:
        for p in range(players.shape[0]):
            dice[p] = d6_nb(rng, script)
        first = 0
        shared = False
        for p in range(1, players.shape[0]):
            if dice[p] < dice[first]:
                first = p
                shared = False
            elif dice[p] == dice[first]:
                shared = True
        if shared:
            first = -1
    glob[G.first] = first
    glob[G.active] = first
    glob[G.faced] = next_seat_nb(players, glob, first)  # 1v1: the other seat; more: chosen each turn
    record_nb(trace, glob, first, Event.first_player, dice[0], dice[1], 0)
    for p in range(players.shape[0]):
        if boss.is_boss_nb(glob, p):
            continue  # the boss never has a hand (Boss Battles, Deck rules)
        for _ in range(glob[G.opening_hand]):
            i = draw_card_nb(inst, decks, players, glob, p)
            inst[i, I.seen] |= SeenBit.opening


@njit(cache=True, _nrt=False)
def begin_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Draw phase and the start of the turn; leaves the game in the magic/summoning phase, or
    ends the turn at once when the player must skip it."""
    p = glob[G.active]
    glob[G.phase] = Phase.draw
    glob[G.dealt_damage] = 0
    record_nb(
        trace,
        glob,
        p,
        Event.turn,
        glob[G.turn],
        cemetery_hp_nb(cards, inst, players, 0),
        cemetery_hp_nb(cards, inst, players, 1),
    )
    is_boss = boss.is_boss_nb(glob, p)
    if is_boss:
        boss.begin_boss_turn_nb(players, glob)
        boss.aim_nb(players, glob, rng, script, trace)
    else:
        face_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
    if glob[G.rounds] > 0 and glob[G.round] == 0:
        # AL Ladder: the first round's creatures come to the field as the first turn begins
        glob[G.round] = 1
        rounds.start_round_nb(
            cards, effects, inst, fighters, players, glob, decks, 1, 0, policy, params, rng, script, trace
        )
    if players[p, P.skip_turn] > 0:
        # Black Dragon: the whole turn is skipped, its four phases with it (rules guide, Turns
        # explained), draw and turn-start effects included; the turn cycle passes all the same,
        # so the damage over time due this turn ticks (ruling 6)
        players[p, P.skip_turn] = 0
        record_nb(trace, glob, p, Event.skip_turn, 0, 0, 0)
        glob[G.phase] = Phase.combat
        end_combat_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
        if glob[G.winner] < 0:
            glob[G.phase] = Phase.draw
        return
    # rules guide: no draw in either player's first turn; the boss draws in each of its turns
    if has_played_nb(players, p) or is_boss:
        if is_boss:
            i = boss.draw_nb(inst, players, glob, decks, rng, trace)
        else:
            i = draw_card_nb(inst, decks, players, glob, p)
        if i >= 0:
            if inst[i, I.seen] & SeenBit.opening == 0:
                inst[i, I.seen] |= SeenBit.drawn
            record_nb(trace, glob, p, Event.draw, i, inst[i, I.card], 0)
            resolve.opponent_draws_nb(cards, effects, inst, fighters, players, glob, p, trace)
            answer_draw_nb(
                cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace
            )
        else:  # carding out is not a loss (rules guide, How to win)
            record_nb(trace, glob, p, Event.deck_empty, 0, 0, 0)
    # turn-start effects, cards coming back to hand among them (Junk Scarecrow)
    turns.turn_start_effects_nb(
        cards, effects, inst, fighters, players, glob, decks, p, policy, params, rng, script, trace
    )
    # rules guide, Draw phase: "after drawing a card the player may only have a maximum of eight
    # cards in their hand ... discard cards to the cemetery until you have eight"
    options = local_array(MAX_INST)
    while hand_size_nb(inst, p) > glob[G.hand_limit] and glob[G.winner] < 0:
        n = magic.hand_options_nb(cards, effects, inst, p, -1, -1, options)
        d = choice.pick_nb(
            ChoiceKind.discard, p, -1, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
        )
        record_nb(trace, glob, p, Event.discard, d, inst[d, I.card], 0)
        to_cemetery_nb(cards, effects, inst, players, glob, d, trace)
    if glob[G.winner] >= 0:
        return
    settle_effects_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
    if glob[G.winner] >= 0:
        return
    glob[G.phase] = Phase.main
    if is_boss:
        _boss_sorts_hand(cards, effects, inst, fighters, players, glob, trace)
    if players[p, P.primary] < 0 and glob[G.rounds] == 0:  # both players place a creature in their first turn
        ensure_primary_nb(cards, effects, inst, fighters, players, glob, decks, p, policy, params, rng, script, trace)
    if not has_played_nb(players, p):
        # the first turn's placement (here, or in the settling above) is the turn's summon
        players[p, P.summon_turn] = glob[G.turn]


@njit(cache=True, _nrt=False)
def turn_goes_on_nb(players, glob, a):
    """Active player a's turn goes on: the game is not over, the turn has not ended, a is still
    in the game, and no AL Ladder round ended in it (ruling ladder-round-end)."""
    return glob[G.winner] < 0 and glob[G.phase] != Phase.draw and players[a, P.lost] == 0 and glob[G.round_over] == 0


@njit(cache=True, _nrt=False)
def end_turn_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace):
    """Wrap-up is over: turn-end effects, then the next seat's turn; the turn cap draws."""
    p = glob[G.active]
    # AL Ladder: a round that ended in this turn ended the turn (ruling ladder-round-end)
    if glob[G.winner] < 0 and players[p, P.lost] == 0 and glob[G.round_over] == 0:
        turns.turn_end_effects_nb(cards, effects, inst, fighters, players, glob, decks, p, rng, script, trace)
        settle_effects_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, script, trace)
        retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
    if not has_played_nb(players, p):
        players[p, P.first_turn] = glob[G.turn]
    players[p, P.last_turn] = glob[G.turn]
    glob[G.round_over] = 0
    glob[G.turn] += 1
    glob[G.active] = next_seat_nb(players, glob, p)
    if glob[G.winner] < 0 and glob[G.turn] >= glob[G.max_turns]:
        finish_nb(glob, glob[G.teams], EndReason.turn_cap)


@njit(cache=True, _nrt=False)
def face_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace):
    """The active player faces one opponent this turn (ruling faced-opponent): their battle is
    against that player's primary, and their cards that name "the opponent" act on that player.
    With two seats, the other one; with one opponent left in the game, that one; else the
    active player's policy chooses among the opponents still in the game."""
    p = glob[G.active]
    if players.shape[0] == 2:
        glob[G.faced] = 1 - p
        return
    if boss.is_boss_nb(glob, p):
        boss.aim_at_any_nb(players, glob)  # the boss's dice aim before it acts (begin_turn_nb)
        return
    options = local_array(MAX_SEATS)
    n = 0
    for q in range(players.shape[0]):
        if players[q, P.lost] == 0 and players[q, P.team] != players[p, P.team]:
            options[n] = q
            n += 1
    if n == 0:
        return
    glob[G.faced] = choice.pick_nb(
        ChoiceKind.face, p, -1, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    record_nb(trace, glob, p, Event.face, glob[G.faced], 0, 0)


@njit(cache=True, _nrt=False)
def retire_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace):
    """Players out of a game that goes on (more than two teams, or a team with a player left):
    their cards, and the cards under their control, leave the game (ruling player-out); the
    turn cycle is counted again among the players left, and an active player who faced one of
    them faces another. Called between actions, where no card is on its way anywhere. The HP
    the boss lost since the last call is counted to the player who dealt it (Boss Battles)."""
    boss.note_damage_nb(fighters, inst, players, glob)
    if glob[G.winner] >= 0:
        return
    gone = False
    for p in range(players.shape[0]):
        if players[p, P.lost] != 1:
            continue
        players[p, P.lost] = 2
        gone = True
        hp = cemetery_hp_nb(cards, inst, players, p)
        record_nb(trace, glob, p, Event.player_out, hp, players[p, P.out_reason], 0)
        # what they went out with stays their cemetery HP, their cards gone
        players[p, P.cemetery_bonus] = hp
        players[p, P.cemetery_reduced] = 0
        for i in range(inst.shape[0]):
            z = inst[i, I.zone]
            if z != InstZone.removed and (inst[i, I.owner] == p or inst[i, I.controller] == p):
                set_zone_nb(inst, glob, i, InstZone.removed)
        players[p, P.primary] = -1
        players[p, P.deck_n] = 0
    if not gone:
        return
    count_cycle_nb(players, glob)
    for i in range(inst.shape[0]):
        fighters[i, F.cycle] = glob[G.cycle]
    a = glob[G.active]
    if players[a, P.lost] == 0 and players[glob[G.faced], P.lost] > 0:
        face_nb(cards, effects, inst, fighters, players, glob, policy, params, rng, trace)
