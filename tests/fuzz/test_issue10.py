"""Every case listed in issue 10 (and each one the fuzz suite found), run in the child process."""

import numpy as np
import pytest
from _suite import posix_only
from fuzz.harness import Arr, check, run

BIG = 2**28 + 1  # one cell more than trapcore.MAX_CELLS


def test_maze_openings_cannot_be_moved_from_outside():  # was a segfault in 0.1
    for value in [(100, 100), (-1, 0)]:
        assert check("maze_mutate", "exit", value).kind == "ok"
        assert check("maze_mutate", "entrance", value).kind == "ok"


def test_uint8_boards_obey_the_size_limit():
    for fn in ["cat.hexgrid.distance_to_border", "cat.hexgrid.distances", "cat.cat_move"]:
        args = () if fn.endswith("border") else ((0, 0),)
        out = check("call_on_zeros", fn, (1, BIG), np.uint8, *args)
        assert out.type_name == "ValueError", out


@pytest.mark.parametrize(
    "colors", [{"wall": (999, 0, 0)}, {"wall": (2**70, 0, 0)}, {"wall": (-1, 0, 0)}, (2**70,)]
)
def test_maze_colours_out_of_range(colors):
    assert check("maze_method", "to_image", colors=colors).kind == "raised"
    assert check("maze_method", "to_svg", colors=colors).kind == "raised"


@pytest.mark.parametrize("symbols", ["", "a", "\0\0"])
def test_puzzle_symbols_too_short(symbols):
    grid = np.array([[1, 2, 1, 2]], np.int16)
    assert check("call", "Puzzle", grid, symbols=symbols).kind in ("ok", "raised")


def test_render_board_cat_outside():
    out = check("call", "cat.render_board", np.zeros((3, 3), np.uint8), (5, 5))
    assert out.type_name == "ValueError"


@pytest.mark.parametrize(
    "text",
    [
        "99999999999 1\n",
        "99999999999 1\nB\n",
        "1 99999999999\n.\n",
        "\ufeff99999999999 1\nB\n\0aBA\n",
    ],
)
def test_huge_puzzle_header(text):  # was MemoryError
    assert check("parse", "parse_puzzles", text).type_name == "ValueError"
    data = text.encode()
    assert check("read_file", "read_puzzles", data).type_name == "ValueError"


@pytest.mark.parametrize(
    "target,args,kwargs",
    [
        ("maze.carve_many", (2, 3, 3), {"workers": 10**6}),
        ("cat.simulate", (2, 5, 5, 3), {"workers": 10**6, "seed": 1}),
        # was a hang: 2**20 generators in a list
        ("cat.simulation._batch_generators", (2**28 + 1,), {}),
        ("cat.simulation._batch_generators", (2**31,), {}),
    ],
)
def test_huge_counts(target, args, kwargs):
    assert check("call", target, *args, **kwargs).type_name == "ValueError"


def test_utf8_bom_accepted():
    assert check("parse", "parse_puzzles", "\ufeff3 1\n1.1\n").kind == "ok"
    assert check("read_file", "read_puzzles", b"\xef\xbb\xbf3 1\n1.1\n").kind == "ok"
    assert check("read_file", "from_file", b"\xef\xbb\xbf3 1\n1.1\n").kind == "ok"
    assert check("parse", "read_board", "\ufeffC . .\n . . .\n").kind == "ok"


def test_two_cats_refused():
    out = check("parse", "read_board", "C . .\n . C .\n. . .\n")
    assert out.type_name == "ValueError" and "two cats" in out.message


@posix_only
def test_endless_input_refused():
    out = check("read_path", "read_puzzles", "/dev/zero")
    assert out.type_name == "ValueError" and "bytes" in out.message
    out = check("read_path", "read_puzzles", "/")
    assert out.kind == "raised"


def test_bad_utf8_names_the_file():
    out = check("read_file", "read_puzzles", b"3 1\n1\xff1\n")
    assert out.type_name == "ValueError" and "UTF-8" in out.message


@pytest.mark.parametrize("fn", ["to_connection_list", "to_labmaze_text", "to_maze_dataset_ascii"])
def test_maze_writers_refuse_non_mazes(fn):  # was AttributeError
    for value in [0, None, Arr(np.zeros((3, 3), np.uint8))]:
        assert check("call", f"maze.{fn}", value).type_name == "TypeError"


def test_read_board_refuses_non_text():
    assert check("parse", "read_board", 5).type_name == "TypeError"


def test_worker_reports_a_crash_as_a_crash():
    """The harness itself: a case that kills the child is seen, and the next case still runs."""
    assert run("die").kind == "crashed"
    assert run("call", "cat.players._model_of", "bfs").kind == "ok"
    assert run("sleep", 30, timeout=0.5).kind == "hung"
    assert run("call", "cat.players._model_of", "bfs").kind == "ok"


def test_from_networkx_checks_sizes_first():  # was MemoryError (a 2**40-cell array)
    out = check("from_networkx", [((0, 0), (0, 1))], [], (2**20, 2**20))
    assert out.type_name == "ValueError" and "cells" in out.message


def test_from_networkx_huge_node_numbers():  # was OverflowError
    out = check("from_networkx", [((2**64, 0), (0, 1))], [], (3, 3))
    assert out.type_name == "ValueError"
