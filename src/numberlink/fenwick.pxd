# Fenwick (binary indexed) trees of int32 counts over n items: add to one item, find the item of
# a given rank. Inline helpers, cimported as numberlink.fenwick (src/numberlink/paths.pyx keeps
# the free nodes of each free degree in one, to draw a path's start in O(log n)).
from libc.stdint cimport int32_t


cdef inline void fw_add(int32_t* t, Py_ssize_t n, Py_ssize_t i, int32_t d) noexcept nogil:
    """Add d to item i (0-based) of tree t."""
    i += 1
    while i <= n:
        t[i - 1] += d
        i += i & -i


cdef inline Py_ssize_t fw_select(const int32_t* t, Py_ssize_t n, Py_ssize_t top,
                                 int32_t k) noexcept nogil:
    """The item of rank k (0-based) in tree t; top is the highest power of two <= n."""
    cdef Py_ssize_t pos = 0, step = top
    while step:
        if pos + step <= n and t[pos + step - 1] <= k:
            pos += step
            k -= t[pos - 1]
        step >>= 1
    return pos if pos < n else n - 1  # (only a corrupt tree reaches n)
