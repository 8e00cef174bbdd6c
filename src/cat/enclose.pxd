# The enclosure test: a sound static win test for the player, by a minimum vertex cut between the
# cat and the border with move timing. Inline helpers, cimported by src/cat/pns.pyx as cat.enclose.
#
# The claim. Let C be a set of free cells that separates the cat from every free border cell, and
# dc(c) the cat's distance to c over the free cells. The player to move blocks C nearest the cat
# first; the cat needs dc(c) moves to stand on c, and her i-th block comes before its i-th move.
# So if #{c in C: dc(c) <= t} <= t for every t >= 1, every cell of C is blocked before the cat can
# reach it, the cat never crosses C, and it is enclosed: a WIN. With the cat to move it moves
# first, so the bound is t - 1. Blocks never help the cat, so a cut cell blocked early only helps.
#
# Which cuts. For a threshold k = 1 .. d (d the cat's escape distance) the cells nearer the cat
# than k may not be cut (capacity infinite), the others cost one each; a maximum flow from the cat
# to the border (vertex capacities, each cell split in two) gives the minimum cut, and the cut
# nearest the border (the cells whose outer half reaches the border in the residual graph and
# whose inner half does not) is tested. Raising k only raises capacities, so the flow of one k is
# kept and augmented for the next. The layer test of search.pyx (the cells at distance L, at most
# L of them) is the case k = L; cut_deficit's border-distance cuts are other cuts, tested apart.
#
# Workspace (int32, see ENCLOSE_WORDS): rev (6n) | fv (n) | fe (6n) | mark (2n+1) | par (2n+1) |
# queue (2n+1). State 2v is cell v's inner half, 2v+1 its outer half, 2n the border (the sink).
from libc.stdint cimport int32_t, uint8_t

cdef enum:
    ENC_INF = 1 << 28
    # the searches look at cuts of at most ENC_FLOW cells, and only where a cheaper test (the
    # layer test, the border-distance cuts) comes within ENC_GATE blocks of a win: running it
    # everywhere proves a few more wins at a far higher cost (docs/benchmarks.md)
    ENC_FLOW = 12
    ENC_GATE = 2


cdef inline int32_t enclose_words(int32_t n) noexcept nogil:
    return 13 * n + 3 * (2 * n + 1)


cdef inline void enclose_rev(const int32_t* nbr, int32_t n, int32_t* rev) noexcept nogil:
    """rev[v*6+k] = the index j with nbr[w*6+j] == v, for w = nbr[v*6+k] (-1 off the board)."""
    cdef int32_t v, k, j, w
    for v in range(n):
        for k in range(6):
            rev[v * 6 + k] = -1
            w = nbr[v * 6 + k]
            if w < 0:
                continue
            for j in range(6):
                if nbr[w * 6 + j] == v:
                    rev[v * 6 + k] = j
                    break


cdef inline bint enc_open(const int32_t* dc, const int32_t* fv, int32_t v, int32_t k) noexcept nogil:
    """Residual capacity on the inner -> outer edge of cell v under threshold k."""
    return dc[v] < k or fv[v] < 1


cdef inline bint enc_augment(const uint8_t* board, const int32_t* nbr, const uint8_t* border,
                             int32_t n, int32_t cat, const int32_t* dc, int32_t k,
                             int32_t* ws) noexcept nogil:
    """One augmenting path of one unit from the cat to the border (breadth first); False if none."""
    cdef int32_t* rev = ws
    cdef int32_t* fv = ws + 6 * n
    cdef int32_t* fe = ws + 7 * n
    cdef int32_t* mark = ws + 13 * n
    cdef int32_t* par = mark + 2 * n + 1
    cdef int32_t* queue = par + 2 * n + 1
    cdef int32_t head = 0, tail = 0, x, v, j, w, y, sink = 2 * n, found = -1
    for x in range(2 * n + 1):
        mark[x] = 0
    mark[2 * cat + 1] = 1
    queue[tail] = 2 * cat + 1
    tail += 1
    while head < tail and found < 0:
        x = queue[head]
        head += 1
        v = x >> 1
        if x & 1:  # outer half: to the border, to the neighbours' inner halves, back inside
            if border[v]:
                par[sink] = x
                found = sink
                break
            for j in range(6):
                w = nbr[v * 6 + j]
                if w >= 0 and not board[w] and not mark[2 * w]:
                    mark[2 * w] = 1
                    par[2 * w] = x
                    queue[tail] = 2 * w
                    tail += 1
            if fv[v] > 0 and not mark[2 * v]:
                mark[2 * v] = 1
                par[2 * v] = x
                queue[tail] = 2 * v
                tail += 1
        else:  # inner half: across the cell, or back along a neighbour's flow into it
            if enc_open(dc, fv, v, k) and not mark[x + 1]:
                mark[x + 1] = 1
                par[x + 1] = x
                queue[tail] = x + 1
                tail += 1
            for j in range(6):
                w = nbr[v * 6 + j]
                if w < 0 or board[w]:
                    continue
                y = 2 * w + 1
                if not mark[y] and fe[w * 6 + rev[v * 6 + j]] > 0:
                    mark[y] = 1
                    par[y] = x
                    queue[tail] = y
                    tail += 1
    if found < 0:
        return False
    y = sink
    while y != 2 * cat + 1:
        x = par[y]
        if y == sink:
            pass
        elif (x >> 1) == (y >> 1):
            fv[x >> 1] += 1 if (x & 1) == 0 else -1
        elif x & 1:  # outer of v -> inner of w: more flow on the edge v -> w
            v = x >> 1
            w = y >> 1
            for j in range(6):
                if nbr[v * 6 + j] == w:
                    fe[v * 6 + j] += 1
                    break
        else:  # inner of v -> outer of w: less flow on the edge w -> v
            v = x >> 1
            w = y >> 1
            for j in range(6):
                if nbr[w * 6 + j] == v:
                    fe[w * 6 + j] -= 1
                    break
        y = x
    return True


cdef inline int32_t enc_cut_deficit(const uint8_t* board, const int32_t* nbr,
                                    const uint8_t* border, int32_t n, const int32_t* dc,
                                    int32_t k, int32_t* ws, int32_t* hist,
                                    uint8_t* cut) noexcept nogil:
    """The cut nearest the border for threshold k (the flow maximal): mark its cells in cut (when
    not NULL) and return its deficit max_t(#{c: dc(c) <= t} - t). hist: n scratch."""
    cdef int32_t* fv = ws + 6 * n
    cdef int32_t* fe = ws + 7 * n
    cdef int32_t* mark = ws + 13 * n
    cdef int32_t* queue = mark + 2 * (2 * n + 1)
    cdef int32_t head = 0, tail = 0, x, v, j, w, t, cnt, maxdc = 0, deficit = -ENC_INF
    for x in range(2 * n + 1):
        mark[x] = 0
    for v in range(n):  # the border's predecessors: every free border cell's outer half
        hist[v] = 0
        if border[v] and not board[v]:
            mark[2 * v + 1] = 1
            queue[tail] = 2 * v + 1
            tail += 1
    while head < tail:  # the states that reach the border in the residual graph
        x = queue[head]
        head += 1
        v = x >> 1
        if x & 1:  # predecessors of v's outer half: its inner half, neighbours with flow from v
            if enc_open(dc, fv, v, k) and not mark[x - 1]:
                mark[x - 1] = 1
                queue[tail] = x - 1
                tail += 1
            for j in range(6):
                w = nbr[v * 6 + j]
                if w >= 0 and not board[w] and fe[v * 6 + j] > 0 and not mark[2 * w]:
                    mark[2 * w] = 1
                    queue[tail] = 2 * w
                    tail += 1
        else:  # predecessors of v's inner half: the neighbours' outer halves, its own outer half
            for j in range(6):
                w = nbr[v * 6 + j]
                if w >= 0 and not board[w] and not mark[2 * w + 1]:
                    mark[2 * w + 1] = 1
                    queue[tail] = 2 * w + 1
                    tail += 1
            if fv[v] > 0 and not mark[x + 1]:
                mark[x + 1] = 1
                queue[tail] = x + 1
                tail += 1
    for v in range(n):
        if cut != NULL:
            cut[v] = 0
        if board[v] or dc[v] < 1 or not mark[2 * v + 1] or mark[2 * v]:
            continue
        if cut != NULL:
            cut[v] = 1
        hist[dc[v]] += 1
        if dc[v] > maxdc:
            maxdc = dc[v]
    cnt = 0
    for t in range(1, maxdc + 1):
        cnt += hist[t]
        if cnt - t > deficit:
            deficit = cnt - t
    return deficit if maxdc > 0 else ENC_INF


cdef inline int32_t enclosure_deficit(const uint8_t* board, const int32_t* nbr,
                                      const uint8_t* border, int32_t n, int32_t cat,
                                      const int32_t* dc, int32_t d, int32_t max_flow,
                                      int32_t* ws, int32_t* hist, uint8_t* cut) noexcept nogil:
    """The smallest deficit over the thresholds k = 1 .. d of the cuts above (<= 0: the player to
    move wins; <= -1: she wins with the cat to move), ENC_INF when every cut needs more than
    max_flow cells. dc: distances from the cat (filled); d: its escape distance (>= 1); ws: the
    workspace with rev filled (enclose_rev); hist: n scratch; cut (n, or NULL) marks the best
    cut's cells."""
    cdef int32_t* fv = ws + 6 * n
    cdef int32_t* fe = ws + 7 * n
    cdef int32_t k, i, flow = 0, e, best = ENC_INF, best_k = -1
    for i in range(n):
        fv[i] = 0
    for i in range(6 * n):
        fe[i] = 0
    for k in range(1, d + 1):
        while flow <= max_flow and enc_augment(board, nbr, border, n, cat, dc, k, ws):
            flow += 1
        if flow > max_flow:
            break
        e = enc_cut_deficit(board, nbr, border, n, dc, k, ws, hist, NULL)
        if e < best:
            best = e
            best_k = k
    if cut != NULL and best_k > 0:  # mark the best cut: run its threshold again
        for i in range(n):
            fv[i] = 0
        for i in range(6 * n):
            fe[i] = 0
        flow = 0
        for k in range(1, best_k + 1):
            while enc_augment(board, nbr, border, n, cat, dc, k, ws):
                flow += 1
        enc_cut_deficit(board, nbr, border, n, dc, best_k, ws, hist, cut)
    elif cut != NULL:
        for i in range(n):
            cut[i] = 0
    return best
