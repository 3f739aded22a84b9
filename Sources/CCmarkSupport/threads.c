#define _GNU_SOURCE
#include "threads.h"
#include <stdlib.h>

static _Thread_local int teletype_nesting = 0;

int teletype_parallel_nesting(void) { return teletype_nesting; }
void teletype_parallel_enter(void) { teletype_nesting++; }
void teletype_parallel_leave(void) { teletype_nesting--; }

#if defined(__linux__)
#include <sched.h>

struct teletype_start {
    void *(*start)(void *);
    void *context;
    cpu_set_t mask;
    int restore;
};

#if defined(__GLIBC__)
// glibc gives a new thread an arena of its own whose heap is made writable a little at a time, as
// it is used: a system call (mprotect) each time, and each one in a process of several threads
// changes the map every thread shares (a hundred of them for a 260 KB document's pieces, some 3% of
// its time). The heap is grown by two megabytes once instead: a block that size is taken and given
// back (the first time, it is mapped on its own, and giving it back raises glibc's threshold for
// that above it, as any large block given back does; the second, the arena's heap holds it). The
// memory is not touched, so it costs nothing until it is used.
static void teletype_grow_arena(void) {
    enum { size = 2 << 20 };
    for (int time = 0; time < 2; time++) {
        // Volatile: a block taken and given back untouched is otherwise no call at all.
        void *volatile block = malloc(size - 4096);
        free(block);
    }
}
#endif

// Gives the thread back the processors the process may use, then runs its work.
static void *teletype_trampoline(void *raw) {
    struct teletype_start start = *(struct teletype_start *)raw;
    free(raw);
    if (start.restore) pthread_setaffinity_np(pthread_self(), sizeof(start.mask), &start.mask);
#if defined(__GLIBC__)
    teletype_grow_arena();
#endif
    return start.start(start.context);
}

int teletype_thread_start(pthread_t *thread, void *(*start)(void *), void *context, int spread) {
    struct teletype_start *info = malloc(sizeof *info);
    if (!info) return pthread_create(thread, NULL, start, context);
    info->start = start;
    info->context = context;
    info->restore = 0;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (sched_getaffinity(0, sizeof(info->mask), &info->mask) == 0) {
        int here = sched_getcpu();
        int others = 0;
        for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
            if (CPU_ISSET(cpu, &info->mask) && cpu != here) others++;
        if (others > 0) {
            int wanted = spread % others;
            cpu_set_t elsewhere;
            CPU_ZERO(&elsewhere);
            for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
                if (!CPU_ISSET(cpu, &info->mask) || cpu == here) continue;
                if (wanted-- == 0) {
                    CPU_SET(cpu, &elsewhere);
                    break;
                }
            }
            if (pthread_attr_setaffinity_np(&attr, sizeof(elsewhere), &elsewhere) == 0) info->restore = 1;
        }
    }
    int result = pthread_create(thread, &attr, teletype_trampoline, info);
    pthread_attr_destroy(&attr);
    if (result != 0) free(info);
    return result;
}
#else
int teletype_thread_start(pthread_t *thread, void *(*start)(void *), void *context, int spread) {
    (void)spread;
    return pthread_create(thread, NULL, start, context);
}
#endif
