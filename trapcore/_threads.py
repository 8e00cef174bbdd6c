"""Thread pools whose kernels stop on Ctrl-C (used by carve_many, simulate, MazeVectorEnv).

Python runs signal handlers only in the main thread, so a kernel on a pool's thread never sees
Ctrl-C itself: the caller's thread gets the KeyboardInterrupt while it waits. ``run_jobs`` then
sets the stop flag that every job's thread has bound (``trapcore._interrupt.bind_stop``), so each
running kernel stops at its next poll (within POLL_MASK + 1 units of work, src/common/signals.pxd)
with KeyboardInterrupt, cancels the jobs not started, waits for the threads and re-raises. The
same happens when a job raises, or when the caller drops the iterator early.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np

from trapcore import _interrupt

__all__ = ["imap", "run_jobs"]

_T = TypeVar("_T")


def _bound(flag: np.ndarray, fn: Callable[..., _T], args: tuple[Any, ...]) -> _T:
    """``fn(*args)`` with this thread's kernels bound to ``flag``."""
    _interrupt.bind_stop(flag)
    try:
        return fn(*args)
    finally:
        _interrupt.bind_stop(None)


def run_jobs(
    pool: ThreadPoolExecutor, jobs: Iterable[tuple[Callable[..., _T], tuple[Any, ...]]]
) -> Generator[_T, None, None]:
    """Submit every ``(fn, args)`` job to ``pool`` and yield their results in order. On any
    exception (Ctrl-C in the caller, a job's own error, the iterator closed early) the jobs not
    started are cancelled, the running ones stop at their next poll, and once they have, the
    exception propagates (the pool stays usable)."""
    flag = np.zeros(1, np.int32)
    futures: list[Future[_T]] = []
    try:
        futures = [pool.submit(_bound, flag, fn, args) for fn, args in jobs]
        for f in futures:
            yield f.result()
    except BaseException:
        flag[0] = 1
        for f in futures:
            f.cancel()
        for f in futures:  # wait for the running ones (they stop within a poll)
            if not f.cancelled():
                try:
                    f.exception()
                except BaseException:  # a second Ctrl-C (or cancelled): stop waiting
                    break
        raise


def imap(fn: Callable[[Any], _T], args: Iterable[Any], workers: int) -> Generator[_T, None, None]:
    """``fn(a)`` for each ``a`` on a new pool of ``workers`` threads, results in order; stops
    as ``run_jobs`` does."""
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        yield from run_jobs(pool, ((fn, (a,)) for a in args))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
