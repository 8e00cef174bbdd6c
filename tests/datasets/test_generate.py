"""trapcore.datasets: specs, generate(), item k a function of (spec, seed, k), filters, the twin."""

import numpy as np
import pytest
from _suite import size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.datasets as tds
from reference.maze import dataset_item, solve_bfs, walk_is_legal
from trapcore import Maze
from trapcore._seeding import item_generator, root_key
from trapcore.maze import _carve, _solve


def test_in_kernel_philox_is_numpys():
    key = root_key(42)
    for item, attempt in [(0, 0), (7, 0), (2**64 - 1, 5), (3, 2**64 - 1)]:
        counter = np.array([0, 0, item, attempt], np.uint64)
        raw = np.random.Philox(key=key, counter=counter).random_raw(13)
        np.testing.assert_array_equal(
            _carve.philox_raw(int(key[0]), int(key[1]), item, attempt, 13, False), raw
        )
        halves = np.random.Generator(np.random.Philox(key=key, counter=counter)).integers(
            0, 2**32, size=11, dtype=np.uint32
        )
        np.testing.assert_array_equal(
            _carve.philox_raw(int(key[0]), int(key[1]), item, attempt, 11, True), halves
        )


@pytest.mark.parametrize("method", ["kruskal", "backtracker", "wilson", "prim"])
@pytest.mark.parametrize(
    "braid,ends", [(0.0, ((0, 0), None)), (0.5, ("random", "random")), (1.0, ((0, 3), "random"))]
)
def test_items_match_the_twin(method, braid, ends):
    spec = tds.MazeSpec(5, 6, method=method, braid=braid, entrance=ends[0], exit=ends[1])
    b = tds.generate(spec, 12, seed=99)
    key = root_key(99)
    for k in range(12):
        doors, entrance, exit_, sol = dataset_item(
            5, 6, item_generator(key, k), method, braid, spec.entrance, spec.exit
        )
        np.testing.assert_array_equal(b["doors"][k], doors)
        assert tuple(b["entrance"][k]) == entrance and tuple(b["exit"][k]) == exit_
        np.testing.assert_array_equal(b["solution"][k], sol)
        assert b["path_length"][k] == len(sol)
        assert b["distance"][k] == abs(entrance[0] - exit_[0]) + abs(entrance[1] - exit_[1])


def test_measures_are_what_they_say():
    b = tds.generate(tds.MazeSpec(9, 7, braid=0.2), 40, seed=3)
    for k in range(40):
        m = Maze(b["doors"][k], entrance=tuple(b["entrance"][k]), exit=tuple(b["exit"][k]))
        sol = b["solution"][k]
        assert walk_is_legal(m.doors, sol) and len(sol) == len(m.solve(method="bfs"))
        deg = m.degrees()
        assert b["dead_ends"][k] == (deg == 1).sum()
        on_path = deg[sol[:-1, 0], sol[:-1, 1]]
        assert b["decision_points"][k] == (on_path[1:] > 2).sum() + (on_path[0] > 1)
        assert b["index"][k] == k


def test_perfect_items_and_carve_many_agree():
    b = tds.generate(tds.MazeSpec(10, 10), 300, seed=5)
    from trapcore.maze import carve_many

    np.testing.assert_array_equal(b["doors"], carve_many(300, 10, 10, seed=5))
    assert all(Maze(d).is_perfect() for d in b["doors"][:50])


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 60), shards=st.integers(1, 7), seed=st.integers(0, 2**64 - 1))
def test_shards_concatenate_to_the_whole(n, shards, seed):
    shards = min(shards, max(1, n))
    spec = tds.MazeSpec(4, 5, braid=0.3, entrance="random", filters={"path_length": (4, None)})
    whole = tds.generate(spec, n, seed)
    parts = [
        tds.generate(spec, n, seed, shard=s, num_shards=shards, workers=2) for s in range(shards)
    ]
    assert sum(len(p) for p in parts) == n
    got = np.concatenate([p["doors"] for p in parts])
    np.testing.assert_array_equal(got, whole["doors"])
    np.testing.assert_array_equal(np.concatenate([p["index"] for p in parts]), np.arange(n))
    sol = tds.Ragged.concat([p["solution"] for p in parts])
    np.testing.assert_array_equal(sol.values, whole["solution"].values)
    np.testing.assert_array_equal(sol.offsets, whole["solution"].offsets)


def test_filters_are_applied_and_items_stay_pure():
    spec = tds.MazeSpec(
        8,
        8,
        entrance="random",
        exit="random",
        filters={"path_length": (20, None), "dead_ends": (None, 20)},
    )
    b = tds.generate(spec, 200, seed=1)
    assert (b["path_length"] >= 20).all() and (b["dead_ends"] <= 20).all()
    tail = tds.generate(spec, 200, seed=1, shard=3, num_shards=4)
    np.testing.assert_array_equal(tail["doors"], b["doors"][150:])
    # a rejected item k comes from its next attempt stream
    key = root_key(1)
    for k in range(5):
        for attempt in range(1000):
            d, e, x, sol = dataset_item(
                8, 8, item_generator(key, k, attempt), "kruskal", 0.0, "random", "random"
            )
            if len(sol) >= 20 and (Maze(d).degrees() == 1).sum() <= 20:
                break
        np.testing.assert_array_equal(b["doors"][k], d)


def test_too_strict_filters_raise():
    spec = tds.MazeSpec(3, 3, filters={"path_length": (50, None)}, max_attempts=5)
    with pytest.raises(ValueError, match="rejected 5 candidates of item 0"):
        tds.generate(spec, 2, seed=1)


def test_same_seed_same_items_other_seed_other_items():
    spec = tds.MazeSpec(6, 6)
    a, b = tds.generate(spec, 20, 8), tds.generate(spec, 20, 8)
    np.testing.assert_array_equal(a["doors"], b["doors"])
    assert not np.array_equal(a["doors"], tds.generate(spec, 20, 9)["doors"])
    fresh = tds.generate(spec, 3, None)
    assert isinstance(fresh.seed, int)
    np.testing.assert_array_equal(fresh["doors"], tds.generate(spec, 3, fresh.seed)["doors"])


def test_numberlink_items():
    spec = tds.NumberlinkSpec(5, min_length=3, filters={"numbers": (3, None)})
    b = tds.generate(spec, 6, seed=4)
    assert b["grid"].shape == (6, 5, 5) and b["grid"].dtype == np.int16
    assert (b["numbers"] >= 3).all()
    from trapcore.numberlink import check

    for k in range(6):
        assert check(b["grid"][k], b["solution"][k])
    part = tds.generate(spec, 6, seed=4, shard=1, num_shards=2)
    np.testing.assert_array_equal(part["grid"], b["grid"][3:])
    from trapcore.numberlink import generate

    nikoli = tds.generate(tds.NumberlinkSpec(6, fill=False, touch=False), 3, seed=2)
    for k in range(3):
        p = generate(6, seed=item_generator(root_key(2), k), fill=False, touch=False)
        np.testing.assert_array_equal(nikoli["grid"][k], p.grid)
        assert check(p.grid, nikoli["solution"][k], fill=False, touch=False)
    with pytest.raises(TypeError, match="fill"):
        tds.NumberlinkSpec(5, fill=1)


def test_spec_round_trip_and_bad_specs():
    spec = tds.MazeSpec(
        4, 7, method="prim", braid=0.5, entrance="random", exit=(3, 6), filters={"distance": (2, 9)}
    )
    assert tds.spec_from_dict(spec.to_dict()) == spec
    nl = tds.NumberlinkSpec(6, 8, difficulty=(1, 5))
    assert tds.spec_from_dict(nl.to_dict()) == nl
    assert "MazeSpec 4x7" in repr(spec)
    for kwargs, exc, word in [
        ({"rows": 0}, ValueError, "rows"),
        ({"rows": 2.5}, TypeError, "rows"),
        ({"method": "dfs"}, ValueError, "method"),
        ({"braid": 2}, ValueError, "braid"),
        ({"braid": "x"}, TypeError, "braid"),
        ({"entrance": (2, 2), "rows": 5, "cols": 5}, ValueError, "entrance"),
        ({"exit": "middle"}, ValueError, "exit"),
        ({"filters": {"length": (1, 2)}}, ValueError, "filters"),
        ({"filters": {"distance": (5, 1)}}, ValueError, "filters"),
        ({"filters": [1]}, TypeError, "filters"),
        ({"max_attempts": 0}, ValueError, "max_attempts"),
    ]:
        with pytest.raises(exc, match=word):
            tds.MazeSpec(**kwargs)
    with pytest.raises(ValueError, match="kind"):
        tds.spec_from_dict({"kind": "sudoku"})
    with pytest.raises(TypeError, match="spec"):
        tds.generate("maze", 3, 1)
    with pytest.raises(TypeError, match="seed"):
        tds.generate(tds.MazeSpec(), 3, np.random.default_rng(1))
    with pytest.raises(ValueError, match="n"):
        tds.generate(tds.MazeSpec(), -1, 1)
    with pytest.raises(ValueError, match="shard"):
        tds.generate(tds.MazeSpec(), 4, 1, shard=4, num_shards=4)
    with pytest.raises(ValueError, match="num_shards"):
        tds.generate(tds.MazeSpec(), 4, 1, num_shards=5)


def test_ragged():
    r = tds.Ragged(np.arange(12).reshape(6, 2), np.array([0, 2, 2, 6]))
    assert len(r) == 3 and r[1].shape == (0, 2)
    assert r[-1].tolist() == [[4, 5], [6, 7], [8, 9], [10, 11]]
    t = r.take(np.array([2, 0]))
    assert t.lengths.tolist() == [4, 2] and t[1].tolist() == [[0, 1], [2, 3]]
    assert "Ragged rows=3" in repr(r)


def test_solution_is_shortest_in_braided_mazes():
    b = tds.generate(tds.MazeSpec(6, 6, braid=1.0), 20, seed=2)
    for k in range(20):
        assert len(b["solution"][k]) == len(solve_bfs(b["doors"][k], (0, 0), (5, 5)))


def test_cat_items():
    from trapcore.cat import Verdict, hexgrid, solve

    spec = tds.CatSpec(7, 9, blocked=6)
    b = tds.generate(spec, 30, seed=5)
    key = root_key(5)
    for k in (0, 17, 29):
        np.testing.assert_array_equal(
            b["board"][k],
            hexgrid.random_board(7, 9, 6, seed=item_generator(key, k), keep_free=(3, 4)),
        )
    assert (b["board"].sum(axis=(1, 2)) == 6).all() and (b["cat"] == (3, 4)).all()
    assert (b["winnable"] == -1).all()
    assert b["escape_distance"][0] == hexgrid.distance_to_border(b["board"][0])[3, 4]
    np.testing.assert_array_equal(
        tds.generate(spec, 30, 5, shard=2, num_shards=3)["board"], b["board"][20:]
    )
    # 7 x 7 (6 x 6 in the quick run: its lost starts are proven some hundred times sooner)
    side, blocked = size(6, 7), size(3, 4)
    for winnable, verdict in ((True, Verdict.WIN), (False, Verdict.LOSS)):
        spec = tds.CatSpec(side, side, blocked=blocked, policy="rays", winnable=winnable)
        got = tds.generate(spec, 3, seed=1)
        assert (got["winnable"] == int(winnable)).all()
        for board in got["board"]:
            assert solve(board, (side // 2, side // 2), policy="rays").verdict == verdict


def test_batch_kernels_answer_ctrl_c_quickly():
    # counted, not timed (tests/_sigint.py): both batch kernels poll every 2**14 cells, and a
    # Ctrl-C at any of their polls stops them; they then give the same batch as before
    from _sigint import check_traps

    from trapcore.maze import carve_many

    check_traps(lambda: carve_many(5_000, 10, 10, seed=1), 5_000 * 100)
    doors = carve_many(5_000, 10, 10, seed=1)
    ends = np.zeros((len(doors), 4), dtype=np.int32)
    ends[:, 2:] = 9

    def solve():
        paths = np.empty((len(doors), 100), dtype=np.int32)
        measures = np.empty((len(doors), 3), dtype=np.int32)
        _solve.solve_items(doors, ends, paths, measures)
        return measures

    check_traps(solve, 5_000 * 100 // 4)


def test_numberlink_long_paths_flow_through_spec_and_env():
    """``long_paths`` reaches generate from a dataset spec (and its saved form) and from the env:
    the items are the ones generate makes from each item's generator."""
    from trapcore.numberlink import generate

    spec = tds.NumberlinkSpec(8, long_paths=True, touch=False)
    assert tds.spec_from_dict(spec.to_dict()) == spec
    items = tds.generate(spec, 3, seed=5)
    for k in range(3):
        p = generate(8, seed=item_generator(root_key(5), k), touch=False, long_paths=True)
        assert np.array_equal(items["grid"][k], p.grid)
    with pytest.raises(TypeError, match="long_paths"):
        tds.NumberlinkSpec(8, long_paths=1)
    # the default is generate's, fixed in the spec so that its saved form keeps it
    assert tds.NumberlinkSpec(8).long_paths is True
    assert tds.NumberlinkSpec(16).long_paths is False
    assert tds.spec_from_dict(tds.NumberlinkSpec(8).to_dict()).long_paths is True
    pytest.importorskip("gymnasium")
    from trapcore.envs import NumberlinkEnv

    env = NumberlinkEnv(size=(8, 8), touch=False, long_paths=True)
    env.reset(seed=5)
    want = generate(8, 8, seed=item_generator(root_key(5), 0), touch=False, long_paths=True)
    assert np.array_equal(env.puzzle.grid, want.grid)
    env = NumberlinkEnv(size=(8, 8), touch=False)  # generate's default
    env.reset(seed=5)
    want = generate(8, 8, seed=item_generator(root_key(5), 0), touch=False)
    assert np.array_equal(env.puzzle.grid, want.grid)
    with pytest.raises(TypeError, match="long_paths"):
        NumberlinkEnv(size=(8, 8), long_paths="yes")


def test_numberlink_solids_flow_through_spec_cli_and_env():
    """``solids`` reaches generate from a spec, its saved form, the CLI's spec and the env; a
    spec saved before the knob existed (no ``solids`` field) reads as ``solids=True``, the
    puzzles it made."""
    from trapcore.numberlink import generate

    for solids in (False, True):
        spec = tds.NumberlinkSpec(8, solids=solids, touch=False)
        assert tds.spec_from_dict(spec.to_dict()) == spec
        items = tds.generate(spec, 3, seed=5)
        for k in range(3):
            p = generate(8, seed=item_generator(root_key(5), k), touch=False, solids=solids)
            assert np.array_equal(items["grid"][k], p.grid)
        assert solids or (items["grid"] >= 0).all()
    from trapcore.cli import build_parser
    from trapcore.datasets.cli import _spec

    for flag, solids in (([], False), (["--solids"], True)):
        argv = ["dataset", "numberlink", "--rows", "6", "-n", "1", "-o", "unused", *flag]
        args = build_parser().parse_args(argv)
        assert _spec(args).solids is solids
    old = tds.NumberlinkSpec(8, touch=False).to_dict()
    del old["solids"]
    assert tds.spec_from_dict(old).solids is True
    with pytest.raises(TypeError, match="solids"):
        tds.NumberlinkSpec(8, solids=1)
    pytest.importorskip("gymnasium")
    from trapcore.envs import NumberlinkEnv

    env = NumberlinkEnv(size=(8, 8), touch=False, solids=True)
    env.reset(seed=5)
    want = generate(8, 8, seed=item_generator(root_key(5), 0), touch=False, solids=True)
    assert np.array_equal(env.puzzle.grid, want.grid)
    with pytest.raises(TypeError, match="solids"):
        NumberlinkEnv(solids="no")


def test_numberlink_shape_measures_are_columns_and_filters():
    """``median_length`` and ``solids`` agree with ``trapcore.numberlink.measure`` and filter."""
    from trapcore.numberlink import Puzzle, measure

    spec = tds.NumberlinkSpec(9, touch=False, long_paths=True)
    b = tds.generate(spec, 6, seed=3)
    for k in range(6):
        q = measure(Puzzle(b["grid"][k], b["solution"][k], touch=False))
        assert b["median_length"][k] == q.median_length and b["solids"][k] == q.solids
    strict = tds.NumberlinkSpec(
        9, touch=False, long_paths=True, filters={"median_length": (9, None), "solids": (0, 0)}
    )
    c = tds.generate(strict, 4, seed=3)
    assert (c["median_length"] >= 9).all() and (c["solids"] == 0).all()
