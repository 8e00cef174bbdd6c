"""Perfect-maze solving kernels: the wall follower with its stack and trace, BFS, distances, and
a batch of mazes solved at once (datasets). Called only by trapcore/maze/ and trapcore/datasets/,
which validate every argument. Doors as in src/maze/carve.pyx (one uint8 per cell: bits 0-1 the
door Down, bits 2-3 the door Right; 0b01 open). Cells are flat row-major indices; directions run
clockwise 0 Up, 1 Right, 2 Down, 3 Left.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint32_t
from libc.string cimport memset

from maze.doors cimport UP, degree, fill_cells, passable, step
from trapcore.maze._carve cimport HAND_LEFT, POLL_CELLS, Hand
from common.checks cimport check_grid
from common.scratch cimport Scratch, scratch_alloc, scratch_free
from common.signals cimport POLL_MASK, raise_pending, signalled


cdef object as_pairs(const int32_t* flat, Py_ssize_t k, int32_t cols):
    """int32 (k, 2) array of (row, col) from k flat indices."""
    out = np.empty((k, 2), dtype=np.int32)
    cdef int32_t[:, ::1] o = out
    cdef Py_ssize_t i
    for i in range(k):
        o[i, 0] = flat[i] // cols
        o[i, 1] = flat[i] - o[i, 0] * cols
    return out


def solve_wall(const uint8_t[:, ::1] doors, int32_t start, int32_t goal, Hand hand, bint trace):
    """Wall follower with a stack, from flat cell `start` to `goal`; hand HAND_LEFT (clockwise
    from the door it came through) or HAND_RIGHT (anticlockwise). The start counts as entered
    through its top side. Returns (path, moves): path int32 (k, 2) (the stack at the goal) or None
    when the goal is unreachable; moves int32 (t, 2) of every cell stood on, in order, or None."""
    check_grid(doors.shape[0], doors.shape[1], "doors")
    cdef int32_t rows = doors.shape[0], cols = doors.shape[1]
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, tl = 0
    cdef Scratch s = Scratch(NULL, NULL)
    cdef int32_t sp = 0
    cdef int found = 0
    try:
        with nogil:
            scratch_alloc(&s, 3 * n if trace else n, 2 * n)  # stack, moves; seen, entry
            found = follow_wall(&doors[0, 0], cols, start, goal, hand, trace, s.i32, s.i32 + n,
                                s.u8, s.u8 + n, &sp, &tl)
        if found < 0:
            raise_pending()
        path = as_pairs(s.i32, sp, cols) if found else None
        return path, (as_pairs(s.i32 + n, tl, cols) if trace else None)
    finally:
        scratch_free(&s)


cdef int follow_wall(const uint8_t* dp, int32_t cols, int32_t start, int32_t goal, int hand,
                     bint trace, int32_t* stack, int32_t* moves, uint8_t* seen, uint8_t* entry,
                     int32_t* sp_out, Py_ssize_t* tl_out) noexcept nogil:
    """The walk of solve_wall: 1 at the goal, 0 when it is unreachable, -1 on Ctrl-C; the stack
    (the path) is stack[:sp_out], the trace moves[:tl_out]."""
    cdef int32_t sp, cur, nb = 0, t, d = 0
    cdef Py_ssize_t tl = 0
    cdef uint32_t polls = 0
    cdef int back = UP, rot = 1 if hand == HAND_LEFT else 3, found = 0
    cdef bint moved
    memset(seen, 0, <size_t> (entry - seen))
    seen[start] = 1
    stack[0] = start
    sp = 1
    if trace:
        moves[0] = start
        tl = 1
    while True:
        polls += 1
        if (polls & POLL_MASK) == 0 and signalled():
            found = -1
            break
        cur = stack[sp - 1]
        if cur == goal:
            found = 1
            break
        moved = False
        for t in range(1, 5):
            d = (back + rot * t) & 3
            if passable(dp, cur, cols, d):
                nb = step(cur, cols, d)
                if not seen[nb]:
                    moved = True
                    break
        if moved:
            seen[nb] = 1
            entry[nb] = <uint8_t> d
            stack[sp] = nb
            sp += 1
            back = (d + 2) & 3
            if trace:
                moves[tl] = nb
                tl += 1
        else:
            sp -= 1
            if sp == 0:
                break
            back = entry[cur]
            if trace:
                moves[tl] = stack[sp - 1]
                tl += 1
    sp_out[0] = sp
    tl_out[0] = tl
    return found


cdef Py_ssize_t bfs(const uint8_t* doors, int32_t rows, int32_t cols, int32_t start, int32_t goal,
                    int32_t* dist, int32_t* parent, int32_t* queue) noexcept nogil:
    """Breadth-first search from start (neighbours Up, Right, Down, Left); stops at goal if
    goal >= 0. Fills dist (-1 unreached) and parent; returns the number of cells reached, or -1
    when Ctrl-C stopped it."""
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, head = 0, tail = 0
    cdef int32_t cur, nb
    cdef int d
    if fill_cells(NULL, NULL, dist, -1, n):
        return -1
    dist[start] = 0
    parent[start] = -1
    queue[tail] = start
    tail += 1
    while head < tail:
        if ((head + 1) & POLL_MASK) == 0 and signalled():
            return -1
        cur = queue[head]
        head += 1
        if cur == goal:
            break
        for d in range(4):
            if passable(doors, cur, cols, d):
                nb = step(cur, cols, d)
                if dist[nb] < 0:
                    dist[nb] = dist[cur] + 1
                    parent[nb] = cur
                    queue[tail] = nb
                    tail += 1
    return tail


def solve_bfs(const uint8_t[:, ::1] doors, int32_t start, int32_t goal):
    """A shortest path int32 (k, 2) from flat start to goal, or None when unreachable."""
    check_grid(doors.shape[0], doors.shape[1], "doors")
    cdef int32_t rows = doors.shape[0], cols = doors.shape[1], cur
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, k = 0, i, reached = 0
    cdef Scratch s = Scratch(NULL, NULL)
    cdef int32_t* queue
    try:
        with nogil:
            scratch_alloc(&s, 3 * n, 0)            # dist, parent, queue
            queue = s.i32 + 2 * n
            reached = bfs(&doors[0, 0], rows, cols, start, goal, s.i32, s.i32 + n, queue)
            if reached >= 0:
                k = s.i32[goal] + 1
                cur = goal
                for i in range(k - 1, -1, -1):     # the path, backwards, into queue[0:k]
                    queue[i] = cur
                    cur = s.i32[n + cur]
        if reached < 0:
            raise_pending()
        return as_pairs(queue, k, cols) if k > 0 else None
    finally:
        scratch_free(&s)


def distances(const uint8_t[:, ::1] doors, int32_t start):
    """int32 (rows, cols) BFS steps from flat start through open doors, -1 where unreachable."""
    check_grid(doors.shape[0], doors.shape[1], "doors")
    cdef int32_t rows = doors.shape[0], cols = doors.shape[1]
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, reached = 0
    out = np.empty((rows, cols), dtype=np.int32)
    cdef int32_t[:, ::1] dist = out
    cdef Scratch s = Scratch(NULL, NULL)
    try:
        with nogil:
            scratch_alloc(&s, 2 * n, 0)            # parent, queue
            reached = bfs(&doors[0, 0], rows, cols, start, -1, &dist[0, 0], s.i32, s.i32 + n)
    finally:
        scratch_free(&s)
    if reached < 0:
        raise_pending()
    return out


def solve_items(const uint8_t[:, :, ::1] doors, const int32_t[:, ::1] ends, int32_t[:, ::1] paths,
                int32_t[:, ::1] measures):
    """For each maze j, a shortest path from (ends[j, 0], ends[j, 1]) to (ends[j, 2], ends[j, 3])
    as flat cells in paths[j, :length], and measures[j] = (length in cells, 0 when the goal is
    unreachable; dead ends: cells with one open door; decision points: cells of the path before
    the goal where the walker has a choice, i.e. more than two open doors, or more than one at
    the start). Without the GIL."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef Py_ssize_t count = doors.shape[0], j, i
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2], s, g, cur, k, dead, choice, deg
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols
    cdef const uint8_t* dp
    cdef int32_t* dist
    cdef int32_t* parent
    cdef Py_ssize_t work = 0
    cdef bint stopped = False
    cdef Scratch scratch = Scratch(NULL, NULL)
    if count == 0:
        return
    try:
        with nogil:
            scratch_alloc(&scratch, 3 * n, 0)      # dist, parent, queue
            dist = scratch.i32
            parent = scratch.i32 + n
            for j in range(count):
                work += n
                if work > POLL_CELLS:
                    work = 0
                    if signalled():
                        stopped = True
                        break
                dp = &doors[j, 0, 0]
                s = ends[j, 0] * cols + ends[j, 1]
                g = ends[j, 2] * cols + ends[j, 3]
                if bfs(dp, rows, cols, s, g, dist, parent, scratch.i32 + 2 * n) < 0:
                    stopped = True
                    break
                k = dist[g] + 1
                dead = 0
                for i in range(n):
                    if ((i + 1) & POLL_MASK) == 0 and signalled():
                        stopped = True
                        break
                    if degree(dp, <int32_t> i, cols) == 1:
                        dead += 1
                if stopped:
                    break
                choice = 0
                if k > 0:
                    cur = g
                    for i in range(k - 1, -1, -1):
                        paths[j, i] = cur
                        if i < k - 1:
                            deg = degree(dp, cur, cols)
                            if deg > 2 or (i == 0 and deg > 1):
                                choice += 1
                        cur = parent[cur]
                measures[j, 0] = k if k > 0 else 0
                measures[j, 1] = dead
                measures[j, 2] = choice
    finally:
        scratch_free(&scratch)
    if stopped:
        raise_pending()
