"""Every Python example in README.md runs as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 1


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # examples that save files write here
    exec(compile(BLOCKS[index], f"README.md block {index}", "exec"), {"__name__": "readme"})


def test_readme_starts_with_the_two_setup_commands():
    head = README.read_text(encoding="utf-8").split("```", 2)[1]
    assert "pip install" in head and "pytest" in head and "trapcore" in head
