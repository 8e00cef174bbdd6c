"""Signatures of the compiled module trapcore.cat._play (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def cat_reply(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    policy: int,
    rules: int,
    bit_generator: np.random.BitGenerator,
) -> int: ...
def play_games(
    rows: int,
    cols: int,
    blocked: int,
    policy: int,
    rules: int,
    player: int,
    model: int,
    budget: int,
    solver_depth: int,
    games: int,
    bit_generator: np.random.BitGenerator,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]: ...
def player_move(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    player: int,
    model: int,
    budget: int,
    solver_depth: int,
    bit_generator: np.random.BitGenerator,
) -> int: ...
def solve(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    model: int,
    max_nodes: int,
    max_depth: int,
    tt_bits: int,
) -> tuple[int, int, int, int]: ...
