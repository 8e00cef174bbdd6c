"""Every missing optional library names the extra that brings it (issue 30, item 2)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from trapcore._extras import EXTRAS, MissingExtra, hint, require


def _child(code: str, hide: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where ``import HIDE`` fails as if not installed."""
    prelude = f"import sys; sys.modules[{hide!r}] = None\n"
    env = {k: v for k, v in os.environ.items() if k != "TRAPCORE_DEBUG"}
    return subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize("hide", ["gymnasium", "pettingzoo"])
def test_envs_without_rl_names_the_extra(hide):
    proc = _child("import trapcore.envs", hide)
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("trapcore._extras.MissingExtra"), last
    assert 'pip install "trapcore[rl]"' in last and hide in last, last


def test_missing_extra_is_a_module_not_found_error():
    proc = _child(
        "from trapcore._extras import require\n"
        "try:\n    require('networkx', 'to_networkx')\n"
        "except ModuleNotFoundError as e:\n    print(e.name, e.extra, e)\n",
        "networkx",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("networkx data to_networkx needs networkx"), proc.stdout
    assert 'pip install "trapcore[data]"' in proc.stdout


def test_maze_svg_needs_no_pillow(tmp_path):
    proc = _child(
        "from trapcore import cli\n"
        f"raise SystemExit(cli.main(['maze', '4', '4', '-o', {str(tmp_path / 'm.svg')!r}]))",
        "PIL",
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "m.svg").read_text().startswith("<svg")


def test_maze_png_without_pillow_names_the_image_extra(tmp_path):
    proc = _child(
        "from trapcore import cli\n"
        f"raise SystemExit(cli.main(['maze', '4', '4', '-o', {str(tmp_path / 'm.png')!r}]))",
        "PIL",
    )
    assert proc.returncode == 2
    assert 'pip install "trapcore[image]"' in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "m.png").exists()


@pytest.mark.parametrize("module", sorted(EXTRAS))
def test_hint_names_package_and_extra(module):
    package, extra = EXTRAS[module]
    text = hint(module, "this")
    assert text.startswith(f"this needs {package}")
    assert f'pip install "trapcore[{extra}]"' in text


def test_require_returns_the_module_and_refuses_strangers():
    np = pytest.importorskip("PIL.Image")
    assert require("PIL.Image", "pictures") is np
    with pytest.raises(KeyError, match="optional"):
        require("numpy", "arrays")


def test_a_broken_library_is_not_blamed_on_the_extra(tmp_path, monkeypatch):
    # networkx installed but failing inside (its own dependency missing): the real error stays
    pkg = tmp_path / "networkx"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import trapcore_no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "networkx", raising=False)
    with pytest.raises(ModuleNotFoundError) as info:
        require("networkx", "graphs")
    assert not isinstance(info.value, MissingExtra)
    assert info.value.name == "trapcore_no_such_dependency"
