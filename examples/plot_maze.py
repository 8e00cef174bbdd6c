"""
Four ways to carve a maze
=========================

:meth:`trapcore.maze.Maze.carve` has four carving methods, each a perfect maze (exactly one path
between any two cells) with its own texture: Kruskal's many short dead ends, the backtracker's
long corridors, Wilson's uniform spanning tree, Prim's short branches.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc

fig, axes = plt.subplots(1, 4, figsize=(12, 3.4))
for ax, method in zip(axes, tc.maze.METHODS):
    m = tc.Maze.carve(20, 20, seed=7, method=method)
    print(f"{method:11} {m.open_doors()} open doors, {len(m.dead_ends())} dead ends")
    ax.imshow(np.asarray(m.to_image(scale=8)), interpolation="nearest")
    ax.set_title(f"{method}: {len(m.dead_ends())} dead ends")
    ax.axis("off")
plt.tight_layout()
plt.show()
