import Teletype

/// Where times are shown: in the local time zone (`TZ` honoured, else the system's), the
/// default; or in UTC with `--utc`, taken with any command as `--graphemes` is.
package enum TimeZoneSetting {
    /// Takes `--utc` out of `arguments` (up to a `--`) and, when it was there, shows times in UTC.
    package static func apply(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains("--utc") else { return arguments }
        CalendarTime.useUTC()
        return arguments[..<end].filter { $0 != "--utc" } + arguments[end...]
    }
}
