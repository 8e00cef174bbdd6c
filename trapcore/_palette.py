"""Colours for drawing many numbers at once: distinct fills and a legible label on each.

:func:`distinct_colors` is used by the demo's Numberlink tab and by the pictures Jupyter shows
(``Puzzle._repr_svg_``): with 40 pairs on a board, neighbouring numbers must not look alike, so
the colours are spread apart in CIELAB (a space where distance follows what the eye sees), not
taken from a fixed list of 16 and repeated. :func:`label_color` picks black or white text for a
fill by WCAG contrast.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

__all__ = ["contrast", "distinct_colors", "hex_color", "label_color", "lab"]

RGB = tuple[int, int, int]

# the first colours (a bright red, blue, green...), then the farthest from all chosen so far
_SEEDS: tuple[RGB, ...] = ((230, 25, 75), (0, 130, 200), (60, 180, 75))
# kept away from: the empty board (white), solid squares (dark grey)
_AVOID: tuple[RGB, ...] = ((255, 255, 255), (40, 40, 40))


def lab(rgb: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """sRGB triples (0..255, shape (..., 3)) as CIELAB (D65) triples."""
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    L = 116 * f[..., 1] - 16
    a = 500 * (f[..., 0] - f[..., 1])
    b = 200 * (f[..., 1] - f[..., 2])
    return np.stack([L, a, b], axis=-1)


@lru_cache(maxsize=32)
def distinct_colors(n: int) -> tuple[RGB, ...]:
    """``n`` fill colours, each as far (in CIELAB) from all earlier ones as the candidates allow.

    Greedy farthest-point choice over a 16-level RGB grid whose lightness is between 35 and 88
    (visible on white, distinct from dark solids); the first ``k`` colours are the same for
    every ``n >= k``, so a puzzle's number 1 keeps its colour whatever the number of pairs.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    levels = np.linspace(0, 255, 16).round().astype(np.int64)
    grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    L = lab(grid)
    keep = (L[:, 0] >= 35) & (L[:, 0] <= 88)
    grid, L = grid[keep], L[keep]
    chosen: list[RGB] = list(_SEEDS[:n])
    dist = np.full(len(grid), np.inf)
    for colour in (*_AVOID, *chosen):
        dist = np.minimum(dist, np.linalg.norm(L - lab(colour), axis=1))
    while len(chosen) < n:
        i = int(np.argmax(dist))
        chosen.append((int(grid[i, 0]), int(grid[i, 1]), int(grid[i, 2])))
        dist = np.minimum(dist, np.linalg.norm(L - L[i], axis=1))
    return tuple(chosen)


def _luminance(rgb: RGB) -> float:
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    c = np.where(c > 0.03928, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    return float(c @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21; 4.5 is the bar for text)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def label_color(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``fill``."""
    black, white = (0, 0, 0), (255, 255, 255)
    return black if contrast(fill, black) >= contrast(fill, white) else white


def hex_color(rgb: RGB) -> str:
    """``#rrggbb``."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)
