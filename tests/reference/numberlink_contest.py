"""An independent twin of the DA Symposium Algorithm Design Contest's answer checker, written from
the rules its own checker applies (``nlcheck.py`` of 2017, dasadc/conmgr; read, not copied) and
sharing nothing with trapcore: the problem and the answer are read from their texts here.

A problem is ``SIZE WxH``, ``LINE_NUM N`` and ``LINE#k (x1,y1)-(x2,y2)`` per line (``x`` the
column, ``y`` the row, from 0); an answer is ``SIZE WxH`` then H rows of W comma-separated
numbers, 0 where no line runs. The contest accepts an answer when

1. each line's two ends hold its number,
2. every number is 0 or a line's,
3. each end has exactly one neighbour of its number,
4. no square has three or more neighbours of its number (no branch), and
5. every numbered square is reached from its line's first end through squares of that number.

Together: each line's squares form one chain from end to end, and no two squares of it that are
not consecutive are neighbours (touching, which the no-touch rule forbids, would read as a
branch or a loop); squares may stay empty. Its quality figure is ``1 / (squares used + corners)``.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["read_problem", "read_answer", "accepts", "quality"]

_LINE = re.compile(
    r"LINE#(\d+)\s*\((\d+),(\d+)(?:,1)?\)\s*[- ]\s*\((\d+),(\d+)(?:,1)?\)", re.IGNORECASE
)
_STEPS = ((0, 1), (-1, 0), (0, -1), (1, 0))


def read_problem(text: str) -> tuple[tuple[int, int], dict[int, tuple[tuple[int, int], ...]]]:
    """``((rows, cols), {line: ((row, col), (row, col))})`` of a problem text of one layer (the
    format of 2015, or of 2016 on with ``SIZE WxHx1`` and squares ``(x,y,1)``)."""
    size = re.search(r"SIZE\s+(\d+)X(\d+)(?:X1)?\s*$", text, re.IGNORECASE | re.MULTILINE)
    count = re.search(r"LINE_NUM\s+(\d+)", text, re.IGNORECASE)
    assert size and count, "not a contest problem"
    ends = {}
    for m in _LINE.finditer(text):
        k, x1, y1, x2, y2 = (int(v) for v in m.groups())
        ends[k] = ((y1, x1), (y2, x2))
    assert len(ends) == int(count.group(1)) and set(ends) == set(range(1, len(ends) + 1))
    return (int(size.group(2)), int(size.group(1))), ends


def read_answer(text: str) -> np.ndarray:
    """The answer text's rows of numbers, as a (rows, cols) array."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    m = re.match(r"SIZE\s+(\d+)X(\d+)$", lines[0], re.IGNORECASE)
    assert m, "not a contest answer of one layer"
    grid = np.array([[int(v) for v in ln.split(",")] for ln in lines[1:]], dtype=np.int64)
    assert grid.shape == (int(m.group(2)), int(m.group(1)))
    return grid


def _same(grid: np.ndarray, r: int, c: int) -> int:
    rows, cols = grid.shape
    k = grid[r, c]
    return sum(
        1
        for dr, dc in _STEPS
        if 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr, c + dc] == k
    )


def accepts(problem: str, answer: str) -> bool:
    """Whether the contest's checker accepts ``answer`` for ``problem`` (rules 1-5 above)."""
    shape, ends = read_problem(problem)
    grid = read_answer(answer)
    if grid.shape != shape or not grid.any():
        return False
    if any(grid[a] != k or grid[b] != k for k, (a, b) in ends.items()):  # 1
        return False
    if grid.min() < 0 or grid.max() > len(ends):  # 2
        return False
    if any(_same(grid, *sq) != 1 for a, b in ends.values() for sq in (a, b)):  # 3
        return False
    rows, cols = shape
    if any(grid[r, c] and _same(grid, r, c) >= 3 for r in range(rows) for c in range(cols)):  # 4
        return False
    reached = np.zeros(shape, bool)  # 5
    for k, (a, _) in ends.items():
        todo = [a]
        reached[a] = True
        while todo:
            r, c = todo.pop()
            for dr, dc in _STEPS:
                q = (r + dr, c + dc)
                if 0 <= q[0] < rows and 0 <= q[1] < cols and grid[q] == k and not reached[q]:
                    reached[q] = True
                    todo.append(q)
    return bool(((grid > 0) <= reached).all())


def quality(answer: str) -> float:
    """The contest's quality figure of an accepted answer: 1 / (squares used + corners), a
    corner being a used square with a neighbour of its number across and another up or down."""
    grid = read_answer(answer)
    rows, cols = grid.shape
    used = int((grid > 0).sum())
    corners = 0
    for r in range(rows):
        for c in range(cols):
            k = grid[r, c]
            if not k:
                continue
            across = any(0 <= c + d < cols and grid[r, c + d] == k for d in (-1, 1))
            upright = any(0 <= r + d < rows and grid[r + d, c] == k for d in (-1, 1))
            corners += across and upright
    return 1.0 / (used + corners)
