"""Renamed public names (the glossary's old spellings): keyword arguments and module attributes
that keep working for one release with a ``DeprecationWarning`` naming the new spelling. The API
modules call :func:`renamed` and :func:`module_getattr`; tests/test_vocabulary.py reads the
registries below."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["RENAMED_ARGS", "RENAMED_ATTRS", "REMOVED_IN", "renamed", "module_getattr", "warn"]

F = TypeVar("F", bound=Callable[..., Any])

#: The release that drops the old spellings.
REMOVED_IN = "0.4"
#: ``"module.qualname"`` of a callable -> ``{old keyword: new keyword}``.
RENAMED_ARGS: dict[str, dict[str, str]] = {}
#: ``"module"`` -> ``{old attribute: new attribute}``.
RENAMED_ATTRS: dict[str, dict[str, str]] = {}


def warn(old: str, new: str, where: str = "", *, stacklevel: int = 3) -> None:
    """Warn that ``old`` (in ``where``, if given) is the old spelling of ``new``."""
    warnings.warn(
        f"{where + ': ' if where else ''}{old} is deprecated, use {new} (the old spelling goes "
        f"in trapcore {REMOVED_IN})",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def renamed(**old_to_new: str) -> Callable[[F], F]:
    """Decorate a callable whose keyword arguments were renamed: ``@renamed(max_tries=
    "max_attempts")`` passes ``max_tries=`` on as ``max_attempts=`` with a DeprecationWarning
    (giving both is a TypeError). The signature (``inspect.signature``) stays the new one."""

    def wrap(fn: F) -> F:
        where = f"{fn.__module__}.{fn.__qualname__}"
        RENAMED_ARGS.setdefault(where, {}).update(old_to_new)
        name = fn.__qualname__.removesuffix(".__init__")

        @functools.wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            for old, new in old_to_new.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(
                            f"{name}() got both {old}= and {new}= ({old} is the old spelling "
                            f"of {new}); give {new} only"
                        )
                    warn(f"{old}=", f"{new}=", f"{name}()")
                    kwargs[new] = kwargs.pop(old)
            return fn(*args, **kwargs)

        return inner  # type: ignore[return-value]

    return wrap


def module_getattr(
    module: str,
    names: Mapping[str, str],
    scope: Mapping[str, Any],
    objects: Mapping[str, Any] | None = None,
) -> Any:
    """A module's ``__getattr__`` for renamed attributes: ``__getattr__ = module_getattr(
    __name__, {"neighbors": "neighbours"}, globals())``. ``objects`` gives what an old name
    returns when it is not the new name's object (a class whose constructor changed)."""
    RENAMED_ATTRS.setdefault(module, {}).update(names)

    def __getattr__(attr: str) -> Any:
        if attr in names:
            warn(f"{module}.{attr}", f"{module}.{names[attr]}")
            return scope[names[attr]] if objects is None or attr not in objects else objects[attr]
        raise AttributeError(f"module {module!r} has no attribute {attr!r}")

    return __getattr__
