"""Deck files and format legality (DESIGN.md ruling 1; rules guide: Building your deck, Limited/Banned)."""

from pathlib import Path

import pytest

from wardsim.catalog import default_catalog
from wardsim.decks import DeckError, load_deck, parse_deck
from wardsim.formats import get_format, load_formats

DECKS = sorted((Path(__file__).parent.parent / "decks").glob("*.txt"))
FILLER = "3 Goblin\n3 Dwarf\n3 Owl\n3 Rodent\n3 Frog\n3 Harpy\n3 Kobold\n3 Demon\n"  # 24 cards


def deck_file(tmp_path, text, name="deck.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def problems_of(tmp_path, text, fmt="official"):
    with pytest.raises(DeckError) as err:
        load_deck(deck_file(tmp_path, text), fmt)
    return err.value.lines()


def test_at_least_eight_bundled_decks_are_legal_and_distinct():
    assert len(DECKS) >= 8
    contents = set()
    for path in DECKS:
        deck = load_deck(path)
        assert deck.size == 30
        assert deck.plan, f"{path.name} must open with a comment that states its plan"
        assert all(c.generation == 1 for c, _ in deck.cards)
        contents.add(frozenset((c.name, n) for c, n in deck.cards))
    assert len(contents) == len(DECKS)


def test_deck_lines_accept_count_name_and_count_x_name(tmp_path):
    text = "# plan\n3 Goblin\n3x Dwarf\n  3X Owl   # comment\n\n" + FILLER.split("\n", 3)[3] + "3 Werewolf\n3 Orc\n"
    deck = load_deck(deck_file(tmp_path, text))
    assert deck.size == 30 and deck.plan == "plan"
    assert dict((c.name, n) for c, n in deck.cards)["Owl"] == 3


def test_copies_on_several_lines_add_up(tmp_path):
    lines = problems_of(tmp_path, "2 Goblin\n2 goblin\n" + FILLER.split("\n", 1)[1] + "2 Orc\n")
    assert any(":1: too many copies of Goblin: at most 3, the deck has 4" in line for line in lines)


def test_unknown_card_names_the_line_and_the_closest_names(tmp_path):
    lines = problems_of(tmp_path, FILLER + "3 Grizly Bear\n3 Orc\n")
    assert any(":9: unknown card 'Grizly Bear'; did you mean 'Grizzly Bear'" in line for line in lines)


def test_more_than_three_copies_is_illegal(tmp_path):
    lines = problems_of(tmp_path, FILLER + "4 Orc\n2 Elf\n")
    assert any("too many copies of Orc: at most 3, the deck has 4" in line for line in lines)


def test_limited_card_allows_one_copy_in_official(tmp_path):
    text = FILLER + "2 Angel\n3 Orc\n1 Elf\n"
    lines = problems_of(tmp_path, text)
    assert any("Angel is limited in the official format: at most 1 copy, the deck has 2" in line for line in lines)
    assert load_deck(deck_file(tmp_path, text), "casual").size == 30


def test_banned_card_is_illegal_in_official_only(tmp_path):
    # the list bans "Time Dragon"; the catalog spells that card "Dragon of Time" (formats.toml)
    text = FILLER + "1 Dragon of Time\n3 Orc\n2 Elf\n"
    lines = problems_of(tmp_path, text)
    assert any("Dragon of Time is banned in the official format" in line for line in lines)
    assert load_deck(deck_file(tmp_path, text), "casual").size == 30


def test_promo_cards_are_limited_to_one_copy(tmp_path):
    lines = problems_of(tmp_path, FILLER + "2 Zanj the Hunter\n3 Orc\n1 Elf\n")
    assert any("Zanj the Hunter is a promo card: at most 1 copy, the deck has 2" in line for line in lines)


def test_wrong_size_gives_the_count(tmp_path):
    lines = problems_of(tmp_path, FILLER + "3 Orc\n")
    assert any("a deck must have exactly 30 cards; this one has 27" in line for line in lines)


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    lines = problems_of(tmp_path, "4 Orc\nthree goblins\n2 Angel\n1 Grizly Bear\n")
    assert len(lines) == 5  # too many, unreadable line, limited, unknown, wrong size
    assert [line.split(":")[1] for line in lines[:4]] == ["1", "2", "3", "4"]


def test_a_deck_without_creatures_is_illegal(tmp_path):
    text = (
        "3 Knight Armor\n3 Hero Shield\n3 Magic Belt\n3 Lucky Charm\n3 Magic Ring\n3 Epic Boots\n"
        "3 Epic Helm\n3 Epic Ring\n3 Sword of the Grove\n3 Mounted Assault\n"
    )
    assert any("no creature" in line for line in problems_of(tmp_path, text))


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DeckError, match="cannot read the file"):
        load_deck(tmp_path / "nope.txt")


def test_official_list_matches_the_rules_guide():
    official = get_format("official")
    assert len(official.limited) == 15
    assert {"Angel", "Stone Golem", "Turncoat", "Watcher in the Wall"} <= official.limited
    assert official.banned == {"Dragon of Time"}
    casual = get_format("casual")
    assert not casual.limited and not casual.banned


def test_unknown_format_lists_the_known_ones():
    with pytest.raises(ValueError, match="official"):
        get_format("modern")
    assert set(load_formats()) == {"official", "casual"}


def test_deck_as_catalog_rows():
    deck, problems = parse_deck("3 Goblin\n1 Orc\n")
    assert not problems
    catalog = default_catalog()
    goblin, orc = catalog.index("Goblin"), catalog.index("Orc")
    assert deck.card_indices().tolist() == [goblin, goblin, goblin, orc]  # one entry per copy
