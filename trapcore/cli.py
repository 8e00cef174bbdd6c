"""The ``trapcore`` command line: one subcommand per puzzle, each defined in its own module.

Each ``trapcore/<puzzle>/cli.py`` module has ``add_parser(subparsers)``, which adds its subcommand
and sets ``func`` (called with the parsed namespace, returning an exit status).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from trapcore._extras import hint, require

if TYPE_CHECKING:
    from PIL import Image

# each command's module, in the order shown by --help
_MODULES = {
    "cat": "trapcore.cat.cli",
    "maze": "trapcore.maze.cli",
    "numberlink": "trapcore.numberlink.cli",
    "demo": "trapcore.demo.cli",
    "dataset": "trapcore.datasets.cli",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``trapcore`` parser: every command's, or only ``command``'s when it is one (a run
    of one command then imports no other puzzle's package)."""
    parser = argparse.ArgumentParser(
        prog="trapcore",
        description="Fast engines for Trap the Cat, perfect mazes and Numberlink.",
    )
    from trapcore import __version__

    parser.add_argument("--version", action="version", version=f"trapcore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [_MODULES[command]] if command in _MODULES else _MODULES.values():
        importlib.import_module(name).add_parser(sub)
    return parser


def used_seed(seed: int | None) -> int:
    """The seed a random command uses: ``seed`` if the user gave one, else a fresh one drawn
    here, so that the command can print it and any run can be repeated."""
    if seed is not None:
        return at_least(seed, "--seed", 0)
    import secrets

    return secrets.randbelow(2**32)


def at_least(value: int, option: str, minimum: int) -> int:
    """``value`` given for ``option``, refused below ``minimum`` in the words the option's help
    states its bound in (``(>= 1)``): ValueError ``OPTION must be >= MINIMUM, got VALUE``."""
    if value < minimum:
        raise ValueError(f"{option} must be >= {minimum}, got {value}")
    return value


def check_cells(
    rows: int, cols: int, max_cells: int, names: tuple[str, str] = ("--rows", "--cols")
) -> None:
    """Refuse a board of more than ``max_cells`` cells, naming the two options that size it."""
    if rows * cols > max_cells:
        raise ValueError(
            f"{names[0]} x {names[1]} = {rows} x {cols} = {rows * cols} cells is more than the "
            f"{max_cells} this command accepts"
        )


def say_seed(
    command: str, seed: int, stream: IO[str] | None = None, *, given: bool = False
) -> None:
    """Print ``seed`` on stderr (stdout stays the command's output), unless the user ``given``
    it (``--seed N``): then they already know how to repeat the run."""
    if given:
        return
    print(f"{command}: seed {seed} (--seed {seed} repeats this)", file=stream or sys.stderr)


def is_terminal(stream: IO[str]) -> bool:
    """True if ``stream`` is an interactive terminal (progress bars are drawn only there)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def add_progress_flags(p: argparse.ArgumentParser, what: str = "a progress line") -> None:
    """``--progress`` / ``--no-progress``: by default progress is shown only on a terminal."""
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--progress",
        action="store_true",
        help=f"{what} on stderr even when it is not a terminal (default: only on a terminal)",
    )
    g.add_argument("--no-progress", action="store_true", help=f"do not show {what}")


def progress_stream(args: argparse.Namespace, err: IO[str] | None = None) -> IO[str] | None:
    """The stream to draw progress on (stderr), or None when it is not wanted: only on a
    terminal unless ``--progress``, never with ``--no-progress``."""
    err = err or sys.stderr
    if getattr(args, "no_progress", False):
        return None
    return err if getattr(args, "progress", False) or is_terminal(err) else None


#: The picture formats named in messages and help (Pillow writes more; these always work).
PICTURE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tiff")


def picture_formats(svg: bool = False) -> str:
    """The picture extensions a command writes, for its help and errors: ``".png, .jpg, ..."``."""
    names = ((".svg",) if svg else ()) + PICTURE_EXTENSIONS
    return ", ".join(names[:-1]) + " or " + names[-1]


def check_picture_path(path: str, option: str = "-o", *, svg: bool = False) -> str:
    """Check an output picture name before any work: not empty, not a folder, its folder exists,
    an extension Pillow can write (or ``.svg`` when ``svg``, which needs no Pillow); raise
    ValueError in the CLI's words, ImportError (naming the extra) without Pillow."""
    from trapcore._io import check_output_path

    if not path:
        raise ValueError(f"{option} needs a file name, such as {option} maze.png")
    check_output_path(path, option)
    ext = os.path.splitext(path)[1].lower()
    if not ext:
        raise ValueError(
            f"{option} {path!r} has no extension; say which format, such as {option} {path}.png"
        )
    if svg and ext == ".svg":
        return path  # written by trapcore itself, no Pillow needed
    if ext == ".svg" or ext not in PICTURE_EXTENSIONS and ext not in _pillow_writes():
        raise ValueError(
            f"{option} {path!r}: cannot write {ext} pictures; use {picture_formats(svg)}"
        )
    Image = require("PIL.Image", "saving pictures")
    known = Image.registered_extensions()
    if ext not in known or known[ext] not in Image.SAVE:
        raise ValueError(
            f"{option} {path!r}: this Pillow cannot write {ext} pictures; "
            f"use {picture_formats(svg)}"
        )
    return path


def _pillow_writes() -> set[str]:
    """The extensions the installed Pillow can write (empty without Pillow)."""
    try:
        from PIL import Image
    except ImportError:
        return set()
    return {e for e, fmt in Image.registered_extensions().items() if fmt in Image.SAVE}


def save_picture(image: Image.Image, path: str) -> None:
    """Save a Pillow image to ``path`` atomically: an existing file survives a failed write."""
    from PIL import Image

    from trapcore._io import atomic_open

    fmt = Image.registered_extensions()[os.path.splitext(path)[1].lower()]
    with atomic_open(path, "wb", name="-o") as fh:
        # through write() alone: Pillow then encodes in chunks from Python, answering Ctrl-C
        # between them, not in one long C call on the file descriptor (docs/benchmarks.md)
        image.save(_WriteOnly(fh), format=fmt)  # type: ignore[arg-type]


class _WriteOnly:
    """A binary file seen through ``write`` alone (no ``fileno``)."""

    def __init__(self, fh: IO[bytes]) -> None:
        self.write = fh.write


#: How to get Pillow (the one line printed when a picture needs it).
PILLOW_HINT = hint("PIL", "saving pictures")


def _quiet_broken_pipe() -> int:
    """The reader of our output went away (``| head``): stop quietly, as ``cat`` does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush fails silently
    except (OSError, ValueError, AttributeError):
        pass
    return 0


def _message(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror + (f": {exc.filename}" if exc.filename else "")
    return text.splitlines()[0] if text.strip() else type(exc).__name__


def _leaf_parser(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> argparse.ArgumentParser:
    """The (sub)parser that parsed the command's own options: ``cat solve``'s for ``cat solve``."""
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        name = getattr(args, subs[0].dest, None) if subs else None
        if not subs or not isinstance(name, str) or name not in subs[0].choices:
            return parser
        parser = subs[0].choices[name]


# a name not inside a path, a file name, an option or a quoted string
_NOT_A_FLAG = object()
_NAME_VALUE = re.compile(r"(?<![-\w.'\"/\\])([a-z][a-z0-9_]*)(?![./\\]\w)(=(['\"]?)([\w.+-]+)\3)?")


def cli_words(
    text: str, parser: argparse.ArgumentParser, names: dict[str, str] | None = None
) -> str:
    """``text`` (a library message) with the Python parameter names of ``parser``'s options put
    as the user typed them: ``max_nodes must be >= 1`` -> ``--max-nodes must be >= 1``,
    ``min_length=9`` -> ``--min-length 9``, ``solids=True`` -> ``--solids``,
    ``policy='bfs'`` -> ``--policy bfs``.

    A name with an underscore is always replaced; a one-word name (``seed``, ``workers``) only
    where it stands as the subject of a check (``seed must ...``) or as ``name=value``, so that
    plain words in a message stay words. ``names`` maps more Python names to the CLI's
    (``{"rows": "N"}``, for a positional argument).
    """
    options: dict[str, tuple[str, object]] = {}  # name: (option, the value a flag sets)
    for action in parser._actions:
        longs = [o for o in action.option_strings if o.startswith("--")]
        if longs and action.dest not in ("help", "version"):
            flag = isinstance(action, argparse._StoreConstAction)  # store_true/false too
            options.setdefault(action.dest, (longs[0], action.const if flag else _NOT_A_FLAG))
    for py, cli in (names or {}).items():
        options[py] = (cli, _NOT_A_FLAG)

    def replace(m: re.Match[str]) -> str:
        name, value = m.group(1), m.group(4)  # a value quoted or not: policy='bfs', seed=3
        if name not in options:
            return m.group(0)
        option, sets = options[name]
        rest = text[m.end() :]
        if value is not None:
            if sets is _NOT_A_FLAG:
                return f"{option} {value}"
            # a flag: `touch=False` is `--no-touch` (it sets False); `touch=True`, its absence
            return option if value == str(sets) else f"without {option}"
        if "_" in name or rest.startswith((" must ", " is ", " has ")):
            return option
        return m.group(0)

    return _NAME_VALUE.sub(replace, text)


def _interrupted(name: str) -> int:
    """Ctrl-C: one line on stderr (on a line of its own after a progress bar), status 130."""
    start = "\n" if is_terminal(sys.stderr) else ""
    print(f"{start}{name}: interrupted", file=sys.stderr)
    return 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``trapcore ARGS``; return the exit status (0 fine, 1 a negative answer, 2 an error,
    130 interrupted). Errors are one line on stderr, never a traceback (``TRAPCORE_DEBUG=1``
    shows it)."""
    try:  # Ctrl-C while the subcommands' modules load: the same one line
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words[0] if words else None)
    except KeyboardInterrupt:
        return _interrupted("trapcore")
    args, rest = parser.parse_known_args(argv)
    if rest:  # said by the subcommand that was given them, with its usage, not the top one's
        _leaf_parser(parser, args).error(f"unrecognized arguments: {' '.join(rest)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from trapcore.errors import SearchLimitExceeded

    name = f"trapcore {args.command}"
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except KeyboardInterrupt:
        return _interrupted(name)
    except ImportError as exc:  # an optional dependency is missing
        if os.environ.get("TRAPCORE_DEBUG"):
            raise
        if "PIL" in str(exc) or "Pillow" in str(exc):
            print(f"{name}: error: {PILLOW_HINT}", file=sys.stderr)
        else:
            print(f"{name}: error: {_message(exc)}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, OSError, SearchLimitExceeded) as exc:
        if os.environ.get("TRAPCORE_DEBUG"):
            raise
        text = _message(exc)
        if not isinstance(exc, OSError):  # the library's words -> the command's options
            text = cli_words(text, _leaf_parser(parser, args), getattr(args, "cli_names", None))
        print(f"{name}: error: {text}", file=sys.stderr)
        return 2
    except MemoryError:
        if os.environ.get("TRAPCORE_DEBUG"):
            raise
        print(f"{name}: error: not enough memory for this size; try a smaller one", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: still one line, and how to see more
        if os.environ.get("TRAPCORE_DEBUG"):
            raise
        print(
            f"{name}: internal error: {type(exc).__name__}: {_message(exc)} (please report "
            "it; TRAPCORE_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
