"""``trapcore/Numberlink-v0``: draw the paths of a generated Numberlink puzzle, head by head."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from trapcore._seeding import item_generator, root_key
from trapcore._validate import _describe, as_choice, as_int
from trapcore.numberlink import DIFFICULTY_LEVELS, Puzzle, check, generate

from ._options import as_board_size, as_number

__all__ = ["NumberlinkEnv"]

_MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))  # Up, Right, Down, Left
_PALETTE = np.array(
    [(255, 255, 255), (40, 40, 40)]
    + [
        (int(r), int(g), int(b))
        for r, g, b in (
            (230, 25, 75),
            (60, 180, 75),
            (255, 225, 25),
            (0, 130, 200),
            (245, 130, 48),
            (145, 30, 180),
            (70, 240, 240),
            (240, 50, 230),
            (210, 245, 60),
            (250, 190, 212),
            (0, 128, 128),
            (220, 190, 255),
            (170, 110, 40),
            (128, 0, 0),
            (170, 255, 195),
            (128, 128, 0),
        )
    ],
    dtype=np.uint8,
)
#: The drawn path's colour: the number's, halfway to white (empty and solid squares unchanged).
_TINTS = _PALETTE.copy()
_TINTS[2:] = (_PALETTE[2:].astype(np.int32) + 255) // 2
_GRID_LINE = np.array((150, 150, 150), dtype=_PALETTE.dtype)


_F = TypeVar("_F", bound=Callable[..., Any])


def _locked(method: _F) -> _F:
    """Run ``method`` holding the env's lock: one env stepped from several threads stays
    consistent (each call sees and leaves a whole state; the order of the calls is the threads')."""

    @functools.wraps(method)
    def run(self: NumberlinkEnv, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return cast(_F, run)


class NumberlinkEnv(gym.Env):
    """Solve a freshly generated Numberlink puzzle (``trapcore/Numberlink-v0``).

    Every number ``k`` has a path drawn from its first endpoint (in row-major order); its last
    cell is the path's *head*. An action moves one head a step: onto an empty cell (the path
    grows), onto the number's other endpoint (the path is complete), or back onto a cell of its
    own path (the path is cut back to that cell; this also reopens a complete path). Episode
    ``j`` after ``reset(seed=s)`` plays ``trapcore.numberlink.generate(rows, cols,
    seed=item_generator(root_key(s), j), ...)``.

    Parameters
    ----------
    rows, cols : int, optional
        Board size (default 5 x 5, 2 to 30 a side).
    size : int or (rows, cols), optional
        The same size in one value (an int for a square board), the environments' shorthand
        (``gym.make(..., size=7)``); not with ``rows`` or ``cols``.
    fill, touch : bool
        The rules (see :func:`trapcore.numberlink.generate`): every cell filled (default), paths
        may run beside themselves (default).
    difficulty : {"easy", "medium", "hard"} or (low, high), optional
        Passed to :func:`trapcore.numberlink.generate`.
    min_length : int
        Shortest path of the generated puzzles (default 3).
    long_paths : bool or None
        Paths grown along walls and each other, or short ones; ``None`` (the default) is
        generate's: long from 7 x 7 to 15 x 15 (see :func:`trapcore.numberlink.generate`).
    solids : bool
        Let squares the paths leave isolated be solid (default none, see
        :func:`trapcore.numberlink.generate`).
    step_penalty, solved_reward : float
        ``-step_penalty`` per step (default 0.01), ``solved_reward`` (default 1) on the step that
        solves the board, which terminates the episode.
    max_steps : int
        Truncation (default ``4 * rows * cols``).
    render_mode : {"rgb_array"}, optional
    render_scale : int
        Pixels per cell (default 32, at least 8).

    Notes
    -----
    Observation ``int16`` (3, rows, cols): the puzzle (numbers, -1 solid, 0 empty), the drawn
    paths (each cell its path's number), and the heads (1). Action ``Discrete(rows * cols * 4)``:
    ``a = cell * 4 + direction`` (0 up, 1 right, 2 down, 3 left) moves the head standing on
    ``cell = row * cols + col``; ``info["action_mask"]`` (``int8``) marks the legal ones.
    ``info["solution"]`` (at reset) is the generator's solution, for imitation.

    Thread safety: ``reset``, ``step``, ``action_mask``, ``solved`` and ``render`` hold a lock,
    so threads sharing one env never see or leave a half-made move; which thread's move comes
    first is theirs to order (one env per thread, or a vector env, is the usual way).

    See Also
    --------
    trapcore.numberlink.Puzzle : The puzzle it wraps.

    Examples
    --------
    >>> from trapcore.envs import NumberlinkEnv
    >>> env = NumberlinkEnv(size=4)
    >>> obs, info = env.reset(seed=0)
    >>> obs[0]  # the puzzle (the generator's default changed in 0.3)
    array([[1, 0, 0, 0],
           [0, 2, 3, 0],
           [0, 3, 0, 0],
           [0, 2, 1, 0]], dtype=int16)
    >>> env.solved()
    False
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(
        self,
        *,
        rows: Any = None,
        cols: Any = None,
        size: Any = None,
        fill: Any = True,
        touch: Any = True,
        difficulty: Any = None,
        min_length: Any = 3,
        long_paths: Any = None,
        solids: Any = False,
        step_penalty: Any = 0.01,
        solved_reward: Any = 1.0,
        max_steps: Any = None,
        render_mode: Any = None,
        render_scale: Any = 32,
    ) -> None:
        self.rows, self.cols = as_board_size(
            size, rows, cols, default=(5, 5), minimum=2, maximum=30
        )
        flags = (("fill", fill), ("touch", touch), ("long_paths", long_paths), ("solids", solids))
        for name, value in flags:
            if value is None and name == "long_paths":
                continue
            if not isinstance(value, (bool, np.bool_)):
                raise TypeError(f"{name} must be a bool, got {_describe(value)}")
        self.fill, self.touch = bool(fill), bool(touch)
        if isinstance(difficulty, str):
            as_choice(difficulty, "difficulty", tuple(DIFFICULTY_LEVELS))
        self.difficulty = difficulty
        self.min_length = as_int(min_length, "min_length", minimum=2)
        self.long_paths = None if long_paths is None else bool(long_paths)
        self.solids = bool(solids)
        self.step_penalty = as_number(step_penalty, "step_penalty")
        self.solved_reward = as_number(solved_reward, "solved_reward")
        n = self.rows * self.cols
        self.max_steps = 4 * n if max_steps is None else as_int(max_steps, "max_steps", minimum=1)
        if render_mode is not None:
            as_choice(render_mode, "render_mode", self.metadata["render_modes"])
        self.render_mode = render_mode
        self.render_scale = as_int(render_scale, "render_scale", minimum=8, maximum=256)
        self.observation_space = spaces.Box(-1, n, (3, self.rows, self.cols), dtype=np.int16)
        self.action_space = spaces.Discrete(n * 4)
        self._key: np.ndarray | None = None
        self._episode = 0
        self.puzzle: Puzzle | None = None
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"<NumberlinkEnv {self.rows}x{self.cols} fill={self.fill} touch={self.touch}>"

    @_locked
    def reset(
        self, *, seed: Any = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new puzzle.

        Parameters
        ----------
        seed : None or int
            Seeds the episodes from here on (``None``: go on with this env's stream, or fresh
            entropy on the first reset).
        options : dict, optional
            Not used (Gymnasium's signature).

        Returns
        -------
        observation, info
            ``info`` holds ``action_mask`` (see :meth:`action_mask`) and the generator's
            ``solution`` (``int16`` (rows, cols)).

        Examples
        --------
        >>> from trapcore.envs import NumberlinkEnv
        >>> env = NumberlinkEnv(size=4)
        >>> obs, info = env.reset(seed=0)
        >>> info["solution"]  # (the generator's default changed in 0.3)
        array([[1, 1, 1, 1],
               [2, 2, 3, 1],
               [2, 3, 3, 1],
               [2, 2, 1, 1]], dtype=int16)
        """
        super().reset(seed=seed)
        if seed is not None or self._key is None:
            self._key = root_key(seed)
            self._episode = 0
        assert self._key is not None
        gen = item_generator(self._key, self._episode)
        self._episode += 1
        self.puzzle = p = generate(
            self.rows,
            self.cols,
            seed=gen,
            fill=self.fill,
            touch=self.touch,
            difficulty=self.difficulty,
            min_length=self.min_length,
            long_paths=self.long_paths,
            solids=self.solids,
        )
        grid = np.asarray(p.grid)
        self._grid = grid.astype(np.int16)
        self._owner = np.where(grid < 0, -1, 0).astype(np.int16)
        self._index = np.full(grid.shape, -1, dtype=np.int32)  # place in its path, -1 none
        self._paths, self._ends = {}, {}
        for k in range(1, int(grid.max()) + 1):
            cells = [tuple(map(int, rc)) for rc in np.argwhere(grid == k)]
            if len(cells) != 2:
                continue
            a, b = cells
            self._paths[k] = [a]
            self._ends[k] = b
            self._owner[a] = k
            self._owner[b] = k
            self._index[a] = 0
        self._steps = 0
        return self._observe(), {
            "action_mask": self.action_mask(),
            "solution": np.array(p.solution, dtype=np.int16),
        }

    def _complete(self, k: int) -> bool:
        return self._paths[k][-1] == self._ends[k]

    @_locked
    def action_mask(self) -> np.ndarray:
        """The legal head moves.

        Returns
        -------
        ndarray of int8, shape (rows * cols * 4,)
            1 for the legal moves, at ``(row * cols + col) * 4 + direction``.

        Examples
        --------
        >>> from trapcore.envs import NumberlinkEnv
        >>> env = NumberlinkEnv(size=4)
        >>> _ = env.reset(seed=0)
        >>> int(env.action_mask().sum())
        7
        """
        mask = np.zeros(self.rows * self.cols * 4, dtype=np.int8)
        for k, path in self._paths.items():
            r, c = path[-1]
            for d, (dr, dc) in enumerate(_MOVES):
                if self._legal(k, (r + dr, c + dc)):
                    mask[(r * self.cols + c) * 4 + d] = 1
        return mask

    def _legal(self, k: int, cell: tuple[int, int]) -> bool:
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return False
        owner = self._owner[r, c]
        if owner == 0:
            return not self._complete(k)
        if owner != k:
            return False
        on_path = 0 <= self._index[r, c] < len(self._paths[k]) - 1
        return on_path or (cell == self._ends[k] and not self._complete(k))

    def _observe(self) -> np.ndarray:
        heads = np.zeros_like(self._owner)
        for path in self._paths.values():
            heads[path[-1]] = 1
        return np.stack([self._grid, self._owner, heads])

    @_locked
    def solved(self) -> bool:
        """Whether the puzzle is solved.

        Returns
        -------
        bool
            True when every path is complete and the rules hold (``check``).

        Examples
        --------
        >>> from trapcore.envs import NumberlinkEnv
        >>> env = NumberlinkEnv(size=4)
        >>> _ = env.reset(seed=0)
        >>> env.solved()
        False
        """
        if not all(self._complete(k) for k in self._paths):
            return False
        try:
            return check(self._grid, self._owner, fill=self.fill, touch=self.touch)
        except ValueError:
            return False

    @_locked
    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Move a head (see the class notes).

        Parameters
        ----------
        action : int
            ``(row * cols + col) * 4 + direction``: the head on that square moves one square in
            the direction.

        Returns
        -------
        observation, reward, terminated, truncated, info
            ``terminated`` once solved; ``info["action_mask"]`` as for :meth:`action_mask`.

        Raises
        ------
        ValueError
            For an action out of range.
        RuntimeError
            Before :meth:`reset`.

        Examples
        --------
        >>> import numpy as np
        >>> from trapcore.envs import NumberlinkEnv
        >>> env = NumberlinkEnv(size=4)
        >>> _ = env.reset(seed=0)
        >>> action = int(np.flatnonzero(env.action_mask())[0])
        >>> obs, reward, terminated, truncated, info = env.step(action)
        >>> reward, terminated
        (-0.01, False)
        """
        if self.puzzle is None:
            raise RuntimeError("call reset() before step()")
        if not self.action_space.contains(action):
            raise ValueError(
                f"action must be in 0..{self.rows * self.cols * 4 - 1}, got {_describe(action)}"
            )
        cell, d = divmod(int(action), 4)
        here = divmod(cell, self.cols)
        k = int(self._owner[here]) if self._owner[here] > 0 else 0
        self._steps += 1
        if k and self._paths[k][-1] == here:
            dr, dc = _MOVES[d]
            nxt = (here[0] + dr, here[1] + dc)
            if self._legal(k, nxt):
                path = self._paths[k]
                i = int(self._index[nxt])
                if i >= 0:  # cut back to it
                    gone = (self._owner == k) & (self._index > i)
                    self._owner[gone] = 0
                    self._index[gone] = -1
                    self._owner[self._ends[k]] = k  # endpoints stay numbered
                    del path[i + 1 :]
                else:
                    self._index[nxt] = len(path)
                    path.append(nxt)
                    self._owner[nxt] = k
        solved = self.solved()
        truncated = not solved and self._steps >= self.max_steps
        reward = self.solved_reward if solved else -self.step_penalty
        return self._observe(), reward, solved, truncated, {"action_mask": self.action_mask()}

    @_locked
    def render(self) -> np.ndarray:
        """The board as RGB, ``render_scale`` pixels a cell: grey grid lines, each number's
        endpoints a disc of its colour ringed in black, its drawn path a lighter tint of that
        colour, solid squares dark.

        Returns
        -------
        ndarray of uint8, shape (rows * render_scale, cols * render_scale, 3)

        Raises
        ------
        RuntimeError
            Before :meth:`reset`.

        Examples
        --------
        >>> from trapcore.envs import NumberlinkEnv
        >>> env = NumberlinkEnv(size=4)
        >>> _ = env.reset(seed=0)
        >>> env.render().shape
        (128, 128, 3)
        """
        if self.puzzle is None:
            raise RuntimeError("call reset() before render()")
        owner = self._owner
        colour = np.where(owner < 0, 1, np.where(owner > 0, 2 + (owner - 1) % 16, 0))
        s = self.render_scale

        def cells(a: np.ndarray) -> np.ndarray:  # one value a cell -> s x s pixels a cell
            return np.repeat(np.repeat(a, s, axis=0), s, axis=1)

        img = cells(_TINTS[colour])
        yy, xx = np.mgrid[0:s, 0:s]
        d = np.hypot(yy - (s - 1) / 2, xx - (s - 1) / 2)
        radius = 0.36 * s
        disc = np.tile(d <= radius, self._grid.shape)
        ring = np.tile((d <= radius) & (d > radius - max(1.0, s / 14)), self._grid.shape)
        ends = cells(self._grid > 0)
        full = cells(_PALETTE[colour])
        img[ends & disc] = full[ends & disc]
        img[ends & ring] = 0
        img[::s] = img[:, ::s] = _GRID_LINE  # the grid, closed on the right and at the bottom
        img[-1] = img[:, -1] = _GRID_LINE
        return img

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_lock"]  # a lock does not pickle; the copy gets its own
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()
