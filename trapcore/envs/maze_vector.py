"""The native batched maze env: N mazes stepped by one kernel call (``vector_entry_point``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from trapcore._seeding import root_key
from trapcore._threads import run_jobs
from trapcore._validate import _describe, as_choice, as_int
from trapcore.envs.maze import PALETTE, ChannelBox, maze_config, picture
from trapcore.maze.batch import MAX_BATCH_CELLS
from trapcore.maze.internal import env_kernels

__all__ = ["MazeVectorEnv"]

#: Envs per thread below which the kernels run in the calling thread.
_MIN_CHUNK = 16384
_MODES = {m.value: m for m in AutoresetMode}


class MazeVectorEnv(VectorEnv):
    """``num_envs`` maze environments stepped together by native kernels.

    Made by ``gym.make_vec("trapcore/Maze-v0", num_envs=N,
    vectorization_mode="vector_entry_point", **options)``; the options are
    :class:`~trapcore.envs.MazeEnv`'s. Each ``step`` moves every env in one kernel call over
    ``(N, rows, cols)`` door arrays (no Python loop per env), and finished envs carve their new
    mazes in one batched call. Trajectories equal those of a ``SyncVectorEnv`` of ``MazeEnv``
    with the same seeds: ``reset(seed=s)`` seeds env ``i`` with ``s + i`` (a list gives one seed
    per env), and env ``i``'s episode ``j`` is ``trapcore._seeding``'s item ``j`` of that seed.

    Parameters
    ----------
    num_envs : int
        N >= 1.
    autoreset_mode : {"NextStep", "SameStep", "Disabled"} or gymnasium.vector.AutoresetMode
        Gymnasium 1.x's autoreset modes (default next step).
    workers : int, optional
        Threads for the kernels (they release the GIL): ``None`` or 1 the calling thread, -1
        every CPU; a thread gets at least 16384 envs (below that, handing work to threads costs
        more than it saves). Results do not depend on it.
    copy : bool
        Return copies of the observation buffer (default True); False returns the buffer the
        next step overwrites.
    render_mode : {"rgb_array"}, optional
        :meth:`render` returns a tuple of N pictures.
    **options
        As for :class:`~trapcore.envs.MazeEnv`.

    See Also
    --------
    MazeEnv : One maze.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore.envs import MazeVectorEnv
    >>> envs = MazeVectorEnv(4, size=3)
    >>> obs, infos = envs.reset(seed=0)
    >>> obs.shape, infos["action_mask"].shape
    ((4, 3, 3, 3), (4, 4))
    >>> obs, rewards, terminations, truncations, infos = envs.step(np.array([1, 1, 2, 2]))
    >>> rewards
    array([-0.01, -0.01, -0.01, -0.01])
    >>> envs.close()
    """

    metadata = {"render_modes": ["rgb_array"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: Any = 1,
        *,
        autoreset_mode: Any = AutoresetMode.NEXT_STEP,
        workers: Any = None,
        copy: Any = True,
        render_mode: Any = None,
        **options: Any,
    ) -> None:
        self.num_envs = n = as_int(num_envs, "num_envs", minimum=1, maximum=1 << 24)
        self.config = cfg = maze_config(**options)
        if n * cfg.rows * cfg.cols > MAX_BATCH_CELLS:
            raise ValueError(
                f"num_envs x rows x cols = {n} x {cfg.rows} x {cfg.cols} cells is more than the "
                f"{MAX_BATCH_CELLS} a vector env holds (a byte each, and more per observation)"
            )
        if isinstance(autoreset_mode, str):
            autoreset_mode = _MODES[as_choice(autoreset_mode, "autoreset_mode", tuple(_MODES))]
        if not isinstance(autoreset_mode, AutoresetMode):
            raise TypeError(
                f"autoreset_mode must be an AutoresetMode, got {_describe(autoreset_mode)}"
            )
        self.autoreset_mode = autoreset_mode
        self.metadata = {**self.metadata, "autoreset_mode": autoreset_mode}
        workers = 1 if workers is None else as_int(workers, "workers", minimum=-1, maximum=1024)
        if workers == 0:
            raise ValueError("workers must be a number of threads >= 1, or -1 (every CPU), got 0")
        self.workers = (os.cpu_count() or 1) if workers == -1 else workers
        if not isinstance(copy, (bool, np.bool_)):
            raise TypeError(f"copy must be a bool, got {_describe(copy)}")
        self.copy = bool(copy)
        if render_mode is not None:
            as_choice(render_mode, "render_mode", self.metadata["render_modes"])
        self.render_mode = render_mode
        self.single_observation_space = cfg.observation_space()
        self.single_action_space = spaces.Discrete(4)
        single = self.single_observation_space
        self.observation_space = (
            single.batched(n) if isinstance(single, ChannelBox) else batch_space(single, n)
        )
        self.action_space = batch_space(self.single_action_space, n)
        r, c = cfg.rows, cfg.cols
        self._doors = np.zeros((n, r, c), dtype=np.uint8)
        self._pos = np.zeros(n, dtype=np.int32)
        self._goal = np.zeros(n, dtype=np.int32)
        self._steps = np.zeros(n, dtype=np.int32)
        self._keys = np.zeros((n, 2), dtype=np.uint64)
        self._episodes = np.zeros(n, dtype=np.int64)
        self._obs = np.zeros((n, *self.single_observation_space.shape), dtype=np.uint8)
        self._masks = np.zeros((n, 4), dtype=np.int8)
        self._rewards = np.zeros(n, dtype=np.float64)
        self._terminated = np.zeros(n, dtype=np.uint8)
        self._truncated = np.zeros(n, dtype=np.uint8)
        self._autoreset = np.zeros(n, dtype=np.uint8)
        self._seeded = False
        self._pool: ThreadPoolExecutor | None = None
        self._all = self._chunks(n)
        self._everyone = np.ones(n, dtype=bool)
        kernels = {"doors": env_kernels.observe_doors, "local": env_kernels.observe_local}
        self._observe = kernels.get(cfg.observation)  # None: pixels

    def __repr__(self) -> str:
        c = self.config
        return (
            f"<MazeVectorEnv num_envs={self.num_envs} {c.rows}x{c.cols} method={c.method!r} "
            f"observation={c.observation!r} autoreset_mode={self.autoreset_mode.value!r}>"
        )

    # -- threads ---------------------------------------------------------------------------

    def _chunks(self, count: int) -> list[tuple[int, int]]:
        """Ranges of envs for the threads (one range when count < 2 * _MIN_CHUNK)."""
        k = max(1, min(self.workers, count // _MIN_CHUNK))
        if k == 1:
            return [(0, count)]
        bounds = np.linspace(0, count, k + 1).astype(int).tolist()
        return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]

    def _run(self, jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]]) -> None:
        """Run the (function, args) jobs, in threads when there are several."""
        if len(jobs) == 1:
            fn, args = jobs[0]
            fn(*args)
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.workers)
        with closing(run_jobs(self._pool, jobs)) as running:
            for _ in running:  # closed on any exception, so the jobs stop at their next poll
                pass

    # -- kernels ---------------------------------------------------------------------------

    def _new_episodes(self, idx: np.ndarray) -> None:
        """Carve new mazes for the envs ``idx`` (int64), each from its next item."""
        cfg = self.config
        items = self._episodes[idx]
        if cfg.levels is not None:
            items = items % cfg.levels
        self._episodes[idx] += 1
        args = (cfg.method_code, cfg.braid, cfg.start, cfg.goal)
        self._run(
            [
                (
                    env_kernels.reset_envs,
                    (
                        self._doors,
                        self._pos,
                        self._goal,
                        self._steps,
                        self._keys,
                        items[a:b],
                        idx[a:b],
                        *args,
                    ),
                )
                for a, b in self._chunks(len(idx))
            ]
        )

    def _refresh_range(self, lo: int, hi: int) -> None:
        state = (self._doors, self._pos, self._goal)
        if self._observe is None:
            env_kernels.observe_pixels(*state, self._obs, PALETTE, lo, hi)
        else:
            self._observe(*state, self._obs, lo, hi)
        env_kernels.action_masks(self._doors, self._pos, self._masks, lo, hi)

    def _refresh(self) -> None:
        """Observations and action masks of every env from the state."""
        self._run([(self._refresh_range, chunk) for chunk in self._all])

    def _info(self) -> dict[str, np.ndarray]:
        return {"action_mask": self._masks.copy(), "_action_mask": self._everyone.copy()}

    def _out(self) -> np.ndarray:
        return self._obs.copy() if self.copy else self._obs

    # -- the API ---------------------------------------------------------------------------

    def _seed(self, seed: Any) -> list[Any]:
        """One seed per env, as SyncVectorEnv spreads them."""
        n = self.num_envs
        if seed is None:
            seeds: list[Any] = [None] * n
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
            seeds = [int(seed) + i for i in range(n)]
        elif isinstance(seed, (list, tuple)):
            if len(seed) != n:
                raise ValueError(
                    f"seed as a list must have num_envs = {n} entries, got {len(seed)}"
                )
            seeds = list(seed)
        else:
            raise TypeError(
                f"seed must be None, an int or a list of num_envs ints, got {_describe(seed)}"
            )
        return seeds

    def reset(
        self, *, seed: Any = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset every env (or those of ``options["reset_mask"]``, a ``bool`` (N,) array).

        Parameters
        ----------
        seed : None, int or list
            An int ``s`` seeds env ``i`` with ``s + i``; a list gives each env's seed (``None``
            entries keep that env's stream, or take fresh entropy if it has none); ``None``
            keeps every env's stream (fresh entropy on the first reset).
        options : dict, optional
            ``{"reset_mask": mask}`` resets only the envs where ``mask`` is True.

        Returns
        -------
        observations, infos
            ``infos["action_mask"]``: ``int8`` (N, 4).

        Examples
        --------
        >>> import numpy as np
        >>> from trapcore.envs import MazeVectorEnv
        >>> envs = MazeVectorEnv(2, size=3)
        >>> obs, infos = envs.reset(seed=0)  # env i seeded with 0 + i
        >>> obs, infos = envs.reset(options={"reset_mask": np.array([False, True])})
        >>> obs.shape
        (2, 3, 3, 3)
        """
        n = self.num_envs
        seeds = self._seed(seed)
        mask = np.ones(n, dtype=bool)
        if options is not None and "reset_mask" in options:
            mask = options["reset_mask"]
            if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (n,):
                raise TypeError(
                    f"options['reset_mask'] must be a bool array of shape ({n},), "
                    f"got {_describe(mask)}"
                )
            if not mask.any():
                raise ValueError("options['reset_mask'] must select at least one env")
            if not self._seeded:
                raise RuntimeError("reset every env once (no reset_mask) before resetting some")
        for i in np.flatnonzero(mask).tolist():
            if seeds[i] is not None or not self._seeded:
                self._keys[i] = root_key(seeds[i], "seed")
                self._episodes[i] = 0
        self._seeded = True
        idx = np.flatnonzero(mask).astype(np.int64)
        self._new_episodes(idx)
        self._terminated[idx] = 0
        self._truncated[idx] = 0
        self._autoreset[idx] = 0
        self._refresh()
        return self._out(), self._info()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every env (finished ones reset instead in the next-step mode).

        Parameters
        ----------
        actions : array_like of int, shape (N,)
            0 up, 1 right, 2 down, 3 left.

        Returns
        -------
        observations, rewards (float64), terminations (bool), truncations (bool), infos

        Examples
        --------
        >>> import numpy as np
        >>> from trapcore.envs import MazeVectorEnv
        >>> envs = MazeVectorEnv(2, size=3)
        >>> _ = envs.reset(seed=0)
        >>> obs, rewards, terminations, truncations, infos = envs.step(np.array([2, 2]))
        >>> terminations, truncations
        (array([False, False]), array([False, False]))
        """
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        a = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if a.shape != (self.num_envs,) or a.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.num_envs} integers, got {_describe(actions)}")
        a = np.ascontiguousarray(a, dtype=np.int64)
        if (a.view(np.uint64) > 3).any():  # negatives wrap to huge
            raise ValueError("actions must lie in 0..3 (up, right, down, left)")
        mode = self.autoreset_mode
        skip = self._autoreset
        idx = None
        if skip.any():
            if mode == AutoresetMode.DISABLED:
                raise RuntimeError(
                    f"envs {np.flatnonzero(skip).tolist()} finished: reset them with "
                    "reset(options={'reset_mask': mask}) (autoreset is disabled)"
                )
            idx = np.flatnonzero(skip).astype(np.int64)  # NEXT_STEP: they start again now
            self._new_episodes(idx)
        cfg = self.config
        self._run(
            [
                (
                    env_kernels.step_envs,
                    (
                        self._doors,
                        self._pos,
                        self._goal,
                        self._steps,
                        a,
                        skip,
                        self._rewards,
                        self._terminated,
                        self._truncated,
                        cfg.goal_reward,
                        cfg.step_penalty,
                        cfg.max_steps,
                        lo,
                        hi,
                    ),
                )
                for lo, hi in self._all
            ]
        )
        if idx is not None:
            self._rewards[idx] = 0.0
            self._terminated[idx] = 0
            self._truncated[idx] = 0
        done = (self._terminated | self._truncated).astype(np.uint8)
        self._refresh()
        infos: dict[str, Any] = {}
        if mode == AutoresetMode.SAME_STEP and done.any():
            idx = np.flatnonzero(done).astype(np.int64)
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in idx.tolist():
                final_obs[i] = self._obs[i].copy()
            final_masks = np.zeros_like(self._masks)
            final_masks[idx] = self._masks[idx]
            has = done.astype(bool)
            infos = {
                "final_obs": final_obs,
                "_final_obs": has.copy(),
                "final_info": {"action_mask": final_masks, "_action_mask": has.copy()},
                "_final_info": has.copy(),
            }
            self._new_episodes(idx)
            self._refresh()
        else:
            self._autoreset = done
        infos.update(self._info())
        return (
            self._out(),
            self._rewards.copy(),
            self._terminated.astype(bool),
            self._truncated.astype(bool),
            infos,
        )

    def render(self) -> tuple[np.ndarray, ...] | None:
        """The envs' pictures.

        Returns
        -------
        tuple of ndarray of uint8, or None
            N RGB pictures ``(height, width, 3)`` with ``render_mode="rgb_array"``, else ``None``.

        Examples
        --------
        >>> from trapcore.envs import MazeVectorEnv
        >>> envs = MazeVectorEnv(2, size=3, render_mode="rgb_array")
        >>> _ = envs.reset(seed=0)
        >>> [p.shape for p in envs.render()]
        [(56, 56, 3), (56, 56, 3)]
        """
        if self.render_mode is None:
            return None
        s = self.config.render_scale
        return tuple(
            picture(self._doors[i], int(self._pos[i]), int(self._goal[i]), s)
            for i in range(self.num_envs)
        )

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker threads, if any (``close()`` calls it).

        Parameters
        ----------
        **kwargs
            Not used (Gymnasium's signature).

        Returns
        -------
        None

        Examples
        --------
        >>> from trapcore.envs import MazeVectorEnv
        >>> envs = MazeVectorEnv(2, size=3, workers=2)
        >>> envs.close()
        """
