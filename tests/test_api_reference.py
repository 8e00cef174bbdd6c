"""Every name of a public ``__all__`` has a page in the API reference (docs/api/), without building
the site: the build checks the same with Sphinx (docs/conf.py, ``_check_api_pages``, an error
under -W), but only where the docs extra is installed; this test runs in the quick suite.

A name counts as documented when docs/api/*.rst lists it (an ``autosummary`` entry, a ``py:``
directive, an ``automodule`` with ``:members:``) under its module, or lists the same object under
another of the six packages (a re-export such as ``trapcore.CatGame`` is documented on
``trapcore.cat``'s page).
Upper-case constants are documented by the generated ``constants-MODULE.rst`` that each page
includes (docs/conf.py writes one entry per upper-case name of ``__all__``).
"""

import importlib
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
API = ROOT / "docs" / "api"
MODULES = (
    "trapcore",
    "trapcore.cat",
    "trapcore.maze",
    "trapcore.numberlink",
    "trapcore.envs",
    "trapcore.datasets",
)
DIRECTIVE = re.compile(r"^\.\. (\S+)::\s*(\S*)")


def documented() -> set[str]:
    """The dotted names the .rst pages of docs/api/ document."""
    names: set[str] = set()
    for page in sorted(API.glob("*.rst")):
        module = None
        in_autosummary = False
        directive = None
        for line in page.read_text(encoding="utf-8").splitlines():
            m = DIRECTIVE.match(line)
            if m:
                directive, arg = m.groups()
                in_autosummary = directive == "autosummary"
                if directive in ("currentmodule", "py:module"):
                    module = arg
                elif directive == "automodule":
                    module = arg
                    names.add(arg)
                elif directive.startswith("py:") and module:
                    names.add(f"{module}.{arg}")
                elif directive == "include" and "constants-" in arg:
                    const_module = arg.rsplit("constants-", 1)[1].removesuffix(".rst")
                    mod = importlib.import_module(const_module)
                    names |= {f"{const_module}.{n}" for n in mod.__all__ if n.isupper()}
                continue
            if directive == "automodule" and line.strip() == ":members:":  # all of its __all__
                names |= {f"{module}.{n}" for n in importlib.import_module(module).__all__}
            if in_autosummary and line.startswith("   ") and not line.strip().startswith(":"):
                entry = line.strip()
                if entry and module:
                    names.add(f"{module}.{entry}")
            elif line and not line.startswith(" "):
                in_autosummary = False
    return names


def _import(module):
    try:
        return importlib.import_module(module)
    except ImportError as exc:  # envs and datasets need the rl and data extras
        pytest.skip(f"{module}: {exc}")


def test_the_reader_finds_the_pages():
    names = documented()
    assert "trapcore.cat.CatGame" in names  # an autosummary entry
    assert "trapcore.numberlink.generate" in names
    assert "trapcore.errors" in names  # an automodule


@pytest.mark.parametrize("module", MODULES)
def test_every_public_name_has_an_api_page(module):
    mod = _import(module)
    names = documented()
    missing = []
    for name in mod.__all__:
        obj = getattr(mod, name)
        homes = {f"{module}.{name}"}
        for other in (*MODULES, "trapcore.errors"):
            try:
                if getattr(importlib.import_module(other), name, None) is obj:
                    homes.add(f"{other}.{name}")
            except ImportError:
                continue
        if not homes & names:
            missing.append(name)
    assert not missing, f"{module}.__all__ names without a page in docs/api/: {missing}"


def test_a_missing_page_is_caught(monkeypatch):
    """The check can fail: a new public name without a page is reported."""
    import trapcore.maze

    monkeypatch.setattr(trapcore.maze, "__all__", [*trapcore.maze.__all__, "not_documented"])
    monkeypatch.setattr(trapcore.maze, "not_documented", object(), raising=False)
    with pytest.raises(AssertionError, match="not_documented"):
        test_every_public_name_has_an_api_page("trapcore.maze")
