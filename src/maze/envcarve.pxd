# The carving algorithms of src/maze/carve.pyx (Kruskal, backtracker, Wilson, Prim), copied draw
# for draw as inline helpers for the environment kernels (src/maze/env.pyx), which carve from
# per-env streams with no Python object per maze; carve.pyx exports no C-level carve. cimported
# as `from maze.envcarve cimport carve_one, int_scratch, byte_scratch`. tests/envs checks every
# method against Maze.carve, so a change to carve.pyx's streams that is not made here fails there.
from libc.stdint cimport int32_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

from maze.doors cimport (ALL_LOCKED, OPEN, PREFETCH_AHEAD, inside, prefetch, set_door, step)
from common.random cimport bounded, shuffle_int32
from common.unionfind cimport ds_find, ds_link

# method codes, as in carve.pyx
cdef enum:
    KRUSKAL = 0
    BACKTRACKER = 1
    WILSON = 2
    PRIM = 3


cdef inline void carve_kruskal(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                               int32_t* a, int32_t* parent) noexcept nogil:
    """Randomized Kruskal: shuffle the interior-door list, then open each door whose two cells are
    still apart (union-find in one array, union by size, full path compression), stopping at
    rows*cols - 1 open doors. The list is read in order, so the union-find entries of the doors a
    few steps ahead are prefetched (about a quarter faster at 1000 x 1000), and a door whose
    cells share a parent is locked without looking further."""
    cdef int32_t n = rows * cols, m = 0, r, c, i, d, e, cell, other, x, y, opened = 0
    cdef int32_t last_row = rows - 1, last_col = cols - 1
    for i in range(n):
        doors[i] = ALL_LOCKED
        parent[i] = -1
    if n <= 1:
        return
    cell = 0
    for r in range(rows):
        for c in range(cols):
            if r < last_row:
                a[m] = 2 * cell
                m += 1
            if c < last_col:
                a[m] = 2 * cell + 1
                m += 1
            cell += 1
    shuffle_int32(rng, a, m)
    cdef int32_t far[2]
    far[0] = cols                          # door Down: the cell below
    far[1] = 1                             # door Right: the cell to the right
    for i in range(m):
        if i + PREFETCH_AHEAD < m:
            e = a[i + PREFETCH_AHEAD]
            prefetch(parent + (e >> 1))
            prefetch(parent + (e >> 1) + far[e & 1])
        d = a[i]
        cell = d >> 1
        other = cell + far[d & 1]
        x = parent[cell]                   # fast path: same parent, or one is the other's parent
        y = parent[other]
        if (x >= 0 and (x == y or x == other)) or y == cell:
            continue
        x = ds_find(parent, cell)
        y = ds_find(parent, other)
        if x != y:
            ds_link(parent, x, y)
            doors[cell] ^= <uint8_t> (2 << ((d & 1) << 1))  # 0b11 locked -> 0b01 open
            opened += 1
            if opened == n - 1:
                return


cdef inline void carve_backtracker(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                                   int32_t* stack, uint8_t* seen) noexcept nogil:
    """Randomized depth-first search: walk to a random unvisited neighbour, back up at dead ends."""
    cdef int32_t n = rows * cols, sp = 0, cur, r, c, k, d
    cdef int options[4]
    for cur in range(n):
        doors[cur] = ALL_LOCKED
        seen[cur] = 0
    cur = <int32_t> bounded(rng, <uint32_t> n)
    seen[cur] = 1
    stack[sp] = cur
    sp += 1
    while sp > 0:
        cur = stack[sp - 1]
        r = cur // cols
        c = cur - r * cols
        k = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and not seen[step(cur, cols, d)]:
                options[k] = d
                k += 1
        if k == 0:
            sp -= 1
            continue
        d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        set_door(doors, cur, cols, d, OPEN)
        cur = step(cur, cols, d)
        seen[cur] = 1
        stack[sp] = cur
        sp += 1


cdef inline void carve_wilson(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                              uint8_t* in_tree, uint8_t* nxt) noexcept nogil:
    """Wilson's algorithm: loop-erased random walks from each cell (in index order) to the tree;
    gives a uniform spanning tree."""
    cdef int32_t n = rows * cols, i, u, r, c, k, d
    cdef int32_t last_row = rows - 1, last_col = cols - 1
    cdef int options[4]
    cdef int32_t dr[4]
    cdef int32_t dc[4]
    cdef int32_t du[4]
    dr[0] = -1
    dr[1] = 0
    dr[2] = 1
    dr[3] = 0
    dc[0] = 0
    dc[1] = 1
    dc[2] = 0
    dc[3] = -1
    du[0] = -cols
    du[1] = 1
    du[2] = cols
    du[3] = -1
    for i in range(n):
        doors[i] = ALL_LOCKED
        in_tree[i] = 0
    in_tree[bounded(rng, <uint32_t> n)] = 1
    for i in range(n):
        if in_tree[i]:
            continue
        u = i
        r = i // cols
        c = i - r * cols
        while not in_tree[u]:              # the walk; nxt[] keeps the last exit: loops erase
            if 0 < r < last_row and 0 < c < last_col:
                d = <int32_t> bounded(rng, 4)          # options Up, Right, Down, Left: all four
            else:
                k = 0
                for d in range(4):
                    if inside(r, c, rows, cols, d):
                        options[k] = d
                        k += 1
                d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
            nxt[u] = <uint8_t> d
            r += dr[d]                     # table steps: no unpredictable branch per step
            c += dc[d]
            u += du[d]
        u = i
        while not in_tree[u]:
            in_tree[u] = 1
            d = nxt[u]
            set_door(doors, u, cols, d, OPEN)
            u = step(u, cols, d)


cdef inline void carve_prim(uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                            int32_t* frontier, uint8_t* state) noexcept nogil:
    """Randomized Prim (frontier cells): join a random frontier cell to a random maze neighbour."""
    cdef int32_t n = rows * cols, fl = 0, u, v, r, c, k, d, j
    cdef int options[4]
    for u in range(n):
        doors[u] = ALL_LOCKED
        state[u] = 0                       # 0 outside, 1 frontier, 2 in the maze
    u = <int32_t> bounded(rng, <uint32_t> n)
    while True:
        state[u] = 2
        r = u // cols
        c = u - r * cols
        for d in range(4):
            if inside(r, c, rows, cols, d):
                v = step(u, cols, d)
                if state[v] == 0:
                    state[v] = 1
                    frontier[fl] = v
                    fl += 1
        if fl == 0:
            return
        j = <int32_t> bounded(rng, <uint32_t> fl) if fl > 1 else 0
        u = frontier[j]
        fl -= 1
        frontier[j] = frontier[fl]
        r = u // cols
        c = u - r * cols
        k = 0
        for d in range(4):
            if inside(r, c, rows, cols, d) and state[step(u, cols, d)] == 2:
                options[k] = d
                k += 1
        d = options[bounded(rng, <uint32_t> k)] if k > 1 else options[0]
        set_door(doors, u, cols, d, OPEN)


cdef inline Py_ssize_t int_scratch(int method, Py_ssize_t n) noexcept nogil:
    """int32 scratch entries a method needs for n cells."""
    if method == KRUSKAL:
        return 3 * n                       # door list (< 2n), parent
    if method == WILSON:
        return 1
    return n                               # stack or frontier


cdef inline Py_ssize_t byte_scratch(int method, Py_ssize_t n) noexcept nogil:
    """uint8 scratch entries a method needs for n cells."""
    if method == KRUSKAL:
        return 1
    if method == WILSON:
        return 2 * n                       # in-tree flags, walk directions
    return n                               # visited flags or cell states


cdef inline void carve_one(int method, uint8_t* doors, int32_t rows, int32_t cols, bitgen_t* rng,
                           int32_t* iscratch, uint8_t* bscratch) noexcept nogil:
    cdef Py_ssize_t n = <Py_ssize_t> rows * cols
    if method == KRUSKAL:
        carve_kruskal(doors, rows, cols, rng, iscratch + n, iscratch)
    elif method == BACKTRACKER:
        carve_backtracker(doors, rows, cols, rng, iscratch, bscratch)
    elif method == WILSON:
        carve_wilson(doors, rows, cols, rng, bscratch, bscratch + n)
    else:
        carve_prim(doors, rows, cols, rng, iscratch, bscratch)
