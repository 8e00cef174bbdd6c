# Native threads for the kernels: a pool whose threads and the caller share a run of independent
# tasks (src/common/threads.h, header-only C; POSIX or Windows threads). The proof-number search
# (src/cat/pns.pyx) evaluates the children of a position on it. A task function runs without the
# GIL on any of the threads, so it must not touch Python objects; the run's result is the same
# whatever the number of threads. Ctrl-C: a run's tasks are short (one child's evaluation), and the
# thread that starts the runs polls between them, so the pool's threads never poll; its owner
# frees it (joining the threads) in a `finally`, so no thread outlives the kernel. Python thread
# pools running kernels (trapcore/_threads.py) stop through a flag instead (src/common/signals.pxd).

cdef extern from "common/threads.h" nogil:
    ctypedef struct tc_pool:
        pass
    ctypedef long tc_long
    tc_long tc_add(tc_long* x, tc_long v)   # atomic: add, and return the old value
    tc_long tc_load(tc_long* x)             # atomic read
    ctypedef void (*tc_task_fn)(void* arg, int worker, int task) noexcept nogil
    tc_pool* tc_pool_new(int k)
    void tc_pool_free(tc_pool* p)
    int tc_pool_workers(const tc_pool* p)
    void tc_pool_run(tc_pool* p, tc_task_fn fn, void* arg, int ntasks)
