"""Pure-Python twins of the maze kernels (src/maze/carve.pyx): test oracle and bench baseline."""

# Each twin draws from the same numpy bit generator in the same order as its kernel, so for a fresh
# ``numpy.random.Generator(numpy.random.PCG64(seed))`` (or a fresh batch item generator, Philox)
# they return the same maze bit for bit.
# Doors: one int per cell, bits 0-1 Down, bits 2-3 Right; 0b00 closed, 0b01 open, 0b11 locked.
# Directions run clockwise: 0 Up, 1 Right, 2 Down, 3 Left. Cells are flat indices r*cols + c.
from __future__ import annotations

from collections import deque

import numpy as np

from reference.random import Uint32Stream

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
OPEN, LOCKED = 0b01, 0b11


# The random draws of src/common/random.pxd (the same stream every twin uses).
MazeStream = Uint32Stream


# ----------------------------------------------------------------------------------------------
# grid helpers


#: Maze shapes the tests run every kernel on: single cells, 1 x N and N x 1 strips, small and
#: lopsided rectangles.
SHAPES = [
    (1, 1),
    (1, 2),
    (1, 9),
    (1, 40),
    (2, 1),
    (9, 1),
    (40, 1),
    (2, 2),
    (2, 3),
    (3, 2),
    (7, 7),
    (13, 31),
    (31, 13),
]


def neighbour(i: int, cols: int, d: int) -> int:
    return (i - cols, i + 1, i + cols, i - 1)[d]


def inside(r: int, c: int, rows: int, cols: int, d: int) -> bool:
    return (r > 0, c < cols - 1, r < rows - 1, c > 0)[d]


def door_state(doors: list, i: int, cols: int, d: int) -> int:
    """The state of the door of cell i on side d (the top and left outer walls read locked)."""
    if d == DOWN:
        return doors[i] & 3
    if d == RIGHT:
        return (doors[i] >> 2) & 3
    if d == UP:
        return doors[i - cols] & 3 if i >= cols else LOCKED
    return (doors[i - 1] >> 2) & 3 if i % cols else LOCKED


def open_between(doors: list, i: int, cols: int, d: int) -> None:
    """Open the door of cell i on side d (bitwise: clear the two bits, set 0b01)."""
    if d == UP:
        i, d = i - cols, DOWN
    elif d == LEFT:
        i, d = i - 1, RIGHT
    shift = 0 if d == DOWN else 2
    doors[i] = (doors[i] & ~(3 << shift)) | (OPEN << shift)


def to_array(doors: list, rows: int, cols: int) -> np.ndarray:
    return np.array(doors, dtype=np.uint8).reshape(rows, cols)


# ----------------------------------------------------------------------------------------------
# carving


def carve_kruskal(rows: int, cols: int, stream: MazeStream) -> np.ndarray:
    """Randomized Kruskal with a plain union-find: the interior doors (id 2*cell + 0 for Down,
    + 1 for Right, ascending) are shuffled, then each door whose cells are still apart is opened
    and the sets joined; every other door stays locked."""
    n = rows * cols
    doors = [0b1111] * n
    if n <= 1:
        return to_array(doors, rows, cols)
    ids = []
    for cell in range(n):
        r, c = divmod(cell, cols)
        if r < rows - 1:
            ids.append(2 * cell)
        if c < cols - 1:
            ids.append(2 * cell + 1)
    stream.shuffle(ids)
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    opened = 0
    for d in ids:
        cell = d >> 1
        other = cell + 1 if d & 1 else cell + cols
        a, b = find(cell), find(other)
        if a != b:
            parent[b] = a
            doors[cell] ^= 0b1000 if d & 1 else 0b0010  # locked -> open
            opened += 1
            if opened == n - 1:
                break
    return to_array(doors, rows, cols)


def carve_backtracker(rows: int, cols: int, stream: MazeStream) -> np.ndarray:
    """Randomized depth-first search from a random cell."""
    n = rows * cols
    doors = [0b1111] * n
    seen = [False] * n
    cur = stream.bounded(n)
    seen[cur] = True
    stack = [cur]
    while stack:
        cur = stack[-1]
        r, c = divmod(cur, cols)
        options = [
            d for d in range(4) if inside(r, c, rows, cols, d) and not seen[neighbour(cur, cols, d)]
        ]
        if not options:
            stack.pop()
            continue
        d = stream.choice(options)
        open_between(doors, cur, cols, d)
        cur = neighbour(cur, cols, d)
        seen[cur] = True
        stack.append(cur)
    return to_array(doors, rows, cols)


def carve_wilson(rows: int, cols: int, stream: MazeStream) -> np.ndarray:
    """Wilson's loop-erased random walks, started from each cell in index order."""
    n = rows * cols
    doors = [0b1111] * n
    in_tree = [False] * n
    in_tree[stream.bounded(n)] = True
    nxt = [0] * n
    for i in range(n):
        u = i
        while not in_tree[u]:
            r, c = divmod(u, cols)
            d = stream.choice([d for d in range(4) if inside(r, c, rows, cols, d)])
            nxt[u] = d
            u = neighbour(u, cols, d)
        u = i
        while not in_tree[u]:
            in_tree[u] = True
            open_between(doors, u, cols, nxt[u])
            u = neighbour(u, cols, nxt[u])
    return to_array(doors, rows, cols)


def carve_prim(rows: int, cols: int, stream: MazeStream) -> np.ndarray:
    """Randomized Prim over frontier cells (removed by swapping in the last one)."""
    n = rows * cols
    doors = [0b1111] * n
    state = [0] * n  # 0 outside, 1 frontier, 2 in the maze
    frontier = []
    u = stream.bounded(n)
    while True:
        state[u] = 2
        r, c = divmod(u, cols)
        for d in range(4):
            if inside(r, c, rows, cols, d):
                v = neighbour(u, cols, d)
                if state[v] == 0:
                    state[v] = 1
                    frontier.append(v)
        if not frontier:
            break
        j = stream.bounded(len(frontier)) if len(frontier) > 1 else 0
        u = frontier[j]
        frontier[j] = frontier[-1]
        frontier.pop()
        r, c = divmod(u, cols)
        d = stream.choice(
            [
                d
                for d in range(4)
                if inside(r, c, rows, cols, d) and state[neighbour(u, cols, d)] == 2
            ]
        )
        open_between(doors, u, cols, d)
    return to_array(doors, rows, cols)


CARVERS = {
    "kruskal": carve_kruskal,
    "backtracker": carve_backtracker,
    "wilson": carve_wilson,
    "prim": carve_prim,
}


def carve(rows: int, cols: int, seed, method: str = "kruskal") -> np.ndarray:
    """The twin of ``Maze.carve(rows, cols, seed=seed, method=method).doors`` for an int seed or
    a fresh Generator."""
    return CARVERS[method](rows, cols, MazeStream(seed))


# ----------------------------------------------------------------------------------------------
# solving


def _open(doors, i, cols, d) -> bool:
    return door_state(doors, i, cols, d) == OPEN


def _pairs(cells, cols) -> np.ndarray:
    return np.array([divmod(i, cols) for i in cells], dtype=np.int32).reshape(-1, 2)


def solve_wall(doors_array, start, goal, hand="right", trace=False):
    """The wall follower with its stack: tries doors from the one it came through (the start:
    its top side), clockwise for the left hand, anticlockwise for the right; never re-enters a
    visited cell; pops at dead ends. Returns the path (and the moves with ``trace=True``)."""
    rows, cols = doors_array.shape
    doors = [int(x) for x in doors_array.ravel()]
    rot = 1 if hand == "left" else 3
    s, g = start[0] * cols + start[1], goal[0] * cols + goal[1]
    seen = {s}
    entry = {}
    stack = [s]
    moves = [s]
    back = UP
    found = False
    while True:
        cur = stack[-1]
        if cur == g:
            found = True
            break
        for t in range(1, 5):
            d = (back + rot * t) % 4
            if _open(doors, cur, cols, d) and neighbour(cur, cols, d) not in seen:
                nb = neighbour(cur, cols, d)
                seen.add(nb)
                entry[nb] = d
                stack.append(nb)
                moves.append(nb)
                back = (d + 2) % 4
                break
        else:
            stack.pop()
            if not stack:
                break
            back = entry[cur]
            moves.append(stack[-1])
    path = _pairs(stack, cols) if found else None
    return (path, _pairs(moves, cols)) if trace else path


def solve_bfs(doors_array, start, goal):
    """A shortest path by breadth-first search (neighbours Up, Right, Down, Left), or None."""
    rows, cols = doors_array.shape
    doors = [int(x) for x in doors_array.ravel()]
    s, g = start[0] * cols + start[1], goal[0] * cols + goal[1]
    parent = {s: None}
    queue = deque([s])
    while queue:
        cur = queue.popleft()
        if cur == g:
            break
        for d in range(4):
            if _open(doors, cur, cols, d):
                nb = neighbour(cur, cols, d)
                if nb not in parent:
                    parent[nb] = cur
                    queue.append(nb)
    if g not in parent:
        return None
    path = [g]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return _pairs(path[::-1], cols)


def maze_distances(doors_array, start):
    """BFS steps from start to every cell, -1 where unreachable."""
    rows, cols = doors_array.shape
    doors = [int(x) for x in doors_array.ravel()]
    s = start[0] * cols + start[1]
    dist = [-1] * (rows * cols)
    dist[s] = 0
    queue = deque([s])
    while queue:
        cur = queue.popleft()
        for d in range(4):
            if _open(doors, cur, cols, d):
                nb = neighbour(cur, cols, d)
                if dist[nb] < 0:
                    dist[nb] = dist[cur] + 1
                    queue.append(nb)
    return np.array(dist, dtype=np.int32).reshape(rows, cols)


def braid(doors_array, p: float, seed) -> np.ndarray:
    """The twin of ``Maze.braid(p, seed).doors``: dead ends in index order, each (still a dead
    end) drawing uniform01 and, below p, opening a locked interior door, to a dead-end neighbour
    if there is one."""
    rows, cols = doors_array.shape
    stream = seed if isinstance(seed, Uint32Stream) else MazeStream(seed)
    doors = [int(x) for x in doors_array.ravel()]

    def degree(i):
        return sum(_open(doors, i, cols, d) for d in range(4))

    for i in range(rows * cols):
        if degree(i) != 1:
            continue
        if not stream.uniform01() < p:
            continue
        r, c = divmod(i, cols)
        options = [
            d for d in range(4) if inside(r, c, rows, cols, d) and not _open(doors, i, cols, d)
        ]
        dead = [d for d in options if degree(neighbour(i, cols, d)) == 1]
        if dead:
            d = stream.choice(dead)
        elif options:
            d = stream.choice(options)
        else:
            continue
        open_between(doors, i, cols, d)
    return to_array(doors, rows, cols)


def border_cells(rows: int, cols: int) -> list:
    """The cells on the outer wall, in row-major order."""
    return [
        (r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)
    ]


def dataset_item(rows, cols, generator, method="kruskal", p=0.0, entrance=(0, 0), exit=None):
    """The twin of one candidate of a maze dataset item (carve_items in src/maze/carve.pyx), from
    its generator (``trapcore._seeding.item_generator(key, k, attempt)``): carve, braid when
    p > 0, draw a random entrance and exit when asked ("random"), all from one stream; then the
    BFS solution. Returns (doors, entrance, exit, solution)."""
    stream = MazeStream(generator)
    doors = CARVERS[method](rows, cols, stream)
    if p > 0:
        doors = braid(doors, p, stream)
    border = border_cells(rows, cols)
    exit = (rows - 1, cols - 1) if exit is None else exit
    if entrance == "random":
        entrance = border[stream.bounded(len(border))]
    if exit == "random":
        exit = border[stream.bounded(len(border))]
    return doors, tuple(entrance), tuple(exit), solve_bfs(doors, entrance, exit)


def walk_is_legal(doors, route) -> bool:
    """True when every step of ``route`` ((n, 2) cells) goes to a neighbour through an open door
    of the ``uint8`` door array ``doors``."""
    for (r0, c0), (r1, c1) in zip(route[:-1], route[1:]):
        dr, dc = int(r1 - r0), int(c1 - c0)
        if abs(dr) + abs(dc) != 1:
            return False
        if dr == 1 and doors[r0, c0] & 3 != OPEN:
            return False
        if dr == -1 and doors[r1, c1] & 3 != OPEN:
            return False
        if dc == 1 and (doors[r0, c0] >> 2) & 3 != OPEN:
            return False
        if dc == -1 and (doors[r1, c1] >> 2) & 3 != OPEN:
            return False
    return True
