"""What the demo's tabs share: colours, the worker-thread Task, the busy bar, the base tab."""

from __future__ import annotations

import contextlib
import functools
import random
import threading
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from tkinter import ttk
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from trapcore.demo.app import DemoApp

__all__ = [
    "BG",
    "BLOCKED",
    "ERROR",
    "HINT",
    "MUTED",
    "BusyBar",
    "Tab",
    "Task",
    "mix",
    "parse_int",
    "parse_seed",
    "row",
    "spin",
]

BG = "#f4f1ea"
BLOCKED = "#3b4a55"
ERROR = "#b02a2a"
MUTED = "#555"
#: The ring around a hint's cells, on every tab.
HINT = "#f2b705"
#: Lines of text the status box always has room for (a longer message makes it taller).
STATUS_LINES = 2

T = TypeVar("T")


def mix(colour: str, weight: float, base: str = "#ffffff") -> str:
    """``colour`` blended with ``base``: weight 1 is the colour itself, 0 the base."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * weight + y * (1 - weight)):02x}" for x, y in zip(a, b))


def parse_int(text: str, name: str) -> int:
    """The whole number in a text field, or a ValueError naming the field."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {text!r}") from None


def parse_seed(text: str) -> int:
    """A blank seed field means a fresh random seed (shown in the status line, so any game can
    be replayed)."""
    text = str(text).strip()
    if not text:
        return random.randrange(1_000_000)
    return parse_int(text, "seed")


def spin(parent: tk.Misc, var: tk.Variable, lo: int, hi: int, width: int = 6) -> ttk.Spinbox:
    """A spinbox over ``lo..hi`` bound to ``var``."""
    return ttk.Spinbox(parent, from_=lo, to=hi, textvariable=var, width=width)


def row(parent: tk.Misc, r: int, label: str, widget: tk.Widget) -> None:
    """A labelled row of a control box (grid layout)."""
    ttk.Label(parent, text=label).grid(row=r, column=0, sticky="w", padx=(6, 4), pady=1)
    widget.grid(row=r, column=1, sticky="ew", padx=(0, 6), pady=1)


class Task:
    """Run ``fn()`` in a daemon thread; deliver its result on the Tk thread with ``after``.

    Tk is not thread-safe, so the worker never touches a widget: it stores its result, and a
    poll on the Tk side hands it to ``on_done`` (or the exception to ``on_error``). Cancelling
    drops the result (a native kernel cannot be interrupted; it finishes in the background).
    """

    def __init__(
        self,
        widget: tk.Misc,
        fn: Callable[[], T],
        on_done: Callable[[T], object],
        on_error: Callable[[BaseException], object],
        poll_ms: int = 30,
    ) -> None:
        self.widget = widget
        self.poll_ms = poll_ms
        self.cancelled = False
        self.finished = False
        # what the worker leaves for the Tk thread: on_done(result) or on_error(exc), bound
        self._deliver: Callable[[], object] | None = None
        self._event = threading.Event()

        def work() -> None:
            try:
                result = fn()
            except BaseException as exc:
                self._deliver = functools.partial(on_error, exc)
            else:
                self._deliver = functools.partial(on_done, result)
            self._event.set()

        self._thread = threading.Thread(target=work, daemon=True, name="trapcore-demo")
        self._thread.start()
        # the first poll is scheduled, never run here: the caller stores the task first
        self._after: str | None = widget.after(1, self._poll)

    def _poll(self) -> None:
        self._after = None
        if self.cancelled:
            return
        if not self._event.is_set():
            self._after = self.widget.after(self.poll_ms, self._poll)
            return
        self.finished = True
        if self._deliver is not None:  # always, once the event is set
            self._deliver()

    def cancel(self) -> None:
        """Drop the result; the thread may still be running."""
        self.cancelled = True
        if self._after is not None:
            with contextlib.suppress(tk.TclError):
                self.widget.after_cancel(self._after)
            self._after = None


class BusyBar:
    """A progress bar with a label and a Cancel button, shown while a tab is busy.

    Its row is always there (``slot``, as tall as the bar): showing or hiding the bar changes
    what the row holds, never its height, so the board above it does not move."""

    def __init__(self, parent: tk.Misc, on_cancel: Callable[[], object]) -> None:
        self.slot = ttk.Frame(parent)
        self.frame = ttk.Frame(self.slot)
        self.label = ttk.Label(self.frame, text="")
        self.bar = ttk.Progressbar(self.frame, length=140, mode="indeterminate")
        self.cancel_button = ttk.Button(self.frame, text="Cancel (Esc)", command=on_cancel)
        self.label.pack(side="left", padx=(0, 6))
        self.bar.pack(side="left", padx=4)
        self.cancel_button.pack(side="left", padx=4)
        self.frame.update_idletasks()  # the bar's height, before it is ever shown
        self.slot.configure(height=self.frame.winfo_reqheight() + 2)
        self.slot.pack_propagate(False)
        self.slot.pack(side="top", fill="x")
        self.visible = False

    def show(self, text: str, determinate: bool = False) -> None:
        """Show the bar with ``text`` (indeterminate unless ``determinate``)."""
        self.label.configure(text=text)
        self.bar.stop()
        if determinate:
            self.bar.configure(mode="determinate", maximum=100, value=0)
        else:
            self.bar.configure(mode="indeterminate")
            self.bar.start(15)
        if not self.visible:
            self.frame.pack(side="right", padx=6, pady=(2, 0))
            self.visible = True

    def progress(self, fraction: float) -> None:
        self.bar.configure(value=max(0.0, min(100.0, 100.0 * fraction)))

    def hide(self) -> None:
        self.bar.stop()
        if self.visible:
            self.frame.pack_forget()
            self.visible = False


class Tab:
    """What every tab has: a frame, a status line that wraps (errors in red, replaced as soon as
    new work starts), a busy bar, one background task at a time, a canvas redrawn (debounced)
    when resized, and a control panel on the right."""

    title = "?"

    def __init__(self, app: DemoApp) -> None:
        self.app = app
        self.root = app.root
        self.frame = ttk.Frame(app.notebook)
        self.bottom = ttk.Frame(self.frame)
        self.bottom.pack(side="bottom", fill="x")
        self.status = tk.StringVar(value="")
        self.error = False
        self.busybar = BusyBar(self.bottom, self.cancel)
        # the status line's box keeps room for STATUS_LINES lines (more only if a message needs
        # them), so a message of one line after one of two does not move the board
        self.status_box = ttk.Frame(self.bottom)
        self.status_box.pack(side="bottom", fill="x", padx=8, pady=(2, 4))
        self.status_box.pack_propagate(False)
        self.status_label = ttk.Label(
            self.status_box, textvariable=self.status, anchor="nw", justify="left", width=1
        )
        self.status_label.pack(fill="both", expand=True)
        self.status_label.bind("<Configure>", self._wrap)
        self.status.set("Xg")  # one line's height, with the label's own padding
        self.status_label.update_idletasks()
        line = tkfont.nametofont("TkDefaultFont").metrics("linespace")
        self._status_base = self.status_label.winfo_reqheight() + (STATUS_LINES - 1) * line
        self.status.set("")
        self._fit_status()
        self.task: Task | None = None
        self.task_label = ""  # what the running task does ("Carving 20 x 30...")
        self.task_makes_board = False  # the task replaces the board (a carve, a generation)
        self.queued: tuple[str, Callable[[], object]] | None = None  # waits for that task
        self._redraw_job: str | None = None
        body = ttk.Frame(self.frame)
        body.pack(side="top", fill="both", expand=True)
        self.panel = ttk.Frame(body)
        self.panel.pack(side="right", fill="y", padx=6, pady=4)
        self.canvas = tk.Canvas(body, background=BG, highlightthickness=0, width=560, height=500)
        self.canvas.bind("<Configure>", lambda e: self.schedule_redraw())
        self.canvas.pack(side="left", fill="both", expand=True)

    def _wrap(self, event: tk.Event[ttk.Label]) -> None:
        wrap = max(50, event.width - 4)
        if int(str(self.status_label.cget("wraplength")) or 0) != wrap:
            self.status_label.configure(wraplength=wrap)
            self._fit_status()

    def status_height(self) -> int:
        """The status box's height: ``STATUS_LINES`` lines, or the message's if it is taller."""
        return max(self._status_base, self.status_label.winfo_reqheight())

    def _fit_status(self) -> None:
        height = self.status_height()
        if int(str(self.status_box.cget("height")) or 0) != height:
            self.status_box.configure(height=height)

    # status and background work
    def say(self, text: str) -> None:
        """Show ``text`` in the status line (replacing any error)."""
        self.error = False
        self.status_label.configure(foreground="")
        self.status.set(text)
        self._fit_status()
        self.root.after_idle(self._fit_status)  # once the label has measured the new text

    def say_error(self, text: str) -> None:
        """Show ``text`` as an error (in red) until the next message or the next work."""
        self.say(text)
        self.error = True
        self.status_label.configure(foreground=ERROR)

    @property
    def busy(self) -> bool:
        return self.task is not None

    def run(
        self,
        label: str,
        fn: Callable[[], T],
        on_done: Callable[[T], object],
        on_error: Callable[[BaseException], object] | None = None,
        *,
        makes_board: bool = False,
    ) -> Task:
        """Run ``fn`` in a worker thread with the busy bar showing; ``on_done(result)`` runs on
        the Tk thread. The status line says what runs, and which work it cancelled; errors from
        the library go to the status line. ``makes_board``: the result replaces the board, so
        an action on the board waits for it (:meth:`wait_for_board`)."""
        replaced = self.task_label if self.task is not None else ""
        queued = self.queued
        self.cancel(quiet=True)
        if self.task_makes_board and makes_board:
            self.queued = queued  # it waited for a board: the new one will do
        self.busybar.show(label)
        self.task_label, self.task_makes_board = label, makes_board
        if replaced:
            self.say(f"{label} ({replaced.rstrip('.')} cancelled.)")
        elif self.error:
            self.say(label)

        def done(result: T) -> None:
            self.task = None
            self.busybar.hide()
            on_done(result)
            action = self._take_queued()
            if action is not None:
                action()

        def error(exc: BaseException) -> None:
            self.task = None
            self.busybar.hide()
            queued = self.queued
            self.queued = None
            (on_error or self.report)(exc)
            if queued is not None:
                self.say_error(f"{self.status.get()} ({queued[0]} not run.)")

        self.task = Task(self.root, fn, done, error)
        return self.task

    def _take_queued(self) -> Callable[[], object] | None:
        queued, self.queued = self.queued, None
        return None if queued is None else queued[1]

    def wait_for_board(self, action: str, fn: Callable[[], object]) -> bool:
        """While a new board is being made, queue ``fn`` to run on it and say so (True);
        else False (the caller acts at once). ``action`` names it ("Solve")."""
        if self.task is None or not self.task_makes_board:
            return False
        self.queued = (action, fn)
        self.say(f"{action} waits for the new board: {self.task_label} (Esc cancels both).")
        return True

    def report(self, exc: BaseException) -> None:
        self.say_error(str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}")

    def cancel(self, quiet: bool = False) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.busybar.hide()
            queued, self.queued = self.queued, None
            if not quiet:
                also = f" ({queued[0]} not run.)" if queued is not None else ""
                self.say(f"Cancelled: {self.task_label.rstrip('.')}.{also}")

    def close(self) -> None:
        """Drop every piece of work in flight (the window is closing)."""
        self.cancel(quiet=True)

    def board_coming(self, action: str) -> bool:
        """While a new board is being made, refuse ``action`` on the old one and say so
        (True): what it did would vanish with the new board."""
        if self.task is None or not self.task_makes_board:
            return False
        self.say(f"{action}: wait for the new board ({self.task_label} Esc cancels it).")
        return True

    # canvas
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

    def hint(self) -> None:
        pass
