#ifndef TELETYPE_CZLIB_SHIM_H
#define TELETYPE_CZLIB_SHIM_H
// zlib, as Debian ships it (zlib1g-dev): the search index keeps what was said compressed.
#include <zlib.h>
#endif
