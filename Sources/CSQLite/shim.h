#ifndef TELETYPE_CSQLITE_SHIM_H
#define TELETYPE_CSQLITE_SHIM_H
// SQLite, as Debian ships it (libsqlite3-dev): the agents' own databases (Cursor's state.vscdb,
// OpenCode's opencode.db, Kiro's store), opened read-only, and the search index.
#include <sqlite3.h>
#endif
