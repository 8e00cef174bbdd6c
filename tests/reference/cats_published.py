"""Published Trap the Cat cats, reimplemented in plain Python from their described rules
(/work/shared/ANCHORS.md, issue 12), as callables ``(board, cat, rng) -> cell`` for
``policy=``. Our own code from the descriptions, not the originals' source; boards are even-r
(the originals' odd-r boards are mirrors, which the rules do not care about). Slow: for tests and
bench/ measurements only."""

from __future__ import annotations

from collections import deque

import numpy as np

from reference.cat_solver import nbrs
from reference.hexgrid import is_border

__all__ = ["ganlvtech", "racket", "zhangyoufu_hard", "course_alphabeta", "PUBLISHED"]

_FAR = 10**6


def _moves(board, cat):
    rows, cols = board.shape
    return [q for q in nbrs(*cat, rows, cols) if not board[q]]


def _border_dist(board):
    """dict cell -> steps to the nearest free border cell (free cells that reach one)."""
    rows, cols = board.shape
    dist = {}
    q = deque()
    for r in range(rows):
        for c in range(cols):
            if is_border(r, c, rows, cols) and not board[r, c]:
                dist[(r, c)] = 0
                q.append((r, c))
    while q:
        p = q.popleft()
        for nb in nbrs(*p, rows, cols):
            if not board[nb] and nb not in dist:
                dist[nb] = dist[p] + 1
                q.append(nb)
    return dist


def _edge_move(board, cat):
    rows, cols = board.shape
    for q in _moves(board, cat):
        if is_border(*q, rows, cols):
            return q
    return None


def _fallback(board, cat):
    moves = _moves(board, cat)
    return moves[0] if moves else None


def ganlvtech(board, cat, rng=None):
    """ganlvtech/phaser-catch-the-cat: BFS distances from the border; step to the nearer
    neighbour with the most shortest paths to the border; fixed tie order (neighbour order)."""
    edge = _edge_move(board, cat)
    if edge is not None:
        return edge
    dist = _border_dist(board)
    moves = [q for q in _moves(board, cat) if q in dist]
    if not moves:
        return _fallback(board, cat)
    rows, cols = board.shape
    paths = {}

    def count(p):  # shortest paths from p to the border (down the distance field)
        if p in paths:
            return paths[p]
        if dist[p] == 0:
            paths[p] = 1
            return 1
        paths[p] = sum(
            count(nb) for nb in nbrs(*p, rows, cols) if nb in dist and dist[nb] == dist[p] - 1
        )
        return paths[p]

    best = min(dist[q] for q in moves)
    return max((q for q in moves if dist[q] == best), key=count)


def racket(board, cat, rng):
    """Racket chat-noir: BFS distance to the border, random among the tied best moves."""
    edge = _edge_move(board, cat)
    if edge is not None:
        return edge
    dist = _border_dist(board)
    moves = [q for q in _moves(board, cat) if q in dist]
    if not moves:
        return _fallback(board, cat)
    best = min(dist[q] for q in moves)
    tied = [q for q in moves if dist[q] == best]
    return tied[int(rng.integers(len(tied)))]


def _path_from(board, start):
    """One shortest path (list of cells, start excluded) from start to a free border cell."""
    rows, cols = board.shape
    parent = {start: None}
    q = deque([start])
    while q:
        p = q.popleft()
        if is_border(*p, rows, cols):
            out = []
            while p != start:
                out.append(p)
                p = parent[p]
            return out[::-1]
        for nb in nbrs(*p, rows, cols):
            if not board[nb] and nb not in parent:
                parent[nb] = p
                q.append(nb)
    return None


def zhangyoufu_hard(board, cat, rng=None):
    """zhangyoufu/circle-the-cat's "hard" cat: for each move, try blocking each cell of its
    shortest path (the move's own cell included) and rank moves by the mean distance after the
    block (a cut path counts as far); the smallest mean detour wins, fixed tie order."""
    edge = _edge_move(board, cat)
    if edge is not None:
        return edge
    best, best_q = None, None
    for q in _moves(board, cat):
        path = _path_from(board, q)
        if path is None:
            continue
        cells = [q] + path[:-1] if path else [q]
        total = 0
        for x in cells:
            b = board.copy()
            b[x] = 1
            p = _path_from(b, q) if x != q else None
            if x == q:  # blocking the step itself: the cat goes another way, from cat
                b2 = board.copy()
                b2[q] = 1
                p = _path_from(b2, cat)
                total += (len(p) if p is not None else 100) - 1
            else:
                total += len(p) if p is not None else 100
        score = (total / len(cells), len(path))
        if best is None or score < best:
            best, best_q = score, q
    return best_q if best_q is not None else _fallback(board, cat)


def _evaluate(board, cat):
    """The course's evaluation, the cat's view: near the edge and with free neighbours is good."""
    dist = _border_dist(board)
    if cat not in dist:
        return -_FAR
    free = len(_moves(board, cat))
    return -10 * dist[cat] + free


def _player_blocks(board, cat):
    """The blocks the player is searched with: the cat's free neighbours and the cells of its
    shortest path (our bound on the course's branching; blocking elsewhere barely matters)."""
    cells = list(_moves(board, cat))
    path = _path_from(board, cat) or []
    for p in path[:3]:
        if p not in cells:
            cells.append(p)
    return cells


def _ab(board, cat, depth, alpha, beta, cat_to_move):
    rows, cols = board.shape
    if is_border(*cat, rows, cols):
        return _FAR
    if depth == 0:
        return _evaluate(board, cat)
    if cat_to_move:
        moves = _moves(board, cat)
        if not moves or _path_from(board, cat) is None:
            return -_FAR
        v = -_FAR - 1
        for q in moves:
            v = max(v, _ab(board, q, depth - 1, alpha, beta, False))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = _FAR + 1
    for x in _player_blocks(board, cat):
        board[x] = 1
        v = min(v, _ab(board, cat, depth - 1, alpha, beta, True))
        board[x] = 0
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def course_alphabeta(board, cat, rng=None, depth=4):
    """The game-AI course's cat: depth-limited alpha-beta (``depth`` plies, cat and player
    alternating, 4 by default) over an evaluation from the cat's distance to the edge and its
    free neighbours; the first best move in neighbour order."""
    edge = _edge_move(board, cat)
    if edge is not None:
        return edge
    b = np.array(board, dtype=np.uint8)
    best, best_q = None, None
    alpha = -_FAR - 1
    for q in _moves(b, cat):
        v = _ab(b, q, depth - 1, alpha, _FAR + 1, False)
        if best is None or v > best:
            best, best_q = v, q
            alpha = max(alpha, v)
    return best_q if best_q is not None else _fallback(b, cat)


#: name -> callable policy
PUBLISHED = {
    "course_alphabeta": course_alphabeta,
    "zhangyoufu_hard": zhangyoufu_hard,
    "ganlvtech": ganlvtech,
    "racket": racket,
}
