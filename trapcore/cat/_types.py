"""Type aliases of the cat package (boards, cells, policies, seeds), used in annotations only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "Board",
    "Cell",
    "CellLike",
    "ShapeLike",
    "Mover",
    "PolicyLike",
    "PlayerLike",
    "SeedLike",
]

#: A validated board: C-contiguous ``uint8``, 0 free, 1 blocked.
Board: TypeAlias = npt.NDArray[np.uint8]
#: A validated cell ``(row, col)``.
Cell: TypeAlias = tuple[int, int]
#: A cell as the functions accept it: any pair of integers.
CellLike: TypeAlias = Sequence[SupportsIndex]
#: A board shape as the functions accept it: ``(rows, cols)``.
ShapeLike: TypeAlias = Sequence[SupportsIndex]
#: A callable cat policy or player: ``(read-only board, cat, rng) -> cell``.
Mover: TypeAlias = Callable[[Board, Cell, np.random.Generator], CellLike]
#: A cat policy: a name of POLICIES, a level of LEVELS, or a callable.
PolicyLike: TypeAlias = str | Mover
#: A player: a name of PLAYERS, or a callable.
PlayerLike: TypeAlias = str | Mover
#: What ``seed=`` accepts.
SeedLike: TypeAlias = int | np.integer[Any] | np.random.SeedSequence | np.random.Generator | None
