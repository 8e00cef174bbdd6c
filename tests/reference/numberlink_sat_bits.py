"""A compact SAT model of Numberlink under Flow Free's rules (fill, touching allowed), for checking
that a *known* solution is the only one on boards too big for ``numberlink_sat`` (a colour
variable per square and number: 50 x 50 with 700 pairs would need about 10**9 clauses).

Independent of trapcore's solvers and of ``trapcore.numberlink._cnf``: one Boolean per edge
between neighbouring squares and ``B = ceil(log2(K))`` bits per square for its number (K pairs),
so the model grows with ``squares * log K``:

* an endpoint has its number's bits fixed and exactly one edge; an empty square exactly two edges
  (fill; at most two, and of any ``m - 1`` of its ``m`` edges at least one is on);
* an edge that is on joins two squares with the same bits.

A component of on-edges that holds an endpoint is then a path between two endpoints of one
number (degrees 1 at its ends, 2 inside; equal bits all along). A component without an endpoint
is a loop of empty squares: it is cut lazily (a clause that some edge leaves its squares: a path
through squares without endpoints must leave them), so the models left are solutions. The given
solution is blocked by one clause (not all of its edges), so ``second_solution`` is None exactly
when the solution is unique.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

__all__ = ["second_solution", "is_unique", "OVER"]

#: ``second_solution``'s answer when it ran out of ``max_conflicts``.
OVER = "over budget"


def _edges(grid):
    rows, cols = grid.shape
    out = []
    for r in range(rows):
        for c in range(cols):
            if grid[r, c] < 0:
                continue
            if c + 1 < cols and grid[r, c + 1] >= 0:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows and grid[r + 1, c] >= 0:
                out.append(((r, c), (r + 1, c)))
    return out


def second_solution(grid, solution, *, solver: str = "cadical153", max_conflicts=None):
    """A solution of ``grid`` (fill, touching allowed) whose paths differ from ``solution``'s
    (whose paths must not run beside themselves, as generated ones never do: its edges are then
    its neighbouring squares of one number),
    as a grid of numbers (-1 solid; under touching two solutions may differ in their paths only,
    with the same number on every square), or None when ``solution`` is the only one.
    ValueError when an empty square has fewer than two neighbours (no solution at all).
    With ``max_conflicts``, the solver stops after about that many conflicts in all and the
    answer is ``OVER`` (the search did not finish).
    """
    from pysat.solvers import Solver

    grid = np.asarray(grid, dtype=np.int64)
    solution = np.asarray(solution, dtype=np.int64)
    rows, cols = grid.shape
    numbers = sorted({int(v) for v in grid.ravel() if v > 0})
    index = {v: i for i, v in enumerate(numbers)}
    bits = max(1, (len(numbers) - 1).bit_length())
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r, c] >= 0]
    var = {cell: [1 + k * bits + j for j in range(bits)] for k, cell in enumerate(cells)}
    edges = _edges(grid)
    evar = {e: 1 + len(cells) * bits + i for i, e in enumerate(edges)}
    inc: dict[tuple[int, int], list[int]] = {cell: [] for cell in cells}
    for (a, b), v in evar.items():
        inc[a].append(v)
        inc[b].append(v)
    clauses: list[list[int]] = []
    for cell in cells:
        es = inc[cell]
        if grid[cell] > 0:
            i = index[int(grid[cell])]
            clauses += [[x if (i >> j) & 1 else -x] for j, x in enumerate(var[cell])]
            clauses.append(list(es))
            clauses += [[-a, -b] for a, b in combinations(es, 2)]
        else:
            if len(es) < 2:  # a dead end: no solution at all, so not this one either
                raise ValueError(f"square {cell} cannot lie inside a path")
            clauses += [[-a, -b, -c] for a, b, c in combinations(es, 3)]
            clauses += [list(sub) for sub in combinations(es, len(es) - 1)]
    for (a, b), e in evar.items():
        for x, y in zip(var[a], var[b]):
            clauses += [[-e, -x, y], [-e, x, -y]]
    # block the given solution: not every one of its edges
    on = [v for (a, b), v in evar.items() if solution[a] == solution[b] and solution[a] > 0]
    if len(on) != int((solution > 0).sum()) - len(numbers):
        raise ValueError("solution has a path running beside itself: give one without")
    clauses.append([-v for v in on])
    with Solver(name=solver, bootstrap_with=clauses) as s:
        while True:
            if max_conflicts is None:
                found = s.solve()
            else:
                used = int(s.accum_stats().get("conflicts", 0))
                if used >= max_conflicts:
                    return OVER
                s.conf_budget(max_conflicts - used)
                found = s.solve_limited()
                if found is None:
                    return OVER
            if not found:
                break
            model = s.get_model()
            value = np.zeros(len(model) + 2, bool)
            for lit in model:
                if lit > 0:
                    value[lit] = True
            chosen = [e for e, v in evar.items() if value[v]]
            loops = _loops(chosen, grid, cells)
            if not loops:
                return _label(chosen, grid, cells)
            for loop in loops:  # every loop of this model at once
                s.add_clause([v for (a, b), v in evar.items() if (a in loop) != (b in loop)])
    return None


def _components(chosen, cells):
    parent = {c: c for c in cells}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in chosen:
        parent[find(a)] = find(b)
    groups: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for c in cells:
        groups.setdefault(find(c), set()).add(c)
    return list(groups.values())


def _loops(chosen, grid, cells):
    return [g for g in _components(chosen, cells) if all(grid[c] == 0 for c in g)]


def _label(chosen, grid, cells):
    out = np.where(grid < 0, -1, 0).astype(np.int16)
    for group in _components(chosen, cells):
        number = max(int(grid[c]) for c in group)
        for c in group:
            out[c] = number
    return out


def is_unique(grid, solution, *, solver: str = "cadical153") -> bool:
    """True when ``solution`` is the only solution of ``grid`` under Flow Free's rules."""
    return second_solution(grid, solution, solver=solver) is None
