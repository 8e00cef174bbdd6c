"""The exception types trapcore raises beyond Python's own ``ValueError`` and ``TypeError``."""

__all__ = ["DatasetError", "IllegalMoveError", "SearchLimitExceeded"]


class IllegalMoveError(ValueError):
    """A move that the rules forbid: blocking a blocked cell or the cat's cell, or any move after
    the game has ended. A ``ValueError``, so code that catches bad arguments catches it too."""


class SearchLimitExceeded(RuntimeError):
    """A search ran out of its budget (``max_nodes``) where the caller asked for a definite answer.

    Searches that can answer "unknown" (the cat solver) return that instead of raising.
    """


class DatasetError(ValueError):
    """A dataset folder that does not hold what its manifest says: a shard missing, extra,
    partial or altered, items not covered, or no manifest (a run that did not finish).

    Also importable as ``trapcore.datasets.DatasetError`` (the same class)."""
