"""Numberlink boards in other people's formats: the DA Symposium contest files and puzz.link URLs.

* The Algorithm Design Contest (DA Symposium, 2012 onwards) gives a problem as ``SIZE WxH``,
  ``LINE_NUM N`` and one ``LINE#k (x1,y1)-(x2,y2)`` line per pair (``x`` the column, ``y`` the
  row, both from 0); an answer is ``SIZE WxH`` then H rows of W comma-separated numbers, ``0``
  for a square no line uses. Its boards need not be filled: they read with ``fill=False,
  touch=True``. The later contests' boards of several layers joined by vias (``SIZE WxHxD``)
  are refused with a clear error: the solver works on one layer.
* puzz.link (pzprjs) stores a Numberlink ("numlin") board in its URL:
  ``https://puzz.link/p?numlin/W/H/DATA``, where DATA lists the squares row by row: a number as
  one hex digit (``0``-``f``), ``-`` and two, ``+`` and three (larger numbers take ``=``, ``%``,
  ``*`` or ``$`` with an offset), and a run of 1 to 20 empty squares as one letter ``g``-``z``.
  Nikoli's rules: ``fill=False, touch=True``. pzv.jp and pzprxs URLs read the same.
"""

from __future__ import annotations

import re

import numpy as np

from trapcore._validate import _describe
from trapcore.numberlink._grid import INT16_MAX
from trapcore.numberlink.puzzle import Puzzle

__all__ = ["parse_contest", "contest_text", "parse_puzzlink", "puzzlink_url"]

_SIZE = re.compile(r"^\s*SIZE\s+(\d+)\s*[Xx]\s*(\d+)(?:\s*[Xx]\s*(\d+))?\s*$")
_COUNT = re.compile(r"^\s*LINE_NUM\s+(\d+)\s*$")
_LINE = re.compile(
    r"^\s*LINE#(\d+)\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*-?\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$"
)
_MAX_SIDE = 4096  # the formats' boards are at most a few hundred squares a side


def _check_str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {_describe(value)}")
    return value.removeprefix("\ufeff")


def _solid_free(puzzle: object, fmt: str) -> np.ndarray:
    """The grid of ``puzzle``, which must be a Puzzle without solid squares (``fmt`` has none)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    grid = puzzle.grid
    if (grid < 0).any():
        raise ValueError(f"{fmt} has no solid squares; this puzzle has some")
    return grid


def parse_contest(text: str, *, source: str = "text") -> Puzzle:
    """Read a contest problem (``SIZE``, ``LINE_NUM``, ``LINE#k`` lines) as a Puzzle whose number
    ``k`` is the contest's line ``k``; ``fill=False, touch=True`` (the contest's rules).

    Raises
    ------
    TypeError
        ``text`` is not a str.
    ValueError
        A malformed or missing line (naming ``source`` and the line), a board of several layers,
        an endpoint off the board or on another's square, LINE_NUM not matching the lines.
    """
    text = _check_str(text, "text")
    size: tuple[int, int] | None = None
    count: int | None = None
    ends: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{source}: line {no}"
        if m := _SIZE.match(line):
            if m.group(3) is not None and int(m.group(3)) != 1:
                raise ValueError(
                    f"{where}: a board of {m.group(3)} layers joined by vias; trapcore solves "
                    "boards of one layer (SIZE WxH)"
                )
            w, h = int(m.group(1)), int(m.group(2))
            if not (1 <= w <= _MAX_SIDE and 1 <= h <= _MAX_SIDE):
                raise ValueError(f"{where}: SIZE {w}x{h} is out of range 1..{_MAX_SIDE}")
            size = (h, w)
        elif m := _COUNT.match(line):
            count = int(m.group(1))
        elif m := _LINE.match(line):
            k, x1, y1, x2, y2 = (int(g) for g in m.groups())
            if k in ends:
                raise ValueError(f"{where}: LINE#{k} is given twice")
            ends[k] = ((y1, x1), (y2, x2))
        else:
            raise ValueError(
                f"{where}: expected SIZE WxH, LINE_NUM N or LINE#k (x,y)-(x,y), got {line!r}"
            )
    if size is None:
        raise ValueError(f"{source}: no SIZE line")
    if count is not None and count != len(ends):
        raise ValueError(f"{source}: LINE_NUM says {count} lines, the file has {len(ends)}")
    if sorted(ends) != list(range(1, len(ends) + 1)):
        raise ValueError(f"{source}: the lines must be numbered 1 to {len(ends)}")
    if len(ends) > INT16_MAX:
        raise ValueError(f"{source}: {len(ends)} lines, more than {INT16_MAX}")
    grid = np.zeros(size, np.int16)
    for k, pair in ends.items():
        for r, c in pair:
            if not (0 <= r < size[0] and 0 <= c < size[1]):
                raise ValueError(
                    f"{source}: LINE#{k} has an end ({c},{r}) off the {size[1]}x{size[0]} board"
                )
            if grid[r, c]:
                raise ValueError(f"{source}: LINE#{k} ends on ({c},{r}), already taken")
            grid[r, c] = k
    return Puzzle(grid, fill=False, touch=True)


def contest_text(puzzle: Puzzle, *, solution: bool = False) -> str:
    """The contest's problem text of ``puzzle`` (or, with ``solution=True``, its answer text:
    ``SIZE`` then the numbered squares). Solid squares cannot be written (the contest has none).

    Raises
    ------
    TypeError
        ``puzzle`` is not a Puzzle.
    ValueError
        The puzzle has solid squares, or ``solution=True`` and it has no solution.
    """
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

    Raises
    ------
    TypeError
        ``url`` is not a str.
    ValueError
        Not a Numberlink URL, a malformed DATA part, a number without exactly two squares,
        or a "?" square (a number to be found: not a Numberlink rule trapcore has).
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

    Raises
    ------
    TypeError
        ``puzzle`` is not a Puzzle.
    ValueError
        The puzzle has solid squares.
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
