"""The Trap the Cat solver kernel: decides a position (player to move) against the optimal, BFS or
six-ray cat by AND/OR search (see _catsearch.pxd). Called only by trapcore/cat.py (solve, hints,
winnable starts), which validates. Directives are set in setup.py."""
from libc.stdint cimport int32_t, int64_t, uint8_t

from cat.search cimport Ctx, ctx_free, ctx_init, ctx_load, ctx_new_search, solve_root


def solve(const uint8_t[:, ::1] board, int32_t r, int32_t c, int model, int64_t max_nodes,
          int32_t max_depth, int32_t tt_bits):
    """Solve from free (r, c), player to move: (result, best, nodes, depth) with result 0 unknown,
    1 win, 2 loss; best a flat index or -1; nodes the player nodes searched; depth the horizon
    (cat moves) of the verdict, or for unknown the deepest horizon searched without a forced
    escape (-1 if none)."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], best = -1, depth = -1
    cdef int res
    cdef int64_t nodes
    cdef Ctx x
    cdef int ok
    with nogil:
        ok = ctx_init(&x, rows, cols, max_depth + 2, tt_bits)
    if ok < 0:
        with nogil:
            ctx_free(&x)
        raise MemoryError("not enough memory for the solver's tables")
    with nogil:
        ctx_load(&x, &board[0, 0])
        ctx_new_search(&x, model, max_nodes)
        res = solve_root(&x, r * cols + c, max_depth, &best, &depth)
        nodes = x.nodes if x.nodes < max_nodes else max_nodes
        ctx_free(&x)
    return res, best, nodes, depth
