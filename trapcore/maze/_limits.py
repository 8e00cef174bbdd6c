"""The maze package's limits in one named tuple, ``trapcore.maze.LIMITS`` (the modules that
enforce them keep their own constants)."""

from __future__ import annotations

from typing import NamedTuple

from trapcore.maze.batch import MAX_BATCH_CELLS, MAX_WORKERS
from trapcore.maze.doors import MAX_MAZE_CELLS
from trapcore.maze.formats import MAX_SVG_CELLS
from trapcore.maze.render import MAX_PIXELS, MAX_TEXT_CELLS

__all__ = ["LIMITS", "Limits"]


class Limits(NamedTuple):
    """The largest mazes, batches and pictures trapcore.maze makes (``trapcore.maze.LIMITS``).

    Attributes
    ----------
    maze_cells : int
        The largest maze, in cells (8192 x 8192): carving needs about 15 bytes per cell
        (``MAX_MAZE_CELLS`` before 0.3).
    batch_cells : int
        The most cells ``carve_many`` produces in one call, one byte each (``MAX_BATCH_CELLS``).
    workers : int
        The most threads ``carve_many`` starts (``MAX_WORKERS``).
    pixels : int
        The largest picture ``to_image`` draws, in pixels, 3 bytes each (``MAX_PIXELS``).
    text_cells : int
        The largest maze ``to_text`` draws, in cells (``MAX_TEXT_CELLS``).
    svg_cells : int
        The largest maze ``to_svg`` draws, in cells, and the largest Jupyter shows as SVG or PNG
        (``MAX_SVG_CELLS``).
    """

    maze_cells: int
    batch_cells: int
    workers: int
    pixels: int
    text_cells: int
    svg_cells: int


#: The largest mazes (``maze_cells``), batches (``batch_cells``, ``workers``) and pictures
#: (``pixels``, ``text_cells``, ``svg_cells``) trapcore.maze makes.
LIMITS = Limits(
    MAX_MAZE_CELLS, MAX_BATCH_CELLS, MAX_WORKERS, MAX_PIXELS, MAX_TEXT_CELLS, MAX_SVG_CELLS
)
