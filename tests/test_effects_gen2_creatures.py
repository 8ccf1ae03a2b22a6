"""Generation 2 creatures whose text reaches past a plain battle, one test per card behaviour,
played through the game kernel with the table of `tests/gamekit.py` and scripted dice, as in
`tests/test_effects_gen2_zones.py`.
"""

import pytest
from test_game_cards import attack, freeze, setup


# ---------------------------------------------------------------- Spino


@pytest.mark.parametrize("target, hp_left", [("Werecroc", 90 - 2 * 15), ("Ogre", 90 - 15)])
def test_spino_inflicts_2x_atk_damage_on_creatures_in_or_near_water(target, hp_left):
    # docs/rulings.md, spino: "in or near water" is the artwork tag water (the Werecroc's)
    t, _, other = setup("Spino", target)
    freeze(t, other)
    attack(t, 6, 5, 5, 5)  # a hit; 5 + 5 + 5 = 15 Atk damage
    assert t.hp(other) == hp_left
