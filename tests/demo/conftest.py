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
    """Run the event loop for ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        root.update()
        if time.monotonic() >= end:
            return
        time.sleep(0.005)


def wait_for(root, cond, timeout: float = 30.0) -> None:
    """Run the event loop until ``cond()``; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the window")
        root.update()
        time.sleep(0.005)


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
    return types.SimpleNamespace(pump=pump, wait_for=wait_for, click=click)


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
    pump(root, 0.1)
    yield a
    for t in a.tabs.values():
        t.close()
    with contextlib.suppress(tk.TclError):
        root.destroy()
