"""``generate(prover="sat")``: long paths proven unique under Flow Free's rules by the search with a
small budget, then the compact SAT model (``_cnf.bits_clauses`` through ``_sat.second_solution``).

The kernel's repair step (``_repair.repair``) against its twin (``reference.numberlink.repair``);
the compact model against the independent one of ``reference.numberlink_sat_bits``; generated
puzzles' properties (every square on a path, no solids, paths of ``min_length`` or more, one
solution by the brute force, the colour-per-square SAT model or the compact reference model),
determinism per seed, path lengths against the search-proven default, and bad arguments."""

import itertools
import subprocess
import sys

import numpy as np
import pytest
from _suite import seeds, size

from reference.numberlink import repair as twin_repair
from reference.numberlink_rules import brute_solutions
from trapcore import numberlink as nl
from trapcore.numberlink import _cnf, _generate, _repair, _sat

pytest.importorskip("pysat")

from reference.numberlink_sat import sat_solutions
from reference.numberlink_sat_bits import is_unique
from reference.numberlink_sat_bits import second_solution as twin_second


def pcg(seed):
    return np.random.Generator(np.random.PCG64(seed))


def raw(n, seed, long_paths=True, min_length=3):
    out = _generate.generate(
        n, n, pcg(seed).bit_generator, min_length, False, 1, 200, True, True, long_paths, False
    )
    assert out is not None
    return out[0], out[1]


@pytest.mark.parametrize("n", [4, 6, 9, 12])
def test_repair_matches_twin(n):
    """Cuts where a second solution differs, and cuts of the longest eighth, step for step."""
    tried = {"other": 0, "longest": 0}
    for seed in seeds(2, 8):
        for lp in (True, False):
            grid, sol = raw(n, seed, lp)
            for _ in range(4):
                sols = nl.solve(grid, limit=2, max_nodes=10**6)
                other = None
                if len(sols) == 2:
                    other = sols[0] if not np.array_equal(sols[0], sol) else sols[1]
                    tried["other"] += 1
                else:
                    tried["longest"] += 1
                mine = _repair.repair(grid, sol, other, 3)
                twin = twin_repair(grid, sol, other, 3)
                assert (mine is None) == (twin is None)
                if mine is None:
                    break
                assert np.array_equal(mine[0], twin[0]) and np.array_equal(mine[1], twin[1])
                assert nl.check(mine[0], mine[1])
                # one more pair for a difference; one more per cut path for the longest eighth
                grown = int(mine[0].max()) - int(grid.max())
                assert grown == 1 if other is not None else 1 <= grown <= max(1, grid.max() // 8)
                grid, sol = mine
    assert tried["longest"] and (n < 9 or tried["other"])


@pytest.mark.parametrize("near", [False, True])
def test_compact_model_agrees_with_its_twin(near):
    verdicts = set()
    for n in (3, 4, 5, 6, 8):
        for seed in range(10):
            grid, sol = raw(n, seed, long_paths=seed % 2 == 0)
            unique, other = _sat.second_solution(grid, sol, 10**6, near)
            assert unique == (twin_second(grid, sol) is None), (n, seed)
            if n <= 5:
                assert unique == (len(sat_solutions(grid, limit=2)) == 1)
            if not unique:
                assert other is not None and nl.check(grid, other)
            verdicts.add(unique)
    assert verdicts == {True, False}
    # one conflict is not enough on a raw 15 x 15 (its second solution takes thousands), nor on
    # the quick run's raw 12 x 12 (found some sixty times sooner)
    grid, sol = raw(size(12, 15), 0)
    assert _sat.second_solution(grid, sol, 1) == (None, None)
    assert _sat.second_solution(grid, sol, 10**7)[0] is False


@pytest.mark.parametrize("n", [4, 5, 7, 10, pytest.param(15, marks=pytest.mark.slow)])
def test_generated_puzzles_are_unique_and_full(n):
    for seed in range(6 if n < 15 else 3):
        p = nl.generate(n, seed=seed, prover="sat")
        g, s = p.grid, p.solution
        assert g.shape == (n, n) and (g >= 0).all() and (s > 0).all()
        assert nl.check(g, s) and p.fill and p.touch
        assert (np.bincount(s.ravel())[1:] >= 3).all()
        if n == 4:
            assert len(brute_solutions(g, fill=True, touch=True, limit=2)) == 1
        elif n <= 7:
            assert len(sat_solutions(g, limit=2)) == 1
        else:
            assert is_unique(g, s)
        assert len(nl.solve(g, limit=2, max_nodes=10**8)) == 1


def test_min_length_and_max_nodes():
    p = nl.generate(12, seed=3, prover="sat", min_length=4)
    assert (np.bincount(p.solution.ravel())[1:] >= 4).all() and is_unique(p.grid, p.solution)
    # a tiny search budget leaves every check to the SAT model: still proven unique
    q = nl.generate(12, seed=3, prover="sat", max_nodes=1)
    assert is_unique(q.grid, q.solution)


def test_same_seed_same_puzzle():
    a = nl.generate(13, seed=5, prover="sat")
    assert a == nl.generate(13, seed=5, prover="sat")
    assert a == nl.generate(13, seed=np.random.SeedSequence(5), prover="sat")
    gen = pcg(5)
    b, c = nl.generate(13, seed=gen, prover="sat"), nl.generate(13, seed=gen, prover="sat")
    assert b == a and b != c
    code = "import trapcore.numberlink as nl;print(nl.generate(13, seed=5, prover='sat').to_text())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == a.to_text() + "\n"


@pytest.mark.slow
def test_longer_paths_than_the_search_at_15():
    """On the same seeds: the median path is in the published range (8.5-15.5 at 15 x 15) and
    longer than the search generator's (short paths; the default generator is deduction's)."""
    sat, search = [], []
    for seed in range(6):
        sat.append(nl.measure(nl.generate(15, seed=seed, prover="sat")).median_length)
        search.append(nl.measure(nl.generate(15, seed=seed, long_paths=False)).median_length)
    assert 8.5 <= np.median(sat) <= 15.5
    assert np.median(sat) >= np.median(search) + 2


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"prover": "cp"}, ValueError, "prover must be one of \\['sat', 'search'\\]"),
        ({"prover": "sat", "touch": False}, ValueError, "Flow Free's rules only"),
        ({"prover": "sat", "fill": False}, ValueError, "Flow Free's rules only"),
        ({"prover": "sat", "solids": True}, ValueError, "Flow Free's rules only"),
        ({"prover": "sat", "unique": False}, ValueError, "Flow Free's rules only"),
        ({"prover": "sat", "difficulty": "easy"}, ValueError, "Flow Free's rules only"),
        ({"prover": "sat", "min_length": 9, "max_attempts": 3}, ValueError, "in 3 attempts"),
    ],
)
def test_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        nl.generate(5, seed=0, **kwargs)


def test_needs_python_sat(monkeypatch):
    monkeypatch.setattr(_sat, "available", lambda: False)
    with pytest.raises(ImportError, match=r"trapcore\[sat\]"):
        nl.generate(8, seed=0, prover="sat")


@pytest.mark.slow
@pytest.mark.parametrize("n", [30, 50])
def test_big_boards(n):
    p = nl.generate(n, seed=2, prover="sat")
    q = nl.measure(p)
    assert q.solids == 0 and 8.5 <= q.median_length <= 20
    assert nl.check(p.grid, p.solution) and is_unique(p.grid, p.solution)


def test_cli_prover_flag(capsys):
    """``trapcore numberlink 9 --seed 1 --prover sat`` prints generate's puzzle and says how it
    was proven; the flag is refused by 'solve' and under other rules."""
    from trapcore.cli import main

    assert main(["numberlink", "9", "--seed", "1", "--prover", "sat"]) == 0
    captured = capsys.readouterr()
    assert nl.Puzzle.from_text(captured.out) == nl.generate(9, seed=1, prover="sat")
    assert "proven unique by the SAT model" in captured.err
    assert main(["numberlink", "9", "--seed", "1", "--prover", "sat", "--no-touch"]) != 0
    assert "Flow Free's rules only" in capsys.readouterr().err
    assert main(["numberlink", "solve", "x.txt", "--prover", "sat"]) != 0
    assert "--prover only applies when generating" in capsys.readouterr().err


def test_kernels_refuse_mismatched_shapes():
    grid, sol = raw(6, 0)
    with pytest.raises(ValueError, match="sol is 5 x 6"):
        _repair.repair(grid, np.ascontiguousarray(sol[:5]), None, 3)
    with pytest.raises(ValueError, match="other is 6 x 5"):
        _repair.repair(grid, sol, np.ascontiguousarray(sol[:, :5]), 3)
    with pytest.raises(ValueError, match="solution is 5 x 6"):
        _cnf.bits_clauses(grid, int(grid.max()), np.ascontiguousarray(sol[:5]))


def test_no_search_budget_limit(monkeypatch):
    """prover="sat" has its own default budget: the search's size limit (50 x 50 under Flow's
    rules, where no default search budget finishes) does not apply."""
    gen_mod = sys.modules["trapcore.numberlink.generate"]

    def refuse(*args):
        raise AssertionError("the search's default budget was consulted")

    monkeypatch.setattr(gen_mod, "_default_budget", refuse)
    assert is_unique(*(lambda p: (p.grid, p.solution))(nl.generate(9, seed=0, prover="sat")))
    with pytest.raises(AssertionError, match="consulted"):
        nl.generate(9, seed=0, long_paths=True)  # the search's method (the default needs none)


def test_the_phases_are_the_known_solution_in_the_kernels_model():
    """``near``'s first decisions (``_sat._phases``) are the known solution written in the
    variables of ``_cnf.bits_clauses``: as an assignment it satisfies every clause of the model
    that excludes another solution, and breaks only the last clause (not all of its edges) of
    the model that excludes it."""
    for n, seed in itertools.product((4, 7, 10), range(4)):
        grid, sol = raw(n, seed, long_paths=seed % 2 == 0)
        k = int(grid.max())
        _, other = _sat.second_solution(grid, sol, 10**6)
        for excluded, broken in ((sol, True), (other, False)):
            if excluded is None:
                continue
            cnf, nvars = _cnf.bits_clauses(grid, k, excluded)
            base = nvars - 2 * grid.size + 1
            value = np.zeros(nvars + 1, bool)
            lits = np.asarray(_sat._phases(sol, base))
            value[np.abs(lits)] = lits > 0
            clauses = np.split(cnf, np.flatnonzero(cnf == 0) + 1)[:-1]  # each with its 0
            ok = [(value[np.abs(c[:-1])] == (c[:-1] > 0)).any() for c in clauses]
            assert all(ok[:-1]) and ok[-1] != broken, (n, seed)
