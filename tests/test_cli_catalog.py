"""`wardsim cards` and `wardsim deck check` as a user runs them."""

import json
from pathlib import Path

from typer.testing import CliRunner

from wardsim.cli import app

runner = CliRunner()
DECKS = sorted(str(p) for p in (Path(__file__).parent.parent / "decks").glob("*.txt"))
KEYS = {
    "name",
    "generation",
    "card_type",
    "armor_level",
    "speed",
    "hp",
    "attack_dice",
    "modifier",
    "rarity",
    "creature_type",
    "magic_type",
    "effect_status",
}


def test_cards_json_lists_every_card_with_the_required_keys():
    result = runner.invoke(app, ["cards", "--json"])
    assert result.exit_code == 0
    cards = json.loads(result.stdout)
    assert len(cards) == 475
    assert all(KEYS <= set(c) for c in cards)
    bear = next(c for c in cards if c["name"] == "Grizzly Bear")
    assert (bear["armor_level"], bear["speed"], bear["hp"], bear["card_type"]) == (7, 8, 70, "creature")
    armor = next(c for c in cards if c["name"] == "Knight Armor")
    assert armor["card_type"] == "magic" and armor["hp"] is None and armor["magic_type"] == "infinite"


def test_ruling_artwork_inferred_tags_guessed_from_the_creature_are_marked():
    # docs/rulings.md, artwork-inferred: of Gen 1 to Gen 3, only Blue Dragon's art is transcribed;
    # every other creature's tags (none included) are inferred and say so; the promos' tags are
    # read off their card images
    cards = json.loads(runner.invoke(app, ["cards", "--json", "--type", "creature"]).stdout)
    inferred = {c["name"] for c in cards if c["artwork_inferred"]}
    printed = {c["name"] for c in cards if c["generation"] in (1, 2, 3)}
    assert inferred == printed - {"Blue Dragon"}
    by_name = {c["name"]: c for c in cards}
    assert by_name["Dire Wolf"]["artwork"] == ["forest"] and by_name["Dire Wolf"]["artwork_inferred"] is True
    assert "fire" in by_name["Pyre Lord"]["artwork"] and "wings" in by_name["Owl God"]["artwork"]
    assert not by_name["Aqua Dragon"]["artwork_inferred"]
    spell = json.loads(runner.invoke(app, ["cards", "--json", "--name", "Knight Armor"]).stdout)[0]
    assert spell["artwork_inferred"] is None


def test_cards_filters_by_generation_and_type():
    cards = json.loads(runner.invoke(app, ["cards", "--json", "-g", "1", "--type", "magic"]).stdout)
    assert len(cards) == 67 and all(c["card_type"] == "magic" and c["generation"] == 1 for c in cards)
    promos = json.loads(runner.invoke(app, ["cards", "--json", "-g", "promo"]).stdout)
    assert len(promos) == 22


def test_cards_table_and_coverage():
    table = runner.invoke(app, ["cards", "-g", "1", "-n", "grizzly"])
    assert table.exit_code == 0 and "Grizzly" in table.stdout
    cov = json.loads(runner.invoke(app, ["cards", "--coverage", "--json"]).stdout)
    assert set(cov) == {"1", "2", "3", "promo"}
    assert cov["1"]["with_text"] == 118


def test_cards_coverage_of_one_generation_names_each_card_not_played_in_full_with_its_reason():
    cov = json.loads(runner.invoke(app, ["cards", "--coverage", "--json", "-g", "2"]).stdout)
    assert set(cov) == {"2"}
    left = cov["2"]["left"]
    assert len(left) == cov["2"]["partial"] + cov["2"]["unmodeled"] > 0
    assert all(c["effect_status"] in ("partial", "unmodeled") and c["reason"] for c in left)
    table = runner.invoke(app, ["cards", "--coverage", "-g", "2"])
    assert table.exit_code == 0 and left[0]["name"] in table.stdout


def test_cards_coverage_refuses_an_unknown_generation():
    result = runner.invoke(app, ["cards", "--coverage", "--generation", "9"])
    assert result.exit_code == 2 and "expected 1, 2, 3 or promo" in result.output


def test_deck_check_accepts_the_bundled_decks():
    result = runner.invoke(app, ["deck", "check", *DECKS])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("legal (official)") == len(DECKS)


def test_deck_check_rejects_an_illegal_deck_with_every_problem(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Orc\n2 Angel\n1 Grizly Bear\n")
    result = runner.invoke(app, ["deck", "check", str(bad)])
    assert result.exit_code == 1
    out = result.stderr
    assert "bad.txt:1: too many copies of Orc" in out
    assert "bad.txt:2: Angel is limited" in out
    assert "bad.txt:3: unknown card 'Grizly Bear'; did you mean 'Grizzly Bear'" in out
    assert "has 7" in out


def test_deck_check_casual_format_ignores_the_list(tmp_path):
    deck = tmp_path / "angels.txt"
    deck.write_text("3 Angel\n3 Orc\n3 Goblin\n3 Dwarf\n3 Owl\n3 Rodent\n3 Frog\n3 Harpy\n3 Kobold\n3 Demon\n")
    assert runner.invoke(app, ["deck", "check", str(deck)]).exit_code == 1
    assert runner.invoke(app, ["deck", "check", str(deck), "--format", "casual"]).exit_code == 0


def test_deck_check_unknown_format_is_a_usage_error():
    result = runner.invoke(app, ["deck", "check", DECKS[0], "--format", "modern"])
    assert result.exit_code == 2
