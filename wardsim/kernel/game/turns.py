"""A player's turn effects: once-per-turn activations, turn-start and turn-end rows (numba).

- `activation_options_nb` / `activate_nb`: the optional "once during your turn" effects of the
  primary creature (Necromancer, Dark Knight, Demon King), chosen as actions;
- `turn_start_effects_nb`: delayed returns to hand, regeneration, release rolls (Winter Chill,
  Kraken's wrap), Stone Golem's decay and the primary's mandatory turn rolls (Wizard, Demon
  Knight, Black Dragon, Eternal Titan);
- `turn_end_effects_nb`: Forest Fire's roll, Dragon Power's check, counters, and timed magic
  cards leaving the field.

Rows are carried out by `kernel.game.resolve.execute_row_nb` or, for the rows a strike also knows,
by the battle kernel's `fire_row_nb`.
"""

from __future__ import annotations

from wardsim.kernel.duel.effect_rows import (
    disarm_release_roll_nb,
    filter_matches_nb,
    fire_row_nb,
    is_aura_row_nb,
    take_damage_nb,
)
from wardsim.kernel.enums import (
    Action,
    CardCol,
    CardType,
    Condition,
    Duration,
    EffectCol,
    FighterCol,
    Flag,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game import boss
from wardsim.kernel.game.actions import encode_action_nb
from wardsim.kernel.game.enums import ActionKind, Event, GlobCol, InstCol, InstZone, PlayerCol
from wardsim.kernel.game.field import (
    card_rows_nb,
    cemetery_chained_nb,
    destroy_magic_nb,
    find_row_nb,
    heal_creature_nb,
    kill_nb,
    leave_for_cemetery_nb,
    limited_barred_nb,
    magic_immune_vs_nb,
    move_to_zone_nb,
    release_anchored_nb,
    spared_from_own_effect_nb,
    sync_damage_immune_nb,
    take_from_cemetery_nb,
    to_hand_nb,
)
from wardsim.kernel.game.resolve import (
    best_in_zone_nb,
    destroy_some_magic_nb,
    discard_some_nb,
    execute_row_nb,
    hand_or_deck_holds_nb,
    holds_under_nb,
    in_roll_table_nb,
    limited_count_nb,
    matches_filter_nb,
    refresh_fighters_nb,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import MAX_SEATS, opponent_nb
from wardsim.kernel.game.trace import record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol


@njit(cache=True, _nrt=False)
def activation_options_nb(cards, effects, inst, fighters, players, glob, p, out, n):
    """Optional once-per-turn effects of p's creatures (Necromancer, Dark Knight, Demon King)."""
    c = players[p, P.primary]
    if c < 0 or fighters[c, F.effect_count] == 0 or inst[c, I.used_turn] == glob[G.turn]:
        return n
    barred = limited_barred_nb(cards, effects, inst, glob)  # Street Lights
    start, stop = card_rows_nb(cards, inst[c, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.your_turn and (effects[r, E.flags] & Flag.optional) != 0:
            # Necromancer summons from the cemetery, Wolf Knight from the hand
            zone = InstZone.hand if effects[r, E.zone_from] == Zone.hand else InstZone.cemetery
            if effects[r, E.action] == Action.limited_summon and barred:
                continue
            if effects[r, E.action] == Action.limited_summon and effects[r, E.zone_from] == Zone.hand_or_deck:
                # Alkonost: a Harpy or an Alkonost to summon from the hand or the deck, and room for it
                if limited_count_nb(inst, c) >= max(effects[r, E.amount], 1) or not hand_or_deck_holds_nb(
                    cards, effects, inst, r, p
                ):
                    continue
            elif effects[r, E.action] == Action.limited_summon and (
                limited_count_nb(inst, c) >= max(effects[r, E.amount], 1)
                or best_in_zone_nb(cards, effects, inst, r, p, zone, False) < 0
            ):
                continue
            if (
                effects[r, E.action] == Action.move_card
                and effects[r, E.zone_from] == Zone.hand
                and not _hand_holds(cards, effects, inst, r, p)
            ):
                return n  # Vampire Lord, Wizard Frog: the card to send is the effect's cost
            if effects[r, E.zone_to] == Zone.under and holds_under_nb(cards, effects, inst, -1, c):
                return n  # Terry: "This effect cannot stack": one Jerry under it at most
            if (effects[r, E.flags] & Flag.choice) != 0:
                # Cryovore: "add 10 damage to the end of its attack, or heal itself 10 HP": one
                # activation per alternative, the k-th as operand k
                k = 0
                for r2 in range(r, stop):
                    if _alternative(effects, r2):
                        k += 1
                        out[n] = encode_action_nb(ActionKind.activate, c, k)
                        n += 1
                return n
            out[n] = encode_action_nb(ActionKind.activate, c, 0)
            return n + 1
    return n


@njit(cache=True, _nrt=False)
def _hand_holds(cards, effects, inst, r, p):
    """p's hand holds a card passing row r's filter."""
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.hand
            and inst[j, I.owner] == p
            and matches_filter_nb(cards, effects, r, inst[j, I.card])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _alternative(effects, r):
    """Row r is one alternative of a creature's your-turn activation (Cryovore)."""
    flags = effects[r, E.flags]
    return effects[r, E.trigger] == Trigger.your_turn and (flags & Flag.optional) != 0 and (flags & Flag.choice) != 0


@njit(cache=True, _nrt=False)
def activate_nb(cards, effects, inst, fighters, players, glob, decks, p, c, alt, policy, params, rng, script, trace):
    """p activates creature c's optional your-turn rows: all of them, or with alternatives
    (flag `choice`) the alt-th of those (from 1) and none of the others."""
    inst[c, I.used_turn] = glob[G.turn]
    inst[c, I.chosen_row] = 0
    start, stop = card_rows_nb(cards, inst[c, I.card])
    moved = local_array(MAX_SEATS)[: players.shape[0]]
    moved[:] = 0
    k = 0
    for r in range(start, stop):
        if _alternative(effects, r):
            k += 1
            if k != alt:
                continue
            inst[c, I.chosen_row] = r + 1
        if effects[r, E.trigger] == Trigger.your_turn and (effects[r, E.flags] & Flag.optional) != 0:
            if (
                execute_row_nb(
                    cards,
                    effects,
                    inst,
                    fighters,
                    players,
                    glob,
                    decks,
                    p,
                    c,
                    r,
                    c,
                    policy,
                    params,
                    rng,
                    script,
                    trace,
                    moved,
                )
                < 0
            ):
                return  # its cost was not paid (Vampire Lord, Wizard Frog)


@njit(cache=True, _nrt=False)
def turn_start_effects_nb(cards, effects, inst, fighters, players, glob, decks, p, policy, params, rng, script, trace):
    """Start of p's turn: delayed returns, regeneration, wraps, the opponent's cards that act
    in p's turn, and p's mandatory turn effects (rolls of Wizard, Demon Knight, Black Dragon,
    Eternal Titan)."""
    t = glob[G.turn]
    o = opponent_nb(players, glob, p)
    # Electroloon: p may roll at the beginning of the turn (always does) to end the aura of each
    # opposing creature that holds p's creatures; it ends for as long as that creature stays
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.primary or inst[j, I.controller] != o or inst[j, I.effect_ended] == 1:
            continue
        if fighters[j, F.effect_count] == 0:
            continue  # its effects are negated
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if is_aura_row_nb(effects, r) and effects[r, E.release_lo] > 0:
                die = d6_nb(rng, script)
                record_nb(trace, glob, p, Event.effect, j, r, die)
                if effects[r, E.release_lo] <= die <= effects[r, E.release_hi]:
                    inst[j, I.effect_ended] = 1
                break
    chained = cemetery_chained_nb(cards, effects, inst)  # Bound With Chains: the return waits
    for j in range(inst.shape[0]):
        # Junk Scarecrow, Mysterious Door: back in the owner's first turn once the turn cycles
        # have passed (the turn counted may be the opponent's)
        if (
            not chained
            and inst[j, I.zone] == InstZone.cemetery
            and inst[j, I.owner] == p
            and 0 <= inst[j, I.returns] <= t
        ):
            inst[j, I.returns] = -1
            take_from_cemetery_nb(cards, effects, inst, players, glob, j)
            zone = Zone.hand
            start, stop = card_rows_nb(cards, inst[j, I.card])
            for r in range(start, stop):
                if effects[r, E.action] == Action.return_later and effects[r, E.zone_to] != Zone.none:
                    zone = effects[r, E.zone_to]  # Close Encounters: to its owner's deck, shuffled
            if zone == Zone.hand:
                to_hand_nb(inst, glob, j, trace)
            else:
                move_to_zone_nb(cards, effects, inst, players, glob, decks, j, zone, rng, trace)
    refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        holder = inst[j, I.attached_to]
        die = 0
        matched = 0  # Apocalypse: 0 not rolled yet, 1 all dice matched, 2 not
        for r in range(start, stop):
            trig = effects[r, E.trigger]
            action = effects[r, E.action]
            if (
                trig == Trigger.turn_start
                and action == Action.damage
                and effects[r, E.target] == Target.equipped
                and holder >= 0
                and inst[holder, I.controller] == p
            ):
                # Phoenix Armor: 10 damage to the equipped creature at the start of its player's turns
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[holder], fighters[holder], effects, effects[r, E.amount], False)
                record_nb(trace, glob, p, Event.effect_damage, holder, dealt, fighters[holder, F.hp])
            elif (
                trig == Trigger.turn_start
                and action == Action.damage
                and effects[r, E.target] == Target.all_creatures
                and inst[j, I.controller] == p
                and effects[r, E.roll_lo] == 0
            ):
                # Bramble Field: "At the beginning of your turn, inflict 5 damage to all creatures
                # that do not have wings" (Limited Summons take no damage: the primary creatures)
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                for q in range(players.shape[0]):
                    c = players[q, P.primary]
                    if c < 0 or magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller]):
                        continue
                    if effects[r, E.condition] == Condition.target_not_matching and filter_matches_nb(
                        effects, r, fighters[c]
                    ):
                        continue
                    dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, p, Event.effect_damage, c, dealt, fighters[c, F.hp])
            elif trig == Trigger.each_turn_start and (effects[r, E.flags] & Flag.dice_match) != 0:
                # Apocalypse: "All players must roll 1 die each turn. If the result of all dice
                # match ..." (ruling apocalypse: at the start of every turn); one roll for its rows
                if matched == 0:
                    own_die = d6_nb(rng, script)
                    other_die = d6_nb(rng, script)
                    record_nb(trace, glob, p, Event.effect, j, r, own_die)
                    record_nb(trace, glob, o, Event.effect, j, r, other_die)
                    matched = 1 if own_die == other_die else 2
                if matched != 1:
                    continue
                if action == Action.damage and effects[r, E.target] == Target.all_primaries:
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    for q in range(players.shape[0]):
                        c = players[q, P.primary]
                        if c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller]):
                            dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                            record_nb(
                                trace, glob, inst[j, I.controller], Event.effect_damage, c, dealt, fighters[c, F.hp]
                            )
                elif action == Action.destroy_magic and effects[r, E.target] == Target.self:
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                    break
                elif action == Action.destroy_magic and effects[r, E.target] == Target.all_magic:
                    # Maximum Ward: "all cards on the field are destroyed", the magic cards but itself
                    destroy_some_magic_nb(
                        cards,
                        effects,
                        inst,
                        fighters,
                        players,
                        glob,
                        decks,
                        inst[j, I.controller],
                        j,
                        Target.all_magic,
                        0,
                        policy,
                        params,
                        rng,
                        trace,
                    )
                elif action == Action.move_card and effects[r, E.target] == Target.all_creatures:
                    # Maximum Ward: every creature on the field is destroyed: it dies (ruling maximum-ward)
                    _destroy_creatures(
                        cards, effects, inst, fighters, players, glob, decks, inst[j, I.controller], rng, trace
                    )
            elif trig == Trigger.each_turn_start and (effects[r, E.flags] & Flag.lowest_roll) != 0:
                # Cosmic Storm: "all players roll a die. The player with the lowest die result must
                # inflict 5 HP damage to their primary creature" (ruling cosmic-storm)
                if glob[G.boss] >= 0:  # Boss Battles: the players roll, the boss does not (ruling boss-rolls)
                    loser = boss.lowest_player_nb(players, glob, rng, script, trace)
                else:
                    loser = _lowest_roller(inst, players, glob, p, j, r, rng, script, trace)
                c = players[loser, P.primary] if loser >= 0 else -1
                if c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller]):
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, loser, Event.effect_damage, c, dealt, fighters[c, F.hp])
            elif trig == Trigger.each_turn_start and effects[r, E.target] == Target.lowest_hp_primary:
                # Death Omen: "The primary creature with the lowest HP receives 5 damage at the
                # beginning of each player's turn"; both on a tie (ruling death-omen)
                lowest = 0
                found = False
                for q in range(players.shape[0]):
                    c = players[q, P.primary]
                    if c >= 0 and (not found or fighters[c, F.hp] < lowest):
                        lowest = fighters[c, F.hp]
                        found = True
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                for q in range(players.shape[0]):
                    c = players[q, P.primary]
                    if (
                        c >= 0
                        and fighters[c, F.hp] == lowest
                        and not magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller])
                    ):
                        dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                        record_nb(trace, glob, inst[j, I.controller], Event.effect_damage, c, dealt, fighters[c, F.hp])
            elif trig == Trigger.turn_start and inst[j, I.controller] == p and effects[r, E.roll_lo] > 0:
                # Magic Artillery: its player rolls (always: the roll is all the card does); one
                # die decides between its rows
                if die == 0:
                    die = d6_nb(rng, script)
                    record_nb(trace, glob, p, Event.effect, j, r, die)
                    if action == Action.modify_stat:
                        # Mysterious Orb: the row the die picks holds until the next roll
                        # (resolve._aura_active; ruling mysterious-orb)
                        inst[j, I.rolled] = die
                if die < effects[r, E.roll_lo] or die > effects[r, E.roll_hi]:
                    continue
                if action == Action.discard and effects[r, E.target] == Target.opponent_player:
                    discard_some_nb(cards, effects, inst, fighters, players, glob, o, j, r, policy, params, rng, trace)
                elif action == Action.destroy_magic and effects[r, E.target] == Target.self:
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                    break
            elif trig == Trigger.turn_start and inst[j, I.controller] == p and action == Action.counter_heal:
                # Troll Regeneration: 5 HP per counter; counters start at 2, +1 per own turn end
                heal_creature_nb(
                    inst,
                    fighters,
                    glob,
                    holder,
                    effects[r, E.amount] * (effects[r, E.dice] + inst[j, I.counter]),
                    trace,
                )
            elif (
                trig == Trigger.each_turn_start
                and (effects[r, E.flags] & Flag.dice_match) == 0
                and action == Action.destroy_magic
                and effects[r, E.target] == Target.self
                and effects[r, E.roll_lo] > 0
            ):
                # Irresistible Love: in every turn, either player's, the card's opponent may roll
                # to end it (they always do: the roll can only help them)
                die = d6_nb(rng, script)
                record_nb(trace, glob, opponent_nb(players, glob, inst[j, I.controller]), Event.effect, j, r, die)
                if effects[r, E.roll_lo] <= die <= effects[r, E.roll_hi]:
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                    break
            elif trig == Trigger.opponent_turn and inst[j, I.controller] == o and holder >= 0:
                # Winter Chill: the frozen creature's owner may roll to unfreeze it; Metallic Bone:
                # the opponent of its creature's player may roll to destroy it (they always do)
                die = d6_nb(rng, script)
                record_nb(trace, glob, p, Event.effect, j, r, die)
                if effects[r, E.roll_lo] <= die <= effects[r, E.roll_hi]:
                    held = find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.apply_status)
                    if held < 0:  # Icy Breath holds the creature it answered
                        held = find_row_nb(
                            cards, effects, inst[j, I.card], Trigger.response_opponent_summon, Action.apply_status
                        )
                    if held >= 0 and effects[held, E.status] == Status.frozen:
                        fighters[holder, F.frozen_until] = -1  # the freeze it held ends with it
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                    break
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)  # a Metallic Bone destroyed above
    c = players[p, P.primary]
    x = players[o, P.primary]
    if c >= 0:
        fc = fighters[c]
        w = fc[F.wrap_row] - 1
        if w >= 0 and x >= 0:  # Kraken: the wrapped creature's player rolls to be freed
            die = d6_nb(rng, script)
            record_nb(trace, glob, p, Event.effect, c, w, die)
            if effects[w, E.release_lo] <= die <= effects[w, E.release_hi]:
                fc[F.wrap_row] = 0
            else:
                dealt = take_damage_nb(fc, fighters[x], effects, effects[w, E.amount], False)
                record_nb(trace, glob, p, Event.effect_damage, c, dealt, fc[F.hp])
    # Giant Snake: a creature disarmed until released rolls once in every turn, whoever's turn it
    # is (its player always rolls: the roll can only help them); the active player's first
    for i in (c, x):
        if i >= 0 and fighters[i, F.disarm_release_row] != 0:
            w = fighters[i, F.disarm_release_row] - 1
            die = disarm_release_roll_nb(fighters[i], effects, rng, script)
            record_nb(trace, glob, inst[i, I.controller], Event.effect, i, w, die)
    # Stone Golem: "loses 10 HP at the beginning of your turn" (its player's opponent's turn)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.primary and inst[j, I.controller] == o and fighters[j, F.effect_count] > 0:
            start, stop = card_rows_nb(cards, inst[j, I.card])
            for r in range(start, stop):
                if effects[r, E.trigger] == Trigger.opponent_turn and effects[r, E.action] == Action.damage:
                    dealt = take_damage_nb(fighters[j], fighters[j], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, o, Event.effect_damage, j, dealt, fighters[j, F.hp])
    if c < 0 or fighters[c, F.effect_count] == 0 or fighters[c, F.hp] <= 0:
        return
    opp = fighters[x] if x >= 0 else fighters[c]
    start, stop = card_rows_nb(cards, inst[c, I.card])
    for r in range(start, stop):
        trig = effects[r, E.trigger]
        if (effects[r, E.flags] & Flag.optional) != 0:
            continue
        if trig != Trigger.your_turn and trig != Trigger.turn_start:
            continue
        action = effects[r, E.action]
        if (
            action == Action.skip_turn
            or action == Action.block_magic
            or action == Action.block_rarity
            or action == Action.destroy_magic
            or (action == Action.prevent_damage and effects[r, E.duration] != Duration.battle)
            or action == Action.no_damage
            or in_roll_table_nb(effects, r, stop)  # The Alchemist: one die, three outcomes
        ):
            moved = local_array(MAX_SEATS)[: players.shape[0]]
            moved[:] = 0
            execute_row_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                p,
                c,
                r,
                c,
                policy,
                params,
                rng,
                script,
                trace,
                moved,
            )
        elif x >= 0:
            # the replay shows the die of a rolled row, whether it took effect or not (Wizard's
            # 1-3); fire_row_nb keeps it as the last of the creature's effect dice
            before = fighters[c, F.strike_effect_dice]
            fired = fire_row_nb(r, fighters[c], opp, effects, t, rng, script)
            if effects[r, E.roll_lo] > 0 and fighters[c, F.strike_effect_dice] != before:
                record_nb(trace, glob, p, Event.effect, c, r, fighters[c, F.strike_effect_dice] % 8)
            elif fired:
                record_nb(trace, glob, p, Event.effect, c, r, 0)


@njit(cache=True, _nrt=False)
def _opponent_turn_end(cards, effects, inst, fighters, players, glob, p, trace):
    """Lava Golem: "If your opponent does not battle on their turn, inflict 5 damage to their
    primary creature": the rows of p's opponent's primary creature as p's turn ends."""
    o = opponent_nb(players, glob, p)
    c = players[o, P.primary]
    if c < 0 or fighters[c, F.effect_count] == 0:
        return
    battled = False
    for j in range(inst.shape[0]):  # a creature of p's initiated a battle this turn (it may be gone since)
        if inst[j, I.battled_turn] == glob[G.turn] and inst[j, I.controller] == p:
            battled = True
    start, stop = card_rows_nb(cards, inst[c, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.opponent_turn_end or effects[r, E.action] != Action.damage:
            continue
        if effects[r, E.condition] == Condition.no_battle_this_turn and battled:
            continue
        x = players[p, P.primary]
        if x < 0 or effects[r, E.target] != Target.opponent_primary:
            continue
        if players[o, P.harmless_until] >= glob[G.turn]:
            continue  # Omega Titan: o causes no damage in this turn
        sync_damage_immune_nb(cards, effects, inst, fighters, glob)
        dealt = take_damage_nb(fighters[x], fighters[c], effects, effects[r, E.amount], False)
        record_nb(trace, glob, o, Event.effect_damage, x, dealt, fighters[x, F.hp])


@njit(cache=True, _nrt=False)
def _lowest_roller(inst, players, glob, p, j, r, rng, script, trace):
    """Cosmic Storm: each player rolls 1 die, the active player p first; while the lowest
    dice tie, those players roll again (the rules guide's way to find the lowest roll, Boss
    Battles). Returns the player with the lowest die."""
    o = opponent_nb(players, glob, p)
    for _ in range(MAX_REROLLS):
        own_die = d6_nb(rng, script)
        other_die = d6_nb(rng, script)
        record_nb(trace, glob, p, Event.effect, j, r, own_die)
        record_nb(trace, glob, o, Event.effect, j, r, other_die)
        if own_die < other_die:
            return p
        if other_die < own_die:
            return o
    return -1


@njit(cache=True, _nrt=False)
def _destroy_creatures(cards, effects, inst, fighters, players, glob, decks, p, rng, trace):
    """Maximum Ward, p's: every creature on the field is destroyed, Limited Summons first, then
    the primaries; a creature unaffected by p's magic cards stays. A destroyed creature dies by
    no creature's hand and no opponent's effect."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and not magic_immune_vs_nb(cards, effects, inst, j, p):
            kill_nb(cards, effects, inst, fighters, players, glob, decks, j, -1, False, rng, trace)
    for q in range(players.shape[0]):
        c = players[q, P.primary]
        if c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, p):
            kill_nb(cards, effects, inst, fighters, players, glob, decks, c, -1, False, rng, trace)


# the most rolls a tie for the lowest die may take before the roll is given up (a tie of two
# players repeats with chance 1/6 each time)
MAX_REROLLS = 64


@njit(cache=True, _nrt=False)
def turn_end_effects_nb(cards, effects, inst, fighters, players, glob, decks, p, rng, script, trace):
    """End of p's turn: Forest Fire's roll, Dragon Power's check, counters, timed cards expire."""
    t = glob[G.turn]
    o = opponent_nb(players, glob, p)
    _opponent_turn_end(cards, effects, inst, fighters, players, glob, p, trace)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.controller] != p:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        die = 0
        equipped_creature_card = cards[inst[j, I.card], CardCol.card_type] == CardType.creature
        for r in range(start, stop):
            if effects[r, E.trigger] != Trigger.turn_end:
                continue
            if equipped_creature_card and effects[r, E.target] != Target.equipped:
                continue  # a creature card equipped by Graft: its own turn rows play no part
            if effects[r, E.condition] == Condition.no_damage_this_turn:
                if glob[G.dealt_damage] == 0:  # Dragon Power: "must do damage during your turn"
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                break
            if effects[r, E.roll_lo] > 0:
                if die == 0:  # Forest Fire: one die decides between its two rows
                    die = d6_nb(rng, script)
                    record_nb(trace, glob, o, Event.effect, j, r, die)
                if die < effects[r, E.roll_lo] or die > effects[r, E.roll_hi]:
                    continue
            action = effects[r, E.action]
            if action == Action.destroy_magic and effects[r, E.target] == Target.self:
                if spared_from_own_effect_nb(cards, effects, inst, fighters, inst[j, I.card]):
                    continue  # Fire Eleotoid keeps Forest Fire on the field
                destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
                break
            if action == Action.damage:
                c = players[o, P.primary]
                if effects[r, E.target] == Target.equipped:
                    c = inst[j, I.attached_to]  # Dart Frog: "The equipped creature receives 5 damage"
                # Forest Fire, Ball Demon: a creature unaffected by magic cards (Heroism) takes none
                if c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, inst[j, I.controller]):
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                    record_nb(trace, glob, o, Event.effect_damage, c, dealt, fighters[c, F.hp])
        if inst[j, I.zone] == InstZone.magic:
            inst[j, I.counter] += 1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and inst[j, I.controller] == p and 0 <= inst[j, I.expires] <= t:
            # Summoner: "Send the summoned creature back to your hand at the end of your turn"
            release_anchored_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and 0 <= inst[j, I.expires] <= t:
            # a timed card has done its work: to the cemetery
            leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
