"""Sphinx configuration for trapcore's documentation site.

Build it offline, warnings as errors, with ``bash tools/build_docs.sh`` (which runs
``sphinx-build -W --keep-going -j 1 docs docs/_build/html``). Nothing here downloads anything:
there is no intersphinx, and sphinx-gallery runs the examples locally.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import trapcore

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs"))  # the gallery scraper lives beside this file

project = "trapcore"
author = "the trapcore developers"
copyright = "the trapcore developers, MIT licence"
release = trapcore.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "sphinx_gallery.gen_gallery",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = [
    "_build",
    "_generated",
    "Thumbs.db",
    ".DS_Store",
    "**.ipynb_checkpoints",
    "sg_execution_times.rst",
]
templates_path = ["_templates"]

# --- strictness: a broken cross-reference is a warning, and -W makes it an error
nitpicky = True
# Names from outside trapcore: without intersphinx (the build stays offline) they cannot link.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(numpy|np|npt|numpy\.typing|numpy\.random|gymnasium|gym|pettingzoo|pyarrow|pa"
        r"|dask|distributed|networkx|nx|PIL|os|pathlib|collections|typing|concurrent|enum|io)(\..*)?",
    ),
    (
        r"py:.*",
        r"(int|float|str|bool|bytes|tuple|list|dict|set|frozenset|object|type|None|callable"
        r"|Callable|Iterable|Iterator|Sequence|Mapping|Any|optional|array_like|ndarray|array|Path"
        r"|PathLike|IO|TextIO|Generator|SeedSequence|BitGenerator|Image|ValueError|TypeError"
        r"|RuntimeError|KeyboardInterrupt|NamedTuple|Enum|StrEnum|Literal|Self|Exception|slice"
        r"|function|iterable|iterator|sequence|mapping|default|of|or|and|shape|dtype|ArrayLike"
        r"|NDArray|DTypeLike)",
    ),
    (r"py:class", r"trapcore\.(\w+\.)*_\w+"),  # private base classes (show-inheritance)
]

# --- MyST
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "fieldlist"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]

# --- API reference: autosummary writes a page per public name (docs/api/generated/)
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": True, "inherited-members": False}
autodoc_typehints = "none"  # the numpydoc sections say the types
autodoc_member_order = "bysource"
add_module_names = False
numpydoc_show_class_members = False  # the class pages list their members through autodoc
numpydoc_xref_param_type = False  # parameter types are prose ("int, default 3"), not links
numpydoc_validation_checks: set[str] = set()

# --- the gallery: every example in examples/ runs at build time
sphinx_gallery_conf = {
    "examples_dirs": str(ROOT / "examples"),
    "gallery_dirs": "auto_examples",
    "filename_pattern": r".*\.py$",  # run them all, not only plot_*.py
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "image_scrapers": ("matplotlib",),
    "reset_modules": ("matplotlib",),
    "min_reported_time": 1,
    "show_memory": False,
    "plot_gallery": "True",
    "abort_on_example_error": True,
    "write_computation_times": False,
}

# --- HTML: the pydata theme (numpy, scikit-image, networkx)
html_theme = "pydata_sphinx_theme"
html_title = f"trapcore {release}"
html_static_path = ["_static"]
html_css_files = ["trapcore.css"]
html_theme_options = {
    "navbar_end": ["theme-switcher", "navbar-icon-links"],
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version", "theme-version"],
}
# a page at the top of the site has no section to navigate: no left column (it would be empty)
html_sidebars = {page.stem: [] for page in Path(__file__).parent.glob("*.md")}
html_show_sourcelink = False
html_last_updated_fmt = None

# --- every public name has an API page
API_MODULES = (
    "trapcore",
    "trapcore.cat",
    "trapcore.maze",
    "trapcore.numberlink",
    "trapcore.envs",
    "trapcore.datasets",
)


def _follow_imported(app, modname, fullname):
    """viewcode's source module for an object: ``trapcore``'s own for the names it re-exports.

    viewcode keeps one back-link per source object and one module prefix per source file, so a
    re-export's stub on the API index (``trapcore.Maze``) would take the ``[docs]`` link of
    ``trapcore.maze.Maze`` to an anchor that page does not have. Looked up in
    ``trapcore/__init__.py``, where it is not defined, the stub gets no source link.
    """
    return modname if modname == "trapcore" else None


def _check_api_pages(app, env):
    """Warn (an error under -W) for every name of a public ``__all__`` without an API page."""
    from sphinx.util import logging

    log = logging.getLogger("trapcore.docs")
    documented = set(env.domaindata["py"]["objects"]) | set(env.domaindata["py"]["modules"])
    for module in API_MODULES:
        mod = importlib.import_module(module)
        for name in mod.__all__:
            obj = getattr(mod, name)
            # a re-export (trapcore.CatGame) is documented on its package's page (trapcore.cat)
            homes = [
                f"{m}.{name}"
                for m in (*API_MODULES, "trapcore.errors")
                if getattr(importlib.import_module(m), name, None) is obj
            ]
            if not any(home in documented for home in [f"{module}.{name}", *homes]):
                log.warning(
                    "%s.%s is in %s.__all__ but has no API page (docs/api/)", module, name, module
                )


def _write_cli_help(app):
    """docs/_generated/cli-help.md: every command's --help, so the CLI page cannot go stale."""
    import argparse

    from trapcore.cli import build_parser

    os.environ["COLUMNS"] = "96"
    parts = []

    def walk(parser, words):
        parts.append(f"### `{' '.join(words)}`\n\n```text\n{parser.format_help().rstrip()}\n```\n")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*words, name])

    walk(build_parser(), ["trapcore"])
    out = Path(app.srcdir) / "_generated" / "cli-help.md"
    out.parent.mkdir(exist_ok=True)
    text = "\n".join(parts)
    if not out.exists() or out.read_text() != text:
        out.write_text(text)


def _write_constants(app):  # sphinx's builder-inited
    """docs/_generated/constants-MODULE.rst: each public constant with its value and the ``#:``
    comment of the module that defines it (a re-exported int or tuple has no docstring)."""
    from sphinx.pycode import ModuleAnalyzer

    comments = {}
    for modname in sorted(sys.modules):
        if modname.startswith("trapcore."):
            try:
                docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
            except Exception:  # a compiled module has no source to read
                continue
            for (cls, attr), lines in docs.items():
                if not cls and hasattr(sys.modules[modname], attr):
                    comments[id(getattr(sys.modules[modname], attr)), attr] = list(lines)
    out_dir = Path(app.srcdir) / "_generated"
    out_dir.mkdir(exist_ok=True)
    for module in API_MODULES[1:]:
        mod = importlib.import_module(module)
        parts = []
        for name in mod.__all__:
            obj = getattr(mod, name)
            if not name.isupper():
                continue
            lines = comments.get((id(obj), name), [])
            text = "\n".join("   " + line if line else "" for line in lines)
            parts.append(f".. py:data:: {name}\n   :value: {obj!r}\n\n{text}\n")
        out = out_dir / f"constants-{module}.rst"
        body = "\n".join(parts)
        if not out.exists() or out.read_text() != body:
            out.write_text(body)


def setup(app):
    app.connect("builder-inited", _write_constants)
    app.connect("builder-inited", _write_cli_help)
    app.connect("env-check-consistency", _check_api_pages)
    app.connect("viewcode-follow-imported", _follow_imported)
