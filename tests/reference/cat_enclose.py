"""Plain-Python twin of the enclosure test (src/cat/enclose.pxd), written from its claim, not its
code: for each threshold k = 1 .. d (d the cat's escape distance), the minimum set of free cells
at least k steps from the cat that separates it from the border, by Ford-Fulkerson over a graph
with each cell split in two, and of the minimum cuts the one nearest the border; its deficit is
max over t of (cut cells within t steps of the cat) - t. Plus the claim's own checker, which
needs no flow: does a set of cells separate the cat from the border, and can the player close it
in time?"""

from __future__ import annotations

from collections import deque

from reference.cat_solver import _dist_from, border_dist, nbrs
from reference.hexgrid import is_border

INF = float("inf")


def _blocked(board):
    rows, cols = len(board), len(board[0])
    return frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])


def deficit_of(cut, dist):
    """max over t >= 1 of #{c in cut: dist[c] <= t} - t (None for an empty cut)."""
    if not cut:
        return None
    top = max(dist[c] for c in cut)
    return max(sum(1 for c in cut if dist[c] <= t) - t for t in range(1, top + 1))


def closes_in_time(board, cat, cut, cat_to_move=False):
    """The claim checked directly: ``cut`` (free cells, not the cat) separates the cat from every
    free border cell, and blocking it nearest the cat first beats the cat to each cell."""
    rows, cols = len(board), len(board[0])
    blocked = _blocked(board)
    cut = set(cut)
    if not cut or cat in cut or cut & blocked:
        return False
    reach = _dist_from(blocked | cut, cat, rows, cols)
    if any(is_border(*p, rows, cols) for p in reach):
        return False
    dist = _dist_from(blocked, cat, rows, cols)
    return deficit_of(cut, dist) <= (-1 if cat_to_move else 0)


def enclosure_twin(board, cat, max_flow=12):
    """(deficit, cut) as the kernel's trapcore.cat._pns.enclosure: the smallest deficit over the
    thresholds and its cut (a set of cells); (None, set()) when every cut needs more than
    max_flow cells."""
    rows, cols = len(board), len(board[0])
    blocked = _blocked(board)
    cat = tuple(cat)
    dist = _dist_from(blocked, cat, rows, cols)
    escape = border_dist(blocked, rows, cols)
    d = escape.get(cat)
    best, best_cut = None, set()
    if d is None or d < 1:
        return best, best_cut
    cells = list(dist)
    for k in range(1, d + 1):
        cap = {}  # residual capacities of the split graph: ("i", p) -> ("o", p), ("o", p) -> ...
        for p in cells:
            cap[("i", p), ("o", p)] = INF if dist[p] < k else 1
            cap[("o", p), ("i", p)] = 0
            for q in nbrs(*p, rows, cols):
                if q in dist:
                    cap[("o", p), ("i", q)] = INF
                    cap.setdefault((("i", q), ("o", p)), 0)
            if is_border(*p, rows, cols):
                cap[("o", p), "T"] = INF
                cap["T", ("o", p)] = 0
        out = {}
        for a, b in cap:
            out.setdefault(a, []).append(b)
        flow = 0
        while flow <= max_flow:
            par = {("o", cat): None}
            q = deque([("o", cat)])
            while q and "T" not in par:
                a = q.popleft()
                for b in out.get(a, ()):
                    if b not in par and cap[a, b] > 0:
                        par[b] = a
                        q.append(b)
            if "T" not in par:
                break
            b = "T"
            while par[b] is not None:
                a = par[b]
                cap[a, b] -= 1
                cap[b, a] += 1
                b = a
            flow += 1
        if flow > max_flow:
            break
        into = {}
        for a, b in cap:
            if cap[a, b] > 0:
                into.setdefault(b, []).append(a)
        sink_side = {"T"}
        q = deque(["T"])
        while q:
            b = q.popleft()
            for a in into.get(b, ()):
                if a not in sink_side:
                    sink_side.add(a)
                    q.append(a)
        cut = {p for p in cells if ("o", p) in sink_side and ("i", p) not in sink_side}
        cut.discard(cat)
        e = deficit_of(cut, dist)
        if e is not None and (best is None or e < best):
            best, best_cut = e, cut
    return best, best_cut
