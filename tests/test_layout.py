"""The layout's rules, checked on the source tree: directives only in setup.py, one folder per
puzzle on both floors, nothing public that should not be, and the layers (docs/architecture.md)."""

import ast
import importlib
import pathlib
import re
import subprocess
import sys

import pytest

import trapcore as tc

ROOT = pathlib.Path(__file__).resolve().parents[1]
PUZZLES = ("cat", "maze", "numberlink")
SOURCES = sorted(ROOT.glob("src/*/*.pyx")) + sorted(ROOT.glob("src/*/*.pxd"))
PYTHON = sorted(p for p in (ROOT / "trapcore").rglob("*.py"))


def test_sources_are_found():
    # guards the other tests against passing on an empty glob
    assert len(SOURCES) >= 8 and len(PYTHON) >= 20


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_cython_header_overrides_setup_directives(path):
    # a `# cython:` header beats cythonize(compiler_directives=...), so the bounds-checked debug
    # build (TRAPCORE_CYTHON_DEBUG=1) would silently skip the file
    head = path.read_text(encoding="utf-8").splitlines()[:20]
    assert not [line for line in head if re.match(r"\s*#\s*cython\s*:", line)]


def test_each_puzzle_has_a_folder_on_both_floors():
    for puzzle in PUZZLES:
        assert list((ROOT / "src" / puzzle).glob("*.pyx")), puzzle
        assert (ROOT / "trapcore" / puzzle / "__init__.py").is_file(), puzzle
        assert (ROOT / "trapcore" / puzzle / "cli.py").is_file(), puzzle
        assert (ROOT / "tests" / puzzle).is_dir(), puzzle


def test_public_names_are_exactly_all():
    # in a fresh process: a test that imports trapcore.cli or trapcore.demo adds them to dir(tc)
    code = "import trapcore; print(' '.join(n for n in dir(trapcore) if not n.startswith('_')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert set(out.stdout.split()) == set(tc.__all__) - {"__version__"}
    for puzzle in PUZZLES:
        module = getattr(tc, puzzle)
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert not missing, f"trapcore.{puzzle}.__all__ names {missing}"
        assert "annotations" not in dir(module)


def test_tests_name_no_absolute_paths():
    pattern = re.compile(r"[\"'](/work|/home|/root|/tmp/)[^\"']*[\"']")
    offenders = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "bench").rglob("*.py"))
        if p.name != "test_layout.py" and pattern.search(p.read_text(encoding="utf-8"))
    ]
    assert not offenders


def test_bench_and_tests_do_not_edit_sys_path():
    offenders = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "bench").rglob("*.py"))
        if p.name != "test_layout.py" and "sys.path.insert" in p.read_text(encoding="utf-8")
    ]
    assert not offenders


# -- layers (docs/architecture.md) -------------------------------------------------------------

ENGINES = frozenset(PUZZLES)
INTEGRATIONS = frozenset({"envs", "datasets", "demo", "cli"})


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> tuple[str, str]:
    """(layer, package) of a module: ``engine``, ``integration`` or ``foundation`` (trapcore's
    own ``_*`` modules, errors, the package itself). An engine's cli.py is part of the CLI."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "trapcore"
    if top in ENGINES:
        return ("integration", "cli") if parts[-1] == "cli" else ("engine", top)
    if top in INTEGRATIONS or top == "__main__":
        return "integration", "cli" if top == "__main__" else top
    return "foundation", "trapcore"


def _imports(module: str, source: str, is_package: bool = False):
    """(line, dotted name, relative) of each name the source imports, wherever the import sits
    (module level or inside a function); relative imports resolved against ``module``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, False
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}", node.level > 0


def layer_violations(module: str, source: str, is_package: bool = False) -> list[str]:
    """The imports of ``module`` that break the layers: an engine (or the foundation) importing
    an integration, or any module importing a private name of another package (an engine's
    cli.py counts as the CLI's, so it too goes through the engine's public API or ``internal``).
    Private names of the foundation (trapcore._validate, _seeding, ...) are everyone's."""
    layer, own = _layer(module)
    out = []
    for line, name, relative in _imports(module, source, is_package):
        parts = name.split(".")
        if parts[0] != "trapcore" or len(parts) < 2:
            continue
        target_layer, target = _layer(".".join(parts[:2] + (["cli"] if "cli" in parts else [])))
        if layer != "integration" and target_layer == "integration":
            out.append(f"{module}:{line} ({layer}) imports {name} ({target})")
        private = [p for p in parts[1:] if p.startswith("_") and not p.startswith("__")]
        if private and target_layer != "foundation" and (target != own or layer != target_layer):
            out.append(f"{module}:{line} imports {name}, a private name of trapcore.{target}")
        elif private and private[0] != parts[-1] and layer == "integration" == target_layer:
            # its own private module, named absolutely (as the hook greps): import it relatively
            if not relative:
                out.append(f"{module}:{line} imports its own {name}: use a relative import")
    return out


def test_layers_are_kept():
    found = []
    for path in PYTHON:
        module = _module_name(path)
        found += layer_violations(module, path.read_text(encoding="utf-8"), path.stem == "__init__")
    assert not found, "\n".join(found)


def test_the_layer_check_sees_each_breach():
    assert layer_violations("trapcore.envs.maze", "from trapcore.maze._checks import _as_method")
    assert layer_violations("trapcore.envs.maze", "from trapcore.maze import _env")
    assert layer_violations("trapcore.datasets.items", "def f():\n    import trapcore.cat._board\n")
    assert layer_violations("trapcore.demo.app", "from trapcore.cat.players import _model_of")
    assert layer_violations(
        "trapcore.datasets.spec", "from trapcore.envs._options import as_number"
    )
    assert layer_violations("trapcore.cat.cli", "from trapcore.cat._limits import LIMITS")
    assert layer_violations("trapcore.cat.cli", "from ._limits import LIMITS")
    assert layer_violations("trapcore.cat.game", "from trapcore.envs import cat")
    assert layer_violations("trapcore.maze.maze", "from trapcore.cli import used_seed")
    assert layer_violations("trapcore.numberlink.puzzle", "from ..demo import app")
    assert layer_violations("trapcore._pictures", "from trapcore.numberlink.formats import _x")
    assert layer_violations("trapcore.envs.cat", "from trapcore.envs._options import as_int")
    assert layer_violations("trapcore.cat.game", "from trapcore.maze._checks import _as_method")
    # what the layers allow: public names, internal modules, the foundation, one's own package
    allowed = (
        "from trapcore.maze.internal import as_method\n"
        "from trapcore.cat import LIMITS, hexgrid\n"
        "from trapcore._validate import _describe\n"
        "from ._options import as_number\n"
        "from trapcore.cli import used_seed\n"
    )
    assert not layer_violations("trapcore.envs.maze", allowed)
    assert not layer_violations("trapcore.cat.game", "from trapcore.cat._board import as_board")
    assert not layer_violations("trapcore.cat", "from ._board import as_board", is_package=True)


def test_each_engine_has_one_documented_internal_module():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for puzzle in PUZZLES:
        module = importlib.import_module(f"trapcore.{puzzle}.internal")
        assert module.__doc__ and f"trapcore.{puzzle}.internal" in text
        assert "internal" not in getattr(tc, puzzle).__all__
        assert not [
            p for p in (ROOT / "trapcore" / puzzle).glob("*internal*") if p.stem != "internal"
        ]


# -- one home for each shared table and type -------------------------------------------------

ODD_ROW_STEPS = ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1))
SHARED_TYPES = ("Cell", "CellLike", "ShapeLike", "SeedLike", "Path", "RouteLike", "Colors")
#: Definitions in modules another engineer is editing; they go when those modules import
#: trapcore._types (the lead removes them after the merge).
KNOWN_DUPLICATES = {("trapcore/numberlink/generate.py", "SeedLike")}


def _literal(node: ast.AST) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def test_one_neighbour_table():
    homes = []
    for path in PYTHON:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Tuple) and _literal(n) == ODD_ROW_STEPS for n in ast.walk(tree)):
            homes.append(str(path.relative_to(ROOT)))
    assert homes == ["trapcore/cat/hexgrid.py"]


def test_one_home_for_the_shared_types():
    found = set()
    for path in PYTHON:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in SHARED_TYPES:
                found.add((str(path.relative_to(ROOT)), target.id))
    assert {name for _, name in found} == set(SHARED_TYPES)
    assert {f for f in found if f[0] != "trapcore/_types.py"} <= KNOWN_DUPLICATES
