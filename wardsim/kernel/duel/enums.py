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


React = ReactT()


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


StrikeResult = StrikeResultT()
