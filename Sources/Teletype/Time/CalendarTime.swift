#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A moment as a calendar date and a clock time, where times are shown: in the local time zone
/// (`TZ` honoured, as the C library reads it), or in UTC.
package struct CalendarTime: Sendable, Equatable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// The zone's abbreviation (`UTC`, `CET`, `JST`, `-03`).
    package var zone: String

    /// `seconds` since 1970 in the local time zone, or in UTC when `utc`.
    package init(_ seconds: Double, utc: Bool = false) {
        let whole = seconds.isFinite && abs(seconds) < 1e13 ? Int(seconds.rounded(.down)) : 0
        var offset = 0
        var zone = "UTC"
        if !utc {
            var clock = time_t(whole)
            var local = tm()
            if localtime_r(&clock, &local) != nil {
                offset = Int(local.tm_gmtoff)
                if let name = local.tm_zone { zone = String(cString: name) }
            }
        }
        let total = whole + offset
        var days = total / 86_400
        var remainder = total % 86_400
        if remainder < 0 {
            remainder += 86_400
            days -= 1
        }
        // Days since 1970-01-01 to a civil date, proleptic Gregorian (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = remainder / 3600
        minute = remainder % 3600 / 60
        second = remainder % 60
        self.zone = zone
    }

    /// `2025-09-03`.
    package var date: String {
        guard (1000...9999).contains(year) else { return "\(year)-\(Self.two(month))-\(Self.two(day))" }
        return Self.digits([(year, 4), (month, 2), (day, 2)], between: UInt8(ascii: "-"))
    }

    /// `09:47`.
    package var clock: String { Self.digits([(hour, 2), (minute, 2)], between: UInt8(ascii: ":")) }

    /// `2025-09-03 09:47`, as a prompt shows when it was written (the zone is in the header).
    package var dateAndClock: String {
        guard (1000...9999).contains(year) else { return date + " " + clock }
        // Written in one go: every prompt of a page and of its list shows one.
        return String(unsafeUninitializedCapacity: 16) { buffer in
            var index = 0
            func put(_ value: Int, _ count: Int, after separator: UInt8?) {
                if let separator {
                    buffer[index] = separator
                    index += 1
                }
                var value = value
                for offset in stride(from: count - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                index += count
            }
            put(year, 4, after: nil)
            put(month, 2, after: UInt8(ascii: "-"))
            put(day, 2, after: UInt8(ascii: "-"))
            put(hour, 2, after: UInt8(ascii: " "))
            put(minute, 2, after: UInt8(ascii: ":"))
            return index
        }
    }

    /// `09:47:05`.
    package var clockWithSeconds: String {
        Self.digits([(hour, 2), (minute, 2), (second, 2)], between: UInt8(ascii: ":"))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Numbers of a fixed count of digits each (0 to 9999), `separator` between them, written as
    /// bytes: every message of a page shows its time, and interpolating each part cost thousands
    /// of instructions.
    @inline(__always)
    private static func digits(_ parts: [(value: Int, count: Int)], between separator: UInt8) -> String {
        let length = parts.reduce(parts.count - 1) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for (position, part) in parts.enumerated() {
                if position > 0 {
                    buffer[index] = separator
                    index += 1
                }
                var value = part.value
                for offset in stride(from: part.count - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                index += part.count
            }
            return index
        }
    }

    /// Shows times in UTC from now on, in this process, whatever `TZ` says (`--utc`).
    package static func useUTC() {
        setenv("TZ", "UTC0", 1)
        tzset()
    }
}
