"""
Escape distances and the cat's way out
======================================

:func:`trapcore.cat.hexgrid.distance_to_border` gives every cell's number of steps to the edge
(``-1`` where the edge cannot be reached), and :func:`~trapcore.cat.hexgrid.escape_path` the
BFS cat's shortest way out. Cells are shaded by their distance, warm near the edge.
"""

import matplotlib.pyplot as plt
import numpy as np

from trapcore.cat import hexgrid

board = hexgrid.random_board(11, 11, 25, seed=4, keep_free=(5, 5))
to_edge = hexgrid.distance_to_border(board)
path = hexgrid.escape_path(board, (5, 5))
print("escape distance of the centre:", to_edge[5, 5])
print("the BFS cat's way out:", path.tolist())


def centre(r, c):
    return c + 0.5 * (r % 2 == 0), -r * np.sqrt(3) / 2


fig, ax = plt.subplots(figsize=(6, 5.4))
cmap = plt.get_cmap("coolwarm_r")
top = to_edge.max()
for r in range(board.shape[0]):
    for c in range(board.shape[1]):
        x, y = centre(r, c)
        if board[r, c]:
            ax.add_patch(plt.Circle((x, y), 0.45, color="#555555"))
            continue
        d = to_edge[r, c]
        colour = cmap(d / max(top, 1)) if d >= 0 else "#bbbbbb"
        ax.add_patch(plt.Circle((x, y), 0.45, color=colour))
        ax.text(x, y, str(d) if d >= 0 else "∞", ha="center", va="center", fontsize=7)
xs, ys = zip(*(centre(r, c) for r, c in path))
ax.plot(xs, ys, "-", color="black", lw=2)
ax.set_title("steps to the edge; black: the BFS cat's way out from the centre")
ax.set_aspect("equal")
ax.autoscale_view()
ax.axis("off")
plt.show()
