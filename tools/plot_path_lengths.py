"""Plot the path lengths of generated Numberlink puzzles against published ones, for the docs'
Benchmarks page (docs/images/numberlink-path-lengths.png).

    python tools/plot_path_lengths.py [--seeds 16] [--out docs/images/numberlink-path-lengths.png]

Generated: ``generate(n, seed=s)`` (Flow Free's rules, the defaults) for seeds 0..seeds-1 at
15x15, 20x20 and 30x30 (half the seeds) and 50x50 (a quarter). Published: the Flow Free levels
solved in ``flow_solver/solutions_sat`` and Janko's puzzles solved in
``thomasahle/solutions_go/janko.solved``, read in place from the shared puzzle folder
(``../shared/puzzles`` beside the checkout, or ``TRAPCORE_PUZZLES``); a path is a connected group
of one letter. Left: the share of paths of each length; right: each puzzle's median path.
Needs matplotlib (the extra ``docs``).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import time

import numpy as np

from trapcore import numberlink as nl

ROOT = pathlib.Path(__file__).resolve().parents[1]
PUZZLES = pathlib.Path(os.environ.get("TRAPCORE_PUZZLES") or ROOT.parent / "shared" / "puzzles")


def groups(rows: list[str]) -> list[int]:
    """Sizes of the connected groups of one letter in a solved letter grid ('.' and '#' left)."""
    h, w = len(rows), len(rows[0])
    seen = np.zeros((h, w), bool)
    sizes = []
    for r in range(h):
        for c in range(w):
            if seen[r, c] or rows[r][c] in ".#":
                continue
            stack, n = [(r, c)], 0
            seen[r, c] = True
            while stack:
                a, b = stack.pop()
                n += 1
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < h and 0 <= y < w and not seen[x, y] and rows[x][y] == rows[r][c]:
                        seen[x, y] = True
                        stack.append((x, y))
            sizes.append(n)
    return sizes


def published() -> dict[str, list[list[int]]]:
    """{set: [path lengths of each puzzle]}: Flow Free's levels, Janko's by size."""
    out: dict[str, list[list[int]]] = {"Flow Free 11-15": [], "Janko 15-24": [], "Janko >24": []}
    for path in sorted((PUZZLES / "flow_solver" / "solutions_sat").glob("*.txt")):
        rows = [line for line in path.read_text().splitlines() if line]
        if 11 <= len(rows) <= 15:
            out["Flow Free 11-15"].append(groups(rows))
    lines = (PUZZLES / "thomasahle" / "solutions_go" / "janko.solved").read_text().splitlines()
    i = 0
    while i < len(lines):
        head = lines[i].split()
        if not head or head[0].startswith("#"):
            i += 1
            continue
        w, h = int(head[0]), int(head[1])
        if w == 0:
            break
        side = max(w, h)
        if side >= 15:
            out["Janko 15-24" if side <= 24 else "Janko >24"].append(
                groups(lines[i + 1 : i + 1 + h])
            )
        i += 1 + h
    return out


def generated(seeds: int) -> dict[str, list[list[int]]]:
    out = {}
    for n, k in ((15, seeds), (20, seeds), (30, max(1, seeds // 2)), (50, max(1, seeds // 4))):
        t = time.process_time()
        out[f"generate({n})"] = [list(nl.measure(nl.generate(n, seed=s)).lengths) for s in range(k)]
        print(f"generate({n}): {k} puzzles, {(time.process_time() - t) / k:.2f} CPU-s each")
    return out


def main() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=16)
    ap.add_argument("--out", default=str(ROOT / "docs" / "images" / "numberlink-path-lengths.png"))
    args = ap.parse_args()
    sets = {**generated(args.seeds), **published()}
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    bins = np.arange(1.5, 41.5)
    for name, puzzles in sets.items():
        lengths = np.concatenate([np.asarray(p) for p in puzzles])
        share, _ = np.histogram(np.minimum(lengths, 40), bins=bins)
        style = "-" if name.startswith("generate") else "--"
        left.plot(bins[:-1] + 0.5, share / len(lengths), style, label=f"{name} ({len(puzzles)})")
        med = np.median([np.median(p) for p in puzzles])
        short = float(np.mean(lengths <= 3))
        print(f"{name:16s} {len(puzzles):4d} puzzles  median path {med:5.1f}  short {short:.1%}")
    left.set_xlabel("path length (squares; 40 = 40 or more)")
    left.set_ylabel("share of paths")
    left.legend(fontsize=8)
    names = list(sets)
    right.boxplot([[np.median(p) for p in sets[k]] for k in names], showfliers=False)
    right.set_xticks(range(1, len(names) + 1), names, rotation=30, ha="right", fontsize=8)
    right.set_ylabel("median path of each puzzle (squares)")
    fig.suptitle("Numberlink path lengths: generate() under Flow Free's rules against published")
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print("wrote", args.out)


if __name__ == "__main__":
    main()
