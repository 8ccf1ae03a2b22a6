"""Generation 2 answers and foresight: a Lightning card that turns the opponent's healing into
damage, a creature that negates one attack or one magic card while on the field, and a card
that shows both players the top of the opponent's deck and lets its player order it.

One test per card (or ruling), played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`).
"""

from gamekit import CAT, Event, InstZone
from test_game_cards import attack, cast, freeze, setup

from wardsim.kernel.bots.search import determinize_nb
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.enums import GlobCol, InstCol, PlayerCol, SeenBit
from wardsim.kernel.rng import new_rng

F = FighterCol
G = GlobCol

# ---------------------------------------------------------------- Poisoned Potion


def test_poisoned_potion_turns_the_opponents_healing_into_damage():
    # ruling poisoned-potion: the healing card resolves, its 30 HP of healing hurt instead
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Poisoned Potion"], hand_b=["Health Potion"])
    poison = t.find(0, "Poisoned Potion", InstZone.hand)
    heal = t.find(1, "Health Potion", InstZone.hand)
    t.fighters[ogre, F.hp] = 50
    cast(t, 1, "Health Potion")
    assert t.hp(ogre) == 50 - 30
    assert t.zone(poison) == InstZone.cemetery and t.zone(heal) == InstZone.cemetery
    assert [e[3] for e in t.events(Event.response)] == [poison]


def test_poisoned_potion_can_be_answered_in_turn():
    # it is a Lightning card in the response chain: Scroll of Silence negates it, the heal stands
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Poisoned Potion"], hand_b=["Health Potion", "Scroll of Silence"])
    t.fighters[ogre, F.hp] = 50
    cast(t, 1, "Health Potion")
    assert t.hp(ogre) == 50 + 30
    assert t.zone(t.find(0, "Poisoned Potion", None)) == InstZone.cemetery


def test_poisoned_potion_is_kept_for_a_heal_that_matters():
    # the bots spend it on 10 HP of healing or more, not on Troll Regeneration's first 5
    t, _, ogre = setup("Werewolf", "Ogre", hand_a=["Poisoned Potion"], hand_b=["Troll Regeneration"])
    poison = t.find(0, "Poisoned Potion", InstZone.hand)
    t.fighters[ogre, F.hp] = 50
    cast(t, 1, "Troll Regeneration", target=0)
    assert t.zone(poison) == InstZone.hand and t.hp(ogre) == 55


# ---------------------------------------------------------------- Hands of Fate


def test_hands_of_fate_orders_the_top_5_of_the_opponents_deck_known_to_both_players():
    # ruling hands-of-fate: the 5 cards are known where they lie; the card the opponent can use
    # least (Dark Lord needs 2 sacrifices, they have 1 creature) is drawn first
    top = ["Goblin", "Werewolf", "Ignite", "Dark Lord", "Health Potion"]
    t, _, _ = setup("Werewolf", "Ogre", hand_a=["Hands of Fate"], deck_b=top)
    t.on_top(1, *top)
    t.play("Hands of Fate")
    n = t.players[1, PlayerCol.deck_n]
    shown = [int(t.decks[1, n - 1 - k]) for k in range(5)]
    assert sorted(CAT.cards[t.inst[i, InstCol.card]].name for i in shown) == sorted(top)
    assert CAT.cards[t.inst[shown[0], InstCol.card]].name == "Dark Lord"
    assert all(t.inst[i, InstCol.seen] & SeenBit.known_in_deck for i in shown)
    assert len(t.events(Event.deck_order)) == 5
    faces = [t.inst[i, InstCol.card] for i in shown]
    for seed in range(5):  # the search's deals, for either player, leave them where they are
        for me in (0, 1):
            inst = t.inst.copy()
            determinize_nb(inst, me, new_rng(seed, 0))
            assert [inst[i, InstCol.card] for i in shown] == faces
    t.end_turn()
    t.begin_turn()  # the opponent draws the first of them: a card both players know
    assert t.zone(shown[0]) == InstZone.hand
    assert t.inst[shown[0], InstCol.seen] & SeenBit.public
    assert not t.inst[shown[0], InstCol.seen] & SeenBit.known_in_deck


# ---------------------------------------------------------------- Bunnysaurus


def test_bunnysaurus_negates_one_attack_against_it_once_while_on_the_field():
    # ruling bunnysaurus: spent on the Ogre's strike (3d6+3), the first strike of the battle
    t, _, bunny = setup("Ogre", "Bunnysaurus")
    freeze(t, bunny)
    attack(t)  # the Ogre's strike is negated before its Hit roll: no dice
    assert t.hp(bunny) == 40 and t.used_dice() == 0
    assert t.inst[bunny, InstCol.spent_at] == t.inst[bunny, InstCol.arrival]
    t.end_turn()
    t.pass_turn()
    t.begin_turn()
    attack(t, 6, 5, 1, 1, 1)  # spent: the next attack lands (3 + 3)
    assert t.hp(bunny) == 40 - 6


def test_bunnysaurus_keeps_its_negation_for_a_real_threat():
    # the bots do not spend it on a Goblin's 1d6
    t, _, bunny = setup("Goblin", "Bunnysaurus")
    freeze(t, bunny)
    attack(t, 6, 5, 2)
    assert t.hp(bunny) == 40 - 2
    assert t.inst[bunny, InstCol.spent_at] != t.inst[bunny, InstCol.arrival]


def test_bunnysaurus_negates_a_magic_card_when_played_instead():
    t, _, bunny = setup("Werewolf", "Bunnysaurus", hand_a=["Terrifying Roar"])
    roar = t.play("Terrifying Roar")  # it would take the Bunnysaurus off the field
    assert t.zone(roar) == InstZone.cemetery and t.zone(bunny) == InstZone.primary
    assert t.inst[bunny, InstCol.spent_at] == t.inst[bunny, InstCol.arrival]
    assert [e[3] for e in t.events(Event.response)] == [bunny]
