"""The size of this test run, for tests that choose how many seeds or cases to try.

``pytest`` (the README's command) is the quick run; ``pytest --full`` (CI) runs everything at full
size. tests/conftest.py sets FULL before any test module is imported, so a module may size its
parametrizations at import time::

    from _suite import seeds, size

    @pytest.mark.parametrize("seed", seeds(12, 120))   # 12 seeds quick, 120 with --full
    def test_...(seed): ...

    for _ in range(size(20, 200)): ...
"""

from __future__ import annotations

import linecache
import os
import pathlib
import signal
import sys
import threading
import time

import pytest

#: True under ``pytest --full`` (set by tests/conftest.py).
FULL = False

#: The checkout this tests/ folder belongs to.
ROOT = pathlib.Path(__file__).resolve().parents[1]

#: The outside Numberlink puzzle sets (never copied into the repository): ../shared/puzzles beside
#: the checkout, or TRAPCORE_PUZZLES. Tests that read them carry ``@pytest.mark.shared_puzzles``
#: and are skipped, and counted in the summary line, when the folder is absent.
PUZZLES = pathlib.Path(os.environ.get("TRAPCORE_PUZZLES") or ROOT.parent / "shared" / "puzzles")

#: A test that needs what only POSIX systems have: SIGKILL, SIGHUP or process groups sent to a
#: child, ``preexec_fn``, FIFOs, /dev/zero, symbolic links an unprivileged user may make.
posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX only (signals, FIFOs, /dev)")

#: Seconds before a test gives up on something that never answers (a child process, a window):
#: a hang guard of minutes, never a verdict on speed. TRAPCORE_HANG_GUARD changes it.
HANG_GUARD = float(os.environ.get("TRAPCORE_HANG_GUARD", 300))


def size(quick: int, full: int) -> int:
    """``quick`` in the quick run, ``full`` under --full."""
    return full if FULL else quick


def seeds(quick: int, full: int) -> range:
    """``range(size(quick, full))``: the first seeds of the full run are the quick run's."""
    return range(size(quick, full))


def sample(items, quick: int) -> list:
    """All of ``items`` under --full; in the quick run, ``quick`` of them spread evenly over the
    list (its first and last among them), the same ones every run. For parametrizations whose
    cases all check one behaviour on different kernels or inputs (a real SIGINT to a child per
    kernel, one level per puzzle file), where each case is also covered more cheaply elsewhere."""
    items = list(items)
    if FULL or quick >= len(items):
        return items
    if quick <= 1:
        return items[:1]
    step = (len(items) - 1) / (quick - 1)
    return [items[round(i * step)] for i in range(quick)]


def raised_in_a_kernel(excinfo) -> bool:
    """True when the exception of ``pytest.raises`` came out of a compiled kernel (its last frame
    is in a .pyx file), so Ctrl-C stopped the kernel (it polls) rather than reaching the caller
    after the kernel finished: a check of what the kernel does, not of how fast the machine is."""
    tb = excinfo.tb
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename.endswith(".pyx")


def interrupt_at_call(function: str, call: str) -> threading.Thread:
    """Send Ctrl-C (SIGINT) to this process once its main thread is inside the compiled call
    ``call`` made from the Python function ``function`` (its innermost Python frame is that
    function, on a line holding ``call``): the signal lands in the kernel however busy the
    machine, not before it as a timer's may. Returns the (daemon) thread that watches."""
    main = threading.main_thread().ident

    def watch():
        while True:
            frame = sys._current_frames().get(main)
            if (
                frame is not None
                and frame.f_code.co_name == function
                and call in linecache.getline(frame.f_code.co_filename, frame.f_lineno)
            ):
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.002)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread
