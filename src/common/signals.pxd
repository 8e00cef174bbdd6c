# Ctrl-C from inside a kernel: long loops run without the GIL, where Python's signal handlers
# cannot run, so they poll every few thousand steps (a few microseconds apart at most) with
# `if (steps & POLL_MASK) == 0 and signalled(): <unwind>`. `signalled` (through
# trapcore._interrupt's `tc_poll`, src/common/interrupt.pyx) takes the GIL for an instant and runs
# the handlers; when one raised (KeyboardInterrupt), it sets that exception aside (no exception
# is pending while the kernel unwinds, so a lock's __exit__ or a finally clause can run) and
# returns True. On a worker thread of a pool (trapcore/_threads.py) it takes no GIL and looks at
# the pool's stop flag instead, which the pool's owner sets on Ctrl-C. The kernel unwinds (frees
# its scratch), returns to its `def`, and there, after leaving `nogil` and any lock, calls
# `raise_pending()`, which raises the exception set aside. A kernel that stops must call it:
# otherwise the Ctrl-C is lost. Polling costs nothing measurable: one call per POLL_MASK + 1
# steps. Every poll is counted, and a test can make the k-th act as Ctrl-C
# (trapcore._interrupt.trap_poll): so the tests count polls instead of timing them.
#
# A kernel that can report progress polls with `poll(progress, done)` instead: with the GIL held
# for that instant it first calls the Python callable `progress.fn(progress.base + done,
# progress.total)` (when there is one), then checks signals. An exception raised by the callable
# stops the kernel exactly as Ctrl-C does. `Progress.base` lets a kernel of several phases count
# on from one phase to the next.
from cpython.ref cimport PyObject

from libc.stdint cimport uint64_t

from trapcore._interrupt cimport tc_poll, tc_raise_pending, tc_restore_pending, tc_stopped

cdef enum:
    POLL_MASK = 0x3FFF  # poll once every 16,384 steps (nodes, cells, draws)


cdef inline bint signalled() noexcept nogil:
    return tc_poll(NULL, 0, 0)


cdef inline bint stopped() noexcept nogil:
    """True when a poll of this thread said stop and its exception waits for raise_pending(); every
    later poll says stop too. A def whose phases poll checks it between phases and at the end."""
    return tc_stopped()


cdef inline void restore_pending() noexcept nogil:
    """For a nogil function that reports a stop through its error value (`except -2 nogil`):
    put the set-aside exception back before returning that value, as Cython expects one set."""
    with gil:
        tc_restore_pending()


cdef inline bint due(uint64_t steps, uint64_t units) noexcept nogil:
    """True when the steps-th step (counted from 1) of `units` units of work each crosses a
    multiple of POLL_MASK + 1 units: a search whose nodes cost O(cells) polls every
    (POLL_MASK + 1) / cells nodes, and every node on boards of more cells."""
    return ((steps * units) >> 14) != (((steps - 1) * units) >> 14)


cdef inline int raise_pending() except -1:
    # raise the exception that stopped the kernel (set aside by tc_poll); always -1
    return tc_raise_pending()


ctypedef struct Progress:
    PyObject* fn            # NULL: no reports, only the Ctrl-C check
    Py_ssize_t base         # added to each phase's own count
    Py_ssize_t total        # the count at the end of the last phase


cdef inline bint poll(Progress* progress, Py_ssize_t done) noexcept nogil:
    """`signalled()`, first reporting `fn(base + done, total)` when `progress` has a callable.
    True when Ctrl-C came or the callable raised (its exception stays pending)."""
    if progress == NULL:
        return tc_poll(NULL, 0, 0)
    return tc_poll(progress.fn, progress.base + done, progress.total)
