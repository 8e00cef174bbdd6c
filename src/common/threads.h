/* A tiny pool of native threads for the kernels (declared for Cython in src/common/threads.pxd).
 *
 * tc_pool_new(k) starts k threads that sleep until tc_pool_run(pool, fn, arg, ntasks) hands out
 * the tasks 0 .. ntasks-1: the calling thread works on them too (as worker 0; the pool's threads
 * are workers 1 .. k), each task goes to whichever worker claims it first, and tc_pool_run
 * returns when every task is done. So a kernel whose tasks are independent gets the same result
 * whatever the number of threads, only sooner. fn must not touch Python objects (the threads
 * never hold the GIL) and must not call tc_pool_run itself. tc_pool_free(pool) stops and joins
 * the threads; NULL is an empty pool (tc_pool_run then runs every task in the caller).
 *
 * POSIX threads, or Windows threads and condition variables; header-only (static functions).
 */
#ifndef TRAPCORE_THREADS_H
#define TRAPCORE_THREADS_H

#include <stdlib.h>

typedef void (*tc_task_fn)(void *arg, int worker, int task);

#ifdef _WIN32
#include <windows.h>
typedef SRWLOCK tc_mutex;
typedef CONDITION_VARIABLE tc_cond;
typedef HANDLE tc_thread;
#define tc_mutex_init(m) (InitializeSRWLock(m), 0)
#define tc_mutex_destroy(m) ((void)0)
#define tc_lock(m) AcquireSRWLockExclusive(m)
#define tc_unlock(m) ReleaseSRWLockExclusive(m)
#define tc_cond_init(c) (InitializeConditionVariable(c), 0)
#define tc_cond_destroy(c) ((void)0)
#define tc_wait(c, m) SleepConditionVariableSRW(c, m, INFINITE, 0)
#define tc_signal(c) WakeConditionVariable(c)
#define tc_broadcast(c) WakeAllConditionVariable(c)
#else
#include <pthread.h>
typedef pthread_mutex_t tc_mutex;
typedef pthread_cond_t tc_cond;
typedef pthread_t tc_thread;
#define tc_mutex_init(m) pthread_mutex_init(m, NULL)
#define tc_mutex_destroy(m) pthread_mutex_destroy(m)
#define tc_lock(m) pthread_mutex_lock(m)
#define tc_unlock(m) pthread_mutex_unlock(m)
#define tc_cond_init(c) pthread_cond_init(c, NULL)
#define tc_cond_destroy(c) pthread_cond_destroy(c)
#define tc_wait(c, m) pthread_cond_wait(c, m)
#define tc_signal(c) pthread_cond_signal(c)
#define tc_broadcast(c) pthread_cond_broadcast(c)
#endif

/* Atomic operations (sequentially consistent) on longs, and a pause for spin loops. */
#ifdef _WIN32
#define tc_load(x) InterlockedCompareExchange((volatile LONG *)(x), 0, 0)
#define tc_store(x, v) InterlockedExchange((volatile LONG *)(x), (LONG)(v))
#define tc_add(x, v) InterlockedExchangeAdd((volatile LONG *)(x), (LONG)(v))
#define tc_pause() YieldProcessor()
#define tc_yield() SwitchToThread()
#define tc_load64(x) InterlockedCompareExchange64((volatile LONG64 *)(x), 0, 0)
#define tc_store64(x, v) InterlockedExchange64((volatile LONG64 *)(x), (LONG64)(v))
#define tc_cas64(x, old, v) \
    (InterlockedCompareExchange64((volatile LONG64 *)(x), (LONG64)(v), (LONG64)(old)) == (old))
typedef LONG tc_long;
typedef LONG64 tc_long64;
#else
#define tc_load(x) __atomic_load_n(x, __ATOMIC_SEQ_CST)
#define tc_store(x, v) __atomic_store_n(x, v, __ATOMIC_SEQ_CST)
#define tc_add(x, v) __atomic_fetch_add(x, v, __ATOMIC_SEQ_CST)
#if defined(__x86_64__) || defined(__i386__)
#define tc_pause() __builtin_ia32_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define tc_pause() __asm__ __volatile__("yield")
#else
#define tc_pause() ((void)0)
#endif
#include <sched.h>
#define tc_yield() sched_yield()
#define tc_load64(x) __atomic_load_n(x, __ATOMIC_SEQ_CST)
#define tc_store64(x, v) __atomic_store_n(x, v, __ATOMIC_SEQ_CST)
static inline int tc_cas64_(long long *x, long long old, long long v) {
    return __atomic_compare_exchange_n(x, &old, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
#define tc_cas64(x, old, v) tc_cas64_(x, old, v)
typedef long tc_long;
typedef long long tc_long64;
#endif

/* A worker spins this many pauses (about 0.1 ms) waiting for the next run before it sleeps: runs
 * come every few tens of microseconds in a search, and waking a sleeping thread costs about as
 * much. The caller waiting for the run's last tasks spins TC_SPIN_RUN pauses, then yields its
 * core at each look (more threads than cores: the worker it waits for may need it). */
#define TC_SPIN 2000
#define TC_SPIN_RUN 200

typedef struct tc_pool tc_pool;

typedef struct {
    tc_pool *pool;
    int id;
} tc_worker_arg;

struct tc_pool {
    tc_mutex mu;      /* guards only the sleep: go, sleepers */
    tc_cond go;       /* a new run (or quit) for the sleeping threads */
    int threads;      /* started */
    tc_thread *th;
    tc_worker_arg *args;
    tc_long run;      /* atomic: runs started (the caller alone moves it) */
    tc_long64 ticket; /* atomic: the run (bits 32-63), its tasks (16-31), the next to claim (0-15) */
    tc_long done;     /* atomic: tasks of the run done */
    tc_long sleepers; /* atomic: threads asleep on go */
    tc_long quit;     /* atomic */
    tc_task_fn fn;    /* the run (written before its ticket, read after a claim) */
    void *arg;
};

/* The most tasks one run hands out (tc_pool_run splits bigger ones). */
#define TC_MAX_TASKS 0xFFFF

/* Claim and do tasks of run r until none is left. A claim is a compare and swap of the whole
 * ticket, which holds the run, its number of tasks and the next task: so a thread that comes late
 * (the run over, or the next one begun) claims nothing, and a claimed task's fields (fn, arg)
 * were written before its run's ticket. */
static inline void tc_work(tc_pool *p, int id, tc_long r) {
    tc_long64 v, tag = ((tc_long64)(r & 0x7FFFFFFF)) << 32;
    int t;
    for (;;) {
        v = tc_load64(&p->ticket);
        if ((v & ~(tc_long64)0xFFFFFFFF) != tag)
            return;
        t = (int)(v & 0xFFFF);
        if (t >= (int)((v >> 16) & 0xFFFF))
            return;
        if (tc_cas64(&p->ticket, v, v + 1)) {
            p->fn(p->arg, id, t);
            tc_add(&p->done, 1);
        }
    }
}

#ifdef _WIN32
static DWORD WINAPI tc_main(LPVOID a)
#else
static void *tc_main(void *a)
#endif
{
    tc_worker_arg *w = (tc_worker_arg *)a;
    tc_pool *p = w->pool;
    tc_long seen = 0;
    long spins;
    for (;;) {
        spins = 0;
        while (tc_load(&p->run) == seen && !tc_load(&p->quit)) {
            if (++spins < TC_SPIN) {
                tc_pause();
                continue;
            }
            tc_lock(&p->mu);
            tc_add(&p->sleepers, 1);
            while (tc_load(&p->run) == seen && !tc_load(&p->quit))
                tc_wait(&p->go, &p->mu);
            tc_add(&p->sleepers, -1);
            tc_unlock(&p->mu);
        }
        if (tc_load(&p->quit))
            break;
        seen = tc_load(&p->run);
        tc_work(p, w->id, seen);
    }
    return 0;
}

static inline void tc_pool_free(tc_pool *p) {
    int i;
    if (p == NULL)
        return;
    tc_store(&p->quit, 1);
    tc_lock(&p->mu);
    tc_broadcast(&p->go);
    tc_unlock(&p->mu);
    for (i = 0; i < p->threads; i++) {
#ifdef _WIN32
        WaitForSingleObject(p->th[i], INFINITE);
        CloseHandle(p->th[i]);
#else
        pthread_join(p->th[i], NULL);
#endif
    }
    tc_cond_destroy(&p->go);
    tc_mutex_destroy(&p->mu);
    free(p->th);
    free(p->args);
    free(p);
}

/* A pool of k >= 1 threads, or NULL when memory or threads run out (the caller then works alone:
 * tc_pool_run(NULL, ...) is correct, only not parallel). */
static inline tc_pool *tc_pool_new(int k) {
    int i;
    tc_pool *p;
    if (k < 1)
        return NULL;
    p = (tc_pool *)calloc(1, sizeof(tc_pool));
    if (p == NULL)
        return NULL;
    p->th = (tc_thread *)calloc((size_t)k, sizeof(tc_thread));
    p->args = (tc_worker_arg *)calloc((size_t)k, sizeof(tc_worker_arg));
    if (p->th == NULL || p->args == NULL || tc_mutex_init(&p->mu) != 0) {
        free(p->th);
        free(p->args);
        free(p);
        return NULL;
    }
    if (tc_cond_init(&p->go) != 0) {
        tc_mutex_destroy(&p->mu);
        free(p->th);
        free(p->args);
        free(p);
        return NULL;
    }
    for (i = 0; i < k; i++) {
        p->args[i].pool = p;
        p->args[i].id = i + 1;
#ifdef _WIN32
        p->th[i] = CreateThread(NULL, 0, tc_main, &p->args[i], 0, NULL);
        if (p->th[i] == NULL)
            break;
#else
        if (pthread_create(&p->th[i], NULL, tc_main, &p->args[i]) != 0)
            break;
#endif
        p->threads = i + 1;
    }
    if (p->threads == 0) {
        tc_pool_free(p);
        return NULL;
    }
    return p;
}

/* Workers a pool has, the caller included. */
static inline int tc_pool_workers(const tc_pool *p) { return p == NULL ? 1 : p->threads + 1; }

/* Tasks first .. first+ntasks-1 of fn's, on the caller and the pool's threads (0 < ntasks <=
 * TC_MAX_TASKS); returns when all are done (spinning meanwhile: the tasks are short). */
typedef struct {
    tc_task_fn fn;
    void *arg;
    int first;
} tc_chunk;

static inline void tc_chunk_task(void *a, int worker, int task) {
    tc_chunk *c = (tc_chunk *)a;
    c->fn(c->arg, worker, c->first + task);
}

static inline void tc_pool_run_chunk(tc_pool *p, tc_task_fn fn, void *arg, int ntasks) {
    long spins = 0;
    tc_long r = p->run + 1;
    /* every task of the last run is done, and no thread claims one any more: the fields are free */
    p->fn = fn;
    p->arg = arg;
    tc_store(&p->done, 0);
    tc_store64(&p->ticket, (((tc_long64)(r & 0x7FFFFFFF)) << 32) | ((tc_long64)ntasks << 16));
    tc_store(&p->run, r);
    if (tc_load(&p->sleepers) > 0) {
        tc_lock(&p->mu);
        tc_broadcast(&p->go);
        tc_unlock(&p->mu);
    }
    tc_work(p, 0, r);
    while (tc_load(&p->done) < ntasks) {
        if (++spins < TC_SPIN_RUN)
            tc_pause();
        else
            tc_yield();
    }
}

/* Do tasks 0 .. ntasks-1 with fn, on the caller and the pool's threads; returns when all are done. */
static inline void tc_pool_run(tc_pool *p, tc_task_fn fn, void *arg, int ntasks) {
    int t;
    tc_chunk c;
    if (p == NULL || ntasks <= 1) {
        for (t = 0; t < ntasks; t++)
            fn(arg, 0, t);
        return;
    }
    if (ntasks <= TC_MAX_TASKS) {
        tc_pool_run_chunk(p, fn, arg, ntasks);
        return;
    }
    c.fn = fn;
    c.arg = arg;
    for (c.first = 0; c.first < ntasks; c.first += TC_MAX_TASKS)
        tc_pool_run_chunk(p, tc_chunk_task, &c,
                          ntasks - c.first < TC_MAX_TASKS ? ntasks - c.first : TC_MAX_TASKS);
}

#endif /* TRAPCORE_THREADS_H */
