"""The Python names of the codes the kernels share with the Python layer. Each code is defined
once, as a ``cpdef enum`` in a kernel's ``.pxd`` (an ``IntEnum`` at run time, such as
``trapcore.cat._codes.Policy``); the names the API accepts are derived from it here."""

from __future__ import annotations

import enum
from typing import TypeVar

__all__ = ["by_name"]

E = TypeVar("E", bound=enum.IntEnum)


def by_name(codes: type[E], prefix: str) -> dict[str, E]:
    """``{name: member}`` of a kernel's enum, in the enum's order: each member's name without
    ``prefix``, in lower case (``Policy.POLICY_BFS`` is ``"bfs"``)."""
    return {member.name.removeprefix(prefix).lower(): member for member in codes}
