"""Hex-grid kernels (even-r offset, neighbour order E, W, NE, NW, SE, SW): BFS distances, escape
paths, distances to the border, random boards. Called only by trapcore/hexgrid.py, which validates.
Directives (boundscheck, wraparound off) are set in setup.py."""
import numpy as np

cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t, uint32_t
from libc.stdlib cimport free, malloc
from numpy.random cimport bitgen_t

from _hex cimport hex_tables
from _random cimport bitgen_of, bounded

cnp.import_array()


def tables(int32_t rows, int32_t cols):
    """The neighbour table, int32 (rows*cols, 6) with -1 off the board, and the border flags,
    uint8 (rows*cols,)."""
    nbr = np.empty((rows * cols, 6), dtype=np.int32)
    border = np.empty(rows * cols, dtype=np.uint8)
    cdef int32_t[:, ::1] nb = nbr
    cdef uint8_t[::1] bo = border
    with nogil:
        hex_tables(rows, cols, &nb[0, 0], &bo[0])
    return nbr, border


cdef int32_t DR[6]
cdef int32_t DC_EVEN[6]
cdef int32_t DC_ODD[6]
DR[:] = [0, 0, -1, -1, 1, 1]
DC_EVEN[:] = [1, -1, 1, 0, 1, 0]
DC_ODD[:] = [1, -1, 0, -1, 0, -1]


cdef int32_t bfs(const uint8_t* board, int32_t rows, int32_t cols, int32_t* dist,
                 int32_t* parent, int32_t* qr, int32_t* qc, int32_t tail,
                 bint stop_at_border) noexcept nogil:
    """BFS over free cells from the sources (qr[i], qc[i]) for i < tail (their dist set, every
    other dist -1), expanding cells first in, first out and neighbours in the order E, W, NE, NW,
    SE, SW, computed on the fly (a one-shot query does not pay for a neighbour table; the queue
    keeps rows and columns apart so no division is needed). parent (optional) records each cell's
    first discoverer. With stop_at_border, returns the first border cell discovered (-1 if none);
    otherwise -1 after a full search."""
    cdef int32_t head = 0, p, q, r, c, nr, nc, k, d
    cdef int32_t* dc
    while head < tail:
        r = qr[head]
        c = qc[head]
        head += 1
        p = r * cols + c
        d = dist[p] + 1
        dc = &DC_ODD[0] if r & 1 else &DC_EVEN[0]
        for k in range(6):
            nr = r + DR[k]
            nc = c + dc[k]
            if <uint32_t> nr >= <uint32_t> rows or <uint32_t> nc >= <uint32_t> cols:
                continue
            q = nr * cols + nc
            if dist[q] >= 0 or board[q]:
                continue
            dist[q] = d
            if parent != NULL:
                parent[q] = p
            if stop_at_border and (nr == 0 or nc == 0 or nr == rows - 1 or nc == cols - 1):
                return q
            qr[tail] = nr
            qc[tail] = nc
            tail += 1
    return -1


cdef int32_t* alloc(Py_ssize_t n) except NULL:
    """n int32 of scratch from malloc (cheaper than numpy for one-shot queries); the caller frees."""
    cdef int32_t* p = <int32_t*> malloc(max(n, 1) * sizeof(int32_t))
    if p == NULL:
        raise MemoryError(f"could not allocate {n} int32 of scratch")
    return p


cdef inline void fill(int32_t* a, Py_ssize_t n, int32_t v) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        a[i] = v


def max_value(const uint8_t[:, ::1] board):
    """The largest value in a uint8 grid (the Python layer checks boards hold only 0 and 1)."""
    cdef Py_ssize_t i, n = board.shape[0] * board.shape[1]
    cdef const uint8_t* b = &board[0, 0]
    cdef uint8_t m = 0
    with nogil:
        for i in range(n):
            if b[i] > m:
                m = b[i]
    return m


def distances(const uint8_t[:, ::1] board, int32_t r, int32_t c):
    """BFS steps from free (r, c) over free cells: int32 (rows, cols), -1 unreachable or blocked."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t* dist = <int32_t*> cnp.PyArray_DATA(out)
    cdef int32_t* queue = alloc(2 * <Py_ssize_t> n)
    with nogil:
        fill(dist, n, -1)
        dist[r * cols + c] = 0
        queue[0] = r
        queue[n] = c
        bfs(&board[0, 0], rows, cols, dist, NULL, queue, queue + n, 1, False)
        free(queue)
    return out


def escape_path(const uint8_t[:, ::1] board, int32_t r, int32_t c):
    """The escape path from free (r, c): int32 (n, 2) from (r, c) to the first border cell a BFS
    discovers (neighbours in the order E, W, NE, NW, SE, SW; each cell reached from its first
    discoverer), or None when no border cell is reachable."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    cdef int32_t start = r * cols + c, target, p, length = 1, i
    cdef int32_t* scratch = alloc(4 * <Py_ssize_t> n)  # dist, parent, queue rows, queue cols
    cdef int32_t* path
    with nogil:
        fill(scratch, n, -1)
        scratch[start] = 0
        scratch[2 * n] = r
        scratch[3 * n] = c
        if r == 0 or c == 0 or r == rows - 1 or c == cols - 1:
            target = start
        else:
            target = bfs(&board[0, 0], rows, cols, scratch, scratch + n, scratch + 2 * n,
                         scratch + 3 * n, 1, True)
        if target >= 0:
            length = scratch[target] + 1
    if target < 0:
        free(scratch)
        return None
    out = np.empty((length, 2), dtype=np.int32)
    path = <int32_t*> cnp.PyArray_DATA(out)
    with nogil:
        p = target
        i = length - 1
        while i >= 0:
            path[2 * i] = p // cols
            path[2 * i + 1] = p % cols
            if i:
                p = scratch[n + p]
            i -= 1
        free(scratch)
    return out


def distance_to_border(const uint8_t[:, ::1] board):
    """Each free cell's BFS distance to the nearest free border cell: int32 (rows, cols), -1 for
    blocked cells and cells that cannot reach the border."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    cdef int32_t i, rr, cc, tail = 0
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t* dist = <int32_t*> cnp.PyArray_DATA(out)
    cdef const uint8_t* b = &board[0, 0]
    cdef int32_t* queue = alloc(2 * <Py_ssize_t> n)
    with nogil:
        fill(dist, n, -1)
        for i in range(n):  # the free border cells, in row-major order, are the sources
            rr = i // cols
            cc = i - rr * cols
            if not b[i] and (rr == 0 or cc == 0 or rr == rows - 1 or cc == cols - 1):
                dist[i] = 0
                queue[tail] = rr
                queue[n + tail] = cc
                tail += 1
        bfs(b, rows, cols, dist, NULL, queue, queue + n, tail, False)
        free(queue)
    return out


def random_board(int32_t rows, int32_t cols, int32_t blocked, const uint8_t[::1] keep_free,
                 bit_generator):
    """A uint8 (rows, cols) board with `blocked` cells blocked, drawn uniformly among the cells
    whose keep_free flag is 0 (at least `blocked` of them, checked by the caller): a partial
    Fisher-Yates over the candidates in row-major order, one bounded draw per blocked cell."""
    cdef int32_t n = rows * cols
    out = np.zeros((rows, cols), dtype=np.uint8)
    cdef uint8_t[:, ::1] board = out
    cdef int32_t[::1] cand = np.empty(max(n, 1), dtype=np.int32)
    cdef int32_t i, j, m = 0, t
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    with bit_generator.lock, nogil:
        for i in range(n):
            if not keep_free[i]:
                cand[m] = i
                m += 1
        for i in range(blocked):
            j = i + <int32_t> bounded(rng, <uint32_t> (m - i))
            t = cand[i]
            cand[i] = cand[j]
            cand[j] = t
            (&board[0, 0])[cand[i]] = 1
    return out
