"""The effect language: card effects as data.

A card's effect is a list of rows. Each row says when it fires (`trigger`), on what extra
condition (`condition`, `filter`, `roll`), what it does (`action`), to whom (`target`), how much
(`amount`, `divisor`, `dice`, `stat`, `status`, `scale`), for how long (`duration`) and how it
combines (`flags`). In a catalog file a row is a TOML table under the card::

    [[card.effect]]
    trigger = "on_hit"
    roll = "4-6"
    action = "apply_status"
    status = "frozen"
    target = "struck"
    duration = 1

This module validates rows, renders them as plain English for proofreading, and compiles them
into the int32 effect table the kernels interpret (columns in `kernel.enums.EffectCol`). A new
card that uses existing primitives needs no kernel change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wardsim.kernel.enums import (
    N_EFFECT_COLS,
    Action,
    CardType,
    Condition,
    CreatureType,
    Duration,
    EffectCol,
    Flag,
    Rarity,
    Scale,
    Stat,
    Status,
    Target,
    Trigger,
    Zone,
)
from wardsim.rules import AL_CAP

ROW_KEYS = {
    "trigger",
    "action",
    "target",
    "condition",
    "stat",
    "status",
    "amount",
    "divisor",
    "dice",
    "roll",
    "release",
    "duration",
    "scale",
    "filter",
    "from",
    "to",
    "flags",
    "note",
}
FILTER_KEYS = {"types", "tags", "names", "card_type", "max_al", "min_al", "max_rarity"}


class EffectError(ValueError):
    """A malformed effect row; the message names the field."""


@dataclass(frozen=True)
class Filter:
    """Which cards an effect cares about: any listed type, tag or name keyword matches."""

    types: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    card_type: str | None = None
    max_al: int = 0
    min_al: int = 0
    max_rarity: str | None = None

    def __bool__(self) -> bool:
        return bool(
            self.types or self.tags or self.names or self.card_type or self.max_al or self.min_al or self.max_rarity
        )


@dataclass(frozen=True)
class Effect:
    """One row of a card's effect."""

    trigger: str
    action: str
    target: str = "self"
    condition: str = "always"
    stat: str = "none"
    status: str = "none"
    amount: int = 0
    divisor: int = 1
    dice: int = 0
    roll: tuple[int, int] | None = None
    release: tuple[int, int] | None = None
    duration: int | str = "instant"
    scale: str = "none"
    filter: Filter = field(default_factory=Filter)
    zone_from: str = "none"
    zone_to: str = "none"
    flags: tuple[str, ...] = ()
    note: str = ""


def _enum_value(group: Any, key: str, value: Any) -> str:
    if not isinstance(value, str) or value not in group._fields:
        raise EffectError(f"field {key!r}: {value!r} is not one of {', '.join(group._fields)}")
    return value


def _int(key: str, value: Any, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise EffectError(f"field {key!r}: expected an integer >= {low}, got {value!r}")
    return value


def _range(key: str, value: Any) -> tuple[int, int]:
    """'4-6' or '6' (a single d6 face) -> (lo, hi)."""
    text = str(value)
    lo_s, _, hi_s = text.partition("-")
    try:
        lo, hi = int(lo_s), int(hi_s or lo_s)
    except ValueError:
        raise EffectError(f"field {key!r}: expected a d6 range such as '4-6', got {value!r}") from None
    if not 1 <= lo <= hi <= 6:
        raise EffectError(f"field {key!r}: {value!r} is not a range of d6 faces")
    return lo, hi


def _duration(value: Any) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 1:
            raise EffectError(f"field 'duration': turn cycles must be >= 1, got {value}")
        return value
    return _enum_value(Duration, "duration", value)


def _list(key: str, value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise EffectError(f"field {key!r}: expected a list, got {value!r}")
    return list(value)


def _filter(value: Any) -> Filter:
    if not isinstance(value, dict):
        raise EffectError(f"field 'filter': expected a table, got {value!r}")
    unknown = set(value) - FILTER_KEYS
    if unknown:
        raise EffectError(f"field 'filter': unknown keys {sorted(unknown)}")
    for key in ("types", "tags", "names"):
        _list(f"filter.{key}", value.get(key, ()))
    types = tuple(value.get("types", ()))
    for t in types:
        _enum_value(CreatureType, "filter.types", t)
    card_type = value.get("card_type")
    if card_type is not None:
        _enum_value(CardType, "filter.card_type", card_type)
    max_rarity = value.get("max_rarity")
    if max_rarity is not None:
        _enum_value(Rarity, "filter.max_rarity", max_rarity)
    return Filter(
        types=types,
        tags=tuple(str(t).lower() for t in value.get("tags", ())),
        names=tuple(str(n) for n in value.get("names", ())),
        card_type=card_type,
        max_al=_int("filter.max_al", value.get("max_al", 0)),
        min_al=_int("filter.min_al", value.get("min_al", 0)),
        max_rarity=max_rarity,
    )


def parse_effect(row: dict[str, Any]) -> Effect:
    """Validate one effect table from a catalog file."""
    if not isinstance(row, dict):
        raise EffectError(f"an effect row must be a table, got {row!r}")
    unknown = set(row) - ROW_KEYS
    if unknown:
        raise EffectError(f"unknown fields {sorted(unknown)} (allowed: {', '.join(sorted(ROW_KEYS))})")
    for key in ("trigger", "action"):
        if key not in row:
            raise EffectError(f"field {key!r} is required")
    flags = tuple(_list("flags", row.get("flags", ())))
    for f in flags:
        _enum_value(Flag, "flags", f)
    effect = Effect(
        trigger=_enum_value(Trigger, "trigger", row["trigger"]),
        action=_enum_value(Action, "action", row["action"]),
        target=_enum_value(Target, "target", row.get("target", "self")),
        condition=_enum_value(Condition, "condition", row.get("condition", "always")),
        stat=_enum_value(Stat, "stat", row.get("stat", "none")),
        status=_enum_value(Status, "status", row.get("status", "none")),
        amount=_int("amount", row.get("amount", 0), low=-99),
        divisor=_int("divisor", row.get("divisor", 1), low=1),
        dice=_int("dice", row.get("dice", 0)),
        roll=_range("roll", row["roll"]) if "roll" in row else None,
        release=_range("release", row["release"]) if "release" in row else None,
        duration=_duration(row.get("duration", "instant")),
        scale=_enum_value(Scale, "scale", row.get("scale", "none")),
        filter=_filter(row.get("filter", {})),
        zone_from=_enum_value(Zone, "from", row.get("from", "none")),
        zone_to=_enum_value(Zone, "to", row.get("to", "none")),
        flags=flags,
        note=str(row.get("note", "")),
    )
    _check_action_fields(effect)
    return effect


def _check_action_fields(e: Effect) -> None:
    """The fields an action cannot do without."""
    needs_stat = {"modify_stat", "scale_stat", "set_stat", "stat_floor"}
    if e.action in needs_stat and e.stat == "none":
        raise EffectError(f"action {e.action!r} needs a 'stat'")
    if e.action == "apply_status" and e.status == "none":
        raise EffectError("action 'apply_status' needs a 'status'")
    if e.action in {"dot", "hot"} and e.duration == "instant":
        raise EffectError(f"action {e.action!r} needs a 'duration'")
    if e.action in {"multiply_damage"} and e.amount < 2:
        raise EffectError("action 'multiply_damage' needs an 'amount' of 2 or more")
    if e.action in {"move_card", "limited_summon", "summon_primary"} and e.zone_from == "none":
        raise EffectError(f"action {e.action!r} needs a 'from' zone")
    if e.action == "double_magic" and e.stat == "none":
        raise EffectError("action 'double_magic' needs a 'stat'")
    if e.action == "move_card" and e.zone_to == "none":
        raise EffectError("action 'move_card' needs a 'to' zone")
    if e.trigger == "named_leaves" and not e.filter.names:
        raise EffectError("trigger 'named_leaves' needs a 'filter' with 'names'")
    filtered = {"target_matches", "equipped_with", "own_primary_matches", "holds_under", "target_not_matching"}
    if e.condition in filtered | {
        "attacker_matches",
        "target_equipped_with",
        "opponent_side_matches",
        "hand_holds",
    } and not (e.filter):
        raise EffectError(f"condition {e.condition!r} needs a 'filter'")
    if e.action == "block_rarity" and not 0 < e.amount < 1 << len(Rarity):
        raise EffectError("action 'block_rarity' needs an 'amount': the sum of 1 << each rarity's code")
    if e.action == "magic_toll" and e.amount < 1:
        raise EffectError("action 'magic_toll' needs an 'amount' of 1 or more")
    if e.action == "set_base_stat" and e.stat not in {"speed", "attack_dice", "modifier"}:
        raise EffectError("action 'set_base_stat' needs a 'stat' of speed, attack_dice or modifier")
    if e.action == "set_creature_type" and (len(e.filter.types) != 1 or e.filter.tags or e.filter.names):
        raise EffectError("action 'set_creature_type' needs a 'filter' of exactly one creature type")
    if e.action == "order_deck_top" and e.amount < 1:
        raise EffectError("action 'order_deck_top' needs an 'amount' of 1 or more")
    if "same_roll" in e.flags and e.roll is None and "dice_match" not in e.flags:
        raise EffectError("flag 'same_roll' needs a 'roll'")
    if e.action == "hit_needs_face" and e.roll is None:
        raise EffectError("action 'hit_needs_face' needs a 'roll': the faces a Hit die must show")
    if e.action == "hit_needs_match" and e.amount < 1:
        raise EffectError("action 'hit_needs_match' needs an 'amount' of 1 or more: the lowest matching face")
    if "overflow" in e.flags and e.action != "heal_from_damage":
        raise EffectError("flag 'overflow' belongs to a 'heal_from_damage' row")
    if e.action == "break_free" and (e.trigger != "on_play" or e.target != "self"):
        # Boss Battles, Break Free: the card acts once, as the boss draws and plays it
        raise EffectError("action 'break_free' belongs to an 'on_play' row with target 'self' (Break Free)")
    if "opponents" in e.flags and (e.action != "immune" or "magic" not in e.flags or "creature_effects" in e.flags):
        raise EffectError("flag 'opponents' belongs to an 'immune' row against 'magic' cards only")


# ---------------------------------------------------------------- plain English

_TRIGGER_TEXT = {
    "static": "While on the field",
    "on_play": "When played",
    "on_summon": "When summoned",
    "your_turn": "Once during your turn",
    "turn_start": "At the start of your turn",
    "turn_end": "At the end of your turn",
    "opponent_turn": "During your opponent's turn",
    "battle_start": "When a battle with this creature begins",
    "on_strike": "When this creature strikes",
    "on_hit": "When this creature hits",
    "on_damage_dealt": "When this creature inflicts Atk damage",
    "on_damage_taken": "When this creature would take damage",
    "on_killed_in_battle": "If killed in battle",
    "on_killed_by_opponent": "If killed by the opponent",
    "on_sacrificed": "If sacrificed",
    "on_destroyed": "If destroyed",
    "on_leave_field": "When it leaves the field",
    "summon_cost": "To summon it",
    "response_opponent_magic": "Lightning, when your opponent plays a magic card",
    "response_opponent_hit": "Lightning, when your opponent's creature hits",
    "response_battle": "Lightning, during a battle",
    "response_attack_finished": "Lightning, when your opponent finishes an attack",
    "response_own_hit": "Lightning, when your creature hits",
    "response_own_miss": "Lightning, when your creature misses its Hit roll",
    "response_opponent_battle": "Lightning, when your opponent's creature begins a battle with yours",
    "response_battle_start": "Lightning, when a battle begins",
    "response_any": "Lightning, at any time",
    "in_cemetery": "In the cemetery",
    "opponent_draws": "Each time your opponent draws a card",
    "on_killed": "If the equipped creature is killed",
    "creature_to_cemetery": "Each time a creature card is sent to a cemetery",
    "response_opponent_lightning": "Lightning, when your opponent plays a Lightning card",
    "response_opponent_summon": "Lightning, when your opponent summons a creature",
    "each_turn_start": "At the start of each turn",
    "response_opponent_heal": "Lightning, when your opponent plays a magic card to heal a creature",
    "before_hit_roll": "In each battle, before this creature's Hit roll",
    "on_hit_taken": "When this creature is hit",
    "opponent_turn_end": "At the end of each of your opponent's turns",
    "opponent_declares_battle": "When your opponent declares a battle",
    "equipped_leaves": "When the equipped creature leaves the field",
    "named_leaves": "When the last {filter} on the field leaves it",
    "opponent_battle": "When your opponent begins a battle, from your hand",
    "response_opponent_death": "Lightning, when your opponent sends a creature to their cemetery",
    "response_own_death": "Lightning, when your primary creature is killed by the Atk damage of a creature",
    "response_opponent_draw": "Lightning, when your opponent draws a card",
}

_TARGET_TEXT = {
    "self": "this card",
    "struck": "the creature it battles",
    "attacker": "the attacking creature",
    "equipped": "the equipped creature",
    "own_primary": "your primary creature",
    "opponent_primary": "the opponent's primary creature",
    "own_creatures": "your creatures",
    "opponent_creatures": "the opponent's creatures",
    "all_creatures": "all creatures",
    "all_primaries": "both primary creatures",
    "own_player": "you",
    "opponent_player": "your opponent",
    "both_players": "both players",
    "own_magic": "your magic cards",
    "opponent_magic": "the opponent's magic cards",
    "all_magic": "all magic cards",
    "played_card": "the card played",
    "summoned": "the creature summoned",
    "limited_summons": "every Limited Summon",
    "lowest_hp_primary": "the primary creature with the lowest HP (each of them, on a tie)",
    "drawn": "the card drawn",
}

_STAT_TEXT = {
    "armor_level": "AL",
    "speed": "SPD",
    "hp": "HP",
    "hit": "Hit",
    "atk": "Atk",
    "attack_dice": "Atk Dice Rolls",
    "hit_dice": "Hit Dice Rolls",
    "modifier": "Modifier",
}

_ZONE_TEXT = {
    "hand": "hand",
    "deck": "deck (shuffled)",
    "deck_bottom": "bottom of the deck",
    "cemetery": "cemetery",
    "field": "field",
    "opponent_field": "opponent's field",
    "opponent_cemetery": "opponent's cemetery",
    "hand_or_deck": "hand or deck",
    "under": "field, under this creature",
}

_CONDITION_TEXT = {
    "strikes_first": "if it strikes first in the battle",
    "atk_die_six": "if an Atk die shows 6",
    "target_matches": "against {filter}",
    "target_lower_al": "if the opponent's primary creature has a lower AL",
    "slower_than_target": "if it is slower than the opponent's primary creature",
    "attacker_not_matching": "from any creature that is not {filter}",
    "not_atk_damage": "from anything but Atk damage",
    "no_damage_this_turn": "if the equipped creature inflicted no damage this turn",
    "named_on_field": "if {filter} is on the field",
    "own_turn": "during your turns",
    "equipped_with": "if {filter} is also equipped to the same creature",
    "idle_last_turn": "during your turn, if it did not battle in your previous turn",
    "first_attack": "in its first attack since it came to the field",
    "own_primary_matches": "if your primary creature is {filter}",
    "opponent_lightning": "in a turn in which your opponent played a Lightning card",
    "holds_under": "while {filter} is under it",
    "target_not_matching": "against every creature that is not {filter}",
    "attacker_matches": "from {filter}",
    "hit_dice_match": "if its Hit dice match",
    "target_equipped_with": "against a creature with {filter} equipped to it",
    "below_half_hp": "while its HP is below half its printed HP",
    "no_battle_this_turn": "if they initiated no battle in it",
    "opponent_side_matches": "while {filter} is on your opponent's side of the field",
    "hand_holds": "if your hand holds {count} other cards that are {filter}",
    "below_primary_al": "with an AL lower than your primary creature's",
}

# targets that take a plural verb
_PLURAL = {
    "limited_summons",
    "own_creatures",
    "opponent_creatures",
    "all_creatures",
    "all_primaries",
    "both_players",
    "own_magic",
    "opponent_magic",
    "all_magic",
}


def render_filter(f: Filter) -> str:
    parts = [f"{t}-type" for t in f.types]
    parts += [f"with {t} in the artwork" for t in f.tags]
    parts += [f'named "{n}"' for n in f.names]
    text = " or ".join(parts)
    noun = {"creature": "creature", "magic": "magic card"}.get(f.card_type or "", "card")
    if f.max_rarity:  # Orc Hunter: "Common / Uncommon"
        names = list(Rarity._fields)
        noun = " / ".join(names[: names.index(f.max_rarity) + 1]) + " " + noun
    text = f"a {noun} {text}" if parts else f"a {noun}"
    if f.max_al:
        text += f" of AL {f.max_al} or lower"
    if f.min_al:
        text += f" of AL {f.min_al} or higher" if f.min_al < AL_CAP else f" of AL {AL_CAP}"
    return text


def _destroy_text(amount: int, target_key: str, target: str) -> str:
    if target_key == "self":
        return "destroy this card"
    if target_key == "all_magic":
        # never the card itself: a card on the field destroys the others (Adam Bomb)
        target = "other magic cards on the field" if amount != 1 else "magic card on the field"
    return (
        f"destroy {'all' if amount == 0 else amount} {target}"
        if target_key == "all_magic"
        else f"destroy {'all of' if amount == 0 else f'{amount} of'} {target}"
    )


def _duration_text(d: int | str) -> str:
    if isinstance(d, int):
        return f" for {d} turn cycle{'s' if d > 1 else ''}"
    return {
        "instant": "",
        "battle": " for this battle",
        "turn": " this turn",
        "source": " while the source stays on the field",
        "permanent": " for the rest of the game",
        "released": " until released",
    }[d]


def _amount_text(e: Effect) -> str:
    text = str(e.amount) if e.amount or not e.dice else ""
    if e.dice:
        text = f"{e.dice}d6" + (f"+{e.amount}" if e.amount else "")
    if e.divisor > 1:
        text = f"{e.amount}/{e.divisor}"
    if e.scale != "none":
        text += {
            "hand_named": (
                " per card you choose to reveal from your hand"
                if e.trigger == "battle_start" and "optional" in e.flags
                else " per card in your hand (or under this creature) that is {f}"
                if e.filter
                else " per card in your hand"
            ),
            "opponent_cemetery_creatures": " per creature in the opponent's cemetery",
            "opponent_deaths_since_summon": " per creature sent to the opponent's cemetery since summoned",
            "turn_cycles": " per turn cycle",
            "cards_moved": " per card the card sent to that player's deck",
            "opponent_hand": " per card in the opponent's hand",
            "opponent_primary_modifier": " times the printed Modifier of the opponent's primary creature",
            "opponent_primary_attack_dice": " times the printed Atk Dice Rolls of the opponent's primary creature",
            "speed_gained": " per point of SPD above its printed SPD",
            "sent_hp": " times the printed HP of the creature card sent",
            "limited_held": " per Limited Summon it holds",
            "printed_stat": " times its printed value (doubled)",
            "opponent_primary_speed": " times the printed SPD of the opponent's primary creature",
            "destroyed_on_summon": " per magic card it destroyed when summoned",
            "sacrificed": " times the printed value of the creatures sacrificed to summon it",
            "equipped_creatures": " times the printed value of the creature cards equipped to it",
        }[e.scale].format(f=render_filter(e.filter))
    return text


def _move_text(e: Effect, target: str, zfrom: str, zto: str) -> str:
    if e.target == "drawn":  # Witch's Cabin
        where = "bottom of their deck" if e.zone_to == "deck_bottom" else f"their {zto}"
        return f"send {target} from their hand to the {where}"
    if e.target == "limited_summons":
        return f"send all Limited Summons on the field to their owners' {zto}"
    if e.trigger == "summon_cost":  # Deercrow
        return f"send 1 of its sacrifices that is {render_filter(e.filter)} from the cemetery to the {zto}"
    if e.trigger in {"equipped_leaves", "named_leaves"}:
        return f"return this card to its owner's {zto}"  # Moon Owl, Frog Bard, Ghul'Vok
    if e.zone_to == "under":
        return f"place {render_filter(e.filter)} from your hand under this creature"
    if e.target == "limited_summons":
        return f"send every Limited Summon to its owner's {zto}"  # Dragon of Time
    if e.target == "all_creatures" and e.zone_from == "field" and e.zone_to == "cemetery":
        return "destroy all creatures on the field (they die)"  # Maximum Ward
    if e.zone_from == "hand":
        # a card of a hand: the player's own (a cost: Vampire Lord, Wizard Frog) or the opponent's
        whose = "your opponent's" if e.target == "opponent_player" else "your"
        return f"send {render_filter(e.filter)} from {whose} hand to {'their' if whose != 'your' else 'your'} {zto}"
    return f"move {render_filter(e.filter) if e.filter else target} from the {zfrom} to the {zto}"


def _reroll_text(e: Effect) -> str:
    """The roll a re-roll row re-rolls: Winter Griffin's one die of a roll, or a whole roll."""
    roll = {"hit_dice": "its Hit roll", "attack_dice": "its Atk roll"}.get(e.stat)
    if roll is None:
        roll = "either its Hit roll or its Atk roll"
    if e.amount > 0:
        return f"{e.amount} {'die' if e.amount == 1 else 'dice'} of {roll}"
    return roll


def render(e: Effect) -> str:
    """One plain-English sentence for an effect row."""
    target = _TARGET_TEXT[e.target]
    s = "" if e.target in _PLURAL else "s"  # verb agreement: "gets" / "get"
    has = "have" if e.target in _PLURAL else "has"
    is_ = "are" if e.target in _PLURAL else "is"
    its = "their" if e.target in _PLURAL else "its"
    stat = _STAT_TEXT.get(e.stat, e.stat)
    overflow = "overflow" in e.flags  # Succubus
    amount = _amount_text(e)
    zfrom, zto = _ZONE_TEXT.get(e.zone_from, ""), _ZONE_TEXT.get(e.zone_to, "")
    what = {
        "multiply_damage": f"this creature takes {e.amount}x Atk damage"
        if e.trigger == "on_damage_taken"
        else f"{target} inflict{s} {e.amount}x Atk damage"
        if e.target in _PLURAL  # a field card: every attacker (Dragon's Bane, Orcs VS Apes)
        else f"inflict {e.amount}x Atk damage",
        "dot": f"{target} take{s} {amount} damage ({e.status}) once per turn cycle",
        "hot": f"{target} heal{s} {amount} HP once per turn cycle",
        "apply_status": f"{target} {is_} {e.status}"
        + (
            f" (cannot initiate battle), healing {amount} HP once per turn cycle, until any damage wakes it "
            "and sends this card to the cemetery"
            if e.status == "asleep"
            else ": the next attack against it is negated"
            if e.status == "shielded"
            else f", taking {amount} damage once per turn cycle"
            if e.amount or e.dice
            else ""
        ),
        "modify_stat": (
            f"{target} get{s} the printed {stat} of the creatures sacrificed to summon "
            f"{'each of them' if e.target in _PLURAL else 'it'} added to {its} {stat}"
            if e.scale == "sacrificed"  # Bio-Dino, Ward United
            else f"{target} get{s} the printed {stat} of the creature cards equipped to "
            f"{'each of them' if e.target in _PLURAL else 'it'} added to {its} {stat}"
            if e.scale == "equipped_creatures"  # Graft
            else f"{target} get{s} {stat} {'+' if e.amount >= 0 else ''}{amount}"
        )
        + (", again every turn cycle" if "cumulative" in e.flags else ""),
        "scale_stat": f"{target} {has} {its} {'base ' if e.target == 'struck' else ''}{stat} multiplied by "
        f"{e.amount}/{e.divisor}" + (" (rounded down) in the battle" if e.target == "struck" else ""),
        "set_stat": f"{target} {has} {its} {stat} set to {e.amount}",
        "stat_floor": f"the {stat} of {target} cannot be reduced below {e.amount}",
        "shuffle_deck": {"own_player": "shuffle your deck", "opponent_player": "shuffle your opponent's deck"}.get(
            e.target, "each player shuffles their deck"
        ),
        "damage": f"inflict {e.amount} damage to {target} for each magic card the row before destroyed"
        if e.scale == "cards_moved"  # Chain Lightning
        else f"inflict {amount} damage to {target}",
        "damage_fraction": f"{target} loses {e.amount}/{e.divisor} of its remaining HP",
        "heal": f"heal {target} "
        + ("to full HP" if "full" in e.flags else f"for {amount}" + ("" if e.scale == "sent_hp" else " HP")),
        "heal_from_damage": f"heal {target} for {e.amount}/{e.divisor} of the Atk damage inflicted"
        + (", and the healing above its max HP is inflicted on the creature it battles" if overflow else ""),
        "reduce_damage": f"damage taken by {target} is multiplied by {e.amount}/{e.divisor}",
        "critical_miss_up_to": f"a Hit roll of {target} whose dice total {e.amount} or less is a critical miss, "
        "whatever the AL and the Hit bonuses",
        "critical_hit_up_to": f"a Hit roll of {target} whose dice total more than that but {e.amount} or less "
        "is a critical hit, and a higher total a hit",
        "multiply_hit_roll": f"the Hit dice total of {target} is multiplied by {e.amount} before the Hit bonuses",
        "revive": f"it lives on with {e.amount}/{e.divisor} of its HP and this card goes to the cemetery",
        "equip_hp_limit": (
            f"it can only be equipped to a creature with less than {e.amount}/{e.divisor} of its printed HP left"
            if e.divisor > 1
            else f"it can only be equipped to a creature with {e.amount} HP or less left"
        ),
        "reduce_and_return": f"Atk damage taken by this creature is multiplied by {e.amount}/{e.divisor} "
        f"and the damage taken off is inflicted on {target}",
        "prevent_damage": f"{target} take{s} no damage",
        "negate_attack": f"negate the attack against {target}",
        "reflect_attack": "send the negated damage back at the attacking creature",
        "absorb_attack": "heal the targeted creature for the damage instead",
        "negate_magic": "negate that magic card and send it to the cemetery",
        "steal_magic": "steal the negated card and play it on your side",
        "destroy_magic": _destroy_text(e.amount, e.target, target),
        "draw": f"{target} draw{'' if e.target == 'own_player' else s} {e.amount} "
        f"card{'' if e.amount == 1 else 's'}{amount[len(str(e.amount)) :]}",
        "search_deck": (
            f"search your deck for up to {max(e.amount, 1)} equip cards ({render_filter(e.filter)[2:]}) "
            "and equip them to this creature, then shuffle"
            if e.zone_to == "field"
            else f"search your deck for {render_filter(e.filter)} and put it in your hand"
        ),
        "move_card": _move_text(e, target, zfrom, zto),
        "limited_summon": (
            f"summon this card from the {zfrom} as a Limited Summon held by that creature, back to the {zto} "
            "when that creature leaves the field or changes control"
            if e.condition == "own_primary_matches"
            else f"summon {render_filter(e.filter)} from your hand or deck as a Limited Summon held by this "
            f"creature (at most {e.amount} at once), back to the {zto} when it leaves the field"
            if e.zone_from == "hand_or_deck"
            else f"roll {e.dice} dice, then may summon {render_filter(e.filter)} of AL up to the total "
            f"from the {zfrom} as a Limited Summon"
            if e.dice
            else f"summon up to {e.amount} creatures from the {zfrom} as Limited Summons"
            if e.amount > 1
            else f"summon {render_filter(e.filter)}"
            + (" with an AL lower than your primary creature's" if e.condition == "below_primary_al" else "")
            + f" from the {zfrom} as a Limited Summon"
            + (f" until the end of the turn, then back to the {zto} with this card" if e.duration == "turn" else "")
        ),
        "summon_to_opponent": "place this creature on the opponent's side as their primary creature",
        "swap_primaries": "switch primary creatures with your opponent",
        "skip_turn": f"{target} skip{s} their next turn",
        "block_battle": f"{target} cannot battle",
        "block_magic": f"{target} cannot play "
        + ("Lightning" if "lightning" in e.flags else "Standard magic" if "standard" in e.flags else "magic")
        + " cards"
        + (" but equips" if "but_equips" in e.flags else ""),
        "negate_effects": (
            "the effects of all creatures but this card are negated"
            if e.target == "all_creatures" and e.trigger == "your_turn"
            else f"the effects of {target} are negated"
        ),
        "immune": f"{target} {is_} unaffected by "
        + " and ".join(
            w
            for w, f in (
                ("creature effects", "creature_effects"),
                ("your opponents' magic cards" if "opponents" in e.flags else "magic cards", "magic"),
            )
            if f in e.flags
        ),
        "sacrifices": (
            "it may be summoned without sacrifice"
            if e.amount == 0
            else f"it may be summoned with {e.amount} sacrifice{'s' if e.amount != 1 else ''}"
        )
        + ", or as usual"
        if e.condition != "always"  # Ghul'Vok, Orc Champion: the filter is the condition's
        else f"it needs {e.amount} sacrifice{'s' if e.amount != 1 else ''}"
        + (f" of {render_filter(e.filter)}" if e.filter else "")
        + (", each of a different name" if "distinct" in e.flags else ""),
        "force_low_summon": f"{target} must summon a creature of AL {e.amount} or lower",
        "reveal_and_remove": "the opponent reveals their hand; discard a magic card of it "
        "or put a creature of it at the bottom of their deck",
        "cemetery_hp": f"add {e.amount} HP to your cemetery"
        if e.amount >= 0
        else f"reduce your cemetery by {-e.amount} HP" + (" (never below 0)" if e.trigger == "in_cemetery" else ""),
        "return_later": f"this card returns to your hand after {e.duration} turn cycles"
        if e.zone_to in ("none", "hand")
        else f"this card returns to your {e.zone_to.replace('_', ' ')} after {e.duration} turn cycles"
        + (", and your deck is shuffled" if e.zone_to == "deck" else ""),
        "no_return": "this card cannot be returned from the cemetery"
        if e.target == "self"
        else "no card can be removed from either player's cemetery",
        "equip_self": (
            f"equip this card to {target} for that battle, then send it to the cemetery"
            if e.duration == "battle"
            else "if it was killed by Atk damage, equip this card to the creature that killed it"
            if e.trigger == "on_killed"
            else f"equip this card to {target} for {e.duration} turn cycle{'s' if e.duration != 1 else ''}"
            if isinstance(e.duration, int) and e.duration > 0
            else f"equip this card to {target} as an Infinite equip magic card"
        ),
        "discard_cost": f"discard {e.amount} {render_filter(e.filter)[2:]} to play this card",
        "reveal_hand": f"{target} show{s} you their hand whenever you ask",
        "poison_heal": "negate the healing of that card: the creature it heals takes the healing amount as "
        "damage instead",
        "negate_once": (
            "negate a magic card when it is played"
            if e.target == "played_card"
            else f"negate an attack against {target}"
        )
        + " (once while this card is on the field, shared by its negations)",
        "order_deck_top": f"you and your opponent look at the top {e.amount} cards of the deck of {target}; "
        "put them back on top in the order you choose",
        "discard": f"{target} discard{s} {e.amount} {render_filter(e.filter)[2:]} of their choice from their hand",
        "reset_turn": "reset the current player's turn",
        "auto_hit": f"{target} hit{s} regardless of the dice",
        "strike_first": f"{target} strike{s} first",
        "negate_increases": f"{stat} increases that arrive after this card on {target} do not apply"
        if e.target in {"opponent_creatures", "opponent_primary"}  # Zanj the Hunter
        else f"{stat} increases on this card do not apply"
        if e.target == "self"  # Sprite, Scarlett
        else f"other {stat} increases on {target} do not apply",
        "sacrifices_follow": (
            f"each sacrifice that is {render_filter(e.filter)} stays under this card and follows it"
            if e.filter
            else "the sacrificed cards stay under this card and follow it"
        ),
        "counter_heal": f"heal {target} {e.amount} HP per counter (starting at {e.dice}, +1 each of your turns)",
        "slower_strikes_first": "in every battle the creature with the lower SPD strikes first",
        "steal_equip": "take an equip card from a creature of your opponent's and equip it to this card",
        "drain_armor": f"{target} has its AL reduced to 0 and this creature gains the AL taken as Modifier, "
        "until either leaves the field or switches control",
        "copy_stats": f"this creature has the printed AL, SPD, Atk Dice Rolls, Modifier and type of {target} "
        "(its own while there is none)",
        "force_self_battle": "in your opponent's turns, each of their Limited Summons battles their own "
        "primary creature",
        "sacrifice_worth": (f"{render_filter(e.filter)} used as a sacrifice for it" if e.filter else "this card")
        + f" counts as {e.amount} sacrifices",
        "must_battle": f"{target} must initiate a battle in each of their turns; this card is destroyed when "
        "a primary creature cannot battle because of another card's effect",
        "stays_on_field": f"{target} cannot leave the field unless killed (a magic card: destroyed), "
        "cannot be used as a sacrifice from the field and cannot change control",
        "no_damage": f"{target} cannot cause damage (strikes and effects alike)",
        "battle_again": f"after a battle {target} initiates in your turn in which it inflicts 1 to {e.amount} "
        f"Atk damage, it may initiate battle again, with no return attack (at most {e.dice} times a turn)",
        "recoil": f"if the creature it battles survives the battle, {target} takes {e.amount}/{e.divisor} "
        "of the HP that creature lost in it",
        "second_battle": f"{target} may initiate a second battle in your turn; your opponent's creature "
        "strikes back in only one of the two",
        "set_base_stat": f"{target} {has} {its} base {stat} changed to {e.amount} (other changes still add)",
        "no_sacrifice": f"{target} cannot be used as a sacrifice",
        "miss_backfire": f"when the opponent's creature misses its Hit roll against {target}, it rolls its "
        "Atk roll against its own player's primary creature",
        "set_creature_type": f"{target} {is_} changed to {e.filter.types[0] if e.filter.types else ''}-type",
        "hit_needs_match": f"a strike against {target} hits only if all the striker's Hit dice show the same face"
        + (f", {e.amount} or higher" if e.amount > 1 else ""),
        "hit_needs_face": f"a strike against {target} hits only if one of the striker's Hit dice shows "
        + (f"{e.roll[0]}-{e.roll[1]}" if e.roll and e.roll[0] != e.roll[1] else f"{e.roll[0] if e.roll else ''}"),
        "no_criticals": f"{target} cannot make a critical hit or a critical miss",
        "negate_immunity": f"{render_filter(e.filter)} on the field is affected by creature effects and magic "
        "cards, even where its own effect says it is not",
        "base_attack_only": f"{target} can only be damaged by the Atk damage of a strike, counted from the "
        "striker's base Atk Dice Rolls and base Modifier alone (no bonus, multiplier or critical hit)",
        "no_hit_roll": f"{target} rolls no Hit dice: each of its strikes goes straight to its Atk Dice Rolls and hits",
        "spare_from_own_effect": f"{render_filter(e.filter)} cannot be destroyed by its own effect",
        "swap_attack_modifier": f"{target} switch their own base Atk Dice Rolls and Modifier",
        "fill_slots": f"this card fills {e.amount} empty Infinite magic slots on your opponent's side of the field",
        "block_limited": "send all Limited Summons on the field back to where they were summoned from"
        if e.trigger == "on_play"
        else f"{target} cannot play Limited Summons",
        "block_rarity": "no player can play a card that is "
        + " or ".join(name.capitalize() for name in Rarity._fields if e.amount & (1 << getattr(Rarity, name))),
        "share_damage": f"all damage inflicted on {target} is also inflicted on the opponent's primary creature",
        "put_to_sleep": f"{target} are put to sleep and cannot battle{_duration_text(e.duration)}; any damage "
        f"to a sleeping creature ends this and destroys {e.amount} magic card"
        + ("s" if e.amount != 1 else "")
        + " on the field of your choice",
        "self_battle": f"{target} must battle itself this turn, and no other creature can battle this turn",
        "negate_for_damage": (
            f"each time your opponent plays a magic card, you may have this creature take {e.amount} damage "
            "to negate it"
            if e.target == "played_card"
            else f"each time a strike would inflict Atk damage on this creature, you may have it take {e.amount} "
            "damage instead"
        ),
        "flip_decks": "every player plays with their deck upside down: cards are drawn from its bottom, "
        "and the card to be drawn next shows face up",
        "magic_toll": f"{target} must inflict {e.amount} damage to their own primary creature to play a magic card",
        "exchange_with_cemetery": f"{target} may each send 1 card of their hand to their cemetery to take back 1 "
        "card of their cemetery of the same kind (a creature for a creature, a magic card for a magic card)",
        "double_magic": f"{stat} bonuses from {render_filter(e.filter)[2:]}s count twice on this creature",
        "limited_sacrifice": "until the end of the turn, you may use a Limited Summon on the field, either "
        "player's, as one sacrifice for a summon; it goes to the cemetery of the player that controls it, "
        "and this card with it",
        "replacement_only": "it is never summoned; it may be placed as your primary creature once your primary "
        "creature has left the field; off the field it is a magic card (its HP never counts in a cemetery)",
        "magic_off_field": "off the field this card is a magic card (its HP never counts in a cemetery)",
        "summon_requirement": (
            f"your primary creature must have {render_filter(e.filter)} equipped"
            if e.condition == "equipped_with"
            else f"your primary creature must be {render_filter(e.filter)}"
        ),
        "summon_primary": f"summon {render_filter(e.filter)} from your {zfrom} as your primary creature, "
        "without sacrifice, then shuffle your deck",
        "avenge": "roll the killed creature's printed Atk Dice Rolls and Modifier against the creature that "
        "killed it, as Atk damage of a critical hit (doubled)",
        "sacrifice_discount": f"your creatures need {e.amount} sacrifice{'s' if e.amount != 1 else ''} fewer "
        "to be summoned (never fewer than none)",
        "reroll": "once per battle, "
        + ("this creature" if e.target == "self" else target)
        + " may re-roll "
        + _reroll_text(e)
        + " once the roll is seen",
        "force_reroll": f"once per battle, you may make {target} re-roll " + _reroll_text(e) + " once it is seen",
        "break_free": "every effect of the players' cards and creatures on the boss ends (statuses, damage over "
        "time, stat changes, their equips on it); this card is never negated and is played even while the boss "
        "cannot play magic cards",
    }[e.action]
    parts = [_TRIGGER_TEXT[e.trigger].format(filter=render_filter(e.filter)[2:])]
    # said in the action's words (Gnarled Hand, Shard Titan)
    cond_done = e.condition == "below_primary_al" or e.action == "summon_requirement"
    if e.trigger == "on_damage_taken" and e.target == "attacker" and e.action == "damage":
        parts = ["When its creature takes damage from a strike"]  # Raging Inferno, on an equip
    if e.trigger == "on_damage_taken" and e.target == "opponent_primary" and e.action == "damage":
        parts = ["Each time this creature is damaged, your opponent rolls"]  # Eagle Family
        what = f"their primary creature takes {amount} damage"
    if e.trigger == "on_killed" and e.action == "heal":
        # Orc Berserker, a creature's own row
        parts = ["If this creature is killed"]
        what = f"instead, heal it to {e.amount} HP (once while it stays on the field)"
    if e.trigger == "on_killed_in_battle" and e.condition == "attacker_not_matching":
        # Dart Frog: "killed by a creature that is not holding a weapon"
        parts = [f"If killed in battle by a creature other than {render_filter(e.filter)}"]
        cond_done = True
    if e.trigger == "opponent_battle" and e.action == "limited_summon":  # Hoggan
        what = (
            f"play this card as a Limited Summon that keeps its HP; your opponent battles it in place of your "
            f"primary creature, and it goes to your {zto} after the battle"
        )
    if e.trigger == "response_opponent_death" and e.action == "limited_summon":  # Possessed Dummy
        what = (
            "summon that creature from their cemetery as your Limited Summon, this card equipped to it; "
            "it goes back to their cemetery when this card or your primary creature leaves the field"
        )
    if e.action == "replacement_only":  # Gremlin
        parts = ["From the hand"]
    if e.action == "summon_primary" and e.trigger == "on_killed_in_battle":  # Friend Like You
        parts = ["If killed by Atk damage (a strike in a battle)"]
    if e.action == "magic_off_field":  # Shard Titan
        parts = ["Off the field"]
        what = "this card is a magic card (its HP never counts in a cemetery)"
    if e.trigger == "summon_cost" and e.action == "move_card":
        parts = ["Once summoned"]  # Deercrow
    if e.trigger == "static" and e.action == "equip_self":  # Graft
        what = (
            "each player may play the creature cards of their hand as Infinite equip magic cards "
            "on their own primary creature"
        )
    if e.trigger == "on_play" and e.action == "equip_self" and e.target == "own_primary":
        parts = ["Instead of summoning it"]  # Frog Bard
        what = "play this card from your hand as an Infinite equip magic card on your primary creature"
    if e.trigger == "turn_start" and e.target == "equipped":
        parts = ["At the start of each turn of the equipped creature's player"]  # Phoenix Armor, Moon Owl
    if e.trigger == "on_killed_by_opponent" and e.action == "equip_self":
        parts = ["If removed from the field by your opponent (killed, or sent away by their card)"]  # Moon Owl
        what = "instead, " + what
    cond = _CONDITION_TEXT.get(e.condition)
    if cond and not cond_done:
        text = cond.format(filter=render_filter(e.filter), count=e.dice)
        if "no_effect" in e.flags:
            text += " without card text"
        parts.append(text)
    if e.roll and e.action != "hit_needs_face":  # Sprite's roll is the faces its attacker's dice need
        lo, hi = e.roll
        roll = "on the same die" if "same_roll" in e.flags else "roll 1 die"
        parts.append(f"{roll}, on {lo}-{hi}" if lo != hi else f"{roll}, on {lo}")
    elif "lowest_roll" in e.flags:
        parts.append("each player rolls 1 die (a tie for the lowest die rolls again)")
        target_text = "the primary creature of the player with the lowest die"
        what = what.replace(target, target_text) if e.target == "all_primaries" else what
    elif "dice_match" in e.flags:
        parts.append("on the same dice, if they all match" if "same_roll" in e.flags else "each player rolls 1 die")
        if "same_roll" not in e.flags:
            parts.append("if all the dice match")
    grouped = e.trigger == "battle_start" and not e.roll and "choice" not in e.flags
    if "choice" in e.flags:
        what = "either (choose one) " + what
    if "opponent_choice" in e.flags:
        # Monkey Duck: the card's rows of that decision act together or not at all
        what = "if your opponent chooses (for all such rows together), " + what
    elif "optional" in e.flags:
        what = ("optionally (all such rows together), " if grouped else "optionally, ") + what
    untimed = (
        e.action in {"return_later", "equip_self", "put_to_sleep", "self_battle", "limited_sacrifice"}
        or e.zone_from == "hand_or_deck"
        or e.status == "shielded"  # Wizard: the shield lasts until it negates an attack
        or (e.action == "limited_summon" and e.duration == "turn" and not e.dice)  # Last Goodbye
        or e.trigger == "response_opponent_death"  # Possessed Dummy
    )
    duration = "" if untimed else _duration_text(e.duration)
    sentence = ", ".join(parts) + ": " + what + duration
    if "unique" in e.flags:
        sentence += " (another copy on the same creature adds nothing)"
    if e.action == "set_stat" and "supersedes" in e.flags:
        sentence += ", whatever else increases it"
    if e.release:
        sentence += f" (released on a {e.release[0]}-{e.release[1]})"
    return sentence + "."


# ---------------------------------------------------------------- compiled form


def compile_effect(
    e: Effect, card_index: int, tag_bits: dict[str, int], name_bits: dict[str, int], is_creature: bool
) -> np.ndarray:
    """One int32 row of the effect table (columns: `EffectCol`)."""
    row = np.zeros(N_EFFECT_COLS, dtype=np.int32)
    c = EffectCol
    row[c.card] = card_index
    row[c.trigger] = getattr(Trigger, e.trigger)
    row[c.condition] = getattr(Condition, e.condition)
    row[c.action] = getattr(Action, e.action)
    row[c.target] = getattr(Target, e.target)
    row[c.stat] = getattr(Stat, e.stat)
    row[c.status] = getattr(Status, e.status)
    row[c.amount] = e.amount
    row[c.divisor] = e.divisor
    row[c.dice] = e.dice
    if e.roll:
        row[c.roll_lo], row[c.roll_hi] = e.roll
    if e.release:
        row[c.release_lo], row[c.release_hi] = e.release
    row[c.duration] = e.duration if isinstance(e.duration, int) else getattr(Duration, e.duration)
    row[c.scale] = getattr(Scale, e.scale)
    f = e.filter
    row[c.filter_types] = sum(1 << getattr(CreatureType, t) for t in f.types)
    row[c.filter_tags] = sum(1 << tag_bits[t] for t in f.tags)
    row[c.filter_names] = sum(1 << name_bits[n.lower()] for n in f.names)
    row[c.filter_card_type] = -1 if f.card_type is None else getattr(CardType, f.card_type)
    row[c.filter_max_al] = f.max_al
    row[c.filter_min_al] = f.min_al
    row[c.filter_max_rarity] = 0 if f.max_rarity is None else getattr(Rarity, f.max_rarity) + 1
    row[c.zone_from] = getattr(Zone, e.zone_from)
    row[c.zone_to] = getattr(Zone, e.zone_to)
    flags = sum(getattr(Flag, name) for name in e.flags)
    # rules guide: "Creature effects can only be used once per turn, unless otherwise stated"
    if is_creature and e.trigger == "your_turn":
        flags |= Flag.once_per_turn
    row[c.flags] = flags
    return row
