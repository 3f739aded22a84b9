#ifndef TELETYPE_FILES_H
#define TELETYPE_FILES_H

// Starts writing the data of the file open as `descriptor` to its disk, without waiting for it
// (Linux's sync_file_range): many files written one after another reach the disk while the next
// are made, and a later `teletype_sync_file_system` finds little left to wait for. Does nothing
// elsewhere. Returns 0, or -1 with errno set.
int teletype_start_writeback(int descriptor);

// Waits until everything written to the file system that holds the file or folder open as
// `descriptor` is on its disk (Linux's syncfs; sync elsewhere). Returns 0, or -1 with errno set.
int teletype_sync_file_system(int descriptor);

// Waits until the data written to the file open as `descriptor` is on its disk, then lets the
// system drop it from its cache (Linux's sync_file_range and posix_fadvise DONTNEED): an archive
// of hundreds of megabytes written once keeps reusing the same memory rather than pushing the
// rest of the machine's cached files out (and, in a virtual machine, taking fresh pages from its
// host, each faulted in). Does nothing elsewhere. Returns 0, or -1 with errno set.
int teletype_write_behind(int descriptor);

// Asks the system to start reading `length` bytes from `offset` of the file at `path` (to its end
// when `length` is 0) into its cache, without waiting for them (Linux's posix_fadvise WILLNEED):
// a file read soon after is then there, where reading it would have waited on its disk. Does
// nothing for what is not a regular file, or elsewhere.
void teletype_read_ahead(const char *path, long long offset, long long length);
#endif
