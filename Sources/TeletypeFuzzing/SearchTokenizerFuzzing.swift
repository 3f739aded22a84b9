import TeletypeSessions

/// Bytes as text the search index tokenizes: the tokenizer that remembers stems (C code, reading
/// what people and agents said) gives FTS5's own tokens exactly, on any bytes.
enum SearchTokenizerFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        SearchTokenizerCheck.difference(in: bytes).map { ["search tokenizer: \($0)"] } ?? []
    }
}
