"""Trap the Cat pictures for the envs: the hex board as an RGB array, vectorised (no cell loop)."""

from __future__ import annotations

import numpy as np

__all__ = ["hex_picture"]

#: background, free cell, blocked cell, cat
HEX_PALETTE = np.array(
    [(255, 255, 255), (180, 220, 120), (70, 90, 60), (230, 120, 20)], dtype=np.uint8
)


def hex_picture(board: np.ndarray, cat: tuple[int, int] | None, scale: int) -> np.ndarray:
    """``uint8`` (rows * scale, cols * scale + scale // 2, 3): each cell a disc, even rows shifted
    half a cell right (even-r), blocked cells dark, the cat orange."""
    rows, cols = board.shape
    s = scale
    y, x = np.indices((rows * s, cols * s + s // 2))
    r = y // s
    x = x - np.where(r % 2 == 0, s // 2, 0)
    c = x // s
    inside = (x >= 0) & (c < cols)
    cc = np.clip(c, 0, cols - 1)
    dy = (y - r * s) - (s - 1) / 2
    dx = (x - cc * s) - (s - 1) / 2
    disc = inside & (dx * dx + dy * dy <= (0.45 * s) ** 2)
    kind = np.where(board[r, cc] != 0, 2, 1)
    if cat is not None:
        kind = np.where((r == cat[0]) & (cc == cat[1]), 3, kind)
    return HEX_PALETTE[np.where(disc, kind, 0)]
