"""Maze door bits: the constants, the full check of a door array, and one-door helpers."""

from __future__ import annotations

import enum

import numpy as np
import numpy.typing as npt

from trapcore._types import CellLike
from trapcore._validate import _describe, as_cell, as_choice, as_grid, as_int, check_array_size
from trapcore.maze._types import Doors

__all__ = [
    "DoorState",
    "MAX_MAZE_CELLS",
    "SIDES",
    "check_doors",
    "close_door",
    "door",
    "down_doors",
    "lock_door",
    "open_door",
    "right_doors",
    "set_door",
]

#: Door states (two bits each): closed, open, locked (closed for good); ``DoorState``'s values.
CLOSED, OPEN, LOCKED = 0b00, 0b01, 0b11


class DoorState(enum.IntEnum):
    """A door's state, the two bits each door takes in a doors array (an ``int``: ``door``
    returns, and ``set_door`` takes, these values). ``trapcore.maze.CLOSED``, ``OPEN`` and
    ``LOCKED`` before 0.3 (deprecated)."""

    #: ``0b00``: closed (carving may open it).
    CLOSED = 0b00
    #: ``0b01``: open.
    OPEN = 0b01
    #: ``0b11``: closed for good (opening it would make a loop, or it is on the outer wall).
    LOCKED = 0b11


#: Sides of a cell, for the door helpers.
SIDES = ("up", "right", "down", "left")
#: The largest maze accepted, in cells (8192 x 8192): carving needs about 15 bytes per cell.
MAX_MAZE_CELLS = 1 << 26


def check_doors(doors: npt.ArrayLike, *, name: str = "doors") -> Doors:
    """Validate a door array and return it as a C-contiguous ``uint8`` array.

    Every two-bit field must be ``0b00``, ``0b01`` or ``0b11`` and no door on the outer wall (the
    Down doors of the last row, the Right doors of the last column) may be open.

    Parameters
    ----------
    doors : array_like of int, shape (rows, cols)
        Door bits: bits 0-1 the door Down, bits 2-3 the door Right.
    name : str, optional
        The argument's name, for error messages.

    Returns
    -------
    ndarray of uint8, shape (rows, cols)
        ``doors`` itself when it already is a C-contiguous ``uint8`` array, else a converted copy.
        Code that must trust the doors later keeps a private copy (as :class:`Maze` does).

    Raises
    ------
    TypeError
        If ``doors`` is not an integer array.
    ValueError
        If it is not 2-D, is empty, has more than ``MAX_MAZE_CELLS`` cells, or holds a value
        outside 0..15, a field ``0b10`` or an open outer door.

    See Also
    --------
    door : One door.
    Maze : Doors with an entrance and an exit.

    Examples
    --------
    >>> from trapcore import maze
    >>> maze.check_doors([[0b0111, 0b0011], [0b1100, 0b1111]])
    array([[ 7,  3],
           [12, 15]], dtype=uint8)
    >>> maze.check_doors([[0, 0], [1, 0]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: doors[1, 0] opens the Down door on the outer wall; ...
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str (the argument's name), got {_describe(name)}")
    d = as_grid(doors, name, np.uint8, values=(0, 15), max_cells=MAX_MAZE_CELLS)
    down, right = d & 3, (d >> 2) & 3
    for field, side in ((down, "Down"), (right, "Right")):
        wrong = np.argwhere(field == 2)
        if len(wrong):
            r, c = (int(x) for x in wrong[0])
            raise ValueError(
                f"{name}[{r}, {c}] = {int(d[r, c])}: its {side} door is 0b10, which is not a door "
                "state (0b00 closed, 0b01 open, 0b11 locked)"
            )
    bad = np.flatnonzero(down[-1] == OPEN)
    if len(bad):
        raise ValueError(
            f"{name}[{d.shape[0] - 1}, {int(bad[0])}] opens the Down door on the outer wall; "
            "outer doors must stay closed or locked"
        )
    bad = np.flatnonzero(right[:, -1] == OPEN)
    if len(bad):
        raise ValueError(
            f"{name}[{int(bad[0])}, {d.shape[1] - 1}] opens the Right door on the outer wall; "
            "outer doors must stay closed or locked"
        )
    return d


def _as_door_array(doors: object, name: str = "doors") -> Doors:
    """A cheap check for the single-door helpers (no full scan): a 2-D uint8 ndarray."""
    if not isinstance(doors, np.ndarray):
        raise TypeError(f"{name} must be a numpy uint8 array, got {_describe(doors)}")
    if doors.dtype != np.uint8:
        raise TypeError(f"{name} must have dtype uint8, got {doors.dtype}")
    if doors.ndim != 2 or 0 in doors.shape:
        raise ValueError(f"{name} must be a non-empty 2-D array, got shape {doors.shape}")
    check_array_size(doors, name, max_cells=MAX_MAZE_CELLS)  # before any result is allocated
    return doors


def _check_stored(d: Doors, r: int, c: int, name: str = "doors") -> None:
    """ValueError naming ``name`` when the cell ``(r, c)`` that stores a door holds bits no door
    has (above bit 3) or a door state 0b10: the single-door helpers check the cell they touch,
    not the whole array (check_doors does)."""
    v = int(d[r, c])
    if v > 15 or v & 3 == 2 or (v >> 2) & 3 == 2:
        raise ValueError(
            f"{name}[{r}, {c}] = {v} is not a cell's door bits (two doors, each 0b00 closed, "
            "0b01 open or 0b11 locked, in bits 0-3)"
        )


def _check_all_stored(d: Doors, name: str = "doors") -> None:
    """:func:`_check_stored` for every cell (for the helpers that read them all)."""
    bad = np.argwhere((d > 15) | (d & 3 == 2) | ((d >> 2) & 3 == 2))
    if len(bad):
        _check_stored(d, int(bad[0][0]), int(bad[0][1]), name)


def _door_slot(shape: tuple[int, int], cell: CellLike, side: str) -> tuple[int, int, int] | None:
    """(row, col, shift) of the stored door on ``side`` of ``cell``, or None for the top and left
    outer walls (not stored, always locked)."""
    r, c = as_cell(cell, shape, "cell")
    side = as_choice(side, "side", SIDES)
    if side == "down":
        return r, c, 0
    if side == "right":
        return r, c, 2
    if side == "up":
        return (r - 1, c, 0) if r > 0 else None
    return (r, c - 1, 2) if c > 0 else None


def _on_outer_wall(shape: tuple[int, int], slot: tuple[int, int, int]) -> bool:
    r, c, shift = slot
    return (shift == 0 and r == shape[0] - 1) or (shift == 2 and c == shape[1] - 1)


def door(doors: Doors, cell: CellLike, side: str) -> int:
    """The state of the door on ``side`` of ``cell``.

    Parameters
    ----------
    doors : ndarray of uint8, shape (rows, cols)
        Door bits (bits 0-1 Down, bits 2-3 Right).
    cell : (row, col)
    side : {"up", "right", "down", "left"}
        The top and left outer walls are not stored and read as ``LOCKED``.

    Returns
    -------
    int
        ``CLOSED`` (0), ``OPEN`` (1) or ``LOCKED`` (3).

    Raises
    ------
    TypeError
        If ``doors`` is not a ``uint8`` ndarray or ``cell`` not a pair of ints.
    ValueError
        If ``doors`` is not a non-empty 2-D array, ``cell`` lies outside it, ``side`` is
        unknown, or the cell that stores the door holds bits no door has (above bit 3, 0b10).

    See Also
    --------
    set_door : Sets one.
    Maze.door : The same on a maze.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> d = tc.Maze.carve(4, 5, seed=2).doors.copy()
    >>> maze.door(d, (1, 1), "right") in (maze.DoorState.OPEN, maze.DoorState.LOCKED)  # none closed
    True
    """
    d = _as_door_array(doors)
    slot = _door_slot(d.shape, cell, side)
    if slot is None:
        return LOCKED
    r, c, shift = slot
    _check_stored(d, r, c)
    return (int(d[r, c]) >> shift) & 3


def set_door(doors: Doors, cell: CellLike, side: str, state: int) -> None:
    """Set the door on ``side`` of ``cell`` to ``state``, in place.

    Bitwise: ``doors[r, c] = (doors[r, c] & ~(3 << shift)) | (state << shift)`` on the cell that
    stores the door (the cell above for ``"up"``, the cell to the left for ``"left"``).

    Parameters
    ----------
    doors : ndarray of uint8, shape (rows, cols), writable
    cell : (row, col)
    side : {"up", "right", "down", "left"}
    state : {0, 1, 3}
        ``CLOSED``, ``OPEN`` or ``LOCKED``.

    Raises
    ------
    TypeError
        As for :func:`door`, or if ``state`` is not an int.
    ValueError
        If ``state`` is not 0, 1 or 3, the door is on the outer wall and ``state`` is not
        ``LOCKED`` (outer doors stay locked), or ``doors`` is read-only.

    Returns
    -------
    None
        ``doors`` is changed in place.

    See Also
    --------
    door : Reads one.
    open_door : Opens one.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore import maze
    >>> d = np.zeros((2, 2), np.uint8)
    >>> maze.set_door(d, (0, 0), "right", maze.DoorState.OPEN)
    >>> maze.door(d, (0, 0), "right") == maze.door(d, (0, 1), "left") == maze.DoorState.OPEN
    True
    """
    d = _as_door_array(doors)
    state = as_int(state, "state")
    if state not in (CLOSED, OPEN, LOCKED):
        raise ValueError(f"state must be 0 (closed), 1 (open) or 3 (locked), got {state}")
    slot = _door_slot(d.shape, cell, side)
    if slot is None or _on_outer_wall(d.shape, slot):
        if state != LOCKED:
            raise ValueError(
                f"the {side} door of {tuple(cell)} is on the outer wall; it stays locked"
            )
        if slot is None:
            return
    if not d.flags.writeable:
        raise ValueError("doors is read-only; pass a writable copy (doors.copy())")
    r, c, shift = slot
    _check_stored(d, r, c)
    d[r, c] = (int(d[r, c]) & ~(3 << shift) & 0xFF) | (state << shift)


def open_door(doors: Doors, cell: CellLike, side: str) -> None:
    """Open the door on ``side`` of ``cell``, in place.

    Parameters
    ----------
    doors, cell, side
        As for :func:`set_door` (which raises the same errors).

    Returns
    -------
    None
        ``doors`` is changed in place.

    See Also
    --------
    close_door : Closes one.
    lock_door : Locks one.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore import maze
    >>> d = np.zeros((2, 2), np.uint8)
    >>> maze.open_door(d, (1, 1), "up")
    >>> d
    array([[0, 1],
           [0, 0]], dtype=uint8)
    """
    set_door(doors, cell, side, OPEN)


def close_door(doors: Doors, cell: CellLike, side: str) -> None:
    """Close (not lock) the door on ``side`` of ``cell``, in place.

    Parameters
    ----------
    doors, cell, side
        As for :func:`set_door` (which raises the same errors).

    Returns
    -------
    None
        ``doors`` is changed in place.

    See Also
    --------
    open_door : Opens one.
    lock_door : Locks one.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> d = tc.Maze.carve(2, 2, seed=0).doors.copy()  # a maze's doors are read-only
    >>> maze.close_door(d, (0, 0), "right")
    >>> maze.door(d, (0, 0), "right") == maze.DoorState.CLOSED
    True
    """
    set_door(doors, cell, side, CLOSED)


def lock_door(doors: Doors, cell: CellLike, side: str) -> None:
    """Lock the door on ``side`` of ``cell``, in place.

    Parameters
    ----------
    doors, cell, side
        As for :func:`set_door` (which raises the same errors).

    Returns
    -------
    None
        ``doors`` is changed in place.

    See Also
    --------
    open_door : Opens one.
    close_door : Closes one.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore import maze
    >>> d = np.zeros((1, 2), np.uint8)
    >>> maze.lock_door(d, (0, 1), "left")
    >>> d
    array([[12,  0]], dtype=uint8)
    """
    set_door(doors, cell, side, LOCKED)


def down_doors(doors: Doors) -> Doors:
    """The Down door of every cell.

    Parameters
    ----------
    doors : ndarray of uint8, shape (rows, cols)

    Returns
    -------
    ndarray of uint8, shape (rows, cols)
        ``doors & 3``: 0 closed, 1 open, 3 locked.

    See Also
    --------
    right_doors : The doors to the right.
    door : One door.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> maze.down_doors(tc.Maze.carve(2, 3, seed=1).doors)
    array([[1, 1, 1],
           [3, 3, 3]], dtype=uint8)
    """
    d = _as_door_array(doors)
    _check_all_stored(d)
    down: Doors = d & np.uint8(3)  # uint8 & uint8: typed for the stubs
    return down


def right_doors(doors: Doors) -> Doors:
    """The Right door of every cell.

    Parameters
    ----------
    doors : ndarray of uint8, shape (rows, cols)

    Returns
    -------
    ndarray of uint8, shape (rows, cols)
        ``(doors >> 2) & 3``: 0 closed, 1 open, 3 locked.

    See Also
    --------
    down_doors : The doors below.
    door : One door.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> maze.right_doors(tc.Maze.carve(2, 3, seed=1).doors)
    array([[1, 3, 3],
           [3, 1, 3]], dtype=uint8)
    """
    d = _as_door_array(doors)
    _check_all_stored(d)
    right: Doors = (d >> np.uint8(2)) & np.uint8(3)
    return right
