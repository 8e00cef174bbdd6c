"""Signatures of the compiled module trapcore.maze._env (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

from trapcore.maze._carve import Method

def action_masks(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    out: npt.NDArray[np.int8],
    lo: int,
    hi: int,
) -> None: ...
def observe_doors(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    goal: npt.NDArray[np.int32],
    out: npt.NDArray[np.uint8],
    lo: int,
    hi: int,
) -> None: ...
def observe_local(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    goal: npt.NDArray[np.int32],
    out: npt.NDArray[np.uint8],
    lo: int,
    hi: int,
) -> None: ...
def observe_pixels(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    goal: npt.NDArray[np.int32],
    out: npt.NDArray[np.uint8],
    palette: npt.NDArray[np.uint8],
    lo: int,
    hi: int,
) -> None: ...
def philox_draws(
    key: npt.NDArray[np.uint64], item: int, count: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]: ...
def reset_envs(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    goal: npt.NDArray[np.int32],
    steps: npt.NDArray[np.int32],
    keys: npt.NDArray[np.uint64],
    items: npt.NDArray[np.int64],
    idx: npt.NDArray[np.int64],
    method: Method,
    braid: float,
    start_cell: int,
    goal_cell: int,
) -> None: ...
def step_envs(
    doors: npt.NDArray[np.uint8],
    pos: npt.NDArray[np.int32],
    goal: npt.NDArray[np.int32],
    steps: npt.NDArray[np.int32],
    actions: npt.NDArray[np.int64],
    skip: npt.NDArray[np.uint8],
    reward: npt.NDArray[np.float64],
    terminated: npt.NDArray[np.uint8],
    truncated: npt.NDArray[np.uint8],
    goal_reward: float,
    step_penalty: float,
    max_steps: int,
    lo: int,
    hi: int,
) -> None: ...
