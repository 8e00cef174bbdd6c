"""The compiled kernels' entry points refuse, with ValueError or TypeError, the arrays they would
otherwise read wrongly: a size past their int32 indices (a (1, 2**32 + 5) board would be read as
(1, 5)), a wrong dtype, a non-contiguous view (src/common/checks.pxd). Every ``def`` of a compiled
module that takes an array is listed here, so a new one cannot be forgotten."""

import importlib
import mmap
import pathlib
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIG = 2**32 + 5
# same item size, another type (the misread a plain cast would make)
OTHER = {
    np.uint8: np.int8,
    np.int8: np.uint8,
    np.int16: np.uint16,
    np.int32: np.uint32,
    np.int64: np.uint64,
    np.uint64: np.int64,
    np.float64: np.int64,
}


def huge(shape, dtype):
    """A zeroed array of ``shape`` whose memory is never touched: calloc maps it lazily; where
    the system refuses that much at once, a private anonymous mapping without swap reserve."""
    try:
        return np.zeros(shape, dtype)
    except MemoryError:
        if not sys.platform.startswith("linux"):
            pytest.skip("no lazily mapped memory for a 2**32-element array here")
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        no_reserve = 0x4000  # MAP_NORESERVE (Linux), which the mmap module does not name
        buf = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | no_reserve)
        return np.frombuffer(buf, dtype).reshape(shape)


def gen():
    return np.random.PCG64(0)


# the cat solver's memory argument left empty (a fresh table; tests/cat/test_cat_memory.py
# checks the memory's own errors)
NO_MEMORY = np.zeros(0, np.uint8)


@dataclass(frozen=True)
class Entry:
    """A kernel entry point: its array arguments (a valid shape and dtype each), the call around
    them, and the argument whose size the kernel narrows to int32 (given BIG as its last size)."""

    arrays: dict[str, tuple[tuple[int, ...], Any]]
    call: Callable[[Callable[..., Any], dict[str, np.ndarray]], Any]
    big: str


def _board(shape=(5, 5)):
    return {"board": (shape, np.uint8)}


def _env(**out):
    return {
        "doors": ((2, 3, 3), np.uint8),
        "pos": ((2,), np.int32),
        "goal": ((2,), np.int32),
        **out,
    }


ENTRIES = {
    "trapcore.cat._hexgrid.max_value": Entry(_board(), lambda f, a: f(a["board"]), "board"),
    "trapcore.cat._hexgrid.distances": Entry(_board(), lambda f, a: f(a["board"], 2, 2), "board"),
    "trapcore.cat._hexgrid.escape_path": Entry(_board(), lambda f, a: f(a["board"], 2, 2), "board"),
    "trapcore.cat._hexgrid.distance_to_border": Entry(
        _board(), lambda f, a: f(a["board"]), "board"
    ),
    "trapcore.cat._hexgrid.random_board": Entry(
        {"keep_free": ((25,), np.uint8)},
        lambda f, a: f(5, 5, 3, a["keep_free"], gen()),
        "keep_free",
    ),
    "trapcore.cat._play.cat_reply": Entry(
        _board(), lambda f, a: f(a["board"], 2, 2, 0, 0, gen()), "board"
    ),
    "trapcore.cat._play.player_move": Entry(
        _board(), lambda f, a: f(a["board"], 2, 2, 1, 0, 100, 8, gen(), None), "board"
    ),
    "trapcore.cat._engine.solve": Entry(
        _board(), lambda f, a: f(a["board"], 2, 2, 0, 0, 1000, 4, None, 1), "board"
    ),
    "trapcore.cat._engine.hint": Entry(
        _board(), lambda f, a: f(a["board"], 2, 2, 0, 1000, 4, None), "board"
    ),
    "trapcore.cat._pns.enclosure": Entry(_board(), lambda f, a: f(a["board"], 2, 2, 12), "board"),
    "trapcore.cat._pns.layer": Entry(_board(), lambda f, a: f(a["board"], 2, 2), "board"),
    "trapcore.cat._pns.cuts": Entry(_board(), lambda f, a: f(a["board"], 2, 2, True), "board"),
    "trapcore.cat._pns.solve_pns": Entry(
        _board(),
        lambda f, a: f(a["board"], 2, 2, 1000, 20, 1, 0.25, 10, True, NO_MEMORY, 1),
        "board",
    ),
    "trapcore._rng.components": Entry(
        {"pairs": ((2, 2), np.int32)}, lambda f, a: f(4, a["pairs"]), "pairs"
    ),
    "trapcore.maze._carve.carve_items": Entry(
        {"out": ((2, 3, 3), np.uint8), "items": ((2,), np.int64), "ends": ((2, 4), np.int32)},
        lambda f, a: f(a["out"], 1, 2, a["items"], 0, 0, 0.0, a["ends"], False, False),
        "out",
    ),
    "trapcore.maze._solve.solve_wall": Entry(
        {"doors": ((3, 3), np.uint8)}, lambda f, a: f(a["doors"], 0, 8, 1, True), "doors"
    ),
    "trapcore.maze._solve.solve_bfs": Entry(
        {"doors": ((3, 3), np.uint8)}, lambda f, a: f(a["doors"], 0, 8), "doors"
    ),
    "trapcore.maze._solve.distances": Entry(
        {"doors": ((3, 3), np.uint8)}, lambda f, a: f(a["doors"], 0), "doors"
    ),
    "trapcore.maze._solve.solve_items": Entry(
        {
            "doors": ((2, 3, 3), np.uint8),
            "ends": ((2, 4), np.int32),
            "paths": ((2, 9), np.int32),
            "measures": ((2, 3), np.int32),
        },
        lambda f, a: f(a["doors"], a["ends"], a["paths"], a["measures"]),
        "doors",
    ),
    "trapcore.maze._rows.solve_rows": Entry(
        {
            "doors": ((2, 3, 3), np.uint8),
            "ends": ((2, 4), np.int32),
            "values": ((18, 2), np.int32),
            "offsets": ((3,), np.int64),
            "measures": ((2, 4), np.int32),
        },
        lambda f, a: f(a["doors"], a["ends"], a["values"], a["offsets"], a["measures"]),
        "doors",
    ),
    "trapcore.maze._rows.path_steps": Entry(
        {
            "values": ((3, 2), np.int32),
            "offsets": ((2,), np.int64),
            "out_offsets": ((2,), np.int64),
            "out": ((10,), np.uint8),
        },
        lambda f, a: f(a["values"], a["offsets"], a["out_offsets"], a["out"]),
        "values",
    ),
    "trapcore.maze._carve.braid": Entry(
        {"doors": ((3, 3), np.uint8)}, lambda f, a: f(a["doors"], 0.5, gen()), "doors"
    ),
    "trapcore.maze._env.philox_draws": Entry(
        {"key": ((2,), np.uint64)}, lambda f, a: f(a["key"], 0, 4), "key"
    ),
    "trapcore.maze._env.reset_envs": Entry(
        _env(
            steps=((2,), np.int32),
            keys=((2, 2), np.uint64),
            items=((2,), np.int64),
            idx=((2,), np.int64),
        ),
        lambda f, a: f(
            a["doors"],
            a["pos"],
            a["goal"],
            a["steps"],
            a["keys"],
            a["items"],
            a["idx"],
            0,
            0.0,
            -1,
            -1,
        ),
        "doors",
    ),
    "trapcore.maze._env.step_envs": Entry(
        _env(
            steps=((2,), np.int32),
            actions=((2,), np.int64),
            skip=((2,), np.uint8),
            reward=((2,), np.float64),
            terminated=((2,), np.uint8),
            truncated=((2,), np.uint8),
        ),
        lambda f, a: f(
            a["doors"],
            a["pos"],
            a["goal"],
            a["steps"],
            a["actions"],
            a["skip"],
            a["reward"],
            a["terminated"],
            a["truncated"],
            1.0,
            0.01,
            100,
            0,
            2,
        ),
        "doors",
    ),
    "trapcore.maze._env.action_masks": Entry(
        {"doors": ((2, 3, 3), np.uint8), "pos": ((2,), np.int32), "out": ((2, 4), np.int8)},
        lambda f, a: f(a["doors"], a["pos"], a["out"], 0, 2),
        "doors",
    ),
    "trapcore.maze._env.observe_doors": Entry(
        _env(out=((2, 3, 3, 3), np.uint8)),
        lambda f, a: f(a["doors"], a["pos"], a["goal"], a["out"], 0, 2),
        "doors",
    ),
    "trapcore.maze._env.observe_local": Entry(
        _env(out=((2, 2, 5, 5), np.uint8)),
        lambda f, a: f(a["doors"], a["pos"], a["goal"], a["out"], 0, 2),
        "doors",
    ),
    "trapcore.maze._env.observe_pixels": Entry(
        _env(out=((2, 7, 7, 3), np.uint8), palette=((4, 3), np.uint8)),
        lambda f, a: f(a["doors"], a["pos"], a["goal"], a["out"], a["palette"], 0, 2),
        "doors",
    ),
    "trapcore.numberlink._solver.solve": Entry(
        {"grid": ((3, 3), np.int16)},
        lambda f, a: f(a["grid"], 2, 10_000, -1, True, True),
        "grid",
    ),
    "trapcore.numberlink._solver.count": Entry(
        {"grid": ((3, 3), np.int16)}, lambda f, a: f(a["grid"], 10_000, True, True), "grid"
    ),
    "trapcore.numberlink._graph.solve": Entry(
        {"values": ((4,), np.int16), "neighbours": ((4, 2), np.int32)},
        lambda f, a: f(a["values"], a["neighbours"], True, True, 2, 10_000),
        "values",
    ),
    "trapcore.numberlink._graph.count": Entry(
        {"values": ((4,), np.int16), "neighbours": ((4, 2), np.int32)},
        lambda f, a: f(a["values"], a["neighbours"], True, True, 10_000),
        "values",
    ),
    "trapcore.numberlink._route.route_paths": Entry(
        {"values": ((4,), np.int16), "neighbours": ((4, 2), np.int32)},
        lambda f, a: f(a["values"], a["neighbours"], 10),
        "values",
    ),
    "trapcore.numberlink._paths.grow_paths": Entry(
        {"label": ((4,), np.int32), "neighbours": ((4, 2), np.int32), "no_end": ((4,), np.uint8)},
        lambda f, a: f(a["label"], a["neighbours"], a["no_end"], gen()),
        "label",
    ),
    "trapcore.numberlink._paths.lay_paths": Entry(
        {"label": ((4,), np.int32), "neighbours": ((4, 2), np.int32), "no_end": ((4,), np.uint8)},
        lambda f, a: f(a["label"], a["neighbours"], a["no_end"], gen(), 2, 3),
        "label",
    ),
    "trapcore.numberlink._deduce.deduce": Entry(
        {"grid": ((3, 3), np.int16)}, lambda f, a: f(a["grid"], 0, True, True, 2, 100, True), "grid"
    ),
    "trapcore.numberlink._regions.components": Entry(
        {"sol": ((3, 3), np.int16)}, lambda f, a: f(a["sol"]), "sol"
    ),
    "trapcore.numberlink._cnf.clauses": Entry(
        {"grid": ((3, 3), np.int16)}, lambda f, a: f(a["grid"], 2, True, True), "grid"
    ),
    "trapcore.numberlink._cnf.bits_clauses": Entry(
        {"grid": ((3, 3), np.int16), "solution": ((3, 3), np.int16)},
        lambda f, a: f(a["grid"], 2, a["solution"]),
        "grid",
    ),
    "trapcore.numberlink._repair.repair": Entry(
        {"grid": ((3, 3), np.int16), "sol": ((3, 3), np.int16), "other": ((3, 3), np.int16)},
        lambda f, a: f(a["grid"], a["sol"], a["other"], 3),
        "grid",
    ),
    "trapcore.numberlink._proof.deduce_grid": Entry(
        {"grid": ((3, 3), np.int16)}, lambda f, a: f(a["grid"], 100), "grid"
    ),
    "trapcore.numberlink._cnf.paths": Entry(
        {"grid": ((3, 3), np.int16), "east": ((3, 3), np.uint8), "south": ((3, 3), np.uint8)},
        lambda f, a: f(a["grid"], a["east"], a["south"]),
        "grid",
    ),
}
# entry points that take sizes as integers and narrow rows * cols to int32 (2**16 x 2**16 is 0)
SIZED = {
    "trapcore.cat._hexgrid.tables": lambda f, n: f(n, n),
    "trapcore.cat._hexgrid.random_board": lambda f, n: f(n, n, 0, np.zeros(1, np.uint8), gen()),
    "trapcore.cat._play.play_games": lambda f, n: f(n, n, 0, 0, 0, 0, 0, 10, 8, 1, gen()),
    "trapcore.numberlink._generate.generate": lambda f, n: f(n, n, gen(), 2, False, 10, 1),
    "trapcore.numberlink._layout.generate": lambda f, n: f(n, n, gen(), 2, 1, 10, 10),
}


def function(name):
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def valid(entry):
    return {k: np.zeros(shape, dtype) for k, (shape, dtype) in entry.arrays.items()}


def compiled_modules():
    for pyx in sorted((ROOT / "src").glob("*/*.pyx")):
        package = "trapcore" if pyx.parent.name == "common" else f"trapcore.{pyx.parent.name}"
        yield importlib.import_module(f"{package}._{pyx.stem}")


def test_every_entry_point_taking_an_array_is_listed():
    found = set()
    for module in compiled_modules():
        for name, obj in vars(module).items():
            doc = (getattr(obj, "__doc__", None) or "").split("\n", 1)[0]
            m = re.match(rf"{re.escape(name)}\((.*)\)$", doc)
            if callable(obj) and m and re.search(r"\[|\bndarray\b", m.group(1)):
                found.add(f"{module.__name__}.{name}")
    assert len(found) >= 20  # guards against a signature format the regex no longer reads
    assert found == set(ENTRIES)


@pytest.mark.parametrize("name", ENTRIES)
def test_valid_arrays_run(name):
    # the control: the other arguments of each case are fine, so a refusal below is the array's
    ENTRIES[name].call(function(name), valid(ENTRIES[name]))


@pytest.mark.parametrize("name", ENTRIES)
def test_a_size_past_the_int32_indices_is_refused(name):
    entry = ENTRIES[name]
    arrays = valid(entry)
    shape, dtype = entry.arrays[entry.big]
    arrays[entry.big] = huge((1,) * (len(shape) - 1) + (BIG,), dtype)
    with pytest.raises(ValueError, match=rf"^{entry.big}\b"):
        entry.call(function(name), arrays)


@pytest.mark.parametrize("name", ENTRIES)
def test_a_wrong_dtype_is_refused(name):
    entry = ENTRIES[name]
    for arg, (shape, dtype) in entry.arrays.items():
        variants = [np.zeros(shape, OTHER[dtype])]
        if np.dtype(dtype).itemsize > 1:
            variants.append(np.zeros(shape, np.dtype(dtype).newbyteorder()))
        for wrong in variants:
            arrays = valid(entry) | {arg: wrong}
            with pytest.raises((TypeError, ValueError)):
                entry.call(function(name), arrays)


@pytest.mark.parametrize("name", ENTRIES)
def test_a_non_contiguous_view_is_refused(name):
    entry = ENTRIES[name]
    for arg, (shape, dtype) in entry.arrays.items():
        view = np.zeros((*shape[:-1], 2 * shape[-1]), dtype)[..., ::2]
        assert view.shape == shape and not view.flags.c_contiguous
        with pytest.raises(ValueError, match="contiguous"):
            entry.call(function(name), valid(entry) | {arg: view})


@pytest.mark.parametrize(
    "name", [n for n, e in ENTRIES.items() if ".cat._hexgrid." in n and e.big == "board"]
)
def test_a_board_read_by_pointer_must_be_a_2d_array(name):
    # the hexgrid queries read the board by pointer: they check what a memoryview would
    entry = ENTRIES[name]
    with pytest.raises(TypeError, match="board"):
        entry.call(function(name), {"board": None})
    with pytest.raises(ValueError, match="board must have 2 dimensions"):
        entry.call(function(name), {"board": np.zeros(25, np.uint8)})


@pytest.mark.parametrize("name", SIZED)
def test_sizes_past_the_int32_indices_are_refused(name):
    with pytest.raises(ValueError, match=r"^rows x cols is 65536 x 65536"):
        SIZED[name](function(name), 2**16)


def test_board_search_refuses_a_limit_below_one():
    # the limit sizes the output buffer: 0 would have the first solution written past its end
    from trapcore.numberlink import _graph

    values = np.array([1, 1], np.int16)
    table = np.array([[1], [0]], np.int32)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        _graph.solve(values, table, True, True, 0, 10)
    assert len(_graph.solve(values, table, True, True, 1, 10)[0]) == 1
