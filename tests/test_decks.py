"""Deck files and format legality (DESIGN.md ruling 1; rules guide: Building your deck, Limited/Banned)."""

import os
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
        # a bundled deck holds only cards the engine plays in full
        assert all(c.effect_status in ("modeled", "none") for c, _ in deck.cards), path.name
        contents.add(frozenset((c.name, n) for c, n in deck.cards))
    assert len(contents) == len(DECKS)


def test_two_bundled_decks_are_gen2_and_one_mixes_gen1_and_gen2():
    generations = [frozenset(c.generation for c, _ in load_deck(path).cards) for path in DECKS]
    assert generations.count(frozenset({2})) >= 2
    assert generations.count(frozenset({1, 2})) >= 1


def test_two_bundled_decks_are_gen3_and_one_mixes_every_generation_and_the_promos():
    generations = [frozenset(c.generation_label for c, _ in load_deck(path).cards) for path in DECKS]
    assert generations.count(frozenset({"3"})) >= 2
    assert generations.count(frozenset({"1", "2", "3", "promo"})) >= 1


def test_deck_lines_accept_count_name_and_count_x_name(tmp_path):
    text = "# plan\n3 Goblin\n3x Dwarf\n  3X Owl   # comment\n\n" + FILLER.split("\n", 3)[3] + "3 Werewolf\n3 Orc\n"
    deck = load_deck(deck_file(tmp_path, text))
    assert deck.size == 30 and deck.plan == "plan"
    assert dict((c.name, n) for c, n in deck.cards)["Owl"] == 3


def test_a_card_number_in_a_name_is_not_a_comment():
    # Subject #4212 and Subject #149: a '#' followed by a digit belongs to the name
    deck, problems = parse_deck("#3 Subject cards\n2 Subject #4212  # the plan's star\n1 subject #149\n")
    assert problems == [] and deck.plan == "3 Subject cards"
    assert [(c.name, n) for c, n in deck.cards] == [("Subject #4212", 2), ("Subject #149", 1)]


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


def test_a_deck_saved_by_any_editor_reads_the_same(tmp_path):
    # UTF-8 with a byte order mark (Notepad), CRLF or CR line endings, tabs, trailing spaces
    text = "# plan\n3 Goblin\n3x Dwarf\n" + FILLER.split("\n", 2)[2] + "3 Werewolf\n3 Orc\n"
    plain = load_deck(deck_file(tmp_path, text, "plain.txt"))
    variants = {
        "bom.txt": b"\xef\xbb\xbf" + text.encode(),
        "crlf.txt": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(),
        "cr.txt": text.replace("\n", "\r").encode(),
        "tabs.txt": text.replace(" ", "\t", 1).replace("\n", "  \t\n").encode(),
    }
    for name, raw in variants.items():
        (tmp_path / name).write_bytes(raw)
        deck = load_deck(tmp_path / name)
        assert deck.cards == plain.cards and deck.plan == "plan", name


def test_a_binary_or_non_utf8_file_is_refused_by_name_and_line(tmp_path):
    (tmp_path / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(DeckError) as err:
        load_deck(tmp_path / "image.txt")
    assert err.value.lines() == [
        f"{tmp_path / 'image.txt'}:3: not a deck file: binary data (a NUL byte); "
        "a deck file is plain text (UTF-8), one 'COUNT NAME' per line"
    ]
    (tmp_path / "latin1.txt").write_bytes("# plan\n3 Goblin\n3 Kobold \xe9lite\n".encode("latin-1"))
    with pytest.raises(DeckError, match=r"latin1.txt:3: not UTF-8 text \(byte 0xe9\); save the deck as UTF-8"):
        load_deck(tmp_path / "latin1.txt")
    with pytest.raises(DeckError, match="cannot read the file: Is a directory"):
        load_deck(tmp_path)


def test_a_file_name_that_is_not_utf8_still_names_the_deck(tmp_path):
    text = (Path(__file__).parent.parent / "decks" / "dragons.txt").read_bytes()
    path = os.fsdecode(bytes(tmp_path) + b"/\xfe dragons.txt")  # what a POSIX argv gives for such a name
    Path(path).write_bytes(text)
    assert load_deck(path).name == "\ufffd dragons"


def test_absurd_lines_get_short_answers(tmp_path):
    text = "9" * 5000 + " Goblin\n3 " + "x" * 10_000 + "\n" + "1 Nobody\n" * 100
    lines = problems_of(tmp_path, text)
    assert ":1: count 999999... is more copies than a deck holds" in lines[0]
    assert lines[1].endswith(":2: unknown card '" + "x" * 60 + "'...")
    assert len(lines) == 31 and lines[-1].endswith("... and 73 more problems")


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
