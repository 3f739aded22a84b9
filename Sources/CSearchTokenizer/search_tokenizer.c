// FTS5's "porter" tokenizer, its stems remembered. A first index hands FTS5 hundreds of megabytes
// of what people and agents said; FTS5 folds each word (unicode61) and stems it (porter) every
// time it comes, and the same few thousand words come over and over. This tokenizer folds runs of
// ASCII letters and digits itself (as unicode61 does: lowercased, every other ASCII byte a
// separator) and keeps each word's stem in a small table; a word not in it, and every stretch of
// text with a byte above 0x7F, is handed to FTS5's own porter, so that what it gives is always
// exactly what FTS5's own gives.
#include "search_tokenizer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// The longest word whose stem is kept (longer ones are stemmed each time).
#define KEPT_WORD 30
/// How many stems are kept (a power of two): one per slot, the newest in a slot kept.
#define KEPT_STEMS 16384

typedef struct {
    unsigned char wordLength;  // 0: an empty slot
    unsigned char stemLength;
    char word[KEPT_WORD];
    char stem[KEPT_WORD];
} KeptStem;

/// FTS5's own porter, as found before ours replaced it.
typedef struct {
    fts5_tokenizer module;
    void *context;
} StockPorter;

typedef struct {
    StockPorter *stock;
    Fts5Tokenizer *inner;  // FTS5's porter with the same arguments
    int foldsASCII;        // whether the arguments leave ASCII text as unicode61's defaults do
    pthread_mutex_t lock;  // the table is one instance's; a second thread at once goes without it
    KeptStem *kept;
} Remembering;

static int isWordByte(unsigned char byte) {
    return (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z');
}

/// Whether the arguments are unicode61's with at most `remove_diacritics` (which changes no ASCII
/// letter): the only ones under which ASCII is folded here.
static int argumentsFoldASCII(const char **arguments, int count) {
    if (count == 0) return 1;
    if (strcmp(arguments[0], "unicode61") != 0) return 0;
    if (count == 1) return 1;
    return count == 3 && strcmp(arguments[1], "remove_diacritics") == 0;
}

static int rememberingCreate(void *context, const char **arguments, int count, Fts5Tokenizer **made) {
    StockPorter *stock = context;
    Remembering *tokenizer = calloc(1, sizeof(Remembering));
    if (tokenizer == NULL) return SQLITE_NOMEM;
    tokenizer->stock = stock;
    int status = stock->module.xCreate(stock->context, arguments, count, &tokenizer->inner);
    if (status != SQLITE_OK) {
        free(tokenizer);
        return status;
    }
    tokenizer->foldsASCII = argumentsFoldASCII(arguments, count);
    if (tokenizer->foldsASCII) {
        tokenizer->kept = calloc(KEPT_STEMS, sizeof(KeptStem));
        if (tokenizer->kept == NULL) tokenizer->foldsASCII = 0;
    }
    pthread_mutex_init(&tokenizer->lock, NULL);
    *made = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

static void rememberingDelete(Fts5Tokenizer *made) {
    Remembering *tokenizer = (Remembering *)made;
    tokenizer->stock->module.xDelete(tokenizer->inner);
    pthread_mutex_destroy(&tokenizer->lock);
    free(tokenizer->kept);
    free(tokenizer);
}

typedef int (*TokenCallback)(void *, int, const char *, int, int, int);

/// Hands on what FTS5's porter gives a stretch of the text, its places moved to the whole text's,
/// and keeps the one token a lone word gives.
typedef struct {
    void *context;
    TokenCallback token;
    int offset;
    int tokens;
    int length;
    int result;  // the callback's last answer: SQLITE_DONE, or an error, stops the whole text
    char stem[KEPT_WORD];
} Passing;

static int passOn(void *context, int flags, const char *token, int length, int start, int end) {
    Passing *passing = context;
    passing->tokens += 1;
    passing->length = length;
    if (length <= KEPT_WORD) memcpy(passing->stem, token, (size_t)length);
    passing->result = passing->token(passing->context, flags, token, length, start + passing->offset, end + passing->offset);
    return passing->result;
}

static int stockTokens(
    Remembering *tokenizer, void *context, int flags, const char *text, int start, int end, TokenCallback token,
    Passing *passing) {
    passing->context = context;
    passing->token = token;
    passing->offset = start;
    passing->tokens = 0;
    passing->length = 0;
    passing->result = SQLITE_OK;
    int status =
        tokenizer->stock->module.xTokenize(tokenizer->inner, passing, flags, text + start, end - start, passOn);
    // FTS5's own ends a text the callback stopped without an error: so must the whole text here.
    return status == SQLITE_OK ? passing->result : status;
}

static unsigned int hashWord(const char *word, int length) {
    unsigned int hash = 2166136261u;
    for (int index = 0; index < length; index++) hash = (hash ^ (unsigned char)word[index]) * 16777619u;
    return hash;
}

static int rememberingTokenize(
    Fts5Tokenizer *made, void *context, int flags, const char *text, int length, TokenCallback token) {
    Remembering *tokenizer = (Remembering *)made;
    if (!tokenizer->foldsASCII || flags != FTS5_TOKENIZE_DOCUMENT) {
        return tokenizer->stock->module.xTokenize(tokenizer->inner, context, flags, text, length, token);
    }
    KeptStem *kept = pthread_mutex_trylock(&tokenizer->lock) == 0 ? tokenizer->kept : NULL;
    const unsigned char *bytes = (const unsigned char *)text;
    Passing passing;
    char folded[KEPT_WORD];
    int status = SQLITE_OK;
    int index = 0;
    while (index < length && status == SQLITE_OK) {
        unsigned char byte = bytes[index];
        if (byte < 0x80 && !isWordByte(byte)) {
            index++;
            continue;
        }
        // A stretch between two ASCII separators: a word of ASCII letters and digits, or text
        // FTS5's own tokenizer reads (an ASCII byte never continues a character).
        int start = index;
        int ascii = 1;
        while (index < length && (bytes[index] >= 0x80 || isWordByte(bytes[index]))) {
            if (bytes[index] >= 0x80) ascii = 0;
            index++;
        }
        int wordLength = index - start;
        if (!ascii || wordLength > KEPT_WORD || kept == NULL) {
            status = stockTokens(tokenizer, context, flags, text, start, index, token, &passing);
            continue;
        }
        for (int at = 0; at < wordLength; at++) {
            unsigned char letter = bytes[start + at];
            folded[at] = (char)(letter >= 'A' && letter <= 'Z' ? letter + 32 : letter);
        }
        KeptStem *slot = &kept[hashWord(folded, wordLength) & (KEPT_STEMS - 1)];
        if (slot->wordLength == wordLength && memcmp(slot->word, folded, (size_t)wordLength) == 0) {
            status = token(context, 0, slot->stem, slot->stemLength, start, index);
            continue;
        }
        status = stockTokens(tokenizer, context, flags, text, start, index, token, &passing);
        if (status == SQLITE_OK && passing.tokens == 1 && passing.length > 0 && passing.length <= KEPT_WORD) {
            slot->wordLength = (unsigned char)wordLength;
            memcpy(slot->word, folded, (size_t)wordLength);
            slot->stemLength = (unsigned char)passing.length;
            memcpy(slot->stem, passing.stem, (size_t)passing.length);
        }
    }
    if (kept != NULL) pthread_mutex_unlock(&tokenizer->lock);
    // As unicode61: a callback's SQLITE_DONE stops the text without an error.
    return status == SQLITE_DONE ? SQLITE_OK : status;
}

static void stockPorterFree(void *context) { free(context); }

int teletype_register_remembering_porter(fts5_api *api) {
    if (api == NULL || api->iVersion < 2) return SQLITE_ERROR;
    StockPorter *stock = calloc(1, sizeof(StockPorter));
    if (stock == NULL) return SQLITE_NOMEM;
    int status = api->xFindTokenizer(api, "porter", &stock->context, &stock->module);
    if (status != SQLITE_OK) {
        free(stock);
        return status;
    }
    // Ours already (registered twice): nothing more to do.
    if (stock->module.xCreate == rememberingCreate) {
        free(stock);
        return SQLITE_OK;
    }
    fts5_tokenizer remembering = {rememberingCreate, rememberingDelete, rememberingTokenize};
    status = api->xCreateTokenizer(api, "porter", stock, &remembering, stockPorterFree);
    if (status != SQLITE_OK) free(stock);
    return status;
}
