# Shared hex-grid core for every Trap the Cat kernel (hexgrid, cat policies, solver, simulation).
# Boards are flat uint8 arrays (0 free, anything else blocked) of rows*cols cells in even-r offset
# coordinates; a precomputed neighbour table replaces bounds tests in the inner loops:
#     nbr[p*6 + k] = flat index of neighbour k of cell p, or -1 off the board,
# with k in the order E, W, NE, NW, SE, SW of DESIGN.md. Scratch arrays (queue, dist, parent) are
# allocated by the caller with numpy, n = rows*cols entries each.
from libc.stdint cimport int32_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

from common.random cimport bounded
from common.signals cimport POLL_MASK, signalled

cdef inline bint hex_tables(int32_t rows, int32_t cols, int32_t* nbr, uint8_t* border) noexcept nogil:
    """Fill the neighbour table (rows*cols*6) and the border flags (rows*cols). Polls for Ctrl-C
    every POLL_MASK + 1 cells (so never on boards of fewer cells); True when a poll said stop:
    the tables are then incomplete and the caller's def raises (src/common/signals.pxd)."""
    cdef int32_t r, c, k, p, nr, nc
    # (dr, dc) for even rows, then odd rows, in the order E, W, NE, NW, SE, SW
    cdef int32_t dr[6]
    cdef int32_t dce[6]
    cdef int32_t dco[6]
    dr[0] = 0; dr[1] = 0; dr[2] = -1; dr[3] = -1; dr[4] = 1; dr[5] = 1
    dce[0] = 1; dce[1] = -1; dce[2] = 1; dce[3] = 0; dce[4] = 1; dce[5] = 0
    dco[0] = 1; dco[1] = -1; dco[2] = 0; dco[3] = -1; dco[4] = 0; dco[5] = -1
    for r in range(rows):
        for c in range(cols):
            p = r * cols + c
            if ((p + 1) & POLL_MASK) == 0 and signalled():
                return True
            border[p] = (r == 0 or c == 0 or r == rows - 1 or c == cols - 1)
            for k in range(6):
                nr = r + dr[k]
                nc = c + (dco[k] if (r & 1) else dce[k])
                if 0 <= nr < rows and 0 <= nc < cols:
                    nbr[p * 6 + k] = nr * cols + nc
                else:
                    nbr[p * 6 + k] = -1
    return False


cdef inline int32_t bfs_expand(const uint8_t* board, const int32_t* nbr, int32_t* dist,
                               int32_t* queue, int32_t tail) noexcept nogil:
    """Grow a BFS over free cells from the sources queue[0:tail] (their dist set, every other
    dist -1), first in, first out, neighbours in table order; returns the cells reached."""
    cdef int32_t head = 0, p, q, k
    while head < tail:
        p = queue[head]
        head += 1
        for k in range(6):
            q = nbr[p * 6 + k]
            if q >= 0 and dist[q] < 0 and not board[q]:
                dist[q] = dist[p] + 1
                queue[tail] = q
                tail += 1
    return tail


cdef inline int32_t bfs_distances(const uint8_t* board, const int32_t* nbr, int32_t n,
                                  int32_t start, int32_t* dist, int32_t* queue) noexcept nogil:
    """BFS steps from start over free cells into dist (-1 unreached or blocked); returns count."""
    cdef int32_t i
    for i in range(n):
        dist[i] = -1
    if board[start]:
        return 0
    dist[start] = 0
    queue[0] = start
    return bfs_expand(board, nbr, dist, queue, 1)


cdef inline void border_distances(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                                  int32_t n, int32_t* dist, int32_t* queue) noexcept nogil:
    """Multi-source BFS from every free border cell: each free cell's escape distance, else -1."""
    cdef int32_t i, tail = 0
    for i in range(n):
        if border[i] and not board[i]:
            dist[i] = 0
            queue[tail] = i
            tail += 1
        else:
            dist[i] = -1
    bfs_expand(board, nbr, dist, queue, tail)


cdef inline int32_t escape_search(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                                  int32_t n, int32_t start, int32_t* parent, int32_t* queue,
                                  bint polls) noexcept nogil:
    # bfs_escape's search; `polls` is a constant at each call, so the compiler drops its tests
    cdef int32_t i, head = 0, tail = 0, p, q, k
    for i in range(n):
        if polls and ((i + 1) & POLL_MASK) == 0 and signalled():
            return -1
        parent[i] = -2
    parent[start] = start
    if border[start]:
        return start
    queue[tail] = start
    tail += 1
    while head < tail:
        p = queue[head]
        head += 1
        if polls and (head & POLL_MASK) == 0 and signalled():
            return -1
        for k in range(6):
            q = nbr[p * 6 + k]
            if q >= 0 and parent[q] == -2 and not board[q]:
                parent[q] = p
                if border[q]:
                    return q
                queue[tail] = q
                tail += 1
    return -1


cdef inline int32_t bfs_escape(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                               int32_t n, int32_t start, int32_t* parent,
                               int32_t* queue) noexcept nogil:
    """BFS from start (free) to the first border cell it discovers, expanding cells first in,
    first out and neighbours in table order; parent[q] is q's first discoverer (start is its own
    parent, -2 for cells not reached). Returns that border cell, or -1 if none is reachable.
    Never polls (the searches that call it poll per node)."""
    return escape_search(board, nbr, border, n, start, parent, queue, False)


cdef inline int32_t bfs_escape_polled(const uint8_t* board, const int32_t* nbr,
                                      const uint8_t* border, int32_t n, int32_t start,
                                      int32_t* parent, int32_t* queue) noexcept nogil:
    """bfs_escape, polling for Ctrl-C every POLL_MASK + 1 cells cleared and cells expanded; -1
    also when a poll said stop (stopped()): the caller's def raises."""
    return escape_search(board, nbr, border, n, start, parent, queue, True)


cdef inline int32_t first_step(const int32_t* parent, int32_t start, int32_t target) noexcept nogil:
    """The cell after start on the parent chain from start to target (target != start)."""
    while parent[target] != start:
        target = parent[target]
    return target


cdef inline int32_t free_neighbour_count(const uint8_t* board, const int32_t* nbr,
                                         int32_t p) noexcept nogil:
    cdef int32_t k, q, m = 0
    for k in range(6):
        q = nbr[p * 6 + k]
        if q >= 0 and not board[q]:
            m += 1
    return m


cdef inline int32_t step_pocket(const uint8_t* board, const int32_t* nbr, int32_t cat) noexcept nogil:
    """An enclosed cat's move: the free neighbour with the most free neighbours (ties in table
    order), or -1 when it cannot move."""
    cdef int32_t k, q, m, best = -1, best_m = -1
    for k in range(6):
        q = nbr[cat * 6 + k]
        if q >= 0 and not board[q]:
            m = free_neighbour_count(board, nbr, q)
            if m > best_m:
                best_m = m
                best = q
    return best


cdef inline int32_t open_ray_step(const uint8_t* board, const int32_t* nbr, int32_t cat) noexcept nogil:
    """The six-ray cat's step along the open straight ray (free to the edge) with the fewest cells
    to the edge, ties in table order; -1 when no ray is open."""
    cdef int32_t k, q, length, best = -1, best_len = 0x7fffffff
    for k in range(6):
        q = nbr[cat * 6 + k]
        length = 0
        while q >= 0 and not board[q]:
            length += 1
            q = nbr[q * 6 + k]
        if q < 0 and length < best_len:  # walked off the board: the ray is open
            best_len = length
            best = nbr[cat * 6 + k]
    return best


cdef inline int32_t step_rays(const uint8_t* board, const int32_t* nbr, int32_t cat,
                              bitgen_t* rng) noexcept nogil:
    """The six-ray cat: open_ray_step; with no open ray, a uniformly random free neighbour; -1 if
    none."""
    cdef int32_t k, q, m = 0
    cdef int32_t free[6]
    cdef int32_t best = open_ray_step(board, nbr, cat)
    if best >= 0:
        return best
    for k in range(6):
        q = nbr[cat * 6 + k]
        if q >= 0 and not board[q]:
            free[m] = q
            m += 1
    if m == 0:
        return -1
    return free[bounded(rng, <uint32_t> m)]


cdef inline void draw_blocks(bitgen_t* rng, uint8_t* board, int32_t n, const uint8_t* keep_free,
                             int32_t blocked, int32_t* cand) noexcept nogil:
    """Block `blocked` cells of board (n cells, all set to 0 first) uniformly among those whose
    keep_free flag is 0 (at least `blocked` of them): a partial Fisher-Yates over the candidates
    in row-major order, one bounded draw per blocked cell. cand: n int32 of scratch. Polls for
    Ctrl-C every POLL_MASK + 1 cells and draws (so never on boards of fewer cells); when a poll
    says stop it returns at once, and the caller's def raises (src/common/signals.pxd)."""
    cdef int32_t i, j, m = 0, t
    for i in range(n):
        if ((i + 1) & POLL_MASK) == 0 and signalled():
            return
        board[i] = 0
        if not keep_free[i]:
            cand[m] = i
            m += 1
    for i in range(blocked):
        if ((i + 1) & POLL_MASK) == 0 and signalled():
            return
        j = i + <int32_t> bounded(rng, <uint32_t> (m - i))
        t = cand[i]
        cand[i] = cand[j]
        cand[j] = t
        board[cand[i]] = 1
