#ifndef TELETYPE_SEARCH_TOKENIZER_H
#define TELETYPE_SEARCH_TOKENIZER_H

#include <sqlite3.h>

/// Registers, on the connection whose FTS5 API is `api`, a tokenizer named "porter" that gives
/// exactly the tokens of FTS5's own "porter" (over "unicode61"), found there before it is
/// replaced: the runs of ASCII letters and digits it folds itself, and each word's stem it
/// remembers, so that FTS5's stemmer runs once per distinct word rather than once per word. Text
/// that is not ASCII, queries, and other arguments go to FTS5's own. SQLITE_OK, or why not.
int teletype_register_remembering_porter(fts5_api *api);

#endif
