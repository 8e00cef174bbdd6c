# Ctrl-C from inside a kernel: long loops run without the GIL, where Python's signal handlers
# cannot run, so they poll every few thousand steps (a few microseconds apart at most) with
# `if (steps & POLL_MASK) == 0 and signalled(): <unwind>`. `signalled` takes the GIL for an
# instant and runs the handlers; when one raised (KeyboardInterrupt), the exception stays pending
# and it returns True. The kernel unwinds (frees its scratch), returns to its `def` with the GIL
# held, and there calls `raise_pending()`, which re-raises that exception to the caller. Polling
# costs nothing measurable: one GIL round trip per POLL_MASK + 1 steps.
#
# A kernel that can report progress polls with `poll(progress, done)` instead: with the GIL held
# for that instant it first calls the Python callable `progress.fn(progress.base + done,
# progress.total)` (when there is one), then checks signals. An exception raised by the callable
# stops the kernel exactly as Ctrl-C does. `Progress.base` lets a kernel of several phases count
# on from one phase to the next.
from cpython.ref cimport PyObject


cdef extern from "Python.h":
    int PyErr_CheckSignals()
    PyObject* PyObject_CallFunction(PyObject* fn, const char* fmt, Py_ssize_t a, Py_ssize_t b)
    void Py_DECREF(PyObject* o)

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


ctypedef struct Progress:
    PyObject* fn            # NULL: no reports, only the Ctrl-C check
    Py_ssize_t base         # added to each phase's own count
    Py_ssize_t total        # the count at the end of the last phase


cdef inline bint poll(Progress* progress, Py_ssize_t done) noexcept nogil:
    """`signalled()`, first reporting `fn(base + done, total)` when `progress` has a callable.
    True when Ctrl-C came or the callable raised (its exception stays pending)."""
    cdef int rc
    cdef PyObject* r
    with gil:
        if progress != NULL and progress.fn != NULL:
            r = PyObject_CallFunction(progress.fn, "nn", progress.base + done, progress.total)
            if r == NULL:
                return True
            Py_DECREF(r)
        rc = PyErr_CheckSignals()
    return rc < 0
