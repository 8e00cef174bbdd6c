"""File input and output shared by the library and the CLI: atomic writes and bounded reads.

Every file trapcore writes goes through :func:`atomic_open`: the data goes to a temporary file in
the same folder, which is renamed over the target only once it is complete, so a failure (a full
disk, an exception, Ctrl-C) leaves an existing file exactly as it was. Every text file trapcore
reads goes through :func:`read_text`: at most :data:`MAX_READ_BYTES` bytes are read (endless
inputs such as ``/dev/zero`` are refused, not swallowed), a UTF-8 byte order mark is accepted, and
a decoding error names the file and the byte offset.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Literal, TextIO, overload

if TYPE_CHECKING:
    from _typeshed import StrPath, SupportsRead

__all__ = [
    "MAX_READ_BYTES",
    "atomic_open",
    "atomic_write",
    "read_text",
    "decode_text",
    "read_stream",
    "check_output_path",
]

#: The largest text input trapcore reads (64 MiB): far above any puzzle or board it accepts.
MAX_READ_BYTES = 64 << 20


def _fspath(path: object, name: str) -> str:
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise TypeError(f"{name} must be a str or os.PathLike, got {type(path).__name__}")
    fspath = os.fspath(path)
    if not isinstance(fspath, str):
        raise TypeError(f"{name} must be a str or os.PathLike of str, got bytes")
    if not fspath:
        raise ValueError(f"{name} is empty")
    if "\0" in fspath:
        raise ValueError(f"{name} contains a NUL character")
    return fspath


def check_output_path(path: StrPath, name: str = "path") -> str:
    """Check that ``path`` can name a file to write (not empty, not a folder, its folder exists).

    Returns the path as a str; raises ValueError saying what is wrong (TypeError for a non-path).
    """
    path = _fspath(path, name)
    if os.path.isdir(path):
        raise ValueError(f"{name} {path!r} is a folder; give a file name")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"{name} {path!r}: the folder {folder!r} does not exist")
    return path


@overload
def atomic_open(
    path: StrPath, mode: Literal["w"] = "w", *, encoding: str = "utf-8", name: str = "path"
) -> contextlib.AbstractContextManager[TextIO]: ...


@overload
def atomic_open(
    path: StrPath, mode: Literal["wb"], *, encoding: str = "utf-8", name: str = "path"
) -> contextlib.AbstractContextManager[BinaryIO]: ...


def atomic_open(
    path: StrPath, mode: str = "w", *, encoding: str = "utf-8", name: str = "path"
) -> contextlib.AbstractContextManager[IO[Any]]:
    """Open a temporary file beside ``path`` for writing; rename it over ``path`` on success.

    ``mode`` is ``"w"`` (text, UTF-8, ``\\n`` newlines) or ``"wb"``. On any exception (including
    KeyboardInterrupt) the temporary file is removed and ``path`` is left untouched.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    return _atomic_open(check_output_path(path, name), mode, encoding)


@contextlib.contextmanager
def _atomic_open(target: str, mode: str, encoding: str) -> Iterator[IO[Any]]:
    tmp = os.path.join(
        os.path.dirname(target) or ".", f".{os.path.basename(target)}.{secrets.token_hex(6)}.tmp"
    )
    fh: IO[Any]
    if mode == "w":
        fh = open(tmp, "x", encoding=encoding, newline="\n")
    else:
        fh = open(tmp, "xb")
    try:
        with fh:
            yield fh
            fh.flush()
            with contextlib.suppress(OSError):
                os.fsync(fh.fileno())
        if os.path.exists(target):
            with contextlib.suppress(OSError):
                os.chmod(tmp, os.stat(target).st_mode & 0o7777)
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write(
    path: StrPath, data: str | bytes | bytearray | memoryview, *, name: str = "path"
) -> None:
    """Write ``data`` (str as UTF-8, or bytes) to ``path`` atomically (see :func:`atomic_open`)."""
    if isinstance(data, str):
        with atomic_open(path, "w", name=name) as fh:
            fh.write(data)
    elif isinstance(data, (bytes, bytearray, memoryview)):
        with atomic_open(path, "wb", name=name) as fh:
            fh.write(data)
    else:
        raise TypeError(f"data must be str or bytes, got {type(data).__name__}")


def decode_text(data: bytes, source: str) -> str:
    """Decode UTF-8 bytes (a leading byte order mark is dropped); errors name ``source``."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(
            f"{source}: not UTF-8 text (byte {exc.start}: {data[exc.start : exc.start + 1]!r})"
        ) from None


@overload
def _read_limited(fh: SupportsRead[bytes], source: str, limit: int) -> bytes: ...


@overload
def _read_limited(fh: SupportsRead[str], source: str, limit: int) -> str: ...


def _read_limited(
    fh: SupportsRead[bytes] | SupportsRead[str], source: str, limit: int
) -> bytes | str:
    chunks: list[bytes] = []
    texts: list[str] = []  # a text stream without a buffer (StringIO)
    total = 0
    while True:
        chunk = fh.read(min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        if isinstance(chunk, str):
            texts.append(chunk)
        else:
            chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise ValueError(
                f"{source}: more than {limit} bytes; trapcore reads text files of "
                f"at most {limit} bytes"
            )
    if texts:
        return "".join(texts)
    return b"".join(chunks)


def read_text(path: StrPath, *, limit: int = MAX_READ_BYTES, name: str = "path") -> str:
    """Read a UTF-8 text file of at most ``limit`` bytes (``"-"`` is not special here).

    Raises
    ------
    TypeError
        ``path`` is not a str or path-like.
    ValueError
        The file is larger than ``limit`` (or endless), is a folder, or is not UTF-8 text; the
        message names the file.
    OSError
        The file cannot be opened.
    """
    fspath = _fspath(path, name)
    if os.path.isdir(fspath):
        raise ValueError(f"{fspath}: is a folder, not a file")
    with open(fspath, "rb") as fh:
        data = _read_limited(fh, fspath, limit)
    return decode_text(data, fspath)


def read_stream(
    stream: IO[str] | IO[bytes], source: str = "<stdin>", *, limit: int = MAX_READ_BYTES
) -> str:
    """Read a text or binary stream (stdin) like :func:`read_text`."""
    raw: SupportsRead[bytes] | SupportsRead[str] = getattr(stream, "buffer", stream)
    data = _read_limited(raw, source, limit)
    if isinstance(data, str):  # a text stream without a buffer (StringIO)
        return data.removeprefix("\ufeff")
    return decode_text(data, source)
