"""One Numberlink model (issue 26): a grid puzzle is one kind of board, so ``Puzzle`` is the one
class; the builders, ``Puzzle.from_graph``, ``generate`` of a blank and ``parse_contest_board`` make
``Puzzle`` objects; 0.2's ``Board`` still works (deprecated). The outputs of 0.2's ``Puzzle`` and
``Board`` (solutions, counts, search nodes, checks, layouts) were recorded before the change, on
puzzles from ``generate`` on grid sizes and on blank puzzles (0.2's ``generate_board``), and
must not change."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import pickle
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import trapcore as tc
from trapcore import numberlink as nl
from trapcore.numberlink import Puzzle, generate, grid_board, hex_board, layered_board


def made(puzzle, **options):
    """``generate(puzzle, ...)`` and its solution (the pair 0.2's ``generate_board`` returned)."""
    p = generate(puzzle, **options)
    return p, p.solution


def z(*shape: int) -> np.ndarray:
    return np.zeros(shape, np.int16)


def ladder() -> Puzzle:
    """A plain graph: two rows of six nodes, each row a path, node i joined to node i +- 6."""
    table = [
        [j for j in (i - 1 if i % 6 else -1, i + 1 if i % 6 != 5 else -1, (i + 6) % 12)]
        for i in range(12)
    ]
    return Puzzle.from_graph([0] * 12, table, fill=False)


VIAS = [[(0, 1, 1), (1, 1, 1)], [(0, 3, 2), (1, 3, 2)]]
KINDS: dict[str, Callable[[], Puzzle]] = {
    "grid 6x6": lambda: grid_board(z(6, 6)),
    "grid 5x5 nofill": lambda: grid_board(z(5, 5), fill=False),
    "hex 5x5": lambda: hex_board(z(5, 5)),
    "hex 6x6 notouch": lambda: hex_board(z(6, 6), touch=False),
    "bridges 5x5": lambda: grid_board(z(5, 5), bridges=[(1, 1), (3, 2)]),
    "torus 4x4": lambda: grid_board(z(4, 4), wrap="both"),
    "warps 5x5": lambda: grid_board(z(5, 5), warps=[((0, 2), (4, 2)), ((2, 0), (2, 4))]),
    "vias 2x4x4": lambda: layered_board(z(2, 4, 4), vias=VIAS),
    "layers 2x3x3": lambda: layered_board(z(2, 3, 3)),
    "ladder 2x6": ladder,
}

#: sha256 (16 hex digits) of the JSON of what ``record`` gives, by 0.2's Board and Puzzle
#: (recorded before Board became Puzzle, without python-sat).
GOLDEN_0_2 = {
    "board grid 6x6": "0a5480f2b93a23ab",
    "board grid 5x5 nofill": "b2d76bcff124f6d2",
    "board hex 5x5": "cebc481d0f67b768",
    "board hex 6x6 notouch": "b2f675389043472c",
    "board bridges 5x5": "ec078e2ee270e954",
    "board torus 4x4": "2138c5afae03a702",
    "board warps 5x5": "768b6e1aaaa0a646",
    "board vias 2x4x4": "f5ca844cb473241e",
    "board layers 2x3x3": "d3379b0b9bd39b13",
    "board ladder 2x6": "83c5c1aadf181011",
    # 0.3: ``solve(limit=1)`` under the touch rules, and without fill, lists the strict turn's
    # solution when it finds one first (paths that fill the grid and never run beside
    # themselves); 0.2's outputs hold without that turn (``WITHOUT_THE_STRICT_TURN``,
    # test_outputs_of_0_2_without_the_strict_turn)
    "puzzle fill=True touch=True": "6ef5174f6d6e6ea4",
    "puzzle fill=True touch=False": "8e7f55bfd205983d",
    "puzzle fill=False touch=True": "d0016006c155ea51",
    "puzzle fill=False touch=False": "fdbea19844767cc6",
}
#: 0.2's outputs that the strict turn changed
WITHOUT_THE_STRICT_TURN = {
    "puzzle fill=True touch=True": "6e36059fbcaa5b76",
    "puzzle fill=False touch=True": "16e0b9f985ed82b8",
    "puzzle fill=False touch=False": "e9204ae6c7176da6",
}


def h(*arrays: Any) -> str:
    d = hashlib.sha256()
    for a in arrays:
        d.update(np.ascontiguousarray(a).tobytes())
    return d.hexdigest()[:16]


def safe(f: Callable[[], Any]) -> Any:
    try:
        return f()
    except Exception as exc:  # a search over its budget is an output too
        return type(exc).__name__ + ": " + str(exc)


def sweeps_difficulty(q: Puzzle) -> float:
    """0.2's ``Puzzle.difficulty`` of a grid puzzle: the sweeps' nodes per square. 0.3 changed
    the difficulty on purpose (tests/numberlink/test_difficulty.py); the quantity 0.2 gave is
    still ``count_nodes(limit=2)`` per square, and must not have changed."""
    return round(q.count_nodes(limit=2) / max(1, int((q.grid >= 0).sum())), 3)


def record(kind: str) -> list[list[Any]]:
    rows: list[list[Any]] = []
    if kind.startswith("board "):
        for seed in range(3):
            p, sol = made(KINDS[kind[6:]](), seed=seed, unique=False, min_length=3)
            sols = p.solve(limit=3, max_nodes=10**6)
            one = p.solve(limit=1, max_nodes=10**6)
            c = safe(lambda p=p: p.count(max_nodes=10**6))
            cn = safe(lambda p=p: p.count_nodes(limit=2, max_nodes=10**6))
            ok = all(p.check(s) for s in sols)
            g = h(*(p.to_grid(s) for s in sols)) if p.shape is not None else ""
            gd = h(*(p.to_grid(s, lane="down") for s in sols)) if p.shape is not None else ""
            rows.append(
                [h(p.values, p.neighbours, sol), len(sols), h(*sols), h(*one), c, cn, ok, g, gd]
            )
        return rows
    fill, touch = (part.endswith("True") for part in kind.split()[1:])
    for n, seed in [(5, 0), (6, 1), (7, 2)]:
        p = nl.generate(n, seed=seed, unique=False, fill=fill, touch=touch)
        q = Puzzle(p.grid, fill=fill, touch=touch)
        sols = q.solve(limit=3, max_nodes=10**6)
        c = safe(lambda q=q: q.count(max_nodes=10**6))
        one = nl.solve(p.grid, fill=fill, touch=touch, limit=1, max_nodes=10**6)
        rows.append(
            [
                h(p.grid, p.solution),
                len(sols),
                h(*sols),
                c,
                h(*one),
                safe(lambda q=q: sweeps_difficulty(q)),
                str(q),
                repr(q),
            ]
        )
    return rows


@pytest.mark.parametrize("kind", sorted(GOLDEN_0_2))
def test_outputs_of_0_2(kind):
    got = hashlib.sha256(json.dumps(record(kind)).encode()).hexdigest()[:16]
    assert got == GOLDEN_0_2[kind]


def test_every_builder_makes_a_puzzle():
    for kind, make in KINDS.items():
        p = make()
        assert type(p) is Puzzle, kind
        q, sol = made(p, seed=1, unique=False)
        assert type(q) is Puzzle and q.solution is not None and q.check(sol)
        np.testing.assert_array_equal(q.solution, sol)
    contest = "SIZE 2X2X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(1,1,2)\n"
    assert type(nl.parse_contest_board(contest)) is Puzzle


def test_a_grid_puzzle_is_a_board():
    """``Puzzle(grid)`` has the board's graph: the same nodes and edges as ``grid_board(grid)``,
    and the same methods; it answers in grids."""
    g = nl.generate(6, seed=3).grid
    p, b = Puzzle(g), grid_board(g)
    np.testing.assert_array_equal(p.values, b.values)
    np.testing.assert_array_equal(p.neighbours, b.neighbours)
    np.testing.assert_array_equal(p.cells, b.cells)
    assert p.shape == b.shape == (6, 6) and len(p) == len(b) == 36 and p != b
    (s,) = p.solve()
    (t,) = b.solve()
    np.testing.assert_array_equal(s, b.to_grid(t))
    np.testing.assert_array_equal(p.to_grid(s), s)
    assert p.check(s) and b.check(t)
    assert p.count() == b.count() == 1
    assert p.count_nodes() == nl.count_nodes(g)
    for a in (p.values, p.neighbours, p.cells, p.grid, p.solution):
        assert not a.flags.writeable
    with pytest.raises(ValueError, match="shape"):
        p.check(t)


def test_generate_board_on_a_grid_puzzle():
    """A blank grid puzzle gets the paths a blank grid board gets, as grids."""
    for seed in range(4):
        p, s = made(Puzzle(z(5, 6)), seed=seed)
        q, t = made(grid_board(z(5, 6)), seed=seed)
        assert p.shape == (5, 6) and s.shape == (5, 6)
        np.testing.assert_array_equal(p.grid, q.to_grid(q.values))
        np.testing.assert_array_equal(s, q.to_grid(t))
        assert len(p.solve(limit=2)) == 1 and p.to_text().startswith("6 5\n")


def test_board_is_deprecated_and_still_works():
    ring = [[1, 5], [0, 2], [1, 3], [2, 4], [3, 5], [4, 0]]
    with pytest.warns(DeprecationWarning, match="numberlink.Board is deprecated, use"):
        board_class = nl.Board
    with pytest.warns(DeprecationWarning, match="variants.Board is deprecated"):
        from trapcore.numberlink.variants import Board  # noqa: F401
    old = board_class([1, 0, 0, 1, 0, 0], ring, fill=False)
    new = Puzzle.from_graph([1, 0, 0, 1, 0, 0], ring, fill=False)
    assert type(old) is Puzzle and old == new and old.count() == new.count() == 2
    assert isinstance(new, board_class) and isinstance(Puzzle([[1, 1]]), board_class)
    assert issubclass(Puzzle, board_class) and not isinstance(np.zeros(3), board_class)
    with pytest.raises(AttributeError):
        nl.Boards  # noqa: B018


#: ``pickle.dumps(grid_board([[0, 2, 0], [1, 0, 1], [0, 2, 0]], bridges=[(1, 1)], fill=False),
#: protocol=4)`` by 0.2 (a Board).
BOARD_PICKLE_0_2 = (
    "gASVVgIAAAAAAACMHHRyYXBjb3JlLm51bWJlcmxpbmsudmFyaWFudHOUjAVCb2FyZJSTlCmBlH2UKIwHX3ZhbHVl"
    "c5SMFm51bXB5Ll9jb3JlLm11bHRpYXJyYXmUjAxfcmVjb25zdHJ1Y3SUk5SMBW51bXB5lIwHbmRhcnJheZSTlEsA"
    "hZRDAWKUh5RSlChLAUsKhZRoCYwFZHR5cGWUk5SMAmkylImIh5RSlChLA4wBPJROTk5K/////0r/////SwB0lGKJ"
    "QxQAAAIAAAABAAAAAQAAAAIAAAAAAJR0lGKMBl90YWJsZZRoCGgLSwCFlGgNh5RSlChLAUsKSwOGlGgSjAJpNJSJ"
    "iIeUUpQoSwNoFk5OTkr/////Sv////9LAHSUYolDeAEAAAADAAAA/////wIAAAAJAAAAAAAAAAUAAAABAAAA////"
    "/wQAAAAGAAAAAAAAAAUAAAADAAAA/////wgAAAACAAAABAAAAAcAAAADAAAA/////wgAAAAJAAAABgAAAAUAAAAH"
    "AAAA/////wEAAAAHAAAA/////5R0lGKMBV9maWxslImMBl90b3VjaJSIjAZfc2hhcGWUSwNLA4aUjAZfY2VsbHOU"
    "aAhoC0sAhZRoDYeUUpQoSwFLA0sDhpRoIYlDJAAAAAABAAAAAgAAAAMAAAAEAAAABQAAAAYAAAAHAAAACAAAAJR0"
    "lGKMBV9kb3dulGgIaAtLAIWUaA2HlFKUKEsBSwNLA4aUaCGJQyQAAAAAAQAAAAIAAAADAAAACQAAAAUAAAAGAAAA"
    "BwAAAAgAAACUdJRidWIu"
)


#: 0.2's pickles of ``hex_board([[1, 0, 1], [2, 0, 2]], touch=False)`` and
#: ``layered_board(np.zeros((2, 2, 2), np.int16))`` (0.2's Board kept no kind: it is recovered).
HEX_PICKLE_0_2 = (
    "gASVHgIAAAAAAACMHHRyYXBjb3JlLm51bWJlcmxpbmsudmFyaWFudHOUjAVCb2FyZJSTlCmBlH2UKIwHX3ZhbHVl"
    "c5SMFm51bXB5Ll9jb3JlLm11bHRpYXJyYXmUjAxfcmVjb25zdHJ1Y3SUk5SMBW51bXB5lIwHbmRhcnJheZSTlEsA"
    "hZRDAWKUh5RSlChLAUsGhZRoCYwFZHR5cGWUk5SMAmkylImIh5RSlChLA4wBPJROTk5K/////0r/////SwB0lGKJ"
    "QwwBAAAAAQACAAAAAgCUdJRijAZfdGFibGWUaAhoC0sAhZRoDYeUUpQoSwFLBksEhpRoEowCaTSUiYiHlFKUKEsD"
    "aBZOTk5K/////0r/////SwB0lGKJQ2ABAAAAAwAAAAQAAAD/////AgAAAAQAAAAFAAAAAAAAAAUAAAABAAAA////"
    "//////8EAAAAAAAAAP//////////BQAAAAAAAAABAAAAAwAAAAEAAAACAAAABAAAAP////+UdJRijAVfZmlsbJSI"
    "jAZfdG91Y2iUiYwGX3NoYXBllEsCSwOGlIwGX2NlbGxzlGgIaAtLAIWUaA2HlFKUKEsBSwJLA4aUaCGJQxgAAAAA"
    "AQAAAAIAAAADAAAABAAAAAUAAACUdJRijAVfZG93bpRoCGgLSwCFlGgNh5RSlChLAUsCSwOGlGghiUMYAAAAAAEA"
    "AAACAAAAAwAAAAQAAAAFAAAAlHSUYnViLg=="
)
LAYERS_PICKLE_0_2 = (
    "gASVOAIAAAAAAACMHHRyYXBjb3JlLm51bWJlcmxpbmsudmFyaWFudHOUjAVCb2FyZJSTlCmBlH2UKIwHX3ZhbHVl"
    "c5SMFm51bXB5Ll9jb3JlLm11bHRpYXJyYXmUjAxfcmVjb25zdHJ1Y3SUk5SMBW51bXB5lIwHbmRhcnJheZSTlEsA"
    "hZRDAWKUh5RSlChLAUsIhZRoCYwFZHR5cGWUk5SMAmkylImIh5RSlChLA4wBPJROTk5K/////0r/////SwB0lGKJ"
    "QxAAAAAAAAAAAAAAAAAAAAAAlHSUYowGX3RhYmxllGgIaAtLAIWUaA2HlFKUKEsBSwhLA4aUaBKMAmk0lImIh5RS"
    "lChLA2gWTk5OSv////9K/////0sAdJRiiUNgAQAAAAIAAAAEAAAAAwAAAAUAAAAAAAAAAwAAAAYAAAAAAAAABwAA"
    "AAEAAAACAAAABQAAAAYAAAAAAAAABwAAAAEAAAAEAAAABwAAAAIAAAAEAAAAAwAAAAUAAAAGAAAAlHSUYowFX2Zp"
    "bGyUiYwGX3RvdWNolIiMBl9zaGFwZZRLAksCSwKHlIwGX2NlbGxzlGgIaAtLAIWUaA2HlFKUKEsBSwJLAksCh5Ro"
    "IYlDIAAAAAABAAAAAgAAAAMAAAAEAAAABQAAAAYAAAAHAAAAlHSUYowFX2Rvd26UaAhoC0sAhZRoDYeUUpQoSwFL"
    "AksCSwKHlGghiUMgAAAAAAEAAAACAAAAAwAAAAQAAAAFAAAABgAAAAcAAACUdJRidWIu"
)


def test_a_0_2_board_unpickles_as_a_puzzle():
    with pytest.warns(DeprecationWarning, match="Board"):
        p = pickle.loads(base64.b64decode("".join(BOARD_PICKLE_0_2)))
    want = grid_board([[0, 2, 0], [1, 0, 1], [0, 2, 0]], bridges=[(1, 1)], fill=False)
    assert type(p) is Puzzle and p == want and repr(p) == repr(want)
    (sol,) = p.solve()
    assert p.to_grid(sol, lane="down")[:, 1].tolist() == [2, 2, 2]
    for data, want in (
        (HEX_PICKLE_0_2, hex_board([[1, 0, 1], [2, 0, 2]], touch=False)),
        (LAYERS_PICKLE_0_2, layered_board(np.zeros((2, 2, 2), np.int16))),
    ):
        with pytest.warns(DeprecationWarning, match="Board"):
            p = pickle.loads(base64.b64decode("".join(data)))
        assert p == want and repr(p) == repr(want) and p.count() == want.count()


def test_every_kind_pickles_copies_and_compares():
    for make in [*KINDS.values(), lambda: Puzzle([[1, 0, 1], [2, 0, 2]], fill=False)]:
        p = make()
        p.solve(limit=1)
        for q in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
            assert type(q) is Puzzle and q == p and repr(q) == repr(p)
            assert all(not a.flags.writeable for a in (q.values, q.neighbours))
            np.testing.assert_array_equal(q.solution, p.solution)
    # kinds, graphs and rules tell puzzles apart
    assert hex_board(z(3, 3)) != grid_board(z(3, 3)) != Puzzle(z(3, 3))
    assert grid_board(z(3, 3), wrap="rows") != grid_board(z(3, 3))
    assert grid_board(z(3, 3)) != grid_board(z(3, 3), touch=False)
    assert grid_board(z(3, 3)) == grid_board(z(3, 3))


def test_reprs():
    assert repr(Puzzle([[1, 0, 1]])) == "<Puzzle 1x3 numbers=1>"
    assert (
        repr(hex_board(z(4, 5), touch=False)) == "<Puzzle hex 4x5 nodes=20 numbers=0 touch=False>"
    )
    assert repr(layered_board(z(2, 3, 3))) == "<Puzzle layers 2x3x3 nodes=18 numbers=0 fill=False>"
    assert repr(ladder()) == "<Puzzle graph nodes=12 numbers=0 fill=False>"
    board = hex_board(z(3, 3))
    assert str(board) == repr(board) and board._repr_svg_() is None


def test_grid_only_functions_refuse_other_boards(tmp_path):
    board = made(hex_board(z(4, 4)), seed=0)[0]
    for call in (
        board.to_text,
        lambda: nl.write_puzzles(tmp_path / "x.txt", [board]),
        lambda: nl.measure(board),
        lambda: nl.difficulty_level(board),
        lambda: nl.contest_text(board),
        lambda: nl.puzzlink_url(board),
    ):
        with pytest.raises(ValueError, match="needs a puzzle on a grid of squares"):
            call()
    assert not (tmp_path / "x.txt").exists()
    assert board.difficulty > 0  # the board search's nodes per square
    with pytest.raises(ValueError, match="plain graph"):
        ladder().grid  # noqa: B018
    assert hex_board([[1, 0], [0, 1]]).grid.tolist() == [[1, 0], [0, 1]]


def test_new_names_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        p, _ = made(puzzle=hex_board(z(4, 4)), seed=0)
        layers = nl.parse_contest_board("SIZE 2X2X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(1,1,2)\n")
        nl.contest_answer(puzzle=layers, labels=layers.solve(limit=1)[0])
    assert tc.numberlink.Puzzle is tc.Puzzle is Puzzle and p.numbers > 0


@pytest.mark.parametrize("kind", sorted(WITHOUT_THE_STRICT_TURN))
def test_outputs_of_0_2_without_the_strict_turn(kind, monkeypatch):
    """The one output 0.3 changed on purpose is the strict turn's: without it, 0.2's."""
    from trapcore.numberlink import _portfolio

    schedule = _portfolio.schedule

    def without(task, budget, method="auto"):
        return ((n, u) for n, u in schedule(task, budget, method) if n != "strict")

    monkeypatch.setattr(_portfolio, "schedule", without)
    got = hashlib.sha256(json.dumps(record(kind)).encode()).hexdigest()
    assert got[:16] == WITHOUT_THE_STRICT_TURN[kind]
