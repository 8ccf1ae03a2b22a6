"""Duels: one creature against another, by Monte Carlo or exactly.

This is the Python layer over `kernel.duel.battle` (the numba duel kernel) and `kernel.exact.solver` (the
exact solver). It turns catalog cards into fighter arrays, runs or solves duels, and wraps the
results once: `duel` returns a `DuelResult`, `duel_matrix` a pandas DataFrame. The duel
semantics are written down in `wardsim.kernel.duel.battle`.

    >>> r = duel("Knight", "Goblin", exact=True)
    >>> round(r.p_a_wins, 4)
    1.0

Results flag the creatures whose effect is only partly encoded or not encoded in the catalog
(`Card.effect_status`: `flagged`), and note the effect rows that do nothing in a duel (they
need other cards: summoning costs, magic, the hand...).
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numba
import numpy as np

from wardsim.catalog import Card, Catalog, default_catalog
from wardsim.effects import render
from wardsim.kernel import FOLDER as KERNELS_FOLDER
from wardsim.kernel.duel.battle import DEFAULT_MAX_EXCHANGES, duel_nb, init_fighter_nb, prepare_pair_nb, run_duels_nb
from wardsim.kernel.duel.effect_rows import row_acts_in_duel_nb
from wardsim.kernel.duel.enums import DuelOutcome
from wardsim.kernel.enums import N_FIGHTER_COLS, CardCol
from wardsim.kernel.exact.solver import ExactResult, Workspace, solve_pair
from wardsim.kernel.exact.spec import UnsupportedPair
from wardsim.kernel.rng import NO_SCRIPT, as_script, check_script, new_rng

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_GAMES = 100_000
DEFAULT_SEED = 20250130


class DuelError(ValueError):
    """A duel that cannot be run (a magic card, a bad option)."""


def duel_rows(card: Card, catalog: Catalog | None = None) -> tuple[list[str], list[str]]:
    """The card's effect rows that act in a duel, and those that do not (as English).

    The kernel decides (`row_acts_in_duel_nb`): rows that need other cards (summoning costs,
    magic, the hand, the cemetery), rows for when the card is an equip, and stat rows scaled by
    cards in the hand or the cemetery do nothing in a duel.
    """
    catalog = catalog or default_catalog()
    effects = catalog.tables().effects
    start = int(catalog.tables().cards[catalog.index(card.name), CardCol.effect_start])
    acting: list[str] = []
    ignored: list[str] = []
    for k, e in enumerate(card.effects):
        (acting if row_acts_in_duel_nb(effects, start + k) else ignored).append(render(e))
    return acting, ignored


def effect_notes(card: Card, catalog: Catalog | None = None) -> list[str]:
    """Why a duel with this card may not be the whole story (empty when it is)."""
    notes = []
    if card.effect_status in ("partial", "unmodeled"):
        notes.append(f"{card.name}: effect {card.effect_status}" + (f" ({card.reason})" if card.reason else ""))
    _, ignored = duel_rows(card, catalog)
    notes += [f"{card.name}: no effect in a duel: {text}" for text in ignored]
    return notes


@dataclass(frozen=True)
class DuelResult:
    """The outcome of A against B.

    For a sampled duel, `stderr` is the standard error of `p_a_wins` and `games` the number of
    duels; both are None for an exact result.
    """

    a: str
    b: str
    method: str  # "exact" or "monte_carlo"
    p_a_wins: float
    p_b_wins: float
    p_draw: float
    games: int | None
    stderr: float | None
    mean_exchanges: float | None
    seed: int | None = None
    flagged: tuple[str, ...] = field(default=())  # creatures whose effect is partial/unmodeled
    notes: tuple[str, ...] = field(default=())  # those effects, and rows without effect in a duel

    def as_dict(self) -> dict:
        """The JSON view (`wardsim duel --json`)."""
        mean = self.mean_exchanges
        return {
            "a": self.a,
            "b": self.b,
            "method": self.method,
            "p_a_wins": self.p_a_wins,
            "p_b_wins": self.p_b_wins,
            "p_draw": self.p_draw,
            "games": self.games,
            "stderr": self.stderr,
            "mean_exchanges": None if mean is None or not math.isfinite(mean) else mean,
            "seed": self.seed,
            "flagged": list(self.flagged),
            "notes": list(self.notes),
        }


def _creature(catalog: Catalog, name: str) -> tuple[int, Card]:
    index = catalog.index(name)  # KeyError with the closest names
    card = catalog.cards[index]
    if not card.is_creature:
        raise DuelError(f"{card.name!r} is a magic card; a duel needs two creatures")
    return index, card


def fighter(catalog: Catalog, name: str) -> np.ndarray:
    """The fighter array (columns `FighterCol`) of a creature, before its pair's effects."""
    index, _ = _creature(catalog, name)
    f = np.zeros(N_FIGHTER_COLS, dtype=np.int64)
    init_fighter_nb(f, catalog.tables().cards, index)
    return f


def prepared_pair(catalog: Catalog, a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    """Fighters of A and B with their static and on-summon effects applied."""
    fa, fb = fighter(catalog, a), fighter(catalog, b)
    prepare_pair_nb(fa, fb, catalog.tables().effects)
    return fa, fb


def _seed64(seed: int) -> np.uint64:
    return np.uint64(int(seed) % 2**64)


def simulate(
    fa: np.ndarray,
    fb: np.ndarray,
    effects: np.ndarray,
    games: int,
    seed: int,
    first_index: int = 0,
    max_exchanges: int = DEFAULT_MAX_EXCHANGES,
    script: Sequence[int] | None = None,
) -> pd.DataFrame:
    """Per-duel records of prepared fighters (one row per duel).

    Columns: outcome (`DuelOutcome`), exchanges, strikes, first (0 = A had the first turn).
    Duel k uses the dice of (seed, first_index + k) only.
    """
    out = _run([fa], [fb], effects, games, seed, first_index, max_exchanges, script)
    import pandas as pd  # imported where used: `wardsim duel` starts without pandas

    return pd.DataFrame({"outcome": out[0], "exchanges": out[1], "strikes": out[2], "first": out[3]})


def _run(fas, fbs, effects, games, seed, first_index=0, max_exchanges=DEFAULT_MAX_EXCHANGES, script=None):
    ta = np.ascontiguousarray(np.stack(fas), dtype=np.int64)
    tb = np.ascontiguousarray(np.stack(fbs), dtype=np.int64)
    n = ta.shape[0] * games
    outcome = np.empty(n, dtype=np.int8)
    exchanges = np.empty(n, dtype=np.int32)
    strikes = np.empty(n, dtype=np.int32)
    first = np.empty(n, dtype=np.int8)
    dice = NO_SCRIPT if script is None else as_script(script)
    with np.errstate(over="ignore"):  # 64-bit wrap-around in the generator (without the JIT)
        run_duels_nb(
            ta, tb, effects, _seed64(seed), first_index, dice, max_exchanges, outcome, exchanges, strikes, first
        )
    return outcome, exchanges, strikes, first


def play_scripted(
    fa: np.ndarray, fb: np.ndarray, effects: np.ndarray, dice: Sequence[int], max_exchanges: int = DEFAULT_MAX_EXCHANGES
) -> dict:
    """One duel with every die dictated; fa and fb are left in their final state.

    Returns outcome, exchanges, strikes, first and dice_used; raises ScriptExhausted when the
    duel needs more dice than given.
    """
    script = as_script(dice)
    rng = new_rng()
    out = np.zeros(4, dtype=np.int64)
    with np.errstate(over="ignore"):
        duel_nb(fa, fb, effects, rng, script, max_exchanges, out, False)
    used = check_script(rng, script)
    return {
        "outcome": int(out[0]),
        "exchanges": int(out[1]),
        "strikes": int(out[2]),
        "first": int(out[3]),
        "dice_used": used,
    }


def _flagged(*cards: Card) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.name for c in cards if c.effect_status in ("partial", "unmodeled")))


def _summarise(
    a: Card, b: Card, outcome: np.ndarray, exchanges: np.ndarray, games: int, seed: int, notes: tuple[str, ...]
) -> DuelResult:
    counts = np.bincount(outcome.astype(np.int64), minlength=4)
    p_a = counts[DuelOutcome.a_wins] / games
    p_b = counts[DuelOutcome.b_wins] / games
    p_draw = (counts[DuelOutcome.draw] + counts[DuelOutcome.cap]) / games
    return DuelResult(
        a=a.name,
        b=b.name,
        method="monte_carlo",
        p_a_wins=float(p_a),
        p_b_wins=float(p_b),
        p_draw=float(p_draw),
        games=games,
        stderr=float(math.sqrt(p_a * (1 - p_a) / games)),
        mean_exchanges=float(exchanges.mean()),
        seed=seed,
        flagged=_flagged(a, b),
        notes=notes,
    )


def _exact_result(a: Card, b: Card, r: ExactResult, notes: tuple[str, ...]) -> DuelResult:
    return DuelResult(
        a=a.name,
        b=b.name,
        method="exact",
        p_a_wins=r.p_a_wins,
        p_b_wins=r.p_b_wins,
        p_draw=r.p_draw,
        games=None,
        stderr=None,
        mean_exchanges=r.mean_exchanges,
        flagged=_flagged(a, b),
        notes=notes,
    )


def duel(
    a: str,
    b: str,
    games: int | None = None,
    seed: int = DEFAULT_SEED,
    exact: bool = False,
    catalog: Catalog | None = None,
    max_exchanges: int = DEFAULT_MAX_EXCHANGES,
) -> DuelResult:
    """A against B: exactly (`exact=True`) or from `games` sampled duels (default 100,000).

    Unknown names raise KeyError with the closest catalog names.
    """
    catalog = catalog or default_catalog()
    _, card_a = _creature(catalog, a)
    _, card_b = _creature(catalog, b)
    notes = tuple(effect_notes(card_a, catalog) + (effect_notes(card_b, catalog) if card_b is not card_a else []))
    fa, fb = prepared_pair(catalog, a, b)
    effects = catalog.tables().effects
    if exact:
        return _exact_result(card_a, card_b, solve_pair(fa, fb, effects), notes)
    games = DEFAULT_GAMES if games is None else int(games)
    if games < 1:
        raise DuelError(f"games must be at least 1, got {games}")
    outcome, exchanges, _, _ = _run([fa], [fb], effects, games, seed, 0, max_exchanges)
    return _summarise(card_a, card_b, outcome, exchanges, games, seed, notes)


def _jobs(jobs: int | None) -> int:
    return max(1, int(jobs) if jobs else (os.cpu_count() or 1))


def _solve_exact(
    catalog: Catalog, cards: Sequence[Card], pairs: Sequence[tuple[int, int]], jobs: int, seed: int, max_exchanges: int
) -> Iterable[tuple[tuple[int, int], ExactResult, bool]]:
    """(pair, result, sampled) for each pair of `cards` indices, solved on `jobs` threads.
    A pair with too many effect states for the exact solver is sampled (DEFAULT_GAMES duels)."""
    effects = catalog.tables().effects
    scratch = threading.local()  # one solver workspace per thread, reused from pair to pair

    def solve(pair):
        i, j = pair
        fa, fb = prepared_pair(catalog, cards[i].name, cards[j].name)
        if not hasattr(scratch, "workspace"):
            scratch.workspace = Workspace()
        try:
            return pair, solve_pair(fa, fb, effects, workspace=scratch.workspace), False
        except UnsupportedPair:
            outcome, exchanges, _, _ = _run([fa], [fb], effects, DEFAULT_GAMES, seed, 0, max_exchanges)
            p_a = float(np.mean(outcome == DuelOutcome.a_wins))
            p_b = float(np.mean(outcome == DuelOutcome.b_wins))
            p_draw = float(np.mean(outcome >= DuelOutcome.draw))
            return pair, ExactResult(p_a, p_b, p_draw, float(exchanges.mean()), False, 0), True

    if not pairs:
        return  # all solved before: no threads to start
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(solve, pairs)


def duel_matrix(
    cards: Iterable[str | Card],
    exact: bool = True,
    jobs: int | None = None,
    games: int | None = None,
    seed: int = DEFAULT_SEED,
    catalog: Catalog | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_exchanges: int = DEFAULT_MAX_EXCHANGES,
) -> pd.DataFrame:
    """P(row creature beats column creature) for every pair of `cards`.

    Each unordered pair is played once: entry [A, B] is P(A wins) and entry [B, A] is
    P(B wins) of that duel, so [A, B] + [B, A] + P(draw) = 1 (the diagonal is a creature
    against a copy of itself). Exact by default; `exact=False` samples `games` duels per pair
    with the seed, and entry [A, B] then equals `duel(A, B, games, seed).p_a_wins`.
    `jobs` threads solve pairs in parallel (default: every core). `progress(done, total)` is
    called as pairs finish. The frame's `attrs` hold `method`, `games`, `seed`, the draw
    matrix (`draws`), the mean exchanges (`mean_exchanges`), the creatures whose effect is
    partly or not encoded (`flagged`), the notes per creature, and the pairs the exact solver
    could not take (too many effect states) and that were sampled instead (`sampled_pairs`).
    """
    catalog = catalog or default_catalog()
    names = [c.name if isinstance(c, Card) else catalog[c].name for c in cards]
    chosen = [_creature(catalog, n)[1] for n in names]
    k = len(chosen)
    pairs = [(i, j) for i in range(k) for j in range(i, k)]
    effects = catalog.tables().effects
    win = np.full((k, k), np.nan)
    draw = np.full((k, k), np.nan)
    length = np.full((k, k), np.nan)
    total = len(pairs)
    jobs = _jobs(jobs)
    sampled: list[tuple[str, str]] = []
    if exact:
        done = 0
        for (i, j), r, was_sampled in _solve_exact(catalog, chosen, pairs, jobs, seed, max_exchanges):
            win[i, j], win[j, i] = r.p_a_wins, r.p_b_wins
            draw[i, j] = draw[j, i] = r.p_draw
            length[i, j] = length[j, i] = r.mean_exchanges
            if was_sampled:
                sampled.append((names[i], names[j]))
            done += 1
            if progress:
                progress(done, total)
    else:
        games = DEFAULT_GAMES if games is None else int(games)
        previous = numba.get_num_threads()
        numba.set_num_threads(min(jobs, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
        try:
            batch = max(1, 2_000_000 // games)
            for start in range(0, total, batch):
                chunk = pairs[start : start + batch]
                fas, fbs = zip(*(prepared_pair(catalog, names[i], names[j]) for i, j in chunk), strict=True)
                outcome, exchanges, _, _ = _run(fas, fbs, effects, games, seed, 0, max_exchanges)
                outcome = outcome.reshape(len(chunk), games)
                exchanges = exchanges.reshape(len(chunk), games)
                for q, (i, j) in enumerate(chunk):
                    counts = np.bincount(outcome[q].astype(np.int64), minlength=4) / games
                    win[i, j], win[j, i] = counts[DuelOutcome.a_wins], counts[DuelOutcome.b_wins]
                    draw[i, j] = draw[j, i] = counts[DuelOutcome.draw] + counts[DuelOutcome.cap]
                    length[i, j] = length[j, i] = exchanges[q].mean()
                if progress:
                    progress(min(start + batch, total), total)
        finally:
            numba.set_num_threads(previous)
    import pandas as pd  # imported where used: `wardsim duel` starts without pandas

    frame = pd.DataFrame(win, index=pd.Index(names, name="a"), columns=pd.Index(names, name="b"))
    frame.attrs.update(
        method="exact" if exact else "monte_carlo",
        games=None if exact else games,
        seed=None if exact else seed,
        draws=pd.DataFrame(draw, index=frame.index, columns=frame.columns),
        mean_exchanges=pd.DataFrame(length, index=frame.index, columns=frame.columns),
        notes={c.name: effect_notes(c, catalog) for c in chosen if effect_notes(c, catalog)},
        sampled_pairs=sampled,
        flagged=[c.name for c in chosen if c.effect_status in ("partial", "unmodeled")],
    )
    return frame


# P(A beats B) of pairs solved before, by the two cards as printed (`_card_key`: a changed stat
# or effect is another key): in this process, and on disk beside this version's kernels, so
# that a tournament, a what-if and the next command solve each pair once
_ODDS: dict[str, float] = {}
_READ: set[Path] = set()  # odds files read by this process


@lru_cache(maxsize=1)
def odds_file() -> Path:
    """Where the solved odds are kept: this version's kernels folder (`wardsim.kernel.FOLDER`),
    under a name that changes with the Python code that prepares a pair (read once)."""
    digest = hashlib.sha256()
    root = Path(__file__).parent
    for path in (root / "battle.py", root / "catalog.py", root / "effects.py"):
        digest.update(path.read_bytes())
    return KERNELS_FOLDER / f"duel-odds-{digest.hexdigest()[:16]}.npz"


def _card_key(card: Card) -> str:
    return hashlib.sha256(repr(card).encode()).hexdigest()[:16]


def _read_odds(path: Path) -> None:
    """Add the odds saved in `path` (none yet, or unreadable: they are solved again)."""
    try:
        with np.load(path) as saved:
            _ODDS.update(zip(saved["keys"].astype(str).tolist(), saved["values"].tolist(), strict=True))
    except (OSError, ValueError, KeyError):
        pass


def _save_odds(path: Path) -> None:
    """Write every odds known, with those another process saved meanwhile, in one replace;
    an unwritable folder keeps them in memory only."""
    _read_odds(path)
    keys = np.array(list(_ODDS), dtype="S32")
    values = np.array(list(_ODDS.values()), dtype=float)
    partial = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        with open(partial, "wb") as out:
            np.savez(out, keys=keys, values=values)
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)


def exact_odds_matrix(
    cards: Sequence[str | Card], jobs: int | None = None, catalog: Catalog | None = None
) -> np.ndarray:
    """Exact P(row creature beats column creature) as a plain array (for the game's policies).
    Pairs solved before, in this process or by an earlier command (`odds_file`), are not
    solved again."""
    catalog = catalog or default_catalog()
    chosen = [c if isinstance(c, Card) else catalog[c] for c in cards]
    keys = [_card_key(c) for c in chosen]
    path = odds_file()
    if path not in _READ:
        _READ.add(path)
        _read_odds(path)
    k = len(chosen)
    todo = [(i, j) for i in range(k) for j in range(i, k) if keys[i] + keys[j] not in _ODDS]
    for (i, j), r, _ in _solve_exact(catalog, chosen, todo, _jobs(jobs), DEFAULT_SEED, DEFAULT_MAX_EXCHANGES):
        _ODDS[keys[i] + keys[j]] = r.p_a_wins
        _ODDS[keys[j] + keys[i]] = r.p_b_wins
    if todo:
        _save_odds(path)
    return np.array([[_ODDS[a + b] for b in keys] for a in keys], dtype=float).reshape(k, k)
