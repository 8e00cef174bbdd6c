"""Signatures of the compiled module trapcore.maze._solve (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

from trapcore.maze._carve import Hand

def distances(doors: npt.NDArray[np.uint8], start: int) -> npt.NDArray[np.int32]: ...
def solve_bfs(
    doors: npt.NDArray[np.uint8], start: int, goal: int
) -> npt.NDArray[np.int32] | None: ...
def solve_items(
    doors: npt.NDArray[np.uint8],
    ends: npt.NDArray[np.int32],
    paths: npt.NDArray[np.int32],
    measures: npt.NDArray[np.int32],
) -> None: ...
def solve_wall(
    doors: npt.NDArray[np.uint8], start: int, goal: int, hand: Hand, trace: bool
) -> tuple[npt.NDArray[np.int32] | None, npt.NDArray[np.int32] | None]: ...
