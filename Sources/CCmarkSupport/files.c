#define _GNU_SOURCE
#include "files.h"
#include <fcntl.h>
#include <unistd.h>

int teletype_start_writeback(int descriptor) {
#if defined(__linux__)
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    return 0;
#endif
}

int teletype_sync_file_system(int descriptor) {
#if defined(__linux__)
    return syncfs(descriptor);
#else
    (void)descriptor;
    sync();
    return 0;
#endif
}
