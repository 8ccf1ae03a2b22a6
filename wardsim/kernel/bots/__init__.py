"""The players: bot policies that choose among the legal actions, and the search (numba).

`enums` (policy ids, parameter columns), `policies` (the base policies, and the values of the
options of a decision inside an action), `choice` (`decide_nb`, the one door through which the
game asks a player every decision inside an action), `search` (the determinized search and
`choose_action_nb`, the dispatcher of a turn's actions). The Python registry of policies by
name is `wardsim.policies`.
"""
