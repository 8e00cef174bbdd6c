"""Try to decide standard Trap the Cat starts against the optimal cat, and certify what is decided.

Start ``s`` is ``random_board(ROWS, COLS, BLOCKS, seed=s, keep_free=centre)`` with the cat in the
centre and the player to move (11 x 11 with 8 blocks: the standard game). Each start gets
``trapcore.cat.solve(board, centre, max_nodes=..., method=..., workers=...)``; a win is written out
as a certificate (``trapcore.cat.certificate``) and checked by ``check_certificate``, a loss as an
escape certificate (``escape_certificate``, compact form) checked by ``check_escape_certificate``,
both into ``--out`` when given. One line per start: the verdict, positions, seconds, and for an
open start the escape-free horizon (cat moves) the search showed.

    python tools/decide_starts.py --seeds 0-19 --max-nodes 2000000 --workers 2
    python tools/decide_starts.py --seeds 1,3,4,8,12,17 --method pns --out certificates/
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import trapcore as tc
from trapcore.cat import hexgrid


def seeds_of(text: str) -> list[int]:
    """``"0-19"``, ``"1,3,8"`` or a mix: the seeds, in order."""
    out: list[int] = []
    try:
        for part in text.split(","):
            a, _, b = part.partition("-")
            out.extend(range(int(a), int(b) + 1) if b else [int(a)])
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds are like 0-19 or 1,3,8, got {text!r}") from None
    return out


def certify(board, cat, verdict, nodes, out, seed):
    """Write and check the certificate of a decided start; returns a note for the line."""
    t0 = time.perf_counter()
    if verdict == "win":
        cert = tc.cat.certificate(board, cat, max_nodes=nodes)
        ok = tc.cat.check_certificate(board, cat, cert)
    else:
        cert = tc.cat.compact_certificate(tc.cat.escape_certificate(board, cat, max_nodes=nodes))
        ok = tc.cat.check_escape_certificate(board, cat, cert)
    if out:
        os.makedirs(out, exist_ok=True)
        path = os.path.join(out, f"start-{seed}-{verdict}.json")
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"board": board.tolist(), "cat": list(cat), "certificate": cert}, f)
        os.replace(tmp, path)
    return f"certificate {'checked' if ok else 'REFUSED'} ({time.perf_counter() - t0:.1f} s)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=seeds_of, default="0-19", help="like 0-19 or 1,3,8")
    ap.add_argument("--rows", type=int, default=11)
    ap.add_argument("--cols", type=int, default=11)
    ap.add_argument("--blocks", type=int, default=8)
    ap.add_argument("--max-nodes", type=int, default=300_000)
    ap.add_argument("--method", default="auto", choices=tc.cat.SOLVE_METHODS)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--out", default=None, help="folder for the certificates of decided starts")
    args = ap.parse_args(argv)
    cat = (args.rows // 2, args.cols // 2)
    counts = {"win": 0, "loss": 0, "unknown": 0}
    for seed in args.seeds:
        board = hexgrid.random_board(args.rows, args.cols, args.blocks, seed=seed, keep_free=cat)
        t0 = time.perf_counter()
        sol = tc.cat.solve(
            board,
            cat,
            max_nodes=args.max_nodes,
            method=args.method,
            workers=args.workers,
            policy="optimal",
        )
        dt = time.perf_counter() - t0
        verdict = sol.verdict.value
        counts[verdict] += 1
        note = (
            f"no forced escape within {sol.depth} cat moves"
            if verdict == "unknown"
            else certify(board, cat, verdict, args.max_nodes, args.out, seed)
        )
        print(
            f"seed {seed:>5}  {verdict:<7}  {sol.nodes:>10} positions  {dt:8.1f} s  {note}",
            flush=True,
        )
    print(f"won {counts['win']}, lost {counts['loss']}, open {counts['unknown']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
