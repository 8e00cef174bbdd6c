"""Fuzz trapcore.errors: the exception types build from anything, stay ValueError/RuntimeError."""

import pytest
from fuzz.harness import run
from fuzz.strategies import fuzz_settings, scalars
from hypothesis import given

from trapcore import errors


@fuzz_settings
@given(scalars)
def test_exceptions_build_from_anything(arg):
    for name in errors.__all__:
        assert run("errors_construct", name, arg).kind == "ok"


@pytest.mark.parametrize(
    "name,base", [("IllegalMoveError", ValueError), ("SearchLimitExceeded", RuntimeError)]
)
def test_exception_bases(name, base):
    assert issubclass(getattr(errors, name), base)
