"""Other people's formats (issue 11): the DA Symposium contest's problem and answer files and
puzz.link URLs, read and written; hand-decoded examples, round trips, clear errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.numberlink as nl

CONTEST = """SIZE 6X4
LINE_NUM 3
LINE#1 (0,0)-(5,3)
LINE#2 (1,1)-(4,1)
LINE#3 (2,2)-(0,3)
"""


def test_contest_problem_by_hand():
    p = nl.parse_contest(CONTEST)
    want = np.zeros((4, 6), np.int16)
    want[0, 0] = want[3, 5] = 1  # (x, y): x is the column
    want[1, 1] = want[1, 4] = 2
    want[3, 0] = want[2, 2] = 3
    assert np.array_equal(p.grid, want) and (p.fill, p.touch) == (False, False)
    assert nl.contest_text(p) == CONTEST
    assert nl.parse_puzzles(CONTEST).__next__() == p  # parse_puzzles recognises the format


def test_contest_answer_is_a_checked_solution():
    p = nl.parse_contest(CONTEST)
    (sol,) = nl.solve(p.grid, fill=False, limit=1)
    text = nl.contest_text(nl.Puzzle(p.grid, sol, fill=False), solution=True)
    lines = text.splitlines()
    assert lines[0] == "SIZE 6X4" and len(lines) == 5
    back = np.array([[int(v) for v in ln.split(",")] for ln in lines[1:]], np.int16)
    assert np.array_equal(back, sol) and nl.check(p.grid, back, fill=False)


@pytest.mark.parametrize(
    "text,words",
    [
        ("SIZE 4X4X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(3,3,2)\n", ["2 layers", "one layer"]),
        ("LINE_NUM 1\nLINE#1 (0,0)-(1,1)\n", ["no SIZE"]),
        ("SIZE 3X3\nLINE_NUM 2\nLINE#1 (0,0)-(1,1)\n", ["LINE_NUM says 2"]),
        ("SIZE 3X3\nLINE#1 (0,0)-(3,1)\n", ["off the 3x3 board"]),
        ("SIZE 3X3\nLINE#1 (0,0)-(1,1)\nLINE#2 (1,1)-(2,2)\n", ["already taken"]),
        ("SIZE 3X3\nLINE#2 (0,0)-(1,1)\n", ["numbered 1 to 1"]),
        ("SIZE 3X3\nVIA#a (0,0,1)-(0,0,2)\n", ["line 2", "expected SIZE"]),
        ("SIZE 0X3\n", ["out of range"]),
    ],
)
def test_contest_errors(text, words):
    with pytest.raises(ValueError) as info:
        nl.parse_contest(text, source="q.txt")
    for w in words:
        assert w in str(info.value)


def test_puzzlink_by_hand():
    # 3 x 2: row 0 is "1 . 2", row 1 is ". 2 1"; g is a run of one empty square
    p = nl.parse_puzzlink("https://puzz.link/p?numlin/3/2/1g2g21")
    assert p.grid.tolist() == [[1, 0, 2], [0, 2, 1]] and not p.fill
    assert nl.puzzlink_url(p) == "https://puzz.link/p?numlin/3/2/1g2g21"
    # runs longer than 20 squares take several letters; numbers past 15 take '-' and two digits
    q = nl.parse_puzzlink("http://pzv.jp/p.html?numlin/25/1/-10zi-10")  # 16, 23 empty, 16
    assert q.grid[0, 0] == q.grid[0, 24] == 1 and (q.grid[0, 1:24] == 0).all()


def _boards():
    @st.composite
    def board(draw):
        rows, cols = draw(st.integers(1, 9)), draw(st.integers(2, 40))
        n = rows * cols
        k = draw(st.integers(1, n // 2))
        cells = draw(st.permutations(range(n)))[: 2 * k]
        g = np.zeros(n, np.int16)
        for i in range(k):
            g[cells[2 * i]] = g[cells[2 * i + 1]] = i + 1
        return g.reshape(rows, cols)

    return board()


@settings(max_examples=60, deadline=None)
@given(grid=_boards())
def test_round_trips(grid):
    p = nl.Puzzle(grid, fill=False)
    assert np.array_equal(nl.parse_contest(nl.contest_text(p)).grid, grid)
    q = nl.parse_puzzlink(nl.puzzlink_url(p))
    # the URL keeps the numbers; reading renumbers them by first appearance
    first = {}
    for v in grid.ravel():
        if v > 0:
            first.setdefault(int(v), len(first) + 1)
    assert np.array_equal(q.grid, np.vectorize(lambda v: first.get(int(v), 0))(grid))


def test_puzzlink_wide_numbers():
    g = np.zeros((1, 2 * 300), np.int16)
    g[0, 0::2] = g[0, 1::2] = np.arange(1, 301)  # numbers up to 300: '-', '+' forms
    url = nl.puzzlink_url(nl.Puzzle(g, fill=False))
    assert "-10" in url and "+12c" in url
    assert np.array_equal(nl.parse_puzzlink(url).grid, g)


@pytest.mark.parametrize(
    "url,word",
    [
        ("https://puzz.link/p?slither/3/3/abc", "not a puzz.link Numberlink"),
        ("https://puzz.link/p?numlin/3/1/1.1", "'?' square"),
        ("https://puzz.link/p?numlin/3/1/1g2", "exactly two"),
        ("https://puzz.link/p?numlin/2/1/111", "past the 2x1 board"),
        ("https://puzz.link/p?numlin/3/1/1-z1", "bad number"),
        ("https://puzz.link/p?numlin/3/1/1#1", "not a puzz.link"),
    ],
)
def test_puzzlink_errors(url, word):
    with pytest.raises(ValueError, match=word):
        nl.parse_puzzlink(url)


def test_solid_squares_cannot_be_written():
    p = nl.Puzzle([[1, -1, 1]])
    for fn in (nl.contest_text, nl.puzzlink_url):
        with pytest.raises(ValueError, match="solid"):
            fn(p)
    with pytest.raises(TypeError, match="puzzle"):
        nl.contest_text(p.grid)


def test_url_file_names_its_line(tmp_path):
    f = tmp_path / "urls.txt"
    f.write_text("https://puzz.link/p?numlin/3/2/1g2g21\nhttps://puzz.link/p?numlin/3/1/1g2\n")
    it = nl.read_puzzles(f)
    assert next(it).numbers == 2
    with pytest.raises(ValueError, match="urls.txt: line 2"):
        next(it)


# A contest board of three layers joined by two vias (the 2016 format; layers from 1)
LAYERS = """SIZE 10X5X3
LINE_NUM 4
LINE#1 (0,0,1) (7,4,1)
LINE#2 (0,4,1) (7,0,2)
LINE#3 (1,2,1) (2,2,1)
LINE#4 (9,0,1) (0,0,3)

VIA#a (4,2,1) (4,2,2)
VIA#zz (9,4,3) (9,4,2) (9,4,1)
"""


def _answer_grid(text):
    """The answer text read back as (layers, rows, cols), independently of trapcore."""
    lines = text.splitlines()
    w, h, d = (int(v) for v in lines[0].split()[1].split("X"))
    rows = [ln for ln in lines[1:] if not ln.startswith("LAYER")]
    return np.array([[int(v) for v in r.split(",")] for r in rows]).reshape(d, h, w)


def _contest_check(grid, ends, vias):
    """The contest's rule, checked from coordinates alone: every line's squares form one chain
    from end to end (ends: one same-numbered neighbour, inner squares: two), moving between
    layers only inside a via (vias=None: anywhere)."""
    d, h, w = grid.shape
    via_of = {sq: i for i, v in enumerate(vias or []) for sq in v}

    def nbrs(z, y, x):
        for dz, dy, dx in ((0, 0, 1), (0, 0, -1), (0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0)):
            q = (z + dz, y + dy, x + dx)
            if not (0 <= q[0] < d and 0 <= q[1] < h and 0 <= q[2] < w):
                continue
            if (
                dz
                and vias is not None
                and not ((z, y, x) in via_of and via_of.get(q) == via_of[(z, y, x)])
            ):
                continue
            yield q

    for k, (a, b) in ends.items():
        squares = {tuple(int(i) for i in p) for p in np.argwhere(grid == k)}
        assert a in squares and b in squares
        for sq in squares:
            same = sum(q in squares for q in nbrs(*sq))
            assert same == (1 if sq in (a, b) else 2), (k, sq, same)
        seen, todo = {a}, [a]  # one chain: everything reached from a
        while todo:
            for q in nbrs(*todo.pop()):
                if q in squares and q not in seen:
                    seen.add(q)
                    todo.append(q)
        assert seen == squares


ENDS = {
    1: ((0, 0, 0), (0, 4, 7)),
    2: ((0, 4, 0), (1, 0, 7)),
    3: ((0, 2, 1), (0, 2, 2)),
    4: ((0, 0, 9), (2, 0, 0)),
}
VIAS = [[(0, 2, 4), (1, 2, 4)], [(0, 4, 9), (1, 4, 9), (2, 4, 9)]]


@pytest.mark.parametrize("with_vias", [True, False])
def test_contest_board_of_layers_solved_and_answered(with_vias):
    text = LAYERS if with_vias else LAYERS.split("\n\n")[0]
    board = nl.parse_contest_board(text)
    assert board.shape == (3, 5, 10) and (board.fill, board.touch) == (False, False)
    for k, pair in ENDS.items():
        for sq in pair:
            assert board.values[board.cells[sq]] == k
    (sol,) = board.solve(limit=1)
    assert board.check(sol)
    grid = _answer_grid(nl.contest_answer(board, sol))
    assert np.array_equal(grid, np.maximum(board.to_grid(sol), 0))
    _contest_check(grid, ENDS, VIAS if with_vias else None)


def test_contest_board_vias_are_the_only_way_between_layers():
    board = nl.parse_contest_board(LAYERS)
    cells = board.cells
    vertical = set()
    for u, row in enumerate(board.neighbours):
        for v in row[row >= 0]:
            (zu, yu, xu), zv = np.argwhere(cells == u)[0], np.argwhere(cells == v)[0][0]
            if zu != zv:
                vertical.add((int(zu), int(yu), int(xu)))
    assert vertical == {sq for via in VIAS for sq in via}
    flat = nl.parse_contest_board(LAYERS.split("\n\n")[0])  # 2017 on: every square, up and down
    assert (flat.neighbours >= 0).sum() == 2 * (3 * (5 * 9 + 4 * 10) + 2 * 50)


def test_contest_board_answer_of_one_layer_matches_contest_text():
    board = nl.parse_contest_board(CONTEST)
    (sol,) = board.solve(limit=1)
    lines = nl.contest_answer(board, sol).splitlines()
    assert lines[0] == "SIZE 6X4" and len(lines) == 5
    p = nl.parse_contest(CONTEST)
    back = np.array([[int(v) for v in ln.split(",")] for ln in lines[1:]], np.int16)
    assert nl.check(p.grid, back, fill=False, touch=False)


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        (LAYERS.replace("(4,2,2)", "(5,2,2)"), ["vias[0]", "VIA#a"]),
        (LAYERS.replace("VIA#a (4,2,1)", "VIA#a (0,0,1)"), ["VIA#a uses (0,0,1), already taken"]),
        (LAYERS.replace("(9,4,3) (9,4,2)", "(9,4,4) (9,4,2)"), ["off the 10x5x3 board"]),
        (LAYERS.replace("LINE#3 (1,2,1) (2,2,1)", "LINE#3 (1,2) (2,2,1)"), ["mixes"]),
        (LAYERS.replace("VIA#zz", "VIA"), ["expected SIZE"]),
    ],
)
def test_contest_board_errors_say_what(text, needles):
    with pytest.raises(ValueError) as exc:
        nl.parse_contest_board(text, source="q.txt")
    for needle in needles:
        assert needle in str(exc.value)


def test_contest_layers_refused_by_parse_contest_with_the_way_out():
    with pytest.raises(ValueError, match="parse_contest_board"):
        nl.parse_contest(LAYERS)


def test_cli_solves_a_board_of_layers(tmp_path, capsys):
    from trapcore.cli import main

    path = tmp_path / "q.txt"
    path.write_text(LAYERS)
    assert main(["numberlink", "solve", str(path)]) == 0
    out = capsys.readouterr().out
    head, _, answer = out.partition("\n")
    assert head == "# 10 x 5 x 3, 1 solution (--limit 1: not checked for others)"
    _contest_check(_answer_grid(answer), ENDS, VIAS)
    path.write_text(
        LAYERS.replace("LINE#3 (1,2,1) (2,2,1)", "LINE#3 (1,2,1) (2,2,3)").replace(
            "VIA#a (4,2,1) (4,2,2)\n", ""
        )
    )
    assert main(["numberlink", "solve", str(path)]) == 1  # line 3 cannot reach layer 3
    assert "no solution" in capsys.readouterr().out


def test_cli_routes_a_contest_problem(tmp_path, capsys):
    """A contest problem of one layer asks for a route: ``solve`` looks for one solution unless
    --limit says otherwise, and prints it (the contest's checker's twin accepts it)."""
    from reference.numberlink_contest import accepts
    from trapcore.cli import main

    path = tmp_path / "q.txt"
    path.write_text(CONTEST)
    assert main(["numberlink", "solve", str(path)]) == 0
    head, _, text = capsys.readouterr().out.partition("\n")
    assert head == "# puzzle 1: 6 x 4, 1 solution (--limit 1: not checked for others)"
    rules, size, *rows = text.splitlines()
    assert rules == "# rules: fill=false touch=false" and size == "6 4"
    grid = np.array([[0 if ch == "." else int(ch) for ch in row] for row in rows])
    assert accepts(CONTEST, _any_answer(grid))
    assert main(["numberlink", "solve", str(path), "--limit", "2"]) == 0
    assert capsys.readouterr().out.startswith("# puzzle 1: 6 x 4, at least 2 solutions")


# The contest's own checker's rules, in an independent twin (tests/reference/numberlink_contest.py)


def _answer(p, sol):
    """trapcore's answer text of a solution."""
    return nl.contest_text(nl.Puzzle(p.grid, sol, fill=False), solution=True)


def _no_touch(solution):
    """Whether no path of ``solution`` runs beside itself (checked by the twin of the rules)."""
    from reference.numberlink_rules import _touches

    for k in np.unique(solution[solution > 0]):
        squares = {tuple(map(int, rc)) for rc in np.argwhere(solution == k)}
        start = next((sq for sq in squares if sum(_step(sq, q) for q in squares) == 1), None)
        if start is None:  # (both ends beside their own path)
            return False
        path, seen = [start], {start}
        while nxt := [q for q in squares if q not in seen and _step(path[-1], q)]:
            path.append(nxt[0])
            seen.add(nxt[0])
        if len(path) != len(squares) or _touches(path):
            return False
    return True


def _around(r, c, n):
    return [
        (r + dr, c + dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _step(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _any_answer(grid):
    """The answer text of any grid of numbers, solution or not."""
    rows = [",".join(str(int(v)) for v in row) for row in grid]
    return "\n".join([f"SIZE {grid.shape[1]}X{grid.shape[0]}", *rows]) + "\n"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(5, 9), cuts=st.integers(0, 3))
def test_the_contests_checker_agrees_with_check(seed, n, cuts):
    """On contest problems made from generated puzzles (fill or not), on the generator's
    solutions (under the touch rules their paths may run beside themselves), and on solutions
    with squares changed at random, the contest's checker (its twin, which reads the texts) and
    ``check(fill=False, touch=False)`` accept the same answers; ``solve`` for one solution gives
    an answer the contest accepts."""
    from reference.numberlink_contest import accepts

    rng = np.random.default_rng(seed)
    made = nl.generate(n, seed=seed, unique=False, touch=bool(seed % 2), fill=bool(seed % 3))
    g = np.where(made.grid < 0, 0, made.grid).astype(np.int16)
    p = nl.Puzzle(g, fill=False, touch=False)
    problem = nl.contest_text(p)
    (sol,) = nl.solve(g, fill=False, touch=False, limit=1)
    assert accepts(problem, _answer(p, sol))
    generated = np.where(made.solution < 0, 0, made.solution)
    assert accepts(problem, _any_answer(generated)) == _no_touch(made.solution)
    # a stub: an empty square beside a path joins it (a branch, or a path beside itself)
    for r, c in np.argwhere(sol == 0)[rng.permutation(int((sol == 0).sum()))]:
        beside = [sol[q] for q in _around(r, c, n) if sol[q] > 0]
        if beside:
            stub = sol.copy()
            stub[r, c] = beside[0]
            assert not accepts(problem, _any_answer(stub))
            with pytest.raises(ValueError):
                nl.check(g, stub, fill=False, touch=False)
            break
    changed = sol.copy()
    for _ in range(cuts + 1):
        r, c = rng.integers(0, n, size=2)
        changed[r, c] = rng.integers(0, g.max() + 1)
    changed[g > 0] = g[g > 0]  # the ends keep their numbers (else the answer is no solution)
    try:
        want = nl.check(g, changed, fill=False, touch=False)
    except ValueError:  # check names the broken rule
        want = False
    assert accepts(problem, _any_answer(changed)) == want


def test_the_contests_checker_rejects_what_the_rules_forbid():
    from reference.numberlink_contest import accepts, quality

    problem = "SIZE 4X3\nLINE_NUM 2\nLINE#1 (0,0)-(3,0)\nLINE#2 (0,2)-(3,2)\n"
    good = "SIZE 4X3\n1,1,1,1\n0,0,0,0\n2,2,2,2\n"
    assert accepts(problem, good) and quality(good) == 1 / 8
    bent = "SIZE 4X3\n1,0,0,1\n1,1,1,1\n2,2,2,2\n"  # 1 runs beside 2: allowed; 2 corners
    assert accepts(problem, bent) and quality(bent) == 1 / (10 + 2)
    for bad in (
        "SIZE 4X3\n1,1,0,1\n0,0,0,0\n2,2,2,2\n",  # broken line
        "SIZE 4X3\n1,1,1,1\n0,1,0,0\n2,2,2,2\n",  # a branch
        "SIZE 4X3\n1,1,1,1\n1,1,1,1\n2,2,2,2\n",  # the line runs beside itself
        "SIZE 4X3\n1,1,1,1\n0,0,0,0\n2,2,2,3\n",  # no line 3
        "SIZE 4X3\n1,1,1,1\n0,0,0,1\n2,2,2,2\n",  # a stray square of line 1
        "SIZE 4X3\n0,0,0,0\n0,0,0,0\n0,0,0,0\n",  # nothing
    ):
        assert not accepts(problem, bad), bad


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    fill=st.booleans(),
    touch=st.booleans(),
    limit=st.sampled_from([1, 2]),
)
def test_a_board_of_one_layer_is_solved_as_its_grid(seed, fill, touch, limit):
    """A board of one layer (the contest's boards of 2015 in the formats from 2016 on) is a grid
    puzzle, and is solved by the grid's searches: the same solutions as the grid's (laid out
    node by node), each a solution of the board by its own checker and of the grid by the rules'
    twin; with two layers the board's own searches still answer."""
    from reference.numberlink_rules import is_solution

    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 8))
    g = nl.generate(n, seed=seed, unique=False, fill=fill, touch=touch).grid
    g = np.where(g < 0, 0, g).astype(np.int16)
    board = nl.layered_board(g[None], fill=fill, touch=touch)
    sols = board.solve(limit=limit)
    on_grid = nl.solve(g, fill=fill, touch=touch, limit=limit)
    assert sols.method == on_grid.method and len(sols) == len(on_grid)
    for labels, s in zip(sols, on_grid, strict=True):
        assert labels.shape == (n * n,) and np.array_equal(labels, s.ravel())
        assert board.check(labels) and is_solution(
            g, board.to_grid(labels)[0], fill=fill, touch=touch
        )
    two = nl.layered_board(np.stack([g, np.zeros_like(g)]), fill=False, touch=touch)
    assert two.solve(limit=1).method in ("router", "colours")
