#define _GNU_SOURCE
#include "files.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
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

int teletype_write_behind(int descriptor) {
#if defined(__linux__)
    if (sync_file_range(descriptor, 0, 0,
                        SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER) != 0) {
        return -1;
    }
    int advised = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED);
    if (advised != 0) {
        errno = advised;
        return -1;
    }
    return 0;
#else
    (void)descriptor;
    return 0;
#endif
}

void teletype_read_ahead(const char *path, long long offset, long long length) {
#if defined(__linux__)
    // Not blocking on a pipe's other end, and nothing but a regular file advised.
    int descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (descriptor < 0) return;
    struct stat status;
    if (fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)) {
        posix_fadvise(descriptor, (off_t)offset, (off_t)length, POSIX_FADV_WILLNEED);
    }
    close(descriptor);
#else
    (void)path;
    (void)offset;
    (void)length;
#endif
}
