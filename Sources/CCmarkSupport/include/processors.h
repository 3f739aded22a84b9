#ifndef TELETYPE_PROCESSORS_H
#define TELETYPE_PROCESSORS_H
// The processors the calling thread may run on, from its CPU affinity mask (what `taskset` sets);
// zero where the mask cannot be read. Swift sees no `sched_getaffinity`, which glibc declares for
// GNU sources only.
int teletype_affinity_processors(void);
#endif
