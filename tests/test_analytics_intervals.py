"""Wilson and Newcombe intervals (wardsim.analytics.intervals), and the analytics layer's imports."""

import ast
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binom

from wardsim.analytics import diff_interval, proportion_se, wilson_interval

ANALYTICS = Path(__file__).parent.parent / "wardsim" / "analytics"


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        # Newcombe (1998), single proportion, score method without continuity correction
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_published_values(wins, n, lo, hi):
    got_lo, got_hi = wilson_interval(wins, n)
    assert got_lo == pytest.approx(lo, abs=5e-5)
    assert got_hi == pytest.approx(hi, abs=5e-5)


def test_wilson_interval_of_no_games_is_the_whole_range():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(np.array([0, 3, 0]), np.array([0, 10, 0]))
    np.testing.assert_array_equal(lo[[0, 2]], [0.0, 0.0])
    np.testing.assert_array_equal(hi[[0, 2]], [1.0, 1.0])
    assert 0 < lo[1] < 0.3 < hi[1] < 1


def test_wilson_interval_gives_floats_for_scalars_and_arrays_for_arrays():
    lo, hi = wilson_interval(3, 10)
    assert isinstance(lo, float) and isinstance(hi, float)
    wins = np.array([[1, 2], [3, 4]])
    lo, hi = wilson_interval(wins, 10)
    assert lo.shape == hi.shape == (2, 2)
    assert lo[1, 0] == wilson_interval(3, 10)[0]


def test_wilson_interval_takes_fractional_wins_for_draws_counted_as_half():
    # 7 wins and 1 draw in 10 games: a score of 7.5, between 7 and 8 wins
    lo, hi = wilson_interval(7 + 1 / 2, 10)
    assert wilson_interval(7, 10)[0] < lo < wilson_interval(8, 10)[0]
    assert wilson_interval(7, 10)[1] < hi < wilson_interval(8, 10)[1]


def test_wilson_interval_rejects_impossible_counts():
    with pytest.raises(ValueError, match="between 0 and the number of games"):
        wilson_interval(11, 10)
    with pytest.raises(ValueError, match="negative"):
        wilson_interval(0, -1)


def test_wilson_bounds_rise_with_wins_and_narrow_with_games():
    n = 50
    lo, hi = wilson_interval(np.arange(n + 1), n)
    assert np.all(np.diff(lo) > 0) and np.all(np.diff(hi) > 0)
    sizes = np.array([10, 40, 160, 640, 2560])
    lo, hi = wilson_interval(0.3 * sizes, sizes)
    assert np.all(np.diff(hi - lo) < 0)


@given(n=st.integers(1, 10_000), share=st.floats(0, 1), z=st.floats(0.5, 4))
def test_wilson_interval_contains_the_observed_rate_inside_zero_one(n, share, z):
    wins = share * n
    lo, hi = wilson_interval(wins, n, z)
    assert 0.0 <= lo <= wins / n + 1e-12
    assert wins / n - 1e-12 <= hi <= 1.0


@pytest.mark.parametrize("p", [0.1, 0.3, 0.5, 0.8])
@pytest.mark.parametrize("n", [20, 100, 400])
def test_wilson_95_interval_covers_the_true_rate_at_about_95_percent(p, n):
    reps = 4000
    rng = np.random.default_rng(20250130 + n + int(100 * p))
    wins = rng.binomial(n, p, size=reps)
    lo, hi = wilson_interval(wins, n)
    coverage = np.mean((lo <= p) & (p <= hi))
    # exact coverage from the binomial distribution: the simulation must agree within 5 SE
    k = np.arange(n + 1)
    k_lo, k_hi = wilson_interval(k, n)
    exact = binom.pmf(k, n, p)[(k_lo <= p) & (p <= k_hi)].sum()
    se = np.sqrt(exact * (1 - exact) / reps)
    assert abs(coverage - exact) < 5 * se
    # Wilson coverage oscillates around the nominal level by up to ~0.03 at these sizes
    # (Brown, Cai & DasGupta 2001), on top of the simulation's own 5 SE
    assert abs(coverage - 0.95) < 0.03 + 5 * np.sqrt(0.95 * 0.05 / reps)


def test_proportion_se_is_the_binomial_standard_error():
    assert proportion_se(5, 10) == pytest.approx(np.sqrt(0.25 / 10))
    assert proportion_se(0, 10) == 0.0
    assert np.isnan(proportion_se(0, 0))
    # 2 and 8 of 10: p (1 - p) = 0.16 either way
    np.testing.assert_allclose(proportion_se(np.array([2, 8]), 10), [np.sqrt(0.16 / 10)] * 2)


@pytest.mark.parametrize(
    ("sample_1", "sample_2", "lo", "hi"),
    [
        # Newcombe (1998), difference of independent proportions, method 10
        ((56, 70), (48, 80), 0.0524, 0.3339),
        ((9, 10), (3, 10), 0.1705, 0.8090),
        ((10, 10), (0, 20), 0.6791, 1.0),
        ((0, 10), (0, 20), -0.1611, 0.2775),
        ((5, 56), (0, 29), -0.0381, 0.1926),
    ],
)
def test_diff_interval_matches_newcombe_hybrid_score_examples(sample_1, sample_2, lo, hi):
    got_lo, got_hi = diff_interval(*sample_1, *sample_2)
    assert got_lo == pytest.approx(lo, abs=5e-5)
    assert got_hi == pytest.approx(hi, abs=5e-5)


def test_diff_interval_is_antisymmetric_and_empty_samples_give_the_whole_range():
    lo, hi = diff_interval(30, 50, 20, 50)
    swapped_lo, swapped_hi = diff_interval(20, 50, 30, 50)
    assert (lo, hi) == pytest.approx((-swapped_hi, -swapped_lo))
    assert diff_interval(3, 10, 0, 0) == (-1.0, 1.0)
    lo, hi = diff_interval(np.array([5, 9]), 10, np.array([5, 1]), 10)
    assert lo.shape == (2,) and lo[0] < 0 < hi[0] and lo[1] > 0


@given(n_1=st.integers(1, 5000), share_1=st.floats(0, 1), n_2=st.integers(1, 5000), share_2=st.floats(0, 1))
def test_diff_interval_contains_the_observed_difference(n_1, share_1, n_2, share_2):
    lo, hi = diff_interval(share_1 * n_1, n_1, share_2 * n_2, n_2)
    assert -1.0 <= lo <= share_1 - share_2 + 1e-12
    assert share_1 - share_2 - 1e-12 <= hi <= 1.0


def test_analytics_modules_import_no_kernel_or_simulation_module():
    # DESIGN.md: layers import in one direction; analytics sits above kernel and sim
    forbidden = ("numba", "wardsim.kernel", "wardsim.sim", "wardsim.battle", "wardsim.game")
    for path in sorted(ANALYTICS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert not name.startswith(forbidden), f"{path.name} imports {name}"
