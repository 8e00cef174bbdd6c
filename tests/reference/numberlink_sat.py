"""A SAT model of Numberlink under every rule set (python-sat): an independent complete solver
for cross-checks and benchmarks. One Boolean per (square, number) and per edge; loops apart from
the paths are cut lazily (a clause per loop found), so solutions are sets of paths."""

from __future__ import annotations

from itertools import combinations

import numpy as np

__all__ = ["sat_solutions"]


def sat_solutions(
    grid, *, fill: bool = True, touch: bool = True, limit: int = 2, solver: str = "cadical153"
) -> list[np.ndarray]:
    """Up to ``limit`` solutions (grids: number per square, 0 unused, -1 solid), each a
    different set of paths, found by a SAT solver and blocked in turn."""
    from pysat.solvers import Solver

    grid = np.asarray(grid, dtype=np.int64)
    rows, cols = grid.shape
    numbers = sorted({int(v) for v in grid.ravel() if v > 0})
    K = len(numbers)
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r, c] >= 0]
    nv = 0

    def new():
        nonlocal nv
        nv += 1
        return nv

    col = {(cell, i): new() for cell in cells for i in range(K)}
    edges = {}
    for r, c in cells:
        for q in ((r, c + 1), (r + 1, c)):
            if q in set(cells) or (0 <= q[0] < rows and 0 <= q[1] < cols and grid[q] >= 0):
                edges[((r, c), q)] = new()
    inc = {cell: [] for cell in cells}
    for (a, b), v in edges.items():
        inc[a].append(v)
        inc[b].append(v)
    clauses = []
    for cell in cells:
        xs = [col[cell, i] for i in range(K)]
        clauses += [[-a, -b] for a, b in combinations(xs, 2)]
        es = inc[cell]
        g = int(grid[cell])
        if g > 0:
            i = numbers.index(g)
            clauses.append([xs[i]])
            clauses.append(list(es))  # degree exactly 1
            clauses += [[-a, -b] for a, b in combinations(es, 2)]
            continue
        if fill:
            clauses.append(xs)
        used = xs  # the square is used iff it has a number
        for e in es:
            clauses.append([-e] + used)
        # used -> degree exactly 2: at most 2, and every (m - 1)-subset holds one
        clauses += [[-a, -b, -c] for a, b, c in combinations(es, 3)]
        for x in used:
            if len(es) < 2:
                clauses.append([-x])
                continue
            for sub in combinations(es, len(es) - 1):
                clauses.append([-x] + list(sub))
    for (a, b), e in edges.items():
        for i in range(K):
            clauses.append([-e, -col[a, i], col[b, i]])
            clauses.append([-e, col[a, i], -col[b, i]])
            if not touch:
                clauses.append([e, -col[a, i], -col[b, i]])
    out = []
    with Solver(name=solver, bootstrap_with=clauses) as s:
        while len(out) < limit and s.solve():
            model = set(v for v in s.get_model() if v > 0)
            on = [pair for pair, v in edges.items() if v in model]
            loop = _loop(on, grid)
            if loop:
                s.add_clause([-edges[p] for p in loop])
                continue
            sol = np.where(grid == -1, -1, 0).astype(np.int16)
            for cell in cells:
                for i in range(K):
                    if col[cell, i] in model:
                        sol[cell] = numbers[i]
            out.append(sol)
            s.add_clause([-edges[p] for p in on] + [v for p, v in edges.items() if v not in model])
    return out


def _loop(on, grid):
    """The edges of one loop among ``on`` (a cycle of degree-2 squares), or None."""
    adj = {}
    for a, b in on:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen = set()
    for start in adj:
        if start in seen:
            continue
        comp, todo = [], [start]
        seen.add(start)
        while todo:
            x = todo.pop()
            comp.append(x)
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        if all(grid[x] == 0 for x in comp):
            members = set(comp)
            return [(a, b) for a, b in on if a in members]
    return None
