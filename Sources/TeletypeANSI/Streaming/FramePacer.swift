/// Decides when the live view draws its next frame: at most `maximumRate` frames a second, and
/// never so often that drawing takes more than `budget` of the time. A long open block (a code
/// listing, a table, a list still growing) costs more to lay out with every byte, so frames drawn at
/// a fixed rate would make streaming cost grow with the square of the reply; spacing them by their
/// own cost keeps it linear. Time comes from the caller.
public struct FramePacer: Sendable, Equatable {
    /// The most frames drawn in a second.
    public var maximumRate: Double
    /// The largest share of time spent drawing, between 0 and 1.
    public var budget: Double
    /// When the next frame may be drawn.
    public private(set) var nextFrame: Double = -.infinity

    /// A pacer allowing `maximumRate` frames a second and `budget` of the time for drawing them.
    public init(maximumRate: Double = 60, budget: Double = 0.25) {
        self.maximumRate = maximumRate
        self.budget = budget
    }

    /// Whether a frame is due at `time` (seconds, from any fixed origin).
    public func isDue(at time: Double) -> Bool { time >= nextFrame }

    /// Notes a frame drawn from `start` to `end`; the next one waits for the rate cap, and for long
    /// enough that drawing stays within the budget.
    public mutating func drew(from start: Double, to end: Double) {
        let cost = max(0, end - start)
        let idle = budget > 0 && budget < 1 ? cost * (1 - budget) / budget : 0
        nextFrame = max(start + 1 / maximumRate, end + idle)
    }

    /// The next frame is due at once (after a resize, say).
    public mutating func reset() { nextFrame = -.infinity }
}
