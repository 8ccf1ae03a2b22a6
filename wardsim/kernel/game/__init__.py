"""The game engine: complete games by the rules guide, on plain state arrays (numba).

`enums` (state columns, zones, phases, action kinds, events, records), `state` (the arrays,
zone moves, the rules in force), `field` (the field and the cemetery), `resolve` (effect rows),
`magic` (playing magic cards and responses), `turns` (turn effects), `rewind` (Hourglass of
Time), `actions` (action codes), `play` (setup, the phases, the legal actions and what they
do), `match` (the turn loop and batches of games), `trace` (the event log), `scratch` (stack
arrays). The players' choices come from `kernel.bots`.
"""
