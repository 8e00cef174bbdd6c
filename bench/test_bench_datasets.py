"""Datasets at scale: carve_many vs the twin and maze-dataset, mazes to Parquet end to end, Dask.

Compare the rows of one group in one run (the machine is shared): ``extra_info`` holds mazes a
second. ``-m "not slow"`` keeps the small variants; the slow ones carve a million mazes.
"""

import time

import numpy as np
import pytest

import trapcore as tc
import trapcore.datasets as tds
from reference import maze as ref
from trapcore._seeding import item_generator, root_key

slow = pytest.mark.slow


def _rate(benchmark, n):
    """Record items a second (when timings are on)."""
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["items_per_s"] = round(n / stats.stats.mean)


# -- carving 10x10 mazes -------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_carve_many_10x10(benchmark, workers):
    benchmark.group = "carve 10x10 mazes (items_per_s)"
    n = 200_000
    out = benchmark.pedantic(
        tc.maze.carve_many,
        args=(n, 10, 10),
        kwargs={"seed": 1, "workers": workers},
        rounds=5,
        iterations=1,
    )
    assert out.shape == (n, 10, 10)
    _rate(benchmark, n)
    if "items_per_s" in benchmark.extra_info and workers == 1:
        t = time.process_time()  # per core, whatever else the machine runs
        tc.maze.carve_many(n, 10, 10, seed=1)
        benchmark.extra_info["items_per_cpu_s"] = round(n / (time.process_time() - t))


def test_carve_many_10x10_numpy_philox_objects(benchmark):
    """0.2's first carve_many: one numpy Philox object per maze (the seeding cost now gone)."""
    benchmark.group = "carve 10x10 mazes (items_per_s)"
    n = 50_000
    key = root_key(1)

    def seeded():
        counters = np.zeros((n, 4), dtype=np.uint64)
        counters[:, 2] = np.arange(n, dtype=np.uint64)
        return [np.random.Philox(key=key, counter=c) for c in counters]

    benchmark.pedantic(seeded, rounds=3, iterations=1)
    _rate(benchmark, n)
    if "items_per_s" in benchmark.extra_info:
        t = time.process_time()
        seeded()
        benchmark.extra_info["items_per_cpu_s"] = round(n / (time.process_time() - t))


def test_carve_many_10x10_twin(benchmark):
    benchmark.group = "carve 10x10 mazes (items_per_s)"
    n = 500
    key = root_key(1)

    def many():
        return [ref.carve_kruskal(10, 10, ref.MazeStream(item_generator(key, k))) for k in range(n)]

    out = benchmark.pedantic(many, rounds=1, iterations=1)
    np.testing.assert_array_equal(np.stack(out), tc.maze.carve_many(n, 10, 10, seed=1))
    _rate(benchmark, n)


def test_carve_10x10_maze_dataset(benchmark):
    pytest.importorskip("maze_dataset")
    from maze_dataset.generation import LatticeMazeGenerators

    benchmark.group = "carve 10x10 mazes (items_per_s)"
    n = 200
    benchmark.pedantic(
        lambda: [LatticeMazeGenerators.gen_dfs(np.array([10, 10])) for _ in range(n)],
        rounds=1,
        iterations=1,
    )
    _rate(benchmark, n)


# -- mazes with solutions to Parquet, end to end ---------------------------------------------------


def _to_parquet(tmp_path, n, shards, client=None):
    pytest.importorskip("pyarrow")
    return tds.write_parquet(
        tds.MazeSpec(10, 10), n, 2026, tmp_path / f"ds{n}", num_shards=shards, client=client
    )


@pytest.mark.parametrize("n,shards", [(50_000, 2), pytest.param(1_000_000, 8, marks=slow)])
def test_mazes_to_parquet(benchmark, tmp_path, n, shards):
    benchmark.group = "10x10 mazes + solutions to Parquet (items_per_s)"
    info = benchmark.pedantic(_to_parquet, args=(tmp_path, n, shards), rounds=1, iterations=1)
    assert info.n == n and len(info.files) == shards
    benchmark.extra_info["megabytes"] = round(sum(p.stat().st_size for p in info.files) / 1e6, 1)
    _rate(benchmark, n)


def test_maze_dataset_solved_mazes(benchmark, tmp_path):
    """maze-dataset making solved 10x10 mazes (its dataset object; extrapolate to 1M)."""
    pytest.importorskip("maze_dataset")
    from maze_dataset import MazeDataset, MazeDatasetConfig
    from maze_dataset.generation import LatticeMazeGenerators

    benchmark.group = "10x10 mazes + solutions to Parquet (items_per_s)"
    n = 300
    cfg = MazeDatasetConfig(
        name="bench", grid_n=10, n_mazes=n, maze_ctor=LatticeMazeGenerators.gen_dfs
    )

    def make():
        return MazeDataset.from_config(
            cfg,
            load_local=False,
            do_download=False,
            save_local=False,
            do_generate=True,
            verbose=False,
            gen_parallel=False,
        )

    ds = benchmark.pedantic(make, rounds=1, iterations=1)
    assert len(ds) == n
    _rate(benchmark, n)


# -- Dask: a 2-worker LocalCluster vs one process -----------------------------------------------


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.mark.parametrize("where", ["one process", "dask 2 workers"])
def test_dask_vs_one_process(benchmark, tmp_path, client, where):
    benchmark.group = "200,000 10x10 mazes, 4 shards: Dask overhead (items_per_s)"
    n = 200_000
    info = benchmark.pedantic(
        _to_parquet,
        args=(tmp_path, n, 4),
        kwargs={"client": client if where != "one process" else None},
        rounds=1,
        iterations=1,
    )
    alone = tds.write_parquet(tds.MazeSpec(10, 10), n, 2026, tmp_path / "check", num_shards=4)
    assert [p.read_bytes() for p in info.files] == [p.read_bytes() for p in alone.files]
    benchmark.extra_info["content_hash"] = info.content_hash[:16]
    _rate(benchmark, n)
