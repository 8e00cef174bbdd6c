"""Issue 32's cases that need more than a call: built and run in the fuzz child process (see
tests/fuzz/test_attack_32.py, which sends them through ``targets.case``)."""

import sys
import threading

import numpy as np

import trapcore as tc
from trapcore import numberlink as nl


def huge(shape, dtype=np.uint8, value=0):
    """A read-only view of ``shape`` that holds one element: a copy would need all of them."""
    return np.broadcast_to(np.array(value, dtype), shape)


def maze_on_huge(shape, value=15):
    return tc.Maze(huge(shape, np.uint8, value))


def maze_method_huge_path(method, rows):
    """A maze method given a ``path=`` of ``rows`` (row, col) pairs, as a broadcast view."""
    m = tc.Maze.carve(5, 5, seed=1)
    return getattr(m, method)(path=huge((rows, 2), np.int64))


def masked(kind, target, *args, **kwargs):
    """Call ``trapcore.<target>`` with its first argument a masked array (nothing masked)."""
    data = {
        "board": np.zeros((5, 5), np.uint8),
        "doors": tc.Maze.carve(4, 4, seed=1).doors.copy(),
        "grid": np.array([[1, 0, 1], [2, 0, 2]], np.int16),
        "path": np.array([[0, 0], [0, 1]], np.int64),
        "walls": tc.Maze.carve(3, 3, seed=1).to_grid(),
        "connections": tc.maze.to_connection_list(tc.Maze.carve(3, 3, seed=1)),
    }[kind]
    value = np.ma.masked_array(data, mask=np.zeros(data.shape, bool))
    obj = tc
    for part in target.split("."):
        obj = getattr(obj, part)
    if kind == "path":  # a method of a maze, the masked route as path=
        return getattr(tc.Maze.carve(4, 4, seed=1), target.rsplit(".", 1)[-1])(path=value)
    return obj(value, *args, **kwargs)


def board_tampered(what, value):
    """Flip a Board's or a Puzzle's handed-out array writable and write into it, then solve.
    Returns the solutions; the flip must fail (ValueError) before anything is written."""
    b = nl.grid_board([[1, 0, 1]])
    arr = {
        "neighbours": lambda: b.neighbours,
        "values": lambda: b.values,
        "neighbours.base": lambda: b.neighbours.base,
        "values.base": lambda: b.values.base,
    }[what]()
    flipped = True
    try:
        arr.flags.writeable = True
    except (ValueError, AttributeError):  # a bytes base has no flags: nothing to flip
        flipped = False
    if flipped:
        arr[...] = value
    sols = b.solve()
    assert [s.tolist() for s in sols] == [[1, 1, 1]], f"the board was changed: {sols}"
    assert not flipped, f"{what} was made writable"
    return len(sols)


def puzzle_tampered(attr):
    p = nl.generate(5, seed=1)
    before = getattr(p, attr).copy()
    arr = getattr(p, attr)
    for candidate in (arr, arr.base):
        if isinstance(candidate, np.ndarray):
            try:
                candidate.flags.writeable = True
            except ValueError:
                continue
            candidate[...] = 7
    assert (getattr(p, attr) == before).all(), f"the puzzle's {attr} was changed from outside"
    return p.solve(limit=2)


def numberlink_env_from_threads(threads=8, steps=400):
    """One NumberlinkEnv stepped and reset from several threads at once: no thread may see an
    internal error (KeyError, RuntimeError from a dict changing size); returns the step count."""
    from trapcore.envs.numberlink import NumberlinkEnv

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    env = NumberlinkEnv(size=7)
    env.reset(seed=1)
    errors, done = [], []

    def work(i):
        rng = np.random.default_rng(i)
        for _ in range(steps):
            try:
                legal = np.flatnonzero(env.action_mask())
                if not len(legal) or rng.random() < 0.02:
                    env.reset()
                    continue
                _, _, term, trunc, _ = env.step(int(rng.choice(legal)))
                done.append(1)
                if term or trunc:
                    env.reset()
            except Exception as exc:  # every one is a failure
                errors.append(f"{type(exc).__name__}: {exc}")

    try:
        pool = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors, sorted(set(errors))[:5]
    return len(done)


def cat_env(size, **kwargs):
    import gymnasium as gym

    import trapcore.envs  # noqa: F401 (registers the ids)

    env = gym.make("trapcore/TrapTheCat-v0", size=size, **kwargs)
    _, info = env.reset(seed=1)
    assert info["action_mask"].any(), "a reset dealt a game with no legal action"
    return env.unwrapped.game.status


def cat_aec_env(size, **kwargs):
    from trapcore.envs.trap_the_cat_v0 import raw_env

    env = raw_env(size=size, **kwargs)
    env.reset(seed=1)
    assert env.observe("blocker")["action_mask"].any(), "a reset dealt a game with no move"
    return env


def solve_file_of_blank_lines(lines):
    """``trapcore numberlink solve FILE`` on a file of ``lines`` blank lines then a puzzle."""
    import os
    import tempfile

    from trapcore import cli

    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "p.txt")
        with open(path, "w") as f:
            f.write("\n" * lines + "3 1\n1.1\n")
        return cli.main(["numberlink", "solve", path, "--no-progress"])
