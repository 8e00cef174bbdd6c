"""Numberlink's deductive solver: sound rules only, in grades, to prove a puzzle unique or stall.

Called only by ``trapcore/numberlink/deduce.py``, which validates the grid and numbers its paths
1..K. The model: an edge per pair of adjacent non-solid squares (unknown, on or off), chains of
on edges in a union-find, each chain's colour set at its root (W words of bits: bit k for path
k, bit 0 "may stay empty" without fill). A queue of squares to look at again drives the forced
rules; the region rules (a depth-first search per path, its cut squares and edges) run when the
queue is empty; trials copy the state. ``tests/reference/numberlink_deduce.py`` is the twin, and
``docs/how-it-works/numberlink.md`` states the rules and grades.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from common.checks cimport check_grid
from common.signals cimport raise_pending
from common.unionfind cimport uf_find


cdef void push_chain(Ctx* c, int32_t root, bint neighbours) noexcept nogil:
    """Queue a chain's squares (and their neighbours): work of its length, charged by the next
    spend or charge."""
    cdef int32_t x = root
    cdef int d
    while True:
        c.work += 1
        push(c, x)
        if neighbours:
            for d in range(4):
                if c.inc[4 * x + d] >= 0:
                    push(c, c.nb[4 * x + d])
        x = c.s.nxt[x]
        if x == root:
            break


cdef void clear_queue(Ctx* c) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(c.top):
        c.queued[c.stack[i]] = 0
    c.top = 0


cdef int set_off(Ctx* c, int32_t e) noexcept nogil:
    cdef State* s = c.s
    cdef int32_t a = c.ea[e], b = c.eb[e]
    s.es[e] = OFF
    s.unknown -= 1
    s.dunk[a] -= 1
    s.dunk[b] -= 1
    dirty(c, colp(c, uf_find(s.parent, a)), colp(c, uf_find(s.parent, b)), False)
    push(c, a)
    push(c, b)
    return spend(c)


cdef int shrink(Ctx* c, int32_t root, uint64_t* new, int rule, int32_t x) noexcept nogil:
    """Narrow root's colour set to new (a subset); note the rule when it fixes a number."""
    cdef int32_t old = 0, k
    if zero(c, new):
        return CONTRA
    if rule >= 0 and c.record:
        old = single(c, colp(c, root))
    dirty(c, colp(c, root), new, True)
    memcpy(colp(c, root), new, c.W * sizeof(uint64_t))
    push_chain(c, root, True)
    if rule >= 0 and c.record and old == 0:
        k = single(c, colp(c, root))
        if k:
            note(c, rule, k, x, -1)
    return spend(c)


cdef int finish(Ctx* c, int32_t k, int32_t root) noexcept nogil:
    """Path k is finished (both its ends on the chain at root): no other chain may take k."""
    cdef Py_ssize_t x
    cdef int32_t r
    cdef int res
    cdef uint64_t* cr
    for x in range(c.n):
        if c.values[x] < 0:
            continue
        r = uf_find(c.s.parent, <int32_t> x)
        cr = colp(c, r)
        if r != root and has(cr, k):
            # the neighbours lose k too, so only the chain's own edges can change
            cr[k >> 6] &= ~((<uint64_t> 1) << (k & 63))
            if zero(c, cr):
                return CONTRA
            push_chain(c, r, False)
            res = spend(c)
            if res:
                return res
    return charge(c, c.n)


cdef int set_on(Ctx* c, int32_t e, int rule, int32_t at) noexcept nogil:
    """Turn edge e on (rule: why, for the step; at: the square the rule looked at, or -1)."""
    cdef State* s = c.s
    cdef int32_t x = c.ea[e], y = c.eb[e], rx, ry, tmp, k, p, q
    cdef uint64_t* t = c.tmp + c.W
    cdef uint64_t* cx
    cdef uint64_t* cy
    cdef Py_ssize_t w
    cdef int res
    rx = uf_find(s.parent, x)
    ry = uf_find(s.parent, y)
    if rx == ry:
        return CONTRA
    cx = colp(c, rx)
    cy = colp(c, ry)
    for w in range(c.W):
        t[w] = cx[w] & cy[w]
    t[0] &= ~c.empty
    if zero(c, t):
        return CONTRA
    s.es[e] = ON
    s.unknown -= 1
    s.don[x] += 1
    s.don[y] += 1
    s.dunk[x] -= 1
    s.dunk[y] -= 1
    if s.size[rx] < s.size[ry]:
        rx, ry = ry, rx
    # a new loop edge has a square on each side, so the smaller side's squares find them all;
    # the larger side's (and the neighbours') look again only where the colours shrank
    dirty(c, colp(c, rx), t, True)
    dirty(c, colp(c, ry), t, True)
    push_chain(c, ry, not same(c, t, colp(c, ry)))
    if not same(c, t, colp(c, rx)):
        push_chain(c, rx, True)
    push(c, x)
    push(c, y)
    s.parent[ry] = rx
    s.size[rx] += s.size[ry]
    tmp = s.nxt[rx]
    s.nxt[rx] = s.nxt[ry]
    s.nxt[ry] = tmp
    memcpy(colp(c, rx), t, c.W * sizeof(uint64_t))
    k = single(c, t)
    if at == y:
        note(c, rule, k, y, x)
    else:
        note(c, rule, k, x, y)
    res = spend(c)
    if res:
        return res
    if k:
        p = c.ends[2 * k]
        q = c.ends[2 * k + 1]
        if uf_find(s.parent, p) == rx and uf_find(s.parent, q) == rx:
            return finish(c, k, rx)
    return OK


cdef int look(Ctx* c, int32_t x) noexcept nogil:
    """The forced rules at square x: loops, disjoint colours, no-touch, degree, support."""
    cdef State* s = c.s
    cdef int32_t rx = uf_find(s.parent, x), ry, e, y, k
    cdef uint64_t* cx = colp(c, rx)
    cdef uint64_t* cy
    cdef uint64_t* t = c.tmp
    cdef uint64_t* once = c.tmp + 3 * c.W
    cdef uint64_t* twice = c.tmp + 4 * c.W
    cdef uint64_t* m
    cdef int d, res, need, rule
    cdef int on, unk
    cdef bint end = c.values[x] > 0
    cdef Py_ssize_t w
    for d in range(4):
        e = c.inc[4 * x + d]
        if e < 0:
            continue
        y = c.nb[4 * x + d]
        if s.es[e] == UNK:
            ry = uf_find(s.parent, y)
            if ry == rx or not meet(c, cx, colp(c, ry)):
                res = set_off(c, e)
                if res:
                    return res
        elif s.es[e] == OFF and not c.touch:
            ry = uf_find(s.parent, y)
            if ry == rx:
                return CONTRA
            k = single(c, cx)
            cy = colp(c, ry)
            if k and has(cy, k):
                memcpy(t, cy, c.W * sizeof(uint64_t))
                t[k >> 6] &= ~((<uint64_t> 1) << (k & 63))
                res = shrink(c, ry, t, -1, -1)
                if res:
                    return res
    on = s.don[x]
    unk = s.dunk[x]
    if end:
        need = 1
    elif cx[0] & c.empty:
        if cx[0] == c.empty and zero_from(c, cx, 1):
            need = 0
        elif unk < 2:
            memset(t, 0, c.W * sizeof(uint64_t))
            t[0] = c.empty  # it cannot be on a path: it stays empty
            return shrink(c, rx, t, -1, -1)
        else:
            need = -1
    else:
        need = 2
    if need >= 0:
        if on > need or on + unk < need:
            return CONTRA
        if unk:
            if on == need:
                for d in range(4):
                    e = c.inc[4 * x + d]
                    if e >= 0 and s.es[e] == UNK:
                        res = set_off(c, e)
                        if res:
                            return res
                return OK
            if on + unk == need:
                rule = ONE_EXIT if (on or end) else TWO_NEIGHBOURS
                for d in range(4):
                    e = c.inc[4 * x + d]
                    if e >= 0 and s.es[e] == UNK:
                        res = set_on(c, e, rule, x)
                        if res:
                            return res
                return OK
    if not end:
        memset(once, 0, c.W * sizeof(uint64_t))
        memset(twice, 0, c.W * sizeof(uint64_t))
        for d in range(4):
            e = c.inc[4 * x + d]
            if e < 0 or s.es[e] == OFF:
                continue
            m = cx if s.es[e] == ON else colp(c, uf_find(s.parent, c.nb[4 * x + d]))
            for w in range(c.W):
                twice[w] |= once[w] & m[w]
                once[w] |= m[w]
        for w in range(c.W):
            t[w] = cx[w] & twice[w]
        t[0] = (t[0] & ~c.empty) | (cx[0] & c.empty)
        if not same(c, t, cx):
            return shrink(c, rx, t, -1, -1)
    return OK


cdef int run(Ctx* c) noexcept nogil:
    cdef int32_t x
    cdef int res
    while c.top:
        c.top -= 1
        x = c.stack[c.top]
        c.queued[x] = 0
        res = charge(c, 1)
        if res:
            return res
        res = look(c, x)
        if res:
            return res
    return OK


cdef int region(Ctx* c, int32_t k) noexcept nogil:
    """The region rules for path k: squares on no simple route between its ends lose k; the
    squares and edges that every such route uses take it (a depth-first search from one end,
    lowpoints; a square is on some simple route iff it shares a block with the edge joining
    the two ends, added)."""
    cdef State* s = c.s
    cdef int32_t a = c.ends[2 * k], b = c.ends[2 * k + 1]
    cdef int32_t v, w, e, p, cnt, sp, c0 = -1, low1, r, g, inside
    cdef bint skip
    cdef Py_ssize_t word = k >> 6, y, i
    cdef uint64_t bit = (<uint64_t> 1) << (k & 63)
    cdef uint64_t* t = c.tmp + 5 * c.W
    cdef uint64_t* cr
    cdef int d, res
    if uf_find(s.parent, a) == uf_find(s.parent, b):
        return OK
    c.gen += 1
    g = c.gen
    c.mark[a] = g
    c.disc[a] = 0
    c.low[a] = 0
    c.par[a] = -1
    c.pedge[a] = -1
    c.order[0] = a
    c.itr[a] = 0
    cnt = 1
    c.dstack[0] = a
    sp = 1
    while sp:
        v = c.dstack[sp - 1]
        if c.itr[v] < 4:
            d = c.itr[v]
            c.itr[v] += 1
            e = c.inc[4 * v + d]
            if e < 0 or s.es[e] == OFF:
                continue
            w = c.nb[4 * v + d]
            if not (colp(c, uf_find(s.parent, w))[word] & bit):
                continue
            if c.mark[w] != g:
                c.mark[w] = g
                c.disc[w] = cnt
                c.low[w] = cnt
                c.par[w] = v
                c.pedge[w] = e
                c.itr[w] = 0
                c.order[cnt] = w
                cnt += 1
                c.dstack[sp] = w
                sp += 1
            elif e != c.pedge[v] and c.disc[w] < c.low[v]:
                c.low[v] = c.disc[w]
        else:
            sp -= 1
            if sp:
                p = c.dstack[sp - 1]
                if c.low[v] < c.low[p]:
                    c.low[p] = c.low[v]
    res = charge(c, cnt)
    if res:
        return res
    if c.mark[b] != g:
        return CONTRA
    v = b
    while v != a:
        c.onp[v] = g
        c0 = v
        v = c.par[v]
    c.blk[a] = a
    inside = 1
    for i in range(1, cnt):
        v = c.order[i]
        p = c.par[v]
        low1 = 0 if c.onp[v] == g else c.low[v]
        c.blk[v] = v if low1 >= c.disc[p] else c.blk[p]
        inside += c.blk[v] == c0
    # every square that may take k is in the block (the counts are still exact): none loses k
    skip = c.made == c.counted and inside == c.kcount[k]
    for y in range(0 if not skip else c.n, c.n):
        if c.values[y] < 0 or y == a:
            continue
        r = uf_find(s.parent, <int32_t> y)
        cr = colp(c, r)
        if (cr[word] & bit) and (c.mark[y] != g or c.blk[y] != c0):
            memcpy(t, cr, c.W * sizeof(uint64_t))
            t[word] &= ~bit
            res = shrink(c, r, t, REGION, <int32_t> y)
            if res:
                return res
    res = charge(c, c.n)  # the scan's work, also when skipped: the twin scans every time
    if res:
        return res
    v = b
    while v != a:
        p = c.par[v]
        if c.low[v] > c.disc[p] and s.es[c.pedge[v]] == UNK:
            res = set_on(c, c.pedge[v], CUT, -1)
            if res:
                return res
        if p != a and c.low[v] >= c.disc[p]:
            r = uf_find(s.parent, p)
            cr = colp(c, r)
            memset(t, 0, c.W * sizeof(uint64_t))
            t[word] = cr[word] & bit
            if not same(c, t, cr):
                res = shrink(c, r, t, CUT, p)
                if res:
                    return res
        v = p
    return run(c)


cdef int close(Ctx* c, int level) noexcept nogil:
    """Apply the rules of grades up to level until none applies."""
    cdef int res = run(c)
    cdef int32_t k
    if res or level < REGIONS:
        return res
    while c.s.unknown and not zero(c, c.s.dirty):
        count_colours(c)
        res = charge(c, c.n)
        if res:
            return res
        for k in range(1, c.K + 1):
            if has(c.s.dirty, k):
                c.s.dirty[k >> 6] &= ~((<uint64_t> 1) << (k & 63))
                res = region(c, k)
                if res:
                    return res
    return OK


cdef int attempt(Ctx* c, int32_t e, int value, int32_t root, Py_ssize_t k,
                 int level) noexcept nogil:
    """In trial's copy of the state, assume edge e on or off (value; e < 0: the chain at root
    takes number k, bit 0 "empty") and apply the rules of grades up to level: CONTRA when that
    leads to a contradiction, else OK (or STOP)."""
    cdef uint64_t* t = c.tmp + 6 * c.W
    cdef int res
    cdef bint rec = c.record
    copy_state(c, &c.trial, &c.main)
    c.s = &c.trial
    c.record = False
    res = charge(c, c.n)  # the copy
    if res:
        pass
    elif e >= 0:
        res = set_on(c, e, TRIAL, -1) if value == ON else set_off(c, e)
    else:
        memset(t, 0, c.W * sizeof(uint64_t))
        t[k >> 6] = (<uint64_t> 1) << (k & 63)
        res = shrink(c, root, t, -1, -1)
    if res == OK:
        res = close(c, level)
    c.s = &c.main
    c.record = rec
    clear_queue(c)
    return res


cdef int sweep(Ctx* c, int level, bint* progress) noexcept nogil:
    """One sweep of depth-1 trials, each closed under the rules up to level: an unknown edge
    whose state, assumed, leads to a contradiction takes the other state; with level FORCED, a
    number (or "empty") that, given to a chain, does so is taken away from it."""
    cdef int32_t e
    cdef Py_ssize_t x, k
    cdef uint64_t* t = c.tmp + 7 * c.W
    cdef uint64_t* cx
    cdef int value, res
    for e in range(c.E):
        for value in range(ON, OFF + 1):
            if c.main.es[e] != UNK:
                break
            res = attempt(c, e, value, -1, 0, level)
            if res == CONTRA:
                if value == ON:
                    note(c, TRIAL_OFF, 0, c.ea[e], c.eb[e])
                res = set_off(c, e) if value == ON else set_on(c, e, TRIAL, -1)
                if res == OK:
                    res = close(c, REGIONS)
                progress[0] = True
            if res:
                return res
    for x in range(c.n if level == FORCED else 0):  # colour trials: the forced rules only
        for k in range(c.K + 1):
            cx = c.main.col + x * c.W
            if c.values[x] < 0 or uf_find(c.main.parent, <int32_t> x) != x or single_bit(c, cx):
                break
            if not has(cx, k):
                continue
            res = attempt(c, -1, 0, <int32_t> x, k, level)
            if res == CONTRA:
                memcpy(t, cx, c.W * sizeof(uint64_t))
                t[k >> 6] &= ~((<uint64_t> 1) << (k & 63))
                res = shrink(c, <int32_t> x, t, TRIAL, <int32_t> x)
                if res == OK:
                    res = close(c, REGIONS)
                progress[0] = True
            if res:
                return res
    return OK


cdef int trials(Ctx* c) noexcept nogil:
    """Depth-1 trials to a fixpoint: sweeps whose trials use the forced rules alone, then, when
    those find nothing, the region rules too (the same fixpoint, reached with cheaper trials)."""
    cdef bint progress
    cdef int res
    while c.main.unknown:
        progress = False
        res = sweep(c, FORCED, &progress)
        if res or progress:
            if res:
                return res
            continue
        res = sweep(c, REGIONS, &progress)
        if res or not progress:
            return res
    return OK


def deduce(const int16_t[:, ::1] grid, Py_ssize_t numbers, bint fill, bint touch,
           int max_grade, int64_t max_steps, bint record):
    """Deduce a validated grid whose paths are numbered 1..numbers: (status, grade, solution,
    steps, work). status: 0 stalled, 1 solved, 2 contradiction, 3 out of steps; grade: the
    grade (0 forced, 1 regions, 2 trial) whose rules decided every edge (-1 unsolved); solution:
    int16 (rows, cols), the path number of every square (0 unused), or None; steps: int32
    (m, 4) rows (rule, number, square, square or -1), squares flat; work: deductions made and
    squares looked at (what max_steps bounds)."""
    check_grid(grid.shape[0], grid.shape[1], "grid")
    cdef Py_ssize_t rows = grid.shape[0], cols = grid.shape[1], n = rows * cols
    cdef Py_ssize_t W = (numbers >> 6) + 1, E = 0, x, r, q, i, ni, nb8, n64
    cdef int32_t e, k
    cdef int res = OK, level, grade = -1, status = 0
    cdef Ctx c
    cdef int32_t* i32 = NULL
    cdef uint8_t* u8 = NULL
    cdef uint64_t* u64 = NULL
    cdef int32_t* p
    cdef uint64_t* cl
    memset(&c, 0, sizeof(Ctx))
    for r in range(rows):
        for q in range(cols):
            if grid[r, q] >= 0:
                E += (q + 1 < cols and grid[r, q + 1] >= 0) + (r + 1 < rows and grid[r + 1, q] >= 0)
    c.n = n
    c.E = E
    c.W = W
    c.K = numbers
    c.values = &grid[0, 0]
    c.empty = 0 if fill else 1
    c.touch = touch
    c.record = record
    c.max_steps = max_steps
    c.cap = 2 * E + n + 1 if record else 0
    ni = 2 * E + 8 * n + 3 * (numbers + 1) + 6 * n + 10 * n
    nb8 = 2 * E + 4 * n + 2 * n
    n64 = 2 * (n + 1) * W + 8 * W
    sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vs = sol
    steps = np.zeros((c.cap + 1, 4), np.int32)
    cdef int32_t[:, ::1] vst = steps
    try:
        i32 = <int32_t*> malloc(ni * sizeof(int32_t))
        u8 = <uint8_t*> malloc(nb8 + 1)
        u64 = <uint64_t*> malloc(n64 * sizeof(uint64_t))
        if i32 == NULL or u8 == NULL or u64 == NULL:
            raise MemoryError(f"not enough memory to deduce a {rows} x {cols} grid")
        with nogil:
            p = i32
            c.ea = p
            c.eb = p + E
            p += 2 * E
            c.inc = p
            c.nb = p + 4 * n
            p += 8 * n
            c.ends = p
            p += 2 * (numbers + 1)
            state_init(&c, &c.main, p, u8, u64)
            state_init(&c, &c.trial, p + 3 * n, u8 + E + 2 * n, u64 + (n + 1) * W)
            p += 6 * n
            c.stack = p
            c.mark = p + n
            c.disc = p + 2 * n
            c.low = p + 3 * n
            c.par = p + 4 * n
            c.pedge = p + 5 * n
            c.order = p + 6 * n
            c.dstack = p + 7 * n
            c.blk = p + 8 * n
            c.onp = p + 9 * n
            c.kcount = p + 10 * n
            c.steps = &vst[0, 0]
            c.queued = u8 + 2 * E + 4 * n
            c.itr = c.queued + n
            c.tmp = u64 + 2 * (n + 1) * W
            memset(u8, 0, nb8 + 1)
            memset(u64, 0, n64 * sizeof(uint64_t))
            for x in range(4 * n):
                c.inc[x] = -1
                c.nb[x] = -1
            e = 0
            for r in range(rows):
                for q in range(cols):
                    x = r * cols + q
                    if grid[r, q] < 0:
                        continue
                    if q + 1 < cols and grid[r, q + 1] >= 0:
                        c.ea[e] = <int32_t> x
                        c.eb[e] = <int32_t> (x + 1)
                        c.inc[4 * x] = e
                        c.nb[4 * x] = <int32_t> (x + 1)
                        c.inc[4 * (x + 1) + 1] = e
                        c.nb[4 * (x + 1) + 1] = <int32_t> x
                        e += 1
                    if r + 1 < rows and grid[r + 1, q] >= 0:
                        c.ea[e] = <int32_t> x
                        c.eb[e] = <int32_t> (x + cols)
                        c.inc[4 * x + 2] = e
                        c.nb[4 * x + 2] = <int32_t> (x + cols)
                        c.inc[4 * (x + cols) + 3] = e
                        c.nb[4 * (x + cols) + 3] = <int32_t> x
                        e += 1
            for k in range(2 * (numbers + 1)):
                c.ends[k] = -1
            for x in range(n):
                c.main.parent[x] = <int32_t> x
                c.main.size[x] = 1
                c.main.nxt[x] = <int32_t> x
                c.main.don[x] = 0
                c.main.dunk[x] = 0
                c.mark[x] = 0
                c.onp[x] = 0
                for i in range(4):
                    c.main.dunk[x] += c.inc[4 * x + i] >= 0
                k = c.values[x]
                cl = c.main.col + x * W
                if k > 0:
                    cl[k >> 6] = (<uint64_t> 1) << (k & 63)
                    if c.ends[2 * k] < 0:
                        c.ends[2 * k] = <int32_t> x
                    else:
                        c.ends[2 * k + 1] = <int32_t> x
                elif k == 0:
                    for i in range(W):
                        cl[i] = ~(<uint64_t> 0)
                    if (numbers & 63) < 63:
                        cl[W - 1] &= ((<uint64_t> 2) << (numbers & 63)) - 1
                    cl[0] = (cl[0] & ~(<uint64_t> 1)) | c.empty
            c.main.unknown = E
            for i in range(W):  # every number's region rules have yet to run
                c.main.dirty[i] = ~(<uint64_t> 0)
            if (numbers & 63) < 63:
                c.main.dirty[W - 1] &= ((<uint64_t> 2) << (numbers & 63)) - 1
            c.main.dirty[0] &= ~(<uint64_t> 1)
            c.s = &c.main
            for x in range(n - 1, -1, -1):  # the stack looks at the first square first
                if c.values[x] >= 0:
                    push(&c, <int32_t> x)
            for level in range(max_grade + 1):
                if level == TRIALS:
                    res = trials(&c)
                else:
                    res = close(&c, level)
                if res:
                    break
                if c.main.unknown == 0:
                    grade = level
                    break
            if res == CONTRA:
                status = 2
            elif res == STOP:
                status = 3
            elif grade >= 0:
                status = 1
                for x in range(n):
                    k = c.values[x]
                    if k == 0 and c.main.don[x]:
                        k = single(&c, c.main.col + uf_find(c.main.parent, <int32_t> x) * W)
                    vs[x // cols, x % cols] = <int16_t> k
    finally:
        free(i32)
        free(u8)
        free(u64)
    if c.interrupted:
        raise_pending()
    return status, grade, sol if status == 1 else None, steps[:c.nsteps].copy(), int(c.work)
