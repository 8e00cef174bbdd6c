"""Signatures of the compiled module trapcore.numberlink._generate (made by tools/make_stubs.py)."""

from typing import Any

import numpy as np

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
) -> Any: ...
