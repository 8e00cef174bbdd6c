"""Dataset files: sharded Parquet (with a card and a manifest), npz of stacked arrays, read()."""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from trapcore._validate import _describe, as_int
from trapcore.datasets.arrow import META_KEY, ContentHash, _pa, from_table, metadata_of, to_table
from trapcore.datasets.generate import _check, generate
from trapcore.datasets.items import Batch, Ragged
from trapcore.datasets.spec import Spec, spec_from_dict

if TYPE_CHECKING:
    import distributed
    from _typeshed import StrPath

__all__ = ["DatasetInfo", "read", "shard_name", "write_npz", "write_parquet"]

#: The manifest written beside the shards.
MANIFEST = "trapcore.json"
COMPRESSIONS = ("zstd", "snappy", "gzip", "none")


@dataclass(frozen=True)
class DatasetInfo:
    """What :func:`write_parquet` wrote.

    Attributes
    ----------
    directory : pathlib.Path
    files : tuple of pathlib.Path
        The shards, in item order.
    spec, seed, n, num_shards
        As given (``seed`` drawn when ``None`` was given).
    content_hash : str
        SHA-256 of the rows in item order (the same whatever the shards or workers).
    seconds : float
        Wall time of the run.
    """

    directory: Path
    files: tuple[Path, ...]
    spec: Spec
    seed: int
    n: int
    num_shards: int
    content_hash: str
    seconds: float

    def __repr__(self) -> str:
        return (
            f"<DatasetInfo {self.spec.kind} n={self.n} shards={self.num_shards} "
            f"hash={self.content_hash[:12]} in {str(self.directory)!r}>"
        )


def shard_name(shard: int, num_shards: int) -> str:
    """``train-00003-of-00008.parquet``: the names Hugging Face ``datasets`` reads as one split."""
    return f"train-{shard:05d}-of-{num_shards:05d}.parquet"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp's 0600 is for secrets, not data
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def shard_bytes(
    spec: Spec,
    n: int,
    seed: int,
    shard: int,
    num_shards: int,
    workers: int = 1,
    compression: str = "zstd",
) -> bytes:
    """One shard as Parquet bytes (what a Dask task computes; the writer stores them as is)."""
    pa = _pa()
    import pyarrow.parquet as pq

    batch = generate(spec, n, seed, shard=shard, num_shards=num_shards, workers=workers)
    table = to_table(batch, shard=shard, num_shards=num_shards)
    sink = pa.BufferOutputStream()
    pq.write_table(
        table,
        sink,
        compression=None if compression == "none" else compression,
        row_group_size=1 << 16,
    )
    data: bytes = sink.getvalue().to_pybytes()
    return data


_LEGEND = {
    "maze": "`doors`: bits 0-1 the door Down, bits 2-3 the door Right (0b00 closed, 0b01 open, "
    "0b11 locked); `solution`: the shortest path's cells (row, col) from `entrance` to "
    "`exit`; `path_length` its cells, `dead_ends` cells with one open door, "
    "`decision_points` cells of the path with a choice, `distance` Manhattan distance "
    "from the entrance to the exit.\n",
    "numberlink": "`grid`: 0 empty, -1 solid, k > 0 an end of path k; `solution`: each square's "
    "path; `difficulty`: solver nodes per square; `median_length`: the median path's squares "
    "(as `trapcore.numberlink.measure`); `solids`: solid squares.\n",
    "cat": "`board`: even-r (even rows shifted half a cell right), 0 free, 1 blocked; `cat`: the "
    "cat's cell; `winnable`: 1 proven won for the player moving first, 0 proven lost, -1 "
    "not checked.\n",
}


def _card(meta: dict[str, Any], info_hash: str, files: list[str]) -> str:
    spec = meta["spec"]
    cols = "\n".join(
        f"| `{k}` | {v['dtype']} | {tuple(v['shape'])} |" for k, v in meta["columns"].items()
    )
    fields = "\n".join(f"| `{k}` | `{json.dumps(v)}` |" for k, v in spec.items() if k != "kind")
    return f"""---
configs:
- config_name: default
  data_files:
  - split: train
    path: "train-*.parquet"
tags:
- trapcore
- {meta["kind"]}
---
# trapcore {meta["kind"]} dataset

{meta["n"]} items in {len(files)} Parquet shard(s), made by trapcore {meta["trapcore_version"]}.
Item `k` (column `index`) is a pure function of (spec, seed, k): the same command makes the same
rows, whatever the number of shards or workers.

| spec field | value |
|---|---|
{fields}
| seed | `{meta["seed"]}` |

Content hash (SHA-256 of the rows in item order): `{info_hash}`

| column | dtype | shape per row (None: varies) |
|---|---|---|
{cols}

{_LEGEND.get(meta["kind"], "")}
Make it again (the same bytes, with the same trapcore and pyarrow):

```python
import trapcore.datasets as tds
spec = tds.spec_from_dict({spec!r})
tds.write_parquet(spec, {meta["n"]}, {meta["seed"]}, "DIR", num_shards={len(files)})
```

Load it:

```python
import trapcore.datasets as tds
batch = tds.read(".")                  # numpy arrays, in shape
import datasets                        # Hugging Face
ds = datasets.load_dataset("parquet", data_dir=".", split="train").with_format("numpy")
```
"""


def _as_compression(compression: object) -> str:
    if compression is None:
        return "none"
    if compression not in COMPRESSIONS:
        raise ValueError(f"compression must be one of {list(COMPRESSIONS)}, got {compression!r}")
    return str(compression)


def write_parquet(
    spec: Spec,
    n: int,
    seed: int | None,
    directory: StrPath,
    *,
    num_shards: int = 1,
    workers: int = 1,
    client: distributed.Client | str | None = None,
    compression: str | None = "zstd",
    progress: Callable[[int, int], object] | None = None,
) -> DatasetInfo:
    """Generate a dataset into ``directory`` as Parquet shards, with a card and a manifest.

    Writes ``train-SSSSS-of-KKKKK.parquet`` (shard ``s`` holds items ``s*n//K ..``; each row has
    an ``index`` column, the item's ``k``), ``README.md`` (a dataset card that Hugging Face
    reads) and ``trapcore.json`` (spec, seed, version, content hash). Each file is written to a
    temporary file in ``directory`` and renamed, so a good file is never half-replaced; shards of
    an earlier run with another shard count are removed at the end.

    Parameters
    ----------
    spec : MazeSpec, NumberlinkSpec or CatSpec
    n : int
        Items.
    seed : int or None
        ``None`` draws one (recorded in the files).
    directory : str or os.PathLike
        Created if missing.
    num_shards : int
        Files, ``1 <= num_shards <= max(1, n)``.
    workers : int
        Threads per shard (mazes).
    client : distributed.Client, str or None
        Run the shards as Dask tasks: a ``Client``, a scheduler address, or ``"local:W"`` for a
        ``LocalCluster`` of ``W`` worker processes started for this call. The files are the
        same bytes as without.
    compression : {"zstd", "snappy", "gzip", "none"}
    progress : callable, optional
        Called as ``progress(items_done, n)`` after each shard.

    Returns
    -------
    DatasetInfo

    Raises
    ------
    TypeError, ValueError
        For a bad argument (named).
    ImportError
        Without pyarrow (or distributed, with ``client``).
    """
    t0 = time.perf_counter()
    spec, n, fixed_seed, _, num_shards = _check(spec, n, seed, 0, num_shards)
    workers = as_int(workers, "workers", minimum=1, maximum=1024)
    codec = _as_compression(compression)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (done, total), got {_describe(progress)}")
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path, got {_describe(directory)}")
    import pyarrow.parquet as pq

    pa = _pa()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    args = [(spec, n, fixed_seed, s, num_shards, workers, codec) for s in range(num_shards)]
    results: Iterator[bytes]
    if client is None:
        results = (shard_bytes(*a) for a in args)
    else:
        from trapcore.datasets.cluster import map_shards

        results = map_shards(client, shard_bytes, args)
    content = ContentHash()
    files: list[Path] = []
    shard_hashes: list[str] = []
    meta: dict[str, Any] = {}
    done = 0
    for s, data in enumerate(results):
        path = out / shard_name(s, num_shards)
        _replace(path, data)
        table = pq.read_table(pa.BufferReader(data))
        batch = from_table(table)
        content.update(batch.columns)
        meta = json.loads(table.schema.metadata[META_KEY])
        shard_hashes.append(meta["shard_hash"])
        files.append(path)
        done += len(batch)
        if progress is not None:
            progress(done, n)
    digest = content.hexdigest()
    manifest = {
        k: meta[k]
        for k in (
            "format",
            "format_version",
            "kind",
            "spec",
            "seed",
            "n",
            "num_shards",
            "trapcore_version",
            "columns",
        )
    }
    manifest.update(content_hash=digest, files=[p.name for p in files], shard_hashes=shard_hashes)
    _replace(out / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    _replace(out / "README.md", _card(meta, digest, [p.name for p in files]).encode())
    keep = {p.name for p in files}
    for stale in out.glob("train-*-of-*.parquet"):
        if stale.name not in keep:
            stale.unlink()
    return DatasetInfo(
        out, tuple(files), spec, fixed_seed, n, num_shards, digest, time.perf_counter() - t0
    )


def write_npz(batch: Batch, path: StrPath) -> Path:
    """Write ``batch`` as one ``.npz`` of stacked arrays (a temporary file, then a rename).

    A fixed-shape column ``c`` is the array ``c`` (n, ...); a ragged one is ``c.values`` and
    ``c.offsets``; ``__meta__`` holds the metadata as JSON. :func:`read` reads it back.

    Parameters
    ----------
    batch : Batch
    path : str or os.PathLike

    Returns
    -------
    pathlib.Path
    """
    if not isinstance(batch, Batch):
        raise TypeError(f"batch must be a trapcore.datasets.Batch, got {_describe(batch)}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a path, got {_describe(path)}")
    path = Path(path)
    arrays = {"__meta__": np.array(json.dumps(metadata_of(batch, shard=0, num_shards=1)))}
    for name, value in batch.columns.items():
        if isinstance(value, Ragged):
            arrays[name + ".values"] = value.values
            arrays[name + ".offsets"] = value.offsets
        else:
            arrays[name] = value
    import io

    buf = io.BytesIO()
    # numpy's stub also matches **arrays against allow_pickle: bool (every key here is a column)
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    _replace(path, buf.getvalue())
    return Path(path)


def _read_npz(path: Path, columns: Sequence[str] | None) -> Batch:
    with np.load(path, allow_pickle=False) as z:
        meta = json.loads(str(z["__meta__"]))
        names = list(meta["columns"]) if columns is None else list(columns)
        cols = {}
        for k in names:
            if k not in meta["columns"]:
                raise ValueError(f"column {k!r} is not in {path}; it has {list(meta['columns'])}")
            if meta["columns"][k]["shape"][:1] == [None]:
                cols[k] = Ragged(z[k + ".values"], z[k + ".offsets"])
            else:
                cols[k] = z[k]
    return Batch(
        spec_from_dict(meta["spec"]), meta["seed"], meta["n"], meta["start"], meta["stop"], cols
    )


def read(path: StrPath, *, columns: Sequence[str] | None = None) -> Batch:
    """Read a dataset back as numpy arrays.

    Parameters
    ----------
    path : str or os.PathLike
        A folder of shards from :func:`write_parquet` (read in item order), one ``.parquet``
        shard, or an ``.npz`` from :func:`write_npz`.
    columns : list of str, optional
        Only these columns (default: all).

    Returns
    -------
    Batch
        Fixed-shape columns as ndarrays ``(n, ...)``, ragged ones (``solution``) as
        :class:`Ragged`.

    Raises
    ------
    FileNotFoundError
        If there is nothing to read at ``path``.
    ValueError
        For files not written by trapcore, or shards of different datasets.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a path, got {_describe(path)}")
    path = Path(path)
    if path.suffix == ".npz":
        return _read_npz(path, columns)
    import pyarrow.parquet as pq

    files = sorted(path.glob("train-*-of-*.parquet")) if path.is_dir() else [path]
    if not files or not files[0].exists():
        raise FileNotFoundError(f"no trapcore dataset at {path}")
    if columns is not None:
        if isinstance(columns, str) or not all(isinstance(c, str) for c in columns):
            raise TypeError(f"columns must be a list of column names, got {_describe(columns)}")
        names = pq.read_schema(files[0]).names
        missing = [c for c in columns if c not in names]
        if missing:
            raise ValueError(f"columns {missing} are not in {path}; it has {names}")
    batches = [from_table(pq.read_table(f, columns=columns), columns=columns) for f in files]
    first = batches[0]
    for prev, b in zip(batches, batches[1:]):
        if (b.spec, b.seed, b.n) != (first.spec, first.seed, first.n) or b.start != prev.stop:
            raise ValueError(f"{path}: its shards are not consecutive shards of one dataset")
    if len(batches) == 1:
        return first
    cols = {}
    for k, v in first.columns.items():
        parts = [b.columns[k] for b in batches]
        cols[k] = Ragged.concat(parts) if isinstance(v, Ragged) else np.concatenate(parts)
    return Batch(first.spec, first.seed, first.n, first.start, batches[-1].stop, cols)
