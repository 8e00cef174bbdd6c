"""``generate(puzzle)``: puzzles on boards of any shape (bridges, wrapping rows and columns, warps,
hexagons, layers), checked against the independent references of tests/reference/
numberlink_graph.py: adjacency written from each variant's rules, a checker, and a SAT model
(python-sat) that confirms each puzzle has exactly one solution under its own rules."""

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from reference.numberlink_graph import (
    is_solution,
    neighbours_grid,
    neighbours_hex,
    neighbours_layered,
    sat_solutions,
)
from trapcore.numberlink import board_generate, generate, grid_board, hex_board, layered_board


def made(puzzle, **options):
    """``generate(puzzle, ...)`` and its solution (the pair 0.2's ``generate_board`` returned)."""
    p = generate(puzzle, **options)
    return p, p.solution


VIAS = [[(0, 1, 1), (1, 1, 1)], [(0, 3, 2), (1, 3, 2)]]
BRIDGES = [(1, 1), (3, 2)]
WARPS = [((0, 2), (4, 2)), ((2, 0), (2, 4))]


def kinds(fill, touch):
    """(name, blank Board, the reference's adjacency) for each variant, small enough for SAT."""
    z5 = np.zeros((5, 5), np.int16)
    return [
        ("hex", hex_board(z5, fill=fill, touch=touch), neighbours_hex(5, 5)),
        (
            "bridges",
            grid_board(z5, bridges=BRIDGES, fill=fill, touch=touch),
            neighbours_grid(z5, bridges=BRIDGES),
        ),
        (
            "wrap",
            grid_board(z5, wrap="rows", fill=fill, touch=touch),
            neighbours_grid(z5, wrap="rows"),
        ),
        (
            "torus",
            grid_board(z5[:4, :4], wrap="both", fill=fill, touch=touch),
            neighbours_grid(z5[:4, :4], wrap="both"),
        ),
        (
            "warps",
            grid_board(z5, warps=WARPS, fill=fill, touch=touch),
            neighbours_grid(z5, warps=WARPS),
        ),
        (
            "layers",
            layered_board(np.zeros((2, 3, 3), np.int16), fill=fill, touch=touch),
            neighbours_layered(2, 3, 3),
        ),
        (
            "vias",
            layered_board(np.zeros((2, 4, 4), np.int16), vias=VIAS, fill=fill, touch=touch),
            neighbours_layered(2, 4, 4, vias=VIAS),
        ),
    ]


def path_lengths(sol):
    return np.bincount(sol[sol > 0])[1:]


@pytest.mark.parametrize("fill, touch", [(True, True), (True, False), (False, True)])
@pytest.mark.parametrize("seed", range(3))
def test_generated_variants_are_unique_by_an_independent_sat_model(fill, touch, seed):
    pytest.importorskip("pysat")
    for name, blank, adj in kinds(fill, touch):
        puzzle, sol = made(blank, seed=seed)
        values = [int(v) for v in puzzle.values]
        assert is_solution(values, adj, sol, fill=fill, touch=touch), name
        assert puzzle.check(sol) and puzzle.fill == fill and puzzle.touch == touch
        found = sat_solutions(values, adj, fill=fill, touch=touch, limit=2)
        assert len(found) == 1 and np.array_equal(found[0], sol), (name, seed)
        assert (path_lengths(sol) >= 3).all() and (sol != 0).all()  # every node on a path


def test_numbers_never_on_a_bridge_and_both_lanes_carry_paths():
    z = np.zeros((8, 8), np.int16)
    bridges = [(2, 2), (4, 5), (6, 3)]
    for seed in range(8):
        puzzle, sol = made(grid_board(z, bridges=bridges), seed=seed)
        for r, c in bridges:
            across, down = puzzle.cells[r, c], 64 + sorted(bridges).index((r, c))
            assert puzzle.values[across] == 0 and puzzle.values[down] == 0
            assert sol[across] > 0 and sol[down] > 0  # one path may cross itself there
        grid = puzzle.to_grid(puzzle.values)
        assert grid.shape == (8, 8) and (grid[tuple(np.array(bridges).T)] == 0).all()


def test_same_seed_same_puzzle_and_options():
    blank = hex_board(np.zeros((7, 7), np.int16))
    a, sa = made(blank, seed=5)
    b, sb = made(blank, seed=np.random.default_rng(5))
    assert np.array_equal(a.values, b.values) and np.array_equal(sa, sb)
    c, _ = made(blank, seed=6)
    assert not np.array_equal(a.values, c.values)
    long_, sl = made(blank, seed=0, min_length=4)
    assert (path_lengths(sl) >= 4).all()
    raw, sr = made(blank, seed=5, unique=False)  # numbered, not proven unique
    assert raw.check(sr) and raw.numbers <= a.numbers
    solid = np.zeros((6, 6), np.int16)
    solid[2, 2] = solid[3, 4] = -1
    p, s = made(grid_board(solid, wrap="cols"), seed=1)
    assert s[2 * 6 + 2] == -1 and p.values[3 * 6 + 4] == -1 and len(p.solve(limit=2)) == 1


def test_generate_board_is_the_deprecated_name_of_generate_on_a_puzzle():
    """0.2's ``generate_board`` warns (on the package and in its module), naming ``generate``,
    and gives ``generate``'s puzzle with its solution, as the pair it returned."""
    blank = grid_board(np.zeros((5, 5), np.int16), wrap="rows")
    want = generate(blank, seed=3)
    for old in (
        lambda: tc.numberlink.generate_board(blank, seed=3),
        lambda: board_generate.generate_board(blank, seed=3),
        lambda: board_generate.generate_board(board=blank, seed=3),
    ):
        with pytest.warns(DeprecationWarning, match="deprecated") as caught:
            p, sol = old()
        messages = [str(w.message) for w in caught]
        assert any(
            "generate_board is deprecated, use trapcore.numberlink.generate" in m for m in messages
        ), messages
        assert all(w.filename == __file__ for w in caught)
        assert p == want and np.array_equal(sol, want.solution)
    both = pytest.raises(TypeError, match="both board= and puzzle=")
    with pytest.warns(DeprecationWarning), both:
        board_generate.generate_board(board=blank, puzzle=blank)
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="one puzzle"):
        board_generate.generate_board(blank, blank)


def test_bad_input_names_the_argument():
    blank = hex_board(np.zeros((4, 4), np.int16))
    with pytest.raises(TypeError, match="rows must be an integer"):
        made(np.zeros((4, 4)))
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="must be a Puzzle"):
        board_generate.generate_board(np.zeros((4, 4)))
    numbered = hex_board(np.array([[1, 0, 0, 1]] + [[0] * 4] * 3, np.int16))
    with pytest.raises(ValueError, match="puzzle must be blank"):
        made(numbered)
    with pytest.raises(ValueError, match="min_length"):
        made(blank, min_length=1)
    with pytest.raises(ValueError, match="max_attempts"):
        made(blank, max_attempts=0)
    with pytest.raises(TypeError, match="unique"):
        made(blank, unique="yes")
    tiny = grid_board(np.zeros((1, 2), np.int16))  # two squares: no path of 3
    with pytest.raises(ValueError, match="min_length must be <= 2"):
        made(tiny)
    assert made(tiny, min_length=2)[0].numbers == 1
    with pytest.raises(ValueError, match="no puzzle with min_length=5 in 3 attempts"):
        made(hex_board(np.zeros((7, 7), np.int16)), seed=0, min_length=5, max_attempts=3)
    # the options of grid sizes only, and rules that are not the puzzle's
    for option, value in [
        ("long_paths", True), ("solids", True), ("difficulty", "easy"), ("prover", "sat"),
    ]:  # fmt: skip
        with pytest.raises(ValueError, match=f"{option}.* need a grid size"):
            generate(blank, **{option: value})
    with pytest.raises(TypeError, match="cols goes with a number of rows"):
        generate(blank, 4)
    with pytest.raises(ValueError, match="prover must be"):
        generate(blank, prover="magic")
    with pytest.raises(ValueError, match="rules have touch=True.*leave touch out"):
        generate(blank, touch=False)
    with pytest.raises(ValueError, match="rules have fill=False.*leave fill out"):
        generate(hex_board(np.zeros((4, 4), np.int16), fill=False), fill=True)
    with pytest.raises(TypeError, match="fill must be a bool"):
        generate(blank, fill="yes")
    sparse = hex_board(np.zeros((4, 4), np.int16), fill=False)
    assert generate(sparse, seed=0) == generate(sparse, fill=False, seed=0)
    assert not generate(sparse, seed=0).fill and generate(blank, fill=True, touch=True).touch
    assert generate(blank, long_paths=False, seed=0) == generate(blank, seed=0)


@pytest.mark.parametrize("seed", range(size(1, 3)))
def test_large_blank_boards_are_unique_by_the_sat_model(seed):
    """Past 225 nodes a check spends 10**4 board-search nodes and a check over it cuts the
    longest eighth of the paths: the puzzles stay unique by the reference SAT model of the grid
    rules (not our search), and the SAT model finds the generator's solution."""
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions as grid_sat

    blank = grid_board(np.zeros((16, 16), np.int16))
    p = generate(blank, seed=seed)
    grid, solution = p.to_grid(p.values), p.to_grid(p.solution)
    found = grid_sat(grid, limit=2)
    assert len(found) == 1 and np.array_equal(found[0], solution)
