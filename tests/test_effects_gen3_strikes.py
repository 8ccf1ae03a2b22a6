"""Generation 3 and promo cards that change the strike math, played through the game kernel.

Multipliers against kinds of creatures, heals and damage that follow the Atk damage dealt,
damage taken changed, stats read from the creature battled, and rules on the Hit dice. One test
(or one parametrized case) per card, in the style of `tests/test_effects_gen2_battle.py`: the
table of `tests/gamekit.py`, scripted dice (the dice order is in `wardsim.kernel.duel.battle`),
and a frozen creature struck when a test needs a single strike.
"""

import pytest
from gamekit import CAT, InstZone, K
from test_effects_gen2_zones import heuristic_value_of
from test_game_cards import NONE, OPPONENT, OWN, attack, cast, freeze, setup, stats

from wardsim.battle import prepared_pair
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.exact.spec import UnsupportedPair, build_spec
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol

F = FighterCol
FIRE = "Artist Eg’Toroth"  # a promo with fire in its transcribed artwork (AL 2, SPD 12, HP 10)


def test_mosquito_man_heals_half_the_atk_damage_it_inflicts():
    t, mosquito, ogre = setup("Mosquito Man", "Ogre")
    t.fighters[mosquito, F.hp] = 20
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # 6 + 5 + 3 hits AL 8; 5 + 5 + 3 = 13 Atk damage
    assert t.hp(ogre) == 90 - 13 and t.hp(mosquito) == 20 + 6


@pytest.mark.parametrize("opponent, hp", [(FIRE, 10 - 10), ("Ogre", 90 - 7)])
def test_hydogon_inflicts_2x_atk_damage_on_creatures_in_or_near_fire(opponent, hp):
    # ruling in-or-near-fire: the artwork tag fire
    t, hydogon, other = setup("Hydogon", opponent)
    freeze(t, other)
    attack(t, 6, 5, 1, 1, attacker=hydogon)  # 1 + 1 + 5 = 7, 14 against fire
    assert t.hp(other) == max(hp, 0)


@pytest.mark.parametrize("opponent, dice", [("Goblin", 4 + 2), ("Ogre", 4 - 2), ("Dragonling", 4)])
def test_orgar_has_2_more_atk_dice_against_humanoids_and_2_fewer_against_beasts(opponent, dice):
    # ruling orgar: the creature battled, read at each strike; outside a battle nothing changes
    t, orgar, other = setup("Orgar", opponent)
    freeze(t, other)
    attack(t, 6, 6, *[1] * dice)  # a critical hit: 2x (dice + 4)
    assert t.hp(other) == max(CAT[opponent].hp - 2 * (dice + 4), 0)
    assert stats(t, orgar)["attack_dice"] == 4


@pytest.mark.parametrize(
    "opponent, dice",
    [("Goblin", 4 + 2), ("Ogre", 4 + 2), ("Demon Knight", 4 + 2), ("Steam Wolf", 4 + 2), ("Dragonling", 4)],
)
def test_aqua_dragon_has_2_more_atk_dice_against_demons_steam_humanoids_and_beasts(opponent, dice):
    # ruling aqua-dragon: "Steam" is the mech type of the Steam creatures
    t, dragon, other = setup("Aqua Dragon", opponent)
    t.fighters[other, F.hp] = 500
    t.fighters[other, F.max_hp] = 500
    freeze(t, other)
    attack(t, 6, 6, *[1] * dice, attacker=dragon)  # a critical hit: 2x (dice + 7)
    assert t.hp(other) == 500 - 2 * (dice + 7)
    assert stats(t, dragon)["attack_dice"] == 4


@pytest.mark.parametrize("armor, damage", [(False, 8), (True, 8 * 4)])
def test_god_killer_brox_inflicts_4x_atk_damage_on_al_12_magic_increases_included(armor, damage):
    # as Steam Golem (ruling steam-golem): the AL at the strike, an equip's AL included
    t, brox, wolf = setup("God Killer Brox", "Werewolf", hand_b=["Legendary Armor"])
    if armor:
        cast(t, 1, "Legendary Armor", OWN)  # AL 6 + 6
    freeze(t, wolf)
    attack(t, 6, 5, 1, 2, attacker=brox)  # 6 + 5 + 5 hits AL 12; 1 + 2 + 5 = 8
    assert t.hp(wolf) == 70 - damage


@pytest.mark.parametrize("opponent, hp", [("Goblin", 30 - 2 * 6), ("Frog", 10 - 6)])
def test_orcs_vs_apes_doubles_every_creatures_atk_damage_on_humanoids(opponent, hp):
    t, ogre, other = setup("Ogre", opponent, hand_a=["Orcs VS Apes"])
    t.play("Orcs VS Apes")
    freeze(t, other)
    attack(t, 6, 5, 1, 1, 1)  # 1 + 1 + 1 + 3 = 6
    assert t.hp(other) == hp


@pytest.mark.parametrize(
    "own, opponent, worth", [("Ogre", "Goblin", True), ("Goblin", "Ogre", False), ("Ogre", "Frog", False)]
)
def test_the_heuristic_plays_orcs_vs_apes_only_against_a_humanoid_of_the_opponents(own, opponent, worth):
    t, _, _ = setup(own, opponent, hand_a=["Orcs VS Apes"], policy="heuristic")
    card = t.find(0, "Orcs VS Apes", InstZone.hand)
    play = next(a for a in t.legal() if action_kind_nb(a) == K.magic and action_a_nb(a) == card)
    assert (heuristic_value_of(t, play) > 0) == worth


def test_arzulian_gains_1_modifier_per_point_of_speed_over_12():
    t, arzulian, _ = setup("Arzulian", "Frog", hand_a=["Bull Power", "Legendary Gloves"])
    assert stats(t, arzulian)["modifier"] == 2
    t.play("Bull Power", OWN)  # SPD +2
    assert stats(t, arzulian)["modifier"] == 2 + 2
    t.play("Legendary Gloves", OWN)  # SPD +6
    assert stats(t, arzulian)["modifier"] == 2 + 8


@pytest.mark.parametrize("dice, pyre_hp", [((6, 5, *[1] * 6), 60 - 5), ((1, 2), 60)])
def test_pyre_lord_takes_5_damage_when_it_inflicts_atk_damage(dice, pyre_hp):
    # ruling pyre-lord: once per strike that inflicts Atk damage, not Atk damage itself
    t, pyre, ogre = setup("Pyre Lord", "Ogre")
    freeze(t, ogre)
    attack(t, *dice)  # a hit: 6 + 4 = 10 Atk damage; a miss: none
    assert t.hp(pyre) == pyre_hp
    assert t.hp(ogre) == (90 - 10 if pyre_hp < 60 else 90)


def test_succubus_heals_half_the_atk_damage_and_deals_the_healing_above_its_hp_to_the_target():
    # ruling succubus: 11 Atk damage heals 5; 2 fill its HP, the other 3 hit the creature struck
    t, succubus, wolf = setup("Succubus", "Werewolf")
    t.fighters[succubus, F.hp] = 38
    freeze(t, wolf)
    attack(t, 6, 5, 5, 5)  # 6 + 5 + 1 hits AL 6; 5 + 5 + 1 = 11
    assert t.hp(succubus) == 40 and t.hp(wolf) == 70 - 11 - 3


@pytest.mark.parametrize("opponent, hp", [(FIRE, 10 - 10), ("Werewolf", 70 - 5)])
def test_earth_eleotoid_inflicts_2x_atk_damage_on_creatures_in_or_near_fire(opponent, hp):
    # ruling in-or-near-fire
    t, eleotoid, other = setup("Earth Eleotoid", opponent)
    freeze(t, other)
    attack(t, 6, 5, 1, 1, attacker=eleotoid)  # 1 + 1 + 3 = 5, 10 against fire
    assert t.hp(other) == hp


@pytest.mark.parametrize("attacker, damage", [("Frog", 2 * 4), ("Goblin", 4)])
def test_earth_eleotoid_receives_2x_atk_damage_from_creatures_in_or_near_water(attacker, damage):
    # ruling in-or-near-fire: the Frog is tagged water, the Goblin is not
    t, _, eleotoid = setup(attacker, "Earth Eleotoid")
    freeze(t, eleotoid)
    attack(t, 6, 6, 4)  # a critical hit: 2x 4, then 2x for water
    assert t.hp(eleotoid) == 60 - 2 * damage


def test_lurking_slime_halves_all_damage_it_takes_during_its_own_turn_only():
    # ruling lurking-slime: the turns of its controller
    t, slime, wolf = setup("Lurking Slime", "Werewolf")
    attack(t, 6, 5, 5, 5, 1, 2)  # the Werewolf strikes first: 5 + 5 + 3 = 13, halved; the Slime misses
    assert t.hp(slime) == 60 - 6
    t.end_turn()
    t.begin_turn()
    attack(t, 6, 5, 5, 5, 1, 2)  # in the Werewolf's turn: the whole 13
    assert t.hp(slime) == 60 - 6 - 13 and t.hp(wolf) == 70


@pytest.mark.parametrize(
    "hit, ogre_hp",
    [
        ((4, 4), 90 - 3 * 6),  # matching dice: 3x
        ((4, 5), 90 - 6),
        ((6, 6), 90 - 3 * 6),  # matching, but no critical hit: no 2x
        ((1, 1), 90),  # no critical miss: 2 + 3 misses AL 8, no die of damage to itself
    ],
)
def test_tri_dragon_triples_atk_damage_on_matching_hit_dice_and_never_rolls_a_critical(hit, ogre_hp):
    # ruling tri-dragon
    t, dragon, ogre = setup("Tri-Dragon", "Ogre")
    freeze(t, ogre)
    attack(t, *hit, *([1, 1, 1] if ogre_hp < 90 else []))
    assert t.hp(ogre) == ogre_hp and t.hp(dragon) == 90
    assert t.used_dice() == (5 if ogre_hp < 90 else 2)


@pytest.mark.parametrize(
    "dice, scarlett_hp, ogre_hp",
    [
        ((3, 3, 1, 1, 1), 10 - 6, 90),  # matching dice hit
        ((3, 4), 10, 90),  # 7 + 3 would hit AL 1: not matching, a miss
        ((1, 1, 4), 10, 90 - 4),  # snake eyes: still a critical miss
        ((6, 6, 1, 1, 1), 0, 90),  # matching 6s: a critical hit
    ],
)
def test_scarlett_can_only_be_hit_by_matching_hit_dice_but_not_snake_eyes(dice, scarlett_hp, ogre_hp):
    # ruling hit-dice-guards
    t, ogre, scarlett = setup("Ogre", "Scarlett")
    freeze(t, scarlett)
    attack(t, *dice)
    assert (t.hp(scarlett), t.hp(ogre)) == (scarlett_hp, ogre_hp)


@pytest.mark.parametrize(
    "dice, sprite_hp",
    [((3, 6, 1, 1, 1), 20 - 6), ((4, 4, 1, 1, 1), 20 - 6), ((5, 6), 20), ((6, 6), 20)],
)
def test_sprite_can_only_be_hit_when_a_hit_die_shows_3_or_4(dice, sprite_hp):
    # ruling hit-dice-guards: a double 6 without a 3 or 4 misses
    t, ogre, sprite = setup("Ogre", "Sprite")
    freeze(t, sprite)
    attack(t, *dice)
    assert t.hp(sprite) == sprite_hp and t.used_dice() == len(dice)


@pytest.mark.parametrize("name", ["Sprite", "Scarlett"])
def test_sprite_and_scarlett_al_cannot_increase(name):
    t, _, small = setup("Ogre", name, hand_b=["Legendary Armor"])
    cast(t, 1, "Legendary Armor", OWN)
    assert stats(t, small)["al"] == 1 and stats(t, small)["atk"] == 6  # the Atk bonus stays


@pytest.mark.parametrize("hit, drawn", [((4, 4), 1), ((4, 5), 0), ((1, 2), 0)])
def test_luc_tiberius_draws_a_card_when_it_hits_with_matching_hit_dice(hit, drawn):
    # ruling tri-dragon: "match" is every Hit die on the same face
    t, luc, ogre = setup("Luc Tiberius", "Ogre", deck_a=["Goblin"])
    freeze(t, ogre)
    before = len(t.hand(0))
    attack(t, *hit, *([1, 1, 1] if hit != (1, 2) else []))  # 8 + 2 and 9 + 2 hit AL 8
    assert len(t.hand(0)) == before + drawn


@pytest.mark.parametrize("fear, ogre_hp", [(True, 90 - 5 - 5), (False, 90 - 3 - 3)])
def test_the_wither_adds_2_atk_dice_and_2_modifier_against_a_creature_with_fear_equipped(fear, ogre_hp):
    # ruling the-wither: the battle against the creature wearing Fear
    t, wither, ogre = setup("The Wither", "Ogre", hand_a=["Fear"])
    if fear:
        t.play("Fear", OPPONENT)
    freeze(t, ogre)
    attack(t, *([1] if fear else []), 6, 5, *[1] * (5 if fear else 3))  # Fear's roll of 1 does nothing
    assert t.hp(ogre) == ogre_hp
    assert stats(t, wither)["attack_dice"] == 3 and stats(t, wither)["modifier"] == 3  # outside a battle


def test_ancient_sentinel_has_the_base_speed_of_the_opponents_primary_as_modifier():
    # ruling ancient-sentinel: the printed SPD of the current primary; SPD added to it does not count
    t, sentinel, wolf = setup("Ancient Sentinel", "Werewolf", hand_b=["Bull Power"])
    assert stats(t, sentinel)["modifier"] == 8
    cast(t, 1, "Bull Power", OWN)  # the Werewolf's SPD +2
    assert stats(t, wolf)["speed"] == 10 and stats(t, sentinel)["modifier"] == 8
    fa, fb = prepared_pair(CAT, "Ancient Sentinel", "Werewolf")  # a duel: the other creature's
    assert fa[F.modifier] == 8 and build_spec(fa, fb, CAT.tables().effects).rules.fighters[0, 6] == 8


@pytest.mark.parametrize("opponent, hp", [("Ogre", 90 - 4), ("Scarlett", 10)])
def test_fog_rolls_no_hit_dice_and_goes_straight_to_its_atk_dice(opponent, hp):
    # ruling fog: AL 8 does not matter; no Hit dice cannot match for Scarlett
    t, fog, other = setup("Fog", opponent)
    freeze(t, other)
    attack(t, 1, 1) if opponent == "Ogre" else attack(t)  # 1 + 1 + 2: never a critical miss
    assert t.hp(other) == hp and t.hp(fog) == 50 and t.used_dice() == (2 if opponent == "Ogre" else 0)


def magic_plays(t) -> list[int]:
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.magic]


@pytest.mark.parametrize("opponent", ["Fog", "Ogre"])
def test_fog_is_unaffected_by_the_opponents_magic_cards(opponent):
    # ruling fog: the opponent's Ignite cannot be aimed at it, and Bramble Field's damage to
    # every creature passes it by
    t, wolf, other = setup("Werewolf", opponent, hand_a=["Ignite", "Bramble Field"])
    ignite = t.find(0, "Ignite", InstZone.hand)
    assert (ignite in magic_plays(t)) == (opponent == "Ogre")
    t.play("Bramble Field", NONE)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()  # the Bramble Field's player's turn begins: 5 damage to every creature without wings
    assert t.hp(wolf) == CAT["Werewolf"].hp - 5
    assert t.hp(other) == CAT[opponent].hp - (5 if opponent == "Ogre" else 0)


def test_fog_takes_its_own_players_magic_cards():
    # ruling fog: its own player's heal and equips reach it
    t, fog, _ = setup("Fog", "Werewolf", hand_a=["Health Potion", "Sword of the Grove"])
    t.fighters[fog, F.hp] = 10
    t.play("Health Potion")
    assert t.hp(fog) == 40
    atk = stats(t, fog)["atk"]
    t.play("Sword of the Grove", OWN)
    assert stats(t, fog)["atk"] == atk + 5
    t, ent, _ = setup("Ent Tree", "Werewolf", hand_a=["Health Potion"])
    t.fighters[ent, F.hp] = 10
    assert t.find(0, "Health Potion", InstZone.hand) not in magic_plays(t)  # unaffected by every magic card


@pytest.mark.parametrize("attacker, hurt", [("Fog", 0), ("Werewolf", 5)])
def test_fog_takes_no_raging_inferno_damage_from_the_opponents_card(attacker, hurt):
    # ruling fog: the damage the opponent's equip inflicts on the creature striking its creature
    t, striker, ogre = setup(attacker, "Ogre", hand_b=["Raging Inferno"])
    cast(t, 1, "Raging Inferno", OWN)
    freeze(t, ogre)
    hp = t.hp(striker)
    attack(t, 1, 1) if attacker == "Fog" else attack(t, 6, 6, 1, 1)
    assert t.hp(ogre) < 90 and t.hp(striker) == hp - hurt


def test_zanj_the_hunter_takes_6_al_from_the_opponents_creatures_and_negates_their_al_increases():
    # ruling zanj-the-hunter: the increases played after it
    t, zanj, ogre = setup("Zanj the Hunter", "Ogre", hand_b=["Hero Shield", "Legendary Armor"])
    assert stats(t, ogre)["al"] == 8 - 6
    cast(t, 1, "Hero Shield", OWN)  # AL +4, negated
    cast(t, 1, "Legendary Armor", OWN)  # AL +6 negated, Atk +6 stays
    assert stats(t, ogre)["al"] == 2 and stats(t, ogre)["atk"] == 6
    assert stats(t, zanj)["al"] == 6
    fa, fb = prepared_pair(CAT, "Zanj the Hunter", "Ogre")
    assert build_spec(fa, fb, CAT.tables().effects).rules.fighters[1, 1] == 2


def test_case_law_zanj_the_hunter_keeps_the_increases_it_finds_and_dragon_power_sets_al_12():
    # rules guide, CASE LAW, Jeesse v James: a Kraken with Flame of the Infinite at AL 11, then Zanj the
    # Hunter: AL 5; then Dragon Power, which sets the AL, brings it to 12
    t, kraken, ogre = setup(
        "Kraken", "Ogre", hand_a=["Flame of the Infinite", "Dragon Power", "Hero Shield"], deck_b=["Zanj the Hunter"]
    )
    t.play("Flame of the Infinite")
    assert stats(t, kraken)["al"] == 11
    t.inst[ogre, InstCol.zone] = InstZone.under  # out of play: Zanj takes its place
    t.primary(1, "Zanj the Hunter")
    assert stats(t, kraken)["al"] == 5
    t.play("Hero Shield", OWN)  # an increase after Zanj: negated
    assert stats(t, kraken)["al"] == 5
    t.play("Dragon Power", OWN)
    assert stats(t, kraken)["al"] == 12


def test_thresher_triples_atk_damage_on_mechs_and_strips_their_immunity():
    # ruling thresher: Steam Golem is unaffected by creature effects and magic cards
    t, thresher, golem = setup("Thresher", "Steam Golem", hand_a=["Unlucky Circumstance"])
    t.play("Unlucky Circumstance", OPPONENT)  # a magic card now reaches it
    assert stats(t, golem)["al"] < 12
    freeze(t, golem)
    attack(t, 6, 6, 1, 1)  # a critical hit: (1 + 1 + 3) x 3 x 2
    assert t.hp(golem) == 120 - 30
    fa, fb = prepared_pair(CAT, "Thresher", "Steam Golem")
    assert fb[F.immune] == 0
    fa, fb = prepared_pair(CAT, "Ogre", "Steam Golem")
    assert fb[F.immune] != 0


@pytest.mark.parametrize(
    "attacker, dice, lumber_hp",
    [
        ("Werewolf", (4, 4), 70),  # 8 + 1 misses AL 10: its Modifier 3 is 1 against Lumber
        ("Werewolf", (6, 5, 1, 1), 70 - 3),  # 1 + 1 + 1
        ("Ogre", (4, 4, 1, 1, 1), 70 - 6),  # not in a forest: 8 + 3 hits, 1 + 1 + 1 + 3
    ],
)
def test_lumber_halves_the_base_modifier_of_forest_creatures_that_battle_it(attacker, dice, lumber_hp):
    # ruling lumber
    t, other, lumber = setup(attacker, "Lumber")
    freeze(t, lumber)
    attack(t, *dice)
    assert t.hp(lumber) == lumber_hp
    assert stats(t, other)["modifier"] == 3  # outside a battle
    fa, fb = prepared_pair(CAT, attacker, "Lumber")
    assert build_spec(fa, fb, CAT.tables().effects).rules.fighters[0, 4] == (1 if attacker == "Werewolf" else 3)


def test_arcturus_is_damaged_only_by_the_strikers_base_attack_dice_and_modifier():
    # ruling arcturus: no Atk bonus, no critical 2x, no damage but a strike's
    t, ogre, arcturus = setup("Ogre", "Arcturus", hand_a=["Legendary Armor"])
    t.play("Legendary Armor", OWN)  # the Ogre's Atk +6
    freeze(t, arcturus)
    attack(t, 6, 6, 1, 1, 1)  # a critical hit: (1 + 1 + 1 + 3 + 6) x 2 otherwise
    assert t.hp(arcturus) == 70 - 6
    t, arcturus, ogre = setup("Arcturus", "Ogre")
    freeze(t, ogre)
    attack(t, 1, 1, 4)  # a critical miss: its own die does not hurt it
    assert t.hp(arcturus) == 70 and t.used_dice() == 3


@pytest.mark.parametrize("hp, ogre_hp", [(39, 90 - 16), (40, 90)])
def test_ashen_knight_gains_10_hit_and_10_atk_below_40_hp(hp, ogre_hp):
    # ruling ashen-knight: 1 + 2 + 3 + 10 hits AL 8; 1 + 1 + 1 + 3 + 10
    t, knight, ogre = setup("Ashen Knight", "Ogre")
    t.fighters[knight, F.hp] = hp
    freeze(t, ogre)
    attack(t, 1, 2, *([1, 1, 1] if hp < 40 else []))
    assert t.hp(ogre) == ogre_hp


@pytest.mark.parametrize("hp, knight_hp", [(39, 39), (80, 80 - 6)])
def test_ashen_knight_gains_2_al_below_40_hp(hp, knight_hp):
    t, ogre, knight = setup("Ogre", "Ashen Knight")
    t.fighters[knight, F.hp] = hp
    freeze(t, knight)
    attack(t, 4, 4, *([1, 1, 1] if hp == 80 else []))  # 4 + 4 + 3 misses AL 12, hits AL 10
    assert t.hp(knight) == knight_hp


def test_ashen_knight_gains_3_speed_below_40_hp_and_strikes_first():
    t, knight, fast = setup("Ashen Knight", FIRE)  # SPD 10 + 3 against 12
    t.fighters[knight, F.hp] = 39
    attack(t, 1, 2, 1, 1, 1)  # the Knight strikes first: 16 kills the creature at 10 HP
    assert t.hp(fast) == 0 and t.hp(knight) == 39 and t.used_dice() == 5


@pytest.mark.parametrize(
    "name",
    ["Pyre Lord", "Succubus", "Lurking Slime", "Tri-Dragon", "Scarlett", "Sprite", "Fog", "Arcturus", "Ashen Knight"],
)
def test_the_exact_solver_refuses_the_strike_rules_it_does_not_model(name):
    fa, fb = prepared_pair(CAT, name, "Ogre")
    with pytest.raises(UnsupportedPair):
        build_spec(fa, fb, CAT.tables().effects)


@pytest.mark.parametrize("attacker, amount", [("Frog", 2), ("Goblin", 0)])
def test_the_exact_solver_doubles_the_strikes_of_a_water_creature_on_earth_eleotoid(attacker, amount):
    fa, fb = prepared_pair(CAT, attacker, "Earth Eleotoid")
    rules = build_spec(fa, fb, CAT.tables().effects).rules
    assert rules.multipliers[0, 0, 1] == amount


# ---------------------------------------------------------------- Last Hope Hero


def test_last_hope_hero_rolls_the_dead_primarys_printed_attack_doubled_at_its_killer():
    # docs/rulings.md, last-hope-hero: the Ogre's printed 3 Atk dice and Modifier 3, a critical hit
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_b=["Last Hope Hero", "Kobold"])
    hero = t.find(1, "Last Hope Hero", InstZone.hand)
    t.fighters[ogre, F.hp] = 5
    t.fighters[ogre, F.atk_bonus] = 40  # a bonus of the field is no part of the printed attack
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1, 2, 4, 5)  # the Werewolf kills the Ogre; the Hero rolls 2 + 4 + 5
    assert t.zone(ogre) == InstZone.cemetery and t.zone(hero) == InstZone.cemetery
    assert t.hp(wolf) == 70 - 2 * (2 + 4 + 5 + 3)
    assert t.used_dice() == 7
    assert t.primary_name(1) == "Kobold"


def test_last_hope_hero_kills_the_killer_and_its_player_replaces_it():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Goblin"], hand_b=["Last Hope Hero", "Kobold"])
    t.fighters[ogre, F.hp] = 5
    t.fighters[wolf, F.hp] = 20
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1, 1, 1, 1)  # 2 x (3 + 3) = 12 is not enough; 20 HP left - 8 = 12
    assert t.hp(wolf) == 20 - 12
    t2, wolf2, ogre2 = setup("Werewolf", "Ogre", hand_a=["Goblin"], hand_b=["Last Hope Hero", "Kobold"])
    t2.fighters[ogre2, F.hp] = 5
    t2.fighters[wolf2, F.hp] = 20
    freeze(t2, ogre2)
    attack(t2, 6, 5, 1, 1, 6, 6, 6)  # 2 x (18 + 3) = 42: the Werewolf dies too
    assert t2.zone(wolf2) == InstZone.cemetery and t2.zone(ogre2) == InstZone.cemetery
    assert t2.primary_name(0) == "Goblin" and t2.primary_name(1) == "Kobold"


def test_last_hope_hero_is_not_offered_without_a_killing_creature():
    # an effect's damage outside a battle names no killer creature
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Ignite"], hand_b=["Last Hope Hero", "Kobold"])
    hero = t.find(1, "Last Hope Hero", InstZone.hand)
    t.fighters[ogre, F.hp] = 5
    t.dice(1)
    t.play("Ignite")  # 10 damage to the opponent's primary: the Ogre dies of a magic card
    assert t.zone(ogre) == InstZone.cemetery and t.zone(hero) == InstZone.hand
    assert t.hp(wolf) == 70 and t.primary_name(1) == "Kobold"


def test_last_hope_hero_is_not_offered_when_the_primary_dies_of_its_own_critical_miss():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Last Hope Hero", "Goblin"])
    hero = t.find(0, "Last Hope Hero", InstZone.hand)
    t.fighters[wolf, F.hp] = 2
    freeze(t, ogre)
    attack(t, 1, 1, 4)  # snake eyes: the Werewolf takes 1d6 = 4 and dies
    assert t.zone(wolf) == InstZone.cemetery and t.zone(hero) == InstZone.hand
    assert t.hp(ogre) == 90 and t.primary_name(0) == "Goblin"


def test_last_hope_hero_is_negated_like_any_magic_card():
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Blade in the Dark"], hand_b=["Last Hope Hero", "Kobold"])
    hero = t.find(1, "Last Hope Hero", InstZone.hand)
    blade = t.find(0, "Blade in the Dark", InstZone.hand)
    t.fighters[ogre, F.hp] = 5
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # the Werewolf's player negates the Hero: no die is rolled for it
    assert t.zone(hero) == InstZone.cemetery and t.zone(blade) == InstZone.cemetery
    assert t.hp(wolf) == 70 and t.used_dice() == 4


@pytest.mark.parametrize("primary", ["Fog", "Werewolf"])
def test_fog_takes_no_damage_from_the_opponents_lightning_strike(primary):
    # ruling fog: a magic card's damage to every creature passes it by, as for Heroism
    t, own, wolf = setup(primary, "Werewolf", hand_a=["Sword of the Grove"], hand_b=["Lightning Strike"])
    strike = t.find(1, "Lightning Strike", InstZone.hand)
    t.play("Sword of the Grove", OWN)  # answered by Lightning Strike: damage to all creatures
    dealt = CAT["Werewolf"].hp - t.hp(wolf)
    assert t.zone(strike) == InstZone.cemetery and dealt > 0
    assert t.hp(own) == CAT[primary].hp - (0 if primary == "Fog" else dealt)


def test_fog_is_not_frozen_by_the_opponents_winter_sentinel():
    # ruling fog: the Sentinel negates its strike (the strike, not Fog) but cannot freeze it
    t, fog, harpy = setup("Fog", "Harpy", hand_b=["Winter Sentinel"])
    sentinel = t.find(1, "Winter Sentinel", InstZone.hand)
    freeze(t, harpy)
    attack(t, 1, 1)
    assert t.hp(harpy) == 30 and t.zone(sentinel) == InstZone.cemetery
    assert t.fighter(fog, F.frozen_until) < int(t.glob[GlobCol.turn])
