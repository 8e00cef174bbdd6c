"""trapcore._io: atomic writes keep the old file on any failure; reads are bounded and decode
with the file's name in the error."""

import os

import pytest
from _suite import posix_only
from fuzz.strategies import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from trapcore import _io


def test_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "old.png"
    path.write_bytes(b"GOOD")
    os.chmod(path, 0o640)
    with pytest.raises(OSError, match="disk full"):
        with _io.atomic_open(path, "wb") as fh:
            fh.write(b"half")
            raise OSError(28, "disk full")
    assert path.read_bytes() == b"GOOD"
    assert os.listdir(tmp_path) == ["old.png"]
    with pytest.raises(KeyboardInterrupt):
        with _io.atomic_open(path, "w") as fh:
            fh.write("half")
            raise KeyboardInterrupt
    assert path.read_bytes() == b"GOOD" and os.listdir(tmp_path) == ["old.png"]
    _io.atomic_write(path, b"NEW")
    assert path.read_bytes() == b"NEW"
    if os.name != "nt":  # Windows keeps only a read-only flag, no mode bits
        assert os.stat(path).st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    "bad,words",
    [("", "empty"), ("a\0b", "NUL"), (".", "folder"), ("no/such/dir/f.txt", "does not exist")],
)
def test_bad_output_paths(tmp_path, monkeypatch, bad, words):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=words):
        _io.atomic_write(bad, "x")
    with pytest.raises(TypeError):
        _io.atomic_write(3, "x")
    assert os.listdir(tmp_path) == []


@posix_only
def test_bounded_reads(tmp_path):
    with pytest.raises(ValueError, match="/dev/zero: more than 100 bytes"):
        _io.read_text("/dev/zero", limit=100)
    big = tmp_path / "big.txt"
    big.write_text("x" * 101)
    with pytest.raises(ValueError, match="big.txt"):
        _io.read_text(big, limit=100)
    assert _io.read_text(big, limit=101) == "x" * 101
    with pytest.raises(ValueError, match="folder"):
        _io.read_text(tmp_path)


@fuzz_settings
@given(st.binary(max_size=40), st.booleans())
def test_decoding(data, bom):
    raw = (b"\xef\xbb\xbf" if bom else b"") + data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        with pytest.raises(ValueError, match="f.txt: not UTF-8"):
            _io.decode_text(raw, "f.txt")
    else:
        assert _io.decode_text(raw, "f.txt") == (text.removeprefix("\ufeff") if not bom else text)
