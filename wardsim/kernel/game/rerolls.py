"""Re-rolls inside a strike: Winter Griffin, Magic Watch, Bad Luck Bear (numba).

The battle kernel pauses a strike right after its Hit roll or its Atk roll when the game asks it
to (`FighterCol.reroll_pause`), so that a player sees the roll before deciding. The game then
offers every re-roll a card gives on that roll to the player whose choice it is, through the one
door (`ChoiceKind.reroll`, then `ChoiceKind.reroll_die` where the card re-rolls one die), puts
the new dice in the fighter's strike columns, and lets the strike go on (ruling re-rolls).
"""

from __future__ import annotations

from wardsim.kernel.bots import choice
from wardsim.kernel.duel.battle import strike_nb
from wardsim.kernel.duel.enums import StrikeResult
from wardsim.kernel.enums import Action, CardCol, EffectCol, FighterCol, Stat, Target, Trigger
from wardsim.kernel.game.enums import NO_OPTION, ChoiceKind, Event, GlobCol, InstCol, InstZone
from wardsim.kernel.game.field import card_rows_nb, magic_immune_vs_nb
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import MAX_INST
from wardsim.kernel.game.trace import record_nb
from wardsim.kernel.jit import njit
from wardsim.kernel.rng import d6_nb

E = EffectCol
F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741

HIT_ROLL = 1  # FighterCol.strike_stage of a strike paused after its Hit roll
ATK_ROLL = 2  # ... after its Atk roll
EITHER_ROLL = HIT_ROLL | ATK_ROLL  # the rolls are bits: a row that re-rolls any of them
MAX_PACKED_DICE = 21  # dice a base-8 list in an int64 holds


@njit(cache=True, _nrt=False)
def _row_rerolls(effects, r, stage):
    """Does row r re-roll one of the rolls `stage` (bits HIT_ROLL, ATK_ROLL)? A row names its
    roll by its stat (Winter Griffin's two rows); a row without one re-rolls either, its player's
    pick (Magic Watch, Bad Luck Bear)."""
    return (_row_roll_bits(effects, r) & stage) != 0


@njit(cache=True, _nrt=False)
def _row_roll_bits(effects, r):
    """The rolls row r re-rolls (bits HIT_ROLL, ATK_ROLL); 0 for a row that re-rolls none."""
    action = effects[r, E.action]
    if effects[r, E.trigger] != Trigger.static or (action != Action.reroll and action != Action.force_reroll):
        return 0
    stat = effects[r, E.stat]
    if stat == Stat.hit_dice:
        return HIT_ROLL
    if stat == Stat.attack_dice:
        return ATK_ROLL
    return EITHER_ROLL


@njit(cache=True, _nrt=False)
def _sources(cards, effects, inst, fighters, striker, stage, src, rows):
    """The cards whose rows may re-roll the striker's roll `stage`: its own card unless its
    effects are negated (a Limited Summon has none), then the equips on it unless it is
    unaffected by the magic cards of the equip's player (Fog). Returns how many (instance, row)
    pairs it wrote."""
    n = 0
    if inst[striker, I.zone] == InstZone.primary and fighters[striker, F.effect_count] > 0:
        start, stop = card_rows_nb(cards, inst[striker, I.card])
        for r in range(start, stop):
            if _row_rerolls(effects, r, stage) and effects[r, E.target] == Target.self:
                src[n] = striker
                rows[n] = r
                n += 1
    for j in range(inst.shape[0]):
        if inst[j, I.zone] != InstZone.magic or inst[j, I.attached_to] != striker:
            continue
        if magic_immune_vs_nb(cards, effects, inst, striker, inst[j, I.controller]):
            continue  # Fog: an opponent's equip (Bad Luck Bear) does not reach it
        start, stop = card_rows_nb(cards, inst[j, I.card])
        for r in range(start, stop):
            if _row_rerolls(effects, r, stage) and effects[r, E.target] == Target.equipped:
                src[n] = j
                rows[n] = r
                n += 1
    return n


@njit(cache=True, _nrt=False)
def _spent(cards, inst, glob, j, r):
    """Was row r of card j used in this battle? ("once per battle")"""
    bit = r - cards[inst[j, I.card], CardCol.effect_start]
    return inst[j, I.reroll_battle] == glob[G.battles] and (inst[j, I.reroll_spent] >> bit) & 1 != 0


@njit(cache=True, _nrt=False)
def _spend(cards, inst, glob, j, r):
    if inst[j, I.reroll_battle] != glob[G.battles]:
        inst[j, I.reroll_battle] = glob[G.battles]
        inst[j, I.reroll_spent] = 0
    inst[j, I.reroll_spent] |= 1 << (r - cards[inst[j, I.card], CardCol.effect_start])


@njit(cache=True, _nrt=False)
def dice_count_nb(packed):
    """How many dice a base-8 list holds (faces 1-6, a 0 digit ending it)."""
    n = 0
    while packed > 0:
        n += 1
        packed = packed // 8
    return n


@njit(cache=True, _nrt=False)
def _roll_again(packed, pick, rng, script):
    """The list with die `pick` (0 = the first) rolled again, or every die when `pick` is -1."""
    out = 0
    scale = 1
    k = 0
    while packed > 0:
        die = packed % 8
        if pick < 0 or k == pick:
            die = d6_nb(rng, script)
        out += die * scale
        scale *= 8
        packed = packed // 8
        k += 1
    return out


@njit(cache=True, _nrt=False)
def _dice_sum(packed):
    total = 0
    while packed > 0:
        total += packed % 8
        packed = packed // 8
    return total


@njit(cache=True, _nrt=False)
def _offer(cards, effects, inst, fighters, players, glob, striker, stage, policy, params, rng, script, trace):
    """Offer the re-rolls of the striker's paused roll, the striker's player's first, then the
    opponent's; a re-roll made offers the others again on the new roll (ruling re-rolls)."""
    owner = inst[striker, I.controller]
    col = F.strike_hit_dice if stage == HIT_ROLL else F.strike_atk_dice
    src = local_array(MAX_INST)
    rows = local_array(MAX_INST)
    options = local_array(MAX_INST)
    facts = local_array(MAX_INST)
    again = True
    while again:
        again = False
        n = _sources(cards, effects, inst, fighters, striker, stage, src, rows)
        seats = players.shape[0]
        for side in range(seats):  # the striker's player first, then the seats after it
            q = (owner + side) % seats
            for k in range(n):
                j = src[k]
                r = rows[k]
                # "this creature may", "the equipped creature may": the creature's player;
                # Bad Luck Bear: "You may choose for them to re-roll": the card's player
                decider = owner if effects[r, E.action] == Action.reroll else inst[j, I.controller]
                if decider != q or _spent(cards, inst, glob, j, r):
                    continue
                packed = fighters[striker, col]
                n_dice = dice_count_nb(packed)
                if n_dice == 0:
                    continue
                options[0] = NO_OPTION
                options[1] = j
                facts[0] = 0
                facts[1] = effects[r, E.amount]  # dice it re-rolls; 0: the whole roll
                pick = choice.decide_nb(
                    ChoiceKind.reroll,
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
                if options[pick] != j:
                    continue
                _spend(cards, inst, glob, j, r)
                die = -1
                if 0 < effects[r, E.amount] < n_dice:
                    # Winter Griffin: "re-roll 1 of its Atk Dice Rolls": the die its player picks
                    for d in range(n_dice):
                        options[d] = d
                        facts[d] = (packed // (8**d)) % 8
                    die = choice.decide_nb(
                        ChoiceKind.reroll_die,
                        q,
                        striker,
                        options,
                        facts,
                        n_dice,
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
                record_nb(trace, glob, q, Event.effect, j, r, 0)  # the replay names the card
                record_nb(trace, glob, q, Event.reroll, striker, packed, stage)
                new = _roll_again(packed, die, rng, script)
                fighters[striker, col] = new
                if stage == HIT_ROLL:
                    fighters[striker, F.strike_hit_total] += _dice_sum(new) - _dice_sum(packed)
                again = True


@njit(cache=True, _nrt=False)
def reroll_pause_nb(cards, effects, inst, fighters, striker):
    """The rolls of the striker's next strike a card may re-roll (bits HIT_ROLL, ATK_ROLL), read
    in one pass over its cards: the game asks this before every strike."""
    src = local_array(MAX_INST)
    rows = local_array(MAX_INST)
    bits = 0
    for k in range(_sources(cards, effects, inst, fighters, striker, EITHER_ROLL, src, rows)):
        bits |= _row_roll_bits(effects, rows[k])
    return bits


@njit(cache=True, _nrt=False)
def strike_with_rerolls_nb(
    cards, effects, inst, fighters, players, glob, striker, struck, strikes_first, policy, params, rng, script, trace
):
    """`striker` strikes `struck` (kernel.duel.battle.strike_nb); each roll a card may re-roll
    is offered to its player once seen. Returns the StrikeResult."""
    t = glob[G.turn]
    fighters[striker, F.reroll_pause] = reroll_pause_nb(cards, effects, inst, fighters, striker)
    result = strike_nb(fighters[striker], fighters[struck], effects, strikes_first, t, rng, script)
    while result == StrikeResult.paused:
        stage = fighters[striker, F.strike_stage]
        _offer(cards, effects, inst, fighters, players, glob, striker, stage, policy, params, rng, script, trace)
        result = strike_nb(fighters[striker], fighters[struck], effects, strikes_first, t, rng, script)
    fighters[striker, F.reroll_pause] = 0
    return result
