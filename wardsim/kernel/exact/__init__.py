"""The exact duel solver: win probabilities of two creatures by dynamic programming.

It is the independent reference for the duel engine, so it shares no rule code with
`kernel.duel`, `kernel.game` or `kernel.bots` (tests/test_exact.py checks its imports): it
reads the same card, effect and fighter arrays (`kernel.enums`) and applies the rules by its
own code.

Modules, in the order the solver uses them:

- `enums`: the columns of the solver's arrays and the codes in them;
- `spec`: a pair's rules as small int arrays (`build_spec`, `PairRules`; pure Python);
- `damage`, `tables`: dice sums, the damage rules, the odds of each strike outcome;
- `frontier`, `stages`: the stages of an exchange (start, strikes, end);
- `levels`: the stage states that occur, and the values at one HP level;
- `plans`: what a strike or an exchange's end does at any HP level (worked out once per pair);
- `transitions`: what every level shares when HP never rises (solved once per pair);
- `plain`: pairs without effect states, one value per pair of HPs;
- `solver`: `solve_nb` (all levels) and `solve_pair`, the entry point.
"""
