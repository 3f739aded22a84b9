import CCmarkGFM

/// The GFM syntax extensions, and the node types they register. Debian does not ship the
/// extensions' node-type constants, so the types are learnt once by parsing a small sample.
struct ExtensionRegistry: @unchecked Sendable {
    // The pointers are process-wide, immutable cmark-gfm registrations.
    static let shared = ExtensionRegistry()

    let syntaxes: [(MarkdownExtension, OpaquePointer)]
    let table: cmark_node_type
    let tableRow: cmark_node_type
    let tableCell: cmark_node_type
    let strikethrough: cmark_node_type

    private init() {
        cmark_gfm_core_extensions_ensure_registered()
        syntaxes = MarkdownExtension.allCases.compactMap { name in
            cmark_find_syntax_extension(name.rawValue).map { (name, $0) }
        }
        var found: [String: cmark_node_type] = [:]
        let sample = "|a|\n|-|\n|b|\n\n~~s~~\n"
        if let parser = cmark_parser_new(CMARK_OPT_DEFAULT) {
            for (_, syntax) in syntaxes { cmark_parser_attach_syntax_extension(parser, syntax) }
            cmark_parser_feed(parser, sample, sample.utf8.count)
            if let root = cmark_parser_finish(parser) {
                let iterator = cmark_iter_new(root)
                while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                    guard let node = cmark_iter_get_node(iterator),
                        let name = cmark_node_get_type_string(node)
                    else { continue }
                    found[String(cString: name)] = cmark_node_get_type(node)
                }
                cmark_iter_free(iterator)
                cmark_node_free(root)
            }
            cmark_parser_free(parser)
        }
        table = found["table"] ?? CMARK_NODE_NONE
        tableRow = found["table_row"] ?? found["table_header"] ?? CMARK_NODE_NONE
        tableCell = found["table_cell"] ?? CMARK_NODE_NONE
        strikethrough = found["strikethrough"] ?? CMARK_NODE_NONE
    }
}
