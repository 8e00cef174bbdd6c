"""Write a ``.pyi`` stub beside each compiled module, from the signatures Cython embeds.

Run ``python tools/make_stubs.py`` after changing a kernel's signature (tests/test_stubs.py fails
while a stub is out of date). Typed memoryviews become ``npt.NDArray`` of their element type, C
integers ``int``, C floats ``float``, ``bint`` ``bool``, an untyped ``bit_generator``
``np.random.BitGenerator``, other untyped arguments ``Any``. What a signature cannot say (return
types, the dtype of a plain ``ndarray`` argument) comes from the tables below; functions not in
``RETURNS`` return ``Any``. The output is formatted as ``ruff format`` formats stubs.
"""

from __future__ import annotations

import importlib
import pathlib
import re
import sys

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
UNTYPED = {"bit_generator": "np.random.BitGenerator"}
#: Per module: the type of its plain ``ndarray`` arguments (kernels that read them by pointer).
ARRAYS = {"trapcore.cat._hexgrid": "npt.NDArray[np.uint8]"}
#: Per module: each function's return type (a signature does not say it).
RETURNS = {
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
        "solve": "tuple[int, int, int, int]",
    },
    "trapcore.cat._pns": {"solve_pns": "tuple[int, int, int, int, int]"},
}
WIDTH = 100


def py_type(ctype: str, name: str = "", module: str = "") -> str:
    """The Python type of an argument declared ``ctype name`` (``ctype`` empty when untyped)."""
    ctype = ctype.replace("const ", "").strip()
    if not ctype:
        return UNTYPED.get(name, "Any")
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


def stub_for(modname: str) -> str:
    mod = importlib.import_module(modname)
    returns = RETURNS.get(modname, {})
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
            params.append(f"{pname}: {py_type(ptype, pname, modname)}{default}")
        defs.append(format_def(name, params, returns.get(name, "Any")))
    body = "\n".join(defs)
    imports = []
    if re.search(r"\bAny\b", body):
        imports += ["from typing import Any", ""]
    if "np." in body:
        imports.append("import numpy as np")
    if "npt." in body:
        imports.append("import numpy.typing as npt")
    lines = [f'"""Signatures of the compiled module {modname} (made by tools/make_stubs.py)."""']
    if imports:
        lines += ["", *imports, ""]
    if defs:
        lines.append(body)
    return "\n".join(lines).replace("\n\n\n", "\n\n") + "\n"


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
    for name, path in modules().items():
        text = stub_for(name)
        gone = sorted(f for f in RETURNS.get(name, {}) if f"def {f}(" not in text)
        if gone:
            print(f"RETURNS lists functions {name} no longer has: {', '.join(gone)}")
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
