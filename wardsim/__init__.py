"""wardsim: Monte Carlo balance and deck analytics for the WARD trading card game.

The public API, for notebooks and scripts::

    import wardsim as ws

    decks = ws.bundled_decks()
    tournament = ws.round_robin(decks, games=100, seed=1)
    ws.matchup_heatmap(tournament.matchups()).savefig("matchups.png")

Decks: `load_deck`, `bundled_decks`, `Deck`. Games: `simulate` (two decks), `simulate_table`
(free-for-all and teams), `round_robin` (a pool), `ladder` (the bot policies against each
other), `replay` (one game, turn by turn), all under `Rules` (the rules guide's by default).
Analytics and charts take the per-game records (`wardsim.records`) and per-card counters
those return. The command line (`wardsim --help`) is built on the same functions.
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module that defines it; imported on first use, so that `import wardsim` (and every
# worker process) stays quick and loads matplotlib only when a chart is drawn
_PUBLIC = {
    "Deck": "wardsim.decks",
    "load_deck": "wardsim.decks",
    "bundled_decks": "wardsim.decks",
    "Rules": "wardsim.rules",
    "default_catalog": "wardsim.catalog",
    "simulate": "wardsim.simulation",
    "simulate_table": "wardsim.multiplayer",
    "round_robin": "wardsim.tournament",
    "ladder": "wardsim.ladders",
    "replay": "wardsim.replays",
    "ablation_impact": "wardsim.analytics",
    "balance_candidates": "wardsim.analytics",
    "bradley_terry": "wardsim.analytics",
    "card_metrics": "wardsim.analytics",
    "deck_summary": "wardsim.analytics",
    "first_player_advantage": "wardsim.analytics",
    "matchup_matrix": "wardsim.analytics",
    "nash_equilibrium": "wardsim.analytics",
    "pool_card_counters": "wardsim.analytics",
    "wilson_interval": "wardsim.analytics",
    "card_impact": "wardsim.charts",
    "first_player": "wardsim.charts",
    "matchup_heatmap": "wardsim.charts",
    "nash_shares": "wardsim.charts",
    "win_rate_by_game_length": "wardsim.charts",
    "build_report": "wardsim.report",
    "write_report": "wardsim.report",
}
__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'wardsim' has no attribute {name!r}")
    value = getattr(importlib.import_module(_PUBLIC[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})
