"""Numberlink's default generator under Flow Free's rules: merge short paths while deduction proves
the puzzle unique.

Called only by ``trapcore/numberlink/generate.py``, which validates every argument first.

The board starts tiled by dominoes (a square left alone extends a neighbouring domino to three
squares); every path end is a number, so the puzzle is unique and deduction solves it at once.
Then two paths whose ends are side by side are joined, the shortest first, and the join is kept
when ``deduce`` still proves the puzzle unique (the two numbers removed), else undone and not
tried again; this ends when no join is left to try. The paths that come out are long and winding,
and the puzzle is unique by construction: its proof is the deduction that accepted the last join.

``deduce`` uses sound rules only (true in every solution, whether or not there is one): a square
has exactly its degree of path edges (1 at a number, 2 elsewhere, every square filled); an edge
that would close a loop, or join two numbers, or leave a path end blocked is off; an edge is on
when a square's other ways out are off. When these stall, trial: an edge assumed on (then off)
whose consequences contradict is the opposite. Once every edge is decided, the edges are the only
solution. Changes go on a trail so that a trial is undone exactly.

Scratch (``Ded``, ``Lay``) is allocated and freed inside the ``def`` (try/finally). Ctrl-C: polled
before every check. No global state: the same seed gives the same puzzle.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from numpy.random cimport bitgen_t

from common.checks cimport check_grid
from common.random cimport bitgen_of, bounded
from common.signals cimport raise_pending, signalled

cdef enum:
    UNK = 0
    ON = 1
    OFF = 2
    T_EDGE = 0
    T_UNION = 1
    # check outcomes
    PROVEN = 1
    STALLED = 0
    CONTRA = -1
    OVER = -2
    # grades: the hardest rule a proof needed
    FORCED = 1
    TRIAL = 2
    # a trial (an edge assumed on or off) that propagates further than this many squares without
    # a contradiction is given up: contradictions are local, and long trials cost most
    PROBE_CAP = 64
    MAX_ROUNDS = 1
    # the first boards start from pieces of PIECE squares (fewer short paths are left), later
    # ones from pieces of min_length (small boards where the larger pieces are not unique)
    PIECE = 4
    PIECE_TRIES = 10


cdef struct Ded:
    Py_ssize_t R, C, P, m
    int8_t* need             # per padded cell: 1 at a number, 2 elsewhere, 0 on the border
    int8_t* eR               # edge p -- p+1
    int8_t* eD               # edge p -- p+P
    int32_t* parent          # union-find over the fragments of on edges (undoable, no compression)
    int32_t* size
    int32_t* colour          # per root: its number, 0 unknown
    int32_t* endA            # per root: the fragment's two ends
    int32_t* endB
    int32_t* tk              # trail: kind and payload
    int32_t* ta
    int32_t* tb
    int32_t* tc
    int32_t* td
    int32_t* te
    int32_t* tf
    Py_ssize_t tlen
    int32_t* queue           # cells to look at (a ring of m slots)
    int8_t* inq
    Py_ssize_t qhead, qlen
    Py_ssize_t unknown       # undecided edges
    int64_t steps            # cells looked at (the budget counts these)
    int64_t budget
    int64_t limit            # the current propagation's limit: the budget, or a trial's cap
    int64_t probe_cap        # steps one trial may take before it is given up (no conclusion)
    bint trial               # trial was needed


cdef int ded_alloc(Ded* d, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil:
    cdef Py_ssize_t m = (rows + 2) * (cols + 2), t = 4 * m + 8
    memset(d, 0, sizeof(Ded))
    d.R, d.C, d.P, d.m = rows, cols, cols + 2, m
    d.need = <int8_t*> calloc(m, 1)
    d.eR = <int8_t*> calloc(m, 1)
    d.eD = <int8_t*> calloc(m, 1)
    d.inq = <int8_t*> calloc(m, 1)
    d.parent = <int32_t*> calloc(m, 4)
    d.size = <int32_t*> calloc(m, 4)
    d.colour = <int32_t*> calloc(m, 4)
    d.endA = <int32_t*> calloc(m, 4)
    d.endB = <int32_t*> calloc(m, 4)
    d.queue = <int32_t*> calloc(m, 4)
    d.tk = <int32_t*> calloc(t, 4)
    d.ta = <int32_t*> calloc(t, 4)
    d.tb = <int32_t*> calloc(t, 4)
    d.tc = <int32_t*> calloc(t, 4)
    d.td = <int32_t*> calloc(t, 4)
    d.te = <int32_t*> calloc(t, 4)
    d.tf = <int32_t*> calloc(t, 4)
    if (d.need == NULL or d.eR == NULL or d.eD == NULL or d.inq == NULL or d.parent == NULL
            or d.size == NULL or d.colour == NULL or d.endA == NULL or d.endB == NULL
            or d.queue == NULL or d.tk == NULL or d.ta == NULL or d.tb == NULL or d.tc == NULL
            or d.td == NULL or d.te == NULL or d.tf == NULL):
        ded_free(d)
        with gil:
            raise MemoryError(f"not enough memory for Numberlink deduction ({rows} x {cols})")
    return 0


cdef void ded_free(Ded* d) noexcept nogil:
    free(d.need)
    free(d.eR)
    free(d.eD)
    free(d.inq)
    free(d.parent)
    free(d.size)
    free(d.colour)
    free(d.endA)
    free(d.endB)
    free(d.queue)
    free(d.tk)
    free(d.ta)
    free(d.tb)
    free(d.tc)
    free(d.td)
    free(d.te)
    free(d.tf)
    memset(d, 0, sizeof(Ded))


cdef inline int32_t find(Ded* d, int32_t x) noexcept nogil:
    while d.parent[x] != x:
        x = d.parent[x]
    return x


cdef inline void push(Ded* d, int32_t p) noexcept nogil:
    if d.need[p] and not d.inq[p]:
        d.inq[p] = 1
        d.queue[(d.qhead + d.qlen) % d.m] = p
        d.qlen += 1


cdef inline int8_t* edge_at(Ded* d, int32_t p, int k) noexcept nogil:
    """The state of the edge from p in direction k (N, E, S, W)."""
    if k == 0:
        return &d.eD[p - d.P]
    if k == 1:
        return &d.eR[p]
    if k == 2:
        return &d.eD[p]
    return &d.eR[p - 1]


cdef inline int32_t step_to(Ded* d, int32_t p, int k) noexcept nogil:
    if k == 0:
        return <int32_t> (p - d.P)
    if k == 1:
        return p + 1
    if k == 2:
        return <int32_t> (p + d.P)
    return p - 1


cdef void ded_init(Ded* d, const int16_t* grid) noexcept nogil:
    """Load a rows x cols puzzle of numbers (0 empty; no solids) with every edge undecided."""
    cdef Py_ssize_t r, c, p, P = d.P
    cdef int16_t v
    memset(d.need, 0, d.m)
    memset(d.inq, 0, d.m)
    d.tlen = d.qhead = d.qlen = d.unknown = 0
    d.steps = 0
    d.trial = False
    for p in range(d.m):
        d.eR[p] = OFF
        d.eD[p] = OFF
        d.parent[p] = <int32_t> p
        d.size[p] = 1
        d.colour[p] = 0
        d.endA[p] = <int32_t> p
        d.endB[p] = <int32_t> p
    for r in range(d.R):
        for c in range(d.C):
            p = (r + 1) * P + c + 1
            v = grid[r * d.C + c]
            d.need[p] = 1 if v > 0 else 2
            d.colour[p] = v if v > 0 else 0
    for r in range(d.R):
        for c in range(d.C):
            p = (r + 1) * P + c + 1
            if c + 1 < d.C:
                d.eR[p] = UNK
                d.unknown += 1
            if r + 1 < d.R:
                d.eD[p] = UNK
                d.unknown += 1
            push(d, <int32_t> p)


cdef inline int32_t other_end(Ded* d, int32_t root, int32_t p) noexcept nogil:
    return d.endB[root] if d.endA[root] == p else d.endA[root]


cdef bint join(Ded* d, int32_t p, int32_t q) noexcept nogil:
    """Union the fragments of p and q through the edge p--q; False on a contradiction."""
    cdef int32_t rp = find(d, p), rq = find(d, q), t, ep, eq, cp, cq
    if rp == rq:
        return False  # a loop
    if (d.endA[rp] != p and d.endB[rp] != p) or (d.endA[rq] != q and d.endB[rq] != q):
        return False  # a third edge at a square
    cp, cq = d.colour[rp], d.colour[rq]
    if cp and cq and cp != cq:
        return False  # two numbers joined
    ep, eq = other_end(d, rp, p), other_end(d, rq, q)
    if d.size[rp] < d.size[rq]:
        t = rp
        rp = rq
        rq = t
    d.tk[d.tlen] = T_UNION
    d.ta[d.tlen] = rq
    d.tb[d.tlen] = rp
    d.tc[d.tlen] = d.size[rp]
    d.td[d.tlen] = d.colour[rp]
    d.te[d.tlen] = d.endA[rp]
    d.tf[d.tlen] = d.endB[rp]
    d.tlen += 1
    d.parent[rq] = rp
    d.size[rp] += d.size[rq]
    d.colour[rp] = cp if cp else cq
    d.endA[rp] = ep
    d.endB[rp] = eq
    push(d, ep)
    push(d, eq)
    return True


cdef bint set_edge(Ded* d, int32_t p, int k, int8_t v) noexcept nogil:
    """Decide the edge from p in direction k; False on a contradiction."""
    cdef int8_t* e = edge_at(d, p, k)
    cdef int32_t q = step_to(d, p, k)
    if e[0] != UNK:
        return e[0] == v
    e[0] = v
    d.unknown -= 1
    d.tk[d.tlen] = T_EDGE
    d.ta[d.tlen] = p
    d.tb[d.tlen] = k
    d.tlen += 1
    push(d, p)
    push(d, q)
    if v == ON:
        return join(d, p, q)
    return True


cdef void undo(Ded* d, Py_ssize_t mark) noexcept nogil:
    cdef int32_t rq, rp
    while d.tlen > mark:
        d.tlen -= 1
        if d.tk[d.tlen] == T_EDGE:
            edge_at(d, d.ta[d.tlen], d.tb[d.tlen])[0] = UNK
            d.unknown += 1
        else:
            rq, rp = d.ta[d.tlen], d.tb[d.tlen]
            d.parent[rq] = rq
            d.size[rp] = d.tc[d.tlen]
            d.colour[rp] = d.td[d.tlen]
            d.endA[rp] = d.te[d.tlen]
            d.endB[rp] = d.tf[d.tlen]


cdef void clear_queue(Ded* d) noexcept nogil:
    while d.qlen:
        d.inq[d.queue[d.qhead]] = 0
        d.qhead = (d.qhead + 1) % d.m
        d.qlen -= 1


cdef int propagate(Ded* d) noexcept nogil:
    """The forced rules until nothing changes: CONTRA, OVER (budget) or STALLED."""
    cdef int32_t p, q, rp, rq, cp
    cdef int k, on, unk
    cdef int8_t e
    while d.qlen:
        p = d.queue[d.qhead]
        d.qhead = (d.qhead + 1) % d.m
        d.qlen -= 1
        d.inq[p] = 0
        d.steps += 1
        if d.steps > d.limit:
            clear_queue(d)
            return OVER
        rp = find(d, p)
        cp = d.colour[rp]
        on = unk = 0
        for k in range(4):
            e = edge_at(d, p, k)[0]
            if e == ON:
                on += 1
            elif e == UNK:
                q = step_to(d, p, k)
                rq = find(d, q)
                # a loop, two numbers joined, or p's fragment ending... p is not its end: off
                if (rq == rp or (cp and d.colour[rq] and d.colour[rq] != cp)
                        or (d.endA[rp] != p and d.endB[rp] != p)
                        or (d.endA[rq] != q and d.endB[rq] != q)):
                    if not set_edge(d, p, k, OFF):
                        clear_queue(d)
                        return CONTRA
                else:
                    unk += 1
        if on > d.need[p] or on + unk < d.need[p]:
            clear_queue(d)
            return CONTRA
        if unk and (on == d.need[p] or on + unk == d.need[p]):
            for k in range(4):
                if edge_at(d, p, k)[0] == UNK:
                    if not set_edge(d, p, k, OFF if on == d.need[p] else ON):
                        clear_queue(d)
                        return CONTRA
    return STALLED


cdef int deduce(Ded* d) noexcept nogil:
    """Decide every edge: PROVEN (unique, the edges are the solution), STALLED (rules exhausted),
    CONTRA (no solution) or OVER (past d.budget steps)."""
    cdef Py_ssize_t mark, p
    cdef int k, res, v
    cdef bint progress
    d.limit = d.budget
    res = propagate(d)
    if res != STALLED:
        return res
    while d.unknown:
        progress = False
        for p in range(d.P, d.m - d.P):
            if not d.need[p]:
                continue
            for k in range(1, 3):
                if edge_at(d, <int32_t> p, k)[0] != UNK:
                    continue
                for v in range(ON, OFF + 1):
                    mark = d.tlen
                    d.limit = min(d.budget, d.steps + d.probe_cap)
                    res = CONTRA if not set_edge(d, <int32_t> p, k, <int8_t> v) else STALLED
                    if res == STALLED:
                        res = propagate(d)
                    else:
                        clear_queue(d)
                    d.limit = d.budget
                    undo(d, mark)
                    if res == OVER:
                        if d.steps > d.budget:
                            return OVER
                        continue  # the trial was given up: no conclusion
                    if res == CONTRA:
                        d.trial = True
                        if not set_edge(d, <int32_t> p, k, <int8_t> (OFF if v == ON else ON)):
                            return CONTRA
                        res = propagate(d)
                        if res != STALLED:
                            return res
                        progress = True
                        break
        if not progress:
            return STALLED
    return PROVEN


cdef void ded_solution(Ded* d, int16_t* out) noexcept nogil:
    """Write each square's number (its fragment's colour) into out (rows x cols)."""
    cdef Py_ssize_t r, c
    for r in range(d.R):
        for c in range(d.C):
            out[r * d.C + c] = <int16_t> d.colour[find(d, <int32_t> ((r + 1) * d.P + c + 1))]


# -- the layout: paths over the board, joined while deduction proves the puzzle unique ----------

cdef struct Lay:
    Py_ssize_t R, C, P, m
    int32_t* lab             # padded: -2 border, 0 free, k > 0 path k
    int32_t* endA            # per path: its ends (padded indices); length 0 once joined away
    int32_t* endB
    int32_t* length
    int32_t* cand            # scratch
    int8_t* tried            # per padded cell and direction: that join was refused
    int8_t* cut_tried        # per padded cell, direction and side: that cut-join was refused
    int32_t* trace           # scratch: one path's squares in order
    int32_t npaths
    int16_t* grid            # the puzzle, rows x cols
    int16_t* sol


cdef int lay_alloc(Lay* g, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil:
    cdef Py_ssize_t m = (rows + 2) * (cols + 2), n = rows * cols
    memset(g, 0, sizeof(Lay))
    g.R, g.C, g.P, g.m = rows, cols, cols + 2, m
    g.lab = <int32_t*> calloc(m, 4)
    g.endA = <int32_t*> calloc(n + 2, 4)
    g.endB = <int32_t*> calloc(n + 2, 4)
    g.length = <int32_t*> calloc(n + 2, 4)
    g.cand = <int32_t*> calloc(10 * m + 16, 4)
    g.tried = <int8_t*> calloc(4 * m, 1)
    g.cut_tried = <int8_t*> calloc(8 * m, 1)
    g.trace = <int32_t*> calloc(m, 4)
    g.grid = <int16_t*> calloc(n, 2)
    g.sol = <int16_t*> calloc(n, 2)
    if (g.lab == NULL or g.endA == NULL or g.endB == NULL or g.length == NULL or g.cand == NULL
            or g.tried == NULL or g.cut_tried == NULL or g.trace == NULL or g.grid == NULL or g.sol == NULL):
        lay_free(g)
        with gil:
            raise MemoryError(f"not enough memory for the Numberlink generator ({rows} x {cols})")
    return 0


cdef void lay_free(Lay* g) noexcept nogil:
    free(g.lab)
    free(g.endA)
    free(g.endB)
    free(g.length)
    free(g.cand)
    free(g.tried)
    free(g.cut_tried)
    free(g.trace)
    free(g.grid)
    free(g.sol)
    memset(g, 0, sizeof(Lay))


cdef inline Py_ssize_t nb(Py_ssize_t P, int k) noexcept nogil:
    return -P if k == 0 else (1 if k == 1 else (P if k == 2 else -1))


cdef inline int free_sides(Lay* g, Py_ssize_t p) noexcept nogil:
    return ((g.lab[p - g.P] == 0) + (g.lab[p + 1] == 0) + (g.lab[p + g.P] == 0)
            + (g.lab[p - 1] == 0))


cdef inline bint beside_piece(Lay* g, int32_t q, int32_t end, int32_t k) noexcept nogil:
    """True when square q touches path k anywhere but at its end `end`."""
    cdef int j
    cdef int32_t z
    for j in range(4):
        z = <int32_t> (q + nb(g.P, j))
        if z != end and g.lab[z] == k:
            return True
    return False


cdef bint tile(Lay* g, bitgen_t* rng, int32_t size) noexcept nogil:
    """Tile the board with pieces of `size` squares (or fewer where they do not fit), the most
    cramped free square first (a square left without a free neighbour extends a neighbouring path
    at its end); False if one cannot be placed."""
    cdef Py_ssize_t P = g.P, r, c, p, m, i
    cdef int f, best, k
    cdef int32_t s, t, q
    for p in range(g.m):
        g.lab[p] = -2
    for r in range(1, g.R + 1):
        for c in range(1, g.C + 1):
            g.lab[r * P + c] = 0
    g.npaths = 0
    while True:
        m = 0
        best = 5
        for r in range(1, g.R + 1):
            for c in range(1, g.C + 1):
                p = r * P + c
                if g.lab[p] != 0:
                    continue
                f = free_sides(g, p)
                if f > best:
                    continue
                if f < best:
                    best = f
                    m = 0
                g.cand[m] = <int32_t> p
                m += 1
        if m == 0:
            return True
        s = g.cand[bounded(rng, <uint32_t> m)]
        if best == 0:  # alone: extend a neighbouring path at its end
            m = 0
            for k in range(4):
                q = <int32_t> (s + nb(P, k))
                if (g.lab[q] > 0 and (g.endA[g.lab[q]] == q or g.endB[g.lab[q]] == q)
                        and not beside_piece(g, s, q, g.lab[q])):
                    g.cand[m] = q
                    m += 1
            if m == 0:
                return False
            q = g.cand[bounded(rng, <uint32_t> m)]
            i = g.lab[q]
            g.lab[s] = <int32_t> i
            g.length[i] += 1
            if g.endA[i] == q:
                g.endA[i] = s
            else:
                g.endB[i] = s
            continue
        # a piece of `size` squares from s, each step to the most cramped free neighbour that
        # does not run beside the piece
        g.npaths += 1
        i = g.npaths
        g.lab[s] = <int32_t> i
        g.endA[i] = s
        g.length[i] = 1
        t = s
        while g.length[i] < size:
            m = 0
            best = 5
            for k in range(4):
                q = <int32_t> (t + nb(P, k))
                if g.lab[q] != 0 or beside_piece(g, q, t, <int32_t> i):
                    continue
                f = free_sides(g, q)
                if f < best:
                    best = f
                    m = 0
                if f == best:
                    g.cand[m] = q
                    m += 1
            if m == 0:
                break
            t = g.cand[bounded(rng, <uint32_t> m)]
            g.lab[t] = <int32_t> i
            g.length[i] += 1
        g.endB[i] = t


cdef void write_out(Lay* g) noexcept nogil:
    """Number the paths in order of their first end (row-major); write g.grid and g.sol."""
    cdef Py_ssize_t r, c, p, P = g.P, i
    cdef int32_t v, nxt = 0
    cdef int32_t* relabel = g.cand  # scratch, npaths + 1 <= 8 * m
    for i in range(g.npaths + 1):
        relabel[i] = 0
    for r in range(g.R):
        for c in range(g.C):
            p = (r + 1) * P + c + 1
            v = g.lab[p]
            if relabel[v] == 0 and (g.endA[v] == p or g.endB[v] == p):
                nxt += 1
                relabel[v] = nxt
    for r in range(g.R):
        for c in range(g.C):
            p = (r + 1) * P + c + 1
            v = relabel[g.lab[p]]
            g.sol[r * g.C + c] = <int16_t> v
            g.grid[r * g.C + c] = <int16_t> (v if g.endA[g.lab[p]] == p or g.endB[g.lab[p]] == p
                                             else 0)


cdef int check(Lay* g, Ded* d, int64_t budget) noexcept nogil:
    """Write the puzzle out and deduce it: PROVEN, STALLED, OVER (or CONTRA, never for a valid
    layout)."""
    cdef Py_ssize_t r, c
    cdef int res
    write_out(g)
    ded_init(d, g.grid)
    d.budget = budget
    d.probe_cap = PROBE_CAP
    res = deduce(d)
    if res == PROVEN:  # the proof's solution is the layout's (a safeguard: it always is)
        for r in range(g.R):
            for c in range(g.C):
                if d.colour[find(d, <int32_t> ((r + 1) * d.P + c + 1))] != g.sol[r * g.C + c]:
                    return STALLED
    return res


cdef bint beside(Lay* g, int32_t a, int32_t b) noexcept nogil:
    """True when the path ending at a, joined to the one ending at b, would run beside itself
    (two of its squares side by side but not consecutive), which published puzzles avoid."""
    cdef int32_t ka = g.lab[a], kb = g.lab[b], q
    cdef Py_ssize_t p
    cdef int k
    for p in range(g.P, g.m - g.P):
        if g.lab[p] != kb:
            continue
        for k in range(4):
            q = <int32_t> (p + nb(g.P, k))
            if g.lab[q] == ka and not (p == b and q == a):
                return True
    return False


cdef int join_paths(Lay* g, int32_t a, int32_t b, int32_t* moved) noexcept nogil:
    """Join the path ending at a to the one ending at b (a, b side by side): the b path's squares
    take a's label. Returns how many squares moved (listed in moved) for undo."""
    cdef int32_t ka = g.lab[a], kb = g.lab[b]
    cdef Py_ssize_t p, n = 0
    for p in range(g.P, g.m - g.P):
        if g.lab[p] == kb:
            g.lab[p] = ka
            moved[n] = <int32_t> p
            n += 1
    if g.endA[ka] == a:
        g.endA[ka] = g.endB[kb] if g.endA[kb] == b else g.endA[kb]
    else:
        g.endB[ka] = g.endB[kb] if g.endA[kb] == b else g.endA[kb]
    g.length[ka] += g.length[kb]
    g.length[kb] = 0
    return <int> n


cdef Py_ssize_t trace(Lay* g, int32_t k) noexcept nogil:
    """Path k's squares from endA to endB into g.trace (paths never run beside themselves)."""
    cdef int32_t prev = -1, cur = g.endA[k], q, nxt
    cdef Py_ssize_t m = 0
    cdef int i
    while True:
        g.trace[m] = cur
        m += 1
        if cur == g.endB[k] or m > g.length[k]:
            return m
        nxt = -1
        for i in range(4):
            q = <int32_t> (cur + nb(g.P, i))
            if q != prev and g.lab[q] == k:
                nxt = q
                break
        if nxt < 0:
            return m
        prev = cur
        cur = nxt


cdef Py_ssize_t cut_join(Lay* g, int32_t a, int32_t x, int side, int32_t min_rest,
                         int32_t* saved) noexcept nogil:
    """Path A (ending at a) takes over x and the squares of x's path B beyond it on one side;
    the rest of B stays B. Returns how many squares moved (0: not allowed); saved gets
    (A's ends, B's ends, lengths) for cut_undo."""
    cdef int32_t ka = g.lab[a], kb = g.lab[x], p, q
    cdef Py_ssize_t m, j = -1, i, lo, hi, far
    cdef int k
    m = trace(g, kb)
    for i in range(m):
        if g.trace[i] == x:
            j = i
    if j < 0 or (j == 0 and side == 0) or (j == m - 1 and side == 1):
        return 0  # (taking all of B from an end is a join)
    if side == 0:
        lo, hi, far = j, m, m - 1
    else:
        lo, hi, far = 0, j + 1, 0
    if m - (hi - lo) < min_rest:
        return 0
    for i in range(lo, hi):  # the taken squares must not run beside A
        p = g.trace[i]
        for k in range(4):
            q = <int32_t> (p + nb(g.P, k))
            if g.lab[q] == ka and not (p == x and q == a):
                return 0
    saved[0], saved[1], saved[2], saved[3] = g.endA[ka], g.endB[ka], g.endA[kb], g.endB[kb]
    saved[4], saved[5] = g.length[ka], g.length[kb]
    for i in range(lo, hi):
        g.lab[g.trace[i]] = ka
        saved[6 + i - lo] = g.trace[i]
    if g.endA[ka] == a:
        g.endA[ka] = g.trace[far]
    else:
        g.endB[ka] = g.trace[far]
    if side == 0:
        g.endB[kb] = g.trace[j - 1]
    else:
        g.endA[kb] = g.trace[j + 1]
    g.length[ka] += <int32_t> (hi - lo)
    g.length[kb] -= <int32_t> (hi - lo)
    return hi - lo


cdef void cut_undo(Lay* g, int32_t ka, int32_t kb, Py_ssize_t n, int32_t* saved) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        g.lab[saved[6 + i]] = kb
    g.endA[ka], g.endB[ka], g.endA[kb], g.endB[kb] = saved[0], saved[1], saved[2], saved[3]
    g.length[ka], g.length[kb] = saved[4], saved[5]


cdef bint has_short(Lay* g, int32_t min_length) noexcept nogil:
    cdef int32_t i
    for i in range(1, g.npaths + 1):
        if 0 < g.length[i] < min_length:
            return True
    return False


cdef int try_cut_join(Lay* g, Ded* d, bitgen_t* rng, int64_t budget, int32_t min_length,
                      int32_t* saved) noexcept nogil:
    """One cut-join not tried before, the shortest taking path first: PROVEN when kept, STALLED
    when refused (and undone), -1 when none is left."""
    cdef Py_ssize_t P = g.P, p, m = 0, n, i
    cdef int k, side, res
    cdef int32_t ka, kb, x, best = 1 << 30
    for p in range(P, g.m - P):
        ka = g.lab[p]
        if ka <= 0 or (g.endA[ka] != p and g.endB[ka] != p):
            continue
        for k in range(4):
            x = <int32_t> (p + nb(P, k))
            kb = g.lab[x]
            if kb <= 0 or kb == ka:
                continue
            for side in range(2):
                if g.cut_tried[8 * p + 2 * k + side] or g.length[ka] > best:
                    continue
                if g.length[ka] < best:
                    best = g.length[ka]
                    m = 0
                g.cand[m] = <int32_t> (8 * p + 2 * k + side)
                m += 1
    if m == 0:
        return -1
    i = g.cand[bounded(rng, <uint32_t> m)]
    g.cut_tried[i] = 1
    p, k, side = i // 8, <int> ((i % 8) // 2), <int> (i % 2)
    x = <int32_t> (p + nb(P, k))
    ka, kb = g.lab[p], g.lab[x]
    n = cut_join(g, <int32_t> p, x, side, max(2, min_length), saved)
    if n == 0:
        return STALLED
    res = check(g, d, budget)
    if res == PROVEN:
        return PROVEN
    cut_undo(g, ka, kb, n, saved)
    return STALLED


cdef bint merge_loop(Lay* g, Ded* d, bitgen_t* rng, int64_t budget, int32_t min_length,
                     Py_ssize_t max_checks, int* grade, int64_t* steps) noexcept nogil:
    """Join paths, the shortest pairs first, while deduction proves the puzzle unique. False when
    interrupted. On return g holds a proven layout (grid and sol written), grade and steps its
    proof's."""
    cdef Py_ssize_t P = g.P, p, m, i, n
    cdef int k, res, best
    cdef int32_t a, b, ka, kb, oA, oB, score
    cdef int32_t* moved = g.cand + 8 * g.m  # scratch past the candidates
    cdef Py_ssize_t checks = 0
    cdef int rounds = 0
    memset(g.tried, 0, 4 * g.m)
    memset(g.cut_tried, 0, 8 * g.m)
    res = check(g, d, budget)
    if res != PROVEN:
        grade[0] = 0
        return True
    grade[0] = TRIAL if d.trial else FORCED
    steps[0] = d.steps
    while True:
        if signalled():
            return False
        # the candidate joins with the shortest joined length
        m = 0
        best = 1 << 30
        for p in range(P, g.m - P):
            ka = g.lab[p]
            if ka <= 0 or (g.endA[ka] != p and g.endB[ka] != p):
                continue
            for k in range(1, 3):  # each side pair once
                b = <int32_t> (p + (1 if k == 1 else P))
                kb = g.lab[b]
                if kb <= 0 or kb == ka or (g.endA[kb] != b and g.endB[kb] != b):
                    continue
                if g.tried[4 * p + k]:
                    continue
                score = g.length[ka] + g.length[kb]
                if score > best:
                    continue
                if score < best:
                    best = score
                    m = 0
                g.cand[m] = <int32_t> (4 * p + k)
                m += 1
        if m == 0:
            if checks >= max_checks:
                break
            res = try_cut_join(g, d, rng, budget, min_length, moved)
            if res < 0:
                # moves refused earlier may pass now that paths moved: one more round, when a
                # path is still too short
                if rounds >= MAX_ROUNDS or (rounds and not has_short(g, min_length)):
                    break
                rounds += 1
                memset(g.tried, 0, 4 * g.m)
                memset(g.cut_tried, 0, 8 * g.m)
                continue
            checks += 1
            if res == PROVEN:
                grade[0] = TRIAL if d.trial else FORCED
                steps[0] = d.steps
            continue
        i = g.cand[bounded(rng, <uint32_t> m)]
        a = <int32_t> (i // 4)
        k = <int> (i % 4)
        b = <int32_t> (a + (1 if k == 1 else P))
        ka, kb = g.lab[a], g.lab[b]
        if beside(g, a, b):
            g.tried[i] = 1
            continue
        oA, oB = g.endA[ka], g.endB[ka]
        n = join_paths(g, a, b, moved)
        res = check(g, d, budget)
        if res == PROVEN:
            grade[0] = TRIAL if d.trial else FORCED
            steps[0] = d.steps
            continue
        g.tried[i] = 1
        for p in range(n):  # undo the join
            g.lab[moved[p]] = kb
        g.length[kb] = <int32_t> n
        g.length[ka] -= <int32_t> n
        g.endA[ka], g.endB[ka] = oA, oB
    write_out(g)
    return True


def generate(Py_ssize_t rows, Py_ssize_t cols, bit_generator, int32_t min_length,
             Py_ssize_t max_attempts, int64_t max_steps, Py_ssize_t max_checks):
    """A unique puzzle under Flow Free's rules: (grid, solution, grade, steps, attempts), or None
    when every attempt failed. ``grade``: 1 forced rules alone, 2 trial; ``steps``: the squares
    its proof looked at; ``max_steps``: the budget of each check (past it a join is refused)."""
    check_grid(rows, cols, "rows x cols")
    grid = np.zeros((rows, cols), np.int16)
    sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vgrid = grid, vsol = sol
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Py_ssize_t attempt = 0, i, n = rows * cols
    cdef int grade = 0
    cdef int64_t steps = 0
    cdef bint done = False, stop = False
    cdef Lay g
    cdef Ded d
    memset(&g, 0, sizeof(Lay))
    memset(&d, 0, sizeof(Ded))
    try:
        with nogil:
            lay_alloc(&g, rows, cols)
            ded_alloc(&d, rows, cols)
        with bit_generator.lock, nogil:
            while attempt < max_attempts and not done:
                attempt += 1
                if not tile(&g, rng, max(PIECE if attempt <= PIECE_TRIES else 2, min_length)):
                    continue
                if not merge_loop(&g, &d, rng, max_steps, min_length, max_checks, &grade, &steps):
                    stop = True
                    break
                if grade == 0:
                    continue
                if has_short(&g, min_length):
                    continue
                for i in range(n):
                    vgrid[i // cols, i % cols] = g.grid[i]
                    vsol[i // cols, i % cols] = g.sol[i]
                done = True
    finally:
        lay_free(&g)
        ded_free(&d)
    if stop:
        raise_pending()
    if not done:
        return None
    return grid, sol, grade, steps, attempt


def deduce_grid(const int16_t[:, ::1] grid, int64_t max_steps, int64_t probe_cap=PROBE_CAP):
    """Deduce a puzzle under Flow Free's rules (numbers > 0, no solids): (outcome, solution,
    trial, steps), outcome 1 proven unique (solution its only one), 0 stalled, -1 no solution,
    -2 over max_steps (solution None unless proven)."""
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1]
    check_grid(rows, cols, "grid")
    sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vsol = sol
    cdef int res
    cdef Ded d
    memset(&d, 0, sizeof(Ded))
    try:
        with nogil:
            ded_alloc(&d, rows, cols)
            ded_init(&d, &grid[0, 0])
            d.budget = max_steps
            d.probe_cap = probe_cap
            res = deduce(&d)
            if res == PROVEN:
                ded_solution(&d, &vsol[0, 0])
        return res, (sol if res == PROVEN else None), bool(d.trial), int(d.steps)
    finally:
        ded_free(&d)
