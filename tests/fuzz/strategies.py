"""Hypothesis strategies for hostile inputs: wrong types, huge, negative and NaN numbers, odd dtypes
and layouts, read-only and non-contiguous arrays, empty and 1 x N shapes, bad strings."""

import os
import warnings

import numpy as np
from fuzz.harness import Arr
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

#: Examples per fuzz test: bounded in CI; HYPOTHESIS_PROFILE=thorough (releases) runs far more.
EXAMPLES = int(
    os.environ.get(
        "TRAPCORE_FUZZ_EXAMPLES", 1000 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 60
    )
)

# No shrinking: a hung case costs the whole timeout, and the failing case is printed as it came.
fuzz_settings = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=EXAMPLES <= 60,
    suppress_health_check=list(HealthCheck),
    report_multiple_bugs=False,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)

HUGE = [
    2**28 + 1,
    2**31 - 1,
    2**31,
    2**32 + 3,
    2**53 + 1,
    2**63 - 1,
    2**63,
    2**64,
    10**30,
    -1,
    -(2**31),
    -(2**63),
    -(2**64),
]
WEIRD = [
    None,
    True,
    False,
    float("nan"),
    float("inf"),
    -float("inf"),
    0.5,
    1e300,
    -0.0,
    3.0,
    "3",
    "",
    "\0",
    "x" * 1000,
    b"\xff",
    1j,
    [],
    (),
    {},
    np.float64("nan"),
    np.int64(-1),
    np.uint64(2**64 - 1),
    np.int8(-128),
    np.bool_(True),
    np.array(3),
    np.array([1, 2]),
    Ellipsis,
    slice(None),
]

scalars = st.one_of(
    st.integers(-3, 14),
    st.sampled_from(HUGE),
    st.sampled_from(WEIRD),
    st.floats(allow_nan=True),
    st.text(max_size=4),
)
sizes = st.one_of(st.integers(-2, 9), st.sampled_from(HUGE), st.sampled_from(WEIRD))
seeds = st.one_of(st.none(), st.integers(-5, 2**70), st.sampled_from(WEIRD))
cells = st.one_of(
    st.tuples(st.integers(-3, 12), st.integers(-3, 12)),
    st.tuples(sizes, sizes),
    scalars,
    st.lists(st.integers(-2, 9), max_size=3),
    st.builds(lambda a, b: np.array([a, b]), st.integers(-3, 9), st.integers(-3, 9)),
)

DTYPES = [
    np.uint8,
    np.int8,
    np.int16,
    np.uint16,
    np.int32,
    np.int64,
    np.uint64,
    np.float32,
    np.float64,
    np.bool_,
    np.complex64,
    ">i2",
    "<u4",
    np.object_,
]
LAYOUTS = [
    "plain",
    "readonly",
    "fortran",
    "strided",
    "reversed",
    "transposed",
    "broadcast",
    "byteswapped",
]


def _arrays(values, max_side=9, dims=(2, 2)):
    base = st.one_of(
        hnp.arrays(
            np.int64,
            hnp.array_shapes(min_dims=dims[0], max_dims=dims[1], min_side=0, max_side=max_side),
            elements=values,
        ),
        hnp.arrays(
            st.sampled_from([d for d in DTYPES if d is not np.object_]),
            hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=max_side),
        ),
    )

    def cast(a, dt):
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")  # NaN or out-of-range casts: wanted here
                return a.astype(dt)
        except (OverflowError, ValueError):
            return a

    typed = st.builds(cast, base, st.sampled_from(DTYPES))
    return st.builds(Arr, typed, st.sampled_from(LAYOUTS))


boards = st.one_of(
    _arrays(st.integers(0, 1)),
    _arrays(st.integers(-2, 3)),
    scalars,
    st.lists(st.lists(st.integers(-1, 2), max_size=5), max_size=5),
)
doors = st.one_of(
    _arrays(st.sampled_from([0, 1, 3, 4, 5, 7, 12, 13, 15, 255])),
    _arrays(st.integers(0, 15), max_side=6),
    scalars,
)
grids = st.one_of(
    _arrays(st.integers(-1, 4), max_side=6),
    _arrays(st.integers(-3, 40000)),
    scalars,
    st.lists(st.lists(st.integers(-2, 3), max_size=5), max_size=5),
)
texts = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=".#C01 \n\t\r\ufeff\0\u2028ab12", max_size=80),
    st.builds(
        lambda h, body: h + body,
        st.sampled_from(
            [
                "",
                "\ufeff",
                "3 3\n",
                "99999999999 1\n",
                "1 99999999999\n",
                "-1 3\n",
                "0 0\n",
                "3 3 3\n",
                "# rules: fill=false\n3 1\n",
                "\ufeff3 1\n",
                "70000 70000\n",
                "3\x001\n",
            ]
        ),
        st.text(alphabet=".#12ABab \n\0\ufeff", max_size=40),
    ),
)
raw_bytes = st.one_of(
    st.binary(max_size=60),
    st.builds(
        lambda t, bom: bom + t.encode("utf-8", "surrogatepass"),
        texts,
        st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe"]),
    ),
)
