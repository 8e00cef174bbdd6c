"""Thread pools whose kernels stop on Ctrl-C (used by carve_many, simulate, MazeVectorEnv).

Python runs signal handlers only in the main thread, so a kernel on a pool's thread never sees
Ctrl-C itself: the caller's thread does, while it submits jobs or waits for results. It must not
get a KeyboardInterrupt there: those waits are the threading module's own lock code, and an
exception raised inside it can leave a lock held (the pool's shutdown then waits forever) or
report ``RuntimeError: release unlocked lock`` instead of the Ctrl-C. So while ``run_jobs`` is
inside the pool it replaces Python's default SIGINT handler with one that only takes note and
sets the stop flag that every job's thread has bound (``trapcore._interrupt.bind_stop``). Each
running kernel stops at its next poll (within POLL_MASK + 1 units of work,
src/common/signals.pxd) with KeyboardInterrupt, the jobs not started are cancelled, and once the
threads are idle the caller gets the KeyboardInterrupt, outside every lock. The same happens when
a job raises, or when the caller drops the iterator early. A handler of the caller's own (not
Python's default) is left in place, as is everything on a thread other than the main one.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from types import FrameType, TracebackType
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


class _CtrlCNoted:
    """Within the block, Ctrl-C sets ``flag`` (the pool's kernels stop) instead of raising in the
    middle of a lock; on leaving, a Ctrl-C that came is raised as KeyboardInterrupt."""

    def __init__(self, flag: np.ndarray) -> None:
        self.flag = flag
        self.came = False
        self._previous: Any = None

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.came = True
        self.flag[0] = 1

    def __enter__(self) -> _CtrlCNoted:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._note)
        return self

    @property
    def swapped(self) -> bool:
        """True while Python's default SIGINT handler is replaced by the note-taking one."""
        return self._previous is not None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
        if self.came and not isinstance(exc, KeyboardInterrupt):
            self.came = False
            raise KeyboardInterrupt


def _interrupt_behind(exc: BaseException) -> BaseException:
    """The KeyboardInterrupt that ``exc`` was raised while handling (``exc`` itself if none): a
    RuntimeError from the threading module's locks hides the Ctrl-C that caused it (possible when
    the caller installed a SIGINT handler of their own that raises)."""
    if isinstance(exc, RuntimeError):
        seen = exc.__context__
        while seen is not None:
            if isinstance(seen, KeyboardInterrupt):
                return seen
            seen = seen.__context__
    return exc


def _stop(flag: np.ndarray, futures: list[Future[Any]]) -> None:
    """Stop every job: the running ones at their next poll, the others before they start; return
    once none runs."""
    flag[0] = 1
    for f in futures:
        f.cancel()
    for f in futures:
        if not f.cancelled():
            f.exception()  # waits; the kernels stop within a poll


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
        with _CtrlCNoted(flag):
            for fn, args in jobs:  # one by one: on an error the submitted ones are known
                futures.append(pool.submit(_bound, flag, fn, args))
        for f in futures:
            with _CtrlCNoted(flag):
                result = f.result()
            yield result  # outside the block: the caller's own code gets Ctrl-C as usual
    except BaseException as exc:
        with _CtrlCNoted(flag):
            _stop(flag, futures)
        cause = _interrupt_behind(exc)
        if cause is not exc:
            raise cause from None
        raise


def imap(fn: Callable[[Any], _T], args: Iterable[Any], workers: int) -> Generator[_T, None, None]:
    """``fn(a)`` for each ``a`` on a new pool of ``workers`` threads, results in order; stops
    as ``run_jobs`` does."""
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        yield from run_jobs(pool, ((fn, (a,)) for a in args))
    finally:
        flag = np.zeros(1, np.int32)
        with _CtrlCNoted(flag):
            pool.shutdown(wait=True, cancel_futures=True)
