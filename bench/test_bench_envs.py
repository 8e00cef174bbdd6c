"""Environments: the native batched maze env vs Gymnasium's SyncVectorEnv vs Jumanji (JAX, CPU)."""

# Steps per second and new episodes per second at N = 1, 64 and 4096 envs of 10 x 10 mazes.
# "steps": random actions with the default step limit (4 * 100 steps), autoreset NEXT_STEP.
# "episodes": max_steps=1, so every other step starts a new episode in every env (a fresh maze
# carved for each); a round of 2 steps is N new episodes. Compare ratios within one run:
#   pytest bench/test_bench_envs.py --benchmark-columns=min,median --benchmark-group-by=group
# Jumanji (Maze-v0 and Connector-v3, under jit(vmap(step)) with its AutoResetWrapper) runs where
# jax and jumanji are installed, and skips otherwise; compile time is left out of the rounds.
import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.vector import SyncVectorEnv  # noqa: E402

from trapcore.envs import MazeEnv, MazeVectorEnv  # noqa: E402

SIZES = (1, 64, 4096)
SIZE = 10
ROUND = 8  # steps per timed round


def make(kind, n, **options):
    if kind == "native":
        return MazeVectorEnv(n, size=SIZE, **options)
    return SyncVectorEnv([lambda: MazeEnv(size=SIZE, **options) for _ in range(n)])


def rounds(kind, n):
    # Sync at 4096 envs takes about 50 ms a step: keep its rounds few
    few = kind == "sync" and n >= 4096
    return dict(rounds=2 if few else 5, iterations=1)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["native", "sync"])
def test_steps(benchmark, kind, n):
    benchmark.group = f"maze env steps, N={n} (x{ROUND} steps)"
    env = make(kind, n)
    env.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, size=(ROUND, n))

    def run():
        for a in actions:
            out = env.step(a)
        return out

    obs, reward, *_ = benchmark.pedantic(run, **rounds(kind, n))
    assert obs.shape[0] == n and reward.shape == (n,)
    env.close()


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["native", "sync"])
def test_new_episodes(benchmark, kind, n):
    benchmark.group = f"maze env new episodes, N={n} (x{n} episodes)"
    env = make(kind, n, max_steps=1)
    env.reset(seed=0)
    a = np.zeros(n, dtype=np.int64)

    def run():
        _, _, term, trunc, _ = env.step(a)  # every env ends its episode
        assert (term | trunc).all()
        return env.step(a)  # and starts a new one (a new maze)

    _, reward, term, trunc, _ = benchmark.pedantic(run, **rounds(kind, n))
    assert not (term | trunc).any() and not reward.any()
    env.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_native_threads(benchmark, workers):
    # threads pay off for large N only (a thread gets at least 16384 envs)
    n = 65536
    benchmark.group = f"maze env steps, N={n} (x{ROUND} steps)"
    env = MazeVectorEnv(n, size=SIZE, workers=workers)
    env.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, size=(ROUND, n))

    def run():
        for a in actions:
            env.step(a)

    benchmark.pedantic(run, rounds=3, iterations=1)
    env.close()


# -- Jumanji ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def jumanji():
    jax = pytest.importorskip("jax")
    jumanji = pytest.importorskip("jumanji")
    return jax, jumanji


def _jumanji_runner(jax, jumanji, env_id, n, steps, episodes):
    from jumanji.wrappers import AutoResetWrapper

    env = AutoResetWrapper(jumanji.make(env_id))
    keys = jax.random.split(jax.random.PRNGKey(0), n)
    state, timestep = jax.jit(jax.vmap(env.reset))(keys)
    step = jax.jit(jax.vmap(env.step))
    spec = env.action_spec
    if hasattr(spec, "num_values"):
        nv = np.asarray(spec.num_values)
        shape = (n, *nv.shape)
    else:
        nv = np.asarray(spec.maximum) + 1
        shape = (n, *spec.shape)
    actions = jax.numpy.asarray(np.random.default_rng(0).integers(0, nv, size=(steps, *shape)))
    holder = {"state": state}

    def run():
        s = holder["state"]
        for k in range(steps):
            s, ts = step(s, actions[k])
        jax.block_until_ready(ts)
        holder["state"] = s
        return ts

    run()  # compile outside the timed rounds
    return run


@pytest.mark.parametrize("n", SIZES)
def test_jumanji_maze_steps(benchmark, jumanji, n):
    jax, jm = jumanji
    benchmark.group = f"maze env steps, N={n} (x{ROUND} steps)"
    run = _jumanji_runner(jax, jm, "Maze-v0", n, ROUND, False)
    benchmark.pedantic(run, rounds=5, iterations=1)


@pytest.mark.parametrize("n", SIZES)
def test_jumanji_connector_steps(benchmark, jumanji, n):
    jax, jm = jumanji
    benchmark.group = f"connector (Jumanji) steps, N={n} (x{ROUND} steps)"
    run = _jumanji_runner(jax, jm, "Connector-v3", n, ROUND, False)
    benchmark.pedantic(run, rounds=3, iterations=1)


@pytest.mark.parametrize("n", SIZES)
def test_jumanji_maze_new_episodes(benchmark, jumanji, n):
    jax, jm = jumanji
    benchmark.group = f"maze env new episodes, N={n} (x{n} episodes)"
    keys = jax.random.split(jax.random.PRNGKey(1), n)
    env = jm.make("Maze-v0")
    reset = jax.jit(jax.vmap(env.reset))
    jax.block_until_ready(reset(keys))

    def run():
        out = reset(keys)
        jax.block_until_ready(out)
        return out

    benchmark.pedantic(run, rounds=5, iterations=1)
