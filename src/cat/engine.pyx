"""The cat solver's one entry (module trapcore.cat._engine): it chooses the method, splits the
budget between the proof-number search (src/cat/pns.pyx) and the iterative deepening search
(src/cat/search.pyx), sizes their tables, follows a proven line, and picks the hint. solve(),
hint(), SolverPlayer, SolverCat, CatGame and the kernel's solver player (src/cat/play.pyx) all
go through engine_search; the search memory is a Memory object whose bytes only kernels read.
Called only by trapcore/cat/ (solver.py, which validates) and play.pyx; directives in setup.py."""
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memset

from cat.hex cimport bfs_escape, first_step, step_pocket
from cat.memory cimport mem_check, mem_forget, mem_take_proof, pns_bits
from common.checks cimport check_grid
from common.signals cimport raise_pending, stopped
from trapcore.cat._codes cimport (METHOD_AUTO, METHOD_ID, METHOD_PNS, MODEL_OPTIMAL, RES_LOSS,
                                  RES_UNKNOWN, RES_WIN, Model, Result, SolveMethod)
from trapcore.cat._pns cimport mem_new, pns_run
from trapcore.cat._search cimport (Ctx, any_free, ctx_block, ctx_free, ctx_init, ctx_load,
                                   ctx_new_search, ctx_unblock, solve_root)

cdef enum:
    # the proof-number search's settings (complete searches: every reachable block, zones prune)
    PNS_CANDIDATES = 20
    PNS_SLACK = 1
    # a hint's check of its candidate blocks against cheap refutations
    CHECK_BLOCKS = 6       # candidate blocks a hint checks at most
    CHECK_DEN = 16         # each cat reply's check: 1/CHECK_DEN of the budget, at least CHECK_MIN
    CHECK_MIN = 32

cdef double PNS_EPS = 0.25


cdef int32_t id_bits(int64_t budget, int32_t n) noexcept nogil:
    """The iterative deepening search's table bits: about two entries a position, ~96 MB at most."""
    cdef int32_t words = (n + 63) // 64, bits = 0
    cdef int64_t v = budget * 2
    while v > 0:
        bits += 1
        v >>= 1
    bits = max(10, min(22, bits))
    while bits > 10 and ((<int64_t> 1) << bits) * (25 + 8 * words) > (96 << 20):
        bits -= 1
    return bits


cdef int64_t pns_share(int64_t budget, bint followed) noexcept nogil:
    """The proof-number search's budget against the optimal cat: three quarters (at least one
    position), or all of it on a followed proven line.

    Why three quarters: on 300 positions from real 11x11 games (budget 2,000) every win the
    iterative deepening search proved alone, the proof-number search proved within three
    quarters; a half missed 2 of the 39 wins either proved, an eighth 4, 0.2's 1/32 missed 9."""
    if followed:
        return budget
    return max(<int64_t> 1, budget * 3 // 4)


cdef int32_t greedy_on(const uint8_t* board, Ctx* x, int32_t cat) noexcept nogil:
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


cdef int engine_search(Ctx* x, const uint8_t* board, int32_t rows, int32_t cols, int32_t cat,
                       int model, int method, int64_t budget, int32_t max_depth, uint8_t* mem,
                       int32_t workers, bint name_loss, int32_t* best, int32_t* depth,
                       int64_t* nodes) except -1 nogil:
    """Search board (rows x cols), the cat on cat, player to move: the Result; best the winning
    block (WIN), else the block that held out longest (-1 if none); depth as solve_root's (-1
    for the proof-number search's verdicts); nodes the positions searched (at most budget).

    Against the optimal cat (methods "auto" and "pns") the proof-number search runs first on its
    share (pns_share; the whole budget when mem's last search proved a win whose block is now
    played: a proven line followed), then the iterative deepening search on the rest. A loss
    the proof-number search proves ends the search under "pns" or without name_loss; with it
    (solve(), hints) the iterative deepening search then tries to name its horizon. mem: the
    memory (its table is the proof-number search's, and an iterative deepening proof is copied
    into it), or NULL.

    x: the iterative deepening search's context, loaded with board; or zeroed, and then
    initialised here (a table for the budget left, a stack of max_depth + 2 plies) if that search
    runs (the caller frees it). x.interrupted on Ctrl-C (the caller raises it)."""
    cdef int32_t b = -1, n = rows * cols
    cdef int64_t spent = 0, share
    cdef bint stop = False, pns_loss = False, followed
    cdef int r
    best[0] = -1
    depth[0] = -1
    nodes[0] = 0
    if model == MODEL_OPTIMAL and method != METHOD_ID:
        followed = mem != NULL and mem[9] and board[(<int32_t*> mem)[3]]
        share = pns_share(budget, followed)
        r = pns_run(board, rows, cols, cat, share, PNS_CANDIDATES, PNS_SLACK, PNS_EPS,
                    pns_bits(share, n), mem, workers, &b, &spent, &stop)
        nodes[0] = spent
        if stop:
            x.interrupted = True
            return RES_UNKNOWN
        if r == RES_WIN and b >= 0:
            best[0] = b
            return RES_WIN
        if r == RES_LOSS:
            if method == METHOD_PNS or not name_loss:
                return RES_LOSS
            pns_loss = True
        if spent >= budget:
            return RES_LOSS if pns_loss else RES_UNKNOWN
        budget -= spent
    if x.n == 0:
        ctx_init(x, rows, cols, max_depth + 2, id_bits(budget, n))
        ctx_load(x, board)
    ctx_new_search(x, model, budget)
    r = solve_root(x, cat, max_depth, best, depth)
    nodes[0] += x.nodes if x.nodes < budget else budget
    if x.interrupted:
        return RES_UNKNOWN
    if r == RES_WIN and best[0] >= 0 and mem != NULL and model == MODEL_OPTIMAL:
        mem_take_proof(mem, x, cat, best[0])  # the proof-number search follows it from here
    if pns_loss and r != RES_LOSS:  # proven lost, without a horizon
        best[0] = -1
        depth[0] = -1
        return RES_LOSS
    return r


cdef int32_t fallback_block(Ctx* x, int32_t cat, int res, int32_t best) noexcept nogil:
    """The block a search names when it named none: for a win, the first free cell (the win is
    immediate); otherwise greedy's block."""
    if best >= 0:
        return best
    if res == RES_WIN:
        return any_free(x.board, x.n, cat)
    return greedy_on(x.board, x, cat)


cdef bint refuted(Ctx* x, int32_t cat, int32_t block, int64_t budget, int64_t limit,
                  int64_t* nodes) noexcept nogil:
    """Whether a cheap search refutes block: after it, the cat has a free border neighbour, or a
    step after which the iterative deepening search (budget positions, and never past limit
    positions of checks in all: nodes[0] counts them) proves a forced escape."""
    cdef int32_t j, q, b, d
    cdef int r
    cdef int64_t each
    cdef bint out = False
    ctx_block(x, block)
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q >= 0 and not x.board[q] and x.border[q]:
            out = True
            break
    if not out:
        for j in range(6):
            q = x.nbr[cat * 6 + j]
            if q < 0 or x.board[q]:
                continue
            if nodes[0] >= limit:
                break
            each = min(budget, limit - nodes[0])
            ctx_new_search(x, MODEL_OPTIMAL, each)
            r = solve_root(x, q, x.maxply - 2, &b, &d)
            nodes[0] += x.nodes if x.nodes < each else each
            if x.interrupted:
                break
            if r == RES_LOSS:
                out = True
                break
    ctx_unblock(x, block)
    return out


# -- the search memory -----------------------------------------------------------------------------
cdef class Memory:
    """The solver's table kept between searches of one game (src/cat/memory.pxd's layout): a
    proof found once stays proven in a node or two. Only kernels read its bytes."""

    def __cinit__(self, int32_t rows, int32_t cols, int64_t budget):
        check_grid(rows, cols, "board")
        self.buf = mem_new(rows, cols, pns_share(budget, False))
        self.rows = rows
        self.cols = cols

    cdef uint8_t* ptr(self, int32_t rows, int32_t cols) except NULL:
        """The bytes, checked for a rows x cols board (ValueError otherwise)."""
        cdef uint8_t[::1] m = self.buf
        mem_check(&m[0], m.shape[0], rows, cols)
        return &m[0]

    def forget(self):
        """Empty the table (a new game)."""
        cdef uint8_t[::1] m = self.buf
        mem_forget(&m[0])

    @property
    def proven_block(self):
        """The winning block (a flat index) the last search proved, or -1."""
        cdef uint8_t[::1] m = self.buf
        return (<int32_t*> &m[0])[3] if m[9] else -1

    @property
    def nbytes(self):
        """The memory's size in bytes."""
        return self.buf.shape[0]


cdef int ensure_ctx(Ctx* x, const uint8_t* board, int32_t rows, int32_t cols,
                    int32_t maxply) except -1 nogil:
    """Initialise and load x unless engine_search did (a small table: for the checks after it)."""
    if x.n == 0:
        ctx_init(x, rows, cols, maxply, 10)
        ctx_load(x, board)
    return 0


cdef uint8_t* mem_of(Memory memory, int32_t rows, int32_t cols) except? NULL:
    return NULL if memory is None else memory.ptr(rows, cols)


# -- entry points ----------------------------------------------------------------------------------
def solve(const uint8_t[:, ::1] board, int32_t r, int32_t c, Model model, SolveMethod method,
          int64_t max_nodes, int32_t max_depth, Memory memory, int32_t workers):
    """Solve from free (r, c), player to move, against the model cat (engine_search, a proven
    loss's horizon named): (result, best, nodes, depth), best a flat index (the winning block;
    else the block that held out longest, greedy's when the search named none; -1 when no cell
    can be blocked). memory: a Memory for this board's size, or None; workers: the proof-number
    search's threads."""
    check_grid(board.shape[0], board.shape[1], "board")
    cdef int32_t rows = board.shape[0], cols = board.shape[1], best = -1, depth = -1
    cdef int32_t cat = r * cols + c
    cdef Result res
    cdef int64_t nodes = 0
    cdef bint stop = False
    cdef uint8_t* mem = mem_of(memory, rows, cols)
    cdef Ctx x
    memset(&x, 0, sizeof(Ctx))
    try:
        with nogil:
            res = <Result> engine_search(&x, &board[0, 0], rows, cols, cat, model, method,
                                         max_nodes, max_depth, mem, workers, True, &best,
                                         &depth, &nodes)
            stop = x.interrupted
            if not stop:
                ensure_ctx(&x, &board[0, 0], rows, cols, max_depth + 2)
                best = fallback_block(&x, cat, res, best)
    finally:
        ctx_free(&x)
    if stop or stopped():  # stopped(): Ctrl-C while a context's tables were built
        raise_pending()
    return res, best, nodes, depth


def hint(const uint8_t[:, ::1] board, int32_t r, int32_t c, Model model, int64_t max_nodes,
         int32_t max_depth, Memory memory):
    """The block to play against the model cat: (result, block, proven, nodes), block a flat
    index (-1 when no cell can be blocked).

    The search is solve()'s (method "auto", max_nodes positions). A proven win gives its block
    (proven), a proven loss the block solve() names. Otherwise the candidates (the block that held
    out longest in the search, greedy's block, then the cells next to the cat in neighbour order;
    at most CHECK_BLOCKS) are checked in that order against cheap refutations (refuted: each cat
    reply searched for a forced escape with max_nodes / CHECK_DEN positions, the checks max_nodes
    in all) and the first not refuted is the hint (the first candidate if each is). nodes counts
    the search's positions and the checks'."""
    check_grid(board.shape[0], board.shape[1], "board")
    cdef int32_t rows = board.shape[0], cols = board.shape[1], best = -1, depth = -1
    cdef int32_t cat = r * cols + c, m = 0, j, q, pick = -1
    cdef int32_t cand[CHECK_BLOCKS]
    cdef Result res
    cdef int64_t nodes = 0, checks = 0, each
    cdef bint stop = False, proven = False
    cdef uint8_t* mem = mem_of(memory, rows, cols)
    cdef Ctx x
    memset(&x, 0, sizeof(Ctx))
    try:
        with nogil:
            res = <Result> engine_search(&x, &board[0, 0], rows, cols, cat, model, METHOD_AUTO,
                                         max_nodes, max_depth, mem, 1, True, &best, &depth,
                                         &nodes)
            if not x.interrupted:
                ensure_ctx(&x, &board[0, 0], rows, cols, max_depth + 2)
                proven = res == RES_WIN
                pick = fallback_block(&x, cat, res, best)
                if res == RES_UNKNOWN and pick >= 0 and not x.border[cat]:
                    cand[0] = pick
                    m = 1
                    q = greedy_on(x.board, &x, cat)
                    if q >= 0 and q != pick:
                        cand[m] = q
                        m += 1
                    for j in range(6):
                        q = x.nbr[cat * 6 + j]
                        if (m < CHECK_BLOCKS and q >= 0 and not x.board[q] and q != cand[0]
                                and (m < 2 or q != cand[1])):
                            cand[m] = q
                            m += 1
                    each = max(<int64_t> CHECK_MIN, max_nodes // CHECK_DEN)
                    for j in range(m):
                        if checks >= max_nodes or x.interrupted:
                            break
                        if not refuted(&x, cat, cand[j], each, max_nodes, &checks):
                            pick = cand[j]
                            break
                    nodes += checks
            stop = x.interrupted
    finally:
        ctx_free(&x)
    if stop or stopped():  # stopped(): Ctrl-C while a context's tables were built
        raise_pending()
    return res, pick, proven, nodes
