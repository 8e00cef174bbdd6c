"""Runs fuzz cases in a child process (tests/fuzz/_worker.py) so that a crash or a hang is a
test failure, not the end of the run. The child is restarted after it dies or times out."""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess

from _child import env, python
from fuzz._worker import Arr  # noqa: F401 (re-exported for the tests)

#: Seconds one case may take before it counts as a hang: a hang guard of minutes, never a verdict
#: on speed (cases bound their cost by budgets; a busy machine only makes them slower).
CASE_TIMEOUT = float(os.environ.get("TRAPCORE_FUZZ_TIMEOUT", 120))

#: Exceptions any public call may raise for bad input.
CLEAN = ("ValueError", "TypeError")


class Outcome:
    """What one case did: ``kind`` is "ok", "raised", "crashed" or "hung"."""

    def __init__(self, kind, type_name=None, mro=(), message=""):
        self.kind, self.type_name, self.mro, self.message = kind, type_name, tuple(mro), message

    def allowed(self, extra=()) -> bool:
        if self.kind == "ok":
            return True
        if self.kind != "raised":
            return False
        return any(name in self.mro for name in CLEAN + tuple(extra))

    def __repr__(self):
        return f"<Outcome {self.kind} {self.type_name}: {self.message[:200]}>"


class Worker:
    """One child process; :meth:`run` sends a case and waits for the answer."""

    def __init__(self):
        self.proc = None

    def _start(self):
        self.proc = subprocess.Popen(
            python("-m", "fuzz._worker"),
            env=env(),  # the trapcore this process imported, and tests/ for fuzz._worker
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        ready = self._read(CASE_TIMEOUT)
        if ready != ("ready",):
            raise RuntimeError(f"the fuzz worker did not start: {ready!r}")

    def _read_exact(self, n, timeout):
        fd = self.proc.stdout.fileno()
        chunks, got = [], 0
        while got < n:
            r, _, _ = select.select([fd], [], [], timeout)
            if not r:
                return None
            chunk = os.read(fd, n - got)
            if not chunk:
                return b""
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)

    def _read(self, timeout):
        head = self._read_exact(8, timeout)
        if not head:
            return head
        (n,) = struct.unpack("<Q", head)
        return pickle.loads(self._read_exact(n, timeout))

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def run(self, target: str, *args, timeout: float = CASE_TIMEOUT, **kwargs) -> Outcome:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        data = pickle.dumps((target, args, kwargs))
        try:
            self.proc.stdin.write(struct.pack("<Q", len(data)) + data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.kill()
            return Outcome("crashed", message="the worker was gone before the case")
        answer = self._read(timeout)
        if answer is None:
            self.kill()
            return Outcome("hung", message=f"no answer within {timeout} s")
        if not answer:
            code = self.proc.wait()
            self.proc = None
            return Outcome("crashed", message=f"the worker died with status {code}")
        if answer[0] == "ok":
            return Outcome("ok", answer[1])
        return Outcome("raised", answer[1], answer[2], answer[3])


_WORKER = Worker()


def run(target: str, *args, **kwargs) -> Outcome:
    """Run ``targets.<target>(*args, **kwargs)`` in the shared child process."""
    return _WORKER.run(target, *args, **kwargs)


def check(target: str, *args, extra=(), **kwargs) -> Outcome:
    """Run a case and assert that it ended in an allowed way (success, ValueError, TypeError or
    one of ``extra``); return the outcome."""
    out = run(target, *args, **kwargs)
    assert out.allowed(extra), f"{target}{args!r:.300} {kwargs!r:.200} -> {out!r}"
    return out
