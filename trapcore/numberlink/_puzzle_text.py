"""The text methods of :class:`~trapcore.numberlink.Puzzle` (``to_text``, ``from_text``,
``from_file``), defined here and set on the class by trapcore/numberlink/puzzle.py, so that the
model's module stays one concern. They call trapcore.numberlink.formats, which builds Puzzles,
so it is imported when used."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trapcore.numberlink.puzzle import Puzzle

__all__: list[str] = []


def to_text(self: Puzzle, *, style: str = "header", solution: bool = False) -> str:
    """The puzzle (or its solution) as text.

    Parameters
    ----------
    style : {"header", "flow"}
        ``"header"``: a ``W H`` line, then the rows with ``.`` empty, ``#`` solid and one
        symbol per number. ``"flow"``: square boards only, one row per line, no header, no
        solids, letters and digits only (at most 61 numbers).
    solution : bool, default False
        Write the solution (every square of path ``k`` shows ``k``'s symbol) instead.

    Returns
    -------
    str
        The text, ending with a newline.

    Raises
    ------
    ValueError
        A bad ``style``, no solution known (with ``solution=True``), or a puzzle the Flow
        style cannot hold.

    Examples
    --------
    >>> import trapcore as tc
    >>> p = tc.Puzzle([[1, 0, 1], [2, 0, 2]])
    >>> print(p.to_text(), end="")
    3 2
    1.1
    2.2
    >>> sols = p.solve()  # the solution is unique: the puzzle keeps it
    >>> print(p.to_text(solution=True), end="")
    3 2
    111
    222
    """
    from trapcore.numberlink import formats

    return formats._puzzle_text(self, style=style, solution=solution)


def from_text(cls: type[Puzzle], text: str) -> Puzzle:
    """Read the one puzzle in ``text`` (either format, see :func:`parse_puzzles`).

    Parameters
    ----------
    text : str
        One puzzle: ``W H`` then its rows (``.`` empty, ``#`` solid), or the other format.

    Returns
    -------
    Puzzle
        The puzzle, with its rules and solution when the text gives them.

    Raises
    ------
    TypeError, ValueError
        ``text`` is not a str, holds a malformed puzzle (the error gives line and column), or
        holds no puzzle or several (read several with ``parse_puzzles``).

    Examples
    --------
    >>> import trapcore as tc
    >>> tc.Puzzle.from_text("3 3\\n1..\\n..2\\n1.2").grid.tolist()
    [[1, 0, 0], [0, 0, 2], [1, 0, 2]]
    """
    from trapcore.numberlink import formats

    puzzles = list(formats.parse_puzzles(text))
    if len(puzzles) != 1:
        raise ValueError(
            f"text: expected one puzzle, found {len(puzzles)} (use "
            "trapcore.numberlink.parse_puzzles for several)"
        )
    return puzzles[0]


def from_file(cls: type[Puzzle], file: str | os.PathLike[str]) -> Puzzle:
    """Read the first puzzle of the file at ``file`` (either format; ``path`` before 0.3,
    deprecated).

    Reading stops after that puzzle; ``trapcore.numberlink.read_puzzles(file)`` iterates
    over all of them.

    Parameters
    ----------
    file : str or os.PathLike
        The file to read.

    Returns
    -------
    Puzzle
        Its first puzzle.

    Raises
    ------
    TypeError
        ``file`` is not a str or path-like.
    OSError
        The file cannot be read.
    ValueError
        The first puzzle is malformed (the error gives file, line and column), or the file
        holds no puzzle.

    Examples
    --------
    >>> import os, tempfile
    >>> import trapcore as tc
    >>> file = os.path.join(tempfile.mkdtemp(), "six.txt")
    >>> tc.numberlink.write_puzzles(file, [tc.numberlink.generate(6, seed=1)])
    1
    >>> tc.Puzzle.from_file(file) == tc.numberlink.generate(6, seed=1)
    True
    """
    from trapcore.numberlink import formats

    first = next(formats.read_puzzles(file), None)
    if first is None:
        raise ValueError(f"{file}: no puzzle in this file")
    return first


for _fn in (to_text, from_text, from_file):  # what messages, docs and the glossary's walk see
    _fn.__qualname__ = f"Puzzle.{_fn.__name__}"
