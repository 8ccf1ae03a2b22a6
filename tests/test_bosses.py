"""Boss files (Boss Battles): the bundled example bosses load, a bad file reports every problem
with its line and a fix, and a boss becomes the catalog rows and deck array the game reads."""

from __future__ import annotations

import json
import textwrap

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wardsim.bosses import (
    MAX_BOSS_DECK,
    Boss,
    BossError,
    BossProblem,
    bundled_bosses,
    check_boss,
    load_boss,
)
from wardsim.catalog import default_catalog
from wardsim.cli import app
from wardsim.effects import EffectError, parse_effect
from wardsim.kernel.enums import Action, CardCol, CardType, EffectCol
from wardsim.rules import DECK_SIZE

runner = CliRunner()

BREAK_FREE = """
[[card]]
name = "Break Free"
rarity = "legendary"
type = "magic"
magic_type = "standard"
magic_subtype = "none"
effect_status = "modeled"

[[card.effect]]
trigger = "on_play"
action = "break_free"
target = "self"
"""


def boss_text(deck: str = '[[deck]]\ncard = "Ignite"\ncount = 3\n', boss: str = "", cards: str = BREAK_FREE) -> str:
    head = '[boss]\nname = "Test Titan"\nbase = "Omega Titan"\nhp = 250\n'
    return head + textwrap.dedent(boss) + "\n" + textwrap.dedent(deck) + textwrap.dedent(cards)


def write(tmp_path, text: str, name: str = "boss.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def line_of(path, text: str) -> int:
    """The line of the file that holds `text` (1-based)."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def problems_by_line(path) -> dict[int, list[BossProblem]]:
    found: dict[int, list[BossProblem]] = {}
    for problem in check_boss(path):
        found.setdefault(problem.line, []).append(problem)
    return found


# ---------------------------------------------------------------- the bundled example bosses


@pytest.mark.parametrize("path", bundled_bosses(), ids=lambda p: p.stem)
def test_each_bundled_boss_loads_and_checks_clean(path):
    assert check_boss(path) == []
    boss = load_boss(path)
    catalog = default_catalog()
    assert boss.example, "no official boss decks are published: a bundled boss is an example"
    assert "example boss" in path.read_text().splitlines()[0]
    assert boss.name not in catalog and boss.creature.is_creature and boss.creature.hp == boss.hp
    assert 15 <= boss.deck_size <= MAX_BOSS_DECK
    assert all(not card.is_creature for card in boss.deck_cards)
    assert dict(boss.deck)["Break Free"] == 2
    assert [c.name for c in boss.cards] == ["Break Free"]
    assert boss.not_modeled() == []


def test_the_bundled_bosses_are_built_on_the_boss_edition_promos():
    catalog = default_catalog()
    bases = {}
    for path in bundled_bosses():
        boss = load_boss(path)
        (base,) = [c for c in catalog if c.is_creature and boss.name.startswith(c.name)]
        bases[path.stem] = base.name
        assert base.is_promo and boss.creature.armor_level == base.armor_level
        assert boss.creature.effects == base.effects and boss.creature.attack == base.attack
    assert bases == {"dragon_of_time": "Dragon of Time", "moon_owl": "Moon Owl", "omega_titan": "Omega Titan"}


def test_the_bundled_decks_play_at_once_and_need_no_hand():
    # the boss has no hand and plays each card as it draws it (Boss Battles, Deck rules):
    # no Lightning card, which waits for something to answer, and no card that costs a discard
    storms = 0
    for path in bundled_bosses():
        boss = load_boss(path)
        storms += "Cosmic Storm" in dict(boss.deck)
        for card in boss.deck_cards:
            assert card.magic_type in ("standard", "infinite"), card.name
            assert not any(e.action in ("discard_cost", "discard") for e in card.effects), card.name
            assert not any(e.scale == "hand_named" for e in card.effects), card.name
    assert storms >= 2


def test_the_summary_names_stats_and_deck():
    boss = load_boss(next(p for p in bundled_bosses() if p.stem == "omega_titan"))
    assert boss.summary() == "Omega Titan Ascendant: HP 129, AL 12, SPD 6, 4d6+4; deck 20 cards (2 boss-only)"


# ---------------------------------------------------------------- problems, lines and fixes


def test_a_file_with_several_problems_reports_each_with_its_line_and_a_fix(tmp_path):
    path = write(
        tmp_path,
        """\
        # a boss with a problem on many lines
        [boss]
        name = "Lich King"
        base = "Omega Titan"
        hp = 0
        armr_level = 3
        example = "yes"

        [[boss.effect]]
        trigger = "your_turn"
        action = "explode"

        [[deck]]
        card = "Ignite"
        cont = 2

        [[deck]]
        card = "Grizzly Bear"

        [[deck]]
        card = "Break Free"
        count = 0

        [[card]]
        name = "Break Free"
        rarity = "legendary"
        type = "magic"
        magic_type = "standard"
        magic_subtype = "none"
        effect_status = "modeled"

        [[card.effect]]
        trigger = "on_play"
        action = "break_free"

        [[card]]
        name = "Ghost Mist"
        rarity = "rare"
        type = "magic"
        magic_type = "standard"
        magic_subtype = "none"
        effect_status = "modeled"

        [[card.effect]]
        trigger = "on_play"
        action = "damage"
        target = "the_players"
        """,
    )
    found = problems_by_line(path)
    expected = {
        line_of(path, "hp = 0"): "'hp' must be a whole number from 1 to 99999",
        line_of(path, "armr_level"): "unknown key 'armr_level'",
        line_of(path, 'example = "yes"'): "'example' must be true or false",
        line_of(path, 'action = "explode"'): "field 'action': 'explode' is not one of its",
        line_of(path, "cont = 2"): "unknown key 'cont' in [[deck]]",
        line_of(path, "Grizzly Bear"): "'Grizzly Bear' is a creature",
        line_of(path, "count = 0"): "'count' must be a whole number of 1 or more",
        line_of(path, 'target = "the_players"'): "card 'Ghost Mist': effect 1: field 'target'",
    }
    assert sorted(found) == sorted(expected)
    for line, text in expected.items():
        assert any(text in p.message for p in found[line]), (line, found[line])
    every = [p for problems in found.values() for p in problems]
    assert all(p.fix and p.file == str(path) for p in every)
    assert [p.line for p in check_boss(path)] == sorted(p.line for p in every)
    fixes = {p.message.split(":")[0]: p.fix for p in every}
    assert fixes["unknown key 'armr_level' in [boss]"] == "did you mean 'armor_level'?"
    with pytest.raises(BossError) as raised:
        load_boss(path)
    assert raised.value.problems == check_boss(path)
    assert str(raised.value).splitlines()[0].startswith(f"{path}:{min(expected)}: ")


def test_a_problem_reads_file_line_message_and_fix():
    problem = BossProblem("boss.toml", 7, "unknown card 'Ignit'", "did you mean 'Ignite'?")
    assert str(problem) == "boss.toml:7: unknown card 'Ignit' (fix: did you mean 'Ignite'?)"
    assert str(BossProblem("boss.toml", 0, "cannot read the file", "give a path")).startswith("boss.toml: ")


def test_an_unknown_card_name_comes_with_the_closest_names(tmp_path):
    path = write(tmp_path, boss_text(deck='[[deck]]\ncard = "Cosmic Strom"\ncount = 2\n'))
    (problem,) = check_boss(path)
    assert problem.line == line_of(path, "Cosmic Strom")
    assert problem.message == "unknown card 'Cosmic Strom'"
    assert problem.fix.startswith("did you mean 'Cosmic Storm'")


def test_an_unknown_base_comes_with_the_closest_names_and_no_problem_per_stat(tmp_path):
    path = write(tmp_path, boss_text().replace('base = "Omega Titan"', 'base = "Omega Titen"'))
    (problem,) = check_boss(path)
    assert problem.line == 3 and "Omega Titen" in problem.message and "'Omega Titan'" in problem.fix


def test_a_base_must_be_a_creature(tmp_path):
    path = write(tmp_path, boss_text().replace('base = "Omega Titan"', 'base = "Cosmic Storm"'))
    (problem,) = check_boss(path)
    assert problem.line == 3 and "is a magic card" in problem.message and "creature" in problem.fix


@pytest.mark.parametrize("name", ["Grizzly Bear", "Test Titan"])
def test_a_creature_in_the_deck_is_rejected(tmp_path, name):
    # Boss Battles: the boss is the only creature of its side; its deck is magic cards
    path = write(tmp_path, boss_text(deck=f'[[deck]]\ncard = "Ignite"\n[[deck]]\ncard = "{name}"\n'))
    (problem,) = check_boss(path)
    assert problem.line == line_of(path, name if name != "Test Titan" else 'card = "Test Titan"')
    assert "boss decks hold magic cards only" in problem.fix


def test_the_deck_holds_one_to_29_cards(tmp_path):
    empty = write(tmp_path, boss_text(deck=""), "empty.toml")
    (problem,) = check_boss(empty)
    assert "empty" in problem.message and "1 to 29" in problem.fix
    full = write(tmp_path, boss_text(deck='[[deck]]\ncard = "Ignite"\ncount = 29\n'), "full.toml")
    assert check_boss(full) == [] and load_boss(full).deck_size == MAX_BOSS_DECK == DECK_SIZE - 1
    over = boss_text(deck='[[deck]]\ncard = "Ignite"\ncount = 22\n[[deck]]\ncard = "Ignitus"\ncount = 8\n')
    path = write(tmp_path, over, "over.toml")
    (problem,) = check_boss(path)
    assert problem.line == line_of(path, "Ignitus")  # the entry that takes the deck past 29
    assert "30 cards" in problem.message and problem.fix == "take 1 card out of the deck"


def test_a_boss_named_as_a_catalog_card_is_rejected(tmp_path):
    path = write(tmp_path, boss_text().replace('name = "Test Titan"', 'name = "omega titan"'))
    (problem,) = check_boss(path)
    assert problem.line == 2 and "the name of a catalog card" in problem.message
    assert problem.fix == "name the boss apart from the card it is built on, like 'Omega Titan Ascendant'"


def test_boss_only_cards_are_named_apart_from_the_catalog_the_boss_and_each_other(tmp_path):
    mist = BREAK_FREE.replace("Break Free", "Mist")
    cards = BREAK_FREE + BREAK_FREE.replace("Break Free", "BREAK FREE") + BREAK_FREE.replace("Break Free", "Ignite")
    path = write(tmp_path, boss_text(cards=cards + mist.replace("Mist", "Test Titan")))
    messages = {p.line: p.message for p in check_boss(path)}
    names = [n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith("name = ")]
    assert messages == {
        names[2]: f"boss-only card 'BREAK FREE' is defined twice (first at line {names[1]})",
        names[3]: "boss-only card 'Ignite' has the name of a catalog card",
        names[0]: "the boss and a boss-only card are both named 'Test Titan'",
    }


def test_without_a_base_every_stat_is_required(tmp_path):
    path = write(tmp_path, '[boss]\nname = "Mud Golem"\nhp = 200\n[[deck]]\ncard = "Ignite"\n')
    missing = {p.message.split("'")[1] for p in check_boss(path)}
    assert missing == {"armor_level", "speed", "attack_dice", "modifier", "creature_type", "attack", "effect_status"}
    assert all(p.line == 1 for p in check_boss(path))


def test_a_boss_without_a_base_has_its_own_stats_and_effect_rows(tmp_path):
    path = write(
        tmp_path,
        """\
        [boss]
        name = "Mud Golem"
        hp = 180
        armor_level = 10
        speed = 2
        attack_dice = 3
        modifier = 5
        creature_type = "elemental"
        attack = "Mudslide"
        artwork = ["rock"]
        effect_status = "modeled"

        [[boss.effect]]
        trigger = "turn_start"
        action = "heal"
        target = "self"
        amount = 5

        [[deck]]
        card = "Irresistible Love"
        """,
    )
    boss = load_boss(path)
    c = boss.creature
    assert (c.armor_level, c.speed, c.attack_dice, c.modifier, c.hp) == (10, 2, 3, 5, 180)
    assert (c.creature_type, c.attack, c.artwork, c.rarity, c.generation, c.number) == (
        "elemental",
        "Mudslide",
        ("rock",),
        "promo",
        0,
        0,
    )
    assert [e.action for e in c.effects] == ["heal"] and not boss.example and boss.cards == ()
    assert [card.name for card in boss.not_modeled()] == ["Irresistible Love"]  # partial in the catalog
    assert boss.summary() == "Mud Golem: HP 180, AL 10, SPD 2, 3d6+5; deck 1 card"


def test_effect_rows_in_the_file_replace_the_base_rows(tmp_path):
    row = '[[boss.effect]]\ntrigger = "turn_start"\naction = "heal"\ntarget = "self"\namount = 10\n'
    boss = load_boss(write(tmp_path, boss_text(boss="speed = 9\n" + row)))
    base = default_catalog()["Omega Titan"]
    assert [e.action for e in boss.creature.effects] == ["heal"] and len(base.effects) == 2
    assert (boss.creature.speed, boss.creature.armor_level, boss.creature.effect_status) == (9, 12, "modeled")


def test_invalid_toml_names_its_line(tmp_path):
    path = write(tmp_path, '[boss]\nname = "Lich"\nhp = \n')
    (problem,) = check_boss(path)
    assert problem.line == 3 and problem.message.startswith("not valid TOML: Invalid value")


def test_an_unreadable_file_is_one_problem(tmp_path):
    (problem,) = check_boss(tmp_path / "nowhere.toml")
    assert problem.line == 0 and "cannot read the file" in problem.message


def test_lines_are_found_past_comments_quotes_and_multiline_strings(tmp_path):
    path = write(
        tmp_path,
        boss_text(
            boss='reason = """\n[[deck]]\ncard = "x"\n"""\n',
            deck='[[deck]]  # the first\n"card" = "Ignite"\n\n[[ deck ]]\ncard = "Ignit"\n',
        ),
    )
    (problem,) = check_boss(path)
    assert problem.line == line_of(path, '"Ignit"')


# ---------------------------------------------------------------- the boss as game input


@pytest.fixture
def boss(tmp_path) -> Boss:
    deck = '[[deck]]\ncard = "Ignite"\ncount = 3\n[[deck]]\ncard = "Break Free"\ncount = 2\n[[deck]]\ncard = "Curse"\n'
    return load_boss(write(tmp_path, boss_text(deck=deck)))


def test_with_hp_gives_a_new_boss_and_checks_the_hp(boss):
    stronger = boss.with_hp(400)
    assert (stronger.hp, stronger.creature.hp, boss.hp, boss.creature.hp) == (400, 400, 250, 250)
    assert stronger.deck == boss.deck and stronger.creature.effects == boss.creature.effects
    for bad in (0, 100_000, 2.5, True):
        with pytest.raises(BossError):
            boss.with_hp(bad)


def test_the_catalog_holds_the_boss_and_break_free_after_every_card(boss):
    base = default_catalog()
    catalog = boss.catalog(base)
    assert catalog is boss.catalog(base)  # built once per base catalog
    assert catalog.index(boss.name) == len(base) and catalog.index("Break Free") == len(base) + 1
    assert [c.name for c in catalog.cards[: len(base)]] == [c.name for c in base.cards]
    tables = catalog.tables()
    row = tables.cards[len(base)]
    assert row[CardCol.card_type] == CardType.creature and row[CardCol.hp] == 250
    assert (row[CardCol.armor_level], row[CardCol.speed]) == (12, 6)
    free = tables.cards[len(base) + 1]
    assert free[CardCol.card_type] == CardType.magic and free[CardCol.effect_count] == 1
    assert tables.effects[free[CardCol.effect_start]][EffectCol.action] == Action.break_free
    assert np.array_equal(tables.cards[: len(base)], base.tables().cards)
    assert boss.with_hp(400).catalog(base).tables().cards[len(base)][CardCol.hp] == 400


def test_deck_rows_put_the_boss_first_then_its_deck_then_the_boss_again(boss):
    catalog = boss.catalog(default_catalog())
    rows = boss.deck_rows(catalog)
    me, ignite, free, curse = (catalog.index(n) for n in (boss.name, "Ignite", "Break Free", "Curse"))
    assert rows.dtype == np.int64 and rows.shape == (DECK_SIZE,)
    assert rows[:7].tolist() == [me, ignite, ignite, ignite, free, free, curse]
    assert (rows[7:] == me).all() and boss.deck_size == 6
    with pytest.raises(ValueError, match="boss.catalog"):
        boss.with_hp(300).deck_rows(catalog)  # a catalog built for the boss at its old HP
    with pytest.raises(ValueError, match="boss.catalog"):
        boss.deck_rows(default_catalog())


def test_break_free_reads_as_a_sentence_and_belongs_to_an_on_play_row():
    card = load_boss(bundled_bosses()[0]).cards[0]
    (sentence,) = card.effect_text()
    assert sentence.startswith("When played: every effect of the players' cards and creatures on the boss ends")
    assert "never negated" in sentence
    with pytest.raises(EffectError, match="on_play"):
        parse_effect({"trigger": "static", "action": "break_free"})


# ---------------------------------------------------------------- wardsim boss check


def test_boss_check_passes_the_bundled_bosses():
    paths = [str(p) for p in bundled_bosses()]
    result = runner.invoke(app, ["boss", "check", *paths])
    assert result.exit_code == 0, result.output
    oks = [line for line in result.stdout.splitlines() if ": ok: " in line]
    assert len(oks) == len(paths) and result.stdout.count("note: an example boss") == len(paths)


def test_boss_check_lists_each_problem_and_exits_1(tmp_path):
    good = str(bundled_bosses()[0])
    bad = write(tmp_path, boss_text(deck='[[deck]]\ncard = "Cosmic Strom"\n[[deck]]\ncard = "Grizzly Bear"\n'))
    result = runner.invoke(app, ["boss", "check", good, str(bad)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == f"{bad}: 2 problems"
    assert lines[1].startswith(f"  {bad}:{line_of(bad, 'Cosmic Strom')}: unknown card 'Cosmic Strom' (fix: ")
    assert lines[2].startswith(f"  {bad}:{line_of(bad, 'Grizzly Bear')}: 'Grizzly Bear' is a creature (fix: ")
    assert f"{good}: ok: " in result.stdout


def test_boss_check_json_has_one_object_per_file(tmp_path):
    good = str(bundled_bosses()[0])
    bad = write(tmp_path, boss_text(deck='[[deck]]\ncard = "Cosmic Strom"\n'))
    result = runner.invoke(app, ["boss", "check", good, str(bad), "--json"])
    assert result.exit_code == 1
    ok, failed = json.loads(result.stdout)
    keys = {"file", "ok", "boss", "example", "hp", "deck_size", "not_modeled", "problems"}
    assert set(ok) == set(failed) == keys
    assert (ok["ok"], ok["hp"], ok["deck_size"], ok["example"], ok["problems"]) == (
        True,
        load_boss(good).hp,
        20,
        True,
        [],
    )
    assert (failed["ok"], failed["boss"], failed["hp"], failed["deck_size"]) == (False, None, None, None)
    (problem,) = failed["problems"]
    assert set(problem) == {"line", "message", "fix"} and problem["line"] == line_of(bad, "Cosmic Strom")
    assert runner.invoke(app, ["boss", "check", good, "--json"]).exit_code == 0


# ---------------------------------------------------------------- any file ends in problems, never a crash

TOML_VALUES = ["1", "-5", "0", "1.5", "true", '""', '"Grizzly Bear"', '"x"', "[]", "[1, 2]", '["a"]', "{}", "{a = 1}"]
TOML_VALUES += ["[{}]", "[[1]]", '[{trigger = "on_play"}]', "100000", '"modeled"', '"on_play"']


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_boss_file_ends_in_problems_never_an_exception(tmp_path, data):
    lines = next(p for p in bundled_bosses() if p.stem == "omega_titan").read_text().splitlines()
    lines += BREAK_FREE.replace("Break Free", "Mist").splitlines() + ["[[boss.effect]]", 'trigger = "your_turn"']
    lines += ['action = "damage"', 'target = "opponent_primary"', "amount = 5", "flags = []", "filter = {}"]
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.sampled_from(["value", "value", "delete", "duplicate", "header"]))
        if kind == "value" and " = " in lines[at]:
            lines[at] = lines[at].split(" = ")[0] + " = " + data.draw(st.sampled_from(TOML_VALUES))
        elif kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        elif kind == "header":
            lines.insert(at, data.draw(st.sampled_from(["[boss]", "[[deck]]", "[[card]]", "[[card.effect]]", "[x]"])))
    path = tmp_path / "damaged.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    problems = check_boss(path)
    assert all(isinstance(p, BossProblem) and p.message and p.fix and p.line >= 0 for p in problems)
    if not problems:
        assert load_boss(path).deck_size >= 1
