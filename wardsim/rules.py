"""The rules of WARD in one place: every number and every switchable ruling the engine plays by.

Two kinds of numbers live here and nowhere else:

- the fixed shape of the game (a deck of 30 cards, the AL cap of 12, two Hit dice, the
  sacrifices by base AL): module constants, which the kernels compile in and size their
  arrays with;
- the numbers and rulings a referee may set before a game (rules guide, How to win: "This
  number can be increased or decreased prior to battle"; DESIGN.md, the rulings marked
  *config*): the fields of the frozen `Rules`. `Rules.to_array()` compiles them once into the
  int64 array (`RuleCol`) that the game kernel copies into each game's state, and every
  command that plays games takes them as options built from these fields (`wardsim.cli.rules`).

`RULINGS` names each ruling where the guide is silent or ambiguous, with the guide's words,
what wardsim decides and the test that checks it; `docs/rulings.md` holds the same list for
people (tests/test_rules.py keeps the two in step).

This module imports nothing from wardsim, so the kernels may read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import NamedTuple

import numpy as np

# ------------------------------------------------------------------ the fixed shape of the game

DECK_SIZE = 30  # rules guide, Game setup: "30 WARD cards for your deck"
AL_CAP = 12  # rules guide, Armor Level: "Max AL can never exceed 12, even with AL buffs"
HIT_DICE = 2  # rules guide, Battle, 3rd step: "roll two 6-sided dice"
DIE_FACES = 6  # every die of the game is a 6-sided die
CRITICAL_DICE = 2  # rules guide: "If less than 2 dice are rolled ... a critical hit cannot occur"
CRITICAL_MULTIPLIER = 2  # rules guide: "Double sixes on the Hit dice roll are a critical Hit and does double damage"
# rules guide, Sacrificing: "Armor Level 1-6: ... without any sacrifices", "7-11: ... 1 sacrifice",
# "12: ... 2 sacrifices" (base AL, as printed on the card)
NO_SACRIFICE_MAX_AL = 6
ONE_SACRIFICE_MAX_AL = 11
# rules guide, AL Ladder PVP: "There are 12 rounds, 1 for each AL class"; "Each player will
# have 18 magic cards in their deck"
LADDER_ROUNDS = 12
LADDER_MAGIC = 18
# Boss Battles 2nd edition, Boss resistance mechanic: "4-6 Effect succeeds; 1-3 Effect resisted";
# Boss Battles: one to four players face the boss; a boss deck fills the seat's deck slots but
# the one the boss itself takes
BOSS_RESIST_MIN = 4
BOSS_MAX_PLAYERS = 4
BOSS_DECK_MAX = DECK_SIZE - 1


def sacrifices_for(base_al: int) -> int:
    """Sacrifices a creature of this base AL needs when its text does not say otherwise."""
    if base_al <= NO_SACRIFICE_MAX_AL:
        return 0
    return 1 if base_al <= ONE_SACRIFICE_MAX_AL else 2


# ------------------------------------------------------------------ the switchable rules


class RuleColT(NamedTuple):
    """Columns of the compiled rules array (int64), as the game kernel reads them."""

    cemetery_threshold: int = 0
    max_turns: int = 1
    hand_limit: int = 2
    opening_hand: int = 3
    infinite_slots: int = 4
    boss_magic_cap: int = 5
    boss_cap_all_magic: int = 6


RuleCol = RuleColT()
N_RULE_COLS = len(RuleCol)


# the largest threshold or turn cap a referee may set: far past any game, and within the kernels' int64
RULE_NUMBER_MAX = 10**9


def _rule(
    default, option: str, ruling: str, help: str, low: int | None = None, high: int | None = None, boss: bool = False
):
    """A rule field; `boss`: a Boss Battles rule, an option of the boss's command only."""
    meta = {"option": option, "ruling": ruling, "help": help, "low": low, "high": high, "boss": boss}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    """The rules a game is played by: the rules guide's numbers, and the rulings a referee may switch.

    Parameters
    ----------
    cemetery_threshold : int
        Cemetery HP that loses (rules guide, How to win: 300).
    max_turns : int
        Turn cap: a game that reaches it is a draw (DESIGN.md ruling 8).
    hand_limit : int
        Cards a hand may hold after the draw; the rest are discarded (rules guide, Draw phase: 8).
    opening_hand : int
        Cards each player draws before the first turn (rules guide, How to play: 5).
    infinite_slots : int
        Infinite magic cards a player may have on the field at once (rules guide, Summoning
        phase: 5).
    boss_magic_cap : int
        Boss Battles: Infinite magic cards the boss may have on the field; the boss's extra
        cards go to its cemetery with no effect (Boss Battles 2nd edition, Deck rules: 5).
    boss_cap_all_magic : bool
        Boss Battles: the boss's cap counts every magic card it has on the field, not only its
        Infinite cards (the website's Boss Battle rules; ruling boss-magic-cap).
    dot_stacking : bool
        The same damage (or healing) over time applied again to a creature stacks instead of
        restarting (DESIGN.md ruling 6; off by default).
    """

    cemetery_threshold: int = _rule(
        300, "--threshold", "cemetery", "Cemetery HP that loses (rules guide: 300).", 1, RULE_NUMBER_MAX
    )
    max_turns: int = _rule(
        200, "--max-turns", "turn-cap", "Turn cap: a game reaching it is a draw.", 1, RULE_NUMBER_MAX
    )
    hand_limit: int = _rule(8, "--hand-limit", "hand-limit", "Cards a hand may hold after the draw (guide: 8).", 1, 29)
    opening_hand: int = _rule(
        5, "--opening-hand", "opening-hand", "Cards drawn before the first turn (guide: 5).", 1, 29
    )
    infinite_slots: int = _rule(
        5, "--infinite-slots", "infinite-slots", "Infinite cards a player may have on the field (guide: 5).", 0, 29
    )
    boss_magic_cap: int = _rule(
        5,
        "--boss-magic-cap",
        "boss-magic-cap",
        "Boss Battles: Infinite cards the boss may have on the field (2nd edition: 5).",
        0,
        29,
        boss=True,
    )
    boss_cap_all_magic: bool = _rule(
        False,
        "--boss-cap-all-magic",
        "boss-cap-all-magic",
        "Boss Battles: the boss's cap counts every magic card on its field (the website's reading).",
        boss=True,
    )
    dot_stacking: bool = _rule(
        False, "--dot-stacking", "damage-over-time", "The same damage over time stacks instead of restarting."
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            low, high = f.metadata["low"], f.metadata["high"]
            if f.type in ("bool", bool):
                if not isinstance(value, bool | np.bool_):
                    raise ValueError(f"{f.name} must be true or false, got {value!r}")
                continue
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise ValueError(f"{f.name} must be a whole number, got {value!r}")
            if low is not None and value < low or high is not None and value > high:
                bounds = f"at least {low}" if high is None else f"from {low} to {high}"
                raise ValueError(f"{f.name} ({f.metadata['option']}) must be {bounds}, got {value}")

    def to_array(self) -> np.ndarray:
        """The rules as the game kernel reads them: int64, one entry per `RuleCol`."""
        return np.array([int(getattr(self, name)) for name in RuleCol._fields], dtype=np.int64)

    def effects_table(self, effects: np.ndarray) -> np.ndarray:
        """The compiled effect table under these rules: with `dot_stacking`, every DOT and HOT
        row carries `Flag.stacks` (DESIGN.md ruling 6)."""
        if not self.dot_stacking:
            return effects
        from wardsim.kernel.enums import Action, EffectCol, Flag

        ruled = effects.copy()
        ruled[np.isin(ruled[:, EffectCol.action], (Action.dot, Action.hot)), EffectCol.flags] |= Flag.stacks
        return ruled

    def as_dict(self) -> dict:
        """Every field by name (the run manifests' `rules`)."""
        return asdict(self)

    def changes(self) -> dict:
        """The fields that differ from the rules guide's defaults."""
        default = Rules()
        return {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)
        }

    def describe(self, rounds: int = 0) -> str:
        """The rules in force in one line, as a replay prints them (`rounds`: an AL Ladder's,
        which its points decide instead of a cemetery total)."""
        stacking = "stacks" if self.dot_stacking else "restarts"
        decided = (
            f"an AL Ladder of {rounds} rounds, won on points"
            if rounds
            else f"{self.cemetery_threshold} cemetery HP loses"
        )
        return (
            f"{decided}, a draw at turn {self.max_turns}, "
            f"hand limit {self.hand_limit}, opening hand {self.opening_hand}, "
            f"{self.infinite_slots} Infinite slots, the same DOT {stacking}"
        )

    def option_args(self) -> list[str]:
        """The command-line options that give these rules (only the ones changed)."""
        args: list[str] = []
        for name, value in self.changes().items():
            option = rule_field(name).metadata["option"]
            args += [option] if isinstance(value, bool) else [option, str(value)]
        return args


def rule_fields() -> list:
    """The fields of `Rules`, with their option, ruling key, help and bounds in `.metadata`."""
    return list(fields(Rules))


def rule_field(name: str):
    """One field of `Rules` by name."""
    return next(f for f in fields(Rules) if f.name == name)


# ------------------------------------------------------------------ the rulings


@dataclass(frozen=True)
class Ruling:
    """One place where the rules guide is silent or ambiguous, and what wardsim decides."""

    key: str  # the heading key in docs/rulings.md
    guide: str  # the guide's words (or "silent")
    decision: str
    test: str  # "tests/<file>.py::<test function>"
    option: str | None = None  # the command-line option that switches it, if any


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "deck-construction",
        "A Ward deck can only have 3 of any specific card in their deck (Building your deck).",
        "A deck is exactly 30 cards, at most 3 copies of a card; in the official format limited cards 1, "
        "banned 0, promos 1 (wardsim/data/formats.toml); the casual format ignores the list.",
        "tests/test_decks.py::test_limited_card_allows_one_copy_in_official",
        "--format",
    ),
    Ruling(
        "first-player",
        "The player with the lower number gets to choose if they want to go first or second. If tied, roll again.",
        "The roll-off decides who goes first, 1/2 each; the first player is recorded per game.",
        "tests/test_rules.py::test_first_player_roll_off_is_even_and_recorded",
    ),
    Ruling(
        "battle",
        "During the first turn cycle of the game neither you nor your opponent may initiate battle.",
        "The active player may initiate one battle in its combat phase, not in the first turn cycle; the faster "
        "primary strikes first (equal SPD: a roll-off each battle); combat ends the moment a primary dies.",
        "tests/test_game_rules.py::test_first_turn_cycle_no_draw_no_battle_and_each_player_places_a_creature",
    ),
    Ruling(
        "strike",
        "If you roll two ones (snake eyes) this is a critical miss ... Double sixes ... are a critical Hit.",
        "All dice 1 with at least 2 dice: critical miss, the striker takes 1d6; all dice 6 with at least 2 dice: "
        "a hit; else a hit when dice + modifier + Hit bonuses reach min(AL + AL changes, 12).",
        "tests/test_battle_rules.py::test_critical_miss_snake_eyes_hurts_the_striker_1d6_without_bonuses",
    ),
    Ruling(
        "damage",
        "The critical hit damage multiplier is applied after all Attack dice, Modifiers, creature effects, "
        "and magic cards damage calculations have been applied.",
        "Attack dice + modifier + Atk bonuses, then effect multipliers, then x2 for a critical hit; never negative.",
        "tests/test_battle_rules.py::test_critical_hit_double_sixes_always_hit_and_double_the_final_damage",
    ),
    Ruling(
        "damage-over-time",
        "DOT's are initially applied at the end of the combat in which it was applied.",
        "The first tick at the end of that combat, then once per turn cycle at the end of the applying player's "
        "combat phase; the same DOT does not stack unless --dot-stacking.",
        "tests/test_game_rules.py::test_the_same_dot_stacks_when_the_referee_rules_so",
        "--dot-stacking",
    ),
    Ruling(
        "cemetery",
        "The total HP of all creatures in the cemetery, regardless of how they got there, is counted.",
        "The printed HP of every creature card in a cemetery counts; the threshold (300) or more loses.",
        "tests/test_game_rules.py::test_the_cemetery_threshold_is_configurable",
        "--threshold",
    ),
    Ruling(
        "no-creature",
        "If you have no playable creatures in your deck you lose.",
        "A player who must place a creature and has no playable creature in hand or deck loses.",
        "tests/test_game_rules.py::test_no_playable_creature_left_loses",
    ),
    Ruling(
        "turn-cap",
        "Silent: the guide sets no limit on a game's length.",
        "A game that reaches the turn cap (200 turns) is a draw and is counted as such.",
        "tests/test_game_rules.py::test_the_turn_cap_is_a_draw",
        "--max-turns",
    ),
    Ruling(
        "sacrifices",
        "Armor Level 1-6: ... without any sacrifices. 7-11: ... 1 sacrifice. 12: ... 2 sacrifices.",
        "Sacrifices by base AL unless the card's text says otherwise; one standard summon per turn.",
        "tests/test_game_rules.py::test_armor_level_7_to_11_needs_one_sacrifice",
    ),
    Ruling(
        "response-chains",
        "Lightning cards can respond to other lightning cards played.",
        "A chain of Lightning responses resolves last-played first.",
        "tests/test_game_rules.py::test_a_response_chain_resolves_last_played_first",
    ),
    Ruling(
        "hand-limit",
        "After drawing a card the player may only have a maximum of eight cards in their hand (Draw phase).",
        "Over the limit after the draw, the player discards to it (its choice); creature HP discarded counts.",
        "tests/test_rules.py::test_hand_limit_rule_sets_the_cards_kept",
        "--hand-limit",
    ),
    Ruling(
        "opening-hand",
        "Player 1 will draw 5 cards from their deck (How to play).",
        "Each player draws 5 cards before the first turn.",
        "tests/test_rules.py::test_opening_hand_rule_sets_the_cards_drawn",
        "--opening-hand",
    ),
    Ruling(
        "infinite-slots",
        'Only 5 "Infinite" cards can be on the field at once (Summoning phase).',
        "With 5 Infinite cards on the field no other Infinite card can be played.",
        "tests/test_game_rules.py::test_only_five_infinite_cards_on_the_field",
        "--infinite-slots",
    ),
    Ruling(
        "boss-magic-cap",
        "Maximum 5 Infinite Magic cards on field; extra Infinite cards discarded with no effect (Boss Battles).",
        "The boss has at most 5 Infinite cards on the field; one more that it draws goes to its cemetery unplayed.",
        "tests/test_boss_battles.py::test_boss_magic_cap_extra_infinite_cards_go_to_the_cemetery_with_no_effect",
        "--boss-magic-cap",
    ),
    Ruling(
        "boss-cap-all-magic",
        "The boss may only have 5 magic cards on the field at any given time (the website's Boss Battle rules).",
        "The 2nd edition's cap, of Infinite cards, holds; the website's, of every magic card, is the option.",
        "tests/test_boss_battles.py::test_boss_magic_cap_rule_option_counts_every_magic_card",
        "--boss-cap-all-magic",
    ),
)
