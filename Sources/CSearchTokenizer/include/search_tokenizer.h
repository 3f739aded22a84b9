#ifndef TELETYPE_SEARCH_TOKENIZER_H
#define TELETYPE_SEARCH_TOKENIZER_H

#include <sqlite3.h>
#include <stddef.h>

/// Registers, on the connection whose FTS5 API is `api`, a tokenizer named "porter" that gives
/// exactly the tokens of FTS5's own "porter" (over "unicode61"), found there before it is
/// replaced: the runs of ASCII letters and digits it folds itself, and each word's stem it
/// remembers, so that FTS5's stemmer runs once per distinct word rather than once per word. Text
/// that is not ASCII, queries, and other arguments go to FTS5's own. SQLITE_OK, or why not; on
/// success `registered` (when not NULL) is set to what `teletype_porter_next_is_packed` takes.
int teletype_register_remembering_porter(fts5_api *api, void **registered);

/// Whether the tokenizer `instance` (of `module`, made with it) gives each word of a document
/// once, at its first place, or every word (`once` 0). A table's instances give each once: the
/// index keeps which rows hold a word, not how often (`detail=none`), so FTS5 had nothing to do
/// with a word's repetitions but look it up again; a row's length (BM25's) is then its distinct
/// words. Queries are never changed. 1, or 0 when `module` is not this tokenizer.
int teletype_porter_give_words_once(const fts5_tokenizer *module, Fts5Tokenizer *instance, int once);

/// Says whether the next document the porter `registered` on a connection tokenizes (the text of
/// the next row inserted) is words `teletype_pack_tokens` packed rather than text. Set it just
/// before the insert; the tokenizer clears it as it takes the words. The connection's thread only.
void teletype_porter_next_is_packed(void *registered, int packed);

/// Words packed, one after another: each a first byte 0xFF (never the first of UTF-8), then for
/// each word its length (a varint) and bytes. Grown with malloc; freed by
/// `teletype_packed_words_free`.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} TeletypePackedWords;

/// Appends to `packed` the words the tokenizer `instance` of `module` gives `text` as a document
/// (each once, when the instance gives them so), packed: so that the tokenizing is done on any thread, and the connection's thread only hands
/// the words to FTS5. SQLITE_OK, or why not (and `packed` as it was).
int teletype_pack_tokens(
    const fts5_tokenizer *module, Fts5Tokenizer *instance, const char *text, int length,
    TeletypePackedWords *packed);

/// Frees the bytes of `packed` and empties it.
void teletype_packed_words_free(TeletypePackedWords *packed);

/// Hands FTS5's callback `token` the words `teletype_pack_tokens` packed in `text`, as the
/// tokenizer gave them: their places in the text are not kept (an index without its text has no
/// use for them), each is given as 0. What the index's porter does with the text of a row whose
/// words are packed. SQLITE_ERROR when `text` is not packed words.
int teletype_replay_packed(
    void *context, const char *text, int length, int (*token)(void *, int, const char *, int, int, int));

#endif
