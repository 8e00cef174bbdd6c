"""Perfect mazes: the Maze (carve, solve, trace, braid, draw, convert), door helpers, carve_many."""

from trapcore._renamed import module_getattr
from trapcore.maze._limits import LIMITS
from trapcore.maze.batch import carve_many
from trapcore.maze.doors import (
    SIDES,
    DoorState,
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
    from_connection_list,
    from_labmaze_text,
    from_maze_dataset_ascii,
    to_connection_list,
    to_labmaze_text,
    to_maze_dataset_ascii,
)
from trapcore.maze.maze import HANDS, METHODS, SOLVERS, Maze, Trace

__all__ = [
    "DoorState",
    "HANDS",
    "LIMITS",
    "METHODS",
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

#: 0.2's names, deprecated (they go in 0.4): the door states are DoorState's, the limits LIMITS'.
_OLD = {
    "CLOSED": DoorState.CLOSED,
    "OPEN": DoorState.OPEN,
    "LOCKED": DoorState.LOCKED,
    "MAX_MAZE_CELLS": LIMITS.maze_cells,
    "MAX_BATCH_CELLS": LIMITS.batch_cells,
    "MAX_WORKERS": LIMITS.workers,
    "MAX_PIXELS": LIMITS.pixels,
    "MAX_TEXT_CELLS": LIMITS.text_cells,
    "MAX_SVG_CELLS": LIMITS.svg_cells,
}
__getattr__ = module_getattr(
    __name__,
    {old: "DoorState" if old in ("CLOSED", "OPEN", "LOCKED") else "LIMITS" for old in _OLD},
    globals(),
    _OLD,
)
del module_getattr
