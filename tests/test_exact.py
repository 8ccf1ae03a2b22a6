"""The exact solver against hand-computed answers and against the kernel; reproducibility.

The kernel and the solver share no rule code (the import tests below check it): agreement
within 4.5 standard errors over many pairs (lopsided and even, with and without effects) is the
check that both read the duel semantics the same way. Seeds are fixed, so these tests are
deterministic.
"""

from __future__ import annotations

import ast
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numba
import numpy as np
import pytest

from wardsim.battle import _run, duel, duel_matrix, prepared_pair
from wardsim.catalog import Card, Catalog
from wardsim.effects import parse_effect
from wardsim.kernel.duel.battle import duel_nb, is_plain_nb
from wardsim.kernel.duel.enums import DuelOutcome
from wardsim.kernel.enums import FighterCol as F
from wardsim.kernel.exact.enums import DamageKind, FighterSummary, StrikeOdds
from wardsim.kernel.exact.plans import end_plannable_nb, strikes_plannable_nb
from wardsim.kernel.exact.solver import Workspace, solve_pair, workspace_size_nb
from wardsim.kernel.exact.spec import build_spec
from wardsim.kernel.rng import NO_SCRIPT, new_rng


def creature(name, al=5, spd=5, hp=40, dice=1, mod=0, ctype="beast", art=(), effects=()):
    return Card(
        name=name,
        generation=1,
        number=0,
        rarity="common",
        card_type="creature",
        effect_status="modeled" if effects else "none",
        effects=tuple(parse_effect(e) for e in effects),
        creature_type=ctype,
        armor_level=al,
        speed=spd,
        hp=hp,
        attack="Hit",
        attack_dice=dice,
        modifier=mod,
        artwork=tuple(art),
    )


CARDS = [
    creature("Brute", al=6, spd=4, hp=60, dice=2, mod=3),
    creature("Scout", al=4, spd=9, hp=35, dice=1, mod=1),
    creature("Twin", al=6, spd=4, hp=45, dice=2, mod=1),  # same SPD as Brute: roll-offs
    creature("Wall", al=11, spd=2, hp=50, dice=1, mod=2, art=("wings",)),
    creature(
        "Bleeder",
        al=5,
        spd=7,
        hp=40,
        dice=1,
        mod=2,
        effects=[
            {"trigger": "on_hit", "action": "dot", "status": "bleed", "target": "struck", "amount": 6, "duration": 2}
        ],
    ),
    creature(
        "Freezer",
        al=7,
        spd=8,
        hp=45,
        dice=2,
        mod=2,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "4-6",
                "action": "apply_status",
                "status": "frozen",
                "target": "struck",
                "duration": 1,
            }
        ],
    ),
    creature(
        "Leech",
        al=4,
        spd=6,
        hp=40,
        dice=1,
        mod=3,
        effects=[{"trigger": "on_damage_dealt", "action": "heal_from_damage", "amount": 1, "divisor": 2}],
    ),
    creature(
        "Ambusher",
        al=3,
        spd=10,
        hp=25,
        dice=2,
        mod=0,
        effects=[{"trigger": "on_strike", "condition": "strikes_first", "action": "multiply_damage", "amount": 3}],
    ),
    creature(
        "Shell",
        al=6,
        spd=1,
        hp=40,
        dice=1,
        mod=1,
        effects=[
            {
                "trigger": "on_damage_taken",
                "condition": "slower_than_target",
                "action": "reduce_damage",
                "amount": 1,
                "divisor": 2,
            }
        ],
    ),
    creature(
        "Mage",
        al=2,
        spd=9,
        hp=30,
        dice=2,
        mod=3,
        effects=[
            {
                "trigger": "your_turn",
                "roll": "1-3",
                "action": "apply_status",
                "status": "shielded",
                "duration": "permanent",
            },
            {"trigger": "your_turn", "roll": "5-6", "action": "damage", "target": "opponent_primary", "amount": 5},
        ],
    ),
    creature(
        "Squid",
        al=6,
        spd=7,
        hp=50,
        dice=2,
        mod=1,
        effects=[
            {
                "trigger": "on_hit",
                "action": "apply_status",
                "status": "wrapped",
                "target": "struck",
                "amount": 6,
                "release": "3-5",
                "duration": "released",
            }
        ],
    ),
    creature(
        "Archer",
        al=5,
        spd=5,
        hp=30,
        dice=1,
        mod=2,
        effects=[{"trigger": "battle_start", "roll": "1-2", "action": "prevent_damage", "duration": "battle"}],
    ),
    creature(
        "Gazer",
        al=8,
        spd=5,
        hp=45,
        dice=2,
        mod=2,
        effects=[
            {
                "trigger": "static",
                "action": "dot",
                "status": "dot",
                "target": "opponent_primary",
                "amount": 3,
                "duration": "source",
            }
        ],
    ),
    creature(
        "Tyrant",
        al=8,
        spd=8,
        hp=50,
        dice=2,
        mod=3,
        effects=[{"trigger": "your_turn", "roll": "6", "action": "skip_turn", "target": "opponent_player"}],
    ),
    creature(
        "Berserk",
        al=4,
        spd=8,
        hp=35,
        dice=1,
        mod=0,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "1-3",
                "action": "modify_stat",
                "stat": "attack_dice",
                "amount": 3,
                "duration": "battle",
            },
            {"trigger": "on_strike", "condition": "atk_die_six", "action": "multiply_damage", "amount": 2},
        ],
    ),
    creature(
        "Hunter",
        al=5,
        spd=6,
        hp=40,
        dice=1,
        mod=2,
        effects=[
            {
                "trigger": "on_strike",
                "condition": "target_matches",
                "action": "multiply_damage",
                "amount": 3,
                "filter": {"tags": ["wings"]},
            },
            {"trigger": "on_hit", "action": "damage", "target": "struck", "dice": 1},
        ],
    ),
    creature(
        "Regrower",
        al=5,
        spd=3,
        hp=40,
        dice=1,
        mod=2,
        effects=[{"trigger": "static", "action": "hot", "target": "self", "amount": 4, "duration": "source"}],
    ),
    creature(
        "Bruiser",
        al=6,
        spd=6,
        hp=45,
        dice=2,
        mod=1,
        effects=[
            {
                "trigger": "on_hit",
                "roll": "5-6",
                "action": "apply_status",
                "status": "disarmed",
                "target": "struck",
                "duration": 1,
            }
        ],
    ),
]
CATALOG = Catalog(CARDS)
EFFECTS = CATALOG.tables().effects

PAIRS = [
    ("Brute", "Scout"),
    ("Brute", "Twin"),
    ("Twin", "Twin"),
    ("Wall", "Scout"),
    ("Bleeder", "Brute"),
    ("Bleeder", "Bleeder"),
    ("Freezer", "Brute"),
    ("Leech", "Twin"),
    ("Ambusher", "Brute"),
    ("Shell", "Scout"),
    ("Mage", "Brute"),
    ("Squid", "Bleeder"),
    ("Archer", "Leech"),
    ("Gazer", "Brute"),
    ("Tyrant", "Mage"),
    ("Berserk", "Wall"),
    ("Hunter", "Wall"),
    ("Regrower", "Brute"),
    ("Bruiser", "Freezer"),
    ("Freezer", "Squid"),
    ("Scout", "Wall"),
    ("Archer", "Twin"),
]
GAMES = 40_000


@pytest.mark.parametrize("a,b", PAIRS)
def test_kernel_agrees_with_exact_solver_within_4_5_standard_errors(a, b):
    fa, fb = prepared_pair(CATALOG, a, b)
    exact = solve_pair(fa, fb, EFFECTS)
    outcome, exchanges, _, _ = _run([fa], [fb], EFFECTS, GAMES, seed=1000 + PAIRS.index((a, b)))
    for code, p in ((DuelOutcome.a_wins, exact.p_a_wins), (DuelOutcome.b_wins, exact.p_b_wins)):
        observed = float(np.mean(outcome == code))
        se = max(math.sqrt(p * (1 - p) / GAMES), 1 / GAMES)
        assert abs(observed - p) <= 4.5 * se, (a, b, code, observed, p)
    assert abs(exchanges.mean() - exact.mean_exchanges) <= 4.5 * exchanges.std() / math.sqrt(GAMES) + 1e-9


def test_the_pairs_above_are_lopsided_and_even_with_and_without_effects():
    results = [solve_pair(*prepared_pair(CATALOG, a, b), EFFECTS) for a, b in PAIRS]
    assert any(0.4 < r.p_a_wins < 0.6 for r in results)
    assert any(r.p_a_wins > 0.95 or r.p_a_wins < 0.05 for r in results)
    effect_pairs = [p for p in PAIRS if CATALOG[p[0]].effects or CATALOG[p[1]].effects]
    assert 5 <= len(effect_pairs) < len(PAIRS)


def test_exact_solver_reads_no_value_of_its_workspace_before_writing_it():
    # the workspace is reused from pair to pair as it stands: a grid value read before it is
    # written would carry NaN, or the last pair's values, into the answer
    for a, b in PAIRS + [("Regrower", "Brute")]:
        fa, fb = prepared_pair(CATALOG, a, b)
        poisoned = Workspace()
        poisoned.values = np.full(int(workspace_size_nb(build_spec(fa, fb, EFFECTS).rules)), np.nan)
        assert solve_pair(fa, fb, EFFECTS, workspace=poisoned) == solve_pair(fa, fb, EFFECTS), (a, b)


def test_the_pairs_above_take_both_the_planned_and_the_generic_stages():
    # the agreement tests above cover the plans (kernel.exact.plans) and the stage code they
    # replace: a bleeding pair's strikes and ends are planned, a healing pair's ends are not
    def planned(a, b):
        rules = build_spec(*prepared_pair(CATALOG, a, b), EFFECTS).rules
        return bool(strikes_plannable_nb(rules)), bool(end_plannable_nb(rules))

    assert planned("Bleeder", "Brute") == (True, True)
    assert planned("Regrower", "Brute")[1] is False
    assert ("Bleeder", "Brute") in PAIRS or ("Brute", "Bleeder") in PAIRS


def _hand_pair(spd_a, spd_b):
    # 1 hit die (no critical hits or misses), AL 4: each strike hits with probability 1/2, and
    # any hit kills (1 HP)
    a = creature("A", al=4, spd=spd_a, hp=1, dice=1)
    b = creature("B", al=4, spd=spd_b, hp=1, dice=1)
    cat = Catalog([a, b])
    fa, fb = prepared_pair(cat, "A", "B")
    fa[F.hit_dice] = fb[F.hit_dice] = 1
    return fa, fb, cat.tables().effects


@pytest.mark.nojit
def test_exact_solver_hand_computed_first_striker_advantage():
    # A always strikes first: P(A) = 1/2 + 1/4 P(A) -> 2/3; an exchange ends with prob. 3/4
    fa, fb, effects = _hand_pair(9, 1)
    r = solve_pair(fa, fb, effects)
    assert r.p_a_wins == pytest.approx(2 / 3, abs=1e-12)
    assert r.p_b_wins == pytest.approx(1 / 3, abs=1e-12)
    assert r.mean_exchanges == pytest.approx(4 / 3, abs=1e-12)
    assert r.p_draw == 0.0 and not r.iterative


@pytest.mark.nojit
def test_exact_solver_hand_computed_tied_speed_is_even():
    fa, fb, effects = _hand_pair(5, 5)
    r = solve_pair(fa, fb, effects)
    assert r.p_a_wins == pytest.approx(0.5, abs=1e-12) and r.p_b_wins == pytest.approx(0.5, abs=1e-12)


def test_exact_solver_healing_over_time_uses_sweeps_and_still_agrees():
    fa, fb = prepared_pair(CATALOG, "Regrower", "Brute")
    r = solve_pair(fa, fb, EFFECTS)
    assert r.iterative and r.sweeps > 1
    assert abs(r.p_a_wins + r.p_b_wins + r.p_draw - 1) < 1e-12


def test_exact_solver_mirror_match_is_symmetric():
    for name in ("Twin", "Bleeder", "Freezer"):
        r = solve_pair(*prepared_pair(CATALOG, name, name), EFFECTS)
        assert r.p_a_wins == pytest.approx(r.p_b_wins, abs=1e-12)


def test_monte_carlo_is_identical_for_1_and_2_threads():
    fa, fb = prepared_pair(CATALOG, "Bleeder", "Freezer")
    previous = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = _run([fa, fb], [fb, fa], EFFECTS, 3000, seed=5)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = _run([fa, fb], [fb, fa], EFFECTS, 3000, seed=5)
    finally:
        numba.set_num_threads(previous)
    for x, y in zip(one, two, strict=True):
        assert np.array_equal(x, y)


def test_monte_carlo_is_identical_for_any_chunking():
    fa, fb = prepared_pair(CATALOG, "Squid", "Mage")
    whole = _run([fa], [fb], EFFECTS, 5000, seed=9)
    parts = [_run([fa], [fb], EFFECTS, 1000, seed=9, first_index=k) for k in range(0, 5000, 1000)]
    for i in range(4):
        assert np.array_equal(whole[i], np.concatenate([p[i] for p in parts]))


def test_plain_fast_path_matches_the_general_path_duel_for_duel():
    for a, b in (("Brute", "Scout"), ("Twin", "Brute"), ("Wall", "Twin"), ("Scout", "Scout")):
        fa0, fb0 = prepared_pair(CATALOG, a, b)
        assert is_plain_nb(fa0) and is_plain_nb(fb0)
        for seed in range(200):
            results = []
            for general in (False, True):
                fa, fb, out = fa0.copy(), fb0.copy(), np.zeros(4, np.int64)
                duel_nb(fa, fb, EFFECTS, new_rng(seed, 1), NO_SCRIPT, 500, out, general)
                results.append((tuple(out), int(fa[F.hp]), int(fb[F.hp])))
            assert results[0] == results[1], (a, b, seed)


def test_duel_matrix_exact_rows_columns_and_draws_add_up():
    names = ["Brute", "Scout", "Bleeder", "Leech"]
    frame = duel_matrix(names, exact=True, jobs=2, catalog=CATALOG)
    draws = frame.attrs["draws"]
    for a in names:
        for b in names:
            assert frame.loc[a, b] + frame.loc[b, a] + draws.loc[a, b] == pytest.approx(1.0, abs=1e-12)
    r = duel("Brute", "Scout", exact=True, catalog=CATALOG)
    assert frame.loc["Brute", "Scout"] == pytest.approx(r.p_a_wins, abs=1e-15)


def test_duel_matrix_monte_carlo_entry_equals_the_single_duel():
    frame = duel_matrix(["Brute", "Scout"], exact=False, games=2000, seed=3, catalog=CATALOG)
    r = duel("Brute", "Scout", games=2000, seed=3, catalog=CATALOG)
    assert frame.loc["Brute", "Scout"] == r.p_a_wins and frame.attrs["method"] == "monte_carlo"


EXACT_PACKAGE = "wardsim.kernel.exact"
EXACT_DIR = Path(__file__).resolve().parents[1] / "wardsim" / "kernel" / "exact"
OTHER_ENGINES = ("wardsim.kernel.duel", "wardsim.kernel.game", "wardsim.kernel.bots")
# what the solver may read from outside itself: the shared data formats, numba/numpy and the
# njit every kernel takes (wardsim.kernel.jit)
ALLOWED_IMPORTS = {
    "__future__",
    "dataclasses",
    "typing",
    "numpy",
    "numba",
    "wardsim.kernel.enums",
    "wardsim.kernel.jit",
    "wardsim.rules",
}


def _imported_modules(path: Path) -> list[str]:
    """Every module an `import` or `from ... import` of the file names (relative ones resolved)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = EXACT_PACKAGE.rsplit(".", node.level - 1)[0]
                names.append(f"{base}.{node.module}" if node.module else base)
            else:
                names.append(node.module or "")
    return names


def test_exact_solver_modules_import_no_other_engine():
    modules = sorted(EXACT_DIR.glob("*.py"))
    assert {p.stem for p in modules} >= {"__init__", "enums", "spec", "stages", "levels", "solver"}
    for path in modules:
        for name in _imported_modules(path):
            assert not name.startswith(OTHER_ENGINES), (path.name, name)
            assert name in ALLOWED_IMPORTS or name.startswith(EXACT_PACKAGE + ".") or name == EXACT_PACKAGE, (
                path.name,
                name,
            )


def test_importing_the_exact_solver_loads_no_other_engine():
    modules = [f"{EXACT_PACKAGE}.{p.stem}" for p in sorted(EXACT_DIR.glob("*.py")) if p.stem != "__init__"]
    code = "import sys\n" + "".join(f"import {m}\n" for m in modules) + "print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert set(modules) <= set(loaded)
    assert [m for m in loaded if m.startswith(OTHER_ENGINES)] == []


def test_exact_solver_columns_indexed_by_damage_kind_and_hit_result_stay_in_order():
    # the solver indexes these columns as base + DamageKind and StrikeOdds.hit + critical
    assert FighterSummary.prevents_other_damage == FighterSummary.prevents_atk_damage + DamageKind.other
    assert FighterSummary.n_other_reductions == FighterSummary.n_atk_reductions + DamageKind.other
    assert StrikeOdds.critical_hit == StrikeOdds.hit + 1


GEN1_REFERENCE = Path(__file__).parent / "reference" / "exact_gen1.npz"


@pytest.mark.slow
def test_the_exact_gen1_matrix_keeps_its_reference_answers():
    # every Gen 1 pair as the solver answered it before any work on its speed
    # (tests/reference/exact_gen1.npz): a faster solver must give the same answers to 1e-9
    reference = np.load(GEN1_REFERENCE)
    frame = duel_matrix([str(name) for name in reference["names"]], exact=True)
    np.testing.assert_allclose(frame.to_numpy(), reference["win"], rtol=0, atol=1e-9)
    np.testing.assert_allclose(frame.attrs["draws"].to_numpy(), reference["draws"], rtol=0, atol=1e-9)
    np.testing.assert_allclose(frame.attrs["mean_exchanges"].to_numpy(), reference["length"], rtol=1e-9, atol=0)
    assert frame.attrs["sampled_pairs"] == []


# ------------------------------------------------------------------ odds kept on disk


@pytest.fixture
def odds_on_disk(tmp_path, monkeypatch):
    """exact_odds_matrix with nothing solved in memory and its odds file in tmp_path."""
    import wardsim.battle as battle

    path = tmp_path / "duel-odds.npz"
    monkeypatch.setattr(battle, "_ODDS", {})
    monkeypatch.setattr(battle, "_READ", set())
    monkeypatch.setattr(battle, "odds_file", lambda: path)
    return battle, path


def _no_solving(catalog, cards, pairs, *rest):
    assert pairs == [], "solved a pair that was saved"
    return iter(())


def test_solved_duel_odds_are_read_back_by_the_next_command_instead_of_solved(odds_on_disk, monkeypatch):
    battle, path = odds_on_disk
    names = ["Knight", "Werewolf", "Grizzly Bear"]
    first = battle.exact_odds_matrix(names)
    assert path.exists()
    # the next command: nothing in memory, the file read back
    monkeypatch.setattr(battle, "_ODDS", {})
    monkeypatch.setattr(battle, "_READ", set())
    monkeypatch.setattr(battle, "_solve_exact", _no_solving)
    assert np.array_equal(battle.exact_odds_matrix(names), first)
    assert np.array_equal(battle.exact_odds_matrix(names[::-1]), first[::-1, ::-1])


def test_a_changed_creature_is_solved_anew_not_read_as_printed(odds_on_disk):
    battle, _ = odds_on_disk
    printed = Catalog.load()
    knight = printed["Knight"]
    changed = Catalog([replace(c, hp=knight.hp + 40) if c is knight else c for c in printed.cards])
    before = battle.exact_odds_matrix(["Knight", "Werewolf"], catalog=printed)
    after = battle.exact_odds_matrix(["Knight", "Werewolf"], catalog=changed)
    assert after[0, 1] > before[0, 1]


def test_an_unreadable_odds_file_is_solved_again_and_replaced(odds_on_disk):
    battle, path = odds_on_disk
    path.write_bytes(b"not an npz file")
    odds = battle.exact_odds_matrix(["Knight", "Werewolf"])
    assert 0 < odds[0, 1] < 1
    with np.load(path) as saved:
        assert len(saved["keys"]) == len(saved["values"]) == 4  # both orders of both pairs
