"""
Four ways to carve a maze
=========================

:meth:`trapcore.maze.Maze.carve` has four carving methods, each a perfect maze (exactly one path
between any two cells) with its own texture: Kruskal's many short dead ends, the backtracker's
long corridors, Wilson's uniform spanning tree, Prim's short branches.

Each maze is pasted at its own pixel size (``to_image(scale=10)``: ten pixels a cell), so the
figure shows every wall one pixel wide, none resampled.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc

SCALE, GAP, TITLE, DPI = 10, 24, 26, 100  # pixels: a cell, between mazes, a title's line
mazes = {method: tc.Maze.carve(20, 20, seed=7, method=method) for method in tc.maze.METHODS}
side = tc.Maze.carve(20, 20, seed=7).to_image(scale=SCALE).size[0]
width = 2 * side + 3 * GAP
height = 2 * (side + TITLE) + 2 * GAP
fig = plt.figure(figsize=(width / DPI, height / DPI), dpi=DPI)
for i, (method, m) in enumerate(mazes.items()):
    print(f"{method:11} {m.open_doors()} open doors, {len(m.dead_ends())} dead ends")
    x = GAP + (i % 2) * (side + GAP)
    y = height - GAP - (i // 2 + 1) * (side + TITLE)  # from the bottom, as figimage counts
    fig.figimage(np.asarray(m.to_image(scale=SCALE)), xo=x, yo=y, origin="upper")
    fig.text(
        (x + side / 2) / width,
        (y + side + 6) / height,
        f"{method}: {len(m.dead_ends())} dead ends",
        ha="center",
        va="bottom",
    )
plt.show()
