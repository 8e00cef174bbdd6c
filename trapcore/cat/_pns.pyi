"""Signatures of the compiled module trapcore.cat._pns (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

from trapcore.cat._codes import Result

def cuts(
    board: npt.NDArray[np.uint8], r: int, c: int, mark: bool
) -> tuple[int, npt.NDArray[np.uint8]]: ...
def enclosure(
    board: npt.NDArray[np.uint8], r: int, c: int, max_flow: int
) -> tuple[int, npt.NDArray[np.uint8]]: ...
def layer(board: npt.NDArray[np.uint8], r: int, c: int) -> tuple[int, npt.NDArray[np.uint8]]: ...
def new_memory(rows: int, cols: int, pns_nodes: int) -> npt.NDArray[np.uint8]: ...
def solve_pns(
    board: npt.NDArray[np.uint8],
    r: int,
    c: int,
    max_nodes: int,
    max_cand: int,
    slack: int,
    eps: float,
    tt_bits: int,
    complete: bool,
    memory: npt.NDArray[np.uint8],
    workers: int,
) -> tuple[Result, int, int, int, int]: ...
