"""Dataset files: Parquet shards and npz round trips, metadata, hashes, atomic writes, the CLI."""

import hashlib
import io
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import trapcore  # noqa: E402
import trapcore.datasets as tds  # noqa: E402
from trapcore.cli import main  # noqa: E402
from trapcore.datasets import files as _files  # noqa: E402


def _same(a, b):
    assert list(a.columns) == list(b.columns)
    for k in a.columns:
        x, y = a[k], b[k]
        if isinstance(x, tds.Ragged):
            np.testing.assert_array_equal(x.values, y.values)
            np.testing.assert_array_equal(x.offsets, y.offsets)
        else:
            assert x.dtype == y.dtype
            np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize(
    "spec",
    [
        tds.MazeSpec(7, 5, braid=0.4, entrance="random"),
        tds.NumberlinkSpec(5),
        tds.CatSpec(7, 9, blocked=5),
    ],
)
def test_parquet_round_trip(tmp_path, spec):
    n = 40 if spec.kind == "maze" else 5
    info = tds.write_parquet(spec, n, 12, tmp_path / "ds", num_shards=3)
    assert [p.name for p in info.files] == [f"train-0000{s}-of-00003.parquet" for s in range(3)]
    back = tds.read(tmp_path / "ds")
    _same(back, tds.generate(spec, n, 12))
    assert back.spec == spec and back.seed == 12 and (back.start, back.stop) == (0, n)
    one = tds.read(info.files[1])
    assert (one.start, one.stop) == (n // 3, 2 * n // 3)
    np.testing.assert_array_equal(one["index"], np.arange(n // 3, 2 * n // 3))
    part = tds.read(tmp_path / "ds", columns=["index"])
    assert list(part.columns) == ["index"]


def test_rows_give_numpy_arrays_in_shape(tmp_path):
    tds.write_parquet(tds.MazeSpec(6, 9), 10, 1, tmp_path)
    table = pq.read_table(tmp_path / "data" / "train-00000-of-00001.parquet")
    doors = tds.to_numpy(table, "doors")
    assert doors.shape == (10, 6, 9) and doors.dtype == np.uint8
    np.testing.assert_array_equal(doors, tds.generate(tds.MazeSpec(6, 9), 10, 1)["doors"])
    sol = tds.to_numpy(table, "solution")
    assert sol.values.shape[1] == 2 and len(sol) == 10
    assert tuple(sol[3][0]) == (0, 0) and tuple(sol[3][-1]) == (5, 8)
    np.testing.assert_array_equal(tds.to_numpy(table, "path_length"), sol.lengths)
    row = table.slice(3, 1).to_pylist()[0]
    # a row's cells in C order, two a byte: the first in the low 4 bits
    assert row["index"] == 3 and len(row["doors"]) == 27
    packed = np.frombuffer(row["doors"], np.uint8)
    cells = np.stack([packed & 15, packed >> 4], axis=1).reshape(6, 9)
    assert cells.tolist() == doors[3].tolist()
    # a path's bytes: its first cell as two little-endian int32, then a byte a step (0 Up, 1
    # Right, 2 Down, 3 Left), decoded here by hand
    first, moves = np.frombuffer(row["solution"][:8], "<i4"), {0: (-1, 0), 1: (0, 1), 2: (1, 0)}
    cells = [tuple(int(x) for x in first)]
    for code in row["solution"][8:]:
        dr, dc = moves.get(code, (0, -1))
        cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
    assert cells == [tuple(p) for p in sol[3].tolist()]
    assert pa.types.is_fixed_size_binary(table.schema.field("doors").type)
    # a bare column needs the dtype and the shape the manifest records
    manifest = json.loads((tmp_path / "trapcore.json").read_text())
    info = manifest["columns"]["doors"]
    np.testing.assert_array_equal(
        tds.to_numpy(table["doors"], dtype=info["dtype"], shape=info["shape"]), doors
    )
    with pytest.raises(TypeError, match="dtype= and shape="):
        tds.to_numpy(table["doors"])
    with pytest.raises(ValueError, match="name"):
        tds.to_numpy(table, "grid")
    with pytest.raises(TypeError, match="data"):
        tds.to_numpy([1, 2, 3])


def test_metadata_card_and_manifest(tmp_path):
    spec = tds.MazeSpec(5, 5, filters={"path_length": (9, None)})
    info = tds.write_parquet(spec, 30, 77, tmp_path, num_shards=2)
    meta = json.loads(pq.read_schema(info.files[1]).metadata[b"trapcore"])
    assert meta["spec"] == spec.to_dict() and meta["seed"] == 77 and meta["n"] == 30
    assert meta["trapcore_version"] == trapcore.__version__
    assert (meta["shard"], meta["num_shards"], meta["start"], meta["stop"]) == (1, 2, 15, 30)
    assert meta["columns"]["doors"] == {"dtype": "uint8", "shape": [5, 5]}
    manifest = json.loads((tmp_path / "trapcore.json").read_text())
    assert manifest["content_hash"] == info.content_hash and manifest["format_version"] == 5
    shards = manifest["shards"]
    assert [(r["file"], r["start"], r["stop"], r["rows"]) for r in shards] == [
        ("data/train-00000-of-00002.parquet", 0, 15, 15),
        ("data/train-00001-of-00002.parquet", 15, 30, 15),
    ]
    for r, path in zip(shards, info.files):
        assert r["bytes"] == path.stat().st_size
        assert r["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    card = (tmp_path / "README.md").read_text()
    assert info.content_hash in card and "`77`" in card
    paths = [
        ln.strip()[3:-1] for ln in card.split("---")[1].splitlines() if ln.strip().startswith('- "')
    ]
    assert paths == [r["file"] for r in shards]  # the card's data_files are the manifest's
    assert repr(info).startswith("<DatasetInfo maze n=30 shards=2")
    again = card.split("```python\n")[1].split("```")[0].replace('"DIR"', repr(str(tmp_path / "b")))
    exec(again, {})
    made = json.loads((tmp_path / "b" / "trapcore.json").read_text())
    assert made["content_hash"] == info.content_hash
    tds.write_parquet(tds.NumberlinkSpec(4), 2, 1, tmp_path / "nl")
    card = (tmp_path / "nl" / "README.md").read_text()
    again = card.split("```python\n")[1].split("```")[0]
    exec(again.replace('"DIR"', repr(str(tmp_path / "nl2"))), {})
    assert tds.read(tmp_path / "nl2")["grid"].tolist() == tds.read(tmp_path / "nl")["grid"].tolist()


def test_content_hash_does_not_depend_on_shards_or_workers(tmp_path):
    spec = tds.MazeSpec(6, 6, method="wilson")
    hashes = {
        tds.write_parquet(spec, 100, 5, tmp_path / f"s{k}", num_shards=k, workers=w).content_hash
        for k, w in [(1, 1), (3, 2), (7, 1)]
    }
    assert len(hashes) == 1
    again = tds.write_parquet(spec, 100, 5, tmp_path / "again", num_shards=3, workers=1)
    for a, b in zip(sorted((tmp_path / "s3").glob("*.parquet")), again.files):
        assert a.read_bytes() == b.read_bytes()
    assert tds.write_parquet(spec, 100, 6, tmp_path / "other").content_hash not in hashes


def test_rewrite_removes_stale_shards_and_failures_keep_good_files(tmp_path, monkeypatch):
    spec = tds.MazeSpec(4, 4)
    tds.write_parquet(spec, 20, 1, tmp_path, num_shards=4)
    tds.write_parquet(spec, 20, 1, tmp_path, num_shards=2)
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [
        "train-00000-of-00002.parquet",
        "train-00001-of-00002.parquet",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md", "data", "trapcore.json"]
    before = _tree(tmp_path)

    from trapcore.datasets import items

    real = items.ITEMS["maze"]
    calls = []

    def failing(spec, key, start, stop, workers=1):
        calls.append(start)
        if start >= 10:
            raise RuntimeError("disk full")
        return real(spec, key, start, stop, workers)

    monkeypatch.setitem(items.ITEMS, "maze", failing)
    with pytest.raises(RuntimeError, match="disk full"):
        tds.write_parquet(spec, 20, 2, tmp_path, num_shards=4)
    assert _tree(tmp_path) == before  # the old dataset whole, no staging left
    assert calls == [0, 5, 10]
    assert tds.read(tmp_path).seed == 1


def _tree(folder):
    return {
        str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
        for p in sorted(folder.rglob("*"))
    }


def test_npz_round_trip(tmp_path):
    b = tds.generate(tds.MazeSpec(5, 8, braid=0.5), 25, 3)
    path = tds.write_npz(b, tmp_path / "mazes.npz")
    back = tds.read(path)
    _same(back, b)
    with np.load(path, allow_pickle=False) as z:
        assert z["doors"].shape == (25, 5, 8) and "solution.offsets" in z.files
    assert list(tds.read(path, columns=["doors"]).columns) == ["doors"]


def test_bad_arguments(tmp_path):
    spec = tds.MazeSpec(3, 3)
    with pytest.raises(TypeError, match="directory"):
        tds.write_parquet(spec, 3, 1, 42)
    with pytest.raises(ValueError, match="compression"):
        tds.write_parquet(spec, 3, 1, tmp_path, compression="lz5")
    with pytest.raises(TypeError, match="progress"):
        tds.write_parquet(spec, 3, 1, tmp_path, progress=3)
    with pytest.raises(TypeError, match="client"):
        tds.write_parquet(spec, 3, 1, tmp_path, client=3.5)
    with pytest.raises(ValueError, match="local:W"):
        tds.write_parquet(spec, 3, 1, tmp_path, client="local:x")
    with pytest.raises(TypeError, match="batch"):
        tds.write_npz({"doors": 1}, tmp_path / "x.npz")
    with pytest.raises(FileNotFoundError):
        tds.read(tmp_path / "empty")
    pq.write_table(pa.table({"a": [1]}), tmp_path / "plain.parquet")
    with pytest.raises(ValueError, match="no trapcore metadata"):
        tds.read(tmp_path / "plain.parquet")
    tds.write_parquet(spec, 3, 1, tmp_path / "ok")
    with pytest.raises(ValueError, match="columns"):
        tds.read(tmp_path / "ok", columns=["grid"])


def test_progress_is_called_per_shard(tmp_path):
    seen = []
    tds.write_parquet(
        tds.MazeSpec(3, 3),
        10,
        1,
        tmp_path,
        num_shards=3,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(3, 10), (6, 10), (10, 10)]


def test_cli_writes_the_same_dataset(tmp_path, capsys):
    assert (
        main(
            [
                "dataset",
                "maze",
                "--rows",
                "6",
                "--cols",
                "7",
                "--braid",
                "0.25",
                "--entrance",
                "random",
                "--filter",
                "path_length=8:",
                "-n",
                "50",
                "--seed",
                "4",
                "--shards",
                "2",
                "-o",
                str(tmp_path / "cli"),
            ]
        )
        == 0
    )
    out = capsys.readouterr()
    assert "wrote 50 maze items in 2 shard(s)" in out.out and out.err == ""  # no bar off a tty
    spec = tds.MazeSpec(6, 7, braid=0.25, entrance="random", filters={"path_length": (8, None)})
    info = tds.write_parquet(spec, 50, 4, tmp_path / "api", num_shards=2)
    assert info.content_hash in out.out
    assert (
        main(
            [
                "dataset",
                "numberlink",
                "--rows",
                "5",
                "-n",
                "3",
                "--seed",
                "1",
                "-o",
                str(tmp_path / "nl"),
            ]
        )
        == 0
    )
    assert tds.read(tmp_path / "nl")["grid"].shape == (3, 5, 5)
    assert (
        main(
            [
                "dataset",
                "cat",
                "--rows",
                "7",
                "--cols",
                "7",
                "--blocked",
                "4",
                "--winnable",
                "-n",
                "3",
                "--seed",
                "1",
                "-o",
                str(tmp_path / "cat"),
            ]
        )
        == 0
    )
    cats = tds.read(tmp_path / "cat")
    assert cats["board"].shape == (3, 7, 7) and (cats["winnable"] == 1).all()
    assert main(["dataset", "maze", "-n", "5", "-o", str(tmp_path / "x"), "--filter", "oops"]) == 2
    assert "NAME=LOW:HIGH" in capsys.readouterr().err


def test_progress_bar_on_a_terminal(tmp_path):
    from trapcore.datasets import cli

    class Tty(io.StringIO):
        def isatty(self):
            return True

    err, out = Tty(), io.StringIO()
    args = cli_args(
        ["dataset", "maze", "-n", "20", "--seed", "1", "--shards", "2", "-o", str(tmp_path)]
    )
    assert cli.run(args, out=out, err=err) == 0
    assert "20/20" in err.getvalue() and "\r20 maze items" in err.getvalue()
    assert err.getvalue().endswith("\n")  # the finished bar keeps its line
    plain = io.StringIO()
    assert cli.run(args, out=out, err=plain) == 0
    assert plain.getvalue() == ""  # not a terminal: no bar


def cli_args(argv):
    from trapcore.cli import build_parser

    return build_parser().parse_args(argv)


def test_hugging_face_loads_the_folder(tmp_path):
    datasets = pytest.importorskip("datasets")  # tests/datasets is a namespace package:
    if not hasattr(datasets, "load_dataset"):  # Hugging Face's wins when installed
        pytest.skip("Hugging Face datasets is not installed")
    tds.write_parquet(tds.MazeSpec(4, 6), 12, 2, tmp_path / "hf", num_shards=2)
    ds = datasets.load_dataset(
        str(tmp_path / "hf"), split="train", cache_dir=str(tmp_path / "cache")
    )
    assert len(ds) == 12
    np.testing.assert_array_equal(np.asarray(ds["index"]), np.arange(12))
    np.testing.assert_array_equal(
        tds.to_numpy(ds.data.table, "doors", dataset=tmp_path / "hf"),
        tds.generate(tds.MazeSpec(4, 6), 12, 2)["doors"],
    )
    sol = tds.to_numpy(ds.data.table, "solution", dataset=tmp_path / "hf")
    np.testing.assert_array_equal(sol.values, tds.read(tmp_path / "hf")["solution"].values)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    n=st.integers(0, 40),
    shards=st.integers(1, 4),
    braid=st.sampled_from([0.0, 0.5]),
    seed=st.integers(0, 2**63),
    compression=st.sampled_from(_files.COMPRESSIONS),
)
def test_round_trip_property(tmp_path, rows, cols, n, shards, braid, seed, compression):
    spec = tds.MazeSpec(rows, cols, braid=braid, exit="random")
    shards = min(shards, max(1, n))
    folder = tmp_path / f"p{rows}x{cols}n{n}s{shards}{compression}{seed}"
    info = tds.write_parquet(spec, n, seed, folder, num_shards=shards, compression=compression)
    back = tds.read(folder)
    _same(back, tds.generate(spec, n, seed))
    assert (
        len(back) == n
        and info.content_hash
        == tds.write_parquet(spec, n, seed, folder / "again", num_shards=1).content_hash
    )
    tds.write_npz(back, folder / "b.npz")
    _same(tds.read(folder / "b.npz"), back)


def test_format_4_shards_with_solution_lists_still_read(tmp_path, monkeypatch):
    """Format 4 stored a solution as a list<int32> of r0, c0, r1, c1, ...; such a folder still
    reads and verifies, to the same rows and content hash as format 5's steps."""
    import trapcore.datasets.arrow as arrow

    new = tds.write_parquet(tds.MazeSpec(5, 7, entrance="random"), 40, 3, tmp_path / "new")
    with monkeypatch.context() as m:
        m.setattr(arrow, "FORMAT_VERSION", 4)
        m.setattr(arrow, "_steps", lambda pa, value: None)
        m.setattr(arrow, "NIBBLE_COLUMNS", ())
        old = tds.write_parquet(tds.MazeSpec(5, 7, entrance="random"), 40, 3, tmp_path / "old")
    shard = tmp_path / "old" / "data" / "train-00000-of-00001.parquet"
    assert pa.types.is_list(pq.read_schema(shard).field("solution").type)
    new_shard = tmp_path / "new" / "data" / "train-00000-of-00001.parquet"
    assert pq.read_schema(shard).field("doors").type.byte_width == 35  # a byte a cell
    assert pq.read_schema(new_shard).field("doors").type.byte_width == 18  # two a byte
    assert json.loads(pq.read_schema(shard).metadata[b"trapcore"])["format_version"] == 4
    assert old.content_hash == new.content_hash == tds.verify(tmp_path / "old").content_hash
    a, b = tds.read(shard), tds.read(tmp_path / "new")
    np.testing.assert_array_equal(a["solution"].values, b["solution"].values)
    np.testing.assert_array_equal(a["solution"].offsets, b["solution"].offsets)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(3, 9), st.integers(0, 5), st.data())
def test_doors_packed_two_cells_a_byte_read_back(rows, cols, n, data):
    """Any uint8 doors below 16 (odd and even cell counts) read back from the packed bytes, as
    fixed-size binary and as variable-length bytes (polars', pandas'); 16 or more is refused."""
    from trapcore.datasets.arrow import to_table

    doors = np.array(
        data.draw(st.lists(st.integers(0, 15), min_size=n * rows * cols, max_size=n * rows * cols)),
        dtype=np.uint8,
    ).reshape(n, rows, cols)
    table = to_table({"doors": doors})
    if rows * cols < 16:  # small grids stay fixed-size lists
        np.testing.assert_array_equal(tds.to_numpy(table, "doors"), doors)
        return
    assert table.schema.field("doors").type.byte_width == (rows * cols + 1) // 2
    np.testing.assert_array_equal(tds.to_numpy(table, "doors"), doors)
    loose = table["doors"].cast(pa.binary())
    back = tds.to_numpy(loose, dtype="uint8", shape=[rows, cols])
    np.testing.assert_array_equal(back, doors)
    if n:
        bad = doors.copy()
        bad[n - 1, rows - 1, cols - 1] = 16
        with pytest.raises(ValueError, match="4 bits"):
            to_table({"doors": bad})
