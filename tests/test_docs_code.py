"""The code in README.md and the documentation's pages runs as written, outputs included.

A ```pycon block is a doctest (its outputs are checked; ``...`` matches anything); a ```python
block must run without error. The blocks of one file share their names, in order, and run in a
temporary folder (examples that save files write there). The gallery's examples run when the site
is built (tools/build_docs.sh) and in tests/envs/test_examples.py.
"""

import doctest
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SKIP = ("_build", "auto_examples", "_generated", "api/generated")
FILES = [ROOT / "README.md"] + sorted(
    p
    for p in (ROOT / "docs").rglob("*.md")
    if not any(part in p.relative_to(ROOT / "docs").as_posix() for part in SKIP)
)
BLOCK = re.compile(r"^```(python|pycon)\n(.*?)^```", re.S | re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def blocks(path):
    text = path.read_text(encoding="utf-8")
    for m in BLOCK.finditer(text):
        yield m.group(1), m.group(2), text.count("\n", 0, m.start(2))


WITH_CODE = [p for p in FILES if any(blocks(p))]


def test_the_pages_have_code():
    names = {p.relative_to(ROOT).as_posix() for p in WITH_CODE}
    assert {"README.md", "docs/getting-started.md", "docs/user-guide/cat.md"} <= names


@pytest.mark.parametrize("path", WITH_CODE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_code_blocks_run(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = path.relative_to(ROOT).as_posix()
    globs = {"__name__": "docs"}
    parser = doctest.DocTestParser()
    for lang, code, line in blocks(path):
        if lang == "python":
            exec(compile("\n" * line + code, name, "exec"), globs)
            continue
        test = parser.get_doctest(code, globs, f"{name}:{line + 1}", name, line)
        report = []
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        result = runner.run(test, out=report.append, clear_globs=False)
        assert result.failed == 0, "".join(report)
        globs.update(test.globs)  # the DocTest ran on a copy


def _modules():
    import pkgutil

    import trapcore

    for info in pkgutil.walk_packages(trapcore.__path__, "trapcore."):
        if ".demo" not in info.name and not info.name.rsplit(".", 1)[1].startswith("_"):
            yield info.name


@pytest.mark.parametrize("module", sorted(_modules()))
def test_docstring_examples_run(module, tmp_path, monkeypatch):
    """The ``Examples`` sections of the docstrings (the API reference shows them) run as shown."""
    import importlib

    monkeypatch.chdir(tmp_path)
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:  # an optional extra is missing
        pytest.skip(str(exc))
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = []
    for test in doctest.DocTestFinder(exclude_empty=True).find(mod, module):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


FENCE = re.compile(r"^```(bash|text)\n(.*?)^```", re.S | re.M)


def commands():
    """The ``trapcore`` command lines the pages show: each line of a bash or text block that
    starts with ``trapcore``, and the first column of the README's command table."""
    for path in FILES:
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            for line in m.group(2).splitlines():
                if line.startswith("trapcore "):
                    yield name, line.split("  #", 1)[0].strip()
        if name == "README.md":  # (docs/cli.md's table is a synopsis: ROWS COLS [PIXELS])
            for m in re.finditer(r"^\| `(trapcore [^`]*)` \|", text, re.M):
                yield name, m.group(1)


def test_the_pages_show_commands():
    names = {name for name, _ in commands()}
    assert {"README.md", "docs/cli.md", "docs/getting-started.md"} <= names


@pytest.mark.parametrize("page, command", sorted(set(commands())))
def test_shown_commands_parse(page, command):
    """Each command the pages show is one the CLI accepts (parsed, not run: some make a million
    mazes), so a renamed option cannot leave a page stale."""
    import shlex

    from trapcore.cli import build_parser

    words = shlex.split(command)
    assert words[0] == "trapcore"
    try:
        build_parser().parse_args(words[1:])
    except SystemExit as exc:  # argparse's answer to a bad command line
        pytest.fail(f"{page}: {command!r} does not parse (exit {exc.code})")
