"""Twin of ``trapcore.numberlink._paths``: 0.2's Python growth and repair of random paths on
a board's graph (steps 1 and 2 of ``generate_board``), node by node, rescanning every node for
each path's start (quadratic in the nodes). Same draws (``Generator.integers``), same paths."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int32]


class _Paths:
    """Paths on the board's graph: ``label`` per node (-1 solid, 0 free, k path k) and each path
    as a list of nodes from one end to the other."""

    def __init__(self, nbrs: list[list[int]], solid: npt.NDArray[np.bool_], no_end: set[int]):
        self.nbrs, self.no_end = nbrs, no_end
        self.label = np.where(solid, -1, 0).astype(np.int64)
        self.paths: dict[int, list[int]] = {}
        self.next = 1

    def free_degree(self, v: int) -> int:
        return sum(1 for w in self.nbrs[v] if self.label[w] == 0)

    def fits(self, v: int, k: int, end: int) -> bool:
        """Node v may extend path k at ``end``: free, and no other neighbour on path k."""
        return self.label[v] == 0 and all(w == end or self.label[w] != k for w in self.nbrs[v])

    def grow(self, rng: np.random.Generator) -> None:
        while True:
            free = [v for v in range(self.label.size) if self.label[v] == 0]
            starts = [v for v in free if self.free_degree(v) > 0]
            if not starts:
                return
            least = min(self.free_degree(v) for v in starts)
            tight = [v for v in starts if self.free_degree(v) == least]
            s = tight[int(rng.integers(len(tight)))]
            k, self.next = self.next, self.next + 1
            self.label[s] = k
            path = [s]
            for side in (1, 0):  # grow the tail, then the head
                while True:
                    end = path[-1] if side else path[0]
                    opts = [w for w in self.nbrs[end] if self.fits(w, k, end)]
                    if not opts:
                        break
                    w = opts[int(rng.integers(len(opts)))]
                    self.label[w] = k
                    if side:
                        path.append(w)
                    else:
                        path.insert(0, w)
            while len(path) > 1 and path[-1] in self.no_end:  # no number on a bridge lane
                self.label[path.pop()] = 0
            while len(path) > 1 and path[0] in self.no_end:
                self.label[path.pop(0)] = 0
            if len(path) == 1:
                self.label[s] = -2  # nothing grew from here: joined to a path below
            self.paths[k] = path

    def attach(self, x: int, min_length: int, piece: list[int] | None = None) -> bool:
        """Join node x, or a short path ``piece`` (x its first node), to a neighbouring path:
        onto that path's end, else cutting it beside the piece so that the piece extends one
        part; no path may come to run beside itself and no end may rest on a bridge."""
        piece = [x] if piece is None else piece
        for end_of_piece, e, k, path in self._beside(piece):
            touching = any(
                self.label[w] == k and not (p == end_of_piece and w == e)
                for p in piece
                for w in self.nbrs[p]
            )
            if e in (path[0], path[-1]) and not touching:
                joined = (path if e == path[-1] else path[::-1]) + (
                    piece if end_of_piece == piece[0] else piece[::-1]
                )
                if joined[-1] in self.no_end:
                    continue
                self._relabel(k, joined)
                return True
        for end_of_piece, e, k, path in self._beside(piece):
            i = path.index(e)
            for keep, rest in ((path[: i + 1], path[i + 1 :]), (path[i:][::-1], path[:i])):
                if len(keep) + len(piece) < min_length or len(rest) < min_length:
                    continue
                if rest[0] in self.no_end or rest[-1] in self.no_end:
                    continue
                kept = set(keep)
                if any(
                    w in kept and not (p == end_of_piece and w == e)
                    for p in piece
                    for w in self.nbrs[p]
                ):
                    continue
                joined = keep + (piece if end_of_piece == piece[0] else piece[::-1])
                if joined[0] in self.no_end or joined[-1] in self.no_end:
                    continue
                self._relabel(k, joined)
                new, self.next = self.next, self.next + 1
                self._relabel(new, rest)
                return True
        return False

    def _beside(self, piece: list[int]) -> list[tuple[int, int, int, list[int]]]:
        """(end of the piece, its neighbour e on another path, that path's number, its nodes)."""
        mine = set(piece)
        return [
            (end, e, int(self.label[e]), self.paths[int(self.label[e])])
            for end in (piece[0], piece[-1])
            for e in self.nbrs[end]
            if self.label[e] > 0 and e not in mine
        ]

    def _relabel(self, k: int, nodes: list[int]) -> None:
        for v in nodes:
            self.label[v] = k
        self.paths[k] = nodes

    def repair(self, min_length: int) -> bool:
        """Short paths and isolated nodes join neighbours; False when one cannot."""
        for k in sorted(self.paths):
            path = self.paths.get(k)
            if path is None or len(path) >= min_length:
                continue
            del self.paths[k]
            for v in path:
                self.label[v] = 0
            if not self.attach(path[0], min_length, path):
                return False
        for v in range(self.label.size):
            if self.label[v] in (0, -2):
                self.label[v] = 0
                joined = self.through(v, min_length) if v in self.no_end else None
                if not (joined or self.attach(v, min_length)):
                    return False
        return True

    def through(self, x: int, min_length: int) -> bool:
        """Join the paths on both sides of a bridge lane x through it (x cannot end a path):
        each side's path is cut there first when x's neighbour is not its end."""
        if len(self.nbrs[x]) != 2:
            return False
        saved = (self.label.copy(), {k: list(p) for k, p in self.paths.items()}, self.next)
        a, b = self.nbrs[x]
        for e in (a, b):
            k = int(self.label[e])
            if k <= 0 or (
                e not in (self.paths[k][0], self.paths[k][-1]) and not self.split(e, min_length)
            ):
                break
        else:
            ka, kb = int(self.label[a]), int(self.label[b])
            pa, pb = self.paths[ka], self.paths[kb]
            first = pa if pa[-1] == a else pa[::-1]
            second = pb if pb[0] == b else pb[::-1]
            near = {w for v in first for w in self.nbrs[v]}
            if ka != kb and first[-1] == a and second[0] == b and not near & set(second):
                del self.paths[kb]
                self._relabel(ka, first + [x] + second)
                return True
        self.label, self.paths, self.next = saved
        return False

    def split(self, v: int, min_length: int) -> bool:
        """Cut the path through node v beside it, v ending one part (both keep min_length)."""
        k = int(self.label[v])
        if k <= 0:
            return False
        path = self.paths[k]
        i = path.index(v)
        for j in (i, i - 1):  # parts path[: j + 1] and path[j + 1 :]
            a, b = path[: j + 1], path[j + 1 :]
            if len(a) < min_length or len(b) < min_length:
                continue
            if a[-1] in self.no_end or b[0] in self.no_end:
                continue
            self._relabel(k, a)
            new, self.next = self.next, self.next + 1
            self._relabel(new, b)
            return True
        return False


def _setup(neighbours: npt.ArrayLike, no_end: npt.ArrayLike) -> tuple[list[list[int]], set[int]]:
    nbrs = [[int(w) for w in row if w >= 0] for row in np.asarray(neighbours)]
    return nbrs, {int(v) for v in np.flatnonzero(np.asarray(no_end))}


def _flat(label: npt.NDArray[np.int64], paths: list[list[int]]) -> tuple[Ints, Ints, Ints]:
    nodes = np.array([v for p in paths for v in p], np.int32)
    offsets = np.cumsum([0] + [len(p) for p in paths]).astype(np.int32)
    return label.astype(np.int32), nodes, offsets


def grow_paths(
    label: npt.ArrayLike, neighbours: npt.ArrayLike, no_end: npt.ArrayLike, rng: np.random.Generator
) -> tuple[Ints, Ints, Ints]:
    """Step 1 alone: (label, nodes, offsets), path k being nodes[offsets[k-1]:offsets[k]]."""
    nbrs, lanes = _setup(neighbours, no_end)
    p = _Paths(nbrs, np.asarray(label) < 0, lanes)
    p.grow(rng)
    return _flat(p.label, [p.paths[k] for k in sorted(p.paths)])


def lay_paths(
    label: npt.ArrayLike,
    neighbours: npt.ArrayLike,
    no_end: npt.ArrayLike,
    rng: np.random.Generator,
    min_length: int,
    max_attempts: int,
) -> tuple[Ints, Ints, Ints, int] | None:
    """Steps 1 and 2, drawn again until the repairs hold: (label, nodes, offsets, attempts) with
    the paths numbered 1, 2, ... in the order of their numbers here, or None."""
    nbrs, lanes = _setup(neighbours, no_end)
    for attempt in range(1, max_attempts + 1):
        p = _Paths(nbrs, np.asarray(label) < 0, lanes)
        p.grow(rng)
        if not p.repair(min_length) or not p.paths:
            continue
        order = sorted(p.paths)
        lab = p.label.copy()
        for i, k in enumerate(order, start=1):
            lab[p.paths[k]] = i
        return (*_flat(lab, [p.paths[k] for k in order]), attempt)
    return None
