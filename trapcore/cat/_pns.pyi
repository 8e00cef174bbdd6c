"""Signatures of the compiled module trapcore.cat._pns (made by tools/make_stubs.py)."""
from typing import Any

import numpy as np

def solve_pns(board: np.ndarray, r: int, c: int, max_nodes: int, max_cand: int, slack: int, eps: float, tt_bits: int, complete: Any) -> Any: ...
