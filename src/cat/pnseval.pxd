# The proof-number search's evaluation of a position (src/cat/pns.pyx cimports it as cat.pnseval):
# the initial proof and disproof numbers of a new node from the static tests (search.pyx's layer
# test, cuts.pxd's border-distance cut, enclose.pxd's minimum cuts) and the terminal wins and
# losses. Inline, on a search context's board and scratch: pns.pyx evaluates the children of an
# expansion on several contexts at once (one per thread), so nothing here touches shared state.
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t

from cat.cuts cimport cut_deficit
from cat.enclose cimport ENC_FLOW, ENC_GATE, enclosure_deficit
from cat.hex cimport bfs_distances, border_distances
from trapcore.cat._search cimport Ctx, layer_win, z_clear, z_set

cdef enum:
    INF = 1 << 30  # a proven number (pn or dn); sums and thresholds stay below it


cdef inline uint32_t sat(int64_t v) noexcept nogil:
    """Clamp a sum or threshold below INF (which only proofs and disproofs carry)."""
    if v >= INF - 1:
        return INF - 1
    if v < 0:
        return 0
    return <uint32_t> v


cdef inline void border_zone(Ctx* x, int32_t cat, uint64_t* zone, int32_t W) noexcept nogil:
    """The zone of a terminal disproof: the cat's free border neighbours."""
    cdef int32_t k, q
    z_clear(zone, W)
    for k in range(6):
        q = x.nbr[cat * 6 + k]
        if q >= 0 and not x.board[q] and x.border[q]:
            z_set(zone, q)


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


cdef inline int32_t open_distance(Ctx* x, int32_t W, int32_t cat, int32_t lost_at, uint32_t* pn,
                                  uint32_t* dn, uint64_t* zone) noexcept nogil:
    """The cat's escape distance (dc filled), or -1 when the position is over, its numbers set:
    lost when the cat has lost_at or more free border neighbours (0: it is on the border; the
    zone: those cells), won when it cannot reach the border."""
    cdef int32_t last = -1, d
    if free_border_nbrs(x, cat, &last) >= lost_at:
        pn[0] = INF
        dn[0] = 0
        border_zone(x, cat, zone, W)
        return -1
    d = cat_distance(x, cat)
    if d < 0:
        pn[0] = 0
        dn[0] = INF
    return d


cdef inline void eval_or(Ctx* x, int32_t W, int32_t cat, uint32_t* pn, uint32_t* dn,
                         uint64_t* zone) noexcept nogil:
    """Initial numbers of a player-to-move position (the board of x; its scratch is used)."""
    cdef int32_t d = open_distance(x, W, cat, 0 if x.border[cat] else 2, pn, dn, zone), e, c
    if d < 0:
        return
    e = layer_win(x, cat, d) if d > 1 else 1
    if e > 0 and d > 1:
        border_distances(x.board, x.nbr, x.border, x.n, x.db, x.queue)
        c = cut_deficit(x, cat, d, False)
        if c < e:
            e = c
        if 0 < e <= ENC_GATE:
            c = enclosure_deficit(x.board, x.nbr, x.border, x.n, cat, x.dc, d, ENC_FLOW, x.enc,
                                  x.score, NULL)
            if c < e:
                e = c
    if e <= 0:
        pn[0] = 0
        dn[0] = INF
        return
    if e > 1000:
        e = 1000
    pn[0] = sat(1 + 2 * e)
    dn[0] = sat(1 + (d - 1) * (d - 1))


cdef inline void eval_and(Ctx* x, int32_t W, int32_t cat, uint32_t* pn, uint32_t* dn,
                          uint64_t* zone) noexcept nogil:
    """Initial numbers of a cat-to-move position (just after a block, on the board of x)."""
    cdef int32_t d = open_distance(x, W, cat, 1, pn, dn, zone), e, c
    if d < 0:
        return
    e = layer_win(x, cat, d) if d > 2 else 0
    if d > 2:
        border_distances(x.board, x.nbr, x.border, x.n, x.db, x.queue)
        c = cut_deficit(x, cat, d, False)
        if -1 < c <= ENC_GATE:
            c = min(c, enclosure_deficit(x.board, x.nbr, x.border, x.n, cat, x.dc, d, ENC_FLOW,
                                         x.enc, x.score, NULL))
        if c <= -1:  # the cut is closed in time even with the cat to move
            pn[0] = 0
            dn[0] = INF
            return
        if c < e:
            e = c
    if e < 0:
        e = 0
    if e > 1000:
        e = 1000
    pn[0] = sat(2 + 2 * e)
    dn[0] = sat(1 + (d - 1) * (d - 1))
