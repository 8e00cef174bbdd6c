"""trapcore/TrapTheCat-v0 (Gymnasium) and trap_the_cat_v0 (PettingZoo AEC)."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import trapcore.envs  # noqa: E402,F401
from trapcore._seeding import item_generator, root_key  # noqa: E402
from trapcore.cat import CatGame, Status  # noqa: E402
from trapcore.cat.hexgrid import escape_path, neighbours  # noqa: E402
from trapcore.envs import CatEnv, trap_the_cat_v0  # noqa: E402


@pytest.mark.parametrize("policy", ["bfs", "rays", "smart"])
def test_check_env_passes(policy):
    env = gym.make(
        "trapcore/TrapTheCat-v0", size=7, blocked=5, policy=policy, render_mode="rgb_array"
    )
    check_env(env.unwrapped, skip_render_check=True)
    env.reset(seed=0)
    assert env.render().shape == (7 * 24, 7 * 24 + 12, 3)


def test_episodes_are_the_seeded_games_and_the_cat_replies():
    env = CatEnv(size=9, blocked=6, policy="rays")
    obs, info = env.reset(seed=4)
    game = CatGame(9, 9, 6, policy="rays", seed=item_generator(root_key(4), 0))
    assert np.array_equal(obs[0], game.board) and obs[1][game.cat] == 1
    rng = np.random.default_rng(0)
    done = False
    while not done:
        mask = info["action_mask"]
        assert mask.sum() == (game.board == 0).sum() - 1
        assert mask[game.cat[0] * 9 + game.cat[1]] == 0
        a = int(rng.choice(np.flatnonzero(mask)))
        status = game.block(divmod(a, 9))
        obs, reward, done, trunc, info = env.step(a)
        assert np.array_equal(obs[0], game.board) and obs[1][game.cat] == 1 and not trunc
        assert reward == {Status.WON: 1.0, Status.LOST: -1.0}.get(status, 0.0)
        assert done == (status != Status.PLAYING)
    env.reset()
    again = CatEnv(size=9, blocked=6, policy="rays")
    again.reset(seed=4)
    assert np.array_equal(again.reset()[0], env._observe())  # episode 1 both


def test_illegal_block_loses_and_winnable_starts():
    env = CatEnv(size=7, blocked=3, lose_reward=-5.0)
    env.reset(seed=1)
    r, c = env.game.cat
    _, reward, term, _, info = env.step(r * 7 + c)
    assert term and reward == -5.0 and info["illegal"]
    env = CatEnv(size=7, blocked=12, policy="bfs", winnable=True)
    env.reset(seed=3)
    assert env.game.status == Status.PLAYING


@pytest.mark.parametrize(
    "options, name, error",
    [
        ({"size": 2}, "size", ValueError),
        ({"blocked": -1}, "blocked", ValueError),
        ({"policy": "lazy"}, "policy", ValueError),
        ({"rules": "x"}, "rules", ValueError),
        ({"winnable": 1}, "winnable", TypeError),
        ({"max_nodes": 10}, "max_nodes", ValueError),
        ({"win_reward": "1"}, "win_reward", TypeError),
    ],
)
def test_bad_options(options, name, error):
    with pytest.raises(error, match=name):
        CatEnv(**options)


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"size": 5, "blocked": 2, "rules": "surrounded"}, {"size": (6, 8), "blocked": 10}],
)
# api_test's advice, not failures: the observation is a dict with an action mask (as in
# PettingZoo's own classic games), and the two agents are "blocker" and "cat", whose
# observations differ in size by design
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:We recommend agents to be named in the format")
@pytest.mark.filterwarnings("ignore:Agents have different observation space sizes")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test(kwargs):
    api_test(trap_the_cat_v0.env(**kwargs), num_cycles=300)


def play_aec(seed, pick):
    env = trap_the_cat_v0.env(size=7, blocked=4)
    env.reset(seed=seed)
    log = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        log.append((agent, obs["observation"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        env.step(pick(agent, obs["action_mask"]))
    return log, env.unwrapped


def test_aec_rules_and_rewards():
    rng = np.random.default_rng(5)
    for seed in range(12):
        log, raw = play_aec(seed, lambda agent, mask: int(rng.choice(np.flatnonzero(mask))))
        final = {agent: reward for agent, _, reward in log[-2:]}
        assert sorted(final.values()) == [-1, 1]
        if final["blocker"] == 1:
            assert escape_path(raw.board, raw.cat) is None
        else:
            assert raw.cat[0] in (0, 6) or raw.cat[1] in (0, 6)  # escaped from the border


def test_aec_masks_follow_the_board():
    env = trap_the_cat_v0.raw_env(size=7, blocked=6)
    env.reset(seed=2)
    obs = env.observe("blocker")
    assert obs["action_mask"].sum() == (env.board == 0).sum() - 1
    assert not env.observe("cat")["action_mask"].any()  # not its turn
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    mask = env.observe("cat")["action_mask"]
    free = [n for n in neighbours(env.cat, env.board.shape) if env.board[n] == 0]
    assert mask.sum() == len(free)  # the cat is inside: no exit


def test_aec_winnable_starts_are_proven_won():
    from trapcore.cat import solve

    env = trap_the_cat_v0.raw_env(size=5, blocked=8, winnable=True)
    env.reset(seed=0)
    assert solve(env.board, env.cat, policy="optimal").verdict == "win"


def test_aec_same_seed_same_game():
    pick = lambda agent, mask: int(np.flatnonzero(mask)[-1])  # noqa: E731
    assert play_aec(9, pick)[0] == play_aec(9, pick)[0]
    assert play_aec(9, pick)[0] != play_aec(10, pick)[0]
