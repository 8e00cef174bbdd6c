"""Signatures of the compiled module trapcore.numberlink._generate (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def generate(
    rows: int,
    cols: int,
    bit_generator: np.random.BitGenerator,
    min_length: int,
    unique: bool,
    max_nodes: int,
    max_attempts: int,
    fill: bool = ...,
    touch: bool = ...,
    long_paths: bool = ...,
    solids: bool = ...,
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], int, int] | None: ...
