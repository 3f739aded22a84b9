#ifndef TELETYPE_CZSTD_SHIM_H
#define TELETYPE_CZSTD_SHIM_H
// Zstandard, as Debian ships it (libzstd-dev): the search index keeps what was said compressed,
// each piece on its own, several times faster than zlib at the same size.
#include <zstd.h>
// Its dictionaries: the index's short pieces compressed against what they share.
#include <zdict.h>
#endif
