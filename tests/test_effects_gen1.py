"""Generation 1 card effects: every card with text is encoded, and the encodings mean what the cards say.

The spot checks read the compiled int32 tables (the kernels' view), not the Python objects, so they
also check that validation and compilation keep each field. Hourglass of Time, whose rows only the
turn loop acts on, is also played out in a game.
"""

import numpy as np
import pytest
from gamekit import Event, InstZone, K, Phase, Table

from wardsim.catalog import default_catalog
from wardsim.kernel.enums import (
    Action,
    CardCol,
    CardType,
    Condition,
    CreatureType,
    Duration,
    EffectCol,
    EffectStatus,
    FighterCol,
    Flag,
    Scale,
    Stat,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.kernel.game import rewind
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol

PLACEHOLDER = "the card text is not encoded yet"
CAT = default_catalog()
TABLES = CAT.tables()
GEN1 = CAT.generation(1)
GEN1_WITH_TEXT = [c for c in GEN1 if c.effect_status != "none"]


def rows(name: str) -> np.ndarray:
    """The compiled effect rows of one card (columns `EffectCol`)."""
    card = TABLES.cards[CAT.index(name)]
    start, count = card[CardCol.effect_start], card[CardCol.effect_count]
    return TABLES.effects[start : start + count]


def only_row(name: str) -> np.ndarray:
    found = rows(name)
    assert len(found) == 1, f"{name} has {len(found)} rows"
    return found[0]


def row_with(name: str, **fields: int) -> np.ndarray:
    """The single row of a card whose columns equal the given codes."""
    found = [r for r in rows(name) if all(r[getattr(EffectCol, k)] == v for k, v in fields.items())]
    assert len(found) == 1, f"{name}: {len(found)} rows match {fields}"
    return found[0]


def filter_matches(row: np.ndarray, name: str) -> bool:
    """Whether a card passes a row's filter, read the way a kernel reads the compiled tables."""
    card = TABLES.cards[CAT.index(name)]
    types, tags, names = row[EffectCol.filter_types], row[EffectCol.filter_tags], row[EffectCol.filter_names]
    if row[EffectCol.filter_card_type] >= 0 and card[CardCol.card_type] != row[EffectCol.filter_card_type]:
        return False
    if not (types or tags or names):
        return True
    creature_type = card[CardCol.creature_type]
    return bool(
        (creature_type >= 0 and types >> creature_type & 1) or tags & card[CardCol.tags] or names & card[CardCol.names]
    )


def stat_rows(name: str) -> dict[int, int]:
    """stat code -> amount of a card's static modify_stat rows."""
    out = {}
    for r in rows(name):
        if r[EffectCol.trigger] == Trigger.static and r[EffectCol.action] == Action.modify_stat:
            out[int(r[EffectCol.stat])] = int(r[EffectCol.amount])
    return out


# ---------------------------------------------------------------- coverage


def test_gen1_has_118_cards_with_text():
    assert len(GEN1_WITH_TEXT) == 118


def test_every_gen1_card_with_text_is_encoded_or_explained():
    for card in GEN1_WITH_TEXT:
        assert card.effect_status in ("modeled", "partial", "unmodeled"), card.name
        assert card.reason != PLACEHOLDER, f"{card.name} still has the placeholder reason"
        if card.effect_status == "modeled":
            assert card.effects, f"{card.name} is modeled without effect rows"
            assert not card.reason, f"{card.name} is modeled but keeps a reason"
        elif card.effect_status == "partial":
            assert card.effects and card.reason, card.name
        else:
            assert card.reason, card.name


def test_gen1_cards_without_text_have_no_rows():
    for card in GEN1:
        if card.effect_status == "none":
            assert not card.effects, card.name


def test_gen1_modeled_share_is_at_least_95_percent():
    counts = CAT.coverage()["1"]
    with_text = counts["modeled"] + counts["partial"] + counts["unmodeled"]
    assert with_text == len(GEN1_WITH_TEXT)
    assert counts["modeled"] / with_text >= 0.95, counts


def test_every_gen1_card_with_text_is_modeled():
    assert {c.name for c in GEN1_WITH_TEXT if c.effect_status != "modeled"} == set()


def _rows(name):
    return [e for e in CAT[name].effects]


def test_goblin_tricks_and_holy_light_offer_a_choice_of_one_row():
    for name in ("Goblin Tricks", "Holy Light"):
        choices = [e for e in _rows(name) if "choice" in e.flags]
        assert len(choices) == 2, name
    assert {e.filter.card_type for e in _rows("Holy Light") if "choice" in e.flags} == {"creature", "magic"}


def test_wrath_of_the_old_ones_draws_as_many_cards_as_were_sent_back():
    draw = [e for e in _rows("Wrath of the Old Ones") if e.action == "draw"]
    assert len(draw) == 1 and draw[0].scale == "cards_moved" and draw[0].target == "both_players"


def test_zombified_negates_other_armor_level_increases():
    assert any(e.action == "negate_increases" and e.stat == "armor_level" for e in _rows("Zombified"))
    assert any(e.action == "negate_increases" and e.stat == "speed" for e in _rows("Ball and Chain"))


def test_silence_from_the_grave_negates_creature_effects_only_during_your_turns():
    negate = [e for e in _rows("Silence From The Grave") if e.action == "negate_effects"]
    assert negate[0].condition == "own_turn" and negate[0].duration == 2


def test_every_gen1_effect_row_renders_a_sentence():
    for card in GEN1_WITH_TEXT:
        sentences = card.effect_text()
        assert len(sentences) == len(card.effects), card.name
        for s in sentences:
            assert s.endswith(".") and ": " in s, f"{card.name}: {s!r}"


def test_compiled_effect_rows_belong_to_their_card():
    for card in GEN1_WITH_TEXT:
        i = CAT.index(card.name)
        assert TABLES.cards[i, CardCol.effect_count] == len(card.effects)
        assert TABLES.cards[i, CardCol.effect_status] == getattr(EffectStatus, card.effect_status)
        assert (rows(card.name)[:, EffectCol.card] == i).all()


# ---------------------------------------------------------------- creatures: on-hit statuses and DOTs


def test_blue_dragon_freezes_on_hit_on_4_to_6():
    r = only_row("Blue Dragon")
    assert r[EffectCol.trigger] == Trigger.on_hit
    assert (r[EffectCol.roll_lo], r[EffectCol.roll_hi]) == (4, 6)
    assert r[EffectCol.action] == Action.apply_status
    assert r[EffectCol.status] == Status.frozen
    assert r[EffectCol.target] == Target.struck
    assert r[EffectCol.duration] == 1


def test_minotaur_disarms_on_hit_on_5_to_6_for_1_turn_cycle():
    r = only_row("Minotaur")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.status]) == (
        Trigger.on_hit,
        Action.apply_status,
        Status.disarmed,
    )
    assert (r[EffectCol.roll_lo], r[EffectCol.roll_hi], r[EffectCol.duration]) == (5, 6, 1)


def test_grizzly_bear_bleeds_10_for_3_turn_cycles_on_hit():
    # the rules guide's worked example: the bleed lasts 3 turns (the guide wins over the transcription)
    r = only_row("Grizzly Bear")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target]) == (
        Trigger.on_hit,
        Action.dot,
        Target.struck,
    )
    assert r[EffectCol.status] == Status.bleed
    assert (r[EffectCol.amount], r[EffectCol.duration]) == (10, 3)
    assert r[EffectCol.roll_lo] == 0  # no effect roll: every hit applies it


@pytest.mark.parametrize(
    "name, ticks", [("Dire Wolf", 3), ("Giant Spider", 2), ("Fire God", 2), ("Naga", 2), ("Warg", 1)]
)
def test_on_hit_dot_creatures_deal_10_per_turn_cycle(name, ticks):
    r = only_row(name)
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.status]) == (Trigger.on_hit, Action.dot, Status.dot)
    assert (r[EffectCol.amount], r[EffectCol.duration]) == (10, ticks)


def test_allosaurus_dot_lasts_while_allosaurus_stays_on_the_field():
    r = only_row("Allosaurus")
    assert (r[EffectCol.action], r[EffectCol.amount], r[EffectCol.duration]) == (Action.dot, 10, Duration.source)


def test_basilisk_deals_5_per_turn_cycle_to_the_opponent_primary_while_on_the_field():
    r = only_row("Basilisk")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target]) == (
        Trigger.static,
        Action.dot,
        Target.opponent_primary,
    )
    assert (r[EffectCol.amount], r[EffectCol.duration]) == (5, Duration.source)


def test_kraken_wraps_for_10_until_a_3_to_5_release_roll():
    r = only_row("Kraken")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.status]) == (
        Trigger.on_hit,
        Action.apply_status,
        Status.wrapped,
    )
    assert r[EffectCol.amount] == 10
    assert (r[EffectCol.release_lo], r[EffectCol.release_hi]) == (3, 5)
    assert r[EffectCol.duration] == Duration.released


def test_dragon_fox_rolls_2_damage_dice_at_the_opponent_primary_on_hit():
    r = only_row("Dragon Fox")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target]) == (
        Trigger.on_hit,
        Action.damage,
        Target.opponent_primary,
    )
    assert (r[EffectCol.dice], r[EffectCol.amount]) == (2, 0)


# ---------------------------------------------------------------- creatures: damage multipliers


@pytest.mark.parametrize("name", ["Hafling", "Assassin", "Rogue"])
def test_hafling_assassin_rogue_triple_damage_when_striking_first(name):
    r = only_row(name)
    assert (r[EffectCol.trigger], r[EffectCol.action]) == (Trigger.on_strike, Action.multiply_damage)
    assert (r[EffectCol.condition], r[EffectCol.amount]) == (Condition.strikes_first, 3)


def test_orc_doubles_damage_when_an_atk_die_shows_6():
    r = only_row("Orc")
    assert (r[EffectCol.trigger], r[EffectCol.action]) == (Trigger.on_strike, Action.multiply_damage)
    assert (r[EffectCol.condition], r[EffectCol.amount]) == (Condition.atk_die_six, 2)


def test_elf_triples_damage_against_winged_creatures_only():
    r = only_row("Elf")
    assert (r[EffectCol.condition], r[EffectCol.amount]) == (Condition.target_matches, 3)
    assert r[EffectCol.filter_tags] == 1 << TABLES.tag_bits["wings"]
    assert filter_matches(r, "Blue Dragon")  # wings in the artwork
    assert not filter_matches(r, "Grizzly Bear")


def test_hell_skeleton_doubles_damage_against_demons_and_undead():
    r = only_row("Hell Skeleton")
    assert (r[EffectCol.condition], r[EffectCol.amount]) == (Condition.target_matches, 2)
    assert r[EffectCol.filter_types] == (1 << CreatureType.demon) | (1 << CreatureType.undead)
    assert filter_matches(r, "Demon King") and filter_matches(r, "Vampire")
    assert not filter_matches(r, "Elf")


def test_evolved_dino_triples_damage_against_cosmic_or_starry_creatures():
    r = only_row("Evolved Dino")
    assert r[EffectCol.amount] == 3
    assert filter_matches(r, "The Creator") and filter_matches(r, "Wizard")  # cosmic; stars in the artwork
    assert not filter_matches(r, "Orc")


def test_dragons_bane_doubles_every_creatures_damage_against_dragons():
    r = only_row("Dragon's Bane")
    assert (r[EffectCol.trigger], r[EffectCol.target], r[EffectCol.action]) == (
        Trigger.static,
        Target.all_creatures,
        Action.multiply_damage,
    )
    assert r[EffectCol.condition] == Condition.target_matches
    assert filter_matches(r, "Blue Dragon") and filter_matches(r, "Dragon Fox")
    assert not filter_matches(r, "Kraken")


# ---------------------------------------------------------------- creatures: healing, costs, summons


def test_vampire_heals_half_the_atk_damage_it_inflicts():
    r = only_row("Vampire")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target]) == (
        Trigger.on_damage_dealt,
        Action.heal_from_damage,
        Target.self,
    )
    assert (r[EffectCol.amount], r[EffectCol.divisor]) == (1, 2)


def test_blood_of_the_bat_heals_the_equipped_creature_half_its_atk_damage():
    r = only_row("Blood of the Bat")
    assert (r[EffectCol.action], r[EffectCol.target]) == (Action.heal_from_damage, Target.equipped)
    assert (r[EffectCol.amount], r[EffectCol.divisor]) == (1, 2)


def test_eternal_dragon_needs_2_dragon_sacrifices_that_follow_it():
    cost = row_with("Eternal Dragon", action=Action.sacrifices)
    assert (cost[EffectCol.trigger], cost[EffectCol.amount]) == (Trigger.summon_cost, 2)
    assert cost[EffectCol.filter_types] == 1 << CreatureType.dragon
    assert cost[EffectCol.filter_names] == 1 << TABLES.name_bits["dragon"]
    assert filter_matches(cost, "Blue Dragon") and not filter_matches(cost, "Orc")
    row_with("Eternal Dragon", action=Action.sacrifices_follow, trigger=Trigger.summon_cost)


@pytest.mark.parametrize("name, sacrifices", [("The Creator", 3), ("The Old God", 3), ("Frog Man", 0)])
def test_summon_costs_replace_the_base_al_rule(name, sacrifices):
    r = only_row(name)
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.amount]) == (
        Trigger.summon_cost,
        Action.sacrifices,
        sacrifices,
    )


@pytest.mark.parametrize("name, undead_only", [("Necromancer", False), ("Dark Knight", True)])
def test_necromancer_and_dark_knight_limited_summon_one_creature_anchored_to_themselves(name, undead_only):
    r = only_row(name)
    assert (r[EffectCol.trigger], r[EffectCol.action]) == (Trigger.your_turn, Action.limited_summon)
    assert (r[EffectCol.zone_from], r[EffectCol.zone_to]) == (Zone.cemetery, Zone.cemetery)
    assert r[EffectCol.duration] == Duration.source
    assert r[EffectCol.amount] == 1  # MAX-1
    assert r[EffectCol.flags] & Flag.optional and r[EffectCol.flags] & Flag.once_per_turn
    assert r[EffectCol.filter_card_type] == CardType.creature
    assert r[EffectCol.filter_types] == ((1 << CreatureType.undead) if undead_only else 0)


def test_psychic_toad_takes_the_opponent_creature_and_returns_it_to_their_hand():
    r = only_row("Psychic Toad")
    assert (r[EffectCol.trigger], r[EffectCol.action]) == (Trigger.on_summon, Action.limited_summon)
    assert (r[EffectCol.zone_from], r[EffectCol.zone_to]) == (Zone.opponent_field, Zone.hand)
    assert r[EffectCol.duration] == Duration.source


def test_witch_sets_opponent_al_to_1_while_on_the_field():
    r = only_row("Witch")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.stat]) == (
        Trigger.on_summon,
        Action.set_stat,
        Stat.armor_level,
    )
    assert (r[EffectCol.target], r[EffectCol.amount], r[EffectCol.duration]) == (
        Target.opponent_creatures,
        1,
        Duration.source,
    )


def test_wizard_turn_roll_1_to_3_shields_itself_once_per_turn():
    r = only_row("Wizard")
    assert (r[EffectCol.trigger], r[EffectCol.status], r[EffectCol.target]) == (
        Trigger.your_turn,
        Status.shielded,
        Target.self,
    )
    assert (r[EffectCol.roll_lo], r[EffectCol.roll_hi]) == (1, 3)
    assert r[EffectCol.flags] & Flag.once_per_turn  # rules guide: creature effects once per turn
    assert not r[EffectCol.flags] & Flag.optional  # the card says "roll", not "may"


def test_the_hero_and_heroine_scale_dice_and_modifier_with_opponent_deaths():
    for name, scale in (
        ("The Hero", Scale.opponent_deaths_since_summon),
        ("The Heroine", Scale.opponent_cemetery_creatures),
    ):
        for stat in (Stat.attack_dice, Stat.modifier):
            r = row_with(name, stat=stat)
            assert (r[EffectCol.amount], r[EffectCol.scale]) == (1, scale)


def test_angel_returns_a_creature_and_never_leaves_the_cemetery():
    move = row_with("Angel", action=Action.move_card)
    assert (move[EffectCol.trigger], move[EffectCol.zone_from], move[EffectCol.zone_to]) == (
        Trigger.on_summon,
        Zone.cemetery,
        Zone.hand,
    )
    assert move[EffectCol.filter_card_type] == CardType.creature
    row_with("Angel", trigger=Trigger.in_cemetery, action=Action.no_return)


def test_stone_golem_goes_to_the_opponent_and_decays_10_per_turn_cycle():
    row_with("Stone Golem", action=Action.move_card, target=Target.opponent_primary, zone_to=Zone.deck)
    placed = row_with("Stone Golem", action=Action.summon_to_opponent)
    assert placed[EffectCol.duration] == Duration.permanent
    decay = row_with("Stone Golem", action=Action.damage)
    assert (decay[EffectCol.target], decay[EffectCol.amount]) == (Target.self, 10)


# ---------------------------------------------------------------- magic


def test_knight_armor_adds_5_al_to_the_equipped_creature():
    r = only_row("Knight Armor")
    assert (r[EffectCol.trigger], r[EffectCol.target], r[EffectCol.action]) == (
        Trigger.static,
        Target.equipped,
        Action.modify_stat,
    )
    assert (r[EffectCol.stat], r[EffectCol.amount]) == (Stat.armor_level, 5)


@pytest.mark.parametrize(
    "name, stats",
    [
        ("Hero Shield", {Stat.armor_level: 4}),
        ("Magic Belt", {Stat.armor_level: 3}),
        ("Lucky Charm", {Stat.hit: 3}),
        ("Magic Ring", {Stat.hit: 5}),
        ("Mounted Assault", {Stat.speed: 6}),
        ("Mysterious Traveler", {Stat.armor_level: 3, Stat.speed: 3}),
        ("Sword of the Grove", {Stat.atk: 5}),
        ("Sword of the Jungle", {Stat.atk: 3, Stat.hit: 5}),
        ("Epic Boots", {Stat.armor_level: 4, Stat.speed: 4}),
        ("Epic Helm", {Stat.armor_level: 4, Stat.hit: 4}),
        ("Epic Ring", {Stat.hit: 4, Stat.atk: 4}),
        ("Sword of Light", {Stat.hit: 3, Stat.atk: 3, Stat.attack_dice: 1, Stat.hit_dice: 1}),
        ("Epic Loot", {Stat.armor_level: 5, Stat.speed: 5, Stat.attack_dice: 1, Stat.hit_dice: 1}),
        ("Ball and Chain", {Stat.speed: -6}),
    ],
)
def test_equip_cards_change_the_printed_stats(name, stats):
    assert stat_rows(name) == stats


def test_flame_of_the_infinite_buffs_all_your_creatures_and_costs_50_cemetery_hp_when_destroyed():
    buffs = [r for r in rows("Flame of the Infinite") if r[EffectCol.action] == Action.modify_stat]
    assert {int(r[EffectCol.target]) for r in buffs} == {Target.own_creatures}
    assert {int(r[EffectCol.stat]): int(r[EffectCol.amount]) for r in buffs} == {
        Stat.armor_level: 5,
        Stat.speed: 5,
        Stat.atk: 5,
        Stat.attack_dice: 1,
        Stat.hit_dice: 1,
    }
    penalty = row_with("Flame of the Infinite", action=Action.cemetery_hp)
    assert (penalty[EffectCol.trigger], penalty[EffectCol.amount]) == (Trigger.on_destroyed, 50)


def test_curse_sets_opponent_al_to_1_superseding_increases():
    r = only_row("Curse")
    assert (r[EffectCol.action], r[EffectCol.target], r[EffectCol.amount]) == (
        Action.set_stat,
        Target.opponent_creatures,
        1,
    )
    assert r[EffectCol.flags] & Flag.supersedes


def test_smokescreen_limits_the_equipped_creature_to_1_hit_die_for_2_turn_cycles():
    r = only_row("Smokescreen")
    assert (r[EffectCol.action], r[EffectCol.stat], r[EffectCol.amount]) == (Action.set_stat, Stat.hit_dice, 1)
    assert (r[EffectCol.target], r[EffectCol.duration]) == (Target.equipped, 2)


def test_blade_in_the_dark_negates_the_opponent_magic_card():
    r = only_row("Blade in the Dark")
    assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target]) == (
        Trigger.response_opponent_magic,
        Action.negate_magic,
        Target.played_card,
    )


def test_dragon_rage_answers_magic_or_a_hit_then_clears_magic_and_both_draw_3():
    for trigger, negation in (
        (Trigger.response_opponent_magic, Action.negate_magic),
        (Trigger.response_opponent_hit, Action.negate_attack),
    ):
        row_with("Dragon Rage", trigger=trigger, action=negation)
        wipe = row_with("Dragon Rage", trigger=trigger, action=Action.destroy_magic)
        assert (wipe[EffectCol.target], wipe[EffectCol.amount]) == (Target.all_magic, 0)
        draw = row_with("Dragon Rage", trigger=trigger, action=Action.draw)
        assert (draw[EffectCol.target], draw[EffectCol.amount]) == (Target.both_players, 3)


def test_junk_scarecrow_negates_a_hit_and_returns_after_3_turn_cycles():
    row_with("Junk Scarecrow", trigger=Trigger.response_opponent_hit, action=Action.negate_attack)
    back = row_with("Junk Scarecrow", action=Action.return_later)
    assert back[EffectCol.duration] == 3


def test_hourglass_of_time_resets_the_turn_and_stays_in_the_cemetery():
    row_with("Hourglass of Time", trigger=Trigger.response_any, action=Action.reset_turn)
    row_with("Hourglass of Time", trigger=Trigger.in_cemetery, action=Action.no_return)
    # played out: player 0 draws, then its Werewolf kills player 1's Kobold (40 HP to the
    # cemetery); player 1 answers with the Hourglass
    t = Table(["Werewolf"], ["Kobold", "Hourglass of Time", "Frog", "Visitor From Beyond", "Health Potion"])
    t.primary(0, "Werewolf")
    kobold = t.primary(1, "Kobold")
    hourglass, _, visitor = t.to_hand(1, "Hourglass of Time", "Frog", "Visitor From Beyond")
    t.fighters[kobold, FighterCol.hp] = 1
    t.fighters[kobold, FighterCol.frozen_until] = 1 << 30  # no strike back: only the Werewolf's dice
    t.glob[GlobCol.phase] = Phase.draw
    start = [a.copy() for a in (t.inst, t.fighters, t.players, t.glob, t.decks)]  # the turn's start
    t.begin_turn()
    t.dice(6, 5, 1, 1)
    t.battle()
    assert t.zone(kobold) == InstZone.cemetery and t.cemetery_hp(1) == 40 and t.primary_name(1) == "Frog"
    assert rewind.try_rewind_nb(*t.args, *start, t.policy, t.params, t.rng, t.script, t.trace)
    # the turn is back at its start: its draw phase, the card drawn back on the deck, the Kobold alive
    assert (t.glob[GlobCol.turn], t.glob[GlobCol.active], t.glob[GlobCol.phase]) == (2, 0, Phase.draw)
    assert np.array_equal(t.decks, start[4]) and np.array_equal(t.players, start[2])
    assert np.array_equal(t.fighters, start[1]) and t.primary_name(1) == "Kobold" and t.cemetery_hp(1) == 0
    # but the Hourglass, in hand at the turn's start, is spent
    assert t.zone(hourglass) == InstZone.cemetery and t.hand(1) == ["Frog", "Visitor From Beyond"]
    assert [e[3] for e in t.events(Event.rewind)] == [hourglass]
    # player 0 plays its turn again; in player 1's turn Visitor From Beyond (a magic card from the
    # cemetery to hand) cannot take the Hourglass back: it is offered only once another magic
    # card lies there, and takes that one
    t.pass_turn()
    t.begin_turn()
    assert t.glob[GlobCol.active] == 1 and t.glob[GlobCol.phase] == Phase.main
    assert visitor not in {action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.magic}
    t.to_cemetery(1, "Health Potion")
    t.play("Visitor From Beyond")
    assert "Health Potion" in t.hand(1) and t.zone(hourglass) == InstZone.cemetery


def test_fear_disarms_the_equipped_creature_for_a_battle_on_5_to_6():
    r = only_row("Fear")
    assert (r[EffectCol.trigger], r[EffectCol.status], r[EffectCol.target]) == (
        Trigger.battle_start,
        Status.disarmed,
        Target.equipped,
    )
    assert (r[EffectCol.roll_lo], r[EffectCol.roll_hi], r[EffectCol.duration]) == (5, 6, Duration.battle)


def test_forest_fire_rolls_partition_the_die_between_damage_and_self_destruction():
    faces = []
    for r in rows("Forest Fire"):
        assert r[EffectCol.trigger] == Trigger.turn_end
        faces += range(r[EffectCol.roll_lo], r[EffectCol.roll_hi] + 1)
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    hurt = row_with("Forest Fire", action=Action.damage)
    assert (hurt[EffectCol.roll_lo], hurt[EffectCol.roll_hi], hurt[EffectCol.amount]) == (1, 3, 10)


def test_troll_regeneration_heals_5_at_once_then_5_per_counter_from_2_counters():
    first = row_with("Troll Regeneration", action=Action.heal)
    assert (first[EffectCol.trigger], first[EffectCol.amount]) == (Trigger.on_play, 5)
    regen = row_with("Troll Regeneration", action=Action.counter_heal)
    assert (regen[EffectCol.trigger], regen[EffectCol.amount], regen[EffectCol.dice]) == (Trigger.turn_start, 5, 2)


def test_dragon_power_sets_al_to_12_and_breaks_without_damage():
    al = row_with("Dragon Power", action=Action.set_stat)
    assert (al[EffectCol.stat], al[EffectCol.amount]) == (Stat.armor_level, 12)
    assert stat_rows("Dragon Power") == {Stat.hit: 5, Stat.atk: 10}
    row_with(
        "Dragon Power", trigger=Trigger.turn_end, condition=Condition.no_damage_this_turn, action=Action.destroy_magic
    )


def test_dragon_tamer_searches_for_a_dragon_creature():
    r = only_row("Dragon Tamer")
    assert (r[EffectCol.trigger], r[EffectCol.action]) == (Trigger.on_play, Action.search_deck)
    assert r[EffectCol.filter_card_type] == CardType.creature
    assert filter_matches(r, "Eternal Dragon") and not filter_matches(r, "Dragon Fire")  # a magic card


def test_health_potion_and_healing_tree_heal_your_primary():
    for name, hp in (("Health Potion", 30), ("Healing Tree", 50)):
        r = only_row(name)
        assert (r[EffectCol.trigger], r[EffectCol.action], r[EffectCol.target], r[EffectCol.amount]) == (
            Trigger.on_play,
            Action.heal,
            Target.own_primary,
            hp,
        )
