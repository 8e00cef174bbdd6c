"""trapcore: fast Cython engines for Trap the Cat, perfect mazes and Numberlink."""
from __future__ import annotations

__version__ = "0.1.0"


def _check_build() -> None:
    try:
        from trapcore._native import rng  # noqa: F401
    except ImportError as exc:  # pragma: no cover - exercised only without a build
        raise ImportError(
            "trapcore's compiled extensions are not built (could not import trapcore._native: "
            f"{exc}).\nBuild them with `pip install .` (or `pip install -e .` for development; "
            "after editing a .pyx, `python setup.py build_ext --inplace`). If you are running "
            "from a source checkout after a plain `pip install .`, run from another directory "
            "or use the editable install."
        ) from None


_check_build()

from trapcore import cat, hexgrid, maze, numberlink  # noqa: E402
from trapcore.cat import CatGame  # noqa: E402
from trapcore.maze import Maze  # noqa: E402

__all__ = ["hexgrid", "cat", "CatGame", "maze", "Maze", "numberlink", "__version__"]
