"""Perfect-maze kernels: carving (Kruskal, backtracker, Wilson, Prim), batches of mazes, the
wall follower with its stack and trace, BFS, braiding. Called only by trapcore/maze/, which
validates every argument. Directives are set in setup.py (bounds and wraparound checks off).

Doors are one uint8 per cell: bits 0-1 the door Down, bits 2-3 the door Right, each 0b00 closed,
0b01 open, 0b11 locked. Carving starts from every door locked (15) and opens a spanning tree, so
the result has only open and locked doors and the outer wall stays locked. Cells are flat
row-major indices; directions run clockwise 0 Up, 1 Right, 2 Down, 3 Left.

Random streams (pinned by tests/reference/maze.py, which consumes them identically):
- kruskal: interior doors listed by id 2*cell + (0 Down, 1 Right) ascending, shuffled by
  shuffle_int32 (Fisher-Yates from the back, bounded(i + 1) for i = m-1 .. 1), then read from the
  front.
- backtracker, prim, wilson: the first cell is bounded(n); a choice among k > 1 options draws
  bounded(k); a single option draws nothing. Options are listed Up, Right, Down, Left.
- carve_items (batches and datasets): item k, attempt a draws from numpy's
  Philox(key, counter=[0, 0, k, a]) computed here (common/philox.pxd): first the carving, then,
  when p > 0, the braiding (as braid), then a random entrance and a random exit when asked
  (bounded(m) each over the m border cells in row-major order, entrance first).
"""
import numpy as np

from cpython.ref cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from numpy.random cimport bitgen_t

from maze.doors cimport (OPEN, PREFETCH_AHEAD, UP, degree, fill_cells, inside, passable, prefetch,
                         set_door, step)
from common.philox cimport philox_bitgen, philox_next32, philox_next64, philox_seed, philox_state
from common.random cimport bitgen_of, bounded, shuffle_int32, uniform01
from common.scratch cimport Scratch, scratch_alloc, scratch_free
from common.signals cimport POLL_MASK, Progress, poll, raise_pending, signalled
from common.unionfind cimport ds_find, ds_link

# the method codes are declared in carve.pxd
cdef enum:
    POLL_CELLS = 1 << 16                   # batch kernels poll for Ctrl-C after this many cells

METHODS = {"kruskal": KRUSKAL, "backtracker": BACKTRACKER, "wilson": WILSON, "prim": PRIM}


# ---------------------------------------------------------------------------------------------
# carving


cdef bint carve_kruskal(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                        int32_t* a, int32_t* parent, Progress* progress) noexcept nogil:
    """Randomized Kruskal: shuffle the interior-door list, then open each door whose two cells are
    still apart (union-find in one array, union by size, full path compression), stopping at
    rows*cols - 1 open doors. The list is read in order, so the union-find entries of the doors a
    few steps ahead are prefetched (about a quarter faster at 1000 x 1000), and a door whose
    cells share a parent is locked without looking further. Progress counts the cells listed,
    the doors shuffled, then each door read twice (reading costs about twice shuffling)."""
    cdef int32_t n = rows * cols, m = 0, r, c, i, d, e, cell, other, x, y, opened = 0
    cdef int32_t last_row = rows - 1, last_col = cols - 1, next_poll = POLL_MASK + 1
    if fill_cells(doors, NULL, parent, -1, n):
        return True
    if n <= 1:
        return False
    if progress != NULL:
        progress.base = 0
        progress.total = n + 3 * (2 * <Py_ssize_t> n - rows - cols)
    cell = 0
    for r in range(rows):                  # polls between rows, every 16,384 cells or more
        if cell >= next_poll:
            next_poll = cell + POLL_MASK + 1
            if poll(progress, cell):
                return True
        for c in range(cols):
            if r < last_row:
                a[m] = 2 * cell
                m += 1
            if c < last_col:
                a[m] = 2 * cell + 1
                m += 1
            cell += 1
    if progress != NULL:
        progress.base = n
    if shuffle_int32(rng, a, m, progress):
        return True
    if progress != NULL:
        progress.base = n + m
    cdef int32_t far[2]
    far[0] = cols                          # door Down: the cell below
    far[1] = 1                             # door Right: the cell to the right
    for i in range(m):
        if ((i + 1) & POLL_MASK) == 0 and poll(progress, 2 * <Py_ssize_t> i):
            return True
        if i + PREFETCH_AHEAD < m:
            e = a[i + PREFETCH_AHEAD]
            prefetch(parent + (e >> 1))
            prefetch(parent + (e >> 1) + far[e & 1])
        d = a[i]
        cell = d >> 1
        other = cell + far[d & 1]
        x = parent[cell]                   # fast path: same parent, or one is the other's parent
        y = parent[other]
        if (x >= 0 and (x == y or x == other)) or y == cell:
            continue
        x = ds_find(parent, cell)
        y = ds_find(parent, other)
        if x != y:
            ds_link(parent, x, y)
            doors[cell] ^= <uint8_t> (2 << ((d & 1) << 1))  # 0b11 locked -> 0b01 open
            opened += 1
            if opened == n - 1:
                return False
    return False


cdef bint carve_backtracker(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                            int32_t* stack, uint8_t* seen, Progress* progress) noexcept nogil:
    """Randomized depth-first search: walk to a random unvisited neighbour, back up at dead ends.
    Progress counts the steps: each cell is entered once and left once (2n)."""
    cdef int32_t n = rows * cols, sp = 0, cur, r, c, k, d
    cdef uint32_t t = 0
    cdef int options[4]
    if fill_cells(doors, seen, NULL, 0, n):
        return True
    if progress != NULL:
        progress.base = 0
        progress.total = 2 * <Py_ssize_t> n
    cur = <int32_t> bounded(rng, <uint32_t> n)
    seen[cur] = 1
    stack[sp] = cur
    sp += 1
    while sp > 0:
        t += 1
        if (t & POLL_MASK) == 0 and poll(progress, t):
            return True
        cur = stack[sp - 1]
        r = cur // cols
        c = cur - r * cols
        k = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and not seen[step(cur, cols, d)]:
                options[k] = d
                k += 1
        if k == 0:
            sp -= 1
            continue
        d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        set_door(doors, cur, cols, d, OPEN)
        cur = step(cur, cols, d)
        seen[cur] = 1
        stack[sp] = cur
        sp += 1
    return False


cdef bint carve_wilson(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                       uint8_t* in_tree, uint8_t* nxt, Progress* progress) noexcept nogil:
    """Wilson's algorithm: loop-erased random walks from each cell (in index order) to the tree;
    gives a uniform spanning tree. Progress counts the cells in the tree (the first walks, to a
    small tree, are the long ones: an estimate from it runs early)."""
    cdef int32_t n = rows * cols, i, u, r, c, k, d, joined = 1
    cdef uint32_t t = 0
    cdef int32_t last_row = rows - 1, last_col = cols - 1
    cdef int options[4]
    cdef int32_t dr[4]
    cdef int32_t dc[4]
    cdef int32_t du[4]
    dr[:] = [-1, 0, 1, 0]
    dc[:] = [0, 1, 0, -1]
    du[:] = [-cols, 1, cols, -1]
    if fill_cells(doors, in_tree, NULL, 0, n):
        return True
    if progress != NULL:
        progress.base = 0
        progress.total = n
    in_tree[bounded(rng, <uint32_t> n)] = 1
    for i in range(n):
        if in_tree[i]:
            continue
        u = i
        r = i // cols
        c = i - r * cols
        while not in_tree[u]:              # the walk; nxt[] keeps the last exit: loops erase
            t += 1
            if (t & POLL_MASK) == 0 and poll(progress, joined):
                return True
            if 0 < r < last_row and 0 < c < last_col:
                d = <int32_t> bounded(rng, 4)          # options Up, Right, Down, Left: all four
            else:
                k = 0
                for d in range(4):
                    if inside(r, c, rows, cols, d):
                        options[k] = d
                        k += 1
                d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
            nxt[u] = <uint8_t> d
            r += dr[d]                     # table steps: no unpredictable branch per step
            c += dc[d]
            u += du[d]
        u = i
        while not in_tree[u]:
            in_tree[u] = 1
            joined += 1
            d = nxt[u]
            set_door(doors, u, cols, d, OPEN)
            u = step(u, cols, d)
    return False


cdef bint carve_prim(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                     int32_t* frontier, uint8_t* state, Progress* progress) noexcept nogil:
    """Randomized Prim (frontier cells): join a random frontier cell to a random maze neighbour.
    Progress counts the cells joined."""
    cdef int32_t n = rows * cols, fl = 0, u, v, r, c, k, d, j
    cdef uint32_t t = 0
    cdef int options[4]
    if fill_cells(doors, state, NULL, 0, n):  # states: 0 outside, 1 frontier, 2 in the maze
        return True
    if progress != NULL:
        progress.base = 0
        progress.total = n
    u = <int32_t> bounded(rng, <uint32_t> n)
    while True:
        t += 1
        if (t & POLL_MASK) == 0 and poll(progress, t):
            return True
        state[u] = 2
        r = u // cols
        c = u - r * cols
        for d in range(4):
            if inside(r, c, rows, cols, d):
                v = step(u, cols, d)
                if state[v] == 0:
                    state[v] = 1
                    frontier[fl] = v
                    fl += 1
        if fl == 0:
            return False
        j = <int32_t> bounded(rng, <uint32_t> fl) if fl > 1 else 0
        u = frontier[j]
        fl -= 1
        frontier[j] = frontier[fl]
        r = u // cols
        c = u - r * cols
        k = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and state[step(u, cols, d)] == 2:
                options[k] = d
                k += 1
        d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        set_door(doors, u, cols, d, OPEN)


cdef int carve_scratch(Scratch* s, int method, Py_ssize_t n) except -1 nogil:
    """Allocate the scratch a method needs for n cells (MemoryError raised here)."""
    if method == KRUSKAL:
        return scratch_alloc(s, 3 * n, 0)      # door list (< 2n), parent
    if method == WILSON:
        return scratch_alloc(s, 0, 2 * n)      # in-tree flags, walk directions
    return scratch_alloc(s, n, n)              # stack or frontier, visited flags or cell states


cdef bint carve_one(int method, uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                    Scratch* s, Progress* progress=NULL) noexcept nogil:
    """Carve one maze with the scratch of carve_scratch; True when Ctrl-C (or the progress
    callable) stopped it."""
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols
    if method == KRUSKAL:
        return carve_kruskal(doors, rows, cols, rng, s.i32 + n, s.i32, progress)
    if method == BACKTRACKER:
        return carve_backtracker(doors, rows, cols, rng, s.i32, s.u8, progress)
    if method == WILSON:
        return carve_wilson(doors, rows, cols, rng, s.u8, s.u8 + n, progress)
    return carve_prim(doors, rows, cols, rng, s.i32, s.u8, progress)


def carve(int32_t rows, int32_t cols, int method, bit_generator, progress=None):
    """A perfect rows x cols maze (uint8 doors) carved by `method` from `bit_generator`; a
    callable `progress(done, total)` is called every 16,384 steps or so (it may raise to stop)."""
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols
    out = np.empty((rows, cols), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    cdef Scratch s = Scratch(NULL, NULL)
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef bint stopped = False
    cdef Progress report = Progress(NULL, 0, n)
    if progress is not None:
        report.fn = <PyObject*> progress   # the caller's reference keeps it alive
    try:
        with bit_generator.lock:
            with nogil:
                carve_scratch(&s, method, n)
                stopped = carve_one(method, &o[0, 0], rows, cols, rng, &s, &report)
            if stopped:                    # raised inside the lock's block: it exits cleanly
                raise_pending()
    finally:
        scratch_free(&s)
    return out


cdef inline void border_cell(int32_t rows, int32_t cols, uint32_t j, int32_t* r, int32_t* c) noexcept nogil:
    """The j-th border cell in row-major order (j < the number of border cells)."""
    cdef int32_t side = 2 if cols > 1 else 1
    if j < <uint32_t> cols:
        r[0] = 0
        c[0] = j
        return
    j -= cols
    if j < <uint32_t> ((rows - 2) * side):
        r[0] = 1 + j // side
        c[0] = 0 if j % side == 0 else cols - 1
        return
    j -= (rows - 2) * side
    r[0] = rows - 1
    c[0] = j


def carve_items(uint8_t[:, :, ::1] out, uint64_t key0, uint64_t key1, const int64_t[::1] items,
                uint64_t attempt, int method, double p, int32_t[:, ::1] ends, bint random_entrance,
                bint random_exit):
    """Carve out[j] as item items[j] (attempt `attempt`) of the batch keyed (key0, key1), without
    the GIL: its stream is Philox(key, counter=[0, 0, item, attempt]), computed here. Then braid
    with probability p when p > 0, then draw ends[j] = (entrance row, col, exit row, col) when
    asked (ends holds the fixed cells otherwise, and is left alone)."""
    cdef Py_ssize_t count = out.shape[0], j
    cdef int32_t rows = out.shape[1], cols = out.shape[2]
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols
    cdef uint32_t m = <uint32_t> (n if rows <= 2 or cols <= 2 else 2 * (rows + cols) - 4)
    cdef philox_state st
    cdef bitgen_t bg
    cdef Py_ssize_t work = 0
    cdef bint stopped = False
    cdef Scratch s = Scratch(NULL, NULL)
    if count == 0:
        return
    try:
        with nogil:
            carve_scratch(&s, method, n)
            philox_bitgen(&bg, &st)
            for j in range(count):
                work += n
                if work > POLL_CELLS:      # small mazes: poll between them, every 2**16 cells
                    work = 0
                    if signalled():
                        stopped = True
                        break
                philox_seed(&st, key0, key1, <uint64_t> items[j], attempt)
                if carve_one(method, &out[j, 0, 0], rows, cols, &bg, &s):
                    stopped = True
                    break
                if p > 0 and braid_cells(&out[j, 0, 0], rows, cols, p, &bg) < 0:
                    stopped = True
                    break
                if random_entrance:
                    border_cell(rows, cols, bounded(&bg, m), &ends[j, 0], &ends[j, 1])
                if random_exit:
                    border_cell(rows, cols, bounded(&bg, m), &ends[j, 2], &ends[j, 3])
    finally:
        scratch_free(&s)
    if stopped:
        raise_pending()


def philox_raw(uint64_t key0, uint64_t key1, uint64_t item, uint64_t attempt, Py_ssize_t count,
               bint halves):
    """``count`` draws of the in-kernel Philox stream of (item, attempt): raw 64-bit outputs as
    uint64, or with ``halves`` 32-bit draws as uint32 (for tests against numpy's Philox)."""
    cdef philox_state st
    cdef Py_ssize_t i
    philox_seed(&st, key0, key1, item, attempt)
    if halves:
        out32 = np.empty(count, dtype=np.uint32)
        for i in range(count):
            out32[i] = philox_next32(&st)
        return out32
    out64 = np.empty(count, dtype=np.uint64)
    for i in range(count):
        out64[i] = philox_next64(&st)
    return out64


# ---------------------------------------------------------------------------------------------
# solving


cdef object as_pairs(const int32_t* flat, Py_ssize_t k, int32_t cols):
    """int32 (k, 2) array of (row, col) from k flat indices."""
    out = np.empty((k, 2), dtype=np.int32)
    cdef int32_t[:, ::1] o = out
    cdef Py_ssize_t i
    for i in range(k):
        o[i, 0] = flat[i] // cols
        o[i, 1] = flat[i] - o[i, 0] * cols
    return out


def solve_wall(const uint8_t[:, ::1] doors, int32_t start, int32_t goal, int hand, bint trace):
    """Wall follower with a stack, from flat cell `start` to `goal`; hand +1 left (clockwise from
    the door it came through), -1 right (anticlockwise). The start counts as entered through its
    top side. Returns (path, moves): path int32 (k, 2) (the stack at the goal) or None when the
    goal is unreachable; moves int32 (t, 2) of every cell stood on, in order, or None."""
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
    cdef int back = UP, rot = 1 if hand > 0 else 3, found = 0
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


# ---------------------------------------------------------------------------------------------
# braiding


cdef Py_ssize_t braid_cells(uint8_t* dp, int32_t rows, int32_t cols, double p,
                            bitgen_t* rng) noexcept nogil:
    """The braiding of braid() on one door array; returns the number of doors opened, or -1 when
    Ctrl-C stopped it."""
    cdef int32_t i, r, c, k, kd
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, opened = 0
    cdef int options[4]
    cdef int dead[4]
    cdef int d
    for i in range(n):
        if ((i + 1) & POLL_MASK) == 0 and signalled():
            return -1
        if degree(dp, i, cols) != 1:
            continue
        if not uniform01(rng) < p:
            continue
        r = i // cols
        c = i - r * cols
        k = 0
        kd = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and not passable(dp, i, cols, d):
                options[k] = d
                k += 1
                if degree(dp, step(i, cols, d), cols) == 1:
                    dead[kd] = d
                    kd += 1
        if kd > 0:
            d = dead[bounded(rng, <uint32_t> kd)] if kd > 1 else dead[0]
        elif k > 0:
            d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        else:
            continue
        set_door(dp, i, cols, d, OPEN)
        opened += 1
    return opened


def braid(uint8_t[:, ::1] doors, double p, bit_generator):
    """Remove dead ends in place: visit cells in index order; a cell that is still a dead end
    draws uniform01 and, when it is < p, opens one of its locked interior doors (chosen among
    neighbours that are dead ends too if there are any, else among all; bounded(k) when k > 1).
    Returns the number of doors opened."""
    cdef int32_t rows = doors.shape[0], cols = doors.shape[1]
    cdef Py_ssize_t opened
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    with bit_generator.lock:
        with nogil:
            opened = braid_cells(&doors[0, 0], rows, cols, p, rng)
        if opened < 0:
            raise_pending()
    return opened
