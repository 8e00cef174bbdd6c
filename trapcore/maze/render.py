"""Maze pictures: ``+---+`` text and Pillow images, vectorised; behind Maze.to_text and to_image."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, ColorLike, Colors, RouteLike
from trapcore._validate import as_int, check_array_size
from trapcore.maze.doors import OPEN

if TYPE_CHECKING:
    from PIL import Image as _Image

    from trapcore.maze.maze import Maze

__all__ = ["MAX_PIXELS", "MAX_TEXT_CELLS", "to_image", "to_text"]

#: The largest picture ``to_image`` draws, in pixels (an RGB array of 3 bytes per pixel).
MAX_PIXELS = 1 << 28
#: The largest maze ``to_text`` draws, in cells (about 50 bytes of scratch per cell).
MAX_TEXT_CELLS = 1 << 22

#: The side an opening is cut in, tried in this order (entrance: up first; exit: down first).
_ENTRANCE_SIDES = ("up", "left", "right", "down")
_EXIT_SIDES = ("down", "right", "left", "up")
_PALETTE = {
    "floor": (255, 255, 255),
    "wall": (0, 0, 0),
    "path": (214, 39, 40),
    "trace": (255, 214, 170),
}


def _opening(cell: Cell, shape: tuple[int, int], order: Sequence[str]) -> str:
    r, c = cell
    rows, cols = shape
    on = {"up": r == 0, "down": r == rows - 1, "left": c == 0, "right": c == cols - 1}
    for side in order:
        if on[side]:
            return side
    return ""


def _walls(
    maze: Maze,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Wall masks: horizontal (rows+1, cols), vertical (rows, cols+1), posts (rows+1, cols+1),
    with the entrance and exit gaps cut."""
    d = maze.doors
    rows, cols = d.shape
    h = np.ones((rows + 1, cols), dtype=bool)
    h[1:] = (d & 3) != OPEN
    v = np.ones((rows, cols + 1), dtype=bool)
    v[:, 1:] = ((d >> 2) & 3) != OPEN
    for cell, order in ((maze.entrance, _ENTRANCE_SIDES), (maze.exit, _EXIT_SIDES)):
        r, c = cell
        side = _opening(cell, d.shape, order)
        if side == "up":
            h[0, c] = False
        elif side == "down":
            h[rows, c] = False
        elif side == "left":
            v[r, 0] = False
        elif side == "right":
            v[r, cols] = False
    post = np.zeros((rows + 1, cols + 1), dtype=bool)
    post[:, :-1] |= h
    post[:, 1:] |= h
    post[:-1] |= v
    post[1:] |= v
    return h, v, post


def _as_route(path: RouteLike, shape: tuple[int, int], name: str) -> npt.NDArray[np.int64] | None:
    """A checked int64 (n, 2) copy of a route of neighbouring cells inside ``shape``, or None."""
    if path is None:
        return None
    # checked on the shape before anything is copied: a walk between neighbours that enters a
    # cell more often than it has doors (4) is longer than any route drawn (a wall follower's
    # trail included), so n <= 4 x cells (+ slack) rows of 2 entries
    check_array_size(path, name, max_cells=8 * shape[0] * shape[1] + 16)
    a = np.asarray(path)
    if a.size == 0:
        return np.empty((0, 2), dtype=np.int64)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError(
            f"{name} must be an integer (n, 2) array of (row, col), got dtype {a.dtype}"
        )
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"{name} must have shape (n, 2), got {a.shape}")
    a = a.astype(np.int64)  # a copy: checked here, drawn below
    rows, cols = shape
    if (
        (a[:, 0] < 0).any()
        or (a[:, 0] >= rows).any()
        or (a[:, 1] < 0).any()
        or (a[:, 1] >= cols).any()
    ):
        raise ValueError(f"{name} has a cell outside the {rows} x {cols} maze")
    if len(a) > 1 and (np.abs(np.diff(a, axis=0)).sum(axis=1) != 1).any():
        raise ValueError(f"{name} must step between neighbouring cells")
    return a


def _labels(
    maze: Maze, path: npt.NDArray[np.int64] | None, trace: npt.NDArray[np.int64] | None
) -> npt.NDArray[np.uint8]:
    """Super-grid (2*rows+1, 2*cols+1) of labels: 0 floor, 1 wall, 2 path, 3 traced."""
    rows, cols = maze.doors.shape
    h, v, post = _walls(maze)
    lab = np.zeros((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)
    lab[0::2, 1::2] = h
    lab[1::2, 0::2] = v
    lab[0::2, 0::2] = post
    for route, value in ((trace, 3), (path, 2)):
        if route is None or len(route) == 0:
            continue
        lab[2 * route[:, 0] + 1, 2 * route[:, 1] + 1] = value
        if len(route) > 1:
            mid = route[:-1] + route[1:] + 1  # the door between consecutive cells
            lab[mid[:, 0], mid[:, 1]] = value
    return lab


def to_text(maze: Maze, *, path: RouteLike = None) -> str:
    """``maze`` as ``+---+`` art; see :meth:`trapcore.maze.Maze.to_text`."""
    rows, cols = maze.doors.shape
    if rows * cols > MAX_TEXT_CELLS:
        raise ValueError(
            f"to_text draws at most {MAX_TEXT_CELLS} cells, this maze has {rows * cols}; "
            "use to_image or a smaller maze"
        )
    route = _as_route(path, (rows, cols), "path")
    h, v, post = _walls(maze)
    grid = np.full((2 * rows + 1, 2 * cols + 1), "   ", dtype="<U3")
    grid[0::2, 0::2] = np.where(post, "+", " ")
    grid[0::2, 1::2] = np.where(h, "---", "   ")
    grid[1::2, 0::2] = np.where(v, "|", " ")
    if route is not None and len(route):
        grid[2 * route[:, 0] + 1, 2 * route[:, 1] + 1] = " o "
    return "\n".join("".join(line) for line in grid.tolist()) + "\n"


def _as_color(value: ColorLike, key: str) -> tuple[int, int, int]:
    name = f"colors[{key!r}]"
    try:
        n = len(value)
    except TypeError:
        n = -1
    if isinstance(value, (str, bytes)) or n != 3:
        raise TypeError(f"{name} must be an (r, g, b) triple of ints, got {value!r}")
    r, g, b = (as_int(x, name, minimum=0, maximum=255) for x in value)
    return r, g, b


def to_image(
    maze: Maze,
    *,
    cell: int = 10,
    wall: int = 1,
    path: RouteLike = None,
    trace: RouteLike = None,
    colors: Colors | None = None,
) -> _Image.Image:
    """``maze`` as a Pillow RGB image; see :meth:`trapcore.maze.Maze.to_image`."""
    rows, cols = maze.doors.shape
    cell = as_int(cell, "scale", minimum=2)
    wall = as_int(wall, "wall", minimum=1, maximum=cell - 1)
    width, height = cols * cell + wall, rows * cell + wall
    if width * height > MAX_PIXELS:
        raise ValueError(
            f"the image would be {width} x {height} = {width * height} pixels, more than the "
            f"{MAX_PIXELS} accepted; use a smaller scale"
        )
    route = _as_route(path, (rows, cols), "path")
    moves = _as_route(trace, (rows, cols), "trace")
    palette = dict(_PALETTE)
    if colors is not None:
        if not isinstance(colors, dict):
            raise TypeError(
                f"colors must be a dict of (r, g, b) triples, got {type(colors).__name__}"
            )
        unknown = set(colors) - set(palette)
        if unknown:
            raise ValueError(
                f"colors has unknown keys {sorted(map(str, unknown))}; use {sorted(palette)}"
            )
        palette.update({key: _as_color(value, key) for key, value in colors.items()})
    from trapcore._extras import require

    Image = require("PIL.Image", "to_image")
    lut = np.array(
        [palette["floor"], palette["wall"], palette["path"], palette["trace"]], dtype=np.uint8
    )
    lab = _labels(maze, route, moves)
    reps_r = np.full(2 * rows + 1, wall)
    reps_r[1::2] = cell - wall
    reps_c = np.full(2 * cols + 1, wall)
    reps_c[1::2] = cell - wall
    # in bands of about a million pixels: Ctrl-C is answered between two numpy calls, and a
    # whole 10,000 x 10,000 picture in one call would not answer for seconds
    pixels = np.empty((height, width, 3), np.uint8)
    band = max(1, (1 << 20) // width)
    top = np.concatenate(([0], np.cumsum(reps_r)))
    for a in range(0, len(reps_r), band):
        b = min(a + band, len(reps_r))
        rows_ab = np.repeat(lab[a:b], reps_r[a:b], axis=0)
        pixels[top[a] : top[b]] = lut[np.repeat(rows_ab, reps_c, axis=1)]
    image: _Image.Image = Image.fromarray(pixels, "RGB")
    return image
