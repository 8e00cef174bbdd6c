"""The demo's Trap the Cat tab: the hex board, clicks that block, hints, the solver's verdict of
the start and the post-game review from ``CatGame.analyze``."""

from __future__ import annotations

import contextlib
import copy
import math
import tkinter as tk
from collections.abc import Callable, Iterator
from tkinter import ttk
from typing import TYPE_CHECKING, TypeVar

import numpy as np

import trapcore as tc
from trapcore._types import Cell
from trapcore.cat import Analysis, CatGame, Hint, Solution, Status, Turn, Verdict, hexgrid
from trapcore.cat.internal import model_of as _model_of
from trapcore.demo.widgets import (
    BLOCKED,
    HINT,
    MUTED,
    Tab,
    Task,
    parse_int,
    parse_seed,
    row,
    spin,
)

if TYPE_CHECKING:
    from trapcore.demo.app import DemoApp

T = TypeVar("T")

FREE = "#c9e4a6"
FREE_OUTLINE = "#9bbd78"
BLOCKED_OUTLINE = "#25313a"
HOVER = "#2f7fd1"
CAT = "#f08c00"
CAT_DARK = "#4a2a00"
ENCLOSED = "#cfc8dc"
MISTAKE = "#e03131"
BETTER = "#2f9e44"
#: The solver's budget for the verdict of the start and for each position of the review.
REVIEW_NODES = 50_000
_SOLVER_CELLS = 4096

_START_WORDS = {
    Verdict.WIN: "a proven win for you: there is a way to trap this cat",
    Verdict.LOSS: "lost against best play: the cat can always escape",
    Verdict.UNKNOWN: f"not proven either way within {REVIEW_NODES:,} positions",
}


def distance_colour(d: int, dmax: int) -> str:
    """Escape-distance shading: warm near the edge, cool far from it, grey when enclosed."""
    if d < 0:
        return ENCLOSED
    t = 0.0 if dmax <= 0 else min(1.0, d / dmax)
    warm, cool = (0xF7, 0x8C, 0x6B), (0x9E, 0xC5, 0xFE)
    return "#" + "".join(f"{round(w + (c - w) * t):02x}" for w, c in zip(warm, cool))


def review_text(analysis: Analysis, history: list[Turn]) -> str:
    """One paragraph saying what ``CatGame.analyze`` found."""
    block, better = analysis.block, analysis.better  # both set when a mistake is
    if analysis.mistake is not None and block is not None and better is not None:
        n = analysis.mistake + 1
        (r, c), (br, bc) = block, better
        return (
            f"Review: block {n}, ({r}, {c}), threw away a proven win (ringed red); "
            f"({br}, {bc}) would have won (ringed green)."
        )
    first = analysis.verdicts[0]
    if first is Verdict.LOSS:
        return "Review: the start was already lost against best play; no block could help."
    if first is Verdict.WIN and analysis.verdicts[-1] is Verdict.WIN:
        return "Review: every block kept the win. Well played."
    return (
        f"Review: no block was proven to throw a win away (the solver's budget is "
        f"{REVIEW_NODES:,} positions a move)."
    )


class CatTab(Tab):
    """Trap the Cat on an even-r hex board: click a free cell to block it."""

    title = "Trap the Cat"
    #: A hint when the cat escapes with best play whatever the player does.
    LOSS_HINT = "lost against best play; this holds out longest"

    def __init__(self, app: DemoApp) -> None:
        super().__init__(app)
        self.game: CatGame | None = None
        self._hinter: tuple[CatGame, tc.cat.SolverPlayer] | None = None  # the game's hint solver
        self.seed_used: int | None = None
        self.settings: tuple[object, str] = ("bfs", "enclosed")
        self.hint_cell: Cell | None = None
        self.hover: Cell | None = None
        self.review: Analysis | None = None  # shown once the game is over
        self.start_verdict: Verdict | None = None
        self._solver_task: Task | None = None
        # the cells' centres, (rows, cols) each, from layout(); empty before the first
        self._xs: np.ndarray = np.empty((0, 0))
        self._ys: np.ndarray = np.empty((0, 0))
        self._radius = 0.0
        self.cell_width = 0.0

        self.rows = tk.StringVar(value="11")
        self.cols = tk.StringVar(value="11")
        self.blocked = tk.StringVar(value="15")
        self.seed = tk.StringVar(value="")
        self.policy = tk.StringVar(value="bfs")
        self.rules = tk.StringVar(value=tc.cat.RULES[0])
        self.shade = tk.BooleanVar(value=False)
        self.verdict_text = tk.StringVar(value="")
        self.review_text = tk.StringVar(value="")

        panel = self.panel
        box = ttk.LabelFrame(panel, text="New game")
        box.pack(fill="x", pady=(0, 4))
        row(box, 0, "Rows", spin(box, self.rows, 3, 41))
        row(box, 1, "Columns", spin(box, self.cols, 3, 41))
        row(box, 2, "Blocked", spin(box, self.blocked, 0, 400))
        row(box, 3, "Seed", ttk.Entry(box, textvariable=self.seed, width=8))
        self.policy_box = ttk.Combobox(
            box, textvariable=self.policy, values=tc.cat.POLICIES, state="readonly", width=10
        )
        row(box, 4, "Cat", self.policy_box)
        self.rules_box = ttk.Combobox(
            box, textvariable=self.rules, values=tc.cat.RULES, state="readonly", width=10
        )
        row(box, 5, "Rules", self.rules_box)
        self.new_button = ttk.Button(box, text="New game (Ctrl+N)", command=self.new)
        self.new_button.grid(row=6, column=0, columnspan=2, sticky="ew", padx=6, pady=3)
        self.policy_box.bind("<<ComboboxSelected>>", lambda e: self.new())
        self.rules_box.bind("<<ComboboxSelected>>", lambda e: self.new())

        play = ttk.LabelFrame(panel, text="Play")
        play.pack(fill="x", pady=(0, 4))
        buttons = ttk.Frame(play)
        buttons.pack(fill="x", padx=4, pady=2)
        self.undo_button = ttk.Button(buttons, text="Undo (Ctrl+Z)", command=self.undo)
        self.undo_button.pack(side="left", fill="x", expand=True, padx=2)
        self.hint_button = ttk.Button(buttons, text="Hint", command=self.hint, width=6)
        self.hint_button.pack(side="left", padx=2)
        self.shade_button = ttk.Checkbutton(
            play, text="Shade by escape distance", variable=self.shade, command=self.redraw
        )
        self.shade_button.pack(anchor="w", padx=6, pady=2)

        solver = ttk.LabelFrame(panel, text="The solver says")
        solver.pack(fill="x", pady=(0, 4))
        self.verdict_label = ttk.Label(
            solver, textvariable=self.verdict_text, justify="left", wraplength=220
        )
        self.verdict_label.pack(anchor="w", padx=6, pady=2)
        self.review_label = ttk.Label(
            solver, textvariable=self.review_text, justify="left", wraplength=220
        )
        self.review_label.pack(anchor="w", padx=6, pady=(0, 2))
        ttk.Label(
            panel,
            text="Click a free cell to block it; the cat\nsteps after each block. "
            "Even rows are\nshifted right.",
            foreground=MUTED,
            justify="left",
        ).pack(anchor="w", pady=4)

        self.canvas.bind("<Button-1>", self.on_click)
        self.canvas.bind("<Motion>", self.on_motion)
        self.canvas.bind("<Leave>", lambda e: self._set_hover(None))
        self.new()

    def _current(self) -> CatGame:
        """The game on the board (``new`` makes the first as the tab opens)."""
        if self.game is None:
            raise RuntimeError("the cat tab has no game yet")
        return self.game

    # geometry
    def layout(self) -> None:
        """Cell centres for the current canvas size: even rows shifted half a cell right."""
        rows, cols = self._current().board.shape
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
        return round(self._xs[r, c]), round(self._ys[r, c])

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under canvas point ``(x, y)``, or None between or outside the circles."""
        if self._xs.size == 0:
            return None
        d2 = (self._xs - x) ** 2 + (self._ys - y) ** 2
        i = int(np.argmin(d2))
        if d2.flat[i] > (self._radius * 1.08) ** 2:
            return None
        return divmod(i, int(self._xs.shape[1]))

    # drawing
    def redraw(self) -> None:
        if self.game is None:
            return
        self.layout()
        cv = self.canvas
        cv.delete("all")
        board = self.game.board
        rows, cols = board.shape
        dist: np.ndarray | None = None
        dmax = 0
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
                    fill, outline = distance_colour(int(dist[r, c]), dmax), FREE_OUTLINE
                else:
                    fill, outline = FREE, FREE_OUTLINE
                cv.create_oval(
                    x - rad,
                    y - rad,
                    x + rad,
                    y + rad,
                    fill=fill,
                    outline=outline,
                    width=1,
                    tags=("cell", f"cell_{r}_{c}"),
                )
                if dist is not None and not board[r, c] and rad >= 9 and (r, c) != self.game.cat:
                    d = int(dist[r, c])
                    cv.create_text(
                        x, y, text="∞" if d < 0 else str(d), font=font, fill="#333", tags=("dist",)
                    )
        if self.hint_cell is not None:
            self._ring(self.hint_cell, HINT, "hint")
        review = self.review
        if review is not None and review.block is not None and review.better is not None:
            self._ring(review.block, MISTAKE, "review")  # the mistake and the block it missed
            self._ring(review.better, BETTER, "review")
        self._draw_cat(*self.game.cat)
        self._set_hover(self.hover, force=True)
        if self.game.status is not Status.PLAYING:
            won = self.game.status is Status.WON
            self._banner(
                "You trapped the cat!" if won else "The cat escaped!", BETTER if won else "#c92a2a"
            )

    def _ring(self, cell: Cell, colour: str, tag: str) -> None:
        r, c = cell
        x, y = self._xs[r, c], self._ys[r, c]
        e = self._radius + 3
        self.canvas.create_oval(x - e, y - e, x + e, y + e, outline=colour, width=4, tags=(tag,))

    def _banner(self, text: str, colour: str) -> None:
        """The game's end across the board, in the half away from the cat, clear of its row and
        the rows next to it."""
        width, height = self.canvas_size()
        size = max(11, min(28, width // 22))
        item = self.canvas.create_text(
            width / 2,
            0,
            text=text,
            fill="white",
            font=("TkDefaultFont", size, "bold"),
            tags=("banner",),
        )
        x0, y0, x1, y1 = self.canvas.bbox(item)
        half = (y1 - y0) / 2 + 10
        game = self._current()
        r, c = game.cat
        rows = game.board.shape[0]
        step = self.cell_width * math.sqrt(3) / 2
        cat_y = self._ys[r, c]
        keep_top = cat_y - 1.5 * step - self._radius  # rows r-1 .. r+1 stay uncovered
        keep_bottom = cat_y + 1.5 * step + self._radius
        below = r < rows / 2
        y = (keep_bottom + height) / 2 if below else keep_top / 2
        if below:
            y = max(y, keep_bottom + half)
        else:
            y = min(y, keep_top - half)
        y = min(max(y, half + 2), height - half - 2)
        self.canvas.coords(item, width / 2, y)
        x0, y0, x1, y1 = self.canvas.bbox(item)
        box = self.canvas.create_rectangle(
            x0 - 18,
            y0 - 8,
            x1 + 18,
            y1 + 8,
            fill=colour,
            outline="white",
            width=2,
            tags=("banner",),
        )
        self.canvas.tag_lower(box, item)

    def _draw_cat(self, r: int, c: int) -> None:
        x, y, R = self._xs[r, c], self._ys[r, c], self._radius * 1.05
        cv = self.canvas
        tags = ("cat",)
        for s in (-1, 1):  # ears
            cv.create_polygon(
                x + s * 0.78 * R,
                y - 0.25 * R,
                x + s * 0.66 * R,
                y - 1.08 * R,
                x + s * 0.12 * R,
                y - 0.62 * R,
                fill=CAT,
                outline=CAT_DARK,
                width=1.5,
                tags=tags,
            )
        cv.create_oval(
            x - 0.82 * R,
            y - 0.72 * R,
            x + 0.82 * R,
            y + 0.78 * R,
            fill=CAT,
            outline=CAT_DARK,
            width=1.5,
            tags=tags,
        )
        for s in (-1, 1):  # eyes and whiskers
            ex, ey, er = x + s * 0.32 * R, y - 0.08 * R, 0.13 * R
            cv.create_oval(
                ex - er,
                ey - er * 1.3,
                ex + er,
                ey + er * 1.3,
                fill="#1b1b1b",
                outline="",
                tags=tags,
            )
            cv.create_line(
                x + s * 0.22 * R,
                y + 0.32 * R,
                x + s * 1.0 * R,
                y + 0.22 * R,
                fill=CAT_DARK,
                tags=tags,
            )
            cv.create_line(
                x + s * 0.22 * R,
                y + 0.4 * R,
                x + s * 0.98 * R,
                y + 0.48 * R,
                fill=CAT_DARK,
                tags=tags,
            )
        cv.create_polygon(
            x - 0.1 * R,
            y + 0.18 * R,
            x + 0.1 * R,
            y + 0.18 * R,
            x,
            y + 0.3 * R,
            fill="#e64980",
            outline="",
            tags=tags,
        )

    def _set_hover(self, cell: Cell | None, force: bool = False) -> None:
        if cell == self.hover and not force:
            return
        cv = self.canvas
        if self.hover is not None:
            cv.itemconfigure(
                f"cell_{self.hover[0]}_{self.hover[1]}",
                width=1,
                outline=BLOCKED_OUTLINE if self._is_blocked(self.hover) else FREE_OUTLINE,
            )
        self.hover = cell
        if (
            cell is not None
            and self.game is not None
            and self.game.status is Status.PLAYING
            and not self._is_blocked(cell)
            and cell != self.game.cat
        ):
            cv.itemconfigure(f"cell_{cell[0]}_{cell[1]}", width=3, outline=HOVER)

    def _is_blocked(self, cell: Cell) -> bool:
        b = self._current().board
        return 0 <= cell[0] < b.shape[0] and 0 <= cell[1] < b.shape[1] and bool(b[cell])

    # status
    def update_status(self, note: str = "", error: bool = False) -> None:
        g = self._current()
        d = g.escape_distance()
        dist = "none (enclosed)" if d < 0 else str(d)
        moves = f"{g.moves} move{'' if g.moves == 1 else 's'}"
        head = f"Moves: {g.moves}.  Cat to the edge: {dist}."
        if g.status is Status.WON:
            msg = f"You trapped the cat in {moves}!  (Ctrl+N: new game)"
        elif g.status is Status.LOST:
            msg = f"The cat escaped after {moves}.  (Ctrl+Z: undo, Ctrl+N: new game)"
        elif d < 0:
            msg = "The cat is enclosed: block the cells around it to catch it."
        else:
            msg = "Click a free cell to block it."
        policy, rules = self.settings
        text = f"{head}  {note or msg}  [seed {self.seed_used}, cat {policy}, rules {rules}]"
        (self.say_error if error else self.say)(text)

    # the solver's view: the start's verdict, the review once the game is over
    def _solve_in_background(self, fn: Callable[[], T], on_done: Callable[[T], object]) -> None:
        if self._solver_task is not None:
            self._solver_task.cancel()

        def done(result: T) -> None:
            self._solver_task = None
            on_done(result)

        def error(exc: BaseException) -> None:
            self._solver_task = None
            self.review_text.set(f"The solver failed: {exc}")

        self._solver_task = Task(self.root, fn, done, error)

    def _ask_start_verdict(self) -> None:
        g = self._current()
        if g.board.size > _SOLVER_CELLS:
            self.verdict_text.set(
                f"Start: too big for the solver (more than {_SOLVER_CELLS} cells)."
            )
            return
        self.verdict_text.set("Start: solving...")
        board, cat, model = g.board, g.cat, _model_of(g.policy)

        def done(solution: Solution) -> None:
            if self.game is g:
                self.start_verdict = solution.verdict
                self.verdict_text.set(f"Start: {_START_WORDS[solution.verdict]}.")

        self._solve_in_background(
            lambda: tc.cat.solve(board, cat, policy=model, max_nodes=REVIEW_NODES), done
        )

    def _ask_review(self) -> None:
        g = self._current()
        if g.status is Status.PLAYING or g.board.size > _SOLVER_CELLS or not g.moves:
            return
        self.review_text.set("Review: replaying the game with the solver...")
        probe = copy.deepcopy(g)  # the worker's own copy: undo may change g meanwhile
        moves = g.moves

        def done(analysis: Analysis) -> None:
            if self.game is g and g.moves == moves and g.status is not Status.PLAYING:
                self.review = analysis
                self.review_text.set(review_text(analysis, g.history))
                self.redraw()

        self._solve_in_background(lambda: probe.analyze(max_nodes=REVIEW_NODES), done)

    def close(self) -> None:
        super().close()
        if self._solver_task is not None:
            self._solver_task.cancel()
            self._solver_task = None

    @contextlib.contextmanager
    def longest_texts(self) -> Iterator[None]:
        """The solver's box holding its longest texts for the duration (to size the window)."""
        old = self.verdict_text.get(), self.review_text.get()
        self.verdict_text.set(f"Start: {max(_START_WORDS.values(), key=len)}.")
        self.review_text.set(
            "Review: block 99, (99, 99), threw away a proven win (ringed "
            "red); (99, 99) would have won (ringed green)."
        )
        try:
            yield
        finally:
            self.verdict_text.set(old[0])
            self.review_text.set(old[1])

    def _forget_review(self) -> None:
        self.review = None
        self.review_text.set("")

    # actions
    def new(self) -> None:
        self.cancel(quiet=True)
        try:
            rows = parse_int(self.rows.get(), "rows")
            cols = parse_int(self.cols.get(), "cols")
            blocked = parse_int(self.blocked.get(), "blocked")
            seed = parse_seed(self.seed.get())
            game = CatGame(
                rows, cols, blocked, policy=self.policy.get(), rules=self.rules.get(), seed=seed
            )
        except (ValueError, TypeError) as exc:
            self.say_error(f"New game: {exc}")
            return
        self.game, self.seed_used, self.hint_cell, self.hover = game, seed, None, None
        self.settings = (game.policy, game.rules)
        self.start_verdict = None
        self._forget_review()
        self.redraw()
        self.update_status()
        self._ask_start_verdict()

    def play(self, cell: Cell) -> bool:
        """Block ``cell`` (the cat answers inside ``CatGame.block``). False when refused."""
        if self.busy:
            self.cancel(quiet=True)
        try:
            self._current().block(cell)
        except tc.IllegalMoveError as exc:
            self.update_status(f"Can't block that: {exc}.", error=True)
            return False
        self.hint_cell = None
        self.redraw()
        self.update_status()
        self._ask_review()
        return True

    def on_click(self, event: tk.Event[tk.Canvas]) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.play(cell)

    def on_motion(self, event: tk.Event[tk.Canvas]) -> None:
        self._set_hover(self.cell_at(event.x, event.y))

    def undo(self) -> None:
        self.cancel(quiet=True)
        try:
            self._current().undo()
        except ValueError:
            self.update_status("Nothing to undo.")
            return
        self.hint_cell = None
        self._forget_review()
        self.redraw()
        self.update_status("Undone.")

    def hint(self) -> None:
        """Ask the library for the block to play in a worker thread, on the board as it is now;
        ring the cell it names. One ``trapcore.cat.SolverPlayer`` per game gives the hints, so a
        proven win stays proven while the player follows them."""
        g = self._current()
        if g.status is not Status.PLAYING:
            self.update_status("The game is over: no hint.")
            return
        board, cat = g.board, g.cat  # a snapshot: the game can go on meanwhile
        if self._hinter is None or self._hinter[0] is not g:
            self._hinter = (g, tc.cat.SolverPlayer(g.policy, max_nodes=tc.cat.LIMITS.solve_nodes))
        hinter = self._hinter[1]

        def done(hint: Hint) -> None:
            if self.game is not g or g.board.tobytes() != board.tobytes():
                return
            if hint.block is None:
                self.update_status("No hint: there is no cell left to block.")
                return
            self.hint_cell = hint.block
            self.redraw()
            how = {
                Verdict.WIN: "a proven win",
                Verdict.LOSS: self.LOSS_HINT,
                Verdict.UNKNOWN: "the best guess, not proven",
            }[hint.verdict]
            self.update_status(f"Hint: block {hint.block} (ringed): {how}.")

        self.run(
            "Thinking...",
            lambda: hinter.hint(board, cat),
            done,
            lambda exc: self.update_status(f"Hint: {exc}", error=True),
        )
