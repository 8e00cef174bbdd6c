"""Numberlink (Arukone, Flow): puzzles, their text formats, a complete solver, a unique generator.

``Puzzle`` is the one model: a grid (``int16``: ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint
of path ``k``), or a board of any shape from the builders (``grid_board`` with bridges, wrapping
and warps; ``hex_board``; ``layered_board`` with or without vias; ``Puzzle.from_graph``), with its
rules (``fill``, ``touch``: Flow Free's by default) and solution; its methods solve, count and
check it. ``generate`` makes puzzles, on a grid of a given size or on a blank puzzle; ``solve``,
``count``, ``count_nodes`` and ``check`` work on grids, and ``deduce`` solves a grid puzzle by
sound deductions alone (a ``Deduction``: a proof of uniqueness and a grade); ``read_puzzles``,
``parse_puzzles`` and ``write_puzzles`` handle the text formats. ``Board`` (0.2's class of
boards) is ``Puzzle`` now, a deprecated name until 0.4, as is ``generate_board`` (``generate`` of
a blank puzzle).
"""

from trapcore._renamed import module_getattr
from trapcore.numberlink.board_generate import _generate_board
from trapcore.numberlink.deduce import Deduction, Step, deduce
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
    LIMITS,
    difficulty_band,
    difficulty_level,
    generate,
)
from trapcore.numberlink.puzzle import Puzzle
from trapcore.numberlink.quality import Quality, measure
from trapcore.numberlink.solve import check, count, count_nodes, solve
from trapcore.numberlink.variants import _Board, grid_board, hex_board, layered_board

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
    "deduce",
    "Deduction",
    "Step",
    "read_puzzles",
    "parse_puzzles",
    "write_puzzles",
    "parse_contest",
    "parse_contest_board",
    "contest_answer",
    "contest_text",
    "parse_puzzlink",
    "puzzlink_url",
    "grid_board",
    "hex_board",
    "layered_board",
    "SYMBOLS",
    "STYLES",
    "DIFFICULTY_LEVELS",
    "LIMITS",
]

#: 0.2's names, deprecated (they go in 0.4): Board is Puzzle, the two limits are LIMITS' fields,
#: generate_board(blank) is generate(blank) (returning (puzzle, solution), as in 0.2).
__getattr__ = module_getattr(
    __name__,
    {
        "Board": "Puzzle",
        "MAX_SOLVE_CELLS": "LIMITS",
        "MAX_GENERATE_CELLS": "LIMITS",
        "generate_board": "generate",
    },
    globals(),
    {
        "Board": _Board,
        "generate_board": _generate_board,
        "MAX_SOLVE_CELLS": LIMITS.solve_cells,
        "MAX_GENERATE_CELLS": LIMITS.generate_cells,
    },
)
del _Board, _generate_board, module_getattr
