"""The twin of ``trapcore.numberlink._deduce``: Numberlink's deductive solver in pure Python.

It follows the kernel's rules and grades exactly (see ``docs/how-it-works/numberlink.md``), so
tests compare the two: the same ``solved`` flag, grade, contradiction and solution. Each grade's
rules are sound and monotone, so the closure a grade reaches (and with it the answer) does not
depend on the order in which the rules run.

The model (after ``numberlink_human``): an edge per pair of adjacent non-solid squares (unknown,
on or off); chains of on edges in a union-find, each chain's colour set (bit ``k`` for number
``k``; bit 0 "may stay empty", only without fill) at its root.
"""

from __future__ import annotations

import numpy as np

__all__ = ["GRADES", "RULES", "deduce"]

UNK, ON, OFF = 0, 1, 2
RULES = ("one-exit", "two-neighbours", "region", "cut", "trial", "trial-off")
ONE_EXIT, TWO_NEIGHBOURS, REGION, CUT, TRIAL, TRIAL_OFF = range(6)
GRADES = ("forced", "regions", "trial")
FORCED, REGIONS, TRIALS = range(3)


class _Contradiction(Exception):
    pass


class _Budget(Exception):
    pass


class _State:
    __slots__ = ("col", "dirty", "don", "dunk", "es", "nxt", "parent", "size", "unknown")

    def copy(self) -> _State:
        s = _State.__new__(_State)
        for name in ("col", "don", "dunk", "es", "nxt", "parent", "size"):
            setattr(s, name, getattr(self, name)[:])
        s.unknown, s.dirty = self.unknown, self.dirty
        return s


class _Deducer:
    def __init__(self, grid: np.ndarray, fill: bool, touch: bool, record: bool, max_steps: int):
        rows, cols = grid.shape
        self.rows, self.cols = rows, cols
        self.values = [int(v) for v in grid.ravel()]
        n = rows * cols
        self.fill, self.touch = fill, touch
        self.empty = 0 if fill else 1
        self.ends: dict[int, list[int]] = {}
        for i, v in enumerate(self.values):
            if v > 0:
                self.ends.setdefault(v, []).append(i)
        self.numbers = sorted(self.ends)
        self.edges: list[tuple[int, int]] = []
        # each square's (edge, neighbour) pairs in the kernel's order: right, left, down, up
        slots: list[list[tuple[int, int] | None]] = [[None] * 4 for _ in range(n)]
        for r in range(rows):
            for c in range(cols):
                a = r * cols + c
                if self.values[a] < 0:
                    continue
                for b, d in (
                    ((a + 1) if c + 1 < cols else -1, 0),
                    ((a + cols) if r + 1 < rows else -1, 2),
                ):
                    if b >= 0 and self.values[b] >= 0:
                        slots[a][d] = (len(self.edges), b)
                        slots[b][d + 1] = (len(self.edges), a)
                        self.edges.append((a, b))
        self.inc = [[p for p in four if p is not None] for four in slots]
        self.cells = [i for i in range(n) if self.values[i] >= 0]
        every = sum(1 << k for k in self.numbers) | self.empty
        s = _State()
        s.es = [UNK] * len(self.edges)
        s.don = [0] * n
        s.dunk = [len(self.inc[i]) for i in range(n)]
        s.parent = list(range(n))
        s.size = [1] * n
        s.nxt = list(range(n))
        s.col = [(1 << v) if v > 0 else (every if v == 0 else 0) for v in self.values]
        s.unknown = len(self.edges)
        s.dirty = every & ~1  # the numbers whose region rules may say something new
        self.s = s
        self.stack: list[int] = []
        self.queued = bytearray(n)
        self.record = record
        self.steps: list[tuple[int, int, int, int]] = []
        self.work = 0
        self.max_steps = max_steps
        # the loops' iterations, counted apart from work: tests bound them by work
        self.ops = 0

    # -- helpers ---------------------------------------------------------------------------
    def find(self, x: int) -> int:
        parent = self.s.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def single(self, c: int) -> int:
        """The number of a colour set holding exactly one number (and not "empty"), else 0."""
        if c & self.empty or c & (c - 1):
            return 0
        return c.bit_length() - 1

    def charge(self, amount: int) -> None:
        """Count work (squares or edges looked at) as the kernel does; out of budget past it."""
        self.work += amount
        if self.work >= self.max_steps:
            raise _Budget

    def spend(self) -> None:
        """One deduction: a unit of work."""
        self.charge(1)

    def note(self, rule: int, number: int, a: int, b: int) -> None:
        if self.record:
            self.steps.append((rule, number, a, b))

    def push(self, x: int) -> None:
        if not self.queued[x]:
            self.queued[x] = 1
            self.stack.append(x)

    def push_chain(self, root: int, neighbours: bool) -> None:
        x = root
        while True:
            self.work += 1  # charged by the next spend or charge, as in the kernel
            self.push(x)
            self.ops += 1
            if neighbours:
                for _, y in self.inc[x]:
                    self.push(y)
                    self.ops += 1
            x = self.s.nxt[x]
            if x == root:
                break

    # -- moves -----------------------------------------------------------------------------
    def set_off(self, e: int) -> None:
        s = self.s
        a, b = self.edges[e]
        s.es[e] = OFF
        s.unknown -= 1
        s.dirty |= s.col[self.find(a)] & s.col[self.find(b)] & ~1
        s.dunk[a] -= 1
        s.dunk[b] -= 1
        self.push(a)
        self.push(b)
        self.spend()

    def set_on(self, e: int, rule: int, at: int = -1) -> None:
        s = self.s
        x, y = self.edges[e]
        rx, ry = self.find(x), self.find(y)
        if rx == ry:
            raise _Contradiction
        cx, cy = s.col[rx], s.col[ry]
        c = cx & cy & ~self.empty
        if not c:
            raise _Contradiction
        s.es[e] = ON
        s.unknown -= 1
        s.don[x] += 1
        s.don[y] += 1
        s.dunk[x] -= 1
        s.dunk[y] -= 1
        if s.size[rx] < s.size[ry]:
            rx, ry, cx, cy = ry, rx, cy, cx
        s.dirty |= ((cx | cy) & ~c) & ~1
        # the smaller side finds every new loop edge; the larger looks again if its colours shrank
        self.push_chain(ry, neighbours=c != cy)
        if c != cx:
            self.push_chain(rx, neighbours=True)
        self.push(x)
        self.push(y)
        s.parent[ry] = rx
        s.size[rx] += s.size[ry]
        s.nxt[rx], s.nxt[ry] = s.nxt[ry], s.nxt[rx]
        s.col[rx] = c
        k = self.single(c)
        self.note(rule, k, *((y, x) if at == y else (x, y)))
        self.spend()
        if k:
            p, q = self.ends[k]
            if self.find(p) == rx and self.find(q) == rx:
                self.finish(k, rx)

    def finish(self, k: int, root: int) -> None:
        bit = 1 << k
        for x in self.cells:
            self.ops += 1
            r = self.find(x)
            if r != root and self.s.col[r] & bit:
                # the neighbours lose k too: only the chain's own edges can change
                self.s.col[r] &= ~bit
                if not self.s.col[r]:
                    raise _Contradiction
                self.push_chain(r, neighbours=False)
                self.spend()
        self.charge(self.rows * self.cols)

    def shrink(self, root: int, c: int, rule: int = -1, x: int = -1) -> None:
        if not c:
            raise _Contradiction
        old = self.s.col[root]
        self.s.dirty |= old & ~c & ~1
        self.s.col[root] = c
        self.push_chain(root, neighbours=True)
        if rule >= 0:
            k = self.single(c)
            if k and not self.single(old):
                self.note(rule, k, x, -1)
        self.spend()

    # -- forced rules ----------------------------------------------------------------------
    def look(self, x: int) -> None:
        s = self.s
        es, col, inc, E = s.es, s.col, self.inc[x], self.empty
        rx = self.find(x)
        cx = col[rx]
        self.ops += 1 + len(inc)
        for e, y in inc:
            if es[e] == UNK:
                ry = self.find(y)
                if ry == rx or not (cx & col[ry] & ~E):
                    self.set_off(e)
            elif es[e] == OFF and not self.touch:
                ry = self.find(y)
                if ry == rx:
                    raise _Contradiction
                k = self.single(cx)
                if k and col[ry] & (1 << k):
                    self.shrink(ry, col[ry] & ~(1 << k))
        cx = col[rx]
        end = self.values[x] > 0
        on, unk = s.don[x], s.dunk[x]
        if end:
            need = 1
        elif cx & E:
            if cx == E:
                need = 0
            elif unk < 2:
                self.shrink(rx, E)  # it cannot be on a path: it stays empty
                return
            else:
                need = -1
        else:
            need = 2
        if need >= 0:
            if on > need or on + unk < need:
                raise _Contradiction
            if unk:
                if on == need:
                    for e, _ in inc:
                        if es[e] == UNK:
                            self.set_off(e)
                    return
                if on + unk == need:
                    rule = ONE_EXIT if (on or end) else TWO_NEIGHBOURS
                    for e, _ in inc:
                        if es[e] == UNK:
                            self.set_on(e, rule, x)
                    return
        if not end:
            once = twice = 0
            for e, y in inc:
                if es[e] != OFF:
                    m = cx if es[e] == ON else col[self.find(y)]
                    twice |= once & m
                    once |= m
            keep = (cx & twice & ~E) | (cx & E)
            if keep != cx:
                self.shrink(rx, keep)

    def run(self) -> None:
        while self.stack:
            x = self.stack.pop()
            self.queued[x] = 0
            self.charge(1)
            self.look(x)

    # -- regions ---------------------------------------------------------------------------
    def regions(self) -> None:
        """One pass over the numbers marked dirty (their squares or edges changed), in order."""
        for k in self.numbers:
            if self.s.dirty & (1 << k):
                self.s.dirty &= ~(1 << k)
                self.region(k)

    def region(self, k: int) -> None:
        """Squares on no simple route between the ends of k lose it; the squares and edges
        every such route uses take it."""
        s = self.s
        a, b = self.ends[k]
        if self.find(a) != self.find(b):
            bit = 1 << k
            disc: dict[int, int] = {a: 0}
            low = {a: 0}
            parent = {a: -1}
            pedge = {a: -1}
            order = [a]
            stack = [(a, 0)]
            while stack:
                self.ops += 1
                v, i = stack[-1]
                inc = self.inc[v]
                if i < len(inc):
                    stack[-1] = (v, i + 1)
                    e, w = inc[i]
                    if s.es[e] == OFF or not (s.col[self.find(w)] & bit):
                        continue
                    if w not in disc:
                        disc[w] = low[w] = len(order)
                        parent[w] = v
                        pedge[w] = e
                        order.append(w)
                        stack.append((w, 0))
                    elif e != pedge[v]:
                        low[v] = min(low[v], disc[w])
                else:
                    stack.pop()
                    if stack:
                        p = stack[-1][0]
                        low[p] = min(low[p], low[v])
            self.charge(len(order))
            if b not in disc:
                raise _Contradiction
            on_path = set()
            v = b
            while v != a:
                on_path.add(v)
                c0 = v
                v = parent[v]
            blk = {}
            for v in order[1:]:
                p = parent[v]
                low1 = 0 if v in on_path else low[v]
                blk[v] = v if low1 >= disc[p] else blk[p]
            for y in self.cells:
                self.ops += 1
                if y == a:
                    continue
                r = self.find(y)
                if s.col[r] & bit and blk.get(y, -1) != c0:
                    self.shrink(r, s.col[r] & ~bit, REGION, y)
            self.charge(self.rows * self.cols)
            c = b
            while c != a:
                self.ops += 1
                p = parent[c]
                if low[c] > disc[p] and s.es[pedge[c]] == UNK:
                    self.set_on(pedge[c], CUT)
                if p != a and low[c] >= disc[p]:
                    r = self.find(p)
                    if s.col[r] != bit:
                        self.shrink(r, s.col[r] & bit, CUT, p)
                c = p
            self.run()

    def close(self, level: int) -> None:
        self.run()
        if level >= REGIONS:
            while self.s.unknown and self.s.dirty:
                self.charge(self.rows * self.cols)
                self.regions()

    def attempt(self, e: int, value: int, root: int, c: int, level: int) -> bool:
        """In a copy of the state, assume edge e on or off (e < 0: the chain at root takes the
        colours c) and apply the rules up to level: does that lead to a contradiction?"""
        main, record = self.s, self.record
        self.s, self.record = main.copy(), False
        self.ops += len(self.edges) + len(self.cells)
        try:
            self.charge(self.rows * self.cols)  # the copy
            if e < 0:
                self.shrink(root, c)
            elif value == ON:
                self.set_on(e, TRIAL)
            else:
                self.set_off(e)
            self.close(level)
            return False
        except _Contradiction:
            return True
        finally:
            self.s, self.record = main, record
            for x in self.stack:
                self.queued[x] = 0
            self.stack.clear()

    def sweep(self, level: int) -> bool:
        """One sweep of trials over the unknown edges, then the chains' colours."""
        progress = False
        for e in range(len(self.edges)):
            for value in (ON, OFF):
                self.ops += 1
                if self.s.es[e] != UNK:
                    break
                if self.attempt(e, value, -1, 0, level):
                    if value == ON:
                        self.note(TRIAL_OFF, 0, *self.edges[e])
                        self.set_off(e)
                    else:
                        self.set_on(e, TRIAL)
                    self.close(REGIONS)
                    progress = True
        for x in self.cells if level == FORCED else ():  # colour trials: the forced rules only
            for k in range(max(self.numbers, default=0) + 1):
                self.ops += 1
                col = self.s.col[x]
                if self.find(x) != x or col & (col - 1) == 0:
                    break
                if col & (1 << k) and self.attempt(-1, 0, x, 1 << k, level):
                    self.shrink(x, col & ~(1 << k), TRIAL, x)
                    self.close(REGIONS)
                    progress = True
        return progress

    def trials(self) -> None:
        """Sweeps of trials closed under the forced rules, then (when those find nothing) under
        the region rules too, to a fixpoint."""
        while self.s.unknown:
            if self.sweep(FORCED):
                continue
            if not self.sweep(REGIONS):
                break

    def solution(self) -> np.ndarray:
        out = np.array(self.values, np.int16)
        for x in self.cells:
            if self.values[x] == 0:
                out[x] = self.single(self.s.col[self.find(x)]) if self.s.don[x] else 0
        return out.reshape(self.rows, self.cols)


def deduce(
    grid: np.ndarray,
    *,
    fill: bool = True,
    touch: bool = True,
    max_grade: str = "trial",
    max_steps: int | None = None,
    record: bool = True,
) -> dict[str, object]:
    """Deduce a Numberlink grid: a dict of ``solved``, ``grade`` (``"search"`` when unsolved),
    ``contradiction``, ``solution`` (or None), ``steps`` ((rule, number, cells) triples) and
    ``work`` (deductions made and squares looked at, trials' included: what ``max_steps``
    bounds), ``exhausted`` (stopped by ``max_steps``) and ``ops`` (the loops' iterations, counted
    apart)."""
    grid = np.asarray(grid, dtype=np.int16)
    d = _Deducer(grid, fill, touch, record, max_steps if max_steps is not None else 1 << 62)
    top = GRADES.index(max_grade)
    solved = contradiction = exhausted = False
    grade = "search"
    try:
        for x in reversed(d.cells):
            d.push(x)
        for level in range(top + 1):
            if level == TRIALS:
                d.trials()
            else:
                d.close(level)
            if not d.s.unknown:
                solved, grade = True, GRADES[level]
                break
    except _Contradiction:
        contradiction = True
    except _Budget:
        exhausted = True
    cols = d.cols
    steps = tuple(
        (RULES[r], k, ((a // cols, a % cols),) + (((b // cols, b % cols),) if b >= 0 else ()))
        for r, k, a, b in d.steps
    )
    return {
        "solved": solved,
        "grade": grade,
        "contradiction": contradiction,
        "exhausted": exhausted,
        "solution": d.solution() if solved else None,
        "steps": steps,
        "work": d.work,
        "ops": d.ops,
    }
