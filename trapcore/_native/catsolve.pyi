"""Signatures of the compiled module trapcore._native.catsolve (made by tools/make_stubs.py)."""
from typing import Any

import numpy as np

def solve(board: np.ndarray, r: int, c: int, model: int, max_nodes: int, max_depth: int, tt_bits: int) -> Any: ...
