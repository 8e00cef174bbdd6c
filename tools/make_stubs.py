"""Write a ``.pyi`` stub beside each compiled module, from the signatures Cython embeds.

Run ``python tools/make_stubs.py`` after changing a kernel's signature (tests/test_stubs.py fails
while a stub is out of date). Typed memoryviews and ndarrays become ``numpy.ndarray``, C integers
``int``, C floats ``float``, untyped arguments ``Any``.
"""
from __future__ import annotations

import importlib
import pathlib
import pkgutil
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
INTS = {"int", "long", "bint", "Py_ssize_t", "size_t"} | {
    f"{u}int{b}_t" for u in ("", "u") for b in (8, 16, 32, 64)
}
FLOATS = {"double", "float"}


def py_type(ctype: str) -> str:
    ctype = ctype.replace("const ", "").strip()
    if "[" in ctype or ctype.endswith("ndarray"):
        return "np.ndarray"
    if ctype in INTS:
        return "int" if ctype != "bint" else "bool"
    if ctype in FLOATS:
        return "float"
    if ctype in ("str", "bytes", "list", "tuple", "dict", "object"):
        return ctype if ctype != "object" else "Any"
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


def stub_for(modname: str) -> str:
    mod = importlib.import_module(modname)
    lines = [f'"""Signatures of the compiled module {modname} (made by tools/make_stubs.py)."""',
             "from typing import Any", "", "import numpy as np", ""]
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
            pname, ptype = (parts[1], parts[0]) if len(parts) == 2 else (parts[0], "object")
            pname = pname.lstrip("*")
            params.append(f"{pname}: {py_type(ptype)}{default}")
        lines.append(f"def {name}({', '.join(params)}) -> Any: ...")
    return "\n".join(lines) + "\n"


def modules() -> dict[str, pathlib.Path]:
    """Each compiled module's name and its stub's path: ``src/cat/pns.pyx`` is ``trapcore.cat._pns``,
    stubbed in ``trapcore/cat/_pns.pyi``; ``src/common/NAME.pyx`` is ``trapcore._NAME``."""
    out = {}
    for pyx in sorted((ROOT / "src").glob("*/*.pyx")):
        folder = pyx.parent.name
        package = ("trapcore",) if folder == "common" else ("trapcore", folder)
        name = ".".join(package + (f"_{pyx.stem}",))
        out[name] = ROOT.joinpath(*package, f"_{pyx.stem}.pyi")
    return out


def main(check: bool = False) -> int:
    stale = []
    for name, path in modules().items():
        text = stub_for(name)
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
