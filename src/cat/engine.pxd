# The cat solver's one entry (src/cat/engine.pyx, module trapcore.cat._engine), declared for the
# other kernels: play.pyx's solver player searches through engine_search, as solve() and hint() do.
from libc.stdint cimport int32_t, int64_t, uint8_t

from trapcore.cat._search cimport Ctx


cdef class Memory:
    cdef object buf               # the bytes (src/cat/memory.pxd's layout): only kernels read them
    cdef readonly int32_t rows, cols
    cdef uint8_t* ptr(self, int32_t rows, int32_t cols) except NULL

# a Memory's bytes checked for a rows x cols board, or NULL for None
cdef uint8_t* mem_of(Memory memory, int32_t rows, int32_t cols) except? NULL
# the proof-number search's share of a budget (the one rule; see engine.pyx)
cdef int64_t pns_share(int64_t budget, bint followed) noexcept nogil
# the greedy player's block on board (x: a context for its size)
cdef int32_t greedy_on(const uint8_t* board, Ctx* x, int32_t cat) noexcept nogil
# search a position, player to move (see engine.pyx)
cdef int engine_search(Ctx* x, const uint8_t* board, int32_t rows, int32_t cols, int32_t cat,
                       int model, int method, int64_t budget, int32_t max_depth, uint8_t* mem,
                       int32_t workers, bint name_loss, int32_t* best, int32_t* depth,
                       int64_t* nodes) except -1 nogil
