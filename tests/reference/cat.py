"""Twins of the BFS and ray cats' moves and of a whole game (src/cat/play.pyx)."""

from __future__ import annotations

from reference.hexgrid import EVEN, ODD, escape_path, is_border, neighbors
from reference.random import Uint32Stream

# ----------------------------------------------------------------------------------------------
# Cat policies


def free_neighbors(board, cell):
    rows, cols = len(board), len(board[0])
    return [nb for nb in neighbors(*cell, rows, cols) if not board[nb[0]][nb[1]]]


def step_rays(board, cat, stream: Uint32Stream):
    """Six rays: the open ray (free to the edge) with the fewest cells, ties in order; else a
    random free neighbour; None if the cat cannot move."""
    rows, cols = len(board), len(board[0])
    best, best_len = None, None
    for k in range(6):
        cell, length, first = cat, 0, None
        while True:
            table = ODD if cell[0] % 2 else EVEN
            nr, nc = cell[0] + table[k][0], cell[1] + table[k][1]
            if not (0 <= nr < rows and 0 <= nc < cols):
                open_ray = True
                break
            if board[nr][nc]:
                open_ray = False
                break
            cell = (nr, nc)
            first = first or cell
            length += 1
        if open_ray and first is not None and (best_len is None or length < best_len):
            best, best_len = first, length
    if best is not None:
        return best
    free = free_neighbors(board, cat)
    if not free:
        return None
    return free[stream.bounded(len(free))]


def step_pocket(board, cat):
    """An enclosed cat: the free neighbour with the most free neighbours, ties in order."""
    best, best_m = None, -1
    for nb in free_neighbors(board, cat):
        m = len(free_neighbors(board, nb))
        if m > best_m:
            best, best_m = nb, m
    return best


def cat_reply(board, cat, policy="bfs", rules="enclosed", stream=None):
    """The cat's reply from a free, non-border cell: its new cell, or None if the player won."""
    path = escape_path(board, cat)
    if path is None:
        return None if rules == "enclosed" else step_pocket(board, cat)
    if policy == "rays":
        return step_rays(board, cat, stream)
    return path[1]


def play_game(board, cat, blocks, policy="bfs", rules="enclosed", stream=None):
    """Play a list of blocks through the twins; returns (status, cat, board)."""
    board = [list(row) for row in board]
    rows, cols = len(board), len(board[0])
    status = "playing"
    for r, c in blocks:
        if status != "playing":
            break
        board[r][c] = 1
        if is_border(*cat, rows, cols):
            status = "lost"
            break
        nxt = cat_reply(board, cat, policy, rules, stream)
        if nxt is None:
            status = "won"
        else:
            cat = nxt
    return status, cat, board
