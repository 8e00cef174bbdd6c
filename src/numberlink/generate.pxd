# Numberlink's generator state and the path surgery other kernels reuse: defined once in
# src/numberlink/generate.pyx (the module trapcore.numberlink._generate) and cimported by its
# run-time name,
#     from trapcore.numberlink._generate cimport Gen, gen_alloc, gen_free, split_at, ...
# by src/numberlink/repair.pyx (one repair step of generate(prover="sat"), driven from Python).
# Scratch: `gen_alloc` allocates every buffer of a Gen, the solver's Search included (raising
# MemoryError itself when out of memory), and `gen_free` frees them (try/finally).
from libc.stdint cimport int16_t, int32_t

from trapcore.numberlink._solver cimport Search


cdef struct Gen:
    Py_ssize_t rows, cols, P        # P = cols + 2, the padded row stride
    int32_t* lab                    # padded: -2 border, -1 solid, 0 free, k > 0 path k
    int32_t* cand                   # scratch: candidate cells
    int32_t* end_a                  # per path: its two ends (padded indices)
    int32_t* end_b
    int32_t* length                 # per path: its number of cells (0 once merged away)
    int32_t* trace                  # scratch: one path's cells in order
    int32_t* relabel                # scratch: old label -> canonical label
    int16_t* two                    # scratch: the uniqueness check's two solutions
    int32_t npaths
    bint hug                        # grow long paths: step to the squares with fewest free sides
    bint solids                     # isolated squares become solid (else they join a path)
    Search s                        # the uniqueness checks' solver


cdef int gen_alloc(Gen* g, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil
cdef void gen_free(Gen* g) noexcept nogil
cdef void write_out(Gen* g, int16_t* grid, int16_t* sol) noexcept nogil
cdef bint split_at(Gen* g, Py_ssize_t cell, int32_t min_length) noexcept nogil
cdef bint split_longest(Gen* g, int32_t min_length) noexcept nogil
