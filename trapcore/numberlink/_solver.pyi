"""Signatures of the compiled module trapcore.numberlink._solver (made by tools/make_stubs.py)."""
from typing import Any

import numpy as np

def components(sol: np.ndarray) -> Any: ...
def solve(grid: np.ndarray, limit: int, max_nodes: int, strategy: int = ...) -> Any: ...
