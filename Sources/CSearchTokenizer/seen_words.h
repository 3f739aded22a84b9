// The words a document gave so far, each once: what the index's tokenizer keeps to give each
// word of a document once (see `teletype_porter_give_words_once`).
#ifndef TELETYPE_SEEN_WORDS_H
#define TELETYPE_SEEN_WORDS_H

#include <stddef.h>

/// The words a document gave so far, each once: a table of where each is in `bytes`. Its slots
/// of other documents are told apart by their generation, so that none is cleared between two;
/// a document uses as many slots as its length may need (`mask`), so that a short one's words
/// stay within a few cache lines however long the longest before it was.
typedef struct {
    unsigned int generation;
    unsigned int hash;
    unsigned int offset;
    unsigned int length;
} SeenSlot;

typedef struct {
    SeenSlot *slots;
    unsigned int allocated;  // slots allocated
    unsigned int mask;       // the document's slots, less one (a power of two, less one)
    unsigned int count;
    unsigned int generation;
    char *bytes;
    size_t used;
    size_t size;
} SeenWords;

/// The FNV-1a hash of `length` bytes of `word`.
unsigned int seenWordsHash(const char *word, int length);

/// Starts a document of `length` bytes: no word seen. 0 when memory ran out.
int seenWordsBegin(SeenWords *seen, int length);

/// 1 when `word` is new to the document (and is remembered), 0 when it came before, -1 when
/// memory ran out.
int seenWordsAdd(SeenWords *seen, const char *word, int length);

/// Frees what `seen` holds and empties it.
void seenWordsFree(SeenWords *seen);

#endif
