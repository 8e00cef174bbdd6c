"""Numberlink's generator: random no-touch paths, cut until the solver proves the puzzle unique.

Called only by ``trapcore/numberlink/generate.py``, which validates every argument first.

Grows random no-touch paths over the free squares (each new path starts in the tightest free spot
and grows from both ends), repairs paths shorter than ``min_length`` (merge into a neighbour's
end, take over a neighbour's spare end square, or join a neighbouring path cut next to it), turns
isolated squares solid (without solids ``absorb`` joins each to a path), then (optionally) makes
the solution unique: while the solver finds a second solution a path is split where that solution
differs; when a check runs over its budget the longest paths are cut in the middle; a board that
cannot be repaired is regenerated.
The uniqueness checks call the solver's ``search`` (``trapcore.numberlink._solver``, declared in
``solver.pxd``) once per check: its per-node loop runs inside that module. Scratch (``Gen``, with
the solver's ``Search``) is allocated by ``gen_alloc`` and freed by ``gen_free`` in ``generate``'s
try/finally. Ctrl-C: polled before each board, each uniqueness check and inside the search.
``Gen`` and the helpers ``trapcore.numberlink._repair`` reuses are declared in ``generate.pxd``.
"""
import numpy as np

from cpython.exc cimport PyErr_Fetch, PyErr_Restore
from cpython.ref cimport PyObject
from libc.stdint cimport int16_t, int32_t, int64_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from numpy.random cimport bitgen_t

from common.checks cimport check_grid
from common.random cimport bitgen_of, bounded
from common.signals cimport raise_pending, signalled
from trapcore.numberlink._solver cimport search, search_alloc, search_free, set_rules


cdef int gen_alloc(Gen* g, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil:
    """Allocate every buffer of g (zeroed first) for a rows x cols board, the solver's included.
    Out of memory: frees what it got and raises MemoryError. Free with gen_free."""
    cdef Py_ssize_t n = rows * cols, m = (rows + 2) * (cols + 2)
    memset(g, 0, sizeof(Gen))
    g.rows, g.cols, g.P = rows, cols, cols + 2
    search_alloc(&g.s, rows, cols, False)
    g.lab = <int32_t*> calloc(m, sizeof(int32_t))
    g.cand = <int32_t*> calloc(m, sizeof(int32_t))
    g.end_a = <int32_t*> calloc(2 * n + 2, sizeof(int32_t))
    g.end_b = <int32_t*> calloc(2 * n + 2, sizeof(int32_t))
    g.length = <int32_t*> calloc(2 * n + 2, sizeof(int32_t))
    g.trace = <int32_t*> calloc(m, sizeof(int32_t))
    g.relabel = <int32_t*> calloc(2 * n + 2, sizeof(int32_t))
    g.two = <int16_t*> calloc(2 * n, sizeof(int16_t))
    if (g.lab == NULL or g.cand == NULL or g.end_a == NULL or g.end_b == NULL or g.length == NULL
            or g.trace == NULL or g.relabel == NULL or g.two == NULL):
        gen_free(g)
        with gil:
            raise MemoryError(f"not enough memory for the Numberlink generator ({rows} x {cols})")
    return 0


cdef void gen_free(Gen* g) noexcept nogil:
    """Free every buffer of g (the solver's too) and zero it (a no-op on a zeroed Gen)."""
    search_free(&g.s)
    free(g.lab)
    free(g.cand)
    free(g.end_a)
    free(g.end_b)
    free(g.length)
    free(g.trace)
    free(g.relabel)
    free(g.two)
    memset(g, 0, sizeof(Gen))


cdef inline bint interrupted(Gen* g) noexcept nogil:
    """True once a signal handler raised (Ctrl-C); the exception stays pending for generate."""
    if not g.s.interrupted and signalled():
        g.s.interrupted = True
    return g.s.interrupted


cdef inline void set_dirs(Py_ssize_t* dirs, Py_ssize_t P) noexcept nogil:
    """The four steps on the padded board, in N, E, S, W order."""
    dirs[0] = -P
    dirs[1] = 1
    dirs[2] = P
    dirs[3] = -1


cdef inline bint free_nbr(int32_t* lab, Py_ssize_t p, Py_ssize_t P) noexcept nogil:
    return lab[p - P] == 0 or lab[p + 1] == 0 or lab[p + P] == 0 or lab[p - 1] == 0


cdef int32_t grow(Gen* g, bitgen_t* rng, int32_t e, int32_t k) noexcept nogil:
    """Extend path k from its end e one random free square at a time; return the final end.

    A square qualifies when it is free and its only neighbour on path k is e (no touching). With
    g.hug only the qualifying squares with the fewest free neighbours are drawn from (Warnsdorff's
    rule: the path hugs walls and other paths, so it runs long and leaves few isolated squares)."""
    cdef Py_ssize_t P = g.P, i, j, m, kept
    cdef int32_t opts[4]
    cdef int nfree[4]
    cdef int32_t q, z
    cdef int least
    cdef Py_ssize_t dirs[4]
    set_dirs(dirs, P)
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
        if g.hug and m > 1:
            least = 5
            for i in range(m):
                nfree[i] = 0
                for j in range(4):
                    nfree[i] += g.lab[opts[i] + dirs[j]] == 0
                if nfree[i] < least:
                    least = nfree[i]
            kept = 0
            for i in range(m):
                if nfree[i] == least:
                    opts[kept] = opts[i]
                    kept += 1
            m = kept
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
    set_dirs(dirs, P)
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
    set_dirs(dirs, P)
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
    set_dirs(dirs, P)
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
    set_dirs(dirs, P)
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


cdef bint absorb(Gen* g, int32_t x, int32_t min_length) noexcept nogil:
    """Join isolated square x to a neighbouring path, keeping it no-touch: onto an end (first
    neighbour in N, E, S, W order), else cut a neighbour's path beside x so that the neighbour
    ends one part and x extends it (both parts keep min_length). False if neither works."""
    cdef Py_ssize_t P = g.P, i, j, z, pos, m, lo, hi, pos2
    cdef int32_t e, k, L, b
    cdef Py_ssize_t dirs[4]
    cdef bint ok
    set_dirs(dirs, P)
    for i in range(4):
        e = <int32_t> (x + dirs[i])
        k = g.lab[e]
        if k <= 0 or (e != g.end_a[k] and e != g.end_b[k]):
            continue
        ok = True
        for j in range(4):
            if j != i and g.lab[x + dirs[j]] == k:
                ok = False
        if not ok:
            continue
        g.lab[x] = k
        g.length[k] += 1
        if g.end_a[k] == e:
            g.end_a[k] = x
        else:
            g.end_b[k] = x
        return True
    for i in range(4):
        e = <int32_t> (x + dirs[i])
        k = g.lab[e]
        if k <= 0:
            continue
        m = trace_path(g, k)
        pos = -1
        for z in range(m):
            if g.trace[z] == e:
                pos = z
        if pos < 0:
            continue
        for j in range(2):
            # j == 0: k keeps trace[0..pos] (e its end b); j == 1: k keeps trace[pos..m-1] (e its
            # end a); the other part becomes path L
            if j == 0:
                lo, hi = 0, pos + 1
            else:
                lo, hi = pos, m
            if hi - lo + 1 < min_length or m - (hi - lo) < min_length:
                continue
            ok = True
            for z in range(4):
                if z != i and g.lab[x + dirs[z]] == k:
                    b = <int32_t> (x + dirs[z])
                    for pos2 in range(lo, hi):
                        if g.trace[pos2] == b:
                            ok = False
            if not ok:
                continue
            g.npaths += 1
            L = g.npaths
            if j == 0:
                for z in range(hi, m):
                    g.lab[g.trace[z]] = L
                g.end_a[L] = g.trace[hi]
                g.end_b[L] = g.end_b[k]
                g.end_b[k] = x
            else:
                for z in range(0, lo):
                    g.lab[g.trace[z]] = L
                g.end_a[L] = g.end_a[k]
                g.end_b[L] = g.trace[lo - 1]
                g.end_a[k] = x
            g.length[L] = <int32_t> (m - (hi - lo))
            g.length[k] = <int32_t> (hi - lo + 1)
            g.lab[x] = k
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
        if g.lab[p] == 0:  # isolated: no free neighbour is left
            if g.solids:
                g.lab[p] = -1
            elif not absorb(g, <int32_t> p, min_length):
                return False
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


cdef bint make(Gen* g, bitgen_t* rng, int32_t min_length, bint unique, int64_t max_nodes,
               Py_ssize_t max_attempts, int16_t* grid, int16_t* sol, int64_t* nodes,
               Py_ssize_t* attempt) noexcept nogil:
    """Boards until one is made (and proven unique when asked): True, with grid and sol written;
    False when every attempt failed or when interrupted (g.s.interrupted)."""
    cdef Py_ssize_t n = g.rows * g.cols, i, cuts, live
    cdef int64_t found
    cdef int16_t* other
    cdef bint fixed
    while attempt[0] < max_attempts:
        if interrupted(g):
            return False
        attempt[0] += 1
        if not gen_raw(g, rng, min_length):
            continue
        write_out(g, grid, sol)
        if not unique:
            return True
        while True:
            found = search(&g.s, grid, 2, max_nodes, g.two, nodes)
            if found == 1:
                return True
            if found == -2 or interrupted(g):
                return False
            if g.npaths >= 32000 or found == 0:
                break
            if found < 0:
                # over budget: more clues make the proof cheaper; cut the longest paths
                # (one in eight of them, at least one)
                cuts = 0
                live = 0
                for i in range(1, g.npaths + 1):
                    live += g.length[i] > 0
                while cuts < max(1, live // 8) and split_longest(g, min_length):
                    cuts += 1
                if cuts == 0:
                    break
                write_out(g, grid, sol)
                continue
            other = g.two
            for i in range(n):
                if other[i] != sol[i]:
                    break
            else:
                other = g.two + n
            fixed = False
            for i in range(n):
                if other[i] != sol[i] and split_at(g, i, min_length):
                    fixed = True
                    break
            if not fixed:
                break
            write_out(g, grid, sol)
    return False


def generate(Py_ssize_t rows, Py_ssize_t cols, bit_generator, int32_t min_length, bint unique,
             int64_t max_nodes, Py_ssize_t max_attempts, bint fill=True, bint touch=True,
             bint long_paths=False, bint solids=True):
    """Generate a puzzle: returns (grid, solution, nodes, attempts) or None when every attempt failed.

    ``nodes`` is the solver's node count for proving uniqueness (-1 when ``unique`` is False).
    """
    check_grid(rows, cols, "rows x cols")
    grid = np.zeros((rows, cols), np.int16)
    sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vgrid = grid, vsol = sol
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef int64_t nodes = -1
    cdef Py_ssize_t attempt = 0
    cdef bint done = False, stop = False
    cdef PyObject* exc_type = NULL
    cdef PyObject* exc = NULL
    cdef PyObject* exc_tb = NULL
    cdef Gen g
    memset(&g, 0, sizeof(Gen))
    try:
        with nogil:
            gen_alloc(&g, rows, cols)
            set_rules(&g.s, fill, touch)
            g.hug = long_paths
            g.solids = solids
            g.s.check_signals = True
        with bit_generator.lock, nogil:
            done = make(&g, rng, min_length, unique, max_nodes, max_attempts, &vgrid[0, 0],
                        &vsol[0, 0], &nodes, &attempt)
            stop = g.s.interrupted
            if stop:
                with gil:  # set Ctrl-C's exception aside while the lock is released
                    PyErr_Fetch(&exc_type, &exc, &exc_tb)
    finally:
        gen_free(&g)
    if stop:
        PyErr_Restore(exc_type, exc, exc_tb)
        raise_pending()
    if not done:
        return None
    return grid, sol, nodes, attempt
