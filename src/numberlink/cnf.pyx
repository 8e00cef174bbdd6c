"""Numberlink as CNF (a SAT model of every rule set) and the paths of a model: the complete
fallback of the solving portfolio.

Called only by ``trapcore/numberlink/_sat.py``, which validates the grid and renumbers its paths
1..K first, hands the clauses to a CDCL solver (python-sat) and cuts loops lazily.

Variables (1-based, for a rows x cols grid of n squares, square i = r * cols + c):

* ``x(i, k) = 1 + i * K + (k - 1)``: square i lies on path k (k = 1..K);
* ``u(i) = 1 + n * K + i``: square i is used (on a path; always true with fill);
* ``e(i, d) = 1 + n * (K + 1) + 2 * i + d``: the edge from square i to its East (d = 0) or
  South (d = 1) neighbour, only between two non-solid squares.

Clauses: an endpoint of k has x(i, k), no other number and exactly one edge; a used empty square
exactly two edges (at most two: no three of them; at least two: every set of all but one of them
holds one), an unused one none; a square is used iff it has a number (at most one of them, when
there are at most AMO_MAX numbers), and with fill every square is used; an edge joins squares of
the same numbers (for each k: e -> (x(a, k) <-> x(b, k))), and under no-touch two neighbours of
one number are joined (x(a, k) and x(b, k) -> e). At most one number per square is redundant:
the numbers flow from the endpoints along the edges, so a square on a path carries exactly its
endpoint's number; only loops (cycles of empty squares, which the degree rules allow) may carry
several or none, and the caller cuts each loop it finds (``paths`` finds them).
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t, uint8_t
from libc.stdlib cimport free, malloc

from common.checks cimport check_grid
from common.signals cimport raise_pending, signalled
from common.unionfind cimport uf_find, uf_init, uf_union


cdef enum:
    AMO_MAX = 24                 # the most numbers for which squares get at-most-one clauses


cdef inline Py_ssize_t put(int32_t* out, Py_ssize_t m, int32_t a) noexcept nogil:
    out[m] = a
    return m + 1


cdef inline Py_ssize_t forward(
    const int16_t[:, ::1] grid, Py_ssize_t r, Py_ssize_t c, int d
) noexcept nogil:
    """The square East (d = 0) or South (d = 1) of (r, c) as an index r * cols + c; -1 when it is
    off the board or solid (no edge variable is used there)."""
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1]
    if d == 0:
        return r * cols + c + 1 if c + 1 < cols and grid[r, c + 1] >= 0 else -1
    return (r + 1) * cols + c if r + 1 < rows and grid[r + 1, c] >= 0 else -1


cdef inline Py_ssize_t put_same(
    int32_t* o, Py_ssize_t m, int32_t lit, int32_t va, int32_t vb
) noexcept nogil:
    """The clauses of ``lit -> (va <-> vb)``."""
    m = put(o, m, -lit)
    m = put(o, m, -va)
    m = put(o, m, vb)
    m = put(o, m, 0)
    m = put(o, m, -lit)
    m = put(o, m, va)
    m = put(o, m, -vb)
    return put(o, m, 0)


cdef inline Py_ssize_t put_all_but_one(
    int32_t* o, Py_ssize_t m, const int32_t* e, Py_ssize_t ne, int32_t first
) noexcept nogil:
    """For each of the ``ne`` literals ``e``, the clause of the others (at least two of them
    true), each led by ``first`` when it is not 0."""
    cdef Py_ssize_t j, a
    for j in range(ne):
        if first != 0:
            m = put(o, m, first)
        for a in range(ne):
            if a != j:
                m = put(o, m, e[a])
        m = put(o, m, 0)
    return m


cdef inline Py_ssize_t put_at_most_two(
    int32_t* o, Py_ssize_t m, const int32_t* e, Py_ssize_t ne
) noexcept nogil:
    """At most two of the ``ne`` literals ``e``: no three together."""
    cdef Py_ssize_t a, b, j
    for a in range(ne):
        for b in range(a + 1, ne):
            for j in range(b + 1, ne):
                m = put(o, m, -e[a])
                m = put(o, m, -e[b])
                m = put(o, m, -e[j])
                m = put(o, m, 0)
    return m


cdef inline int square_edges(
    const int16_t[:, ::1] grid, Py_ssize_t r, Py_ssize_t c, int32_t es, int32_t* e
) noexcept nogil:
    """The edge variables of square (r, c) to its non-solid neighbours (East, South, West,
    North; edge variables start at ``es``, two a square: East then South), into ``e``; their
    number."""
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], i = r * cols + c
    cdef int ne = 0
    if c + 1 < cols and grid[r, c + 1] >= 0:
        e[ne] = <int32_t> (es + 2 * i)
        ne += 1
    if r + 1 < rows and grid[r + 1, c] >= 0:
        e[ne] = <int32_t> (es + 2 * i + 1)
        ne += 1
    if c > 0 and grid[r, c - 1] >= 0:
        e[ne] = <int32_t> (es + 2 * (i - 1))
        ne += 1
    if r > 0 and grid[r - 1, c] >= 0:
        e[ne] = <int32_t> (es + 2 * (i - cols) + 1)
        ne += 1
    return ne


def clauses(const int16_t[:, ::1] grid, int32_t K, bint fill, bint touch):
    """The CNF of a grid whose numbers are 1..K (each twice) under the rules (fill, touch): the
    clauses as one int32 array, each clause's literals followed by 0, and the number of
    variables. An endpoint without a free neighbour gets the empty clause."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], n = rows * cols
    cdef Py_ssize_t r, c, i, k, j, a, b, m = 0, cap, ne
    cdef int32_t xs = 1, us = <int32_t> (1 + n * K), es = <int32_t> (1 + n * (K + 1)), lit
    cdef int32_t e[4]
    cdef int16_t v
    # a bound on the clause literals: per square 4 * (K + 1) units/ALO, degree clauses at most
    # 4 * 5 + 4 * 4 + 4 * 3, 4 used-links; per edge 3 * K * 4 literals (two directions + touch)
    cap = n * (4 * K + 8 + 60 + 8 + 2 * (12 * K + 8)) + 16
    if K <= AMO_MAX:
        cap += n * 3 * (K * (K - 1) // 2)
    out = np.empty(cap, np.int32)
    cdef int32_t[::1] vo = out
    cdef int32_t* o = &vo[0]
    with nogil:
        for r in range(rows):
            for c in range(cols):
                v = grid[r, c]
                i = r * cols + c
                if v < 0:
                    continue
                ne = square_edges(grid, r, c, es, e)
                if v > 0:
                    for k in range(1, K + 1):
                        m = put(o, m, <int32_t> ((xs + i * K + k - 1) * (1 if k == v else -1)))
                        m = put(o, m, 0)
                    m = put(o, m, <int32_t> (us + i))
                    m = put(o, m, 0)
                    for j in range(ne):  # at least one edge (none: the empty clause)
                        m = put(o, m, e[j])
                    m = put(o, m, 0)
                    for a in range(ne):  # at most one
                        for b in range(a + 1, ne):
                            m = put(o, m, -e[a])
                            m = put(o, m, -e[b])
                            m = put(o, m, 0)
                    continue
                # used <-> some number
                m = put(o, m, <int32_t> -(us + i))
                for k in range(K):
                    m = put(o, m, <int32_t> (xs + i * K + k))
                m = put(o, m, 0)
                for k in range(K):
                    m = put(o, m, <int32_t> -(xs + i * K + k))
                    m = put(o, m, <int32_t> (us + i))
                    m = put(o, m, 0)
                # at most one number (implied once loops are cut, but CaDiCaL needs fewer
                # conflicts with it: docs/benchmarks.md); pairwise, up to AMO_MAX numbers
                if K <= AMO_MAX:
                    for a in range(K):
                        for b in range(a + 1, K):
                            m = put(o, m, <int32_t> -(xs + i * K + a))
                            m = put(o, m, <int32_t> -(xs + i * K + b))
                            m = put(o, m, 0)
                if fill:
                    m = put(o, m, <int32_t> (us + i))
                    m = put(o, m, 0)
                for j in range(ne):  # an edge only at a used square
                    m = put(o, m, -e[j])
                    m = put(o, m, <int32_t> (us + i))
                    m = put(o, m, 0)
                m = put_at_most_two(o, m, e, ne)
                # used -> at least two: every set of all but one edge holds one
                if ne < 2:
                    m = put(o, m, <int32_t> -(us + i))
                    m = put(o, m, 0)
                else:
                    m = put_all_but_one(o, m, e, ne, <int32_t> -(us + i))
        # edges: the same numbers on both ends; under no-touch, one number's neighbours joined
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if grid[r, c] < 0:
                    continue
                for j in range(2):
                    b = forward(grid, r, c, j)
                    if b < 0:
                        continue
                    lit = <int32_t> (es + 2 * i + j)
                    for k in range(K):
                        m = put_same(
                            o, m, lit, <int32_t> (xs + i * K + k), <int32_t> (xs + b * K + k)
                        )
                        if not touch:
                            m = put(o, m, lit)
                            m = put(o, m, <int32_t> -(xs + i * K + k))
                            m = put(o, m, <int32_t> -(xs + b * K + k))
                            m = put(o, m, 0)
    return out[:m].copy(), int(es + 2 * n - 1)


def paths(const int16_t[:, ::1] grid, const uint8_t[:, ::1] east, const uint8_t[:, ::1] south):
    """The components of a model's edges (east[r, c]: (r, c)-(r, c+1) on; south: (r, c)-(r+1, c)):
    (label int32: 0 on squares without an edge, 1.. per component; number int16: the endpoint
    number of each square's component, 0 for a component without one (a loop) or no edge, -1 on
    solids)."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], n = rows * cols, r, c, i
    label = np.zeros((rows, cols), np.int32)
    number = np.zeros((rows, cols), np.int16)
    cdef int32_t[:, ::1] vl = label
    cdef int16_t[:, ::1] vn = number
    cdef int32_t* parent = NULL
    cdef int32_t* size = NULL
    cdef int32_t root, nxt = 0
    try:
        with nogil:
            parent = <int32_t*> malloc(n * sizeof(int32_t))
            size = <int32_t*> malloc(n * sizeof(int32_t))
            if parent == NULL or size == NULL:
                with gil:
                    raise MemoryError(f"not enough memory to label {n} squares")
            uf_init(parent, size, n)
            for r in range(rows):
                for c in range(cols):
                    i = r * cols + c
                    if east[r, c]:
                        uf_union(parent, size, <int32_t> i, <int32_t> (i + 1))
                    if south[r, c]:
                        uf_union(parent, size, <int32_t> i, <int32_t> (i + cols))
            for i in range(n):
                size[i] = 0  # from here: per root, its label; then per label, its number
            for r in range(rows):
                for c in range(cols):
                    i = r * cols + c
                    if not (east[r, c] or south[r, c] or (c > 0 and east[r, c - 1])
                            or (r > 0 and south[r - 1, c])):
                        continue
                    root = uf_find(parent, <int32_t> i)
                    if size[root] == 0:
                        nxt += 1
                        size[root] = nxt
                    vl[r, c] = size[root]
            for i in range(n):
                parent[i] = 0  # per label, its endpoint number
            for r in range(rows):
                for c in range(cols):
                    if vl[r, c] and grid[r, c] > 0:
                        parent[vl[r, c] - 1] = grid[r, c]
            for r in range(rows):
                for c in range(cols):
                    if grid[r, c] < 0:
                        vn[r, c] = -1
                    elif vl[r, c]:
                        vn[r, c] = <int16_t> parent[vl[r, c] - 1]
    finally:
        free(parent)
        free(size)
    return label, number


def bits_clauses(const int16_t[:, ::1] grid, int32_t K, const int16_t[:, ::1] solution):
    """A compact CNF of a grid (numbers 1..K, each twice) under Flow Free's rules (fill, touching
    allowed) that excludes one known solution: the clauses (one int32 array, each clause's
    literals followed by 0) and the number of variables. Used to prove a generated puzzle
    unique on boards where ``clauses``' variable per square and number grows too big.

    Variables: ``b(i, j) = 1 + i * B + j``, bit j of square i's number minus 1 (B bits, 2**B >= K);
    ``e(i, d) = 1 + n * B + 2 * i + d`` the edges, laid out as in ``clauses`` so ``paths`` reads
    them. An endpoint has its bits fixed and exactly one edge, an empty square exactly two; an
    edge joins squares with the same bits. A component with an endpoint is then a path between
    the two endpoints of one number; the caller cuts loops (components without one) lazily.
    The last clause says not every edge of ``solution`` is on; ``solution``'s paths must not run
    beside themselves (generated ones never do), so that its edges are its neighbouring squares
    of one number. An endpoint without a free neighbour gets the empty clause, an empty square
    with fewer than two the empty clause too (no solution)."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], n = rows * cols
    cdef Py_ssize_t r, c, i, j, a, b, m = 0, cap, ne
    cdef int32_t B = 1, es, lit
    cdef int32_t e[4]
    cdef int16_t v
    if solution.shape[0] != rows or solution.shape[1] != cols:
        raise ValueError(
            f"solution is {solution.shape[0]} x {solution.shape[1]}, the grid {rows} x {cols}"
        )
    while (1 << B) < K:
        B += 1
    es = <int32_t> (1 + n * B)
    # per square: B units, 5 ALO, 6 * 3 AMO, 4 * 4 at-most-two, 4 * 4 at-least-two; per edge
    # 2 * B clauses of 4; the blocking clause
    cap = n * (2 * B + 5 + 18 + 16 + 16) + 2 * n * 8 * B + 2 * n + 16
    out = np.empty(cap, np.int32)
    cdef int32_t[::1] vo = out
    cdef int32_t* o = &vo[0]
    with nogil:
        for r in range(rows):
            for c in range(cols):
                v = grid[r, c]
                i = r * cols + c
                if v < 0:
                    continue
                ne = square_edges(grid, r, c, es, e)
                if v > 0:
                    for j in range(B):
                        lit = <int32_t> (1 + i * B + j)
                        m = put(o, m, lit if ((v - 1) >> j) & 1 else -lit)
                        m = put(o, m, 0)
                    for j in range(ne):  # at least one edge (none: the empty clause)
                        m = put(o, m, e[j])
                    m = put(o, m, 0)
                    for a in range(ne):  # at most one
                        for b in range(a + 1, ne):
                            m = put(o, m, -e[a])
                            m = put(o, m, -e[b])
                            m = put(o, m, 0)
                    continue
                if ne < 2:  # a dead end: no solution
                    m = put(o, m, 0)
                    continue
                m = put_at_most_two(o, m, e, ne)
                # at least two: every set of all but one edge holds one
                m = put_all_but_one(o, m, e, ne, 0)
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if grid[r, c] < 0:
                    continue
                for a in range(2):
                    b = forward(grid, r, c, a)
                    if b < 0:
                        continue
                    lit = <int32_t> (es + 2 * i + a)
                    for j in range(B):
                        m = put_same(o, m, lit, <int32_t> (1 + i * B + j), <int32_t> (1 + b * B + j))
        # not every edge of the known solution
        for r in range(rows):
            for c in range(cols):
                v = solution[r, c]
                if v <= 0:
                    continue
                i = r * cols + c
                if c + 1 < cols and solution[r, c + 1] == v:
                    m = put(o, m, <int32_t> -(es + 2 * i))
                if r + 1 < rows and solution[r + 1, c] == v:
                    m = put(o, m, <int32_t> -(es + 2 * i + 1))
        m = put(o, m, 0)
    return out[:m].copy(), int(es + 2 * n - 1)


def poll():
    """One poll for Ctrl-C between two rounds of the SAT solver, counted and trapped as every
    kernel's polls are (src/common/signals.pxd); raises KeyboardInterrupt when it says stop."""
    if signalled():
        raise_pending()
