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
import re
import secrets
import shutil
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Literal, TextIO, overload

#: POSIX advisory locks mark a temporary file in use (Windows instead refuses to delete an open one)
_POSIX = sys.platform != "win32"
if sys.platform != "win32":
    import fcntl

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
    "remove_stale_temps",
    "temp_name",
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


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_output_path(path: StrPath, name: str = "path") -> str:
    """Check that ``path`` can name a file to write and return the file that will be written.

    A symbolic link is followed, as :func:`open` would follow it: the file written is the link's
    target (created when the link dangles), and the link stays. The result is that target's path,
    or ``path`` itself as a str. Raises ValueError when the target is a folder, a device, a FIFO
    or a socket (trapcore writes only regular files: replacing ``/dev/null`` or a pipe with a
    file would be data loss, writing into one is not atomic), when its folder does not exist, or
    when the links loop; TypeError for a non-path.
    """
    path = _fspath(path, name)
    target = path
    if os.path.islink(path):
        target = os.path.realpath(path)
        if os.path.islink(target):  # realpath stops at a loop (or a link it cannot resolve)
            raise ValueError(f"{name} {path!r} is a symbolic link that loops or cannot be resolved")
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise ValueError(f"{name} {path!r}: cannot be written ({exc.strerror})") from None
    if mode is not None:
        kind = _kind(mode)
        if kind == "a folder":
            raise ValueError(f"{name} {path!r} is a folder; give a file name")
        if kind is not None:
            shown = path if target == path else f"{path} -> {target}"
            raise ValueError(
                f"{name} {shown!r} is {kind}; trapcore writes only regular files (give a file "
                "name, or write to a file and copy it there)"
            )
    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"{name} {path!r}: the folder {folder!r} does not exist")
    return target


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

    ``mode`` is ``"w"`` (text, UTF-8, ``\\n`` newlines) or ``"wb"``. The target is checked first
    (:func:`check_output_path`): a symbolic link is written through (its target is replaced and
    the link stays), a folder, device, FIFO or socket is refused with ValueError. The temporary
    file is ``.NAME.<12 hex digits>.tmp`` in the target's folder. On any exception (including
    KeyboardInterrupt), and on SIGTERM or SIGHUP while the file is open (in the main thread; the
    signal's default action follows), it is removed and ``path`` is left untouched; only SIGKILL
    or a power cut can leave it behind, and the next write to the same file removes such stale
    temporary files (ones no live process holds open).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    return _atomic_open(check_output_path(path, name), mode, encoding)


def temp_name(target: str) -> str:
    """A fresh temporary name beside ``target``: ``.NAME.<12 hex digits>.tmp``."""
    folder, base = os.path.split(target)
    return os.path.join(folder or ".", f".{base}.{secrets.token_hex(6)}.tmp")


def _lock(fd: int) -> bool:
    """Take an exclusive lock on an open file without waiting (True if taken, or no locks here).

    The lock marks a temporary file as in use: the kernel drops it when its process ends, however
    it ends, so a file nobody locks is stale. Windows has no flock, but it refuses to delete a file
    another process holds open, which serves the same purpose.
    """
    if sys.platform == "win32":
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _create_temp(target: str) -> tuple[str, int]:
    """Create and lock a fresh temporary file beside ``target``; return its path and descriptor."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = temp_name(target)
        fd = os.open(tmp, flags, 0o666)
        # a cleaner in another process may have locked it in the instant before we did (it then
        # deletes it): start again with another name
        if _lock(fd) and _same_file(tmp, fd):
            return tmp, fd
        os.close(fd)


def _same_file(path: str, fd: int) -> bool:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    fst = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (fst.st_dev, fst.st_ino)


def remove_stale_temps(target: str) -> list[str]:
    """Remove the temporary files a killed write to ``target`` left behind; return their paths.

    Recognised by name (``.NAME.<12 hex digits>.tmp`` beside ``target``, the names
    :func:`atomic_open` uses) and by being regular files no live process holds (see :func:`_lock`);
    a write in progress in another process is left alone. Errors are ignored (best effort).
    """
    folder, base = os.path.split(target)
    folder = folder or "."
    pattern = re.compile(r"\." + re.escape(base) + r"\.[0-9a-f]{12}\.tmp")
    removed: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    prefix = f".{base}."
    for entry in names:
        if not entry.startswith(prefix) or not pattern.fullmatch(entry):  # one listing a write
            continue
        path = os.path.join(folder, entry)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NOFOLLOW)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            if _POSIX:
                if not (_lock(fd) and _same_file(path, fd)):
                    continue
            else:  # Windows: a file open elsewhere cannot be deleted; ours must be closed first
                os.close(fd)
                fd = -1
            try:
                os.unlink(path)
            except OSError:
                continue
            removed.append(path)
        finally:
            if fd >= 0:
                os.close(fd)
    return removed


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

#: Temporary files being written (removed by the signal handler below); guarded by _PENDING_LOCK.
_PENDING: set[str] = set()
_PENDING_LOCK = threading.Lock()
#: The handlers ours replaced, while an atomic write is open in the main thread.
_SAVED: dict[int, Any] = {}
_DEPTH = 0
_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def _on_signal(signum: int, frame: object) -> None:
    """SIGTERM/SIGHUP during a write: remove the temporary files, then die of the signal."""
    with _PENDING_LOCK:
        pending = list(_PENDING)
    for tmp in pending:
        if os.path.isdir(tmp) and not os.path.islink(tmp):  # a dataset's staging folder
            shutil.rmtree(tmp, ignore_errors=True)
            continue
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    signal.signal(signum, _SAVED.get(signum, signal.SIG_DFL))
    os.kill(os.getpid(), signum)


@contextlib.contextmanager
def _cleanup_on_signal(tmp: str) -> Iterator[None]:
    """Register ``tmp`` (a file, or a folder removed with what it holds) for removal should
    SIGTERM or SIGHUP end the process (main thread only:
    Python installs handlers there; a handler someone else installed is left alone)."""
    global _DEPTH
    main = threading.current_thread() is threading.main_thread()
    with _PENDING_LOCK:
        _PENDING.add(tmp)
    if main:
        if _DEPTH == 0:
            for sig in _SIGNALS:
                with contextlib.suppress(ValueError, OSError):
                    if signal.getsignal(sig) is signal.SIG_DFL:
                        _SAVED[sig] = signal.signal(sig, _on_signal)
        _DEPTH += 1
    try:
        yield
    finally:
        with _PENDING_LOCK:
            _PENDING.discard(tmp)
        if main:
            _DEPTH -= 1
            if _DEPTH == 0:
                for sig, old in list(_SAVED.items()):
                    with contextlib.suppress(ValueError, OSError):
                        if signal.getsignal(sig) is _on_signal:
                            signal.signal(sig, old)
                _SAVED.clear()


@contextlib.contextmanager
def _atomic_open(target: str, mode: str, encoding: str) -> Iterator[IO[Any]]:
    remove_stale_temps(target)
    tmp, fd = _create_temp(target)
    fh: IO[Any]
    try:
        with _cleanup_on_signal(tmp):
            try:
                if mode == "w":
                    fh = open(fd, "w", encoding=encoding, newline="\n")
                else:
                    fh = open(fd, "wb")
            except BaseException:
                os.close(fd)
                raise
            with fh:
                yield fh
                fh.flush()
                with contextlib.suppress(OSError):
                    os.fsync(fh.fileno())
                try:
                    target_mode: int | None = os.stat(target).st_mode & 0o7777
                except OSError:
                    target_mode = None
                if target_mode is None:
                    umask = _umask()
                    target_mode = 0o666 & ~umask
                with contextlib.suppress(OSError):
                    os.chmod(tmp, target_mode)
                if _POSIX:  # renamed while open and locked: no cleaner takes it
                    os.replace(tmp, target)
            if not _POSIX:  # Windows renames no open file
                os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    with _UMASK_LOCK:
        umask = os.umask(0o022)
        os.umask(umask)
    return umask


_UMASK_LOCK = threading.Lock()


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
