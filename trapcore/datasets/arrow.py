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

__all__ = [
    "ContentHash",
    "from_table",
    "metadata_of",
    "parquet_encodings",
    "shard_metadata",
    "to_numpy",
    "to_table",
]

#: The key of trapcore's metadata in a Parquet file's schema.
META_KEY = b"trapcore"
#: Bumped when the layout of the files changes (2: shards in ``data/``, a manifest of shards with
#: their rows and SHA-256).
FORMAT_VERSION = 2


def _pa() -> Any:
    """``pyarrow``, or :class:`trapcore._extras.MissingExtra` naming the ``data`` extra."""
    return require("pyarrow", "trapcore.datasets")


def _pq() -> Any:
    """``pyarrow.parquet``, or :class:`trapcore._extras.MissingExtra` naming the ``data`` extra."""
    return require("pyarrow.parquet", "trapcore.datasets")


#: Field metadata keys: a column's numpy dtype and the shape of one row (``null``: varies).
DTYPE_KEY, SHAPE_KEY = b"trapcore.dtype", b"trapcore.shape"
#: Rows of fixed shape with at least this many values are stored as fixed-size binary (one
#: Parquet value a row, no list levels per cell: about 10 times faster to write than lists).
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
        arr = pa.FixedSizeBinaryArray.from_buffers(
            pa.binary(per * data.itemsize), len(data), [None, pa.py_buffer(data)]
        )
    else:
        arr = pa.FixedSizeListArray.from_arrays(_prim(pa, values.reshape(-1)), per)
    meta = {DTYPE_KEY: str(values.dtype).encode(), SHAPE_KEY: json.dumps(shape).encode()}
    return arr, pa.field(name, arr.type, nullable=False, metadata=meta)


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
        while pa.types.is_list(typ) or pa.types.is_large_list(typ) or pa.types.is_fixed_size_list(
            typ
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

        try:
            info = json.loads((Path(dataset) / MANIFEST).read_text())["columns"][name]
        except (OSError, ValueError, KeyError, TypeError) as exc:
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
    if pa.types.is_fixed_size_binary(arr.type) or _is_bytes(pa, arr.type):
        if dtype is None or shape is None:
            raise TypeError(
                "a grid column stored as bytes needs dtype= and shape= (the manifest's "
                "'columns' has them), or a pyarrow Table and the column's name"
            )
        per = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
        if pa.types.is_fixed_size_binary(arr.type):
            raw = np.frombuffer(arr.buffers()[1], dtype=np.uint8)[arr.offset * per :][: n * per]
        else:  # variable-length bytes (polars, pandas objects): each row must be `per` bytes
            arr = arr.cast(pa.large_binary())
            offsets = np.frombuffer(arr.buffers()[1], dtype=np.int64)[arr.offset :][: n + 1]
            if n and not (np.diff(offsets) == per).all():
                raise ValueError(
                    f"rows of {per} bytes expected for dtype {dtype} and shape {shape}"
                )
            raw = np.frombuffer(arr.buffers()[2], dtype=np.uint8)[offsets[0] :][: n * per]
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
    dtype = np.dtype(arr.type.to_pandas_dtype()).newbyteorder("<")
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


def from_table(table: Any, *, columns: Any = None) -> Batch:
    """The :class:`Batch` a table written by :func:`to_table` holds (numpy arrays back in shape).

    Raises
    ------
    ValueError
        If the table has no trapcore metadata or lacks a requested column.
    """
    meta = (table.schema.metadata or {}).get(META_KEY)
    if meta is None:
        raise ValueError("this table has no trapcore metadata (not written by trapcore.datasets)")
    meta = json.loads(meta)
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
    cols = {}
    for k in names:
        info = meta["columns"][k]
        cols[k] = _typed(
            to_numpy(table, k, dtype=info["dtype"], shape=info["shape"]), info["dtype"]
        )
    batch = Batch(
        spec_from_dict(meta["spec"]), meta["seed"], meta["n"], meta["start"], meta["stop"], cols
    )
    return batch


class ContentHash:
    """SHA-256 of a dataset's content, column by column in item order: the same rows give the
    same hash however they are split into shards or files."""

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

    def hexdigest(self) -> str:
        top = hashlib.sha256()
        for name in sorted(self._h):
            top.update(name.encode() + b"\0" + self._h[name].digest())
        return top.hexdigest()
