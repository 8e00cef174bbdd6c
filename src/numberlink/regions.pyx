"""Numberlink's path-region labeller: the 4-connected regions of equal numbers in a solution.

Called only by ``trapcore/numberlink/solve.py`` (``check``), which validates the array first.
Its scratch (the union-find) is allocated by ``uf_alloc`` and freed in ``components``' finally.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t
from libc.stdlib cimport free, malloc

from common.checks cimport check_grid
from common.unionfind cimport uf_find, uf_init, uf_union


cdef int uf_alloc(int32_t** parent, int32_t** size, Py_ssize_t n) except -1 nogil:
    """Allocate a union-find over n elements (parent and size); out of memory: frees what it got
    (both left NULL) and raises MemoryError."""
    parent[0] = <int32_t*> malloc(n * sizeof(int32_t))
    size[0] = <int32_t*> malloc(n * sizeof(int32_t))
    if parent[0] == NULL or size[0] == NULL:
        free(parent[0])
        free(size[0])
        parent[0] = NULL
        size[0] = NULL
        with gil:
            raise MemoryError(f"not enough memory to label {n} squares")
    return 0


def components(const int16_t[:, ::1] sol):
    """Label the 4-connected regions of equal positive values (0 elsewhere), as int32 (1, 2, ...)."""
    check_grid(sol.shape[0], sol.shape[1], "sol")
    cdef Py_ssize_t rows = sol.shape[0], cols = sol.shape[1], n = rows * cols, r, c, i
    out = np.zeros((rows, cols), np.int32)
    cdef int32_t[:, ::1] vo = out
    cdef int32_t nxt = 0, root
    cdef int32_t* vp = NULL
    cdef int32_t* vs = NULL
    try:
        with nogil:
            uf_alloc(&vp, &vs, n)
            uf_init(vp, vs, n)
            for r in range(rows):
                for c in range(cols):
                    if sol[r, c] <= 0:
                        continue
                    if c + 1 < cols and sol[r, c + 1] == sol[r, c]:
                        uf_union(vp, vs, <int32_t> (r * cols + c), <int32_t> (r * cols + c + 1))
                    if r + 1 < rows and sol[r + 1, c] == sol[r, c]:
                        uf_union(vp, vs, <int32_t> (r * cols + c), <int32_t> ((r + 1) * cols + c))
            for i in range(n):
                vs[i] = 0  # from here: the label of each root
            for r in range(rows):
                for c in range(cols):
                    if sol[r, c] <= 0:
                        continue
                    root = uf_find(vp, <int32_t> (r * cols + c))
                    if vs[root] == 0:
                        nxt += 1
                        vs[root] = nxt
                    vo[r, c] = vs[root]
    finally:
        free(vp)
        free(vs)
    return out
