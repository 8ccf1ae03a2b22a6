"""The players: bot policies that choose among the legal actions, and the search (numba).

`enums` (policy ids, parameter columns), `policies` (the base policies and the decisions
inside an action), `search` (the rollout search and `choose_action_nb`, the one dispatcher of
a turn's choices). The Python registry of policies by name is `wardsim.policies`.
"""
