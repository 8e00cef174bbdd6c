"""The test suite's own machinery (tests/conftest.py, _suite.py, _child.py): the quick run leaves
the slow tests out and says so, --full runs them, a missing puzzle folder is counted in the summary
line, and child processes import the trapcore this process imported."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys

import _child
import _suite
import pytest

import trapcore

pytest_plugins = ["pytester"]

INNER = """
import pytest
from hypothesis import given, strategies as st

RUNS = []

@pytest.mark.slow
def test_long():
    pass

@pytest.mark.shared_puzzles
def test_reads_puzzles():
    pass

@given(st.integers())
def test_examples(n):
    RUNS.append(n)

def test_count():
    assert len(RUNS) == {expected}
"""


def _inner(pytester, expected, *args, puzzles="/nonexistent/puzzles"):
    tests = pathlib.Path(__file__).resolve().parent
    for name in ("conftest.py", "_suite.py", "_child.py"):
        pytester.makefile(pathlib.Path(name).suffix, **{name[:-3]: (tests / name).read_text()})
    pytester.makepyfile(test_inner=INNER.format(expected=expected))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TRAPCORE_PUZZLES", puzzles)
        mp.delenv("TRAPCORE_FULL_TESTS", raising=False)
        mp.delenv("HYPOTHESIS_PROFILE", raising=False)
        return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "pytester", *args)


def test_quick_run_leaves_slow_tests_out_and_says_why(pytester):
    out = _inner(pytester, 15)  # the default profile's 60 examples, a quarter of them
    counts = out.parseoutcomes()
    assert counts == {"passed": 2, "deselected": 1, "skipped": 1}, counts
    out.stdout.fnmatch_lines(
        [
            "*1 slow tests left out (test_inner 1), and fewer seeds and hypothesis examples;"
            " `pytest --full` (CI) adds them*",
            "*1 tests skipped: the outside puzzle sets are not at /nonexistent/puzzles*",
            "*1 skipped without the puzzle sets*",
        ]
    )


def test_full_run_runs_everything(pytester):
    out = _inner(pytester, 60, "--full", puzzles=str(pytester.path))
    out.assert_outcomes(passed=4)
    assert "left out" not in out.stdout.str()


def test_full_run_starts_with_the_slow_tests(pytester):
    # the slow tests first (the longest files first of all), each group in its own order, so
    # that the pytest-xdist workers all finish near the same time
    pytester.makepyfile(
        test_a="def test_quick_one(): pass\n\ndef test_quick_two(): pass\n",
        test_cat_strength="import pytest\n\n@pytest.mark.slow\ndef test_longest(): pass\n",
    )
    out = _inner(pytester, 60, "--full", "-v", puzzles=str(pytester.path))
    ran = [ln.split("::")[1].split()[0] for ln in out.outlines if "::test_" in ln and "PASS" in ln]
    assert ran[:2] == ["test_longest", "test_long"], ran
    assert ran.index("test_quick_one") < ran.index("test_quick_two")
    assert ran.index("test_examples") < ran.index("test_count")


def test_children_import_this_processs_trapcore(tmp_path):
    code = "import os, trapcore; print(os.path.realpath(trapcore.__file__))"
    here = os.path.realpath(trapcore.__file__)
    assert _child.run("-c", code, cwd=tmp_path).stdout.strip() == here
    # a plain child, as most tests start one (inherited environment, working folder and all)
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert plain.stdout.strip() == here, plain.stderr


def test_a_hang_guard_is_minutes():
    assert _suite.HANG_GUARD >= 120


@pytest.mark.parametrize("n", [1, 2, 5, 14, 15])
@pytest.mark.parametrize("quick", [1, 2, 4, 7])
def test_sample_spreads_a_fixed_share_and_full_keeps_all(monkeypatch, n, quick):
    items = [f"k{i}" for i in range(n)]
    monkeypatch.setattr(_suite, "FULL", False)
    got = _suite.sample(items, quick)
    assert got == _suite.sample(items, quick)  # the same cases every run
    assert len(got) == min(n, quick) == len(set(got))
    assert got[0] == items[0] and (quick == 1 or got[-1] == items[-1])
    assert [items.index(x) for x in got] == sorted(items.index(x) for x in got)
    monkeypatch.setattr(_suite, "FULL", True)
    assert _suite.sample(items, quick) == items


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_children_ended_by_a_signal_die_of_it_under_nohup():
    # `nohup pytest` (or a runner that ignores SIGHUP) hands the ignored SIGHUP down to every
    # child; the tests that end a child by SIGHUP or SIGTERM reset it in the child
    code = "import os, signal; os.kill(os.getpid(), signal.SIGHUP); print('alive')"
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        inherited = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        reset = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, preexec_fn=_child.default_signals
        )
    finally:
        signal.signal(signal.SIGHUP, old)
    assert inherited.returncode == 0 and inherited.stdout.strip() == "alive"
    assert reset.returncode == -signal.SIGHUP
