"""Trap the Cat policy kernels: the cat's reply to a block under each policy and rule set.
Called only by trapcore/cat.py, which validates. Directives are set in setup.py."""
import numpy as np

from libc.stdint cimport int32_t, uint8_t
from numpy.random cimport bitgen_t

from cat.search cimport (SMART_DEPTH, SMART_TT_BITS, Ctx, cat_reply_ctx, ctx_free, ctx_init,
                         ctx_load)
from cat.hex cimport (POLICY_BFS, POLICY_RAYS, POLICY_SMART, RULES_ENCLOSED, bfs_escape, first_step,
                   hex_tables, step_pocket, step_rays)
from common.random cimport bitgen_of


cdef inline int32_t cat_reply(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                              int32_t n, int32_t cat, int policy, int rules, bitgen_t* rng,
                              int32_t* parent, int32_t* queue) noexcept nogil:
    """The cat's move from a non-border cell: its new cell, or -1 when the player has won (no path
    to the border under "enclosed" rules; no free neighbour under "surrounded" rules).
    The "smart" policy needs a search context: see _catsearch.cat_reply_ctx."""
    cdef int32_t target = bfs_escape(board, nbr, border, n, cat, parent, queue)
    if target < 0:
        if rules == RULES_ENCLOSED:
            return -1
        return step_pocket(board, nbr, cat)
    if policy == POLICY_RAYS:
        return step_rays(board, nbr, cat, rng)
    return first_step(parent, cat, target)


def reply(const uint8_t[:, ::1] board, int32_t r, int32_t c, int policy, int rules, bit_generator):
    """The cat's move from free, non-border (r, c): its new flat index, or -1 if the player won."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], n = rows * cols, out
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Ctx x
    cdef int ok
    if policy == POLICY_SMART:
        with nogil:
            ok = ctx_init(&x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)
        if ok < 0:
            with nogil:
                ctx_free(&x)
            raise MemoryError("not enough memory for the smart cat's search")
        with bit_generator.lock, nogil:
            ctx_load(&x, &board[0, 0])
            out = cat_reply_ctx(&x, r * cols + c, policy, rules, rng)
            ctx_free(&x)
        return out
    cdef int32_t[::1] nbr = np.empty(n * 6, dtype=np.int32)
    cdef int32_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] parent = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] border = np.empty(n, dtype=np.uint8)
    with bit_generator.lock, nogil:
        hex_tables(rows, cols, &nbr[0], &border[0])
        out = cat_reply(&board[0, 0], &nbr[0], &border[0], n, r * cols + c, policy, rules, rng,
                        &parent[0], &queue[0])
    return out
