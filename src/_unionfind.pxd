# Shared union-find (disjoint sets) over int32 arrays: union by size, path halving.
# The caller owns `parent` and `size` (numpy scratch arrays); uf_init sets every element apart.
from libc.stdint cimport int32_t


cdef inline void uf_init(int32_t* parent, int32_t* size, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        parent[i] = <int32_t> i
        size[i] = 1


cdef inline int32_t uf_find(int32_t* parent, int32_t x) noexcept nogil:
    """The root of x's set, halving the path on the way."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


cdef inline bint uf_union(int32_t* parent, int32_t* size, int32_t a, int32_t b) noexcept nogil:
    """Join the sets of a and b; False (and nothing changed) when they were already one set."""
    a = uf_find(parent, a)
    b = uf_find(parent, b)
    if a == b:
        return False
    if size[a] < size[b]:
        a, b = b, a
    parent[b] = a
    size[a] += size[b]
    return True
