"""Trap the Cat's move kernels: the cat's policies (BFS, six rays, smart) and the player's (random,
greedy, lookahead, solver) and whole games played one after another. Called only by trapcore/cat/
(players.py, game.py, simulation.py), which validates; the search core comes from
trapcore.cat._search (src/cat/search.pyx), the solver from trapcore.cat._engine
(src/cat/engine.pyx). Directives are set in setup.py."""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

from cat.hex cimport (bfs_distances, bfs_escape, bfs_escape_polled, draw_blocks, first_step,
                      hex_tables, step_pocket, step_rays)
from cat.memory cimport mem_forget
from common.checks cimport check_grid
from common.random cimport bitgen_of, bounded
from common.signals cimport due, raise_pending, restore_pending, signalled, stopped
from trapcore.cat._codes cimport (METHOD_AUTO, MODEL_BFS, MODEL_OPTIMAL, PLAYER_GREEDY,
                                  PLAYER_LOOKAHEAD, PLAYER_RANDOM, PLAYER_SOLVER, POLICY_RAYS,
                                  POLICY_SMART, RES_LOSS, RES_UNKNOWN, RES_WIN, RULES_ENCLOSED,
                                  Model, Player, Policy, Rules)
from trapcore.cat._engine cimport Memory, engine_search, greedy_on, mem_of, pns_share
from trapcore.cat._pns cimport mem_new
from trapcore.cat._search cimport (MODE_ESC, Ctx, ctx_block, ctx_border_distances, ctx_free,
                                   ctx_init, ctx_load, ctx_new_search, ctx_unblock, pnode,
                                   rollout)

cdef enum:
    # the smart cat: forced-escape search horizon (its own moves) and node budget per move
    SMART_DEPTH = 4
    SMART_NODES = 2000
    SMART_TT_BITS = 12
    # the smart cat's alpha-beta: blocks searched at most, node budget per move, levels of the
    # shortest escape routes offered as blocks, values (a win in p plies is AB_WIN - p)
    AB_BLOCKS = 3
    AB_NODES = 2000
    AB_LEVELS = 2
    AB_PATHS = 1 << 20
    AB_WIN = 1000000
    AB_INF = 2000000

cdef uint64_t AB_KEY = 0x9E3779B97F4A7C15  # the smart cat's table keys, apart from pnode's


# -- cat policies --------------------------------------------------------------------------------
cdef int32_t ab_scan(Ctx* x, int32_t cat, bint mark, int32_t* ends, int32_t* paths,
                     int32_t* reached) noexcept nogil:
    """BFS from the cat over free cells, stopped at the first level holding a free border cell:
    x.dc the levels of the cells reached (-1 elsewhere), x.queue those cells in BFS order,
    x.score the shortest paths from the cat to each (capped), and with mark x.parent[i] = 1 for
    the cells reached that lie on a shortest escape route. Returns the cat's escape distance d
    (-1 when enclosed); ends gets the free border cells at d, paths the shortest escape routes
    (capped at AB_PATHS), reached the cells reached."""
    cdef int32_t n = x.n, i, j, p, q, head = 0, tail = 1, d = -1, e = 0, s = 0, on
    for i in range(n):
        x.dc[i] = -1
    x.dc[cat] = 0
    x.score[cat] = 1
    x.queue[0] = cat
    while head < tail:
        p = x.queue[head]
        head += 1
        if p != cat and x.border[p]:
            if d < 0:
                d = x.dc[p]
            e += 1
            s += x.score[p]
            if s > AB_PATHS:
                s = AB_PATHS
        if d >= 0 and x.dc[p] >= d:
            continue
        for j in range(6):
            q = x.nbr[p * 6 + j]
            if q < 0 or x.board[q]:
                continue
            if x.dc[q] < 0:
                x.dc[q] = x.dc[p] + 1
                x.score[q] = x.score[p]
                x.queue[tail] = q
                tail += 1
            elif x.dc[q] == x.dc[p] + 1:
                x.score[q] += x.score[p]
                if x.score[q] > AB_PATHS:
                    x.score[q] = AB_PATHS
    ends[0] = e
    paths[0] = s
    reached[0] = tail
    if mark:
        for i in range(tail - 1, -1, -1):
            p = x.queue[i]
            if x.dc[p] == d:
                x.parent[p] = x.border[p]
                continue
            on = 0
            if d >= 0:
                for j in range(6):
                    q = x.nbr[p * 6 + j]
                    if q >= 0 and x.dc[q] == x.dc[p] + 1 and not x.board[q] and x.parent[q]:
                        on = 1
                        break
            x.parent[p] = on
    return d


cdef inline int32_t ab_leaf(Ctx* x, int32_t cat, int32_t d, int32_t ends, int32_t paths,
                            int32_t ply) noexcept nogil:
    """The cat to move at distance d >= 2 (ab_scan just ran): a neighbour with two free border
    neighbours escapes (a win in two), else the evaluation: near the border first, then more
    shortest escape routes, more border cells at the cat's distance, more free neighbours."""
    cdef int32_t j, i, q, t, nb, free = 0
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q < 0 or x.board[q]:
            continue
        free += 1
        if d == 2:
            nb = 0
            for i in range(6):
                t = x.nbr[q * 6 + i]
                if t >= 0 and not x.board[t] and x.border[t]:
                    nb += 1
            if nb >= 2:
                return AB_WIN - ply - 2
    if paths > 16:
        paths = 16
    if ends > 9:
        ends = 9
    return -1000 * d + 30 * paths + 10 * ends + free


cdef inline bint ab_tick(Ctx* x) noexcept nogil:
    """Count a node; True when the search must unwind (budget spent or Ctrl-C)."""
    x.nodes += 1
    if due(x.nodes, x.n) and not x.interrupted and signalled():  # a node costs O(cells)
        x.interrupted = True
    if x.interrupted or x.nodes > x.max_nodes:
        x.aborted = True
    return x.aborted


cdef int32_t ab_cat(Ctx* x, int32_t cat, int32_t k, int32_t ply, int32_t alpha,
                    int32_t beta) noexcept nogil:
    """The cat to move on cat (not a border cell) with k more blocks to search: the value of the
    position for the cat (fail-soft alpha-beta). Moves: its free neighbours, those on a shortest
    escape route first."""
    cdef int32_t j, q, m = 0, v, best = -AB_INF, d, ends, paths, tail
    cdef int32_t qs[6]
    if ab_tick(x):
        return 0
    d = ab_scan(x, cat, k > 0, &ends, &paths, &tail)
    if d < 0:
        return -AB_WIN + ply
    if d == 1:
        return AB_WIN - ply - 1
    if k == 0:
        return ab_leaf(x, cat, d, ends, paths, ply)
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q >= 0 and not x.board[q] and x.parent[q]:
            qs[m] = q
            m += 1
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q >= 0 and not x.board[q] and not x.parent[q]:
            qs[m] = q
            m += 1
    for j in range(m):
        v = ab_player(x, qs[j], k, ply + 1, alpha, beta)
        if x.aborted:
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


cdef int32_t ab_player(Ctx* x, int32_t cat, int32_t k, int32_t ply, int32_t alpha,
                       int32_t beta) noexcept nogil:
    """The player to move, the cat on cat (not a border cell), k >= 1 blocks left to search: the
    value for the cat. Blocks searched: the only free border neighbour when there is one (two
    escape at once), else the cells of the first AB_LEVELS levels of the cat's shortest escape
    routes (nearest first), then its other free neighbours."""
    cdef int32_t n = x.n, j, i, p, m = 0, v, best = AB_INF, d, ends, paths, lvl, tail, bb = -1
    cdef uint64_t key, idx
    cdef int32_t* cand = x.cand + ply * (n + 1)
    if ab_tick(x):
        return 0
    d = ab_scan(x, cat, True, &ends, &paths, &tail)
    if d < 0:
        return -AB_WIN + ply
    if d == 1:
        if ends >= 2:
            return AB_WIN - ply - 1
        for j in range(6):
            p = x.nbr[cat * 6 + j]
            if p >= 0 and not x.board[p] and x.border[p]:
                cand[0] = p
        m = 1
    else:
        for lvl in range(1, AB_LEVELS + 1):
            for i in range(1, tail):
                p = x.queue[i]
                if x.dc[p] == lvl and x.parent[p]:
                    cand[m] = p
                    m += 1
        for i in range(1, tail):
            p = x.queue[i]
            if x.dc[p] == 1 and not x.parent[p]:
                cand[m] = p
                m += 1
    # move ordering: the block that was best here before (the table is for ordering only)
    key = x.hash ^ x.zob[n + cat] ^ x.salt ^ AB_KEY
    idx = key & x.tt_mask
    if m > 1 and x.tt_key[idx] == key:
        for j in range(1, m):
            if cand[j] == x.tt_best[idx]:
                p = cand[j]
                for i in range(j, 0, -1):
                    cand[i] = cand[i - 1]
                cand[0] = p
                break
    for j in range(m):
        ctx_block(x, cand[j])
        v = ab_cat(x, cat, k - 1, ply + 1, alpha, beta)
        ctx_unblock(x, cand[j])
        if x.aborted:
            return 0
        if v < best:
            best = v
            bb = cand[j]
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    x.tt_key[idx] = key
    x.tt_best[idx] = bb
    x.tt_res[idx] = RES_UNKNOWN
    x.tt_depth[idx] = 0
    return best


cdef int32_t step_smart(Ctx* x, int32_t cat, bitgen_t* rng) noexcept nogil:
    """The smart cat's move from cat (not a border cell, not enclosed) on the working board:
    1. a free border neighbour if there is one (random among them);
    2. else a move from which it forces an escape against every defence in the fewest moves
       (a bounded search, horizon SMART_DEPTH, SMART_NODES nodes), random among equals;
    3. else an alpha-beta search over its moves and the player's blocks (ab_player), deepened
       one block at a time up to AB_BLOCKS blocks while the AB_NODES node budget lasts: the
       moves of best value at the deepest completed depth, random among them. A depth is
       complete when every root move has its exact value or a bound below the best."""
    cdef int32_t j, q, m = 0, nb = 0, k, dummy, v, top, kk
    cdef int32_t qs[6]
    cdef int32_t dqs[6]
    cdef int32_t pick[6]
    cdef int32_t val[6]
    cdef int32_t cur[6]
    cdef int r
    ctx_border_distances(x)
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
    if x.interrupted:
        return qs[0]
    if nb > 0:
        return pick[bounded(rng, <uint32_t> nb)] if nb > 1 else pick[0]
    # 3. alpha-beta, iterative deepening
    ctx_new_search(x, MODEL_OPTIMAL, AB_NODES)
    for j in range(m):
        val[j] = 0
    for kk in range(1, AB_BLOCKS + 1):
        if kk > 1:
            x.max_nodes = AB_NODES
        else:
            x.max_nodes = 0x7fffffffffffffff  # the first depth always completes
        top = -AB_INF
        for j in range(m):
            v = ab_player(x, qs[j], kk, 1, top - 1 if top > -AB_INF else -AB_INF, AB_INF)
            if x.aborted:
                break
            cur[j] = v
            if v > top:
                top = v
        if x.aborted:
            break
        for j in range(m):
            val[j] = cur[j]
        if top >= AB_WIN - 64 or top <= -AB_WIN + 64:
            break
    if x.interrupted:
        return qs[0]
    top = -AB_INF
    for j in range(m):
        if val[j] > top:
            top = val[j]
            nb = 0
        if val[j] == top:
            pick[nb] = qs[j]
            nb += 1
    return pick[bounded(rng, <uint32_t> nb)] if nb > 1 else pick[0]


cdef int32_t cat_reply_ctx(Ctx* x, int32_t cat, int policy, int rules,
                           bitgen_t* rng) noexcept nogil:
    """The cat's move on the working board from a non-border cell: its new cell, or -1 when the
    player has won (no path to the border under "enclosed" rules; no free neighbour under
    "surrounded" rules). Same contract as cat_reply_plain, with the smart policy."""
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


cdef inline int32_t cat_reply_plain(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                                    int32_t n, int32_t cat, int policy, int rules, bitgen_t* rng,
                                    int32_t* parent, int32_t* queue) noexcept nogil:
    """The BFS or ray cat's move from a non-border cell without a search context: its new cell,
    or -1 when the player has won (no path to the border under "enclosed" rules; no free
    neighbour under "surrounded" rules). Polls for Ctrl-C (bfs_escape_polled): when a poll says
    stop (stopped()) the answer is meaningless and the caller's def raises."""
    cdef int32_t target = bfs_escape_polled(board, nbr, border, n, cat, parent, queue)
    if target < 0 and stopped():
        return -1
    if target < 0:
        if rules == RULES_ENCLOSED:
            return -1
        return step_pocket(board, nbr, cat)
    if policy == POLICY_RAYS:
        return step_rays(board, nbr, cat, rng)
    return first_step(parent, cat, target)


# -- player policies -----------------------------------------------------------------------------
cdef int32_t player_random(Ctx* x, int32_t cat, bitgen_t* rng) noexcept nogil:
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


cdef int32_t player_lookahead(Ctx* x, int32_t cat) noexcept nogil:
    """Try each block on a shortest escape path or next to the cat, play the rest greedily
    against the fixed-tie BFS cat, keep the block with the best outcome (first in cell order
    among equals); greedy when the cat is enclosed or on the border."""
    cdef int32_t n = x.n, i, d, s, best = -1, best_s = -1
    ctx_border_distances(x)
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


cdef int32_t player_solver(Ctx* x, int32_t cat, int model, int64_t budget,
                           uint8_t* mem) except -2 nogil:
    """The solver's proven winning block (src/cat/engine.pyx's engine_search, method "auto",
    against the model cat, within budget), else the lookahead block. With a memory (mem, or
    NULL) the search's table is kept from move to move, so a proven line is followed in a node
    or two."""
    cdef int32_t b = -1, depth
    cdef int64_t nodes
    cdef int r = engine_search(x, x.board, x.rows, x.cols, cat, model, METHOD_AUTO, budget,
                               x.maxply - 2, mem, 1, False, &b, &depth, &nodes)
    if x.interrupted:
        restore_pending()
        return -2
    if r == RES_WIN and b >= 0:
        return b
    return player_lookahead(x, cat)


cdef int32_t player_block(Ctx* x, int32_t cat, int player, int model, int64_t budget,
                          bitgen_t* prng, uint8_t* mem) except -2 nogil:
    """The player's block on the working board (-1 when no cell can be blocked); mem: the solver
    player's memory, or NULL."""
    if player == PLAYER_RANDOM:
        return player_random(x, cat, prng)
    if player == PLAYER_GREEDY:
        return greedy_on(x.board, x, cat)
    if player == PLAYER_LOOKAHEAD:
        return player_lookahead(x, cat)
    return player_solver(x, cat, model, budget, mem)


# -- entry points ----------------------------------------------------------------------------------
cdef int ctx_for_player(Ctx* x, int32_t rows, int32_t cols, int player,
                        int32_t solver_depth) except -1 nogil:
    """The player's search context (the solver player needs a deep stack and a larger table)."""
    if player == PLAYER_SOLVER:
        return ctx_init(x, rows, cols, solver_depth + 2, 16)
    return ctx_init(x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)


def cat_reply(const uint8_t[:, ::1] board, int32_t r, int32_t c, Policy policy, Rules rules,
              bit_generator):
    """The cat's move from free, non-border (r, c): its new flat index, or -1 if the player won."""
    check_grid(board.shape[0], board.shape[1], "board")
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols, out = -1
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Ctx x
    cdef bint stop = False
    if policy == POLICY_SMART:
        memset(&x, 0, sizeof(Ctx))
        try:
            with nogil:
                ctx_init(&x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)
            with bit_generator.lock, nogil:
                ctx_load(&x, &board[0, 0])
                out = cat_reply_ctx(&x, r * cols + c, policy, rules, rng)
            stop = x.interrupted
        finally:
            ctx_free(&x)
        if stop:
            raise_pending()
        return out
    cdef int32_t[::1] nbr = np.empty(n * 6, dtype=np.int32)
    cdef int32_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] parent = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] border = np.empty(n, dtype=np.uint8)
    with bit_generator.lock, nogil:
        # both the tables and the BFS poll for Ctrl-C: a stop unwinds, and raises out of the lock
        if not hex_tables(rows, cols, &nbr[0], &border[0]):
            out = cat_reply_plain(&board[0, 0], &nbr[0], &border[0], n, r * cols + c, policy,
                                  rules, rng, &parent[0], &queue[0])
        stop = stopped()
    if stop:
        raise_pending()
    return out


def player_move(const uint8_t[:, ::1] board, int32_t r, int32_t c, Player player, Model model,
                int64_t budget, int32_t solver_depth, bit_generator, Memory memory):
    """The player's block on board with the cat on free (r, c): a flat index, -1 if none. memory:
    the solver player's (trapcore.cat._engine.Memory), kept from move to move, or None."""
    check_grid(board.shape[0], board.shape[1], "board")
    cdef int32_t rows = board.shape[0], cols = board.shape[1], out = -1
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef uint8_t* mem = mem_of(memory, rows, cols)
    cdef Ctx x
    memset(&x, 0, sizeof(Ctx))
    try:
        with nogil:
            ctx_for_player(&x, rows, cols, player, solver_depth)
        with bit_generator.lock, nogil:
            ctx_load(&x, &board[0, 0])
            out = player_block(&x, r * cols + c, player, model, budget, rng, mem)
    finally:
        ctx_free(&x)
    if stopped():  # Ctrl-C in a phase that reports it no other way (the tables, on a big board)
        raise_pending()
    return out


def play_games(int32_t rows, int32_t cols, int32_t blocked, Policy policy, Rules rules,
               Player player, Model model, int64_t budget, int32_t solver_depth, Py_ssize_t games,
               bit_generator):
    """Play `games` games one after the other, every draw from bit_generator: each game draws
    its board (the cat's centre cell kept free, a partial Fisher-Yates as hexgrid.random_board
    does), then per turn the player's choice and the cat's. Returns (outcome int8: 1 won,
    0 lost; moves int32: blocks played). A game with no free cell but the cat's ends as CatGame
    ends it: lost with the cat on the border, else won."""
    check_grid(rows, cols, "rows x cols")
    cdef Py_ssize_t g
    outcome_a = np.zeros(games, dtype=np.int8)
    moves_a = np.zeros(games, dtype=np.int32)
    cdef int8_t[::1] outcome = outcome_a
    cdef int32_t[::1] moves = moves_a
    cdef int32_t n = rows * cols, cat, start = (rows // 2) * cols + cols // 2, b, p
    cdef int32_t[::1] cand = np.empty(max(n, 1), dtype=np.int32)
    cdef uint8_t[::1] start_board = np.zeros(max(n, 1), dtype=np.uint8)
    cdef uint8_t[::1] keep = np.zeros(max(n, 1), dtype=np.uint8)  # the cat's centre cell stays free
    keep[start] = 1
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Ctx x  # the cat's context (same sizes as cat_reply uses, so smart moves agree)
    cdef Ctx y  # the player's context
    cdef int64_t turns = 0
    cdef bint stop = False
    # the solver player's memory, emptied at each game (so a game does not depend on the others)
    cdef uint8_t[::1] memory
    cdef uint8_t* mem = NULL
    if player == PLAYER_SOLVER and model == MODEL_OPTIMAL:
        memory = mem_new(rows, cols, pns_share(budget, False))
        mem = &memory[0]
    memset(&x, 0, sizeof(Ctx))
    memset(&y, 0, sizeof(Ctx))
    try:
        with nogil:
            ctx_init(&x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)
            ctx_for_player(&y, rows, cols, player, solver_depth)
        with bit_generator.lock, nogil:
            for g in range(games):
                draw_blocks(rng, &start_board[0], n, &keep[0], blocked, &cand[0])
                ctx_load(&x, &start_board[0])
                ctx_load(&y, &start_board[0])
                if mem != NULL:
                    mem_forget(mem)
                cat = start
                outcome[g] = -1
                while True:
                    b = player_block(&y, cat, player, model, budget, rng, mem)
                    if b < 0:  # no free cell but the cat's: settled as CatGame does
                        outcome[g] = 0 if x.border[cat] else 1
                        break
                    ctx_block(&x, b)
                    ctx_block(&y, b)
                    moves[g] += 1
                    if x.border[cat]:
                        outcome[g] = 0
                        break
                    p = cat_reply_ctx(&x, cat, policy, rules, rng)
                    turns += 1
                    if (turns & 15) == 0 and not x.interrupted and signalled():
                        x.interrupted = True
                    if x.interrupted:
                        break
                    if p < 0:
                        outcome[g] = 1
                        break
                    cat = p
                if x.interrupted:
                    break
        stop = x.interrupted
    finally:
        ctx_free(&x)
        ctx_free(&y)
    if stop or stopped():  # stopped(): Ctrl-C while the player's tables were built
        raise_pending()
    return outcome_a, moves_a
