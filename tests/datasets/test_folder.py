"""A dataset folder is complete or says it is not: the manifest's shards (rows, size, SHA-256),
the swap that keeps the old dataset until the new one is whole, verify, the libraries that open
the folder, and the sizes refused before any work."""

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from _child import default_signals
from _suite import posix_only, sample

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import trapcore.datasets as tds  # noqa: E402
from trapcore.cli import main  # noqa: E402

SPEC = tds.MazeSpec(5, 6, braid=0.3, entrance="random")


@pytest.fixture
def ds(tmp_path):
    info = tds.write_parquet(SPEC, 400, 9, tmp_path / "ds", num_shards=4)
    return info


def _fails(folder, *words):
    for check in (tds.read, tds.verify):
        with pytest.raises(tds.DatasetError) as e:
            check(folder)
        for w in words:
            assert w in str(e.value)
    assert main(["dataset", "verify", str(folder)]) == 1


def test_layout_and_verify(ds, capsys):
    top = sorted(p.name for p in ds.directory.iterdir())
    assert top == ["README.md", "data", "trapcore.json"]
    assert [p.parent.name for p in ds.files] == ["data"] * 4
    info = tds.verify(ds.directory)
    assert (info.n, info.num_shards, info.content_hash) == (400, 4, ds.content_hash)
    assert info.files == ds.files and info.spec == SPEC and info.seed == 9
    assert main(["dataset", "verify", str(ds.directory)]) == 0
    assert "ok: 400 maze items in 4 shard(s)" in capsys.readouterr().out
    assert tds.read(ds.directory / "data").n == 400  # the shards' folder reads with its manifest


@pytest.mark.parametrize("which", [0, 3])
def test_a_missing_shard_is_reported(ds, which):
    ds.files[which].unlink()
    _fails(ds.directory, ds.files[which].name, "missing", f"items {which * 100}..")


def test_an_extra_shard_is_reported(ds):
    (ds.directory / "data" / "train-00009-of-00010.parquet").write_bytes(ds.files[0].read_bytes())
    _fails(ds.directory, "train-00009-of-00010.parquet", "does not list")


def test_a_partial_shard_is_reported(ds):
    data = ds.files[2].read_bytes()
    ds.files[2].write_bytes(data[: len(data) // 2])
    _fails(ds.directory, ds.files[2].name, "partial")


@pytest.mark.parametrize("where", [0.1, 0.5, 0.9])
def test_every_flipped_byte_is_reported(tmp_path, where):
    info = tds.write_parquet(SPEC, 100, 3, tmp_path / "u", num_shards=2, compression="none")
    data = bytearray(info.files[1].read_bytes())
    data[int(len(data) * where)] ^= 1
    info.files[1].write_bytes(bytes(data))
    _fails(info.directory, info.files[1].name, "altered")


def test_no_manifest_is_not_a_dataset(ds):
    (ds.directory / "trapcore.json").unlink()
    _fails(ds.directory, "no trapcore.json")


def test_a_damaged_manifest_is_reported(ds):
    m = json.loads((ds.directory / "trapcore.json").read_text())
    m["shards"][1]["stop"] += 1
    (ds.directory / "trapcore.json").write_text(json.dumps(m))
    _fails(ds.directory, "100 rows for items 100..200", "starts at item 200, expected 201")


def test_a_failed_rerun_keeps_the_old_dataset(ds, monkeypatch):
    """A rerun (another seed, another shard count) that fails after two shards are closed
    leaves the old dataset exactly, and no staging folder."""
    from trapcore.datasets import items

    before = {p: p.read_bytes() for p in ds.directory.rglob("*") if p.is_file()}
    real = items.ITEMS["maze"]

    def failing(spec, key, start, stop, workers=1):
        if start >= 200:
            raise KeyboardInterrupt
        return real(spec, key, start, stop, workers)

    monkeypatch.setitem(items.ITEMS, "maze", failing)
    with pytest.raises(KeyboardInterrupt):
        tds.write_parquet(SPEC, 300, 10, ds.directory, num_shards=3)
    after = {p: p.read_bytes() for p in ds.directory.rglob("*") if p.is_file()}
    assert after == before
    assert tds.read(ds.directory).seed == 9


_KILLED = textwrap.dedent(
    """
    import os, signal, sys
    import trapcore.datasets as tds
    from trapcore.datasets import items
    real = items.ITEMS["maze"]
    def killing(spec, key, start, stop, workers=1):
        if start >= int(sys.argv[2]):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(spec, key, start, stop, workers)
    items.ITEMS["maze"] = killing
    tds.write_parquet(tds.MazeSpec(5, 6), 800, int(sys.argv[3]), sys.argv[1], num_shards=8)
    """
)


def _killed_run(folder, after_items, seed):
    r = subprocess.run(
        [sys.executable, "-c", _KILLED, str(folder), str(after_items), str(seed)],
        capture_output=True,
        timeout=600,
    )
    assert r.returncode == -signal.SIGKILL


# a child per case: in the quick run a kill in the first shard and in the last (the in-process
# test_a_swap_stopped_at_any_step_never_reads_as_complete stops the swap at every step)
@pytest.mark.parametrize("after", sample([100, 400, 700], 2))
@posix_only
def test_a_killed_fresh_run_never_reads_as_complete(tmp_path, after):
    _killed_run(tmp_path / "k", after, 1)
    _fails(tmp_path / "k", "no trapcore.json", "did not finish")
    info = tds.write_parquet(tds.MazeSpec(5, 6), 80, 1, tmp_path / "k", num_shards=2)
    assert not [p for p in (tmp_path / "k").iterdir() if p.name.startswith(".")]  # stale: gone
    assert tds.verify(tmp_path / "k").content_hash == info.content_hash


# a child per case: in the quick run a kill in the first shard
@pytest.mark.parametrize("after", sample([100, 700], 1))
@posix_only
def test_a_killed_rerun_leaves_the_old_dataset_readable(tmp_path, after):
    old = tds.write_parquet(tds.MazeSpec(5, 6), 800, 5, tmp_path / "k", num_shards=3)
    _killed_run(tmp_path / "k", after, 6)
    back = tds.read(tmp_path / "k")
    assert back.seed == 5 and len(back) == 800
    np.testing.assert_array_equal(back["index"], np.arange(800))
    assert tds.verify(tmp_path / "k").content_hash == old.content_hash
    card = (tmp_path / "k" / "README.md").read_text()
    assert card.count("data/train-") == 3 and "`5`" in card


# A run killed (SIGKILL) just before its k-th change to the file system, for every k: the folder
# makes it, the swap that replaces the old dataset included (moves, the card, the manifest,
# removals), then reads back.
_KILLED_AT = textwrap.dedent(
    """
    import os, shutil, signal, sys, tempfile
    import trapcore.datasets as tds
    K = int(sys.argv[2])
    calls = [0]
    def counted(fn):
        def inner(*args, **kwargs):
            calls[0] += 1
            if calls[0] == K:
                os.kill(os.getpid(), signal.SIGKILL)
            return fn(*args, **kwargs)
        return inner
    for mod, name in [(os, "replace"), (os, "rename"), (os, "unlink"), (os, "remove"),
                      (os, "rmdir"), (os, "mkdir"), (os, "chmod"), (os, "open"),
                      (shutil, "rmtree"), (tempfile, "mkdtemp")]:
        setattr(mod, name, counted(getattr(mod, name)))
    tds.write_parquet(tds.MazeSpec(5, 6), 400, 6, sys.argv[1], num_shards=int(sys.argv[3]))
    """
)


# a child per signal: in the quick run SIGTERM
@pytest.mark.parametrize("sig", sample(["SIGTERM", "SIGHUP"], 1))
@posix_only
def test_a_terminated_run_removes_its_staging_folder(tmp_path, sig):
    """SIGTERM or SIGHUP while the shards are written: the run removes its staging folder (it
    was left for the next run to sweep), keeps the old dataset, and dies of the signal."""
    old = tds.write_parquet(tds.MazeSpec(5, 6), 300, 5, tmp_path / "k", num_shards=3)
    code = _KILLED.replace("signal.SIGKILL", f"signal.{sig}")
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "k"), "300", "6"],
        capture_output=True,
        timeout=600,
        preexec_fn=default_signals,
    )
    assert r.returncode == -getattr(signal, sig), r.stderr.decode()[-2000:]
    assert sorted(p.name for p in (tmp_path / "k").iterdir()) == [
        "README.md",
        "data",
        "trapcore.json",
    ]
    assert tds.verify(tmp_path / "k").content_hash == old.content_hash


def _card_files(folder):
    card = (folder / "README.md").read_text()
    return sorted(line.split('"')[1] for line in card.splitlines() if "data/train-" in line)


def _after_kill(folder, old, new, spec, num_shards, outcomes, alive=False):
    """A killed run's folder reads back as the old dataset, the new one (each with a card that
    lists exactly its shards), or not at all; the next run then writes the new one and leaves
    nothing behind. (``alive``: the run was this process, whose folders a next run keeps, so
    they are left out of the copy.)"""
    try:
        info = tds.verify(folder)
    except FileNotFoundError:  # killed before the folder was made
        assert not old and not folder.exists()
        outcomes.add("absent")
        return
    except tds.DatasetError:
        with pytest.raises(tds.DatasetError):
            tds.read(folder)
        outcomes.add("refused")
    else:
        want = old if old and info.seed == old.seed else new
        assert (info.content_hash, info.n, info.seed) == (want.content_hash, want.n, want.seed)
        back = tds.read(folder)
        np.testing.assert_array_equal(back["index"], np.arange(want.n))
        manifest = json.loads((folder / "trapcore.json").read_text())
        assert _card_files(folder) == sorted(s["file"] for s in manifest["shards"])
        outcomes.add("old" if want is old else "new")
    again = folder.parent / "again"
    shutil.rmtree(again, ignore_errors=True)
    mine = shutil.ignore_patterns(f".trapcore-*-{os.getpid()}-*") if alive else None
    shutil.copytree(folder, again, symlinks=True, ignore=mine)
    tds.write_parquet(spec, new.n, new.seed, again, num_shards=num_shards)
    assert sorted(p.name for p in again.iterdir()) == ["README.md", "data", "trapcore.json"]
    assert tds.verify(again).content_hash == new.content_hash


@pytest.mark.slow
@pytest.mark.parametrize("old_shards,new_shards", [(3, 4), (3, 3), (0, 2)])
@posix_only
def test_a_run_killed_at_any_step_never_reads_as_complete(tmp_path, old_shards, new_shards):
    """SIGKILL just before the run's k-th change to the file system, for every k. (A card
    written after the manifest described the old dataset beside the new manifest; a fresh run
    killed before its manifest made the next run refuse the folder.)"""
    folder = tmp_path / "k"
    spec = tds.MazeSpec(5, 6)
    old = tds.write_parquet(spec, 300, 5, folder, num_shards=old_shards) if old_shards else None
    new = tds.write_parquet(spec, 400, 6, tmp_path / "want", num_shards=new_shards)
    outcomes: set[str] = set()
    for k in range(1, 200):
        r = subprocess.run(
            [sys.executable, "-c", _KILLED_AT, str(folder), str(k), str(new_shards)],
            capture_output=True,
            timeout=600,
        )
        if r.returncode == 0:
            break
        assert r.returncode == -signal.SIGKILL, r.stderr.decode()[-2000:]
        _after_kill(folder, old, new, spec, new_shards, outcomes)
    else:
        raise AssertionError("the run never finished")
    assert tds.verify(folder).content_hash == new.content_hash
    assert _card_files(folder) == sorted(f"data/{p.name}" for p in new.files)
    assert k > 5 and "refused" in outcomes and ("old" in outcomes) == bool(old_shards)


class _Killed(BaseException):
    """Stands for SIGKILL in the swap: nothing of the run's own runs after it (its finally clause
    removes only the staging folder, which the swap has moved in by then, or leaves whole)."""


@pytest.mark.parametrize("old_shards,new_shards", [(3, 4), (0, 2)])
def test_a_swap_stopped_at_any_step_never_reads_as_complete(
    tmp_path, monkeypatch, old_shards, new_shards
):
    """The quick form of the test above, in this process: the swap stops before its k-th change
    to the file system, for every k."""
    from trapcore.datasets import files, manifest

    folder = tmp_path / "k"
    spec = tds.MazeSpec(5, 6)
    old = tds.write_parquet(spec, 300, 5, folder, num_shards=old_shards) if old_shards else None
    new = tds.write_parquet(spec, 400, 6, tmp_path / "want", num_shards=new_shards)
    real_swap = manifest.swap_in
    state = {"k": 0, "calls": 0, "on": False}

    def swap(*args):
        state["on"] = True
        try:
            return real_swap(*args)
        finally:
            state["on"] = False

    def counted(fn):
        def inner(*args, **kwargs):
            if state["on"]:
                state["calls"] += 1
                if state["calls"] == state["k"]:
                    raise _Killed
            return fn(*args, **kwargs)

        return inner

    monkeypatch.setattr(files, "swap_in", swap)
    for mod, name in [(os, "replace"), (os, "unlink"), (os, "rmdir"), (os, "open")]:
        monkeypatch.setattr(mod, name, counted(getattr(mod, name)))
    for mod, name in [
        (shutil, "rmtree"),
        (manifest, "replace_file"),
        (manifest.tempfile, "mkdtemp"),
    ]:
        monkeypatch.setattr(mod, name, counted(getattr(mod, name)))
    outcomes: set[str] = set()
    for k in range(1, 100):
        state.update(k=k, calls=0)
        try:
            tds.write_parquet(spec, 400, 6, folder, num_shards=new_shards)
        except _Killed:
            state["on"] = False
            _after_kill(folder, old, new, spec, new_shards, outcomes, alive=True)
        else:
            break
    assert tds.verify(folder).content_hash == new.content_hash
    assert k > 3 and "refused" in outcomes and ("old" in outcomes) == bool(old_shards)


def test_a_data_folder_without_manifest_is_replaced_only_if_it_holds_our_shards(tmp_path, ds):
    """A run killed between moving its shards in and writing its manifest leaves data/ of
    trapcore shards and no manifest: the next run replaces it (it refused before). A data/
    holding anything else is refused and left as it was."""
    (ds.directory / "trapcore.json").unlink()
    info = tds.write_parquet(SPEC, 50, 2, ds.directory, num_shards=2)
    assert tds.verify(ds.directory).content_hash == info.content_hash
    foreign = [
        ("notes.txt", b"mine"),
        ("x.parquet", b"not parquet"),
        ("train-00000-of-00001.parquet", None),  # a Parquet file trapcore did not write
    ]
    for name, data in foreign:
        out = tmp_path / name
        (out / "data").mkdir(parents=True)
        if data is None:
            pq.write_table(pa.table({"a": [1, 2]}), out / "data" / name)
        else:
            (out / "data" / name).write_bytes(data)
        before = (out / "data" / name).read_bytes()
        with pytest.raises(ValueError, match="is not a trapcore dataset's"):
            tds.write_parquet(SPEC, 10, 1, out)
        assert [p.name for p in (out / "data").iterdir()] == [name]
        assert (out / "data" / name).read_bytes() == before
        assert sorted(p.name for p in out.iterdir()) == ["data"]


def test_libraries_open_the_folder(ds):
    data = ds.directory / "data"
    want = tds.read(ds.directory)
    table = pq.read_table(data)
    assert table.num_rows == 400
    np.testing.assert_array_equal(tds.to_numpy(table, "doors"), want["doors"])
    import pyarrow.dataset as pads

    t2 = pads.dataset(data).to_table()
    np.testing.assert_array_equal(np.sort(t2["index"].to_numpy()), np.arange(400))
    pd = pytest.importorskip("pandas")
    df = pd.read_parquet(data)
    assert len(df) == 400 and list(df["index"]) == list(range(400))
    shape = json.loads((ds.directory / "trapcore.json").read_text())["columns"]["doors"]
    np.testing.assert_array_equal(
        tds.to_numpy(df["doors"], dtype=shape["dtype"], shape=shape["shape"]), want["doors"]
    )
    arrow_df = pd.read_parquet(data, dtype_backend="pyarrow")
    np.testing.assert_array_equal(
        tds.to_numpy(arrow_df, "doors", dataset=ds.directory), want["doors"]
    )
    sol = tds.to_numpy(arrow_df["solution"], dataset=None, shape=[None, 2], dtype="int32")
    np.testing.assert_array_equal(sol.values, want["solution"].values)


def test_polars_opens_the_folder(ds):
    pl = pytest.importorskip("polars")
    df = pl.read_parquet(ds.directory / "data")
    assert df.height == 400 and df["index"].to_list() == list(range(400))
    np.testing.assert_array_equal(
        tds.to_numpy(df.to_arrow(), "doors", dataset=ds.directory), tds.read(ds.directory)["doors"]
    )


def test_write_npz_sweeps_what_a_killed_write_left(tmp_path):
    """A SIGKILL leaves ``.NAME.<12 hex>.tmp`` (trapcore._io's name): the next write removes it,
    and names it does not recognise stay."""
    batch = tds.generate(tds.MazeSpec(3, 3), 4, 1)
    stale = [".b.npz.0123456789ab.tmp", ".trapcore.json.00000000ffff.tmp"]
    keep = [".b.npz.0123.tmp", ".c.npz.0123456789ab.tmp"]
    folder = tmp_path / "ds"
    folder.mkdir()
    for name in stale + keep:
        (tmp_path / name).write_bytes(b"x")
        (folder / name).write_bytes(b"x")
    tds.write_npz(batch, tmp_path / "b.npz")
    assert sorted(os.listdir(tmp_path)) == sorted(
        [*keep, ".trapcore.json.00000000ffff.tmp", "b.npz", "ds"]
    )
    tds.write_parquet(tds.MazeSpec(3, 3), 4, 1, folder)
    left = sorted(n for n in os.listdir(folder) if n.startswith("."))
    assert left == sorted([*keep, ".b.npz.0123456789ab.tmp"])  # the manifest's temp: swept
    assert tds.read(tmp_path / "b.npz").n == tds.read(folder).n == 4


@posix_only
def test_writers_respect_the_target(tmp_path):
    batch = tds.generate(tds.MazeSpec(3, 3), 4, 1)
    real = tmp_path / "real.npz"
    real.write_bytes(b"old")
    link = tmp_path / "link.npz"
    link.symlink_to(real)
    assert tds.write_npz(batch, link) == real
    assert link.is_symlink() and tds.read(link).n == 4  # the target was written
    with pytest.raises(ValueError, match="folder"):
        tds.write_npz(batch, tmp_path)
    fifo = tmp_path / "fifo.npz"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="regular file"):
        tds.write_npz(batch, fifo)
    assert fifo.exists() and not fifo.is_file()
    if os.path.exists("/dev/null"):
        with pytest.raises(ValueError, match="regular file"):
            tds.write_npz(batch, "/dev/null")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo.npz", "link.npz", "real.npz"]
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "data").mkdir()
    (tmp_path / "d" / "data" / "mine.txt").write_text("keep")
    with pytest.raises(ValueError, match="not a trapcore dataset"):
        tds.write_parquet(tds.MazeSpec(3, 3), 4, 1, tmp_path / "d")
    assert (tmp_path / "d" / "data" / "mine.txt").read_text() == "keep"
    with pytest.raises(ValueError, match="not a folder"):
        tds.write_parquet(tds.MazeSpec(3, 3), 4, 1, real)


def test_bad_input_gives_value_and_type_errors(tmp_path):
    with pytest.raises(ValueError, match="num_shards"):
        tds.shard_range(10, 0, 0)
    with pytest.raises(ValueError, match="shard"):
        tds.shard_range(10, 3, 3)
    assert tds.shard_range(10, 2, 3) == (6, 10)
    with pytest.raises(TypeError, match="Ragged"):
        tds.Ragged.concat([5])
    with pytest.raises(TypeError, match="iterable"):
        tds.Ragged.concat(5)
    with pytest.raises(ValueError, match="at least one"):
        tds.Ragged.concat([])
    (tmp_path / "empty.npz").write_bytes(b"")
    with pytest.raises(tds.DatasetError, match="not an npz"):
        tds.read(tmp_path / "empty.npz")
    good = tds.write_npz(tds.generate(tds.MazeSpec(3, 3), 4, 1), tmp_path / "g.npz")
    data = good.read_bytes()
    good.write_bytes(data[: len(data) // 2])
    with pytest.raises(tds.DatasetError):
        tds.read(good)
    (tmp_path / "x.parquet").write_bytes(b"not parquet")
    with pytest.raises(tds.DatasetError, match="not a Parquet shard"):
        tds.read(tmp_path / "x.parquet")


@pytest.mark.parametrize(
    "spec,n", [(tds.MazeSpec(4, 4), 2**31), (tds.NumberlinkSpec(5), 2**31), (tds.CatSpec(), 2**36)]
)
def test_sizes_are_refused_before_anything_is_allocated(tmp_path, spec, n):
    with pytest.raises(ValueError, match="num_shards") as e:
        tds.generate(spec, n, 1)
    assert "GiB" in str(e.value)
    with pytest.raises(ValueError, match="num_shards"):
        tds.write_parquet(spec, n, 1, tmp_path / "big")
    assert not (tmp_path / "big").exists()


def test_the_cli_refuses_absurd_sizes_naming_the_option(tmp_path, capsys):
    big = tmp_path / "big"
    assert main(["dataset", "maze", "-n", "100000000000", "-o", str(big)]) == 2
    err = capsys.readouterr().err
    assert "-n = 100000000000" in err and "--shards" in err and "num_shards" not in err
    assert not big.exists()
    assert main(["dataset", "maze", "-n", "10", "--shards", "11", "-o", str(big)]) == 2
    err = capsys.readouterr().err
    assert "--shards must be between 1 and -n (10)" in err and "num_shards" not in err
    assert main(["dataset", "maze", "-n", "-1", "-o", str(big)]) == 2
    assert "-n must be" in capsys.readouterr().err


def test_the_cli_draws_a_short_seed(tmp_path, capsys):
    assert main(["dataset", "maze", "-n", "3", "-o", str(tmp_path / "s")]) == 0
    out = capsys.readouterr().out
    seed = int(out.split("(seed ")[1].split(";")[0])
    assert 0 <= seed < 2**32 and f"--seed {seed}" in out
    assert tds.read(tmp_path / "s").seed == seed


def test_the_cli_without_pyarrow_says_how_to_get_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    assert main(["dataset", "maze", "-n", "3", "-o", str(tmp_path / "p")]) == 2
    assert 'pip install "trapcore[data]"' in capsys.readouterr().err


def test_every_dataset_option_has_help():
    from trapcore.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices["dataset"]
    kinds = next(a for a in sub._actions if a.dest == "kind").choices
    assert set(kinds) == {"maze", "numberlink", "cat", "verify"}
    for name, p in kinds.items():
        assert p.description, name
        for a in p._actions:
            if a.dest != "help":
                assert a.help, (name, a.dest)


def test_memory_is_bounded_by_row_groups():
    """A shard is written a row group at a time: the items made at once do not grow with n
    (counted in items, not bytes or seconds)."""
    from trapcore.datasets import shards

    spec = tds.MazeSpec(10, 10)
    g = shards.group_size(spec)
    assert g * tds.item_bytes(spec) <= shards.ROW_GROUP_BYTES
    assert shards._groups(10**9, 0, 1, g)[:2] == [(0, g), (g, 2 * g)]
    big = tds.MazeSpec(1024, 1024)
    assert shards.group_size(big) == 1


def test_a_huge_run_starts_in_bounded_memory(tmp_path, monkeypatch):
    """10**11 items in 2000 shards (accepted: 48 GB a shard) grew by about 90 MB/s before its
    first item: the list of every row group (11 million) was built first (issue 30). Stopped at
    its first item, the run has allocated a few MB (counted by tracemalloc, not timed)."""
    import tracemalloc

    from trapcore.datasets import items

    def first_item(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setitem(items.ITEMS, "maze", first_item)
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tds.write_parquet(tds.MazeSpec(10, 10), 10**11, 1, tmp_path / "big", num_shards=2000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, peak
    assert not [p for p in (tmp_path / "big").iterdir()]  # the staging folder is gone


def _v1_fixed(values):
    arr = pa.array(np.ascontiguousarray(values).reshape(-1))
    for d in reversed(values.shape[1:]):
        arr = pa.FixedSizeListArray.from_arrays(arr, d)
    return arr


def test_a_0_2_folder_still_reads_and_is_replaced(tmp_path):
    """0.2 wrote shards beside the manifest (format 1) as nested lists; read takes them, and a
    new run into that folder removes them once its own dataset is complete."""
    import json as _json

    spec = tds.MazeSpec(4, 5)
    b = tds.generate(spec, 10, 3)
    cols = {}
    for k, v in b.columns.items():
        if isinstance(v, tds.Ragged):
            cols[k] = pa.ListArray.from_arrays(
                pa.array(v.offsets.astype(np.int32)), _v1_fixed(v.values)
            )
        else:
            cols[k] = pa.array(v) if v.ndim == 1 else _v1_fixed(v)
    meta = tds.files.metadata_of(b, shard=0, num_shards=1)
    meta["format_version"] = 1
    table = pa.table(cols).replace_schema_metadata({b"trapcore": _json.dumps(meta).encode()})
    pq.write_table(table, tmp_path / "train-00000-of-00001.parquet")
    manifest = {k: meta[k] for k in ("format", "format_version", "kind", "spec", "seed", "n")}
    manifest.update(files=["train-00000-of-00001.parquet"], columns=meta["columns"])
    (tmp_path / "trapcore.json").write_text(_json.dumps(manifest))
    back = tds.read(tmp_path)
    for k in b.columns:
        x, y = b[k], back[k]
        if isinstance(x, tds.Ragged):
            np.testing.assert_array_equal(x.values, y.values)
            np.testing.assert_array_equal(x.offsets, y.offsets)
        else:
            np.testing.assert_array_equal(x, y)
    tds.write_parquet(spec, 10, 3, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md", "data", "trapcore.json"]


def test_writing_and_reading_do_not_import_pandas(tmp_path):
    """pyarrow's pa.array and to_numpy import pandas when it is installed (half a CPU-second a
    process, a Dask worker's too): the writer and read() build on buffers instead."""
    code = (
        "import sys, trapcore.datasets as tds\n"
        f"tds.write_parquet(tds.MazeSpec(4, 4), 50, 1, {str(tmp_path / 'p')!r}, num_shards=2)\n"
        f"tds.read({str(tmp_path / 'p')!r})\n"
        "print('pandas' in sys.modules)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert r.stdout.strip() == "False", r.stderr
