"""The card catalog: every WARD card, loaded from the TOML files in `wardsim/data/cards/`.

Each file holds one generation as a list of `[[card]]` tables. Loading validates every field
and fails with the file, the card and the field. `Catalog.tables()` compiles the catalog into
the plain int32 arrays the kernels read.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from wardsim.effects import Effect, EffectError, compile_effect, parse_effect, render
from wardsim.kernel.enums import (
    N_CARD_COLS,
    N_EFFECT_COLS,
    CardCol,
    CardType,
    CreatureType,
    EffectStatus,
    MagicSubtype,
    MagicType,
    Rarity,
)

CARD_FILES = ("gen1.toml", "gen2.toml", "gen3.toml", "promos.toml")
GENERATION_OF_FILE = {"gen1.toml": 1, "gen2.toml": 2, "gen3.toml": 3, "promos.toml": 0}
MAX_TAGS = 31


class CatalogError(ValueError):
    """A malformed catalog entry: the message names the file, the card and the field."""


@dataclass(frozen=True)
class Card:
    """One card, as printed, with its encoded effect."""

    name: str
    generation: int  # 0 for promos
    number: int
    rarity: str
    card_type: str  # "creature" or "magic"
    effect_status: str
    effects: tuple[Effect, ...] = ()
    reason: str = ""  # why the effect is partial or unmodeled
    # creatures
    creature_type: str | None = None
    armor_level: int | None = None
    speed: int | None = None
    hp: int | None = None
    attack: str | None = None
    attack_dice: int | None = None
    modifier: int | None = None
    artwork: tuple[str, ...] = ()
    artwork_inferred: bool = False
    # magic
    magic_type: str | None = None
    magic_subtype: str | None = None
    source: str = field(default="", compare=False)  # the catalog file it came from

    @property
    def is_creature(self) -> bool:
        return self.card_type == "creature"

    @property
    def is_promo(self) -> bool:
        return self.generation == 0

    @property
    def generation_label(self) -> str:
        return "promo" if self.is_promo else str(self.generation)

    def effect_text(self) -> list[str]:
        """The encoded effect in plain English, one sentence per row."""
        return [render(e) for e in self.effects]

    def as_dict(self) -> dict[str, Any]:
        """The JSON view used by `wardsim cards --json`."""
        return {
            "name": self.name,
            "generation": self.generation_label if self.is_promo else self.generation,
            "number": self.number,
            "card_type": self.card_type,
            "armor_level": self.armor_level,
            "speed": self.speed,
            "hp": self.hp,
            "attack": self.attack,
            "attack_dice": self.attack_dice,
            "modifier": self.modifier,
            "rarity": self.rarity,
            "creature_type": self.creature_type,
            "artwork": list(self.artwork) if self.is_creature else None,
            # docs/rulings.md, artwork-inferred: tags guessed from what the creature is
            "artwork_inferred": self.artwork_inferred if self.is_creature else None,
            "magic_type": self.magic_type,
            "magic_subtype": self.magic_subtype,
            "effect_status": self.effect_status,
            "effect_reason": self.reason or None,
            "effect": self.effect_text(),
        }


def _require(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in raw:
        raise CatalogError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise CatalogError(f"{where}: field {key!r} must be an integer, got {value!r}")
    if kind is str and not isinstance(value, str):
        raise CatalogError(f"{where}: field {key!r} must be text, got {value!r}")
    return value


def _choice(raw: dict[str, Any], key: str, group: Any, where: str) -> str:
    value = _require(raw, key, str, where)
    if value not in group._fields:
        raise CatalogError(f"{where}: field {key!r}: {value!r} is not one of {', '.join(group._fields)}")
    return value


# the printed stats the kernels read (CardCol), with the range a printed card may have:
# (lowest, highest or None); rules guide: AL never above 12
CREATURE_STATS: dict[str, tuple[int, int | None]] = {
    "armor_level": (1, 12),
    "speed": (0, None),
    "hp": (1, None),
    "attack_dice": (0, None),
    "modifier": (0, None),
}


def _check_stats(stats: dict[str, Any], where: str) -> None:
    for key, value in stats.items():
        low, high = CREATURE_STATS[key]
        if value < low:
            raise CatalogError(f"{where}: field {key!r} must be >= {low}, got {value}")
        if high is not None and value > high:
            raise CatalogError(f"{where}: field {key!r} must be <= {high} (rules guide), got {value}")


def check_effect_status(status: str, reason: str, effects: Sequence[Effect], where: str) -> None:
    """The effect status agrees with the rows: `modeled` and `partial` cards have rows, a
    `none` card has none, and `partial` and `unmodeled` ones say why."""
    if status in ("partial", "unmodeled") and not reason:
        raise CatalogError(f"{where}: field 'reason' is required when effect_status is {status!r}")
    if status in ("modeled", "partial") and not effects:
        raise CatalogError(f"{where}: field 'effect' is empty but effect_status is {status!r}")
    if status == "none" and effects:
        raise CatalogError(f"{where}: field 'effect_status' is 'none' but effect rows are given")


CREATURE_FIELDS = {
    "creature_type",
    "armor_level",
    "speed",
    "hp",
    "attack",
    "attack_dice",
    "modifier",
    "artwork",
    "artwork_inferred",
}
MAGIC_FIELDS = {"magic_type", "magic_subtype"}
COMMON_FIELDS = {"number", "name", "rarity", "type", "effect_status", "reason", "effect"}


def parse_card(raw: dict[str, Any], file: str, generation: int) -> Card:
    """Validate one `[[card]]` table."""
    name = raw.get("name")
    where = f"{file}: card {name!r}" if isinstance(name, str) else f"{file}: card #{raw.get('number', '?')}"
    _require(raw, "name", str, where)
    card_type = _choice(raw, "type", CardType, where)
    allowed = COMMON_FIELDS | (CREATURE_FIELDS if card_type == "creature" else MAGIC_FIELDS)
    unknown = set(raw) - allowed
    if unknown:
        raise CatalogError(f"{where}: unknown fields {sorted(unknown)} for a {card_type} card")
    status = _choice(raw, "effect_status", EffectStatus, where)
    reason = raw.get("reason", "")
    rows = raw.get("effect", [])
    if not isinstance(rows, list):
        raise CatalogError(f"{where}: field 'effect' must be a list of [[card.effect]] tables, got {rows!r}")
    effects = []
    for i, row in enumerate(rows):
        try:
            effects.append(parse_effect(row))
        except EffectError as err:
            raise CatalogError(f"{where}: effect {i + 1}: {err}") from None
    check_effect_status(status, reason, effects, where)
    common = dict(
        name=name,
        generation=generation,
        number=_require(raw, "number", int, where),
        rarity=_choice(raw, "rarity", Rarity, where),
        card_type=card_type,
        effect_status=status,
        effects=tuple(effects),
        reason=reason,
        source=file,
    )
    if card_type == "magic":
        return Card(
            **common,
            magic_type=_choice(raw, "magic_type", MagicType, where),
            magic_subtype=_choice(raw, "magic_subtype", MagicSubtype, where),
        )
    stats = {k: _require(raw, k, int, where) for k in CREATURE_STATS}
    _check_stats(stats, where)
    artwork = raw.get("artwork", [])
    if not isinstance(artwork, list) or not all(isinstance(t, str) for t in artwork):
        raise CatalogError(f"{where}: field 'artwork' must be a list of tags, got {artwork!r}")
    return Card(
        **common,
        creature_type=_choice(raw, "creature_type", CreatureType, where),
        attack=_require(raw, "attack", str, where),
        artwork=tuple(artwork),
        artwork_inferred=bool(raw.get("artwork_inferred", False)),
        **stats,
    )


_HARMFUL_STATUS = {"frozen", "stunned", "fear", "wrapped", "disarmed", "asleep"}


def _row_sign(e: Effect) -> int:
    """+1 if a row aimed at the equipped creature helps it, -1 if it hurts, 0 if neither."""
    if e.target == "opponent_primary" and e.action == "damage" and e.trigger == "opponent_draws":
        return -1  # Absolute Terror: "Equip to opponent's creature"; it hurts their primary
    if e.action == "equip_self" and e.trigger == "on_killed":
        return 1  # Contaminate: "Equip this card to your primary creature"; it moves on to the killer
    if e.target != "equipped":
        return 0
    if e.action == "modify_stat":
        return 1 if e.amount > 0 else -1
    if e.action in ("set_stat", "set_base_stat"):
        return 1 if e.amount > 2 else -1  # Dragon Power sets AL 12; Curse-like sets to 1; Frost Wyrms 0
    if e.action == "no_sacrifice":
        return -1  # Frost Wyrms: its player cannot sacrifice it to summon
    if e.action == "scale_stat":
        return 1 if e.amount > e.divisor else -1
    if e.action == "apply_status":
        return -1 if e.status in _HARMFUL_STATUS else 1
    if e.action in ("negate_effects", "negate_increases", "damage_fraction", "damage", "force_reroll"):
        return -1
    if e.action in (
        "heal",
        "heal_from_damage",
        "immune",
        "counter_heal",
        "hot",
        "prevent_damage",
        "revive",
        "miss_backfire",
        "reroll",
    ):
        return 1
    return 0


def is_hostile_equip(card: Card) -> bool:
    """An equip whose rows only hurt the equipped creature: it is played on the opponent's
    primary creature (Smokescreen, Fear, Winter Chill, Zombified, Mind Sap); every other equip
    goes on your own."""
    if card.magic_subtype != "equip" and not any(e.action == "equip_self" for e in card.effects):
        return False
    signs = [_row_sign(e) for e in card.effects]
    return -1 in signs and 1 not in signs


@dataclass(frozen=True)
class CardTables:
    """The catalog as kernel input.

    cards : ndarray(int32, ndim=2)  one row per card, columns `CardCol`
    effects : ndarray(int32, ndim=2)  one row per effect row, columns `EffectCol`
    """

    cards: np.ndarray
    effects: np.ndarray
    tag_bits: dict[str, int]
    name_bits: dict[str, int]


class Catalog:
    """All cards, with case-insensitive lookup by name."""

    def __init__(self, cards: list[Card]):
        self.cards: list[Card] = cards
        self._by_name: dict[str, int] = {}
        for i, card in enumerate(cards):
            key = card.name.casefold()
            if key in self._by_name:
                first = cards[self._by_name[key]]
                raise CatalogError(
                    f"{card.source}: card {card.name!r}: field 'name' duplicates the card in {first.source}"
                )
            self._by_name[key] = i

    @classmethod
    def load(cls, directory: str | Path | None = None) -> Catalog:
        """Load and validate the catalog files (the bundled ones by default)."""
        base = Path(directory) if directory else Path(str(resources.files("wardsim") / "data" / "cards"))
        cards = []
        for name in CARD_FILES:
            path = base / name
            try:
                doc = tomllib.loads(path.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as err:
                raise CatalogError(f"{path}: not valid TOML: {err}") from None
            for raw in doc.get("card", []):
                cards.append(parse_card(raw, str(path), GENERATION_OF_FILE[name]))
        return cls(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __contains__(self, name: str) -> bool:
        return name.casefold() in self._by_name

    def index(self, name: str) -> int:
        """Row of a card in the compiled tables; KeyError with suggestions if unknown."""
        try:
            return self._by_name[name.strip().casefold()]
        except KeyError:
            hint = self.suggest(name)
            more = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
            raise KeyError(f"unknown card {name!r}{more}") from None

    def __getitem__(self, name: str) -> Card:
        return self.cards[self.index(name)]

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest card names, best first."""
        key = name.strip().casefold()
        names = [c.name for c in self.cards]
        folded = {c.name.casefold(): c.name for c in self.cards}
        close = difflib.get_close_matches(key, list(folded), n=n, cutoff=0.6)
        if not close:  # a word of the name, e.g. "dragon" for every Dragon
            close = [k for k in folded if key and key in k][:n]
        return [folded[c] for c in close] or [n_ for n_ in names if n_.casefold().startswith(key[:3])][:n]

    def generation(self, gen: int) -> list[Card]:
        return [c for c in self.cards if c.generation == gen]

    def with_changes(self, card: str, **stats: int) -> Catalog:
        """A new catalog in which one creature's printed stats are changed (a what-if).

        Every card keeps its name and its row, so decks load against the new catalog as
        they are and its `tables()` hold the changed stats, which is what the kernels play.
        The stats are those the kernels read: `CREATURE_STATS`. KeyError with the closest
        names for an unknown card; CatalogError for a magic card, an unknown stat, or a
        value a printed card could not have.
        """
        index = self.index(card)
        old = self.cards[index]
        where = f"what-if: card {old.name!r}"
        if not old.is_creature:
            raise CatalogError(f"{where} is a magic card; only creatures have stats to change")
        unknown = sorted(set(stats) - set(CREATURE_STATS))
        if unknown:
            raise CatalogError(
                f"{where}: unknown stat {', '.join(map(repr, unknown))}; the stats are {', '.join(CREATURE_STATS)}"
            )
        for key, value in stats.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise CatalogError(f"{where}: field {key!r} must be an integer, got {value!r}")
        _check_stats(stats, where)
        cards = list(self.cards)
        new_stats: dict[str, Any] = dict(stats)
        cards[index] = replace(old, **new_stats)
        return Catalog(cards)

    def with_cards(self, *extra: Card) -> Catalog:
        """A new catalog with cards that are not printed added at the end. Every card already
        here keeps its row; added cards without artwork tags or effect rows also leave the
        compiled rows of the others exactly as they were."""
        return Catalog([*self.cards, *extra])

    @cached_property
    def _tables(self) -> CardTables:
        tags = sorted(
            (
                {t for c in self.cards for t in c.artwork}
                | {t for c in self.cards for e in c.effects for t in e.filter.tags}
            )
            - {"wings"}
        )
        tags.insert(0, "wings")  # bit 0: flight (Wings of the Beast) keys on it, see WINGS_TAG_MASK
        if len(tags) > MAX_TAGS:
            raise CatalogError(f"too many artwork tags for the bitmask: {len(tags)} > {MAX_TAGS}")
        tag_bits = {t: i for i, t in enumerate(tags)}
        keywords = sorted({n.lower() for c in self.cards for e in c.effects for n in e.filter.names})
        name_bits = {k: i for i, k in enumerate(keywords)}
        cards = np.zeros((len(self.cards), N_CARD_COLS), dtype=np.int32)
        rows: list[np.ndarray] = []
        col = CardCol
        for i, c in enumerate(self.cards):
            r = cards[i]
            r[col.card_type] = getattr(CardType, c.card_type)
            r[col.rarity] = getattr(Rarity, c.rarity)
            r[col.generation] = c.generation
            r[col.effect_status] = getattr(EffectStatus, c.effect_status)
            # a keyword matches at the start of a word of the name: "Were" is in "Wererat", not
            # in "Steam Powered Girl"
            r[col.names] = sum(1 << b for k, b in name_bits.items() if re.search(r"\b" + re.escape(k), c.name.lower()))
            if c.creature_type is not None:
                r[col.creature_type] = getattr(CreatureType, c.creature_type)
                r[col.armor_level], r[col.speed], r[col.hp] = c.armor_level, c.speed, c.hp
                r[col.attack_dice], r[col.modifier] = c.attack_dice, c.modifier
                r[col.tags] = sum(1 << tag_bits[t] for t in c.artwork)
            elif c.magic_type is not None and c.magic_subtype is not None:
                r[col.creature_type] = -1
                r[col.magic_type] = getattr(MagicType, c.magic_type)
                r[col.magic_subtype] = getattr(MagicSubtype, c.magic_subtype)
            r[col.hostile] = int(is_hostile_equip(c))
            r[col.cemetery_hp] = sum(
                e.amount for e in c.effects if e.trigger == "in_cemetery" and e.action == "cemetery_hp"
            )
            r[col.effect_start] = len(rows)
            r[col.effect_count] = len(c.effects)
            rows += [compile_effect(e, i, tag_bits, name_bits, c.is_creature) for e in c.effects]
        effects = np.array(rows, dtype=np.int32).reshape(-1, N_EFFECT_COLS)
        cards.setflags(write=False)
        effects.setflags(write=False)
        return CardTables(cards, effects, tag_bits, name_bits)

    def tables(self) -> CardTables:
        """The compiled int32 card and effect tables (computed once)."""
        return self._tables

    def coverage(self) -> dict[str, dict[str, int]]:
        """Effect status counts per generation label."""
        out: dict[str, dict[str, int]] = {}
        for c in self.cards:
            counts = out.setdefault(c.generation_label, dict.fromkeys(EffectStatus._fields, 0))
            counts[c.effect_status] += 1
        return out


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The bundled catalog, loaded once per process."""
    return Catalog.load()
