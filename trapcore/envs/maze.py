"""The maze env ``trapcore/Maze-v0``, and the options and pictures it shares with the vector env."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from trapcore._seeding import item_generator, root_key
from trapcore._validate import _describe, as_cell, as_choice, as_int
from trapcore.maze import METHODS, Maze
from trapcore.maze.doors import OPEN
from trapcore.maze.internal import Method, as_method

from ._options import as_board_size, as_number
from ._viewer import Screen

__all__ = ["MazeEnv", "OBSERVATIONS", "MazeConfig", "maze_config"]

#: Observation kinds, for ``observation=``.
OBSERVATIONS = ("doors", "pixels", "local")
#: Colours of the pixel observation and the picture: wall, floor, agent, goal.
PALETTE = np.array([(0, 0, 0), (255, 255, 255), (214, 39, 40), (44, 160, 44)], dtype=np.uint8)
_MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))  # Up, Right, Down, Left


class ChannelBox(spaces.Box):
    """A Box whose bounds are constant on each channel, with a repr one line long:
    ``Box(0, high per channel [15, 1, 1], (3, 10, 10), uint8)`` rather than three arrays. The
    channels are the first axis (:meth:`batched`: the second, after the env axis)."""

    channel_axis = 0

    def batched(self, n: int) -> ChannelBox:
        """The space of ``n`` such observations stacked (a vector env's), as short a repr."""
        box = batch_space(self, n)
        assert isinstance(box, spaces.Box)
        out = ChannelBox(box.low, box.high, dtype=np.uint8)
        out.channel_axis = 1
        return out

    def __repr__(self) -> str:
        def per_channel(a: np.ndarray) -> list[int]:
            return [
                int(v)
                for v in np.moveaxis(a, self.channel_axis, 0).reshape(
                    a.shape[self.channel_axis], -1
                )[:, 0]
            ]

        lows, highs = per_channel(self.low), per_channel(self.high)
        low = lows[0] if len(set(lows)) == 1 else lows
        return f"Box({low}, high per channel {highs}, {self.shape}, {self.dtype})"


@dataclass(frozen=True)
class MazeConfig:
    """The validated options of a maze environment (see :class:`MazeEnv`)."""

    rows: int
    cols: int
    method: str
    braid: float
    start: int  # flat cell, -1 for a random start each episode
    goal: int  # flat cell, -1 for a random goal each episode
    observation: str
    view: int
    scale: int
    step_penalty: float
    goal_reward: float
    max_steps: int
    levels: int | None
    render_scale: int

    @property
    def method_code(self) -> Method:
        return as_method(self.method)

    def observation_space(self) -> spaces.Box:
        """The space of one env's observation."""
        r, c = self.rows, self.cols
        if self.observation == "doors":
            high = np.ones((3, r, c), dtype=np.uint8)
            high[0] = 15
            return ChannelBox(0, high, dtype=np.uint8)
        if self.observation == "local":
            v = 2 * self.view + 1
            high = np.ones((2, v, v), dtype=np.uint8)
            high[0] = 15
            return ChannelBox(0, high, dtype=np.uint8)
        s = self.scale
        return spaces.Box(0, 255, ((2 * r + 1) * s, (2 * c + 1) * s, 3), dtype=np.uint8)


def _as_end(cell: Any, shape: tuple[int, int], name: str) -> int:
    if isinstance(cell, str):
        as_choice(cell, name, ("random",))
        return -1
    r, c = as_cell(cell, shape, name)
    return int(r * shape[1] + c)


def maze_config(
    *,
    rows: Any = None,
    cols: Any = None,
    size: Any = None,
    method: Any = "kruskal",
    braid: Any = 0.0,
    start: Any = (0, 0),
    goal: Any = None,
    observation: Any = "doors",
    view: Any = 2,
    scale: Any = 1,
    step_penalty: Any = 0.01,
    goal_reward: Any = 1.0,
    max_steps: Any = None,
    levels: Any = None,
    render_scale: Any = 8,
) -> MazeConfig:
    """Check a maze environment's options (every error names its argument); see :class:`MazeEnv`."""
    rows, cols = as_board_size(size, rows, cols, default=(10, 10), minimum=1, maximum=4096)
    if rows * cols < 2:
        raise ValueError(
            f"size must give at least 2 cells (a start and a goal), got {rows} x {cols}"
        )
    shape = (rows, cols)
    method = as_choice(method, "method", METHODS)
    braid = as_number(braid, "braid", minimum=0.0, maximum=1.0)
    s = _as_end(start, shape, "start")
    g = _as_end((rows - 1, cols - 1) if goal is None else goal, shape, "goal")
    if s >= 0 and s == g:
        raise ValueError(f"start and goal must differ, both are {(s // cols, s % cols)}")
    observation = as_choice(observation, "observation", OBSERVATIONS)
    view = as_int(view, "view", minimum=1, maximum=64)
    scale = as_int(scale, "scale", minimum=1, maximum=64)
    render_scale = as_int(render_scale, "render_scale", minimum=1, maximum=64)
    step_penalty = as_number(step_penalty, "step_penalty")
    goal_reward = as_number(goal_reward, "goal_reward")
    max_steps = (
        4 * rows * cols
        if max_steps is None
        else as_int(max_steps, "max_steps", minimum=1, maximum=2**31 - 1)
    )
    if levels is not None:
        levels = as_int(levels, "levels", minimum=1, maximum=2**62)
    return MazeConfig(
        rows,
        cols,
        method,
        braid,
        s,
        g,
        observation,
        view,
        scale,
        step_penalty,
        goal_reward,
        max_steps,
        levels,
        render_scale,
    )


def picture(doors: np.ndarray, pos: int, goal: int, scale: int) -> np.ndarray:
    """The maze as an RGB image of (2 rows + 1) x (2 cols + 1) blocks of ``scale`` pixels: cell
    (r, c) is block (2r+1, 2c+1), an open door the block between its cells, the rest wall."""
    rows, cols = doors.shape
    floor = np.zeros((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)  # palette index, 0 wall
    floor[1::2, 1::2] = 1
    floor[2::2, 1::2][:rows] = (doors & 3) == OPEN
    floor[1::2, 2::2][:, :cols] = ((doors >> 2) & 3) == OPEN
    floor[2 * (goal // cols) + 1, 2 * (goal % cols) + 1] = 3
    floor[2 * (pos // cols) + 1, 2 * (pos % cols) + 1] = 2
    img = PALETTE[floor]
    return np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)


def observe(cfg: MazeConfig, doors: np.ndarray, pos: int, goal: int) -> np.ndarray:
    """One env's observation (the vector env's kernels compute the same)."""
    rows, cols = doors.shape
    if cfg.observation == "pixels":
        return picture(doors, pos, goal, cfg.scale)
    if cfg.observation == "doors":
        obs = np.zeros((3, rows * cols), dtype=np.uint8)
        obs[0] = doors.ravel()
        obs[1, pos] = 1
        obs[2, goal] = 1
        return obs.reshape(3, rows, cols)
    k = cfg.view
    padded = np.full((rows + 2 * k, cols + 2 * k), 15, dtype=np.uint8)
    padded[k : k + rows, k : k + cols] = doors
    marks = np.zeros_like(padded)
    marks[k + goal // cols, k + goal % cols] = 1
    r, c = divmod(pos, cols)
    window = (slice(r, r + 2 * k + 1), slice(c, c + 2 * k + 1))
    return np.stack([padded[window], marks[window]])


class MazeEnv(gym.Env):
    """Find the goal of a freshly carved maze (``trapcore/Maze-v0``).

    Every episode carves a new perfect maze (procedural generalisation) from the env's seed:
    episode ``j`` after ``reset(seed=s)`` draws everything (maze, braid, random start and goal)
    from ``trapcore._seeding.item_generator(root_key(s), j)`` (``j % levels`` with ``levels``),
    so its maze equals ``Maze.carve(rows, cols, seed=that generator, method=method)`` braided
    with the same generator.

    Parameters
    ----------
    rows, cols : int, optional
        Board size (default 10 x 10 cells, at least 2 cells, at most 4096 a side).
    size : int or (rows, cols), optional
        The same size in one value (an int for a square board), the environments' shorthand
        (``gym.make(..., size=7)``); not with ``rows`` or ``cols``.
    method : {"kruskal", "backtracker", "wilson", "prim"}
        Carving method (see :meth:`trapcore.maze.Maze.carve`).
    braid : float in [0, 1]
        Fraction of dead ends removed (loops; :meth:`trapcore.maze.Maze.braid`). Default 0.
    start, goal : (row, col) or "random"
        The agent's start (default the top-left cell) and the goal (default the bottom-right
        cell); ``"random"`` draws a new cell each episode (the goal never on the start).
    observation : {"doors", "pixels", "local"}
        ``"doors"``: ``uint8`` (3, rows, cols): door bits (bits 0-1 Down, 2-3 Right; 0 closed,
        1 open, 3 locked), the agent one-hot, the goal one-hot. ``"pixels"``: RGB ``uint8``
        ((2 rows + 1) scale, (2 cols + 1) scale, 3): walls black, floor white, agent red, goal
        green. ``"local"``: ``uint8`` (2, 2 view + 1, 2 view + 1), the door bits around the agent
        (15 outside the maze) and the goal one-hot where it is in view.
    view : int
        Radius of the local view (default 2: a 5 x 5 window).
    scale : int
        Pixels per block of the pixel observation (default 1).
    step_penalty, goal_reward : float
        Reward per step ``-step_penalty`` (default 0.01), and ``goal_reward`` (default 1) on the
        step that reaches the goal, which terminates the episode.
    max_steps : int
        Episodes are truncated after this many steps (default ``4 * rows * cols``).
    levels : int, optional
        Play only ``levels`` distinct episodes, cycling (procgen's ``num_levels``); ``levels=1``
        replays one maze for ever (for tabular learners). Default: a new maze every episode.
    render_mode : {"rgb_array", "human"}, optional
        ``"rgb_array"``: :meth:`render` returns the picture at ``render_scale`` pixels a block.
    render_scale : int
        Default 8.

    Notes
    -----
    Actions: ``Discrete(4)``, 0 up, 1 right, 2 down, 3 left; a move into a wall leaves the agent
    in place (and costs the step). ``info["action_mask"]`` (``int8`` (4,)) marks the open doors.

    Raises
    ------
    TypeError, ValueError
        For a bad option, naming it.

    See Also
    --------
    MazeVectorEnv : Many mazes stepped at once.
    trapcore.maze.Maze : The maze it wraps.

    Examples
    --------
    >>> from trapcore.envs import MazeEnv
    >>> env = MazeEnv(size=3)
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, env.agent, env.goal
    ((3, 3, 3), (0, 0), (2, 2))
    >>> info["action_mask"]  # up, right, down, left: only the door down is open
    array([0, 0, 1, 0], dtype=int8)
    """

    metadata = {"render_modes": ["rgb_array", "human"], "render_fps": 8}

    def __init__(self, *, render_mode: Any = None, **options: Any) -> None:
        self.config = cfg = maze_config(**options)
        if render_mode is not None:
            as_choice(render_mode, "render_mode", self.metadata["render_modes"])
        self.render_mode = render_mode
        self.observation_space = cfg.observation_space()
        self.action_space = spaces.Discrete(4)
        self._key: np.ndarray | None = None
        self._episode = 0
        self._doors = np.zeros((0, 0), dtype=np.uint8)  # empty until reset
        self._pos = self._goal = self._steps = 0
        self._screen = Screen("trapcore maze")

    def __repr__(self) -> str:
        c = self.config
        return (
            f"<MazeEnv {c.rows}x{c.cols} method={c.method!r} observation={c.observation!r} "
            f"episode={self._episode}>"
        )

    def reset(
        self, *, seed: Any = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start an episode in a new maze (see the class notes for the seeding).

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
            ``info["action_mask"]``: ``int8`` (4,), 1 where the door Up, Right, Down, Left is open.

        Examples
        --------
        >>> from trapcore.envs import MazeEnv
        >>> env = MazeEnv(size=3)
        >>> obs, info = env.reset(seed=0)
        >>> env
        <MazeEnv 3x3 method='kruskal' observation='doors' episode=1>
        """
        super().reset(seed=seed)
        if seed is not None or self._key is None:
            self._key = root_key(seed)
            self._episode = 0
        cfg = self.config
        item = self._episode if cfg.levels is None else self._episode % cfg.levels
        self._episode += 1
        assert self._key is not None
        gen = item_generator(self._key, item)
        maze = Maze.carve(cfg.rows, cfg.cols, seed=gen, method=cfg.method)
        if cfg.braid > 0:
            maze = maze.braid(cfg.braid, seed=gen)
        self._doors = np.array(maze.doors)
        n = cfg.rows * cfg.cols
        s, g = cfg.start, cfg.goal
        if s < 0:
            s = _draw_except(gen, n, g)
        if g < 0:
            g = _draw_except(gen, n, s)
        self._pos, self._goal, self._steps = s, g, 0
        return self._observe(), {"action_mask": self.action_mask()}

    def action_mask(self) -> np.ndarray:
        """The agent's open doors.

        Returns
        -------
        ndarray of int8, shape (4,)
            1 where the agent's door Up, Right, Down, Left is open.

        Examples
        --------
        >>> from trapcore.envs import MazeEnv
        >>> env = MazeEnv(size=3)
        >>> _ = env.reset(seed=0)
        >>> env.action_mask()
        array([0, 0, 1, 0], dtype=int8)
        """
        d, cols = self._doors, self.config.cols
        r, c = divmod(self._pos, cols)
        here = int(d[r, c])
        return np.array(
            [
                r > 0 and (int(d[r - 1, c]) & 3) == OPEN,
                ((here >> 2) & 3) == OPEN,
                (here & 3) == OPEN,
                c > 0 and ((int(d[r, c - 1]) >> 2) & 3) == OPEN,
            ],
            dtype=np.int8,
        )

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Move Up, Right, Down or Left; see the class notes for the rewards.

        Parameters
        ----------
        action : int
            0 up, 1 right, 2 down, 3 left. A move into a wall leaves the agent where it is.

        Returns
        -------
        observation, reward, terminated, truncated, info
            ``info["action_mask"]`` as for :meth:`action_mask`.

        Raises
        ------
        ValueError
            For an action outside 0..3.
        RuntimeError
            Before :meth:`reset`.

        Examples
        --------
        >>> from trapcore.envs import MazeEnv
        >>> env = MazeEnv(size=3)
        >>> _ = env.reset(seed=0)
        >>> obs, reward, terminated, truncated, info = env.step(1)  # right: a wall
        >>> reward, terminated, env.agent
        (-0.01, False, (0, 0))
        """
        if not self._doors.size:
            raise RuntimeError("call reset() before step()")
        if not self.action_space.contains(action):
            raise ValueError(
                f"action must be 0, 1, 2 or 3 (up, right, down, left), got {_describe(action)}"
            )
        a = int(action)
        cfg = self.config
        if self.action_mask()[a]:
            dr, dc = _MOVES[a]
            self._pos += dr * cfg.cols + dc
        self._steps += 1
        terminated = self._pos == self._goal
        truncated = not terminated and self._steps >= cfg.max_steps
        reward = cfg.goal_reward if terminated else -cfg.step_penalty
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, {"action_mask": self.action_mask()}

    def _observe(self) -> np.ndarray:
        return observe(self.config, self._doors, self._pos, self._goal)

    @property
    def maze(self) -> Maze:
        """This episode's maze (its doors; entrance and exit are the Maze defaults, not the
        env's start and goal)."""
        return Maze(self._doors)

    @property
    def agent(self) -> tuple[int, int]:
        """The agent's cell ``(row, col)``."""
        return divmod(self._pos, self.config.cols)

    @property
    def goal(self) -> tuple[int, int]:
        """The goal cell ``(row, col)``."""
        return divmod(self._goal, self.config.cols)

    def render(self) -> np.ndarray | None:
        """The picture (``rgb_array``), or draw it in a window (``human``).

        Returns
        -------
        ndarray of uint8, shape (height, width, 3), or None
            ``None`` when it draws in a window.

        Raises
        ------
        RuntimeError
            Before :meth:`reset`.

        Examples
        --------
        >>> from trapcore.envs import MazeEnv
        >>> env = MazeEnv(size=3, render_mode="rgb_array")
        >>> _ = env.reset(seed=0)
        >>> env.render().shape
        (56, 56, 3)
        """
        if not self._doors.size:
            raise RuntimeError("call reset() before render()")
        img = picture(self._doors, self._pos, self._goal, self.config.render_scale)
        return self._screen.present(img, self.render_mode)

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if open.

        Returns
        -------
        None

        Examples
        --------
        >>> from trapcore.envs import MazeEnv
        >>> env = MazeEnv(size=3)
        >>> env.close()
        """


def _draw_except(gen: np.random.Generator, n: int, avoid: int) -> int:
    """A uniform cell of ``n`` other than ``avoid`` (-1: none), drawn as the kernel draws it
    (Lemire's method on 32-bit draws; a single option draws nothing)."""
    m = n - 1 if avoid >= 0 else n
    x = int(gen.integers(0, m, dtype=np.uint32)) if m > 1 else 0
    return x + 1 if 0 <= avoid <= x else x
