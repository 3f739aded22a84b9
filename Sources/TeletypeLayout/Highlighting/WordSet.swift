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
    /// Buckets by length and first byte: few, so that the tables of a language's sets are small
    /// (a language's keywords fill a fraction of them).
    private static let bucketCount = 256

    init(_ words: [String], ignoresCase: Bool = false) {
        self.ignoresCase = ignoresCase
        // Every word's bytes in one buffer, then placed bucket by bucket (a counting sort, which
        // keeps the words' order within a bucket): a language's sets are made without an array a word.
        var all: [UInt8] = []
        var found: [(bucket: Int, start: Int, end: Int)] = []
        found.reserveCapacity(words.count)
        for word in words where !word.isEmpty {
            let start = all.count
            if ignoresCase {
                for byte in word.utf8 { all.append(Self.lower(byte)) }
            } else {
                all.append(contentsOf: word.utf8)
            }
            found.append((Self.bucket(length: all.count - start, first: all[start]), start, all.count))
        }
        guard !found.isEmpty else {
            (bytes, starts, bucketStarts) = ([], [], [])
            return
        }
        var bucketStarts = [Int32](repeating: 0, count: Self.bucketCount + 1)
        for word in found { bucketStarts[word.bucket + 1] += 1 }
        for bucket in 0..<Self.bucketCount { bucketStarts[bucket + 1] += bucketStarts[bucket] }
        var order = [Int](repeating: 0, count: found.count)
        var next = bucketStarts
        for (index, word) in found.enumerated() {
            order[Int(next[word.bucket])] = index
            next[word.bucket] += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(all.count)
        var starts: [Int32] = []
        starts.reserveCapacity(found.count + 1)
        for index in order {
            starts.append(Int32(bytes.count))
            bytes.append(contentsOf: all[found[index].start..<found[index].end])
        }
        starts.append(Int32(bytes.count))
        (self.bytes, self.starts, self.bucketStarts) = (bytes, starts, bucketStarts)
    }

    static func bucket(length: Int, first: UInt8) -> Int { (length &* 37 &+ Int(first)) & (bucketCount - 1) }

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
