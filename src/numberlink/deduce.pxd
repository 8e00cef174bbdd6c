# Declarations of src/numberlink/deduce.pyx (trapcore.numberlink._deduce): its codes, its state
# and context, the inline operations on colour sets (W words of bits: bit k for path k, bit 0
# "may stay empty" without fill), on the work count, the steps and the queue, and the state's
# set-up, copy and colour counts.
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from common.signals cimport POLL_MASK, signalled
from common.unionfind cimport uf_find

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
    uint64_t* dirty     # W words: the numbers whose region rules may say something new
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
    int32_t* kcount     # squares that may take each number, counted at made == counted
    int64_t counted, made   # made: deductions so far (work also counts the searches' squares)
    uint8_t* itr
    int32_t gen
    bint record
    int32_t* steps      # 4 per step: rule, number, square, square or -1
    Py_ssize_t nsteps, cap
    int64_t work, max_steps, polled   # polled: the work up to which Ctrl-C was polled
    bint interrupted


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


cdef inline int charge(Ctx* c, Py_ssize_t amount) noexcept nogil:
    """Count amount units of work (squares or edges looked at); STOP past the budget, or on
    Ctrl-C, polled once for every POLL_MASK + 1 units (so the polls count the work)."""
    c.work += amount
    while (c.polled | POLL_MASK) < c.work:
        c.polled = (c.polled | POLL_MASK) + 1
        if signalled():
            c.interrupted = True
            return STOP
    if c.work >= c.max_steps:
        return STOP
    return OK


cdef inline int spend(Ctx* c) noexcept nogil:
    """One deduction: a unit of work."""
    c.made += 1
    return charge(c, 1)


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


cdef inline void dirty(Ctx* c, uint64_t* a, uint64_t* b, bint lost) noexcept nogil:
    """Mark the numbers of a & ~b (lost) or a & b (shared) for the region rules."""
    cdef Py_ssize_t w
    for w in range(c.W):
        c.s.dirty[w] |= a[w] & (~b[w] if lost else b[w])
    c.s.dirty[0] &= ~(<uint64_t> 1)


cdef inline void count_colours(Ctx* c) noexcept nogil:
    """kcount[k]: the squares that may take number k (at this work count, c.counted)."""
    cdef Py_ssize_t x, w
    cdef uint64_t bits
    cdef uint64_t* cx
    memset(c.kcount, 0, (c.K + 1) * sizeof(int32_t))
    for x in range(c.n):
        if c.values[x] >= 0:
            cx = colp(c, uf_find(c.s.parent, <int32_t> x))
            for w in range(c.W):
                bits = cx[w]
                while bits:
                    c.kcount[w * 64 + ctz64(bits)] += 1
                    bits &= bits - 1
    c.counted = c.made


cdef inline void copy_state(Ctx* c, State* dst, State* src) noexcept nogil:
    memcpy(dst.es, src.es, c.E * sizeof(uint8_t))
    memcpy(dst.don, src.don, c.n * sizeof(uint8_t))
    memcpy(dst.dunk, src.dunk, c.n * sizeof(uint8_t))
    memcpy(dst.parent, src.parent, c.n * sizeof(int32_t))
    memcpy(dst.size, src.size, c.n * sizeof(int32_t))
    memcpy(dst.nxt, src.nxt, c.n * sizeof(int32_t))
    memcpy(dst.col, src.col, c.n * c.W * sizeof(uint64_t))
    memcpy(dst.dirty, src.dirty, c.W * sizeof(uint64_t))
    dst.unknown = src.unknown


cdef inline int state_init(Ctx* c, State* s, int32_t* i32, uint8_t* u8, uint64_t* u64) noexcept nogil:
    s.es = u8
    s.don = u8 + c.E
    s.dunk = u8 + c.E + c.n
    s.parent = i32
    s.size = i32 + c.n
    s.nxt = i32 + 2 * c.n
    s.col = u64
    s.dirty = u64 + c.n * c.W
    return 0
