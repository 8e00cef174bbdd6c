"""Twin of ``trapcore.numberlink._board_paths.grow_paths``: 0.2's Python growth of random paths on
a board's graph (step 1 of ``generate_board``), node by node, rescanning every node for each
path's start (quadratic in the nodes). Same draws (``Generator.integers``), same paths."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def grow_paths(
    label: npt.ArrayLike,
    neighbours: npt.ArrayLike,
    no_end: npt.ArrayLike,
    rng: np.random.Generator,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """(label, nodes, offsets) as the kernel returns them; ``rng`` a Generator (the kernel takes
    its bit generator)."""
    lab = np.array(label, dtype=np.int64)
    nbrs = [[int(w) for w in row if w >= 0] for row in np.asarray(neighbours)]
    lanes = {int(v) for v in np.flatnonzero(np.asarray(no_end))}
    paths: list[list[int]] = []

    def free_degree(v: int) -> int:
        return sum(1 for w in nbrs[v] if lab[w] == 0)

    def fits(v: int, k: int, end: int) -> bool:
        """Node v may extend path k at ``end``: free, and no other neighbour on path k."""
        return lab[v] == 0 and all(w == end or lab[w] != k for w in nbrs[v])

    while True:
        free = [v for v in range(lab.size) if lab[v] == 0]
        starts = [v for v in free if free_degree(v) > 0]
        if not starts:
            break
        least = min(free_degree(v) for v in starts)
        tight = [v for v in starts if free_degree(v) == least]
        s = tight[int(rng.integers(len(tight)))]
        k = len(paths) + 1
        lab[s] = k
        path = [s]
        for side in (1, 0):  # grow the tail, then the head
            while True:
                end = path[-1] if side else path[0]
                opts = [w for w in nbrs[end] if fits(w, k, end)]
                if not opts:
                    break
                w = opts[int(rng.integers(len(opts)))]
                lab[w] = k
                if side:
                    path.append(w)
                else:
                    path.insert(0, w)
        while len(path) > 1 and path[-1] in lanes:  # no number on a bridge lane
            lab[path.pop()] = 0
        while len(path) > 1 and path[0] in lanes:
            lab[path.pop(0)] = 0
        if len(path) == 1:
            lab[s] = -2  # nothing grew from here: joined to a path later
        paths.append(path)
    nodes = np.array([v for p in paths for v in p], np.int32)
    offsets = np.cumsum([0] + [len(p) for p in paths]).astype(np.int32)
    return lab.astype(np.int32), nodes, offsets
