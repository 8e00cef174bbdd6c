"""Ctrl-C for every kernel, in one place (src/common/signals.pxd polls through ``tc_poll``).

A kernel polls every few thousand units of work. ``tc_poll`` then, in this order:

* counts the poll (a process-wide counter, for the tests: ``poll_count``), and when the count
  reaches the trap that ``trap_poll(k)`` set, acts as if Ctrl-C came: KeyboardInterrupt is set
  and the kernel unwinds;
* checks the stop flag bound to the calling thread (``bind_stop``): Python runs signal handlers
  only in the main thread, so a kernel on a worker thread of a pool learns of Ctrl-C from the
  flag, which the pool's owner sets when its own thread gets the KeyboardInterrupt
  (trapcore/_threads.py); the kernel then stops with KeyboardInterrupt too;
* with the GIL held for an instant (only in the main thread, or when there is a progress
  callable): calls ``fn(done, total)``, then runs the signal handlers (``PyErr_CheckSignals``).

It returns True when the kernel must stop; the exception is then set, and the kernel's ``def``
raises it (``raise_pending``) after leaving ``nogil`` and freeing its scratch. A worker thread
polls without taking the GIL at all. Called only through signals.pxd and trapcore/_threads.py.
"""
import threading

from cpython.ref cimport PyObject
from libc.stdint cimport int32_t

cdef extern from "Python.h":
    # declared without an except clause: tc_poll leaves the exception set for the kernel's def
    int PyErr_CheckSignals()
    void PyErr_SetNone(PyObject* type)
    void PyErr_Fetch(PyObject** t, PyObject** v, PyObject** tb)
    void PyErr_Restore(PyObject* t, PyObject* v, PyObject* tb)
    void Py_XDECREF(PyObject* o)
    PyObject* PyErr_Occurred()
    void PyErr_SetString(PyObject* type, const char* msg)
    PyObject* PyObject_CallFunction(PyObject* fn, const char* fmt, Py_ssize_t a, Py_ssize_t b)
    void Py_DECREF(PyObject* o)
    unsigned long PyThread_get_thread_ident() nogil

cdef extern from *:
    """
    #include <stdint.h>
    #include "common/threads.h"
    #if defined(_MSC_VER)
    #define TC_THREAD_LOCAL __declspec(thread)
    #else
    #define TC_THREAD_LOCAL __thread
    #endif
    /* the stop flag bound to this thread (NULL: none) */
    static TC_THREAD_LOCAL volatile int32_t *tc_stop_flag = NULL;
    static int tc_stop_now(void) { return tc_stop_flag != NULL && *tc_stop_flag != 0; }
    static void tc_stop_bind(int32_t *p) { tc_stop_flag = p; }
    /* the exception that stopped this thread's kernel, set aside until its def raises it */
    static TC_THREAD_LOCAL PyObject *tc_exc[3] = {NULL, NULL, NULL};
    /* the test hook: polls counted, and the poll that acts as Ctrl-C (0: none) */
    static tc_long tc_polls = 0;
    static tc_long tc_trap = 0;
    """
    bint tc_stop_now() noexcept nogil
    void tc_stop_bind(int32_t* p) noexcept nogil
    ctypedef long tc_long
    tc_long tc_polls
    PyObject** tc_exc
    tc_long tc_trap
    tc_long tc_add(tc_long* x, tc_long v) noexcept nogil
    tc_long tc_load(tc_long* x) noexcept nogil

cdef unsigned long MAIN = threading.main_thread().ident
_bound = threading.local()  # keeps each thread's bound flag alive while bound


cdef bint tc_poll(PyObject* fn, Py_ssize_t done, Py_ssize_t total) noexcept nogil:
    cdef tc_long n = tc_add(&tc_polls, 1) + 1
    cdef tc_long trap = tc_load(&tc_trap)
    cdef bint stop = (trap > 0 and n == trap) or tc_stop_now()
    cdef PyObject* r
    cdef int rc
    if tc_exc[0] != NULL:
        return True  # stopped already: every poll says so until the kernel's def raises
    if not stop and fn == NULL and PyThread_get_thread_ident() != MAIN:
        return False  # the handlers run only in the main thread: nothing to do under the GIL
    with gil:
        if stop:
            PyErr_SetNone(<PyObject*> KeyboardInterrupt)
            set_aside()
            return True
        if fn != NULL:
            r = PyObject_CallFunction(fn, "nn", done, total)
            if r == NULL:
                set_aside()
                return True
            Py_DECREF(r)
        rc = PyErr_CheckSignals()
        if rc < 0:
            set_aside()
    return rc < 0


cdef inline void set_aside() noexcept:
    """Move the exception just raised into tc_exc (dropping one left there), so that no exception
    is pending while the kernel unwinds: Python code that runs before its def raises (a lock's
    __exit__, a finally clause) would otherwise fail with SystemError."""
    cdef PyObject* t = tc_exc[0]
    cdef PyObject* v = tc_exc[1]
    cdef PyObject* tb = tc_exc[2]
    PyErr_Fetch(&tc_exc[0], &tc_exc[1], &tc_exc[2])
    Py_XDECREF(t)
    Py_XDECREF(v)
    Py_XDECREF(tb)


cdef bint tc_stopped() noexcept nogil:
    return tc_exc[0] != NULL


cdef void tc_restore_pending() noexcept:
    if tc_exc[0] != NULL:
        PyErr_Restore(tc_exc[0], tc_exc[1], tc_exc[2])
        tc_exc[0] = tc_exc[1] = tc_exc[2] = NULL


cdef int tc_raise_pending() except -1:
    cdef PyObject* t = tc_exc[0]
    if t == NULL:  # already raised (a kernel that restores it itself), or never set aside
        if PyErr_Occurred() == NULL:
            PyErr_SetString(<PyObject*> RuntimeError, b"a kernel stopped with no exception")
        return -1
    PyErr_Restore(t, tc_exc[1], tc_exc[2])  # steals the references
    tc_exc[0] = tc_exc[1] = tc_exc[2] = NULL
    return -1


def bind_stop(flag):
    """Make the kernels that this thread runs stop with KeyboardInterrupt at their next poll once
    ``flag[0]`` (an int32 array of one element, set from any thread) is not 0; ``None`` unbinds.
    """
    cdef int32_t[::1] f
    if flag is None:
        tc_stop_bind(NULL)
        _bound.flag = None
        return None
    f = flag
    if f.shape[0] != 1:
        raise ValueError(f"flag must be an int32 array of one element, got {f.shape[0]}")
    _bound.flag = flag
    tc_stop_bind(&f[0])
    return None


def poll_count():
    """The polls every kernel made (in every thread) since the last ``trap_poll``."""
    return int(tc_load(&tc_polls))


def trap_poll(Py_ssize_t k):
    """Count polls from 0 again, and make the k-th poll from now act as Ctrl-C (the kernel
    raises KeyboardInterrupt from it); 0: no trap. For tests."""
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tc_add(&tc_trap, -tc_load(&tc_trap))
    tc_add(&tc_polls, -tc_load(&tc_polls))
    tc_add(&tc_trap, <tc_long> k)
    return None
