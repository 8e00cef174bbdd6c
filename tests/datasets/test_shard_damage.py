"""One shard read alone proves its content: Parquet page checksums, and the shard's content hash
in its metadata. Whatever byte is flipped and whatever metadata key is removed, ``read(shard)``
raises DatasetError or returns the original rows; every failure reading a shard or a manifest is
a DatasetError (never a KeyError, OverflowError, RecursionError or an Arrow exception)."""

import json

import numpy as np
import pytest
from _suite import size

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import trapcore.datasets as tds  # noqa: E402
from trapcore.datasets.arrow import META_KEY, SHARD_HASH_KEY  # noqa: E402

SPEC = tds.MazeSpec(5, 6, braid=0.3, entrance="random")


def _same(a, b):
    assert (a.spec, a.seed, a.n, a.start, a.stop) == (b.spec, b.seed, b.n, b.start, b.stop)
    assert list(a.columns) == list(b.columns)
    for k, x in a.columns.items():
        y = b.columns[k]
        if isinstance(x, tds.Ragged):
            assert isinstance(y, tds.Ragged)
            np.testing.assert_array_equal(x.values, y.values)
            np.testing.assert_array_equal(x.offsets, y.offsets)
        else:
            assert x.dtype == y.dtype
            np.testing.assert_array_equal(x, y)


@pytest.fixture(scope="module", params=["zstd", "none"])
def shard(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("d") / request.param
    info = tds.write_parquet(SPEC, 120, 5, folder, num_shards=2, compression=request.param)
    path = info.files[1]
    return path, path.read_bytes(), tds.read(path)


def _read_damaged(tmp_path, data, original, columns=None):
    """read() of the damaged copy raises DatasetError or gives the original rows."""
    path = tmp_path / "train-00001-of-00002.parquet"
    path.write_bytes(data)
    try:
        back = tds.read(path, columns=columns)
    except tds.DatasetError:
        return False
    want = original if columns is None else _subset(original, columns)
    _same(back, want)
    return True


def _subset(batch, columns):
    return tds.Batch(
        batch.spec,
        batch.seed,
        batch.n,
        batch.start,
        batch.stop,
        {k: batch.columns[k] for k in columns},
    )


def _flips(length, stride):
    return [(i, 1 << (i % 8)) for i in range(0, length, stride)]


def test_an_intact_shard_reads_and_carries_its_hash(shard):
    path, data, original = shard
    meta = pq.ParquetFile(path).metadata.metadata
    assert META_KEY in meta and SHARD_HASH_KEY in meta
    assert json.loads(meta[META_KEY])["format_version"] == 5
    assert original.n == 120 and (original.start, original.stop) == (60, 120)


def test_a_flipped_byte_anywhere_is_caught_at_a_stride(tmp_path, shard):
    path, data, original = shard
    stride = max(1, len(data) // size(150, 1500))
    caught = 0
    for i, mask in _flips(len(data), stride):
        damaged = bytearray(data)
        damaged[i] ^= mask
        caught += not _read_damaged(tmp_path, bytes(damaged), original)
    assert caught > 0  # the test damages something the reader sees


@pytest.mark.slow
def test_every_flipped_byte_is_caught(tmp_path, shard):
    path, data, original = shard
    for i, mask in _flips(len(data), 1):
        damaged = bytearray(data)
        damaged[i] ^= mask
        _read_damaged(tmp_path, bytes(damaged), original)


def test_a_flipped_byte_is_caught_reading_some_columns(tmp_path, shard):
    path, data, original = shard
    for i, mask in _flips(len(data), max(1, len(data) // size(40, 400))):
        damaged = bytearray(data)
        damaged[i] ^= mask
        _read_damaged(tmp_path, bytes(damaged), original, columns=["solution", "path_length"])


def _keys(meta):
    """Paths to every key of the trapcore metadata (nested dicts included)."""
    out = []
    for k, v in meta.items():
        out.append((k,))
        if isinstance(v, dict):
            out += [(k, *rest) for rest in _keys(v)]
    return out


def _rewrite(path, out, metadata):
    """The shard's rows written again with ``metadata`` as its key-value metadata."""
    table = pq.read_table(path).replace_schema_metadata(metadata)
    pq.write_table(table, out)


def test_removing_any_metadata_key_is_caught(tmp_path, shard):
    path, data, original = shard
    kv = dict(pq.ParquetFile(path).metadata.metadata)
    meta = json.loads(kv[META_KEY])
    copy = tmp_path / "copy.parquet"
    _rewrite(path, copy, kv)
    _same(tds.read(copy), original)  # rewritten as it was: still whole
    for key in _keys(meta):
        changed = json.loads(kv[META_KEY])
        parent = changed
        for k in key[:-1]:
            parent = parent[k]
        del parent[key[-1]]
        _rewrite(path, copy, {**kv, META_KEY: json.dumps(changed).encode()})
        with pytest.raises(tds.DatasetError):
            tds.read(copy)
    for key in kv:  # pyarrow writes ARROW:schema again: that copy reads as the original
        _rewrite(path, copy, {k: v for k, v in kv.items() if k != key})
        if key.startswith(b"trapcore"):
            with pytest.raises(tds.DatasetError):
                tds.read(copy)
        else:
            _same(tds.read(copy), original)


def test_an_old_shard_without_a_hash_still_reads(tmp_path, shard):
    """Format 3 shards (0.3.0 before checksums) carry no content hash: they read as before (a
    folder's manifest still checks their SHA-256)."""
    path, data, original = shard
    kv = dict(pq.ParquetFile(path).metadata.metadata)
    meta = json.loads(kv[META_KEY])
    meta["format_version"] = 3
    copy = tmp_path / "old.parquet"
    _rewrite(path, copy, {META_KEY: json.dumps(meta).encode()})
    _same(tds.read(copy), original)
    meta["format_version"] = 99
    _rewrite(path, copy, {META_KEY: json.dumps(meta).encode()})
    with pytest.raises(tds.DatasetError, match="format"):
        tds.read(copy)


@pytest.mark.parametrize(
    "change",
    [
        {"stop": 10**30},
        {"start": -5},
        {"start": "x"},
        {"n": None},
        {"spec": {"kind": "maze", "rows": -1}},
        {"columns": {"doors": {"dtype": "object", "shape": [5, 6]}}},
        {"columns": {"doors": {"dtype": "uint8", "shape": [10**30]}}},
        {"columns": []},
        {"format_version": "3"},
    ],
)
def test_odd_metadata_in_an_old_shard_is_a_dataset_error(tmp_path, shard, change):
    path, data, original = shard
    kv = dict(pq.ParquetFile(path).metadata.metadata)
    meta = json.loads(kv[META_KEY])
    meta["format_version"] = 3
    meta.update(change)
    copy = tmp_path / "odd.parquet"
    _rewrite(path, copy, {META_KEY: json.dumps(meta).encode()})
    with pytest.raises(tds.DatasetError):
        tds.read(copy)


def test_a_manifest_of_nested_brackets_is_a_dataset_error(tmp_path):
    folder = tmp_path / "D"
    tds.write_parquet(SPEC, 20, 1, folder)
    (folder / "trapcore.json").write_text("[" * 100_000 + "]" * 100_000)
    for check in (tds.read, tds.verify):
        with pytest.raises(tds.DatasetError, match="trapcore.json"):
            check(folder)


@pytest.mark.parametrize(
    "change",
    [
        {"shards": [5]},
        {"shards": [{"file": 3}]},
        {"shards": "abc"},
        {"n": 10**30},
        {"spec": None},
        {"seed": []},
    ],
)
def test_a_damaged_manifest_is_a_dataset_error(tmp_path, change):
    folder = tmp_path / "D"
    tds.write_parquet(SPEC, 20, 1, folder)
    m = json.loads((folder / "trapcore.json").read_text())
    m.update(change)
    (folder / "trapcore.json").write_text(json.dumps(m))
    for check in (tds.read, tds.verify):
        with pytest.raises(tds.DatasetError):
            check(folder)
