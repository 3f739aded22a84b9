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

// Gives the thread back the processors the process may use, then runs its work.
static void *teletype_trampoline(void *raw) {
    struct teletype_start start = *(struct teletype_start *)raw;
    free(raw);
    if (start.restore) pthread_setaffinity_np(pthread_self(), sizeof(start.mask), &start.mask);
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
