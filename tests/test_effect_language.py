"""The effect-language page's made-up card: read from the page, it loads, reads as the page
says, and is played (its duel against Raptor moves with its row), so the page's recipe for a
new card stays true."""

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from wardsim import battle
from wardsim.catalog import default_catalog, parse_card
from wardsim.kernel.enums import Action, CardCol, EffectCol, Status, Target, Trigger

PAGE = Path(__file__).resolve().parents[1] / "docs" / "effect-language.md"
SECTION = PAGE.read_text().split("## Encoding a new card", 1)[1]


def page_card():
    toml = re.search(r"```toml\n(.*?)```", SECTION, re.S).group(1)
    raw = tomllib.loads(re.sub(r"^ {3}", "", toml, flags=re.M))["card"][0]
    return parse_card(raw, "effect-language.md", generation=3)


@pytest.fixture(scope="module")
def catalog():
    card = page_card()
    twin = dataclasses.replace(card, name="Plain Hound", effects=(), effect_status="none")
    return default_catalog().with_cards(card, twin)


def test_the_made_up_card_reads_as_the_page_says():
    card = page_card()
    quoted = " ".join(re.search(r"^ {3}> (When this creature hits.*?)\n\n", SECTION, re.M | re.S).group(1).split())
    assert card.effect_text() == [quoted.replace(" > ", " ")]
    (row,) = card.effects
    assert (row.trigger, row.action, row.status, row.target) == ("on_hit", "dot", "burn", "struck")


def test_the_made_up_card_compiles_to_the_codes_of_its_row(catalog):
    tables = catalog.tables()
    card = tables.cards[catalog.index("Ember Hound")]
    assert card[CardCol.effect_count] == 1
    row = tables.effects[card[CardCol.effect_start]]
    assert (row[EffectCol.trigger], row[EffectCol.action], row[EffectCol.status], row[EffectCol.target]) == (
        Trigger.on_hit,
        Action.dot,
        Status.burn,
        Target.struck,
    )
    assert (row[EffectCol.roll_lo], row[EffectCol.roll_hi], row[EffectCol.amount], row[EffectCol.duration]) == (
        5,
        6,
        5,
        2,
    )


def test_the_made_up_cards_burn_is_played_in_its_duels(catalog):
    # the page's figures: the burn lifts Ember Hound against Raptor from 19% to 43%
    burning = battle.duel("Ember Hound", "Raptor", exact=True, catalog=catalog)
    plain = battle.duel("Plain Hound", "Raptor", exact=True, catalog=catalog)
    assert round(plain.p_a_wins * 100) == 19 and round(burning.p_a_wins * 100) == 43
    sampled = battle.duel("Ember Hound", "Raptor", games=20_000, seed=5, catalog=catalog)
    assert abs(sampled.p_a_wins - burning.p_a_wins) < 5 * sampled.stderr
