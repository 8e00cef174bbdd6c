# The proof-number search (src/cat/pns.pyx, module trapcore.cat._pns), declared for the other
# kernels: src/cat/engine.pyx runs it before the iterative deepening search.
from libc.stdint cimport int32_t, int64_t, uint8_t


cdef int pns_run(const uint8_t* board, int32_t rows, int32_t cols, int32_t cat, int64_t max_nodes,
                 int32_t max_cand, int32_t slack, double eps, int32_t tt_bits, uint8_t* mem,
                 int32_t workers, int32_t* best, int64_t* nodes, bint* interrupted) except -1 nogil

# a new memory (a numpy array; src/cat/memory.pxd has the rest) for rows x cols boards, sized for a
# proof-number search of pns_nodes positions (engine.pyx's share of a budget)
cdef object mem_new(int32_t rows, int32_t cols, int64_t pns_nodes)
