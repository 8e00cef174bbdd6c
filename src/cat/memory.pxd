# The proof-number search's memory: its table kept between searches (src/cat/pns.pyx, and the
# solver player of src/cat/play.pyx, through a game). Inline helpers, cimported as cat.memory; a new
# memory (a numpy array) comes from pns.pyx's mem_new; src/cat/engine.pyx's Memory owns one for the
# Python layer, which never reads its bytes.
#
# One uint8 buffer, owned by Python: a 16-byte header (int32 rows, cols; uint8 table bits, proved
# flag; int32 the proven block) and the table (keys, zones, proof, disproof and work numbers, as
# pns.pyx's Pns points at them). A search given a memory starts from what earlier searches stored:
# every entry is a fact about one exact position (the keys hash every blocked cell, the cat's cell
# and the side to move; a proof or a complete search's disproof holds wherever the position comes
# up), so a position proven won, and every position its proof went through, is proven again in
# one node while its entries last (proofs are replaced only by proofs). The iterative deepening
# search's proofs are copied in (mem_take_proof) as proven positions of the cat's turn.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from trapcore.cat._codes cimport RES_WIN
from trapcore.cat._search cimport Ctx, ctx_block, ctx_unblock

cdef enum:
    MEM_HEAD = 16         # header bytes
    MEM_INF = 1 << 30     # pns.pyx's INF: a proof's disproof number

cdef extern from *:
    """
    #define TRAPCORE_SIDE_AND 0x9E3779B97F4A7C15ULL
    """
    # mixed into pns.pyx's key of the cat's turn (the player's turn is the position's hash alone)
    const uint64_t MEM_SIDE_AND "TRAPCORE_SIDE_AND"


cdef inline int32_t pns_bits(int64_t budget, int32_t n) noexcept nogil:
    """The proof-number search's own table size (a search without a memory): about two entries
    per position, at most ~100 MB."""
    cdef int32_t bits = 0, per = 20 + 8 * ((n + 63) // 64)
    cdef int64_t v = budget * 2
    while v > 0:
        bits += 1
        v >>= 1
    bits = max(10, min(22, bits))
    while bits > 10 and ((<int64_t> 1) << bits) * per > (100 << 20):
        bits -= 1
    return bits


cdef inline int32_t mem_bits(int64_t pns_nodes, int32_t n) noexcept nogil:
    """A memory's table bits for proof-number searches of pns_nodes positions (at least 16): room
    for eight such searches a game, two entries a position, 2^12 to 2^16."""
    cdef int64_t v = max(<int64_t> 16, pns_nodes) * 16
    cdef int32_t bits = 0
    while v > 0:
        bits += 1
        v >>= 1
    return max(12, min(16, bits))


cdef inline size_t mem_size(int32_t bits, int32_t n) noexcept nogil:
    return MEM_HEAD + ((<size_t> 1) << bits) * (20 + 8 * <size_t> ((n + 63) // 64))


cdef inline int mem_check(uint8_t* mem, size_t size, int32_t rows,
                          int32_t cols) except -1 nogil:
    """ValueError unless mem is a memory for a board of rows x cols."""
    cdef int32_t* head = <int32_t*> mem
    if (size < MEM_HEAD or head[0] != rows or head[1] != cols or mem[8] < 10 or mem[8] > 24
            or size != mem_size(mem[8], rows * cols)):
        with gil:
            raise ValueError(f"memory: not a proof memory for a {rows} x {cols} board (make one "
                             "with new_memory)")
    return 0


cdef inline void mem_forget(uint8_t* mem) noexcept nogil:
    """Empty the table (a new game)."""
    cdef int32_t* head = <int32_t*> mem
    memset(mem + MEM_HEAD, 0, mem_size(mem[8], head[0] * head[1]) - MEM_HEAD)
    mem[9] = 0
    head[3] = -1


cdef inline void mem_note(uint8_t* mem, int res, int32_t best) noexcept nogil:
    """A memory records whether its last search proved a win, and the block."""
    if mem != NULL:
        mem[9] = res == RES_WIN and best >= 0
        (<int32_t*> mem)[3] = best if mem[9] else -1


cdef inline void mem_put_proof(uint8_t* mem, uint64_t key) noexcept nogil:
    """Store a proven position (pn 0) in a memory's table, as tt_put does."""
    cdef int32_t* head = <int32_t*> mem
    cdef int32_t n = head[0] * head[1], W = (n + 63) // 64
    cdef uint64_t tt = (<uint64_t> 1) << mem[8], i = key & (tt - 1), j = i ^ 1
    cdef uint64_t* tkey = <uint64_t*> (mem + MEM_HEAD)
    cdef uint32_t* tpn = <uint32_t*> (tkey + tt + tt * W)
    cdef uint32_t* tdn = tpn + tt
    cdef uint32_t* twork = tdn + tt
    if tkey[i] != key:
        if tkey[j] == key or twork[j] < twork[i]:
            i = j
    tkey[i] = key
    tpn[i] = 0
    tdn[i] = MEM_INF
    twork[i] = 0xFFFFFFFF


cdef inline int64_t take_or(uint8_t* mem, Ctx* x, int32_t cat, int32_t block,
                            int64_t steps) noexcept nogil:
    """The iterative deepening search's proof of the position (the player to move, won, with
    block its winning block or -1: from x's table) copied into mem, down every cat reply while
    x's table names the winning blocks and steps last: each winning block's position (the cat
    to move) is stored as proven. Returns the steps left."""
    cdef int32_t n = x.n, j, q
    cdef uint64_t key, idx
    if steps <= 0 or x.border[cat]:
        return steps
    if block < 0:
        key = (x.hash ^ x.zob[n + cat] ^ x.salt) | 1  # search.pyx's pnode key
        idx = key & x.tt_mask
        if x.tt_key[idx] != key or x.tt_res[idx] != RES_WIN or x.tt_best[idx] < 0:
            return steps  # not in the table (a static win, or the entry was replaced)
        block = x.tt_best[idx]
    if x.board[block] or block == cat:
        return steps
    ctx_block(x, block)
    mem_put_proof(mem, x.hash ^ x.zob[n + cat] ^ MEM_SIDE_AND)  # pns.pyx's key, the cat's turn
    steps -= 1
    for j in range(6):
        q = x.nbr[cat * 6 + j]
        if q >= 0 and not x.board[q]:
            steps = take_or(mem, x, q, -1, steps)
    ctx_unblock(x, block)
    return steps


cdef inline void mem_take_proof(uint8_t* mem, Ctx* x, int32_t cat, int32_t block) noexcept nogil:
    """After the iterative deepening search (x, its table as it left it) proved the position won
    with block: its proof into mem (at most 4096 positions), and mem notes the proven block."""
    take_or(mem, x, cat, block, 4096)
    mem_note(mem, RES_WIN, block)
