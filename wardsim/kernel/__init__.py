"""The numba kernels, one package per engine: `duel` (battles), `exact` (the exact duel
solver, which shares no rule code with the others), `game` (complete games) and `bots`
(the players). `enums` holds the codes every engine reads (the effect language, the card
table and the fighter row); `rng` the per-game generators and scripted dice.
`cache` chooses where numba keeps the compiled kernels, before any of them is defined:
`FOLDER`, this version's folder (the exact duel odds solved so far are kept there too,
`wardsim.battle`).
"""

from wardsim.kernel.cache import use_versioned_cache

FOLDER = use_versioned_cache()
