"""
Learning a maze with tabular Q-learning
=======================================

``trapcore/Maze-v0`` with ``levels=1`` replays the same 5 x 5 maze every episode, so the agent's
cell is the whole state: a table of 25 x 4 values (numpy only) learns the way out, from about a
hundred steps an episode to the eight of the shortest way. The learning curve is drawn with
matplotlib; without it, ``python examples/maze_q_learning.py out.png`` draws it with Pillow.
Needs ``pip install -e ".[rl]"``.
"""

import sys

import gymnasium as gym
import numpy as np

import trapcore.envs  # noqa: F401


def learn(episodes=300, *, seed=0, alpha=0.5, gamma=0.95, epsilon=0.2):
    """Returns the steps each episode took; exploration (epsilon-greedy among the open doors)
    fades linearly to none at two thirds of the episodes."""
    env = gym.make("trapcore/Maze-v0", size=(5, 5), levels=1, max_steps=200)
    rng = np.random.default_rng(seed)
    q = np.zeros((25, 4))
    lengths = []
    obs, info = env.reset(seed=seed)
    for episode in range(episodes):
        eps = epsilon * max(0.0, 1 - episode / (2 * episodes / 3))
        state, steps, done = int(obs[1].argmax()), 0, False  # obs[1]: the agent one-hot
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            if rng.random() < eps:
                action = int(rng.choice(legal))
            else:
                action = int(legal[np.argmax(q[state, legal])])
            obs, reward, terminated, truncated, info = env.step(action)
            nxt = int(obs[1].argmax())
            target = reward + (0.0 if terminated else gamma * q[nxt].max())
            q[state, action] += alpha * (target - q[state, action])
            state, steps, done = nxt, steps + 1, terminated or truncated
        lengths.append(steps)
        obs, info = env.reset()
    return np.array(lengths)


def plot(lengths, path, *, width=640, height=320):
    """A line chart of the episode lengths (and their 10-episode mean) with Pillow."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    left, bottom, top, right = 50, height - 30, 20, width - 15
    top_value = max(int(lengths.max()), 1)

    def xy(i, v):
        return (
            left + (right - left) * i / max(len(lengths) - 1, 1),
            bottom - (bottom - top) * v / top_value,
        )

    draw.line([(left, top), (left, bottom), (right, bottom)], fill="black")
    draw.line([xy(i, v) for i, v in enumerate(lengths)], fill=(180, 200, 230))
    mean = np.convolve(lengths, np.ones(10) / 10, mode="valid")
    draw.line([xy(i + 9, v) for i, v in enumerate(mean)], fill=(214, 39, 40), width=2)
    draw.text(
        (left + 5, top), f"steps per episode (max {top_value}); red: mean of 10", fill="black"
    )
    draw.text((right - 60, bottom + 8), "episode", fill="black")
    img.save(path)


if __name__ == "__main__":
    lengths = learn()
    print(
        f"first 10 episodes: {lengths[:10].mean():.1f} steps, last 10: {lengths[-10:].mean():.1f}"
    )
    if len(sys.argv) > 1:  # a file name: draw with Pillow
        plot(lengths, sys.argv[1])
        print(f"curve saved to {sys.argv[1]}")
    else:
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 3.5))
        ax.plot(lengths, color="#b4c8e6", label="steps per episode")
        mean = np.convolve(lengths, np.ones(10) / 10, mode="valid")
        ax.plot(np.arange(9, len(lengths)), mean, color="#d62728", lw=2, label="mean of 10")
        ax.set_xlabel("episode")
        ax.set_ylabel("steps")
        ax.set_yscale("log")
        ax.legend()
        plt.show()
