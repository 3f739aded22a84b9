#ifndef TELETYPE_BYTES_H
#define TELETYPE_BYTES_H
#include <stddef.h>

/// Where `needle` (`needle_length` bytes) first occurs in `haystack`, or NULL: the C library's
/// `memmem`, which Swift's Glibc module does not show.
const void *teletype_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
