"""Signatures of the compiled module trapcore._native.catsim (made by tools/make_stubs.py)."""
from typing import Any

import numpy as np

def play(rows: int, cols: int, blocked: int, policy: int, rules: int, player: int, model: int, budget: int, solver_depth: int, games: int, bit_generator: Any) -> Any: ...
def player_move(board: np.ndarray, r: int, c: int, player: int, model: int, budget: int, solver_depth: int, bit_generator: Any) -> Any: ...
