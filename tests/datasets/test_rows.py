"""The dataset-rows kernel (src/maze/rows.pyx): solutions and measures of a batch of mazes, against
its twin (tests/reference/maze_rows.py) and against networkx's shortest paths."""

import numpy as np
import pytest
from _suite import size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.datasets as tds
from reference.maze_rows import path_steps, solve_row
from trapcore.datasets.arrow import to_table
from trapcore.maze import _rows

nx = pytest.importorskip("networkx")


def _kernel(doors, ends):
    n, rows, cols = doors.shape
    values = np.full((n * rows * cols, 2), -7, dtype=np.int32)
    offsets = np.full(n + 1, -7, dtype=np.int64)
    measures = np.full((n, 4), -7, dtype=np.int32)
    _rows.solve_rows(doors, ends, values, offsets, measures)
    return values, offsets, measures


def _batch(rows, cols, n, seed, braid, ends):
    spec = tds.MazeSpec(rows, cols, braid=braid, entrance=ends, exit=ends)
    b = tds.generate(spec, n, seed)
    return b["doors"], np.concatenate([b["entrance"], b["exit"]], axis=1).astype(np.int32)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    n=st.integers(0, 12),
    seed=st.integers(0, 2**32),
    braid=st.sampled_from([0.0, 0.3, 1.0]),
    ends=st.sampled_from(["random", None]),
)
def test_kernel_matches_the_twin(rows, cols, n, seed, braid, ends):
    doors, ends_ = _batch(rows, cols, n, seed, braid, ends or "random")
    if ends is None:
        ends_[:] = (0, 0, rows - 1, cols - 1)
    values, offsets, measures = _kernel(doors, ends_)
    assert offsets[0] == 0 and (np.diff(offsets) >= 0).all()
    for j in range(n):
        path, m = solve_row(doors[j], ends_[j, :2], ends_[j, 2:])
        assert tuple(measures[j]) == m
        assert values[offsets[j] : offsets[j + 1]].tolist() == [list(c) for c in path]


def test_closed_doors_leave_the_exit_unreachable():
    doors = np.full((2, 3, 3), 15, dtype=np.uint8)  # every door locked
    ends = np.array([[0, 0, 2, 2], [1, 1, 1, 1]], dtype=np.int32)
    values, offsets, measures = _kernel(doors, ends)
    assert offsets.tolist() == [0, 0, 1] and values[0].tolist() == [1, 1]
    assert measures.tolist() == [[0, 0, 0, 4], [1, 0, 0, 0]]
    for j in range(2):
        assert tuple(measures[j]) == solve_row(doors[j], ends[j, :2], ends[j, 2:])[1]


@pytest.mark.parametrize("braid", [0.0, 0.5])
def test_solutions_are_shortest_paths_by_networkx(braid):
    """An outside check: networkx's shortest path length on the graph of open doors, and every
    step of the solution through an open door."""
    doors, ends = _batch(8, 11, 30, 4, braid, "random")
    values, offsets, measures = _kernel(doors, ends)
    for j in range(30):
        g = nx.Graph()
        g.add_nodes_from((r, c) for r in range(8) for c in range(11))
        for r in range(8):
            for c in range(11):
                if doors[j, r, c] & 3 == 1:
                    g.add_edge((r, c), (r + 1, c))
                if (doors[j, r, c] >> 2) & 3 == 1:
                    g.add_edge((r, c), (r, c + 1))
        s, t = tuple(ends[j, :2]), tuple(ends[j, 2:])
        path = [tuple(p) for p in values[offsets[j] : offsets[j + 1]].tolist()]
        assert path[0] == s and path[-1] == t
        assert all(g.has_edge(a, b) for a, b in zip(path, path[1:]))
        assert len(path) == nx.shortest_path_length(g, s, t) + 1 == measures[j, 0]
        assert measures[j, 1] == sum(1 for _, d in g.degree() if d == 1)


def test_random_doors_agree_with_the_twin_or_stay_in_bounds():
    """Doors that no carving made (each inner door open or closed at random, the outer wall
    locked): braided or cut-up graphs (the kernel's breadth-first search) agree with the twin;
    those with exactly rows*cols - 1 open doors are taken for perfect mazes (the depth-first
    search) and then agree too when connected, and in any case end with a path through open
    doors and offsets in bounds."""
    rng = np.random.default_rng(5)
    rows, cols, n = 4, 5, size(1000, 4000)
    doors = np.where(rng.random((n, rows, cols)) < 0.5, 1, 0).astype(np.uint8)
    doors |= np.where(rng.random((n, rows, cols)) < 0.5, 4, 0).astype(np.uint8)
    doors[:, -1, :] |= 3  # the outer wall: Down locked on the last row, Right on the last column
    doors[:, :, -1] |= 12
    ends = np.concatenate(
        [rng.integers(0, rows, (n, 1)), rng.integers(0, cols, (n, 1))] * 2, axis=1
    ).astype(np.int32)
    values, offsets, measures = _kernel(doors, ends)
    assert offsets[0] == 0 and (np.diff(offsets) >= 0).all() and offsets[-1] <= n * rows * cols
    opened = ((doors & 3) == 1).sum(axis=(1, 2)) + (((doors >> 2) & 3) == 1).sum(axis=(1, 2))
    checked = 0
    for j in range(n):
        path, m = solve_row(doors[j], ends[j, :2], ends[j, 2:])
        connected = m[0] > 0 and _connected(doors[j])
        if opened[j] != rows * cols - 1 or connected:
            assert tuple(measures[j]) == m
            assert values[offsets[j] : offsets[j + 1]].tolist() == [list(c) for c in path]
            checked += opened[j] == rows * cols - 1
    # some perfect mazes among them (7 with this seed, 2 of the quick run's 1000: the depth-first
    # search)
    assert checked > 0


def _connected(doors):
    rows, cols = doors.shape
    g = nx.Graph()
    g.add_nodes_from(range(rows * cols))
    for r in range(rows):
        for c in range(cols):
            if doors[r, c] & 3 == 1:
                g.add_edge(r * cols + c, (r + 1) * cols + c)
            if (doors[r, c] >> 2) & 3 == 1:
                g.add_edge(r * cols + c, r * cols + c + 1)
    return nx.is_connected(g)


_PATHS = st.lists(
    st.tuples(
        st.integers(-(2**31) + 20, 2**31 - 20),
        st.integers(-(2**31) + 20, 2**31 - 20),
        st.lists(st.integers(0, 3), max_size=12),
        st.booleans(),
    ),
    max_size=8,
)


@settings(max_examples=size(60, 400), deadline=None)
@given(_PATHS, st.booleans())
def test_path_steps_match_the_twin_and_read_back(raw, jump):
    """path_steps gives the twin's bytes (or refuses a step that is no step, as the twin does),
    and a column stored so reads back as the same Ragged, sliced or whole."""
    moves = [(-1, 0), (0, 1), (1, 0), (0, -1), (2, -1)]  # the last is no step: a jump
    paths = []
    for i, (r, c, codes, empty) in enumerate(raw):
        path = [] if empty and not codes else [(r, c)]
        for code in (codes + [4] if jump and i == len(raw) - 1 else codes) if path else []:
            path.append((path[-1][0] + moves[code][0], path[-1][1] + moves[code][1]))
        paths.append(path)
    offsets = np.concatenate([[0], np.cumsum([len(p) for p in paths])]).astype(np.int64)
    values = np.array([c for p in paths for c in p] or np.empty((0, 2)), dtype=np.int32)
    want = path_steps(paths)
    out_offsets = np.empty(len(offsets), dtype=np.int64)
    out = np.empty(sum(len(p) + 7 for p in paths if p), dtype=np.uint8)
    got = _rows.path_steps(values.reshape(-1, 2), offsets, out_offsets, out)
    if want is None:
        assert got == -1
        return
    assert got == len(out) and out.tobytes() == b"".join(want)
    assert [out[a:b].tobytes() for a, b in zip(out_offsets[:-1], out_offsets[1:])] == want
    table = to_table({"solution": tds.Ragged(values.reshape(-1, 2), offsets)})
    for lo, hi in [(0, len(paths)), (len(paths) // 2, len(paths)), (1, len(paths) - 1)]:
        back = tds.to_numpy(table.slice(lo, max(0, hi - lo)), "solution")
        assert back.values.dtype == np.int32
        assert [back[j].tolist() for j in range(len(back))] == [
            [list(x) for x in p] for p in paths[lo : max(lo, hi)]
        ]


def test_path_steps_refuses_buffers_that_do_not_fit():
    """Offsets past values, falling offsets, a short out or out_offsets: ValueError naming
    them, nothing written out of bounds."""
    values = np.array([[0, 0], [0, 1], [1, 1]], dtype=np.int32)
    cases = [
        (np.array([0, 4]), 2, 20, "offsets"),
        (np.array([2, 1]), 2, 20, "offsets"),
        (np.array([0, 3]), 3, 20, "out_offsets"),
        (np.array([0, 3]), 2, 9, "out needs 10"),
    ]
    for offsets, entries, nbytes, words in cases:
        with pytest.raises(ValueError, match=words):
            _rows.path_steps(
                values, offsets, np.empty(entries, np.int64), np.empty(nbytes, np.uint8)
            )
    out = np.empty(10, np.uint8)
    assert _rows.path_steps(values, np.array([0, 3]), np.empty(2, np.int64), out) == 10
    assert out[8:].tolist() == [1, 2]  # Right, then Down
