"""The shared twins: the draws of src/common/random.pxd and a plain union-find."""

from __future__ import annotations

import numpy as np

# ----------------------------------------------------------------------------------------------
# Random numbers: the same draws as src/_random.pxd, from the same numpy bit generator.


class Uint32Stream:
    """The draws of src/_random.pxd in Python. ``next_uint32`` is numpy's PCG64 one (each raw
    64-bit output gives two 32-bit draws, low half first); ``uniform01`` takes a whole raw output
    and leaves a buffered half alone, as numpy does. Valid from a freshly seeded generator (no
    buffered half yet). ``seed``: an int, a SeedSequence or a Generator."""

    def __init__(self, seed):
        if isinstance(seed, np.random.Generator):
            gen = seed
        else:
            gen = np.random.Generator(np.random.PCG64(seed))
        self.bitgen = gen.bit_generator
        self._high = None

    def next_uint32(self) -> int:
        if self._high is not None:
            out, self._high = self._high, None
            return out
        raw = int(self.bitgen.random_raw())
        self._high = raw >> 32
        return raw & 0xFFFFFFFF

    def bounded(self, s: int) -> int:
        """Lemire's unbiased integer in [0, s)."""
        m = self.next_uint32() * s
        low = m & 0xFFFFFFFF
        if low < s:
            threshold = (2**32 - s) % s
            while low < threshold:
                m = self.next_uint32() * s
                low = m & 0xFFFFFFFF
        return m >> 32

    def uniform01(self) -> float:
        return (int(self.bitgen.random_raw()) >> 11) * (1.0 / 9007199254740992.0)

    def shuffle(self, items: list) -> list:
        """Fisher-Yates from the back, as ``shuffle_int32``."""
        for i in range(len(items) - 1, 0, -1):
            j = self.bounded(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, options: list):
        """One option; a single option draws nothing."""
        return options[self.bounded(len(options))] if len(options) > 1 else options[0]


# ----------------------------------------------------------------------------------------------
# Union-find


def components(n: int, pairs) -> list[int]:
    """Each element's component label: the smallest member of its set."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(i) for i in range(n)]
