"""Slow, readable pure-Python twins of every kernel: the test oracle and the benchmark baseline.

The hex-grid and cat twins live here; the other engines' twins live in ``reference_<area>.py``
beside this file and are re-exported at the bottom, so ``import reference`` reaches them all.
"""
from __future__ import annotations

from collections import deque

import numpy as np

# ----------------------------------------------------------------------------------------------
# Random numbers: the same draws as src/_random.pxd, from the same numpy bit generator.


class Uint32Stream:
    """The draws of src/_random.pxd in Python. ``next_uint32`` is numpy's PCG64 one (each raw
    64-bit output gives two 32-bit draws, low half first); ``uniform01`` takes a whole raw output
    and leaves a buffered half alone, as numpy does. Valid from a freshly seeded generator (no
    buffered half yet). ``seed``: an int, a SeedSequence or a Generator."""

    def __init__(self, seed):
        gen = seed if isinstance(seed, np.random.Generator) else np.random.Generator(np.random.PCG64(seed))
        self.bitgen = gen.bit_generator
        self._high = None

    def next_uint32(self) -> int:
        if self._high is not None:
            out, self._high = self._high, None
            return out
        raw = int(self.bitgen.random_raw())
        self._high = raw >> 32
        return raw & 0xFFFFFFFF

    def bounded(self, s: int) -> int:
        """Lemire's unbiased integer in [0, s)."""
        m = self.next_uint32() * s
        low = m & 0xFFFFFFFF
        if low < s:
            threshold = (2**32 - s) % s
            while low < threshold:
                m = self.next_uint32() * s
                low = m & 0xFFFFFFFF
        return m >> 32

    def uniform01(self) -> float:
        return (int(self.bitgen.random_raw()) >> 11) * (1.0 / 9007199254740992.0)

    def shuffle(self, items: list) -> list:
        """Fisher-Yates from the back, as ``shuffle_int32``."""
        for i in range(len(items) - 1, 0, -1):
            j = self.bounded(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, options: list):
        """One option; a single option draws nothing."""
        return options[self.bounded(len(options))] if len(options) > 1 else options[0]


# ----------------------------------------------------------------------------------------------
# Union-find


def components(n: int, pairs) -> list[int]:
    """Each element's component label: the smallest member of its set."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(i) for i in range(n)]


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
    """The first border cell a FIFO BFS discovers (neighbours in order), path via first discoverers."""
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
    edge = [(r, c) for r in range(rows) for c in range(cols)
            if is_border(r, c, rows, cols) and not board[r][c]]
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


# ----------------------------------------------------------------------------------------------
# Cat policies


def free_neighbors(board, cell):
    rows, cols = len(board), len(board[0])
    return [nb for nb in neighbors(*cell, rows, cols) if not board[nb[0]][nb[1]]]


def step_rays(board, cat, stream: Uint32Stream):
    """Six rays: the open ray (free to the edge) with the fewest cells, ties in order; else a
    random free neighbour; None if the cat cannot move."""
    rows, cols = len(board), len(board[0])
    best, best_len = None, None
    for k in range(6):
        cell, length, first = cat, 0, None
        while True:
            table = ODD if cell[0] % 2 else EVEN
            nr, nc = cell[0] + table[k][0], cell[1] + table[k][1]
            if not (0 <= nr < rows and 0 <= nc < cols):
                open_ray = True
                break
            if board[nr][nc]:
                open_ray = False
                break
            cell = (nr, nc)
            first = first or cell
            length += 1
        if open_ray and first is not None and (best_len is None or length < best_len):
            best, best_len = first, length
    if best is not None:
        return best
    free = free_neighbors(board, cat)
    if not free:
        return None
    return free[stream.bounded(len(free))]


def step_pocket(board, cat):
    """An enclosed cat: the free neighbour with the most free neighbours, ties in order."""
    best, best_m = None, -1
    for nb in free_neighbors(board, cat):
        m = len(free_neighbors(board, nb))
        if m > best_m:
            best, best_m = nb, m
    return best


def cat_reply(board, cat, policy="bfs", rules="enclosed", stream=None):
    """The cat's reply from a free, non-border cell: its new cell, or None if the player won."""
    path = escape_path(board, cat)
    if path is None:
        return None if rules == "enclosed" else step_pocket(board, cat)
    if policy == "rays":
        return step_rays(board, cat, stream)
    return path[1]


def play_game(board, cat, blocks, policy="bfs", rules="enclosed", stream=None):
    """Play a list of blocks through the twins; returns (status, cat, board)."""
    board = [list(row) for row in board]
    rows, cols = len(board), len(board[0])
    status = "playing"
    for r, c in blocks:
        if status != "playing":
            break
        board[r][c] = 1
        if is_border(*cat, rows, cols):
            status = "lost"
            break
        nxt = cat_reply(board, cat, policy, rules, stream)
        if nxt is None:
            status = "won"
        else:
            cat = nxt
    return status, cat, board


# ----------------------------------------------------------------------------------------------
# The other engines' twins, re-exported so `import reference` reaches every kernel's twin.
import importlib as _importlib  # noqa: E402

for _area in ("maze", "numberlink", "catsolve"):
    try:
        _mod = _importlib.import_module(f"reference_{_area}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"reference_{_area}":
            raise
        continue
    for _name, _value in vars(_mod).items():
        if _name.startswith("_") or _name in ("annotations", "np", "deque", "lru_cache"):
            continue
        if _name in globals() and globals()[_name] is not _value:
            raise ImportError(f"reference_{_area}.{_name} would shadow reference.{_name}: rename it")
        globals()[_name] = _value
