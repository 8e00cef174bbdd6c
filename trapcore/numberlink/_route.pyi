"""Signatures of the compiled module trapcore.numberlink._route (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def route_paths(
    values: npt.NDArray[np.int16], neighbours: npt.NDArray[np.int32], rounds: int
) -> tuple[npt.NDArray[np.int16] | None, int, int]: ...
