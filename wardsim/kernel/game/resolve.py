"""Card effects outside a strike: auras, effect rows, activations and turn effects (numba).

The battle kernel resolves what happens inside a strike from the creature's own rows. This
module executes every other row of the compiled effect table (playing a magic card, its cost
and its response chain are `kernel.game.magic`):

- `refresh_fighters_nb` folds the lasting effects into each creature's fighter stats before it
  is used: its own static rows, the equips attached to it, field cards and timed cards
  (additions, then scalings, then "set" rows, the sets in the order their cards arrived, so
  the last one played wins; "negate other increases" drops the other sources' increases of
  that stat). It also sets the strike hooks that come from magic (field multipliers,
  automatic hits, striking first, lifesteal, flight).
- `execute_row_nb` carries out one row of a card that resolves (a magic card, a creature
  summoned or activated, a turn effect): damage, healing, draws, moves, Limited Summons.
- turn-start and turn-end rows, once-per-turn activations, Limited Summons and anchors.
"""

from __future__ import annotations

from wardsim.kernel.bots import choice
from wardsim.kernel.duel.effect_rows import (
    FOREVER,
    add_stat_nb,
    copies_stats_nb,
    effective_al_nb,
    filter_matches_nb,
    is_aura_row_nb,
    set_aura_stat_nb,
    set_aura_status_nb,
    set_hit_table_nb,
    set_stat_nb,
    set_strike_rule_nb,
    stat_value_nb,
    take_damage_nb,
)
from wardsim.kernel.duel.enums import StrikeResult
from wardsim.kernel.enums import (
    WINGS_TAG_MASK,
    Action,
    CardCol,
    CardType,
    Condition,
    Duration,
    EffectCol,
    EffectStatus,
    FighterCol,
    Flag,
    MagicSubtype,
    Scale,
    Stat,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game import boss
from wardsim.kernel.game.enums import (
    NO_OPTION,
    ChoiceKind,
    Event,
    FizzleReason,
    GlobCol,
    InstCol,
    InstZone,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.game.field import (
    cannot_leave_cemetery_nb,
    card_rows_nb,
    cemetery_chained_nb,
    counts_as_magic_off_field_nb,
    destroy_magic_nb,
    equipped_instead_nb,
    find_row_nb,
    heal_creature_nb,
    held_on_field_nb,
    immunity_negated_nb,
    keeps_under_nb,
    leave_field_nb,
    limited_barred_nb,
    magic_immune_nb,
    magic_immune_vs_nb,
    move_to_zone_nb,
    new_fighter_nb,
    place_primary_nb,
    primary_bound_row_nb,
    release_anchored_nb,
    send_back_nb,
    send_limited_home_nb,
    stay_on_field_nb,
    sync_damage_immune_nb,
    take_from_cemetery_nb,
    to_cemetery_nb,
    to_deck_nb,
    to_hand_nb,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import (
    MAX_INST,
    MAX_SEATS,
    cemetery_hp_nb,
    draw_card_nb,
    is_creature_nb,
    opponent_nb,
    randint_nb,
    remove_from_deck_nb,
    set_zone_nb,
    shuffle_deck_nb,
)
from wardsim.kernel.game.trace import note_fizzle_nb, record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol


# ------------------------------------------------------------------ small queries


@njit(cache=True, _nrt=False)
def holds_under_nb(cards, effects, inst, r, i):
    """A card passing row r's filter is under creature i (Terry: a Jerry); r < 0: any card."""
    for k in range(inst.shape[0]):
        if (
            inst[k, I.zone] == InstZone.under
            and inst[k, I.anchor] == i
            and (r < 0 or matches_filter_nb(cards, effects, r, inst[k, I.card]))
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def idle_last_turn_nb(inst, glob, i):
    """Electro Wizard: "If this card does not battle during your turn, you may add +4 Atk Dice
    Rolls during your next turn": now is its controller's turn, and it was on the field through
    their previous turn (one turn cycle back) without battling in it."""
    previous = glob[G.turn] - glob[G.cycle]  # the same player's turn, one turn cycle back
    return (
        glob[G.active] == inst[i, I.controller]
        and inst[i, I.entered] <= previous
        and inst[i, I.battled_turn] != previous
    )


@njit(cache=True, _nrt=False)
def turn_cycles_nb(glob, n):
    """Last turn of an effect lasting n turn cycles from now (this turn and n cycles' turns - 1
    more)."""
    return glob[G.turn] + glob[G.cycle] * n - 1


@njit(cache=True, _nrt=False)
def leaves_cemetery_when_sacrificed_nb(cards, effects, card):
    return find_row_nb(cards, effects, card, Trigger.on_sacrificed, Action.move_card) >= 0


@njit(cache=True, _nrt=False)
def follows_under_nb(cards, effects, card, sacrificed):
    """Does creature card `sacrificed`, paid for summoning `card`, go under it? Every sacrifice
    of a card with a `sacrifices_follow` row (Eternal Dragon), or those passing the row's filter
    (Gnometheon: "Gnomes sacrificed to summon this card are placed under it")."""
    r = find_row_nb(cards, effects, card, Trigger.summon_cost, Action.sacrifices_follow)
    if r < 0:
        return False
    if (effects[r, E.filter_types] | effects[r, E.filter_tags] | effects[r, E.filter_names]) == 0:
        return True
    return matches_filter_nb(cards, effects, r, sacrificed)


@njit(cache=True, _nrt=False)
def plays_to_opponent_nb(cards, effects, card):
    """Stone Golem is summoned to the opponent's side."""
    return find_row_nb(cards, effects, card, Trigger.on_play, Action.summon_to_opponent) >= 0


@njit(cache=True, _nrt=False)
def matches_filter_nb(cards, effects, r, card):
    """Does a card pass row r's filter (card type, AL bounds, any listed type/tag/name)? A card
    has its printed AL here; a creature on the field is tested by `filter_matches_nb`."""
    return _matches_typed(cards, effects, r, card, cards[card, CardCol.creature_type])


@njit(cache=True, _nrt=False)
def creature_matches_nb(cards, effects, inst, fighters, r, i):
    """`matches_filter_nb` for creature i on the field, with the creature type it has now
    (Demon Blood changes it), not its printed one."""
    return _matches_typed(cards, effects, r, inst[i, I.card], fighters[i, F.creature_type])


@njit(cache=True, _nrt=False)
def _matches_typed(cards, effects, r, card, creature_type):
    ct = effects[r, E.filter_card_type]
    if ct >= 0 and cards[card, CardCol.card_type] != ct:
        return False
    max_al = effects[r, E.filter_max_al]
    if max_al > 0 and cards[card, CardCol.armor_level] > max_al:
        return False
    if cards[card, CardCol.armor_level] < effects[r, E.filter_min_al]:
        return False
    top = effects[r, E.filter_max_rarity]
    if top > 0 and cards[card, CardCol.rarity] > top - 1:
        return False  # Orc Hunter: "Common / Uncommon"
    if (effects[r, E.flags] & Flag.no_effect) != 0 and cards[card, CardCol.effect_status] != EffectStatus.none:
        return False  # Natural Selection: "non-effect creatures", cards without text
    types = effects[r, E.filter_types]
    tags = effects[r, E.filter_tags]
    names = effects[r, E.filter_names]
    if types == 0 and tags == 0 and names == 0:
        return True
    if creature_type >= 0 and (types >> creature_type) & 1:
        return True
    return (tags & cards[card, CardCol.tags]) != 0 or (names & cards[card, CardCol.names]) != 0


# ------------------------------------------------------------------ auras and stats


@njit(cache=True, _nrt=False)
def _row_reaches(effects, r, src_controller, holder, i, inst, attached_to):
    """Does row r of a card controlled by src_controller act on creature i?"""
    target = effects[r, E.target]
    ci = inst[i, I.controller]
    if target == Target.equipped or target == Target.summoned:
        return attached_to == i
    if target == Target.self:
        return holder == i
    if target == Target.own_creatures:
        return ci == src_controller
    if target == Target.opponent_creatures:
        return ci != src_controller
    if target == Target.all_creatures:
        return True
    if target == Target.own_primary:
        return ci == src_controller and inst[i, I.zone] == InstZone.primary
    if target == Target.opponent_primary:
        return ci != src_controller and inst[i, I.zone] == InstZone.primary
    return False


@njit(cache=True, _nrt=False)
def _aura_active(effects, r, glob, inst, j, holder_is_creature):
    """Is row r of card j a lasting effect right now?"""
    trig = effects[r, E.trigger]
    d = effects[r, E.duration]
    if trig == Trigger.static:
        return True
    if trig == Trigger.on_summon and holder_is_creature and d == Duration.source:
        return True  # Witch: "until this creature leaves the field"
    if trig == Trigger.on_play and not holder_is_creature and d != Duration.instant:
        return True  # timed standard cards linger while they act (Backstab, Death From Above)
    if trig == Trigger.on_damage_dealt and not holder_is_creature:
        return True  # an equip's lifesteal acts through the strike hook (Blood of the Bat)
    if trig == Trigger.on_damage_taken and not holder_is_creature:
        return True  # an equip's answer to damage acts through the strike hook (Raging Inferno)
    if trig == Trigger.your_turn and holder_is_creature and d == Duration.turn:
        # Wizard Frog: an activated effect "for this turn" holds in the turn it was activated
        if (effects[r, E.flags] & Flag.choice) != 0 and inst[j, I.chosen_row] != r + 1:
            return False  # Cryovore: the other alternative was used
        return (effects[r, E.flags] & Flag.optional) != 0 and inst[j, I.used_turn] == glob[G.turn]
    if trig == Trigger.response_opponent_summon and not holder_is_creature:
        return True  # Icy Breath: attached to the creature summoned, it holds it while it stays
    if (
        trig == Trigger.turn_start
        and not holder_is_creature
        and effects[r, E.roll_lo] > 0
        and effects[r, E.action] == Action.modify_stat
    ):
        # Mysterious Orb: the row its last start-of-turn die picked, until the next roll
        return effects[r, E.roll_lo] <= inst[j, I.rolled] <= effects[r, E.roll_hi]
    return False


@njit(cache=True, _nrt=False)
def _scale(cards, effects, inst, players, glob, r, holder, controller):
    sc = effects[r, E.scale]
    if sc == Scale.none:
        return 1
    n = 0
    if sc == Scale.hand_named:
        for j in range(inst.shape[0]):
            if (
                inst[j, I.zone] == InstZone.hand
                and inst[j, I.owner] == controller
                and matches_filter_nb(cards, effects, r, inst[j, I.card])
            ):
                n += 1
            elif (
                holder >= 0
                and inst[j, I.zone] == InstZone.under
                and inst[j, I.anchor] == holder
                and matches_filter_nb(cards, effects, r, inst[j, I.card])
            ):
                n += 1  # Gnometheon: the Gnomes under it "count as cards in your hand"
    elif sc == Scale.opponent_cemetery_creatures:
        for j in range(inst.shape[0]):
            if (
                inst[j, I.zone] == InstZone.cemetery
                and inst[j, I.owner] != controller
                and is_creature_nb(cards, inst, j)
            ):
                n += 1
    elif sc == Scale.opponent_deaths_since_summon and holder >= 0:
        n = players[controller, P.opponent_deaths] - inst[holder, I.counter]
    elif sc == Scale.opponent_hand:
        for j in range(inst.shape[0]):  # Demon Dragon, The First Law: "every card in your opponent's hand"
            if inst[j, I.zone] == InstZone.hand and inst[j, I.owner] != controller:
                n += 1
    elif sc == Scale.opponent_primary_modifier or sc == Scale.opponent_primary_attack_dice:
        # Vampire Orc, All In One: the base (printed) value of the opponent's current primary
        x = players[opponent_nb(players, glob, controller), P.primary]
        if x >= 0:
            col = CardCol.modifier if sc == Scale.opponent_primary_modifier else CardCol.attack_dice
            n = cards[inst[x, I.card], col]
    elif sc == Scale.opponent_primary_speed:
        # Ancient Sentinel: "your opponent's current primary creature's base SPD stat"
        x = players[opponent_nb(players, glob, controller), P.primary]
        if x >= 0:
            n = cards[inst[x, I.card], CardCol.speed]
    elif sc == Scale.destroyed_on_summon and holder >= 0:
        n = inst[holder, I.counter]  # Gluttony: "For each magic card destroyed", counted when summoned
    elif sc == Scale.limited_held and holder >= 0:
        n = limited_count_nb(inst, holder)  # Alkonost: "for each" Limited Summon it holds (ruling alkonost)
    elif sc == Scale.printed_stat and holder >= 0:
        # Terry: "double this creature's base AL, SPD, Atk Dice Rolls, and Modifier": its printed value
        card = inst[holder, I.card]
        stat = effects[r, E.stat]
        if stat == Stat.armor_level:
            n = cards[card, CardCol.armor_level]
        elif stat == Stat.speed:
            n = cards[card, CardCol.speed]
        elif stat == Stat.attack_dice:
            n = cards[card, CardCol.attack_dice]
        elif stat == Stat.modifier:
            n = cards[card, CardCol.modifier]
    return n


@njit(cache=True, _nrt=False)
def opponent_draws_nb(cards, effects, inst, fighters, players, glob, q, trace):
    """q drew a card: the cards of q's opponent that answer each draw act (Absolute Terror:
    "Every time your opponent draws a card, inflict 10 damage to their primary creature"; Life
    Sap: 5 damage to the equipped creature and 5 HP to your own). Only primary creatures have HP
    to lose or gain (rules guide, LIMITED SUMMONS)."""
    o = opponent_nb(players, glob, q)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.controller] != o or 0 <= inst[j, I.expires] < glob[G.turn]:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.trigger] != Trigger.opponent_draws:
                continue
            target = effects[r, E.target]
            c = -1
            if target == Target.equipped:
                c = inst[j, I.attached_to]
            elif target == Target.opponent_primary:
                c = players[q, P.primary]
            elif target == Target.own_primary:
                c = players[o, P.primary]
            if c < 0 or inst[c, I.zone] != InstZone.primary or magic_immune_vs_nb(cards, effects, inst, c, o):
                continue
            if effects[r, E.action] == Action.damage:
                if c != players[o, P.primary] and players[o, P.harmless_until] >= glob[G.turn]:
                    continue  # Omega Titan: o causes no damage this turn (ruling omega-titan)
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                record_nb(trace, glob, o, Event.effect_damage, c, dealt, fighters[c, F.hp])
            elif effects[r, E.action] == Action.heal:
                heal_creature_nb(inst, fighters, glob, c, effects[r, E.amount], trace)


@njit(cache=True, _nrt=False)
def _equipped_with(cards, effects, inst, r, j):
    """Claws of the Beast: "If Wings of the Beast is also equipped to this creature": another
    card on the field passing row r's filter is attached to the creature equip j is on."""
    holder = inst[j, I.attached_to]
    if holder < 0:
        return False
    for k in range(inst.shape[0]):
        if (
            k != j
            and inst[k, I.zone] == InstZone.magic
            and inst[k, I.attached_to] == holder
            and matches_filter_nb(cards, effects, r, inst[k, I.card])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _copy_counted_before(cards, effects, inst, j):
    """An equip whose rows do not stack (All In One: "This effect cannot stack") adds nothing
    when an earlier copy of the same card is attached to the same creature."""
    if inst[j, I.attached_to] < 0:
        return False
    for k in range(inst.shape[0]):
        if (
            k != j
            and inst[k, I.zone] == InstZone.magic
            and inst[k, I.card] == inst[j, I.card]
            and inst[k, I.attached_to] == inst[j, I.attached_to]
            and inst[k, I.arrival] < inst[j, I.arrival]
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _grants_immunity(cards, effects, inst, j):
    start, stop = card_rows_nb(cards, inst[j, I.card])
    for r in range(start, stop):
        if effects[r, E.action] == Action.immune and effects[r, E.target] == Target.equipped:
            return True
    return False


@njit(cache=True, _nrt=False)
def _immune_to_creatures(cards, effects, inst, fighters, i):
    """Ent Tree: "unaffected by creature effects" (its own rows, while not negated); Steam
    Armor: an equip of it that makes it so."""
    if immunity_negated_nb(cards, effects, inst, i):
        return False  # Thresher: mechanical creatures are affected
    if fighters[i, F.effect_count] != 0:
        start, stop = card_rows_nb(cards, inst[i, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.immune
                and (effects[r, E.flags] & Flag.creature_effects) != 0
            ):
                return True
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.immune
                and effects[r, E.target] == Target.equipped
                and (effects[r, E.flags] & Flag.creature_effects) != 0
            ):
                return True
    return False


@njit(cache=True, _nrt=False)
def _sort_by_arrival(inst, sources, n):
    """Insertion sort of the first n sources by the order their cards arrived."""
    for a in range(1, n):
        j = sources[a]
        b = a - 1
        while b >= 0 and inst[sources[b], I.arrival] > inst[j, I.arrival]:
            sources[b + 1] = sources[b]
            b -= 1
        sources[b + 1] = j


@njit(cache=True, _nrt=False)
def _doubles_magic(cards, effects, inst, fighters, i, stat, j):
    """Deercrow: "This card receives 2x effects from Common / Uncommon magic cards for Hit, Atk,
    Atk Dice Rolls, and SPD": does creature i, with its effects, double the `stat` bonus of
    magic card j (a `static` `double_magic` row for that stat whose filter j passes)?"""
    if inst[i, I.zone] != InstZone.primary or fighters[i, F.effect_count] == 0:
        return False
    if cards[inst[j, I.card], CardCol.card_type] != CardType.magic:
        return False
    start, stop = card_rows_nb(cards, inst[i, I.card])
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.double_magic
            and effects[r, E.stat] == stat
            and matches_filter_nb(cards, effects, r, inst[j, I.card])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _equipped_creature_stats(cards, inst, i, stat):
    """Graft: "Add their base Atk Dice Rolls and Modifier to the equipped card": the printed
    Atk Dice Rolls or Modifier of the creature cards equipped to creature i."""
    total = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        c = inst[j, I.card]
        if cards[c, CardCol.card_type] != CardType.creature:
            continue
        if stat == Stat.attack_dice:
            total += cards[c, CardCol.attack_dice]
        elif stat == Stat.modifier:
            total += cards[c, CardCol.modifier]
    return total


@njit(cache=True, _nrt=False)
def refresh_fighters_nb(cards, effects, inst, fighters, players, glob):
    """Recompute every creature's stats on the field from its card and the lasting effects."""
    t = glob[G.turn]
    # the creatures on the field, and the cards whose rows can reach them
    creatures = local_array(MAX_INST)
    n_creatures = 0
    sources = local_array(MAX_INST)
    n_sources = 0
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if z == InstZone.primary or z == InstZone.limited:
            creatures[n_creatures] = j
            n_creatures += 1
        if z == InstZone.primary or (z == InstZone.magic and not (0 <= inst[j, I.expires] < t)):
            sources[n_sources] = j
            n_sources += 1
    _sort_by_arrival(inst, sources, n_sources)
    immune = local_array(MAX_INST)[: inst.shape[0]]
    immune[:] = 0
    for k in range(n_creatures):
        i = creatures[k]
        if magic_immune_nb(cards, effects, inst, i):
            immune[i] = 1
        elif magic_immune_vs_nb(cards, effects, inst, i, opponent_nb(players, glob, inst[i, I.controller])):
            immune[i] = 2  # Fog: its opponent's magic cards only
        f = fighters[i]
        c = cards[inst[i, I.card]]
        f[F.al_change] = 0
        f[F.speed] = c[CardCol.speed]
        f[F.hit_bonus] = 0
        f[F.atk_bonus] = 0
        f[F.hit_dice] = 2
        f[F.attack_dice] = c[CardCol.attack_dice]
        f[F.modifier] = c[CardCol.modifier]
        f[F.creature_type] = c[CardCol.creature_type]  # Demon Blood's change lasts while it stays
        f[F.base_attack_dice] = c[CardCol.attack_dice]
        f[F.base_modifier] = c[CardCol.modifier]
        f[F.effect_start] = c[CardCol.effect_start]
        # rules guide: Limited Summons lose their card effects
        f[F.effect_count] = 0 if inst[i, I.zone] == InstZone.limited else c[CardCol.effect_count]
        f[F.extra_mult] = 1
        f[F.auto_hit] = 0
        f[F.strike_first] = 0
        f[F.lifesteal_num] = 0
        f[F.lifesteal_den] = 1
        f[F.flying_mask] = 0
        f[F.immune] = 0
        f[F.thorns] = 0
        f[F.table_miss_max] = 0
        f[F.table_critical_max] = 0
        f[F.hit_roll_mult] = 1
        f[F.aura_stun] = 0
        f[F.aura_disarm] = 0
        f[F.slower_first] = 0
        f[F.asleep] = 0
        f[F.double_battle] = 0
        f[F.backfire] = 0
        f[F.guard_match_min] = 0
        f[F.guard_face_lo] = 0
        f[F.guard_face_hi] = 0
        f[F.no_criticals] = 0
        f[F.no_hit_roll] = 0
        f[F.base_attack_only] = 0
        # Lurking Slime: "During your turn"
        f[F.in_own_turn] = 1 if inst[i, I.controller] == glob[G.active] else 0
        # Omega Titan: "your opponent cannot cause damage ... until the end of your turn"
        f[F.harmless] = players[inst[i, I.controller], P.harmless_until] + 1
    # creature effects negated by magic (Mind Sap, Demonic Magic, Silence From The Grave)
    for s_k in range(n_sources):
        j = sources[s_k]
        if inst[j, I.zone] != InstZone.magic:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.action] != Action.negate_effects or not _aura_active(effects, r, glob, inst, j, False):
                continue
            if effects[r, E.condition] == Condition.own_turn and glob[G.active] != inst[j, I.controller]:
                continue  # Silence From The Grave: "during your turn"
            for k in range(n_creatures):
                i = creatures[k]
                if boss.freed_from_nb(inst, glob, i, j):
                    continue  # Break Free ended it on the boss
                if not _magic_blocked(immune, inst, i, j) and _row_reaches(
                    effects, r, inst[j, I.controller], j, i, inst, inst[j, I.attached_to]
                ):
                    fighters[i, F.effect_count] = 0
    creature_immune = local_array(MAX_INST)[: inst.shape[0]]
    creature_immune[:] = 0
    for k in range(n_creatures):
        creature_immune[creatures[k]] = _immune_to_creatures(cards, effects, inst, fighters, creatures[k])
    if glob[G.negated_turn] == t:
        # Dragon of Time: every creature effect but its own is negated this turn (Ent Tree, unaffected
        # by creature effects, keeps its own)
        for k in range(n_creatures):
            i = creatures[k]
            if i != glob[G.negator] and creature_immune[i] == 0:
                fighters[i, F.effect_count] = 0
    _copy_base_stats(cards, effects, inst, fighters, players, glob, creatures, n_creatures)
    _swap_attack_modifier(cards, effects, inst, fighters, sources, n_sources, creatures, n_creatures, immune)
    # four passes: base stats replaced (Steam Knight Blaster), additions, scalings, sets (Curse
    # "supersedes other AL increases"); base stats and sets in the order their cards arrived:
    # the last one wins (CASE LAW, Jeesse v James)
    for pass_kind in range(-1, 3):
        for s_k in range(n_sources):
            j = sources[s_k]
            holder_is_creature = inst[j, I.zone] == InstZone.primary
            if holder_is_creature and fighters[j, F.effect_count] == 0:
                continue  # a creature whose effects are negated projects none
            start, stop = card_rows_nb(cards, inst[j, I.card])
            attached_to = inst[j, I.attached_to]
            controller = inst[j, I.controller]
            equipped_creature_card = (
                not holder_is_creature and cards[inst[j, I.card], CardCol.card_type] == CardType.creature
            )
            for r in range(start, stop):
                action = effects[r, E.action]
                if not _aura_active(effects, r, glob, inst, j, holder_is_creature):
                    continue
                if equipped_creature_card and effects[r, E.target] != Target.equipped:
                    continue  # a creature card that is an equip acts only on its creature (Frog Bard, Graft)
                # a stat aura with a filter acts on the creatures that pass it (Full Moon, Natural
                # Selection); the other conditional rows are read at strike time (battle kernel)
                filtered = effects[r, E.condition] == Condition.target_matches and action != Action.multiply_damage
                if filtered and not holder_is_creature and effects[r, E.target] == Target.equipped:
                    continue  # Melt Armor: against the creature battled, added at each battle (battle_bonus_nb)
                if filtered and holder_is_creature and effects[r, E.target] == Target.self:
                    continue  # Orgar: against the creature battled, read by each strike (battle kernel)
                if effects[r, E.condition] == Condition.equipped_with:
                    if not _equipped_with(cards, effects, inst, r, j):
                        continue  # Claws of the Beast: the extra die only beside Wings of the Beast
                elif effects[r, E.condition] == Condition.idle_last_turn:
                    if not holder_is_creature or not idle_last_turn_nb(inst, glob, j):
                        continue  # Electro Wizard: +4 Atk Dice Rolls only after a turn without battle
                elif effects[r, E.condition] == Condition.holds_under:
                    if not holder_is_creature or not holds_under_nb(cards, effects, inst, r, j):
                        continue  # Terry: its base stats doubled while a Jerry is under it
                elif effects[r, E.condition] != Condition.always and not filtered:
                    continue
                if effects[r, E.trigger] == Trigger.on_damage_taken:
                    # Raging Inferno: the damage goes at whoever strikes the equipped creature, so
                    # the equipped creature carries it into its battles
                    if (
                        pass_kind == 0
                        and action == Action.damage
                        and attached_to >= 0
                        and not _magic_blocked(immune, inst, attached_to, j)
                    ):
                        fighters[attached_to, F.thorns] += effects[r, E.amount]
                    continue
                if (effects[r, E.flags] & Flag.unique) != 0 and _copy_counted_before(cards, effects, inst, j):
                    continue
                if not holder_is_creature and (effects[r, E.flags] & Flag.choice) != 0 and inst[j, I.chosen] != r + 1:
                    continue  # The Merchant: only the alternative its player picked
                for k in range(n_creatures):
                    i = creatures[k]
                    if not _row_reaches(effects, r, controller, j, i, inst, attached_to):
                        continue
                    if filtered and not creature_matches_nb(cards, effects, inst, fighters, r, i):
                        continue
                    if boss.freed_from_nb(inst, glob, i, j):
                        continue  # Break Free ended it on the boss
                    # Ent Tree, Heroism: unaffected by magic cards (Heroism's own rows aside)
                    if (
                        not holder_is_creature
                        and _magic_blocked(immune, inst, i, j)
                        and not _grants_immunity(cards, effects, inst, j)
                    ):
                        continue
                    if holder_is_creature and j != i and creature_immune[i]:
                        continue  # Ent Tree: unaffected by creature effects (Witch)
                    f = fighters[i]
                    stat = effects[r, E.stat]
                    if pass_kind == 0 and action == Action.modify_stat and effects[r, E.duration] != Duration.battle:
                        if effects[r, E.scale] == Scale.equipped_creatures:
                            amount = effects[r, E.amount] * _equipped_creature_stats(cards, inst, i, stat)
                        elif effects[r, E.scale] == Scale.sacrificed:
                            # Bio-Dino, Ward United: what the creature's own sacrifices had, printed
                            amount = effects[r, E.amount] * (
                                inst[i, I.sacrificed_dice]
                                if stat == Stat.attack_dice
                                else inst[i, I.sacrificed_modifier]
                                if stat == Stat.modifier
                                else 0
                            )
                        else:
                            amount = effects[r, E.amount] * _scale(
                                cards, effects, inst, players, glob, r, j, controller
                            )
                        if (effects[r, E.flags] & Flag.cumulative) != 0:
                            # Zombified: 2 more each turn cycle
                            amount *= 1 + (t - inst[j, I.entered]) // glob[G.cycle]
                        if not holder_is_creature and _doubles_magic(cards, effects, inst, fighters, i, stat, j):
                            amount *= 2  # Deercrow: "2x effects from Common / Uncommon magic cards"
                        if amount > 0 and _increase_negated(cards, effects, inst, fighters, i, j, stat):
                            continue
                        add_stat_nb(f, stat, amount)
                    elif pass_kind == 1 and action == Action.scale_stat:
                        base = stat_value_nb(f, stat)
                        add_stat_nb(f, stat, base * effects[r, E.amount] // effects[r, E.divisor] - base)
                    elif pass_kind == 1 and action == Action.modify_stat and effects[r, E.scale] == Scale.speed_gained:
                        # Forgotten One: "+1 Modifier for each point in this card's SPD stat over 12"
                        # (its printed SPD), read once every SPD increase is added
                        gained = f[F.speed] - cards[inst[i, I.card], CardCol.speed]
                        if gained > 0:
                            add_stat_nb(f, stat, effects[r, E.amount] * gained)
                    elif pass_kind == 2 and action == Action.set_stat:
                        set_aura_stat_nb(f, stat, effects[r, E.amount])
                    elif pass_kind == -1 and action == Action.set_creature_type:
                        f[F.creature_type] = lowest_type_nb(effects[r, E.filter_types])  # Demon Blood
                    elif pass_kind == -1 and action == Action.set_base_stat:
                        # Steam Knight Blaster, Frost Wyrms: the base value is replaced before any
                        # change is added (ruling base-stat-replaced)
                        set_stat_nb(f, stat, effects[r, E.amount])
                    elif pass_kind == 2 and action == Action.stat_floor:
                        # Soul Drain: "Atk Dice Rolls cannot be reduced to 0", read once the
                        # additions are in (no card sets a stat below a floor after it)
                        if stat_value_nb(f, stat) < effects[r, E.amount]:
                            set_aura_stat_nb(f, stat, effects[r, E.amount])
                    elif pass_kind == 0:
                        _strike_hook(cards, effects, inst, fighters, glob, r, action, i, j)
    for k in range(n_creatures):
        if immunity_negated_nb(cards, effects, inst, creatures[k]):
            fighters[creatures[k], F.immune] = 0  # Thresher: "This supersedes their own creature effect"
    _apply_drains(inst, fighters, creatures, n_creatures, creature_immune)
    for k in range(n_creatures):
        i = creatures[k]
        f = fighters[i]
        if 0 < f[F.modifier_zero_until] and t <= f[F.modifier_zero_until] and f[F.modifier] > 0:
            f[F.modifier] = 0  # Sticky Goo: "reduce ... Modifier to +0", whatever else adds to it
        # Steam Rex: "If your opponent plays a Lightning card ... 2x Atk damage the turn it was used"
        o = opponent_nb(players, glob, inst[i, I.controller])
        f[F.lightning_answered] = 1 if players[o, P.lightning_turn] == t + 1 else 0
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)


@njit(cache=True, _nrt=False)
def lowest_type_nb(types):
    """The first creature type of a type bitmask (a row's filter naming one type)."""
    for k in range(64):
        if (types >> k) & 1:
            return k
    return -1


@njit(cache=True, _nrt=False)
def _copy_base_stats(cards, effects, inst, fighters, players, glob, creatures, n_creatures):
    """Jerry: "copies the base stats of your opponent's primary creature ... AL, SPD, Atk Dice
    Rolls, Modifier, and Type. Switch stats if a new primary creature enters the field": the
    printed ones of the opponent's primary now; its own printed stats while the opponent has
    none, or while its effects are negated (ruling jerry). Other effects then add to them."""
    for k in range(n_creatures):
        i = creatures[k]
        f = fighters[i]
        if not _has_copy_row(cards, effects, inst[i, I.card]):
            continue
        c = cards[inst[i, I.card]]
        x = players[opponent_nb(players, glob, inst[i, I.controller]), P.primary]
        if copies_stats_nb(f, effects) and x >= 0 and x != i:
            c = cards[inst[x, I.card]]
        f[F.armor_level] = c[CardCol.armor_level]
        f[F.speed] = c[CardCol.speed]
        f[F.attack_dice] = c[CardCol.attack_dice]
        f[F.modifier] = c[CardCol.modifier]
        f[F.base_attack_dice] = c[CardCol.attack_dice]
        f[F.base_modifier] = c[CardCol.modifier]
        f[F.creature_type] = c[CardCol.creature_type]


@njit(cache=True, _nrt=False)
def _magic_blocked(immune, inst, i, j):
    """Does creature i's immunity to magic keep card j's rows off it? immune[i]: 1 unaffected by
    every magic card, 2 by its opponents' only (Fog: its own player's cards still reach it)."""
    if immune[i] == 1:
        return True
    return immune[i] == 2 and inst[j, I.zone] == InstZone.magic and inst[j, I.controller] != inst[i, I.controller]


@njit(cache=True, _nrt=False)
def _swap_attack_modifier(cards, effects, inst, fighters, sources, n_sources, creatures, n_creatures, immune):
    """Catcow: "For 2 turn cycles, all creatures switch their own base Atk Dice Rolls and
    Modifier": while such a card is in force, every creature on the field (but one unaffected by
    magic cards) has its base Atk Dice Rolls as its Modifier and the other way round, before any
    effect adds to them; two such cards switch them once (ruling catcow)."""
    for k in range(n_creatures):
        i = creatures[k]
        swap = False
        for s_k in range(n_sources):
            j = sources[s_k]
            if inst[j, I.zone] != InstZone.magic or _magic_blocked(immune, inst, i, j):
                continue
            start, stop = card_rows_nb(cards, inst[j, I.card])
            for r in range(start, stop):
                if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.swap_attack_modifier:
                    swap = True
        if not swap:
            continue
        dice = fighters[i, F.attack_dice]
        fighters[i, F.attack_dice] = fighters[i, F.modifier]
        fighters[i, F.modifier] = dice


@njit(cache=True, _nrt=False)
def _has_copy_row(cards, effects, card):
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.copy_stats:
            return True
    return False


@njit(cache=True, _nrt=False)
def _drain_stamp(inst, vampire, victim):
    """What must not change while Wild Vampire's drain holds: where the victim arrived, and who
    controls each of the two (ruling wild-vampire: a move or a switch of control resets it),
    each controller a digit base MAX_SEATS."""
    return (inst[victim, I.arrival] * MAX_SEATS + inst[vampire, I.controller]) * MAX_SEATS + inst[victim, I.controller]


@njit(cache=True, _nrt=False)
def on_hit_moves_nb(cards, effects, inst, fighters, players, glob, decks, striker, rng, trace):
    """Missile-Toad: "If this creature hits, send all Limited Summons on the field to their
    original owner's cemetery": right after a hit of creature `striker` (a primary creature with
    its effects), every Limited Summon on the field, both players', goes to its owner's zone of
    the row; one unaffected by creature effects stays."""
    result = fighters[striker, F.strike_result]
    if result != StrikeResult.hit and result != StrikeResult.critical_hit:
        return
    if inst[striker, I.zone] != InstZone.primary or fighters[striker, F.effect_count] == 0:
        return
    start, stop = card_rows_nb(cards, inst[striker, I.card])
    for r in range(start, stop):
        if (
            effects[r, E.trigger] != Trigger.on_hit
            or effects[r, E.action] != Action.move_card
            or effects[r, E.target] != Target.limited_summons
        ):
            continue
        record_nb(trace, glob, inst[striker, I.controller], Event.effect, striker, r, 0)
        for j in range(inst.shape[0]):
            if inst[j, I.zone] != InstZone.limited:
                continue
            if _immune_to_creatures(cards, effects, inst, fighters, j):
                continue
            leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            if inst[j, I.zone] != InstZone.limited:
                continue  # it left with something else (the creature that held it)
            for q in range(players.shape[0]):
                if players[q, P.primary] == j:
                    players[q, P.primary] = -1
            send_back_nb(cards, effects, inst, players, glob, decks, j, effects[r, E.zone_to], rng, trace)


@njit(cache=True, _nrt=False)
def note_drain_nb(cards, effects, inst, fighters, players, glob, striker, struck):
    """Wild Vampire's hit took the AL of the creature struck (the battle kernel wrote it in
    `FighterCol.al_drained`): the game keeps the drain, which `refresh_fighters_nb` applies until
    it resets. The card drains "your opponent's primary creature": when the creature struck is a
    Limited Summon that attacked it, the drain falls on the opponent's primary instead, with
    that creature's AL (the next refresh undoes the battle kernel's change to the one struck)."""
    taken = fighters[striker, F.al_drained]
    if taken <= 0:
        return
    fighters[striker, F.al_drained] = 0
    victim = players[opponent_nb(players, glob, inst[striker, I.controller]), P.primary]
    if victim < 0:
        return
    if victim != struck:
        if _immune_to_creatures(cards, effects, inst, fighters, victim):
            return
        taken = effective_al_nb(fighters[victim])
        if taken <= 0:
            return
    inst[striker, I.drain_victim] = victim + 1
    inst[striker, I.drain_amount] = taken
    inst[striker, I.drain_stamp] = _drain_stamp(inst, striker, victim)


@njit(cache=True, _nrt=False)
def _apply_drains(inst, fighters, creatures, n_creatures, creature_immune):
    """Wild Vampire: the creature it drained keeps AL 0 and the vampire the Modifier it gained,
    until either leaves the field or switches control, or the vampire's effect is negated
    (ruling wild-vampire); then the drain is over for good. Applied after every other stat
    effect: the AL stays 0 whatever is added to it."""
    for k in range(n_creatures):
        v = creatures[k]
        x = inst[v, I.drain_victim] - 1
        if x < 0:
            continue
        z = inst[x, I.zone]
        if (
            fighters[v, F.effect_count] == 0
            or inst[v, I.zone] != InstZone.primary
            or (z != InstZone.primary and z != InstZone.limited)
            or inst[v, I.drain_stamp] != _drain_stamp(inst, v, x)
            or creature_immune[x]
        ):
            inst[v, I.drain_victim] = 0
            continue
        fighters[x, F.al_change] = -fighters[x, F.armor_level]
        fighters[v, F.modifier] += inst[v, I.drain_amount]


@njit(cache=True, _nrt=False)
def battle_bonus_nb(cards, effects, inst, fighters, glob, i, other):
    """Melt Armor: the stat rows of the equips on creature i that act against a kind of creature
    (condition `target_matches`, aimed at the equipped creature) add to i for a battle against
    creature `other`, read with its stats now (its AL with every change). The game calls it after
    each refresh of a battle's fighters; the next refresh takes the bonus away again."""
    t = glob[G.turn]
    _against_equipped_bonus(cards, effects, inst, fighters, t, i, other)
    if magic_immune_nb(cards, effects, inst, i):
        return  # its equips do not reach it (Ent Tree cannot hold one; Heroism's own rows are stats)
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i or 0 <= inst[j, I.expires] < t:
            continue
        if magic_immune_vs_nb(cards, effects, inst, i, inst[j, I.controller]):
            continue  # Fog: an equip of its opponent's does not reach it
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] != Trigger.static
                or effects[r, E.action] != Action.modify_stat
                or effects[r, E.condition] != Condition.target_matches
                or effects[r, E.target] != Target.equipped
                or not filter_matches_nb(effects, r, fighters[other])
            ):
                continue
            stat = effects[r, E.stat]
            amount = effects[r, E.amount]
            if amount > 0 and _increase_negated(cards, effects, inst, fighters, i, j, stat):
                continue
            add_stat_nb(fighters[i], stat, amount)


@njit(cache=True, _nrt=False)
def _against_equipped_bonus(cards, effects, inst, fighters, t, i, other):
    """The Wither: creature i's own stat rows that act against a creature with a card equipped
    to it (condition `target_equipped_with`), added for a battle against creature `other`."""
    if inst[i, I.zone] != InstZone.primary or fighters[i, F.effect_count] == 0:
        return
    start, stop = card_rows_nb(cards, inst[i, I.card])
    for r in range(start, stop):
        if (
            effects[r, E.trigger] != Trigger.static
            or effects[r, E.action] != Action.modify_stat
            or effects[r, E.condition] != Condition.target_equipped_with
            or effects[r, E.target] != Target.self
        ):
            continue
        held = False
        for j in range(inst.shape[0]):
            if (
                inst[j, I.zone] == InstZone.magic
                and inst[j, I.attached_to] == other
                and not (0 <= inst[j, I.expires] < t)
                and matches_filter_nb(cards, effects, r, inst[j, I.card])
            ):
                held = True
        if not held:
            continue
        stat = effects[r, E.stat]
        amount = effects[r, E.amount]
        if amount > 0 and _increase_negated(cards, effects, inst, fighters, i, i, stat):
            continue
        add_stat_nb(fighters[i], stat, amount)


@njit(cache=True, _nrt=False)
def _increase_negated(cards, effects, inst, fighters, i, source, stat):
    """Ball and Chain / Zombified: other increases of a stat on this creature do not apply; nor
    do they on a creature whose own rule says so (Sprite, Scarlett: "AL cannot increase"; Gluttony:
    "unaffected by other Hit Modifier and Hit Dice Roll increases"), while its effects hold."""
    if source != i and inst[i, I.zone] == InstZone.primary and fighters[i, F.effect_count] > 0:
        start, stop = card_rows_nb(cards, inst[i, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.negate_increases
                and effects[r, E.target] == Target.self
                and effects[r, E.stat] == stat
            ):
                return True
    for j in range(inst.shape[0]):
        if (
            j != source
            and inst[j, I.zone] == InstZone.primary
            and inst[j, I.controller] != inst[i, I.controller]
            and fighters[j, F.effect_count] > 0
        ):
            # Zanj the Hunter: "Negate all other opponent AL increases", while its effects hold: the
            # increases that arrive after it (CASE LAW, Jeesse v James: an AL of 11 from Flame of the
            # Infinite it finds on the field falls to 5, not further)
            start, stop = card_rows_nb(cards, inst[j, I.card])
            for r in range(start, stop):
                target = effects[r, E.target]
                if (
                    effects[r, E.trigger] == Trigger.static
                    and effects[r, E.action] == Action.negate_increases
                    and effects[r, E.stat] == stat
                    and (target == Target.opponent_creatures or target == Target.opponent_primary)
                    and (target == Target.opponent_creatures or inst[i, I.zone] == InstZone.primary)
                    and inst[source, I.arrival] > inst[j, I.arrival]
                    and not _immune_to_creatures(cards, effects, inst, fighters, i)
                ):
                    return True
        if j == source or inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.action] == Action.negate_increases and effects[r, E.stat] == stat:
                return True
    return False


@njit(cache=True, _nrt=False)
def _strike_hook(cards, effects, inst, fighters, glob, r, action, i, j):
    """Lasting effects of magic and auras that act inside a strike."""
    f = fighters[i]
    if action == Action.auto_hit:
        f[F.auto_hit] = 1
    elif action == Action.strike_first:
        f[F.strike_first] = 1
    elif action == Action.multiply_damage and effects[r, E.condition] == Condition.always:
        f[F.extra_mult] *= effects[r, E.amount]  # Backstab: 3x this turn
    elif action == Action.heal_from_damage:
        f[F.lifesteal_num] = effects[r, E.amount]  # Blood of the Bat
        f[F.lifesteal_den] = effects[r, E.divisor]
    elif action == Action.apply_status and is_aura_row_nb(effects, r):
        if inst[j, I.effect_ended] != 1:  # Electroloon, until its release roll succeeds
            set_aura_status_nb(f, effects, r)
    elif action == Action.apply_status:
        status = effects[r, E.status]
        if status == Status.asleep:
            f[F.asleep] = 1  # Sleepy Scent: it cannot initiate battle while the card holds it
        elif status == Status.flying:
            f[F.flying_mask] = WINGS_TAG_MASK  # hurt only by creatures with wings
        elif status == Status.frozen:
            f[F.frozen_until] = max(f[F.frozen_until], glob[G.turn])  # Winter Chill, while equipped
        elif status == Status.disarmed:
            f[F.aura_disarm] = 1  # Irresistible Love: no Atk damage while the card stays
    elif action == Action.immune:
        if (effects[r, E.flags] & Flag.opponents) != 0:
            f[F.immune] |= Flag.opponents  # Fog: the opponent's magic only (a battle reads the sides)
        else:
            f[F.immune] |= effects[r, E.flags] & (Flag.magic | Flag.creature_effects)
    elif action == Action.second_battle:
        f[F.double_battle] = 1  # Double Hit
    elif action == Action.miss_backfire:
        f[F.backfire] = 1  # Galactic Suit
    elif action == Action.slower_strikes_first:
        f[F.slower_first] = 1  # Reverse Polarity, on every creature while it is on the field
    elif action == Action.multiply_hit_roll:
        f[F.hit_roll_mult] = max(f[F.hit_roll_mult], 1) * effects[r, E.amount]  # Bio-Regeneration
    elif action == Action.critical_miss_up_to or action == Action.critical_hit_up_to:
        # Maniac's own table, or Ring of Extremes': the card that came last sets it
        set_hit_table_nb(f, effects, r)
    elif (
        action == Action.hit_needs_match
        or action == Action.hit_needs_face
        or action == Action.no_criticals
        or action == Action.no_hit_roll
        or action == Action.base_attack_only
    ):
        set_strike_rule_nb(f, effects, r)  # Scarlett, Sprite, Tri-Dragon, Fog, Arcturus


@njit(cache=True, _nrt=False)
def _hit_dice_matched(f):
    """Did all the Hit dice of f's last strike show the same face (2 dice or more)? The dice
    are packed base 8 in `strike_hit_dice`, first die lowest, a 0 digit ending the list."""
    packed = f[F.strike_hit_dice]
    first = packed % 8
    n = 0
    while packed > 0:
        if packed % 8 != first:
            return False
        n += 1
        packed = packed // 8
    return n >= 2


@njit(cache=True, _nrt=False)
def on_hit_draws_nb(cards, effects, inst, fighters, players, glob, decks, striker, trace):
    """Luc Tiberius: "If this card hits during battle, and the hit dice match, draw 1 card": the
    striker's on-hit draw rows, read after its strike (a battle kernel has no deck)."""
    f = fighters[striker]
    result = f[F.strike_result]
    if f[F.effect_count] == 0 or (result != StrikeResult.hit and result != StrikeResult.critical_hit):
        return
    q = inst[striker, I.controller]
    start, stop = card_rows_nb(cards, inst[striker, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.on_hit or effects[r, E.action] != Action.draw:
            continue
        cond = effects[r, E.condition]
        if cond == Condition.hit_dice_match and not _hit_dice_matched(f):
            continue
        if cond != Condition.always and cond != Condition.hit_dice_match:
            continue
        for _ in range(effects[r, E.amount]):
            j = draw_card_nb(inst, decks, players, glob, q)
            if j >= 0:
                inst[j, I.seen] |= SeenBit.drawn
                inst[j, I.draw_pending] = 1  # the opponent's answer comes once the battle settles
                record_nb(trace, glob, q, Event.draw, j, inst[j, I.card], 0)
                opponent_draws_nb(cards, effects, inst, fighters, players, glob, q, trace)


@njit(cache=True, _nrt=False)
def field_multiplier_nb(cards, effects, inst, glob, attacker, target_card, target_type):
    """Field cards that multiply Atk damage against a filter (Dragon's Bane, Holy Water), read
    against the creature battled with the creature type it has now (Demon Blood)."""
    mult = 1
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] >= 0:
            continue
        if inst[j, I.expires] >= 0 and inst[j, I.expires] < t:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.multiply_damage
                and effects[r, E.condition] == Condition.target_matches
                and _matches_typed(cards, effects, r, target_card, target_type)
            ):
                mult *= effects[r, E.amount]
    return mult


# ------------------------------------------------------------------ summoning by effects


@njit(cache=True, _nrt=False)
def limited_count_nb(inst, anchor):
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and inst[j, I.anchor] == anchor:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def limited_summon_nb(cards, inst, fighters, players, glob, p, j, anchor, trace):
    """Creature j joins p's field as a Limited Summon held by `anchor` (rules guide: no card
    effects, no health pool; it cannot be sacrificed)."""
    set_zone_nb(inst, glob, j, InstZone.limited)
    inst[j, I.controller] = p
    inst[j, I.anchor] = anchor
    new_fighter_nb(cards, inst, fighters, glob, j)
    fighters[j, F.effect_count] = 0
    fighters[j, F.hp] = FOREVER  # "cannot take damage"
    fighters[j, F.max_hp] = FOREVER
    inst[j, I.seen] |= SeenBit.played
    record_nb(trace, glob, p, Event.limited_summon, j, inst[j, I.card], anchor)


@njit(cache=True, _nrt=False)
def best_in_zone_nb(cards, effects, inst, r, owner, zone, any_owner):
    """The highest-HP card passing row r's filter in a zone (creatures first, by printed HP;
    for magic, the first found); -1 if none. Cards that cannot leave the cemetery are skipped,
    and none leaves one while Bound With Chains stands."""
    best = -1
    best_key = -1
    if zone == InstZone.cemetery and cemetery_chained_nb(cards, effects, inst):
        return -1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != zone or (not any_owner and inst[j, I.owner] != owner):
            continue
        card = inst[j, I.card]
        if zone == InstZone.cemetery and counts_as_magic_off_field_nb(cards, effects, card):
            # The Squire "returns to being a magic card" once off the field
            if effects[r, E.filter_card_type] == CardType.creature:
                continue
        elif not matches_filter_nb(cards, effects, r, card):
            continue
        if zone == InstZone.cemetery and cannot_leave_cemetery_nb(cards, effects, card):
            continue
        key = cards[card, CardCol.hp] + 1
        if key > best_key:
            best_key = key
            best = j
    return best


@njit(cache=True, _nrt=False)
def pick_in_zone_nb(
    cards,
    effects,
    inst,
    fighters,
    players,
    glob,
    r,
    owner,
    zone,
    creatures,
    src,
    skip,
    max_al,
    may_pass,
    policy,
    params,
    rng,
):
    """The card `owner` picks from a zone of its own for row r of card `src` (Revival Priest,
    Necromancer, a deck search): one passing the row's filter (a creature, with `creatures`),
    other than `skip`, of AL `max_al` or lower when it is above 0 (Summoner's roll); -1 if none,
    or when the player passes where `may_pass` lets them (NO_OPTION). Cards that cannot leave
    the cemetery are not offered, and none while Bound With Chains stands."""
    options = local_array(MAX_INST)
    n = 0
    if zone == InstZone.cemetery and cemetery_chained_nb(cards, effects, inst):
        return -1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != zone or inst[j, I.owner] != owner or j == skip:
            continue
        card = inst[j, I.card]
        if zone == InstZone.cemetery and counts_as_magic_off_field_nb(cards, effects, card):
            # The Squire "returns to being a magic card" once off the field
            if creatures or effects[r, E.filter_card_type] == CardType.creature:
                continue
        elif not matches_filter_nb(cards, effects, r, card):
            continue
        elif creatures and cards[card, CardCol.card_type] != CardType.creature:
            continue
        if max_al > 0 and cards[card, CardCol.armor_level] > max_al:
            continue
        if zone == InstZone.cemetery and cannot_leave_cemetery_nb(cards, effects, card):
            continue
        dup = False  # copies of a card are one option
        for k in range(n):
            if inst[options[k], I.card] == card:
                dup = True
        if not dup:
            options[n] = j
            n += 1
    if may_pass and n > 0:
        options[n] = NO_OPTION
        n += 1
    return choice.pick_nb(
        ChoiceKind.zone_pick, owner, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )


@njit(cache=True, _nrt=False)
def pick_opponent_cemetery_nb(cards, effects, inst, fighters, players, glob, r, p, src, policy, params, rng):
    """The creature card p picks from the opponent's cemetery for row r of card `src`
    (Skeleton Lord); -1 if none. Cards that cannot leave the cemetery are not offered, and none
    while Bound With Chains stands."""
    options = local_array(MAX_INST)
    n = 0
    if cemetery_chained_nb(cards, effects, inst):
        return -1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.cemetery or inst[j, I.owner] == p or not is_creature_nb(cards, inst, j):
            continue
        card = inst[j, I.card]
        if counts_as_magic_off_field_nb(cards, effects, card) or cannot_leave_cemetery_nb(cards, effects, card):
            continue
        if matches_filter_nb(cards, effects, r, card):
            options[n] = j
            n += 1
    return choice.pick_nb(
        ChoiceKind.zone_pick, p, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )


@njit(cache=True, _nrt=False)
def steal_equip_nb(cards, effects, inst, fighters, players, glob, p, src, policy, params, rng, trace):
    """Thief: "steal 1 equip card from your opponent's side of the field and equip it to this
    card": p picks an equip the opponent controls on one of their creatures; it moves to creature
    `src`, under p's control and held by it (ruling thief). A creature unaffected by creature
    effects keeps its equips."""
    o = opponent_nb(players, glob, p)
    options = local_array(MAX_INST)
    n = 0
    for j in range(inst.shape[0]):
        c = inst[j, I.attached_to]
        if inst[j, I.zone] != InstZone.magic or c < 0 or inst[j, I.controller] != o or inst[c, I.controller] != o:
            continue
        if _immune_to_creatures(cards, effects, inst, fighters, c):
            continue
        if held_on_field_nb(cards, effects, inst, fighters, glob, j):
            continue  # Lead Boots: "cannot be removed from the field unless destroyed"
        options[n] = j
        n += 1
    j = choice.pick_nb(
        ChoiceKind.steal_pick, p, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    if j < 0:
        return
    inst[j, I.attached_to] = src
    inst[j, I.controller] = p
    inst[j, I.anchor] = src
    record_nb(trace, glob, p, Event.stolen, j, inst[j, I.card], 0)
    refresh_fighters_nb(cards, effects, inst, fighters, players, glob)


@njit(cache=True, _nrt=False)
def joins_beside_primary_nb(cards, effects, inst, players, p, i):
    """Black Jacket, Super Hornet: creature i of p's hand may join as a Limited Summon now,
    held by p's primary creature, which passes the card's row filter (Hive Lord)."""
    r = primary_bound_row_nb(cards, effects, inst[i, I.card])
    c = players[p, P.primary]
    return r >= 0 and c >= 0 and matches_filter_nb(cards, effects, r, inst[c, I.card])


@njit(cache=True, _nrt=False)
def is_aura_action_nb(action):
    """Rows that act while their card lingers, read by `refresh_fighters_nb`."""
    return (
        action == Action.modify_stat
        or action == Action.set_stat
        or action == Action.scale_stat
        or action == Action.auto_hit
        or action == Action.strike_first
        or action == Action.multiply_damage
        or action == Action.apply_status
        or action == Action.negate_effects
        or action == Action.immune
        or action == Action.set_base_stat
        or action == Action.set_creature_type
        or action == Action.miss_backfire
    )


@njit(cache=True, _nrt=False)
def execute_row_nb(
    cards, effects, inst, fighters, players, glob, decks, p, src, r, holder, policy, params, rng, script, trace, moved
):
    """Carry out one row of card `src`, controlled by p. Returns -1 to stop the card."""
    if glob[G.winner] >= 0:
        return -1  # a cemetery reached the limit earlier in this action: the game is over
    o = opponent_nb(players, glob, p)
    seats = players.shape[0]
    action = effects[r, E.action]
    target = effects[r, E.target]
    is_magic = cards[inst[src, I.card], CardCol.card_type] == CardType.magic
    lo = effects[r, E.roll_lo]
    if lo > 0:
        if (effects[r, E.flags] & Flag.same_roll) != 0:
            die = glob[G.last_die]  # a roll table (Ignite, Herbal Poultice): one die for all its rows
        else:
            die = d6_nb(rng, script)
            glob[G.last_die] = die
            record_nb(trace, glob, p, Event.effect, src, r, die)
        if die < lo or die > effects[r, E.roll_hi]:
            return 0
    if (
        not is_magic
        and glob[G.boss] >= 0
        and p != glob[G.boss]
        and boss.row_reaches_boss_nb(effects, r)
        and not boss.creature_holds_nb(inst, glob, src, rng, script, trace)
    ):
        return 0  # the boss resisted the player's creature effect (Boss Battles, Creature effects vs Boss)
    if action == Action.break_free:
        boss.break_free_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace)
    elif action == Action.heal:
        c = holder if target == Target.equipped else players[p, P.primary]
        if c >= 0:
            amount = fighters[c, F.max_hp] if (effects[r, E.flags] & Flag.full) != 0 else effects[r, E.amount]
            if effects[r, E.scale] == Scale.sent_hp:
                # Vampire Lord: "2x the amount of the total HP of the sent creature"
                amount = amount * glob[G.sent_hp] // effects[r, E.divisor]
            for _ in range(effects[r, E.dice]):
                amount += d6_nb(rng, script)
            if glob[G.poisoned] == src:
                # Poisoned Potion: "Negate the healing and force their creature to take the
                # healing amount as damage instead"; a full heal's amount is the HP it would
                # restore (ruling poisoned-potion)
                if (effects[r, E.flags] & Flag.full) != 0:
                    amount = fighters[c, F.max_hp] - fighters[c, F.hp]
                if not magic_immune_vs_nb(cards, effects, inst, c, o):
                    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                    dealt = take_damage_nb(fighters[c], fighters[c], effects, amount, False)
                    record_nb(trace, glob, o, Event.effect_damage, c, dealt, fighters[c, F.hp])
                if _only_heals(cards, effects, inst[src, I.card]):
                    note_fizzle_nb(trace, glob, inst, src, FizzleReason.negated)
                return 0
            before = fighters[c, F.hp]
            heal_creature_nb(inst, fighters, glob, c, amount, trace)
            if fighters[c, F.hp] == before and _only_heals(cards, effects, inst[src, I.card]):
                note_fizzle_nb(trace, glob, inst, src, FizzleReason.full_hp)
    elif action == Action.damage_fraction:
        c = holder if target == Target.equipped else players[o, P.primary]
        if c >= 0 and c == boss.boss_creature_nb(glob):
            pass  # the boss is "immune to fractional HP reduction" (Boss Battles, Damage immunities)
        elif c >= 0 and not (is_magic and magic_immune_vs_nb(cards, effects, inst, c, p)):
            loss = fighters[c, F.hp] * effects[r, E.amount] // effects[r, E.divisor]
            fighters[c, F.hp] -= loss
            record_nb(trace, glob, p, Event.effect_damage, c, loss, fighters[c, F.hp])
    elif action == Action.damage:
        sync_damage_immune_nb(cards, effects, inst, fighters, glob)
        amount = effects[r, E.amount]
        if effects[r, E.scale] == Scale.cards_moved:
            # Chain Lightning: "For each magic card destroyed, inflict 5 damage", every side's cards
            amount *= moved.sum()
            if amount == 0:
                return 0
        for _ in range(effects[r, E.dice]):
            amount += d6_nb(rng, script)
        for q in range(seats):
            # Lightning Strike: "all creatures on the field"; only primaries have HP to lose
            # (rules guide: Limited Summons cannot take damage)
            if target == Target.all_creatures or target == Target.all_primaries:
                c = players[q, P.primary]
            elif q > 0:
                break  # one creature: the first pass hit it
            else:
                c = players[o, P.primary] if target == Target.opponent_primary else players[p, P.primary]
            if c >= 0 and is_magic and magic_immune_vs_nb(cards, effects, inst, c, p):
                continue  # Heroism, Fog: a magic card's damage does not reach it
            if c >= 0:
                dealt = take_damage_nb(fighters[c], fighters[c], effects, amount, False)
                record_nb(trace, glob, p, Event.effect_damage, c, dealt, fighters[c, F.hp])
    elif action == Action.order_deck_top:
        _order_deck_top(cards, effects, inst, fighters, players, glob, decks, p, src, r, policy, params, rng, trace)
    elif action == Action.cemetery_hp:
        if effects[r, E.amount] < 0:
            # Reduce the Burden: a reduction takes off at most what the cemetery holds now (ruling)
            taken = min(-effects[r, E.amount], cemetery_hp_nb(cards, inst, players, p))
            players[p, P.cemetery_reduced] += taken
            record_nb(trace, glob, p, Event.effect, src, r, taken)
        else:
            players[p, P.cemetery_bonus] += effects[r, E.amount]
    elif action == Action.destroy_magic:
        # the cards destroyed, per controller, for a later row that counts them (Chain Lightning)
        before = local_array(MAX_SEATS)
        for q in range(seats):
            before[q] = magic_on_field_nb(inst, q)
        destroy_some_magic_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            p,
            src,
            target,
            effects[r, E.amount],
            policy,
            params,
            rng,
            trace,
        )
        for q in range(seats):
            moved[q] += max(before[q] - magic_on_field_nb(inst, q), 0)
    elif action == Action.block_limited:
        send_limited_home_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace)  # Street Lights
    elif action == Action.draw:
        for q in range(seats):
            if (
                target == Target.both_players
                or (target == Target.own_player and q == p)
                or (target == Target.opponent_player and q == o)
            ):
                n = effects[r, E.amount]
                if effects[r, E.scale] == Scale.cards_moved:
                    n *= moved[q]
                for _ in range(n):
                    j = draw_card_nb(inst, decks, players, glob, q)
                    if j >= 0:
                        inst[j, I.seen] |= SeenBit.drawn
                        inst[j, I.draw_pending] = 1  # the opponent's answer comes once the card has resolved
                        record_nb(trace, glob, q, Event.draw, j, inst[j, I.card], 0)
                        opponent_draws_nb(cards, effects, inst, fighters, players, glob, q, trace)
    elif action == Action.search_deck and effects[r, E.zone_to] == Zone.field:
        pass  # Equip Knight: the equips found are attached by the summon (kernel.game.magic.equip_from_deck_nb)
    elif action == Action.search_deck:
        j = pick_in_zone_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            r,
            p,
            InstZone.deck,
            False,
            src,
            -1,
            0,
            False,
            policy,
            params,
            rng,
        )
        if j >= 0:
            remove_from_deck_nb(decks, players, j)
            to_hand_nb(inst, glob, j, trace)
            inst[j, I.seen] |= SeenBit.drawn
        shuffle_deck_nb(inst, decks, players, p, rng)
    elif action == Action.move_card:
        if effects[r, E.zone_from] == Zone.hand:
            if not send_from_hand_nb(
                cards, effects, inst, fighters, players, glob, decks, p, src, r, moved, policy, params, rng, trace
            ):
                return -1  # a cost that cannot be paid: the rows after it do not act
        else:
            move_cards_nb(
                cards, effects, inst, fighters, players, glob, decks, p, src, r, moved, policy, params, rng, trace
            )
    elif action == Action.exchange_with_cemetery:
        exchange_with_cemetery_nb(cards, effects, inst, fighters, players, glob, p, src, policy, params, rng, trace)
    elif action == Action.limited_summon:
        summon_by_effect_nb(
            cards, effects, inst, fighters, players, glob, decks, p, src, r, policy, params, rng, script, trace
        )
    elif action == Action.swap_primaries:
        a = players[p, P.primary]
        b = players[o, P.primary]
        if (
            a >= 0
            and b >= 0
            and not held_on_field_nb(cards, effects, inst, fighters, glob, a)
            and not held_on_field_nb(cards, effects, inst, fighters, glob, b)
        ):
            for j in range(inst.shape[0]):  # Turncoat: "Equipped cards are destroyed"
                if inst[j, I.zone] == InstZone.magic and (inst[j, I.attached_to] == a or inst[j, I.attached_to] == b):
                    destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            if players[p, P.primary] != a or players[o, P.primary] != b:
                return 0  # an equip held its creature on the field (Helping Hand): it left with it
            inst[a, I.controller] = o
            inst[b, I.controller] = p
            players[p, P.primary] = b
            players[o, P.primary] = a
            for j in range(inst.shape[0]):
                # Terry: "If this card ... changes control, 'Jerry' stays on the field" (its owner's)
                if inst[j, I.zone] == InstZone.under and (inst[j, I.anchor] == a or inst[j, I.anchor] == b):
                    if keeps_under_nb(cards, effects, inst[inst[j, I.anchor], I.card]):
                        stay_on_field_nb(cards, inst, fighters, glob, j, trace)
            for j in range(inst.shape[0]):
                # Black Jacket: "If Hive Lord ... changes control, return this card to your hand"
                if (
                    inst[j, I.zone] == InstZone.limited
                    and (inst[j, I.anchor] == a or inst[j, I.anchor] == b)
                    and primary_bound_row_nb(cards, effects, inst[j, I.card]) >= 0
                ):
                    release_anchored_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
    elif action == Action.force_low_summon:
        for q in range(seats):
            if target == Target.both_players or (target == Target.opponent_player and q == o):
                players[q, P.low_summon] = effects[r, E.amount]
    elif action == Action.block_magic:
        d = effects[r, E.duration]
        # Omega Titan: "until the end of your turn"
        until = glob[G.turn] if d == Duration.turn else turn_cycles_nb(glob, max(d, 1))
        for q in range(seats):
            if (
                target == Target.both_players
                or (target == Target.opponent_player and q == o)
                or (target == Target.own_player and q == p)
            ):
                if (effects[r, E.flags] & Flag.lightning) != 0:
                    # Sasquatch: "Your opponent then cannot use Lightning cards for 1 turn cycle"
                    players[q, P.lightning_blocked_until] = max(players[q, P.lightning_blocked_until], until)
                else:
                    players[q, P.magic_blocked_until] = max(players[q, P.magic_blocked_until], until)
    elif action == Action.prevent_damage:
        # The Super Hero: "this creature cannot be damaged this turn"; Perseus Valenthil: "for 1
        # turn cycle" (ruling super-hero-perseus)
        if holder >= 0:
            d = effects[r, E.duration]
            until = glob[G.turn] if d == Duration.turn else turn_cycles_nb(glob, max(d, 1))
            inst[holder, I.safe_until] = max(inst[holder, I.safe_until], until)
            sync_damage_immune_nb(cards, effects, inst, fighters, glob)
    elif action == Action.negate_effects and not is_magic and target == Target.all_creatures:
        # Dragon of Time: "Negate all creature effects this turn. (Aside from this card)" (ruling
        # dragon-of-time)
        glob[G.negated_turn] = glob[G.turn]
        glob[G.negator] = src
        refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    elif action == Action.no_damage:
        # Omega Titan: "your opponent cannot cause damage ... until the end of your turn" (ruling
        # omega-titan)
        d = effects[r, E.duration]
        until = glob[G.turn] if d == Duration.turn else turn_cycles_nb(glob, max(d, 1))
        q = o if target == Target.opponent_player else p
        players[q, P.harmless_until] = max(players[q, P.harmless_until], until)
        for i in range(inst.shape[0]):
            z = inst[i, I.zone]
            if (z == InstZone.primary or z == InstZone.limited) and inst[i, I.controller] == q:
                fighters[i, F.harmless] = players[q, P.harmless_until] + 1
    elif action == Action.put_to_sleep:
        # Carus Demon: "all creatures on your opponent's side of the field are put to sleep and
        # cannot battle for 2 turn cycles" (ruling carus-demon); its primary is watched for damage
        until = turn_cycles_nb(glob, max(effects[r, E.duration], 1))
        for j in range(inst.shape[0]):
            z = inst[j, I.zone]
            if (
                (z == InstZone.primary or z == InstZone.limited)
                and inst[j, I.controller] == o
                and not _immune_to_creatures(cards, effects, inst, fighters, j)
            ):
                fighters[j, F.stunned_until] = max(fighters[j, F.stunned_until], until)
        record_nb(trace, glob, p, Event.effect, src, r, 0)  # the replay names the effect; no die
        c = players[o, P.primary]
        if c >= 0 and fighters[c, F.stunned_until] >= until:
            inst[src, I.watched] = c + 1
            inst[src, I.counter] = fighters[c, F.hp]
    elif action == Action.self_battle:
        # Possession: "The target creature must battle itself this turn ... Other creatures cannot
        # battle this turn": the battle comes when the combat phase begins (ruling possession)
        c = players[o, P.primary] if target == Target.opponent_primary else players[p, P.primary]
        t = glob[G.turn]
        inst[src, I.watched] = c + 1 if c >= 0 and glob[G.no_battle_until] < t else 0
        glob[G.no_battle_until] = max(glob[G.no_battle_until], t)
    elif action == Action.share_damage:
        c = players[p, P.primary]  # Bound Fate: its player's primary creature is watched from now on
        inst[src, I.watched] = c + 1 if c >= 0 else 0
        inst[src, I.counter] = fighters[c, F.hp] if c >= 0 else 0
    elif action == Action.block_rarity:
        # Steam Angel: "For 1 turn cycle, the following rarity cards cannot be played"
        players[p, P.rarity_blocked] = effects[r, E.amount]
        players[p, P.rarity_blocked_until] = turn_cycles_nb(glob, max(effects[r, E.duration], 1))
    elif action == Action.block_battle:
        glob[G.no_battle_until] = max(glob[G.no_battle_until], turn_cycles_nb(glob, max(effects[r, E.duration], 1)))
    elif action == Action.skip_turn:
        players[o if target == Target.opponent_player else p, P.skip_turn] = 1
    elif action == Action.reveal_and_remove:
        # the opponent's hand is revealed: p takes one of its cards
        options = local_array(MAX_INST)
        n = 0
        for k in range(inst.shape[0]):
            if inst[k, I.zone] == InstZone.hand and inst[k, I.owner] == o:
                options[n] = k
                n += 1
        j = choice.pick_nb(
            ChoiceKind.reveal_pick,
            p,
            src,
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
        if j >= 0:
            if is_creature_nb(cards, inst, j):
                to_deck_nb(inst, players, glob, decks, j, True, rng, trace)
            else:
                to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
    elif action == Action.steal_equip:
        steal_equip_nb(cards, effects, inst, fighters, players, glob, p, src, policy, params, rng, trace)
    elif action == Action.summon_to_opponent:
        pass  # Stone Golem: carried out by the summon (kernel.game.play)
    elif action == Action.return_later:
        inst[src, I.returns] = glob[G.turn] + glob[G.cycle] * max(effects[r, E.duration], 1)
    elif action == Action.shuffle_deck:
        # Shuffling Bones: "Shuffle your deck"; the places a look showed (Hands of Fate) are lost
        if target == Target.both_players:
            for side in range(seats):  # p's first, then the seats after it
                shuffle_deck_nb(inst, decks, players, (p + side) % seats, rng)
        else:
            shuffle_deck_nb(inst, decks, players, o if target == Target.opponent_player else p, rng)
    elif action == Action.reset_turn:
        glob[G.rewind] = 1  # Hourglass of Time: the turn loop goes back to the turn's start (kernel.game.rewind)
    return 0


@njit(cache=True, _nrt=False)
def wake_sleepers_nb(cards, effects, inst, fighters, players, glob, decks, policy, params, rng, trace):
    """Carus Demon: "Any damage to the sleeping creatures ends this effect and destroys 1 magic
    card on the field of your choice": the sleeping primary creature it watches lost HP since the
    last look: every creature of that side wakes, and the Demon's player destroys the magic card
    they pick (ruling carus-demon). Called after each strike and whenever deaths are settled."""
    t = glob[G.turn]
    for s in range(inst.shape[0]):
        w = inst[s, I.watched]
        if w <= 0 or cards[inst[s, I.card], CardCol.card_type] != CardType.creature:
            continue
        r = find_row_nb(cards, effects, inst[s, I.card], Trigger.on_summon, Action.put_to_sleep)
        if r < 0:
            continue
        v = w - 1
        if inst[v, I.zone] != InstZone.primary or fighters[v, F.stunned_until] < t:
            inst[s, I.watched] = 0  # it left the field, or its sleep is over
            continue
        if fighters[v, F.hp] >= inst[s, I.counter]:
            inst[s, I.counter] = fighters[v, F.hp]
            continue
        inst[s, I.watched] = 0
        side = inst[v, I.controller]
        for j in range(inst.shape[0]):
            z = inst[j, I.zone]
            if (z == InstZone.primary or z == InstZone.limited) and inst[j, I.controller] == side:
                if fighters[j, F.stunned_until] >= t:
                    fighters[j, F.stunned_until] = -1
        q = opponent_nb(players, glob, side)
        record_nb(trace, glob, q, Event.effect, s, r, 0)  # the replay names the effect; no die
        destroy_some_magic_nb(
            cards, effects, inst, fighters, players, glob, decks, q, s, Target.all_magic, 1, policy, params, rng, trace
        )


@njit(cache=True, _nrt=False)
def in_roll_table_nb(effects, r, stop):
    """Row r reads one die with its card's next rows (The Alchemist's roll table)."""
    if (effects[r, E.flags] & Flag.same_roll) != 0:
        return True
    return r + 1 < stop and (effects[r + 1, E.flags] & Flag.same_roll) != 0


@njit(cache=True, _nrt=False)
def _order_deck_top(cards, effects, inst, fighters, players, glob, decks, p, src, r, policy, params, rng, trace):
    """Hands of Fate: "You and your opponent may look at the top 5 cards of your opponent's
    deck. You may rearrange them in any order": the cards become known to both players where
    they lie (SeenBit.known_in_deck, which the search's deal keeps), and p picks, one by one,
    the card drawn next."""
    q = opponent_nb(players, glob, p) if effects[r, E.target] == Target.opponent_player else p
    n = players[q, P.deck_n]
    k = min(effects[r, E.amount], n)
    if k == 0:
        note_fizzle_nb(trace, glob, inst, src, FizzleReason.nothing_to_do)
        return
    options = local_array(MAX_INST)
    for m in range(k):
        options[m] = decks[q, n - 1 - m]  # the top card first
        inst[options[m], I.seen] |= SeenBit.known_in_deck
    for place in range(k):
        left = k - place
        pick = choice.pick_nb(
            ChoiceKind.deck_order,
            p,
            q,
            options,
            left,
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
        decks[q, n - 1 - place] = pick
        record_nb(trace, glob, p, Event.deck_order, pick, inst[pick, I.card], place + 1)
        for m in range(left):
            if options[m] == pick:
                options[m] = options[left - 1]
                break


@njit(cache=True, _nrt=False)
def _only_heals(cards, effects, card):
    """A magic card whose every row heals (a potion): a heal at full HP is all of it wasted."""
    start, stop = card_rows_nb(cards, card)
    if cards[card, CardCol.card_type] != CardType.magic:
        return False
    for r in range(start, stop):
        if effects[r, E.action] != Action.heal:
            return False
    return True


@njit(cache=True, _nrt=False)
def discard_some_nb(cards, effects, inst, fighters, players, glob, q, src, r, policy, params, rng, trace):
    """Player q discards row r's `amount` of cards passing its filter from hand, picking each
    (Magic Artillery: "Opponent must discard 1 Magic card"); fewer when the hand has fewer."""
    options = local_array(MAX_INST)
    for _ in range(effects[r, E.amount]):
        n = 0
        for i in range(inst.shape[0]):
            if (
                inst[i, I.zone] == InstZone.hand
                and inst[i, I.owner] == q
                and matches_filter_nb(cards, effects, r, inst[i, I.card])
            ):
                options[n] = i
                n += 1
        if n == 0:
            return
        d = choice.pick_nb(
            ChoiceKind.discard, q, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
        )
        record_nb(trace, glob, q, Event.discard, d, inst[d, I.card], 0)
        to_cemetery_nb(cards, effects, inst, players, glob, d, trace)


@njit(cache=True, _nrt=False)
def magic_on_field_nb(inst, q):
    """Magic cards on the field under q's control."""
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.controller] == q:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def destroy_some_magic_nb(
    cards, effects, inst, fighters, players, glob, decks, p, src, target, amount, policy, params, rng, trace
):
    """Destroy `amount` magic cards (0 = all) on the target side; p picks each one. Returns how
    many were destroyed."""
    options = local_array(MAX_INST)
    destroyed = 0
    for _ in range(amount if amount > 0 else inst.shape[0]):
        n = 0
        for j in range(inst.shape[0]):
            if j == src or inst[j, I.zone] != InstZone.magic:
                continue
            owner = inst[j, I.controller]
            if target == Target.opponent_magic and owner == p or target == Target.own_magic and owner != p:
                continue
            if magic_immune_vs_nb(cards, effects, inst, inst[j, I.attached_to], p) and owner != p:
                continue  # Heroism: "this card ... unaffected by magic cards"
            options[n] = j
            n += 1
        if n == 0:
            break
        j = options[0]
        if amount > 0:
            j = choice.pick_nb(
                ChoiceKind.destroy_pick,
                p,
                src,
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
        destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
        destroyed += 1
    return destroyed


@njit(cache=True, _nrt=False)
def move_cards_nb(cards, effects, inst, fighters, players, glob, decks, p, src, r, moved, policy, params, rng, trace):
    """A move_card row: from the cemetery, or creatures and magic off the field."""
    o = opponent_nb(players, glob, p)
    target = effects[r, E.target]
    zone_from = effects[r, E.zone_from]
    zone_to = effects[r, E.zone_to]
    if zone_from == Zone.cemetery:
        trig = effects[r, E.trigger]
        if trig != Trigger.on_play and trig != Trigger.on_summon:
            return  # Phoenix / Giant Rat move themselves: handled where they die or are sacrificed
        # a trade (Frog of Fortune, Peddling Partridge): the card the row before sent from the
        # hand is not the one taken back
        previous = r - 1
        traded = previous >= 0 and effects[previous, E.card] == effects[r, E.card]
        traded = traded and effects[previous, E.action] == Action.move_card
        traded = traded and effects[previous, E.zone_from] == Zone.hand
        skip = glob[G.sent_card] if traded else -1
        j = pick_in_zone_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            r,
            p,
            InstZone.cemetery,
            False,
            src,
            skip,
            0,
            False,
            policy,
            params,
            rng,
        )
        if j >= 0:
            take_from_cemetery_nb(cards, effects, inst, players, glob, j)
            move_to_zone_nb(cards, effects, inst, players, glob, decks, j, zone_to, rng, trace)
        return
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        c = inst[j, I.controller]
        hit = False
        if target == Target.opponent_primary:
            hit = z == InstZone.primary and c == o
        elif target == Target.own_primary:
            hit = z == InstZone.primary and c == p
        elif target == Target.all_primaries:
            hit = z == InstZone.primary
        elif target == Target.opponent_magic:
            hit = z == InstZone.magic and c == o
        elif target == Target.all_magic:
            hit = z == InstZone.magic and j != src
        elif target == Target.limited_summons:
            hit = z == InstZone.limited  # Dragon of Time: "All Limited Summons", either player's
        elif target == Target.all_creatures:
            # The Old One: "all cards aside from this card", Limited Summons too; a creature
            # unaffected by creature effects stays (Ent Tree)
            hit = (z == InstZone.primary or z == InstZone.limited) and j != src
            if hit and c != p and _immune_to_creatures(cards, effects, inst, fighters, j):
                continue
        if not hit or magic_immune_vs_nb(cards, effects, inst, j, p) and c != p and target != Target.all_creatures:
            continue
        if held_on_field_nb(cards, effects, inst, fighters, glob, j):
            continue  # Steam Spider, Lead Boots: it leaves the field only by death or destruction
        if inst[src, I.attached_to] == j:
            # Revival Priest sends the creature it was played on back to hand and stays, to hold
            # the creature it revives: it is not an equip of the one leaving
            inst[src, I.attached_to] = -1
        leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
        if inst[j, I.zone] != z:
            continue  # it left with something else (an equip of a creature sent away)
        if (
            z == InstZone.primary
            and c != p
            and equipped_instead_nb(cards, effects, inst, fighters, players, glob, j, c, trace)
        ):
            continue  # Moon Owl, sent away by its opponent: equipped to their primary instead
        moved[inst[j, I.owner]] += 1
        send_back_nb(cards, effects, inst, players, glob, decks, j, zone_to, rng, trace)


@njit(cache=True, _nrt=False)
def send_from_hand_nb(
    cards, effects, inst, fighters, players, glob, decks, p, src, r, moved, policy, params, rng, trace
):
    """A move_card row from a hand; returns False when there was no card to send.

    From p's own hand (Vampire Lord, Wizard Frog: the cost of the rows after it), p picks one
    card passing the row's filter. From the opponent's hand (Kendo Tiger), p cannot see the
    cards: its pick is blind, one of them at random (ruling kendo-tiger). The printed HP of a
    creature card sent is kept for a later row's Scale.sent_hp."""
    q = opponent_nb(players, glob, p) if effects[r, E.target] == Target.opponent_player else p
    options = local_array(MAX_INST)
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.hand and inst[j, I.owner] == q and j != src:
            if q == p and not matches_filter_nb(cards, effects, r, inst[j, I.card]):
                continue
            options[n] = j
            n += 1
    if n == 0:
        return False
    if q != p:
        j = options[randint_nb(rng, n)]
    else:
        j = choice.pick_nb(
            ChoiceKind.discard_cost,
            p,
            src,
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
    if q == p:
        record_nb(trace, glob, p, Event.effect, src, r, 0)  # the replay names the effect paid for
    card = inst[j, I.card]
    glob[G.sent_card] = j
    glob[G.sent_hp] = cards[card, CardCol.hp] if cards[card, CardCol.card_type] == CardType.creature else 0
    moved[q] += 1
    if effects[r, E.zone_to] == Zone.under:
        # Terry: "place a 'Jerry' card under this card": it stays on the field, under src
        set_zone_nb(inst, glob, j, InstZone.under)
        inst[j, I.anchor] = src
        inst[j, I.seen] |= SeenBit.played
        record_nb(trace, glob, p, Event.placed_under, j, card, src)
        return True
    send_back_nb(cards, effects, inst, players, glob, decks, j, effects[r, E.zone_to], rng, trace)
    return True


@njit(cache=True, _nrt=False)
def pay_pending_heals_nb(inst, fighters, glob, trace):
    """The Guide: "When a creature is sent to the cemetery, heal this card for 1/2 of the total
    HP of the sent creature". `to_cemetery_nb` owes the heal to the creature on the field when a
    creature card arrives in a cemetery; it is paid here, once the deaths are swept, to a
    creature still on the field, alive and with its effects (negated ones heal nothing)."""
    for i in range(inst.shape[0]):
        owed = inst[i, I.pending_heal]
        if owed <= 0:
            continue
        inst[i, I.pending_heal] = 0
        if inst[i, I.zone] == InstZone.primary and fighters[i, F.hp] > 0 and fighters[i, F.effect_count] > 0:
            heal_creature_nb(inst, fighters, glob, i, owed, trace)


@njit(cache=True, _nrt=False)
def summon_by_effect_nb(
    cards, effects, inst, fighters, players, glob, decks, p, src, r, policy, params, rng, script, trace
):
    """Limited Summons by Necromancer, Dark Knight, Psychic Toad, Helping Hand, Revival Priest."""
    zone_from = effects[r, E.zone_from]
    if limited_count_nb(inst, src) >= max(effects[r, E.amount], 1):
        return
    if limited_barred_nb(cards, effects, inst, glob):
        return  # Street Lights: no Limited Summon is played
    if zone_from == Zone.opponent_cemetery:
        # Skeleton Lord: a creature of the opponent's cemetery joins p's field, held by src; when
        # released it goes back to its owner's cemetery
        j = pick_opponent_cemetery_nb(cards, effects, inst, fighters, players, glob, r, p, src, policy, params, rng)
        if j >= 0:
            take_from_cemetery_nb(cards, effects, inst, players, glob, j)
            limited_summon_nb(cards, inst, fighters, players, glob, p, j, src, trace)
        return
    if zone_from == Zone.opponent_field:  # Psychic Toad: take control of the opponent's creature
        o = opponent_nb(players, glob, p)
        j = players[o, P.primary]
        if (
            j < 0
            or magic_immune_vs_nb(cards, effects, inst, j, p)
            or held_on_field_nb(cards, effects, inst, fighters, glob, j)
        ):
            return  # Steam Spider, Lead Boots: it does not change control
        if j == players[o, P.replacement]:
            # ruling psychic-toad-replacement: the creature that replaced the opponent's primary in
            # the settling under way stays theirs (only a Toad placed in it can meet it)
            return
        leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
        limited_summon_nb(cards, inst, fighters, players, glob, p, j, src, trace)
        return
    if zone_from == Zone.hand_or_deck:
        # Alkonost: "you may summon a 'Harpy' or 'Alkonost' from your deck or hand"
        j = _pick_hand_or_deck(cards, effects, inst, fighters, players, glob, r, p, src, policy, params, rng)
        if j < 0:
            return
        if inst[j, I.zone] == InstZone.deck:
            remove_from_deck_nb(decks, players, j)
            shuffle_deck_nb(inst, decks, players, p, rng)
        limited_summon_nb(cards, inst, fighters, players, glob, p, j, src, trace)
        return
    zone = InstZone.cemetery if zone_from == Zone.cemetery else InstZone.hand
    max_al = 0
    may_pass = False
    if effects[r, E.condition] == Condition.below_primary_al:
        # Gnarled Hand: "a creature with an AL less than your primary creature"
        c = players[p, P.primary]
        max_al = effective_al_nb(fighters[c]) - 1 if c >= 0 else 0
        if max_al <= 0:
            return
    if effects[r, E.dice] > 0:
        # Summoner: "roll 2 dice. You may summon a creature from your hand with an AL less than or
        # equal to the result"
        for _ in range(effects[r, E.dice]):
            max_al += d6_nb(rng, script)
        record_nb(trace, glob, p, Event.effect, src, r, max_al)
        may_pass = True
    if zone == InstZone.hand and effects[r, E.amount] > 1:
        # Dawn of the Living Chickens: "Summon up to 4 creatures from your hand": after the first,
        # its player may stop
        while limited_count_nb(inst, src) < effects[r, E.amount]:
            j = pick_in_zone_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                r,
                p,
                zone,
                True,
                src,
                -1,
                0,
                limited_count_nb(inst, src) > 0,
                policy,
                params,
                rng,
            )
            if j < 0:
                return
            limited_summon_nb(cards, inst, fighters, players, glob, p, j, src, trace)
        return
    j = pick_in_zone_nb(
        cards, effects, inst, fighters, players, glob, r, p, zone, True, src, -1, max_al, may_pass, policy, params, rng
    )
    if j < 0 or not is_creature_nb(cards, inst, j):
        return
    revival = (
        cards[inst[src, I.card], CardCol.card_type] == 1
        and find_row_nb(cards, effects, inst[src, I.card], Trigger.on_play, Action.move_card) >= 0
    )
    if revival and players[p, P.primary] >= 0:
        return  # Revival Priest: the primary stayed on the field (Steam Spider, Lead Boots): none takes its place
    if zone == InstZone.cemetery:
        take_from_cemetery_nb(cards, effects, inst, players, glob, j)
    if revival:
        # Revival Priest: your primary went back to your hand; the revived creature takes its
        # place, still held by the card
        place_primary_nb(cards, inst, fighters, players, glob, p, j)
        inst[j, I.anchor] = src
        inst[src, I.attached_to] = j
        inst[j, I.seen] |= SeenBit.played
        record_nb(trace, glob, p, Event.limited_summon, j, inst[j, I.card], src)
        return
    limited_summon_nb(cards, inst, fighters, players, glob, p, j, src, trace)
    if effects[r, E.duration] == Duration.turn:
        inst[j, I.expires] = glob[G.turn]  # Summoner: "back to your hand at the end of your turn"
    if cards[inst[src, I.card], CardCol.magic_subtype] == MagicSubtype.equip:
        inst[src, I.attached_to] = j  # Helping Hand is equipped to the creature it summoned


@njit(cache=True, _nrt=False)
def exchange_kind_nb(cards, effects, card):
    """What a card counts as in an exchange: 0 creature, 1 magic (The Squire is a magic card
    off the field)."""
    if cards[card, CardCol.card_type] == CardType.magic or counts_as_magic_off_field_nb(cards, effects, card):
        return 1
    return 0


@njit(cache=True, _nrt=False)
def exchange_options_nb(cards, effects, inst, q, src, out):
    """Eye For An Eye: the cards of q's cemetery q may take back, each for a card of the same
    kind from q's hand (other than `src`); copies of a card are one option. Returns how many."""
    n = 0
    if cemetery_chained_nb(cards, effects, inst):
        return 0  # Bound With Chains: no card leaves a cemetery
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.cemetery or inst[j, I.owner] != q:
            continue
        card = inst[j, I.card]
        if cannot_leave_cemetery_nb(cards, effects, card):
            continue
        kind = exchange_kind_nb(cards, effects, card)
        paid = False
        for m in range(inst.shape[0]):
            if (
                m != src
                and inst[m, I.zone] == InstZone.hand
                and inst[m, I.owner] == q
                and exchange_kind_nb(cards, effects, inst[m, I.card]) == kind
            ):
                paid = True
        dup = False
        for k in range(n):
            if inst[out[k], I.card] == card:
                dup = True
        if paid and not dup:
            out[n] = j
            n += 1
    return n


@njit(cache=True, _nrt=False)
def exchange_with_cemetery_nb(cards, effects, inst, fighters, players, glob, p, src, policy, params, rng, trace):
    """Eye For An Eye: "All players may each exchange 1 card from their hand with 1 card in their
    cemetery. Creature for a Creature. Magic for a Magic." The card's player first, then the
    opponent: each picks a card of their cemetery to take back (or none), then the card of the
    same kind their hand sends in its place (then the seats after p's, every player in turn)."""
    options = local_array(MAX_INST)
    seats = players.shape[0]
    for k in range(seats):
        q = (p + k) % seats
        n = exchange_options_nb(cards, effects, inst, q, src, options)
        if n == 0:
            continue
        options[n] = NO_OPTION  # "may"
        n += 1
        j = choice.pick_nb(
            ChoiceKind.zone_pick, q, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
        )
        if j == NO_OPTION:
            continue
        kind = exchange_kind_nb(cards, effects, inst[j, I.card])
        n = 0
        for m in range(inst.shape[0]):
            if (
                m != src
                and inst[m, I.zone] == InstZone.hand
                and inst[m, I.owner] == q
                and exchange_kind_nb(cards, effects, inst[m, I.card]) == kind
            ):
                options[n] = m
                n += 1
        sent = choice.pick_nb(
            ChoiceKind.discard_cost,
            q,
            src,
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
        # one exchange: the card taken back leaves the cemetery as the other arrives
        take_from_cemetery_nb(cards, effects, inst, players, glob, j)
        to_hand_nb(inst, glob, j, trace)
        record_nb(trace, glob, q, Event.discard, sent, inst[sent, I.card], 0)
        to_cemetery_nb(cards, effects, inst, players, glob, sent, trace)
        if glob[G.winner] >= 0:
            return


@njit(cache=True, _nrt=False)
def summon_primary_on_death_nb(
    cards, effects, inst, fighters, players, glob, decks, p, c, policy, params, rng, script, trace
):
    """Friend Like You: "If this card is killed by Atk damage, you may summon 1 'The Creator'
    creature from your hand or deck as your primary creature at no sacrifice cost. Shuffle."
    Creature c of p was killed in a battle by a creature's strike and p has no primary now:
    its `on_killed_in_battle` `summon_primary` row lets p pick a creature passing the filter
    from their hand or deck (or none), placed as their primary creature; the deck is shuffled."""
    r = find_row_nb(cards, effects, inst[c, I.card], Trigger.on_killed_in_battle, Action.summon_primary)
    if r < 0 or fighters[c, F.effect_count] == 0:
        return
    j = _pick_hand_or_deck(cards, effects, inst, fighters, players, glob, r, p, c, policy, params, rng)
    record_nb(trace, glob, p, Event.effect, c, r, 0)
    if j < 0:
        return
    if inst[j, I.zone] == InstZone.deck:
        remove_from_deck_nb(decks, players, j)
    shuffle_deck_nb(inst, decks, players, p, rng)
    inst[j, I.seen] |= SeenBit.played
    record_nb(trace, glob, p, Event.summon, j, inst[j, I.card], 0)
    place_primary_nb(cards, inst, fighters, players, glob, p, j)
    on_summon_nb(cards, effects, inst, fighters, players, glob, decks, j, policy, params, rng, script, trace)


@njit(cache=True, _nrt=False)
def hand_or_deck_holds_nb(cards, effects, inst, r, p):
    """p's hand or deck holds a creature passing row r's filter."""
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if (
            (z == InstZone.hand or z == InstZone.deck)
            and inst[j, I.owner] == p
            and is_creature_nb(cards, inst, j)
            and matches_filter_nb(cards, effects, r, inst[j, I.card])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _pick_hand_or_deck(cards, effects, inst, fighters, players, glob, r, p, src, policy, params, rng):
    """The creature p picks from its own hand or deck for row r of creature `src` (Alkonost: the
    player searches the deck, so sees it); a card of the hand and a copy in the deck are two
    options. -1 when there is none, or when p passes."""
    options = local_array(MAX_INST)
    n = 0
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if (z != InstZone.hand and z != InstZone.deck) or inst[j, I.owner] != p or j == src:
            continue
        if not is_creature_nb(cards, inst, j) or not matches_filter_nb(cards, effects, r, inst[j, I.card]):
            continue
        dup = False  # copies of a card in one zone are one option
        for k in range(n):
            if inst[options[k], I.card] == inst[j, I.card] and inst[options[k], I.zone] == z:
                dup = True
        if not dup:
            options[n] = j
            n += 1
    if n > 0:
        options[n] = NO_OPTION  # "you may"
        n += 1
    j = choice.pick_nb(
        ChoiceKind.zone_pick, p, src, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    return j if j != NO_OPTION else -1


@njit(cache=True, _nrt=False)
def on_summon_nb(cards, effects, inst, fighters, players, glob, decks, i, policy, params, rng, script, trace):
    """Creature i arrived on the field: its on-summon rows (Hive Lord, Angel, Psychic Toad)."""
    p = inst[i, I.controller]
    refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    if fighters[i, F.effect_count] == 0:
        return  # negated (Demonic Magic, Silence From The Grave)
    start, stop = card_rows_nb(cards, inst[i, I.card])
    # the cards its rows send away, per player, for a later row that counts them (The Old One)
    moved = local_array(MAX_SEATS)[: players.shape[0]]
    moved[:] = 0
    chosen = _chosen_summon_row(
        cards, effects, inst, fighters, players, glob, i, start, stop, policy, params, rng, trace
    )
    for r in range(start, stop):
        if (effects[r, E.flags] & Flag.choice) != 0 and r != chosen:
            continue  # Kendo Tiger: "choose 1 of the following effects"
        # lasting stat rows (Witch) are auras read by refresh_fighters_nb; the others act now,
        # even when what they do lasts while the creature stays (Psychic Toad's Limited Summon)
        if effects[r, E.trigger] == Trigger.on_summon and (
            effects[r, E.duration] == Duration.instant or not is_aura_action_nb(effects[r, E.action])
        ):
            execute_row_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                p,
                i,
                r,
                i,
                policy,
                params,
                rng,
                script,
                trace,
                moved,
            )
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.on_summon and effects[r, E.scale] == Scale.destroyed_on_summon:
            inst[i, I.counter] = moved.sum()  # Gluttony keeps the count while it stays
            break


@njit(cache=True, _nrt=False)
def _chosen_summon_row(cards, effects, inst, fighters, players, glob, i, start, stop, policy, params, rng, trace):
    """The on-summon row creature i's player picks among the card's `choice` rows (Kendo Tiger:
    "choose 1 of the following effects"); -1 when the card has none."""
    options = local_array(MAX_INST)
    n = 0
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.on_summon and (effects[r, E.flags] & Flag.choice) != 0:
            options[n] = r
            n += 1
    if n == 0:
        return -1
    r = choice.pick_nb(
        ChoiceKind.summon_row,
        inst[i, I.controller],
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
    record_nb(trace, glob, inst[i, I.controller], Event.effect, i, r, 0)  # the replay names the choice
    return r


@njit(cache=True, _nrt=False)
def release_negated_anchors_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """A Limited Summon held by a creature whose effects are now negated leaves the field (rules
    guide, Anchoring effect: "If the effect of the Necromancer would be stopped for any reason the
    Limited Summoned creature would be removed from the field"; CASE LAW, Jesse v Eric, overturned:
    a Mind Sapped Necromancer loses the creature it revived)."""
    held = False
    for j in range(inst.shape[0]):
        a = inst[j, I.anchor]
        z = inst[j, I.zone]
        if (z == InstZone.limited or z == InstZone.magic) and a >= 0 and a != j and inst[a, I.zone] == InstZone.primary:
            held = True
    if not held:
        return
    refresh_fighters_nb(cards, effects, inst, fighters, players, glob)
    for j in range(inst.shape[0]):
        a = inst[j, I.anchor]
        if (
            inst[j, I.zone] == InstZone.magic
            and a >= 0
            and inst[j, I.attached_to] == a
            and inst[a, I.zone] == InstZone.primary
            and fighters[a, F.effect_count] == 0
            and cards[inst[a, I.card], CardCol.effect_count] > 0
        ):
            # Thief: the stolen card goes to its owner's cemetery "if this effect is negated"
            leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            set_zone_nb(inst, glob, j, InstZone.resolving)
            to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
    for j in range(inst.shape[0]):
        a = inst[j, I.anchor]
        if (
            inst[j, I.zone] == InstZone.limited
            and a >= 0
            and a != j
            and inst[a, I.zone] == InstZone.primary
            and fighters[a, F.effect_count] == 0
            and cards[inst[a, I.card], CardCol.effect_count] > 0
            # Black Jacket is held by Hive Lord's presence, not by an effect of it
            and primary_bound_row_nb(cards, effects, inst[j, I.card]) < 0
        ):
            release_anchored_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
