"""Helpers for the CLI tests (tests/cli): run ``python -m trapcore ...`` in a subprocess."""

import os
import re
import subprocess
import sys

from _suite import HANG_GUARD


def run(*args, input=None, env=None, cwd=None, timeout=HANG_GUARD):
    """Run ``trapcore ARGS``; return the CompletedProcess (text)."""
    full_env = dict(os.environ)
    full_env.pop("TRAPCORE_DEBUG", None)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "trapcore", *map(str, args)],
        input=input,
        capture_output=True,
        text=True,
        env=full_env,
        cwd=cwd,
        timeout=timeout,
    )


def assert_clean_error(proc, *words):
    """Status 2, one line on stderr, no traceback, containing each of ``words``."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-500:], proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [
        ln
        for ln in proc.stderr.splitlines()
        if ln.strip() and not re.search(r": seed \d+ \(--seed", ln)
    ]
    assert len(lines) == 1, proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]
