"""The docstrings of the public API are written for users (numpydoc): a function or method says
its parameters (when it takes any), what it returns (or yields) and shows a short example; a
class shows an example. The API reference (docs/api/) is made from them.

GAPS lists the names that still lack a section, with the sections they lack: a new public name
must come complete, and a name completed must leave the list (both fail this test), so the list
only shrinks. Measurements and campaign notes belong on the documentation's pages (benchmarks,
research notes), not in docstrings: a docstring names no issue and no timing (the last test).
"""

from __future__ import annotations

import enum
import importlib
import inspect
import re

import pytest

MODULES = (
    "trapcore",
    "trapcore.cat",
    "trapcore.cat.hexgrid",
    "trapcore.maze",
    "trapcore.numberlink",
    "trapcore.envs",
    "trapcore.datasets",
)
SECTION = re.compile(r"^(Parameters|Returns|Yields|Examples|Attributes)\n-{3,}$", re.M)

# name -> the sections it lacks (P: Parameters, R: Returns or Yields, E: Examples)
GAPS: dict[str, str] = {}


def _takes_parameters(obj) -> bool:
    """True when ``obj`` (a callable) takes a named parameter (``*args``, ``**kwargs`` aside)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return False
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return any(
        name not in ("self", "cls") and p.kind not in variadic for name, p in sig.parameters.items()
    )


def lacking(obj) -> str:
    """The sections ``obj``'s docstring lacks: P, R, E (see GAPS)."""
    doc = inspect.getdoc(obj) or ""
    have = set(SECTION.findall(doc))
    out = ""
    if inspect.isroutine(obj):
        if _takes_parameters(obj) and "Parameters" not in have:
            out += "P"
        if not have & {"Returns", "Yields"}:
            out += "R"
    elif _takes_parameters(obj) and not have & {"Parameters", "Attributes"}:
        out += "P"
    if "Examples" not in have:
        out += "E"
    return out


def public():
    """Every public function, class and method of the packages (each object once)."""
    seen = set()
    for module in MODULES:
        try:
            mod = importlib.import_module(module)
        except ImportError:  # envs and datasets need the rl and data extras
            continue
        for name in mod.__all__:
            obj = getattr(mod, name)
            if inspect.ismodule(obj) or not (inspect.isroutine(obj) or inspect.isclass(obj)):
                continue
            if id(obj) in seen or (
                inspect.isclass(obj) and issubclass(obj, (enum.Enum, Exception))
            ):
                continue
            seen.add(id(obj))
            yield f"{module}.{name}", obj
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(value, (staticmethod, classmethod)):
                        value = value.__func__
                    if inspect.isfunction(value) and id(value) not in seen:
                        seen.add(id(value))
                        yield f"{module}.{name}.{attr}", value


def test_public_docstrings_have_their_sections():
    found = {name: lacking(obj) for name, obj in public()}
    new = {n: gap for n, gap in found.items() if gap and GAPS.get(n) != gap}
    assert not new, f"public docstrings lacking sections (P params, R returns, E example): {new}"
    mended = sorted(n for n, gap in GAPS.items() if n in found and found[n] != gap)
    assert not mended, f"docstrings completed (or changed): update GAPS for {mended}"


def test_the_check_sees_a_missing_section():
    def documented(x):
        """Double it.

        Parameters
        ----------
        x : int
            A number.

        Returns
        -------
        int
            ``2 * x``.

        Examples
        --------
        >>> documented(2)
        4
        """
        return 2 * x

    def bare(x):
        """Double it."""
        return 2 * x

    assert lacking(documented) == "" and lacking(bare) == "PRE"


WORDS = re.compile(
    r"\b(issue \d+|\d+(\.\d+)? ?(ms|us|µs)\b|\d+(\.\d+)? (seconds|minutes)\b|about a second"
    r"|ANCHORS|\.\./shared|sceptic)",
    re.I,
)


@pytest.mark.parametrize("module", MODULES)
def test_docstrings_hold_no_measurements_or_campaign_notes(module):
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        pytest.skip(str(exc))
    docs = [("module", mod.__doc__ or "")]
    docs += [(name, inspect.getdoc(obj) or "") for name, obj in public() if name.startswith(module)]
    found = [(name, m.group(0)) for name, doc in docs for m in WORDS.finditer(doc)]
    assert not found, found
