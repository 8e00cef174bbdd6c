"""Published Trap the Cat cats, reimplemented in plain Python as callables
``(board, cat, rng) -> cell`` for ``policy=``; for tests and bench/ measurements (slow). Our own
code: ``zhangyoufu_hard``, ``course_alphabeta`` and ``course_earlier`` follow the rules read in
the originals' source (checked move for move against them), the others the rules described in
/work/shared/ANCHORS.md and issue 12. Boards are even-r: the originals' odd-r boards mirrored
left-right, which turns each original's direction order (its tie-break) into the mirrored order
its docstring gives."""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from reference.cat_solver import nbrs
from reference.hexgrid import is_border

__all__ = [
    "ganlvtech",
    "racket",
    "zhangyoufu_hard",
    "course_alphabeta",
    "course_earlier",
    "PUBLISHED",
]

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


# zhangyoufu's direction order, RIGHT_UP, RIGHT, RIGHT_DOWN, LEFT_DOWN, LEFT, LEFT_UP on its odd-r
# board, mirrored left-right onto even-r: NW, W, SW, SE, E, NE. (row, col) offsets per row parity.
_ZY_EVEN = ((-1, 0), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 1))
_ZY_ODD = ((-1, -1), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 0))


def _zy_nbrs(r, c, rows, cols):
    """On-board neighbours of (r, c) in zhangyoufu's direction order (mirrored to even-r)."""
    for dr, dc in _ZY_ODD if r & 1 else _ZY_EVEN:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield nr, nc


def _zy_path(board, start):
    """zhangyoufu's escape search from ``start``: breadth first over free cells in its direction
    order, stopping at the first border cell it discovers. Returns the cells after ``start`` up
    to and including that border cell ([] when ``start`` is on the border), or None."""
    rows, cols = board.shape
    if is_border(*start, rows, cols):
        return []
    parent = {start: None}
    q = deque([start])
    while q:
        p = q.popleft()
        for nb in _zy_nbrs(*p, rows, cols):
            if board[nb] or nb in parent:
                continue
            parent[nb] = p
            if is_border(*nb, rows, cols):  # tested when discovered, as the original does
                out = []
                while nb != start:
                    out.append(nb)
                    nb = parent[nb]
                return out[::-1]
            q.append(nb)
    return None


def zhangyoufu_rank(board, q):
    """The hard cat's rank of a move to ``q`` (lower is better), or None when ``q`` has no way
    out. ``dis`` is the length of its escape path from ``q`` (:func:`_zy_path`); each cell of that
    path (the border cell included, ``q`` excluded) is blocked in turn and the escape distance from
    ``q`` measured again. A move whose path has a cell that cuts ``q`` off ranks ``1000 + dis``;
    otherwise ``4 * mean(distance after a block) + dis / 2``; a border cell ranks 0."""
    path = _zy_path(board, q)
    if path is None:
        return None
    dis = len(path)
    if dis == 0:
        return 0.0
    b = np.array(board, dtype=np.uint8)
    total, cut = 0, 0
    for x in path:
        b[x] = 1
        after = _zy_path(b, q)
        b[x] = 0
        if after is None:
            cut += 1
        else:
            total += len(after)
    if cut:
        return float(1000 + dis)
    return total / dis * 4 + dis * 0.5  # the original's double arithmetic, in its order


def zhangyoufu_hard(board, cat, rng=None):
    """zhangyoufu/circle-the-cat's "hard" cat (``decision_hard`` in ``source/computer.c``, the
    cat its game plays from 8 starting blocks up), on even-r boards: the mirror image of the
    original's odd-r board, so its direction order E-first becomes NW, W, SW, SE, E, NE here.

    Every free neighbour ``q`` with a way out is ranked by :func:`zhangyoufu_rank`: its escape
    path's length ``dis`` and the mean escape distance from ``q`` after blocking each cell of that
    path in turn; a path with a cut cell ranks ``1000 + dis``. The lowest rank wins, the first in
    direction order on ties (so a free border cell, rank 0, is taken at once). When no neighbour
    has a way out the original gives up; here (asked only under ``rules="surrounded"``) the cat
    steps to its first free neighbour."""
    rows, cols = board.shape
    best, best_q = None, None
    for q in _zy_nbrs(*cat, rows, cols):
        if board[q]:
            continue
        rank = zhangyoufu_rank(board, q)
        if rank is not None and (best is None or rank < best):
            best, best_q = rank, q
    if best_q is not None:
        return best_q
    return next((q for q in _zy_nbrs(*cat, rows, cols) if not board[q]), None)


# The course's direction order, E, W, NE, NW, SE, SW on its odd-r board, mirrored left-right onto
# even-r: W, E, NW, NE, SW, SE. (row, col) offsets per row parity; a direction keeps its index.
_COURSE_EVEN = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
_COURSE_ODD = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))


def _course_step(r, c, d, rows, cols):
    """The cell one step from (r, c) in course direction ``d``, or None off the board."""
    dr, dc = (_COURSE_ODD if r & 1 else _COURSE_EVEN)[d]
    nr, nc = r + dr, c + dc
    return (nr, nc) if 0 <= nr < rows and 0 <= nc < cols else None


def _course_rays(board, cat):
    """The rays the course's proximity score reads from ``cat``: for each direction whose first
    cell is free, in direction order, (its free cells, its distance). The distance counts the
    steps to leaving the board, or 5 times the steps to the first blocked cell."""
    rows, cols = board.shape
    rays = []
    for d in range(6):
        cells = []
        p = _course_step(*cat, d, rows, cols)
        while p is not None and not board[p]:
            cells.append(p)
            p = _course_step(*p, d, rows, cols)
        if cells:
            steps = len(cells) + 1
            rays.append((cells, steps if p is None else 5 * steps))
    return rays


def course_proximity(board, cat):
    """The earlier course's ``score_proximity`` on the cat's turn: ``2 * size - d``, with ``d``
    the shortest ray distance from :func:`_course_rays` (100 when no ray is open)."""
    size = board.shape[0]
    return 2 * size - min([100] + [dist for _, dist in _course_rays(board, cat)])


def _course_reply_value(board, cat, n2):
    """Depth 3, the cat just moved to ``cat``: the player's best single block, then the depth-4
    leaf ``(size**2 - 4) * utility`` (utility -100 for a cat without moves, else the proximity
    score). A block changes the score only on one ray's free cells: blocking a ray's first cell
    closes that direction, its k-th cell makes the ray's distance 5 k; any other cell leaves the
    score as it is (when such a free cell exists)."""
    size = board.shape[0]
    rays = _course_rays(board, cat)
    dists = [dist for _, dist in rays]
    free = int((board == 0).sum()) - 1  # free cells the player may block (not the cat's)
    worst = None
    if free > sum(len(cells) for cells, _ in rays):  # a block off every ray
        worst = 2 * size - min([100] + dists) if rays else -100
    for i, (cells, _) in enumerate(rays):
        others = dists[:i] + dists[i + 1 :]
        for k in range(1, len(cells) + 1):
            now = others if k == 1 else others + [5 * k]
            u = 2 * size - min([100] + now) if now else -100
            worst = u if worst is None else min(worst, u)
    if worst is None:  # no free cell to block (a full board): the leaf as it stands
        worst = 2 * size - min([100] + dists) if rays else -100
    return (n2 - 4) * worst


def _course_after_block(board, cat, n2, beta):
    """Depth 2, the player has blocked: the cat's best reply (cut off at ``beta``)."""
    rows, cols = board.shape
    moves = [p for d in range(6) if (p := _course_step(*cat, d, rows, cols)) and not board[p]]
    if not moves:
        return (n2 - 2) * -100
    best = None
    for q in moves:
        v = (n2 - 3) * 100 if is_border(*q, rows, cols) else _course_reply_value(board, q, n2)
        best = v if best is None else max(best, v)
        if best >= beta:
            break
    return best


def _course_after_move(board, cat, n2, alpha):
    """Depth 1, the cat just moved to ``cat``: the player's best block (cut off at ``alpha``).
    The original tries every free cell; a block changes what follows only on the cat's
    neighbours or on a ray from one of them, so those cells are tried one by one and one other
    free cell stands for all the rest (their values are equal)."""
    rows, cols = board.shape
    if is_border(*cat, rows, cols):
        return (n2 - 1) * 100
    near = []
    for d in range(6):
        q = _course_step(*cat, d, rows, cols)
        if q is None or board[q]:
            continue
        near.append(q)
        for cells, _ in _course_rays(board, q):
            near.extend(p for p in cells if p != cat)
    tried = list(dict.fromkeys(near))  # the cat's neighbours first: early cut-offs
    seen = set(tried)
    other = next(
        (
            (r, c)
            for r in range(rows)
            for c in range(cols)
            if not board[r, c] and (r, c) != cat and (r, c) not in seen
        ),
        None,
    )
    if other is not None:
        tried.append(other)
    best = None
    for x in tried:
        board[x] = 1
        v = _course_after_block(board, cat, n2, best if best is not None else _FAR * _FAR)
        board[x] = 0
        best = v if best is None else min(best, v)
        if best <= alpha:
            break
    return best


def course_earlier(board, cat, rng=None):
    """The cat of the game-AI course's earlier edition (Eduardo Corpeño, LinkedIn Learning "AI
    Algorithms for Gaming", ``CatGame.py``) with its GUI's depth limit 4 and alpha-beta: a
    minimax over cat moves and player blocks, cat to move at depth 0 and every free cell a
    player move. Values: the cat on the border after its move at depth d, ``(size**2 - d) *
    100``; no cat move at depth d, ``(size**2 - d) * -100``; depth 4, ``(size**2 - 4)`` times the
    proximity score :func:`course_proximity` (``2 * size`` minus the shortest straight ray to the
    edge, a ray ending on a block counting 5 times its length). The first best move in the
    course's direction order wins; mirrored from its odd-r board to even-r, that order is W, E,
    NW, NE, SW, SE. The original's deadline (5 s in its GUI; a cat that runs out of time loses)
    is not modelled: this is the move its search returns when it finishes. Square boards, as
    the original's."""
    rows, cols = board.shape
    b = np.array(board, dtype=np.uint8)
    n2 = rows * rows
    best, best_q = None, None
    for d in range(6):
        q = _course_step(*cat, d, rows, cols)
        if q is None or b[q]:
            continue
        v = _course_after_move(b, q, n2, best if best is not None else -_FAR * _FAR)
        if best is None or v > best:
            best, best_q = v, q
    return best_q


# The final course cat (``src/cat_trap_algorithms.py``): depth 4, ``2 * size**2`` turns at most.
_CF_DEPTH = 4


def _cf_win(n, depth):
    """The final course's utility of an escape at ``depth`` (the cat on the border)."""
    return (2 * n * n - depth) * 500


def _cf_loss(n, depth):
    """The final course's utility of a cat without a move at ``depth``."""
    return (2 * n * n - depth) * -500


def _cf_score(n, cat, moves, nearest):
    """The final course's ``eval_custom`` on the cat's turn, in its arithmetic and its order:
    ``0.2 * moves / 6 + (n - nearest) / n - 0.5 * penalty``, ``nearest`` the shortest straight
    ray (:func:`_cf_rays`), ``penalty = (0.75 n - e) / (0.75 n)`` with ``e`` the Euclidean
    distance from the centre ``(n // 2, n // 2)`` of the original's odd-r board (our column
    ``c`` is its ``n - 1 - c``)."""
    r, c = cat
    e = ((r - n // 2) ** 2 + ((n - 1 - c) - n // 2) ** 2) ** 0.5
    most = n * 0.75
    penalty = (most - e) / most
    return 0.2 * (moves / 6.0) + (n - nearest) / n - 0.5 * penalty


def _cf_rays(board, cat):
    """The six straight rays from ``cat`` in the course's (mirrored) direction order: per ray
    its free cells and its distance as ``eval_straight_exit`` counts it: the cat's cell and each
    free cell one step, leaving the board ends the ray, a blocked cell ends it and adds ``n``."""
    n = board.shape[0]
    rays = []
    for d in range(6):
        cells = []
        p = _course_step(*cat, d, n, n)
        while p is not None and not board[p]:
            cells.append(p)
            p = _course_step(*p, d, n, n)
        rays.append((cells, len(cells) + 1 + (n if p is not None else 0)))
    return rays


def _cf_last_block(board, cat, free):
    """Depth 3, the cat just moved to ``cat`` (not on the border), ``free`` cells other than the
    cat's are free: the player's best block, then the depth-4 leaf. A block changes the leaf
    only on a ray's free cells: the ray's ``k``-th free cell makes its distance ``k + n`` (the
    first also takes a move away; the last move taken is a loss). For ``k >= 2`` the leaf falls
    as ``k`` grows, so the first and the last cell of each ray stand for the rest; any block off
    the rays (when such a free cell exists) leaves the leaf as it is."""
    n = board.shape[0]
    rays = _cf_rays(board, cat)
    dists = [dist for _, dist in rays]
    moves = sum(1 for cells, _ in rays if cells)
    worst = None
    if free > sum(len(cells) for cells, _ in rays):
        worst = _cf_score(n, cat, moves, min(dists))
    for i, (cells, _) in enumerate(rays):
        if not cells:
            continue
        others = dists[:i] + dists[i + 1 :]
        if moves == 1:
            v = _cf_loss(n, _CF_DEPTH)
        else:
            v = _cf_score(n, cat, moves - 1, min(others + [1 + n]))
        worst = v if worst is None else min(worst, v)
        if len(cells) > 1:
            worst = min(worst, _cf_score(n, cat, moves, min(others + [len(cells) + n])))
    return worst


def _cf_cat_reply(board, cat, zeros, beta):
    """Depth 2, the player has blocked (``zeros`` free cells, the cat's included): the cat's
    best move, cut off at ``beta``."""
    n = board.shape[0]
    best = None
    for d in range(6):
        q = _course_step(*cat, d, n, n)
        if q is None or board[q]:
            continue
        if is_border(*q, n, n):
            v = _cf_win(n, 3)
        else:
            v = _cf_last_block(board, q, zeros - 1)
        best = v if best is None else max(best, v)
        if best >= beta:
            break
    return _cf_loss(n, 2) if best is None else best


def _cf_first_block(board, cat, zeros, alpha):
    """Depth 1, the cat just moved to ``cat`` (``zeros`` free cells, the cat's included): the
    player's best block, cut off at ``alpha``. The original tries every free cell. What follows
    a block depends on the board only through the cat's free neighbours ``q``, the free cells
    of the rays from each ``q`` (``cat``'s own cell free then), and the number of free cells:
    so those cells are tried one by one and one other free cell stands for all the rest (each
    of them leaves the same rays and the same count)."""
    n = board.shape[0]
    if is_border(*cat, n, n):
        return _cf_win(n, 1)
    tried = []
    for d in range(6):
        q = _course_step(*cat, d, n, n)
        if q is not None and not board[q]:
            tried.append(q)
    for q in list(tried):
        for cells, _ in _cf_rays(board, q):
            tried.extend(p for p in cells if p != cat)
    tried = list(dict.fromkeys(tried))  # the cat's neighbours first: early cut-offs
    seen = set(tried)
    seen.add(cat)
    other = next(
        ((r, c) for r in range(n) for c in range(n) if not board[r, c] and (r, c) not in seen),
        None,
    )
    if other is not None:
        tried.append(other)
    best = None
    for x in tried:
        board[x] = 1
        v = _cf_cat_reply(board, cat, zeros - 1, best if best is not None else math.inf)
        board[x] = 0
        best = v if best is None else min(best, v)
        if best <= alpha:
            break
    return math.inf if best is None else best


def course_alphabeta(board, cat, rng=None):
    """The final cat of the game-AI course (Eduardo Corpeño, LinkedIn Learning "AI Algorithms
    for Game Design with Python", ``src/cat_trap_algorithms.py``) with alpha-beta and its GUI's
    depth limit 4 (the "Limited Depth" option; the GUI's default is iterative deepening against
    a 5 s deadline, not modelled): cat, block, cat, block, then the leaf, cat to move at depth 0,
    every free cell a player move.

    Values: the cat on the border after its move at depth d, ``(2 size**2 - d) * 500``; no cat
    move at depth d, ``(2 size**2 - d) * -500``; else at depth 4 its ``eval_custom``
    (:func:`_cf_score`): ``0.2 * moves / 6 + (size - nearest) / size - 0.5 * penalty``, with
    ``nearest`` the shortest straight ray from the cat to the edge, its cells counted from the
    cat's, a ray ending on a block costing ``size`` more, and ``penalty`` falling from 1 at the
    centre to 0 at ``0.75 size`` from it (Euclidean, in row and column indices). The first best
    move in the course's direction order wins; mirrored from its odd-r board to even-r, that
    order is W, E, NW, NE, SW, SE. The search here is exact but smaller: the cells whose block
    cannot change a value are tried once, through one stand-in (:func:`_cf_first_block`,
    :func:`_cf_last_block`). The original's deadline (a cat that runs out of time loses) is
    not modelled. Square boards, as the original's."""
    n = board.shape[0]
    b = np.array(board, dtype=np.uint8)
    zeros = int((b == 0).sum())
    best, best_q = None, None
    for d in range(6):
        q = _course_step(*cat, d, n, n)
        if q is None or b[q]:
            continue
        v = _cf_first_block(b, q, zeros, best if best is not None else -math.inf)
        if best is None or v > best:
            best, best_q = v, q
    return best_q


#: name -> callable policy
PUBLISHED = {
    "course_alphabeta": course_alphabeta,
    "course_earlier": course_earlier,
    "zhangyoufu_hard": zhangyoufu_hard,
    "ganlvtech": ganlvtech,
    "racket": racket,
}
