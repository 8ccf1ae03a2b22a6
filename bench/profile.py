"""Where the kernels spend their time, per compiled function: `python bench/profile.py game|exact|duel`.

Samples the process with Linux `perf` while it plays a workload, and prints each numba
function's share of the samples (its own time, with what LLVM inlined into it) and the share
of everything outside the kernels (Python, numpy, the operating system).

perf sees numba's machine code as anonymous memory; it names it from a map file
(/tmp/perf-PID.map) that this script writes from the compiled functions' addresses. Those are
known only for functions compiled in this process, so the script compiles into an empty cache
folder first (minutes for the game kernel) and deletes it afterwards.

Workloads (one core, one thread):
- game: full games of the bundled decks' first four pairings, both seats, under `--policy`;
- exact: the exact solver on the Gen 1 pairs with the most effect states;
- duel: the duel kernel on 64 Gen 1 pairs with their effects.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable

CACHE = tempfile.mkdtemp(prefix="wardsim-profile-")
os.environ["WARDSIM_CACHE_DIR"] = CACHE  # before wardsim loads a kernel: compile here, in this process
os.environ["NUMBA_NUM_THREADS"] = "1"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402

EXACT_PAIRS = [("Fire God", "Fire God"), ("Grizzly Bear", "Grizzly Bear"), ("Minotaur", "Grizzly Bear")]
SAMPLE_HZ = 999
GAMES_PER_CALL = 200  # games per `simulate` call: enough that its set-up is a small share


def _dispatchers() -> list[CPUDispatcher]:
    found: dict[int, CPUDispatcher] = {}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith(("wardsim", "__main__")):
            for value in vars(module).values():
                if isinstance(value, CPUDispatcher):
                    found[id(value)] = value
    return list(found.values())


def write_perf_map() -> int:
    """/tmp/perf-PID.map: the address, size and name of every function compiled in this process."""
    starts: dict[int, str] = {}
    for dispatcher in _dispatchers():
        for compiled in dispatcher.overloads.values():
            library = compiled.library
            for function in library._final_module.functions:
                if not function.is_declaration:
                    address = library.get_pointer_to_function(function.name)
                    if address:
                        starts[address] = function.name
    addresses = sorted(starts)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for i, address in enumerate(addresses):
            # the next function's start bounds this one (LLVM lays a module's functions out in order)
            size = addresses[i + 1] - address if i + 1 < len(addresses) else 1 << 16
            out.write(f"{address:x} {min(size, 1 << 20):x} {starts[address]}\n")
    return len(addresses)


def readable(symbol: str) -> str:
    """`_ZN7wardsim6kernel4game5turns12play_turn_nbB...` -> `wardsim.kernel.game.turns.play_turn_nb`."""
    m = re.search(r"_ZN((?:\d+[A-Za-z_]\w*?)+?)(?=B\d|E|$)", symbol)
    if not m:
        return symbol
    parts, s = [], m.group(1)
    while s and s[0].isdigit():
        n = int(re.match(r"\d+", s).group())
        digits = len(str(n))
        parts.append(s[digits : digits + n])
        s = s[digits + n :]
    return ".".join(p for p in parts if p != "cpython")


def profile(work: Callable[[], None], seconds: float) -> dict[str, float]:
    """Run `work` repeatedly for `seconds` under perf; return each function's share of the samples."""
    n = write_perf_map()
    data = os.path.join(CACHE, "perf.data")
    recorder = subprocess.Popen(
        ["perf", "record", "-F", str(SAMPLE_HZ), "-o", data, "-p", str(os.getpid())],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # perf attaches
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        work()
    recorder.send_signal(signal.SIGINT)
    recorder.wait()
    report = subprocess.run(
        ["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "dso,sym", "-F", "overhead,dso,sym"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shares: dict[str, float] = defaultdict(float)
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(.*?)\s+\[.\]\s+(.*)", line)
        if not m:
            continue
        share, dso, sym = float(m.group(1)), m.group(2), m.group(3).strip()
        if "wardsim" in sym:
            shares[readable(sym)] += share
        elif dso.startswith("[kernel"):
            shares["(operating system)"] += share
        elif "python" in dso or dso.startswith("libpython"):
            shares["(Python interpreter)"] += share
        else:
            shares[f"(other: {dso})"] += share
    print(f"{n} compiled functions mapped", file=sys.stderr)
    return dict(sorted(shares.items(), key=lambda kv: -kv[1]))


def game_work(policy: str) -> Callable[[], None]:
    from wardsim.decks import bundled_decks_dir, load_deck
    from wardsim.simulation import simulate

    decks = [load_deck(p) for p in sorted(bundled_decks_dir().glob("*.txt"))[:4]]
    pairings = [(a, b) for a in decks for b in decks if a is not b]

    def work() -> None:
        for a, b in pairings:
            simulate(a, b, games=GAMES_PER_CALL, seed=1, policy_a=policy, policy_b=policy, chunk=GAMES_PER_CALL)

    return work


def exact_work() -> Callable[[], None]:
    from wardsim.battle import prepared_pair
    from wardsim.catalog import default_catalog
    from wardsim.kernel.exact.solver import solve_pair

    catalog = default_catalog()
    effects = catalog.tables().effects
    pairs = [prepared_pair(catalog, a, b) for a, b in EXACT_PAIRS]

    def work() -> None:
        for fa, fb in pairs:
            solve_pair(fa, fb, effects)

    return work


def duel_work() -> Callable[[], None]:
    from wardsim.battle import prepared_pair
    from wardsim.catalog import default_catalog
    from wardsim.kernel.duel.battle import run_duels_nb
    from wardsim.kernel.rng import NO_SCRIPT

    catalog = default_catalog()
    effects = catalog.tables().effects
    names = [c.name for c in catalog.generation(1) if c.is_creature][:8]
    prepared = [prepared_pair(catalog, a, b) for a in names for b in names]
    fa = np.stack([p[0] for p in prepared])
    fb = np.stack([p[1] for p in prepared])
    n = 200_000
    out = (np.empty(n, np.int8), np.empty(n, np.int32), np.empty(n, np.int32), np.empty(n, np.int8))

    def work() -> None:
        run_duels_nb(fa, fb, effects, np.uint64(7), 0, NO_SCRIPT, 500, *out)

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload", choices=["game", "exact", "duel"])
    parser.add_argument("--policy", default="heuristic", help="game: the policy of both players")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to sample")
    parser.add_argument("--top", type=int, default=20, help="how many functions to print")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("bench/profile.py needs Linux perf (the linux-perf package)")
    try:
        work = {"game": lambda: game_work(args.policy), "exact": exact_work, "duel": duel_work}[args.workload]()
        print("compiling into an empty cache (minutes for the game kernel)...", file=sys.stderr)
        work()
        shares = profile(work, args.seconds)
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
    print(f"{'share':>7}  function ({args.workload}, {args.seconds:g} s sampled at {SAMPLE_HZ} Hz)")
    for name, share in list(shares.items())[: args.top]:
        print(f"{share:6.1f}%  {name}")


if __name__ == "__main__":
    main()
