"""Integer constants shared by the catalog compiler and the numba kernels.

Each group is a NamedTuple instance of ints: kernels read `Action.dot` as a compile-time
constant, and the Python layer maps names to codes through `._fields`. Codes are append-only:
compiled card tables and saved records stay readable when a group grows.
"""

from typing import NamedTuple


class CardTypeT(NamedTuple):
    creature: int = 0
    magic: int = 1


CardType = CardTypeT()


class CreatureTypeT(NamedTuple):
    beast: int = 0
    bug: int = 1
    cosmic: int = 2
    demon: int = 3
    dino: int = 4
    dragon: int = 5
    elemental: int = 6
    humanoid: int = 7
    mech: int = 8
    toon: int = 9
    undead: int = 10
    unknown: int = 11


CreatureType = CreatureTypeT()


class MagicTypeT(NamedTuple):
    none: int = 0  # creature cards
    standard: int = 1
    infinite: int = 2
    lightning: int = 3
    battle_lightning: int = 4


MagicType = MagicTypeT()


class MagicSubtypeT(NamedTuple):
    none: int = 0
    equip: int = 1
    field: int = 2


MagicSubtype = MagicSubtypeT()


class RarityT(NamedTuple):
    common: int = 0
    uncommon: int = 1
    rare: int = 2
    epic: int = 3
    legendary: int = 4
    mythic: int = 5
    promo: int = 6


Rarity = RarityT()


class EffectStatusT(NamedTuple):
    none: int = 0  # the card has no text
    modeled: int = 1
    partial: int = 2
    unmodeled: int = 3


EffectStatus = EffectStatusT()


class TriggerT(NamedTuple):
    """When an effect row fires."""

    static: int = 0  # continuously, while the source is on the field (or equipped)
    on_play: int = 1  # a magic card resolves, or a creature is played (before it is on the field)
    on_summon: int = 2  # the creature arrives on the field
    your_turn: int = 3  # activated once during its controller's magic/summoning phase
    turn_start: int = 4  # start of its controller's turn (draw phase)
    turn_end: int = 5  # end of its controller's turn (wrap-up)
    opponent_turn: int = 6  # during the opponent's turn (release rolls, for example)
    battle_start: int = 7  # a battle involving the source's creature is initiated
    on_strike: int = 8  # the source's creature computes its damage (multipliers, dice)
    on_hit: int = 9  # the source's creature hits with its Hit roll
    on_damage_dealt: int = 10  # the source's creature has inflicted Atk damage
    on_damage_taken: int = 11  # the source's creature is about to take damage
    on_killed_in_battle: int = 12  # the source's creature dies in battle
    on_killed_by_opponent: int = 13  # the source's creature dies by the opponent's hand
    on_sacrificed: int = 14  # the source's creature is sacrificed
    on_destroyed: int = 15  # the source magic card is destroyed
    on_leave_field: int = 16  # the source leaves the field for any reason
    summon_cost: int = 17  # replaces the base-AL sacrifice rule
    response_opponent_magic: int = 18  # Lightning: the opponent plays a magic card
    response_opponent_hit: int = 19  # Lightning: the opponent's creature hits
    response_battle: int = 20  # Lightning: during a battle
    response_attack_finished: int = 21  # Lightning: the opponent finishes an attack
    response_own_hit: int = 22  # Lightning: your creature hits
    response_any: int = 23  # Lightning: at any time
    in_cemetery: int = 24  # a rule that holds while the card is in the cemetery
    opponent_draws: int = 25  # the opponent of the card's controller draws a card
    on_killed: int = 26  # the equipped creature dies, whatever killed it
    creature_to_cemetery: int = 27  # a creature card is sent to a cemetery (either player's)
    response_opponent_lightning: int = 28  # Lightning: the opponent plays a Lightning card
    response_opponent_summon: int = 29  # Lightning: the opponent summons a creature
    each_turn_start: int = 30  # start of every turn, whoever's it is
    response_opponent_heal: int = 31  # Lightning: the opponent plays a magic card that heals a creature
    before_hit_roll: int = 32  # the source's creature is about to make the Hit roll of its strike (Woodland Elf)
    on_hit_taken: int = 33  # the source's creature is hit by a strike (Gaseous Horror)
    opponent_turn_end: int = 34  # end of the turn of the opponent of the source's controller (Lava Golem)
    opponent_declares_battle: int = 35  # a field card: the opponent of its player declares a battle (Living Trap)
    response_own_miss: int = 36  # Lightning: your creature misses its Hit roll (Enchantment)
    response_opponent_battle: int = 37  # Lightning: the opponent's creature begins a battle with yours
    response_battle_start: int = 38  # Lightning: a battle begins, either player's (Eagle Knight)
    equipped_leaves: int = 39  # the creature the source equip is attached to leaves the field (Moon Owl)
    named_leaves: int = 40  # the last magic card on the field passing the filter leaves it (Ghul'Vok)
    opponent_battle: int = 41  # the opponent initiates a battle, while the card is in its player's hand (Hoggan)
    response_opponent_death: int = 42  # Lightning: the opponent sends a creature to their cemetery (Possessed Dummy)
    response_own_death: int = 43  # Lightning: its player's primary is killed by a creature (Last Hope Hero)
    response_opponent_draw: int = 44  # Lightning: the opponent draws a card (Witch's Cabin)


Trigger = TriggerT()


class ConditionT(NamedTuple):
    """Extra test on top of the trigger; filters narrow it further."""

    always: int = 0
    strikes_first: int = 1  # the source's creature strikes first in this battle
    atk_die_six: int = 2  # at least one Atk die of this strike shows 6
    target_matches: int = 3  # the target passes the row's filter
    target_lower_al: int = 4  # the opponent's primary has a lower AL than the source creature
    slower_than_target: int = 5  # the source creature's SPD is lower than the opponent primary's
    attacker_not_matching: int = 6  # damage from a creature that fails the filter
    not_atk_damage: int = 7  # damage that is not Atk damage (effects, DOT)
    no_damage_this_turn: int = 8  # the equipped creature inflicted no damage during your turn
    named_on_field: int = 9  # a card passing the filter is on the field
    own_turn: int = 10  # only during the turns of the source card's controller
    equipped_with: int = 11  # another card passing the filter is equipped to the same creature
    idle_last_turn: int = 12  # the source creature did not battle in its controller's previous turn
    first_attack: int = 13  # the source creature has made no strike since it came to the field
    own_primary_matches: int = 14  # the controller's primary creature passes the filter (Black Jacket: Hive Lord)
    opponent_lightning: int = 15  # the opponent of the source's player played a Lightning card this turn
    holds_under: int = 16  # a card passing the filter is under the source creature (Terry: a Jerry)
    target_not_matching: int = 17  # the creature acted on fails the filter (Bramble Field: creatures without wings)
    attacker_matches: int = 18  # Atk damage from a creature that passes the filter (Earth Eleotoid: water)
    hit_dice_match: int = 19  # the strike's Hit dice all show the same face, 2 dice or more (Tri-Dragon)
    target_equipped_with: int = 20  # the creature battled has a card passing the filter equipped (The Wither: Fear)
    below_half_hp: int = 21  # the source creature's HP is below half its printed HP (Ashen Knight: below 40 of 80)
    no_battle_this_turn: int = 22  # the player whose turn it is initiated no battle in it (Lava Golem)
    opponent_side_matches: int = 23  # a creature on the opponent's side passes the filter (Hell Walker: a demon)
    hand_holds: int = 24  # the controller's hand holds `dice` other cards passing the filter (Orc Champion)
    below_primary_al: int = 25  # a summoned creature's printed AL is below its primary's AL (Gnarled Hand)


Condition = ConditionT()


class ActionT(NamedTuple):
    """What an effect row does."""

    multiply_damage: int = 0  # Atk damage x amount (before the critical hit)
    dot: int = 1  # damage over time: amount (+ dice) once per turn cycle
    hot: int = 2  # healing over time
    apply_status: int = 3  # put `status` on the target for `duration`
    modify_stat: int = 4  # add amount to a stat
    scale_stat: int = 5  # stat x amount / divisor (rounded down)
    set_stat: int = 6  # stat = amount, superseding increases
    damage: int = 7  # amount + dice d6 damage, not Atk damage
    damage_fraction: int = 8  # remaining HP x amount / divisor is lost
    heal: int = 9  # heal amount HP (amount 0 with flag full: to full HP)
    heal_from_damage: int = 10  # heal amount / divisor of the Atk damage inflicted
    reduce_damage: int = 11  # damage taken x amount / divisor
    prevent_damage: int = 12  # damage taken is 0
    negate_attack: int = 13  # the current strike deals nothing
    reflect_attack: int = 14  # the negated strike's damage goes to the attacker
    absorb_attack: int = 15  # the negated strike's damage heals its target instead
    negate_magic: int = 16  # the magic card being played has no effect and goes to the cemetery
    steal_magic: int = 17  # the negated magic card is played on your side instead
    destroy_magic: int = 18  # destroy amount magic cards (0 = all) on the target side
    draw: int = 19  # draw amount cards
    search_deck: int = 20  # a card passing the filter moves from deck to hand (shuffle)
    move_card: int = 21  # the target moves from zone_from to zone_to
    limited_summon: int = 22  # summon a creature from zone_from as a Limited Summon
    summon_to_opponent: int = 23  # this creature is placed on the opponent's side as primary
    swap_primaries: int = 24  # players exchange primary creatures
    skip_turn: int = 25  # the target player skips their next turn
    block_battle: int = 26  # creatures cannot battle
    block_magic: int = 27  # the target player cannot play magic cards
    negate_effects: int = 28  # creature effects of the target are negated
    immune: int = 29  # the target is unaffected by creature effects and/or magic (flags)
    sacrifices: int = 30  # the creature needs `amount` sacrifices passing the filter
    force_low_summon: int = 31  # the target player must summon a creature of AL <= amount
    reveal_and_remove: int = 32  # reveal hand; a magic card is discarded, a creature bottomed
    cemetery_hp: int = 33  # add amount HP to the controller's cemetery total
    return_later: int = 34  # this card returns to hand after `duration` turn cycles
    no_return: int = 35  # this card cannot be returned from the cemetery
    equip_self: int = 36  # this creature card becomes an Infinite equip on the target
    discard_cost: int = 37  # discard amount cards passing the filter to play this
    reset_turn: int = 38  # the current turn is played again from its start
    auto_hit: int = 39  # strikes hit regardless of the roll
    strike_first: int = 40  # the target strikes first regardless of SPD
    negate_increases: int = 41  # other increases of `stat` on the target do not apply
    sacrifices_follow: int = 42  # the sacrificed cards stay under this card and follow it
    counter_heal: int = 43  # heal amount x counters; counters start at dice, +1 per own turn
    slower_strikes_first: int = 44  # in a battle the creature with the lower SPD strikes first
    sacrifice_worth: int = 45  # a sacrifice counts as amount sacrifices (filter: which, for this card)
    reduce_and_return: int = 46  # Atk damage taken x amount / divisor; the part taken off hits the striker
    critical_miss_up_to: int = 47  # a Hit roll whose dice total is at most amount is a critical miss (AL ignored)
    critical_hit_up_to: int = 48  # a Hit dice total up to amount, above the misses, is a critical hit; higher hits
    multiply_hit_roll: int = 49  # the Hit dice total x amount, before the Hit bonuses are added
    equip_hp_limit: int = 50  # the card can be equipped only to a creature with at most amount HP left
    revive: int = 51  # the dying creature lives on with amount / divisor of its HP; the card goes to the cemetery
    steal_equip: int = 52  # an equip on the opponent's side moves to the source creature (Thief)
    discard: int = 53  # the target player discards amount cards passing the filter, their choice
    reveal_hand: int = 54  # the target player's hand is shown to the card's player, at every request
    drain_armor: int = 55  # on a hit: the struck creature's AL falls to 0, the source gains the AL taken as Modifier
    copy_stats: int = 56  # the source takes the printed AL, SPD, Atk dice, Modifier and type of the opponent's primary
    force_self_battle: int = 57  # the opponent's Limited Summons battle their own primary in their turn (Ancient One)
    must_battle: int = 58  # every player must battle in their turn; destroyed when a primary cannot (Frenzy)
    stays_on_field: int = 59  # leaves the field only by death or destruction; no sacrifice, no new controller
    second_battle: int = 60  # a second battle in its player's turn, struck back in only one (Double Hit)
    poison_heal: int = 61  # the answered card's healing is negated and taken as damage instead (Poisoned Potion)
    order_deck_top: int = 62  # both players see the target's top amount deck cards; the card's player orders them
    negate_once: int = 63  # once while on the field: negate an attack against it (self) or a magic card (played_card)
    stat_floor: int = 64  # a lasting row: the target's stat is never below amount, whatever reduces it (Soul Drain)
    shuffle_deck: int = 65  # the target player's deck is shuffled; its known places are lost (Shuffling Bones)
    hit_needs_match: int = 66  # a strike against it hits only when its Hit dice match, on amount or higher (Scarlett)
    hit_needs_face: int = 67  # a strike against it hits only when a Hit die shows a face of the row's roll (Sprite)
    no_criticals: int = 68  # its strikes are never critical hits or misses (Tri-Dragon)
    no_hit_roll: int = 69  # it rolls no Hit dice: each strike hits, never a critical hit or miss (Fog)
    negate_immunity: int = 70  # the creatures passing the filter lose their immunity to effects (Thresher: mechs)
    base_attack_only: int = 71  # it takes only Atk damage, of the striker's base Atk dice and Modifier (Arcturus)
    no_damage: int = 72  # the target player causes no damage, strikes or effects, for a time (Omega Titan)
    recoil: int = 73  # a chosen battle row: the foe survives, the source takes amount/divisor of its loss (Chaos Demon)
    battle_again: int = 74  # 1 to amount Atk damage in its battle: one more, no return attack (Ironfist Dwarf)
    magic_toll: int = 75  # a player it reaches inflicts amount damage to their own primary to play a magic card
    spare_from_own_effect: int = 76  # magic cards passing the filter do not destroy themselves (Fire Eleotoid)
    swap_attack_modifier: int = 77  # every creature's base Atk Dice Rolls and Modifier change places (Catcow)
    fill_slots: int = 78  # the card fills amount empty Infinite slots of its player's opponent (Constructed Pylon)
    block_limited: int = 79  # no Limited Summon is played while it stays; on_play: all go home (Street Lights)
    block_rarity: int = 80  # no card of the rarities in amount (bits 1 << rarity) is played (Steam Angel)
    share_damage: int = 81  # the HP its player's primary loses is lost by the opponent's too (Bound Fate)
    put_to_sleep: int = 82  # the targets cannot battle; damage wakes them, for amount magic cards (Carus Demon)
    self_battle: int = 83  # the target creature battles itself this turn; no other battle (Possession)
    negate_for_damage: int = 84  # negate a magic card or a strike's Atk damage for amount HP (Ooze Weaver)
    flip_decks: int = 85  # while it stays every deck is upside down, drawn from its bottom, face up (Inversion)
    set_base_stat: int = 86  # base SPD, Atk Dice Rolls or Modifier = amount; changes still add (Steam Knight Blaster)
    no_sacrifice: int = 87  # the target cannot be used as a sacrifice from the field (Frost Wyrms)
    set_creature_type: int = 88  # the target is of the filter's one creature type instead of its own (Demon Blood)
    miss_backfire: int = 89  # a miss against the target: the striker's Atk roll hits its own primary (Galactic Suit)
    sacrifice_discount: int = 90  # while the magic card stays, its player's summons need amount fewer sacrifices (Bait)
    summon_primary: int = 91  # summon a creature passing the filter from `from` as the primary, no sacrifice
    exchange_with_cemetery: int = 92  # each target player may trade a hand card for a cemetery card of its type
    double_magic: int = 93  # a creature's stat bonuses from magic cards passing the filter count twice (Deercrow)
    limited_sacrifice: int = 94  # while the card stays, a Limited Summon may pay a sacrifice (Soul Eater)
    replacement_only: int = 95  # placed only as a new primary; a magic card off the field (Gremlin)
    magic_off_field: int = 96  # a creature card that is a magic card off the field: its HP never counts (Shard Titan)
    summon_requirement: int = 97  # a summon_cost row: the creature is summoned only while its condition holds
    avenge: int = 98  # the killed primary's printed attack, a critical hit on its killer (Last Hope Hero)
    reroll: int = 99  # once per battle the target's player may re-roll its Hit or Atk roll (amount > 0: that many dice)
    force_reroll: int = 100  # once per battle the card's player may make the target re-roll its Hit or Atk roll
    break_free: int = 101  # the players' effects on the boss end; never negated or blocked (Boss Battles)


Action = ActionT()


class TargetT(NamedTuple):
    self: int = 0  # the source creature (or the source card)
    struck: int = 1  # the creature the source creature struck / is battling
    attacker: int = 2  # the creature that attacked the source creature
    equipped: int = 3  # the creature the source equip card is attached to
    own_primary: int = 4
    opponent_primary: int = 5
    own_creatures: int = 6
    opponent_creatures: int = 7
    all_creatures: int = 8
    all_primaries: int = 9
    own_player: int = 10
    opponent_player: int = 11
    both_players: int = 12
    own_magic: int = 13
    opponent_magic: int = 14
    all_magic: int = 15
    played_card: int = 16  # the card this response answers
    summoned: int = 17  # the creature whose summon this response answers
    limited_summons: int = 18  # every Limited Summon on the field, either player's (Dragon of Time)
    lowest_hp_primary: int = 19  # the primary creature with the lowest HP, each of them on a tie (Death Omen)
    drawn: int = 20  # the card whose draw this response answers (Witch's Cabin)


Target = TargetT()


class StatT(NamedTuple):
    none: int = 0
    armor_level: int = 1
    speed: int = 2
    hp: int = 3
    hit: int = 4  # bonus to the Hit roll
    atk: int = 5  # bonus to the damage
    attack_dice: int = 6
    hit_dice: int = 7
    modifier: int = 8  # adds to both Hit and damage


Stat = StatT()


class StatusT(NamedTuple):
    none: int = 0
    frozen: int = 1  # cannot battle, return attack, inflict Atk damage or be sacrificed
    stunned: int = 2  # cannot battle or return attack
    fear: int = 3  # rolls before each strike; on a fail it deals no damage
    wrapped: int = 4  # DOT that ends on a release roll
    disarmed: int = 5  # cannot inflict Atk damage
    shielded: int = 6  # the next attack against it is negated
    bleed: int = 7
    poison: int = 8
    burn: int = 9
    dot: int = 10  # damage over time the card does not name
    flying: int = 11  # cannot be damaged by creatures without wings
    asleep: int = 12  # cannot initiate battle; heals the row's amount once per turn cycle; any damage wakes it


Status = StatusT()


class DurationT(NamedTuple):
    """Special durations; a positive duration counts turn cycles."""

    instant: int = 0
    battle: int = -1  # until the end of the current battle
    turn: int = -2  # until the end of the current turn
    source: int = -3  # while the source stays on the field
    permanent: int = -4  # for the rest of the game (or until removed)
    released: int = -5  # until a release roll succeeds


Duration = DurationT()


class ScaleT(NamedTuple):
    """What an amount is multiplied by."""

    none: int = 0
    hand_named: int = 1  # cards in the controller's hand passing the filter
    opponent_cemetery_creatures: int = 2  # creature cards in the opponent's cemetery
    opponent_deaths_since_summon: int = 3  # creatures sent to the opponent's cemetery since summon
    turn_cycles: int = 4  # turn cycles since the effect began
    cards_moved: int = 5  # cards the card's previous row moved, counted per player
    opponent_hand: int = 6  # cards in the opponent's hand
    opponent_primary_modifier: int = 7  # the printed Modifier of the opponent's primary creature
    opponent_primary_attack_dice: int = 8  # the printed Atk Dice Rolls of the opponent's primary creature
    speed_gained: int = 9  # the points of SPD the creature has above its printed SPD
    sent_hp: int = 10  # the printed HP of the creature card sent (Vampire Lord, The Guide)
    limited_held: int = 11  # the Limited Summons the source creature holds (Alkonost)
    printed_stat: int = 12  # the source creature's printed value of the row's stat (Terry doubles its base stats)
    opponent_primary_speed: int = 13  # the printed SPD of the opponent's primary creature (Ancient Sentinel)
    destroyed_on_summon: int = 14  # the magic cards the source creature's on-summon rows destroyed (Gluttony)
    sacrificed: int = 15  # printed Atk Dice Rolls or Modifier of the creatures sacrificed for it (Bio-Dino)
    equipped_creatures: int = 16  # printed Atk Dice Rolls or Modifier of the creature cards equipped to it (Graft)


Scale = ScaleT()


class ZoneT(NamedTuple):
    none: int = 0
    hand: int = 1
    deck: int = 2  # shuffled in
    deck_bottom: int = 3
    cemetery: int = 4
    field: int = 5
    opponent_field: int = 6
    opponent_cemetery: int = 7  # the opponent's cemetery (Skeleton Lord)
    hand_or_deck: int = 8  # the hand or the deck, the player's pick (Alkonost); a deck pick is shuffled after
    under: int = 9  # under the source creature; it stays on the field when that creature leaves (Terry's Jerry)


Zone = ZoneT()


class FlagT(NamedTuple):
    """Bits of the flags column."""

    optional: int = 1  # "may": the policy chooses whether to use it
    once_per_turn: int = 2
    full: int = 4  # heal to full HP
    magic: int = 8  # immune/negation applies to magic cards
    creature_effects: int = 16  # immune/negation applies to creature effects
    stacks: int = 32  # the same effect stacks instead of refreshing
    non_negatable: int = 64  # can only be negated when played
    supersedes: int = 128  # set_stat overrides later increases too
    cumulative: int = 256  # applies again every turn cycle (Zombified)
    choice: int = 512  # the card's rows with this flag are alternatives: the player uses one
    no_effect: int = 1024  # the row's filter passes only cards without card text
    same_roll: int = 2048  # the row reads the die its card's previous row rolled (a roll table)
    unique: int = 4096  # another copy of the card on the same creature adds nothing ("cannot stack")
    lightning: int = 8192  # a magic block that applies to Lightning cards only (Time Melt)
    but_equips: int = 16384  # a magic block that lets equip cards through (Foggy Night)
    dice_match: int = 32768  # every player rolls 1 die; the row acts when all dice match (Apocalypse)
    distinct: int = 65536  # a sacrifices row: each sacrifice matches a different name of the filter (Perfect Shark)
    overflow: int = 131072  # a heal_from_damage row: healing above max HP hits the creature struck (Succubus)
    opponent_choice: int = 262144  # the opponent of the card's player decides whether the row acts (Monkey Duck)
    standard: int = 524288  # a magic block that applies to Standard cards only (Fazard)
    lowest_roll: int = 1048576  # each player rolls 1 die (ties roll again); the row acts on the lowest (Cosmic Storm)
    opponents: int = 2097152  # an immune row that holds against the opponent's cards only (Fog)


Flag = FlagT()


class EffectColT(NamedTuple):
    """Columns of the compiled effect table (int32, one row per effect)."""

    card: int = 0
    trigger: int = 1
    condition: int = 2
    action: int = 3
    target: int = 4
    stat: int = 5
    status: int = 6
    amount: int = 7
    divisor: int = 8
    dice: int = 9
    roll_lo: int = 10  # effect roll on 1d6; 0 = no roll
    roll_hi: int = 11
    duration: int = 12
    scale: int = 13
    filter_types: int = 14  # creature-type bitmask (0 = any)
    filter_tags: int = 15  # artwork-tag bitmask
    filter_names: int = 16  # name-keyword bitmask
    filter_card_type: int = 17  # -1 any, else CardType
    filter_max_al: int = 18  # 0 = no limit
    zone_from: int = 19
    zone_to: int = 20
    flags: int = 21
    release_lo: int = 22  # release roll for statuses that end on a roll
    release_hi: int = 23
    filter_min_al: int = 24  # 0 = no bound; on a creature on the field, its current AL
    filter_max_rarity: int = 25  # 0 = any rarity; else the highest Rarity code passing, + 1 (Orc Hunter)


EffectCol = EffectColT()
N_EFFECT_COLS = len(EffectCol)


class CardColT(NamedTuple):
    """Columns of the compiled card table (int32, one row per card)."""

    card_type: int = 0
    creature_type: int = 1  # -1 for magic
    armor_level: int = 2
    speed: int = 3
    hp: int = 4
    attack_dice: int = 5
    modifier: int = 6
    magic_type: int = 7
    magic_subtype: int = 8
    tags: int = 9  # artwork-tag bitmask
    names: int = 10  # name-keyword bitmask
    effect_start: int = 11  # first row in the effect table
    effect_count: int = 12
    effect_status: int = 13
    rarity: int = 14
    generation: int = 15  # 0 for promos
    hostile: int = 16  # 1: an equip meant for the opponent's creature (its rows only hurt)
    cemetery_hp: int = 17  # HP its in_cemetery cemetery_hp rows add to its player's cemetery (Enlightened Soul: -40)


CardCol = CardColT()
WINGS_TAG_MASK = 1  # the catalog gives the "wings" artwork tag bit 0
N_CARD_COLS = len(CardCol)


class FighterColT(NamedTuple):
    """Columns of a fighter array (int64, one creature in a battle; see `kernel.duel.battle`).

    Timers hold the last clock (exchange/turn index) at which the status still holds, -1 when
    none. DOT slots hold the effect row + 1 (0 = empty), the ticks left and the clock of the
    next tick; a negative ticks-left -n is n copies of a DOT that lasts for as long as its source
    stays (n > 1 only when DOTs stack: copies due on the same clocks share a slot).
    """

    card: int = 0  # row in the card table
    hp: int = 1
    max_hp: int = 2
    armor_level: int = 3  # base AL, before AL changes
    al_change: int = 4  # sum of AL buffs and debuffs; effective AL = min(AL + change, 12)
    speed: int = 5
    hit_bonus: int = 6  # Hit bonuses (effects, magic)
    atk_bonus: int = 7  # Atk bonuses
    hit_dice: int = 8
    attack_dice: int = 9
    modifier: int = 10  # adds to both Hit and damage
    creature_type: int = 11
    tags: int = 12  # artwork-tag bitmask
    names: int = 13  # name-keyword bitmask
    effect_start: int = 14  # first row of the creature's effects in the effect table
    effect_count: int = 15
    immune: int = 16  # Flag bits: unaffected by creature effects (16) / magic (8)
    frozen_until: int = 17
    stunned_until: int = 18
    disarmed_until: int = 19
    wrap_row: int = 20  # effect row that wrapped it + 1; 0 = not wrapped
    shielded: int = 21  # the next strike against it is negated
    skip_turn: int = 22  # its controller skips their next turn
    battle_prevent: int = 23  # takes no damage until the battle ends
    battle_hit: int = 24  # bonuses that last until the battle ends
    battle_atk: int = 25
    battle_attack_dice: int = 26
    battle_hit_dice: int = 27
    dot0_row: int = 28
    dot0_ticks: int = 29
    dot0_next: int = 30
    dot1_row: int = 31
    dot1_ticks: int = 32
    dot1_next: int = 33
    dot2_row: int = 34
    dot2_ticks: int = 35
    dot2_next: int = 36
    dot3_row: int = 37
    dot3_ticks: int = 38
    dot3_next: int = 39
    dot4_row: int = 40
    dot4_ticks: int = 41
    dot4_next: int = 42
    dot5_row: int = 43
    dot5_ticks: int = 44
    dot5_next: int = 45
    dot6_row: int = 46
    dot6_ticks: int = 47
    dot6_next: int = 48
    dot7_row: int = 49
    dot7_ticks: int = 50
    dot7_next: int = 51
    # strike hooks the game sets from magic and auras (kernel.game.resolve.refresh_fighters_nb)
    extra_mult: int = 52  # Atk damage multiplier from magic (Backstab, field cards); 0 or 1 = none
    auto_hit: int = 53  # hits regardless of the dice (Death From Above, Backstab)
    strike_first: int = 54  # strikes first regardless of SPD (Backstab)
    lifesteal_num: int = 55  # heals num/den of the Atk damage it inflicts (Blood of the Bat)
    lifesteal_den: int = 56
    flying_mask: int = 57  # takes Atk damage only from creatures with these artwork tags (flight)
    react: int = 58  # a Lightning card readied against the opponent's attack (React)
    react_fired: int = 59  # 1 once it took effect in this battle
    boost_dice: int = 60  # Atk Dice Rolls added on its own first hit this battle (Children of the Forest)
    boost_fired: int = 61
    # written by kernel.duel.battle.prepare_pair_nb / set_triggers_nb; 0 = unknown (check every row)
    triggers: int = 62  # bit 1 << trigger for each trigger among its effect rows
    # what its last strike did, for the game's event trace (written by kernel.duel.battle; dice are
    # packed base 8, first die lowest: faces are 1..6, so a 0 digit ends the list)
    strike_order: int = 63  # 1 = struck first in the current battle, 2 = struck back, 0 = no strike
    strike_result: int = 64  # StrikeResult
    strike_hit_dice: int = 65
    strike_hit_total: int = 66  # Hit dice + Hit bonuses
    strike_needed: int = 67  # the target's effective AL
    strike_atk_dice: int = 68  # Atk dice; after a critical miss, the self-damage die
    strike_damage: int = 69  # Atk damage after multipliers, before the target's own rules
    strike_effect_dice: int = 70  # effect rolls of its on-hit rows (packed the other way: last roll lowest)
    battle_rolloff: int = 71  # on the initiator: the SPD roll-off dice, pairs (its die, the other's)
    battle_disarmed: int = 72  # 1: causes no Atk damage in this battle (Fear's roll, Minotaur Bodyguard)
    damage_immune: int = 73  # 1: takes no damage while an equip says so (Ghost Form, Metallic Bone)
    thorns: int = 74  # damage back at the creature whose strike damages it (Raging Inferno)
    slower_first: int = 75  # 1: in its battles the slower creature strikes first (Reverse Polarity)
    strikes_made: int = 76  # strikes it has made since it came to the field (Corn Creeper)
    disarm_release_row: int = 77  # row + 1 of a disarm that lasts until a release roll (Giant Snake)
    returned_damage: int = 78  # the Atk damage its last reduce-and-return rule took off (Demonic Turtle)
    table_miss_max: int = 79  # a table replaces its Hit roll: dice totals up to this are critical misses
    table_critical_max: int = 80  # ... up to this critical hits, above it hits; both 0 = no table (Maniac)
    hit_roll_mult: int = 81  # its Hit dice total is multiplied by this (0 or 1: not at all; Bio-Regeneration)
    aura_stun: int = 82  # 1: stunned while an opposing creature's lasting aura holds it (Electroloon)
    aura_disarm: int = 83  # 1: disarmed while an opposing creature's lasting aura holds it
    aura_release_row: int = 84  # in a duel: row + 1 of the release roll that ends the aura
    boost_on_hit: int = 85  # a readied card played on its first hit (1: Martial Arts Man) or miss (2: Enchantment)
    modifier_zero_until: int = 86  # its Modifier is at most +0 while turn <= this (Sticky Goo); 0 = none
    lightning_answered: int = 87  # 1: its player's opponent played a Lightning card this turn (Steam Rex)
    counter: int = 88  # a Lightning card its player readied against the opponent's in this battle (Counter)
    counter_fired: int = 89  # 1 once it was played; 2 played and negated (Ancient Book under Scroll of Silence)
    al_drained: int = 90  # the AL its last strike's drain took from the creature struck (Wild Vampire), for the game
    asleep: int = 91  # 1: an equip holds it asleep: it cannot initiate battle (Sleepy Scent)
    double_battle: int = 92  # 1: it may initiate two battles in its player's turn (Double Hit)
    in_own_turn: int = 93  # 1: its controller's turn is being played (Lurking Slime's "during your turn")
    guard_match_min: int = 94  # >0: a strike against it hits only on matching Hit dice, this face or up (Scarlett)
    guard_face_lo: int = 95  # >0: a strike against it hits only when a Hit die shows lo..hi (Sprite)
    guard_face_hi: int = 96
    no_criticals: int = 97  # 1: its strikes are never critical hits or misses (Tri-Dragon)
    no_hit_roll: int = 98  # 1: it rolls no Hit dice and each strike hits (Fog)
    base_attack_dice: int = 99  # its base (printed, or copied) Atk Dice Rolls, before any effect (Arcturus)
    base_modifier: int = 100  # its base Modifier, before any effect (Lumber, Arcturus)
    base_attack_only: int = 101  # 1: damaged only by a striker's base Atk dice and Modifier (Arcturus)
    base_hp: int = 102  # its printed HP (Ashen Knight: "below 40 HP", half of it)
    battle_al: int = 103  # AL change that lasts until the battle ends (Woodland Elf)
    safe_until: int = 104  # in a duel: 1 + the last clock in which it cannot be damaged (The Super Hero); 0 none
    harmless: int = 105  # 1 + the last clock in which it causes no damage (Omega Titan's roll); 0 none
    recoil_row: int = 106  # row + 1 of a recoil its player chose for this battle (Chaos Demon); 0 none
    backlash_due: int = 107  # times it was damaged since its player's opponent last rolled for it (Eagle Family)
    last_damage_atk: int = 108  # 1: the last damage it took was Atk damage (Contaminate reads it at a death)
    backfire: int = 109  # 1: a miss against it: the striker rolls its Atk roll at its own primary (Galactic Suit)
    backfire_damage: int = 110  # the Atk roll its last missed strike owes its own primary, for the game; 0 none
    reroll_pause: int = 111  # bits set by the game: its strike pauses after the Hit roll (1), the Atk roll (2)
    strike_stage: int = 112  # the roll its strike paused after, for a re-roll (1 Hit, 2 Atk); 0 none
    strike_atk_base: int = 113  # while paused after the Atk roll: the damage before the Atk dice
    cycle: int = 114  # clocks in one turn cycle: 2 exchanges in a duel, a turn of each seat in a game


FighterCol = FighterColT()


N_FIGHTER_COLS = len(FighterCol)
N_DOT_SLOTS = 8  # every DOT the card pool can put on one creature (tests/test_game_rules.py checks the catalog)
DOT_SLOT_WIDTH = 3  # row, ticks, next: slot k starts at dot0_row + k * DOT_SLOT_WIDTH
