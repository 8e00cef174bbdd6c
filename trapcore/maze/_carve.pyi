"""Signatures of the compiled module trapcore.maze._carve (made by tools/make_stubs.py)."""

import enum
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

class Hand(enum.IntEnum):
    HAND_LEFT = 1
    HAND_RIGHT = -1

class Method(enum.IntEnum):
    KRUSKAL = 0
    BACKTRACKER = 1
    WILSON = 2
    PRIM = 3

def braid(doors: npt.NDArray[np.uint8], p: float, bit_generator: np.random.BitGenerator) -> int: ...
def carve(
    rows: int,
    cols: int,
    method: int,
    bit_generator: np.random.BitGenerator,
    progress: Callable[[int, int], object] | None = ...,
) -> npt.NDArray[np.uint8]: ...
def carve_items(
    out: npt.NDArray[np.uint8],
    key0: int,
    key1: int,
    items: npt.NDArray[np.int64],
    attempt: int,
    method: Method,
    p: float,
    ends: npt.NDArray[np.int32],
    random_entrance: bool,
    random_exit: bool,
) -> None: ...
def philox_raw(
    key0: int, key1: int, item: int, attempt: int, count: int, halves: bool
) -> npt.NDArray[np.uint64] | npt.NDArray[np.uint32]: ...
