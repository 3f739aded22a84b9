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
    package var date: String { "\(year)-\(Self.two(month))-\(Self.two(day))" }

    /// `09:47`.
    package var clock: String { Self.two(hour) + ":" + Self.two(minute) }

    /// `2025-09-03 09:47`, as a prompt shows when it was written (the zone is in the header).
    package var dateAndClock: String { date + " " + clock }

    /// `09:47:05`.
    package var clockWithSeconds: String { clock + ":" + Self.two(second) }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Shows times in UTC from now on, in this process, whatever `TZ` says (`--utc`).
    package static func useUTC() {
        setenv("TZ", "UTC0", 1)
        tzset()
    }
}
