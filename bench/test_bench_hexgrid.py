"""Hex-grid BFS: trapcore's kernels vs the pure-Python twin vs networkx and scipy.sparse.csgraph.

Run: ``pytest bench/test_bench_hexgrid.py`` (the table's ratio columns compare within a group).
"""

import numpy as np
import pytest

from reference import hexgrid as ref
from trapcore.cat import hexgrid

SIZES = [11, 101]


def make_board(n, seed=0, density=0.2):
    rng = np.random.default_rng(seed)
    board = (rng.random((n, n)) < density).astype(np.uint8)
    board[n // 2, n // 2] = 0
    return board, (n // 2, n // 2)


def hex_edges(board):
    rows, cols = board.shape
    edges = []
    for r in range(rows):
        for c in range(cols):
            if board[r, c]:
                continue
            for nr, nc in ref.neighbors(r, c, rows, cols):
                if not board[nr, nc]:
                    edges.append((r * cols + c, nr * cols + nc))
    return edges


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distances")
def test_distances_trapcore(benchmark, n):
    board, start = make_board(n)
    out = benchmark(hexgrid.distances, board, start)
    assert out[start] == 0


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distances")
def test_distances_twin(benchmark, n):
    board, start = make_board(n)
    lists = board.tolist()
    out = benchmark(ref.distances, lists, start)
    assert out == hexgrid.distances(board, start).tolist()


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distances")
def test_distances_networkx_prebuilt_graph(benchmark, n):
    nx = pytest.importorskip("networkx")
    board, start = make_board(n)
    g = nx.Graph()
    g.add_nodes_from(range(n * n))
    g.add_edges_from(hex_edges(board))
    src = start[0] * n + start[1]
    out = benchmark(nx.single_source_shortest_path_length, g, src)
    assert len(out) == int((hexgrid.distances(board, start) >= 0).sum())


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distances")
def test_distances_scipy_csgraph_prebuilt(benchmark, n):
    sp = pytest.importorskip("scipy.sparse")
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    board, start = make_board(n)
    e = np.array(hex_edges(board)).T
    mat = sp.csr_matrix((np.ones(e.shape[1]), (e[0], e[1])), shape=(n * n, n * n))
    src = start[0] * n + start[1]
    out = benchmark(csgraph.shortest_path, mat, unweighted=True, indices=src)
    ours = hexgrid.distances(board, start).ravel()
    assert (np.where(np.isinf(out), -1, out) == ours).all()


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="escape_path")
def test_escape_path_trapcore(benchmark, n):
    board, start = make_board(n)
    path = benchmark(hexgrid.escape_path, board, start)
    assert path is not None


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="escape_path")
def test_escape_path_twin(benchmark, n):
    board, start = make_board(n)
    lists = board.tolist()
    path = benchmark(ref.escape_path, lists, start)
    assert path == [tuple(p) for p in hexgrid.escape_path(board, start).tolist()]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="escape_path")
def test_escape_path_networkx_build_and_search(benchmark, n):
    """What a networkx user writes: build the graph of the current board, then one shortest path
    to a virtual 'outside' node joined to every border cell."""
    nx = pytest.importorskip("networkx")
    board, start = make_board(n)

    def run():
        g = nx.Graph()
        g.add_edges_from(hex_edges(board))
        for r in range(n):
            for c in range(n):
                if not board[r, c] and (r in (0, n - 1) or c in (0, n - 1)):
                    g.add_edge(r * n + c, "out")
        return nx.shortest_path(g, start[0] * n + start[1], "out")

    path = benchmark(run)
    assert len(path) - 1 == len(hexgrid.escape_path(board, start))


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distance_to_border")
def test_distance_to_border_trapcore(benchmark, n):
    board, _ = make_board(n)
    benchmark(hexgrid.distance_to_border, board)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="distance_to_border")
def test_distance_to_border_twin(benchmark, n):
    board, _ = make_board(n)
    lists = board.tolist()
    out = benchmark(ref.distance_to_border, lists)
    assert out == hexgrid.distance_to_border(board).tolist()
