"""Signatures of the compiled module trapcore.cat._play (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

from trapcore.cat._codes import Model, Player, Policy, Rules
from trapcore.cat._engine import Memory

def cat_reply(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    policy: Policy,
    rules: Rules,
    bit_generator: np.random.BitGenerator,
) -> int: ...
def play_games(
    rows: int,
    cols: int,
    blocked: int,
    policy: Policy,
    rules: Rules,
    player: Player,
    model: Model,
    budget: int,
    solver_depth: int,
    games: int,
    bit_generator: np.random.BitGenerator,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]: ...
def player_move(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    player: Player,
    model: Model,
    budget: int,
    solver_depth: int,
    bit_generator: np.random.BitGenerator,
    memory: Memory | None,
) -> int: ...
