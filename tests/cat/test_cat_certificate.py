"""Proof certificates (issue 12): a won position's whole strategy, checked by two checkers that
share nothing with the solver: trapcore's own (``check_certificate``) and one written here on the
reference twins' hex rules; corrupted certificates are refused by both."""

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.cat_solver import border_dist, nbrs, solve_twin
from reference.hexgrid import is_border
from trapcore.cat.proof import certificate, check_certificate
from trapcore.errors import SearchLimitExceeded


def reference_check(board, cat, cert):
    """The certificate's rules on the twins' grid: the player's block is free and not the cat's,
    every free neighbour of the cat is answered, the cat never stands on the border with the
    player to move, every line ends with the cat cut off from the border."""
    rows, cols = len(board), len(board[0])
    blocked = {(r, c) for r in range(rows) for c in range(cols) if board[r][c]}

    def walk(blocked, cat, node):
        if is_border(*cat, rows, cols):
            return False
        if cat not in border_dist(blocked, rows, cols):
            return True
        if node is None:
            return False
        r, c, replies = node
        if (r, c) in blocked or (r, c) == cat:
            return False
        after = blocked | {(r, c)}
        if cat not in border_dist(after, rows, cols):
            return True
        moves = {q for q in nbrs(*cat, rows, cols) if q not in after}
        answered = {(x[0], x[1]): x[2] for x in replies}
        return set(answered) == moves and all(walk(after, q, answered[q]) for q in moves)

    return walk(frozenset(blocked), tuple(cat), cert)


def _size(node):
    return 0 if node is None else 1 + sum(_size(x[2]) for x in node[2])


@pytest.mark.parametrize("n,blocks,seed", [(7, 12, 0), (7, 12, 1), (9, 16, 1), (11, 20, 1)])
def test_certificates_of_won_starts_check(n, blocks, seed):
    board = tc.cat.winnable_board(n, n, blocks, policy="smart", seed=seed)
    cat = (n // 2, n // 2)
    cert = certificate(board, cat)
    assert _size(cert) >= 1
    assert check_certificate(board, cat, cert) and reference_check(board.tolist(), cat, cert)
    again = json.loads(json.dumps(cert))  # plain lists: a certificate travels as JSON
    assert check_certificate(board, cat, again)


def _corruptions(cert):
    """Certificates one edit away from ``cert`` along its first line of play, each no longer a
    proof: a cat reply left unanswered, or a line cut short (``None`` where the cat is not yet
    enclosed: the certificate would have said ``None`` itself otherwise)."""
    out, depth, node = [], 0, cert
    while node is not None and node[2]:
        for edit in ("drop", "cut"):
            bad = copy.deepcopy(cert)
            at = bad
            for _ in range(depth):
                at = at[2][0][2]
            if edit == "drop":
                at[2].pop()
            elif at[2][0][2] is not None:
                at[2][0][2] = None
            else:
                continue
            out.append(bad)
        node, depth = node[2][0][2], depth + 1
    return out


def test_corrupted_certificates_are_refused():
    board = tc.cat.winnable_board(7, 7, 12, policy="smart", seed=1)
    cat = (3, 3)
    cert = certificate(board, cat)
    bad = _corruptions(cert)
    assert len(bad) >= 3
    for b in bad:
        assert not check_certificate(board, cat, b)
        assert not reference_check(board.tolist(), cat, b)
    on_cat = [cat[0], cat[1], cert[2]]  # blocking the cat's own cell
    r, c = np.argwhere(board == 1)[0]
    on_blocked = [int(r), int(c), cert[2]]  # blocking a blocked cell
    for b in (on_cat, on_blocked, "win", None, [1, 2]):
        assert not check_certificate(board, cat, b)  # no proof, and no crash


def test_lost_positions_have_no_certificate():
    board = np.zeros((7, 7), np.uint8)  # the empty 7x7 board is lost for the player
    assert tc.cat.solve(board, (3, 3)).verdict == "loss"
    with pytest.raises(SearchLimitExceeded, match="not proven won"):
        certificate(board, (3, 3))
    fake = [0, 0, [[q[0], q[1], None] for q in tc.cat.hexgrid.neighbors((3, 3), (7, 7))]]
    assert not check_certificate(board, (3, 3), fake)
    assert not reference_check(board.tolist(), (3, 3), fake)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), blocks=st.integers(4, 10))
def test_certificate_exists_exactly_when_the_twin_says_won(seed, blocks):
    board = tc.cat.hexgrid.random_board(5, 5, blocks, seed=seed, keep_free=(2, 2))
    want = solve_twin(board.tolist(), (2, 2))
    if want == "win":
        cert = certificate(board, (2, 2))
        assert check_certificate(board, (2, 2), cert)
        assert reference_check(board.tolist(), (2, 2), cert)
    else:
        with pytest.raises(SearchLimitExceeded):
            certificate(board, (2, 2))


def test_budgets_and_arguments():
    board = tc.cat.winnable_board(9, 9, 16, policy="smart", seed=0)
    with pytest.raises(SearchLimitExceeded, match="max_positions"):
        certificate(board, (4, 4), max_positions=3)
    with pytest.raises(ValueError, match="max_nodes"):
        certificate(board, (4, 4), max_nodes=0)
    with pytest.raises(ValueError, match="cat"):
        check_certificate(board, (0, 99), None)
