"""Fixtures for the demo's GUI tests: a private Xvfb, the window, helpers that drive it (the
``ui`` fixture) and the screenshot script from tools/ (the ``shots`` fixture)."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pathlib
import time
import types

import pytest

tk = pytest.importorskip("tkinter", reason="this Python has no tkinter")
import _suite  # noqa: E402
from _suite import HANG_GUARD  # noqa: E402
from _xvfb import Xvfb, XvfbUnavailable  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def display():
    """A private Xvfb for the session (DISPLAY set while it runs), or the session's display."""
    server = Xvfb(1280, 900)
    old = os.environ.get("DISPLAY")
    try:
        name = server.start()
    except XvfbUnavailable as exc:
        if not old:
            pytest.skip(f"no X server for the GUI tests: {exc}, and DISPLAY is not set")
        name = old
        server = None
    os.environ["DISPLAY"] = name
    try:
        yield name
    finally:
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
        if server is not None:
            server.stop()


def pump(root, seconds: float = 0.03) -> None:
    """Run the event loop for at least ``seconds``, then until no redraw is pending (so what the
    test reads next is drawn however busy the machine)."""
    end = time.monotonic() + seconds
    while True:
        root.update()
        if time.monotonic() >= end:
            break
        time.sleep(0.005)
    settle(root)


def wait_for(root, cond, timeout: float = HANG_GUARD) -> None:
    """Run the event loop until ``cond()``; fail after ``timeout`` seconds (a hang guard of
    minutes: a busy machine only makes the wait longer, never fails it)."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the window")
        root.update()
        time.sleep(0.005)


def settle(root) -> None:
    """Run the event loop until every tab's pending redraw (scheduled on a resize) is drawn."""
    root.update_idletasks()
    root.update()
    tabs = [t for t in getattr(root, "_trapcore_tabs", ()) if hasattr(t, "_redraw_job")]
    wait_for(root, lambda: all(t._redraw_job is None for t in tabs))
    root.update_idletasks()


def resize(root, size: str) -> None:
    """Give the window ``size`` ("WxH", no smaller than its minimum) and run the event loop until
    it has that size and has redrawn: waiting on the window's state, not for a time."""
    w, h = (int(v) for v in size.split("+")[0].split("x"))
    least_w, least_h = root.wm_minsize()
    want = (max(w, least_w), max(h, least_h))
    root.geometry(size)
    wait_for(root, lambda: (root.winfo_width(), root.winfo_height()) == want)
    settle(root)


def click(widget, x, y, button=1) -> None:
    """A press and release of ``button`` at ``(x, y)`` of ``widget``."""
    widget.event_generate(f"<ButtonPress-{button}>", x=x, y=y)
    widget.event_generate(f"<ButtonRelease-{button}>", x=x, y=y)
    widget.update()


def load_tool(name: str):
    """A module of tools/ (not a package), loaded from its file."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def shots():
    """tools/demo_screenshots.py: grab_window, save_screenshots, drag, solution_walk..."""
    return load_tool("demo_screenshots")


@pytest.fixture
def ui():
    """The helpers that drive the window: pump, wait_for, click."""
    return types.SimpleNamespace(
        pump=pump, wait_for=wait_for, click=click, resize=resize, settle=settle
    )


@pytest.fixture
def demo(display):
    from trapcore import demo

    return demo


@pytest.fixture
def app(demo):
    try:
        root = demo.open_root()
    except demo.NoDisplay as exc:
        pytest.skip(f"no X display: {exc}")
    root.geometry("900x640+0+0")
    a = demo.DemoApp(root)
    root._trapcore_tabs = list(a.tabs.values())  # for settle()
    if _suite.FULL:
        pump(root, 0.1)
    else:  # the quick run waits for the window's size and its redraws, not for a time
        resize(root, "900x640+0+0")
    yield a
    for t in a.tabs.values():
        t.close()
    with contextlib.suppress(tk.TclError):
        root.destroy()
