"""A tkinter window that shows RGB frames: the ``human`` render mode of every trapcore env."""

from __future__ import annotations

import numpy as np

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


class Screen:
    """What an env's ``render`` does with a frame: hand it back (``rgb_array``) or show it in a
    :class:`Viewer` opened on first use (``human``); :meth:`close` closes that window."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._viewer: Viewer | None = None

    def present(self, frame: np.ndarray, mode: str | None) -> np.ndarray | None:
        if mode != "human":
            return frame
        if self._viewer is None:
            self._viewer = Viewer(self.title)
        self._viewer.show(frame)
        return None

    def close(self) -> None:
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None
