"""Integer constants of the bots: policy ids and parameter columns."""

from typing import NamedTuple


class PolicyIdT(NamedTuple):
    random: int = 0
    greedy: int = 1
    heuristic: int = 2
    search: int = 3


PolicyId = PolicyIdT()


class PolicyParamT(NamedTuple):
    """Columns of a policy's parameter array (float64); 0 means the policy's default."""

    attack_odds: int = 0  # heuristic: the duel win probability above which it attacks
    sacrifice_weight: int = 1  # heuristic: strength points given up per cemetery HP a summon costs
    iterations: int = 2  # search: playouts per decision (its budget), shared by the legal actions
    horizon: int = 3  # search: turns a playout plays after the action before the position is scored
    width: int = 4  # search: the most actions it compares, the heuristic's best first
    margin: int = 5  # search: how far below the heuristic's best an action may be and still be compared
    state_odds: int = 6  # heuristic: how much of the creatures' changes since printed its duel odds see (0: none)


PolicyParam = PolicyParamT()
N_POLICY_PARAMS = len(PolicyParam)
