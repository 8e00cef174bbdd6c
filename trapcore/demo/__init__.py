"""The tkinter demo window: one tab per puzzle (``trapcore demo``, ``python -m trapcore.demo``).

``app`` holds the window, ``widgets`` what the tabs share (the worker-thread task, the busy bar),
``cat_tab``, ``maze_tab`` and ``numberlink_tab`` one tab each (``numberlink_hint`` the Numberlink
hint's logic), ``cli`` the command line.
Importing this package needs tkinter (``trapcore demo`` says so in one line when it is missing);
:class:`DemoApp` needs a display.
"""

from trapcore.demo.app import DemoApp, NoDisplay, open_root, run

__all__ = ["DemoApp", "NoDisplay", "open_root", "run"]
