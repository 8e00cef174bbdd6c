"""The enclosure test of the proof-number search (src/cat/enclose.pxd, a minimum cut between the
cat and the border with move timing): the same deficits and cuts as its plain-Python twin, every
win it claims closed in time by a checker with no flow in it, and every such position won for the
exact minimax twin."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.cat_enclose import closes_in_time, enclosure_twin
from reference.cat_solver import border_dist, nbrs, solve_twin
from trapcore.cat import _pns as catpns
from trapcore.cat import hexgrid

NO_CUT = 1 << 28  # the kernel's deficit when every cut needs more than max_flow cells


def _board(n, blocks, seed):
    return hexgrid.random_board(n, n, blocks, seed=seed, keep_free=(n // 2, n // 2))


def _kernel(b, cat, max_flow=12):
    e, cut = catpns.enclosure(np.ascontiguousarray(b, np.uint8), *cat, max_flow)
    return int(e), {(int(r), int(c)) for r, c in np.argwhere(cut)}


def _escapable(b, cat):
    rows, cols = b.shape
    blocked = {(int(r), int(c)) for r, c in np.argwhere(b)}
    d = border_dist(frozenset(blocked), rows, cols).get(cat)
    return d is not None and d >= 1


def _positions(seed, count, smallest, fewest_blocks):
    """Random n x n boards (smallest <= n <= 11), the cat in the centre and able to escape: (n,
    board, cat, the kernel's deficit, its cut)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(smallest, 12))
        b = _board(n, int(rng.integers(fewest_blocks, n * n // 2)), int(rng.integers(1 << 30)))
        cat = (n // 2, n // 2)
        if _escapable(b, cat):
            yield (n, b, cat, *_kernel(b, cat))


def test_same_deficits_and_cuts_as_the_twin():
    checked = wins = cat_to_move_wins = 0
    for _n, b, cat, e, cut in _positions(7, size(150, 300), 5, 0):
        want, want_cut = enclosure_twin(b.tolist(), cat)
        if want is None:
            assert e == NO_CUT and not cut
            continue
        assert (e, cut) == (want, want_cut)
        checked += 1
        if e <= 0:
            wins += 1
            assert closes_in_time(b.tolist(), cat, cut, cat_to_move=e <= -1)
            cat_to_move_wins += e <= -1
    assert checked >= size(100, 200) and wins >= size(15, 30) and cat_to_move_wins >= size(5, 10)


def test_max_flow_bounds_the_cut():
    b = np.zeros((11, 11), np.uint8)  # the empty board: every cut has many cells
    e, cut = _kernel(b, (5, 5), max_flow=3)
    assert e == NO_CUT and not cut
    e, cut = _kernel(b, (5, 5), max_flow=40)
    want, want_cut = enclosure_twin(b.tolist(), (5, 5), max_flow=40)
    assert (e, cut) == (want, want_cut) and e > 0


def _cat_to_move_won(board, cat):
    """Every cat reply leaves a position the player, to move, wins (exact minimax twin)."""
    rows, cols = len(board), len(board[0])
    for q in nbrs(*cat, rows, cols):
        if board[q[0]][q[1]]:
            continue
        if solve_twin(board, q, "optimal") != "win":
            return False
    return True


def test_claimed_wins_are_won_for_the_minimax_twin():
    rng = np.random.default_rng(3)
    player_wins = cat_wins = 0
    for _ in range(160):
        b = _board(6, int(rng.integers(8, 18)), int(rng.integers(1 << 30)))
        cat = (3, 3)
        if not _escapable(b, cat):
            continue
        e, _ = _kernel(b, cat)
        if e <= 0:
            player_wins += 1
            assert solve_twin(b.tolist(), cat, "optimal") == "win", b
        if e <= -1:
            cat_wins += 1
            assert _cat_to_move_won(b.tolist(), cat), b
    assert player_wins >= 20 and cat_wins >= 5


@settings(max_examples=60, deadline=None)
@given(
    st.integers(6, 7),
    st.integers(4, 16),
    st.integers(0, 2**30),
    st.integers(-1, 1),
    st.integers(-1, 1),
)
def test_claimed_wins_hypothesis(n, blocks, seed, dr, dc):
    b = _board(n, blocks, seed)
    cat = (n // 2 + dr, n // 2 + dc)
    if b[cat] or not _escapable(b, cat):
        return
    e, cut = _kernel(b, cat)
    if e > 0:
        return
    assert closes_in_time(b.tolist(), cat, cut, cat_to_move=e <= -1)
    # playing the cut out: the solver's win holds, and its block is a cut cell nearest the cat
    sol = tc.cat.solve(b, cat, max_nodes=20_000, method="pns", policy="optimal")
    assert sol.verdict is tc.Verdict.WIN


def test_a_static_win_names_its_block():
    # the line after two cat replies: the enclosure test alone proves it, so the proof-
    # number search searches nothing and names the cut cell next to the cat
    b = np.zeros((11, 11), np.uint8)
    for p in [(5, 7), (6, 6), (6, 7), (7, 8), (7, 10), (8, 5), (8, 9), (8, 10), (9, 7), (9, 10)]:
        b[p] = 1
    for p in [(10, 6), (10, 7), (10, 8), (10, 10), (7, 9), (8, 6)]:
        b[p] = 1
    e, cut = _kernel(b, (7, 7))
    assert e <= 0 and (7, 6) in cut
    sol = tc.cat.solve(b, (7, 7), max_nodes=1_000, method="pns", policy="optimal")
    assert sol.verdict is tc.Verdict.WIN and sol.block == (7, 6) and sol.nodes == 0
    b[7, 6] = 1
    for q in hexgrid.neighbours((7, 7), b.shape):  # every cat reply stays won
        if not b[q]:
            assert tc.cat.solve(b, q, max_nodes=1_000, policy="optimal").verdict is tc.Verdict.WIN


def test_cuts_are_minimum_by_networkx():
    """The kernel's best cut, held against networkx's own flow: its nearest cell is m steps from
    the cat, so it is a cut among the cells at least m steps away, and no such cut is smaller
    (the cells nearer than m, merged into the cat, cannot be cut)."""
    nx = pytest.importorskip("networkx")
    from reference.cat_solver import _dist_from

    checked = 0
    for n, b, cat, e, cut in _positions(11, size(60, 120), 6, 5):
        if e == NO_CUT:
            continue
        blocked = frozenset((int(r), int(c)) for r, c in np.argwhere(b))
        dist = _dist_from(blocked, cat, n, n)
        m = min(dist[p] for p in cut)
        g = nx.Graph()
        name = {p: ("S" if dist[p] < m else p) for p in dist}
        for p in dist:
            for q in nbrs(*p, n, n):
                if q in dist and name[p] != name[q]:
                    g.add_edge(name[p], name[q])
            if p[0] in (0, n - 1) or p[1] in (0, n - 1):
                g.add_edge(name[p], "T")
        assert len(nx.minimum_node_cut(g, "S", "T")) == len(cut)
        checked += 1
    assert checked >= size(30, 60)
