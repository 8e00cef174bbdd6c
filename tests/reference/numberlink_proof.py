"""Pure-Python twin of the default generator's deduction (``trapcore.numberlink._proof``'s
``deduce_grid``): the same rules in the same order, so the outcome, the solution, whether trial
was needed and the squares looked at are equal on every board.

Edges between neighbouring squares are undecided, on or off. Forced rules, square by square from
a queue: an undecided edge is off when it would close a loop, join two numbers, or reach a square
in the middle of a path; a square with as many on edges as its degree (1 at a number, 2
elsewhere) has its other edges off, one with just enough undecided edges left has them on. Trial:
each undecided edge (row-major, East then South) is set on, then off; a contradiction within
``probe_cap`` squares sets the opposite.
"""

from __future__ import annotations

from collections import deque

import numpy as np

PROVEN, STALLED, CONTRA, OVER = 1, 0, -1, -2
UNK, ON, OFF = 0, 1, 2


class _Ded:
    def __init__(self, grid: np.ndarray) -> None:
        rows, cols = grid.shape
        self.R, self.C, self.P = rows, cols, cols + 2
        m = (rows + 2) * (cols + 2)
        self.m = m
        self.need = [0] * m
        self.eR = [OFF] * m
        self.eD = [OFF] * m
        self.parent = list(range(m))
        self.size = [1] * m
        self.colour = [0] * m
        self.endA = list(range(m))
        self.endB = list(range(m))
        self.trail: list[tuple] = []
        self.queue: deque[int] = deque()
        self.inq = [False] * m
        self.unknown = 0
        self.steps = 0
        self.trial = False
        P = self.P
        for r in range(rows):
            for c in range(cols):
                p = (r + 1) * P + c + 1
                v = int(grid[r, c])
                self.need[p] = 1 if v > 0 else 2
                self.colour[p] = v if v > 0 else 0
        for r in range(rows):
            for c in range(cols):
                p = (r + 1) * P + c + 1
                if c + 1 < cols:
                    self.eR[p] = UNK
                    self.unknown += 1
                if r + 1 < rows:
                    self.eD[p] = UNK
                    self.unknown += 1
                self.push(p)

    def push(self, p: int) -> None:
        if self.need[p] and not self.inq[p]:
            self.inq[p] = True
            self.queue.append(p)

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def edge(self, p: int, k: int) -> tuple[list[int], int]:
        """(array, index) of the edge from p in direction k (N, E, S, W)."""
        return [(self.eD, p - self.P), (self.eR, p), (self.eD, p), (self.eR, p - 1)][k]

    def step(self, p: int, k: int) -> int:
        return p + (-self.P, 1, self.P, -1)[k]

    def get(self, p: int, k: int) -> int:
        arr, i = self.edge(p, k)
        return arr[i]

    def other_end(self, root: int, p: int) -> int:
        return self.endB[root] if self.endA[root] == p else self.endA[root]

    def join(self, p: int, q: int) -> bool:
        rp, rq = self.find(p), self.find(q)
        if rp == rq:
            return False
        if p not in (self.endA[rp], self.endB[rp]) or q not in (self.endA[rq], self.endB[rq]):
            return False
        cp, cq = self.colour[rp], self.colour[rq]
        if cp and cq and cp != cq:
            return False
        ep, eq = self.other_end(rp, p), self.other_end(rq, q)
        if self.size[rp] < self.size[rq]:
            rp, rq = rq, rp
        self.trail.append(
            ("union", rq, rp, self.size[rp], self.colour[rp], self.endA[rp], self.endB[rp])
        )
        self.parent[rq] = rp
        self.size[rp] += self.size[rq]
        self.colour[rp] = cp if cp else cq
        self.endA[rp], self.endB[rp] = ep, eq
        self.push(ep)
        self.push(eq)
        return True

    def set_edge(self, p: int, k: int, v: int) -> bool:
        arr, i = self.edge(p, k)
        if arr[i] != UNK:
            return arr[i] == v
        arr[i] = v
        self.unknown -= 1
        self.trail.append(("edge", p, k))
        q = self.step(p, k)
        self.push(p)
        self.push(q)
        return self.join(p, q) if v == ON else True

    def undo(self, mark: int) -> None:
        while len(self.trail) > mark:
            t = self.trail.pop()
            if t[0] == "edge":
                arr, i = self.edge(t[1], t[2])
                arr[i] = UNK
                self.unknown += 1
            else:
                _, rq, rp, size, colour, a, b = t
                self.parent[rq] = rq
                self.size[rp], self.colour[rp], self.endA[rp], self.endB[rp] = size, colour, a, b

    def clear_queue(self) -> None:
        for p in self.queue:
            self.inq[p] = False
        self.queue.clear()

    def propagate(self, limit: int) -> int:
        while self.queue:
            p = self.queue.popleft()
            self.inq[p] = False
            self.steps += 1
            if self.steps > limit:
                self.clear_queue()
                return OVER
            rp = self.find(p)
            cp = self.colour[rp]
            on = unk = 0
            for k in range(4):
                e = self.get(p, k)
                if e == ON:
                    on += 1
                elif e == UNK:
                    q = self.step(p, k)
                    rq = self.find(q)
                    if (
                        rq == rp
                        or (cp and self.colour[rq] and self.colour[rq] != cp)
                        or p not in (self.endA[rp], self.endB[rp])
                        or q not in (self.endA[rq], self.endB[rq])
                    ):
                        if not self.set_edge(p, k, OFF):
                            self.clear_queue()
                            return CONTRA
                    else:
                        unk += 1
            need = self.need[p]
            if on > need or on + unk < need:
                self.clear_queue()
                return CONTRA
            if unk and (on == need or on + unk == need):
                for k in range(4):
                    if self.get(p, k) == UNK and not self.set_edge(p, k, OFF if on == need else ON):
                        self.clear_queue()
                        return CONTRA
        return STALLED


def deduce(grid, max_steps: int, probe_cap: int = 64):
    """(outcome, solution or None, trial, steps), as ``_proof.deduce_grid``: outcome 1 proven
    unique, 0 stalled, -1 no solution, -2 over ``max_steps``."""
    grid = np.asarray(grid, dtype=np.int64)
    d = _Ded(grid)
    res = d.propagate(max_steps)
    if res == STALLED:
        res = PROVEN
        while d.unknown:
            progress = False
            for p in range(d.P, d.m - d.P):
                if not d.need[p]:
                    continue
                for k in (1, 2):
                    if d.get(p, k) != UNK:
                        continue
                    for v in (ON, OFF):
                        mark = len(d.trail)
                        limit = min(max_steps, d.steps + probe_cap)
                        r = d.propagate(limit) if d.set_edge(p, k, v) else CONTRA
                        d.clear_queue()
                        d.undo(mark)
                        if r == OVER:
                            if d.steps > max_steps:
                                return OVER, None, d.trial, d.steps
                            continue  # the trial was given up: no conclusion
                        if r == CONTRA:
                            d.trial = True
                            if not d.set_edge(p, k, OFF if v == ON else ON):
                                return CONTRA, None, d.trial, d.steps
                            r = d.propagate(max_steps)
                            if r != STALLED:
                                return r, None, d.trial, d.steps
                            progress = True
                            break
            if not progress:
                res = STALLED
                break
    if res != PROVEN:
        return res, None, d.trial, d.steps
    sol = np.zeros(grid.shape, np.int16)
    for r in range(d.R):
        for c in range(d.C):
            sol[r, c] = d.colour[d.find((r + 1) * d.P + c + 1)]
    return PROVEN, sol, d.trial, d.steps
