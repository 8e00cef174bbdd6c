"""Type aliases of the cat package (boards, movers, policies), used in annotations only; the
aliases every package shares (cells, shapes, seeds) are in trapcore/_types.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike

__all__ = ["Board", "Mover", "PolicyLike", "PlayerLike"]

#: A validated board: C-contiguous ``uint8``, 0 free, 1 blocked.
Board: TypeAlias = npt.NDArray[np.uint8]
#: A callable cat policy or player: ``(read-only board, cat, rng) -> cell``.
Mover: TypeAlias = Callable[[Board, Cell, np.random.Generator], CellLike]
#: A cat policy: a name of POLICIES, a level of LEVELS, or a callable.
PolicyLike: TypeAlias = str | Mover
#: A player: a name of PLAYERS, or a callable.
PlayerLike: TypeAlias = str | Mover
