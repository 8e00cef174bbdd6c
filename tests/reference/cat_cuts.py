"""Plain-Python twin of the proof-number search's border-distance cut test (src/cat/cuts.pxd's
cut_deficit), written the way the test reads: one flood a cut, for tests/cat/test_cat_cuts.py.
Boards are lists of lists (or arrays) of 0 free / 1 blocked in even-r offset coordinates."""

from __future__ import annotations

from reference.cat_solver import _bfs, border_dist, nbrs

NONE = 0x7FFFFFFF  # the kernel's deficit when there is no cut (the cat next to the border)


def cuts_twin(board, cat):
    """(deficit, marks) of the cut test for the cat at ``cat`` (able to reach the border).

    For each border distance j = 1 .. d-1 (d the cat's), the cat's side is the cells at border
    distance > j that the cat reaches through such cells, and the cut S_j the free cells at
    border distance j next to that side. The deficit of S_j is max over t >= 1 of (cells of S_j
    within t steps of the cat) - t; the player to move wins when it is <= 0, and with the cat to
    move when it is <= -1. Returns the smallest deficit and the marks of the first j with it
    (2 on S_j, 1 on the side)."""
    rows, cols = len(board), len(board[0])
    blocked = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])
    cat = tuple(cat)
    db = border_dist(blocked, rows, cols)
    dc = _bfs(blocked, [cat], rows, cols)
    d = db[cat]
    best, marks = NONE, {}
    for j in range(1, d):
        side, cut, todo = {cat}, set(), [cat]
        while todo:
            p = todo.pop()
            for q in nbrs(*p, rows, cols):
                if q in blocked or q in side or q in cut:
                    continue
                if db[q] > j:
                    side.add(q)
                    todo.append(q)
                elif db[q] == j:
                    cut.add(q)
        far = max((dc[s] for s in cut), default=0)
        deficit = max(
            (sum(dc[s] <= t for s in cut) - t for t in range(1, far + 1)), default=-0x7FFFFFFF
        )
        if deficit < best:
            best = deficit
            marks = {**dict.fromkeys(side, 1), **dict.fromkeys(cut, 2)}
    return best, marks
