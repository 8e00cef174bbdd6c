"""Fuzz the maze API (trapcore.maze) in a child process: every call ends in success, ValueError
or TypeError; never a crash, a hang or another exception type."""

from fuzz.harness import check
from fuzz.strategies import cells, doors, fuzz_settings, scalars, seeds, sizes, texts
from hypothesis import given
from hypothesis import strategies as st

from trapcore import maze

METHOD = st.one_of(st.sampled_from(maze.METHODS), scalars)
SIDE = st.one_of(st.sampled_from(maze.SIDES), scalars)
COLOURS = st.one_of(
    st.none(),
    scalars,
    st.dictionaries(
        st.sampled_from(["wall", "background", "path", "trace", "floor", "x", 3]),
        st.one_of(
            st.tuples(st.integers(-300, 300), st.integers(0, 255), st.integers(0, 255)),
            st.tuples(st.sampled_from([2**70, -(2**64), 1.5, "a"]), st.just(0), st.just(0)),
            scalars,
        ),
        max_size=3,
    ),
)


@fuzz_settings
@given(sizes, sizes, seeds, METHOD, cells, cells)
def test_carve(rows, cols, seed, method, entrance, exit_):
    check("call", "Maze.carve", rows, cols, seed=seed, method=method, entrance=entrance, exit=exit_)


@fuzz_settings
@given(doors, cells, cells)
def test_construct(d, entrance, exit_):
    check("call", "Maze", d, entrance=entrance, exit=exit_)
    check("call", "maze.check_doors", d)
    check("call", "maze.down_doors", d)
    check("call", "maze.right_doors", d)
    check("call", "Maze.from_grid", d, entrance=entrance, exit=exit_)


@fuzz_settings
@given(doors)
def test_maze_copies_its_doors(d):
    check("maze_array_after_check", d)


@fuzz_settings
@given(
    st.sampled_from(["entrance", "exit", "doors", "rows", "cols", "shape"]), st.one_of(cells, doors)
)
def test_maze_state_cannot_be_forged(attr, value):
    check("maze_mutate", attr, value)


@fuzz_settings
@given(
    st.sampled_from(["solve", "trace", "distances"]),
    cells,
    cells,
    st.one_of(st.sampled_from(maze.SOLVERS), scalars),
    st.one_of(st.none(), st.sampled_from(maze.HANDS), scalars),
)
def test_solvers(method, start, goal, solver, hand):
    if method == "solve":
        check("maze_method", "solve", start=start, goal=goal, method=solver, hand=hand)
    elif method == "trace":
        check("maze_method", "trace", start=start, goal=goal, hand=hand)
    else:
        check("maze_method", "distances", start=start)


@fuzz_settings
@given(scalars, seeds, cells, cells, cells, SIDE)
def test_maze_methods(p, seed, entrance, exit_, cell, side):
    check("maze_method", "braid", p, seed=seed)
    check("maze_method", "with_openings", entrance=entrance, exit=exit_)
    check("maze_method", "door", cell, side)


@fuzz_settings
@given(
    st.one_of(st.integers(-2, 12), st.sampled_from([2**31, 2**63, 2**64, 10**30]), scalars),
    st.one_of(st.integers(-2, 5), scalars),
    COLOURS,
    st.one_of(st.none(), doors, scalars),
    st.one_of(st.none(), doors, scalars),
)
def test_render(cell, wall, colors, path, trace):
    check("maze_method", "to_image", cell=cell, wall=wall, path=path, trace=trace, colors=colors)
    check("maze_method", "to_svg", cell=cell, path=path, colors=colors)
    check("maze_method", "to_text", path=path)
    check("with_maze", "to_maze_dataset_ascii", path=path, endpoints=wall)
    check("call", "maze.to_maze_dataset_ascii", cell)


@fuzz_settings
@given(
    st.sampled_from(["open_door", "close_door", "lock_door", "door", "set_door"]),
    doors,
    cells,
    SIDE,
    scalars,
)
def test_door_helpers(fn, d, cell, side, state):
    if fn == "set_door":
        check("door_edit", fn, d, cell, side, state)
    else:
        check("door_edit", fn, d, cell, side)


@fuzz_settings
@given(
    st.one_of(st.integers(-2, 6), sizes),
    sizes,
    sizes,
    seeds,
    METHOD,
    st.one_of(st.none(), st.integers(-2, 4), st.sampled_from([10**6, 2**64, 0.5, "2"])),
)
def test_carve_many(n, rows, cols, seed, method, workers):
    check("call", "maze.carve_many", n, rows, cols, seed=seed, method=method, workers=workers)


@fuzz_settings
@given(
    st.sampled_from(["from_labmaze_text", "from_maze_dataset_ascii"]),
    st.one_of(texts, scalars, st.text(alphabet="*+-| #SGEP.\n\0\ufeff", max_size=120)),
)
def test_parse_text_formats(fn, text):
    check("parse", fn, text)


@fuzz_settings
@given(st.one_of(doors, scalars), cells, cells)
def test_connection_list(conn, entrance, exit_):
    check("call", "maze.from_connection_list", conn, entrance=entrance, exit=exit_)
    check("call", "maze.to_connection_list", conn)
    check("call", "maze.to_labmaze_text", conn)


@fuzz_settings
@given(doors, cells, cells)
def test_every_method_of_a_fuzzed_maze(d, entrance, exit_):
    check("maze_everything", d, entrance=entrance, exit=exit_)


NODE = st.one_of(st.tuples(st.integers(-2, 6), st.integers(-2, 6)), scalars)


@fuzz_settings
@given(
    st.lists(st.tuples(NODE, NODE), max_size=12),
    st.lists(NODE, max_size=4),
    st.one_of(st.none(), st.tuples(sizes, sizes), scalars),
)
def test_from_networkx(edges, nodes, shape):
    check("from_networkx", edges, nodes, shape)
