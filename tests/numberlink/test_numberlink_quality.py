"""`measure`: the figures a person sees (issue 11), checked against hand-made grids and against an
independent count on generated puzzles (path order recovered as a graph walk)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.numberlink as nl


def _puzzle(solution, grid=None):
    sol = np.array(solution, np.int16)
    if grid is None:  # the ends: squares with one same-number neighbour
        grid = np.zeros_like(sol)
        for (r, c), k in np.ndenumerate(sol):
            if k > 0:
                same = sum(
                    1
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < sol.shape[0]
                    and 0 <= c + dc < sol.shape[1]
                    and sol[r + dr, c + dc] == k
                )
                grid[r, c] = k if same == 1 else 0
            elif k < 0:
                grid[r, c] = -1
    return nl.Puzzle(grid, sol, fill=bool((sol != 0).all()))


def test_hand_made():
    q = nl.measure(
        _puzzle(
            [
                [1, 1, 1, 2],
                [3, 3, 1, 2],
                [-1, 3, 1, 2],
            ]
        )
    )
    assert q.pairs == 3 and q.lengths == (5, 3, 3) and q.median_length == 3
    assert q.short_share == pytest.approx(2 / 3)
    assert q.bends == (1, 0, 1) and q.solids == 1 and q.empty == 0
    assert "3 pairs, median path 3 squares (67% of 3 or fewer)" in str(q)


def _independent_bends(sol, grid, k):
    """Order the path's squares by distance from one end (BFS inside the path), then count the
    direction changes along that order."""
    cells = {tuple(p) for p in np.argwhere(sol == k)}
    start = tuple(np.argwhere(grid == k)[0])
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for r, c in frontier:
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in cells and q not in dist:
                    dist[q] = dist[(r, c)] + 1
                    nxt.append(q)
        frontier = nxt
    order = sorted(cells, key=dist.__getitem__)
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(order, order[1:])]
    return sum(1 for s, t in zip(steps, steps[1:]) if s != t)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 10), seed=st.integers(0, 2**16))
def test_generated_no_touch_puzzles_agree_with_an_independent_count(n, seed):
    p = nl.generate(n, seed=seed, touch=False)  # no-touch paths: one way to walk each
    q = nl.measure(p)
    sol, grid = p.solution, p.grid
    assert sum(q.lengths) + q.solids + q.empty == n * n
    assert q.lengths == tuple(int((sol == k).sum()) for k in range(1, p.numbers + 1))
    assert q.bends == tuple(_independent_bends(sol, grid, k) for k in range(1, p.numbers + 1))
    assert min(q.lengths) >= 3  # generate's min_length


def test_unsolved_puzzle_is_solved_first():
    p = nl.generate(6, seed=1)
    read = next(nl.parse_puzzles(p.to_text()))
    assert read.solution is None
    assert nl.measure(read) == nl.measure(p)
    with pytest.raises(TypeError, match="puzzle"):
        nl.measure(p.grid)
    with pytest.raises(ValueError, match="no solution"):
        nl.measure(nl.Puzzle([[1, 2], [2, 1]]))


def test_cli_reports_quality_on_stderr(capsys):
    from trapcore import cli

    assert cli.main(["numberlink", "8", "--seed", "2"]) == 0
    out = capsys.readouterr()
    assert "pairs, median path" in out.err and "for 8x8 under these rules" in out.err
    assert "median path" not in out.out
