"""The tkinter demo window (``trapcore demo``): one tab per puzzle, calling only the public API.

Opened by ``trapcore demo`` (:mod:`trapcore.demo_cli`) and ``python -m trapcore.demo``; driven
by ``tests/test_demo.py`` under Xvfb. The window holds no game logic: blocks and the cat's
replies, carving, solving, generating and checking all happen in the library; this module
draws, forwards clicks and drags, and shows what the library says. Work that can take long
(carving or solving a big maze, generating or solving a Numberlink puzzle, a hint) runs in a
worker thread, since the kernels release the GIL, while a progress bar with a Cancel button
shows; animations run in ``after`` steps.

Each tab degrades gracefully: when its engine (or one of its features, such as the smart cat
or the maze solver's trace) is missing from this build, the tab says so or the control is
disabled, and the rest of the window works.

Keyboard: Ctrl+N new game / carve / generate, Ctrl+Z undo, Esc cancel, Ctrl+Q quit,
Ctrl+1..3 switch tabs.
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import math
import os
import random
import sys
import threading
import time
from pathlib import Path

import numpy as np

import trapcore as tc
from trapcore import hexgrid
from trapcore.cat import CatGame

try:  # tkinter is optional: a Python built without Tk can still use the rest of trapcore
    import tkinter as tk
    from tkinter import filedialog, ttk
except ImportError:  # pragma: no cover - depends on the Python build
    tk = ttk = filedialog = None

__all__ = [
    "DemoApp",
    "NoDisplay",
    "features",
    "grab_window",
    "main",
    "open_root",
    "run",
    "save_screenshots",
]


def _optional(name: str):
    """Import ``trapcore.<name>`` if this build has it, else None."""
    try:
        return importlib.import_module(f"trapcore.{name}")
    except ImportError:
        return None


_maze = _optional("maze")
_numberlink = _optional("numberlink")


def _accepts(func, param: str) -> bool:
    try:
        return param in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def features() -> dict[str, bool]:
    """Which engine features this build has, as the demo sees them at import time."""
    maze_cls = getattr(_maze, "Maze", None)
    solve = getattr(maze_cls, "solve", None)
    puzzle = getattr(_numberlink, "Puzzle", None)
    return {
        "cat_smart": "smart" in getattr(tc.cat, "POLICIES", {}),
        "cat_hint": callable(getattr(CatGame, "hint", None)),
        "maze": maze_cls is not None and hasattr(maze_cls, "carve"),
        "maze_solve": solve is not None,
        "maze_trace": solve is not None and _accepts(solve, "trace"),
        "maze_image": maze_cls is not None and hasattr(maze_cls, "to_image"),
        "numberlink": _numberlink is not None and hasattr(_numberlink, "generate"),
        "numberlink_solve": hasattr(_numberlink, "solve"),
        "numberlink_load": puzzle is not None
        and (hasattr(puzzle, "from_file") or hasattr(puzzle, "from_text")),
    }


# -- colours -----------------------------------------------------------------------------------
BG = "#f4f1ea"
FREE = "#c9e4a6"
FREE_OUTLINE = "#9bbd78"
BLOCKED = "#3b4a55"
BLOCKED_OUTLINE = "#25313a"
HOVER = "#2f7fd1"
HINT = "#f2b705"
CAT = "#f08c00"
CAT_DARK = "#4a2a00"
ENCLOSED = "#cfc8dc"

#: Maze drawing codes -> colours: wall, open, trail, backtracked, visited (BFS), path.
MAZE_PALETTE = np.array(
    [
        (0x23, 0x2b, 0x36),  # 0 wall
        (0xff, 0xff, 0xff),  # 1 open passage
        (0x9c, 0xc9, 0xf5),  # 2 the follower's live trail
        (0xf7, 0xa8, 0x6b),  # 3 backtracked (a dead end walked out again)
        (0xfc, 0xe8, 0x9a),  # 4 visited by BFS
        (0x2f, 0xa8, 0x4f),  # 5 the final path
    ],
    dtype=np.uint8,
)
_TRAIL, _BACK, _VISITED, _PATH = 2, 3, 4, 5

#: Numberlink path colours (cycled for k > 16).
NL_COLOURS = [
    "#e03131", "#1c7ed6", "#2f9e44", "#f59f00", "#ae3ec9", "#0ca678", "#e8590c", "#5c7cfa",
    "#a61e4d", "#74b816", "#1098ad", "#862e9c", "#c92a2a", "#364fc7", "#d9480f", "#5f3dc4",
]


def _nl_colour(k: int) -> str:
    return NL_COLOURS[(k - 1) % len(NL_COLOURS)]


def _mix(colour: str, weight: float, base: str = "#ffffff") -> str:
    """``colour`` blended with ``base``: weight 1 is the colour itself, 0 the base."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * weight + y * (1 - weight)):02x}" for x, y in zip(a, b))


def _distance_colour(d: int, dmax: int) -> str:
    """Escape-distance shading: warm near the edge, cool far from it, grey when enclosed."""
    if d < 0:
        return ENCLOSED
    t = 0.0 if dmax <= 0 else min(1.0, d / dmax)
    warm, cool = (0xf7, 0x8c, 0x6b), (0x9e, 0xc5, 0xfe)
    return "#" + "".join(f"{round(w + (c - w) * t):02x}" for w, c in zip(warm, cool))


# -- small helpers -----------------------------------------------------------------------------
def _parse_int(text: str, name: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {text!r}") from None


def _parse_seed(text: str) -> int:
    """A blank seed field means a fresh random seed (shown in the status line, so any game can
    be replayed)."""
    text = str(text).strip()
    if not text:
        return random.randrange(1_000_000)
    return _parse_int(text, "seed")


class Task:
    """Run ``fn()`` in a daemon thread; deliver its result on the Tk thread with ``after``.

    Tk is not thread-safe, so the worker never touches a widget: it stores its result, and a
    poll on the Tk side hands it to ``on_done`` (or the exception to ``on_error``). Cancelling
    drops the result (a native kernel cannot be interrupted; it finishes in the background).
    """

    def __init__(self, widget, fn, on_done, on_error, poll_ms: int = 30):
        self.widget, self.fn, self.on_done, self.on_error = widget, fn, on_done, on_error
        self.poll_ms = poll_ms
        self.cancelled = False
        self.finished = False
        self._outcome = None
        self._event = threading.Event()
        self._after = None
        self._thread = threading.Thread(target=self._work, daemon=True, name="trapcore-demo")
        self._thread.start()
        # the first poll is scheduled, never run here: the caller stores the task first
        self._after = widget.after(1, self._poll)

    def _work(self) -> None:
        try:
            self._outcome = (True, self.fn())
        except BaseException as exc:  # noqa: BLE001 - handed to the Tk side as a message
            self._outcome = (False, exc)
        self._event.set()

    def _poll(self) -> None:
        self._after = None
        if self.cancelled:
            return
        if not self._event.is_set():
            self._after = self.widget.after(self.poll_ms, self._poll)
            return
        self.finished = True
        ok, value = self._outcome
        (self.on_done if ok else self.on_error)(value)

    def cancel(self) -> None:
        self.cancelled = True
        if self._after is not None:
            try:
                self.widget.after_cancel(self._after)
            except tk.TclError:
                pass
            self._after = None


class BusyBar:
    """A progress bar with a label and a Cancel button, shown while a tab is busy."""

    def __init__(self, parent, on_cancel, before=None):
        self.before = before  # packed ahead of this widget, so the bar never gets squeezed
        self.frame = ttk.Frame(parent)
        self.label = ttk.Label(self.frame, text="")
        self.bar = ttk.Progressbar(self.frame, length=180, mode="indeterminate")
        self.cancel_button = ttk.Button(self.frame, text="Cancel (Esc)", command=on_cancel)
        self.label.pack(side="left", padx=(0, 6))
        self.bar.pack(side="left", padx=4)
        self.cancel_button.pack(side="left", padx=4)
        self.visible = False

    def show(self, text: str, determinate: bool = False) -> None:
        self.label.configure(text=text)
        self.bar.stop()
        if determinate:
            self.bar.configure(mode="determinate", maximum=100, value=0)
        else:
            self.bar.configure(mode="indeterminate")
            self.bar.start(15)
        if not self.visible:
            kw = {"before": self.before} if self.before is not None else {}
            self.frame.pack(side="right", padx=6, **kw)
            self.visible = True

    def progress(self, fraction: float) -> None:
        self.bar.configure(value=max(0.0, min(100.0, 100.0 * fraction)))

    def hide(self) -> None:
        self.bar.stop()
        if self.visible:
            self.frame.pack_forget()
            self.visible = False


def _spin(parent, var, lo, hi, width=6):
    return ttk.Spinbox(parent, from_=lo, to=hi, textvariable=var, width=width)


def _row(parent, row: int, label: str, widget) -> None:
    ttk.Label(parent, text=label).grid(row=row, column=0, sticky="w", padx=(6, 4), pady=2)
    widget.grid(row=row, column=1, sticky="ew", padx=(0, 6), pady=2)


# -- tabs --------------------------------------------------------------------------------------
class _Tab:
    """What every tab has: a frame, a status line with a busy bar, one background task at a
    time, and a redraw scheduled (debounced) when the canvas is resized."""

    title = "?"

    def __init__(self, app: "DemoApp"):
        self.app = app
        self.root = app.root
        self.frame = ttk.Frame(app.notebook)
        self.bottom = ttk.Frame(self.frame)
        self.bottom.pack(side="bottom", fill="x")
        self.status = tk.StringVar(value="")
        self.status_label = ttk.Label(self.bottom, textvariable=self.status, anchor="w",
                                      width=20)
        self.status_label.pack(side="left", fill="x", expand=True, padx=8, pady=4)
        self.busybar = BusyBar(self.bottom, self.cancel, before=self.status_label)
        self.task: Task | None = None
        self._redraw_job = None
        self.canvas = None

    # status and background work
    def say(self, text: str) -> None:
        self.status.set(text)

    @property
    def busy(self) -> bool:
        return self.task is not None

    def run(self, label: str, fn, on_done, on_error=None) -> Task:
        """Run ``fn`` in a worker thread with the busy bar showing; ``on_done(result)`` runs on
        the Tk thread. Errors (ValueError, TypeError from the library) go to the status line."""
        self.cancel(quiet=True)
        self.busybar.show(label)

        def done(result):
            self.task = None
            self.busybar.hide()
            on_done(result)

        def error(exc):
            self.task = None
            self.busybar.hide()
            (on_error or self.report)(exc)

        self.task = Task(self.root, fn, done, error)
        return self.task

    def report(self, exc: BaseException) -> None:
        self.say(f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError) else str(exc))

    def cancel(self, quiet: bool = False) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.busybar.hide()
            if not quiet:
                self.say("Cancelled.")

    # canvas
    def make_layout(self):
        """The tab's drawing canvas on the left and, returned, its control panel on the right."""
        body = ttk.Frame(self.frame)
        body.pack(side="top", fill="both", expand=True)
        panel = ttk.Frame(body)
        panel.pack(side="right", fill="y", padx=6, pady=6)
        self.make_canvas(body).pack(side="left", fill="both", expand=True)
        return panel

    def make_canvas(self, parent):
        self.canvas = tk.Canvas(parent, background=BG, highlightthickness=0, width=560,
                                height=520)
        self.canvas.bind("<Configure>", lambda e: self.schedule_redraw())
        return self.canvas

    def schedule_redraw(self) -> None:
        if self._redraw_job is None:
            self._redraw_job = self.root.after(25, self._do_redraw)

    def _do_redraw(self) -> None:
        self._redraw_job = None
        self.redraw()

    def canvas_size(self) -> tuple[int, int]:
        w, h = self.canvas.winfo_width(), self.canvas.winfo_height()
        if w <= 1 or h <= 1:  # not mapped yet: the requested size
            w, h = int(self.canvas["width"]), int(self.canvas["height"])
        return w, h

    # actions (overridden)
    def redraw(self) -> None:
        pass

    def new(self) -> None:
        pass

    def undo(self) -> None:
        pass

    def unavailable(self, what: str) -> None:
        """Fill the tab with one clear line saying this engine is not in this build yet."""
        box = ttk.Frame(self.frame)
        box.pack(expand=True)
        ttk.Label(box, text=f"{self.title}: not available yet", font=("TkDefaultFont", 14, "bold")
                  ).pack(pady=6)
        ttk.Label(box, text=what, justify="center").pack()
        self.say(what)


class CatTab(_Tab):
    """Trap the Cat on an even-r hex board: click a free cell to block it."""

    title = "Trap the Cat"

    def __init__(self, app):
        super().__init__(app)
        feats = app.features
        self.game: CatGame | None = None
        self.seed_used = None
        self.hint_cell = None
        self.hover = None
        self._xs = self._ys = None
        self._radius = 0.0

        panel = self.make_layout()

        self.rows = tk.StringVar(value="11")
        self.cols = tk.StringVar(value="11")
        self.blocked = tk.StringVar(value="15")
        self.seed = tk.StringVar(value="")
        policies = list(getattr(tc.cat, "POLICIES", {"bfs": 0, "rays": 1}))
        rules = list(getattr(tc.cat, "RULES", {"enclosed": 0, "surrounded": 1}))
        self.policy = tk.StringVar(value="bfs" if "bfs" in policies else policies[0])
        self.rules = tk.StringVar(value=rules[0])
        self.shade = tk.BooleanVar(value=False)

        game_box = ttk.LabelFrame(panel, text="New game")
        game_box.pack(fill="x", pady=(0, 6))
        _row(game_box, 0, "Rows", _spin(game_box, self.rows, 3, 41))
        _row(game_box, 1, "Columns", _spin(game_box, self.cols, 3, 41))
        _row(game_box, 2, "Blocked", _spin(game_box, self.blocked, 0, 400))
        _row(game_box, 3, "Seed", ttk.Entry(game_box, textvariable=self.seed, width=8))
        self.policy_box = ttk.Combobox(game_box, textvariable=self.policy, values=policies,
                                       state="readonly", width=10)
        _row(game_box, 4, "Cat", self.policy_box)
        self.rules_box = ttk.Combobox(game_box, textvariable=self.rules, values=rules,
                                      state="readonly", width=10)
        _row(game_box, 5, "Rules", self.rules_box)
        self.new_button = ttk.Button(game_box, text="New game (Ctrl+N)", command=self.new)
        self.new_button.grid(row=6, column=0, columnspan=2, sticky="ew", padx=6, pady=4)
        if not feats["cat_smart"]:
            ttk.Label(game_box, text="smart cat: not available yet", foreground="#777"
                      ).grid(row=7, column=0, columnspan=2, sticky="w", padx=6)
        self.policy_box.bind("<<ComboboxSelected>>", lambda e: self.new())
        self.rules_box.bind("<<ComboboxSelected>>", lambda e: self.new())

        play_box = ttk.LabelFrame(panel, text="Play")
        play_box.pack(fill="x")
        self.undo_button = ttk.Button(play_box, text="Undo (Ctrl+Z)", command=self.undo)
        self.undo_button.pack(fill="x", padx=6, pady=3)
        self.hint_button = ttk.Button(play_box, text="Hint", command=self.hint)
        self.hint_button.pack(fill="x", padx=6, pady=3)
        if not feats["cat_hint"]:
            self.hint_button.state(["disabled"])
            ttk.Label(play_box, text="hints: not available yet", foreground="#777"
                      ).pack(anchor="w", padx=6)
        self.shade_button = ttk.Checkbutton(play_box, text="Shade by escape distance",
                                            variable=self.shade, command=self.redraw)
        self.shade_button.pack(anchor="w", padx=6, pady=3)
        ttk.Label(panel, text="Click a free cell to block it.\nThe cat steps after each "
                  "block.\nEven rows are shifted right.", foreground="#555", justify="left"
                  ).pack(anchor="w", pady=8)

        self.canvas.bind("<Button-1>", self.on_click)
        self.canvas.bind("<Motion>", self.on_motion)
        self.canvas.bind("<Leave>", lambda e: self._set_hover(None))
        self.new()

    # geometry
    def layout(self) -> None:
        """Cell centres for the current canvas size: even rows shifted half a cell right."""
        rows, cols = self.game.board.shape
        width, height = self.canvas_size()
        pad = 10
        dy = math.sqrt(3) / 2
        w = min((width - 2 * pad) / (cols + 0.5), (height - 2 * pad) / (1 + (rows - 1) * dy))
        w = max(w, 4.0)
        x0 = (width - (cols + 0.5) * w) / 2
        y0 = (height - (1 + (rows - 1) * dy) * w) / 2
        r = np.arange(rows)[:, None]
        c = np.arange(cols)[None, :]
        self._xs = x0 + (c + 0.5 + 0.5 * (r % 2 == 0)) * w + 0 * r
        self._ys = y0 + w / 2 + r * w * dy + 0 * c
        self._radius = 0.46 * w
        self.cell_width = w

    def cell_center(self, r: int, c: int) -> tuple[int, int]:
        """Canvas coordinates of the centre of cell ``(r, c)`` (for tests and scripts)."""
        return int(round(self._xs[r, c])), int(round(self._ys[r, c]))

    def cell_at(self, x: float, y: float):
        """The cell under canvas point ``(x, y)``, or None between or outside the circles."""
        if self._xs is None:
            return None
        d2 = (self._xs - x) ** 2 + (self._ys - y) ** 2
        i = int(np.argmin(d2))
        if d2.flat[i] > (self._radius * 1.08) ** 2:
            return None
        return divmod(i, self._xs.shape[1])

    # drawing
    def redraw(self) -> None:
        if self.game is None:
            return
        self.layout()
        cv = self.canvas
        cv.delete("all")
        board = self.game.board
        rows, cols = board.shape
        dist = None
        if self.shade.get():
            dist = hexgrid.distance_to_border(board)
            dmax = int(dist.max())
        rad = self._radius
        font = ("TkDefaultFont", max(6, int(rad * 0.55)))
        for r in range(rows):
            for c in range(cols):
                x, y = self._xs[r, c], self._ys[r, c]
                if board[r, c]:
                    fill, outline = BLOCKED, BLOCKED_OUTLINE
                elif dist is not None:
                    fill, outline = _distance_colour(int(dist[r, c]), dmax), FREE_OUTLINE
                else:
                    fill, outline = FREE, FREE_OUTLINE
                cv.create_oval(x - rad, y - rad, x + rad, y + rad, fill=fill, outline=outline,
                               width=1, tags=("cell", f"cell_{r}_{c}"))
                if dist is not None and not board[r, c] and rad >= 9 and (r, c) != self.game.cat:
                    d = int(dist[r, c])
                    cv.create_text(x, y, text="∞" if d < 0 else str(d), font=font,
                                   fill="#333", tags=("dist",))
        if self.hint_cell is not None:
            r, c = self.hint_cell
            x, y = self._xs[r, c], self._ys[r, c]
            e = rad + 3
            cv.create_oval(x - e, y - e, x + e, y + e, outline=HINT, width=4, tags=("hint",))
        self._draw_cat(*self.game.cat)
        self._set_hover(self.hover, force=True)
        if self.game.status != "playing":
            self._banner("You trapped the cat!" if self.game.status == "won"
                         else "The cat escaped!", "#2f9e44" if self.game.status == "won"
                         else "#c92a2a")

    def _banner(self, text: str, colour: str) -> None:
        """A message across the top of the board when the game is over."""
        width, height = self.canvas_size()
        size = max(12, min(32, width // 18))
        item = self.canvas.create_text(width / 2, 2 * size, text=text, fill="white",
                                       font=("TkDefaultFont", size, "bold"), tags=("banner",))
        x0, y0, x1, y1 = self.canvas.bbox(item)
        box = self.canvas.create_rectangle(x0 - 18, y0 - 10, x1 + 18, y1 + 10, fill=colour,
                                           outline="white", width=2, tags=("banner",))
        self.canvas.tag_lower(box, item)

    def _draw_cat(self, r: int, c: int) -> None:
        x, y, R = self._xs[r, c], self._ys[r, c], self._radius * 1.05
        cv = self.canvas
        tags = ("cat",)
        for s in (-1, 1):  # ears
            cv.create_polygon(x + s * 0.78 * R, y - 0.25 * R, x + s * 0.66 * R, y - 1.08 * R,
                              x + s * 0.12 * R, y - 0.62 * R, fill=CAT, outline=CAT_DARK,
                              width=1.5, tags=tags)
        cv.create_oval(x - 0.82 * R, y - 0.72 * R, x + 0.82 * R, y + 0.78 * R, fill=CAT,
                       outline=CAT_DARK, width=1.5, tags=tags)
        for s in (-1, 1):  # eyes and whiskers
            ex, ey, er = x + s * 0.32 * R, y - 0.08 * R, 0.13 * R
            cv.create_oval(ex - er, ey - er * 1.3, ex + er, ey + er * 1.3, fill="#1b1b1b",
                           outline="", tags=tags)
            cv.create_line(x + s * 0.22 * R, y + 0.32 * R, x + s * 1.0 * R, y + 0.22 * R,
                           fill=CAT_DARK, tags=tags)
            cv.create_line(x + s * 0.22 * R, y + 0.4 * R, x + s * 0.98 * R, y + 0.48 * R,
                           fill=CAT_DARK, tags=tags)
        cv.create_polygon(x - 0.1 * R, y + 0.18 * R, x + 0.1 * R, y + 0.18 * R, x, y + 0.3 * R,
                          fill="#e64980", outline="", tags=tags)

    def _set_hover(self, cell, force: bool = False) -> None:
        if cell == self.hover and not force:
            return
        cv = self.canvas
        if self.hover is not None:
            cv.itemconfigure(f"cell_{self.hover[0]}_{self.hover[1]}", width=1,
                             outline=BLOCKED_OUTLINE if self._is_blocked(self.hover)
                             else FREE_OUTLINE)
        self.hover = cell
        if (cell is not None and self.game is not None and self.game.status == "playing"
                and not self._is_blocked(cell) and cell != self.game.cat):
            cv.itemconfigure(f"cell_{cell[0]}_{cell[1]}", width=3, outline=HOVER)

    def _is_blocked(self, cell) -> bool:
        b = self.game.board
        return 0 <= cell[0] < b.shape[0] and 0 <= cell[1] < b.shape[1] and bool(b[cell])

    # status
    def update_status(self, note: str = "") -> None:
        g = self.game
        d = int(hexgrid.distance_to_border(g.board)[g.cat])
        dist = "none (enclosed)" if d < 0 else str(d)
        moves = f"{g.moves} move{'' if g.moves == 1 else 's'}"
        head = f"Moves: {g.moves}   Cat's distance to the edge: {dist}"
        if g.status == "won":
            msg = f"You trapped the cat in {moves}!  (Ctrl+N: new game)"
        elif g.status == "lost":
            msg = f"The cat escaped after {moves}.  (Ctrl+Z: undo, Ctrl+N: new game)"
        elif d < 0:
            msg = "The cat is enclosed: block the cells around it to catch it."
        else:
            msg = "Click a free cell to block it."
        policy, rules = self.settings
        tail = f"   [seed {self.seed_used}, cat {policy}, rules {rules}]"
        self.say(f"{head}   {note or msg}{tail}")

    # actions
    def new(self) -> None:
        self.cancel(quiet=True)
        try:
            rows = _parse_int(self.rows.get(), "rows")
            cols = _parse_int(self.cols.get(), "cols")
            blocked = _parse_int(self.blocked.get(), "blocked")
            seed = _parse_seed(self.seed.get())
            game = CatGame(rows, cols, blocked, cat=self.policy.get(), rules=self.rules.get(),
                           seed=seed)
        except (ValueError, TypeError) as exc:
            self.say(f"New game: {exc}")
            return
        self.game, self.seed_used, self.hint_cell, self.hover = game, seed, None, None
        self.settings = (self.policy.get(), self.rules.get())
        self.redraw()
        self.update_status()

    def play(self, r: int, c: int) -> bool:
        """Block ``(r, c)`` (the cat answers inside ``CatGame.block``). False when refused."""
        if self.busy:
            self.cancel(quiet=True)
        g = self.game
        if g.status != "playing":
            self.update_status("The game is over: Ctrl+Z to undo, Ctrl+N for a new game.")
            return False
        try:
            g.block(r, c)
        except ValueError as exc:
            self.update_status(f"Can't block that: {exc}.")
            return False
        self.hint_cell = None
        self.redraw()
        self.update_status()
        return True

    def on_click(self, event) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.play(*cell)

    def on_motion(self, event) -> None:
        self._set_hover(self.cell_at(event.x, event.y))

    def undo(self) -> None:
        self.cancel(quiet=True)
        try:
            self.game.undo()
        except ValueError:
            self.update_status("Nothing to undo.")
            return
        self.hint_cell = None
        self.redraw()
        self.update_status("Undone.")

    def hint(self) -> None:
        """Ask the library for the best block (``CatGame.hint``), in a worker thread, on a copy
        of the game so the board can't change under it; highlight the cell it names."""
        g = self.game
        if not self.app.features["cat_hint"] or g.status != "playing":
            return
        try:
            policy, rules = self.settings
            probe = CatGame(board=np.array(g.board), start=g.cat, cat=policy, rules=rules,
                            seed=self.seed_used)
        except (TypeError, ValueError):
            probe = g

        def done(hint):
            if self.game is not g or g.status != "playing":
                return
            # CatGame.hint returns a Hint (block, proven, verdict, nodes); a bare cell also works
            cell = getattr(hint, "block", hint)
            if cell is None:
                self.update_status("No hint: there is no cell left to block.")
                return
            self.hint_cell = (int(cell[0]), int(cell[1]))
            self.redraw()
            how = ""
            verdict = getattr(hint, "verdict", None)
            if verdict == "win":
                how = ": a proven win"
            elif verdict == "loss":
                how = ": the cat escapes with best play whatever you do; this holds out longest"
            elif verdict is not None:
                how = ": the best guess (not proven either way)"
            self.update_status(f"Hint: block {self.hint_cell} (ringed){how}.")

        self.run("Thinking...", probe.hint, done)


class MazeTab(_Tab):
    """Carve a perfect maze, watch a wall follower (or BFS) solve it, save it as PNG."""

    title = "Maze"
    SOLVERS = {"right hand": ("wall", "right"), "left hand": ("wall", "left"),
               "BFS": ("bfs", None)}

    def __init__(self, app):
        super().__init__(app)
        feats = app.features
        self.maze = None
        self.seed_used = None
        self._solution = None  # (path, trace cells, back flags or None, kind)
        self.shown = 0
        self._anim = None
        self._overlay = None
        self._photo = None
        if not feats["maze"]:
            self.unavailable("The maze engine (trapcore.maze) is not in this build yet.")
            return

        panel = self.make_layout()

        methods = getattr(_maze, "METHODS", None) or ("kruskal", "backtracker", "wilson", "prim")
        methods = [str(m) for m in methods]
        self.rows = tk.StringVar(value="20")
        self.cols = tk.StringVar(value="30")
        self.seed = tk.StringVar(value="")
        self.method = tk.StringVar(value=methods[0])
        self.solver = tk.StringVar(value="right hand")
        self.speed = tk.DoubleVar(value=50.0)
        self.speed_text = tk.StringVar()

        carve = ttk.LabelFrame(panel, text="Carve")
        carve.pack(fill="x", pady=(0, 6))
        _row(carve, 0, "Rows", _spin(carve, self.rows, 2, 2000))
        _row(carve, 1, "Columns", _spin(carve, self.cols, 2, 2000))
        _row(carve, 2, "Seed", ttk.Entry(carve, textvariable=self.seed, width=8))
        _row(carve, 3, "Method", ttk.Combobox(carve, textvariable=self.method, values=methods,
                                              state="readonly", width=11))
        self.carve_button = ttk.Button(carve, text="Carve (Ctrl+N)", command=self.new)
        self.carve_button.grid(row=4, column=0, columnspan=2, sticky="ew", padx=6, pady=4)

        solve = ttk.LabelFrame(panel, text="Solve, entrance (blue) to exit (red)")
        solve.pack(fill="x", pady=(0, 6))
        self.solver_box = ttk.Combobox(solve, textvariable=self.solver,
                                       values=list(self.SOLVERS), state="readonly", width=11)
        _row(solve, 0, "Solver", self.solver_box)
        self.speed_scale = ttk.Scale(solve, from_=0, to=100, variable=self.speed)
        self.speed.trace_add("write", lambda *a: self._speed_changed())
        _row(solve, 1, "Speed", self.speed_scale)
        ttk.Label(solve, textvariable=self.speed_text, foreground="#555").grid(
            row=2, column=0, columnspan=2, sticky="e", padx=6)
        self.solve_button = ttk.Button(solve, text="Solve", command=self.solve)
        self.solve_button.grid(row=3, column=0, columnspan=2, sticky="ew", padx=6, pady=(4, 2))
        self.skip_button = ttk.Button(solve, text="Skip to the end", command=self.skip)
        self.skip_button.grid(row=4, column=0, columnspan=2, sticky="ew", padx=6, pady=2)
        self.clear_button = ttk.Button(solve, text="Clear (Ctrl+Z)", command=self.undo)
        self.clear_button.grid(row=5, column=0, columnspan=2, sticky="ew", padx=6, pady=(2, 4))
        if not feats["maze_solve"]:
            for b in (self.solve_button, self.skip_button, self.clear_button):
                b.state(["disabled"])
            ttk.Label(solve, text="solver: not available yet", foreground="#777").grid(
                row=6, column=0, columnspan=2, sticky="w", padx=6)
        elif not feats["maze_trace"]:
            ttk.Label(solve, text="trail animation: not available yet\n(final path only)",
                      foreground="#777", justify="left").grid(
                row=6, column=0, columnspan=2, sticky="w", padx=6)

        self.save_button = ttk.Button(panel, text="Save as PNG...", command=self.save_dialog)
        self.save_button.pack(fill="x", pady=(0, 6))
        if not feats["maze_image"]:
            self.save_button.state(["disabled"])
        legend = ttk.Frame(panel)
        legend.pack(anchor="w", pady=6)
        for code, text in ((_TRAIL, "trail (the robot's stack)"), (_BACK, "backtracked"),
                           (_PATH, "path")):
            row = ttk.Frame(legend)
            row.pack(anchor="w")
            tk.Label(row, width=2, background="#%02x%02x%02x" % tuple(MAZE_PALETTE[code])
                     ).pack(side="left", padx=(0, 4), pady=1)
            ttk.Label(row, text=text).pack(side="left")
        self._speed_changed()
        self.new()

    # speed: the slider is logarithmic, 1 to 20000 moves a second
    def steps_per_second(self) -> float:
        return 10 ** (self.speed.get() / 100 * math.log10(20000))

    def _speed_changed(self) -> None:
        v = self.steps_per_second()
        self.speed_text.set(f"{v:,.0f} move{'s' if round(v) != 1 else ''} a second")

    # carving
    def new(self) -> None:
        if not self.app.features["maze"]:
            return
        try:
            rows = _parse_int(self.rows.get(), "rows")
            cols = _parse_int(self.cols.get(), "cols")
            seed = _parse_seed(self.seed.get())
        except ValueError as exc:
            self.say(f"Carve: {exc}")
            return
        method = self.method.get()
        self._stop_animation()

        def done(maze):
            self.maze, self.seed_used = maze, seed
            self._solution = None
            self._overlay = None
            self.shown = 0
            self.redraw()
            self.say(f"{rows} x {cols} maze carved by {method} (seed {seed}). Pick a solver "
                     "and press Solve.")

        self.run(f"Carving {rows} x {cols}...",
                 lambda: _maze.Maze.carve(rows, cols, seed=seed, method=method), done,
                 lambda exc: self.say(f"Carve: {exc}"))

    # drawing: the maze as a (2R+1, 2C+1) grid of wall/passage codes, scaled to the canvas
    def _codes(self) -> np.ndarray:
        doors = np.asarray(self.maze.doors)
        rows, cols = doors.shape
        g = np.zeros((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)
        g[1::2, 1::2] = 1
        g[2::2, 1::2] = (doors & 3) == 1          # door Down open
        g[1::2, 2::2] = ((doors >> 2) & 3) == 1   # door Right open
        return g

    def _axis(self, n_cells: int, unit: float, avail: int):
        """Display pixel -> grid index map along one axis (grid has 2n+1 entries)."""
        n = 2 * n_cells + 1
        if unit >= 3:
            t = max(1, int(round(unit / 7)))
            p = max(2, int(unit) - t)
            widths = np.tile([t, p], n_cells + 1)[:n]
            return np.repeat(np.arange(n), widths)
        size = max(1, min(avail, n * max(1, int(avail // n))))
        return (np.arange(size) * n // size).astype(np.intp)

    def redraw(self) -> None:
        if self.maze is None or self.canvas is None:
            return
        width, height = self.canvas_size()
        pad = 8
        rows, cols = np.asarray(self.maze.doors).shape
        unit = min((width - 2 * pad) / cols, (height - 2 * pad) / rows)
        self._ri = self._axis(rows, unit, height - 2 * pad)
        self._ci = self._axis(cols, unit, width - 2 * pad)
        self._base = self._codes()[np.ix_(self._ri, self._ci)]
        self._x0 = (width - len(self._ci)) // 2
        self._y0 = (height - len(self._ri)) // 2
        self.canvas.delete("all")
        self._image_item = self.canvas.create_image(self._x0, self._y0, anchor="nw")
        self._paint()
        self._draw_markers()

    def _paint(self) -> None:
        codes = self._base
        if self._overlay is not None:
            ov = self._overlay[np.ix_(self._ri, self._ci)]
            codes = np.where((ov > 0) & (codes > 0), ov, codes)
        rgb = MAZE_PALETTE[codes]
        h, w = codes.shape
        self._photo = tk.PhotoImage(data=b"P6 %d %d 255\n" % (w, h) + rgb.tobytes(),
                                    format="PPM")
        self.canvas.itemconfigure(self._image_item, image=self._photo)

    def cell_box(self, r: int, c: int):
        """Canvas box ``(x0, y0, x1, y1)`` of maze cell ``(r, c)``."""
        ys = np.flatnonzero(self._ri == 2 * r + 1)
        xs = np.flatnonzero(self._ci == 2 * c + 1)
        if len(ys) == 0 or len(xs) == 0:  # shrunk away: the nearest pixel
            ys = [int(np.searchsorted(self._ri, 2 * r + 1))] * 2
            xs = [int(np.searchsorted(self._ci, 2 * c + 1))] * 2
        return (self._x0 + xs[0], self._y0 + ys[0], self._x0 + xs[-1] + 1,
                self._y0 + ys[-1] + 1)

    def ends(self):
        """The maze's entrance and exit cells (the solver's default start and goal)."""
        rows, cols = np.asarray(self.maze.doors).shape
        start = getattr(self.maze, "entrance", None) or (0, 0)
        goal = getattr(self.maze, "exit", None) or (rows - 1, cols - 1)
        return tuple(start), tuple(goal)

    def _draw_markers(self) -> None:
        for (r, c), colour in zip(self.ends(), ("#1864ab", "#e03131")):
            x0, y0, x1, y1 = self.cell_box(r, c)
            e = 1
            self.canvas.create_rectangle(x0 - e, y0 - e, x1 + e, y1 + e, outline=colour,
                                         width=2, tags=("marker",))

    # solving
    def _solve_call(self, maze, method, hand):
        """``Maze.solve`` from the maze's entrance to its exit; a wall follower also returns
        its trace (every cell it stands on) for the animation."""
        kw = {"method": method}
        if hand is not None:
            kw["hand"] = hand
        if method == "wall" and self.app.features["maze_trace"]:
            kw["trace"] = True
        return _split_solution(maze.solve(**kw))

    def solve(self) -> None:
        if self.maze is None or not self.app.features["maze_solve"]:
            return
        self._stop_animation()
        name = self.solver.get()
        method, hand = self.SOLVERS[name]
        maze = self.maze

        def done(solution):
            if maze is not self.maze:
                return
            path, trace = solution
            if path is None:
                self.say(f"{name}: the exit cannot be reached.")
                return
            self._solution = (path, trace, name)
            self._overlay = np.zeros((self._base_shape()), dtype=np.uint8)
            self.shown = 0
            if trace is None or len(trace[0]) == 0:
                self._finish()
            else:
                self._start_animation()

        self.run(f"Solving ({name})...", lambda: self._solve_call(maze, method, hand), done,
                 lambda exc: self.say(f"Solve: {exc}"))

    def _base_shape(self):
        rows, cols = np.asarray(self.maze.doors).shape
        return (2 * rows + 1, 2 * cols + 1)

    def _start_animation(self) -> None:
        self.busybar.show(f"Walking ({self._solution[2]})...", determinate=True)
        self.say(f"{self._solution[2].capitalize()}: blue trail, orange dead ends. Esc stops.")
        self._budget = 1.0  # the first move shows at once
        self._last = time.monotonic()
        self._anim = self.root.after(1, self._tick)

    def _tick(self) -> None:
        self._anim = None
        path, (cells, back), name = self._solution
        now = time.monotonic()
        self._budget += (now - self._last) * self.steps_per_second()
        self._last = now
        k = int(self._budget)
        if k < 1:
            self._anim = self.root.after(15, self._tick)
            return
        self._budget -= k
        end = min(len(cells), self.shown + k)
        self._advance(end)
        if self.shown >= len(cells):
            self._finish()
        else:
            delay = 30 if k > 1 else max(10, int(1000 / self.steps_per_second()))
            self._anim = self.root.after(delay, self._tick)

    def _advance(self, end: int) -> None:
        """Paint trace moves ``shown .. end-1`` into the overlay, in order."""
        path, (cells, back), name = self._solution
        i, j = self.shown, end
        if j <= i:
            return
        ov = self._overlay
        width = ov.shape[1]
        cur = cells[i:j]
        if back is None:  # visit order (BFS): cells only
            flat = (2 * cur[:, 0] + 1) * width + 2 * cur[:, 1] + 1
            ov.flat[flat] = _VISITED
        else:
            lo = max(i, 1)
            a, b = cells[lo - 1:j - 1], cells[lo:j]
            flags = back[lo:j]
            mid = (a[:, 0] + b[:, 0] + 1) * width + a[:, 1] + b[:, 1] + 1
            # forward moves colour the cell entered; back moves the cell left behind
            left = np.where(flags[:, None], a, b)
            cell = (2 * left[:, 0] + 1) * width + 2 * left[:, 1] + 1
            code = np.where(flags, _BACK, _TRAIL).astype(np.uint8)
            idx = np.stack([mid, cell], axis=1).ravel()
            val = np.repeat(code, 2)
            if i == 0:
                idx = np.concatenate([[(2 * cells[0, 0] + 1) * width + 2 * cells[0, 1] + 1],
                                      idx])
                val = np.concatenate([[_TRAIL], val]).astype(np.uint8)
            # the last write to a pixel wins
            uniq, first = np.unique(idx[::-1], return_index=True)
            ov.flat[uniq] = val[::-1][first]
        self.shown = j
        self.busybar.progress(j / len(cells))
        self._paint()

    def _finish(self) -> None:
        path, trace, name = self._solution
        ov = self._overlay
        width = ov.shape[1]
        if trace is not None and self.shown < len(trace[0]):
            # the rest at once, without replaying the order: at the goal every cell and passage
            # the robot walked is either on the path (painted below) or was walked back out of
            cells, back = trace
            seg = cells[max(self.shown - 1, 0):]
            code = _VISITED if back is None else _BACK
            ov.flat[(2 * seg[:, 0] + 1) * width + 2 * seg[:, 1] + 1] = code
            if back is not None and len(seg) > 1:
                a, b = seg[:-1], seg[1:]
                ov.flat[(a[:, 0] + b[:, 0] + 1) * width + a[:, 1] + b[:, 1] + 1] = code
            self.shown = len(cells)
        p = np.asarray(path)
        if p.ndim == 2 and len(p):
            ov.flat[(2 * p[:, 0] + 1) * width + 2 * p[:, 1] + 1] = _PATH
            if len(p) > 1:
                ov.flat[(p[:-1, 0] + p[1:, 0] + 1) * width + p[:-1, 1] + p[1:, 1] + 1] = _PATH
        self._paint()
        self.busybar.hide()
        moves = ""
        if trace is not None:
            cells, back = trace
            if back is not None:
                moves = (f"{len(cells) - 1} moves ({int(back.sum())} of them back out of "
                         "dead ends), ")
            else:
                moves = f"{len(cells)} cells visited, "
        self.say(f"Solved by {name}: {moves}path of {len(p)} cells.")

    def skip(self) -> None:
        if self._anim is not None:
            self.root.after_cancel(self._anim)
            self._anim = None
            self._finish()

    def _stop_animation(self) -> None:
        if self._anim is not None:
            self.root.after_cancel(self._anim)
            self._anim = None
            self.busybar.hide()

    def cancel(self, quiet: bool = False) -> None:
        if getattr(self, "_anim", None) is not None:
            self._stop_animation()
            if not quiet:
                self.say("Animation stopped.")
            return
        super().cancel(quiet)

    def undo(self) -> None:
        """Clear the solution from the drawing."""
        self._stop_animation()
        if self.maze is not None:
            self._solution = None
            self._overlay = None
            self.shown = 0
            self._paint()
            self.say("Solution cleared.")

    @property
    def animating(self) -> bool:
        return self._anim is not None

    # saving
    def save_png(self, filename) -> Path:
        """Save the maze (and the final path, once solved) through ``Maze.to_image``."""
        rows, cols = np.asarray(self.maze.doors).shape
        cell = int(max(2, min(16, 2400 // max(rows, cols))))
        kw = {"cell": cell}
        if cell >= 8 and _accepts(self.maze.to_image, "wall"):
            kw["wall"] = 2
        if self._solution is not None and not self.animating:
            path, trace, name = self._solution
            kw["path"] = path
            if trace is not None and trace[1] is not None and _accepts(self.maze.to_image,
                                                                       "trace"):
                kw["trace"] = trace[0]
        image = self.maze.to_image(**kw)
        filename = Path(filename)
        image.save(filename)
        self.say(f"Saved {filename} ({image.size[0]} x {image.size[1]} pixels).")
        return filename

    def save_dialog(self) -> None:
        if self.maze is None:
            return
        name = filedialog.asksaveasfilename(parent=self.root, defaultextension=".png",
                                            filetypes=[("PNG image", "*.png")],
                                            initialfile="maze.png")
        if name:
            try:
                self.save_png(name)
            except ImportError:
                self.say("Saving needs Pillow: pip install 'trapcore[image]'.")
            except (OSError, ValueError) as exc:
                self.say(f"Save: {exc}")


def _split_solution(result):
    """``Maze.solve`` output -> (path (n, 2) int array, trace or None).

    A trace becomes ``(cells, back)``: the moves as an (m, 2) array of cells, and for a wall
    follower a bool array saying which moves walk back out of a dead end (None for a visit
    order such as BFS's). In a perfect maze a move goes back exactly when it walks a passage
    for the second time, so the flags come from the trace itself, vectorised."""
    trace = None
    if isinstance(result, np.ndarray):
        path = result
    elif isinstance(result, tuple) and len(result) == 2:
        path, trace = result
    elif hasattr(result, "path"):
        path, trace = result.path, getattr(result, "trace", None)
    else:
        path = np.asarray(result)
    if path is None:
        return None, None
    path = np.asarray(path, dtype=np.intp).reshape(-1, 2)
    if trace is None:
        return path, None
    if isinstance(trace, dict):
        cells = np.asarray(trace.get("cells", trace.get("moves")), dtype=np.intp)
        back = trace.get("back")
    else:
        cells = np.asarray(trace, dtype=np.intp)
        back = None
        if cells.ndim == 2 and cells.shape[1] >= 3:
            back = cells[:, 2].astype(bool)
    cells = cells[:, :2].reshape(-1, 2)
    if back is not None:
        return path, (cells, np.asarray(back, dtype=bool))
    if len(cells) > 1 and np.all(np.abs(np.diff(cells, axis=0)).sum(axis=1) == 1):
        flat = cells[:, 0] * (int(cells[:, 1].max()) + 1) + cells[:, 1]
        n = int(flat.max()) + 1
        a, b = flat[:-1], flat[1:]
        edge = np.minimum(a, b) * n + np.maximum(a, b)
        _, first = np.unique(edge, return_index=True)
        back = np.ones(len(cells), dtype=bool)
        back[0] = False
        back[first + 1] = False
        return path, (cells, back)
    return path, (cells, None)


class NumberlinkTab(_Tab):
    """Numberlink: drag from an endpoint to draw its path; the library checks the board."""

    title = "Numberlink"

    def __init__(self, app):
        super().__init__(app)
        feats = app.features
        self.puzzle = None
        self.grid = None
        self.paths: dict[int, list[tuple[int, int]]] = {}
        self.history: list[dict] = []
        self.solution = None
        self.showing_solution = False
        self.solved = False
        self.drag = None
        self._geom = None
        if not feats["numberlink"]:
            self.unavailable("The Numberlink engine (trapcore.numberlink) is not in this build "
                             "yet.")
            return

        panel = self.make_layout()

        self.size = tk.StringVar(value="7")
        self.seed = tk.StringVar(value="")
        self.difficulty = tk.StringVar(value="any")
        levels = list(getattr(_numberlink, "DIFFICULTY_LEVELS", ()))
        gen = ttk.LabelFrame(panel, text="Generate")
        gen.pack(fill="x", pady=(0, 6))
        _row(gen, 0, "Size", _spin(gen, self.size, 2, 40))
        _row(gen, 1, "Seed", ttk.Entry(gen, textvariable=self.seed, width=8))
        self.difficulty_box = ttk.Combobox(gen, textvariable=self.difficulty, width=8,
                                           values=["any"] + levels, state="readonly")
        if levels and _accepts(_numberlink.generate, "difficulty"):
            _row(gen, 2, "Difficulty", self.difficulty_box)
        self.generate_button = ttk.Button(gen, text="Generate (Ctrl+N)", command=self.new)
        self.generate_button.grid(row=3, column=0, columnspan=2, sticky="ew", padx=6, pady=4)
        self.load_button = ttk.Button(gen, text="Load puzzle...", command=self.load_dialog)
        self.load_button.grid(row=4, column=0, columnspan=2, sticky="ew", padx=6, pady=(0, 4))
        if not feats["numberlink_load"]:
            self.load_button.state(["disabled"])

        play = ttk.LabelFrame(panel, text="Play")
        play.pack(fill="x")
        self.undo_button = ttk.Button(play, text="Undo (Ctrl+Z)", command=self.undo)
        self.undo_button.pack(fill="x", padx=6, pady=3)
        self.clear_button = ttk.Button(play, text="Clear all paths", command=self.clear_all)
        self.clear_button.pack(fill="x", padx=6, pady=3)
        self.solution_button = ttk.Button(play, text="Show solution",
                                          command=self.toggle_solution)
        self.solution_button.pack(fill="x", padx=6, pady=3)
        ttk.Label(panel, text="Drag from a number to draw its path\nto the other copy; "
                  "fill every cell.\nDrag over a path to redraw it;\nright-click a path to "
                  "clear it.", foreground="#555", justify="left").pack(anchor="w", pady=8)

        cv = self.canvas
        cv.bind("<ButtonPress-1>", self.on_press)
        cv.bind("<B1-Motion>", self.on_drag)
        cv.bind("<ButtonRelease-1>", self.on_release)
        cv.bind("<Button-3>", self.on_right_click)
        self.new()

    # puzzle in
    def new(self) -> None:
        if not self.app.features["numberlink"]:
            return
        try:
            n = _parse_int(self.size.get(), "size")
            seed = _parse_seed(self.seed.get())
        except ValueError as exc:
            self.say(f"Generate: {exc}")
            return

        kw = {}
        level = self.difficulty.get()
        if level and level != "any":
            kw["difficulty"] = level

        def done(puzzle):
            rating = getattr(puzzle, "difficulty", None)
            how = f", difficulty {rating:.1f}" if isinstance(rating, (int, float)) else ""
            self.set_puzzle(puzzle, f"{n} x {n} puzzle (seed {seed}{how})")

        self.run(f"Generating {n} x {n}...",
                 lambda: _numberlink.generate(n, seed=seed, **kw), done,
                 lambda exc: self.say(f"Generate: {exc}"))

    def set_puzzle(self, puzzle, label: str = "puzzle") -> None:
        self.puzzle = puzzle
        self.grid = np.array(puzzle.grid, dtype=np.int16)
        sol = getattr(puzzle, "solution", None)
        self.solution = None if sol is None else np.array(sol, dtype=np.int16)
        self.paths, self.history = {}, []
        self.showing_solution = False
        self.solution_button.configure(text="Show solution")
        self.solved = False
        self.drag = None
        ks = np.unique(self.grid[self.grid > 0])
        self.endpoints = {int(k): [tuple(int(v) for v in rc)
                                   for rc in np.argwhere(self.grid == k)] for k in ks}
        self.label = label
        self.redraw()
        self.update_status(f"{label}: {len(ks)} pairs. Drag from a number to draw a path.")

    def load(self, filename) -> None:
        """Load the first puzzle of a text file through ``Puzzle.from_file`` (or
        ``from_text``)."""
        Puzzle = _numberlink.Puzzle
        try:
            if hasattr(Puzzle, "from_file"):
                found = Puzzle.from_file(filename)
                found = [found] if hasattr(found, "grid") else list(found)
            else:
                found = [Puzzle.from_text(Path(filename).read_text())]
        except (OSError, ValueError, TypeError) as exc:
            self.say(f"Load: {exc}")
            return
        if not found:
            self.say(f"Load: no puzzle in {filename}")
            return
        name = Path(filename).name
        if len(found) > 1:
            name += f" (the first of {len(found)} puzzles)"
        self.set_puzzle(found[0], name)

    def load_dialog(self) -> None:
        name = filedialog.askopenfilename(parent=self.root, title="Load a Numberlink puzzle",
                                          filetypes=[("Text", "*.txt"), ("All files", "*")])
        if name:
            self.load(name)

    # geometry
    def layout(self) -> None:
        rows, cols = self.grid.shape
        width, height = self.canvas_size()
        pad = 10
        s = max(4.0, min((width - 2 * pad) / cols, (height - 2 * pad) / rows))
        self._geom = ((width - s * cols) / 2, (height - s * rows) / 2, s)

    def cell_center(self, r: int, c: int) -> tuple[int, int]:
        x0, y0, s = self._geom
        return int(x0 + (c + 0.5) * s), int(y0 + (r + 0.5) * s)

    def cell_at(self, x: float, y: float):
        if self._geom is None:
            return None
        x0, y0, s = self._geom
        r, c = math.floor((y - y0) / s), math.floor((x - x0) / s)
        rows, cols = self.grid.shape
        return (r, c) if 0 <= r < rows and 0 <= c < cols else None

    # drawing
    def redraw(self) -> None:
        if self.grid is None or self.canvas is None:
            return
        self.layout()
        cv = self.canvas
        cv.delete("all")
        x0, y0, s = self._geom
        grid = self.grid
        rows, cols = grid.shape
        view = self.solution if self.showing_solution else self.player_grid()
        for r in range(rows):
            for c in range(cols):
                v = int(grid[r, c])
                if v < 0:
                    fill = BLOCKED
                elif view is not None and view[r, c] > 0:
                    fill = _mix(_nl_colour(int(view[r, c])), 0.22)
                else:
                    fill = "#ffffff"
                cv.create_rectangle(x0 + c * s, y0 + r * s, x0 + (c + 1) * s, y0 + (r + 1) * s,
                                    fill=fill, outline="#b8b2a6", tags=("cell",))
        width = max(2, int(s * 0.28))
        if self.showing_solution and self.solution is not None:
            sol = self.solution
            for axis in (0, 1):
                a = sol[:-1, :] if axis == 0 else sol[:, :-1]
                b = sol[1:, :] if axis == 0 else sol[:, 1:]
                for r, c in np.argwhere((a == b) & (a > 0)):
                    r2, c2 = (r + 1, c) if axis == 0 else (r, c + 1)
                    cv.create_line(*self.cell_center(r, c), *self.cell_center(r2, c2),
                                   fill=_nl_colour(int(sol[r, c])), width=width,
                                   capstyle="round", tags=("solution",))
        else:
            for k, cells in self.paths.items():
                if len(cells) > 1:
                    pts = [v for rc in cells for v in self.cell_center(*rc)]
                    cv.create_line(*pts, fill=_nl_colour(k), width=width, capstyle="round",
                                   joinstyle="round", tags=("path", f"path_{k}"))
        rad = s * 0.36
        font = ("TkDefaultFont", max(7, int(s * 0.36)), "bold")
        for k, cells in self.endpoints.items():
            for r, c in cells:
                x, y = self.cell_center(r, c)
                cv.create_oval(x - rad, y - rad, x + rad, y + rad, fill=_nl_colour(k),
                               outline="", tags=("endpoint",))
                cv.create_text(x, y, text=self.symbol(k), fill="white", font=font,
                               tags=("label",))

    def symbol(self, k: int) -> str:
        """The label of number ``k``: the loaded file's own symbol, else ``k``."""
        symbols = getattr(self.puzzle, "symbols", None)
        if isinstance(symbols, str) and 0 < k <= len(symbols):
            return symbols[k - 1]
        return str(k)

    # the player's board
    def player_grid(self) -> np.ndarray:
        """The puzzle grid with the player's paths filled in (what ``check`` is given)."""
        g = self.grid.copy()
        for k, cells in self.paths.items():
            for rc in cells:
                g[rc] = k
        return g

    def complete(self, k: int) -> bool:
        cells = self.paths.get(k, [])
        return (len(cells) > 1 and cells[0] in self.endpoints[k]
                and cells[-1] in self.endpoints[k] and cells[0] != cells[-1])

    def update_status(self, note: str = "") -> None:
        if self.grid is None:
            return
        g = self.player_grid()
        empty = int((g == 0).sum())
        done = sum(self.complete(k) for k in self.endpoints)
        self.solved = False
        if empty == 0 and done == len(self.endpoints):
            try:
                self.solved = bool(_numberlink.check(self.grid, g))
                verdict = "Solved! Every pair is joined and every cell is filled."
            except ValueError as exc:
                verdict = f"Not valid yet: {exc}"
        elif done == len(self.endpoints):
            verdict = f"All pairs joined, but {empty} cells are still empty: fill them all."
        else:
            verdict = note or "Drag from a number to draw its path."
        self.say(f"{done} of {len(self.endpoints)} pairs joined, {empty} empty cells.   "
                 f"{verdict}")

    def _snapshot(self) -> None:
        self.history.append({k: list(v) for k, v in self.paths.items()})
        del self.history[:-200]

    def _owner(self, cell):
        for k, cells in self.paths.items():
            if cell in cells:
                return k
        return None

    # mouse
    def on_press(self, event) -> None:
        if self.showing_solution:
            self.toggle_solution()
        cell = self.cell_at(event.x, event.y)
        self.drag = None
        if cell is None or self.grid is None:
            return
        v = int(self.grid[cell])
        if v > 0:  # an endpoint: (re)start its path here
            self._snapshot()
            self.paths[v] = [cell]
            self.drag = v
        else:
            k = self._owner(cell)
            if k is not None:  # a path cell: keep the path up to here and go on from it
                self._snapshot()
                cells = self.paths[k]
                del cells[cells.index(cell) + 1:]
                self.drag = k
        self.redraw()

    def on_drag(self, event) -> None:
        if self.drag is None:
            return
        target = self.cell_at(event.x, event.y)
        if target is None:
            return
        cells = self.paths[self.drag]
        last = cells[-1]
        # a fast drag can skip cells: walk towards the pointer one cell at a time
        changed = False
        for _ in range(sum(self.grid.shape)):
            if last == target:
                break
            dr, dc = target[0] - last[0], target[1] - last[1]
            step = (last[0] + (dr > 0) - (dr < 0), last[1]) if abs(dr) >= abs(dc) else \
                (last[0], last[1] + (dc > 0) - (dc < 0))
            if not self._step(step):
                break
            changed = True
            last = self.paths[self.drag][-1]
        if changed:
            self.redraw()
            self.update_status()

    def _step(self, cell) -> bool:
        """Extend the dragged path into ``cell``, a neighbour of its last cell. False if the
        path cannot go there."""
        k = self.drag
        cells = self.paths[k]
        if cell in cells:  # going back along the path shortens it
            del cells[cells.index(cell) + 1:]
            return True
        if self.complete(k):
            return False
        v = int(self.grid[cell])
        if v < 0 or (v > 0 and v != k):
            return False
        other = self._owner(cell)
        if other is not None and other != k:  # cut the other path here
            ocells = self.paths[other]
            del ocells[ocells.index(cell):]
            if not ocells:
                del self.paths[other]
        cells.append(cell)
        return True

    def on_release(self, event) -> None:
        if self.drag is not None:
            cells = self.paths.get(self.drag, [])
            if len(cells) <= 1:
                self.paths.pop(self.drag, None)
            self.drag = None
            self.redraw()
            self.update_status()

    def on_right_click(self, event) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is None or self.grid is None:
            return
        k = int(self.grid[cell]) if self.grid[cell] > 0 else self._owner(cell)
        if k is not None and k in self.paths:
            self._snapshot()
            del self.paths[k]
            self.redraw()
            self.update_status(f"Path {k} cleared.")

    def undo(self) -> None:
        if self.history:
            self.paths = self.history.pop()
            self.redraw()
            self.update_status("Undone.")
        else:
            self.say("Nothing to undo.")

    def clear_all(self) -> None:
        if self.paths:
            self._snapshot()
            self.paths = {}
            self.redraw()
            self.update_status("All paths cleared.")

    # solution
    def toggle_solution(self) -> None:
        if self.grid is None:
            return
        if self.showing_solution:
            self.showing_solution = False
            self.solution_button.configure(text="Show solution")
            self.redraw()
            self.update_status()
            return
        if self.solution is not None:
            self._show_solution()
            return
        if not self.app.features["numberlink_solve"]:
            self.say("This puzzle has no stored solution and the solver is not available yet.")
            return
        grid = self.grid

        def done(solutions):
            if grid is not self.grid:
                return
            if not len(solutions):
                self.say("The solver found no solution for this puzzle.")
                return
            self.solution = np.array(solutions[0], dtype=np.int16)
            self._show_solution()

        self.run("Solving...", lambda: _numberlink.solve(grid, limit=1), done,
                 lambda exc: self.say(f"Solve: {exc}"))

    def _show_solution(self) -> None:
        self.showing_solution = True
        self.solution_button.configure(text="Hide solution")
        self.redraw()
        self.say("Showing the solution (press again, or draw, to go back to your paths).")


# -- the window --------------------------------------------------------------------------------
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

    def __init__(self, root, tab: str | None = None):
        self.root = root
        self.features = features()
        root.title("trapcore demo")
        root.minsize(640, 480)
        try:
            ttk.Style(root).theme_use("clam")
        except tk.TclError:  # pragma: no cover
            pass
        root.configure(background=BG)
        self.notebook = ttk.Notebook(root)
        self.notebook.pack(fill="both", expand=True)
        self.cat = CatTab(self)
        self.maze = MazeTab(self)
        self.numberlink = NumberlinkTab(self)
        self.tabs = {"cat": self.cat, "maze": self.maze, "numberlink": self.numberlink}
        for t in self.tabs.values():
            self.notebook.add(t.frame, text=t.title)
        self._menu()
        for seq, fn in (("<Control-n>", self.new), ("<Control-N>", self.new),
                        ("<Control-z>", self.undo), ("<Control-Z>", self.undo),
                        ("<Control-q>", self.quit), ("<Control-Q>", self.quit),
                        ("<Escape>", self.cancel)):
            root.bind(seq, lambda e, fn=fn: (fn(), "break")[1])
        for i, name in enumerate(self.TABS, 1):
            root.bind(f"<Control-Key-{i}>", lambda e, name=name: self.select(name))
        root.protocol("WM_DELETE_WINDOW", self.quit)
        if tab:
            self.select(tab)

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
            view.add_command(label=self.tabs[name].title, accelerator=f"Ctrl+{i}",
                             command=lambda name=name: self.select(name))
        menu.add_cascade(label="View", menu=view)
        self.root.configure(menu=menu)

    def select(self, name: str) -> None:
        if name not in self.tabs:
            raise ValueError(f"tab must be one of {', '.join(self.TABS)}, got {name!r}")
        self.notebook.select(self.tabs[name].frame)

    @property
    def current(self) -> _Tab:
        frame = self.root.nametowidget(self.notebook.select())
        return next(t for t in self.tabs.values() if t.frame is frame)

    def new(self) -> None:
        self.current.new()

    def undo(self) -> None:
        self.current.undo()

    def cancel(self) -> None:
        self.current.cancel()

    def quit(self) -> None:
        for t in self.tabs.values():
            t.cancel(quiet=True)
        self.root.destroy()


# -- opening a window, screenshots, command line -----------------------------------------------
class NoDisplay(RuntimeError):
    """No graphical display is available (or tkinter is missing); the message says which."""


def open_root():
    """A ``tkinter.Tk`` root window, or :class:`NoDisplay` with a one-line reason."""
    if tk is None:
        raise NoDisplay("needs tkinter, which this Python lacks "
                        "(on Debian/Ubuntu: apt-get install python3-tk)")
    if (sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            and not os.environ.get("DISPLAY")):
        raise NoDisplay("needs a graphical display, and DISPLAY is not set")
    try:
        return tk.Tk(className="trapcore")
    except tk.TclError as exc:
        raise NoDisplay(f"needs a graphical display, and none could be opened ({exc})"
                        ) from None


def grab_window(root):
    """A PIL image of the window's contents as they are on screen (X11: Pillow's ImageGrab
    with ``xdisplay``)."""
    from PIL import ImageGrab

    root.update()
    x, y = root.winfo_rootx(), root.winfo_rooty()
    w, h = root.winfo_width(), root.winfo_height()
    kw = {}
    if os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        kw["xdisplay"] = os.environ["DISPLAY"]
    return ImageGrab.grab(bbox=(x, y, x + w, y + h), **kw)


def _settle(root, seconds: float = 0.15) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def _wait(root, tab, timeout: float = 30.0, until=None) -> None:
    if until is None:
        def until():
            return not (tab.busy or getattr(tab, "animating", False))
    end = time.monotonic() + timeout
    while not until() and time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def _walk(solution: np.ndarray, start) -> list[tuple[int, int]]:
    """The cells of the solution path through ``start``, in order from ``start`` (a showcase
    helper: it turns a stored solution into the drag a player would make)."""
    k = solution[start]
    cells, prev = [tuple(start)], None
    while True:
        r, c = cells[-1]
        nxt = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < solution.shape[0] and 0 <= c + dc < solution.shape[1]
               and solution[r + dr, c + dc] == k and (r + dr, c + dc) != prev
               and (r + dr, c + dc) not in cells]
        if not nxt:
            return cells
        prev = cells[-1]
        cells.append(nxt[0])


def save_screenshots(app: DemoApp, directory) -> list[Path]:
    """Put each tab in a typical state and save a PNG of the window for it into ``directory``.

    Files: ``cat.png``, ``cat-distances.png``, ``maze-solving.png``, ``maze.png``,
    ``numberlink.png`` and ``numberlink-solution.png`` (those of engines or features missing
    from the build are skipped).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    root = app.root
    root.geometry("980x680")
    _settle(root, 0.3)
    saved = []

    def shot(name):
        _settle(root)
        out = directory / f"{name}.png"
        grab_window(root).save(out)
        saved.append(out)

    cat = app.cat
    app.select("cat")
    cat.seed.set("7")
    cat.new()
    _settle(root)
    for _ in range(3):  # block the first cell of the cat's shortest escape, three times
        path = hexgrid.escape_path(cat.game.board, cat.game.cat)
        if cat.game.status != "playing" or path is None or len(path) < 2:
            break
        cat.play(*map(int, path[1]))
    shot("cat")
    cat.shade.set(True)
    cat.redraw()
    shot("cat-distances")
    cat.shade.set(False)
    cat.seed.set("")

    if app.features["maze"]:
        mz = app.maze
        app.select("maze")
        mz.rows.set("18")
        mz.cols.set("28")
        mz.seed.set("3")
        mz.new()
        _wait(root, mz)
        if app.features["maze_solve"]:
            mz.speed.set(0)  # slow: stop it part-way for a picture of the trail
            mz.solve()
            _wait(root, mz, until=lambda: mz.animating)
            if mz.animating and mz._solution[1] is not None:
                mz._advance(int(len(mz._solution[1][0]) * 0.6))
                shot("maze-solving")
            mz.skip()
            _wait(root, mz)
            mz.speed.set(50)
        shot("maze")
        mz.seed.set("")

    if app.features["numberlink"]:
        nl = app.numberlink
        app.select("numberlink")
        nl.size.set("7")
        nl.seed.set("5")
        nl.new()
        _wait(root, nl)
        _settle(root)
        if nl.solution is not None:  # draw two paths as a player would, by dragging
            for k in list(nl.endpoints)[:2]:
                cells = _walk(nl.solution, nl.endpoints[k][0])
                nl.canvas.event_generate("<ButtonPress-1>", x=nl.cell_center(*cells[0])[0],
                                         y=nl.cell_center(*cells[0])[1])
                for rc in cells[1:]:
                    x, y = nl.cell_center(*rc)
                    nl.canvas.event_generate("<B1-Motion>", x=x, y=y)
                nl.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
        shot("numberlink")
        if nl.solution is not None or app.features["numberlink_solve"]:
            nl.toggle_solution()
            _wait(root, nl)
            shot("numberlink-solution")
            nl.toggle_solution()
        nl.seed.set("")
    app.select("cat")
    return saved


def run(tab: str | None = None, screenshots=None) -> int:
    """Open the demo window (or, with ``screenshots``, save the screenshots and close it).
    Raises :class:`NoDisplay` without a display."""
    root = open_root()
    app = DemoApp(root, tab=tab)
    if screenshots is not None:
        for path in save_screenshots(app, screenshots):
            print(path)
        root.destroy()
        return 0
    try:
        root.mainloop()
    except KeyboardInterrupt:  # Ctrl+C in the terminal that started the window
        try:
            root.destroy()
        except tk.TclError:
            pass
        return 130
    return 0


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The demo's options (shared by ``trapcore demo`` and ``python -m trapcore.demo``)."""
    if parser is None:
        parser = argparse.ArgumentParser(prog="python -m trapcore.demo",
                                         description=__doc__.splitlines()[0])
    parser.add_argument("--tab", choices=DemoApp.TABS, default=None,
                        help="the tab to open first (default: cat)")
    parser.add_argument("--screenshots", metavar="DIR", default=None,
                        help="save a PNG of each tab into DIR, then exit")
    return parser


NO_DISPLAY_HINT = "try `trapcore cat` to play Trap the Cat in the terminal"


def launch(args) -> int:
    """Run the demo for parsed ``args``; without a display print one line and return 1."""
    try:
        return run(tab=args.tab, screenshots=args.screenshots)
    except NoDisplay as exc:
        print(f"trapcore demo: {exc}; {NO_DISPLAY_HINT}.", file=sys.stderr)
        return 1


def main(argv=None) -> int:
    return launch(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
