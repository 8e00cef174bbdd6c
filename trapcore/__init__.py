"""trapcore: fast Cython engines for Trap the Cat, perfect mazes and Numberlink.

One package per puzzle (``trapcore.cat``, ``trapcore.maze``, ``trapcore.numberlink``); the classes
most people start from are re-exported here.
"""


def _quiet_ctrl_c() -> None:
    """When this import starts the ``trapcore`` command (its console script, or ``python -m
    trapcore``), a Ctrl-C that nothing catches (while the modules load, before trapcore.cli's
    main takes over) prints the command's one line instead of a traceback; the status stays 130.
    """
    import os
    import sys

    argv = getattr(sys, "orig_argv", sys.argv)
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    if script not in ("trapcore", "trapcore.exe") and argv[1:3] != ["-m", "trapcore"]:
        return
    previous = sys.excepthook

    def hook(tp: type[BaseException], value: BaseException, tb: object) -> None:
        if issubclass(tp, KeyboardInterrupt):
            print("trapcore: interrupted", file=sys.stderr)
        else:
            previous(tp, value, tb)  # type: ignore[arg-type]

    sys.excepthook = hook


_quiet_ctrl_c()
del _quiet_ctrl_c

from trapcore._version import __version__  # noqa: E402


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

import typing as _typing  # noqa: E402

from trapcore import errors, maze  # noqa: E402
from trapcore.errors import IllegalMoveError, SearchLimitExceeded  # noqa: E402
from trapcore.maze import Maze  # noqa: E402

if _typing.TYPE_CHECKING:
    from trapcore import cat, numberlink
    from trapcore.cat import CatGame, Status, Verdict
    from trapcore.numberlink import Puzzle

# imported on first use (PEP 562): a maze or dataset run loads neither engine
_LAZY = {
    "cat": ("trapcore.cat", None),
    "numberlink": ("trapcore.numberlink", None),
    "CatGame": ("trapcore.cat", "CatGame"),
    "Status": ("trapcore.cat", "Status"),
    "Verdict": ("trapcore.cat", "Verdict"),
    "Puzzle": ("trapcore.numberlink", "Puzzle"),
}


def __getattr__(name: str) -> _typing.Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'trapcore' has no attribute {name!r}")
    import importlib

    module_name, attr = _LAZY[name]
    module = importlib.import_module(module_name)
    value = module if attr is None else getattr(module, attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


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
