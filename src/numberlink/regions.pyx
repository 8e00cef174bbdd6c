"""Numberlink's path-region labeller: the 4-connected regions of equal numbers in a solution.

Called only by ``trapcore/numberlink/solve.py`` (``check``), which validates the array first.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t

from common.unionfind cimport uf_find, uf_init, uf_union


def components(const int16_t[:, ::1] sol):
    """Label the 4-connected regions of equal positive values (0 elsewhere), as int32 (1, 2, ...)."""
    cdef Py_ssize_t rows = sol.shape[0], cols = sol.shape[1], n = rows * cols, r, c, i
    parent = np.empty(n, np.int32)
    size = np.empty(n, np.int32)
    out = np.zeros((rows, cols), np.int32)
    cdef int32_t[::1] vp = parent, vs = size
    cdef int32_t[:, ::1] vo = out
    cdef int32_t nxt = 0, root
    with nogil:
        uf_init(&vp[0], &vs[0], n)
        for r in range(rows):
            for c in range(cols):
                if sol[r, c] <= 0:
                    continue
                if c + 1 < cols and sol[r, c + 1] == sol[r, c]:
                    uf_union(&vp[0], &vs[0], <int32_t> (r * cols + c), <int32_t> (r * cols + c + 1))
                if r + 1 < rows and sol[r + 1, c] == sol[r, c]:
                    uf_union(&vp[0], &vs[0], <int32_t> (r * cols + c), <int32_t> ((r + 1) * cols + c))
        for i in range(n):
            vs[i] = 0
        for r in range(rows):
            for c in range(cols):
                if sol[r, c] <= 0:
                    continue
                root = uf_find(&vp[0], <int32_t> (r * cols + c))
                if vs[root] == 0:
                    nxt += 1
                    vs[root] = nxt
                vo[r, c] = vs[root]
    return out
