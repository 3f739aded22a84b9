#define _GNU_SOURCE
#include <string.h>
#include "bytes.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>
#define TELETYPE_PAIR_SIMD 1
#endif

const void *teletype_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

// A byte at a time: the pair is the byte and the next, looked up among the marked ones.
/// Whether a pair at `at` marked `mark` counts: a 1 always; a 2 only where the byte before it,
/// past spaces and then one quote, is flagged in `behind` (always when `behind` is NULL).
static inline int counts(const unsigned char *bytes, size_t at, unsigned char mark, const unsigned char *behind) {
    if (mark != 2 || behind == NULL) return mark != 0;
    size_t end = at;
    while (end > 0 && bytes[end - 1] == ' ') end--;
    if (end > 0 && (bytes[end - 1] == '"' || bytes[end - 1] == '\'')) end--;
    return end > 0 && behind[bytes[end - 1]];
}

static size_t next_marked_pair_bytewise(const unsigned char *bytes, size_t count, size_t from,
                                        const unsigned char *pairs, const unsigned char *behind) {
    if (from >= count) return count;
    size_t index = from;
    unsigned int pair = bytes[index];
    // Every pair but the last has its second byte in the text.
    while (index + 1 < count) {
        pair = (pair << 8 | bytes[index + 1]) & 0xFFFF;
        if (pairs[pair] && counts(bytes, index, pairs[pair], behind)) return index;
        index++;
    }
    unsigned char last = pairs[(pair & 0xFF) << 8];
    return last && counts(bytes, index, last, behind) ? index : count;
}

#ifdef TELETYPE_PAIR_SIMD
// Sixteen pairs at a time: each byte is sorted into the filter's eight buckets by its two halves
// (a table look-up each, `pshufb`), as a first byte and as a second; a pair both of whose bytes
// fall in one bucket may be marked, and only those are looked up.
__attribute__((target("ssse3")))
static size_t next_marked_pair_ssse3(const unsigned char *bytes, size_t count, size_t from,
                                     const unsigned char *pairs, const teletype_pair_filter *filter,
                                     const unsigned char *behind) {
    const __m128i low_first = _mm_loadu_si128((const __m128i *)filter->low_first);
    const __m128i high_first = _mm_loadu_si128((const __m128i *)filter->high_first);
    const __m128i low_second = _mm_loadu_si128((const __m128i *)filter->low_second);
    const __m128i high_second = _mm_loadu_si128((const __m128i *)filter->high_second);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i zero = _mm_setzero_si128();
    size_t index = from;
    while (index + 17 <= count) {
        __m128i first = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i second = _mm_loadu_si128((const __m128i *)(bytes + index + 1));
        __m128i as_first = _mm_and_si128(
            _mm_shuffle_epi8(low_first, _mm_and_si128(first, nibble)),
            _mm_shuffle_epi8(high_first, _mm_and_si128(_mm_srli_epi16(first, 4), nibble)));
        __m128i as_second = _mm_and_si128(
            _mm_shuffle_epi8(low_second, _mm_and_si128(second, nibble)),
            _mm_shuffle_epi8(high_second, _mm_and_si128(_mm_srli_epi16(second, 4), nibble)));
        unsigned int maybe =
            ~(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(as_first, as_second), zero)) & 0xFFFF;
        while (maybe) {
            size_t at = index + (size_t)__builtin_ctz(maybe);
            unsigned char mark = pairs[(unsigned int)bytes[at] << 8 | bytes[at + 1]];
            if (mark && counts(bytes, at, mark, behind)) return at;
            maybe &= maybe - 1;
        }
        index += 16;
    }
    return next_marked_pair_bytewise(bytes, count, index, pairs, behind);
}
#endif

size_t teletype_next_marked_pair(const unsigned char *bytes, size_t count, size_t from, const unsigned char *pairs,
                                 const teletype_pair_filter *filter, const unsigned char *behind) {
#ifdef TELETYPE_PAIR_SIMD
    // Whether the processor has SSSE3 (-1 until asked, once).
    static atomic_int has_ssse3 = -1;
    int has = atomic_load_explicit(&has_ssse3, memory_order_relaxed);
    if (has < 0) {
        unsigned int a = 0, b = 0, c = 0, d = 0;
        has = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? 1 : 0;
        atomic_store_explicit(&has_ssse3, has, memory_order_relaxed);
    }
    if (filter && has) return next_marked_pair_ssse3(bytes, count, from, pairs, filter, behind);
#else
    (void)filter;
#endif
    return next_marked_pair_bytewise(bytes, count, from, pairs, behind);
}

/// Whether HTML text escaping looks at `byte`: markup, a control but tab and line endings, DEL,
/// or the lead byte of a C1 control.
static inline int html_looks_at(unsigned char byte) {
    switch (byte) {
    case '&': case '<': case '>': case '"': case 0x7F: case 0xC2: return 1;
    case '\t': case '\n': case '\r': return 0;
    default: return byte < 0x20;
    }
}

size_t teletype_html_plain_end(const unsigned char *bytes, size_t count, size_t from) {
    size_t index = from;
#if defined(__x86_64__)
    // Sixteen bytes at a time (SSE2, which every x86-64 processor has).
    const __m128i amp = _mm_set1_epi8('&'), lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>');
    const __m128i quote = _mm_set1_epi8('"'), del = _mm_set1_epi8(0x7F), c1 = _mm_set1_epi8((char)0xC2);
    const __m128i tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i below = _mm_set1_epi8(0x1F);
    while (index + 16 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i markup = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, amp), _mm_cmpeq_epi8(v, lt)),
                                      _mm_or_si128(_mm_cmpeq_epi8(v, gt), _mm_cmpeq_epi8(v, quote)));
        __m128i other = _mm_or_si128(_mm_cmpeq_epi8(v, del), _mm_cmpeq_epi8(v, c1));
        // Controls: bytes at most 0x1F (unsigned), but tab and line endings.
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, below), v);
        __m128i spacing = _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        control = _mm_andnot_si128(spacing, control);
        unsigned int found = (unsigned int)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(markup, other), control));
        if (found) return index + (size_t)__builtin_ctz(found);
        index += 16;
    }
#endif
    while (index < count && !html_looks_at(bytes[index])) index++;
    return index;
}

size_t teletype_json_string_end(const unsigned char *bytes, size_t count, size_t from, int stops_past_ascii) {
    size_t index = from;
#if defined(__x86_64__)
    // Sixteen bytes at a time (SSE2, which every x86-64 processor has).
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), below = _mm_set1_epi8(0x1F);
    while (index + 16 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i special = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
        special = _mm_or_si128(special, _mm_cmpeq_epi8(_mm_min_epu8(v, below), v));
        unsigned int found = (unsigned int)_mm_movemask_epi8(special);
        // A byte past ASCII has its high bit set: the mask of the bytes themselves.
        if (stops_past_ascii) found |= (unsigned int)_mm_movemask_epi8(v);
        if (found) return index + (size_t)__builtin_ctz(found);
        index += 16;
    }
#endif
    while (index < count) {
        unsigned char byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20 || (stops_past_ascii && byte >= 0x80)) return index;
        index++;
    }
    return count;
}
