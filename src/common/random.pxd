# Shared random-number helpers for every kernel: draws come from a numpy BitGenerator's bitgen_t,
# never from rand() or global state. cimported as `from common.random cimport ...`.
#
# Usage in a kernel (the Python layer passes `generator.bit_generator`):
#     cdef bitgen_t* rng = bitgen_of(bit_generator)
#     with bit_generator.lock, nogil:
#         k = bounded(rng, n)
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int32_t, uint32_t, uint64_t
from numpy.random cimport bitgen_t

from common.signals cimport POLL_MASK, Progress, poll


cdef inline bitgen_t* bitgen_of(object bit_generator) except NULL:
    """The bitgen_t behind a numpy BitGenerator (needs the GIL)."""
    return <bitgen_t*> PyCapsule_GetPointer(bit_generator.capsule, "BitGenerator")


cdef inline uint32_t bounded(bitgen_t* rng, uint32_t s) noexcept nogil:
    """An unbiased integer in [0, s), s >= 1 (Lemire's multiply-and-reject on 32-bit draws)."""
    cdef uint32_t x = rng.next_uint32(rng.state)
    cdef uint64_t m = <uint64_t> x * <uint64_t> s
    cdef uint32_t low = <uint32_t> m
    cdef uint32_t threshold
    if low < s:
        threshold = (<uint32_t> 0 - s) % s
        while low < threshold:
            x = rng.next_uint32(rng.state)
            m = <uint64_t> x * <uint64_t> s
            low = <uint32_t> m
    return <uint32_t> (m >> 32)


cdef inline double uniform01(bitgen_t* rng) noexcept nogil:
    """A double in [0, 1) with 53 random bits."""
    return (rng.next_uint64(rng.state) >> 11) * (1.0 / 9007199254740992.0)


cdef inline bint shuffle_int32(bitgen_t* rng, int32_t* a, Py_ssize_t n,
                               Progress* progress=NULL) noexcept nogil:
    """Fisher-Yates shuffle of a[0:n] in place (from the back, as numpy does). Polls for Ctrl-C
    (common/signals.pxd), reporting the entries done to `progress`, and returns True, a[] part
    shuffled, when it came."""
    cdef Py_ssize_t i, j
    cdef int32_t t
    i = n - 1
    while i > 0:
        if (i & POLL_MASK) == 0 and poll(progress, n - i):
            return True
        j = bounded(rng, <uint32_t> (i + 1))
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i -= 1
    return False
