"""
A game of Trap the Cat
======================

An 11 x 11 board with 15 cells blocked at random; the player blocks, each turn, the cell the BFS
cat would step to next (the ``"greedy"`` player), and the cat answers. The picture shows the
board at the end: the starting blocks in grey, the player's blocks in blue (numbered in the
order played), and the cat's trail in orange.

Boards are in *even-r* offset coordinates: even rows sit half a cell to the right.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc
from trapcore.cat import hexgrid

game = tc.CatGame(11, 11, 15, policy="bfs", seed=7)
start = game.board.copy()
trail = [game.cat]
while game.status == tc.Status.PLAYING:
    path = hexgrid.escape_path(game.board, game.cat)
    if path is not None and len(path) > 1:
        target = (int(path[1][0]), int(path[1][1]))  # where the cat wants to go next
    else:
        target = game.legal_blocks()[0]
    game.block(target)
    trail.append(game.cat)
print(game)
print(game.history[-1])


def centre(cell):
    """Where a cell's centre is drawn: even rows shifted half a cell right."""
    r, c = cell
    return c + 0.5 * (r % 2 == 0), -r * np.sqrt(3) / 2


fig, ax = plt.subplots(figsize=(6, 5.4))
rows, cols = game.board.shape
for r in range(rows):
    for c in range(cols):
        colour = "#e8e8e8"
        if start[r, c]:
            colour = "#888888"
        elif game.board[r, c]:
            colour = "#4a7fc1"
        ax.add_patch(plt.Circle(centre((r, c)), 0.45, color=colour))
for k, turn in enumerate(game.history, 1):
    x, y = centre(turn.block)
    ax.text(x, y, str(k), ha="center", va="center", color="white", fontsize=8)
xs, ys = zip(*(centre(cell) for cell in trail))
ax.plot(xs, ys, "-o", color="#f28e2b", lw=2, ms=5)
x, y = centre(game.cat)
ax.text(x, y, "cat", ha="center", va="center", fontsize=9, weight="bold")
ax.set_title(f"{game.status}: {game.moves} blocks, the cat on {game.cat}")
ax.set_aspect("equal")
ax.autoscale_view()
ax.axis("off")
plt.show()
