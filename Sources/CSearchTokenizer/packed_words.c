// Words packed on the thread that read them, and handed to FTS5 on the index's thread (see
// `teletype_pack_tokens` and `teletype_replay_packed` in search_tokenizer.h).
#include <stdlib.h>
#include <string.h>

#include "search_tokenizer.h"

/// The first byte of packed words: never the first of UTF-8 text.
#define PACKED_MARK 0xFF

int teletype_replay_packed(
    void *context, const char *text, int length, int (*token)(void *, int, const char *, int, int, int)) {
    const unsigned char *bytes = (const unsigned char *)text;
    if (length < 1 || bytes[0] != PACKED_MARK) return SQLITE_ERROR;
    int index = 1;
    while (index < length) {
        // Each word: its length (7 bits a byte, the lowest first, a set high bit saying more
        // follow), then its bytes.
        unsigned int wordLength = 0;
        int shift = 0;
        while (1) {
            if (index >= length || shift > 28) return SQLITE_ERROR;
            unsigned char byte = bytes[index++];
            wordLength |= (unsigned int)(byte & 0x7F) << shift;
            shift += 7;
            if ((byte & 0x80) == 0) break;
        }
        if (wordLength > (unsigned int)(length - index)) return SQLITE_ERROR;
        int status = token(context, 0, text + index, (int)wordLength, 0, 0);
        if (status == SQLITE_DONE) return SQLITE_OK;
        if (status != SQLITE_OK) return status;
        index += (int)wordLength;
    }
    return SQLITE_OK;
}

/// Makes room in `packed` for `count` bytes more and appends `bytes` (when not NULL); 0 when
/// memory ran out.
static int appendPacked(TeletypePackedWords *packed, const void *bytes, size_t count) {
    if (packed->count + count > packed->capacity) {
        size_t capacity = packed->capacity < 256 ? 256 : packed->capacity;
        while (capacity < packed->count + count) capacity *= 2;
        unsigned char *grown = realloc(packed->bytes, capacity);
        if (grown == NULL) return 0;
        packed->bytes = grown;
        packed->capacity = capacity;
    }
    if (bytes == NULL) return 1;
    memcpy(packed->bytes + packed->count, bytes, count);
    packed->count += count;
    return 1;
}

static int packWord(void *context, int flags, const char *word, int length, int start, int end) {
    (void)start;
    (void)end;
    TeletypePackedWords *packed = context;
    // A word at the place of the one before (a synonym) cannot be packed: porter gives none.
    if (flags != 0 || length < 0) return SQLITE_ERROR;
    // Room for the length (5 bytes at most) and the word, made once.
    if (packed->count + (size_t)length + 5 > packed->capacity && !appendPacked(packed, NULL, (size_t)length + 5)) {
        return SQLITE_NOMEM;
    }
    unsigned char *out = packed->bytes + packed->count;
    unsigned int left = (unsigned int)length;
    while (left >= 0x80) {
        *out++ = (unsigned char)(left | 0x80);
        left >>= 7;
    }
    *out++ = (unsigned char)left;
    // Most words are short: copied here rather than by a call.
    if (length <= 16) {
        for (int index = 0; index < length; index++) out[index] = (unsigned char)word[index];
    } else {
        memcpy(out, word, (size_t)length);
    }
    packed->count = (size_t)(out - packed->bytes) + (size_t)length;
    return SQLITE_OK;
}

int teletype_pack_tokens(
    const fts5_tokenizer *module, Fts5Tokenizer *instance, const char *text, int length,
    TeletypePackedWords *packed) {
    size_t start = packed->count;
    unsigned char mark = PACKED_MARK;
    if (!appendPacked(packed, &mark, 1)) return SQLITE_NOMEM;
    int status = module->xTokenize(instance, packed, FTS5_TOKENIZE_DOCUMENT, text, length, packWord);
    if (status != SQLITE_OK) packed->count = start;
    return status;
}

void teletype_packed_words_free(TeletypePackedWords *packed) {
    free(packed->bytes);
    packed->bytes = NULL;
    packed->count = 0;
    packed->capacity = 0;
}
