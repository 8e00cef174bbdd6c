"""Ctrl-C latency of a kernel, measured from outside: the interrupt tests of every puzzle use it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX signals")


def interrupt_latency(setup: str, call: str, *, after: float = 0.4) -> float:
    """Run ``setup`` then ``call`` in a child process and send it SIGINT ``after`` seconds into
    ``call``; return the seconds until the child reports the KeyboardInterrupt. Fails the test if
    the call finished first or ended any other way."""
    code = (
        setup
        + f"""
import sys
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(after)  # well inside the kernel
        assert proc.poll() is None, "the kernel finished before the signal"
        t0 = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        line = proc.stdout.readline().strip()
        latency = time.perf_counter() - t0
        assert line == "interrupted", line
        return latency
    finally:
        proc.kill()
        proc.wait()
