#define _GNU_SOURCE
#include <string.h>
#include "bytes.h"

const void *teletype_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

size_t teletype_next_marked_pair(const unsigned char *bytes, size_t count, size_t from, const unsigned char *pairs) {
    if (from >= count) return count;
    size_t index = from;
    unsigned int pair = bytes[index];
    // Every pair but the last has its second byte in the text.
    while (index + 1 < count) {
        pair = (pair << 8 | bytes[index + 1]) & 0xFFFF;
        if (pairs[pair]) return index;
        index++;
    }
    return pairs[(pair & 0xFF) << 8] ? index : count;
}
