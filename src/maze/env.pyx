"""Batched maze-environment kernels for trapcore.envs: native Philox streams (bit-exact with
numpy's ``Philox``, so env i's episode j is trapcore._seeding's item j of env i's key), resetting
a subset of N envs (carving as trapcore.maze._carve does, src/maze/envcarve.pxd, then braid
and random start and goal), one step of all N envs, and their observations. Called only by
trapcore/envs/, which validates every argument. Directives are set in setup.py.

Per env i the state is: doors[i] (uint8 door bits, see src/maze/doors.pxd), pos[i] and goal[i]
(flat cells r*cols + c), steps[i] (steps taken this episode). Actions run clockwise as the door
helpers do: 0 Up, 1 Right, 2 Down, 3 Left.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy
from numpy.random cimport bitgen_t

from maze.doors cimport DOWN, LEFT, OPEN, RIGHT, UP, inside, passable, set_door, step
from maze.envcarve cimport byte_scratch, carve_one, int_scratch
from common.random cimport bounded, uniform01
from common.signals cimport POLL_MASK, raise_pending, signalled

cdef extern from *:
    """
    #if defined(_MSC_VER) && defined(_M_X64)
    #include <intrin.h>
    static inline uint64_t trapcore_mulhilo64(uint64_t a, uint64_t b, uint64_t* hi) {
        return _umul128(a, b, hi);
    }
    #else
    static inline uint64_t trapcore_mulhilo64(uint64_t a, uint64_t b, uint64_t* hi) {
        __uint128_t p = (__uint128_t)a * b;
        *hi = (uint64_t)(p >> 64);
        return (uint64_t)p;
    }
    #endif
    """
    uint64_t mulhilo64 "trapcore_mulhilo64"(uint64_t a, uint64_t b, uint64_t* hi) noexcept nogil


# ---------------------------------------------------------------------------------------------
# Philox4x64-10, the same stream as numpy.random.Philox(key=key, counter=counter)


ctypedef struct philox_t:
    uint64_t ctr[4]
    uint64_t key[2]
    uint64_t buf[4]
    int pos                     # next word of buf; 4: generate a new block first
    int has32                   # a buffered upper half for next_uint32
    uint32_t u32

ctypedef struct stream_t:
    bitgen_t bg
    philox_t ph


cdef void philox_block(philox_t* s) noexcept nogil:
    """Increment the counter (with carry, as numpy does before each block), encrypt it."""
    cdef uint64_t c0, c1, c2, c3, k0 = s.key[0], k1 = s.key[1], hi0, hi1, lo0, lo1
    cdef int r
    s.ctr[0] += 1
    if s.ctr[0] == 0:
        s.ctr[1] += 1
        if s.ctr[1] == 0:
            s.ctr[2] += 1
            if s.ctr[2] == 0:
                s.ctr[3] += 1
    c0 = s.ctr[0]
    c1 = s.ctr[1]
    c2 = s.ctr[2]
    c3 = s.ctr[3]
    for r in range(10):
        if r > 0:
            k0 += 0x9E3779B97F4A7C15ULL
            k1 += 0xBB67AE8584CAA73BULL
        lo0 = mulhilo64(0xD2E7470EE14C6C93ULL, c0, &hi0)
        lo1 = mulhilo64(0xCA5A826395121157ULL, c2, &hi1)
        c0 = hi1 ^ c1 ^ k0
        c1 = lo1
        c2 = hi0 ^ c3 ^ k1
        c3 = lo0
    s.buf[0] = c0
    s.buf[1] = c1
    s.buf[2] = c2
    s.buf[3] = c3
    s.pos = 0


cdef uint64_t philox_next64(void* st) noexcept nogil:
    cdef philox_t* s = <philox_t*> st
    if s.pos >= 4:
        philox_block(s)
    s.pos += 1
    return s.buf[s.pos - 1]


cdef uint32_t philox_next32(void* st) noexcept nogil:
    cdef philox_t* s = <philox_t*> st
    cdef uint64_t x
    if s.has32:
        s.has32 = 0
        return s.u32
    x = philox_next64(st)
    s.has32 = 1
    s.u32 = <uint32_t> (x >> 32)
    return <uint32_t> (x & 0xFFFFFFFFULL)


cdef double philox_double(void* st) noexcept nogil:
    return (philox_next64(st) >> 11) * (1.0 / 9007199254740992.0)


cdef void stream_init(stream_t* s, const uint64_t* key, uint64_t item) noexcept nogil:
    """The stream of trapcore._seeding.item_generator(key, item): counter [0, 0, item, 0]."""
    s.ph.key[0] = key[0]
    s.ph.key[1] = key[1]
    s.ph.ctr[0] = 0
    s.ph.ctr[1] = 0
    s.ph.ctr[2] = item
    s.ph.ctr[3] = 0
    s.ph.pos = 4
    s.ph.has32 = 0
    s.ph.u32 = 0
    s.bg.state = <void*> &s.ph
    s.bg.next_uint64 = philox_next64
    s.bg.next_uint32 = philox_next32
    s.bg.next_double = philox_double
    s.bg.next_raw = philox_next64


def philox_draws(const uint64_t[::1] key, uint64_t item, Py_ssize_t count):
    """``count`` next_uint64 draws then ``count`` next_uint32 draws of a fresh stream (for tests:
    they equal ``Philox(key=key, counter=[0, 0, item, 0])``'s)."""
    out64 = np.empty(count, dtype=np.uint64)
    out32 = np.empty(count, dtype=np.uint32)
    cdef uint64_t[::1] o64 = out64
    cdef uint32_t[::1] o32 = out32
    cdef stream_t s
    cdef Py_ssize_t i
    with nogil:
        stream_init(&s, &key[0], item)
        for i in range(count):
            o64[i] = s.bg.next_uint64(s.bg.state)
        stream_init(&s, &key[0], item)
        for i in range(count):
            o32[i] = s.bg.next_uint32(s.bg.state)
    return out64, out32


# ---------------------------------------------------------------------------------------------
# reset


cdef inline int degree(const uint8_t* doors, int32_t i, int32_t cols) noexcept nogil:
    return (passable(doors, i, cols, UP) + passable(doors, i, cols, RIGHT)
            + passable(doors, i, cols, DOWN) + passable(doors, i, cols, LEFT))


cdef void braid_one(uint8_t* dp, int32_t rows, int32_t cols, double p, bitgen_t* rng) noexcept nogil:
    """trapcore.maze._carve.braid, draw for draw (Maze.braid(p, seed=the same generator))."""
    cdef int32_t n = rows * cols, i, r, c, k, kd
    cdef int options[4]
    cdef int dead[4]
    cdef int d
    for i in range(n):
        if degree(dp, i, cols) != 1:
            continue
        if not uniform01(rng) < p:
            continue
        r = i // cols
        c = i - r * cols
        k = 0
        kd = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and not passable(dp, i, cols, d):
                options[k] = d
                k += 1
                if degree(dp, step(i, cols, d), cols) == 1:
                    dead[kd] = d
                    kd += 1
        if kd > 0:
            d = dead[bounded(rng, <uint32_t> kd)] if kd > 1 else dead[0]
        elif k > 0:
            d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        else:
            continue
        set_door(dp, i, cols, d, OPEN)


cdef inline int32_t draw_except(bitgen_t* rng, int32_t n, int32_t avoid) noexcept nogil:
    """A uniform cell of n other than `avoid` (-1: none); one option draws nothing."""
    cdef int32_t m = n - 1 if avoid >= 0 else n
    cdef int32_t x = <int32_t> bounded(rng, <uint32_t> m) if m > 1 else 0
    if avoid >= 0 and x >= avoid:
        x += 1
    return x


def reset_envs(uint8_t[:, :, ::1] doors, int32_t[::1] pos, int32_t[::1] goal, int32_t[::1] steps,
               const uint64_t[:, ::1] keys, const int64_t[::1] items, const int64_t[::1] idx,
               int method, double braid, int32_t start_cell, int32_t goal_cell):
    """New episodes for envs idx[k], without the GIL: env e = idx[k] carves a maze with `method`
    from the stream of item items[k] under keys[e] (Philox(key=keys[e], counter=[0, 0, item, 0])),
    braids it with probability `braid` (when > 0), then draws its start (when start_cell < 0)
    and its goal (when goal_cell < 0, never the start) from the same stream; pos = start,
    steps = 0. Ctrl-C is polled between mazes (every 16,384 cells carved) and raised here; the
    envs not reached keep their old state."""
    cdef Py_ssize_t m = idx.shape[0], k, e, work = 0
    cdef bint interrupted = False
    cdef int32_t rows = doors.shape[1], cols = doors.shape[2], n = rows * cols, s, g
    if m == 0:
        return
    cdef int32_t[::1] iscratch = np.empty(int_scratch(method, n), dtype=np.int32)
    cdef uint8_t[::1] bscratch = np.empty(byte_scratch(method, n), dtype=np.uint8)
    cdef stream_t stream
    cdef bitgen_t* rng = &stream.bg
    with nogil:
        for k in range(m):
            e = idx[k]
            stream_init(&stream, &keys[e, 0], <uint64_t> items[k])
            carve_one(method, &doors[e, 0, 0], rows, cols, rng, &iscratch[0], &bscratch[0])
            if braid > 0.0:
                braid_one(&doors[e, 0, 0], rows, cols, braid, rng)
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
    cdef int32_t n = doors.shape[1] * doors.shape[2]
    cdef Py_ssize_t e
    cdef int32_t i
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
