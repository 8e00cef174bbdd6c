# Counter-based randomness inside kernels: numpy's Philox4x64-10, bit for bit, with no Python
# object per stream. cimported as `from common.philox cimport ...`.
#
# philox_seed(&state, key0, key1, item, attempt) starts the stream that
# numpy.random.Philox(key=[key0, key1], counter=[0, 0, item, attempt]) gives (the policy of
# trapcore/_seeding.py: item k of a batch has counter word 2 = k), and philox_bitgen(&bitgen, &state)
# wraps it as a numpy bitgen_t, so every helper of common/random.pxd draws from it unchanged:
#     cdef philox_state st
#     cdef bitgen_t bg
#     philox_bitgen(&bg, &st)
#     philox_seed(&st, key0, key1, k, 0)
#     j = bounded(&bg, n)
# Draws match numpy's: next_uint64 is one buffered 64-bit output (a block of four per counter
# step, the counter incremented before each block); next_uint32 halves one, low half first.
from libc.stdint cimport uint32_t, uint64_t
from numpy.random cimport bitgen_t

cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__SIZEOF_INT128__)
    static inline uint64_t trapcore_mulhilo64(uint64_t a, uint64_t b,
                                                        uint64_t *hi) {
        unsigned __int128 p = (unsigned __int128)a * b;
        *hi = (uint64_t)(p >> 64);
        return (uint64_t)p;
    }
    #elif defined(_MSC_VER) && defined(_M_X64)
    #include <intrin.h>
    static inline uint64_t trapcore_mulhilo64(uint64_t a, uint64_t b,
                                                        uint64_t *hi) {
        return _umul128(a, b, hi);
    }
    #else
    static inline uint64_t trapcore_mulhilo64(uint64_t a, uint64_t b,
                                                        uint64_t *hi) {
        uint64_t a0 = a & UINT64_C(0xFFFFFFFF), a1 = a >> 32, b0 = b & UINT64_C(0xFFFFFFFF), b1 = b >> 32;
        uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
        uint64_t mid = (p00 >> 32) + (p01 & UINT64_C(0xFFFFFFFF)) + (p10 & UINT64_C(0xFFFFFFFF));
        *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
        return (mid << 32) | (p00 & UINT64_C(0xFFFFFFFF));
    }
    #endif
    """
    uint64_t mulhilo64 "trapcore_mulhilo64"(uint64_t a, uint64_t b, uint64_t* hi) noexcept nogil


cdef struct philox_state:
    uint64_t ctr[4]
    uint64_t key[2]
    uint64_t buffer[4]
    int buffer_pos
    int has_uint32
    uint32_t uinteger


cdef inline void philox_block(philox_state* s) noexcept nogil:
    """Increment the counter (with carry) and compute the next four outputs (ten rounds)."""
    cdef uint64_t c0, c1, c2, c3, k0 = s.key[0], k1 = s.key[1], hi0, lo0, hi1, lo1
    cdef int r
    s.ctr[0] += 1
    if s.ctr[0] == 0:
        s.ctr[1] += 1
        if s.ctr[1] == 0:
            s.ctr[2] += 1
            if s.ctr[2] == 0:
                s.ctr[3] += 1
    c0 = s.ctr[0]
    c1 = s.ctr[1]
    c2 = s.ctr[2]
    c3 = s.ctr[3]
    for r in range(10):
        if r:
            k0 += <uint64_t> 0x9E3779B97F4A7C15
            k1 += <uint64_t> 0xBB67AE8584CAA73B
        lo0 = mulhilo64(<uint64_t> 0xD2E7470EE14C6C93, c0, &hi0)
        lo1 = mulhilo64(<uint64_t> 0xCA5A826395121157, c2, &hi1)
        c0 = hi1 ^ c1 ^ k0
        c1 = lo1
        c2 = hi0 ^ c3 ^ k1
        c3 = lo0
    s.buffer[0] = c0
    s.buffer[1] = c1
    s.buffer[2] = c2
    s.buffer[3] = c3
    s.buffer_pos = 0


cdef inline void philox_seed(philox_state* s, uint64_t key0, uint64_t key1, uint64_t item,
                             uint64_t attempt) noexcept nogil:
    """Start the stream of numpy's Philox(key=[key0, key1], counter=[0, 0, item, attempt])."""
    s.key[0] = key0
    s.key[1] = key1
    s.ctr[0] = 0
    s.ctr[1] = 0
    s.ctr[2] = item
    s.ctr[3] = attempt
    s.buffer_pos = 4
    s.has_uint32 = 0
    s.uinteger = 0


cdef inline uint64_t philox_next64(void* st) noexcept nogil:
    cdef philox_state* s = <philox_state*> st
    if s.buffer_pos >= 4:
        philox_block(s)
    s.buffer_pos += 1
    return s.buffer[s.buffer_pos - 1]


cdef inline uint32_t philox_next32(void* st) noexcept nogil:
    cdef philox_state* s = <philox_state*> st
    cdef uint64_t x
    if s.has_uint32:
        s.has_uint32 = 0
        return s.uinteger
    x = philox_next64(st)
    s.has_uint32 = 1
    s.uinteger = <uint32_t> (x >> 32)
    return <uint32_t> x


cdef inline double philox_next_double(void* st) noexcept nogil:
    return (philox_next64(st) >> 11) * (1.0 / 9007199254740992.0)


cdef inline void philox_bitgen(bitgen_t* bg, philox_state* s) noexcept nogil:
    """Make ``bg`` a numpy bitgen_t that draws from ``s``."""
    bg.state = <void*> s
    bg.next_uint64 = &philox_next64
    bg.next_uint32 = &philox_next32
    bg.next_double = &philox_next_double
    bg.next_raw = &philox_next64
