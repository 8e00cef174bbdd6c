"""Batched maze-environment kernels for trapcore.envs: native Philox streams (bit-exact with
numpy's ``Philox``, src/common/philox.pxd, so env i's episode j is trapcore._seeding's item j of
env i's key), resetting a subset of N envs (carving and braiding with trapcore.maze._carve's own
kernels, declared in src/maze/carve.pxd, then a random start and goal), one step of all N envs,
and their observations. Called only by trapcore/envs/, which validates every argument.
Directives are set in setup.py.

Per env i the state is: doors[i] (uint8 door bits, see src/maze/doors.pxd), pos[i] and goal[i]
(flat cells r*cols + c), steps[i] (steps taken this episode). Actions run clockwise as the door
helpers do: 0 Up, 1 Right, 2 Down, 3 Left.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy
from numpy.random cimport bitgen_t

from maze.doors cimport OPEN, passable, step
from trapcore.maze._carve cimport Method, braid_cells, carve_one, carve_scratch
from common.checks cimport check_grid
from common.philox cimport philox_bitgen, philox_seed, philox_state
from common.random cimport bounded
from common.scratch cimport Scratch, scratch_free
from common.signals cimport POLL_MASK, raise_pending, signalled


def philox_draws(const uint64_t[::1] key, uint64_t item, Py_ssize_t count):
    """``count`` next_uint64 draws then ``count`` next_uint32 draws of a fresh stream (for tests:
    they equal ``Philox(key=key, counter=[0, 0, item, 0])``'s)."""
    if key.shape[0] != 2:
        raise ValueError(f"key must hold 2 words, got {key.shape[0]}")
    out64 = np.empty(count, dtype=np.uint64)
    out32 = np.empty(count, dtype=np.uint32)
    cdef uint64_t[::1] o64 = out64
    cdef uint32_t[::1] o32 = out32
    cdef philox_state st
    cdef bitgen_t bg
    cdef Py_ssize_t i
    with nogil:
        philox_bitgen(&bg, &st)
        philox_seed(&st, key[0], key[1], item, 0)
        for i in range(count):
            o64[i] = bg.next_uint64(bg.state)
        philox_seed(&st, key[0], key[1], item, 0)
        for i in range(count):
            o32[i] = bg.next_uint32(bg.state)
    return out64, out32


# ---------------------------------------------------------------------------------------------
# reset


cdef inline int32_t draw_except(bitgen_t* rng, int32_t n, int32_t avoid) noexcept nogil:
    """A uniform cell of n other than `avoid` (-1: none); one option draws nothing."""
    cdef int32_t m = n - 1 if avoid >= 0 else n
    cdef int32_t x = <int32_t> bounded(rng, <uint32_t> m) if m > 1 else 0
    if avoid >= 0 and x >= avoid:
        x += 1
    return x


def reset_envs(uint8_t[:, :, ::1] doors, int32_t[::1] pos, int32_t[::1] goal, int32_t[::1] steps,
               const uint64_t[:, ::1] keys, const int64_t[::1] items, const int64_t[::1] idx,
               Method method, double braid, int32_t start_cell, int32_t goal_cell):
    """New episodes for envs idx[k], without the GIL: env e = idx[k] carves a maze with `method`
    from the stream of item items[k] under keys[e] (Philox(key=keys[e], counter=[0, 0, item, 0])),
    braids it with probability `braid` (when > 0), then draws its start (when start_cell < 0)
    and its goal (when goal_cell < 0, never the start) from the same stream; pos = start,
    steps = 0. Ctrl-C is polled between mazes (every 16,384 cells carved) and inside each (as
    trapcore.maze._carve polls) and raised here; the envs not reached keep their old state, the
    one interrupted keeps its old start and goal in a half-carved maze (reset it again)."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef Py_ssize_t m = idx.shape[0], k, e, work = 0
    cdef bint interrupted = False
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2], n = rows * cols, s, g
    cdef Scratch scratch = Scratch(NULL, NULL)
    cdef philox_state st
    cdef bitgen_t bg
    cdef bitgen_t* rng = &bg
    if m == 0:
        return
    try:
        with nogil:
            carve_scratch(&scratch, method, n)
            philox_bitgen(&bg, &st)
            for k in range(m):
                e = idx[k]
                philox_seed(&st, keys[e, 0], keys[e, 1], <uint64_t> items[k], 0)
                if carve_one(method, &doors[e, 0, 0], rows, cols, rng, &scratch):
                    interrupted = True
                    break
                if braid > 0.0 and braid_cells(&doors[e, 0, 0], rows, cols, braid, rng) < 0:
                    interrupted = True
                    break
                s = start_cell
                g = goal_cell
                if s < 0:
                    s = draw_except(rng, n, g)
                if g < 0:
                    g = draw_except(rng, n, s)
                pos[e] = s
                goal[e] = g
                steps[e] = 0
                work += n
                if work > POLL_MASK:
                    work = 0
                    if signalled():
                        interrupted = True
                        break
    finally:
        scratch_free(&scratch)
    if interrupted:
        raise_pending()


# ---------------------------------------------------------------------------------------------
# step and observations


def step_envs(const uint8_t[:, :, ::1] doors, int32_t[::1] pos, const int32_t[::1] goal,
              int32_t[::1] steps, const int64_t[::1] actions, const uint8_t[::1] skip,
              double[::1] reward, uint8_t[::1] terminated, uint8_t[::1] truncated,
              double goal_reward, double step_penalty, int32_t max_steps,
              Py_ssize_t lo, Py_ssize_t hi):
    """One step of envs lo..hi-1 (those with skip[e] set are left alone): move through an open
    door (a closed one leaves the agent in place), reward goal_reward on reaching the goal
    (terminated) else -step_penalty, truncated at max_steps steps when not terminated."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef int32_t cols = doors.shape[2], p
    cdef Py_ssize_t e
    cdef int a
    with nogil:
        for e in range(lo, hi):
            if skip[e]:
                continue
            p = pos[e]
            a = <int> actions[e]
            if passable(&doors[e, 0, 0], p, cols, a):
                p = step(p, cols, a)
                pos[e] = p
            steps[e] += 1
            if p == goal[e]:
                reward[e] = goal_reward
                terminated[e] = 1
                truncated[e] = 0
            else:
                reward[e] = -step_penalty
                terminated[e] = 0
                truncated[e] = steps[e] >= max_steps


def action_masks(const uint8_t[:, :, ::1] doors, const int32_t[::1] pos, int8_t[:, ::1] out,
                 Py_ssize_t lo, Py_ssize_t hi):
    """out[e, a] = 1 when the door on side a (Up, Right, Down, Left) of env e's agent is open."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef int32_t cols = doors.shape[2]
    cdef Py_ssize_t e
    cdef int a
    with nogil:
        for e in range(lo, hi):
            for a in range(4):
                out[e, a] = passable(&doors[e, 0, 0], pos[e], cols, a)


def observe_doors(const uint8_t[:, :, ::1] doors, const int32_t[::1] pos, const int32_t[::1] goal,
                  uint8_t[:, :, :, ::1] out, Py_ssize_t lo, Py_ssize_t hi):
    """out[e] = (door bits, agent one-hot, goal one-hot), uint8 (3, rows, cols)."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    cdef Py_ssize_t n = doors.shape[1] * doors.shape[2], e, i
    cdef uint8_t* o
    with nogil:
        for e in range(lo, hi):
            o = &out[e, 0, 0, 0]
            memcpy(o, &doors[e, 0, 0], <size_t> n)
            for i in range(n, 3 * n):
                o[i] = 0
            o[n + pos[e]] = 1
            o[2 * n + goal[e]] = 1


def observe_local(const uint8_t[:, :, ::1] doors, const int32_t[::1] pos, const int32_t[::1] goal,
                  uint8_t[:, :, :, ::1] out, Py_ssize_t lo, Py_ssize_t hi):
    """out[e] = the (2, v, v) window centred on the agent: door bits (15, all locked, outside the
    maze) and a goal one-hot (where the goal is in view)."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    check_grid(out.shape[2], out.shape[3], "out")
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2], v = out.shape[2], k = v // 2
    cdef int32_t pr, pc, gr, gc, r, c, i, j
    cdef Py_ssize_t e
    with nogil:
        for e in range(lo, hi):
            pr = pos[e] // cols
            pc = pos[e] - pr * cols
            gr = goal[e] // cols
            gc = goal[e] - gr * cols
            for i in range(v):
                r = pr - k + i
                for j in range(v):
                    c = pc - k + j
                    if 0 <= r < rows and 0 <= c < cols:
                        out[e, 0, i, j] = doors[e, r, c]
                    else:
                        out[e, 0, i, j] = 15
                    out[e, 1, i, j] = r == gr and c == gc


cdef inline void paint(uint8_t[:, :, :, ::1] out, Py_ssize_t e, int32_t br, int32_t bc,
                       int32_t scale, const uint8_t* rgb) noexcept nogil:
    cdef int32_t y, x
    for y in range(br * scale, (br + 1) * scale):
        for x in range(bc * scale, (bc + 1) * scale):
            out[e, y, x, 0] = rgb[0]
            out[e, y, x, 1] = rgb[1]
            out[e, y, x, 2] = rgb[2]


def observe_pixels(const uint8_t[:, :, ::1] doors, const int32_t[::1] pos, const int32_t[::1] goal,
                   uint8_t[:, :, :, ::1] out, const uint8_t[:, ::1] palette,
                   Py_ssize_t lo, Py_ssize_t hi):
    """out[e] = the maze as (2 rows + 1) x (2 cols + 1) blocks of scale x scale pixels: cell
    (r, c) is block (2r+1, 2c+1), its doors Down and Right the blocks below and beside it, the
    rest wall. palette rows: wall, floor, agent, goal (RGB)."""
    check_grid(doors.shape[1], doors.shape[2], "doors")
    check_grid(out.shape[1], out.shape[2], "out")
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2]
    cdef int32_t scale = out.shape[1] // (2 * rows + 1), r, c, x, y, i
    cdef Py_ssize_t e
    cdef uint8_t d
    with nogil:
        for e in range(lo, hi):
            for y in range(out.shape[1]):           # all wall, then the floor over it
                for x in range(out.shape[2]):
                    out[e, y, x, 0] = palette[0, 0]
                    out[e, y, x, 1] = palette[0, 1]
                    out[e, y, x, 2] = palette[0, 2]
            for r in range(rows):
                for c in range(cols):
                    d = doors[e, r, c]
                    paint(out, e, 2 * r + 1, 2 * c + 1, scale, &palette[1, 0])
                    if (d & 3) == OPEN:
                        paint(out, e, 2 * r + 2, 2 * c + 1, scale, &palette[1, 0])
                    if ((d >> 2) & 3) == OPEN:
                        paint(out, e, 2 * r + 1, 2 * c + 2, scale, &palette[1, 0])
            i = goal[e]
            paint(out, e, 2 * (i // cols) + 1, 2 * (i % cols) + 1, scale, &palette[3, 0])
            i = pos[e]
            paint(out, e, 2 * (i // cols) + 1, 2 * (i % cols) + 1, scale, &palette[2, 0])
