"""``trapcore demo``: open the tkinter demo window (one tab per puzzle); loaded by trapcore.cli.

The window itself lives in :mod:`trapcore.demo`, imported only when the command runs, so
``trapcore --help`` works on a Python without tkinter. Without a display the command prints
one line saying so (and suggesting ``trapcore cat``) and exits with status 1.
"""
from __future__ import annotations

import sys

NO_DISPLAY = 1


def add_parser(subparsers) -> None:
    """Add the ``demo`` subcommand to ``subparsers``."""
    p = subparsers.add_parser(
        "demo",
        help="open the demo window: play all three puzzles, watch the engines work",
        description="Open the tkinter demo window: one tab per puzzle (Trap the Cat, mazes, "
                    "Numberlink). Keys: Ctrl+N new, Ctrl+Z undo, Esc cancel, Ctrl+Q quit. "
                    "Needs a graphical display; for the terminal game use `trapcore cat`.",
    )
    p.add_argument("--tab", choices=("cat", "maze", "numberlink"), default=None,
                   help="the tab to open first (default: cat)")
    p.add_argument("--screenshots", metavar="DIR", default=None,
                   help="save a PNG of each tab into DIR, then exit (used for the README)")
    p.set_defaults(func=run)


def run(args) -> int:
    """Handler: open the window; without a display (or tkinter) print one line, return 1."""
    try:
        from trapcore import demo
    except ImportError as exc:  # pragma: no cover - a broken install
        print(f"trapcore demo: cannot load the demo window ({exc}); try `trapcore cat` to play "
              "Trap the Cat in the terminal.", file=sys.stderr)
        return NO_DISPLAY
    status = demo.launch(args)
    return NO_DISPLAY if status else 0
