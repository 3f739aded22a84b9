#ifndef TELETYPE_THREADS_H
#define TELETYPE_THREADS_H
#include <pthread.h>

// Starts a thread that runs `start(context)`. Where the process may run on several processors, the
// thread starts on one other than the caller's (the `spread`-th of the others, so that several
// threads start on different ones), and is then free to move as the scheduler sees fit: a new
// thread would otherwise start on its parent's processor, and the scheduler can take milliseconds
// to move it to an idle one. Returns pthread_create's result.
int teletype_thread_start(pthread_t *thread, void *(*start)(void *), void *context, int spread);
#endif
