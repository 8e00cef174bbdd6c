"""The one seeding policy for batches: item ``k`` of a batch is a pure function of ``(seed, k)``.

``seed`` (an int, a ``SeedSequence`` or a ``Generator``) gives a 128-bit root key once; item ``k``
draws from numpy's counter-based Philox generator keyed by that root key, with ``k`` in the third
word of its 256-bit counter, so every item has a stream of its own (2**128 draws apart) and any
worker can start at any item. The result does not depend on how a batch is split among workers,
threads, shards or machines.

Kernels that run whole batches compute the same Philox4x64-10 streams themselves
(``src/common/philox.pxd``, bit for bit numpy's: counter ``[0, 0, k, a]``), so a batch needs no
Python object per item; ``item_generator(key, k)`` gives item ``k``'s stream to the twins and to
code that draws item by item. Word 3 of the counter, ``a``, is the attempt: a dataset whose filter
rejects item ``k``'s first candidate draws the next from ``item_generator(key, k, attempt=1)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trapcore._validate import as_int

__all__ = ["root_key", "item_generator"]


def root_key(seed: Any, name: str = "seed") -> np.ndarray:
    """The batch's 128-bit root key (two ``uint64``) from ``seed``.

    An int or ``SeedSequence`` is hashed by ``SeedSequence.generate_state``; a ``Generator`` gives
    two raw draws (and so advances); ``None`` takes fresh entropy.
    """
    if isinstance(seed, np.random.Generator):
        return seed.integers(0, 2**64, size=2, dtype=np.uint64, endpoint=False)
    if isinstance(seed, np.random.SeedSequence):
        return seed.generate_state(2, np.uint64)
    if seed is None:
        return np.random.SeedSequence().generate_state(2, np.uint64)
    seed = as_int(seed, name, minimum=0)
    return np.random.SeedSequence(seed).generate_state(2, np.uint64)


def item_generator(key: np.ndarray, k: int, attempt: int = 0) -> np.random.Generator:
    """The generator of item ``k`` (its candidate number ``attempt``) of the batch whose root key
    is ``key``: Philox keyed by ``key``, counter ``[0, 0, k, attempt]``."""
    counter = np.array([0, 0, k, attempt], np.uint64)
    return np.random.Generator(np.random.Philox(key=key, counter=counter))
