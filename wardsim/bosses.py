"""Boss files: the boss creature of a Boss Battle and its deck, as TOML.

A boss is data. Its file has a `[boss]` table (the creature: a name, HP and stats, usually
taken from a catalog creature named by `base`), a `[[deck]]` table per card of its deck, and
a `[[card]]` table per boss-only card, written as a catalog card is (`docs/bosses.md`).

Checking a boss file reports every problem at once, each with the file, the line and a fix.
tomllib reports no line numbers for valid TOML, so the lines come from a scan of the text for
table headers and the keys under them (`_Lines`).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from wardsim.catalog import (
    CREATURE_STATS,
    Card,
    Catalog,
    CatalogError,
    check_effect_status,
    default_catalog,
    parse_card,
)
from wardsim.effects import Effect, EffectError, parse_effect
from wardsim.kernel.enums import CreatureType, EffectStatus
from wardsim.rules import DECK_SIZE

MAX_BOSS_HP = 99_999
# slot 0 of the deck array holds the boss itself (Boss.deck_rows)
MAX_BOSS_DECK = DECK_SIZE - 1
BOSS_STATS = ("armor_level", "speed", "attack_dice", "modifier")
BOSS_KEYS = (
    "name",
    "example",
    "base",
    "hp",
    *BOSS_STATS,
    "creature_type",
    "attack",
    "artwork",
    "effect_status",
    "reason",
    "effect",
)
DECK_KEYS = ("card", "count")
FILE_KEYS = ("boss", "deck", "card")
EFFECT_DOC = "docs/effect-language.md"
NOT_MODELED = ("partial", "unmodeled")


@dataclass(frozen=True)
class BossProblem:
    """One problem of a boss file; `line` 0: the file as a whole."""

    file: str
    line: int
    message: str
    fix: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.message} (fix: {self.fix})"


class BossError(ValueError):
    """An unreadable or invalid boss file; `problems` lists every problem found."""

    def __init__(self, problems: list[BossProblem]):
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


@dataclass(frozen=True)
class Boss:
    """A boss: its creature (a `Card` with the boss's HP) and its deck.

    `deck` holds (card name, copies) in file order, each name as printed; `deck_cards` the
    card of each entry. `cards` are the boss-only cards the file defines.
    """

    name: str
    file: str
    example: bool
    hp: int
    creature: Card
    cards: tuple[Card, ...] = ()
    deck: tuple[tuple[str, int], ...] = ()
    deck_cards: tuple[Card, ...] = field(default=(), repr=False)
    _catalogs: weakref.WeakKeyDictionary[Catalog, Catalog] = field(
        default_factory=weakref.WeakKeyDictionary, init=False, repr=False, compare=False
    )

    @property
    def deck_size(self) -> int:
        return sum(n for _, n in self.deck)

    def with_hp(self, hp: int) -> Boss:
        """The same boss with `hp` HP (1 to `MAX_BOSS_HP`); BossError otherwise."""
        if not isinstance(hp, int) or isinstance(hp, bool) or not 1 <= hp <= MAX_BOSS_HP:
            raise BossError(
                [BossProblem(self.file, 0, f"the boss's HP must be 1 to {MAX_BOSS_HP}, got {hp!r}", _HP_FIX)]
            )
        return replace(self, hp=hp, creature=replace(self.creature, hp=hp))

    def catalog(self, base: Catalog) -> Catalog:
        """`base` with the boss creature and the boss-only cards added at its end (every card
        of `base` keeps its row); built once per `base`."""
        built = self._catalogs.get(base)
        if built is None:
            built = self._catalogs[base] = base.with_cards(self.creature, *self.cards)
        return built

    def deck_rows(self, catalog: Catalog) -> np.ndarray:
        """The boss's deck as card rows of `catalog` (from `Boss.catalog`).

        Returns
        -------
        rows : ndarray(int64, shape=(DECK_SIZE,))
            Slot 0: the boss creature's row. Slots 1 to `deck_size`: the deck's cards, one
            slot per copy, in file order. Every slot after them: the boss creature's row
            again; the game kernel puts those slots out of play, so a boss deck holds 1 to
            `MAX_BOSS_DECK` cards in an array of the size of a player's deck.
        """
        if self.creature.name not in catalog or catalog[self.creature.name] != self.creature:
            raise ValueError(f"the catalog does not hold the boss {self.name!r} as it is now: pass boss.catalog(base)")
        boss_row = catalog.index(self.creature.name)
        rows = np.full(DECK_SIZE, boss_row, dtype=np.int64)
        deck = [catalog.index(name) for name, n in self.deck for _ in range(n)]
        rows[1 : 1 + len(deck)] = deck
        return rows

    @property
    def key(self) -> str:
        """What decides the boss's games besides its deck rows: its name, HP and a digest of its
        creature, its boss-only cards and its deck (a saved run of another boss never resumes)."""
        made = json.dumps([[c.as_dict() for c in (self.creature, *self.cards)], self.deck], sort_keys=True)
        return f"{self.name}, HP {self.hp}, {hashlib.sha256(made.encode()).hexdigest()[:16]}"

    def not_modeled(self) -> list[Card]:
        """The boss creature and deck cards whose effect is not fully encoded (partial or unmodeled)."""
        return [c for c in (self.creature, *self.deck_cards) if c.effect_status in NOT_MODELED]

    def summary(self) -> str:
        """One line: the boss's stats and its deck."""
        c = self.creature
        attack = f"{c.attack_dice}d6" + (f"+{c.modifier}" if c.modifier else "")
        own = {card.name for card in self.cards}
        boss_only = sum(n for name, n in self.deck if name in own)
        n = self.deck_size
        deck = f"deck {n} card{'s' if n != 1 else ''}" + (f" ({boss_only} boss-only)" if boss_only else "")
        return f"{self.name}: HP {self.hp}, AL {c.armor_level}, SPD {c.speed}, {attack}; {deck}"


def load_boss(path: str | Path, catalog: Catalog | None = None) -> Boss:
    """Read and check a boss file; BossError lists every problem."""
    boss, problems = _read(path, catalog or default_catalog())
    if problems or boss is None:
        raise BossError(problems)
    return boss


def check_boss(path: str | Path, catalog: Catalog | None = None) -> list[BossProblem]:
    """Every problem of a boss file, by line (none: the boss is valid)."""
    return _read(path, catalog or default_catalog())[1]


def bundled_bosses_dir() -> Path:
    """The `bosses/` folder of a source checkout."""
    return Path(__file__).resolve().parent.parent / "bosses"


def bundled_bosses() -> list[Path]:
    """The bundled boss files (`bosses/*.toml` of a source checkout), by name."""
    paths = sorted(bundled_bosses_dir().glob("*.toml"))
    if not paths:
        raise FileNotFoundError(
            f"no bundled bosses in {bundled_bosses_dir()}: they ship with a source checkout; "
            "load your own with load_boss"
        )
    return paths


# ---------------------------------------------------------------- lines of a valid TOML text

HEADER = re.compile(r"^\s*\[\[?([^\[\]#]+)\]\]?\s*(?:#.*)?$")
KEY = re.compile(r"""^\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))\s*[.=]""")


@dataclass
class _Table:
    name: str  # the dotted header ("boss", "card.effect"); "" for the keys before any header
    line: int
    keys: dict[str, int]


class _Lines:
    """Where each table header and key is in a TOML text; line 1 when not found."""

    def __init__(self, text: str):
        self.tables = [_Table("", 1, {})]
        open_string = None  # the quotes of a multi-line string being read
        for number, raw in enumerate(text.split("\n"), start=1):
            if open_string:
                if raw.count(open_string) % 2:
                    open_string = None
                continue
            header = HEADER.match(raw)
            key = KEY.match(raw)
            if header:
                self.tables.append(_Table(re.sub(r"[\s\"']", "", header[1]), number, {}))
            elif key:
                self.tables[-1].keys.setdefault(next(k for k in key.groups() if k is not None), number)
            open_string = next((q for q in ('"""', "'''") if raw.count(q) % 2), None)

    def table(self, name: str, index: int = 0) -> int | None:
        """The position of the `index`-th table `[name]` / `[[name]]`."""
        found = [i for i, t in enumerate(self.tables) if t.name == name]
        return found[index] if index < len(found) else None

    def child(self, parent: int | None, name: str, index: int) -> int | None:
        """The position of the `index`-th `[[name]]` after the table at `parent`, before
        the next table of the parent's name (the next `[[card]]` for a card's effects)."""
        if parent is None:
            return None
        count = 0
        for i in range(parent + 1, len(self.tables)):
            if self.tables[i].name == self.tables[parent].name:
                break
            if self.tables[i].name == name:
                if count == index:
                    return i
                count += 1
        return None

    def at(self, position: int | None, key: str | None = None) -> int:
        """The line of a key of the table at `position` (of its header without a key, or
        when the key is a sub-table or not found)."""
        if position is None:
            return 1
        table = self.tables[position]
        if key is None:
            return table.line
        if key in table.keys:
            return table.keys[key]
        prefix = f"{table.name}.{key}" if table.name else key
        for t in self.tables[position + 1 :]:
            if t.name == prefix or t.name.startswith(prefix + "."):
                return t.line
        return table.line


# ---------------------------------------------------------------- reading a boss file

_HP_FIX = f"give hp a whole number from 1 to {MAX_BOSS_HP}"


def _read(path: str | Path, catalog: Catalog) -> tuple[Boss | None, list[BossProblem]]:
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, ValueError) as err:
        why = (
            "not UTF-8 text"
            if isinstance(err, UnicodeDecodeError)
            else f"cannot read the file: {getattr(err, 'strerror', None) or err}"
        )
        return None, [BossProblem(file, 0, why, "give the path of a boss file, UTF-8 TOML text (docs/bosses.md)")]
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        where = re.search(r"\(at (?:line (\d+)|end of document)[^)]*\)", str(err))
        line = int(where[1]) if where and where[1] else text.count("\n") + 1
        message = re.sub(r"\s*\(at [^)]*\)$", "", str(err))
        fix = "correct the TOML on this line: text in double quotes, one key = value per line (docs/bosses.md)"
        return None, [BossProblem(file, line, f"not valid TOML: {message}", fix)]
    reader = _Reader(file, _Lines(text), catalog)
    boss = reader.read(doc)
    return boss, sorted(reader.problems, key=lambda p: p.line)


def _suggestions(names: list[str]) -> str:
    return "did you mean " + ", ".join(repr(n) for n in names) + "?"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


CHOICE = re.compile(r"^(?P<head>.*?)(?P<value>'[^']*'|\S+) is not one of (?P<options>[\w, ]+)$")
MAX_LISTED = 12  # a message lists this many values at most (102 actions would bury the problem)


def _explained(message: str) -> tuple[str, str]:
    """A catalog or effect error message, shortened, and a fix for it, by what it says."""
    choice = CHOICE.match(message)
    if not choice:
        return message, _catalog_fix(message)
    options = choice["options"].split(", ")
    close = difflib.get_close_matches(choice["value"].strip("'"), options, n=3)
    listed = len(options) <= MAX_LISTED
    if not listed:
        message = f"{choice['head']}{choice['value']} is not one of its {len(options)} values"
    if close:
        return message, _suggestions(close)
    return message, f"use one of {', '.join(options)}" if listed else f"use one of the values {EFFECT_DOC} lists"


def _catalog_fix(message: str) -> str:
    """A fix for a catalog error message, by what it says."""
    if "is missing" in message:
        return f"add the field ({EFFECT_DOC} lists the fields of a card)"
    if "unknown field" in message:
        return f"remove the field or correct its spelling ({EFFECT_DOC} lists them)"
    if "'reason' is required" in message:
        return 'add reason = "..." saying what the engine does not play'
    if "effect_status" in message or "'effect' is empty" in message:
        return "make effect_status agree with the effect rows: 'modeled' or 'partial' with rows, 'none' without"
    if "must be" in message:
        return "give the field a value of the kind the message names"
    return f"correct the effect row ({EFFECT_DOC} lists every trigger, action and field)"


class _Reader:
    """Reads the tables of one boss file, keeping every problem it finds."""

    def __init__(self, file: str, lines: _Lines, catalog: Catalog):
        self.file = file
        self.lines = lines
        self.catalog = catalog
        self.problems: list[BossProblem] = []
        self.boss_at = lines.table("boss")
        self.broken: set[str] = set()  # names of boss-only cards with problems of their own

    def problem(self, line: int, message: str, fix: str) -> None:
        self.problems.append(BossProblem(self.file, line, message, fix))

    def unknown_keys(self, table: dict[str, Any], allowed: tuple[str, ...], where: str, position: int | None) -> None:
        for key in table:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                fix = _suggestions(close) if close else f"remove it; {where} takes {', '.join(allowed)}"
                self.problem(self.lines.at(position, key), f"unknown key {key!r} in {where}", fix)

    def tables(self, doc: dict[str, Any], key: str) -> Iterator[tuple[int, dict[str, Any], int | None]]:
        """(index, table, position) of each `[[key]]` table; a problem for anything else."""
        value = doc.get(key, [])
        if not isinstance(value, list):
            self.problem(
                self.lines.at(0, key), f"{key!r} must be a list of [[{key}]] tables", f"write each as [[{key}]]"
            )
            return
        for i, table in enumerate(value):
            position = self.lines.table(key, i)
            if not isinstance(table, dict):
                self.problem(self.lines.at(position), f"{key} {i + 1} is not a table", f"write it as a [[{key}]] table")
                continue
            yield i, table, position

    # ------------------------------------------------------------ the whole file

    def read(self, doc: dict[str, Any]) -> Boss | None:
        self.unknown_keys(doc, FILE_KEYS, "a boss file", 0)
        cards = self.read_cards(doc)
        creature, example = self.read_boss(doc)
        if creature is not None:
            clash = next((c for c in cards if c.name.casefold() == creature.name.casefold()), None)
            if clash is not None:
                self.problem(
                    self.lines.at(self.boss_at, "name"),
                    f"the boss and a boss-only card are both named {creature.name!r}",
                    "give the boss a name of its own",
                )
        deck = self.read_deck(doc, {c.name.casefold(): c for c in cards}, creature)
        if self.problems or creature is None:
            return None
        boss = Boss(
            name=creature.name,
            file=self.file,
            example=example,
            hp=creature.hp or 0,
            creature=creature,
            cards=tuple(cards),
            deck=tuple((card.name, n) for card, n in deck),
            deck_cards=tuple(card for card, _ in deck),
        )
        try:  # what only the compiled tables can tell (too many artwork tags for the bitmask)
            boss.catalog(self.catalog).tables()
        except CatalogError as err:
            self.problem(self.lines.at(self.boss_at), str(err), "use artwork tags the catalog already has")
            return None
        return boss

    # ------------------------------------------------------------ [boss]

    def read_boss(self, doc: dict[str, Any]) -> tuple[Card | None, bool]:
        raw = doc.get("boss")
        at = self.boss_at
        if raw is None:
            self.problem(1, "no [boss] table", "add a [boss] table with the boss's name, hp and base (docs/bosses.md)")
            return None, False
        if not isinstance(raw, dict):
            self.problem(self.lines.at(0, "boss"), "'boss' must be a table", "write it as a [boss] table")
            return None, False
        start = len(self.problems)
        self.unknown_keys(raw, BOSS_KEYS, "[boss]", at)

        def line(key: str | None = None) -> int:
            return self.lines.at(at, key)

        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            message = "the boss has no name" if name is None else f"'name' must be text, got {name!r}"
            self.problem(line("name"), message, 'write name = "..." in [boss], e.g. "Omega Titan Ascendant"')
            name = None
        example = raw.get("example", False)
        if not isinstance(example, bool):
            self.problem(line("example"), f"'example' must be true or false, got {example!r}", "write example = true")
        base = self.read_base(raw, line("base"))
        if name is not None and name.strip() in self.catalog:
            like = f"{(base.name if base else name.strip())} Ascendant"
            self.problem(
                line("name"),
                f"the boss is named {name.strip()!r}, the name of a catalog card",
                f"name the boss apart from the card it is built on, like {like!r}",
            )
        hp = raw.get("hp")
        if hp is None:
            self.problem(line(), "[boss] has no 'hp'", _HP_FIX)
        elif not _is_int(hp) or not 1 <= hp <= MAX_BOSS_HP:
            self.problem(line("hp"), f"'hp' must be a whole number from 1 to {MAX_BOSS_HP}, got {hp!r}", _HP_FIX)
        given_base = "base" in raw  # a wrong base is one problem, not one per stat it would give
        stats: dict[str, Any] = {}
        for key in BOSS_STATS:
            low, high = CREATURE_STATS[key]
            stats[key] = self.value(raw, key, line, given_base, base, "int", low=low, high=high)
        stats["creature_type"] = self.value(raw, "creature_type", line, given_base, base, "choice", CreatureType)
        stats["attack"] = self.value(raw, "attack", line, given_base, base, "text")
        status = self.value(raw, "effect_status", line, given_base, base, "choice", EffectStatus)
        reason = raw.get("reason", base.reason if base and "effect_status" not in raw else "")
        if not isinstance(reason, str):
            self.problem(line("reason"), f"'reason' must be text, got {reason!r}", 'write reason = "..."')
        artwork = raw.get("artwork", list(base.artwork) if base else [])
        if not isinstance(artwork, list) or not all(isinstance(t, str) for t in artwork):
            self.problem(
                line("artwork"), f"'artwork' must be a list of tags, got {artwork!r}", 'write artwork = ["space"]'
            )
        effects = self.read_effects(raw, base)
        if len(self.problems) > start or name is None or (given_base and base is None):
            return None, bool(example)
        try:
            check_effect_status(status, reason, effects, f"boss {name.strip()!r}")
        except CatalogError as err:
            self.problem(line("effect_status"), *_explained(str(err)))
            return None, bool(example)
        creature = Card(
            name=name.strip(),
            generation=0,
            number=0,
            rarity="promo",
            card_type="creature",
            effect_status=status,
            effects=tuple(effects),
            reason=reason,
            hp=hp,
            artwork=tuple(artwork),
            artwork_inferred=bool(base and base.artwork_inferred and "artwork" not in raw),
            source=self.file,
            **stats,
        )
        return creature, example

    def read_base(self, raw: dict[str, Any], line: int) -> Card | None:
        if "base" not in raw:
            return None
        base = raw["base"]
        if not isinstance(base, str):
            self.problem(line, f"'base' must be a card name, got {base!r}", 'write base = "Omega Titan"')
            return None
        if base not in self.catalog:
            hint = self.catalog.suggest(base)
            fix = _suggestions(hint) if hint else "name a creature of the catalog (wardsim cards --type creature)"
            self.problem(line, f"unknown card {base!r} as the boss's base", fix)
            return None
        card = self.catalog[base]
        if not card.is_creature:
            self.problem(
                line,
                f"the boss's base {card.name!r} is a magic card",
                'build the boss on a creature, e.g. base = "Omega Titan", or leave base out and give its stats',
            )
            return None
        return card

    def value(
        self,
        raw: dict[str, Any],
        key: str,
        line: Callable[..., int],
        given_base: bool,
        base: Card | None,
        kind: str,
        group: Any = None,
        low: int = 0,
        high: int | None = None,
    ) -> Any:
        """A creature field of [boss]: its own value, checked, or the base's."""
        if key not in raw:
            if base is not None:
                return getattr(base, key)
            if not given_base:
                self.problem(line(), f"[boss] has no {key!r} and no 'base' to take it from", _missing_fix(key))
            return None
        value = raw[key]
        if kind == "int":
            if not _is_int(value) or value < low or (high is not None and value > high):
                bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
                self.problem(line(key), f"{key!r} must be a whole number {bounds}, got {value!r}", _missing_fix(key))
        elif kind == "choice":
            if value not in group._fields:
                close = difflib.get_close_matches(str(value), group._fields, n=1)
                fix = _suggestions(close) if close else f"use one of {', '.join(group._fields)}"
                self.problem(line(key), f"{key!r}: {value!r} is not one of {', '.join(group._fields)}", fix)
        elif not isinstance(value, str) or not value.strip():
            self.problem(line(key), f"{key!r} must be text, got {value!r}", _missing_fix(key))
        return value

    def read_effects(self, raw: dict[str, Any], base: Card | None) -> list[Effect]:
        if "effect" not in raw:
            return list(base.effects) if base else []
        rows = raw["effect"]
        if not isinstance(rows, list):
            self.problem(
                self.lines.at(self.boss_at, "effect"),
                "'effect' must be a list of [[boss.effect]] tables",
                "write each row as a [[boss.effect]] table",
            )
            return []
        effects = []
        for i, row in enumerate(rows):
            position = self.lines.child(self.boss_at, "boss.effect", i)
            try:
                effects.append(parse_effect(row))
            except EffectError as err:
                key = re.search(r"field '(\w+)", str(err))
                line = self.lines.at(position, key[1] if key else None)
                self.problem(line, *_explained(f"boss effect {i + 1}: {err}"))
        return effects

    # ------------------------------------------------------------ [[card]]

    def read_cards(self, doc: dict[str, Any]) -> list[Card]:
        cards: list[Card] = []
        first: dict[str, int] = {}  # a name, folded -> the line of its first [[card]]
        for i, raw, position in self.tables(doc, "card"):
            raw = raw if "number" in raw else {**raw, "number": i + 1}
            try:
                card = parse_card(raw, self.file, 0)
            except CatalogError as err:
                message = str(err).removeprefix(f"{self.file}: ")
                effect = re.search(r": effect (\d+):", message)
                key = re.search(r"field '(\w+)", message)
                where = self.lines.child(position, "card.effect", int(effect[1]) - 1) if effect else position
                self.problem(self.lines.at(where, key[1] if key else None), *_explained(message))
                if isinstance(raw.get("name"), str):
                    self.broken.add(raw["name"].strip().casefold())
                continue
            line = self.lines.at(position, "name")
            folded = card.name.casefold()
            if card.name in self.catalog:
                self.problem(
                    line,
                    f"boss-only card {card.name!r} has the name of a catalog card",
                    "rename it, or drop this [[card]] table and put the catalog's card in the deck",
                )
            elif folded in first:
                self.problem(
                    line,
                    f"boss-only card {card.name!r} is defined twice (first at line {first[folded]})",
                    "keep one [[card]] table per name",
                )
            else:
                first[folded] = line
                cards.append(card)
        return cards

    # ------------------------------------------------------------ [[deck]]

    def read_deck(self, doc: dict[str, Any], own: dict[str, Card], boss: Card | None) -> list[tuple[Card, int]]:
        copies: dict[str, tuple[Card, int]] = {}  # by printed name, in file order
        listed = 0  # copies listed, known names or not
        too_many_at = None
        last_line = self.lines.at(self.boss_at)
        for _, raw, position in self.tables(doc, "deck"):
            self.unknown_keys(raw, DECK_KEYS, "[[deck]]", position)
            line = self.lines.at(position, "card")
            last_line = line
            count = raw.get("count", 1)
            if not _is_int(count) or count < 1:
                self.problem(
                    self.lines.at(position, "count"),
                    f"'count' must be a whole number of 1 or more, got {count!r}",
                    "write count = 2, or leave it out for 1 copy",
                )
                count = 1
            listed += count
            if listed > MAX_BOSS_DECK and too_many_at is None:
                too_many_at = line
            card = self.deck_card(raw, line, own, boss)
            if card is not None:
                copies[card.name] = (card, copies.get(card.name, (card, 0))[1] + count)
        if listed == 0:
            self.problem(
                last_line,
                "the boss's deck is empty",
                f'add [[deck]] tables with card = "..." and count: 1 to {MAX_BOSS_DECK} magic cards',
            )
        elif too_many_at is not None:
            self.problem(
                too_many_at,
                f"the boss's deck has {listed} cards; it holds at most {MAX_BOSS_DECK} (the boss takes the 30th slot)",
                f"take {listed - MAX_BOSS_DECK} card{'s' if listed - MAX_BOSS_DECK > 1 else ''} out of the deck",
            )
        return list(copies.values())

    def deck_card(self, raw: dict[str, Any], line: int, own: dict[str, Card], boss: Card | None) -> Card | None:
        name = raw.get("card")
        if not isinstance(name, str) or not name.strip():
            self.problem(line, f'a [[deck]] table needs card = "NAME", got {name!r}', 'write card = "Cosmic Storm"')
            return None
        name = name.strip()
        folded = name.casefold()
        if boss is not None and folded == boss.name.casefold():
            self.problem(
                line,
                f"the boss {boss.name!r} is in its own deck",
                "remove it: the boss is its deck's only creature, so boss decks hold magic cards only",
            )
            return None
        card = own.get(folded) or (self.catalog[name] if name in self.catalog else None)
        if card is None and folded in self.broken:
            return None  # its [[card]] table has the problem
        if card is None:
            hint = self.catalog.suggest(name) + difflib.get_close_matches(name, [c.name for c in own.values()], n=2)
            fix = (
                _suggestions(hint)
                if hint
                else "write the name as printed (wardsim cards --name TEXT), or define it in a [[card]] table"
            )
            self.problem(line, f"unknown card {name!r}", fix)
            return None
        if card.is_creature:
            self.problem(
                line,
                f"{card.name!r} is a creature",
                "remove it: the boss is its deck's only creature, so boss decks hold magic cards only",
            )
            return None
        return card


def _missing_fix(key: str) -> str:
    examples = {
        "armor_level": "armor_level = 12 (1 to 12)",
        "speed": "speed = 6",
        "attack_dice": "attack_dice = 4",
        "modifier": "modifier = 4",
        "creature_type": 'creature_type = "cosmic"',
        "attack": 'attack = "Nebula Blast"',
        "effect_status": 'effect_status = "modeled"',
    }
    return f"write {examples[key]} in [boss], or name a catalog creature as its base"
