"""The bot policies by name: the one registry of `kernel.bots.policies` functions.

A policy is an id (`kernel.bots.policies.PolicyId`) and a parameter array. To add one, write its
function in `wardsim/kernel/bots/policies.py`, dispatch it in `choose_base_nb`, and name it here.
"""

from __future__ import annotations

import numpy as np

from wardsim.kernel.bots.enums import PolicyId
from wardsim.kernel.bots.policies import policy_params

POLICIES: dict[str, int] = {
    "random": PolicyId.random,  # uniform over the legal actions
    "greedy": PolicyId.greedy,  # strongest summon, every helpful magic card, always attacks
    "heuristic": PolicyId.heuristic,  # exact duel odds, the damage and cemetery races
    "rollout": PolicyId.rollout,  # flat Monte Carlo over the actions with greedy playouts
}
DEFAULT_POLICY = "heuristic"


def policy_id(name: str) -> int:
    """The id of a policy; ValueError naming the known ones."""
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; known policies: {', '.join(POLICIES)}") from None


def policy_arrays(policy_a: str, policy_b: str) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's view of two players' policies: ids (2,) and parameters (2, N_PARAMS)."""
    ids = np.array([policy_id(policy_a), policy_id(policy_b)], dtype=np.int64)
    params = np.stack([policy_params(policy_a), policy_params(policy_b)])
    return ids, params
