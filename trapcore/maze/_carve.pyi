"""Signatures of the compiled module trapcore.maze._carve (made by tools/make_stubs.py)."""

from typing import Any

import numpy as np
import numpy.typing as npt

def braid(doors: npt.NDArray[np.uint8], p: float, bit_generator: np.random.BitGenerator) -> Any: ...
def carve(
    rows: int, cols: int, method: int, bit_generator: np.random.BitGenerator, progress: Any = ...
) -> Any: ...
def carve_items(
    out: npt.NDArray[np.uint8],
    key0: int,
    key1: int,
    items: npt.NDArray[np.int64],
    attempt: int,
    method: int,
    p: float,
    ends: npt.NDArray[np.int32],
    random_entrance: bool,
    random_exit: bool,
) -> Any: ...
def distances(doors: npt.NDArray[np.uint8], start: int) -> Any: ...
def philox_raw(key0: int, key1: int, item: int, attempt: int, count: int, halves: bool) -> Any: ...
def solve_bfs(doors: npt.NDArray[np.uint8], start: int, goal: int) -> Any: ...
def solve_items(
    doors: npt.NDArray[np.uint8],
    ends: npt.NDArray[np.int32],
    paths: npt.NDArray[np.int32],
    measures: npt.NDArray[np.int32],
) -> Any: ...
def solve_wall(
    doors: npt.NDArray[np.uint8], start: int, goal: int, hand: int, trace: bool
) -> Any: ...
