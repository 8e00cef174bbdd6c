"""Batches to and from Arrow tables: nested fixed-size lists, metadata, content hashes."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

from trapcore._extras import require
from trapcore._validate import _describe
from trapcore.datasets.items import Batch, Ragged
from trapcore.datasets.spec import Spec, spec_from_dict
from trapcore.errors import DatasetError

__all__ = [
    "HASH_BLOCK",
    "BlockHash",
    "ContentHash",
    "from_table",
    "shard_hash",
    "metadata_of",
    "parquet_encodings",
    "shard_metadata",
    "to_numpy",
    "to_table",
]

#: The key of trapcore's metadata in a Parquet file's schema.
META_KEY = b"trapcore"
#: Bumped when the layout of the files changes (2: shards in ``data/``, a manifest of shards with
#: their rows and SHA-256; 3: the content hash is :class:`BlockHash`'s, over blocks of
#: :data:`HASH_BLOCK` items; 4: each shard has page checksums and its own content hash,
#: :data:`SHARD_HASH_KEY`; 5: paths stored as steps, :func:`_steps`, and doors two cells a byte,
#: :func:`_nibbles`). Every earlier format still reads.
FORMAT_VERSION = 5
#: The formats :func:`from_table` reads.
FORMATS = (1, 2, 3, 4, 5)
#: The key of a shard's content hash (format 4): SHA-256 of its trapcore metadata, and of each
#: column's rows (:meth:`BlockHash.digests` of its part of the dataset's hash: the rows are
#: hashed once), so one shard read alone proves its content.
SHARD_HASH_KEY = b"trapcore.shard_hash"


def _pa() -> Any:
    """``pyarrow``, or :class:`trapcore._extras.MissingExtra` naming the ``data`` extra."""
    return require("pyarrow", "trapcore.datasets")


def _pq() -> Any:
    """``pyarrow.parquet``, or :class:`trapcore._extras.MissingExtra` naming the ``data`` extra."""
    return require("pyarrow.parquet", "trapcore.datasets")


#: Field metadata keys: a column's numpy dtype and the shape of one row (``null``: varies).
DTYPE_KEY, SHAPE_KEY = b"trapcore.dtype", b"trapcore.shape"
#: Rows of fixed shape with at least this many values are stored as fixed-size binary (one
#: Parquet value a row, no list levels per cell: far faster to write than lists; see
#: docs/benchmarks.md, "Tuned constants").
BINARY_FROM = 16


def _le(values: np.ndarray) -> np.ndarray:
    v = np.ascontiguousarray(values)
    return v.astype(v.dtype.newbyteorder("<"), copy=False)


def _prim(pa: Any, values: np.ndarray) -> Any:
    """A 1-D numeric ndarray as an Arrow array on its buffer (``pa.array`` would first ask
    pandas, importing it: half a second a process)."""
    v = _le(values)
    if v.dtype.kind not in "iuf":  # bools are bits in Arrow, bytes in numpy
        return pa.array(v)
    return pa.Array.from_buffers(pa.from_numpy_dtype(v.dtype), len(v), [None, pa.py_buffer(v)])


def _column(pa: Any, name: str, value: Any) -> tuple[Any, Any]:
    """``(array, field)`` for a column, built on its numpy buffers. Rows of fixed shape with
    :data:`BINARY_FROM` values or more are fixed-size binary (the row's bytes, little-endian,
    C order); smaller ones fixed-size lists; ragged rows a list of the row's values flattened
    (the pairs of a solution as r0, c0, r1, c1, ...). The field's metadata holds the dtype and
    the shape that :func:`to_numpy` restores."""
    values = value.values if isinstance(value, Ragged) else value
    per = int(np.prod(values.shape[1:], dtype=np.int64))
    shape: list[int | None] = list(values.shape[1:])
    if isinstance(value, Ragged):
        shape = [None, *shape]
        steps = _steps(pa, value)
        if steps is not None:
            meta = {DTYPE_KEY: str(values.dtype).encode(), SHAPE_KEY: json.dumps(shape).encode()}
            return steps, pa.field(name, steps.type, nullable=False, metadata=meta)
        flat = _prim(pa, values.reshape(-1))
        offsets = value.offsets * per
        if offsets[-1] < 2**31:
            arr = pa.ListArray.from_arrays(_prim(pa, offsets.astype(np.int32)), flat)
        else:
            arr = pa.LargeListArray.from_arrays(_prim(pa, offsets), flat)
    elif values.ndim == 1:
        arr = _prim(pa, values)
    elif per >= BINARY_FROM:
        data = _le(values)
        width = per * data.itemsize
        if name in NIBBLE_COLUMNS and data.dtype == np.uint8:
            data = _nibbles(name, data.reshape(len(data), per))
            width = data.shape[1]
        arr = pa.FixedSizeBinaryArray.from_buffers(
            pa.binary(width), len(data), [None, pa.py_buffer(data)]
        )
    else:
        arr = pa.FixedSizeListArray.from_arrays(_prim(pa, values.reshape(-1)), per)
    meta = {DTYPE_KEY: str(values.dtype).encode(), SHAPE_KEY: json.dumps(shape).encode()}
    return arr, pa.field(name, arr.type, nullable=False, metadata=meta)


#: Grid columns stored as two cells a byte (format 5): a door takes 2 bits, a cell 4.
NIBBLE_COLUMNS = ("doors",)


def _nibbles(name: str, raw: np.ndarray) -> np.ndarray:
    """Rows of uint8 cells ``(n, per)`` as ``(n, (per + 1) // 2)`` bytes: cell ``2i`` in the low
    4 bits of byte ``i``, cell ``2i + 1`` in the high 4 (0 past the last cell). Zstd takes a
    fifth of the CPU on half the bytes (docs/benchmarks.md)."""
    n, per = raw.shape
    if raw.size and int(raw.max()) > 15:
        raise ValueError(f"column {name!r} holds {int(raw.max())}: its cells take 4 bits")
    if per % 2:
        raw = np.concatenate([raw, np.zeros((n, 1), dtype=np.uint8)], axis=1)
    pairs = np.ascontiguousarray(raw).view("<u2")
    return ((pairs & 0xF) | ((pairs >> 4) & 0xF0)).astype(np.uint8)


def _unnibble(raw: np.ndarray, per: int) -> np.ndarray:
    """The cells :func:`_nibbles` packed, ``(n, per)`` uint8."""
    out = np.empty((len(raw), 2 * raw.shape[1]), dtype=np.uint8)
    out[:, 0::2] = raw & 0xF
    out[:, 1::2] = raw >> 4
    return out[:, :per]


#: A step's (row, col) change by its code in a path column stored as steps (:func:`_steps`).
STEP_MOVES = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int32)


def _steps(pa: Any, value: Ragged) -> Any:
    """A ragged column of paths (int32 (row, col) pairs, each one cell from the previous) as
    variable-length bytes: the first cell as two little-endian int32, then a byte a step (an
    index of :data:`STEP_MOVES`); ``None`` for any other ragged column. Format 5's solutions:
    one Parquet value a row and no list levels, a seventh of the bytes, so about a tenth of the
    CPU to write (docs/benchmarks.md)."""
    from trapcore.maze.internal import rows_kernels

    v = value.values
    if v.dtype != np.int32 or v.ndim != 2 or v.shape[1] != 2:
        return None
    offsets = np.ascontiguousarray(value.offsets, dtype=np.int64)
    k = np.diff(offsets)
    out_offsets = np.empty(len(offsets), dtype=np.int64)
    out = np.empty(int(np.where(k > 0, k + 7, 0).sum()), dtype=np.uint8)
    if rows_kernels.path_steps(np.ascontiguousarray(v), offsets, out_offsets, out) < 0:
        return None
    where: np.ndarray = out_offsets
    if len(out) < 2**31:
        typ, where = pa.binary(), out_offsets.astype(np.int32)
    else:
        typ = pa.large_binary()
    return pa.Array.from_buffers(typ, len(k), [None, pa.py_buffer(where), pa.py_buffer(out)])


def _from_steps(arr: Any) -> Ragged:
    """The paths :func:`_steps` stored (``arr`` binary or large binary, without nulls)."""
    pa = _pa()
    n = len(arr)
    arr = arr.cast(pa.large_binary())
    where = np.frombuffer(arr.buffers()[1], dtype="<i8")[arr.offset :][: n + 1].astype(np.int64)
    data = np.frombuffer(arr.buffers()[2] or b"", dtype=np.uint8)
    lens = np.diff(where)
    if ((lens > 0) & (lens < 8)).any():
        raise ValueError("a path stored as steps has fewer than 8 bytes (its first cell)")
    full = lens > 0
    k = np.where(full, lens - 7, 0)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(k, out=offsets[1:])
    heads = where[:-1][full]
    first = data[heads[:, None] + np.arange(8)].view("<i4").reshape(-1, 2).astype(np.int32)
    is_step = np.ones(int(where[-1] - where[0]), dtype=bool)
    is_step[(heads - where[0])[:, None] + np.arange(8)] = False
    codes = data[int(where[0]) : int(where[-1])][is_step]
    if (codes > 3).any():
        raise ValueError("a path stored as steps has a step code above 3")
    moves = np.zeros((int(offsets[-1]), 2), dtype=np.int32)
    starts = offsets[:-1][full]
    is_move = np.ones(len(moves), dtype=bool)
    is_move[starts] = False
    moves[is_move] = STEP_MOVES[codes]
    moves[starts] = first
    # int32 sums may wrap: the cells are int32, so the differences come out exact
    walked = np.cumsum(moves, axis=0, dtype=np.int32)
    base = walked[starts] - first  # what the rows before each path added
    return Ragged(walked - np.repeat(base, k[full], axis=0), offsets)


def parquet_encodings(schema: Any) -> dict[str, str]:
    """Parquet encodings by column path: ``DELTA_BINARY_PACKED`` for integers, whole columns
    (``index``, the measures) and the values of lists (``solution.list.element``: a path's
    cells differ from the previous by one, so a solution packs to a few bits a value). Measured
    on a million 10x10 mazes: the Parquet write takes 0.75x the CPU and the files 0.73x the
    bytes of plain encoding with zstd. Grids (fixed-size binary) stay plain."""
    pa = _pa()
    out = {}
    for field in schema:
        typ, path = field.type, field.name
        while (
            pa.types.is_list(typ) or pa.types.is_large_list(typ) or pa.types.is_fixed_size_list(typ)
        ):
            typ, path = typ.value_type, path + ".list.element"
        if pa.types.is_integer(typ):
            out[path] = "DELTA_BINARY_PACKED"
    return out


def _describe_column(value: Any) -> dict[str, Any]:
    if isinstance(value, Ragged):
        return {"dtype": str(value.values.dtype), "shape": [None, *value.values.shape[1:]]}
    return {"dtype": str(value.dtype), "shape": list(value.shape[1:])}


def shard_metadata(
    spec: Spec, seed: int, n: int, shard: int, num_shards: int, columns: dict[str, Any]
) -> dict[bytes, bytes]:
    """The schema metadata of one shard: JSON under ``b"trapcore"`` (spec, seed, the shard's
    items, the columns' dtypes and shapes)."""
    from trapcore import __version__
    from trapcore.datasets.generate import shard_range

    start, stop = shard_range(n, shard, num_shards)
    meta = {
        "format": "trapcore-dataset",
        "format_version": FORMAT_VERSION,
        "kind": spec.kind,
        "spec": spec.to_dict(),
        "seed": seed,
        "n": n,
        "shard": shard,
        "num_shards": num_shards,
        "start": start,
        "stop": stop,
        "trapcore_version": __version__,
        "columns": {k: _describe_column(v) for k, v in columns.items()},
    }
    return {META_KEY: json.dumps(meta).encode()}


def metadata_of(batch: Batch, *, shard: int, num_shards: int) -> dict[str, Any]:
    """The JSON metadata of ``batch`` as one shard of its dataset (with its content hash)."""
    meta: dict[str, Any] = json.loads(
        shard_metadata(batch.spec, batch.seed, batch.n, shard, num_shards, batch.columns)[META_KEY]
    )
    meta.update(start=batch.start, stop=batch.stop)
    meta["shard_hash"] = ContentHash().update(batch.columns).hexdigest()
    return meta


def to_table(columns: dict[str, Any]) -> Any:
    """Columns (ndarrays with one row per item, or :class:`Ragged`) as a ``pyarrow.Table``
    built on the numpy buffers (no Python object per row)."""
    pa = _pa()
    pairs = [_column(pa, k, v) for k, v in columns.items()]
    return pa.Table.from_arrays([a for a, _ in pairs], schema=pa.schema([f for _, f in pairs]))


def to_numpy(
    data: Any,
    name: str | None = None,
    *,
    dtype: Any = None,
    shape: Any = None,
    dataset: Any = None,
) -> Any:
    """A column of a trapcore dataset as numpy, in shape, without a Python object per row.

    Parameters
    ----------
    data : pyarrow.Table, pyarrow.Array or ChunkedArray, pandas.DataFrame or Series
        A table read from a dataset's ``data/`` folder (``pq.read_table(DIR / "data")``,
        ``pyarrow.dataset.dataset(DIR / "data").to_table()``) and the column's ``name``; or one
        column (then, for a grid column, ``dtype`` and ``shape`` too: a bare column does not
        carry them).
    name : str, optional
        The column, when ``data`` is a table or a DataFrame.
    dtype, shape : optional
        The dtype and the shape of one row (``None`` first for a varying length), as in the
        manifest's ``columns``; read from the table's schema when it has them.
    dataset : str or os.PathLike, optional
        The dataset folder: ``dtype`` and ``shape`` are read from its manifest (for tables that
        lost their schema's metadata, as Hugging Face's do:
        ``to_numpy(ds.data.table, "doors", dataset=DIR)``).

    Returns
    -------
    ndarray or Ragged
        Fixed-shape columns as ``(N, *shape)`` (``doors``: ``(N, rows, cols)``); varying ones
        (``solution``) as :class:`Ragged` (``values`` ``(M, 2)``, ``offsets`` ``(N + 1,)``).

    Raises
    ------
    TypeError, ValueError
        For data that is not such a column, or a grid column without its dtype and shape.

    See Also
    --------
    read : Reads a dataset.

    Examples
    --------
    >>> import pyarrow.parquet as pq
    >>> from trapcore import datasets
    >>> info = datasets.write_parquet(datasets.MazeSpec(rows=4, cols=5), 3, 0, "mazes")
    >>> table = pq.read_table(info.files[0])
    >>> datasets.to_numpy(table, "doors").shape
    (3, 4, 5)
    >>> datasets.to_numpy(table, "solution")
    <Ragged rows=3 values=(28, 2) int32>
    """
    pa = _pa()
    arr = data
    meta: dict[bytes, bytes] = {}
    if name is not None:
        if isinstance(data, (pa.Table, pa.RecordBatch)):
            if name not in data.column_names:
                raise ValueError(f"name {name!r} is not a column of data: {data.column_names}")
            meta = data.schema.field(name).metadata or {}
        try:
            arr = data[name]
        except (KeyError, TypeError, IndexError):
            raise ValueError(f"name {name!r} is not a column of data") from None
    if dataset is not None and name is not None:
        from pathlib import Path

        from trapcore.datasets.manifest import MANIFEST
        from trapcore.datasets.shards import read_regular

        try:
            info = json.loads(read_regular(Path(dataset) / MANIFEST))["columns"][name]
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            raise ValueError(
                f"dataset {dataset!r} has no manifest entry for {name!r}: {exc}"
            ) from None
        dtype = info["dtype"] if dtype is None else dtype
        shape = info["shape"] if shape is None else shape
    if dtype is None and DTYPE_KEY in meta:
        dtype = meta[DTYPE_KEY].decode()
    if shape is None and SHAPE_KEY in meta:
        shape = json.loads(meta[SHAPE_KEY])
    if hasattr(arr, "array") and hasattr(arr.array, "_pa_array"):  # pandas with Arrow types
        arr = arr.array._pa_array
    elif type(arr).__name__ == "Series":  # pandas objects: converted once, by Arrow
        arr = pa.array(arr, from_pandas=True)
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if not isinstance(arr, pa.Array):
        raise TypeError(f"data must be an Arrow or pandas column or table, got {_describe(data)}")
    if arr.null_count:
        raise ValueError("the column has nulls: it is not a trapcore dataset column")
    n = len(arr)
    if pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type):
        offsets = _np(arr.offsets).astype(np.int64)
        offsets -= offsets[0]
        inner = [int(d) for d in list(shape or [None])[1:]]
        width = int(np.prod(inner, dtype=np.int64))
        if pa.types.is_fixed_size_list(arr.type.value_type):
            width = 1  # 0.2's files: a list of (row, col) lists, offsets count pairs
        values = _flat(arr)
        if dtype is not None:
            values = values.astype(dtype, copy=False)
        return Ragged(values.reshape(-1, *inner), offsets // width)
    if _is_bytes(pa, arr.type) and shape is not None and list(shape)[:1] == [None]:
        return _from_steps(arr)
    if pa.types.is_fixed_size_binary(arr.type) or _is_bytes(pa, arr.type):
        if dtype is None or shape is None:
            raise TypeError(
                "a grid column stored as bytes needs dtype= and shape= (the manifest's "
                "'columns' has them), or a pyarrow Table and the column's name"
            )
        cells = int(np.prod(shape, dtype=np.int64))
        per = cells * np.dtype(dtype).itemsize
        if pa.types.is_fixed_size_binary(arr.type):
            width = arr.type.byte_width
        else:  # variable-length bytes (polars, pandas objects): each row the same bytes
            arr = arr.cast(pa.large_binary())
            offsets = np.frombuffer(arr.buffers()[1], dtype=np.int64)[arr.offset :][: n + 1]
            width = int(offsets[1] - offsets[0]) if n else per
            if n and not (np.diff(offsets) == width).all():
                raise ValueError(
                    f"rows of {per} bytes expected for dtype {dtype} and shape {shape}"
                )
        packed = np.dtype(dtype) == np.uint8 and width == (cells + 1) // 2 < cells
        if width != per and not packed:
            raise ValueError(f"rows of {per} bytes expected for dtype {dtype} and shape {shape}")
        if pa.types.is_fixed_size_binary(arr.type):
            raw = np.frombuffer(arr.buffers()[1], dtype=np.uint8)[arr.offset * width :]
        else:
            raw = np.frombuffer(arr.buffers()[2], dtype=np.uint8)[offsets[0] :]
        raw = raw[: n * width]
        if packed:  # format 5's doors: two cells a byte
            raw = _unnibble(raw.reshape(n, width), cells).reshape(-1)
        out = raw.view(np.dtype(dtype).newbyteorder("<")).reshape(n, *shape)
        return out.astype(np.dtype(dtype), copy=False)
    values = _flat(arr)
    if pa.types.is_fixed_size_list(arr.type):
        values = values.reshape(n, *(_dims(arr.type) if shape is None else shape))
    return values if dtype is None else values.astype(dtype, copy=False)


def _is_bytes(pa: Any, typ: Any) -> bool:
    return bool(
        pa.types.is_binary(typ)
        or pa.types.is_large_binary(typ)
        or getattr(pa.types, "is_binary_view", lambda t: False)(typ)
    )


def _flat(arr: Any) -> Any:
    """The innermost values of nested (fixed-size) lists, sliced as ``arr`` is."""
    pa = _pa()
    while (
        pa.types.is_fixed_size_list(arr.type)
        or pa.types.is_list(arr.type)
        or pa.types.is_large_list(arr.type)
    ):
        arr = arr.flatten()
    return _np(arr)


def _np(arr: Any) -> np.ndarray:
    """A primitive Arrow array without nulls as numpy, on its buffer (``to_numpy`` would import
    pandas)."""
    pa = _pa()
    if arr.null_count or not (pa.types.is_integer(arr.type) or pa.types.is_floating(arr.type)):
        return np.asarray(arr.to_numpy(zero_copy_only=False))
    # from the type's kind and width (DataType.to_pandas_dtype imports pandas in some pyarrows)
    kind = (
        "f"
        if pa.types.is_floating(arr.type)
        else "i"
        if pa.types.is_signed_integer(arr.type)
        else "u"
    )
    dtype = np.dtype(f"<{kind}{arr.type.bit_width // 8}")
    data = np.frombuffer(arr.buffers()[1], dtype=dtype)
    return data[arr.offset : arr.offset + len(arr)]


def _dims(typ: Any) -> list[int]:
    pa = _pa()
    dims = []
    while pa.types.is_fixed_size_list(typ):
        dims.append(typ.list_size)
        typ = typ.value_type
    return dims


def _typed(value: Any, dtype: str) -> Any:
    if isinstance(value, Ragged):
        return Ragged(value.values.astype(dtype, copy=False), value.offsets)
    return value.astype(dtype, copy=False)


def shard_hash(meta: bytes, part: BlockHash) -> bytes:
    """The value of :data:`SHARD_HASH_KEY` for a shard whose trapcore metadata is the JSON
    ``meta`` and whose rows ``part`` (its part of the dataset's content hash) has hashed."""
    digests = {"metadata": hashlib.sha256(meta).hexdigest(), "columns": part.digests()}
    return json.dumps(digests, sort_keys=True).encode()


def _shard_meta(kv: dict[bytes, bytes]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The trapcore metadata in a shard's key-value metadata ``kv``, and its content hash
    (``None`` before format 4), checked for their keys and types; :class:`DatasetError` if
    they are not trapcore's."""
    raw = kv.get(META_KEY)
    if raw is None:
        raise DatasetError("this table has no trapcore metadata (not written by trapcore.datasets)")
    try:
        meta = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DatasetError(f"its trapcore metadata is not JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != "trapcore-dataset":
        raise DatasetError("its metadata is not a trapcore dataset's")
    version = meta.get("format_version")
    if type(version) is not int or version not in FORMATS:
        raise DatasetError(
            f"format_version {version!r} is not one this trapcore reads ({list(FORMATS)}): "
            "written by a newer trapcore, or damaged"
        )
    for key, kind in (("n", int), ("start", int), ("stop", int), ("seed", int), ("spec", dict)):
        if type(meta.get(key)) is not kind:
            raise DatasetError(f"its metadata lacks {key!r} (or it is not {kind.__name__})")
    columns = meta.get("columns")
    if not isinstance(columns, dict) or not all(
        isinstance(c, dict) and isinstance(c.get("dtype"), str) and isinstance(c.get("shape"), list)
        for c in columns.values()
    ):
        raise DatasetError("its metadata lacks the columns' dtype and shape")
    if version < 4:
        return meta, None
    try:
        digests = json.loads(kv[SHARD_HASH_KEY])
        if hashlib.sha256(raw).hexdigest() != digests["metadata"]:
            raise DatasetError("its metadata is altered (its SHA-256 is not the one recorded)")
        if not isinstance(digests["columns"], dict):
            raise TypeError("columns")
    except (KeyError, TypeError, ValueError, RecursionError) as exc:
        if isinstance(exc, DatasetError):
            raise
        raise DatasetError("it lacks its content hash (a format 4 shard carries one)") from None
    return meta, digests["columns"]


def from_table(table: Any, *, columns: Any = None, metadata: Any = None) -> Batch:
    """The :class:`Batch` a table written by :func:`to_table` holds (numpy arrays back in shape).

    A format 4 shard's rows are checked against its content hash (the columns read), found in
    ``metadata`` (the Parquet file's key-value metadata; default: the table's schema's).

    Raises
    ------
    DatasetError
        If the table has no trapcore metadata, or metadata or rows that are not what trapcore
        wrote.
    ValueError
        If it lacks a requested column.
    """
    meta, digests = _shard_meta(table.schema.metadata if metadata is None else metadata)
    names = (
        [k for k in table.column_names if k in meta["columns"]]
        if columns is None
        else list(columns)
    )
    missing = [k for k in names if k not in meta["columns"]]
    if missing:
        raise ValueError(
            f"columns {missing} are not in this dataset; it has {list(meta['columns'])}"
        )
    try:
        cols = {}
        for k in names:
            info = meta["columns"][k]
            with np.errstate(invalid="raise"):  # a damaged type's NaN: an error, not a warning
                col = to_numpy(table, k, dtype=info["dtype"], shape=info["shape"])
            cols[k] = _typed(col, info["dtype"])
        spec = spec_from_dict(meta["spec"])
    except Exception as exc:  # numpy's, pyarrow's or the spec's own errors on odd metadata
        raise DatasetError(f"its rows do not decode ({type(exc).__name__}: {exc})") from None
    if digests is not None:
        if columns is None and sorted(digests) != sorted(ContentHash.names(cols)):
            raise DatasetError("its columns are not the ones its content hash lists")
        if type(meta["start"]) is not int or meta["start"] < 0:
            raise DatasetError(f"its metadata's start {meta['start']!r} is not an item")
        have = BlockHash(meta["start"]).update(cols).digests()
        bad = sorted(k for k, v in have.items() if digests.get(k) != v)
        if bad:
            raise DatasetError(f"its rows are altered (columns {bad} do not match its hash)")
    n, start, stop = meta["n"], meta["start"], meta["stop"]
    if not 0 <= start <= stop <= n or any(len(c) != stop - start for c in cols.values()):
        raise DatasetError(f"its metadata's items {start}..{stop} of {n} do not fit its rows")
    return Batch(spec, meta["seed"], n, start, stop, cols)


class ContentHash:
    """SHA-256 of a batch's content, column by column in item order (the ``shard_hash`` an npz
    written by ``write_npz`` carries; a dataset folder's content hash is :class:`BlockHash`'s)."""

    def __init__(self) -> None:
        self._h: dict[str, hashlib._Hash] = {}

    def update(self, columns: dict[str, Any]) -> ContentHash:
        for name, value in columns.items():
            if isinstance(value, Ragged):
                self._feed(name + ".lengths", value.lengths.astype("<i8"))
                self._feed(name, value.values)
            else:
                self._feed(name, value)
        return self

    def _feed(self, name: str, array: np.ndarray) -> None:
        h = self._h.setdefault(name, hashlib.sha256())
        a = np.ascontiguousarray(array)
        h.update(a.astype(a.dtype.newbyteorder("<"), copy=False).data)

    @staticmethod
    def names(columns: dict[str, Any]) -> list[str]:
        """The streams :meth:`update` hashes for ``columns`` (a ragged column has two)."""
        out: list[str] = []
        for name, value in columns.items():
            out += [name + ".lengths", name] if isinstance(value, Ragged) else [name]
        return out

    def hexdigest(self) -> str:
        top = hashlib.sha256()
        for name in sorted(self._h):
            top.update(name.encode() + b"\0" + self._h[name].digest())
        return top.hexdigest()


#: Items per block of a dataset's content hash (:class:`BlockHash`).
HASH_BLOCK = 4096


def _streams(columns: dict[str, Any]) -> list[tuple[str, np.ndarray, np.ndarray | int]]:
    """Each column as ``(name, bytes, where)``: the bytes of its rows in order (little-endian),
    and where row ``i`` starts (``i * where`` for a fixed width, ``where[i]`` for a ragged
    column, whose lengths are a stream of their own, ``name.lengths``)."""
    out: list[tuple[str, np.ndarray, np.ndarray | int]] = []
    for name, value in columns.items():
        if isinstance(value, Ragged):
            out.append((name + ".lengths", _bytes(value.lengths.astype("<i8")), 8))
            v = _bytes(value.values)
            per = v.size // max(1, len(value.values)) if len(value.values) else 0
            out.append((name, v, value.offsets * per))
        else:
            v = _bytes(value)
            out.append((name, v, v.size // len(value) if len(value) else 0))
    return out


def _bytes(array: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(array)
    return a.astype(a.dtype.newbyteorder("<"), copy=False).reshape(-1).view(np.uint8)


class BlockHash:
    """A dataset's content hash: for each column, SHA-256 of each block of :data:`HASH_BLOCK`
    items (blocks counted from item 0), SHA-256 of those digests in order, then SHA-256 of the
    columns' digests by name. The same rows give the same hash however they are split into
    shards, groups or machines; a shard's part is computed where the shard is made (starting
    at its first item) and merged in order by the writer, which never sees the rows.

    The part before the shard's first block boundary, and the block it leaves unfinished, travel
    as bytes (at most a block of each column); every whole block as its digest.

    ``fold=True`` (the whole dataset's hash, which starts at item 0 and is never sent anywhere)
    feeds the digests to each column's SHA-256 as they come instead of keeping them: its memory
    does not grow with the items (10**11 items kept 2.4 * 10**7 digests a column).
    """

    #: Digests kept before a folding hash feeds them on.
    FOLD_AT = 1024

    def __init__(self, start: int = 0, *, block: int = HASH_BLOCK, fold: bool = False) -> None:
        self.start = self.pos = start
        self.block = block
        self.head: dict[str, bytearray] = {}  # rows before the first boundary
        self.head_closed = False  # ... and they end at one
        self.leaves: dict[str, list[bytes]] = {}
        self.tail: dict[str, bytearray] = {}  # rows of the current block, from a boundary
        if fold and start % block:
            raise ValueError("only a hash that starts at a block boundary folds its digests")
        self.fold = fold
        self.folded: dict[str, hashlib._Hash] = {}  # the digests already fed on, per column

    def _fold(self) -> None:
        if not self.fold:
            return
        for name, leaves in self.leaves.items():
            if len(leaves) >= self.FOLD_AT:
                h = self.folded.setdefault(name, hashlib.sha256())
                for leaf in leaves:
                    h.update(leaf)
                leaves.clear()

    def kept(self) -> int:
        """The block digests held in memory (over every column)."""
        return sum(len(v) for v in self.leaves.values())

    def _in_head(self, a: int) -> bool:
        return self.start % self.block != 0 and a // self.block == self.start // self.block

    def update(self, columns: dict[str, Any]) -> BlockHash:
        """Add the rows ``columns`` (the next items, in order)."""
        streams = _streams(columns)
        m = len(next(iter(columns.values()))) if columns else 0
        for name, _, _ in streams:
            self.head.setdefault(name, bytearray())
            self.leaves.setdefault(name, [])
            self.tail.setdefault(name, bytearray())
        i = 0
        while i < m:
            a = self.pos + i
            b = min(self.pos + m, (a // self.block + 1) * self.block)
            j = i + b - a
            head = self._in_head(a)
            for name, data, where in streams:
                lo = i * where if isinstance(where, int) else int(where[i])
                hi = j * where if isinstance(where, int) else int(where[j])
                piece = memoryview(data[lo:hi].data)
                if head:
                    self.head[name] += piece
                elif b % self.block == 0 and not self.tail[name] and a % self.block == 0:
                    self.leaves[name].append(hashlib.sha256(piece).digest())  # a whole block
                else:
                    self.tail[name] += piece
                    if b % self.block == 0:
                        self.leaves[name].append(hashlib.sha256(self.tail[name]).digest())
                        self.tail[name] = bytearray()
            if head and b % self.block == 0:
                self.head_closed = True
            i = j
        self.pos += m
        self._fold()
        return self

    def merge(self, part: BlockHash) -> BlockHash:
        """Add ``part``, the hash of the items that come next (``part.start`` is where this one
        stops)."""
        if part.start != self.pos:
            raise ValueError(f"part starts at item {part.start}, this hash stops at {self.pos}")
        for name in part.leaves:
            self.head.setdefault(name, bytearray())
            self.leaves.setdefault(name, [])
            self.tail.setdefault(name, bytearray())
            tail = self.tail[name] + part.head[name]
            if part.head_closed:
                self.leaves[name].append(hashlib.sha256(tail).digest())
                tail = bytearray()
            if part.leaves[name] and tail:
                raise ValueError("part's blocks do not start at a block boundary")
            self.leaves[name].extend(part.leaves[name])
            self.tail[name] = tail + part.tail[name]
        self.pos = part.pos
        self._fold()
        return self

    def digests(self) -> dict[str, str]:
        """Each stream's digest (hex) by name, for a part of the rows (a shard's own hash): its
        head's SHA-256, its whole blocks' digests and its tail's SHA-256, hashed together."""
        out = {}
        for name in self.leaves:
            h = hashlib.sha256(hashlib.sha256(self.head[name]).digest())
            h.update(b"".join(self.leaves[name]))
            h.update(hashlib.sha256(self.tail[name]).digest())
            out[name] = h.hexdigest()
        return out

    def hexdigest(self) -> str:
        top = hashlib.sha256()
        for name in sorted(self.leaves):
            if self.head[name] and self.start % self.block:
                raise ValueError("a hash that does not start at item 0 has no digest")
            leaves = self.leaves[name] + (
                [hashlib.sha256(self.tail[name]).digest()] if self.tail[name] else []
            )
            h = self.folded[name].copy() if name in self.folded else hashlib.sha256()
            h.update(b"".join(leaves))
            column = h.digest()
            top.update(name.encode() + b"\0" + column)
        return top.hexdigest()
