# Trap the Cat search core, shared by src/cat.pyx (the "smart" cat), src/catsolve.pyx (the exact
# solver) and src/catsim.pyx (whole-game simulation, player policies). Everything here is
# `cdef inline ... noexcept nogil` over one search context (Ctx) whose buffers are malloc'ed once
# by ctx_init (a failing allocation returns -1; the caller raises MemoryError) and freed by
# ctx_free. Boards are flat uint8 arrays in even-r offset order (see _hex.pxd).
#
# The solver decides "can the player (to move) force the cat to be enclosed?" by depth-limited
# AND/OR search with iterative deepening on the horizon k = cat moves left to reach a border cell:
#   RES_LOSS  the cat reaches a border cell within k of its moves whatever the player does (absolute)
#   RES_WIN   every line ends with the cat enclosed within the horizon (absolute)
#   RES_UNK   neither shown within the horizon or the node budget
# Against the optimal cat (model MODEL_OPTIMAL) three sound prunings keep it small:
#   * relevance: with k cat moves left only cells x with dist(cat, x) + dist(x, border) <= k can
#     matter; blocking any other cell is like passing, and passing is never better than blocking
#     (more blocked cells never hurt the player: she can play any strategy of the position with
#     fewer blocks), so those blocks are dominated;
#   * proof zones ("must-play"): a LOSS proof records the cells its cat strategy relies on; if the
#     player's block x is refuted with zone Z, every block y outside Z is refuted too (the position
#     with y is no better for the player than the one with x and y, which Z still refutes), so the
#     player's candidates shrink to the intersection of the zones of her refuted blocks;
#   * two free border cells next to the cat, or one cell the cat reaches with two free border
#     neighbours, end in a LOSS that the zones then make the player answer at once.
# Against the BFS and six-ray cats the cat's reply is computed (the ray cat's random fallback is
# searched as an adversary), without zones; one block outside the cat's reach stands for all.
# A transposition table keyed by Zobrist hashes (blocked cells, cat cell, a per-search salt so
# stale entries never match) stores WIN/LOSS (with zone) and UNK with the horizon searched.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

from cat.hex cimport (POLICY_BFS, POLICY_RAYS, POLICY_SMART, RULES_ENCLOSED, bfs_distances,
                   bfs_escape, border_distances, first_step, hex_tables, open_ray_step, step_pocket,
                   step_rays)
from common.random cimport bounded

cdef enum:
    RES_UNK = 0
    RES_WIN = 1
    RES_LOSS = 2
    MODEL_OPTIMAL = 0
    MODEL_BFS = 1
    MODEL_RAYS = 2
    PLAYER_RANDOM = 0
    PLAYER_GREEDY = 1
    PLAYER_LOOKAHEAD = 2
    PLAYER_SOLVER = 3
    # the smart cat: forced-escape search horizon (its own moves) and node budget per move
    SMART_DEPTH = 4
    SMART_NODES = 2000
    SMART_TT_BITS = 12


ctypedef struct Ctx:
    int32_t rows, cols, n, W, maxply, model
    int32_t* nbr        # n*6 neighbour table
    uint8_t* border     # n border flags
    uint8_t* board      # the working board (searches block and unblock in place)
    uint8_t* board2     # scratch board (rollouts)
    int32_t* db         # scratch: distance to the border
    int32_t* dc         # scratch: distance from the cat
    int32_t* dtmp       # scratch distances
    int32_t* queue
    int32_t* parent
    int32_t* score      # scratch: candidate scores
    uint64_t* zob       # 2n Zobrist keys: blocked cell, cat cell
    uint64_t hash       # Zobrist hash of the blocked cells of board
    uint64_t salt       # per-search salt mixed into every key
    uint64_t salt_state
    uint64_t* tt_key
    uint64_t* tt_zone   # W words per entry (LOSS zones)
    int32_t* tt_best
    int32_t* tt_depth
    uint8_t* tt_res
    uint64_t tt_mask
    int32_t* cand       # maxply*(n+1): candidate blocks per ply
    int32_t* cmoves     # maxply*12: cat moves and their distances per ply
    uint64_t* zone      # (maxply+1)*W: LOSS zone of the node at each ply
    uint64_t* must      # (maxply+1)*W: must-play set at each ply
    int64_t nodes, max_nodes
    bint aborted


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += <uint64_t> 0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline int ctx_init(Ctx* x, int32_t rows, int32_t cols, int32_t maxply,
                         int32_t tt_bits) noexcept nogil:
    """Allocate every buffer (zeroed) and fill the tables; -1 when out of memory (then ctx_free)."""
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
    if (x.nbr == NULL or x.border == NULL or x.board == NULL or x.board2 == NULL or x.db == NULL
            or x.dc == NULL or x.dtmp == NULL or x.queue == NULL or x.parent == NULL
            or x.score == NULL or x.zob == NULL or x.tt_key == NULL or x.tt_zone == NULL
            or x.tt_best == NULL or x.tt_depth == NULL or x.tt_res == NULL or x.cand == NULL
            or x.cmoves == NULL or x.zone == NULL or x.must == NULL):
        return -1
    hex_tables(rows, cols, x.nbr, x.border)
    for i in range(2 * n):
        x.zob[i] = splitmix64(&s)
    return 0


cdef inline void ctx_free(Ctx* x) noexcept nogil:
    free(x.nbr); free(x.border); free(x.board); free(x.board2); free(x.db); free(x.dc)
    free(x.dtmp); free(x.queue); free(x.parent); free(x.score); free(x.zob); free(x.tt_key)
    free(x.tt_zone); free(x.tt_best); free(x.tt_depth); free(x.tt_res); free(x.cand)
    free(x.cmoves); free(x.zone); free(x.must)
    memset(x, 0, sizeof(Ctx))


cdef inline void ctx_load(Ctx* x, const uint8_t* board) noexcept nogil:
    """Copy board into the working board and hash it."""
    cdef int32_t i
    x.hash = 0
    for i in range(x.n):
        x.board[i] = 1 if board[i] else 0
        if x.board[i]:
            x.hash ^= x.zob[i]


cdef inline void ctx_new_search(Ctx* x, int model, int64_t max_nodes) noexcept nogil:
    """Start a search: a fresh salt (stale table entries can no longer match), counters reset."""
    x.model = model
    x.salt = splitmix64(&x.salt_state)
    x.nodes = 0
    x.max_nodes = max_nodes
    x.aborted = False


cdef inline void ctx_block(Ctx* x, int32_t p) noexcept nogil:
    x.board[p] = 1
    x.hash ^= x.zob[p]


cdef inline void ctx_unblock(Ctx* x, int32_t p) noexcept nogil:
    x.board[p] = 0
    x.hash ^= x.zob[p]


# -- bitsets over cells ----------------------------------------------------------------------------
cdef inline void z_clear(uint64_t* z, int32_t W) noexcept nogil:
    cdef int32_t i
    for i in range(W):
        z[i] = 0


cdef inline void z_fill(uint64_t* z, int32_t W) noexcept nogil:
    cdef int32_t i
    for i in range(W):
        z[i] = <uint64_t> 0xFFFFFFFFFFFFFFFF


cdef inline void z_set(uint64_t* z, int32_t p) noexcept nogil:
    z[p >> 6] |= (<uint64_t> 1) << (p & 63)


cdef inline bint z_test(const uint64_t* z, int32_t p) noexcept nogil:
    return (z[p >> 6] >> (p & 63)) & 1


cdef inline void z_or(uint64_t* z, const uint64_t* a, int32_t W) noexcept nogil:
    cdef int32_t i
    for i in range(W):
        z[i] |= a[i]


cdef inline void z_and(uint64_t* z, const uint64_t* a, int32_t W) noexcept nogil:
    cdef int32_t i
    for i in range(W):
        z[i] &= a[i]


# -- the cat's deterministic replies -----------------------------------------------------------
cdef inline int32_t any_free(const uint8_t* board, int32_t n, int32_t cat) noexcept nogil:
    cdef int32_t i
    for i in range(n):
        if not board[i] and i != cat:
            return i
    return -1


cdef inline int32_t greedy_on(const uint8_t* board, Ctx* x, int32_t cat) noexcept nogil:
    """The block greedy plays on board: the fixed-tie BFS cat's next step (its pocket move when
    enclosed), else any free cell."""
    cdef int32_t t = bfs_escape(board, x.nbr, x.border, x.n, cat, x.parent, x.queue)
    if t >= 0 and t != cat:
        return first_step(x.parent, cat, t)
    if t < 0:
        t = step_pocket(board, x.nbr, cat)
        if t >= 0:
            return t
    return any_free(board, x.n, cat)


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


cdef inline int32_t rollout(Ctx* x, int32_t cat, int model) noexcept nogil:
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
# RES_WIN / RES_LOSS when they happen to prove one (absolute facts) and RES_UNK otherwise.
cdef enum:
    MODE_ESC = 0
    MODE_WIN = 1


cdef inline void tt_store(Ctx* x, uint64_t key, int res, int mode, int32_t k, int32_t best,
                          const uint64_t* zone) noexcept nogil:
    """Store a proven result (res WIN or LOSS), or "mode failed at horizon k" (res UNK)."""
    cdef uint64_t idx = key & x.tt_mask
    cdef int32_t esc = 0, win = 0
    if res == RES_UNK and x.tt_key[idx] == key and x.tt_res[idx] == RES_UNK:
        esc = x.tt_depth[idx] & 0xFFFF
        win = x.tt_depth[idx] >> 16
    if res == RES_UNK:
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


cdef inline int32_t layer_cut(Ctx* x, int32_t L) noexcept nogil:
    """Mark in dtmp (1) the outside of layer L, the cells farther than L from the cat that reach a
    free border cell through such cells, and count the layer-L cells touching it (uses dc)."""
    cdef int32_t n = x.n, i, j, q, head = 0, tail = 0, cnt = 0
    for i in range(n):
        x.dtmp[i] = 0
        if x.border[i] and x.dc[i] > L:
            x.dtmp[i] = 1
            x.queue[tail] = i
            tail += 1
    while head < tail:
        i = x.queue[head]
        head += 1
        for j in range(6):
            q = x.nbr[i * 6 + j]
            if q >= 0 and not x.dtmp[q] and x.dc[q] > L:
                x.dtmp[q] = 1
                x.queue[tail] = q
                tail += 1
    for i in range(n):
        if x.dc[i] == L:
            for j in range(6):
                q = x.nbr[i * 6 + j]
                if q >= 0 and x.dtmp[q] == 1:
                    cnt += 1
                    x.dtmp[i] = 2  # a cut cell
                    break
    return cnt


cdef inline int32_t layer_win(Ctx* x, int32_t cat, int32_t d) noexcept nogil:
    """A sound static win test, the player to move: some layer L < d of cells at distance L from
    the cat separates it from the border, and its cells that touch the outside number at most L.
    Blocking them one a turn wins: the cat needs L moves to reach any of them, and the i-th is
    blocked before the cat's i-th move. Returns 0 when one is found, else the smallest excess
    (cut cells - L) over the layers; either way dtmp marks (2) the cut cells of the best layer
    (none when d <= 1). Uses dc (distances from the cat, filled by the caller)."""
    cdef int32_t L, c, best_L = -1, best = 0x7fffffff
    for L in range(1, min(d, 12)):
        c = layer_cut(x, L) - L
        if c < best:
            best = c
            best_L = L
        if c <= 0:
            return 0
    if best_L < 0:
        for L in range(x.n):
            x.dtmp[L] = 0
        return best
    if best_L != min(d, 12) - 1:
        layer_cut(x, best_L)
    return best


cdef inline int cnode(Ctx* x, int32_t cat, int32_t k, int32_t ply, int mode) noexcept nogil:
    """The cat to move from cat (not a border cell) after the player's block, k cat moves left.
    For a LOSS (model optimal) the zone is left at ply + 1."""
    cdef int32_t n = x.n, j, q, t, m = 0, dq, cnt, i
    cdef int32_t* mv = x.cmoves + ply * 12
    cdef int32_t dummy
    cdef int r, any_unk = 0
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    if x.db[cat] < 0:
        return RES_WIN
    if k <= 0:
        return RES_UNK
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
            return RES_UNK
        if r == RES_LOSS:
            if x.model == MODEL_OPTIMAL:
                z_set(x.zone + (ply + 1) * x.W, q)
            return RES_LOSS
        if r == RES_UNK:
            any_unk = 1
            if mode == MODE_WIN:
                return RES_UNK
    return RES_UNK if any_unk else RES_WIN  # a win when every move was searched and won


cdef inline int pnode(Ctx* x, int32_t cat, int32_t k, int32_t ply, int mode,
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
    if x.nodes > x.max_nodes:
        x.aborted = True
        return RES_UNK
    # (escapes count only within the horizon: the relevance pruning above assumes it)
    if k < 0:
        return RES_UNK
    if x.border[cat]:
        z_clear(zn, W)
        return RES_LOSS
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
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
        return RES_UNK
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
            return RES_UNK
        if mode == MODE_WIN and (x.tt_depth[idx] >> 16) - 1 >= k:
            best[0] = x.tt_best[idx]
            return RES_UNK
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
            return RES_UNK
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
        tt_store(x, key, RES_UNK, mode, k, bu, zn)
        best[0] = bu
        return RES_UNK
    best[0] = cand[0] if m > 0 else -1
    tt_store(x, key, RES_LOSS, mode, k, best[0], zn)
    return RES_LOSS


cdef inline int solve_root(Ctx* x, int32_t cat, int32_t max_depth, int32_t* best,
                           int32_t* depth) noexcept nogil:
    """Iterative deepening from the working board, player to move: for each horizon k, first
    look for a forced escape within k cat moves, then for an enclosure within k. best gets the
    proven winning block (WIN), else the block that held out longest (-1 if none was searched);
    depth the horizon of the verdict (WIN, LOSS) or, for UNK, the deepest horizon shown to
    hold no forced escape (-1 if none)."""
    cdef int32_t k, d, b = -1, held = -1, wb = -1
    cdef int64_t before, spent, limit
    cdef int r = RES_UNK
    best[0] = -1
    depth[0] = -1
    if x.border[cat]:
        depth[0] = 0
        return RES_LOSS
    border_distances(x.board, x.nbr, x.border, x.n, x.db, x.queue)
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
            r = RES_UNK
            break
        if r == RES_LOSS:
            depth[0] = k
            break
        if r == RES_UNK:
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
                r = RES_UNK
        if x.aborted:
            r = RES_UNK
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


# -- cat policies --------------------------------------------------------------------------------
cdef inline int32_t step_smart(Ctx* x, int32_t cat, bitgen_t* rng) noexcept nogil:
    """The smart cat's move from cat (not a border cell, not enclosed) on the working board:
    1. a free border neighbour if there is one (random among them);
    2. else a move from which it forces an escape against every defence in the fewest moves
       (a bounded search, horizon SMART_DEPTH, SMART_NODES nodes), random among equals;
    3. else the neighbour whose escape distance after the player's best single block is
       smallest (counting a step away from the border as two more), then with the widest
       narrowest level of shortest paths, then with the most border cells at its distance,
       random among equals; when one block can enclose it whatever it does, a step nearest the
       border (random among equals)."""
    cdef int32_t n = x.n, j, i, q, c, m = 0, nb = 0, dq, lvl, minw, worst, nd, k, dummy, lastw
    cdef int32_t qs[6]
    cdef int32_t dqs[6]
    cdef int32_t pick[6]
    cdef int32_t width[64]
    cdef int64_t sc, best_sc
    cdef int r
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q >= 0 and not x.board[q] and x.db[q] >= 0:
            qs[m] = q
            dqs[m] = x.db[q]
            if x.border[q]:
                pick[nb] = q
                nb += 1
            m += 1
    if m == 0:
        return -1
    if nb > 0:
        return pick[bounded(rng, <uint32_t> nb)] if nb > 1 else pick[0]
    # 2. a forced escape, shortest first
    ctx_new_search(x, MODEL_OPTIMAL, SMART_NODES)
    for k in range(1, SMART_DEPTH + 1):
        nb = 0
        for j in range(m):
            if dqs[j] > k:
                continue
            r = pnode(x, qs[j], k, 1, MODE_ESC, &dummy)
            if x.aborted:
                break
            if r == RES_LOSS:
                pick[nb] = qs[j]
                nb += 1
        if x.aborted or nb > 0:
            break
    if nb > 0:
        return pick[bounded(rng, <uint32_t> nb)] if nb > 1 else pick[0]
    # 3. heuristic: the player's best single block against each move
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    best_sc = 0x7fffffffffffffff
    for j in range(m):
        q = qs[j]
        dq = x.db[q]

        bfs_distances(x.board, x.nbr, n, q, x.dc, x.queue)
        for lvl in range(min(dq + 1, 64)):
            width[lvl] = 0
        for i in range(n):
            if x.dc[i] > 0 and x.dc[i] < 64 and x.db[i] >= 0 and x.dc[i] + x.db[i] == dq:
                width[x.dc[i]] += 1
        minw = 0x7fffffff
        for lvl in range(1, min(dq + 1, 64)):
            if width[lvl] < minw:
                minw = width[lvl]
        lastw = width[dq] if dq < 64 else 1
        worst = dq
        if minw == 1:
            for i in range(n):
                if (x.dc[i] > 0 and x.dc[i] < 64 and x.db[i] >= 0 and x.dc[i] + x.db[i] == dq
                        and width[x.dc[i]] == 1):
                    x.board[i] = 1
                    border_distances(x.board, x.nbr, x.border, n, x.dtmp, x.parent)
                    x.board[i] = 0
                    nd = x.dtmp[q]
                    if nd < 0:
                        nd = 4 * n
                    if nd > worst:
                        worst = nd
        if minw > 15:
            minw = 15
        if lastw > 63:
            lastw = 63
        sc = (<int64_t> worst) * 4096 - minw * 64 - lastw
        if dq > x.db[cat]:
            sc += 2 * 4096  # a detour lets a lucky block seal the cat in: it must pay off well
        if sc < best_sc:
            best_sc = sc
            nb = 0
        if sc == best_sc:
            pick[nb] = q
            nb += 1
    if best_sc >= (<int64_t> 4 * n) * 4096 - 15 * 64 - 63:
        # one block can enclose the cat whatever it does: run for the nearest border cell and
        # hope the player misses it (wandering only gives her more blocks)
        nb = 0
        dq = 0x7fffffff
        for j in range(m):
            if dqs[j] < dq:
                dq = dqs[j]
                nb = 0
            if dqs[j] == dq:
                pick[nb] = qs[j]
                nb += 1
    return pick[bounded(rng, <uint32_t> nb)] if nb > 1 else pick[0]


cdef inline int32_t cat_reply_ctx(Ctx* x, int32_t cat, int policy, int rules,
                                  bitgen_t* rng) noexcept nogil:
    """The cat's move on the working board from a non-border cell: its new cell, or -1 when the
    player has won (no path to the border under "enclosed" rules; no free neighbour under
    "surrounded" rules). Same contract as cat.pyx's cat_reply, with the smart policy."""
    cdef int32_t target = bfs_escape(x.board, x.nbr, x.border, x.n, cat, x.parent, x.queue)
    if target < 0:
        if rules == RULES_ENCLOSED:
            return -1
        return step_pocket(x.board, x.nbr, cat)
    if policy == POLICY_RAYS:
        return step_rays(x.board, x.nbr, cat, rng)
    if policy == POLICY_SMART:
        return step_smart(x, cat, rng)
    return first_step(x.parent, cat, target)


# -- player policies -----------------------------------------------------------------------------
cdef inline int32_t player_random(Ctx* x, int32_t cat, bitgen_t* rng) noexcept nogil:
    """A uniformly random free cell other than the cat's (-1 if none)."""
    cdef int32_t i, m = 0, t
    for i in range(x.n):
        if not x.board[i] and i != cat:
            m += 1
    if m == 0:
        return -1
    t = <int32_t> bounded(rng, <uint32_t> m)
    for i in range(x.n):
        if not x.board[i] and i != cat:
            if t == 0:
                return i
            t -= 1
    return -1


cdef inline int32_t player_lookahead(Ctx* x, int32_t cat) noexcept nogil:
    """Try each block on a shortest escape path or next to the cat, play the rest greedily
    against the fixed-tie BFS cat, keep the block with the best outcome (first in cell order
    among equals); greedy when the cat is enclosed or on the border."""
    cdef int32_t n = x.n, i, d, s, best = -1, best_s = -1
    border_distances(x.board, x.nbr, x.border, n, x.db, x.queue)
    d = x.db[cat]
    if d <= 0:
        return greedy_on(x.board, x, cat)
    bfs_distances(x.board, x.nbr, n, cat, x.dc, x.queue)
    for i in range(n):
        if x.board[i] or i == cat or x.dc[i] < 0:
            continue
        if x.dc[i] + x.db[i] > d and x.dc[i] != 1:
            continue
        memcpy(x.board2, x.board, n)
        x.board2[i] = 1
        s = rollout(x, cat, MODEL_BFS)
        if s > best_s:
            best_s = s
            best = i
    return best if best >= 0 else greedy_on(x.board, x, cat)


cdef inline int32_t player_solver(Ctx* x, int32_t cat, int model, int64_t budget) noexcept nogil:
    """The solver's proven winning block (against the model cat, within budget), else the
    lookahead block."""
    cdef int32_t b, depth
    cdef int r
    ctx_new_search(x, model, budget)
    r = solve_root(x, cat, x.maxply - 2, &b, &depth)
    if r == RES_WIN and b >= 0:
        return b
    return player_lookahead(x, cat)


cdef inline int32_t player_move(Ctx* x, int32_t cat, int player, int model, int64_t budget,
                                bitgen_t* prng) noexcept nogil:
    """The player's block on the working board (-1 when no cell can be blocked)."""
    if player == PLAYER_RANDOM:
        return player_random(x, cat, prng)
    if player == PLAYER_GREEDY:
        return greedy_on(x.board, x, cat)
    if player == PLAYER_LOOKAHEAD:
        return player_lookahead(x, cat)
    return player_solver(x, cat, model, budget)
