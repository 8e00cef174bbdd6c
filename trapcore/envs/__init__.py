"""Gymnasium and PettingZoo environments (extra ``rl``); importing this package registers them.

Gymnasium ids: ``trapcore/Maze-v0`` (with a native vector env), ``trapcore/TrapTheCat-v0``,
``trapcore/Numberlink-v0``.
PettingZoo: ``trapcore.envs.trap_the_cat_v0.env()``.

``gym.make("trapcore/Maze-v0")`` after ``import trapcore.envs``, or with no import as
``gym.make("trapcore.envs:trapcore/Maze-v0")`` (Gymnasium 1.x's module-qualified ids).
"""

from trapcore._extras import require as _require

_gym = _require("gymnasium", "trapcore.envs")
_require("pettingzoo", "trapcore.envs")

from trapcore.envs import trap_the_cat_v0  # noqa: E402
from trapcore.envs.cat import CatEnv  # noqa: E402
from trapcore.envs.maze import OBSERVATIONS, MazeEnv  # noqa: E402
from trapcore.envs.maze_vector import MazeVectorEnv  # noqa: E402
from trapcore.envs.numberlink import NumberlinkEnv  # noqa: E402

__all__ = [
    "OBSERVATIONS",
    "CatEnv",
    "MazeEnv",
    "MazeVectorEnv",
    "NumberlinkEnv",
    "register_envs",
    "trap_the_cat_v0",
]


def register_envs() -> None:
    """Register the trapcore ids with Gymnasium (done on import; calling again is harmless).

    Returns
    -------
    None

    See Also
    --------
    CatEnv
    MazeEnv
    NumberlinkEnv

    Examples
    --------
    >>> import gymnasium as gym
    >>> from trapcore.envs import register_envs
    >>> register_envs()
    >>> gym.make("trapcore/Maze-v0", size=3).unwrapped
    <MazeEnv 3x3 method='kruskal' observation='doors' episode=0>
    """
    specs: dict[str, dict[str, str]] = {
        "trapcore/Maze-v0": dict(
            entry_point="trapcore.envs.maze:MazeEnv",
            vector_entry_point="trapcore.envs.maze_vector:MazeVectorEnv",
        ),
        "trapcore/TrapTheCat-v0": dict(entry_point="trapcore.envs.cat:CatEnv"),
        "trapcore/Numberlink-v0": dict(entry_point="trapcore.envs.numberlink:NumberlinkEnv"),
    }
    for env_id, kwargs in specs.items():
        if env_id not in _gym.registry:
            _gym.register(id=env_id, **kwargs)


register_envs()
