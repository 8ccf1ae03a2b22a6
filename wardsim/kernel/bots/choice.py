"""The one door between the rules and the bots (numba).

Whenever the rules give a player a decision while an action resolves (`ChoiceKind`), the game
lists the legal options and asks `decide_nb`; the main decisions of a turn (summon, magic,
battle, end the phase) come through `kernel.bots.search.choose_action_nb`. Nothing in the game
kernel chooses for a player, and the game modules import nothing else from `kernel.bots`.

`options[k]` is an instance (or `NO_OPTION`, passing; or a sacrifice set, or an effect row, as
`ChoiceKind` says) and `facts[k]` a number the rules computed for it (the cemetery HP it costs);
`subject` is what the decision is about (the card answered, the creature summoned; -1 none).
"""

from __future__ import annotations

from wardsim.kernel.bots import policies
from wardsim.kernel.bots.enums import PolicyId
from wardsim.kernel.game.enums import ChoiceKind, GlobCol, InstCol
from wardsim.kernel.game.scratch import local_array
from wardsim.kernel.game.state import MAX_INST, randint_nb
from wardsim.kernel.jit import njit


@njit(cache=True, _nrt=False)
def decide_nb(kind, q, subject, options, facts, n, policy, params, cards, effects, inst, fighters, players, glob, rng):
    """The index of player q's choice among the `n` options (0 when there is one)."""
    if n <= 1:
        return 0
    if policy[q] == PolicyId.random or _boss_die_picks(kind, q, options, n, inst, glob):
        return randint_nb(rng, n)
    best = 0
    best_value = -1e300
    for k in range(n):
        value = policies.option_value_nb(
            kind, q, subject, options[k], facts[k], params[q], cards, effects, inst, fighters, players, glob
        )
        if value > best_value:
            best_value = value
            best = k
    return best


@njit(cache=True, _nrt=False)
def _boss_die_picks(kind, q, options, n, inst, glob):
    """The boss's card aims at one of several cards of the player it targets: "targeted player
    assigns numbers, die roll determines specific target" (Boss Battles, Boss magic targeting)."""
    if q != glob[GlobCol.boss] or (kind != ChoiceKind.destroy_pick and kind != ChoiceKind.steal_pick):
        return False
    for k in range(n):
        if options[k] < 0 or inst[options[k], InstCol.controller] != glob[GlobCol.faced]:
            return False
    return True


@njit(cache=True, _nrt=False)
def pick_nb(kind, q, subject, options, n, policy, params, cards, effects, inst, fighters, players, glob, rng):
    """Player q's pick among the `n` options, itself (not its index); -1 when there is none.
    For decisions whose options carry no facts."""
    if n == 0:
        return -1
    facts = local_array(MAX_INST)[: inst.shape[0]]
    facts[:] = 0
    k = decide_nb(
        kind, q, subject, options, facts, n, policy, params, cards, effects, inst, fighters, players, glob, rng
    )
    return options[k]
