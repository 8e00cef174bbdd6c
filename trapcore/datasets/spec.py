"""Dataset specs: what one item of a maze, Numberlink or cat dataset is, checked once, as JSON."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias, TypeVar

from trapcore._renamed import renamed, warn
from trapcore._validate import _describe, as_cell, as_choice, as_int

__all__ = [
    "MAZE_MEASURES",
    "NUMBERLINK_MEASURES",
    "CatSpec",
    "MazeSpec",
    "NumberlinkSpec",
    "spec_from_dict",
]

#: Measures of a maze item, usable in ``filters``: cells of the solution, cells with one open door,
#: cells of the solution (before the goal) where the walker has a choice, and the Manhattan
#: distance from the entrance to the exit.
MAZE_MEASURES = ("path_length", "dead_ends", "decision_points", "distance")
#: Measures of a Numberlink item: how many paths, ``Puzzle.difficulty`` (search nodes per square).
NUMBERLINK_MEASURES = ("numbers", "difficulty", "median_length", "solids")

#: A bound of a filter: a number, or ``None`` for no bound.
Bound: TypeAlias = float | None
#: ``filters=`` as given (``{measure: (low, high)}``) or as stored (``(measure, low, high)``).
FiltersLike: TypeAlias = (
    Mapping[str, tuple[Bound, Bound]] | tuple[tuple[str, Bound, Bound], ...] | None
)
#: A cell ``(row, col)`` on the outer wall, or ``"random"``.
EndLike: TypeAlias = tuple[int, int] | str

_SpecT = TypeVar("_SpecT", bound="_Spec")


def _as_filters(
    filters: object, measures: Collection[str], kind: str
) -> tuple[tuple[str, Bound, Bound], ...]:
    """``{measure: (low, high)}`` (inclusive; ``None`` for no bound) as a sorted tuple of
    ``(measure, low, high)``."""
    if filters is None:
        return ()
    if isinstance(filters, tuple) and all(isinstance(f, tuple) and len(f) == 3 for f in filters):
        filters = {name: (lo, hi) for name, lo, hi in filters}
    if not isinstance(filters, dict):
        raise TypeError(
            f"filters must be a dict {{measure: (low, high)}}, got {_describe(filters)}"
        )
    out = []
    for name, bounds in filters.items():
        if name not in measures:
            raise ValueError(
                f"filters: unknown {kind} measure {name!r}; use one of {list(measures)}"
            )
        try:
            lo, hi = bounds
        except (TypeError, ValueError):
            raise TypeError(
                f"filters[{name!r}] must be a (low, high) pair, got {_describe(bounds)}"
            ) from None
        for v in (lo, hi):
            if v is not None and (
                isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v)
            ):
                raise TypeError(f"filters[{name!r}] bounds must be numbers or None, got {bounds!r}")
        if lo is not None and hi is not None and lo > hi:
            raise ValueError(f"filters[{name!r}] must have low <= high, got {bounds!r}")
        out.append((name, lo, hi))
    return tuple(sorted(out))


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


class _Spec:
    """Shared behaviour: ``kind``, ``to_dict`` (JSON-ready) and a short repr."""

    kind = ""
    # declared for dataclasses.fields and replace: every spec class is a dataclass
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def to_dict(self) -> dict[str, Any]:
        """The spec as a JSON-ready dict, with ``"kind"``; :func:`spec_from_dict` reads it back."""
        d: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "filters":
                v = {name: [lo, hi] for name, lo, hi in v}
            elif isinstance(v, tuple):
                v = list(v)
            d[f.name] = v
        return d

    def replace(self: _SpecT, **changes: Any) -> _SpecT:
        """A copy with some fields changed (checked again)."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class MazeSpec(_Spec):
    """One item of a maze dataset: a carved (optionally braided) maze, its ends and solution.

    Parameters
    ----------
    rows, cols : int
        Size in cells (each >= 1; ``rows * cols`` <= 2**20).
    method : {"kruskal", "backtracker", "wilson", "prim"}
        Carving method, as for :meth:`trapcore.maze.Maze.carve`.
    braid : float in [0, 1]
        Fraction of dead ends removed after carving (adds loops), as
        :meth:`~trapcore.maze.Maze.braid`.
    entrance, exit : (row, col) or "random"
        Cells on the outer wall, or ``"random"``: a border cell drawn for each item. Defaults:
        the top-left and the bottom-right cells.
    filters : dict, optional
        ``{measure: (low, high)}`` over :data:`MAZE_MEASURES`, bounds inclusive (``None``: no
        bound). An item whose candidate fails is drawn again from its next attempt stream, so
        item ``k`` still depends only on ``(spec, seed, k)``.
    max_attempts : int
        Candidates tried per item before ``ValueError`` (the filters are too strict).

    See Also
    --------
    CatSpec
    NumberlinkSpec
    generate : Makes the dataset.

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.MazeSpec(rows=4, cols=5, filters={"path_length": (8, None)})
    >>> b = datasets.generate(spec, 3, seed=0)
    >>> bool((b["path_length"] >= 8).all())
    True
    """

    rows: int = 10
    cols: int = 10
    method: str = "kruskal"
    braid: float = 0.0
    entrance: EndLike = (0, 0)
    exit: EndLike | None = None
    filters: FiltersLike = ()
    max_attempts: int = 1000
    kind = "maze"

    def __post_init__(self) -> None:
        rows = as_int(self.rows, "rows", minimum=1)
        cols = as_int(self.cols, "cols", minimum=1)
        if rows * cols > 1 << 20:
            raise ValueError(
                f"rows x cols = {rows * cols} cells is more than the {1 << 20} a "
                "dataset maze may have"
            )
        _set(self, "rows", rows)
        _set(self, "cols", cols)
        from trapcore.maze import METHODS

        _set(self, "method", as_choice(self.method, "method", METHODS))
        p = self.braid
        if isinstance(p, bool) or not isinstance(p, (int, float)):
            raise TypeError(f"braid must be a number in [0, 1], got {_describe(p)}")
        if not 0.0 <= float(p) <= 1.0:
            raise ValueError(f"braid must lie in [0, 1], got {p}")
        _set(self, "braid", float(p))
        exit_ = (rows - 1, cols - 1) if self.exit is None else self.exit
        for name, cell in (("entrance", self.entrance), ("exit", exit_)):
            value: EndLike
            if isinstance(cell, str):
                if cell != "random":
                    raise ValueError(f"{name} must be a (row, col) cell or 'random', got {cell!r}")
                value = "random"
            else:
                r, c = as_cell(tuple(cell) if isinstance(cell, list) else cell, (rows, cols), name)
                if not (r in (0, rows - 1) or c in (0, cols - 1)):
                    raise ValueError(f"{name} = ({r}, {c}) must be on the outer wall")
                value = (r, c)
            _set(self, name, value)
        _set(self, "filters", _as_filters(self.filters, MAZE_MEASURES, "maze"))
        _set(self, "max_attempts", as_int(self.max_attempts, "max_attempts", minimum=1))

    def __repr__(self) -> str:
        extra = f" braid={self.braid}" if self.braid else ""
        extra += f" filters={len(self.filters)}" if self.filters else ""
        return f"<MazeSpec {self.rows}x{self.cols} method={self.method!r}{extra}>"


@dataclass(frozen=True)
class NumberlinkSpec(_Spec):
    """One item of a Numberlink dataset: a generated puzzle and its solution.

    Parameters
    ----------
    rows, cols : int
        Board size (>= 2 each); ``cols`` defaults to ``rows``.
    min_length : int
        Shortest path, in squares, as for :func:`trapcore.numberlink.generate`.
    long_paths : bool or None
        Paths grown along walls and each other (long, as published) or short ones, as for
        :func:`trapcore.numberlink.generate`; ``None`` (the default) is generate's (long from
        7 x 7 to 15 x 15), resolved when the spec is made, so a saved spec records a bool.
    solids : bool
        Let isolated squares be solid, as for :func:`trapcore.numberlink.generate` (default
        none; a saved spec without this field, written before it existed, reads as ``True``).
    unique : bool
        Only puzzles with exactly one solution.
    difficulty : {"easy", "medium", "hard"} or (low, high), optional
        As for :func:`trapcore.numberlink.generate`.
    fill, touch : bool
        The rules, as for :func:`trapcore.numberlink.generate`: Flow Free's by default;
        ``fill=False`` Nikoli's (squares may stay empty), ``touch=False`` the no-touch rule.
    filters : dict, optional
        ``{measure: (low, high)}`` over :data:`NUMBERLINK_MEASURES`.
    max_attempts : int
        Candidates tried per item before ``ValueError``.

    See Also
    --------
    CatSpec
    MazeSpec
    generate : Makes the dataset.

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.NumberlinkSpec(rows=5)
    >>> spec
    <NumberlinkSpec 5x5 min_length=3>
    >>> datasets.generate(spec, 2, seed=0)["grid"].shape
    (2, 5, 5)
    """

    rows: int = 7
    cols: int | None = None
    min_length: int = 3
    long_paths: bool | None = None
    solids: bool = False
    unique: bool = True
    difficulty: str | tuple[float, float] | None = None
    fill: bool = True
    touch: bool = True
    filters: FiltersLike = ()
    max_attempts: int = 1000
    kind = "numberlink"

    def __post_init__(self) -> None:
        rows = as_int(self.rows, "rows", minimum=2)
        cols = rows if self.cols is None else as_int(self.cols, "cols", minimum=2)
        from trapcore.numberlink.generate import MAX_GENERATE_CELLS

        if rows * cols > MAX_GENERATE_CELLS:
            raise ValueError(
                f"rows x cols = {rows * cols} is more than the {MAX_GENERATE_CELLS} "
                "squares generate accepts"
            )
        _set(self, "rows", rows)
        _set(self, "cols", cols)
        _set(
            self,
            "min_length",
            as_int(self.min_length, "min_length", minimum=2, maximum=rows * cols),
        )
        if self.long_paths is None:  # generate's default, fixed here so a saved spec keeps it
            from trapcore.numberlink.internal import default_long_paths as _default_long_paths

            _set(self, "long_paths", _default_long_paths(rows, cols))
        for name in ("unique", "long_paths", "solids"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {_describe(getattr(self, name))}")
        d = self.difficulty
        if d is not None and not isinstance(d, str):
            try:
                lo, hi = (float(v) for v in d)
            except (TypeError, ValueError):
                raise TypeError(
                    f"difficulty must be a level name or a (low, high) pair, got {_describe(d)}"
                ) from None
            d = (lo, hi)
        if d is not None and not self.unique:
            raise ValueError("difficulty needs unique=True")
        _set(self, "difficulty", d)
        for name in ("fill", "touch"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {_describe(getattr(self, name))}")
        _set(self, "filters", _as_filters(self.filters, NUMBERLINK_MEASURES, "Numberlink"))
        _set(self, "max_attempts", as_int(self.max_attempts, "max_attempts", minimum=1))

    def __repr__(self) -> str:
        extra = f" difficulty={self.difficulty!r}" if self.difficulty is not None else ""
        return f"<NumberlinkSpec {self.rows}x{self.cols} min_length={self.min_length}{extra}>"


@dataclass(frozen=True)
class CatSpec(_Spec):
    """One item of a Trap the Cat dataset: a random start (board of blocks, the cat in the middle).

    Parameters
    ----------
    rows, cols : int
        Board size (3..255 each); the board is even-r (even rows shifted right), the cat in
        the middle cell ``(rows // 2, cols // 2)``.
    blocked : int
        Cells blocked at random, never the cat's (default 8; ``blocks`` before 0.3,
        deprecated).
    policy : {"bfs", "rays", "smart"}
        The cat's policy the ``winnable`` check plays against.
    winnable : bool or None
        ``True``: only starts the solver proves won for the player (moving first) against
        ``policy`` (the smart cat solved as the optimal cat); ``False``: only starts it proves
        lost; ``None``: every start, unchecked (column ``winnable`` -1).
    max_attempts : int
        Candidates tried per item before ``ValueError``.

    See Also
    --------
    MazeSpec
    NumberlinkSpec
    generate : Makes the dataset.

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.CatSpec(rows=5, cols=5, blocked=4)
    >>> spec
    <CatSpec 5x5 blocked=4 policy='bfs' winnable=None>
    >>> datasets.generate(spec, 2, seed=0)["cat"].tolist()  # the middle cell
    [[2, 2], [2, 2]]
    """

    rows: int = 11
    cols: int = 11
    blocked: int = 8
    policy: str = "bfs"
    winnable: bool | None = None
    max_attempts: int = 1000
    kind = "cat"

    def __post_init__(self) -> None:
        rows = as_int(self.rows, "rows", minimum=3, maximum=255)
        cols = as_int(self.cols, "cols", minimum=3, maximum=255)
        _set(self, "rows", rows)
        _set(self, "cols", cols)
        blocked = as_int(self.blocked, "blocked", minimum=0, maximum=rows * cols - 1)
        _set(self, "blocked", blocked)
        _set(self, "policy", as_choice(self.policy, "policy", ("bfs", "rays", "smart")))
        if self.winnable is not None and not isinstance(self.winnable, bool):
            raise TypeError(f"winnable must be True, False or None, got {_describe(self.winnable)}")
        _set(self, "max_attempts", as_int(self.max_attempts, "max_attempts", minimum=1))

    def __repr__(self) -> str:
        return (
            f"<CatSpec {self.rows}x{self.cols} blocked={self.blocked} policy={self.policy!r} "
            f"winnable={self.winnable}>"
        )

    @property
    def blocks(self) -> int:
        """``blocked``'s old spelling (0.2), deprecated."""
        warn("CatSpec.blocks", "CatSpec.blocked", stacklevel=3)
        return self.blocked

    def replace(self, **changes: Any) -> CatSpec:
        """A copy with some fields changed (checked again).

        Returns
        -------
        CatSpec
            A new spec; this one is unchanged.

        Examples
        --------
        >>> from trapcore import datasets
        >>> datasets.CatSpec().replace(rows=7, cols=7)
        <CatSpec 7x7 blocked=8 policy='bfs' winnable=None>
        """
        if "blocks" in changes:
            if "blocked" in changes:
                raise TypeError("replace() got both blocks= and blocked=; give blocked only")
            warn("blocks=", "blocked=", "CatSpec.replace()")
            changes["blocked"] = changes.pop("blocks")
        return dataclasses.replace(self, **changes)


# the old spelling of blocked (0.2), for one release
CatSpec.__init__ = renamed(blocks="blocked")(CatSpec.__init__)  # type: ignore[method-assign]


#: Any dataset spec.
Spec: TypeAlias = MazeSpec | NumberlinkSpec | CatSpec

_KINDS: dict[str, type[Spec]] = {"maze": MazeSpec, "numberlink": NumberlinkSpec, "cat": CatSpec}


def spec_from_dict(d: dict[str, Any]) -> Spec:
    """The spec that ``spec.to_dict()`` wrote (as found in a dataset's metadata).

    Parameters
    ----------
    d : dict
        A spec's ``to_dict()``, its ``"kind"`` naming the spec's class.

    Returns
    -------
    MazeSpec, NumberlinkSpec or CatSpec

    Raises
    ------
    TypeError, ValueError
        For a ``d`` that is not such a dict.

    See Also
    --------
    CatSpec
    MazeSpec
    NumberlinkSpec

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.MazeSpec(rows=4, cols=5)
    >>> datasets.spec_from_dict(spec.to_dict()) == spec
    True
    """
    if not isinstance(d, dict):
        raise TypeError(f"d must be a dict from Spec.to_dict(), got {_describe(d)}")
    d = dict(d)
    kind = d.pop("kind", None)
    if kind not in _KINDS:
        raise ValueError(f"d['kind'] must be one of {sorted(_KINDS)}, got {kind!r}")
    for key in ("entrance", "exit", "difficulty"):
        if isinstance(d.get(key), list):
            d[key] = tuple(d[key])
    if isinstance(d.get("filters"), dict):
        d["filters"] = {k: tuple(v) for k, v in d["filters"].items()}
    if kind == "cat" and "blocks" in d and "blocked" not in d:
        d["blocked"] = d.pop("blocks")  # written by 0.2: its name then, read without a warning
    if kind == "numberlink" and "solids" not in d:
        d["solids"] = True  # written before the knob: its puzzles had solid squares
    names = {f.name for f in dataclasses.fields(_KINDS[kind])}
    unknown = set(d) - names
    if unknown:
        raise ValueError(f"d has unknown {kind} spec fields {sorted(unknown)}")
    return _KINDS[kind](**d)
