"""Bot policies: how a player chooses among the legal actions (numba).

A policy is an id and a float parameter array. Each policy is one function below that takes
the game state and the legal actions and returns the index of its choice; `choose_action_nb`
dispatches on the id. The Python registry (`wardsim.policies.POLICIES`) names them. To add a
policy: write its function here, give it the next id in `PolicyId`, add it to the dispatch and
to the registry.

Besides the main choice, the rules ask players for small decisions while an action resolves
(`ChoiceKind`: which creature to place, which creatures to sacrifice, what to discard at the
hand limit, whether to answer a magic card with a Lightning card, ...). The game asks them
through `kernel.bots.choice.decide_nb`, which scores each legal option with `option_value_nb`;
every policy but `random` uses the same sensible rules for them, so policies differ in what
they decide to do with their turns.

The search policy (`search`) plays games forward: `kernel.bots.search`.

Parameters are read by name (`params[PolicyParam.attack_odds]`); the registry
(`wardsim.policies`) fills every column with its default or the user's value.
"""

from __future__ import annotations

import math

from wardsim.kernel.bots.enums import PolicyId, PolicyParam
from wardsim.kernel.bots.race import state_odds_nb, strike_chances_nb
from wardsim.kernel.duel.effect_rows import chosen_battle_row_nb, effective_al_nb, filter_matches_nb
from wardsim.kernel.enums import (
    Action,
    CardCol,
    CardType,
    Condition,
    Duration,
    EffectCol,
    FighterCol,
    Flag,
    MagicSubtype,
    MagicType,
    Scale,
    Stat,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    NO_OPTION,
    ActionKind,
    ChoiceKind,
    GlobCol,
    InstCol,
    InstZone,
    MagicTarget,
    Phase,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.game.field import (
    battle_bound_nb,
    can_initiate_nb,
    cannot_be_negated_nb,
    find_row_nb,
    held_on_field_nb,
    infinite_in_use_nb,
    magic_immune_vs_nb,
    magic_toll_nb,
    paid_negation_nb,
    sleep_row_nb,
)
from wardsim.kernel.game.scratch import local_floats
from wardsim.kernel.game.state import cemetery_hp_nb, hand_size_nb, infinite_slots_nb, opponent_nb, randint_nb
from wardsim.kernel.jit import njit
from wardsim.rules import AL_CAP, CRITICAL_DICE, CRITICAL_MULTIPLIER, DIE_FACES

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol


# ------------------------------------------------------------------ evaluation


@njit(cache=True, _nrt=False)
def creature_strength_nb(cards, card):
    """A rough value of a creature card: expected damage per strike times staying power."""
    c = cards[card]
    dmg = 3.5 * c[CardCol.attack_dice] + c[CardCol.modifier]
    return dmg * (1.0 + c[CardCol.hp] / 40.0) + 2.0 * c[CardCol.armor_level] + 0.5 * c[CardCol.speed]


@njit(cache=True, _nrt=False)
def duel_odds_nb(duel_table, card_a, card_b):
    """P(a beats b) from the exact duel table the caller filled (0.5 when unknown)."""
    if duel_table.shape[0] == 0 or card_a < 0 or card_b < 0:
        return 0.5
    v = duel_table[card_a, card_b]
    return 0.5 if v < 0 else v


@njit(cache=True, _nrt=False)
def battle_odds_nb(cards, inst, fighters, duel_table, a, card_a, b, weight):
    """P(creature a beats creature b) as they are now (`kernel.bots.race`): a is an instance on
    the field, or -1 for card `card_a` as printed (a creature in hand); b is on the field, or -1
    when there is none (0.5). `weight` 0 reads the exact table of the printed cards alone."""
    if b < 0:
        return 0.5
    exact = duel_odds_nb(duel_table, card_a, inst[b, I.card])
    return state_odds_nb(cards, card_a, fighters, a, inst[b, I.card], b, exact, weight)


@njit(cache=True, _nrt=False)
def _magic_value(cards, effects, inst, fighters, players, glob, p, i, target):
    """How much a magic play is worth to p now (greedy scale)."""
    card = inst[i, I.card]
    if cards[card, CardCol.card_type] == CardType.creature:
        # Frog Bard, a creature equipped by Graft: its printed Atk Dice Rolls and Modifier, while
        # another creature of the hand is kept to place when the primary creature falls
        for j in range(inst.shape[0]):
            if (
                j != i
                and inst[j, I.zone] == InstZone.hand
                and inst[j, I.owner] == p
                and cards[inst[j, I.card], CardCol.card_type] == CardType.creature
            ):
                return 2.0 * (cards[card, CardCol.attack_dice] + cards[card, CardCol.modifier])
        return -1.0
    start = cards[card, CardCol.effect_start]
    stop = start + cards[card, CardCol.effect_count]
    value = 0.0
    own = players[p, P.primary]
    opp = players[opponent_nb(players, glob, p), P.primary]
    # an equip with alternatives (The Merchant) is worth the one picked
    pick = target - MagicTarget.choice if cards[card, CardCol.magic_subtype] == MagicSubtype.equip else -1
    k_choice = 0
    for r in range(start, stop):
        action = effects[r, E.action]
        amount = effects[r, E.amount]
        tgt = effects[r, E.target]
        if (effects[r, E.flags] & Flag.choice) != 0:
            k_choice += 1
            if pick >= 0 and k_choice - 1 != pick:
                continue
        if (
            action == Action.modify_stat
            and effects[r, E.condition] == Condition.target_matches
            and tgt == Target.equipped
        ):
            # Melt Armor: a bonus against a kind of creature is worth something only against
            # the opponent's primary creature as it stands now; otherwise the card waits
            value += 2.0 * amount if opp >= 0 and filter_matches_nb(effects, r, fighters[opp]) else -1.0
        elif (
            action == Action.modify_stat
            and effects[r, E.condition] == Condition.target_matches
            and tgt == Target.all_creatures
            and cards[card, CardCol.magic_type] == MagicType.lightning
        ):
            # Attack Beacon: a Lightning field card for every creature that passes its filter,
            # both sides: worth what it gives p's primary less what it gives theirs
            gain = 0.0
            if own >= 0 and _printed_filter_passes(cards, effects, fighters, r, own):
                gain += 2.0 * amount
            if opp >= 0 and _printed_filter_passes(cards, effects, fighters, r, opp):
                gain -= 2.0 * amount
            value += gain if gain != 0.0 else -1.0
        elif action == Action.modify_stat:
            value += 2.0 * abs(amount) if amount != 0 else 1.0
        elif action == Action.critical_miss_up_to and tgt == Target.equipped:
            # Ring of Extremes: worth the Atk damage per strike it adds against the opponent's
            # primary creature now (its critical misses cost the die of self-damage); a loss waits
            gain = _hit_table_gain(effects, fighters, own, opp, r, start, stop) if own >= 0 and opp >= 0 else -1.0
            value += gain if gain > 0 else -5.0
        elif action == Action.critical_hit_up_to and tgt == Target.equipped:
            continue  # valued with its table's first row
        elif action == Action.set_stat or action == Action.scale_stat or action == Action.apply_status:
            value += 6.0
        elif action == Action.heal:
            if own >= 0:
                missing = fighters[own, F.max_hp] - fighters[own, F.hp]
                value += min(missing, amount if amount > 0 else missing) * 0.5 - 5.0
        elif action == Action.move_card and tgt == Target.opponent_primary and opp >= 0:
            value += creature_strength_nb(cards, inst[opp, I.card]) * 0.5
        elif action == Action.move_card and effects[r, E.zone_from] == Zone.hand:
            value += _trade_value(cards, effects, inst, p, i, r)
        elif action == Action.move_card and r > start and effects[r - 1, E.zone_from] == Zone.hand:
            pass  # the card a trade takes is valued with the card it sends (the row before)
        elif action == Action.move_card:
            value += 4.0
        elif action == Action.destroy_magic and tgt == Target.self and effects[r, E.trigger] == Trigger.turn_start:
            value -= 1.0  # Magic Artillery's roll of 1: the card's own end
        elif action == Action.destroy_magic:
            o = opponent_nb(players, glob, p)
            value += 3.0 * _count_magic(inst, o) - (2.0 * _count_magic(inst, p) if amount == 0 else 0.0)
        elif action == Action.discard:
            value += 2.0 * amount  # Magic Artillery's roll of 6: a magic card from the opponent's hand
        elif action == Action.draw:
            value += 3.0 * amount
        elif action == Action.order_deck_top:
            value += 2.0  # Hands of Fate: the opponent's next draws, worst first
        elif action == Action.shuffle_deck:
            # Shuffling Bones: worth it only to undo an order the opponent chose for p's deck
            value += 3.0 if _known_in_deck(inst, p) > 0 else -1.0
        elif action == Action.damage and tgt == Target.equipped and own >= 0 and target == MagicTarget.own:
            value -= amount  # Phoenix Armor: the damage to its own creature, each turn
        elif action == Action.block_limited and effects[r, E.trigger] == Trigger.on_play:
            # Street Lights: the Limited Summons it sends home, the opponent's against p's
            for j in range(inst.shape[0]):
                if inst[j, I.zone] == InstZone.limited:
                    value += LIMITED_WORTH if inst[j, I.controller] != p else -LIMITED_WORTH
        elif action == Action.self_battle:
            # Possession: valued for the alternative played; the creature aimed at strikes itself
            # twice, and p gives up its own battle this turn
            k_row = 0
            for r2 in range(start, r):
                if (effects[r2, E.flags] & Flag.choice) != 0:
                    k_row += 1
            if target != MagicTarget.choice + k_row:
                continue
            if tgt == Target.opponent_primary and opp >= 0 and own >= 0:
                hurt = 3.5 * fighters[opp, F.attack_dice] + fighters[opp, F.modifier]
                lost = 3.5 * fighters[own, F.attack_dice] + fighters[own, F.modifier]
                value += 2.0 * hurt - lost
            else:
                value -= 20.0
        elif action == Action.share_damage:
            # Bound Fate: worth the opponent's return strike it sends back, in a turn p battles
            if opp >= 0 and own >= 0 and glob[G.phase] == Phase.main:
                value += 3.5 * fighters[opp, F.attack_dice] + fighters[opp, F.modifier]
            else:
                value -= 5.0
        elif action == Action.fill_slots:
            # Constructed Pylon: worth the opponent's Infinite slots it takes away now
            o = opponent_nb(players, glob, p)
            free = infinite_slots_nb(glob, o) - infinite_in_use_nb(cards, effects, inst, o)
            value += 3.0 * min(amount, max(free, 0))
        elif action == Action.swap_attack_modifier:
            # Catcow: each primary's damage moves by 2.5 per point its Modifier is above its Atk
            # Dice Rolls (a die is worth 3.5, a point of Modifier 1); worth it when p gains more
            gain = 0.0
            if own >= 0:
                gain += 2.5 * (fighters[own, F.modifier] - fighters[own, F.attack_dice])
            if opp >= 0:
                gain -= 2.5 * (fighters[opp, F.modifier] - fighters[opp, F.attack_dice])
            value += gain if gain > 0 else -5.0
        elif action == Action.damage and tgt == Target.lowest_hp_primary:
            # Death Omen: it hurts whichever primary is lower now, and again every turn
            if own >= 0 and opp >= 0:
                value += 2.0 * amount if fighters[opp, F.hp] < fighters[own, F.hp] else -2.0 * amount
            else:
                value -= 1.0
        elif action == Action.damage and (effects[r, E.flags] & Flag.lowest_roll) != 0:
            value += 0.0  # Cosmic Storm: a die roll either player may lose
        elif action == Action.damage and tgt == Target.own_primary and effects[r, E.trigger] == Trigger.on_play:
            # Titan's Amulet, Chain Lightning: the damage it deals its own player's creature; one
            # it would kill makes the card worthless
            if own >= 0:
                value -= amount
                if fighters[own, F.hp] <= amount:
                    value -= 1000.0
        elif action == Action.damage and tgt == Target.all_creatures and effects[r, E.trigger] == Trigger.turn_start:
            # Bramble Field: in each of its player's turns, the damage to the opponent's primary
            # creature less the damage to their own (a creature with wings takes none)
            gain = 0.0
            spared = effects[r, E.condition] == Condition.target_not_matching
            if opp >= 0 and not (spared and filter_matches_nb(effects, r, fighters[opp])):
                gain += amount
            if own >= 0 and not (spared and filter_matches_nb(effects, r, fighters[own])):
                gain -= amount
            value += gain if gain != 0.0 else -1.0
        elif action == Action.discard_cost:
            value -= 2.0 * amount  # Negative: the card of the hand it costs
        elif action == Action.damage and effects[r, E.scale] == Scale.cards_moved:
            o = opponent_nb(players, glob, p)
            value += amount * (_count_magic(inst, o) + _count_magic(inst, p))  # Chain Lightning
        elif action == Action.damage and (effects[r, E.flags] & Flag.dice_match) != 0:
            value += _apocalypse_value(cards, effects, inst, fighters, players, glob, p, amount)
        elif action == Action.damage:
            value += amount + 3.5 * effects[r, E.dice]
        elif action == Action.equip_self and effects[r, E.trigger] == Trigger.on_killed:
            value += 6.0  # Contaminate: its damage goes on to the creature that kills p's
        elif action == Action.revive:
            if own >= 0:  # Phoenix Armor: half the HP back, once, whenever its creature dies
                value += 0.5 * fighters[own, F.max_hp] * amount / effects[r, E.divisor]
        elif (
            action == Action.multiply_damage
            and effects[r, E.condition] == Condition.target_matches
            and tgt == Target.all_creatures
        ):
            # Orcs VS Apes, Dragon's Bane: every creature strikes harder at the creatures that pass
            # the filter, both sides: worth it while the opponent's primary passes and p's does not
            gain = 0.0
            if opp >= 0 and filter_matches_nb(effects, r, fighters[opp]):
                gain += 8.0
            if own >= 0 and filter_matches_nb(effects, r, fighters[own]):
                gain -= 8.0
            value += gain if gain != 0.0 else -1.0
        elif action == Action.multiply_damage or action == Action.auto_hit or action == Action.prevent_damage:
            value += 8.0  # prevent_damage: Ghost Form, Metallic Bone keep every damage off their creature
        elif action == Action.limited_summon or action == Action.search_deck:
            value += 10.0
        elif action == Action.block_magic or action == Action.skip_turn:
            value += 6.0
        elif action == Action.swap_primaries and own >= 0 and opp >= 0:
            value += creature_strength_nb(cards, inst[opp, I.card]) - creature_strength_nb(cards, inst[own, I.card])
        elif action == Action.block_battle:
            value -= 5.0
        elif action == Action.no_return and tgt == Target.both_players:
            value += _chains_value(cards, effects, inst, p)
        else:
            value += 1.0
    toll = magic_toll_nb(cards, effects, inst, fighters, glob, p)
    if toll > 0 and own >= 0:
        # Old Logging Road, The Villain: the play's price, and never the primary creature's life
        value -= toll
        if fighters[own, F.hp] <= toll:
            value -= TOLL_FATAL
    return value


# what a play is worth less when its toll would kill its player's primary creature (Old Logging Road)
TOLL_FATAL = 1000.0


@njit(cache=True, _nrt=False)
def _printed_filter_passes(cards, effects, fighters, r, i):
    """Does creature i on the field pass row r's filter, its "no card text" flag included
    (Attack Beacon)?"""
    if (effects[r, E.flags] & Flag.no_effect) != 0 and cards[fighters[i, F.card], CardCol.effect_status] != 0:
        return False
    return filter_matches_nb(effects, r, fighters[i])


# the most Hit dice whose every outcome the bot lists to weigh a table of Hit outcomes
MAX_LISTED_HIT_DICE = 4
MEAN_DIE = (DIE_FACES + 1) / 2
SELF_DAMAGE = MEAN_DIE  # the mean of the critical miss's die of damage to the striker


@njit(cache=True, _nrt=False)
def _hit_table_gain(effects, fighters, own, opp, r, start, stop):
    """The Atk damage per strike that the table of Hit outcomes of rows start..stop (Ring of
    Extremes; row r its critical misses) adds to creature `own` against `opp`, as they stand:
    each outcome of its Hit dice is weighed both ways, a critical miss costing `SELF_DAMAGE`. A
    creature with a table of its own (Maniac) is weighed with that table."""
    miss_max = effects[r, E.amount]
    crit_max = 0
    for k in range(start, stop):
        if effects[k, E.action] == Action.critical_hit_up_to:
            crit_max = effects[k, E.amount]
    f = fighters[own]
    n = min(f[F.hit_dice], MAX_LISTED_HIT_DICE)
    if n <= 0:
        return 0.0
    need = effective_al_nb(fighters[opp])
    bonus = f[F.modifier] + f[F.hit_bonus]
    damage = MEAN_DIE * f[F.attack_dice] + f[F.modifier] + f[F.atk_bonus]
    gain = 0.0
    outcomes = DIE_FACES**n
    for code in range(outcomes):
        total = 0
        ones = True
        sixes = True
        x = code
        for _ in range(n):
            die = x % DIE_FACES + 1
            x //= DIE_FACES
            total += die
            ones = ones and die == 1
            sixes = sixes and die == DIE_FACES
        crits = n >= CRITICAL_DICE
        if f[F.table_miss_max] > 0 or f[F.table_critical_max] > 0:
            if total <= f[F.table_miss_max]:
                before = -SELF_DAMAGE
            elif total <= f[F.table_critical_max]:
                before = CRITICAL_MULTIPLIER * damage
            else:
                before = damage
        elif crits and ones:
            before = -SELF_DAMAGE
        elif crits and sixes:
            before = CRITICAL_MULTIPLIER * damage
        else:
            before = damage if total + bonus >= need else 0.0
        if total <= miss_max:
            after = -SELF_DAMAGE
        elif total <= crit_max:
            after = CRITICAL_MULTIPLIER * damage
        else:
            after = damage
        gain += after - before
    return gain / outcomes


# what a card that takes from a cemetery is worth to Bound With Chains: stopped on the opponent's
# side, lost on its own player's
CEMETERY_USER_WORTH = 3.0


@njit(cache=True, _nrt=False)
def _uses_cemetery(cards, effects, card):
    """The card takes cards out of a cemetery (Necromancer, Revival Priest, Frog of Fortune) or
    comes back from one (Junk Scarecrow)."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        zone = effects[r, E.zone_from]
        if zone == Zone.cemetery or zone == Zone.opponent_cemetery or effects[r, E.action] == Action.return_later:
            return True
    return False


@njit(cache=True, _nrt=False)
def _chains_value(cards, effects, inst, p):
    """Bound With Chains stops every card leaving a cemetery, both players': worth playing for
    the cards on the opponent's field that would take from one, not for the cards in p's own hand
    and field that would (p sees only its own hand)."""
    value = 1.0
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if not _uses_cemetery(cards, effects, inst[j, I.card]):
            continue
        if inst[j, I.controller] != p and (z == InstZone.primary or z == InstZone.magic):
            value += CEMETERY_USER_WORTH
        elif inst[j, I.owner] == p and (z == InstZone.hand or z == InstZone.primary):
            value -= CEMETERY_USER_WORTH
    return value


# strength points per cemetery HP that a trade of creatures takes off its player's cemetery (the
# heuristic's default sacrifice weight)
TRADE_HP_WORTH = 0.3


@njit(cache=True, _nrt=False)
def _trade_value(cards, effects, inst, p, i, r):
    """Frog of Fortune, Peddling Partridge: what trading a card of p's hand for one of p's
    cemetery is worth, with the picks p's own choices would make (the least worth keeping of
    the hand, `option_value_nb` for a discard cost; the best of the cemetery, as a zone pick):
    the worth gained, and for creatures the cemetery HP taken off."""
    want = effects[r, E.filter_card_type]
    sent = -1
    taken = -1
    sent_key = -1e300
    taken_key = -1e300
    for j in range(inst.shape[0]):
        card = inst[j, I.card]
        if j == i or inst[j, I.owner] != p or (want >= 0 and cards[card, CardCol.card_type] != want):
            continue
        if inst[j, I.zone] == InstZone.hand:
            key = -card_worth_nb(cards, card)
            if cards[card, CardCol.card_type] == CardType.creature:
                key -= 100.0 + cards[card, CardCol.hp]
            if key > sent_key:
                sent_key = key
                sent = card
        elif (
            inst[j, I.zone] == InstZone.cemetery
            and find_row_nb(cards, effects, card, Trigger.in_cemetery, Action.no_return) < 0
        ):
            key = (
                float(cards[card, CardCol.hp])
                if cards[card, CardCol.card_type] == CardType.creature
                else card_worth_nb(cards, card)
            )
            if key > taken_key:
                taken_key = key
                taken = card
    if sent < 0 or taken < 0:
        return WASTED
    value = 2.0 + card_worth_nb(cards, taken) - card_worth_nb(cards, sent)
    if want == CardType.creature:
        value += TRADE_HP_WORTH * (cards[taken, CardCol.hp] - cards[sent, CardCol.hp])
    return value


@njit(cache=True, _nrt=False)
def _apocalypse_value(cards, effects, inst, fighters, players, glob, p, amount):
    """Apocalypse hits both primaries: worth it when the opponent's stands to lose more HP than
    p's own (what its creature has left, up to the damage, unless magic cannot reach it)."""
    loss = local_floats(2)
    for side in range(2):
        c = players[p if side == 0 else opponent_nb(players, glob, p), P.primary]
        loss[side] = 0.0
        if c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, p):
            loss[side] = min(fighters[c, F.hp], amount)
    return 0.2 * (loss[1] - loss[0]) - 1.0


@njit(cache=True, _nrt=False)
def _known_in_deck(inst, p):
    """Cards of p's deck whose place both players know (a look of Hands of Fate)."""
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.deck and inst[j, I.owner] == p and inst[j, I.seen] & SeenBit.known_in_deck:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _count_magic(inst, p):
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.controller] == p:
            n += 1
    return n


# ------------------------------------------------------------------ policies


@njit(cache=True, _nrt=False)
def random_nb(actions, n, rng):
    """Uniform over the legal actions."""
    return randint_nb(rng, n)


@njit(cache=True, _nrt=False)
def greedy_nb(cards, effects, inst, fighters, players, glob, actions, n, params):
    """Summon the strongest creature it can pay for, play every magic card that helps, attack
    whenever allowed, end the phase otherwise."""
    p = glob[G.active]
    best = 0
    best_value = 0.0
    own = players[p, P.primary]
    own_strength = creature_strength_nb(cards, inst[own, I.card]) if own >= 0 else 0.0
    for k in range(n):
        a = actions[k]
        kind = action_kind_nb(a)
        i = action_a_nb(a)
        value = 0.0
        if kind == ActionKind.battle:
            value = 100.0
        elif kind == ActionKind.summon:
            cost = 10 * action_b_nb(a)  # b: the cemetery HP its sacrifices cost, in tens
            weight = params[PolicyParam.sacrifice_weight]
            value = summon_value_nb(cards, inst, players, glob, p, inst[i, I.card], cost, weight) - own_strength - 1.0
        elif kind == ActionKind.magic:
            value = _magic_value(cards, effects, inst, fighters, players, glob, p, i, action_b_nb(a))
        elif kind == ActionKind.limited_summon:
            value = LIMITED_WORTH
        elif kind == ActionKind.activate:
            # greedy battles whenever it can: a turn-long boost is never wasted by its own choice
            value = activation_value_nb(
                cards, effects, inst, fighters, players, glob, p, i, action_b_nb(a), True, params
            )
        if value > best_value:
            best_value = value
            best = k
    return best


# how much a battle-bound card may raise the duel odds: below attack_odds by more than this, the
# heuristic does not expect to battle this turn
BUFF_ODDS = 0.15


@njit(cache=True, _nrt=False)
def _ends_this_turn(cards, effects, card):
    """A battle-bound card that is spent unless its player battles this turn: timed (Backstab
    for the turn, Death From Above for the turn cycle, whose other battles are the opponent's
    choice), or destroyed when its creature deals no damage (Dragon Power)."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if effects[r, E.duration] == Duration.turn or effects[r, E.duration] > 0:
            return True
        if effects[r, E.action] == Action.destroy_magic and effects[r, E.condition] == Condition.no_damage_this_turn:
            return True
    return False


@njit(cache=True, _nrt=False)
def _committed(cards, effects, inst, p):
    """p has a battle-bound card in force that this turn's end would waste unless it battles."""
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.magic
            and inst[j, I.controller] == p
            and inst[j, I.watch] > 0
            and _ends_this_turn(cards, effects, inst[j, I.card])
        ):
            return True
    return False


WAITS = -1.0  # a card held back for a better moment this turn or later: not played, not wasted


@njit(cache=True, _nrt=False)
def _sweep_pending(cards, effects, inst, players, glob, p, i):
    """Magic card i would stay on the field (an Infinite card), and p holds another that, played
    now, destroys every other magic card on the field (Dragon Fire, Cosmic Negation) and is worth
    it (`_magic_value`'s count of the two sides' cards): played first, the sweep leaves i be."""
    if (
        cards[inst[i, I.card], CardCol.magic_type] != MagicType.infinite
        or players[p, P.magic_blocked_until] >= glob[G.turn]
    ):
        return False
    own = _count_magic(inst, p)
    theirs = _count_magic(inst, opponent_nb(players, glob, p))
    if 3 * theirs - 2 * own <= 0:
        return False
    for j in range(inst.shape[0]):
        if j == i or inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != p:
            continue
        r = find_row_nb(cards, effects, inst[j, I.card], Trigger.on_play, Action.destroy_magic)
        if r >= 0 and effects[r, E.target] == Target.all_magic and effects[r, E.amount] == 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _sweep_worth(cards, effects, inst, players, glob, p, own, card):
    """Gluttony: a creature that destroys every magic card on the field as it arrives is worth
    the opponent's cards, less p's own that would stay (the equips on a replaced primary leave
    with it anyway), and its +1 Modifier for each card."""
    r = find_row_nb(cards, effects, card, Trigger.on_summon, Action.destroy_magic)
    if r < 0 or effects[r, E.target] != Target.all_magic or effects[r, E.amount] != 0:
        return 0.0
    kept = _count_magic(inst, p) - (_equips_on(inst, own) if own >= 0 else 0)
    theirs = _count_magic(inst, opponent_nb(players, glob, p))
    return 0.5 * EQUIP_WORTH * (theirs - kept) + 2.0 * (theirs + kept)


@njit(cache=True, _nrt=False)
def _equips_on(inst, c):
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.attached_to] == c:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def heuristic_nb(cards, effects, inst, fighters, players, glob, actions, n, params, duel_table):
    """Decide by expected values (`heuristic_values_nb`): the first action worth the most, and
    ending the phase when none is worth more than nothing."""
    values = local_floats(MAX_ACTIONS)
    heuristic_values_nb(cards, effects, inst, fighters, players, glob, actions, n, params, duel_table, values)
    return best_action_nb(values, n)


@njit(cache=True, _nrt=False)
def best_action_nb(values, n):
    """The first of the `n` actions worth the most, and the first (ending the phase) when none
    is worth more than nothing."""
    best = 0
    best_value = 0.0
    for k in range(n):
        if values[k] > best_value:
            best_value = values[k]
            best = k
    return best


# the value the heuristic gives an action it expects to waste (a card that would expire unused,
# a summon whose sacrifices lose the game); the search spends no playouts on these
WASTED = -1000.0


@njit(cache=True, _nrt=False)
def heuristic_values_nb(cards, effects, inst, fighters, players, glob, actions, n, params, duel_table, values):
    """What each of the `n` legal actions is worth to the active player (into `values`): attack
    when the duel odds of the two creatures as they are (the exact table of the printed cards,
    moved by the HP they lost, their buffs and shields: `kernel.bots.race`), the damage race
    or the cemetery race favour it (and always after a
    card that only acts in this turn's battle); summon the creature with the best odds against
    the opponent's primary per cemetery HP risked, counting the equips a replaced primary takes
    with it; play a battle-bound card only in a turn it will battle (or, one that lasts, on a
    creature likely to see a battle); with a full hand, spend magic cards rather than discard
    them; and otherwise play like greedy. Ending the phase is worth 0."""
    p = glob[G.active]
    o = opponent_nb(players, glob, p)
    t = glob[G.turn]
    threshold = glob[G.cemetery_threshold]
    attack_at = params[PolicyParam.attack_odds]
    own = players[p, P.primary]
    opp = players[o, P.primary]
    opp_card = inst[opp, I.card] if opp >= 0 else -1
    # the odds of the creatures as they are now: HP lost, equips and buffs, a shield
    now = params[PolicyParam.state_odds]
    own_odds = battle_odds_nb(cards, inst, fighters, duel_table, own, inst[own, I.card], opp, now) if own >= 0 else 0.0
    # a summon is weighed against the primary as printed: the HP it has lost is no reason to
    # send it to the cemetery before it strikes again (its HP counts there all the same)
    own_fresh = -1.0  # worked out at the first summon: most decisions have none
    # can p battle this turn, and will it?
    can_battle = t >= glob[G.cycle] and t > glob[G.no_battle_until] and own >= 0 and opp >= 0
    can_battle = can_battle and can_initiate_nb(inst, fighters, glob, own)
    will_battle = can_battle and (own_odds >= attack_at - BUFF_ODDS or inst[own, I.zone] == InstZone.limited)
    full_hand = hand_size_nb(inst, p) >= glob[G.hand_limit]
    for k in range(n):
        a = actions[k]
        kind = action_kind_nb(a)
        i = action_a_nb(a)
        value = 0.0
        if kind == ActionKind.battle:
            if inst[i, I.zone] == InstZone.limited:
                value = 100.0  # a Limited Summon cannot be hurt: always attack
            else:
                odds = own_odds  # the primary's, worked out above
                if i != own:
                    odds = battle_odds_nb(cards, inst, fighters, duel_table, i, inst[i, I.card], opp, now)
                # the damage race: a creature near death trades its last strike for free
                hurt = fighters[i, F.hp] < 0.25 * fighters[i, F.max_hp]
                value = 100.0 * (odds - attack_at) + (20.0 if hurt else 0.0)
                # the cemetery race: killing their primary would end the game
                if cemetery_hp_nb(cards, inst, players, o) + cards[opp_card, CardCol.hp] >= threshold:
                    value += 30.0
                if _committed(cards, effects, inst, p) or _boosted_this_turn(cards, effects, inst, glob, i):
                    value += 60.0  # the card played (or the effect used) for this battle is wasted without it
        elif kind == ActionKind.summon:
            odds = battle_odds_nb(cards, inst, fighters, duel_table, -1, inst[i, I.card], opp, now)
            cost = 10 * action_b_nb(a)
            if own_fresh < 0.0:
                own_fresh = 0.0
                if own >= 0:
                    own_fresh = battle_odds_nb(cards, inst, fighters, duel_table, -1, inst[own, I.card], opp, now)
            value = 100.0 * (odds - own_fresh) - params[PolicyParam.sacrifice_weight] * cost - 2.0
            if cemetery_hp_nb(cards, inst, players, p) + cost >= threshold:
                value = 2 * WASTED  # a summon whose sacrifices lose the game
            if own >= 0:
                if fighters[own, F.hp] < 0.3 * fighters[own, F.max_hp]:
                    value += 10.0  # a badly hurt primary is worth replacing
                value -= EQUIP_WORTH * _equips_on(inst, own)  # they leave with it
            # Equip Knight: the equips it fetches from the deck come with it, on a weak creature:
            # half what an equip on the field is worth, so a healthy primary is not killed for them
            value += 0.5 * EQUIP_WORTH * deck_equips_for_knight_nb(cards, effects, inst, p, inst[i, I.card])
            value += _sweep_worth(cards, effects, inst, players, glob, p, own, inst[i, I.card])
        elif kind == ActionKind.magic:
            card = inst[i, I.card]
            value = _magic_value(cards, effects, inst, fighters, players, glob, p, i, action_b_nb(a))
            if _temporary_summon(cards, effects, card, Trigger.on_play) and not _can_attack_now(inst, players, glob, p):
                value = WASTED  # Dawn of the Living Chickens: they would go back before they could attack
            if battle_bound_nb(cards, effects, card):
                if _ends_this_turn(cards, effects, card):
                    if not (will_battle and glob[G.phase] == Phase.main):
                        value = WASTED  # it would expire unused
                elif own < 0 or fighters[own, F.hp] < 0.5 * fighters[own, F.max_hp] or t + 1 < glob[G.cycle]:
                    # its creature may well leave the field before a battle; and in the first
                    # turn, when no battle can come before its player's next turn, it waits
                    # for the summon that turn may bring
                    value = WASTED
            if sleep_row_nb(cards, effects, card) >= 0:
                value = _sleep_value(inst, fighters, glob, own, opp, own_odds, will_battle)
                if opp >= 0 and _wears_row(cards, effects, inst, opp, Action.apply_status):
                    value = WASTED  # already asleep under a Sleepy Scent: a copy adds nothing
            elif find_row_nb(cards, effects, card, Trigger.static, Action.stays_on_field) >= 0:
                # Lead Boots: nothing to add to a creature that already stays (Steam Spider, Lead Boots)
                if own < 0 or held_on_field_nb(cards, effects, inst, fighters, glob, own):
                    value = WASTED
            elif find_row_nb(cards, effects, card, Trigger.static, Action.must_battle) >= 0:
                value = _frenzy_value(inst, fighters, glob, own, opp, own_odds)
            elif _bars_opponent(cards, effects, card):
                # Irresistible Love: no magic card and no Atk damage from the opponent until their
                # roll ends it; worth it while they have a creature to stop
                value = LOVE_WORTH if opp >= 0 else WASTED
            elif find_row_nb(cards, effects, card, Trigger.static, Action.second_battle) >= 0:
                # Double Hit: a second battle is worth it only to a creature that battles this turn
                value = DOUBLE_HIT_WORTH if will_battle and glob[G.phase] == Phase.main else WASTED
                if own >= 0 and (
                    _wears_row(cards, effects, inst, own, Action.second_battle) or fighters[own, F.double_battle] != 0
                ):
                    value = WASTED  # a second copy gives no third battle, nor does it on Cabal Warchief
            if value > WAITS and _sweep_pending(cards, effects, inst, players, glob, p, i):
                value = WAITS  # p's own sweep, worth playing now, would take it along: the sweep first
            if full_hand and value > WAITS:
                value = max(value, 0.5)  # played now rather than discarded at the next draw
        elif kind == ActionKind.limited_summon:
            # Ancient One: a Limited Summon would battle p's own primary
            value = (
                WASTED if self_battles_forced_nb(cards, effects, inst, fighters, players, glob, p) else LIMITED_WORTH
            )
        elif kind == ActionKind.activate:
            battles_now = will_battle and glob[G.phase] == Phase.main
            value = activation_value_nb(
                cards, effects, inst, fighters, players, glob, p, i, action_b_nb(a), battles_now, params
            )
            if self_battles_forced_nb(cards, effects, inst, fighters, players, glob, p) and _summons_limited(
                cards, effects, inst[i, I.card]
            ):
                value = WASTED  # Ancient One: the creature summoned would battle p's own primary
        values[k] = value


@njit(cache=True, _nrt=False)
def _sleep_value(inst, fighters, glob, own, opp, own_odds, will_battle):
    """Sleepy Scent goes on the opponent's primary creature (it is a hostile equip: the sleep is
    the card's point, the healing its price): worth it while that creature is the stronger of the
    two, so that it would attack, and p will not strike it this turn (any damage wakes it: a
    creature p means to attack now gets it after the battle, in the wrap-up phase, or not at all);
    wasted on a creature that cannot battle anyway."""
    if own < 0 or opp < 0:
        return WASTED
    t = glob[G.turn]
    if fighters[opp, F.frozen_until] > t or fighters[opp, F.stunned_until] > t or fighters[opp, F.asleep] != 0:
        return WASTED
    if will_battle and glob[G.phase] == Phase.main:
        return WASTED
    return 100.0 * (0.5 - own_odds) + 5.0


@njit(cache=True, _nrt=False)
def _frenzy_value(inst, fighters, glob, own, opp, own_odds):
    """Frenzy makes both players battle every turn: worth it while p's primary is the stronger
    of the two; wasted while either primary cannot battle, which destroys it at once."""
    if own < 0 or opp < 0:
        return WASTED
    t = glob[G.turn]
    for c in (own, opp):
        if fighters[c, F.frozen_until] >= t + 1 or fighters[c, F.stunned_until] >= t + 1 or fighters[c, F.asleep]:
            return WASTED
    return 100.0 * (own_odds - 0.55)


@njit(cache=True, _nrt=False)
def _wears_row(cards, effects, inst, c, action):
    """Is a magic card with a row of this action (a sleep status for `apply_status`) attached to
    creature c already?"""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != c:
            continue
        if action == Action.apply_status:
            if sleep_row_nb(cards, effects, inst[j, I.card]) >= 0:
                return True
        elif find_row_nb(cards, effects, inst[j, I.card], Trigger.static, action) >= 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _bars_opponent(cards, effects, card):
    """A field card whose static row bars the opponent's magic while it stays (Irresistible Love)."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.block_magic
            and effects[r, E.target] == Target.opponent_player
        ):
            return True
    return False


# what Irresistible Love is worth while the opponent has a primary creature
LOVE_WORTH = 30.0

# what Double Hit is worth in a turn its creature battles: a second battle, struck back at most once
DOUBLE_HIT_WORTH = 15.0

# what an equip on the field is worth to the heuristic, lost when its creature is replaced
EQUIP_WORTH = 25.0

# what a Limited Summon from the hand by the creature's own text is worth (Black Jacket beside Hive
# Lord): an attacker that cannot be hurt, for no sacrifice and no standard summon
LIMITED_WORTH = 20.0
# what activating a your-turn effect with no cost is worth (Necromancer, Demon King)
ACTIVATION_WORTH = 5.0
# what a turn-long boost is worth in a turn its creature battles (Wizard Frog's 2x Atk damage)
BOOST_WORTH = 15.0


@njit(cache=True, _nrt=False)
def _hand_cost_row(cards, effects, card):
    """The your-turn row of a creature that sends a card from its player's hand as the cost of
    its next rows (Vampire Lord, Wizard Frog); -1 if none."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if (
            effects[r, E.trigger] == Trigger.your_turn
            and effects[r, E.action] == Action.move_card
            and effects[r, E.zone_from] == Zone.hand
        ):
            return r
    return -1


@njit(cache=True, _nrt=False)
def _temporary_summon(cards, effects, card, trigger):
    """The card summons Limited Summons from the hand that go back before its player's next turn
    (Summoner at the end of the turn, Dawn of the Living Chickens after 1 turn cycle): they are
    worth something only in a turn they can attack."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if (
            effects[r, E.trigger] == trigger
            and effects[r, E.action] == Action.limited_summon
            and effects[r, E.zone_from] == Zone.hand
            and (effects[r, E.duration] == Duration.turn or effects[r, E.duration] > 0)
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def _can_attack_now(inst, players, glob, p):
    """p is in a magic/summoning phase whose combat phase may hold battles."""
    t = glob[G.turn]
    return (
        glob[G.phase] == Phase.main
        and t >= glob[G.cycle]
        and t > glob[G.no_battle_until]
        and players[opponent_nb(players, glob, p), P.primary] >= 0
    )


@njit(cache=True, _nrt=False)
def _boosted_this_turn(cards, effects, inst, glob, i):
    """Creature i used an effect this turn that lasts the turn (Wizard Frog's 2x Atk damage):
    it is wasted unless i battles."""
    if inst[i, I.used_turn] != glob[G.turn]:
        return False
    card = inst[i, I.card]
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if effects[r, E.trigger] == Trigger.your_turn and effects[r, E.duration] == Duration.turn:
            return True
    return False


@njit(cache=True, _nrt=False)
def activation_value_nb(cards, effects, inst, fighters, players, glob, p, c, alt, battles_now, params):
    """What activating creature c's your-turn effect is worth to p. Most are worth a little
    (ACTIVATION_WORTH). One paid with a card from the hand is worth what it buys, with the card
    p's own pick would send (`option_value_nb`, ChoiceKind.discard_cost; the costs filter by card
    type only): Vampire Lord's heal, the HP it restores (none at full HP: wasted) against the HP
    the sent creature adds to p's cemetery, and never when the cemetery would be left without
    room for Vampire Lord's own death; Wizard Frog's 2x Atk damage, only in a turn c battles
    (`battles_now`). With alternatives, the alt-th (Cryovore): +10 Atk only in a turn c battles,
    a heal worth the HP it restores."""
    if alt > 0:
        k = 0
        start = cards[inst[c, I.card], CardCol.effect_start]
        for r in range(start, start + cards[inst[c, I.card], CardCol.effect_count]):
            flags = effects[r, E.flags]
            if effects[r, E.trigger] != Trigger.your_turn or (flags & Flag.optional) == 0 or (flags & Flag.choice) == 0:
                continue
            k += 1
            if k != alt:
                continue
            if effects[r, E.action] == Action.heal:
                healed = min(fighters[c, F.max_hp] - fighters[c, F.hp], effects[r, E.amount])
                return WASTED if healed <= 0 else 0.5 * healed
            if effects[r, E.action] == Action.modify_stat:
                return 0.5 * effects[r, E.amount] if battles_now else WASTED
        return ACTIVATION_WORTH
    cost = _hand_cost_row(cards, effects, inst[c, I.card])
    if cost < 0:
        if _temporary_summon(cards, effects, inst[c, I.card], Trigger.your_turn):
            # Summoner: the creature summoned goes back at the end of the turn, so it must attack now
            return ACTIVATION_WORTH if _can_attack_now(inst, players, glob, p) else WASTED
        return ACTIVATION_WORTH
    want = effects[cost, E.filter_card_type]
    sent = -1
    best = -1e300
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != p:
            continue
        if want >= 0 and cards[inst[j, I.card], CardCol.card_type] != want:
            continue
        v = option_value_nb(ChoiceKind.discard_cost, p, c, j, 0, params, cards, effects, inst, fighters, players, glob)
        if v > best:
            best = v
            sent = j
    if sent < 0:
        return WASTED
    hp_sent = (
        cards[inst[sent, I.card], CardCol.hp]
        if cards[inst[sent, I.card], CardCol.card_type] == CardType.creature
        else 0
    )
    start = cards[inst[c, I.card], CardCol.effect_start]
    for r in range(cost + 1, start + cards[inst[c, I.card], CardCol.effect_count]):
        action = effects[r, E.action]
        if action == Action.heal and effects[r, E.scale] == Scale.sent_hp:
            room = glob[G.cemetery_threshold] - cemetery_hp_nb(cards, inst, players, p)
            if effects[cost, E.zone_to] == Zone.cemetery and hp_sent + cards[inst[c, I.card], CardCol.hp] >= room:
                return WASTED  # the cemetery keeps room for the creature's own death
            missing = fighters[c, F.max_hp] - fighters[c, F.hp]
            healed = min(missing, effects[r, E.amount] * hp_sent // effects[r, E.divisor])
            if healed <= 0:
                return WASTED
            # HP back on the creature against HP added to the cemetery race, point for point
            return 0.5 * (healed - hp_sent) - 2.0
        if action == Action.multiply_damage:
            return BOOST_WORTH if battles_now else WASTED
    return ACTIVATION_WORTH


@njit(cache=True, _nrt=False)
def choose_base_nb(pid, params, cards, effects, inst, fighters, players, glob, actions, n, rng, duel_table):
    """Dispatch a non-search policy by id."""
    if n <= 1:
        return 0
    if pid == PolicyId.random:
        return random_nb(actions, n, rng)
    if pid == PolicyId.greedy:
        return greedy_nb(cards, effects, inst, fighters, players, glob, actions, n, params)
    return heuristic_nb(cards, effects, inst, fighters, players, glob, actions, n, params, duel_table)


# ------------------------------------------------------------------ decisions inside actions


@njit(cache=True, _nrt=False)
def summon_value_nb(cards, inst, players, glob, p, card, cemetery_cost, weight):
    """What a summon is worth: the creature's strength less `weight` points per cemetery HP its
    sacrifices cost; a summon that would put p at the losing threshold is worth nothing at all."""
    if cemetery_hp_nb(cards, inst, players, p) + cemetery_cost >= glob[G.cemetery_threshold]:
        return -1e9
    return creature_strength_nb(cards, card) - weight * cemetery_cost


@njit(cache=True, _nrt=False)
def card_worth_nb(cards, card):
    """How much a card in hand is worth keeping: a creature by its strength, a magic card by
    what it does. A discarded creature also adds its HP to the cemetery (counted apart)."""
    if cards[card, CardCol.card_type] == CardType.creature:
        return creature_strength_nb(cards, card)
    return 5.0 + cards[card, CardCol.effect_count]


REROLL_EDGE = 0.01  # the least gain, in hits, a Hit roll's re-roll must promise


@njit(cache=True, _nrt=False)
def _plain_hit_roll(f):
    """Is the roll a strike paused after a Hit roll whose outcome the dice total, the bonuses
    and the target's AL alone decide (no automatic hit, no table, no multiplied total)?"""
    return (
        f[F.strike_stage] == 1
        and f[F.auto_hit] == 0
        and f[F.no_hit_roll] == 0
        and f[F.no_criticals] == 0
        and f[F.table_miss_max] <= 0
        and f[F.table_critical_max] <= 0
        and f[F.hit_roll_mult] <= 1
    )


@njit(cache=True, _nrt=False)
def _hit_worth(n, total, ones, sixes, plus, needed):
    """A Hit roll of n dice showing `total` (with `ones` 1s and `sixes` 6s), in hits: 0 for a
    miss, 1 for a hit, CRITICAL_MULTIPLIER for a critical hit (rules guide: double damage)."""
    if n >= CRITICAL_DICE and ones == n:
        return 0.0
    if n >= CRITICAL_DICE and sixes == n:
        return float(CRITICAL_MULTIPLIER)
    return 1.0 if total + plus >= needed else 0.0


@njit(cache=True, _nrt=False)
def _hit_reroll_gain(f, dice, own):
    """What re-rolling a paused strike's Hit dice is worth to the striker, in hits: a fresh roll
    of all of them (`dice` 0), or of one (Winter Griffin; the lowest die for the striker's
    player, the highest for its opponent, as `reroll_die` picks them), against what the dice
    show. NaN when another count of dice is re-rolled."""
    packed = f[F.strike_hit_dice]
    n = 0
    total = 0
    ones = 0
    sixes = 0
    low = DIE_FACES
    high = 1
    while packed > 0:
        die = packed % 8
        n += 1
        total += die
        ones += 1 if die == 1 else 0
        sixes += 1 if die == DIE_FACES else 0
        low = min(low, die)
        high = max(high, die)
        packed = packed // 8
    plus = f[F.strike_hit_total] - total
    needed = f[F.strike_needed]
    now = _hit_worth(n, total, ones, sixes, plus, needed)
    if dice == 0 or dice >= n:
        hit, critical = strike_chances_nb(n, plus, needed)
        return hit + (CRITICAL_MULTIPLIER - 1) * critical - now
    if dice != 1:
        return math.nan
    gone = low if own else high
    after = 0.0
    for face in range(1, DIE_FACES + 1):
        after += _hit_worth(
            n,
            total - gone + face,
            ones - (1 if gone == 1 else 0) + (1 if face == 1 else 0),
            sixes - (1 if gone == DIE_FACES else 0) + (1 if face == DIE_FACES else 0),
            plus,
            needed,
        )
    return after / DIE_FACES - now


@njit(cache=True, _nrt=False)
def _roll_went_well(f, dice):
    """Did the roll a strike paused after go well for the striker? The Hit roll: it hits (a
    critical hit yes, a critical miss no); the Atk roll: its dice are at their mean or above, or,
    where `dice` (> 0) of them would be re-rolled, its lowest die is 4 or more."""
    if f[F.strike_stage] == 1:
        packed = f[F.strike_hit_dice]
        n = 0
        ones = 0
        sixes = 0
        while packed > 0:
            n += 1
            ones += 1 if packed % 8 == 1 else 0
            sixes += 1 if packed % 8 == 6 else 0
            packed = packed // 8
        if n >= 2 and ones == n:
            return False
        if n >= 2 and sixes == n:
            return True
        return f[F.strike_hit_total] >= f[F.strike_needed]
    packed = f[F.strike_atk_dice]
    n = 0
    total = 0
    lowest = 6
    while packed > 0:
        n += 1
        total += packed % 8
        lowest = min(lowest, packed % 8)
        packed = packed // 8
    if dice > 0:
        return lowest >= 4
    return 2 * total >= 7 * n


@njit(cache=True, _nrt=False)
def _toll_kills(cards, effects, inst, fighters, players, glob, q):
    """Would the toll of a magic card played now kill q's primary creature (Old Logging Road,
    The Villain)?"""
    own = players[q, P.primary]
    return own >= 0 and fighters[own, F.hp] <= magic_toll_nb(cards, effects, inst, fighters, glob, q)


@njit(cache=True, _nrt=False)
def option_value_nb(kind, q, subject, option, fact, params, cards, effects, inst, fighters, players, glob):
    """How much player q likes `option` of a `ChoiceKind` decision (higher is better); every
    policy but `random` decides these by the same sensible rules, and differs in its turns."""
    weight = params[PolicyParam.sacrifice_weight]
    if kind == ChoiceKind.placement:
        # strength against the sacrifices' cemetery HP
        return summon_value_nb(cards, inst, players, glob, q, inst[option, I.card], fact, weight)
    if kind == ChoiceKind.sacrifice:
        # the cemetery HP it adds, and a hand creature's future (the primary leaves anyway)
        value = -weight * fact
        if inst[option, I.zone] == InstZone.hand or fact > 0:  # lost for good, not just replaced
            value -= 0.5 * creature_strength_nb(cards, inst[option, I.card])
        return value
    if kind == ChoiceKind.discard or kind == ChoiceKind.discard_cost:
        # keep the best cards; a creature discarded costs its HP in the cemetery race
        card = inst[option, I.card]
        value = -card_worth_nb(cards, card)
        if cards[card, CardCol.card_type] == CardType.creature:
            value -= 100.0 + cards[card, CardCol.hp]
        return value
    if kind == ChoiceKind.face:
        # the opponent nearest to going out, so that a rival leaves the game sooner
        return float(cemetery_hp_nb(cards, inst, players, option))
    if kind == ChoiceKind.magic_response:
        if option == NO_OPTION:
            return 0.0
        team = players[q, P.team]
        faced = opponent_nb(players, glob, glob[G.active])
        if team != players[glob[G.active], P.team] and team != players[faced, P.team]:
            return -1.0  # two other teams' fight: answering it would spend a card for a rival
        if cards[inst[option, I.card], CardCol.card_type] == CardType.magic and _toll_kills(
            cards, effects, inst, fighters, players, glob, q
        ):
            return -1.0  # Old Logging Road, The Villain: no answer is worth the primary's life
        if find_row_nb(cards, effects, inst[option, I.card], Trigger.response_any, Action.equip_self) >= 0:
            # Mind Sap: on the opponent's primary while its effects act
            o = players[opponent_nb(players, glob, q), P.primary]
            return 1.0 if o >= 0 and fighters[o, F.effect_count] > 0 else -1.0
        ocard = inst[option, I.card]
        acard = inst[subject, I.card]
        if find_row_nb(cards, effects, ocard, Trigger.response_opponent_lightning, Action.equip_self) >= 0:
            return 1.0  # Ancient Book: a free equip for its player's creature, whatever it answers
        if cards[ocard, CardCol.card_type] == CardType.creature:
            # Bunnysaurus's one negation: only against a card that would really hurt
            if (
                cannot_be_negated_nb(cards, effects, acard)
                or find_row_nb(cards, effects, acard, Trigger.on_play, Action.immune) >= 0
            ):
                return -1.0
            paid = paid_negation_nb(cards, effects, inst, fighters, option, True)
            if paid >= 0 and fighters[option, F.hp] <= effects[paid, E.amount]:
                return -1.0  # Ooze Weaver: no negation is worth its life
            return 1.0 if _magic_threat(cards, effects, inst, fighters, players, q, acard) else -1.0
        if find_row_nb(cards, effects, ocard, Trigger.response_opponent_heal, Action.poison_heal) >= 0:
            return _poison_worth(cards, effects, inst, fighters, players, glob, q, acard)
        if _negates_magic(cards, effects, ocard) and cannot_be_negated_nb(cards, effects, acard):
            return -1.0  # the negation would be spent for nothing
        if find_row_nb(cards, effects, ocard, Trigger.response_opponent_lightning, Action.damage_fraction) >= 0:
            return 1.0 if _halving_hurts(cards, effects, inst, fighters, players, glob, q) else -1.0
        if find_row_nb(cards, effects, ocard, Trigger.response_opponent_lightning, Action.negate_magic) >= 0:
            return 1.0  # Scroll of Silence: a Lightning card is always worth stopping
        if find_row_nb(cards, effects, acard, Trigger.response_own_death, Action.avenge) >= 0:
            return 1.0  # Last Hope Hero: a critical hit on q's primary creature
        # a negation is spent on cards worth answering (equips, field cards, removal)
        if cards[acard, CardCol.card_type] == CardType.creature:
            return -1.0
        worth = cards[acard, CardCol.magic_type] == MagicType.infinite or cards[acard, CardCol.effect_count] >= 2
        # Possessed Dummy: negated, the creature it would take stays in q's cemetery
        worth = worth or find_row_nb(cards, effects, acard, Trigger.response_opponent_death, Action.limited_summon) >= 0
        return 1.0 if worth else -1.0
    if kind == ChoiceKind.battle_boost:
        if option == NO_OPTION:
            return 0.0
        card = inst[option, I.card]
        if (
            find_row_nb(cards, effects, card, Trigger.response_own_hit, Action.damage) >= 0
            or find_row_nb(cards, effects, card, Trigger.response_own_miss, Action.damage) >= 0
        ):
            return 1.0 if _foe_takes_magic_damage(cards, effects, inst, players, glob, q) else -1.0
        return 1.0
    if kind == ChoiceKind.return_attack:
        # Double Hit: strike back now; the second battle may never come
        return 0.0 if option == NO_OPTION else 1.0
    if kind == ChoiceKind.battle_answer:
        if option == NO_OPTION:
            return 0.0
        if find_row_nb(cards, effects, inst[option, I.card], Trigger.response_battle, Action.heal) >= 0:
            # Cure Minor Wounds acts once the opponent's strike has hurt a creature with HP (a
            # primary) that magic can reach; a negation, when wanted, comes first
            c = subject
            hurtable = inst[c, I.zone] == InstZone.primary and not magic_immune_vs_nb(cards, effects, inst, c, q)
            return 0.5 if hurtable else -1.0
        if find_row_nb(cards, effects, inst[option, I.card], Trigger.response_opponent_battle, Action.equip_self) >= 0:
            return 1.0  # Cybernetic Upgrade: only the opponent's battles give it a use, and each does
        # ready a defensive card when the coming strike could take a fifth of the creature's HP
        me = players[q, P.primary]
        them = players[opponent_nb(players, glob, q), P.primary]
        threat = 3.5 * fighters[them, F.attack_dice] + fighters[them, F.modifier] + fighters[them, F.atk_bonus]
        return 1.0 if threat >= 0.2 * fighters[me, F.hp] else -1.0
    if kind == ChoiceKind.battle_counter:
        if option == NO_OPTION:
            return 0.0
        if (
            find_row_nb(
                cards, effects, inst[option, I.card], Trigger.response_opponent_lightning, Action.damage_fraction
            )
            >= 0
        ):
            return 1.0 if _halving_hurts(cards, effects, inst, fighters, players, glob, q) else -1.0
        ocard = inst[option, I.card]
        if find_row_nb(cards, effects, ocard, Trigger.response_opponent_lightning, Action.equip_self) >= 0:
            # Ancient Book: a free equip whatever the opponent plays, though it stops nothing
            return 0.5
        return 1.0  # Scroll of Silence: whatever Lightning card the opponent plays, it is stopped
    if kind == ChoiceKind.battle_row:
        # Shapeshifter's form, Nadara's second attack, Monkey Duck's "Quack": what the rows do to
        # the battle, for the creature's player or (its opponent choosing) against it
        if option == NO_OPTION:
            return 0.0
        owner = inst[subject, I.controller]
        foe = _battle_foe(inst, players, glob, owner, subject)
        if foe < 0:
            return 0.0
        gain = _battle_row_worth(effects, fighters, subject, foe, option) - _battle_row_worth(
            effects, fighters, subject, foe, NO_OPTION
        )
        return gain if owner == q else -gain
    if kind == ChoiceKind.field_shield:
        # Bunnysaurus: spend its one negation on a strike that would take a good part of its HP
        if option == NO_OPTION:
            return 0.0
        foe = _battle_foe(inst, players, glob, q, subject)
        if foe < 0:
            return -1.0
        threat = 3.5 * fighters[foe, F.attack_dice] + fighters[foe, F.modifier] + fighters[foe, F.atk_bonus]
        threat *= max(fighters[foe, F.extra_mult], 1)
        return 1.0 if threat >= max(10.0, 0.3 * fighters[subject, F.hp]) or threat >= fighters[subject, F.hp] else -1.0
    if kind == ChoiceKind.deck_order:
        # Hands of Fate on the opponent's deck: the card least useful to them is drawn first;
        # on q's own deck, the most useful one
        worth = _use_soon(cards, inst, players, subject, inst[option, I.card])
        return worth if subject == q else -worth
    if kind == ChoiceKind.avenge:
        # Last Hope Hero: offered only against a killer it can hurt, and good for nothing else
        # but not at the price of the primary creature's life (Old Logging Road, The Villain)
        if option == NO_OPTION:
            return 0.0
        return -1.0 if _toll_kills(cards, effects, inst, fighters, players, glob, q) else 1.0
    if kind == ChoiceKind.draw_answer:
        # Witch's Cabin: the opponent loses the card drawn for as long as the rest of their deck
        # lasts; with no other card left it would come straight back. One card of theirs is not
        # worth damage to q's own primary creature (a toll)
        if option == NO_OPTION:
            return 0.0
        if magic_toll_nb(cards, effects, inst, fighters, glob, q) > 0:
            return -1.0
        return 1.0 if players[opponent_nb(players, glob, q), P.deck_n] > 0 else -1.0
    if kind == ChoiceKind.summon_response:
        # Icy Breath on the creature just summoned (offered only where magic reaches it)
        return 0.0 if option == NO_OPTION else 1.0
    if kind == ChoiceKind.rewind:
        # reset a turn that cost q at least REWIND_MARGIN more cemetery HP than the opponent
        return 0.0 if option == NO_OPTION else (1.0 if fact >= REWIND_MARGIN else -1.0)
    if kind == ChoiceKind.response_row:
        # Goblin Tricks: negating the card beats destroying a magic card
        return 1.0 if effects[option, E.action] == Action.negate_magic else 0.0
    if kind == ChoiceKind.summon_row:
        return _summon_row_value(effects, inst, players, glob, q, option)
    if kind == ChoiceKind.reveal_pick:
        return card_worth_nb(cards, inst[option, I.card])  # the opponent's best card
    if kind == ChoiceKind.reveal_own:
        return 0.0 if option == NO_OPTION else 1.0  # Arcane Power: each card revealed is +1 Modifier
    if kind == ChoiceKind.zone_pick and option == NO_OPTION:
        return 0.0  # Summoner, Dawn of the Living Chickens: a creature is always worth summoning
    if (
        kind == ChoiceKind.zone_pick
        and inst[option, I.zone] == InstZone.hand
        and cards[inst[option, I.card], CardCol.card_type] == CardType.magic
        and _toll_kills(cards, effects, inst, fighters, players, glob, q)
    ):
        return -1.0  # Possessed Dummy, a magic card played: not at the price of q's primary's life
    if kind == ChoiceKind.zone_pick and inst[option, I.owner] != q:
        # Skeleton Lord: a Limited Summon from the opponent's cemetery cannot be hurt, so its
        # strike is what counts; the HP it takes off their cemetery total counts against it
        card = inst[option, I.card]
        return 3.5 * cards[card, CardCol.attack_dice] + cards[card, CardCol.modifier] - 0.1 * cards[card, CardCol.hp]
    if kind == ChoiceKind.slide_in or kind == ChoiceKind.zone_pick:
        card = inst[option, I.card]
        if cards[card, CardCol.card_type] == CardType.creature:
            # the creature with the most HP; Alkonost: a copy from the deck rather than the hand,
            # which keeps the hand's cards
            return float(cards[card, CardCol.hp]) + (0.5 if inst[option, I.zone] == InstZone.deck else 0.0)
        if (
            kind == ChoiceKind.zone_pick
            and inst[option, I.zone] == InstZone.deck
            and _bad_equip_for_own(cards, effects, card)
        ):
            return -1.0  # Equip Knight: an equip that only hurts its creature, or takes it off the field
        return card_worth_nb(cards, card)
    if kind == ChoiceKind.pay_instead:
        # Ooze Weaver: take the price instead of the strike when it saves HP (`fact`)
        return 0.0 if option == NO_OPTION else float(fact)
    if kind == ChoiceKind.reroll:
        # Winter Griffin, Magic Watch: its own creature's roll is re-rolled when it went badly;
        # Bad Luck Bear: the opponent's creature's roll when it went well
        if option == NO_OPTION:
            return 0.0
        own = inst[subject, I.controller] == q
        if _plain_hit_roll(fighters[subject]):
            # a Hit roll: by what a fresh roll is worth against what the dice show, so a roll
            # that hits whatever the dice show but two 1s is left be by both players
            gain = _hit_reroll_gain(fighters[subject], fact, own)
            if not math.isnan(gain):
                return (gain if own else -gain) - REROLL_EDGE
        good = _roll_went_well(fighters[subject], fact)
        return (-1.0 if good else 1.0) if own else (1.0 if good else -1.0)
    if kind == ChoiceKind.reroll_die:
        # the lowest die of its own creature's roll (`fact`: the face); the highest of the opponent's
        return float(-fact) if inst[subject, I.controller] == q else float(fact)
    if kind == ChoiceKind.steal_pick:
        # Thief: the equip worth most to its new creature; one that only hurts or negates its
        # creature's effects is taken last
        card = inst[option, I.card]
        harmful = cards[card, CardCol.hostile] != 0
        harmful = harmful or find_row_nb(cards, effects, card, Trigger.response_any, Action.equip_self) >= 0
        return -1.0 if harmful else card_worth_nb(cards, card)
    if kind == ChoiceKind.destroy_pick:
        # the opponent's cards first, equips on their creature before the rest
        if inst[option, I.controller] == q:
            return -1.0
        return 2.0 if inst[option, I.attached_to] >= 0 else 1.0
    return 0.0


@njit(cache=True, _nrt=False)
def _strike_worth(hit_bonus, armor_level, attack_dice, atk):
    """Expected Atk damage of a strike of 2 Hit dice against `armor_level` (critical hits aside)."""
    hits = 0
    for a in range(1, DIE_FACES + 1):
        for b in range(1, DIE_FACES + 1):
            if a == 1 and b == 1:
                continue  # a critical miss
            if (a == DIE_FACES and b == DIE_FACES) or a + b + hit_bonus >= armor_level:
                hits += 1
    return hits / (DIE_FACES * DIE_FACES) * max(3.5 * attack_dice + atk, 0.0)


@njit(cache=True, _nrt=False)
def _battle_row_worth(effects, fighters, c, foe, option):
    """How the battle of creature c against `foe` looks with the chosen battle-start rows of
    `option` (a `choice` row alone; any other row: the card's all-or-none group; NO_OPTION: none):
    c's expected strike minus the foe's, and a quarter more of c's when it strikes first."""
    d_speed = 0
    d_al = 0
    d_dice = 0
    d_hit = 0
    d_atk = 0
    recoil = 0.0
    f = fighters[c]
    g = fighters[foe]
    if option != NO_OPTION:
        alone = (effects[option, E.flags] & Flag.choice) != 0
        for r in range(f[F.effect_start], f[F.effect_start] + f[F.effect_count]):
            if not chosen_battle_row_nb(effects, r):
                continue
            skip = (r != option) if alone else ((effects[r, E.flags] & Flag.choice) != 0)
            if skip:
                continue
            if effects[r, E.action] == Action.recoil:
                recoil = effects[r, E.amount] / effects[r, E.divisor]  # Chaos Demon's price
                continue
            if effects[r, E.action] != Action.modify_stat:
                continue
            stat = effects[r, E.stat]
            amount = effects[r, E.amount]
            if stat == Stat.speed:
                d_speed += amount
            elif stat == Stat.armor_level:
                d_al += amount
            elif stat == Stat.attack_dice:
                d_dice += amount
            elif stat == Stat.modifier:
                d_hit += amount
                d_atk += amount
            elif stat == Stat.hit:
                d_hit += amount
            elif stat == Stat.atk:
                d_atk += amount
    own = _strike_worth(
        f[F.modifier] + f[F.hit_bonus] + f[F.battle_hit] + d_hit,
        effective_al_nb(g),
        max(f[F.attack_dice] + f[F.battle_attack_dice] + d_dice, 0),
        f[F.modifier] + f[F.atk_bonus] + f[F.battle_atk] + d_atk,
    )
    theirs = _strike_worth(
        g[F.modifier] + g[F.hit_bonus] + g[F.battle_hit],
        min(effective_al_nb(f) + d_al, AL_CAP),
        g[F.attack_dice] + g[F.battle_attack_dice],
        g[F.modifier] + g[F.atk_bonus] + g[F.battle_atk],
    )
    first = 0.25 * own if f[F.speed] + d_speed > g[F.speed] else 0.0
    # a recoil is paid on the damage dealt to a foe that survives it
    paid = recoil * own if own < g[F.hp] else 0.0
    return own - theirs + first - paid


@njit(cache=True, _nrt=False)
def _battle_foe(inst, players, glob, q, c):
    """The creature q's creature c battles now: the opponent's primary when q attacks; when q
    defends, the attacking creature (the opponent's last to battle this turn)."""
    if glob[G.active] == q:
        return players[opponent_nb(players, glob, q), P.primary]
    foe = -1
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if (z == InstZone.primary or z == InstZone.limited) and inst[j, I.controller] == opponent_nb(players, glob, q):
            if inst[j, I.battled_turn] == glob[G.turn]:
                foe = j
    return foe


@njit(cache=True, _nrt=False)
def _magic_threat(cards, effects, inst, fighters, players, q, acard):
    """Is the opponent's magic card, as it is played, worth q's one negation: it hurts q's
    creature (a hostile equip, 20 damage or more, removal), takes q's cards or turn, or negates
    or steals q's own card."""
    if cards[acard, CardCol.hostile] != 0:
        return True
    start = cards[acard, CardCol.effect_start]
    for r in range(start, start + cards[acard, CardCol.effect_count]):
        action = effects[r, E.action]
        target = effects[r, E.target]
        faces = 6 if effects[r, E.roll_lo] == 0 else effects[r, E.roll_hi] - effects[r, E.roll_lo] + 1
        if action == Action.damage and faces >= 3 and effects[r, E.amount] + 3.5 * effects[r, E.dice] >= 20:
            if target == Target.opponent_primary or target == Target.all_creatures or target == Target.all_primaries:
                return True
        if action == Action.damage_fraction or action == Action.swap_primaries or action == Action.skip_turn:
            return True
        if action == Action.negate_magic or action == Action.steal_magic or action == Action.block_magic:
            return True
        if action == Action.move_card and target == Target.opponent_primary:
            return True
        if action == Action.destroy_magic and _count_magic(inst, q) > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _poison_worth(cards, effects, inst, fighters, players, glob, q, acard):
    """Poisoned Potion against a healing card: played when the healing it turns would matter (at
    least 10 HP, or a full heal on a hurt creature) and magic reaches the creature."""
    o = players[opponent_nb(players, glob, q), P.primary]
    if o < 0 or magic_immune_vs_nb(cards, effects, inst, o, q):
        return -1.0
    start = cards[acard, CardCol.effect_start]
    for r in range(start, start + cards[acard, CardCol.effect_count]):
        if effects[r, E.trigger] != Trigger.on_play or effects[r, E.action] != Action.heal:
            continue
        if (effects[r, E.flags] & Flag.full) != 0:
            return 1.0 if fighters[o, F.max_hp] - fighters[o, F.hp] >= 10 else -1.0
        if effects[r, E.amount] + 3 * effects[r, E.dice] >= 10:
            return 1.0
    return -1.0


@njit(cache=True, _nrt=False)
def _use_soon(cards, inst, players, p, card):
    """How soon player p could use a card drawn next: a creature they cannot pay the sacrifices
    for is worth least; another creature by its strength; a magic card they can play on their
    primary creature as much as an equip (a Lightning card, which waits for its moment, less;
    any magic card less again without a primary)."""
    if cards[card, CardCol.card_type] == CardType.creature:
        al = cards[card, CardCol.armor_level]
        need = 0 if al <= 6 else (1 if al <= 11 else 2)
        have = 0
        for j in range(inst.shape[0]):
            if inst[j, I.controller] == p and (inst[j, I.zone] == InstZone.primary or inst[j, I.zone] == InstZone.hand):
                if cards[inst[j, I.card], CardCol.card_type] == CardType.creature:
                    have += 1
        if need > have:
            return 0.0
        return creature_strength_nb(cards, card)
    if players[p, P.primary] < 0:
        return 5.0
    kind = cards[card, CardCol.magic_type]
    if kind == MagicType.lightning or kind == MagicType.battle_lightning:
        return 15.0
    return EQUIP_WORTH


@njit(cache=True, _nrt=False)
def _negates_magic(cards, effects, card):
    return (
        find_row_nb(cards, effects, card, Trigger.response_opponent_magic, Action.negate_magic) >= 0
        or find_row_nb(cards, effects, card, Trigger.response_opponent_lightning, Action.negate_magic) >= 0
    )


@njit(cache=True, _nrt=False)
def _halving_hurts(cards, effects, inst, fighters, players, glob, q):
    """Hell Hath No Fury takes something: the opponent's primary has 2 HP or more, and magic
    cards reach it."""
    o = players[opponent_nb(players, glob, q), P.primary]
    return o >= 0 and fighters[o, F.hp] >= 2 and not magic_immune_vs_nb(cards, effects, inst, o, q)


@njit(cache=True, _nrt=False)
def _foe_takes_magic_damage(cards, effects, inst, players, glob, q):
    """Martial Arts Man's damage lands on the creature q's creature battles: the opponent's
    primary when q attacks; when q defends, the attacker, which is their primary for sure only
    while they have no Limited Summon (a Limited Summon has no HP to lose)."""
    o = players[opponent_nb(players, glob, q), P.primary]
    if o < 0 or magic_immune_vs_nb(cards, effects, inst, o, q):
        return False
    if glob[G.active] == q:
        return True
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and inst[j, I.controller] == opponent_nb(players, glob, q):
            return False
    return True


@njit(cache=True, _nrt=False)
def self_battles_forced_nb(cards, effects, inst, fighters, players, glob, p):
    """Ancient One faces p (the opponent's primary, its effects on): p's Limited Summons would
    have to battle p's own primary in p's turns."""
    x = players[opponent_nb(players, glob, p), P.primary]
    if x < 0 or fighters[x, F.effect_count] == 0:
        return False
    return find_row_nb(cards, effects, inst[x, I.card], Trigger.static, Action.force_self_battle) >= 0


@njit(cache=True, _nrt=False)
def _summons_limited(cards, effects, card):
    """The creature's your-turn effect summons a Limited Summon (Necromancer, Alkonost)."""
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if effects[r, E.trigger] == Trigger.your_turn and effects[r, E.action] == Action.limited_summon:
            return True
    return False


@njit(cache=True, _nrt=False)
def _bad_equip_for_own(cards, effects, card):
    """An equip that does its own creature no good (Equip Knight's pick): a hostile one, meant for
    the opponent's creature, or one that takes its creature back to the hand (Revival Priest)."""
    if cards[card, CardCol.magic_subtype] != MagicSubtype.equip:
        return False
    return (
        cards[card, CardCol.hostile] != 0 or find_row_nb(cards, effects, card, Trigger.on_play, Action.move_card) >= 0
    )


@njit(cache=True, _nrt=False)
def deck_equips_for_knight_nb(cards, effects, inst, p, card):
    """Equip Knight: how many good equips (at most its row's amount) a summon of creature card
    `card` would fetch from p's own deck (its player knows what the deck holds, not its order);
    0 for a creature without such a row."""
    r = find_row_nb(cards, effects, card, Trigger.on_summon, Action.search_deck)
    if r < 0 or effects[r, E.zone_to] != Zone.field:
        return 0
    n = 0
    for j in range(inst.shape[0]):
        k = inst[j, I.card]
        if (
            inst[j, I.zone] == InstZone.deck
            and inst[j, I.owner] == p
            and cards[k, CardCol.magic_subtype] == MagicSubtype.equip
            and cards[k, CardCol.card_type] == CardType.magic
            and not _bad_equip_for_own(cards, effects, k)
        ):
            n += 1
    return min(n, max(effects[r, E.amount], 1))


@njit(cache=True, _nrt=False)
def _summon_row_value(effects, inst, players, glob, q, r):
    """Kendo Tiger's alternatives: destroy a magic card of the opponent's when they have one;
    else send a card of their hand back to their deck (a blind pick, but it costs them a card in
    hand); destroying one of q's own cards comes last."""
    action = effects[r, E.action]
    o = opponent_nb(players, glob, q)
    if action == Action.destroy_magic:
        if _count_magic(inst, o) > 0:
            return 2.0
        return -4.0 if _count_magic(inst, q) > 0 else -3.0
    if action == Action.move_card:
        return 1.0 if hand_size_nb(inst, o) > 0 else -3.0
    return 0.0


# cemetery HP a turn must cost a player (more than it costs the opponent) before it resets it
REWIND_MARGIN = 30
