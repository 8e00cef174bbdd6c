# The border-distance cut test: a sound static win test for the proof-number search (src/cat/pns.pyx,
# which cimports it as cat.cuts) beside search.pyx's layer test and enclose.pxd's minimum cuts.
# Inline, on the search context's scratch arrays.
from libc.stdint cimport int32_t

from trapcore.cat._search cimport Ctx


cdef inline int32_t cut_deficit(Ctx* x, int32_t cat, int32_t d, bint mark) noexcept nogil:
    """A sound static win test beside the layer test, over the cuts S_j = the free cells at
    border distance j next to the cat's side (cells at border distance > j that the cat reaches
    through such cells), j = 1 .. d-1: the player to move blocks S_j nearest the cat first, and the
    cat needs dc(s) moves to reach s, so she wins when, for every t, at most t cells of S_j lie
    within t steps of the cat. Returns the smallest deficit max_t(#{s: dc(s) <= t} - t) over j
    (<= 0: a win; with the cat to move, <= -1 is a win). Needs dc and db filled; with mark, dtmp
    marks (2) the cells of the best cut, else dtmp is left 0. Uses queue, score. Its twin:
    tests/reference/cat_cuts.py (tests/cat/test_cat_cuts.py)."""
    cdef int32_t n = x.n, j, i, k, q, head, tail, t, cnt, deficit, best = 0x7fffffff, best_j = -1
    cdef int32_t* hist = x.score
    cdef int32_t pass_, maxdc = 0
    for pass_ in range(2):
        for j in range(1, d):
            if pass_ == 1 and j != best_j:
                continue
            for i in range(n):
                x.dtmp[i] = 0
                hist[i] = 0
            head = 0
            tail = 0
            x.dtmp[cat] = 1
            x.queue[tail] = cat
            tail += 1
            while head < tail:
                i = x.queue[head]
                head += 1
                for k in range(6):
                    q = x.nbr[i * 6 + k]
                    if q < 0 or x.board[q] or x.dtmp[q]:
                        continue
                    if x.db[q] > j:
                        x.dtmp[q] = 1
                        x.queue[tail] = q
                        tail += 1
                    elif x.db[q] == j:
                        x.dtmp[q] = 2
                        hist[x.dc[q]] += 1
                        if x.dc[q] > maxdc:
                            maxdc = x.dc[q]
            if pass_ == 1:
                break
            cnt = 0
            deficit = -0x7fffffff
            for t in range(1, maxdc + 1):
                cnt += hist[t]
                if cnt - t > deficit:
                    deficit = cnt - t
            maxdc = 0
            if deficit < best:
                best = deficit
                best_j = j
        if not mark or best_j < 0:
            break
    if not mark or best_j < 0:
        for i in range(n):
            x.dtmp[i] = 0
    return best
