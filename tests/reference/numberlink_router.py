"""Pure-Python twin of the Numberlink board router ``trapcore.numberlink._graph`` (src/numberlink/
graph.pyx), step for step: the same state, choice rule, move order, pruning, restarts and node
counts, so ``solve`` and ``count`` give exactly the kernel's answers. Used by
``tests/numberlink/test_router_twin.py``; imports nothing from trapcore.

Conventions, as in the kernel: ``values`` one int per node (0 free, -1 solid, k > 0 an end of
path k, each k twice), ``neighbours`` an (n, d) table, each row's neighbours first and -1 after the
last (as ``Board.neighbours`` gives it). Path k has two ends, ``e = 2k`` (its first node in node
order) and ``e = 2k + 1`` (its second); ``head[e]`` is where that end has grown to, and the far end
of ``e`` is ``e ^ 1``. The slow parts are written as loops on purpose: each mirrors one function
of the kernel, named after it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["solve", "count", "Router", "FAR", "FIRST_BUDGET"]

#: The kernel's codes for how a run ended.
DONE, OVER_BUDGET = 0, 1
#: "Unreachable" in the distance table (the kernel's FAR).
FAR = 1 << 30


def mix(x: int, restart: int) -> int:
    """The kernel's tie-break in 0..63 that changes with each restart (uint32 arithmetic)."""
    return ((x * 2654435761 + restart * 40503) & 0xFFFFFFFF) >> 26


#: The first restart's budget in nodes; each restart doubles it.
FIRST_BUDGET = 1024


class Router:
    """The kernel's ``Graph``: the board, the search state and the scratch it reuses."""

    def __init__(self, values, neighbours, fill: bool, touch: bool) -> None:
        values = [int(x) for x in np.asarray(values).ravel()]
        table = np.asarray(neighbours)
        self.n = len(values)
        self.d = int(table.shape[1]) if table.ndim == 2 else 1
        if table.shape[0] != self.n:
            raise ValueError(f"neighbours has {table.shape[0]} rows for {self.n} values")
        if not 1 <= self.d <= 63:
            raise ValueError(f"neighbours has {self.d} columns: a kernel takes 1 to 63")
        self.values = values
        # each row as a list of d entries, -1 padded, exactly as the kernel reads nbr[v * d + j]
        self.nbr = [[int(x) for x in row] for row in table]
        self.K = max(0, *values) if values else 0
        self.fill = bool(fill)
        self.notouch = not touch
        n, K = self.n, self.K
        self.lab = [0] * n
        self.head = [-1] * (2 * K + 2)
        self.done = [0] * (K + 1)
        self.open_paths = 0
        self.comp = [-1] * n
        self.dist = [FAR] * n
        self.stamp = [0] * (n + 1)
        self.comp_ok = [0] * (n + 1)
        self.act = [0] * (K + 1)  # kept across restarts
        self.restart = 0  # how many restarts so far
        self.mover = 0  # the path the last move extended
        self.max_disc = -1  # a probe's moves off the first choice (< 0: a complete search)
        self.span = [0] * (K + 1)
        self.nodes = 0
        self.found = 0
        self.solutions: list[list[int]] = []
        if n > 0:
            self.load()
            for k in range(1, K + 1):
                if not self.fill and not self.done[k]:
                    self.distances(self.head[2 * k + 1], self.head[2 * k])
                    self.span[k] = self.dist[self.head[2 * k]]

    # -----------------------------------------------------------------------------------------
    # the position

    def load(self) -> None:
        """The starting position (the activity is kept: restarts learn from it)."""
        self.head = [-1] * (2 * self.K + 2)
        for v, x in enumerate(self.values):
            self.lab[v] = x
            if x > 0:
                side = 1 if self.head[2 * x] >= 0 else 0
                self.head[2 * x + side] = v
        self.open_paths = 0
        for k in range(1, self.K + 1):
            self.done[k] = 1 if self.head[2 * k] < 0 else 0  # numbers that do not occur
            self.open_paths += 0 if self.done[k] else 1
        self.stamp = [0] * (self.n + 1)

    def row(self, v: int) -> list[int]:
        """Node v's neighbours (the padding cut off)."""
        out = []
        for w in self.nbr[v]:
            if w < 0:
                break
            out.append(w)
        return out

    def is_open_end(self, w: int) -> bool:
        """Is node w the head or far end of a path still open?"""
        k = self.lab[w]
        return k > 0 and not self.done[k] and (w == self.head[2 * k] or w == self.head[2 * k + 1])

    # -----------------------------------------------------------------------------------------
    # moves

    def touches(self, w: int, e: int) -> bool:
        """touch=False: would w, entered from end e, sit beside another node of its path (the
        head it leaves and the far end aside)?"""
        h, t, k = self.head[e], self.head[e ^ 1], e >> 1
        return any(x != h and x != t and self.lab[x] == k for x in self.row(w))

    def moves(self, e: int) -> list[int]:
        """The legal moves of end e: closing on the far end, or a free neighbour; under
        touch=False a head beside its far end has only the closing move."""
        h, t = self.head[e], self.head[e ^ 1]
        out = []
        for w in self.row(h):
            if w == t:
                if self.notouch:
                    return [t]
                out.append(t)
            elif self.lab[w] == 0 and not (self.notouch and self.touches(w, e)):
                out.append(w)
        return out

    # -----------------------------------------------------------------------------------------
    # pruning

    def components(self) -> int:
        """Label the free nodes' components in node order, breadth first; their number."""
        self.comp = [-1] * self.n
        ncomp = 0
        for v in range(self.n):
            if self.lab[v] != 0 or self.comp[v] >= 0:
                continue
            self.comp[v] = ncomp
            self.comp_ok[ncomp] = 0
            self.stamp[ncomp] = 0
            queue = [v]
            qh = 0
            while qh < len(queue):
                u = queue[qh]
                qh += 1
                for w in self.row(u):
                    if self.lab[w] == 0 and self.comp[w] < 0:
                        self.comp[w] = ncomp
                        queue.append(w)
            ncomp += 1
        return ncomp

    def feasible(self) -> bool:
        """Each open path's head and far end border a common component (or each other); with
        fill, every component is bordered so by some open path and every free node is
        fillable. A path found cut off gains activity."""
        ncomp = self.components()
        mark = 0
        for k in range(1, self.K + 1):
            if self.done[k]:
                continue
            mark += 1
            h, t = self.head[2 * k], self.head[2 * k + 1]
            near = False
            for w in self.row(h):
                if w == t:
                    near = True
                elif self.lab[w] == 0:
                    self.stamp[self.comp[w]] = mark
            shared = False
            for w in self.row(t):
                if self.lab[w] == 0 and self.stamp[self.comp[w]] == mark:
                    shared = True
                    self.comp_ok[self.comp[w]] = 1
            if not (near or shared):
                if k != self.mover:
                    self.act[k] += 1
                return False
        if not self.fill:
            return True
        if not all(self.comp_ok[c] for c in range(ncomp)):
            return False
        return all(self.lab[v] != 0 or self.fillable(v) for v in range(self.n))

    def fillable(self, v: int) -> bool:
        """Can free node v still lie on a path? Scanning its neighbours in order: yes once both
        ends of one open path have been seen; at the first free one, yes if an open end came
        before it or a free node or open end comes after it; else no."""
        nb = self.row(v)
        ends: list[int] = []
        for j, w in enumerate(nb):
            if self.lab[w] == 0:
                return len(ends) >= 1 or self.free_after(nb, j)
            if self.is_open_end(w):
                k = self.lab[w]
                if k in ends:
                    return True  # both ends of path k: v can join them
                ends.append(k)
        return False

    def free_after(self, nb: list[int], j: int) -> bool:
        """Past the free neighbour nb[j]: another free or open-end neighbour?"""
        return any(self.lab[w] == 0 or self.is_open_end(w) for w in nb[j + 1 :])

    # -----------------------------------------------------------------------------------------
    # move ordering and choice

    def distances(self, t: int, goal: int) -> None:
        """dist: steps from t through free nodes, and onto node goal (FAR where unreachable)."""
        self.dist = [FAR] * self.n
        self.dist[t] = 0
        queue = [t]
        qh = 0
        while qh < len(queue):
            u = queue[qh]
            qh += 1
            for w in self.row(u):
                if self.dist[w] == FAR and (self.lab[w] == 0 or w == goal):
                    self.dist[w] = self.dist[u] + 1
                    if w != goal:
                        queue.append(w)

    def free_degree(self, w: int) -> int:
        return sum(1 for x in self.row(w) if self.lab[x] == 0)

    def order_moves(self, e: int, c: list[int]) -> list[int]:
        """The moves c of end e in trying order: closing first; then with fill the fewest free
        neighbours, without fill the nearest to the far end; ties in move order on the first run
        (the kernel's insertion sort is stable), by ``mix`` after a restart."""
        if len(c) < 2:
            return c
        t = self.head[e ^ 1]
        if not self.fill:
            self.distances(t, -1)
        key = []
        for i, w in enumerate(c):
            if w == t:
                primary = -1
            elif self.fill:
                primary = self.free_degree(w)
            else:
                primary = self.dist[w]
            key.append(primary * 64 + (mix(w, self.restart) if self.restart > 0 else i))
        c = list(c)
        for i in range(1, len(c)):  # insertion sort, as the kernel
            kv, cv = key[i], c[i]
            j = i - 1
            while j >= 0 and key[j] > kv:
                key[j + 1], c[j + 1] = key[j], c[j]
                j -= 1
            key[j + 1], c[j + 1] = kv, cv
        return c

    def choose(self, prev: int) -> int:
        """The end to extend, 0 when an open path's end has no move (its activity grows). An end
        with a single move first; with fill the fewest moves (ties: the most active path);
        without fill the end extended last while its path is open, else the most active path
        (ties: the shortest span), from its end with fewer moves. Remaining ties: the first path
        and end on the first run, ``mix`` of the path after a restart."""
        best, best_m, best_a, best_h = 0, FAR, -1, 64
        r = self.restart
        for k in range(1, self.K + 1):
            if self.done[k]:
                continue
            e = 2 * k
            m = len(self.moves(e))
            m2 = len(self.moves(e + 1))
            if m == 0 or m2 == 0:
                if k != self.mover:
                    self.act[k] += 1
                return 0
            h = mix(k, r) if r > 0 else 0
            if m2 < m or (m2 == m and h & 1):
                e, m = e + 1, m2
            if m == 1:
                return e
            a = self.act[k]
            if self.fill:
                if m < best_m or (m == best_m and (a > best_a or (a == best_a and h < best_h))):
                    best, best_m, best_a, best_h = e, m, a, h
            else:
                s = self.span[k]
                if a > best_a or (a == best_a and (s < best_m or (s == best_m and h < best_h))):
                    best, best_m, best_a, best_h = e, s, a, h
        if not self.fill and prev > 0 and not self.done[prev >> 1]:
            return prev
        return best

    # -----------------------------------------------------------------------------------------
    # the search

    def run(self, limit: int, max_nodes: int) -> int:
        """Depth first from the loaded position, for up to ``limit`` solutions (appended to
        ``solutions``, counted in ``found``): DONE, or OVER_BUDGET once ``nodes`` exceeds
        ``max_nodes`` (< 0: no budget). An explicit stack, as the kernel's levels: each level
        holds the end it extends, its ordered moves and the next one to try."""
        # per level: [end, moves, next index, move made, previous head, moves off the first choice]
        stack: list[list] = []
        expand = True
        dused = 0  # of the level about to be pushed
        while True:
            if expand:
                self.nodes += 1
                if max_nodes >= 0 and self.nodes > max_nodes:
                    return OVER_BUDGET
                e, cand = 0, []
                if self.open_paths == 0:
                    if not self.fill or all(x != 0 for x in self.lab):
                        self.solutions.append(list(self.lab))
                        self.found += 1
                        if self.found >= limit:
                            return DONE
                else:
                    # the path the last move extended: its own cuts do not raise its activity
                    self.mover = stack[-1][0] >> 1 if stack else 0
                    if self.feasible():
                        # prev: the end the level below extended (the kernel's mk[lv - 1])
                        e = self.choose(stack[-1][0] if stack else 0)
                        if e > 0:
                            cand = self.order_moves(e, self.moves(e))
                stack.append([e, cand, 0, -1, -1, dused])
            top = stack[-1]
            if top[2] < len(top[1]) and (
                top[2] == 0 or self.max_disc < 0 or top[5] < self.max_disc
            ):
                e = top[0]
                v = top[1][top[2]]
                dused = top[5] + (top[2] > 0)
                top[2] += 1
                top[3] = v
                if v == self.head[e ^ 1]:
                    self.done[e >> 1] = 1
                    self.open_paths -= 1
                else:
                    top[4] = self.head[e]
                    self.lab[v] = e >> 1
                    self.head[e] = v
                expand = True
            else:
                stack.pop()
                if not stack:
                    return DONE
                top = stack[-1]
                e, v = top[0], top[3]
                if v == self.head[e ^ 1]:
                    self.done[e >> 1] = 0
                    self.open_paths += 1
                else:
                    self.lab[v] = 0
                    self.head[e] = top[4]
                expand = False


def _search(values, neighbours, fill, touch, limit, max_nodes, restarts):
    """The kernel's ``search``: with ``restarts``, runs with budgets doubling from 1,024 nodes,
    each from the start but keeping the activity, until one finishes; the nodes of all runs
    count toward max_nodes (< 0: no budget, and then no restarts). (router, complete)."""
    g = Router(values, neighbours, fill, touch)
    budget = FIRST_BUDGET
    while True:
        if restarts and budget < max_nodes - g.nodes:
            if limit == 1:
                # the kernel's probe: limited discrepancy search, restart-many moves off the
                # first choice; a solution it finds is the answer
                g.max_disc = g.restart
                rc = g.run(1, g.nodes + budget)
                g.max_disc = -1
                if g.found > 0:
                    break
                g.load()
            rc = g.run(limit, g.nodes + budget)
        else:
            rc = g.run(limit, max_nodes)
            break
        if rc != OVER_BUDGET:
            break
        g.load()
        g.found = 0
        g.restart += 1
        g.solutions = []
        budget *= 2
    return g, rc == DONE


def solve(values, neighbours, fill: bool, touch: bool, limit: int, max_nodes: int):
    """Up to ``limit`` solutions, as ``_graph.solve``: (labellings (found, n) int16, nodes,
    complete); complete is False when the search needed more than max_nodes nodes (< 0: no
    budget). The labellings of an unfinished search are those of its last run."""
    g, complete = _search(values, neighbours, fill, touch, limit, max_nodes, True)
    sols = np.array(g.solutions, np.int16).reshape(len(g.solutions), g.n)
    return sols, g.nodes, complete


def count(values, neighbours, fill: bool, touch: bool, max_nodes: int):
    """The number of solutions (sets of paths), as ``_graph.count``: (count, nodes,
    complete); one search, no restarts."""
    g, complete = _search(values, neighbours, fill, touch, 1 << 62, max_nodes, False)
    return g.found, g.nodes, complete
