"""Generation 2 card effects: each card with text is encoded or says why not, and each modeled
card does in a game what its text says.

One test (or one parametrized case) per card, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`). A test
that needs a single strike freezes the creature struck, so only the striker's dice are scripted.
"""

import pytest
from gamekit import CAT, Event, InstZone, K, Phase
from test_game_cards import OWN, WOLF, attack, cast, freeze, magic_names, setup, stats

from wardsim.battle import prepared_pair
from wardsim.kernel.duel.effect_rows import fire_row_nb
from wardsim.kernel.enums import CardCol, FighterCol
from wardsim.kernel.game import play
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, MagicTarget, PlayerCol
from wardsim.kernel.rng import as_script, check_script, new_rng

F = FighterCol
G = GlobCol
OPPONENT, NONE = MagicTarget.opponent, MagicTarget.none
PLACEHOLDER = "the card text is not encoded yet"
GEN2 = CAT.generation(2)
GEN2_WITH_TEXT = [c for c in GEN2 if c.effect_status != "none"]


# ---------------------------------------------------------------- coverage


def test_gen2_has_123_cards_with_text():
    assert len(GEN2_WITH_TEXT) == 123


def test_every_gen2_card_with_text_is_encoded_or_explained():
    for card in GEN2_WITH_TEXT:
        assert card.reason != PLACEHOLDER, f"{card.name} still has the placeholder reason"
        if card.effect_status == "modeled":
            assert card.effects and not card.reason, card.name
        elif card.effect_status == "partial":
            assert card.effects and card.reason, card.name
        else:
            assert card.effect_status == "unmodeled" and card.reason, card.name


def test_every_modeled_gen2_row_renders_a_sentence():
    for card in GEN2_WITH_TEXT:
        for s in card.effect_text():
            assert s.endswith(".") and ": " in s, f"{card.name}: {s!r}"


def test_name_keywords_match_at_the_start_of_a_word():
    # Full Moon keys on "Were": the Were creatures and Moon Cat, not Steam Powered Girl
    row = CAT["Full Moon"].effects[0]
    bits = CAT.tables().name_bits
    mask = sum(1 << bits[n.lower()] for n in row.filter.names)
    matched = sorted(c.name for i, c in enumerate(CAT) if CAT.tables().cards[i, CardCol.names] & mask)
    assert matched == sorted(["Moon Cat", "Wererabbit", "Werecroc", "Werehawk", "Wererat", "Werewolf"])


# ---------------------------------------------------------------- equips and field cards: stats


@pytest.mark.parametrize(
    "name, target, changed",
    [
        ("Bull Power", OWN, dict(atk=2, hit=2, speed=10, al=8)),
        ("Elven Scout", OWN, dict(atk=6)),
        ("Common Armor", OWN, dict(al=9)),
        ("Common Sword", OWN, dict(atk=4)),
        ("Common Boots", OWN, dict(speed=11)),
        ("Common Gloves", OWN, dict(hit=3)),
        ("Common Helm", OWN, dict(atk=2, al=8)),
        ("Legendary Armor", OWN, dict(atk=6, al=12, hit_dice=3)),
        ("Legendary Gloves", OWN, dict(hit=6, atk=6, speed=14)),
        ("Legendary Helm", OWN, dict(al=12, speed=14, attack_dice=3)),
        ("Knight Helm", OWN, dict(hit=2, al=8)),
        ("Nightmare Claw", OWN, dict(attack_dice=3)),
        ("Warming Glow", OWN, dict(hit_dice=3)),
        ("Celestial Power", OWN, dict(atk=8, hit=8, speed=16)),
        ("Creator's Gift", OWN, dict(atk=6, hit=6, attack_dice=4, hit_dice=4)),
        ("Battle Axe", OWN, dict(atk=2, hit=2)),
        ("The Career Buccaneer", OWN, dict(modifier=9)),
        ("Unicorn Might", OPPONENT, dict(al=4)),
        ("Ancestral Sword", NONE, dict(atk=2)),
    ],
)
def test_gen2_magic_cards_change_the_stats_of_the_creature_they_act_on(name, target, changed):
    t, own, opp = setup("Werewolf", "Werewolf", hand_a=[name])
    creature = opp if target == OPPONENT else own
    t.play(name, target)
    assert stats(t, creature) == {**WOLF, **changed}
    assert stats(t, opp if creature == own else own) == WOLF  # the other creature is untouched


@pytest.mark.parametrize("name", ["Battle Axe", "The Career Buccaneer"])
def test_standard_equips_leave_after_1_turn_cycle(name):
    # ruling standard-duration: a Standard equip that names no duration lasts 1 turn cycle
    t, own, _ = setup("Werewolf", "Werewolf", hand_a=[name])
    card = t.play(name, OWN)
    assert stats(t, own) != WOLF
    t.end_turn()
    t.begin_turn()
    assert stats(t, own) != WOLF
    t.end_turn()
    assert t.zone(card) == InstZone.cemetery and stats(t, own) == WOLF


@pytest.mark.parametrize("name", ["Celestial Power", "Creator's Gift"])
def test_celestial_power_and_creators_gift_cannot_be_negated_when_played(name):
    t, own, _ = setup("Werewolf", "Frog", hand_a=[name], hand_b=["Blade in the Dark"])
    blade = t.find(1, "Blade in the Dark", InstZone.hand)
    card = t.play(name, OWN)
    assert t.zone(blade) == InstZone.cemetery  # the opponent answered it ...
    assert t.zone(card) == InstZone.magic and stats(t, own) != WOLF  # ... and the card stands


def test_all_in_one_adds_the_opponents_printed_dice_and_modifier_once():
    t, own, ogre = setup("Werewolf", "Ogre", hand_a=["All In One", "All In One"], hand_b=["Goblin"])
    t.play("All In One", OWN)
    assert stats(t, own) == {**WOLF, "attack_dice": 2 + 3, "modifier": 3 + 3}
    t.play("All In One", OWN)  # "This effect cannot stack"
    assert stats(t, own) == {**WOLF, "attack_dice": 2 + 3, "modifier": 3 + 3}
    t.fighters[ogre, F.hp] = 0
    play.settle_effects_nb(*t.args, t.policy, t.params, t.rng, t.script, t.trace)
    assert t.primary_name(1) == "Goblin"  # a new primary: the bonus follows it (Goblin 1d6+0)
    assert stats(t, own) == {**WOLF, "attack_dice": 2 + 1, "modifier": 3 + 0}


def test_the_first_law_adds_a_die_and_a_modifier_per_card_in_the_opponents_hand():
    t, own, _ = setup("Werewolf", "Frog", hand_a=["The First Law"], hand_b=["Goblin", "Kobold", "Dragon Tamer"])
    t.play("The First Law", OWN)
    assert stats(t, own) == {**WOLF, "attack_dice": 2 + 3, "modifier": 3 + 3}


def test_demon_dragon_adds_a_die_and_a_modifier_per_card_in_the_opponents_hand():
    t, dragon, _ = setup("Demon Dragon", "Frog", hand_b=["Goblin", "Kobold"])
    s = stats(t, dragon)
    assert (s["attack_dice"], s["modifier"]) == (1 + 2, 1 + 2)


def test_vampire_orc_adds_the_opponents_printed_modifier():
    t, orc, _ = setup("Vampire Orc", "Ogre")
    assert stats(t, orc)["modifier"] == 4 + 3


def test_full_moon_powers_were_creatures_and_moon_cat_on_both_sides():
    t, wolf, rat = setup("Werewolf", "Wererat", hand_a=["Full Moon"])
    t.play("Full Moon")
    assert stats(t, wolf) == {**WOLF, "al": 11, "hit_dice": 3, "attack_dice": 3}
    assert stats(t, rat)["al"] == 4 + 5
    t2, cat, goblin = setup("Moon Cat", "Goblin", hand_a=["Full Moon"])
    t2.play("Full Moon")
    assert stats(t2, cat)["al"] == 4 + 5 and stats(t2, goblin)["al"] == 2


def test_natural_selection_powers_creatures_of_al_5_or_less_without_text():
    t, goblin, wolf = setup("Goblin", "Werewolf", hand_a=["Natural Selection"])
    t.play("Natural Selection")
    assert (stats(t, goblin)["atk"], stats(t, goblin)["hit"]) == (7, 7)
    assert stats(t, wolf) == WOLF  # AL 6
    t2, dog, _ = setup("Zombie Dog", "Frog", hand_a=["Natural Selection"])  # AL 2, but with text
    t2.play("Natural Selection")
    assert stats(t2, dog)["atk"] == 0


@pytest.mark.parametrize("name, victim, hp", [("Exorcism", "Demon Dragon", 30), ("Bug Spray", "Black Jacket", 40)])
def test_exorcism_and_bug_spray_double_damage_against_their_kind_for_1_turn_cycle(name, victim, hp):
    t, own, other = setup("Werewolf", victim, hand_a=[name])
    card = t.play(name)
    freeze(t, other)
    attack(t, 6, 5, 1, 1)
    assert t.hp(other) == hp - 2 * 5
    t.end_turn()
    t.pass_turn()
    assert t.zone(card) == InstZone.cemetery


def test_exorcism_leaves_other_creatures_alone():
    t, own, harpy = setup("Werewolf", "Harpy", hand_a=["Exorcism"])
    t.play("Exorcism")
    freeze(t, harpy)
    attack(t, 6, 5, 1, 1)
    assert t.hp(harpy) == 30 - 5


def test_the_iron_range_negates_every_creature_effect_for_1_turn_cycle():
    t, dog, vampire = setup("Zombie Dog", "Vampire", hand_a=["The Iron Range"])
    card = t.play("The Iron Range")
    t.refresh()
    assert t.fighters[dog, F.effect_count] == 0 and t.fighters[vampire, F.effect_count] == 0
    t.end_turn()
    t.pass_turn()
    t.refresh()
    assert t.zone(card) == InstZone.cemetery and t.fighters[vampire, F.effect_count] > 0


def test_claws_of_the_beast_adds_2_atk_dice_and_3_beside_wings_of_the_beast():
    t, own, _ = setup("Werewolf", "Frog", hand_a=["Claws of the Beast", "Wings of the Beast"])
    t.play("Claws of the Beast", OWN)
    assert stats(t, own)["attack_dice"] == WOLF["attack_dice"] + 2
    t.play("Wings of the Beast", OWN)
    assert stats(t, own)["attack_dice"] == WOLF["attack_dice"] + 3


def test_claws_of_the_beast_counts_only_the_wings_on_its_own_creature():
    t, own, opp = setup("Werewolf", "Werewolf", hand_a=["Claws of the Beast"], hand_b=["Wings of the Beast"])
    t.play("Claws of the Beast", OWN)
    cast(t, 1, "Wings of the Beast", OWN)  # on the opponent's creature
    assert stats(t, own)["attack_dice"] == WOLF["attack_dice"] + 2


def test_forgotten_one_adds_1_modifier_per_point_of_speed_over_12():
    t, one, _ = setup("Forgotten One", "Frog", hand_a=["Bull Power", "Legendary Gloves"])
    assert stats(t, one)["modifier"] == 0
    t.play("Bull Power", OWN)  # SPD +2
    assert stats(t, one)["modifier"] == 2
    t.play("Legendary Gloves", OWN)  # SPD +6
    assert stats(t, one)["modifier"] == 8


# ---------------------------------------------------------------- equips: damage


def test_ghost_form_keeps_all_damage_off_the_equipped_creature_for_2_turn_cycles():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Ghost Form"])
    card = cast(t, 1, "Ghost Form", OWN)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # a hit for 13
    assert t.hp(ogre) == 90
    for k in range(4):  # 2 turn cycles: back to the same player's turn
        assert t.zone(card) == InstZone.magic, f"gone after {k} turns"
        t.end_turn()
        t.begin_turn()
    assert t.zone(card) == InstZone.cemetery
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    assert t.hp(ogre) == 90 - 13


def test_ghost_form_also_stops_effect_damage():
    # ruling damage-immunity: no damage of any kind, Atk or not
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite"], hand_b=["Ghost Form"])
    cast(t, 1, "Ghost Form", OWN)
    t.dice(3)
    t.play("Ignite")
    assert t.used_dice() == 1 and t.hp(ogre) == 90


@pytest.mark.parametrize("roll, destroyed", [(3, True), (4, False)])
def test_metallic_bone_stops_damage_until_the_opponent_rolls_1_to_3(roll, destroyed):
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Metallic Bone"])
    bone = cast(t, 1, "Metallic Bone", OWN)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    assert t.hp(ogre) == 90
    t.end_turn()
    t.pass_turn()  # the equipped creature's player: no roll
    t.dice(roll)
    t.begin_turn()  # the opponent's turn: its roll
    assert t.used_dice() == 1
    assert (t.zone(bone) == InstZone.cemetery) == destroyed


def test_metallic_bone_destroyed_does_not_thaw_a_frozen_creature():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Metallic Bone"])
    cast(t, 1, "Metallic Bone", OWN)
    freeze(t, ogre)
    t.end_turn()
    t.pass_turn()
    t.dice(1)
    t.begin_turn()
    assert t.fighter(ogre, F.frozen_until) > t.glob[G.turn]


def test_raging_inferno_deals_5_to_the_creature_that_damages_the_equipped_one():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Raging Inferno"])
    cast(t, 1, "Raging Inferno", OWN)
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    assert (t.hp(ogre), t.hp(wolf)) == (90 - 13, 70 - 5)


def test_raging_inferno_does_nothing_on_a_miss():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Raging Inferno"])
    cast(t, 1, "Raging Inferno", OWN)
    freeze(t, ogre)
    attack(t, 1, 2)  # 3 + 3 against AL 8: a miss
    assert (t.hp(ogre), t.hp(wolf)) == (90, 70)


def test_absolute_terror_deals_10_to_the_opponents_primary_for_each_card_they_draw():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Absolute Terror"])
    terror = t.play("Absolute Terror", OPPONENT)  # "Equip to opponent's creature"
    assert t.inst[terror, InstCol.attached_to] == ogre
    t.end_turn()
    t.begin_turn()  # the opponent draws
    assert t.hp(ogre) == 90 - 10 and t.hp(wolf) == 70


def test_life_sap_drains_5_from_the_equipped_creature_to_yours_for_each_card_drawn():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Life Sap"])
    sap = t.play("Life Sap", OPPONENT)
    assert t.inst[sap, InstCol.attached_to] == ogre
    t.fighters[wolf, F.hp] = 50
    t.end_turn()
    assert t.hp(ogre) == 90  # your own draws do nothing
    t.begin_turn()
    assert (t.hp(ogre), t.hp(wolf)) == (85, 55)


# ---------------------------------------------------------------- creatures


def test_bear_wolf_always_strikes_first():
    t, bear, manticore = setup("Bear Wolf", "Manticore")  # SPD 9 against 13
    attack(t, 1, 2, 1, 1, 1, 2, 1, 1, 1)  # two misses, no critical
    assert t.fighter(bear, F.strike_order) == 1 and t.fighter(manticore, F.strike_order) == 2


def test_raccoon_knight_needs_no_sacrifice():
    t, goblin, _ = setup("Goblin", "Frog", hand_a=["Raccoon Knight"])
    t.act(K.summon, t.find(0, "Raccoon Knight", InstZone.hand))
    assert t.primary_name(0) == "Raccoon Knight" and t.events(Event.sacrifice) == []


@pytest.mark.parametrize("defender, multiplier", [("Ogre", 3), ("Manticore", 1)])
def test_zombie_dog_triples_damage_when_it_strikes_first(defender, multiplier):
    # the Ogre (SPD 4) is slower than the Zombie Dog (SPD 10), the Manticore (SPD 13) faster: it
    # strikes first (frozen, it does nothing), so the Zombie Dog's strike comes second
    t, dog, other = setup("Zombie Dog", defender)
    freeze(t, other)
    attack(t, 6, 6, 4)  # a critical hit, whatever the AL
    assert t.hp(other) == CAT[defender].hp - (4 + 1) * multiplier * 2


def test_moon_cat_doubles_damage_against_were_creatures():
    t, cat, rat = setup("Moon Cat", "Wererat")
    freeze(t, rat)
    attack(t, 6, 5, 1, 1)
    assert t.hp(rat) == 50 - 2 * 5
    t2, cat2, goblin = setup("Moon Cat", "Goblin")
    freeze(t2, goblin)
    attack(t2, 6, 5, 1, 1)
    assert t2.hp(goblin) == 30 - 5


@pytest.mark.parametrize("name", ["Gnome Dragoon", "Gnome Warrior"])
def test_gnome_dragoon_and_warrior_grow_with_the_gnomes_in_your_hand(name):
    t, gnome, _ = setup(name, "Frog", hand_a=["Gnome", "Gnome", "Goblin"])
    printed = CAT[name]
    s = stats(t, gnome)
    assert (s["attack_dice"], s["modifier"]) == (printed.attack_dice + 2, printed.modifier + 2)


def test_acolyte_heals_5_at_the_start_of_its_turn():
    t, acolyte, _ = setup("Acolyte", "Frog")
    t.fighters[acolyte, F.hp] = 10
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    assert t.hp(acolyte) == 15


@pytest.mark.parametrize("roll, revived", [(3, True), (2, False)])
def test_undead_king_may_revive_a_creature_on_3_to_6(roll, revived):
    t, king, _ = setup("Undead King", "Frog", hand_a=["Goblin"], cem_a=["Werewolf"])
    wolf = t.find(0, "Werewolf", InstZone.cemetery)
    t.dice(roll)
    t.act(K.activate, king)
    assert (t.zone(wolf) == InstZone.limited) == revived
    assert t.used_dice() == 1
    if revived:
        t.act(K.kill_primary)  # the king leaves: the revived creature goes back to the cemetery
        assert t.zone(wolf) == InstZone.cemetery


def test_wolf_knight_summons_a_were_creature_from_hand_that_returns_with_it():
    t, knight, _ = setup("Wolf Knight", "Frog", hand_a=["Wererat", "Goblin"])
    rat = t.find(0, "Wererat", InstZone.hand)
    t.act(K.activate, knight)
    assert t.zone(rat) == InstZone.limited and t.inst[rat, InstCol.anchor] == knight
    assert t.find(0, "Goblin", InstZone.hand) >= 0  # only a Were creature answers the call
    t.act(K.kill_primary)  # the knight leaves: the Wererat goes back to the hand (and may be summoned again)
    assert rat in [e[3] for e in t.events(Event.to_hand)]


def test_wolf_knight_offers_nothing_without_a_were_creature_in_hand():
    t, knight, _ = setup("Wolf Knight", "Frog", hand_a=["Goblin"])
    assert not [a for a in t.legal() if action_kind_nb(a) == K.activate and action_a_nb(a) == knight]


def test_great_white_is_summoned_on_a_sharkling_that_follows_it():
    t, _, _ = setup("Goblin", "Frog", hand_a=["Great White", "Kobold", "Sharkling"])
    t.act(K.summon, t.find(0, "Great White", InstZone.hand))
    assert t.primary_name(0) == "Great White"
    assert [CAT.cards[e[4]].name for e in t.events(Event.sacrifice)] == ["Sharkling"]
    shark = t.find(0, "Sharkling", None)
    assert t.zone(shark) == InstZone.under


@pytest.mark.parametrize("roll, own, opponent", [(1, 15, 70), (3, 10, 60), (5, 5, 70)])
def test_the_alchemist_rolls_one_die_for_one_of_three_outcomes(roll, own, opponent):
    t, alchemist, wolf = setup("The Alchemist", "Werewolf")
    t.fighters[alchemist, F.hp] = 10
    t.glob[G.phase] = Phase.draw
    t.dice(roll)
    t.begin_turn()
    assert (t.hp(alchemist), t.hp(wolf)) == (own, opponent)
    assert t.used_dice() == 1


@pytest.mark.parametrize("roll, own, opponent", [(1, 15, 70), (3, 10, 60), (5, 5, 70)])
def test_the_alchemist_reads_one_die_in_a_duel_too(roll, own, opponent):
    # the duel kernel (wardsim duel, the creature matrix) plays its your-turn rows the same way
    fa, fb = prepared_pair(CAT, "The Alchemist", "Werewolf")
    fa[F.hp] = 10
    rng, script = new_rng(), as_script([roll])
    card = CAT.tables().cards[CAT.index("The Alchemist")]
    for r in range(card[CardCol.effect_start], card[CardCol.effect_start] + card[CardCol.effect_count]):
        fire_row_nb(r, fa, fb, CAT.tables().effects, 0, rng, script)
    assert (fa[F.hp], fb[F.hp]) == (own, opponent)
    assert check_script(rng, script) == 1


def test_electro_wizard_adds_4_atk_dice_in_the_turn_after_one_without_battle():
    printed = CAT["Electro Wizard"].attack_dice
    t, wizard, ogre = setup("Electro Wizard", "Ogre")
    assert stats(t, wizard)["attack_dice"] == printed  # placed this turn: no previous turn of its own
    t.inst[wizard, InstCol.entered] = 0  # placed in the first turn, which allows no battle
    assert stats(t, wizard)["attack_dice"] == printed + 4
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1, 1, 1, 1)  # a hit, then 5 Atk dice
    assert t.used_dice() == 7 and t.hp(ogre) == 90 - (5 + CAT["Electro Wizard"].modifier)
    t.end_turn()
    t.begin_turn()
    assert stats(t, wizard)["attack_dice"] == printed  # the opponent's turn
    t.end_turn()
    t.begin_turn()
    assert stats(t, wizard)["attack_dice"] == printed  # it battled in its previous turn
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    assert stats(t, wizard)["attack_dice"] == printed + 4  # not +8: it does not stack


def test_reverse_polarity_lets_the_slower_creature_strike_first():
    t, ogre, wolf = setup("Ogre", "Werewolf", hand_a=["Reverse Polarity"])  # SPD 4 against 8
    t.play("Reverse Polarity")
    attack(t, 1, 2, 1, 2, 3, 3, 3, 3, 3)  # two misses, no critical
    assert t.fighter(ogre, F.strike_order) == 1 and t.fighter(wolf, F.strike_order) == 2


def test_reverse_polarity_is_played_only_by_the_slower_creatures_player():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Reverse Polarity"])
    t.refresh()
    assert "Reverse Polarity" not in magic_names(t)
    t2, ogre2, _ = setup("Ogre", "Werewolf", hand_a=["Reverse Polarity"])
    t2.refresh()
    assert "Reverse Polarity" in magic_names(t2)


def _summons(t):
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon]


def test_sacrificial_goat_on_the_field_pays_2_sacrifices_alone():
    t, goat, _ = setup("Sacrificial Goat", "Frog", hand_a=["Forgotten One"])  # AL 12: 2 sacrifices
    one = t.find(0, "Forgotten One", InstZone.hand)
    assert one in _summons(t)
    t.act(K.summon, one)
    assert t.primary_name(0) == "Forgotten One" and len(t.events(Event.sacrifice)) == 1
    assert t.zone(goat) == InstZone.cemetery


@pytest.mark.parametrize("fodder, summonable", [("Sacrificial Goat", True), ("Frog", False)])
def test_sacrificial_goat_in_hand_counts_as_2_sacrifices(fodder, summonable):
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Forgotten One", fodder])
    t.players[0, PlayerCol.primary] = -1  # no primary: the hand alone pays
    t.inst[wolf, InstCol.zone] = InstZone.under
    one = t.find(0, "Forgotten One", InstZone.hand)
    assert play.can_summon_nb(*t.args[:6], 0, one) == summonable


@pytest.mark.parametrize("primary, summonable", [("Pumpkin Man", True), ("Werewolf", False)])
def test_subject_4212_counts_pumpkin_man_as_2_sacrifices(primary, summonable):
    t, _, _ = setup(primary, "Frog", hand_a=["Subject #4212"])  # AL 12: 2 sacrifices
    subject = t.find(0, "Subject #4212", InstZone.hand)
    assert (subject in _summons(t)) == summonable
    if summonable:
        t.act(K.summon, subject)
        assert t.primary_name(0) == "Subject #4212" and len(t.events(Event.sacrifice)) == 1


def test_corn_creeper_deals_5x_in_its_first_attack_only():
    t, creeper, ogre = setup("Corn Creeper", "Ogre")
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # a hit: (1 + 1 + 2) x 5
    assert t.hp(ogre) == 90 - 4 * 5
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    attack(t, 6, 5, 1, 1)
    assert t.hp(ogre) == 90 - 4 * 5 - 4  # its second attack: no multiplier


def test_corn_creeper_spends_its_first_attack_on_a_miss():
    # ruling corn-creeper: the first attack is the first strike, hit or not
    t, creeper, ogre = setup("Corn Creeper", "Ogre")
    freeze(t, ogre)
    attack(t, 1, 2)  # 3 + 2 against AL 8: a miss
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    attack(t, 6, 5, 1, 1)
    assert t.hp(ogre) == 90 - 4


# ---------------------------------------------------------------- standard cards


def test_evil_queen_destroys_1_magic_card():
    t, _, _ = setup("Werewolf", "Werewolf", hand_a=["Evil Queen"], hand_b=["Hero Shield", "Magic Belt"])
    shield = cast(t, 1, "Hero Shield", OWN)
    belt = cast(t, 1, "Magic Belt", OWN)
    t.play("Evil Queen")
    assert sorted(t.zone(i) for i in (shield, belt)) == sorted([InstZone.cemetery, InstZone.magic])


def test_magic_eater_destroys_all_the_opponents_magic_cards_only():
    t, _, _ = setup(
        "Werewolf", "Werewolf", hand_a=["Magic Eater", "Knight Armor"], hand_b=["Hero Shield", "Magic Belt"]
    )
    armor = t.play("Knight Armor", OWN)
    shield = cast(t, 1, "Hero Shield", OWN)
    belt = cast(t, 1, "Magic Belt", OWN)
    t.play("Magic Eater")
    assert t.zone(shield) == t.zone(belt) == InstZone.cemetery and t.zone(armor) == InstZone.magic


@pytest.mark.parametrize("dead, left", [(["Kobold"], 10), (["Frog"], 0), (["Kobold", "Werewolf"], 80)])
def test_reduce_the_burden_takes_30_hp_off_your_cemetery_never_below_0(dead, left):
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Reduce the Burden"], cem_a=dead, deck_a=["Goblin"])
    before = t.cemetery_hp(0)
    card = t.play("Reduce the Burden")
    assert t.cemetery_hp(0) == left and t.zone(card) == InstZone.cemetery
    assert [e[5] for e in t.events(Event.effect) if e[3] == card] == [before - left]  # the replay says so
    t.to_cemetery(0, "Goblin")  # no credit kept: the next death counts in full
    assert t.cemetery_hp(0) == left + 30


def test_reduce_the_burden_keeps_the_cemetery_at_0_when_a_creature_leaves_it():
    # the 30 HP came off a cemetery holding only the Kobold (40); the Kobold is summoned back
    # to the field: the cemetery holds nothing and counts 0, not -30, and the next death counts
    # in full (no credit kept)
    t, goblin, _ = setup(
        "Goblin", "Frog", hand_a=["Reduce the Burden", "Revival Priest"], cem_a=["Kobold"], deck_a=["Werewolf"]
    )
    t.play("Reduce the Burden")
    assert t.cemetery_hp(0) == 10
    t.play("Revival Priest", OWN)
    assert t.primary_name(0) == "Kobold" and t.cemetery_hp(0) == 0
    t.to_cemetery(0, "Werewolf")
    assert t.cemetery_hp(0) == 70


def test_reduce_the_burden_is_not_played_on_an_empty_cemetery():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Reduce the Burden"])
    assert magic_names(t) == set()


@pytest.mark.parametrize("name, low, high", [("Ignite", 10, 20), ("Ignitus", 15, 30), ("Ignitima", 20, 40)])
@pytest.mark.parametrize("roll", [1, 5, 6])
def test_ignite_cards_deal_their_damage_on_1_to_5_and_double_on_6(name, low, high, roll):
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=[name])
    t.dice(roll)
    t.play(name)
    assert t.hp(ogre) == 90 - (high if roll == 6 else low)
    assert t.used_dice() == 1  # one die decides between the rows


def test_ignite_is_not_played_while_the_opponent_has_no_creature():
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite"])
    assert magic_names(t) == {"Ignite"}
    t.players[1, PlayerCol.primary] = -1  # the first turn: the opponent has placed nothing yet
    t.inst[ogre, InstCol.zone] = InstZone.hand
    assert magic_names(t) == set()


@pytest.mark.parametrize("roll, healed", [(3, 10), (4, 20), (5, 20), (6, 30)])
def test_herbal_poultice_heals_by_the_roll(roll, healed):
    t, own, _ = setup("Ogre", "Frog", hand_a=["Herbal Poultice"])
    t.fighters[own, F.hp] = 10
    t.dice(roll)
    t.play("Herbal Poultice")
    assert t.hp(own) == 10 + healed and t.used_dice() == 1


# ---------------------------------------------------------------- Lightning cards


@pytest.mark.parametrize("name", ["Haunted Tree", "Melody of the Deep"])
def test_haunted_tree_and_melody_of_the_deep_negate_a_magic_card(name):
    t, own, _ = setup("Werewolf", "Frog", hand_a=["Knight Armor"], hand_b=[name])
    armor = t.play("Knight Armor", OWN)
    assert t.zone(armor) == InstZone.cemetery and stats(t, own) == WOLF


def test_melody_of_the_deep_negates_a_hit():
    t, own, harpy = setup("Werewolf", "Harpy", hand_b=["Melody of the Deep"])
    melody = t.find(1, "Melody of the Deep", InstZone.hand)
    freeze(t, harpy)
    attack(t, 6, 5, 1, 1)
    assert t.hp(harpy) == 30 and t.zone(melody) == InstZone.cemetery


def test_lightning_strike_negates_and_deals_20_to_every_creature():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Knight Armor"], hand_b=["Lightning Strike"])
    armor = t.play("Knight Armor", OWN)
    assert t.zone(armor) == InstZone.cemetery
    assert (t.hp(wolf), t.hp(ogre)) == (70 - 20, 90 - 20)


def test_winter_sentinel_negates_the_attack_and_freezes_the_attacker():
    t, wolf, harpy = setup("Werewolf", "Harpy", hand_b=["Winter Sentinel"])
    sentinel = t.find(1, "Winter Sentinel", InstZone.hand)
    freeze(t, harpy)
    attack(t, 6, 5, 1, 1)
    assert t.hp(harpy) == 30 and t.zone(sentinel) == InstZone.cemetery
    turn = int(t.glob[G.turn])
    assert t.fighter(wolf, F.frozen_until) == turn + 1  # 1 turn cycle: through the opponent's next turn
    t.end_turn()
    t.begin_turn()
    t.end_turn()
    t.begin_turn()
    t.to_combat()
    assert [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.battle] == [wolf]


# ---------------------------------------------------------------- cards with their own rules


def test_bomb_deals_30_to_the_equipped_creature_when_destroyed():
    t, own, ogre = setup("Werewolf", "Ogre", hand_a=["Bomb", "Dragon Fire"])
    bomb = t.play("Bomb", OPPONENT)  # a debuff: it goes on the opponent's creature
    assert t.inst[bomb, InstCol.attached_to] == ogre and t.hp(ogre) == 90
    t.play("Dragon Fire")
    assert t.zone(bomb) == InstZone.cemetery and t.hp(ogre) == 90 - 30 and t.hp(own) == 70


def test_bomb_does_not_hurt_a_creature_that_leaves_with_it():
    t, own, ogre = setup("Werewolf", "Ogre", hand_a=["Bomb", "Terrifying Roar"], hand_b=["Goblin"])
    t.play("Bomb", OPPONENT)
    t.play("Terrifying Roar")
    assert ogre in [e[3] for e in t.events(Event.to_hand)]  # (and its player may place it again)
    assert not [e for e in t.events(Event.effect_damage) if e[3] == ogre]


def test_a_creature_that_a_placement_kills_dies_at_once():
    # A kills its own Werewolf; the Hive Lord it places in its stead destroys all magic on
    # summon, and the Bomb on the Ogre goes off: the Ogre dies then and there (it is not left
    # at 0 HP on the field), and B places its next creature
    t, own, ogre = setup("Werewolf", "Ogre", hand_a=["Bomb", "Hive Lord"], hand_b=["Goblin"])
    t.fighters[ogre, F.hp] = 30
    t.play("Bomb", OPPONENT)
    t.act(K.kill_primary)
    assert t.primary_name(0) == "Hive Lord"
    assert t.zone(ogre) == InstZone.cemetery and t.primary_name(1) == "Goblin"


@pytest.mark.parametrize("blocker", ["Time Melt", "Time Weaver"])
def test_time_melt_and_time_weaver_stop_lightning_cards(blocker):
    primary = "Time Weaver" if blocker == "Time Weaver" else "Werewolf"
    hand = [] if blocker == "Time Weaver" else [blocker]
    t, own, harpy = setup(
        primary, "Harpy", hand_a=[*hand, "Knight Armor"], hand_b=["Blade in the Dark", "Junk Scarecrow"]
    )
    if hand:
        t.play(blocker)
    armor = t.play("Knight Armor", OWN)
    assert t.zone(armor) == InstZone.magic  # Blade in the Dark could not answer it
    freeze(t, harpy)
    attack(t, 6, 6, 1, 1)  # a critical hit: Junk Scarecrow could not negate it either
    assert t.hp(harpy) < 30
    assert len(t.hand(1)) == 2


def test_lightning_cards_answer_again_once_time_melt_is_gone():
    t, own, _ = setup("Werewolf", "Frog", hand_a=["Time Melt", "Knight Armor"], hand_b=["Blade in the Dark"])
    t.play("Time Melt")
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    armor = t.play("Knight Armor", OWN)
    assert t.zone(armor) == InstZone.cemetery


def test_the_old_one_sends_every_other_card_on_the_field_back_and_both_draw_as_many():
    t, own, opp = setup(
        "Goblin",
        "Werewolf",
        hand_a=["The Old One", "Kobold", "Knight Armor"],
        hand_b=["Hero Shield"],
        deck_b=["Wererat"],
    )
    armor = t.play("Knight Armor", OWN)
    shield = cast(t, 1, "Hero Shield", OWN)
    old_one = t.find(0, "The Old One", InstZone.hand)
    t.act(K.summon, old_one)
    assert t.primary_name(0) == "The Old One"
    sent = {e[3] for e in t.events(Event.to_deck)}
    assert {opp, shield} <= sent and armor not in sent  # the armor left with the sacrificed Goblin
    draws = [e[1] for e in t.events(Event.draw)]
    assert draws.count(1) == 2 and draws.count(0) == 0
    assert t.players[1, PlayerCol.primary] >= 0  # the opponent places a creature again


def test_foggy_night_lets_only_equips_be_played_for_3_turn_cycles():
    t, _, _ = setup(
        "Werewolf", "Frog", hand_a=["Foggy Night", "Dragon Tamer", "Knight Armor"], hand_b=["Blade in the Dark"]
    )
    blade = t.find(1, "Blade in the Dark", InstZone.hand)
    fog = t.play("Foggy Night")
    assert t.zone(fog) == InstZone.magic
    assert magic_names(t) == {"Knight Armor"}  # no standard card
    armor = t.play("Knight Armor", OWN)
    assert t.zone(armor) == InstZone.magic and t.zone(blade) == InstZone.hand  # no Lightning answer
    for _ in range(5):
        t.end_turn()
        t.begin_turn()
        assert "Dragon Tamer" not in magic_names(t) or t.glob[G.active] == 1
    t.end_turn()
    t.begin_turn()
    assert t.zone(fog) == InstZone.cemetery and "Dragon Tamer" in magic_names(t)
