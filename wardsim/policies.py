"""The bot policies by name: the one registry of the kernel's policies (`kernel.bots`).

A policy is an id (`kernel.bots.enums.PolicyId`) and a parameter array whose columns are named
by `kernel.bots.enums.PolicyParam`. Each entry here says what the policy reads and what it
needs, so the runner asks the policy instead of knowing names. A policy is given by name,
optionally with parameters: ``heuristic`` or ``heuristic:attack_odds=0.5``.

To add a policy: write its kernel in `wardsim/kernel/bots/`, give it the next id in `PolicyId`,
dispatch it in `kernel.bots.search.choose_action_nb`, and add a `Policy` here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wardsim.kernel.bots.enums import N_POLICY_PARAMS, PolicyId, PolicyParam


@dataclass(frozen=True)
class Policy:
    """A bot policy as the runner sees it."""

    name: str
    id: int
    summary: str
    params: tuple[str, ...] = ()  # the PolicyParam columns it reads
    needs_duel_table: bool = False  # reads the exact duel odds of the decks' creatures


# defaults of every parameter column; a policy reads only those it names
DEFAULT_PARAMS: dict[str, float] = {
    "attack_odds": 0.45,
    "sacrifice_weight": 0.3,
    "iterations": 24,
    "horizon": 2,
    "width": 4,
    "margin": 100,
    "state_odds": 1.0,
}

POLICIES: dict[str, Policy] = {
    p.name: p
    for p in (
        Policy("random", PolicyId.random, "uniform over the legal actions"),
        Policy(
            "greedy",
            PolicyId.greedy,
            "strongest summon, every helpful magic card, always attacks",
            ("sacrifice_weight",),
        ),
        Policy(
            "heuristic",
            PolicyId.heuristic,
            "exact duel odds, the damage and cemetery races",
            ("attack_odds", "sacrifice_weight", "state_odds"),
            needs_duel_table=True,
        ),
        Policy(
            "search",
            PolicyId.search,
            "determinized Monte Carlo search with heuristic playouts; sees only its own cards",
            ("attack_odds", "sacrifice_weight", "iterations", "horizon", "width", "margin", "state_odds"),
            needs_duel_table=True,
        ),
    )
}
DEFAULT_POLICY = "heuristic"
# Boss Battles, Intelligence rule: "Boss always performs the smartest possible action": the boss's
# choices are the search policy's (they are few, so the search costs a boss game little)
BOSS_POLICY = "search"


def parse_policy(spec: str) -> tuple[Policy, dict[str, float]]:
    """A policy and its parameters from ``name`` or ``name:key=value,key=value``.

    Raises ValueError naming the known policies or parameters."""
    name, _, rest = spec.partition(":")
    policy = POLICIES.get(name.strip())
    if policy is None:
        raise ValueError(f"unknown policy {name!r}; known policies: {', '.join(POLICIES)}")
    params = {key: DEFAULT_PARAMS[key] for key in PolicyParam._fields}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in policy.params:
            known = ", ".join(policy.params) or "none"
            raise ValueError(f"policy {policy.name!r} has no parameter {key!r}; its parameters: {known}")
        try:
            params[key] = float(value)
        except ValueError:
            raise ValueError(f"parameter {key} of {policy.name!r} must be a number, got {value!r}") from None
    return policy, params


def policy_id(spec: str) -> int:
    """The id of a policy; ValueError naming the known ones."""
    return parse_policy(spec)[0].id


def needs_duel_table(*specs: str) -> bool:
    """Whether any of these policies reads the exact duel odds."""
    return any(parse_policy(spec)[0].needs_duel_table for spec in specs)


def policy_arrays(*specs: str) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's view of the players' policies, one spec per player: ids (S,) and parameters
    (S, N_POLICY_PARAMS)."""
    ids = np.zeros(len(specs), dtype=np.int64)
    params = np.zeros((len(specs), N_POLICY_PARAMS), dtype=np.float64)
    for seat, spec in enumerate(specs):
        policy, values = parse_policy(spec)
        ids[seat] = policy.id
        for key, value in values.items():
            params[seat, getattr(PolicyParam, key)] = value
    return ids, params
