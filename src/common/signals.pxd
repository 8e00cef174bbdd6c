# Ctrl-C from inside a kernel: long loops run without the GIL, where Python's signal handlers
# cannot run, so they poll every few thousand steps (a few microseconds apart at most) with
# `if (steps & POLL_MASK) == 0 and signalled(): <unwind>`. `signalled` takes the GIL for an
# instant and runs the handlers; when one raised (KeyboardInterrupt), the exception stays pending
# and it returns True. The kernel unwinds (frees its scratch), returns to its `def` with the GIL
# held, and there calls `raise_pending()`, which re-raises that exception to the caller. Polling
# costs nothing measurable: one GIL round trip per POLL_MASK + 1 steps.
cdef extern from "Python.h":
    int PyErr_CheckSignals()

cdef enum:
    POLL_MASK = 0x3FFF  # poll once every 16,384 steps (nodes, cells, draws)


cdef inline bint signalled() noexcept nogil:
    cdef int rc
    with gil:
        rc = PyErr_CheckSignals()
    return rc < 0


cdef inline int raise_pending() except -1:
    # the exception that a handler raised during `signalled` is still set: report failure so that
    # Cython propagates it (with `except -1` the caller does not look for another one)
    return -1
