"""Helpers for the CLI tests (tests/cli): run ``python -m trapcore ...`` in a subprocess, or
``trapcore.cli.main`` in this process (the quick run's error-message checks)."""

import contextlib
import io
import os
import re
import subprocess
import sys

import _suite
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


def run_here(*args, input=None, cwd=None):
    """``trapcore ARGS`` by ``trapcore.cli.main`` in this process, its stdin, stdout and stderr
    captured and its working folder ``cwd``: a CompletedProcess as ``run`` gives, without a
    Python to start (what the process adds, the entry point and its exit, ``run`` tests)."""
    from trapcore import cli

    out, err = io.StringIO(), io.StringIO()
    here, stdin = os.getcwd(), sys.stdin
    argv = [str(a) for a in args]
    try:
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin = io.StringIO(input or "")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as e:  # argparse's errors
                status = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = stdin
        os.chdir(here)
    return subprocess.CompletedProcess(["trapcore", *argv], status, out.getvalue(), err.getvalue())


def run_quick(*args, input=None, cwd=None):
    """``run`` under --full, ``run_here`` in the quick run."""
    if _suite.FULL:
        return run(*args, input=input, cwd=cwd)
    return run_here(*args, input=input, cwd=cwd)


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
