"""trapcore/Maze-v0, the single env: checker, seeding, dynamics, observations, options, errors."""

import subprocess
import sys

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import trapcore.envs  # noqa: E402,F401  (registers the ids)
from trapcore._seeding import item_generator, root_key  # noqa: E402
from trapcore.envs import MazeEnv  # noqa: E402
from trapcore.maze import Maze  # noqa: E402

OBS = ("doors", "pixels", "local")
MOVES = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}


@pytest.mark.parametrize("observation", OBS)
def test_check_env_passes(observation):
    env = gym.make(
        "trapcore/Maze-v0", observation=observation, size=(5, 7), render_mode="rgb_array"
    )
    check_env(env.unwrapped, skip_render_check=True)
    env.reset(seed=0)
    img = env.render()
    assert img.shape == (11 * 8, 15 * 8, 3) and img.dtype == np.uint8


_CHECK_RENDER_MODES = """
import gymnasium as gym
from gymnasium.utils.env_checker import check_env
import trapcore.envs
for env_id, options in (("trapcore/Maze-v0", {"size": 4}),
                        ("trapcore/TrapTheCat-v0", {"size": 5, "blocked": 3})):
    for mode in ("rgb_array", "human"):
        env = gym.make(env_id, render_mode=mode, **options)
        check_env(env.unwrapped)
        env.close()
print("ok")
"""


@pytest.mark.gui
def test_check_env_with_every_render_mode():
    # in a child process: gymnasium's checker opens windows of its own that it never closes, and
    # a Tk window left on an X server that then stops makes Xlib end the process that holds it
    # (here the test session, when a later test opens a window)
    from _xvfb import XvfbUnavailable, xvfb_display

    try:
        with xvfb_display():
            out = subprocess.run(
                [sys.executable, "-c", _CHECK_RENDER_MODES], capture_output=True, text=True
            )
    except XvfbUnavailable as exc:
        pytest.skip(str(exc))
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_module_qualified_id_registers_on_make():
    env = gym.make("trapcore.envs:trapcore/Maze-v0", size=3)
    assert isinstance(env.unwrapped, MazeEnv)


def test_episode_j_is_item_j_of_the_seed():
    env = MazeEnv(size=(6, 5), method="wilson", braid=0.5, start="random", goal="random")
    for j in range(4):
        obs, _ = env.reset(seed=11) if j == 0 else env.reset()
        gen = item_generator(root_key(11), j)
        maze = Maze.carve(6, 5, seed=gen, method="wilson").braid(0.5, seed=gen)
        assert np.array_equal(obs[0], maze.doors)
        assert np.array_equal(env.maze.doors, maze.doors)
        start = int(gen.integers(0, 30, dtype=np.uint32))
        goal = int(gen.integers(0, 29, dtype=np.uint32))
        goal += goal >= start
        assert env.agent == divmod(start, 5) and env.goal == divmod(goal, 5)
        assert obs[1].sum() == 1 and obs[1][env.agent] == 1 and obs[2][env.goal] == 1


def test_same_seed_same_trajectory_and_other_seeds_differ():
    def run(seed):
        env = MazeEnv(size=6, start="random", goal="random")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs]
        for _ in range(60):
            obs, r, term, trunc, _ = env.step(int(rng.integers(4)))
            out.append(obs)
            if term or trunc:
                out.append(env.reset()[0])
        return np.array(out)

    assert np.array_equal(run(5), run(5))
    assert not np.array_equal(run(5), run(6))


def test_same_seed_in_a_fresh_process():
    code = (
        "import trapcore.envs as e; env = e.MazeEnv(size=5, start='random'); "
        "o, _ = env.reset(seed=42); print(o.tobytes().hex())"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    }
    env = MazeEnv(size=5, start="random")
    assert outs == {env.reset(seed=42)[0].tobytes().hex() + "\n"}


def test_levels_replay_the_same_mazes():
    env = MazeEnv(size=5, levels=2)
    first = [env.reset(seed=3)[0]] + [env.reset()[0] for _ in range(3)]
    assert np.array_equal(first[0], first[2]) and np.array_equal(first[1], first[3])
    assert not np.array_equal(first[0], first[1])


def test_walking_the_solution_reaches_the_goal():
    env = MazeEnv(size=(7, 9), step_penalty=0.5, goal_reward=10.0)
    obs, info = env.reset(seed=1)
    path = env.maze.solve(start=env.agent, goal=env.goal, method="bfs")
    rewards = []
    for (r0, c0), (r1, c1) in zip(path[:-1].tolist(), path[1:].tolist()):
        a = MOVES[(r1 - r0, c1 - c0)]
        assert info["action_mask"][a] == 1
        obs, reward, term, trunc, info = env.step(a)
        rewards.append(reward)
        assert env.agent == (r1, c1) and not trunc
    assert term and rewards[-1] == 10.0 and set(rewards[:-1]) <= {-0.5}


def test_action_mask_is_the_open_doors_and_walls_stop_the_agent():
    env = MazeEnv(size=6, start="random", max_steps=1000)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    for _ in range(200):
        maze, (r, c) = env.maze, env.agent
        sides = ("up", "right", "down", "left")
        assert info["action_mask"].tolist() == [int(maze.door((r, c), s) == 1) for s in sides]
        a = int(rng.integers(4))
        _, _, term, _, info2 = env.step(a)
        if info["action_mask"][a]:
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[a]
            assert env.agent == (r + dr, c + dc)
        else:
            assert env.agent == (r, c)
        info = info2
        if term:
            _, info = env.reset()


def test_truncation_at_max_steps():
    env = MazeEnv(size=4, max_steps=5)
    _, info = env.reset(seed=0)
    closed = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for t in range(1, 6):
        _, reward, term, trunc, _ = env.step(closed)
        assert reward == -0.01 and not term and trunc == (t == 5)


def test_local_and_pixel_observations():
    env = MazeEnv(size=(5, 6), observation="local", view=2, start=(2, 3), goal=(2, 5))
    obs, _ = env.reset(seed=4)
    doors = env.maze.doors
    assert np.array_equal(obs[0], doors[0:5, 1:6])
    assert obs[1].sum() == 1 and obs[1][2, 4] == 1
    env = MazeEnv(size=(2, 3), observation="local", view=2)
    obs, _ = env.reset(seed=4)
    assert (obs[0, :2] == 15).all() and (obs[0, :, :2] == 15).all()
    assert obs[0, 2, 2] == env.maze.doors[0, 0]
    env = MazeEnv(size=(3, 4), observation="pixels", scale=2)
    obs, _ = env.reset(seed=4)
    assert obs.shape == (14, 18, 3)
    assert obs[2:4, 2:4].tolist() == [[[214, 39, 40]] * 2] * 2  # agent at (0, 0)
    assert obs[10:12, 14:16].tolist() == [[[44, 160, 44]] * 2] * 2  # goal at (2, 3)
    floor = (obs[::2, ::2] == 255).all(axis=2)
    assert floor.sum() == 12 - 2 + env.maze.open_doors()  # cells + open doors


@pytest.mark.parametrize(
    "options, name, error",
    [
        ({"size": 0}, "size[0]", ValueError),
        ({"size": (1, 1)}, "size", ValueError),
        ({"size": "big"}, "size", TypeError),
        ({"method": "dfs"}, "method", ValueError),
        ({"braid": 2}, "braid", ValueError),
        ({"braid": "x"}, "braid", TypeError),
        ({"start": (9, 9)}, "start", ValueError),
        ({"goal": "anywhere"}, "goal", ValueError),
        ({"start": (0, 0), "goal": (0, 0)}, "differ", ValueError),
        ({"observation": "rgb"}, "observation", ValueError),
        ({"view": 0}, "view", ValueError),
        ({"max_steps": 0}, "max_steps", ValueError),
        ({"levels": 1.5}, "levels", TypeError),
        ({"step_penalty": float("nan")}, "step_penalty", ValueError),
        ({"render_mode": "ansi"}, "render_mode", ValueError),
    ],
)
def test_bad_options_name_the_argument(options, name, error):
    with pytest.raises(error, match=name.replace("[", r"\[")):
        MazeEnv(**options)


def test_bad_calls():
    env = MazeEnv(size=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action"):
        env.step(4)
    assert "MazeEnv 3x3" in repr(env)
