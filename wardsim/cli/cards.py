"""`wardsim cards`: the catalog as a table, as JSON, or as effect coverage."""

from __future__ import annotations

import json
from enum import StrEnum

import typer
from rich.console import Console
from rich.table import Table

from wardsim.catalog import Card, default_catalog


class CardKind(StrEnum):
    creature = "creature"
    magic = "magic"


def _generation(value: str | None) -> int | None:
    if value is None:
        return None
    if value.lower() in ("promo", "promos", "0"):
        return 0
    if value not in ("1", "2", "3"):
        raise typer.BadParameter("expected 1, 2, 3 or promo")
    return int(value)


def _stat(card: Card) -> list[str]:
    if card.is_creature:
        return [
            str(card.armor_level),
            str(card.speed),
            str(card.hp),
            f"{card.attack_dice}d6+{card.modifier}",
            card.creature_type or "",
        ]
    kind = (card.magic_type or "").replace("_", " ")
    if card.magic_subtype != "none":
        kind += f" {card.magic_subtype}"
    return ["", "", "", "", kind]


def cards(
    generation: str = typer.Option(None, "--generation", "-g", help="1, 2, 3 or promo."),
    kind: CardKind = typer.Option(None, "--type", "-t", help="creature or magic."),
    name: str = typer.Option(None, "--name", "-n", help="Only cards whose name contains this."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list of card objects."),
    coverage: bool = typer.Option(
        False,
        "--coverage",
        help="Print effect coverage per generation; with --generation, also name the cards not played in full.",
    ),
    text: bool = typer.Option(False, "--text", help="Show each encoded effect in plain English."),
) -> None:
    """List the cards of the catalog."""
    catalog = default_catalog()
    gen = _generation(generation)  # a bad --generation is refused here too, not ignored
    if coverage:
        counts = catalog.coverage()
        left = None
        if gen is not None:
            label = next(c.generation_label for c in catalog if c.generation == gen)
            counts = {label: counts[label]}
            left = [c for c in catalog if c.generation == gen and c.effect_status in ("partial", "unmodeled")]
        _print_coverage(counts, as_json, left)
        return
    chosen = [
        c
        for c in catalog
        if (gen is None or c.generation == gen)
        and (kind is None or c.card_type == kind.value)
        and (name is None or name.casefold() in c.name.casefold())
    ]
    if as_json:
        typer.echo(json.dumps([c.as_dict() for c in chosen], indent=1, ensure_ascii=False))
        return
    table = Table(title=f"{len(chosen)} cards", show_lines=text)
    for col in ("gen", "#", "name", "rarity", "AL", "SPD", "HP", "attack", "type", "effect"):
        table.add_column(col, justify="right" if col in ("#", "AL", "SPD", "HP") else "left")
    for c in chosen:
        effect = c.effect_status
        if text:
            effect += "".join(f"\n{line}" for line in ([c.reason] if c.reason else []) + c.effect_text())
        table.add_row(c.generation_label, str(c.number), c.name, c.rarity, *_stat(c), effect)
    Console().print(table)


def _print_coverage(coverage: dict[str, dict[str, int]], as_json: bool, left: list[Card] | None = None) -> None:
    """The coverage table; `left`: the cards of one generation not played in full, each named
    with its status and the reason the catalog gives."""
    rows: dict[str, dict] = {}
    for gen, counts in coverage.items():
        with_text = sum(counts.values()) - counts["none"]
        rows[gen] = {
            **counts,
            "with_text": with_text,
            "modeled_share": round(counts["modeled"] / with_text, 4) if with_text else 1.0,
        }
    if left is not None:
        (gen,) = rows
        rows[gen]["left"] = [{"name": c.name, "effect_status": c.effect_status, "reason": c.reason} for c in left]
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    table = Table(title="Effect coverage (share of cards with text that the engine plays in full)")
    for col in ("generation", "cards", "no text", "modeled", "partial", "unmodeled", "modeled share"):
        table.add_column(col, justify="left" if col == "generation" else "right")
    for gen, r in rows.items():
        table.add_row(
            gen,
            str(r["with_text"] + r["none"]),
            str(r["none"]),
            str(r["modeled"]),
            str(r["partial"]),
            str(r["unmodeled"]),
            f"{100 * r['modeled_share']:.1f}%",
        )
    Console().print(table)
    if left:
        others = Table(title=f"{len(left)} cards not played in full", show_lines=True)
        for col in ("name", "effect", "reason"):
            others.add_column(col)
        for c in left:
            others.add_row(c.name, c.effect_status, c.reason or "")
        Console().print(others)
