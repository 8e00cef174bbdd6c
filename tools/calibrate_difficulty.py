"""Measure the table behind ``generate(difficulty=...)``: for each rule set and board side, the
1/3 and 2/3 quantiles of ``Puzzle.difficulty`` (solver nodes per square) over puzzles generated
from seeds 1000, 1001, ...; printed as the ``_CALIBRATION`` literal of
``trapcore/numberlink/generate.py``.

    python tools/calibrate_difficulty.py [--seconds 60]

Each (rules, side) cell stops after ``--seconds`` or its sample count, whichever comes first.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from trapcore import numberlink as nl

# 15 and 16 both: generate's default grows long paths up to 15 x 15 and short ones past it
SIDES = (5, 6, 7, 8, 10, 12, 15, 16, 20)
SAMPLES = {5: 90, 6: 90, 7: 90, 8: 90, 10: 60, 12: 45, 15: 30, 16: 24, 20: 16}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    args = ap.parse_args()
    print("_CALIBRATION = {")
    for fill, touch in ((True, True), (True, False), (False, True), (False, False)):
        rows = []
        for side in SIDES:
            t0 = time.perf_counter()
            scores = []
            for s in range(SAMPLES[side]):
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
