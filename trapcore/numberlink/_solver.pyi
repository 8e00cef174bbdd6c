"""Signatures of the compiled module trapcore.numberlink._solver (made by tools/make_stubs.py)."""

from typing import Any

import numpy as np
import numpy.typing as npt

def count(
    grid: npt.NDArray[np.int16], max_nodes: int, fill: bool = ..., touch: bool = ...
) -> Any: ...
def solve(
    grid: npt.NDArray[np.int16],
    limit: int,
    max_nodes: int,
    strategy: int = ...,
    fill: bool = ...,
    touch: bool = ...,
) -> Any: ...
