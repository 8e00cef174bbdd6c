"""Proof certificates: a won position's whole winning strategy (``certificate``,
``check_certificate``) and a lost position's escape for the cat (``escape_certificate``,
``check_escape_certificate``), written out so that anyone can check them without trusting the
solver.

A certificate answers every move the cat can make (the optimal cat's rules: any free neighbour)
with the player's block, down to positions where the cat is enclosed (no free way to the border).
It is a tree of plain lists, JSON-ready: a player node is ``[row, col, replies]``, her block and
``replies``, a list of ``[cat_row, cat_col, node]`` for every free neighbour of the cat after
the block (empty when the block encloses the cat); a node ``None`` means the cat, to move, is
already enclosed. ``check_certificate`` walks it with its own rules (nothing of the solver's).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from trapcore._validate import _describe, as_int
from trapcore.cat import hexgrid
from trapcore.cat._board import MAX_SOLVE_CELLS, as_board, free_cell
from trapcore.cat.solver import Verdict, solve
from trapcore.errors import SearchLimitExceeded

__all__ = [
    "Certificate",
    "certificate",
    "check_certificate",
    "escape_certificate",
    "check_escape_certificate",
    "compact_certificate",
]

#: ``[row, col, [[cat_row, cat_col, Certificate], ...]]`` or ``None`` (see the module docstring).
Certificate: TypeAlias = "list[Any] | None"

_MAX_POSITIONS = 1_000_000


def certificate(
    board: npt.ArrayLike,
    cat: tuple[int, int],
    *,
    max_nodes: int = 200_000,
    max_positions: int = _MAX_POSITIONS,
) -> Certificate:
    """The player's winning strategy from a position she, to move, wins against every cat.

    Built by asking :func:`solve` (optimal cat, ``max_nodes`` a position) for the block at each
    position the strategy reaches, every cat reply followed; positions met twice share their
    subtree. Check it with :func:`check_certificate`.

    Parameters
    ----------
    board : array_like of uint8, shape (rows, cols)
        The position (``1`` blocked, ``0`` free), at most ``MAX_SOLVE_CELLS`` cells.
    cat : tuple of int
        The cat's cell ``(row, col)``, a free cell.
    max_nodes : int, default 200_000
        The solver's budget for each position the strategy reaches (>= 1).
    max_positions : int, default 1_000_000
        The most positions the strategy may hold (>= 1).

    Returns
    -------
    list
        The player's node ``[row, col, replies]``: her block, then ``[[row, col, node], ...]``,
        one per free cell the cat may step to, each followed by her next node (``None`` once
        the cat is enclosed). Nested lists of ints: ``json.dump`` writes it as it is.

    Raises
    ------
    TypeError, ValueError
        A bad board, cat or budget.
    SearchLimitExceeded
        A position on the way was not proven won within ``max_nodes`` (the start included), or
        the strategy has more than ``max_positions`` positions.

    See Also
    --------
    check_certificate : Checks it without the solver.
    compact_certificate : Each shared position written once.
    escape_certificate : The cat's certificate.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.winnable_board(7, 7, 12, policy="smart", seed=0)
    >>> cert = tc.cat.certificate(board, (3, 3))
    >>> tc.cat.check_certificate(board, (3, 3), cert)
    True
    """
    b, start, max_nodes, max_positions = _arguments(board, cat, max_nodes, max_positions)
    rows, cols = b.shape
    memo: dict[tuple[bytes, tuple[int, int]], Certificate] = {}

    def node(work: np.ndarray, at: tuple[int, int]) -> Certificate:
        if hexgrid.distance_to_border(work)[at] < 0:
            return None
        key = (work.tobytes(), at)
        if key in memo:
            return memo[key]
        if len(memo) >= max_positions:
            raise SearchLimitExceeded(
                f"certificate: more than max_positions={max_positions} positions"
            )
        sol = solve(work, at, max_nodes=max_nodes, policy="optimal")
        if sol.verdict is not Verdict.WIN or sol.block is None:
            raise SearchLimitExceeded(
                f"certificate: the position with the cat at {at} was not proven won within "
                f"max_nodes={max_nodes} ({sol.verdict.value}); raise max_nodes"
            )
        r, c = sol.block
        work[r, c] = 1
        replies = []
        if hexgrid.distance_to_border(work)[at] >= 0:
            for q in hexgrid.neighbours(at, (rows, cols)):
                if not work[q]:
                    replies.append([q[0], q[1], node(work, q)])
        work[r, c] = 0
        memo[key] = [r, c, replies]
        return memo[key]

    return node(b.copy(), start)


def check_certificate(board: npt.ArrayLike, cat: tuple[int, int], cert: Certificate) -> bool:
    """True if ``cert`` is a winning strategy for the player, to move, from ``(board, cat)``:
    every block is a free cell other than the cat's, every free neighbour of the cat is
    answered, the cat never stands on the border with the player to move, and every line ends
    with the cat enclosed. Its own breadth-first search: nothing of the solver's is used.

    Parameters
    ----------
    board : array_like of uint8, shape (rows, cols)
        The position (``1`` blocked, ``0`` free).
    cat : tuple of int
        The cat's cell ``(row, col)``, a free cell.
    cert : list
        The strategy to check; anything else (a wrong shape, a bad cell) makes it ``False``.

    Returns
    -------
    bool
        ``True`` when ``cert`` is such a strategy.

    Raises
    ------
    TypeError, ValueError
        A bad board or cat cell (a bad ``cert`` is ``False``, not an error).

    See Also
    --------
    certificate : Makes one.
    check_escape_certificate : The cat's side.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((5, 5), np.uint8)
    >>> cert = tc.cat.escape_certificate(board, (2, 2))   # the cat's escape
    >>> tc.cat.check_certificate(board, (2, 2), cert)      # is no win for the player
    False
    """
    b = as_board(board, max_cells=MAX_SOLVE_CELLS)
    start = free_cell(b, cat, "cat")
    rows, cols = b.shape

    def enclosed(work: np.ndarray, at: tuple[int, int]) -> bool:
        seen = {at}
        todo = deque([at])
        while todo:
            p = todo.popleft()
            if p[0] in (0, rows - 1) or p[1] in (0, cols - 1):
                return False
            for q in _neighbours(p, rows, cols):
                if not work[q] and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return True

    def walk(work: np.ndarray, at: tuple[int, int], cert: Any) -> bool:
        if enclosed(work, at):
            return True  # whatever the certificate says from here, the game is won
        if cert is None or not isinstance(cert, list) or len(cert) != 3:
            return False
        r, c, replies = cert
        if not (0 <= r < rows and 0 <= c < cols) or work[r, c] or (r, c) == at:
            return False
        work[r, c] = 1
        try:
            if enclosed(work, at):
                return True
            moves = {q for q in _neighbours(at, rows, cols) if not work[q]}
            answered = {(int(x[0]), int(x[1])): x[2] for x in replies}
            if set(answered) != moves:
                return False
            for q in sorted(moves):
                if q[0] in (0, rows - 1) or q[1] in (0, cols - 1):
                    return False  # the cat reaches the border: it escapes next move
                if not walk(work, q, answered[q]):
                    return False
            return True
        finally:
            work[r, c] = 0

    try:
        return walk(b.copy(), start, cert)
    except (TypeError, ValueError, IndexError, KeyError):
        return False  # a malformed certificate proves nothing


def escape_certificate(
    board: npt.ArrayLike,
    cat: tuple[int, int],
    *,
    max_nodes: int = 200_000,
    max_positions: int = _MAX_POSITIONS,
) -> Certificate:
    """The cat's escape from a position the player, to move, loses: a strategy for the optimal
    cat that answers every block, written out for :func:`check_escape_certificate`.

    A player node ``[rest, answers]`` answers each block of a *zone* in ``answers``
    (``[[row, col, cat_node], ...]``) and every other block at once in ``rest``: the cat's answer
    with all the free cells outside the zone blocked (``None`` when there are none). A cat node
    ``[row, col, player_node]`` is the cat's step, ``player_node`` ``None`` once it stands on the
    border. Built from :func:`solve`'s answers; positions met twice share their subtree. Why one
    answer covers the blocks outside the zone: :doc:`/how-it-works/cat-solver`.

    Parameters
    ----------
    board : array_like of uint8, shape (rows, cols)
        The position (``1`` blocked, ``0`` free), at most ``MAX_SOLVE_CELLS`` cells.
    cat : tuple of int
        The cat's cell ``(row, col)``, a free cell.
    max_nodes : int, default 200_000
        The solver's budget for each position the strategy reaches (>= 1).
    max_positions : int, default 1_000_000
        The most positions the strategy may hold (>= 1).

    Returns
    -------
    list
        The player node ``[rest, answers]`` described above (nested lists of ints and
        ``None``).

    Raises
    ------
    TypeError, ValueError
        A bad board, cat or budget.
    SearchLimitExceeded
        A position on the way was not proven lost within ``max_nodes`` (the start included), or
        the strategy has more than ``max_positions`` positions.

    See Also
    --------
    check_escape_certificate : Checks it without the solver.
    compact_certificate : The same strategy with each shared position written once.
    certificate : The player's certificate for a position she wins.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((5, 5), np.uint8)                   # the empty 5x5: the cat escapes
    >>> cert = tc.cat.escape_certificate(board, (2, 2))
    >>> tc.cat.check_escape_certificate(board, (2, 2), cert)
    True
    """
    b, start, max_nodes, max_positions = _arguments(board, cat, max_nodes, max_positions)
    rows, cols = b.shape
    memo: dict[tuple[bytes, tuple[int, int]], tuple[Certificate, frozenset[tuple[int, int]]]] = {}

    def player(
        work: np.ndarray, at: tuple[int, int]
    ) -> tuple[Certificate, frozenset[tuple[int, int]]]:
        key = (work.tobytes(), at)
        if key in memo:
            return memo[key]
        if len(memo) >= max_positions:
            raise SearchLimitExceeded(
                f"escape_certificate: more than max_positions={max_positions} positions"
            )
        cells = [(int(r), int(c)) for r, c in np.argwhere(work == 0) if (int(r), int(c)) != at]
        first = max(cells, key=lambda q: abs(q[0] - at[0]) + abs(q[1] - at[1]))
        work[first] = 1
        rest, needs = step(work, at)
        work[first] = 0
        zone = sorted(q for q in needs if not work[q] and q != at)
        answers, covered = [], set(zone) | needs
        for q in zone:
            work[q] = 1
            node, more = step(work, at)
            work[q] = 0
            answers.append([q[0], q[1], node])
            covered |= more
        memo[key] = ([rest, answers], frozenset(covered))
        return memo[key]

    def step(
        work: np.ndarray, at: tuple[int, int]
    ) -> tuple[Certificate, frozenset[tuple[int, int]]]:
        """The cat's escaping step (cat to move) and the cells its escape needs free."""
        moves = [q for q in hexgrid.neighbours(at, (rows, cols)) if not work[q]]
        for q in moves:
            if q[0] in (0, rows - 1) or q[1] in (0, cols - 1):
                return [q[0], q[1], None], frozenset([q])
        dist = hexgrid.distance_to_border(work)
        for q in sorted((q for q in moves if dist[q] >= 0), key=lambda q: dist[q]):
            if solve(work, q, max_nodes=max_nodes, policy="optimal").verdict is Verdict.LOSS:
                node, needs = player(work, q)
                return [q[0], q[1], node], needs | {q}
        raise SearchLimitExceeded(
            f"escape_certificate: no step of the cat at {at} was proven to escape within "
            f"max_nodes={max_nodes}; raise max_nodes"
        )

    work = b.copy()
    if start[0] in (0, rows - 1) or start[1] in (0, cols - 1):
        return None  # the cat stands on the border: it escapes whatever the player does
    sol = solve(work, start, max_nodes=max_nodes, policy="optimal")
    if sol.verdict is not Verdict.LOSS:
        raise SearchLimitExceeded(
            f"escape_certificate: the position with the cat at {start} was not proven lost "
            f"within max_nodes={max_nodes} ({sol.verdict.value}); raise max_nodes"
        )
    return player(work, start)[0]


def compact_certificate(cert: Certificate) -> dict[str, Any]:
    """An escape certificate with each player node written once: ``{"nodes": [...], "root":
    i}``, where a cat step's third item is the index of its next player node (or ``None``).

    :func:`escape_certificate` shares the subtree of a position met twice, but plain nested
    lists lose that sharing in JSON (a big one unfolds to gigabytes); this form keeps it.
    :func:`check_escape_certificate` takes either form.

    Parameters
    ----------
    cert : list
        An escape certificate, as :func:`escape_certificate` returns it.

    Returns
    -------
    dict
        ``{"nodes": [...], "root": i}``: every player node once, ``[rest, answers]``, with
        each cat step's next node given by its index in ``nodes``.

    Raises
    ------
    ValueError
        ``cert`` (``None`` included) is not shaped like a certificate (a node is ``[rest,
        answers]``, a step ``[row, col, next node or None]``, an answer ``[row, col, step]``).

    See Also
    --------
    certificate : The player's certificate.
    escape_certificate : The cat's certificate.

    Examples
    --------
    >>> import json
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((6, 6), np.uint8)
    >>> compact = tc.cat.compact_certificate(tc.cat.escape_certificate(board, (2, 2)))
    >>> sorted(compact)
    ['nodes', 'root']
    >>> tc.cat.check_escape_certificate(board, (2, 2), json.loads(json.dumps(compact)))
    True
    """
    index: dict[int, int] = {}
    nodes: list[Any] = []
    todo: list[Any] = []  # an explicit stack: a deep certificate cannot exhaust Python's

    def bad(what: str) -> ValueError:
        return ValueError(f"cert is not an escape certificate: {what}")

    def pair(item: Any, n: int, what: str) -> Sequence[Any]:
        if isinstance(item, (str, bytes)) or not isinstance(item, Sequence) or len(item) != n:
            raise bad(f"{what} must be a list of {n} items, got {_describe(item)}")
        return item

    def ref(node: Any) -> int | None:
        if node is None:
            return None
        if id(node) not in index:
            pair(node, 2, "a player node [rest, answers]")
            index[id(node)] = len(nodes)
            nodes.append(None)
            todo.append(node)
        return index[id(node)]

    def step(st: Any) -> list[Any]:
        st = pair(st, 3, "a cat step [row, col, next]")
        return [st[0], st[1], ref(st[2])]

    if cert is None:  # ref() reads None as a cat step's end; an escape has a player node first
        raise bad("the root must be a player node [rest, answers], got None")
    root = ref(cert)
    while todo:
        node = todo.pop()
        rest, answers = node
        if isinstance(answers, (str, bytes)) or not isinstance(answers, Sequence):
            raise bad(f"a node's answers must be a list, got {_describe(answers)}")
        out_rest = None if rest is None else step(rest)
        out_answers = []
        for answer in answers:
            r, c, st = pair(answer, 3, "an answer [row, col, step]")
            out_answers.append([r, c, step(st)])
        nodes[index[id(node)]] = [out_rest, out_answers]
    return {"nodes": nodes, "root": root}


def check_escape_certificate(
    board: npt.ArrayLike, cat: tuple[int, int], cert: Certificate | dict[str, Any]
) -> bool:
    """True if ``cert`` (see :func:`escape_certificate`, or its :func:`compact_certificate`
    form) is an escape for the cat from ``(board, cat)`` with the player to move: every step is
    onto a free neighbour, each zone cell is a free cell other than the cat's and is answered,
    the other free cells are answered all blocked at once, the cat is never enclosed and every
    line ends with the cat on the border. Its own breadth-first search over the neighbour table
    (:data:`hexgrid.STEPS`): nothing of the solver's is used.

    Parameters
    ----------
    board : array_like of uint8, shape (rows, cols)
        The position (``1`` blocked, ``0`` free).
    cat : tuple of int
        The cat's cell ``(row, col)``, a free cell.
    cert : list or dict
        The strategy to check; anything else (a wrong shape, a bad cell) makes it ``False``.

    Returns
    -------
    bool
        ``True`` when ``cert`` is such an escape.

    Raises
    ------
    TypeError, ValueError
        A bad board or cat cell (a bad ``cert`` is ``False``, not an error).

    See Also
    --------
    escape_certificate : Makes one.
    check_certificate : The player's side.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((5, 5), np.uint8)
    >>> cert = tc.cat.escape_certificate(board, (2, 2))
    >>> tc.cat.check_escape_certificate(board, (2, 2), cert)
    True
    """
    b = as_board(board, max_cells=MAX_SOLVE_CELLS)
    start = free_cell(b, cat, "cat")
    rows, cols = b.shape
    seen: set[tuple[int, bytes, tuple[int, int]]] = set()
    table: list[Any] | None = None
    if isinstance(cert, dict):  # the compact form: steps name their next node by index
        try:
            table = list(cert["nodes"])
            root = cert["root"]
            cert = None if root is None else table[int(root)]
        except (TypeError, ValueError, IndexError, KeyError):
            return False

    def on_border(p: tuple[int, int]) -> bool:
        return p[0] in (0, rows - 1) or p[1] in (0, cols - 1)

    def free_way(work: np.ndarray, at: tuple[int, int]) -> bool:
        found, todo = {at}, deque([at])
        while todo:
            p = todo.popleft()
            if on_border(p):
                return True
            for q in _neighbours(p, rows, cols):
                if not work[q] and q not in found:
                    found.add(q)
                    todo.append(q)
        return False

    def player(work: np.ndarray, at: tuple[int, int], node: Any) -> bool:
        if on_border(at):
            return True  # the cat escapes with its next move
        if not free_way(work, at) or not isinstance(node, list) or len(node) != 2:
            return False
        key = (id(node), work.tobytes(), at)
        if key in seen:
            return True
        rest, answers = node
        zone = [(int(x[0]), int(x[1])) for x in answers]
        if len(set(zone)) != len(zone):
            return False
        for (r, c), x in zip(zone, answers):
            if not (0 <= r < rows and 0 <= c < cols) or work[r, c] or (r, c) == at:
                return False
            work[r, c] = 1
            try:
                if not step(work, at, x[2]):
                    return False
            finally:
                work[r, c] = 0
        others = [
            (int(r), int(c))
            for r, c in np.argwhere(work == 0)
            if (int(r), int(c)) != at and (int(r), int(c)) not in set(zone)
        ]
        if others:
            for q in others:
                work[q] = 1
            try:
                if not step(work, at, rest):
                    return False
            finally:
                for q in others:
                    work[q] = 0
        seen.add(key)
        return True

    def step(work: np.ndarray, at: tuple[int, int], node: Any) -> bool:
        if not isinstance(node, list) or len(node) != 3:
            return False
        q = (int(node[0]), int(node[1]))
        if q not in _neighbours(at, rows, cols) or work[q]:
            return False
        if on_border(q):
            return True
        nxt = node[2]
        if table is not None:
            if isinstance(nxt, bool) or not isinstance(nxt, int) or not 0 <= nxt < len(table):
                return False
            nxt = table[nxt]
        return player(work, q, nxt)

    if on_border(start):
        return True
    try:
        return player(b.copy(), start, cert)
    except (TypeError, ValueError, IndexError, KeyError):
        return False  # a malformed certificate proves nothing


def _arguments(
    board: npt.ArrayLike, cat: tuple[int, int], max_nodes: int, max_positions: int
) -> tuple[np.ndarray, tuple[int, int], int, int]:
    """The certificate builders' arguments, checked: (board, cat cell, max_nodes,
    max_positions)."""
    b = as_board(board, max_cells=MAX_SOLVE_CELLS)
    start = free_cell(b, cat, "cat")
    return (
        b,
        start,
        as_int(max_nodes, "max_nodes", minimum=1),
        as_int(max_positions, "max_positions", minimum=1),
    )


def _neighbours(p: tuple[int, int], rows: int, cols: int) -> list[tuple[int, int]]:
    """The on-board hex neighbours from the convention's table alone (no search of the solver's)."""
    r, c = p
    steps = hexgrid.STEPS[r % 2]
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols]
