"""Signatures of the compiled module trapcore.numberlink._paths (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def grow_paths(
    label: npt.NDArray[np.int32],
    neighbours: npt.NDArray[np.int32],
    no_end: npt.NDArray[np.uint8],
    bit_generator: np.random.BitGenerator,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
def lay_paths(
    label: npt.NDArray[np.int32],
    neighbours: npt.NDArray[np.int32],
    no_end: npt.NDArray[np.uint8],
    bit_generator: np.random.BitGenerator,
    min_length: int,
    max_attempts: int,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32], int] | None: ...
