"""The shared native helpers (bounded random draws, shuffle, union-find) against their twins."""

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.random import Uint32Stream, components
from trapcore import _rng as rng
from trapcore._validate import as_generator


def fresh(seed):
    return np.random.Generator(np.random.PCG64(seed))


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("s", [1, 2, 3, 7, 10, 121, 1000, 2**31 + 11, 2**32 - 1])
def test_bounded_matches_twin(seed, s):
    native = rng.bounded_draws(fresh(seed).bit_generator, s, 50)
    stream = Uint32Stream(fresh(seed))
    assert native.tolist() == [stream.bounded(s) for _ in range(50)]
    assert native.max() < s


def test_bounded_golden():
    # pins the stream: PCG64(12345), numpy's next_uint32, Lemire's method
    assert rng.bounded_draws(fresh(12345).bit_generator, 10, 12).tolist() == GOLDEN_BOUNDED


GOLDEN_BOUNDED = [6, 2, 7, 3, 2, 7, 6, 6, 9, 3, 8, 3]


def test_bounded_is_unbiased_enough():
    draws = rng.bounded_draws(fresh(1).bit_generator, 6, 60000)
    counts = np.bincount(draws, minlength=6)
    # chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile
    chi2 = ((counts - 10000) ** 2 / 10000).sum()
    assert chi2 < 20.5


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("n", [0, 1, 2, 5, 100])
def test_shuffle_matches_twin(seed, n):
    native = rng.shuffled(fresh(seed).bit_generator, n)
    assert native.tolist() == Uint32Stream(fresh(seed)).shuffle(list(range(n)))
    assert sorted(native.tolist()) == list(range(n))


def test_same_seed_in_a_fresh_process():
    code = (
        "import numpy as np; from trapcore import _rng as rng;"
        "gen = np.random.Generator(np.random.PCG64(7));"
        "print(rng.bounded_draws(gen.bit_generator, 1000, 8).tolist())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    here = rng.bounded_draws(fresh(7).bit_generator, 1000, 8).tolist()
    assert out.stdout.strip() == str(here)


@given(
    st.integers(1, 60).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=80),
        )
    )
)
def test_union_find_matches_twin(case):
    n, pairs = case
    arr = np.array(pairs, dtype=np.int32).reshape(-1, 2)
    assert rng.components(n, arr).tolist() == components(n, pairs)


class TestSeeds:
    def test_int_and_seedsequence_and_generator(self):
        a = as_generator(5).integers(0, 1 << 30, 4)
        b = as_generator(np.random.SeedSequence(5)).integers(0, 1 << 30, 4)
        assert a.tolist() == b.tolist()
        g = fresh(5)
        assert as_generator(g) is g

    @pytest.mark.parametrize("bad", [1.5, "3", [1], True, object()])
    def test_bad_type(self, bad):
        with pytest.raises(TypeError, match="seed"):
            as_generator(bad)

    def test_negative(self):
        with pytest.raises(ValueError, match="seed"):
            as_generator(-1)
