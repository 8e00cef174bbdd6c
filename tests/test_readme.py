"""README.md is a landing page: short, the two set-up commands first, nothing a reader cannot see.

Its code runs as written, outputs included: tests/test_docs_code.py runs it with the docs' pages.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_starts_with_the_two_setup_commands():
    head = README.split("```", 2)[1]
    assert "pip install -e . && trapcore demo" in head
    assert 'pip install -e ".[test]" && pytest ' in head


def test_readme_is_a_landing_page():
    assert len(README.splitlines()) <= 200
    for word in ("0.1", "issue ", "ANCHORS", "../shared"):
        assert word not in README, word


def test_readme_pictures_and_links_exist():
    targets = re.findall(r"\]\(([^)#]+)\)", README)
    assert any(t.endswith(".png") for t in targets)  # the demo's picture
    for target in targets:
        if "://" not in target:
            assert (ROOT / target).is_file(), target
