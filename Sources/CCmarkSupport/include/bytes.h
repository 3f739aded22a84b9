#ifndef TELETYPE_BYTES_H
#define TELETYPE_BYTES_H
#include <stddef.h>

/// Where `needle` (`needle_length` bytes) first occurs in `haystack`, or NULL: the C library's
/// `memmem`, which Swift's Glibc module does not show.
const void *teletype_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// The first place at or after `from` (below `count`) where the pair of bytes there (the byte
/// and the next, or 0 past the last) is marked in `pairs` (65,536 flags, `first << 8 | second`);
/// `count` when none is. What the secret redactor looks for a rule's first bytes with: a tight
/// loop over every byte of a text, the one cost most text has.
size_t teletype_next_marked_pair(const unsigned char *bytes, size_t count, size_t from, const unsigned char *pairs);

#endif
