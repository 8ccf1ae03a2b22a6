"""The per-game records of every run: one schema, turned into a DataFrame in one place.

The game kernel fills one int64 row per game (`kernel.game.enums.RecordCol`); a run folder
saves those rows with the game index in front (`GAME_COLUMNS`). Whatever produced them,
`simulate(..., keep_records=True).records` or `round_robin(...).records`, the records that
users and the analytics read are `records_frame`'s:

==================  ========================================================================
``deck_a, deck_b``  deck names in seat A and seat B (categorical)
``game``            the game's index in its run: its dice come from (seed, game)
``winner``          0 = A won, 1 = B won, 2 = draw
``first_player``    0 = A went first, 1 = B went first
``turns``           the game's length in turns
``end_reason``      how it ended (categorical: `END_REASONS`)
``cemetery_a, _b``  each player's cemetery HP at the end
==================  ========================================================================
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from wardsim.kernel.game.enums import EndReason, RecordCol

GAME_COLUMNS: tuple[str, ...] = ("game", *RecordCol._fields)  # the int table a run folder saves
RECORD_COLUMNS: tuple[str, ...] = ("deck_a", "deck_b", *GAME_COLUMNS)
END_REASONS: tuple[str, ...] = EndReason._fields


def records_frame(table: np.ndarray, deck_a: str, deck_b: str) -> pd.DataFrame:
    """The records of one pairing: `table` is int (n, GAME_COLUMNS), ordered by game."""
    frame = pd.DataFrame(np.asarray(table, dtype=np.int64).reshape(-1, len(GAME_COLUMNS)), columns=list(GAME_COLUMNS))
    frame = frame.sort_values("game", ignore_index=True)
    frame.insert(0, "deck_b", deck_b)
    frame.insert(0, "deck_a", deck_a)
    return _typed(frame, [deck_a, deck_b])


def concat_records(frames: Sequence[pd.DataFrame], decks: Sequence[str]) -> pd.DataFrame:
    """The records of several pairings in one frame, the deck columns on the categories `decks`."""
    if not frames:
        return records_frame(np.zeros((0, len(GAME_COLUMNS)), dtype=np.int64), *(list(decks) * 2)[:2])
    frame = pd.concat([f.astype({"deck_a": str, "deck_b": str}) for f in frames], ignore_index=True)
    return _typed(frame, decks)


def _typed(frame: pd.DataFrame, decks: Sequence[str]) -> pd.DataFrame:
    categories = list(dict.fromkeys(decks))
    for column in ("deck_a", "deck_b"):
        frame[column] = pd.Categorical(frame[column].astype(str), categories=categories)
    reasons = frame["end_reason"]
    if not isinstance(reasons.dtype, pd.CategoricalDtype):
        # end reasons by name: the records are read by people as much as by code
        frame["end_reason"] = pd.Categorical.from_codes(reasons.to_numpy(dtype=np.int64), categories=list(END_REASONS))
    return frame[list(RECORD_COLUMNS)]
