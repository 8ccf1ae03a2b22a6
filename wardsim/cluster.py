"""Dask clusters: the chunks of a run played on the workers of a dask.distributed scheduler.

Every command that plays games in parallel hands its chunks to
`wardsim.simulation.worker_results`. Inside `use_scheduler(address)` that function sends them
to the scheduler's workers instead of local processes, and gives their results back in the
order of the calls, as the local workers do. A chunk's games depend on (seed, game index)
alone, so a run on a cluster is the same, bit for bit, as a local run with the same seed.

- `use_scheduler` connects, waits a few seconds for a worker, and checks that every worker
  runs this engine (`engine_fingerprint`): a worker with another version of the kernels,
  rules or catalog would play other games. Any problem is a `ClusterError` with one line that
  says what to do.
- Memory stays flat: at most a few chunks per worker thread are in flight (`IN_FLIGHT_PER_THREAD`),
  the next one submitted as the oldest comes back.
- Large arrays (a duel odds table) travel to the workers once per run, not once per chunk.
- Ctrl-C or an error cancels the chunks still in flight; the workers stay up for the next run.

dask.distributed is an optional dependency (`pip install 'wardsim[cluster]'`), imported only
here and only when a scheduler is given.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

CONNECT_SECONDS = 10.0  # to reach the scheduler, then again for its first worker
IN_FLIGHT_PER_THREAD = 2  # chunks queued per worker thread: the workers never wait, memory stays flat
SCATTER_BYTES = 64 * 1024  # arrays from this size are sent to the workers once per run
INSTALL_HINT = "pip install 'wardsim[cluster]'"

_CLIENT: ContextVar[Any] = ContextVar("wardsim_dask_client", default=None)


class ClusterError(Exception):
    """The cluster cannot run the games: the extra is missing, the scheduler cannot be reached,
    it has no workers, or a worker runs another engine (one line, for people)."""


def current_client() -> Any:
    """The dask client of the enclosing `use_scheduler`, or None (local workers)."""
    return _CLIENT.get()


@contextmanager
def use_scheduler(address: str | None) -> Iterator[Any]:
    """Inside this block, `worker_results` plays its chunks on the workers of the scheduler at
    `address` (`tcp://host:8786`, or `host:8786`); None leaves them local. Yields the client
    (None without a scheduler). Raises ClusterError when the cluster cannot run the games."""
    if address is None:
        yield None
        return
    client = connect(address)
    token = _CLIENT.set(client)
    try:
        yield client
    finally:
        _CLIENT.reset(token)
        client.close()


def connect(address: str, timeout: float | None = None) -> Any:
    """A `distributed.Client` of the scheduler at `address` with at least one worker, every
    worker running this engine; ClusterError otherwise."""
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--scheduler needs dask.distributed, which is not installed: {INSTALL_HINT}") from None
    try:
        # a Client that fails to connect prints a traceback when it is collected: try the
        # address with a plain connection first
        asyncio.run(_probe(address, timeout))
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as problem:  # a bad address, a refused or timed-out connection
        reason = str(problem).splitlines()[0] if str(problem).strip() else type(problem).__name__
        raise ClusterError(
            f"cannot reach the dask scheduler at {address!r} ({reason}); start one with `dask scheduler` "
            "and give its address (tcp://HOST:8786)"
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ClusterError(
                f"the dask scheduler at {address!r} has no workers; start them with `dask worker {address}`"
            ) from None
        check_engines(_worker_engines(client), address)
    except BaseException:
        client.close()
        raise
    return client


async def _probe(address: str, timeout: float) -> None:
    """Open and close a connection to the scheduler; raises what the connection raised."""
    from distributed.comm import connect as open_comm

    comm = await open_comm(address, timeout=timeout)
    await comm.close()


def _worker_engines(client: Any) -> dict[str, str]:
    """Each worker's engine fingerprint (or why it has none)."""
    from wardsim.simulation import engine_fingerprint

    try:
        return client.run(engine_fingerprint, on_error="return")
    except Exception as problem:  # a worker that cannot run the check
        return {"?": f"error: {problem}"}


def check_engines(engines: dict[str, Any], address: str) -> None:
    """ClusterError unless every worker's engine fingerprint is this process's: a worker with
    other kernels, rules or cards would play other games under the same seed."""
    from wardsim.simulation import engine_fingerprint

    ours = engine_fingerprint()
    for worker, theirs in sorted(engines.items()):
        if isinstance(theirs, BaseException) or (isinstance(theirs, str) and theirs.startswith("error:")):
            reason = str(theirs).removeprefix("error: ")
            raise ClusterError(
                f"worker {worker} of {address!r} cannot load wardsim ({reason}); install this wardsim "
                "in the workers' environment"
            )
        if theirs != ours:
            raise ClusterError(
                f"worker {worker} of {address!r} runs another wardsim engine ({theirs}, here {ours}); install "
                "the same wardsim version on every worker so that a seed plays the same games"
            )


def worker_threads(client: Any) -> int:
    """The threads of every worker the scheduler knows now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


def cluster_results(client: Any, calls: Iterable) -> Generator[Any, None, None]:
    """The results of joblib `delayed` calls (function, args, kwargs) played on the cluster's
    workers, in the order of the calls.

    A few calls per worker thread are in flight at a time: the next is submitted as the oldest
    comes back, so memory does not grow with the number of chunks. Arrays of SCATTER_BYTES or
    more are scattered once and shared by every call that passes the same array."""
    window = IN_FLIGHT_PER_THREAD * worker_threads(client)
    scattered: dict[int, tuple[Any, Any]] = {}  # id(array) -> (array, its future): kept alive
    pending: deque = deque()

    def shared(value: Any) -> Any:
        if not isinstance(value, np.ndarray) or value.nbytes < SCATTER_BYTES:
            return value
        if id(value) not in scattered:
            # a key of its own (hash=False): a key named by the content would be shared with the
            # same array scattered by the previous call, whose release may still be on its way
            # to the scheduler ("lost dependencies")
            scattered[id(value)] = (value, client.scatter(value, broadcast=False, hash=False))
        return scattered[id(value)][1]

    todo = iter(calls)
    try:
        while True:
            while len(pending) < window:
                call = next(todo, None)
                if call is None:
                    break
                function, args, kwargs = call
                args = [shared(a) for a in args]
                kwargs = {k: shared(v) for k, v in kwargs.items()}
                # pure=False: two equal calls are two tasks (never merged by dask's key)
                pending.append(client.submit(function, *args, pure=False, **kwargs))
            if not pending:
                return
            yield _result(pending.popleft())
    finally:
        if pending:
            client.cancel(list(pending))
        pending.clear()
        scattered.clear()


def _result(future: Any) -> Any:
    """A chunk's result; a worker lost in the middle of it is a ClusterError."""
    try:
        return future.result()
    except Exception as problem:
        if type(problem).__name__ in ("KilledWorker", "CommClosedError", "CancelledError", "FutureCancelledError"):
            raise ClusterError(f"the cluster lost a chunk ({type(problem).__name__}: {problem})") from None
        raise
