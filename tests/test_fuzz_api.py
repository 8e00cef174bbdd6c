"""Garbage in, clean errors out: throw arbitrary values at the public API and require that each
call either works or raises ValueError/TypeError, never anything else, and never crashes."""

import dataclasses
import math
import os
import pathlib
import tempfile
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import trapcore as tc
from trapcore import cat, maze, numberlink

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.complex_numbers(),
)
cells = st.one_of(scalars, st.tuples(scalars, scalars), st.lists(st.integers(-5, 40), max_size=4))
arrays = hnp.arrays(
    st.sampled_from(
        [
            np.uint8,
            np.int8,
            np.int16,
            np.int32,
            np.int64,
            np.uint64,
            np.float32,
            np.bool_,
            np.complex64,
        ]
    ),
    hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=12),
)
nested = st.lists(st.lists(st.integers(-3, 3), max_size=6), max_size=6)
anything = st.one_of(scalars, arrays, cells, nested)


def clean(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError):
        pass


@given(anything, cells)
def test_hexgrid_queries(board, start):
    clean(tc.cat.hexgrid.distances, board, start)
    clean(tc.cat.hexgrid.escape_path, board, start)
    clean(tc.cat.hexgrid.distance_to_border, board)


@given(scalars, scalars, scalars, scalars, cells)
def test_hexgrid_construction(r, c, rows, cols, keep):
    clean(tc.cat.hexgrid.neighbours, (r, c), (rows, cols))
    if isinstance(rows, int) and isinstance(cols, int) and abs(rows * cols) > 10**6:
        return
    clean(tc.cat.hexgrid.random_board, rows, cols, r, seed=c, keep_free=keep)


@given(anything, cells, scalars, scalars, scalars)
def test_cat_move(board, cat, policy, rules, seed):
    clean(tc.cat.cat_move, board, cat, policy=policy, rules=rules, seed=seed)


@given(scalars, scalars, scalars, scalars, scalars, cells)
def test_cat_game(rows, cols, blocked, cat, rules, cell):
    if isinstance(rows, int) and isinstance(cols, int) and abs(rows * cols) > 10**5:
        return
    try:
        game = tc.CatGame(rows, cols, blocked, policy=cat, rules=rules, seed=0)
    except (ValueError, TypeError):
        return
    try:
        game.block(cell)
    except (ValueError, TypeError):
        pass


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (2, 1), (2, 2), (1, 30), (3, 3)])
def test_tiny_games_play_out(rows, cols):
    for policy in ("bfs", "rays"):
        for rules in ("enclosed", "surrounded"):
            game = tc.CatGame(rows, cols, 0, policy=policy, rules=rules, seed=1)
            for _ in range(rows * cols):
                if game.status != "playing":
                    break
                assert game.legal_blocks(), "a game in play always leaves the player a move"
                game.block(game.legal_blocks()[0])
            assert game.status in ("won", "lost")


# ---------------------------------------------------------------------------------------------
# Every argument of every public function, one wrong value at a time: each call with a wrong
# value raises ValueError/TypeError naming the argument, or (for an equivalent spelling of the
# valid value: a numpy scalar, a list for an array) gives the answer the valid value gives.


class Kind:
    """What an argument takes: ``valid`` (the baseline), ``bad`` (values that must be refused),
    ``same`` (other spellings of ``valid`` that must give the baseline's answer), ``either``
    (refused, or the baseline's answer)."""

    def __init__(self, valid, bad=(), same=(), either=()):
        self.valid, self.bad, self.same, self.either = valid, list(bad), list(same), list(either)

    def optional(self):
        """The same kind, ``None`` no longer among the bad values."""
        return Kind(self.valid, [b for b in self.bad if b is not None], self.same, self.either)


_JUNK = [None, b"\xff", "x", 1.5, float("nan"), 3 + 1j, object()]


def INT(v, *, lo=1, huge_ok=False):
    bad = [
        None,
        "3",
        b"3",
        float(v),
        v + 0.5,
        True,
        False,
        [v],
        (v,),
        np.float64(v),
        np.array([v]),
        np.array(v, np.float32),
        3 + 0j,
        lo - 1,
        lo - 2**70,
    ]
    either = [2**70, 2**64, 2**63] if huge_ok else []
    if not huge_ok:
        bad += [2**70, 2**64]
    same = [np.int64(v), np.int32(v), np.array(v, np.int32)]
    if 0 <= v < 256:
        same.append(np.uint8(v))
    return Kind(v, bad, same, either)


def FLAG(v):
    return Kind(
        v,
        [None, 0, 1, "yes", "", b"", 1.0, [v], np.array([v, v]), np.int64(1), object()],
        [np.bool_(v)],
    )


def CHOICE(v):
    return Kind(
        v,
        [None, v.encode(), v.upper() + "?", "", 1, 0.5, True, [v], (v,), np.array([v, v])],
        [np.str_(v)],
    )


def TEXT(v):
    return Kind(v, [None, v.encode(), 1, 2.5, True, [v], (v,), object()], [np.str_(v)])


def CELL(v, shape):
    r, c = v
    rows, cols = shape
    return Kind(
        v,
        [
            None,
            b"zz",
            b"\x01\x02",
            "ab",
            "1,2",
            1,
            1.5,
            True,
            (float(r), float(c)),
            (r + 0.5, c),
            (True, c),
            (r, None),
            (r, "1"),
            [[r, c]],
            (r, c, 0),
            (r,),
            (),
            np.array([r, c], float),
            np.array([[r, c]]),
            {r: 1, c + 100: 2},
            (-1, c),
            (r, -1),
            (rows, c),
            (r, cols),
            (2**70, c),
            (r, -(2**70)),
            (np.float64(r), c),
            (r, np.float32(c)),
            (r, b"\x01"),
        ],
        [[r, c], np.array([r, c]), (np.int64(r), np.int32(c)), np.array([r, c], np.uint16)],
    )


def SHAPE(v):
    r, c = v
    return Kind(
        v,
        [
            None,
            b"zz",
            b"\x03\x04",
            "34",
            "ab",
            3,
            3.5,
            True,
            (float(r), c),
            (r, c + 0.5),
            (True, c),
            (r, None),
            [[r, c]],
            (r, c, 1),
            (r,),
            (),
            np.array([r, c], float),
            {r: 1, c + 100: 2},
            (0, c),
            (r, 0),
            (-3, c),
            (r, -1),
            (2**70, c),
            (2**40, 2**40),
            (np.float64(r), c),
        ],
        [[r, c], np.array([r, c]), (np.int64(r), np.int32(c))],
    )


def ARRAY(v, *, values_bad=(), allow_bool=False):
    """A 2-D integer array argument ``v``."""
    bad = [
        None,
        b"\x00\x00",
        "00",
        0,
        1.5,
        True,
        v.astype(np.float64),
        v.astype(np.complex64),
        v.astype(object),
        v[0],
        v[None],
        np.zeros((0, v.shape[1]), v.dtype),
        [[0, 0], [0]],
        [[[0]]],
        v.tolist() and [[str(x) for x in row] for row in v.tolist()],
        np.ma.masked_array(v),
    ]
    bad += list(values_bad)
    if not allow_bool:
        bad.append(v.astype(bool))
    same = [v.tolist(), v.astype(np.int64), np.asfortranarray(v), _readonly(v)]
    return Kind(v, bad, same)


def _readonly(v):
    v = v.copy()
    v.flags.writeable = False
    return v


def SEED(v=1):
    return Kind(
        v,
        ["1", b"1", 1.5, True, -1, [1], (1,), np.float64(1), 2 + 0j, object()],
        [np.int64(v), np.uint32(v)],
    ).optional()


def OBJ(v, bad):
    return Kind(v, bad)


@dataclasses.dataclass
class Target:
    name: str
    fn: object
    args: dict  # parameter name -> Kind, in order; positional ones first
    positional: int = 0  # how many of ``args`` are passed by position
    call: object = None  # how to turn the answer into something comparable (default: itself)


BOARD = np.zeros((5, 5), np.uint8)
BOARD[0, 2] = BOARD[3, 1] = 1
SMALL = np.zeros((4, 4), np.uint8)
CAT = (2, 2)


def _board_kind(b):
    return ARRAY(b, values_bad=[b + 2, b.astype(np.int8) - 1])


KEEP = CELL((2, 3), (5, 6)).optional()
KEEP.same += [[[2, 3]], np.array([[2, 3]])]  # keep_free also takes a list of cells
KEEP.bad = [b for b in KEEP.bad if repr(b) not in ("[[2, 3]]", "()", "array([[2, 3]])")]


class _Rng:
    """A fresh ``Generator(PCG64(1))`` at each use: the baseline and each call draw alike."""


RNG = Kind(_Rng, ["x", b"", 1.5, True, -1, [1], object()], [np.int64(1)], [1])


def _cat_targets():
    hg = cat.hexgrid
    bk = _board_kind(BOARD)
    sk = _board_kind(SMALL)
    cell = CELL(CAT, BOARD.shape)
    policy = CHOICE("bfs")
    cert = cat.escape_certificate(SMALL, (1, 1))
    cert_kind = OBJ(cert, [None, "x", b"", 1, 1.5, [1, 2], [[1]], {"a": 1}, ((1, 2), (3, 4))])
    lost = np.ones((4, 4), np.uint8)
    lost[1, 1] = 0
    pcert = cat.certificate(lost, (1, 1))
    game = cat.CatGame(5, 5, 3, seed=1)
    return [
        Target(
            "cat.hexgrid.neighbours",
            hg.neighbours,
            {"cell": CELL((1, 2), (3, 4)), "shape": SHAPE((3, 4))},
            2,
        ),
        Target(
            "cat.hexgrid.is_border",
            hg.is_border,
            {"cell": CELL((1, 2), (3, 4)), "shape": SHAPE((3, 4))},
            2,
        ),
        Target("cat.hexgrid.distances", hg.distances, {"board": bk, "start": cell}, 2),
        Target("cat.hexgrid.escape_path", hg.escape_path, {"board": bk, "start": cell}, 2),
        Target("cat.hexgrid.distance_to_border", hg.distance_to_border, {"board": bk}, 1),
        Target(
            "cat.hexgrid.random_board",
            hg.random_board,
            {
                "rows": INT(5),
                "cols": INT(6),
                "blocked": INT(4, lo=0),
                "seed": SEED(),
                "keep_free": KEEP,
            },
            3,
        ),
        Target(
            "cat.odd_r_cell",
            cat.odd_r_cell,
            {"cell": CELL((1, 2), (3, 4)), "shape": SHAPE((3, 4))},
            2,
        ),
        Target(
            "cat.cat_move",
            cat.cat_move,
            {
                "board": bk,
                "cat": cell,
                "policy": policy,
                "rules": CHOICE("enclosed"),
                "seed": SEED(),
            },
            2,
        ),
        Target(
            "cat.player_move",
            cat.player_move,
            {
                "board": bk,
                "cat": cell,
                "player": CHOICE("greedy"),
                "policy": policy,
                "seed": SEED(),
                "max_nodes": INT(50, huge_ok=True),
            },
            2,
        ),
        Target(
            "cat.solve",
            cat.solve,
            {
                "board": sk,
                "cat": CELL((1, 1), (4, 4)),
                "policy": policy,
                "max_nodes": INT(2000, huge_ok=True),
                "max_depth": INT(20, huge_ok=True).optional(),
                "method": CHOICE("auto"),
                "workers": INT(1).optional(),
            },
            2,
        ),
        Target(
            "cat.hint",
            cat.hint,
            {
                "board": sk,
                "cat": CELL((1, 1), (4, 4)),
                "policy": policy,
                "max_nodes": INT(2000, huge_ok=True),
            },
            2,
        ),
        Target(
            "cat.SolverPlayer()",
            cat.SolverPlayer(max_nodes=500),
            {"board": sk, "cat": CELL((1, 1), (4, 4)), "rng": RNG},
            3,
        ),
        Target(
            "cat.SolverPlayer.hint",
            cat.SolverPlayer(max_nodes=500).hint,
            {"board": sk, "cat": CELL((1, 1), (4, 4))},
            2,
        ),
        Target(
            "cat.SolverCat()",
            lambda board, cat_, rng: cat.SolverCat(max_nodes=500)(board, cat_, rng),
            {"board": sk, "cat": CELL((1, 1), (4, 4)), "rng": RNG},
            3,
        ),
        Target(
            "cat.SolverPlayer",
            cat.SolverPlayer,
            {"policy": policy, "max_nodes": INT(50, huge_ok=True)},
            1,
            repr,
        ),
        Target(
            "cat.SolverCat",
            cat.SolverCat,
            {"max_nodes": INT(50, huge_ok=True), "workers": INT(1).optional()},
            1,
            repr,
        ),
        Target(
            "cat.winnable_board",
            cat.winnable_board,
            {
                "rows": INT(5),
                "cols": INT(5),
                "blocked": INT(6, lo=0),
                "policy": policy,
                "start": CELL((2, 2), (5, 5)).optional(),
                "seed": SEED(),
                "max_nodes": INT(2000, huge_ok=True),
                "max_attempts": INT(20, huge_ok=True),
            },
            3,
        ),
        Target(
            "cat.certificate",
            cat.certificate,
            {
                "board": _board_kind(lost),
                "cat": CELL((1, 1), (4, 4)),
                "max_nodes": INT(2000, huge_ok=True),
                "max_positions": INT(2000, huge_ok=True),
            },
            2,
        ),
        Target(
            "cat.check_certificate",
            cat.check_certificate,
            {"board": _board_kind(lost), "cat": CELL((1, 1), (4, 4)), "cert": Kind(pcert)},
            3,
        ),
        Target(
            "cat.escape_certificate",
            cat.escape_certificate,
            {
                "board": sk,
                "cat": CELL((1, 1), (4, 4)),
                "max_nodes": INT(2000, huge_ok=True),
                "max_positions": INT(2000, huge_ok=True),
            },
            2,
        ),
        Target(
            "cat.check_escape_certificate",
            cat.check_escape_certificate,
            {"board": sk, "cat": CELL((1, 1), (4, 4)), "cert": Kind(cert)},
            3,
        ),
        Target("cat.compact_certificate", cat.compact_certificate, {"cert": cert_kind}, 1),
        Target(
            "cat.simulate",
            cat.simulate,
            {
                "games": INT(3, lo=0),
                "rows": INT(5),
                "cols": INT(5),
                "blocked": INT(3, lo=0),
                "policy": policy,
                "player": CHOICE("greedy"),
                "rules": CHOICE("enclosed"),
                "seed": SEED(),
                "workers": INT(1).optional(),
                "max_nodes": INT(50, huge_ok=True),
                "progress": Kind(None, ["x", 1, b"", True]).optional(),
            },
            4,
            lambda r: (r.wins, r.outcomes.tolist(), r.moves.tolist()),
        ),
        Target(
            "cat.render_board",
            cat.render_board,
            {
                "board": bk,
                "cat": cell.optional(),
                "numbers": FLAG(True),
                "layout": CHOICE("even-r"),
                "style": CHOICE("drawing"),
            },
            2,
        ),
        Target("cat.read_board", cat.read_board, {"text": TEXT(cat.render_board(BOARD, CAT))}, 1),
        Target(
            "cat.board_from_text",
            cat.board_from_text,
            {"text": TEXT(cat.render_board(BOARD, CAT)), "layout": CHOICE("even-r").optional()},
            1,
        ),
        Target("cat.to_odd_r", cat.to_odd_r, {"board": bk, "cat": cell.optional()}, 2),
        Target("cat.from_odd_r", cat.from_odd_r, {"board": bk, "cat": cell.optional()}, 2),
        Target(
            "cat.CatGame",
            cat.CatGame,
            {
                "rows": INT(5),
                "cols": INT(5),
                "blocked": INT(6, lo=0),
                "policy": policy,
                "rules": CHOICE("enclosed"),
                "seed": SEED(),
                "start": CELL((2, 2), (5, 5)).optional(),
                "winnable": FLAG(True),
                "max_nodes": INT(2000, huge_ok=True).optional(),
                "max_attempts": INT(20, huge_ok=True).optional(),
            },
            3,
            lambda g: (repr(g), g.board.tolist()),
        ),
        Target(
            "cat.CatGame.from_board",
            cat.CatGame.from_board,
            {
                "board": bk,
                "start": cell.optional(),
                "policy": policy,
                "rules": CHOICE("enclosed"),
                "seed": SEED(),
            },
            2,
            lambda g: (repr(g), g.board.tolist()),
        ),
        Target(
            "cat.CatGame.block",
            lambda cell: _game().block(cell),
            {"cell": CELL(_free(game), (5, 5))},
            1,
        ),
        Target(
            "cat.CatGame.hint",
            lambda **kw: _game().hint(**kw),
            {"policy": policy.optional(), "max_nodes": INT(2000, huge_ok=True)},
            0,
        ),
        Target(
            "cat.CatGame.analyze",
            lambda **kw: _game().analyze(**kw),
            {"max_nodes": INT(2000, huge_ok=True)},
            0,
        ),
    ]


def _game():
    return cat.CatGame(5, 5, 3, seed=1)


def _free(game):
    return next(c for c in game.legal_blocks() if c != (2, 2))


MAZE = maze.Maze.carve(3, 4, seed=1)


def _maze_targets():
    doors = np.array(MAZE.doors)
    dk = ARRAY(doors, values_bad=[doors | 0x30, doors.astype(np.int16) - 1], allow_bool=False)
    cell = CELL((1, 2), (3, 4))
    side = CHOICE("right")
    m = MAZE

    def door_fn(fn, *rest):
        def call(doors, cell, side, *more):
            d = doors.copy() if isinstance(doors, np.ndarray) else doors
            out = fn(d, cell, side, *more)
            return out, (np.array(d).tolist() if isinstance(d, np.ndarray) else None)

        return call

    grid = m.to_grid()
    ik = Kind(doors, dk.bad, [], dk.same)  # the in-place helpers take a uint8 ndarray only
    return [
        Target(
            "maze.Maze",
            maze.Maze,
            {
                "doors": dk,
                "entrance": CELL((0, 0), (3, 4)),
                "exit": CELL((2, 3), (3, 4)).optional(),
            },
            1,
            lambda x: (x.doors.tolist(), x.entrance, x.exit),
        ),
        Target(
            "maze.carve_many",
            maze.carve_many,
            {
                "n": INT(2, lo=0),
                "rows": INT(3),
                "cols": INT(4),
                "seed": SEED(),
                "method": CHOICE("kruskal"),
                "workers": INT(1).optional(),
            },
            3,
        ),
        Target("maze.check_doors", maze.check_doors, {"doors": dk, "name": TEXT("doors")}, 1),
        Target("maze.door", maze.door, {"doors": ik, "cell": cell, "side": side}, 3),
        Target(
            "maze.open_door", door_fn(maze.open_door), {"doors": ik, "cell": cell, "side": side}, 3
        ),
        Target(
            "maze.close_door",
            door_fn(maze.close_door),
            {"doors": ik, "cell": cell, "side": side},
            3,
        ),
        Target(
            "maze.lock_door", door_fn(maze.lock_door), {"doors": ik, "cell": cell, "side": side}, 3
        ),
        Target(
            "maze.set_door",
            door_fn(maze.set_door),
            {"doors": ik, "cell": cell, "side": side, "state": INT(1, lo=0)},
            4,
        ),
        Target("maze.down_doors", maze.down_doors, {"doors": ik}, 1),
        Target("maze.right_doors", maze.right_doors, {"doors": ik}, 1),
        Target(
            "maze.from_connection_list",
            maze.from_connection_list,
            {
                "connection_list": Kind(
                    maze.to_connection_list(m), [None, "x", b"", 1, doors, doors.astype(float)]
                ),
                "entrance": CELL((0, 0), (3, 4)).optional(),
                "exit": CELL((2, 3), (3, 4)).optional(),
            },
            1,
            lambda x: (x.doors.tolist(), x.entrance, x.exit),
        ),
        Target(
            "maze.from_labmaze_text",
            maze.from_labmaze_text,
            {"text": TEXT(maze.to_labmaze_text(m))},
            1,
            lambda x: x.doors.tolist(),
        ),
        Target(
            "maze.from_maze_dataset_ascii",
            maze.from_maze_dataset_ascii,
            {"text": TEXT(maze.to_maze_dataset_ascii(m))},
            1,
            lambda x: x.doors.tolist(),
        ),
        Target(
            "maze.to_connection_list",
            maze.to_connection_list,
            {"maze": Kind(m, _JUNK + [doors])},
            1,
        ),
        Target("maze.to_labmaze_text", maze.to_labmaze_text, {"maze": Kind(m, _JUNK + [doors])}, 1),
        Target(
            "maze.to_maze_dataset_ascii",
            maze.to_maze_dataset_ascii,
            {
                "maze": Kind(m, _JUNK + [doors]),
                "path": Kind(None, ["x", b"", 1.5, [[0.5, 1]], [[9, 9]]]),
                "endpoints": FLAG(True),
            },
            1,
        ),
        Target(
            "maze.Maze.carve",
            maze.Maze.carve,
            {
                "rows": INT(3),
                "cols": INT(4),
                "seed": SEED(),
                "method": CHOICE("kruskal"),
                "entrance": CELL((0, 0), (3, 4)),
                "exit": CELL((2, 3), (3, 4)).optional(),
                "progress": Kind(None, ["x", 1, b"", True]).optional(),
            },
            2,
            lambda x: x.doors.tolist(),
        ),
        Target(
            "maze.Maze.from_grid",
            maze.Maze.from_grid,
            {
                "grid": ARRAY(grid, values_bad=[grid + 2], allow_bool=True),
                "entrance": CELL((0, 0), (3, 4)).optional(),
                "exit": CELL((2, 3), (3, 4)).optional(),
            },
            1,
            lambda x: (x.doors.tolist(), x.entrance, x.exit),
        ),
        Target(
            "maze.Maze.from_networkx",
            maze.Maze.from_networkx,
            {
                "graph": Kind(m.to_networkx(), _JUNK + [doors, {}]),
                "shape": SHAPE((3, 4)).optional(),
                "entrance": CELL((0, 0), (3, 4)).optional(),
                "exit": CELL((2, 3), (3, 4)).optional(),
            },
            1,
            lambda x: (x.doors.tolist(), x.entrance, x.exit),
        ),
        Target(
            "maze.Maze.to_svg colors",
            m.to_svg,
            {
                "colors": Kind(
                    None,
                    [
                        "x",
                        b"",
                        1,
                        [(0, 0, 0)],
                        {"wall": "x"},
                        {"wall": (1.5, 0, 0)},
                        {"wall": (0, 0, 300)},
                        {"wall": (0, 0)},
                        {"nope": (0, 0, 0)},
                        {"wall": b"\x00\x00\x00"},
                    ],
                )
            },
            0,
        ),
        Target(
            "maze.Maze.braid",
            m.braid,
            {
                "p": Kind(
                    0.5,
                    [None, "0.5", b"", -0.1, 1.5, float("nan"), float("inf"), 1j, [0.5]],
                    [np.float64(0.5)],
                ),
                "seed": SEED(),
            },
            1,
            lambda x: x.doors.tolist(),
        ),
        Target("maze.Maze.distances", m.distances, {"start": CELL((1, 2), (3, 4)).optional()}, 0),
        Target("maze.Maze.door", m.door, {"cell": cell, "side": side}, 2),
        Target(
            "maze.Maze.solve",
            m.solve,
            {
                "start": CELL((1, 2), (3, 4)).optional(),
                "goal": CELL((0, 0), (3, 4)).optional(),
                "method": CHOICE("wall"),
                "hand": CHOICE("left").optional(),
            },
            0,
        ),
        Target(
            "maze.Maze.trace",
            m.trace,
            {
                "start": CELL((1, 2), (3, 4)).optional(),
                "goal": CELL((0, 0), (3, 4)).optional(),
                "hand": CHOICE("right"),
            },
            0,
            lambda t: (t.path.tolist(), t.moves.tolist(), t.hand),
        ),
        Target(
            "maze.Maze.with_openings",
            m.with_openings,
            {"entrance": CELL((0, 0), (3, 4)).optional(), "exit": CELL((2, 3), (3, 4)).optional()},
            0,
            lambda x: (x.doors.tolist(), x.entrance, x.exit),
        ),
        Target(
            "maze.Maze.to_text",
            m.to_text,
            {"path": Kind(None, ["x", b"", 1.5, [[0.5, 1]], [[9, 9]], 3])},
            0,
        ),
        Target(
            "maze.Maze.to_svg",
            m.to_svg,
            {"scale": INT(4), "path": Kind(None, ["x", b"", 1.5, [[0.5, 1]], [[9, 9]], 3])},
            0,
        ),
        Target(
            "maze.Maze.to_image",
            m.to_image,
            {
                "scale": INT(4),
                "wall": INT(1),
                "path": Kind(None, ["x", b"", 1.5, [[0.5, 1]], [[9, 9]], 3]),
                "trace": Kind(None, ["x", b"", 1.5, [[0.5, 1]], [[9, 9]], 3]),
            },
            0,
            lambda im: np.asarray(im).tolist(),
        ),
    ]


GRID = np.array([[1, 2, 1, 0], [0, 0, 2, 0], [0, 0, 0, 0], [3, 0, 0, 3]], np.int16)
PUZZLE = numberlink.Puzzle(GRID)
SOL = np.array(PUZZLE.solve()[0])
LAYERS = numberlink.parse_contest_board(numberlink.contest_text(PUZZLE))
LABELS = np.array(LAYERS.solve(limit=1)[0])


def _puzzle_key(p):
    return (
        np.asarray(p.grid).tolist(),
        None if p.solution is None else np.asarray(p.solution).tolist(),
        p.fill,
        p.touch,
        p.symbols,
    )


def _files():
    folder = tempfile.mkdtemp(prefix="trapcore-fuzz-api-")
    path = os.path.join(folder, "p.txt")
    with open(path, "w") as fh:
        fh.write(PUZZLE.to_text())
    bad = [None, 0, 1, 1.5, True, [path], (path,), object(), np.array([path, path])]
    return Kind(path, bad, [pathlib.Path(path), np.str_(path)], [path.encode()]), os.path.join(
        folder, "o.txt"
    )


def _numberlink_targets():
    global FILE, OUT
    FILE, OUT = _files()
    gk = ARRAY(GRID, values_bad=[GRID.astype(np.int32) + 40000, GRID - 5])
    pk = Kind(PUZZLE, _JUNK + [GRID, "1.2\n...\n1.2"])
    text = PUZZLE.to_text()
    nodes = INT(10000, huge_ok=True).optional()
    return [
        Target(
            "nl.Puzzle",
            numberlink.Puzzle,
            {
                "grid": gk,
                "solution": ARRAY(SOL, values_bad=[SOL + 9]).optional(),
                "symbols": TEXT("ABC").optional(),
                "fill": FLAG(True),
                "touch": FLAG(True),
            },
            2,
            _puzzle_key,
        ),
        Target("nl.measure", numberlink.measure, {"puzzle": pk}, 1),
        Target(
            "nl.generate",
            numberlink.generate,
            {
                "rows": INT(4),
                "cols": INT(5).optional(),
                "seed": SEED(),
                "fill": FLAG(True).optional(),
                "touch": FLAG(True).optional(),
                "min_length": INT(3),
                "long_paths": FLAG(False).optional(),
                "solids": FLAG(False),
                "unique": FLAG(True),
                "difficulty": CHOICE("easy").optional(),
                "max_attempts": INT(50, huge_ok=True),
                "max_nodes": INT(100000, huge_ok=True).optional(),
                "prover": CHOICE("search"),
            },
            2,
            _puzzle_key,
        ),
        Target(
            "nl.difficulty_band",
            numberlink.difficulty_band,
            {
                "level": CHOICE("easy"),
                "rows": INT(6),
                "cols": INT(7).optional(),
                "fill": FLAG(True),
                "touch": FLAG(True),
            },
            3,
        ),
        Target("nl.difficulty_level", numberlink.difficulty_level, {"puzzle": pk}, 1),
        Target(
            "nl.solve",
            numberlink.solve,
            {
                "grid": gk,
                "fill": FLAG(True),
                "touch": FLAG(True),
                "limit": INT(2, huge_ok=True),
                "max_nodes": nodes,
                "method": CHOICE("auto"),
            },
            1,
            lambda s: [np.asarray(x).tolist() for x in s],
        ),
        Target(
            "nl.count",
            numberlink.count,
            {"grid": gk, "fill": FLAG(True), "touch": FLAG(True), "max_nodes": nodes},
            1,
        ),
        Target(
            "nl.count_nodes",
            numberlink.count_nodes,
            {
                "grid": gk,
                "fill": FLAG(True),
                "touch": FLAG(True),
                "limit": INT(2, huge_ok=True),
                "max_nodes": nodes,
            },
            1,
        ),
        Target(
            "nl.check",
            numberlink.check,
            {
                "grid": gk,
                "solution": ARRAY(SOL, values_bad=[SOL + 9]),
                "fill": FLAG(True),
                "touch": FLAG(True),
            },
            2,
        ),
        Target(
            "nl.parse_puzzles",
            lambda *a, **k: [_puzzle_key(p) for p in numberlink.parse_puzzles(*a, **k)],
            {"text": TEXT(text), "source": TEXT("t")},
            1,
        ),
        Target(
            "nl.parse_contest",
            numberlink.parse_contest,
            {"text": TEXT(numberlink.contest_text(PUZZLE)), "source": TEXT("t")},
            1,
            _puzzle_key,
        ),
        Target(
            "nl.parse_contest_board",
            numberlink.parse_contest_board,
            {"text": TEXT(numberlink.contest_text(PUZZLE)), "source": TEXT("t")},
            1,
            repr,
        ),
        Target(
            "nl.contest_answer",
            numberlink.contest_answer,
            {
                "puzzle": Kind(LAYERS, _JUNK + [PUZZLE]),
                "labels": Kind(
                    LABELS,
                    [None, "x", b"", 1.5, LABELS.astype(float), LABELS + 99, LABELS[:1]],
                    [LABELS.tolist(), LABELS.astype(np.int64)],
                ),
            },
            2,
        ),
        Target(
            "nl.contest_text", numberlink.contest_text, {"puzzle": pk, "solution": FLAG(False)}, 1
        ),
        Target(
            "nl.parse_puzzlink",
            numberlink.parse_puzzlink,
            {"url": TEXT(numberlink.puzzlink_url(PUZZLE))},
            1,
            _puzzle_key,
        ),
        Target("nl.puzzlink_url", numberlink.puzzlink_url, {"puzzle": pk}, 1),
        Target(
            "nl.grid_board",
            numberlink.grid_board,
            {
                "grid": gk,
                "wrap": CHOICE("rows").optional(),
                "fill": FLAG(True),
                "touch": FLAG(True),
            },
            1,
            repr,
        ),
        Target(
            "nl.grid_board variants",
            numberlink.grid_board,
            {
                "grid": Kind(
                    np.zeros((3, 3), np.int16)
                    + np.array([[0, 2, 0], [1, 0, 1], [0, 2, 0]], np.int16)
                ),
                "bridges": Kind(
                    [(1, 1)],
                    [
                        "x",
                        b"\x01\x01",
                        1.5,
                        [(1, 1.5)],
                        [(9, 9)],
                        [(-1, 0)],
                        [(0, 1)],
                        [[1, 1, 1]],
                        np.ones((2, 2), bool),
                        np.ones((3, 3), float),
                    ],
                    [np.array([[1, 1]]), ((1, 1),)],
                ),
                "warps": Kind(
                    (),
                    [
                        "x",
                        b"",
                        1,
                        [1],
                        [(1, 2)],
                        [((0, 0), (9, 9))],
                        [((0, 0), (0.5, 1))],
                        [((0, 0), (0, 0))],
                        [(b"\x00\x00", (1, 1))],
                    ],
                ),
                "fill": FLAG(False),
            },
            1,
            repr,
        ),
        Target(
            "nl.Puzzle.from_graph",
            numberlink.Puzzle.from_graph,
            {
                "values": Kind(
                    PUZZLE.values,
                    [
                        None,
                        "x",
                        b"",
                        1,
                        PUZZLE.values.astype(float),
                        PUZZLE.values[None],
                        PUZZLE.values.astype(np.int32) + 40000,
                        PUZZLE.values[:-1],
                    ],
                    [PUZZLE.values.tolist()],
                ),
                "neighbours": Kind(
                    PUZZLE.neighbours,
                    [
                        None,
                        "x",
                        b"",
                        1,
                        PUZZLE.neighbours.astype(float),
                        PUZZLE.neighbours[:-1],
                        PUZZLE.neighbours + 99,
                        PUZZLE.neighbours[None],
                    ],
                    [PUZZLE.neighbours.tolist()],
                ),
                "fill": FLAG(True),
                "touch": FLAG(True),
            },
            2,
            repr,
        ),
        Target(
            "nl.read_puzzles",
            lambda f: [_puzzle_key(p) for p in numberlink.read_puzzles(f)],
            {"file": FILE},
            1,
        ),
        Target("nl.Puzzle.from_file", numberlink.Puzzle.from_file, {"file": FILE}, 1, _puzzle_key),
        Target(
            "nl.write_puzzles",
            numberlink.write_puzzles,
            {
                "file": Kind(OUT, FILE.bad),
                "puzzles": Kind([PUZZLE], [None, "x", b"", 1, [GRID], [None], PUZZLE]),
                "style": CHOICE("header"),
                "solution": FLAG(False),
            },
            2,
        ),
        Target(
            "nl.hex_board",
            numberlink.hex_board,
            {"grid": gk, "fill": FLAG(True), "touch": FLAG(True)},
            1,
            repr,
        ),
        Target(
            "nl.layered_board",
            numberlink.layered_board,
            {
                "grid": Kind(GRID[None], [None, "x", b"", 1, GRID.astype(float)[None]]),
                "fill": FLAG(False),
                "touch": FLAG(True),
            },
            1,
            repr,
        ),
        Target("nl.Puzzle.check", PUZZLE.check, {"labels": ARRAY(SOL, values_bad=[SOL + 9])}, 1),
        Target("nl.Puzzle.count", PUZZLE.count, {"max_nodes": nodes}, 0),
        Target(
            "nl.Puzzle.count_nodes",
            PUZZLE.count_nodes,
            {"limit": INT(2, huge_ok=True), "max_nodes": nodes},
            0,
        ),
        Target(
            "nl.Puzzle.solve",
            PUZZLE.solve,
            {"limit": INT(2, huge_ok=True), "max_nodes": nodes},
            0,
            lambda s: [np.asarray(x).tolist() for x in s],
        ),
        Target(
            "nl.Puzzle.from_text", numberlink.Puzzle.from_text, {"text": TEXT(text)}, 1, _puzzle_key
        ),
        # to_grid lays any labels out, paths or not (Puzzle.check says whether they solve it)
        Target(
            "nl.Puzzle.to_grid", PUZZLE.to_grid, {"labels": ARRAY(SOL), "lane": CHOICE("across")}, 1
        ),
        Target(
            "nl.Puzzle.to_text",
            PUZZLE.to_text,
            {"style": CHOICE("header"), "solution": FLAG(False)},
            0,
        ),
    ]


def _targets():
    return _cat_targets() + _maze_targets() + _numberlink_targets()


def _key(target, value):
    out = (target.call or (lambda x: x))(value)
    return _plain(out)


def _plain(x):
    if isinstance(x, np.ndarray):
        return ("array", x.dtype.str, x.tolist())
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [_plain(i) for i in x])
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return _plain(dataclasses.astuple(x))
    if isinstance(x, float) and math.isnan(x):
        return "nan"
    if isinstance(x, (np.generic,)):
        return x.item()
    return x


def _cases():
    for t in _targets():
        for name, kind in t.args.items():
            for how, values in (("bad", kind.bad), ("same", kind.same), ("either", kind.either)):
                for v in values:
                    yield t, name, how, v


def _call(t, name, value):
    pos = []
    kw = {}
    for j, (n, kind) in enumerate(t.args.items()):
        v = value if n == name else kind.valid
        if v is _Rng:
            v = np.random.Generator(np.random.PCG64(1))
        if j < t.positional:
            pos.append(v)
        else:
            kw[n] = v
    return t.fn(*pos, **kw)


def _label(v):
    text = repr(v)
    return text if len(text) < 40 else text[:37] + "..."


def find_defects():
    """Every (target, argument, value) whose call does not behave: a list of strings."""
    defects = []
    baselines = {}
    for t, name, how, v in _cases():
        if t.name not in baselines:
            baselines[t.name] = _key(t, _call(t, None, None))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = _key(t, _call(t, name, v))
        except (ValueError, TypeError) as exc:
            if how == "same":
                defects.append(f"{t.name}({name}={_label(v)}): refused an equivalent value: {exc}")
            elif name not in str(exc):
                defects.append(
                    f"{t.name}({name}={_label(v)}): message does not name {name!r}: {exc}"
                )
            continue
        except Exception as exc:  # the point: no other exception type
            defects.append(f"{t.name}({name}={_label(v)}): {type(exc).__name__}: {exc}")
            continue
        if how == "bad":
            defects.append(f"{t.name}({name}={_label(v)}): accepted, answered {_label(out)}")
        elif out != baselines[t.name]:
            defects.append(f"{t.name}({name}={_label(v)}): a different answer {_label(out)}")
    return defects


def test_every_argument_refuses_wrong_values_by_name():
    defects = find_defects()
    assert not defects, f"{len(defects)} defects:\n" + "\n".join(defects)


# -- issue 46's reproductions, by name ---------------------------------------------------------
@pytest.mark.parametrize(
    "fn", [cat.odd_r_cell, cat.hexgrid.neighbours, cat.hexgrid.is_border], ids=lambda f: f.__name__
)
@pytest.mark.parametrize("shape", [b"zz", "zz", bytearray(b"zz"), {3: 0, 4: 0}, {3, 4}])
def test_a_shape_of_bytes_or_a_mapping_is_refused(fn, shape):
    with pytest.raises(TypeError, match=r"shape must be a \(rows, cols\) pair of ints"):
        fn((1, 2), shape)


def test_compact_certificate_of_none_is_refused():
    with pytest.raises(ValueError, match="cert is not an escape certificate"):
        cat.compact_certificate(None)


def test_a_numpy_str_option_is_a_plain_str():
    game = tc.CatGame(5, 5, 3, policy=np.str_("bfs"), seed=1)
    assert type(game.policy) is str and "policy='bfs'" in repr(game)
