"""Type alias of the maze package (its doors), used in annotations only; the aliases every package
shares (cells, paths, routes, colours, seeds) are in trapcore/_types.py."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = ["Doors"]

#: Validated door bits: C-contiguous ``uint8`` (rows, cols).
Doors: TypeAlias = npt.NDArray[np.uint8]
