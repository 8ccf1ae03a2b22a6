"""The numba kernels, one package per engine: `duel` (battles), `exact` (the exact duel
solver, which shares no rule code with the others), `game` (complete games) and `bots`
(the players). `enums` holds the codes every engine reads (the effect language, the card
table and the fighter row); `rng` the per-game generators and scripted dice.
`cache` chooses where numba keeps the compiled kernels, before any of them is defined.
"""

from wardsim.kernel.cache import use_versioned_cache

use_versioned_cache()
