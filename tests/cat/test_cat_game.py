"""CatGame and the cat policies (bfs, rays; enclosed and surrounded rules) against the twins."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapcore as tc
from reference.cat import cat_reply
from reference.hexgrid import is_border as twin_is_border
from reference.hexgrid import neighbors as twin_neighbors
from reference.hexgrid import random_board as twin_random_board
from reference.random import Uint32Stream
from trapcore.cat import CatGame, Status, cat_move, hexgrid
from trapcore.errors import IllegalMoveError


def twin_stream(seed):
    return Uint32Stream(np.random.Generator(np.random.PCG64(seed)))


def player_moves(game, rng):
    """A mixed player: usually blocks the cat's next BFS step, sometimes a random free cell."""
    path = hexgrid.escape_path(game.board, game.cat)
    if path is not None and len(path) > 1 and rng.random() < 0.7:
        return tuple(int(v) for v in path[1])
    cells = game.legal_blocks()
    return cells[rng.integers(len(cells))]


@pytest.mark.parametrize("policy", ["bfs", "rays"])
@pytest.mark.parametrize("rules", ["enclosed", "surrounded"])
@pytest.mark.parametrize("seed", range(40))
def test_game_matches_twin(policy, rules, seed):
    rows, cols, blocked = (7, 9, 10) if seed % 2 else (11, 11, 8)
    game = CatGame(rows, cols, blocked, policy=policy, rules=rules, seed=seed)
    stream = twin_stream(seed)
    board = twin_random_board(rows, cols, blocked, stream, [(rows // 2, cols // 2)])
    assert game.board.tolist() == board
    cat = game.cat
    prng = np.random.default_rng(seed)
    status = "playing"
    played = 0
    while game.status == "playing":
        cell = player_moves(game, prng)
        played += 1
        assert game.block(cell) is game.status
        board[cell[0]][cell[1]] = 1
        if twin_is_border(*cat, rows, cols):
            status = "lost"
        else:
            nxt = cat_reply(board, cat, policy, rules, stream)
            if nxt is None:
                status = "won"
            else:
                assert nxt in twin_neighbors(*cat, rows, cols)  # exactly one step
                cat = nxt
        assert game.cat == cat and game.status == status
        assert game.history[-1] == (cell, cat)
        assert game.board.tolist() == board
    assert game.moves == played > 0 and len(game.history) == played


@pytest.mark.parametrize("seed", range(30))
def test_bfs_cat_follows_a_shortest_path(seed):
    game = CatGame(11, 11, 12, policy="bfs", seed=seed)
    rng = np.random.default_rng(seed)
    while game.status == "playing":
        before = hexgrid.distance_to_border(game.board)
        cell = game.legal_blocks()[rng.integers(len(game.legal_blocks()))]
        old = game.cat
        game.block(cell)
        if game.status == "playing":
            after = hexgrid.distance_to_border(game.board)
            # the step goes one cell closer to the border on the board after the block
            assert game.cat in hexgrid.neighbours(old, (11, 11))
            assert after[game.cat] == after[old] - 1
            assert before[old] >= 0


def test_cat_on_border_escapes_on_next_block():
    board = np.zeros((5, 5), np.uint8)
    game = CatGame.from_board(board, (2, 2), seed=0)
    game.block((4, 4))
    assert game.cat == (2, 3) and game.status == "playing"  # stepped east, as the tie order says
    game.block((3, 3))
    assert game.cat == (2, 4)  # on the border now
    assert game.status == "playing"
    assert game.block((0, 0)) is Status.LOST
    assert game.history[-1] == ((0, 0), (2, 4))
    assert game.history[-2].cat == game.history[-1].cat == game.cat  # it escaped from there
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.block((1, 1))


def ring(r, c, rows, cols):
    return hexgrid.neighbours((r, c), (rows, cols))


def test_enclosed_rules_win_as_soon_as_cat_is_cut_off():
    rows = cols = 9
    board = np.zeros((rows, cols), np.uint8)
    cells = ring(4, 4, rows, cols)
    for cell in cells[:-1]:
        board[cell] = 1
    game = CatGame.from_board(board, seed=0)
    assert game.cat == (4, 4)
    assert game.block(cells[-1]) is Status.WON
    assert game.cat == (4, 4) and game.history[-1].cat == (4, 4)


def test_surrounded_rules_cat_moves_inside_its_pocket():
    rows = cols = 11
    board = np.zeros((rows, cols), np.uint8)
    # a pocket: the cat's cell and its E neighbour, walled in
    pocket = {(5, 5), (5, 6)}
    wall = {nb for p in pocket for nb in ring(*p, rows, cols)} - pocket
    wall = sorted(wall)
    for cell in wall[:-1]:
        board[cell] = 1
    game = CatGame.from_board(board, rules="surrounded", seed=1)
    game.block(wall[-1])
    assert game.status == "playing" and game.cat == (5, 6)  # enclosed, still moving
    assert game.block([c for c in game.legal_blocks() if c not in pocket][0]) == "playing"
    assert game.cat == (5, 5)
    assert game.block((5, 6)) == "won"  # no free neighbour left


def test_illegal_blocks_leave_the_game_unchanged():
    game = CatGame(seed=5)
    board, cat = game.board.copy(), game.cat
    blocked = tuple(int(v) for v in np.argwhere(game.board == 1)[0])
    for cell, exc, match in [
        (cat, IllegalMoveError, "cat's cell"),
        (blocked, IllegalMoveError, "already blocked"),
        ((11, 0), ValueError, "outside"),
        ((-1, 3), ValueError, "outside"),
        ((1.5, 2), TypeError, "row"),
        (5, TypeError, "cell"),
    ]:
        with pytest.raises(exc, match=match) as info:
            game.block(cell)
        # a move the rules forbid is an IllegalMoveError; a cell that is not one is not
        assert (info.type is IllegalMoveError) == (exc is IllegalMoveError)
        assert (game.board == board).all() and game.cat == cat and game.history == []
    with pytest.raises(TypeError):
        game.block(*cat)  # one cell, not two ints


def test_undo_restores_board_cat_status_and_randomness():
    game = CatGame(policy="rays", seed=11)
    rng = np.random.default_rng(0)
    snapshots = []
    while game.status == "playing":
        snapshots.append((game.board.copy(), game.cat, game.status, len(game.history)))
        game.block(player_moves(game, rng))
    final = (game.board.copy(), game.cat, game.status)
    last = game.history[-1].block
    for board, cat, status, n in reversed(snapshots):
        game.undo()
        assert (game.board == board).all() and game.cat == cat
        assert game.status == status and len(game.history) == n
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    # replaying the same blocks gives the same game, random rays included
    blocks = []
    game2 = CatGame(policy="rays", seed=11)
    rng = np.random.default_rng(0)
    while game2.status == "playing":
        blocks.append(player_moves(game2, rng))
        game2.block(blocks[-1])
    for b in blocks:
        game.block(b)
    assert (game.board == final[0]).all() and (game.cat, game.status) == final[1:]
    assert blocks[-1] == last


def test_board_is_read_only_and_not_the_live_buffer():
    game = CatGame(seed=2)
    view = game.board
    before = view.copy()
    with pytest.raises(ValueError):
        view[0, 0] = 1
    for array in (view, view.base):  # nothing behind the view can be made writeable either
        with pytest.raises(ValueError):
            array.flags.writeable = True
    cell = game.legal_blocks()[0]
    game.block(cell)
    assert np.array_equal(view, before)  # a view taken earlier does not change
    assert game.board[cell] == 1 and before[cell] == 0


def test_from_board_copies_its_board():
    board = np.zeros((7, 7), np.uint8)
    game = CatGame.from_board(board, seed=0)
    board[0, 0] = 1
    assert game.board[0, 0] == 0
    game.block((1, 1))
    assert board[1, 1] == 0


def test_same_seed_same_game():
    a, b = CatGame(seed=99), CatGame(seed=99)
    assert (a.board == b.board).all()
    assert not (CatGame(seed=100).board == a.board).all()
    assert a.board.sum() == 15 and a.board[5, 5] == 0


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        (dict(policy="smartest"), ValueError, "policy must be one of"),
        (dict(policy=1), TypeError, "policy must be one of"),
        (dict(rules="loose"), ValueError, "rules must be one of"),
        (dict(rows=0), ValueError, "rows must be >= 1"),
        (dict(cols=2.5), TypeError, "cols must be an integer"),
        (dict(rows=5, cols=5, blocked=25), ValueError, "blocked must be <= 24"),
        (dict(rows=10**6, cols=10**6), ValueError, "cells"),
        (dict(seed=-1), ValueError, "seed"),
        (dict(start=(11, 0)), ValueError, "start"),
        (dict(winnable=1), TypeError, "winnable"),
        (dict(max_nodes=10), ValueError, "max_nodes.*winnable"),
        (dict(max_attempts=10), ValueError, "max_attempts.*winnable"),
    ],
)
def test_bad_game_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        CatGame(**kwargs)


@pytest.mark.parametrize(
    "args,kwargs,exc,match",
    [
        ((np.ones((3, 3), np.uint8),), {}, ValueError, "start"),
        ((np.zeros((3, 3), np.uint8), (1, 2, 3)), {}, TypeError, "start"),
        ((np.zeros((3, 3), float),), {}, TypeError, "board"),
        ((np.zeros((3, 3), np.uint8),), dict(policy="optimal"), ValueError, "policy"),
        ((np.zeros((2000, 2000), np.uint8),), {}, ValueError, "board"),
    ],
)
def test_bad_from_board_arguments(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        CatGame.from_board(*args, **kwargs)


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        CatGame(11, 11, 15, "bfs")
    with pytest.raises(TypeError):
        CatGame(cat="bfs")  # 0.1's name for the policy is gone
    with pytest.raises(TypeError):
        CatGame.from_board(np.zeros((5, 5), np.uint8), (2, 2), "bfs")


def test_status_is_a_str_enum():
    assert [s.value for s in Status] == ["playing", "won", "lost"]
    assert Status.WON == "won" and isinstance(Status.LOST, str)
    assert str(Status.PLAYING) == f"{Status.PLAYING}" == "playing"
    assert repr(Status.WON) == "Status.WON"
    game = CatGame(seed=3)
    assert game.status is Status.PLAYING


def test_repr_says_what_it_is():
    game = CatGame(9, 7, 5, policy="rays", seed=1)
    assert repr(game) == "<CatGame 9x7 policy='rays' status=playing moves=0>"
    game.block(game.legal_blocks()[0])
    assert repr(game).endswith(f"status={game.status} moves=1>")


def test_state_cannot_be_set_from_outside():
    game = CatGame(seed=4)
    for name, value in [
        ("policy", "smart"),
        ("rules", "surrounded"),
        ("status", "won"),
        ("cat", (0, 0)),
        ("board", np.zeros((11, 11), np.uint8)),
        ("rows", 3),
    ]:
        with pytest.raises(AttributeError):
            setattr(game, name, value)
    game.history.append("junk")  # a copy
    assert game.history == []


@given(
    st.integers(0, 2**32),
    st.sampled_from(["bfs", "rays"]),
    st.sampled_from(["enclosed", "surrounded"]),
)
def test_cat_move_is_one_step_or_none(seed, policy, rules):
    rng = np.random.default_rng(seed)
    rows, cols = rng.integers(3, 14, 2)
    board = (rng.random((rows, cols)) < rng.random() * 0.6).astype(np.uint8)
    r, c = int(rng.integers(1, rows - 1)), int(rng.integers(1, cols - 1))
    board[r, c] = 0
    move = cat_move(board, (r, c), policy=policy, rules=rules, seed=seed)
    twin = cat_reply(board.tolist(), (r, c), policy, rules, twin_stream(seed))
    assert move == twin
    if move is not None:
        assert move in hexgrid.neighbours((r, c), (rows, cols)) and board[move] == 0


def test_cat_move_rejects_border_and_blocked_cats():
    board = np.zeros((5, 5), np.uint8)
    with pytest.raises(ValueError, match="border"):
        cat_move(board, (0, 2))
    board[2, 2] = 1
    with pytest.raises(ValueError, match="blocked"):
        cat_move(board, (2, 2))


def test_rays_cat_prefers_the_shortest_open_ray():
    board = np.zeros((9, 9), np.uint8)
    # cat at (4, 2): W ray has 2 cells to the edge, open; E ray 6 cells
    assert cat_move(board, (4, 2), policy="rays") == (4, 1)
    board[4, 1] = 1  # W closed: NE, NW and SW all have 4 cells; NE comes first in the order
    assert cat_move(board, (4, 2), policy="rays") == (3, 3)
    board[3, 3] = 1  # NE closed: NW (3, 2) is next in the order
    assert cat_move(board, (4, 2), policy="rays") == (3, 2)
    with pytest.raises(TypeError):
        cat_move(board, (4, 2), "rays")  # options are keyword-only


def test_text_drawing_shifts_even_rows():
    game = CatGame(3, 3, 0, seed=0)
    lines = game.to_text().splitlines()
    assert lines[1].endswith(" . . .") and lines[2].endswith(". C .")
    assert lines[1].index(".") == lines[2].index(".") + 1
    assert tc.cat.render_board(np.zeros((1, 2), np.uint8), numbers=False) == " . ."
