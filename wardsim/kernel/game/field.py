"""Cards entering and leaving the field, deaths, the cemetery and the game result (numba).

Everything that moves a creature off the field goes through `leave_field_nb`, so the rules
that follow a departure hold everywhere: equips are destroyed, what the creature anchors is
released, the cards under it follow it (rules guide, Equip; LIMITED SUMMONS). Deaths never
recurse: effect damage lowers HP and `sweep_deaths_nb` settles every creature at 0 HP.
"""

from __future__ import annotations

from wardsim.kernel.duel.battle import init_fighter_nb, is_stunned_nb
from wardsim.kernel.duel.effect_rows import FOREVER, heal_nb, take_damage_nb
from wardsim.kernel.enums import (
    DOT_SLOT_WIDTH,
    N_DOT_SLOTS,
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
    Stat,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game.enums import (
    EndReason,
    Event,
    FizzleReason,
    GlobCol,
    InstCol,
    InstZone,
    Phase,
    PlayerCol,
    SeenBit,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import (
    MAX_INST,
    cemetery_hp_nb,
    is_creature_nb,
    opponent_nb,
    put_in_deck_nb,
    set_zone_nb,
    shuffle_deck_nb,
)
from wardsim.kernel.game.trace import note_fizzle_nb, record_nb
from wardsim.kernel.jit import njit
from wardsim.rules import DECK_SIZE

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol


# ------------------------------------------------------------------ results


@njit(cache=True, _nrt=False)
def finish_nb(glob, winner, reason):
    if glob[G.winner] < 0:
        glob[G.winner] = winner
        glob[G.end_reason] = reason
        glob[G.phase] = Phase.over


@njit(cache=True, _nrt=False)
def check_cemetery_nb(cards, inst, players, glob):
    """300 or more HP in a cemetery loses (rules guide, How to win): every player still in the
    game who has reached it is out at once (`lose_nb`); all of them at once: a draw. While cards
    are still arriving together (`hold_cemetery_nb`) the count waits for the last."""
    if glob[G.winner] >= 0 or glob[G.cemetery_held] > 0 or glob[G.rounds] > 0:
        return  # AL Ladder: the points decide, after the last round (ruling ladder-no-loss)
    out = False
    for p in range(players.shape[0]):
        if p == glob[G.boss]:
            continue  # the boss is defeated by its HP alone (Boss Battles: "Players win when Boss HP reaches 0")
        if players[p, P.lost] == 0 and cemetery_hp_nb(cards, inst, players, p) >= glob[G.cemetery_threshold]:
            _put_out(players, glob, p, EndReason.cemetery)
            out = True
    if out:
        decide_nb(players, glob, EndReason.cemetery)


@njit(cache=True, _nrt=False)
def lose_nb(players, glob, p, reason):
    """Player p is out of the game (no creature to place, a card back alone in the hand): with
    two teams, the other team wins; with more, the others play on (ruling player-out)."""
    if glob[G.winner] >= 0 or players[p, P.lost] > 0 or glob[G.rounds] > 0:
        return  # AL Ladder: the points decide, after the last round (ruling ladder-no-loss)
    _put_out(players, glob, p, reason)
    decide_nb(players, glob, reason)


@njit(cache=True, _nrt=False)
def _put_out(players, glob, p, reason):
    """Player p is out from this turn on, for `reason` (an EndReason); `decide_nb` tells whether
    that ends the game."""
    players[p, P.lost] = 1
    players[p, P.out_turn] = glob[G.turn]
    players[p, P.out_reason] = reason


@njit(cache=True, _nrt=False)
def decide_nb(players, glob, reason):
    """The game is over when the players still in it are all of one team (that team wins), or
    when none is left (a draw: every player still in lost at the same moment)."""
    team = -1
    for p in range(players.shape[0]):
        if players[p, P.lost] == 0:
            if team >= 0 and players[p, P.team] != team:
                return
            team = players[p, P.team]
    if team >= 0:
        finish_nb(glob, team, reason)
    else:
        finish_nb(glob, glob[G.teams], EndReason.both_lost if reason == EndReason.cemetery else reason)


@njit(cache=True, _nrt=False)
def hold_cemetery_nb(glob):
    """Cards start arriving in the cemeteries together: a card leaving the field takes along its
    equips, the cards under it and what it anchors, and they arrive as one, so the loss is
    counted once the last has arrived (ruling cemetery-together: a card that lowers the total
    there, Enlightened Soul, counts even when a card it came with arrived before it). Each hold
    is ended by `release_cemetery_nb`; holds nest."""
    glob[G.cemetery_held] += 1


@njit(cache=True, _nrt=False)
def release_cemetery_nb(cards, inst, players, glob):
    """The cards held by `hold_cemetery_nb` have all arrived: the loss is counted now."""
    glob[G.cemetery_held] -= 1
    check_cemetery_nb(cards, inst, players, glob)


# ------------------------------------------------------------------ rows of a card


@njit(cache=True, _nrt=False)
def card_rows_nb(cards, card):
    start = cards[card, CardCol.effect_start]
    return start, start + cards[card, CardCol.effect_count]


@njit(cache=True, _nrt=False)
def find_row_nb(cards, effects, card, trigger, action):
    """The card's first row with this trigger and action; -1 if none."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] == trigger and effects[r, E.action] == action:
            return r
    return -1


@njit(cache=True, _nrt=False)
def cannot_be_negated_nb(cards, effects, card):
    """Scroll of Silence, Hell Hath No Fury: "This card cannot be negated"."""
    return find_row_nb(cards, effects, card, Trigger.response_opponent_lightning, Action.immune) >= 0


@njit(cache=True, _nrt=False)
def immunity_negated_nb(cards, effects, inst, i):
    """Thresher: "Mechanical-type creatures normally unaffected by creature or magic effects are
    now affected": a primary creature's static `negate_immunity` row strips creature i of every
    immunity while it stays on the field (a Limited Summon has no effects)."""
    card = inst[i, I.card]
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.primary:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.trigger] != Trigger.static or effects[r, E.action] != Action.negate_immunity:
                continue
            types = effects[r, E.filter_types]
            creature_type = cards[card, CardCol.creature_type]
            if (
                (creature_type >= 0 and ((types >> creature_type) & 1) != 0)
                or (effects[r, E.filter_tags] & cards[card, CardCol.tags]) != 0
                or (effects[r, E.filter_names] & cards[card, CardCol.names]) != 0
            ):
                return True
    return False


@njit(cache=True, _nrt=False)
def magic_immune_nb(cards, effects, inst, i):
    """Ent Tree and a creature equipped with Heroism are unaffected by magic cards."""
    if i < 0:
        return False
    if immunity_negated_nb(cards, effects, inst, i):
        return False  # Thresher: mechanical creatures are affected
    start, stop = card_rows_nb(cards, inst[i, I.card])
    for r in range(start, stop):
        flags = effects[r, E.flags]
        if effects[r, E.action] == Action.immune and (flags & Flag.magic) != 0 and (flags & Flag.opponents) == 0:
            return True
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.attached_to] == i:
            s2, e2 = card_rows_nb(cards, inst[j, I.card])
            for r in range(s2, e2):
                if (
                    effects[r, E.action] == Action.immune
                    and effects[r, E.target] == Target.equipped
                    and (effects[r, E.flags] & Flag.magic) != 0
                ):
                    return True
    return False


@njit(cache=True, _nrt=False)
def magic_immune_vs_nb(cards, effects, inst, i, p):
    """Creature i is unaffected by the magic cards of player p: immune to every magic card
    (magic_immune_nb), or to its opponents' only (Fog: "not affected by your opponents' magic
    cards") and p is not its controller (ruling fog)."""
    if i < 0:
        return False
    if magic_immune_nb(cards, effects, inst, i):
        return True
    if p == inst[i, I.controller] or immunity_negated_nb(cards, effects, inst, i):
        return False
    start, stop = card_rows_nb(cards, inst[i, I.card])
    for r in range(start, stop):
        flags = effects[r, E.flags]
        if effects[r, E.action] == Action.immune and (flags & Flag.magic) != 0 and (flags & Flag.opponents) != 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def sync_damage_immune_nb(cards, effects, inst, fighters, glob):
    """Ghost Form, Metallic Bone: "The equipped creature cannot be damaged" while the equip is
    attached. Set from the equips on the field now: the game calls it before it deals damage,
    in and out of battles, since an equip may have come or gone since the last refresh."""
    t = glob[G.turn]
    for i in range(inst.shape[0]):
        z = inst[i, I.zone]
        if z == InstZone.primary or z == InstZone.limited:
            # The Super Hero, Perseus Valenthil: "cannot be damaged" for a time its roll gave
            fighters[i, F.damage_immune] = 1 if inst[i, I.safe_until] >= t else 0
    for j in range(inst.shape[0]):
        c = inst[j, I.attached_to]
        if inst[j, I.zone] != InstZone.magic or c < 0 or 0 <= inst[j, I.expires] < t:
            continue
        card = inst[j, I.card]
        if (
            find_row_nb(cards, effects, card, Trigger.static, Action.prevent_damage) >= 0
            or find_row_nb(cards, effects, card, Trigger.response_battle_start, Action.prevent_damage) >= 0
        ):
            fighters[c, F.damage_immune] = 1  # Eagle Knight: for the rest of the turn it was played in


@njit(cache=True, _nrt=False)
def cemetery_chained_nb(cards, effects, inst):
    """Bound With Chains: "Players cannot remove cards from their cemetery": a field card with a
    static no_return row is on the field, and no card leaves either cemetery (ruling
    bound-with-chains)."""
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.magic
            and find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.no_return) >= 0
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def cannot_leave_cemetery_nb(cards, effects, card):
    """Angel, Holy Light, Hourglass of Time: "cannot be returned from the cemetery"."""
    return find_row_nb(cards, effects, card, Trigger.in_cemetery, Action.no_return) >= 0


@njit(cache=True, _nrt=False)
def self_limited_row_nb(cards, effects, card):
    """The Squire summons itself as a Limited Summon: its row, or -1."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.on_play
            and effects[r, E.action] == Action.limited_summon
            and effects[r, E.target] == Target.self
            and effects[r, E.condition] == Condition.always
        ):
            return r
    return -1


@njit(cache=True, _nrt=False)
def primary_bound_row_nb(cards, effects, card):
    """Black Jacket, Super Hornet: "Limited Summon it if your primary creature is Hive Lord": the
    row that lets the creature join as a Limited Summon held by its player's primary creature
    while that one passes the row's filter, or -1."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.on_play
            and effects[r, E.action] == Action.limited_summon
            and effects[r, E.condition] == Condition.own_primary_matches
        ):
            return r
    return -1


@njit(cache=True, _nrt=False)
def counts_as_magic_off_field_nb(cards, effects, card):
    """The Squire: a creature card that summons itself and is a magic card off the field; Gremlin,
    played only in place of a primary creature that left, "returns to being a magic card"."""
    return (
        self_limited_row_nb(cards, effects, card) >= 0
        or find_row_nb(cards, effects, card, Trigger.on_play, Action.replacement_only) >= 0
        or find_row_nb(cards, effects, card, Trigger.static, Action.magic_off_field) >= 0
    )


# ------------------------------------------------------------------ moving cards


@njit(cache=True, _nrt=False)
def can_initiate_nb(inst, fighters, glob, i):
    """A creature battles once per turn; frozen, stunned and sleeping creatures cannot battle."""
    t = glob[G.turn]
    # Double Hit: "can initiate battle twice during their turn"
    fresh = inst[i, I.battled_turn] != t or (fighters[i, F.double_battle] != 0 and inst[i, I.second_battle_turn] != t)
    fresh = fresh or inst[i, I.again_turn] == t  # Ironfist Dwarf: "it may initiate battle again"
    return (
        fresh and fighters[i, F.frozen_until] < t and not is_stunned_nb(fighters[i], t) and fighters[i, F.asleep] == 0
    )


@njit(cache=True, _nrt=False)
def _stays_row(cards, effects, card, target):
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if (
            effects[r, E.trigger] == Trigger.static
            and effects[r, E.action] == Action.stays_on_field
            and effects[r, E.target] == target
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def held_on_field_nb(cards, effects, inst, fighters, glob, i):
    """Steam Spider, Lead Boots: card i (a creature on the field, or a magic card there) leaves
    the field only by death (a magic card: by destruction); it is not sacrificed from the field,
    is not sent to a hand or deck, and does not change control (ruling steam-spider-lead-boots).
    So does every primary creature of the AL Ladder ("Creatures summoned to the field as the
    primary AL class creature must be killed to leave the field"), and the boss of Boss Battles
    ("Cannot leave field except by death")."""
    z = inst[i, I.zone]
    if z == InstZone.primary and (glob[G.rounds] > 0 or i == glob[G.boss] * DECK_SIZE):
        return True
    if z == InstZone.magic:
        return _stays_row(cards, effects, inst[i, I.card], Target.self)
    if z != InstZone.primary:
        return False  # a Limited Summon has lost its card effects (rules guide, LIMITED SUMMONS)
    if fighters[i, F.effect_count] > 0 and _stays_row(cards, effects, inst[i, I.card], Target.self):
        return True
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.magic
            and inst[j, I.attached_to] == i
            and _stays_row(cards, effects, inst[j, I.card], Target.equipped)
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def frenzy_in_force_nb(cards, effects, inst):
    """Frenzy: the first magic card on the field that makes every player battle, or -1."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and (
            find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.must_battle) >= 0
        ):
            return j
    return -1


@njit(cache=True, _nrt=False)
def sleep_row_nb(cards, effects, card):
    """Sleepy Scent: the row of a magic card that puts its creature to sleep, or -1."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.action] == Action.apply_status and effects[r, E.status] == Status.asleep:
            return r
    return -1


@njit(cache=True, _nrt=False)
def unwatch_nb(inst, glob, i, trace):
    """A battle-bound card leaving the field before any battle used it was played to no effect."""
    if inst[i, I.watch] > 0:
        note_fizzle_nb(trace, glob, inst, i, FizzleReason.no_battle)


@njit(cache=True, _nrt=False)
def battle_bound_nb(cards, effects, card):
    """Does magic card `card` act only in battle? Its every row changes how creatures strike or
    are struck (Backstab, Death From Above, Dragon Power's bonuses and its self-destruction when
    its creature deals no damage), so a turn with no battle while it lasts wastes it."""
    start, stop = card_rows_nb(cards, card)
    if stop == start or cards[card, CardCol.card_type] != CardType.magic:
        return False
    for r in range(start, stop):
        action = effects[r, E.action]
        if (
            action == Action.auto_hit
            or action == Action.strike_first
            or action == Action.multiply_damage
            or action == Action.second_battle
        ):
            continue
        if (action == Action.modify_stat or action == Action.set_stat or action == Action.scale_stat) and effects[
            r, E.stat
        ] != Stat.hp:
            continue
        if action == Action.destroy_magic and effects[r, E.condition] == Condition.no_damage_this_turn:
            continue
        return False
    return True


@njit(cache=True, _nrt=False)
def to_cemetery_nb(cards, effects, inst, players, glob, i, trace):
    """Card i goes to its owner's cemetery; creature HP counts, however it got there."""
    unwatch_nb(inst, glob, i, trace)
    # Possessed Dummy answers a creature its opponent sends to their cemetery (a death, a
    # sacrifice, a discard, ...), not one that its own hold returns there (ruling possessed-dummy)
    sent_by_owner = inst[i, I.controller] == inst[i, I.owner] and inst[i, I.possessable] != -1
    set_zone_nb(inst, glob, i, InstZone.cemetery)
    p = inst[i, I.owner]
    if is_creature_nb(cards, inst, i):
        if counts_as_magic_off_field_nb(cards, effects, inst[i, I.card]):
            # The Squire "returns to being a magic card": its HP never counts (see catalog note)
            players[p, P.cemetery_bonus] -= cards[inst[i, I.card], CardCol.hp]
        else:
            # The Hero counts every creature sent there, however
            players[opponent_nb(players, glob, p), P.opponent_deaths] += 1
            _owe_heals(cards, effects, inst, i)
            if sent_by_owner:
                inst[i, I.possessable] = 1
    record_nb(trace, glob, p, Event.to_cemetery, i, inst[i, I.card], cemetery_hp_nb(cards, inst, players, p))
    check_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def _owe_heals(cards, effects, inst, i):
    """The Guide: "When a creature is sent to the cemetery, heal this card for 1/2 of the total
    HP of the sent creature": creature card i arrived in a cemetery (either player's, from any
    zone), so each primary creature with such a row is owed its share of i's printed HP; the
    game pays it once the deaths are swept (`resolve.pay_pending_heals_nb`)."""
    hp = cards[inst[i, I.card], CardCol.hp]
    for k in range(inst.shape[0]):
        if k == i or inst[k, I.zone] != InstZone.primary:
            continue
        r = find_row_nb(cards, effects, inst[k, I.card], Trigger.creature_to_cemetery, Action.heal)
        if r >= 0:
            inst[k, I.pending_heal] += hp * effects[r, E.amount] // effects[r, E.divisor]


@njit(cache=True, _nrt=False)
def take_from_cemetery_nb(cards, effects, inst, players, glob, j):
    """Card j leaves the cemetery for another zone (the caller moves it on). The Squire's HP was
    kept out of the cemetery total while it lay there: that stops with it. The total stays at 0
    or more."""
    p = inst[j, I.owner]
    if is_creature_nb(cards, inst, j) and counts_as_magic_off_field_nb(cards, effects, inst[j, I.card]):
        players[p, P.cemetery_bonus] += cards[inst[j, I.card], CardCol.hp]
    set_zone_nb(inst, glob, j, InstZone.resolving)
    # Reduce the Burden never takes the total below 0 (ruling): the part of a reduction that a
    # creature leaving the cemetery would leave uncovered goes with it, with no credit kept
    players[p, P.cemetery_reduced] += min(0, cemetery_hp_nb(cards, inst, players, p))


@njit(cache=True, _nrt=False)
def show_hands_nb(cards, effects, inst, fighters, players, glob):
    """The Seer: "your opponent must show you their hand whenever you request": while it is a
    player's primary with its effect, every card in the opponent's hand is known to both (its
    player asks before each decision); a card seen stays known while it stays in that hand."""
    for p in range(players.shape[0]):
        c = players[p, P.primary]
        if c < 0 or fighters[c, F.effect_count] == 0:
            continue
        if find_row_nb(cards, effects, inst[c, I.card], Trigger.static, Action.reveal_hand) < 0:
            continue
        o = opponent_nb(players, glob, p)
        for i in range(inst.shape[0]):
            if inst[i, I.zone] == InstZone.hand and inst[i, I.owner] == o:
                inst[i, I.seen] |= SeenBit.public


@njit(cache=True, _nrt=False)
def to_hand_nb(inst, glob, i, trace):
    unwatch_nb(inst, glob, i, trace)
    if inst[i, I.zone] != InstZone.deck:  # from the field or the cemetery, in view of both players
        inst[i, I.seen] |= SeenBit.public
    set_zone_nb(inst, glob, i, InstZone.hand)
    record_nb(trace, glob, inst[i, I.owner], Event.to_hand, i, inst[i, I.card], 0)


@njit(cache=True, _nrt=False)
def to_deck_nb(inst, players, glob, decks, i, bottom, rng, trace):
    put_in_deck_nb(inst, decks, players, glob, i, bottom)
    if not bottom:
        shuffle_deck_nb(inst, decks, players, inst[i, I.owner], rng)
    record_nb(trace, glob, inst[i, I.owner], Event.to_deck, i, inst[i, I.card], bottom)


@njit(cache=True, _nrt=False)
def move_to_zone_nb(cards, effects, inst, players, glob, decks, i, zone, rng, trace):
    """Send a card (already off the field) to a `Zone` of the effect language."""
    if zone == Zone.hand:
        to_hand_nb(inst, glob, i, trace)
    elif zone == Zone.deck:
        to_deck_nb(inst, players, glob, decks, i, False, rng, trace)
    elif zone == Zone.deck_bottom:
        to_deck_nb(inst, players, glob, decks, i, True, rng, trace)
    else:
        to_cemetery_nb(cards, effects, inst, players, glob, i, trace)


@njit(cache=True, _nrt=False)
def _returned_alone(inst, players, glob, i):
    """Card i came back to its owner's hand or deck instead of going to the cemetery: with no
    other card left in that hand and deck, its owner loses (rules guide, How to win: "you have
    no other creatures or magic cards in your deck or hand")."""
    z = inst[i, I.zone]
    if z != InstZone.hand and z != InstZone.deck:
        return
    p = inst[i, I.owner]
    if players[p, P.deck_n] > (1 if z == InstZone.deck else 0):
        return
    for j in range(inst.shape[0]):
        if j != i and inst[j, I.zone] == InstZone.hand and inst[j, I.owner] == p:
            return
    lose_nb(players, glob, p, EndReason.returned_alone)


@njit(cache=True, _nrt=False)
def send_back_nb(cards, effects, inst, players, glob, decks, i, zone, rng, trace):
    """Card i, off the field, goes to a `Zone` other than its cemetery (Phoenix, Giant Rat, a
    creature sent back or released), or to the cemetery when the zone says so; a card sent back
    to an otherwise empty hand and deck loses the game."""
    unwatch_nb(inst, glob, i, trace)
    set_zone_nb(inst, glob, i, InstZone.resolving)
    move_to_zone_nb(cards, effects, inst, players, glob, decks, i, zone, rng, trace)
    _returned_alone(inst, players, glob, i)


@njit(cache=True, _nrt=False)
def new_fighter_nb(cards, inst, fighters, glob, i):
    """Creature i's fighter with its printed stats, timed by the game's turn cycle."""
    init_fighter_nb(fighters[i], cards, inst[i, I.card])
    fighters[i, F.cycle] = glob[G.cycle]


@njit(cache=True, _nrt=False)
def place_primary_nb(cards, inst, fighters, players, glob, p, i):
    """Creature i becomes p's primary creature with its printed stats."""
    set_zone_nb(inst, glob, i, InstZone.primary)
    inst[i, I.controller] = p
    players[p, P.primary] = i
    new_fighter_nb(cards, inst, fighters, glob, i)
    inst[i, I.counter] = players[p, P.opponent_deaths]  # The Hero counts deaths from here


@njit(cache=True, _nrt=False)
def once_negation_nb(cards, effects, inst, fighters, c, magic):
    """Bunnysaurus: "negate an attack against this card, or negate a magic card when it is
    played ... only once while this card is on the field": the row of creature c that can still
    be used (its magic one when `magic`), or -1. A primary creature with its effects only, not
    yet used since it came to the field."""
    if c < 0 or inst[c, I.zone] != InstZone.primary or fighters[c, F.effect_count] == 0:
        return -1
    if inst[c, I.spent_at] == inst[c, I.arrival]:
        return -1
    start, stop = card_rows_nb(cards, inst[c, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.static or effects[r, E.action] != Action.negate_once:
            continue
        if (effects[r, E.target] == Target.played_card) == magic:
            return r
    return -1


@njit(cache=True, _nrt=False)
def paid_negation_nb(cards, effects, inst, fighters, c, magic):
    """Ooze Weaver: "When a magic card is played or this card would receive Atk damage, choose 1
    of the following: Take 15 damage to negate the magic card. Take 10 damage to negate the Atk
    damage": the row of creature c (its magic one when `magic`) that negates at a price in HP,
    or -1. A primary creature with its effects only; it may pay every time."""
    if c < 0 or inst[c, I.zone] != InstZone.primary or fighters[c, F.effect_count] == 0:
        return -1
    start, stop = card_rows_nb(cards, inst[c, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.static or effects[r, E.action] != Action.negate_for_damage:
            continue
        if (effects[r, E.target] == Target.played_card) == magic:
            return r
    return -1


@njit(cache=True, _nrt=False)
def infinite_in_use_nb(cards, effects, inst, p):
    """Infinite magic slots of p's in use (rules guide: at most 5): p's Infinite magic cards on
    the field, the cards that act as an Infinite equip while equipped (Mind Sap, Forest Demon),
    and the slots the opponent's cards fill (Constructed Pylon: "fills 3 empty Infinite magic
    slots on your opponents side of the field")."""
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and inst[j, I.controller] != p:
            start, stop = card_rows_nb(cards, inst[j, I.card])
            for r in range(start, stop):
                if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.fill_slots:
                    n += effects[r, E.amount]
        if inst[j, I.zone] == InstZone.magic and inst[j, I.controller] == p:
            kind = cards[inst[j, I.card], CardCol.magic_type]
            # a Lightning card that is no equip stays attached without a slot (Icy Breath; rules
            # guide, TURNS EXPLAINED: the slots do not include Lightning cards)
            plain_lightning = (
                kind == MagicType.lightning and cards[inst[j, I.card], CardCol.magic_subtype] == MagicSubtype.none
            )
            if kind == MagicType.infinite or (
                kind != MagicType.standard and inst[j, I.attached_to] >= 0 and not plain_lightning
            ):
                n += 1
    return n


# ------------------------------------------------------------------ leaving the field


@njit(cache=True, _nrt=False)
def _anchor_zone(cards, effects, inst, j):
    """Where creature j goes when its anchor is lost: the zone the anchoring row names."""
    anchor = inst[j, I.anchor]
    zone = Zone.cemetery
    own = primary_bound_row_nb(cards, effects, inst[j, I.card])
    if own >= 0:
        return effects[own, E.zone_to]  # Black Jacket: back to the hand when Hive Lord leaves
    if anchor >= 0:
        start, stop = card_rows_nb(cards, inst[anchor, I.card])
        for r in range(start, stop):
            if effects[r, E.action] == Action.limited_summon and effects[r, E.zone_to] != Zone.none:
                zone = effects[r, E.zone_to]
    return zone


@njit(cache=True, _nrt=False)
def limited_barred_nb(cards, effects, inst, glob):
    """Street Lights: "Limited Summons cannot be played while this card is on the field"."""
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or 0 <= inst[j, I.expires] < t:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.block_limited:
                return True
    return False


@njit(cache=True, _nrt=False)
def origin_zone_nb(cards, effects, inst, j):
    """Where Limited Summon j was summoned from, as its anchoring row reads (ruling street-lights):
    the hand (also for a card of the hand or the deck, and for a creature taken from the
    opponent's field) or the cemetery (its owner's)."""
    own = primary_bound_row_nb(cards, effects, inst[j, I.card])
    if own >= 0:
        return Zone.hand  # Black Jacket: from the hand, beside Hive Lord
    anchor = inst[j, I.anchor]
    if anchor >= 0:
        start, stop = card_rows_nb(cards, inst[anchor, I.card])
        for r in range(start, stop):
            if effects[r, E.action] == Action.limited_summon:
                z = effects[r, E.zone_from]
                if z == Zone.cemetery or z == Zone.opponent_cemetery:
                    return Zone.cemetery
                return Zone.hand
    return Zone.hand  # a creature that stayed under Terry came from the hand


@njit(cache=True, _nrt=False)
def send_limited_home_nb(cards, effects, inst, fighters, players, glob, decks, rng, trace):
    """Street Lights: "Send all Limited Summons on the field back to where they were originally
    summoned from": each goes to its owner's hand or cemetery (origin_zone_nb)."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.limited:
            continue
        zone = origin_zone_nb(cards, effects, inst, j)
        for p in range(players.shape[0]):
            if players[p, P.primary] == j:
                players[p, P.primary] = -1
        send_back_nb(cards, effects, inst, players, glob, decks, j, zone, rng, trace)
        leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)


@njit(cache=True, _nrt=False)
def _release(cards, effects, inst, players, glob, decks, j, rng, trace):
    """Creature j lost its anchoring effect and leaves the field (rules guide, Anchoring
    effect: "the Limited Summoned creature would be removed from the field")."""
    zone = _anchor_zone(cards, effects, inst, j)
    for p in range(players.shape[0]):
        if players[p, P.primary] == j:
            players[p, P.primary] = -1
    send_back_nb(cards, effects, inst, players, glob, decks, j, zone, rng, trace)


@njit(cache=True, _nrt=False)
def _destroy(cards, effects, inst, fighters, players, glob, j, trace):
    """Magic card j on the field goes to the cemetery, with its on-destroyed rows (Flame of
    the Infinite: "+50 HP to your cemetery"; Bomb: 30 damage to the equipped creature)."""
    record_nb(trace, glob, inst[j, I.owner], Event.destroyed, j, inst[j, I.card], 0)
    start, stop = card_rows_nb(cards, inst[j, I.card])
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.on_destroyed and effects[r, E.action] == Action.cemetery_hp:
            players[inst[j, I.controller], P.cemetery_bonus] += effects[r, E.amount]
        if effects[r, E.trigger] == Trigger.on_destroyed and effects[r, E.action] == Action.damage:
            c = inst[j, I.attached_to]
            # a creature leaving the field takes its equips along and takes no damage: it is no
            # longer its player's primary by the time they are destroyed (leave_field_nb)
            if c >= 0 and inst[c, I.zone] == InstZone.primary and players[inst[c, I.controller], P.primary] == c:
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                record_nb(trace, glob, inst[j, I.controller], Event.effect_damage, c, dealt, fighters[c, F.hp])
    set_zone_nb(inst, glob, j, InstZone.resolving)
    to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
    r = find_row_nb(cards, effects, inst[j, I.card], Trigger.on_destroyed, Action.return_later)
    if r >= 0:
        # Close Encounters: "If this card is destroyed, return it to your deck after 3 turn
        # cycles"; it waits in the cemetery as Junk Scarecrow does (turns.turn_start_effects_nb)
        inst[j, I.returns] = glob[G.turn] + glob[G.cycle] * max(effects[r, E.duration], 1)


@njit(cache=True, _nrt=False)
def _end_source_dots(cards, effects, inst, fighters, x):
    """DOTs that last "until this card leaves the field" (Allosaurus) end when it leaves."""
    start, stop = card_rows_nb(cards, inst[x, I.card])
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if j == x or (z != InstZone.primary and z != InstZone.limited):
            continue
        for k in range(N_DOT_SLOTS):
            base = F.dot0_row + k * DOT_SLOT_WIDTH
            r = fighters[j, base] - 1
            if start <= r < stop and effects[r, E.duration] == Duration.source:
                fighters[j, base] = 0
                fighters[j, base + 1] = 0
                fighters[j, base + 2] = 0


# a killer_of entry: killed by an effect of the opponent's, not by a creature's strike
BY_OPPONENT_EFFECT = -2

# each card leaves at most once, plus the one that started it
_QUEUE_SIZE = MAX_INST + 1


@njit(cache=True, _nrt=False)
def keeps_under_nb(cards, effects, card):
    """Terry: does creature card `card` place cards under itself by its own effect (a row that
    moves a card `to` the zone `under`)? Those stay on the field when it leaves (ruling terry),
    where the sacrifices under a creature follow it (Eternal Dragon, Great White)."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.action] == Action.move_card and effects[r, E.zone_to] == Zone.under:
            return True
    return False


@njit(cache=True, _nrt=False)
def stay_on_field_nb(cards, inst, fighters, glob, j, trace):
    """Terry: "If this card leaves the field or changes control, 'Jerry' stays on the field":
    creature j, under it, stays on its owner's field as a Limited Summon held by nothing but
    itself (as The Squire), so it may take its owner's empty primary place (ruling terry)."""
    p = inst[j, I.owner]
    set_zone_nb(inst, glob, j, InstZone.limited)
    inst[j, I.controller] = p
    inst[j, I.anchor] = j
    new_fighter_nb(cards, inst, fighters, glob, j)
    fighters[j, F.effect_count] = 0  # rules guide: Limited Summons lose their effects and health pool
    fighters[j, F.hp] = FOREVER
    fighters[j, F.max_hp] = FOREVER
    record_nb(trace, glob, p, Event.limited_summon, j, inst[j, I.card], j)


@njit(cache=True, _nrt=False)
def _named_leaves(cards, effects, inst, fighters, players, glob, decks, x, queue, n, rng, trace):
    """Ghul'Vok: "Send back to original owner hand if 'Full Moon' is removed from the field":
    magic card x is leaving the field; each creature on the field, with its effects, whose
    `named_leaves` row names it goes to its row's zone when no other card passing the filter
    stays on the field. Each one sent is added to the queue of `leave_field_nb` (what it
    carries leaves with it); returns the queue's new length."""
    names = cards[inst[x, I.card], CardCol.names]
    if names == 0:
        return n
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if (z != InstZone.primary and z != InstZone.limited) or fighters[j, F.effect_count] == 0:
            continue
        r = find_row_nb(cards, effects, inst[j, I.card], Trigger.named_leaves, Action.move_card)
        if r < 0 or (names & effects[r, E.filter_names]) == 0:
            continue
        stays = False
        for m in range(inst.shape[0]):
            if (
                m != x
                and inst[m, I.zone] == InstZone.magic
                and (cards[inst[m, I.card], CardCol.names] & effects[r, E.filter_names]) != 0
            ):
                stays = True
        if stays or n >= _QUEUE_SIZE:
            continue
        record_nb(trace, glob, inst[j, I.controller], Event.effect, j, r, 0)
        for p in range(players.shape[0]):
            if players[p, P.primary] == j:
                players[p, P.primary] = -1
        send_back_nb(cards, effects, inst, players, glob, decks, j, effects[r, E.zone_to], rng, trace)
        queue[n] = j
        n += 1
    return n


@njit(cache=True, _nrt=False)
def _unpossess(cards, effects, inst, players, glob, decks, q, queue, n, rng, trace):
    """Possessed Dummy: "If this card or your primary creature is removed from the field ...
    return it to their cemetery": q's primary creature is leaving the field; each Limited Summon
    held by a card of q's with a `response_opponent_death` row goes back (and the card with it,
    as an equip of a creature leaving). Returns the queue's new length."""
    for j in range(inst.shape[0]):
        a = inst[j, I.anchor]
        if inst[j, I.zone] != InstZone.limited or a < 0 or a == j or n >= _QUEUE_SIZE:
            continue
        if inst[a, I.zone] != InstZone.magic or inst[a, I.controller] != q:
            continue
        if find_row_nb(cards, effects, inst[a, I.card], Trigger.response_opponent_death, Action.limited_summon) < 0:
            continue
        _release(cards, effects, inst, players, glob, decks, j, rng, trace)
        queue[n] = j
        n += 1
    return n


@njit(cache=True, _nrt=False)
def decks_flipped_nb(cards, effects, inst, skip):
    """Inversion: a card whose static row flips the decks is on the field (`skip` aside)."""
    for j in range(inst.shape[0]):
        if j != skip and inst[j, I.zone] == InstZone.magic:
            if find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.flip_decks) >= 0:
                return True
    return False


@njit(cache=True, _nrt=False)
def flip_decks_nb(inst, players, decks):
    """Inversion: "Players must play with their decks flipped upside down": each deck stack is
    turned over, its bottom card now on top (drawn next)."""
    for p in range(decks.shape[0]):
        n = players[p, P.deck_n]
        for k in range(n // 2):
            a = decks[p, k]
            decks[p, k] = decks[p, n - 1 - k]
            decks[p, n - 1 - k] = a


@njit(cache=True, _nrt=False)
def show_deck_tops_nb(cards, effects, inst, players, decks):
    """Inversion: "Their bottom card will be showing face up": while the decks are flipped, the
    card on top of each (the next drawn) is known to both players where it lies."""
    if not decks_flipped_nb(cards, effects, inst, -1):
        return
    for p in range(decks.shape[0]):
        n = players[p, P.deck_n]
        if n > 0:
            inst[decks[p, n - 1], I.seen] |= SeenBit.known_in_deck


@njit(cache=True, _nrt=False)
def leave_field_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace):
    """Card i (a creature, or a magic card that anchors or carries something) is leaving the
    field: its equips are destroyed, what it anchors is released, the cards under it follow it
    to the cemetery (rules guide, Equip; LIMITED SUMMONS). Each card released may carry more,
    so they are handled as a queue. The caller moves i itself; a caller sending i to the cemetery
    holds the count until it has arrived too (`leave_for_cemetery_nb`, `kill_nb`)."""
    hold_cemetery_nb(glob)
    _leave_field(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
    release_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace):
    """Card i leaves the field for its owner's cemetery, with what it takes along: all arrive
    together (ruling cemetery-together)."""
    hold_cemetery_nb(glob)
    leave_field_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
    to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
    release_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def _leave_field(cards, effects, inst, fighters, players, glob, decks, i, rng, trace):
    if find_row_nb(cards, effects, inst[i, I.card], Trigger.static, Action.flip_decks) >= 0:
        if not decks_flipped_nb(cards, effects, inst, i):
            flip_decks_nb(inst, players, decks)  # the last Inversion leaves: the decks turn back
    queue = local_array(_QUEUE_SIZE)
    queue[0] = i
    n = 1
    k = 0
    while k < n:
        x = queue[k]
        k += 1
        if cards[inst[x, I.card], CardCol.card_type] == CardType.magic:
            n = _named_leaves(cards, effects, inst, fighters, players, glob, decks, x, queue, n, rng, trace)
        primary_of = -1
        for p in range(players.shape[0]):
            if players[p, P.primary] == x:
                players[p, P.primary] = -1
                primary_of = p
        if primary_of >= 0:
            n = _unpossess(cards, effects, inst, players, glob, decks, primary_of, queue, n, rng, trace)
        _end_source_dots(cards, effects, inst, fighters, x)
        for j in range(inst.shape[0]):
            if j == x or j == i:
                continue
            z = inst[j, I.zone]
            if z == InstZone.magic and inst[j, I.attached_to] == x:
                back = find_row_nb(cards, effects, inst[j, I.card], Trigger.equipped_leaves, Action.move_card)
                if back >= 0:
                    # Moon Owl: "Return this card to the original owner's deck if the equipped
                    # creature is removed from the field"
                    inst[j, I.attached_to] = -1
                    send_back_nb(cards, effects, inst, players, glob, decks, j, effects[back, E.zone_to], rng, trace)
                elif inst[j, I.anchor] == x:
                    # Thief: "Send the stolen card to its original owner's cemetery", not destroyed
                    set_zone_nb(inst, glob, j, InstZone.resolving)
                    to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
                else:
                    _destroy(cards, effects, inst, fighters, players, glob, j, trace)
                queue[n] = j
                n += 1
            elif inst[j, I.anchor] == x:
                if z == InstZone.under and keeps_under_nb(cards, effects, inst[x, I.card]):
                    stay_on_field_nb(cards, inst, fighters, glob, j, trace)  # Terry: "Jerry stays on the field"
                elif z == InstZone.under:  # Eternal Dragon: "the cards under follow it"
                    inst[j, I.anchor] = -1
                    set_zone_nb(inst, glob, j, InstZone.resolving)
                    to_cemetery_nb(cards, effects, inst, players, glob, j, trace)
                elif z == InstZone.limited or z == InstZone.primary:
                    _release(cards, effects, inst, players, glob, decks, j, rng, trace)
                    queue[n] = j
                    n += 1


@njit(cache=True, _nrt=False)
def lightning_blocked_nb(cards, effects, inst, fighters, glob):
    """No player may play a Lightning card: Time Melt on the field (until it runs out), a Time
    Weaver whose effects are not negated, or Foggy Night (only creatures and equips) is there."""
    return _field_block_nb(cards, effects, inst, fighters, glob, Flag.lightning | Flag.but_equips)


@njit(cache=True, _nrt=False)
def lightning_barred_nb(cards, effects, inst, fighters, players, glob, q):
    """Player q may play no Lightning card now: no player may (`lightning_blocked_nb`), or an
    effect barred q's for a time (Sasquatch: "Your opponent then cannot use Lightning cards for 1
    turn cycle")."""
    if players[q, P.lightning_blocked_until] >= glob[G.turn]:
        return True
    return lightning_blocked_nb(cards, effects, inst, fighters, glob)


@njit(cache=True, _nrt=False)
def share_bound_damage_nb(cards, effects, inst, fighters, players, glob, trace):
    """Bound Fate: "During this turn all damage inflicted on your primary creature is also
    inflicted on your opponents' primary creature": the HP the card's player's primary creature
    lost since the last look is inflicted on the opponent's, as the card's damage (ruling
    bound-fate). Called after each strike and whenever deaths are settled."""
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.watched] <= 0 or 0 <= inst[j, I.expires] < t:
            continue
        if find_row_nb(cards, effects, inst[j, I.card], Trigger.on_play, Action.share_damage) < 0:
            continue
        q = inst[j, I.controller]
        c = players[q, P.primary]
        if c < 0 or inst[j, I.watched] != c + 1:
            if c >= 0:  # a new primary creature: watched from now on
                inst[j, I.watched] = c + 1
                inst[j, I.counter] = fighters[c, F.hp]
            continue
        lost = inst[j, I.counter] - fighters[c, F.hp]
        inst[j, I.counter] = fighters[c, F.hp]
        x = players[opponent_nb(players, glob, q), P.primary]
        if lost > 0 and x >= 0 and not magic_immune_vs_nb(cards, effects, inst, x, q):
            sync_damage_immune_nb(cards, effects, inst, fighters, glob)
            dealt = take_damage_nb(fighters[x], fighters[x], effects, lost, False)
            record_nb(trace, glob, q, Event.effect_damage, x, dealt, fighters[x, F.hp])


@njit(cache=True, _nrt=False)
def rarity_barred_nb(cards, players, glob, card):
    """Steam Angel: "For 1 turn cycle, the following rarity cards cannot be played": no player
    may play `card` now, a creature or a magic card, because of its rarity."""
    bit = 1 << cards[card, CardCol.rarity]
    for q in range(players.shape[0]):
        if players[q, P.rarity_blocked_until] >= glob[G.turn] and (players[q, P.rarity_blocked] & bit) != 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def standard_blocked_nb(cards, effects, inst, fighters, glob):
    """Fazard: "While this card is on the field, Standard magic cards cannot be played"."""
    return _field_block_nb(cards, effects, inst, fighters, glob, Flag.standard)


@njit(cache=True, _nrt=False)
def magic_toll_nb(cards, effects, inst, fighters, glob, q):
    """The damage q must inflict on their own primary creature to play a magic card now: the sum
    of the `magic_toll` rows on the field that reach q (Old Logging Road: every player; The
    Villain, a primary creature whose effects are not negated: its player's opponent)."""
    t = glob[G.turn]
    toll = 0
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if z == InstZone.magic:
            if 0 <= inst[j, I.expires] < t:
                continue
        elif z != InstZone.primary or fighters[j, F.effect_count] == 0:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.trigger] != Trigger.static or effects[r, E.action] != Action.magic_toll:
                continue
            target = effects[r, E.target]
            own = inst[j, I.controller] == q
            if (
                target == Target.both_players
                or (target == Target.opponent_player and not own)
                or (target == Target.own_player and own)
            ):
                toll += effects[r, E.amount]
    return toll


@njit(cache=True, _nrt=False)
def pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, q, trace):
    """q plays a magic card: their primary creature takes the toll of the cards on the field
    (ruling magic-toll). The damage is the price of the play, dealt before any answer to it."""
    toll = magic_toll_nb(cards, effects, inst, fighters, glob, q)
    c = players[q, P.primary]
    if toll <= 0 or c < 0:
        return
    sync_damage_immune_nb(cards, effects, inst, fighters, glob)
    dealt = take_damage_nb(fighters[c], fighters[c], effects, toll, False)
    record_nb(trace, glob, q, Event.effect_damage, c, dealt, fighters[c, F.hp])


@njit(cache=True, _nrt=False)
def spared_from_own_effect_nb(cards, effects, inst, fighters, card):
    """Fire Eleotoid: "While this card is on the field, the magic card 'Forest Fire' cannot be
    destroyed by its own effect": a primary creature with its effects keeps the magic cards
    passing its row's filter from destroying themselves."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.primary or fighters[j, F.effect_count] == 0:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if effects[r, E.trigger] == Trigger.static and effects[r, E.action] == Action.spare_from_own_effect:
                names = effects[r, E.filter_names]
                if names != 0 and (cards[card, CardCol.names] & names) != 0:
                    return True
    return False


@njit(cache=True, _nrt=False)
def non_equip_magic_blocked_nb(cards, effects, inst, fighters, glob):
    """Foggy Night: "only creatures and equip cards can be played"."""
    return _field_block_nb(cards, effects, inst, fighters, glob, Flag.but_equips)


@njit(cache=True, _nrt=False)
def magic_barred_nb(cards, effects, inst, fighters, players, glob, q):
    """Player q may play no magic card now: an effect blocked them (players' `magic_blocked_until`),
    or the opponent has a card on the field that bars their magic while it stays (Irresistible
    Love: "Your opponent cannot ... play magic cards"; Hell Walker, a primary creature whose effects
    are not negated, while a creature on q's side passes its filter: "Opponents with a demon on
    their side of the field, cannot play magic")."""
    t = glob[G.turn]
    if players[q, P.magic_blocked_until] >= t:
        return True
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if inst[j, I.controller] == q:
            continue
        if z == InstZone.magic:
            if 0 <= inst[j, I.expires] < t:
                continue
        elif z != InstZone.primary or fighters[j, F.effect_count] == 0:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.block_magic
                and effects[r, E.target] == Target.opponent_player
                and (effects[r, E.flags] & (Flag.lightning | Flag.but_equips | Flag.standard)) == 0
            ):
                if effects[r, E.condition] != Condition.opponent_side_matches:
                    return True
                if side_holds_matching_nb(cards, effects, inst, q, r):
                    return True
    return False


@njit(cache=True, _nrt=False)
def side_holds_matching_nb(cards, effects, inst, q, r):
    """A creature on q's side of the field (primary or Limited Summon) passes row r's filter:
    its creature type or a name keyword (Hell Walker: "a demon")."""
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if (z == InstZone.primary or z == InstZone.limited) and inst[j, I.controller] == q:
            card = inst[j, I.card]
            types = effects[r, E.filter_types]
            names = effects[r, E.filter_names]
            if (types != 0 and ((types >> cards[card, CardCol.creature_type]) & 1) != 0) or (
                names != 0 and (cards[card, CardCol.names] & names) != 0
            ):
                return True
    return False


@njit(cache=True, _nrt=False)
def _field_block_nb(cards, effects, inst, fighters, glob, flags):
    """A lasting block_magic row carrying one of `flags` is on the field."""
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        z = inst[j, I.zone]
        if z == InstZone.magic:
            if 0 <= inst[j, I.expires] < t:
                continue
        elif z != InstZone.primary or fighters[j, F.effect_count] == 0:
            continue
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if (
                effects[r, E.trigger] == Trigger.static
                and effects[r, E.action] == Action.block_magic
                and (effects[r, E.flags] & flags) != 0
            ):
                return True
    return False


@njit(cache=True, _nrt=False)
def release_anchored_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace):
    """Creature j leaves the field because its anchor is gone (or it was a Limited Summon)."""
    _release(cards, effects, inst, players, glob, decks, j, rng, trace)
    leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)


@njit(cache=True, _nrt=False)
def destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace):
    """Magic card j on the field is destroyed, and what it held goes with it."""
    if inst[j, I.zone] != InstZone.magic:
        return
    hold_cemetery_nb(glob)  # it and what it held arrive together (ruling cemetery-together)
    _destroy(cards, effects, inst, fighters, players, glob, j, trace)
    leave_field_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
    release_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def _passes_filter(cards, effects, r, card):
    """Creature card `card` has a creature type, artwork tag or name keyword of row r's filter."""
    return (
        (
            effects[r, E.filter_types] != 0
            and ((1 << cards[card, CardCol.creature_type]) & effects[r, E.filter_types]) != 0
        )
        or (cards[card, CardCol.tags] & effects[r, E.filter_tags]) != 0
        or (cards[card, CardCol.names] & effects[r, E.filter_names]) != 0
    )


@njit(cache=True, _nrt=False)
def equipped_instead_nb(cards, effects, inst, fighters, players, glob, i, p, trace):
    """Moon Owl: "If this card is removed from the field by your opponent, it's instead equipped
    to your opponent's primary creature as a magic card": creature i, controlled by p, has just
    left the field by the hand of p's opponent (`leave_field_nb` done). When its effects hold
    and that opponent has a living primary creature that magic cards can reach, i is attached
    to it, still its owner's card, and True is returned; else False (it goes where it would)."""
    r = find_row_nb(cards, effects, inst[i, I.card], Trigger.on_killed_by_opponent, Action.equip_self)
    if r < 0 or effects[r, E.target] != Target.opponent_primary:
        return False
    c = players[opponent_nb(players, glob, p), P.primary]
    if c < 0 or c == i or fighters[c, F.hp] <= 0 or inst[c, I.zone] != InstZone.primary:
        return False
    if magic_immune_vs_nb(cards, effects, inst, c, inst[i, I.owner]):
        return False
    set_zone_nb(inst, glob, i, InstZone.magic)
    inst[i, I.attached_to] = c
    inst[i, I.anchor] = -1
    inst[i, I.controller] = inst[i, I.owner]
    record_nb(trace, glob, p, Event.effect, i, r, 0)
    return True


@njit(cache=True, _nrt=False)
def _equips_to_killer(cards, effects, inst, glob, i, killer, trace):
    """Contaminate: "When the equipped creature is killed by Atk damage, equip this card to the
    creature that killed it": the card moves on, its controller unchanged (ruling contaminate);
    a killer gone from the field, or unaffected by magic cards, takes none."""
    z = inst[killer, I.zone]
    if z != InstZone.primary and z != InstZone.limited:
        return
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        if magic_immune_vs_nb(cards, effects, inst, killer, inst[j, I.controller]):
            continue
        r = find_row_nb(cards, effects, inst[j, I.card], Trigger.on_killed, Action.equip_self)
        if r >= 0 and effects[r, E.target] == Target.attacker:
            inst[j, I.attached_to] = killer
            record_nb(trace, glob, inst[j, I.controller], Event.effect, j, r, 0)


@njit(cache=True, _nrt=False)
def kill_nb(cards, effects, inst, fighters, players, glob, decks, i, killer, in_battle, rng, trace):
    """Creature i dies and goes to its owner's cemetery; its death rows fire. It arrives there
    together with its equips, the cards under it and what its death rows send there: the loss
    is counted once all have arrived (ruling cemetery-together)."""
    hold_cemetery_nb(glob)
    _kill(cards, effects, inst, fighters, players, glob, decks, i, killer, in_battle, rng, trace)
    release_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def _kill(cards, effects, inst, fighters, players, glob, decks, i, killer, in_battle, rng, trace):
    p = inst[i, I.controller]
    record_nb(trace, glob, p, Event.death, i, inst[i, I.card], killer)
    if inst[i, I.zone] == InstZone.limited:
        # Limited Summons have no health pool: they leave only by effects (rules guide)
        release_anchored_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
        return
    # a creature that killed itself (Possession: it battles itself) is no other creature to take
    # an equip or become one on: it is leaving the field too, with what is attached to it
    other = killer >= 0 and killer != i
    if in_battle and other and fighters[i, F.last_damage_atk] != 0:
        _equips_to_killer(cards, effects, inst, glob, i, killer, trace)
    leave_field_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
    by_opponent = killer == BY_OPPONENT_EFFECT or (killer >= 0 and inst[killer, I.controller] != inst[i, I.owner])
    card = inst[i, I.card]
    start, stop = card_rows_nb(cards, card)
    negated = fighters[i, F.effect_count] == 0 and cards[card, CardCol.effect_count] > 0
    equipped_instead = False
    # the attacking creature may be gone already (killed by a Jester's death damage, which is
    # what kills this one): then there is nothing to equip, and the card dies like any other
    killer_on_field = other and (inst[killer, I.zone] == InstZone.primary or inst[killer, I.zone] == InstZone.limited)
    if in_battle and killer_on_field and not negated:
        for r in range(start, stop):
            if effects[r, E.trigger] == Trigger.on_killed_in_battle and effects[r, E.action] == Action.equip_self:
                if effects[r, E.condition] == Condition.attacker_not_matching and _passes_filter(
                    cards, effects, r, inst[killer, I.card]
                ):
                    continue  # Dart Frog: "killed by a creature that is not holding a weapon"
                # Forest Demon: becomes an Infinite equip on the attacking creature
                set_zone_nb(inst, glob, i, InstZone.magic)
                inst[i, I.attached_to] = killer
                inst[i, I.controller] = inst[killer, I.controller]
                equipped_instead = True
    if by_opponent and not negated and not equipped_instead:
        equipped_instead = equipped_instead_nb(cards, effects, inst, fighters, players, glob, i, p, trace)
    back = (
        -1
        if negated or not by_opponent or equipped_instead
        else find_row_nb(cards, effects, card, Trigger.on_killed_by_opponent, Action.move_card)
    )
    if back >= 0:
        # Phoenix: "If this creature is killed by your opponent, return it to your hand": it never
        # lies in the cemetery, so its HP never counts there (not even for the loss)
        send_back_nb(cards, effects, inst, players, glob, decks, i, effects[back, E.zone_to], rng, trace)
    elif not equipped_instead:
        to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
    if negated:
        return
    for r in range(start, stop):
        trig = effects[r, E.trigger]
        action = effects[r, E.action]
        if trig == Trigger.on_killed_in_battle and in_battle and killer >= 0:
            if (
                action == Action.damage
                and effects[r, E.target] == Target.attacker
                and fighters[i, F.harmless] <= glob[G.turn]  # Omega Titan: i's player causes no damage now
            ):
                # Jester: "inflict 10 damage to the attacking creature"
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[killer], fighters[i], effects, effects[r, E.amount], False)
                # a Limited Summon has no health pool (rules guide, LIMITED SUMMONS): HP -1 in the trace
                hp = -1 if inst[killer, I.zone] == InstZone.limited else fighters[killer, F.hp]
                record_nb(trace, glob, p, Event.effect_damage, killer, dealt, hp)
            elif action == Action.move_card and effects[r, E.condition] == Condition.named_on_field:
                for j in range(inst.shape[0]):  # Jester: "send Bomb to the cemetery"
                    if (
                        inst[j, I.zone] == InstZone.magic
                        and (cards[inst[j, I.card], CardCol.names] & effects[r, E.filter_names]) != 0
                    ):
                        destroy_magic_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)


@njit(cache=True, _nrt=False)
def sacrifice_nb(cards, effects, inst, fighters, players, glob, decks, p, i, under, rng, trace):
    """Creature i (on the field or in hand) is sacrificed by p for a summon: to the cemetery, or
    under the new creature (Eternal Dragon); its on-sacrificed rows fire (Giant Rat returns to
    the deck). Under Soul Eater, i may be the opponent's Limited Summon. A creature sacrificed
    from the field arrives with what it takes along (ruling cemetery-together)."""
    hold_cemetery_nb(glob)
    _sacrifice(cards, effects, inst, fighters, players, glob, decks, p, i, under, rng, trace)
    release_cemetery_nb(cards, inst, players, glob)


@njit(cache=True, _nrt=False)
def _sacrifice(cards, effects, inst, fighters, players, glob, decks, p, i, under, rng, trace):
    record_nb(trace, glob, p, Event.sacrifice, i, inst[i, I.card], under)
    if inst[i, I.zone] == InstZone.primary or inst[i, I.zone] == InstZone.limited:  # Soul Eater
        leave_field_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
    if under >= 0:
        set_zone_nb(inst, glob, i, InstZone.under)
        inst[i, I.anchor] = under
        return
    r = find_row_nb(cards, effects, inst[i, I.card], Trigger.on_sacrificed, Action.move_card)
    if r >= 0:
        # Giant Rat: "If this card is sacrificed, return it back to your deck": it never lies in
        # the cemetery, so its HP never counts there (not even for the loss)
        send_back_nb(cards, effects, inst, players, glob, decks, i, effects[r, E.zone_to], rng, trace)
        return
    to_cemetery_nb(cards, effects, inst, players, glob, i, trace)


@njit(cache=True, _nrt=False)
def _revive_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace):
    """Phoenix Armor: creature i, at 0 HP, lives on with a part of its HP instead of dying, and
    the equip goes to the cemetery (the first such equip to arrive). True when it was revived."""
    if (
        inst[i, I.zone] == InstZone.primary
        and fighters[i, F.effect_count] > 0
        and inst[i, I.spent_at] != inst[i, I.arrival]
    ):
        r = find_row_nb(cards, effects, inst[i, I.card], Trigger.on_killed, Action.heal)
        if r >= 0:
            # Orc Berserker: "If this card is killed, instead, heal it to 5 HP. This effect can only
            # occur once while this card is on the field" (ruling orc-berserker)
            f = fighters[i]
            f[F.hp] = min(effects[r, E.amount], f[F.max_hp])
            inst[i, I.spent_at] = inst[i, I.arrival]
            record_nb(trace, glob, inst[i, I.controller], Event.heal, i, f[F.hp], f[F.hp])
            return True
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != i:
            continue
        r = find_row_nb(cards, effects, inst[j, I.card], Trigger.on_killed, Action.revive)
        if r < 0:
            continue
        f = fighters[i]
        f[F.hp] = max(1, f[F.max_hp] * effects[r, E.amount] // effects[r, E.divisor])
        record_nb(trace, glob, inst[i, I.controller], Event.heal, i, f[F.hp], f[F.hp])
        leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
        return True
    return False


@njit(cache=True, _nrt=False)
def sweep_deaths_nb(cards, effects, inst, fighters, players, glob, decks, killer_of, in_battle, rng, trace):
    """Every primary creature at 0 HP dies. killer_of[p] is the instance that struck p's
    primary (-1: not killed by a creature; BY_OPPONENT_EFFECT: by an effect of the opponent's).
    Loops, since a death can kill (Jester)."""
    for _ in range(4):
        found = False
        for p in range(players.shape[0]):
            i = players[p, P.primary]
            if i >= 0 and fighters[i, F.hp] <= 0:
                if _revive_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace):
                    continue
                found = True
                kill_nb(cards, effects, inst, fighters, players, glob, decks, i, killer_of[p], in_battle, rng, trace)
        if not found:
            return


@njit(cache=True, _nrt=False)
def slide_in_options_nb(inst, players, p, out):
    """p's primary died: the Limited Summons that may take its place, those whose anchor is
    still on the field (rules guide, LIMITED SUMMONS); p chooses one. Returns how many."""
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.limited and inst[j, I.controller] == p:
            anchor = inst[j, I.anchor]
            # "must have their anchoring effect on the field": a creature, a magic card, or the
            # Limited Summon itself (The Squire is its own anchoring effect)
            if (
                anchor >= 0
                and anchor != j
                and inst[anchor, I.zone] != InstZone.primary
                and inst[anchor, I.zone] != InstZone.magic
            ):
                continue
            out[n] = j
            n += 1
    return n


@njit(cache=True, _nrt=False)
def slide_in_nb(cards, inst, fighters, players, glob, p, best, trace):
    """Limited Summon `best` takes p's empty primary place, regaining its effects and health
    pool (rules guide, LIMITED SUMMONS)."""
    held = inst[best, I.anchor]
    set_zone_nb(inst, glob, best, InstZone.primary)
    inst[best, I.anchor] = held
    inst[best, I.controller] = p
    players[p, P.primary] = best
    new_fighter_nb(cards, inst, fighters, glob, best)
    record_nb(trace, glob, p, Event.slide_in, best, inst[best, I.card], 0)


@njit(cache=True, _nrt=False)
def heal_creature_nb(inst, fighters, glob, i, amount, trace):
    if i < 0:
        return
    before = fighters[i, F.hp]
    heal_nb(fighters[i], amount)
    record_nb(trace, glob, inst[i, I.controller], Event.heal, i, fighters[i, F.hp] - before, fighters[i, F.hp])


@njit(cache=True, _nrt=False)
def tend_sleepers_nb(cards, effects, inst, fighters, players, glob, decks, heal, rng, trace):
    """Sleepy Scent: a sleeping creature whose HP fell since the last look took damage, which
    wakes it: the card goes to its owner's cemetery. With `heal` (the end of its player's combat
    phase, when healing over time is due: ruling 6) a creature still asleep heals the row's
    amount (ruling sleepy-scent)."""
    t = glob[G.turn]
    for j in range(inst.shape[0]):
        c = inst[j, I.attached_to]
        if inst[j, I.zone] != InstZone.magic or c < 0 or 0 <= inst[j, I.expires] < t:
            continue
        r = sleep_row_nb(cards, effects, inst[j, I.card])
        if r < 0:
            continue
        if 0 < inst[j, I.sleeper_hp] and fighters[c, F.hp] < inst[j, I.sleeper_hp]:
            leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, j, rng, trace)
            continue
        if heal and inst[j, I.controller] == glob[G.active] and fighters[c, F.hp] > 0:
            heal_creature_nb(inst, fighters, glob, c, effects[r, E.amount], trace)
        inst[j, I.sleeper_hp] = fighters[c, F.hp]
