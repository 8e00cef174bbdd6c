"""Datasets on a real dask.distributed LocalCluster: the same bytes as one process, any shards."""

import pytest
from _suite import posix_only, size

pytest.importorskip("pyarrow")
distributed = pytest.importorskip("distributed")

import trapcore.datasets as tds  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def _bytes(info):
    return [p.read_bytes() for p in info.files]


@pytest.mark.parametrize("shards", [1, 2, 5])
def test_cluster_output_is_byte_identical(tmp_path, client, shards):
    spec = tds.MazeSpec(8, 9, braid=0.2, entrance="random", filters={"path_length": (10, None)})
    alone = tds.write_parquet(spec, 500, 21, tmp_path / "alone", num_shards=shards)
    on_dask = tds.write_parquet(spec, 500, 21, tmp_path / "dask", num_shards=shards, client=client)
    assert _bytes(alone) == _bytes(on_dask)
    assert alone.content_hash == on_dask.content_hash
    assert (tmp_path / "alone" / "trapcore.json").read_bytes() == (
        tmp_path / "dask" / "trapcore.json"
    ).read_bytes()


def test_scheduler_address_and_hash_across_shard_counts(tmp_path, client):
    spec = tds.MazeSpec(6, 6, method="backtracker")
    one = tds.write_parquet(spec, 300, 8, tmp_path / "one", num_shards=1)
    by_address = tds.write_parquet(
        spec, 300, 8, tmp_path / "addr", num_shards=4, client=client.scheduler.address
    )
    assert by_address.content_hash == one.content_hash
    back = tds.read(tmp_path / "addr")
    assert (back["doors"] == tds.read(tmp_path / "one")["doors"]).all()


def test_numberlink_on_the_cluster(tmp_path, client):
    spec = tds.NumberlinkSpec(5)
    alone = tds.write_parquet(spec, 6, 3, tmp_path / "a", num_shards=3)
    on_dask = tds.write_parquet(spec, 6, 3, tmp_path / "b", num_shards=3, client=client)
    assert _bytes(alone) == _bytes(on_dask)


@pytest.mark.slow  # starts a cluster of two processes: seconds of start-up
def test_local_cluster_started_for_the_call(tmp_path):
    spec = tds.MazeSpec(5, 5)
    alone = tds.write_parquet(spec, 100, 2, tmp_path / "a", num_shards=2)
    local = tds.write_parquet(spec, 100, 2, tmp_path / "b", num_shards=2, client="local:2")
    assert _bytes(alone) == _bytes(local)


@posix_only
def test_ctrl_c_on_a_local_cluster_is_one_line(tmp_path):
    """Ctrl-C in a terminal reaches the whole process group: the workers ignore it, the command
    closes the cluster and prints one line, and no staging folder or dataset is left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "big"
    cmd = [sys.executable, "-c", "import sys; from trapcore.cli import main; sys.exit(main())"]
    # shards of 200,000 mazes (20,000 in the quick run: the first comes back some ten times
    # sooner, and the other 99 would take the two workers seconds more)
    n = size(2_000_000, 20_000_000)
    cmd += ["dataset", "maze", "-n", str(n), "--shards", "100", "--dask", "local:2"]
    p = subprocess.Popen(
        [*cmd, "--seed", "1", "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        for _ in range(6000):  # until a shard has come back (the cluster is up and working)
            if list(out.glob(".trapcore-staging-*/*.parquet")) or p.poll() is not None:
                break
            time.sleep(0.1)
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=600)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130
    assert [ln for ln in err.splitlines() if ln.strip()] == ["trapcore dataset: interrupted"]
    assert not out.exists() or not list(out.iterdir())


def test_local_cluster_workers_log_only_critical_errors():
    """At Ctrl-C, a worker whose heartbeat finds the scheduler closed logged "Failed to
    communicate with scheduler during heartbeat" and a 30-line traceback (1 run in 13, when the
    signal reached only the command). The workers of a local cluster log nothing below
    CRITICAL: a task's own error reaches the caller through its result."""
    import logging
    import subprocess

    from _child import env, python

    code = (
        "import logging\n"
        "from trapcore.datasets.cluster import _client\n"
        "def levels():\n"
        "    return [h.level for h in logging.getLogger('distributed').handlers]\n"
        "with _client('local:1') as c:\n"
        "    print(list(c.run(levels).values()))\n"
    )
    out = subprocess.run(python("-c", code), capture_output=True, text=True, env=env(), timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split("\n")[0] == f"[[{logging.CRITICAL}]]", out.stdout + out.stderr


def test_hash_parts_cross_block_boundaries(tmp_path, client):
    """Shards that start and stop inside blocks of the content hash (4096 items): each worker
    hashes its shard, the writer merges the parts; the hash is one process's."""
    spec = tds.MazeSpec(3, 3)
    alone = tds.write_parquet(spec, 10_000, 4, tmp_path / "alone", num_shards=1)
    on_dask = tds.write_parquet(spec, 10_000, 4, tmp_path / "dask", num_shards=3, client=client)
    assert alone.content_hash == on_dask.content_hash


def test_a_ctrl_c_dropped_in_a_release_is_raised_at_the_next_check():
    """Python drops a KeyboardInterrupt raised inside ``__del__`` (a Dask future's release):
    the shards' loop notes every Ctrl-C and raises it again at its next check (the Ctrl-C test
    above once saw the run go on to the end, exit status 0, in CI), and Python's report of the
    dropped one ("Exception ignored in: <function Future.__del__ ...>", which the Ctrl-C test
    saw 1 run in 25 on a busy machine) is not printed; other exceptions dropped in the block
    are reported as before, and the hook is put back on leaving."""
    import signal
    import sys

    from trapcore.datasets.cluster import _CtrlCKept

    class Release:
        def __del__(self) -> None:
            signal.raise_signal(signal.SIGINT)  # the handler runs here, inside __del__

    class Broken:
        def __del__(self) -> None:
            raise ValueError("not a Ctrl-C")

    reported = []
    hook, sys.unraisablehook = sys.unraisablehook, reported.append
    try:
        with _CtrlCKept() as kept:
            assert kept._previous is not None, "the test needs Python's own SIGINT handler"
            release = Release()
            del release  # Python drops the KeyboardInterrupt: noted, not reported
            assert reported == []
            with pytest.raises(KeyboardInterrupt):
                kept.check()
            kept.check()  # raised once
            broken = Broken()
            del broken
            assert [type(r.exc_value) for r in reported] == [ValueError]
        assert sys.unraisablehook == reported.append
    finally:
        sys.unraisablehook = hook
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_ctrl_c_in_the_consumer_closes_the_shards_loop_quietly():
    """A Ctrl-C that comes while the caller works on a shard is raised there (by the note-taking
    handler); the shards' generator is then closed, and must not raise it again inside its
    close, which Python prints as "Exception ignored in: <generator object map_shards ...>" (the
    Ctrl-C test above saw those lines once in a quick run on a busy machine)."""
    import signal
    import sys

    from trapcore.datasets.cluster import _CtrlCKept

    def shards():
        with _CtrlCKept() as kept:
            assert kept._previous is not None, "the test needs Python's own SIGINT handler"
            for i in range(3):
                kept.check()
                yield i

    unraisable = []
    hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        gen = shards()
        with pytest.raises(KeyboardInterrupt):
            for _ in gen:
                signal.raise_signal(signal.SIGINT)  # the caller's work on the shard
        del gen  # closed as the caller drops it: what it raises goes to sys.unraisablehook
    finally:
        sys.unraisablehook = hook
    assert unraisable == []
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("k", [1, 2, 5])
def test_a_shard_asks_to_stop_before_each_row_group(monkeypatch, k):
    """A Dask task asks ``stop()`` before each row group and gives up at the first True: at
    Ctrl-C its worker closes without finishing the shard. Counted: the groups made before
    stop said True, never one more."""
    from trapcore.datasets import items
    from trapcore.datasets.shards import Stopped, group_size, shard_part

    spec = tds.MazeSpec(3, 3)
    made, polls = [], []
    real = items.ITEMS["maze"]

    def counting(spec, key, start, stop, workers=1):
        made.append(start)
        return real(spec, key, start, stop, workers)

    def stop():
        polls.append(len(made))
        return len(polls) >= k

    monkeypatch.setitem(items.ITEMS, "maze", counting)
    n = group_size(spec) * 8
    with pytest.raises(Stopped):
        shard_part(spec, n, 1, 0, 1, stop=stop)
    assert len(made) == k - 1
    assert polls == list(range(k))  # one poll before each group
    made.clear()
    data, _ = shard_part(spec, n, 1, 0, 1, stop=lambda: False)
    assert len(made) == 8 and data == tds.files.shard_part(spec, n, 1, 0, 1)[0]


def test_a_cancelled_task_sees_stop_at_its_next_poll(client, tmp_path):
    """On a worker, ``stop()`` answers True once the task's future is cancelled (as the shards'
    loop cancels them at Ctrl-C): a task that polls until then ends (a hang guard of minutes
    only; how many polls it made is not a latency claim)."""
    import time

    from _suite import HANG_GUARD

    from trapcore.datasets.cluster import _on_worker

    started, ended = tmp_path / "started", tmp_path / "ended"

    def poll(stop):
        assert not stop()
        started.write_text("")
        polls = 0
        while not stop():
            polls += 1
        ended.write_text(str(polls))

    future = client.submit(_on_worker, poll, pure=False)
    deadline = time.monotonic() + HANG_GUARD
    while not started.exists():
        if time.monotonic() > deadline or future.status == "error":
            pytest.fail(f"the task did not start: {future}")
        time.sleep(0.01)
    future.cancel()
    while not ended.exists():
        if time.monotonic() > deadline:
            pytest.fail("a cancelled task went on polling")
        time.sleep(0.01)
    assert int(ended.read_text()) >= 0
