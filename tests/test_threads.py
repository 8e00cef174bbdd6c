"""trapcore._threads: results in order, every job stopped on an error, and a Ctrl-C that lands
inside the threading module's locks reported as the KeyboardInterrupt it is."""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from trapcore import _threads


def _square(x: int) -> int:
    return x * x


def test_imap_keeps_the_order() -> None:
    assert list(_threads.imap(_square, range(50), workers=2)) == [x * x for x in range(50)]


def _jobs_then(exc: BaseException, before: int = 3):
    for i in range(before):
        yield _square, (i,)
    raise exc


def _lock_error_while_interrupted():
    """What CPython raises when a Ctrl-C lands between a lock's release and the ``with`` block's
    exit: a RuntimeError whose context is the KeyboardInterrupt."""
    lock = threading.Lock()
    try:
        with lock:
            lock.release()
            raise KeyboardInterrupt
    except RuntimeError as exc:
        return exc
    raise AssertionError("the lock did not complain")


def test_the_lock_error_is_what_cpython_raises() -> None:
    exc = _lock_error_while_interrupted()
    assert isinstance(exc, RuntimeError) and isinstance(exc.__context__, KeyboardInterrupt)


def test_a_ctrl_c_inside_a_lock_is_reported_as_ctrl_c() -> None:
    with ThreadPoolExecutor(2) as pool, pytest.raises(KeyboardInterrupt):
        list(_threads.run_jobs(pool, _jobs_then(_lock_error_while_interrupted())))


def test_other_errors_pass_unchanged() -> None:
    with ThreadPoolExecutor(2) as pool, pytest.raises(RuntimeError, match="mine"):
        list(_threads.run_jobs(pool, _jobs_then(RuntimeError("mine"))))
    with ThreadPoolExecutor(2) as pool, pytest.raises(ValueError, match="job"):
        list(_threads.run_jobs(pool, [(_square, (1,)), (int, ("job",))]))


def test_jobs_submitted_before_the_error_are_cancelled_or_finished() -> None:
    started = threading.Event()
    release = threading.Event()

    def slow(i: int) -> int:
        started.set()
        release.wait(60)
        return i

    def jobs():
        yield slow, (0,)
        for i in range(1, 20):
            yield _square, (i,)
        started.wait(60)
        release.set()
        raise KeyboardInterrupt

    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(KeyboardInterrupt):
            list(_threads.run_jobs(pool, jobs()))
        # the pool is still usable and the jobs queued behind the error never ran
        assert pool.submit(_square, 3).result() == 9


def _ctrl_c() -> int:
    os.kill(os.getpid(), signal.SIGINT)
    return 0


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_a_real_ctrl_c_while_waiting_raises_once_the_pool_is_idle() -> None:
    flags = []

    def watch() -> int:  # a job that runs until the pool's stop flag is set
        for _ in range(300_000):  # a hang guard of minutes
            if _interrupt_flag_set(flags):
                return 1
            threading.Event().wait(0.001)
        return 2

    def record(flag):  # the flag each job's thread is bound to
        flags.append(flag)

    original = _threads._bound

    def bound(flag, fn, args):
        record(flag)
        return original(flag, fn, args)

    with ThreadPoolExecutor(2) as pool:
        _threads._bound, saved = bound, _threads._bound
        try:
            with pytest.raises(KeyboardInterrupt):
                list(_threads.run_jobs(pool, [(watch, ()), (_ctrl_c, ())]))
        finally:
            _threads._bound = saved
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert flags and flags[0][0] == 1  # the running job was told to stop
        assert pool.submit(_square, 4).result() == 16


def _interrupt_flag_set(flags) -> bool:
    return bool(flags) and flags[0][0] == 1
