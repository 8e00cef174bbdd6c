"""Signatures of the compiled module trapcore.maze._rows (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def path_steps(
    values: npt.NDArray[np.int32],
    offsets: npt.NDArray[np.int64],
    out_offsets: npt.NDArray[np.int64],
    out: npt.NDArray[np.uint8],
) -> int: ...
def solve_rows(
    doors: npt.NDArray[np.uint8],
    ends: npt.NDArray[np.int32],
    values: npt.NDArray[np.int32],
    offsets: npt.NDArray[np.int64],
    measures: npt.NDArray[np.int32],
) -> None: ...
