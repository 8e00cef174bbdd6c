"""Datasets at scale: carve_many vs the twin and maze-dataset; ``trapcore dataset maze`` end to end
(process start to the last shard closed) against the kernel alone and a plain C Kruskal loop
compiled here; two workers against one; Dask against local processes.

Compare the rows of one group in one run (the machine is shared): ``extra_info`` holds mazes a
second and a CPU-second, and the ratios. CPU time is the child processes' (``getrusage``), so a
busy machine slows the wall clock more than the rates per CPU-second. ``-m "not slow"`` keeps the
small variants; the slow ones make a million mazes.
"""

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

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


# -- end to end: the CLI vs the kernel vs plain C ------------------------------------------------

#: A plain C Kruskal loop: edges shuffled by Fisher-Yates from splitmix64 (Lemire's bounded
#: draw), union-find with path halving, doors as trapcore stores them. It prints its CPU seconds.
KRUSKAL_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static uint64_t state = 12345;
static inline uint64_t next(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline uint32_t bounded(uint32_t n) {
    return (uint32_t)(((unsigned __int128)next() * n) >> 64);
}
static inline int32_t find(int32_t *p, int32_t i) {
    while (p[i] != i) { p[i] = p[p[i]]; i = p[i]; }
    return i;
}
int main(int argc, char **argv) {
    long n = atol(argv[1]); int rows = atoi(argv[2]), cols = atoi(argv[3]);
    int cells = rows * cols, ne;
    int32_t *edges = malloc(sizeof(int32_t) * 2 * cells), *parent = malloc(sizeof(int32_t) * cells);
    uint8_t *doors = malloc((size_t)n * cells);
    uint64_t sum = 0;
    clock_t t0 = clock();
    for (long m = 0; m < n; m++) {
        uint8_t *d = doors + (size_t)m * cells;
        ne = 0;
        for (int i = 0; i < cells; i++) {
            parent[i] = i;
            d[i] = 15;
            if (i / cols < rows - 1) edges[ne++] = 2 * i;
            if (i % cols < cols - 1) edges[ne++] = 2 * i + 1;
        }
        for (int k = ne - 1; k > 0; k--) {
            int j = (int)bounded((uint32_t)k + 1);
            int32_t t = edges[k]; edges[k] = edges[j]; edges[j] = t;
        }
        for (int k = 0; k < ne; k++) {
            int32_t e = edges[k], i = e >> 1, o = (e & 1) ? i + 1 : i + cols;
            int32_t a = find(parent, i), b = find(parent, o);
            if (a != b) {
                parent[a] = b;
                d[i] = (e & 1) ? (uint8_t)((d[i] & 3) | 4) : (uint8_t)((d[i] & 12) | 1);
            }
        }
        sum += d[m % cells];
    }
    printf("%.6f %llu\n", (double)(clock() - t0) / CLOCKS_PER_SEC, (unsigned long long)sum);
    return 0;
}
"""


@pytest.fixture(scope="module")
def plain_c(tmp_path_factory):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    folder = tmp_path_factory.mktemp("kruskal")
    (folder / "kruskal.c").write_text(KRUSKAL_C)
    exe = folder / "kruskal"
    r = subprocess.run([cc, "-O2", "-o", str(exe), str(folder / "kruskal.c")], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"the C compiler failed: {r.stderr.decode()[:200]}")
    return exe


#: The shared yardstick of the data path (never copied into the repository): the plain C Kruskal
#: loop for 10x10 mazes in ../shared/limit beside the checkout (or the folder TRAPCORE_LIMIT). It
#: prints wall seconds; its CPU seconds are counted here (getrusage), as the CLI's are.
SHARED_LIMIT = (
    Path(
        os.environ.get("TRAPCORE_LIMIT")
        or Path(__file__).resolve().parents[1].parent / "shared" / "limit"
    )
    / "kruskal10_batch.c"
)


@pytest.fixture(scope="module")
def shared_c(tmp_path_factory):
    if not SHARED_LIMIT.is_file():
        pytest.skip(f"the shared C loop {SHARED_LIMIT} is absent")
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    exe = tmp_path_factory.mktemp("limit") / "k10"
    r = subprocess.run([cc, "-O2", "-o", str(exe), str(SHARED_LIMIT)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"the C compiler failed: {r.stderr.decode()[:200]}")
    return exe


def _c_rate(exe, n, size):
    """Mazes per CPU-second of the in-bench C loop (it prints its own CPU seconds)."""
    out = subprocess.run([str(exe), str(n), str(size), str(size)], capture_output=True, text=True)
    return n / float(out.stdout.split()[0])


def _shared_c_rate(exe, n):
    """Mazes per CPU-second of the shared 10x10 loop, counted by getrusage."""
    cpu = _children_cpu()
    subprocess.run([str(exe), str(n)], check=True, capture_output=True)
    return n / (_children_cpu() - cpu)


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _cli(folder, n, size, *extra):
    """``trapcore dataset maze`` in a fresh process: (items per CPU-second, per wall second),
    CPU counted over the process and its children (Dask workers included)."""
    cpu, wall = _children_cpu(), time.perf_counter()
    argv = ["dataset", "maze", "--rows", str(size), "--cols", str(size), "-n", str(n)]
    argv += ["--seed", "1", "-o", str(folder), *extra]
    subprocess.run(
        [sys.executable, "-c", "import sys; from trapcore.cli import main; sys.exit(main())"]
        + argv,
        check=True,
        capture_output=True,
    )
    return n / (_children_cpu() - cpu), n / (time.perf_counter() - wall)


def _kernel_rate(n, size):
    t = time.process_time()
    tc.maze.carve_many(n, size, size, seed=1)
    return n / (time.process_time() - t)


@pytest.mark.parametrize("n", [200_000, pytest.param(1_000_000, marks=slow)])
def test_end_to_end_vs_the_shared_c_loop(benchmark, tmp_path, shared_c, n):
    """The CLI (Parquet, default columns and compression, page checksums and shard hashes, 2
    shards) per CPU-second against ../shared/limit/kruskal10_batch.c, the yardstick the issue
    names (end to end >= 0.5 x of it), and against carve_many alone, in one run."""
    benchmark.group = "10x10 mazes: end to end vs the shared C loop (items per CPU-s)"
    c_rate = _shared_c_rate(shared_c, n)
    kernel = _kernel_rate(n, 10)
    cli_cpu, cli_wall = benchmark.pedantic(
        _cli, args=(tmp_path / "ds", n, 10, "--shards", "2"), rounds=1, iterations=1
    )
    assert tds.verify(tmp_path / "ds").n == n
    benchmark.extra_info.update(
        shared_c_per_cpu_s=round(c_rate),
        kernel_per_cpu_s=round(kernel),
        end_to_end_per_cpu_s=round(cli_cpu),
        end_to_end_per_s=round(cli_wall),
        kernel_vs_shared_c=round(kernel / c_rate, 3),
        end_to_end_vs_shared_c=round(cli_cpu / c_rate, 3),
    )


@pytest.mark.parametrize(
    "size,n",
    [
        (10, 200_000),
        (32, 20_000),
        pytest.param(10, 1_000_000, marks=slow),
        pytest.param(32, 100_000, marks=slow),
    ],
)
def test_end_to_end_vs_plain_c(benchmark, tmp_path, plain_c, size, n):
    """The CLI (Parquet, default columns, 2 shards) per CPU-second against carve_many alone and
    the in-bench C loop (any size; at 10x10 the shared loop above is the yardstick), in one
    run."""
    benchmark.group = f"{size}x{size} mazes: end to end vs kernel vs plain C (items per CPU-s)"
    c_rate = _c_rate(plain_c, n, size)
    kernel = _kernel_rate(n, size)
    cli_cpu, cli_wall = benchmark.pedantic(
        _cli, args=(tmp_path / "ds", n, size, "--shards", "2"), rounds=1, iterations=1
    )
    assert tds.verify(tmp_path / "ds").n == n
    benchmark.extra_info.update(
        plain_c_per_cpu_s=round(c_rate),
        kernel_per_cpu_s=round(kernel),
        end_to_end_per_cpu_s=round(cli_cpu),
        end_to_end_per_s=round(cli_wall),
        kernel_vs_plain_c=round(kernel / c_rate, 3),
        end_to_end_vs_plain_c=round(cli_cpu / c_rate, 3),
    )


@pytest.mark.parametrize("n", [400_000, pytest.param(1_000_000, marks=slow)])
def test_two_workers_vs_one(benchmark, tmp_path, n):
    """--workers 2 against 1, wall clock (meaningful on an idle 2-core machine only)."""
    benchmark.group = "10x10 mazes: --workers 2 vs 1 (items per wall second)"
    one = _cli(tmp_path / "w1", n, 10, "--shards", "2", "--workers", "1")
    two = benchmark.pedantic(
        _cli,
        args=(tmp_path / "w2", n, 10, "--shards", "2", "--workers", "2"),
        rounds=1,
        iterations=1,
    )
    assert [p.read_bytes() for p in sorted((tmp_path / "w1" / "data").iterdir())] == [
        p.read_bytes() for p in sorted((tmp_path / "w2" / "data").iterdir())
    ]
    benchmark.extra_info.update(
        one_worker_per_s=round(one[1]),
        two_workers_per_s=round(two[1]),
        two_vs_one_wall=round(two[1] / one[1], 3),
        one_worker_per_cpu_s=round(one[0]),
        two_workers_per_cpu_s=round(two[0]),
    )


@pytest.mark.parametrize("size,n", [(10, 400_000), pytest.param(10, 1_000_000, marks=slow)])
def test_two_workers_cpu_and_serial_share(benchmark, tmp_path, size, n):
    """What a busy machine can show of --workers 2 (the wall clock cannot): the CPU-seconds of
    one and of two workers (the same work: nearly equal), and the serial share, the main
    thread's CPU (it writes Parquet and hashes in item order while the workers make the next
    row groups) over the whole. On two idle cores the wall-clock gain is at most
    ``cpu / max(main, cpu / 2)``."""
    benchmark.group = f"{size}x{size} mazes: --workers 2 vs 1 (CPU-s and serial share)"
    spec = tds.MazeSpec(size, size)

    def run(w):
        c, m = time.process_time(), time.thread_time()
        tds.write_parquet(spec, n, 1, tmp_path / f"w{w}", num_shards=2, workers=w)
        return time.process_time() - c, time.thread_time() - m

    one = run(1)
    cpu, main = benchmark.pedantic(run, args=(2,), rounds=1, iterations=1)
    assert [p.read_bytes() for p in sorted((tmp_path / "w1" / "data").iterdir())] == [
        p.read_bytes() for p in sorted((tmp_path / "w2" / "data").iterdir())
    ]
    benchmark.extra_info.update(
        one_worker_cpu_s=round(one[0], 2),
        two_workers_cpu_s=round(cpu, 2),
        two_vs_one_cpu=round(cpu / one[0], 3),
        main_thread_cpu_s=round(main, 2),
        serial_share=round(main / cpu, 3),
        bound_on_two_idle_cores=round(cpu / max(main, cpu / 2), 2),
    )


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


# -- Dask: a 2-worker LocalCluster vs local processes ------------------------------------------


@pytest.mark.parametrize("n", [400_000, pytest.param(1_000_000, marks=slow)])
def test_dask_per_core_vs_local(benchmark, tmp_path, n):
    """``--dask local:2`` against one local process, per CPU-second (the issue asks for Dask's
    per-core rate within 1.3 x of local processes'); the same bytes."""
    pytest.importorskip("distributed")
    benchmark.group = "10x10 mazes: Dask local:2 vs local (items per CPU-s)"
    local = _cli(tmp_path / "local", n, 10, "--shards", "8")
    dask = benchmark.pedantic(
        _cli,
        args=(tmp_path / "dask", n, 10, "--shards", "8", "--dask", "local:2"),
        rounds=1,
        iterations=1,
    )
    assert [p.read_bytes() for p in sorted((tmp_path / "local" / "data").iterdir())] == [
        p.read_bytes() for p in sorted((tmp_path / "dask" / "data").iterdir())
    ]
    benchmark.extra_info.update(
        local_per_cpu_s=round(local[0]),
        dask_per_cpu_s=round(dask[0]),
        local_vs_dask_per_core=round(local[0] / dask[0], 3),
        local_per_s=round(local[1]),
        dask_per_s=round(dask[1]),
    )
