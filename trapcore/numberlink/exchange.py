"""Numberlink boards in other people's formats: the DA Symposium contest files and puzz.link URLs.

* The Algorithm Design Contest (DA Symposium, 2012 onwards) gives a problem as ``SIZE WxH``,
  ``LINE_NUM N`` and one ``LINE#k (x1,y1)-(x2,y2)`` line per pair (``x`` the column, ``y`` the
  row, both from 0); an answer is ``SIZE WxH`` then H rows of W comma-separated numbers, ``0``
  for a square no line uses. Its boards need not be filled, and an answer gives each line's
  squares only, so a line may not run beside itself: the contest's own checker (``nlcheck.py``,
  dasadc/conmgr) accepts an answer when each line's ends have one neighbour of its number, no
  square has three, and every square of a line is reached from its first end, so its squares
  must form one chain with no two non-consecutive squares side by side. They read with
  ``fill=False, touch=False``. The later contests' boards of
  several layers (``SIZE WxHxD``, squares ``(x,y,z)`` with layers from 1), joined square by
  square (2017 on) or only at vias (``VIA#a (x,y,z) (x,y,z)``, 2016), read as a
  :class:`~trapcore.numberlink.Puzzle` of layers with :func:`parse_contest_board`;
  :func:`contest_answer` writes their answers (``LAYER z`` blocks).
* puzz.link (pzprjs) stores a Numberlink ("numlin") board in its URL:
  ``https://puzz.link/p?numlin/W/H/DATA``, where DATA lists the squares row by row: a number as
  one hex digit (``0``-``f``), ``-`` and two, ``+`` and three (larger numbers take ``=``, ``%``,
  ``*`` or ``$`` with an offset), and a run of 1 to 20 empty squares as one letter ``g``-``z``.
  Nikoli's rules: ``fill=False, touch=True``. pzv.jp and pzprxs URLs read the same.
"""

from __future__ import annotations

import re

import numpy as np
import numpy.typing as npt

from trapcore._renamed import renamed
from trapcore._validate import _describe, as_flag
from trapcore.numberlink._grid import INT16_MAX
from trapcore.numberlink.puzzle import Puzzle
from trapcore.numberlink.variants import layered_board

__all__ = [
    "parse_contest",
    "parse_contest_board",
    "contest_text",
    "contest_answer",
    "parse_puzzlink",
    "puzzlink_url",
]

_SIZE = re.compile(r"^\s*SIZE\s+(\d+)\s*[Xx]\s*(\d+)(?:\s*[Xx]\s*(\d+))?\s*$")
_COUNT = re.compile(r"^\s*LINE_NUM\s+(\d+)\s*$")
_POINT = r"\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)"
_LINE = re.compile(rf"^\s*LINE#(\d+)\s*{_POINT}\s*-?\s*{_POINT}\s*$")
_VIA = re.compile(r"^\s*VIA#(\w+)\s*((?:\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)\s*)+)$")
_VIA_POINT = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)")
_MAX_SIDE = 4096  # the formats' boards are at most a few hundred squares a side

Square = tuple[int, int, int]  # (layer, row, column), all from 0


def _check_str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {_describe(value)}")
    return value.removeprefix("\ufeff")


def _solid_free(puzzle: object, fmt: str) -> np.ndarray:
    """The grid of ``puzzle``, which must be a Puzzle without solid squares (``fmt`` has none)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    grid = puzzle._square_grid(fmt)
    if (grid < 0).any():
        raise ValueError(f"{fmt} has no solid squares; this puzzle has some")
    return grid


def _read_contest(
    text: str, source: str
) -> tuple[tuple[int, int, int], dict[int, tuple[Square, Square]], dict[str, list[Square]]]:
    """The parts of a contest problem: (layers, rows, cols), each line's two ends and each via's
    squares, checked (squares on the board, lines numbered 1..N, LINE_NUM)."""
    text = _check_str(text, "text")
    source = _check_str(source, "source")
    size: tuple[int, int, int] | None = None
    count: int | None = None
    ends: dict[int, tuple[Square, Square]] = {}
    vias: dict[str, list[Square]] = {}
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{source}: line {no}"
        if m := _SIZE.match(line):
            w, h, d = int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)
            if not (1 <= w <= _MAX_SIDE and 1 <= h <= _MAX_SIDE and 1 <= d <= _MAX_SIDE):
                raise ValueError(f"{where}: SIZE {w}x{h}x{d} is out of range 1..{_MAX_SIDE}")
            size = (d, h, w)
        elif m := _COUNT.match(line):
            count = int(m.group(1))
        elif m := _LINE.match(line):
            k = int(m.group(1))
            x1, y1, z1, x2, y2, z2 = m.groups()[1:]
            if (z1 is None) != (z2 is None):
                raise ValueError(f"{where}: LINE#{k} mixes (x,y) and (x,y,z) squares")
            if k in ends:
                raise ValueError(f"{where}: LINE#{k} is given twice")
            ends[k] = (
                (int(z1 or 1) - 1, int(y1), int(x1)),
                (int(z2 or 1) - 1, int(y2), int(x2)),
            )
        elif m := _VIA.match(line):
            squares = [(int(z) - 1, int(y), int(x)) for x, y, z in _VIA_POINT.findall(m.group(2))]
            vias.setdefault(m.group(1), []).extend(squares)
        else:
            raise ValueError(
                f"{where}: expected SIZE WxH[xD], LINE_NUM N, LINE#k (x,y[,z])-(x,y[,z]) or "
                f"VIA#name (x,y,z) ..., got {line!r}"
            )
    if size is None:
        raise ValueError(f"{source}: no SIZE line")
    if count is not None and count != len(ends):
        raise ValueError(f"{source}: LINE_NUM says {count} lines, the file has {len(ends)}")
    if sorted(ends) != list(range(1, len(ends) + 1)):
        raise ValueError(f"{source}: the lines must be numbered 1 to {len(ends)}")
    if len(ends) > INT16_MAX:
        raise ValueError(f"{source}: {len(ends)} lines, more than {INT16_MAX}")
    d, h, w = size
    taken: set[Square] = set()
    for what, squares in [(f"LINE#{k}", list(p)) for k, p in ends.items()] + [
        (f"VIA#{name}", sq) for name, sq in vias.items()
    ]:
        for z, y, x in squares:
            at = f"({x},{y})" if d == 1 and what.startswith("LINE") else f"({x},{y},{z + 1})"
            if not (0 <= z < d and 0 <= y < h and 0 <= x < w):
                board = f"{w}x{h}" if d == 1 else f"{w}x{h}x{d}"
                raise ValueError(f"{source}: {what} has a square {at} off the {board} board")
            if (z, y, x) in taken:
                raise ValueError(f"{source}: {what} uses {at}, already taken")
            taken.add((z, y, x))
    return size, ends, vias


def parse_contest(text: str, *, source: str = "text") -> Puzzle:
    """Read a contest problem of one layer (``SIZE``, ``LINE_NUM``, ``LINE#k`` lines) as a
    Puzzle whose number ``k`` is the contest's line ``k``; ``fill=False, touch=False`` (the
    contest's rules). Boards of several layers: :func:`parse_contest_board`.

    Parameters
    ----------
    text : str
        The problem's text.
    source : str, default "text"
        What errors call it (a file name, say).

    Returns
    -------
    Puzzle
        The problem, under ``fill=False, touch=False``.

    Raises
    ------
    TypeError
        ``text`` or ``source`` is not a str.
    ValueError
        A malformed or missing line (naming ``source`` and the line), a board of several layers
        or with vias, an endpoint off the board or on another's square, LINE_NUM not matching.

    See Also
    --------
    contest_text : The way back.
    parse_contest_board : Boards with layers.

    Examples
    --------
    >>> import trapcore as tc
    >>> text = "SIZE 3X2\\nLINE_NUM 2\\nLINE#1 (0,0)-(2,0)\\nLINE#2 (0,1)-(2,1)\\n"
    >>> p = tc.numberlink.parse_contest(text)
    >>> p.grid.tolist()
    [[1, 0, 1], [2, 0, 2]]
    >>> tc.numberlink.contest_text(p) == text
    True
    """
    (d, h, w), ends, vias = _read_contest(text, source)
    if d != 1 or vias:
        raise ValueError(
            f"{source}: a board of {d} layers{' joined by vias' if vias else ''}: a Puzzle has "
            "one layer (SIZE WxH); read it with parse_contest_board, which gives a board of layers"
        )
    grid = np.zeros((h, w), np.int16)
    for k, pair in ends.items():
        for _, r, c in pair:
            grid[r, c] = k
    return Puzzle(grid, fill=False, touch=False)


def parse_contest_board(text: str, *, source: str = "text") -> Puzzle:
    """Read any contest problem, of one layer or several, as a :class:`Puzzle` (shape
    ``(layers, rows, cols)``, :func:`~trapcore.numberlink.layered_board`) under the contest's
    rules, ``fill=False, touch=False``.

    ``LINE#k (x,y,z)-(x,y,z)`` give squares with layers from 1. Without ``VIA`` lines every
    square borders the same square on the layers above and below (the contests from 2017);
    with them (``VIA#a (x,y,z) (x,y,z) ...``, one via's squares on consecutive layers) layers
    meet only at vias (the 2016 contest).

    Parameters
    ----------
    text : str
        The problem's text.
    source : str, default "text"
        What errors call it (a file name, say).

    Returns
    -------
    Puzzle
        The problem as a board of layers, under ``fill=False, touch=False``.

    Raises
    ------
    TypeError, ValueError
        As for :func:`parse_contest`, and a via whose squares are not one column of
        consecutive layers.

    See Also
    --------
    parse_contest : Plain grids.
    contest_answer : An answer in the same format.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> text = "SIZE 3X2\\nLINE_NUM 2\\nLINE#1 (0,0)-(2,0)\\nLINE#2 (0,1)-(2,1)\\n"
    >>> b = nl.parse_contest_board(text)
    >>> b, b.shape
    (<Puzzle layers 1x2x3 nodes=6 numbers=2 fill=False touch=False>, (1, 2, 3))
    """
    (d, h, w), ends, vias = _read_contest(text, source)
    grid = np.zeros((d, h, w), np.int16)
    for k, pair in ends.items():
        for z, r, c in pair:
            grid[z, r, c] = k
    try:
        return layered_board(grid, vias=list(vias.values()) if vias else None, touch=False)
    except ValueError as exc:
        names = ", ".join(f"VIA#{n}" for n in vias)
        raise ValueError(f"{source}: {exc} (the vias, in order: {names})") from None


@renamed(board="puzzle")
def contest_answer(puzzle: Puzzle, labels: npt.ArrayLike) -> str:
    """The contest's answer text of a solution of a board from :func:`parse_contest_board`:
    ``SIZE WXHXD``, then for each layer ``LAYER z`` and its rows of comma-separated numbers
    (``0`` where no line runs); one layer: ``SIZE WXH`` and the rows.

    Parameters
    ----------
    puzzle : Puzzle
        A board from :func:`parse_contest_board` (``board=`` before 0.3, deprecated).
    labels : array_like of int
        A solution of ``puzzle``, as :meth:`Puzzle.solve` gives it (a label per node).

    Returns
    -------
    str
        The answer text, ending with a newline.

    Raises
    ------
    TypeError
        ``puzzle`` is not a Puzzle.
    ValueError
        ``puzzle`` has no layers of squares, or ``labels`` do not solve it.

    See Also
    --------
    parse_contest : Reads the problems.
    contest_text : A problem in the same format.

    Examples
    --------
    >>> import trapcore as tc
    >>> text = "SIZE 3X2X1\\nLINE_NUM 2\\nLINE#1 (0,0,1)-(2,0,1)\\nLINE#2 (0,1,1)-(2,1,1)\\n"
    >>> board = tc.numberlink.parse_contest_board(text)
    >>> print(tc.numberlink.contest_answer(board, board.solve()[0]), end="")
    SIZE 3X2
    1,1,1
    2,2,2
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    if puzzle.shape is None or len(puzzle.shape) != 3:
        raise ValueError(
            f"puzzle must be a board of layers (from parse_contest_board), got {puzzle!r}"
        )
    if not puzzle.check(labels):  # (or a ValueError naming labels and what is wrong)
        raise ValueError("labels do not solve puzzle")
    grid = np.maximum(puzzle.to_grid(labels), 0)
    d, h, w = grid.shape
    width = len(str(int(grid.max(initial=0))))
    out = [f"SIZE {w}X{h}" + (f"X{d}" if d > 1 else "")]
    for z in range(d):
        if d > 1:
            out.append(f"LAYER {z + 1}")
        out += [",".join(f"{int(v):>{width}}" for v in row) for row in grid[z]]
    return "\n".join(out) + "\n"


def contest_text(puzzle: Puzzle, *, solution: bool = False) -> str:
    """The contest's problem text of ``puzzle`` (or, with ``solution=True``, its answer text:
    ``SIZE`` then the numbered squares). Solid squares cannot be written (the contest has none).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle to write.
    solution : bool, default False
        Write its solution (the contest's answer text) instead of the problem.

    Returns
    -------
    str
        The text, ending with a newline (see :func:`parse_contest` for an example).

    Raises
    ------
    TypeError
        ``puzzle`` is not a Puzzle, or ``solution`` not a bool.
    ValueError
        The puzzle has solid squares, or ``solution=True`` and it has no solution.

    See Also
    --------
    parse_contest : The way back.
    contest_answer : The answer's format.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> p = nl.Puzzle([[1, 0, 1], [2, 0, 2]])
    >>> print(nl.contest_text(p), end="")
    SIZE 3X2
    LINE_NUM 2
    LINE#1 (0,0)-(2,0)
    LINE#2 (0,1)-(2,1)
    >>> sols = p.solve()
    >>> print(nl.contest_text(p, solution=True), end="")
    SIZE 3X2
    1,1,1
    2,2,2
    """
    solution = as_flag(solution, "solution")
    grid = _solid_free(puzzle, "the contest format")
    h, w = grid.shape
    out = [f"SIZE {w}X{h}"]
    if solution:
        sol = puzzle.solution
        if sol is None:
            raise ValueError("solution=True needs a solved puzzle (call puzzle.solve() first)")
        width = len(str(int(sol.max(initial=0))))
        out += [",".join(f"{int(v):>{width}}" for v in row) for row in sol]
    else:
        out.append(f"LINE_NUM {puzzle.numbers}")
        for k in range(1, puzzle.numbers + 1):
            (r1, c1), (r2, c2) = np.argwhere(grid == k)
            out.append(f"LINE#{k} ({c1},{r1})-({c2},{r2})")
    return "\n".join(out) + "\n"


_URL = re.compile(r"^\s*(?:https?://)?[^?\s]*\?(numlin|numberlink)/(\d+)/(\d+)/([^\s/?#]*)\s*$")
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240), "$": (5, 77776)}


def parse_puzzlink(url: str) -> Puzzle:
    """Read a puzz.link (or pzv.jp) Numberlink URL, ``...?numlin/W/H/DATA``, as a Puzzle with
    ``fill=False, touch=True`` (Nikoli's rules). The numbers become 1, 2, ... in order of first
    appearance; ``symbols`` keeps none (the URL's numbers can exceed any symbol set).

    Parameters
    ----------
    url : str
        The URL (``https://`` may be left out).

    Returns
    -------
    Puzzle
        The puzzle, under ``fill=False, touch=True`` (see :func:`puzzlink_url` for an example).

    Raises
    ------
    TypeError
        ``url`` is not a str.
    ValueError
        Not a Numberlink URL, a malformed DATA part, a number without exactly two squares,
        or a "?" square (a number to be found: not a Numberlink rule trapcore has).

    See Also
    --------
    puzzlink_url : The way back.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> p = nl.parse_puzzlink("https://puzz.link/p?numlin/3/2/1g12g2")
    >>> p, p.grid.tolist()
    (<Puzzle 2x3 numbers=2 fill=False>, [[1, 0, 1], [2, 0, 2]])
    """
    url = _check_str(url, "url")
    m = _URL.match(url)
    if not m:
        raise ValueError(f"not a puzz.link Numberlink URL (…?numlin/W/H/DATA): {url[:80]!r}")
    w, h, data = int(m.group(2)), int(m.group(3)), m.group(4)
    if not (1 <= w <= _MAX_SIDE and 1 <= h <= _MAX_SIDE):
        raise ValueError(f"puzz.link board {w}x{h} is out of range 1..{_MAX_SIDE}")
    cells = np.zeros(w * h, np.int64)
    c = i = 0
    while i < len(data) and c < w * h:
        ch = data[i]
        if ch in "0123456789abcdef":
            cells[c] = int(ch, 16)
            c, i = c + 1, i + 1
        elif ch in _WIDE:
            digits, offset = _WIDE[ch]
            part = data[i + 1 : i + 1 + digits]
            if len(part) != digits or any(d not in "0123456789abcdef" for d in part):
                raise ValueError(f"puzz.link DATA: bad number after {ch!r} at character {i + 1}")
            cells[c] = int(part, 16) + offset
            c, i = c + 1, i + 1 + digits
        elif "g" <= ch <= "z":
            c, i = c + int(ch, 36) - 15, i + 1
        elif ch == ".":
            raise ValueError(
                f"puzz.link DATA: a '?' square at character {i + 1} (an unknown number) is not "
                "a rule trapcore solves"
            )
        else:
            raise ValueError(f"puzz.link DATA: unexpected {ch!r} at character {i + 1}")
    if i < len(data):
        raise ValueError(f"puzz.link DATA: {len(data) - i} characters past the {w}x{h} board")
    on = cells > 0
    values, first, inverse, counts = np.unique(
        cells[on], return_index=True, return_inverse=True, return_counts=True
    )
    if (counts != 2).any():
        bad = int(values[counts != 2][0])
        raise ValueError(
            f"puzz.link board: number {bad} is on {int(counts[values == bad][0])} squares; "
            "every number needs exactly two"
        )
    if values.size > INT16_MAX:
        raise ValueError(f"puzz.link board: {values.size} numbers, more than {INT16_MAX}")
    rank = np.empty(values.size, np.int16)  # 1, 2, ... in order of first appearance
    rank[np.argsort(first)] = np.arange(1, values.size + 1)
    flat = np.zeros(w * h, np.int16)
    flat[on] = rank[inverse]
    return Puzzle(flat.reshape(h, w), fill=False, touch=True)


def puzzlink_url(puzzle: Puzzle) -> str:
    """The puzz.link URL of ``puzzle`` (``https://puzz.link/p?numlin/W/H/DATA``), numbers as
    they are on its grid. Solid squares cannot be written (puzz.link's numlin has none).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle to write.

    Returns
    -------
    str
        The URL.

    Raises
    ------
    TypeError
        ``puzzle`` is not a Puzzle.
    ValueError
        The puzzle has solid squares.

    See Also
    --------
    parse_puzzlink : The way back.

    Examples
    --------
    >>> import trapcore as tc
    >>> p = tc.Puzzle([[1, 0, 0], [0, 0, 2], [1, 0, 2]], fill=False)
    >>> tc.numberlink.puzzlink_url(p)
    'https://puzz.link/p?numlin/3/3/1j21g2'
    >>> tc.numberlink.parse_puzzlink(tc.numberlink.puzzlink_url(p)) == p
    True
    """
    grid = _solid_free(puzzle, "puzz.link's Numberlink")
    h, w = grid.shape
    parts: list[str] = []
    run = 0
    for v in grid.ravel().tolist():
        if v == 0:
            run += 1
            if run == 20:
                parts.append("z")
                run = 0
            continue
        if run:
            parts.append(_run_letter(run))
            run = 0
        parts.append(_number(v))
    if run:
        parts.append(_run_letter(run))
    return f"https://puzz.link/p?numlin/{w}/{h}/{''.join(parts)}"


def _run_letter(run: int) -> str:
    return "ghijklmnopqrstuvwxyz"[run - 1]


def _number(v: int) -> str:
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "02x")
    if v < 4096:
        return "+" + format(v, "03x")
    if v < 8192:
        return "=" + format(v - 4096, "03x")
    if v < 12240:
        return "%" + format(v - 8192, "03x")
    return "*" + format(v - 12240, "04x")  # a grid's numbers stop at 32767
