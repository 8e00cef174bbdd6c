"""``trapcore demo`` (loaded by trapcore.cli) and ``python -m trapcore.demo``: open the window.

The window is imported only when the command runs, so ``trapcore --help`` works on a Python
without tkinter. Without a display the command prints one line saying so (and suggesting
``trapcore cat``) and exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

NO_DISPLAY = 1
TABS = ("cat", "maze", "numberlink")
_DESCRIPTION = (
    "Open the tkinter demo window: one tab per puzzle (Trap the Cat, mazes, "
    "Numberlink). Keys: Ctrl+N new, Ctrl+Z undo, Esc cancel, Ctrl+Q quit, Ctrl+1..3 "
    "tabs. Needs a graphical display; for the terminal game use `trapcore cat`."
)


def _add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tab", choices=TABS, default=None, help="the tab to open first (default: cat)")
    p.set_defaults(func=run)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``demo`` subcommand to ``subparsers``."""
    p = subparsers.add_parser(
        "demo",
        help="open the demo window: play all three puzzles, watch the engines work",
        description=_DESCRIPTION,
    )
    _add_options(p)


def run(args: argparse.Namespace) -> int:
    """Handler: open the window; without a display (or tkinter) print one line, return 1."""
    try:
        from trapcore.demo import app
    except ImportError as exc:  # pragma: no cover - a Python built without Tk
        print(
            f"trapcore demo: needs tkinter, which this Python lacks ({exc}; on Debian/Ubuntu: "
            "apt-get install python3-tk); try `trapcore cat` to play Trap the Cat in the "
            "terminal.",
            file=sys.stderr,
        )
        return NO_DISPLAY
    try:
        return app.run(tab=args.tab)
    except app.NoDisplay as exc:
        print(
            f"trapcore demo: {exc}; try `trapcore cat` to play Trap the Cat in the terminal.",
            file=sys.stderr,
        )
        return NO_DISPLAY


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m trapcore.demo [--tab TAB]``."""
    parser = argparse.ArgumentParser(prog="python -m trapcore.demo", description=_DESCRIPTION)
    _add_options(parser)
    return run(parser.parse_args(argv))
