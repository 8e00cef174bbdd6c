"""Environments on a machine with no display (issue 30, item 3), and their short reprs and
legible frames."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import trapcore.envs  # noqa: E402,F401
from trapcore.envs import _viewer  # noqa: E402

CHECKS = textwrap.dedent(
    """
    import gymnasium as gym
    import trapcore.envs
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, render_test
    from trapcore.envs import trap_the_cat_v0

    for env_id in ("trapcore/Maze-v0", "trapcore/TrapTheCat-v0", "trapcore/Numberlink-v0"):
        env = gym.make(env_id)
        check_env(env.unwrapped)  # makes the env again in every declared render mode
        env.close()
        print(env_id, "ok")
    render_test(trap_the_cat_v0.env)
    api_test(trap_the_cat_v0.env(), num_cycles=20)
    human = gym.make("trapcore/Maze-v0", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    human.step(0)
    human.close()
    print("pettingzoo ok")
    """
)


def test_check_env_and_render_test_pass_without_a_display():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TRAPCORE_DEBUG")
    }
    proc = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", CHECKS],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    for name in ("Maze-v0", "TrapTheCat-v0", "Numberlink-v0"):
        assert f"trapcore/{name} ok" in proc.stdout
    assert "pettingzoo ok" in proc.stdout
    assert "TclError" not in proc.stderr
    assert "shows no window here" in proc.stderr  # said, once per env that was asked to show


def test_human_mode_falls_back_and_says_so_once(monkeypatch, caplog):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(_viewer.sys, "platform", "linux")
    opened = []
    monkeypatch.setattr(_viewer, "Viewer", lambda title: opened.append(title))
    screen = _viewer.Screen("test")
    frame = np.zeros((4, 4, 3), np.uint8)
    with caplog.at_level(logging.WARNING, logger="trapcore.envs"):
        assert screen.present(frame, "human") is None
        assert screen.present(frame, "human") is None
    assert opened == []  # no window was even tried
    assert len(caplog.records) == 1 and "DISPLAY" in caplog.records[0].getMessage()
    assert screen.present(frame, "rgb_array") is frame


def test_human_mode_falls_back_when_the_display_refuses(monkeypatch, caplog):
    monkeypatch.setattr(_viewer, "no_display_reason", lambda: None)

    def refuse(title):
        raise RuntimeError("couldn't connect to display")

    monkeypatch.setattr(_viewer, "Viewer", refuse)
    screen = _viewer.Screen("test")
    with caplog.at_level(logging.WARNING, logger="trapcore.envs"):
        assert screen.present(np.zeros((2, 2, 3), np.uint8), "human") is None
    assert "couldn't connect" in caplog.text


@pytest.mark.parametrize("observation", ["doors", "local"])
def test_maze_observation_space_repr_is_one_short_line(observation):
    env = gym.make("trapcore/Maze-v0", observation=observation)
    text = repr(env.observation_space)
    assert "\n" not in text and len(text) < 80, text
    assert "[15, 1" in text
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)


def test_numberlink_frame_has_a_grid_and_large_cells():
    env = gym.make("trapcore/Numberlink-v0", size=(5, 5), render_mode="rgb_array")
    env.reset(seed=3)
    img = env.render()
    assert img.shape == (160, 160, 3)  # 32 pixels a cell
    grey = np.all(img == 150, axis=-1)
    for k in range(5):  # a line at every cell border, across the whole board
        assert grey[32 * k, :].mean() > 0.5 and grey[:, 32 * k].mean() > 0.5
    assert grey[-1, :].mean() > 0.5 and grey[:, -1].mean() > 0.5
    inner = grey[1:-1, 1:-1].copy()
    inner[31::32, :] = inner[:, 31::32] = False  # the lines themselves
    assert inner.mean() < 0.01  # and nowhere else
    black = np.all(img == 0, axis=-1)
    assert black.any()  # the endpoints' rings


@pytest.mark.parametrize("observation", ["doors", "local"])
def test_vector_observation_space_repr_is_short(observation):
    env = gym.make_vec(
        "trapcore/Maze-v0",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        observation=observation,
    )
    text = repr(env.observation_space)
    assert "\n" not in text and len(text) < 80, text
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    assert env.observation_space.shape[0] == 3
    env.close()
