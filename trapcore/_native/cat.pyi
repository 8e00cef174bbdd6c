"""Signatures of the compiled module trapcore._native.cat (made by tools/make_stubs.py)."""
from typing import Any

import numpy as np

def reply(board: np.ndarray, r: int, c: int, policy: int, rules: int, bit_generator: Any) -> Any: ...
