#ifndef TELETYPE_BYTES_H
#define TELETYPE_BYTES_H
#include <stddef.h>

/// Where `needle` (`needle_length` bytes) first occurs in `haystack`, or NULL: the C library's
/// `memmem`, which Swift's Glibc module does not show.
const void *teletype_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// Which of eight buckets a byte may fall in, by its low and its high four bits, as the first
/// byte of a marked pair and as the second: a pair whose bytes share no bucket is not marked.
/// Made from the marked pairs by the caller; a byte's buckets are those of its low half AND its
/// high half, so a bucket holds every byte made of halves its bytes have (more, never fewer).
typedef struct {
    unsigned char low_first[16];
    unsigned char high_first[16];
    unsigned char low_second[16];
    unsigned char high_second[16];
} teletype_pair_filter;

/// The first place at or after `from` (below `count`) where the pair of bytes there (the byte
/// and the next, or 0 past the last) is marked in `pairs` (65,536 marks, `first << 8 | second`);
/// `count` when none is. A mark is 0 (not marked), 1 (marked), or 2: marked only where the byte
/// before the pair, past any spaces and then one quote (`"` or `'`), is flagged in `behind` (256
/// flags; with NULL, 2 is as 1) — an assignment's `=` or `:` counts only after a name that ends
/// as a secret's does. What the secret redactor looks for a rule's first bytes with: a loop over
/// every byte of a text, the one cost most text has. With `filter` (which must let every marked
/// pair through), sixteen bytes at a time where the processor can.
size_t teletype_next_marked_pair(const unsigned char *bytes, size_t count, size_t from, const unsigned char *pairs,
                                 const teletype_pair_filter *filter, const unsigned char *behind);

/// The first place at or after `from` (below `count`) whose byte HTML text escaping must look at
/// (`&`, `<`, `>`, `"`, a control but tab and line endings, DEL, or 0xC2, which leads the C1
/// controls); `count` when none is. Sixteen bytes at a time where the processor can.
size_t teletype_html_plain_end(const unsigned char *bytes, size_t count, size_t from);

/// The first place at or after `from` (below `count`) where a JSON string's bytes need a look: its
/// closing quote, an escape's backslash, a control character (which JSON refuses in a string), or,
/// when `stops_past_ascii`, a byte past ASCII; `count` when none is. Sixteen bytes at a time where
/// the processor can: a session log's strings are a tool's whole output.
size_t teletype_json_string_end(const unsigned char *bytes, size_t count, size_t from, int stops_past_ascii);

#endif
