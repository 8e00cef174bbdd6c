"""
A random agent in the environments
==================================

Random legal moves (``info["action_mask"]``) in the Gymnasium environments: one maze episode,
then 4096 mazes stepped together by the native vector env, then a game of Trap the Cat. The
picture is the maze episode's last frame (``render_mode="rgb_array"``). Needs
``pip install -e ".[rl]"``.
"""

import gymnasium as gym
import numpy as np

import trapcore.envs  # noqa: F401  (registers trapcore/Maze-v0 and the others)


def main():
    env = gym.make("trapcore/Maze-v0", size=(8, 8), render_mode="rgb_array")
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    total, steps, done = 0.0, 0, False
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))  # only through open doors
        obs, reward, terminated, truncated, info = env.step(action)
        total, steps, done = total + reward, steps + 1, terminated or truncated
    print(f"one episode: {steps} steps, return {total:.2f}, reached the goal: {terminated}")
    frame = env.render()  # an RGB array

    envs = gym.make_vec(
        "trapcore/Maze-v0", num_envs=4096, vectorization_mode="vector_entry_point", size=(8, 8)
    )
    obs, info = envs.reset(seed=0)
    finished = 0
    for _ in range(500):
        mask = info["action_mask"]  # (4096, 4)
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)  # a random open door each
        obs, reward, terminated, truncated, info = envs.step(actions)
        finished += int(terminated.sum())
    print(f"4096 envs x 500 steps: {finished} goals reached")

    env = gym.make("trapcore/TrapTheCat-v0", policy="bfs")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
    print(f"Trap the Cat, random blocks against the BFS cat: reward {reward}")
    return frame


if __name__ == "__main__":
    frame = main()
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        pass
    else:
        plt.imshow(frame)
        plt.axis("off")
        plt.show()
