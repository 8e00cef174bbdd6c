"""Dataset rows of a batch of mazes: each maze's shortest solution and its measures, written
straight into the flat buffers the Parquet columns are built on. Called only by
trapcore/datasets/items.py, which validates every argument. Doors as in src/maze/doors.pxd (bits
0-1 the door Down, bits 2-3 the door Right; 0b01 open); cells are flat row-major indices.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

from maze.doors cimport OPEN
from trapcore.maze._carve cimport POLL_CELLS
from common.checks cimport check_grid
from common.signals cimport raise_pending, signalled

cdef enum:
    M_UP = 1
    M_RIGHT = 2
    M_DOWN = 4
    M_LEFT = 8
    M_UP_I = 0                                     # the bit of each side
    M_RIGHT_I = 1
    M_DOWN_I = 2
    M_LEFT_I = 3

cdef inline int32_t iabs(int32_t x) noexcept nogil:
    return -x if x < 0 else x


cdef uint8_t[16] DEGREE = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]
# the open sides a cell's own doors give it, by the door bits (0b01 open): Down -> M_DOWN, Right
# -> M_RIGHT; a neighbour's are read from its entry (above: >> 2 gives M_UP; left: M_RIGHT << 2
# gives M_LEFT), so each cell's mask is written once, with no pass clearing it first
cdef uint8_t[256] SIDES
cdef int _d
for _d in range(256):
    SIDES[_d] = ((M_DOWN if (_d & 3) == OPEN else 0)
                 | (M_RIGHT if ((_d >> 2) & 3) == OPEN else 0))


cdef int32_t solve_one(const uint8_t* dp, int32_t rows, int32_t cols, int32_t s, int32_t g,
                       uint8_t* mask, uint64_t* seen, uint64_t stamp, int32_t* queue,
                       const int32_t* rowof, int32_t* out, int32_t* dead_out,
                       int32_t* choice_out) noexcept nogil:
    """One maze: the open sides of each cell in mask (M_UP...; each entry written once, from
    SIDES of its own doors and of its neighbours' above and on the left) and the dead ends in one
    pass, a BFS from s (neighbours Up, Right, Down, Left: the first to reach a cell is its
    parent, as in src/maze/solve.pyx; seen[i] holds the stamp of the maze that reached cell i in
    its high 32 bits and the cell's parent in its low 32, so one load and one store test and set
    both) until g, the path as (row, col) pairs in out[0:2k] (walked back from g, then reversed)
    and the decision points. Returns k, the path's cells (0 when g is unreachable). rowof[i] is
    cell i's row (no division per cell)."""
    cdef int32_t i, cur, k, head = 0, tail = 0, dead = 0, choice = 0
    cdef int32_t r, deg
    cdef uint8_t m
    cdef int32_t[4] off
    cdef int32_t bit, ok, nbs, t0, t1, opened = 0, top, par, pops, tv, th
    cdef int32_t[4] order
    cdef uint64_t tag = stamp << 32, sv, dtag = (stamp | <uint64_t> 0x80000000) << 32
    cdef bint found = False, tree
    off[0] = -cols
    off[1] = 1
    off[2] = cols
    off[3] = -1
    for i in range(cols):                          # row 0: no door above
        m = SIDES[dp[i]]
        opened += DEGREE[m]
        if i > 0:
            m |= (SIDES[dp[i - 1]] & M_RIGHT) << 2
        mask[i] = m
        dead += DEGREE[m] == 1
    for r in range(1, rows):
        i = r * cols                               # column 0: no door on the left
        opened += DEGREE[SIDES[dp[i]]]
        m = SIDES[dp[i]] | (SIDES[dp[i - cols]] >> 2)
        mask[i] = m
        dead += DEGREE[m] == 1
        for i in range(r * cols + 1, r * cols + cols):
            opened += DEGREE[SIDES[dp[i]]]
            m = SIDES[dp[i]] | (SIDES[dp[i - cols]] >> 2) | ((SIDES[dp[i - 1]] & M_RIGHT) << 2)
            mask[i] = m
            dead += DEGREE[m] == 1
    tree = opened == rows * cols - 1
    if tree:
        # a perfect maze (rows*cols - 1 open doors, connected: a tree) has one path from s to
        # g, which a depth-first search finds without testing what it has seen (it never
        # steps back to a cell's parent) and without visiting every nearer cell as a BFS does:
        # the sides towards g are tried first. seen[] takes the parent as in the BFS, under a
        # stamp of its own (high bit set). A graph that is no tree after all (disconnected,
        # so a cycle somewhere) is caught by the counts and searched breadth-first below.
        tv = M_DOWN_I if ((g // cols) > (s // cols)) else M_UP_I
        th = M_RIGHT_I if (g % cols) > (s % cols) else M_LEFT_I
        order[0] = tv ^ 2
        order[1] = th ^ 2
        order[2] = tv
        order[3] = th
        seen[s] = dtag | <uint32_t> s
        queue[0] = s
        top = 1
        pops = 0
        while top > 0:
            top -= 1
            cur = queue[top]
            if cur == g:
                found = True
                break
            pops += 1
            if pops > rows * cols or top > rows * cols:
                break
            par = <int32_t> <uint32_t> seen[cur] if cur != s else -1
            m = mask[cur]
            for r in range(4):
                bit = order[r]
                nbs = cur + off[bit]
                ok = ((m >> bit) & 1) & (nbs != par)
                seen[nbs if ok else rows * cols] = dtag | <uint32_t> cur
                queue[top] = nbs
                top += ok
        tree = found or top == 0                   # else: a cycle, breadth-first after all
    if not tree:
        seen[s] = tag
        queue[tail] = s
        tail += 1
        while head < tail:
            cur = queue[head]
            head += 1
            if cur == g:
                break
            m = mask[cur]
            for r in range(4):                         # Up, Right, Down, Left, without branches:
                bit = (m >> r) & 1                     # a closed side points back at cur (seen)
                nbs = cur + off[r] * bit
                sv = seen[nbs]
                ok = (sv >> 32) != stamp
                seen[nbs] = (tag | <uint32_t> cur) if ok else sv
                queue[tail] = nbs
                tail += ok
    dead_out[0] = dead
    if not found and (tree or (seen[g] >> 32) != stamp):
        choice_out[0] = 0
        return 0
    cur = g
    k = 0
    while True:
        r = rowof[cur]
        out[2 * k] = r
        out[2 * k + 1] = cur - r * cols
        if k > 0:                                  # the goal is no decision point
            deg = DEGREE[mask[cur]]
            choice += deg > (1 if cur == s else 2)
        k += 1
        if cur == s:
            break
        cur = <int32_t> <uint32_t> seen[cur]        # the low 32 bits: the parent
    for i in range(k // 2):                        # from the start to the goal
        t0 = out[2 * i]
        t1 = out[2 * i + 1]
        out[2 * i] = out[2 * (k - 1 - i)]
        out[2 * i + 1] = out[2 * (k - 1 - i) + 1]
        out[2 * (k - 1 - i)] = t0
        out[2 * (k - 1 - i) + 1] = t1
    choice_out[0] = choice
    return k


def solve_rows(const uint8_t[:, :, ::1] doors, const int32_t[:, ::1] ends, int32_t[:, ::1] values,
               int64_t[::1] offsets, int32_t[:, ::1] measures):
    """For each maze j, its shortest path from (ends[j, 0], ends[j, 1]) to (ends[j, 2],
    ends[j, 3]) as (row, col) pairs in values[offsets[j]:offsets[j + 1]] (offsets[0] = 0;
    values needs rows*cols pairs a maze at most), and measures[j] = (path cells, 0 when the goal
    is unreachable; dead ends: cells with one open door; decision points: cells of the path
    before the goal with more than two open doors, or more than one at the start; Manhattan
    distance from entrance to exit). A maze with rows*cols - 1 open doors is taken to be
    connected (a perfect maze, as carving makes them) and searched depth-first; any other
    breadth-first. Fewer than 2**31 mazes a call (the caller passes chunks). Without the GIL;
    polls for Ctrl-C."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef Py_ssize_t count = doors.shape[0], j
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2], s, g, k, dead = 0, choice = 0
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols, work = 0
    cdef int64_t at = 0
    cdef bint stopped = False
    offsets[0] = 0
    if count == 0:
        return
    mask_a = np.empty(n, dtype=np.uint8)
    seen_a = np.zeros(n + 1, dtype=np.uint64)   # + a slot the depth-first search writes freely
    ints_a = np.empty(2 * n + 6, dtype=np.int32)  # rows, queue (+ skipped appends)
    ints_a[:n] = np.arange(n, dtype=np.int32) // cols
    cdef uint8_t[::1] mask = mask_a
    cdef uint64_t[::1] seen = seen_a
    cdef int32_t[::1] ints = ints_a
    with nogil:
        for j in range(count):
            work += n
            if work > POLL_CELLS:
                work = 0
                if signalled():
                    stopped = True
                    break
            s = ends[j, 0] * cols + ends[j, 1]
            g = ends[j, 2] * cols + ends[j, 3]
            k = solve_one(&doors[j, 0, 0], rows, cols, s, g, &mask[0], &seen[0],
                          <uint64_t> (<uint32_t> (j + 1)), &ints[n], &ints[0], &values[at, 0],
                          &dead, &choice)
            at += k
            offsets[j + 1] = at
            measures[j, 0] = k
            measures[j, 1] = dead
            measures[j, 2] = choice
            measures[j, 3] = iabs(ends[j, 0] - ends[j, 2]) + iabs(ends[j, 1] - ends[j, 3])
    if stopped:
        raise_pending()


# a step's code by (row change + 1) * 3 + (column change + 1): 0 Up, 1 Right, 2 Down, 3 Left, 4
# no step
cdef uint8_t[9] STEP_CODE = [4, 0, 4, 3, 4, 1, 4, 2, 4]


def path_steps(const int32_t[:, ::1] values, const int64_t[::1] offsets, int64_t[::1] out_offsets,
               uint8_t[::1] out):
    """Each path values[offsets[j]:offsets[j + 1]] (cells as (row, col) pairs, each one step
    from the previous) as bytes in out[out_offsets[j]:out_offsets[j + 1]]: its first cell as two
    little-endian int32 (row, col), then a byte a step (0 Up, 1 Right, 2 Down, 3 Left); an empty
    path as no bytes. out needs 8 + cells - 1 bytes a non-empty path (ValueError otherwise, or
    for offsets that do not rise within values). Returns the bytes written, or -1 (out partly
    written) at the first step that is not one cell Up, Right, Down or Left. Polls for Ctrl-C."""
    cdef Py_ssize_t count = offsets.shape[0] - 1, j
    cdef int64_t i, at = 0, lo, hi
    cdef int32_t v
    cdef uint32_t ur, uc
    cdef uint8_t code
    cdef int b
    cdef bint bad = False, stopped = False
    cdef int64_t need = 0, work = 0
    if count < 0:
        return 0
    if values.shape[1] != 2:
        raise ValueError(f"values must have 2 columns (row, col), got {values.shape[1]}")
    if out_offsets.shape[0] != count + 1:
        raise ValueError(f"out_offsets must have {count + 1} entries, got {out_offsets.shape[0]}")
    for j in range(count):                         # the reads and writes stay in bounds
        if not 0 <= offsets[j] <= offsets[j + 1] <= values.shape[0]:
            raise ValueError("offsets must rise within values")
        need += 0 if offsets[j + 1] == offsets[j] else offsets[j + 1] - offsets[j] + 7
    if out.shape[0] < need:
        raise ValueError(f"out needs {need} bytes, got {out.shape[0]}")
    out_offsets[0] = 0
    with nogil:
        for j in range(count):
            lo = offsets[j]
            hi = offsets[j + 1]
            work += hi - lo + 1
            if work > POLL_CELLS:
                work = 0
                if signalled():
                    stopped = True
                    break
            if hi > lo:
                for b in range(4):                 # little-endian whatever the machine
                    v = values[lo, 0]
                    out[at + b] = <uint8_t> ((<uint32_t> v) >> (8 * b))
                    v = values[lo, 1]
                    out[at + 4 + b] = <uint8_t> ((<uint32_t> v) >> (8 * b))
                at += 8
                for i in range(lo + 1, hi):        # by table, without a branch per step
                    ur = <uint32_t> (values[i, 0] - values[i - 1, 0] + 1)
                    uc = <uint32_t> (values[i, 1] - values[i - 1, 1] + 1)
                    code = STEP_CODE[ur * 3 + uc] if ur < 3 and uc < 3 else 4
                    out[at] = code
                    at += 1
                    if code > 3:
                        bad = True
                        break
                if bad:
                    break
            out_offsets[j + 1] = at
    if stopped:
        raise_pending()
    return -1 if bad else at
