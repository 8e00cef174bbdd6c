"""Hex-grid kernels (even-r offset, neighbour order E, W, NE, NW, SE, SW): BFS distances, escape
paths, distances to the border, random boards. Called only by trapcore/hexgrid.py, which validates.
Directives (boundscheck, wraparound off) are set in setup.py."""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

from _hex cimport bfs_distances, bfs_escape, border_distances, hex_tables
from _random cimport bitgen_of, bounded


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


def distances(const uint8_t[:, ::1] board, int32_t r, int32_t c):
    """BFS steps from (r, c) over free cells: int32 (rows, cols), -1 unreachable or blocked."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t[:, ::1] dist = out
    cdef int32_t[::1] nbr = np.empty(n * 6, dtype=np.int32)
    cdef int32_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] border = np.empty(n, dtype=np.uint8)
    with nogil:
        hex_tables(rows, cols, &nbr[0], &border[0])
        bfs_distances(&board[0, 0], &nbr[0], n, r * cols + c, &dist[0, 0], &queue[0])
    return out


def escape_path(const uint8_t[:, ::1] board, int32_t r, int32_t c):
    """The escape path from free (r, c): int32 (n, 2) from (r, c) to the first border cell a BFS
    discovers (neighbours in table order), or None when no border cell is reachable."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    cdef int32_t[::1] nbr = np.empty(n * 6, dtype=np.int32)
    cdef int32_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] parent = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] border = np.empty(n, dtype=np.uint8)
    cdef int32_t start = r * cols + c, target, p, length = 1, i
    with nogil:
        hex_tables(rows, cols, &nbr[0], &border[0])
        target = bfs_escape(&board[0, 0], &nbr[0], &border[0], n, start, &parent[0], &queue[0])
        if target >= 0:
            p = target
            while p != start:
                p = parent[p]
                length += 1
    if target < 0:
        return None
    out = np.empty((length, 2), dtype=np.int32)
    cdef int32_t[:, ::1] path = out
    with nogil:
        p = target
        i = length - 1
        while i >= 0:
            path[i, 0] = p // cols
            path[i, 1] = p % cols
            p = parent[p]
            i -= 1
    return out


def distance_to_border(const uint8_t[:, ::1] board):
    """Each free cell's BFS distance to the nearest free border cell: int32 (rows, cols), -1 for
    blocked cells and cells that cannot reach the border."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t[:, ::1] dist = out
    cdef int32_t[::1] nbr = np.empty(n * 6, dtype=np.int32)
    cdef int32_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] border = np.empty(n, dtype=np.uint8)
    with nogil:
        hex_tables(rows, cols, &nbr[0], &border[0])
        border_distances(&board[0, 0], &nbr[0], &border[0], n, &dist[0, 0], &queue[0])
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
