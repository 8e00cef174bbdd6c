"""Perfect mazes: the Maze (carve, solve, trace, braid, draw, convert), door helpers, carve_many."""

from trapcore.maze.batch import MAX_BATCH_CELLS, MAX_WORKERS, carve_many
from trapcore.maze.doors import (
    CLOSED,
    LOCKED,
    MAX_MAZE_CELLS,
    OPEN,
    SIDES,
    check_doors,
    close_door,
    door,
    down_doors,
    lock_door,
    open_door,
    right_doors,
    set_door,
)
from trapcore.maze.formats import (
    MAX_SVG_CELLS,
    from_connection_list,
    from_labmaze_text,
    from_maze_dataset_ascii,
    to_connection_list,
    to_labmaze_text,
    to_maze_dataset_ascii,
)
from trapcore.maze.maze import HANDS, METHODS, SOLVERS, Maze, Trace
from trapcore.maze.render import MAX_PIXELS, MAX_TEXT_CELLS

__all__ = [
    "CLOSED",
    "HANDS",
    "LOCKED",
    "MAX_BATCH_CELLS",
    "MAX_MAZE_CELLS",
    "MAX_PIXELS",
    "MAX_SVG_CELLS",
    "MAX_TEXT_CELLS",
    "MAX_WORKERS",
    "METHODS",
    "OPEN",
    "SIDES",
    "SOLVERS",
    "Maze",
    "Trace",
    "carve_many",
    "check_doors",
    "close_door",
    "door",
    "down_doors",
    "from_connection_list",
    "from_labmaze_text",
    "from_maze_dataset_ascii",
    "lock_door",
    "open_door",
    "right_doors",
    "set_door",
    "to_connection_list",
    "to_labmaze_text",
    "to_maze_dataset_ascii",
]
