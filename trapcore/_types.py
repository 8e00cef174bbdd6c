"""Type aliases every package shares (cells, shapes, paths, colours, seeds), for annotations only;
each puzzle's own aliases (a cat board, maze doors) live in its package's _types module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = ["Cell", "CellLike", "ColorLike", "Colors", "Path", "RouteLike", "SeedLike", "ShapeLike"]

#: A validated cell ``(row, col)``.
Cell: TypeAlias = tuple[int, int]
#: A cell as the functions accept it: any pair of integers.
CellLike: TypeAlias = Sequence[SupportsIndex]
#: A board shape as the functions accept it: ``(rows, cols)``.
ShapeLike: TypeAlias = Sequence[SupportsIndex]
#: A path of cells, ``int32`` (n, 2), as the solvers return it.
Path: TypeAlias = npt.NDArray[np.int32]
#: A route as the drawing functions accept it: (n, 2) integers of (row, col), or None.
RouteLike: TypeAlias = npt.ArrayLike | None
#: An ``(r, g, b)`` colour as the drawing functions accept it.
ColorLike: TypeAlias = Sequence[SupportsIndex]
#: ``colors=`` of the drawing functions: a colour per key (``"floor"``, ``"wall"``, ...).
Colors: TypeAlias = dict[str, ColorLike]
#: What ``seed=`` accepts.
SeedLike: TypeAlias = int | np.integer[Any] | np.random.SeedSequence | np.random.Generator | None
