import CCmarkGFM
import CCmarkSupport

/// The memory of one cmark-gfm parse on one thread: nodes and buffers come from large blocks, and
/// the whole tree is given back at once when the parse is converted, instead of node by node.
enum CmarkArena {
    /// Runs `body` — which creates, parses, converts and drops cmark-gfm trees on this thread, and
    /// lets no cmark pointer out — with this thread's arena; arenas do not nest.
    static func scope<Result>(_ body: () -> Result) -> Result {
        #if FUZZING
            // Under the address sanitizer, cmark-gfm's own allocations are what is checked.
            return body()
        #else
            if teletype_cmark_arena_active() != 0 { return body() }
            teletype_cmark_arena_begin()
            defer { teletype_cmark_arena_end() }
            return body()
        #endif
    }

    /// Whether the calling thread's parses allocate from an arena.
    static var isActive: Bool { teletype_cmark_arena_active() != 0 }

    /// A new parser with `options`, allocating from this thread's arena when there is one.
    static func parser(options: Int32) -> OpaquePointer? {
        isActive ? cmark_parser_new_with_mem(options, teletype_cmark_arena_allocator()) : cmark_parser_new(options)
    }
}
