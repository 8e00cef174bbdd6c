"""Issue 32's attack cases (writers, unbounded costs, wrong exceptions), each reproduced first:
run in the fuzz child process (a hang or a MemoryError there fails the case), or, for files, in
a temporary folder. No wall-clock thresholds: costs are bounded by the refusal itself, by node
budgets, or by counting; the child's timeout is only a hang guard."""

import math
import os
import random
import signal
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from _child import default_signals
from _suite import posix_only, sample
from fuzz.harness import check, run

import trapcore as tc
from trapcore import _io
from trapcore import numberlink as nl


def case(name, *args, extra=(), **kwargs):
    return check("case", "cases_32", name, *args, extra=extra, **kwargs)


# -- writers respect the target (item 2) -----------------------------------------------------


def _writers(tmp_path):
    """Every writer of the library and the CLI, as ``fn(path)``."""
    puzzle = nl.generate(4, seed=1)

    def cli_maze(path):
        pytest.importorskip("PIL")
        from trapcore import cli

        status = cli.main(["maze", "4", "4", "3", "--seed", "1", "-o", str(path)])
        if status != 0:
            raise ValueError(f"trapcore maze -o exited {status}")

    return {
        "write_puzzles": lambda p: nl.write_puzzles(p, [puzzle]),
        "atomic_write": lambda p: _io.atomic_write(p, b"NEW"),
        "trapcore maze -o": cli_maze,
    }


@pytest.mark.parametrize("writer", ["write_puzzles", "atomic_write", "trapcore maze -o"])
@posix_only
def test_a_symlink_is_written_through(tmp_path, monkeypatch, writer):
    monkeypatch.chdir(tmp_path)
    write = _writers(tmp_path)[writer]
    (tmp_path / "real.png").write_bytes(b"OLD")
    os.chmod(tmp_path / "real.png", 0o640)
    os.symlink("real.png", tmp_path / "l.png")
    write("l.png")
    assert os.path.islink(tmp_path / "l.png") and os.readlink(tmp_path / "l.png") == "real.png"
    assert (tmp_path / "real.png").read_bytes() != b"OLD"
    assert os.stat(tmp_path / "real.png").st_mode & 0o777 == 0o640  # the target's mode kept
    assert sorted(os.listdir(tmp_path)) == ["l.png", "real.png"]  # no temporary file left
    # a dangling link creates its target, as open() would; a link into another folder writes
    # there (the temporary file too, so the rename stays atomic)
    os.mkdir(tmp_path / "sub")
    os.symlink(os.path.join("sub", "new.png"), tmp_path / "d.png")
    write("d.png")
    assert os.path.islink(tmp_path / "d.png") and (tmp_path / "sub" / "new.png").is_file()
    assert os.listdir(tmp_path / "sub") == ["new.png"]


@pytest.mark.parametrize("writer", ["write_puzzles", "atomic_write", "trapcore maze -o"])
@posix_only
def test_fifos_folders_and_link_loops_are_refused(tmp_path, monkeypatch, writer):
    monkeypatch.chdir(tmp_path)
    write = _writers(tmp_path)[writer]
    os.mkfifo(tmp_path / "f.png")
    os.symlink("f.png", tmp_path / "lf.png")
    os.mkdir(tmp_path / "dir.png")
    os.symlink("loop.png", tmp_path / "loop.png")
    for name, words in [
        ("f.png", "FIFO"),
        ("lf.png", "FIFO"),
        ("dir.png", "folder"),
        ("loop.png", "loops"),
    ]:
        with pytest.raises(ValueError, match=words if writer != "trapcore maze -o" else "exited 2"):
            write(name)
    assert stat.S_ISFIFO(os.lstat(tmp_path / "f.png").st_mode)
    assert os.path.islink(tmp_path / "lf.png") and (tmp_path / "dir.png").is_dir()
    assert sorted(os.listdir(tmp_path)) == ["dir.png", "f.png", "lf.png", "loop.png"]


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_devices_are_refused(monkeypatch, device):
    # were replaced by a regular file when run as root; os.replace is disarmed here, so even a
    # broken check could not replace the device
    if not os.path.exists(device):
        pytest.skip(f"no {device}")

    def refuse(*args):
        raise AssertionError(f"os.replace{args} was called")

    monkeypatch.setattr(_io.os, "replace", refuse)
    with pytest.raises(ValueError, match="is a device; trapcore writes only regular files"):
        _io.check_output_path(device)
    with pytest.raises(ValueError, match="device"):
        _io.atomic_write(device, b"x")
    with pytest.raises(ValueError, match="device"):
        nl.write_puzzles(device, [nl.generate(4, seed=1)])
    assert stat.S_ISCHR(os.stat(device).st_mode)


_WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from trapcore import _io
    with _io.atomic_open(sys.argv[1], "w") as fh:
        fh.write("half")
        fh.flush()
        os.kill(os.getpid(), getattr(signal, sys.argv[2]))
        fh.write("never")
    """
)


# a child per signal: in the quick run SIGTERM (the default action) and SIGINT (Python's handler)
@pytest.mark.parametrize("sig", sample(["SIGTERM", "SIGHUP", "SIGINT"], 2))
@posix_only
def test_a_killed_write_leaves_no_temporary_file(tmp_path, sig):
    target = tmp_path / "out.txt"
    target.write_text("OLD")
    proc = subprocess.run(
        [sys.executable, "-c", _WRITER, str(target), sig],
        capture_output=True,
        preexec_fn=default_signals,
    )
    if sig == "SIGINT":  # Python's own handler: KeyboardInterrupt, cleaned by the except clause
        assert proc.returncode != 0 and b"KeyboardInterrupt" in proc.stderr
    else:  # the signal's default action follows the clean-up: the process dies of it
        assert proc.returncode == -getattr(signal, sig), proc.stderr
    assert target.read_text() == "OLD" and os.listdir(tmp_path) == ["out.txt"]


@posix_only
def test_sigkill_litter_is_removed_by_the_next_write(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("OLD")
    proc = subprocess.run([sys.executable, "-c", _WRITER, str(target), "SIGKILL"])
    assert proc.returncode == -signal.SIGKILL
    litter = [n for n in os.listdir(tmp_path) if n != "out.txt"]
    assert len(litter) == 1 and litter[0].startswith(".out.txt.") and litter[0].endswith(".tmp")
    # names it does not recognise stay: other files, other targets, other shapes of name
    keep = [".out.txt.zzzzzzzzzzzz.tmp", ".other.txt.0123456789ab.tmp", ".out.txt.0123.tmp"]
    for name in keep:
        (tmp_path / name).write_text("x")
    _io.atomic_write(target, "NEW")
    assert target.read_text() == "NEW"
    assert sorted(os.listdir(tmp_path)) == sorted(keep + ["out.txt"])


def test_a_write_in_progress_elsewhere_is_not_taken_for_litter(tmp_path):
    """Another process's open temporary file (locked while it writes) survives our clean-up."""
    if sys.platform == "win32":
        pytest.skip("POSIX locks")
    target = tmp_path / "out.txt"
    code = textwrap.dedent(
        """
        import sys
        from trapcore import _io
        with _io.atomic_open(sys.argv[1], "w") as fh:
            fh.write("theirs")
            print("writing", flush=True)
            sys.stdin.readline()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline() == "writing\n"  # its temporary file exists, locked
        theirs = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
        assert len(theirs) == 1
        assert _io.remove_stale_temps(str(target)) == []
        _io.atomic_write(target, "ours")
        assert (tmp_path / theirs[0]).exists()
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.wait() == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert target.read_text() == "theirs" and os.listdir(tmp_path) == ["out.txt"]


# -- costs bounded before work starts (item 4) -------------------------------------------------


def test_numberlink_solve_file_is_linear_in_blank_lines():
    # the ^\s*(...) MULTILINE regex rescanned every later blank line from each line start:
    # 100,000 of them ran past 120 s (the child's hang guard catches a relapse)
    assert case("solve_file_of_blank_lines", 100_000).kind == "ok"


def test_layered_detector_still_finds_layers():
    from trapcore.numberlink.cli import _LAYERED

    assert _LAYERED.search("\n\n  SIZE 3X3X2\n")
    assert _LAYERED.search("x\n\tVIA#a (1,1,1)\n")
    assert not _LAYERED.search("SIZE\n3X3X2\n")  # one line, as the contest parser reads it
    assert not _LAYERED.search("\n" * 1000 + "3 1\n1.1\n")


@pytest.mark.parametrize("shape", [(16, 16), (1, 2**18), (2048, 2048)])
@pytest.mark.parametrize("solids", [False, True])
def test_a_grid_without_numbers_is_answered_without_search(shape, solids):
    # 16 x 16 ran past 120 s; max_nodes=1 proves no search runs (it would raise past 1 node)
    g = np.zeros(shape, np.int16)
    if solids:
        g[::2] = -1
    for fill in (True, False):
        expect = 1 if not fill or not (g == 0).any() else 0
        assert len(nl.solve(g, fill=fill, max_nodes=1)) == expect
        assert nl.count(g, fill=fill, max_nodes=1) == expect
        assert nl.count_nodes(g, fill=fill, max_nodes=1) == 0
    sols = nl.solve(g, fill=False, max_nodes=1)
    assert np.array_equal(sols[0], g) and sols[0] is not g
    full = np.full((3, 4), -1, np.int16)  # nothing to fill: one (empty) solution under fill
    assert [s.tolist() for s in nl.solve(full, max_nodes=1)] == [full.tolist()]
    assert nl.count(full, max_nodes=1) == 1


def _walk_steps(rows, cols, seed):
    """Wilson's algorithm's random-walk steps, counted: a root drawn uniformly, a loop-erased
    walk from every cell in index order. An outside check of the estimate (no kernel code)."""
    rng = random.Random(seed)
    n = rows * cols
    in_tree = [False] * n
    in_tree[rng.randrange(n)] = True
    nxt = [0] * n
    steps = 0
    for i in range(n):
        u = i
        while not in_tree[u]:
            r, c = divmod(u, cols)
            options = [
                v
                for ok, v in (
                    (r > 0, u - cols),
                    (c < cols - 1, u + 1),
                    (r < rows - 1, u + cols),
                    (c > 0, u - 1),
                )
                if ok
            ]
            nxt[u] = u = options[rng.randrange(len(options))] if options else u
            steps += 1
        u = i
        while not in_tree[u]:  # the loop-erased walk joins the tree
            in_tree[u] = True
            u = nxt[u]
    return steps


@pytest.mark.parametrize("shape", [(1, 300), (3, 200), (8, 120), (30, 30)])
def test_wilson_estimate_against_counted_walks(shape):
    from trapcore.maze._checks import wilson_steps

    counted = np.mean([_walk_steps(*shape, seed) for seed in range(6)])
    estimate = wilson_steps(*shape)
    # within a factor of 3 either way (the walks' lengths have a heavy tail: six draws)
    assert estimate / 3 <= counted <= estimate * 3, (shape, counted, estimate)


def test_wilson_refuses_long_strips_and_keeps_squares():
    from trapcore.maze._checks import MAX_WILSON_STEPS, wilson_steps

    # 64 x 46000 was accepted (0.2 estimated 2.1e9 steps) and took 50-82 CPU-s
    out = run("call", "Maze.carve", 64, 46000, seed=1, method="wilson", timeout=30)
    assert out.type_name == "ValueError" and "wilson" in out.message and "steps" in out.message
    out = run("call", "maze.carve_many", 2, 64, 46000, method="wilson", timeout=30)
    assert out.type_name == "ValueError" and "wilson" in out.message
    # every square maze the size limit accepts stays accepted
    side = math.isqrt(tc.maze.LIMITS.maze_cells)
    assert wilson_steps(side, side) <= MAX_WILSON_STEPS
    for rows, cols in [(1, 2), (2, 2), (100, 100), (1, 30000), (4096, 16384)]:
        assert wilson_steps(rows, cols) <= MAX_WILSON_STEPS


def test_the_smart_cat_is_refused_on_big_boards():
    # 500 x 500: 23.6 CPU-s a move
    board = np.zeros((500, 500), np.uint8)
    for policy in ("smart", "hard"):
        out = run("call", "cat.cat_move", board, (250, 250), policy=policy, timeout=30)
        assert out.type_name == "ValueError" and "policy='smart'" in out.message, out
        out = run("call", "CatGame", 200, 200, 0, policy=policy, timeout=30)
        assert out.type_name == "ValueError" and "policy" in out.message, out
    out = run("call", "CatGame.from_board", np.zeros((129, 128), np.uint8), policy="smart")
    assert out.type_name == "ValueError", out
    # the documented limit itself (128 x 128) is accepted, and the other cats are not limited
    small = np.zeros((128, 128), np.uint8)
    assert check("call", "cat.cat_move", small, (64, 64), policy="smart").kind == "ok"
    assert check("call", "cat.cat_move", board, (250, 250), policy="bfs").kind == "ok"


def test_cat_env_refuses_the_smart_cat_at_construction():
    pytest.importorskip("gymnasium")
    out = case("cat_env", 200, policy="smart")
    assert out.type_name == "ValueError" and "policy" in out.message, out


# -- wrong exceptions (item 5) -----------------------------------------------------------------


@pytest.mark.parametrize("shape", [(1, 2**33), (2**16, 2**16)])
def test_a_huge_maze_array_is_refused_before_it_is_copied(shape):
    # MemoryError (8 GiB), or 32 s and 4.1 GB before the ValueError; the child has 3 GiB
    out = case("maze_on_huge", shape)
    assert out.type_name == "ValueError" and "doors" in out.message, out


@pytest.mark.parametrize(
    "target,shape,dtype",
    [
        ("Maze.from_grid", (2**17 + 1, 2**17 + 1), np.uint8),
        ("Maze.from_grid", (3, 2**34 + 1), np.uint8),
        ("Maze.from_grid", (2**15 + 1, 2**15 + 1), np.int64),
        ("maze.from_connection_list", (2, 2**16, 2**16), np.bool_),
        ("maze.from_connection_list", (2, 1, 2**33), np.uint8),
        ("maze.down_doors", (2**17, 2**17), np.uint8),
        ("maze.right_doors", (1, 2**33), np.uint8),
        ("maze.check_doors", (2**16, 2**16), np.uint8),
    ],
)
def test_huge_arrays_are_refused_before_they_are_copied(target, shape, dtype):
    out = check("call_on_zeros", target, shape, dtype)
    assert out.type_name == "ValueError", out


@pytest.mark.parametrize("method", ["to_text", "to_image", "to_svg"])
def test_a_huge_path_is_refused_before_it_is_copied(method):
    if method == "to_image":
        pytest.importorskip("PIL")
    out = case("maze_method_huge_path", method, 2**31)
    assert out.type_name == "ValueError" and "path" in out.message, out


MASKED = [
    ("board", "cat.cat_move", ((2, 2),), {}),
    ("board", "cat.player_move", ((2, 2),), {}),
    ("board", "cat.solve", ((2, 2),), {"max_nodes": 10}),
    ("board", "cat.hint", ((2, 2),), {"max_nodes": 10}),
    ("board", "cat.hexgrid.distance_to_border", (), {}),
    ("board", "cat.hexgrid.distances", ((2, 2),), {}),
    ("board", "cat.hexgrid.escape_path", ((2, 2),), {}),
    ("board", "cat.render_board", ((2, 2),), {}),
    ("board", "cat.to_odd_r", (), {}),
    ("board", "CatGame.from_board", (), {}),
    ("doors", "Maze", (), {}),
    ("doors", "maze.check_doors", (), {}),
    ("doors", "maze.down_doors", (), {}),
    ("doors", "maze.right_doors", (), {}),
    ("grid", "numberlink.solve", (), {}),
    ("grid", "numberlink.count", (), {}),
    ("grid", "numberlink.count_nodes", (), {}),
    ("grid", "Puzzle", (), {}),
    ("grid", "numberlink.grid_board", (), {}),
    ("walls", "Maze.from_grid", (), {}),
    ("connections", "maze.from_connection_list", (), {}),
    ("grid", "numberlink.check", (np.array([[1, 1, 1], [2, 2, 2]], np.int16),), {}),
    ("board", "cat.escape_certificate", ((2, 2),), {}),
    ("path", "Maze.to_text", (), {}),
    ("path", "Maze.to_svg", (), {}),
]


@pytest.mark.parametrize("kind,target,args,kwargs", MASKED, ids=[m[1] for m in MASKED])
def test_masked_arrays_are_a_type_error(kind, target, args, kwargs):
    out = case("masked", kind, target, *args, **kwargs)
    assert out.type_name == "TypeError" and "masked" in out.message, out


def test_masked_values_and_solution_arguments():
    grid = np.array([[1, 0, 1]], np.int16)
    masked = np.ma.masked_array(grid)
    with pytest.raises(TypeError, match="masked"):
        nl.check(grid, masked)
    with pytest.raises(TypeError, match="masked"):
        nl.Puzzle.from_graph(np.ma.masked_array([1, 0, 1]), [[1, -1], [0, 2], [1, -1]])
    with pytest.raises(TypeError, match="masked"):
        nl.Puzzle.from_graph([1, 0, 1], np.ma.masked_array([[1, -1], [0, 2], [1, -1]]))


@pytest.mark.parametrize(
    "target,args,kwargs",
    [
        ("numberlink.generate", (5,), {"max_attempts": 2**63}),
        ("numberlink.generate", (70,), {"max_nodes": None}),
        ("numberlink.generate", (51, 50), {}),
        ("numberlink.generate", (5,), {"max_attempts": 2**200}),
        ("numberlink.difficulty_band", ("easy", 4096), {}),
        ("numberlink.difficulty_band", ("hard", 2**14, 2**14), {}),
        ("cat.odd_r_cell", ((0, 0), (float("inf"), 1)), {}),
        ("cat.odd_r_cell", ((0, 0), (2.5, 1)), {}),
        ("cat.odd_r_cell", ((0, 0), (2**70, 1)), {}),
        ("cat.compact_certificate", ([[0, 0], [2, 2]],), {}),
        ("cat.compact_certificate", ([None, [[1, 2]]],), {}),
        ("cat.compact_certificate", ([None, 5],), {}),
        ("cat.compact_certificate", ("ab",), {}),
        ("cat.compact_certificate", ([[1, 2, [None]], []],), {}),
    ],
)
def test_overflow_and_index_errors_are_value_or_type_errors(target, args, kwargs):
    out = check("call", target, *args, **kwargs)
    assert out.kind == "ok" or out.type_name in ("ValueError", "TypeError"), out


def test_difficulty_band_far_past_its_table():
    lo, hi = nl.difficulty_band("medium", 4096)
    assert 0 < lo <= hi
    assert nl.difficulty_band("hard", 4096)[1] == math.inf


def test_compact_certificate_of_a_deep_chain():
    # an explicit stack: a certificate deeper than Python's recursion limit compacts
    node = None
    for _ in range(5000):
        node = [[1, 1, node], []]
    out = tc.cat.compact_certificate(node)
    assert len(out["nodes"]) == 5000 and out["root"] == 0


@pytest.mark.parametrize("what", ["neighbours", "values", "neighbours.base", "values.base"])
@pytest.mark.parametrize("value", [10**6, -5, 0])
def test_a_board_cannot_be_made_writable(what, value):
    # neighbours set to 10**6 gave IndexError in solve; values set to -5 "solved" as [-5, -5, -5]
    out = case("board_tampered", what, value)
    assert out.kind == "ok", out


@pytest.mark.parametrize("attr", ["grid", "solution"])
def test_a_puzzle_cannot_be_made_writable(attr):
    assert case("puzzle_tampered", attr).kind == "ok"


def test_trap_the_cat_sizes_without_a_legal_action_are_refused():
    pytest.importorskip("gymnasium")
    # size=3 (9 cells, 8 blocked by default) reset to an all-zero mask and step raised
    out = case("cat_env", 3)
    assert out.type_name == "ValueError" and "size 3 x 3" in out.message, out
    assert case("cat_env", 3, blocked=7).kind == "ok"
    assert case("cat_env", (3, 4), blocked=10).kind == "ok"
    assert case("cat_env", (3, 4), blocked=11).type_name == "ValueError"
    pytest.importorskip("pettingzoo")
    assert case("cat_aec_env", 3).type_name == "ValueError"
    assert case("cat_aec_env", 3, blocked=7).kind == "ok"


def test_one_numberlink_env_from_eight_threads():
    pytest.importorskip("gymnasium")
    # raised KeyError: 5 (and "dictionary changed size during iteration")
    out = case("numberlink_env_from_threads", 8, 400)
    assert out.kind == "ok", out


def test_generate_with_the_default_budget_is_bounded():
    # the search's generator (long_paths given) with max_nodes=None ran past 60 s at 70 x 70:
    # refused at once (naming the options), as is every board past 50 x 50 under touch=True;
    # touch=False keeps its 70 x 70 (the default under Flow's rules needs no search budget)
    with pytest.raises(ValueError, match="touch=False"):
        nl.generate(70, max_nodes=None, long_paths=False)
    with pytest.raises(ValueError, match="max_nodes"):
        nl.generate(2, 1251, long_paths=False)
    from trapcore.numberlink.generate import _default_budget

    # the budget a check gets is bounded wherever generate accepts max_nodes=None
    for rows, cols in [(2, 2), (20, 20), (21, 21), (30, 30), (50, 50), (70, 70)]:
        for touch in (True, False):
            for long_paths in (True, False):
                if touch and rows * cols > 2500 and not long_paths:
                    with pytest.raises(ValueError):
                        _default_budget(rows, cols, touch, True, long_paths)
                    continue
                budget = _default_budget(rows, cols, touch, True, long_paths)
                assert budget <= (10**5 if touch and rows * cols > 400 else 10**7)


# -- datasets damaged after they were written (item 1) -----------------------------------------


def _same_batch(a, b):
    return all(
        np.array_equal(np.asarray(getattr(a[k], "values", a[k])), getattr(b[k], "values", b[k]))
        for k in b.columns
    )


def test_every_damaged_byte_of_an_npz_is_a_dataset_error(tmp_path):
    """A flipped bit anywhere in an npz reads back as the same data (a byte the zip format does
    not use) or raises DatasetError: it leaked zlib.error, NotImplementedError, RuntimeError,
    tokenize.TokenError, OSError and EOFError (an empty file)."""
    from _suite import size

    import trapcore.datasets as tds

    batch = tds.generate(tds.MazeSpec(5, 6), 40, 1)
    path = tmp_path / "a.npz"
    tds.write_npz(batch, path)
    data = path.read_bytes()
    step = size(7, 1)
    bad = tmp_path / "bad.npz"
    kinds = set()
    for pos in range(0, len(data), step):
        for flip in (1, 0x80):
            damaged = bytearray(data)
            damaged[pos] ^= flip
            bad.write_bytes(bytes(damaged))
            try:
                back = tds.read(bad)
            except tds.DatasetError:
                kinds.add("refused")
                continue
            assert _same_batch(back, batch), (pos, flip)
            kinds.add("same")
    for cut in (0, 1, len(data) // 2, len(data) - 1):
        bad.write_bytes(data[:cut])
        with pytest.raises(tds.DatasetError):
            tds.read(bad)
    assert kinds == {"refused", "same"}
    with pytest.raises(ValueError, match="not in"):
        tds.read(path, columns=["nope"])
    with pytest.raises(FileNotFoundError):
        tds.read(tmp_path / "none.npz")


@pytest.mark.parametrize("compression", ["none", "zstd"])
def test_no_damaged_dataset_folder_reads_as_complete(tmp_path, compression):
    """Each shard removed, truncated, extended, swapped with another or replaced by a shard of
    another seed, and bits flipped at many places of each: never read back as complete."""
    import shutil

    from _suite import size

    import trapcore.datasets as tds

    pytest.importorskip("pyarrow")
    spec = tds.MazeSpec(4, 5)
    good = tds.write_parquet(spec, 90, 3, tmp_path / "good", num_shards=3, compression=compression)
    other = tds.write_parquet(
        spec, 90, 4, tmp_path / "other", num_shards=3, compression=compression
    )
    work = tmp_path / "work"
    rng = random.Random(0)

    def refused(change):
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(good.directory, work)
        change(work / "data")
        for reader in (tds.read, tds.verify):
            with pytest.raises(tds.DatasetError):
                reader(work)

    names = [p.name for p in good.files]
    for i, name in enumerate(names):
        refused(lambda d, name=name: (d / name).unlink())
        refused(lambda d, name=name: (d / name).write_bytes((d / name).read_bytes()[:-1]))
        refused(lambda d, name=name: (d / name).write_bytes((d / name).read_bytes() + b"\0"))
        refused(lambda d, i=i: shutil.copy(other.files[i], d / names[i]))
        j = (i + 1) % len(names)
        refused(
            lambda d, i=i, j=j: (
                os.replace(d / names[i], d / "t"),
                os.replace(d / names[j], d / names[i]),
                os.replace(d / "t", d / names[j]),
            )
        )
        data = good.files[i].read_bytes()
        for pos in rng.sample(range(len(data)), min(len(data), size(12, 200))):

            def flip(d, name=name, pos=pos):
                b = bytearray((d / name).read_bytes())
                b[pos] ^= 1 << rng.randrange(8)
                (d / name).write_bytes(bytes(b))

            refused(flip)
    assert tds.verify(good.directory).content_hash == good.content_hash
