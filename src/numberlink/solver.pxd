# Numberlink's complete solver, as other kernels see it: defined once in src/numberlink/solver.pyx
# (the module trapcore.numberlink._solver) and cimported by its run-time name,
#     from trapcore.numberlink._solver cimport Search, search, search_alloc, search_free
# The generator (src/numberlink/generate.pyx) calls `search` once per uniqueness check, through
# the module's C-API table; the per-node search loop stays inside _solver.
# Scratch: `search_alloc` allocates every buffer of a Search (raising MemoryError itself when out
# of memory) and `search_free` frees them, both in the one kernel call that uses it (try/finally).
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t

# The search's strategies, a code shared with Python (a cpdef enum: trapcore.numberlink._solver
# exports it as an IntEnum). PORTFOLIO: `search` runs the sweeps in turns (under the touch rules,
# the four LINES sweeps, each with its memo); the others are one sweep alone, named by the
# caller's corner it starts from: anti-diagonals, or lines of squares across the board's short
# side.
cpdef enum Strategy:
    PORTFOLIO = -1
    DIAGONALS_NW = 0
    DIAGONALS_SE = 1
    DIAGONALS_SW = 2
    DIAGONALS_NE = 3
    LINES_NW = 4
    LINES_SW = 5
    LINES_NE = 6
    LINES_SE = 7


cdef struct Search:
    # board, padded with a one-cell BORDER frame, in sweep orientation (maybe transposed)
    char* block                  # every buffer below but mstamp (search_alloc), s.used bytes of it
    size_t used
    Py_ssize_t rows, cols        # the caller's shape
    Py_ssize_t R, C, W           # the oriented shape, W = C + 2 the padded row stride
    bint transposed
    bint flip_r, flip_c          # the caller's rows / columns reversed (set by search_init)
    int16_t* t                   # cell type: BORDER, -1 solid, 0 empty, k > 0 endpoint of k
    uint8_t* turn                # allowed turn orientations (static)
    uint8_t* conR                # edge to the East neighbour
    uint8_t* conD                # edge to the South neighbour
    int32_t* parent              # undoable union-find over padded cells
    int32_t* size
    int16_t* colour              # the path number of a root, 0 unknown
    int32_t* order               # the non-solid cells in visit order
    Py_ssize_t n                 # how many
    int8_t* choice               # per depth: the next option to try (0..4)
    int32_t* u_a                 # per depth: the root whose size/colour changed (-1 none)
    int32_t* u_b                 # per depth: the root joined below u_a (-1 none)
    int32_t* u_size
    int16_t* u_col
    int16_t* lab                 # scratch: final colour per padded cell
    bint fill                    # rules: every non-solid square used (else empty squares may stay)
    bint notouch                 # rules: a path never runs beside itself (the no-touch rule)
    bint turns                   # fill and notouch: the turn-nesting pruning applies
    bint check_signals           # take the GIL now and then to notice Ctrl-C (common/signals.pxd)
    # frontier memo (touch rules, row sweep): state at depth d -> solutions below it; full keys
    bint use_memo                # this run keeps the memo (set by search_init)
    bint counting                # count solutions without writing them out
    Py_ssize_t L                 # key length in int16s: 2 (position) + W + 1 (ends) + W + 1 (colours)
    Py_ssize_t mcap              # slots, a power of two (0: no memo)
    Py_ssize_t mfill             # slots used in this run
    int32_t stamp                # this run's stamp: a slot is used when mstamp[slot] == stamp
    int32_t* mstamp
    int16_t* mkey                # mcap * L
    int64_t* mval                # solutions below the state (saturating at 2**62)
    int16_t* key                 # scratch: the current state's key
    int32_t* roots               # scratch: roots seen while building a key
    int32_t* rootid              # scratch: each root's id in the key being built (-1 none)
    int64_t* enter               # per depth: solutions found before entering it
    bint interrupted             # a signal handler raised: the exception is pending


cdef int search_alloc(Search* s, Py_ssize_t rows, Py_ssize_t cols, bint big_memo) except -1 nogil


cdef void search_free(Search* s) noexcept nogil


cdef void set_rules(Search* s, bint fill, bint touch) noexcept nogil


cdef int64_t run(Search* s, Py_ssize_t limit, int64_t max_nodes, int16_t* out,
                 int64_t* nodes) noexcept nogil


cdef bint search_init(Search* s, const int16_t* grid, int strategy) noexcept nogil


cdef int64_t search(Search* s, const int16_t* grid, Py_ssize_t limit, int64_t max_nodes,
                    int16_t* out, int64_t* nodes) noexcept nogil
