import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs independent pieces of work on every core and gathers their results in order. Used for large
/// documents only; small inputs run inline.
package enum ParallelWork {
    /// The results of `body(0..<count)`, computed concurrently.
    package static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        if count <= 1 { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared[index] = body(index)
        }
        return slots.map { $0! }
    }
}

extension ParallelWork {
    /// The number of cores work is spread over, read once.
    package static let cores: Int = ActiveProcessors.count()

    /// `0..<count` cut into about `pieces` consecutive ranges of at least `minimum` elements each
    /// (one range when there is too little to share).
    package static func ranges(_ count: Int, pieces: Int = 2 * cores, minimum: Int) -> [Range<Int>] {
        let pieces = max(1, min(pieces, count / max(minimum, 1)))
        return (0..<pieces).map { count * $0 / pieces..<count * ($0 + 1) / pieces }
    }
}
