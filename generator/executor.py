"""Where fanned-out work runs: here, in a pool of local processes, or on a Dask cluster.

Every command that splits work into independent tasks (``simulate`` and
``check``: chunks of seeded games; ``build``: jobs; ``images``: chunks of piece
sides) asks :func:`open_executor` for an :class:`Executor` and hands it a
function and its argument tuples. One policy for all of them:

* **How many workers:** ``--jobs auto`` (the default) is :func:`auto_jobs`, the
  cores this process may run on (its CPU affinity where the system has one,
  else the machine's count); ``--jobs 1`` runs in this process; ``--jobs N``
  starts N processes. ``0`` is accepted as ``auto`` (older scripts).
* **How processes start:** ``spawn`` (a clean interpreter), except on Linux
  where the caller asks for ``fork`` because it has warmed something expensive
  in this process first (the simulator's compiled kernels). Pools are made in
  one place, :func:`_process_pool`.
* **A cluster:** ``--cluster tcp://host:8786`` (a running ``dask scheduler``)
  or ``--cluster local:N`` (a Dask ``LocalCluster`` of N worker processes on
  this machine). Dask is an optional extra: ``pip install 'deckpress[cluster]'``.
  A worker lost mid-run has its tasks rerun elsewhere by the scheduler (the same
  arguments, hence the same seeds and the same results).

A task's function must be importable at module level (it travels by name) and
its arguments must pickle. ``initializer(*initargs)`` prepares each worker once
per run (for example: unpickle the deck, build the game); on a cluster the
initargs travel once per worker (scattered), not once per task.

The results come back as ``(index, result)`` pairs in completion order; callers
that need a fixed order (every summary is merged in index order) sort them.
"""

from __future__ import annotations

import os
import socket
import struct
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from .errors import DeckpressError, ParameterError

if TYPE_CHECKING:  # concurrent.futures and multiprocessing load when a pool is first made (not for --jobs 1)
    from concurrent.futures import ProcessPoolExecutor

CLUSTER_EXTRA = "pip install 'deckpress[cluster]'"
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler before saying it cannot be reached
LOCAL_PREFIX = "local:"


class ClusterError(DeckpressError):
    """The cluster failed the run (a task lost more workers than the scheduler allows,
    the scheduler went away): one line, exit code 2, no traceback."""


def auto_jobs() -> int:
    """Worker processes by default: one per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_jobs(value: str | int | None) -> int:
    """``--jobs``: ``auto`` (or ``0``, or None) is :func:`auto_jobs`, else a count of 1 or more."""
    if value is None:
        return auto_jobs()
    text = str(value).strip().lower()
    if text in ("auto", "0"):
        return auto_jobs()
    try:
        jobs = int(text)
    except ValueError:
        raise ParameterError(f"--jobs must be auto or a number of processes, got {value!r}") from None
    if jobs < 1:
        raise ParameterError(f"--jobs must be auto or 1 or more, got {value}")
    return jobs


Task = tuple[Any, ...]


class Executor(Protocol):
    """Runs ``fn(*args)`` for each args tuple; see the module docstring."""

    kind: str  # "local" (this process), "processes" or "dask"
    workers: int

    def run(self, fn: Callable[..., Any], tasks: Sequence[Task], *, initializer: Callable[..., None] | None = None,
            initargs: Task = (), fork: bool = False) -> Iterator[tuple[int, Any]]:
        """``(index, fn(*tasks[index]))`` as each finishes."""
        ...

    def close(self) -> None: ...


class InProcess:
    """Every task here, in order: ``--jobs 1``."""

    kind = "local"
    workers = 1

    def run(self, fn: Callable[..., Any], tasks: Sequence[Task], *, initializer: Callable[..., None] | None = None,
            initargs: Task = (), fork: bool = False) -> Iterator[tuple[int, Any]]:
        if initializer is not None and tasks:
            initializer(*initargs)
        for index, args in enumerate(tasks):
            yield index, fn(*args)

    def close(self) -> None:
        pass


class ProcessPool:
    """A pool of local processes per :meth:`run` (its initializer differs per run)."""

    kind = "processes"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, fn: Callable[..., Any], tasks: Sequence[Task], *, initializer: Callable[..., None] | None = None,
            initargs: Task = (), fork: bool = False) -> Iterator[tuple[int, Any]]:
        if not tasks:
            return
        from concurrent.futures import as_completed

        with _process_pool(min(self.workers, len(tasks)), fork, initializer, initargs) as pool:
            futures = {pool.submit(_job, fn, *args): index for index, args in enumerate(tasks)}
            started = list(getattr(pool, "_processes", {}).values())
            try:
                for future in as_completed(futures):
                    yield futures[future], _result(future, started)
            except BaseException:
                # stop now: the running jobs unwind (their temporary files removed) and their workers
                # exit, within GRACE_SECONDS; no future is cancelled here, as the pool's own thread
                # would then fail to mark it broken (InvalidStateError, printed with a traceback)
                from .workers import stop_pool

                stop_pool(pool)
                raise

    def close(self) -> None:
        pass


def start_method(fork: bool) -> Any:
    """The one start-method policy: ``fork`` only where asked for and on Linux, else ``spawn``."""
    from multiprocessing import get_context

    return get_context("fork" if fork and sys.platform.startswith("linux") else "spawn")


def _process_pool(workers: int, fork: bool, initializer: Callable[..., None] | None,
                  initargs: Task) -> ProcessPoolExecutor:
    """Every local worker pool of deckpress is made here: its workers die with this
    process (``generator.workers``: a parent-death signal and watch), then run the
    run's own initializer."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=start_method(fork), initializer=_start_worker,
                               initargs=(os.getpid(), initializer, initargs))


def _result(future: Any, started: Sequence[Any]) -> Any:
    """A future's result; a pool broken because its workers were stopped by a signal (Ctrl-C
    sent to the process group while this process ignores it, ``kill`` of the workers) is an
    interrupt, and one broken otherwise (a worker killed by the system, out of memory) a clean error."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        from .workers import EXIT_STOPPED

        codes = {p.exitcode for p in started}
        if codes & {EXIT_STOPPED, -2, -15}:
            raise KeyboardInterrupt from None
        died = ", ".join(str(c) for c in sorted(c for c in codes if c is not None)) or "unknown"
        raise ParameterError(f"a worker process stopped unexpectedly (exit code {died}: killed, or out of "
                             "memory?); run again, or with --jobs 1") from None


def _job(fn: Callable[..., Any], *args: Any) -> Any:
    """A pool task: an interrupt unwinds it (``atomic_write`` cleans up) and ends the worker."""
    from .workers import run_in_worker

    return run_in_worker(fn, *args)


def _start_worker(parent: int, initializer: Callable[..., None] | None, initargs: Task) -> None:
    from .workers import init_worker

    init_worker(parent)
    if initializer is not None:
        initializer(*initargs)


# -- Dask ---------------------------------------------------------------------------
_PREPARED: dict[str, Any] = {}  # on a Dask worker: the run whose initializer last ran here


def _dask_call(token: str, initializer: Callable[..., None] | None, initargs: Task, fn: Callable[..., Any],
               *args: Any) -> Any:
    """One task on a Dask worker: prepare the worker for this run once, then run it."""
    if initializer is not None and _PREPARED.get("token") != token:
        initializer(*initargs)
        _PREPARED["token"] = token
    return fn(*args)


class DaskCluster:
    """Tasks on a Dask distributed cluster (see the module docstring)."""

    kind = "dask"

    def __init__(self, address: str, timeout: float = CONNECT_TIMEOUT) -> None:
        distributed = _distributed()
        self.address = address
        self._cluster: Any = None
        if address.startswith(LOCAL_PREFIX):
            count = address[len(LOCAL_PREFIX):]
            if not count.isdigit() or int(count) < 1:
                raise ParameterError(f"--cluster {address}: local:N needs N, a number of worker processes of 1 or more")
            self._cluster = distributed.LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True,
                                                     dashboard_address=":0", silence_logs=50)
            target: Any = self._cluster
        else:
            if "://" not in address:
                address = f"tcp://{address}"
            target = address
        try:
            if self._cluster is None:
                _reachable(address, timeout)
            self.client = distributed.Client(target, timeout=timeout, set_as_default=False)
        except Exception as exc:  # refused, timed out, or something that is not a Dask scheduler answered
            self._close_cluster()
            why = str(exc) if isinstance(exc, NotDask) else type(exc).__name__
            raise ParameterError(f"--cluster {self.address}: no Dask scheduler answered within {timeout:g} s"
                                 f" ({why}); start one with `dask scheduler` and workers with"
                                 f" `dask worker {address}`") from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def run(self, fn: Callable[..., Any], tasks: Sequence[Task], *, initializer: Callable[..., None] | None = None,
            initargs: Task = (), fork: bool = False) -> Iterator[tuple[int, Any]]:
        if not tasks:
            return
        from concurrent.futures import CancelledError

        distributed = _distributed()
        token = uuid.uuid4().hex
        # the initargs (a pickled deck, ...) travel once to every worker, not once per task; hash=False:
        # a key of its own each run (the same data scattered again while the last run's copy is being
        # released would otherwise lose it)
        shared = self.client.scatter([initargs], broadcast=True, hash=False)[0] if initializer is not None else ()
        futures = [self.client.submit(_dask_call, token, initializer, shared, fn, *args, pure=False,
                                      key=f"deckpress-{token}-{i}") for i, args in enumerate(tasks)]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in distributed.as_completed(futures, loop=self.client.loop):
                try:
                    result = future.result()
                except (CancelledError, distributed.KilledWorker, OSError) as exc:  # the cluster's, not the task's
                    raise ClusterError(f"--cluster {self.address}: the run failed on the cluster"
                                       f" ({type(exc).__name__}: {exc})") from None
                yield index[future.key], result
        except BaseException:
            self.client.cancel(futures)
            raise

    def close(self) -> None:
        self.client.close()
        self._close_cluster()

    def _close_cluster(self) -> None:
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


class NotDask(ConnectionError):
    """Something listens at the address, but it does not greet like a Dask scheduler."""


DASK_GREETING_LIMIT = 1 << 20  # bytes: a scheduler's opening handshake is a few hundred


def _reachable(address: str, timeout: float) -> None:
    """Fail fast (OSError) unless a Dask scheduler answers at a ``tcp://host:port`` address.

    A scheduler speaks first: on accepting a connection it writes its handshake, a frame
    that begins with its length as an unsigned 64-bit integer. Something else listening
    there (a web server waiting for a request, an SSH banner) either stays silent or sends
    bytes that are no such length; Dask's own client would wait on it far past its
    timeout, and then print a traceback from its finaliser."""
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme in ("tcp", "tls") and host and port.isdigit():
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout) as sock:
            if scheme == "tls":
                return  # the greeting is encrypted; the TLS handshake is Dask's to do
            greeting = b""
            deadline = time.monotonic() + timeout
            while len(greeting) < 8:
                sock.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = sock.recv(8 - len(greeting))  # socket.timeout (an OSError) when silent
                if not chunk:
                    raise NotDask("the connection was closed without a greeting")
                greeting += chunk
            length = struct.unpack("<Q", greeting)[0]
            if not 0 < length <= DASK_GREETING_LIMIT:
                raise NotDask("something else answers there, not a Dask scheduler")


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ParameterError(f"--cluster needs Dask distributed, an optional extra: {CLUSTER_EXTRA}") from None
    return distributed


def open_executor(jobs: str | int | None = 1, cluster: str | None = None) -> InProcess | ProcessPool | DaskCluster:
    """The executor for ``--jobs`` / ``--cluster`` (``cluster`` wins when given). Close it after use."""
    if cluster:
        return DaskCluster(cluster)
    count = parse_jobs(jobs)
    return InProcess() if count == 1 else ProcessPool(count)


@contextmanager
def executing(jobs: str | int | None = 1, cluster: str | None = None) -> Iterator[Executor]:
    """:func:`open_executor`, closed (a local cluster shut down) on the way out."""
    executor = open_executor(jobs, cluster)
    try:
        yield executor
    finally:
        executor.close()
