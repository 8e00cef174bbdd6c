"""Cost per cat move of ``smart`` and ``SolverCat(2000)`` on 11x11: CPU time (median, 95th
percentile, mean) and SolverCat's positions searched, on the cat's turns of the tournament's games
(tests/reference/cat_tournament.py: the smart cat against the solver player, seed 2026, starts 0-9
at 8 and 15 blocks). The smart cat's time is the best of five runs, SolverCat's one run.

    PYTHONPATH=tests python bench/cat_move_cost.py
"""

from __future__ import annotations

import sys
import time

import numpy as np

import trapcore as tc
import trapcore.cat.solver_cat as solver_cat
from reference.cat_tournament import starts  # PYTHONPATH=tests


def positions(blocks: int, games: int) -> list[tuple[np.ndarray, tuple[int, int]]]:
    """The boards and cat cells the cat meets in the tournament's games (smart cat)."""
    out = []
    for i, start in enumerate(starts(11, blocks, games, 2026)):
        board, cat = start.copy(), (5, 5)
        rng, cat_rng = np.random.default_rng(i), np.random.default_rng(i + 1)
        while True:
            board[tc.cat.player_move(board, cat, player="solver", policy="smart", seed=rng)] = 1
            if tc.cat.hexgrid.is_border(cat, board.shape):
                break
            if tc.cat.hexgrid.escape_path(board, cat) is None:
                break
            out.append((board.copy(), cat))
            nxt = tc.cat.cat_move(board, cat, policy="smart", seed=cat_rng)
            if nxt is None:
                break
            cat = nxt
    return out


def main() -> int:
    pos = positions(8, 10) + positions(15, 10)
    nodes = [0]
    real = solver_cat._solve

    def counted(*args):  # type: ignore[no-untyped-def]
        sol = real(*args)
        nodes[0] += sol.nodes
        return sol

    solver_cat._solve = counted  # type: ignore[assignment]
    cat_fn = tc.cat.SolverCat(2000)
    t_smart, t_sc, n_sc = [], [], []
    for board, c in pos:
        runs = []
        for _ in range(5):
            t = time.process_time()
            tc.cat.cat_move(board, c, policy="smart", seed=1)
            runs.append(time.process_time() - t)
        t_smart.append(min(runs))
        nodes[0] = 0
        t = time.process_time()
        cat_fn(board, c, np.random.default_rng(1))
        t_sc.append(time.process_time() - t)
        n_sc.append(nodes[0])
    for name, ts in (("smart", t_smart), ("SolverCat(2000)", t_sc)):
        med, p95 = np.percentile(ts, [50, 95])
        print(
            f"{name:<16} median {1e3 * med:.2f} ms  p95 {1e3 * p95:.2f} ms  "
            f"mean {1e3 * np.mean(ts):.2f} ms  ({len(ts)} moves)"
        )
    med, p95 = np.percentile(n_sc, [50, 95])
    print(f"SolverCat(2000) positions searched: median {med:.0f}, p95 {p95:.0f}, max {max(n_sc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
