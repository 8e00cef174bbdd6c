"""Signatures of the compiled module trapcore.numberlink._deduce (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def deduce(
    grid: npt.NDArray[np.int16],
    numbers: int,
    fill: bool,
    touch: bool,
    max_grade: int,
    max_steps: int,
    record: bool,
) -> tuple[int, int, npt.NDArray[np.int16] | None, npt.NDArray[np.int32], int]: ...
