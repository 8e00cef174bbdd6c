"""Optional dependencies: import one, or fail with the line that installs it.

Every import of an optional library in trapcore goes through :func:`require`, so a missing one
always says which extra brings it (``pip install "trapcore[rl]"``), whoever hit it: the library,
the CLI (which prints the message as one line) or a test.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "MissingExtra", "hint", "require"]

#: The top-level module of each optional library -> (its PyPI name, the extra that brings it).
EXTRAS: dict[str, tuple[str, str]] = {
    "PIL": ("Pillow", "image"),
    "gymnasium": ("gymnasium", "rl"),
    "pettingzoo": ("pettingzoo", "rl"),
    "pyarrow": ("pyarrow", "data"),
    "dask": ("dask[distributed]", "data"),
    "distributed": ("dask[distributed]", "data"),
    "networkx": ("networkx", "data"),
}


class MissingExtra(ModuleNotFoundError):
    """An optional dependency is not installed; the message names the install line.

    A :class:`ModuleNotFoundError` (so an ``ImportError``), with ``name`` the missing module and
    ``extra`` the trapcore extra that brings it.
    """

    def __init__(self, message: str, *, name: str, extra: str) -> None:
        super().__init__(message, name=name)
        self.extra = extra


def hint(module: str, purpose: str) -> str:
    """The message for a missing ``module``: ``"PURPOSE needs PKG: pip install "trapcore[X]""``."""
    top = module.split(".")[0]
    package, extra = EXTRAS[top]
    return f'{purpose} needs {package}: pip install "trapcore[{extra}]" (or pip install {package})'


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module`` (a dotted name) and return it.

    Parameters
    ----------
    module : str
        Such as ``"PIL.Image"`` or ``"pyarrow.parquet"``; its top-level name must be in
        :data:`EXTRAS`.
    purpose : str
        What needs it, the start of the message: ``"saving pictures"``, ``"trapcore.envs"``.

    Raises
    ------
    MissingExtra
        The library (or the module inside it) cannot be imported; the message names the extra
        and the pip line, and the original error is its ``__cause__``.
    """
    top = module.split(".")[0]
    if top not in EXTRAS:
        raise KeyError(f"{top!r} is not one of trapcore's optional libraries")
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if exc.name is not None and exc.name.split(".")[0] != top:
            raise  # the library is there but is broken inside: say so, do not blame the extra
        raise MissingExtra(hint(module, purpose), name=top, extra=EXTRAS[top][1]) from exc
