"""
Solving a maze: the wall follower and BFS
=========================================

The wall follower keeps a hand on the wall and a stack of the cells it stands on, so it finds a
way out from any cell, also in mazes with loops; :meth:`trapcore.maze.Maze.trace` records every cell
it walks, backtracking included. On the left, a braided maze (half of its dead ends opened into
loops) solved from its centre with the left hand: the path in colour, the cells walked back out of
shaded. On the right, the shortest path from BFS.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc

m = tc.Maze.carve(15, 15, seed=3).braid(0.5, seed=3)
t = m.trace(start=(7, 7), hand="left")
shortest = m.solve(start=(7, 7), method="bfs")
print(t)
print(len(t.path), "cells on the path,", len(t.moves), "moves,", int(t.back.sum()), "of them back")
print(len(shortest), "cells on the shortest path")

fig, axes = plt.subplots(1, 2, figsize=(9, 4.6))
axes[0].imshow(np.asarray(m.to_image(scale=12, wall=2, path=t.path, trace=t.moves)))
axes[0].set_title(f"left hand: {len(t.moves)} moves")
axes[1].imshow(np.asarray(m.to_image(scale=12, wall=2, path=shortest)))
axes[1].set_title(f"BFS: {len(shortest)} cells")
for ax in axes:
    ax.axis("off")
plt.tight_layout()
plt.show()
