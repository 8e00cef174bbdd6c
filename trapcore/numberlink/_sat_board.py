"""The SAT turn of a board of any shape with fill (hexagons, wrapping edges, warps, bridges,
layers, a plain graph): Numberlink as SAT on the board's neighbour table, solved by CaDiCaL
(python-sat, the extra ``sat``), as ``_sat.SatSearch`` does for grids.

The model, with fill (every non-solid node lies on a path):

- an edge variable per pair of neighbouring non-solid nodes (a pair joined twice, as on a
  two-wide wrap, is one pair);
- a path-number variable per non-solid node and number; an endpoint has its own number and no
  other; an edge that is on gives its two ends the same numbers (both ways, per number), so a
  path of on edges carries one endpoint's number from end to end and never joins two numbers;
- an endpoint has exactly one edge on, any other node exactly two (at least two: without any one
  of its edges, one is on; at most two: of any three, one is off);
- under the no-touch rule, two neighbours of the same number are joined by their edge.

The clauses allow cycles of nodes without endpoints; each one a model holds is cut lazily by a
clause that some edge leaves its nodes (with fill, a path through them must leave them to reach
its ends). Each solution found is blocked by the set of its edges, so ``limit=2`` proves
uniqueness. ``tests/numberlink/test_sat_board.py`` checks it against the brute force of every
kind of board and against the reference SAT model written from the rules of each variant.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from trapcore._rng import components
from trapcore.numberlink._grid import Table, Values
from trapcore.numberlink._sat import MAX_LITERALS, _step


def pairs(values: Values, table: Table) -> npt.NDArray[np.int64]:
    """The (m, 2) pairs ``u < w`` of neighbouring non-solid nodes, each once, in order."""
    n, d = table.shape
    u = np.repeat(np.arange(n), d)
    w = table.ravel().astype(np.int64)
    keep = w >= 0
    u, w = u[keep], w[keep]
    keep = (values[u] >= 0) & (values[w] >= 0) & (u != w)
    a, b = np.minimum(u[keep], w[keep]), np.maximum(u[keep], w[keep])
    if a.size == 0:
        return np.zeros((0, 2), np.int64)
    return np.unique(np.stack([a, b], axis=1), axis=0)


def fits(values: Values, table: Table) -> bool:
    """True when the model of the board is small enough to build (``_sat.MAX_LITERALS``)."""
    k = int(values.max(initial=0))
    d = table.shape[1]
    per_node = 6 * k * d + (3 * d * (d - 1) * (d - 2) // 6) + d * d + k
    return bool(int((values >= 0).sum()) * per_node <= MAX_LITERALS)


class BoardSatSearch:
    """One CDCL solver on the SAT model of a validated board with fill, run in steps as
    ``_sat.SatSearch``: ``step(conflicts)`` searches on from where the last step stopped;
    ``solutions`` holds the labellings found (``int16`` (n,): ``k`` on path ``k``'s nodes,
    ``-1`` on solids); ``close()`` frees the solver."""

    def __init__(self, values: Values, table: Table, limit: int, touch: bool, solver: str) -> None:
        from pysat.solvers import Solver  # type: ignore[import-untyped]

        self._values = values
        self._limit = limit
        self.solutions: list[Values] = []
        self.conflicts = 0
        self.finished = False
        n = values.size
        k = int(values.max(initial=0))
        self._k = k
        self._pairs = pairs(values, table)
        m = len(self._pairs)
        self._base = 1 + n * k  # colour of node v, number j (1..k): 1 + v * k + j - 1
        self._m = m
        clauses = self._clauses(touch)
        self._s = Solver(name=solver)
        if clauses is None:
            self.finished = True  # a node cannot meet its degree: no solution
        else:
            self._s.append_formula(clauses)

    def _clauses(self, touch: bool) -> list[list[int]] | None:
        """The clauses (None: a node has fewer neighbours than its degree needs)."""
        values, k, base = self._values, self._k, self._base
        p = self._pairs
        live = np.flatnonzero(values >= 0)
        clauses: list[list[int]] = []

        def colour(v: int, j: int) -> int:
            return 1 + v * k + (j - 1)

        # each non-solid node has a number (with fill); an endpoint its own and no other
        if k:
            at_least = 1 + live[:, None] * k + np.arange(k)[None, :]
            clauses += at_least.tolist()
        for v in np.flatnonzero(values > 0).tolist():
            own = int(values[v])
            clauses += [[colour(v, own)]]
            clauses += [[-colour(v, j)] for j in range(1, k + 1) if j != own]
        # an edge that is on gives its ends the same numbers
        if len(p) and k:
            e = base + np.arange(len(p))
            cu = 1 + p[:, 0:1] * k + np.arange(k)[None, :]
            cw = 1 + p[:, 1:2] * k + np.arange(k)[None, :]
            ee = np.broadcast_to(-e[:, None], cu.shape)
            clauses += np.stack([ee, -cu, cw], axis=-1).reshape(-1, 3).tolist()
            clauses += np.stack([ee, -cw, cu], axis=-1).reshape(-1, 3).tolist()
            if not touch:  # two neighbours of one number are joined by their edge
                clauses += np.stack([-cu, -cw, -ee], axis=-1).reshape(-1, 3).tolist()
        # degrees: an endpoint one edge, any other node two; by groups of nodes with as many
        # edges (each row: a node's edge literals, in one dense block per group)
        ends_of = np.concatenate([p[:, 0], p[:, 1]])
        lits = np.concatenate([np.arange(len(p)), np.arange(len(p))]) + base
        order = np.argsort(ends_of, kind="stable")
        ends_of, lits = ends_of[order], lits[order]
        degree = np.bincount(ends_of, minlength=values.size)
        need = np.where(values > 0, 1, 2)
        if (degree[live] < need[live]).any():
            return None
        start = np.concatenate([[0], np.cumsum(degree)[:-1]])
        for d in np.unique(degree[live]).tolist():
            for one in (True, False):
                nodes = live[(degree[live] == d) & ((values[live] > 0) == one)]
                if nodes.size == 0:
                    continue
                rows = lits[start[nodes, None] + np.arange(d)[None, :]]  # (nodes, d)
                if one:  # at least one, and of any two one is off
                    clauses += rows.tolist()
                    for i, j in combinations(range(d), 2):
                        clauses += (-rows[:, [i, j]]).tolist()
                else:  # without any one edge, one is on (at least two); of any three, one off
                    for i in range(d):
                        clauses += np.delete(rows, i, axis=1).tolist()
                    for i, j, m in combinations(range(d), 3):
                        clauses += (-rows[:, [i, j, m]]).tolist()
        return clauses

    def step(self, conflicts: int) -> bool:
        """Search on for about ``conflicts`` more conflicts; True once finished (``limit``
        solutions found, or no more)."""
        return _step(self, conflicts)

    def _read(self, model: npt.NDArray[np.int64]) -> tuple[list[list[int]], Values, list[int]]:
        """A model's cycle cuts (none: it is a solution), its labelling and its edge literals."""
        value = np.zeros(self._base + self._m + 1, bool)
        value[np.abs(model)] = model > 0
        on = value[self._base : self._base + self._m]
        labels, loops = self._paths(on)
        return (
            [self._cut(loop) for loop in loops],
            labels,
            (np.flatnonzero(on) + self._base).tolist(),
        )

    def _paths(self, on: npt.NDArray[np.bool_]) -> tuple[Values, list[npt.NDArray[np.bool_]]]:
        """The labelling of the model's edges, and the node sets of its cycles: the parts of the
        graph of its edges (the union-find kernel of ``_rng``); a part holding an endpoint is
        that endpoint's path (the clauses keep its numbers), one holding none a cycle."""
        values = self._values
        part = components(values.size, self._pairs[on].astype(np.int32))
        number = np.zeros(values.size, np.int16)
        ends = values > 0
        number[part[ends]] = values[ends]
        labels = np.where(values < 0, -1, number[part]).astype(np.int16)
        cycles = np.unique(part[(labels == 0) & (values >= 0)])
        return labels, [part == c for c in cycles.tolist()]

    def _cut(self, inside: npt.NDArray[np.bool_]) -> list[int]:
        """Some edge leaves the cycle's nodes."""
        p = self._pairs
        cross = inside[p[:, 0]] != inside[p[:, 1]]
        return [int(x) for x in np.flatnonzero(cross) + self._base]

    def close(self) -> None:
        self._s.delete()
