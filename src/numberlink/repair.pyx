"""One repair step of ``generate(prover="sat")``: cut a path of a puzzle where a second solution
differs, or cut the longest paths when a check ran over its budget.

Called only by ``trapcore/numberlink/generate.py`` (its SAT-proven generation loop, which runs the
checks in Python: the search, then python-sat), with arrays the generator made. Loads the
puzzle's paths into the generator's state (``Gen``, declared in ``generate.pxd``) and reuses its
cuts (``split_at``, ``split_longest``) and its numbering (``write_out``). Short: no Ctrl-C poll.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t
from libc.string cimport memset

from common.checks cimport check_grid
from trapcore.numberlink._generate cimport (
    Gen,
    gen_alloc,
    gen_free,
    split_at,
    split_longest,
    write_out,
)


cdef void load(Gen* g, const int16_t* grid, const int16_t* sol) noexcept nogil:
    """Set g's paths from a puzzle and its solution (paths numbered 1..K, never beside
    themselves, no solids): labels, lengths, and each path's ends in row-major order."""
    cdef Py_ssize_t P = g.P, r, c, p, i
    cdef int32_t v, k = 0
    for p in range((g.rows + 2) * P):
        g.lab[p] = -2
    for r in range(g.rows):
        for c in range(g.cols):
            i = r * g.cols + c
            p = (r + 1) * P + c + 1
            v = sol[i]
            g.lab[p] = v
            if v > k:
                k = v
    g.npaths = k
    for i in range(k + 1):
        g.length[i] = 0
        g.end_a[i] = -1
    for r in range(g.rows):
        for c in range(g.cols):
            i = r * g.cols + c
            p = (r + 1) * P + c + 1
            v = sol[i]
            if v > 0:
                g.length[v] += 1
                if grid[i] > 0:
                    if g.end_a[v] < 0:
                        g.end_a[v] = <int32_t> p
                    else:
                        g.end_b[v] = <int32_t> p


def repair(const int16_t[:, ::1] grid, const int16_t[:, ::1] sol, other, int32_t min_length):
    """One repair step of ``generate(prover="sat")`` on a puzzle whose solution ``sol`` has paths
    that never run beside themselves: with ``other`` (a second solution, int16 like ``sol``),
    cut the path through the first square, row-major, where ``other`` has another number
    (as the kernel's own uniqueness loop does); with ``other=None`` (the check ran over its
    budget), cut the longest eighth of the paths in the middle. Returns the new (grid,
    solution), numbered as ``generate`` numbers them, or None when no cut is possible."""
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], n = rows * cols, i, cuts, live
    check_grid(rows, cols, "grid")
    if sol.shape[0] != rows or sol.shape[1] != cols:
        raise ValueError(f"sol is {sol.shape[0]} x {sol.shape[1]}, the grid {rows} x {cols}")
    cdef const int16_t[:, ::1] vo
    cdef const int16_t* po = NULL
    cdef const int16_t* ps = &sol[0, 0]
    if other is not None:
        vo = other
        if vo.shape[0] != rows or vo.shape[1] != cols:
            raise ValueError(f"other is {vo.shape[0]} x {vo.shape[1]}, the grid {rows} x {cols}")
        po = &vo[0, 0]
    out_grid = np.zeros((rows, cols), np.int16)
    out_sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vg = out_grid, vs = out_sol
    cdef bint fixed = False
    cdef Gen g
    memset(&g, 0, sizeof(Gen))
    try:
        with nogil:
            gen_alloc(&g, rows, cols)
            load(&g, &grid[0, 0], ps)
            if po != NULL:
                for i in range(n):
                    if po[i] != ps[i] and split_at(&g, i, min_length):
                        fixed = True
                        break
            else:
                cuts = 0
                live = 0
                for i in range(1, g.npaths + 1):
                    live += g.length[i] > 0
                while cuts < max(1, live // 8) and split_longest(&g, min_length):
                    cuts += 1
                fixed = cuts > 0
            if fixed:
                write_out(&g, &vg[0, 0], &vs[0, 0])
    finally:
        gen_free(&g)
    if not fixed:
        return None
    return out_grid, out_sol
