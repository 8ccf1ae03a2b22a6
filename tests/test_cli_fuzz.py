"""No input reaches a traceback: random deck file contents and random argument values, fed to
every command, end in success or in one `error:` line that names the file, line or option
(exit 1 or 2), never in an exception.

The values are drawn from what a hostile or careless user types: random bytes as a deck file,
a deck saved by another editor, numbers far out of range, negative seeds, text where a number
belongs, a file where a folder belongs, unknown names. Half the examples give one argument (an
option's value or a deck file) a value drawn from anything at all and the others good values,
the other half only good values (in random combinations), so that every command gets past its
first check often enough to run, and every check is met by bad values. The games stay tiny
(`--games` is 1 or 2 whenever it is valid, `--policy` always given and fast: never the default
heuristic, which first solves the decks' exact duel odds) so that each example takes well under
a second (a report's charts take one or two).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_survey import small_pool
from typer.testing import CliRunner

from wardsim.cli import app
from wardsim.cli.options import MAX_DUELS, MAX_GAMES

DECKS = Path(__file__).parent.parent / "decks"
VALID_DECK = (DECKS / "dragons.txt").read_bytes()
BOSSES = sorted((Path(__file__).parent.parent / "bosses").glob("*.toml"))
VALID_BOSS = BOSSES[0].read_bytes()
BUNDLED = ["bleeders.txt", "giants.txt", "undead.txt", "dragons.txt"]
runner = CliRunner()
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# ---------------------------------------------------------------- values

# any text a shell can pass (no NUL: an argv string cannot hold one)
junk = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=12)
big_ints = st.integers(-(2**70), 2**70).map(str)


@dataclass
class Value:
    """An option's good values and the bad ones a user may type instead."""

    good: st.SearchStrategy[str] | Callable[[], str]
    bad: st.SearchStrategy[str]


def choice(good: list[str]) -> Value:
    return Value(st.sampled_from(good), junk)


def count(good: list[str], high: int = MAX_GAMES, low: int = 1) -> Value:
    """A few small good counts, or anything that is not a count the option accepts."""

    def accepted(text: str) -> bool:
        try:
            return low <= int(text.strip()) <= high
        except ValueError:
            return False

    bad = st.one_of(big_ints, junk, st.integers(-5, low - 1).map(str), st.just(str(high + 1)))
    return Value(st.sampled_from(good), bad.filter(lambda t: not accepted(t)))


SEED = Value(
    st.one_of(st.integers(0, 2**64 - 1).map(str), st.sampled_from(["0", str(2**64 - 1)])),
    st.one_of(big_ints, junk, st.sampled_from(["-1", str(2**64), "1e3", "0x10"])),
)
RULES = {"--threshold": count(["300", "150"], 10**9), "--max-turns": count(["40"], 10**9)}
FAST_POLICY = choice(["greedy", "random"])


def deck_bytes() -> st.SearchStrategy[bytes]:
    """A deck file's contents: random bytes, or a real deck saved oddly or damaged."""
    damaged = st.tuples(st.integers(0, len(VALID_DECK)), st.binary(max_size=8)).map(
        lambda cut: VALID_DECK[: cut[0]] + cut[1] + VALID_DECK[cut[0] :]
    )
    return st.one_of(
        st.binary(max_size=200),
        damaged,
        st.text(max_size=80).map(str.encode),
        st.just(b"\xef\xbb\xbf" + VALID_DECK.replace(b"\n", b"\r\n")),
        st.just(VALID_DECK.replace(b" ", b"\t", 3).replace(b"\n", b"  \n")),
    )


def boss_bytes() -> st.SearchStrategy[bytes]:
    """A boss file's contents: random bytes, or a real boss file damaged or cut short."""
    damaged = st.tuples(st.integers(0, len(VALID_BOSS)), st.binary(max_size=8)).map(
        lambda cut: VALID_BOSS[: cut[0]] + cut[1] + VALID_BOSS[cut[0] :]
    )
    return st.one_of(st.binary(max_size=200), damaged, st.integers(0, len(VALID_BOSS)).map(lambda n: VALID_BOSS[:n]))


class Example:
    """One example's arguments, drawn in its own empty working folder: half the time one argument
    (which one is drawn too) may be anything, the rest are good; else all are good."""

    def __init__(self, draw, slots: int):
        self.draw = draw
        self.bad_slot = draw(st.integers(0, 2 * slots))  # past the last slot (half the time): all good
        self.slot = -1
        self.made = 0

    def _bad_here(self) -> bool:
        self.slot += 1
        return self.slot == self.bad_slot

    def value(self, value: Value) -> str:
        if self._bad_here():
            return self.draw(value.bad)
        return value.good() if callable(value.good) else self.draw(value.good)

    def deck(self, good: str | None = None) -> str:
        """A deck file: a bundled one (`good`, or any), or in the bad slot a bad one."""
        if not self._bad_here():
            return str(DECKS / (good or self.draw(st.sampled_from(BUNDLED))))
        self.made += 1
        path = Path(f"deck{self.made}.txt")
        kind = self.draw(st.sampled_from(["bytes", "bytes", "bytes", "missing", "folder", "odd name"]))
        if kind == "odd name":  # a file name that is not UTF-8, as a POSIX argv delivers it
            path = Path(os.fsdecode(f"deck{self.made}".encode() + b"\xfe.txt"))
            path.write_bytes(VALID_DECK)
        elif kind == "bytes":
            path.write_bytes(self.draw(deck_bytes()))
        elif kind == "folder":
            path.mkdir()
        return str(path)

    def boss(self) -> str:
        """A boss file: a bundled one, or in the bad slot a bad one."""
        if not self._bad_here():
            return str(self.draw(st.sampled_from(BOSSES)))
        self.made += 1
        path = Path(f"boss{self.made}.toml")
        kind = self.draw(st.sampled_from(["bytes", "bytes", "bytes", "missing", "folder"]))
        if kind == "bytes":
            path.write_bytes(self.draw(boss_bytes()))
        elif kind == "folder":
            path.mkdir()
        return str(path)

    def new_out(self, suffix: str = "") -> str:
        self.made += 1
        return f"out{self.made}{suffix}"

    def out(self, suffix: str = "") -> Value:
        """An output path: a new one, or a file, a path under a file, a folder of the user's, junk."""
        return Value(
            lambda: self.new_out(suffix),
            st.sampled_from(["file", "under", "user", "junk", "odd name"]).flatmap(
                lambda kind: st.just(self._bad_out(kind, suffix)) if kind != "junk" else junk.map(lambda t: t + suffix)
            ),
        )

    def _bad_out(self, kind: str, suffix: str) -> str:
        path = Path(self.new_out(suffix))
        if kind == "odd name":
            return os.fsdecode(b"\xff" + os.fsencode(path))
        if kind == "user":
            path.mkdir()
            (path / "index.html").write_text("the user's own page")
            return str(path)
        path.write_text("the user's own file")
        return str(path / f"sub{suffix}") if kind == "under" else str(path)

    def options(self, values: dict[str, Value], flags: list[str] = (), always: tuple[str, ...] = ()) -> list[str]:
        """A random subset of the options (with those named in `always`), in random order."""
        args: list[str] = []
        for name in self.draw(st.permutations(list(values) + list(flags))):
            if name in flags:
                args += [name] if self.draw(st.booleans()) else []
            elif name in always or self.draw(st.booleans()) or self.slot + 1 == self.bad_slot:
                args += [name, self.value(values[name])]
        return args


# ---------------------------------------------------------------- commands


def cards_args(ex: Example) -> list[str]:
    values = {
        "--generation": choice(["1", "2", "promo"]),
        "--type": choice(["creature", "magic"]),
        "--name": choice(["Dragon", "bear"]),
    }
    return ["cards", *ex.options(values, ["--json", "--coverage", "--text"])]


def deck_args(ex: Example) -> list[str]:
    decks = [ex.deck() for _ in range(ex.draw(st.integers(1, 3)))]
    return ["deck", "check", *decks, *ex.options({"--format": choice(["official", "casual"])})]


def boss_args(ex: Example) -> list[str]:
    files = [ex.boss() for _ in range(ex.draw(st.integers(1, 3)))]
    return ["boss", "check", *files, *ex.options({}, ["--json"])]


def simulate_args(ex: Example) -> list[str]:
    values = {
        "--games": count(["1", "2"]),
        "--seed": SEED,
        "--jobs": count(["1"], 1),
        # not heuristic (it first solves the decks' exact duel odds) nor search (it plays
        # hundreds of playouts a decision): the options are the same whatever the policy
        "--policy": FAST_POLICY,
        "--policy-b": FAST_POLICY,
        "--format": choice(["official", "casual"]),
        "--out": ex.out(),
        **RULES,
    }
    always = ("--games", "--policy")
    return ["simulate", ex.deck(), ex.deck(), *ex.options(values, ["--json", "--force"], always=always)]


def replay_args(ex: Example) -> list[str]:
    values = {"--seed": SEED, "--game": count(["0", "3"], MAX_GAMES - 1), "--policy": FAST_POLICY, **RULES}
    return ["replay", ex.deck(), ex.deck(), *ex.options(values, always=("--policy",))]


def pool(ex: Example, sizes: list[int]) -> list[str]:
    """Deck files of a pool: distinct bundled decks (a name twice is refused), one of them bad in
    the bad slot; now and then a single deck, which is too few."""
    names = ex.draw(st.permutations(BUNDLED))[: ex.draw(st.sampled_from(sizes))]
    return [ex.deck(name) for name in names]


def tournament_args(ex: Example) -> list[str]:
    decks = pool(ex, [2, 2, 3, 1])
    values = {"--games": count(["1", "2"]), "--seed": SEED, "--policy": FAST_POLICY, "--out": ex.out(), **RULES}
    return ["tournament", *decks, *ex.options(values, ["--json", "--force"], always=("--games", "--policy"))]


def report_args(ex: Example) -> list[str]:
    folder = Path("pool")
    folder.mkdir()
    for name in ("bleeders.txt", "giants.txt"):
        (folder / name).write_bytes((DECKS / name).read_bytes())
    decks = pool(ex, [0, 2])
    values = {
        "--games": count(["1", "2"]),
        "--seed": SEED,
        "--ablation-games": count(["0", "2"], low=0),
        "--decks": Value(st.just(str(folder)), st.sampled_from(["nowhere", str(DECKS / "dragons.txt"), "."])),
        "--out": ex.out(),
    }
    # never the bundled pool (eight decks, 100 ablation games by default: a minute) nor the
    # default policy (heuristic: it first solves the decks' exact duel odds)
    always = ("--games", "--ablation-games", *(() if decks else ("--decks",)))
    policy = ex.draw(st.sampled_from(["greedy", "random"]))
    return ["report", *decks, "--policy", policy, *ex.options(values, ["--force"], always=always)]


def ladder_args(ex: Example) -> list[str]:
    decks = [ex.deck() for _ in range(ex.draw(st.integers(1, 2)))]
    values = {
        "--games": count(["1"], MAX_GAMES),
        "--seed": SEED,
        "--policies": Value(
            st.sampled_from(["random,greedy", "greedy,random"]), st.sampled_from(["random", "best,random", ",,"])
        ),
        "--resample": choice(["pairings", "games"]),
        "--out": ex.out(),
        **RULES,
    }
    return ["ladder", *decks, *ex.options(values, ["--json", "--force"], always=("--games", "--policies"))]


def duel_args(ex: Example) -> list[str]:
    # two creatures the exact solver takes; a magic card or an unknown name is bad
    name = Value(st.sampled_from(["Knight", "Orc", "Goblin", "Frost Giant"]), st.one_of(junk, st.just("Hero Shield")))
    values = {"--games": count(["10", "100"], MAX_DUELS), "--seed": SEED}
    return ["duel", ex.value(name), ex.value(name), *ex.options(values, ["--exact", "--json"])]


def duels_args(ex: Example) -> list[str]:
    creatures = [
        x for _ in range(ex.draw(st.integers(1, 3))) for x in ("-c", ex.value(choice(["Knight", "Orc", "Goblin"])))
    ]
    suffix = ex.value(Value(st.sampled_from([".csv", ".parquet"]), st.sampled_from([".xlsx", "", ".CSV.txt"])))
    values = {"--games": count(["10"], MAX_DUELS), "--seed": SEED, "--generation": choice(["1", "promo"])}
    return ["duels", *creatures, "--out", ex.value(ex.out(suffix)), *ex.options(values, ["--exact", "--force"])]


def whatif_args(ex: Example) -> list[str]:
    pool = Path("pool")
    pool.mkdir()
    for name in ("bleeders.txt", "giants.txt"):
        (pool / name).write_bytes((DECKS / name).read_bytes())
    if ex.value(Value(st.just(""), st.just("bad"))):  # a third deck file in the folder, unreadable
        (pool / "extra.txt").write_bytes(ex.draw(deck_bytes()))
    # --unrestrict is a bad change here: no card of this pool is limited or banned
    change = ex.value(Value(st.sampled_from(["--set", "--sweep", "--limit", "--ban"]), st.just("--unrestrict")))
    changes = {
        "--set": Value(
            st.sampled_from(["hp=60", "attack_dice=2", "speed=5"]),
            st.one_of(junk, st.sampled_from(["al=13", "speed=-1", "hp=99999999999", "luck=3", "hp80"])),
        ),
        "--sweep": Value(
            st.sampled_from(["hp=50:60:10", "speed=1:2"]),
            st.one_of(junk, st.sampled_from(["hp=60:50", "hp=1:100000000:1", "hp=1:2:0"])),
        ),
    }
    args = [change, ex.value(changes[change])] if change in changes else [change]
    values = {
        "--matchup": Value(
            st.sampled_from(["bleeders:giants", "giants:bleeders"]), st.sampled_from(["dragons", "a:b", ":"])
        ),
        "--games": count(["2"], low=2),
        "--seed": SEED,
        "--policy": FAST_POLICY,
        "--format": choice(["official", "casual"]),
        "--out": ex.out(),
    }
    card = ex.value(choice(["Grizzly Bear", "Dire Wolf", "The Creator", "Frog"]))
    options = ex.options(values, ["--force"], always=("--games",))
    return ["whatif", card, "--decks", str(pool), *args, "--policy", "greedy", *options]


def _pool_file() -> str:
    Path("pool.txt").write_text("\n".join(small_pool()) + "\n", encoding="utf-8")
    return "pool.txt"


def survey_args(ex: Example) -> list[str]:
    # a small pool and few games, so that the good examples play their survey
    values = {
        "--cards": Value(_pool_file, st.sampled_from(["missing.txt", "."])),
        "--decks": count(["12"], 10**6),
        "--opponents": count(["2"], 10**6, 2),
        "--games": count(["1"], MAX_GAMES),
        "--min-decks": count(["1"], 10**6),
        "--ablate": count(["0"], 10**6, 0),
        "--seed": SEED,
        "--policy": FAST_POLICY,
        "--format": choice(["casual"]),
        "--out": ex.out(),
        **RULES,
    }
    always = ("--cards", "--decks", "--opponents", "--games", "--min-decks", "--ablate", "--policy", "--out")
    return ["survey", *ex.options(values, ["--force"], always=always)]


def optimize_args(ex: Example) -> list[str]:
    field = Path("field")
    field.mkdir()
    (field / "giants.txt").write_bytes((DECKS / "giants.txt").read_bytes())
    if ex.value(Value(st.just(""), st.just("bad"))):  # a second deck in the field, unreadable
        (field / "extra.txt").write_bytes(ex.draw(deck_bytes()))
    values = {
        "--field": Value(st.just("field"), st.sampled_from(["missing", "field/giants.txt"])),
        "--cards": Value(_pool_file, st.sampled_from(["missing.txt", "."])),
        "--budget": count(["100"], 10**12),
        "--parents": count(["1"], 100),
        "--children": count(["1"], 1000),
        "--final-games": count(["2"], MAX_GAMES),
        "--keep": count(["1"], 100),
        "--seed": SEED,
        "--policy": FAST_POLICY,
        "--out": ex.out(),
        **RULES,
    }
    always = ("--field", "--cards", "--budget", "--parents", "--children", "--final-games", "--keep")
    return ["optimize", *ex.options(values, ["--force"], always=(*always, "--policy", "--out"))]


# command: (arguments, examples, the number of argument slots that may get a bad value)
COMMANDS: dict[str, tuple[Callable[[Example], list[str]], int, int]] = {
    "cards": (cards_args, 30, 3),
    "deck": (deck_args, 40, 4),
    "boss": (boss_args, 40, 3),
    "simulate": (simulate_args, 40, 11),
    "replay": (replay_args, 25, 7),
    "tournament": (tournament_args, 25, 9),
    "report": (report_args, 8, 7),
    "ladder": (ladder_args, 12, 9),
    "duel": (duel_args, 30, 4),
    "duels": (duels_args, 25, 8),
    "whatif": (whatif_args, 25, 10),
    "survey": (survey_args, 12, 15),
    "optimize": (optimize_args, 12, 15),
}


def test_the_fuzz_covers_every_command():
    listed = re.findall(r"^│ (\w+)\s", runner.invoke(app, ["--help"], terminal_width=200).output, re.M)
    assert sorted(listed) == sorted(COMMANDS)


def check_ends_well(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    where = f"wardsim {' '.join(map(repr, args))}\n{result.output}"
    assert result.exception is None or isinstance(result.exception, SystemExit), where
    assert result.exit_code in (0, 1, 2), where
    assert "Traceback" not in result.output, where
    if args[0] == "boss" and "--json" in args:  # one object per file, its problems in it
        checked = json.loads(result.stdout)
        assert all(r["ok"] == (not r["problems"]) for r in checked), where
        assert result.exit_code == any(not r["ok"] for r in checked), where
    elif result.exit_code:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert lines, where
        if args[0] in ("deck", "boss"):  # deck and boss check list each file's problems under its name
            assert any(arg in lines[-1] for arg in args[2:]), where
        else:
            assert lines[-1].startswith("error: "), where
    return result


@pytest.mark.parametrize("command", list(COMMANDS))
def test_no_input_reaches_a_traceback(command, tmp_path):
    make_args, examples, slots = COMMANDS[command]
    outcomes: list[int] = []

    @settings(FUZZ, max_examples=examples)
    @given(st.data())
    def run(data):
        os.chdir(tempfile.mkdtemp(dir=tmp_path))  # each example in its own empty working folder
        outcomes.append(check_ends_well(make_args(Example(data.draw, slots))).exit_code)

    cwd = os.getcwd()
    try:
        run()
    finally:
        os.chdir(cwd)
    # the good values let the command do its work too, not only fail on its first check
    assert 0 in outcomes, outcomes
