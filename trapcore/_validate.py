"""Shared argument checking for the Python layer: every public function validates through here.

Each helper names the argument in its error, says what was expected and what was given, and
returns a value a kernel can trust (C-contiguous arrays of the kernel's dtype, plain ints).
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Collection, Mapping
from typing import Protocol, SupportsIndex, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = [
    "as_generator",
    "as_int",
    "as_size",
    "as_cell",
    "as_grid",
    "as_choice",
    "as_flag",
    "as_pair",
    "check_callback",
    "refuse_masked",
    "check_array_size",
    "frozen_copy",
    "MAX_CELLS",
]

#: The largest board or maze (in cells) any function accepts: 2**28 cells, a few GiB of scratch.
MAX_CELLS = 1 << 28

_S = TypeVar("_S", bound=np.generic)


@runtime_checkable
class _PairLike(Protocol):
    """What :func:`as_cell` reads: a length and items 0 and 1 (a tuple, list or array)."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> object: ...


def _describe(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def as_int(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return ``value`` as a Python int, refusing bools, floats and strings (TypeError) and values
    outside ``[minimum, maximum]`` (ValueError)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (numbers.Integral, SupportsIndex)
    ):
        raise TypeError(f"{name} must be an integer, got {_describe(value)}")
    if isinstance(value, numbers.Integral):
        number = int(value)
    else:
        try:
            number = int(operator.index(value))
        except TypeError:
            raise TypeError(f"{name} must be an integer, got {_describe(value)}") from None
    if minimum is not None and number < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {number}")
    if maximum is not None and number > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {number}")
    return number


def as_size(
    rows: object,
    cols: object,
    *,
    names: tuple[str, str] = ("rows", "cols"),
    minimum: int = 1,
    max_cells: int = MAX_CELLS,
) -> tuple[int, int]:
    """Validate a board size: two integers >= ``minimum`` whose product is at most ``max_cells``."""
    r = as_int(rows, names[0], minimum=minimum)
    c = as_int(cols, names[1], minimum=minimum)
    if r * c > max_cells:
        raise ValueError(
            f"{names[0]} x {names[1]} = {r} x {c} = {r * c} cells is more than the "
            f"{max_cells} this function accepts"
        )
    return r, c


def as_generator(seed: object, name: str = "seed") -> np.random.Generator:
    """Turn ``seed`` into a ``numpy.random.Generator``.

    ``None`` draws fresh entropy; a non-negative int or a ``SeedSequence`` seeds an explicit
    ``PCG64`` (whose stream numpy keeps stable across versions and platforms); a ``Generator`` is
    used as it is (and advanced by the call).
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, np.random.SeedSequence):
        return np.random.Generator(np.random.PCG64(seed))
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(
            f"{name} must be None, a non-negative int, a numpy.random.SeedSequence or a "
            f"numpy.random.Generator, got {_describe(seed)}"
        )
    seed = int(seed)
    if seed < 0:
        raise ValueError(f"{name} must be non-negative, got {seed}")
    return np.random.Generator(np.random.PCG64(seed))


def as_pair(value: object, name: str, what: str = "(row, col)") -> tuple[object, object]:
    """The two items of a pair (a tuple, a list, a 1-D array of length 2), unchecked; TypeError
    naming ``name`` for anything else: a str or bytes (whose characters would unpack as two
    numbers), a mapping (whose keys would), a set (whose order is arbitrary), a scalar."""
    if (
        isinstance(value, (str, bytes, bytearray, memoryview, Mapping))
        or not isinstance(value, _PairLike)
        or (isinstance(value, np.ndarray) and value.ndim != 1)
    ):
        raise TypeError(f"{name} must be a {what} pair of ints, got {_describe(value)}")
    try:
        if len(value) != 2:
            raise TypeError
        return value[0], value[1]
    except (TypeError, KeyError, IndexError):
        raise TypeError(f"{name} must be a {what} pair of ints, got {_describe(value)}") from None


def as_cell(cell: object, shape: tuple[int, int], name: str) -> tuple[int, int]:
    """Validate a ``(row, col)`` coordinate inside a board of ``shape``."""
    row, col = as_pair(cell, name)
    r = as_int(row, f"{name}[0] (row)")
    c = as_int(col, f"{name}[1] (col)")
    rows, cols = shape
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"{name} = ({r}, {c}) is outside the {rows} x {cols} board")
    return r, c


def check_callback(value: object, name: str, call: str = "(done, total)") -> None:
    """TypeError naming ``name`` unless ``value`` is None or a callable (a progress callback)."""
    if value is not None and not callable(value):
        raise TypeError(f"{name} must be None or a callable {call}, got {_describe(value)}")


def as_flag(value: object, name: str) -> bool:
    """A bool option (``numpy.bool_`` accepted), as a plain bool; TypeError for anything else
    (``0``, ``"no"`` or ``None`` would otherwise be read by their truth value)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a bool, got {_describe(value)}")
    return bool(value)


def refuse_masked(value: object, name: str) -> None:
    """TypeError for a ``numpy.ma.MaskedArray``: a mask has no meaning on a board, a grid or a
    path, and numpy's own error (``MaskError``) names neither the argument nor the fix."""
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(
            f"{name} must be a plain array, got a numpy masked array; choose the value of its "
            f"masked entries with {name}.filled(value)"
        )


def check_array_size(
    value: object, name: str, *, max_cells: int = MAX_CELLS, ndim: int | None = None
) -> None:
    """Refuse, before anything is copied, an array argument too big to accept.

    Masked arrays are refused (TypeError, :func:`refuse_masked`). For an object with a ``shape``
    (an ndarray, a broadcast view, a memmap), an ``ndim`` other than ``ndim`` (when given) or
    more than ``max_cells`` entries is a ValueError naming ``name``: checked on the shape alone,
    so a ``numpy.broadcast_to`` view of 2**33 entries is refused without allocating them. Lists
    and other objects are left to the caller's conversion (they already hold their entries).
    """
    refuse_masked(value, name)
    shape = getattr(value, "shape", None) if isinstance(value, np.ndarray) else None
    if shape is None:
        return
    if ndim is not None and len(shape) != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got {len(shape)}-D with shape {shape}")
    size = 1
    for n in shape:
        size *= int(n)
    if size > max_cells:
        raise ValueError(
            f"{name} has {size} entries (shape {shape}), more than the {max_cells} accepted"
        )


def frozen_copy(array: npt.NDArray[_S]) -> npt.NDArray[_S]:
    """A read-only C-contiguous copy of ``array`` over a private ``bytes`` object.

    Unlike an array that owns its memory (or a view of one), it can never be made writable again:
    ``flags.writeable = True`` raises on it and on its ``base``, so what the library hands out
    cannot be changed behind the back of the object that trusts it.
    """
    a = np.ascontiguousarray(array)
    out: npt.NDArray[_S] = np.frombuffer(a.tobytes(), dtype=a.dtype).reshape(a.shape)
    return out


def as_grid(
    array: object,
    name: str,
    dtype: type[_S],
    *,
    values: tuple[int, int] | None = None,
    allow_bool: bool = False,
    min_size: int = 1,
    max_cells: int = MAX_CELLS,
) -> npt.NDArray[_S]:
    """Validate a 2-D integer grid and return a C-contiguous copy-or-view of dtype ``dtype``.

    Refuses non-integer dtypes (floats, objects; bools unless ``allow_bool``) with TypeError, and
    wrong ndim, empty sides, too many cells and values outside the inclusive range ``values``
    with ValueError. Read-only and non-contiguous inputs are accepted (the result may be a copy).
    """
    a: npt.NDArray[np.generic]
    refuse_masked(array, name)
    if isinstance(array, np.ndarray):
        a = array
    else:
        try:
            a = np.asarray(array)
        except Exception as exc:  # ragged lists and the like
            raise ValueError(f"{name} must be a 2-D array, could not convert: {exc}") from None
    if a.dtype == np.bool_:
        if not allow_bool:
            raise TypeError(f"{name} must have an integer dtype, got bool")
    elif not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"{name} must have an integer dtype, got {a.dtype}")
    if a.ndim != 2:
        raise ValueError(f"{name} must be 2-D, got {a.ndim}-D with shape {a.shape}")
    if a.shape[0] < min_size or a.shape[1] < min_size:
        raise ValueError(f"{name} must be at least {min_size} x {min_size}, got shape {a.shape}")
    if a.size > max_cells:
        raise ValueError(f"{name} has {a.size} cells, more than the {max_cells} accepted")
    if values is not None and a.size:
        lo, hi = values
        amin, amax = int(a.min()), int(a.max())
        if amin < lo or amax > hi:
            bad = amin if amin < lo else amax
            where = tuple(int(i) for i in np.argwhere(a == bad)[0])
            raise ValueError(
                f"{name} values must lie in [{lo}, {hi}], got {bad} at (row, col) = {where}"
            )
    return np.ascontiguousarray(a, dtype=dtype)


def as_choice(value: object, name: str, choices: Collection[str]) -> str:
    """Validate a string option against ``choices``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {sorted(choices)}, got {_describe(value)}")
    if value not in choices:
        raise ValueError(f"{name} must be one of {sorted(choices)}, got {value!r}")
    # a plain str, whatever str subclass came (numpy.str_, a str enum: its value, not its name)
    return value if type(value) is str else str.__str__(value)
