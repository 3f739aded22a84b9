/// Paces the reveal of received text, as the reference `StreamingMessageView` does: one grapheme
/// cluster per 5 ms tick (about 200 a second), faster when the backlog grows, so the reveal never
/// falls far behind; the rest at once when generation ends. Time comes from the caller.
public struct TypingPacer: Sendable {
    /// Seconds per tick.
    public var tick: Double
    /// The backlog, in ticks of steady pace, that catch-up aims to clear within.
    public var catchUpTicks: Int
    /// How many clusters are shown.
    public private(set) var shown = 0
    private var lastTime: Double?
    private var carry: Double = 0

    /// A pacer at the reference pace (5 ms a cluster), nothing shown yet.
    public init(tick: Double = 0.005, catchUpTicks: Int = 20) {
        self.tick = tick
        self.catchUpTicks = catchUpTicks
    }

    /// How many of `available` clusters show at `time` (seconds, from any fixed origin).
    public mutating func advance(to time: Double, available: Int) -> Int {
        defer { lastTime = time }
        guard let last = lastTime else {
            if available > 0 && shown == 0 { shown = 1 }
            return shown
        }
        let backlog = available - shown
        guard backlog > 0 else {
            carry = 0
            return shown
        }
        carry += max(0, time - last) / tick
        let ticks = Int(carry)
        carry -= Double(ticks)
        // Each tick reveals one cluster, or a share of the backlog when it has grown.
        let perTick = max(1, backlog / catchUpTicks)
        shown = min(available, shown + ticks * perTick)
        return shown
    }

    /// Generation ended: everything shows.
    public mutating func finish(available: Int) -> Int {
        shown = available
        return shown
    }
}
