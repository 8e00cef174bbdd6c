"""trapcore/Numberlink-v0: checker, seeding, drawing the solution solves, cutting paths."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import trapcore.envs  # noqa: E402,F401
from trapcore._seeding import item_generator, root_key  # noqa: E402
from trapcore.envs import NumberlinkEnv  # noqa: E402
from trapcore.numberlink import generate  # noqa: E402

MOVES = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}


def test_check_env_passes():
    env = gym.make("trapcore/Numberlink-v0", size=(4, 5), render_mode="rgb_array")
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert env.render().shape == (128, 160, 3)  # 32 pixels a cell by default


def test_episode_j_is_the_seeded_puzzle():
    env = NumberlinkEnv(size=6, touch=False)
    for j in range(3):
        obs, info = env.reset(seed=8) if j == 0 else env.reset()
        p = generate(6, 6, seed=item_generator(root_key(8), j), touch=False)
        assert np.array_equal(obs[0], p.grid) and np.array_equal(info["solution"], p.solution)


def expert(env, solution):
    """The actions that draw each chain of a no-touch solution from its first endpoint."""
    actions = []
    for k, path in env._paths.items():
        cur, seen = path[0], {path[0]}
        while cur != env._ends[k]:
            for (dr, dc), d in MOVES.items():
                nxt = (cur[0] + dr, cur[1] + dc)
                if (
                    0 <= nxt[0] < env.rows
                    and 0 <= nxt[1] < env.cols
                    and nxt not in seen
                    and solution[nxt] == k
                ):
                    actions.append((cur[0] * env.cols + cur[1]) * 4 + d)
                    seen.add(nxt)
                    cur = nxt
                    break
    return actions


@pytest.mark.parametrize("seed", range(5))
def test_drawing_the_solution_solves_and_pays(seed):
    env = NumberlinkEnv(size=(6, 7), touch=False, step_penalty=0.1, solved_reward=5.0)
    obs, info = env.reset(seed=seed)
    actions = expert(env, info["solution"])
    for t, a in enumerate(actions):
        assert info["action_mask"][a] == 1
        obs, reward, term, trunc, info = env.step(a)
        assert term == (t == len(actions) - 1) and not trunc
        assert reward == (5.0 if term else -0.1)
    assert np.array_equal(obs[1], env.puzzle.solution)


def test_moving_back_cuts_the_path_and_masks_forbid_other_paths():
    env = NumberlinkEnv(size=6, touch=False)
    obs, info = env.reset(seed=3)
    sol = info["solution"]
    a1, a2 = expert(env, sol)[:2]  # two steps along path 1
    env.step(a1)
    env.step(a2)
    k = 1
    head = env._paths[k][-1]
    back = env._paths[k][-2]
    d = MOVES[(back[0] - head[0], back[1] - head[1])]
    obs, *_ = env.step((head[0] * 6 + head[1]) * 4 + d)
    assert env._paths[k][-1] == back and obs[1][head] == 0 and obs[2][back] == 1
    mask = env.action_mask().reshape(36, 4)
    heads = {p[-1][0] * 6 + p[-1][1] for p in env._paths.values()}
    assert set(np.flatnonzero(mask.any(axis=1)).tolist()) <= heads


def test_truncation_and_bad_input():
    env = NumberlinkEnv(size=4, max_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        _, _, term, trunc, _ = env.step(0)  # up from (0, 0): a wall
    assert trunc and not term
    with pytest.raises(ValueError, match="action"):
        env.step(4 * 16)
    for kw, err, name in (
        ({"size": 1}, ValueError, "size"),
        ({"fill": 1}, TypeError, "fill"),
        ({"difficulty": "insane"}, ValueError, "difficulty"),
        ({"render_mode": "human"}, ValueError, "render_mode"),
    ):
        with pytest.raises(err, match=name):
            NumberlinkEnv(**kw)
