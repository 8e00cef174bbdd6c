"""Twin of src/maze/rows.pyx (solve_rows, path_steps): each maze's BFS solution and its
measures, one maze at a time, in plain Python; a path's bytes as format 5 stores it."""

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


STEP_CODES = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}


def path_steps(paths: list[list[tuple[int, int]]]) -> list[bytes] | None:
    """Each path as its first cell (two little-endian int32) and a byte a step (0 Up, 1 Right,
    2 Down, 3 Left); None when a step is not one of those."""
    out = []
    for path in paths:
        b = bytearray()
        if path:
            b += int(path[0][0]).to_bytes(4, "little", signed=True)
            b += int(path[0][1]).to_bytes(4, "little", signed=True)
        for (r0, c0), (r1, c1) in zip(path, path[1:]):
            code = STEP_CODES.get((r1 - r0, c1 - c0))
            if code is None:
                return None
            b.append(code)
        out.append(bytes(b))
    return out
