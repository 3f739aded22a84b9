#ifndef TELETYPE_THREADS_H
#define TELETYPE_THREADS_H
#include <pthread.h>

// Starts a thread that runs `start(context)`. Where the process may run on several processors, the
// thread starts on one other than the caller's (the `spread`-th of the others, so that several
// threads start on different ones), and is then free to move as the scheduler sees fit: a new
// thread would otherwise start on its parent's processor, and the scheduler can take milliseconds
// to move it to an idle one. Returns pthread_create's result.
int teletype_thread_start(pthread_t *thread, void *(*start)(void *), void *context, int spread);

// How deep the calling thread is in work already spread over every core (0: not at all). Work
// spread from within such work runs on the calling thread: the cores are busy already, and a thread
// started for each piece would cost more than the piece.
int teletype_parallel_nesting(void);
// The calling thread enters (`teletype_parallel_enter`) and leaves (`teletype_parallel_leave`)
// work spread over every core.
void teletype_parallel_enter(void);
void teletype_parallel_leave(void);
#endif
