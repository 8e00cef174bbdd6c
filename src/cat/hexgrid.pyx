"""Hex-grid kernels (even-r offset, neighbour order E, W, NE, NW, SE, SW): BFS distances, escape
paths, distances to the border, random boards. Called only by trapcore/cat/hexgrid.py, which
validates. Directives (boundscheck, wraparound off) are set in setup.py."""
import numpy as np

cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t
from libc.stdlib cimport free, malloc
from numpy.random cimport bitgen_t

from cat.hex cimport draw_blocks, hex_tables
from common.checks cimport check_grid, check_ndarray
from common.random cimport bitgen_of
from common.signals cimport POLL_MASK, due, raise_pending, signalled, stopped

cnp.import_array()


def tables(int32_t rows, int32_t cols):
    """The neighbour table, int32 (rows*cols, 6) with -1 off the board, and the border flags,
    uint8 (rows*cols,)."""
    check_grid(rows, cols, "rows x cols")
    nbr = np.empty((rows * cols, 6), dtype=np.int32)
    border = np.empty(rows * cols, dtype=np.uint8)
    cdef int32_t[:, ::1] nb = nbr
    cdef uint8_t[::1] bo = border
    cdef bint stop
    with nogil:
        stop = hex_tables(rows, cols, &nb[0, 0], &bo[0])
    if stop:
        raise_pending()
    return nbr, border


# The one-shot queries take the board as a C-contiguous uint8 (rows, cols) ndarray (guaranteed by
# trapcore/cat/hexgrid.py) and read its data pointer: at 11 x 11 a typed memoryview's buffer
# acquisition costs a fifth of the whole search.
# They work on a padded copy of the board
# whose cells hold the search state: a ring of WALL cells around the board removes every bounds
# test from the inner loop, and free border cells are marked so reaching one costs no test either.
# Padded index p = (r + 1) * W + (c + 1) with W = cols + 2. The queue holds 2 * p + (r & 1): the
# row parity picks the neighbour offsets without a division. Reading by pointer, each query
# checks the board's type and layout itself (check_board), and its size for the int32 indices.
cdef enum:
    UNSEEN = -1       # a free cell not reached yet
    WALL = -2         # a blocked cell, or the padding around the board
    UNSEEN_EDGE = -3  # a free border cell not reached yet
    # (x | 2) == -1 exactly for UNSEEN and UNSEEN_EDGE; reached cells hold their distance >= 0


cdef int32_t* alloc(Py_ssize_t n) except NULL:
    """n int32 of scratch from malloc (cheaper than numpy for one-shot queries); the caller frees."""
    cdef int32_t* p = <int32_t*> malloc(max(n, 1) * sizeof(int32_t))
    if p == NULL:
        raise MemoryError(f"could not allocate {n} int32 of scratch")
    return p


cdef void pad(const uint8_t* board, int32_t rows, int32_t cols, int32_t* d) noexcept nogil:
    """Fill the padded state array d ((rows + 2) * (cols + 2) cells) from the board."""
    cdef int32_t W = cols + 2, r, c
    cdef int32_t* row
    cdef const uint8_t* brow
    cdef bint edge_row
    for c in range(W):
        d[c] = WALL
        d[(rows + 1) * W + c] = WALL
    for r in range(rows):
        if due(r + 1, cols) and signalled():  # Ctrl-C: the def raises (stopped())
            return
        row = d + (r + 1) * W + 1
        brow = board + r * cols
        row[-1] = WALL
        row[cols] = WALL
        edge_row = r == 0 or r == rows - 1
        for c in range(cols):
            if brow[c]:
                row[c] = WALL
            elif edge_row or c == 0 or c == cols - 1:
                row[c] = UNSEEN_EDGE
            else:
                row[c] = UNSEEN


cdef void unpad(const int32_t* d, int32_t rows, int32_t cols, int32_t* out) noexcept nogil:
    """Copy the reached distances out of the padded state array, -1 everywhere else."""
    cdef int32_t W = cols + 2, r, c, v
    cdef const int32_t* row
    for r in range(rows):
        if due(r + 1, cols) and signalled():
            return
        row = d + (r + 1) * W + 1
        for c in range(cols):
            v = row[c]
            out[r * cols + c] = v if v >= 0 else -1


cdef int32_t bfs(int32_t* d, int32_t W, int32_t* parent, int32_t* queue, int32_t tail,
                 bint stop_at_edge) noexcept nogil:
    """BFS over the padded state array from the sources queue[0:tail] (their d set to 0), first
    in, first out, neighbours in the order E, W, NE, NW, SE, SW. parent (optional) records each
    cell's first discoverer. With stop_at_edge, returns the first free border cell discovered (-1
    if none); otherwise -1 after a full search, or when Ctrl-C came (stopped())."""
    cdef int32_t off[2][6]
    off[0][0] = 1; off[0][1] = -1; off[0][2] = 1 - W; off[0][3] = -W; off[0][4] = W + 1; off[0][5] = W
    off[1][0] = 1; off[1][1] = -1; off[1][2] = -W; off[1][3] = -W - 1; off[1][4] = W; off[1][5] = W - 1
    cdef int32_t head = 0, v, p, q, k, par, nd, seen
    cdef int32_t* o
    while head < tail:
        v = queue[head]
        head += 1
        if (head & POLL_MASK) == 0 and signalled():
            return -1
        p = v >> 1
        par = v & 1
        nd = d[p] + 1
        o = off[par]
        for k in range(6):
            q = p + o[k]
            seen = d[q]
            if (seen | 2) != -1:
                continue
            d[q] = nd
            if parent != NULL:
                parent[q] = p
            if stop_at_edge and seen == UNSEEN_EDGE:
                return q
            queue[tail] = (q << 1) | (par ^ (k >= 2))
            tail += 1
    return -1


cdef inline int check_board(cnp.ndarray board) except -1:
    """TypeError or ValueError unless board is a C-contiguous uint8 (rows, cols) ndarray whose
    framed size fits the int32 indices (common/checks.pxd)."""
    check_ndarray(board, cnp.NPY_UINT8, 2, "board")
    return check_grid(board.shape[0], board.shape[1], "board")


def max_value(cnp.ndarray board):
    """The largest value in a uint8 grid (the Python layer checks boards hold only 0 and 1)."""
    check_board(board)
    cdef Py_ssize_t i, n = board.shape[0] * board.shape[1]
    cdef const uint8_t* b = <const uint8_t*> cnp.PyArray_DATA(board)
    cdef uint8_t m = 0
    with nogil:
        for i in range(n):
            if b[i] > m:
                m = b[i]
    return m


def distances(cnp.ndarray board, int32_t r, int32_t c):
    """BFS steps from free (r, c) over free cells: int32 (rows, cols), -1 unreachable or blocked.
    """
    check_board(board)
    cdef int32_t rows = board.shape[0], cols = board.shape[1], W = cols + 2
    cdef Py_ssize_t N = <Py_ssize_t> (rows + 2) * W
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t* dist = <int32_t*> cnp.PyArray_DATA(out)
    cdef int32_t* scratch = alloc(2 * N)  # padded state, queue
    cdef int32_t start = (r + 1) * W + c + 1
    with nogil:
        pad(<const uint8_t*> cnp.PyArray_DATA(board), rows, cols, scratch)
        scratch[start] = 0
        scratch[N] = (start << 1) | (r & 1)
        if not stopped():
            bfs(scratch, W, NULL, scratch + N, 1, False)
        if not stopped():
            unpad(scratch, rows, cols, dist)
        free(scratch)
    if stopped():
        raise_pending()
    return out


def escape_path(cnp.ndarray board, int32_t r, int32_t c):
    """The escape path from free (r, c): int32 (n, 2) from (r, c) to the first border cell a BFS
    discovers (neighbours in the order E, W, NE, NW, SE, SW; each cell reached from its first
    discoverer), or None when no border cell is reachable."""
    check_board(board)
    cdef int32_t rows = board.shape[0], cols = board.shape[1], W = cols + 2
    cdef Py_ssize_t N = <Py_ssize_t> (rows + 2) * W
    cdef int32_t start = (r + 1) * W + c + 1, target, p, length = 1, i
    cdef int32_t* scratch = alloc(3 * N)  # padded state, queue, parent
    cdef int32_t* path
    with nogil:
        pad(<const uint8_t*> cnp.PyArray_DATA(board), rows, cols, scratch)
        if stopped():
            target = -1
        elif scratch[start] == UNSEEN_EDGE:
            target = start
        else:
            scratch[start] = 0
            scratch[N] = (start << 1) | (r & 1)
            target = bfs(scratch, W, scratch + 2 * N, scratch + N, 1, True)
        if target >= 0 and target != start:
            length = scratch[target] + 1
    if target < 0:
        free(scratch)
        if stopped():
            raise_pending()
        return None
    out = np.empty((length, 2), dtype=np.int32)
    path = <int32_t*> cnp.PyArray_DATA(out)
    with nogil:
        p = target
        i = length - 1
        while i >= 0:
            path[2 * i] = p // W - 1
            path[2 * i + 1] = p % W - 1
            if i:
                p = scratch[2 * N + p]
            i -= 1
        free(scratch)
    return out


def distance_to_border(cnp.ndarray board):
    """Each free cell's BFS distance to the nearest free border cell: int32 (rows, cols), -1 for
    blocked cells and cells that cannot reach the border."""
    check_board(board)
    cdef int32_t rows = board.shape[0], cols = board.shape[1], W = cols + 2
    cdef Py_ssize_t N = <Py_ssize_t> (rows + 2) * W
    cdef int32_t rr, cc, p, tail = 0
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t* dist = <int32_t*> cnp.PyArray_DATA(out)
    cdef int32_t* scratch = alloc(2 * N)  # padded state, queue
    cdef int32_t* queue = scratch + N
    with nogil:
        pad(<const uint8_t*> cnp.PyArray_DATA(board), rows, cols, scratch)
        for rr in range(rows if not stopped() else 0):  # the free border cells, in row-major order
            for cc in range(cols):
                if rr == 0 or rr == rows - 1 or cc == 0 or cc == cols - 1:
                    p = (rr + 1) * W + cc + 1
                    if scratch[p] == UNSEEN_EDGE:
                        scratch[p] = 0
                        queue[tail] = (p << 1) | (rr & 1)
                        tail += 1
        if not stopped():
            bfs(scratch, W, NULL, queue, tail, False)
        if not stopped():
            unpad(scratch, rows, cols, dist)
        free(scratch)
    if stopped():
        raise_pending()
    return out


def random_board(int32_t rows, int32_t cols, int32_t blocked, const uint8_t[::1] keep_free,
                 bit_generator):
    """A uint8 (rows, cols) board with `blocked` cells blocked, drawn uniformly among the cells
    whose keep_free flag is 0 (at least `blocked` of them, checked by the caller): draw_blocks."""
    check_grid(rows, cols, "rows x cols")
    if keep_free.shape[0] != <Py_ssize_t> rows * cols:
        raise ValueError(f"keep_free has {keep_free.shape[0]} flags for {rows} x {cols} cells")
    cdef int32_t n = rows * cols
    out = np.empty((rows, cols), dtype=np.uint8)
    cdef uint8_t[:, ::1] board = out
    cdef int32_t[::1] cand = np.empty(max(n, 1), dtype=np.int32)
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    with bit_generator.lock, nogil:
        draw_blocks(rng, &board[0, 0], n, &keep_free[0], blocked, &cand[0])
    if stopped():  # Ctrl-C during the draws (they poll on boards over POLL_MASK cells)
        raise_pending()
    return out
