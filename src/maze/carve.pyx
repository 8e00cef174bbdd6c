"""Perfect-maze kernels: carving (Kruskal, backtracker, Wilson, Prim), batches of mazes,
braiding (solving is in src/maze/solve.pyx). Called only by trapcore/maze/, which validates
every argument. Directives are set in setup.py (bounds and wraparound checks off).

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
from libc.math cimport M_PI, log
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from numpy.random cimport bitgen_t

from maze.doors cimport (OPEN, PREFETCH_AHEAD, degree, fill_cells, inside, passable, prefetch,
                         set_door, step)
from common.checks cimport check_grid
from common.philox cimport philox_bitgen, philox_next32, philox_next64, philox_seed, philox_state
from common.random cimport bitgen_of, bounded, shuffle_int32, uniform01
from common.scratch cimport Scratch, scratch_alloc, scratch_free
from common.signals cimport POLL_MASK, Progress, poll, raise_pending, signalled
from common.unionfind cimport ds_find, ds_link

# the method and hand codes (cpdef enums Method, Hand) and POLL_CELLS are declared in carve.pxd

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


cdef inline Py_ssize_t wilson_steps(int32_t rows, int32_t cols) noexcept nogil:
    """The expected random-walk steps of Wilson's method (trapcore.maze._checks.wilson_steps,
    which says why), at least one per cell."""
    cdef double side = rows if rows < cols else cols
    cdef double length = cols if rows < cols else rows
    cdef double n = side * length
    cdef double steps = 4.0 * length * length / 3.0 + 4.0 * n * (log(side) / M_PI + 1.0)
    return <Py_ssize_t> (steps if steps > n else n)


cdef inline Py_ssize_t walked(uint64_t steps, int32_t joined, int32_t n,
                              Py_ssize_t total) noexcept nogil:
    """Wilson's progress out of total: the steps walked or the share of cells joined, whichever
    is further, and below total until the maze is done."""
    cdef double done = <double> joined * total / n
    if <double> steps > done:
        done = <double> steps
    return <Py_ssize_t> done if done < total - 1 else total - 1


cdef bint carve_wilson(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                       uint8_t* in_tree, uint8_t* nxt, Progress* progress) noexcept nogil:
    """Wilson's algorithm: loop-erased random walks from each cell (in index order) to the tree;
    gives a uniform spanning tree. Progress counts the walk's steps against their expected number
    (wilson_steps), or the cells in the tree if that is further on, and stays below the total
    until the end: the first walks, to a small tree, are the long ones, so the cells alone
    promise hours at the start of a big maze (issue 30)."""
    cdef int32_t n = rows * cols, i, u, r, c, k, d, joined = 1
    cdef uint64_t t = 0
    cdef Py_ssize_t total = wilson_steps(rows, cols)
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
        progress.total = total
    in_tree[bounded(rng, <uint32_t> n)] = 1
    for i in range(n):
        if in_tree[i]:
            continue
        u = i
        r = i // cols
        c = i - r * cols
        while not in_tree[u]:              # the walk; nxt[] keeps the last exit: loops erase
            t += 1
            if (t & POLL_MASK) == 0 and poll(progress, walked(t, joined, n, total)):
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
    check_grid(rows, cols, "rows x cols")
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
                uint64_t attempt, Method method, double p, int32_t[:, ::1] ends,
                bint random_entrance, bint random_exit):
    """Carve out[j] as item items[j] (attempt `attempt`) of the batch keyed (key0, key1), without
    the GIL: its stream is Philox(key, counter=[0, 0, item, attempt]), computed here. Then braid
    with probability p when p > 0, then draw ends[j] = (entrance row, col, exit row, col) when
    asked (ends holds the fixed cells otherwise, and is left alone)."""
    check_grid(out.shape[1], out.shape[2], "out")
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
                if work > POLL_CELLS:      # small mazes: poll between them, every 2**14 cells
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
    check_grid(doors.shape[0], doors.shape[1], "doors")
    cdef int32_t rows = doors.shape[0], cols = doors.shape[1]
    cdef Py_ssize_t opened
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    with bit_generator.lock:
        with nogil:
            opened = braid_cells(&doors[0, 0], rows, cols, p, rng)
        if opened < 0:
            raise_pending()
    return opened
