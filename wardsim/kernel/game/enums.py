"""Integer constants of the game engine: state columns, zones, phases, actions, events, records.

Each group is a NamedTuple of ints that kernels read as compile-time constants; the
Python layer reads names through `._fields`, so no list of names is ever copied.
"""

from typing import NamedTuple


class InstZoneT(NamedTuple):
    deck: int = 0
    hand: int = 1
    primary: int = 2  # the player's primary creature
    limited: int = 3  # a Limited Summon
    magic: int = 4  # a magic card on the field (Infinite, equip, field, timed standard)
    cemetery: int = 5
    under: int = 6  # beneath another card (Eternal Dragon's sacrifices)
    resolving: int = 7  # a card being played, before it resolves
    removed: int = 8  # out of the game: the cards of a player who is out while others play on
    reserve: int = 9  # an AL Ladder creature waiting for its round, out of the deck (kernel.game.rounds)


InstZone = InstZoneT()


class InstColT(NamedTuple):
    card: int = 0  # row in the card table
    owner: int = 1
    controller: int = 2
    zone: int = 3
    attached_to: int = 4  # equip: the creature instance it is attached to; -1 none
    anchor: int = 5  # Limited Summon / anchored card: the instance holding it; -1 none
    expires: int = 6  # turn index at whose end a timed card leaves the field; -1 never
    counter: int = 7  # card counters (Troll Regeneration)
    entered: int = 8  # turn index when it entered its zone
    seen: int = 9  # SeenBit flags for card metrics
    returns: int = 10  # turn index at which a card in the cemetery returns to hand; -1 none
    battled_turn: int = 11  # turn index of the creature's last battle
    used_turn: int = 12  # turn index of the last use of its once-per-turn effect
    arrival: int = 13  # when it entered its zone, in zone moves of the game (orders lasting effects)
    watch: int = 14  # 1: a battle-bound magic card on the field whose effect no battle has used yet
    effect_ended: int = 15  # 1: its lasting effect ended on a release roll (Electroloon); 0 on each zone move
    pending_heal: int = 16  # HP owed to a creature by its creature_to_cemetery row (The Guide)
    drain_victim: int = 17  # Wild Vampire: the creature whose AL it took, + 1; 0 none (reset on each zone move)
    drain_amount: int = 18  # Wild Vampire: the AL it took, added to its Modifier while the drain holds
    drain_stamp: int = 19  # Wild Vampire: victim's arrival, both controllers (base MAX_SEATS); a move or switch ends it
    sleeper_hp: int = 20  # Sleepy Scent: its creature's HP when last looked at (0: not yet); any drop wakes it
    second_battle_turn: int = 21  # turn index of a creature's second battle in one turn (Double Hit)
    returned_turn: int = 22  # turn index of its last strike back against a Double Hit creature
    spent_at: int = 23  # the arrival at which its once-per-field effect was used (Bunnysaurus, Orc Berserker); -1 none
    safe_until: int = 24  # last turn index in which the creature cannot be damaged (The Super Hero); -1 none
    chosen_row: int = 25  # effect row + 1 of the alternative its activation used this turn (Cryovore)
    again_turn: int = 26  # turn index in which its last battle lets it battle again (Ironfist Dwarf); -1 none
    agains: int = 27  # 16 x turn index + the battles again it took in that turn (Ironfist Dwarf); -1 none
    watched: int = 28  # Bound Fate: the creature whose HP it watches + 1 (its HP then in `counter`); 0 none
    rolled: int = 29  # the die of its last start-of-turn roll, held until the next one (Mysterious Orb); 0 none
    chosen: int = 30  # the effect row + 1 its player picked among its alternatives when played (The Merchant); 0 none
    sacrificed_dice: int = 31  # printed Atk Dice Rolls of the creatures sacrificed for its summon (Bio-Dino)
    sacrificed_modifier: int = 32  # printed Modifier of the creatures sacrificed for its summon (Bio-Dino)
    draw_pending: int = 33  # 1: drawn by an effect, the opponent not yet offered an answer to the draw (Witch's Cabin)
    reroll_battle: int = 34  # the battle (`GlobCol.battles`) in which it last spent a once-per-battle re-roll; -1 none
    reroll_spent: int = 35  # in that battle: bit k set once the re-roll of its card's k-th row is spent
    # 1: a creature card its player's side just sent to its cemetery, not yet offered to Possessed
    # Dummy; -1: resolving after it left the opponent's side (it will not be offered); 0 otherwise
    possessable: int = 36
    resist_turn: int = 37  # Boss Battles: the turn of its last resistance roll against the boss; -1 none
    resist_held: int = 38  # ... 1: that roll held, so its effects act on the boss for the rest of that turn


InstCol = InstColT()
N_INST_COLS = len(InstCol)


class SeenBitT(NamedTuple):
    """The `seen` column: three flags in the low bits, then two counters of the game's plays
    (`kernel.game.trace.note_play_nb`, `note_fizzle_nb`): seen // plays_unit % COUNTER_SPAN plays,
    seen // fizzles_unit fizzles."""

    opening: int = 1  # in the opening hand
    drawn: int = 2  # drawn after the opening hand
    played: int = 4  # played (summoned, or a magic card cast)
    public: int = 8  # in hand, and both players know it (it came back from the field or cemetery)
    known_in_deck: int = 16  # in the deck, at a place both players know (Hands of Fate), until a shuffle
    plays_unit: int = 1 << 8  # one play: a summon from hand, a magic card cast or answered
    fizzles_unit: int = 1 << 32  # one play to no effect (FizzleReason)


SeenBit = SeenBitT()
COUNTER_SPAN = 1 << 24  # the plays counter's width in `seen`


class FizzleReasonT(NamedTuple):
    """Why a play had no effect (play statistics; `Event.fizzle`)."""

    negated: int = 0  # a Lightning card negated it before it acted
    nothing_to_do: int = 1  # no legal target or card to act on when it resolved
    no_battle: int = 2  # a battle-bound card left the field before any battle used it
    full_hp: int = 3  # a card that only heals, on a creature at full HP
    resisted: int = 4  # Boss Battles: the boss resisted it (a 1-3 on the resistance roll)


FizzleReason = FizzleReasonT()


class BossPlayT(NamedTuple):
    """Why a card the boss drew went to its cemetery with no effect (`Event.boss_card`)."""

    over_cap: int = 0  # the boss's magic cap is full
    no_play: int = 1  # it cannot resolve now: no target, nothing to do, or a block on magic


BossPlay = BossPlayT()


class PlayerColT(NamedTuple):
    deck_n: int = 0  # cards left in the deck
    primary: int = 1  # instance of the primary creature; -1 none
    cemetery_bonus: int = 2  # cemetery HP that is not a creature card's (Flame of the Infinite)
    skip_turn: int = 3  # skips its next turn
    magic_blocked_until: int = 4  # cannot play magic cards while turn <= this
    summon_turn: int = 5  # turn index of its last standard summon (one per turn)
    opponent_deaths: int = 6  # creature cards that went to the opponent's cemetery, whatever sent them (The Hero)
    lost: int = 7  # 1 once the player is out (lost); 2 once their cards have left the game
    low_summon: int = 8  # its next placement must be a creature of AL <= this (0: no limit)
    cemetery_reduced: int = 9  # cemetery HP that effects took off (Reduce the Burden)
    lightning_turn: int = 10  # 1 + the turn in which the player last played a Lightning card (0: never)
    harmless_until: int = 11  # its creatures cause no damage while turn <= this (Omega Titan); -1 none
    lightning_blocked_until: int = 12  # cannot play Lightning cards while turn <= this (Sasquatch)
    rarity_blocked: int = 13  # bits 1 << rarity of the cards no player may play, by this player's effect (Steam Angel)
    rarity_blocked_until: int = 14  # ... while turn <= this
    replacement: int = 15  # the creature that replaced its missing primary in the settling under way; -1 none
    team: int = 16  # the seat's team: seats of one team are never each other's opponents (1v1: the seat itself)
    # turn index of the seat's last turn; -1 before its first, so the player has had a turn once
    # it is 0 or more (state.has_played_nb); a team's turn goes to who waited longest
    last_turn: int = 17
    out_turn: int = 18  # turn index in which the player went out; -1 while in the game
    first_turn: int = 19  # turn index of the seat's first turn; -1 before it (its place in the turn order)
    out_reason: int = 20  # EndReason of the player going out (playing while in the game)
    points: int = 21  # AL Ladder: rounds won
    boss_damage: int = 22  # Boss Battles: the damage the player's creatures and cards dealt to the boss


PlayerCol = PlayerColT()
N_PLAYER_COLS = len(PlayerCol)


class GlobColT(NamedTuple):
    turn: int = 0  # 0-based turn index; a turn cycle is `cycle` turns
    first: int = 1  # seat that took the first turn
    active: int = 2  # seat whose turn it is
    phase: int = 3  # Phase
    winner: int = 4  # -1 while playing; the winning team (1v1: the seat); `teams` = draw
    end_reason: int = 5  # EndReason
    no_battle_until: int = 6  # no battle while turn <= this (A Loving God)
    # the rules in force (wardsim.rules.Rules, copied in by kernel.game.state.apply_rules_nb)
    cemetery_threshold: int = 7  # cemetery HP that loses
    max_turns: int = 8  # turn cap: the game is a draw when reached
    battled: int = 9  # 1 once the active player battled this turn
    dealt_damage: int = 10  # 1 once the active player's creatures dealt damage this turn
    trace_n: int = 11  # events written to the trace
    actions: int = 12  # decisions taken (a guard against endless loops)
    arrivals: int = 13  # zone moves so far (`InstCol.arrival` of the next card to move)
    rewind_cards: int = 14  # 1 when a deck holds Hourglass of Time: each turn's start is saved
    rewind: int = 15  # 1 once a Hourglass of Time resolved: the turn goes back to its start
    hand_limit: int = 16  # cards a hand may hold after the draw
    opening_hand: int = 17  # cards drawn before the first turn
    infinite_slots: int = 18  # Infinite cards a player may have on the field
    last_die: int = 19  # the last effect roll, for the rows of a roll table that read it again (Flag.same_roll)
    sent_hp: int = 20  # printed HP of the card a row last sent from a hand (0: magic), for Scale.sent_hp
    sent_card: int = 21  # the instance a row last sent from a hand (a trade's next row skips it); -1 none
    poisoned: int = 22  # the magic card whose healing a Poisoned Potion turns into damage; -1 none
    negated_turn: int = 23  # turn in which every creature effect but the negator's is negated (Dragon of Time); -1 none
    negator: int = 24  # the creature whose effect negates the others in negated_turn; -1 none
    # cards still arriving in a cemetery together (a creature leaving the field and what it takes
    # along): the loss is counted once the last has arrived (ruling cemetery-together); 0 between steps
    cemetery_held: int = 25
    battles: int = 26  # battles begun so far (what "once per battle" counts)
    cycle: int = 27  # turns in one turn cycle: every seat's turn once (1v1: 2)
    faced: int = 28  # the seat the active player faces this turn (1v1: always the other seat)
    teams: int = 29  # teams at the table (1v1: 2); also the `winner` of a draw
    rounds: int = 30  # AL Ladder: the rounds of the game, one per AL class (0: a game of standard play)
    round: int = 31  # AL Ladder: the round under way (1 .. rounds; past them, deciding fights)
    round_over: int = 32  # AL Ladder: 1 once a round ended in this turn, which ends the turn
    boss_magic_cap: int = 33  # Boss Battles (a rule): Infinite cards the boss may have on the field
    boss_cap_all_magic: int = 34  # Boss Battles (a rule): 1: the cap counts every magic card of the boss's on the field
    boss: int = 35  # Boss Battles: the boss's seat; -1 in other games (kernel.game.boss)
    mini: int = 36  # Boss Battles: 1 while the boss plays a mini turn (draw one card and play it)
    boss_primary_turn: int = 37  # Boss Battles: the turn index of the boss's last primary turn; -1 before it
    boss_freed: int = 38  # Boss Battles: players' cards that arrived before this (`arrivals`) reach the boss no more
    boss_hp: int = 39  # Boss Battles: the boss's HP when last looked at, for the damage each player dealt it


GlobCol = GlobColT()
N_GLOB_COLS = len(GlobCol)


class PhaseT(NamedTuple):
    draw: int = 0
    main: int = 1  # magic/summoning
    combat: int = 2
    wrap_up: int = 3
    over: int = 4


Phase = PhaseT()


class EndReasonT(NamedTuple):
    playing: int = 0
    cemetery: int = 1  # rules guide, How to win: 300 or more HP in the cemetery
    no_creature: int = 2  # no playable creature in hand or deck (ruling 8)
    turn_cap: int = 3  # the turn cap was reached: a draw (ruling 8)
    both_lost: int = 4  # both players (every player still in) lost at the same moment: a draw
    returned_alone: int = 5  # a card came back to hand or deck, and no other card was left there
    points: int = 6  # AL Ladder: the most rounds won after the last round
    deciding_fight: int = 7  # AL Ladder: points tied after the last round; a fight decided it
    boss_defeated: int = 8  # Boss Battles: the boss's HP reached 0: the players win


EndReason = EndReasonT()


class ActionKindT(NamedTuple):
    """Action codes: kind * 1_000_000 + a * 1_000 + b (a, b < 1_000: instances of up to six
    seats' decks; kernel.game.actions)."""

    end: int = 0  # end the phase
    summon: int = 1  # a = creature instance in hand, b = the cemetery HP its sacrifices cost, in tens
    kill_primary: int = 2
    magic: int = 3  # a = magic instance in hand, b = target (magic.MagicTarget)
    activate: int = 4  # a = creature instance with an optional your-turn effect
    battle: int = 5  # a = the attacking creature
    limited_summon: int = 6  # a = a creature in hand joining as a Limited Summon by its own text (Black Jacket)


ActionKind = ActionKindT()


class ChoiceKindT(NamedTuple):
    """The decisions the rules give a player while an action resolves. The game lists the legal
    options (`options[k]`, an instance unless said otherwise; NO_OPTION = passing, where the rules
    let the player pass) and asks the player's policy through the one door,
    `kernel.bots.choice.decide_nb`."""

    placement: int = 0  # which creature to place (first turn, after a death): a hand creature
    sacrifice: int = 1  # which creature pays the summon's next sacrifice (fact: the cemetery HP it adds)
    discard: int = 2  # what to discard at the hand limit
    discard_cost: int = 3  # what to discard to pay a cost (a magic card's, or Vampire Lord's, Wizard Frog's)
    magic_response: int = 4  # answer a magic card with a Lightning card, or pass
    battle_answer: int = 5  # ready a Lightning card against the coming strikes, or pass
    battle_boost: int = 6  # ready a Lightning card for an own hit, or pass
    rewind: int = 7  # play Hourglass of Time now, or pass
    response_row: int = 8  # which alternative of a Lightning card (an effect row)
    reveal_pick: int = 9  # which card of the revealed opponent's hand to take (Watcher in the Wall)
    slide_in: int = 10  # which Limited Summon takes the primary's place
    zone_pick: int = 11  # which card an effect takes from a zone (cemetery, deck, hand)
    destroy_pick: int = 12  # which magic card an effect destroys
    summon_row: int = 13  # which alternative of a creature's on-summon effect (an effect row: Kendo Tiger)
    steal_pick: int = 14  # which equip of the opponent's an effect takes (Thief)
    battle_counter: int = 15  # ready a Lightning card against the opponent's Lightning card in a battle, or pass
    summon_response: int = 16  # answer the opponent's summon with a Lightning card, or pass (subject: the creature)
    return_attack: int = 17  # strike back against a Double Hit creature now (the defender), or keep it (NO_OPTION)
    deck_order: int = 18  # which of the cards looked at is drawn next (Hands of Fate; subject: the deck's player)
    field_shield: int = 19  # spend a creature's once-per-field negation on this battle, or pass (subject: the creature)
    battle_row: int = (
        20  # which of a creature's battle-start alternatives acts (an effect row), or none (subject: the creature)
    )
    pay_instead: int = 21  # take a creature's price in damage instead of a strike's Atk damage (subject: the striker)
    reveal_own: int = 22  # which own hand card to reveal next, or stop (NO_OPTION; Arcane Power; subject: the card)
    avenge: int = 23  # answer the killing of its primary with a Lightning card, or pass (subject: the killer)
    draw_answer: int = 24  # answer the opponent's draw with a Lightning card, or pass (subject: the card drawn)
    reroll: int = 25  # use the re-roll a card (the option) gives on the roll just seen, or pass (subject: the striker)
    reroll_die: int = 26  # which die of that roll to re-roll (options: die places, facts: faces; subject: the striker)
    face: int = 27  # which opponent to face this turn, with more than one in the game (options: seats)


ChoiceKind = ChoiceKindT()
NO_OPTION = -1  # the option of passing


class MagicTargetT(NamedTuple):
    own: int = 0  # your primary creature
    opponent: int = 1  # the opponent's primary creature
    none: int = 2  # the card names its own targets
    choice: int = 10  # choice rows: MagicTarget.choice + k picks the k-th alternative


MagicTarget = MagicTargetT()


class EventT(NamedTuple):
    first_player: int = 0  # a, b = the two roll-off dice (player 0's, player 1's)
    turn: int = 1  # a = turn index, b, c = cemetery HP of players 0 and 1
    draw: int = 2  # a = instance, b = card
    deck_empty: int = 3
    discard: int = 4  # a = instance, b = card (hand limit)
    summon: int = 5  # a = instance, b = card, c = sacrifices
    sacrifice: int = 6  # a = instance, b = card
    kill_own: int = 7  # a = instance, b = card
    to_cemetery: int = 8  # a = instance, b = card, c = owner's cemetery HP after
    death: int = 9  # a = instance, b = card, c = killer instance (-1 none)
    magic: int = 10  # a = instance, b = card, c = target code
    negated: int = 11  # a = instance negated, b = card, c = negating instance
    destroyed: int = 12  # a = magic instance, b = card
    battle: int = 13  # a = attacker instance, b = defender instance
    effect_damage: int = 14  # a = instance, b = damage dealt, c = HP left (-1: a Limited Summon, no HP)
    heal: int = 15  # a = instance, b = amount, c = HP after
    redraw: int = 16  # a = hand size shuffled back
    cannot_place: int = 17
    skip_turn: int = 18
    effect: int = 19  # a = source instance, b = effect row, c = value (die or amount)
    limited_summon: int = 20  # a = instance, b = card, c = anchor instance
    to_hand: int = 21  # a = instance, b = card
    to_deck: int = 22  # a = instance, b = card
    slide_in: int = 23  # a = instance, b = card
    strike: int = 24  # a = striker, b = StrikeResult, c = the target's effective AL
    hit_dice: int = 25  # a = striker, b = dice packed base 8 (first die lowest), c = total with bonuses
    atk_dice: int = 26  # a = striker, b = dice packed base 8 (first die lowest), c = damage after multipliers
    dot_tick: int = 27  # a = instance, b = amount, c = HP after
    game_end: int = 28  # a = winning team (the number of teams: a draw), b = EndReason
    response: int = 29  # a = lightning instance, b = card, c = the instance it answers
    stolen: int = 30  # a = instance, b = card
    effect_rolls: int = 31  # a = striker, b = its on-hit effect rolls packed base 8 (last roll lowest)
    speed_rolloff: int = 32  # a = initiator, b = dice pairs (initiator's, defender's) packed base 8
    battle_end: int = 33  # a = attacker's HP, b = defender's HP after the strikes (-1: a Limited Summon)
    rewind: int = 34  # a = the Hourglass of Time instance, b = card: the turn starts again
    fizzle: int = 35  # a = instance, b = card, c = FizzleReason: the play had no effect
    equipped: int = 36  # a = equip instance, b = card, c = the creature: equipped from the deck (Equip Knight)
    placed_under: int = 37  # a = instance, b = card, c = the creature it goes under (Terry's Jerry)
    deck_order: int = 38  # a = instance put back on its deck, b = card, c = its place from the top (1 = drawn next)
    reroll: int = 39  # a = striker, b = the dice before the re-roll packed base 8, c = the roll (1 Hit, 2 Atk)
    player_out: int = 40  # the player is out and their cards leave the game; a = their cemetery HP, b = EndReason
    face: int = 41  # a = the seat the active player faces this turn (more than two seats)
    round: int = (
        42  # AL Ladder: a round begins; a = round, b = AL class, c = the dice sum of a deciding fight (0: none)
    )
    round_end: int = 43  # AL Ladder: a = round, b = its winner's seat (-1: both creatures died), c = their points
    boss_card: int = 44  # Boss Battles: a = a card the boss drew and cannot play, b = card, c = BossPlay: why
    resist: int = 45  # Boss Battles: a = the card or creature acting on the boss, b = the die, c = 1 it holds
    target_roll: int = 46  # Boss Battles: a = the lowest roller (-1: a tie), b = the dice packed base 8 (seat 0 lowest)
    reshuffle: int = 47  # Boss Battles: the boss's cemetery is its deck again; a = the cards shuffled in


Event = EventT()


class RecordColT(NamedTuple):
    """Columns of a game record (int64, one row per game)."""

    winner: int = 0  # the winning team (1v1: 0 = deck A, 1 = deck B); the number of teams = draw
    first_player: int = 1
    turns: int = 2
    end_reason: int = 3
    cemetery_a: int = 4
    cemetery_b: int = 5


RecordCol = RecordColT()
N_RECORD_COLS = len(RecordCol)


class TablePlayerColT(NamedTuple):
    """Columns of a game's row per player, in games of more than two seats (int64)."""

    seat: int = 0  # the seat the player was given
    first_turn: int = 1  # turn index of the player's first turn (their place in the turn order); -1 none
    cemetery: int = 2  # cemetery HP at the end (or as the player went out)
    out_turn: int = 3  # turn index in which the player went out; -1 never
    points: int = 4  # AL Ladder: rounds won (0 in other modes)
    boss_damage: int = 5  # Boss Battles: the damage the player dealt to the boss (kernel.game.boss.note_damage_nb)


TablePlayerCol = TablePlayerColT()
N_TABLE_PLAYER_COLS = len(TablePlayerCol)

MAX_ACTIONS = 256  # room for the legal actions of one decision
