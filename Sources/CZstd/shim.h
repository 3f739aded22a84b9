#ifndef TELETYPE_CZSTD_SHIM_H
#define TELETYPE_CZSTD_SHIM_H
// Zstandard, as Debian ships it (libzstd-dev): the search index keeps what was said compressed,
// a block of pieces at a time, several times faster than zlib at the same size. Its advanced
// parameters too (stable since 1.4): how a frame uses a dictionary (`ZSTD_c_forceAttachDict`),
// and how one is trained (`ZDICT_trainFromBuffer_fastCover`, in zdict.h since 1.3.6).
#define ZSTD_STATIC_LINKING_ONLY
#define ZDICT_STATIC_LINKING_ONLY
#include <zstd.h>
// Its dictionaries: the index's short pieces compressed against what they share.
#include <zdict.h>
#endif
