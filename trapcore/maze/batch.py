"""Many mazes at once: carve_many, maze k seeded by trapcore._seeding's item k, threads optional."""
from __future__ import annotations

import os
from itertools import pairwise

import numpy as np

from trapcore._seeding import root_key
from trapcore._validate import as_int
from trapcore.maze import _carve as _k
from trapcore.maze.maze import _as_maze_size, _as_method

__all__ = ["MAX_BATCH_CELLS", "MAX_WORKERS", "carve_many"]

#: The most cells ``carve_many`` produces in one call (its output is one byte per cell).
MAX_BATCH_CELLS = 1 << 30
#: The most threads ``carve_many`` starts.
MAX_WORKERS = 1024


def _bit_generators(key: np.ndarray, start: int, stop: int) -> list:
    """The Philox bit generators of items ``start .. stop-1``: the same streams as
    ``trapcore._seeding.item_generator(key, k).bit_generator`` (key ``key``, counter
    ``[0, 0, k, 0]``), built without the ``Generator`` wrappers the kernel does not need."""
    counters = np.zeros((stop - start, 4), dtype=np.uint64)
    counters[:, 2] = np.arange(start, stop, dtype=np.uint64)
    philox = np.random.Philox
    return [philox(key=key, counter=counter) for counter in counters]


def carve_many(n, rows, cols, *, seed=None, method="kruskal", workers=None) -> np.ndarray:
    """Carve ``n`` perfect mazes at once (for datasets).

    Maze ``k`` draws from the batch's item ``k`` (:mod:`trapcore._seeding`): the seed gives one
    root key, and maze ``k`` is carved from a Philox generator keyed by it with ``k`` in its
    counter, so ``out[k]`` equals ``Maze.carve(rows, cols,
    seed=trapcore._seeding.item_generator(root_key(seed), k), method=method).doors`` and does not
    depend on ``workers`` or on how a dataset is sharded.

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
    """
    n = as_int(n, "n", minimum=0)
    rows, cols = _as_maze_size(rows, cols)
    if n * rows * cols > MAX_BATCH_CELLS:
        raise ValueError(
            f"n x rows x cols = {n} x {rows} x {cols} = {n * rows * cols} cells is more than the "
            f"{MAX_BATCH_CELLS} carve_many returns at once (one byte each); carve in batches"
        )
    code = _as_method(method)
    workers = 1 if workers is None else as_int(workers, "workers", minimum=-1, maximum=MAX_WORKERS)
    if workers == 0:
        raise ValueError("workers must be a positive number of threads or -1 (every CPU), got 0")
    if workers == -1:
        workers = os.cpu_count() or 1
    key = root_key(seed)
    out = np.empty((n, rows, cols), dtype=np.uint8)
    if n == 0:
        return out
    bit_generators = _bit_generators(key, 0, n)
    workers = min(workers, n)
    if workers == 1:
        _k.carve_batch(out, bit_generators, code)
        return out
    from concurrent.futures import ThreadPoolExecutor

    bounds = np.linspace(0, n, workers + 1).astype(int)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        jobs = [pool.submit(_k.carve_batch, out[a:b], bit_generators[a:b], code)
                for a, b in pairwise(bounds.tolist()) if b > a]
        for job in jobs:
            job.result()
    return out
