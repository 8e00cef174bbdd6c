"""Option checks shared by the envs (sizes, numbers); each error names the option."""

from __future__ import annotations

from typing import Any

import numpy as np

from trapcore._validate import _describe, as_int

__all__ = ["as_blocked", "as_board_size", "as_number"]


def as_number(
    value: Any, name: str, *, minimum: float | None = None, maximum: float | None = None
) -> float:
    """A finite float in ``[minimum, maximum]``; bools and strings are refused (TypeError)."""
    numeric = (int, float, np.integer, np.floating)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numeric):
        raise TypeError(f"{name} must be a number, got {_describe(value)}")
    value = float(value)
    assert isinstance(value, float)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def as_board_size(
    size: Any,
    rows: Any = None,
    cols: Any = None,
    *,
    default: tuple[int, int],
    minimum: int,
    maximum: int,
) -> tuple[int, int]:
    """``(rows, cols)`` from ``rows`` and ``cols`` (each ``None``: its ``default``) or from ``size``
    (the glossary's shorthand: an int for a square board, or a ``(rows, cols)`` pair), each in
    ``[minimum, maximum]``; giving ``size`` with ``rows`` or ``cols`` is a ValueError."""
    if size is None:
        rows = default[0] if rows is None else rows
        cols = default[1] if cols is None else cols
        return (
            as_int(rows, "rows", minimum=minimum, maximum=maximum),
            as_int(cols, "cols", minimum=minimum, maximum=maximum),
        )
    if rows is not None or cols is not None:
        raise ValueError(
            f"give the board's size as rows and cols or as size, not both (got size={size!r}, "
            f"rows={rows!r}, cols={cols!r})"
        )
    if isinstance(size, (int, np.integer)) and not isinstance(size, (bool, np.bool_)):
        size = (size, size)
    if isinstance(size, str) or not hasattr(size, "__len__") or len(size) != 2:
        raise TypeError(
            f"size must be an int or a (rows, cols) pair of ints, got {_describe(size)}"
        )
    r = as_int(size[0], "size[0] (rows)", minimum=minimum, maximum=maximum)
    c = as_int(size[1], "size[1] (cols)", minimum=minimum, maximum=maximum)
    return r, c


def as_blocked(blocked: Any, rows: int, cols: int) -> int:
    """The start blocks of a Trap the Cat env: an int >= 0 that leaves the player a cell to block
    (a free cell other than the cat's), else every reset would deal a finished game (an all-zero
    action mask, then an error from ``step``)."""
    count = as_int(blocked, "blocked", minimum=0)
    if count > rows * cols - 2:
        raise ValueError(
            f"size {rows} x {cols} with blocked={count} leaves no cell to block (the cat takes "
            f"one of its {rows * cols} cells): the game would be over at every reset; use a "
            f"bigger size or blocked <= {rows * cols - 2}"
        )
    return count
