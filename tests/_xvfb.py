"""A private Xvfb X server for the demo's GUI tests and for making the README screenshots.

In tests::

    from _xvfb import XvfbUnavailable, xvfb_display
    with xvfb_display() as display:   # ":N", also put in os.environ["DISPLAY"]
        ...

From the shell (runs a command with DISPLAY pointing at a fresh server, then stops it)::

    python tests/_xvfb.py python tools/demo_screenshots.py docs/images
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time


class XvfbUnavailable(RuntimeError):
    """No X server could be started (Xvfb missing, or it failed); the message says why."""


class Xvfb:
    """An Xvfb process on a display number the server picks itself (``-displayfd``), so
    parallel runs never race for the same number."""

    def __init__(self, width: int = 1280, height: int = 900, depth: int = 24):
        self.size = (width, height, depth)
        self.proc: subprocess.Popen | None = None
        self.display: str | None = None
        self._log = None

    def start(self, timeout: float = 120.0) -> str:  # a hang guard: Xvfb starts in a second
        exe = shutil.which("Xvfb")
        if exe is None:
            raise XvfbUnavailable("Xvfb is not installed (apt-get install -y xvfb xdotool xauth)")
        width, height, depth = self.size
        read_fd, write_fd = os.pipe()
        self._log = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(
                [
                    exe,
                    "-displayfd",
                    str(write_fd),
                    "-screen",
                    "0",
                    f"{width}x{height}x{depth}",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                pass_fds=(write_fd,),
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
            )
        finally:
            os.close(write_fd)
        data = b""
        deadline = time.monotonic() + timeout
        try:
            while not data.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    break
                ready, _, _ = select.select([read_fd], [], [], left)
                if not ready:
                    break
                chunk = os.read(read_fd, 64)
                if not chunk:
                    break
                data += chunk
        finally:
            os.close(read_fd)
        if not data.strip().isdigit():
            self.stop()
            raise XvfbUnavailable(f"Xvfb did not start: {self._tail()}")
        self.display = f":{int(data)}"
        return self.display

    def _tail(self) -> str:
        if self._log is None:
            return "(no log)"
        self._log.seek(0)
        text = self._log.read().decode(errors="replace").strip().splitlines()
        return " | ".join(text[-3:]) or "(no output)"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None


@contextlib.contextmanager
def xvfb_display(width: int = 1280, height: int = 900):
    """Start Xvfb, point ``DISPLAY`` at it for the duration, then stop it and restore
    ``DISPLAY``. Raises :class:`XvfbUnavailable` when no server can be started."""
    server = Xvfb(width, height)
    display = server.start()
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = display
    try:
        yield display
    finally:
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
        server.stop()


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        with xvfb_display():
            return subprocess.call(argv)
    except XvfbUnavailable as exc:
        print(f"_xvfb: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
