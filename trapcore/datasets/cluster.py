"""Shards as Dask tasks: a distributed Client, a scheduler address, or a one-run LocalCluster."""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:
    import distributed

from trapcore._extras import require
from trapcore._threads import _CtrlCNoted
from trapcore._validate import _describe, as_int

__all__ = ["map_shards"]

_T = TypeVar("_T")


@contextlib.contextmanager
def _client(client: object) -> Iterator[distributed.Client]:
    """A ``distributed.Client`` for ``client``: itself, one connected to an address, or one on a
    ``LocalCluster`` of ``W`` processes for ``"local:W"`` (closed afterwards)."""
    require("distributed", "client=")
    import distributed

    if isinstance(client, distributed.Client):
        yield client
        return
    if not isinstance(client, str):
        raise TypeError(
            f"client must be a distributed.Client, a scheduler address or 'local:W', "
            f"got {_describe(client)}"
        )
    if client.startswith("local:"):
        try:
            w = int(client[6:])
        except ValueError:
            raise ValueError(
                f"client='local:W' needs a number of workers W, got {client!r}"
            ) from None
        w = as_int(w, "client workers", minimum=1, maximum=256)
        require("dask", "client=")
        import dask

        quiet = {
            # the workers' statistical profiler samples every task's stack 100 times a second
            "distributed.worker.profile.enabled": False,
            # the event loop's ticks and the system monitors wake every process many times a second
            "distributed.admin.tick.interval": "1s",
            "distributed.admin.system-monitor.interval": "1s",
            "distributed.worker.memory.monitor-interval": "1s",
        }
        if sys.platform == "linux":
            # a forked worker starts with numpy, pyarrow and trapcore loaded; spawned, each
            # loads them again (docs/benchmarks.md, "Tuned constants")
            quiet["distributed.worker.multiprocessing-method"] = "fork"
        with _workers_ignore_ctrl_c(), dask.config.set(quiet):
            # distributed leaves LocalCluster and Client.__init__ unannotated
            cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=w,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                # a task cancelled at Ctrl-C is no warning, and a worker's heartbeat to a
                # scheduler already closed by Ctrl-C no error (it printed 30 lines, 1 run in 13);
                # a task's own error reaches the caller through its result
                silence_logs=logging.CRITICAL,
            )
        try:
            with cluster, distributed.Client(cluster) as c:  # type: ignore[no-untyped-call]
                yield c
        except KeyboardInterrupt:
            _quiet()  # closing a cluster mid-task logs warnings; Ctrl-C is one line, the CLI's
            raise
        return
    with distributed.Client(client) as c:  # type: ignore[no-untyped-call]  # as above
        yield c


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start worker processes with SIGINT ignored (inherited), so that Ctrl-C in a terminal,
    which reaches the whole process group, stops only this process: it closes the cluster, and
    no worker prints a traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


class _CtrlCKept(_CtrlCNoted):
    """Within the block, Ctrl-C raises KeyboardInterrupt as Python's own handler does, and is
    also noted (``_CtrlCNoted``), so that ``check`` raises it again when Python dropped it:
    raised inside a ``__del__`` or a weakref callback (a Dask future's release), it is printed
    as "Exception ignored" and lost, and the run went on to the end (1 run in some hundreds of
    tests/datasets/test_dask.py's Ctrl-C test, in CI). Leaving the block raises one still noted.
    While the handler is swapped, Python's report of such a dropped interrupt ("Exception ignored
    in: <function Future.__del__ ...>" and its traceback, 1 run in 25 of that test on a busy
    machine) is left out too: the interrupt is not lost, ``check`` raises it.
    """

    def __init__(self) -> None:
        super().__init__(np.zeros(1, np.int32))
        self._raised: KeyboardInterrupt | None = None
        self._hook: Callable[[Any], object] | None = None

    def _note(self, signum: int, frame: FrameType | None) -> None:
        super()._note(signum, frame)
        self._raised = KeyboardInterrupt()
        raise self._raised

    def _unraisable(self, args: Any) -> None:
        """``sys.unraisablehook`` within the block: the KeyboardInterrupt ``_note`` raised
        where Python drops it is noted again (``check`` raises it) and not printed; anything
        else goes to the hook that was there before."""
        if self._raised is not None and args.exc_value is self._raised:
            self.came = True
            return
        assert self._hook is not None
        self._hook(args)

    def __enter__(self) -> _CtrlCKept:
        super().__enter__()
        if self.swapped:
            self._hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if isinstance(exc, GeneratorExit):
            # the generator (``map_shards``) is being closed: by its consumer's own
            # KeyboardInterrupt, the one ``_note`` raised there, or by a consumer done with it;
            # raised here it would only print "Exception ignored in: <generator ...>" (1 quick
            # run in some tens of the Ctrl-C test, on a busy machine)
            self.came = False
        if self._hook is not None:
            sys.unraisablehook, self._hook = self._hook, None
        super().__exit__(kind, exc, tb)

    def check(self) -> None:
        """Raise KeyboardInterrupt when a Ctrl-C came (once)."""
        if self.came:
            self.came = False
            raise KeyboardInterrupt


def _quiet() -> None:
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _stopping() -> bool:
    """Whether the Dask task running this has no one waiting for it: its worker is closing
    (the cluster closes at Ctrl-C) or the task was cancelled."""
    import distributed

    try:
        worker = distributed.get_worker()
    except ValueError:  # not in a Dask task
        return False
    if getattr(worker.status, "name", "running") in ("closing", "closed", "failed"):
        return True
    try:
        task = worker.state.tasks.get(worker.get_current_task())
    except (AttributeError, ValueError):
        return False
    return task is not None and task.state in ("cancelled", "released", "forgotten")


def _on_worker(fn: Callable[..., _T], *args: Any) -> _T:
    """``fn(*args, stop=_stopping)``: a task that stops between row groups when abandoned."""
    return fn(*args, stop=_stopping)


def map_shards(
    client: object, fn: Callable[..., _T], args: Iterable[tuple[Any, ...]]
) -> Iterator[_T]:
    """Yield ``fn(*a, stop=...)`` for each ``a`` in ``args``, in order, computed as Dask tasks
    (all submitted at once; each result is released once yielded). ``fn`` asks ``stop()`` as it
    goes, and gives up when it answers True (the task's worker is closing, or it was cancelled),
    so that closing the cluster at Ctrl-C does not wait for the tasks running."""
    jobs = list(args)
    with _client(client) as c, _CtrlCKept() as kept:
        futures: list[distributed.Future[_T] | None] = [
            c.submit(_on_worker, fn, *a, pure=False) for a in jobs
        ]
        try:
            for i in range(len(futures)):
                kept.check()
                f = futures[i]
                if f is not None:  # only items before i were released
                    yield f.result()
                futures[i] = None  # the release runs Future.__del__, which drops a Ctrl-C
                kept.check()
        except KeyboardInterrupt:
            _quiet()
            raise
        finally:
            for rest in futures:
                if rest is not None:
                    rest.cancel()  # type: ignore[no-untyped-call]  # distributed: unannotated
