"""The kernel that grows ``generate_board``'s paths (``_paths.grow_paths``) against its twin,
0.2's Python growth (tests/reference/numberlink_board_paths.py): the same paths for the same seed
on every kind of board and on random graphs (hypothesis), properties the twin does not decide
(disjoint simple paths along edges, never beside themselves, no end on a bridge lane, no two free
nodes left side by side), and ``generate_board``'s outputs recorded from 0.2 before the change."""

import hashlib

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.numberlink_board_paths import grow_paths as twin
from reference.numberlink_board_paths import lay_paths as lay_twin
from trapcore.numberlink import generate, grid_board, hex_board, layered_board
from trapcore.numberlink._paths import grow_paths, lay_paths
from trapcore.numberlink.board_generate import _bridge_lanes


def made(puzzle, **options):
    """``generate(puzzle, ...)`` and its solution (the pair 0.2's ``generate_board`` returned)."""
    p = generate(puzzle, **options)
    return p, p.solution


def z(*shape):
    return np.zeros(shape, np.int16)


def solid_corners(n):
    g = z(n, n)
    g[0, 0] = g[n - 1, n - 1] = g[n // 2, n // 2] = -1
    return g


VIAS = [[(0, 1, 1), (1, 1, 1)], [(0, 3, 2), (1, 3, 2)]]
KINDS = {
    "grid 6x6": lambda: grid_board(z(6, 6)),
    "hex 5x5": lambda: hex_board(z(5, 5)),
    "bridges 5x5": lambda: grid_board(z(5, 5), bridges=[(1, 1), (3, 2)]),
    "torus 4x4": lambda: grid_board(z(4, 4), wrap="both"),
    "warps 5x5": lambda: grid_board(z(5, 5), warps=[((0, 2), (4, 2)), ((2, 0), (2, 4))]),
    "vias 2x4x4": lambda: layered_board(z(2, 4, 4), vias=VIAS),
    "hex 7x7 nofill": lambda: hex_board(z(7, 7), fill=False),
}
MORE = {
    "bridges 9x9": lambda: grid_board(z(9, 9), bridges=[(1, 1), (4, 4), (4, 6), (7, 2)]),
    "wrap rows 7x9 solids": lambda: grid_board(solid_corners(7)[:, :7], wrap="rows"),
    "layers 3x4x4": lambda: layered_board(z(3, 4, 4)),
    "grid 12x12": lambda: grid_board(z(12, 12)),
}

GOLDEN_0_2 = {
    "grid 6x6": [
        "70930ac802bcee8f",
        "966202476cefbae6",
        "373ebb33a604f27b",
        "4b453c6fb0f24c62",
        "f9b22c693b2dea25",
        "cd5ec66ac78c866b",
        "20d0508f9f9742ec",
        "4e54798acd1b4907",
    ],
    "hex 5x5": [
        "4e571584db815f26",
        "e6bd9a2425b9de56",
        "ae511c8f56874b82",
        "5ab7a383c572b636",
        "0fc5a47a64f77a15",
        "ee414eea3d316774",
        "398fb2ea2145cd2e",
        "bcc5a29e6777e98d",
    ],
    "bridges 5x5": [
        "129871087ac9c031",
        "2f7e7a4e2083b44f",
        "f1374fa8902d90ba",
        "6f9c6e3c14eeaa65",
        "180ca909da6fdd0d",
        "5740836dc97245b0",
        "c00267f87287938e",
        "a5858241a4c6f59d",
    ],
    "torus 4x4": [
        "f1cfa4c562d1f9e5",
        "50244d03a8879e58",
        "bce2d50a24a08e7d",
        "a30c40189afa66cd",
        "b84550210ebaeaa4",
        "9a856f6572c8e96f",
        "de800f095ebe144a",
        "fd7452cad46e6809",
    ],
    "warps 5x5": [
        "f3ab07ea3dd8ba09",
        "6f89f495aef33e7e",
        "b0eb1ed8cc01fbe9",
        "6be05df0d095a77f",
        "9f93561e15efc717",
        "df1c3ec8c52e4a07",
        "0cabfaaa2a0cd261",
        "fedea9b36b70943c",
    ],
    "vias 2x4x4": [
        "f2c76797fb496035",
        "d2aacfa233091ce2",
        "997199fbd4774981",
        "e331a7fee7728731",
        "f2c76797fb496035",
        "a3112fa26b875ab1",
        "997199fbd4774981",
        "b25d82f4bf22e3cf",
    ],
    "hex 7x7 nofill": [
        "aef72d6e939bdd37",
        "30c85d74d2e32498",
        "0726a72801376107",
        "fcb958d3d469b8b9",
        "d29fbdc959b681de",
        "ebcac4dc59a00b2b",
        "0726a72801376107",
        "1bee5b39696519ee",
    ],
}


def args(board):
    label = np.where(np.asarray(board.values) < 0, -1, 0).astype(np.int32)
    return label, np.ascontiguousarray(board.neighbours, dtype=np.int32), _bridge_lanes(board)


def same(a, b):
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def check_paths(label, table, lanes, out):
    """What any growth must give, whatever its draws."""
    lab, nodes, offsets = out
    nbrs = [set(int(w) for w in row if w >= 0) for row in table]
    assert len(set(nodes.tolist())) == nodes.size  # disjoint
    assert offsets[0] == 0 and (np.diff(offsets) >= 1).all() and offsets[-1] == nodes.size
    assert (lab[label < 0] == -1).all()
    for k in range(1, offsets.size):
        path = nodes[offsets[k - 1] : offsets[k]].tolist()
        assert all(label[v] == 0 for v in path)  # on nodes that were free
        if len(path) == 1:
            continue
        assert (lab[path] == k).all()
        assert all(b in nbrs[a] for a, b in zip(path, path[1:]))  # along edges
        where = {v: i for i, v in enumerate(path)}
        for i, v in enumerate(path):  # never beside itself
            assert all(abs(where[w] - i) == 1 for w in nbrs[v] if w in where)
        assert not lanes[path[0]] and not lanes[path[-1]]
    free = np.flatnonzero(lab == 0)
    assert not any(w in nbrs[v] for v in free for w in free)  # no free pair left side by side


@pytest.mark.parametrize("kind", list(KINDS) + list(MORE))
def test_kernel_grows_the_twins_paths(kind):
    board = (KINDS | MORE)[kind]()
    label, table, lanes = args(board)
    for seed in range(40):
        out = grow_paths(label, table, lanes, np.random.PCG64(seed))
        ref = twin(label, table, lanes, np.random.Generator(np.random.PCG64(seed)))
        assert same(out, ref), (kind, seed)
        check_paths(label, table, lanes, out)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 24))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    rows = [
        sorted(({b for a, b in pairs if a == v} | {a for a, b in pairs if b == v}) - {v})
        for v in range(n)
    ]
    width = max([len(r) for r in rows] + [1])
    table = np.full((n, width), -1, np.int32)
    for v, r in enumerate(rows):
        table[v, : len(r)] = draw(st.permutations(r)) if r else []
    label = -np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), np.int32)
    lanes = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), np.uint8)
    return label, table, lanes


@settings(max_examples=300, deadline=None)
@given(graphs(), st.integers(0, 2**32))
def test_kernel_and_twin_agree_on_random_graphs(graph, seed):
    label, table, lanes = graph
    out = grow_paths(label, table, lanes, np.random.PCG64(seed))
    assert same(out, twin(label, table, lanes, np.random.Generator(np.random.PCG64(seed))))
    check_paths(label, table, lanes, out)


def same_laid(a, b):
    return (a is None and b is None) or (
        a is not None and b is not None and same(a[:3], b[:3]) and a[3] == b[3]
    )


def check_laid(label, table, lanes, laid, min_length):
    """Steps 1 and 2 together: every free node on a path, each of min_length nodes or more."""
    lab, nodes, offsets, _ = laid
    check_paths(label, table, lanes, (lab, nodes, offsets))
    assert np.array_equal(np.sort(nodes), np.flatnonzero(label == 0))
    assert (np.diff(offsets) >= min_length).all()
    for k in range(1, offsets.size):
        assert (lab[nodes[offsets[k - 1] : offsets[k]]] == k).all()


@pytest.mark.parametrize("kind", list(KINDS) + list(MORE))
def test_kernel_lays_and_repairs_the_twins_paths(kind):
    board = (KINDS | MORE)[kind]()
    label, table, lanes = args(board)
    for min_length in (2, 3, 4, 5):
        for seed in seeds(6, 15):
            out = lay_paths(label, table, lanes, np.random.PCG64(seed), min_length, 20)
            ref = lay_twin(
                label, table, lanes, np.random.Generator(np.random.PCG64(seed)), min_length, 20
            )
            assert same_laid(out, ref), (kind, min_length, seed)
            if out is not None:
                check_laid(label, table, lanes, out, min_length)


@settings(max_examples=300, deadline=None)
@given(graphs(), st.integers(0, 2**32), st.integers(2, 5), st.integers(1, 4))
def test_lay_paths_and_twin_agree_on_random_graphs(graph, seed, min_length, attempts):
    label, table, lanes = graph
    out = lay_paths(label, table, lanes, np.random.PCG64(seed), min_length, attempts)
    ref = lay_twin(
        label, table, lanes, np.random.Generator(np.random.PCG64(seed)), min_length, attempts
    )
    assert same_laid(out, ref)
    if out is not None:
        assert out[3] <= attempts
        check_laid(label, table, lanes, out, min_length)


def test_draws_follow_the_generator_and_leave_it_where_the_twin_does():
    label, table, lanes = args(KINDS["hex 5x5"]())
    a, b = np.random.Generator(np.random.PCG64(3)), np.random.Generator(np.random.PCG64(3))
    grow_paths(label, table, lanes, a.bit_generator)
    twin(label, table, lanes, b)
    assert a.integers(2**62) == b.integers(2**62)


def test_inputs_are_not_written_and_empty_boards_work():
    label, table, lanes = args(KINDS["bridges 5x5"]())
    for a in (label, table, lanes):
        a.flags.writeable = False
    grow_paths(label, table, lanes, np.random.PCG64(0))
    lab, nodes, offsets = grow_paths(
        np.zeros(0, np.int32), np.zeros((0, 2), np.int32), np.zeros(0, np.uint8), np.random.PCG64(0)
    )
    assert lab.size == nodes.size == 0 and offsets.tolist() == [0]
    lone = grow_paths(
        np.zeros(3, np.int32),
        np.full((3, 1), -1, np.int32),
        np.zeros(3, np.uint8),
        np.random.PCG64(0),
    )
    assert lone[0].tolist() == [0, 0, 0] and lone[2].tolist() == [0]


@pytest.mark.parametrize("kind", list(KINDS))
def test_generate_board_reproduces_0_2(kind):
    got = []
    for min_length in (2, 3):
        for seed in range(4):
            p, sol = made(KINDS[kind](), seed=seed, min_length=min_length)
            data = np.asarray(p.values).tobytes() + np.asarray(sol).tobytes()
            got.append(hashlib.sha256(data).hexdigest()[:16])
    assert got == GOLDEN_0_2[kind]


def test_long_paths_on_small_hexagons_within_the_default_attempts():
    # 0.2 gave up after 100 boards on about a quarter of these seeds; the same boards are drawn
    # now, and the default of 1000 reaches a repaired one
    blank = hex_board(z(5, 5))
    gave_up = 0
    for seed in range(12):
        p, sol = made(blank, seed=seed, min_length=5, unique=False)
        lengths = np.bincount(sol[sol > 0])[1:]
        assert (lengths >= 5).all() and p.check(sol)
        try:
            made(blank, seed=seed, min_length=5, unique=False, max_attempts=100)
        except ValueError:
            gave_up += 1
    assert gave_up >= 1


def test_ctrl_c_stops_the_attempts_and_leaves_the_generator_usable():
    # boards that can never be repaired (paths of 49 nodes on 49 hexagons that cannot hold one),
    # drawn up to 10**8 times: without polling the call would return None after minutes. The
    # third poll acts as Ctrl-C (counted, not timed), then the same bit generator, re-seeded,
    # lays the paths a fresh one lays (its lock was released)
    from _sigint import same, trapped

    label, table, lanes = args(hex_board(z(7, 7)))
    rng = np.random.Generator(np.random.PCG64(0))
    trapped(lambda: lay_paths(label, table, lanes, rng.bit_generator, 49, 10**8), 3)
    fresh = np.random.PCG64(5)
    rng.bit_generator.state = np.random.PCG64(5).state
    again = lay_paths(label, table, lanes, rng.bit_generator, 3, 10)
    assert again is not None  # lock released
    assert same(again, lay_paths(label, table, lanes, fresh, 3, 10))
