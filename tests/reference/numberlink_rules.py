"""Pure-Python twins of Numberlink's rules for every rule set (fill, touch): a brute-force solver
over sets of paths and a plain checker. Exponential: boards of about 20 squares."""

from __future__ import annotations

import numpy as np

__all__ = ["brute_solutions", "is_solution", "random_grid", "random_pairs"]

_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _nbrs(cell, rows, cols):
    r, c = cell
    for dr, dc in _STEPS:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def _touches(path) -> bool:
    """True when two squares of ``path`` are neighbours without being consecutive on it."""
    index = {cell: i for i, cell in enumerate(path)}
    for i, (r, c) in enumerate(path):
        for dr, dc in _STEPS:
            j = index.get((r + dr, c + dc))
            if j is not None and abs(i - j) > 1:
                return True
    return False


def brute_solutions(
    grid, *, fill: bool = True, touch: bool = True, limit: int | None = None
) -> list[np.ndarray]:
    """Every solution under the rules (one grid per set of paths, so two sets of paths that
    colour the squares alike give two equal grids), by trying every simple path of each number
    in turn. Unused squares are 0, solids -1."""
    grid = np.asarray(grid, dtype=np.int16)
    rows, cols = grid.shape
    numbers = sorted({int(v) for v in grid.ravel() if v > 0})
    ends = {k: [tuple(map(int, rc)) for rc in np.argwhere(grid == k)] for k in numbers}
    used = {(r, c) for r in range(rows) for c in range(cols) if grid[r, c] != 0}
    free_total = int((grid == 0).sum())
    out: list[np.ndarray] = []
    chosen: list[list[tuple[int, int]]] = []

    def place(i: int, covered: int) -> bool:
        if limit is not None and len(out) >= limit:
            return True
        if i == len(numbers):
            if fill and covered != free_total:
                return False
            sol = np.where(grid == -1, -1, 0).astype(np.int16)
            for k, path in zip(numbers, chosen):
                for cell in path:
                    sol[cell] = k
            out.append(sol)
            return False
        k = numbers[i]
        a, b = ends[k]
        path = [a]

        def walk(cell) -> bool:
            for q in _nbrs(cell, rows, cols):
                if q == b:
                    full = path + [b]
                    if touch or not _touches(full):
                        chosen.append(full)
                        stop = place(i + 1, covered + len(full) - 2)
                        chosen.pop()
                        if stop:
                            return True
                elif q not in used:
                    used.add(q)
                    path.append(q)
                    stop = walk(q)
                    path.pop()
                    used.discard(q)
                    if stop:
                        return True
            return False

        return walk(a)

    place(0, 0)
    return out


def _threads(cells: set, a, b) -> bool:
    """Is there a path from a to b through every square of ``cells`` exactly once?

    A depth-first search for a Hamiltonian path, pruned where no completion can exist: every
    square left (but ``b``) needs two neighbours among the squares left and the path's head, and
    the squares left must hang together with the head (without these, a number whose squares
    form wide blocks, as paths that touch themselves do, took minutes)."""
    n = len(cells)
    seen = {a}

    def near(q):
        r, c = q
        return [(r + dr, c + dc) for dr, dc in _STEPS if (r + dr, c + dc) in cells]

    def hopeless(head) -> bool:
        left = cells - seen
        for x in left:
            free = sum(1 for y in near(x) if y in left or y == head)
            if free < (1 if x == b else 2):
                return True
        reached, todo = {head}, [head]
        while todo:
            for y in near(todo.pop()):
                if y in left and y not in reached:
                    reached.add(y)
                    todo.append(y)
        return len(reached) != len(left) + 1

    def dfs(cell, m) -> bool:
        if cell == b:
            return m == n
        if hopeless(cell):
            return False
        for q in near(cell):
            if q not in seen:
                seen.add(q)
                if dfs(q, m + 1):
                    return True
                seen.discard(q)
        return False

    return dfs(a, 1)


def is_solution(grid, sol, *, fill: bool = True, touch: bool = True) -> bool:
    """True when ``sol`` (a number per square, 0 unused, -1 solid) solves ``grid`` under the rules
    (independent of ``trapcore.numberlink.check``)."""
    grid = np.asarray(grid)
    sol = np.asarray(sol)
    if sol.shape != grid.shape:
        return False
    rows, cols = grid.shape
    cells: dict[int, set] = {}
    ends: dict[int, list] = {}
    for r in range(rows):
        for c in range(cols):
            g, s = int(grid[r, c]), int(sol[r, c])
            if (g == -1) != (s == -1) or (g > 0 and s != g) or (fill and s == 0) or s < -1:
                return False
            if s > 0:
                cells.setdefault(s, set()).add((r, c))
            if g > 0:
                ends.setdefault(g, []).append((r, c))
    if set(cells) != set(ends):
        return False
    for k, member in cells.items():
        a, b = ends[k]
        if not _threads(member, a, b):
            return False
        if not touch:
            pairs = sum((r + dr, c + dc) in member for r, c in member for dr, dc in _STEPS) // 2
            if pairs != len(member) - 1:
                return False
    return True


def random_grid(rng, rows, cols, pairs, solids):
    """A small test board: ``pairs`` numbers and ``solids`` solid squares on random squares of a
    rows x cols grid (``rng`` a numpy Generator); often without a solution."""
    g = np.zeros((rows, cols), np.int16)
    cells = rng.permutation(rows * cols)
    i = 0
    for k in range(1, min(pairs, rows * cols // 2) + 1):
        g.flat[cells[i]] = k
        g.flat[cells[i + 1]] = k
        i += 2
    for _ in range(solids):
        if i < rows * cols:
            g.flat[cells[i]] = -1
            i += 1
    return g


def random_pairs(seed: int, rows: int, cols: int, pairs: int) -> np.ndarray:
    """A rows x cols grid with ``pairs`` numbers on random squares (numpy's ``default_rng(seed)``
    choosing 2 * pairs squares; pair i on the (2i)th and (2i+1)th), the rest empty: the 9x8 tori
    of the boards' SAT turn (its test and its benchmark) are made from these. Not
    ``random_grid``, which draws its squares by a permutation: other boards for the same seed,
    and the seeds of those tori (70 and 73, hard for the board search) were picked with this
    draw."""
    rng = np.random.default_rng(seed)
    g = np.zeros((rows, cols), np.int16)
    cells = rng.choice(rows * cols, 2 * pairs, replace=False)
    for i in range(pairs):
        g.flat[cells[2 * i]] = g.flat[cells[2 * i + 1]] = i + 1
    return g
