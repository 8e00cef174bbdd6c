"""Proof certificates (issue 12): a won position's whole strategy, and a lost position's escape
for the cat, each checked by two checkers that share nothing with the solver: trapcore's own
(``check_certificate``, ``check_escape_certificate``) and one written here on the reference
twins' hex rules; corrupted certificates are refused by both, and the exact minimax twin decides
which positions have one."""

import copy
import json

import numpy as np
import pytest
from _suite import sample, size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.cat_solver import border_dist, nbrs, solve_twin
from reference.hexgrid import is_border
from trapcore.cat.proof import (
    certificate,
    check_certificate,
    check_escape_certificate,
    compact_certificate,
    escape_certificate,
)
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


@pytest.mark.parametrize(
    "n,blocks,seed",
    [
        *sample([(7, 12, 0), (7, 12, 1), (9, 16, 1)], 2),
        pytest.param(11, 20, 1, marks=pytest.mark.slow),
    ],
)
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
    # the quick run's seed has a certificate of some 400 positions, --full's of some 7,000
    board = tc.cat.winnable_board(7, 7, 12, policy="smart", seed=size(0, 1))
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
    assert tc.cat.solve(board, (3, 3), policy="optimal").verdict == "loss"
    with pytest.raises(SearchLimitExceeded, match="not proven won"):
        certificate(board, (3, 3))
    fake = [0, 0, [[q[0], q[1], None] for q in tc.cat.hexgrid.neighbours((3, 3), (7, 7))]]
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
    # (the quick run's seed finds its board some twenty times sooner)
    board = tc.cat.winnable_board(9, 9, 16, policy="smart", seed=size(1, 0))
    with pytest.raises(SearchLimitExceeded, match="max_positions"):
        certificate(board, (4, 4), max_positions=3)
    with pytest.raises(ValueError, match="max_nodes"):
        certificate(board, (4, 4), max_nodes=0)
    with pytest.raises(ValueError, match="cat"):
        check_certificate(board, (0, 99), None)


# ----------------------------------------------------------------------------------------------
# escape certificates (lost positions: the cat's side)


def reference_escape_check(board, cat, cert):
    """The escape certificate's rules on the twins' grid: each zone cell is free and not the
    cat's and is answered; the free cells outside the zone are answered all blocked at once;
    every step goes to a free neighbour; the cat is never cut off from the border; every line
    ends with the cat on the border."""
    rows, cols = len(board), len(board[0])
    blocked0 = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    def player(blocked, cat, node):
        if is_border(*cat, rows, cols):
            return True
        if cat not in border_dist(blocked, rows, cols):
            return False
        rest, answers = node
        zone = [(x[0], x[1]) for x in answers]
        if len(set(zone)) != len(zone):
            return False
        for (r, c), x in zip(zone, answers):
            if not (0 <= r < rows and 0 <= c < cols) or (r, c) in blocked or (r, c) == cat:
                return False
            if not step(blocked | {(r, c)}, cat, x[2]):
                return False
        others = {
            (r, c)
            for r in range(rows)
            for c in range(cols)
            if (r, c) not in blocked and (r, c) != cat
        } - set(zone)
        return not others or step(blocked | others, cat, rest)

    def step(blocked, cat, node):
        r, c, sub = node
        if (r, c) not in nbrs(*cat, rows, cols) or (r, c) in blocked:
            return False
        return is_border(r, c, rows, cols) or player(blocked, (r, c), sub)

    try:
        return player(blocked0, tuple(cat), cert)
    except (TypeError, ValueError, IndexError):
        return False


def _escape_size(node):
    """Player positions in an escape certificate's tree (shared subtrees counted each time)."""
    if node is None:
        return 0
    rest, answers = node
    steps = [rest, *(x[2] for x in answers)]
    return 1 + sum(_escape_size(st[2]) for st in steps if st is not None)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_escape_certificates_of_empty_boards_check(n):
    """The empty boards are lost for the player (the README's table): each proof is written out
    and checked by both checkers, also after a trip through JSON."""
    board = np.zeros((n, n), np.uint8)
    cat = (n // 2, n // 2)
    cert = escape_certificate(board, cat)
    assert check_escape_certificate(board, cat, cert)
    assert reference_escape_check(board.tolist(), cat, cert)
    assert check_escape_certificate(board, cat, json.loads(json.dumps(cert)))
    assert _escape_size(cert) >= (1 if n > 3 else 0)
    # a won position (the twin or the solver says so) has none, and no certificate fits it
    assert not check_certificate(board, cat, cert)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), blocks=st.integers(2, 10))
def test_escape_certificate_exists_exactly_when_the_twin_says_lost(seed, blocks):
    board = tc.cat.hexgrid.random_board(5, 5, blocks, seed=seed, keep_free=(2, 2))
    want = solve_twin(board.tolist(), (2, 2))
    if want == "loss":
        cert = escape_certificate(board, (2, 2))
        assert check_escape_certificate(board, (2, 2), cert)
        assert reference_escape_check(board.tolist(), (2, 2), cert)
    else:
        with pytest.raises(SearchLimitExceeded, match="not proven lost"):
            escape_certificate(board, (2, 2))


def test_escape_certificates_never_fit_won_positions():
    """Soundness, the sceptic's way: the certificates of 5x5 lost positions, offered for every
    won position with the cat in the same cell (the twin decides which is which), are refused
    by both checkers; each is accepted for its own position."""
    lost, won = [], []
    for seed in range(size(15, 60)):
        board = tc.cat.hexgrid.random_board(5, 5, 4 + seed % 9, seed=seed, keep_free=(2, 2))
        (lost if solve_twin(board.tolist(), (2, 2)) == "loss" else won).append(board)
    assert len(lost) >= size(4, 10) and len(won) >= size(4, 10)
    certs = [escape_certificate(b, (2, 2)) for b in lost]
    for b, cert in zip(lost, certs):
        assert check_escape_certificate(b, (2, 2), cert)
    for b in won:
        for cert in certs:
            assert not check_escape_certificate(b, (2, 2), cert)
            assert not reference_escape_check(b.tolist(), (2, 2), cert)


def test_corrupted_escape_certificates_are_refused():
    board = np.zeros((7, 7), np.uint8)
    cat = (3, 3)
    cert = escape_certificate(board, cat)
    bad = []
    first = cert[1][0]  # the first zone cell's answer: [row, col, [r, c, node]]
    b = copy.deepcopy(cert)
    b[1][0][2] = [3, 3, b[1][0][2][2]]  # the cat "steps" onto its own cell
    bad.append(b)
    b = copy.deepcopy(cert)
    b[1][0][2] = [0, 0, None]  # a step that is not to a neighbour
    bad.append(b)
    b = copy.deepcopy(cert)
    b[1].append(copy.deepcopy(first))  # a zone cell twice
    bad.append(b)
    b = copy.deepcopy(cert)
    b[1][0] = [3, 3, first[2]]  # the cat's own cell in the zone
    bad.append(b)
    b = copy.deepcopy(cert)
    b[0] = None  # the other blocks left unanswered
    bad.append(b)
    for b in (*bad, None, "loss", [1, 2, 3]):
        assert not check_escape_certificate(board, cat, b)
        assert not reference_escape_check(board.tolist(), cat, b)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**16), blocks=st.integers(2, 9), extra=st.integers(0, 24))
def test_blocks_never_help_the_cat(seed, blocks, extra):
    """The lemma escape certificates rest on, checked by brute force with the minimax twin: a
    position won for the player stays won with one more cell blocked."""
    board = tc.cat.hexgrid.random_board(5, 5, blocks, seed=seed, keep_free=(2, 2))
    free = [tuple(map(int, q)) for q in np.argwhere(board == 0) if tuple(q) != (2, 2)]
    if solve_twin(board.tolist(), (2, 2)) == "win" and free:
        more = board.copy()
        more[free[extra % len(free)]] = 1
        assert solve_twin(more.tolist(), (2, 2)) == "win"


def test_escape_certificate_budgets_and_arguments():
    board = np.zeros((7, 7), np.uint8)
    with pytest.raises(SearchLimitExceeded, match="max_positions"):
        escape_certificate(board, (3, 3), max_positions=2)
    with pytest.raises(ValueError, match="max_nodes"):
        escape_certificate(board, (3, 3), max_nodes=0)
    with pytest.raises(ValueError, match="cat"):
        check_escape_certificate(board, (0, 99), None)
    assert escape_certificate(board, (0, 3)) is None  # on the border: it escapes at once
    assert check_escape_certificate(board, (0, 3), None)


def _expand(compact):
    """The nested form of a compact certificate (the test's own reading of the index form)."""
    nodes = compact["nodes"]

    def node(i):
        if i is None:
            return None
        rest, answers = nodes[i]
        step = None if rest is None else [rest[0], rest[1], node(rest[2])]
        return [step, [[r, c, [st[0], st[1], node(st[2])]] for r, c, st in answers]]

    return node(compact["root"])


@pytest.mark.parametrize("n", [7, 8])
def test_compact_escape_certificates_keep_the_sharing(n):
    board, cat = np.zeros((n, n), np.uint8), (n // 2, n // 2)
    cert = escape_certificate(board, cat)
    compact = json.loads(json.dumps(compact_certificate(cert)))
    assert len(compact["nodes"]) <= _escape_size(cert)
    assert check_escape_certificate(board, cat, compact)
    assert _expand(compact) == json.loads(json.dumps(cert))  # the same strategy
    assert reference_escape_check(board.tolist(), cat, _expand(compact))
    bad = []
    for edit in ("range", "bool", "root", "keys"):
        b = copy.deepcopy(compact)
        if edit == "range":
            b["nodes"][0][1][0][2][2] = len(b["nodes"])  # a step to a node that is not there
        elif edit == "bool":
            b["nodes"][0][1][0][2][2] = True
        elif edit == "root":
            b["root"] = None
        else:
            del b["nodes"]
        bad.append(b)
    wrong = copy.deepcopy(compact)  # a step sent to another position's answer
    first = wrong["nodes"][0][1][0][2]
    if first[2] is not None:
        first[2] = (first[2] + 1) % len(wrong["nodes"])
        bad.append(wrong)
    for b in bad:
        assert not check_escape_certificate(board, cat, b)
