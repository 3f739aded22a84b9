#ifndef TELETYPE_CMARK_SUPPORT_H
#define TELETYPE_CMARK_SUPPORT_H
#include "processors.h"
#include "threads.h"
#include "bytes.h"
#include "files.h"
// cmark-gfm switches its extensions' special inline characters (`~`, `:`, `w`) on at the start of
// every inline pass and off at its end, in tables shared by the whole process, so a pass that ends
// switches the characters off under any pass still running on another thread. This target stands
// in for cmark-gfm's switch (`cmark_manage_extensions_special_characters`, which cmark-gfm calls
// through its exported symbol). In steady mode, with every character switched on for good, it
// ignores cmark-gfm's requests, so passes can run on many threads at once; only a thread that
// marks its pass as a lone pass (which runs while no other does) switches as cmark-gfm would.

struct cmark_parser;

/// Enters steady mode (nonzero) or leaves it (zero), for the whole process.
void teletype_cmark_set_steady_mode(int steady);

/// Marks the calling thread's inline passes as lone passes (nonzero), whose switching goes
/// through in steady mode, or not (zero).
void teletype_cmark_set_lone_pass(int lone);

/// How many times cmark-gfm asked this process's switch to act: zero after a parse means the
/// stand-in is not in use, and passes must take turns.
long teletype_cmark_switch_requests(void);

/// Switches the special characters of `parser`'s extensions on (`add` nonzero) or off, as
/// cmark-gfm's own switch does; returns zero when cmark-gfm's switch cannot be found.
int teletype_cmark_switch_characters(struct cmark_parser *parser, int add);

// A parse's arena: cmark-gfm allocates its nodes and buffers through a `cmark_mem`, and a parse
// that owns the calling thread's arena allocates from large blocks and frees nothing piece by
// piece; ending the arena returns every block at once, with no walk over the tree.

struct cmark_mem;

/// Starts an arena on the calling thread (arenas do not nest).
void teletype_cmark_arena_begin(void);

/// Ends the calling thread's arena; its memory must no longer be used. Its blocks are kept for the
/// thread's next arena (up to 4 MB; the rest is freed), and freed when the thread ends.
void teletype_cmark_arena_end(void);

/// Whether the calling thread has an arena.
int teletype_cmark_arena_active(void);

/// The allocator that allocates from the calling thread's arena (or from the C library when the
/// thread has none, for memory it frees as usual).
struct cmark_mem *teletype_cmark_arena_allocator(void);

#endif
