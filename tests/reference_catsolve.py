"""Plain-Python twins of the Trap the Cat solver, the smart cat and the simulation loop: slow,
readable oracles for tests/test_catsolve*.py and tests/test_catsim*.py and the baseline of
bench/test_bench_cat.py. Boards are lists of lists (or arrays) of 0 free / 1 blocked in even-r
offset coordinates; cells are (row, col)."""
from __future__ import annotations

from collections import deque
from functools import lru_cache

_EVEN = ((0, 1), (0, -1), (-1, 1), (-1, 0), (1, 1), (1, 0))
_ODD = ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1))


def nbrs(r, c, rows, cols):
    """On-board neighbours of (r, c) in the order E, W, NE, NW, SE, SW."""
    for dr, dc in (_ODD if r & 1 else _EVEN):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield nr, nc


def is_border(r, c, rows, cols):
    return r == 0 or c == 0 or r == rows - 1 or c == cols - 1


def border_dist(blocked, rows, cols):
    """dict cell -> BFS steps to the nearest free border cell (free cells that reach one)."""
    dist = {}
    q = deque()
    for r in range(rows):
        for c in range(cols):
            if is_border(r, c, rows, cols) and (r, c) not in blocked:
                dist[(r, c)] = 0
                q.append((r, c))
    while q:
        p = q.popleft()
        for nb in nbrs(*p, rows, cols):
            if nb not in blocked and nb not in dist:
                dist[nb] = dist[p] + 1
                q.append(nb)
    return dist


def bfs_step(blocked, cat, rows, cols):
    """The fixed-tie BFS cat's step (first border cell discovered, neighbours in table order),
    None when enclosed, the cat itself when it stands on the border."""
    if is_border(*cat, rows, cols):
        return cat
    parent = {cat: cat}
    q = deque([cat])
    while q:
        p = q.popleft()
        for nb in nbrs(*p, rows, cols):
            if nb not in blocked and nb not in parent:
                parent[nb] = p
                if is_border(*nb, rows, cols):
                    while parent[nb] != cat:
                        nb = parent[nb]
                    return nb
                q.append(nb)
    return None


def ray_step(blocked, cat, rows, cols):
    """The six-ray cat's deterministic step (shortest open ray), or None when no ray is open."""
    r, c = cat
    best, best_len = None, None
    for k in range(6):
        p, length, first = cat, 0, None
        while True:
            dr, dc = (_ODD if p[0] & 1 else _EVEN)[k]
            q = (p[0] + dr, p[1] + dc)
            if not (0 <= q[0] < rows and 0 <= q[1] < cols):
                if best_len is None or length < best_len:
                    best, best_len = first, length
                break
            if q in blocked:
                break
            if first is None:
                first = q
            length += 1
            p = q
    return best


def escapes_within(board, cat, k, policy="optimal"):
    """Plain minimax: True when the cat (the player to move first) reaches a border cell within
    k of its moves against every sequence of blocks. policy "optimal" lets the cat choose any
    free neighbour; "bfs" fixes its reply; "rays" fixes it when a ray is open (otherwise any free
    neighbour, as an adversary)."""
    rows, cols = len(board), len(board[0])
    blocked0 = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    @lru_cache(maxsize=None)
    def player(blocked, cat, k):
        if is_border(*cat, rows, cols):
            return True
        if k <= 0:
            return False
        dist = border_dist(blocked, rows, cols)
        if cat not in dist or dist[cat] > k:
            return False
        for r in range(rows):
            for c in range(cols):
                x = (r, c)
                if x in blocked or x == cat:
                    continue
                if not catnode(blocked | {x}, cat, k):
                    return False
        return True

    def catnode(blocked, cat, k):
        dist = border_dist(blocked, rows, cols)
        if cat not in dist:
            return False
        if policy == "bfs":
            return player(blocked, bfs_step(blocked, cat, rows, cols), k - 1)
        if policy == "rays":
            q = ray_step(blocked, cat, rows, cols)
            if q is not None:
                return player(blocked, q, k - 1)
        return any(player(blocked, q, k - 1) for q in nbrs(*cat, rows, cols) if q not in blocked)

    return player(blocked0, tuple(cat), k)
