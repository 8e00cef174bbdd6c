"""A sceptic's check of ``trapcore.numberlink.deduce``, sharing nothing with its kernel or twin: an
enumerator of every solution written here (edges decided square by square, a union-find for
chains), random boards up to 6x6 under the four rule sets, and the published puzzles against the
SAT model (tests/reference/numberlink_sat.py). Solved means exactly one solution, the one given;
contradiction means none; every step holds in every solution."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import PUZZLES, size
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.reference.numberlink_sat import sat_solutions
from trapcore import numberlink as nl

RULES = [(True, True), (True, False), (False, True), (False, False)]
JOINED = ("one-exit", "two-neighbours", "cut", "trial")


class TooMany(Exception):
    """The enumeration went past its node budget."""


def enumerate_solutions(grid, *, fill: bool, touch: bool, max_nodes: int = 200_000):
    """Every solution of ``grid`` as (colouring, set of on edges): each square in row-major order
    decides its edges to the right and below; a square's degree is checked once final, chains
    are merged in a union-find (a merge within one chain is a loop, of two numbers a clash).
    Raises TooMany past ``max_nodes`` squares decided."""
    g = np.asarray(grid, dtype=np.int64)
    rows, cols = g.shape
    n = rows * cols
    val = g.ravel().tolist()
    parent = list(range(n))
    colour = [v if v > 0 else 0 for v in val]
    deg = [0] * n
    on: set[tuple[int, int]] = set()
    out = []
    nodes = [0]

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    def cap(x):
        return 1 if val[x] > 0 else 2

    def join(a, b):
        """Turn edge a-b on; the undo record, or None when that breaks a rule."""
        if deg[a] >= cap(a) or deg[b] >= cap(b):
            return None
        ra, rb = find(a), find(b)
        if ra == rb or (colour[ra] and colour[rb] and colour[ra] != colour[rb]):
            return None
        deg[a] += 1
        deg[b] += 1
        parent[rb] = ra
        old = colour[ra]
        colour[ra] = colour[ra] or colour[rb]
        on.add((a, b))
        return ra, rb, old

    def unjoin(a, b, rec):
        ra, rb, old = rec
        on.discard((a, b))
        colour[ra] = old
        parent[rb] = rb
        deg[a] -= 1
        deg[b] -= 1

    def final_ok(x):
        d = deg[x]
        if val[x] > 0:
            return d == 1
        return d == 2 or (d == 0 and not fill)

    def leaf():
        sol = np.where(g < 0, -1, 0).astype(np.int16).ravel()
        for x in range(n):
            if val[x] >= 0 and deg[x]:
                sol[x] = colour[find(x)]
        if not touch:
            for x in range(n):
                for y in (x + 1 if (x + 1) % cols else -1, x + cols if x + cols < n else -1):
                    if y >= 0 and sol[x] > 0 and (x, y) not in on and find(x) == find(y):
                        return
        out.append((sol.reshape(rows, cols), frozenset(on)))

    def step(x):
        if x == n:
            leaf()
            return
        if val[x] < 0:
            step(x + 1)
            return
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise TooMany
        right = x + 1 if (x + 1) % cols and val[x + 1] >= 0 else -1
        down = x + cols if x + cols < n and val[x + cols] >= 0 else -1
        for r_on in (False, True) if right >= 0 else (False,):
            rr = join(x, right) if r_on else ()
            if rr is None:
                continue
            for d_on in (False, True) if down >= 0 else (False,):
                dr = join(x, down) if d_on else ()
                if dr is None:
                    continue
                if final_ok(x):
                    step(x + 1)
                if d_on:
                    unjoin(x, down, dr)
            if r_on:
                unjoin(x, right, rr)

    step(0)
    return out


def flat(cell, cols):
    return cell[0] * cols + cell[1]


def holds(step: nl.Step, sol: np.ndarray, edges: frozenset) -> bool:
    """Does the fact a step states hold in this solution (colouring and on edges)?"""
    cols = sol.shape[1]
    if len(step.squares) == 1:
        return int(sol[step.squares[0]]) == step.number
    a, b = sorted(flat(c, cols) for c in step.squares)
    if step.rule == "trial-off":
        return (a, b) not in edges
    assert step.rule in JOINED, step
    joined = (a, b) in edges
    return joined and (step.number == 0 or int(sol[step.squares[0]]) == step.number)


def check_deduction(grid, fill: bool, touch: bool) -> tuple[bool, bool] | None:
    """Compare deduce with the enumeration (None when the board is too big to enumerate)."""
    try:
        sols = enumerate_solutions(grid, fill=fill, touch=touch)
    except TooMany:
        return None
    d = nl.deduce(grid, fill=fill, touch=touch)
    if d.solved:
        assert len(sols) == 1, (grid.tolist(), fill, touch, len(sols))
        assert np.array_equal(sols[0][0], d.solution), (grid.tolist(), fill, touch)
    if d.contradiction:
        assert sols == [], (grid.tolist(), fill, touch)
    for sol, edges in sols:
        for s in d.steps:
            assert holds(s, sol, edges), (grid.tolist(), fill, touch, s, sol)
    return d.solved, d.contradiction


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(2, 6))
    n = rows * cols
    pairs = draw(st.integers(1, max(1, min(6, n // 2))))
    solids = draw(st.integers(0, min(4, n - 2 * pairs)))
    order = draw(st.permutations(range(n)))
    # path numbers need not be 1..pairs (deduce renumbers them): sometimes sparse and large
    names = draw(st.lists(st.integers(1, 300), min_size=pairs, max_size=pairs, unique=True))
    names = draw(st.sampled_from([list(range(1, pairs + 1)), names]))
    g = np.zeros(n, np.int16)
    for k in range(pairs):
        g[order[2 * k]] = g[order[2 * k + 1]] = names[k]
    g[[order[2 * pairs + i] for i in range(solids)]] = -1
    return g.reshape(rows, cols)


def test_enumerator_on_known_boards() -> None:
    # a corridor has one way; a 2x2 of two pairs side by side, one; the crossing pairs, none
    assert len(enumerate_solutions(np.array([[1, 0, 0, 1]]), fill=True, touch=True)) == 1
    assert len(enumerate_solutions(np.array([[1, 1], [2, 2]]), fill=True, touch=True)) == 1
    assert enumerate_solutions(np.array([[1, 2], [2, 1]]), fill=False, touch=True) == []
    g = np.array([[1, 0, 1], [0, 0, 0]])
    # without fill: straight, round below, or one of two dips into the middle of the row
    # below (those touch themselves); with fill no path covers all six squares
    assert len(enumerate_solutions(g, fill=False, touch=True)) == 4
    assert len(enumerate_solutions(g, fill=False, touch=False)) == 2
    assert enumerate_solutions(g, fill=True, touch=True) == []
    # 3x3 with 1 in opposite corners: the simple corner-to-corner paths that fill it (two
    # snakes), agreeing with the SAT model
    g = np.array([[1, 0, 0], [0, 0, 0], [0, 0, 1]])
    mine = enumerate_solutions(g, fill=True, touch=True)
    assert len(mine) == 2 == len(sat_solutions(g, fill=True, touch=True, limit=5))
    # without fill: every simple path between the corners (12 on a 3x3)
    assert len(enumerate_solutions(g, fill=False, touch=True)) == 12


@pytest.mark.parametrize("fill, touch", RULES)
def test_enumerator_agrees_with_sat_model(fill: bool, touch: bool) -> None:
    rng = np.random.default_rng(7)
    for _ in range(size(15, 150)):
        rows, cols = int(rng.integers(2, 5)), int(rng.integers(2, 5))
        n = rows * cols
        g = np.zeros(n, np.int16)
        cells = rng.permutation(n)
        pairs = int(rng.integers(1, n // 2 + 1))
        for k in range(pairs):
            g[cells[2 * k]] = g[cells[2 * k + 1]] = k + 1
        g = g.reshape(rows, cols)
        mine = enumerate_solutions(g, fill=fill, touch=touch)
        sat = sat_solutions(g, fill=fill, touch=touch, limit=len(mine) + 1)
        assert len(mine) == len(sat), g.tolist()
        assert sorted(s.tobytes() for s, _ in mine) == sorted(s.tobytes() for s in sat)


def test_check_catches_wrong_verdicts(monkeypatch) -> None:
    # the comparison can fail: a "solved" on a board of two solutions, a "contradiction" on a
    # board with one, and a step that does not hold are each caught
    two = np.array([[1, 0, 0], [0, 0, 0], [0, 0, 1]])  # two snakes under Flow's rules
    one = np.array([[1, 0, 1], [2, 0, 2]])
    real = nl.deduce

    def fake(grid, **kw):
        d = real(grid, **kw)
        if np.array_equal(grid, two):
            return d.__class__(True, "forced", np.ones((3, 3), np.int16), (), False, 0)
        bad = nl.Step("region", 2, ((0, 1),))  # (0, 1) is on path 1
        return d.__class__(False, "search", None, (bad,), d.contradiction or kw["fill"], 0)

    monkeypatch.setattr(nl, "deduce", fake)
    with pytest.raises(AssertionError):
        check_deduction(two, True, True)
    with pytest.raises(AssertionError):
        check_deduction(one, True, True)  # the contradiction
    with pytest.raises(AssertionError):
        check_deduction(one, False, True)  # the step


@settings(max_examples=size(80, 1200), deadline=None)
@given(boards(), st.sampled_from(RULES))
def test_deduce_against_enumeration(grid, rules) -> None:
    assume(check_deduction(grid, *rules) is not None)


def walked(rng, rows: int, cols: int, leave: float) -> np.ndarray:
    """A board with at least one solution: random self-avoiding walks laid until none fits, their
    ends the clues; a square left over (or, with chance ``leave``, one a walk would have taken)
    becomes solid, or stays empty in every other case."""
    n = rows * cols
    taken = np.zeros(n, bool)
    g = np.zeros(n, np.int16)
    k = 0
    for start in rng.permutation(n):
        if taken[start]:
            continue
        walk = [int(start)]
        taken[start] = True
        while True:
            x = walk[-1]
            r, c = divmod(x, cols)
            nbrs = [
                y
                for y, ok in (
                    (x - cols, r > 0),
                    (x + cols, r + 1 < rows),
                    (x - 1, c > 0),
                    (x + 1, c + 1 < cols),
                )
                if ok and not taken[y]
            ]
            if not nbrs or (len(walk) >= 2 and rng.random() < 0.2):
                break
            y = int(rng.choice(nbrs))
            taken[y] = True
            walk.append(y)
        if len(walk) < 2 or rng.random() < leave:
            g[walk] = -1 if len(walk) < 2 else 0
            continue
        k += 1
        g[walk[0]] = g[walk[-1]] = k
    return g.reshape(rows, cols)


def random_board(seed: int) -> np.ndarray:
    """Up to 6x6: random pairs and solids (mostly no solution), or laid walks (at least one)."""
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 7)), int(rng.integers(2, 7))
    if seed % 2:
        return walked(rng, rows, cols, 0.1)
    n = rows * cols
    g = np.zeros(n, np.int16)
    cells = rng.permutation(n)
    pairs = int(rng.integers(1, min(6, n // 2) + 1))
    for k in range(pairs):
        g[cells[2 * k]] = g[cells[2 * k + 1]] = k + 1
    g[cells[2 * pairs : 2 * pairs + int(rng.integers(0, min(4, n - 2 * pairs) + 1))]] = -1
    return g.reshape(rows, cols)


@pytest.mark.parametrize("fill, touch", RULES)
def test_deduce_against_enumeration_on_seeds(fill: bool, touch: bool) -> None:
    verdicts: dict[tuple[bool, bool], int] = {}
    for seed in range(size(40, 3000)):
        verdict = check_deduction(random_board(seed), fill, touch)
        if verdict is not None:
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
    assert {(True, False), (False, True)} <= set(verdicts), verdicts


# Published puzzles (read in place, never copied): each puzzle deduction solves must have exactly
# that one solution in the SAT model, and none when it finds a contradiction.
PUBLISHED_RULES = {"flow": (True, True), "no-touch": (True, False), "nikoli": (False, False)}
# known second solutions: Janko's four 14x24 with 15 pairs under Flow's rules, 155 even without
# touching (tests/numberlink/test_numberlink_puzzles.py counts them with the complete solver)
NOT_UNIQUE = {("janko", "flow"): {147, 168, 188, 218}, ("janko", "no-touch"): {155}}


def published(name: str) -> list[nl.Puzzle]:
    if name == "janko":
        return list(nl.read_puzzles(PUZZLES / "thomasahle" / "janko"))
    if name == "flow":
        paths = sorted((PUZZLES / "flow_solver").glob("*.txt"))
        return [nl.Puzzle.from_text(p.read_text()) for p in paths]
    folder = PUZZLES / "generated_gen_py"
    return [p for n in (5, 7, 10, 12, 15) for p in nl.read_puzzles(folder / f"gen_{n}.txt")]


def published_case(name: str, rules: str, quick: bool = False):
    marks = [] if quick else [pytest.mark.slow]
    return pytest.param(name, rules, marks=marks, id=f"{name}-{rules}")


@pytest.mark.shared_puzzles
@pytest.mark.parametrize(
    "name, rules",
    [
        published_case(n, r, quick=(n, r) == ("flow", "no-touch"))
        for n in ("flow", "gen_py", "janko")
        for r in PUBLISHED_RULES
    ],
)
def test_published_puzzles_against_sat(name: str, rules: str) -> None:
    fill, touch = PUBLISHED_RULES[rules]
    solved = 0
    for i, p in enumerate(published(name)):
        # deduce's default budget (WORK_PER_SQUARE units a square): every puzzle solved without a
        # budget takes less (the most, Janko 113 without touching, 95,000 a square), and the
        # stalled 25x25 and 20x36 ones stop within a second (docs/benchmarks.md)
        d = nl.deduce(p.grid, fill=fill, touch=touch, record=False)
        if d.solved:
            solved += 1
            assert i not in NOT_UNIQUE.get((name, rules), ()), (name, i, rules)
            sols = sat_solutions(p.grid, fill=fill, touch=touch, limit=2)
            assert len(sols) == 1, (name, i, rules)
            assert np.array_equal(sols[0], d.solution), (name, i, rules)
        elif d.contradiction:
            assert sat_solutions(p.grid, fill=fill, touch=touch, limit=1) == [], (name, i, rules)
    assert solved
