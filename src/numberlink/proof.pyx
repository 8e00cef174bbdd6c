"""The default generator's proof of uniqueness: sound deduction under Flow Free's rules.

Called by ``src/numberlink/layout.pyx`` (through ``proof.pxd``) to check each move, and by
``trapcore/numberlink/_portfolio.py`` (``deduce_grid``) for ``Puzzle.difficulty``.

Sound rules only (true in every solution, whether or not there is one): a square has exactly its
degree of path edges (1 at a number, 2 elsewhere, every square filled); an edge that would close
a loop, join two numbers, or reach into the middle of a path is off; a square whose other ways
out are off takes the rest. When these stall, trial: an undecided edge assumed on (then off)
whose consequences contradict within PROBE_CAP squares is the opposite. Once every edge is
decided, the edges are the only solution. Partial paths are kept in an undoable union-find
(union by size, no path compression) whose roots carry the path's number and its two ends;
changes go on a trail so that a trial is undone exactly. Scratch: ``ded_alloc``/``ded_free``.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from common.checks cimport check_grid

cdef enum:
    UNK = 0
    ON = 1
    OFF = 2
    T_EDGE = 0
    T_UNION = 1


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
    d.todo = <int32_t*> calloc(2 * m, 4)
    d.tk = <int32_t*> calloc(t, 4)
    d.ta = <int32_t*> calloc(t, 4)
    d.tb = <int32_t*> calloc(t, 4)
    d.tc = <int32_t*> calloc(t, 4)
    d.td = <int32_t*> calloc(t, 4)
    d.te = <int32_t*> calloc(t, 4)
    d.tf = <int32_t*> calloc(t, 4)
    if (d.need == NULL or d.eR == NULL or d.eD == NULL or d.inq == NULL or d.parent == NULL
            or d.size == NULL or d.colour == NULL or d.endA == NULL or d.endB == NULL
            or d.queue == NULL or d.todo == NULL or d.tk == NULL or d.ta == NULL or d.tb == NULL
            or d.tc == NULL
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
    free(d.todo)
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
    cdef Py_ssize_t mark, p, n, i, kept
    cdef int k, res, v
    cdef bint progress
    d.limit = d.budget
    res = propagate(d)
    if res != STALLED:
        return res
    # the undecided edges in scan order (row-major, East then South): trial visits only these
    n = 0
    for p in range(d.P, d.m - d.P):
        if d.need[p]:
            for k in range(1, 3):
                if edge_at(d, <int32_t> p, k)[0] == UNK:
                    d.todo[n] = <int32_t> (2 * p + k - 1)
                    n += 1
    while d.unknown:
        progress = False
        kept = 0
        for i in range(n):
            p = d.todo[i] // 2
            k = d.todo[i] % 2 + 1
            if edge_at(d, <int32_t> p, k)[0] != UNK:
                continue
            d.todo[kept] = d.todo[i]
            kept += 1
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
        n = kept
        if not progress:
            return STALLED
    return PROVEN


cdef void ded_solution(Ded* d, int16_t* out) noexcept nogil:
    """Write each square's number (its fragment's colour) into out (rows x cols)."""
    cdef Py_ssize_t r, c
    for r in range(d.R):
        for c in range(d.C):
            out[r * d.C + c] = <int16_t> d.colour[find(d, <int32_t> ((r + 1) * d.P + c + 1))]


cdef bint ded_matches(Ded* d, const int16_t* sol) noexcept nogil:
    """True when every square's number (its fragment's) is sol's (rows x cols)."""
    cdef Py_ssize_t r, c
    for r in range(d.R):
        for c in range(d.C):
            if d.colour[find(d, <int32_t> ((r + 1) * d.P + c + 1))] != sol[r * d.C + c]:
                return False
    return True


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
