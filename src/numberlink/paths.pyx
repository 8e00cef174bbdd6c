"""Random paths on a board's graph: steps 1 and 2 of ``generate_board`` (trapcore/numberlink/
board_generate.py validates every argument, then calls ``lay_paths``). Step 1: paths start on a
free node with the fewest free neighbours and grow from both ends onto free nodes beside no other
node of theirs; step 2: short paths and nodes left over join a neighbouring path (at its end or
cutting it), a bridge lane joining the paths on its two sides; a board that cannot be repaired is
drawn again. Draws and choices are 0.2's (tests/reference/numberlink_board_paths.py, its twin):
numpy's ``Generator.integers`` (Lemire on 32-bit draws, none for a choice of one), same seeds,
same paths. Per board, linear in the edges up to a log factor: free nodes sit in a Fenwick tree
per free degree (a select finds the start; a reverse table updates the nodes that list a node
taken or freed), paths in an append-only pool with each node's position (a join or a cut costs
the paths it rewrites). Ctrl-C is polled every 2**14 steps.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

from common.checks cimport check_count
from numberlink.fenwick cimport fw_add, fw_select
from common.random cimport bitgen_of, bounded
from common.scratch cimport Scratch, scratch_alloc, scratch_free
from common.signals cimport POLL_MASK, raise_pending, signalled


ctypedef struct Grow:
    const int32_t* nbr      # n x width, -1 padded
    const uint8_t* no_end   # 1: a bridge lane, which may not end a path
    const int32_t* label0   # the blank board: -1 solid, 0 free
    Py_ssize_t n, width, top, cap, P
    int32_t* label          # -1 solid, 0 free, k > 0 path k, -2 a start nothing grew from
    int32_t* pos            # per node on a path: its index along the path
    int32_t* fdeg           # per node: the entries of its row that are free
    int32_t* tree           # (width + 1) Fenwick trees over the nodes, one per free degree
    int32_t* count          # per free degree: the free nodes in its tree
    int32_t* rev_start      # reverse table (CSR): the nodes whose rows list v
    int32_t* rev
    int32_t* dq             # the growing path, a deque of 2n + 1 slots
    int32_t* opts           # scratch: the steps open from an end (width)
    int32_t* pstart         # per path number (cap): its nodes are pool[pstart:pstart + plen]
    int32_t* plen           # 0: no such path (joined into another)
    int32_t* pool           # P slots, append-only; pool2 the other half of a compaction
    int32_t* pool2
    int32_t* ta             # scratch paths of n nodes: a join, the rest of a cut, a piece
    int32_t* tb
    int32_t* tp
    int32_t* bes            # scratch: (end of the piece, neighbour on a path) pairs (4 width)
    int32_t* s_label        # snapshot for ``through``: label, pos, pstart, plen, pool
    int32_t* s_pos
    int32_t* s_pstart
    int32_t* s_plen
    int32_t* s_pool
    Py_ssize_t used, s_used
    int32_t next, s_next
    Py_ssize_t steps
    bint interrupted


cdef inline bint tick(Grow* g) noexcept nogil:
    """Count a step; poll for Ctrl-C every 2**14 of them (True: stop)."""
    g.steps += 1
    if (g.steps & POLL_MASK) == 0 and signalled():
        g.interrupted = True
    return g.interrupted


cdef inline void bucket(Grow* g, Py_ssize_t v, int32_t sign) noexcept nogil:
    cdef int32_t d = g.fdeg[v]
    if 0 < d <= g.width:
        fw_add(g.tree + d * g.n, g.n, v, sign)
        g.count[d] += sign


cdef inline void listed_by(Grow* g, Py_ssize_t x, int32_t delta) noexcept nogil:
    """Node x was freed (+1) or taken (-1): the free degrees of the nodes listing it."""
    cdef Py_ssize_t j, v
    for j in range(g.rev_start[x], g.rev_start[x + 1]):
        v = g.rev[j]
        if g.label[v] == 0:
            bucket(g, v, -1)
            g.fdeg[v] += delta
            bucket(g, v, 1)
        else:
            g.fdeg[v] += delta


cdef inline void take(Grow* g, Py_ssize_t x, int32_t k) noexcept nogil:
    bucket(g, x, -1)
    g.label[x] = k
    listed_by(g, x, -1)


cdef inline void release(Grow* g, Py_ssize_t x) noexcept nogil:
    listed_by(g, x, 1)
    g.label[x] = 0
    bucket(g, x, 1)


cdef inline uint32_t pick(bitgen_t* rng, uint32_t m) noexcept nogil:
    """``Generator.integers(m)``: no draw for m == 1."""
    return 0 if m == 1 else bounded(rng, m)


cdef inline bint fits(Grow* g, Py_ssize_t w, int32_t k, Py_ssize_t end) noexcept nogil:
    """Node w may extend path k at ``end``: free, and no other neighbour on path k."""
    cdef Py_ssize_t j, x
    if g.label[w] != 0:
        return False
    for j in range(g.width):
        x = g.nbr[w * g.width + j]
        if x < 0:
            break
        if x != end and g.label[x] == k:
            return False
    return True


cdef void reset(Grow* g) noexcept nogil:
    """A fresh board: labels, free degrees and their trees, no paths."""
    cdef Py_ssize_t n = g.n, width = g.width, v, j, w
    memcpy(g.label, g.label0, <size_t> n * sizeof(int32_t))
    memset(g.fdeg, 0, <size_t> n * sizeof(int32_t))
    memset(g.tree, 0, <size_t> ((width + 1) * n + width + 1) * sizeof(int32_t))  # and count
    for v in range(n):
        for j in range(width):
            w = g.nbr[v * width + j]
            if w < 0:
                break
            if g.label[w] == 0:
                g.fdeg[v] += 1
    for v in range(n):
        if g.label[v] == 0:
            bucket(g, v, 1)
    g.used = 0
    g.next = 1


cdef void compact(Grow* g) noexcept nogil:
    """Move the live paths to the front of the other pool."""
    cdef Py_ssize_t used = 0, L
    cdef int32_t k
    cdef int32_t* t
    for k in range(1, g.next):
        L = g.plen[k]
        if L > 0:
            memcpy(g.pool2 + used, g.pool + g.pstart[k], <size_t> L * sizeof(int32_t))
            g.pstart[k] = <int32_t> used
            used += L
    t = g.pool
    g.pool = g.pool2
    g.pool2 = t
    g.used = used


cdef inline void ensure(Grow* g, Py_ssize_t need) noexcept nogil:
    if g.used + need > g.P:
        compact(g)


cdef void write(Grow* g, int32_t k, const int32_t* src, Py_ssize_t L) noexcept nogil:
    """Path k becomes src[0:L] (its nodes labelled k); ``ensure`` made room."""
    cdef Py_ssize_t i
    memcpy(g.pool + g.used, src, <size_t> L * sizeof(int32_t))
    g.pstart[k] = <int32_t> g.used
    g.plen[k] = <int32_t> L
    g.used += L
    for i in range(L):
        g.label[src[i]] = k
        g.pos[src[i]] = <int32_t> i


cdef inline void copy_oriented(int32_t* dst, const int32_t* src, Py_ssize_t L,
                               bint backwards) noexcept nogil:
    cdef Py_ssize_t i
    if backwards:
        for i in range(L):
            dst[i] = src[L - 1 - i]
    else:
        memcpy(dst, src, <size_t> L * sizeof(int32_t))


cdef Py_ssize_t grow(Grow* g, bitgen_t* rng) noexcept nogil:
    """Step 1 on a fresh board: lay the paths (1 .. K, in the pool); K, or -1 on Ctrl-C."""
    cdef Py_ssize_t n = g.n, width = g.width, d, s, end, w, j, h, t, m
    cdef int32_t k = 0
    cdef int side
    while True:
        d = 1
        while d <= width and g.count[d] == 0:
            d += 1
        if d > width:
            g.next = k + 1
            return k
        s = fw_select(g.tree + d * n, n, g.top, <int32_t> pick(rng, <uint32_t> g.count[d]))
        k += 1
        take(g, s, k)
        h = t = n
        g.dq[n] = <int32_t> s
        for side in range(1, -1, -1):  # grow the tail, then the head
            while True:
                end = g.dq[t] if side else g.dq[h]
                m = 0
                for j in range(width):
                    w = g.nbr[end * width + j]
                    if w < 0:
                        break
                    if fits(g, w, k, end):
                        g.opts[m] = <int32_t> w
                        m += 1
                if m == 0:
                    break
                w = g.opts[pick(rng, <uint32_t> m)]
                take(g, w, k)
                if side:
                    t += 1
                    g.dq[t] = <int32_t> w
                else:
                    h -= 1
                    g.dq[h] = <int32_t> w
                if tick(g):
                    return -1
        while t > h and g.no_end[g.dq[t]]:  # no number on a bridge lane
            release(g, g.dq[t])
            t -= 1
        while t > h and g.no_end[g.dq[h]]:
            release(g, g.dq[h])
            h += 1
        if t == h:  # nothing grew from here: joined to a path later (0.2 marks the start)
            if g.label[s] == 0:
                take(g, s, -2)
            else:
                g.label[s] = -2
        memcpy(g.pool + g.used, g.dq + h, <size_t> (t - h + 1) * sizeof(int32_t))
        g.pstart[k] = <int32_t> g.used
        g.plen[k] = <int32_t> (t - h + 1)
        g.used += t - h + 1
        for j in range(h, t + 1):
            g.pos[g.dq[j]] = <int32_t> (j - h)


cdef bint split(Grow* g, Py_ssize_t v, int32_t min_length) noexcept nogil:
    """Cut the path through node v beside it, v ending one part (both keep min_length)."""
    cdef int32_t k = g.label[v], new
    cdef Py_ssize_t L, i, j, la, lb, jj
    cdef const int32_t* p
    if k <= 0:
        return False
    L = g.plen[k]
    p = g.pool + g.pstart[k]
    i = g.pos[v]
    for jj in range(2):  # parts p[: j + 1] and p[j + 1 :], j = i, then i - 1
        j = i - jj
        la = j + 1
        lb = L - j - 1
        if la < min_length or lb < min_length:
            continue
        if g.no_end[p[j]] or g.no_end[p[j + 1]]:
            continue
        memcpy(g.ta, p, <size_t> la * sizeof(int32_t))
        memcpy(g.tb, p + la, <size_t> lb * sizeof(int32_t))
        ensure(g, L)
        write(g, k, g.ta, la)
        new = g.next
        g.next += 1
        write(g, new, g.tb, lb)
        return True
    return False


cdef bint touches(Grow* g, const int32_t* piece, Py_ssize_t m, int32_t k, Py_ssize_t lo,
                  Py_ssize_t hi, Py_ssize_t endp, Py_ssize_t e) noexcept nogil:
    """A node of the piece has a neighbour on path k at a position in [lo, hi], other than the
    pair (endp, e) where it joins."""
    cdef Py_ssize_t i, j, q, w
    for i in range(m):
        q = piece[i]
        for j in range(g.width):
            w = g.nbr[q * g.width + j]
            if w < 0:
                break
            if g.label[w] == k and lo <= g.pos[w] <= hi and not (q == endp and w == e):
                return True
    return False


cdef bint attach(Grow* g, const int32_t* piece, Py_ssize_t m, int32_t min_length) noexcept nogil:
    """Join a piece (nodes labelled 0) to a neighbouring path: onto that path's end, else
    cutting it beside the piece so that the piece extends one part; no path may come to run
    beside itself and no end may rest on a bridge lane."""
    cdef Py_ssize_t nb = 0, side, j, i, b, endp, e, L, lk, lr, far, first
    cdef int32_t k, new
    cdef const int32_t* p
    cdef bint flip, variant
    for side in range(2):  # (end of the piece, its neighbour on a path), both ends
        endp = piece[0] if side == 0 else piece[m - 1]
        for j in range(g.width):
            e = g.nbr[endp * g.width + j]
            if e < 0:
                break
            if g.label[e] > 0:
                g.bes[2 * nb] = <int32_t> endp
                g.bes[2 * nb + 1] = <int32_t> e
                nb += 1
    for b in range(nb):  # onto a path's end
        endp, e = g.bes[2 * b], g.bes[2 * b + 1]
        k = g.label[e]
        L = g.plen[k]
        p = g.pool + g.pstart[k]
        if not (e == p[0] or e == p[L - 1]) or touches(g, piece, m, k, 0, L, endp, e):
            continue
        flip = endp != piece[0]
        far = piece[0] if flip else piece[m - 1]
        if g.no_end[far]:
            continue
        copy_oriented(g.ta, p, L, e != p[L - 1])
        copy_oriented(g.ta + L, piece, m, flip)
        ensure(g, L + m)
        write(g, k, g.ta, L + m)
        return True
    for b in range(nb):  # cutting a path beside the piece
        endp, e = g.bes[2 * b], g.bes[2 * b + 1]
        k = g.label[e]
        L = g.plen[k]
        p = g.pool + g.pstart[k]
        i = g.pos[e]
        flip = endp != piece[0]
        far = piece[0] if flip else piece[m - 1]
        for variant in range(2):
            # keep p[: i + 1] (rest p[i + 1 :]), or p[i:] backwards (rest p[: i])
            lk = i + 1 if not variant else L - i
            lr = L - lk
            if lk + m < min_length or lr < min_length:
                continue
            first = i + 1 if not variant else 0  # the rest is p[first : first + lr]
            if g.no_end[p[first]] or g.no_end[p[first + lr - 1]]:
                continue
            if (touches(g, piece, m, k, 0, i, endp, e) if not variant
                    else touches(g, piece, m, k, i, L, endp, e)):
                continue
            if g.no_end[p[0] if not variant else p[L - 1]] or g.no_end[far]:
                continue
            copy_oriented(g.ta, p + (0 if not variant else i), lk, variant)
            copy_oriented(g.ta + lk, piece, m, flip)
            memcpy(g.tb, p + first, <size_t> lr * sizeof(int32_t))
            ensure(g, L + m)
            write(g, k, g.ta, lk + m)
            new = g.next
            g.next += 1
            write(g, new, g.tb, lr)
            return True
    return False


cdef void snapshot(Grow* g, bint back) noexcept nogil:
    """Save (back False) or restore (back True) the paths around a ``through``."""
    cdef size_t n = <size_t> g.n * sizeof(int32_t)
    cdef size_t c = <size_t> g.cap * sizeof(int32_t)
    if not back:
        memcpy(g.s_label, g.label, n)
        memcpy(g.s_pos, g.pos, n)
        memcpy(g.s_pstart, g.pstart, c)
        memcpy(g.s_plen, g.plen, c)
        memcpy(g.s_pool, g.pool, <size_t> g.used * sizeof(int32_t))
        g.s_used, g.s_next = g.used, g.next
    else:
        memcpy(g.label, g.s_label, n)
        memcpy(g.pos, g.s_pos, n)
        memcpy(g.pstart, g.s_pstart, c)
        memcpy(g.plen, g.s_plen, c)
        memcpy(g.pool, g.s_pool, <size_t> g.s_used * sizeof(int32_t))
        g.used, g.next = g.s_used, g.s_next


cdef bint through(Grow* g, Py_ssize_t x, int32_t min_length) noexcept nogil:
    """Join the paths on both sides of a bridge lane x through it (x cannot end a path): each
    side's path is cut there first when x's neighbour is not its end."""
    cdef Py_ssize_t a, b, e, side, L, La, Lb, i, j, w
    cdef int32_t k, ka, kb
    cdef const int32_t* p
    if g.width < 2 or g.nbr[x * g.width + 1] < 0 or (
            g.width > 2 and g.nbr[x * g.width + 2] >= 0):
        return False
    snapshot(g, False)
    a = g.nbr[x * g.width]
    b = g.nbr[x * g.width + 1]
    for side in range(2):
        e = a if side == 0 else b
        k = g.label[e]
        if k <= 0:
            break
        p = g.pool + g.pstart[k]
        L = g.plen[k]
        if not (e == p[0] or e == p[L - 1]) and not split(g, e, min_length):
            break
    else:
        ka, kb = g.label[a], g.label[b]
        if ka == kb:  # one path on both sides
            snapshot(g, True)
            return False
        La, Lb = g.plen[ka], g.plen[kb]
        p = g.pool + g.pstart[ka]
        copy_oriented(g.ta, p, La, p[La - 1] != a)  # first: ends at a
        p = g.pool + g.pstart[kb]
        copy_oriented(g.ta + La + 1, p, Lb, p[0] != b)  # second: starts at b
        if g.ta[La - 1] == a and g.ta[La + 1] == b:
            for i in range(La):  # no node of the first beside the second
                for j in range(g.width):
                    w = g.nbr[g.ta[i] * g.width + j]
                    if w < 0:
                        break
                    if g.label[w] == kb:
                        snapshot(g, True)
                        return False
            g.ta[La] = <int32_t> x
            g.plen[kb] = 0
            ensure(g, La + Lb + 1)
            write(g, ka, g.ta, La + Lb + 1)
            return True
    snapshot(g, True)
    return False


cdef int repair(Grow* g, int32_t min_length) noexcept nogil:
    """Step 2: short paths and isolated nodes join neighbours. 1 done, 0 failed, -1 Ctrl-C."""
    cdef int32_t K0 = g.next - 1, k
    cdef Py_ssize_t L, i, v
    for k in range(1, K0 + 1):
        L = g.plen[k]
        if L == 0 or L >= min_length:
            continue
        memcpy(g.tp, g.pool + g.pstart[k], <size_t> L * sizeof(int32_t))
        g.plen[k] = 0
        for i in range(L):
            g.label[g.tp[i]] = 0
        if not attach(g, g.tp, L, min_length):
            return 0
        if tick(g):
            return -1
    for v in range(g.n):
        if g.label[v] == 0 or g.label[v] == -2:
            g.label[v] = 0
            if g.no_end[v] and through(g, v, min_length):
                continue
            g.tp[0] = <int32_t> v
            if not attach(g, g.tp, 1, min_length):
                return 0
            if tick(g):
                return -1
    return 1


cdef Py_ssize_t lay(Grow* g, bitgen_t* rng, int32_t min_length,
                    Py_ssize_t max_attempts) noexcept nogil:
    """Boards drawn until one is repaired: the attempts it took, 0 when none was, -1 on
    Ctrl-C."""
    cdef Py_ssize_t attempt
    cdef int32_t k
    cdef int done
    for attempt in range(1, max_attempts + 1):
        reset(g)
        if grow(g, rng) < 0:
            return -1
        done = repair(g, min_length)
        if done < 0:
            return -1
        if done == 0:
            continue
        for k in range(1, g.next):
            if g.plen[k] > 0:
                return attempt
        if tick(g):
            return -1
    return 0


cdef int grow_alloc(Grow* g, Scratch* s, const int32_t[::1] label,
                    const int32_t[:, ::1] neighbours, const uint8_t[::1] no_end) except -1:
    """Point g at its inputs and carve its scratch out of s (raises MemoryError)."""
    cdef Py_ssize_t n = label.shape[0], width = neighbours.shape[1], v, j, w
    cdef Py_ssize_t cap = 4 * n + 4, P = 4 * n + 4
    cdef int32_t* q
    memset(g, 0, sizeof(Grow))
    scratch_alloc(s, n * (width + 7) + (width + 1) + (n + 1) + n * width + (2 * n + 1)
                  + 5 * width + 4 * cap + 3 * P + 3 * n, 1)
    g.nbr, g.no_end, g.label0 = &neighbours[0, 0], &no_end[0], &label[0]
    g.n, g.width, g.cap, g.P = n, width, cap, P
    g.top = 1
    while g.top * 2 <= n:
        g.top *= 2
    q = s.i32
    g.label, q = q, q + n
    g.pos, q = q, q + n
    g.fdeg, q = q, q + n
    g.tree, q = q, q + (width + 1) * n
    g.count, q = q, q + (width + 1)
    g.rev_start, q = q, q + (n + 1)
    g.rev, q = q, q + n * width
    g.dq, q = q, q + 2 * n + 1
    g.opts, q = q, q + width
    g.bes, q = q, q + 4 * width
    g.pstart, q = q, q + cap
    g.plen, q = q, q + cap
    g.s_pstart, q = q, q + cap
    g.s_plen, q = q, q + cap
    g.pool, q = q, q + P
    g.pool2, q = q, q + P
    g.s_pool, q = q, q + P
    g.ta, q = q, q + n
    g.tb, q = q, q + n
    g.tp, q = q, q + n
    g.s_label, q = q, q + n
    g.s_pos, q = q, q + n
    with nogil:
        memset(g.rev_start, 0, <size_t> (n + 1) * sizeof(int32_t))
        memset(g.plen, 0, <size_t> cap * sizeof(int32_t))
        for v in range(n):  # reverse table: count, prefix sums, fill
            for j in range(width):
                w = g.nbr[v * width + j]
                if w < 0:
                    break
                g.rev_start[w + 1] += 1
        for v in range(n):
            g.rev_start[v + 1] += g.rev_start[v]
            g.dq[v] = g.rev_start[v]  # fill cursors (dq is free until grow)
        for v in range(n):
            for j in range(width):
                w = g.nbr[v * width + j]
                if w < 0:
                    break
                g.rev[g.dq[w]] = <int32_t> v
                g.dq[w] += 1
    return 0


cdef tuple paths_out(Grow* g, bint renumber):
    """(label, nodes, offsets) of the live paths in number order (renumbered 1, 2, ...)."""
    cdef Py_ssize_t total = 0, m = 0, i, L
    cdef int32_t k
    for k in range(1, g.next):
        if g.plen[k] > 0:
            total += g.plen[k]
            m += 1
    out = np.empty(g.n, np.int32)
    nodes = np.empty(total, np.int32)
    offsets = np.zeros(m + 1, np.int32)
    cdef int32_t[::1] vout = out, vnodes = nodes, voff = offsets
    memcpy(&vout[0], g.label, <size_t> g.n * sizeof(int32_t))
    m = 0
    for k in range(1, g.next):
        L = g.plen[k]
        if L == 0:
            continue
        for i in range(L):
            vnodes[voff[m] + i] = g.pool[g.pstart[k] + i]
            if renumber:
                vout[vnodes[voff[m] + i]] = <int32_t> (m + 1)
        voff[m + 1] = voff[m] + <int32_t> L
        m += 1
    return out, nodes, offsets


cdef Py_ssize_t run(Grow* g, bit_generator, int32_t min_length, Py_ssize_t max_attempts):
    """Take the generator's lock, run without the GIL, leave both, then raise a Ctrl-C that
    came (signalled() sets it aside, so the lock's __exit__ runs with no exception pending).
    max_attempts 0: step 1 alone."""
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Py_ssize_t r = 0
    with bit_generator.lock, nogil:
        if max_attempts == 0:
            reset(g)
            r = grow(g, rng)
        else:
            r = lay(g, rng, min_length, max_attempts)
    if g.interrupted:
        raise_pending()
    return r


def grow_paths(const int32_t[::1] label, const int32_t[:, ::1] neighbours,
               const uint8_t[::1] no_end, bit_generator):
    """Step 1 alone: random paths over the free nodes, returned as (label, nodes, offsets),
    path k being ``nodes[offsets[k-1]:offsets[k]]`` (k = 1 .. len(offsets) - 1, end to end) and
    ``label`` (-1 solid, 0 free, k path k, -2 a start left alone) the board after them.

    ``label`` is -1 (solid) or 0 per node, ``neighbours`` the board's table (each row's
    neighbours first, then -1s), ``no_end`` 1 on the nodes that may not end a path.
    """
    check_count(label.shape[0], "label")
    check_count(neighbours.shape[0] * (neighbours.shape[1] + 8), "neighbours")
    if label.shape[0] == 0 or neighbours.shape[1] == 0:
        return np.array(label, np.int32), np.zeros(0, np.int32), np.zeros(1, np.int32)
    cdef Scratch s = Scratch(NULL, NULL)
    cdef Grow g
    try:
        grow_alloc(&g, &s, label, neighbours, no_end)
        run(&g, bit_generator, 2, 0)
        return paths_out(&g, False)
    finally:
        scratch_free(&s)


def lay_paths(const int32_t[::1] label, const int32_t[:, ::1] neighbours,
              const uint8_t[::1] no_end, bit_generator, int32_t min_length,
              Py_ssize_t max_attempts):
    """Steps 1 and 2, boards drawn again until one is repaired: (label, nodes, offsets,
    attempts) with the paths numbered 1, 2, ... (every non-solid node on one), or None when
    ``max_attempts`` boards (>= 1) all failed. Arguments as ``grow_paths``'s."""
    check_count(label.shape[0], "label")
    check_count(neighbours.shape[0] * (neighbours.shape[1] + 8), "neighbours")
    if label.shape[0] == 0 or neighbours.shape[1] == 0 or max_attempts < 1:
        return None
    cdef Scratch s = Scratch(NULL, NULL)
    cdef Grow g
    cdef Py_ssize_t attempts
    try:
        grow_alloc(&g, &s, label, neighbours, no_end)
        attempts = run(&g, bit_generator, min_length, max_attempts)
        if attempts == 0:
            return None
        return (*paths_out(&g, True), attempts)
    finally:
        scratch_free(&s)
