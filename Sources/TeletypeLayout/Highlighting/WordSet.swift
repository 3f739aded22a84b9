/// A set of ASCII words (a language's keywords, builtins, …) that a lexer asks about spans of a
/// line without making strings: words are grouped by length and first byte, and kept in one array.
struct WordSet: Sendable {
    /// Every word's bytes, one after another, grouped by bucket.
    private let bytes: [UInt8]
    /// Where each word starts in ``bytes``, grouped by bucket; one more entry ends the last word.
    private let starts: [Int32]
    /// For each bucket, where its words start in ``starts``; one more entry ends the last bucket.
    /// Empty when the set is.
    private let bucketStarts: [Int32]
    /// Whether words match whatever their case (SQL).
    let ignoresCase: Bool
    private static let bucketCount = 32 * 64

    init(_ words: [String], ignoresCase: Bool = false) {
        self.ignoresCase = ignoresCase
        let all = words.filter { !$0.isEmpty }.map { Array((ignoresCase ? $0.lowercased() : $0).utf8) }
        guard !all.isEmpty else {
            (bytes, starts, bucketStarts) = ([], [], [])
            return
        }
        let sorted = all.map { (Self.bucket(length: $0.count, first: $0[0]), $0) }.sorted { $0.0 < $1.0 }
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        var bucketStarts = [Int32](repeating: 0, count: Self.bucketCount + 1)
        var next = 0
        for bucket in 0..<Self.bucketCount {
            bucketStarts[bucket] = Int32(starts.count)
            while next < sorted.count, sorted[next].0 == bucket {
                starts.append(Int32(bytes.count))
                bytes += sorted[next].1
                next += 1
            }
        }
        bucketStarts[Self.bucketCount] = Int32(starts.count)
        starts.append(Int32(bytes.count))
        (self.bytes, self.starts, self.bucketStarts) = (bytes, starts, bucketStarts)
    }

    static func bucket(length: Int, first: UInt8) -> Int { (min(length, 31) << 6) | Int(first & 63) }

    /// Whether `line[start..<end]` is one of the words.
    func contains(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard length > 0, !bucketStarts.isEmpty else { return false }
        let first = ignoresCase ? Self.lower(line[start]) : line[start]
        let bucket = Self.bucket(length: length, first: first)
        var word = Int(bucketStarts[bucket])
        let last = Int(bucketStarts[bucket + 1])
        outer: while word < last {
            let from = Int(starts[word])
            let wordLength = Int(starts[word + 1]) - from
            word += 1
            guard wordLength == length else { continue }
            for offset in 0..<length {
                let byte = ignoresCase ? Self.lower(line[start + offset]) : line[start + offset]
                if byte != bytes[from + offset] { continue outer }
            }
            return true
        }
        return false
    }

    static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    var isEmpty: Bool { starts.count <= 1 }
}
