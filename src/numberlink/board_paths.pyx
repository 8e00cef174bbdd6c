"""Random paths on a board's graph: step 1 of ``generate_board`` (trapcore/numberlink/
board_generate.py, which validates every argument and calls ``grow_paths`` once per attempt).

While free nodes are left, a path starts on a free node with the fewest free neighbours (ties:
the i-th of them in node order, i drawn as ``Generator.integers(ties)`` draws it) and grows from
its tail, then its head, one random step at a time onto free nodes whose only neighbour on the
path is the end it grows from; ends resting on a bridge lane (``no_end``) are walked back. The
draws are numpy's (Lemire's method on 32-bit draws, no draw for a choice of one), so a seed gives
the paths of tests/reference/numberlink_board_paths.py, 0.2's Python growth.

Linear in the edges per attempt up to a log factor: free nodes sit in one Fenwick tree per free
degree (1 .. the table's width), so finding the start is a select, and each node taken or freed
updates the trees of the nodes that list it (a reverse table, so any table keeps the counts
exact). Ctrl-C is polled every 2**14 nodes placed.
"""
import numpy as np

from cpython.exc cimport PyErr_Fetch, PyErr_Restore
from cpython.ref cimport PyObject
from libc.stdint cimport int32_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

from common.checks cimport check_count
from common.random cimport bitgen_of, bounded
from common.scratch cimport Scratch, scratch_alloc, scratch_free
from common.signals cimport POLL_MASK, raise_pending, signalled


ctypedef struct Grow:
    const int32_t* nbr      # n x width, -1 padded
    const uint8_t* no_end   # 1: a bridge lane, which may not end a path
    Py_ssize_t n, width, top
    int32_t* label          # -1 solid, 0 free, k > 0 path k, -2 a start nothing grew from
    int32_t* fdeg           # per node: the entries of its row that are free
    int32_t* tree           # (width + 1) Fenwick trees over the nodes, one per free degree
    int32_t* count          # per free degree: the free nodes in its tree
    int32_t* rev_start      # reverse table (CSR): the nodes whose rows list v
    int32_t* rev
    int32_t* dq             # the growing path, a deque of 2n + 1 slots
    int32_t* opts           # scratch: the steps open from an end
    Py_ssize_t steps
    bint interrupted


cdef inline void fw_add(int32_t* t, Py_ssize_t n, Py_ssize_t i, int32_t d) noexcept nogil:
    i += 1
    while i <= n:
        t[i - 1] += d
        i += i & -i


cdef inline Py_ssize_t fw_select(const int32_t* t, Py_ssize_t n, Py_ssize_t top,
                                 int32_t k) noexcept nogil:
    """The node of rank k (0-based) in tree t."""
    cdef Py_ssize_t pos = 0, step = top
    while step:
        if pos + step <= n and t[pos + step - 1] <= k:
            pos += step
            k -= t[pos - 1]
        step >>= 1
    return pos if pos < n else n - 1  # (only a corrupt tree reaches n)


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


cdef Py_ssize_t grow(Grow* g, bitgen_t* rng, int32_t* nodes, int32_t* offsets) noexcept nogil:
    """Lay the paths; returns their number K (path k is nodes[offsets[k-1]:offsets[k]]), or -1
    when Ctrl-C came."""
    cdef Py_ssize_t n = g.n, width = g.width, d, s, end, w, j, h, t, m
    cdef int32_t k = 0
    cdef int side
    offsets[0] = 0
    while True:
        d = 1
        while d <= width and g.count[d] == 0:
            d += 1
        if d > width:
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
                g.steps += 1
                if (g.steps & POLL_MASK) == 0 and signalled():
                    g.interrupted = True
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
        memcpy(nodes + offsets[k - 1], g.dq + h, <size_t> (t - h + 1) * sizeof(int32_t))
        offsets[k] = offsets[k - 1] + <int32_t> (t - h + 1)


def grow_paths(const int32_t[::1] label, const int32_t[:, ::1] neighbours,
               const uint8_t[::1] no_end, bit_generator):
    """Random paths over the free nodes: returns (label, nodes, offsets), path k being
    ``nodes[offsets[k-1]:offsets[k]]`` (k = 1 .. len(offsets) - 1, end to end) and ``label``
    (-1 solid, 0 free, k path k, -2 a start left alone) the board after them.

    ``label`` is -1 (solid) or 0 per node, ``neighbours`` the board's table (each row's
    neighbours first, then -1s), ``no_end`` 1 on the nodes that may not end a path.
    """
    check_count(label.shape[0], "label")
    check_count(neighbours.shape[0] * (neighbours.shape[1] + 2), "neighbours")
    cdef Py_ssize_t n = label.shape[0], width = neighbours.shape[1], v, j, w
    out = np.array(label, dtype=np.int32)
    nodes = np.zeros(max(n, 1), np.int32)
    offsets = np.zeros(n + 1, np.int32)
    cdef int32_t[::1] vout = out, vnodes = nodes, voff = offsets
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Scratch s = Scratch(NULL, NULL)
    cdef Grow g
    cdef Py_ssize_t found = 0
    cdef bint stop = False
    cdef PyObject* exc_type = NULL
    cdef PyObject* exc = NULL
    cdef PyObject* exc_tb = NULL
    if n == 0 or width == 0:
        return out, nodes[:0], offsets[:1]
    memset(&g, 0, sizeof(Grow))
    try:
        # fdeg n, tree (width + 1) n, count width + 1, rev_start n + 1, rev n width, dq 2n + 1,
        # opts width
        scratch_alloc(&s, n + (width + 1) * n + (width + 1) + (n + 1) + n * width + 2 * n + 1
                      + width, 1)
        with nogil:
            g.nbr = &neighbours[0, 0]
            g.no_end = &no_end[0]
            g.n, g.width = n, width
            g.top = 1
            while g.top * 2 <= n:
                g.top *= 2
            g.label = &vout[0]
            g.fdeg = s.i32
            g.tree = g.fdeg + n
            g.count = g.tree + (width + 1) * n
            g.rev_start = g.count + (width + 1)
            g.rev = g.rev_start + (n + 1)
            g.dq = g.rev + n * width
            g.opts = g.dq + 2 * n + 1
            memset(g.fdeg, 0, <size_t> (n + (width + 1) * n + (width + 1) + (n + 1))
                   * sizeof(int32_t))
            for v in range(n):  # reverse table: count, prefix sums, fill
                for j in range(width):
                    w = g.nbr[v * width + j]
                    if w < 0:
                        break
                    g.rev_start[w + 1] += 1
                    if g.label[w] == 0:
                        g.fdeg[v] += 1
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
            for v in range(n):
                if g.label[v] == 0:
                    bucket(&g, v, 1)
        with bit_generator.lock, nogil:
            found = grow(&g, rng, &vnodes[0], &voff[0])
            stop = g.interrupted
            if stop:
                with gil:  # set Ctrl-C's exception aside while the lock is released
                    PyErr_Fetch(&exc_type, &exc, &exc_tb)
    finally:
        scratch_free(&s)
    if stop:
        PyErr_Restore(exc_type, exc, exc_tb)
        raise_pending()
    return out, nodes[: offsets[found]], offsets[: found + 1]
