"""The layout's rules, checked on the source tree: directives only in setup.py, one folder per
puzzle on both floors, nothing public that should not be, and the layers (docs/architecture.md)."""

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
