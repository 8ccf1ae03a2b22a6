"""Deck-building formats: copy limits, and the limited and banned lists.

The formats are data (`wardsim/data/formats.toml`): `official` carries the rules guide's list
(updated 1/30/25); `casual` plays the same deck rules without it (DESIGN.md ruling 1). The
deck size is the game's, not a format's (`wardsim.rules.DECK_SIZE`): the engine is built on it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from wardsim.catalog import Catalog, CatalogError, default_catalog
from wardsim.rules import DECK_SIZE

FORMATS_FILE = "formats.toml"


@dataclass(frozen=True)
class Format:
    """The deck rules of one format. Card names are the catalog's spelling."""

    name: str
    description: str
    max_copies: int
    limited_copies: int
    promo_copies: int
    limited: frozenset[str]
    banned: frozenset[str]

    @property
    def deck_size(self) -> int:
        return DECK_SIZE

    def copies_allowed(self, card_name: str, is_promo: bool) -> int:
        """How many copies of a card a legal deck may hold."""
        if card_name in self.banned:
            return 0
        allowed = self.max_copies
        if card_name in self.limited:
            allowed = min(allowed, self.limited_copies)
        if is_promo:
            allowed = min(allowed, self.promo_copies)
        return allowed


def _resolve(names: list[str], aliases: dict[str, str], catalog: Catalog, where: str) -> frozenset[str]:
    out = set()
    for printed in names:
        name = aliases.get(printed, printed)
        try:
            out.add(catalog[name].name)
        except KeyError as err:
            raise CatalogError(f"{where}: {err.args[0]}") from None
    return frozenset(out)


@lru_cache(maxsize=4)
def load_formats(catalog: Catalog | None = None) -> dict[str, Format]:
    """All formats, with their lists checked against the catalog."""
    catalog = catalog or default_catalog()
    path = resources.files("wardsim") / "data" / FORMATS_FILE
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    formats = {}
    for name, spec in doc.items():
        where = f"{path}: format {name!r}"
        aliases = spec.get("aliases", {})
        formats[name] = Format(
            name=name,
            description=spec["description"],
            max_copies=spec["max_copies"],
            limited_copies=spec["limited_copies"],
            promo_copies=spec["promo_copies"],
            limited=_resolve(spec.get("limited", []), aliases, catalog, where),
            banned=_resolve(spec.get("banned", []), aliases, catalog, where),
        )
    return formats


def get_format(name: str, catalog: Catalog | None = None) -> Format:
    """A format by name; ValueError listing the known ones otherwise."""
    formats = load_formats(catalog)
    if name not in formats:
        raise ValueError(f"unknown format {name!r}; known formats: {', '.join(formats)}")
    return formats[name]
