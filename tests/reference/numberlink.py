"""Pure-Python twins of the Numberlink kernels: the generator (same draws, same result as
``trapcore.numberlink._generate.generate``), a brute-force solver for small boards, and a plain
rule checker. Slow and readable: the test oracle and the benchmark baseline."""

from __future__ import annotations

import numpy as np

from reference.random import Uint32Stream

__all__ = ["generate", "generate_raw", "brute_solve", "is_solution", "Uint32Stream"]


# ---------------------------------------------------------------------------------------------
# rules


def is_solution(grid, sol) -> bool:
    """True when ``sol`` fills ``grid`` under the fill and no-touch rules (independent of check)."""
    grid = np.asarray(grid)
    sol = np.asarray(sol)
    rows, cols = grid.shape
    if sol.shape != grid.shape:
        return False
    cells = {}
    for r in range(rows):
        for c in range(cols):
            g, s = int(grid[r, c]), int(sol[r, c])
            if (g == -1) != (s == -1) or (g > 0 and s != g) or s == 0:
                return False
            if s > 0:
                cells.setdefault(s, []).append((r, c))
    ends = {}
    for r in range(rows):
        for c in range(cols):
            if grid[r, c] > 0:
                ends.setdefault(int(grid[r, c]), []).append((r, c))
    if set(cells) != set(ends):
        return False
    for k, members in cells.items():
        member = set(members)
        for r, c in members:
            same = sum((r + dr, c + dc) in member for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)))
            if same != (1 if (r, c) in ends[k] else 2):
                return False
        # connected: walk from one endpoint
        start = ends[k][0]
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                q = (r + dr, c + dc)
                if q in member and q not in seen:
                    seen.add(q)
                    todo.append(q)
        if seen != member:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# brute-force solver


def brute_solve(grid, limit: int = 2) -> list[np.ndarray]:
    """All solutions (up to ``limit``), by enumerating every no-touch path of each number in turn.

    Exponential: meant for boards of about 30 squares. Solutions come in no particular order."""
    grid = np.asarray(grid, dtype=np.int16)
    rows, cols = grid.shape
    sol = grid.copy()
    numbers = sorted({int(v) for v in grid.ravel() if v > 0})
    ends = {k: [tuple(map(int, rc)) for rc in np.argwhere(grid == k)] for k in numbers}
    out: list[np.ndarray] = []

    def nbrs(r, c):
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc

    def place(i):
        if len(out) >= limit:
            return
        if i == len(numbers):
            if is_solution(grid, sol):
                out.append(sol.copy())
            return
        k = numbers[i]
        a, b = ends[k]

        def walk(cell, prev):
            if len(out) >= limit:
                return
            for q in nbrs(*cell):
                if q == prev:
                    continue
                if q == b:
                    place(i + 1)
                    continue
                if sol[q] != 0:
                    continue
                # no touching: q may meet path k only at `cell` (and at the far endpoint b)
                if any(sol[z] == k and z != cell and z != b for z in nbrs(*q)):
                    continue
                sol[q] = k
                walk(q, cell)
                sol[q] = 0

        walk(a, None)

    if not numbers:
        if (grid != 0).all():
            return [grid.copy()]
        return []
    place(0)
    return out


# ---------------------------------------------------------------------------------------------
# generator twin (mirrors src/numberlink.pyx step by step, on a padded flat board)


class _Gen:
    def __init__(self, rows, cols, long_paths=False, solids=True):
        self.rows, self.cols, self.P = rows, cols, cols + 2
        self.long_paths = long_paths
        self.solids = solids
        self.lab = []
        self.end_a: dict[int, int] = {}
        self.end_b: dict[int, int] = {}
        self.length: dict[int, int] = {}
        self.npaths = 0

    @property
    def dirs(self):
        return (-self.P, 1, self.P, -1)

    def inner(self):
        P = self.P
        return [r * P + c for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)]

    def grow(self, stream, e, k):
        lab = self.lab
        while True:
            opts = []
            for d in self.dirs:
                q = e + d
                if lab[q] != 0:
                    continue
                if all(not (q + d2 != e and lab[q + d2] == k) for d2 in self.dirs):
                    opts.append(q)
            if not opts:
                return e
            if self.long_paths and len(opts) > 1:  # the squares with the fewest free sides
                free = [sum(lab[q + d2] == 0 for d2 in self.dirs) for q in opts]
                opts = [q for q, f in zip(opts, free) if f == min(free)]
            q = opts[stream.bounded(len(opts))]
            lab[q] = k
            self.length[k] += 1
            e = q

    def try_merge(self, k):
        lab = self.lab
        for side in range(2):
            qa = self.end_a[k] if side == 0 else self.end_b[k]
            qb = self.end_b[k] if side == 0 else self.end_a[k]
            for d in self.dirs:
                e = qa + d
                other = lab[e]
                if other <= 0 or other == k or e not in (self.end_a[other], self.end_b[other]):
                    continue
                ok = all(
                    not (lab[p + d2] == other and not (p == qa and p + d2 == e))
                    for p in self.inner()
                    if lab[p] == k
                    for d2 in self.dirs
                )
                if not ok:
                    continue
                for p in self.inner():
                    if lab[p] == k:
                        lab[p] = other
                if self.end_a[other] == e:
                    self.end_a[other] = qb
                else:
                    self.end_b[other] = qb
                self.length[other] += self.length[k]
                self.length[k] = 0
                return True
        return False

    def try_steal(self, k, min_length):
        lab = self.lab
        for side in range(2):
            qa = self.end_a[k] if side == 0 else self.end_b[k]
            for d in self.dirs:
                e = qa + d
                other = lab[e]
                if other <= 0 or other == k or self.length[other] <= min_length:
                    continue
                if e not in (self.end_a[other], self.end_b[other]):
                    continue
                ok, pe = True, -1
                for d2 in self.dirs:
                    w = e + d2
                    if lab[w] == k and w != qa:
                        ok = False
                    elif lab[w] == other:
                        pe = w
                if not ok or pe < 0:
                    continue
                lab[e] = k
                if self.end_a[other] == e:
                    self.end_a[other] = pe
                else:
                    self.end_b[other] = pe
                if side == 0:
                    self.end_a[k] = e
                else:
                    self.end_b[k] = e
                self.length[other] -= 1
                self.length[k] += 1
                return True
        return False

    def trace(self, k):
        lab, prev, cur, out = self.lab, None, self.end_a[k], []
        while True:
            out.append(cur)
            if cur == self.end_b[k]:
                return out
            nxt = next((cur + d for d in self.dirs if cur + d != prev and lab[cur + d] == k), None)
            if nxt is None:
                return []
            prev, cur = cur, nxt

    def try_cut(self, k, min_length):
        lab = self.lab
        for side in range(2):
            qa = self.end_a[k] if side == 0 else self.end_b[k]
            qb = self.end_b[k] if side == 0 else self.end_a[k]
            for d in self.dirs:
                e = qa + d
                other = lab[e]
                if other <= 0 or other == k:
                    continue
                tr = self.trace(other)
                m = len(tr)
                if m == 0:
                    continue
                pos = tr.index(e)
                for j in range(2):
                    lo, hi = (0, pos + 1) if j == 0 else (pos, m)
                    keep = hi - lo
                    if m - keep < min_length or keep + self.length[k] < min_length:
                        continue
                    ok = all(
                        not (lab[p + d2] == k and not (p == e and p + d2 == qa))
                        for p in tr[lo:hi]
                        for d2 in self.dirs
                    )
                    if not ok:
                        continue
                    self.npaths += 1
                    L = self.npaths
                    if j == 0:
                        for p in tr[pos + 1 :]:
                            lab[p] = L
                        self.end_a[L], self.end_b[L] = tr[pos + 1], tr[m - 1]
                        self.end_b[other] = qb
                    else:
                        for p in tr[:pos]:
                            lab[p] = L
                        self.end_a[L], self.end_b[L] = tr[0], tr[pos - 1]
                        self.end_a[other] = qb
                    self.length[L] = m - keep
                    self.length[other] = keep + self.length[k]
                    for p in self.inner():
                        if lab[p] == k:
                            lab[p] = other
                    self.length[k] = 0
                    return True
        return False

    def raw(self, stream, min_length):
        P = self.P
        self.lab = lab = [-2] * ((self.rows + 2) * P)
        for p in self.inner():
            lab[p] = 0
        self.end_a, self.end_b, self.length = {}, {}, {}
        k = 0
        while True:
            cand, best = [], 5
            for p in self.inner():
                if lab[p] != 0:
                    continue
                f = sum(lab[p + d] == 0 for d in self.dirs)
                if f == 0 or f > best:
                    continue
                if f < best:
                    best, cand = f, []
                cand.append(p)
            if not cand:
                break
            s = cand[stream.bounded(len(cand))]
            nb = [s + d for d in self.dirs if lab[s + d] == 0]
            t = nb[stream.bounded(len(nb))]
            k += 1
            lab[s] = lab[t] = k
            self.length[k] = 2
            self.end_a[k] = self.grow(stream, t, k)
            self.end_b[k] = self.grow(stream, s, k)
        self.npaths = k
        for i in range(1, k + 1):
            while 0 < self.length[i] < min_length:
                if self.try_merge(i):
                    break
                if self.try_steal(i, min_length):
                    continue
                self.try_cut(i, min_length)
                break
        if any(0 < self.length[i] < min_length for i in range(1, k + 1)):
            return False
        for p in range(len(lab)):
            if lab[p] == 0:  # isolated
                if self.solids:
                    lab[p] = -1
                elif not self.absorb(p, min_length):
                    return False
        return True

    def absorb(self, x, min_length):
        """Isolated square x joins a neighbouring path without touching: onto an end of it
        (neighbours in N, E, S, W order), else that path is cut beside x, x extending the part
        its neighbour ends (both parts at least min_length)."""
        lab, dirs = self.lab, self.dirs
        for i, d in enumerate(dirs):
            e = x + d
            k = lab[e]
            if k <= 0 or e not in (self.end_a[k], self.end_b[k]):
                continue
            if any(lab[x + dirs[j]] == k for j in range(4) if j != i):
                continue
            lab[x] = k
            self.length[k] += 1
            if self.end_a[k] == e:
                self.end_a[k] = x
            else:
                self.end_b[k] = x
            return True
        for i, d in enumerate(dirs):
            e = x + d
            k = lab[e]
            if k <= 0:
                continue
            tr = self.trace(k)
            if e not in tr:
                continue
            pos = tr.index(e)
            for keep, rest in ((tr[: pos + 1], tr[pos + 1 :]), (tr[pos:], tr[:pos])):
                if len(keep) + 1 < min_length or len(rest) < min_length:
                    continue
                others = {x + dirs[j] for j in range(4) if j != i}
                if others & set(keep):
                    continue
                self.npaths += 1
                L = self.npaths
                for p in rest:
                    lab[p] = L
                if keep[0] == tr[0]:  # k keeps the start, x its new end
                    self.end_a[L], self.end_b[L] = rest[0], self.end_b[k]
                    self.end_b[k] = x
                else:
                    self.end_a[L], self.end_b[L] = self.end_a[k], rest[-1]
                    self.end_a[k] = x
                self.length[L], self.length[k] = len(rest), len(keep) + 1
                lab[x] = k
                return True
        return False

    def write_out(self):
        P, rows, cols = self.P, self.rows, self.cols
        relabel, nxt = {}, 0
        sol = np.zeros((rows, cols), np.int16)
        for r in range(rows):
            for c in range(cols):
                p = (r + 1) * P + c + 1
                v = self.lab[p]
                if v > 0 and v not in relabel and p in (self.end_a[v], self.end_b[v]):
                    nxt += 1
                    relabel[v] = nxt
        for r in range(rows):
            for c in range(cols):
                v = self.lab[(r + 1) * P + c + 1]
                sol[r, c] = relabel[v] if v > 0 else v
        grid = np.where(sol < 0, sol, 0).astype(np.int16)
        for i in range(1, self.npaths + 1):
            if self.length.get(i, 0) > 0:
                for p in (self.end_a[i], self.end_b[i]):
                    grid[p // P - 1, p % P - 1] = relabel[i]
        return grid, sol

    def split_longest(self, min_length):
        best = 0
        for i in range(1, self.npaths + 1):
            if self.length.get(i, 0) > self.length.get(best, 0):
                best = i
        if best == 0 or self.length[best] < 2 * min_length:
            return False
        tr = self.trace(best)
        if not tr:
            return False
        p = tr[len(tr) // 2]
        return self.split_at((p // self.P - 1) * self.cols + p % self.P - 1, min_length)

    def split_at(self, cell, min_length):
        P = self.P
        c = (cell // self.cols + 1) * P + cell % self.cols + 1
        k = self.lab[c]
        if k <= 0:
            return False
        tr = self.trace(k)
        if not tr:
            return False
        m, pos, b = len(tr), tr.index(c), self.end_b[k]
        for i in range(2):
            j = pos - i
            if j + 1 >= min_length and m - 1 - j >= min_length:
                self.npaths += 1
                L = self.npaths
                for p in tr[j + 1 :]:
                    self.lab[p] = L
                self.length[k], self.length[L] = j + 1, m - 1 - j
                self.end_b[k], self.end_a[L], self.end_b[L] = tr[j], tr[j + 1], b
                return True
        return False


def generate_raw(
    rows, cols, stream: Uint32Stream, min_length=3, max_attempts=1000, long_paths=False, solids=True
):
    """The raw (not yet unique) generator: returns (grid, solution, attempts) or None."""
    g = _Gen(rows, cols, long_paths, solids)
    for attempt in range(1, max_attempts + 1):
        if g.raw(stream, min_length):
            grid, sol = g.write_out()
            return grid, sol, attempt
    return None


def generate(
    rows,
    cols,
    stream: Uint32Stream,
    solver,
    min_length=3,
    unique=True,
    max_attempts=1000,
    long_paths=False,
    solids=True,
):
    """The whole generator: ``solver(grid, limit=2)`` must return solutions in the kernel's order
    (pass ``trapcore.numberlink.solve`` to mirror the kernel exactly, or ``brute_solve`` for an
    independent uniqueness check), or None when it ran over its budget. Returns
    (grid, solution, attempts) or None."""
    g = _Gen(rows, cols, long_paths, solids)
    n = rows * cols
    for attempt in range(1, max_attempts + 1):
        if not g.raw(stream, min_length):
            continue
        grid, sol = g.write_out()
        if not unique:
            return grid, sol, attempt
        while True:
            sols = solver(grid, limit=2)
            if sols is None:  # over budget: cut the longest paths (one in eight) in the middle
                live = sum(1 for i in range(1, g.npaths + 1) if g.length.get(i, 0) > 0)
                cuts = 0
                while cuts < max(1, live // 8) and g.split_longest(min_length):
                    cuts += 1
                if cuts == 0:
                    break
                grid, sol = g.write_out()
                continue
            if len(sols) == 1:
                return grid, sol, attempt
            if len(sols) != 2:
                break
            other = sols[0] if not np.array_equal(sols[0], sol) else sols[1]
            flat_o, flat_s = np.asarray(other).ravel(), sol.ravel()
            if not any(flat_o[i] != flat_s[i] and g.split_at(i, min_length) for i in range(n)):
                break
            grid, sol = g.write_out()
    return None


def repair(grid, sol, other, min_length=3):
    """Twin of ``_repair.repair``: load the puzzle's paths, then cut where ``other`` differs
    (the first square, row-major, where a cut works) or, with ``other=None``, cut the longest
    eighth of the paths in the middle. Returns (grid, solution) or None."""
    grid, sol = np.asarray(grid), np.asarray(sol)
    rows, cols = grid.shape
    g = _Gen(rows, cols, False, False)
    P = g.P
    g.lab = [-2] * ((rows + 2) * P)
    g.end_a, g.end_b, g.length = {}, {}, {}
    for r in range(rows):
        for c in range(cols):
            p, v = (r + 1) * P + c + 1, int(sol[r, c])
            g.lab[p] = v
            if v > 0:
                g.length[v] = g.length.get(v, 0) + 1
                if grid[r, c] > 0:
                    if v not in g.end_a:
                        g.end_a[v] = p
                    else:
                        g.end_b[v] = p
    g.npaths = int(sol.max())
    if other is not None:
        fo, fs = np.asarray(other).ravel(), sol.ravel()
        fixed = any(fo[i] != fs[i] and g.split_at(i, min_length) for i in range(rows * cols))
    else:
        live = sum(1 for v in g.length.values() if v > 0)
        cuts = 0
        while cuts < max(1, live // 8) and g.split_longest(min_length):
            cuts += 1
        fixed = cuts > 0
    return g.write_out() if fixed else None
