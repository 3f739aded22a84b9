extension Double {
    /// This number as a whole `Int`, rounded toward zero and held to what an `Int` counts (NaN as
    /// 0): for numbers read from a file or a stream, where `Int(_:)` would stop the program at 1e300.
    package var clampedToInt: Int {
        guard !isNaN else { return 0 }
        if self >= 9.2e18 { return Int.max }
        if self <= -9.2e18 { return Int.min }
        return Int(self)
    }
}

extension Int {
    /// Adds `more`, held to what an `Int` counts instead of stopping the program: for totals of
    /// numbers read from files (a log of a thousand records of 9e15 tokens each is not a crash).
    package mutating func saturatingAdd(_ more: Int) {
        let (sum, overflow) = addingReportingOverflow(more)
        self = overflow ? (more > 0 ? .max : .min) : sum
    }
}
