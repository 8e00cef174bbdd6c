"""The codes the kernels share with Python are defined once, as cpdef enums in the kernels' .pxd
files (src/cat/codes.pxd, src/maze/carve.pxd, src/numberlink/solver.pxd); the public names are
derived from them (trapcore/_names.py), keep their values and order, and follow a new member."""

import enum
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import trapcore as tc
from trapcore._names import by_name
from trapcore.cat import _codes, _engine
from trapcore.maze import _carve
from trapcore.numberlink import _solver

ROOT = pathlib.Path(__file__).resolve().parents[1]
# (public names, the enum they come from, its members' prefix, the names 0.1 and 0.2 publish)
PUBLIC = [
    (tc.cat.POLICIES, _codes.Policy, "POLICY_", ("bfs", "rays", "smart")),
    (tc.cat.RULES, _codes.Rules, "RULES_", ("enclosed", "surrounded")),
    (tc.cat.PLAYERS, _codes.Player, "PLAYER_", ("random", "greedy", "lookahead", "solver")),
    (tc.cat.SOLVE_POLICIES, _codes.Model, "MODEL_", ("optimal", "bfs", "rays")),
    (tc.cat.SOLVE_METHODS, _codes.SolveMethod, "METHOD_", ("auto", "id", "pns")),
    (tc.maze.METHODS, _carve.Method, "", ("kruskal", "backtracker", "wilson", "prim")),
    (tc.maze.HANDS, _carve.Hand, "HAND_", ("left", "right")),
]
ENUMS = [
    _codes.Policy,
    _codes.Rules,
    _codes.Player,
    _codes.Model,
    _codes.SolveMethod,
    _codes.Result,
    _carve.Method,
    _carve.Hand,
    _solver.Strategy,
]


@pytest.mark.parametrize("names, codes, prefix, public", PUBLIC, ids=lambda x: str(x)[:20])
def test_public_names_are_the_enum_in_its_order(names, codes, prefix, public):
    assert names == public  # public API: names, values and order unchanged
    assert [codes[prefix + name.upper()] for name in names] == list(codes)


def test_verdicts_are_the_kernels_results():
    assert [v.name for v in tc.cat.Verdict] == ["WIN", "LOSS", "UNKNOWN"]
    assert {r.name.removeprefix("RES_") for r in _codes.Result} == {v.name for v in tc.cat.Verdict}


@pytest.mark.parametrize("codes", ENUMS, ids=lambda e: e.__name__)
def test_each_code_is_assigned_in_one_place_of_the_sources(codes):
    # a member written `NAME = value` in a second .pyx/.pxd would be a second table
    sources = sorted(ROOT.glob("src/*/*.pyx")) + sorted(ROOT.glob("src/*/*.pxd"))
    for member in codes:
        pattern = re.compile(rf"^\s*{member.name}\s*=\s*{member.value}\b", re.M)
        places = [p.name for p in sources if pattern.search(p.read_text(encoding="utf-8"))]
        assert len(places) == 1, (member, places)


def test_no_python_table_repeats_the_codes():
    names = "|".join(sorted({n for _, _, _, public in PUBLIC for n in public}))
    to_int = re.compile(rf"""["']({names})["']\s*:\s*-?\d""")
    index = re.compile(r"\b(POLICIES|RULES|PLAYERS|SOLVE_POLICIES|METHODS|HANDS)\.index\(")
    offenders = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "trapcore").rglob("*.py"))
        if to_int.search(p.read_text(encoding="utf-8")) or index.search(p.read_text("utf-8"))
    ]
    assert not offenders


def test_by_name_follows_the_enum():
    grown = enum.IntEnum("Policy", [(m.name, m.value) for m in _codes.Policy] + [("POLICY_NEW", 3)])
    assert by_name(grown, "POLICY_") == {"bfs": 0, "rays": 1, "smart": 2, "new": 3}
    assert list(by_name(grown, "POLICY_").values()) == list(grown)


def test_a_new_member_becomes_a_name_the_api_accepts():
    # in a fresh process: the modules that derive the names are reloaded over a grown enum
    code = """
import enum, importlib
import trapcore.cat._codes as codes, trapcore.cat.players as players
import trapcore.maze._carve as carve, trapcore.maze._checks as checks
grow = lambda e, name: enum.IntEnum(e.__name__, [(m.name, m.value) for m in e] + [(name, 9)])
codes.Policy = grow(codes.Policy, "POLICY_TABBY")
carve.Method = grow(carve.Method, "ELLER")
importlib.reload(players)
importlib.reload(checks)
print(players.POLICIES, players.as_policy("tabby"), int(players._POLICY["tabby"]))
print(checks.METHODS, int(checks._as_method("eller")))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "('bfs', 'rays', 'smart', 'tabby') tabby 9",
        "('kruskal', 'backtracker', 'wilson', 'prim', 'eller') 9",
    ]


def test_the_kernels_take_and_give_the_enums():
    board = np.zeros((5, 5), np.uint8)
    method = _codes.SolveMethod.METHOD_AUTO
    res, *_ = _engine.solve(board, 2, 2, _codes.Model.MODEL_BFS, method, 1000, 4, None, 1)
    assert type(res) is _codes.Result and res is _codes.Result.RES_LOSS
    assert tc.cat.solve(board, (2, 2), policy="bfs").verdict is tc.cat.Verdict.LOSS
