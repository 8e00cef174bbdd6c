# Declarations of src/numberlink/deduce.pyx (trapcore.numberlink._deduce): its codes, its state
# and context, the inline operations on colour sets (W words of bits: bit k for path k, bit 0
# "may stay empty" without fill) and on the work count, the steps and the queue.
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t

from common.signals cimport POLL_MASK, signalled

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) noexcept nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) noexcept nogil

cdef enum:
    UNK = 0
    ON = 1
    OFF = 2

cdef enum:
    OK = 0
    CONTRA = 1
    STOP = 2      # out of steps, or Ctrl-C

# rules of the recorded steps (names in trapcore/numberlink/deduce.py's RULES, in this order)
cdef enum:
    ONE_EXIT = 0
    TWO_NEIGHBOURS = 1
    REGION = 2
    CUT = 3
    TRIAL = 4
    TRIAL_OFF = 5

cdef enum:
    FORCED = 0
    REGIONS = 1
    TRIALS = 2


ctypedef struct State:
    uint8_t* es         # per edge: UNK, ON, OFF
    uint8_t* don        # per square: on edges
    uint8_t* dunk       # per square: unknown edges
    int32_t* parent     # union-find of chains
    int32_t* size
    int32_t* nxt        # circular list of each chain's squares
    uint64_t* col       # W words per square, meaningful at chain roots
    Py_ssize_t unknown  # edges still unknown


ctypedef struct Ctx:
    Py_ssize_t n, E, W, K
    const int16_t* values
    int32_t* ea
    int32_t* eb
    int32_t* inc        # 4 per square: edge or -1
    int32_t* nb         # 4 per square: the neighbour across it
    int32_t* ends       # 2 per path number
    uint64_t empty      # 1 without fill (bit 0 of word 0), else 0
    bint touch
    State* s            # the state being worked on: main, or trial's copy
    State main
    State trial
    int32_t* stack
    Py_ssize_t top
    uint8_t* queued
    uint64_t* tmp       # 8 * W words of scratch colours
    int32_t* mark       # the depth-first searches of the region rules
    int32_t* disc
    int32_t* low
    int32_t* par
    int32_t* pedge
    int32_t* order
    int32_t* dstack
    int32_t* blk
    int32_t* onp
    uint8_t* itr
    int32_t gen
    bint record
    int32_t* steps      # 4 per step: rule, number, square, square or -1
    Py_ssize_t nsteps, cap
    int64_t work, max_steps, ticks
    bint interrupted


cdef inline int32_t find(int32_t* parent, int32_t x) noexcept nogil:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


cdef inline uint64_t* colp(Ctx* c, int32_t root) noexcept nogil:
    return c.s.col + root * c.W


cdef inline bint has(uint64_t* a, Py_ssize_t k) noexcept nogil:
    return (a[k >> 6] >> (k & 63)) & 1


cdef inline bint meet(Ctx* c, uint64_t* a, uint64_t* b) noexcept nogil:
    """Do a and b share a number (not counting "empty")?"""
    cdef Py_ssize_t w
    if (a[0] & b[0]) & ~c.empty:
        return True
    for w in range(1, c.W):
        if a[w] & b[w]:
            return True
    return False


cdef inline bint same(Ctx* c, uint64_t* a, uint64_t* b) noexcept nogil:
    cdef Py_ssize_t w
    for w in range(c.W):
        if a[w] != b[w]:
            return False
    return True


cdef inline bint zero(Ctx* c, uint64_t* a) noexcept nogil:
    cdef Py_ssize_t w
    for w in range(c.W):
        if a[w]:
            return False
    return True


cdef inline bint zero_from(Ctx* c, uint64_t* a, Py_ssize_t start) noexcept nogil:
    cdef Py_ssize_t w
    for w in range(start, c.W):
        if a[w]:
            return False
    return True


cdef inline int32_t single(Ctx* c, uint64_t* a) noexcept nogil:
    """The number of a colour set holding exactly one number and not "empty", else 0."""
    cdef Py_ssize_t w
    cdef int32_t k = 0
    cdef int bits = 0
    if a[0] & c.empty:
        return 0
    for w in range(c.W):
        if a[w]:
            bits += popcount64(a[w])
            if bits > 1:
                return 0
            k = <int32_t> (w * 64 + ctz64(a[w]))
    return k


cdef inline bint single_bit(Ctx* c, uint64_t* a) noexcept nogil:
    """Does a hold at most one bit (one number, or "empty" alone)?"""
    cdef Py_ssize_t w
    cdef int bits = 0
    for w in range(c.W):
        if a[w]:
            bits += popcount64(a[w])
            if bits > 1:
                return False
    return True


cdef inline int spend(Ctx* c) noexcept nogil:
    c.work += 1
    if c.work >= c.max_steps:
        return STOP
    if (c.work & POLL_MASK) == 0 and signalled():
        c.interrupted = True
        return STOP
    return OK


cdef inline int tick(Ctx* c, Py_ssize_t amount) noexcept nogil:
    """Poll for Ctrl-C about every POLL_MASK + 1 squares of work that decides nothing."""
    cdef int64_t before = c.ticks
    c.ticks += amount
    if (before >> 14) != (c.ticks >> 14) and signalled():
        c.interrupted = True
        return STOP
    return OK


cdef inline void note(Ctx* c, int rule, int32_t number, int32_t a, int32_t b) noexcept nogil:
    if c.record and c.nsteps < c.cap:
        c.steps[4 * c.nsteps] = rule
        c.steps[4 * c.nsteps + 1] = number
        c.steps[4 * c.nsteps + 2] = a
        c.steps[4 * c.nsteps + 3] = b
        c.nsteps += 1


cdef inline void push(Ctx* c, int32_t x) noexcept nogil:
    if not c.queued[x]:
        c.queued[x] = 1
        c.stack[c.top] = x
        c.top += 1
