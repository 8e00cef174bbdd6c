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

# each maze pasted at its own pixel size (16 pixels a cell), in a figure 560 pixels wide (the
# width the front page shows it at): no wall is resampled
pictures = {
    f"left hand: {len(t.moves)} moves": m.to_image(scale=16, wall=2, path=t.path, trace=t.moves),
    f"BFS: {len(shortest)} cells": m.to_image(scale=16, wall=2, path=shortest),
}
WIDTH, TITLE, DPI = 560, 28, 100
side = next(iter(pictures.values())).size[0]
gap = (WIDTH - 2 * side) // 3
height = side + TITLE + gap
fig = plt.figure(figsize=(WIDTH / DPI, height / DPI), dpi=DPI)
for i, (title, picture) in enumerate(pictures.items()):
    x = gap + i * (side + gap)
    fig.figimage(np.asarray(picture), xo=x, yo=gap // 2, origin="upper")
    fig.text((x + side / 2) / WIDTH, (gap // 2 + side + 6) / height, title, ha="center")
plt.show()
