"""Write a ``.pyi`` stub beside each compiled module, from the signatures Cython embeds.

Run ``python tools/make_stubs.py`` after changing a kernel's signature (tests/test_stubs.py fails
while a stub is out of date). Typed memoryviews become ``npt.NDArray`` of their element type, C
integers ``int``, C floats ``float``, ``bint`` ``bool``, untyped arguments as ``UNTYPED`` names
them (``bit_generator`` a ``np.random.BitGenerator``) or ``Any``. A ``cpdef enum`` (an
``IntEnum`` at run time) is stubbed as ``class Name(enum.IntEnum)`` in the module that defines
it, and an argument or a return type of that enum type names it (imported from that module
elsewhere). What a signature cannot say (return types, the dtype of a plain ``ndarray``
argument) comes from the tables below; every function must have its return type in ``RETURNS``
(the check fails otherwise). The output is formatted as ``ruff format`` formats stubs.
"""

from __future__ import annotations

import enum
import importlib
import pathlib
import re
import sys
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parents[1]
INTS = {"int", "long", "bint", "bool", "Py_ssize_t", "size_t"} | {
    f"{u}int{b}_t" for u in ("", "u") for b in (8, 16, 32, 64)
}
FLOATS = {"double", "float"}
#: numpy scalar type of a memoryview's C element type.
DTYPES = {f"{u}int{b}_t": f"np.{u}int{b}" for u in ("", "u") for b in (8, 16, 32, 64)} | {
    "double": "np.float64",
    "float": "np.float32",
    "Py_ssize_t": "np.intp",
}
#: Python containers, generic in the stub.
CONTAINERS = {"list": "list[Any]", "tuple": "tuple[Any, ...]", "dict": "dict[Any, Any]"}
#: Untyped arguments by name.
UNTYPED = {
    "bit_generator": "np.random.BitGenerator",
    "progress": "Callable[[int, int], object] | None",
    "other": "npt.NDArray[np.int16] | None",
}
#: Per module: the type of its plain ``ndarray`` arguments (kernels that read them by pointer).
ARRAYS = {"trapcore.cat._hexgrid": "npt.NDArray[np.uint8]"}
#: Per module: each function's return type (a signature does not say it). Modules without def
#: functions (trapcore.cat._codes: enums only; trapcore.cat._search: cimported C functions only)
#: have none.
RETURNS: dict[str, dict[str, str]] = {
    "trapcore.cat._hexgrid": {
        "distance_to_border": "npt.NDArray[np.int32]",
        "distances": "npt.NDArray[np.int32]",
        "escape_path": "npt.NDArray[np.int32] | None",
        "max_value": "int",
        "random_board": "npt.NDArray[np.uint8]",
        "tables": "tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]",
    },
    "trapcore.cat._play": {
        "cat_reply": "int",
        "play_games": "tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]",
        "player_move": "int",
    },
    "trapcore.cat._engine": {
        "hint": "tuple[Result, int, bool, int]",
        "solve": "tuple[Result, int, int, int]",
    },
    "trapcore.cat._pns": {
        "enclosure": "tuple[int, npt.NDArray[np.uint8]]",
        "layer": "tuple[int, npt.NDArray[np.uint8]]",
        "cuts": "tuple[int, npt.NDArray[np.uint8]]",
        "solve_pns": "tuple[Result, int, int, int, int]",
        "new_memory": "npt.NDArray[np.uint8]",
    },
    "trapcore.maze._carve": {
        "braid": "int",
        "carve": "npt.NDArray[np.uint8]",
        "carve_items": "None",
        "philox_raw": "npt.NDArray[np.uint64] | npt.NDArray[np.uint32]",
    },
    "trapcore.maze._solve": {
        "distances": "npt.NDArray[np.int32]",
        "solve_bfs": "npt.NDArray[np.int32] | None",
        "solve_items": "None",
        "solve_wall": "tuple[npt.NDArray[np.int32] | None, npt.NDArray[np.int32] | None]",
    },
    "trapcore.maze._rows": {"path_steps": "int", "solve_rows": "None"},
    "trapcore.maze._env": {
        "action_masks": "None",
        "observe_doors": "None",
        "observe_local": "None",
        "observe_pixels": "None",
        "philox_draws": "tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]",
        "reset_envs": "None",
        "step_envs": "None",
    },
    "trapcore.numberlink._paths": {
        "grow_paths": "tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]",
        "lay_paths": "tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32], "
        "int] | None",
    },
    "trapcore.numberlink._generate": {
        "generate": "tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], int, int] | None",
    },
    "trapcore.numberlink._layout": {
        "generate": "tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], int, int, int] | None",
    },
    "trapcore.numberlink._proof": {
        "deduce_grid": "tuple[int, npt.NDArray[np.int16] | None, bool, int]",
    },
    "trapcore.numberlink._repair": {
        "repair": "tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]] | None",
    },
    "trapcore.numberlink._graph": {
        "count": "tuple[int, int, bool]",
        "solve": "tuple[npt.NDArray[np.int16], int, bool]",
    },
    "trapcore.numberlink._regions": {"components": "npt.NDArray[np.int32]"},
    "trapcore.numberlink._deduce": {
        "deduce": "tuple[int, int, npt.NDArray[np.int16] | None, npt.NDArray[np.int32], int]",
    },
    "trapcore.numberlink._cnf": {
        "bits_clauses": "tuple[npt.NDArray[np.int32], int]",
        "clauses": "tuple[npt.NDArray[np.int32], int]",
        "paths": "tuple[npt.NDArray[np.int32], npt.NDArray[np.int16]]",
        "poll": "None",
    },
    "trapcore.numberlink._route": {
        "route_paths": "tuple[npt.NDArray[np.int16] | None, int, int]",
    },
    "trapcore.numberlink._solver": {
        "count": "tuple[int | None, int, bool]",
        "solve": "tuple[npt.NDArray[np.int16] | None, int, bool]",
    },
    "trapcore._interrupt": {"bind_stop": "None", "poll_count": "int", "trap_poll": "None"},
    "trapcore._rng": {
        "bounded_draws": "npt.NDArray[np.uint32]",
        "busy_loop": "int",
        "components": "npt.NDArray[np.int32]",
        "pool_stress": "int",
        "shuffled": "npt.NDArray[np.int32]",
    },
}
#: Extension types (``cdef class``): the module that defines each and its stub, written here (a
#: signature does not show properties). An argument of such a type may be None.
CLASSES: dict[str, tuple[str, str]] = {
    "Memory": (
        "trapcore.cat._engine",
        """class Memory:
    rows: int
    cols: int
    def __init__(self, rows: int, cols: int, budget: int) -> None: ...
    def forget(self) -> None: ...
    @property
    def proven_block(self) -> int: ...
    @property
    def nbytes(self) -> int: ...""",
    ),
}
WIDTH = 100


def enums_of(mod: ModuleType) -> list[type[enum.IntEnum]]:
    """The cpdef enums a compiled module defines (IntEnums whose home is that module), by name."""
    found = [
        obj
        for obj in vars(mod).values()
        if isinstance(obj, type)
        and issubclass(obj, enum.IntEnum)
        and obj.__module__ == mod.__name__
    ]
    return sorted(found, key=lambda e: e.__name__)


def all_enums() -> dict[str, str]:
    """Every compiled module's enums: name -> the module that defines it (names are unique)."""
    out: dict[str, str] = {}
    for modname in modules():
        for e in enums_of(importlib.import_module(modname)):
            if out.setdefault(e.__name__, modname) != modname:
                raise SystemExit(f"enum {e.__name__} is defined by {out[e.__name__]} and {modname}")
    return out


def enum_stub(e: type[enum.IntEnum]) -> str:
    members = "".join(f"\n    {m.name} = {m.value}" for m in e)
    return f"class {e.__name__}(enum.IntEnum):{members}"


def py_type(
    ctype: str, name: str = "", module: str = "", enums: dict[str, str] | None = None
) -> str:
    """The Python type of an argument declared ``ctype name`` (``ctype`` empty when untyped)."""
    ctype = ctype.replace("const ", "").strip()
    if not ctype:
        return UNTYPED.get(name, "Any")
    if enums and ctype in enums:
        return ctype
    if ctype in CLASSES:
        return f"{ctype} | None"
    if "[" in ctype:
        return f"npt.NDArray[{DTYPES.get(ctype.split('[', 1)[0].strip(), 'Any')}]"
    if ctype.endswith("ndarray"):
        return ARRAYS.get(module, "npt.NDArray[Any]")
    if ctype in INTS:
        return "bool" if ctype in ("bint", "bool") else "int"
    if ctype in FLOATS:
        return "float"
    if ctype in CONTAINERS:
        return CONTAINERS[ctype]
    if ctype in ("str", "bytes"):
        return ctype
    return "Any"


def split_args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def format_def(name: str, params: list[str], returns: str) -> str:
    """``def name(params) -> returns: ...`` wrapped as ruff format wraps it at WIDTH."""
    line = f"def {name}({', '.join(params)}) -> {returns}: ..."
    if len(line) <= WIDTH:
        return line
    inner = "    " + ", ".join(params)
    if len(inner) <= WIDTH:
        return f"def {name}(\n{inner}\n) -> {returns}: ..."
    body = "".join(f"    {p},\n" for p in params)
    return f"def {name}(\n{body}) -> {returns}: ..."


def stub_for(modname: str, enums: dict[str, str] | None = None) -> str:
    mod = importlib.import_module(modname)
    enums = all_enums() if enums is None else enums
    returns = RETURNS.get(modname, {})
    classes = [enum_stub(e) for e in enums_of(mod)]
    classes += [text for home, text in CLASSES.values() if home == modname]
    defs = []
    for name in sorted(n for n in vars(mod) if not n.startswith("_")):
        obj = getattr(mod, name)
        if not callable(obj) or isinstance(obj, type):
            continue
        doc = (obj.__doc__ or "").splitlines()
        m = re.match(rf"{re.escape(name)}\((.*)\)", doc[0] if doc else "")
        if not m:
            continue
        params = []
        for arg in split_args(m.group(1)):
            default = ""
            if "=" in arg:
                arg, default = (s.strip() for s in arg.split("=", 1))
                default = " = ..."
            parts = arg.rsplit(None, 1)
            pname, ptype = (parts[1], parts[0]) if len(parts) == 2 else (parts[0], "")
            pname = pname.lstrip("*")
            params.append(f"{pname}: {py_type(ptype, pname, modname, enums)}{default}")
        defs.append(format_def(name, params, returns.get(name, "Any")))
    body = "\n".join(defs)
    stdlib, third, first = [], [], []
    if enums_of(mod):
        stdlib.append("import enum")
    if re.search(r"\bCallable\b", body):
        stdlib.append("from collections.abc import Callable")
    if re.search(r"\bAny\b", body):
        stdlib.append("from typing import Any")
    if "np." in body:
        third.append("import numpy as np")
    if "npt." in body:
        third.append("import numpy.typing as npt")
    used: dict[str, list[str]] = {}
    for ename, home in sorted(enums.items()):
        if home != modname and re.search(rf"\b{ename}\b", body):
            used.setdefault(home, []).append(ename)
    for cname, (home, _) in sorted(CLASSES.items()):
        if home != modname and re.search(rf"\b{cname}\b", body):
            used.setdefault(home, []).append(cname)
    first += [f"from {home} import {', '.join(names)}" for home, names in sorted(used.items())]
    lines = [f'"""Signatures of the compiled module {modname} (made by tools/make_stubs.py)."""']
    for section in (stdlib, third, first):
        if section:
            lines += ["", *section]
    if classes:
        lines += ["", "\n\n".join(classes)]
    if defs:
        lines += ["", body]
    return "\n".join(lines) + "\n"


def modules() -> dict[str, pathlib.Path]:
    """Each compiled module's name and its stub's path: ``src/cat/pns.pyx`` is
    ``trapcore.cat._pns``, stubbed in ``trapcore/cat/_pns.pyi``; ``src/common/NAME.pyx`` is
    ``trapcore._NAME``."""
    out = {}
    for pyx in sorted((ROOT / "src").glob("*/*.pyx")):
        folder = pyx.parent.name
        package = ("trapcore",) if folder == "common" else ("trapcore", folder)
        name = ".".join((*package, f"_{pyx.stem}"))
        out[name] = ROOT.joinpath(*package, f"_{pyx.stem}.pyi")
    return out


def main(check: bool = False) -> int:
    stale = []
    enums = all_enums()
    for name, path in modules().items():
        text = stub_for(name, enums)
        gone = sorted(f for f in RETURNS.get(name, {}) if f"def {f}(" not in text)
        if gone:
            print(f"RETURNS lists functions {name} no longer has: {', '.join(gone)}")
            stale.append(path.name)
        untyped = sorted(re.findall(r"^def (\w+)\(", text, re.M))
        untyped = [f for f in untyped if f not in RETURNS.get(name, {})]
        if untyped:
            print(f"RETURNS has no return type for {name}: {', '.join(untyped)}")
            stale.append(path.name)
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(path.name)
        else:
            path.write_text(text)
    if stale:
        print("stale stubs:", ", ".join(stale), "- run python tools/make_stubs.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(check="--check" in sys.argv))
