"""The .pyi stubs beside the compiled modules match the signatures the modules embed."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_stubs_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_stubs", ROOT / "tools" / "make_stubs.py")
    make_stubs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_stubs)
    assert make_stubs.main(check=True) == 0, "run: python tools/make_stubs.py"
