"""
A Numberlink puzzle and its solution
====================================

:func:`trapcore.numberlink.generate` makes a puzzle proven to have exactly one solution under
its rules (here Flow Free's, the default: every square filled, paths may run beside themselves).
Join the two squares of each number by a path; paths never cross.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc

p = tc.numberlink.generate(8, seed=5)
print(repr(p))
print(p.to_text())
assert len(tc.numberlink.solve(p.grid, limit=2)) == 1  # one solution: unique
assert tc.numberlink.check(p.grid, p.solution)

colours = plt.get_cmap("tab20").colors


def draw(ax, grid, solution=None):
    rows, cols = grid.shape
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    for k in range(rows + 1):
        ax.axhline(k - 0.5, color="#cccccc", lw=1)
    for k in range(cols + 1):
        ax.axvline(k - 0.5, color="#cccccc", lw=1)
    if solution is not None:
        for (r, c), v in np.ndenumerate(solution):  # every square takes its path's colour
            if v > 0:
                ax.add_patch(
                    plt.Rectangle((c - 0.5, r - 0.5), 1, 1, color=colours[v % 20], alpha=0.3)
                )
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0)):  # join each square to its right and lower twin
                    rr, cc = r + dr, c + dc
                    if rr < rows and cc < cols and solution[r, c] == solution[rr, cc] > 0:
                        ax.plot(
                            [c, cc],
                            [r, rr],
                            color=colours[solution[r, c] % 20],
                            lw=9,
                            solid_capstyle="round",
                        )
    for (r, c), v in np.ndenumerate(grid):
        if v > 0:
            ax.add_patch(plt.Circle((c, r), 0.38, color=colours[v % 20]))
            ax.text(c, r, str(v), ha="center", va="center", color="white", weight="bold")
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])


fig, axes = plt.subplots(1, 2, figsize=(9, 4.6))
draw(axes[0], p.grid)
axes[0].set_title(f"the puzzle: {p.numbers} pairs")
draw(axes[1], p.grid, p.solution)
axes[1].set_title("its only solution")
plt.tight_layout()
plt.show()
