"""Generation 2 creatures whose text reaches past a plain battle: a multiplier against
creatures in or near water (Spino), equips searched from the deck (Equip Knight), an AL drained
into the Modifier (Wild Vampire), Limited Summons from the hand or the deck that strengthen
their holder (Alkonost), a copy of the opposing primary's stats (Jerry) and a summon paid with
two named creatures (Perfect Shark).

One test per card behaviour, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice, as in `tests/test_effects_gen2_zones.py`.
"""

import pytest
from gamekit import CAT, Event, InstZone, K
from test_effects_gen2_zones import activations, heuristic_value_of
from test_game_cards import attack, freeze, setup, stats

from wardsim.battle import prepared_pair
from wardsim.kernel.bots import policies
from wardsim.kernel.enums import CardCol, CreatureType, FighterCol
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, PlayerCol

F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741


def summons(t) -> list[int]:
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon]


def names(t, instances) -> list[str]:
    return sorted(CAT.cards[t.inst[i, I.card]].name for i in instances)


def equips_on(t, creature: int) -> list[int]:
    return [
        j
        for j in range(t.inst.shape[0])
        if t.inst[j, I.zone] == InstZone.magic and t.inst[j, I.attached_to] == creature
    ]


# ---------------------------------------------------------------- Spino


@pytest.mark.parametrize("target, hp_left", [("Werecroc", 90 - 2 * 15), ("Ogre", 90 - 15)])
def test_spino_inflicts_2x_atk_damage_on_creatures_in_or_near_water(target, hp_left):
    # docs/rulings.md, spino: "in or near water" is the artwork tag water (the Werecroc's)
    t, _, other = setup("Spino", target)
    freeze(t, other)
    attack(t, 6, 5, 5, 5)  # a hit; 5 + 5 + 5 = 15 Atk damage
    assert t.hp(other) == hp_left


# ---------------------------------------------------------------- Equip Knight


def test_equip_knight_equips_two_equip_cards_from_the_deck_when_summoned():
    t, _, _ = setup("Goblin", "Frog", hand_a=["Equip Knight"], deck_a=["Knight Armor", "Magic Ring", "Common Sword"])
    knight = t.find(0, "Equip Knight", InstZone.hand)
    deck_before = int(t.players[0, PlayerCol.deck_n])
    t.act(K.summon, knight)
    equipped = equips_on(t, knight)
    assert len(equipped) == 2
    assert set(names(t, equipped)) <= {"Knight Armor", "Magic Ring", "Common Sword"}
    assert t.players[0, PlayerCol.deck_n] == deck_before - 2
    assert len(t.events(Event.equipped)) == 2
    assert not t.events(Event.magic)  # equipped, not played: nothing to answer
    s = stats(t, knight)
    assert (s["al"], s["hit"], s["atk"]) != (1, 0, 0)  # the equips act on it


def test_equip_knight_takes_no_equip_that_only_hurts_it():
    # Fear is meant for the opponent's creature: the Knight's player leaves it in the deck
    t, _, _ = setup("Goblin", "Frog", hand_a=["Equip Knight"], deck_a=["Fear", "Magic Ring"])
    knight = t.find(0, "Equip Knight", InstZone.hand)
    t.act(K.summon, knight)
    assert names(t, equips_on(t, knight)) == ["Magic Ring"]
    assert t.zone(t.find(0, "Fear", None)) == InstZone.deck


def test_the_heuristic_values_equip_knight_for_the_equips_it_brings():
    t, _, _ = setup("Goblin", "Frog", hand_a=["Equip Knight"], deck_a=["Knight Armor", "Magic Ring"])
    knight = t.find(0, "Equip Knight", InstZone.hand)
    assert policies.deck_equips_for_knight_nb(t.cards, t.effects, t.inst, 0, t.inst[knight, I.card]) == 2


# ---------------------------------------------------------------- Wild Vampire


def test_wild_vampire_takes_the_al_it_hits_into_its_modifier_until_it_leaves():
    # docs/rulings.md, wild-vampire
    t, vampire, ogre = setup("Wild Vampire", "Ogre", hand_a=["Goblin"])
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)  # 6 + 5 + 1 = 12 hits AL 8; the Ogre's AL falls to 0, +8 Modifier
    assert t.hp(ogre) == 90 - (5 + 5 + 1 + 8)  # the gain counts from that strike's damage
    assert stats(t, ogre)["al"] == 0 and stats(t, vampire)["modifier"] == 1 + 8
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    assert stats(t, ogre)["al"] == 0 and stats(t, vampire)["modifier"] == 9  # it lasts
    t.act(K.kill_primary)  # the vampire leaves the field: the effect resets
    assert stats(t, ogre)["al"] == 8


def test_wild_vampire_gains_nothing_more_from_a_creature_already_at_al_0():
    t, vampire, ogre = setup("Wild Vampire", "Ogre")
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    freeze(t, ogre)
    attack(t, 6, 5, 5, 5)
    assert stats(t, vampire)["modifier"] == 9


def test_wild_vampire_cannot_be_solved_exactly():
    from wardsim.kernel.exact.spec import UnsupportedPair, build_spec

    fa, fb = prepared_pair(CAT, "Wild Vampire", "Ogre")
    with pytest.raises(UnsupportedPair):
        build_spec(fa, fb, CAT.tables().effects)


# ---------------------------------------------------------------- Alkonost


def test_alkonost_summons_a_harpy_or_alkonost_from_hand_or_deck_and_grows_with_each():
    # docs/rulings.md, alkonost: "for each" counts the Limited Summons it holds
    t, alkonost, _ = setup("Alkonost", "Frog", hand_a=["Harpy"], deck_a=["Alkonost"])
    assert stats(t, alkonost)["attack_dice"] == 1 and stats(t, alkonost)["modifier"] == 1
    t.act(K.activate, alkonost)
    held = [j for j in range(t.inst.shape[0]) if t.inst[j, I.zone] == InstZone.limited]
    assert len(held) == 1 and t.inst[held[0], I.anchor] == alkonost
    assert stats(t, alkonost)["attack_dice"] == 2 and stats(t, alkonost)["modifier"] == 2
    assert not activations(t, alkonost)  # once per turn
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.activate, alkonost)
    assert stats(t, alkonost)["attack_dice"] == 3 and stats(t, alkonost)["modifier"] == 3
    assert not activations(t, alkonost)  # nothing left to summon
    t.act(K.kill_primary)  # the Limited Summons go back to the hand
    assert not [j for j in range(t.inst.shape[0]) if t.inst[j, I.zone] == InstZone.limited]
    assert "Harpy" in t.hand(0) and "Alkonost" in t.hand(0) + [t.primary_name(0)]


def test_alkonost_offers_nothing_without_a_harpy_or_alkonost():
    t, alkonost, _ = setup("Alkonost", "Frog", hand_a=["Goblin"])
    assert not activations(t, alkonost)


# ---------------------------------------------------------------- Jerry


def test_jerry_copies_the_base_stats_of_the_opponents_primary_but_not_its_hp():
    # docs/rulings.md, jerry
    t, jerry, ogre = setup("Jerry", "Ogre")
    assert stats(t, jerry) == stats(t, ogre)
    assert t.fighter(jerry, F.creature_type) == CreatureType.beast
    assert t.hp(jerry) == 50
    t.players[1, PlayerCol.primary] = -1  # no opposing primary: its own stats
    t.inst[ogre, I.zone] = InstZone.under
    s = stats(t, jerry)
    assert (s["al"], s["speed"], s["attack_dice"], s["modifier"]) == (1, 1, 1, 0)
    assert t.fighter(jerry, F.creature_type) == CreatureType.unknown


def test_jerry_switches_stats_when_a_new_primary_enters():
    t, jerry, _ = setup("Jerry", "Ogre", hand_b=["Werewolf"])
    t.glob[G.active] = 1
    t.act(K.summon, t.find(1, "Werewolf", InstZone.hand))
    s = stats(t, jerry)
    assert (s["al"], s["speed"], s["attack_dice"], s["modifier"]) == (6, 8, 2, 3)


def test_jerry_copies_in_a_duel_too():
    fa, fb = prepared_pair(CAT, "Jerry", "Ogre")
    ogre = CAT.tables().cards[CAT.index("Ogre")]
    assert (fa[F.armor_level], fa[F.speed], fa[F.attack_dice], fa[F.modifier]) == (
        ogre[CardCol.armor_level],
        ogre[CardCol.speed],
        ogre[CardCol.attack_dice],
        ogre[CardCol.modifier],
    )
    assert fa[F.max_hp] == 50


# ---------------------------------------------------------------- Perfect Shark


def test_perfect_shark_needs_one_sharkling_and_one_great_white():
    # docs/rulings.md, perfect-shark: two Sharklings do not pay it
    t, _, _ = setup("Goblin", "Frog", hand_a=["Perfect Shark", "Sharkling", "Sharkling"], deck_a=["Great White"])
    shark = t.find(0, "Perfect Shark", InstZone.hand)
    assert shark not in summons(t)
    t.to_hand(0, "Great White")
    assert shark in summons(t)
    t.act(K.summon, shark)
    assert t.primary_name(0) == "Perfect Shark"
    assert sorted(CAT.cards[e[4]].name for e in t.events(Event.sacrifice)) == ["Great White", "Sharkling"]
    under = [j for j in range(t.inst.shape[0]) if t.inst[j, I.zone] == InstZone.under and t.inst[j, I.owner] == 0]
    assert names(t, under) == ["Great White", "Sharkling"]


# ---------------------------------------------------------------- Terry


def test_terry_doubles_its_base_stats_with_a_jerry_under_it_and_jerry_stays_when_it_leaves():
    # docs/rulings.md, terry
    t, terry, _ = setup("Terry", "Ogre", hand_a=["Jerry", "Goblin"])
    jerry = t.find(0, "Jerry", InstZone.hand)
    s = stats(t, terry)
    assert (s["al"], s["speed"], s["attack_dice"], s["modifier"]) == (6, 6, 3, 3)
    t.act(K.activate, terry)
    assert t.zone(jerry) == InstZone.under and t.inst[jerry, I.anchor] == terry
    s = stats(t, terry)
    assert (s["al"], s["speed"], s["attack_dice"], s["modifier"]) == (12, 12, 6, 6)
    assert not activations(t, terry)  # "This effect cannot stack"
    t.act(K.kill_primary)  # Terry leaves the field: Jerry stays on it
    assert t.zone(terry) == InstZone.cemetery
    assert t.zone(jerry) in (InstZone.limited, InstZone.primary)
    assert t.cemetery_hp(0) == 50  # Terry alone


def test_terry_offers_nothing_without_a_jerry_in_hand():
    t, terry, _ = setup("Terry", "Ogre", hand_a=["Goblin"])
    assert not activations(t, terry)


# ---------------------------------------------------------------- Ancient One


def test_ancient_one_makes_the_opponents_limited_summons_battle_their_own_primary():
    # docs/rulings.md, ancient-one
    t, alkonost, _ = setup("Alkonost", "Ancient One", hand_a=["Harpy"])
    harpy = t.find(0, "Harpy", InstZone.hand)
    t.act(K.activate, alkonost)
    assert t.zone(harpy) == InstZone.limited
    t.refresh()
    # the combat phase begins: the Harpy battles the Alkonost; the Alkonost (SPD 11) strikes
    # first (5 + 5 hits AL 2, no damage to a Limited Summon), then the Harpy: 5 + 5 hits AL 4, 4 damage
    t.dice(5, 5, 3, 3, 5, 5, 4)
    t.end_phase()
    assert t.hp(alkonost) == 80 - 4
    battles = t.events(Event.battle)
    assert [(e[3], e[4]) for e in battles] == [(harpy, alkonost)]
    assert harpy not in [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.battle]
    assert t.used_dice() == 7


def test_without_ancient_one_limited_summons_battle_as_their_player_chooses():
    t, alkonost, _ = setup("Alkonost", "Ogre", hand_a=["Harpy"])
    harpy = t.find(0, "Harpy", InstZone.hand)
    t.act(K.activate, alkonost)
    t.end_phase()
    assert not t.events(Event.battle) and t.hp(alkonost) == 80
    assert harpy in [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.battle]


def test_the_heuristic_summons_no_limited_summon_against_ancient_one():
    t, alkonost, _ = setup("Alkonost", "Ancient One", hand_a=["Harpy"], policy="heuristic")
    (activate,) = activations(t, alkonost)
    assert heuristic_value_of(t, activate) < 0
