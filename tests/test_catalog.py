"""The catalog: counts, unique names, stats as printed, validation errors that name file/card/field."""

import textwrap

import pytest

from wardsim.catalog import Catalog, CatalogError, default_catalog
from wardsim.kernel.enums import CardCol, CardType, CreatureType, MagicType

CAT = default_catalog()


def test_catalog_counts_per_generation():
    counts = {label: sum(v.values()) for label, v in CAT.coverage().items()}
    assert counts == {"1": 151, "2": 151, "3": 151, "promo": 22}
    assert len(CAT) == 475


def test_card_types_per_generation():
    creatures = {g: sum(c.is_creature for c in CAT.generation(g)) for g in (1, 2, 3, 0)}
    assert creatures == {1: 84, 2: 74, 3: 77, 0: 19}


def test_names_are_unique_ignoring_case():
    names = [c.name.casefold() for c in CAT]
    assert len(names) == len(set(names))


def test_card_numbers_run_1_to_151_in_each_generation():
    for gen in (1, 2, 3):
        assert sorted(c.number for c in CAT.generation(gen)) == list(range(1, 152))


@pytest.mark.parametrize(
    "name, gen, al, spd, hp, dice, mod, ctype",
    [
        ("Grizzly Bear", 1, 7, 8, 70, 2, 5, "beast"),
        ("The Creator", 1, 12, 12, 150, 10, 10, "cosmic"),
        ("Assassin", 1, 1, 12, 10, 3, 5, "humanoid"),
        ("Manticore", 1, 11, 13, 110, 3, 3, "beast"),
        ("Knight", 1, 8, 5, 50, 2, 3, "humanoid"),
        ("Water Eleotoid", 2, None, None, None, 3, 1, None),
        ("Snow Man", 2, 6, None, None, None, None, None),
        ("Zanj the Hunter", 0, None, None, None, None, None, None),
    ],
)
def test_spot_check_stats(name, gen, al, spd, hp, dice, mod, ctype):
    card = CAT[name]
    assert card.generation == gen and card.is_creature
    for field, want in (
        ("armor_level", al),
        ("speed", spd),
        ("hp", hp),
        ("attack_dice", dice),
        ("modifier", mod),
        ("creature_type", ctype),
    ):
        if want is not None:
            assert getattr(card, field) == want, field


def test_gen3_dinosaur_and_mechanical_types_are_normalised():
    types = {c.creature_type for c in CAT if c.is_creature}
    assert "dinosaur" not in types and "mechanical" not in types
    assert {"dino", "mech"} <= types


def test_magic_types_and_subtypes():
    assert CAT["Minotaur Bodyguard"].magic_type == "battle_lightning"
    assert (CAT["Knight Armor"].magic_type, CAT["Knight Armor"].magic_subtype) == ("infinite", "equip")
    assert (CAT["Mind Sap"].magic_type, CAT["Mind Sap"].magic_subtype) == ("lightning", "equip")
    assert CAT["Dragon's Bane"].magic_subtype == "field"


def test_lookup_is_case_insensitive_and_suggests_near_names():
    assert CAT["grizzly BEAR"].name == "Grizzly Bear"
    with pytest.raises(KeyError, match="Grizzly Bear"):
        CAT["Grizly Bear"]


def test_compiled_tables_carry_the_stats():
    t = CAT.tables()
    row = t.cards[CAT.index("Red Dragon")]
    assert row[CardCol.card_type] == CardType.creature
    assert row[CardCol.creature_type] == CreatureType.dragon
    assert (row[CardCol.armor_level], row[CardCol.speed], row[CardCol.hp]) == (10, 10, 100)
    assert (row[CardCol.attack_dice], row[CardCol.modifier]) == (2, 7)
    magic = t.cards[CAT.index("Knight Armor")]
    assert magic[CardCol.magic_type] == MagicType.infinite
    assert magic[CardCol.creature_type] == -1
    # every card's effect rows are contiguous and point back at it
    for i, r in enumerate(t.cards):
        rows = t.effects[r[CardCol.effect_start] : r[CardCol.effect_start] + r[CardCol.effect_count]]
        assert (rows[:, 0] == i).all()


def test_artwork_tags_are_in_the_bitmask():
    t = CAT.tables()
    wings = 1 << t.tag_bits["wings"]
    assert t.cards[CAT.index("Blue Dragon")][CardCol.tags] & wings
    assert not t.cards[CAT.index("Knight")][CardCol.tags] & wings


def _write_catalog(tmp_path, body: str):
    for name in ("gen1.toml", "gen2.toml", "gen3.toml", "promos.toml"):
        (tmp_path / name).write_text("")
    (tmp_path / "gen1.toml").write_text(textwrap.dedent(body))
    return tmp_path


GOOD = """
[[card]]
number = 1
name = "Test Beast"
rarity = "common"
type = "creature"
creature_type = "beast"
armor_level = 5
speed = 5
hp = 50
attack = "Bite"
attack_dice = 1
modifier = 1
artwork = []
effect_status = "none"
"""


def test_a_valid_custom_catalog_loads(tmp_path):
    cat = Catalog.load(_write_catalog(tmp_path, GOOD))
    assert cat["test beast"].hp == 50


@pytest.mark.parametrize(
    "change, field",
    [
        (("hp = 50", 'hp = "fifty"'), "hp"),
        (("armor_level = 5", "armor_level = 13"), "armor_level"),
        (('creature_type = "beast"', 'creature_type = "robot"'), "creature_type"),
        (("speed = 5\n", ""), "speed"),
        (('effect_status = "none"', 'effect_status = "unmodeled"'), "reason"),
        (
            (
                'effect_status = "none"',
                'effect_status = "modeled"\n[[card.effect]]\ntrigger = "on_hit"\n'
                'action = "dot"\ntarget = "struck"\namount = 10',
            ),
            "duration",
        ),
        (
            (
                'effect_status = "none"',
                'effect_status = "modeled"\n[[card.effect]]\ntrigger = "when_ever"\naction = "dot"',
            ),
            "trigger",
        ),
    ],
)
def test_malformed_entry_names_file_card_and_field(tmp_path, change, field):
    body = GOOD.replace(*change)
    with pytest.raises(CatalogError) as err:
        Catalog.load(_write_catalog(tmp_path, body))
    message = str(err.value)
    assert "gen1.toml" in message and "Test Beast" in message and field in message


def test_duplicate_names_are_rejected(tmp_path):
    with pytest.raises(CatalogError, match="duplicates"):
        Catalog.load(_write_catalog(tmp_path, GOOD + GOOD.replace("number = 1", "number = 2")))


def test_invalid_toml_names_the_file(tmp_path):
    with pytest.raises(CatalogError, match="gen1.toml: not valid TOML"):
        Catalog.load(_write_catalog(tmp_path, "[[card]\nname = 1"))
