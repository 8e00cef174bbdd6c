"""Twins of the hex-grid kernels (src/cat/hexgrid.pyx): neighbours, BFS, escapes, random boards."""

from __future__ import annotations

from collections import deque

from reference.random import Uint32Stream

# ----------------------------------------------------------------------------------------------
# Hex grid (even-r offset; neighbours E, W, NE, NW, SE, SW)

EVEN = ((0, 1), (0, -1), (-1, 1), (-1, 0), (1, 1), (1, 0))
ODD = ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1))


def neighbors(r, c, rows, cols):
    table = ODD if r % 2 else EVEN
    out = []
    for dr, dc in table:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            out.append((nr, nc))
    return out


def is_border(r, c, rows, cols):
    return r in (0, rows - 1) or c in (0, cols - 1)


def bfs_from(board, sources):
    """BFS steps over free cells from every cell in sources (distance 0), -1 where not reached."""
    rows, cols = len(board), len(board[0])
    dist = [[-1] * cols for _ in range(rows)]
    for r, c in sources:
        dist[r][c] = 0
    queue = deque(sources)
    while queue:
        r, c = queue.popleft()
        for nr, nc in neighbors(r, c, rows, cols):
            if dist[nr][nc] < 0 and not board[nr][nc]:
                dist[nr][nc] = dist[r][c] + 1
                queue.append((nr, nc))
    return dist


def distances(board, start):
    return bfs_from(board, [tuple(start)])


def escape_path(board, start):
    """The first border cell a FIFO BFS discovers (neighbours in order), the path through the
    first discoverers."""
    rows, cols = len(board), len(board[0])
    if is_border(*start, rows, cols):
        return [start]
    parent = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nb in neighbors(*cell, rows, cols):
            if nb in parent or board[nb[0]][nb[1]]:
                continue
            parent[nb] = cell
            if is_border(*nb, rows, cols):
                path = [nb]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return path[::-1]
            queue.append(nb)
    return None


def distance_to_border(board):
    rows, cols = len(board), len(board[0])
    edge = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if is_border(r, c, rows, cols) and not board[r][c]
    ]
    return bfs_from(board, edge)


def random_board(rows, cols, blocked, stream: Uint32Stream, keep_free=()):
    """Partial Fisher-Yates over the candidate cells in row-major order, as the kernel does."""
    keep = set(keep_free)
    cand = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in keep]
    board = [[0] * cols for _ in range(rows)]
    for i in range(blocked):
        j = i + stream.bounded(len(cand) - i)
        cand[i], cand[j] = cand[j], cand[i]
        r, c = cand[i]
        board[r][c] = 1
    return board
