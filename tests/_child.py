"""Child Pythons for the tests: they import the trapcore this process imported (the installed
wheel under ``pytest --installed``, never the folder they start in) and can import the helpers of
tests/ (``reference``, ``fuzz``...).

    proc = subprocess.Popen(python("-c", code), env=env(), ...)
    out = run("-m", "trapcore", "maze", "5", "5")      # a CompletedProcess, text, captured

A timeout in a test is a hang guard, never a verdict: _suite.HANG_GUARD seconds (minutes).
"""

from __future__ import annotations

import os
import pathlib
import signal
import site
import subprocess
import sys

from _suite import HANG_GUARD

#: tests/ (put on the child's PYTHONPATH, as pytest puts it on sys.path)
TESTS = pathlib.Path(__file__).resolve().parent


def trapcore_home() -> str:
    """The folder holding the trapcore package this process imported, if a child would not find
    it there by itself (its site-packages it finds), else ''."""
    import trapcore

    home = pathlib.Path(trapcore.__file__).resolve().parents[1]
    known = {pathlib.Path(p).resolve() for p in site.getsitepackages()}
    return "" if home in known else str(home)


def env(**extra: str) -> dict[str, str]:
    """os.environ for a child Python: PYTHONPATH puts this process's trapcore first (unless it is
    installed in site-packages), then tests/;
    PYTHONSAFEPATH keeps the child's working folder off its sys.path (Python 3.11+)."""
    parts = [trapcore_home(), str(TESTS), os.environ.get("PYTHONPATH", "")]
    out = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in parts if p), PYTHONSAFEPATH="1")
    out.update(extra)
    return out


def default_signals() -> None:
    """A ``preexec_fn`` for children that a test ends by SIGTERM or SIGHUP: their default action,
    whatever this process inherited (under ``nohup`` SIGHUP is ignored, and a child would inherit
    that, rightly keep writing, and exit 0)."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def python(*args: str) -> list[str]:
    """The argv of a child running this Python with ``args``."""
    return [sys.executable, *map(str, args)]


def run(*args, timeout: float = HANG_GUARD, **kwargs) -> subprocess.CompletedProcess:
    """Run ``python *args`` to its end (text, output captured, env from :func:`env`)."""
    kwargs.setdefault("env", env())
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    return subprocess.run(python(*args), timeout=timeout, check=False, **kwargs)
