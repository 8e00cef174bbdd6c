"""Dataset files: a folder of Parquet shards (``data/``, a card and a manifest), npz of stacked
arrays, read() and verify()."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from trapcore._io import _cleanup_on_signal
from trapcore._renamed import renamed
from trapcore._validate import _describe, as_int
from trapcore.datasets.arrow import (
    META_KEY,
    BlockHash,
    ContentHash,
    _pa,
    _pq,
    from_table,
    metadata_of,
)
from trapcore.datasets.generate import _check, _gib
from trapcore.datasets.items import Batch, Ragged, item_bytes
from trapcore.datasets.manifest import (
    DATA,
    MANIFEST,
    DatasetError,
    card,
    check_folder,
    manifest_dict,
    prepare,
    replace_file,
    swap_in,
)
from trapcore.datasets.shards import (
    open_regular,
    read_regular,
    shard_name,
    shard_part,
    write_shards,
)
from trapcore.datasets.spec import Spec, spec_from_dict

if TYPE_CHECKING:
    import distributed
    from _typeshed import StrPath

__all__ = [
    "MAX_SHARD_BYTES",
    "DatasetError",
    "DatasetInfo",
    "read",
    "shard_name",
    "verify",
    "write_npz",
    "write_parquet",
]

COMPRESSIONS = ("zstd", "snappy", "gzip", "none")
#: The most bytes one shard may hold, estimated from the spec (``item_bytes`` per item) before
#: any work starts: 64 GiB. More items need more shards.
MAX_SHARD_BYTES = 1 << 36


@dataclass(frozen=True)
class DatasetInfo:
    """What :func:`write_parquet` wrote.

    Attributes
    ----------
    directory : pathlib.Path
    files : tuple of pathlib.Path
        The shards (in ``directory / "data"``), in item order.
    spec, seed, n, num_shards
        As given (``seed`` drawn when ``None`` was given).
    content_hash : str
        SHA-256 of the rows in item order, by blocks of 4096 items (``BlockHash``): the same
        whatever the shards, workers or Dask.
    seconds : float
        Wall time of the run (or of the check, for :func:`verify`).

    See Also
    --------
    verify : Checks a dataset against it.
    generate : Writes it.

    Examples
    --------
    >>> from trapcore import datasets
    >>> spec = datasets.MazeSpec(rows=4, cols=5)
    >>> info = datasets.write_parquet(spec, 6, 0, "mazes", num_shards=2)
    >>> info
    <DatasetInfo maze n=6 shards=2 hash=582b5e000416 in 'mazes'>
    >>> [f.name for f in info.files]
    ['train-00000-of-00002.parquet', 'train-00001-of-00002.parquet']
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


def _as_compression(compression: object) -> str:
    if compression is None:
        return "none"
    if compression not in COMPRESSIONS:
        raise ValueError(f"compression must be one of {list(COMPRESSIONS)}, got {compression!r}")
    return str(compression)


def check_shard_size(
    spec: Spec, n: int, num_shards: int, names: dict[str, str] | None = None
) -> None:
    """Refuse, before any work, shards over :data:`MAX_SHARD_BYTES` (estimated)."""
    names = names or {}
    per = -(-n // num_shards) * item_bytes(spec)
    if per > MAX_SHARD_BYTES:
        need = -(-n * item_bytes(spec) // MAX_SHARD_BYTES)
        raise ValueError(
            f"{names.get('n', 'n')} = {n} items in {num_shards} shard(s) makes shards of about "
            f"{_gib(per)} (at most {_gib(MAX_SHARD_BYTES)} each); raise "
            f"{names.get('num_shards', 'num_shards')} to at least {need}"
        )


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
    """Generate a dataset into ``directory``: Parquet shards in ``data/``, a card and a manifest.

    Writes ``data/train-SSSSS-of-KKKKK.parquet`` (shard ``s`` holds items ``s*n//K ..``; each
    row has an ``index`` column, the item's ``k``), ``README.md`` (a dataset card Hugging Face
    reads; its ``data_files`` are exactly the shards) and ``trapcore.json`` (spec, seed, version,
    content hash, and each shard's items, size and SHA-256). ``pd.read_parquet(directory /
    "data")``, ``pyarrow.dataset.dataset(directory / "data")`` and ``datasets.load_dataset(
    directory)`` open it.

    Each shard is streamed in row groups of bounded size (memory does not grow with ``n``). The
    new shards go to a staging folder in ``directory``; an earlier dataset there stays whole and
    readable until every new shard is closed, then it is swapped out. An interrupted run leaves
    the earlier dataset (or none), never a mixture that reads as complete.

    Parameters
    ----------
    spec : MazeSpec, NumberlinkSpec or CatSpec
    n : int
        Items (at most :data:`MAX_ITEMS`).
    seed : int or None
        ``None`` draws one (recorded in the files).
    directory : str or os.PathLike
        Created if missing; if it exists, it must be empty of ``data/`` or hold a trapcore
        dataset (which is replaced).
    num_shards : int
        Files, ``1 <= num_shards <= max(1, n)``, each at most :data:`MAX_SHARD_BYTES`
        (estimated from the spec, before anything starts).
    workers : int
        Threads making row groups at once (mazes: the kernels release the GIL); the files do
        not depend on it.
    client : distributed.Client, str or None
        Run the shards as Dask tasks: a ``Client``, a scheduler address, or ``"local:W"`` for a
        ``LocalCluster`` of ``W`` worker processes started for this call. The files are the
        same bytes as without.
    compression : {"zstd", "snappy", "gzip", "none"}
    progress : callable, optional
        Called as ``progress(items_done, n)`` as items are written.

    Returns
    -------
    DatasetInfo

    Raises
    ------
    TypeError, ValueError
        For a bad argument (named), or a shard over :data:`MAX_SHARD_BYTES`.
    ImportError
        Without pyarrow (or distributed, with ``client``).

    See Also
    --------
    write_npz : numpy files instead.
    read : Reads it back.

    Examples
    --------
    Six mazes in two shards, in the folder ``mazes`` (made if need be):

    >>> from trapcore import datasets
    >>> spec = datasets.MazeSpec(rows=4, cols=5)
    >>> info = datasets.write_parquet(spec, 6, 0, "mazes", num_shards=2)
    >>> info.n, info.num_shards, info.seed
    (6, 2, 0)
    >>> datasets.read("mazes")["path_length"].tolist()
    [10, 10, 8, 8, 8, 8]
    """
    t0 = time.perf_counter()
    spec, n, fixed_seed, _, num_shards = _check(spec, n, seed, 0, num_shards)
    workers = as_int(workers, "workers", minimum=1, maximum=1024)
    codec = _as_compression(compression)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (done, total), got {_describe(progress)}")
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path, got {_describe(directory)}")
    _check_client(client)
    check_shard_size(spec, n, num_shards)
    _pa()
    out = Path(directory)
    staging = prepare(out)
    # SIGTERM or SIGHUP removes the staging folder too (SIGKILL leaves it to the next run)
    with _cleanup_on_signal(str(staging)):
        return _write_staged(
            spec, n, fixed_seed, out, staging, num_shards, workers, client, codec, progress, t0
        )


def _check_client(client: object) -> None:
    """Refuse a ``client`` of the wrong type before anything is made (the cluster checks the
    rest when it starts)."""
    dist = sys.modules.get("distributed")
    if client is None or isinstance(client, str):
        return
    if dist is None or not isinstance(client, dist.Client):
        raise TypeError(
            "client must be a distributed.Client, a scheduler address or 'local:W', "
            f"got {_describe(client)}"
        )


def _write_staged(
    spec: Spec,
    n: int,
    fixed_seed: int,
    out: Path,
    staging: Path,
    num_shards: int,
    workers: int,
    client: object,
    codec: str,
    progress: Callable[[int, int], object] | None,
    t0: float,
) -> DatasetInfo:
    """write_parquet's work once its arguments are checked and its staging folder made."""
    try:
        content = BlockHash(fold=True)
        done = [0]

        def tick(rows: int) -> None:
            done[0] += rows
            if progress is not None:
                progress(done[0], n)

        if client is None:
            records = write_shards(
                spec,
                n,
                fixed_seed,
                list(range(num_shards)),
                num_shards,
                staging,
                workers=workers,
                compression=codec,
                content=content,
                progress=tick,
            )
        else:
            records = _on_dask(
                client, spec, n, fixed_seed, num_shards, workers, codec, staging, content, tick
            )
        pq = _pq()
        meta = json.loads(pq.read_schema(staging / records[0].file).metadata[META_KEY])
        digest = content.hexdigest()
        names = [r.file for r in records]
        swap_in(out, staging, manifest_dict(meta, records, digest), card(meta, digest, names))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    files = tuple(out / DATA / name for name in names)
    return DatasetInfo(
        out, files, spec, fixed_seed, n, num_shards, digest, time.perf_counter() - t0
    )


def _on_dask(
    client: object,
    spec: Spec,
    n: int,
    seed: int,
    num_shards: int,
    workers: int,
    codec: str,
    staging: Path,
    content: BlockHash,
    tick: Callable[[int], None],
) -> list[Any]:
    """The shards as Dask tasks (Parquet bytes and their part of the content hash back),
    stored in ``staging`` in order."""
    import hashlib

    from trapcore.datasets.cluster import map_shards
    from trapcore.datasets.generate import shard_range
    from trapcore.datasets.shards import ShardRecord

    args = [(spec, n, seed, s, num_shards, workers, codec) for s in range(num_shards)]
    records = []
    for s, (data, part) in enumerate(map_shards(client, shard_part, args)):
        name = shard_name(s, num_shards)
        (staging / name).write_bytes(data)
        content.merge(part)
        start, stop = shard_range(n, s, num_shards)
        records.append(ShardRecord(name, start, stop, len(data), hashlib.sha256(data).hexdigest()))
        tick(stop - start)
    return records


@renamed(path="file")
def write_npz(batch: Batch, file: StrPath) -> Path:
    """Write ``batch`` as one ``.npz`` of stacked arrays (a temporary file, then a rename).

    A fixed-shape column ``c`` is the array ``c`` (n, ...); a ragged one is ``c.values`` and
    ``c.offsets``; ``__meta__`` holds the metadata as JSON. :func:`read` reads it back. Writing
    through a symlink writes its target; a directory, FIFO or device at ``file`` is refused.

    Parameters
    ----------
    batch : Batch
    file : str or os.PathLike
        Where to write (``path`` before 0.3, deprecated).

    Returns
    -------
    pathlib.Path
        The file written (a symlink's target).

    Raises
    ------
    TypeError, ValueError
        For a bad argument, or a ``file`` that is not a regular file.

    See Also
    --------
    write_parquet : Parquet instead.
    read : Reads it back.

    Examples
    --------
    >>> from trapcore import datasets
    >>> batch = datasets.generate(datasets.MazeSpec(rows=4, cols=5), 3, seed=0)
    >>> datasets.write_npz(batch, "mazes.npz").name
    'mazes.npz'
    >>> datasets.read("mazes.npz")["solution"].lengths
    array([10, 10,  8])
    """
    path = file
    if not isinstance(batch, Batch):
        raise TypeError(f"batch must be a trapcore.datasets.Batch, got {_describe(batch)}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"file must be a path, got {_describe(path)}")
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
    target = replace_file(Path(path), buf.getvalue())
    return target if Path(path).is_symlink() else Path(path)


def _read_npz(path: Path, columns: Sequence[str] | None) -> Batch:
    with open_regular(path) as fh:  # a missing or unreadable file: its own OSError
        try:
            with np.load(fh, allow_pickle=False) as z:
                meta = json.loads(str(z["__meta__"]))
                have = list(meta["columns"])
                names = have if columns is None else list(columns)
                cols = {}
                for k in names:
                    if k not in have:
                        break
                    if meta["columns"][k]["shape"][:1] == [None]:
                        cols[k] = Ragged(z[k + ".values"], z[k + ".offsets"])
                    else:
                        cols[k] = z[k]
                else:
                    batch = Batch(
                        spec_from_dict(meta["spec"]),
                        meta["seed"],
                        meta["n"],
                        meta["start"],
                        meta["stop"],
                        cols,
                    )
        except MemoryError:
            raise
        except Exception as exc:  # a damaged file fails in zipfile, zlib, numpy's header parser..
            raise DatasetError(
                f"{os.fspath(path)!r} is not an npz written by trapcore.datasets.write_npz "
                f"({type(exc).__name__}: {exc})"
            ) from None
    _has_columns(names, have, path)
    if "shard_hash" in meta and columns is None:
        if ContentHash().update(batch.columns).hexdigest() != meta["shard_hash"]:
            raise DatasetError(f"{os.fspath(path)!r} is altered: its content hash does not match")
    return batch


def _shard_batch(path: Path, blob: bytes, names: list[str] | None) -> Batch:
    """One shard's rows from its bytes, its page checksums and content hash checked: any
    failure is a :class:`DatasetError` naming ``path`` (a column it lacks, a ``ValueError``)."""
    pa, pq = _pa(), _pq()
    try:
        shard = pq.ParquetFile(pa.BufferReader(blob), page_checksum_verification=True)
        have = shard.schema_arrow.names
        kv = shard.metadata.metadata or {}
    except Exception as exc:  # pyarrow's own errors, whatever the damage
        raise DatasetError(f"{os.fspath(path)!r} is not a Parquet shard: {exc}") from None
    try:
        _has_columns(names, have, path)
    except ValueError as exc:
        try:
            listed = json.loads(kv[META_KEY])["columns"]
            lost = any(c in listed for c in names or ())  # the schema lost a name it lists
        except Exception:  # no readable metadata: the columns are simply not there
            lost = False
        if lost:
            raise DatasetError(f"{exc}, but its metadata lists them: it is damaged") from None
        raise
    try:
        table = shard.read(columns=names)
        b = from_table(table, columns=names, metadata=kv)
    except DatasetError as exc:
        raise DatasetError(f"{os.fspath(path)!r}: {exc}") from None
    except Exception as exc:  # a damaged page or footer fails in pyarrow in many ways
        raise DatasetError(
            f"{os.fspath(path)!r} is not a Parquet shard trapcore wrote "
            f"({type(exc).__name__}: {exc})"
        ) from None
    if len(b) != table.num_rows or (
        "index" in b.columns and not np.array_equal(b["index"], np.arange(b.start, b.stop))
    ):
        raise DatasetError(f"{os.fspath(path)!r} does not hold items {b.start}..{b.stop - 1}")
    return b


def _agrees(manifest: dict[str, Any], first: Batch, folder: Path) -> None:
    """Refuse a manifest whose spec, seed or n are not its shards'."""
    try:
        same = (spec_from_dict(manifest["spec"]), manifest["seed"], manifest["n"]) == (
            first.spec,
            first.seed,
            first.n,
        )
    except (KeyError, TypeError, ValueError):
        same = False
    if not same:
        raise DatasetError(
            f"{os.fspath(folder / MANIFEST)!r} does not describe its shards (spec, seed or n)"
        )


def _check_columns(columns: object) -> list[str] | None:
    if columns is None:
        return None
    if isinstance(columns, str) or not isinstance(columns, (list, tuple)):
        raise TypeError(f"columns must be a list of column names, got {_describe(columns)}")
    names = [c for c in columns if isinstance(c, str)]
    if len(names) != len(columns):
        raise TypeError(f"columns must be a list of column names, got {_describe(columns)}")
    return names


def _has_columns(names: list[str] | None, have: list[str], path: Path) -> None:
    missing = [c for c in names or () if c not in have]
    if missing:
        raise ValueError(f"columns {missing} are not in {os.fspath(path)!r}; it has {have}")


@renamed(path="file")
def read(file: StrPath, *, columns: Sequence[str] | None = None) -> Batch:
    """Read a dataset back as numpy arrays, checked against its manifest.

    Parameters
    ----------
    file : str or os.PathLike
        A folder from :func:`write_parquet` (or its ``data/``), one ``.parquet`` shard, or an
        ``.npz`` from :func:`write_npz` (``path`` before 0.3, deprecated).
    columns : list of str, optional
        Only these columns (default: all).

    Returns
    -------
    Batch
        Fixed-shape columns as ndarrays ``(n, ...)`` (``doors``: ``(n, rows, cols)``), ragged
        ones (``solution``) as :class:`Ragged`.

    Raises
    ------
    FileNotFoundError
        If there is nothing at ``file``.
    DatasetError
        (a ``ValueError``) For a folder that is not the complete dataset its manifest lists
        (no manifest, a shard missing, extra, partial or altered, items not covered), or files
        not written by trapcore.
    ValueError
        For a column the dataset lacks.

    See Also
    --------
    generate : Writes what it reads.
    to_numpy : Columns as numpy arrays.

    Examples
    --------
    >>> from trapcore import datasets
    >>> info = datasets.write_parquet(datasets.MazeSpec(rows=4, cols=5), 6, 0, "mazes")
    >>> b = datasets.read("mazes", columns=["doors", "path_length"])
    >>> b
    <Batch maze items 0..6 of 6 columns=['doors', 'path_length']>
    >>> b["doors"].shape
    (6, 4, 5)
    """
    path = file
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"file must be a path, got {_describe(path)}")
    names = _check_columns(columns)
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no trapcore dataset at {os.fspath(path)!r}")
    if path.suffix == ".npz":
        return _read_npz(path, names)
    _pa()
    if path.is_dir():
        checked = check_folder(path)
        listed = checked.manifest.get("columns")
        _has_columns(names, list(listed) if isinstance(listed, dict) else [], path)
        shards = list(zip(checked.files, checked.data))
    else:
        shards = [(path, read_regular(path))]  # a FIFO or a device: refused before it is opened
    batches = [_shard_batch(f, blob, names) for f, blob in shards]
    if not batches:
        raise DatasetError(f"{os.fspath(path)!r}: its manifest lists no shards")
    first = batches[0]
    for prev, b in zip(batches, batches[1:]):
        if (b.spec, b.seed, b.n) != (first.spec, first.seed, first.n) or b.start != prev.stop:
            raise DatasetError(
                f"{os.fspath(path)!r}: its shards are not consecutive shards of one dataset"
            )
    if path.is_dir():
        _agrees(checked.manifest, first, checked.directory)
    if len(batches) == 1:
        return first
    cols = {}
    for k, v in first.columns.items():
        parts = [b.columns[k] for b in batches]
        cols[k] = Ragged.concat(parts) if isinstance(v, Ragged) else np.concatenate(parts)
    return Batch(first.spec, first.seed, first.n, first.start, batches[-1].stop, cols)


@renamed(path="directory")
def verify(directory: StrPath) -> DatasetInfo:
    """Check a dataset folder against its manifest without loading it: every listed shard is
    present with the size and SHA-256 recorded, no other shard is in ``data/``, and the shards
    cover items 0 to n - 1 (``trapcore dataset verify DIR``).

    Parameters
    ----------
    directory : str or os.PathLike
        The dataset folder (``path`` before 0.3, deprecated).

    Returns
    -------
    DatasetInfo
        What the manifest describes (``seconds``: the time the check took).

    Raises
    ------
    FileNotFoundError
        If there is nothing at ``directory``.
    DatasetError
        Listing every problem found.

    See Also
    --------
    generate : Writes what it checks.
    DatasetInfo : What it checks against.

    Examples
    --------
    >>> from trapcore import datasets
    >>> info = datasets.write_parquet(datasets.MazeSpec(rows=4, cols=5), 6, 0, "mazes")
    >>> datasets.verify("mazes").content_hash == info.content_hash
    True
    """
    t0 = time.perf_counter()
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path, got {_describe(directory)}")
    folder = Path(directory)
    if not folder.exists():
        raise FileNotFoundError(f"no trapcore dataset at {os.fspath(folder)!r}")
    if not folder.is_dir():
        raise DatasetError(f"{os.fspath(folder)!r} is not a dataset folder")
    checked = check_folder(folder, load=False)
    m = checked.manifest
    try:
        spec = spec_from_dict(m["spec"])
        seed, n = int(m["seed"]), int(m["n"])
    except (KeyError, TypeError, ValueError) as exc:
        raise DatasetError(f"{os.fspath(folder)!r}: its manifest is damaged ({exc})") from None
    return DatasetInfo(
        checked.directory,
        checked.files,
        spec,
        seed,
        n,
        len(checked.files),
        str(m.get("content_hash", "")),
        time.perf_counter() - t0,
    )
