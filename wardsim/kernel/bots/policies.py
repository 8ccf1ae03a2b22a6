"""Bot policies: how a player chooses among the legal actions (numba).

A policy is an id and a float parameter array. Each policy is one function below that takes
the game state and the legal actions and returns the index of its choice; `choose_action_nb`
dispatches on the id. The Python registry (`wardsim.policies.POLICIES`) names them. To add a
policy: write its function here, give it the next id in `PolicyId`, add it to the dispatch and
to the registry.

Besides the main choice, the rules ask players for small decisions while an action resolves
(which creature to place, what to discard at the hand limit, whether to answer a magic card
with a Lightning card). Those are the `choose_*_nb` functions at the end; every policy but
`random` uses the same sensible rules for them, so policies differ in what they decide to do.

The search policy (`rollout`) plays games forward: `kernel.bots.search`.

Parameters are read by name (`params[PolicyParam.attack_odds]`); the registry
(`wardsim.policies`) fills every column with its default or the user's value.
"""

from __future__ import annotations

from numba import njit

from wardsim.kernel.bots.enums import PolicyId, PolicyParam
from wardsim.kernel.enums import Action, CardCol, CardType, EffectCol, FighterCol, MagicType, Target, Trigger
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb
from wardsim.kernel.game.enums import ActionKind, GlobCol, InstCol, InstZone, PlayerCol
from wardsim.kernel.game.field import find_row_nb, infinite_in_use_nb
from wardsim.kernel.game.state import N_INST, cemetery_hp_nb, randint_nb

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
def _magic_value(cards, effects, inst, fighters, players, glob, p, i, target):
    """How much a magic play is worth to p now (greedy scale)."""
    card = inst[i, I.card]
    start = cards[card, CardCol.effect_start]
    stop = start + cards[card, CardCol.effect_count]
    value = 0.0
    own = players[p, P.primary]
    opp = players[1 - p, P.primary]
    for r in range(start, stop):
        action = effects[r, E.action]
        amount = effects[r, E.amount]
        tgt = effects[r, E.target]
        if action == Action.modify_stat:
            value += 2.0 * abs(amount) if amount != 0 else 1.0
        elif action == Action.set_stat or action == Action.scale_stat or action == Action.apply_status:
            value += 6.0
        elif action == Action.heal:
            if own >= 0:
                missing = fighters[own, F.max_hp] - fighters[own, F.hp]
                value += min(missing, amount if amount > 0 else missing) * 0.5 - 5.0
        elif action == Action.move_card and tgt == Target.opponent_primary and opp >= 0:
            value += creature_strength_nb(cards, inst[opp, I.card]) * 0.5
        elif action == Action.move_card:
            value += 4.0
        elif action == Action.destroy_magic:
            value += 3.0 * _count_magic(inst, 1 - p) - (2.0 * _count_magic(inst, p) if amount == 0 else 0.0)
        elif action == Action.draw:
            value += 3.0 * amount
        elif action == Action.damage:
            value += amount + 3.5 * effects[r, E.dice]
        elif action == Action.multiply_damage or action == Action.auto_hit:
            value += 8.0
        elif action == Action.limited_summon or action == Action.search_deck:
            value += 10.0
        elif action == Action.block_magic or action == Action.skip_turn:
            value += 6.0
        elif action == Action.swap_primaries and own >= 0 and opp >= 0:
            value += creature_strength_nb(cards, inst[opp, I.card]) - creature_strength_nb(cards, inst[own, I.card])
        elif action == Action.block_battle:
            value -= 5.0
        else:
            value += 1.0
    return value


@njit(cache=True, _nrt=False)
def _count_magic(inst, p):
    n = 0
    for j in range(N_INST):
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
        elif kind == ActionKind.activate:
            value = 5.0
        if value > best_value:
            best_value = value
            best = k
    return best


@njit(cache=True, _nrt=False)
def heuristic_nb(cards, effects, inst, fighters, players, glob, actions, n, params, duel_table):
    """Decide by expected values: attack when the exact duel odds (or the damage race) favour
    it, summon the creature with the best odds against the opponent's primary per cemetery HP
    risked, and otherwise play like greedy."""
    p = glob[G.active]
    o = 1 - p
    attack_at = params[PolicyParam.attack_odds]
    own = players[p, P.primary]
    opp = players[o, P.primary]
    opp_card = inst[opp, I.card] if opp >= 0 else -1
    best = 0
    best_value = 0.0
    for k in range(n):
        a = actions[k]
        kind = action_kind_nb(a)
        i = action_a_nb(a)
        value = 0.0
        if kind == ActionKind.battle:
            if inst[i, I.zone] == InstZone.limited:
                value = 100.0  # a Limited Summon cannot be hurt: always attack
            else:
                odds = duel_odds_nb(duel_table, inst[i, I.card], opp_card)
                # the damage race: a creature near death trades its last strike for free
                hurt = fighters[i, F.hp] < 0.25 * fighters[i, F.max_hp]
                value = 100.0 * (odds - attack_at) + (20.0 if hurt else 0.0)
        elif kind == ActionKind.summon:
            odds = duel_odds_nb(duel_table, inst[i, I.card], opp_card)
            now = duel_odds_nb(duel_table, inst[own, I.card], opp_card) if own >= 0 else 0.0
            cost = 10 * action_b_nb(a)
            value = 100.0 * (odds - now) - params[PolicyParam.sacrifice_weight] * cost - 2.0
            if cemetery_hp_nb(cards, inst, players, p) + cost >= glob[G.cemetery_threshold]:
                value = -1e9  # a summon whose sacrifices lose the game
            if own >= 0 and fighters[own, F.hp] < 0.3 * fighters[own, F.max_hp]:
                value += 10.0  # a badly hurt primary is worth replacing
        elif kind == ActionKind.magic:
            value = _magic_value(cards, effects, inst, fighters, players, glob, p, i, action_b_nb(a))
        elif kind == ActionKind.activate:
            value = 5.0
        if value > best_value:
            best_value = value
            best = k
    return best


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
def choose_placement_nb(pid, params, cards, effects, inst, fighters, players, glob, p, options, costs, n, rng):
    """Which creature to place when the player must (first turn, after a death): the best by
    `summon_value_nb` (strength against the sacrifices' cemetery HP), within the AL limit when
    an effect set one (Foolish Tricks, Judgement)."""
    if n <= 1:
        return 0
    if pid == PolicyId.random:
        return randint_nb(rng, n)
    limit = players[p, P.low_summon]
    best = -1
    best_value = -1e18
    for pass_kind in range(2):
        for k in range(n):
            card = inst[options[k], I.card]
            if pass_kind == 0 and limit > 0 and cards[card, CardCol.armor_level] > limit:
                continue
            v = summon_value_nb(cards, inst, players, glob, p, card, costs[k], params[PolicyParam.sacrifice_weight])
            if v > best_value:
                best_value = v
                best = k
        if best >= 0:
            return best
    return 0


@njit(cache=True, _nrt=False)
def choose_discard_nb(pid, params, cards, effects, inst, fighters, players, glob, p, rng):
    """Hand limit: discard the card worth least; magic before creatures (a discarded creature
    adds its HP to the cemetery)."""
    best = -1
    best_key = 1e18
    n_hand = 0
    for i in range(N_INST):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != p:
            continue
        n_hand += 1
        card = inst[i, I.card]
        if cards[card, CardCol.card_type] == CardType.creature:
            key = 100.0 + cards[card, CardCol.hp]
        else:
            key = 10.0 + cards[card, CardCol.effect_count]
        if pid == PolicyId.random:
            key = float(randint_nb(rng, 1000))
        if key < best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, _nrt=False)
def choose_discard_filtered_nb(cards, effects, inst, p, r):
    """A card from p's hand passing row r's filter, to pay a discard cost."""
    ct = effects[r, E.filter_card_type]
    for i in range(N_INST):
        if (
            inst[i, I.zone] == InstZone.hand
            and inst[i, I.owner] == p
            and (ct < 0 or cards[inst[i, I.card], CardCol.card_type] == ct)
        ):
            return i
    return -1


@njit(cache=True, _nrt=False)
def choose_magic_response_nb(pid, params, cards, effects, inst, fighters, players, glob, q, answered, rng):
    """Whether q answers the magic card `answered` with a Lightning card from hand: a
    negation is spent on cards worth answering (equips, field cards, removal), not on
    small plays; Mind Sap goes on an opponent's primary whose effects act; random answers half
    the time it can."""
    if players[q, P.magic_blocked_until] >= glob[G.turn]:
        return -1
    acard = inst[answered, I.card]
    worth = cards[acard, CardCol.magic_type] == MagicType.infinite or cards[acard, CardCol.effect_count] >= 2
    if cards[acard, CardCol.card_type] == CardType.creature:
        worth = False
    for i in range(N_INST):
        if (
            inst[i, I.zone] != InstZone.hand
            or inst[i, I.owner] != q
            or cards[inst[i, I.card], CardCol.card_type] != CardType.magic
        ):
            continue
        card = inst[i, I.card]
        if find_row_nb(cards, effects, card, Trigger.response_any, Action.equip_self) >= 0:
            # Mind Sap, played at any point: on the opponent's primary while its effects act
            o = players[1 - q, P.primary]
            if (
                o < 0
                or fighters[o, F.effect_count] == 0
                or infinite_in_use_nb(cards, inst, q) >= glob[G.infinite_slots]
            ):
                continue
            if pid != PolicyId.random or randint_nb(rng, 2) == 0:
                return i
            continue
        start = cards[card, CardCol.effect_start]
        stop = start + cards[card, CardCol.effect_count]
        answers = False
        for r in range(start, stop):
            if effects[r, E.trigger] == Trigger.response_opponent_magic:
                answers = True
        if not answers:
            continue
        if pid == PolicyId.random:
            if randint_nb(rng, 2) == 0:
                return i
            continue
        if worth:
            return i
    return -1


# cemetery HP a turn must cost a player (more than it costs the opponent) before it resets it
REWIND_MARGIN = 30


@njit(cache=True, _nrt=False)
def choose_rewind_nb(pid, params, cards, effects, inst, players, glob, q, s_inst, s_players, rng):
    """Whether q plays Hourglass of Time now (the instance, or -1): when the turn so far has
    cost q at least REWIND_MARGIN more cemetery HP than it cost the opponent (the snapshot
    `s_inst`, `s_players` holds the turn's start); random plays it half the times the turn
    has cost it anything."""
    if players[q, P.magic_blocked_until] >= glob[G.turn]:
        return -1
    h = -1
    for i in range(N_INST):
        if (
            inst[i, I.zone] == InstZone.hand
            and inst[i, I.owner] == q
            and find_row_nb(cards, effects, inst[i, I.card], Trigger.response_any, Action.reset_turn) >= 0
        ):
            h = i
            break
    if h < 0:
        return -1
    o = 1 - q
    cost = (cemetery_hp_nb(cards, inst, players, q) - cemetery_hp_nb(cards, s_inst, s_players, q)) - (
        cemetery_hp_nb(cards, inst, players, o) - cemetery_hp_nb(cards, s_inst, s_players, o)
    )
    if pid == PolicyId.random:
        return h if cost > 0 and randint_nb(rng, 2) == 0 else -1
    return h if cost >= REWIND_MARGIN else -1


@njit(cache=True, _nrt=False)
def choose_response_row_nb(cards, effects, inst, players, q, answer, trigger):
    """Goblin Tricks offers a choice: negate the card (preferred), else destroy a magic card."""
    card = inst[answer, I.card]
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        if effects[r, E.trigger] == trigger and effects[r, E.action] == Action.negate_magic:
            return r
    return start


@njit(cache=True, _nrt=False)
def choose_watcher_target_nb(cards, inst, o):
    """Watcher in the Wall: take the opponent's best card in hand (the strongest creature goes
    to the bottom of their deck, else a magic card is discarded)."""
    best = -1
    best_value = -1.0
    for i in range(N_INST):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != o:
            continue
        card = inst[i, I.card]
        if cards[card, CardCol.card_type] == CardType.creature:
            v = creature_strength_nb(cards, card)
        else:
            v = 5.0 + cards[card, CardCol.effect_count]
        if v > best_value:
            best_value = v
            best = i
    return best


@njit(cache=True, _nrt=False)
def is_battle_reaction_nb(cards, effects, card, own_hit):
    """Lightning cards played inside a battle: against the opponent's attack, or on an own hit."""
    if cards[card, CardCol.card_type] != CardType.magic:
        return False
    start = cards[card, CardCol.effect_start]
    for r in range(start, start + cards[card, CardCol.effect_count]):
        t = effects[r, E.trigger]
        if own_hit and t == Trigger.response_own_hit:
            return True
        if not own_hit and (
            t == Trigger.response_battle or t == Trigger.response_opponent_hit or t == Trigger.response_attack_finished
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def choose_battle_reaction_nb(pid, params, cards, effects, inst, fighters, players, glob, q, own_hit, rng):
    """Which Lightning card q keeps ready for this battle (-1: none). A player readies a
    defensive card when the coming strike could take a fifth of its creature's HP, and a
    boost whenever it has one; random readies what it has half the time."""
    if players[q, P.magic_blocked_until] >= glob[G.turn]:
        return -1
    me = players[q, P.primary]
    them = players[1 - q, P.primary]
    if me < 0 or them < 0:
        return -1
    for i in range(N_INST):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != q:
            continue
        if not is_battle_reaction_nb(cards, effects, inst[i, I.card], own_hit):
            continue
        if pid == PolicyId.random:
            if randint_nb(rng, 2) == 0:
                return i
            continue
        if own_hit:
            return i
        threat = 3.5 * fighters[them, F.attack_dice] + fighters[them, F.modifier] + fighters[them, F.atk_bonus]
        if threat >= 0.2 * fighters[me, F.hp]:
            return i
    return -1
