"""Signatures of the compiled module trapcore.numberlink._solver (made by tools/make_stubs.py)."""

import enum

import numpy as np
import numpy.typing as npt

class Strategy(enum.IntEnum):
    PORTFOLIO = -1
    DIAGONALS_NW = 0
    DIAGONALS_SE = 1
    DIAGONALS_SW = 2
    DIAGONALS_NE = 3
    LINES_NW = 4
    LINES_SW = 5
    LINES_NE = 6
    LINES_SE = 7

def count(
    grid: npt.NDArray[np.int16], max_nodes: int, fill: bool = ..., touch: bool = ...
) -> tuple[int | None, int, bool]: ...
def solve(
    grid: npt.NDArray[np.int16],
    limit: int,
    max_nodes: int,
    strategy: Strategy = ...,
    fill: bool = ...,
    touch: bool = ...,
) -> tuple[npt.NDArray[np.int16] | None, int, bool]: ...
