"""Signatures of the compiled module trapcore.cat._engine (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

from trapcore.cat._codes import Model, Result, SolveMethod

class Memory:
    rows: int
    cols: int
    def __init__(self, rows: int, cols: int, budget: int) -> None: ...
    def forget(self) -> None: ...
    @property
    def proven_block(self) -> int: ...
    @property
    def nbytes(self) -> int: ...

def hint(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    model: Model,
    max_nodes: int,
    max_depth: int,
    memory: Memory | None,
) -> tuple[Result, int, bool, int]: ...
def solve(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    model: Model,
    method: SolveMethod,
    max_nodes: int,
    max_depth: int,
    memory: Memory | None,
    workers: int,
) -> tuple[Result, int, int, int]: ...
