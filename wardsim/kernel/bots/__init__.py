"""The players: bot policies that choose among the legal actions, and the search (numba).

The Python registry of policies by name is `wardsim.policies`.
"""
