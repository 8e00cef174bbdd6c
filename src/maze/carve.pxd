# Maze carving, declared: the per-maze kernels that src/maze/carve.pyx (module
# trapcore.maze._carve) defines once, for the batch kernels there and the environment kernels of
# src/maze/env.pyx, which cimport them by the module's name:
# `from trapcore.maze._carve cimport carve_one, carve_scratch, braid_cells`.
#
# Every kernel polls for Ctrl-C (src/common/signals.pxd) and reports it (True, or -1) after
# leaving its maze part done; the caller's `def` then frees its scratch and calls raise_pending().
# Scratch follows src/common/scratch.pxd: carve_scratch sizes it for a method (raising
# MemoryError itself), the caller frees it.
from libc.stdint cimport int32_t, uint8_t
from numpy.random cimport bitgen_t

from common.scratch cimport Scratch
from common.signals cimport Progress

# Codes shared with Python, defined once: cpdef enums that trapcore.maze._carve exports as IntEnums,
# from which trapcore/maze/ derives its names (each member's name without its prefix, lower case,
# in this order: METHODS = ("kruskal", "backtracker", "wilson", "prim"), HANDS = ("left", "right")).
cpdef enum Method:
    # carving methods (method=)
    KRUSKAL = 0
    BACKTRACKER = 1
    WILSON = 2
    PRIM = 3

cpdef enum Hand:
    # the wall follower's hand (hand=): the way it turns from the door it came through
    HAND_LEFT = 1                          # clockwise
    HAND_RIGHT = -1                        # anticlockwise

cdef enum:
    POLL_CELLS = 1 << 14                   # batch kernels poll for Ctrl-C after this many cells

cdef int carve_scratch(Scratch* s, int method, Py_ssize_t n) except -1 nogil
cdef bint carve_one(int method, uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                    Scratch* s, Progress* progress=*) noexcept nogil
cdef Py_ssize_t braid_cells(uint8_t* dp, int32_t rows, int32_t cols, double p,
                            bitgen_t* rng) noexcept nogil
