"""Generation 3 and promo cards that summon: Limited Summons held by a creature or a card
(Crow, M.O.O.N. Sgt., Last Goodbye), and the creatures that come back from them.

One test per card behaviour, played through the game kernel with the table of
`tests/gamekit.py` and scripted dice, as in `tests/test_effects_gen2_zones.py`.
"""

from gamekit import CAT, Event, InstZone, K
from test_game_cards import NONE, OWN, attack, cast, freeze, magic_names, setup, stats

from wardsim.kernel.enums import CardCol, FighterCol
from wardsim.kernel.game import field, resolve
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb
from wardsim.kernel.game.enums import GlobCol, InstCol, PlayerCol

F = FighterCol
IC = InstCol
PC = PlayerCol


def limited_summons(t) -> list[int]:
    return [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.limited_summon]


def held_by(t, anchor: int) -> list[int]:
    return [
        j for j in range(t.inst.shape[0]) if t.inst[j, IC.zone] == InstZone.limited and t.inst[j, IC.anchor] == anchor
    ]


# ---------------------------------------------------------------- Crow


def test_crow_joins_beside_a_primary_crow_and_returns_to_the_hand_when_it_leaves():
    # docs/rulings.md, crow
    t, crow, _ = setup("Crow", "Frog", hand_a=["Crow", "Werewolf"])
    second = t.find(0, "Crow", InstZone.hand)
    assert limited_summons(t) == [second]
    t.act(K.limited_summon, second)
    assert t.zone(second) == InstZone.limited and t.inst[second, IC.anchor] == crow
    assert [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon]  # the turn's summon is still free
    t.act(K.kill_primary)  # the primary Crow leaves: the second goes back to the hand
    assert second in [e[3] for e in t.events(Event.to_hand)]


def test_crow_joins_only_beside_a_crow():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Crow"])
    assert not limited_summons(t)
    t, _, _ = setup("Scarecrow", "Frog", hand_a=["Crow"])  # "Crow" at the start of a word only
    assert not limited_summons(t)


# ---------------------------------------------------------------- M.O.O.N. Sgt.


def test_moon_sgt_summons_a_moon_creature_from_the_deck_that_returns_to_the_hand_with_it():
    # docs/rulings.md, moon-sgt
    t, _, _ = setup("Goblin", "Frog", hand_a=["M.O.O.N. Sgt.", "Kobold"], deck_a=["M.O.O.N. Soldier"])
    sgt = t.find(0, "M.O.O.N. Sgt.", InstZone.hand)
    soldier = t.find(0, "M.O.O.N. Soldier", InstZone.deck)
    t.act(K.summon, sgt)  # AL 7: the Goblin is its sacrifice
    assert t.primary_name(0) == "M.O.O.N. Sgt."
    assert held_by(t, sgt) == [soldier]
    assert "M.O.O.N. Soldier" not in t.hand(0)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # the Sgt. leaves: the Soldier goes to the hand (and may be placed from there)
    assert soldier in [e[3] for e in t.events(Event.to_hand)]
    assert t.zone(soldier) != InstZone.deck


def test_moon_sgt_summons_nothing_without_a_moon_creature():
    t, _, _ = setup("Goblin", "Frog", hand_a=["M.O.O.N. Sgt.", "Kobold"])
    sgt = t.find(0, "M.O.O.N. Sgt.", InstZone.hand)
    t.act(K.summon, sgt)
    assert t.primary_name(0) == "M.O.O.N. Sgt." and not held_by(t, sgt)


# ---------------------------------------------------------------- Last Goodbye


def test_last_goodbye_summons_a_creature_from_the_cemetery_until_the_end_of_the_turn():
    # docs/rulings.md, last-goodbye
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Last Goodbye"], cem_a=["Ogre"])
    ogre = t.find(0, "Ogre", InstZone.cemetery)
    assert t.cemetery_hp(0) == 90
    card = t.play("Last Goodbye", OWN)
    assert t.zone(ogre) == InstZone.limited and t.inst[card, IC.attached_to] == ogre
    assert t.zone(card) == InstZone.magic and t.cemetery_hp(0) == 0
    t.end_turn()
    assert t.zone(ogre) == InstZone.cemetery and t.zone(card) == InstZone.cemetery
    assert t.cemetery_hp(0) == 90


# ---------------------------------------------------------------- Moon Owl


def test_moon_owl_killed_by_the_opponent_is_equipped_to_their_primary_and_drains_10_hp_a_turn():
    # docs/rulings.md, moon-owl
    t, wolf, owl = setup("Werewolf", "Moon Owl", hand_a=["Goblin"])
    t.fighters[owl, F.hp] = 5
    freeze(t, owl)
    attack(t, 6, 6, 1, 1)  # a critical hit of the Werewolf kills the Moon Owl
    assert t.zone(owl) == InstZone.magic and t.inst[owl, IC.attached_to] == wolf
    assert t.inst[owl, IC.owner] == 1 and t.inst[owl, IC.controller] == 1
    assert t.cemetery_hp(1) == 0  # it never reached the cemetery
    hp = t.hp(wolf)
    t.end_turn()
    t.begin_turn()  # the Moon Owl's player's turn: nothing
    assert t.hp(wolf) == hp
    t.end_turn()
    t.begin_turn()  # the equipped creature's player's turn: 10 HP lost
    assert t.hp(wolf) == hp - 10
    t.act(K.kill_primary)  # the equipped creature leaves: the card goes to its owner's deck
    assert t.zone(owl) == InstZone.deck
    assert owl in t.decks[1, : t.players[1, PC.deck_n]].tolist()
    assert t.cemetery_hp(1) == 0


def test_moon_owl_sent_away_by_the_opponent_is_equipped_to_their_primary_instead():
    # Stone Golem sends the opponent's primary to the deck: a Moon Owl is equipped instead
    t, wolf, owl = setup("Werewolf", "Moon Owl", hand_a=["Stone Golem", "Kobold"])
    golem = t.find(0, "Stone Golem", InstZone.hand)
    t.act(K.summon, golem)
    assert t.primary_name(1) == "Stone Golem"
    assert t.zone(owl) == InstZone.magic and t.inst[owl, IC.attached_to] == t.players[0, PC.primary]


def test_moon_owl_dies_like_any_creature_by_its_own_players_hand():
    t, owl, _ = setup("Moon Owl", "Frog", hand_a=["Goblin"])
    t.act(K.kill_primary)
    assert t.zone(owl) == InstZone.cemetery and t.cemetery_hp(0) == 70


# ---------------------------------------------------------------- Dart Frog


def test_dart_frog_killed_by_a_creature_without_a_weapon_is_equipped_to_it_and_hurts_it_5_a_turn():
    # docs/rulings.md, dart-frog
    t, wolf, frog = setup("Werewolf", "Dart Frog")
    t.fighters[frog, F.hp] = 5
    freeze(t, frog)
    attack(t, 6, 5, 1, 1)  # the Werewolf (no weapon in its artwork) hits for 5
    assert t.zone(frog) == InstZone.magic and t.inst[frog, IC.attached_to] == wolf
    assert t.inst[frog, IC.controller] == 0 and t.cemetery_hp(1) == 0
    hp = t.hp(wolf)
    t.end_turn()  # the end of the turn of the card's controller: 5 damage
    assert t.hp(wolf) == hp - 5
    t.begin_turn()
    t.end_turn()  # the opponent's turn: nothing
    assert t.hp(wolf) == hp - 5


def test_dart_frog_killed_by_a_creature_holding_a_weapon_goes_to_the_cemetery():
    t, knight, frog = setup("Dark Knight", "Dart Frog")
    t.fighters[frog, F.hp] = 5
    freeze(t, frog)
    attack(t, 6, 5, 1, 1)
    assert t.zone(frog) == InstZone.cemetery and t.inst[frog, IC.attached_to] < 0
    assert t.cemetery_hp(1) == 30


# ---------------------------------------------------------------- Missile-Toad


def test_missile_toad_hitting_sends_every_limited_summon_to_its_owners_cemetery():
    # docs/rulings.md, missile-toad
    t, toad, hive = setup("Missile-Toad", "Hive Lord", hand_a=["The Squire"], hand_b=["Black Jacket"])
    squire = t.find(0, "The Squire", InstZone.hand)
    t.act(K.summon, squire)  # joins beside the Toad as its own Limited Summon
    jacket = t.find(1, "Black Jacket", InstZone.hand)
    resolve.limited_summon_nb(t.cards, t.inst, t.fighters, t.players, t.glob, 1, jacket, hive, t.trace)
    assert t.zone(squire) == InstZone.limited and t.zone(jacket) == InstZone.limited
    freeze(t, hive)
    attack(t, 1, 2, 1)  # a miss: nothing happens
    assert t.zone(squire) == InstZone.limited and t.zone(jacket) == InstZone.limited
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    attack(t, 6, 6, 1)  # a hit: both Limited Summons go to their owners' cemeteries
    assert t.zone(squire) == InstZone.cemetery and t.inst[squire, IC.owner] == 0
    assert t.zone(jacket) == InstZone.cemetery and t.inst[jacket, IC.owner] == 1
    assert t.cemetery_hp(1) == 40


# ---------------------------------------------------------------- Frog Bard


def test_frog_bard_played_as_an_equip_gives_its_atk_dice_and_modifier_and_returns_to_the_hand():
    # docs/rulings.md, frog-bard
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Frog Bard", "Goblin"])
    bard = t.find(0, "Frog Bard", InstZone.hand)
    assert [action_a_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon].count(bard) == 1  # or summoned
    t.play("Frog Bard", OWN)
    assert t.zone(bard) == InstZone.magic and t.inst[bard, IC.attached_to] == wolf
    s = stats(t, wolf)
    assert (s["attack_dice"], s["modifier"]) == (2 + 1, 3 + 1)
    t.act(K.kill_primary)  # the equipped creature leaves: the card goes back to the hand
    assert t.zone(bard) == InstZone.hand
    assert t.cemetery_hp(0) == 70  # the Werewolf only


def test_frog_bard_as_a_creature_adds_nothing():
    t, bard, _ = setup("Frog Bard", "Frog")
    s = stats(t, bard)
    assert (s["attack_dice"], s["modifier"]) == (1, 1)


# ---------------------------------------------------------------- Gnometheon


def test_gnometheon_keeps_its_gnome_sacrifices_under_it_counted_as_in_the_hand():
    # docs/rulings.md, gnometheon
    t, gnome, _ = setup("Gnome", "Frog", hand_a=["Gnometheon", "Gnome Warrior", "Goblin"])
    theon = t.find(0, "Gnometheon", InstZone.hand)
    warrior = t.find(0, "Gnome Warrior", InstZone.hand)
    t.act(K.summon, theon)  # AL 12: two sacrifices
    assert t.primary_name(0) == "Gnometheon"
    under = [j for j in range(t.inst.shape[0]) if t.inst[j, IC.zone] == InstZone.under]
    assert under and all(t.inst[j, IC.anchor] == theon for j in under)
    assert set(under) <= {gnome, warrior}  # only Gnomes go under it
    s = stats(t, theon)  # 3d6+3, +1 for each of the two Gnomes, under it or in the hand
    assert (s["attack_dice"], s["modifier"]) == (5, 5)
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # it leaves: the Gnomes under it follow it to the cemetery
    assert all(t.zone(j) == InstZone.cemetery for j in under)


# ---------------------------------------------------------------- summons without sacrifice


def summon_costs(t) -> dict[int, int]:
    """The creatures of the active player's hand it may summon now, with their cemetery cost."""
    return {action_a_nb(a): action_b_nb(a) for a in t.legal() if action_kind_nb(a) == K.summon}


def test_orc_champion_needs_no_sacrifice_with_two_other_orcs_in_the_hand():
    # docs/rulings.md, conditional-summon-costs
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Orc Champion", "Orc", "Orc Hunter", "Kobold"])
    champion = t.find(0, "Orc Champion", InstZone.hand)
    assert champion in summon_costs(t)
    t.act(K.summon, champion)
    assert t.primary_name(0) == "Orc Champion"
    assert sorted(t.hand(0)) == ["Kobold", "Orc", "Orc Hunter"]  # no sacrifice from the hand
    assert t.zone(wolf) == InstZone.cemetery  # the primary is killed to make room


def test_orc_champion_with_one_other_orc_needs_its_two_sacrifices():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Orc Champion", "Orc"])
    champion = t.find(0, "Orc Champion", InstZone.hand)
    t.act(K.summon, champion)  # the Werewolf and the Orc are its sacrifices
    assert t.primary_name(0) == "Orc Champion" and t.hand(0) == []


def test_ghul_vok_needs_no_sacrifice_beside_a_full_moon_and_returns_to_the_hand_when_it_goes():
    # docs/rulings.md, conditional-summon-costs and ghul-vok
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Ghul'Vok", "Full Moon", "Goblin", "Kobold"])
    ghul = t.find(0, "Ghul'Vok", InstZone.hand)
    t.act(K.summon, ghul)  # no Full Moon: 2 sacrifices (AL 12)
    assert t.primary_name(0) == "Ghul'Vok" and len(t.hand(0)) == 2
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Ghul'Vok", "Full Moon", "Goblin", "Kobold"])
    ghul = t.find(0, "Ghul'Vok", InstZone.hand)
    moon = t.play("Full Moon", NONE)
    t.act(K.summon, ghul)
    assert t.primary_name(0) == "Ghul'Vok" and sorted(t.hand(0)) == ["Goblin", "Kobold"]
    assert t.zone(wolf) == InstZone.cemetery  # killed to make room
    field.destroy_magic_nb(*t.args[:5], t.glob, t.decks, moon, t.rng, t.trace)
    assert t.zone(ghul) == InstZone.hand and t.zone(moon) == InstZone.cemetery


# ---------------------------------------------------------------- Gnarled Hand


def test_gnarled_hand_summons_a_hand_creature_of_lower_al_than_the_primary_until_destroyed():
    # docs/rulings.md, gnarled-hand
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Gnarled Hand", "Ogre", "Goblin"])  # AL 6; Ogre 8
    hand = t.play("Gnarled Hand", OWN)
    goblin = t.find(0, "Goblin", None)
    assert t.zone(goblin) == InstZone.limited and t.inst[goblin, IC.anchor] == hand
    assert t.inst[hand, IC.attached_to] == goblin
    assert t.zone(t.find(0, "Ogre", None)) == InstZone.hand
    field.destroy_magic_nb(*t.args[:5], t.glob, t.decks, hand, t.rng, t.trace)
    assert t.zone(goblin) == InstZone.cemetery


def test_gnarled_hand_is_not_played_without_a_creature_of_lower_al():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Gnarled Hand", "Ogre"])
    assert "Gnarled Hand" not in magic_names(t)


# ---------------------------------------------------------------- Bait


def test_bait_costs_a_magic_card_and_makes_this_turns_summons_need_one_sacrifice_fewer():
    # docs/rulings.md, bait
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Bait", "Common Sword", "Orc Champion", "Goblin"])
    bait = t.play("Bait", NONE)
    assert t.zone(t.find(0, "Common Sword", None)) == InstZone.cemetery  # its cost
    assert t.zone(bait) == InstZone.magic
    champion = t.find(0, "Orc Champion", InstZone.hand)
    t.act(K.summon, champion)  # AL 12: one sacrifice, the Werewolf, instead of two
    assert t.primary_name(0) == "Orc Champion" and t.hand(0) == ["Goblin"]
    assert t.zone(wolf) == InstZone.cemetery
    t.end_turn()
    assert t.zone(bait) == InstZone.cemetery  # for this turn only


def test_bait_is_played_only_for_a_summon_it_makes_cheaper():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Bait", "Common Sword", "Ogre"])
    assert "Bait" not in magic_names(t)  # the Werewolf pays the Ogre's one sacrifice anyway
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Bait", "Orc Champion"])
    assert "Bait" not in magic_names(t)  # no magic card to discard
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Bait", "Common Sword", "Orc Champion"])
    assert "Bait" in magic_names(t)


# ---------------------------------------------------------------- Friend Like You


def test_friend_like_you_killed_by_a_strike_brings_the_creator_from_the_deck_without_sacrifice():
    # docs/rulings.md, friend-like-you
    t, _, friend = setup("Werewolf", "Friend Like You", hand_b=["Goblin"], deck_b=["The Creator"])
    creator = t.find(1, "The Creator", InstZone.deck)
    t.fighters[friend, F.hp] = 5
    freeze(t, friend)
    attack(t, 6, 5, 1, 1)
    assert t.zone(friend) == InstZone.cemetery
    assert t.players[1, PC.primary] == creator and t.hand(1) == ["Goblin"]


def test_friend_like_you_killed_by_its_own_player_brings_nothing():
    t, friend, _ = setup("Friend Like You", "Frog", hand_a=["Goblin"], deck_a=["The Creator"])
    t.act(K.kill_primary)
    assert t.primary_name(0) == "Goblin"


# ---------------------------------------------------------------- Orc Hunter


def activations(t, creature: int) -> list[int]:
    return [a for a in t.legal() if action_kind_nb(a) == K.activate and action_a_nb(a) == creature]


def test_orc_hunter_summons_a_common_or_uncommon_beast_from_the_hand_until_it_leaves():
    t, hunter, _ = setup("Orc Hunter", "Frog", hand_a=["Grizzly Bear", "Werewolf", "Goblin"])
    wolf = t.find(0, "Werewolf", InstZone.hand)
    t.act(K.activate, hunter)
    assert held_by(t, hunter) == [wolf]  # the Werewolf (common Beast), not the Grizzly Bear (epic)
    assert not activations(t, hunter)  # at most 1
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)
    assert wolf in [e[3] for e in t.events(Event.to_hand)]


def test_orc_hunter_offers_nothing_without_a_common_or_uncommon_beast():
    t, hunter, _ = setup("Orc Hunter", "Frog", hand_a=["Grizzly Bear", "Goblin"])
    assert not activations(t, hunter)


# ---------------------------------------------------------------- Bio-Dino, Ward United


def printed(name: str) -> tuple[int, int]:
    c = CAT.cards[CAT.index(name)]
    return c.attack_dice, c.modifier


def test_bio_dino_adds_the_printed_atk_dice_and_modifier_of_its_sacrifices():
    # docs/rulings.md, bio-dino
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Bio-Dino", "Goblin"])
    dino = t.find(0, "Bio-Dino", InstZone.hand)
    t.act(K.summon, dino)  # AL 12: the Werewolf and the Goblin
    assert t.primary_name(0) == "Bio-Dino" and t.hand(0) == []
    s = stats(t, dino)
    extra = [a + b for a, b in zip(printed("Werewolf"), printed("Goblin"), strict=True)]
    assert (s["attack_dice"], s["modifier"]) == (1 + extra[0], 1 + extra[1])


def test_ward_united_adds_the_sacrifices_stats_to_each_creature_summoned_while_it_stays():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Ward United", "Ogre"])
    ward = t.play("Ward United", NONE)
    ogre = t.find(0, "Ogre", InstZone.hand)
    t.act(K.summon, ogre)  # AL 8: the Werewolf
    s = stats(t, ogre)
    base, wolf = printed("Ogre"), printed("Werewolf")
    assert (s["attack_dice"], s["modifier"]) == (base[0] + wolf[0], base[1] + wolf[1])
    field.destroy_magic_nb(*t.args[:5], t.glob, t.decks, ward, t.rng, t.trace)
    s = stats(t, ogre)
    assert (s["attack_dice"], s["modifier"]) == base


# ---------------------------------------------------------------- Graft


def test_graft_lets_creatures_of_the_hand_be_equipped_adding_their_atk_dice_and_modifier():
    # docs/rulings.md, graft
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Graft", "Ogre", "Goblin"])
    assert "Ogre" not in magic_names(t)
    graft = t.play("Graft", NONE)
    assert {"Ogre", "Goblin"} <= magic_names(t)
    ogre = t.play("Ogre", OWN)
    assert t.zone(ogre) == InstZone.magic and t.inst[ogre, IC.attached_to] == wolf
    s = stats(t, wolf)
    base, added = printed("Werewolf"), printed("Ogre")
    assert (s["attack_dice"], s["modifier"]) == (base[0] + added[0], base[1] + added[1])
    field.destroy_magic_nb(*t.args[:5], t.glob, t.decks, graft, t.rng, t.trace)
    s = stats(t, wolf)
    assert (s["attack_dice"], s["modifier"]) == base  # the Ogre stays equipped, adding nothing
    assert t.zone(ogre) == InstZone.magic


# ---------------------------------------------------------------- Eye For An Eye


def test_eye_for_an_eye_lets_each_player_trade_a_hand_card_for_a_cemetery_card_of_its_kind():
    # docs/rulings.md, eye-for-an-eye
    t, _, _ = setup(
        "Werewolf",
        "Frog",
        hand_a=["Eye For An Eye", "Goblin", "Common Sword"],
        cem_a=["Ogre"],
        hand_b=["Common Sword"],
        cem_b=["Health Potion", "Goblin"],
    )
    t.play("Eye For An Eye", NONE)
    assert sorted(t.hand(0)) == ["Common Sword", "Ogre"]  # the Goblin went for the Ogre
    assert t.cemetery_hp(0) == 30 + 0  # the Goblin's HP; the Ogre's left
    assert t.hand(1) == ["Health Potion"]  # magic for magic: the Goblin stays in their cemetery
    assert t.cemetery_hp(1) == 30


def test_eye_for_an_eye_is_played_only_with_a_trade_to_make():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Eye For An Eye", "Goblin"], cem_a=["Common Sword"])
    assert "Eye For An Eye" not in magic_names(t)


# ---------------------------------------------------------------- Deercrow


def test_deercrow_sends_a_scarecrow_or_big_buck_sacrifice_back_to_the_deck():
    # docs/rulings.md, deercrow
    t, crow, _ = setup("Scarecrow", "Frog", hand_a=["Deercrow", "Big Buck"])
    buck = t.find(0, "Big Buck", InstZone.hand)
    deer = t.find(0, "Deercrow", InstZone.hand)
    t.act(K.summon, deer)  # AL 12: the Scarecrow and the Big Buck
    assert t.primary_name(0) == "Deercrow"
    assert sorted([t.zone(crow), t.zone(buck)]) == [InstZone.deck, InstZone.cemetery]


def test_deercrow_doubles_the_bonuses_of_common_and_uncommon_magic_cards_only():
    t, deer, _ = setup("Deercrow", "Frog", hand_a=["Common Sword", "Epic Ring"])
    t.play("Common Sword", OWN)  # common: Atk +4, twice
    t.play("Epic Ring", OWN)  # epic: Hit +4, Atk +4, once
    s = stats(t, deer)
    assert (s["hit"], s["atk"]) == (4, 2 * 4 + 4)


# ---------------------------------------------------------------- Soul Eater


def test_soul_eater_lets_an_opponents_limited_summon_pay_a_sacrifice_into_their_cemetery():
    # docs/rulings.md, soul-eater
    t, wolf, hive = setup(
        "Werewolf", "Hive Lord", hand_a=["Soul Eater", "Orc Champion", "Goblin"], hand_b=["Black Jacket"]
    )
    jacket = t.find(1, "Black Jacket", InstZone.hand)
    resolve.limited_summon_nb(t.cards, t.inst, t.fighters, t.players, t.glob, 1, jacket, hive, t.trace)
    assert "Soul Eater" in magic_names(t)
    eater = t.play("Soul Eater", NONE)
    champion = t.find(0, "Orc Champion", InstZone.hand)
    before = t.cemetery_hp(1)
    t.act(K.summon, champion)  # AL 12: the Werewolf and the opponent's Black Jacket
    assert t.primary_name(0) == "Orc Champion" and t.hand(0) == ["Goblin"]
    assert t.zone(jacket) == InstZone.cemetery and t.cemetery_hp(1) == before + 40
    assert t.zone(eater) == InstZone.cemetery  # spent
    # the replay says who paid: player 0 sacrifices the opponent's Black Jacket
    assert [e[1] for e in t.events(Event.sacrifice) if e[3] == jacket] == [0]


def test_soul_eater_sends_a_creature_psychic_toad_took_to_the_cemetery_of_the_toads_player_for_good():
    # docs/rulings.md, soul-eater: "the cemetery of the player that currently controls it", not
    # its owner's; the card stays there when the Psychic Toad that held it leaves the field
    t, wolf, goblin = setup("Werewolf", "Goblin", hand_a=["Soul Eater", "Knight", "Kobold"], hand_b=["Psychic Toad"])
    toad = t.find(1, "Psychic Toad", InstZone.hand)
    t.glob[GlobCol.active] = 1
    t.act(K.summon, toad)  # the Goblin makes room (30 HP); the Toad takes the Werewolf
    t.glob[GlobCol.active] = 0
    assert t.zone(wolf) == InstZone.limited and t.inst[wolf, IC.controller] == 1
    assert t.primary_name(0) == "Kobold"  # player 0 replaces its primary at once
    t.play("Soul Eater", NONE)
    t.act(K.summon, t.find(0, "Knight", InstZone.hand))  # AL 8: the Werewolf pays
    assert t.primary_name(0) == "Knight"
    assert t.zone(wolf) == InstZone.cemetery and t.inst[wolf, IC.owner] == 1
    assert t.cemetery_hp(1) == 30 + 70 and t.cemetery_hp(0) == 40  # the Kobold made room
    field.kill_nb(*t.args[:5], t.glob, t.decks, toad, -1, False, t.rng, t.trace)
    assert t.zone(wolf) == InstZone.cemetery and t.hand(0) == []  # nothing to return
    assert t.cemetery_hp(1) == 30 + 70 + 20


def test_soul_eater_is_not_played_without_a_limited_summon_on_the_field():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Soul Eater", "Orc Champion", "Goblin"])
    assert "Soul Eater" not in magic_names(t)


# ---------------------------------------------------------------- Hoggan


def test_hoggan_is_played_from_the_hand_as_the_battle_begins_and_battled_in_place_of_the_primary():
    # docs/rulings.md, hoggan
    t, wolf, frog = setup("Werewolf", "Frog", hand_b=["Hoggan"])
    hoggan = t.find(1, "Hoggan", InstZone.hand)
    frog_hp = t.hp(frog)
    attack(t, 6, 5, 3, 3, 3, 3, 1, 1, 1, 1)  # the Werewolf hits Hoggan for 9; Hoggan (4d6+5) hits back for 9
    assert t.used_dice() == 10
    assert t.hp(frog) == frog_hp  # the primary is not battled
    assert t.hp(wolf) == 70 - 9
    assert t.zone(hoggan) == InstZone.cemetery  # after the battle
    assert [e for e in t.events(Event.limited_summon) if e[3] == hoggan]


def test_hoggan_killed_in_the_battle_goes_to_the_cemetery_and_the_primary_stays():
    t, wolf, frog = setup("Werewolf", "Frog", hand_b=["Hoggan"])
    hoggan = t.find(1, "Hoggan", InstZone.hand)
    attack(t, 6, 6, 6, 6)  # a critical hit: 2 x 15, Hoggan's 20 HP are gone before it strikes
    assert t.zone(hoggan) == InstZone.cemetery and t.primary_name(1) == "Frog"
    assert t.hp(wolf) == 70


# ---------------------------------------------------------------- Gremlin


def test_gremlin_is_placed_only_once_the_primary_has_left_and_is_a_magic_card_off_the_field():
    # docs/rulings.md, gremlin
    t, wolf, _ = setup("Werewolf", "Frog", hand_a=["Gremlin"])
    gremlin = t.find(0, "Gremlin", InstZone.hand)
    assert gremlin not in summon_costs(t)  # no standard summon
    t.act(K.kill_primary)  # the Werewolf leaves the field: the Gremlin takes its place
    assert t.zone(wolf) == InstZone.cemetery and t.primary_name(0) == "Gremlin"
    field.kill_nb(*t.args[:5], t.glob, t.decks, gremlin, -1, False, t.rng, t.trace)
    assert t.zone(gremlin) == InstZone.cemetery and t.cemetery_hp(0) == 70  # the Werewolf's only


# ---------------------------------------------------------------- Shard Titan


def test_shard_titan_is_summoned_only_on_a_cosmic_primary_with_strange_jewel_and_is_magic_off_the_field():
    # docs/rulings.md, shard-titan
    t, harpy, _ = setup("Harpy", "Frog", hand_a=["Shard Titan", "Strange Jewel"])
    titan = t.find(0, "Shard Titan", InstZone.hand)
    assert titan not in summon_costs(t)  # a Cosmic primary, but no Strange Jewel
    t.play("Strange Jewel", OWN)
    assert titan in summon_costs(t)
    t.act(K.summon, titan)  # AL 7: the Harpy is its sacrifice
    assert t.primary_name(0) == "Shard Titan" and t.zone(harpy) == InstZone.cemetery
    assert t.cemetery_hp(0) == 30
    field.kill_nb(*t.args[:5], t.glob, t.decks, titan, -1, False, t.rng, t.trace)
    assert t.zone(titan) == InstZone.cemetery and t.cemetery_hp(0) == 30  # a magic card off the field


def test_shard_titan_needs_a_cosmic_primary():
    t, _, _ = setup("Werewolf", "Frog", hand_a=["Shard Titan", "Strange Jewel"])
    t.play("Strange Jewel", OWN)
    assert t.find(0, "Shard Titan", InstZone.hand) not in summon_costs(t)


# ---------------------------------------------------------------- Possessed Dummy


def test_possessed_dummy_takes_the_opponents_dead_primary_until_its_own_primary_leaves():
    # docs/rulings.md, possessed-dummy
    t, wolf, ogre = setup("Werewolf", "Ogre", hand_a=["Possessed Dummy", "Goblin"], hand_b=["Kobold"])
    dummy = t.find(0, "Possessed Dummy", InstZone.hand)
    t.fighters[ogre, F.hp] = 5
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # the Werewolf kills the Ogre: the Dummy answers
    assert t.zone(ogre) == InstZone.limited and t.inst[ogre, IC.controller] == 0
    assert t.inst[ogre, IC.anchor] == dummy and t.inst[dummy, IC.attached_to] == ogre
    assert t.cemetery_hp(1) == 0  # the Ogre's HP left their cemetery with it
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    t.act(K.kill_primary)  # the Werewolf leaves: the Ogre goes back to its owner's cemetery
    assert t.zone(ogre) == InstZone.cemetery and t.inst[ogre, IC.owner] == 1
    assert t.zone(dummy) == InstZone.cemetery


def test_possessed_dummy_takes_a_creature_the_opponent_sacrifices():
    # docs/rulings.md, possessed-dummy: a sacrifice sends the creature to its player's cemetery
    t, goblin, _ = setup("Goblin", "Werewolf", hand_a=["M.O.O.N. Sgt."], hand_b=["Possessed Dummy"])
    dummy = t.find(1, "Possessed Dummy", InstZone.hand)
    t.act(K.summon, t.find(0, "M.O.O.N. Sgt.", InstZone.hand))  # AL 7: the Goblin is its sacrifice
    assert t.zone(goblin) == InstZone.limited and t.inst[goblin, IC.controller] == 1
    assert t.inst[goblin, IC.anchor] == dummy and t.inst[dummy, IC.attached_to] == goblin
    assert t.cemetery_hp(0) == 0


def test_possessed_dummy_pays_old_logging_roads_toll_as_any_magic_card_played():
    # ruling magic-toll: every magic card played costs the toll, a Lightning answer included
    t, goblin, wolf = setup(
        "Goblin", "Werewolf", hand_a=["M.O.O.N. Sgt."], hand_b=["Possessed Dummy", "Old Logging Road"]
    )
    cast(t, 1, "Old Logging Road")
    assert t.hp(wolf) == CAT["Werewolf"].hp  # it was not on the field yet
    t.act(K.summon, t.find(0, "M.O.O.N. Sgt.", InstZone.hand))
    assert t.zone(goblin) == InstZone.limited and t.hp(wolf) == CAT["Werewolf"].hp - 5


def test_possessed_dummy_is_not_played_while_steam_angel_bars_its_rarity():
    # Steam Angel: "the following rarity cards cannot be played", a Lightning answer included
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Possessed Dummy"], hand_b=["Kobold"] * 8, deck_b=["Kobold"])
    dummy = t.find(0, "Possessed Dummy", InstZone.hand)
    t.players[1, PlayerCol.rarity_blocked] = 1 << int(t.cards[t.inst[dummy, InstCol.card], CardCol.rarity])
    t.players[1, PlayerCol.rarity_blocked_until] = t.glob[GlobCol.turn] + 2
    t.on_top(1, "Kobold")
    t.end_turn()
    t.begin_turn()  # the Ogre's player discards a Kobold at the hand limit: no Dummy answers
    assert t.zone(dummy) == InstZone.hand and t.cemetery_hp(1) == CAT["Kobold"].hp


def test_possessed_dummy_takes_a_creature_the_opponent_discards():
    # docs/rulings.md, possessed-dummy: the hand limit's discard sends the creature to their cemetery
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Possessed Dummy"], hand_b=["Kobold"] * 8, deck_b=["Kobold"])
    dummy = t.find(0, "Possessed Dummy", InstZone.hand)
    t.on_top(1, "Kobold")
    t.end_turn()
    t.begin_turn()  # the Ogre's player draws a ninth card and discards a Kobold: the Dummy answers
    (kobold,) = held_by(t, dummy)
    assert CAT.cards[t.inst[kobold, IC.card]].name == "Kobold" and t.inst[kobold, IC.controller] == 0
    assert t.inst[dummy, IC.attached_to] == kobold and t.cemetery_hp(1) == 0


def test_possessed_dummy_does_not_answer_the_creature_another_dummy_returns():
    # docs/rulings.md, possessed-dummy: a creature its hold returns was not sent by its player
    t, _, ogre = setup(
        "Werewolf", "Ogre", hand_a=["Possessed Dummy", "Possessed Dummy"], hand_b=["Dragon Fire", "Kobold"]
    )
    t.fighters[ogre, F.hp] = 5
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # the Werewolf kills the Ogre: a Dummy takes it
    (first,) = [d for d in range(t.inst.shape[0]) if t.inst[d, IC.attached_to] == ogre]
    second = t.find(0, "Possessed Dummy", InstZone.hand)
    cast(t, 1, "Dragon Fire")  # the first Dummy is destroyed: the Ogre goes back to its cemetery
    assert t.zone(first) == InstZone.cemetery and t.zone(ogre) == InstZone.cemetery
    assert t.zone(second) == InstZone.hand  # the second Dummy does not take it again


def test_possessed_dummy_negated_leaves_the_creature_in_its_cemetery():
    # docs/rulings.md, possessed-dummy: a Lightning card, so the opponent may answer it
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Possessed Dummy"], hand_b=["Goblin Tricks", "Kobold"])
    dummy = t.find(0, "Possessed Dummy", InstZone.hand)
    tricks = t.find(1, "Goblin Tricks", InstZone.hand)
    t.fighters[ogre, F.hp] = 5
    freeze(t, ogre)
    attack(t, 6, 5, 1, 1)  # the Werewolf kills the Ogre: the Dummy answers, Goblin Tricks negates it
    assert t.zone(tricks) == InstZone.cemetery and t.zone(dummy) == InstZone.cemetery
    assert t.inst[ogre, IC.owner] == 1 and t.cemetery_hp(1) == 90  # the Ogre stays in its cemetery
    assert any(e[3] == dummy for e in t.events(Event.negated))


def test_possessed_dummy_is_answered_by_ancient_book():
    # docs/rulings.md, ancient-book: the Dummy is a Lightning card its opponent plays
    t, goblin, _ = setup("Goblin", "Werewolf", hand_a=["M.O.O.N. Sgt.", "Ancient Book"], hand_b=["Possessed Dummy"])
    book = t.find(0, "Ancient Book", InstZone.hand)
    sgt = t.find(0, "M.O.O.N. Sgt.", InstZone.hand)
    t.act(K.summon, sgt)  # the Goblin is its sacrifice: the Dummy takes it, the Book answers the Dummy
    assert t.zone(goblin) == InstZone.limited and t.inst[goblin, IC.controller] == 1  # the Dummy still acts
    assert t.zone(book) == InstZone.magic and t.inst[book, IC.attached_to] == sgt


def test_possessed_dummy_answered_by_a_card_that_kills_settles_that_death():
    # docs/rulings.md, possessed-dummy: Lightning Strike negates the Dummy and its 20 damage
    # kills the Dummy's player's primary, which goes to the cemetery and is replaced at once
    t, goblin, wolf = setup(
        "Goblin", "Werewolf", hand_a=["M.O.O.N. Sgt.", "Lightning Strike"], hand_b=["Possessed Dummy", "Kobold"]
    )
    dummy = t.find(1, "Possessed Dummy", InstZone.hand)
    t.fighters[wolf, F.hp] = 15
    t.act(K.summon, t.find(0, "M.O.O.N. Sgt.", InstZone.hand))  # the Goblin is its sacrifice
    assert t.zone(dummy) == InstZone.cemetery and t.zone(goblin) == InstZone.cemetery
    assert t.zone(wolf) == InstZone.cemetery
    assert CAT.cards[t.inst[t.players[1, PC.primary], IC.card]].name == "Kobold"
