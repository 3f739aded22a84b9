/// A set of words looked up by their UTF-8 bytes without making a string: buckets by length and
/// first byte, compared byte by byte.
struct WordSet: Sendable {
    private var buckets: [[[UInt8]]]
    /// Whether words match whatever their case (SQL).
    let ignoresCase: Bool
    private static let bucketCount = 32 * 64

    init(_ words: [String], ignoresCase: Bool = false) {
        self.ignoresCase = ignoresCase
        buckets = Array(repeating: [], count: Self.bucketCount)
        for word in words where !word.isEmpty {
            let bytes = Array((ignoresCase ? word.lowercased() : word).utf8)
            buckets[Self.bucket(length: bytes.count, first: bytes[0])].append(bytes)
        }
    }

    static func bucket(length: Int, first: UInt8) -> Int { (min(length, 31) << 6) | Int(first & 63) }

    /// Whether `line[start..<end]` is one of the words.
    func contains(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard length > 0 else { return false }
        let first = ignoresCase ? Self.lower(line[start]) : line[start]
        let bucket = buckets[Self.bucket(length: length, first: first)]
        guard !bucket.isEmpty else { return false }
        outer: for word in bucket where word.count == length {
            for offset in 0..<length {
                let byte = ignoresCase ? Self.lower(line[start + offset]) : line[start + offset]
                if byte != word[offset] { continue outer }
            }
            return true
        }
        return false
    }

    static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    var isEmpty: Bool { buckets.allSatisfy(\.isEmpty) }
}
