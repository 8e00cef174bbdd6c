"""trapcore: fast Cython engines for Trap the Cat, perfect mazes and Numberlink.

One package per puzzle (``trapcore.cat``, ``trapcore.maze``, ``trapcore.numberlink``); the classes
most people start from are re-exported here.
"""

from trapcore._version import __version__


def _check_build() -> None:
    try:
        from trapcore import _rng  # noqa: F401
    except ImportError as exc:  # pragma: no cover - exercised only without a build
        raise ImportError(
            "trapcore's compiled extensions are not built (could not import trapcore._rng: "
            f"{exc}).\nBuild them with `pip install .` (or `pip install -e .` for development; "
            "after editing a .pyx, `python setup.py build_ext --inplace`). If you are running "
            "from a source checkout after a plain `pip install .`, run from another directory "
            "or use the editable install."
        ) from None


_check_build()
del _check_build

from trapcore import cat, errors, maze, numberlink  # noqa: E402
from trapcore.cat import CatGame, Status, Verdict  # noqa: E402
from trapcore.errors import IllegalMoveError, SearchLimitExceeded  # noqa: E402
from trapcore.maze import Maze  # noqa: E402
from trapcore.numberlink import Puzzle  # noqa: E402

__all__ = [
    "__version__",
    "cat",
    "maze",
    "numberlink",
    "errors",
    "CatGame",
    "Maze",
    "Puzzle",
    "Status",
    "Verdict",
    "IllegalMoveError",
    "SearchLimitExceeded",
]
