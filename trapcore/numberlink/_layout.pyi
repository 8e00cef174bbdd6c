"""Signatures of the compiled module trapcore.numberlink._layout (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def generate(
    rows: int,
    cols: int,
    bit_generator: np.random.BitGenerator,
    min_length: int,
    max_attempts: int,
    max_steps: int,
    max_checks: int,
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], int, int, int] | None: ...
