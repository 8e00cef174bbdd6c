"""Our cats against the published cats, on the same starts: the player's win rate per cat.

Every cat meets the same list of starts (11 x 11 by default; start ``i`` is drawn from item ``i``
of the seed's batch stream), with the same player and the same player's random stream, so two cats
differ only by how they play. The published cats are the plain-Python reimplementations in
``tests/reference/cats_published.py`` (plain Python: the course's two depth-4 cats take a few
milliseconds a move, searching only the blocks that can change a value).
For each pair (smart, other cat) it prints the starts where only one of the two was caught and the
two-sided sign-test p-value on them (``--against NAME`` compares every cat with NAME instead).

Players are ``player_move``'s names, or ``hint:N``: a person pressing the demo's Hint button at
every move with a budget of N positions (a ``SolverPlayer(policy, max_nodes=N)`` kept through the
game, its ``hint`` block played, proven or not). Cats are policy names, the published cats, or
``solvercat:N`` (``SolverCat(N)``).

    PYTHONPATH=tests python bench/cat_tournament.py --games 200 --blocks 8 15
    PYTHONPATH=tests python bench/cat_tournament.py --games 100 --blocks 8 --players hint:20000 \
        --cats smart solvercat:2000 course_alphabeta zhangyoufu_hard
    PYTHONPATH=tests python bench/cat_tournament.py --games 300 --blocks 8 --players solver \
        --cats course_alphabeta solvercat:2000 --against course_alphabeta

``--record FILE`` also stores each cat's per-start outcomes in FILE (JSON, entries replaced by
key), the recording ``tests/cat/test_cat_strength.py`` checks its claims on and replays from
(``tests/cat/tournament_2026.json``; the test's docstring gives the commands that make it).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

import numpy as np

from reference.cat_tournament import player_wins, sign_test, starts  # PYTHONPATH=tests
from trapcore._io import atomic_write
from trapcore.cat.simulation import _wilson  # the interval simulate() reports

CATS = [
    "smart",
    "course_alphabeta",
    "course_earlier",
    "zhangyoufu_hard",
    "ganlvtech",
    "racket",
    "rays",
    "bfs",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--blocks", type=int, nargs="+", default=[8, 15])
    ap.add_argument("--players", nargs="+", default=["lookahead", "solver"])
    ap.add_argument("--cats", nargs="+", default=CATS)
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--against", default="smart", help="the cat the sign tests compare with")
    ap.add_argument("--record", type=pathlib.Path, help="store the per-start outcomes here")
    args = ap.parse_args()
    n = args.size
    for blocks in args.blocks:
        boards = starts(n, blocks, args.games, args.seed)
        for player in args.players:
            won: dict[str, np.ndarray] = {}
            for cat in args.cats:
                t0 = time.perf_counter()
                won[cat] = player_wins(boards, cat, player)
                k = int(won[cat].sum())
                lo, hi = _wilson(k, args.games)
                line = (
                    f"{n}x{n} {blocks:>2} blocks  {player:<9} vs {cat:<16} "
                    f"{100 * k / args.games:5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"
                )
                base = args.against
                if cat != base and base in won:
                    # the player lost against one cat only: that cat caught her, the other not
                    only_base = int((~won[base] & won[cat]).sum())
                    only_other = int((won[base] & ~won[cat]).sum())
                    line += (
                        f"   caught only by: {base} {only_base}, {cat} {only_other}; "
                        f"sign test p={sign_test(only_base, only_other):.2g}"
                    )
                print(line + f"   [{time.perf_counter() - t0:.0f} s]", flush=True)
                if args.record is not None:
                    record(args.record, (n, blocks, args.seed, player, cat), won[cat])
    return 0


def record(path: pathlib.Path, key: tuple[int, int, int, str, str], wins: np.ndarray) -> None:
    """Store one cat's outcomes (``"1"``: the player won that start) under ``key``."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data["/".join(map(str, key))] = "".join("1" if w else "0" for w in wins)
    atomic_write(path, json.dumps(dict(sorted(data.items())), indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
