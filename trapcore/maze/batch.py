"""Many mazes at once: carve_many, maze k from trapcore._seeding's item k (Philox in the kernel)."""

from __future__ import annotations

import os
from contextlib import closing
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from trapcore._seeding import root_key
from trapcore._types import SeedLike
from trapcore._validate import as_int
from trapcore.maze import _carve as _k
from trapcore.maze._checks import _as_maze_size, _as_method, _check_walk_cost

__all__ = ["MAX_BATCH_CELLS", "MAX_WORKERS", "carve_many"]

#: The most cells ``carve_many`` produces in one call (its output is one byte per cell).
MAX_BATCH_CELLS = 1 << 30
#: The most threads ``carve_many`` starts.
MAX_WORKERS = 1024


def _split(count: int, workers: int) -> list[tuple[int, int]]:
    """``workers`` contiguous slices ``(a, b)`` of ``range(count)``, empty ones dropped."""
    bounds = np.linspace(0, count, min(workers, count) + 1).astype(int).tolist()
    return [(a, b) for a, b in pairwise(bounds) if b > a]


def _carve_items(
    out: npt.NDArray[np.uint8],
    key: npt.NDArray[np.uint64],
    items: npt.NDArray[np.int64],
    *,
    method: _k.Method = _k.Method.KRUSKAL,
    attempt: int = 0,
    p: float = 0.0,
    ends: npt.NDArray[np.int32] | None = None,
    random_entrance: bool = False,
    random_exit: bool = False,
    workers: int = 1,
) -> None:
    """Carve ``out[j]`` as item ``items[j]`` of the batch keyed ``key`` (checked arguments only:
    ``out`` a C-contiguous uint8 (n, rows, cols), ``items`` int64 (n,), ``ends`` int32 (n, 4)),
    in ``workers`` threads; see ``_carve.carve_items`` for the stream of each item."""
    if ends is None:
        ends = np.zeros((len(out), 4), dtype=np.int32)
    k0, k1 = int(key[0]), int(key[1])
    args = (attempt, method, float(p))
    if workers <= 1 or len(out) < 2:
        _k.carve_items(out, k0, k1, items, *args, ends, random_entrance, random_exit)
        return
    from trapcore._threads import imap

    def job(ab: tuple[int, int]) -> None:
        a, b = ab
        _k.carve_items(out[a:b], k0, k1, items[a:b], *args, ends[a:b], random_entrance, random_exit)

    with closing(imap(job, _split(len(out), workers), workers)) as jobs:
        for _ in jobs:  # closed on any exception, so the pool's jobs stop at their next poll
            pass


def carve_many(
    n: int,
    rows: int,
    cols: int,
    *,
    seed: SeedLike = None,
    method: str = "kruskal",
    workers: int | None = None,
) -> npt.NDArray[np.uint8]:
    """Carve ``n`` perfect mazes at once (for datasets).

    Maze ``k`` draws from the batch's item ``k`` (:mod:`trapcore._seeding`): the seed gives one
    root key, and maze ``k`` is carved from a Philox generator keyed by it with ``k`` in its
    counter (computed inside the kernel: no Python object per maze), so ``out[k]`` equals
    ``Maze.carve(rows, cols, seed=trapcore._seeding.item_generator(root_key(seed), k),
    method=method).doors`` and does not depend on ``workers`` or on how a dataset is sharded.

    Parameters
    ----------
    n : int
        How many mazes, >= 0.
    rows, cols : int
        Size of each maze, as for :meth:`Maze.carve`.
    seed : None, int, SeedSequence or Generator
        An int or a ``SeedSequence`` gives the same batch every call; a ``Generator`` is advanced
        (two draws) and gives a new batch each call; ``None`` takes fresh entropy.
    method : {"kruskal", "backtracker", "wilson", "prim"}
    workers : int, optional
        Threads carving slices of the batch in parallel (the kernel releases the GIL): ``None``
        or 1 carves in the calling thread, -1 uses every CPU, at most ``MAX_WORKERS``. The
        result does not depend on it.

    Returns
    -------
    ndarray of uint8, shape (n, rows, cols)
        Door bits of each maze (a new, writable array).

    Raises
    ------
    TypeError, ValueError
        For bad sizes or counts, more than ``MAX_BATCH_CELLS`` cells in all, an unknown method, a
        bad seed or a bad number of workers.

    See Also
    --------
    Maze.carve : One maze.
    trapcore.datasets.MazeSpec : Mazes as a dataset.

    Examples
    --------
    >>> import trapcore as tc
    >>> batch = tc.maze.carve_many(100, 5, 5, seed=1)
    >>> batch.shape, batch.dtype
    ((100, 5, 5), dtype('uint8'))
    >>> bool((batch[:10] == tc.maze.carve_many(10, 5, 5, seed=1)).all())  # maze k from (seed, k)
    True
    """
    n = as_int(n, "n", minimum=0)
    rows, cols = _as_maze_size(rows, cols)
    if n * rows * cols > MAX_BATCH_CELLS:
        raise ValueError(
            f"n x rows x cols = {n} x {rows} x {cols} = {n * rows * cols} cells is more than the "
            f"{MAX_BATCH_CELLS} carve_many returns at once (one byte each); carve in batches"
        )
    code = _as_method(method)
    _check_walk_cost(rows, cols, code)
    workers = 1 if workers is None else as_int(workers, "workers", minimum=-1, maximum=MAX_WORKERS)
    if workers == 0:
        raise ValueError("workers must be a positive number of threads or -1 (every CPU), got 0")
    if workers == -1:
        workers = os.cpu_count() or 1
    key = root_key(seed)
    out = np.empty((n, rows, cols), dtype=np.uint8)
    if n:
        _carve_items(out, key, np.arange(n, dtype=np.int64), method=code, workers=min(workers, n))
    return out
