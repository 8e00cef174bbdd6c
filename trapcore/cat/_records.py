"""A game's status, its turns and its analysis: the records :class:`~trapcore.cat.CatGame` gives."""

from __future__ import annotations

import enum
from typing import NamedTuple

from trapcore.cat.solver import Verdict

__all__ = ["Status", "Turn", "Analysis"]


class Status(str, enum.Enum):
    """Where a game stands (a ``str``: it equals ``"playing"``, ``"won"`` or ``"lost"``)."""

    PLAYING = "playing"
    """The player is to block."""
    WON = "won"
    """The player won: the cat is enclosed (or, under ``"surrounded"`` rules, cannot move)."""
    LOST = "lost"
    """The cat escaped."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Status.{self.name}"


class Turn(NamedTuple):
    """One turn of a game: the player's block and where the cat then stands.

    Attributes
    ----------
    block : (row, col)
        The cell the player blocked.
    cat : (row, col)
        The cat's cell after its answer; the cell it stood on when the turn ended the game (it
        escaped from there, or was caught there).

    See Also
    --------
    CatGame.analyze : The analysis made of turns.
    Analysis : A whole game analysed.

    Examples
    --------
    >>> import trapcore as tc
    >>> game = tc.CatGame(7, 7, 6, seed=1)
    >>> _ = game.block((2, 2))
    >>> game.history
    [Turn(block=(2, 2), cat=(3, 2))]
    >>> block, cat = game.history[0]
    >>> block, cat
    ((2, 2), (3, 2))
    """

    block: tuple[int, int]
    cat: tuple[int, int]


class Analysis(NamedTuple):
    """What :meth:`CatGame.analyze` found.

    Attributes
    ----------
    verdicts : tuple of Verdict
        The solver's verdict of the position before each block, then of the final position
        (``WIN``/``LOSS`` for a game that is over): ``moves + 1`` of them.
    mistake : int or None
        The index into ``history`` of the first block played from a proven win into a proven
        loss, or ``None``.
    block : (row, col) or None
        That block.
    better : (row, col) or None
        A winning block there instead.

    See Also
    --------
    CatGame.analyze : Makes it.
    Turn : One move of it.

    Examples
    --------
    >>> import trapcore as tc
    >>> game = tc.CatGame(7, 7, 6, seed=1)
    >>> _ = game.block((2, 2))  # the solver's winning block
    >>> game.analyze(max_nodes=2000)
    Analysis(verdicts=(Verdict.WIN, Verdict.WIN), mistake=None, block=None, better=None)
    """

    verdicts: tuple[Verdict, ...]
    mistake: int | None
    block: tuple[int, int] | None
    better: tuple[int, int] | None
