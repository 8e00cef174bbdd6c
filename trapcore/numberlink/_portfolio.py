"""Numberlink's one solving portfolio: which searches run on a puzzle, in what order, with what
share of the budget, and which one answered.

Every solve goes through :func:`solve` here: ``trapcore.numberlink.solve`` (grids), and
``Puzzle.solve`` (a grid puzzle through it, every other board directly). Callers validate first.
The searches are all complete, so the first to finish answers (with ``limit >= 2``, a proof of
uniqueness or of no solution); each counts its work in units that do not depend on time (nodes,
or conflicts for the SAT models). A turn of the schedule names a search of ``SEARCHES``:

- ``"sweeps"``: the kernel's sweeps (``_solver``); ``"strict"``: the same under the no-touch rule
  with fill, for one solution (a solution under every rule set);
- ``"board"``: the board search (``_graph``); ``"probe"``: its turn on a grid, which counts only
  as a proof (unique, or no solution);
- ``"route"``: the congestion router (``_boards.route``), bounded rounds and no units;
- ``"sat"`` and ``"boardsat"``: the SAT model of a grid (``_sat.SatSearch``) or of any board
  (``_sat_board``), resumed where the last turn stopped;
- ``"near"`` and ``"second"``: the compact SAT model that excludes the strict turn's solution
  (``_sat.second_solution``), started next to it or afresh.

Each answers with its ``method`` (docs/glossary.md). The schedules (:func:`schedule`) and why
each turn is there: docs/how-it-works/numberlink.md, which draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np
import numpy.typing as npt

from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _graph, _proof, _sat, _sat_board, _solver
from trapcore.numberlink._grid import Grid, Table, Values

# Each budget below was chosen by benchmarking; the figures and what was tried instead are in
# docs/benchmarks.md (the section named in each comment).

#: With fill, when the strict turn found nothing: the sweeps' one share (nodes a square) before
#: the SAT model's rest; three turns around a first SAT share did no better. "The portfolio's
#: budgets", bench/test_bench_numberlink_flow.py.
SWEEP_NODES_PER_SQUARE = 600
#: The "second" turn's conflicts (``None``: the rest of the budget, so that the turns after it
#: run only when the strict turn found nothing). Same section and bench.
SECOND_CONFLICTS: int | None = None
#: The "near" turn's conflicts: short, as the known solution's neighbourhood is sometimes a trap.
#: Same section and bench.
NEAR_CONFLICTS = 1_000
#: The probe's nodes a square: the board search settles about half the published puzzles within
#: it, and few within a hundred times more. "The SAT turn", bench/test_bench_numberlink_flow.py.
BOARD_NODES_PER_SQUARE = 20
#: The probe's most work (nodes times the board's squares, as a board-search node visits the
#: board): past 4,000 squares its cost stops growing as the square of the board.
PROBE_WORK = 1 << 24
#: The strict turn's nodes a square: enough for every Janko and Flow puzzle, little where it
#: finds nothing. "The SAT turn" and "The DA Symposium contest's boards",
#: bench/test_bench_numberlink_flow.py, bench/test_bench_numberlink_contest.py.
STRICT_NODES_PER_SQUARE = 250
#: Any other board with fill: the board search's one turn, nodes per node, before the SAT
#: model's rest; two turns around a first SAT share did worse. "The portfolio's budgets",
#: bench/test_bench_numberlink_variants.py -k tori.
BOARD_SAT_NODES_PER_NODE = 100
#: Under no-touch (with fill), the sweeps' one turn before the SAT model (their pruning is strong
#: there). "Solving and generating", bench/test_bench_numberlink_rules.py.
NO_TOUCH_SWEEP_NODES_PER_SQUARE = 20_000
#: Without fill, the first turn's share (the sweeps'; the board search gets a quarter).
FIRST_SHARE = 1 << 14
#: Without fill, for one solution: the sweeps' share after which the SAT model takes the rest.
#: "The DA Symposium contest's boards", bench/test_bench_numberlink_contest.py.
NO_FILL_SAT_SHARE = 1 << 17
#: The values of ``solve``'s ``method``.
METHODS = ("auto", "sweeps", "sat")


class Solutions(list):  # type: ignore[type-arg]
    """The list of solutions ``solve`` returns, saying which search found them.

    Attributes
    ----------
    method : str
        The search that answered (docs/glossary.md, "Numberlink searches"): ``"sweeps"`` (the
        kernel's sweeps), ``"strict"`` (the sweeps under the no-touch rule, for one solution),
        ``"board"`` (the board search), ``"router"`` (the congestion router), ``"sat"`` (the SAT
        model), ``"second"`` (the compact SAT model that excludes a known solution),
        ``"colours"`` (refuted by the colour count) or ``"empty"`` (a grid without numbers).
    nodes : int
        The searches' nodes (the sweeps' in units of work, ``sweep_units`` a node), plus the
        SAT solvers' conflicts when they ran.
    solver : str
        With ``method`` ``"sat"`` or ``"second"``, python-sat's name of the SAT solver
        (``"cadical153"``); else ``""``.
    """

    method: str
    nodes: int
    solver: str

    def __init__(
        self, items: list[Grid] | npt.NDArray[np.int16], method: str, nodes: int, solver: str = ""
    ) -> None:
        super().__init__(items)
        self.method = method
        self.nodes = nodes
        self.solver = solver


@dataclass(frozen=True)
class Task:
    """What to solve: ``values`` one per node (a grid puzzle: its grid), ``table`` the neighbour
    table (``None`` for a grid puzzle: built when the board search runs), the rules, how many
    solutions, and a caller's name for the messages."""

    values: Values | Grid
    table: Table | None
    fill: bool
    touch: bool
    limit: int
    caller: str = "solve"
    #: a solution already known, whose paths never run beside themselves (the "second" search
    #: excludes it; the "sat" search starts from it)
    known: Grid | None = None
    #: whether a SAT model may take turns on a board that is not a grid puzzle (the board
    #: generator's checks say no: its puzzles must not depend on whether python-sat is there)
    sat: bool = True

    @property
    def grid(self) -> Grid | None:
        """The grid, for a grid puzzle."""
        return self.values if self.table is None else None

    def over(self, budget: int) -> SearchLimitExceeded:
        """The error of a budget spent."""
        return over(
            self.caller, budget, self.values.shape if self.table is None else self.values.size
        )


def over(caller: str, budget: int, where: tuple[int, ...] | int) -> SearchLimitExceeded:
    """The error of a budget spent by ``caller`` on a grid of shape ``where`` or a board of
    ``where`` nodes (every search of trapcore.numberlink says it this way)."""
    board = (
        f"{where[0]} x {where[1]} grid" if isinstance(where, tuple) else f"board of {where} nodes"
    )
    return SearchLimitExceeded(
        f"{caller}: the search needed more than max_nodes={budget} nodes on this {board}; "
        "raise max_nodes (or pass max_nodes=None)"
    )


class Search(Protocol):
    """One complete search: ``turn(units)`` runs it within ``units`` (its solutions, or ``None``
    when they ran out, and the units it spent); ``close`` frees what it holds."""

    method: str
    solver: str

    def turn(self, units: int) -> tuple[list[Grid] | npt.NDArray[np.int16] | None, int]: ...

    def close(self) -> None: ...


def sweep_units(g: Grid, touch: bool) -> int:
    """The units of work of one node of the sweeps on ``g``: under the touch rules a node also
    builds its frontier's memo key, ``w + 2`` long on the shorter side ``w``, counted as the
    kernel counts it between polls (``1 + (w + 2) // 32``); else 1. Budgets count these units, so
    that a budget bounds time whatever the board's width."""
    return 1 + ((min(g.shape) + 2) >> 5) if touch else 1


class _Sweeps:
    method, solver = "sweeps", ""

    def __init__(self, task: Task) -> None:
        assert task.grid is not None  # (the schedules give it grids only)
        self.g, self.task = task.grid, task
        self.units = sweep_units(task.grid, task.touch)

    def turn(self, units: int) -> tuple[npt.NDArray[np.int16] | None, int]:
        t = self.task
        sols, nodes, done = _solver.solve(
            self.g, t.limit, units // self.units, _solver.Strategy.PORTFOLIO, t.fill, t.touch
        )
        return (sols if done else None), min(int(nodes) * self.units, units)

    def close(self) -> None:
        pass


class _Board:
    method, solver = "board", ""
    proof_only = False

    def __init__(self, task: Task) -> None:
        self.task = task
        self.values, self.table = _board_of(task)

    def turn(self, units: int) -> tuple[list[Values] | npt.NDArray[np.int16] | None, int]:
        t = self.task
        flat, nodes, done = _graph.solve(self.values, self.table, t.fill, t.touch, t.limit, units)
        if not done or (self.proof_only and len(flat) > min(1, t.limit - 1)):
            return None, min(int(nodes), units)
        sols = flat.reshape(-1, *t.values.shape) if t.table is None else list(flat)
        return sols, min(int(nodes), units)

    def close(self) -> None:
        pass


class _Strict:
    """The sweeps with fill under the no-touch rule, for one solution of a grid with fill under
    the touch rules or of a grid without fill (paths that fill the grid and never run beside
    themselves are a solution under every rule set): it answers ``limit=1``, and otherwise
    leaves its solution in ``found`` for the SAT model to start from."""

    method, solver = "strict", ""

    def __init__(self, task: Task) -> None:
        assert task.grid is not None and (task.touch or not task.fill)
        self.g, self.limit = task.grid, task.limit
        self.found: Grid | None = None

    def turn(self, units: int) -> tuple[list[Grid] | None, int]:
        sols, nodes, done = _solver.solve(self.g, 1, units, _solver.Strategy.PORTFOLIO, True, False)
        if done and sols is not None and len(sols):
            self.found = sols[0]
        answer = [self.found] if self.found is not None and self.limit == 1 else None
        return answer, min(int(nodes), units)

    def close(self) -> None:
        pass


class _Route:
    """The negotiated-congestion router (``_boards.route``, bounded rounds) on a grid without
    fill, for one solution: finding nothing proves nothing. Its turn spends no units."""

    method, solver = "router", ""

    def __init__(self, task: Task) -> None:
        assert task.grid is not None and not task.fill and task.limit == 1
        self.task = task

    def turn(self, units: int) -> tuple[list[Grid] | None, int]:
        from trapcore.numberlink import _boards

        found = _boards.route(*_board_of(self.task))
        return ([found[0].reshape(self.task.values.shape)] if found else None), 0

    def close(self) -> None:
        pass


class _Second:
    """Whether another solution than ``task.known`` exists: the compact SAT model that excludes
    it (``_sat.second_solution``; Flow Free's rules, no solids). One turn: its units are the
    conflicts it may spend."""

    method, solver = "second", _sat.SOLVER
    near = False

    def __init__(self, task: Task) -> None:
        assert task.grid is not None and task.known is not None
        self.g, self.known = task.grid, task.known

    def turn(self, units: int) -> tuple[list[Grid] | None, int]:
        spent: list[int] = []
        unique, other = _sat.second_solution(self.g, self.known, units, self.near, spent)
        if unique is None:
            return None, units
        used = min(spent[0], units)
        return [self.known] if unique else [self.known, other], used  # type: ignore[list-item]

    def close(self) -> None:
        pass


class _Near(_Second):
    """The "second" search with CaDiCaL's first decisions set as in ``task.known``, so that it
    looks next to it first."""

    near = True


class _Probe(_Board):
    """The board search's turn on a grid, whose answer counts only when it is a proof: no
    solution, or one solution found with ``limit >= 2`` (unique). When it lists ``limit``
    solutions (or, with ``limit >= 3``, two or more), which ones depends on the search, so the
    schedule goes on and the grid's own searches answer, as before the probe existed."""

    proof_only = True


class _Sat:
    method, solver = "sat", _sat.SOLVER
    search: _sat.SatSearch | _sat_board.BoardSatSearch

    def __init__(self, task: Task) -> None:
        assert task.grid is not None  # (the schedules give it grids only)
        self.search = _sat.SatSearch(
            task.grid, task.limit, task.fill, task.touch, _sat.SOLVER, task.known
        )

    def turn(self, units: int) -> tuple[list[Grid] | list[Values] | None, int]:
        before = self.search.conflicts
        finished = self.search.step(units)
        return (self.search.solutions if finished else None), self.search.conflicts - before

    def close(self) -> None:
        self.search.close()


class _BoardSat(_Sat):
    """The SAT model of a board that is not a grid puzzle (``_sat_board``), in the same turns."""

    def __init__(self, task: Task) -> None:
        values, table = _board_of(task)
        self.search = _sat_board.BoardSatSearch(values, table, task.limit, task.touch, _sat.SOLVER)


SEARCHES: dict[str, Callable[[Task], Search]] = {
    "sweeps": _Sweeps,
    "board": _Board,
    "probe": _Probe,
    "strict": _Strict,
    "route": _Route,
    "sat": _Sat,
    "near": _Near,
    "second": _Second,
    "boardsat": _BoardSat,
}


def _second_fits(g: Grid) -> bool:
    """Whether the compact model of ``_sat.second_solution`` takes ``g``: no solids, numbers
    1..K."""
    k = int(g.max())
    return not (g < 0).any() and k > 0 and np.array_equal(np.unique(g[g > 0]), np.arange(1, k + 1))


def schedule(task: Task, budget: int, method: str = "auto") -> Iterator[tuple[str, int]]:
    """The turns ``(search, units)`` for ``task`` (drawn in docs/how-it-works/numberlink.md)."""
    g = task.grid
    if g is None:
        if not (task.fill and task.sat and method == "auto" and _sat.available()):
            yield "board", budget
            return
        if not _sat_board.fits(*_board_of(task)):
            yield "board", budget
            return
        n = task.values.size
        yield from [("board", BOARD_SAT_NODES_PER_NODE * n), ("boardsat", budget)]
        return
    sat = method == "sat" or (method == "auto" and _sat.available() and _sat.fits(g))
    if not task.fill and method == "auto":
        if task.limit == 1:  # paths that fill the grid (STRICT_NODES_PER_SQUARE), the router
            if not colour_refutes(g):
                yield "strict", STRICT_NODES_PER_SQUARE * g.size
            yield "route", 0
        share, units = FIRST_SHARE, sweep_units(g, task.touch)
        while True:
            yield "board", share // 4
            yield "sweeps", share * units  # (its shares in nodes, as benchmarked)
            if sat and task.limit == 1 and share >= NO_FILL_SAT_SHARE:
                yield "sat", budget
                return
            share *= 2
    probe = method == "auto" and task.touch and task.limit >= 2
    probe_nodes = min(BOARD_NODES_PER_SQUARE * g.size, PROBE_WORK // (g.size + 16))
    first = [("probe", probe_nodes)] if probe else []
    if method == "auto" and task.touch:
        first.append(("strict", STRICT_NODES_PER_SQUARE * g.size))
        if sat and task.limit == 2 and _second_fits(g):
            second = budget if SECOND_CONFLICTS is None else SECOND_CONFLICTS
            compact = [("near", NEAR_CONFLICTS), ("second", second)]
            first += [(name, units) for name, units in compact if units]
    if not sat:
        yield from [*first, ("sweeps", budget)]
        return
    turns = [*first, ("sweeps", SWEEP_NODES_PER_SQUARE * g.size), ("sat", budget)]
    if not task.touch:  # the sweeps' pruning is strong under no-touch: they go first, at length
        turns = [("sweeps", NO_TOUCH_SWEEP_NODES_PER_SQUARE * g.size), ("sat", budget)]
    for name, units in turns:
        if method != "sat" or name == "sat":
            yield name, units


def solve(
    task: Task,
    budget: int,
    method: str = "auto",
    turns: list[tuple[str, int]] | None = None,
) -> Solutions:
    """Up to ``task.limit`` solutions (see the module): the answers given at once, then the
    schedule's turns (or the ``turns`` given) until a search finishes; SearchLimitExceeded when
    the budget runs out."""
    g = task.grid
    if g is not None and (empty := without_numbers(g, task.fill)) is not None:
        return Solutions(empty, "empty", 0)
    if turns is None and method != "sat" and (answer := _at_once(task, method)) is not None:
        return answer
    searches: dict[str, Search] = {}
    spent = 0
    try:
        for name, units in schedule(task, budget, method) if turns is None else turns:
            if spent >= budget and units:  # (a turn without units, the router's, still runs)
                break
            if name in ("near", "second") and task.known is None:  # the strict turn found none
                continue
            if name not in searches:
                searches[name] = SEARCHES[name](task)
            search = searches[name]
            sols, used = search.turn(min(units, budget - spent))
            spent += used
            if sols is not None:
                return Solutions(sols, search.method, spent, search.solver)
            if isinstance(search, _Strict) and search.found is not None and task.known is None:
                task = replace(task, known=search.found)  # the searches made from now on see it
        raise task.over(budget)
    finally:
        for search in searches.values():
            search.close()


def prove_unique(g: Grid, solution: Grid, nodes: int, conflicts: int) -> Solutions:
    """``generate(prover="sat")``'s check of a grid whose ``solution`` is known, under Flow
    Free's rules: the sweeps with ``nodes``, then the compact SAT model that excludes the
    solution with ``conflicts``. ``[solution]``: unique; two solutions: another exists;
    SearchLimitExceeded: neither settled it."""
    task = Task(g, None, True, True, 2, "generate", solution)
    nodes *= sweep_units(g, True)  # (the generator's budget is in the sweeps' nodes)
    return solve(task, nodes + conflicts, turns=[("sweeps", nodes), ("second", conflicts)])


def _board_of(task: Task) -> tuple[Values, Table]:
    """The values and neighbour table of the task's board (a grid's: ``grid_board``'s)."""
    if task.table is not None:
        return task.values, task.table
    from trapcore.numberlink.variants import grid_board  # (variants imports solve)

    board = grid_board(task.values, fill=task.fill, touch=task.touch)
    return board.values, board.neighbours


def _at_once(task: Task, method: str) -> Solutions | None:
    """The answers before any budgeted search: with fill the colour count's refutation; without
    fill, for one solution and ``method="auto"``, what the congestion router finds."""
    from trapcore.numberlink import _boards

    g = task.grid
    if task.fill:
        if g is not None:
            refuted = colour_refutes(g)
        else:
            refuted = _boards.parity_refutes(task.values, _board_of(task)[1], True)
        return Solutions([], "colours", 0) if refuted else None
    if task.limit != 1 or method != "auto" or g is not None:  # (a grid's router: a turn)
        return None
    found = _boards.route(*_board_of(task))
    if not found:
        return None
    return Solutions(found if g is None else [found[0].reshape(g.shape)], "router", 0)


def without_numbers(g: Grid, fill: bool) -> list[Grid] | None:
    """The answer for a grid without numbers, at once (None when it has numbers): no paths, so
    its one solution is the grid itself when no square must be filled (``fill=False``, or only
    solids), else none. The search would try pipe shapes on every square before finding that
    out (a 16 x 16 empty grid ran for minutes)."""
    if g.max() > 0:
        return None
    return [g.copy()] if not fill or not (g == 0).any() else []


def colour_refutes(g: Grid) -> bool:
    """With fill, the colour count that no set of paths can meet (``_boards.parity_refutes``
    on a grid, whose colours are a chessboard's, for the whole grid at once): a path alternates
    black and white squares, so it holds one more black square than white ones when both its
    ends are black, one fewer when both are white, as many otherwise; every non-solid square
    lies on a path, so blacks minus whites must equal the pairs with two black ends minus those
    with two white ends (what it saves: docs/benchmarks.md, "The portfolio's budgets")."""
    live = g >= 0  # (r + c) even is black; no array wider than a bool per square
    balance = 2 * (int(live[0::2, 0::2].sum()) + int(live[1::2, 1::2].sum())) - int(live.sum())
    del live
    rr, cc = np.nonzero(g > 0)
    numbers = g[rr, cc].astype(np.int64)
    blacks = np.bincount(numbers, weights=(rr + cc) % 2 == 0, minlength=1)
    present = np.bincount(numbers, minlength=1) == 2
    both_black = int(((blacks == 2) & present).sum())
    both_white = int(((blacks == 0) & present).sum())
    return balance != both_black - both_white


#: :func:`difficulty`: the board search's budget in nodes per square (and at most the sweeps'
#: nodes). A board-search node visits the whole board, so this bounds its cost to this many
#: passes over the board per square; past it the board search has lost its way and the sweeps'
#: effort stands. Under Flow's rules it settles within it most puzzles of ``generate`` (7x7 to
#: 15x15: medians of 1-20 a square).
DIFFICULTY_BOARD_NODES_PER_SQUARE = 64
#: :func:`difficulty`: the share of the sweeps' nodes added to the least effort, which orders the
#: puzzles whose least ties (most small puzzles need no guess: 24 of 64 7x7 puzzles of
#: ``generate`` took the board search the same nodes) and leaves the others' order nearly as is.
SWEEPS_SHARE = 1e-3


#: Deduction (``_proof.deduce_grid``) may look at this many squares per square of the board, in
#: ``deduced_difficulty`` and in each of the default generator's uniqueness checks (the same run,
#: so a generated puzzle's difficulty is the one its grid measures). More gives the generator
#: longer paths for more time (bench/test_bench_numberlink_generate.py).
DEDUCE_STEPS_PER_SQUARE = 10


def deduced_difficulty(g: Grid) -> float | None:
    """``Puzzle.difficulty`` of a grid without solid squares under Flow Free's rules when sound
    deduction (forced rules, then bounded trial) proves its solution unique within
    ``DEDUCE_STEPS_PER_SQUARE`` squares a square: the squares it looked at, per square, rounded
    to 4 decimals. ``None`` when it does not (the search then measures the puzzle)."""
    if g.size == 0 or bool((g < 0).any()):
        return None
    squares = int(g.size)
    proven, _, _, steps = _proof.deduce_grid(
        np.ascontiguousarray(g, np.int16), DEDUCE_STEPS_PER_SQUARE * squares
    )
    return round(steps / squares, 4) if proven == 1 else None


def difficulty(g: Grid, fill: bool, touch: bool, sweeps: int) -> float:
    """``Puzzle.difficulty`` of a grid whose proof of uniqueness by the kernel's sweeps
    (``count_nodes(limit=2)``, or ``generate``'s own proof) took ``sweeps`` nodes: under the
    touch rules, the fewer of those and the board search's nodes for two solutions (``_graph``,
    run within ``DIFFICULTY_BOARD_NODES_PER_SQUARE`` nodes a square and at most ``sweeps``: past
    that the sweeps' figure stands); under no-touch the sweeps' (the board search is weak there);
    plus ``SWEEPS_SHARE`` of the sweeps' nodes; per non-solid square, rounded to 4 decimals (3
    would tie the small puzzles again).

    The board search grows paths from their ends, the most constrained end first, with dead-end
    and region checks, much as a person works: under Flow Free's rules its effort ranks puzzles
    as a SAT model's conflicts and a human-style solver's guesses do (rho 0.6-0.8 at 7x7-15x15),
    where the sweeps' nodes alone gave 0.1-0.3 against the SAT model's (docs: Benchmarks)."""
    squares = max(1, int((g >= 0).sum()))
    least = sweeps
    # (sweeps is 0, so no board search, where count_nodes answers at once: a grid without
    # numbers, or one the colour count refutes)
    cap = min(sweeps, DIFFICULTY_BOARD_NODES_PER_SQUARE * squares)
    if touch and cap >= 1:
        from trapcore.numberlink._boards import square_table  # (_boards imports this module)

        table = square_table(*g.shape)  # grid_board's table, without its checks
        _, nodes, done = _graph.solve(np.ascontiguousarray(g.ravel()), table, fill, touch, 2, cap)
        if done:
            least = min(least, int(nodes))
    return round((least + SWEEPS_SHARE * sweeps) / squares, 4)
