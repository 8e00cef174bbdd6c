# Scratch memory of a kernel call, one ownership pattern for all of them: the `def` declares
# `cdef Scratch s = Scratch(NULL, NULL)`, then in `try:` calls scratch_alloc (which raises
# MemoryError itself, with the GIL, and is the only place that checks malloc), runs the kernel
# without the GIL on s.i32 / s.u8, and in `finally:` calls scratch_free (a no-op on NULLs).
# cimported as `from common.scratch cimport Scratch, scratch_alloc, scratch_free`.
from libc.stdint cimport int32_t, uint8_t
from libc.stdlib cimport free, malloc

cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* As numpy does for its arrays: ask Linux for huge pages on large blocks (far fewer page
       faults and TLB misses for the random access of carving and union-find). */
    static inline void trapcore_hugepages(void* p, size_t size) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (p != NULL && size >= ((size_t)1 << 22)) {
            size_t offset = 4096u - (size_t)p % 4096u;
            madvise((char*)p + offset, size - offset, MADV_HUGEPAGE);
        }
    #else
        (void)p; (void)size;
    #endif
    }
    """
    void hugepages "trapcore_hugepages"(void* p, size_t size) noexcept nogil


ctypedef struct Scratch:
    int32_t* i32    # int32 entries (stacks, queues, union-find parents...)
    uint8_t* u8     # byte entries (flags, directions...)


cdef inline int scratch_alloc(Scratch* s, Py_ssize_t ints, Py_ssize_t nbytes) except -1 nogil:
    """Give s `ints` int32 and `nbytes` byte entries (at least one each); raise MemoryError when
    malloc fails (what was given is still freed by the caller's scratch_free)."""
    s.i32 = <int32_t*> malloc(<size_t> (ints if ints > 0 else 1) * sizeof(int32_t))
    s.u8 = <uint8_t*> malloc(<size_t> (nbytes if nbytes > 0 else 1))
    hugepages(s.i32, <size_t> ints * sizeof(int32_t))
    hugepages(s.u8, <size_t> nbytes)
    if s.i32 == NULL or s.u8 == NULL:
        with gil:
            raise MemoryError(f"cannot allocate scratch memory: {ints} int32, {nbytes} bytes")
    return 0


cdef inline void scratch_free(Scratch* s) noexcept nogil:
    """Free what scratch_alloc gave (safe on NULLs and twice)."""
    free(s.i32)
    free(s.u8)
    s.i32 = NULL
    s.u8 = NULL
