"""wardsim benchmarks: `python bench/run.py` (or `make bench`).

Each benchmark is a function that returns rows (dicts) for the table `main` prints; add a game
benchmark by writing one more function and listing it in BENCHMARKS. Every measurement warms
up (compiles) first and keeps the best of several repeats; speeds are per second of wall time.

duels: the numba duel kernel (`kernel.duel.battle.run_duels_nb`, counter-based dice) against a
baseline measured in the same run: a straightforward numba duel kernel with the same rules and
no effects that calls `np.random.randint(1, 7)` once per die. All play the same 64 Gen 1
creature pairs, on 1 thread and on every thread. The kernel runs twice: on exactly the
baseline's duels (printed stats, effects left out: the comparison of equal work), and with
the creatures' own effects (more work per strike: DOTs, statuses, effect rolls).

cli: `wardsim duel Knight Werewolf --games 10000000` run as a user runs it (a new process:
start-up, the catalog, numba's cached kernels, the summary) beside the duel kernel alone and the
baseline on the same duels (two creatures without effects) and threads: the share of the
command's time the kernel gets.

games: full games between the bundled decks (four pairings, both seats) per policy, on every
core (one worker process per core, as `wardsim simulate --jobs` runs them), with the cost of
a game expressed in baseline duels: the baseline's duels/s on every thread over games/s.

exact: the exact duel matrix of every Gen 1 creature (`wardsim.battle.duel_matrix(..., exact=True)`,
`wardsim duels`: every unordered pair solved once, on every core) beside a baseline measured in
the same run: a textbook numba dynamic program over (HP A, HP B) for the same pairs with their
printed stats and no effects, which enumerates both strikes of each exchange at every HP pair
(P(A wins) only), one pair per thread on every thread. Compiling is left out (a warm-up matrix
of a few creatures first).

tables: games of each mode (1v1, free-for-all of 3 and of 4, 2v2) between the same bundled
decks under the default policy, on every core: games/s and a game's cost in baseline duels.

ladder: a small policy ladder (`wardsim.ladders`) of every registered policy on four bundled
decks, a few games per cell, on every core: each policy's Bradley-Terry strength and Elo with
their 95% intervals, beside its games/s against itself on the same decks (every ordered
pairing, mirrors included) on one core, and a game's cost in baseline duels on one thread.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numba
import numpy as np
from numba import njit, prange

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from wardsim.battle import fighter, prepared_pair  # noqa: E402
from wardsim.catalog import default_catalog  # noqa: E402
from wardsim.kernel.duel.battle import run_duels_nb
from wardsim.kernel.enums import FighterCol as F
from wardsim.kernel.rng import NO_SCRIPT

MAX_EXCHANGES = 500

# ------------------------------------------------------------------ baseline duel kernel
# stats columns: hp, armor level, speed, attack dice, modifier


@njit(cache=True)
def _baseline_strike(al_target, hit_dice, modifier, attack_dice):
    """(damage to the target, damage to the striker) of one strike."""
    total = 0
    all_six = hit_dice >= 2
    all_one = hit_dice >= 2
    for _ in range(hit_dice):
        die = np.random.randint(1, 7)
        total += die
        if die != 6:
            all_six = False
        if die != 1:
            all_one = False
    if all_one:
        return 0, np.random.randint(1, 7)
    if not all_six and total + modifier < min(al_target, 12):
        return 0, 0
    damage = modifier
    for _ in range(attack_dice):
        damage += np.random.randint(1, 7)
    if all_six:
        damage *= 2
    return max(damage, 0), 0


@njit(cache=True)
def _baseline_duel(sa, sb, max_exchanges):
    hp_a = sa[0]
    hp_b = sb[0]
    while True:
        roll_a = np.random.randint(1, 7)
        roll_b = np.random.randint(1, 7)
        if roll_a != roll_b:
            break
    first = 0 if roll_a > roll_b else 1
    strikes = 0
    for exchange in range(max_exchanges):
        owner = first ^ (exchange & 1)
        if sa[2] != sb[2]:
            a_first = sa[2] > sb[2]
        else:
            while True:
                roll_a = np.random.randint(1, 7)
                roll_b = np.random.randint(1, 7)
                if roll_a != roll_b:
                    break
            a_first = (roll_a > roll_b) == (owner == 0)
        for k in range(2):
            if a_first == (k == 0):
                dealt, self_damage = _baseline_strike(sb[1], 2, sa[4], sa[3])
                hp_b -= dealt
                hp_a -= self_damage
            else:
                dealt, self_damage = _baseline_strike(sa[1], 2, sb[4], sb[3])
                hp_a -= dealt
                hp_b -= self_damage
            strikes += 1
            if hp_a <= 0 or hp_b <= 0:
                break
        if hp_a <= 0 or hp_b <= 0:
            return (0 if hp_b <= 0 else 1), exchange + 1, strikes
    return 3, max_exchanges, strikes


@njit(cache=True, parallel=True)
def baseline_duels(stats_a, stats_b, games, outcome, strikes):
    """games duels of each pair (rows of stats_a / stats_b), numba's global generator."""
    n = outcome.shape[0]
    for k in prange(n):
        pair = k // games
        result, _, count = _baseline_duel(stats_a[pair], stats_b[pair], MAX_EXCHANGES)
        outcome[k] = result
        strikes[k] = count


# ------------------------------------------------------------------ baseline exact solver


@njit(cache=True)
def _baseline_strike_outcomes(striker, target, probs, self_loss, target_loss):
    """The outcomes of one strike with printed stats (2 Hit dice): probability, HP the striker
    loses, HP the target loses; equal outcomes merged. Returns their count."""
    al = min(target[1], 12)
    modifier = striker[4]
    # the Atk dice sum by enumeration
    sums = np.zeros(6 * striker[3] + 1)
    sums[0] = 1.0
    for _ in range(striker[3]):
        nxt = np.zeros_like(sums)
        for total in range(sums.shape[0]):
            if sums[total] > 0.0:
                for face in range(1, 7):
                    nxt[total + face] += sums[total] / 6.0
        sums = nxt
    n = 0
    for first in range(1, 7):
        for second in range(1, 7):
            p = 1.0 / 36.0
            for k in range(1, 7):
                if first == 1 and second == 1:  # critical miss: 1d6 to the striker
                    outcome = (p / 6.0, k, 0)
                elif k > 1:
                    break
                elif (first == 6 and second == 6) or first + second + modifier >= al:
                    outcome = (0.0, 0, 0)
                    double = 2 if first == 6 and second == 6 else 1
                    for total in range(sums.shape[0]):
                        if sums[total] > 0.0:
                            loss = max(total + modifier, 0) * double
                            q = 0
                            while q < n and not (self_loss[q] == 0 and target_loss[q] == loss):
                                q += 1
                            if q == n:
                                self_loss[n], target_loss[n], probs[n] = 0, loss, 0.0
                                n += 1
                            probs[q] += p * sums[total]
                else:
                    outcome = (p, 0, 0)
                if outcome[0] > 0.0:
                    q = 0
                    while q < n and not (self_loss[q] == outcome[1] and target_loss[q] == outcome[2]):
                        q += 1
                    if q == n:
                        self_loss[n], target_loss[n], probs[n] = outcome[1], outcome[2], 0.0
                        n += 1
                    probs[q] += outcome[0]
    return n


@njit(cache=True)
def _baseline_exact_pair(sa, sb):
    """P(A wins) of a duel of printed stats, by dynamic programming over (HP A, HP B)."""
    size = 2 * (6 * max(sa[3], sb[3]) + 8)
    probs = np.zeros((2, size))
    self_loss = np.zeros((2, size), dtype=np.int64)
    target_loss = np.zeros((2, size), dtype=np.int64)
    count_a = _baseline_strike_outcomes(sa, sb, probs[0], self_loss[0], target_loss[0])
    count_b = _baseline_strike_outcomes(sb, sa, probs[1], self_loss[1], target_loss[1])
    p_a_first = 0.5 if sa[2] == sb[2] else (1.0 if sa[2] > sb[2] else 0.0)
    win = np.zeros((sa[0] + 1, sb[0] + 1))
    for a in range(1, sa[0] + 1):
        for b in range(1, sb[0] + 1):
            known = 0.0
            stay = 0.0
            for f in range(2):
                p_f = p_a_first if f == 0 else 1.0 - p_a_first
                if p_f == 0.0:
                    continue
                s = 1 - f
                for i in range(count_a if f == 0 else count_b):
                    a1 = a - (self_loss[0, i] if f == 0 else target_loss[1, i])
                    b1 = b - (target_loss[0, i] if f == 0 else self_loss[1, i])
                    if a1 <= 0 or b1 <= 0:
                        known += p_f * probs[f, i] * (1.0 if b1 <= 0 else 0.0)
                        continue
                    for j in range(count_a if s == 0 else count_b):
                        q = p_f * probs[f, i] * probs[s, j]
                        a2 = a1 - (self_loss[0, j] if s == 0 else target_loss[1, j])
                        b2 = b1 - (target_loss[0, j] if s == 0 else self_loss[1, j])
                        if a2 <= 0 or b2 <= 0:
                            known += q * (1.0 if b2 <= 0 else 0.0)
                        elif a2 == a and b2 == b:
                            stay += q
                        else:
                            known += q * win[a2, b2]
            win[a, b] = known / (1.0 - stay) if stay < 1.0 else 0.0
    return win[sa[0], sb[0]]


@njit(cache=True, parallel=True)
def baseline_exact_matrix(stats_a, stats_b, out):
    """P(A wins) of each pair (rows of stats_a / stats_b), one pair per thread."""
    for k in prange(out.shape[0]):
        out[k] = _baseline_exact_pair(stats_a[k], stats_b[k])


# ------------------------------------------------------------------ helpers


def _best(run: Callable[[], int], repeats: int) -> tuple[float, int]:
    """Best wall time of `repeats` runs after one warm-up run; run() returns the strikes."""
    strikes = run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        strikes = run()
        best = min(best, time.perf_counter() - start)
    return best, strikes


def _pairs(names: list[str], count: int) -> list[tuple[str, str]]:
    rng = np.random.default_rng(2025)
    return [(names[i], names[j]) for i, j in rng.integers(0, len(names), size=(count, 2))]


# ------------------------------------------------------------------ benchmarks


def bench_duels(games: int, repeats: int) -> list[dict]:
    catalog = default_catalog()
    effects = catalog.tables().effects
    names = [c.name for c in catalog.generation(1) if c.is_creature]
    pairs = _pairs(names, 64)
    fighters = [prepared_pair(catalog, a, b) for a, b in pairs]
    ta = np.ascontiguousarray(np.stack([f[0] for f in fighters]))
    tb = np.ascontiguousarray(np.stack([f[1] for f in fighters]))
    # the same duels as the baseline: printed stats, effects left out
    pa = np.ascontiguousarray(np.stack([fighter(catalog, a) for a, _ in pairs]))
    pb = np.ascontiguousarray(np.stack([fighter(catalog, b) for _, b in pairs]))
    pa[:, F.effect_count] = 0
    pb[:, F.effect_count] = 0

    def stats(name):
        c = catalog[name]
        return [c.hp, c.armor_level, c.speed, c.attack_dice, c.modifier]

    sa = np.array([stats(a) for a, _ in pairs], dtype=np.int64)
    sb = np.array([stats(b) for _, b in pairs], dtype=np.int64)
    per_pair = max(1, games // len(pairs))
    n = per_pair * len(pairs)
    outcome = np.empty(n, dtype=np.int8)
    exchanges = np.empty(n, dtype=np.int32)
    strikes = np.empty(n, dtype=np.int32)
    first = np.empty(n, dtype=np.int8)

    def kernel() -> int:
        run_duels_nb(ta, tb, effects, np.uint64(7), 0, NO_SCRIPT, MAX_EXCHANGES, outcome, exchanges, strikes, first)
        return int(strikes.sum())

    def kernel_no_effects() -> int:
        run_duels_nb(pa, pb, effects, np.uint64(7), 0, NO_SCRIPT, MAX_EXCHANGES, outcome, exchanges, strikes, first)
        return int(strikes.sum())

    def baseline() -> int:
        baseline_duels(sa, sb, per_pair, outcome, strikes)
        return int(strikes.sum())

    rows = []
    all_threads = numba.config.NUMBA_NUM_THREADS
    results = {}
    runs = (
        ("kernel, no effects (same duels)", kernel_no_effects),
        ("kernel, with effects", kernel),
        ("baseline (np.random)", baseline),
    )
    for threads in sorted({1, all_threads}):
        numba.set_num_threads(threads)
        for name, run in runs:
            seconds, count = _best(run, repeats)
            results[name, threads] = (n / seconds, count / seconds)
    numba.set_num_threads(all_threads)
    for (name, threads), (duels_s, strikes_s) in results.items():
        base = results["baseline (np.random)", threads]
        one = results[name, 1]
        rows.append(
            {
                "benchmark": f"duels: {name}",
                "threads": threads,
                "duels/s": duels_s,
                "strikes/s": strikes_s,
                "vs baseline": strikes_s / base[1] if name != "baseline (np.random)" else None,
                "scaling": strikes_s / one[1] if threads > 1 else None,
            }
        )
    return rows


GAME_PAIRINGS = (("dragons", "bleeders"), ("giants", "control"), ("undead", "sustain"), ("equipment", "first_strike"))
GAMES_PER_POLICY = {"random": 16000, "greedy": 16000, "heuristic": 16000, "search": 400}


def _baseline_rate(repeats: int, threads: int | None = None) -> float:
    """The baseline's duels per second (64 Gen 1 pairs) on `threads` threads (default: every thread)."""
    catalog = default_catalog()
    names = [c.name for c in catalog.generation(1) if c.is_creature]
    pairs = _pairs(names, 64)

    def stats(name):
        c = catalog[name]
        return [c.hp, c.armor_level, c.speed, c.attack_dice, c.modifier]

    sa = np.array([stats(a) for a, _ in pairs], dtype=np.int64)
    sb = np.array([stats(b) for _, b in pairs], dtype=np.int64)
    per_pair = 4000
    outcome = np.empty(per_pair * len(pairs), dtype=np.int8)
    strikes = np.empty(per_pair * len(pairs), dtype=np.int32)
    all_threads = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(threads or all_threads)
    try:
        seconds, _ = _best(lambda: int(baseline_duels(sa, sb, per_pair, outcome, strikes) or 0), repeats)
    finally:
        numba.set_num_threads(all_threads)
    return outcome.size / seconds


def bench_games(games: int, repeats: int) -> list[dict]:
    from wardsim.decks import bundled_decks_dir, load_deck
    from wardsim.simulation import simulate

    decks = {p.stem: load_deck(p) for p in bundled_decks_dir().glob("*.txt")}
    jobs = os.cpu_count() or 1
    baseline_rate = _baseline_rate(repeats)
    rows = []
    for policy, count in GAMES_PER_POLICY.items():
        per_pairing = max(2, count // (2 * len(GAME_PAIRINGS)))
        for a, b in GAME_PAIRINGS:  # warm-up: compile, solve the duel odds, start the workers
            simulate(decks[a], decks[b], games=2 * jobs, seed=1, jobs=jobs, policy_a=policy, chunk=2)
        start = time.perf_counter()
        played = 0
        for a, b in GAME_PAIRINGS:
            for x, y in ((a, b), (b, a)):
                played += simulate(
                    decks[x],
                    decks[y],
                    games=per_pairing,
                    seed=1,
                    jobs=jobs,
                    policy_a=policy,
                    chunk=max(1, per_pairing // jobs),
                ).totals.games
        rate = played / (time.perf_counter() - start)
        rows.append(
            {
                "benchmark": f"games: {policy}",
                "threads": jobs,
                "games/s": rate,
                "baseline duels per game": baseline_rate / rate,
            }
        )
    rows.append(
        {
            "benchmark": "duels: baseline (np.random)",
            "threads": numba.config.NUMBA_NUM_THREADS,
            "duels/s": baseline_rate,
        }
    )
    return rows


TABLE_DECKS = ("dragons", "giants", "undead", "sustain")
TABLE_MODES = (
    ("1v1", None, 2, None),
    ("ffa 3", "ffa", 3, None),
    ("ffa 4", "ffa", 4, None),
    ("2v2", "teams", 4, (2, 2)),
    ("AL Ladder", "ladder", 2, None),
)
AL_LADDER_DECKS = ("beasts", "shadows")  # decks/ladder/
TABLE_GAMES = 4000


def bench_tables(games: int, repeats: int) -> list[dict]:
    """Games of each mode under the default policy (`wardsim.multiplayer.simulate_table`; 1v1
    through `simulate`), on every core, the same decks seated in turn: games/s, and a game's
    cost in baseline duels."""
    from wardsim.decks import bundled_decks_dir, load_deck
    from wardsim.multiplayer import simulate_table
    from wardsim.policies import DEFAULT_POLICY
    from wardsim.simulation import simulate

    decks = [load_deck(bundled_decks_dir() / f"{name}.txt") for name in TABLE_DECKS]
    ladder = [load_deck(bundled_decks_dir() / "ladder" / f"{name}.txt", ladder=True) for name in AL_LADDER_DECKS]
    jobs = os.cpu_count() or 1
    baseline_rate = _baseline_rate(repeats)
    rows = []
    for label, mode, players, teams in TABLE_MODES:

        def play(n: int, mode=mode, players=players, teams=teams) -> int:
            chunk = max(1, n // jobs)
            if mode is None:
                return simulate(
                    *decks[:2], games=n, seed=1, jobs=jobs, policy_a=DEFAULT_POLICY, chunk=chunk
                ).totals.games
            pool = ladder if mode == "ladder" else decks[:players]
            return len(simulate_table(pool, mode, teams, games=n, seed=1, jobs=jobs, chunk=chunk).records)

        # after a warm-up run (compile, the duel odds, the workers)
        seconds, played = _best(lambda play=play: play(TABLE_GAMES), repeats)
        rate = played / seconds
        rows.append(
            {
                "benchmark": f"tables: {label}",
                "threads": jobs,
                "games/s": rate,
                "baseline duels per game": baseline_rate / rate,
            }
        )
    return rows


CLI_PAIR = ("Knight", "Werewolf")  # two Gen 1 creatures without effects: the baseline's own duels
CLI_DUELS = 10_000_000


def bench_cli(games: int, repeats: int) -> list[dict]:
    """`wardsim duel A B --games 10000000` as a user runs it (a new process: start-up, the
    catalog, the cached kernel, the summary) against the kernel alone and the baseline on the
    same duels and threads: how much of the command's time the kernel gets."""
    import subprocess

    catalog = default_catalog()
    effects = catalog.tables().effects
    a, b = CLI_PAIR
    fa, fb = prepared_pair(catalog, a, b)
    ta, tb = fa[None, :].copy(), fb[None, :].copy()

    def stats(name):
        c = catalog[name]
        return [c.hp, c.armor_level, c.speed, c.attack_dice, c.modifier]

    sa, sb = np.array([stats(a)], dtype=np.int64), np.array([stats(b)], dtype=np.int64)
    n = min(games, CLI_DUELS)
    outcome = np.empty(n, dtype=np.int8)
    exchanges = np.empty(n, dtype=np.int32)
    strikes = np.empty(n, dtype=np.int32)
    first = np.empty(n, dtype=np.int8)

    def kernel() -> int:
        run_duels_nb(ta, tb, effects, np.uint64(7), 0, NO_SCRIPT, MAX_EXCHANGES, outcome, exchanges, strikes, first)
        return int(strikes.sum())

    def baseline() -> int:
        baseline_duels(sa, sb, n, outcome, strikes)
        return int(strikes.sum())

    base_s, base_strikes = _best(baseline, repeats)
    kernel_s, kernel_strikes = _best(kernel, repeats)
    wardsim = os.path.join(os.path.dirname(sys.executable), "wardsim")  # the installed command
    command = [wardsim, "duel", a, b, "--games", str(CLI_DUELS), "--seed", "7", "--json"]
    subprocess.run(command, check=True, capture_output=True)  # warm: the numba cache is filled
    cli_s = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        cli_s = min(cli_s, time.perf_counter() - start)
    threads = numba.config.NUMBA_NUM_THREADS
    base_rate = base_strikes / base_s
    # the command plays CLI_DUELS duels: its strikes are the kernel's strikes per duel times those
    cli_strikes = kernel_strikes / n * CLI_DUELS
    return [
        {"benchmark": f"cli: baseline (np.random), {a} vs {b}", "threads": threads, "duels/s": n / base_s},
        {
            "benchmark": f"cli: kernel alone, {a} vs {b}",
            "threads": threads,
            "duels/s": n / kernel_s,
            "vs baseline": kernel_strikes / kernel_s / base_rate,
        },
        {
            "benchmark": f"cli: wardsim duel --games {CLI_DUELS:,} (whole command)",
            "threads": threads,
            "duels/s": CLI_DUELS / cli_s,
            "vs baseline": cli_strikes / cli_s / base_rate,
        },
    ]


LADDER_DECKS = ("dragons", "bleeders", "giants", "undead")
LADDER_GAMES = 6  # games per cell: 1,152 games for four policies, half of them with the slowest
PACE_SECONDS = 2.0  # play time that measures a policy's pace


def _self_play_rate(decks: list, policy: str) -> float:
    """Games/s of `policy` against itself over every ordered pairing of `decks` (mirrors included),
    on one core: the games per pairing double until they take PACE_SECONDS of play."""
    from wardsim.simulation import simulate

    per_pairing = 1
    while True:
        played, seconds = 0, 0.0
        for a in decks:
            for b in decks:
                result = simulate(a, b, games=per_pairing, seed=1, policy_a=policy, chunk=per_pairing)
                played += result.totals.games
                seconds += result.seconds
        if seconds >= PACE_SECONDS:
            return played / seconds
        per_pairing *= 2


def bench_ladder(games: int, repeats: int) -> list[dict]:
    from wardsim.decks import bundled_decks_dir, load_deck
    from wardsim.ladders import ladder
    from wardsim.policies import POLICIES

    decks = [load_deck(bundled_decks_dir() / f"{name}.txt") for name in LADDER_DECKS]
    jobs = os.cpu_count() or 1
    policies = list(POLICIES)
    # warm-up: compile, solve the duel odds, start the workers
    ladder(decks, policies, 1, seed=1, jobs=jobs, bootstrap=0)
    result = ladder(decks, policies, LADDER_GAMES, seed=1, jobs=jobs)
    baseline_rate = _baseline_rate(repeats, threads=1)
    rows = []
    for policy, r in result.strengths.iterrows():
        rate = _self_play_rate(decks, str(policy))
        rows.append(
            {
                "benchmark": f"ladder: {policy}",
                "threads": 1,
                "games/s": rate,
                "baseline duels per game": baseline_rate / rate,
                "strength (95% CI)": f"{r['strength']:#.3g} ({r['strength_ci_low']:#.3g}-{r['strength_ci_high']:#.3g})",
                "Elo (95% CI)": f"{r['elo']:.0f} ({r['elo_ci_low']:.0f}-{r['elo_ci_high']:.0f})",
            }
        )
    rows.append({"benchmark": "duels: baseline (np.random)", "threads": 1, "duels/s": baseline_rate})
    return rows


def bench_exact(games: int, repeats: int) -> list[dict]:
    from wardsim.battle import duel_matrix

    catalog = default_catalog()
    names = [c.name for c in catalog.generation(1) if c.is_creature]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i:]]
    jobs = os.cpu_count() or 1
    duel_matrix(names[:3], exact=True, jobs=jobs)  # warm-up: load or compile the solver
    repeats = min(repeats, 3)  # a matrix takes seconds
    seconds, _ = _best(lambda: int(duel_matrix(names, exact=True, jobs=jobs).shape[0]), repeats)

    def stats(name):
        c = catalog[name]
        return [c.hp, c.armor_level, c.speed, c.attack_dice, c.modifier]

    sa = np.array([stats(a) for a, _ in pairs], dtype=np.int64)
    sb = np.array([stats(b) for _, b in pairs], dtype=np.int64)
    out = np.empty(len(pairs))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    base_s, _ = _best(lambda: int(baseline_exact_matrix(sa, sb, out) is None), repeats)
    return [
        {
            "benchmark": f"exact: Gen 1 matrix ({len(names)} creatures, {len(pairs):,} pairs), jobs={jobs}",
            "threads": jobs,
            "seconds": seconds,
            "pairs/s": len(pairs) / seconds,
            "vs baseline": base_s / seconds,
        },
        {
            "benchmark": "exact: baseline (textbook DP, printed stats, no effects)",
            "threads": numba.config.NUMBA_NUM_THREADS,
            "seconds": base_s,
            "pairs/s": len(pairs) / base_s,
        },
    ]


BENCHMARKS: dict[str, Callable[[int, int], list[dict]]] = {
    "duels": bench_duels,
    "cli": bench_cli,
    "games": bench_games,
    "exact": bench_exact,
    "ladder": bench_ladder,
    "tables": bench_tables,
}


RATIO_COLUMNS = ("vs baseline", "scaling")


def _format(value, column: str) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        if column in RATIO_COLUMNS:
            return f"{value:.2f}x"
        return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"
    return str(value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"benchmarks to run (default: all of {', '.join(BENCHMARKS)})")
    parser.add_argument("--games", type=int, default=1_000_000, help="duels per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats (the best is kept)")
    args = parser.parse_args(argv)
    rows: list[dict] = []
    for name in args.names or list(BENCHMARKS):
        rows += BENCHMARKS[name](args.games, args.repeats)
    columns = [
        "benchmark",
        "threads",
        "duels/s",
        "strikes/s",
        "vs baseline",
        "scaling",
        "games/s",
        "baseline duels per game",
        "seconds",
        "pairs/s",
        "strength (95% CI)",
        "Elo (95% CI)",
    ]
    columns = [c for c in columns if any(c in r for r in rows)]
    table = [[_format(r.get(c), c) for c in columns] for r in rows]
    widths = [max(len(c), *(len(t[i]) for t in table)) for i, c in enumerate(columns)]
    print(f"cores: {os.cpu_count()}, numba threads: {numba.config.NUMBA_NUM_THREADS}")
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for t in table:
        print("  ".join(v.ljust(w) for v, w in zip(t, widths, strict=True)))
    print(
        "vs baseline: strikes/s over the baseline's on the same threads (exact: pairs/s over the baseline's); "
        "scaling: strikes/s over the same kernel on 1 thread; "
        "baseline duels per game: what one game costs, in baseline duels on the same threads; "
        f"ladder: {LADDER_GAMES} games per cell on {len(LADDER_DECKS)} decks; games/s: the policy against "
        "itself on those decks, one core; strength: Bradley-Terry (geometric mean 1), Elo mean 1500, 95% intervals: "
        "bootstrap over deck pairings"
    )


if __name__ == "__main__":
    main()
