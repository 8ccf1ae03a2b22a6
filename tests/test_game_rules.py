"""The game kernel against the rules guide: scripted-dice scenarios, one per rule.

Each test sets a table by card name (`gamekit.Table`), dictates every die, steps the kernel the
way the rules guide describes a turn and checks the state after. Dice are read in the battle
kernel's order (`wardsim.kernel.duel.battle`): per strike, the hit dice, the critical-miss die, the
on-hit rows (roll, then dice), the Atk dice. Quotes are from
`shared/rules/ward-rules-guide-website.txt`.
"""

import numpy as np
import pytest
from gamekit import CAT, TABLES, Event, InstZone, K, Phase, Table

from wardsim.kernel.duel.effect_rows import effective_al_nb
from wardsim.kernel.duel.enums import StrikeResult
from wardsim.kernel.enums import DOT_SLOT_WIDTH, N_DOT_SLOTS, Action, Duration, EffectCol, FighterCol, Trigger
from wardsim.kernel.game import magic
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb, encode_action
from wardsim.kernel.game.enums import EndReason, GlobCol, InstCol, PlayerCol
from wardsim.kernel.game.field import finish_nb
from wardsim.kernel.rng import new_rng
from wardsim.replays import describe
from wardsim.rules import Rules

F = FighterCol
MAGIC = ["Health Potion", "Healing Tree", "Dragon Tamer"] * 9 + ["Twister"] * 2  # 29 cards, no creature


def duel_table(a: str, b: str, deck_a=(), deck_b=(), **kw) -> tuple[Table, int, int]:
    """A table past the first turn cycle with `a` and `b` as the primary creatures."""
    t = Table([a, *deck_a], [b, *deck_b], **kw)
    return t, t.primary(0, a), t.primary(1, b)


def sacrifices(t: Table) -> list[str]:
    return [CAT.cards[e[4]].name for e in t.events(Event.sacrifice)]


def legal_summons(t: Table) -> set[str]:
    return {CAT.cards[t.inst[action_a_nb(a), 0]].name for a in t.legal() if action_kind_nb(a) == K.summon}


def battles(t: Table) -> list[int]:
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.battle]


# ---------------------------------------------------------------- sacrificing


def test_armor_level_1_to_6_summons_without_sacrifice():
    # rules guide, SACRIFICING: "Armor Level 1-6: ... summoned to the field without any sacrifices";
    # the primary already there is killed to make room ("must be sacrificed or killed")
    t, goblin, _ = duel_table("Goblin", "Frog", ["Werewolf", "Health Potion"])
    t.to_hand(0, "Werewolf")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.summon, t.find(0, "Werewolf", InstZone.hand))
    assert t.primary_name(0) == "Werewolf"
    assert sacrifices(t) == []
    assert t.zone(goblin) == InstZone.cemetery and t.cemetery_hp(0) == 30


def test_armor_level_7_to_11_needs_one_sacrifice():
    # rules guide, SACRIFICING: "Armor Level 7-11: These creatures require 1 sacrifice"
    t, goblin, _ = duel_table("Goblin", "Frog", ["Knight", "Kobold", "Health Potion"])
    t.to_hand(0, "Knight", "Kobold")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.summon, t.find(0, "Knight", InstZone.hand))
    assert t.primary_name(0) == "Knight"
    assert sacrifices(t) == ["Goblin"]
    assert "Kobold" in t.hand(0)


def test_armor_level_12_needs_two_sacrifices():
    # rules guide, SACRIFICING: "Armor Level 12: These creatures require 2 sacrifices ... on the
    # field or in your hand"
    t, _, _ = duel_table("Goblin", "Frog", ["Dark Lord", "Kobold", "Health Potion"])
    t.to_hand(0, "Dark Lord")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    assert "Dark Lord" not in legal_summons(t)  # the primary alone is one sacrifice
    t.to_hand(0, "Kobold")
    assert "Dark Lord" in legal_summons(t)
    t.act(K.summon, t.find(0, "Dark Lord", InstZone.hand))
    assert sorted(sacrifices(t)) == ["Goblin", "Kobold"]
    assert t.cemetery_hp(0) == 30 + 40


@pytest.mark.parametrize("giant", ["The Creator", "The Old God"])
def test_the_creator_and_the_old_god_need_three_sacrifices(giant):
    # rules guide: "Some exceptions exist for creatures ... with extra summoning costs"
    t, _, _ = duel_table("Goblin", "Frog", [giant, "Kobold", "Dwarf", "Health Potion"])
    t.to_hand(0, giant, "Kobold")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    assert giant not in legal_summons(t)  # two sacrifices are not enough
    t.to_hand(0, "Dwarf")
    t.act(K.summon, t.find(0, giant, InstZone.hand))
    assert t.primary_name(0) == giant
    assert sorted(sacrifices(t)) == ["Dwarf", "Goblin", "Kobold"]


def test_frog_man_needs_no_sacrifice_despite_armor_level_10():
    # the card: Frog Man (AL 10) needs no sacrifice; rules guide: "... or lower summoning costs"
    t, goblin, _ = duel_table("Goblin", "Frog", ["Frog Man", "Health Potion"])
    t.to_hand(0, "Frog Man")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.summon, t.find(0, "Frog Man", InstZone.hand))
    assert t.primary_name(0) == "Frog Man"
    assert sacrifices(t) == [] and t.zone(goblin) == InstZone.cemetery


def test_eternal_dragon_takes_two_dragons_under_it_and_they_follow_it_to_the_cemetery():
    # the card: two Dragon sacrifices that stay under the Eternal Dragon and follow it
    t, dragonling, _ = duel_table("Dragonling", "Frog", ["Eternal Dragon", "Goblin", "Dragon Fox", "Health Potion"])
    t.to_hand(0, "Eternal Dragon", "Goblin")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    assert "Eternal Dragon" not in legal_summons(t)  # a Goblin is no Dragon
    fox = t.to_hand(0, "Dragon Fox")[0]
    eternal = t.find(0, "Eternal Dragon", InstZone.hand)
    t.act(K.summon, eternal)
    assert sorted(sacrifices(t)) == ["Dragon Fox", "Dragonling"]
    for i in (dragonling, fox):
        assert t.zone(i) == InstZone.under and t.inst[i, 5] == eternal  # anchored under it
    assert t.cemetery_hp(0) == 0  # not in the cemetery while under it
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # the Goblin in hand takes its place
    assert {t.zone(i) for i in (eternal, dragonling, fox)} == {InstZone.cemetery}
    assert t.cemetery_hp(0) == 120 + 30 + 50


def test_a_frozen_creature_cannot_be_sacrificed():
    # rules guide, STATUS EFFECTS: "A frozen creature cannot battle, return attack, or be sacrificed"
    t, goblin, _ = duel_table(
        "Goblin", "Frog", ["Knight", "Health Potion", "Health Potion"], ["Winter Chill", "Health Potion"]
    )
    t.to_hand(0, "Knight")
    t.to_hand(1, "Winter Chill")
    t.glob[GlobCol.active] = 1
    t.glob[GlobCol.turn] = 3
    t.on_top(1, "Health Potion")
    t.begin_turn()
    t.play("Winter Chill", 1)  # equipped to the Goblin
    t.end_turn()
    t.on_top(0, "Health Potion")
    t.dice(1)  # the Goblin's unfreeze roll fails (5-6 needed)
    t.begin_turn()
    assert t.fighter(goblin, F.frozen_until) >= t.glob[GlobCol.turn]
    assert "Knight" not in legal_summons(t)
    t.to_combat()
    assert battles(t) == []  # frozen: cannot battle either
    t.fighters[goblin, F.frozen_until] = -1  # thawed, the Goblin could pay for the Knight
    t.glob[GlobCol.phase] = Phase.main
    assert "Knight" in legal_summons(t)


def test_one_standard_summon_per_turn():
    # rules guide: "Only 1 creature can be summoned to the field at a time by standard summoning"
    t, _, _ = duel_table("Goblin", "Frog", ["Werewolf", "Kobold", "Health Potion"])
    t.to_hand(0, "Werewolf", "Kobold")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    assert legal_summons(t) == {"Werewolf", "Kobold"}
    t.act(K.summon, t.find(0, "Werewolf", InstZone.hand))
    assert legal_summons(t) == set()
    assert encode_action(K.kill_primary, 0, 0) not in t.legal()


def test_killing_your_own_primary_counts_as_the_turns_summon():
    # rules guide, SACRIFICING: "you may choose to kill your current primary creature ... However,
    # this counts towards your summoning limit of 1 creature per turn"
    t, goblin, _ = duel_table("Goblin", "Frog", ["Werewolf", "Kobold", "Health Potion"])
    t.to_hand(0, "Werewolf", "Kobold")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.kill_primary)
    assert t.zone(goblin) == InstZone.cemetery and t.cemetery_hp(0) == 30  # "as if it were killed in battle"
    assert t.primary_name(0) in ("Werewolf", "Kobold")  # a creature is placed at once
    assert legal_summons(t) == set()


# ---------------------------------------------------------------- replacing a dead primary


def test_a_dead_primary_is_replaced_immediately():
    # rules guide, HOW TO PLAY: "If their creature dies you must immediately replace the creature"
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=["Goblin"])
    t.to_hand(1, "Goblin")
    t.begin_turn()
    t.dice(3, 3, 5, 5)  # Werewolf (SPD 8) first: 6 + 3 hits AL 1; 5 + 5 + 3 = 13 damage
    t.battle()
    assert t.zone(frog) == InstZone.cemetery
    assert t.primary_name(1) == "Goblin"  # during the opponent's turn
    assert t.used_dice() == 4


def test_redraw_procedure_with_a_hand_of_magic_cards():
    # rules guide, HOW TO PLAY: "show your opponent your hand and place your hand back into your deck.
    # Shuffle your deck and draw the same number of cards. Repeat this process until a creature can
    # be played."
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=["Health Potion", "Healing Tree"])
    t.to_hand(1, "Health Potion", "Healing Tree")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    redraws = t.events(Event.redraw)
    assert redraws and all(e[3] == 2 for e in redraws)
    assert t.primary_name(1) == "Frog"
    assert len(t.hand(1)) == 1  # two cards drawn, one placed
    assert t.players[1, PlayerCol.deck_n] + len(t.hand(1)) == 28  # 30 less the two Frogs used


def test_an_empty_hand_draws_one_card_to_replace_a_dead_primary():
    # rules guide: "If you have no cards in your hand when your creature dies on the field draw 1 card
    # from your deck, then continue ... as if you have a 1 card hand"
    t, _, frog = duel_table("Werewolf", "Frog")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.primary_name(1) == "Frog" and t.hand(1) == []
    assert t.players[1, PlayerCol.deck_n] == 28
    assert not t.events(Event.redraw)  # the card drawn could be placed: no redraw


@pytest.mark.parametrize("seed", range(5))
def test_the_redraw_procedure_repeats_until_a_creature_can_be_placed(seed):
    # rules guide, HOW TO PLAY: "Repeat this process until a creature can be played": only two
    # Knights (one sacrifices itself for the other) among 29 cards, a hand of 2: 1 chance in 406
    # per redraw, so the procedure runs hundreds of times, and the player must not lose
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=["Knight", "Knight", *MAGIC[:27]])
    t.rng = new_rng(seed, 0)
    t.to_hand(1, "Health Potion", "Healing Tree")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.winner == -1
    assert t.primary_name(1) == "Knight"
    assert len(t.events(Event.redraw)) >= 1


def test_no_playable_creature_left_loses():
    # rules guide, HOW TO PLAY: "If you have no playable creatures in your deck you lose."
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=MAGIC)
    t.to_hand(1, "Health Potion", "Twister")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.winner == 0
    assert t.glob[GlobCol.end_reason] == EndReason.no_creature
    assert t.events(Event.cannot_place)


def test_no_placeable_creature_loses_at_once_when_sacrifices_must_be_dragons():
    # the Eternal Dragon is sacrificed only Dragons to: The Creator and The Old God (3 sacrifices
    # each, from a hand of 3) are no fodder for it, so no hand can ever place a creature
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=["Eternal Dragon", "The Creator", "The Old God", *MAGIC[:26]])
    t.to_hand(1, "Health Potion", "Healing Tree", "Dragon Tamer")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.winner == 0 and t.glob[GlobCol.end_reason] == EndReason.no_creature
    assert not t.events(Event.redraw)


# ---------------------------------------------------------------- the hand, the deck, the slots


def test_hand_limit_of_eight_discards_to_the_cemetery_counting_creature_hp():
    # rules guide, Draw phase: "If you draw a card and have more than eight cards in your hand, you
    # must discard cards to the cemetery"; HOW TO WIN: "Any creature sent from your hand ... counts"
    hand = ["Goblin", "Kobold", "Werewolf", "Knight", "Skeleton", "Dwarf", "Demon", "Owl"]
    t, _, _ = duel_table("Werewolf", "Frog", [*hand, "Rodent"])
    t.to_hand(0, *hand)
    t.on_top(0, "Rodent")
    t.begin_turn()
    assert len(t.hand(0)) == 8
    assert [CAT.cards[e[4]].name for e in t.events(Event.discard)] == ["Rodent"]  # the least HP
    assert t.cemetery_hp(0) == 20


def test_carding_out_is_not_a_loss():
    # rules guide, HOW TO WIN: "Carding out is not an immediate loss. ... finish the game with your
    # current hand."
    t, _, _ = duel_table("Werewolf", "Frog")
    t.empty_deck(0)
    t.begin_turn()
    assert t.events(Event.deck_empty)
    assert t.winner == -1 and t.glob[GlobCol.phase] == Phase.main


def test_only_five_infinite_cards_on_the_field():
    # rules guide, Summoning phase: "only 5 "Infinite" cards can be on the field at once ... (This does
    # not include "Lightning Bolt" and "standard use" cards."
    infinite = ["Knight Armor", "Hero Shield", "Magic Belt", "Lucky Charm", "Magic Ring"]
    t, _, _ = duel_table("Werewolf", "Frog", [*infinite, "Sword of the Grove", "Mind Sap", "Dragon Tamer"])
    t.to_hand(0, *infinite, "Sword of the Grove", "Mind Sap")
    t.on_top(0, "Dragon Tamer")  # the turn's draw: eight cards in hand
    t.begin_turn()
    for name in infinite:
        t.play(name, 0)
    magic = {CAT.cards[t.inst[action_a_nb(a), 0]].name for a in t.legal() if action_kind_nb(a) == K.magic}
    assert "Sword of the Grove" not in magic
    assert "Mind Sap" not in magic  # it acts as an Infinite equip once equipped
    assert "Dragon Tamer" in magic  # a standard card still can be played


def test_equips_are_destroyed_when_their_creature_leaves_the_field():
    # rules guide, Equip: "Cards that are equipped to a creature are destroyed and sent to the cemetery
    # if the attached creature is killed ... or leaves the field for any reason."
    t, wolf, _ = duel_table("Werewolf", "Frog", ["Knight Armor", "Goblin", "Health Potion"])
    t.to_hand(0, "Knight Armor", "Goblin")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    armor = t.play("Knight Armor", 0)
    assert t.zone(armor) == InstZone.magic
    t.act(K.kill_primary)
    assert t.zone(wolf) == InstZone.cemetery and t.zone(armor) == InstZone.cemetery
    assert t.cemetery_hp(0) == 70  # a magic card adds no HP


# ---------------------------------------------------------------- limited summons


def test_a_limited_summon_slides_in_when_the_primary_dies():
    # rules guide, LIMITED SUMMONS: "If your primary creature dies while you have a Limited Summon on the
    # field, then your Limited Summon slides into the primary creature slot ... regains its health pool"
    t, frog, _ = duel_table("Frog", "Werewolf", ["Helping Hand", "Kobold", "Health Potion"])
    t.to_hand(0, "Helping Hand", "Kobold")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.play("Helping Hand", 0)
    kobold = t.find(0, "Kobold", InstZone.limited)
    t.end_turn()
    t.begin_turn()
    t.dice(3, 3, 5, 5)  # the Werewolf kills the Frog
    t.battle()
    assert t.zone(frog) == InstZone.cemetery
    assert t.primary_name(0) == "Kobold" and t.zone(kobold) == InstZone.primary
    assert t.hp(kobold) == 40


def test_of_several_limited_summons_the_player_chooses_which_slides_in():
    # rules guide, LIMITED SUMMONS: "you may choose which creature becomes the primary creature";
    # the kernel's choice is the most printed HP (the Kobold's 40 over the Rodent's 20)
    t, frog, _ = duel_table("Frog", "Werewolf", ["Helping Hand", "Helping Hand", "Rodent", "Kobold", "Health Potion"])
    t.to_hand(0, "Helping Hand", "Helping Hand", "Rodent")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.play("Helping Hand", 0)
    t.to_hand(0, "Kobold")
    t.play("Helping Hand", 0)
    rodent, kobold = t.find(0, "Rodent", InstZone.limited), t.find(0, "Kobold", InstZone.limited)
    t.end_turn()
    t.begin_turn()
    t.dice(3, 3, 5, 5)  # the Werewolf kills the Frog
    t.battle()
    assert t.zone(frog) == InstZone.cemetery
    assert t.zone(kobold) == InstZone.primary and t.zone(rodent) == InstZone.limited


def test_a_limited_summon_leaves_when_its_anchor_leaves_the_field():
    # rules guide, Anchoring Effect: "Necromancer summons a creature. The effect of the necromancer is
    # the "Anchoring Effect". If the effect ... would be stopped for any reason the Limited Summoned
    # creature would be removed from the field."
    t, necro, _ = duel_table("Necromancer", "Werewolf", ["Knight", "Goblin", "Health Potion"])
    knight = t.to_cemetery(0, "Knight")[0]
    t.to_hand(0, "Goblin")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.activate, necro)
    assert t.zone(knight) == InstZone.limited
    t.end_turn()
    t.begin_turn()
    t.fighters[necro, F.hp] = 5
    t.dice(1, 2, 3, 3, 5, 5)  # the Necromancer (SPD 9) misses AL 6; the Werewolf hits and kills it
    t.battle()
    assert t.zone(necro) == InstZone.cemetery
    assert t.zone(knight) == InstZone.cemetery  # it does not slide in
    assert t.primary_name(0) == "Goblin"


# ---------------------------------------------------------------- the first turn cycle


def test_first_turn_cycle_no_draw_no_battle_and_each_player_places_a_creature():
    # rules guide, HOW TO PLAY: "During the first turn cycle of the game neither you nor your opponent
    # may initiate battle. Both players must play one monster during their first turn."; Draw phase:
    # "this does not apply to the first turn of the game for both players"
    t = Table(["Werewolf", "Goblin"], ["Kobold", "Dwarf"])
    t.glob[GlobCol.turn] = 0
    t.players[:, PlayerCol.last_turn] = -1
    t.to_hand(0, "Werewolf", "Goblin")
    t.to_hand(1, "Kobold", "Dwarf")
    for p in (0, 1):
        deck_n = int(t.players[p, PlayerCol.deck_n])
        t.begin_turn()
        assert t.players[p, PlayerCol.deck_n] == deck_n  # no draw
        assert t.primary_name(p) is not None
        assert legal_summons(t) == set()  # the placement was the turn's summon
        t.to_combat()
        assert battles(t) == []
        t.end_turn()
    deck_n = int(t.players[0, PlayerCol.deck_n])
    t.begin_turn()
    assert t.players[0, PlayerCol.deck_n] == deck_n - 1  # turn cycle 2: draw
    t.to_combat()
    assert battles(t) == [t.players[0, PlayerCol.primary]]


# ---------------------------------------------------------------- damage over time


def test_dot_first_ticks_at_the_end_of_the_combat_then_once_per_turn_cycle_and_expires():
    # rules guide, DAMAGE OVER TIME: "DOT's are initially applied at the end of the combat in which it
    # was applied. ... The subsequent damage is applied at the end of the combat phase 1 Turn Cycle from
    # the initial attack ... If a player chooses not to attack ... the DOT is applied between phase 2
    # and 4." Dire Wolf: 10 damage for 3 turn cycles.
    t, wolf, giant = duel_table("Dire Wolf", "Frost Giant")
    t.begin_turn()
    # Wolf (SPD 9) first: 5+5 hits AL 10; Atk 4. Giant: 2+2+4 hits AL 3; Atk 1+1+4
    t.dice(5, 5, 4, 2, 2, 1, 1)
    t.battle()
    assert t.hp(giant) == 106 and t.hp(wolf) == 34  # no tick yet
    t.end_phase()  # end of the combat phase
    assert t.hp(giant) == 96
    t.end_turn()
    t.pass_turn()  # the Giant's turn: no tick
    assert t.hp(giant) == 96
    t.begin_turn()
    t.to_combat()
    t.end_phase()  # no battle: between phases 2 and 4
    assert t.hp(giant) == 86
    t.end_turn()
    t.pass_turn()
    t.pass_turn()
    assert t.hp(giant) == 76  # the third and last tick
    t.pass_turn()
    t.pass_turn()
    assert t.hp(giant) == 76
    assert t.fighters[giant, F.dot0_row] == 0


def _bleed_twice(dot_stacking: bool) -> tuple[Table, int]:
    """The Dire Wolf hits the Frost Giant (bleed) in two turns of its own, a turn cycle apart;
    returns the table after the second combat, and the giant."""
    t, _, giant = duel_table("Dire Wolf", "Frost Giant")
    t.effects = Rules(dot_stacking=dot_stacking).effects_table(t.effects)
    for turn in range(2):
        if turn:
            t.end_turn()
            t.pass_turn()
        t.begin_turn()
        t.dice(5, 5, 4, 2, 2, 1, 1)
        t.battle()
    t.end_phase()
    return t, giant


def dot_slots(t: Table, i: int) -> int:
    return int(np.count_nonzero(t.fighters[i, [F.dot0_row + DOT_SLOT_WIDTH * k for k in range(N_DOT_SLOTS)]]))


def test_the_same_dot_does_not_stack():
    # DESIGN.md ruling 6: "The same DOT does not stack on a creature": the second hit restarts it
    t, giant = _bleed_twice(dot_stacking=False)
    assert t.hp(giant) == 110 - 4 - 10 - 4 - 10  # one tick per turn cycle, not two
    assert dot_slots(t, giant) == 1
    assert t.fighters[giant, F.dot0_ticks] == 2  # restarted: 3 ticks, one done


def test_the_same_dot_stacks_when_the_referee_rules_so():
    # DESIGN.md ruling 6 is a config: with DOT stacking, the second bleed takes a slot of its own
    t, giant = _bleed_twice(dot_stacking=True)
    assert t.hp(giant) == 110 - 4 - 10 - 4 - 10 - 10  # both bleeds tick
    assert dot_slots(t, giant) == 2


def test_dot_of_one_turn_cycle_ticks_once():
    # Warg: 10 damage (dot) for 1 turn cycle
    t, _, giant = duel_table("Warg", "Frost Giant")
    t.begin_turn()
    t.dice(5, 5, 3, 2, 2, 1, 1)  # Warg (M2): 5+5+2 hits AL 10; Atk 3+2
    t.battle()
    t.end_turn()
    assert t.hp(giant) == 110 - 5 - 10
    t.pass_turn()
    t.pass_turn()
    assert t.hp(giant) == 95


def test_dot_ticks_in_a_turn_skipped_by_the_applier():
    # DESIGN.md ruling 6: a DOT ticks once per turn cycle; a skipped turn (Black Dragon) still passes one
    t, wolf, giant = duel_table("Dire Wolf", "Frost Giant")
    t.begin_turn()
    t.dice(5, 5, 4, 2, 2, 1, 1)
    t.battle()
    t.end_turn()
    assert t.hp(giant) == 96
    t.pass_turn()
    t.players[0, PlayerCol.skip_turn] = 1
    t.pass_turn()
    assert t.hp(giant) == 86
    t.pass_turn()
    t.pass_turn()
    assert t.hp(giant) == 76


# ---------------------------------------------------------------- statuses


def test_frozen_creatures_cannot_return_attack_or_battle():
    # rules guide, STATUS EFFECTS: "A frozen creature cannot battle, return attack, or be sacrificed"
    t, dragon, wolf = duel_table("Blue Dragon", "Werewolf")
    t.begin_turn()
    t.dice(3, 3, 4, 1, 1)  # Blue Dragon hits AL 6 (6 + 3); roll 4 freezes; Atk 1+1+3
    t.battle()
    assert t.used_dice() == 5  # the Werewolf did not strike back
    assert t.hp(wolf) == 65 and t.hp(dragon) == 90
    t.end_turn()
    t.begin_turn()
    t.to_combat()
    assert battles(t) == []  # still frozen in its next turn (1 turn cycle)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.to_combat()
    assert battles(t) == [wolf]


def test_disarmed_creatures_hit_but_deal_no_atk_damage():
    # Minotaur: on 5-6 the struck creature is disarmed ("cannot inflict Atk damage") for 1 turn cycle
    t, mino, dwarf = duel_table("Minotaur", "Dwarf")
    t.begin_turn()
    t.dice(3, 3, 5, 1, 1, 3, 3)  # Minotaur hits AL 6 (6 + 2), roll 5; Atk 1+1+2; Dwarf hits (6 + 1)
    t.battle()
    assert t.used_dice() == 7  # the Dwarf rolled no Atk dice
    assert t.hp(dwarf) == 46 and t.hp(mino) == 90


# ---------------------------------------------------------------- winning and losing


def test_300_cemetery_hp_loses():
    # rules guide, HOW TO WIN: "your opponent must have 300 or more Health Points in their card cemetery"
    t, _, frog = duel_table("Werewolf", "Frog", deck_b=["Cosmic Demon", "Dark Lord", "Skeleton", "Frog"])
    t.to_cemetery(1, "Cosmic Demon", "Dark Lord", "Skeleton", "Frog")
    assert t.cemetery_hp(1) == 280
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.cemetery_hp(1) == 290 and t.winner == -1
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.cemetery_hp(1) == 300
    assert t.winner == 0 and t.glob[GlobCol.end_reason] == EndReason.cemetery


def test_the_game_ends_the_moment_a_cemetery_reaches_the_limit():
    # rules guide, HOW TO WIN: the game is won once the opponent's cemetery holds 300 HP; when that
    # happens in the middle of a card (a cost, a sweep), the card's remaining effects do not happen
    t, werewolf, _ = duel_table("Werewolf", "Frog", ["Health Potion"])
    t.to_hand(0, "Health Potion")
    t.begin_turn()
    t.fighters[werewolf, F.hp] = 10
    finish_nb(t.glob, 1, EndReason.cemetery)  # as if the card's cost had filled the cemetery
    potion = t.find(0, "Health Potion", InstZone.hand)
    magic.resolve_card_nb(*t.args, 0, potion, 2, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.hp(werewolf) == 10
    assert t.winner == 1


@pytest.mark.parametrize("threshold, lost", [(100, True), (150, False)])
def test_the_cemetery_threshold_is_configurable(threshold, lost):
    # rules guide, HOW TO WIN: "This number can be increased or decreased prior to battle"
    t, _, _ = duel_table("Werewolf", "Frog", deck_b=["Werewolf", "Goblin"], rules=Rules(cemetery_threshold=threshold))
    t.to_cemetery(1, "Werewolf", "Goblin")
    t.begin_turn()
    t.dice(3, 3, 5, 5)
    t.battle()
    assert t.cemetery_hp(1) == 110
    assert (t.winner == 0) == lost


def test_the_turn_cap_is_a_draw():
    # DESIGN.md ruling 8: "A game that reaches a turn cap ... is a draw"
    t, _, _ = duel_table("Werewolf", "Frog", rules=Rules(max_turns=4))
    t.pass_turn()
    assert t.winner == -1
    t.pass_turn()
    assert t.winner == 2 and t.glob[GlobCol.end_reason] == EndReason.turn_cap


# ---------------------------------------------------------------- combat


def test_combat_ends_when_the_opponents_primary_dies():
    # rules guide, LIMITED SUMMONS: "If you kill your opponent's primary creature ... the combat phase
    # ends. You may not attack with any additional creatures."
    t, necro, frog = duel_table("Necromancer", "Frog", ["Werewolf", "Health Potion"])
    wolf = t.to_cemetery(0, "Werewolf")[0]
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.activate, necro)
    t.to_combat()
    assert sorted(battles(t)) == sorted([necro, wolf])
    t.dice(3, 3, 5, 5)  # the Limited Summon Werewolf kills the Frog
    t.battle(wolf)
    assert t.zone(frog) == InstZone.cemetery
    assert t.glob[GlobCol.phase] == Phase.wrap_up and battles(t) == []


def test_combat_ends_when_your_own_primary_dies():
    # rules guide, TURNS EXPLAINED: "During the Combat phase if you or your opponent's primary creature
    # dies the combat phase ends immediately." (Phoenix returns to hand when killed: it still died)
    t, phoenix, _ = duel_table("Phoenix", "Manticore", ["Goblin", "Health Potion"])
    t.to_hand(0, "Goblin")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.fighters[phoenix, F.hp] = 5
    t.dice(5, 5, 2, 2, 2)  # Manticore (SPD 13) first: 10 + 3 hits AL 12; 6 + 3 damage
    t.battle()
    assert t.zone(phoenix) == InstZone.hand
    assert t.primary_name(0) == "Goblin"
    assert t.glob[GlobCol.phase] == Phase.wrap_up and battles(t) == []


# ---------------------------------------------------------------- Lightning responses


def test_blade_in_the_dark_negates_a_magic_card():
    # rules guide, CARD ACTIVATION: "Lightning cards may respond instantly from either player's hand to
    # the activation of a card"; Blade in the Dark negates it and sends it to the cemetery
    t, wolf, _ = duel_table("Werewolf", "Frog", ["Knight Armor", "Health Potion"], ["Blade in the Dark"])
    t.to_hand(0, "Knight Armor")
    blade = t.to_hand(1, "Blade in the Dark")[0]
    t.on_top(0, "Health Potion")
    t.begin_turn()
    armor = t.play("Knight Armor", 0)
    t.refresh()
    assert t.zone(armor) == InstZone.cemetery and t.zone(blade) == InstZone.cemetery
    assert effective_al_nb(t.fighters[wolf]) == 6
    assert t.events(Event.negated)


def test_a_response_chain_resolves_last_played_first():
    # DESIGN.md ruling 10: "Chains of Lightning responses resolve last-played first": Blade in the Dark
    # answers Goblin Tricks, which answered Knight Armor; the Blade negates the Tricks, the armor stays
    t, wolf, _ = duel_table(
        "Werewolf", "Frog", ["Knight Armor", "Blade in the Dark", "Health Potion"], ["Goblin Tricks"]
    )
    t.to_hand(0, "Knight Armor", "Blade in the Dark")
    tricks = t.to_hand(1, "Goblin Tricks")[0]
    t.on_top(0, "Health Potion")
    t.begin_turn()
    armor = t.play("Knight Armor", 0)
    responses = [CAT.cards[e[4]].name for e in t.events(Event.response)]
    assert responses == ["Goblin Tricks", "Blade in the Dark"]
    assert t.zone(armor) == InstZone.magic and t.zone(tricks) == InstZone.cemetery
    t.refresh()
    assert effective_al_nb(t.fighters[wolf]) == 11


# ---------------------------------------------------------------- case law


def test_case_law_necromancer_mind_sapped_loses_its_limited_summon():
    # rules guide, CASE LAW, Jesse v Eric (overturned): "the intent of the card was always that the
    # effect of the Necromancer was keeping the creature on the field": once Mind Sap negates it, the
    # revived creature leaves the field
    t, necro, _ = duel_table("Necromancer", "Werewolf", ["Knight", "Health Potion"], ["Mind Sap", "Health Potion"])
    knight = t.to_cemetery(0, "Knight")[0]
    t.to_hand(1, "Mind Sap")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.activate, necro)
    assert t.zone(knight) == InstZone.limited
    t.end_turn()
    t.on_top(1, "Health Potion")
    t.begin_turn()
    sap = t.play("Mind Sap", 1)
    assert t.inst[sap, 4] == necro  # attached to the Necromancer
    assert t.zone(knight) == InstZone.cemetery
    assert t.zone(necro) == InstZone.primary


@pytest.mark.parametrize("reduction", ["Unlucky Circumstance", "Zombified"])
def test_case_law_dragon_power_sets_armor_level_12_after_a_reduction(reduction):
    # rules guide, CASE LAW, Jeesse v James: Kraken with Flame of the Infinite, its AL reduced by Zanj
    # the Hunter, then Dragon Power: "Dragon Power does not specifically increase the Armor Level by an
    # amount but sets the Armor at Level 12." The opponent's Unlucky Circumstance (AL set to 1) or
    # Zombified (AL -2) in Zanj's place (Zanj itself: tests/test_effects_gen3_strikes.py).
    t, kraken, _ = duel_table(
        "Kraken", "Werewolf", ["Flame of the Infinite", "Dragon Power", "Health Potion"], [reduction, "Health Potion"]
    )
    t.to_hand(0, "Flame of the Infinite", "Dragon Power")
    t.to_hand(1, reduction)
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.play("Flame of the Infinite")
    t.refresh()
    assert effective_al_nb(t.fighters[kraken]) == 11
    t.end_turn()
    t.on_top(1, "Health Potion")
    t.begin_turn()
    t.play(reduction, 1)
    t.refresh()
    assert effective_al_nb(t.fighters[kraken]) < 6
    t.end_turn()
    t.begin_turn()
    t.play("Dragon Power", 0)
    t.refresh()
    assert effective_al_nb(t.fighters[kraken]) == 12


def test_the_trace_keeps_every_die_of_a_battle():
    # rules guide, BATTLE: a critical miss (all 1s) deals one die to the striker, then the other
    # creature strikes back; the replay shows each die as rolled
    t, wolf, frog = duel_table("Werewolf", "Frog")
    t.begin_turn()
    t.dice(1, 1, 4, 2, 3)  # Werewolf: Hit 1+1, self-damage 4; Frog: Hit 2+3 against AL 6
    t.battle()
    kinds = (Event.strike, Event.hit_dice, Event.atk_dice, Event.battle_end)
    rows = [row[2:] for row in t.trace[: t.glob[GlobCol.trace_n]].tolist() if row[2] in kinds]
    assert rows == [
        [Event.strike, wolf, StrikeResult.critical_miss, 1],
        [Event.hit_dice, wolf, 1 + 1 * 8, 1 + 1 + 3],
        [Event.atk_dice, wolf, 4, 4],
        [Event.strike, frog, StrikeResult.miss, 6],
        [Event.hit_dice, frog, 2 + 3 * 8, 2 + 3],
        [Event.battle_end, 70 - 4, 10, 0],
    ]


# ---------------------------------------------------------------- rules audit


def test_a_frozen_primary_cannot_be_killed_to_make_room_for_a_summon():
    # rules guide, STATUS EFFECTS: "A frozen creature cannot battle, return attack, or be sacrificed until
    # unfrozen"; DEFINITIONS: "Sacrifice: The process of discarding a creature from the field and/or your
    # hand to the cemetery to bring a stronger creature to the field". Killing the primary to make room is
    # that process under another name, so a frozen primary stays: no summon, no kill, until it thaws
    t, goblin, _ = duel_table("Goblin", "Frog", ["Knight", "Kobold", "Werewolf", "Health Potion"])
    t.to_hand(0, "Knight", "Kobold", "Werewolf")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.fighters[goblin, F.frozen_until] = t.glob[GlobCol.turn]  # frozen by a Blue Dragon's hit
    assert legal_summons(t) == set()  # the Kobold could pay for the Knight, but the Goblin holds the field
    assert encode_action(K.kill_primary, 0, 0) not in t.legal()
    t.fighters[goblin, F.frozen_until] = -1
    assert legal_summons(t) == {"Knight", "Kobold", "Werewolf"}
    assert encode_action(K.kill_primary, 0, 0) in t.legal()


DOT_CREATURES = ["Dire Wolf", "Giant Spider", "Fire God", "Grizzly Bear", "Naga", "Warg", "Allosaurus"]


def test_every_different_dot_on_a_creature_ticks():
    # DESIGN.md ruling 6: only the same DOT does not stack; different DOTs each tick. Every on-hit DOT of the
    # card pool lands on one Frost Giant (frozen: it does not strike back) in one combat phase, and all of
    # them tick at its end
    t = Table(DOT_CREATURES, ["Frost Giant"])
    giant = t.primary(1, "Frost Giant")
    t.fighters[giant, F.hp] = t.fighters[giant, F.max_hp] = 1000
    t.fighters[giant, F.frozen_until] = 1 << 30
    previous = t.primary(0, DOT_CREATURES[0])
    t.begin_turn()
    atk_damage = 0
    for name in DOT_CREATURES:
        if name != DOT_CREATURES[0]:
            t.inst[previous, InstCol.zone] = InstZone.under  # out of play: the next one takes its place
            previous = t.primary(0, name)
        card = CAT.cards[CAT.index(name)]
        t.dice(6, 5, *[1] * card.attack_dice)  # 11 + modifier hits AL 10; every Atk die a 1
        t.battle()
        atk_damage += card.attack_dice + card.modifier
    assert t.hp(giant) == 1000 - atk_damage
    t.end_phase()  # the end of the combat: the first tick of each
    assert t.hp(giant) == 1000 - atk_damage - 10 * len(DOT_CREATURES)


def test_stacked_dots_never_run_out_of_room():
    # DESIGN.md ruling 6, switched to stacking: every hit adds a DOT. Allosaurus's lasts while it stays on
    # the field, so after its sixth hit six of them tick, one per hit
    t, _, giant = duel_table("Allosaurus", "Frost Giant")
    t.effects = Rules(dot_stacking=True).effects_table(t.effects)
    t.fighters[giant, F.hp] = t.fighters[giant, F.max_hp] = 1000
    t.fighters[giant, F.frozen_until] = 1 << 30
    for hit in range(1, 7):
        if hit > 1:
            t.end_turn()
            t.pass_turn()
        t.begin_turn()
        t.dice(6, 5, 1)  # 11 + 3 hits AL 10; Atk 1 + 3
        t.battle()
        before = t.hp(giant)
        t.end_phase()
        assert before - t.hp(giant) == 10 * hit, hit
    assert t.hp(giant) == 1000 - 6 * 4 - 10 * (1 + 2 + 3 + 4 + 5 + 6)


def test_the_dot_slots_hold_every_dot_the_card_pool_can_put_on_one_creature():
    # DESIGN.md ruling 6. Without stacking, each different DOT row takes one slot. With stacking, a creature is
    # struck at most once per turn by a creature with effects (Limited Summons have none), a DOT of d turn
    # cycles lasts 2d - 1 turns, and the copies of one lasting DOT applied in the same player's turns tick
    # together (one slot); so the slots needed are (2 d_max - 1) x the most DOT rows one card has, plus 2 per
    # lasting DOT row
    effects = TABLES.effects
    on_creature = np.isin(effects[:, EffectCol.action], (Action.dot, Action.hot)) & (
        effects[:, EffectCol.trigger] != Trigger.static
    )
    rows = effects[on_creature]
    duration = rows[:, EffectCol.duration]
    lasting = np.isin(duration, (Duration.source, Duration.permanent))
    per_card = np.bincount(rows[:, EffectCol.card]).max()
    longest = np.maximum(duration[~lasting], 1).max(initial=1)
    assert len(rows) <= N_DOT_SLOTS
    assert (2 * longest - 1) * per_card + 2 * lasting.sum() <= N_DOT_SLOTS


def _replay(t: Table) -> list[str]:
    n = int(t.glob[GlobCol.trace_n])
    return describe(t.trace[:n], t.inst[:, InstCol.card], CAT, ("Ann", "Bob"), t.effects)


def test_the_replay_shows_a_limited_summon_without_a_health_pool():
    # rules guide, LIMITED SUMMONS: "Limited Summons also lose their health pool while they are on the field"
    t, necro, frog = duel_table("Necromancer", "Frog", ["Werewolf", "Health Potion"])
    t.to_cemetery(0, "Werewolf")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.act(K.activate, necro)
    wolf = t.find(0, "Werewolf", InstZone.limited)
    t.dice(3, 3, 5, 5)  # Werewolf (SPD 8) first: 6 + 3 hits AL 1; 5 + 5 + 3 kills the Frog
    t.battle(wolf)
    lines = _replay(t)
    assert "  After the strikes: Werewolf (A) has no health pool (a Limited Summon), Frog (B) HP 0." in lines
    assert not any(str(1 << 40)[:6] in line for line in lines)


def test_the_replay_shows_mysterious_doors_damage_to_its_players_primary():
    # Mysterious Door: "Inflict 10 damage to your primary creature to negate the card effect"
    t, _, wolf = duel_table("Werewolf", "Werewolf", ["Knight Armor", "Health Potion"], ["Mysterious Door"])
    t.to_hand(0, "Knight Armor")
    t.to_hand(1, "Mysterious Door")
    t.on_top(0, "Health Potion")
    t.begin_turn()
    t.play("Knight Armor", 0)
    assert t.hp(wolf) == 60
    lines = _replay(t)
    assert "  Werewolf (B) takes 10 damage from an effect (HP 60)." in lines
