# Shared union-find (disjoint sets) over int32 arrays, in two layouts:
# - uf_*: separate `parent` and `size` arrays, union by size, path halving. The caller owns both
#   (numpy scratch arrays); uf_init sets every element apart.
# - ds_*: ONE array (below), for the hottest loop we have, Kruskal carving.
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


# Union-find for Kruskal in ONE int32 array: parent[x] >= 0 is x's parent, parent[x] < 0 marks a
# root whose set has -parent[x] members. Half the memory traffic of the uf_* layout's separate
# parent and size arrays, which the carving feels: it is bound by memory latency, since doors come
# in random order (docs/benchmarks.md, "Tuned constants").

cdef inline int32_t ds_find(int32_t* parent, int32_t x) noexcept nogil:
    """The root of x's set; every node on the way is then pointed straight at it (full path
    compression: more cells end up one step from their root, which the Kruskal fast path uses)."""
    cdef int32_t root = x, t
    while parent[root] >= 0:
        root = parent[root]
    while x != root:
        t = parent[x]
        parent[x] = root
        x = t
    return root


cdef inline void ds_link(int32_t* parent, int32_t x, int32_t y) noexcept nogil:
    """Join the sets of distinct roots x and y, the smaller under the larger."""
    if parent[x] > parent[y]:          # x has fewer members
        x, y = y, x
    parent[x] += parent[y]
    parent[y] = x
