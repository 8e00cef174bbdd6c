"""The native batched maze env: same trajectories as SyncVectorEnv, autoreset modes, threads."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import trapcore.envs  # noqa: E402,F401
from trapcore._seeding import item_generator, root_key  # noqa: E402
from trapcore.envs import MazeEnv, MazeVectorEnv  # noqa: E402
from trapcore.maze import Maze, _env  # noqa: E402


def assert_same(a, b, where=""):
    if isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{k}]")
    elif isinstance(a, dict):
        assert set(a) == set(b), where
        for k in a:
            assert_same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, np.ndarray) and a.dtype == object:
        assert a.shape == b.shape, where
        for x, y in zip(a, b):
            assert (x is None and y is None) or np.array_equal(x, y), where
    else:
        a, b = np.asarray(a), np.asarray(b)
        assert a.dtype == b.dtype and np.array_equal(a, b), (where, a, b)


def pair(n, mode, **options):
    native = gym.make_vec(
        "trapcore/Maze-v0",
        num_envs=n,
        vectorization_mode="vector_entry_point",
        autoreset_mode=mode,
        **options,
    )
    sync = SyncVectorEnv([lambda: MazeEnv(**options) for _ in range(n)], autoreset_mode=mode)
    return native, sync


def test_make_vec_gives_the_native_env():
    env = gym.make_vec(
        "trapcore/Maze-v0",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        size=4,
        observation="local",
    )
    assert isinstance(env, MazeVectorEnv) and env.num_envs == 3
    assert env.observation_space.shape == (3, 2, 5, 5)
    assert env.single_action_space == gym.spaces.Discrete(4)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert "num_envs=3" in repr(env)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize(
    "options",
    [
        dict(size=3, max_steps=6),
        dict(
            size=(3, 4),
            method="prim",
            braid=0.5,
            start="random",
            goal="random",
            observation="local",
            view=1,
            max_steps=9,
            step_penalty=0.1,
            goal_reward=2.0,
        ),
        dict(
            size=(2, 3),
            method="backtracker",
            start="random",
            observation="pixels",
            scale=2,
            max_steps=7,
            levels=3,
        ),
        dict(size=4, method="wilson", goal="random", max_steps=30),
    ],
)
def test_trajectories_equal_sync_vector_env(mode, options):
    native, sync = pair(7, mode, **options)
    assert_same(native.reset(seed=100), sync.reset(seed=100))
    rng = np.random.default_rng(0)
    ends = 0
    for t in range(120):
        actions = rng.integers(0, 4, size=7)
        a, b = native.step(actions), sync.step(actions)
        for x, y, what in zip(a, b, ("obs", "reward", "terminated", "truncated", "info")):
            assert_same(x, y, f"step {t} {what}")
        ends += int(a[2].sum() + a[3].sum())
    assert ends > 20  # many autoresets were compared
    for seed in ([3, None, 5, None, 7, 8, 9], 17, None):  # None: each env's next episode
        assert_same(native.reset(seed=seed), sync.reset(seed=seed))


def test_disabled_mode_with_reset_mask_equals_sync():
    native, sync = pair(5, AutoresetMode.DISABLED, size=3, max_steps=4)
    assert_same(native.reset(seed=1), sync.reset(seed=1))
    rng = np.random.default_rng(2)
    for t in range(60):
        actions = rng.integers(0, 4, size=5)
        a, b = native.step(actions), sync.step(actions)
        for x, y in zip(a, b):
            assert_same(x, y, f"step {t}")
        done = a[2] | a[3]
        if done.any():
            assert_same(
                native.reset(options={"reset_mask": done}),
                sync.reset(options={"reset_mask": done.copy()}),
            )
    native.step(np.zeros(5, dtype=np.int64))
    with pytest.raises(RuntimeError, match="reset_mask"):
        while True:  # stepping a finished env without a reset
            native.step(np.zeros(5, dtype=np.int64))


def test_env_i_episode_j_is_a_pure_function_of_its_seed():
    env = MazeVectorEnv(4, size=(5, 6), method="kruskal", braid=0.25, max_steps=1)
    obs, _ = env.reset(seed=[9, 8, 7, 6])
    for j in range(4):  # every step ends an episode, the next one starts a new
        for i, s in enumerate((9, 8, 7, 6)):
            gen = item_generator(root_key(s), j)
            maze = Maze.carve(5, 6, seed=gen, method="kruskal").braid(0.25, seed=gen)
            assert np.array_equal(obs[i, 0], maze.doors)
        _, _, term, trunc, _ = env.step(np.zeros(4, dtype=np.int64))
        assert (term | trunc).all()
        obs, reward, term, trunc, _ = env.step(np.zeros(4, dtype=np.int64))
        assert not (term | trunc).any() and not reward.any()


def test_threads_do_not_change_results(monkeypatch):
    from trapcore.envs import maze_vector

    monkeypatch.setattr(maze_vector, "_MIN_CHUNK", 512)  # threads from 1024 envs on
    one = MazeVectorEnv(4100, size=5, max_steps=8, start="random")
    two = MazeVectorEnv(4100, size=5, max_steps=8, start="random", workers=3)
    assert len(one._all) == 1 and len(two._all) == 3
    assert_same(one.reset(seed=5), two.reset(seed=5))
    rng = np.random.default_rng(3)
    for _ in range(12):
        actions = rng.integers(0, 4, size=4100)
        for x, y in zip(one.step(actions), two.step(actions)):
            assert_same(x, y)
    two.close()


def test_copy_false_returns_the_live_buffer():
    env = MazeVectorEnv(2, size=3, copy=False)
    obs, info = env.reset(seed=0)
    before = obs.copy()
    obs2, *_ = env.step(info["action_mask"].argmax(axis=1))  # through an open door
    assert obs2 is obs and not np.array_equal(before, obs)


def test_philox_streams_match_numpy():
    key = root_key(123)
    d64, d32 = _env.philox_draws(key, 77, 9)
    bg = np.random.Philox(key=key, counter=np.array([0, 0, 77, 0], dtype=np.uint64))
    assert d64.tolist() == [bg.random_raw() for _ in range(9)]
    gen = item_generator(key, 77)
    assert np.array_equal(d32, gen.integers(0, 2**32, size=9, dtype=np.uint32))
    d64, _ = _env.philox_draws(key, 2**64 - 1, 6)  # the largest item
    bg = np.random.Philox(key=key, counter=np.array([0, 0, 2**64 - 1, 0], dtype=np.uint64))
    assert d64.tolist() == [bg.random_raw() for _ in range(6)]


@pytest.mark.parametrize(
    "kwargs, error, name",
    [
        (dict(num_envs=0), ValueError, "num_envs"),
        (dict(num_envs=2.0), TypeError, "num_envs"),
        (dict(autoreset_mode="Sometimes"), ValueError, "autoreset_mode"),
        (dict(workers=0), ValueError, "workers"),
        (dict(copy="yes"), TypeError, "copy"),
        (dict(size=-1), ValueError, "size"),
        (dict(render_mode="human"), ValueError, "render_mode"),
        (dict(num_envs=1 << 20, size=2048), ValueError, "num_envs"),
    ],
)
def test_bad_options(kwargs, error, name):
    kwargs = {"num_envs": 2, **kwargs}
    with pytest.raises(error, match=name):
        MazeVectorEnv(**kwargs)


def test_bad_calls():
    env = MazeVectorEnv(3, size=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    env.reset(seed=0)
    for bad in (np.zeros(2, dtype=np.int64), np.full(3, 4), np.zeros(3), [0, -1, 0]):
        with pytest.raises(ValueError, match="actions"):
            env.step(bad)
    with pytest.raises(ValueError, match="num_envs"):
        env.reset(seed=[1, 2])
    with pytest.raises(TypeError, match="reset_mask"):
        env.reset(options={"reset_mask": [True, False, True]})
    with pytest.raises(TypeError, match="seed"):
        env.reset(seed="x")


def test_render_gives_one_picture_per_env():
    env = MazeVectorEnv(2, size=3, render_mode="rgb_array", render_scale=2)
    env.reset(seed=0)
    pics = env.render()
    single = MazeEnv(size=3, render_mode="rgb_array", render_scale=2)
    single.reset(seed=1)
    assert len(pics) == 2 and np.array_equal(pics[1], single.render())


def test_ctrl_c_stops_a_long_reset_quickly():
    from _suite import interrupt_at_call, raised_in_a_kernel

    env = MazeVectorEnv(1500, size=200, observation="local")  # 60M cells: seconds to carve
    # Ctrl-C once the carving kernel runs (not on a timer: a busy machine may not be there yet)
    watcher = interrupt_at_call("_run", "fn(*args)")
    with pytest.raises(KeyboardInterrupt) as stopped:
        env.reset(seed=0)
    assert raised_in_a_kernel(stopped)  # the carving kernel stopped, not the caller after it
    watcher.join()
