"""The fuzz suite's child process: runs cases sent by tests/fuzz/harness.py, one at a time.

Reads length-prefixed pickles ``(target, args, kwargs)`` on stdin and answers each with
``("ok", type name)`` or ``("raised", exception type name, its MRO names, message)``. A crash
(segfault, abort, OOM kill) ends the process; the parent sees the missing answer.
"""

import os
import pickle
import struct
import sys

import numpy as np


def _limit_memory():
    try:
        import resource
    except ImportError:  # Windows: no address-space limit, the machine's memory bounds a case
        return
    limit = int(os.environ.get("TRAPCORE_FUZZ_MEMORY", 3 << 30))
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):  # macOS refuses RLIMIT_AS below its own maximum
        if sys.platform.startswith("linux"):
            raise


class Arr:
    """A hostile array to build in the child: pickling would lose the layout and the flags."""

    def __init__(self, base, how="plain"):
        self.base, self.how = base, how

    def build(self):
        a = np.array(self.base)
        if self.how == "readonly":
            a.flags.writeable = False
        elif self.how == "fortran":
            a = np.asfortranarray(a)
        elif self.how == "strided":  # every other column of a wider array, a view
            wide = np.repeat(a, 2, axis=-1) if a.ndim else a
            a = wide[..., ::2] if a.ndim else wide
        elif self.how == "reversed":
            a = a[::-1] if a.ndim else a
        elif self.how == "transposed":
            a = a.T
        elif self.how == "broadcast" and a.ndim == 2 and a.shape[0]:
            a = np.broadcast_to(a[:1], a.shape)
        elif self.how == "byteswapped" and a.dtype.itemsize > 1:
            a = a.astype(a.dtype.newbyteorder(">"))
        return a


def build(value):
    if isinstance(value, Arr):
        return value.build()
    if isinstance(value, tuple):
        return tuple(build(v) for v in value)
    if isinstance(value, list):
        return [build(v) for v in value]
    if isinstance(value, dict):
        return {k: build(v) for k, v in value.items()}
    return value


def _send(out, obj):
    data = pickle.dumps(obj)
    out.write(struct.pack("<Q", len(data)) + data)
    out.flush()


def main():
    _limit_memory()
    from fuzz import targets  # tests/ is on PYTHONPATH (the harness sets it, as pytest does)
    from fuzz._worker import build as build_case  # the class the parent pickles, not __main__'s

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not corrupt the answers
    _send(out, ("ready",))
    while True:
        head = inp.read(8)
        if len(head) < 8:
            return
        (n,) = struct.unpack("<Q", head)
        name, args, kwargs = pickle.loads(inp.read(n))
        try:
            result = getattr(targets, name)(*build_case(args), **build_case(kwargs))
            answer = ("ok", type(result).__name__)
        except BaseException as exc:
            answer = (
                "raised",
                type(exc).__name__,
                [c.__name__ for c in type(exc).__mro__],
                str(exc)[:300],
            )
        _send(out, answer)


if __name__ == "__main__":
    main()
