"""Signatures of the compiled module trapcore.numberlink._proof (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def deduce_grid(
    grid: npt.NDArray[np.int16], max_steps: int, probe_cap: int = ...
) -> tuple[int, npt.NDArray[np.int16] | None, bool, int]: ...
