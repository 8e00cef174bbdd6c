"""
Which cat is hardest to catch?
==============================

:func:`trapcore.cat.simulate` plays whole games inside the kernels. Here 400 games of 11 x 11
with 15 random blocks for each pair of a player (``"greedy"``, ``"lookahead"``) and a cat
(``"bfs"``, ``"rays"``, ``"smart"``), with 95% Wilson intervals. The same seed gives the same
games on every run and for any number of workers.
"""

import matplotlib.pyplot as plt
import numpy as np

import trapcore as tc

cats = ["bfs", "rays", "smart"]
players = ["greedy", "lookahead"]
rates = {}
for player in players:
    for cat in cats:
        r = tc.cat.simulate(400, 11, 11, 15, policy=cat, player=player, seed=2026)
        rates[player, cat] = r
        print(f"{player:9} vs {cat:5}: {r}")

fig, ax = plt.subplots(figsize=(7, 3.6))
width = 0.38
x = np.arange(len(cats))
for k, player in enumerate(players):
    won = np.array([rates[player, c].win_rate for c in cats]) * 100
    low = np.array([rates[player, c].interval[0] for c in cats]) * 100
    high = np.array([rates[player, c].interval[1] for c in cats]) * 100
    ax.bar(
        x + (k - 0.5) * width,
        won,
        width,
        yerr=[won - low, high - won],
        capsize=3,
        label=f"{player} player",
    )
ax.set_xticks(x, [f"{c} cat" for c in cats])
ax.set_ylabel("player's win rate (%)")
ax.set_title("11 x 11, 15 blocks, 400 games each")
ax.legend()
plt.show()
