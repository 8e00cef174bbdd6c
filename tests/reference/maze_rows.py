"""Twin of src/maze/rows.pyx (solve_rows): each maze's BFS solution and its measures, one maze
at a time, in plain Python."""

from __future__ import annotations

from collections import deque

import numpy as np

OPEN = 1


def open_sides(doors: np.ndarray, r: int, c: int) -> list[tuple[int, int]]:
    """The neighbours of (r, c) through open doors, in the order Up, Right, Down, Left."""
    rows, cols = doors.shape
    out = []
    if r > 0 and doors[r - 1, c] & 3 == OPEN:
        out.append((r - 1, c))
    if c < cols - 1 and (doors[r, c] >> 2) & 3 == OPEN:
        out.append((r, c + 1))
    if r < rows - 1 and doors[r, c] & 3 == OPEN:
        out.append((r + 1, c))
    if c > 0 and (doors[r, c - 1] >> 2) & 3 == OPEN:
        out.append((r, c - 1))
    return out


def solve_row(doors: np.ndarray, entrance, exit_) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
    """(path, (path cells, dead ends, decision points, distance)) of one maze: the path is the
    BFS path (the first cell to reach another is its parent), [] when the exit is unreachable."""
    rows, cols = doors.shape
    s, g = tuple(int(v) for v in entrance), tuple(int(v) for v in exit_)
    parent = {s: None}
    queue = deque([s])
    while queue:
        cur = queue.popleft()
        if cur == g:
            break
        for nb in open_sides(doors, *cur):
            if nb not in parent:
                parent[nb] = cur
                queue.append(nb)
    path: list[tuple[int, int]] = []
    if g in parent:
        cur = g
        while cur is not None:
            path.append(cur)
            cur = parent[cur]
        path.reverse()
    degree = {(r, c): len(open_sides(doors, r, c)) for r in range(rows) for c in range(cols)}
    dead = sum(1 for d in degree.values() if d == 1)
    choice = sum(
        1 for i, cell in enumerate(path[:-1]) if degree[cell] > 2 or (i == 0 and degree[cell] > 1)
    )
    distance = abs(s[0] - g[0]) + abs(s[1] - g[1])
    return path, (len(path), dead, choice, distance)
