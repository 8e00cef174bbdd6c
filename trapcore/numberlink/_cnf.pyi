"""Signatures of the compiled module trapcore.numberlink._cnf (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def bits_clauses(
    grid: npt.NDArray[np.int16], K: int, solution: npt.NDArray[np.int16]
) -> tuple[npt.NDArray[np.int32], int]: ...
def clauses(
    grid: npt.NDArray[np.int16], K: int, fill: bool, touch: bool
) -> tuple[npt.NDArray[np.int32], int]: ...
def paths(
    grid: npt.NDArray[np.int16], east: npt.NDArray[np.uint8], south: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int16]]: ...
def poll() -> None: ...
