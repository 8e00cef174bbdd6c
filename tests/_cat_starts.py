"""Proven starts for the tests of the cat solver's memory (tests/cat/test_cat_keeps_wins.py,
tests/cat/test_cat_memory.py): positions the default solver proves won within the solver
player's budget.

Finding them costs minutes (games played until the solver proves the position), so they are made
once per build: kept in a cache folder (TRAPCORE_TEST_CACHE, else ~/.cache/trapcore-tests) under a
key made of every file of the trapcore package this process imported (its compiled kernels
included) and this file. A cached set is proven again when loaded (one search of at most BUDGET
positions a start, a small share of the cost of finding it), so a stale or damaged cache is made
afresh, never trusted."""

from __future__ import annotations

import functools
import hashlib
import os
import pathlib
import tempfile

import numpy as np

import trapcore as tc
from trapcore.cat import hexgrid

BUDGET = 2_000  # the solver player's default budget: the starts are proven within it too


def _cache_dir() -> pathlib.Path:
    env = os.environ.get("TRAPCORE_TEST_CACHE")
    if env:
        return pathlib.Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache"
    return pathlib.Path(base) / "trapcore-tests"


@functools.cache
def build_key() -> str:
    """A digest of the imported trapcore package (every file, the kernels included) and of this
    file: a new build or a new way of finding starts gets new starts."""
    h = hashlib.sha256()
    package = pathlib.Path(tc.__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        if (
            path.is_file()
            and path.suffix in (".py", ".so", ".pyd")
            and "__pycache__" not in path.parts
        ):
            h.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    h.update(pathlib.Path(__file__).read_bytes())
    return h.hexdigest()[:16]


def _proven(board, cat) -> bool:
    return tc.cat.solve(board, cat, max_nodes=BUDGET, policy="optimal").verdict is tc.Verdict.WIN


def _find(n, blocked, count, seed):
    """Positions the default solver proves won within BUDGET, the player to move: random starts
    played by the lookahead player against the smart cat until the solver proves the position
    (random boards of 11x11 with 8 blocks are seldom proven won at the start itself)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(100 * count):
        if len(out) == count:
            break
        b = hexgrid.random_board(n, n, blocked, seed=rng, keep_free=(n // 2, n // 2))
        cat = (n // 2, n // 2)
        while hexgrid.escape_path(b, cat) is not None and not hexgrid.is_border(cat, b.shape):
            if _proven(b, cat):
                out.append((b.copy(), cat))
                break
            b[tc.cat.player_move(b, cat, player="lookahead")] = 1
            if hexgrid.escape_path(b, cat) is None:
                break
            cat = tc.cat.cat_move(b, cat, policy="smart", seed=rng)
    return out


def _load(path: pathlib.Path, count: int):
    try:
        with np.load(path) as data:
            boards, cats = data["boards"], data["cats"]
    except (OSError, KeyError, ValueError):
        return None
    starts = [(b.copy(), (int(r), int(c))) for b, (r, c) in zip(boards, cats)]
    if len(starts) != count or not all(_proven(b, cat) for b, cat in starts):
        return None
    return starts


def _save(path: pathlib.Path, starts) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as f:
            np.savez(
                f, boards=np.array([b for b, _ in starts]), cats=np.array([c for _, c in starts])
            )
        os.replace(tmp, path)
    except OSError:  # a read-only home: the starts are still this session's
        pass


@functools.cache
def proven_starts(n, blocked, count, seed):
    """``count`` proven starts on ``n x n`` boards with ``blocked`` blocks (fewer only if 100
    tries a start find none), from the cache of this build when it has them."""
    path = _cache_dir() / f"starts-{build_key()}-{n}-{blocked}-{count}-{seed}.npz"
    starts = _load(path, count)
    if starts is None:
        starts = _find(n, blocked, count, seed)
        if len(starts) == count:
            _save(path, starts)
    return tuple(starts)
