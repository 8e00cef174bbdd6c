"""Numberlink without fill by negotiated congestion (PathFinder: McMurchie and Ebeling, 1995), the
way circuit routers connect crowded nets and the DA Symposium contest's solvers route its boards.

Called only by ``trapcore/numberlink/variants.py`` and ``trapcore/numberlink/solve.py``, which
validate every argument first and check the labelling it returns.

Every path is routed by Dijkstra's algorithm from one end to the other, paths being allowed to
share squares at a price: entering a free node costs ``(1 + history) * (1 + pressure *
others)``, where ``others`` counts the other paths on it now. After each round (every path ripped
up and routed again, in number order from one path further on each round, so that no path always
routes first) the nodes still shared raise their ``history`` by half the
number of extra paths on them, and ``pressure`` grows by a fifth (up to 100); a round in which no
node is shared is a solution. With positive costs a cheapest path never runs beside itself (the
step across would be cheaper), so the answer holds under both touch rules.

It is a heuristic: it finds solutions of crowded boards fast, but it proves nothing (it may stop
without one where one exists, and says nothing of uniqueness); the complete searches do that.
When the rounds run out it hands back the last round's labelling, the shared nodes marked, which
``trapcore/numberlink/_boards.py`` repairs (the paths around them solved again by the board
search, every other path kept).
Ties (equal costs) go to the smaller node number, so the result is the same on every platform.

Ctrl-C: polled every few million nodes routed over (a few milliseconds); the ``def`` frees the
scratch and re-raises.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from common.checks cimport check_count
from common.signals cimport POLL_MASK, raise_pending, signalled


cdef enum:
    SHARED = -2                  # in the last round's labelling: a node that paths share
    FOUND = 1
    NOT_FOUND = 0                # the rounds ran out
    NO_ROUTE = -1                # a path cannot reach its other end even through shared nodes
    INTERRUPTED = -2


cdef struct Router:
    Py_ssize_t n, d, K
    const int32_t* nbr
    const int16_t* values
    int32_t* a                   # K + 1: the ends of each path
    int32_t* b
    int32_t* occ                 # n: paths on the node now
    double* hist                 # n: the node's history cost
    double* dist                 # n: Dijkstra
    int32_t* prev                # n
    double* hkey                 # heap of (cost, node), lazy deletion
    int32_t* hnode
    Py_ssize_t hsize, hcap
    int32_t* path                # K * n: path k's inner nodes, from path[k * n]
    int32_t* plen                # K + 1
    int64_t work                 # nodes routed over so far, and when to poll for Ctrl-C next
    int64_t next_poll


cdef inline bint less(double k1, int32_t v1, double k2, int32_t v2) noexcept nogil:
    return k1 < k2 or (k1 == k2 and v1 < v2)


cdef inline void push(Router* r, double key, int32_t v) noexcept nogil:
    cdef Py_ssize_t i = r.hsize, p
    r.hsize += 1
    while i > 0:
        p = (i - 1) >> 1
        if not less(key, v, r.hkey[p], r.hnode[p]):
            break
        r.hkey[i] = r.hkey[p]
        r.hnode[i] = r.hnode[p]
        i = p
    r.hkey[i] = key
    r.hnode[i] = v


cdef inline int32_t pop(Router* r, double* key) noexcept nogil:
    cdef int32_t top = r.hnode[0], v
    cdef double k
    cdef Py_ssize_t i = 0, c
    key[0] = r.hkey[0]
    r.hsize -= 1
    k = r.hkey[r.hsize]
    v = r.hnode[r.hsize]
    while True:
        c = 2 * i + 1
        if c >= r.hsize:
            break
        if c + 1 < r.hsize and less(r.hkey[c + 1], r.hnode[c + 1], r.hkey[c], r.hnode[c]):
            c += 1
        if not less(r.hkey[c], r.hnode[c], k, v):
            break
        r.hkey[i] = r.hkey[c]
        r.hnode[i] = r.hnode[c]
        i = c
    r.hkey[i] = k
    r.hnode[i] = v
    return top


cdef bint route(Router* r, Py_ssize_t k, double pressure) noexcept nogil:
    """Route path k (ripped up already) at the current prices; False when it cannot reach."""
    cdef Py_ssize_t j, d = r.d, m = 0
    cdef int32_t u, w, s = r.a[k], t = r.b[k]
    cdef double c, nc
    cdef int32_t* out = r.path + k * r.n
    for j in range(r.n):
        r.dist[j] = -1.0
    r.hsize = 0
    r.dist[s] = 0.0
    push(r, 0.0, s)
    while r.hsize > 0:
        u = pop(r, &c)
        if c > r.dist[u]:
            continue
        if u == t:
            break
        for j in range(d):
            w = r.nbr[u * d + j]
            if w < 0:
                break
            if w == t:
                nc = c + 1.0
            elif r.values[w] != 0:
                continue                 # a solid, or another path's end (or its own start)
            else:
                nc = c + (1.0 + r.hist[w]) * (1.0 + pressure * r.occ[w])
            if r.dist[w] < 0.0 or nc < r.dist[w]:
                r.dist[w] = nc
                r.prev[w] = u
                push(r, nc, w)
    if r.dist[t] < 0.0:
        return False
    u = r.prev[t]
    while u != s:
        out[m] = u
        m += 1
        r.occ[u] += 1
        u = r.prev[u]
    r.plen[k] = <int32_t> m
    return True


cdef int negotiate(Router* r, Py_ssize_t rounds, int64_t* done) noexcept nogil:
    """Up to `rounds` rounds: FOUND, NOT_FOUND, NO_ROUTE or INTERRUPTED (done: rounds run)."""
    cdef Py_ssize_t it, k, i, j, v, shared
    # PathFinder's two prices (a sharing pressure growing each round, a shared node's history),
    # tuned on crowded boards: bench/test_bench_numberlink_variants.py -k crowded
    cdef double pressure = 0.5, growth = 1.2, max_pressure = 100.0, hist_step = 0.5
    cdef int32_t* p
    for it in range(rounds):
        done[0] = it + 1
        for i in range(r.K):
            k = 1 + (i + it) % r.K
            if r.a[k] < 0:
                continue
            p = r.path + k * r.n
            for j in range(r.plen[k]):
                r.occ[p[j]] -= 1
            r.plen[k] = 0
            if not route(r, k, pressure):
                return NO_ROUTE
            r.work += r.n
            if r.work >= r.next_poll:
                r.next_poll = r.work + POLL_MASK + 1
                if signalled():
                    return INTERRUPTED
        shared = 0
        for v in range(r.n):
            if r.occ[v] > 1:
                shared += 1
                r.hist[v] += hist_step * (r.occ[v] - 1)
        if shared == 0:
            return FOUND
        if pressure < max_pressure:
            pressure *= growth
    return NOT_FOUND


def route_paths(const int16_t[::1] values, const int32_t[:, ::1] neighbours, Py_ssize_t rounds):
    """Negotiated-congestion routing of a validated board without fill: (labelling (n,) int16
    or None, rounds run, status) with status 1 found (the labelling solves the board), 0 rounds
    ran out (the labelling of the last round, -2 on the nodes that paths still share), -1 a path
    cannot reach its other end at all (None)."""
    cdef Py_ssize_t n = values.shape[0], d = neighbours.shape[1], K = 0, v, k, i
    cdef Router r
    cdef int status = NOT_FOUND
    cdef int64_t done = 0
    check_count(n, "values")
    if neighbours.shape[0] != n or d < 1:
        raise ValueError(f"neighbours must have shape ({n}, d >= 1), got "
                         f"({neighbours.shape[0]}, {d})")
    for v in range(n):
        if values[v] > K:
            K = values[v]
    check_count(n * (K + 1), "values (nodes times paths)")
    memset(&r, 0, sizeof(Router))
    out = np.zeros(n, np.int16)
    cdef int16_t[::1] vo = out
    try:
        r.n, r.d, r.K = n, d, K
        r.nbr = &neighbours[0, 0] if n > 0 else NULL
        r.values = &values[0] if n > 0 else NULL
        r.a = <int32_t*> calloc(K + 1, sizeof(int32_t))
        r.b = <int32_t*> calloc(K + 1, sizeof(int32_t))
        r.occ = <int32_t*> calloc(n + 1, sizeof(int32_t))
        r.hist = <double*> calloc(n + 1, sizeof(double))
        r.dist = <double*> calloc(n + 1, sizeof(double))
        r.prev = <int32_t*> calloc(n + 1, sizeof(int32_t))
        r.hcap = n * d + 1
        r.hkey = <double*> calloc(r.hcap, sizeof(double))
        r.hnode = <int32_t*> calloc(r.hcap, sizeof(int32_t))
        r.path = <int32_t*> calloc((K + 1) * n + 1, sizeof(int32_t))
        r.plen = <int32_t*> calloc(K + 1, sizeof(int32_t))
        if (r.a == NULL or r.b == NULL or r.occ == NULL or r.hist == NULL or r.dist == NULL
                or r.prev == NULL or r.hkey == NULL or r.hnode == NULL or r.path == NULL
                or r.plen == NULL):
            raise MemoryError(f"not enough memory to route a board of {n} nodes, {K} paths")
        for k in range(K + 1):
            r.a[k] = -1
        for v in range(n):
            k = values[v]
            if k > 0:
                if r.a[k] < 0:
                    r.a[k] = <int32_t> v
                else:
                    r.b[k] = <int32_t> v
        with nogil:
            status = negotiate(&r, rounds, &done)
            if status == FOUND or status == NOT_FOUND:
                for v in range(n):
                    vo[v] = values[v]
                for k in range(1, K + 1):
                    for i in range(r.plen[k]):
                        v = r.path[k * n + i]
                        vo[v] = <int16_t> k if r.occ[v] == 1 else SHARED
    finally:
        free(r.a)
        free(r.b)
        free(r.occ)
        free(r.hist)
        free(r.dist)
        free(r.prev)
        free(r.hkey)
        free(r.hnode)
        free(r.path)
        free(r.plen)
    if status == INTERRUPTED:
        raise_pending()
    return (out if status == FOUND or status == NOT_FOUND else None), int(done), int(status)
