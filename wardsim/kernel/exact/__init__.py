"""The exact duel solver: win probabilities of two creatures by dynamic programming.

It is the independent reference for the duel engine, so it shares no rule code with
`kernel.duel` or `kernel.game` (tests/test_exact.py checks its imports): it reads the
same card, effect and fighter arrays and applies the rules by its own code.
"""
