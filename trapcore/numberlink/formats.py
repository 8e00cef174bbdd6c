"""Numberlink text formats: the ``W H`` header format and the Flow style, read and written.

``parse_puzzles`` and ``read_puzzles`` iterate over every puzzle of a text or a file;
``write_puzzles`` writes a file; ``Puzzle.to_text``, ``from_text`` and ``from_file`` call here.
"""

from __future__ import annotations

import functools
import os
import re
import string
import unicodedata
from collections.abc import Iterable, Iterator

import numpy as np

from trapcore._io import atomic_write
from trapcore._renamed import renamed
from trapcore._validate import _describe, as_choice
from trapcore.numberlink._grid import INT16_MAX
from trapcore.numberlink.puzzle import Puzzle

__all__ = ["parse_puzzles", "read_puzzles", "write_puzzles", "SYMBOLS", "STYLES"]

#: Symbols ``to_text`` uses for numbers 1, 2, 3, ... (digits, then letters, then punctuation;
#: the header style continues with Unicode letters past these 91).
SYMBOLS = (
    "123456789"
    + string.ascii_uppercase
    + string.ascii_lowercase
    + "".join(ch for ch in string.punctuation if ch not in ".#")
)
_FLOW_SYMBOLS = SYMBOLS[: 9 + 26 + 26]
#: Text styles: ``"header"`` (``W H`` line, ``.`` empty, ``#`` solid) and ``"flow"``.
STYLES = ("header", "flow")
_HEADER = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")
#: The rules marker: a comment line before a ``W H`` header, e.g. ``# rules: fill=false
#: touch=true``; a puzzle without one has the default rules (fill=True, touch=True).
_RULES = re.compile(r"^\s*#\s*rules\s*:(.*)$", re.IGNORECASE)
_RULE = re.compile(r"^(fill|touch)=(true|false)$", re.IGNORECASE)
#: A line of whole numbers (signed or not): a header, well formed or not, never a board row,
#: except a lone unsigned number, which may be the first row of a Flow-style board of digits.
_NUMBERS = re.compile(r"^\s*[+-]?\d+(\s+[+-]?\d+)*\s*$")
#: What a header looks like, for the errors about a missing or malformed one.
_HEADER_HELP = (
    "a 'W H' header gives the board's width and height, two numbers >= 1 such as '5 5', "
    "followed by H rows of W squares"
)


def _rules_line(fill: bool, touch: bool) -> str:
    return f"# rules: fill={str(fill).lower()} touch={str(touch).lower()}"


def _read_rules(text: str, line_no: int, source: str) -> tuple[bool, bool]:
    rules = {"fill": True, "touch": True}
    for word in text.split():
        m = _RULE.match(word)
        if not m:
            raise ValueError(
                f"{source}: line {line_no}, column 1: bad rules marker word {word!r} (expected "
                "fill=true|false and touch=true|false)"
            )
        rules[m.group(1).lower()] = m.group(2).lower() == "true"
    return rules["fill"], rules["touch"]


# ---------------------------------------------------------------------------------------------
# writing


@functools.cache
def _extra_symbols() -> str:
    """Unicode letters from U+00C0 on, enough for every int16 number past ``SYMBOLS``."""
    need = INT16_MAX - len(SYMBOLS)
    out: list[str] = []
    code = 0xC0
    while len(out) < need:
        ch = chr(code)
        if unicodedata.category(ch) in ("Lu", "Ll", "Lo") and ch.isprintable():
            out.append(ch)
        code += 1
    return "".join(out)


def _symbols_for(n: int, style: str) -> str:
    """Symbols for numbers 1..n: SYMBOLS, then (header style only) Unicode letters."""
    if style == "flow":
        if n > len(_FLOW_SYMBOLS):
            raise ValueError(
                f"to_text: {n} numbers need more symbols than the {len(_FLOW_SYMBOLS)} letters "
                "and digits of style 'flow'"
            )
        return _FLOW_SYMBOLS[:n]
    if n <= len(SYMBOLS):
        return SYMBOLS[:n]
    return (SYMBOLS + _extra_symbols())[:n]


def _puzzle_text(puzzle: Puzzle, *, style: str = "header", solution: bool = False) -> str:
    """``puzzle.to_text(style=, solution=)``: see :meth:`Puzzle.to_text`."""
    style = as_choice(style, "style", STYLES)
    if not isinstance(solution, (bool, np.bool_)):
        raise TypeError(f"solution must be a bool, got {_describe(solution)}")
    g = puzzle._square_grid("to_text")
    if solution:
        sol = puzzle.solution
        if sol is None:
            raise ValueError("to_text: this puzzle has no solution yet (call solve() first)")
        g = sol
    rows, cols = g.shape
    syms = puzzle.symbols
    if syms is None or (style == "flow" and not all(ch.isascii() and ch.isalnum() for ch in syms)):
        syms = _symbols_for(puzzle.numbers, style)
    if style == "flow":
        if not (puzzle.fill and puzzle.touch):
            raise ValueError(
                "to_text: style 'flow' holds only Flow's rules (fill=True, touch=True); use "
                "style 'header', which writes a rules marker"
            )
        if rows != cols:
            raise ValueError(f"to_text: style 'flow' needs a square board, not {rows} x {cols}")
        if (g == -1).any():
            raise ValueError("to_text: style 'flow' cannot show solid squares")
    table = np.array(["#", "."] + list(syms), dtype=object)
    lines = ["".join(row) for row in table[g.astype(np.int64) + 1]]
    if style == "header":
        lines.insert(0, f"{cols} {rows}")
        if not (puzzle.fill and puzzle.touch):
            lines.insert(0, _rules_line(puzzle.fill, puzzle.touch))
    return "\n".join(lines) + "\n"


@renamed(path="file")
def write_puzzles(
    file: str | os.PathLike[str],
    puzzles: Iterable[Puzzle],
    *,
    style: str = "header",
    solution: bool = False,
) -> int:
    """Write puzzles to a text file, separated by blank lines (``read_puzzles`` reads it back).

    The file is written to a temporary file in the same folder, then renamed over ``file``, so a
    failure leaves an existing file as it was.

    Parameters
    ----------
    file : str or os.PathLike
        The file to write (``path`` before 0.3, deprecated).
    puzzles : iterable of Puzzle
        The puzzles, in order.
    style : {"header", "flow"}, default "header"
        As for :meth:`Puzzle.to_text`.
    solution : bool, default False
        Write each puzzle's solution instead (every puzzle must have one).

    Returns
    -------
    int
        How many puzzles were written.

    Raises
    ------
    TypeError
        ``file`` is not path-like, or an item is not a ``Puzzle``.
    ValueError
        As for :meth:`Puzzle.to_text` (nothing is written then); or ``file`` is a folder, a
        device, a FIFO or a socket (a symbolic link is written through, as ``open`` would).
    OSError
        The file cannot be written (the old file, if any, is left as it was).

    See Also
    --------
    read_puzzles : The way back.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> puzzles = [nl.Puzzle([[1, 0, 1], [2, 0, 2]]), nl.Puzzle([[1, 2], [1, 2]])]
    >>> nl.write_puzzles("puzzles.txt", puzzles)
    2
    >>> list(nl.read_puzzles("puzzles.txt")) == puzzles
    True
    """
    path = file
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"file must be a str or os.PathLike, got {_describe(path)}")
    if isinstance(puzzles, (Puzzle, str, bytes, bytearray)) or not isinstance(puzzles, Iterable):
        raise TypeError(f"puzzles must be an iterable of Puzzle, got {_describe(puzzles)}")
    parts = []
    for i, p in enumerate(puzzles):
        if not isinstance(p, Puzzle):
            raise TypeError(f"puzzles[{i}] must be a Puzzle, got {_describe(p)}")
        parts.append(p.to_text(style=style, solution=solution))
    # a temporary file renamed over the target; a symlink is written through, a device refused
    atomic_write(path, "\n".join(parts))
    return len(parts)


# ---------------------------------------------------------------------------------------------
# reading


@renamed(path="file")
def read_puzzles(file: str | os.PathLike[str]) -> Iterator[Puzzle]:
    """Iterate over every puzzle in the file at ``file`` (either format, see
    :func:`parse_puzzles`; ``file`` was ``path`` before 0.3, deprecated).

    The file is opened and read at the call; puzzles are parsed as the iterator is consumed.

    Parameters
    ----------
    file : str or os.PathLike
        The file to read.

    Yields
    ------
    Puzzle
        Each puzzle of the file, in order.

    Raises
    ------
    TypeError
        ``file`` is not a str or path-like (at the call).
    OSError
        The file cannot be read (at the call).
    ValueError
        A malformed puzzle, naming the file, line and column (while iterating).

    See Also
    --------
    write_puzzles : The way back.
    parse_puzzles : From a string.

    Examples
    --------
    >>> import trapcore as tc
    >>> tc.numberlink.write_puzzles("two.txt", [tc.numberlink.generate(5, seed=s) for s in (1, 2)])
    2
    >>> [p.shape for p in tc.numberlink.read_puzzles("two.txt")]
    [(5, 5), (5, 5)]
    """
    path = file
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"file must be a str or os.PathLike, got {_describe(path)}")
    from trapcore._io import read_text  # bounded, BOM accepted, errors name the file

    text = read_text(path)
    return parse_puzzles(text, source=os.fspath(path))


def parse_puzzles(text: str, *, source: str = "text") -> Iterator[Puzzle]:
    """Iterate over every puzzle in ``text``.

    Two formats are recognised by the first line that is not blank or a comment:

    * ``W H`` header: then exactly H rows of W characters: ``.`` empty, ``#`` solid, any other
      printable character (not a space) an endpoint. Puzzles are separated by blank lines;
      lines starting with ``#`` before a header are comments; ``0 0`` ends the text. A comment
      ``# rules: fill=false touch=true`` (words in any order, either may be left out) gives
      the next puzzle its rules; without one a puzzle has the defaults, ``fill=True,
      touch=True`` (Flow Free's rules: files written before 0.2 read this way).
    * Flow style: one row per line, square boards, no header: any ASCII letter or digit is an
      endpoint, any other character empty. Blank lines separate puzzles. Flow's rules.

    * A contest problem (``SIZE WxH``, ``LINE_NUM``, ``LINE#k`` lines: one puzzle) or puzz.link
      URLs (one per line), read by :mod:`trapcore.numberlink.exchange` with Nikoli's rules
      (``fill=False``).

    Numbers are given in order of first appearance (row by row); each puzzle keeps its symbols.

    Parameters
    ----------
    text : str
        The text.
    source : str, default "text"
        What errors call the text (a file name).

    Yields
    ------
    Puzzle

    Raises
    ------
    TypeError
        ``text`` is not a str (at the call).
    ValueError
        Unknown characters, ragged rows, numbers without exactly two endpoints, a bad header:
        naming ``source``, the line and the column (both from 1).

    See Also
    --------
    read_puzzles : From a file.
    Puzzle.from_text : One puzzle.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> list(nl.parse_puzzles("3 2\\n1.1\\n2.2\\n\\n2 2\\nAB\\nAB\\n"))
    [<Puzzle 2x3 numbers=2>, <Puzzle 2x2 numbers=2>]
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {_describe(text)}")
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {_describe(source)}")
    return _parse(text.removeprefix("\ufeff"), source)  # a UTF-8 byte order mark is allowed


def _parse(text: str, source: str) -> Iterator[Puzzle]:
    from trapcore.numberlink import exchange  # other people's formats: recognised, handed over

    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if first.upper().startswith("SIZE"):
        yield exchange.parse_contest(text, source=source)
        return
    if "?numlin/" in first or "?numberlink/" in first:
        for no, line in enumerate(text.splitlines(), 1):
            if line.strip() and not line.lstrip().startswith("#"):
                try:
                    yield exchange.parse_puzzlink(line.strip())
                except ValueError as exc:
                    raise ValueError(f"{source}: line {no}: {exc}") from None
        return
    lines = text.splitlines()
    i, n = 0, len(lines)
    header_style = None
    rules = (True, True)
    while i < n:
        line = lines[i]
        if not line.strip() or (
            header_style is not False and line.lstrip().startswith("#") and not _HEADER.match(line)
        ):
            if header_style is not False and (m := _RULES.match(line)):
                rules = _read_rules(m.group(1), i + 1, source)
            i += 1
            continue
        m = _HEADER.match(line)
        if header_style is None:
            header_style = m is not None or _is_bad_header(line)
        if header_style:
            if not m:
                what = "a bad header" if _NUMBERS.match(line) else "expected a 'W H' header"
                raise ValueError(
                    f"{source}: line {i + 1}, column 1: {what}, got {line.strip()!r}; "
                    f"{_HEADER_HELP}"
                )
            w, h = int(m.group(1)), int(m.group(2))
            if w == 0 and h == 0:
                return
            if w < 1 or h < 1:
                raise ValueError(
                    f"{source}: line {i + 1}, column 1: bad size {w} x {h} in the header; "
                    f"{_HEADER_HELP}"
                )
            rows = lines[i + 1 : i + 1 + h]
            if len(rows) < h:
                raise ValueError(
                    f"{source}: line {n + 1}, column 1: the text ends after {len(rows)} of "
                    f"the {h} rows announced on line {i + 1}"
                )
            yield _parse_rows(rows, i + 1, w, "header", source, rules)
            rules = (True, True)
            i += 1 + h
        else:
            j = i
            while j < n and lines[j].strip():
                j += 1
            rows = [ln.rstrip("\r\n") for ln in lines[i:j]]
            try:
                puzzle = _parse_rows(rows, i, len(rows[0]), "flow", source)
                if len(rows) != len(rows[0]):
                    raise ValueError(
                        f"{source}: line {j}, column 1: a flow-style board must be square, this "
                        f"one has {len(rows)} rows of {len(rows[0])} squares"
                    )
            except ValueError as exc:  # a board without its header, most likely: say so
                if _NUMBERS.match(rows[0]):  # a lone number: a header missing its other half
                    raise ValueError(
                        f"{source}: line {i + 1}, column 1: a bad header, got "
                        f"{rows[0].strip()!r}; {_HEADER_HELP}"
                    ) from None
                raise ValueError(
                    f"{source}: no 'W H' header, and not a square board in Flow's style: "
                    f"{str(exc).removeprefix(source + ': ')}; {_HEADER_HELP}"
                ) from None
            yield puzzle
            i = j


def _is_bad_header(line: str) -> bool:
    """A line of numbers that a Flow-style row cannot be: signed, or several (``-3 3``,
    ``5 5 5``), read as a header (and refused) rather than as a row of squares."""
    return bool(_NUMBERS.match(line)) and not line.strip().isdigit()


def _parse_rows(
    rows: list[str],
    first: int,
    width: int,
    style: str,
    source: str,
    rules: tuple[bool, bool] = (True, True),
) -> Puzzle:
    """Parse board rows (the first on line ``first + 1``) into a Puzzle (a Python loop over text
    characters: parsing text is the one place where trapcore/ walks squares)."""
    h = len(rows)
    if style == "header":  # before allocating: a header may announce a huge width
        for r, row in enumerate(rows):
            if len(row.rstrip()) != width:
                raise ValueError(
                    f"{source}: line {first + r + 1}, column {min(len(row.rstrip()), width) + 1}:"
                    f" row has {len(row.rstrip())} squares, expected {width}"
                )
    grid = np.zeros((h, width), np.int16)
    symbols: dict[str, int] = {}
    seen: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        line_no = first + r + 1
        if style == "header":
            row = row.rstrip()
            if len(row) != width:
                raise ValueError(
                    f"{source}: line {line_no}, column {min(len(row), width) + 1}: row has "
                    f"{len(row)} squares, expected {width}"
                )
        elif len(row) != width:
            raise ValueError(
                f"{source}: line {line_no}, column {min(len(row), width) + 1}: row has "
                f"{len(row)} squares, expected {width} like the first row"
            )
        for c, ch in enumerate(row):
            if style == "header":
                if ch == ".":
                    continue
                if ch == "#":
                    grid[r, c] = -1
                    continue
                if ch.isspace() or not ch.isprintable():
                    raise ValueError(
                        f"{source}: line {line_no}, column {c + 1}: unknown character {ch!r}"
                    )
            else:
                if not ch.isprintable():
                    raise ValueError(
                        f"{source}: line {line_no}, column {c + 1}: unknown character {ch!r}"
                    )
                if not (ch.isascii() and ch.isalnum()):
                    continue
            k = symbols.setdefault(ch, len(symbols) + 1)
            if k > INT16_MAX:
                raise ValueError(f"{source}: line {line_no}, column {c + 1}: too many numbers")
            grid[r, c] = k
            seen.setdefault(ch, []).append((line_no, c + 1))
    for ch, where in seen.items():
        if len(where) != 2:
            ln, col = where[2] if len(where) > 2 else where[0]
            raise ValueError(
                f"{source}: line {ln}, column {col}: symbol {ch!r} appears {len(where)} "
                "time(s); every number needs exactly two endpoints"
            )
    return Puzzle(grid, symbols="".join(symbols), fill=rules[0], touch=rules[1])
