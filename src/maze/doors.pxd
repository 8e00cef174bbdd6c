# Inline door helpers shared by the maze kernels (src/maze/carve.pyx, env.pyx); cimported as
# `from maze.doors cimport ...`. Doors: one uint8 per cell, bits 0-1 the door Down, bits 2-3 the door
# Right; each 0b00 closed, 0b01 open, 0b11 locked. Cells are flat row-major indices i = r*cols + c.
# Directions run clockwise: 0 Up, 1 Right, 2 Down, 3 Left.
from libc.stdint cimport int32_t, uint8_t
from libc.string cimport memset

from common.signals cimport POLL_MASK, signalled

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define TRAPCORE_PREFETCH(p) __builtin_prefetch(p)
    #else
    #define TRAPCORE_PREFETCH(p) ((void)0)
    #endif
    """
    void prefetch "TRAPCORE_PREFETCH"(const void* p) noexcept nogil

cdef enum:
    PREFETCH_AHEAD = 8    # Kruskal: doors read ahead to prefetch their union-find entries
    UP = 0
    RIGHT = 1
    DOWN = 2
    LEFT = 3
    CLOSED = 0
    OPEN = 1
    LOCKED = 3
    ALL_LOCKED = 15       # 0b11_11: a fresh cell before carving


cdef inline int32_t step(int32_t i, int32_t cols, int d) noexcept nogil:
    """The flat index of the neighbour of i in direction d (no bounds check)."""
    if d == UP:
        return i - cols
    if d == RIGHT:
        return i + 1
    if d == DOWN:
        return i + cols
    return i - 1


cdef inline bint passable(const uint8_t* doors, int32_t i, int32_t cols, int d) noexcept nogil:
    """True when the door of cell i on side d is open. Outer doors are never open (the Python layer
    checks), so only Up and Left need a bounds test (those doors belong to the neighbour)."""
    if d == DOWN:
        return (doors[i] & 3) == OPEN
    if d == RIGHT:
        return ((doors[i] >> 2) & 3) == OPEN
    if d == UP:
        return i >= cols and (doors[i - cols] & 3) == OPEN
    return (i % cols) != 0 and ((doors[i - 1] >> 2) & 3) == OPEN


cdef inline void set_door(uint8_t* doors, int32_t i, int32_t cols, int d, uint8_t state) noexcept nogil:
    """Set the door of cell i on side d (which must exist) to state (CLOSED, OPEN, LOCKED)."""
    if d == UP:
        i -= cols
        d = DOWN
    elif d == LEFT:
        i -= 1
        d = RIGHT
    if d == DOWN:
        doors[i] = (doors[i] & 0b1100) | state
    else:
        doors[i] = (doors[i] & 0b0011) | (state << 2)


cdef inline bint inside(int32_t r, int32_t c, int32_t rows, int32_t cols, int d) noexcept nogil:
    """True when (r, c) has a neighbour in direction d."""
    if d == UP:
        return r > 0
    if d == RIGHT:
        return c < cols - 1
    if d == DOWN:
        return r < rows - 1
    return c > 0


cdef inline int degree(const uint8_t* doors, int32_t i, int32_t cols) noexcept nogil:
    """The number of open doors of cell i."""
    return (passable(doors, i, cols, UP) + passable(doors, i, cols, RIGHT)
            + passable(doors, i, cols, DOWN) + passable(doors, i, cols, LEFT))


cdef inline bint fill_cells(uint8_t* doors, uint8_t* flags, int32_t* ints, int32_t value,
                            Py_ssize_t n) noexcept nogil:
    """Start a kernel's arrays: doors[:n] = ALL_LOCKED, flags[:n] = 0, ints[:n] = value (NULL
    arrays skipped), in chunks with a Ctrl-C poll between them (the first touch of fresh scratch
    pages is slow on big mazes). True when Ctrl-C came."""
    cdef Py_ssize_t lo = 0, hi, i
    while lo < n:
        if lo > 0 and signalled():
            return True
        hi = min(lo + POLL_MASK + 1, n)
        if doors != NULL:
            memset(doors + lo, ALL_LOCKED, <size_t> (hi - lo))
        if flags != NULL:
            memset(flags + lo, 0, <size_t> (hi - lo))
        if ints != NULL:
            for i in range(lo, hi):
                ints[i] = value
        lo = hi
    return False
