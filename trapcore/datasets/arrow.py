"""Batches to and from Arrow tables: nested fixed-size lists, metadata, content hashes."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

from trapcore.datasets.items import Batch, Ragged
from trapcore.datasets.spec import spec_from_dict

__all__ = ["ContentHash", "from_table", "metadata_of", "to_table"]

#: The key of trapcore's metadata in a Parquet file's schema.
META_KEY = b"trapcore"
#: Bumped when the layout of the files changes.
FORMAT_VERSION = 1


def _pa() -> Any:
    try:
        import pyarrow as pa
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError("datasets need pyarrow: pip install 'trapcore[data]'") from None
    return pa


def _fixed(pa: Any, values: np.ndarray) -> Any:
    """``values`` (n, d1, ..., dk) as n rows of nested fixed-size lists (numpy.asarray of a row
    read back with ``to_pylist`` has shape (d1, ..., dk))."""
    arr = pa.array(np.ascontiguousarray(values).reshape(-1))
    for d in reversed(values.shape[1:]):
        arr = pa.FixedSizeListArray.from_arrays(arr, d)
    return arr


def _column(pa: Any, value: Any) -> Any:
    if isinstance(value, Ragged):
        inner = _fixed(pa, value.values)
        if value.offsets[-1] < 2**31:
            return pa.ListArray.from_arrays(pa.array(value.offsets.astype(np.int32)), inner)
        return pa.LargeListArray.from_arrays(pa.array(value.offsets), inner)
    if value.ndim == 1:
        return pa.array(value)
    return _fixed(pa, value)


def _describe_column(value: Any) -> dict[str, Any]:
    if isinstance(value, Ragged):
        return {"dtype": str(value.values.dtype), "shape": [None, *value.values.shape[1:]]}
    return {"dtype": str(value.dtype), "shape": list(value.shape[1:])}


def metadata_of(batch: Batch, *, shard: int, num_shards: int) -> dict[str, Any]:
    """The JSON metadata written with one shard of ``batch``'s dataset."""
    from trapcore import __version__

    return {
        "format": "trapcore-dataset",
        "format_version": FORMAT_VERSION,
        "kind": batch.spec.kind,
        "spec": batch.spec.to_dict(),
        "seed": batch.seed,
        "n": batch.n,
        "shard": shard,
        "num_shards": num_shards,
        "start": batch.start,
        "stop": batch.stop,
        "trapcore_version": __version__,
        "columns": {k: _describe_column(v) for k, v in batch.columns.items()},
        "shard_hash": ContentHash().update(batch.columns).hexdigest(),
    }


def to_table(batch: Batch, *, shard: int = 0, num_shards: int = 1) -> Any:
    """``batch`` as a ``pyarrow.Table``, its metadata under ``b"trapcore"`` (JSON)."""
    pa = _pa()
    names = list(batch.columns)
    arrays = [_column(pa, batch.columns[k]) for k in names]
    meta = metadata_of(batch, shard=shard, num_shards=num_shards)
    table = pa.Table.from_arrays(arrays, names=names)
    return table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})


def _flat(arr: Any) -> Any:
    """The innermost values of nested (fixed-size) lists, sliced as ``arr`` is."""
    pa = _pa()
    while (
        pa.types.is_fixed_size_list(arr.type)
        or pa.types.is_list(arr.type)
        or pa.types.is_large_list(arr.type)
    ):
        arr = arr.flatten()
    return arr.to_numpy(zero_copy_only=False)


def _dims(typ: Any) -> list[int]:
    pa = _pa()
    dims = []
    while pa.types.is_fixed_size_list(typ):
        dims.append(typ.list_size)
        typ = typ.value_type
    return dims


def _to_numpy(chunked: Any, dtype: str) -> Any:
    """A column read back: ndarray (n, *shape) for fixed-size lists, Ragged for lists."""
    pa = _pa()
    arr = chunked.combine_chunks() if isinstance(chunked, pa.ChunkedArray) else chunked
    n = len(arr)
    if pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type):
        offsets = arr.offsets.to_numpy().astype(np.int64)
        offsets -= offsets[0]
        dims = _dims(arr.type.value_type)
        values = _flat(arr).astype(dtype, copy=False).reshape(-1, *dims)
        return Ragged(values, offsets)
    dims = _dims(arr.type)
    return _flat(arr).astype(dtype, copy=False).reshape(n, *dims)


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
    cols = {k: _to_numpy(table.column(k), meta["columns"][k]["dtype"]) for k in names}
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
