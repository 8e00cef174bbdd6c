"""Whole-game Trap the Cat simulation and the player policies (random, greedy, lookahead,
solver) as kernels. Called only by trapcore/cat.py (simulate, player_move), which validates. A
batch of games draws everything (boards, the player's and the cat's choices) from one numpy
bit generator, game after game, in the order CatGame and player_move draw them, so the same
games can be replayed through CatGame with that generator. Directives are set in setup.py."""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

from cat.search cimport (SMART_DEPTH, SMART_TT_BITS, Ctx, cat_reply_ctx, ctx_block, ctx_free, ctx_init,
                         ctx_load, player_move as c_player_move)
from cat.hex cimport draw_blocks
from common.random cimport bitgen_of


cdef int ctx_for(Ctx* x, int32_t rows, int32_t cols, int player, int32_t solver_depth) noexcept nogil:
    """The player's search context (the solver player needs a deep stack and a larger table)."""
    if player == 3:
        return ctx_init(x, rows, cols, solver_depth + 2, 16)
    return ctx_init(x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)


def player_move(const uint8_t[:, ::1] board, int32_t r, int32_t c, int player, int model,
                int64_t budget, int32_t solver_depth, bit_generator):
    """The player's block on board with the cat on free (r, c): a flat index, -1 if none."""
    cdef int32_t rows = board.shape[0], cols = board.shape[1], out
    cdef Ctx x
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef int ok
    with nogil:
        ok = ctx_for(&x, rows, cols, player, solver_depth)
    if ok < 0:
        with nogil:
            ctx_free(&x)
        raise MemoryError("not enough memory for the player's search tables")
    with bit_generator.lock, nogil:
        ctx_load(&x, &board[0, 0])
        out = c_player_move(&x, r * cols + c, player, model, budget, rng)
        ctx_free(&x)
    return out


def play(int32_t rows, int32_t cols, int32_t blocked, int policy, int rules, int player,
         int model, int64_t budget, int32_t solver_depth, Py_ssize_t games, bit_generator):
    """Play `games` games one after the other, every draw from bit_generator: each game draws
    its board (the cat's centre cell kept free, a partial Fisher-Yates as hexgrid.random_board
    does), then per turn the player's choice and the cat's. Returns (outcome int8: 1 won,
    0 lost; moves int32: blocks played). A game with no free cell but the cat's ends as CatGame
    ends it: lost with the cat on the border, else won."""
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
    cdef Ctx x  # the cat's context (same sizes as cat.reply uses, so smart moves agree)
    cdef Ctx y  # the player's context
    cdef int ok, ok2
    with nogil:
        ok = ctx_init(&x, rows, cols, SMART_DEPTH + 4, SMART_TT_BITS)
        ok2 = ctx_for(&y, rows, cols, player, solver_depth)
    if ok < 0 or ok2 < 0:
        with nogil:
            ctx_free(&x)
            ctx_free(&y)
        raise MemoryError("not enough memory for the simulation's search tables")
    with bit_generator.lock, nogil:
        for g in range(games):
            draw_blocks(rng, &start_board[0], n, &keep[0], blocked, &cand[0])
            ctx_load(&x, &start_board[0])
            ctx_load(&y, &start_board[0])
            cat = start
            outcome[g] = -1
            while True:
                b = c_player_move(&y, cat, player, model, budget, rng)
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
                if p < 0:
                    outcome[g] = 1
                    break
                cat = p
        ctx_free(&x)
        ctx_free(&y)
    return outcome_a, moves_a
