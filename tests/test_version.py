"""The version has one source, trapcore/_version.py: the package metadata (pyproject.toml), the
docs and the dataset cards all read it from there."""

import re

import pytest
from _suite import ROOT

import trapcore


def test_the_version_is_assigned_in_one_place():
    assigned = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "trapcore").rglob("*.py"))
        if re.search(r"^__version__\s*=", path.read_text(encoding="utf-8"), re.M)
    ]
    assert assigned == ["trapcore/_version.py"]
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = {attr = "trapcore._version.__version__"}' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", trapcore.__version__)


def test_a_dataset_card_stamps_this_version(tmp_path):
    pytest.importorskip("pyarrow")
    import trapcore.datasets as tds

    tds.write_parquet(tds.MazeSpec(3, 3), 4, 1, tmp_path, num_shards=1)
    card = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"made by trapcore\s+{re.escape(trapcore.__version__)}\.", card), card
