# The cat's search core, declared: the search context (Ctx) that the solver, the smart cat, the
# player policies and the proof-number search share, the few-line helpers their hot loops inline,
# and the functions that src/cat/search.pyx (module trapcore.cat._search) defines once. Other
# modules cimport them by that module's name: `from trapcore.cat._search cimport Ctx, solve_root`.
#
# A context is allocated once per kernel call by ctx_init (which raises MemoryError itself), loaded
# with a board by ctx_load, searched in place (ctx_block / ctx_unblock keep the Zobrist hash) and
# freed by ctx_free (a no-op on a zeroed or already freed context). Boards are flat uint8 arrays in
# even-r offset order (see hex.pxd).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

# The search results (Result: RES_WIN ...) and the cats it plays against (Model: MODEL_BFS ...)
# are codes shared with Python: cpdef enums of src/cat/codes.pxd (trapcore.cat._codes).
cdef enum:
    # the two boolean searches of the solver (see search.pyx)
    MODE_ESC = 0
    MODE_WIN = 1


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
    int32_t* enc        # the enclosure test's workspace (src/cat/enclose.pxd), rev filled
    uint8_t* enccut     # n: the cells of its best cut
    int32_t* reach      # scratch: the layer test's widest-path values
    int64_t nodes, max_nodes
    bint aborted
    bint interrupted    # Ctrl-C seen (sticky until ctx_init): the caller raises it


# -- defined in search.pyx -------------------------------------------------------------------------
# allocate (MemoryError when out of memory) and free a context; load a board; start a search
cdef int ctx_init(Ctx* x, int32_t rows, int32_t cols, int32_t maxply,
                  int32_t tt_bits) except -1 nogil
cdef void ctx_free(Ctx* x) noexcept nogil
cdef void ctx_load(Ctx* x, const uint8_t* board) noexcept nogil
cdef void ctx_new_search(Ctx* x, int model, int64_t max_nodes) noexcept nogil
# x.db = each cell's escape distance on the working board (kept out of line on purpose: inlined
# into the recursive pnode it slows the smart cat's searches; docs/benchmarks.md)
cdef void ctx_border_distances(Ctx* x) noexcept nogil
# greedy play against a fixed-policy cat on x.board2: 100000 - moves for a win, else moves survived
cdef int32_t rollout(Ctx* x, int32_t cat, int model) noexcept nogil
# the static layer test: 0 when a layer around the cat can be closed in time, else its excess
# (one widest-path pass for every layer)
cdef int32_t layer_win(Ctx* x, int32_t cat, int32_t d) noexcept nogil
# the enclosure test's first block (the player to move; dc filled), or -1 (src/cat/enclose.pxd)
cdef int32_t enclosure_block(Ctx* x, int32_t cat, int32_t d) noexcept nogil
# the player's node of the AND/OR search (its cat node, cnode, stays private to search.pyx so
# the compiler inlines it), and the iterative deepening driver
cdef int pnode(Ctx* x, int32_t cat, int32_t k, int32_t ply, int mode, int32_t* best) noexcept nogil
cdef int solve_root(Ctx* x, int32_t cat, int32_t max_depth, int32_t* best,
                    int32_t* depth) noexcept nogil


# -- inline: the working board --------------------------------------------------------------------
cdef inline void ctx_block(Ctx* x, int32_t p) noexcept nogil:
    x.board[p] = 1
    x.hash ^= x.zob[p]


cdef inline void ctx_unblock(Ctx* x, int32_t p) noexcept nogil:
    x.board[p] = 0
    x.hash ^= x.zob[p]


cdef inline int32_t any_free(const uint8_t* board, int32_t n, int32_t cat) noexcept nogil:
    """The first free cell other than the cat's, -1 if none."""
    cdef int32_t i
    for i in range(n):
        if not board[i] and i != cat:
            return i
    return -1


# -- inline: bitsets over cells (W words) ----------------------------------------------------------
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
