"""Numberlink's default generator under Flow Free's rules: paths joined while deduction proves the
puzzle unique.

Called only by ``trapcore/numberlink/generate.py``, which validates every argument first.

The board starts tiled by pieces of PIECE squares (a square left alone extends a neighbouring
piece at its end); every piece end is a number, so deduction solves the board at once. Then,
the shortest first, two paths whose ends are side by side are joined (two numbers removed), and
when none is left a path end takes over a neighbouring path's square and the squares beyond it
on one side. A move is kept when ``deduce`` (``trapcore.numberlink._proof``, declared in
``proof.pxd``) still proves the puzzle unique, else undone and not tried again (MAX_ROUNDS
rounds retry them); no path ever runs beside itself. The puzzle is unique by construction: the
last kept move's deduction is its proof.

Scratch (``Lay``, and the proof's ``Ded``) is allocated and freed inside the ``def``
(try/finally). Ctrl-C: polled before every check. No global state: the same seed gives the same
puzzle.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from numpy.random cimport bitgen_t

from common.checks cimport check_grid
from common.random cimport bitgen_of, bounded
from common.signals cimport raise_pending, signalled
from trapcore.numberlink._proof cimport (
    PROBE_CAP, PROVEN, STALLED, Ded, ded_alloc, ded_free, ded_init, ded_matches, deduce,
)

cdef enum:
    # grades: the hardest rule a proof needed
    FORCED = 1
    TRIAL = 2
    # refused moves are tried once more after others were kept, this many rounds in all
    MAX_ROUNDS = 2
    # the first boards start from pieces of PIECE squares (fewer short paths are left), later
    # ones from pieces of min_length (small boards where the larger pieces are not unique)
    PIECE = 4
    PIECE_TRIES = 10


# -- the layout: paths over the board, joined while deduction proves the puzzle unique ----------

cdef struct Lay:
    Py_ssize_t R, C, P, m
    int32_t* lab             # padded: -2 border, 0 free, k > 0 path k
    int32_t* endA            # per path: its ends (padded indices); length 0 once joined away
    int32_t* endB
    int32_t* length
    int32_t* cand            # scratch
    int8_t* tried            # per padded cell and direction: that join was refused
    int8_t* cut_tried        # per padded cell, direction and side: that cut-join was refused
    int32_t* trace           # scratch: one path's squares in order
    int32_t npaths
    int16_t* grid            # the puzzle, rows x cols
    int16_t* sol


cdef int lay_alloc(Lay* g, Py_ssize_t rows, Py_ssize_t cols) except -1 nogil:
    cdef Py_ssize_t m = (rows + 2) * (cols + 2), n = rows * cols
    memset(g, 0, sizeof(Lay))
    g.R, g.C, g.P, g.m = rows, cols, cols + 2, m
    g.lab = <int32_t*> calloc(m, 4)
    g.endA = <int32_t*> calloc(n + 2, 4)
    g.endB = <int32_t*> calloc(n + 2, 4)
    g.length = <int32_t*> calloc(n + 2, 4)
    g.cand = <int32_t*> calloc(10 * m + 16, 4)
    g.tried = <int8_t*> calloc(4 * m, 1)
    g.cut_tried = <int8_t*> calloc(8 * m, 1)
    g.trace = <int32_t*> calloc(m, 4)
    g.grid = <int16_t*> calloc(n, 2)
    g.sol = <int16_t*> calloc(n, 2)
    if (g.lab == NULL or g.endA == NULL or g.endB == NULL or g.length == NULL or g.cand == NULL
            or g.tried == NULL or g.cut_tried == NULL or g.trace == NULL or g.grid == NULL or g.sol == NULL):
        lay_free(g)
        with gil:
            raise MemoryError(f"not enough memory for the Numberlink generator ({rows} x {cols})")
    return 0


cdef void lay_free(Lay* g) noexcept nogil:
    free(g.lab)
    free(g.endA)
    free(g.endB)
    free(g.length)
    free(g.cand)
    free(g.tried)
    free(g.cut_tried)
    free(g.trace)
    free(g.grid)
    free(g.sol)
    memset(g, 0, sizeof(Lay))


cdef inline Py_ssize_t nb(Py_ssize_t P, int k) noexcept nogil:
    return -P if k == 0 else (1 if k == 1 else (P if k == 2 else -1))


cdef inline int free_sides(Lay* g, Py_ssize_t p) noexcept nogil:
    return ((g.lab[p - g.P] == 0) + (g.lab[p + 1] == 0) + (g.lab[p + g.P] == 0)
            + (g.lab[p - 1] == 0))


cdef inline bint beside_piece(Lay* g, int32_t q, int32_t end, int32_t k) noexcept nogil:
    """True when square q touches path k anywhere but at its end `end`."""
    cdef int j
    cdef int32_t z
    for j in range(4):
        z = <int32_t> (q + nb(g.P, j))
        if z != end and g.lab[z] == k:
            return True
    return False


cdef bint tile(Lay* g, bitgen_t* rng, int32_t size) noexcept nogil:
    """Tile the board with pieces of `size` squares (or fewer where they do not fit), the most
    cramped free square first (a square left without a free neighbour extends a neighbouring path
    at its end); False if one cannot be placed."""
    cdef Py_ssize_t P = g.P, r, c, p, m, i
    cdef int f, best, k
    cdef int32_t s, t, q
    for p in range(g.m):
        g.lab[p] = -2
    for r in range(1, g.R + 1):
        for c in range(1, g.C + 1):
            g.lab[r * P + c] = 0
    g.npaths = 0
    while True:
        m = 0
        best = 5
        for r in range(1, g.R + 1):
            for c in range(1, g.C + 1):
                p = r * P + c
                if g.lab[p] != 0:
                    continue
                f = free_sides(g, p)
                if f > best:
                    continue
                if f < best:
                    best = f
                    m = 0
                g.cand[m] = <int32_t> p
                m += 1
        if m == 0:
            return True
        s = g.cand[bounded(rng, <uint32_t> m)]
        if best == 0:  # alone: extend a neighbouring path at its end
            m = 0
            for k in range(4):
                q = <int32_t> (s + nb(P, k))
                if (g.lab[q] > 0 and (g.endA[g.lab[q]] == q or g.endB[g.lab[q]] == q)
                        and not beside_piece(g, s, q, g.lab[q])):
                    g.cand[m] = q
                    m += 1
            if m == 0:
                return False
            q = g.cand[bounded(rng, <uint32_t> m)]
            i = g.lab[q]
            g.lab[s] = <int32_t> i
            g.length[i] += 1
            if g.endA[i] == q:
                g.endA[i] = s
            else:
                g.endB[i] = s
            continue
        # a piece of `size` squares from s, each step to the most cramped free neighbour that
        # does not run beside the piece
        g.npaths += 1
        i = g.npaths
        g.lab[s] = <int32_t> i
        g.endA[i] = s
        g.length[i] = 1
        t = s
        while g.length[i] < size:
            m = 0
            best = 5
            for k in range(4):
                q = <int32_t> (t + nb(P, k))
                if g.lab[q] != 0 or beside_piece(g, q, t, <int32_t> i):
                    continue
                f = free_sides(g, q)
                if f < best:
                    best = f
                    m = 0
                if f == best:
                    g.cand[m] = q
                    m += 1
            if m == 0:
                break
            t = g.cand[bounded(rng, <uint32_t> m)]
            g.lab[t] = <int32_t> i
            g.length[i] += 1
        g.endB[i] = t


cdef void write_out(Lay* g) noexcept nogil:
    """Number the paths in order of their first end (row-major); write g.grid and g.sol."""
    cdef Py_ssize_t r, c, p, P = g.P, i
    cdef int32_t v, nxt = 0
    cdef int32_t* relabel = g.cand  # scratch, npaths + 1 <= 8 * m
    for i in range(g.npaths + 1):
        relabel[i] = 0
    for r in range(g.R):
        for c in range(g.C):
            p = (r + 1) * P + c + 1
            v = g.lab[p]
            if relabel[v] == 0 and (g.endA[v] == p or g.endB[v] == p):
                nxt += 1
                relabel[v] = nxt
    for r in range(g.R):
        for c in range(g.C):
            p = (r + 1) * P + c + 1
            v = relabel[g.lab[p]]
            g.sol[r * g.C + c] = <int16_t> v
            g.grid[r * g.C + c] = <int16_t> (v if g.endA[g.lab[p]] == p or g.endB[g.lab[p]] == p
                                             else 0)


cdef int check(Lay* g, Ded* d, int64_t budget) noexcept nogil:
    """Write the puzzle out and deduce it: PROVEN, STALLED, OVER (or CONTRA, never for a valid
    layout)."""
    cdef int res
    write_out(g)
    ded_init(d, g.grid)
    d.budget = budget
    d.probe_cap = PROBE_CAP
    res = deduce(d)
    if res == PROVEN and not ded_matches(d, g.sol):
        return STALLED  # a safeguard: the proof's solution is always the layout's
    return res


cdef bint beside(Lay* g, int32_t a, int32_t b) noexcept nogil:
    """True when the path ending at a, joined to the one ending at b, would run beside itself
    (two of its squares side by side but not consecutive), which published puzzles avoid."""
    cdef int32_t ka = g.lab[a], kb = g.lab[b], q
    cdef Py_ssize_t p
    cdef int k
    for p in range(g.P, g.m - g.P):
        if g.lab[p] != kb:
            continue
        for k in range(4):
            q = <int32_t> (p + nb(g.P, k))
            if g.lab[q] == ka and not (p == b and q == a):
                return True
    return False


cdef int join_paths(Lay* g, int32_t a, int32_t b, int32_t* moved) noexcept nogil:
    """Join the path ending at a to the one ending at b (a, b side by side): the b path's squares
    take a's label. Returns how many squares moved (listed in moved) for undo."""
    cdef int32_t ka = g.lab[a], kb = g.lab[b]
    cdef Py_ssize_t p, n = 0
    for p in range(g.P, g.m - g.P):
        if g.lab[p] == kb:
            g.lab[p] = ka
            moved[n] = <int32_t> p
            n += 1
    if g.endA[ka] == a:
        g.endA[ka] = g.endB[kb] if g.endA[kb] == b else g.endA[kb]
    else:
        g.endB[ka] = g.endB[kb] if g.endA[kb] == b else g.endA[kb]
    g.length[ka] += g.length[kb]
    g.length[kb] = 0
    return <int> n


cdef Py_ssize_t trace(Lay* g, int32_t k) noexcept nogil:
    """Path k's squares from endA to endB into g.trace (paths never run beside themselves)."""
    cdef int32_t prev = -1, cur = g.endA[k], q, nxt
    cdef Py_ssize_t m = 0
    cdef int i
    while True:
        g.trace[m] = cur
        m += 1
        if cur == g.endB[k] or m > g.length[k]:
            return m
        nxt = -1
        for i in range(4):
            q = <int32_t> (cur + nb(g.P, i))
            if q != prev and g.lab[q] == k:
                nxt = q
                break
        if nxt < 0:
            return m
        prev = cur
        cur = nxt


cdef Py_ssize_t cut_join(Lay* g, int32_t a, int32_t x, int side, int32_t min_rest,
                         int32_t* saved) noexcept nogil:
    """Path A (ending at a) takes over x and the squares of x's path B beyond it on one side;
    the rest of B stays B. Returns how many squares moved (0: not allowed); saved gets
    (A's ends, B's ends, lengths) for cut_undo."""
    cdef int32_t ka = g.lab[a], kb = g.lab[x], p, q
    cdef Py_ssize_t m, j = -1, i, lo, hi, far
    cdef int k
    m = trace(g, kb)
    for i in range(m):
        if g.trace[i] == x:
            j = i
    if j < 0 or (j == 0 and side == 0) or (j == m - 1 and side == 1):
        return 0  # (taking all of B from an end is a join)
    if side == 0:
        lo, hi, far = j, m, m - 1
    else:
        lo, hi, far = 0, j + 1, 0
    if m - (hi - lo) < min_rest:
        return 0
    for i in range(lo, hi):  # the taken squares must not run beside A
        p = g.trace[i]
        for k in range(4):
            q = <int32_t> (p + nb(g.P, k))
            if g.lab[q] == ka and not (p == x and q == a):
                return 0
    saved[0], saved[1], saved[2], saved[3] = g.endA[ka], g.endB[ka], g.endA[kb], g.endB[kb]
    saved[4], saved[5] = g.length[ka], g.length[kb]
    for i in range(lo, hi):
        g.lab[g.trace[i]] = ka
        saved[6 + i - lo] = g.trace[i]
    if g.endA[ka] == a:
        g.endA[ka] = g.trace[far]
    else:
        g.endB[ka] = g.trace[far]
    if side == 0:
        g.endB[kb] = g.trace[j - 1]
    else:
        g.endA[kb] = g.trace[j + 1]
    g.length[ka] += <int32_t> (hi - lo)
    g.length[kb] -= <int32_t> (hi - lo)
    return hi - lo


cdef void cut_undo(Lay* g, int32_t ka, int32_t kb, Py_ssize_t n, int32_t* saved) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        g.lab[saved[6 + i]] = kb
    g.endA[ka], g.endB[ka], g.endA[kb], g.endB[kb] = saved[0], saved[1], saved[2], saved[3]
    g.length[ka], g.length[kb] = saved[4], saved[5]


cdef bint has_short(Lay* g, int32_t min_length) noexcept nogil:
    cdef int32_t i
    for i in range(1, g.npaths + 1):
        if 0 < g.length[i] < min_length:
            return True
    return False


cdef int try_cut_join(Lay* g, Ded* d, bitgen_t* rng, int64_t budget, int32_t min_length,
                      int32_t* saved) noexcept nogil:
    """One cut-join not tried before, the shortest taking path first: PROVEN when kept, STALLED
    when refused (and undone), -1 when none is left."""
    cdef Py_ssize_t P = g.P, p, m = 0, n, i
    cdef int k, side, res
    cdef int32_t ka, kb, x, best = 1 << 30
    for p in range(P, g.m - P):
        ka = g.lab[p]
        if ka <= 0 or (g.endA[ka] != p and g.endB[ka] != p):
            continue
        for k in range(4):
            x = <int32_t> (p + nb(P, k))
            kb = g.lab[x]
            if kb <= 0 or kb == ka:
                continue
            for side in range(2):
                if g.cut_tried[8 * p + 2 * k + side] or g.length[ka] > best:
                    continue
                if g.length[ka] < best:
                    best = g.length[ka]
                    m = 0
                g.cand[m] = <int32_t> (8 * p + 2 * k + side)
                m += 1
    if m == 0:
        return -1
    i = g.cand[bounded(rng, <uint32_t> m)]
    g.cut_tried[i] = 1
    p, k, side = i // 8, <int> ((i % 8) // 2), <int> (i % 2)
    x = <int32_t> (p + nb(P, k))
    ka, kb = g.lab[p], g.lab[x]
    n = cut_join(g, <int32_t> p, x, side, max(2, min_length), saved)
    if n == 0:
        return STALLED
    res = check(g, d, budget)
    if res == PROVEN:
        return PROVEN
    cut_undo(g, ka, kb, n, saved)
    return STALLED


cdef bint merge_loop(Lay* g, Ded* d, bitgen_t* rng, int64_t budget, int32_t min_length,
                     Py_ssize_t max_checks, int* grade, int64_t* steps) noexcept nogil:
    """Join paths, the shortest pairs first, while deduction proves the puzzle unique. False when
    interrupted. On return g holds a proven layout (grid and sol written), grade and steps its
    proof's."""
    cdef Py_ssize_t P = g.P, p, m, i, n
    cdef int k, res, best
    cdef int32_t a, b, ka, kb, oA, oB, score
    cdef int32_t* moved = g.cand + 8 * g.m  # scratch past the candidates
    cdef Py_ssize_t checks = 0
    cdef int rounds = 0
    memset(g.tried, 0, 4 * g.m)
    memset(g.cut_tried, 0, 8 * g.m)
    res = check(g, d, budget)
    if res != PROVEN:
        grade[0] = 0
        return True
    grade[0] = TRIAL if d.trial else FORCED
    steps[0] = d.steps
    while True:
        if signalled():
            return False
        # the candidate joins with the shortest joined length
        m = 0
        best = 1 << 30
        for p in range(P, g.m - P):
            ka = g.lab[p]
            if ka <= 0 or (g.endA[ka] != p and g.endB[ka] != p):
                continue
            for k in range(1, 3):  # each side pair once
                b = <int32_t> (p + (1 if k == 1 else P))
                kb = g.lab[b]
                if kb <= 0 or kb == ka or (g.endA[kb] != b and g.endB[kb] != b):
                    continue
                if g.tried[4 * p + k]:
                    continue
                score = g.length[ka] + g.length[kb]
                if score > best:
                    continue
                if score < best:
                    best = score
                    m = 0
                g.cand[m] = <int32_t> (4 * p + k)
                m += 1
        if m == 0:
            if checks >= max_checks:
                break
            res = try_cut_join(g, d, rng, budget, min_length, moved)
            if res < 0:
                # moves refused earlier may pass now that paths moved: one more round, when a
                # path is still too short
                if rounds >= MAX_ROUNDS:
                    break
                rounds += 1
                memset(g.tried, 0, 4 * g.m)
                memset(g.cut_tried, 0, 8 * g.m)
                continue
            checks += 1
            if res == PROVEN:
                grade[0] = TRIAL if d.trial else FORCED
                steps[0] = d.steps
            continue
        i = g.cand[bounded(rng, <uint32_t> m)]
        a = <int32_t> (i // 4)
        k = <int> (i % 4)
        b = <int32_t> (a + (1 if k == 1 else P))
        ka, kb = g.lab[a], g.lab[b]
        if beside(g, a, b):
            g.tried[i] = 1
            continue
        oA, oB = g.endA[ka], g.endB[ka]
        n = join_paths(g, a, b, moved)
        res = check(g, d, budget)
        if res == PROVEN:
            grade[0] = TRIAL if d.trial else FORCED
            steps[0] = d.steps
            continue
        g.tried[i] = 1
        for p in range(n):  # undo the join
            g.lab[moved[p]] = kb
        g.length[kb] = <int32_t> n
        g.length[ka] -= <int32_t> n
        g.endA[ka], g.endB[ka] = oA, oB
    write_out(g)
    return True


def generate(Py_ssize_t rows, Py_ssize_t cols, bit_generator, int32_t min_length,
             Py_ssize_t max_attempts, int64_t max_steps, Py_ssize_t max_checks):
    """A unique puzzle under Flow Free's rules: (grid, solution, grade, steps, attempts), or None
    when every attempt failed. ``grade``: 1 forced rules alone, 2 trial; ``steps``: the squares
    its proof looked at; ``max_steps``: the budget of each check (past it a join is refused)."""
    check_grid(rows, cols, "rows x cols")
    grid = np.zeros((rows, cols), np.int16)
    sol = np.zeros((rows, cols), np.int16)
    cdef int16_t[:, ::1] vgrid = grid, vsol = sol
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Py_ssize_t attempt = 0, i, n = rows * cols
    cdef int grade = 0
    cdef int64_t steps = 0
    cdef bint done = False, stop = False
    cdef Lay g
    cdef Ded d
    memset(&g, 0, sizeof(Lay))
    memset(&d, 0, sizeof(Ded))
    try:
        with nogil:
            lay_alloc(&g, rows, cols)
            ded_alloc(&d, rows, cols)
        with bit_generator.lock, nogil:
            while attempt < max_attempts and not done:
                attempt += 1
                if not tile(&g, rng, max(PIECE if attempt <= PIECE_TRIES else 2, min_length)):
                    continue
                if not merge_loop(&g, &d, rng, max_steps, min_length, max_checks, &grade, &steps):
                    stop = True
                    break
                if grade == 0:
                    continue
                if has_short(&g, min_length):
                    continue
                for i in range(n):
                    vgrid[i // cols, i % cols] = g.grid[i]
                    vsol[i // cols, i % cols] = g.sol[i]
                done = True
    finally:
        lay_free(&g)
        ded_free(&d)
    if stop:
        raise_pending()
    if not done:
        return None
    return grid, sol, grade, steps, attempt
