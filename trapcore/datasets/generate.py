"""generate(spec, n, seed, shard=, num_shards=): one shard's items, each pure in (spec, seed, k)."""

from __future__ import annotations

import numpy as np

from trapcore._seeding import root_key
from trapcore._validate import _describe, as_int
from trapcore.datasets.items import ITEMS, Batch, item_bytes
from trapcore.datasets.spec import CatSpec, MazeSpec, NumberlinkSpec, Spec

__all__ = ["MAX_BATCH_BYTES", "MAX_ITEMS", "generate", "item_bytes", "shard_range"]

#: The most items a dataset may have.
MAX_ITEMS = 1 << 40
#: The most bytes :func:`generate` may build in memory, estimated from the spec before anything
#: is allocated (:func:`item_bytes` per item): 8 GiB. ``write_parquet`` streams row groups and
#: is not bound by it.
MAX_BATCH_BYTES = 1 << 33


def _gib(nbytes: int) -> str:
    return f"{nbytes / (1 << 30):,.1f} GiB"


def _as_spec(spec: object) -> Spec:
    if not isinstance(spec, (MazeSpec, NumberlinkSpec, CatSpec)):
        raise TypeError(
            f"spec must be a MazeSpec, NumberlinkSpec or CatSpec, got {_describe(spec)}"
        )
    return spec


def _as_seed(seed: object) -> int:
    """A dataset's seed is recorded in its metadata, so it is an int (``None``: fresh entropy,
    drawn once and recorded)."""
    if seed is None:
        import secrets

        return secrets.randbelow(2**32)  # short enough to read and type again
    if isinstance(seed, (np.random.Generator, np.random.SeedSequence)):
        raise TypeError(
            "seed must be an int for a dataset (it is written into the metadata so the "
            f"dataset can be made again), got {_describe(seed)}"
        )
    return as_int(seed, "seed", minimum=0)


def shard_range(n: int, shard: int, num_shards: int) -> tuple[int, int]:
    """The items ``(start, stop)`` of one shard: contiguous slices, ``start = shard * n //
    num_shards``.

    Parameters
    ----------
    n : int
        Items in the whole dataset.
    shard, num_shards : int
        Which shard, of how many.

    Returns
    -------
    (start, stop) : tuple of int
        The shard holds items ``start`` to ``stop - 1``.

    Raises
    ------
    TypeError, ValueError
        Unless ``0 <= n <= MAX_ITEMS``, ``num_shards >= 1`` and ``0 <= shard < num_shards``.

    See Also
    --------
    shard_name : The file of a shard.
    generate : Writes the shards.

    Examples
    --------
    >>> from trapcore import datasets
    >>> [datasets.shard_range(10, s, 3) for s in range(3)]
    [(0, 3), (3, 6), (6, 10)]
    """
    n = as_int(n, "n", minimum=0, maximum=MAX_ITEMS)
    num_shards = as_int(num_shards, "num_shards", minimum=1)
    shard = as_int(shard, "shard", minimum=0, maximum=num_shards - 1)
    return shard * n // num_shards, (shard + 1) * n // num_shards


def _check(
    spec: object, n: object, seed: object, shard: object, num_shards: object
) -> tuple[Spec, int, int, int, int]:
    checked = _as_spec(spec)
    count = as_int(n, "n", minimum=0, maximum=MAX_ITEMS)
    fixed_seed = _as_seed(seed)
    shards = as_int(num_shards, "num_shards", minimum=1, maximum=max(1, count))
    index = as_int(shard, "shard", minimum=0, maximum=shards - 1)
    return checked, count, fixed_seed, index, shards


def generate(
    spec: Spec,
    n: int,
    seed: int | None = None,
    *,
    shard: int = 0,
    num_shards: int = 1,
    workers: int = 1,
) -> Batch:
    """The items of one shard of a dataset.

    Item ``k`` is a pure function of ``(spec, seed, k)``: its randomness is the Philox stream
    keyed by the seed's root key with ``k`` in the counter (:mod:`trapcore._seeding`), and when
    the spec's filters reject a candidate the next one comes from the next attempt stream of the
    same item. So shards, threads and machines never change an item.

    Parameters
    ----------
    spec : MazeSpec, NumberlinkSpec or CatSpec
        What an item is.
    n : int
        Items in the whole dataset (>= 0).
    seed : int or None
        The dataset's seed (>= 0); ``None`` draws one below 2**32 (recorded in ``Batch.seed``).
    shard, num_shards : int
        Which slice of the items: shard ``s`` holds items ``s*n//num_shards`` to
        ``(s+1)*n//num_shards - 1`` (``1 <= num_shards <= max(1, n)``).
    workers : int
        Threads carving mazes (the kernels release the GIL); the result does not depend on it.

    Returns
    -------
    Batch
        ``columns["index"]`` holds each item's ``k``; the other columns depend on the puzzle
        (mazes: ``doors``, ``entrance``, ``exit``, ``solution`` (a :class:`Ragged` of cells) and
        the measures of :data:`MAZE_MEASURES`).

    Raises
    ------
    TypeError, ValueError
        For a bad argument (named), a shard over :data:`MAX_BATCH_BYTES` (estimated before
        anything is allocated), or filters that reject ``spec.max_attempts`` candidates of an
        item.

    See Also
    --------
    read : Reads it back.
    verify : Checks it.
    shard_range : One shard's items.

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.MazeSpec(rows=4, cols=5)
    >>> b = datasets.generate(spec, 6, seed=0)
    >>> b["doors"].shape, b["path_length"].tolist()
    ((6, 4, 5), [10, 10, 8, 8, 8, 8])
    >>> half = datasets.generate(spec, 6, seed=0, shard=1, num_shards=2)  # items 3 to 5
    >>> bool((half["doors"] == b["doors"][3:]).all())
    True
    """
    spec, n, seed, shard, num_shards = _check(spec, n, seed, shard, num_shards)
    workers = as_int(workers, "workers", minimum=1, maximum=1024)
    start, stop = shard_range(n, shard, num_shards)
    need = (stop - start) * item_bytes(spec)
    if need > MAX_BATCH_BYTES:
        raise ValueError(
            f"n = {n} items in {num_shards} shard(s) puts {stop - start} items in memory, about "
            f"{_gib(need)} (at most {_gib(MAX_BATCH_BYTES)}); raise num_shards, or use "
            "write_parquet, which streams them to files"
        )
    if spec.kind not in ITEMS:
        raise ValueError(f"{spec.kind} datasets are not available in this trapcore")
    columns = ITEMS[spec.kind](spec, root_key(seed), start, stop, workers)
    return Batch(spec, seed, n, start, stop, columns)
