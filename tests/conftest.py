"""Shared test configuration: the quick run and the full run, hypothesis profiles, the outside
puzzle sets, and a guard for testing an installed trapcore.

- ``pytest`` (the README's command) is the quick run: every module, with fewer hypothesis
  examples (a quarter of each test's count, at least 5) and the fewer seeds that tests size with
  tests/_suite.py; the tests marked ``slow`` are left out (deselected, and said so at the end).
- ``pytest --full`` (CI) runs everything at full size: the slow tests (games from the cached
  proven cat starts, the full GUI runs, subprocess fuzzing at full size...) and every example.
  ``-m slow`` runs the slow tests alone.
- ``HYPOTHESIS_PROFILE=thorough`` (releases) raises hypothesis's default to 1000 examples.
- ``pytest --installed`` tests the installed trapcore (a wheel): it stops at once if trapcore
  would come from this checkout, and child processes import what this process imports.

No test decides on wall-clock time: costs are bounded by counting nodes, steps or polls, and a
timeout in a test is a hang guard of minutes (tests/_suite.py's HANG_GUARD).
"""

from __future__ import annotations

import math
import os
import pathlib
import signal

import _suite
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

MARKERS = [
    "slow: long tests (games from the cached proven cat starts, full GUI runs, fuzzing at full "
    "size...): left out of the quick run; `pytest --full` (CI) or `-m slow` runs them",
    "gui: tests that need an X display (a private Xvfb when installed)",
    "shared_puzzles: reads the outside puzzle sets (skipped, and counted, when they are absent)",
]

#: The quick run's share of a hypothesis test's examples (and the least it runs).
QUICK_SHARE, QUICK_LEAST = 4, 5


def pytest_addoption(parser):
    group = parser.getgroup("trapcore")
    group.addoption(
        "--full",
        action="store_true",
        default=os.environ.get("TRAPCORE_FULL_TESTS", "") not in ("", "0"),
        help="run everything at full size: the tests marked slow, every hypothesis example and "
        "seed (CI; also TRAPCORE_FULL_TESTS=1). Without it, pytest runs the quick suite.",
    )
    group.addoption(
        "--installed",
        action="store_true",
        help="test the installed trapcore (a wheel): refuse to run if trapcore would be imported "
        "from this checkout; run it from outside the checkout (cd /tmp && pytest --installed "
        "CHECKOUT/tests)",
    )


def _selects_slow(config) -> bool:
    return "slow" in (config.getoption("markexpr", "") or "")


def pytest_configure(config):
    known = {line.split(":")[0] for line in config.getini("markers")}
    for line in MARKERS:  # when pyproject.toml is not there (a copy of tests/ elsewhere)
        if line.split(":")[0] not in known:
            config.addinivalue_line("markers", line)
    _suite.FULL = bool(config.getoption("full"))
    # a run started in the background (`pytest &`, some CI runners) inherits SIGINT ignored: Python
    # then never raises KeyboardInterrupt, and the Ctrl-C tests, here and in the children (who
    # inherit the disposition), would wait for a kernel that is never told to stop
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # children import the trapcore their parent imports, never the folder they start in
    os.environ["PYTHONSAFEPATH"] = "1"
    if config.getoption("installed"):
        _check_installed()


def _check_installed() -> None:
    here = pathlib.Path.cwd().resolve()
    if here == _suite.ROOT or _suite.ROOT in here.parents:
        raise pytest.UsageError(
            f"--installed: run pytest from outside the checkout ({_suite.ROOT}); in it, a child "
            "Python would import its trapcore folder"
        )
    import trapcore

    where = pathlib.Path(trapcore.__file__).resolve()
    if _suite.ROOT in where.parents:
        raise pytest.UsageError(f"--installed: trapcore was imported from the checkout: {where}")


def pytest_report_header(config):
    import trapcore

    mode = "full (--full)" if _suite.FULL else "quick (pytest --full runs everything)"
    return [
        f"trapcore {trapcore.__version__} from {os.path.dirname(trapcore.__file__)}",
        f"run: {mode}; hypothesis profile {settings._current_profile}",
    ]


def _scale_hypothesis(item) -> None:
    """In the quick run, a hypothesis test runs a quarter of its examples (at least 5)."""
    fn = getattr(item, "obj", None)
    fn = getattr(fn, "__func__", fn)  # a method's function
    inner = getattr(fn, "hypothesis", None)
    own = getattr(fn, "_hypothesis_internal_use_settings", None)
    if inner is None or own is None:
        return
    quick = max(QUICK_LEAST, math.ceil(own.max_examples / QUICK_SHARE))
    if quick < own.max_examples:
        fn._hypothesis_internal_use_settings = settings(own, max_examples=quick)


def pytest_collection_modifyitems(config, items):
    if not _suite.PUZZLES.is_dir():
        skip = pytest.mark.skip(reason=f"the outside puzzle sets are absent ({_suite.PUZZLES})")
        for item in items:
            if item.get_closest_marker("shared_puzzles"):
                item.add_marker(skip)
    if _suite.FULL:
        _slow_first(items)
        return
    seen = set()
    for item in items:
        fn = getattr(item, "obj", None)
        fn = getattr(fn, "__func__", fn)
        if id(fn) not in seen:
            seen.add(id(fn))
            _scale_hypothesis(item)
    if _selects_slow(config):
        return
    keep, slow = [], []
    for item in items:
        (slow if item.get_closest_marker("slow") else keep).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = keep
        config.stash[_SLOW] = slow


#: Under --full the slow tests run first, these files' first of all: they take minutes each, and
#: started last they would leave the other pytest-xdist workers idle at the end of the run.
LONGEST = ("test_cat_strength.py",)


def _slow_first(items) -> None:
    """Order ``items`` (stable): the tests in LONGEST, then the other slow ones, then the rest."""

    def rank(item) -> int:
        if item.get_closest_marker("slow") is None:
            return 2
        return 0 if item.path.name in LONGEST else 1

    items.sort(key=rank)


_SLOW = pytest.StashKey[list]()


def _left_out(slow) -> str:
    """What the full run adds, by folder of tests: ``cat 40, demo 12, ...``."""
    folders: dict[str, int] = {}
    for item in slow:
        parts = pathlib.Path(str(item.path)).parts
        after = parts[parts.index("tests") + 1 :] if "tests" in parts else parts[-1:]
        folder = after[0] if len(after) > 1 else after[0].removesuffix(".py")
        folders[folder] = folders.get(folder, 0) + 1
    return ", ".join(f"{k} {v}" for k, v in sorted(folders.items(), key=lambda kv: -kv[1]))


#: The summary line's word for the tests skipped because the outside puzzle sets are absent.
NO_PUZZLES = "skipped without the puzzle sets"


def pytest_report_teststatus(report, config):
    if report.skipped and "shared_puzzles" in report.keywords:
        return NO_PUZZLES, "s", "SKIPPED (no puzzle sets)"
    return None


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    lines = []
    slow = config.stash.get(_SLOW, [])
    if slow:
        lines.append(
            f"quick run: {len(slow)} slow tests left out ({_left_out(slow)}), and fewer seeds "
            f"and hypothesis examples; `pytest --full` (CI) adds them: the games from the proven "
            "cat starts, the full GUI runs, the fuzzing at full size"
        )
    missing = len(terminalreporter.stats.get(NO_PUZZLES, []))
    if missing:
        lines.append(
            f"{missing} tests skipped: the outside puzzle sets are not at {_suite.PUZZLES} "
            "(TRAPCORE_PUZZLES=DIR names another folder)"
        )
    if lines:
        terminalreporter.section("trapcore", sep="-")
        for line in lines:
            terminalreporter.write_line(line)
