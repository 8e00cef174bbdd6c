"""Progress lines for the command line: a bar with an ETA for counted work, a timer for the rest.

Both draw on one terminal line (``\\r``) and only when told to (the commands draw them only when
stderr is a terminal, or with ``--progress``), never before ``delay`` seconds have passed (a quick
run shows nothing), and at most ten times a second. Each leaves the line clean when done, so the
command's own output is not mixed with a half-drawn bar.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

__all__ = ["Bar", "bar", "timer", "eta_text"]

_WIDTH = 30
_EVERY = 0.1  # seconds between redraws
#: Seconds of work before a line appears (a quick run shows none); tests set it to 0.
DELAY = 0.5


def eta_text(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a time left."""
    s = max(0, round(seconds))
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class Bar:
    """A callable ``bar(done, total)``: a bar, ``done/total`` and an ETA on ``stream``.

    ``keep=True`` ends the last drawing with a newline (a table of runs keeps one finished bar per
    row); otherwise :meth:`close` wipes the line. ``unit`` follows the counts (``"games"``); with
    ``unit=None`` the counts are shown as a percentage (a kernel's internal steps mean nothing to
    a user).
    """

    def __init__(
        self,
        label: str,
        stream: IO[str],
        *,
        delay: float = 0.0,
        keep: bool = False,
        unit: str | None = None,
    ) -> None:
        self.label = label
        self.stream = stream
        self.delay = delay
        self.keep = keep
        self.unit = unit
        self.start = time.perf_counter()
        self._last = -1.0
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        finished = done >= total
        if now - self.start < self.delay and not (finished and self._drawn):
            return
        if not finished and now - self._last < _EVERY:
            return
        self._last = now
        filled = _WIDTH * min(done, total) // max(total, 1)
        count = f"{done}/{total}" if self.unit else f"{100 * min(done, total) // max(total, 1)}%"
        eta = ""
        if 0 < done < total:
            eta = f" ETA {eta_text((now - self.start) * (total - done) / done)}"
        line = f"{self.label:<22} [{'#' * filled}{'.' * (_WIDTH - filled)}] {count}{eta}"
        self.stream.write(f"\r{line:<70}")
        self._drawn = True
        if finished and self.keep:
            self.stream.write("\n")
            self._drawn = False
        self.stream.flush()

    def close(self) -> None:
        """Wipe the line if something is still drawn on it."""
        if self._drawn:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()
            self._drawn = False


@contextmanager
def timer(label: str, stream: IO[str] | None, *, delay: float | None = None) -> Iterator[None]:
    """While the block runs, show ``label`` and the seconds spent on it (for work whose size is not
    known ahead, such as encoding a picture). A thread redraws the line; the block's own code may
    hold the GIL for a while, so the clock may pause, but it never lies about the total. With
    ``stream=None`` nothing is shown."""
    if stream is None:
        yield
        return
    start = time.perf_counter()
    wait = DELAY if delay is None else delay
    stop = threading.Event()
    drawn = False

    def tick() -> None:
        nonlocal drawn
        if stop.wait(wait):
            return
        while not stop.is_set():
            stream.write(f"\r{label} {time.perf_counter() - start:5.1f} s".ljust(70))
            stream.flush()
            drawn = True
            stop.wait(0.2)

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        if drawn:
            stream.write("\r" + " " * 70 + "\r")
            stream.flush()


@contextmanager
def bar(label: str, stream: IO[str] | None, *, delay: float | None = None) -> Iterator[Bar | None]:
    """A :class:`Bar` (in percent) for the block, wiped at its end; ``None`` when ``stream`` is
    ``None`` (pass it on as the ``progress`` argument either way)."""
    if stream is None:
        yield None
        return
    b = Bar(label, stream, delay=DELAY if delay is None else delay)
    try:
        yield b
    finally:
        b.close()
