# The default generator's proof of uniqueness under Flow Free's rules (sound deduction): defined
# once in src/numberlink/proof.pyx (the module trapcore.numberlink._proof) and cimported by its
# run-time name,
#     from trapcore.numberlink._proof cimport Ded, ded_alloc, ded_free, ded_init, deduce, ...
# by src/numberlink/layout.pyx, which checks every move with it.
# Scratch: `ded_alloc` allocates every buffer of a Ded (raising MemoryError itself when out of
# memory) and `ded_free` frees them, in the one kernel call that uses it (try/finally).
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t


cdef enum:
    # deduce's outcomes
    PROVEN = 1
    STALLED = 0
    CONTRA = -1
    OVER = -2
    # a trial (an edge assumed on or off) that propagates further than this many squares without
    # a contradiction is given up: contradictions are local, and long trials cost most
    PROBE_CAP = 64


cdef struct Ded:
    Py_ssize_t R, C, P, m
    int8_t* need             # per padded cell: 1 at a number, 2 elsewhere, 0 on the border
    int8_t* eR               # edge p -- p+1
    int8_t* eD               # edge p -- p+P
    int32_t* parent          # union-find over the fragments of on edges (undoable, no compression)
    int32_t* size
    int32_t* colour          # per root: its number, 0 unknown
    int32_t* endA            # per root: the fragment's two ends
    int32_t* endB
    int32_t* tk              # trail: kind and payload
    int32_t* ta
    int32_t* tb
    int32_t* tc
    int32_t* td
    int32_t* te
    int32_t* tf
    Py_ssize_t tlen
    int32_t* queue           # cells to look at (a ring of m slots)
    int32_t* todo            # the undecided edges trial visits (2 * cell + side)
    int8_t* inq
    Py_ssize_t qhead, qlen
    Py_ssize_t unknown       # undecided edges
    int64_t steps            # cells looked at (the budget counts these)
    int64_t budget
    int64_t limit            # the current propagation's limit: the budget, or a trial's cap
    int64_t probe_cap        # steps one trial may take before it is given up (no conclusion)
    bint trial               # trial was needed


cdef int ded_alloc(Ded* d, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil
cdef void ded_free(Ded* d) noexcept nogil
cdef void ded_init(Ded* d, const int16_t* grid) noexcept nogil
cdef int deduce(Ded* d) noexcept nogil
cdef void ded_solution(Ded* d, int16_t* out) noexcept nogil
cdef bint ded_matches(Ded* d, const int16_t* sol) noexcept nogil
