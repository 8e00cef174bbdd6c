"""Numberlink (Arukone, Flow): puzzles, their text formats, a complete solver, a unique generator.

``Puzzle`` holds a grid (``int16``: ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k``)
and its rules (``fill``, ``touch``: Flow Free's by default) and solution; ``generate``, ``solve``,
``count``, ``count_nodes`` and ``check`` work on grids under those rules;
``read_puzzles``, ``parse_puzzles`` and ``write_puzzles`` handle the text formats. ``Board`` and
its builders (``grid_board`` with bridges, wrapping and warps; ``hex_board``; ``layered_board``
with or without vias) solve the variants on boards of any shape.
"""

from trapcore.numberlink.board_generate import generate_board
from trapcore.numberlink.exchange import (
    contest_answer,
    contest_text,
    parse_contest,
    parse_contest_board,
    parse_puzzlink,
    puzzlink_url,
)
from trapcore.numberlink.formats import STYLES, SYMBOLS, parse_puzzles, read_puzzles, write_puzzles
from trapcore.numberlink.generate import (
    DIFFICULTY_LEVELS,
    MAX_GENERATE_CELLS,
    difficulty_band,
    difficulty_level,
    generate,
)
from trapcore.numberlink.puzzle import Puzzle
from trapcore.numberlink.quality import Quality, measure
from trapcore.numberlink.solve import MAX_SOLVE_CELLS, check, count, count_nodes, solve
from trapcore.numberlink.variants import Board, grid_board, hex_board, layered_board

__all__ = [
    "Puzzle",
    "Quality",
    "measure",
    "generate",
    "difficulty_band",
    "difficulty_level",
    "solve",
    "count",
    "count_nodes",
    "check",
    "read_puzzles",
    "parse_puzzles",
    "write_puzzles",
    "parse_contest",
    "parse_contest_board",
    "contest_answer",
    "contest_text",
    "parse_puzzlink",
    "puzzlink_url",
    "Board",
    "grid_board",
    "hex_board",
    "layered_board",
    "generate_board",
    "SYMBOLS",
    "STYLES",
    "DIFFICULTY_LEVELS",
    "MAX_GENERATE_CELLS",
    "MAX_SOLVE_CELLS",
]
