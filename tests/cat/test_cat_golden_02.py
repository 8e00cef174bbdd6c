"""Outputs recorded from 0.2 before issue 26's refactor (the cat engine in one kernel entry) and
issue 31's budget split: the same seeds must give the same games where the rules did not change
(the cats, the random, greedy and lookahead players, hints on these starts). The solver player's
games and the default method's horizons changed on purpose (the proof-number search's share of
the budget) and are pinned elsewhere (tests/cat/test_catsolve_golden.py)."""

from __future__ import annotations

import trapcore as tc
from trapcore.cat import hexgrid

# simulate(24, blocked=B, policy=P, player=Q, seed=7): "sim/P/Q/B" -> [outcomes, moves]
SIMULATE = {
    "sim/bfs/greedy/15": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
        [13, 7, 8, 9, 19, 7, 6, 6, 6, 10, 10, 7, 7, 9, 6, 7, 6, 6, 14, 8, 7, 15, 7, 7],
    ],
    "sim/bfs/greedy/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [7, 7, 7, 7, 7, 7, 7, 6, 13, 8, 10, 7, 10, 10, 6, 6, 7, 6, 6, 7, 7, 7, 6, 7],
    ],
    "sim/bfs/lookahead/15": [
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [9, 12, 9, 7, 6, 7, 7, 7, 16, 9, 6, 15, 10, 9, 11, 9, 7, 9, 7, 10, 7, 8, 14, 18],
    ],
    "sim/bfs/lookahead/8": [
        [0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0],
        [
            17,
            14,
            19,
            11,
            13,
            13,
            13,
            22,
            16,
            8,
            13,
            7,
            13,
            14,
            27,
            14,
            10,
            11,
            19,
            13,
            11,
            12,
            8,
            8,
        ],
    ],
    "sim/bfs/random/15": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    ],
    "sim/bfs/random/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 6, 6, 6, 6, 6, 6, 6, 6, 7, 6, 6],
    ],
    "sim/rays/greedy/15": [
        [0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 12, 6, 6, 12, 9, 6, 6, 11, 6, 7, 9, 9, 6, 9, 15, 6, 7, 8, 9, 8, 6, 7, 8],
    ],
    "sim/rays/greedy/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 6, 7, 7, 7, 7, 7, 6, 7, 8, 7, 7, 8, 7, 6, 6, 7, 6, 6, 6, 13, 7, 6, 7],
    ],
    "sim/rays/lookahead/15": [
        [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1],
        [9, 9, 11, 21, 8, 8, 15, 23, 6, 15, 12, 8, 13, 9, 7, 14, 9, 9, 12, 11, 11, 12, 8, 27],
    ],
    "sim/rays/lookahead/8": [
        [1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0],
        [14, 8, 12, 22, 8, 8, 13, 20, 8, 13, 11, 8, 17, 12, 16, 20, 9, 9, 8, 9, 12, 11, 12, 8],
    ],
    "sim/rays/random/15": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 6, 8, 6, 6, 6],
    ],
    "sim/rays/random/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [8, 6, 6, 6, 6, 6, 6, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 6],
    ],
    "sim/smart/greedy/15": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [9, 9, 13, 8, 6, 6, 7, 6, 6, 7, 9, 8, 10, 7, 8, 7, 6, 7, 7, 7, 6, 7, 9, 6],
    ],
    "sim/smart/greedy/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [7, 6, 7, 6, 6, 6, 7, 7, 13, 6, 7, 6, 6, 7, 6, 7, 6, 6, 6, 7, 6, 7, 7, 7],
    ],
    "sim/smart/lookahead/15": [
        [0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
        [9, 9, 9, 8, 14, 15, 20, 13, 12, 13, 9, 10, 11, 9, 9, 8, 8, 8, 9, 9, 10, 7, 27, 10],
    ],
    "sim/smart/lookahead/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [8, 7, 8, 7, 10, 15, 10, 15, 8, 8, 8, 8, 8, 7, 10, 10, 8, 8, 7, 8, 8, 8, 7, 8],
    ],
    "sim/smart/random/15": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 7, 6, 6, 6, 18, 7, 6, 6, 7, 7, 6, 6, 6, 6, 7, 6, 6, 7, 6, 7, 7, 6, 7],
    ],
    "sim/smart/random/8": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [6, 6, 6, 7, 6, 6, 6, 7, 6, 7, 6, 6, 7, 6, 6, 7, 6, 6, 6, 7, 6, 7, 6, 6],
    ],
}
# CatGame(policy=P, seed=S, blocked=8), greedy blocks: "game/P/S" -> [status, [[block, cat]...]]
GAMES = {
    "game/bfs/0": [
        "lost",
        [
            [[5, 4], [4, 5]],
            [[3, 5], [4, 6]],
            [[4, 7], [3, 7]],
            [[3, 8], [2, 7]],
            [[1, 8], [1, 7]],
            [[0, 7], [0, 6]],
            [[0, 0], [0, 6]],
        ],
    ],
    "game/bfs/1": [
        "lost",
        [
            [[5, 4], [4, 5]],
            [[3, 6], [3, 5]],
            [[2, 5], [2, 4]],
            [[1, 5], [1, 4]],
            [[0, 4], [1, 3]],
            [[0, 2], [1, 2]],
            [[0, 1], [1, 1]],
            [[1, 0], [0, 0]],
            [[0, 5], [0, 0]],
        ],
    ],
    "game/bfs/2": [
        "lost",
        [
            [[5, 6], [5, 4]],
            [[5, 3], [4, 3]],
            [[4, 2], [3, 3]],
            [[3, 2], [2, 3]],
            [[1, 4], [2, 4]],
            [[1, 5], [2, 5]],
            [[2, 6], [2, 4]],
            [[2, 3], [2, 5]],
            [[3, 6], [3, 5]],
            [[4, 5], [4, 4]],
            [[4, 3], [5, 4]],
            [[6, 3], [6, 4]],
            [[7, 5], [7, 4]],
            [[8, 4], [8, 3]],
            [[9, 4], [9, 3]],
            [[10, 3], [10, 2]],
            [[0, 0], [10, 2]],
        ],
    ],
    "game/bfs/3": [
        "lost",
        [
            [[5, 6], [5, 4]],
            [[5, 3], [4, 3]],
            [[4, 2], [3, 4]],
            [[2, 4], [3, 5]],
            [[2, 5], [3, 6]],
            [[2, 6], [3, 7]],
            [[3, 8], [2, 7]],
            [[1, 8], [1, 7]],
            [[0, 7], [0, 6]],
            [[0, 1], [0, 6]],
        ],
    ],
    "game/rays/0": [
        "lost",
        [
            [[5, 4], [6, 5]],
            [[7, 6], [6, 6]],
            [[6, 7], [7, 7]],
            [[7, 8], [8, 7]],
            [[9, 8], [9, 7]],
            [[10, 7], [10, 6]],
            [[0, 0], [10, 6]],
        ],
    ],
    "game/rays/1": [
        "lost",
        [
            [[5, 4], [4, 5]],
            [[3, 6], [4, 6]],
            [[4, 7], [4, 5]],
            [[3, 5], [4, 4]],
            [[4, 3], [3, 4]],
            [[2, 4], [2, 3]],
            [[1, 4], [1, 3]],
            [[0, 2], [1, 2]],
            [[0, 1], [1, 1]],
            [[1, 0], [0, 0]],
            [[0, 4], [0, 0]],
        ],
    ],
    "game/rays/2": [
        "lost",
        [
            [[5, 6], [4, 5]],
            [[3, 6], [3, 5]],
            [[2, 5], [2, 4]],
            [[1, 5], [1, 4]],
            [[0, 4], [0, 3]],
            [[0, 0], [0, 3]],
        ],
    ],
    "game/rays/3": [
        "lost",
        [
            [[5, 6], [5, 4]],
            [[5, 3], [4, 4]],
            [[4, 3], [3, 5]],
            [[2, 5], [2, 4]],
            [[1, 5], [1, 4]],
            [[0, 4], [0, 3]],
            [[0, 1], [0, 3]],
        ],
    ],
    "game/smart/0": [
        "lost",
        [
            [[5, 4], [4, 4]],
            [[4, 3], [3, 5]],
            [[2, 5], [2, 4]],
            [[1, 5], [1, 4]],
            [[0, 4], [0, 3]],
            [[0, 0], [0, 3]],
        ],
    ],
    "game/smart/1": [
        "lost",
        [
            [[5, 4], [4, 4]],
            [[4, 3], [3, 4]],
            [[2, 4], [2, 3]],
            [[1, 4], [2, 2]],
            [[2, 1], [1, 2]],
            [[0, 2], [0, 1]],
            [[0, 0], [0, 1]],
        ],
    ],
    "game/smart/2": [
        "lost",
        [
            [[5, 6], [5, 4]],
            [[5, 3], [6, 3]],
            [[6, 2], [7, 3]],
            [[7, 2], [8, 2]],
            [[8, 1], [9, 3]],
            [[10, 3], [10, 2]],
            [[0, 0], [10, 2]],
        ],
    ],
    "game/smart/3": [
        "lost",
        [
            [[5, 6], [4, 4]],
            [[4, 3], [3, 5]],
            [[2, 5], [2, 4]],
            [[1, 5], [1, 4]],
            [[0, 4], [0, 3]],
            [[0, 1], [0, 3]],
        ],
    ],
}
# random_board(11, 11, 8 + S, seed=S): the smart cat's move from (5, 5) with seed S
CAT_MOVES = {
    "catmove/smart/0": [6, 4],
    "catmove/smart/1": [5, 4],
    "catmove/smart/2": [6, 4],
    "catmove/smart/3": [6, 4],
    "catmove/smart/4": [4, 4],
    "catmove/smart/5": [4, 4],
}
# hint(board, (5, 5), policy=P, max_nodes=3000): [block, proven, verdict]
HINTS = {
    "hint/bfs/0": [[3, 4], True, "win"],
    "hint/bfs/1": [[4, 4], True, "win"],
    "hint/bfs/2": [[4, 4], True, "win"],
    "hint/bfs/3": [[5, 4], True, "win"],
    "hint/bfs/4": [[4, 4], True, "win"],
    "hint/bfs/5": [[4, 4], True, "win"],
    "hint/rays/0": [[4, 4], False, "unknown"],
    "hint/rays/1": [[4, 4], False, "unknown"],
    "hint/rays/2": [[4, 4], False, "unknown"],
    "hint/rays/3": [[4, 4], False, "unknown"],
    "hint/rays/4": [[4, 4], False, "unknown"],
    "hint/rays/5": [[4, 4], False, "unknown"],
    "hint/smart/0": [[4, 4], False, "unknown"],
    "hint/smart/1": [[4, 4], False, "unknown"],
    "hint/smart/2": [[4, 4], False, "unknown"],
    "hint/smart/3": [[4, 4], False, "unknown"],
    "hint/smart/4": [[4, 4], False, "unknown"],
    "hint/smart/5": [[4, 4], False, "unknown"],
}


def test_simulate_as_recorded():
    for key, (outcomes, moves) in SIMULATE.items():
        _, policy, player, blocked = key.split("/")
        r = tc.cat.simulate(24, blocked=int(blocked), policy=policy, player=player, seed=7)
        assert [r.outcomes.tolist(), r.moves.tolist()] == [outcomes, moves], key


def test_games_as_recorded():
    for key, (status, trace) in GAMES.items():
        _, policy, seed = key.split("/")
        g = tc.CatGame(policy=policy, seed=int(seed), blocked=8)
        got = []
        while g.status == "playing":
            b = tc.cat.player_move(g.board, g.cat, player="greedy", policy=policy)
            g.block(b)
            got.append([list(b), list(g.cat)])
        assert [g.status.value, got] == [status, trace], key


def test_smart_moves_and_hints_as_recorded():
    for seed in range(6):
        b = hexgrid.random_board(11, 11, 8 + seed, seed=seed, keep_free=(5, 5))
        assert (
            list(tc.cat.cat_move(b, (5, 5), policy="smart", seed=seed))
            == CAT_MOVES[f"catmove/smart/{seed}"]
        )
        for policy in ("bfs", "rays", "smart"):
            h = tc.cat.hint(b, (5, 5), policy=policy, max_nodes=3000)
            want = HINTS[f"hint/{policy}/{seed}"]
            assert [list(h.block), h.proven, str(h.verdict)] == want, (policy, seed)
