# What every kernel's Ctrl-C poll does, defined once in src/common/interrupt.pyx (the module
# trapcore._interrupt) so that its state is one per process, not one per module: the stop flag of
# the thread pool a kernel runs on, and the test hook that counts polls. Kernels do not cimport
# this: they poll through src/common/signals.pxd.
from cpython.ref cimport PyObject


cdef bint tc_poll(PyObject* fn, Py_ssize_t done, Py_ssize_t total) noexcept nogil
cdef int tc_raise_pending() except -1
cdef bint tc_stopped() noexcept nogil
cdef void tc_restore_pending() noexcept
