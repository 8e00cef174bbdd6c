"""The solving portfolio's complete fallback: Numberlink as SAT, solved by CaDiCaL (python-sat, an
optional extra). ``solve.py`` runs a ``SatSearch`` when the sweeps have not finished within their
share of the budget.

The clauses come from the kernel ``trapcore.numberlink._cnf`` (the model is described there: a
number per square, an edge per neighbour pair, degree and same-number clauses). Loops (cycles of
empty squares, which the clauses allow) are cut lazily: for each loop in a model, a clause that
some edge leaves the loop's squares (with fill: every square lies on a path, and a path through
squares without endpoints must leave them; without fill, or the loop's edges are not all on). A
solution is a set of paths (edges), and each one found is blocked by a clause before the next
solve, so ``limit=2`` proves uniqueness exactly as the sweeps do. Ctrl-C: the solver runs in
rounds of bounded conflicts, with a poll between two (``_round``), through python-sat's public
interface only.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from trapcore._threads import _CtrlCNoted
from trapcore.numberlink import _cnf
from trapcore.numberlink._grid import Grid

__all__ = ["available", "SatSearch", "SOLVER"]

#: The CDCL solver (python-sat's name): Glucose 4 wins on some hard puzzles and loses on others,
#: and the two cannot take turns cheaply. "The SAT turn", bench/test_bench_numberlink_flow.py.
SOLVER = "cadical153"


#: The most literals of a model the portfolio builds (an estimate from the board's size and its
#: number of paths; the lists python-sat reads cost about 40 bytes a literal). Larger boards are
#: left to the sweeps.
MAX_LITERALS = 4_000_000


#: CaDiCaL's options once a first solution is found and the search goes on to show there is no
#: other: its focused mode alone beats its default on the proofs of the hard Flow levels, while
#: the default finds first solutions best. "The SAT turn", bench/test_bench_numberlink_flow.py.
PROOF_OPTIONS = {"stabilize": 0}


def _configure(s: Any, options: dict[str, int]) -> None:
    """Set CaDiCaL's ``options`` on python-sat's solver ``s`` mid-search (python-sat allows it);
    nothing when this python-sat cannot."""
    try:
        s.configure(options)
    except (AttributeError, NotImplementedError):
        pass


def fits(g: Grid) -> bool:
    """True when the model of ``g`` is small enough to build (``MAX_LITERALS``)."""
    K = len(np.unique(g[g > 0]))
    per_square = 28 * K + 100 + (3 * K * (K - 1) // 2 if K <= 24 else 0)
    return int((g >= 0).sum()) * per_square <= MAX_LITERALS


def available() -> bool:
    """True when python-sat is installed (the extra ``sat``)."""
    try:
        import pysat.solvers  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


class SatSearch:
    """One CDCL solver on the SAT model of a validated grid, run in steps: ``step(conflicts)``
    searches on from where the last step stopped (the solver keeps its learnt clauses; the
    portfolio gives it one step, the rest of its budget). ``close()`` frees the solver.

    ``known``: a solution already found, whose paths never run beside themselves (so its paths'
    edges are its same-number neighbours): it is the first of ``solutions``, excluded as a found
    one is, so that the search starts at the proof."""

    def __init__(
        self, g: Grid, limit: int, fill: bool, touch: bool, solver: str, known: Grid | None = None
    ) -> None:
        from pysat.solvers import Solver

        numbers, flat = np.unique(g, return_inverse=True)
        # renumber the paths 1..K (solids stay -1, empty squares 0)
        k0 = int(np.searchsorted(numbers, 1))
        ren = np.where(g > 0, flat.reshape(g.shape) - k0 + 1, g).astype(np.int16)
        K = len(numbers) - k0
        cnf, self._nvars = _cnf.clauses(ren, K, fill, touch)
        ends = np.flatnonzero(cnf == 0)
        rows, cols = g.shape
        self._g, self._fill, self._limit = g, fill, limit
        self._base = 1 + rows * cols * (K + 1)  # the first edge variable
        # the edge variables that exist: both squares non-solid (East, South per square)
        live = g >= 0
        pairs = np.zeros((rows, cols, 2), bool)
        pairs[:, :-1, 0] = live[:, :-1] & live[:, 1:]
        pairs[:-1, :, 1] = live[:-1, :] & live[1:, :]
        self._real = pairs.ravel()
        self.solver = solver
        self.solutions: list[Grid] = []
        self.conflicts = 0
        self.finished = False
        self._s = Solver(name=solver)
        # python-sat reads Python ints only: one list of them, sliced per clause (0s left out)
        lits = cnf.tolist()
        starts = [0, *(ends[:-1] + 1).tolist()]
        self._s.append_formula([lits[a:b] for a, b in zip(starts, ends.tolist())])
        if known is not None:
            self._found(np.asarray(known, np.int16), _edges_of(known))

    def _found(self, solution: Grid, edges: npt.NDArray[np.bool_]) -> None:
        """Keep a solution (``edges``: its paths' edges) and exclude it."""
        _keep(self, solution, (np.flatnonzero(edges) + self._base).tolist())

    def step(self, conflicts: int) -> bool:
        """Search on for about ``conflicts`` more conflicts; True once finished (``limit``
        solutions found, or no more)."""
        return _step(self, conflicts)

    def _read(self, model: npt.NDArray[np.int64]) -> tuple[list[list[int]], Grid, list[int]]:
        """A model's loop cuts (none: it is a solution), its solution and its edge literals."""
        g, base = self._g, self._base
        rows, cols = g.shape
        value = np.zeros(self._nvars + 1, bool)  # variables in no clause are not in it
        value[np.abs(model)] = model > 0
        edges = value[base : base + 2 * rows * cols] & self._real  # the others are free
        east = np.ascontiguousarray(edges[0::2].reshape(rows, cols), np.uint8)
        south = np.ascontiguousarray(edges[1::2].reshape(rows, cols), np.uint8)
        label, number = _cnf.paths(g, east, south)
        loops = np.unique(label[(label > 0) & (number == 0)])
        cuts = [_cut(label == lab, g, east, south, base, self._fill) for lab in loops.tolist()]
        solution = np.where(g < 0, -1, number).astype(np.int16)
        return cuts, solution, (np.flatnonzero(edges) + base).tolist()

    def close(self) -> None:
        self._s.delete()


class _Stepped(Protocol):
    """What ``_step`` drives: a python-sat solver ``_s``, the solutions found, the conflicts
    spent, whether finished, and ``_read`` (a model's loop cuts, its solution, its edge
    literals)."""

    _s: Any
    _limit: int
    solutions: list[Any]
    conflicts: int
    finished: bool

    def _read(self, model: npt.NDArray[np.int64]) -> tuple[list[list[int]], Any, list[int]]: ...


def _keep(search: _Stepped, solution: Any, on: list[int]) -> None:
    """Keep a solution (``on``: the literals of its edges) and exclude it; once the first is
    found with ``limit > 1``, CaDiCaL is set for the proof."""
    search.solutions.append(solution)
    search._s.add_clause([-x for x in on])
    if len(search.solutions) == 1 and search._limit > 1:
        _configure(search._s, PROOF_OPTIONS)


def _step(search: _Stepped, conflicts: int) -> bool:
    """Search on for about ``conflicts`` more conflicts (the loop of ``SatSearch`` and of the
    boards' model): each model's loops cut, each solution kept and excluded; True once finished
    (``limit`` solutions found, or no more)."""
    s = search._s
    target = search.conflicts + conflicts
    # one note-taking SIGINT handler for the whole step: between two rounds a Ctrl-C is noted,
    # not raised (raised, it could land in a weakref callback, which swallows it)
    with _CtrlCNoted(np.zeros(1, np.int32)) as noted:
        while not search.finished:
            if len(search.solutions) >= search._limit:
                search.finished = True
                break
            if search.conflicts >= target:
                return False
            ok = _round(s, target - search.conflicts, noted)
            used = int(s.accum_stats().get("conflicts", 0))
            progress, search.conflicts = used > search.conflicts, used
            if ok is None:
                if not progress:  # stopped without a conflict: the budget cannot be spent
                    return False
                continue
            if not ok:
                search.finished = True
                break
            cuts, solution, on = search._read(np.asarray(s.get_model(), np.int64))
            if not cuts:
                _keep(search, solution, on)
            elif not all(cuts):  # a loop that no edge can leave: nothing fills it
                search.finished = True
            else:
                for cut in cuts:
                    s.add_clause(cut)
        return True


def _cut(
    inside: npt.NDArray[np.bool_],
    g: Grid,
    east: npt.NDArray[np.uint8],
    south: npt.NDArray[np.uint8],
    base: int,
    fill: bool,
) -> list[int]:
    """The clause that cuts a loop (``inside``: its squares): an edge leaves them (every edge
    between inside and a non-solid square outside), or (without fill) one of its edges is off."""
    rows, cols = g.shape
    idx = np.arange(rows * cols).reshape(rows, cols)
    live = g >= 0
    lits: list[int] = []
    # East edges (r, c)-(r, c+1) with exactly one end inside, both ends non-solid
    cross_e = (inside[:, :-1] != inside[:, 1:]) & live[:, :-1] & live[:, 1:]
    lits += (base + 2 * idx[:, :-1][cross_e]).tolist()
    cross_s = (inside[:-1, :] != inside[1:, :]) & live[:-1, :] & live[1:, :]
    lits += (base + 2 * idx[:-1, :][cross_s] + 1).tolist()
    if not fill:
        own_e = inside & (east > 0)
        own_s = inside & (south > 0)
        lits += (-(base + 2 * idx[own_e])).tolist()
        lits += (-(base + 2 * idx[own_s] + 1)).tolist()
    return lits


#: The most conflicts of one call of the solver, and of conflicts times clauses (a conflict costs
#: more on a bigger model): python-sat's CaDiCaL holds the GIL and has no ``interrupt()``, so
#: Ctrl-C is looked at between calls. "SAT rounds", bench/test_bench_numberlink_flow.py.
ROUND_CONFLICTS = 2000
ROUND_WORK = 40_000_000

#: How often (seconds) the waiting thread looks for a Ctrl-C while a solver that can be
#: interrupted runs (its ``interrupt()`` stops it; a wait, not a measurement).
WATCH_SECONDS = 0.05

#: A test hook: called on the solver's thread just before each call (None: nothing).
_on_solve: Callable[[], None] | None = None


def _round(s: Any, conflicts: int, noted: _CtrlCNoted) -> bool | None:
    """One call of ``s.solve_limited`` for at most ``conflicts`` (and ``ROUND_CONFLICTS``)
    conflicts, then a poll for Ctrl-C (``_cnf.poll``). ``noted`` is the caller's
    ``_threads._CtrlCNoted`` around its loop of rounds; a Ctrl-C it noted raises
    KeyboardInterrupt here, after the call, the solver left whole for the caller to free.

    On the main thread the call runs on a thread of its own, where python-sat installs no SIGINT
    handler (on the main thread it answers SIGINT by a longjmp out of the solver, which can leave
    malloc's lock held). This thread waits and, once a Ctrl-C is noted, asks the solver to stop
    through python-sat's ``interrupt()`` where the solver has one (its CaDiCaL has not: there the
    round's budget bounds the wait), then ``clear_interrupt()``."""
    cap = min(ROUND_CONFLICTS, ROUND_WORK // max(1, s.nof_clauses()))
    s.conf_budget(max(1, min(conflicts, cap)))
    if noted.came:
        raise KeyboardInterrupt
    if threading.current_thread() is not threading.main_thread():
        if _on_solve is not None:
            _on_solve()
        ok: bool | None = s.solve_limited(expect_interrupt=True)
        _cnf.poll()
        return ok
    out: list[Any] = []

    def work() -> None:
        try:
            if hasattr(signal, "pthread_sigmask"):
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            if _on_solve is not None:
                _on_solve()
            out.append(s.solve_limited(expect_interrupt=True))
        except BaseException as e:  # handed to the caller's thread
            out.append(e)

    worker = threading.Thread(target=work, name="trapcore-sat", daemon=True)
    worker.start()
    asked = _wait(worker, s, noted)
    if asked:
        s.clear_interrupt()
    if out and isinstance(out[0], BaseException):
        raise out[0]
    if noted.came:
        raise KeyboardInterrupt
    _cnf.poll()
    return out[0] if out else None


def _wait(worker: threading.Thread, s: Any, noted: _CtrlCNoted) -> bool:
    """Wait for the solver's thread, asking the solver to stop (``interrupt()``) once a Ctrl-C
    is noted or an exception reaches this thread (a SIGINT handler of the caller's own that
    raises: it propagates once the solver has returned, since the caller frees it next). True
    when the solver was asked to stop."""
    asked = False
    try:
        while worker.is_alive():
            worker.join(WATCH_SECONDS)
            if noted.came and not asked:
                asked = _interrupt(s)
    except BaseException:
        asked = asked or _interrupt(s)
        while worker.is_alive():
            try:
                worker.join()
            except BaseException:  # the first exception is the one raised
                continue
        if asked:
            s.clear_interrupt()
        raise
    return asked


def _interrupt(s: Any) -> bool:
    """Ask python-sat's solver ``s`` to stop its ``solve_limited`` call; False when it cannot."""
    try:
        s.interrupt()
    except NotImplementedError:
        return False
    return True


def _edges_of(known: Grid) -> npt.NDArray[np.bool_]:
    """The edges (East, South per square, as the models lay them out) of a solution whose paths
    never run beside themselves: its pairs of neighbouring squares of one number."""
    rows, cols = known.shape
    edges = np.zeros((rows, cols, 2), bool)
    edges[:, :-1, 0] = (known[:, :-1] == known[:, 1:]) & (known[:, 1:] > 0)
    edges[:-1, :, 1] = (known[:-1, :] == known[1:, :]) & (known[1:, :] > 0)
    return edges.ravel()


def _phases(solution: Grid, base: int) -> list[int]:
    """The compact model's variables (``_cnf.bits_clauses``: ``base - 1`` bit variables, the same
    number a square, then the edges from ``base``) set as in ``solution``, for CaDiCaL's first
    decisions: the search starts next to the known solution, where another one, when there is
    one, usually lies (a few paths rerouted), instead of anywhere on the board."""
    n = solution.size
    bits = (base - 1) // n
    value = (solution.ravel().astype(np.int64) - 1)[:, None] >> np.arange(bits) & 1
    number = np.arange(1, n * bits + 1).reshape(n, bits)
    edge = np.arange(base, base + 2 * n)
    both = np.concatenate(
        (np.where(value > 0, number, -number).ravel(), np.where(_edges_of(solution), edge, -edge))
    )
    return cast(list[int], both.tolist())


def second_solution(
    g: Grid, solution: Grid, max_conflicts: int, near: bool = False, spent: list[int] | None = None
) -> tuple[bool | None, Grid | None]:
    """Whether ``solution`` is the only solution of ``g`` under Flow Free's rules (fill, touching
    allowed), by CaDiCaL on the compact model ``_cnf.bits_clauses`` (log2 K bits a square, so
    it stays small on 50 x 50 boards with hundreds of pairs), loops cut lazily as in
    ``SatSearch``. ``g`` has no solids and numbers 1..K; ``solution``'s paths never run beside
    themselves (the generator's never do). Returns ``(True, None)``: unique; ``(False, other)``:
    ``other`` is another solution (its paths differ; its numbers may agree everywhere);
    ``(None, None)``: over ``max_conflicts`` conflicts in all. ``near``: CaDiCaL's first
    decisions are ``solution`` (``_phases``), so that another solution next to it is found
    first (the answer is the same; which other solution, and the cost, may not be). ``spent``:
    a list the conflicts used are appended to."""
    from pysat.solvers import Solver

    rows, cols = g.shape
    K = int(g.max())
    cnf, nvars = _cnf.bits_clauses(g, K, solution)
    ends = np.flatnonzero(cnf == 0)
    lits = cnf.tolist()
    starts = [0, *(ends[:-1] + 1).tolist()]
    base = nvars - 2 * rows * cols + 1  # the first edge variable
    pairs = np.zeros((rows, cols, 2), bool)
    pairs[:, :-1, 0] = True
    pairs[:-1, :, 1] = True
    real = pairs.ravel()
    s = Solver(name=SOLVER)
    try:
        s.append_formula([lits[a:b] for a, b in zip(starts, ends.tolist())])
        if near:
            try:
                s.set_phases(_phases(solution, base))
            except NotImplementedError:  # (a python-sat without it for this solver: no hint)
                pass
        with _CtrlCNoted(np.zeros(1, np.int32)) as noted:  # as in SatSearch.step
            while True:
                used = int(s.accum_stats().get("conflicts", 0))
                if used >= max_conflicts:
                    return None, None
                ok = _round(s, max_conflicts - used, noted)
                if ok is None:
                    if int(s.accum_stats().get("conflicts", 0)) == used:
                        return None, None  # stopped without a conflict: nothing more to spend
                    continue
                if not ok:
                    return True, None
                model = np.asarray(s.get_model(), np.int64)
                value = np.zeros(nvars + 1, bool)
                value[np.abs(model)] = model > 0
                edges = value[base : base + 2 * rows * cols] & real
                east = np.ascontiguousarray(edges[0::2].reshape(rows, cols), np.uint8)
                south = np.ascontiguousarray(edges[1::2].reshape(rows, cols), np.uint8)
                label, number = _cnf.paths(g, east, south)
                loops = np.unique(label[(label > 0) & (number == 0)])
                if not loops.size:
                    return False, number.astype(np.int16)
                for lab in loops.tolist():
                    s.add_clause(_cut(label == lab, g, east, south, base, True))
    finally:
        if spent is not None:
            spent.append(int(s.accum_stats().get("conflicts", 0)))
        s.delete()
