// FTS5's "porter" tokenizer, its stems remembered. A first index hands FTS5 hundreds of megabytes
// of what people and agents said; FTS5 folds each word (unicode61) and stems it (porter) every
// time it comes, and the same few thousand words come over and over. This tokenizer finds the
// words of ASCII letters itself (as unicode61 does: every ASCII byte but a letter or a digit
// separates) and keeps each one's stem in a small table, filled from what FTS5's own gives; the
// words not in it, those with digits, and every stretch of text with a byte above 0x7F are handed
// to FTS5's own (together, from one remembered word to the next), so that what it gives is
// always exactly what FTS5's own gives.
//
// As the index's table takes a document, it gives each word once, at its first coming (the word
// lists keep which rows hold a word, not how often; seen_words.c), a remembered word that came
// before passed over at once; and it takes a row's words packed by the thread that read it
// (packed_words.c) rather than tokenizing its text again on the index's thread.
#include "search_tokenizer.h"

#include "seen_words.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// The longest word whose stem is kept (longer ones are stemmed each time): a slot is 64 bytes.
#define KEPT_WORD 27
/// How many stems are kept (a power of two): one per slot, the newest in a slot kept. 4,096
/// slots (256 KB) answer 81% of the corpus's words; 16,384 answered 83% and were no faster.
#define KEPT_STEMS 4096

typedef struct {
    unsigned int hash;
    /// The document (its number, see `Remembering`) the word was last given in: a word given
    /// each once is passed over at once when it comes again in it.
    unsigned int givenIn;
    unsigned char wordLength;  // 0: an empty slot
    unsigned char stemLength;
    char word[KEPT_WORD];
    char stem[KEPT_WORD];
} KeptStem;
_Static_assert(sizeof(KeptStem) == 64, "a remembered stem is a cache line");

/// FTS5's own porter, as found before ours replaced it; and whether the next document one of
/// ours on this connection tokenizes is words packed already (`teletype_pack_tokens`).
typedef struct {
    fts5_tokenizer module;
    void *context;
    int nextIsPacked;
} StockPorter;

typedef struct {
    StockPorter *stock;
    Fts5Tokenizer *inner;  // FTS5's porter with the same arguments
    int foldsASCII;        // whether the arguments leave ASCII text as unicode61's defaults do
    pthread_mutex_t lock;  // the table is one instance's; a second thread at once goes without it
    KeptStem *kept;
    int distinct;          // whether a document's words are each given once (see the header)
    pthread_mutex_t seenLock;
    SeenWords seen;
    unsigned int documents;  // documents given so, numbered from 1 (0: none, in `givenIn`)
} Remembering;

/// What a byte is to unicode61 (with its default categories): an ASCII letter or digit is part
/// of a word, every other ASCII byte separates, a byte above 0x7F is read by FTS5's own.
enum { SEPARATOR, LETTER, DIGIT, BEYOND_ASCII };
static const unsigned char byteKind[256] = {
    ['0' ... '9'] = DIGIT, ['A' ... 'Z'] = LETTER, ['a' ... 'z'] = LETTER, [0x80 ... 0xFF] = BEYOND_ASCII,
};

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
    pthread_mutex_init(&tokenizer->seenLock, NULL);
    // FTS5's own instances (a table's) give each word of a document once.
    tokenizer->distinct = 1;
    *made = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

static void rememberingDelete(Fts5Tokenizer *made) {
    Remembering *tokenizer = (Remembering *)made;
    tokenizer->stock->module.xDelete(tokenizer->inner);
    pthread_mutex_destroy(&tokenizer->lock);
    pthread_mutex_destroy(&tokenizer->seenLock);
    seenWordsFree(&tokenizer->seen);
    free(tokenizer->kept);
    free(tokenizer);
}

typedef int (*TokenCallback)(void *, int, const char *, int, int, int);


/// Whether `bytes[0..<length]` is a word whose stem is kept: ASCII letters only (a word with a
/// digit is most often a number, an id or a hash, seen once), folded into `folded`.
static int foldKeptWord(const unsigned char *bytes, int length, char *folded) {
    if (length > KEPT_WORD) return 0;
    for (int at = 0; at < length; at++) {
        unsigned char letter = bytes[at];
        if (letter >= 'A' && letter <= 'Z') {
            folded[at] = (char)(letter + 32);
        } else if (letter >= 'a' && letter <= 'z') {
            folded[at] = (char)letter;
        } else {
            return 0;
        }
    }
    return 1;
}

/// Hands on what FTS5's porter gives a stretch of the text, its places moved to the whole text's,
/// and keeps the stem of each word of ASCII letters in it.
typedef struct {
    void *context;
    TokenCallback token;
    const unsigned char *text;
    int offset;
    KeptStem *kept;
    unsigned int document;  // the document's number when its words are given once, or 0
    int result;  // the callback's last answer: SQLITE_DONE, or an error, stops the whole text
} Passing;

static int passOn(void *context, int flags, const char *token, int length, int start, int end) {
    Passing *passing = context;
    start += passing->offset;
    end += passing->offset;
    char folded[KEPT_WORD];
    // A token's place is its word's: unicode61 gives a run of ASCII letters as one token, and
    // porter each token as one.
    if (passing->kept != NULL && length > 0 && length <= KEPT_WORD && end > start
        && foldKeptWord(passing->text + start, end - start, folded)) {
        unsigned int hash = seenWordsHash(folded, end - start);
        KeptStem *slot = &passing->kept[hash & (KEPT_STEMS - 1)];
        slot->hash = hash;
        slot->wordLength = (unsigned char)(end - start);
        memcpy(slot->word, folded, (size_t)(end - start));
        slot->stemLength = (unsigned char)length;
        memcpy(slot->stem, token, (size_t)length);
        // Given now (or, its stem given before, passed over by the callback).
        slot->givenIn = passing->document;
    }
    passing->result = passing->token(passing->context, flags, token, length, start, end);
    return passing->result;
}

/// FTS5's own porter over `text[start..<end]` (which begins and ends at a separator or the text's
/// ends, so that its tokens are those the whole text has there).
static int stockTokens(
    Remembering *tokenizer, KeptStem *kept, unsigned int document, void *context, int flags, const char *text,
    int start, int end, TokenCallback token) {
    Passing passing = {context, token, (const unsigned char *)text, start, kept, document, SQLITE_OK};
    int status =
        tokenizer->stock->module.xTokenize(tokenizer->inner, &passing, flags, text + start, end - start, passOn);
    // FTS5's own ends a text the callback stopped without an error: so must the whole text here.
    return status == SQLITE_OK ? passing.result : status;
}

/// The number of a document whose words are given once: a new one each time, never 0 (when the
/// count wraps, every remembered word's is cleared). With the table of stems held.
static unsigned int nextDocument(Remembering *tokenizer) {
    if (++tokenizer->documents == 0) {
        for (int index = 0; tokenizer->kept != NULL && index < KEPT_STEMS; index++) tokenizer->kept[index].givenIn = 0;
        tokenizer->documents = 1;
    }
    return tokenizer->documents;
}

/// Hands on each word of a document the first time it comes.
typedef struct {
    void *context;
    TokenCallback token;
    SeenWords *seen;
} Distinct;

static int distinctWord(void *context, int flags, const char *word, int length, int start, int end) {
    Distinct *distinct = context;
    // A word at the place of the one before (a synonym) is passed as it is.
    if (flags == 0) {
        int added = seenWordsAdd(distinct->seen, word, length);
        if (added < 0) return SQLITE_NOMEM;
        if (added == 0) return SQLITE_OK;
    }
    return distinct->token(distinct->context, flags, word, length, start, end);
}

static int wordsOf(
    Remembering *tokenizer, int once, void *context, int flags, const char *text, int length, TokenCallback token);

static int rememberingTokenize(
    Fts5Tokenizer *made, void *context, int flags, const char *text, int length, TokenCallback token) {
    Remembering *tokenizer = (Remembering *)made;
    if (tokenizer->stock->nextIsPacked && flags == FTS5_TOKENIZE_DOCUMENT) {
        tokenizer->stock->nextIsPacked = 0;
        return teletype_replay_packed(context, text, length, token);
    }
    if (!tokenizer->distinct || flags != FTS5_TOKENIZE_DOCUMENT) {
        return wordsOf(tokenizer, 0, context, flags, text, length, token);
    }
    // The instance's table of words seen, or (another thread has it) one of this call's own.
    SeenWords own = {0};
    int shared = pthread_mutex_trylock(&tokenizer->seenLock) == 0;
    SeenWords *seen = shared ? &tokenizer->seen : &own;
    int status = SQLITE_NOMEM;
    if (seenWordsBegin(seen, length)) {
        Distinct distinct = {context, token, seen};
        status = wordsOf(tokenizer, 1, &distinct, flags, text, length, distinctWord);
    }
    if (shared) {
        pthread_mutex_unlock(&tokenizer->seenLock);
    } else {
        seenWordsFree(&own);
    }
    return status;
}

/// Every word of `text`, in order; when its words are given once (`once`: the callback passes
/// over a word given before), a remembered word that came before in it is passed over here.
static int wordsOf(
    Remembering *tokenizer, int once, void *context, int flags, const char *text, int length, TokenCallback token) {
    if (!tokenizer->foldsASCII || flags != FTS5_TOKENIZE_DOCUMENT) {
        return tokenizer->stock->module.xTokenize(tokenizer->inner, context, flags, text, length, token);
    }
    KeptStem *kept = pthread_mutex_trylock(&tokenizer->lock) == 0 ? tokenizer->kept : NULL;
    unsigned int document = once && kept != NULL ? nextDocument(tokenizer) : 0;
    const unsigned char *bytes = (const unsigned char *)text;
    char folded[KEPT_WORD];
    int status = SQLITE_OK;
    // The words not remembered, and text beyond ASCII, since the last remembered word: handed to
    // FTS5's own together.
    int pending = -1;
    int pendingEnd = 0;
    int index = 0;
    while (index < length && status == SQLITE_OK) {
        if (byteKind[bytes[index]] == SEPARATOR) {
            index++;
            continue;
        }
        // A stretch between two ASCII separators (an ASCII byte never continues a character):
        // its ASCII letters folded and hashed as they are passed.
        int start = index;
        unsigned int hash = 2166136261u;
        unsigned char kind = LETTER;
        while (index < length && (kind = byteKind[bytes[index]]) == LETTER) {
            unsigned char letter = bytes[index] | 0x20;
            if (index - start < KEPT_WORD) folded[index - start] = (char)letter;
            hash = (hash ^ letter) * 16777619u;
            index++;
        }
        int lettersOnly = index == length || kind == SEPARATOR;
        while (index < length && byteKind[bytes[index]] != SEPARATOR) index++;
        int wordLength = index - start;
        KeptStem *slot = NULL;
        if (kept != NULL && lettersOnly && wordLength <= KEPT_WORD) {
            slot = &kept[hash & (KEPT_STEMS - 1)];
            if (slot->hash != hash || slot->wordLength != wordLength
                || memcmp(slot->word, folded, (size_t)wordLength) != 0) {
                slot = NULL;
            }
        }
        if (slot == NULL) {
            if (pending < 0) pending = start;
            pendingEnd = index;
            continue;
        }
        // Given once each: this word came before in the document.
        int given = document != 0 && slot->givenIn == document;
        slot->givenIn = document;
        // The stem taken before the words waiting are handed on: their stems, kept as they come,
        // may take this slot.
        char stem[KEPT_WORD];
        int stemLength = slot->stemLength;
        memcpy(stem, slot->stem, (size_t)stemLength);
        if (pending >= 0) {
            status = stockTokens(tokenizer, kept, document, context, flags, text, pending, pendingEnd, token);
            pending = -1;
            if (status != SQLITE_OK) break;
        }
        if (!given) status = token(context, 0, stem, stemLength, start, index);
    }
    if (pending >= 0 && status == SQLITE_OK) {
        status = stockTokens(tokenizer, kept, document, context, flags, text, pending, pendingEnd, token);
    }
    if (kept != NULL) pthread_mutex_unlock(&tokenizer->lock);
    // As unicode61: a callback's SQLITE_DONE stops the text without an error.
    return status == SQLITE_DONE ? SQLITE_OK : status;
}

static void stockPorterFree(void *context) { free(context); }

int teletype_register_remembering_porter(fts5_api *api, void **registered) {
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
        if (registered != NULL) *registered = stock->context;
        free(stock);
        return SQLITE_OK;
    }
    fts5_tokenizer remembering = {rememberingCreate, rememberingDelete, rememberingTokenize};
    status = api->xCreateTokenizer(api, "porter", stock, &remembering, stockPorterFree);
    if (status != SQLITE_OK) {
        free(stock);
    } else if (registered != NULL) {
        *registered = stock;
    }
    return status;
}

int teletype_porter_give_words_once(const fts5_tokenizer *module, Fts5Tokenizer *instance, int once) {
    if (module == NULL || module->xCreate != rememberingCreate || instance == NULL) return 0;
    ((Remembering *)instance)->distinct = once;
    return 1;
}

void teletype_porter_next_is_packed(void *registered, int packed) {
    if (registered != NULL) ((StockPorter *)registered)->nextIsPacked = packed;
}
