"""A quick end-to-end check of an installed trapcore, run from outside the checkout (CI runs it
against the built wheel in a fresh environment with no C compiler on PATH)."""

import sys
from importlib.metadata import version

import numpy as np

import trapcore as tc


def main() -> int:
    assert "site-packages" in tc.__file__, f"imported the checkout, not the wheel: {tc.__file__}"
    # one source of the version: the wheel's metadata is read from trapcore/_version.py
    assert version("trapcore") == tc.__version__, (version("trapcore"), tc.__version__)
    maze = tc.Maze.carve(20, 30, seed=1)
    path = maze.solve(method="bfs")
    assert maze.is_perfect() and path is not None and tuple(path[-1]) == maze.exit
    puzzle = tc.numberlink.generate(8, seed=2)
    (solution,) = tc.numberlink.solve(puzzle.grid, limit=2)
    assert tc.numberlink.check(puzzle.grid, solution)
    game = tc.CatGame(11, 11, seed=3)
    while game.status == tc.Status.PLAYING:
        game.block(game.legal_blocks()[0])
    assert game.status in (tc.Status.WON, tc.Status.LOST)
    many = tc.maze.carve_many(8, 5, 5, seed=4)
    assert many.shape == (8, 5, 5) and many.dtype == np.uint8
    print(f"trapcore {tc.__version__} from {tc.__file__}: smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
