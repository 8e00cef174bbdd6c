"""The demo's maze tab: carve, watch the wall follower's trail (``Maze.trace``) or BFS's path,
zoom and pan over mazes too big to read whole, save as PNG."""

from __future__ import annotations

import math
import os
import time
import tkinter as tk
from pathlib import Path
from tkinter import filedialog, ttk
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

import trapcore as tc
from trapcore.demo.widgets import MUTED, Tab, parse_int, parse_seed, row, spin
from trapcore.maze import Maze

if TYPE_CHECKING:
    from trapcore.demo.app import DemoApp

#: Maze drawing codes -> colours: wall, open, trail, backtracked, (unused), path.
MAZE_PALETTE = np.array(
    [
        (0x23, 0x2B, 0x36),  # 0 wall
        (0xFF, 0xFF, 0xFF),  # 1 open passage
        (0x9C, 0xC9, 0xF5),  # 2 the follower's live trail
        (0xF7, 0xA8, 0x6B),  # 3 backtracked (a dead end walked out again)
        (0xFC, 0xE8, 0x9A),  # 4 (spare)
        (0x2F, 0xA8, 0x4F),  # 5 the final path
    ],
    dtype=np.uint8,
)
TRAIL, BACK, PATH = 2, 3, 5
#: Below this many pixels a cell, walls and passages cannot be told apart: the tab shows a
#: region at READABLE pixels a cell instead (zoom out to see the whole maze, shrunk).
MIN_READABLE = 4
READABLE = 8
ZOOMS = (4, 6, 8, 12, 16, 24, 32, 48)
#: The View box's note: its width in pixels, and the lines it always has room for (the longest
#: note, a zoomed view of a 4000 x 4000 maze, takes five).
NOTE_WIDTH, NOTE_LINES = 220, 5
#: The largest maze the tab carves and draws (its drawing grid takes about 8 bytes a cell).
MAX_CELLS = 4000 * 4000

#: A solution shown: the path, the robot's moves and their back flags (a wall follower's; None
#: for BFS), the solver's name.
Solved = tuple[np.ndarray, np.ndarray | None, np.ndarray | None, str]


def maze_codes(doors: np.ndarray) -> np.ndarray:
    """The maze as a ``(2R+1, 2C+1)`` grid of codes: 0 wall, 1 passage (cells and open doors)."""
    rows, cols = doors.shape
    g = np.zeros((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)
    g[1::2, 1::2] = 1
    g[2::2, 1::2] = (doors & 3) == 1  # door Down open
    g[1::2, 2::2] = ((doors >> 2) & 3) == 1  # door Right open
    return g


def pixel_map(cells: int, unit: int) -> np.ndarray:
    """Pixel -> code-grid index along one axis, ``unit`` pixels a cell (walls a seventh)."""
    t = max(1, round(unit / 7))
    widths = np.tile([t, max(1, unit - t)], cells + 1)[: 2 * cells + 1]
    return np.repeat(np.arange(2 * cells + 1), widths)


class MazeTab(Tab):
    """Carve a perfect maze, watch a wall follower (or BFS) solve it, save it as PNG."""

    title = "Maze"
    SOLVERS = MappingProxyType(
        {"right hand": ("wall", "right"), "left hand": ("wall", "left"), "BFS": ("bfs", None)}
    )

    def __init__(self, app: DemoApp) -> None:
        super().__init__(app)
        self.maze: Maze | None = None
        self.seed_used: int | None = None
        self._codes: np.ndarray = np.zeros((0, 0), dtype=np.uint8)  # maze_codes of the maze
        self._solution: Solved | None = None
        self.shown = 0
        self._anim: str | None = None
        self._overlay: np.ndarray | None = None
        self._photo: tk.PhotoImage | None = None
        self.unit: int | None = None  # pixels a cell; None: fit the window; 0: whole, shrunk
        self.origin = (0.0, 0.0)  # the top-left cell shown (row, col), when zoomed
        self._press: tuple[int, int, tuple[float, float]] | None = None
        self.overview = 1  # code-grid entries a pixel in a shrunk whole-maze view

        methods = list(tc.maze.METHODS)
        self.rows = tk.StringVar(value="20")
        self.cols = tk.StringVar(value="30")
        self.seed = tk.StringVar(value="")
        self.method = tk.StringVar(value=methods[0])
        self.solver = tk.StringVar(value="right hand")
        self.speed = tk.DoubleVar(value=50.0)
        self.speed_text = tk.StringVar()
        self.view_text = tk.StringVar()

        panel = self.panel
        carve = ttk.LabelFrame(panel, text="Carve")
        carve.pack(fill="x", pady=(0, 4))
        row(carve, 0, "Rows", spin(carve, self.rows, 2, 4000))
        row(carve, 1, "Columns", spin(carve, self.cols, 2, 4000))
        row(carve, 2, "Seed", ttk.Entry(carve, textvariable=self.seed, width=8))
        row(
            carve,
            3,
            "Method",
            ttk.Combobox(
                carve, textvariable=self.method, values=methods, state="readonly", width=11
            ),
        )
        self.carve_button = ttk.Button(carve, text="Carve (Ctrl+N)", command=self.new)
        self.carve_button.grid(row=4, column=0, columnspan=2, sticky="ew", padx=6, pady=3)

        solve = ttk.LabelFrame(panel, text="Solve: entrance (blue) to exit (red)")
        solve.pack(fill="x", pady=(0, 4))
        self.solver_box = ttk.Combobox(
            solve, textvariable=self.solver, values=list(self.SOLVERS), state="readonly", width=11
        )
        row(solve, 0, "Solver", self.solver_box)
        self.speed_scale = ttk.Scale(solve, from_=0, to=100, variable=self.speed)
        self.speed.trace_add("write", lambda *a: self._speed_changed())
        row(solve, 1, "Speed", self.speed_scale)
        ttk.Label(solve, textvariable=self.speed_text, foreground=MUTED).grid(
            row=2, column=0, columnspan=2, sticky="e", padx=6
        )
        buttons = ttk.Frame(solve)
        buttons.grid(row=3, column=0, columnspan=2, sticky="ew", padx=4, pady=2)
        self.solve_button = ttk.Button(buttons, text="Solve", command=self.solve, width=6)
        self.skip_button = ttk.Button(buttons, text="Skip", command=self.skip, width=5)
        self.clear_button = ttk.Button(buttons, text="Clear", command=self.undo, width=6)
        for b in (self.solve_button, self.skip_button, self.clear_button):
            b.pack(side="left", fill="x", expand=True, padx=1)
        legend = ttk.Frame(solve)
        legend.grid(row=4, column=0, columnspan=2, sticky="w", padx=6, pady=(0, 2))
        for i, (code, text) in enumerate(((TRAIL, "trail"), (BACK, "backtracked"), (PATH, "path"))):
            colour = "#{:02x}{:02x}{:02x}".format(*MAZE_PALETTE[code])
            tk.Label(legend, width=2, background=colour).grid(
                row=0, column=2 * i, padx=(0 if i == 0 else 6, 2)
            )
            ttk.Label(legend, text=text).grid(row=0, column=2 * i + 1)

        view = ttk.LabelFrame(panel, text="View")
        view.pack(fill="x", pady=(0, 4))
        zoom = ttk.Frame(view)
        zoom.pack(fill="x", padx=4, pady=2)
        self.zoom_out_button = ttk.Button(zoom, text="−", width=3, command=self.zoom_out)
        self.zoom_in_button = ttk.Button(zoom, text="+", width=3, command=self.zoom_in)
        self.fit_button = ttk.Button(zoom, text="Whole maze", command=self.fit)
        self.zoom_out_button.pack(side="left", padx=1)
        self.zoom_in_button.pack(side="left", padx=1)
        self.fit_button.pack(side="left", fill="x", expand=True, padx=1)
        # the note's box keeps NOTE_LINES lines whatever it says, so the buttons below stay put
        self.view_note = ttk.Frame(view, width=NOTE_WIDTH)
        self.view_note.pack(fill="x", padx=6, pady=(0, 2))
        self.view_label = ttk.Label(
            self.view_note,
            textvariable=self.view_text,
            foreground=MUTED,
            justify="left",
            anchor="nw",
            wraplength=NOTE_WIDTH,
        )
        self.view_label.pack(fill="both", expand=True)
        self.view_text.set("\n".join(["Xg"] * NOTE_LINES))  # the box's height, padding and all
        self.view_label.update_idletasks()
        self.view_note.configure(height=self.view_label.winfo_reqheight())
        self.view_note.pack_propagate(False)
        self.view_text.set("")
        self.save_button = ttk.Button(panel, text="Save as PNG...", command=self.save_dialog)
        self.save_button.pack(fill="x", pady=(0, 4))

        cv = self.canvas
        cv.bind("<ButtonPress-1>", self._on_press)
        cv.bind("<B1-Motion>", self._on_drag)
        cv.bind("<ButtonRelease-1>", lambda e: setattr(self, "_press", None))
        cv.bind("<Button-4>", lambda e: self.zoom_in(e.x, e.y))
        cv.bind("<Button-5>", lambda e: self.zoom_out(e.x, e.y))
        cv.bind(
            "<MouseWheel>", lambda e: (self.zoom_in if e.delta > 0 else self.zoom_out)(e.x, e.y)
        )
        self._speed_changed()
        self.new()

    def _current(self) -> Maze:
        """The maze on show (the first is carved as the tab opens)."""
        if self.maze is None:
            raise RuntimeError("the maze tab has no maze yet")
        return self.maze

    # speed: the slider is logarithmic, 1 to 20000 moves a second
    def steps_per_second(self) -> float:
        return 10 ** (self.speed.get() / 100 * math.log10(20000))

    def _speed_changed(self) -> None:
        v = self.steps_per_second()
        self.speed_text.set(f"{v:,.0f} move{'s' if round(v) != 1 else ''} a second")

    # carving
    def new(self) -> None:
        try:
            rows = parse_int(self.rows.get(), "rows")
            cols = parse_int(self.cols.get(), "cols")
            seed = parse_seed(self.seed.get())
        except ValueError as exc:
            self.say_error(f"Carve: {exc}")
            return
        if rows * cols > MAX_CELLS:
            self.say_error(
                f"Carve: {rows} x {cols} is more than the {MAX_CELLS:,} cells the demo "
                "draws (4000 x 4000); the library carves up to 8192 x 8192 "
                "(tc.Maze.carve, then to_image)."
            )
            return
        method = self.method.get()
        self._stop_animation()

        def done(maze: Maze) -> None:
            self.maze, self.seed_used = maze, seed
            self._codes = maze_codes(maze.doors)
            self._solution = self._overlay = None
            self.shown = 0
            self.unit = None
            self.redraw()
            self.say(
                f"{rows} x {cols} maze carved by {method} (seed {seed}). Pick a solver "
                "and press Solve."
            )

        self.run(
            f"Carving {rows} x {cols}...",
            lambda: tc.Maze.carve(rows, cols, seed=seed, method=method),
            done,
            lambda exc: self.say_error(f"Carve: {exc}"),
            makes_board=True,
        )

    # the view: the whole maze when it is readable, else a region (zoom and pan)
    def fit_unit(self) -> float:
        width, height = self.canvas_size()
        maze = self._current()
        return min((width - 16) / maze.cols, (height - 16) / maze.rows)

    def zoomed(self) -> bool:
        """Whether the view shows a region (True) rather than the whole maze."""
        return self.unit is not None or self.fit_unit() < MIN_READABLE

    def _unit(self) -> int:
        if self.unit is not None:
            return self.unit
        fit = self.fit_unit()
        return int(fit) if fit >= MIN_READABLE else READABLE

    def view_cells(self) -> tuple[int, int, int, int]:
        """The cells shown: ``(first row, last row, first col, last col)``, inclusive."""
        rows, cols = self._current().shape
        if not self.zoomed() or self.overview > 1:
            return 0, rows - 1, 0, cols - 1
        rr = self._ri // 2
        cc = self._ci // 2
        return (
            int(min(rr[0], rows - 1)),
            int(min(rr[-1], rows - 1)),
            int(min(cc[0], cols - 1)),
            int(min(cc[-1], cols - 1)),
        )

    def centre_on(self, cell: tuple[int, int]) -> None:
        """Put ``cell`` in the middle of a zoomed view."""
        width, height = self.canvas_size()
        unit = self._unit()
        self.origin = (cell[0] - height / unit / 2, cell[1] - width / unit / 2)

    def _set_unit(self, unit: int | None, x: float | None = None, y: float | None = None) -> None:
        width, height = self.canvas_size()
        x = width / 2 if x is None else x
        y = height / 2 if y is None else y
        if self.zoomed() and self.overview == 1:
            old = self._unit()
            at = (self.origin[0] + y / old, self.origin[1] + x / old)
        else:
            maze = self._current()
            at = (maze.rows * y / height, maze.cols * x / width)
        self.unit = unit
        if unit is not None:
            self.origin = (at[0] - y / unit, at[1] - x / unit)
        self.redraw()

    def zoom_in(self, x: float | None = None, y: float | None = None) -> None:
        if self.maze is None:
            return
        cur = self._unit() if self.overview == 1 else 1
        bigger = [z for z in ZOOMS if z > cur]
        if bigger:
            self._set_unit(bigger[0], x, y)

    def zoom_out(self, x: float | None = None, y: float | None = None) -> None:
        if self.maze is None:
            return
        cur = self._unit() if self.overview == 1 else 1
        smaller = [z for z in ZOOMS if z < cur]
        if not smaller or smaller[-1] <= self.fit_unit():
            self.fit()
        else:
            self._set_unit(smaller[-1], x, y)

    def fit(self) -> None:
        """Show the whole maze (shrunk, with blurred walls, when it is too big to read)."""
        if self.maze is None:
            return
        self.unit = 0
        self.redraw()

    def _on_press(self, event: tk.Event[tk.Canvas]) -> None:
        self._press = (event.x, event.y, self.origin)

    def _on_drag(self, event: tk.Event[tk.Canvas]) -> None:
        if self._press is None or self.maze is None or not self.zoomed() or self.overview > 1:
            return
        x, y, (r0, c0) = self._press
        unit = self._unit()
        self.origin = (r0 - (event.y - y) / unit, c0 - (event.x - x) / unit)
        self.redraw()

    # drawing
    def redraw(self) -> None:
        if self.maze is None:
            return
        width, height = self.canvas_size()
        rows, cols = self.maze.shape
        fit = self.fit_unit()
        self.overview = 1
        if self.unit == 0 and fit >= MIN_READABLE:
            self.unit = None
        if self.unit == 0:  # the whole maze shrunk: k code-grid entries a pixel, averaged
            n = max(2 * rows + 1, 2 * cols + 1)
            self.overview = k = max(1, math.ceil(n / max(8, min(width, height) - 16)))
            self._ri = np.arange(0, 2 * rows + 1, k)
            self._ci = np.arange(0, 2 * cols + 1, k)
        else:
            unit = self._unit()
            self._ri = pixel_map(rows, unit)
            self._ci = pixel_map(cols, unit)
            if self.zoomed():
                max_r = max(0.0, rows - (height - 16) / unit)
                max_c = max(0.0, cols - (width - 16) / unit)
                r0 = min(max(self.origin[0], 0.0), max_r)
                c0 = min(max(self.origin[1], 0.0), max_c)
                self.origin = (r0, c0)
                oy, ox = int(r0 * unit), int(c0 * unit)
                self._ri = self._ri[oy : oy + height - 16]
                self._ci = self._ci[ox : ox + width - 16]
        self._x0 = (width - len(self._ci)) // 2
        self._y0 = (height - len(self._ri)) // 2
        self.canvas.delete("all")
        self._image_item = self.canvas.create_image(self._x0, self._y0, anchor="nw")
        self._paint()
        self._draw_markers()
        self.view_text.set(self._describe_view())

    def _describe_view(self) -> str:
        rows, cols = self._current().shape
        if self.overview > 1:
            return (
                f"Whole {rows} x {cols} maze, one pixel for {self.overview / 2:g} cells "
                "(walls blurred; the path stays marked). Zoom in (+, wheel) to read it."
            )
        if not self.zoomed():
            return f"Whole {rows} x {cols} maze, {self._unit()} px a cell."
        r0, r1, c0, c1 = self.view_cells()
        share = 100 * (r1 - r0 + 1) * (c1 - c0 + 1) / (rows * cols)
        return (
            f"Showing rows {r0}-{r1}, columns {c0}-{c1} of {rows} x {cols} ({share:.2g}% "
            f"of the maze), {self._unit()} px a cell. Drag to pan, wheel or +/- to zoom."
        )

    def _paint(self) -> None:
        if self.overview > 1:
            rgb = self._overview_rgb()
        else:
            codes = self._codes[np.ix_(self._ri, self._ci)]
            if self._overlay is not None:
                ov = self._overlay[np.ix_(self._ri, self._ci)]
                codes = np.where((ov > 0) & (codes > 0), ov, codes)
            rgb = MAZE_PALETTE[codes]
        h, w = rgb.shape[:2]
        self._photo = tk.PhotoImage(data=b"P6 %d %d 255\n" % (w, h) + rgb.tobytes(), format="PPM")
        self.canvas.itemconfigure(self._image_item, image=self._photo)

    def _overview_rgb(self) -> np.ndarray:
        """Each pixel the mean colour of its k x k block of codes, the solver's marks on top."""
        k = self.overview
        h, w = len(self._ri), len(self._ci)
        pad = np.zeros((h * k, w * k), dtype=np.uint8)
        src = self._codes[: h * k, : w * k]
        pad[: src.shape[0], : src.shape[1]] = src
        blocks = pad.reshape(h, k, w, k)
        light = blocks.mean(axis=(1, 3))[..., None]
        rgb: np.ndarray = MAZE_PALETTE[0] + light * (
            MAZE_PALETTE[1].astype(float) - MAZE_PALETTE[0]
        )
        if self._overlay is not None:
            ov = np.zeros_like(pad)
            osrc = self._overlay[: h * k, : w * k]
            ov[: osrc.shape[0], : osrc.shape[1]] = osrc
            mark = ov.reshape(h, k, w, k).max(axis=(1, 3))
            rgb = np.where(mark[..., None] > 0, MAZE_PALETTE[mark], rgb)
        return rgb.astype(np.uint8)

    def cell_box(self, r: int, c: int) -> tuple[int, int, int, int] | None:
        """Canvas box ``(x0, y0, x1, y1)`` of maze cell ``(r, c)``; None when out of view."""
        if self.overview > 1:
            y = int(np.searchsorted(self._ri, 2 * r + 1))
            x = int(np.searchsorted(self._ci, 2 * c + 1))
            return self._x0 + x, self._y0 + y, self._x0 + x + 1, self._y0 + y + 1
        ys = np.flatnonzero(self._ri == 2 * r + 1)
        xs = np.flatnonzero(self._ci == 2 * c + 1)
        if len(ys) == 0 or len(xs) == 0:
            return None
        x, y, x1, y1 = int(xs[0]), int(ys[0]), int(xs[-1]), int(ys[-1])
        return self._x0 + x, self._y0 + y, self._x0 + x1 + 1, self._y0 + y1 + 1

    def _draw_markers(self) -> None:
        maze = self._current()
        for cell, colour in ((maze.entrance, "#1864ab"), (maze.exit, "#e03131")):
            box = self.cell_box(*cell)
            if box is not None:
                x0, y0, x1, y1 = box
                self.canvas.create_rectangle(
                    x0 - 1, y0 - 1, x1 + 1, y1 + 1, outline=colour, width=2, tags=("marker",)
                )

    # solving
    def solve(self) -> None:
        if self.maze is None or self.wait_for_board("Solve", self.solve):
            return
        self._stop_animation()
        name = self.solver.get()
        method, hand = self.SOLVERS[name]
        maze = self.maze

        def work() -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
            if method == "wall":
                t = maze.trace(hand=hand or "right")
                return t.path, t.moves, t.back
            return maze.solve(method=method), None, None

        def done(result: tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]) -> None:
            if maze is not self.maze:
                return
            path, moves, back = result
            if path is None:
                self.say_error(f"{name}: the exit cannot be reached.")
                return
            self._solution = (path, moves, back, name)
            self._overlay = np.zeros(self._codes.shape, dtype=np.uint8)
            self.shown = 0
            if moves is None or len(moves) == 0:
                self._finish()
            else:
                self._start_animation()

        self.run(f"Solving ({name})...", work, done, lambda exc: self.say_error(f"Solve: {exc}"))

    def _shown(self) -> tuple[Solved, np.ndarray]:
        """The solution shown and the overlay it is painted into."""
        if self._solution is None or self._overlay is None:
            raise RuntimeError("no solution is shown")
        return self._solution, self._overlay

    def _walk(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, str]:
        """The walk animated: its moves, their back flags, the overlay, the solver's name."""
        (_path, moves, back, name), overlay = self._shown()
        if moves is None or back is None:
            raise RuntimeError(f"{name} has no walk to animate")
        return moves, back, overlay, name

    def _start_animation(self) -> None:
        name = self._walk()[3]
        self.busybar.show(f"Walking ({name})...", determinate=True)
        self.say(f"{name.capitalize()}: blue trail, orange dead ends. Esc stops.")
        self._budget = 1.0  # the first move shows at once
        self._last = time.monotonic()
        self._anim = self.root.after(1, self._tick)

    def _tick(self) -> None:
        self._anim = None
        moves = self._walk()[0]
        now = time.monotonic()
        self._budget += (now - self._last) * self.steps_per_second()
        self._last = now
        k = int(self._budget)
        if k < 1:
            self._anim = self.root.after(15, self._tick)
            return
        self._budget -= k
        self.advance(min(len(moves), self.shown + k))
        if self.shown >= len(moves):
            self._finish()
        else:
            delay = 30 if k > 1 else max(10, int(1000 / self.steps_per_second()))
            self._anim = self.root.after(delay, self._tick)

    def advance(self, end: int) -> None:
        """Paint the robot's moves ``shown .. end-1`` into the overlay, in order; a zoomed view
        follows the robot."""
        cells, back, ov, _name = self._walk()
        i, j = self.shown, end
        if j <= i:
            return
        width = ov.shape[1]
        lo = max(i, 1)
        a, b = cells[lo - 1 : j - 1], cells[lo:j]
        flags = back[lo:j]
        mid = (a[:, 0] + b[:, 0] + 1) * width + a[:, 1] + b[:, 1] + 1
        # forward moves colour the cell entered; back moves the cell left behind
        left = np.where(flags[:, None], a, b)
        cell = (2 * left[:, 0] + 1) * width + 2 * left[:, 1] + 1
        code = np.where(flags, BACK, TRAIL).astype(np.uint8)
        idx = np.stack([mid, cell], axis=1).ravel()
        val = np.repeat(code, 2)
        if i == 0:
            idx = np.concatenate([[(2 * cells[0, 0] + 1) * width + 2 * cells[0, 1] + 1], idx])
            val = np.concatenate([[TRAIL], val]).astype(np.uint8)
        uniq, first = np.unique(idx[::-1], return_index=True)  # the last write to a pixel wins
        ov.flat[uniq] = val[::-1][first]
        self.shown = j
        self.busybar.progress(j / len(cells))
        if self.zoomed() and self.overview == 1:
            r, c = (int(v) for v in cells[j - 1])
            r0, r1, c0, c1 = self.view_cells()
            mr, mc = max(1, (r1 - r0) // 8), max(1, (c1 - c0) // 8)
            if not (r0 + mr <= r <= r1 - mr and c0 + mc <= c <= c1 - mc):
                self.centre_on((r, c))
                self.redraw()
                return
        self._paint()

    def _finish(self) -> None:
        (path, moves, back, name), ov = self._shown()
        width = ov.shape[1]
        if moves is not None and self.shown < len(moves):
            # the rest at once, without replaying the order: at the goal every cell and passage
            # the robot walked is either on the path (painted below) or was walked back out of
            seg = moves[max(self.shown - 1, 0) :]
            ov.flat[(2 * seg[:, 0] + 1) * width + 2 * seg[:, 1] + 1] = BACK
            if len(seg) > 1:
                a, b = seg[:-1], seg[1:]
                ov.flat[(a[:, 0] + b[:, 0] + 1) * width + a[:, 1] + b[:, 1] + 1] = BACK
            self.shown = len(moves)
        p = np.asarray(path)
        ov.flat[(2 * p[:, 0] + 1) * width + 2 * p[:, 1] + 1] = PATH
        if len(p) > 1:
            ov.flat[(p[:-1, 0] + p[1:, 0] + 1) * width + p[:-1, 1] + p[1:, 1] + 1] = PATH
        self._paint()
        self.busybar.hide()
        how = ""
        if moves is not None and back is not None:
            how = f"{len(moves) - 1:,} moves ({int(back.sum()):,} of them back out of dead ends), "
        self.say(f"Solved by {name}: {how}path of {len(p):,} cells.")

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

    def close(self) -> None:
        self._stop_animation()
        super().close()

    def undo(self) -> None:
        """Clear the solution from the drawing."""
        self._stop_animation()
        if self.maze is not None:
            self._solution = self._overlay = None
            self.shown = 0
            self._paint()
            self.say("Solution cleared.")

    @property
    def animating(self) -> bool:
        return self._anim is not None

    # saving
    def save_png(self, filename: str | os.PathLike[str]) -> Path:
        """Save the maze (and the path and the trail, once solved) through ``Maze.to_image``."""
        maze = self._current()
        rows, cols = maze.shape
        cell = int(max(2, min(16, 2400 // max(rows, cols))))
        path = moves = None  # to_image's defaults: no path, no trail
        if self._solution is not None and not self.animating:
            path, moves, _back, _name = self._solution
        image = maze.to_image(scale=cell, wall=2 if cell >= 8 else 1, path=path, trace=moves)
        target = Path(filename)
        from PIL import Image  # to_image needed it already

        from trapcore._io import atomic_open  # a symlink written through, a device refused

        fmt = Image.registered_extensions().get(target.suffix.lower(), "PNG")
        with atomic_open(target, "wb", name="filename") as fh:
            image.save(fh, format=fmt)
        self.say(f"Saved {target} ({image.size[0]} x {image.size[1]} pixels).")
        return target

    def save_dialog(self) -> None:
        if self.maze is None or self.wait_for_board("Save", self.save_dialog):
            return
        name = filedialog.asksaveasfilename(
            parent=self.root,
            defaultextension=".png",
            filetypes=[("PNG image", "*.png")],
            initialfile="maze.png",
        )
        if name:
            try:
                self.save_png(name)
            except ImportError:
                from trapcore._extras import hint

                self.say_error(hint("PIL", "Saving") + ".")
            except (OSError, ValueError) as exc:
                self.say_error(f"Save: {exc}")
