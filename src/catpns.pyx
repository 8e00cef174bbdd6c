"""Depth-first proof-number search (df-pn, with the 1+epsilon trick) for the Trap the Cat solver
against the optimal cat: tries to PROVE that the player (to move) encloses the cat. Called only by
trapcore/cat.py (solve(..., method="pns")), which validates and falls back to the iterative
deepening solver (catsolve) for losses. Directives are set in setup.py.

The game tree: OR nodes are the player's positions (she blocks a cell), AND nodes the cat's (it
steps to any free neighbour). Terminals, all sound:
  * the cat cannot reach a free border cell: a WIN;
  * the player to move and the layer test of _catsearch.layer_win holds: a WIN;
  * the player to move and the cat next to two free border cells, or the cat to move and next to
    one: a LOSS.
The player's blocks are RESTRICTED (to the cells near the cat's shortest escape routes and the cut
cells of the best layer, at most max_cand of them; a cat next to one free border cell forces that
block), so a proof of a win is a real proof (the cat's moves are never restricted), while a
"disproof" only says that no win was found among those blocks (reported as 2, the caller treats it
as unknown). Positions are keyed by Zobrist hashes (blocked cells, cat cell, side to move) in a
two-way table of proof and disproof numbers. The game graph has no cycles: every block adds one.
"""
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from _catsearch cimport Ctx, ctx_block, ctx_free, ctx_init, ctx_load, ctx_unblock, layer_win
from _hex cimport bfs_distances, border_distances

cdef enum:
    MAXCH = 64          # children stored per ply
    MAXPLY = 512

cdef uint32_t INF = 1 << 30
cdef uint64_t SIDE_AND = 0x9E3779B97F4A7C15


ctypedef struct Pns:
    Ctx x
    uint64_t* tkey
    uint32_t* tpn
    uint32_t* tdn
    uint32_t* twork
    uint64_t tmask
    int32_t* cell      # MAXPLY*MAXCH children per ply
    uint32_t* cpn
    uint32_t* cdn
    int32_t* sortbuf   # n scratch
    int32_t max_cand, slack
    int64_t nodes, max_nodes
    int32_t root_best
    double eps
    bint aborted


cdef inline uint32_t sat(int64_t v) noexcept nogil:
    if v >= INF:
        return INF
    if v < 0:
        return 0
    return <uint32_t> v


cdef inline uint64_t key_of(Pns* s, int32_t cat, bint is_and) noexcept nogil:
    return s.x.hash ^ s.x.zob[s.x.n + cat] ^ (SIDE_AND if is_and else 0)


cdef inline bint tt_get(Pns* s, uint64_t key, uint32_t* pn, uint32_t* dn) noexcept nogil:
    cdef uint64_t i = key & s.tmask
    if s.tkey[i] == key:
        pn[0] = s.tpn[i]
        dn[0] = s.tdn[i]
        return True
    i ^= 1
    if s.tkey[i] == key:
        pn[0] = s.tpn[i]
        dn[0] = s.tdn[i]
        return True
    return False


cdef inline void tt_put(Pns* s, uint64_t key, uint32_t pn, uint32_t dn, uint32_t work) noexcept nogil:
    cdef uint64_t i = key & s.tmask, j = i ^ 1, t
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


cdef inline int32_t free_border_nbrs(Ctx* x, int32_t cat, int32_t* last) noexcept nogil:
    cdef int32_t k, q, m = 0
    for k in range(6):
        q = x.nbr[cat * 6 + k]
        if q >= 0 and not x.board[q] and x.border[q]:
            m += 1
            last[0] = q
    return m


cdef inline int32_t cat_distance(Ctx* x, int32_t cat) noexcept nogil:
    """Fill dc (from the cat) and return the cat's escape distance (-1: enclosed)."""
    cdef int32_t i, d = -1
    bfs_distances(x.board, x.nbr, x.n, cat, x.dc, x.queue)
    for i in range(x.n):
        if x.border[i] and x.dc[i] >= 0 and (d < 0 or x.dc[i] < d):
            d = x.dc[i]
    return d


cdef inline void eval_or(Pns* s, int32_t cat, uint32_t* pn, uint32_t* dn) noexcept nogil:
    """Initial numbers of a player-to-move position."""
    cdef Ctx* x = &s.x
    cdef int32_t last = -1, nb, d, e
    nb = free_border_nbrs(x, cat, &last)
    if nb >= 2 or x.border[cat]:
        pn[0] = INF
        dn[0] = 0
        return
    d = cat_distance(x, cat)
    if d < 0:
        pn[0] = 0
        dn[0] = INF
        return
    e = layer_win(x, cat, d) if d > 1 else 1
    if e <= 0:
        pn[0] = 0
        dn[0] = INF
        return
    pn[0] = sat(1 + 2 * e)
    dn[0] = sat(1 + (d - 1) * (d - 1) - (1 if nb else 0))


cdef inline void eval_and(Pns* s, int32_t cat, uint32_t* pn, uint32_t* dn) noexcept nogil:
    """Initial numbers of a cat-to-move position (just after a block)."""
    cdef Ctx* x = &s.x
    cdef int32_t last = -1, nb, d, e
    nb = free_border_nbrs(x, cat, &last)
    if nb >= 1:
        pn[0] = INF
        dn[0] = 0
        return
    d = cat_distance(x, cat)
    if d < 0:
        pn[0] = 0
        dn[0] = INF
        return
    e = layer_win(x, cat, d) if d > 2 else 0
    if e < 0:
        e = 0
    pn[0] = sat(2 + 2 * e)
    dn[0] = sat(1 + (d - 1) * (d - 1))


cdef inline int32_t gen_or(Pns* s, int32_t cat, int32_t* out) noexcept nogil:
    """The player's candidate blocks, best first (at most max_cand)."""
    cdef Ctx* x = &s.x
    cdef int32_t n = x.n, i, j, m = 0, last = -1, d, key, t
    cdef int32_t* sc = s.sortbuf
    if free_border_nbrs(x, cat, &last) == 1:
        out[0] = last
        return 1
    d = cat_distance(x, cat)
    if d < 0:
        return 0
    layer_win(x, cat, d)  # marks the cut cells of the best layer (dtmp == 2)
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    for i in range(n):
        if x.board[i] or i == cat or x.dc[i] < 1 or x.db[i] < 0:
            continue
        t = x.dc[i] + x.db[i] - d
        if x.dtmp[i] == 2:
            key = 0
        elif t <= s.slack:
            key = 1 + t
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
    if m > s.max_cand:
        m = s.max_cand
    for i in range(m):
        out[i] = sc[i] % 8192
    return m


cdef int mid(Pns* s, int32_t cat, bint is_or, int32_t ply, uint32_t thpn, uint32_t thdn,
             uint32_t* rpn, uint32_t* rdn) noexcept nogil:
    cdef Ctx* x = &s.x
    cdef int32_t* cell = s.cell + ply * MAXCH
    cdef uint32_t* cpn = s.cpn + ply * MAXCH
    cdef uint32_t* cdn = s.cdn + ply * MAXCH
    cdef int32_t m = 0, i, k, q, b
    cdef uint32_t pn = 0, dn = 0, v1, v2, tp, td, p, d
    cdef int64_t sm
    cdef int64_t start = s.nodes
    cdef uint64_t key = key_of(s, cat, not is_or)
    s.nodes += 1
    if s.nodes >= s.max_nodes or ply >= MAXPLY - 1:
        s.aborted = True
        rpn[0] = 1
        rdn[0] = 1
        return 0
    # expand
    if is_or:
        m = gen_or(s, cat, cell)
        for i in range(m):
            ctx_block(x, cell[i])
            if not tt_get(s, key_of(s, cat, True), &cpn[i], &cdn[i]):
                eval_and(s, cat, &cpn[i], &cdn[i])
            ctx_unblock(x, cell[i])
    else:
        for k in range(6):
            q = x.nbr[cat * 6 + k]
            if q >= 0 and not x.board[q]:
                cell[m] = q
                if not tt_get(s, key_of(s, q, False), &cpn[m], &cdn[m]):
                    eval_or(s, q, &cpn[m], &cdn[m])
                m += 1
    while True:
        b = -1
        if is_or:
            pn = INF
            sm = 0
            v2 = INF
            for i in range(m):
                sm += cdn[i]
                if cpn[i] < pn:
                    v2 = pn
                    pn = cpn[i]
                    b = i
                elif cpn[i] < v2:
                    v2 = cpn[i]
            dn = sat(sm)
            if m == 0:
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
        else:
            td = thdn
            v1 = sat(<int64_t> (v2 * (1.0 + s.eps)) + 1)
            if v1 < td:
                td = v1
            tp = sat(<int64_t> thpn - pn + cpn[b])
            mid(s, cell[b], True, ply + 1, tp, td, &p, &d)
        cpn[b] = p
        cdn[b] = d
    if ply == 0 and is_or and pn == 0:
        for i in range(m):
            if cpn[i] == 0:
                s.root_best = cell[i]
                break
    if not s.aborted or pn == 0 or dn == 0:
        tt_put(s, key, pn, dn, <uint32_t> min(s.nodes - start, <int64_t> 0xFFFFFFFE))
    rpn[0] = pn
    rdn[0] = dn
    return 0


def solve_pns(const uint8_t[:, ::1] board, int32_t r, int32_t c, int64_t max_nodes,
              int32_t max_cand, int32_t slack, double eps, int32_t tt_bits):
    """Try to prove a player win from free (r, c), player to move, against the optimal cat:
    (result, best, nodes, pn, dn) with result 1 proven win, 2 no win among the searched blocks, 0
    budget out; best the winning block (flat index) or -1; pn, dn the root's proof and disproof
    numbers (diagnostics)."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], cat = r * cols + c, best = -1, i
    cdef int32_t m
    cdef int res = 0
    cdef uint32_t pn = 1, dn = 1, p, d
    cdef Pns s
    cdef size_t tt = (<size_t> 1) << tt_bits
    cdef int ok = 0
    with nogil:
        s.tkey = <uint64_t*> calloc(tt, sizeof(uint64_t))
        s.tpn = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.tdn = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.twork = <uint32_t*> calloc(tt, sizeof(uint32_t))
        s.cell = <int32_t*> calloc(MAXPLY * MAXCH, sizeof(int32_t))
        s.cpn = <uint32_t*> calloc(MAXPLY * MAXCH, sizeof(uint32_t))
        s.cdn = <uint32_t*> calloc(MAXPLY * MAXCH, sizeof(uint32_t))
        s.sortbuf = <int32_t*> calloc(rows * cols + 1, sizeof(int32_t))
        ok = ctx_init(&s.x, rows, cols, 2, 6)
        if (ok < 0 or s.tkey == NULL or s.tpn == NULL or s.tdn == NULL or s.twork == NULL
                or s.cell == NULL or s.cpn == NULL or s.cdn == NULL or s.sortbuf == NULL):
            ok = -1
    if ok < 0:
        with nogil:
            free(s.tkey); free(s.tpn); free(s.tdn); free(s.twork); free(s.cell); free(s.cpn)
            free(s.cdn); free(s.sortbuf); ctx_free(&s.x)
        raise MemoryError("not enough memory for the proof-number search's tables")
    with nogil:
        s.tmask = tt - 1
        s.max_cand = max_cand if max_cand < MAXCH else MAXCH
        s.slack = slack
        s.eps = eps
        s.nodes = 0
        s.max_nodes = max_nodes
        s.aborted = False
        s.root_best = -1
        ctx_load(&s.x, &board[0, 0])
        eval_or(&s, cat, &pn, &dn)
        if pn == 0:
            res = 1
        elif dn == 0:
            res = 2
        else:
            mid(&s, cat, True, 0, INF, INF, &pn, &dn)
            if pn == 0:
                res = 1
                best = s.root_best
            elif dn == 0:
                res = 2
        free(s.tkey); free(s.tpn); free(s.tdn); free(s.twork); free(s.cell); free(s.cpn)
        free(s.cdn); free(s.sortbuf)
        ctx_free(&s.x)
    return res, best, s.nodes, pn, dn
