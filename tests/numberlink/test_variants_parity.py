"""The colour count of ``Board`` (``_parity_refutes``): with ``fill`` on a bipartite board, every
path alternates colours, so blacks minus whites must equal the pairs with two black ends minus
those with two white ends. Checked here against the independent SAT model and brute force of
tests/reference/numberlink_graph.py: a refuted board never has a solution; and the boards it
settles are the ones the search could not (random boards of layers with fill)."""

import numpy as np
import pytest

from reference.numberlink_graph import brute_force, neighbours_grid, neighbours_layered
from trapcore import numberlink as nl
from trapcore.errors import SearchLimitExceeded


def random_pairs(rng, shape, pairs):
    g = np.zeros(shape, np.int16)
    cells = rng.choice(g.size, 2 * pairs, replace=False)
    for k in range(pairs):
        g.flat[cells[2 * k : 2 * k + 2]] = k + 1
    return g


def test_refuted_boards_have_no_solution_by_brute_force():
    """Small bipartite boards of every kind, refuted or not: whenever the count refutes one, the
    brute force finds no solution; the count refutes a good share of them."""
    rng = np.random.default_rng(1)
    refuted = 0
    for trial in range(240):
        kind = ("grid", "wrap", "layers", "vias")[trial % 4]
        if kind in ("grid", "wrap"):
            g = random_pairs(rng, (3, 4), 2 + trial % 2)
            if trial % 3 == 0:  # one solid square on an empty one
                empty = np.argwhere(g == 0)
                g[tuple(empty[rng.integers(len(empty))])] = -1
            wrap = "rows" if kind == "wrap" else None
            board = nl.grid_board(g, wrap=wrap)
            adj = neighbours_grid(g, wrap=wrap)
        else:
            g = random_pairs(rng, (2, 2, 3), 2)
            vias = [[(0, 1, 1), (1, 1, 1)]] if kind == "vias" and g[:, 1, 1].max() == 0 else None
            board = nl.layered_board(g, vias=vias, fill=True)
            adj = neighbours_layered(2, 2, 3, vias=vias)
        if board._parity_refutes():
            refuted += 1
            assert brute_force([int(v) for v in board.values], adj, limit=1) == []
            assert board.solve() == [] and board.count() == 0 and board.count_nodes() == 0
    assert refuted >= 40


def test_random_boards_of_layers_settle():
    """3 x 4 x 4 layers with fill and three random pairs: before the count, 185 of 300 such
    boards needed more than 10**6 search nodes (all 185 refuted by the count); now every one
    settles within that. Each solution found passes the Board's checker (itself checked against
    the references in test_variants.py; the reference checker's path search is exponential on
    these boards); each "none" that the count did not give is confirmed by the SAT model (the
    count's own are the test above's)."""
    pytest.importorskip("pysat")
    from reference.numberlink_graph import sat_solutions

    rng = np.random.default_rng(0)
    adj = neighbours_layered(3, 4, 4)
    refuted = 0
    for _ in range(40):
        g = random_pairs(rng, (3, 4, 4), 3)
        board = nl.layered_board(g, fill=True)
        found = board.solve(limit=1, max_nodes=10**6)  # raises if over budget
        values = [int(v) for v in board.values]
        if found:
            assert board.check(found[0]) and (found[0] > 0).all()
        elif board._parity_refutes():
            refuted += 1
        else:
            assert sat_solutions(values, adj, fill=True, limit=1) == []
    assert refuted >= 15


def test_boards_that_are_not_bipartite_or_not_filled_are_never_refuted():
    hexes = nl.hex_board([[1, 0, 0], [0, 0, 0], [0, 0, 1]])  # triangles: not bipartite
    assert not hexes._parity_refutes() and hexes.count() > 0
    odd = nl.grid_board([[1, 0, 1]], wrap="rows")  # a ring of three
    assert not odd._parity_refutes()
    loose = nl.grid_board([[1, 1, 0, 0]], fill=False)
    assert not loose._parity_refutes() and loose.count() == 1
    # a 2 x 2 grid: two black and two white squares; one pair on the two black squares leaves
    # the whites uncovered whatever the path: refuted, and indeed no solution
    tight = nl.grid_board([[1, 0], [0, 1]])
    assert tight._parity_refutes() and tight.solve() == []
    # a pair split between two parts (a wall of solids) has no path
    split = nl.grid_board([[1, -1, 1], [2, -1, 2]])
    assert split._parity_refutes()


@pytest.mark.parametrize("touch", [True, False])
def test_grid_colour_count_is_sound_and_settles(touch):
    """The same count on plain grids (``solve``, ``count``, ``count_nodes`` with fill): every
    refuted grid has no solution by the reference brute force; of 40 random 10x10 grids with four
    pairs, the count refutes 30 (settled in no search node), and the sweeps settle all but at
    most 3 of the 40 within 10**6 nodes (measured: 3 under touch=True, none under touch=False)."""
    from reference.numberlink_rules import brute_solutions
    from trapcore.numberlink._portfolio import colour_refutes as _colour_refutes

    rng = np.random.default_rng(3)
    refuted = 0
    for trial in range(160):
        g = random_pairs(rng, (3, 3 + trial % 2), 2)
        if trial % 3 == 0:  # one solid square on an empty one
            empty = np.argwhere(g == 0)
            g[tuple(empty[rng.integers(len(empty))])] = -1
        if _colour_refutes(g):
            refuted += 1
            assert brute_solutions(g, fill=True, touch=touch, limit=1) == []
            assert nl.solve(g, touch=touch) == [] and nl.count(g, touch=touch) == 0
            assert nl.count_nodes(g, touch=touch) == 0
    assert refuted >= 30
    rng = np.random.default_rng(0)
    refuted = unsettled = 0
    for _ in range(40):
        g = random_pairs(rng, (10, 10), 4)
        if _colour_refutes(g):
            refuted += 1
            assert nl.count_nodes(g, touch=touch, limit=1) == 0
            continue
        try:
            nl.solve(g, touch=touch, limit=1, max_nodes=10**6)
        except SearchLimitExceeded:
            unsettled += 1
    assert refuted == 30 and unsettled <= 3
    assert not _colour_refutes(nl.generate(8, seed=1, touch=touch).grid)  # solvable
