#define _GNU_SOURCE
#include "processors.h"

#if defined(__linux__)
#include <sched.h>

int teletype_affinity_processors(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    return CPU_COUNT(&set);
}
#else
int teletype_affinity_processors(void) { return 0; }
#endif
