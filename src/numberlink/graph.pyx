"""Numberlink on a board of any shape: nodes (squares, bridge lanes, hexagons, squares of several
layers) and the edges between them, as a padded neighbour table.

Called only by ``trapcore/numberlink/variants.py``, which validates every argument first (the
table symmetric, each number on exactly two nodes).

The search grows the paths from both of their ends until the two ends of each meet, depth first,
and keeps its own stack (no recursion: a path can be as long as the board).
At each node of the search:

* the open path with the fewest legal moves is extended (a path with one move first, a path with
  none ends the branch), so each set of paths is reached exactly once;
* the free nodes are split into components; each open path's head and far end must border a
  common component (or each other); with ``fill`` every component must be bordered that way by
  some open path (else it can never be filled) and every free node needs two neighbours that are
  free or an open path's head or far end (a dead end cannot be filled);
* under ``touch=False`` a path may not step next to a node of its own (other than the head it
  leaves), and a head beside its far end must close there.

Moves are tried in a fixed order: closing first; then, with ``fill``, the neighbour with the
fewest free neighbours (paths hug walls and each other, Warnsdorff's rule); without ``fill``, the
neighbour nearest the far end through free nodes (a breadth-first search), so sparse boards are
routed almost straight. ``solve`` restarts with budgets doubling from 1,024 nodes: each run puts
first the paths the runs before found cut off by another path's move, and breaks the ties of
paths, ends and moves by a hash that changes with each restart, so a run does not fall into the
trap that stopped the last.
For one solution (``limit=1``) each run is preceded by a probe of limited discrepancy search: only
branches with at most r moves off the first choice, r the number of restarts so far, so a route
that needs one early change of mind is found without trying every detour of the paths after it.

Ctrl-C: the loop polls ``signalled`` every few million node visits (a search node visits about
every node of the board: small boards poll every few thousand search nodes, big ones at every
one), a few milliseconds apart, and unwinds; the ``def`` frees the scratch and re-raises.
"""
import numpy as np

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from common.checks cimport check_count
from common.signals cimport raise_pending, signalled


cdef enum:
    DONE = 0                     # the search space is exhausted, or `limit` solutions found
    OVER_BUDGET = 1
    INTERRUPTED = 2
    FAR = 1 << 30
    POLL_WORK = 1 << 14          # poll for Ctrl-C every 2**14 units of work (a node: n + 16)


cdef struct Graph:
    Py_ssize_t n, d, K
    const int32_t* nbr           # n * d neighbour nodes, -1 after the last
    int16_t* lab                 # n: 0 free, -1 solid, k on path k (its ends from the start)
    int32_t* head                # 2 (K + 1): end e = 2k + side of path k: its node so far
    uint8_t* done                # K + 1: the path's two ends have met
    Py_ssize_t open_paths
    bint fill, notouch
    int32_t* comp                # n: component of a free node
    int32_t* queue               # n
    int32_t* dist                # n: steps to the far end (without fill)
    int32_t* stamp               # n: per component, the last open path that bordered it
    uint8_t* comp_ok             # n: the component is bordered by both ends of an open path
    int32_t* cand                # levels * (d + 1): each level's moves, in trying order
    int32_t* ncand               # levels
    int32_t* idx                 # levels: the next move to try
    int32_t* mk                  # levels: the path the level extends
    int32_t* mv                  # levels: the node it moved to (b: it closed the path)
    int32_t* prev                # levels: the head before that move
    int32_t* dused               # levels: moves off the first choice on the way to the level
    int32_t max_disc             # a probe takes at most this many (< 0: a complete search)
    int64_t* act                 # K + 1: how often another path's move cut it off (activity)
    Py_ssize_t mover             # the path the last move extended (0: none)
    int32_t* span                # K + 1: steps between the path's ends on the empty board
    int32_t restart              # how many restarts so far (0: the first run)
    int64_t nodes
    int64_t found
    int64_t work                 # node visits so far (a search node costs about n of them)
    int64_t next_poll
    bint interrupted


cdef inline int32_t mix(int32_t x, int32_t restart) noexcept nogil:
    """A tie-break in 0..63 that changes with each restart (a multiplicative hash)."""
    return <int32_t> ((<uint32_t> x * 2654435761u + <uint32_t> restart * 40503u) >> 26)


cdef inline bint touches(Graph* g, int32_t w, Py_ssize_t e) noexcept nogil:
    """Under touch=False: would node w, entered from end e, sit beside another node of its
    path (the other end aside: beside it, the path must close next)?"""
    cdef Py_ssize_t j, d = g.d
    cdef int32_t x, h = g.head[e], t = g.head[e ^ 1], k = <int32_t> (e >> 1)
    for j in range(d):
        x = g.nbr[w * d + j]
        if x < 0:
            break
        if x != h and x != t and g.lab[x] == k:
            return True
    return False


cdef Py_ssize_t moves(Graph* g, Py_ssize_t e, int32_t* out) noexcept nogil:
    """The legal moves of end e of an open path (written to out when not NULL): the other end
    (closing the path) and the free neighbours."""
    cdef Py_ssize_t j, m = 0, d = g.d
    cdef int32_t h = g.head[e], t = g.head[e ^ 1], w
    for j in range(d):
        w = g.nbr[h * d + j]
        if w < 0:
            break
        if w == t:
            if g.notouch:
                if out != NULL:
                    out[0] = t
                return 1
            if out != NULL:
                out[m] = t
            m += 1
        elif g.lab[w] == 0 and not (g.notouch and touches(g, w, e)):
            if out != NULL:
                out[m] = w
            m += 1
    return m


cdef Py_ssize_t components(Graph* g) noexcept nogil:
    """Label the free nodes' components (comp, -1 elsewhere); their number."""
    cdef Py_ssize_t n = g.n, d = g.d, v, j, qh, qt, ncomp = 0
    cdef int32_t u, w
    for v in range(n):
        g.comp[v] = -1
    for v in range(n):
        if g.lab[v] != 0 or g.comp[v] >= 0:
            continue
        g.comp[v] = <int32_t> ncomp
        g.comp_ok[ncomp] = 0
        g.stamp[ncomp] = 0
        g.queue[0] = <int32_t> v
        qh = 0
        qt = 1
        while qh < qt:
            u = g.queue[qh]
            qh += 1
            for j in range(d):
                w = g.nbr[u * d + j]
                if w < 0:
                    break
                if g.lab[w] == 0 and g.comp[w] < 0:
                    g.comp[w] = <int32_t> ncomp
                    g.queue[qt] = w
                    qt += 1
        ncomp += 1
    return ncomp


cdef bint feasible(Graph* g) noexcept nogil:
    """The component and dead-end tests of the module docstring."""
    cdef Py_ssize_t d = g.d, k, j, c, v, ncomp = components(g)
    cdef int32_t h, t, w, mark = 0
    cdef bint near, shared
    for k in range(1, g.K + 1):
        if g.done[k]:
            continue
        mark += 1
        h = g.head[2 * k]
        t = g.head[2 * k + 1]
        near = False
        for j in range(d):
            w = g.nbr[h * d + j]
            if w < 0:
                break
            if w == t:
                near = True
            elif g.lab[w] == 0:
                g.stamp[g.comp[w]] = mark
        shared = False
        for j in range(d):
            w = g.nbr[t * d + j]
            if w < 0:
                break
            if g.lab[w] == 0 and g.stamp[g.comp[w]] == mark:
                shared = True
                g.comp_ok[g.comp[w]] = 1
        if not (near or shared):
            if k != g.mover:
                g.act[k] += 1
            return False
    if not g.fill:
        return True
    for c in range(ncomp):
        if not g.comp_ok[c]:
            return False
    for v in range(g.n):
        if g.lab[v] != 0:
            continue
        if not fillable(g, v):
            return False
    return True


cdef inline bint fillable(Graph* g, Py_ssize_t v) noexcept nogil:
    """Can free node v still lie on a path? It needs two neighbours that are free or an open
    path's head or far end, and when none is free, the head and far end of one same path."""
    cdef Py_ssize_t j, d = g.d, cnt = 0, i
    cdef int32_t w, k
    cdef int32_t ends[64]
    cdef const int32_t* nb = g.nbr + v * d
    for j in range(d):
        w = nb[j]
        if w < 0:
            break
        if g.lab[w] == 0:
            return cnt >= 1 or free_after(g, nb, j)
        k = g.lab[w]
        if k > 0 and not g.done[k] and (w == g.head[2 * k] or w == g.head[2 * k + 1]):
            for i in range(cnt):
                if ends[i] == k:
                    return True      # both ends of path k: v can join them
            ends[cnt] = k
            cnt += 1
    return False


cdef inline bint free_after(Graph* g, const int32_t* nb, Py_ssize_t j) noexcept nogil:
    """Past a free neighbour nb[j]: is there another free or open-end neighbour after it?"""
    cdef Py_ssize_t i
    cdef int32_t w, k
    for i in range(j + 1, g.d):
        w = nb[i]
        if w < 0:
            break
        k = g.lab[w]
        if k == 0 or (k > 0 and not g.done[k] and (w == g.head[2 * k] or w == g.head[2 * k + 1])):
            return True
    return False


cdef void distances(Graph* g, int32_t t, int32_t goal) noexcept nogil:
    """dist: steps from t through free nodes, and to node goal (FAR where it cannot reach)."""
    cdef Py_ssize_t v, j, qh = 0, qt = 1, d = g.d
    cdef int32_t u, w
    for v in range(g.n):
        g.dist[v] = FAR
    g.dist[t] = 0
    g.queue[0] = t
    while qh < qt:
        u = g.queue[qh]
        qh += 1
        for j in range(d):
            w = g.nbr[u * d + j]
            if w < 0:
                break
            if g.dist[w] == FAR and (g.lab[w] == 0 or w == goal):
                g.dist[w] = g.dist[u] + 1
                if w != goal:
                    g.queue[qt] = w
                    qt += 1


cdef inline int32_t free_degree(Graph* g, int32_t w) noexcept nogil:
    cdef Py_ssize_t j
    cdef int32_t x, m = 0
    for j in range(g.d):
        x = g.nbr[w * g.d + j]
        if x < 0:
            break
        if g.lab[x] == 0:
            m += 1
    return m


cdef void order_moves(Graph* g, Py_ssize_t e, int32_t* c, Py_ssize_t m) noexcept nogil:
    """Sort the moves c[0:m] of end e into trying order (insertion sort, m <= d); ties in move
    order on the first run, by a hash that changes with each restart after it."""
    cdef int64_t key[64]
    cdef int64_t kv, primary
    cdef Py_ssize_t i, j
    cdef int32_t cv
    if m < 2:
        return
    if not g.fill:
        distances(g, g.head[e ^ 1], -1)
    for i in range(m):
        if c[i] == g.head[e ^ 1]:
            primary = -1
        elif g.fill:
            primary = free_degree(g, c[i])
        else:
            primary = g.dist[c[i]]
        key[i] = primary * 64 + (mix(c[i], g.restart) if g.restart > 0 else i)
    for i in range(1, m):
        kv = key[i]
        cv = c[i]
        j = i - 1
        while j >= 0 and key[j] > kv:
            key[j + 1] = key[j]
            c[j + 1] = c[j]
            j -= 1
        key[j + 1] = kv
        c[j + 1] = cv


cdef Py_ssize_t choose(Graph* g, Py_ssize_t prev) noexcept nogil:
    """The end to extend (0 when an open path's end has no move): one with a single move first;
    then, with fill, the fewest moves (ties: the most active path); without fill, the end
    extended last while its path is open (one route at a time), else the most active path (ties:
    the shortest, as routers do), from its end with fewer moves. Remaining ties: the first path
    and end on the first run, a hash that changes with each restart after it."""
    cdef Py_ssize_t k, e, m, m2, best = 0, best_m = FAR
    cdef int64_t best_a = -1
    cdef int32_t h, best_h = 64, r = g.restart
    for k in range(1, g.K + 1):
        if g.done[k]:
            continue
        e = 2 * k
        m = moves(g, e, NULL)
        m2 = moves(g, e + 1, NULL)
        if m == 0 or m2 == 0:
            if k != g.mover:
                g.act[k] += 1
            return 0
        h = mix(<int32_t> k, r) if r > 0 else 0
        if m2 < m or (m2 == m and (h & 1)):
            e += 1
            m = m2
        if m == 1:
            return e
        if g.fill:
            if (m < best_m or (m == best_m and g.act[k] > best_a)
                    or (m == best_m and g.act[k] == best_a and h < best_h)):
                best, best_m, best_a, best_h = e, m, g.act[k], h
        elif (g.act[k] > best_a or (g.act[k] == best_a and g.span[k] < best_m)
                or (g.act[k] == best_a and g.span[k] == best_m and h < best_h)):
            best, best_m, best_a, best_h = e, g.span[k], g.act[k], h
    if not g.fill and prev > 0 and not g.done[prev >> 1]:
        return prev
    return best


cdef int run(Graph* g, Py_ssize_t limit, int64_t max_nodes, int16_t* out) noexcept nogil:
    """Depth-first search for up to `limit` solutions (written to out unless NULL; counted in
    g.found): DONE, OVER_BUDGET or INTERRUPTED."""
    cdef Py_ssize_t lv = 0, n = g.n, w = g.d + 1, e, v, m
    cdef bint expand = True
    while True:
        if expand:
            g.nodes += 1
            if max_nodes >= 0 and g.nodes > max_nodes:
                return OVER_BUDGET
            g.work += n + 16
            if g.work >= g.next_poll:     # at each multiple of POLL_WORK crossed (every node
                g.next_poll += POLL_WORK  # on boards of POLL_WORK nodes or more)
                if signalled():
                    g.interrupted = True
                    return INTERRUPTED
            m = 0
            if g.open_paths == 0:
                if g.fill:
                    for v in range(n):
                        if g.lab[v] == 0:
                            break
                    else:
                        v = n
                else:
                    v = n
                if v == n:
                    if out != NULL:
                        memcpy(out + g.found * n, g.lab, n * sizeof(int16_t))
                    g.found += 1
                    if g.found >= limit:
                        return DONE
            else:
                g.mover = g.mk[lv - 1] >> 1 if lv > 0 else 0
                if feasible(g):
                    e = choose(g, g.mk[lv - 1] if lv > 0 else 0)
                    if e > 0:
                        m = moves(g, e, g.cand + lv * w)
                        order_moves(g, e, g.cand + lv * w, m)
                        g.mk[lv] = <int32_t> e
            g.ncand[lv] = <int32_t> m
            g.idx[lv] = 0
        if g.idx[lv] < g.ncand[lv] and (
                g.idx[lv] == 0 or g.max_disc < 0 or g.dused[lv] < g.max_disc):
            v = g.cand[lv * w + g.idx[lv]]
            g.dused[lv + 1] = g.dused[lv] + (g.idx[lv] > 0)
            g.idx[lv] += 1
            e = g.mk[lv]
            g.mv[lv] = <int32_t> v
            if v == g.head[e ^ 1]:
                g.done[e >> 1] = 1
                g.open_paths -= 1
            else:
                g.prev[lv] = g.head[e]
                g.lab[v] = <int16_t> (e >> 1)
                g.head[e] = <int32_t> v
            lv += 1
            expand = True
        else:
            if lv == 0:
                return DONE
            lv -= 1
            e = g.mk[lv]
            v = g.mv[lv]
            if v == g.head[e ^ 1]:
                g.done[e >> 1] = 0
                g.open_paths += 1
            else:
                g.lab[v] = 0
                g.head[e] = g.prev[lv]
            expand = False


cdef int setup(Graph* g, const int16_t[::1] values, const int32_t[:, ::1] nbr,
               bint fill, bint touch) except -1:
    """Fill g's tables from a validated board; MemoryError when out of memory."""
    cdef Py_ssize_t n = values.shape[0], d = nbr.shape[1], K = 0, v, levels, k
    check_count(n, "values")
    check_count(n * d, "neighbours")
    if nbr.shape[0] != n:
        raise ValueError(f"neighbours has {nbr.shape[0]} rows for {n} values")
    if d < 1 or d > 63:
        raise ValueError(f"neighbours has {d} columns: a kernel takes 1 to 63")
    for v in range(n):
        if values[v] > K:
            K = values[v]
    levels = n + K + 2
    g.n = n
    g.d = d
    g.K = K
    g.nbr = &nbr[0, 0] if n > 0 else NULL
    g.fill = fill
    g.notouch = not touch
    g.lab = <int16_t*> calloc(n + 1, sizeof(int16_t))
    g.head = <int32_t*> calloc(2 * K + 2, sizeof(int32_t))
    g.done = <uint8_t*> calloc(K + 1, 1)
    g.comp = <int32_t*> calloc(n + 1, sizeof(int32_t))
    g.queue = <int32_t*> calloc(n + 1, sizeof(int32_t))
    g.dist = <int32_t*> calloc(n + 1, sizeof(int32_t))
    g.stamp = <int32_t*> calloc(n + 1, sizeof(int32_t))
    g.comp_ok = <uint8_t*> calloc(n + 1, 1)
    g.cand = <int32_t*> calloc(levels * (d + 1), sizeof(int32_t))
    g.ncand = <int32_t*> calloc(levels, sizeof(int32_t))
    g.idx = <int32_t*> calloc(levels, sizeof(int32_t))
    g.mk = <int32_t*> calloc(levels, sizeof(int32_t))
    g.mv = <int32_t*> calloc(levels, sizeof(int32_t))
    g.prev = <int32_t*> calloc(levels, sizeof(int32_t))
    g.dused = <int32_t*> calloc(levels + 1, sizeof(int32_t))
    g.max_disc = -1
    if (g.lab == NULL or g.head == NULL or g.done == NULL
            or g.comp == NULL or g.queue == NULL or g.dist == NULL or g.stamp == NULL
            or g.comp_ok == NULL or g.cand == NULL or g.ncand == NULL or g.idx == NULL
            or g.mk == NULL or g.mv == NULL or g.prev == NULL or g.dused == NULL):
        raise MemoryError(f"not enough memory to solve a Numberlink board of {n} nodes")
    g.act = <int64_t*> calloc(K + 1, sizeof(int64_t))
    g.span = <int32_t*> calloc(K + 1, sizeof(int32_t))
    if g.act == NULL or g.span == NULL:
        raise MemoryError(f"not enough memory to solve a Numberlink board of {n} nodes")
    if n > 0:
        load(g, &values[0])
        for k in range(1, K + 1):
            if not g.fill and not g.done[k]:
                distances(g, g.head[2 * k + 1], g.head[2 * k])
                g.span[k] = g.dist[g.head[2 * k]]
    return 0


cdef void load(Graph* g, const int16_t* values) noexcept nogil:
    """Put the board's starting position in g (the activity is kept: restarts learn from it)."""
    cdef Py_ssize_t n = g.n, K = g.K, v, k, j
    cdef int16_t x
    for k in range(2 * K + 2):
        g.head[k] = -1
    for v in range(n):
        x = values[v]
        g.lab[v] = x
        if x > 0:
            g.head[2 * x + (1 if g.head[2 * x] >= 0 else 0)] = <int32_t> v
    g.open_paths = 0
    for k in range(1, K + 1):
        g.done[k] = g.head[2 * k] < 0      # numbers that do not occur are done
        g.open_paths += not g.done[k]
    for j in range(n + 1):
        g.stamp[j] = 0


cdef void release(Graph* g) noexcept nogil:
    free(g.lab)
    free(g.head)
    free(g.done)
    free(g.comp)
    free(g.queue)
    free(g.dist)
    free(g.stamp)
    free(g.comp_ok)
    free(g.cand)
    free(g.ncand)
    free(g.idx)
    free(g.mk)
    free(g.mv)
    free(g.prev)
    free(g.dused)
    free(g.act)
    free(g.span)
    memset(g, 0, sizeof(Graph))


cdef int search(const int16_t[::1] values, const int32_t[:, ::1] nbr, bint fill, bint touch,
                Py_ssize_t limit, int64_t max_nodes, bint restarts, int16_t* out,
                int64_t* nodes, int64_t* found) except -1:
    """One search in its own scratch: DONE or OVER_BUDGET; raises what a signal handler raised.
    With `restarts`, runs with budgets doubling from 1,024 nodes, each from the start but keeping
    the paths' activity, until one finishes (the nodes of all runs count toward max_nodes); for
    one solution, each run is preceded by a probe allowed as many moves off the first choice as
    there were restarts before it."""
    cdef Graph g
    cdef int rc = DONE
    cdef int64_t budget = 1024
    memset(&g, 0, sizeof(Graph))
    try:
        setup(&g, values, nbr, fill, touch)
        with nogil:
            while True:
                if restarts and budget < max_nodes - g.nodes:
                    if limit == 1:
                        # a probe first: at most `restart` moves off the first choice (limited
                        # discrepancy search); a solution it finds is an answer, nothing else is
                        g.max_disc = g.restart
                        rc = run(&g, 1, g.nodes + budget, out)
                        g.max_disc = -1
                        if g.found > 0 or rc == INTERRUPTED:
                            break
                        load(&g, &values[0])
                    rc = run(&g, limit, g.nodes + budget, out)
                else:
                    rc = run(&g, limit, max_nodes, out)
                    break
                if rc != OVER_BUDGET:
                    break
                load(&g, &values[0])     # n >= 1 here: a run on no nodes finishes at once
                g.found = 0
                g.restart += 1
                budget *= 2
        nodes[0] = g.nodes
        found[0] = g.found
    finally:
        release(&g)
    if rc == INTERRUPTED:
        raise_pending()
    return rc


def solve(const int16_t[::1] values, const int32_t[:, ::1] neighbours, bint fill, bint touch,
          Py_ssize_t limit, int64_t max_nodes):
    """Up to `limit` solutions of a validated board: (labellings (found, n) int16, nodes,
    complete); complete is False when the search needed more than max_nodes nodes (< 0: none)."""
    check_count(values.shape[0], "values")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit} (it sizes the output)")
    check_count(limit * values.shape[0], "limit * nodes")
    sols = np.zeros((limit, values.shape[0]), np.int16)
    cdef int16_t[:, ::1] vo = sols
    cdef int64_t nodes = 0, found = 0
    cdef int rc = search(values, neighbours, fill, touch, limit, max_nodes, True,
                         &vo[0, 0] if values.shape[0] > 0 else NULL, &nodes, &found)
    return sols[:found].copy(), nodes, rc == DONE


def count(const int16_t[::1] values, const int32_t[:, ::1] neighbours, bint fill, bint touch,
          int64_t max_nodes):
    """The number of solutions (sets of paths) of a validated board, enumerated: (count, nodes,
    complete)."""
    check_count(values.shape[0], "values")
    cdef int64_t nodes = 0, found = 0
    cdef int rc = search(values, neighbours, fill, touch, (<int64_t> 1) << 62, max_nodes, False,
                         NULL, &nodes, &found)
    return int(found), nodes, rc == DONE
