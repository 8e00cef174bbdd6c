"""A human-style Numberlink solver under Flow Free's rules (every square on a path, a path may run
beside itself): forced moves to a fixpoint, then guesses, depth first. A yardstick of how hard a
puzzle is for a person, for ``bench/test_bench_numberlink_difficulty.py``; pure Python and numpy,
sharing nothing with trapcore.

The model: an edge per pair of orthogonally adjacent non-solid squares (unknown, on or off) and a
colour per square (the set of path numbers it may still take, a bit mask). Squares joined by on
edges share one colour set (a union-find over the squares keeps each chain's set at its root).

Forced moves, applied until none applies (each counted in ``forced``):

- degree: an endpoint has exactly one on edge, any other square exactly two. When a square's on
  edges reach that, its unknown edges go off; when its on and unknown edges together just reach
  it, the unknown ones go on;
- an edge whose two squares have disjoint colour sets goes off (so a chain of on edges never
  joins the endpoints of two numbers: turning such an edge on is a contradiction);
- an edge whose two squares are already joined by on edges goes off (it would close a loop);
- support: a square that is not an endpoint takes a number only if two of its neighbours across
  edges that are not off may take it too (its two path neighbours share its number);
- a finished path (both endpoints of ``k`` on one chain) takes ``k`` away from every other square.

Turning an edge on intersects the colour sets of its two chains (so a chain that reaches an
endpoint of ``k`` is coloured ``k``); an empty set, or a square whose degree can no longer be met,
is a contradiction. When the forced moves stall, the solver guesses: an unknown edge at the square
with the fewest unknown edges, on first, then off, each branch on its own copy of the state. A
state with every edge decided is checked before it counts as a solution: every square coloured,
each number's squares one simple path from one of its endpoints to the other (so no loop of
squares without an endpoint, which fill would otherwise let through).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["GuessLimitExceeded", "human_solve"]

UNKNOWN, OFF, ON = -1, 0, 1


class GuessLimitExceeded(RuntimeError):
    """More than ``max_guesses`` branch points: the search stopped unfinished. ``solutions``,
    ``guesses`` and ``forced`` hold what it had found and spent."""

    def __init__(self, max_guesses: int, solutions: list[np.ndarray], guesses: int, forced: int):
        super().__init__(f"human_solve: more than max_guesses={max_guesses} guesses")
        self.solutions = solutions
        self.guesses = guesses
        self.forced = forced


class _Board:
    """What never changes: the squares, the edges, each square's (edge, neighbour) pairs, its
    degree, each number's two endpoints."""

    def __init__(self, grid: np.ndarray):
        rows, cols = grid.shape
        self.shape = (rows, cols)
        flat = [int(v) for v in grid.ravel()]
        if any(v < -1 for v in flat):
            raise ValueError("grid values must be -1 (solid), 0 (empty) or a path number > 0")
        self.values = flat
        self.ends: dict[int, list[int]] = {}
        for i, v in enumerate(flat):
            if v > 0:
                self.ends.setdefault(v, []).append(i)
        bad = sorted(k for k, where in self.ends.items() if len(where) != 2)
        if bad:
            raise ValueError(f"every path number must appear exactly twice; not so for {bad}")
        self.cells = [i for i, v in enumerate(flat) if v >= 0]
        self.edges: list[tuple[int, int]] = []
        self.inc: list[list[tuple[int, int]]] = [[] for _ in flat]  # (edge, neighbour)
        for r in range(rows):
            for c in range(cols):
                a = r * cols + c
                if flat[a] < 0:
                    continue
                for b in ((a + 1) if c + 1 < cols else -1, (a + cols) if r + 1 < rows else -1):
                    if b >= 0 and flat[b] >= 0:
                        e = len(self.edges)
                        self.edges.append((a, b))
                        self.inc[a].append((e, b))
                        self.inc[b].append((e, a))
        self.need = [1 if v > 0 else 2 for v in flat]
        self.all_numbers = 0
        for k in self.ends:
            self.all_numbers |= 1 << k


class _State:
    """What a guess changes: edge states, each square's on and unknown degree, the union-find
    (parent, size, a circular list of each chain's squares) and each chain's colour set."""

    __slots__ = ("col", "deg_on", "deg_unk", "es", "nxt", "parent", "size")
    es: list[int]
    deg_on: list[int]
    deg_unk: list[int]
    parent: list[int]
    size: list[int]
    nxt: list[int]
    col: list[int]

    def copy(self) -> _State:
        s = _State.__new__(_State)
        s.es = self.es[:]
        s.deg_on = self.deg_on[:]
        s.deg_unk = self.deg_unk[:]
        s.parent = self.parent[:]
        s.size = self.size[:]
        s.nxt = self.nxt[:]
        s.col = self.col[:]
        return s


class _Contradiction(Exception):
    pass


def _initial(board: _Board) -> _State:
    n = len(board.values)
    s = _State()
    s.es = [UNKNOWN] * len(board.edges)
    s.deg_on = [0] * n
    s.deg_unk = [len(board.inc[i]) for i in range(n)]
    s.parent = list(range(n))
    s.size = [1] * n
    s.nxt = list(range(n))
    s.col = [(1 << v) if v > 0 else (board.all_numbers if v == 0 else 0) for v in board.values]
    return s


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


class _Propagator:
    """The forced moves on one state, to a fixpoint (a stack of squares to look at again)."""

    def __init__(self, board: _Board, state: _State):
        self.b = board
        self.s = state
        self.stack: list[int] = []
        self.queued = bytearray(len(board.values))
        self.forced = 0

    def push(self, x: int) -> None:
        if not self.queued[x]:
            self.queued[x] = 1
            self.stack.append(x)

    def push_chain(self, root: int, neighbours: bool) -> None:
        """Every square of the chain at ``root`` (and their neighbours, whose support may rest
        on the chain's colours)."""
        nxt, inc = self.s.nxt, self.b.inc
        x = root
        while True:
            self.push(x)
            if neighbours:
                for _, y in inc[x]:
                    self.push(y)
            x = nxt[x]
            if x == root:
                break

    def set_off(self, e: int) -> None:
        s = self.s
        a, b = self.b.edges[e]
        s.es[e] = OFF
        s.deg_unk[a] -= 1
        s.deg_unk[b] -= 1
        self.push(a)
        self.push(b)

    def set_on(self, e: int) -> None:
        s, b = self.s, self.b
        x, y = b.edges[e]
        parent, col = s.parent, s.col
        rx, ry = _find(parent, x), _find(parent, y)
        if rx == ry:
            raise _Contradiction  # a loop
        cx, cy = col[rx], col[ry]
        c = cx & cy
        if not c:
            raise _Contradiction  # two numbers on one chain (or no number left)
        s.es[e] = ON
        s.deg_on[x] += 1
        s.deg_on[y] += 1
        s.deg_unk[x] -= 1
        s.deg_unk[y] -= 1
        if s.size[rx] < s.size[ry]:
            rx, ry, cx, cy = ry, rx, cy, cx
        parent[ry] = rx
        s.size[rx] += s.size[ry]
        s.nxt[rx], s.nxt[ry] = s.nxt[ry], s.nxt[rx]  # splice the two circular lists
        col[rx] = c
        # the merged chain's squares check their edges again (loops, colours); where a side's
        # colours shrank, its neighbours check their support too
        self.push_chain(rx, neighbours=(c != cx) or (c != cy))
        if c & (c - 1) == 0:  # one number: is its path now finished?
            k = c.bit_length() - 1
            p, q = b.ends[k]
            if _find(parent, p) == rx and _find(parent, q) == rx:
                self.finish(k, rx)

    def finish(self, k: int, root: int) -> None:
        """Path ``k`` is finished: no other chain may take ``k``."""
        s = self.s
        bit = 1 << k
        for x in self.b.cells:
            r = _find(s.parent, x)
            if r != root and s.col[r] & bit:
                self.shrink(r, s.col[r] & ~bit)

    def shrink(self, root: int, c: int) -> None:
        if not c:
            raise _Contradiction
        self.s.col[root] = c
        self.forced += 1
        self.push_chain(root, neighbours=True)

    def look(self, x: int) -> None:
        s, b = self.s, self.b
        es, parent, col = s.es, s.parent, s.col
        inc = b.inc[x]
        # loops and disjoint colours
        rx = _find(parent, x)
        cx = col[rx]
        for e, y in inc:
            if es[e] == UNKNOWN:
                ry = _find(parent, y)
                if ry == rx or not (cx & col[ry]):
                    self.set_off(e)
                    self.forced += 1
        # degree
        need, on, unk = b.need[x], s.deg_on[x], s.deg_unk[x]
        if on > need or on + unk < need:
            raise _Contradiction
        if unk:
            if on == need:
                for e, _ in inc:
                    if es[e] == UNKNOWN:
                        self.set_off(e)
                        self.forced += 1
                return
            if on + unk == need:
                for e, _ in inc:
                    if es[e] == UNKNOWN:
                        self.set_on(e)
                        self.forced += 1
                return
        # support: a square that is no endpoint needs two neighbours that may share its number
        if need == 2:
            rx = _find(parent, x)
            cx = col[rx]
            once = twice = 0
            for e, y in inc:
                if es[e] != OFF:
                    m = cx if es[e] == ON else col[_find(parent, y)]
                    twice |= once & m
                    once |= m
            if cx & twice != cx:
                self.shrink(rx, cx & twice)

    def run(self) -> None:
        stack, queued = self.stack, self.queued
        while stack:
            x = stack.pop()
            queued[x] = 0
            self.look(x)


def _pick(board: _Board, s: _State) -> int:
    """The edge to guess: an unknown edge of the square with the fewest unknown edges (the first
    such square, the first such edge); -1 when every edge is decided."""
    best, where = 99, -1
    deg_unk = s.deg_unk
    for x in board.cells:
        u = deg_unk[x]
        if 0 < u < best:
            best, where = u, x
            if u == 1:
                break
    if where < 0:
        return -1
    for e, _ in board.inc[where]:
        if s.es[e] == UNKNOWN:
            return e
    raise AssertionError("unreachable: a square counted an unknown edge it does not have")


def _labelling(board: _Board, s: _State) -> np.ndarray | None:
    """The solution a state with every edge decided stands for, checked (None when it breaks a
    rule): every square one number; each number's squares a single simple path along on edges
    from one endpoint to the other, each square's on degree right."""
    rows, cols = board.shape
    out = np.full(rows * cols, -1, np.int16)
    for x in board.cells:
        c = s.col[_find(s.parent, x)]
        if c == 0 or c & (c - 1):
            return None
        out[x] = c.bit_length() - 1
        if s.deg_on[x] != board.need[x]:
            return None
    on = [[y for e, y in board.inc[x] if s.es[e] == ON] for x in range(rows * cols)]
    for k, (a, z) in board.ends.items():
        prev, cur, seen = -1, a, 1
        while cur != z:
            step = [y for y in on[cur] if y != prev]
            if len(step) != 1 or out[step[0]] != k or (seen > 1 and cur == a):
                return None
            prev, cur = cur, step[0]
            seen += 1
            if seen > rows * cols:
                return None  # a loop
        if seen != int((out == k).sum()):
            return None  # squares of k off its path (a loop of their own)
    for e, (x, y) in enumerate(board.edges):
        if s.es[e] == ON and out[x] != out[y]:
            return None
    return out.reshape(rows, cols)


def human_solve(
    grid: npt.ArrayLike, limit: int | None = 2, max_guesses: int = 10**6
) -> tuple[list[np.ndarray], int, int]:
    """Up to ``limit`` solutions of ``grid`` under Flow Free's rules, by forced moves and guesses.

    Parameters
    ----------
    grid : array of int
        0 empty, ``k > 0`` the two endpoints of path ``k``, -1 solid.
    limit : int or None, default 2
        Stop after this many solutions (None: find them all).
    max_guesses : int, default 10**6
        Raise :class:`GuessLimitExceeded` past this many branch points.

    Returns
    -------
    (solutions, guesses, forced)
        ``solutions``: int16 grids of path numbers (-1 on solids), one per set of paths;
        ``guesses``: branch points tried (edges guessed); ``forced``: deductions made by the
        forced moves (edges decided, colour sets narrowed), over the whole search.
    """
    grid = np.asarray(grid)
    if grid.ndim != 2:
        raise ValueError(f"grid must be 2-D, got shape {grid.shape}")
    board = _Board(grid)
    solutions: list[np.ndarray] = []
    guesses = forced = 0
    first = _initial(board)
    todo: list[tuple[_State, int, int]] = [(first, -1, UNKNOWN)]  # (state, edge, value) or root
    start = True
    while todo:
        if limit is not None and len(solutions) >= limit:
            break
        state, e, value = todo.pop()
        prop = _Propagator(board, state)
        try:
            if start:
                for x in board.cells:
                    prop.push(x)
                start = False
            elif value == ON:
                prop.set_on(e)
            else:
                prop.set_off(e)
            prop.run()
        except _Contradiction:
            continue
        finally:
            forced += prop.forced
        e = _pick(board, state)
        if e < 0:
            sol = _labelling(board, state)
            if sol is not None:
                solutions.append(sol)
            continue
        guesses += 1
        if guesses > max_guesses:
            raise GuessLimitExceeded(max_guesses, solutions, guesses - 1, forced)
        todo.append((state, e, OFF))  # tried second, on the state itself
        todo.append((state.copy(), e, ON))
    return solutions, guesses, forced
