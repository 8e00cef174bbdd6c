"""Plain-Python twins of the Trap the Cat solver, the smart cat and the simulation loop: slow,
readable oracles for tests/cat/test_catsolve*.py and tests/cat/test_catsim*.py and the baseline of
bench/test_bench_cat.py. Boards are lists of lists (or arrays) of 0 free / 1 blocked in even-r
offset coordinates; cells are (row, col)."""

from __future__ import annotations

from collections import deque
from functools import cache

import numpy as np

from reference.cat import cat_reply, step_pocket
from reference.hexgrid import is_border, random_board
from reference.random import Uint32Stream

_EVEN = ((0, 1), (0, -1), (-1, 1), (-1, 0), (1, 1), (1, 0))
_ODD = ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1))


def nbrs(r, c, rows, cols):
    """On-board neighbours of (r, c) in the order E, W, NE, NW, SE, SW."""
    for dr, dc in _ODD if r & 1 else _EVEN:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield nr, nc


def _bfs(blocked, sources, rows, cols):
    """dict cell -> BFS steps from the nearest of sources, over cells not in blocked."""
    dist = {p: 0 for p in sources}
    q = deque(sources)
    while q:
        p = q.popleft()
        for nb in nbrs(*p, rows, cols):
            if nb not in blocked and nb not in dist:
                dist[nb] = dist[p] + 1
                q.append(nb)
    return dist


def border_dist(blocked, rows, cols):
    """dict cell -> BFS steps to the nearest free border cell (free cells that reach one)."""
    edge = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if is_border(r, c, rows, cols) and (r, c) not in blocked
    ]
    return _bfs(blocked, edge, rows, cols)


def bfs_step(blocked, cat, rows, cols):
    """The fixed-tie BFS cat's step (first border cell discovered, neighbours in table order),
    None when enclosed, the cat itself when it stands on the border."""
    if is_border(*cat, rows, cols):
        return cat
    parent = {cat: cat}
    q = deque([cat])
    while q:
        p = q.popleft()
        for nb in nbrs(*p, rows, cols):
            if nb not in blocked and nb not in parent:
                parent[nb] = p
                if is_border(*nb, rows, cols):
                    while parent[nb] != cat:
                        nb = parent[nb]
                    return nb
                q.append(nb)
    return None


def ray_step(blocked, cat, rows, cols):
    """The six-ray cat's deterministic step (shortest open ray), or None when no ray is open."""
    r, c = cat
    best, best_len = None, None
    for k in range(6):
        p, length, first = cat, 0, None
        while True:
            dr, dc = (_ODD if p[0] & 1 else _EVEN)[k]
            q = (p[0] + dr, p[1] + dc)
            if not (0 <= q[0] < rows and 0 <= q[1] < cols):
                if best_len is None or length < best_len:
                    best, best_len = first, length
                break
            if q in blocked:
                break
            if first is None:
                first = q
            length += 1
            p = q
    return best


def escapes_within(board, cat, k, policy="optimal"):
    """Plain minimax: True when the cat (the player to move first) reaches a border cell within
    k of its moves against every sequence of blocks. policy "optimal" lets the cat choose any
    free neighbour; "bfs" fixes its reply; "rays" fixes it when a ray is open (otherwise any free
    neighbour, as an adversary)."""
    rows, cols = len(board), len(board[0])
    blocked0 = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    @cache
    def player(blocked, cat, k):
        if is_border(*cat, rows, cols):
            return True
        if k <= 0:
            return False
        dist = border_dist(blocked, rows, cols)
        if cat not in dist or dist[cat] > k:
            return False
        near = _dist_from(blocked, cat, rows, cols)  # blocks near the cat first: defences sooner
        free = sorted(
            (
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if (r, c) not in blocked and (r, c) != cat
            ),
            key=lambda x: near.get(x, rows * cols),
        )
        return all(catnode(blocked | {x}, cat, k) for x in free)

    def catnode(blocked, cat, k):
        dist = border_dist(blocked, rows, cols)
        if cat not in dist:
            return False
        if policy == "bfs":
            return player(blocked, bfs_step(blocked, cat, rows, cols), k - 1)
        if policy == "rays":
            q = ray_step(blocked, cat, rows, cols)
            if q is not None:
                return player(blocked, q, k - 1)
        moves = sorted((q for q in nbrs(*cat, rows, cols) if q not in blocked), key=dist.get)
        return any(player(blocked, q, k - 1) for q in moves)

    return player(blocked0, tuple(cat), k)


def solve_twin(board, cat, policy="optimal"):
    """Exact plain minimax over the whole game (finite: every turn blocks a cell): "win" when the
    player, to move, forces the cat to be enclosed, else "loss". For small boards only."""
    rows, cols = len(board), len(board[0])
    blocked0 = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    @cache
    def player(blocked, cat):
        if is_border(*cat, rows, cols):
            return False
        dist = border_dist(blocked, rows, cols)
        if cat not in dist:
            return True
        near = _dist_from(blocked, cat, rows, cols)  # try blocks near the cat first
        free = sorted(
            (
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if (r, c) not in blocked and (r, c) != cat
            ),
            key=lambda x: near.get(x, rows * cols),
        )
        return any(catnode(blocked | {x}, cat) for x in free)

    def catnode(blocked, cat):
        dist = border_dist(blocked, rows, cols)
        if cat not in dist:
            return True
        if policy == "bfs":
            return player(blocked, bfs_step(blocked, cat, rows, cols))
        if policy == "rays":
            q = ray_step(blocked, cat, rows, cols)
            if q is not None:
                return player(blocked, q)
        moves = sorted((q for q in nbrs(*cat, rows, cols) if q not in blocked), key=dist.get)
        return all(player(blocked, q) for q in moves)

    return "win" if player(blocked0, tuple(cat)) else "loss"


# ----------------------------------------------------------------------------------------------
# The smart cat


def _dist_from(blocked, start, rows, cols):
    return _bfs(blocked, [start], rows, cols)


AB_BLOCKS, AB_LEVELS, AB_WIN, AB_INF, AB_PATHS = 3, 2, 1_000_000, 2_000_000, 1 << 20


def _ab_scan(blocked, cat, rows, cols):
    """The kernel's ab_scan: BFS from the cat stopped at the first level holding a free border
    cell. Returns (d or -1 when enclosed, ends, paths, levels dict, on-route set, BFS order)."""
    dc, sc, order, head, d, ends, paths = {cat: 0}, {cat: 1}, [cat], 0, -1, 0, 0
    while head < len(order):
        p = order[head]
        head += 1
        if p != cat and is_border(*p, rows, cols):
            d = dc[p] if d < 0 else d
            ends += 1
            paths = min(paths + sc[p], AB_PATHS)
        if d >= 0 and dc[p] >= d:
            continue
        for q in nbrs(*p, rows, cols):
            if q in blocked:
                continue
            if q not in dc:
                dc[q], sc[q] = dc[p] + 1, sc[p]
                order.append(q)
            elif dc[q] == dc[p] + 1:
                sc[q] = min(sc[q] + sc[p], AB_PATHS)
    on = set()
    for p in reversed(order):
        if dc[p] == d:
            if is_border(*p, rows, cols):
                on.add(p)
        elif d >= 0 and any(q in on and dc.get(q) == dc[p] + 1 for q in nbrs(*p, rows, cols)):
            on.add(p)
    return d, ends, paths, dc, on, order


def _ab_cat(blocked, cat, k, ply, alpha, beta, rows, cols, nodes):
    """The cat to move, k more blocks to search: the value for the cat (alpha-beta, exact inside
    the window); nodes[0] counts the positions searched."""
    nodes[0] += 1
    d, ends, paths, dc, on, _ = _ab_scan(blocked, cat, rows, cols)
    if d < 0:
        return -AB_WIN + ply
    if d == 1:
        return AB_WIN - ply - 1
    moves = [q for q in nbrs(*cat, rows, cols) if q not in blocked]
    if k == 0:
        for q in moves:
            if (
                d == 2
                and sum(
                    1
                    for t in nbrs(*q, rows, cols)
                    if t not in blocked and is_border(*t, rows, cols)
                )
                >= 2
            ):
                return AB_WIN - ply - 2
        return -1000 * d + 30 * min(paths, 16) + 10 * min(ends, 9) + len(moves)
    best = -AB_INF
    for q in sorted(moves, key=lambda q: q not in on):
        v = _ab_player(blocked, q, k, ply + 1, alpha, beta, rows, cols, nodes)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best


def _ab_player(blocked, cat, k, ply, alpha, beta, rows, cols, nodes):
    """The player to move, k >= 1 blocks left: the value for the cat over the blocks the kernel
    searches (the only free border neighbour, else the cells of the first AB_LEVELS levels of
    the shortest escape routes, then the other free neighbours)."""
    nodes[0] += 1
    d, ends, _, dc, on, order = _ab_scan(blocked, cat, rows, cols)
    if d < 0:
        return -AB_WIN + ply
    if d == 1:
        if ends >= 2:
            return AB_WIN - ply - 1
        cands = [
            q for q in nbrs(*cat, rows, cols) if q not in blocked and is_border(*q, rows, cols)
        ]
    else:
        cands = [p for lvl in range(1, AB_LEVELS + 1) for p in order if dc[p] == lvl and p in on]
        cands += [p for p in order if dc[p] == 1 and p not in on]
    best = AB_INF
    for x in cands:
        v = _ab_cat(blocked | {x}, cat, k - 1, ply + 1, alpha, beta, rows, cols, nodes)
        best = min(best, v)
        beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def smart_step(board, cat, stream, depth=4, blocks=AB_BLOCKS, stats=None):
    """The smart cat's move from a free, non-border, not enclosed cell (the kernel's step_smart
    when its bounded searches do not run out of nodes, which holds on small boards): a free
    border neighbour; else a move forcing an escape within the fewest moves (<= depth); else the
    moves of best value in an alpha-beta search over its moves and the player's blocks near its
    shortest escape routes (``blocks`` blocks deep, stopping early once a depth finds a win or
    only losses); ties drawn with stream.bounded in neighbour order. A ``stats`` dict gets
    "nodes": the positions that search visited (0 when it did not run; the kernel stops a depth
    past 2,000 and orders blocks by a table too, so compare only where this stays well below)."""
    rows, cols = len(board), len(board[0])
    blocked = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])
    db = border_dist(blocked, rows, cols)
    qs = [q for q in nbrs(*cat, rows, cols) if q not in blocked and q in db]

    def pick(cands):
        return cands[stream.bounded(len(cands))] if len(cands) > 1 else cands[0]

    border = [q for q in qs if is_border(*q, rows, cols)]
    if border:
        return pick(border)
    for k in range(1, depth + 1):
        win = [
            q
            for q in qs
            if db[q] <= k
            and escapes_within(
                [[1 if (r, c) in blocked else 0 for c in range(cols)] for r in range(rows)], q, k
            )
        ]
        if win:
            return pick(win)
    nodes = [0]
    for kk in range(1, blocks + 1):
        vals, top = [], -AB_INF
        for q in qs:
            v = _ab_player(
                blocked, q, kk, 1, top - 1 if top > -AB_INF else -AB_INF, AB_INF, rows, cols, nodes
            )
            vals.append(v)
            top = max(top, v)
        if top >= AB_WIN - 64 or top <= -AB_WIN + 64:
            break
    if stats is not None:
        stats["nodes"] = nodes[0]
    return pick([q for q, v in zip(qs, vals) if v == top])


# ----------------------------------------------------------------------------------------------
# Whole games


def greedy_block(board, cat):
    """The greedy player's block: the fixed-tie BFS cat's next step; the pocket move when the
    cat is enclosed; else the first free cell in row-major order (None if none)."""
    rows, cols = len(board), len(board[0])
    blocked = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])
    step = bfs_step(blocked, cat, rows, cols)
    if step is not None and step != cat:
        return step
    if step is None:
        p = step_pocket(board, cat)
        if p is not None:
            return p
    for r in range(rows):
        for c in range(cols):
            if not board[r][c] and (r, c) != cat:
                return (r, c)
    return None


def random_block(board, cat, stream):
    """The random player's block: a uniform free cell other than the cat's, in row-major order."""
    free = [
        (r, c)
        for r in range(len(board))
        for c in range(len(board[0]))
        if not board[r][c] and (r, c) != cat
    ]
    return free[stream.bounded(len(free))] if free else None


BATCH = 256  # games per batch, as trapcore.cat.simulate plays them


def batch_streams(seed, games):
    """The batches of a simulation, written out from the seeding policy rather than taken from
    trapcore: (stream, n_games) pairs, batch k drawing from numpy's Philox keyed by the 128-bit
    root key SeedSequence(seed).generate_state(2, uint64), with k in the third counter word."""
    key = np.random.SeedSequence(seed).generate_state(2, np.uint64)
    out = []
    for k in range(-(-games // BATCH)):
        bitgen = np.random.Philox(key=key, counter=np.array([0, 0, k, 0], np.uint64))
        out.append((Uint32Stream(np.random.Generator(bitgen)), min(BATCH, games - k * BATCH)))
    return out


def simulate_twin(
    seed, games, rows=11, cols=11, blocked=8, cat="bfs", player="greedy", rules="enclosed"
):
    """The simulation loop in plain Python over the twins: each batch of batch_streams(seed,
    games) draws every game's board, the random player's and the cat's choices from one stream,
    game after game. Players "random" and "greedy"; cats "bfs" and "rays". Returns (outcomes,
    moves) lists."""
    outcomes, moves = [], []
    start = (rows // 2, cols // 2)
    for stream, n_games in batch_streams(seed, games):
        for _ in range(n_games):
            board = random_board(rows, cols, blocked, stream, keep_free=[start])
            pos, n, outcome = start, 0, -1
            while True:
                if player == "random":
                    b = random_block(board, pos, stream)
                else:
                    b = greedy_block(board, pos)
                if b is None:  # no free cell but the cat's: settled as CatGame does
                    outcome = 0 if is_border(*pos, rows, cols) else 1
                    break
                board[b[0]][b[1]] = 1
                n += 1
                if is_border(*pos, rows, cols):
                    outcome = 0
                    break
                nxt = cat_reply(board, pos, cat, rules, stream)
                if nxt is None:
                    outcome = 1
                    break
                pos = tuple(nxt)
            outcomes.append(outcome)
            moves.append(n)
    return outcomes, moves


# ----------------------------------------------------------------------------------------------
# Brute force: wins within a few blocks


def wins_within(board, cat, blocks):
    """True when the player, to move, encloses the cat within ``blocks`` of her blocks against
    every cat (any free neighbour each turn). Brute force over every block the cat can reach,
    with one sound cut only: a block the cat cannot reach is a pass (it changes nothing the cat
    can do), and a single last block that encloses the cat lies on every path to the border, so
    on any one shortest path. For small pockets and ``blocks`` <= 3."""
    rows, cols = len(board), len(board[0])
    blocked0 = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    @cache
    def player(blocked, cat, k):
        if is_border(*cat, rows, cols):
            return False
        if cat not in border_dist(blocked, rows, cols):
            return True
        if k <= 0:
            return False
        reach = _dist_from(blocked, cat, rows, cols)
        if k == 1:
            cells = _one_shortest_path(blocked, cat, rows, cols)
        else:
            cells = [p for p in reach if p != cat]
        return any(catnode(blocked | {x}, cat, k) for x in cells)

    def catnode(blocked, cat, k):
        if cat not in border_dist(blocked, rows, cols):
            return True
        return all(player(blocked, q, k - 1) for q in nbrs(*cat, rows, cols) if q not in blocked)

    return player(blocked0, tuple(cat), blocks)


def _one_shortest_path(blocked, cat, rows, cols):
    """The cells (cat excluded) of one shortest path from cat to a free border cell."""
    parent = {cat: None}
    q = deque([cat])
    while q:
        p = q.popleft()
        if is_border(*p, rows, cols):
            out = []
            while p != cat:
                out.append(p)
                p = parent[p]
            return out
        for nb in nbrs(*p, rows, cols):
            if nb not in blocked and nb not in parent:
                parent[nb] = p
                q.append(nb)
    return []
