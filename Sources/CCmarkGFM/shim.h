#ifndef TELETYPE_CCMARKGFM_SHIM_H
#define TELETYPE_CCMARKGFM_SHIM_H
// The one C boundary of Teletype: cmark-gfm and its core extensions, as Debian ships them.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
