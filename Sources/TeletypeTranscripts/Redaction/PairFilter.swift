import CCmarkSupport

/// The buckets the redactor's scan sorts bytes into, sixteen at a time (see
/// `teletype_next_marked_pair`): each first byte of a marked pair goes to the bucket where it lets
/// the fewest unmarked pairs through with it, counted as the bucket's halves allow them.
enum PairFilter {
    /// A filter that lets through every pair marked in `pairs` (65,536 flags, `first << 8 | second`).
    static func make(_ pairs: [Bool]) -> teletype_pair_filter {
        // Each first byte's seconds, as the halves they are made of.
        struct Halves {
            var lowFirst: UInt16 = 0
            var highFirst: UInt16 = 0
            var lowSecond: UInt16 = 0
            var highSecond: UInt16 = 0
            /// How many pairs these halves let through.
            var passing: Int {
                lowFirst.nonzeroBitCount * highFirst.nonzeroBitCount * lowSecond.nonzeroBitCount
                    * highSecond.nonzeroBitCount
            }
            func adding(_ other: Halves) -> Halves {
                Halves(
                    lowFirst: lowFirst | other.lowFirst, highFirst: highFirst | other.highFirst,
                    lowSecond: lowSecond | other.lowSecond, highSecond: highSecond | other.highSecond)
            }
        }
        var firsts: [(byte: Int, seconds: Int, halves: Halves)] = []
        for first in 0..<256 {
            var halves = Halves(lowFirst: 1 << (first & 15), highFirst: 1 << (first >> 4))
            var seconds = 0
            for second in 0..<256 where pairs[first << 8 | second] {
                halves.lowSecond |= 1 << (second & 15)
                halves.highSecond |= 1 << (second >> 4)
                seconds += 1
            }
            if seconds > 0 { firsts.append((first, seconds, halves)) }
        }
        // The widest first (a one-byte literal, any second), each into the bucket it costs least in.
        firsts.sort { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.byte < $1.byte }
        var buckets = [Halves](repeating: Halves(), count: 8)
        for first in firsts {
            var best = 0
            var bestCost = Int.max
            for (index, bucket) in buckets.enumerated() {
                let cost = bucket.adding(first.halves).passing - bucket.passing
                if cost < bestCost {
                    best = index
                    bestCost = cost
                }
            }
            buckets[best] = buckets[best].adding(first.halves)
        }
        var filter = teletype_pair_filter()
        withUnsafeMutableBytes(of: &filter) { tables in
            for (index, bucket) in buckets.enumerated() {
                let bit = UInt8(1 << index)
                for half in 0..<16 {
                    if bucket.lowFirst & (1 << half) != 0 { tables[half] |= bit }
                    if bucket.highFirst & (1 << half) != 0 { tables[16 + half] |= bit }
                    if bucket.lowSecond & (1 << half) != 0 { tables[32 + half] |= bit }
                    if bucket.highSecond & (1 << half) != 0 { tables[48 + half] |= bit }
                }
            }
        }
        return filter
    }
}
