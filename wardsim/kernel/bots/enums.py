"""Integer constants of the bots: policy ids and parameter columns."""

from typing import NamedTuple


class PolicyIdT(NamedTuple):
    random: int = 0
    greedy: int = 1
    heuristic: int = 2
    rollout: int = 3


PolicyId = PolicyIdT()
