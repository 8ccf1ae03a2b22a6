"""The rules options of every command that plays games, built once from `wardsim.rules.Rules`.

`@rule_options` adds one option per field of `Rules` (its flag, help and bounds come from the
field) to a command, and hands the command a `rules: Rules` argument in their place. A new
field of `Rules` is an option of every game-playing command with no other change.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import typer

from wardsim.rules import Rules, rule_fields

_PREFIX = "rule_"


def rule_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Give `command` (which takes `rules: Rules`) the rules options instead of `rules`: every
    rule but the Boss Battles ones, which only a boss's games read."""
    return _with_rules(command, [f for f in rule_fields() if not f.metadata["boss"]])


def boss_rule_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`rule_options` with the Boss Battles rules too (`wardsim boss`)."""
    return _with_rules(command, rule_fields())


def _with_rules(command: Callable[..., Any], offered: list) -> Callable[..., Any]:
    signature = inspect.signature(command)
    kept = [p for p in signature.parameters.values() if p.name != "rules"]
    added = []
    for f in offered:
        meta = f.metadata
        kind = bool if isinstance(f.default, bool) else int
        bounds = {} if kind is bool else {"min": meta["low"], "max": meta["high"]}
        option = typer.Option(f.default, meta["option"], help=meta["help"], rich_help_panel="Rules", **bounds)
        added.append(
            inspect.Parameter(_PREFIX + f.name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=kind)
        )

    @functools.wraps(command)
    def with_rules(*args: Any, **kwargs: Any) -> Any:
        values = {f.name: kwargs.pop(_PREFIX + f.name) for f in offered}
        try:
            rules = Rules(**values)
        except ValueError as problem:
            raise typer.BadParameter(str(problem)) from None
        return command(*args, rules=rules, **kwargs)

    with_rules.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    return with_rules
