"""``trapcore/TrapTheCat-v0``: the agent blocks cells, a built-in cat (``policy=``) replies."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from trapcore._renamed import renamed
from trapcore._seeding import item_generator, root_key
from trapcore._validate import _describe, as_choice, as_int
from trapcore.cat import POLICIES, RULES, CatGame, Status
from trapcore.cat.internal import check_policy_cells

from ._hexdraw import hex_picture
from ._options import as_blocked, as_board_size, as_number
from ._viewer import Screen

__all__ = ["CatEnv"]


class CatEnv(gym.Env):
    """Trap the Cat against a built-in cat (``trapcore/TrapTheCat-v0``).

    Each step the agent blocks a cell, then the cat replies with its ``policy``. Episode ``j``
    after ``reset(seed=s)`` is the :class:`trapcore.cat.CatGame` seeded with
    ``trapcore._seeding.item_generator(root_key(s), j)`` (start board and the cat's choices).

    Parameters
    ----------
    rows, cols : int, optional
        Board size (default 11 x 11, at least 3 a side); even-r offset rows.
    size : int or (rows, cols), optional
        The same size in one value (an int for a square board), the environments' shorthand
        (``gym.make(..., size=7)``); not with ``rows`` or ``cols``.
    blocked : int
        Cells blocked at random at the start (default 8; at most ``rows * cols - 2``, so
        that the player has a cell to block).
    policy : {"bfs", "rays", "smart"}
        The cat (see :func:`trapcore.cat.cat_move`).
    rules : {"enclosed", "surrounded"}
        The agent wins when the cat has no path to the border, or only when it cannot move.
    winnable : bool
        Deal only starts the solver proves won against this cat (see
        :func:`trapcore.cat.winnable_board`; at most 4096 cells).
    max_nodes, max_attempts : int, optional
        The solver's budget and the starts to try with ``winnable=True`` (as for
        :class:`trapcore.cat.CatGame`; ``max_tries`` before 0.3, deprecated).
    win_reward, lose_reward : float
        Rewards when the cat is trapped (default 1) or escapes (default -1). Other steps give 0.
    render_mode : {"rgb_array", "human"}, optional
    render_scale : int
        Pixels per cell of the picture (default 24).

    Notes
    -----
    Observation ``uint8`` (2, rows, cols): the blocked cells and the cat one-hot. Action
    ``Discrete(rows * cols)``: block cell ``(a // cols, a % cols)``; ``info["action_mask"]``
    (``int8``) marks the free cells other than the cat's. A masked action (a blocked cell or the
    cat's) ends the episode with ``lose_reward`` and ``info["illegal"] = True``.

    See Also
    --------
    trap_the_cat_v0 : Both sides learning (PettingZoo).
    trapcore.cat.CatGame : The game it wraps.

    Examples
    --------
    >>> from trapcore.envs import CatEnv
    >>> env = CatEnv(size=5, blocked=4)
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, env.game.cat
    ((2, 5, 5), (2, 2))
    >>> obs, reward, terminated, truncated, info = env.step(0)  # block cell (0, 0)
    >>> reward, terminated, env.game.cat
    (0.0, False, (2, 3))
    """

    metadata = {"render_modes": ["rgb_array", "human"], "render_fps": 4}

    @renamed(max_tries="max_attempts")
    def __init__(
        self,
        *,
        rows: Any = None,
        cols: Any = None,
        size: Any = None,
        blocked: Any = 8,
        policy: Any = "bfs",
        rules: Any = "enclosed",
        winnable: Any = False,
        max_nodes: Any = None,
        max_attempts: Any = None,
        win_reward: Any = 1.0,
        lose_reward: Any = -1.0,
        render_mode: Any = None,
        render_scale: Any = 24,
    ) -> None:
        self.rows, self.cols = rows, cols = as_board_size(
            size, rows, cols, default=(11, 11), minimum=3, maximum=1024
        )
        self.blocked = as_blocked(blocked, rows, cols)
        self.policy = as_choice(policy, "policy", POLICIES)
        check_policy_cells(self.policy, rows * cols)  # the smart cat's size limit, at once
        self.rules = as_choice(rules, "rules", RULES)
        if not isinstance(winnable, (bool, np.bool_)):
            raise TypeError(f"winnable must be a bool, got {_describe(winnable)}")
        self.winnable = bool(winnable)
        self._budget: dict[str, int] = {}
        for name, value in (("max_nodes", max_nodes), ("max_attempts", max_attempts)):
            if value is not None:
                if not self.winnable:
                    raise ValueError(f"{name} applies to winnable=True starts only")
                self._budget[name] = as_int(value, name, minimum=1)
        self.win_reward = as_number(win_reward, "win_reward")
        self.lose_reward = as_number(lose_reward, "lose_reward")
        if render_mode is not None:
            as_choice(render_mode, "render_mode", self.metadata["render_modes"])
        self.render_mode = render_mode
        self.render_scale = as_int(render_scale, "render_scale", minimum=2, maximum=256)
        self.observation_space = spaces.Box(0, 1, (2, rows, cols), dtype=np.uint8)
        self.action_space = spaces.Discrete(rows * cols)
        self._key: np.ndarray | None = None
        self._episode = 0
        self._game: CatGame | None = None
        self._screen = Screen("trapcore: Trap the Cat")

    def __repr__(self) -> str:
        return (
            f"<CatEnv {self.rows}x{self.cols} blocked={self.blocked} policy={self.policy!r} "
            f"episode={self._episode}>"
        )

    def reset(
        self, *, seed: Any = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new start (see the class notes for the seeding).

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
            ``info["action_mask"]``: ``int8`` (rows * cols,).

        Examples
        --------
        >>> from trapcore.envs import CatEnv
        >>> env = CatEnv(size=5, blocked=4)
        >>> obs, info = env.reset(seed=0)
        >>> obs.shape, int(info["action_mask"].sum())  # 25 cells, 4 blocked, the cat's
        ((2, 5, 5), 20)
        """
        super().reset(seed=seed)
        if seed is not None or self._key is None:
            self._key = root_key(seed)
            self._episode = 0
        assert self._key is not None
        gen = item_generator(self._key, self._episode)
        self._episode += 1
        extra: dict[str, Any] = dict(winnable=True, **self._budget) if self.winnable else {}
        self._game = CatGame(
            self.rows,
            self.cols,
            self.blocked,
            policy=self.policy,
            rules=self.rules,
            seed=gen,
            **extra,
        )
        if self.render_mode == "human":
            self.render()
        return self._observe(), {"action_mask": self.action_mask()}

    @property
    def game(self) -> CatGame:
        """This episode's :class:`trapcore.cat.CatGame` (RuntimeError before ``reset``)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def action_mask(self) -> np.ndarray:
        """The cells the agent may block.

        Returns
        -------
        ndarray of int8, shape (rows * cols,)
            1 for the free cells other than the cat's; all 0 once the episode is over.

        Examples
        --------
        >>> from trapcore.envs import CatEnv
        >>> env = CatEnv(size=5, blocked=4)
        >>> _ = env.reset(seed=0)
        >>> env.action_mask().reshape(5, 5)
        array([[1, 0, 1, 0, 1],
               [1, 1, 1, 0, 1],
               [1, 1, 0, 1, 1],
               [1, 1, 1, 1, 1],
               [1, 1, 1, 0, 1]], dtype=int8)
        """
        mask: np.ndarray = (self.game.board == 0).astype(np.int8).ravel()
        r, c = self.game.cat
        mask[r * self.cols + c] = 0
        if self.game.status != Status.PLAYING:
            mask[:] = 0
        return mask

    def _observe(self) -> np.ndarray:
        obs = np.zeros((2, self.rows, self.cols), dtype=np.uint8)
        obs[0] = self.game.board
        obs[1][self.game.cat] = 1
        return obs

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Block cell ``action``; the cat replies.

        Parameters
        ----------
        action : int
            The cell, flat: ``row * cols + col``. A masked cell ends the episode with
            ``lose_reward`` and ``info["illegal"]``.

        Returns
        -------
        observation, reward, terminated, truncated, info
            ``info["action_mask"]`` as for :meth:`action_mask`.

        Raises
        ------
        ValueError
            For an action outside the board.
        RuntimeError
            After the episode is over (call :meth:`reset`).

        Examples
        --------
        >>> from trapcore.envs import CatEnv
        >>> env = CatEnv(size=5, blocked=4)
        >>> _ = env.reset(seed=0)
        >>> obs, reward, terminated, truncated, info = env.step(2 * 5 + 3)  # block (2, 3)
        >>> reward, terminated, truncated
        (0.0, False, False)
        """
        if not self.action_space.contains(action):
            raise ValueError(
                f"action must be a cell index in 0..{self.rows * self.cols - 1}, "
                f"got {_describe(action)}"
            )
        if self.game.status != Status.PLAYING:
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        if not self.action_mask()[a]:
            info = {"action_mask": np.zeros(self.rows * self.cols, dtype=np.int8), "illegal": True}
            return self._observe(), self.lose_reward, True, False, info
        status = self.game.block(divmod(a, self.cols))
        reward = {Status.WON: self.win_reward, Status.LOST: self.lose_reward}.get(status, 0.0)
        if self.render_mode == "human":
            self.render()
        return (
            self._observe(),
            reward,
            status != Status.PLAYING,
            False,
            {"action_mask": self.action_mask()},
        )

    def render(self) -> np.ndarray | None:
        """The board picture (``rgb_array``), or draw it in a window (``human``).

        Returns
        -------
        ndarray of uint8, shape (height, width, 3), or None
            ``None`` when it draws in a window.

        Examples
        --------
        >>> from trapcore.envs import CatEnv
        >>> env = CatEnv(size=5, blocked=4, render_mode="rgb_array")
        >>> _ = env.reset(seed=0)
        >>> env.render().shape
        (120, 132, 3)
        """
        img = hex_picture(np.asarray(self.game.board), self.game.cat, self.render_scale)
        return self._screen.present(img, self.render_mode)

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if open.

        Returns
        -------
        None

        Examples
        --------
        >>> from trapcore.envs import CatEnv
        >>> env = CatEnv(size=5)
        >>> env.close()
        """
