"""Measure the table behind ``generate(difficulty=...)``: for each rule set and board side, the
1/3 and 2/3 quantiles of ``Puzzle.difficulty`` (solver nodes per square) over puzzles generated
from seeds 1000, 1001, ...; printed as the ``_CALIBRATION`` literal of
``trapcore/numberlink/generate.py``.

    python tools/calibrate_difficulty.py [--seconds 60] [--rules 11,10,01,00] [--sides 5,6]

Each (rules, side) cell stops after ``--seconds`` or its sample count, whichever comes first.
``--rules`` picks rule sets as fill and touch digits, ``--sides`` board sides (two processes can
share the work; a side too slow under some rules ends that row).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from trapcore import numberlink as nl

# 15 and 16 both: generate's default grows long paths up to 15 x 15 and short ones past it; 20
# and 25 both: under the touch rules generate's default budget per check falls past 20 x 20 (so
# the puzzles get easier again); up to 50 x 50, the largest generate makes under the touch rules
# by default (70 x 70 without solids failed 1000 attempts under no-touch)
SIDES = (5, 6, 7, 8, 10, 12, 15, 16, 20, 25, 30, 40, 50)
SAMPLES = {5: 90, 6: 90, 7: 90, 8: 90, 10: 60, 12: 45, 15: 30, 16: 24, 20: 16, 25: 24, 30: 16,
           40: 12, 50: 8}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--rules", default="11,10,01,00", help="fill and touch digits, comma-separated")
    ap.add_argument("--sides", default=",".join(map(str, SIDES)), help="sides, comma-separated")
    args = ap.parse_args()
    rules = [(r[0] == "1", r[1] == "1") for r in args.rules.split(",")]
    sides = [int(x) for x in args.sides.split(",")]
    print("_CALIBRATION = {")
    for fill, touch in rules:
        rows = []
        for side in sides:
            t0 = time.perf_counter()
            scores = []
            for s in range(SAMPLES.get(side, 8)):
                if time.perf_counter() - t0 > args.seconds and len(scores) >= 8:
                    break
                p = nl.generate(side, seed=1000 + s, fill=fill, touch=touch)
                scores.append(p.difficulty)
                if s == 0 and time.perf_counter() - t0 > args.seconds / 8:
                    break
            if len(scores) < 8:  # a side this slow under these rules ends the row
                break
            q1, q2 = np.quantile(scores, [1 / 3, 2 / 3])
            rows.append(f"({side}, {q1:.4g}, {q2:.4g})")
            print(f"    # {fill=} {touch=} side {side}: {len(scores)} puzzles", file=sys.stderr)
        print(f"    ({fill}, {touch}): ({', '.join(rows)}),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
