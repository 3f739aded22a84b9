import Foundation
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// A log's ISO 8601 dates read in place give the seconds Foundation's formatter wrote: random
/// dates from 1900 to 2200, with and without milliseconds, in UTC (`Z`) and at offsets written
/// `+05:30` and `-0800`; a date without a zone reads as UTC; text that is no date is none.
@Suite struct ISODateTests {
    @Test(arguments: [1, 2])
    func datesReadAsFoundationWroteThem(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let formatter = ISO8601DateFormatter()
        for _ in 0..<2_000 {
            let millis = Bool.random(using: &random) ? Int.random(in: 0..<1000, using: &random) : 0
            let instant =
                Double(Int.random(in: -2_208_988_800...7_258_118_400, using: &random)) + Double(millis) / 1000
            let offset =
                Int.random(in: -12...14, using: &random) * 3600 + [0, 1800, 2700].randomElement(using: &random)!
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            var options: ISO8601DateFormatter.Options = [
                .withFullDate, .withFullTime, .withDashSeparatorInDate, .withColonSeparatorInTime,
            ]
            if millis > 0 { options.insert(.withFractionalSeconds) }
            if Bool.random(using: &random) { options.insert(.withColonSeparatorInTimeZone) }
            formatter.formatOptions = options
            let text = formatter.string(from: Date(timeIntervalSince1970: instant))
            let read = try #require(ISODate.seconds(text), "\(text)")
            #expect(abs(read - instant) < 0.000_5, "\(text)")
        }
        #expect(ISODate.seconds("2026-07-09T10:00:16") == ISODate.seconds("2026-07-09T10:00:16Z"))
        #expect(ISODate.seconds("2026-07-09T10:00:16-0800") == ISODate.seconds("2026-07-09T18:00:16Z"))
        #expect(ISODate.seconds("2026-07-09T10:00:16.5+05:30") == ISODate.seconds("2026-07-09T04:30:16.5Z"))
        #expect(ISODate.seconds("not a date") == nil)
        #expect(ISODate.seconds("2026-07-09") == nil)
        #expect(ISODate.seconds("") == nil)
    }
}
