"""PettingZoo AEC Trap the Cat, ``trap_the_cat_v0``: agents ``blocker`` and ``cat``, both learn."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from trapcore._seeding import item_generator, root_key
from trapcore._validate import _describe, as_choice, as_int
from trapcore.cat import RULES, winnable_board
from trapcore.cat.hexgrid import DIRECTIONS, STEPS, escape_path, random_board

from ._hexdraw import hex_picture
from ._options import as_blocked, as_board_size
from ._viewer import Screen

__all__ = ["env", "raw_env", "DIRECTIONS"]


def env(**kwargs: Any) -> Any:
    """The AEC env wrapped as PettingZoo's classic games are: an illegal move ends the game with
    -1 for its player, out-of-range actions assert, and the call order is enforced."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """Trap the Cat for two learners: ``blocker`` blocks a cell, then ``cat`` steps, in turn.

    Parameters
    ----------
    rows, cols : int, optional
        Board size (default 11 x 11, at least 3 a side); even-r offset rows; the cat starts in
        the centre.
    size : int or (rows, cols), optional
        The same size in one value (an int for a square board), the environments' shorthand
        (``gym.make(..., size=7)``); not with ``rows`` or ``cols``.
    blocked : int
        Cells blocked at random at the start (default 8; at most ``rows * cols - 2``, so
        that the player has a cell to block), never the cat's.
    rules : {"enclosed", "surrounded"}
        The blocker wins as soon as the cat has no path to the border, or only when the cat
        cannot move.
    winnable : bool
        Deal only starts the solver proves won for the blocker against the optimal cat.
    render_mode : {"rgb_array", "human"}, optional
    render_scale : int
        Pixels per cell (default 24).

    Notes
    -----
    Observations (both agents): ``{"observation": uint8 (2, rows, cols) (blocked cells, the cat
    one-hot), "action_mask": int8}``; the mask is all zeros for the agent not to move.
    ``blocker``: ``Discrete(rows * cols)``, block cell ``(a // cols, a % cols)`` (free, not the
    cat's). ``cat``: ``Discrete(6)``, step E, W, NE, NW, SE, SW to a free cell; from a border
    cell a step off the board escapes. Rewards: +1 to the winner, -1 to the loser. Episode ``j``
    after ``reset(seed=s)`` deals its board from ``trapcore._seeding.item_generator(root_key(s),
    j)``.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array", "human"],
        "name": "trap_the_cat_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        *,
        rows: Any = None,
        cols: Any = None,
        size: Any = None,
        blocked: Any = 8,
        rules: Any = "enclosed",
        winnable: Any = False,
        render_mode: Any = None,
        render_scale: Any = 24,
    ) -> None:
        super().__init__()
        self.rows, self.cols = rows, cols = as_board_size(
            size, rows, cols, default=(11, 11), minimum=3, maximum=1024
        )
        self.blocked = as_blocked(blocked, rows, cols)
        self.rules = as_choice(rules, "rules", RULES)
        if not isinstance(winnable, (bool, np.bool_)):
            raise TypeError(f"winnable must be a bool, got {_describe(winnable)}")
        self.winnable = bool(winnable)
        if render_mode is not None:
            as_choice(render_mode, "render_mode", self.metadata["render_modes"])
        self.render_mode = render_mode
        self.render_scale = as_int(render_scale, "render_scale", minimum=2, maximum=256)
        self.possible_agents = ["blocker", "cat"]
        board = spaces.Box(0, 1, (2, rows, cols), dtype=np.uint8)
        self.action_spaces = {"blocker": spaces.Discrete(rows * cols), "cat": spaces.Discrete(6)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": board,
                    "action_mask": spaces.Box(0, 1, (self.action_spaces[a].n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._key: np.ndarray | None = None
        self._episode = 0
        self.board = np.zeros((0, 0), dtype=np.uint8)  # empty until reset
        self.cat = (0, 0)
        self._screen = Screen("trapcore: trap_the_cat_v0")

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def __repr__(self) -> str:
        return (
            f"<trap_the_cat_v0 {self.rows}x{self.cols} blocked={self.blocked} "
            f"episode={self._episode}>"
        )

    # -- rules ---------------------------------------------------------------------------------

    def _target(self, d: int) -> tuple[int, int]:
        """The cell the cat reaches stepping in direction d (possibly off the board)."""
        r, c = self.cat
        dr, dc = STEPS[r % 2][d]
        return r + dr, c + dc

    def _cat_mask(self) -> np.ndarray:
        mask = np.zeros(6, dtype=np.int8)
        for d in range(6):
            r, c = self._target(d)
            off = not (0 <= r < self.rows and 0 <= c < self.cols)
            mask[d] = off or self.board[r, c] == 0
        return mask

    def _blocker_mask(self) -> np.ndarray:
        mask: np.ndarray = (self.board == 0).astype(np.int8).ravel()
        mask[self.cat[0] * self.cols + self.cat[1]] = 0
        return mask

    def _trapped(self) -> bool:
        if self.rules == "surrounded":
            return not self._cat_mask().any()
        return escape_path(self.board, self.cat) is None

    def _end(self, winner: str) -> None:
        loser = "cat" if winner == "blocker" else "blocker"
        self.rewards[winner] += 1
        self.rewards[loser] -= 1
        self.terminations = dict.fromkeys(self.agents, True)

    # -- the AEC API ---------------------------------------------------------------------------

    def reset(self, seed: Any = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._key is None:
            self._key = root_key(seed)
            self._episode = 0
        assert self._key is not None
        gen = item_generator(self._key, self._episode)
        self._episode += 1
        centre = (self.rows // 2, self.cols // 2)
        if self.winnable:
            board = winnable_board(self.rows, self.cols, self.blocked, policy="smart", seed=gen)
        else:
            board = random_board(self.rows, self.cols, self.blocked, seed=gen, keep_free=centre)
        self.board = np.array(board, dtype=np.uint8)
        self.cat = centre
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = np.zeros((2, self.rows, self.cols), dtype=np.uint8)
        obs[0] = self.board
        obs[1][self.cat] = 1
        n = self.action_spaces[agent].n
        if agent != self.agent_selection or self.terminations[agent]:
            mask = np.zeros(n, dtype=np.int8)
        else:
            mask = self._blocker_mask() if agent == "blocker" else self._cat_mask()
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        a = int(action)
        if agent == "blocker":
            r, c = divmod(a, self.cols)
            self.board[r, c] = 1
            if self._trapped():
                self._end("blocker")
        else:
            r, c = self._target(a)
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                self._end("cat")  # stepped off the board: escaped
            else:
                self.cat = (r, c)
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> np.ndarray | None:
        if not self.board.size:
            return None
        img = hex_picture(self.board, self.cat, self.render_scale)
        return self._screen.present(img, self.render_mode)

    def close(self) -> None:
        self._screen.close()
