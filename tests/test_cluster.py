"""The Dask cluster engine: `--scheduler ADDRESS` plays the chunks on a dask.distributed
cluster's workers with the same results, bit for bit, as a local run with the same seed, and a
cluster that cannot play them is one clear line."""

from __future__ import annotations

import json
import operator
import socket
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from wardsim import cluster
from wardsim.cli import app
from wardsim.cluster import ClusterError, check_engines, cluster_results, use_scheduler
from wardsim.decks import load_deck
from wardsim.ladders import ladder
from wardsim.simulation import engine_fingerprint, simulate
from wardsim.tournament import round_robin

distributed = pytest.importorskip("distributed")

DECKS = Path(__file__).parent.parent / "decks"
A = load_deck(DECKS / "dragons.txt")
B = load_deck(DECKS / "bleeders.txt")
C = load_deck(DECKS / "giants.txt")
runner = CliRunner()


@pytest.fixture(scope="module")
def scheduler():
    """A LocalCluster of two worker processes, one thread each: the games cross process
    boundaries as they would between machines."""
    # the workers load the kernels from numba's cache: compile them here first
    simulate(A, B, games=2, seed=0, policy_a="greedy")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
    ) as local:
        yield local.scheduler_address


@pytest.fixture
def threads_cluster():
    """A LocalCluster of worker threads in this process (quick to start)."""
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0", silence_logs=40
    ) as local:
        yield local.scheduler_address


def _totals(result):
    t = result.totals
    counts = (t.games, t.wins_a, t.wins_b, t.draws, t.first_player_wins, t.turns)
    return counts, t.end_reasons.tobytes(), t.cards.tobytes()


def test_a_simulate_on_a_cluster_is_the_local_run_bit_for_bit(scheduler):
    args = dict(games=40, seed=11, policy_a="greedy", chunk=10, keep_records=True)
    local = simulate(A, B, jobs=1, **args)
    with use_scheduler(scheduler):
        remote = simulate(A, B, jobs=1, **args)
    assert _totals(remote) == _totals(local)
    pd.testing.assert_frame_equal(remote.records, local.records)
    pd.testing.assert_frame_equal(remote.cards, local.cards)


def test_a_tournament_on_a_cluster_is_the_local_tournament(scheduler):
    local = round_robin([A, B, C], 20, seed=3, policy="greedy", jobs=2)
    with use_scheduler(scheduler):
        remote = round_robin([A, B, C], 20, seed=3, policy="greedy")
    pd.testing.assert_frame_equal(remote.records, local.records)
    pd.testing.assert_frame_equal(remote.cards, local.cards)


def test_a_ladder_on_a_cluster_is_the_local_ladder(scheduler):
    local = ladder([A, C], ["random", "greedy"], games=4, seed=5, bootstrap=0)
    with use_scheduler(scheduler):
        remote = ladder([A, C], ["random", "greedy"], games=4, seed=5, bootstrap=0)
    columns = ["policy_a", "policy_b", "deck_a", "deck_b", "seed", "wins_a", "wins_b", "draws"]
    pd.testing.assert_frame_equal(remote.cells[columns], local.cells[columns])


def test_the_simulate_command_takes_a_scheduler_and_prints_the_local_result(scheduler, tmp_path):
    args = ["simulate", str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--games", "30", "--seed", "4"]
    args += ["--policy", "greedy", "--json"]
    local = runner.invoke(app, args)
    remote = runner.invoke(app, [*args, "--scheduler", scheduler, "--out", str(tmp_path / "run")])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert f"on the dask scheduler {scheduler}" in " ".join(remote.stderr.split())  # rich wraps at 80
    one, two = json.loads(local.stdout), json.loads(remote.stdout)
    del one["games_per_second"], two["games_per_second"]
    assert one == two
    # the cluster's chunks were saved as they came back: the same command resumes from them
    again = runner.invoke(app, [*args, "--scheduler", scheduler, "--out", str(tmp_path / "run")])
    assert "30 of 30 games saved before" in again.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("address", ["free port", "nowhere", "::::", "http://127.0.0.1:8786"])
def test_an_unreachable_scheduler_is_one_line_error(monkeypatch, address):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    if address == "free port":  # nothing listens there
        address = f"tcp://127.0.0.1:{_free_port()}"
    args = ["simulate", str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--games", "4"]
    result = runner.invoke(app, [*args, "--policy", "random", "--scheduler", address])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith(f"error: cannot reach the dask scheduler at '{address}'")
    assert "Traceback" not in result.output


def test_a_scheduler_without_workers_is_one_line_error(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0", silence_logs=40) as empty:
        with pytest.raises(ClusterError, match="has no workers; start them with `dask worker"):
            with use_scheduler(empty.scheduler_address):
                pass


def test_a_missing_cluster_extra_is_one_line_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    args = ["tournament", str(DECKS / "dragons.txt"), str(DECKS / "bleeders.txt"), "--games", "2"]
    result = runner.invoke(app, [*args, "--policy", "random", "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "error: --scheduler needs dask.distributed, which is not installed: pip install 'wardsim[cluster]'"
    )


def test_a_worker_with_another_engine_is_refused():
    ours = engine_fingerprint()
    check_engines({"tcp://10.0.0.1:1": ours, "tcp://10.0.0.2:1": ours}, "tcp://s:8786")  # all the same: fine
    with pytest.raises(ClusterError, match=r"worker tcp://10.0.0.2:1 of 'tcp://s:8786' runs another wardsim engine"):
        check_engines({"tcp://10.0.0.1:1": ours, "tcp://10.0.0.2:1": "0123456789abcdef"}, "tcp://s:8786")
    with pytest.raises(ClusterError, match="cannot load wardsim"):
        check_engines({"tcp://10.0.0.1:1": ModuleNotFoundError("No module named 'wardsim'")}, "tcp://s:8786")


def test_the_cluster_results_come_in_the_order_of_the_calls(threads_cluster):
    with use_scheduler(threads_cluster) as client:
        # later calls finish first (shorter sleeps): the results still come in call order
        calls = [(_sleep_then, (0.05 * (5 - i), i), {}) for i in range(6)]
        assert list(cluster_results(client, calls)) == list(range(6))


def _sleep_then(seconds: float, value: int) -> int:
    import time

    time.sleep(seconds)
    return value


def test_chunks_in_flight_stay_bounded(threads_cluster):
    # memory flat in the number of chunks: the calls are taken from the iterator only as
    # results come back, a few per worker thread
    taken = [0]

    def calls():
        for i in range(1000):
            taken[0] += 1
            yield (operator.add, (i, 1), {})

    with use_scheduler(threads_cluster) as client:
        results = cluster_results(client, calls())
        assert next(results) == 1
        assert taken[0] <= cluster.IN_FLIGHT_PER_THREAD * cluster.worker_threads(client) + 1
        results.close()  # as on Ctrl-C: the calls in flight are cancelled, no more are taken
        assert taken[0] <= cluster.IN_FLIGHT_PER_THREAD * cluster.worker_threads(client) + 1


def test_an_array_shared_by_every_chunk_is_sent_once(threads_cluster, monkeypatch):
    table = np.arange(cluster.SCATTER_BYTES // 8 * 4, dtype=np.int64)  # a duel odds table's size
    with use_scheduler(threads_cluster) as client:
        sent = []
        scatter = client.scatter
        monkeypatch.setattr(client, "scatter", lambda value, **kw: sent.append(value.nbytes) or scatter(value, **kw))
        calls = [(operator.getitem, (table, i), {}) for i in range(8)]
        assert list(cluster_results(client, calls)) == list(range(8))
    assert sent == [table.nbytes]


def test_a_survey_and_a_deck_search_on_a_cluster_are_the_local_ones(scheduler, monkeypatch):
    from wardsim import pairings
    from wardsim.catalog import default_catalog
    from wardsim.optimizer import optimize
    from wardsim.surveys import survey

    monkeypatch.setattr(pairings, "BLOCK_GAMES", 60)  # several blocks, cut in this process
    pool = [c.name for c in default_catalog().generation(1)][:40]
    args = dict(cards=pool, n_decks=12, opponents=2, games=6, seed=11, policy="greedy", min_decks=1, ablate=1)
    local = survey(jobs=1, **args)
    with use_scheduler(scheduler):
        remote = survey(jobs=1, **args)
    pd.testing.assert_frame_equal(remote.cards, local.cards)
    pd.testing.assert_frame_equal(remote.pairings, local.pairings)
    search = dict(seed=1, cards=pool, policy="greedy", parents=2, children=2, final_games=20, keep=2)
    local_search = optimize([A], 1500, **search)
    with use_scheduler(scheduler):
        remote_search = optimize([A], 1500, **search)
    pd.testing.assert_frame_equal(remote_search.decks, local_search.decks)
    pd.testing.assert_frame_equal(remote_search.history, local_search.history)
