"""Integer constants of the duel engine (strike results, duel outcomes, readied responses)."""

from typing import NamedTuple


class ReactT(NamedTuple):
    """How a readied Lightning card answers the opponent's first hit in a battle."""

    none: int = 0
    negate: int = 1  # the attack does nothing (Junk Scarecrow, Dragon Rage)
    negate_halve: int = 2  # ... and the attacker loses 1/2 of its remaining HP (Mimic Chest)
    reflect: int = 3  # the damage goes back at the attacker (Forest Sentinel)
    absorb: int = 4  # the damage heals the target instead (Sentinel of Life)
    no_atk_damage: int = 5  # no Atk damage for the rest of the battle (Minotaur Bodyguard)
    heal: int = 6  # heals its creature after the first strike that damages it (Cure Minor Wounds)


React = ReactT()


class FiredT(NamedTuple):
    """What became of a readied Lightning card (`react_fired`, `boost_fired`)."""

    waiting: int = 0  # not played yet: it stays in hand if the battle ends first
    played: int = 1  # played, and it took effect
    negated: int = 2  # played, and negated by the opponent's answer (Scroll of Silence)


Fired = FiredT()


class CounterT(NamedTuple):
    """How a Lightning card readied against the opponent's Lightning card in a battle answers it."""

    none: int = 0
    negate: int = 1  # the card played has no effect (Scroll of Silence)
    halve: int = 2  # its player's primary loses 1/2 of its HP left, after the strike (Hell Hath No Fury)
    equip: int = 3  # the card played still acts; the answer equips its player's primary (Ancient Book)


Counter = CounterT()


class DuelOutcomeT(NamedTuple):
    """How a duel ended (one int8 per duel)."""

    a_wins: int = 0
    b_wins: int = 1
    draw: int = 2  # both creatures reached 0 HP together
    cap: int = 3  # the exchange cap was reached: counted as a draw


DuelOutcome = DuelOutcomeT()


class StrikeResultT(NamedTuple):
    """What one strike did (returned by `kernel.duel.battle.strike_nb`)."""

    none: int = 0  # the striker could not strike (frozen, stunned)
    negated: int = 1  # a shield negated it before the Hit roll
    miss: int = 2
    critical_miss: int = 3
    hit: int = 4
    critical_hit: int = 5
    paused: int = 6  # stopped after a roll the game offers to re-roll (`FighterCol.strike_stage`); call again


StrikeResult = StrikeResultT()
