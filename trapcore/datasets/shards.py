"""Shards streamed in row groups of bounded size: items generated a group at a time (in threads
when asked), written to Parquet, hashed on the way. The local writer and the Dask task share it,
so a shard has the same bytes wherever it is made."""

from __future__ import annotations

import hashlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from trapcore._io import _kind
from trapcore._seeding import root_key
from trapcore._validate import as_int
from trapcore.datasets.arrow import (
    META_KEY,
    SHARD_HASH_KEY,
    BlockHash,
    _pa,
    _pq,
    parquet_encodings,
    shard_hash,
    shard_metadata,
    to_table,
)
from trapcore.datasets.generate import shard_range
from trapcore.datasets.items import ITEMS, item_bytes
from trapcore.datasets.spec import Spec
from trapcore.errors import DatasetError

__all__ = [
    "ROW_GROUP_BYTES",
    "ShardRecord",
    "Stopped",
    "group_size",
    "shard_bytes",
    "shard_part",
    "write_shards",
]

#: A row group holds at most this many bytes of items (estimated by ``item_bytes``): the memory
#: a run needs does not grow with ``n``.
ROW_GROUP_BYTES = 1 << 23
#: ... and at most this many items.
MAX_ROW_GROUP = 1 << 16


def group_size(spec: Spec) -> int:
    """Items per row group for ``spec`` (a function of the spec only, so the files do not depend
    on workers or Dask)."""
    return max(1, min(MAX_ROW_GROUP, ROW_GROUP_BYTES // item_bytes(spec)))


@dataclass(frozen=True)
class ShardRecord:
    """One closed shard, as the manifest records it."""

    file: str
    start: int
    stop: int
    bytes: int
    sha256: str

    @property
    def rows(self) -> int:
        return self.stop - self.start

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "start": self.start,
            "stop": self.stop,
            "rows": self.rows,
            "bytes": self.bytes,
            "sha256": self.sha256,
        }


def shard_name(shard: int, num_shards: int) -> str:
    """The file name of one shard, as Hugging Face ``datasets`` reads the shards as one split.

    Parameters
    ----------
    shard, num_shards : int
        Which shard, of how many.

    Returns
    -------
    str

    Raises
    ------
    TypeError, ValueError
        Unless ``num_shards >= 1`` and ``0 <= shard < num_shards`` are integers.

    See Also
    --------
    shard_range : The items of a shard.

    Examples
    --------
    >>> from trapcore import datasets
    >>> datasets.shard_name(3, 8)
    'train-00003-of-00008.parquet'
    """
    num_shards = as_int(num_shards, "num_shards", minimum=1)
    shard = as_int(shard, "shard", minimum=0, maximum=num_shards - 1)
    return f"train-{shard:05d}-of-{num_shards:05d}.parquet"


def _groups(n: int, shard: int, num_shards: int, size: int) -> list[tuple[int, int]]:
    start, stop = shard_range(n, shard, num_shards)
    if start == stop:
        return [(start, stop)]
    return [(a, min(stop, a + size)) for a in range(start, stop, size)]


def _codec(compression: str) -> str | None:
    return None if compression == "none" else compression


class _Shard:
    """An open Parquet writer for one shard; the schema (with the shard's metadata) comes from
    its first row group."""

    def __init__(
        self,
        sink: Any,
        spec: Spec,
        seed: int,
        n: int,
        shard: int,
        num_shards: int,
        compression: str,
    ) -> None:
        self.sink, self.compression = sink, compression
        self.meta = (spec, seed, n, shard, num_shards)
        self.writer: Any = None
        # the shard's part of the dataset's content hash: its digests are the shard's own hash
        self.part = BlockHash(shard_range(n, shard, num_shards)[0])

    def write(self, columns: dict[str, Any]) -> None:
        pq = _pq()
        table = to_table(columns)
        if self.writer is None:
            spec, seed, n, shard, num_shards = self.meta
            meta = shard_metadata(spec, seed, n, shard, num_shards, columns)
            table = table.replace_schema_metadata(meta)
            self.writer = pq.ParquetWriter(
                self.sink,
                table.schema,
                compression=_codec(self.compression),
                use_dictionary=False,  # grids and paths do not repeat: dictionaries only cost
                column_encoding=parquet_encodings(table.schema),
                write_statistics=["index"],
                write_page_checksum=True,
            )
        else:
            table = table.replace_schema_metadata(self.writer.schema.metadata)
        self.writer.write_table(table, row_group_size=max(1, table.num_rows))
        self.part.update(columns)

    def close(self) -> None:
        if self.writer is not None:
            meta = self.writer.schema.metadata[META_KEY]
            self.writer.add_key_value_metadata({SHARD_HASH_KEY: shard_hash(meta, self.part)})
            self.writer.close()


def _ordered(
    fn: Callable[[int, int], dict[str, Any]], jobs: Iterable[tuple[int, int, int]], workers: int
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(shard, fn(a, b))`` for each job ``(shard, a, b)`` in order; with ``workers`` > 1 that
    many groups are made at once in threads (the kernels release the GIL), at most
    ``2 * workers`` waiting, so memory stays bounded. ``jobs`` is read as it goes (a dataset of
    10**11 items has millions of row groups: their list alone took gigabytes)."""
    todo = iter(jobs)
    if workers <= 1:
        for s, a, b in todo:
            yield s, fn(a, b)
        return
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: deque[tuple[int, Future[dict[str, Any]]]] = deque()
        try:
            for s, a, b in todo:
                pending.append((s, pool.submit(fn, a, b)))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                s, fut = pending.popleft()
                cols = fut.result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append((nxt[0], pool.submit(fn, nxt[1], nxt[2])))
                yield s, cols
        finally:
            for _, fut in pending:
                fut.cancel()


def _jobs(
    n: int, shards: Iterable[int], num_shards: int, size: int
) -> Iterator[tuple[int, int, int]]:
    """The row groups ``(shard, a, b)`` of ``shards``, in order, made as they are read."""
    for s in shards:
        for a, b in _groups(n, s, num_shards, size):
            yield s, a, b


def write_shards(
    spec: Spec,
    n: int,
    seed: int,
    shards: list[int],
    num_shards: int,
    folder: Path,
    *,
    workers: int = 1,
    compression: str = "zstd",
    content: BlockHash | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[ShardRecord]:
    """Write shards ``shards`` of the dataset into ``folder`` (row group by row group), feeding
    ``content`` the rows in item order and calling ``progress(rows)`` after each group."""
    key = root_key(seed)
    make = ITEMS[spec.kind]
    size = group_size(spec)
    jobs = _jobs(n, shards, num_shards, size)
    records: list[ShardRecord] = []
    current: _Shard | None = None
    current_s = -1
    try:
        for s, cols in _ordered(lambda a, b: make(spec, key, a, b, 1), jobs, workers):
            if s != current_s:
                if current is not None:
                    current.close()
                    if content is not None:
                        content.merge(current.part)
                    records.append(_record(folder, current_s, num_shards, n))
                current_s = s
                current = _Shard(
                    str(folder / shard_name(s, num_shards)),
                    spec,
                    seed,
                    n,
                    s,
                    num_shards,
                    compression,
                )
            assert current is not None
            current.write(cols)
            if progress is not None:
                progress(len(cols["index"]))
        if current is not None:
            current.close()
            if content is not None:
                content.merge(current.part)
            records.append(_record(folder, current_s, num_shards, n))
            current = None
    finally:
        if current is not None and current.writer is not None:
            current.writer.close()
    return records


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file (a symlink's target counts).

    A FIFO, device, socket or folder is refused with :class:`DatasetError` naming it, before it
    is opened (a FIFO would block, ``/dev/zero`` never end); the open is non-blocking and checked
    again on the descriptor, in case the file was swapped in between. A missing file raises
    ``FileNotFoundError``."""
    kind = _kind(os.stat(path).st_mode)
    if kind is None:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        kind = _kind(os.fstat(fd).st_mode)
        if kind is None:
            return os.fdopen(fd, "rb")
        os.close(fd)
    raise DatasetError(f"{os.fspath(path)!r} is {kind}, not a file trapcore wrote")


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file (:func:`open_regular`'s checks)."""
    with open_regular(path) as f:
        return f.read()


def file_sha256(path: Path) -> tuple[int, str]:
    """``(size, SHA-256 hex)`` of a regular file's bytes (:func:`open_regular`'s checks)."""
    h = hashlib.sha256()
    size = 0
    with open_regular(path) as f:
        while block := f.read(1 << 20):
            h.update(block)
            size += len(block)
    return size, h.hexdigest()


def _record(folder: Path, shard: int, num_shards: int, n: int) -> ShardRecord:
    name = shard_name(shard, num_shards)
    size, digest = file_sha256(folder / name)
    start, stop = shard_range(n, shard, num_shards)
    return ShardRecord(name, start, stop, size, digest)


def shard_part(
    spec: Spec,
    n: int,
    seed: int,
    shard: int,
    num_shards: int,
    workers: int = 1,
    compression: str = "zstd",
    stop: Callable[[], bool] | None = None,
) -> tuple[bytes, BlockHash]:
    """One shard as Parquet bytes and its part of the content hash (what a Dask task computes:
    the writer stores the bytes as they are and merges the hash, without reading the rows
    back): the same bytes :func:`write_shards` writes to a file.

    ``stop()`` is asked before each row group; when it answers True the shard is abandoned
    (:class:`Stopped`): a Dask worker closing at Ctrl-C does not finish its shard first."""
    pa = _pa()
    key = root_key(seed)
    make = ITEMS[spec.kind]
    sink = pa.BufferOutputStream()
    out = _Shard(sink, spec, seed, n, shard, num_shards, compression)
    jobs = _jobs(n, [shard], num_shards, group_size(spec))
    if stop is not None:
        jobs = _unless(stop, jobs)
    for _, cols in _ordered(lambda a, b: make(spec, key, a, b, 1), jobs, workers):
        out.write(cols)
    out.close()
    data: bytes = sink.getvalue().to_pybytes()
    return data, out.part


class Stopped(RuntimeError):
    """A shard abandoned because ``stop()`` asked (its worker is closing)."""


def _unless(
    stop: Callable[[], bool], jobs: Iterator[tuple[int, int, int]]
) -> Iterator[tuple[int, int, int]]:
    """``jobs``, asking ``stop()`` before each: :class:`Stopped` when it answers True."""
    for job in jobs:
        if stop():
            raise Stopped("the shard was abandoned: its worker is closing")
        yield job


def shard_bytes(
    spec: Spec,
    n: int,
    seed: int,
    shard: int,
    num_shards: int,
    workers: int = 1,
    compression: str = "zstd",
) -> bytes:
    """One shard as Parquet bytes: the same bytes :func:`write_shards` writes to a file."""
    return shard_part(spec, n, seed, shard, num_shards, workers, compression)[0]
