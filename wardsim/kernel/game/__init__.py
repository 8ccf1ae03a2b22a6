"""The game engine: complete games by the rules guide, on plain state arrays (numba).

`state` (arrays and zone moves), `field` (the field and the cemetery), `resolve` (effect
rows), `magic` (playing magic cards and responses), `turns` (turn effects), `rewind`
(Hourglass of Time), `play` (setup, the phases, the legal actions and what they do), `match`
(the turn loop and batches of games), `trace` (the event log), `scratch` (stack arrays).
"""
