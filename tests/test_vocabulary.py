"""One word, one meaning, one default (issue 26): every parameter of every public signature is a
word of the glossary (docs/glossary.md, read here, so the two cannot drift), the old spellings
the glossary lists warn with a DeprecationWarning naming the new one and give the same result,
and solve, hint, SolverPlayer and CatGame take the same policies with the same default."""

from __future__ import annotations

import enum
import importlib
import inspect
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import trapcore as tc
from trapcore import _renamed
from trapcore.cat import players

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"

#: The public modules whose ``__all__`` the walk covers (the extras when they are installed).
MODULES = [
    "trapcore",
    "trapcore.errors",
    "trapcore.cat",
    "trapcore.cat.hexgrid",
    "trapcore.maze",
    "trapcore.numberlink",
    "trapcore.envs",
    "trapcore.envs.trap_the_cat_v0",
    "trapcore.datasets",
]
#: Public callables outside an ``__all__`` whose options users pass: MazeEnv's and
#: MazeVectorEnv's ``**options`` are maze_config's.
EXTRA = ["trapcore.envs.maze:maze_config"]

# one row of a glossary table: | `word` | type | default | means | old spellings |; in the last
# column every name in backticks is an old spelling (a qualifier stays plain text)
_ROW = re.compile(r"^\|\s*`(?P<word>[A-Za-z_][A-Za-z0-9_]*)`\s*\|(?P<rest>.*)\|\s*$")


def glossary() -> dict[str, list[str]]:
    """``{word: [old spellings]}`` from the glossary page's tables."""
    words: dict[str, list[str]] = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in m["rest"].split("|")]
        assert len(cells) == 4, f"glossary row needs 5 columns: {line}"
        assert m["word"] not in words, f"{m['word']} is in the glossary twice"
        words[m["word"]] = re.findall(r"`([^`]+)`", cells[3])
    return words


def _modules() -> Iterator[Any]:
    for name in MODULES:
        try:
            yield importlib.import_module(name)
        except ImportError:  # an extra that is not installed (the quick run without "rl")
            continue


def _own_signature(obj: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):  # a builtin with no signature
        return None


def public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public callable: each name of each module's ``__all__`` (classes: the class, its
    public methods and properties' setters, not the ones inherited from outside trapcore)."""
    seen: set[int] = set()
    for mod in _modules():
        for name in mod.__all__:
            obj = getattr(mod, name)
            where = f"{mod.__name__}.{name}"
            if inspect.ismodule(obj) or id(obj) in seen:
                continue
            seen.add(id(obj))
            if inspect.isclass(obj):
                if issubclass(obj, (enum.Enum, BaseException)):
                    continue  # the enum's and the exception's constructors are Python's
                yield where, obj
                for klass in obj.__mro__:
                    if not klass.__module__.startswith("trapcore"):
                        continue
                    for attr, value in vars(klass).items():
                        if attr.startswith("_") and attr != "__call__":
                            continue
                        if isinstance(value, (staticmethod, classmethod)):
                            value = value.__func__
                        if inspect.isfunction(value):
                            yield f"{where}.{attr}", value
            elif callable(obj):
                yield where, obj
    for spec in EXTRA:
        module, _, attr = spec.partition(":")
        try:
            yield spec, getattr(importlib.import_module(module), attr)
        except ImportError:
            continue


def parameters() -> Iterator[tuple[str, str]]:
    """``(where, parameter name)`` of every public signature."""
    for where, fn in public_callables():
        sig = _own_signature(fn)
        if sig is None:
            continue
        for p in sig.parameters.values():
            if p.name in ("self", "cls") or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
                continue  # **options and **kwargs are passed on to a signature walked itself
            yield where, p.name


def test_the_walk_sees_the_api():
    """The walk is not empty and finds what it must (a test that cannot fail is a defect)."""
    found = {where for where, _ in public_callables()}
    for where in (
        "trapcore.cat.solve",
        "trapcore.cat.SolverPlayer",
        "trapcore.cat.SolverPlayer.hint",
        "trapcore.CatGame.hint",
        "trapcore.Maze.carve",
        "trapcore.numberlink.generate",
        "trapcore.datasets.CatSpec",
    ):
        assert where in found
    assert len(found) > 150


def test_every_public_parameter_is_a_glossary_word():
    words = glossary()
    assert len(words) > 60 and {"board", "cell", "cat", "policy", "seed"} <= set(words)
    strays = sorted({f"{where}({name}=)" for where, name in parameters() if name not in words})
    assert not strays, f"parameters the glossary does not define: {strays}"


def test_no_public_parameter_is_an_old_spelling():
    """An old spelling is in no signature, except where it is also a word of its own (``cell``,
    the old ``scale`` of the maze pictures): then not in the signatures that renamed it."""
    _ = list(public_callables())  # imports every module, so every decorator has registered
    words = glossary()
    old = {o for olds in words.values() for o in olds}
    bad = sorted(
        f"{where}({name}=)" for where, name in parameters() if name in old and name not in words
    )
    assert not bad, f"old spellings still in signatures: {bad}"
    fns = dict(public_callables())
    checked = 0
    for where, names in _renamed.RENAMED_ARGS.items():
        for fn in fns.values():
            if inspect.isclass(fn):
                fn = fn.__init__
            name = f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', '')}"
            if name == where:
                params = inspect.signature(fn).parameters
                assert not set(names) & set(params), (where, names)
                assert set(names.values()) <= set(params), (where, names)
                checked += 1
    assert checked >= len(_renamed.RENAMED_ARGS) - 1  # (the helper's own test adds one)


def test_the_glossary_lists_every_rename():
    """Each rename the code keeps (trapcore._renamed's registries) is an old spelling of its new
    word in the glossary, and each old spelling in the glossary is kept by the code."""
    _ = list(public_callables())  # imports every module, so every decorator has registered
    words = glossary()
    kept = {
        (old, new) for names in _renamed.RENAMED_ARGS.values() for old, new in names.items()
    } | {(old, new) for names in _renamed.RENAMED_ATTRS.values() for old, new in names.items()}
    listed = {(old, word) for word, olds in words.items() for old in olds}
    assert kept, "no rename registered"
    assert kept == listed


def test_the_glossary_page_is_in_the_docs():
    index = (GLOSSARY.parent / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^glossary$", index, re.M), "docs/index.md's toctree lists the glossary"


# -- old spellings: they warn, naming the new one, and give the same result -------------------


def _same(old: Callable[[], Any], new: Callable[[], Any], *, spelling: str, word: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new spelling does not warn
        want = new()
    with pytest.warns(DeprecationWarning) as caught:
        got = old()
    messages = [str(w.message) for w in caught if w.category is DeprecationWarning]
    assert any(spelling in m and f"use {word}" in m for m in messages), messages
    assert all(w.filename == __file__ for w in caught), "the warning points at the caller"
    if isinstance(want, np.ndarray):
        np.testing.assert_array_equal(got, want)
    else:
        assert got == want


def _board(game: tc.CatGame) -> tuple[bytes, tuple[int, int]]:
    return game.board.tobytes(), game.cat


OLD_SPELLINGS: dict[tuple[str, str], Callable[[], None]] = {}


def _case(old: str, new: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def add(fn: Callable[[], None]) -> Callable[[], None]:
        OLD_SPELLINGS[(old, new)] = fn
        return fn

    return add


@_case("max_tries", "max_attempts")
def _max_tries() -> None:
    _same(
        lambda: tc.cat.winnable_board(5, 5, 6, seed=3, max_nodes=5000, max_tries=50),
        lambda: tc.cat.winnable_board(5, 5, 6, seed=3, max_nodes=5000, max_attempts=50),
        spelling="max_tries=",
        word="max_attempts=",
    )
    _same(
        lambda: _board(tc.CatGame(5, 5, 6, seed=3, winnable=True, max_tries=50)),
        lambda: _board(tc.CatGame(5, 5, 6, seed=3, winnable=True, max_attempts=50)),
        spelling="max_tries=",
        word="max_attempts=",
    )
    with pytest.raises(TypeError, match="max_tries.*max_attempts"):
        tc.cat.winnable_board(5, 5, 6, max_tries=5, max_attempts=5)
    envs = pytest.importorskip("trapcore.envs")

    def episode(**kw: Any) -> bytes:
        env = envs.CatEnv(rows=5, cols=5, blocked=6, winnable=True, **kw)
        return env.reset(seed=4)[0].tobytes()

    _same(
        lambda: episode(max_tries=50),
        lambda: episode(max_attempts=50),
        spelling="max_tries=",
        word="max_attempts=",
    )


@_case("blocks", "blocked")
def _blocks() -> None:
    tds = pytest.importorskip("trapcore.datasets")
    _same(
        lambda: tds.CatSpec(7, 9, blocks=5),
        lambda: tds.CatSpec(7, 9, blocked=5),
        spelling="blocks=",
        word="blocked=",
    )
    spec = tds.CatSpec(7, 9, blocked=5)
    _same(lambda: spec.blocks, lambda: spec.blocked, spelling="blocks", word="CatSpec.blocked")
    _same(
        lambda: spec.replace(blocks=4),
        lambda: spec.replace(blocked=4),
        spelling="blocks=",
        word="blocked=",
    )
    # a spec 0.2 wrote (in a dataset's metadata) reads back without a warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        old = tds.spec_from_dict({"kind": "cat", "rows": 7, "cols": 9, "blocks": 5})
    assert old == spec and old.to_dict()["blocked"] == 5 and "blocks" not in old.to_dict()


def test_dataset_cli_old_blocks_option(tmp_path, capsys):
    """``trapcore dataset cat --blocks`` (0.2) still works, says its new spelling, and makes
    the same dataset as ``--blocked``; both at once is an error."""
    tds = pytest.importorskip("trapcore.datasets")
    pytest.importorskip("pyarrow")
    from trapcore.cli import main

    common = ["dataset", "cat", "--rows", "5", "--cols", "5", "-n", "4", "--seed", "2"]
    assert main([*common, "--blocked", "6", "-o", str(tmp_path / "new")]) == 0
    assert "deprecated" not in capsys.readouterr().err
    assert main([*common, "--blocks", "6", "-o", str(tmp_path / "old")]) == 0
    assert "--blocks is deprecated, use --blocked" in capsys.readouterr().err
    new, old = tds.read(tmp_path / "new"), tds.read(tmp_path / "old")
    np.testing.assert_array_equal(new["board"], old["board"])
    assert int(new["board"][0].sum()) == 6
    assert main([*common, "--blocks", "6", "--blocked", "6", "-o", str(tmp_path / "x")]) == 2
    assert "give --blocked only" in capsys.readouterr().err


def _env_shape(env: Any) -> tuple[int, int]:
    where = getattr(env, "config", env)  # MazeEnv keeps its options in .config
    return where.rows, where.cols


def test_envs_take_rows_and_cols():
    """The environments take the API's ``rows`` and ``cols``; ``size`` (the glossary's
    shorthand) gives the same env, and both at once is an error."""
    envs = pytest.importorskip("trapcore.envs")
    for make, rows, cols in (
        (envs.CatEnv, 5, 7),
        (envs.NumberlinkEnv, 4, 6),
        (envs.MazeEnv, 3, 8),
        (envs.trap_the_cat_v0.raw_env, 5, 6),
    ):
        a, b = make(rows=rows, cols=cols), make(size=(rows, cols))
        assert _env_shape(a) == _env_shape(b) == (rows, cols)
        if hasattr(a, "observation_space") and not callable(a.observation_space):
            assert a.observation_space == b.observation_space
        with pytest.raises(ValueError, match="rows and cols or as size"):
            make(rows=rows, size=rows)
    assert envs.CatEnv(rows=6).cols == 11  # each has its own default, as in the API


@_case("neighbors", "neighbours")
def _neighbors() -> None:
    from trapcore.cat import hexgrid

    _same(
        lambda: hexgrid.neighbors((2, 2), (5, 5)),
        lambda: hexgrid.neighbours((2, 2), (5, 5)),
        spelling="hexgrid.neighbors",
        word="trapcore.cat.hexgrid.neighbours",
    )
    with pytest.raises(AttributeError):
        hexgrid.neighbourz  # noqa: B018  # other names are still errors


@_case("cell", "scale")
def _cell() -> None:
    m = tc.Maze.carve(4, 5, seed=1)
    _same(
        lambda: m.to_svg(cell=7, path=m.solve()),
        lambda: m.to_svg(scale=7, path=m.solve()),
        spelling="cell=",
        word="scale=",
    )
    pytest.importorskip("PIL")
    _same(
        lambda: np.asarray(m.to_image(cell=6, wall=2)),
        lambda: np.asarray(m.to_image(scale=6, wall=2)),
        spelling="cell=",
        word="scale=",
    )


@_case("path", "file")
def _path_file() -> None:
    import tempfile

    nl = tc.numberlink
    puzzle = nl.generate(5, seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _same(
            lambda: nl.write_puzzles(path=folder / "old.txt", puzzles=[puzzle]),
            lambda: nl.write_puzzles(file=folder / "new.txt", puzzles=[puzzle]),
            spelling="path=",
            word="file=",
        )
        assert (folder / "old.txt").read_text() == (folder / "new.txt").read_text()
        _same(
            lambda: [p.grid.tobytes() for p in nl.read_puzzles(path=folder / "old.txt")],
            lambda: [p.grid.tobytes() for p in nl.read_puzzles(file=folder / "old.txt")],
            spelling="path=",
            word="file=",
        )
        _same(
            lambda: tc.Puzzle.from_file(path=folder / "old.txt").grid.tobytes(),
            lambda: tc.Puzzle.from_file(file=folder / "old.txt").grid.tobytes(),
            spelling="path=",
            word="file=",
        )
        tds = pytest.importorskip("trapcore.datasets")
        batch = tds.generate(tds.MazeSpec(4, 4), 3, seed=1)
        _same(
            lambda: tds.write_npz(batch, path=folder / "old.npz").name,
            lambda: tds.write_npz(batch, file=folder / "new.npz").name.replace("new", "old"),
            spelling="path=",
            word="file=",
        )
        _same(
            lambda: tds.read(path=folder / "old.npz")["doors"],
            lambda: tds.read(file=folder / "new.npz")["doors"],
            spelling="path=",
            word="file=",
        )


@_case("path", "directory")
def _path_directory() -> None:
    import tempfile

    tds = pytest.importorskip("trapcore.datasets")
    pytest.importorskip("pyarrow")
    with tempfile.TemporaryDirectory() as tmp:
        info = tds.write_parquet(tds.MazeSpec(4, 4), 6, 1, Path(tmp) / "d")
        _same(
            lambda: tds.verify(path=Path(tmp) / "d").content_hash,
            lambda: tds.verify(directory=Path(tmp) / "d").content_hash,
            spelling="path=",
            word="directory=",
        )
        assert tds.verify(Path(tmp) / "d").content_hash == info.content_hash


@_case("Board", "Puzzle")
def _board_class() -> None:
    nl = tc.numberlink
    ring = [[1, 5], [0, 2], [1, 3], [2, 4], [3, 5], [4, 0]]

    def old() -> int:
        return int(nl.Board([1, 0, 0, 1, 0, 0], ring, fill=False).count())

    _same(
        old,
        lambda: nl.Puzzle.from_graph([1, 0, 0, 1, 0, 0], ring, fill=False).count(),
        spelling="numberlink.Board",
        word="trapcore.numberlink.Puzzle",
    )


@_case("MAX_SOLVE_CELLS", "LIMITS")
@_case("MAX_GENERATE_CELLS", "LIMITS")
@_case("MAX_MAZE_CELLS", "LIMITS")
@_case("MAX_BATCH_CELLS", "LIMITS")
@_case("MAX_WORKERS", "LIMITS")
@_case("MAX_PIXELS", "LIMITS")
@_case("MAX_TEXT_CELLS", "LIMITS")
@_case("MAX_SVG_CELLS", "LIMITS")
@_case("DEFAULT_NODES", "LIMITS")
@_case("SOLVER_PLAYER_NODES", "LIMITS")
@_case("SOLVER_CAT_NODES", "LIMITS")
@_case("MAX_SOLVE_WORKERS", "LIMITS")
@_case("BATCH", "LIMITS")
def _limits() -> None:
    """Each package's limits are one named tuple's fields; the old names give the same ints."""
    for package, fields in (
        (tc.numberlink, {"MAX_SOLVE_CELLS": "solve_cells", "MAX_GENERATE_CELLS": "generate_cells"}),
        (
            tc.maze,
            {
                "MAX_MAZE_CELLS": "maze_cells",
                "MAX_BATCH_CELLS": "batch_cells",
                "MAX_WORKERS": "workers",
                "MAX_PIXELS": "pixels",
                "MAX_TEXT_CELLS": "text_cells",
                "MAX_SVG_CELLS": "svg_cells",
            },
        ),
        (
            tc.cat,
            {
                "DEFAULT_NODES": "solve_nodes",
                "SOLVER_PLAYER_NODES": "player_nodes",
                "SOLVER_CAT_NODES": "cat_nodes",
                "MAX_SOLVE_WORKERS": "workers",
                "BATCH": "batch_games",
            },
        ),
    ):
        for old, field in fields.items():
            _same(
                lambda package=package, old=old: getattr(package, old),
                lambda package=package, field=field: getattr(package.LIMITS, field),
                spelling=f"{package.__name__.split('.')[-1]}.{old}",
                word=f"{package.__name__}.LIMITS",
            )
    assert tc.numberlink.LIMITS == (1 << 22, 4900) and tc.maze.LIMITS.maze_cells == 1 << 26
    assert tc.cat.LIMITS == (200_000, 2_000, 2_000, 64, 256)
    # the defaults the fields name are the signatures' own
    assert inspect.signature(tc.cat.solve).parameters["max_nodes"].default == 200_000
    assert inspect.signature(tc.cat.SolverPlayer).parameters["max_nodes"].default == 2_000
    assert inspect.signature(tc.cat.SolverCat).parameters["max_nodes"].default == 2_000


@_case("model_of", "_model_of")
@_case("batch_generators", "_batch_generators")
def _private_helpers() -> None:
    """The two helpers are private; the old names (the package's and their module's) warn and
    are the same functions."""
    from trapcore.cat import players, simulation

    for module, old, new in (
        (tc.cat, "model_of", players._model_of),
        (players, "model_of", players._model_of),
        (tc.cat, "batch_generators", simulation._batch_generators),
        (simulation, "batch_generators", simulation._batch_generators),
    ):
        _same(
            lambda module=module, old=old: getattr(module, old),
            lambda new=new: new,
            spelling=f"{module.__name__}.{old}",
            word=f"{module.__name__}._{old}",
        )
        assert old not in module.__all__
    policies = ("bfs", "rays", "smart", "hard", "optimal")
    assert [players._model_of(p) for p in policies] == [
        "bfs",
        "rays",
        "optimal",
        "optimal",
        "optimal",
    ]
    gens = simulation._batch_generators(300, seed=4)
    assert [n for _, n in gens] == [256, 44]


@_case("board_to_text", "render_board")
def _board_to_text() -> None:
    """board_to_text is render_board(numbers=False) plus a final newline (the byte-for-byte check
    on many boards is tests/cat/test_cat_formats.py's)."""
    from trapcore.cat import formats

    board = tc.cat.hexgrid.random_board(7, 9, 12, seed=3, keep_free=(3, 4))
    for module in (tc.cat, formats):
        for layout in ("even-r", "odd-r"):
            for style in ("drawing", "digits"):
                _same(
                    lambda module=module, layout=layout, style=style: module.board_to_text(
                        board, (3, 4), layout=layout, style=style
                    ),
                    lambda layout=layout, style=style: (
                        tc.cat.render_board(
                            board, (3, 4), numbers=False, layout=layout, style=style
                        )
                        + "\n"
                    ),
                    spelling=f"{module.__name__}.board_to_text",
                    word=f"{module.__name__}.render_board",
                )
        assert "board_to_text" not in module.__all__


@_case("CLOSED", "DoorState")
@_case("OPEN", "DoorState")
@_case("LOCKED", "DoorState")
def _door_states() -> None:
    for old in ("CLOSED", "OPEN", "LOCKED"):
        _same(
            lambda old=old: getattr(tc.maze, old),
            lambda old=old: getattr(tc.maze.DoorState, old),
            spelling=f"maze.{old}",
            word="trapcore.maze.DoorState",
        )
    assert [int(s) for s in tc.maze.DoorState] == [0, 1, 3]


@_case("board", "puzzle")
def _board_argument() -> None:
    nl = tc.numberlink
    layers = nl.parse_contest_board("SIZE 2X2X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(1,1,2)\n")
    (sol,) = layers.solve(limit=1)
    _same(
        lambda: nl.contest_answer(board=layers, labels=sol),
        lambda: nl.contest_answer(puzzle=layers, labels=sol),
        spelling="board=",
        word="puzzle=",
    )


@_case("generate_board", "generate")
def _generate_board() -> None:
    nl = tc.numberlink
    blank = nl.hex_board(np.zeros((4, 4), np.int16))

    def old(**kw: Any) -> bytes:
        p, sol = nl.generate_board(seed=2, **kw)
        return np.asarray(p.values).tobytes() + np.asarray(sol).tobytes()

    def new() -> bytes:
        p = nl.generate(blank, seed=2)
        return np.asarray(p.values).tobytes() + np.asarray(p.solution).tobytes()

    _same(
        lambda: old(puzzle=blank),
        new,
        spelling="numberlink.generate_board",
        word="trapcore.numberlink.generate",
    )
    # and 0.2's board= of it, warning as well
    _same(lambda: old(board=blank), new, spelling="board=", word="puzzle=")


@pytest.mark.parametrize("rename", sorted(OLD_SPELLINGS), ids="->".join)
def test_old_spelling_warns_and_gives_the_same_result(rename):
    OLD_SPELLINGS[rename]()


def test_every_rename_has_a_case():
    listed = {(old, word) for word, olds in glossary().items() for old in olds}
    assert listed == set(OLD_SPELLINGS)


def test_renamed_helper():
    """The shared decorator: the old keyword warns and is passed on, both at once is an error,
    the signature is the new one, and positional calls are untouched."""

    @_renamed.renamed(colour="color")
    def paint(x: int, *, color: str = "red") -> tuple[int, str]:
        return x, color

    assert (
        str(inspect.signature(paint)) == "(x: 'int', *, color: 'str' = 'red') -> 'tuple[int, str]'"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert paint(1, color="blue") == (1, "blue")
    with pytest.warns(DeprecationWarning, match=r"paint\(\): colour= is deprecated, use color="):
        assert paint(2, colour="green") == (2, "green")
    with pytest.raises(TypeError, match="colour= and color="):
        paint(3, colour="a", color="b")
    where = f"{__name__}.test_renamed_helper.<locals>.paint"
    assert _renamed.RENAMED_ARGS.pop(where) == {"colour": "color"}


# -- policy: the same values and the same default everywhere ----------------------------------


def _policy_param(fn: Callable[..., Any]) -> inspect.Parameter:
    return inspect.signature(fn).parameters["policy"]


def test_policy_has_one_default():
    """Every policy parameter defaults to "bfs" (CatGame.hint: None, the game's cat, which is
    "bfs" by default)."""
    defaults = {
        where: _policy_param(fn).default
        for where, fn in public_callables()
        if "policy" in getattr(_own_signature(fn), "parameters", {})
        and _policy_param(fn).default is not inspect.Parameter.empty  # (model_of's is required)
    }
    assert len(defaults) >= 10
    hint_default = defaults.pop("trapcore.CatGame.hint")
    defaults.pop("trapcore.cat.CatGame.hint", None)
    assert hint_default is None
    assert tc.CatGame(7, 7, seed=1).policy == "bfs"
    assert set(defaults.values()) == {"bfs"}, defaults


def _cat(board: np.ndarray, cat: tuple[int, int], rng: np.random.Generator) -> tuple[int, int]:
    return next(q for q in tc.cat.hexgrid.neighbours(cat, board.shape) if not board[q])


#: Every policy value the four take: the names, the levels, "optimal", a callable.
ALL_POLICIES = list(players.POLICIES) + list(players.LEVELS) + ["optimal", _cat]


@pytest.mark.parametrize(
    "policy", ALL_POLICIES, ids=lambda p: p if isinstance(p, str) else "callable"
)
def test_solve_hint_solver_player_and_game_hint_take_the_same_policies(policy):
    game = tc.CatGame(7, 7, 8, seed=2)
    b, cat = np.array(game.board), game.cat
    model = players._model_of(policy)
    sol = tc.cat.solve(b, cat, policy=policy, max_nodes=3000)
    assert sol == tc.cat.solve(b, cat, policy=model, max_nodes=3000)
    h = tc.cat.hint(b, cat, policy=policy, max_nodes=3000)
    assert h == tc.cat.hint(b, cat, policy=model, max_nodes=3000)
    assert h.verdict is sol.verdict
    assert tc.cat.SolverPlayer(policy, max_nodes=3000).hint(b, cat) == h
    assert game.hint(policy=policy, max_nodes=3000) == h
    if policy == "optimal":  # a cat that moves: "optimal" has no move of its own
        with pytest.raises(ValueError, match="optimal.*solve\\(\\), hint\\(\\), SolverPlayer"):
            tc.CatGame(7, 7, policy=policy)
    else:
        assert tc.CatGame(7, 7, 8, seed=2, policy=policy).board.tobytes() == game.board.tobytes()


def test_the_default_is_the_bfs_cat():
    """solve(), hint(), SolverPlayer() and CatGame().hint() all play against the BFS cat unless
    told otherwise: a position the BFS cat loses but the optimal cat escapes shows it."""
    for seed in range(40):
        game = tc.CatGame(7, 7, 6, seed=seed)
        b, cat = np.array(game.board), game.cat
        if (
            tc.cat.solve(b, cat, policy="bfs", max_nodes=5000).verdict is tc.Verdict.WIN
            and tc.cat.solve(b, cat, policy="optimal", max_nodes=5000).verdict is tc.Verdict.LOSS
        ):
            break
    else:
        pytest.fail("no start found that separates the BFS cat from the optimal cat")
    assert tc.cat.solve(b, cat, max_nodes=5000).verdict is tc.Verdict.WIN
    assert tc.cat.hint(b, cat, max_nodes=5000).proven
    assert tc.cat.SolverPlayer(max_nodes=5000).hint(b, cat).proven
    assert game.hint(max_nodes=5000).proven
    assert not game.hint(policy="optimal", max_nodes=5000).proven


def test_bad_policy_names_every_value():
    b = np.zeros((5, 5), np.uint8)
    for call in (
        lambda: tc.cat.solve(b, (2, 2), policy="clever"),
        lambda: tc.cat.hint(b, (2, 2), policy="clever"),
        lambda: tc.cat.SolverPlayer("clever"),
        lambda: tc.CatGame(5, 5, seed=1).hint(policy="clever"),
    ):
        with pytest.raises(ValueError) as e:
            call()
        for name in ALL_POLICIES[:-1]:
            assert repr(name) in str(e.value)
