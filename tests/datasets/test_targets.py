"""A dataset write checks every path it will replace (the card, the manifest, ``data/`` and the
shards in it) before it moves anything; nothing opens a FIFO or a device without looking first.
The FIFO cases run under a hang guard (SIGALRM after minutes): the check is that they refuse, and
a blocking open would otherwise hang the suite."""

import os
import signal

import pytest
from _suite import HANG_GUARD

pytest.importorskip("pyarrow")

import trapcore.datasets as tds
from trapcore.cli import main

SPEC = tds.MazeSpec(10, 10)

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


class Hung(Exception):
    pass


@pytest.fixture
def hang_guard():
    def fire(signum, frame):
        raise Hung("blocked (a FIFO opened without a check?)")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(int(HANG_GUARD))
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _tree(folder):
    """Every entry under ``folder``: a regular file's bytes, or the kind of anything else."""
    out = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if p.is_symlink():
            out[rel] = ("link", os.readlink(p))
        elif p.is_dir():
            out[rel] = "dir"
        elif p.is_file():
            out[rel] = p.read_bytes()
        else:
            out[rel] = "special"
    return out


def _make(where, kind):
    where.unlink()
    if kind == "fifo":
        os.mkfifo(where)
    elif kind == "folder":
        where.mkdir()
        (where / "keep.txt").write_text("mine")
    else:
        raise AssertionError(kind)


KINDS = ["folder", pytest.param("fifo", marks=posix_only)]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ["README.md", "trapcore.json"])
def test_a_rerun_refuses_a_special_card_or_manifest_before_moving_anything(
    tmp_path, hang_guard, name, kind
):
    folder = tmp_path / "D"
    tds.write_parquet(SPEC, 50, 1, folder)
    _make(folder / name, kind)
    before = _tree(folder)
    with pytest.raises(ValueError, match=name) as e:
        tds.write_parquet(SPEC, 60, 2, folder)
    assert ("FIFO" if kind == "fifo" else "folder") in str(e.value)
    assert _tree(folder) == before  # data/ untouched, no staging or old folder left
    assert main(["dataset", "maze", "-n", "60", "--seed", "2", "-o", str(folder)]) == 2
    assert _tree(folder) == before
    if name == "README.md":
        assert tds.verify(folder).n == 50 and tds.read(folder).seed == 1
    else:
        with pytest.raises(tds.DatasetError, match=name):
            tds.verify(folder)
        with pytest.raises(tds.DatasetError, match=name):
            tds.read(folder)


@pytest.mark.parametrize("kind", ["file", pytest.param("fifo", marks=posix_only)])
def test_a_rerun_refuses_a_data_that_is_not_a_folder(tmp_path, hang_guard, kind):
    folder = tmp_path / "D"
    tds.write_parquet(SPEC, 50, 1, folder)
    for p in (folder / "data").iterdir():
        p.unlink()
    (folder / "data").rmdir()
    if kind == "fifo":
        os.mkfifo(folder / "data")
    else:
        (folder / "data").write_text("mine")
    before = _tree(folder)
    with pytest.raises(ValueError, match="data"):
        tds.write_parquet(SPEC, 60, 2, folder)
    assert _tree(folder) == before


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("listed", [True, False])
def test_a_rerun_refuses_a_special_file_among_the_shards(tmp_path, hang_guard, kind, listed):
    folder = tmp_path / "D"
    info = tds.write_parquet(SPEC, 50, 1, folder, num_shards=2)
    where = info.files[1] if listed else folder / "data" / "train-00007-of-00009.parquet"
    if listed:
        _make(where, kind)
    elif kind == "fifo":
        os.mkfifo(where)
    else:
        where.mkdir()
    before = _tree(folder)
    with pytest.raises(ValueError, match=where.name):
        tds.write_parquet(SPEC, 60, 2, folder)
    assert _tree(folder) == before
    for check in (tds.verify, tds.read):
        with pytest.raises(tds.DatasetError, match=where.name):
            check(folder)
    assert _tree(folder) == before


@posix_only
def test_reading_a_fifo_refuses_at_once(tmp_path, hang_guard):
    folder = tmp_path / "D"
    info = tds.write_parquet(SPEC, 20, 1, folder, num_shards=2)
    shard = info.files[0]
    shard.unlink()
    os.mkfifo(shard)
    with pytest.raises(tds.DatasetError, match="FIFO"):
        tds.read(shard)
    with pytest.raises(tds.DatasetError, match="FIFO"):
        tds.verify(folder)
    os.mkfifo(tmp_path / "x.npz")
    with pytest.raises(tds.DatasetError, match="FIFO"):
        tds.read(tmp_path / "x.npz")
    other = tmp_path / "E"
    tds.write_parquet(SPEC, 20, 1, other)
    (other / "trapcore.json").unlink()
    os.mkfifo(other / "trapcore.json")
    table = __import__("pyarrow.parquet").parquet.read_table(other / "data")
    with pytest.raises(ValueError, match="FIFO"):
        tds.to_numpy(table, "doors", dataset=other)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_never_read(tmp_path, hang_guard):
    link = tmp_path / "z.parquet"
    link.symlink_to("/dev/zero")
    with pytest.raises(tds.DatasetError, match="device"):
        tds.read(link)
    npz = tmp_path / "z.npz"
    npz.symlink_to("/dev/zero")
    with pytest.raises(tds.DatasetError, match="device"):
        tds.read(npz)


def test_a_rerun_through_a_linked_card_still_works(tmp_path):
    """A symlinked card is written through (as any file trapcore writes), not refused."""
    folder = tmp_path / "D"
    tds.write_parquet(SPEC, 50, 1, folder)
    real = tmp_path / "card.md"
    real.write_text("old")
    (folder / "README.md").unlink()
    (folder / "README.md").symlink_to(real)
    tds.write_parquet(SPEC, 60, 2, folder)
    assert (folder / "README.md").is_symlink() and "60 items" in real.read_text()
    assert tds.verify(folder).n == 60
