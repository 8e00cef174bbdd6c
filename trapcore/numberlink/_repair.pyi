"""Signatures of the compiled module trapcore.numberlink._repair (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def repair(
    grid: npt.NDArray[np.int16],
    sol: npt.NDArray[np.int16],
    other: npt.NDArray[np.int16] | None,
    min_length: int,
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]] | None: ...
