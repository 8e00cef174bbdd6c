"""Signatures of the compiled module trapcore.numberlink._graph (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def count(
    values: npt.NDArray[np.int16],
    neighbours: npt.NDArray[np.int32],
    fill: bool,
    touch: bool,
    max_nodes: int,
) -> tuple[int, int, bool]: ...
def solve(
    values: npt.NDArray[np.int16],
    neighbours: npt.NDArray[np.int32],
    fill: bool,
    touch: bool,
    limit: int,
    max_nodes: int,
) -> tuple[npt.NDArray[np.int16], int, bool]: ...
