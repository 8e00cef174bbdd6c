"""The one seeding policy for batches: item ``k`` of a batch is a pure function of ``(seed, k)``.

``seed`` (an int, a ``SeedSequence`` or a ``Generator``) gives a 128-bit root key once; item ``k``
draws from numpy's counter-based Philox generator keyed by that root key, with ``k`` in the third
word of its 256-bit counter, so every item has a stream of its own (2**128 draws apart) and any
worker can start at any item. The result does not depend on how a batch is split among workers,
threads, shards or machines.
"""
from __future__ import annotations

import numpy as np

from trapcore._validate import as_int

__all__ = ["root_key", "item_generator"]


def root_key(seed, name: str = "seed") -> np.ndarray:
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


def item_generator(key: np.ndarray, k: int) -> np.random.Generator:
    """The generator of item ``k`` of the batch whose root key is ``key``."""
    return np.random.Generator(np.random.Philox(key=key, counter=np.array([0, 0, k, 0], np.uint64)))
