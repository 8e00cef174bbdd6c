"""The cat's search core, defined once (declared in search.pxd): the search context, the exact
solver's AND/OR search, the static layer test and greedy playouts. Compiled as trapcore.cat._search;
src/cat/play.pyx and src/cat/pns.pyx cimport it. Directives are set in setup.py.

The solver decides "can the player (to move) force the cat to be enclosed?" by depth-limited
AND/OR search with iterative deepening on the horizon k = cat moves left to reach a border cell:
  RES_LOSS  the cat reaches a border cell within k of its moves whatever the player does (absolute)
  RES_WIN   every line ends with the cat enclosed within the horizon (absolute)
  RES_UNKNOWN  neither shown within the horizon or the node budget
Against the optimal cat (model MODEL_OPTIMAL) three sound prunings keep it small:
  * relevance: with k cat moves left only cells x with dist(cat, x) + dist(x, border) <= k can
    matter; blocking any other cell is like passing, and passing is never better than blocking
    (more blocked cells never hurt the player: she can play any strategy of the position with
    fewer blocks), so those blocks are dominated;
  * proof zones ("must-play"): a LOSS proof records the cells its cat strategy relies on; if the
    player's block x is refuted with zone Z, every block y outside Z is refuted too (the position
    with y is no better for the player than the one with x and y, which Z still refutes), so the
    player's candidates shrink to the intersection of the zones of her refuted blocks;
  * two free border cells next to the cat, or one cell the cat reaches with two free border
    neighbours, end in a LOSS that the zones then make the player answer at once.
Against the BFS and six-ray cats the cat's reply is computed (the ray cat's random fallback is
searched as an adversary), without zones; one block outside the cat's reach stands for all.
A transposition table keyed by Zobrist hashes (blocked cells, cat cell, a per-search salt so
stale entries never match) stores WIN/LOSS (with zone) and UNK with the horizon searched.
"""
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from common.signals cimport signalled
cdef enum:
    # Ctrl-C polling: a position costs a few BFS passes (tens of microseconds on big boards), so
    # poll every 1024 positions rather than signals.pxd's POLL_MASK
    SEARCH_POLL = 0x3FF

from cat.enclose cimport ENC_FLOW, enclose_rev, enclose_words, enclosure_deficit
from cat.hex cimport (bfs_distances, bfs_escape, border_distances, first_step, hex_tables,
                      open_ray_step)
from trapcore.cat._codes cimport (MODEL_BFS, MODEL_OPTIMAL, MODEL_RAYS, RES_LOSS, RES_UNKNOWN,
                                  RES_WIN)


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += <uint64_t> 0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94D049BB133111EB
    return z ^ (z >> 31)


cdef int ctx_init(Ctx* x, int32_t rows, int32_t cols, int32_t maxply,
                  int32_t tt_bits) except -1 nogil:
    """Allocate every buffer of x (zeroed) for a rows x cols board, a stack of maxply plies and a
    table of about 2**tt_bits entries, and fill the tables. Out of memory: frees what it got
    (x is left zeroed) and raises MemoryError."""
    cdef int32_t n = rows * cols, i
    cdef uint64_t s = 0x5EED5EED1234ABCD
    cdef size_t tt
    # the table's zones take W words an entry: keep them under 64 MB on big boards
    while tt_bits > 6 and ((<size_t> 1) << tt_bits) * (<size_t> ((n + 63) // 64)) * 8 > (64 << 20):
        tt_bits -= 1
    tt = (<size_t> 1) << tt_bits
    memset(x, 0, sizeof(Ctx))
    x.rows = rows
    x.cols = cols
    x.n = n
    x.W = (n + 63) // 64
    x.maxply = maxply
    x.tt_mask = tt - 1
    x.salt_state = 0x1234567887654321
    x.nbr = <int32_t*> calloc(n * 6 + 1, sizeof(int32_t))
    x.border = <uint8_t*> calloc(n + 1, 1)
    x.board = <uint8_t*> calloc(n + 1, 1)
    x.board2 = <uint8_t*> calloc(n + 1, 1)
    x.db = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.dc = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.dtmp = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.queue = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.parent = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.score = <int32_t*> calloc(n + 1, sizeof(int32_t))
    x.zob = <uint64_t*> calloc(2 * n + 1, sizeof(uint64_t))
    x.tt_key = <uint64_t*> calloc(tt, sizeof(uint64_t))
    x.tt_zone = <uint64_t*> calloc(tt * x.W, sizeof(uint64_t))
    x.tt_best = <int32_t*> calloc(tt, sizeof(int32_t))
    x.tt_depth = <int32_t*> calloc(tt, sizeof(int32_t))
    x.tt_res = <uint8_t*> calloc(tt, 1)
    x.cand = <int32_t*> calloc(<size_t> maxply * (n + 1) + 1, sizeof(int32_t))
    x.cmoves = <int32_t*> calloc(<size_t> maxply * 12 + 12, sizeof(int32_t))
    x.zone = <uint64_t*> calloc(<size_t> (maxply + 1) * x.W, sizeof(uint64_t))
    x.must = <uint64_t*> calloc(<size_t> (maxply + 1) * x.W, sizeof(uint64_t))
    x.enc = <int32_t*> calloc(enclose_words(n), sizeof(int32_t))
    x.enccut = <uint8_t*> calloc(n + 1, 1)
    x.reach = <int32_t*> calloc(n + 1, sizeof(int32_t))
    if (x.nbr == NULL or x.border == NULL or x.board == NULL or x.board2 == NULL or x.db == NULL
            or x.enc == NULL or x.enccut == NULL or x.reach == NULL or x.dc == NULL
            or x.dtmp == NULL or x.queue == NULL or x.parent == NULL
            or x.score == NULL or x.zob == NULL or x.tt_key == NULL or x.tt_zone == NULL
            or x.tt_best == NULL or x.tt_depth == NULL or x.tt_res == NULL or x.cand == NULL
            or x.cmoves == NULL or x.zone == NULL or x.must == NULL):
        ctx_free(x)
        with gil:
            raise MemoryError(f"not enough memory for the cat's search tables ({rows} x {cols} "
                              f"board, {maxply} plies)")
    if hex_tables(rows, cols, x.nbr, x.border):
        x.interrupted = True  # Ctrl-C (on boards of POLL_MASK + 1 cells or more): the def raises
        return 0
    enclose_rev(x.nbr, n, x.enc)
    for i in range(2 * n):
        x.zob[i] = splitmix64(&s)
    return 0


cdef void ctx_free(Ctx* x) noexcept nogil:
    """Free every buffer of x and zero it (a no-op on a zeroed context)."""
    free(x.nbr); free(x.border); free(x.board); free(x.board2); free(x.db); free(x.dc)
    free(x.dtmp); free(x.queue); free(x.parent); free(x.score); free(x.zob); free(x.tt_key)
    free(x.tt_zone); free(x.tt_best); free(x.tt_depth); free(x.tt_res); free(x.cand)
    free(x.cmoves); free(x.zone); free(x.must); free(x.enc); free(x.enccut); free(x.reach)
    memset(x, 0, sizeof(Ctx))


cdef void ctx_load(Ctx* x, const uint8_t* board) noexcept nogil:
    """Copy board into the working board and hash it."""
    cdef int32_t i
    x.hash = 0
    for i in range(x.n):
        x.board[i] = 1 if board[i] else 0
        if x.board[i]:
            x.hash ^= x.zob[i]


cdef void ctx_new_search(Ctx* x, int model, int64_t max_nodes) noexcept nogil:
    """Start a search: a fresh salt (stale table entries can no longer match), counters reset."""
    x.model = model
    x.salt = splitmix64(&x.salt_state)
    x.nodes = 0
    x.max_nodes = max_nodes
    x.aborted = False


cdef void ctx_border_distances(Ctx* x) noexcept nogil:
    """Fill x.db with each cell's escape distance on the working board (border_distances)."""
    border_distances(x.board, x.nbr, x.border, x.n, x.db, x.queue)


# -- greedy playouts against a fixed-policy cat ----------------------------------------------------
cdef inline int32_t model_step(Ctx* x, const uint8_t* bd, int32_t cat, int model) noexcept nogil:
    """A fixed-policy cat's step on bd (cat not on the border): -1 enclosed, -2 when the ray cat
    has no open ray (its move would be random)."""
    cdef int32_t t = bfs_escape(bd, x.nbr, x.border, x.n, cat, x.parent, x.queue)
    if t < 0:
        return -1
    if model == MODEL_RAYS:
        t = open_ray_step(bd, x.nbr, cat)
        return t if t >= 0 else -2
    return first_step(x.parent, cat, t)


cdef int32_t rollout(Ctx* x, int32_t cat, int model) noexcept nogil:
    """Play greedy (block the model cat's next step) against the fixed-policy model cat (BFS or
    rays) on board2, the cat to move: a score, higher better for the player: 100000 - moves for
    a win (every step determined, so a proof), else the moves survived."""
    cdef int32_t t, b, moves = 0
    cdef uint8_t* bd = x.board2
    while True:
        if x.border[cat]:
            return moves
        t = model_step(x, bd, cat, model)
        if t == -1:
            return 100000 - moves
        if t < 0:
            return moves
        cat = t
        moves += 1
        if x.border[cat]:
            return moves
        t = model_step(x, bd, cat, model)
        if t == -1:
            return 100000 - moves
        b = t if t >= 0 else any_free(bd, x.n, cat)
        if b < 0:
            return moves
        bd[b] = 1


# -- the solver ----------------------------------------------------------------------------------
# Two boolean searches share the table: MODE_ESC asks "does the cat reach the border within k of
# its moves whatever the player does?" (a LOSS, with the relevance and zone prunings) and stops a
# player node at its first block that is not refuted; MODE_WIN asks "can the player enclose the
# cat within k cat moves?" and stops a cat node at its first move that does not lose. Both return
# RES_WIN / RES_LOSS when they happen to prove one (absolute facts) and RES_UNKNOWN otherwise.
cdef inline void tt_store(Ctx* x, uint64_t key, int res, int mode, int32_t k, int32_t best,
                          const uint64_t* zone) noexcept nogil:
    """Store a proven result (res WIN or LOSS), or "mode failed at horizon k" (res UNK)."""
    cdef uint64_t idx = key & x.tt_mask
    cdef int32_t esc = 0, win = 0
    if res == RES_UNKNOWN and x.tt_key[idx] == key and x.tt_res[idx] == RES_UNKNOWN:
        esc = x.tt_depth[idx] & 0xFFFF
        win = x.tt_depth[idx] >> 16
    if res == RES_UNKNOWN:
        if mode == MODE_ESC:
            esc = k + 1
        else:
            win = k + 1
    x.tt_key[idx] = key
    x.tt_res[idx] = <uint8_t> res
    x.tt_depth[idx] = (win << 16) | esc
    x.tt_best[idx] = best
    if res == RES_LOSS:
        memcpy(x.tt_zone + idx * x.W, zone, x.W * sizeof(uint64_t))


cdef int32_t layer_win(Ctx* x, int32_t cat, int32_t d) noexcept nogil:
    """A sound static win test, the player to move: some layer L < d of cells at distance L from
    the cat separates it from the border, and its cells that touch the outside number at most L.
    Blocking them one a turn wins: the cat needs L moves to reach any of them, and the i-th is
    blocked before the cat's i-th move. Returns 0 when one is found (the first such L), else the
    smallest excess (cut cells - L) over the layers (the first L with it is the best layer);
    either way dtmp marks (2) the cut cells of the best layer and (1) its outside (none when
    d <= 1). Uses dc (distances from the cat, filled by the caller); queue and reach as scratch.

    The outside of layer L is the cells farther than L from the cat that reach a free border cell
    through such cells. All layers at once: reach[i] is the largest v (capped at top = min(d,
    12)) such that i joins a free border cell through cells at least v steps from the cat, a
    widest-path value, found by a bucket queue from the border cells, highest bucket first: a
    cell's first value is its last, since later buckets only hold lower values. Then i is outside
    layer L when reach[i] > L, and a cell at distance L is a cut cell of layer L when a neighbour
    is. (tests/reference/cat_solver.py's layer test, one flood a layer, is the twin.)"""
    cdef int32_t n = x.n, top = min(d, 12), i, j, q, v, m, L, c, best_L = -1, best = 0x7fffffff
    cdef int32_t* reach = x.reach
    cdef int32_t* nxt = x.queue
    cdef int32_t head[13]
    cdef int32_t cnt[13]
    if top <= 1:
        for i in range(n):
            x.dtmp[i] = 0
        return best
    for v in range(top + 1):
        head[v] = -1
        cnt[v] = 0
    for i in range(n):
        reach[i] = -1
        if x.border[i] and x.dc[i] > 0:
            v = x.dc[i] if x.dc[i] < top else top
            reach[i] = v
            nxt[i] = head[v]
            head[v] = i
    for v in range(top, 0, -1):
        while head[v] >= 0:
            i = head[v]
            head[v] = nxt[i]
            for j in range(6):
                q = x.nbr[i * 6 + j]
                if q >= 0 and reach[q] < 0 and x.dc[q] > 0:
                    m = x.dc[q] if x.dc[q] < v else v
                    reach[q] = m
                    nxt[q] = head[m]
                    head[m] = q
    # dtmp[i]: the highest reach among the neighbours of a cell inside the layers, for the marks
    for i in range(n):
        c = x.dc[i]
        x.dtmp[i] = -1
        if 0 < c < top:
            m = -1
            for j in range(6):
                q = x.nbr[i * 6 + j]
                if q >= 0 and reach[q] > m:
                    m = reach[q]
            x.dtmp[i] = m
            if m > c:
                cnt[c] += 1
    for L in range(1, top):
        c = cnt[L] - L
        if c < best:
            best = c
            best_L = L
        if c <= 0:
            break
    for i in range(n):
        if x.dc[i] == best_L and x.dtmp[i] > best_L:
            x.dtmp[i] = 2
        elif reach[i] > best_L:
            x.dtmp[i] = 1
        else:
            x.dtmp[i] = 0
    return 0 if best <= 0 else best


cdef int32_t enclosure_block(Ctx* x, int32_t cat, int32_t d) noexcept nogil:
    """The enclosure test (src/cat/enclose.pxd), the player to move, the cat's escape distance d
    and dc filled: the cut cell nearest the cat when a cut closes in time, else -1. Leaves the
    best cut's cells in enccut. The proof-number search uses it (pns.pyx); the win search here
    does not: its wins would then reach deeper than a re-proof within the same budget reaches
    after the cat's reply (measured: a proven 11x11 start lost by the solver player)."""
    cdef int32_t i, best = -1
    if d < 1 or enclosure_deficit(x.board, x.nbr, x.border, x.n, cat, x.dc, d, ENC_FLOW, x.enc,
                                  x.score, x.enccut) > 0:
        return -1
    for i in range(x.n):
        if x.enccut[i] and (best < 0 or x.dc[i] < x.dc[best]):
            best = i
    return best


cdef inline int cnode(Ctx* x, int32_t cat, int32_t k, int32_t ply, int mode) noexcept nogil:
    """The cat to move from cat (not a border cell) after the player's block, k cat moves left.
    For a LOSS (model optimal) the zone is left at ply + 1."""
    cdef int32_t n = x.n, j, q, t, m = 0, dq, cnt, i
    cdef int32_t* mv = x.cmoves + ply * 12
    cdef int32_t dummy
    cdef int r, any_unk = 0
    ctx_border_distances(x)
    if x.db[cat] < 0:
        return RES_WIN
    if k <= 0:
        return RES_UNKNOWN
    if x.model == MODEL_BFS:
        t = bfs_escape(x.board, x.nbr, x.border, n, cat, x.parent, x.queue)
        q = first_step(x.parent, cat, t)
        return pnode(x, q, k - 1, ply + 1, mode, &dummy)
    if x.model == MODEL_RAYS:
        q = open_ray_step(x.board, x.nbr, cat)
        if q >= 0:
            return pnode(x, q, k - 1, ply + 1, mode, &dummy)
    # every free neighbour (the optimal cat, or the ray cat's random fallback), nearest the
    # border first, then those with more neighbours one step nearer
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q < 0 or x.board[q]:
            continue
        dq = x.db[q]
        cnt = 0
        for i in range(6):
            t = x.nbr[q * 6 + i]
            if t >= 0 and not x.board[t] and x.db[t] == dq - 1:
                cnt += 1
        dq = dq * 8 + (6 - cnt)
        i = m
        while i > 0 and mv[2 * (i - 1) + 1] > dq:
            mv[2 * i] = mv[2 * (i - 1)]
            mv[2 * i + 1] = mv[2 * (i - 1) + 1]
            i -= 1
        mv[2 * i] = q
        mv[2 * i + 1] = dq
        m += 1
    for j in range(m):
        q = mv[2 * j]
        if mode == MODE_ESC and mv[2 * j + 1] // 8 > k - 1:
            any_unk = 1  # cannot reach the border in time: no escape, but not a win either
            continue
        r = pnode(x, q, k - 1, ply + 1, mode, &dummy)
        if x.aborted:
            return RES_UNKNOWN
        if r == RES_LOSS:
            if x.model == MODEL_OPTIMAL:
                z_set(x.zone + (ply + 1) * x.W, q)
            return RES_LOSS
        if r == RES_UNKNOWN:
            any_unk = 1
            if mode == MODE_WIN:
                return RES_UNKNOWN
    return RES_UNKNOWN if any_unk else RES_WIN  # a win when every move was searched and won


cdef int pnode(Ctx* x, int32_t cat, int32_t k, int32_t ply, int mode,
               int32_t* best) noexcept nogil:
    """The player to move with the cat on cat and k cat moves left. A LOSS leaves its zone at
    ply; best gets the winning block (WIN), the first block not refuted (UNK) or -1."""
    cdef int32_t n = x.n, W = x.W, i, j, q, d, e = 0, b1 = -1, b2 = -1, s, m = 0, bu = -1
    cdef int32_t ttm = -1, pass_cell = -1, reach
    cdef uint64_t* zn = x.zone + ply * W
    cdef uint64_t* mu = x.must + ply * W
    cdef int32_t* cand = x.cand + ply * (n + 1)
    cdef uint64_t key, idx
    cdef int r, any_unk = 0, model = x.model
    best[0] = -1
    x.nodes += 1
    if x.nodes > x.max_nodes or x.interrupted:
        x.aborted = True
        return RES_UNKNOWN
    if ((x.nodes & SEARCH_POLL) == 0 or x.n > SEARCH_POLL) and signalled():  # big: every node
        x.interrupted = True
        x.aborted = True
        return RES_UNKNOWN
    # (escapes count only within the horizon: the relevance pruning above assumes it)
    if k < 0:
        return RES_UNKNOWN
    if x.border[cat]:
        z_clear(zn, W)
        return RES_LOSS
    ctx_border_distances(x)
    d = x.db[cat]
    if d < 0:
        return RES_WIN
    if model != MODEL_RAYS and k >= 1:
        for j in range(6):
            q = x.nbr[cat * 6 + j]
            if q >= 0 and not x.board[q] and x.border[q]:
                if e == 0:
                    b1 = q
                else:
                    b2 = q
                e += 1
        if e >= 2:
            z_clear(zn, W)
            z_set(zn, b1)
            z_set(zn, b2)
            return RES_LOSS
    if (mode == MODE_ESC and d > k) or ply >= x.maxply - 1:
        return RES_UNKNOWN
    key = (x.hash ^ x.zob[n + cat] ^ x.salt) | 1
    idx = key & x.tt_mask
    if x.tt_key[idx] == key:
        r = x.tt_res[idx]
        if r == RES_WIN:
            best[0] = x.tt_best[idx]
            return RES_WIN
        if r == RES_LOSS:
            memcpy(zn, x.tt_zone + idx * W, W * sizeof(uint64_t))
            best[0] = x.tt_best[idx]
            return RES_LOSS
        if mode == MODE_ESC and (x.tt_depth[idx] & 0xFFFF) - 1 >= k:
            best[0] = x.tt_best[idx]
            return RES_UNKNOWN
        if mode == MODE_WIN and (x.tt_depth[idx] >> 16) - 1 >= k:
            best[0] = x.tt_best[idx]
            return RES_UNKNOWN
        ttm = x.tt_best[idx]
    bfs_distances(x.board, x.nbr, n, cat, x.dc, x.queue)
    if mode == MODE_WIN and layer_win(x, cat, d) <= 0:
        best[0] = -1
        for i in range(n):  # a block of the winning layer
            if x.dtmp[i] == 2:
                best[0] = i
                break
        tt_store(x, key, RES_WIN, mode, k, best[0], zn)
        return RES_WIN
    # candidate blocks, best first: on a shortest escape path, nearest the cat. Escape search:
    # the relevant cells (optimal cat), the cells the BFS cat can look at, every reachable cell
    # (ray cat), plus one block out of reach standing for all of them. Win search: cells at
    # most two steps off a shortest escape path.
    reach = k if mode == MODE_ESC else d + 2
    for i in range(n):
        if x.board[i] or i == cat:
            continue
        if x.dc[i] < 0 or (model == MODEL_BFS and mode == MODE_ESC and x.dc[i] > k):
            if pass_cell < 0:
                pass_cell = i
            continue
        if ((model == MODEL_OPTIMAL or mode == MODE_WIN) and x.dc[i] + x.db[i] > reach
                and not (mode == MODE_WIN and model == MODEL_OPTIMAL and x.dtmp[i] == 2)):
            continue
        s = (x.dc[i] + x.db[i] - d) * 64 + x.dc[i]
        if mode == MODE_WIN and model == MODEL_OPTIMAL and x.dtmp[i] == 2:
            s = x.dc[i] - 64  # the cells of the most promising layer cut first
        if i == ttm:
            s = -1000
        j = m
        while j > 0 and x.score[j - 1] > s:
            cand[j] = cand[j - 1]
            x.score[j] = x.score[j - 1]
            j -= 1
        cand[j] = i
        x.score[j] = s
        m += 1
    if model != MODEL_OPTIMAL and mode == MODE_ESC and pass_cell >= 0:
        cand[m] = pass_cell
        m += 1
    if mode == MODE_WIN and model != MODEL_OPTIMAL:
        # against a fixed policy one line is a proof: play the first blocks out greedily
        # (each playout counts as a node)
        for i in range(min(m, 8)):
            q = cand[i]
            x.nodes += 1
            memcpy(x.board2, x.board, n)
            x.board2[q] = 1
            if rollout(x, cat, model) >= 50000:
                tt_store(x, key, RES_WIN, mode, k, q, zn)
                best[0] = q
                return RES_WIN
    z_clear(zn, W)
    z_fill(mu, W)
    for i in range(m):
        q = cand[i]
        if model == MODEL_OPTIMAL and not z_test(mu, q):
            continue  # refuted by the zone of an earlier block
        ctx_block(x, q)
        r = cnode(x, cat, k, ply, mode)
        ctx_unblock(x, q)
        if x.aborted:
            return RES_UNKNOWN
        if r == RES_WIN:
            tt_store(x, key, RES_WIN, mode, k, q, zn)
            best[0] = q
            return RES_WIN
        if r == RES_LOSS:
            if model == MODEL_OPTIMAL:
                z_or(zn, x.zone + (ply + 1) * W, W)
                z_and(mu, x.zone + (ply + 1) * W, W)
        else:
            any_unk = 1
            if bu < 0:
                bu = q
            if mode == MODE_ESC:
                break
    if any_unk or (mode == MODE_WIN and (model != MODEL_OPTIMAL or reach < k)):
        # not refuted (escape search), or no win among the blocks tried (win search, whose
        # candidates cover every relevant block only for the optimal cat with reach >= k)
        tt_store(x, key, RES_UNKNOWN, mode, k, bu, zn)
        best[0] = bu
        return RES_UNKNOWN
    best[0] = cand[0] if m > 0 else -1
    tt_store(x, key, RES_LOSS, mode, k, best[0], zn)
    return RES_LOSS


cdef int solve_root(Ctx* x, int32_t cat, int32_t max_depth, int32_t* best,
                    int32_t* depth) noexcept nogil:
    """Iterative deepening from the working board, player to move: for each horizon k, first
    look for a forced escape within k cat moves, then for an enclosure within k. best gets the
    proven winning block (WIN), else the block that held out longest (-1 if none was searched);
    depth the horizon of the verdict (WIN, LOSS) or, for UNK, the deepest horizon shown to
    hold no forced escape (-1 if none)."""
    cdef int32_t k, d, b = -1, held = -1, wb = -1
    cdef int64_t before, spent, limit
    cdef int r = RES_UNKNOWN
    best[0] = -1
    depth[0] = -1
    if x.border[cat]:
        depth[0] = 0
        return RES_LOSS
    ctx_border_distances(x)
    d = x.db[cat]
    if d < 0:
        depth[0] = 0
        return RES_WIN
    depth[0] = d - 1  # no escape within fewer moves than the distance
    k = d
    while k <= max_depth:
        before = x.nodes
        r = pnode(x, cat, k, 0, MODE_ESC, &b)
        if x.aborted:
            r = RES_UNKNOWN
            break
        if r == RES_LOSS:
            depth[0] = k
            break
        if r == RES_UNKNOWN:
            held = b
            depth[0] = k
            # the win search may spend as many nodes as the escape search did (at least 2000)
            spent = x.nodes - before
            limit = x.max_nodes
            if x.nodes + max(spent, 2000) < limit:
                x.max_nodes = x.nodes + max(spent, 2000)
            r = pnode(x, cat, k, 0, MODE_WIN, &wb)
            x.max_nodes = limit
            if x.aborted and x.nodes <= limit:
                x.aborted = False  # only the win search's share ran out
                r = RES_UNKNOWN
        if x.aborted:
            r = RES_UNKNOWN
            break
        if r == RES_WIN:
            b = wb if wb >= 0 else b
            depth[0] = k
            break
        if r == RES_LOSS:
            depth[0] = k
            break
        k += 1
    if r == RES_WIN:
        best[0] = b
    elif held >= 0:
        best[0] = held
    else:
        best[0] = b
    return r
