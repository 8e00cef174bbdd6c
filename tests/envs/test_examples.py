"""The examples run: the random agent, and tabular Q-learning that ends on the shortest path."""

import importlib.util
import pathlib

import pytest

pytest.importorskip("gymnasium")
from trapcore.envs import MazeEnv

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_q_learning_learns_the_shortest_way_and_plots(tmp_path):
    pytest.importorskip("PIL")
    example = load("maze_q_learning")
    lengths = example.learn(300, seed=0)
    env = MazeEnv(size=5, levels=1)
    env.reset(seed=0)
    shortest = len(env.maze.solve(start=env.agent, goal=env.goal, method="bfs")) - 1
    assert lengths[:10].mean() > 3 * shortest
    assert (lengths[-10:] == shortest).all()
    example.plot(lengths, tmp_path / "curve.png")
    from PIL import Image

    assert Image.open(tmp_path / "curve.png").size == (640, 320)


def test_random_agent_runs(capsys):
    load("random_agent").main()
    out = capsys.readouterr().out
    assert "one episode" in out and "4096 envs" in out and "Trap the Cat" in out
