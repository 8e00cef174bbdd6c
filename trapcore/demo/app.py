"""The demo window (``trapcore demo``): a notebook with one tab per puzzle, shortcuts, a menu.

The window holds no game logic: blocks and the cat's replies, carving, solving, generating and
checking all happen in the library; the tabs draw, forward clicks and drags, and show what the
library says. Work that can take long runs in a worker thread (the kernels release the GIL).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from trapcore.demo.widgets import BG, Tab

__all__ = ["DemoApp", "NoDisplay", "open_root", "run"]

#: The smallest canvas the window keeps beside the control panel, in pixels.
MIN_CANVAS = (300, 260)

#: The Help menu's "Keys and mouse": (heading, rows of (key or tab, what it does)).
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Keys (every tab)",
        (
            ("Ctrl+N", "new game, maze or puzzle (as the panel's fields say)"),
            ("Ctrl+Z", "undo the last block or path step"),
            ("Ctrl+H", "a hint: the block to play, or Numberlink's next deduction and why"),
            ("Esc", "cancel the work in progress"),
            ("Ctrl+1/2/3", "the Trap the Cat, Maze and Numberlink tabs"),
            ("F1", "this help"),
            ("Ctrl+Q", "quit"),
        ),
    ),
    (
        "Mouse",
        (
            ("Trap the Cat", "click a free cell to block it; the cat replies."),
            ("Maze", "the wheel zooms in and out; a drag moves the zoomed view."),
            (
                "Numberlink",
                "drag from a number to draw its path to the other copy; drag over a path "
                "to redraw it; right-click a path to clear it.",
            ),
        ),
    ),
)

#: The Help menu's "Documentation" text.
DOCS_TEXT = """The documentation of trapcore:
  README.md (in the source and on the package's PyPI page): installing,
    the Python API, the command line, the environments, this demo.
  trapcore --help, and trapcore COMMAND --help for each command.
  help(trapcore.cat), help(trapcore.maze), help(trapcore.numberlink)
    in Python: every function's docstring.
This demo: trapcore demo [--tab cat|maze|numberlink]"""


def keys_table(parent: tk.Misc) -> ttk.Frame:
    """``KEYS`` as a grid: the keys in one column, what they do in the next, lined up."""
    table = ttk.Frame(parent, padding=12)
    r = 0
    for heading, rows in KEYS:
        ttk.Label(table, text=heading, font="TkHeadingFont").grid(
            row=r, column=0, columnspan=2, sticky="w", pady=(6 if r else 0, 2)
        )
        r += 1
        for key, what in rows:
            ttk.Label(table, text=key).grid(row=r, column=0, sticky="nw", padx=(8, 12))
            ttk.Label(table, text=what, wraplength=440, justify="left").grid(
                row=r, column=1, sticky="nw"
            )
            r += 1
    return table


class NoDisplay(RuntimeError):
    """No graphical display is available (or tkinter is missing); the message says which."""


def open_root() -> tk.Tk:
    """A ``tkinter.Tk`` root window, or :class:`NoDisplay` with a one-line reason."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not os.environ.get(
        "DISPLAY"
    ):
        raise NoDisplay("needs a graphical display, and DISPLAY is not set")
    try:
        return tk.Tk(className="trapcore")
    except tk.TclError as exc:
        raise NoDisplay(f"needs a graphical display, and none could be opened ({exc})") from None


def _handler(
    fn: Callable[[], object], result: str | None = None
) -> Callable[[tk.Event[tk.Misc]], str | None]:
    """An event handler that calls ``fn()`` and returns ``result`` (``"break"``: the event goes
    no further)."""

    def handle(event: tk.Event[tk.Misc]) -> str | None:
        fn()
        return result

    return handle


class DemoApp:
    """The demo window: a notebook with one tab per puzzle, shortcuts and a small menu.

    Parameters
    ----------
    root : tkinter.Tk
        The window to fill (made with :func:`open_root`).
    tab : {"cat", "maze", "numberlink"}, optional
        The tab to show first.
    """

    TABS = ("cat", "maze", "numberlink")

    def __init__(self, root: tk.Tk, tab: str | None = None) -> None:
        from trapcore.demo.cat_tab import CatTab
        from trapcore.demo.maze_tab import MazeTab
        from trapcore.demo.numberlink_tab import NumberlinkTab

        self.root = root
        root.title("trapcore demo")
        with contextlib.suppress(tk.TclError):  # pragma: no cover - clam is in every Tk 8.5+
            ttk.Style(root).theme_use("clam")
        root.configure(background=BG)
        self.notebook = ttk.Notebook(root)
        self.notebook.pack(fill="both", expand=True)
        self.cat = CatTab(self)
        self.maze = MazeTab(self)
        self.numberlink = NumberlinkTab(self)
        self.tabs: dict[str, Tab] = {
            "cat": self.cat,
            "maze": self.maze,
            "numberlink": self.numberlink,
        }
        for t in self.tabs.values():
            self.notebook.add(t.frame, text=t.title)
        # every panel as wide as the widest, so the sidebar stays put when the tab changes
        root.update_idletasks()
        widest = max(t.panel.winfo_reqwidth() for t in self.tabs.values())
        for t in self.tabs.values():
            ttk.Frame(t.panel, width=widest, height=0).pack(side="bottom")
        self._menu()
        for seq, fn in (
            ("<Control-n>", self.new),
            ("<Control-N>", self.new),
            ("<Control-z>", self.undo),
            ("<Control-Z>", self.undo),
            ("<Control-h>", self.hint),
            ("<Control-H>", self.hint),
            ("<Control-q>", self.quit),
            ("<Control-Q>", self.quit),
            ("<Escape>", self.cancel),
            ("<F1>", self.show_keys),
        ):
            root.bind(seq, _handler(fn, "break"))
        for i, name in enumerate(self.TABS, 1):
            root.bind(f"<Control-Key-{i}>", _handler(functools.partial(self.select, name)))
        root.protocol("WM_DELETE_WINDOW", self.quit)
        root.minsize(*self.min_size())
        if tab:
            self.select(tab)

    def min_size(self) -> tuple[int, int]:
        """The smallest window that shows every control of every tab, the status line (two
        lines of it, and room for a third) and a canvas of ``MIN_CANVAS``."""
        with self.cat.longest_texts():  # the solver's box at its tallest
            self.root.update_idletasks()
            width = height = 0
            for t in self.tabs.values():
                width = max(width, t.panel.winfo_reqwidth() + 12 + MIN_CANVAS[0])
                height = max(height, max(t.panel.winfo_reqheight() + 8, MIN_CANVAS[1]))
        tabs = 32  # the notebook's tab row and border
        # a third status line of room: at the smallest width a long message wraps onto it
        status = self.cat.status_height() * 3 // 2 + 6
        busy = self.cat.busybar.slot.winfo_reqheight()
        return width + 8, height + tabs + status + busy

    def _menu(self) -> None:
        menu = tk.Menu(self.root)
        game = tk.Menu(menu, tearoff=False)
        game.add_command(label="New", accelerator="Ctrl+N", command=self.new)
        game.add_command(label="Undo", accelerator="Ctrl+Z", command=self.undo)
        game.add_command(label="Cancel", accelerator="Esc", command=self.cancel)
        game.add_separator()
        game.add_command(label="Quit", accelerator="Ctrl+Q", command=self.quit)
        menu.add_cascade(label="Game", menu=game)
        view = tk.Menu(menu, tearoff=False)
        for i, name in enumerate(self.TABS, 1):
            view.add_command(
                label=self.tabs[name].title,
                accelerator=f"Ctrl+{i}",
                command=functools.partial(self.select, name),
            )
        menu.add_cascade(label="View", menu=view)
        help_menu = tk.Menu(menu, tearoff=False)
        help_menu.add_command(label="Keys and mouse", accelerator="F1", command=self.show_keys)
        help_menu.add_command(label="Documentation", command=self.show_docs)
        help_menu.add_separator()
        help_menu.add_command(label="About trapcore", command=self.show_about)
        menu.add_cascade(label="Help", menu=help_menu)
        self.menu = menu
        self.root.configure(menu=menu)

    def show_keys(self) -> None:
        """The Help menu's "Keys and mouse": every shortcut and what the mouse does per tab, in
        two columns (a grid, so the second column lines up in any font)."""
        self._message("Keys and mouse", "", keys_table)

    def show_docs(self) -> None:
        """Where the documentation is (README, ``trapcore --help``, the docstrings)."""
        self._message("Documentation", DOCS_TEXT)

    def show_about(self) -> None:
        from trapcore import __version__

        self._message(
            "About trapcore",
            f"trapcore {__version__}\n\nFast engines for Trap the Cat, perfect mazes and "
            "Numberlink: Cython kernels with a Python API, a command line (trapcore --help), "
            "Gymnasium and PettingZoo environments, and this demo.\n\nMIT licence.",
        )

    def _message(
        self, title: str, text: str, body: Callable[[tk.Toplevel], tk.Widget] | None = None
    ) -> None:
        """A small window with ``text`` (or what ``body(window)`` makes) and a Close button
        (Escape closes it too); kept in ``self.dialog`` so tests and screenshots can find it."""
        old = getattr(self, "dialog", None)
        if old is not None:
            with contextlib.suppress(tk.TclError):
                old.destroy()
        win = tk.Toplevel(self.root)
        win.title(title)
        win.configure(background=BG)
        win.transient(self.root)
        if body is None:
            shown: tk.Widget = ttk.Label(win, text=text, justify="left", padding=12, wraplength=640)
        else:
            shown = body(win)
        shown.pack(fill="both", expand=True)
        close = ttk.Button(win, text="Close", command=win.destroy)
        close.pack(pady=(0, 10))
        win.bind("<Escape>", _handler(win.destroy, "break"))
        close.focus_set()
        self.dialog = win

    def select(self, name: str) -> None:
        """Show the tab ``name`` (one of ``TABS``)."""
        if name not in self.tabs:
            raise ValueError(f"tab must be one of {', '.join(self.TABS)}, got {name!r}")
        # typeshed leaves ttk.Notebook.select unannotated
        self.notebook.select(self.tabs[name].frame)  # type: ignore[no-untyped-call]

    @property
    def current(self) -> Tab:
        tab_id = self.notebook.select()  # type: ignore[no-untyped-call]  # as in select
        frame = self.root.nametowidget(tab_id)
        return next(t for t in self.tabs.values() if t.frame is frame)

    def new(self) -> None:
        self.current.new()

    def undo(self) -> None:
        self.current.undo()

    def hint(self) -> None:
        # in a text field Ctrl+H is also Tk's backspace: it keeps to that there
        try:
            focus = self.root.focus_get()
        except (KeyError, tk.TclError):  # a combobox's list has no tkinter widget
            focus = None
        if not isinstance(focus, (tk.Entry, ttk.Entry)):
            self.current.hint()

    def cancel(self) -> None:
        self.current.cancel()

    def quit(self) -> None:
        for t in self.tabs.values():
            t.close()
        self.root.destroy()


def run(tab: str | None = None) -> int:
    """Open the demo window and run it until it is closed; 130 after Ctrl+C in the terminal.
    Raises :class:`NoDisplay` without a display."""
    root = open_root()
    DemoApp(root, tab=tab)
    try:
        root.mainloop()
    except KeyboardInterrupt:
        with contextlib.suppress(tk.TclError):
            root.destroy()
        return 130
    return 0
