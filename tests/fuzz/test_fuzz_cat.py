"""Fuzz the cat API (trapcore.cat and trapcore.cat.hexgrid) in a child process: every call ends in
success, ValueError or TypeError; never a crash, a hang or another exception type."""

from fuzz.harness import check
from fuzz.strategies import boards, cells, fuzz_settings, scalars, seeds, sizes, texts
from hypothesis import given
from hypothesis import strategies as st

from trapcore import cat

POLICY = st.one_of(st.sampled_from(cat.POLICIES + ("optimal", "BFS", "")), scalars)
PLAYER = st.one_of(st.sampled_from(cat.PLAYERS), scalars)
RULES = st.one_of(st.sampled_from(cat.RULES), scalars)
NODES = st.one_of(st.integers(-2, 3000), st.sampled_from([2**31, 2**63, 2**64, None, 1.5, "9"]))


@fuzz_settings
@given(cells, st.tuples(sizes, sizes))
def test_neighbors_and_border(cell, shape):
    check("call", "cat.hexgrid.neighbours", cell, shape)
    check("call", "cat.hexgrid.is_border", cell, shape)


@fuzz_settings
@given(boards, cells)
def test_board_queries(board, start):
    check("call", "cat.hexgrid.distances", board, start)
    check("call", "cat.hexgrid.escape_path", board, start)
    check("call", "cat.hexgrid.distance_to_border", board)
    check("call", "cat.render_board", board, start)
    check("call", "cat.render_board", board, None, numbers=start)


@fuzz_settings
@given(sizes, sizes, sizes, seeds, cells)
def test_random_board(rows, cols, blocked, seed, keep):
    check("call", "cat.hexgrid.random_board", rows, cols, blocked, seed=seed, keep_free=keep)


@fuzz_settings
@given(boards, cells, POLICY, RULES, seeds)
def test_cat_move(board, cell, policy, rules, seed):
    check("call", "cat.cat_move", board, cell, policy=policy, rules=rules, seed=seed)


@fuzz_settings
@given(boards, cells, PLAYER, POLICY, NODES, seeds)
def test_player_move(board, cell, player, policy, nodes, seed):
    check(
        "call",
        "cat.player_move",
        board,
        cell,
        player=player,
        policy=policy,
        seed=seed,
        max_nodes=nodes,
    )


@fuzz_settings
@given(
    boards,
    cells,
    POLICY,
    NODES,
    st.one_of(st.none(), sizes),
    st.one_of(st.sampled_from(cat.SOLVE_METHODS), scalars),
    st.one_of(st.none(), st.integers(-3, 3), st.just(cat.LIMITS.workers + 1), scalars),
)
def test_solve_and_hint(board, cell, policy, nodes, depth, method, workers):
    check(
        "call",
        "cat.solve",
        board,
        cell,
        policy=policy,
        max_nodes=nodes,
        max_depth=depth,
        method=method,
        workers=workers,
    )
    check("call", "cat.hint", board, cell, policy=policy, max_nodes=nodes)


@fuzz_settings
@given(NODES, boards, cells, st.integers(0, 2**32 - 1))
def test_solver_cat(nodes, board, cell, seed):
    check("solver_cat_move", nodes, board, cell, seed)


@fuzz_settings
@given(sizes, sizes, sizes, POLICY, cells, seeds, st.one_of(st.integers(-1, 3), scalars))
def test_winnable_board(rows, cols, blocked, policy, start, seed, tries):
    check(
        "call",
        "cat.winnable_board",
        rows,
        cols,
        blocked,
        policy=policy,
        start=start,
        seed=seed,
        max_nodes=2000,
        max_attempts=tries,
    )


@fuzz_settings
@given(
    st.one_of(st.integers(-2, 30), sizes),
    sizes,
    sizes,
    sizes,
    POLICY,
    PLAYER,
    RULES,
    seeds,
    st.one_of(st.none(), st.integers(-1, 4), st.sampled_from([10**6, 2**64, 1.0])),
    NODES,
)
def test_simulate(games, rows, cols, blocked, policy, player, rules, seed, workers, nodes):
    check(
        "call",
        "cat.simulate",
        games,
        rows,
        cols,
        blocked,
        policy=policy,
        player=player,
        rules=rules,
        seed=seed,
        workers=workers,
        max_nodes=nodes if isinstance(nodes, int) and 0 < nodes <= 500 else 200,
    )
    check("call", "cat.simulation._batch_generators", games, seed=seed)


@fuzz_settings
@given(sizes, sizes, sizes, POLICY, RULES, seeds, cells, st.booleans())
def test_game(rows, cols, blocked, policy, rules, seed, start, winnable):
    check(
        "call",
        "CatGame",
        rows,
        cols,
        blocked,
        policy=policy,
        rules=rules,
        seed=seed,
        start=start,
        winnable=winnable,
        max_nodes=2000,
    )


@fuzz_settings
@given(boards, cells, POLICY, RULES, seeds)
def test_game_from_board(board, start, policy, rules, seed):
    check("call", "CatGame.from_board", board, start, policy=policy, rules=rules, seed=seed)


@fuzz_settings
@given(
    st.sampled_from(
        ["block", "hint", "analyze", "undo", "legal_blocks", "escape_distance", "to_text"]
    ),
    cells,
    NODES,
)
def test_game_methods(method, cell, nodes):
    if method == "block":
        check("game_method", "block", cell)
    elif method in ("hint", "analyze"):
        check("game_method", method, max_nodes=nodes)
    else:
        check("game_method", method)


@fuzz_settings
@given(
    st.sampled_from(
        ["board", "cat", "status", "moves", "history", "rows", "cols", "policy", "rules"]
    ),
    st.one_of(cells, boards),
)
def test_game_state_cannot_be_forged(attr, value):
    check("game_mutate", attr, value)


@fuzz_settings
@given(boards, cells)
def test_game_copies_the_board(board, cell):
    check("game_array_after_check", board, cell)


@fuzz_settings
@given(st.one_of(texts, scalars))
def test_read_board(text):
    check("parse", "read_board", text)


@fuzz_settings
@given(st.one_of(st.sampled_from(cat.POLICIES), scalars))
def test_model_of(policy):
    check("call", "cat.players._model_of", policy)
