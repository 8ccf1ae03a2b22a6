"""Generation 2 answers and foresight: a Lightning card that turns the opponent's healing into
damage, a creature that negates one attack or one magic card while on the field, and a card
that shows both players the top of the opponent's deck and lets its player order it.

One test per card (or ruling), played through the game kernel with the table of
`tests/gamekit.py` and scripted dice (the dice order is in `wardsim.kernel.duel.battle`).
"""

from gamekit import Event, InstZone
from test_game_cards import cast, setup

from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game.enums import GlobCol

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
