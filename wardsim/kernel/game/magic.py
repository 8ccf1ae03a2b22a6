"""Playing magic cards: what can be played now, its cost, the Lightning response chain and the
card taking effect (numba).

`magic_options_nb` lists the ways a player can play a magic card from hand (the target codes
are `MagicTarget`). `play_magic_nb` plays one: its cost, then the response chain (each player
in turn may answer the last card with a Lightning card; the chain resolves last played first,
DESIGN.md ruling 10), then its rows, executed by `kernel.game.resolve.execute_row_nb`. Magic cards
that last (Infinite cards, equips, field cards, and standard cards with a duration) stay in the
`magic` zone, where `kernel.game.resolve.refresh_fighters_nb` reads them; a timed card's `expires`
is the last turn it acts.
"""

from __future__ import annotations

from wardsim.kernel.bots import choice
from wardsim.kernel.duel.effect_rows import effective_al_nb, take_damage_nb
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
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game import boss
from wardsim.kernel.game.actions import encode_action_nb
from wardsim.kernel.game.enums import (
    NO_OPTION,
    ActionKind,
    ChoiceKind,
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
    battle_bound_nb,
    cannot_be_negated_nb,
    card_rows_nb,
    cemetery_chained_nb,
    decks_flipped_nb,
    find_row_nb,
    flip_decks_nb,
    held_on_field_nb,
    infinite_in_use_nb,
    leave_for_cemetery_nb,
    lightning_barred_nb,
    limited_barred_nb,
    magic_barred_nb,
    magic_toll_nb,
    non_equip_magic_blocked_nb,
    once_negation_nb,
    paid_negation_nb,
    pay_magic_toll_nb,
    rarity_barred_nb,
    show_deck_tops_nb,
    standard_blocked_nb,
    sync_damage_immune_nb,
    to_cemetery_nb,
)
from wardsim.kernel.game.resolve import (
    best_in_zone_nb,
    exchange_options_nb,
    execute_row_nb,
    is_aura_action_nb,
    magic_immune_vs_nb,
    matches_filter_nb,
    turn_cycles_nb,
)
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import (
    MAX_INST,
    MAX_SEATS,
    cemetery_hp_nb,
    hand_size_nb,
    infinite_slots_nb,
    opponent_nb,
    remove_from_deck_nb,
    set_zone_nb,
    shuffle_deck_nb,
)
from wardsim.kernel.game.trace import note_fizzle_nb, note_play_nb, record_nb
from wardsim.kernel.jit import njit
from wardsim.rules import NO_SACRIFICE_MAX_AL, ONE_SACRIFICE_MAX_AL

E = EffectCol
F = FighterCol
I = InstCol  # noqa: E741
P = PlayerCol
G = GlobCol

MAX_CHAIN = 8


# ------------------------------------------------------------------ playing magic


@njit(cache=True, _nrt=False)
def _equip_target(cards, inst, players, glob, p, i, target):
    # an equip with alternatives (The Merchant) goes on the side its rows call for
    hostile_choice = target >= MagicTarget.choice and cards[inst[i, I.card], CardCol.hostile] != 0
    side = opponent_nb(players, glob, p) if target == MagicTarget.opponent or hostile_choice else p
    return players[side, P.primary]


@njit(cache=True, _nrt=False)
def plays_any_time_nb(cards, effects, card):
    """Mind Sap: "At any point during the game, play this card from your hand. Negate the equipped
    creature's effects": a Lightning card played as an equip, on either primary creature, in any
    phase of its player's turn and as a response in the opponent's."""
    return find_row_nb(cards, effects, card, Trigger.response_any, Action.equip_self) >= 0


@njit(cache=True, _nrt=False)
def plays_as_equip_nb(cards, effects, card):
    """Frog Bard: "You may play this card from your hand as an Infinite equip magic card to your
    primary creature": a creature card with an `on_play` `equip_self` row aimed at its player's
    primary creature, offered as a magic card besides its summon."""
    if cards[card, CardCol.card_type] != CardType.creature:
        return False
    r = find_row_nb(cards, effects, card, Trigger.on_play, Action.equip_self)
    return r >= 0 and effects[r, E.target] == Target.own_primary


@njit(cache=True, _nrt=False)
def plays_as_equip_now_nb(cards, effects, inst, card):
    """Creature card `card` may be played from the hand as an Infinite equip on its player's
    primary creature now: by its own text (Frog Bard), or while a field card lets every player
    do so (Graft: "Players may equip creatures from their hand to their primary creature as
    Infinite equip magic cards"; a `static` `equip_self` row of a magic card)."""
    if cards[card, CardCol.card_type] != CardType.creature:
        return False
    if plays_as_equip_nb(cards, effects, card):
        return True
    for j in range(inst.shape[0]):
        if (
            inst[j, I.zone] == InstZone.magic
            and cards[inst[j, I.card], CardCol.card_type] == CardType.magic
            and find_row_nb(cards, effects, inst[j, I.card], Trigger.static, Action.equip_self) >= 0
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def lightning_field_nb(cards, card):
    """Attack Beacon: a Lightning field card. It is played in its player's magic/summoning or
    wrap-up phase and stays on the field until destroyed, in no Infinite slot (rules guide: the
    five slots do not include Lightning Bolt cards; ruling attack-beacon)."""
    return (
        cards[card, CardCol.magic_type] == MagicType.lightning
        and cards[card, CardCol.magic_subtype] == MagicSubtype.field
    )


@njit(cache=True, _nrt=False)
def answers_summon_nb(cards, effects, card):
    """Icy Breath: "Play this card when your opponent summons a creature": a Lightning card
    that stays attached to that creature (their primary)."""
    return find_row_nb(cards, effects, card, Trigger.response_opponent_summon, Action.apply_status) >= 0


@njit(cache=True, _nrt=False)
def summon_options_nb(cards, effects, inst, fighters, players, glob, q, summoned, out):
    """q's options when the opponent summons creature `summoned`: pass, or answer with a
    Lightning card that answers summons (one option per distinct card); none while q may not
    play magic or Lightning cards, or when magic cannot reach the creature."""
    out[0] = NO_OPTION
    n = 1
    if magic_barred_nb(cards, effects, inst, fighters, players, glob, q) or lightning_barred_nb(
        cards, effects, inst, fighters, players, glob, q
    ):
        return n  # Irresistible Love bars the answers too
    if magic_immune_vs_nb(cards, effects, inst, summoned, q):
        return n
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != q or listed_nb(inst, out, n, i):
            continue
        if (
            cards[inst[i, I.card], CardCol.card_type] == CardType.magic
            and answers_summon_nb(cards, effects, inst[i, I.card])
            and not rarity_barred_nb(cards, players, glob, inst[i, I.card])
        ):
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def primary_al_limit_nb(fighters, players, p):
    """Gnarled Hand: the highest printed AL below the AL of p's primary creature now (every
    change counted, capped at 12); 0 when there is none (no primary, or its AL is 1)."""
    c = players[p, P.primary]
    if c < 0:
        return 0
    return effective_al_nb(fighters[c]) - 1


@njit(cache=True, _nrt=False)
def guards_in_battle_nb(cards, effects, card):
    """Eagle Knight: a Lightning card played as a battle begins that keeps every damage off its
    player's creature for a time; it stays attached to that creature meanwhile."""
    return find_row_nb(cards, effects, card, Trigger.response_battle_start, Action.prevent_damage) >= 0


@njit(cache=True, _nrt=False)
def answer_equips_nb(cards, effects, card):
    """Ancient Book: a Lightning card that answers the opponent's Lightning card by equipping
    itself, as an Infinite equip, to its player's creature."""
    return find_row_nb(cards, effects, card, Trigger.response_opponent_lightning, Action.equip_self) >= 0


@njit(cache=True, _nrt=False)
def summons_nothing_nb(cards, effects, inst, fighters, players, p, card):
    """A card that summons a creature from p's cemetery or hand finds none there (Revival Priest:
    "Summon a creature from your cemetery to the field"; Helping Hand, from the hand): it has
    nothing to do, so it is not played, and one that resolves all the same has no effect."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.on_play or effects[r, E.action] != Action.limited_summon:
            continue
        zone_from = effects[r, E.zone_from]
        if effects[r, E.condition] == Condition.below_primary_al:
            # Gnarled Hand: "a creature with an AL less than your primary creature"
            limit = primary_al_limit_nb(fighters, players, p)
            found = False
            for j in range(inst.shape[0]):
                if (
                    inst[j, I.zone] == InstZone.hand
                    and inst[j, I.owner] == p
                    and cards[inst[j, I.card], CardCol.card_type] == CardType.creature
                    and 0 < limit
                    and cards[inst[j, I.card], CardCol.armor_level] <= limit
                ):
                    found = True
            if not found:
                return True
        if zone_from == Zone.cemetery or zone_from == Zone.hand:
            zone = InstZone.cemetery if zone_from == Zone.cemetery else InstZone.hand
            j = best_in_zone_nb(cards, effects, inst, r, p, zone, False)
            if j < 0 or cards[inst[j, I.card], CardCol.card_type] != CardType.creature:
                return True
    return False


@njit(cache=True, _nrt=False)
def magic_options_nb(cards, effects, inst, fighters, players, glob, p, i, out, n):
    """Add the ways p can play magic card i now to `out` (from n); returns the new count."""
    card = inst[i, I.card]
    kind = cards[card, CardCol.magic_type]
    if magic_barred_nb(cards, effects, inst, fighters, players, glob, p):
        return n
    if rarity_barred_nb(cards, players, glob, card):
        return n  # Steam Angel
    if players[p, P.primary] < 0 and magic_toll_nb(cards, effects, inst, fighters, glob, p) > 0:
        return n  # Old Logging Road, The Villain: no creature to pay the toll (ruling magic-toll)
    if kind == MagicType.standard and standard_blocked_nb(cards, effects, inst, fighters, glob):
        return n  # Fazard
    any_time = plays_any_time_nb(cards, effects, card)
    field_lightning = lightning_field_nb(cards, card)
    if (kind == MagicType.lightning or kind == MagicType.battle_lightning) and not (any_time or field_lightning):
        return n  # Lightning cards answer events (responses); Mind Sap is also cast as an equip
    if (kind == MagicType.lightning or kind == MagicType.battle_lightning) and lightning_barred_nb(
        cards, effects, inst, fighters, players, glob, p
    ):
        return n  # Time Melt, Time Weaver
    # the other Lightning cards still here are cast as equips, and act as Infinite equips (Mind Sap)
    if (
        kind != MagicType.standard
        and not field_lightning
        and infinite_in_use_nb(cards, effects, inst, p) >= infinite_slots_nb(glob, p)
    ):
        return n
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        if effects[r, E.action] == Action.discard_cost:
            others = 0
            for j in range(inst.shape[0]):
                if (
                    j != i
                    and inst[j, I.zone] == InstZone.hand
                    and inst[j, I.owner] == p
                    and matches_filter_nb(cards, effects, r, inst[j, I.card])
                ):
                    others += 1
            if others < effects[r, E.amount]:
                return n
    is_equip = (
        cards[card, CardCol.magic_subtype] == MagicSubtype.equip
        or (kind == MagicType.lightning and not field_lightning)
        or plays_as_equip_now_nb(cards, effects, inst, card)
    )
    if not is_equip and non_equip_magic_blocked_nb(cards, effects, inst, fighters, glob):
        return n  # Foggy Night: only creatures and equips
    if is_equip:
        if summons_nothing_nb(cards, effects, inst, fighters, players, p, card):
            return n
        target = MagicTarget.opponent if cards[card, CardCol.hostile] else MagicTarget.own
        # Mind Sap names no side: "the equipped creature" is the primary its player equips (the
        # opponent's is offered first)
        for k in range(2 if any_time else 1):
            if k == 1:
                target = MagicTarget.own if target == MagicTarget.opponent else MagicTarget.opponent
            c = _equip_target(cards, inst, players, glob, p, i, target)
            if (
                c >= 0
                and not magic_immune_vs_nb(cards, effects, inst, c, p)
                and _hp_allows(cards, effects, inst, fighters, start, stop, c)
            ):
                # The Merchant: one option per alternative, picked when it is played
                n_choice = 0
                for r in range(start, stop):
                    if (effects[r, E.flags] & Flag.choice) != 0:
                        out[n] = encode_action_nb(ActionKind.magic, i, MagicTarget.choice + n_choice)
                        n += 1
                        n_choice += 1
                if n_choice == 0:
                    out[n] = encode_action_nb(ActionKind.magic, i, target)
                    n += 1
        return n
    if not _useful_now(cards, effects, inst, fighters, players, glob, p, i):
        return n
    n_choice = 0
    for r in range(start, stop):
        if (effects[r, E.flags] & Flag.choice) != 0:
            out[n] = encode_action_nb(ActionKind.magic, i, MagicTarget.choice + n_choice)
            n += 1
            n_choice += 1
    if n_choice == 0:
        out[n] = encode_action_nb(ActionKind.magic, i, MagicTarget.none)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def _hp_allows(cards, effects, inst, fighters, start, stop, c):
    """Bio-Regeneration goes only on a creature with few HP left, Final Form on one below a
    fraction of its printed HP: does creature c qualify for the rows start..stop of an equip?"""
    for r in range(start, stop):
        if effects[r, E.action] != Action.equip_hp_limit:
            continue
        if effects[r, E.divisor] > 1:
            # Final Form: "below 1/2 its base HP", the printed HP (ruling final-form)
            printed = cards[inst[c, I.card], CardCol.hp]
            if fighters[c, F.hp] * effects[r, E.divisor] >= printed * effects[r, E.amount]:
                return False
        elif fighters[c, F.hp] > effects[r, E.amount]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _useful_now(cards, effects, inst, fighters, players, glob, p, i):
    """A standard card can be played when its main row has something to act on."""
    start, stop = card_rows_nb(cards, inst[i, I.card])
    o = opponent_nb(players, glob, p)
    if find_row_nb(cards, effects, inst[i, I.card], Trigger.static, Action.limited_sacrifice) >= 0:
        # Soul Eater: worth playing before this turn's summon, with a Limited Summon on the field
        # and a creature of the hand that needs a sacrifice
        if players[p, P.summon_turn] == glob[G.turn] or glob[G.phase] != Phase.main:
            return False
        limited = False
        needs = False
        for j in range(inst.shape[0]):
            if inst[j, I.zone] == InstZone.limited:
                limited = True
            if (
                inst[j, I.zone] == InstZone.hand
                and inst[j, I.owner] == p
                and cards[inst[j, I.card], CardCol.card_type] == CardType.creature
                and cards[inst[j, I.card], CardCol.armor_level] > NO_SACRIFICE_MAX_AL
            ):
                needs = True
        return limited and needs
    if find_row_nb(cards, effects, inst[i, I.card], Trigger.static, Action.sacrifice_discount) >= 0:
        # Bait: worth playing only before this turn's summon, for a creature of the hand that
        # needs a sacrifice by its AL besides the primary creature (which leaves the field for
        # the new one anyway: sacrificed, or killed to make room)
        if players[p, P.summon_turn] == glob[G.turn] or glob[G.phase] != Phase.main:
            return False
        least = ONE_SACRIFICE_MAX_AL if players[p, P.primary] >= 0 else NO_SACRIFICE_MAX_AL
        for j in range(inst.shape[0]):
            if (
                j != i
                and inst[j, I.zone] == InstZone.hand
                and inst[j, I.owner] == p
                and cards[inst[j, I.card], CardCol.card_type] == CardType.creature
                and cards[inst[j, I.card], CardCol.armor_level] > least
            ):
                return True
        return False
    acts_when_played = False
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.on_play:
            continue
        acts_when_played = True
        action = effects[r, E.action]
        target = effects[r, E.target]
        if action == Action.self_battle:
            # Possession: a battle must be possible this turn, and a creature there to fight
            t = glob[G.turn]
            return t >= glob[G.cycle] and glob[G.no_battle_until] < t and players[o, P.primary] >= 0
        if action == Action.share_damage:
            return players[p, P.primary] >= 0 and players[o, P.primary] >= 0  # Bound Fate
        if action == Action.damage and target == Target.own_primary:
            continue  # Chain Lightning: the damage to its own creature is a price; its next rows decide
        if action == Action.heal:
            c = players[p, P.primary]
            return (
                c >= 0
                and fighters[c, F.hp] < fighters[c, F.max_hp]
                and not magic_immune_vs_nb(cards, effects, inst, c, p)
            )
        if action == Action.move_card and effects[r, E.zone_from] == Zone.hand:
            # a trade (Frog of Fortune, Peddling Partridge): a card to send besides this one,
            # and the cemetery row after it must find one to take
            options = local_array(MAX_INST)
            if hand_options_nb(cards, effects, inst, p, i, r, options) == 0:
                return False
            continue
        if action == Action.move_card and effects[r, E.zone_from] == Zone.cemetery:
            if best_in_zone_nb(cards, effects, inst, r, p, InstZone.cemetery, False) >= 0:
                return True
            continue  # Holy Light: either row may find a card
        if action == Action.move_card and target == Target.own_primary and effects[r, E.zone_from] == Zone.field:
            c = players[p, P.primary]
            if c >= 0 and held_on_field_nb(cards, effects, inst, fighters, glob, c):
                return False  # Revival Priest: a Steam Spider, a creature in Lead Boots stays
        if action == Action.move_card and target == Target.opponent_primary:
            c = players[o, P.primary]
            return (
                c >= 0
                and not magic_immune_vs_nb(cards, effects, inst, c, p)
                and not held_on_field_nb(cards, effects, inst, fighters, glob, c)
            )
        if action == Action.swap_primaries:
            a = players[p, P.primary]
            b = players[o, P.primary]
            # Steam Spider, Lead Boots: a creature that cannot change control stops the switch
            return (
                a >= 0
                and b >= 0
                and not held_on_field_nb(cards, effects, inst, fighters, glob, a)
                and not held_on_field_nb(cards, effects, inst, fighters, glob, b)
            )
        if action == Action.reveal_and_remove:
            return hand_size_nb(inst, o) > 0
        if action == Action.exchange_with_cemetery:
            # Eye For An Eye: its player has a card to take back for one of their hand
            options = local_array(MAX_INST)
            return exchange_options_nb(cards, effects, inst, p, i, options) > 0
        if action == Action.shuffle_deck:
            return players[o if target == Target.opponent_player else p, P.deck_n] >= 2  # Shuffling Bones
        if action == Action.order_deck_top:
            # Hands of Fate: an order to choose needs two cards, and at most one of those on top
            # may be known in place already (the opponent has drawn the others of a former look)
            return players[o, P.deck_n] >= 2 and _known_in_deck(inst, o) <= 1
        if action == Action.limited_summon and limited_barred_nb(cards, effects, inst, glob):
            return False  # Street Lights: no Limited Summon is played
        if action == Action.limited_summon and effects[r, E.zone_from] == Zone.cemetery:
            return best_in_zone_nb(cards, effects, inst, r, p, InstZone.cemetery, False) >= 0
        if action == Action.limited_summon and effects[r, E.zone_from] == Zone.hand:
            return best_in_zone_nb(cards, effects, inst, r, p, InstZone.hand, False) >= 0
        if action == Action.destroy_magic:
            for j in range(inst.shape[0]):
                if inst[j, I.zone] == InstZone.magic and (
                    target != Target.opponent_magic or inst[j, I.controller] == o
                ):
                    return True
            return False
        if action == Action.auto_hit or action == Action.strike_first:
            return players[p, P.primary] >= 0
        if action == Action.damage and target == Target.opponent_primary:
            # Ignite: no opposing creature (the first turn), nothing to burn
            c = players[o, P.primary]
            return c >= 0 and not magic_immune_vs_nb(cards, effects, inst, c, p)
        if action == Action.cemetery_hp and effects[r, E.amount] < 0:
            return cemetery_hp_nb(cards, inst, players, p) > 0  # Reduce the Burden: nothing to reduce
        return True
    if not acts_when_played and _reverses_order(cards, effects, inst[i, I.card]):
        return _reversal_helps(cards, effects, inst, fighters, players, glob, p)
    if not acts_when_played and find_row_nb(cards, effects, inst[i, I.card], Trigger.static, Action.no_return) >= 0:
        return not cemetery_chained_nb(cards, effects, inst)  # Bound With Chains: a second copy adds nothing
    # a card whose effect lasts on the field (Flame of the Infinite, Curse, Forest Fire) always can
    return not acts_when_played


@njit(cache=True, _nrt=False)
def _known_in_deck(inst, o):
    """Cards of o's deck whose place both players know (Hands of Fate put them on top)."""
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.deck and inst[j, I.owner] == o and inst[j, I.seen] & SeenBit.known_in_deck:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _reverses_order(cards, effects, card):
    return find_row_nb(cards, effects, card, Trigger.static, Action.slower_strikes_first) >= 0


@njit(cache=True, _nrt=False)
def _reversal_helps(cards, effects, inst, fighters, players, glob, p):
    """Reverse Polarity changes something only while the primaries' SPD differ and no copy is on
    the field yet; its player plays it when their primary is the slower one."""
    for j in range(inst.shape[0]):
        if inst[j, I.zone] == InstZone.magic and _reverses_order(cards, effects, inst[j, I.card]):
            return False
    c = players[p, P.primary]
    x = players[opponent_nb(players, glob, p), P.primary]
    return c >= 0 and x >= 0 and fighters[c, F.speed] < fighters[x, F.speed]


@njit(cache=True, _nrt=False)
def hand_answers_nb(cards, effects, inst, fighters, players, glob, p, trigger, action, options):
    """The Lightning cards of p's hand that answer an event of the game (Possessed Dummy, Last
    Hope Hero, Witch's Cabin): one option per card with a `trigger` `action` row, then NO_OPTION.
    None (0) while p may play no magic card or no Lightning card (Mind Sap, Sasquatch), or has
    no primary creature to pay a magic toll with (ruling magic-toll); Steam Angel bars a rarity."""
    if magic_barred_nb(cards, effects, inst, fighters, players, glob, p) or lightning_barred_nb(
        cards, effects, inst, fighters, players, glob, p
    ):
        return 0
    if players[p, P.primary] < 0 and magic_toll_nb(cards, effects, inst, fighters, glob, p) > 0:
        return 0
    n = 0
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.hand or inst[j, I.owner] != p:
            continue
        if find_row_nb(cards, effects, inst[j, I.card], trigger, action) < 0:
            continue
        if rarity_barred_nb(cards, players, glob, inst[j, I.card]) or listed_nb(inst, options, n, j):
            continue
        options[n] = j
        n += 1
    if n > 0:
        options[n] = NO_OPTION
        n += 1
    return n


@njit(cache=True, _nrt=False)
def listed_nb(inst, out, n, i):
    """Is a copy of card i (in the same zone) among the first n options already?"""
    for k in range(n):
        j = out[k]
        if j >= 0 and inst[j, I.card] == inst[i, I.card] and inst[j, I.zone] == inst[i, I.zone]:
            return True
    return False


@njit(cache=True, _nrt=False)
def hand_options_nb(cards, effects, inst, p, skip, r, out):
    """The cards of p's hand (one per distinct card), but `skip`, passing row r's filter when
    r >= 0 (a discard cost's); returns how many."""
    n = 0
    for i in range(inst.shape[0]):
        if i == skip or inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != p:
            continue
        if r >= 0 and not matches_filter_nb(cards, effects, r, inst[i, I.card]):
            continue
        if not listed_nb(inst, out, n, i):
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def is_lightning_nb(cards, card):
    k = cards[card, CardCol.magic_type]
    return cards[card, CardCol.card_type] == CardType.magic and (
        k == MagicType.lightning or k == MagicType.battle_lightning
    )


@njit(cache=True, _nrt=False)
def _answers(cards, effects, card, answered):
    """Does Lightning card `card` answer card instance `answered`'s card? Every answer answers a
    magic card; Scroll of Silence and Hell Hath No Fury answer Lightning cards only."""
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        t = effects[r, E.trigger]
        if t == Trigger.response_opponent_magic:
            return True
        if t == Trigger.response_opponent_lightning and is_lightning_nb(cards, answered):
            return True
        if t == Trigger.response_opponent_heal and heals_when_played_nb(cards, effects, answered):
            return True
    return False


@njit(cache=True, _nrt=False)
def heals_when_played_nb(cards, effects, card):
    """A magic card that heals a creature as it is played (Health Potion, Herbal Poultice, the
    first heal of Troll Regeneration): what Poisoned Potion answers (ruling poisoned-potion)."""
    if cards[card, CardCol.card_type] != CardType.magic:
        return False
    return find_row_nb(cards, effects, card, Trigger.on_play, Action.heal) >= 0


@njit(cache=True, _nrt=False)
def response_options_nb(cards, effects, inst, fighters, players, glob, q, answered, out):
    """q's options when magic card instance `answered` is played: pass, or answer it with a
    Lightning card from hand that answers it, or with Mind Sap while an Infinite slot is free
    (one option per distinct card)."""
    out[0] = NO_OPTION
    n = 1
    if cards[inst[answered, I.card], CardCol.card_type] != CardType.magic:
        return n  # Bunnysaurus's negation is a creature's effect, not a card played: no answer
    if once_negation_nb(cards, effects, inst, fighters, players[q, P.primary], True) >= 0:
        out[n] = players[q, P.primary]  # Bunnysaurus: not a card, so no block on magic stops it
        n += 1
    elif paid_negation_nb(cards, effects, inst, fighters, players[q, P.primary], True) >= 0:
        out[n] = players[q, P.primary]  # Ooze Weaver: its HP pays the negation, again and again
        n += 1
    if magic_barred_nb(cards, effects, inst, fighters, players, glob, q) or lightning_barred_nb(
        cards, effects, inst, fighters, players, glob, q
    ):
        return n  # every answer is a Lightning card (Time Melt, Time Weaver, Sasquatch)
    if players[q, P.primary] < 0 and magic_toll_nb(cards, effects, inst, fighters, glob, q) > 0:
        return n  # Old Logging Road, The Villain: no creature to pay the toll (ruling magic-toll)
    for i in range(inst.shape[0]):
        if inst[i, I.zone] != InstZone.hand or inst[i, I.owner] != q or listed_nb(inst, out, n, i):
            continue
        card = inst[i, I.card]
        if cards[card, CardCol.card_type] != CardType.magic or rarity_barred_nb(cards, players, glob, card):
            continue  # Steam Angel bars cards of a rarity
        if plays_any_time_nb(cards, effects, card):
            o = opponent_nb(players, glob, q)
            if players[o, P.primary] >= 0 and infinite_in_use_nb(cards, effects, inst, q) < infinite_slots_nb(glob, q):
                out[n] = i
                n += 1
            continue
        if _answers(cards, effects, card, inst[answered, I.card]):
            if answer_equips_nb(cards, effects, card) and (
                players[q, P.primary] < 0
                or magic_immune_vs_nb(cards, effects, inst, players[q, P.primary], q)
                or infinite_in_use_nb(cards, effects, inst, q) >= infinite_slots_nb(glob, q)
            ):
                continue  # Ancient Book: no creature to equip, or no Infinite slot free
            if find_row_nb(cards, effects, card, Trigger.response_opponent_heal, Action.poison_heal) >= 0 and (
                players[opponent_nb(players, glob, q), P.primary] < 0
            ):
                continue  # Poisoned Potion: no creature to heal, no healing to turn
            out[n] = i
            n += 1
    return n


@njit(cache=True, _nrt=False)
def play_magic_nb(
    cards, effects, inst, fighters, players, glob, decks, p, i, target, policy, params, rng, script, trace
):
    """p plays magic card i: pay its cost, open the response chain, resolve what survives.
    Returns True when the card resolved (no answer negated it)."""
    card = inst[i, I.card]
    record_nb(trace, glob, p, Event.magic, i, card, target)
    note_play_nb(inst, i)
    set_zone_nb(inst, glob, i, InstZone.resolving)
    pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, p, trace)
    start, stop = card_rows_nb(cards, card)
    options = local_array(MAX_INST)
    for r in range(start, stop):
        if effects[r, E.trigger] == Trigger.on_play and effects[r, E.action] == Action.discard_cost:
            for _ in range(effects[r, E.amount]):
                n = hand_options_nb(cards, effects, inst, p, i, r, options)
                if n == 0:
                    break
                d = choice.pick_nb(
                    ChoiceKind.discard_cost,
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
                record_nb(trace, glob, p, Event.discard, d, inst[d, I.card], 0)
                to_cemetery_nb(cards, effects, inst, players, glob, d, trace)
    # the Lightning response chain (rules guide, CARD ACTIVATION; ruling 10); Break Free "cannot
    # be negated or stopped once drawn" (Boss Battles)
    negator = -1
    if not (boss.is_boss_nb(glob, p) and boss.breaks_free_nb(cards, effects, card)):
        negator = response_chain_nb(
            cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace
        )
    if negator >= 0:
        glob[G.poisoned] = -1
        if inst[i, I.zone] == InstZone.resolving:
            record_nb(trace, glob, p, Event.negated, i, card, negator)
            to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
        note_fizzle_nb(trace, glob, inst, i, FizzleReason.negated)
        return False
    if _boss_resists(cards, effects, inst, players, glob, p, i, target, rng, script, trace):
        return False
    resolve_card_nb(
        cards, effects, inst, fighters, players, glob, decks, p, i, target, policy, params, rng, script, trace
    )
    glob[G.poisoned] = -1  # Poisoned Potion turns the healing of the card it answered only
    return True


@njit(cache=True, _nrt=False)
def chosen_row_nb(cards, effects, card, target):
    """The alternative row a play's `target` picks (`MagicTarget.choice` + k: the k-th row of the
    card flagged `choice`); -1 when it picks none."""
    if target < MagicTarget.choice:
        return -1
    start, stop = card_rows_nb(cards, card)
    k = 0
    for r in range(start, stop):
        if (effects[r, E.flags] & Flag.choice) != 0:
            if k == target - MagicTarget.choice:
                return r
            k += 1
    return -1


@njit(cache=True, _nrt=False)
def _boss_resists(cards, effects, inst, players, glob, p, i, target, rng, script, trace):
    """A player's magic card i that acts on the boss takes effect only on a 4-6; on a 1-3 the
    boss resists it and it goes to its player's cemetery (Boss Battles, Magic cards vs Boss).
    True when it was resisted."""
    if glob[G.boss] < 0 or boss.is_boss_nb(glob, p):
        return False
    card = inst[i, I.card]
    hostile = cards[card, CardCol.magic_subtype] == MagicSubtype.equip and target == MagicTarget.opponent
    chosen = chosen_row_nb(cards, effects, card, target)
    if not boss.card_reaches_boss_nb(cards, effects, card, hostile, chosen):
        return False
    if boss.resist_roll_nb(glob, p, i, rng, script, trace):
        return False
    to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
    note_fizzle_nb(trace, glob, inst, i, FizzleReason.resisted)
    return True


@njit(cache=True, _nrt=False)
def response_chain_nb(cards, effects, inst, fighters, players, glob, decks, p, i, policy, params, rng, script, trace):
    """p's magic card i, resolving, opens the Lightning response chain: the players answer in
    turn, then the answers resolve, the last first. Returns the answer that negates card i, or
    -1 when card i still takes effect."""
    card = inst[i, I.card]
    options = local_array(MAX_INST)
    chain = local_array(MAX_CHAIN)
    chain[:] = -1
    chain[0] = i
    depth = 1
    last = p  # the player of the card the chain ends with
    if is_lightning_nb(cards, card):
        players[p, P.lightning_turn] = glob[G.turn] + 1  # Steam Rex reads it
    seats = players.shape[0]
    while depth < MAX_CHAIN:
        # each opponent of that card's player still in the game may answer it, in seat order from
        # that player; the first to answer adds one card (ruling responders; 1v1: the other seat)
        answer = -1
        player = -1
        for k in range(1, seats):
            q = (last + k) % seats
            if players[q, P.lost] > 0 or players[q, P.team] == players[last, P.team]:
                continue
            n = response_options_nb(cards, effects, inst, fighters, players, glob, q, chain[depth - 1], options)
            answer = choice.pick_nb(
                ChoiceKind.magic_response,
                q,
                chain[depth - 1],
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
            if answer >= 0:
                player = q
                break
        if answer < 0:
            break
        record_nb(trace, glob, player, Event.response, answer, inst[answer, I.card], chain[depth - 1])
        if cards[inst[answer, I.card], CardCol.card_type] == CardType.magic:
            note_play_nb(inst, answer)
            players[player, P.lightning_turn] = glob[G.turn] + 1  # every answering card is a Lightning card
            set_zone_nb(inst, glob, answer, InstZone.resolving)
            pay_magic_toll_nb(cards, effects, inst, fighters, players, glob, player, trace)
        chain[depth] = answer
        depth += 1
        last = player
    negated = local_array(MAX_CHAIN)
    negated[:] = 0
    for k in range(depth - 1, 0, -1):
        if not negated[k]:
            negated[k - 1] = resolve_response_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                chain[k],
                chain[k - 1],
                policy,
                params,
                rng,
                script,
                trace,
            )
            if k >= 2 and negated[k - 1] and cannot_be_negated_nb(cards, effects, inst[chain[k - 1], I.card]):
                # Scroll of Silence, Hell Hath No Fury: the negation aimed at them is wasted
                negated[k - 1] = 0
                note_fizzle_nb(trace, glob, inst, chain[k], FizzleReason.nothing_to_do)
    for k in range(1, depth):
        if negated[k]:
            note_fizzle_nb(trace, glob, inst, chain[k], FizzleReason.negated)
        if inst[chain[k], I.zone] == InstZone.resolving:
            to_cemetery_nb(cards, effects, inst, players, glob, chain[k], trace)
    if negated[0] and find_row_nb(cards, effects, card, Trigger.on_play, Action.immune) >= 0:
        # Celestial Power, Creator's Gift: "cannot be negated when played"; the negation is wasted
        negated[0] = 0
        if cards[inst[chain[1], I.card], CardCol.card_type] == CardType.magic:
            note_fizzle_nb(trace, glob, inst, chain[1], FizzleReason.nothing_to_do)
    return chain[1] if negated[0] else -1


@njit(cache=True, _nrt=False)
def resolve_response_nb(
    cards, effects, inst, fighters, players, glob, decks, answer, answered, policy, params, rng, script, trace
):
    """Resolve Lightning card `answer` against card `answered`; True if it negates it."""
    q = inst[answer, I.controller]
    if cards[inst[answer, I.card], CardCol.card_type] == CardType.creature:
        # Bunnysaurus on the field: its one negation is spent on this card
        r = once_negation_nb(cards, effects, inst, fighters, answer, True)
        paid = paid_negation_nb(cards, effects, inst, fighters, answer, True)
        if r < 0 and paid >= 0:
            # Ooze Weaver: "Take 15 damage to negate the magic card"
            sync_damage_immune_nb(cards, effects, inst, fighters, glob)
            dealt = take_damage_nb(fighters[answer], fighters[answer], effects, effects[paid, E.amount], False)
            record_nb(trace, glob, q, Event.effect, answer, paid, 0)
            record_nb(trace, glob, q, Event.effect_damage, answer, dealt, fighters[answer, F.hp])
            return True
        if r < 0:
            return False  # it left the field, or lost its effects, before the chain resolved
        inst[answer, I.spent_at] = inst[answer, I.arrival]
        record_nb(trace, glob, q, Event.effect, answer, r, 0)
        return True
    if answer_equips_nb(cards, effects, inst[answer, I.card]):
        # Ancient Book: equipped to its player's primary creature; the card answered still acts
        resolve_card_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            q,
            answer,
            MagicTarget.own,
            policy,
            params,
            rng,
            script,
            trace,
        )
        return False
    if plays_any_time_nb(cards, effects, inst[answer, I.card]):
        # Mind Sap played while the other card waits: it takes effect, and answers nothing
        resolve_card_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            q,
            answer,
            _default_target(cards, inst, answer),
            policy,
            params,
            rng,
            script,
            trace,
        )
        return False
    start, stop = card_rows_nb(cards, inst[answer, I.card])
    negates = False
    # a card that offers alternatives (Goblin Tricks): its player picks one
    rows = local_array(MAX_CHAIN)
    n = 0
    for r in range(start, stop):
        if _answer_row(effects, r) and (effects[r, E.flags] & Flag.choice) != 0 and n < MAX_CHAIN:
            rows[n] = r
            n += 1
    chosen = choice.pick_nb(
        ChoiceKind.response_row,
        q,
        answered,
        rows,
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
    for r in range(start, stop):
        if not _answer_row(effects, r):
            continue
        if (effects[r, E.flags] & Flag.choice) != 0 and r != chosen:
            continue
        action = effects[r, E.action]
        if action == Action.immune:
            continue  # "cannot be negated": read by the chain (cannot_be_negated_nb)
        if action == Action.negate_magic:
            negates = True
        elif action == Action.poison_heal:
            # Poisoned Potion: the answered card still resolves, but its healing hurts instead
            # (kernel.game.resolve.execute_row_nb reads the mark)
            glob[G.poisoned] = answered
        elif action == Action.steal_magic:
            # Magic Steal: the negated card is played on the stealer's side, if it can be
            inst[answered, I.controller] = q
            record_nb(trace, glob, q, Event.stolen, answered, inst[answered, I.card], 0)
            resolve_card_nb(
                cards,
                effects,
                inst,
                fighters,
                players,
                glob,
                decks,
                q,
                answered,
                _default_target(cards, inst, answered),
                policy,
                params,
                rng,
                script,
                trace,
            )
        elif action == Action.damage and effects[r, E.target] == Target.own_primary:
            c = players[q, P.primary]
            if c >= 0:  # Mysterious Door: 10 damage to your own primary
                sync_damage_immune_nb(cards, effects, inst, fighters, glob)
                dealt = take_damage_nb(fighters[c], fighters[c], effects, effects[r, E.amount], False)
                record_nb(trace, glob, q, Event.effect_damage, c, dealt, fighters[c, F.hp])
        else:
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
                q,
                answer,
                r,
                -1,
                policy,
                params,
                rng,
                script,
                trace,
                moved,
            )
    return negates


@njit(cache=True, _nrt=False)
def _answer_row(effects, r):
    t = effects[r, E.trigger]
    return (
        t == Trigger.response_opponent_magic
        or t == Trigger.response_opponent_lightning
        or t == Trigger.response_opponent_heal
    )


@njit(cache=True, _nrt=False)
def _default_target(cards, inst, i):
    if cards[inst[i, I.card], CardCol.magic_subtype] == MagicSubtype.equip:
        return MagicTarget.opponent if cards[inst[i, I.card], CardCol.hostile] else MagicTarget.own
    return MagicTarget.none


@njit(cache=True, _nrt=False)
def resolve_card_nb(
    cards, effects, inst, fighters, players, glob, decks, p, i, target, policy, params, rng, script, trace
):
    """Magic card i of p takes effect: it is attached, stays on the field, or is spent."""
    card = inst[i, I.card]
    kind = cards[card, CardCol.magic_type]
    subtype = cards[card, CardCol.magic_subtype]
    inst[i, I.controller] = p
    if summons_nothing_nb(cards, effects, inst, fighters, players, p, card):
        to_cemetery_nb(cards, effects, inst, players, glob, i, trace)  # nothing to summon: no effect
        note_fizzle_nb(trace, glob, inst, i, FizzleReason.nothing_to_do)
        return
    holder = -1
    if (
        subtype == MagicSubtype.equip
        or (kind == MagicType.lightning and plays_any_time_nb(cards, effects, card))
        or answers_summon_nb(cards, effects, card)
        or plays_as_equip_now_nb(cards, effects, inst, card)
        or guards_in_battle_nb(cards, effects, card)
    ):
        holder = _equip_target(cards, inst, players, glob, p, i, target)
        if holder < 0 or magic_immune_vs_nb(cards, effects, inst, holder, p):
            to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
            note_fizzle_nb(trace, glob, inst, i, FizzleReason.nothing_to_do)
            return
    # how long the card stays: Infinite until destroyed; timed cards for their duration
    lasting = kind == MagicType.infinite or subtype == MagicSubtype.equip or holder >= 0
    lasting = lasting or lightning_field_nb(cards, card)  # Attack Beacon
    timed = -1
    start, stop = card_rows_nb(cards, card)
    for r in range(start, stop):
        d = effects[r, E.duration]
        if d > 0:
            timed = max(timed, turn_cycles_nb(glob, d))
        elif d == Duration.turn:
            timed = max(timed, glob[G.turn])
        trig = effects[r, E.trigger]
        if trig == Trigger.turn_end or trig == Trigger.opponent_turn or trig == Trigger.each_turn_start:
            lasting = True  # Forest Fire, Irresistible Love stay until their roll destroys them
    if kind == MagicType.standard and timed >= 0:
        lasting = True
    # Catcow: an Infinite field card "for 2 turn cycles" leaves the field when they are over
    timed_field = kind == MagicType.infinite and subtype == MagicSubtype.field and timed >= 0
    guard = guards_in_battle_nb(cards, effects, card) and timed >= 0  # Eagle Knight, for the turn
    if lasting:
        set_zone_nb(inst, glob, i, InstZone.magic)
        inst[i, I.controller] = p
        inst[i, I.attached_to] = holder
        if (kind == MagicType.standard and timed >= 0) or timed_field or guard:
            inst[i, I.expires] = timed
        inst[i, I.counter] = 0
        inst[i, I.rolled] = 0
        inst[i, I.sleeper_hp] = 0
        # its effect waits for a battle: one that leaves the field first was wasted
        inst[i, I.watch] = 1 if battle_bound_nb(cards, effects, card) else 0
        if find_row_nb(cards, effects, card, Trigger.static, Action.flip_decks) >= 0 and not decks_flipped_nb(
            cards, effects, inst, i
        ):
            flip_decks_nb(inst, players, decks)  # Inversion: the decks turn over as it arrives
            show_deck_tops_nb(cards, effects, inst, players, decks)
    if cards[card, CardCol.card_type] == CardType.creature:
        return  # Frog Bard, a creature equipped by Graft: attached; its own rows play no part as it is played
    chosen = chosen_row_nb(cards, effects, card, target)
    if chosen < 0 and subtype == MagicSubtype.equip:
        # The Merchant equipped by Equip Knight, with no play that picked: its player picks now
        alternatives = local_array(MAX_CHAIN)
        n_alt = 0
        for r in range(start, stop):
            if (effects[r, E.flags] & Flag.choice) != 0 and n_alt < MAX_CHAIN:
                alternatives[n_alt] = r
                n_alt += 1
        if n_alt > 0:
            chosen = choice.pick_nb(
                ChoiceKind.summon_row,
                p,
                i,
                alternatives,
                n_alt,
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
    if lasting:
        inst[i, I.chosen] = chosen + 1  # The Merchant: its lasting alternative, read by the refresh
    moved = local_array(MAX_SEATS)[: players.shape[0]]
    moved[:] = 0
    for r in range(start, stop):
        if effects[r, E.trigger] != Trigger.on_play and effects[r, E.trigger] != Trigger.response_any:
            continue  # response_any: played at any time (Mind Sap as an equip, Hourglass of Time)
        if (effects[r, E.flags] & Flag.choice) != 0 and r != chosen:
            continue
        if effects[r, E.duration] != Duration.instant and is_aura_action_nb(effects[r, E.action]):
            continue  # read by refresh_fighters_nb while the card lingers
        if effects[r, E.action] == Action.equip_self:
            continue  # Mind Sap: attached above, to the primary its player chose
        got = execute_row_nb(
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
            holder,
            policy,
            params,
            rng,
            script,
            trace,
            moved,
        )
        if got < 0:
            break
    if not lasting and inst[i, I.zone] == InstZone.resolving:
        to_cemetery_nb(cards, effects, inst, players, glob, i, trace)
    elif subtype == MagicSubtype.equip and inst[i, I.zone] == InstZone.magic and inst[i, I.attached_to] < 0:
        # an equip left attached to no creature acts on nothing (rules guide, Equip: "will attach to a
        # single card"): it goes to the cemetery rather than hold an Infinite slot
        inst[i, I.watch] = 0
        leave_for_cemetery_nb(cards, effects, inst, fighters, players, glob, decks, i, rng, trace)
        note_fizzle_nb(trace, glob, inst, i, FizzleReason.nothing_to_do)


# ------------------------------------------------------------------ equips from the deck


@njit(cache=True, _nrt=False)
def equip_from_deck_nb(cards, effects, inst, fighters, players, glob, decks, p, c, policy, params, rng, script, trace):
    """Equip Knight: "When summoned, you may search your deck for 2 equip magic cards. Equip them
    to this creature. Shuffle." Creature c, just summoned by p, takes up to the row's `amount`
    equips of p's deck, one pick at a time (p may stop at any pick), each attached to it and
    resolved as if played on it, with no response: they are not played from the hand (ruling
    equip-knight). An equip goes on only where a played one could: an Infinite slot free, the
    creature not immune to magic, its HP within the card's limit."""
    r = find_row_nb(cards, effects, inst[c, I.card], Trigger.on_summon, Action.search_deck)
    if r < 0 or effects[r, E.zone_to] != Zone.field or fighters[c, F.effect_count] == 0:
        return
    options = local_array(MAX_INST)
    searched = False
    for _ in range(max(effects[r, E.amount], 1)):
        if players[p, P.primary] != c or magic_immune_vs_nb(cards, effects, inst, c, p):
            break  # the creature left the field (or a card made it immune): nothing to equip
        if infinite_in_use_nb(cards, effects, inst, p) >= infinite_slots_nb(glob, p):
            break
        n = 0
        for j in range(inst.shape[0]):
            if inst[j, I.zone] != InstZone.deck or inst[j, I.owner] != p:
                continue
            k = inst[j, I.card]
            if cards[k, CardCol.card_type] != CardType.magic or cards[k, CardCol.magic_subtype] != MagicSubtype.equip:
                continue
            start, stop = card_rows_nb(cards, k)
            if not matches_filter_nb(cards, effects, r, k) or not _hp_allows(
                cards, effects, inst, fighters, start, stop, c
            ):
                continue
            dup = False  # copies of a card are one option
            for m in range(n):
                if inst[options[m], I.card] == k:
                    dup = True
            if not dup:
                options[n] = j
                n += 1
        searched = True
        if n == 0:
            break
        options[n] = NO_OPTION  # "you may"
        n += 1
        j = choice.pick_nb(
            ChoiceKind.zone_pick, p, c, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng
        )
        if j < 0 or j == NO_OPTION:
            break
        remove_from_deck_nb(decks, players, j)
        set_zone_nb(inst, glob, j, InstZone.resolving)
        inst[j, I.seen] |= SeenBit.played
        record_nb(trace, glob, p, Event.equipped, j, inst[j, I.card], c)
        resolve_card_nb(
            cards,
            effects,
            inst,
            fighters,
            players,
            glob,
            decks,
            p,
            j,
            MagicTarget.own,
            policy,
            params,
            rng,
            script,
            trace,
        )
        if glob[G.winner] >= 0:
            return
    if searched:
        shuffle_deck_nb(inst, decks, players, p, rng)
