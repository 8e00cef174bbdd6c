"""Plain-Python twin of the solver's static layer test (src/cat/search.pyx's layer_win), written
the way the test reads: one flood a layer, for tests/cat/test_cat_layer.py. Boards are lists of
lists (or arrays) of 0 free / 1 blocked in even-r offset coordinates; cells are (row, col)."""

from __future__ import annotations

from reference.cat_solver import _bfs, nbrs
from reference.hexgrid import is_border

HUGE = 0x7FFFFFFF  # the kernel's value when no layer exists (the cat on the border or enclosed)


def layer_twin(board, cat):
    """(value, marks) of the layer test for the cat at ``cat``, the player to move.

    Layer L is the cells L steps from the cat; its outside is the cells more than L steps away that
    reach a free border cell through such cells; its cut cells are the layer's cells next to the
    outside. Blocking the cut cells one a turn wins when there are at most L of them (the cat
    needs L moves to reach any). value is 0 for the first L < min(d, 12) that closes in time (d the
    cat's escape distance), else the smallest excess (cut cells - L), the first L with it being
    the best layer; marks maps each cell of the best layer's cut to 2 and of its outside to 1."""
    rows, cols = len(board), len(board[0])
    blocked = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])
    dc = _bfs(blocked, [tuple(cat)], rows, cols)
    border = [p for p in dc if is_border(*p, rows, cols)]
    d = min((dc[p] for p in border), default=-1)
    best, best_marks = HUGE, {}
    for L in range(1, min(d, 12)):
        outside = {p for p in border if dc[p] > L}
        todo = list(outside)
        while todo:
            p = todo.pop()
            for q in nbrs(*p, rows, cols):
                if q in dc and dc[q] > L and q not in outside:
                    outside.add(q)
                    todo.append(q)
        cut = {p for p in dc if dc[p] == L and any(q in outside for q in nbrs(*p, rows, cols))}
        excess = len(cut) - L
        if excess < best:
            best = excess
            best_marks = {**dict.fromkeys(outside, 1), **dict.fromkeys(cut, 2)}
        if excess <= 0:
            return 0, best_marks
    return best, best_marks
