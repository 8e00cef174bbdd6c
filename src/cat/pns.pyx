"""Depth-first proof-number search (df-pn, with the 1+epsilon trick) for the Trap the Cat solver
against the optimal cat: tries to PROVE that the player (to move) encloses the cat. Run by
src/cat/engine.pyx (the solver's one entry), which splits the budget and gives the rest to the
iterative deepening solver (src/cat/search.pyx) when this search runs out. Directives are
set in setup.py.

The game tree: OR nodes are the player's positions (she blocks a cell), AND nodes the cat's (it
steps to any free neighbour). Terminals, all sound:
  * the cat cannot reach a free border cell: a WIN;
  * the player to move and the layer test of search.pyx's layer_win holds: a WIN;
  * a cut closed in time: cuts.pxd's cut_deficit, or, where that comes close (deficit <= ENC_GATE),
    the minimum cuts of enclose.pxd's enclosure test: a WIN (with the cat to move too);
  * the player to move and the cat next to two free border cells, or the cat to move and next to
    one: a LOSS.
The player's blocks are RESTRICTED (to the cells near the cat's shortest escape routes and the cut
cells of the best layer, at most max_cand of them; a cat next to one free border cell forces that
block), so a proof of a win is a real proof (the cat's moves are never restricted), while a
"disproof" only says that no win was found among those blocks (reported as RES_LOSS, which the
caller treats as unknown). Positions are keyed by Zobrist hashes (blocked cells, cat cell, side to
move) in a two-way table of proof and disproof numbers. The game graph has no cycles: every block
adds one.
"""
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

import numpy as np

from cat.enclose cimport ENC_INF, enclosure_deficit
from cat.cuts cimport cut_deficit
from cat.hex cimport border_distances
from cat.memory cimport MEM_HEAD, MEM_SIDE_AND, mem_bits, mem_check, mem_note, mem_size
from cat.pnseval cimport INF, border_zone, cat_distance, eval_and, eval_or, free_border_nbrs, sat
from common.checks cimport check_grid
from common.signals cimport raise_pending, signalled, stopped
from common.threads cimport tc_pool, tc_pool_free, tc_pool_new, tc_pool_run, tc_pool_workers
from trapcore.cat._codes cimport RES_LOSS, RES_UNKNOWN, RES_WIN, Result
from trapcore.cat._search cimport (Ctx, ctx_block, ctx_free, ctx_init, ctx_load, ctx_unblock,
                                   enclosure_block, layer_win, z_clear, z_set, z_test)

cdef enum:
    MAXPLY = 512
    # Ctrl-C polling: a position here costs far more than a BFS step (each child gets the static
    # tests), so poll every 256 positions rather than signals.pxd's POLL_MASK (docs/benchmarks.md)
    PNS_POLL = 0xFF

ctypedef struct Pns:
    Ctx x
    uint64_t* tkey
    uint32_t* tpn
    uint32_t* tdn
    uint32_t* twork
    uint64_t* tzone    # W words per entry: the zone of a disproof
    uint64_t tmask
    int32_t W, maxch, maxply
    bint complete      # every block is searched (zones prune): disproofs are real
    uint64_t* zone     # MAXPLY*W: the disproof zone of the node at each ply
    uint64_t* must     # MAXPLY*W: the must-play set of the OR node at each ply
    int32_t* cell      # MAXPLY*maxch children per ply
    uint32_t* cpn
    uint32_t* cdn
    int32_t* sortbuf   # n scratch
    int32_t max_cand, slack
    uint32_t far_pn, far_dn  # initial numbers of the blocks past the first max_cand
    int64_t nodes, max_nodes
    int32_t root_best, last_d
    double eps
    bint aborted
    bint interrupted   # Ctrl-C seen: unwind, the def raises it
    bint borrowed      # the table lives in a memory (see new_memory): not freed here
    # an expansion's children are evaluated as tasks on a thread pool (src/common/threads.h):
    # each child is a pure function of its position, so the search is the same on any workers
    tc_pool* pool      # NULL: one worker (the search's own thread)
    int32_t workers    # the search's thread and the pool's
    Ctx* wx            # nwx = workers - 1 contexts of their own (the board copied per run)
    int32_t nwx
    uint64_t* czone    # maxch*W: each child's disproof zone, from the table or its evaluation
    int32_t* tasks     # the children to evaluate (indexes into the run's cell array)
    int32_t t_cat      # the run: the cat's cell, whether the node is the player's, its children
    bint t_is_or
    int32_t* t_cell
    uint32_t* t_cpn
    uint32_t* t_cdn


cdef inline uint64_t key_of(Pns* s, int32_t cat, bint is_and) noexcept nogil:
    return s.x.hash ^ s.x.zob[s.x.n + cat] ^ (MEM_SIDE_AND if is_and else 0)


cdef inline bint tt_get(Pns* s, uint64_t key, uint32_t* pn, uint32_t* dn,
                        uint64_t* zone) noexcept nogil:
    """Look key up; a disproof also copies its zone."""
    cdef uint64_t i = key & s.tmask
    if s.tkey[i] != key:
        i ^= 1
        if s.tkey[i] != key:
            return False
    pn[0] = s.tpn[i]
    dn[0] = s.tdn[i]
    if dn[0] == 0:
        memcpy(zone, s.tzone + i * s.W, s.W * sizeof(uint64_t))
    return True


cdef inline void tt_put(Pns* s, uint64_t key, uint32_t pn, uint32_t dn, uint32_t work,
                        const uint64_t* zone) noexcept nogil:
    cdef uint64_t i = key & s.tmask, j = i ^ 1
    if s.tkey[i] != key:
        if s.tkey[j] == key:
            i = j
        elif s.twork[j] < s.twork[i]:
            i = j
    if pn == 0 or dn == 0:
        work = 0xFFFFFFFF  # proofs are kept
    elif s.tkey[i] == key and s.twork[i] > work:
        work = s.twork[i]
    s.tkey[i] = key
    s.tpn[i] = pn
    s.tdn[i] = dn
    s.twork[i] = work
    if dn == 0:
        memcpy(s.tzone + i * s.W, zone, s.W * sizeof(uint64_t))


cdef void eval_task(void* arg, int worker, int task) noexcept nogil:
    """One child of the run (s.tasks[task]) evaluated on worker's context: a block of the player
    (the cat then to move), or a step of the cat (the player then to move)."""
    cdef Pns* s = <Pns*> arg
    cdef int32_t i = s.tasks[task]
    cdef Ctx* x = &s.x if worker == 0 else &s.wx[worker - 1]
    cdef uint64_t* z = s.czone + <size_t> i * s.W
    if s.t_is_or:
        x.board[s.t_cell[i]] = 1
        eval_and(x, s.W, s.t_cat, &s.t_cpn[i], &s.t_cdn[i], z)
        x.board[s.t_cell[i]] = 0
    else:
        eval_or(x, s.W, s.t_cell[i], &s.t_cpn[i], &s.t_cdn[i], z)


cdef inline void run_tasks(Pns* s, int32_t cat, bint is_or, int32_t* cell, uint32_t* cpn,
                           uint32_t* cdn, int32_t ntasks) noexcept nogil:
    """Evaluate the children s.tasks[:ntasks] of the node (cat, is_or) on every worker."""
    cdef int32_t w
    s.t_cat = cat
    s.t_is_or = is_or
    s.t_cell = cell
    s.t_cpn = cpn
    s.t_cdn = cdn
    if s.pool != NULL and ntasks > 1:
        for w in range(s.workers - 1):
            memcpy(s.wx[w].board, s.x.board, s.x.n)
    tc_pool_run(s.pool, eval_task, <void*> s, ntasks)


cdef inline int32_t gen_or(Pns* s, int32_t cat, int32_t* out) noexcept nogil:
    """The player's candidate blocks, best first (at most max_cand)."""
    cdef Ctx* x = &s.x
    cdef int32_t n = x.n, i, j, m = 0, last = -1, d, key, t
    cdef int32_t* sc = s.sortbuf
    if free_border_nbrs(x, cat, &last) == 1:
        out[0] = last
        return 1
    d = cat_distance(x, cat)
    s.last_d = d
    if d < 0:
        return 0
    layer_win(x, cat, d)  # marks the cut cells of the best layer (dtmp == 2)
    for i in range(n):
        x.parent[i] = x.dtmp[i] == 2
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    cut_deficit(&s.x, cat, d, True)  # and of the best border-distance cut
    for i in range(n):
        if x.parent[i]:
            x.dtmp[i] = 2
    for i in range(n):
        if x.board[i] or i == cat:
            continue
        if x.dc[i] < 1 or x.db[i] < 0:
            # out of the cat's reach: like passing, which every other block dominates
            continue
        t = x.dc[i] + x.db[i] - d
        if x.dtmp[i] == 2:
            key = 0
        elif t <= s.slack:
            key = 1 + t
        elif s.complete:
            key = 2 + s.slack + (t if t < 60 else 60)
        else:
            continue
        # order: cut cells, then on shortest routes, nearer the cat first
        sc[m] = (key * 64 + (x.dc[i] if x.dc[i] < 63 else 63)) * 8192 + i
        m += 1
    # insertion sort (m is small)
    for i in range(1, m):
        t = sc[i]
        j = i - 1
        while j >= 0 and sc[j] > t:
            sc[j + 1] = sc[j]
            j -= 1
        sc[j + 1] = t
    if m > s.max_cand and not s.complete:
        m = s.max_cand
    for i in range(m):
        out[i] = sc[i] % 8192
    return m


cdef int mid(Pns* s, int32_t cat, bint is_or, int32_t ply, uint32_t thpn, uint32_t thdn,
             uint32_t* rpn, uint32_t* rdn) noexcept nogil:
    """Expand the node (cat at cat, the player to move when is_or) until its proof number reaches
    thpn or its disproof number thdn; on a disproof its zone is left in s.zone + ply*W."""
    cdef Ctx* x = &s.x
    cdef int32_t W = s.W
    cdef int32_t* cell = s.cell + ply * s.maxch
    cdef uint32_t* cpn = s.cpn + ply * s.maxch
    cdef uint32_t* cdn = s.cdn + ply * s.maxch
    cdef uint64_t* zn = s.zone + ply * W
    cdef uint64_t* cz = s.zone + (ply + 1) * W
    cdef uint64_t* mu = s.must + ply * W
    cdef uint64_t* ci
    cdef int32_t m = 0, i, k, q, b, w, nt = 0
    cdef uint32_t pn = 0, dn = 0, v1, v2, tp, td, p, d
    cdef int64_t sm
    cdef int64_t start = s.nodes
    cdef uint64_t key = key_of(s, cat, not is_or)
    s.nodes += 1
    if (s.nodes & PNS_POLL) == 0 and not s.interrupted and signalled():
        s.interrupted = True
    if s.nodes >= s.max_nodes or ply >= s.maxply - 2 or s.interrupted:
        s.aborted = True
        rpn[0] = 1
        rdn[0] = 1
        return 0
    z_clear(zn, W)
    for w in range(W):
        mu[w] = <uint64_t> 0xFFFFFFFFFFFFFFFF
    # expand: the children the table does not know are evaluated as tasks (in parallel on the
    # pool), each into its own zone; then a disproved child's zone joins the node's zone (OR:
    # and cuts the must-play set), in the children's order
    if is_or:
        m = gen_or(s, cat, cell)
        s.far_pn = 64
        s.far_dn = sat(1 + (s.last_d - 1) * (s.last_d - 1))
        if m == 1 and free_border_nbrs(x, cat, &k) == 1:
            z_set(zn, cell[0])  # the forced block: every other block is refuted through it
        for i in range(m):
            ci = s.czone + <size_t> i * W
            ctx_block(x, cell[i])
            if not tt_get(s, key_of(s, cat, True), &cpn[i], &cdn[i], ci):
                if i < s.max_cand:
                    s.tasks[nt] = i
                    nt += 1
                elif free_border_nbrs(x, cat, &k) >= 1:  # a far block: only the cheap test
                    cpn[i] = INF
                    cdn[i] = 0
                    border_zone(x, cat, ci, W)
                else:
                    cpn[i] = s.far_pn
                    cdn[i] = s.far_dn
            ctx_unblock(x, cell[i])
        run_tasks(s, cat, True, cell, cpn, cdn, nt)
        for i in range(m):
            if cdn[i] == 0:
                ci = s.czone + <size_t> i * W
                for w in range(W):
                    zn[w] |= ci[w]
                    mu[w] &= ci[w]
    else:
        for k in range(6):
            q = x.nbr[cat * 6 + k]
            if q >= 0 and not x.board[q]:
                cell[m] = q
                if not tt_get(s, key_of(s, q, False), &cpn[m], &cdn[m],
                              s.czone + <size_t> m * W):
                    s.tasks[nt] = m
                    nt += 1
                m += 1
        run_tasks(s, cat, False, cell, cpn, cdn, nt)
        for i in range(m):
            if cdn[i] == 0:  # the first refutation: its zone
                memcpy(zn, s.czone + <size_t> i * W, W * sizeof(uint64_t))
                z_set(zn, cell[i])
                break
    while True:
        b = -1
        if is_or:
            pn = INF
            sm = 0
            v2 = INF
            for i in range(m):
                if cdn[i] == 0 or not z_test(mu, cell[i]):
                    continue  # refuted, or refuted by the zone of a refuted block
                sm += cdn[i]
                if cpn[i] < pn:
                    v2 = pn
                    pn = cpn[i]
                    b = i
                elif cpn[i] < v2:
                    v2 = cpn[i]
            dn = sat(sm)
            if b < 0:  # every block refuted (or none to play)
                pn = INF
                dn = 0
        else:
            dn = INF
            sm = 0
            v2 = INF
            for i in range(m):
                sm += cpn[i]
                if cdn[i] < dn:
                    v2 = dn
                    dn = cdn[i]
                    b = i
                elif cdn[i] < v2:
                    v2 = cdn[i]
            pn = sat(sm)
            if m == 0:  # the cat cannot move: enclosed
                pn = 0
                dn = INF
        if pn == 0:
            dn = INF
            break
        if dn == 0:
            pn = INF
            break
        if pn >= thpn or dn >= thdn or s.aborted or b < 0:
            break
        if is_or:
            tp = thpn
            v1 = sat(<int64_t> (v2 * (1.0 + s.eps)) + 1)
            if v1 < tp:
                tp = v1
            td = sat(<int64_t> thdn - dn + cdn[b])
            ctx_block(x, cell[b])
            mid(s, cat, False, ply + 1, tp, td, &p, &d)
            ctx_unblock(x, cell[b])
            if d == 0:
                for w in range(W):
                    zn[w] |= cz[w]
                    mu[w] &= cz[w]
        else:
            td = thdn
            v1 = sat(<int64_t> (v2 * (1.0 + s.eps)) + 1)
            if v1 < td:
                td = v1
            tp = sat(<int64_t> thpn - pn + cpn[b])
            mid(s, cell[b], True, ply + 1, tp, td, &p, &d)
            if d == 0:
                memcpy(zn, cz, W * sizeof(uint64_t))
                z_set(zn, cell[b])
        cpn[b] = p
        cdn[b] = d
    if ply == 0 and is_or and pn == 0:
        for i in range(m):
            if cpn[i] == 0:
                s.root_best = cell[i]
                break
    if not s.aborted or pn == 0 or dn == 0:
        tt_put(s, key, pn, dn, <uint32_t> min(s.nodes - start, <int64_t> 0xFFFFFFFE), zn)
    rpn[0] = pn
    rdn[0] = dn
    return 0


cdef inline int32_t root_block(Pns* s, int32_t cat) noexcept nogil:
    """A root won by a static test: the enclosure test's block, or -1 (the layer tests' wins are
    the iterative deepening search's to name)."""
    return enclosure_block(&s.x, cat, cat_distance(&s.x, cat))


# -- a memory (src/cat/memory.pxd): a new one, as a numpy array ----------------------------------
cdef object mem_new(int32_t rows, int32_t cols, int64_t pns_nodes):
    """An empty memory (a numpy uint8 array) for rows x cols boards, sized for proof-number
    searches of pns_nodes positions (src/cat/engine.pyx's share of a budget)."""
    cdef int32_t bits = mem_bits(pns_nodes, rows * cols)
    mem = np.zeros(mem_size(bits, rows * cols), np.uint8)
    cdef uint8_t[::1] m = mem
    cdef int32_t* head = <int32_t*> &m[0]
    head[0] = rows
    head[1] = cols
    m[8] = <uint8_t> bits
    head[3] = -1
    return mem


def new_memory(int32_t rows, int32_t cols, int64_t pns_nodes):
    """An empty memory for rows x cols boards, sized for proof-number searches of pns_nodes
    positions (for the tests; trapcore.cat._engine.Memory wraps one for the API)."""
    check_grid(rows, cols, "board")
    return mem_new(rows, cols, pns_nodes)


cdef int pns_init(Pns* s, int32_t rows, int32_t cols, int32_t maxply,
                  int32_t tt_bits, uint8_t* mem, int32_t workers) except -1 nogil:
    """Allocate the tables (s zeroed by the caller; with a memory, its table and its size), the
    search context and, for workers > 1, the thread pool and its contexts (fewer threads if the
    system gives fewer); out of memory, raise MemoryError (pns_free then frees what was
    allocated)."""
    cdef int32_t n = rows * cols, W = (n + 63) // 64, w
    cdef size_t tt
    if mem != NULL:
        tt_bits = mem[8]
        tt = (<size_t> 1) << tt_bits
        s.borrowed = True
        s.tkey = <uint64_t*> (mem + MEM_HEAD)
        s.tzone = s.tkey + tt
        s.tpn = <uint32_t*> (s.tzone + tt * W)
        s.tdn = s.tpn + tt
        s.twork = s.tdn + tt
    else:
        tt = (<size_t> 1) << tt_bits
        s.tkey = <uint64_t*> calloc(tt, sizeof(uint64_t))
        s.tpn = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.tdn = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.twork = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.tzone = <uint64_t*> calloc(tt * W, sizeof(uint64_t))
    s.zone = <uint64_t*> calloc(<size_t> (maxply + 1) * W, sizeof(uint64_t))
    s.must = <uint64_t*> calloc(<size_t> (maxply + 1) * W, sizeof(uint64_t))
    s.cell = <int32_t*> calloc(<size_t> maxply * n, sizeof(int32_t))
    s.cpn = <uint32_t*> calloc(<size_t> maxply * n, sizeof(uint32_t))
    s.cdn = <uint32_t*> calloc(<size_t> maxply * n, sizeof(uint32_t))
    s.sortbuf = <int32_t*> calloc(n + 1, sizeof(int32_t))
    s.czone = <uint64_t*> calloc(<size_t> n * W, sizeof(uint64_t))
    s.tasks = <int32_t*> calloc(n + 1, sizeof(int32_t))
    if workers > 1:
        s.wx = <Ctx*> calloc(workers - 1, sizeof(Ctx))
        s.nwx = workers - 1 if s.wx != NULL else 0
    if (s.tkey == NULL or s.tpn == NULL or s.tdn == NULL
            or s.twork == NULL or s.tzone == NULL or s.zone == NULL or s.must == NULL
            or s.cell == NULL or s.cpn == NULL or s.cdn == NULL or s.sortbuf == NULL
            or s.czone == NULL or s.tasks == NULL or (workers > 1 and s.wx == NULL)):
        with gil:
            raise MemoryError("not enough memory for the proof-number search's tables")
    ctx_init(&s.x, rows, cols, 2, 6)
    s.workers = 1
    if workers > 1:
        for w in range(workers - 1):
            ctx_init(&s.wx[w], rows, cols, 2, 6)
        s.pool = tc_pool_new(workers - 1)
        s.workers = tc_pool_workers(s.pool)
    s.tmask = tt - 1
    s.W = W
    s.maxch = n
    s.maxply = maxply
    return 0


cdef void pns_free(Pns* s) noexcept nogil:
    """Stop the pool's threads and free everything pns_init allocated."""
    cdef int32_t w
    tc_pool_free(s.pool)
    s.pool = NULL
    for w in range(s.nwx):
        ctx_free(&s.wx[w])
    free(s.wx)
    if not s.borrowed:
        free(s.tkey); free(s.tpn); free(s.tdn); free(s.twork); free(s.tzone)
    free(s.zone); free(s.must); free(s.cell); free(s.cpn); free(s.cdn); free(s.sortbuf)
    free(s.czone); free(s.tasks)
    ctx_free(&s.x)


cdef int pns_search(Pns* s, const uint8_t* board, int32_t cat, int64_t max_nodes,
                    int32_t max_cand, int32_t slack, double eps, bint complete, int32_t* best,
                    uint32_t* pn, uint32_t* dn) noexcept nogil:
    """One search on initialised tables (kept as they are): the result; best the winning block
    (-1 if none); pn, dn the root's numbers."""
    cdef int res = RES_UNKNOWN
    s.complete = complete
    s.max_cand = max_cand
    s.slack = slack
    s.eps = eps
    s.max_nodes = max_nodes
    s.root_best = -1
    best[0] = -1
    pn[0] = 1
    dn[0] = 1
    ctx_load(&s.x, board)
    eval_or(&s.x, s.W, cat, pn, dn, s.zone)
    if pn[0] == 0 and cat_distance(&s.x, cat) >= 0:
        # a static win: the enclosure test names its block; the layer and cut tests do not, so
        # the root is expanded to find a block that keeps the win (a blocked child proven)
        res = RES_WIN
        best[0] = root_block(s, cat)
        if best[0] < 0:
            mid(s, cat, True, 0, INF, INF, pn, dn)
            if pn[0] == 0:
                best[0] = s.root_best
            pn[0] = 0
            dn[0] = INF
        return res
    if pn[0] != 0 and dn[0] != 0:
        mid(s, cat, True, 0, INF, INF, pn, dn)
    if pn[0] == 0:
        res = RES_WIN
        best[0] = s.root_best if s.root_best >= 0 else root_block(s, cat)
    elif dn[0] == 0:
        res = RES_LOSS
    return res


def solve_pns(const uint8_t[:, ::1] board, int32_t r, int32_t c, int64_t max_nodes,
              int32_t max_cand, int32_t slack, double eps, int32_t tt_bits, bint complete,
              uint8_t[::1] memory, int32_t workers):
    """Search from free (r, c), player to move, against the optimal cat: (result, best, nodes, pn,
    dn) with result RES_WIN proven, RES_LOSS disproved (complete: a proven loss; else no win among
    the searched blocks), RES_UNKNOWN budget out; best the winning block (flat index) or -1; pn,
    dn the root's numbers (diagnostics). complete searches every block the cat can reach (pruned
    by the zones of refuted blocks); otherwise at most max_cand blocks on escape routes at most
    slack steps longer than the shortest. memory: a table kept between searches (new_memory;
    complete searches only; tt_bits is then its size), or an empty array for a fresh table.
    workers: threads evaluating each expansion's children (this one and workers - 1 more, at
    most 64); the search and its result are the same for any number."""
    check_grid(board.shape[0], board.shape[1], "board")
    workers = max(1, min(workers, 64))
    cdef int32_t rows = board.shape[0], cols = board.shape[1], cat = r * cols + c, best = -1
    cdef int32_t n = rows * cols, maxply = min(<int32_t> MAXPLY, 2 * n + 4)
    cdef Result res = RES_UNKNOWN
    cdef uint32_t pn = 1, dn = 1
    cdef uint8_t* mem = NULL
    cdef Pns s
    if memory.shape[0]:
        if not complete:
            raise ValueError("memory: only complete searches keep a memory")
        mem = &memory[0]
        mem_check(mem, memory.shape[0], rows, cols)
    memset(&s, 0, sizeof(Pns))
    try:
        with nogil:
            pns_init(&s, rows, cols, maxply, tt_bits, mem, workers)
            res = <Result> pns_search(&s, &board[0, 0], cat, max_nodes, max_cand, slack, eps,
                                      complete, &best, &pn, &dn)
            if not s.interrupted:
                mem_note(mem, res, best)
    finally:
        pns_free(&s)
    if s.interrupted or stopped():  # stopped(): Ctrl-C while the contexts' tables were built
        raise_pending()
    return res, best, s.nodes, pn, dn


cdef int pns_run(const uint8_t* board, int32_t rows, int32_t cols, int32_t cat, int64_t max_nodes,
                 int32_t max_cand, int32_t slack, double eps, int32_t tt_bits, uint8_t* mem,
                 int32_t workers, int32_t* best, int64_t* nodes, bint* interrupted) except -1 nogil:
    """solve_pns for the other kernels (complete search): RES_WIN proven (best the block),
    RES_LOSS proven, RES_UNKNOWN budget out; nodes gets the positions searched, interrupted
    whether Ctrl-C stopped it (the exception is then pending). mem: a memory checked by the
    caller, or NULL; workers: threads, as solve_pns's. MemoryError when the tables do not fit."""
    cdef int32_t maxply = min(<int32_t> MAXPLY, 2 * rows * cols + 4)
    cdef int res = RES_UNKNOWN
    cdef uint32_t pn = 1, dn = 1
    cdef Pns s
    memset(&s, 0, sizeof(Pns))
    try:
        pns_init(&s, rows, cols, maxply, tt_bits, mem, max(1, min(workers, 64)))
        res = pns_search(&s, board, cat, max_nodes, max_cand, slack, eps, True, best, &pn, &dn)
        nodes[0] = s.nodes
        interrupted[0] = s.interrupted
        if not s.interrupted:
            mem_note(mem, res, best[0])
    finally:
        pns_free(&s)
    return res


# -- the static tests on their own, for the tests ----------------------------------------------------
cdef enum:
    PROBE_ENCLOSURE = 0
    PROBE_LAYER = 1
    PROBE_CUTS = 2


cdef tuple probe(const uint8_t[:, ::1] board, int32_t r, int32_t c, int kind, int32_t arg):
    """One static test for the cat at free (r, c) on a context of its own: (value, marks), marks a
    uint8 array of the board's shape (what each test leaves: see the defs below)."""
    check_grid(board.shape[0], board.shape[1], "board")
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols, d, i, cat
    cdef int32_t e = ENC_INF if kind == PROBE_ENCLOSURE else 0
    cdef Ctx x
    marks = np.zeros((rows, cols), np.uint8)
    cdef uint8_t[:, ::1] mv = marks
    cat = r * cols + c
    memset(&x, 0, sizeof(Ctx))
    try:
        ctx_init(&x, rows, cols, 2, 6)
        with nogil:
            ctx_load(&x, &board[0, 0])
            d = cat_distance(&x, cat)
            if kind == PROBE_ENCLOSURE:
                if d >= 1:
                    e = enclosure_deficit(x.board, x.nbr, x.border, n, cat, x.dc, d, arg, x.enc,
                                          x.score, &mv[0, 0])
            else:
                if kind == PROBE_LAYER:
                    e = layer_win(&x, cat, d)
                else:
                    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
                    e = cut_deficit(&x, cat, d, arg != 0)
                for i in range(n):
                    (&mv[0, 0])[i] = <uint8_t> x.dtmp[i]
    finally:
        ctx_free(&x)
    return e, marks


def enclosure(const uint8_t[:, ::1] board, int32_t r, int32_t c, int32_t max_flow):
    """The enclosure test of enclose.pxd on its own (for the tests): (deficit, cut) with cut a
    uint8 array (1 on the best cut's cells) for the cat at free (r, c), not on the border and not
    enclosed; deficit <= 0 proves the player to move wins, <= -1 that she wins with the cat to
    move; a huge deficit when no cut of at most max_flow cells exists."""
    return probe(board, r, c, PROBE_ENCLOSURE, max_flow)


def layer(const uint8_t[:, ::1] board, int32_t r, int32_t c):
    """The layer test of search.pyx (layer_win) on its own (for the tests): (value, marks) for the
    cat at free (r, c): value 0 when a layer closes in time, else the smallest excess (huge when
    the cat is next to the border or enclosed); marks a uint8 array, 2 on the best layer's cut
    cells, 1 on its outside, else 0."""
    return probe(board, r, c, PROBE_LAYER, 0)


def cuts(const uint8_t[:, ::1] board, int32_t r, int32_t c, bint mark):
    """The border-distance cut test of cuts.pxd on its own (for the tests): (deficit, marks) for
    the cat at free (r, c) able to reach the border: the smallest deficit (<= 0: the player to
    move wins, <= -1: the cat to move too; huge when the cat is next to the border); marks a uint8
    array (with mark: 2 on the best cut, 1 on its side; else all 0)."""
    return probe(board, r, c, PROBE_CUTS, mark)
