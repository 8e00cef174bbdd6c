"""A tkinter window that shows RGB frames: the ``human`` render mode of every trapcore env.

On a machine with no display (a training server, CI: no ``$DISPLAY`` on X11, no Tk) ``human``
falls back to drawing nothing: the first frame logs one warning (logger ``trapcore.envs``)
and the env goes on, so Gymnasium's
``check_env`` and PettingZoo's ``render_test``, which make each env in every declared render mode,
pass headless.
"""

from __future__ import annotations

import logging
import os
import sys

import numpy as np

# a log record, not a warning: `-W error` (or pytest's filterwarnings) must not turn a headless
# machine's fallback into a failure of check_env
_log = logging.getLogger("trapcore.envs")

__all__ = ["Screen", "Viewer"]


class Viewer:
    """One window; :meth:`show` replaces its picture with an ``uint8`` (h, w, 3) frame."""

    def __init__(self, title: str) -> None:
        import tkinter as tk

        self._root = tk.Tk()
        self._root.title(title)
        self._label = tk.Label(self._root)
        self._label.pack()
        self._photo: tk.PhotoImage | None = None

    def show(self, frame: np.ndarray) -> None:
        import tkinter as tk

        h, w = frame.shape[:2]
        ppm = b"P6 %d %d 255\n" % (w, h) + np.ascontiguousarray(frame, dtype=np.uint8).tobytes()
        self._photo = tk.PhotoImage(master=self._root, data=ppm, format="PPM")
        self._label.configure(image=self._photo)
        self._root.update()

    def close(self) -> None:
        self._root.destroy()


def no_display_reason() -> str | None:
    """Why no window can open here (``"no $DISPLAY"``, ``"no tkinter"``), or None if one may."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            return "no display ($DISPLAY is not set)"
    try:
        import tkinter  # noqa: F401
    except ImportError:
        return "no tkinter"
    return None


class Screen:
    """What an env's ``render`` does with a frame: hand it back (``rgb_array``) or show it in a
    :class:`Viewer` opened on first use (``human``); :meth:`close` closes that window."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._viewer: Viewer | None = None
        self._headless = False

    def present(self, frame: np.ndarray, mode: str | None) -> np.ndarray | None:
        if mode != "human":
            return frame
        if self._headless:
            return None
        if self._viewer is None:
            reason = no_display_reason()
            if reason is None:
                try:
                    self._viewer = Viewer(self.title)
                except Exception as exc:  # tkinter.TclError: the display refused the window
                    reason = f"{type(exc).__name__}: {exc}"
            if self._viewer is None:
                self._headless = True
                _log.warning(
                    "%s: render_mode='human' shows no window here (%s); frames are dropped "
                    "(render_mode='rgb_array' returns them)",
                    self.title,
                    reason,
                )
                return None
        self._viewer.show(frame)
        return None

    def close(self) -> None:
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None
