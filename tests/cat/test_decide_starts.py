"""tools/decide_starts.py: every start it decides gets a certificate written and checked; read
back from its file, the certificate passes the independent checkers again (trapcore/cat/proof.py:
its own neighbour table and search, nothing of the solver's). Small boards, where starts are
decided both ways within a small budget."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

import trapcore as tc

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location(
        "decide_starts", ROOT / "tools" / "decide_starts.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("blocks,seeds,verdict", [(16, "0-2", "win"), (9, "0,7", "loss")])
def test_decided_starts_are_certified(tmp_path, capsys, blocks, seeds, verdict):
    tool = _tool()
    argv = ["--rows", "7", "--cols", "7", "--blocks", str(blocks), "--seeds", seeds]
    assert tool.main(argv + ["--max-nodes", "20000", "--out", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    wanted = tool.seeds_of(seeds)
    assert len(lines) == len(wanted) + 1
    for seed, line in zip(wanted, lines):
        assert f" {verdict} " in line and "certificate checked" in line, line
        data = json.loads((tmp_path / f"start-{seed}-{verdict}.json").read_text())
        board = np.array(data["board"], np.uint8)
        cat = tuple(data["cat"])
        # the file holds the start the tool names: the seed's random board
        want = tc.cat.hexgrid.random_board(7, 7, blocks, seed=seed, keep_free=(3, 3))
        assert np.array_equal(board, want) and cat == (3, 3)
        check = tc.cat.check_certificate if verdict == "win" else tc.cat.check_escape_certificate
        assert check(board, cat, data["certificate"])
    assert not list(tmp_path.glob("*.tmp"))  # written whole, then renamed


def test_open_starts_write_nothing(tmp_path, capsys):
    tool = _tool()
    argv = ["--rows", "7", "--cols", "7", "--blocks", "9", "--seeds", "4", "--max-nodes", "2000"]
    assert tool.main(argv + ["--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "unknown" in out and "no forced escape within" in out and "open 1" in out
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("bad", ["1-x", "a", "3,,4"])
def test_bad_seeds_name_the_option(capsys, bad):
    with pytest.raises(SystemExit) as e:
        _tool().main(["--seeds", bad])
    assert e.value.code == 2 and "--seeds" in capsys.readouterr().err
