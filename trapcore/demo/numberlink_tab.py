"""The demo's Numberlink tab: generate or load a puzzle, draw paths by dragging, check them with
the library, show the solution, hint at the next deduction and why; a distinct colour for every
pair."""

from __future__ import annotations

import math
import os
import tkinter as tk
import tkinter.font as tkfont
from pathlib import Path
from tkinter import filedialog, ttk
from typing import TYPE_CHECKING

import numpy as np

import trapcore as tc
from trapcore._palette import distinct_colors, hex_color, lab, label_color
from trapcore._types import Cell
from trapcore.demo.numberlink_hint import Hint, next_hint
from trapcore.demo.widgets import (
    BLOCKED,
    ERROR,
    HINT,
    MUTED,
    Tab,
    mix,
    parse_int,
    parse_seed,
    row,
    spin,
)
from trapcore.numberlink import Deduction, Puzzle

if TYPE_CHECKING:
    from trapcore.demo.app import DemoApp

Paths = dict[int, list[Cell]]

#: The first pairs' colours: the start of :func:`pair_colours` (the same for every puzzle).
PALETTE = tuple(hex_color(c) for c in distinct_colors(16))
#: The file dialog's filters: all files first, since shared puzzle files have no extension.
FILETYPES = [("All files", "*"), ("Text", "*.txt")]


def _rgb(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def ink(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour`` (WCAG contrast ratio)."""
    return hex_color(label_color(_rgb(colour)))


def pair_colours(n: int) -> list[str]:
    """``n`` distinct colours, each as far as can be (in CIELAB, where distance is what the eye
    sees) from all earlier ones (:func:`trapcore._palette.distinct_colors`): with 40 pairs on a
    board, no two pairs look alike, and pair ``k`` keeps its colour whatever ``n``."""
    return [hex_color(c) for c in distinct_colors(n)]


def _side_by_side(grid: np.ndarray, reach: int) -> list[np.ndarray]:
    """Pairs of different positive labels of ``grid`` at most ``reach`` squares apart (in rows
    and in columns), one array of ``(a, b)`` rows per offset."""
    rows, cols = grid.shape
    found = []
    for dr in range(reach + 1):
        for dc in range(-reach, reach + 1):
            if dr == 0 and dc <= 0:
                continue  # each offset once: (dr, dc) and (-dr, -dc) give the same pairs
            a = grid[: rows - dr, max(0, -dc) : cols - max(0, dc)]
            b = grid[dr:, max(0, dc) : cols + min(0, dc)]
            touch = (a > 0) & (b > 0) & (a != b)
            found.append(np.stack([a[touch], b[touch]], axis=1))
    return found


def touching_pairs(grid: np.ndarray, solution: np.ndarray | None = None) -> np.ndarray:
    """The pairs that sit side by side, as rows ``(j, k)`` with ``j < k``: their solution paths
    touch (diagonals too), or their numbers are within two squares of each other."""
    found = [np.zeros((0, 2), dtype=np.int64)]
    found += _side_by_side(np.asarray(grid, dtype=np.int64), 2)
    if solution is not None:
        found += _side_by_side(np.asarray(solution, dtype=np.int64), 1)
    return np.unique(np.sort(np.concatenate(found), axis=1), axis=0)


def assign_colours(n: int, touching: np.ndarray) -> list[str]:
    """A colour for each of pairs ``1..n``: all distinct, each pair taking the one (of
    :func:`pair_colours` of half as many again, for room to choose) farthest in CIELAB from the
    colours of the pairs it touches (``touching``, as :func:`touching_pairs` gives), the pairs
    with the most neighbours first: neighbours differ clearly however many pairs there are."""
    palette = pair_colours(n + max(8, n // 2))
    if n == 0:
        return []
    pts = lab([_rgb(c) for c in palette])
    neighbours: list[list[int]] = [[] for _ in range(n + 1)]
    for j, k in touching.tolist():
        if 0 < j <= n and 0 < k <= n:
            neighbours[j].append(k)
            neighbours[k].append(j)
    chosen: dict[int, int] = {}
    free = np.ones(len(palette), dtype=bool)
    for k in sorted(range(1, n + 1), key=lambda k: (-len(neighbours[k]), k)):
        taken = [chosen[j] for j in neighbours[k] if j in chosen]
        if taken:
            gap = np.linalg.norm(pts[:, None, :] - pts[None, taken, :], axis=2).min(axis=1)
            i = int(np.argmax(np.where(free, gap, -1.0)))
        else:
            i = int(np.argmax(free))  # the first colour left: the palette's most distinct
        chosen[k] = i
        free[i] = False
    return [palette[chosen[k]] for k in range(1, n + 1)]


#: The smallest label font, in pixels: below it a number is not drawn (pointing at its disc
#: shows it, as the status line says).
MIN_LABEL_PX = 7


def label_font(
    text: str, radius: float, fonts: dict[int, tkfont.Font], root: tk.Misc
) -> tkfont.Font | None:
    """The largest bold font (in pixels) whose ``text`` fits inside a disc of ``radius``: the
    box of its digits (width by ascent) inside the circle. None when even ``MIN_LABEL_PX``
    spills. ``fonts`` caches them by size for ``root``'s window."""
    for size in range(max(MIN_LABEL_PX, int(radius * 1.15)), MIN_LABEL_PX - 1, -1):
        font = fonts.get(size)
        if font is None:
            font = fonts[size] = tkfont.Font(
                root=root, family="TkDefaultFont", size=-size, weight="bold"
            )
        half_w, half_h = font.measure(text) / 2 + 1, font.metrics("ascent") / 2 + 1
        if half_w**2 + half_h**2 <= radius**2:
            return font
    return None


class NumberlinkTab(Tab):
    """Numberlink: drag from an endpoint to draw its path; the library checks the board."""

    title = "Numberlink"

    def __init__(self, app: DemoApp) -> None:
        super().__init__(app)
        self.puzzle: Puzzle | None = None
        self.grid: np.ndarray | None = None
        self.paths: Paths = {}
        self.history: list[Paths] = []
        self.solution: np.ndarray | None = None
        self.showing_solution = False
        self.solved = False
        self.drag: int | None = None  # the pair whose path is being dragged
        self.endpoints: Paths = {}
        self.colours: list[str] = []
        self.touching = np.zeros((0, 2), dtype=np.int64)  # touching_pairs of the puzzle
        self._geom: tuple[float, float, float] | None = None  # left, top, cell size
        self._last_dir: str | None = None
        self._fonts: dict[int, tkfont.Font] = {}  # labels' fonts by pixel size (label_font)
        self.hidden_labels: set[int] = set()  # pairs whose number does not fit its discs
        self._hover: Cell | None = None  # the disc whose hidden number is shown
        self.hint_shown: Hint | None = None  # ringed on the board until the drawing changes
        self._deduction: tuple[Puzzle, Deduction] | None = None  # the puzzle's, for hints
        self.generated = False  # the puzzle came from generate: its solution is unique

        self.size = tk.StringVar(value="7")
        self.seed = tk.StringVar(value="")
        self.difficulty = tk.StringVar(value="any")
        self.long_paths = tk.BooleanVar(value=True)
        self.solids = tk.BooleanVar(value=False)
        panel = self.panel
        gen = ttk.LabelFrame(panel, text="Generate")
        gen.pack(fill="x", pady=(0, 4))
        row(gen, 0, "Size", spin(gen, self.size, 2, 70))
        row(gen, 1, "Seed", ttk.Entry(gen, textvariable=self.seed, width=8))
        self.difficulty_box = ttk.Combobox(
            gen,
            textvariable=self.difficulty,
            width=8,
            values=["any", *tc.numberlink.DIFFICULTY_LEVELS],
            state="readonly",
        )
        row(gen, 2, "Difficulty", self.difficulty_box)
        self.long_paths_box = ttk.Checkbutton(
            gen, text="Long paths (7x7 to 15x15)", variable=self.long_paths
        )
        self.long_paths_box.grid(row=3, column=0, columnspan=2, sticky="w", padx=6)
        self.solids_box = ttk.Checkbutton(gen, text="Solid squares", variable=self.solids)
        self.solids_box.grid(row=4, column=0, columnspan=2, sticky="w", padx=6)
        self.generate_button = ttk.Button(gen, text="Generate (Ctrl+N)", command=self.new)
        self.generate_button.grid(row=5, column=0, columnspan=2, sticky="ew", padx=6, pady=3)
        self.load_button = ttk.Button(gen, text="Load puzzle...", command=self.load_dialog)
        self.load_button.grid(row=6, column=0, columnspan=2, sticky="ew", padx=6, pady=(0, 3))

        play = ttk.LabelFrame(panel, text="Play")
        play.pack(fill="x")
        self.undo_button = ttk.Button(play, text="Undo (Ctrl+Z)", command=self.undo)
        self.undo_button.pack(fill="x", padx=6, pady=2)
        self.clear_button = ttk.Button(play, text="Clear all paths", command=self.clear_all)
        self.clear_button.pack(fill="x", padx=6, pady=2)
        self.solution_button = ttk.Button(play, text="Show solution", command=self.toggle_solution)
        self.solution_button.pack(fill="x", padx=6, pady=2)
        self.hint_button = ttk.Button(play, text="Hint (Ctrl+H)", command=self.hint)
        self.hint_button.pack(fill="x", padx=6, pady=2)
        ttk.Label(
            panel,
            text="Drag from a number to draw its path\nto the other copy; fill "
            "every cell.\nDrag over a path to redraw it;\nright-click a path to clear it.",
            foreground=MUTED,
            justify="left",
        ).pack(anchor="w", pady=4)

        cv = self.canvas
        cv.bind("<ButtonPress-1>", self.on_press)
        cv.bind("<B1-Motion>", self.on_drag)
        cv.bind("<ButtonRelease-1>", self.on_release)
        cv.bind("<Button-3>", self.on_right_click)
        cv.bind("<Motion>", lambda e: self.show_hidden_label(self.cell_at(e.x, e.y)))
        self.new()

    # puzzle in
    def new(self) -> None:
        try:
            n = parse_int(self.size.get(), "size")
            seed = parse_seed(self.seed.get())
        except ValueError as exc:
            self.say_error(f"Generate: {exc}")
            return
        choice = self.difficulty.get()
        level = None if choice in ("", "any") else choice
        # checked: generate's default (long paths where their proofs stay quick); else 0.1's
        long_paths = None if self.long_paths.get() else False
        solids = bool(self.solids.get())

        def done(puzzle: Puzzle) -> None:
            self.generated = True
            self.set_puzzle(
                puzzle,
                f"{n} x {n} puzzle (seed {seed}, difficulty {puzzle.difficulty:.1f}: "
                f"{tc.numberlink.difficulty_level(puzzle)} for its size)",
            )

        self.run(
            f"Generating {n} x {n}...",
            lambda: tc.numberlink.generate(
                n, seed=seed, difficulty=level, long_paths=long_paths, solids=solids
            ),
            done,
            lambda exc: self.say_error(f"Generate: {exc}"),
            makes_board=True,
        )

    def set_puzzle(self, puzzle: Puzzle, label: str = "puzzle") -> None:
        self.puzzle = puzzle
        self.grid = grid = np.array(puzzle.grid, dtype=np.int16)
        sol = puzzle.solution
        self.solution = None if sol is None else np.array(sol, dtype=np.int16)
        self.paths, self.history = {}, []
        self.showing_solution = False
        self.solution_button.configure(text="Show solution")
        self.solved = False
        self.drag = None
        self.hint_shown = None
        ks = np.unique(grid[grid > 0])
        self.endpoints = {int(k): [(int(r), int(c)) for r, c in np.argwhere(grid == k)] for k in ks}
        self.touching = touching_pairs(grid, self.solution)
        self.colours = assign_colours(int(ks.max()) if len(ks) else 0, self.touching)
        rows, cols = grid.shape
        self.size.set(str(max(rows, cols)))  # the fields follow what is shown
        self.label = label
        self.redraw()
        self.update_status(f"{label}: {len(ks)} pairs. Drag from a number to draw a path.")

    def load(self, filename: str | os.PathLike[str]) -> bool:
        """Load the first puzzle of a text file (``Puzzle.from_file``; any name, with or without
        an extension; ``~`` is expanded). False, with the reason in the status line, if not."""
        path = Path(str(filename).strip()).expanduser()
        if path.is_dir():
            self.say_error(f"Load: {path} is a folder; pick a puzzle file in it.")
            return False
        try:
            puzzle = tc.numberlink.Puzzle.from_file(path)
        except (OSError, ValueError, TypeError) as exc:
            self.say_error(f"Load: {exc}")
            return False
        try:
            count = sum(1 for _ in tc.numberlink.read_puzzles(path))
        except (OSError, ValueError):
            count = 0
        name = path.name
        if count > 1:
            name += f" (the first of {count} puzzles)"
        self._last_dir = str(path.parent)
        replaced = self.task_label.rstrip(".") if self.task is not None else ""
        self.cancel(quiet=True)  # a puzzle still being generated must not replace this one
        self.seed.set("")  # a loaded puzzle has no seed: the field must not claim one
        self.generated = False
        self.set_puzzle(puzzle, name)
        if replaced:
            self.say(f"{self.status.get()} ({replaced} cancelled.)")
        return True

    def load_dialog(self) -> None:
        """Ask for a file (all files shown by default: puzzle files often have no extension)."""
        name = filedialog.askopenfilename(
            parent=self.root,
            title="Load a Numberlink puzzle",
            filetypes=FILETYPES,
            initialdir=self._last_dir,
        )
        if name:
            self.load(name)

    def colour(self, k: int) -> str:
        """The colour of pair ``k`` (distinct for every pair of the puzzle)."""
        return self.colours[k - 1]

    def _board(self) -> np.ndarray:
        """The puzzle's grid (the first is generated as the tab opens)."""
        if self.grid is None:
            raise RuntimeError("the Numberlink tab has no puzzle yet")
        return self.grid

    def _geometry(self) -> tuple[float, float, float]:
        """The board's left and top on the canvas and its cell size, from :meth:`layout`."""
        if self._geom is None:
            raise RuntimeError("the Numberlink board has not been laid out yet")
        return self._geom

    # geometry
    def layout(self) -> None:
        rows, cols = self._board().shape
        width, height = self.canvas_size()
        pad = 10
        s = max(4.0, min((width - 2 * pad) / cols, (height - 2 * pad) / rows))
        self._geom = ((width - s * cols) / 2, (height - s * rows) / 2, s)

    def cell_center(self, r: int, c: int) -> tuple[int, int]:
        x0, y0, s = self._geometry()
        return int(x0 + (c + 0.5) * s), int(y0 + (r + 0.5) * s)

    def cell_at(self, x: float, y: float) -> Cell | None:
        if self._geom is None:
            return None
        x0, y0, s = self._geom
        r, c = math.floor((y - y0) / s), math.floor((x - x0) / s)
        rows, cols = self._board().shape
        return (r, c) if 0 <= r < rows and 0 <= c < cols else None

    # drawing
    def redraw(self) -> None:
        if self.grid is None:
            return
        self.layout()
        cv = self.canvas
        cv.delete("all")
        x0, y0, s = self._geometry()
        grid = self.grid
        rows, cols = grid.shape
        view = self.solution if self.showing_solution else self.player_grid()
        for r in range(rows):
            for c in range(cols):
                v = int(grid[r, c])
                if v < 0:
                    fill = BLOCKED
                elif view is not None and view[r, c] > 0:
                    fill = mix(self.colour(int(view[r, c])), 0.22)
                else:
                    fill = "#ffffff"
                cv.create_rectangle(
                    x0 + c * s,
                    y0 + r * s,
                    x0 + (c + 1) * s,
                    y0 + (r + 1) * s,
                    fill=fill,
                    outline="#b8b2a6",
                    tags=("cell",),
                )
        width = max(2, int(s * 0.28))
        if self.showing_solution and self.solution is not None:
            sol = self.solution
            for axis in (0, 1):
                a = sol[:-1, :] if axis == 0 else sol[:, :-1]
                b = sol[1:, :] if axis == 0 else sol[:, 1:]
                for r, c in np.argwhere((a == b) & (a > 0)):
                    r2, c2 = (r + 1, c) if axis == 0 else (r, c + 1)
                    cv.create_line(
                        *self.cell_center(r, c),
                        *self.cell_center(r2, c2),
                        fill=self.colour(int(sol[r, c])),
                        width=width,
                        capstyle="round",
                        tags=("solution",),
                    )
        else:
            for k, cells in self.paths.items():
                if len(cells) > 1:
                    pts = [v for rc in cells for v in self.cell_center(*rc)]
                    cv.create_line(
                        *pts,
                        fill=self.colour(k),
                        width=width,
                        capstyle="round",
                        joinstyle="round",
                        tags=("path", f"path_{k}"),
                    )
        rad = s * 0.42
        self.hidden_labels = set()
        for k, cells in self.endpoints.items():
            text = self.symbol(k)
            font = label_font(text, rad, self._fonts, self.root)
            if font is None:
                self.hidden_labels.add(k)
            for r, c in cells:
                x, y = self.cell_center(r, c)
                cv.create_oval(
                    x - rad,
                    y - rad,
                    x + rad,
                    y + rad,
                    fill=self.colour(k),
                    outline="",
                    tags=("endpoint", f"endpoint_{k}"),
                )
                if font is not None:
                    cv.create_text(
                        x, y, text=text, fill=ink(self.colour(k)), font=font, tags=("label",)
                    )
        self._hover = None
        if self.hint_shown is not None and not self.showing_solution:
            self._ring(self.hint_shown)

    def _ring(self, hint: Hint) -> None:
        """Ring the squares of ``hint`` (red for a wrong square), over everything drawn."""
        x0, y0, s = self._geometry()
        colour = ERROR if hint.kind == "wrong" else HINT
        width = max(2, int(s * 0.12))
        inset = width / 2
        for r, c in hint.squares:
            self.canvas.create_rectangle(
                x0 + c * s + inset,
                y0 + r * s + inset,
                x0 + (c + 1) * s - inset,
                y0 + (r + 1) * s - inset,
                outline=colour,
                width=width,
                tags=("hint",),
            )

    def show_hidden_label(self, cell: Cell | None) -> None:
        """Over a disc whose number is hidden (too big for it), show the number beside it."""
        if cell == self._hover:
            return
        self._hover = cell
        self.canvas.delete("hover")
        k = None if cell is None or self.grid is None else int(self.grid[cell])
        if cell is None or k is None or k not in self.hidden_labels:
            return
        x, y = self.cell_center(*cell)
        s = self._geometry()[2]
        text = self.canvas.create_text(
            x, y - s, text=self.symbol(k), anchor="s", font="TkDefaultFont", tags=("hover",)
        )
        x0, y0, x1, y1 = self.canvas.bbox(text)
        box = self.canvas.create_rectangle(
            x0 - 3, y0 - 1, x1 + 3, y1 + 1, fill="#ffffff", outline=self.colour(k), tags=("hover",)
        )
        self.canvas.tag_raise(text, box)

    def symbol(self, k: int) -> str:
        """The label of number ``k``: the loaded file's own symbol, else ``k``."""
        symbols = None if self.puzzle is None else self.puzzle.symbols
        if symbols is not None and 0 < k <= len(symbols):
            return symbols[k - 1]
        return str(k)

    # the player's board
    def player_grid(self) -> np.ndarray:
        """The puzzle grid with the player's paths filled in (what ``check`` is given)."""
        g: np.ndarray = self._board().copy()
        for k, cells in self.paths.items():
            for rc in cells:
                g[rc] = k
        return g

    def complete(self, k: int) -> bool:
        cells = self.paths.get(k, [])
        return (
            len(cells) > 1
            and cells[0] in self.endpoints[k]
            and cells[-1] in self.endpoints[k]
            and cells[0] != cells[-1]
        )

    def update_status(self, note: str = "") -> None:
        if self.grid is None:
            return
        g = self.player_grid()
        empty = int((g == 0).sum())
        done = sum(self.complete(k) for k in self.endpoints)
        self.solved = False
        if empty == 0 and done == len(self.endpoints):
            try:
                self.solved = bool(tc.numberlink.check(self.grid, g))
                verdict = "Solved! Every pair is joined and every cell is filled."
            except ValueError as exc:
                verdict = f"Not valid yet: {exc}"
        elif done == len(self.endpoints):
            verdict = f"All pairs joined, but {empty} cells are still empty: fill them all."
        else:
            verdict = note or "Drag from a number to draw its path."
        hidden = "  (Point at a disc to read its number.)" if self.hidden_labels else ""
        self.say(
            f"{done} of {len(self.endpoints)} pairs joined, {empty} empty cells.  {verdict}{hidden}"
        )

    def _snapshot(self) -> None:
        self.hint_shown = None  # the drawing changes: the hint was about the old one
        self.history.append({k: list(v) for k, v in self.paths.items()})
        del self.history[:-200]

    def _owner(self, cell: Cell) -> int | None:
        for k, cells in self.paths.items():
            if cell in cells:
                return k
        return None

    # mouse
    def on_press(self, event: tk.Event[tk.Canvas]) -> None:
        self.drag = None
        if self.board_coming("Drawing"):
            return
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
                del cells[cells.index(cell) + 1 :]
                self.drag = k
        self.redraw()

    def on_drag(self, event: tk.Event[tk.Canvas]) -> None:
        k = self.drag
        if k is None:
            return
        target = self.cell_at(event.x, event.y)
        if target is None:
            return
        cells = self.paths[k]
        last = cells[-1]
        # a fast drag can skip cells: walk towards the pointer one cell at a time
        changed = False
        for _ in range(sum(self._board().shape)):
            if last == target:
                break
            dr, dc = target[0] - last[0], target[1] - last[1]
            step = (
                (last[0] + (dr > 0) - (dr < 0), last[1])
                if abs(dr) >= abs(dc)
                else (last[0], last[1] + (dc > 0) - (dc < 0))
            )
            if not self._step(k, step):
                break
            changed = True
            last = self.paths[k][-1]
        if changed:
            self.redraw()
            self.update_status()

    def _step(self, k: int, cell: Cell) -> bool:
        """Extend the dragged path, pair ``k``'s, into ``cell``, a neighbour of its last cell.
        False if the path cannot go there."""
        cells = self.paths[k]
        if cell in cells:  # going back along the path shortens it
            del cells[cells.index(cell) + 1 :]
            return True
        if self.complete(k):
            return False
        v = int(self._board()[cell])
        if v < 0 or (v > 0 and v != k):
            return False
        other = self._owner(cell)
        if other is not None and other != k:  # cut the other path here
            ocells = self.paths[other]
            del ocells[ocells.index(cell) :]
            if not ocells:
                del self.paths[other]
        cells.append(cell)
        return True

    def on_release(self, event: tk.Event[tk.Canvas]) -> None:
        if self.drag is not None:
            cells = self.paths.get(self.drag, [])
            if len(cells) <= 1:
                self.paths.pop(self.drag, None)
            self.drag = None
            self.redraw()
            self.update_status()

    def on_right_click(self, event: tk.Event[tk.Canvas]) -> None:
        if self.board_coming("Clearing a path"):
            return
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
        if self.board_coming("Undo"):
            return
        if self.history:
            self.paths = self.history.pop()
            self.hint_shown = None
            self.redraw()
            self.update_status("Undone.")
        else:
            self.say("Nothing to undo.")

    def clear_all(self) -> None:
        if self.board_coming("Clearing the paths"):
            return
        if self.paths:
            self._snapshot()
            self.paths = {}
            self.redraw()
            self.update_status("All paths cleared.")

    # hint
    def hint(self) -> None:
        """Show the next deduction the drawing does not hold yet and why (the library's
        ``deduce``, run once per puzzle in a worker thread), or the first square where the
        drawing leaves the solution, or that deduction stops here: rings on the board, the
        reason in the status line (:func:`~trapcore.demo.numberlink_hint.next_hint`)."""
        puzzle = self.puzzle
        if puzzle is None or self.wait_for_board("Hint", self.hint):
            return
        if self.showing_solution:
            self.toggle_solution()
        if self._deduction is not None and self._deduction[0] is puzzle:
            self._show_hint(self._deduction[1])
            return

        def done(deduction: Deduction) -> None:
            if puzzle is not self.puzzle:
                return
            self._deduction = (puzzle, deduction)
            self._show_hint(deduction)

        self.run(
            "Deducing...",
            lambda: tc.numberlink.deduce(puzzle),
            done,
            lambda exc: self.say_error(f"Hint: {exc}"),
        )

    def _show_hint(self, deduction: Deduction) -> None:
        unique = self.solution if self.generated else None
        self.hint_shown = hint = next_hint(deduction, self._board(), self.paths, unique)
        self.redraw()
        self.say(hint.text)

    # solution
    def toggle_solution(self) -> None:
        if self.grid is None or self.wait_for_board("Show solution", self.toggle_solution):
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
        grid = self.grid

        def done(solutions: list[np.ndarray]) -> None:
            if grid is not self.grid:
                return
            if not solutions:
                self.say_error("The solver proved this puzzle has no solution.")
                return
            self.solution = np.array(solutions[0], dtype=np.int16)
            self._show_solution(
                ""
                if len(solutions) == 1
                else "  (It has more than one solution: this is one of them.)"
            )

        self.run(
            "Solving...",
            lambda: tc.numberlink.solve(grid, limit=2),
            done,
            lambda exc: self.say_error(f"Solve: {exc}"),
        )

    def _show_solution(self, note: str = "") -> None:
        self.showing_solution = True
        self.solution_button.configure(text="Hide solution")
        self.redraw()
        self.say("Showing the solution (press again, or draw, to go back to your paths)." + note)
