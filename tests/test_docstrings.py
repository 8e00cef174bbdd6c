"""The docstrings of the public API are written for users (numpydoc): a function or method says
its parameters (when it takes any), what it returns (or yields) and shows a short example; a
class shows an example. The API reference (docs/api/) is made from them.

GAPS lists the names that still lack a section, with the sections they lack: a new public name
must come complete, and a name completed must leave the list (both fail this test), so the list
only shrinks. Measurements and campaign notes belong on the documentation's pages (benchmarks,
research notes), not in docstrings: a docstring names no issue and no timing. On the whole
source tree: a public docstring keeps at most 15 lines of prose before its sections, and comments
stay short (10 lines, a file's header aside), undated and free of benchmark figures.
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import pathlib
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


#: Names in modules another engineer is rewriting (the Numberlink solver and generator); the lead
#: removes each entry once the rewrite is merged (an entry that gains its See Also fails too).
KNOWN_WITHOUT_SEE_ALSO: set[str] = set()


def test_public_functions_and_classes_have_see_also():
    # methods aside: a function or class names its neighbours, as networkx's docstrings do
    found = {
        name
        for name, obj in public()
        if (inspect.isclass(obj) or "." not in obj.__qualname__)
        and not re.search(r"^See Also\n-{3,}$", inspect.getdoc(obj) or "", re.M)
    }
    new = sorted(found - KNOWN_WITHOUT_SEE_ALSO)
    assert not new, f"public docstrings without a See Also section: {new}"
    mended = sorted(KNOWN_WITHOUT_SEE_ALSO - found)
    assert not mended, f"See Also added: remove them from KNOWN_WITHOUT_SEE_ALSO: {mended}"


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


# -- the shape of docstrings and comments, on the whole source tree -------------------------------

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYTHON = sorted((ROOT / "trapcore").rglob("*.py"))
SOURCES = PYTHON + sorted((ROOT / "src").rglob("*.pyx")) + sorted((ROOT / "src").rglob("*.pxd"))
MAX_PROSE = 15  # lines of a public docstring before its first numpydoc section
MAX_COMMENT = 10  # lines of a comment block (a file's header comment aside)
HEADING = re.compile(
    r"^\s*(Parameters|Returns|Yields|Raises|Warns|See Also|Notes|Examples|Attributes|Methods"
    r"|References|Other Parameters)\n\s*-{3,}\s*$",
    re.M,
)
DATED = re.compile(r"^\s*(#|//|\*).*\b20\d{2}-\d{2}-\d{2}\b")
FIGURE = re.compile(
    r"^\s*#.*(\b\d[\d.,]*\s?(ms|µs|us|ns)\b|\b\d[\d.,]*\s(s|seconds?|minutes?|CPU-s)\b"
    r"|\b\d+(\.\d+)?\s?(%|x|times) (faster|slower))"
)
#: Modules another engineer is rewriting (the Numberlink solver and generator) and what they still
#: break; the lead removes each entry once the rewrite is merged (an entry that passes fails too).
KNOWN_LONG_DOCSTRINGS: set[str] = set()
KNOWN_LONG_COMMENTS: set[str] = set()
KNOWN_DATED_COMMENTS: set[str] = set()
KNOWN_FIGURES: set[str] = set()


def prose_lines(doc: str) -> int:
    """Non-blank lines of ``doc`` before its first numpydoc section (all of it without one)."""
    match = HEADING.search(doc)
    head = doc[: match.start()] if match else doc
    return sum(1 for line in head.splitlines() if line.strip())


def public_docstrings(tree: ast.Module):
    """(qualified name, docstring) of every public function, class and method of a module."""

    def walk(node, prefix):
        for child in node.body:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if child.name.startswith("_"):
                    continue
                doc = ast.get_docstring(child)
                if doc:
                    yield prefix + child.name, doc
                if isinstance(child, ast.ClassDef):
                    yield from walk(child, f"{prefix}{child.name}.")

    yield from walk(tree, "")


def long_comment_blocks(text: str) -> list[int]:
    """First lines of the comment blocks over MAX_COMMENT lines that do not open the file."""
    out, start, run = [], 0, 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            start, run = (number, 1) if run == 0 else (start, run + 1)
            if run == MAX_COMMENT + 1 and start > 1:
                out.append(start)
        else:
            run = 0
    return out


def _rel(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


def _check_known(found: set[str], known: set[str], what: str) -> None:
    new = sorted(found - known)
    assert not new, f"{what}: {new}"
    mended = sorted(known - found)
    assert not mended, f"mended, so remove them from the known list: {mended}"


def test_public_docstrings_keep_their_prose_short():
    found = {
        f"{_rel(path)}:{name}"
        for path in PYTHON
        for name, doc in public_docstrings(ast.parse(path.read_text(encoding="utf-8")))
        if prose_lines(doc) > MAX_PROSE
    }
    _check_known(
        found,
        KNOWN_LONG_DOCSTRINGS,
        f"docstrings with more than {MAX_PROSE} lines before Parameters (the rest belongs in "
        "docs/user-guide or docs/how-it-works)",
    )


def test_comments_are_short_undated_and_hold_no_figures():
    texts = {_rel(path): path.read_text(encoding="utf-8") for path in SOURCES}
    long = {name for name, text in texts.items() if long_comment_blocks(text)}
    dated = {name for name, text in texts.items() if any(map(DATED.match, text.splitlines()))}
    figures = {name for name, text in texts.items() if any(map(FIGURE.match, text.splitlines()))}
    _check_known(long, KNOWN_LONG_COMMENTS, f"comment blocks over {MAX_COMMENT} lines")
    _check_known(dated, KNOWN_DATED_COMMENTS, "dated comments (history belongs in git)")
    _check_known(figures, KNOWN_FIGURES, "benchmark figures in comments (docs/benchmarks.md)")


def test_the_shape_checks_see_what_they_look_for():
    doc = "Summary.\n\n" + "prose\n" * MAX_PROSE + "\nParameters\n----------\nx : int\n"
    assert prose_lines(doc) == MAX_PROSE + 1 and prose_lines("One line.") == 1
    tree = ast.parse(
        f"class A:\n    def f(self):\n        '''{doc}'''\n    def _g(self):\n        '''{doc}'''\n"
    )
    assert [name for name, _ in public_docstrings(tree)] == ["A.f"]
    header = "# header\n" * 20
    body = "x = 1\n" + "# why\n" * MAX_COMMENT + "y = 2\n" + "    # why\n" * (MAX_COMMENT + 1)
    assert long_comment_blocks(header + body) == [20 + 2 + MAX_COMMENT + 1]
    assert DATED.match("    # tried on 2026-12-05") and not DATED.match("x = '2026-12-05'")
    assert FIGURE.match("# 0.3 ms a node, 12x faster") and FIGURE.match("#: took 4 s")
    assert not FIGURE.match("# ends with 0s left out") and not FIGURE.match("# 11x11 boards")
