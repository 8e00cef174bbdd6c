"""Numberlink's complete solver under every rule set (fill, touch) and its exact counter.

Called only by ``trapcore/numberlink/solve.py``, which validates every argument first, and (through
``solver.pxd``: ``search``, ``search_alloc``, ``search_free``) by the generator,
``src/numberlink/generate.pyx``.

Cells are visited in a fixed sweep (anti-diagonals, or rows); each visit decides the cell's pipe
shape: which of its East and South sides connect (its North and West sides were decided by the
cells visited before it). Partial paths are kept in an undoable union-find (union by size, no path
compression) whose roots carry the path's number once known (0 while a segment touches no
endpoint), so joins, loop checks and "two numbers merging" checks are O(log n). Pruning:

* degree: an endpoint has exactly one connection, an empty cell two, a solid none;
* a loop, two different numbers joined, or a number reaching the wrong endpoint;
* touching: two neighbouring cells of one path (or one number) that are not connected;
* turns: under the no-touch rule the cell diagonally inside a turn must be a turn of the same
  orientation, an endpoint (of another number, not connected to the turn's arms) or a solid, so
  turns nest along a diagonal that ends at an endpoint or a solid (never the board's edge). This
  is checked statically (each cell's four diagonal rays) and dynamically (the visited diagonal
  neighbours).

A finished fill is verified in full (every pair of neighbours: same number iff connected) before it
counts as a solution, so the search is exact: it reports every solution and only solutions.

How hard a puzzle is depends a lot on the sweep's direction, so ``search`` runs a portfolio: six
sweeps (anti-diagonals from each corner, rows from the top and from the bottom) take turns with
node budgets that double each round; the first to finish answers.

Rules (``set_rules``): without fill an empty square may have 0 connections; touching checks
apply only under no-touch, turn nesting only under no-touch with fill. Under the touch rules only
the frontier matters to the rest (its edges into the undecided squares, which ends share a
segment, each segment's number), so ``search`` runs row sweeps memoising frontier states: a
state without a solution is not searched again, and ``count`` adds a state's stored count
(frontier dynamic programming). Their cost depends by orders of magnitude on the corner the sweep
starts from, so ``search`` runs the four in turns, as the no-touch portfolio does.

Ctrl-C: ``run`` and ``search_init`` poll ``signalled`` (``src/common/signals.pxd``) about every
millisecond, then unwind (-2); the ``def`` frees the scratch and re-raises.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset

from common.checks cimport check_grid
from common.signals cimport POLL_MASK, due, raise_pending, signalled


cdef enum:
    # turn orientations (the two arms of a turn): bit masks in the `turn` table
    T_NW = 1
    T_NE = 2
    T_SE = 4
    T_SW = 8
    BORDER = -2                  # the cell type of the frame around the board


cdef inline int32_t find(int32_t* parent, int32_t x) noexcept nogil:
    while parent[x] != x:
        x = parent[x]
    return x


cdef inline Py_ssize_t cell_index(Search* s, Py_ssize_t r, Py_ssize_t c) noexcept nogil:
    """Padded index of the caller's cell (r, c)."""
    if s.flip_r:
        r = s.rows - 1 - r
    if s.flip_c:
        c = s.cols - 1 - c
    if s.transposed:
        return (c + 1) * s.W + (r + 1)
    return (r + 1) * s.W + (c + 1)


cdef inline bint poll(Search* s) noexcept nogil:
    """True once a signal handler raised (Ctrl-C) during a search that checks signals; the
    exception stays pending for the def."""
    if s.check_signals and not s.interrupted and signalled():
        s.interrupted = True
    return s.interrupted


cdef bint search_init(Search* s, const int16_t* grid, int strategy) noexcept nogil:
    """Load a (rows x cols) grid (C order) into the padded tables and build the visit order;
    True when interrupted (polls between its phases and every 64 rows of the turn table).

    strategy 0-3: anti-diagonals (each from North-East to South-West) starting from each corner
    in turn (the board mirrored); 4-7: rows, from the top or the bottom, from the West or the East
    (the board mirrored)."""
    cdef Py_ssize_t R = s.R, C = s.C, W = s.W, r, c, p, d, n
    cdef uint64_t steps = 0
    cdef int16_t v
    cdef int sweep = 0 if strategy < 4 else 1
    s.use_memo = sweep == 1 and not s.notouch and s.mcap > 0
    s.flip_r = strategy == 1 or strategy == 2 or strategy == 5 or strategy == 7
    s.flip_c = strategy == 1 or strategy == 3 or strategy == 6 or strategy == 7
    for p in range((R + 2) * W):
        s.t[p] = BORDER
        s.conR[p] = 0
        s.conD[p] = 0
        s.parent[p] = <int32_t> p
        s.size[p] = 1
        s.colour[p] = 0
        s.turn[p] = 0
    for r in range(s.rows):
        for c in range(s.cols):
            v = grid[r * s.cols + c]
            s.t[cell_index(s, r, c)] = v
    if poll(s):
        return True
    # static turn table: both arms open and (no-touch with fill) the inner diagonal ray ends at
    # an endpoint or solid
    for r in range(1, R + 1):
        if due(r, C) and poll(s):  # every POLL_MASK + 1 cells
            return True
        for c in range(1, C + 1):
            p = r * W + c
            if s.t[p] != 0:
                continue
            if not s.turns:
                s.turn[p] = (
                    (T_NW if s.t[p - W] >= 0 and s.t[p - 1] >= 0 else 0)
                    | (T_NE if s.t[p - W] >= 0 and s.t[p + 1] >= 0 else 0)
                    | (T_SE if s.t[p + W] >= 0 and s.t[p + 1] >= 0 else 0)
                    | (T_SW if s.t[p + W] >= 0 and s.t[p - 1] >= 0 else 0)
                )
                continue
            s.turn[p] = (
                (T_NW if ray_ok(s, p, -W, -1) else 0)
                | (T_NE if ray_ok(s, p, -W, 1) else 0)
                | (T_SE if ray_ok(s, p, W, 1) else 0)
                | (T_SW if ray_ok(s, p, W, -1) else 0)
            )
    if poll(s):
        return True
    n = 0
    if sweep == 0:
        for d in range(R + C - 1):
            # r + c == d (0-based), c from high to low: North-East first; only the rows that
            # cross the board (a strip has a diagonal a square)
            for r in range(max(0, d - C + 1), min(d, R - 1) + 1):
                steps += 1
                if (steps & POLL_MASK) == 0 and poll(s):  # (the polls count this work)
                    return True
                c = d - r
                p = (r + 1) * W + (c + 1)
                if s.t[p] >= 0:
                    s.order[n] = <int32_t> p
                    n += 1
    else:
        for r in range(1, R + 1):
            for c in range(1, C + 1):
                steps += 1
                if (steps & POLL_MASK) == 0 and poll(s):
                    return True
                p = r * W + c
                if s.t[p] >= 0:
                    s.order[n] = <int32_t> p
                    n += 1
    s.n = n
    return False


cdef inline bint ray_ok(Search* s, Py_ssize_t p, Py_ssize_t dv, Py_ssize_t dh) noexcept nogil:
    """Can the empty cell p turn with arms dv (vertical) and dh (horizontal)?"""
    if s.t[p + dv] < 0 or s.t[p + dh] < 0:
        return False
    cdef Py_ssize_t q = p + dv + dh
    while s.t[q] == 0:
        q += dv + dh
    return s.t[q] != BORDER


cdef bint apply(Search* s, Py_ssize_t d, int32_t x, int R, int D) noexcept nogil:
    """Give cell x (at depth d) its East (R) and South (D) edges, if no rule forbids it."""
    cdef Py_ssize_t W = s.W
    cdef int16_t* t = s.t
    cdef uint8_t* conR = s.conR
    cdef uint8_t* conD = s.conD
    cdef int16_t tx = t[x], tq, cx, ca, cb
    cdef int inL = conR[x - 1], inU = conD[x - W]
    cdef int deg = inL + inU + R + D
    cdef int32_t q, a, b, ry
    if tx > 0:
        if deg != 1:
            return False
    elif deg != 2 and (s.fill or deg != 0):
        return False
    if R and t[x + 1] < 0:
        return False
    if D and t[x + W] < 0:
        return False
    if R and t[x + 1] > 0 and conD[x + 1 - W]:
        return False  # the East endpoint would get two connections
    # turns of an empty cell: static rays, then the visited inner diagonal (no-touch with fill)
    if s.turns and tx == 0:
        if inU and inL:
            if not (s.turn[x] & T_NW):
                return False
            q = <int32_t> (x - W - 1)
            tq = t[q]
            if tq == 0:
                if not (conD[q - W] and conR[q - 1]):
                    return False
            elif tq > 0:
                if conR[q] or conD[q]:
                    return False
        elif inU and R:
            if not (s.turn[x] & T_NE):
                return False
            q = <int32_t> (x - W + 1)
            tq = t[q]
            if tq == 0:
                if not (conD[q - W] and conR[q]):
                    return False
            elif tq > 0:
                if conR[q - 1] or conD[q]:
                    return False
        elif R and D:
            if not (s.turn[x] & T_SE):
                return False
        elif D and inL:
            if not (s.turn[x] & T_SW):
                return False
    # (fill) an empty East neighbour with no North and no West edge must be a South-East turn
    if (s.fill and not R and t[x + 1] == 0 and not conD[x + 1 - W]
            and not (s.turn[x + 1] & T_SE)):
        return False
    if s.turns:
        # the North-West diagonal is a South-East turn: x must not touch its arms
        q = <int32_t> (x - W - 1)
        if t[q] == 0 and conR[q] and conD[q] and not conR[q - 1] and not conD[q - W]:
            if inU or inL:
                return False
            if tx == 0 and not (R and D):
                return False
        # the North-East diagonal is a South-West turn: x must not touch its arms
        q = <int32_t> (x - W + 1)
        if t[q] == 0 and conD[q] and conR[q - 1] and not conD[q - W] and not conR[q]:
            if inU or R:
                return False
            if tx == 0 and not (D and inL):
                return False

    # segments: find the roots being joined and the resulting number
    a = -1
    b = -1
    if inL:
        a = find(s.parent, <int32_t> (x - 1))
    if inU:
        if a < 0:
            a = find(s.parent, <int32_t> (x - W))
        else:
            b = find(s.parent, <int32_t> (x - W))
            if a == b:
                return False  # a loop
    cx = tx
    if a >= 0:
        ca = s.colour[a]
        if ca != 0:
            if cx != 0 and ca != cx:
                return False
            cx = ca
    if b >= 0:
        cb = s.colour[b]
        if cb != 0:
            if cx != 0 and cb != cx:
                return False
            cx = cb
    # early look at the endpoints we are about to enter
    if cx != 0:
        if R and t[x + 1] > 0 and t[x + 1] != cx:
            return False
        if D and t[x + W] > 0 and t[x + W] != cx:
            return False
    # (no-touch) a visited neighbour not connected to x must be another path of another number
    # (or, without fill, an unused square, which is its own segment of no number)
    if s.notouch and (deg != 0 or tx > 0):
        if not inL and t[x - 1] >= 0:
            ry = find(s.parent, <int32_t> (x - 1))
            if ry == a or ry == b or (cx != 0 and s.colour[ry] == cx):
                return False
        if not inU and t[x - W] >= 0:
            ry = find(s.parent, <int32_t> (x - W))
            if ry == a or ry == b or (cx != 0 and s.colour[ry] == cx):
                return False

    # commit
    conR[x] = <uint8_t> R
    conD[x] = <uint8_t> D
    s.u_a[d] = -1
    s.u_b[d] = -1
    if a < 0:
        s.parent[x] = x
        s.size[x] = 1
        s.colour[x] = tx
        return True
    if b >= 0 and s.size[a] < s.size[b]:
        a, b = b, a
    s.u_a[d] = a
    s.u_size[d] = s.size[a]
    s.u_col[d] = s.colour[a]
    if b >= 0:
        s.u_b[d] = b
        s.parent[b] = a
        s.size[a] += s.size[b]
    s.parent[x] = a
    s.size[a] += 1
    s.colour[a] = cx
    return True


cdef inline void undo(Search* s, Py_ssize_t d) noexcept nogil:
    cdef int32_t x = s.order[d], a = s.u_a[d], b = s.u_b[d]
    s.conR[x] = 0
    s.conD[x] = 0
    s.parent[x] = x
    if b >= 0:
        s.parent[b] = b
    if a >= 0:
        s.size[a] = s.u_size[d]
        s.colour[a] = s.u_col[d]


cdef bint finish(Search* s, int16_t* out) noexcept nogil:
    """Colour a complete fill (0 on unused squares), verify the no-touch rule everywhere when it
    applies, write it to out (rows x cols)."""
    cdef Py_ssize_t i, p, r, c, W = s.W
    cdef int16_t v
    for p in range((s.R + 2) * W):
        s.lab[p] = -1
    for i in range(s.n):
        p = s.order[i]
        if s.t[p] == 0 and not (s.conR[p] or s.conD[p] or s.conR[p - 1] or s.conD[p - W]):
            s.lab[p] = 0  # unused (only without fill: the degree rule forbids it otherwise)
            continue
        v = s.colour[find(s.parent, <int32_t> p)]
        if v == 0:
            return False
        s.lab[p] = v
    if s.notouch:
        for i in range(s.n):
            p = s.order[i]
            v = s.lab[p]
            if v == 0:
                continue
            if (s.lab[p + 1] == v) != (s.conR[p] != 0):
                return False
            if (s.lab[p + W] == v) != (s.conD[p] != 0):
                return False
    if out != NULL:
        for r in range(s.rows):
            for c in range(s.cols):
                out[r * s.cols + c] = s.lab[cell_index(s, r, c)]
    return True


cdef extern from *:
    """#define NL_SATURATED (((int64_t) 1) << 62)"""
    int64_t SATURATED "NL_SATURATED"


cdef inline int64_t sat_add(int64_t a, int64_t b) noexcept nogil:
    if a >= SATURATED - b:
        return SATURATED
    return a + b


cdef Py_ssize_t memo_slot(Search* s, Py_ssize_t d) noexcept nogil:
    """Build the key of the state entering depth d (row sweep) in s.key; return its slot: the
    slot holding that key, or the empty slot where it would go (a full table is cleared first).

    The key: the square's position, then per frontier square (the W before it, and its West
    neighbour again for the East edge) 0 or the segment's id (by first appearance), then each
    id's number (0 unknown)."""
    cdef int32_t x = s.order[d], p, r
    cdef Py_ssize_t W = s.W, j, m = 0, i, L = s.L, slot
    cdef int16_t* key = s.key
    cdef uint64_t h = 1469598103934665603ULL
    key[0] = <int16_t> (x & 0x7FFF)
    key[1] = <int16_t> (x >> 15)
    for j in range(W + 1):
        if j < W:
            p = <int32_t> (x - W + j)
            if not s.conD[p]:
                key[2 + j] = 0
                continue
        else:
            p = x - 1
            if not s.conR[p]:
                key[2 + j] = 0
                continue
        r = find(s.parent, p)
        i = s.rootid[r]
        if i < 0:  # (a table, not a scan of the roots seen: a wide frontier has many segments)
            i = m
            s.rootid[r] = <int32_t> m
            s.roots[m] = r
            m += 1
        key[2 + j] = <int16_t> (i + 1)
    for i in range(W + 1):
        key[3 + W + i] = s.colour[s.roots[i]] if i < m else 0
    for i in range(m):
        s.rootid[s.roots[i]] = -1
    for i in range(L):
        h = (h ^ <uint16_t> key[i]) * 1099511628211ULL
    slot = <Py_ssize_t> (h & <uint64_t> (s.mcap - 1))
    while s.mstamp[slot] == s.stamp:
        if memcmp(s.mkey + slot * L, key, L * sizeof(int16_t)) == 0:
            return slot
        slot = (slot + 1) & (s.mcap - 1)
    if 4 * s.mfill >= 3 * s.mcap:
        # full: forget everything (a new stamp) and start again with this state
        s.stamp += 1
        s.mfill = 0
        return <Py_ssize_t> (h & <uint64_t> (s.mcap - 1))
    return slot


cdef void memo_put(Search* s, Py_ssize_t d, int64_t count) noexcept nogil:
    cdef Py_ssize_t slot = memo_slot(s, d)
    if s.mstamp[slot] != s.stamp:
        s.mstamp[slot] = s.stamp
        s.mfill += 1
        memcpy(s.mkey + slot * s.L, s.key, s.L * sizeof(int16_t))
    s.mval[slot] = count


cdef int64_t run(Search* s, Py_ssize_t limit, int64_t max_nodes, int16_t* out,
                 int64_t* nodes) noexcept nogil:
    """Depth-first search; returns the number of solutions found (<= limit), -1 if over budget,
    -2 if interrupted by a signal. With a memo (s.mcap > 0, touch rules and the row sweep only)
    a state whose subtree was searched before is not searched again when it had no solution
    (or, when counting, adds its count). Polls for Ctrl-C every POLL_MASK + 1 units of work: a
    node is 1 (plus W / 32 under the memo, whose keys are W long), a finished fill n / 32."""
    cdef Py_ssize_t d = 0, n = s.n, cells = s.rows * s.cols, slot
    cdef int64_t found = 0, v, work = 0
    cdef int64_t node_work = 1 + ((s.W >> 5) if s.use_memo else 0), fill_work = 1 + (n >> 5)
    cdef int k
    cdef int32_t x
    nodes[0] = 0
    if s.use_memo:
        s.stamp += 1
        s.mfill = 0
    if n == 0:
        return 1 if finish(s, out) else 0
    s.choice[0] = 0
    while True:
        if d == n:
            if finish(s, NULL if s.counting else out + found * cells):
                found = sat_add(found, 1)
                if found >= limit:
                    return found
            work += fill_work
            if work > POLL_MASK:
                work = 0
                if poll(s):
                    return -2
            d -= 1
            undo(s, d)
            continue
        x = s.order[d]
        k = s.choice[d]
        while k < 4:
            if apply(s, d, x, k & 1, k >> 1):
                break
            k += 1
        if k < 4:
            s.choice[d] = <int8_t> (k + 1)
            nodes[0] += 1
            if nodes[0] > max_nodes:
                return -1
            work += node_work
            if work > POLL_MASK:
                work = 0
                if poll(s):
                    return -2
            d += 1
            if d < n:
                s.choice[d] = 0
                if s.use_memo:
                    s.enter[d] = found
                    slot = memo_slot(s, d)
                    if slot >= 0 and s.mstamp[slot] == s.stamp:
                        v = s.mval[slot]
                        if v == 0 or s.counting:
                            found = sat_add(found, v)
                            if found >= limit:
                                return found
                            d -= 1
                            undo(s, d)
            continue
        # exhausted: back up
        if d == 0:
            return found
        if s.use_memo:
            memo_put(s, d, found - s.enter[d])
        d -= 1
        undo(s, d)


cdef void set_rules(Search* s, bint fill, bint touch) noexcept nogil:
    """Choose the rules of the next searches (call before search or search_init)."""
    s.fill = fill
    s.notouch = not touch
    s.turns = fill and not touch


cdef int64_t search(Search* s, const int16_t* grid, Py_ssize_t limit, int64_t max_nodes,
                    int16_t* out, int64_t* nodes) noexcept nogil:
    """Solve with a portfolio: the sweep strategies take turns with budgets that double each
    round, so a puzzle that is hard in one direction is often easy in another (the first to finish
    answers; each is exact). No-touch rules: the six sweeps 0-5; touch rules: the four row sweeps
    4-7, each with the frontier memo (a dynamic programme), whose cost varies by orders of
    magnitude with the corner it starts from. Returns what run() returns; nodes counts every
    strategy's nodes."""
    cdef int64_t budget = 128 * (s.rows * s.cols) + 1024, total = 0, used, found, b
    cdef int strategy, first = 4 if not s.notouch else 0, last = 8 if not s.notouch else 6
    while True:
        for strategy in range(first, last):
            b = budget
            if b > max_nodes - total:
                b = max_nodes - total
            if search_init(s, grid, strategy):
                return -2
            found = run(s, limit, b, out, &used)
            if found == -2:
                return -2
            if found >= 0:
                nodes[0] = total + used
                return found
            total += b
            if total >= max_nodes:
                nodes[0] = total + 1
                return -1
        budget *= 2


cdef inline void* grab(Search* s, size_t nbytes) noexcept nogil:
    """The next nbytes (16-byte aligned) of s.block."""
    cdef char* p = s.block + s.used
    s.used += (nbytes + 15) & ~(<size_t> 15)
    return p


cdef int search_alloc(Search* s, Py_ssize_t rows, Py_ssize_t cols, bint big_memo) except -1 nogil:
    """Allocate s's buffers for a rows x cols board (frontier memo: 256 slots a square, 2**20 with
    big_memo, at most 64 MB of keys; its stamps calloc'ed). Out of memory: frees what it got and
    raises MemoryError. Free with search_free, in the same kernel call (try/finally)."""
    cdef Py_ssize_t R, C, m, M, L, mcap = 1024
    memset(s, 0, sizeof(Search))
    s.rows, s.cols = rows, cols
    s.transposed = cols > rows
    R, C = (cols, rows) if s.transposed else (rows, cols)
    s.R, s.C, s.W = R, C, C + 2
    set_rules(s, True, True)
    m = (R + 2) * (C + 2)
    M = m + 1
    L = 2 * (C + 2) + 4
    while mcap < (1 << 20) and (big_memo or mcap < 256 * rows * cols):
        mcap <<= 1
    while mcap > 1024 and mcap * L * 2 > (1 << 26):
        mcap >>= 1
    s.L, s.mcap = L, mcap
    # 25 bytes per padded square, 23 per depth, the memo's keys and values, 21 alignments
    s.block = <char*> malloc(M * 48 + mcap * (2 * L + 8) + 2 * L + 4 * (C + 4) + 21 * 16)
    s.mstamp = <int32_t*> calloc(mcap, sizeof(int32_t))
    if s.block == NULL or s.mstamp == NULL:
        search_free(s)
        with gil:
            raise MemoryError(f"not enough memory to solve a {rows} x {cols} Numberlink board")
    s.t = <int16_t*> grab(s, m * sizeof(int16_t))
    s.turn = <uint8_t*> grab(s, m)
    s.conR = <uint8_t*> grab(s, m)
    s.conD = <uint8_t*> grab(s, m)
    s.parent = <int32_t*> grab(s, m * sizeof(int32_t))
    s.size = <int32_t*> grab(s, m * sizeof(int32_t))
    s.colour = <int16_t*> grab(s, m * sizeof(int16_t))
    s.lab = <int16_t*> grab(s, m * sizeof(int16_t))
    s.order = <int32_t*> grab(s, m * sizeof(int32_t))
    s.choice = <int8_t*> grab(s, M)
    s.u_a = <int32_t*> grab(s, M * sizeof(int32_t))
    s.u_b = <int32_t*> grab(s, M * sizeof(int32_t))
    s.u_size = <int32_t*> grab(s, M * sizeof(int32_t))
    s.u_col = <int16_t*> grab(s, M * sizeof(int16_t))
    s.enter = <int64_t*> grab(s, M * sizeof(int64_t))
    s.mkey = <int16_t*> grab(s, mcap * L * sizeof(int16_t))
    s.mval = <int64_t*> grab(s, mcap * sizeof(int64_t))
    s.key = <int16_t*> grab(s, L * sizeof(int16_t))
    s.roots = <int32_t*> grab(s, (C + 4) * sizeof(int32_t))
    s.rootid = <int32_t*> grab(s, m * sizeof(int32_t))
    memset(s.rootid, 0xFF, m * sizeof(int32_t))  # -1: no id
    return 0


cdef void search_free(Search* s) noexcept nogil:
    """Free s's buffers and zero it (a no-op on a zeroed Search)."""
    free(s.block)
    free(s.mstamp)
    memset(s, 0, sizeof(Search))


cdef int64_t search_once(const int16_t[:, ::1] grid, bint big_memo, bint fill, bint touch,
                         int strategy, Py_ssize_t limit, int64_t max_nodes, int16_t* out,
                         int64_t* nodes) except -3:
    """One search of grid (counting when out is NULL; PORTFOLIO: search's portfolio) in its own
    scratch, allocated and freed here: what run returns (-1 over budget). Raises what a signal
    handler raised (Ctrl-C), or MemoryError."""
    cdef int64_t found = -1
    cdef bint stop = False
    cdef Search s
    memset(&s, 0, sizeof(Search))
    try:
        with nogil:
            search_alloc(&s, grid.shape[0], grid.shape[1], big_memo)
            set_rules(&s, fill, touch)
            s.check_signals = True
            s.counting = out == NULL
            if strategy == PORTFOLIO:
                found = search(&s, &grid[0, 0], limit, max_nodes, out, nodes)
            elif not search_init(&s, &grid[0, 0], strategy):
                found = run(&s, limit, max_nodes, out, nodes)
            stop = s.interrupted
    finally:
        search_free(&s)
    if stop:
        raise_pending()
    return found


def solve(const int16_t[:, ::1] grid, Py_ssize_t limit, int64_t max_nodes,
          Strategy strategy=PORTFOLIO, bint fill=True, bint touch=True):
    """Solutions of a validated grid under the rules (fill, touch): (solutions (k, rows, cols)
    int16, nodes, complete); unused squares (only without fill) are 0; complete is False when the
    search stopped because it needed more than max_nodes nodes."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    out = np.zeros((limit, grid.shape[0], grid.shape[1]), np.int16)
    cdef int16_t[:, :, ::1] vo = out
    cdef int64_t nodes = 0
    cdef int64_t found = search_once(grid, False, fill, touch, strategy, limit, max_nodes,
                                     &vo[0, 0, 0], &nodes)
    if found < 0:
        return None, nodes, False
    return out[:found].copy(), nodes, True


def count(const int16_t[:, ::1] grid, int64_t max_nodes, bint fill=True, bint touch=True):
    """Solutions of a validated grid under the rules, counted: (count, nodes, complete); a dynamic
    programme over frontier states under the touch rules, enumeration under no-touch; saturates
    at 2**62."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    cdef int64_t nodes = 0
    cdef int64_t found = search_once(grid, True, fill, touch, LINES_NW, SATURATED, max_nodes, NULL,
                                     &nodes)
    if found < 0:
        return None, nodes, False
    return int(found), nodes, True
