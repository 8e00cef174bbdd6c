"""Fuzz the Numberlink API (trapcore.numberlink) in a child process: every call ends in success,
ValueError, TypeError or (for a search that ran out of budget) SearchLimitExceeded."""

from fuzz.harness import check
from fuzz.strategies import fuzz_settings, grids, raw_bytes, scalars, seeds, sizes, texts
from hypothesis import given
from hypothesis import strategies as st

from trapcore import numberlink

LIMIT = ("SearchLimitExceeded",)
NODES = st.one_of(st.integers(-2, 20_000), st.sampled_from([2**31, 2**63, 2**64, 1.5, "9"]))
FLAG = st.one_of(st.booleans(), scalars)


@fuzz_settings
@given(grids, NODES, FLAG, FLAG, st.one_of(st.integers(-1, 3), scalars))
def test_solve_count_check(grid, nodes, fill, touch, limit):
    nodes = nodes if not isinstance(nodes, int) or nodes <= 20_000 else 2**64
    check(
        "call",
        "numberlink.solve",
        grid,
        fill=fill,
        touch=touch,
        limit=limit,
        max_nodes=nodes,
        extra=LIMIT,
    )
    check("call", "numberlink.count", grid, fill=fill, touch=touch, max_nodes=nodes, extra=LIMIT)
    check(
        "call",
        "numberlink.count_nodes",
        grid,
        fill=fill,
        touch=touch,
        limit=limit,
        max_nodes=nodes,
        extra=LIMIT,
    )
    check("call", "numberlink.check", grid, grid, fill=fill, touch=touch)


@fuzz_settings
@given(
    st.one_of(st.integers(-2, 9), sizes),
    st.one_of(st.none(), st.integers(-2, 9), sizes),
    seeds,
    FLAG,
    FLAG,
    st.one_of(st.integers(-1, 6), scalars),
    st.one_of(st.none(), st.sampled_from(list(numberlink.DIFFICULTY_LEVELS)), scalars),
    st.one_of(st.integers(-1, 3), scalars),
    st.one_of(st.integers(-1, 20_000), scalars),
)
def test_generate(rows, cols, seed, fill, touch, min_length, difficulty, attempts, nodes):
    check(
        "call",
        "numberlink.generate",
        rows,
        cols,
        seed=seed,
        fill=fill,
        touch=touch,
        min_length=min_length,
        difficulty=difficulty,
        max_attempts=attempts,
        max_nodes=nodes,
        extra=LIMIT,
    )


@fuzz_settings
@given(
    grids,
    st.one_of(st.none(), grids),
    st.one_of(st.none(), st.text(max_size=6), scalars),
    FLAG,
    FLAG,
)
def test_puzzle(grid, solution, symbols, fill, touch):
    check("call", "Puzzle", grid, solution, symbols=symbols, fill=fill, touch=touch)


@fuzz_settings
@given(grids)
def test_puzzle_copies_its_grid(grid):
    check("puzzle_array_after_check", grid, extra=LIMIT)


@fuzz_settings
@given(
    st.one_of(st.sampled_from(numberlink.STYLES), scalars),
    FLAG,
    NODES,
    st.one_of(st.integers(-1, 3), scalars),
)
def test_puzzle_methods(style, solution, nodes, limit):
    check("puzzle_method", "to_text", style=style, solution=solution)
    check("puzzle_method", "solve", limit=limit, max_nodes=nodes, extra=LIMIT)
    check("puzzle_method", "count", max_nodes=nodes, extra=LIMIT)


@fuzz_settings
@given(st.one_of(texts, scalars), st.one_of(st.just("text"), scalars))
def test_parse(text, source):
    check("parse", "parse_puzzles", text, source=source)
    check("parse", "from_text", text)


@fuzz_settings
@given(raw_bytes)
def test_read_files(data):
    check("read_file", "read_puzzles", data)
    check("read_file", "from_file", data)


@fuzz_settings
@given(
    st.one_of(st.sampled_from(numberlink.STYLES), scalars),
    FLAG,
    st.one_of(st.lists(st.one_of(st.none(), scalars), max_size=2), scalars),
)
def test_write_puzzles_keeps_the_old_file(style, solution, puzzles):
    check("write_puzzles_over", style, solution, puzzles)
