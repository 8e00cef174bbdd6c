"""Spearman's rank correlation in numpy (average ranks for ties, then Pearson's), the yardstick
of ``Puzzle.difficulty`` against outside solvers: ``tests/numberlink/test_difficulty.py`` and
``bench/test_bench_numberlink_difficulty.py``. scipy is not a test dependency; its
``spearmanr`` gives the same figures (the known values are checked in the tests)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

__all__ = ["ranks", "spearman"]


def ranks(x: npt.ArrayLike) -> np.ndarray:
    """Ranks 1..n of ``x``, tied values sharing the average of their ranks."""
    x = np.asarray(x, dtype=float)
    order = np.argsort(x, kind="stable")
    r = np.empty(len(x))
    r[order] = np.arange(1, len(x) + 1)
    values, inverse = np.unique(x, return_inverse=True)
    total = np.bincount(inverse, weights=r, minlength=len(values))
    count = np.bincount(inverse, minlength=len(values))
    return (total / count)[inverse]


def spearman(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Spearman's rank correlation: Pearson's on the average ranks (nan when either side is
    constant)."""
    rx, ry = ranks(x), ranks(y)
    rx, ry = rx - rx.mean(), ry - ry.mean()
    den = math.sqrt(float((rx * rx).sum() * (ry * ry).sum()))
    return float((rx * ry).sum() / den) if den else math.nan
