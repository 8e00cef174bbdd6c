"""Dataset items: the Batch and Ragged containers, and each puzzle's items keyed per item."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from trapcore._seeding import item_generator
from trapcore._validate import _describe

if TYPE_CHECKING:
    from trapcore.datasets.spec import Spec

__all__ = ["Batch", "Ragged", "item_bytes"]

#: Bytes of scratch a chunk of maze items may use (4 bytes per cell per item).
CHUNK_BYTES = 1 << 24


def item_bytes(spec: Spec) -> int:
    """An upper bound of the bytes one item takes in memory (its columns and the scratch that
    makes it).

    Parameters
    ----------
    spec : MazeSpec, NumberlinkSpec or CatSpec
        What an item is.

    Returns
    -------
    int
        Mazes 9 per cell (doors, and a solution of at most every cell as two int32) plus 64;
        Numberlink 4 per square (grid and solution, int16) plus 64; cat boards 1 per cell plus 32.

    Raises
    ------
    TypeError
        If ``spec`` is not a spec.

    See Also
    --------
    generate : Sizes shards with it.

    Examples
    --------
    >>> from trapcore import datasets
    >>> datasets.item_bytes(datasets.MazeSpec(rows=4, cols=5))
    244
    """
    from trapcore.datasets.spec import CatSpec, MazeSpec, NumberlinkSpec

    if not isinstance(spec, (MazeSpec, NumberlinkSpec, CatSpec)):
        raise TypeError(
            f"spec must be a MazeSpec, NumberlinkSpec or CatSpec, got {_describe(spec)}"
        )
    cells = spec.rows * (spec.cols or spec.rows)
    if spec.kind == "maze":
        return 9 * cells + 64
    if spec.kind == "numberlink":
        return 4 * cells + 64
    return cells + 32


@dataclass(frozen=True, eq=False)
class Ragged:
    """Rows of different lengths in one array: row ``i`` is ``values[offsets[i]:offsets[i+1]]``.

    Attributes
    ----------
    values : ndarray, shape (m, ...)
    offsets : ndarray of int64, shape (n + 1,)

    See Also
    --------
    Batch : Where it appears.
    to_numpy : Columns as numpy arrays.

    Examples
    --------
    >>> from trapcore import datasets
    >>> sol = datasets.generate(datasets.MazeSpec(rows=4, cols=5), 3, seed=0)["solution"]
    >>> sol
    <Ragged rows=3 values=(28, 2) int32>
    >>> sol.lengths
    array([10, 10,  8])
    >>> sol[2].shape  # the cells of item 2's solution
    (8, 2)
    """

    values: npt.NDArray[Any]
    offsets: npt.NDArray[np.int64]

    def __post_init__(self) -> None:
        values, offsets = self.values, self.offsets
        if not isinstance(values, np.ndarray) or values.ndim < 1:
            raise TypeError(f"values must be an ndarray of rows, got {_describe(values)}")
        if not isinstance(offsets, np.ndarray) or offsets.dtype.kind not in "iu":
            raise TypeError(f"offsets must be an ndarray of integers, got {_describe(offsets)}")
        if offsets.ndim != 1 or len(offsets) < 1 or offsets[0] != 0:
            raise ValueError("offsets must be 1-D, start at 0 and hold n + 1 values")
        if offsets[-1] != len(values) or (len(offsets) > 1 and (np.diff(offsets) < 0).any()):
            raise ValueError(
                f"offsets must rise from 0 to len(values) = {len(values)}, never falling"
            )
        if offsets.dtype != np.int64:
            object.__setattr__(self, "offsets", offsets.astype(np.int64))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i: SupportsIndex) -> npt.NDArray[Any]:
        row = range(len(self))[i]
        return self.values[self.offsets[row] : self.offsets[row + 1]]

    @property
    def lengths(self) -> npt.NDArray[np.int64]:
        """``int64`` (n,): the length of each row."""
        return np.diff(self.offsets)

    @classmethod
    def concat(cls, parts: Iterable[Ragged]) -> Ragged:
        """One Ragged holding the rows of ``parts`` in order.

        Parameters
        ----------
        parts : iterable of Ragged
            Not empty; their values share a dtype and the shape of a value.

        Returns
        -------
        Ragged

        Raises
        ------
        TypeError
            If ``parts`` is not an iterable of :class:`Ragged`.
        ValueError
            If it is empty (the values' dtype and shape would be unknown).

        Examples
        --------
        >>> from trapcore import datasets
        >>> sol = datasets.generate(datasets.MazeSpec(rows=4, cols=5), 3, seed=0)["solution"]
        >>> datasets.Ragged.concat([sol, sol])
        <Ragged rows=6 values=(56, 2) int32>
        """
        try:
            rows = list(parts)
        except TypeError:
            raise TypeError(
                f"parts must be an iterable of Ragged, got {_describe(parts)}"
            ) from None
        bad = [p for p in rows if not isinstance(p, Ragged)]
        if bad:
            raise TypeError(f"parts must hold only Ragged, got {_describe(bad[0])}")
        if not rows:
            raise ValueError("parts must hold at least one Ragged")
        values = np.concatenate([p.values for p in rows])
        lengths = np.concatenate([p.lengths for p in rows])
        offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(values, offsets)

    def take(self, rows: npt.NDArray[np.integer[Any]] | npt.NDArray[np.bool_]) -> Ragged:
        """The rows at ``rows``, in that order.

        Parameters
        ----------
        rows : ndarray of int or bool
            Row numbers, or a boolean mask of ``len(self)`` rows.

        Returns
        -------
        Ragged
            A new Ragged holding copies of those rows.

        Examples
        --------
        >>> import numpy as np
        >>> from trapcore import datasets
        >>> sol = datasets.generate(datasets.MazeSpec(rows=4, cols=5), 3, seed=0)["solution"]
        >>> sol.take(np.array([2, 0])).lengths
        array([ 8, 10])
        """
        idx = np.arange(len(self))[rows]
        lengths = self.lengths[idx]
        offsets = np.zeros(len(idx) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        starts = np.repeat(self.offsets[:-1][idx] - offsets[:-1], lengths)
        return Ragged(self.values[np.arange(offsets[-1]) + starts], offsets)

    def __repr__(self) -> str:
        return f"<Ragged rows={len(self)} values={self.values.shape} {self.values.dtype}>"


@dataclass(frozen=True, eq=False)
class Batch:
    """Items ``start`` to ``stop - 1`` of a dataset, as columns (one row per item).

    Attributes
    ----------
    spec : MazeSpec, NumberlinkSpec or CatSpec
    seed : int
        The dataset's seed.
    n : int
        Items in the whole dataset.
    start, stop : int
        The items held here (``columns["index"]`` is ``arange(start, stop)``).
    columns : dict
        Column name -> ndarray with one row per item (fixed shape) or :class:`Ragged`.

    See Also
    --------
    generate : Writes batches to shards.
    Ragged : Its variable-length columns.

    Examples
    --------
    >>> from trapcore import datasets
    >>> b = datasets.generate(datasets.CatSpec(rows=5, cols=5, blocked=4), 2, seed=0)
    >>> b
    <Batch cat items 0..2 of 2 columns=['index', 'board', 'cat', 'escape_distance', 'winnable']>
    >>> len(b), b["board"].shape
    (2, (2, 5, 5))
    """

    spec: Spec
    seed: int
    n: int
    start: int
    stop: int
    columns: dict[str, Any]

    def __len__(self) -> int:
        return self.stop - self.start

    def __getitem__(self, name: str) -> Any:
        return self.columns[name]

    def __repr__(self) -> str:
        return (
            f"<Batch {self.spec.kind} items {self.start}..{self.stop} of {self.n} "
            f"columns={list(self.columns)}>"
        )


def _passes(spec: Any, measures: dict[str, Any]) -> np.ndarray:
    ok = np.ones(len(next(iter(measures.values()))), dtype=bool)
    for name, lo, hi in spec.filters:
        m = measures[name]
        if lo is not None:
            ok &= m >= lo
        if hi is not None:
            ok &= m <= hi
    return ok


def _too_strict(spec: Any, item: Any) -> ValueError:
    return ValueError(
        f"filters {dict((n, (lo, hi)) for n, lo, hi in spec.filters)} rejected "
        f"{spec.max_attempts} candidates of item {item}; relax them or raise max_attempts"
    )


# -- mazes -------------------------------------------------------------------------------------


def _maze_chunk(
    spec: Any, key: Any, items: np.ndarray, attempt: int, workers: int
) -> dict[str, Any]:
    """Candidates ``attempt`` of ``items``: carved, braided, ends drawn, solved, measured."""
    from trapcore.maze.internal import as_method as _as_method
    from trapcore.maze.internal import carve_items as _carve_items
    from trapcore.maze.internal import rows_kernels as _rows

    rows, cols = spec.rows, spec.cols
    n = len(items)
    doors = np.empty((n, rows, cols), dtype=np.uint8)
    ends = np.zeros((n, 4), dtype=np.int32)
    rand_in, rand_out = spec.entrance == "random", spec.exit == "random"
    if not rand_in:
        ends[:, 0:2] = spec.entrance
    if not rand_out:
        ends[:, 2:4] = spec.exit
    _carve_items(
        doors,
        key,
        items,
        method=_as_method(spec.method),
        attempt=attempt,
        p=spec.braid,
        ends=ends,
        random_entrance=rand_in,
        random_exit=rand_out,
        workers=workers,
    )
    # a path visits each cell at most once: the capacity is reserved, only its start is touched
    values = np.empty((n * rows * cols, 2), dtype=np.int32)
    offsets = np.empty(n + 1, dtype=np.int64)
    measures = np.empty((n, 4), dtype=np.int32)
    _rows.solve_rows(doors, ends, values, offsets, measures)
    return {
        "index": items.astype(np.int64),
        "doors": doors,
        "entrance": ends[:, 0:2],
        "exit": ends[:, 2:4],
        "solution": Ragged(values[: offsets[-1]], offsets),
        "path_length": measures[:, 0],
        "dead_ends": measures[:, 1],
        "decision_points": measures[:, 2],
        "distance": measures[:, 3],
    }


def _take(cols: dict[str, Any], rows: Any) -> dict[str, Any]:
    return {k: (v.take(rows) if isinstance(v, Ragged) else v[rows]) for k, v in cols.items()}


def _merge(parts: list[dict[str, Any]], order: np.ndarray | None = None) -> dict[str, Any]:
    out = {}
    for name in parts[0]:
        vals = [p[name] for p in parts]
        out[name] = Ragged.concat(vals) if isinstance(vals[0], Ragged) else np.concatenate(vals)
    if order is not None:
        out = _take(out, order)
    return out


def maze_items(spec: Any, key: Any, start: int, stop: int, workers: int = 1) -> dict[str, Any]:
    """Columns of maze items ``start .. stop-1``: each the first candidate (attempt 0, 1, ...)
    that passes the spec's filters."""
    chunks = []
    step = max(1, CHUNK_BYTES // (4 * spec.rows * spec.cols))
    for a in range(start, stop, step):
        items = np.arange(a, min(stop, a + step), dtype=np.int64)
        cols = _maze_chunk(spec, key, items, 0, workers)
        if not spec.filters:
            chunks.append(cols)
            continue
        ok = _passes(spec, cols)
        kept = [_take(cols, ok)]
        pending = items[~ok]
        attempt = 1
        while len(pending):
            if attempt >= spec.max_attempts:
                raise _too_strict(spec, int(pending[0]))
            cand = _maze_chunk(spec, key, pending, attempt, workers)
            ok = _passes(spec, cand)
            kept.append(_take(cand, ok))
            pending = pending[~ok]
            attempt += 1
        merged = _merge(kept)
        chunks.append(_take(merged, np.argsort(merged["index"], kind="stable")))
    if not chunks:
        return _maze_chunk(spec, key, np.empty(0, dtype=np.int64), 0, 1)
    return chunks[0] if len(chunks) == 1 else _merge(chunks)


# -- Numberlink --------------------------------------------------------------------------------


def numberlink_items(
    spec: Any, key: Any, start: int, stop: int, workers: int = 1
) -> dict[str, Any]:
    """Columns of Numberlink items ``start .. stop-1`` (one ``generate`` call per candidate,
    seeded by the item's generator)."""
    from trapcore.numberlink import generate, measure

    kwargs = {
        "min_length": spec.min_length,
        "long_paths": spec.long_paths,
        "solids": spec.solids,
        "unique": spec.unique,
        "difficulty": spec.difficulty,
        "fill": spec.fill,
        "touch": spec.touch,
    }
    n = stop - start
    grid = np.empty((n, spec.rows, spec.cols), dtype=np.int16)
    solution = np.empty((n, spec.rows, spec.cols), dtype=np.int16)
    numbers = np.empty(n, dtype=np.int32)
    difficulty = np.empty(n, dtype=np.float64)
    median_length = np.empty(n, dtype=np.float64)
    solids = np.empty(n, dtype=np.int32)
    for j, k in enumerate(range(start, stop)):  # one generate call per item, not per cell
        for attempt in range(spec.max_attempts):
            p = generate(spec.rows, spec.cols, seed=item_generator(key, k, attempt), **kwargs)
            q = measure(p)
            m = {
                "numbers": np.array([p.numbers]),
                "difficulty": np.array([p.difficulty]),
                "median_length": np.array([q.median_length]),
                "solids": np.array([q.solids]),
            }
            if _passes(spec, m)[0]:
                break
        else:
            raise _too_strict(spec, k)
        grid[j] = p.grid
        solution[j] = p.solution
        numbers[j] = p.numbers
        difficulty[j] = p.difficulty
        median_length[j] = m["median_length"][0]
        solids[j] = m["solids"][0]
    return {
        "index": np.arange(start, stop, dtype=np.int64),
        "grid": grid,
        "solution": solution,
        "numbers": numbers,
        "difficulty": difficulty,
        "median_length": median_length,
        "solids": solids,
    }


# -- Trap the Cat -------------------------------------------------------------------------------

#: The solver's budget per start when a cat spec asks for winnable (or lost) starts.
CAT_SOLVER_NODES = 200_000


def cat_items(spec: Any, key: Any, start: int, stop: int, workers: int = 1) -> dict[str, Any]:
    """Columns of cat items ``start .. stop-1``: a random even-r board with the cat in the middle
    (``hexgrid.random_board`` from the item's generator); with ``winnable`` set, the solver
    (against the solver's model of the policy: ``players._model_of``) must prove the start won
    (True) or lost (False), an unproven candidate counting as rejected."""
    from trapcore.cat import Verdict, hexgrid, solve
    from trapcore.cat.internal import model_of as _model_of

    n = stop - start
    cat = (spec.rows // 2, spec.cols // 2)
    board = np.empty((n, spec.rows, spec.cols), dtype=np.uint8)
    escape = np.empty(n, dtype=np.int32)
    verdict = np.full(n, -1, dtype=np.int8)
    want = None if spec.winnable is None else (Verdict.WIN if spec.winnable else Verdict.LOSS)
    for j, k in enumerate(range(start, stop)):  # one board per item, not per cell
        for attempt in range(spec.max_attempts):
            b = hexgrid.random_board(
                spec.rows,
                spec.cols,
                spec.blocked,
                seed=item_generator(key, k, attempt),
                keep_free=cat,
            )
            if want is None:
                break
            got = solve(b, cat, policy=_model_of(spec.policy), max_nodes=CAT_SOLVER_NODES).verdict
            if got == want:
                verdict[j] = 1 if got == Verdict.WIN else 0
                break
        else:
            raise ValueError(
                f"no {'won' if spec.winnable else 'lost'} start for item {k} in "
                f"{spec.max_attempts} candidates; change blocked or raise max_attempts"
            )
        board[j] = b
        escape[j] = hexgrid.distance_to_border(b)[cat]
    cats = np.empty((n, 2), dtype=np.int32)
    cats[:] = cat
    return {
        "index": np.arange(start, stop, dtype=np.int64),
        "board": board,
        "cat": cats,
        "escape_distance": escape,
        "winnable": verdict,
    }


ITEMS = {"maze": maze_items, "numberlink": numberlink_items, "cat": cat_items}
