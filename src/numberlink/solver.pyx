"""Numberlink kernels: the complete solver (sweep search over pipe shapes) and the generator.

Called only by ``trapcore/numberlink.py``, which validates every argument first.

Solver
------
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

Generator
---------
Grows random no-touch paths over the free squares (each new path starts in the tightest free spot
and grows from both ends), repairs paths shorter than ``min_length`` (merge into a neighbour's
end, take over a neighbour's spare end square, or join a neighbouring path cut next to it), turns
isolated squares solid, then (optionally) makes the solution unique: while the solver finds a
second solution a path is split where that solution differs; when a check runs over its node
budget the longest paths are cut in the middle; a board that cannot be repaired is regenerated.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

cdef extern from "Python.h":
    # declared without an exception clause: the exception it sets stays pending for solve()
    int PyErr_CheckSignals()

from common.random cimport bitgen_of, bounded
from common.unionfind cimport uf_find, uf_init, uf_union

# turn orientations (the two arms of a turn): bit masks in the `turn` table
cdef enum:
    T_NW = 1
    T_NE = 2
    T_SE = 4
    T_SW = 8

cdef enum:
    BORDER = -2


cdef struct Search:
    # board, padded with a one-cell BORDER frame, in sweep orientation (maybe transposed)
    Py_ssize_t rows, cols        # the caller's shape
    Py_ssize_t R, C, W           # the oriented shape, W = C + 2 the padded row stride
    bint transposed
    bint flip_r, flip_c          # the caller's rows / columns reversed (set by search_init)
    int16_t* t                   # cell type: BORDER, -1 solid, 0 empty, k > 0 endpoint of k
    uint8_t* turn                # allowed turn orientations (static)
    uint8_t* conR                # edge to the East neighbour
    uint8_t* conD                # edge to the South neighbour
    int32_t* parent              # undoable union-find over padded cells
    int32_t* size
    int16_t* colour              # the path number of a root, 0 unknown
    int32_t* order               # the non-solid cells in visit order
    Py_ssize_t n                 # how many
    int8_t* choice               # per depth: the next option to try (0..4)
    int32_t* u_a                 # per depth: the root whose size/colour changed (-1 none)
    int32_t* u_b                 # per depth: the root joined below u_a (-1 none)
    int32_t* u_size
    int16_t* u_col
    int16_t* lab                 # scratch: final colour per padded cell
    bint check_signals           # take the GIL now and then to notice Ctrl-C (solve only)
    bint interrupted


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


cdef void search_init(Search* s, const int16_t* grid, int strategy) noexcept nogil:
    """Load a (rows x cols) grid (C order) into the padded tables and build the visit order.

    strategy 0-3: anti-diagonals (each from North-East to South-West) starting from each corner
    in turn (the board mirrored); 4-5: rows, from the top or the bottom."""
    cdef Py_ssize_t R = s.R, C = s.C, W = s.W, r, c, p, q, d, k, n
    cdef int16_t v
    cdef int sweep = 0 if strategy < 4 else 1
    s.flip_r = strategy == 1 or strategy == 2 or strategy == 5
    s.flip_c = strategy == 1 or strategy == 3
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
    # static turn table: both arms open and the inner diagonal ray ends at an endpoint or solid
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            p = r * W + c
            if s.t[p] != 0:
                continue
            s.turn[p] = (
                (T_NW if ray_ok(s, p, -W, -1) else 0)
                | (T_NE if ray_ok(s, p, -W, 1) else 0)
                | (T_SE if ray_ok(s, p, W, 1) else 0)
                | (T_SW if ray_ok(s, p, W, -1) else 0)
            )
    n = 0
    if sweep == 0:
        for d in range(R + C - 1):
            # r + c == d (0-based), c from high to low: North-East first
            for k in range(d + 1):
                c = d - k
                r = k
                if r >= R or c >= C:
                    continue
                p = (r + 1) * W + (c + 1)
                if s.t[p] >= 0:
                    s.order[n] = <int32_t> p
                    n += 1
    else:
        for r in range(1, R + 1):
            for c in range(1, C + 1):
                p = r * W + c
                if s.t[p] >= 0:
                    s.order[n] = <int32_t> p
                    n += 1
    s.n = n


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
    cdef int need = 1 if tx > 0 else 2
    cdef int32_t q, a, b, y, ry
    if inL + inU + R + D != need:
        return False
    if R and t[x + 1] < 0:
        return False
    if D and t[x + W] < 0:
        return False
    if R and t[x + 1] > 0 and conD[x + 1 - W]:
        return False  # the East endpoint would get two connections
    # turns of an empty cell: static rays, then the visited inner diagonal
    if tx == 0:
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
    # an empty East neighbour left with no North edge and no West edge must be a South-East turn
    if not R and t[x + 1] == 0 and not conD[x + 1 - W] and not (s.turn[x + 1] & T_SE):
        return False
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
    # touching: a visited neighbour not connected to x must be another path of another number
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
    """Colour a complete fill, verify the no-touch rule everywhere, write it to out (rows x cols)."""
    cdef Py_ssize_t i, p, r, c, W = s.W
    cdef int16_t v
    for p in range((s.R + 2) * W):
        s.lab[p] = -1
    for i in range(s.n):
        p = s.order[i]
        v = s.colour[find(s.parent, <int32_t> p)]
        if v == 0:
            return False
        s.lab[p] = v
    for i in range(s.n):
        p = s.order[i]
        v = s.lab[p]
        if (s.lab[p + 1] == v) != (s.conR[p] != 0):
            return False
        if (s.lab[p + W] == v) != (s.conD[p] != 0):
            return False
    for r in range(s.rows):
        for c in range(s.cols):
            out[r * s.cols + c] = s.lab[cell_index(s, r, c)]
    return True


cdef bint signalled(Search* s) noexcept nogil:
    """True when a signal handler raised (Ctrl-C); the exception stays set for the caller."""
    with gil:
        if PyErr_CheckSignals() != 0:
            s.interrupted = True
    return s.interrupted


cdef int _propagate() except -1:
    """Hand the pending exception (set by a signal handler) on to Python."""
    return -1


cdef int64_t run(Search* s, Py_ssize_t limit, int64_t max_nodes, int16_t* out,
                 int64_t* nodes) noexcept nogil:
    """Depth-first search; returns the number of solutions found (<= limit), -1 if over budget,
    -2 if interrupted by a signal."""
    cdef Py_ssize_t d = 0, n = s.n, cells = s.rows * s.cols
    cdef int64_t found = 0
    cdef int k
    cdef int32_t x
    nodes[0] = 0
    if n == 0:
        if finish(s, out):
            return 1
        return 0
    s.choice[0] = 0
    while True:
        if d == n:
            if finish(s, out + found * cells):
                found += 1
                if found >= limit:
                    return found
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
            if s.check_signals and (nodes[0] & 0x3FFFFF) == 0 and signalled(s):
                return -2
            d += 1
            if d < n:
                s.choice[d] = 0
            continue
        # exhausted: back up
        if d == 0:
            return found
        d -= 1
        undo(s, d)


cdef int64_t search(Search* s, const int16_t* grid, Py_ssize_t limit, int64_t max_nodes,
                    int16_t* out, int64_t* nodes) noexcept nogil:
    """Solve with a portfolio: the six sweep strategies take turns with budgets that double
    each round, so a puzzle that is hard in one direction is often easy in another. Returns what
    run() returns; nodes counts every strategy's nodes."""
    cdef int64_t budget = 128 * (s.rows * s.cols) + 1024, total = 0, used, found, b
    cdef int strategy
    while True:
        for strategy in range(6):
            b = budget
            if b > max_nodes - total:
                b = max_nodes - total
            search_init(s, grid, strategy)
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


cdef class _Scratch:
    """numpy buffers behind a Search (kept alive while the Search is used)."""
    cdef object keep
    cdef Search s

    def __init__(self, Py_ssize_t rows, Py_ssize_t cols):
        cdef Py_ssize_t R, C, m
        self.s.rows = rows
        self.s.cols = cols
        self.s.transposed = cols > rows
        if self.s.transposed:
            R, C = cols, rows
        else:
            R, C = rows, cols
        self.s.R = R
        self.s.C = C
        self.s.W = C + 2
        m = (R + 2) * (C + 2)
        t = np.empty(m, np.int16)
        turn = np.empty(m, np.uint8)
        conR = np.empty(m, np.uint8)
        conD = np.empty(m, np.uint8)
        parent = np.empty(m, np.int32)
        size = np.empty(m, np.int32)
        colour = np.empty(m, np.int16)
        lab = np.empty(m, np.int16)
        order = np.empty(m, np.int32)
        choice = np.empty(m + 1, np.int8)
        u_a = np.empty(m + 1, np.int32)
        u_b = np.empty(m + 1, np.int32)
        u_size = np.empty(m + 1, np.int32)
        u_col = np.empty(m + 1, np.int16)
        self.keep = (t, turn, conR, conD, parent, size, colour, lab, order, choice, u_a, u_b,
                     u_size, u_col)
        cdef int16_t[::1] vt = t, vcolour = colour, vlab = lab, vu_col = u_col
        cdef uint8_t[::1] vturn = turn, vconR = conR, vconD = conD
        cdef int32_t[::1] vparent = parent, vsize = size, vorder = order
        cdef int32_t[::1] vu_a = u_a, vu_b = u_b, vu_size = u_size
        cdef int8_t[::1] vchoice = choice
        self.s.t = &vt[0]
        self.s.turn = &vturn[0]
        self.s.conR = &vconR[0]
        self.s.conD = &vconD[0]
        self.s.parent = &vparent[0]
        self.s.size = &vsize[0]
        self.s.colour = &vcolour[0]
        self.s.lab = &vlab[0]
        self.s.order = &vorder[0]
        self.s.choice = &vchoice[0]
        self.s.u_a = &vu_a[0]
        self.s.u_b = &vu_b[0]
        self.s.u_size = &vu_size[0]
        self.s.u_col = &vu_col[0]


def solve(const int16_t[:, ::1] grid, Py_ssize_t limit, int64_t max_nodes, int strategy=-1):
    """Solutions of a validated grid: returns (solutions (k, rows, cols) int16, nodes, complete).

    ``complete`` is False when the search stopped because it needed more than max_nodes nodes.
    """
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1]
    cdef _Scratch sc = _Scratch(rows, cols)
    sc.s.check_signals = True
    sc.s.interrupted = False
    out = np.zeros((limit, rows, cols), np.int16)
    cdef int16_t[:, :, ::1] vo = out
    cdef int64_t found, nodes = 0
    with nogil:
        if strategy < 0:
            found = search(&sc.s, &grid[0, 0], limit, max_nodes, &vo[0, 0, 0], &nodes)
        else:
            search_init(&sc.s, &grid[0, 0], strategy)
            found = run(&sc.s, limit, max_nodes, &vo[0, 0, 0], &nodes)
    if found == -2:
        _propagate()
    if found < 0:
        return None, nodes, False
    return out[:found].copy(), nodes, True


# ---------------------------------------------------------------------------------------------
# generator

cdef struct Gen:
    Py_ssize_t rows, cols, P        # P = cols + 2, the padded row stride
    int32_t* lab                    # padded: -2 border, -1 solid, 0 free, k > 0 path k
    int32_t* cand                   # scratch: candidate cells
    int32_t* end_a                  # per path: its two ends (padded indices)
    int32_t* end_b
    int32_t* length                 # per path: its number of cells (0 once merged away)
    int32_t* trace                  # scratch: one path's cells in order
    int32_t* relabel                # scratch: old label -> canonical label
    int32_t npaths


cdef inline bint free_nbr(int32_t* lab, Py_ssize_t p, Py_ssize_t P) noexcept nogil:
    return lab[p - P] == 0 or lab[p + 1] == 0 or lab[p + P] == 0 or lab[p - 1] == 0


cdef int32_t grow(Gen* g, bitgen_t* rng, int32_t e, int32_t k) noexcept nogil:
    """Extend path k from its end e one random free square at a time; return the final end.

    A square qualifies when it is free and its only neighbour on path k is e (no touching)."""
    cdef Py_ssize_t P = g.P, i, j, m
    cdef int32_t opts[4]
    cdef int32_t q, z
    cdef Py_ssize_t dirs[4]
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1
    while True:
        m = 0
        for i in range(4):
            q = <int32_t> (e + dirs[i])
            if g.lab[q] != 0:
                continue
            for j in range(4):
                z = <int32_t> (q + dirs[j])
                if z != e and g.lab[z] == k:
                    break
            else:
                opts[m] = q
                m += 1
        if m == 0:
            return e
        q = opts[bounded(rng, <uint32_t> m)]
        g.lab[q] = k
        g.length[k] += 1
        e = q


cdef bint try_merge(Gen* g, int32_t k) noexcept nogil:
    """Attach short path k to a neighbouring path at one of its ends, keeping both no-touch."""
    cdef Py_ssize_t P = g.P, i, j, side, p
    cdef int32_t qa, qb, e, other, w
    cdef Py_ssize_t dirs[4]
    cdef bint ok
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1
    for side in range(2):
        qa = g.end_a[k] if side == 0 else g.end_b[k]
        qb = g.end_b[k] if side == 0 else g.end_a[k]
        for i in range(4):
            e = <int32_t> (qa + dirs[i])
            other = g.lab[e]
            if other <= 0 or other == k or (e != g.end_a[other] and e != g.end_b[other]):
                continue
            ok = True
            for p in range(P, (g.rows + 1) * P):
                if g.lab[p] != k:
                    continue
                for j in range(4):
                    w = <int32_t> (p + dirs[j])
                    if g.lab[w] == other and not (p == qa and w == e):
                        ok = False
                if not ok:
                    break
            if not ok:
                continue
            for p in range(P, (g.rows + 1) * P):
                if g.lab[p] == k:
                    g.lab[p] = other
            if g.end_a[other] == e:
                g.end_a[other] = qb
            else:
                g.end_b[other] = qb
            g.length[other] += g.length[k]
            g.length[k] = 0
            return True
    return False


cdef bint try_steal(Gen* g, int32_t k, int32_t min_length) noexcept nogil:
    """Lengthen short path k by taking over the end square of a neighbouring path that can spare it."""
    cdef Py_ssize_t P = g.P, i, j, side
    cdef int32_t qa, e, other, w, pe
    cdef Py_ssize_t dirs[4]
    cdef bint ok
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1
    for side in range(2):
        qa = g.end_a[k] if side == 0 else g.end_b[k]
        for i in range(4):
            e = <int32_t> (qa + dirs[i])
            other = g.lab[e]
            if other <= 0 or other == k or g.length[other] <= min_length:
                continue
            if e != g.end_a[other] and e != g.end_b[other]:
                continue
            ok = True
            pe = -1
            for j in range(4):
                w = <int32_t> (e + dirs[j])
                if g.lab[w] == k and w != qa:
                    ok = False
                elif g.lab[w] == other:
                    pe = w
            if not ok or pe < 0:
                continue
            g.lab[e] = k
            if g.end_a[other] == e:
                g.end_a[other] = pe
            else:
                g.end_b[other] = pe
            if side == 0:
                g.end_a[k] = e
            else:
                g.end_b[k] = e
            g.length[other] -= 1
            g.length[k] += 1
            return True
    return False


cdef Py_ssize_t trace_path(Gen* g, int32_t k) noexcept nogil:
    """Write path k's squares into g.trace from end_a to end_b; return how many (0 if broken)."""
    cdef Py_ssize_t P = g.P, i, m = 0
    cdef int32_t prev = -1, cur = g.end_a[k], nxt, z
    cdef Py_ssize_t dirs[4]
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1
    while True:
        g.trace[m] = cur
        m += 1
        if cur == g.end_b[k]:
            return m
        nxt = -1
        for i in range(4):
            z = <int32_t> (cur + dirs[i])
            if z != prev and g.lab[z] == k:
                nxt = z
                break
        if nxt < 0:
            return 0
        prev = cur
        cur = nxt


cdef bint try_cut(Gen* g, int32_t k, int32_t min_length) noexcept nogil:
    """Merge short path k into a neighbouring path cut next to the square it touches.

    The neighbouring path is cut at square e (next to an end qa of k) so that e ends one part;
    k joins that part through e-qa, and the rest becomes a new path. Both must keep min_length
    and the joined path must not touch itself."""
    cdef Py_ssize_t P = g.P, i, j, side, pos, m, z, lo, hi, keep_len
    cdef int32_t qa, qb, e, other, w, p, L
    cdef Py_ssize_t dirs[4]
    cdef bint ok
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1
    for side in range(2):
        qa = g.end_a[k] if side == 0 else g.end_b[k]
        qb = g.end_b[k] if side == 0 else g.end_a[k]
        for i in range(4):
            e = <int32_t> (qa + dirs[i])
            other = g.lab[e]
            if other <= 0 or other == k:
                continue
            m = trace_path(g, other)
            if m == 0:
                continue
            pos = -1
            for z in range(m):
                if g.trace[z] == e:
                    pos = z
            for j in range(2):
                # j == 0: keep trace[0..pos] (e its end), cut off trace[pos+1..]
                # j == 1: keep trace[pos..m-1] (e its start), cut off trace[..pos-1]
                if j == 0:
                    lo, hi = 0, pos + 1
                else:
                    lo, hi = pos, m
                keep_len = hi - lo
                if m - keep_len < min_length or keep_len + g.length[k] < min_length:
                    continue
                # the kept part plus k must not touch: k's squares may meet kept squares only at qa-e
                ok = True
                for z in range(lo, hi):
                    p = g.trace[z]
                    for w in range(4):
                        if g.lab[p + dirs[w]] == k and not (p == e and p + dirs[w] == qa):
                            ok = False
                if not ok:
                    continue
                g.npaths += 1
                L = g.npaths
                if j == 0:
                    for z in range(pos + 1, m):
                        g.lab[g.trace[z]] = L
                    g.end_a[L] = g.trace[pos + 1]
                    g.end_b[L] = g.trace[m - 1]
                    g.end_b[other] = qb
                else:
                    for z in range(0, pos):
                        g.lab[g.trace[z]] = L
                    g.end_a[L] = g.trace[0]
                    g.end_b[L] = g.trace[pos - 1]
                    g.end_a[other] = qb
                g.length[L] = <int32_t> (m - keep_len)
                g.length[other] = <int32_t> keep_len + g.length[k]
                for z in range(P, (g.rows + 1) * P):
                    if g.lab[z] == k:
                        g.lab[z] = other
                g.length[k] = 0
                return True
    return False


cdef bint gen_raw(Gen* g, bitgen_t* rng, int32_t min_length) noexcept nogil:
    """Grow a random no-touch solution into g.lab; False if a short path could not be merged."""
    cdef Py_ssize_t P = g.P, r, c, p, m, i
    cdef int32_t s, t, k = 0
    cdef int32_t nb[4]
    cdef int f, best
    for p in range((g.rows + 2) * P):
        g.lab[p] = -2
    for r in range(1, g.rows + 1):
        for c in range(1, g.cols + 1):
            g.lab[r * P + c] = 0
    while True:
        # start in the tightest spot: a free square with the fewest free neighbours (at least 1)
        m = 0
        best = 5
        for r in range(1, g.rows + 1):
            for c in range(1, g.cols + 1):
                p = r * P + c
                if g.lab[p] != 0:
                    continue
                f = ((g.lab[p - P] == 0) + (g.lab[p + 1] == 0) + (g.lab[p + P] == 0)
                     + (g.lab[p - 1] == 0))
                if f == 0 or f > best:
                    continue
                if f < best:
                    best = f
                    m = 0
                g.cand[m] = <int32_t> p
                m += 1
        if m == 0:
            break
        s = g.cand[bounded(rng, <uint32_t> m)]
        m = 0
        if g.lab[s - P] == 0:
            nb[m] = <int32_t> (s - P)
            m += 1
        if g.lab[s + 1] == 0:
            nb[m] = s + 1
            m += 1
        if g.lab[s + P] == 0:
            nb[m] = <int32_t> (s + P)
            m += 1
        if g.lab[s - 1] == 0:
            nb[m] = s - 1
            m += 1
        t = nb[bounded(rng, <uint32_t> m)]
        k += 1
        g.lab[s] = k
        g.lab[t] = k
        g.length[k] = 2
        g.end_a[k] = grow(g, rng, t, k)
        g.end_b[k] = grow(g, rng, s, k)
    g.npaths = k
    for i in range(1, k + 1):
        while 0 < g.length[i] < min_length:
            if try_merge(g, <int32_t> i):
                break
            if try_steal(g, <int32_t> i, min_length):
                continue
            try_cut(g, <int32_t> i, min_length)
            break
    for i in range(1, k + 1):
        if 0 < g.length[i] < min_length:
            return False
    for p in range((g.rows + 2) * P):
        if g.lab[p] == 0:
            g.lab[p] = -1  # isolated: no free neighbour is left
    return True


cdef void write_out(Gen* g, int16_t* grid, int16_t* sol) noexcept nogil:
    """Number paths in order of their first endpoint (row-major) and write puzzle and solution."""
    cdef Py_ssize_t r, c, p, i, P = g.P
    cdef int32_t v, nxt = 0
    for i in range(g.npaths + 1):
        g.relabel[i] = 0
    for r in range(g.rows):
        for c in range(g.cols):
            p = (r + 1) * P + c + 1
            v = g.lab[p]
            if v > 0 and g.relabel[v] == 0 and (p == g.end_a[v] or p == g.end_b[v]):
                nxt += 1
                g.relabel[v] = nxt
    for r in range(g.rows):
        for c in range(g.cols):
            p = (r + 1) * P + c + 1
            v = g.lab[p]
            if v > 0:
                v = g.relabel[v]
            sol[r * g.cols + c] = <int16_t> v
            grid[r * g.cols + c] = <int16_t> (v if v < 0 else 0)
    for i in range(1, g.npaths + 1):
        if g.length[i] > 0:
            v = g.relabel[i]
            p = g.end_a[i]
            grid[(p // P - 1) * g.cols + p % P - 1] = <int16_t> v
            p = g.end_b[i]
            grid[(p // P - 1) * g.cols + p % P - 1] = <int16_t> v


cdef bint split_at(Gen* g, Py_ssize_t cell, int32_t min_length) noexcept nogil:
    """Cut the path through `cell` (caller's flat index) next to it so `cell` becomes an end."""
    cdef Py_ssize_t P = g.P, i, j, z, m, pos = -1
    cdef int32_t c = <int32_t> ((cell // g.cols + 1) * P + cell % g.cols + 1)
    cdef int32_t k = g.lab[c], b, L
    if k <= 0:
        return False
    b = g.end_b[k]
    m = trace_path(g, k)
    for i in range(m):
        if g.trace[i] == c:
            pos = i
    if pos < 0:
        return False  # cannot happen for a no-touch path
    # parts trace[0..j] and trace[j+1..m-1]; try c as the first part's end, then the second's start
    for i in range(2):
        j = pos - i
        if j + 1 >= min_length and m - 1 - j >= min_length:
            g.npaths += 1
            L = g.npaths
            for z in range(j + 1, m):
                g.lab[g.trace[z]] = L
            g.length[k] = <int32_t> (j + 1)
            g.length[L] = <int32_t> (m - 1 - j)
            g.end_b[k] = g.trace[j]
            g.end_a[L] = g.trace[j + 1]
            g.end_b[L] = b
            return True
    return False


cdef bint split_longest(Gen* g, int32_t min_length) noexcept nogil:
    """Cut the longest path (the first of equals) in the middle, if both halves stay long enough."""
    cdef int32_t i, best = 0
    cdef Py_ssize_t m, p
    for i in range(1, g.npaths + 1):
        if g.length[i] > g.length[best]:
            best = i
    if best == 0 or g.length[best] < 2 * min_length:
        return False
    m = trace_path(g, best)
    if m == 0:
        return False
    p = g.trace[m // 2]
    return split_at(g, (p // g.P - 1) * g.cols + p % g.P - 1, min_length)


def generate(Py_ssize_t rows, Py_ssize_t cols, bit_generator, int32_t min_length, bint unique,
             int64_t max_nodes, Py_ssize_t max_attempts):
    """Generate a puzzle: returns (grid, solution, nodes, attempts) or None when every attempt failed.

    ``nodes`` is the solver's node count for proving uniqueness (-1 when ``unique`` is False).
    """
    cdef Py_ssize_t n = rows * cols, P = cols + 2, m = (rows + 2) * (cols + 2), i, attempt
    cdef Gen g
    g.rows = rows
    g.cols = cols
    g.P = P
    lab = np.empty(m, np.int32)
    cand = np.empty(m, np.int32)
    end_a = np.zeros(2 * n + 2, np.int32)
    end_b = np.zeros(2 * n + 2, np.int32)
    length = np.zeros(2 * n + 2, np.int32)
    trace = np.empty(m, np.int32)
    relabel = np.zeros(2 * n + 2, np.int32)
    cdef int32_t[::1] vlab = lab, vcand = cand, vea = end_a, veb = end_b, vlen = length
    cdef int32_t[::1] vtrace = trace, vrel = relabel
    g.lab = &vlab[0]
    g.cand = &vcand[0]
    g.end_a = &vea[0]
    g.end_b = &veb[0]
    g.length = &vlen[0]
    g.trace = &vtrace[0]
    g.relabel = &vrel[0]
    grid = np.zeros((rows, cols), np.int16)
    sol = np.zeros((rows, cols), np.int16)
    two = np.zeros((2, rows, cols), np.int16)
    cdef int16_t[:, ::1] vgrid = grid, vsol = sol
    cdef int16_t[:, :, ::1] vtwo = two
    cdef _Scratch sc = _Scratch(rows, cols)
    sc.s.check_signals = False  # runs under the bit generator's lock: never take the GIL
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef int64_t found, nodes = -1
    cdef int16_t* other
    cdef bint done = False, fixed
    cdef Py_ssize_t cuts, live
    attempt = 0
    with bit_generator.lock, nogil:
        while attempt < max_attempts and not done:
            attempt += 1
            if not gen_raw(&g, rng, min_length):
                continue
            write_out(&g, &vgrid[0, 0], &vsol[0, 0])
            if not unique:
                done = True
                break
            while True:
                found = search(&sc.s, &vgrid[0, 0], 2, max_nodes, &vtwo[0, 0, 0], &nodes)
                if found == 1:
                    done = True
                    break
                if g.npaths >= 32000 or found == 0:
                    break
                if found < 0:
                    # over budget: more clues make the proof cheaper; cut the longest paths
                    # (one in eight of them, at least one)
                    cuts = 0
                    live = 0
                    for i in range(1, g.npaths + 1):
                        live += g.length[i] > 0
                    while cuts < max(1, live // 8) and split_longest(&g, min_length):
                        cuts += 1
                    if cuts == 0:
                        break
                    write_out(&g, &vgrid[0, 0], &vsol[0, 0])
                    continue
                other = &vtwo[0, 0, 0]
                for i in range(n):
                    if other[i] != (&vsol[0, 0])[i]:
                        break
                else:
                    other = &vtwo[1, 0, 0]
                fixed = False
                for i in range(n):
                    if other[i] != (&vsol[0, 0])[i] and split_at(&g, i, min_length):
                        fixed = True
                        break
                if not fixed:
                    break
                write_out(&g, &vgrid[0, 0], &vsol[0, 0])
    if not done:
        return None
    return grid, sol, nodes, attempt


def components(const int16_t[:, ::1] sol):
    """Label the 4-connected regions of equal positive values (0 elsewhere), as int32 (1, 2, ...)."""
    cdef Py_ssize_t rows = sol.shape[0], cols = sol.shape[1], n = rows * cols, r, c, i
    parent = np.empty(n, np.int32)
    size = np.empty(n, np.int32)
    out = np.zeros((rows, cols), np.int32)
    cdef int32_t[::1] vp = parent, vs = size
    cdef int32_t[:, ::1] vo = out
    cdef int32_t nxt = 0, root
    with nogil:
        uf_init(&vp[0], &vs[0], n)
        for r in range(rows):
            for c in range(cols):
                if sol[r, c] <= 0:
                    continue
                if c + 1 < cols and sol[r, c + 1] == sol[r, c]:
                    uf_union(&vp[0], &vs[0], <int32_t> (r * cols + c), <int32_t> (r * cols + c + 1))
                if r + 1 < rows and sol[r + 1, c] == sol[r, c]:
                    uf_union(&vp[0], &vs[0], <int32_t> (r * cols + c), <int32_t> ((r + 1) * cols + c))
        for i in range(n):
            vs[i] = 0
        for r in range(rows):
            for c in range(cols):
                if sol[r, c] <= 0:
                    continue
                root = uf_find(&vp[0], <int32_t> (r * cols + c))
                if vs[root] == 0:
                    nxt += 1
                    vs[root] = nxt
                vo[r, c] = vs[root]
    return out
