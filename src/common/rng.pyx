"""Small wrappers that expose the shared native helpers (random draws, union-find) to tests."""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from numpy.random cimport bitgen_t

from common.checks cimport check_count
from common.random cimport bitgen_of, bounded, shuffle_int32
from common.signals cimport POLL_MASK, raise_pending, signalled
from common.threads cimport tc_add, tc_load, tc_long, tc_pool, tc_pool_free, tc_pool_new, tc_pool_run
from common.unionfind cimport uf_find, uf_init, uf_union


def bounded_draws(bit_generator, uint32_t s, Py_ssize_t count):
    """``count`` unbiased draws in ``[0, s)`` from ``bit_generator`` (s >= 1), as uint32."""
    out = np.empty(count, dtype=np.uint32)
    cdef uint32_t[::1] o = out
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef Py_ssize_t i
    with bit_generator.lock, nogil:
        for i in range(count):
            o[i] = bounded(rng, s)
    return out


def shuffled(bit_generator, Py_ssize_t n):
    """``arange(n)`` shuffled by the native Fisher-Yates, as int32."""
    out = np.arange(n, dtype=np.int32)
    cdef int32_t[::1] o = out
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef bint stopped = False
    with bit_generator.lock:
        with nogil:
            if n > 1:
                stopped = shuffle_int32(rng, &o[0], n)
        if stopped:                        # raised inside the lock's block: it exits cleanly
            raise_pending()
    return out


def components(Py_ssize_t n, const int32_t[:, ::1] pairs):
    """Union the index pairs; return each element's root label (smallest member), as int32."""
    check_count(n, "n")
    if pairs.shape[1] != 2:
        raise ValueError(f"pairs must have shape (m, 2), got ({pairs.shape[0]}, {pairs.shape[1]})")
    parent = np.empty(n, dtype=np.int32)
    size = np.empty(n, dtype=np.int32)
    out = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] p = parent, s = size, o = out
    cdef Py_ssize_t i, m = pairs.shape[0]
    cdef int32_t root
    if n == 0:
        return out
    with nogil:
        uf_init(&p[0], &s[0], n)
        for i in range(m):
            uf_union(&p[0], &s[0], pairs[i, 0], pairs[i, 1])
        for i in range(n):
            o[i] = -1
        for i in range(n):
            root = uf_find(&p[0], <int32_t> i)
            if o[root] == -1:
                o[root] = <int32_t> i
        for i in range(n):
            o[i] = o[uf_find(&p[0], <int32_t> i)]
    return out


def busy_loop(uint64_t steps):
    """Spin ``steps`` times without the GIL, polling for Ctrl-C as every long kernel does
    (src/common/signals.pxd); returns the steps done. For the interrupt tests."""
    cdef uint64_t i = 0, acc = 0
    cdef bint stop = False
    with nogil:
        while i < steps:
            acc += i ^ (acc >> 3)
            i += 1
            if (i & POLL_MASK) == 0 and signalled():
                stop = True
                break
    if stop:
        raise_pending()
    return i + (acc & 0)


cdef void _count_task(void* arg, int worker, int task) noexcept nogil:
    tc_add(&(<tc_long*> arg)[task], 1)


def pool_stress(int threads, int64_t runs, int max_tasks, bit_generator):
    """Runs of 1 .. max_tasks tasks (sizes drawn from bit_generator) on a pool of ``threads``
    threads (src/common/threads.h), each task counting itself: the number of tasks done other
    than once, or done past the run's end (0 when the pool is right)."""
    cdef bitgen_t* rng = bitgen_of(bit_generator)
    cdef tc_long* counts = <tc_long*> calloc(max_tasks + 1, sizeof(tc_long))
    cdef tc_pool* pool = NULL
    cdef int64_t _r, bad = 0
    cdef int i, n
    if counts == NULL:
        raise MemoryError("pool_stress: no memory for the counts")
    try:
        with bit_generator.lock, nogil:
            pool = tc_pool_new(threads)
            for _r in range(runs):
                n = 1 + <int> bounded(rng, <uint32_t> max_tasks)
                for i in range(max_tasks + 1):
                    counts[i] = 0
                tc_pool_run(pool, _count_task, <void*> counts, n)
                for i in range(max_tasks + 1):
                    bad += tc_load(&counts[i]) != (1 if i < n else 0)
    finally:
        tc_pool_free(pool)
        free(counts)
    return bad
