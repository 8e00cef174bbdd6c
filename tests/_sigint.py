"""Ctrl-C in the kernels, tested by counting, never by timing (the interrupt tests of every puzzle
use these helpers).

Every long kernel polls for Ctrl-C through one function (src/common/interrupt.pyx), which counts
its polls and can make the k-th act as Ctrl-C (``trapcore._interrupt.trap_poll``). So a test:

* counts the polls of a call and checks them against the work it did: a kernel that polls at
  least every 2**14 units of work makes at least ``units // 2**14`` polls (``count_polls``);
* makes poll k act as Ctrl-C, for k from the first poll to the last, and checks that the call
  raises KeyboardInterrupt, releases what it holds (the bit generator's lock) and that the same
  call then gives the same result as before (``check_traps``);
* sends a real SIGINT to a child process once its kernel has polled (a thread of the child
  watches the poll count and signals its own process: no sleeping) and checks that the call
  raises KeyboardInterrupt (``sigint_child``), with only a hang guard of minutes. How many polls
  pass before it stops is not asserted: on a busy machine the watcher may wait for a core while
  the kernel polls on, and the per-poll stop is what check_traps proves;
* runs a CLI command in a child the same way (``cli_child``): status 130, one line ending in
  "interrupted", no traceback.

Child processes are started by ``child_command`` / ``child_env`` only: they import the package the
tests import (so the same helper works for a source checkout and an installed wheel).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from trapcore import _interrupt

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX signals")

#: Units of work between two polls, at most (src/common/signals.pxd's POLL_MASK + 1).
POLL_UNITS = 1 << 14
#: A child that has not answered by then hangs (a bound of minutes, not a latency limit).
HANG_GUARD = 300.0


def child_env() -> dict[str, str]:
    """The environment of a child process: it imports trapcore from where this process did."""
    import trapcore

    root = str(Path(trapcore.__file__).resolve().parents[1])
    path = [root, *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path))


def child_command(code: str) -> list[str]:
    """The command that runs Python ``code`` in a child process."""
    return [sys.executable, "-c", code]


def run_child(code: str, *, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a child process (hang guard HANG_GUARD seconds)."""
    return subprocess.run(
        child_command(code),
        capture_output=True,
        text=True,
        env=child_env(),
        cwd=cwd,
        timeout=HANG_GUARD,
    )


def count_polls(call: Callable[[], Any]) -> tuple[Any, int]:
    """``call()``'s result and the polls it made (over every thread)."""
    _interrupt.trap_poll(0)
    result = call()
    return result, _interrupt.poll_count()


def trapped(call: Callable[[], Any], k: int) -> int:
    """Make the k-th poll act as Ctrl-C; ``call()`` must raise KeyboardInterrupt. Returns the
    polls made (over every thread) by the time it did."""
    _interrupt.trap_poll(k)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        return _interrupt.poll_count()
    finally:
        _interrupt.trap_poll(0)


def same(a: Any, b: Any) -> bool:
    """Equal results: arrays by value, tuples and dataclasses item by item (but for a dataclass's
    ``seconds``, a wall time)."""
    import dataclasses

    import numpy as np

    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        names = [f.name for f in dataclasses.fields(a) if f.name != "seconds"]
        return all(same(getattr(a, k), getattr(b, k)) for k in names)
    return bool(a == b)


def check_traps(
    call: Callable[[], Any],
    units: int,
    *,
    locks: Sequence[Any] = (),
    compare: bool = True,
    threads: int = 1,
) -> int:
    """The checks every long kernel passes: ``call()`` (``units`` units of work, a lower bound,
    shared by ``threads`` threads) polls at least ``units // POLL_UNITS`` times (less one per
    extra thread: each thread's last part-filled stretch); making its first, middle or last
    poll act as Ctrl-C raises KeyboardInterrupt, leaves ``locks`` free, and the same call
    afterwards returns what it returned before (``compare``). Returns the polls counted."""
    expected, polls = count_polls(call)
    assert polls >= max(1, units // POLL_UNITS - (threads - 1)), (polls, units)
    for k in sorted({1, (polls + 1) // 2, polls}):
        trapped(call, k)
        for lock in locks:
            assert lock.acquire(blocking=False), "a lock stayed held after the interrupt"
            lock.release()
        again = call()
        if compare:
            assert same(again, expected)
    return polls


# The child's side of sigint_child: a thread that sends SIGINT to its own process once the
# kernel has polled `START` times (so the signal comes while the kernel runs, whatever the
# machine's speed), then the call; it reports the polls made after the signal.
_CHILD = """
import os, signal, sys, threading
from trapcore import _interrupt
START = {start}
def _watch():
    while _interrupt.poll_count() < START:
        if _kernel_done.wait(0.001):
            return
    _sent.append(_interrupt.poll_count())
    os.kill(os.getpid(), signal.SIGINT)
_kernel_done = threading.Event()
_sent = []
{setup}
print("ready", flush=True)
_interrupt.trap_poll(0)
threading.Thread(target=_watch, daemon=True).start()
try:
{call}
except KeyboardInterrupt:
    print("interrupted", _interrupt.poll_count() - _sent[0] if _sent else -1, flush=True)
    sys.exit(0)
finally:
    _kernel_done.set()
print("finished", flush=True)
"""


def _indent(code: str) -> str:
    return "\n".join("    " + line for line in code.strip().splitlines())


def sigint_child(setup: str, call: str, *, start: int = 3) -> int:
    """Run ``setup``, then ``call`` in a child process, and send the child SIGINT once the call
    has polled ``start`` times. Checks that the call raised KeyboardInterrupt (and nothing else,
    no traceback); returns the polls made after the watcher read the count (over every thread),
    for information."""
    code = _CHILD.format(start=start, setup=setup, call=_indent(call))
    out = run_child(code)
    lines = out.stdout.split()
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr, out.stderr
    assert lines[:2] == ["ready", "interrupted"], out.stdout + out.stderr
    after = int(lines[2])
    assert after >= 0, "the call stopped before the signal"
    print(f"stopped {after} polls after the count was read")
    return after


# The child's side of cli_child: SIGINT once the kernels polled `start` times, or at the
# `write`-th chunk written through the CLI's picture writer (the encoding phase, which does not
# poll: Pillow's own loop answers between chunks).
_CLI = """
import os, signal, sys, threading
from trapcore import _interrupt, cli
START, WRITE = {start}, {write}
def _kill():
    os.kill(os.getpid(), signal.SIGINT)
def _watch():
    while _interrupt.poll_count() < START:
        if _done.wait(0.001):
            return
    _kill()
_done = threading.Event()
if WRITE:
    _init = cli._WriteOnly.__init__
    def _init_counting(self, fh, _n=[0]):
        _init(self, fh)
        def write(data):
            _n[0] += 1
            if _n[0] == WRITE:
                _kill()
            return fh.write(data)
        self.write = write
    cli._WriteOnly.__init__ = _init_counting
else:
    _interrupt.trap_poll(0)
    threading.Thread(target=_watch, daemon=True).start()
try:
    status = cli.main({argv!r})
finally:
    _done.set()
sys.exit(status)
"""


def cli_child(argv: list[str], *, cwd: str, start: int = 3, write: int = 0) -> str:
    """Run ``trapcore ARGV`` in a child process in ``cwd`` and interrupt it (see _CLI); checks
    status 130, stderr's last line "trapcore CMD: interrupted", no traceback, and no file left
    in ``cwd`` but those there before. Returns stderr."""
    before = set(os.listdir(cwd))
    out = run_child(_CLI.format(start=start, write=write, argv=argv), cwd=cwd)
    assert out.returncode == 130, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr, out.stderr
    assert out.stderr.strip().splitlines()[-1] == f"trapcore {argv[0]}: interrupted", out.stderr
    assert set(os.listdir(cwd)) == before, sorted(set(os.listdir(cwd)) ^ before)
    return out.stderr
