import TeletypeTestSupport
import Testing

@testable import Teletype

/// A time's date and clock written as bytes read as the numbers interpolated: on moments from
/// before year 1000 to past 9999, in UTC and in the local zone.
@Suite struct CalendarTimeTextTests {
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test(arguments: [1, 2, 3])
    func theTextIsTheNumbersInterpolated(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -70_000_000_000...300_000_000_000, using: &random))
            for utc in [true, false] {
                let time = CalendarTime(seconds, utc: utc)
                let date = "\(time.year)-\(Self.two(time.month))-\(Self.two(time.day))"
                let clock = Self.two(time.hour) + ":" + Self.two(time.minute)
                #expect(time.date == date)
                #expect(time.clock == clock)
                #expect(time.clockWithSeconds == clock + ":" + Self.two(time.second))
                #expect(time.dateAndClock == date + " " + clock)
            }
        }
    }
}
